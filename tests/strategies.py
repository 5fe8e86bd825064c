"""Hypothesis strategies for random boards (implemented in mtg_layers.boards.property_boards, used by `prove` too)."""

from __future__ import annotations

from hypothesis import settings

from mtg_layers.boards.property_boards import (
    SUBTYPES,
    VERSIONS,
    board_data,
    board_from_data,
    boards,
    filters,
    parts,
    values,
    versions,
)
from mtg_layers.boards.vocabulary import COLORS, KEYWORDS, PLAYERS, TYPES

__all__ = [
    "COLORS",
    "KEYWORDS",
    "PLAYERS",
    "SUBTYPES",
    "TYPES",
    "VERSIONS",
    "board_data",
    "board_from_data",
    "boards",
    "examples",
    "filters",
    "parts",
    "values",
    "versions",
]


def examples(n: int) -> int:
    """A property test's own number of examples, capped by the loaded profile's (the mutation profile's 10)."""
    return min(n, settings().max_examples)


def ci_examples(n: int) -> int:
    """A property test's examples under the CI profile (``n``: a few seconds); any other profile keeps its own count
    (the long profile's, by hand; the mutation profile's 10)."""
    return n if settings.get_current_profile_name() == "ci" else settings().max_examples
