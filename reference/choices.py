"""Every outcome a board can have when its timestamps leave a choice (613.7m) or an open order.

The resolver reports each tie it could not decide (``Resolution.undecided``). This module
resolves the board again once for every order of the tied effects, recording that order
as the players' choice (``Board.tie_order``), until no tie is left undecided; the distinct
final states are the outcomes the rules allow. One outcome means the choice does not
matter; several mean the answer depends on it. Only legal orders are tried: where 613.7m's
APNAP order decides between players, the tie holds one player's objects; where it would
decide but the board does not say whose turn it is or the turn order, the board is resolved
once for every active player and turn order it leaves possible (101.4), not for every order
of the objects.

**One order of the tied effects.** The choices made are read as one total order of the tied
effects, which every tie, in every slot, follows. Each tie's chosen order adds pairs (this effect
before that one; an object's key stands for its effect in that tie). Two objects' abilities never
interleave: 613.7m orders the objects, and a static ability's effect has its object's timestamp
(613.7a), so one ability of C before one of D puts all of C's before all of D's. An effect with its
own timestamp (613.7b-c) and two abilities of one object are ordered pair by pair. The order
recorded for the next resolution is one total order keeping the pairs (``recorded_order``); where
the pairs leave two effects unordered, that order is nobody's choice, so a later tie it decided
alone is taken as still open (``incidental``) and its orders are tried in turn. A later tie can
thus put an effect before or after any effect already recorded that no choice ordered it against.
``tests/reference/test_choices_total_order.py`` compares the outcomes with a brute force over
every such total order on small boards.

The orders are tried lazily: the branches of a tie are an iterator, drawn one at a time, so
the memory held is bounded by the resolutions made (``limit``), never by the number of orders
(n! for a tie of n). Which orders of a tie are tried is a parameter (``orders``): by default every
one (``every_order``); ``reference_optimized.orders`` passes only one order per class of orders
that cannot end differently, and the same enumeration then gives the same outcomes with far
fewer resolutions.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise, permutations

from .game_state import apnap_before, players_of
from .model import Board, Characteristics, FrozenMap
from .resolver import Resolution, resolve
from .timestamps import Tie
from .versions import RulesVersion

LIMIT = 120  # resolutions at most; beyond it the enumeration stops and says so


@dataclass(frozen=True)
class Outcome:
    """One final state, with the choices (tie orders) that lead to it."""

    final: Mapping[str, Characteristics]
    orders: tuple[tuple[str, ...], ...]
    resolution: Resolution
    # 101.4, 613.7m: the turn orders (active player first) assumed where the board gives none, if any
    turn_orders: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Outcomes:
    """The distinct outcomes of a board under a version, and the ties that were open."""

    outcomes: tuple[Outcome, ...]
    ties: tuple[Tie, ...]  # the undecided ties met, first one per enumeration branch
    complete: bool  # False when LIMIT stopped the enumeration
    mattering: tuple[Tie, ...] = ()  # the ties whose orders lead to different outcomes
    runs: int = 0  # the resolutions made (the work done: one per order tried, and one per tie met)

    @property
    def depends_on_choice(self) -> bool:
        """613.7m: the answer depends on the players' choice of order: different legal choices end differently."""
        return len(self.outcomes) > 1


def tie_keys(tie: Tie) -> tuple[str, ...]:
    """613.7m: what a player orders in a tie: what holds the candidates' timestamps (objects) when
    those are distinct, else the effects themselves."""
    return tie.holders if len(set(tie.holders)) == len(tie.holders) else tie.candidates


def every_order(tie: Tie) -> Iterator[tuple[str, ...]]:
    """613.7m: each order of a tie's keys (``tie_keys``), lazily: n! of them for n keys."""
    return (tuple(p) for p in permutations(tie_keys(tie)))


# Which orders of a tie to try: every order, or one per class of orders that end alike.
Orders = Callable[[Tie], Iterable[tuple[str, ...]]]
# A resolver: the layer process (613.1-613.8) of a board under a version.
Resolver = Callable[[Board, RulesVersion], Resolution]
# An enumeration branch: its extra order (one order of the tied effects chosen so far), the turn order it assumes
# (or none), its path of (tie, branch number) choices, and the pairs of effects chosen in order (first, then).
Branch = tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, int], ...], tuple[tuple[str, str], ...]]


# 613.7m: whether APNAP order puts the first key's object after the second's (False: it does not say so).
Later = Callable[[str, str], bool]


def _tie_branches(
    base: Branch,
    t: int,
    tie: Tie,
    orders: Iterable[tuple[str, ...]],
    later: Later,
    holder_of: Mapping[str, str],
    implied: tuple[tuple[str, str], ...] = (),
) -> Iterator[Branch]:
    """613.7m: the branches below ``base`` for each order tried of its tie number ``t`` that the pairs chosen so far,
    the order of whole objects and APNAP order allow, drawn lazily (with the pairs ``front`` found implied)."""
    _, seats, path, pairs = base
    for k, b in enumerate(orders):
        effects = chosen_effects(tie, b)
        more = pairs + tuple(p for p in (*pairwise(effects), *implied) if p not in pairs)
        record = recorded_order(more, holder_of, later)
        if record is not None:
            yield (record, seats, path + ((t, k),), more)


def front(
    tie: Tie, pairs: tuple[tuple[str, str], ...], holder_of: Mapping[str, str], later: Later
) -> tuple[Tie, tuple[tuple[str, str], ...]]:
    """613.7m, 613.7a: an open tie cut to the effects no choice made so far puts after another of them (those can
    come first; every order of them keeps the choices made), and, for each effect left out, a pair naming the one
    it comes after (already implied: it puts the effect into the recorded order)."""
    before = chosen_order(pairs, holder_of, later)
    first = [x for x in tie.candidates if not any(before(y, x) for y in tie.candidates)]
    if len(first) == len(tie.candidates):
        return tie, ()
    implied = tuple((next(y for y in tie.candidates if before(y, x)), x) for x in tie.candidates if x not in first)
    holders = dict(zip(tie.candidates, tie.holders, strict=True))
    return replace(tie, candidates=tuple(first), holders=tuple(holders[x] for x in first)), implied


def chosen_effects(tie: Tie, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """613.7a, 613.7m: a tie's chosen order of its keys as the order of the tied effects it puts first (an object's
    key stands for its effect in this tie)."""
    effect_of = dict(zip(tie.holders, tie.candidates, strict=True)) if tie_keys(tie) == tie.holders else {}
    return tuple(effect_of.get(k, k) for k in chosen)


def _successors(
    pairs: tuple[tuple[str, str], ...], holder_of: Mapping[str, str], later: Later, nodes: Sequence[str]
) -> dict[str, set[str]]:
    """613.7a, 613.7m: the effects each effect must come before: the chosen pairs; every effect of an object after
    every effect of another object some chosen pairs put after it (613.7m orders objects, and a static ability's
    effect has its object's timestamp, 613.7a: two objects' abilities never interleave); APNAP order."""

    def obj(k: str) -> str | None:
        h = holder_of.get(k, k)
        return h if h != k else None  # None: the effect's own timestamp (613.7b-c), ordered by itself

    # What does not change from one round to the next, worked out once: each effect's object, and what the pairs
    # and APNAP order alone put after each effect.
    owner = {u: obj(u) for u in nodes}
    fixed = {u: {y for x, y in pairs if x == u} | {v for v in nodes if v != u and later(v, u)} for u in nodes}
    units: set[tuple[str | None, str | None]] = set()
    while True:
        after = {
            u: fixed[u] | {v for v in nodes if owner[u] != owner[v] and (owner[u], owner[v]) in units}
            if units
            else fixed[u]
            for u in nodes
        }
        reached = {
            (owner[u], owner[v] if v in owner else obj(v))
            for u in nodes
            if owner[u] is not None
            for v in _reach(after, u)
        }
        new = {(a, b) for a, b in reached if b is not None and a != b} - units
        if not new:
            return after
        units |= new


def _reach(after: Mapping[str, set[str]], start: str) -> set[str]:
    """613.7m: every effect some chain of ``after`` puts after ``start``."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for y in after.get(todo.pop(), set()):
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def recorded_order(
    pairs: tuple[tuple[str, str], ...], holder_of: Mapping[str, str], later: Later
) -> tuple[str, ...] | None:
    """613.7m: one total order of the effects the chosen pairs name that keeps every pair, whole objects in one
    order and APNAP order between them (the earliest-named effect first where several are free); None when none
    does. Where the pairs leave two effects unordered, the order given here is no one's choice: ``incidental``
    finds a tie it decides."""
    keys = list(dict.fromkeys(k for p in pairs for k in p))
    after = _successors(pairs, holder_of, later, keys)
    waiting = {k: sum(k in after[a] for a in keys) for k in keys}
    out: list[str] = []
    while len(out) < len(keys):
        free = next((k for k in keys if waiting[k] == 0 and k not in out), None)
        if free is None:
            return None
        out.append(free)
        for b in after[free]:
            waiting[b] -= 1
    return tuple(out)


def chosen_before(
    pairs: tuple[tuple[str, str], ...], holder_of: Mapping[str, str], later: Later, a: str, b: str
) -> bool:
    """613.7m: whether the pairs chosen so far (with whole objects in one order and APNAP order) put ``a`` before
    ``b``."""
    return chosen_order(pairs, holder_of, later)(a, b)


def chosen_order(
    pairs: tuple[tuple[str, str], ...], holder_of: Mapping[str, str], later: Later
) -> Callable[[str, str], bool]:
    """613.7m: ``chosen_before`` for one branch's pairs, asked of many effects: the successors of each set of effects
    named (the pairs' and the two asked about) worked out once, and what each effect reaches through them."""
    named = [k for p in pairs for k in p]
    reached: dict[tuple[tuple[str, ...], str], set[str]] = {}
    successors: dict[tuple[str, ...], dict[str, set[str]]] = {}

    def before(a: str, b: str) -> bool:
        keys = tuple(dict.fromkeys([*named, a, b]))
        if (keys, a) not in reached:
            if keys not in successors:
                successors[keys] = _successors(pairs, holder_of, later, keys)
            reached[keys, a] = _reach(successors[keys], a)
        return b in reached[keys, a]

    return before


def incidental(
    tie: Tie, pairs: tuple[tuple[str, str], ...], holder_of: Mapping[str, str], later: Later, base: tuple[str, ...]
) -> bool:
    """613.7m: a tie the branch's extra order decided though no choice made so far puts its effect applied first
    before the others (nor the board's own recorded order): that choice is still open."""
    if tie.decided_by != "choice" or tie.chosen is None:
        return False
    named = set(base)
    holders = dict(zip(tie.candidates, tie.holders, strict=True))
    if tie.chosen in named or holders.get(tie.chosen) in named:
        return False  # 613.7m: the case's own tie_order decides it
    before = chosen_order(pairs, holder_of, later)
    return not all(before(tie.chosen, f) for f in tie.candidates if f != tie.chosen)


def apnap_later(ties: Iterable[Tie], board: Board, res: Resolution, version: RulesVersion) -> Later:
    """613.7m, 101.4: APNAP order between the objects that hold the timestamps of keys met in ties so far."""
    if version.simultaneous_timestamps != "apnap":
        return lambda _a, _b: False
    holder_of: dict[str, str] = {}
    for tie in ties:
        holder_of.update(zip(tie.candidates, tie.holders, strict=True))
        holder_of.update((h, h) for h in tie.holders)

    def player(key: str) -> str | None:
        h = holder_of.get(key, key)
        if h in res.final:
            return res.final[h].controller
        obj = board.objects.get(h)
        return (
            None if obj is None else (obj.owner if obj.zone not in ("battlefield", "stack") else obj.printed.controller)
        )

    def later(a: str, b: str) -> bool:
        pa, pb = player(a), player(b)
        return pa is not None and pb is not None and pa != pb and apnap_before(board.game, pb, pa) is True

    return later


def _seat_branches(base: Branch, t: int, seats: Iterable[tuple[str, ...]]) -> Iterator[Branch]:
    """101.4, 613.7m: the branches below ``base`` for each turn order the board leaves open."""
    extra, _, path, pairs = base
    for k, s in enumerate(seats):
        yield (extra, s, path + ((t, k),), pairs)


def turn_orders(board: Board) -> list[tuple[str, ...]]:
    """101.4, 102.1: every seating (active player first) the board leaves possible, its active player first."""
    players = players_of(board)
    active = board.game.get("turn")
    if active is not None:
        return [(str(active), *p) for p in permutations(x for x in players if x != active)]
    return [tuple(p) for p in permutations(players)]


def seated(game: Mapping[str, object], seats: tuple[str, ...]) -> FrozenMap:
    """101.4, 102.1: the game state with this turn order, its first player the active one."""
    return FrozenMap({**game, "turn": seats[0], "turn_order": seats})


def outcomes(
    board: Board,
    version: RulesVersion,
    limit: int = LIMIT,
    orders: Orders = every_order,
    resolver: Resolver = resolve,
) -> Outcomes:
    """613.7m, 613.7n: resolve the board under every order of its undecided ties (each order ``orders`` tries).

    The branches are drawn breadth first from lazy iterators: at most ``limit`` resolutions, and
    memory for the branches met, not for every order of a tie.
    """
    found: dict[object, Outcome] = {}
    met: list[Tie] = []
    holder_of: dict[str, str] = {}
    todo: deque[Iterator[Branch]] = deque([iter([((), (), (), ())])])
    leaves: list[tuple[tuple[tuple[int, int], ...], object]] = []
    runs = 0
    while runs < limit and (branch := _next(todo)) is not None:
        extra, seats, path, pairs = branch
        runs += 1
        here = board if not seats else replace(board, game=seated(board.game, seats))
        res = resolver(replace(here, tie_order=board.tie_order + extra), version)
        later = apnap_later([*met, *res.ties], here, res, version)
        for tie in res.ties:  # 613.7a-d: what holds each tied effect's timestamp
            holder_of.update(zip(tie.candidates, tie.holders, strict=True))
        # 613.7m: the first tie no choice made so far decides (one the extra order decided alone is still open)
        open_ties = [
            t if not t.decided else replace(t, decided_by=None)
            for t in res.ties
            if not t.decided or incidental(t, pairs, holder_of, later, board.tie_order)
        ]
        if open_ties:
            first, implied = front(open_ties[0], pairs, holder_of, later)
            known = [t.candidates for t in met]
            if first.candidates not in known:
                met.append(first)
                known.append(first.candidates)
            t = known.index(first.candidates)
            if first.missing is not None and not seats:  # 613.7m, 101.4: every turn order the board leaves open
                todo.append(_seat_branches(branch, t, turn_orders(board)))
            else:
                tried = orders(first) if len(first.candidates) > 1 else [tie_keys(first)]
                todo.append(_tie_branches(branch, t, first, tried, later, holder_of, implied))
            continue
        key = outcome_key(res.final)
        leaves.append((path, key))
        assumed = (seats,) if seats else ()
        if key in found:
            old = found[key]
            new_seats = old.turn_orders + tuple(s for s in assumed if s not in old.turn_orders)
            found[key] = replace(old, orders=old.orders + (extra,), turn_orders=new_seats)
        else:
            found[key] = Outcome(res.final, (extra,), res, assumed)
    mattering = tuple(t for i, t in enumerate(met) if _matters(i, leaves))
    complete = _next(todo) is None
    return Outcomes(tuple(found.values()), tuple(met), complete=complete, mattering=mattering, runs=runs)


def outcome_key(final: Mapping[str, Characteristics]) -> tuple[tuple[str, Characteristics], ...]:
    """613.7m: a final state as ``outcomes`` tells outcomes apart: each object's characteristics as ``_as_seen``."""
    return tuple(sorted((i, _as_seen(ch)) for i, ch in final.items()))


def _as_seen(ch: Characteristics) -> Characteristics:
    """613.7m, 612.2, 613.7a, 205.1a, 305.6: a final state as an outcome: its characteristics without the record of
    how they came about (the timestamps of granted abilities; the text changes made, whose result is already in the
    abilities and subtypes; the subtypes set aside with a removed card type; which abilities come from basic land
    types), so that two orders ending in the same characteristics are one outcome."""
    return ch.with_(
        granted=FrozenMap(),
        text_changes=(),
        intrinsic=frozenset(),
        aside_subtypes=frozenset(),
        aside_all_creature_types=False,
    )


def _next(todo: deque[Iterator[Branch]]) -> Branch | None:
    """613.7m: the next order to try, breadth first (the earliest tie's orders first); None when none is left."""
    while todo:
        branch = next(todo[0], None)
        if branch is not None:
            return branch
        todo.popleft()
    return None


def _matters(tie: int, leaves: list[tuple[tuple[tuple[int, int], ...], object]]) -> bool:
    """613.7m: the order chosen for ``tie`` matters: two branches that differ only there end differently, or two
    of its choices made at one point can reach different outcomes."""
    groups: dict[object, set[object]] = {}
    for path, key in leaves:
        if any(t == tie for t, _ in path):
            rest = tuple(step for step in path if step[0] != tie)
            groups.setdefault(rest, set()).add(key)
    if any(len(keys) > 1 for keys in groups.values()):
        return True
    # From one point of the enumeration, two choices of this tie that can reach different outcomes (when fewer
    # orders than every one are tried, two branches may never differ at this tie alone).
    reach: dict[tuple[tuple[tuple[int, int], ...], int], set[object]] = {}
    for path, key in leaves:
        for i, (t, k) in enumerate(path):
            if t == tie:
                reach.setdefault((path[:i], k), set()).add(key)
    points: dict[object, list[frozenset[object]]] = {}
    for (prefix, _), keys in reach.items():
        points.setdefault(prefix, []).append(frozenset(keys))
    return any(len(set(sets)) > 1 for sets in points.values())
