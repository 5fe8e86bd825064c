"""What the z3 encoding reads of a board, and what it does not: the oracle's honesty check.

The cross-check may say "verified" only for what the encoding models. This module lists,
field by field, every part of a board the encoding reads (objects, their printed values,
resolved effects, ability definitions, parts and their arguments, copy exceptions,
face-down values, filters and value expressions) and reports anything else a board holds
as *not encoded*. It walks the model's dataclass fields generically, so a field added to
the model later (or an argument the schema starts to accept) is reported until the
encoding learns to read it and it is listed here.

It also reports what the encoding leaves out by design: effects on objects outside the
battlefield (the encoding gives them their printed values, 611.3a and 604.3 aside) and
expectations about such objects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from reference.model import COPIED_FIELDS, AbilityDef, Board, Characteristics, Effect, GameObject

# The mark of the gap left by design: objects outside the battlefield get their printed values.
OFF = "(outside the battlefield)"
# The mark of parts of the game the encoding does not model yet (none at present: the counters a permanent
# enters with are read by proofs.entry, the tokens an ability creates by proofs.steps, issue 28).
NOT_MODELLED = "(not modelled by the encoding yet)"
# Fields (of the board, an object, an ability definition) holding such parts.
NOT_MODELLED_FIELDS: frozenset[str] = frozenset()

# Fields with no rules meaning (labels for people): never read, never needed.
LABELS = {"card", "description"}

OBJECT_FIELDS = {
    "id",
    "printed",
    "owner",
    "timestamp",
    "zone",
    "token",
    "face_down",
    "face_down_values",
    "face_history",
    "attached_to",
    "counters",
    "exiled_with",  # read by the filter key exiled_with_source
    "entered_as",  # proofs.words.entered
    "back_face",  # proofs.words.shown_face (712)
    "transformed",  # proofs.words.shown_face, own_values (712, 202.3b)
    "transform_history",  # proofs.words._was_transformed (613.7g, 707.2b)
    "merges",  # proofs.words._with_merged (729, 702.140e)
    "chosen",  # proofs.choices.own_definition (614.1c, 607.2d)
    "modal",  # proofs.words.own_values (712.8f)
    "stickers",  # proofs.stickers.sticker_parts (123.6-123.8, 613.7k)
    "monstrous",  # the filter key monstrous (701.37b)
    "flip_face",  # proofs.words.flipped_half (710.1b)
    "flipped",  # proofs.words.own_values, copy_source_values (710.2, 707.3)
}
# Printed values (Characteristics): the layer-process bookkeeping fields must keep their defaults.
PRINTED_FIELDS = {*COPIED_FIELDS, "controller"}
EFFECT_FIELDS = {"id", "timestamp", "applies_to", "parts", "controller", "source"}
# functions_in: proofs.encoding._works_from, proofs.entry.works_from; enters_with: proofs.entry (614.1c), read
# by proofs.steps as objects enter; creates: proofs.steps (111.3), read as a step's events happen
ABILITY_FIELDS = {"text", "cda", "applies_to", "parts", "condition", "functions_in", "enters_with", "creates"}

_SETS = ("colors", "types", "subtypes", "supertypes", "abilities")
PART_ARGS: dict[str, frozenset[str]] = {
    "copy_of": frozenset({"object", "retain", "except", "double_faced", "except_if"}),
    "face_down": frozenset({"power", "toughness", "abilities", "colors", "types", "subtypes"}),
    "set_controller": frozenset({"player"}),
    "replace_word": frozenset({"from", "to"}),
    "set_name": frozenset({"name"}),
    "full_text_of": frozenset({"from", "plus"}),
    "add_activated_abilities_of": frozenset({"from"}),
    **{op: frozenset({"types"}) for op in ("add_types", "set_types", "remove_types")},
    **{op: frozenset({"subtypes"}) for op in ("add_subtypes", "set_subtypes", "remove_subtypes", "set_land_subtype")},
    **{op: frozenset({"supertypes"}) for op in ("add_supertypes", "remove_supertypes")},
    **{op: frozenset({"colors"}) for op in ("set_colors", "add_colors")},
    **{op: frozenset({"abilities"}) for op in ("add_abilities", "remove_abilities")},
    **{
        op: frozenset()
        for op in (
            "remove_all_abilities",
            "remove_all_abilities_except_mana",
            "switch_pt",
            "all_creature_types",
            "remove_all_creature_types",
        )
    },
    **{op: frozenset({"power", "toughness"}) for op in ("set_pt", "modify_pt")},
}
EXCEPT_KEYS = frozenset(
    {
        "name",
        "mana_value",
        "mana_cost",
        "power",
        "toughness",
        "all_creature_types",
        *_SETS,
        *(f"add_{f}" for f in _SETS),
    }
)
RETAIN_VALUES = frozenset(COPIED_FIELDS)
CONDITION_KEYS = frozenset({"type", "supertype", "subtype"})  # 707.9f conditions the encoding reads
FACE_DOWN_KEYS = PART_ARGS["face_down"]
FILTER_KEYS = frozenset(
    {
        "all",
        "any",
        "not",
        "id",
        "ids",
        "type",
        "subtype",
        "supertype",
        "color",
        "colorless",
        "multicolored",
        "controller",
        "owner",
        "is_source",
        "other_than_source",
        "attached_to_source",
        "name",
        "token",
        "monstrous",
        "has_counter",
        "face_down",
        "has_ability",
        "mana_value",
        "zone",
        "shares_creature_type_with",
        "is_it",
        "exiled_with_source",
        "top_of_graveyard",
    }
)
VALUE_KEYS = frozenset(
    {
        "count",
        "its",
        "card_types_among",
        "total",
        "sum",
        "times",
        "counters",
        "source_counters",
        "devotion",
        "life",  # proofs.game_state (119.1)
        "cards_in_hand",  # proofs.game_state (402.1)
    }
)
# Value expressions of the case format the encoding does not read (none at present).
VALUES_NOT_ENCODED: frozenset[str] = frozenset()
# Board fields the encoding reads (game: proofs.game_state); any other is not encoded.
# entering (614.12): proofs.encoding leaves the static abilities of other permanents (before Ixalan) or of those
# entering at the same time (entering_aside, from Ixalan) off the entering object (proofs.entry)
BOARD_FIELDS = {"objects", "effects", "abilities", "tie_order", "game", "entering", "entering_aside"}
ITS = frozenset({"mana_value", "power", "toughness"})
# Result fields the cross-check compares (proofs.crosscheck), and what an expectation may also say.
COMPARED = frozenset(
    {
        "name",
        "controller",
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
        "counters",
        "on_battlefield",
        "mana_cost",
        # board facts no continuous effect changes (108.3, 400.1): compared with the board itself
        "owner",
        "zone",
        # subset checks of compared sets
        "has",
        "lacks",
    }
)


def _unread_fields(value: Any, read: set[str], where: str) -> Iterator[str]:
    """Dataclass fields outside ``read`` that differ from their default."""
    for f in dataclasses.fields(value):
        if f.name in read or f.name in LABELS:
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            yield f"{where}.{f.name}"
            continue
        if getattr(value, f.name) != default:
            yield f"{where}.{f.name}" + (f" {NOT_MODELLED}" if f.name in NOT_MODELLED_FIELDS else "")


def _filter(filt: Any, where: str) -> Iterator[str]:
    if not isinstance(filt, Mapping):
        yield f"{where} (a filter that is not a mapping)"
        return
    for key, want in filt.items():
        if key not in FILTER_KEYS:
            yield f"{where}.{key}"
        elif key in ("all", "any"):
            for i, sub in enumerate(want):
                yield from _filter(sub, f"{where}.{key}[{i}]")
        elif key == "not":
            yield from _filter(want, f"{where}.not")


def _value(value: Any, where: str) -> Iterator[str]:
    if isinstance(value, int) and not isinstance(value, bool):
        return
    if not isinstance(value, Mapping) or len(value) != 1:
        yield f"{where} (value {value!r})"
        return
    ((key, arg),) = value.items()
    if key in VALUES_NOT_ENCODED:
        yield f"{where}.{key} {NOT_MODELLED}"
    elif key not in VALUE_KEYS:
        yield f"{where}.{key}"
    elif key in ("count", "card_types_among"):
        yield from _filter(arg, f"{where}.{key}")
    elif key == "total":
        if not isinstance(arg, Mapping) or arg.get("of") not in ITS:
            yield f"{where}.total.of"
        else:
            yield from _filter(arg.get("among"), f"{where}.total.among")
    elif key == "its" and arg not in ITS:
        yield f"{where}.its={arg}"
    elif key == "sum":
        for i, v in enumerate(arg):
            yield from _value(v, f"{where}.sum[{i}]")
    elif key == "times":
        yield from _value(arg[1], f"{where}.times[1]")


def _part(op: str, args: Mapping[str, Any], where: str) -> Iterator[str]:
    if op not in PART_ARGS:
        yield f"{where}.op={op}"
        return
    for k in args:
        if k not in PART_ARGS[op]:
            yield f"{where}.{k}"
    if op == "copy_of":
        for k in args.get("except", {}):
            if k not in EXCEPT_KEYS:
                yield f"{where}.except.{k}"
        for r in args.get("retain", ()):
            if r not in RETAIN_VALUES:
                yield f"{where}.retain={r}"
        for i, entry in enumerate(args.get("except_if", ())):  # 707.9f: proofs.words._with_conditions
            for k in entry.get("if", {}):
                if k not in CONDITION_KEYS:
                    yield f"{where}.except_if[{i}].if.{k}"
            for k in entry.get("except", {}):
                if k not in EXCEPT_KEYS:
                    yield f"{where}.except_if[{i}].except.{k}"
    if op in ("set_pt", "modify_pt"):
        for k in ("power", "toughness"):
            if k in args:
                yield from _value(args[k], f"{where}.{k}")


def _condition(cond: Any, where: str) -> Iterator[str]:
    """611.3a, 711.2a: what the encoding does not read of an "as long as" condition (or of a list of them)."""
    if cond is None:
        return
    if not isinstance(cond, Mapping):
        yield where
    elif set(cond) == {"your_turn"}:
        pass  # 102.1: proofs.game_state.your_turn
    elif set(cond) == {"all"}:  # 711.2a: proofs.encoding.Encoding._holds
        for i, c in enumerate(cond["all"]):
            yield from _condition(c, f"{where}.all[{i}]")
    elif set(cond) != {"left", "op", "right"}:
        yield where
    else:
        yield from _value(cond["left"], f"{where}.left")
        yield from _value(cond["right"], f"{where}.right")


def not_encoded(board: Board) -> list[str]:
    """Everything on this board that the encoding does not read (empty: it reads all of it)."""
    out: list[str] = list(_unread_fields(board, BOARD_FIELDS, "board"))
    elsewhere = {i for i, o in board.objects.items() if o.zone != "battlefield"}
    for oid, o in sorted(board.objects.items()):
        where = f"object {oid}"
        assert isinstance(o, GameObject)
        out += _unread_fields(o, OBJECT_FIELDS, where)
        assert isinstance(o.printed, Characteristics)
        out += _unread_fields(o.printed, PRINTED_FIELDS, f"{where}.printed")
        for k in o.face_down_values:
            if k not in FACE_DOWN_KEYS:
                out.append(f"{where}.face_down_values.{k}")
    for e in board.effects:
        where = f"effect {e.id}"
        assert isinstance(e, Effect)
        out += _unread_fields(e, EFFECT_FIELDS, where)
        for j, p in enumerate(e.parts):
            out += _part(p.op, p.args, f"{where}.parts[{j}]")
        off = sorted(set(e.applies_to) & elsewhere)
        if off:
            out.append(f"{where} applies to {', '.join(off)} {OFF}")
    for text, d in sorted(board.abilities.items()):
        where = f"ability {text!r}"
        assert isinstance(d, AbilityDef)
        out += _unread_fields(d, ABILITY_FIELDS, where)
        out += _filter(d.applies_to, f"{where}.applies_to")
        out += _condition(d.condition, f"{where}.condition")
        for j, p in enumerate(d.parts):
            out += _part(p.op, p.args, f"{where}.parts[{j}]")
    return out


def expectations_not_encoded(board: Board, expect: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Expected values the cross-check does not compare (objects in every zone are compared, 613.1)."""
    return [f"expected {oid}.{k}" for oid, want in sorted(expect.items()) for k in sorted(want) if k not in COMPARED]
