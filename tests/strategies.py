"""Hypothesis strategies for random boards (the implementation lives in proofs.strategies, used by `prove` too)."""

from __future__ import annotations

from proofs.strategies import (
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
