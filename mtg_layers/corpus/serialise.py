"""Boards as corpus-format case files: a finding (a disagreement, a minimal board) becomes a case for review.

``board_to_case`` turns a ``reference.model.Board`` back into the corpus YAML shape
(one step, expectations per rules version); ``write_finding`` writes it under
``proofs/findings/`` with a stable, content-derived file name.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from reference.frozen import thaw
from reference.model import AbilityDef, Board, Characteristics, Effect, GameObject, Part, Sticker

from ..paths import ROOT

FINDINGS_DIR = ROOT / "proofs" / "findings"


def _num(x: Any) -> Any:
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def _part(p: Part) -> dict[str, Any]:
    out: dict[str, Any] = {"op": p.op}
    out.update(thaw(p.args))
    return out


def object_data(o: GameObject) -> dict[str, Any]:
    """One object in the corpus shape (only the fields that differ from the defaults)."""
    ch = o.printed
    out: dict[str, Any] = {"id": o.id}
    if o.card is not None:
        out["card"] = o.card
    out["name"] = ch.name
    out["controller"] = ch.controller
    if o.owner != ch.controller:
        out["owner"] = o.owner
    out["timestamp"] = _num(o.timestamp)
    if o.zone != "battlefield":
        out["zone"] = o.zone
    if o.token:
        out["token"] = True
    out["mana_value"] = ch.mana_value
    if ch.mana_cost is not None:
        out["mana_cost"] = ch.mana_cost
    for f in ("colors", "types", "subtypes", "supertypes", "abilities"):
        values = sorted(getattr(ch, f))
        if values:
            out[f] = values
    if ch.all_creature_types:
        out["all_creature_types"] = True
    if ch.power is not None:
        out["power"] = ch.power
    if ch.toughness is not None:
        out["toughness"] = ch.toughness
    if o.counters:
        out["counters"] = [{"kind": c.kind, "count": c.count, "timestamp": _num(c.timestamp)} for c in o.counters]
    if o.face_down:
        out["face_down"] = True
        if o.face_down_values:
            out["face_down_values"] = thaw(o.face_down_values)
    if o.entered_as:
        out["entered_as"] = thaw(o.entered_as)
    if o.exiled_with is not None:
        out["exiled_with"] = o.exiled_with
    if o.chosen:
        out["chosen"] = thaw(o.chosen)
    if o.face_history:
        out["face_history"] = [{"timestamp": _num(ts), "face_down": fd} for ts, fd in o.face_history]
    if o.merges:
        out["merges"] = [
            {
                "timestamp": _num(m.timestamp),
                "position": "over" if m.over else "under",
                "component": object_data(m.component),
            }
            for m in o.merges
        ]
    if o.back_face is not None:
        out["back_face"] = _face_data(o.back_face)
    if o.transformed:
        out["transformed"] = True
    if o.transform_history:
        out["transform_history"] = [{"timestamp": _num(ts), "transformed": t} for ts, t in o.transform_history]
    if o.modal:
        out["modal"] = True
    if o.attached_to is not None:
        out["attached_to"] = o.attached_to
    if o.monstrous:  # 701.37b
        out["monstrous"] = True
    if o.flip_face is not None:  # 710.1b: the alternative half (its color and mana cost are the normal half's)
        half = _face_data(o.flip_face)
        out["flip_face"] = {k: v for k, v in half.items() if k not in ("mana_value", "mana_cost", "colors")}
    if o.flipped:  # 710.3
        out["flipped"] = True
    if o.stickers:  # 123, 613.7k
        out["stickers"] = [sticker_data(st) for st in o.stickers]
    return out


def sticker_data(st: Sticker) -> dict[str, Any]:
    """123.6-123.8, 613.7k: a sticker in the corpus shape, its timestamp explicit."""
    out: dict[str, Any] = {"kind": st.kind}
    if st.kind == "name":
        out["word"], out["position"] = st.word, st.position
    elif st.kind == "ability":
        out["ability"] = st.ability
    else:
        out["power"], out["toughness"] = st.power, st.toughness
    out["timestamp"] = _num(st.timestamp)
    return out


def _face_data(ch: Characteristics) -> dict[str, Any]:
    """712: a double-faced card's back face in the corpus shape."""
    out: dict[str, Any] = {"name": ch.name, "mana_value": ch.mana_value}
    if ch.mana_cost is not None:
        out["mana_cost"] = ch.mana_cost
    for f in ("colors", "types", "subtypes", "supertypes", "abilities"):
        values = sorted(getattr(ch, f))
        if values:
            out[f] = values
    if ch.all_creature_types:
        out["all_creature_types"] = True
    for f in ("power", "toughness"):
        if getattr(ch, f) is not None:
            out[f] = getattr(ch, f)
    return out


def effect_data(e: Effect) -> dict[str, Any]:
    """One resolved effect in the corpus shape."""
    out: dict[str, Any] = {"id": e.id}
    if e.description:
        out["description"] = e.description
    if e.source is not None:
        out["source"] = e.source
    if e.controller is not None:
        out["controller"] = e.controller
    out["timestamp"] = _num(e.timestamp)
    out["applies_to"] = list(e.applies_to)
    out["parts"] = [_part(p) for p in e.parts]
    return out


def ability_data(d: AbilityDef) -> dict[str, Any]:
    """One ability definition in the corpus shape."""
    out: dict[str, Any] = {"text": d.text}
    if d.cda:
        out["cda"] = True
    out["applies_to"] = thaw(d.applies_to)
    out["parts"] = [_part(p) for p in d.parts]
    return out


def board_to_case(
    board: Board,
    case_id: str,
    title: str,
    expect: Mapping[str, Mapping[str, Mapping[str, Any]]],
    notes: Sequence[str] = (),
    features: Sequence[str] = ("dependency",),
) -> dict[str, Any]:
    """A one-step case in the corpus format: the board, and per rules version what to expect."""
    return {
        "id": case_id,
        "title": title,
        "status": "derived",
        "versions": sorted(
            expect, key=lambda v: ("pre-m10", "m10", "ikoria").index(v) if v in ("pre-m10", "m10", "ikoria") else 9
        ),
        "features": list(features),
        "sources": [{"kind": "derived", "ref": "proofs/ (z3 cross-check)"}],
        "notes": list(notes),
        "abilities": [ability_data(d) for d in board.abilities.values()],
        "objects": [object_data(o) for o in board.objects.values()],
        "effects": [effect_data(e) for e in board.effects],
        "steps": [{"description": "the board", "expect": {v: dict(x) for v, x in expect.items()}}],
    }


def to_yaml(data: Mapping[str, Any]) -> str:
    """Corpus YAML (the JSON-compatible subset: no anchors, plain scalars)."""

    class _NoAliases(yaml.SafeDumper):
        def ignore_aliases(self, data: Any) -> bool:
            return True

    return yaml.dump(dict(data), Dumper=_NoAliases, sort_keys=False, allow_unicode=True, width=110)


def write_finding(data: Mapping[str, Any], directory: Path = FINDINGS_DIR) -> Path:
    """Write a case file for review; the name is derived from its content, so reruns do not pile up."""
    directory.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:12]
    path = directory / f"{data['id']}-{digest}.yaml"
    path.write_text(to_yaml(data), encoding="utf-8")
    return path
