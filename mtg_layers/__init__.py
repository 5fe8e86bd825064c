"""The tools around the rules: the ``mtg-layers`` CLI and everything at the edges, grouped by job.

* ``corpus``: loading cases in stages (read, schema, meaning checks, build), authoring hints,
  a board written back as a case, a user's rules profile read from a file;
* ``checking``: results and verify, the z3 cross-check driver, the theorems of ``prove``, the
  named misreadings and the mutation campaign;
* ``boards``: the board generators (property tests, ``prove``'s stored boards, the fuzzer);
* ``analysis``: the trace in words, terminal tables, version diffs, coverage;
* ``docs_site``: the documentation site's generated pages, rule pages, mkdocs hooks, playground;
* ``conformance``: the conformance runner, fuzzing an engine, the corpus exported as JSON;
* ``cli`` and ``cli_support``: the ``mtg-layers`` command; ``adapter``: the reference resolver
  as a conformance adapter (``python -m mtg_layers.adapter``); ``paths``: where the corpus lives.

It may import ``reference`` (the rules), ``proofs`` (the encoding) and third-party
packages; neither of those packages imports it (tested in tests/test_layout.py).
"""

from reference import __version__

__all__ = ["__version__"]
