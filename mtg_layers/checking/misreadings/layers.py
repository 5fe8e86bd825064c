"""Misreadings of the layer order and what goes where (613.1-613.6, 613.9): slots moved, effects misfiled."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from reference.versions import RulesVersion

from .base import Misreading, doctoring, misreading, patched, reclassify


def move_after(version: RulesVersion, slot: str, after: str) -> RulesVersion:
    """The version with ``slot`` applied just after ``after`` (unchanged when either is missing)."""
    ids = [s.id for s in version.slots]
    if slot not in ids or after not in ids:
        return version
    moving = version.slots[ids.index(slot)]
    rest = [s for s in version.slots if s.id != slot]
    at = [s.id for s in rest].index(after) + 1
    return dataclasses.replace(version, slots=tuple(rest[:at] + [moving] + rest[at:]))


def _order(rule: str, misread: str, does: str, name: str, slot: str, after: str) -> Misreading:
    return doctoring(rule, misread, does, name, lambda v: move_after(v, slot, after))


COPY_AFTER_TYPE = _order(
    "613.1a",
    "Copy effects apply once the type-changing effects are done (layer 1 read as after layer 4).",
    "applies copy effects after layer 4, so a copy wipes out the type changes",
    "copy-after-type",
    "1a",
    "4",
)
CONTROL_AFTER_TEXT = _order(
    "613.1b",
    "Text-changing effects apply before control-changing ones (layers 2 and 3 swapped).",
    "decides control after text, so a text change reads the old controller",
    "control-after-text",
    "2",
    "3",
)
TEXT_AFTER_TYPE = _order(
    "613.1c",
    "Type-changing effects apply before text-changing ones (layers 3 and 4 swapped).",
    "changes types before a text change, so a text change of a type word misses the new types",
    "text-after-type",
    "3",
    "4",
)
TYPE_AFTER_COLOR = _order(
    "613.1d",
    "Color-changing effects apply before type-changing ones (layers 4 and 5 swapped).",
    "applies color effects first, so a color effect that picks by type reads the old types",
    "type-after-color",
    "4",
    "5",
)
COLOR_AFTER_ABILITIES = _order(
    "613.1e",
    "Ability-adding and -removing effects apply before color-changing ones (layers 5 and 6 swapped).",
    "applies layer 6 first, so an ability effect that picks by color reads the old colors",
    "color-after-abilities",
    "5",
    "6",
)
ABILITIES_AFTER_PT = _order(
    "613.1g",
    "Power/toughness effects are not last: they apply before ability-adding and -removing effects.",
    "applies layer 6 after layer 7, so an ability that changes P/T is lost or gained too late",
    "abilities-after-pt",
    "6",
    "7d",
)
FACE_DOWN_BEFORE_COPY = _order(
    "613.2b",
    "Face-down status applies before copy effects (sublayers 1a and 1b swapped).",
    "turns a permanent face down first, so a copy effect on it shows through",
    "face-down-before-copy",
    "1a",
    "1b",
)
CDA_PT_AFTER_SETTING = _order(
    "613.4a",
    "Power/toughness-defining CDAs apply after the effects that set power and toughness (7a after 7b).",
    "lets a CDA overwrite a setting effect",
    "cda-pt-after-setting",
    "7a",
    "7b",
)
SET_AFTER_MODIFY = _order(
    "613.4b",
    "Effects that set power and toughness apply after those that modify them (7b after 7c).",
    "lets a setting effect wipe out +N/+N effects and counters",
    "set-after-modify",
    "7b",
    "7c",
)
SWITCH_BEFORE_MODIFY = _order(
    "613.4d",
    "Switching power and toughness comes before the effects and counters that modify them (7d before 7c).",
    "switches first, so a later +X/+0 goes to the wrong side",
    "switch-before-modify",
    "7c",
    "7d",
)
KEYWORD_COUNTERS_IN_LAYER_7 = doctoring(
    "613.1f",
    "Keyword counters are counters, so they give their ability in layer 7 with the other counters.",
    "gives a keyword counter's ability after every layer-6 effect, so no ability-removing effect takes it away",
    "keyword-counters-in-layer-7",
    lambda v: reclassify(v, "counter_keyword", (), "7c"),
)
COUNTERS_WITH_SETTING = doctoring(
    "613.4c",
    "+1/+1 and -1/-1 counters apply with the effects that set power and toughness (7b).",
    "applies counters among setting effects in timestamp order, so a later setting effect wipes them out",
    "counters-with-setting",
    lambda v: reclassify(v, "counter_pt", (), "7b"),
)


def _one_sublayer(version: RulesVersion) -> RulesVersion:
    out = version
    for kind in ("pt_set", "pt_modify", "counter_pt", "pt_switch"):
        out = reclassify(out, kind, ("static", "resolved", "rule"), "7c")
    return out


LAYER_7_ONE_SUBLAYER = doctoring(
    "613.4",
    "Layer 7 has no sublayers: setting, modifying and switching effects and counters apply in one timestamp order.",
    "applies every non-CDA power/toughness effect and the counters in 7c by timestamp",
    "layer-7-one-sublayer",
    _one_sublayer,
)


@misreading(
    "613.2a",
    "Merging is not a copiable effect: a merged permanent's copiable values are its own card's.",
    "lets a copy of a merged permanent copy only the permanent's own card",
)
def merging_not_copiable(version: RulesVersion) -> Iterator[RulesVersion]:
    def none(*args: Any, **kwargs: Any) -> tuple[Any, ...]:
        return ()

    with patched({"reference.copiable.merge_effects": none}):
        yield version


@misreading(
    "613.2c",
    "The copiable values are the values after layer 1a; the face-down status of layer 1b is not copiable.",
    "makes a copy of a face-down permanent copy its face-up card",
)
def copiable_ignores_face_down(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.copiable as cop

    original = cop._layer1_instructions

    def instructions(*args: Any, **kwargs: Any) -> list[Any]:
        return [x for x in original(*args, **kwargs) if x[3][0] != "face_down"]

    with patched({"reference.copiable._layer1_instructions": instructions}):
        yield version


@misreading(
    "613.3",
    "In layers 2-6 characteristic-defining abilities have no priority: every effect applies in timestamp order.",
    "applies a type- or color-defining CDA after an earlier effect of its layer, undoing it",
)
def cdas_not_first_in_layers_2_to_6(version: RulesVersion) -> Iterator[RulesVersion]:
    def rank(e: Any, version: RulesVersion, cda_first: bool) -> tuple[int, Any, Any]:
        return (1, e.timestamp, e.tiebreak if version.granted_keeps_relative_order else float("-inf"))

    with patched({"reference.resolver.rank": rank}):
        yield dataclasses.replace(version, cda_dependency_isolated=False)


@misreading(
    "613.5",
    "Which objects an effect applies to is read from their printed values, not as earlier layers left them.",
    "never lets a layer's change (a new color, a new type) bring an object into a later effect's reach",
)
def reach_read_from_printed_values(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.effects as eff
    import reference.resolver as res

    original = eff.affected

    def affected(effect: Any, board: Any, state: Any, locked: Any, among: Any = None) -> frozenset[str]:
        printed = res.initial_state(board, version)
        return frozenset(i for i in original(effect, board, {**state, **printed}, locked, among) if i in state)

    with patched({"reference.resolver.affected": affected, "reference.dependency.affected": affected}):
        yield version


@misreading(
    "613.6",
    "An effect that should apply in several layers applies all of its parts in the first of them.",
    "applies an effect's type, color and power/toughness parts together in its earliest layer",
)
def all_parts_in_first_layer(version: RulesVersion) -> Iterator[RulesVersion]:
    from reference.vocabulary import OPERATION_KIND

    order = {s.id: i for i, s in enumerate(version.slots)}

    def parts_in_slot(effect: Any, v: RulesVersion, slot: str) -> tuple[Any, ...]:
        slots = [v.slot_of(OPERATION_KIND[p.op], effect.origin) for p in effect.parts]
        known = [s for s in slots if s is not None]
        if not known:
            return ()
        first = min(known, key=lambda s: order.get(s, 99))
        return tuple(effect.parts) if first == slot else ()

    with patched(
        {"reference.resolver.parts_in_slot": parts_in_slot, "reference.dependency.parts_in_slot": parts_in_slot}
    ):
        yield version


@misreading(
    "613.9",
    "An effect that removes an ability never overrides one that grants it, whatever their timestamps.",
    "keeps a granted ability through a later 'loses' effect",
)
def removal_never_overrides_grant(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    def remove_abilities(ch: Any, args: Any) -> Any:
        out = ops.remove_abilities(ch, args)
        kept = frozenset(a for a in ch.abilities if a in ch.granted)
        return out.with_(abilities=out.abilities | kept, granted=ch.granted)

    with patched({"reference.operations._SIMPLE": {**ops._SIMPLE, "remove_abilities": remove_abilities}}):
        yield version


@misreading(
    "208.3",
    "A noncreature permanent with a printed power and toughness (a Vehicle, an animated land again a land) keeps them.",
    "reports the printed or last power and toughness of a permanent that is not a creature",
)
def noncreature_keeps_pt(version: RulesVersion) -> Iterator[RulesVersion]:
    def has_pt(ch: Any) -> bool:
        return ch.power is not None or ch.toughness is not None

    with patched({"mtg_layers.checking.results.has_pt": has_pt}):
        yield version


MISREADINGS: tuple[Misreading, ...] = (
    COPY_AFTER_TYPE,
    CONTROL_AFTER_TEXT,
    TEXT_AFTER_TYPE,
    TYPE_AFTER_COLOR,
    COLOR_AFTER_ABILITIES,
    KEYWORD_COUNTERS_IN_LAYER_7,
    ABILITIES_AFTER_PT,
    merging_not_copiable,
    FACE_DOWN_BEFORE_COPY,
    copiable_ignores_face_down,
    cdas_not_first_in_layers_2_to_6,
    LAYER_7_ONE_SUBLAYER,
    CDA_PT_AFTER_SETTING,
    SET_AFTER_MODIFY,
    COUNTERS_WITH_SETTING,
    SWITCH_BEFORE_MODIFY,
    reach_read_from_printed_values,
    all_parts_in_first_layer,
    removal_never_overrides_grant,
    noncreature_keeps_pt,
)
