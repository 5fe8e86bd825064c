"""Timestamp order within a layer or sublayer (613.7) and the ties it leaves.

Effects apply in timestamp order (613.7). When several effects that could apply next
have the same timestamp, the rules sometimes decide (613.7a's relative order of an
object's own and granted abilities, 613.7n's own static ability before a resolving
effect, 613.7m's APNAP order between players), sometimes leave it to a player (613.7m:
each player orders their own objects that get their timestamps at once; before 2020 the
active player ordered them all), and sometimes say nothing. Nothing here ever orders
effects by their ids: a tie that neither the rules nor a recorded choice decides is
reported as such.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .effects import ContinuousEffect
from .errors import ResolutionError
from .game_state import apnap_before
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
    candidates: tuple[str, ...]  # those the rules allow first (613.7n and 613.7m's APNAP order remove some)
    holders: tuple[str, ...]  # what each candidate's timestamp belongs to (objects or effects)
    decided_by: str | None  # "613.7n" | "613.7m" | "613.7n, 613.7m" | "choice" | None: not decided
    player: str | None  # 613.7m: the player whose choice it is, when it is a player's choice
    chosen: str | None  # the effect applied first
    # 613.7m: what the board lacks for the rules to decide ("game.turn", "game.turn_order"), if that is why
    missing: str | None = None

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
        if self.missing is not None:
            what = "whose turn it is" if self.missing == "game.turn" else "the turn order"
            return (
                f"depends on {what} ({self.missing}, which the case does not give) between {between}: "
                "613.7m orders their players' objects in APNAP order"
            )
        if self.player is not None:
            return f"depends on {self.player}'s choice between {between} (613.7m)"
        return f"not decided by the rules: {between} have the same timestamp"


class TieOrderError(ResolutionError):
    """A recorded order of tied timestamps (``tie_order``) that the rules do not leave to the players."""


def timestamp_player(e: ContinuousEffect, board: Board, controllers: Mapping[str, str | None]) -> str | None:
    """613.7m, 108.4a: the player whose object holds the timestamp (its owner off the battlefield and stack)."""
    # None when the timestamp is the effect's own (613.7b-c: a resolved effect, counters)
    h = holder(e)
    obj = board.objects.get(h)
    if obj is None:
        return None
    if obj.zone in ("battlefield", "stack"):
        return controllers.get(h) or obj.printed.controller or obj.owner
    return obj.owner


def apnap_first(
    a: ContinuousEffect,
    b: ContinuousEffect,
    board: Board,
    version: RulesVersion,
    controllers: Mapping[str, str | None],
) -> bool | None:
    """613.7m (from 2020): whether APNAP order gives ``a``'s object the earlier timestamp (None: it doesn't say)."""
    # None: an older version, one object or one player, or a game state without the turn or the turn order
    if version.simultaneous_timestamps != "apnap" or holder(a) == holder(b):
        return None
    pa, pb = timestamp_player(a, board, controllers), timestamp_player(b, board, controllers)
    if pa is None or pb is None:
        return None
    return apnap_before(board.game, pa, pb)


def _missing(
    tied: Sequence[ContinuousEffect], board: Board, version: RulesVersion, controllers: Mapping[str, str | None]
) -> str | None:
    """613.7m, 101.4: what the game state lacks for APNAP order to decide between these effects' objects."""
    if version.simultaneous_timestamps != "apnap":
        return None
    for a in tied:
        for b in tied:
            pa, pb = timestamp_player(a, board, controllers), timestamp_player(b, board, controllers)
            if None not in (pa, pb) and pa != pb and apnap_first(a, b, board, version, controllers) is None:
                return "game.turn" if "turn" not in board.game else "game.turn_order"
    return None


def _player(
    tied: Sequence[ContinuousEffect], board: Board, version: RulesVersion, controllers: Mapping[str, str | None]
) -> str | None:
    """613.7m: the player who orders these timestamps, when they belong to objects; None otherwise."""
    holders = [holder(e) for e in tied]
    if len(set(holders)) != len(holders) or not all(h in board.objects for h in holders):
        return None  # two abilities of one object, or an effect's own timestamp: no rule orders them
    players = {timestamp_player(e, board, controllers) for e in tied}
    if version.simultaneous_timestamps == "active_player_chooses":  # 613.6j, 418.5e(a): the active player orders all
        return str(board.game.get("turn") or (players.pop() if len(players) == 1 else "the active player"))
    return str(players.pop()) if len(players) == 1 else "the active player (APNAP)"


def _position(board: Board) -> Callable[[ContinuousEffect], tuple[int, int]]:
    """613.7m: where the recorded order first names an effect (by its object or by itself), then where it names it."""
    order = {x: i for i, x in enumerate(board.tie_order)}
    big = len(board.tie_order)  # past every recorded position (a key may be recorded twice)

    def position(e: ContinuousEffect) -> tuple[int, int]:
        own = order.get(e.key, big)
        return (min(order.get(holder(e), big), own), own)

    return position


def check_recorded_order(
    tied: Sequence[ContinuousEffect], board: Board, version: RulesVersion, controllers: Mapping[str, str | None]
) -> None:
    """613.7m: a recorded order may order only what the rules leave to the players, never against APNAP order."""
    if version.simultaneous_timestamps != "apnap":
        return
    position = _position(board)
    big = len(board.tie_order)
    rule = (
        f"under {version.id} objects that get their timestamps at the same moment are ordered in APNAP order "
        "(613.7m; 613.7k in 2020): the active player's first, then each other player's in turn order; "
        "a player orders only their own"
    )
    for a in tied:
        for b in tied:
            pa, pb = timestamp_player(a, board, controllers), timestamp_player(b, board, controllers)
            if None in (pa, pb) or pa == pb or holder(a) == holder(b) or not position(b)[0] < position(a)[0] < big:
                continue  # only a recorded order of two players' objects, b's first, is looked at
            first = apnap_first(a, b, board, version, controllers)
            if first:
                raise TieOrderError(f"tie_order puts {holder(b)} ({pb}'s) before {holder(a)} ({pa}'s), but {rule}")
            if first is None:
                turn = "turn" in board.game
                what = "the turn order (game.turn_order)" if turn else "whose turn it is (game.turn)"
                raise TieOrderError(
                    f"tie_order puts {holder(b)} ({pb}'s) before {holder(a)} ({pa}'s), but {rule}, and the case "
                    f"does not say {what}: give it instead"
                )


def choose(
    tied: Sequence[ContinuousEffect],
    slot: str,
    board: Board,
    version: RulesVersion,
    controllers: Mapping[str, str | None],
) -> tuple[ContinuousEffect, Tie | None]:
    """613.7a, 613.7m, 613.7n: the effect that applies first among effects with the same rank.

    The rules decide where they can (613.7n; 613.7m's APNAP order between players' objects); else
    the order a player chose, recorded on the board (``Board.tie_order``: object or effect ids,
    earliest first); else the tie is reported as undecided, with what the board lacks when the
    game state does not say whose turn it is or the turn order. The resolver must still go on: it
    applies the first candidate in the order the effects were listed, which is not an answer;
    ``reference.choices`` enumerates every choice and reports the outcomes. A recorded order
    against APNAP order is an error (``TieOrderError``).
    """
    if len(tied) == 1:
        return tied[0], None
    keys = tuple(e.key for e in tied)
    check_recorded_order(tied, board, version, controllers)

    def rules_before(o: ContinuousEffect, e: ContinuousEffect) -> list[str]:
        # the rules that put o before e: 613.7n, then 613.7m's APNAP order
        found = ["613.7n"] if must_precede(o, e, version) else []
        return found + (["613.7m"] if apnap_first(o, e, board, version, controllers) else [])

    candidates = [e for e in tied if not any(rules_before(o, e) for o in tied if o is not e)]
    player = _player(candidates, board, version, controllers)
    holders = tuple(holder(e) for e in candidates)
    if len(candidates) == 1:
        pick = candidates[0]
        used = {r for o in tied if o is not pick for r in rules_before(pick, o)}
        why = ", ".join(r for r in ("613.7n", "613.7m") if r in used)
        return pick, Tie(slot, keys, (pick.key,), holders, why, None, pick.key)
    missing = _missing(candidates, board, version, controllers)
    if missing is not None:  # 613.7m: the order is the rules', but the board does not say enough to read it
        cands = tuple(e.key for e in candidates)
        return candidates[0], Tie(slot, keys, cands, holders, None, player, candidates[0].key, missing)
    position = _position(board)
    big = len(board.tie_order)

    def recorded(e: ContinuousEffect) -> bool:
        return position(e)[0] < big

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
