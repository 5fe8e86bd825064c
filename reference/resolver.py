"""The layer system (613.1-613.8; 418.5 under the pre-m10 profile): final characteristics and a trace.

For each slot of the rules version, in order, effects with a part in that slot are
applied one at a time: characteristic-defining abilities first (613.3), then by
dependency (613.8) and timestamp (613.7), re-evaluating after every application (613.8c).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise
from typing import Any, Protocol

from .copiable import entered_values
from .dependency import DependencyReason, dependency_graph, ready, strongly_connected
from .double_faced import own_mana_value
from .effects import (
    ContinuousEffect,
    affected,
    apply_effect,
    effects_in_play,
    parts_in_slot,
)
from .flip import own_flipped_values
from .model import Board, Characteristics, GameObject, Part, State, Timestamp
from .operations import intrinsic_abilities
from .timestamps import Tie, choose, rank
from .versions import RulesVersion, Slot


@dataclass(frozen=True)
class Why:
    """Why an effect was applied at this point of its slot."""

    kind: str  # timestamp | cda-first | dependency | loop
    text: str
    waited_for: tuple[str, ...] = ()
    loop: tuple[str, ...] = ()
    went_before: tuple[str, ...] = ()


@dataclass(frozen=True)
class TraceStep:
    """One application of one effect's parts in one slot."""

    index: int
    slot: str
    layer: int
    effect: str
    description: str
    origin: str
    timestamp: Timestamp
    ops: tuple[str, ...]
    why: Why
    affected: tuple[str, ...]
    locked_from: str | None  # 613.6: slot where its set of objects was fixed, if earlier
    after: Mapping[str, Characteristics]


@dataclass(frozen=True)
class Skipped:
    """An effect with a part in a slot that never applied there, and why."""

    slot: str
    effect: str
    description: str
    reason: str


@dataclass(frozen=True)
class Edge:
    """A dependency found during the process: ``dependent`` depended on ``on`` in ``slot``."""

    slot: str
    dependent: str
    on: str
    test: str
    detail: str


@dataclass(frozen=True)
class Moment:
    """613.8c: the dependencies among the effects not yet applied, as computed when step ``step`` was chosen."""

    step: int
    slot: str
    remaining: tuple[str, ...]
    edges: tuple[tuple[str, str], ...]  # (dependent, on)


class Trace:
    """The trace of a resolution (its steps and the dependency graph at each, 613.8c), built when first read.

    The layer loop keeps, per application, what ``record_application`` reads; the rows are made from those the
    first time ``steps`` or ``moments`` is read (a caller that reads only the final values never pays for them).
    """

    __slots__ = ("_build", "_rows")

    def __init__(
        self,
        build: Callable[[], tuple[tuple[TraceStep, ...], tuple[Moment, ...]]] | None = None,
        rows: tuple[tuple[TraceStep, ...], tuple[Moment, ...]] = ((), ()),
    ) -> None:
        self._build = build
        self._rows = rows

    def rows(self) -> tuple[tuple[TraceStep, ...], tuple[Moment, ...]]:
        """613.8c: the trace steps and the moments (the graph at each step), made once."""
        if self._build is not None:
            self._rows, self._build = self._build(), None
        return self._rows

    def __getstate__(self) -> tuple[tuple[TraceStep, ...], tuple[Moment, ...]]:
        return self.rows()

    def __setstate__(self, rows: tuple[tuple[TraceStep, ...], tuple[Moment, ...]]) -> None:
        self._build, self._rows = None, rows


@dataclass(frozen=True, eq=False)
class Resolution:
    """The result of the layer process under one rules version."""

    version: str
    final: Mapping[str, Characteristics]
    skipped: tuple[Skipped, ...]
    edges: tuple[Edge, ...]
    ties: tuple[Tie, ...] = ()
    trace: Trace = field(default_factory=Trace, repr=False)

    @property
    def steps(self) -> tuple[TraceStep, ...]:
        """613.1-613.8: every application of an effect's parts in one slot, in order."""
        return self.trace.rows()[0]

    @property
    def moments(self) -> tuple[Moment, ...]:
        """613.8c: one per trace step, the dependency graph in force when that step's effect was chosen."""
        return self.trace.rows()[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Resolution):
            return NotImplemented
        return (self.version, self.final, self.steps, self.skipped, self.edges, self.moments, self.ties) == (
            other.version,
            other.final,
            other.steps,
            other.skipped,
            other.edges,
            other.moments,
            other.ties,
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def undecided(self) -> tuple[Tie, ...]:
        """The ties neither the rules nor a recorded choice decided (613.7m, 613.7n)."""
        return tuple(t for t in self.ties if not t.decided)


def initial_state(board: Board, version: RulesVersion | None = None) -> dict[str, Characteristics]:
    """613.1, 707.2, 305.6, 712: every object's printed (or token-defined) values, in every zone, with entry
    choices, of the face that is up (202.3b: a back face's mana value as the version says)."""
    return {i: initial_values(board.objects[i], version) for i in sorted(board.objects)}


def initial_values(obj: GameObject, version: RulesVersion | None = None) -> Characteristics:
    """613.1, 707.2, 305.6, 712: one object's printed (or token-defined) values with its entry choices, of the face
    that is up (202.3b: a back face's mana value as the version says)."""
    ch = own_flipped_values(obj, entered_values(obj))  # 710.2
    if version is not None:
        ch = own_mana_value(obj, ch, version)  # 202.3b (a merge over it replaces this value in layer 1a)
    return intrinsic_abilities(ch)


def _order_key(e: ContinuousEffect) -> tuple[Timestamp, Timestamp]:
    """613.7, 613.7a: timestamp, then 613.7a's relative order (what "earlier timestamps" means in a trace)."""
    return (e.timestamp, e.tiebreak)


def why_chosen(
    pick: ContinuousEffect,
    group: list[ContinuousEffect],
    candidates: list[ContinuousEffect],
    graph: Mapping[str, Mapping[str, DependencyReason]],
    waited: Mapping[str, set[str]],
    done: set[str],
    loops: Mapping[str, frozenset[str]] | None = None,
) -> Why:
    """Explain the choice: 613.3 (CDA first), 613.7 (timestamp), 613.8b (dependency, loops); ``loops``: the graph's
    loops (``strongly_connected``), when the caller has found them already."""
    loop = (strongly_connected(graph) if loops is None else loops)[pick.key]
    went_before = tuple(e.key for e in group if e.key != pick.key and _order_key(e) < _order_key(pick))
    waited_for = tuple(sorted(waited.get(pick.key, set()) & done))
    if len(loop) > 1:
        members = tuple(sorted(loop))
        return Why(
            "loop",
            f"part of a dependency loop with {', '.join(m for m in members if m != pick.key)}: "
            "the loop applies in timestamp order (613.8b)",
            waited_for=waited_for,
            loop=members,
            went_before=went_before,
        )
    if waited_for:
        return Why(
            "dependency",
            f"waited for {', '.join(waited_for)}, which it depends on (613.8b)",
            waited_for=waited_for,
            went_before=went_before,
        )
    if went_before:
        return Why(
            "dependency",
            f"applied before {', '.join(went_before)} (earlier timestamps), which depend on other effects (613.8b)",
            went_before=went_before,
        )
    others = [c for c in candidates if c.origin != "cda"]
    if pick.origin == "cda" and others:
        return Why("cda-first", "characteristic-defining abilities apply first (613.3)")
    return Why("timestamp", f"earliest timestamp among the effects left ({pick.timestamp:g}) (613.7)")


def choose_next(
    group: list[ContinuousEffect],
    ok: set[str],
    waited: Mapping[str, set[str]],
    done: set[str],
    board: Board,
    state: State,
    version: RulesVersion,
    slot: str,
) -> tuple[ContinuousEffect, Tie | None]:
    """613.3, 613.7, 613.8b: the ready effect that applies next, and the timestamp tie it settled, if any."""
    cda_first = not version.cda_dependency_isolated
    ready_now = [e for e in group if e.key in ok]
    if not version.dependent_waits_in_timestamp_order:
        # 613.8b read as "applies at once": an effect whose dependencies have all just
        # applied goes before the other ready effects.
        released = [e for e in ready_now if waited.get(e.key, set()) and waited[e.key] <= done]
        ready_now = released or ready_now
    best = min(rank(e, version, cda_first) for e in ready_now)
    tied = [e for e in ready_now if rank(e, version, cda_first) == best]
    if len(tied) == 1:
        return tied[0], None  # 613.7: the one effect of the lowest rank applies first; no tie to break
    controllers = {i: ch.controller for i, ch in state.items()}
    return choose(tied, slot, board, version, controllers)


def record_application(
    index: int,
    slot: Slot,
    pick: ContinuousEffect,
    remaining: tuple[str, ...],
    graph: Mapping[str, Mapping[str, DependencyReason]],
    parts: tuple[Part, ...],
    why: Why,
    targets: frozenset[str] | set[str],
    locked_slot: Mapping[str, str],
    first: bool,
    state: Mapping[str, Characteristics],
) -> tuple[Moment, TraceStep]:
    """One application's trace row and the dependency graph at that moment (613.8a-c); ``remaining``: the keys
    of the effects not applied yet, in order."""
    order = tuple(sorted(targets))
    moment = Moment(
        step=index,
        slot=slot.id,
        remaining=remaining,
        edges=tuple(sorted((a, b) for a, deps in graph.items() for b in deps)),
    )
    step = TraceStep(
        index=index,
        slot=slot.id,
        layer=slot.layer,
        effect=pick.key,
        description=pick.description,
        origin=pick.origin,
        timestamp=pick.timestamp,
        ops=tuple(p.op for p in parts),
        why=why,
        affected=order,
        locked_from=None if first else locked_slot[pick.key],
        after={t: state[t] for t in order},
    )
    return moment, step


def not_applied(
    slot: Slot,
    seen: Mapping[str, ContinuousEffect],
    done: set[str],
    board: Board,
    state: Mapping[str, Characteristics],
) -> list[Skipped]:
    """Effects of a sublayer that never applied, and why: their ability or source is gone (611.3b, 113.6)."""
    skipped = []
    for key in sorted(set(seen) - done):
        e = seen[key]
        reason = (
            f"{e.source} no longer has the ability that generates it (611.3b, 613.8a)"
            if e.source is not None and e.source in state and board.objects[e.source].zone == "battlefield"
            else f"its source {e.source} is not on the battlefield (113.6)"
        )
        skipped.append(Skipped(slot.id, key, e.description, reason))
    return skipped


class Bookkeeping(Protocol):
    """What the layer loop asks of the game while it applies effects (613.1-613.8).

    ``Readable`` answers each question afresh from the rules' functions; a faster bookkeeping
    (``reference_optimized``) may keep answers between steps, and must give the same ones.
    """

    locked: dict[
        str, tuple[ContinuousEffect, frozenset[str]]
    ]  # 613.6: an effect that began to apply -> the effect and the objects it applies to

    @property
    def state(self) -> State:
        """613.1: every object's characteristics so far."""
        ...

    def effects_in_play(self) -> list[ContinuousEffect]:
        """611, 613.6: the continuous effects that exist now, and those already locked in."""
        ...

    def parts(self, effect: ContinuousEffect, slot: str) -> tuple[Part, ...]:
        """613.6: the effect's parts that apply in ``slot``."""
        ...

    def graph(self, group: list[ContinuousEffect], slot: str) -> dict[str, dict[str, DependencyReason]]:
        """613.8a, 613.8c: for each effect of the group, the effects it depends on now."""
        ...

    def in_slot(self, slot: str) -> list[ContinuousEffect]:
        """611, 613.6: the effects in play with a part in ``slot``, in the order ``effects_in_play`` gives them."""
        ...

    def affected(self, effect: ContinuousEffect) -> frozenset[str]:
        """611.2c, 611.3a, 613.6: the objects the effect applies to now."""
        ...

    def apply(self, effect: ContinuousEffect, slot: str, targets: frozenset[str]) -> None:
        """613.1: apply the effect's parts in ``slot`` to ``targets``; ``state`` becomes the result."""
        ...


class Readable:
    """613.1-613.8: the bookkeeping as the rules state it, every question asked afresh of the current state."""

    def __init__(self, board: Board, version: RulesVersion) -> None:
        """613.1: the game starts from every object's printed values, with no effect locked in yet (613.6)."""
        self.board, self.version = board, version
        self.state: State = initial_state(board, version)
        self.locked: dict[str, tuple[ContinuousEffect, frozenset[str]]] = {}

    def effects_in_play(self) -> list[ContinuousEffect]:
        """611, 613.6: ``effects.effects_in_play`` on the current state."""
        return effects_in_play(self.board, self.state, self.locked, self.version.keyword_counters)

    def parts(self, effect: ContinuousEffect, slot: str) -> tuple[Part, ...]:
        """613.6: ``effects.parts_in_slot``."""
        return parts_in_slot(effect, self.version, slot)

    def in_slot(self, slot: str) -> list[ContinuousEffect]:
        """611, 613.6: every effect in play asked for its parts in ``slot``."""
        return [e for e in self.effects_in_play() if self.parts(e, slot)]

    def graph(self, group: list[ContinuousEffect], slot: str) -> dict[str, dict[str, DependencyReason]]:
        """613.8a, 613.8c: ``dependency.dependency_graph`` on the current state."""
        return dependency_graph(group, self.board, self.state, self.version, slot, self.locked)

    def affected(self, effect: ContinuousEffect) -> frozenset[str]:
        """611.2c, 611.3a, 613.6: ``effects.affected`` on the current state."""
        return affected(effect, self.board, self.state, self.locked)

    def apply(self, effect: ContinuousEffect, slot: str, targets: frozenset[str]) -> None:
        """613.1: ``effects.apply_effect``; the state is a new value, the old one is left as it was."""
        self.state = apply_effect(effect, self.parts(effect, slot), targets, self.board, self.state, self.version)


def one_pass_order(
    game: Bookkeeping,
    group: list[ContinuousEffect],
    candidates: list[ContinuousEffect],
    slot: str,
    waited: Mapping[str, set[str]],
    version: RulesVersion,
) -> list[ContinuousEffect] | None:
    """613.7, 613.8a, 613.8c: the group in rank order when it may apply in one pass, its dependency graph unasked
    and the loop not asking again after each effect (else None).

    Only when the group is every candidate, the bookkeeping says no application can change what any effect of the
    group reads (an optional ``independent`` of a faster bookkeeping; the readable one always asks again), no
    effect has waited for another (613.8b), and no two share a rank (613.7m: a tie is settled one choice at a time).
    Then no effect of the group depends on another: applying one would change neither another's existence, nor its
    text, nor what it applies to, nor what it does (613.8a), so the graph has no edge, and none comes to.
    """
    independent = getattr(game, "independent", None)
    if independent is None or group is not candidates or len(group) < 2 or any(waited.get(e.key) for e in group):
        return None
    cda_first = not version.cda_dependency_isolated
    ranks = [rank(e, version, cda_first) for e in group]
    by_rank = sorted(range(len(group)), key=ranks.__getitem__)
    for x, y in pairwise(by_rank):
        # a tie, or a rank order against the timestamps the trace's "went before" reads (613.7)
        if ranks[x] == ranks[y] or _order_key(group[x]) > _order_key(group[y]):
            return None
    return [group[n] for n in by_rank] if independent(group, slot) else None


class _Left:
    """613.8c: the keys of a group's effects not applied yet before each application of a group applied in one
    pass, and why each applied then, worked out when the trace is read."""

    def __init__(
        self,
        group: list[ContinuousEffect],
        picks: list[ContinuousEffect],
        waited: Mapping[str, set[str]],
        done: set[str],
    ) -> None:
        self.group, self.picks, self.waited, self.done = group, picks, waited, done
        self.left: list[tuple[str, ...]] | None = None

    def at(self, n: int) -> tuple[str, ...]:
        """613.8c: the keys left (sorted) before the ``n``-th application (from 0)."""
        if self.left is None:
            left = sorted(e.key for e in self.group)
            self.left = []
            for pick in self.picks:
                self.left.append(tuple(left))
                del left[bisect_left(left, pick.key)]
        return self.left[n]

    def why(self, n: int) -> Why:
        """613.3, 613.7: why the ``n``-th application (from 0) came then: in rank order, which is timestamp order, no
        effect left went before it; the others are read only for a characteristic-defining ability, which comes
        before every other effect (613.3)."""
        pick = self.picks[n]
        others = self.group if pick.origin == "cda" else []
        return why_chosen(pick, [pick], others, {pick.key: {}}, self.waited, self.done)


def in_one_pass(
    picks: list[ContinuousEffect],
    group: list[ContinuousEffect],
    waited: Mapping[str, set[str]],
    done: set[str],
    version: RulesVersion,
) -> Iterator[tuple[ContinuousEffect, Callable[[], Why], Callable[[], tuple[str, ...]], Mapping[str, Any]]]:
    """613.7, 613.8c: the group's effects in rank order (``picks``), each with why it applies then, the keys left and
    the (empty) graph.

    What ``choose_next`` and ``why_chosen`` would answer after each application when no effect of the group
    depends on another and none comes to (``one_pass_order``). The reasons and the keys left are read when the trace
    is: no effect of the group waited for another, so its reason reads nothing ``done`` adds later.
    """
    left = _Left(group, picks, waited, done)
    why, at = left.why, left.at
    for n, pick in enumerate(picks):
        yield pick, partial(why, n), partial(at, n), {}


# What the loop keeps of one application for its trace row (``record_application``): the slot, the effect, the keys
# left (or how to read them), the graph in force, the parts, why (or how to read it), the objects, whether it was
# the effect's first application, and the state after it (None: the bookkeeping's ``replay`` gives it).
_Row = tuple[
    Slot,
    ContinuousEffect,
    "tuple[str, ...] | Callable[[], tuple[str, ...]]",
    Mapping[str, Mapping[str, DependencyReason]],
    tuple[Part, ...],
    "Why | Callable[[], Why]",
    frozenset[str],
    bool,
    "Mapping[str, Characteristics] | None",
]


def trace_rows(
    rows: list[_Row], locked_slot: Mapping[str, str], states: Iterator[Mapping[str, Characteristics]] | None
) -> tuple[tuple[TraceStep, ...], tuple[Moment, ...]]:
    """613.8c: the trace steps and moments of the applications kept by the loop, in order (``record_application``);
    ``states`` gives the state after each application the loop kept none for."""
    steps: list[TraceStep] = []
    moments: list[Moment] = []
    for n, (slot, pick, remaining, in_force, parts, why, targets, first, state) in enumerate(rows, 1):
        if state is None:
            assert states is not None
            state = next(states)
        moment, step = record_application(
            n,
            slot,
            pick,
            remaining if isinstance(remaining, tuple) else remaining(),
            in_force,
            parts,
            why if isinstance(why, Why) else why(),
            targets,
            locked_slot,
            first,
            state,
        )
        moments.append(moment)
        steps.append(step)
    return tuple(steps), tuple(moments)


def one_by_one(
    game: Bookkeeping, picks: list[ContinuousEffect], slot: str
) -> Iterator[tuple[frozenset[str], bool, tuple[Part, ...]]]:
    """613.1, 613.6: each effect in turn: the objects it applies to now, locked in at its first application (then
    True), its parts in ``slot``, applied to them before the next effect is asked about."""
    for pick in picks:
        targets = game.affected(pick)
        first = pick.key not in game.locked
        if first:
            game.locked[pick.key] = (pick, targets)
        parts = game.parts(pick, slot)
        game.apply(pick, slot, targets)
        yield targets, first, parts


def resolve(
    board: Board,
    version: RulesVersion,
    bookkeeping: Callable[[Board, RulesVersion], Bookkeeping] = Readable,
) -> Resolution:
    """613.1-613.8: apply every continuous effect in layer, dependency and timestamp order."""
    game = bookkeeping(board, version)
    # a bookkeeping that changes its state in place gives the states after each application again when asked
    replay: Callable[[], Iterator[Mapping[str, Characteristics]]] | None = getattr(game, "replay", None)
    # a bookkeeping may apply a group applied in one pass at once (``Incremental.apply_in_order``)
    apply_in_order: Callable[[list[ContinuousEffect], str], Iterable[tuple[frozenset[str], bool, tuple[Part, ...]]]] = (
        getattr(game, "apply_in_order", None) or partial(one_by_one, game)
    )
    # a bookkeeping may find a graph's loops faster (``Incremental.loops``: the same components)
    loops_of: Callable[[Mapping[str, Mapping[str, DependencyReason]]], Mapping[str, frozenset[str]]] = (
        getattr(game, "loops", None) or strongly_connected
    )
    locked_slot: dict[str, str] = {}
    rows: list[_Row] = []
    skipped: list[Skipped] = []
    edges: list[Edge] = []
    ties: list[Tie] = []
    for slot in version.slots:
        done: set[str] = set()
        seen: dict[str, ContinuousEffect] = {}
        waited: dict[str, set[str]] = {}
        seen_edges: set[tuple[str, str]] = set()
        while True:
            candidates = [e for e in game.in_slot(slot.id) if e.key not in done]
            for e in candidates:
                seen.setdefault(e.key, e)
            if not candidates:
                break
            cdas = [e for e in candidates if e.origin == "cda"]
            group = (cdas or candidates) if version.cda_dependency_isolated else candidates
            # 613.8a: a group that may apply in one pass has no dependency: its graph is not asked (``one_pass_order``)
            picks = one_pass_order(game, group, candidates, slot.id, waited, version)
            graph = {} if picks is not None else game.graph(group, slot.id)
            for a, deps in graph.items():
                waited.setdefault(a, set()).update(deps)
                for b, r in deps.items():
                    if (a, b) not in seen_edges:
                        seen_edges.add((a, b))
                        edges.append(Edge(slot.id, a, b, r.test, r.detail))
            order: Iterable[tuple[ContinuousEffect, Any, Any, Mapping[str, Mapping[str, DependencyReason]]]]
            if picks is not None:
                order = in_one_pass(picks, group, waited, done, version)
            else:
                loops = loops_of(graph)  # 613.8b: found once, read by both questions below
                ok = set(ready(graph, version.loop_waits_as_unit, version.loop_ignores_dependency, loops))
                pick, tie = choose_next(group, ok, waited, done, board, game.state, version, slot.id)
                if tie is not None:
                    ties.append(tie)
                reason = why_chosen(pick, group, candidates, graph, waited, done, loops)
                order = [(pick, reason, tuple(sorted(e.key for e in group)), graph)]
                picks = [pick]
            applied = apply_in_order(picks, slot.id)
            for (pick, why, remaining, in_force), (targets, first, parts) in zip(order, applied, strict=True):
                if first:
                    locked_slot[pick.key] = slot.id
                done.add(pick.key)
                # the trace row is made when the trace is read (``Trace``)
                rows.append(
                    (slot, pick, remaining, in_force, parts, why, targets, first, None if replay else game.state)
                )
        skipped.extend(not_applied(slot, seen, done, board, game.state))
    states = replay() if replay is not None else None
    return Resolution(
        version=version.id,
        final=dict(game.state),
        skipped=tuple(skipped),
        edges=tuple(edges),
        ties=tuple(ties),
        trace=Trace(partial(trace_rows, rows, locked_slot, states)),
    )
