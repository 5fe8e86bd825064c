"""Timestamp order within a layer or sublayer (613.7) and the ties it leaves.

Effects apply in timestamp order (613.7). When several effects that could apply next
have the same timestamp, the rules sometimes decide (613.7a's relative order of an
object's own and granted abilities, 613.7n's own static ability before a resolving
effect), sometimes leave it to a player (613.7m: objects that get their timestamps at
once are ordered by the active player, then each other player, each choosing the order
of their own), and sometimes say nothing. Nothing here ever orders effects by their ids:
a tie that neither the rules nor a recorded choice decides is reported as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .effects import ContinuousEffect
from .model import Board, Timestamp
from .versions import RulesVersion

NO_GRANT = float("-inf")


def rank(e: ContinuousEffect, version: RulesVersion, cda_first: bool) -> tuple[int, Timestamp, Timestamp]:
    """613.3, 613.7: CDA first where the version asks it, then timestamp, then 613.7a's relative order.

    613.7a (from the 2023-11-17 profile): between equal timestamps, the effects of an object's own
    static abilities come before those of abilities granted to it, and granted ones keep the order
    of their grants. Before that sentence the rules left such effects tied.
    """
    grant = e.tiebreak if version.granted_keeps_relative_order else NO_GRANT
    return (0 if (cda_first and e.origin == "cda") else 1, e.timestamp, grant)


def holder(e: ContinuousEffect) -> str:
    """613.7a-d: what gave the effect its timestamp: its source object for a static ability or a
    face-down status (613.7d, 613.7f), else the effect itself (613.7b resolved, 613.7c counters)."""
    if e.origin in ("static", "cda") and e.source is not None:
        return e.source
    if e.key.startswith("face-down:") and e.targets:
        return e.targets[0]
    return e.key


def must_precede(a: ContinuousEffect, b: ContinuousEffect, version: RulesVersion) -> bool:
    """613.7n: an object's own static ability goes before a resolving effect that applies to it."""
    return (
        version.own_static_before_resolving
        and a.origin in ("static", "cda")
        and b.origin == "resolved"
        and a.source is not None
        and a.source in (b.targets or ())
        and a.tiebreak == NO_GRANT
    )


@dataclass(frozen=True)
class Tie:
    """Effects that could apply next with the same timestamp, and what decided between them."""

    slot: str
    effects: tuple[str, ...]  # every effect with the earliest rank
    candidates: tuple[str, ...]  # those the rules allow first (613.7n removes some)
    holders: tuple[str, ...]  # what each candidate's timestamp belongs to (objects or effects)
    decided_by: str | None  # "613.7n" | "choice" | None: not decided
    player: str | None  # 613.7m: the player whose choice it is, when it is a player's choice
    chosen: str | None  # the effect applied first

    @property
    def decided(self) -> bool:
        """613.7m, 613.7n: the order was settled, by the rules (613.7n) or by a player's recorded choice (613.7m)."""
        return self.decided_by is not None

    def describe(self) -> str:
        """613.7m, 613.7n: in words, which rule or whose choice puts which effect first, or that nothing does."""
        between = " and ".join(self.candidates)
        if self.decided_by == "choice":
            return f"{self.player or 'a player'} chose {self.chosen} first among {between} (613.7m)"
        if self.decided_by is not None:
            return f"{self.chosen} first among {', '.join(self.effects)} ({self.decided_by})"
        if self.player is not None:
            return f"depends on {self.player}'s choice between {between} (613.7m)"
        return f"not decided by the rules: {between} have the same timestamp"


def _player(tied: Sequence[ContinuousEffect], board: Board, controllers: dict[str, str]) -> str | None:
    """613.7m: the player who orders these timestamps, when they belong to objects; None otherwise."""
    holders = [holder(e) for e in tied]
    if len(set(holders)) != len(holders) or not all(h in board.objects for h in holders):
        return None  # two abilities of one object, or an effect's own timestamp: no rule orders them
    players = {controllers.get(h, board.objects[h].owner) for h in holders}
    return players.pop() if len(players) == 1 else "the active player (APNAP)"


def choose(
    tied: Sequence[ContinuousEffect],
    slot: str,
    board: Board,
    version: RulesVersion,
    controllers: dict[str, str],
) -> tuple[ContinuousEffect, Tie | None]:
    """613.7a, 613.7m, 613.7n: the effect that applies first among effects with the same rank.

    The rules decide where they can (613.7n); else the order a player chose, recorded on the
    board (``Board.tie_order``: object or effect ids, earliest first); else the tie is reported
    as undecided. The resolver must still go on: it applies the first candidate in the order
    the effects were listed, which is not an answer; ``reference.choices`` enumerates every
    choice and reports the outcomes.
    """
    if len(tied) == 1:
        return tied[0], None
    keys = tuple(e.key for e in tied)
    candidates = [e for e in tied if not any(must_precede(o, e, version) for o in tied if o is not e)]
    player = _player(candidates, board, controllers)
    holders = tuple(holder(e) for e in candidates)
    if len(candidates) == 1:
        pick = candidates[0]
        return pick, Tie(slot, keys, (pick.key,), holders, "613.7n", None, pick.key)
    order = {x: i for i, x in enumerate(board.tie_order)}
    big = len(board.tie_order)  # past every recorded position (a key may be recorded twice)

    def position(e: ContinuousEffect) -> tuple[int, int]:
        # where the record first names the effect (by its object or by itself), then where it names the effect
        own = order.get(e.key, big)
        return (min(order.get(holder(e), big), own), own)

    def recorded(e: ContinuousEffect) -> bool:
        return holder(e) in order or e.key in order

    ranked = sorted(candidates, key=position)
    best = position(ranked[0])
    # 613.7m: the recorded choice decides only between effects it names (by object or by effect);
    # one it does not name could still come first: that choice was never made.
    if all(recorded(e) for e in candidates) and position(ranked[1]) != best:
        pick = ranked[0]
        cands = tuple(e.key for e in candidates)
        return pick, Tie(slot, keys, cands, holders, "choice", player, pick.key)
    undecided = [e for e in candidates if position(e) == best or not recorded(e)]
    pick = undecided[0]
    cands = tuple(e.key for e in undecided)
    return pick, Tie(slot, keys, cands, tuple(holder(e) for e in undecided), None, player, pick.key)
