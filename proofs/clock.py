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
one change. An explicit timestamp is kept, and later events come after it. Stickers (613.7k):
one put on gets the time it is put on (after merges, before new effects); an object that gets a
new timestamp gives its stickers new ones right after it (its timestamp plus n/64 for the n-th, in
their order), and a merge gives the stickers of both objects the merge's time the same way.

Not here: becoming monstrous gives no timestamp (701.37b: a designation, not an effect), nor does
flipping (710.3: not among 613.7's events); the
state-based actions a step asks for happen after all its events, and the permanents they put
into a graveyard are stamped by ``proofs.steps`` from the board as it is then (613.7d, one per
object in id order, after every timestamp on the board).
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
        times += [x.timestamp for x in o.stickers]  # 613.7k
        times += [*(t for t, _ in o.transform_history), *(m.timestamp for m in o.merges)]  # 613.7g, 721.2a
    now = math.floor(max((t for t in times if _given(t)), default=0))
    out: Assigned = {}
    zone = {i: o.zone for i, o in before.objects.items()}
    attached = {i: o.attached_to for i, o in before.objects.items()}
    face_down = {i: o.face_down for i, o in before.objects.items()}
    counts: dict[str, dict[str, int]] = {
        i: _totals((c.kind, c.count) for c in o.counters) for i, o in before.objects.items()
    }
    # 613.7k: each object's stickers (their timestamps, in their order) and the new timestamp it gets in the step
    stickers: dict[str, list[float]] = {i: [x.timestamp for x in o.stickers] for i, o in before.objects.items()}
    renewed: dict[str, float] = {}

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
        stickers[o.id] = [x.timestamp for x in o.stickers]
        if _given(o.timestamp):
            later(o.timestamp)
            renewed[o.id] = o.timestamp
        else:
            out[o.id] = renewed[o.id] = tick()
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
            out[oid] = renewed[oid] = tick()
        attached[oid] = target
    for oid in sorted(explicit):
        later(explicit[oid])
        out.pop(oid, None)
        renewed[oid] = explicit[oid]
    for oid in sorted(step.move):
        if step.move[oid] != zone.get(oid):
            if step.move[oid] in ("hand", "library"):  # 123.5: stickers fall off in a hidden zone
                stickers[oid] = []
            if oid not in explicit:
                out[oid] = renewed[oid] = tick()
    for turns, down in ((step.turn_face_down, True), (step.turn_face_up, False)):
        for oid in sorted(turns):
            if face_down.get(oid) != down:
                face_down[oid] = down
                if _given(turns[oid]):
                    later(turns[oid])
                    out.pop(oid, None)
                    renewed[oid] = turns[oid]
                else:
                    out[oid] = renewed[oid] = tick()
    transforming = getattr(step, "transform", {})
    for oid in sorted(transforming):  # 613.7g: a permanent that turns over gets a new timestamp
        if _given(transforming[oid]):
            later(transforming[oid])
            out.pop(oid, None)
            if before.objects.get(oid) is not None and before.objects[oid].back_face is not None:
                renewed[oid] = transforming[oid]
        elif zone.get(oid) == "battlefield" and not face_down.get(oid) and _two_faced(before, step, oid):
            out[oid] = renewed[oid] = tick()
    for oid, ts in renewed.items():  # 613.7k: stickers right after their object's new timestamp, in order
        for rank, n in enumerate(sorted(range(len(stickers.get(oid, []))), key=lambda k: stickers[oid][k])):
            out[("sticker", oid, n)] = stickers[oid][n] = ts + (rank + 1) / 64
    for spell, how in getattr(step, "merge", {}).items():  # 721.2a: the merge's copiable effect
        later(how["timestamp"])
        onto = str(how["onto"])  # 123.5b, 613.7k: both objects' stickers, stamped at the merge, in order
        joined = stickers.get(onto, []) + stickers.pop(spell, [])
        order = sorted(range(len(joined)), key=lambda k: joined[k])
        stickers[onto] = list(joined)
        for rank, n in enumerate(order):
            out[("sticker", onto, n)] = stickers[onto][n] = how["timestamp"] + (rank + 1) / 64
    for oid in sorted(getattr(step, "put_stickers", {})):  # 613.7k: a sticker put on, the time it is put on
        for _ in step.put_stickers[oid]:
            out[("sticker", oid, len(stickers.setdefault(oid, [])))] = tick()
            stickers[oid].append(now)
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
        if isinstance(key, tuple) and key[0] == "sticker":
            obj = after.objects.get(key[1])
            found = [obj.stickers[key[2]].timestamp] if obj and len(obj.stickers) > key[2] else [math.nan]
            what = f"sticker {key[2]} on {key[1]}"
        elif isinstance(key, tuple) and key[0] == "effect":
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
