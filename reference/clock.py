"""Timestamps the rules assign as the game goes on (613.7b-f): derived from a case's events.

A case narrates events: an object enters, a spell resolves, counters are put on a permanent,
an Aura or Equipment becomes attached, a permanent is turned face up or face down. Each of
them gives something a timestamp at the moment it happens (613.7b-f). A case may leave that
timestamp out: the step then takes it from this clock, which always reads a time later than
every timestamp on the board, so the new timestamp is the newest (613.7). An explicit
timestamp in the case overrides the clock.

Within a step the events happen in the order the step's changes apply (reference.case), and
within one change in list order (``add_objects``, ``add_effects``) or in the order of the
object ids (mappings such as ``attach``); each event gets its own, later, timestamp. Events
the rules treat as simultaneous (613.7m) are written with explicit, equal timestamps.

Hook for other events that give a new timestamp (613.7g transform): call ``Clock.tick`` in the
step's order. A sticker put on an object ticks the clock (613.7k, ``reference.case.stamped``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from .model import Board, Counter, Timestamp

# The mark of a timestamp the case leaves to the rules: replaced by the clock as the step applies.
BY_RULES: Timestamp = math.inf


def by_rules(ts: Timestamp) -> bool:
    """True when the case gives no timestamp here and the rules assign it (613.7)."""
    return ts == BY_RULES


def board_timestamps(board: Board) -> Iterable[Timestamp]:
    """613.7: every timestamp on the board (objects, their counters and turns, resolved effects)."""
    for o in board.objects.values():
        yield o.timestamp
        yield from (c.timestamp for c in o.counters)
        yield from (ts for ts, _ in o.face_history)
        yield from (ts for ts, _ in o.transform_history)  # 613.7g
        yield from (m.timestamp for m in o.merges)  # 721.2a: a merge's copiable effect
        yield from (s.timestamp for s in o.stickers)  # 613.7k
    yield from (e.timestamp for e in board.effects)


class Clock:
    """The game's clock during one step: each event that gets a timestamp gets a later one (613.7)."""

    def __init__(self, board: Board) -> None:
        """613.7: the game's time as the step begins, the newest timestamp on the board (rounded down)."""
        known = [t for t in board_timestamps(board) if not by_rules(t)]
        self.now: Timestamp = math.floor(max(known, default=0))

    def tick(self) -> Timestamp:
        """613.7: the timestamp of the event happening now, later than every earlier one."""
        self.now += 1
        return self.now

    def see(self, ts: Timestamp) -> None:
        """613.7: an explicit timestamp given in the step; events after it get later timestamps still."""
        if not by_rules(ts) and ts > self.now:
            self.now = math.floor(ts)


def placed_counters(old: tuple[Counter, ...], new: tuple[Counter, ...], clock: Clock) -> tuple[Counter, ...]:
    """613.7c: counters put on an object get the timestamp of that moment; those already there keep theirs.

    ``new`` is the object's counters after the change; an entry the case left without a
    timestamp gets, when its kind now counts more counters than before, a new timestamp (one
    per kind), else the timestamp the kind's counters had.
    """
    totals_old: dict[str, int] = {}
    newest_old: dict[str, Timestamp] = {}
    for c in old:
        totals_old[c.kind] = totals_old.get(c.kind, 0) + c.count
        newest_old[c.kind] = max(newest_old.get(c.kind, -math.inf), c.timestamp)
    totals_new: dict[str, int] = {}
    for c in new:
        totals_new[c.kind] = totals_new.get(c.kind, 0) + c.count
    stamp: dict[str, Timestamp] = {}
    out = []
    for c in new:
        if not by_rules(c.timestamp):
            out.append(c)
            continue
        if c.kind not in stamp:
            placed = totals_new[c.kind] > totals_old.get(c.kind, 0) or c.kind not in newest_old
            stamp[c.kind] = clock.tick() if placed else newest_old[c.kind]
        out.append(Counter(c.kind, c.count, stamp[c.kind]))
    return tuple(out)
