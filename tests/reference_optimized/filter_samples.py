"""Filters to try the fast path's filter tests with: every filter a corpus board holds, and every filter key
alone on the corpus's largest board, with values some object matches and some none does (611.3a)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reference.case import board_at, initial_board
from reference.filters import FILTER_KEYS
from reference.frozen import freeze
from reference.model import Board, State
from reference.resolver import initial_state
from reference.versions import builtin_versions

SAMPLE = {
    "all": (freeze({"type": "artifact"}), freeze({})),
    "any": (freeze({"type": "creature"}), freeze({"type": "artifact"})),
    "not": freeze({"type": "creature"}),
    "ids": ("stone", "nothing"),
    "mana_value": freeze({"op": "<=", "value": 3}),
    "controller": "opponent",
    "owner": "you",
    "shares_creature_type_with": "source",
}


def _filters(data: Any) -> Iterator[Mapping[str, Any]]:
    """Every mapping under a key naming a filter, anywhere in a board's effects and abilities."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key in ("applies_to", "from", "count", "filter") and isinstance(value, Mapping):
                yield value
            yield from _filters(value)
    elif isinstance(data, tuple | list):
        for v in data:
            yield from _filters(v)


def board_filters(board: Board) -> list[Mapping[str, Any]]:
    """Every filter of a board: its effects' and abilities' targets and the filters inside their parts."""
    found = [*_filters([e.applies_to for e in board.effects]), *_filters([e.parts for e in board.effects])]
    for d in board.abilities.values():
        found += [*_filters(d.applies_to), *_filters(d.parts)]
        if isinstance(d.applies_to, Mapping):
            found.append(d.applies_to)
    found += [e.applies_to for e in board.effects if isinstance(e.applies_to, Mapping)]
    return found


@dataclass(frozen=True)
class KeySamples:
    """The corpus's largest board at its first step, its starting state, its first object, and the values to
    try each filter key with (``wants[key]``)."""

    board: Board
    state: State
    first: str
    wants: Mapping[str, tuple[Any, ...]]


def key_samples(cases: Sequence[Any]) -> KeySamples:
    """Every filter key with values to try, on the corpus's largest board."""
    case = max(cases, key=lambda c: len(initial_board(c).objects))
    board = board_at(case, 1, builtin_versions()[case.versions[0]])
    state = initial_state(board)
    first = sorted(board.objects)[0]
    named: dict[str, tuple[Any, ...]] = {
        "id": (first, "nothing"),
        "ids": ((first, "nothing"), ("nothing",)),
        "name": (state[first].name, "Nothing"),
        "shares_creature_type_with": ("source", "it"),
    }
    wants = {
        key: named.get(key) or ((SAMPLE[key],) if key in SAMPLE else ("stone", True, False)) for key in FILTER_KEYS
    }
    return KeySamples(board, state, first, wants)
