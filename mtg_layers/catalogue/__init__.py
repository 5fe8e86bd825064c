"""The card catalogue (issue 30): one entry per card face, and asking by card names.

* ``load``: the catalogue file read, checked against ``corpus/schema/catalogue.schema.json``, and looked up
  by English or French name (with "did you mean" from difflib);
* ``ask``: a list of card names in the order they entered, in a short syntax, built into a case;
* ``cli``: the ``mtg-layers ask`` command;
* ``harvest``: the catalogue's starting point, harvested from the corpus's cases.
"""
