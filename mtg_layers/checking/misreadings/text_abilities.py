"""Misreadings of abilities and text (604.3, 611.2-611.3, 612), types (205.1, 205.3d) and lands (305.6-305.7)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from reference.versions import RulesVersion

from .base import Misreading, misreading, patched


def _simple(op: str, new: Any) -> dict[str, Any]:
    import reference.operations as ops

    return {"reference.operations._SIMPLE": {**ops._SIMPLE, op: new}}


@misreading(
    "612.3",
    "An ability granted to an object is read through the object's text-changing effects.",
    "changes the words of a granted ability as if they were the object's own",
)
def granted_ability_text_changed(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.effects as eff
    from reference.filters import substitute
    from reference.model import Part

    original = eff.static_effect

    def static_effect(board: Any, state: Any, obj_id: str, wording: str) -> Any:
        e = original(board, state, obj_id, wording)
        ch = state[obj_id]
        if e is None or wording not in ch.granted or not ch.text_changes:
            return e
        parts = tuple(Part(p.op, substitute(p.args, ch.text_changes)) for p in e.parts)
        return dataclasses.replace(e, parts=parts, filter=substitute(e.filter, ch.text_changes))

    with patched({"reference.effects.static_effect": static_effect}):
        yield version


@misreading(
    "612.1",
    "A text-changing effect changes the words of the rules text only, never the type line.",
    "keeps the old creature or land type on the type line after a text change",
)
def text_change_misses_type_line(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    def replace_word(ch: Any, args: Any) -> Any:
        return ops.replace_word(ch, args).with_(subtypes=ch.subtypes)

    with patched(_simple("replace_word", replace_word)):
        yield version


@misreading(
    "611.2c",
    "A resolved effect goes on applying to an object that left the battlefield and came back.",
    "lets a spell's effect follow its target through a zone change",
)
def resolved_effect_follows_object(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.case as case

    original = case.change_zones  # type: ignore[attr-defined]

    def change_zones(board: Any, moves: Any) -> Any:
        return dataclasses.replace(original(board, moves), effects=board.effects)

    with patched({"reference.case.change_zones": change_zones}):
        yield version


@misreading(
    "611.3b",
    "A static ability generates its effect wherever its object is, not only on the battlefield.",
    "applies the static abilities of cards in graveyards, hands and exile",
)
def static_works_in_every_zone(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.effects.functions": lambda board, effect: True}):
        yield version


@misreading(
    "113.6b",
    "Every ability that isn't characteristic-defining works only on the battlefield, even one whose text "
    "says it works from a graveyard or the command zone.",
    "ignores Anger's and Dearly Departed's graveyard abilities and an emblem's abilities",
)
def abilities_only_on_battlefield(version: RulesVersion) -> Iterator[RulesVersion]:
    def functions(board: Any, effect: Any) -> bool:
        return effect.origin == "cda" or bool(board.objects[effect.source].zone == "battlefield")

    def functions_in(definition: Any, zone: str, cda: bool = False) -> bool:
        return cda or zone == "battlefield"

    with patched({"reference.effects.functions": functions, "reference.entry.functions_in": functions_in}):
        yield version


@misreading(
    "604.3",
    "A characteristic-defining ability works only on the battlefield, like the other static abilities.",
    "gives a card in a graveyard or hand its printed power/toughness or types instead of the CDA's",
)
def cdas_only_on_battlefield(version: RulesVersion) -> Iterator[RulesVersion]:
    def functions(board: Any, effect: Any) -> bool:
        return bool(board.objects[effect.source].zone == "battlefield")

    with patched({"reference.effects.functions": functions}):
        yield version


@misreading(
    "205.1b",
    "An effect that makes an object a new card type replaces its card types even when it says 'in addition'.",
    "takes a land's land type away when it becomes a creature 'that's still a land'",
)
def added_types_replace(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    with patched(_simple("add_types", ops.set_types)):
        yield version


@misreading(
    "205.1a",
    "An effect that sets an object's card types adds them to the old ones.",
    "leaves a permanent that became 'an artifact creature' with its old card types",
)
def set_types_add(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    with patched(_simple("set_types", ops.add_types)):
        yield version


@misreading(
    "205.3d",
    "An object keeps its subtypes when it loses the card type they belong to.",
    "keeps creature types on a permanent that stopped being a creature",
)
def subtypes_outlive_their_type(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched(
        {"reference.operations.fit_subtypes": lambda ch: ch, "reference.operations.fit_types_changed": lambda ch: ch}
    ):
        yield version


@misreading(
    "205.1a",
    "A card type's subtypes are gone for good once the type is removed, even if an effect gives the type back.",
    "leaves Heliod, God of the Sun a creature with no God type once Opalescence animates it again",
)
def subtypes_lost_for_good(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    with patched({"reference.operations.fit_types_changed": ops.fit_subtypes}):
        yield version


@misreading(
    "305.7",
    "A land whose land type is set keeps the abilities of its rules text.",
    "leaves a nonbasic land its own abilities under Blood Moon",
)
def land_type_keeps_text_abilities(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    def set_land_subtype(ch: Any, args: Any) -> Any:
        return ops.set_land_subtype(ch, args).with_(abilities=ch.abilities)

    with patched(_simple("set_land_subtype", set_land_subtype)):
        yield version


@misreading(
    "305.7",
    "A land whose land type is set gains the new land type beside its old ones.",
    "keeps a land's old land types (and their mana abilities) under Blood Moon",
)
def land_type_adds(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    def set_land_subtype(ch: Any, args: Any) -> Any:
        out = ops.set_land_subtype(ch, args)
        return out.with_(subtypes=out.subtypes | ch.subtypes) if "land" in ch.types else out

    with patched(_simple("set_land_subtype", set_land_subtype)):
        yield version


@misreading(
    "305.6",
    "A land has the mana ability of a basic land type only when it is printed on it.",
    "never gives a land that gained a basic land type its mana ability",
)
def land_type_gives_no_mana_ability(version: RulesVersion) -> Iterator[RulesVersion]:
    def intrinsic(ch: Any) -> Any:
        return ch

    with patched(
        {"reference.operations.intrinsic_abilities": intrinsic, "reference.resolver.intrinsic_abilities": intrinsic}
    ):
        yield version


MISREADINGS: tuple[Misreading, ...] = (
    granted_ability_text_changed,
    text_change_misses_type_line,
    resolved_effect_follows_object,
    static_works_in_every_zone,
    cdas_only_on_battlefield,
    abilities_only_on_battlefield,
    added_types_replace,
    set_types_add,
    subtypes_outlive_their_type,
    subtypes_lost_for_good,
    land_type_keeps_text_abilities,
    land_type_adds,
    land_type_gives_no_mana_ability,
)
