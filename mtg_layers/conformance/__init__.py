"""Conformance: run another engine over the corpus through an adapter and report how it agrees.

The protocol (``protocol``), the processes that speak it (``transport``), the known-failures
file (``expectations``), the runner (``runner``), the reports (``reports``), the
``conformance`` command (``cli``), fuzzing an engine with generated boards (``fuzz``,
``fuzz_cli``; with boards of real cards, ``real_card_fuzz``), the corpus published as one JSON bundle for
engines (``export``), the phase.rs engine's adapter (``phase_adapter``) and the Engines measured page
(``engines_page``).
See docs/conformance.md for the protocol page.

It may import the rest of ``mtg_layers`` but ``docs_site`` (corpus loading, results, coverage, the
board generators, the CLI's shared pieces), ``reference`` and third-party packages; nothing
outside the tools imports it.
"""

from .protocol import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
