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

    from ..corpus import case_from_data

    items = stored_data()
    if n > len(items):
        raise ValueError(f"only {len(items)} stored boards (mtg_layers/data/{FILE}); asked for {n}")
    for k, item in enumerate(items[:n], 1):
        case = case_from_data(item["board"], f"mtg_layers/data/{FILE} board {k}")
        yield board_at(case, 1), str(item["version"])
