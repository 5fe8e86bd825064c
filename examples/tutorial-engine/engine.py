#!/usr/bin/env python3
"""tutorial-engine: a small layer engine written from docs/conformance.md and docs/formats.md alone.

It is the engine of docs/tutorial-engine.md: written in an afternoon, run against the corpus, and
fixed from what the reports said. It reads the ``board`` of each ``run`` message (persistent mode)
and imports nothing from mtg-layers. It knows layers 2 and 4 to 7 (control; types, subtypes,
supertypes; colors; abilities; power and toughness in 7a-7d), timestamps, static abilities with
filters, counters, and numbers or ``{count: FILTER}`` amounts; it declares the rules versions and
feature tags it supports, so the runner skips the rest.

    mtg-layers conformance -- python examples/tutorial-engine/engine.py
"""

from __future__ import annotations

import json
import sys
from typing import Any

# Which layer (and sublayer) each operation belongs to (613.1, 613.4).
LAYER = {
    "set_controller": (2, ""),
    "add_types": (4, ""),
    "set_types": (4, ""),
    "remove_types": (4, ""),
    "add_subtypes": (4, ""),
    "set_subtypes": (4, ""),
    "remove_subtypes": (4, ""),
    "add_supertypes": (4, ""),
    "remove_supertypes": (4, ""),
    "all_creature_types": (4, ""),
    "remove_all_creature_types": (4, ""),
    "set_colors": (5, ""),
    "add_colors": (5, ""),
    "add_abilities": (6, ""),
    "remove_abilities": (6, ""),
    "remove_all_abilities": (6, ""),
    "set_pt": (7, "b"),
    "modify_pt": (7, "c"),
    "switch_pt": (7, "d"),
}
FEATURES = [
    "layer-2-control",
    "layer-4-type",
    "layer-5-color",
    "layer-6-abilities",
    "layer-7a-cda",
    "layer-7b-set",
    "layer-7c-modify",
    "layer-7d-switch",
    "counters",
    "timestamps",
    "multi-step",
    "version-difference",
    "dependency",
    "lose-creature-types",
    "value-expression",
]


def matches(filt: Any, obj: dict[str, Any], source: dict[str, Any] | None, you: str) -> bool:
    """Does an object pass a filter (docs/formats.md, "A filter")?"""
    if isinstance(filt, list):  # a list of object ids
        return obj["id"] in filt
    for key, want in filt.items():
        if key == "all" and not all(matches(f, obj, source, you) for f in want):
            return False
        if key == "any" and not any(matches(f, obj, source, you) for f in want):
            return False
        if key == "not" and matches(want, obj, source, you):
            return False
        if key == "type" and want not in obj["types"]:
            return False
        if key == "subtype" and want not in obj["subtypes"]:
            return False
        if key == "supertype" and want not in obj["supertypes"]:
            return False
        if key == "color" and want not in obj["colors"]:
            return False
        if key == "controller":
            who = you if want == "you" else want
            if want == "opponent":
                if obj["controller"] == you:
                    return False
            elif obj["controller"] != who:
                return False
        if key == "is_source" and (source is not None and obj["id"] == source["id"]) != want:
            return False
        if key == "other_than_source" and source is not None and obj["id"] == source["id"] and want:
            return False
    return True


def amount(value: Any, state: dict[str, dict[str, Any]], source: dict[str, Any] | None, you: str) -> int:
    """A number, or {count: FILTER}: the objects on the battlefield the filter picks."""
    if isinstance(value, int):
        return value
    if isinstance(value, dict) and "count" in value:
        return sum(1 for o in state.values() if o["zone"] == "battlefield" and matches(value["count"], o, source, you))
    return 0


def apply_part(part: dict[str, Any], o: dict[str, Any], state: Any, source: Any, you: str) -> None:
    """One operation on one object's current values."""
    op = part["op"]
    if op == "set_controller":
        o["controller"] = you if part["player"] == "you" else part["player"]
    elif op == "add_types":
        o["types"] = sorted(set(o["types"]) | set(part["types"]))
    elif op == "set_types":
        o["types"] = list(part["types"])
    elif op == "remove_types":
        o["types"] = [t for t in o["types"] if t not in part["types"]]
    elif op == "add_subtypes":
        o["subtypes"] = sorted(set(o["subtypes"]) | set(part["subtypes"]))
    elif op == "set_subtypes":
        o["subtypes"] = list(part["subtypes"])
    elif op == "remove_subtypes":
        o["subtypes"] = [t for t in o["subtypes"] if t not in part["subtypes"]]
    elif op == "add_supertypes":
        o["supertypes"] = sorted(set(o["supertypes"]) | set(part["supertypes"]))
    elif op == "remove_supertypes":
        o["supertypes"] = [t for t in o["supertypes"] if t not in part["supertypes"]]
    elif op == "all_creature_types":
        o["all_creature_types"] = True
    elif op == "remove_all_creature_types":
        o["all_creature_types"] = False
    elif op == "set_colors":
        o["colors"] = list(part["colors"])
    elif op == "add_colors":
        o["colors"] = sorted(set(o["colors"]) | set(part["colors"]))
    elif op == "add_abilities":
        o["abilities"] = sorted(set(o["abilities"]) | set(part["abilities"]))
    elif op == "remove_abilities":
        o["abilities"] = [a for a in o["abilities"] if a not in part["abilities"]]
    elif op == "remove_all_abilities":
        o["abilities"] = []
    elif op == "set_pt":
        if "power" in part:
            o["power"] = amount(part["power"], state, source, you)
        if "toughness" in part:
            o["toughness"] = amount(part["toughness"], state, source, you)
    elif op == "modify_pt":
        o["power"] = (o["power"] or 0) + amount(part.get("power", 0), state, source, you)
        o["toughness"] = (o["toughness"] or 0) + amount(part.get("toughness", 0), state, source, you)
    elif op == "switch_pt":
        o["power"], o["toughness"] = o["toughness"], o["power"]


def effects_of(board: dict[str, Any]) -> list[dict[str, Any]]:
    """Every continuous effect: resolved effects, and the static abilities of the objects that have them."""
    out = []
    for e in board["effects"]:
        out.append({"timestamp": e["timestamp"], "applies_to": e["applies_to"], "parts": e["parts"],
                    "source": None, "you": e.get("controller", "p1"), "cda": False})
    definitions = {a["text"]: a for a in board["abilities"]}
    for o in board["objects"]:
        if o["zone"] != "battlefield":
            continue
        for text in o["abilities"]:
            d = definitions.get(text)
            if d is None or not d.get("parts"):
                continue
            out.append({"timestamp": o["timestamp"], "applies_to": d.get("applies_to", {"is_source": True}),
                        "parts": d["parts"], "source": o, "you": o["controller"], "cda": d.get("cda", False)})
    return out


def resolve(board: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Layers 2, 4, 5, 6 and 7a-7d, each effect in timestamp order."""
    state = {o["id"]: dict(o) for o in board["objects"]}
    slots = [(2, ""), (4, ""), (5, ""), (6, ""), (7, "a"), (7, "b"), (7, "c"), (7, "d")]
    effects = sorted(effects_of(board), key=lambda e: e["timestamp"])
    for slot in slots:
        for e in effects:
            for part in e["parts"]:
                layer = LAYER.get(part["op"])
                if layer is None:
                    continue
                if e["cda"] and layer == (7, "b"):
                    layer = (7, "a")
                if layer != slot:
                    continue
                for o in state.values():
                    if matches(e["applies_to"], o, e["source"], e["you"]):
                        apply_part(part, o, state, e["source"], e["you"])
        if slot == (7, "c"):
            for o in state.values():
                for c in o["counters"]:
                    if c["kind"] == "+1/+1":
                        o["power"] += c["count"]
                        o["toughness"] += c["count"]
    out = {}
    for oid, o in state.items():
        counters: dict[str, int] = {}
        for c in o["counters"]:
            counters[c["kind"]] = counters.get(c["kind"], 0) + c["count"]
        out[oid] = {k: o[k] for k in ("name", "controller", "owner", "mana_value", "types", "subtypes", "supertypes",
                                     "all_creature_types", "colors", "abilities", "power", "toughness", "face_down",
                                     "zone")} | {"counters": counters}
    return out


def answer(message: dict[str, Any]) -> dict[str, Any] | None:
    if message["cmd"] == "start":
        return {"ready": True, "version": 1, "implementation": {
            "name": "tutorial-engine", "language": "python", "version": "0.1.0",
            "rules_versions": ["ikoria"], "features": FEATURES}}
    if message["cmd"] == "stop":
        return None
    try:
        return {"seq": message["seq"], "results": resolve(message["board"])}
    except Exception as exc:  # report, don't crash
        return {"seq": message["seq"], "errored": True, "message": f"{type(exc).__name__}: {exc}"}


def main() -> None:
    for line in sys.stdin:
        reply = answer(json.loads(line))
        if reply is None:
            break
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
