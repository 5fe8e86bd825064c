"""The feature tags a generated board shows: the ingredients its data holds, the outcomes its resolution shows."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from reference.chosen import mentions_choice
from reference.resolver import Resolution

from ..analysis.coverage import OP_FEATURES
from .vocabulary import Data

# The coverage table, plus 7b for any set_pt: a generated board's CDAs are tagged separately below.
_OP_TAGS: Mapping[str, tuple[str, ...]] = {**OP_FEATURES, "set_pt": ("layer-7b-set",)}


OBJECT_VALUES = ("counters", "source_counters", "devotion", "card_types_among")


def _reads_objects(value: Any) -> bool:
    """True when a value expression reads counters, devotion or card types among objects (values-from-objects)."""
    if isinstance(value, Mapping):
        return any(k in value for k in OBJECT_VALUES) or any(_reads_objects(v) for v in value.values())
    if isinstance(value, list):
        return any(_reads_objects(v) for v in value)
    return False


def content_tags(data: Mapping[str, Any]) -> set[str]:
    """The ingredient tags a board's data shows (operations, counters, face-down, CDAs, values, steps)."""
    tags: set[str] = set()
    parts: list[Mapping[str, Any]] = []
    for e in data.get("effects", ()):
        parts += e["parts"]
    for s in data["steps"]:
        for e in s.get("add_effects", ()):
            parts += e["parts"]
    every = list(data["objects"]) + [o for s in data["steps"] for o in s.get("add_objects", ())]
    texts_on_objects = {t for o in every for t in o.get("abilities", ())}
    for a in data.get("abilities", ()):
        if a["text"] in texts_on_objects:
            parts += a.get("parts", [])
            if a.get("enters_with"):
                tags.add("entry-counters")  # 614.1c: a replacement effect on entering objects
            if mentions_choice(a):
                tags.add("chosen-values")  # 607.2d: it reads its object's choice
            if a.get("cda"):
                tags.add("layer-7a-cda")
            if a.get("condition"):
                tags.add("conditional-static")
                if _reads_objects(a["condition"]):
                    tags.add("values-from-objects")
    for p in parts:
        op = p["op"]
        tags.update(_OP_TAGS.get(op, ("layer-4-type",) if "type" in op else ()))
        if op == "copy_of" and p.get("except"):
            tags.add("copy-exception")
        if any(isinstance(p.get(k), Mapping) for k in ("power", "toughness")):
            tags.add("value-expression")
        if _reads_objects([p.get("power"), p.get("toughness")]):
            tags.add("values-from-objects")
        if op == "remove_all_creature_types":
            tags.add("lose-creature-types")
    for o in every:
        for key, tag in (
            ("mana_cost", "mana-cost"),
            ("owner", "owner"),
            ("entered_as", "entry-choice"),
            ("back_face", "double-faced"),
            ("transformed", "double-faced"),
            ("chosen", "chosen-values"),
        ):
            if o.get(key) is not None:
                tags.add(tag)
    for s in data["steps"]:
        for key, tag in (
            ("move", "zone-change"),
            ("state_based_actions", "state-based-actions"),
            ("legend_rule_keeps", "legend-rule"),
            ("transform", "double-faced"),
            ("merge", "merged"),
            ("create_tokens", "created-tokens"),
            ("game", "game-state"),
        ):
            if s.get(key):
                tags.add(tag)
    for o in data["objects"]:
        if o.get("face_down"):
            tags.add("face-down")
        for c in o.get("counters", ()):
            tags.add("counters" if "/" in c["kind"] else "keyword-counters")
    for s in data["steps"]:
        for cs in s.get("set_counters", {}).values():
            if cs:
                tags.add("counters")
    if data.get("game"):
        tags.add("game-state")  # 102.1, 119.1, 402.1: the effects read the game state
    if len(data["steps"]) > 1:
        tags.add("multi-step")
    for s in data["steps"]:
        if s.get("turn_face_up") or s.get("turn_face_down"):
            tags.add("turn-face-up-down")
        if s.get("turn_face_down"):
            tags.add("face-down")
        # 613.7b-f: a timestamp left out (or null) is the time of the step (coverage.rule_timestamps)
        turned = [*s.get("turn_face_up", {}).values(), *s.get("turn_face_down", {}).values()]
        if (
            any("timestamp" not in e for e in s.get("add_effects", ()))
            or any("timestamp" not in o for o in s.get("add_objects", ()))
            or any("timestamp" not in c for cs in s.get("set_counters", {}).values() for c in cs)
            or any(t is None for t in turned)
        ):
            tags.add("rule-timestamps")
    return tags


def outcome_tags(res: Resolution, answers: Mapping[str, Mapping[str, Mapping[str, Any]]], data: Data) -> set[str]:
    """The outcome tags the reference's resolution shows (dependencies, loops, lock-in …)."""
    tags: set[str] = set()
    if res.edges:
        tags.add("dependency")
    if any(step.why.kind == "loop" for step in res.steps):
        tags.add("dependency-loop")
    if any(step.why.kind == "cda-first" for step in res.steps):
        tags.add("cda-first")
    if any(step.locked_from is not None for step in res.steps):
        tags.add("lock-in")
    seen: dict[str, set[str]] = {}
    for step in res.steps:
        touched = seen.setdefault(step.slot, set())
        if touched & set(step.affected):
            tags.add("timestamps")
        touched.update(step.affected)
    defined = {a["text"] for a in data.get("abilities", ()) if a.get("parts")}  # static abilities (611.3)
    every = list(data["objects"]) + [o for s in data["steps"] for o in s.get("add_objects", ())]
    printed = {o["id"]: set(o.get("abilities", ())) for o in every}
    final = answers[res.version]
    for r in final.values():  # counters an object entered with (614.1c) are the reference's to add
        tags.update("counters" if "/" in kind else "keyword-counters" for kind in r["counters"])
    granted = any((set(r["abilities"]) & defined) - printed.get(oid, set()) for oid, r in final.items())
    if res.skipped or granted:
        tags.add("static-existence")
    if len({json.dumps(a, sort_keys=True) for a in answers.values()}) > 1:
        tags.add("version-difference")
    # 305.6: a land with a basic land type has its intrinsic mana ability ("{t}: add {u}.")
    if any(
        _INTRINSIC.match(a) and a not in printed.get(oid, set()) for oid, r in final.items() for a in r["abilities"]
    ):
        tags.add("intrinsic-mana-abilities")
    if any(r["zone"] != "battlefield" for r in final.values()):
        tags.add("other-zones")  # 613.1: the engine must give characteristics in every zone
    return tags


_INTRINSIC = re.compile(r"^\{t\}: add \{[wubrgc]\}\.$")
