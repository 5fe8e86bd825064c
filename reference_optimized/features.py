"""Which bookkeeping a board gets: the incremental one, unless the board has a feature whose reads
it does not track, checked feature by feature (never by searching a printed board)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from reference.model import Board
from reference.resolver import Resolution
from reference.resolver import resolve as layer_loop
from reference.versions import RulesVersion

from .bookkeeping import Incremental

# Filter keys and value expressions that read what the bookkeeping does not follow from step to step:
# another object than the one tested (109.4's chosen object, 700.5 devotion, a shared creature type),
# counters (122), an exile link (406.6, 607.2a) or the graveyard's order (404.2).
UNTRACKED_KEYS: Mapping[str, str] = {
    "is_it": "a filter naming a chosen object (is_it)",
    "shares_creature_type_with": "a filter comparing with another object's creature types",
    "devotion": "a devotion value (700.5)",
    "counters": "a value counting counters (122)",
    "source_counters": "a value counting the source's counters (122)",
    "has_counter": "a filter on the counters an object has (122)",
    "total": "a total of other objects' values",
    "exiled_with_source": "a filter on cards exiled with the source (607.2a)",
    "top_of_graveyard": "a filter on the top card of a graveyard (404.2)",
}
# Operations that read abilities (613.1f) or the full text (612.6) off other objects.
UNTRACKED_OPS: Mapping[str, str] = {
    "add_activated_abilities_of": "abilities read off other objects (613.1f)",
    "full_text_of": "full text read off other objects (612.6)",
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
    """The board's features that the incremental bookkeeping does not track (none: it may be used)."""
    found: set[str] = set()
    if board.entering is not None:
        found.add("an object looked at as it would enter (614.12)")
    if any(o.stickers for o in board.objects.values()):
        found.add("stickers (123), whose effects apply in every public zone")
    definitions = list(board.abilities.values())
    if any(d.condition is not None for d in definitions):
        found.add("a condition on a static ability (611.3a)")
    parts = [p for d in definitions for p in d.parts] + [p for e in board.effects for p in e.parts]
    read = [d.applies_to for d in definitions] + [p.args for p in parts]
    found.update(UNTRACKED_KEYS[k] for k in _keys(read) if k in UNTRACKED_KEYS)
    found.update(UNTRACKED_OPS[p.op] for p in parts if p.op in UNTRACKED_OPS)
    return tuple(sorted(found))


def resolve(board: Board, version: RulesVersion) -> Resolution:
    """613.1-613.8: the one layer loop, with the incremental bookkeeping where the board allows it."""
    if untracked_features(board):
        return layer_loop(board, version)
    return layer_loop(board, version, Incremental)
