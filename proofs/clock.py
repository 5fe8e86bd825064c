"""The encoding's own reading of the timestamps the rules assign (613.7b-f), for the cross-check.

A step may leave timestamps to the rules: an object that enters (613.7d), a resolved
effect that is created (613.7b), counters that are placed (613.7c), an Aura or Equipment
that becomes attached (613.7e), a permanent turned face up or down (613.7f), an object
that moves to another zone (613.7d), and a double-faced permanent that transforms (613.7g).
This module reads the step's events on its own (it does not use the resolver's step
semantics) and says which timestamp each such event gives; the driver compares that with
the board the resolver's step semantics produced.

The reading: the game's time before a step is the newest timestamp on the board (rounded
down); each event the step leaves to the rules happens one unit later than the one before,
in the order the step's changes apply (objects added, tokens created, counters, attachments, explicit
timestamps, moves, turns face down, then up, transformations, new effects), and in list or id order within
one change. An explicit timestamp is kept, and later events come after it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from reference.model import Board

# object id, effect id, or (object id, counter kind) -> the timestamp the rules give it in this step
Assigned = dict[Any, float]


def _given(ts: float) -> bool:
    return not math.isinf(ts)


def assigned_timestamps(before: Board, step: Any) -> Assigned:
    """613.7b-f: what each event of ``step`` that carries no timestamp of its own is stamped with."""
    times = [e.timestamp for e in before.effects]
    for o in before.objects.values():
        times += [o.timestamp, *(c.timestamp for c in o.counters), *(t for t, _ in o.face_history)]
        times += [*(t for t, _ in o.transform_history), *(m.timestamp for m in o.merges)]  # 613.7g, 721.2a
    now = math.floor(max((t for t in times if _given(t)), default=0))
    out: Assigned = {}
    zone = {i: o.zone for i, o in before.objects.items()}
    attached = {i: o.attached_to for i, o in before.objects.items()}
    face_down = {i: o.face_down for i, o in before.objects.items()}
    counts: dict[str, dict[str, int]] = {
        i: _totals((c.kind, c.count) for c in o.counters) for i, o in before.objects.items()
    }

    def later(ts: float) -> None:
        nonlocal now
        if _given(ts):
            now = max(now, math.floor(ts))

    def tick() -> float:
        nonlocal now
        now += 1
        return now

    for o in step.add_objects:
        zone[o.id], attached[o.id], face_down[o.id] = o.zone, o.attached_to, o.face_down
        counts[o.id] = _totals((c.kind, c.count) for c in o.counters)
        if _given(o.timestamp):
            later(o.timestamp)
        else:
            out[o.id] = tick()
    for t in getattr(step, "create_tokens", ()):  # 111.3, 613.7d: a token enters after the objects added
        zone[t["id"]], attached[t["id"]], face_down[t["id"]] = "battlefield", None, False
        counts[t["id"]] = {}
        if _given(t["timestamp"]):
            later(t["timestamp"])
        else:
            out[t["id"]] = tick()
    for oid in sorted(step.set_counters):
        new = _totals((c.kind, c.count) for c in step.set_counters[oid])
        for c in step.set_counters[oid]:
            placed = new[c.kind] > counts.get(oid, {}).get(c.kind, 0)
            if not _given(c.timestamp) and (oid, c.kind) not in out and placed:
                out[(oid, c.kind)] = tick()
        counts[oid] = new
    explicit: Mapping[str, float] = step.set_timestamp
    for oid in sorted(step.attach):
        target = step.attach[oid]
        if target is not None and target != attached.get(oid) and oid not in explicit:
            out[oid] = tick()
        attached[oid] = target
    for oid in sorted(explicit):
        later(explicit[oid])
        out.pop(oid, None)
    for oid in sorted(step.move):
        if step.move[oid] != zone.get(oid) and oid not in explicit:
            out[oid] = tick()
    for turns, down in ((step.turn_face_down, True), (step.turn_face_up, False)):
        for oid in sorted(turns):
            if face_down.get(oid) != down:
                face_down[oid] = down
                if _given(turns[oid]):
                    later(turns[oid])
                    out.pop(oid, None)
                else:
                    out[oid] = tick()
    transforming = getattr(step, "transform", {})
    for oid in sorted(transforming):  # 613.7g: a permanent that turns over gets a new timestamp
        if _given(transforming[oid]):
            later(transforming[oid])
            out.pop(oid, None)
        elif zone.get(oid) == "battlefield" and not face_down.get(oid) and _two_faced(before, step, oid):
            out[oid] = tick()
    for how in getattr(step, "merge", {}).values():  # 721.2a: the merge's copiable effect
        later(how["timestamp"])
    for e in step.add_effects:
        if _given(e.timestamp):
            later(e.timestamp)
        else:
            out[("effect", e.id)] = tick()
    return out


def _two_faced(before: Board, step: Any, oid: str) -> bool:
    """712, 707.8a: an object with a back face, or a token copying one's both faces, can transform."""
    objects = {**before.objects, **{o.id: o for o in step.add_objects}}
    obj = objects.get(oid)
    if obj is None:
        return False
    if obj.back_face is not None:
        return True
    for e in before.effects:
        for p in e.parts if oid in e.applies_to else ():
            copied = objects.get(str(p.args.get("object"))) if p.op == "copy_of" else None
            if p.args.get("double_faced") and copied is not None and copied.back_face is not None:
                return True
    return False


def _totals(pairs: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind, n in pairs:
        out[kind] = out.get(kind, 0) + n
    return out


def disagreements(after: Board, assigned: Assigned) -> list[str]:
    """613.7b-f: where the board after the step carries another timestamp than the rules assign."""
    out = []
    for key, ts in sorted(assigned.items(), key=str):
        if isinstance(key, tuple) and key[0] == "effect":
            found = [e.timestamp for e in after.effects if e.id == key[1]]
            what = f"effect {key[1]}"
        elif isinstance(key, tuple):
            obj = after.objects.get(key[0])
            found = [c.timestamp for c in obj.counters if c.kind == key[1]] if obj else []
            what = f"{key[1]} counters on {key[0]}"
        else:
            obj = after.objects.get(key)
            found = [obj.timestamp] if obj else []
            what = f"object {key}"
        if found and any(f != ts for f in found):
            out.append(f"{what}: the rules assign timestamp {ts:g} (613.7), the board has {found[0]:g}")
    return out
