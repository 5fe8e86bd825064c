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
        if key in ("subtype", "color"):
            want = chosen_words([want], source)[0]
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
        # fix 1 (the reports' first lesson): "enchanted creature", and an unknown key matches nothing
        if key == "attached_to_source" and (source is None or source.get("attached_to") != obj["id"]) == bool(want):
            return False
        if key == "zone" and obj["zone"] != want:
            return False
        # fix 4: "each creature with a gold counter on it" (122.1)
        if key == "has_counter" and not any(c["kind"] == want and c["count"] > 0 for c in obj["counters"]):
            return False
        if key not in KNOWN_FILTER_KEYS:
            return False
    return True


KNOWN_FILTER_KEYS = {
    "all",
    "any",
    "not",
    "type",
    "subtype",
    "supertype",
    "color",
    "controller",
    "is_source",
    "other_than_source",
    "attached_to_source",
    "zone",
    "has_counter",
}


def amount(value: Any, state: dict[str, dict[str, Any]], source: dict[str, Any] | None, you: str) -> int:
    """A number, or {count: FILTER}: the objects on the battlefield the filter picks."""
    if isinstance(value, int):
        return value
    if isinstance(value, dict) and "count" in value:
        return sum(1 for o in state.values() if o["zone"] == "battlefield" and matches(value["count"], o, source, you))
    return 0


def chosen_words(values: list[Any], source: dict[str, Any] | None) -> list[Any]:
    """A chosen word ({chosen: color}, 614.1c) is what the effect's source chose as it entered."""
    chosen = (source or {}).get("chosen") or {}
    return [chosen[v["chosen"]] if isinstance(v, dict) and "chosen" in v else v for v in values]


def apply_part(part: dict[str, Any], o: dict[str, Any], state: Any, source: Any, you: str) -> None:
    """One operation on one object's current values."""
    part = {k: chosen_words(v, source) if isinstance(v, list) else v for k, v in part.items()}
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
        out.append(
            {
                "timestamp": e["timestamp"],
                "applies_to": e["applies_to"],
                "parts": e["parts"],
                "source": None,
                "you": e.get("controller", "p1"),
                "cda": False,
            }
        )
    definitions = {a["text"]: a for a in board["abilities"]}
    for o in board["objects"]:
        if o["zone"] != "battlefield":
            continue
        for text in o["abilities"]:
            d = definitions.get(text)
            if d is None or not d.get("parts"):
                continue
            out.append(
                {
                    "timestamp": o["timestamp"],
                    "applies_to": d.get("applies_to", {"is_source": True}),
                    "parts": d["parts"],
                    "source": o,
                    "you": o["controller"],
                    "cda": d.get("cda", False),
                }
            )
    return out


# 205.3: the card type each non-creature subtype the corpus uses goes with; any other subtype is a creature type.
SUBTYPE_OWNER = {
    **dict.fromkeys(("aura", "saga", "shrine", "cartouche", "rune", "class", "curse", "role"), "enchantment"),
    **dict.fromkeys(("equipment", "vehicle", "food", "clue", "treasure", "fortification", "gold"), "artifact"),
    **dict.fromkeys(("plains", "island", "swamp", "mountain", "forest", "desert", "gate", "locus", "urza's"), "land"),
    **dict.fromkeys(
        ("gideon", "jace", "liliana", "chandra", "nissa", "ajani", "garruk", "karn", "oko"), "planeswalker"
    ),
}


def fits(subtype: str, types: list[str]) -> bool:
    """205.3d: an object has a subtype only if it has the card type that subtype goes with."""
    owner = SUBTYPE_OWNER.get(subtype)
    if owner is None:
        return any(t in types for t in ("creature", "kindred", "tribal"))
    return owner in types


def pt_counter(kind: str) -> tuple[int, int] | None:
    """A power/toughness counter's bonus: "+1/+1" -> (1, 1), "-0/-1" -> (0, -1); None for other kinds."""
    if "/" not in kind:
        return None
    power, toughness = kind.split("/", 1)
    try:
        return int(power), int(toughness)
    except ValueError:
        return None


def resolve(board: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Layers 2, 4, 5, 6 and 7a-7d, each effect in timestamp order."""
    state = {o["id"]: dict(o) for o in board["objects"]}
    slots = [(2, ""), (4, ""), (5, ""), (6, ""), (7, "a"), (7, "b"), (7, "c"), (7, "d")]
    effects = sorted(effects_of(board), key=lambda e: e["timestamp"])
    locked: dict[int, list[str]] = {}  # fix 6 (found by the fuzzer): 613.6, who an effect applies to is fixed
    for slot in slots:
        for n, e in enumerate(effects):
            for part in e["parts"]:
                layer = LAYER.get(part["op"])
                if layer is None:
                    continue
                if e["cda"] and layer == (7, "b"):
                    layer = (7, "a")
                if layer != slot:
                    continue
                if n not in locked:  # when the effect first applies, not again for each of its parts
                    locked[n] = [oid for oid, o in state.items() if matches(e["applies_to"], o, e["source"], e["you"])]
                for oid in locked[n]:
                    apply_part(part, state[oid], state, e["source"], e["you"])
        if slot == (4, ""):  # fix 3: 205.3d, a subtype stays only with a card type that allows it
            for o in state.values():
                o["subtypes"] = [s for s in o["subtypes"] if fits(s, o["types"])]
                # 205.2a: under the rules of 2020 (ikoria) the card type is written "tribal"
                o["types"] = sorted({"tribal" if x == "kindred" else x for x in o["types"]})
        if slot == (7, "c"):
            for o in state.values():
                for c in o["counters"]:
                    bonus = pt_counter(c["kind"])  # fix 2: every "+X/+Y" kind (122.1a), not only +1/+1
                    if bonus is not None and o["power"] is not None:
                        o["power"] += bonus[0] * c["count"]
                        o["toughness"] += bonus[1] * c["count"]
    out = {}
    for oid, o in state.items():
        counters: dict[str, int] = {}
        for c in o["counters"]:
            counters[c["kind"]] = counters.get(c["kind"], 0) + c["count"]
        out[oid] = {
            k: o[k]
            for k in (
                "name",
                "controller",
                "owner",
                "mana_value",
                "types",
                "subtypes",
                "supertypes",
                "all_creature_types",
                "colors",
                "abilities",
                "power",
                "toughness",
                "face_down",
                "zone",
            )
        } | {"counters": counters}
        if "creature" not in o["types"]:  # fix 5 (found by the fuzzer): 208.3, no P/T for a noncreature
            out[oid]["power"] = out[oid]["toughness"] = None
    return out


def answer(message: dict[str, Any]) -> dict[str, Any] | None:
    if message["cmd"] == "start":
        return {
            "ready": True,
            "version": 1,
            "implementation": {
                "name": "tutorial-engine",
                "language": "python",
                "version": "0.1.0",
                "rules_versions": ["ikoria"],
                "features": FEATURES,
            },
        }
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
