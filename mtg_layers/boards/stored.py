"""The boards ``mtg-layers prove`` checks its "no counterexample in N boards" theorems on.

They were drawn once by Hypothesis (``python -m mtg_layers.boards.property_boards`` draws them again)
and are stored as corpus-format data in ``mtg_layers/data/prove-boards.json``, so the
theorem table does not change when a library is upgraded.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

from reference.model import Board

FILE = "prove-boards.json"


def stored_data() -> list[dict[str, Any]]:
    """Every stored board as ``{"version": id, "board": corpus-format data}``."""
    text = resources.files("mtg_layers.data").joinpath(FILE).read_text("utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("boards"), list):
        raise ValueError(f"mtg_layers/data/{FILE}: expected an object with a 'boards' list")
    return list(data["boards"])


def stored_boards(n: int) -> Iterator[tuple[Board, str]]:
    """The first ``n`` stored boards, each with its rules version."""
    from reference.case import board_at
    from reference.versions import builtin_versions

    from ..corpus import case_from_data

    items = stored_data()
    if n > len(items):
        raise ValueError(f"only {len(items)} stored boards (mtg_layers/data/{FILE}); asked for {n}")
    versions = builtin_versions()
    for k, item in enumerate(items[:n], 1):
        case = case_from_data(resolving_in_first_step(item["board"]), f"mtg_layers/data/{FILE} board {k}")
        yield board_at(case, 1, versions[str(item["version"])]), str(item["version"])


def resolving_in_first_step(data: dict[str, Any]) -> dict[str, Any]:
    """611.2d: a stored resolved effect with an X (drawn before 2026-12-04) resolves in the first step, X fixed then.

    A starting board's resolved effects hold numbers (the loader refuses an expression there); such an
    effect keeps its timestamp and resolves on the board it was stored with.
    """
    reads = [e for e in data.get("effects", ()) if open_amounts(e)]
    if not reads:
        return data
    first = {**data["steps"][0], "add_effects": [*data["steps"][0].get("add_effects", ()), *reads]}
    kept = [e for e in data["effects"] if not open_amounts(e)]
    return {**data, "effects": kept, "steps": [first, *data["steps"][1:]]}


def open_amounts(effect: dict[str, Any]) -> bool:
    """611.2d: the effect's power or toughness is an expression still to be fixed."""
    return any(
        p.get("op") in ("set_pt", "modify_pt") and any(isinstance(p.get(k), dict) for k in ("power", "toughness"))
        for p in effect.get("parts", ())
    )
