"""What each operation does to one object's characteristics (613.1a-g), given its evaluated instruction.

An *instruction* is an operation with its values already evaluated for one object
(reference.effects.instruction); applying it is a pure function of the characteristics.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from .filters import replace_in_text
from .frozen import FrozenMap
from .model import COPIED_FIELDS, Characteristics, Timestamp
from .stickers import name_with_word
from .vocabulary import (
    CREATURE_TYPE_BEARERS,
    INTRINSIC_MANA,
    OPERATION_KIND,
    SUBTYPE_OWNER,
    is_creature_type,
    is_mana_ability,
    subtype_fits,
)

Instruction = tuple[str, FrozenMap]


def _set(values: Any) -> frozenset[str]:
    return frozenset(values or ())


@lru_cache(maxsize=4096)
def _fitting(subtypes: frozenset[str], types: frozenset[str]) -> frozenset[str]:
    """205.3d: the subtypes that some card type of the object allows (asked again for every application)."""
    return frozenset(s for s in subtypes if subtype_fits(s, types))


def fit_subtypes(ch: Characteristics) -> Characteristics:
    """205.3d: drop subtypes (and 'all creature types') that no card type of the object allows."""
    subtypes = _fitting(ch.subtypes, ch.types)
    all_types = ch.all_creature_types and any(t in ch.types for t in CREATURE_TYPE_BEARERS)
    if subtypes == ch.subtypes and all_types == ch.all_creature_types:
        return ch
    return ch.with_(subtypes=subtypes, all_creature_types=all_types)


def fit_types_changed(ch: Characteristics) -> Characteristics:
    """205.1a: a removed card type's subtypes are set aside for as long as it is gone, and back when it returns."""
    held = ch.subtypes | ch.aside_subtypes
    shown = _fitting(held, ch.types)
    every = ch.all_creature_types or ch.aside_all_creature_types
    bearer = any(t in ch.types for t in CREATURE_TYPE_BEARERS)
    aside = held - shown
    if (shown, aside, every and bearer, every and not bearer) == (
        ch.subtypes,
        ch.aside_subtypes,
        ch.all_creature_types,
        ch.aside_all_creature_types,
    ):
        return ch
    return ch.with_(
        subtypes=shown,
        aside_subtypes=aside,
        all_creature_types=every and bearer,
        aside_all_creature_types=every and not bearer,
    )


def copy_values(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """707.2, 613.2a: take the copiable values (exceptions already folded in, 707.9)."""
    values = args["values"]
    retain = set(args.get("retain", ()))
    changes: dict[str, Any] = {}
    for f in COPIED_FIELDS:
        if f in retain:
            continue
        v = values[f]
        changes[f] = frozenset(v) if isinstance(v, tuple) else v
    if "subtypes" not in retain:  # 205.1a: the copied type line replaces whatever was set aside
        changes["aside_subtypes"] = frozenset()
    if "all_creature_types" not in retain:
        changes["aside_all_creature_types"] = False
    intrinsic = ch.intrinsic if "abilities" in retain else frozenset()
    return ch.with_(**changes, granted=FrozenMap(), intrinsic=intrinsic)


def merged(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """702.140e, 721.2a (729.2a): merged over, the topmost component's values; every component's abilities."""
    added = frozenset(args["values"]["abilities"])
    if not args["over"]:
        return ch.with_(abilities=ch.abilities | added)
    return copy_values(ch, {"values": args["values"]}).with_(abilities=ch.abilities | added)


def face_down(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """708.2a: a face-down permanent is a 2/2 creature with no name, text, subtypes or mana cost."""
    return ch.with_(
        name=None,
        mana_value=0,
        mana_cost=None,
        colors=_set(args.get("colors")),
        types=_set(args.get("types", ("creature",))),
        subtypes=_set(args.get("subtypes")),
        supertypes=frozenset(),
        all_creature_types=False,
        abilities=_set(args.get("abilities")),
        power=int(args.get("power", 2)),
        toughness=int(args.get("toughness", 2)),
        granted=FrozenMap(),
        intrinsic=frozenset(),
        text_changes=(),
        face_down=True,
        aside_subtypes=frozenset(),
        aside_all_creature_types=False,
    )


def set_controller(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.1b: a control-changing effect gives the object a new controller."""
    return ch.with_(controller=str(args["player"]))


def replace_word(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """612.1-612.2: replace a color word, land type or creature type in rules text and type line."""
    old, new = str(args["from"]), str(args["to"])
    return ch.with_(
        abilities=frozenset(replace_in_text(a, old, new) for a in ch.abilities),
        subtypes=frozenset(new if s == old else s for s in ch.subtypes),
        aside_subtypes=frozenset(new if s == old else s for s in ch.aside_subtypes),
        text_changes=ch.text_changes + ((old, new),),
    )


def full_text(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """612.6: the object has another card's full text: its name, mana cost, color, type line, rules text, P/T.

    ``values`` is that card's text (None when no card qualifies: nothing changes); ``plus``
    is text the effect adds beside it. The new text replaces the old, earlier word changes too.
    """
    if args["values"] is None:
        return ch
    out = copy_values(ch, {"values": args["values"]})
    return out.with_(abilities=out.abilities | _set(args.get("plus")), text_changes=())


def add_types(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1b, 205.1a: the object gains card types and keeps its others (and the subtypes set aside with them)."""
    return fit_types_changed(ch.with_(types=ch.types | _set(args["types"])))


def set_types(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1a: the new card types replace the old ones (instant and sorcery are kept)."""
    kept = ch.types & {"instant", "sorcery"}
    return fit_types_changed(ch.with_(types=_set(args["types"]) | kept))


def remove_types(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1a: the object loses the named card types (their subtypes set aside while they are gone)."""
    return fit_types_changed(ch.with_(types=ch.types - _set(args["types"])))


def add_subtypes(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1b, 305.7 (last sentence): the object gains subtypes and keeps its others."""
    return fit_subtypes(ch.with_(subtypes=ch.subtypes | _set(args["subtypes"])))


def _category(subtype: str) -> tuple[str, ...]:
    """205.3c, 205.1a: the card types a subtype is correlated with, the set a new subtype replaces within."""
    return SUBTYPE_OWNER.get(subtype, CREATURE_TYPE_BEARERS)


def set_subtypes(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1a: new subtypes replace the old subtypes of the same card type."""
    new = _set(args["subtypes"])
    replaced = {_category(s) for s in new}
    kept = frozenset(s for s in ch.subtypes if _category(s) not in replaced)
    aside = frozenset(s for s in ch.aside_subtypes if _category(s) not in replaced)
    all_types = ch.all_creature_types and CREATURE_TYPE_BEARERS not in replaced
    aside_all = ch.aside_all_creature_types and CREATURE_TYPE_BEARERS not in replaced
    return fit_subtypes(
        ch.with_(
            subtypes=kept | new, all_creature_types=all_types, aside_subtypes=aside, aside_all_creature_types=aside_all
        )
    )


def remove_subtypes(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1a: the object loses the named subtypes (those set aside too)."""
    gone = _set(args["subtypes"])
    return ch.with_(subtypes=ch.subtypes - gone, aside_subtypes=ch.aside_subtypes - gone)


def all_creature_types(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """702.73a, 205.3m: the object has every creature type."""
    return fit_subtypes(ch.with_(all_creature_types=True))


def remove_all_creature_types(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1a, 205.3m: the object loses every creature type (all of them too), keeping its other subtypes."""
    kept = frozenset(s for s in ch.subtypes if not is_creature_type(s))
    aside = frozenset(s for s in ch.aside_subtypes if not is_creature_type(s))
    return ch.with_(subtypes=kept, all_creature_types=False, aside_subtypes=aside, aside_all_creature_types=False)


def set_land_subtype(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """305.7: a land whose land type is set loses its old land types and the abilities of its rules text."""
    if "land" not in ch.types:
        return ch
    kept = frozenset(s for s in ch.subtypes if "land" not in _category(s))
    return ch.with_(
        subtypes=kept | _set(args["subtypes"]),
        abilities=frozenset(a for a in ch.abilities if a in ch.granted),
    )


def add_supertypes(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1b: the object gains supertypes."""
    return ch.with_(supertypes=ch.supertypes | _set(args["supertypes"]))


def remove_supertypes(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """205.1a: the object loses supertypes."""
    return ch.with_(supertypes=ch.supertypes - _set(args["supertypes"]))


def set_colors(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.1e, 105.3: the object's colors become exactly these (none: colorless)."""
    return ch.with_(colors=_set(args["colors"]))


def add_colors(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.1e: the object gains colors in addition to its others."""
    return ch.with_(colors=ch.colors | _set(args["colors"]))


def add_abilities(ch: Characteristics, args: Mapping[str, Any], ts: Timestamp) -> Characteristics:
    """613.1f, 613.7a: the object gains abilities; each remembers the granting effect's timestamp."""
    new = _set(args["abilities"])
    granted = dict(ch.granted.items())
    for a in new:
        if a not in ch.abilities or a in granted:
            granted[a] = ts
    return ch.with_(abilities=ch.abilities | new, granted=FrozenMap(granted))


def remove_abilities(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.1f: the object loses the named abilities."""
    gone = _set(args["abilities"])
    granted = FrozenMap({a: t for a, t in ch.granted.items() if a not in gone})
    return ch.with_(abilities=ch.abilities - gone, granted=granted, intrinsic=ch.intrinsic - gone)


def remove_all_abilities(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.1f: the object loses all its abilities (305.6: its intrinsic mana abilities too)."""
    return ch.with_(abilities=frozenset(), granted=FrozenMap(), intrinsic=frozenset())


def remove_all_abilities_except_mana(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.1f, 605.1a: the object loses all its abilities except mana abilities."""
    kept = frozenset(a for a in ch.abilities if is_mana_ability(a))
    granted = FrozenMap({a: t for a, t in ch.granted.items() if a in kept})
    return ch.with_(abilities=kept, granted=granted, intrinsic=ch.intrinsic & kept)


def intrinsic_abilities(ch: Characteristics) -> Characteristics:
    """305.6, 305.7: a land with a basic land type has its mana ability, and loses it with the type."""
    wanted = frozenset(INTRINSIC_MANA[s] for s in ch.subtypes if s in INTRINSIC_MANA and "land" in ch.types)
    base = ch.abilities - ch.intrinsic
    added = wanted - base
    if ch.abilities == base | added and ch.intrinsic == added:
        return ch
    return ch.with_(abilities=base | added, intrinsic=added)


def set_pt(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.4a-b: power and/or toughness become the given numbers."""
    return ch.with_(
        power=args.get("power", ch.power),
        toughness=args.get("toughness", ch.toughness),
    )


def modify_pt(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.4c: power and/or toughness go up or down by the given amounts."""
    return ch.with_(
        power=(ch.power or 0) + int(args.get("power", 0)),
        toughness=(ch.toughness or 0) + int(args.get("toughness", 0)),
    )


def switch_pt(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """613.4d: power takes toughness's value and toughness takes power's."""
    return ch.with_(power=ch.toughness or 0, toughness=ch.power or 0)


def counter_pt(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """122.1a, 613.4c: +X/+Y counters add to a creature's power and toughness."""
    if "creature" not in ch.types:
        return ch
    return modify_pt(ch, args)


def counter_keyword(ch: Characteristics, args: Mapping[str, Any], ts: Timestamp) -> Characteristics:
    """122.1b, 613.1f: a keyword counter gives the object that keyword."""
    return add_abilities(ch, FrozenMap({"abilities": (args["ability"],)}), ts)


def set_name(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """612.8: the object loses the names it had and has only the one the effect gives."""
    return ch.with_(name=str(args["name"]))


def name_sticker(ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """123.6, 612.9: a name sticker adds its word to the object's name, at its place (123.6b-c)."""
    return ch.with_(name=name_with_word(ch.name, str(args["word"]), int(args["position"])))


_SIMPLE: dict[str, Callable[[Characteristics, Mapping[str, Any]], Characteristics]] = {
    "copy_of": copy_values,
    "merge": merged,
    "face_down": face_down,
    "set_controller": set_controller,
    "replace_word": replace_word,
    "full_text_of": full_text,
    "name_sticker": name_sticker,
    "set_name": set_name,
    "add_types": add_types,
    "set_types": set_types,
    "remove_types": remove_types,
    "add_subtypes": add_subtypes,
    "set_subtypes": set_subtypes,
    "remove_subtypes": remove_subtypes,
    "all_creature_types": all_creature_types,
    "remove_all_creature_types": remove_all_creature_types,
    "set_land_subtype": set_land_subtype,
    "add_supertypes": add_supertypes,
    "remove_supertypes": remove_supertypes,
    "set_colors": set_colors,
    "add_colors": add_colors,
    "remove_abilities": remove_abilities,
    "remove_all_abilities": remove_all_abilities,
    "remove_all_abilities_except_mana": remove_all_abilities_except_mana,
    "set_pt": set_pt,
    "modify_pt": modify_pt,
    "switch_pt": switch_pt,
    "counter_pt": counter_pt,
}
_TIMED = {
    "add_abilities": add_abilities,
    "add_activated_abilities_of": add_abilities,
    "counter_keyword": counter_keyword,
}

# 613.7a: the operations whose result reads the effect's timestamp (the others: the same whichever effect applies them)
TIMED_OPERATIONS = frozenset(_TIMED)


def apply_instruction(ch: Characteristics, instr: Instruction, ts: Timestamp) -> Characteristics:
    """613.1a-g: one evaluated instruction of an effect (timestamp ``ts``) applied to one object's characteristics."""
    op, args = instr
    if op in _TIMED:
        return _TIMED[op](ch, args, ts)
    out = _SIMPLE[op](ch, args)
    if OPERATION_KIND[op] in _TYPE_LINE_KINDS:
        out = intrinsic_abilities(out)  # 305.6: a type line change brings or takes the mana ability
    return out


# Kinds of operation that can change an object's land types (layers 1-4).
_TYPE_LINE_KINDS = frozenset({"copy", "face_down", "text", "type"})
