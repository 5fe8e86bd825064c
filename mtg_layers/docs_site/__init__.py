"""The documentation site: generated pages, rule pages, the mkdocs hooks, the playground, the adapter transcript.

* ``generated_pages``: a page per case, the corpus index, the cards page, the schema pages and
  the generated fragments (``mtg-layers docs``);
* ``rule_pages``: the rules in the project's own words, and rule numbers made links;
* ``mkdocs_hooks``: the hooks ``mkdocs.yml`` names (rule links, the playground's runtime);
* ``playground``: what the playground page runs in the browser, under Pyodide;
* ``transcript``: a real adapter session for the conformance page;
* ``rulings_page``: the official rulings' coverage page, from the list in ``corpus/rulings/``.

It may import the other packages of the tools, ``reference`` and third-party packages; no other
package of the tools imports it (the CLI's ``docs`` command does). ``playground`` imports, at
module level, only the standard library, PyYAML, ``reference`` and modules that do the same.
"""
