"""Copiable values (707.2, 613.2c): what a copy effect copies.

An object's copiable values are its printed values (or a token's defining values) as
modified by copy effects, face-down status and copy exceptions (707.9), and by nothing
else: no counters, no other effects. They are computed straight from the board, so
a copy of a copy reads the copied object's own copy effects (707.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .conditional_copy import decided_args
from .double_faced import DoubleFacedError, back_face_up_as_of, face_up_values, face_values
from .flip import copied_values
from .frozen import FrozenMap, freeze
from .merged import merge_effects
from .model import COPIED_FIELDS, AbilityDef, Board, Characteristics, GameObject, Part, Timestamp
from .operations import Instruction, apply_instruction
from .versions import RulesVersion


def face_down_instruction(values: Mapping[str, Any]) -> Instruction:
    """708.2: the face-down status as an instruction (characteristics it lists, if any)."""
    return ("face_down", FrozenMap(values))


def face_down_as_of(obj: GameObject, as_of: Timestamp) -> bool:
    """707.2b, 708.2: whether the object was face down just before ``as_of`` (613.7f: turns carry timestamps).

    A copy effect that began while the original was face down keeps the face-down values, and one
    that began while it was face up keeps the face-up values, whatever the original does later.
    """
    if not obj.face_history:
        return obj.face_down
    status = not obj.face_history[0][1]  # before its first recorded turn
    for ts, face_down in obj.face_history:
        if ts < as_of:
            status = face_down
    return status


def _layer1_instructions(
    board: Board, version: RulesVersion, obj_id: str, as_of: Timestamp
) -> list[tuple[int, Timestamp, str, Instruction]]:
    """613.2, 707.2b: the layer-1 effects on one object that began before ``as_of``."""
    out = []
    for effect in board.effects:
        if obj_id not in effect.applies_to or effect.timestamp >= as_of:
            continue
        for part in effect.parts:
            if part.op == "copy_of":
                slot = version.slot_of("copy", "resolved")
                instr = copy_instruction(board, version, part, effect.timestamp, obj_id, as_of)
            elif part.op == "face_down":
                slot = version.slot_of("face_down", "resolved")
                instr = face_down_instruction(part.args)
            else:
                continue
            assert slot is not None
            out.append((version.slot_index(slot), effect.timestamp, effect.id, instr))
    obj = board.objects[obj_id]
    for key, ts, part in merge_effects(obj, as_of):  # 721.2a: merging is a copiable effect
        slot = version.slot_of("copy", "rule")
        assert slot is not None
        out.append((version.slot_index(slot), ts, key, (part.op, part.args)))
    if face_down_as_of(obj, as_of):
        slot = version.slot_of("face_down", "rule")
        assert slot is not None
        instr = face_down_instruction(obj.face_down_values)
        out.append((version.slot_index(slot), obj.timestamp, f"face-down:{obj_id}", instr))
    return sorted(out, key=lambda x: (x[0], x[1], x[2]))


def entered_values(obj: GameObject, as_of: Timestamp = float("inf"), back: bool | None = None) -> Characteristics:
    """707.2, 613.2a, 712: the face up's printed values with the "as this enters" choices (copiable values too).

    ``back`` picks a face instead of the one that was up at ``as_of`` (707.8a's double-faced copies).
    """
    ch = face_up_values(obj, as_of) if back is None else face_values(obj, back)
    choice = obj.entered_as
    if choice:
        changes: dict[str, Any] = {k: choice[k] for k in ("power", "toughness") if k in choice}
        for f in ("types", "subtypes", "abilities"):
            if f"add_{f}" in choice:
                changes[f] = getattr(ch, f) | frozenset(choice[f"add_{f}"])
        ch = ch.with_(**changes)
    return ch


def copiable_values(
    board: Board,
    version: RulesVersion,
    obj_id: str,
    as_of: Timestamp = float("inf"),
    back: bool | None = None,
) -> Characteristics:
    """707.2, 613.2c, 707.8: an object's values after layer 1 alone, counting copy effects begun before ``as_of``.

    The face that was up at ``as_of`` gives the starting values (707.8), or the face ``back`` names.
    A copy effect on the object reads its own original as of its own start (707.2b), earlier than
    ``as_of``: the chain of copies of copies goes back in time and ends, even when it passes the
    same object twice (X a copy of Y, then Y of X, then X of Y again).
    """
    ch = entered_values(board.objects[obj_id], as_of, back)
    for _, ts, _, instr in _layer1_instructions(board, version, obj_id, as_of):
        ch = apply_instruction(ch, instr, ts)
    return ch


# 604.3a(1): what a characteristic-defining ability can define, by the operations of its parts.
_DEFINES: dict[str, tuple[str, ...]] = {
    "set_colors": ("colors",),
    "add_colors": ("colors",),
    "add_types": ("types",),
    "set_types": ("types",),
    "remove_types": ("types",),
    "add_subtypes": ("subtypes",),
    "set_subtypes": ("subtypes",),
    "remove_subtypes": ("subtypes",),
    "all_creature_types": ("subtypes",),
    "set_land_subtype": ("subtypes",),
    "add_supertypes": ("supertypes",),
    "remove_supertypes": ("supertypes",),
}

# 707.9d: exception fields that provide a specific value for a characteristic (``add_*``, "in
# addition to its other types", and 707.9a's added abilities do not).
_SETTING_EXCEPTIONS = ("name", "mana_value", "power", "toughness", "colors", "types", "subtypes", "supertypes")
# 706.9c-d before 2021-02-05: exceptions that add to a characteristic modify it as well.
_ADDING_EXCEPTIONS = ("colors", "types", "subtypes", "supertypes")


def defined_characteristics(definition: AbilityDef) -> frozenset[str]:
    """604.3a(1): the characteristics a characteristic-defining ability defines."""
    out: set[str] = set()
    for part in definition.parts:
        if part.op in ("set_pt", "modify_pt"):
            out.update(k for k in ("power", "toughness") if k in part.args)
        out.update(_DEFINES.get(part.op, ()))
    return frozenset(out)


def not_copied(part_args: Mapping[str, Any], in_addition_keeps: bool = True) -> frozenset[str]:
    """707.9c-d: the characteristics a copy effect doesn't copy, retains, or gives a specific value.

    With ``in_addition_keeps`` false (706.9c-d before 2021-02-05), an exception that adds to a
    characteristic ("in addition to its other types", ``add_*``) modifies it too.
    """
    exceptions = part_args.get("except", FrozenMap())
    out = frozenset(part_args.get("retain", ())) | frozenset(f for f in _SETTING_EXCEPTIONS if f in exceptions)
    if not in_addition_keeps:
        out |= frozenset(f for f in _ADDING_EXCEPTIONS if exceptions.get(f"add_{f}"))
    return out


def without_excepted_cdas(
    board: Board, ch: Characteristics, part_args: Mapping[str, Any], in_addition_keeps: bool = True
) -> Characteristics:
    """707.9d: a CDA of the original that defines a characteristic the copy effect excepts is not copied.

    (For color, 707.9d also leaves out the color indicator: the model folds it into the printed
    colors, which a color exception replaces or retains wholesale.) ``in_addition_keeps``: the
    flag in_addition_exceptions_keep_cdas of the rules version (706.9d before 2021-02-05 when false).
    """
    excepted = not_copied(part_args, in_addition_keeps)
    if not excepted:
        return ch
    dropped = set()
    for wording in ch.abilities:
        d = board.abilities.get(wording)
        if d is not None and d.cda and defined_characteristics(d) & excepted:
            dropped.add(wording)
    return ch.with_(abilities=ch.abilities - dropped) if dropped else ch


def with_exceptions(ch: Characteristics, exceptions: Mapping[str, Any]) -> Characteristics:
    """707.9a-b: a copy effect's own modifications become part of the copiable values."""
    changes: dict[str, Any] = {}
    for f in ("name", "mana_value", "mana_cost", "power", "toughness"):
        if f in exceptions:
            changes[f] = exceptions[f]
    for f in ("colors", "types", "subtypes", "supertypes", "abilities"):
        if f in exceptions:
            changes[f] = frozenset(exceptions[f])
        added = exceptions.get(f"add_{f}")
        if added:
            changes[f] = changes.get(f, getattr(ch, f)) | frozenset(added)
    if exceptions.get("all_creature_types"):
        changes["all_creature_types"] = True
    return ch.with_(**changes)


def double_faced_copy_face(
    board: Board, version: RulesVersion, part: Part, copier: str | None, as_of: Timestamp = float("inf")
) -> bool | None:
    """707.8a: for a token that is a double-faced copy, whether its back face is up (None: 707.8 applies)."""
    if not part.args.get("double_faced") or copier is None:
        return None
    original = board.objects.get(str(part.args["object"]))
    if original is None or original.back_face is None:
        return None  # a copy of a single-faced object is not double-faced
    if version.double_faced_token_copies is None:
        raise DoubleFacedError(
            f"707.8a: rules version {version.id} does not state whether a token copy of a double-faced "
            f"permanent is double-faced; {copier} is one",
            "double_faced_token_copies",
        )
    if not version.double_faced_token_copies:
        return None
    return back_face_up_as_of(board.objects[copier], as_of)


def copy_instruction(
    board: Board,
    version: RulesVersion,
    part: Part,
    began: Timestamp,
    copier: str | None = None,
    as_of: Timestamp = float("inf"),
) -> Instruction:
    """707.2, 707.2b, 707.9: the values a copy effect begun at ``began`` hands over, with its exceptions.

    Copiable values are fixed when the copy effect begins: a copy effect that the
    original gets later does not change this copy (707.2b). A double-faced token copy
    (707.8a) takes the face of the original that is up on the copy itself (``copier``).
    """
    original = str(part.args["object"])
    back = double_faced_copy_face(board, version, part, copier, as_of)
    found = copied_values(board, original, copier, copiable_values(board, version, original, began, back))
    part_args = _decided(board, version, found, part.args)
    ch = _excepted(board, version, found, part_args)
    values = {f: getattr(ch, f) for f in COPIED_FIELDS}
    values = {k: tuple(sorted(v)) if isinstance(v, frozenset) else v for k, v in values.items()}
    args = {"object": original, "values": freeze(values), "retain": tuple(part_args.get("retain", ()))}
    return ("copy_of", FrozenMap(args))


def _excepted(board: Board, version: RulesVersion, ch: Characteristics, args: Mapping[str, Any]) -> Characteristics:
    """707.9a-d: the copied values with the copy effect's exceptions (and the CDAs they leave out)."""
    if version.copy_exceptions_drop_cdas:
        ch = without_excepted_cdas(board, ch, args, version.in_addition_exceptions_keep_cdas)
    return with_exceptions(ch, args.get("except", FrozenMap()))


def _decided(board: Board, version: RulesVersion, ch: Characteristics, args: Mapping[str, Any]) -> Mapping[str, Any]:
    """707.9f: conditional exceptions decided on what the copy would be without them."""
    if not args.get("except_if"):
        return args
    return decided_args(args, _excepted(board, version, ch, args))
