"""Misreadings of face-down (708), double-faced (712) and merged (729) permanents."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from reference.versions import RulesVersion

from .base import Misreading, doctoring, misreading, patched


def _face_down_keeping(*fields: str) -> Any:
    import reference.operations as ops

    def face_down(ch: Any, args: Any) -> Any:
        return ops.face_down(ch, args).with_(**{f: getattr(ch, f) for f in fields})

    return {"reference.operations._SIMPLE": {**ops._SIMPLE, "face_down": face_down}}


@misreading(
    "708.2",
    "A face-down permanent has no name, text, subtypes or mana cost, but keeps its supertypes.",
    "keeps a face-down legendary permanent legendary",
)
def face_down_keeps_supertypes(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched(_face_down_keeping("supertypes")):
        yield version


@misreading(
    "708.2a",
    "A face-down permanent loses its name and text but keeps its subtypes.",
    "keeps a face-down creature's creature types",
)
def face_down_keeps_subtypes(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched(_face_down_keeping("subtypes", "all_creature_types")):
        yield version


@misreading(
    "708.2a",
    "A face-down permanent is a 2/2 creature with no name or text, but its mana cost stays.",
    "keeps a face-down permanent's mana value",
)
def face_down_keeps_mana_value(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched(_face_down_keeping("mana_value", "mana_cost")):
        yield version


@misreading(
    "708.8",
    "A permanent turned face up is a new object: the effects that applied to it face down no longer do.",
    "forgets the resolved effects on a permanent when it is turned face up",
)
def turned_face_up_is_new_object(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.case as case

    original = case.apply_step

    def apply_step(board: Any, step: Any, v: Any = None) -> Any:
        out = original(board, step, v)
        up = {i for i in step.turn_face_up if i in board.objects and board.objects[i].face_down}
        if not up:
            return out
        effects = tuple(
            dataclasses.replace(e, applies_to=tuple(i for i in e.applies_to if i not in up))
            if up & set(e.applies_to) and e.timestamp < min(out.objects[i].timestamp for i in up)
            else e
            for e in out.effects
        )
        return dataclasses.replace(out, effects=effects)

    with patched({"reference.case.apply_step": apply_step}):
        yield version


@misreading(
    "712",
    "A transformed double-faced permanent keeps its front face's characteristics.",
    "never shows the back face",
)
def back_face_ignored(version: RulesVersion) -> Iterator[RulesVersion]:
    def face_up_values(obj: Any, as_of: Any = float("inf")) -> Any:
        return obj.printed

    with patched({"reference.copiable.face_up_values": face_up_values}):
        yield version


BACK_FACE_MANA_VALUE_ZERO = doctoring(
    "202.3b",
    "A permanent with its back face up has the mana value of its back face: zero.",
    "gives a transformed permanent mana value 0 under rules that give it its front face's",
    "back-face-mana-value-zero",
    lambda v: dataclasses.replace(v, back_face_mana_value="zero") if v.back_face_mana_value == "front" else v,
)


@misreading(
    "712.8f",
    "A modal double-faced permanent with its back face up has its front face's mana value, as a transforming one.",
    "gives a modal card cast as its back face its front face's mana value",
)
def modal_back_face_takes_front_mana_value(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.double_faced as faces

    original = faces.own_mana_value

    def own_mana_value(obj: Any, ch: Any, v: RulesVersion) -> Any:
        if obj.modal and obj.transformed and obj.zone == "battlefield":
            return ch.with_(mana_value=obj.printed.mana_value)
        return original(obj, ch, v)

    with patched({"reference.resolver.own_mana_value": own_mana_value}):
        yield version


@misreading(
    "729.2a",
    "A merged permanent has the characteristics of the component that was cast last, over or under.",
    "lets a mutating creature merged under take over the permanent's name, types and power/toughness",
)
def merged_under_takes_over(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    def merged(ch: Any, args: Any) -> Any:
        return ops.merged(ch, {**args, "over": True})

    with patched({"reference.operations._SIMPLE": {**ops._SIMPLE, "merge": merged}}):
        yield version


@misreading(
    "729.2a",
    "A merged permanent has only the topmost component's abilities.",
    "drops the abilities of the components underneath",
)
def merged_keeps_only_top_abilities(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    def merged(ch: Any, args: Any) -> Any:
        if not args["over"]:
            return ch
        return ops.copy_values(ch, {"values": args["values"]})

    with patched({"reference.operations._SIMPLE": {**ops._SIMPLE, "merge": merged}}):
        yield version


@misreading(
    "712",
    "A transformed permanent that leaves the battlefield stays transformed, so it comes back back face up.",
    "returns a transformed card that died or was exiled to the battlefield showing its back face",
)
def back_face_up_off_the_battlefield(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.zones as zones

    original = zones.new_object

    def new_object(obj: Any, zone: str) -> Any:
        return dataclasses.replace(original(obj, zone), transformed=obj.transformed)

    with patched({"reference.zones.new_object": new_object}):
        yield version


MISREADINGS: tuple[Misreading, ...] = (
    face_down_keeps_supertypes,
    face_down_keeps_subtypes,
    face_down_keeps_mana_value,
    turned_face_up_is_new_object,
    back_face_ignored,
    BACK_FACE_MANA_VALUE_ZERO,
    modal_back_face_takes_front_mana_value,
    merged_under_takes_over,
    merged_keeps_only_top_abilities,
    back_face_up_off_the_battlefield,
)
