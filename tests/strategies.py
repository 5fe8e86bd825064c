"""Hypothesis strategies for random boards (implemented in mtg_layers.boards.property_boards, used by `prove` too)."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from mtg_layers.boards import property_boards
from mtg_layers.boards.property_boards import SUBTYPES, VERSIONS, board_data, filters, parts, values, versions
from mtg_layers.boards.vocabulary import COLORS, KEYWORDS, PLAYERS, TYPES
from reference.model import Board
from tests.schema_parts import checked_by_parts

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


def board_from_data(data: Any) -> Board:
    """``property_boards.board_from_data``, its JSON Schema pass made part by part (the same problems, each distinct
    part of the generated boards checked once per run: tests/schema_parts.py)."""
    with checked_by_parts():
        return property_boards.board_from_data(data)


@cache
def boards(max_objects: int = 3, max_effects: int = 3, max_abilities: int = 3) -> st.SearchStrategy[Board]:
    """``property_boards.boards``: the same boards, each built by ``board_from_data`` above."""
    return board_data(max_objects, max_effects, max_abilities).map(board_from_data)


def examples(n: int) -> int:
    """A property test's own number of examples, capped by the loaded profile's (the mutation profile's 10)."""
    return min(n, settings().max_examples)


def ci_examples(n: int) -> int:
    """A property test's examples under the CI profile (``n``: a few seconds); any other profile keeps its own count
    (the long profile's, by hand; the mutation profile's 10)."""
    return n if settings.get_current_profile_name() == "ci" else settings().max_examples
