"""Small builders for unit tests: a board from plain dicts, resolved under a version."""

from __future__ import annotations

from typing import Any

from mtg_layers.corpus import case_from_data
from mtg_layers.results import board_result
from reference.case import board_at
from reference.model import Board
from reference.resolver import Resolution, resolve
from reference.versions import get_version


def make_board(
    objects: list[dict[str, Any]],
    effects: list[dict[str, Any]] | None = None,
    abilities: list[dict[str, Any]] | None = None,
) -> Board:
    """A board through the real loader (schema and meaning checks included)."""
    data = {
        "id": "unit",
        "title": "unit test board",
        "versions": ["pre-m10", "m10", "ikoria"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "abilities": abilities or [],
        "objects": objects,
        "effects": effects or [],
        "steps": [{"description": "board", "expect": {"pre-m10": {}, "m10": {}, "ikoria": {}}}],
    }
    return board_at(case_from_data(data, "unit"), 1)


def run(board: Board, version: str = "ikoria") -> tuple[Resolution, dict[str, dict[str, Any]]]:
    """Resolve a board; return the resolution and its JSON-ready result."""
    resolution = resolve(board, get_version(version))
    return resolution, board_result(board, resolution.final)


def creature(oid: str, ts: float, power: int = 2, toughness: int = 2, **extra: Any) -> dict[str, Any]:
    """A plain creature object."""
    base: dict[str, Any] = {
        "id": oid,
        "name": oid.title(),
        "timestamp": ts,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        "controller": "p1",
    }
    base.update(extra)
    return base


def loop_waiting_for_a_later_effect() -> Board:
    """613.8b: A and B set power and toughness from each other (a loop); A also reads the toughness C sets.

    By the rules C applies first, then A, then B: 5/5; timestamp order alone gives 3/5.
    """
    return make_board(
        [creature("bear", 1, power=2, toughness=3)],
        [
            {
                "id": "a",
                "timestamp": 2,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "power": {"its": "toughness"}}],
            },
            {
                "id": "b",
                "timestamp": 3,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "toughness": {"its": "power"}}],
            },
            {"id": "c", "timestamp": 4, "applies_to": ["bear"], "parts": [{"op": "set_pt", "toughness": 5}]},
        ],
    )
