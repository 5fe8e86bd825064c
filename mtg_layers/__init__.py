"""The tools around the rules: the ``mtg-layers`` CLI and everything at the edges.

Corpus loading (YAML, JSON Schema, meaning checks), verify, explain and render, diff,
coverage, export, docs generation, generated boards, the cross-check driver that sets
the resolver against the z3 encoding, the adapter and the conformance runner
(``mtg_layers.conformance``).

It may import ``reference`` (the rules), ``proofs`` (the encoding) and third-party
packages; neither of those packages imports it (tested in tests/test_layout.py).
"""

from reference import __version__

__all__ = ["__version__"]
