"""The bookkeeping every board gets: the incremental one, for every feature the boards have.

Conditions (611.3a), values read off other objects (counters, devotion, "it", a shared creature
type), abilities or text read off other objects (613.1f, 612.6) and an object looked at as it
enters (614.12) are tracked by ``bookkeeping.Incremental`` itself, with what each reads
(``reads``). Where a shortcut cannot tell whether one effect depends on another, the bookkeeping runs
the readable test for that pair alone. Three features came after that work and are not followed yet
(``untracked_features``): a board with stickers, a filter on counters (``has_counter``) or a total of
other objects' values goes to the readable bookkeeping whole.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from reference.model import Board
from reference.resolver import Resolution
from reference.resolver import resolve as layer_loop
from reference.versions import RulesVersion

from .bookkeeping import Incremental

# Filter keys and value expressions the bookkeeping does not follow from step to step yet: counters an
# object has asked by a filter (122), totals of other objects' values.
UNTRACKED_KEYS: Mapping[str, str] = {
    "has_counter": "a filter on the counters an object has (122)",
    "total": "a total of other objects' values",
}


def _keys(value: Any) -> Iterator[str]:
    """Every mapping key in a filter, a value expression or an operation's arguments, at any depth."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _keys(inner)


def untracked_features(board: Board) -> tuple[str, ...]:
    """The board's features that the incremental bookkeeping does not track (none: it is used)."""
    found: set[str] = set()
    if any(o.stickers for o in board.objects.values()):
        found.add("stickers (123), whose effects apply in every public zone")
    definitions = list(board.abilities.values())
    parts = [p for d in definitions for p in d.parts] + [p for e in board.effects for p in e.parts]
    read = [d.applies_to for d in definitions] + [d.condition for d in definitions] + [p.args for p in parts]
    found.update(UNTRACKED_KEYS[k] for k in _keys(read) if k in UNTRACKED_KEYS)
    return tuple(sorted(found))


def resolve(board: Board, version: RulesVersion) -> Resolution:
    """613.1-613.8: the one layer loop, with the incremental bookkeeping where the board allows it."""
    if untracked_features(board):
        return layer_loop(board, version)
    return layer_loop(board, version, Incremental)
