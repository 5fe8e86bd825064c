"""Building the reference's values from checked case data: objects, effects, ability definitions and the case.

The data has passed the earlier stages (``read``, ``schema``, ``meaning``); a timestamp a case
leaves out is the one the rules assign (``reference.clock.BY_RULES``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from reference.case import Case, Step
from reference.clock import BY_RULES
from reference.frozen import FrozenMap, freeze
from reference.model import AbilityDef, Characteristics, Counter, Effect, GameObject, Merge, Part, Sticker

from . import authoring

# Equal characteristics built from case data are one value (bounded): a board's objects of one card share their
# printed value, which the fast path reads once (``reference_optimized.bookkeeping.shared_initial_state``).
_BUILT: dict[Characteristics, Characteristics] = {}
_BUILT_KEPT = 65536


def _characteristics(o: Mapping[str, Any]) -> Characteristics:
    built = _new_characteristics(o)
    if len(_BUILT) >= _BUILT_KEPT:
        _BUILT.clear()
    return _BUILT.setdefault(built, built)


def _new_characteristics(o: Mapping[str, Any]) -> Characteristics:
    cost = o.get("mana_cost")
    return Characteristics(
        name=o["name"] if "name" in o else o.get("card", o.get("id")),
        mana_value=int(o.get("mana_value", authoring.mana_value_of(cost) if cost else 0)),
        mana_cost=cost,
        colors=frozenset(o.get("colors", ())),
        types=frozenset(o.get("types", ())),
        subtypes=frozenset(o.get("subtypes", ())),
        supertypes=frozenset(o.get("supertypes", ())),
        abilities=frozenset(o.get("abilities", ())),
        power=o.get("power"),
        toughness=o.get("toughness"),
        controller=str(o.get("controller", o.get("owner", "p1"))),
        all_creature_types=bool(o.get("all_creature_types", False)),
    )


def _counters(items: Iterable[Mapping[str, Any]], default_ts: float) -> tuple[Counter, ...]:
    return tuple(Counter(str(c["kind"]), int(c["count"]), c.get("timestamp", default_ts)) for c in items)


def _sticker(s: Mapping[str, Any]) -> Sticker:
    """123.6-123.8: a sticker; 613.7k: without a timestamp, the rules give it one (reference.stickers)."""
    return Sticker(
        kind=str(s["kind"]),
        timestamp=s.get("timestamp", BY_RULES),
        word=s.get("word"),
        position=int(s.get("position", 0)),
        ability=s.get("ability"),
        power=s.get("power"),
        toughness=s.get("toughness"),
    )


def _object(o: Mapping[str, Any]) -> GameObject:
    ch = _characteristics(o)
    ts = o.get("timestamp", BY_RULES)  # 613.7d: an object a step adds without one gets it as it enters
    return GameObject(
        id=o["id"],
        printed=ch,
        owner=str(o.get("owner", ch.controller)),
        timestamp=ts,
        zone=o.get("zone", "battlefield"),
        token=bool(o.get("token", False)),
        face_down=bool(o.get("face_down", False)),
        face_down_values=freeze(o.get("face_down_values", {})),
        face_history=tuple((h["timestamp"], bool(h["face_down"])) for h in o.get("face_history", ())),
        attached_to=o.get("attached_to"),
        counters=_counters(o.get("counters", ()), ts),
        card=o.get("card"),
        exiled_with=o.get("exiled_with"),
        entered_as=freeze(o.get("entered_as", {})),
        chosen=freeze(o.get("chosen", {})),
        merges=tuple(
            Merge(m["timestamp"], m["position"] == "over", _object(m["component"])) for m in o.get("merges", ())
        ),
        back_face=_back_face(o, ch),
        transformed=bool(o.get("transformed", False)),
        transform_history=tuple((h["timestamp"], bool(h["transformed"])) for h in o.get("transform_history", ())),
        modal=bool(o.get("modal", False)),
        stickers=tuple(_sticker(s) for s in o.get("stickers", ())),
        monstrous=bool(o.get("monstrous", False)),
        flip_face=_flip_face(o, ch),
        flipped=bool(o.get("flipped", False)),
    )


def _back_face(o: Mapping[str, Any], front: Characteristics) -> Characteristics | None:
    """712: a double-faced card's back face (its own printed values; the controller is the object's)."""
    back = o.get("back_face")
    if back is None:
        return None
    return _characteristics({"name": None, **back, "controller": front.controller})


def _flip_face(o: Mapping[str, Any], normal: Characteristics) -> Characteristics | None:
    """710.1b-c: a flip card's alternative half (its color and mana cost are the normal half's)."""
    half = o.get("flip_face")
    if half is None:
        return None
    ch = _characteristics({**half, "controller": normal.controller})
    return ch.with_(colors=normal.colors, mana_cost=normal.mana_cost, mana_value=normal.mana_value)


def _part(p: Mapping[str, Any]) -> Part:
    return Part(op=p["op"], args=freeze({k: v for k, v in p.items() if k != "op"}))


def _effect(e: Mapping[str, Any]) -> Effect:
    return Effect(
        id=e["id"],
        timestamp=e.get("timestamp", BY_RULES),  # 613.7b: a step's new effect without one: when it is created
        applies_to=tuple(e["applies_to"]),
        parts=tuple(_part(p) for p in e["parts"]),
        controller=e.get("controller"),
        source=e.get("source"),
        description=e.get("description", ""),
    )


def _ability(a: Mapping[str, Any]) -> AbilityDef:
    return AbilityDef(
        text=a["text"],
        cda=bool(a.get("cda", False)),
        applies_to=freeze(a.get("applies_to", {"is_source": True})),
        parts=tuple(_part(p) for p in a.get("parts", ())),
        condition=freeze(a["condition"]) if "condition" in a else None,
        enters_with=freeze(a["enters_with"]) if "enters_with" in a else None,
        creates=freeze(a["creates"]) if "creates" in a else None,
        functions_in=tuple(a["functions_in"]) if "functions_in" in a else None,
    )


def _turns(turns: Mapping[str, Any]) -> dict[str, float]:
    """613.7f-g: a turn or transformation written with a null timestamp gets the one the rules assign as it happens."""
    return {oid: BY_RULES if ts is None else ts for oid, ts in turns.items()}


def build_case(data: Mapping[str, Any], label: str) -> Case:
    """The case, its objects, effects, ability definitions and steps, from checked case data."""
    steps = tuple(
        Step(
            description=s["description"],
            expect=freeze(s["expect"]),
            add_objects=tuple(_object(o) for o in s.get("add_objects", ())),
            remove_objects=tuple(s.get("remove_objects", ())),
            add_effects=tuple(_effect(e) for e in s.get("add_effects", ())),
            end_effects=tuple(s.get("end_effects", ())),
            # 613.7c: a counter entry without a timestamp gets the moment it is placed (reference.clock)
            set_counters=FrozenMap({k: _counters(v, BY_RULES) for k, v in s.get("set_counters", {}).items()}),
            attach=FrozenMap(s.get("attach", {})),
            set_timestamp=FrozenMap(s.get("set_timestamp", {})),
            move=FrozenMap(s.get("move", {})),
            state_based_actions=bool(s.get("state_based_actions", False)),
            legend_rule_keeps=tuple(s.get("legend_rule_keeps", ())),
            transform=FrozenMap(_turns(s.get("transform", {}))),
            merge=freeze(s.get("merge", {})),
            outcomes=FrozenMap({v: tuple(freeze(o) for o in alts) for v, alts in s.get("outcomes", {}).items()}),
            turn_face_up=FrozenMap(_turns(s.get("turn_face_up", {}))),
            turn_face_down=FrozenMap(_turns(s.get("turn_face_down", {}))),
            game=freeze(s.get("game", {})),
            create_tokens=tuple(
                freeze({**t, "timestamp": t.get("timestamp", BY_RULES)}) for t in s.get("create_tokens", ())
            ),
            become_monstrous=tuple(s.get("become_monstrous", ())),
            flip=tuple(s.get("flip", ())),
            put_stickers=FrozenMap(
                {oid: tuple(_sticker(x) for x in new) for oid, new in s.get("put_stickers", {}).items()}
            ),
        )
        for s in data["steps"]
    )
    return Case(
        id=data["id"],
        title=data["title"],
        versions=tuple(data["versions"]),
        features=tuple(data["features"]),
        sources=freeze(data["sources"]),
        objects=tuple(_object(o) for o in data["objects"]),
        effects=tuple(_effect(e) for e in data.get("effects", ())),
        abilities=FrozenMap({a["text"]: _ability(a) for a in data.get("abilities", ())}),
        steps=steps,
        status=data.get("status", "official"),
        rules=tuple(data.get("rules", ())),
        notes=tuple(data.get("notes", ())),
        cards=freeze(data.get("cards", ())),
        path=label,
        tie_order=tuple(data.get("tie_order", ())),
        game=freeze(data.get("game", {})),
    )
