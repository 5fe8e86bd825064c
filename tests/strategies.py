"""Hypothesis strategies for random boards (the implementation lives in mtg_layers.generate, used by `prove` too)."""

from __future__ import annotations

from mtg_layers.generate import (
    COLORS,
    KEYWORDS,
    PLAYERS,
    SUBTYPES,
    TYPES,
    VERSIONS,
    board_data,
    board_from_data,
    boards,
    filters,
    parts,
    values,
    versions,
)

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
    "filters",
    "parts",
    "values",
    "versions",
]
