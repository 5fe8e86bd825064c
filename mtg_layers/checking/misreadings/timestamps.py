"""Misreadings of timestamp order (613.7 and its subrules): which timestamp each thing gets, and ties."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from reference.versions import RulesVersion

from .base import Misreading, doctoring, misreading, patched


@misreading(
    "613.7",
    "Within a layer the effect with the later timestamp is applied first.",
    "applies each slot's effects newest first",
)
def newest_first(version: RulesVersion) -> Iterator[RulesVersion]:
    def rank(e: Any, version: RulesVersion, cda_first: bool) -> tuple[int, Any, Any]:
        grant = e.tiebreak if version.granted_keeps_relative_order else float("-inf")
        return (0 if (cda_first and e.origin == "cda") else 1, -e.timestamp, -grant)

    with patched({"reference.resolver.rank": rank}):
        yield version


@misreading(
    "613.7a",
    "A static ability's effect has the timestamp of the object it is on, even when an effect granted it later.",
    "applies a recently granted static ability as early as its object's own timestamp",
)
def granted_ability_keeps_object_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.effects as eff

    original = eff.static_effect

    def static_effect(board: Any, state: Any, obj_id: str, wording: str) -> Any:
        e = original(board, state, obj_id, wording)
        if e is not None and wording in state[obj_id].granted:
            return dataclasses.replace(e, timestamp=board.objects[obj_id].timestamp)
        return e

    with patched({"reference.effects.static_effect": static_effect}):
        yield version


GRANTED_ORDER_LOST = doctoring(
    "613.7a",
    "When an object gets a new timestamp, its own and its granted abilities' effects all take it, tied.",
    "leaves the order of an object's own and granted static abilities undecided after it gets a new timestamp",
    "granted-order-lost",
    lambda v: dataclasses.replace(v, granted_keeps_relative_order=False),
)


@misreading(
    "613.7b",
    "A resolved spell's or ability's effect has the timestamp of its source object.",
    "orders a resolved effect by when its source entered, not when the effect was created",
)
def resolved_effect_takes_source_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.effects as eff

    original = eff.resolved_effects

    def resolved_effects(board: Any) -> list[Any]:
        out = []
        for e in original(board):
            src = board.objects.get(e.source) if e.source else None
            out.append(dataclasses.replace(e, timestamp=src.timestamp) if src is not None else e)
        return out

    with patched({"reference.effects.resolved_effects": resolved_effects}):
        yield version


@misreading(
    "613.7c",
    "Counters of one kind act together with the timestamp of the oldest of them.",
    "stamps only the counters put on now, and lets the kind act as early as its first counter",
)
def counters_oldest_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.clock as clk
    from reference.model import Counter

    original = clk.placed_counters

    def placed_counters(old: Any, new: Any, clock: Any) -> Any:
        # the counters already there keep their entry and timestamp; only the added ones are new
        had = {c.kind: sum(o.count for o in old if o.kind == c.kind) for c in old}
        stamp = {c.kind: max(o.timestamp for o in old if o.kind == c.kind) for c in old}
        out: list[Any] = []
        for c in new:
            if clk.by_rules(c.timestamp) and had.get(c.kind, 0) and c.count > had[c.kind]:
                out += [
                    Counter(c.kind, had[c.kind], stamp[c.kind]),
                    Counter(c.kind, c.count - had[c.kind], c.timestamp),
                ]
                had[c.kind] = 0
            else:
                out.append(c)
        return original(old, tuple(out), clock)

    def merged_counters(counters: tuple[Any, ...]) -> list[Any]:
        by_kind: dict[str, Any] = {}
        for c in counters:
            old = by_kind.get(c.kind)
            by_kind[c.kind] = (
                c if old is None else Counter(c.kind, old.count + c.count, min(old.timestamp, c.timestamp))
            )
        return [by_kind[k] for k in sorted(by_kind)]

    with patched(
        {"reference.case.placed_counters": placed_counters, "reference.effects.merged_counters": merged_counters}
    ):
        yield version


@misreading(
    "613.7c",
    "A counter put on an object that already has counters of that kind takes their timestamp.",
    "never gives counters of a kind a new timestamp when more are put on",
)
def added_counters_keep_old_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.clock as clk

    original = clk.placed_counters

    def placed_counters(old: Any, new: Any, clock: Any) -> Any:
        known = {c.kind: c.timestamp for c in old if not clk.by_rules(c.timestamp)}
        renewed = tuple(
            dataclasses.replace(c, timestamp=known[c.kind]) if clk.by_rules(c.timestamp) and c.kind in known else c
            for c in new
        )
        return original(old, renewed, clock)

    with patched({"reference.case.placed_counters": placed_counters}):
        yield version


def _keeping_timestamps(which: str) -> Any:
    """A wrapper of ``reference.case.apply_step``: the objects the step moves (or attaches) keep their timestamp."""
    import reference.case as case

    original = case.apply_step

    def apply_step(board: Any, step: Any, version: Any = None) -> Any:
        out = original(board, step, version)
        if which == "move":
            ids = [i for i, zone in step.move.items() if i in board.objects and board.objects[i].zone != zone]
        else:
            ids = [i for i, t in step.attach.items() if i in board.objects and board.objects[i].attached_to != t]
        objects = dict(out.objects)
        for i in ids:
            if i in objects and i not in step.set_timestamp:
                objects[i] = dataclasses.replace(objects[i], timestamp=board.objects[i].timestamp)
        return dataclasses.replace(out, objects=objects)

    return apply_step


@misreading(
    "613.7d",
    "An object that changes zones keeps the timestamp it had.",
    "leaves a permanent that returned to the battlefield older than effects created while it was away",
)
def zone_change_keeps_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.case.apply_step": _keeping_timestamps("move")}):
        yield version


@misreading(
    "613.7e",
    "An Aura or Equipment keeps its timestamp when it becomes attached to another object.",
    "applies a re-attached Equipment's effect as early as when it entered",
)
def attach_keeps_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.case.apply_step": _keeping_timestamps("attach")}):
        yield version


@misreading(
    "613.7f",
    "A permanent turned face up or face down keeps its timestamp.",
    "applies a permanent's own abilities, once it is turned face up, as early as when it entered",
)
def turn_face_keeps_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.case as case

    original = case.turn_face

    def turn_face(obj: Any, face_down: bool, timestamp: Any, clock: Any = None) -> Any:
        return dataclasses.replace(original(obj, face_down, timestamp, clock), timestamp=obj.timestamp)

    with patched({"reference.case.turn_face": turn_face}):
        yield version


@misreading(
    "613.7g",
    "A double-faced permanent that transforms keeps its timestamp.",
    "applies a transformed permanent's new face's abilities as early as when it entered",
)
def transform_keeps_timestamp(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.case as case

    original = case.transform  # type: ignore[attr-defined]

    def transform(board: Any, obj_id: str, timestamp: Any, clock: Any = None) -> Any:
        turned = original(board, obj_id, timestamp, clock)
        return dataclasses.replace(turned, timestamp=board.objects[obj_id].timestamp)

    with patched({"reference.case.transform": transform}):
        yield version


@misreading(
    "613.7m",
    "The order a player chose for simultaneous timestamps is read last first.",
    "applies, among objects that got their timestamps at once, the one the player put last first",
)
def chosen_order_reversed(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.resolver as res

    original = res.choose  # type: ignore[attr-defined]

    def choose(tied: Any, slot: str, board: Any, v: RulesVersion, controllers: Any) -> Any:
        flipped = dataclasses.replace(board, tie_order=tuple(reversed(board.tie_order)))
        return original(tied, slot, flipped, v, controllers)

    with patched({"reference.resolver.choose": choose}):
        yield version


@misreading(
    "613.7n",
    "Any object's static ability goes before a resolving effect that gets the same timestamp.",
    "puts another object's static ability before the resolving effect, not only the affected object's own",
)
def any_static_before_resolving(version: RulesVersion) -> Iterator[RulesVersion]:
    from reference.timestamps import NO_GRANT

    def must_precede(a: Any, b: Any, v: RulesVersion) -> bool:
        return (
            v.own_static_before_resolving
            and a.origin in ("static", "cda")
            and b.origin == "resolved"
            and a.source is not None
            and a.tiebreak == NO_GRANT
        )

    with patched({"reference.timestamps.must_precede": must_precede}):
        yield version


OWN_STATIC_NOT_FIRST = doctoring(
    "613.7n",
    "An object's own static ability and a resolving effect that apply to it at the same moment stay tied.",
    "leaves the order of the object's own static ability and the resolving effect to a player",
    "own-static-not-first",
    lambda v: dataclasses.replace(v, own_static_before_resolving=False),
)

MISREADINGS: tuple[Misreading, ...] = (
    newest_first,
    granted_ability_keeps_object_timestamp,
    GRANTED_ORDER_LOST,
    resolved_effect_takes_source_timestamp,
    counters_oldest_timestamp,
    added_counters_keep_old_timestamp,
    zone_change_keeps_timestamp,
    attach_keeps_timestamp,
    turn_face_keeps_timestamp,
    transform_keeps_timestamp,
    chosen_order_reversed,
    any_static_before_resolving,
    OWN_STATIC_NOT_FIRST,
)
