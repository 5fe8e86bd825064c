"""Conformance: run another engine over the corpus through an adapter and report how it agrees.

The protocol (``protocol``), the processes that speak it (``transport``), the known-failures
file (``expectations``), the runner (``runner``) and the reports (``reports``).
See docs/conformance.md for the protocol page.

It may import the rest of ``mtg_layers`` (corpus loading, results), ``reference`` and
third-party packages; nothing outside the tools imports it.
"""

from .protocol import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
