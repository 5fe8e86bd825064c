"""Rule 612 (text-changing effects) and 707.2 (copiable values) as plain data, written for the encoding.

These are the *board-level* facts the encoding needs before it builds any z3 term:
which words a text change can reach, what a wording reads as after a change, and
the copiable values a copy effect hands over. They are derived here from the rules,
independently of ``reference.operations`` and ``reference.copiable``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from reference.model import COPIED_FIELDS, Board, Characteristics, GameObject, Merge
from reference.versions import RulesVersion

from .vocabulary import CREATURE_TYPES, OPERATION_KIND, plural

SET_COPY_FIELDS = ("colors", "types", "subtypes", "supertypes", "abilities")

# 612.1: the keys of a filter or instruction whose strings are words of the rules text.
WORD_KEYS = frozenset({"subtype", "color", "subtypes", "colors", "abilities", "has_ability", "land_type"})


@lru_cache(maxsize=4096)
def _word_pattern(word: str) -> re.Pattern[str]:
    """612.2: a whole word (singular or plural), or the land type inside a landwalk keyword (islandwalk)."""
    forms = "|".join(re.escape(f) for f in sorted({word, plural(word)}, key=lambda f: (-len(f), f)))
    return re.compile(rf"(?<![a-z'])(?:{forms})(?=walk\b|[^a-z']|$)")


def words_in(text: str, vocabulary: Iterable[str]) -> tuple[str, ...]:
    """The words of ``vocabulary`` that occur in ``text`` (singular or plural) as 612.2 counts them."""
    return tuple(sorted(w for w in vocabulary if _word_pattern(w).search(text)))


_ONE_BEFORE = frozenset({"a", "an", "another", "each", "one", "target", "that", "this"})
_QUALIFIED = frozenset(
    {"card", "cards", "creature", "creatures", "permanent", "permanents", "spell", "spells", "token"}
)


def _used_as_singular(text: str, start: int, end: int) -> bool:
    """612.2: whether an invariant type word (Merfolk) at text[start:end] is used in the singular."""
    if text.startswith("walk", end) or (start == 0 and end == len(text)):
        return True  # a landwalk keyword, or a bare word (a type line entry, a filter's subtype)
    words_before = re.findall(r"[a-z']+", text[:start])
    words_after = re.findall(r"[a-z']+", text[end:])
    if (words_before and words_before[-1] in _ONE_BEFORE) or words_before[-2:] == ["each", "other"]:
        return True
    return bool(words_after) and (words_after[0] in _QUALIFIED or words_after[0] == "tokens")


def rewrite(text: str, mapping: Mapping[str, str]) -> str:
    """612.2: replace every occurrence of each word (and its plural) by its image, all at once.

    A sequence of text changes composes into one mapping of the original words, so a
    single simultaneous rewrite gives the same text as the changes made one by one.
    A word whose plural is itself (Merfolk) becomes its image in the singular or the
    plural as the sentence uses it.
    """
    forms: dict[str, tuple[str, str]] = {}  # form -> (image if used in the singular, image if plural)
    for w, image in mapping.items():
        if image == w:
            continue
        many = plural(w)
        if many == w:
            forms[w] = (image, plural(image))
        else:
            forms[w] = (image, image)
            forms[many] = (plural(image), plural(image))
    if not forms:
        return text
    # one left-to-right scan, longest form first so "elves" is not read as "elf" + "ves"
    alternatives = "|".join(re.escape(w) for w in sorted(forms, key=lambda w: (-len(w), w)))
    pattern = re.compile(rf"(?<![a-z'])({alternatives})(?=walk\b|[^a-z']|$)")

    def replacement(m: re.Match[str]) -> str:
        one, many = forms[m.group(1)]
        return one if _used_as_singular(text, m.start(), m.end()) else many

    return pattern.sub(replacement, text)


@lru_cache(maxsize=65536)
def rewrite_word(text: str, old: str, new: str) -> str:
    """612.2: ``rewrite`` with one word's image, kept by its three strings (one text change read on every wording of
    the universe, at each application: the same strings again)."""
    return rewrite(text, {old: new})


def _face_down_values(args: Mapping[str, Any]) -> dict[str, Any]:
    """708.2a: a face-down permanent is a 2/2 creature with no name, text, subtypes or mana cost."""
    return {
        "name": None,
        "mana_value": 0,
        "mana_cost": None,
        "colors": frozenset(args.get("colors", ())),
        "types": frozenset(args.get("types", ("creature",))),
        "subtypes": frozenset(args.get("subtypes", ())),
        "supertypes": frozenset(),
        "all_creature_types": False,
        "abilities": frozenset(args.get("abilities", ())),
        "power": int(args.get("power", 2)),
        "toughness": int(args.get("toughness", 2)),
    }


def _exceptions(values: dict[str, Any], exc: Mapping[str, Any]) -> dict[str, Any]:
    """707.9a-b: the copy effect's own exceptions become part of the copied values."""
    out = dict(values)
    for f in ("name", "mana_value", "mana_cost", "power", "toughness"):
        if f in exc:
            out[f] = exc[f]
    for f in SET_COPY_FIELDS:
        if f in exc:
            out[f] = frozenset(exc[f])
        if exc.get(f"add_{f}"):
            out[f] = frozenset(out[f]) | frozenset(exc[f"add_{f}"])
    if exc.get("all_creature_types"):
        out["all_creature_types"] = True
    return out


def _defines(board: Board, wording: str) -> set[str]:
    """604.3: the characteristics a printed or copied ability defines, if it is a CDA (else nothing)."""
    d = board.abilities.get(wording)
    if d is None or not d.cda:
        return set()
    out: set[str] = set()
    for p in d.parts:
        kind = OPERATION_KIND.get(p.op)
        if kind == "color":
            out.add("colors")
        elif kind in ("pt_set", "pt_modify"):
            out |= {k for k in ("power", "toughness") if k in p.args}
        elif kind == "type":
            # the op names the family it changes: card types, subtypes (every creature type, land type)
            # or supertypes
            if "supertype" in p.op:
                out.add("supertypes")
            elif "subtype" in p.op or p.op == "all_creature_types":
                out.add("subtypes")
            else:
                out.add("types")
    return out


def _uncopied_cdas(
    board: Board, values: dict[str, Any], args: Mapping[str, Any], in_addition_keeps: bool = True
) -> dict[str, Any]:
    """707.9d: a copy effect that doesn't copy a characteristic, retains its own value for it, or gives
    it a specific value, doesn't copy the original's CDAs that define it ("in addition" exceptions,
    ``add_*``, are not such exceptions from 2021-02-05; before, 706.9c-d counted them as modifying
    the characteristic: ``in_addition_keeps`` false)."""
    exc = args.get("except", {})
    excepted = set(args.get("retain", ())) | {
        f for f in ("power", "toughness", "colors", "types", "subtypes", "supertypes") if f in exc
    }
    if not in_addition_keeps:
        excepted |= {f for f in ("colors", "types", "subtypes", "supertypes") if exc.get(f"add_{f}")}
    if not excepted:
        return values
    out = dict(values)
    out["abilities"] = frozenset(a for a in values["abilities"] if not (_defines(board, a) & excepted))
    return out


def token_face(
    board: Board, version: RulesVersion, part_args: Mapping[str, Any], copier: str | None, as_of: Any = float("inf")
) -> bool | None:
    """707.8a: a double-faced token copy shows the face of the original that is up on the token itself.

    None when 707.8 applies instead (the face up on the original when the copy began).
    """
    if copier is None or not part_args.get("double_faced"):
        return None
    original = board.objects.get(str(part_args["object"]))
    if original is None or original.back_face is None or not version.double_faced_token_copies:
        return None
    token = board.objects[copier]
    return _was_transformed(token.transformed, token.transform_history, as_of)


def copy_source_values(
    board: Board,
    version: RulesVersion,
    part_args: Mapping[str, Any],
    began: Any = float("inf"),
    copier: str | None = None,
    as_of: Any = float("inf"),
) -> dict[str, Any]:
    """707.2, 707.2b, 707.8, 707.9: what a copy effect begun at ``began`` hands over, with its exceptions."""
    original = str(part_args["object"])
    face = token_face(board, version, part_args, copier, as_of)
    values = copiable(board, version, original, began, face)
    card, status = board.objects.get(original), board.objects.get(copier) if copier is not None else None
    flipped = status is not None and status.flipped and status.zone == "battlefield"
    if card is not None and card.flip_face is not None and flipped:  # 707.3, 710.2: the copy's status picks
        values = {**values, **{f: getattr(card.flip_face, f) for f in _FLIP_FIELDS}}
    part_args = _with_conditions(board, version, values, part_args)
    if version.copy_exceptions_drop_cdas:
        values = _uncopied_cdas(board, values, part_args, version.in_addition_exceptions_keep_cdas)
    return _exceptions(values, part_args.get("except", {}))


def _has_all(values: Mapping[str, Any], condition: Mapping[str, Any]) -> bool:
    """707.9f: the copy, as the copy effect alone makes it, has each type the condition names."""
    field = {"type": "types", "supertype": "supertypes", "subtype": "subtypes"}
    for key, word in condition.items():
        if word in values[field[key]]:
            continue
        if key == "subtype" and values.get("all_creature_types") and word in CREATURE_TYPES:
            continue
        return False
    return True


def _with_conditions(
    board: Board, version: RulesVersion, found: dict[str, Any], args: Mapping[str, Any]
) -> Mapping[str, Any]:
    """707.9f: a copy effect's arguments with each conditional exception kept if the copy, made
    without it (with the unconditional exceptions), meets its condition."""
    conditional = args.get("except_if", ())
    if not conditional:
        return args
    exc = dict(args.get("except", {}))
    keeps = version.in_addition_exceptions_keep_cdas
    base = _uncopied_cdas(board, found, args, keeps) if version.copy_exceptions_drop_cdas else found
    base = _exceptions(base, exc)
    for entry in conditional:
        if not _has_all(base, entry["if"]):
            continue
        for k, v in entry.get("except", {}).items():
            joined = k.startswith("add_") and k in exc
            exc[k] = tuple(exc[k]) + tuple(x for x in v if x not in exc[k]) if joined else v
    return {**{k: v for k, v in args.items() if k != "except_if"}, "except": exc}


def _was_face_down(now: bool, history: tuple[tuple[Any, bool], ...], as_of: Any) -> bool:
    """707.2b with 613.7f: the face a permanent showed when a copy effect began at ``as_of``.

    Every turn face up or down carries the timestamp it gave the permanent; the latest turn
    before ``as_of`` decides, and before any turn the permanent showed the other face.
    """
    earlier = [fd for ts, fd in history if ts < as_of]
    if earlier:
        return earlier[-1]
    return (not history[0][1]) if history else now


def _was_transformed(now: bool, history: tuple[tuple[Any, bool], ...], as_of: Any) -> bool:
    """613.7g with 707.2b: whether the back face was up when a copy effect began at ``as_of``."""
    earlier = [t for ts, t in history if ts < as_of]
    if earlier:
        return earlier[-1]
    return (not history[0][1]) if history else now


def shown_face(obj: GameObject, as_of: Any = float("inf"), back: bool | None = None) -> Characteristics:
    """712: the printed values of the face that is up (only a permanent or spell can show its back face)."""
    if back is None:
        back = _was_transformed(obj.transformed, obj.transform_history, as_of)
    if back and obj.back_face is not None and obj.zone in ("battlefield", "stack"):
        return dataclasses.replace(obj.back_face, controller=obj.printed.controller)
    return obj.printed


# 710.1b-c: what a flip card's alternative half gives (its color and mana cost stay the normal half's)
_FLIP_FIELDS = ("name", "types", "subtypes", "supertypes", "abilities", "power", "toughness")


def flipped_half(status: GameObject, ch: Characteristics, card: GameObject) -> Characteristics:
    """710.2, 707.3: the values ``ch`` of the flip card ``card`` as shown by ``status``, a permanent that may be
    flipped (the card itself, or a copy of it: flipped is the copy's own status, never copied)."""
    if card.flip_face is None or not status.flipped or status.zone != "battlefield":
        return ch
    return dataclasses.replace(ch, **{f: getattr(card.flip_face, f) for f in _FLIP_FIELDS})


def own_values(obj: GameObject, version: RulesVersion) -> Characteristics:
    """712, 202.3b: a permanent's starting values; a transformed one keeps its front face's mana value.

    A modal double-faced permanent with its back face up has that face's own (712.8f).

    Not a copiable value: what a copy takes is the back face as printed (no mana cost, 0).
    """
    ch = flipped_half(obj, entered(obj), obj)
    if obj.modal and version.modal_double_faced is not True:
        raise ValueError(f"712.3: version {version.id} has no modal double-faced cards; {obj.id} is one")
    if obj.back_face is not None and obj.transformed and obj.zone == "battlefield" and not obj.modal:
        if version.back_face_mana_value is None:
            raise ValueError(f"202.3b: version {version.id} states no mana value for the back face of {obj.id}")
        if version.back_face_mana_value == "front":
            ch = dataclasses.replace(ch, mana_value=obj.printed.mana_value)
    return ch


def entered(obj: GameObject, as_of: Any = float("inf"), back: bool | None = None) -> Characteristics:
    """707.2, 712: the face up's printed values with what its "as this enters" choice made it (copiable too)."""
    choice = obj.entered_as
    ch = shown_face(obj, as_of, back)
    if "power" in choice:
        ch = dataclasses.replace(ch, power=choice["power"])
    if "toughness" in choice:
        ch = dataclasses.replace(ch, toughness=choice["toughness"])
    types, subtypes, abilities = (
        frozenset(getattr(ch, f)) | frozenset(choice.get(f"add_{f}", ())) for f in ("types", "subtypes", "abilities")
    )
    return dataclasses.replace(ch, types=types, subtypes=subtypes, abilities=abilities)


def copiable(
    board: Board,
    version: RulesVersion,
    oid: str,
    as_of: Any = float("inf"),
    face: bool | None = None,
) -> dict[str, Any]:
    """707.2, 613.2c: printed values changed only by copy effects, face-down status and copy exceptions.

    707.2b: the values are those when the copy effect began (``as_of``): layer-1 effects
    the original got later do not count; each copy read goes back in time, so copies of each
    other end.
    """
    obj = board.objects[oid]
    ch = entered(obj, as_of, face)  # 707.8: the face up when the copy began (or the token's own face, 707.8a)
    values: dict[str, Any] = {f: getattr(ch, f) for f in COPIED_FIELDS}
    steps: list[tuple[int, float, str, str, Mapping[str, Any]]] = []
    slot_ids = [s.id for s in version.slots]
    for e in board.effects:
        if oid not in e.applies_to or e.timestamp >= as_of:
            continue
        for p in e.parts:
            if p.op in ("copy_of", "face_down"):
                slot = version.slot_of("copy" if p.op == "copy_of" else "face_down", "resolved")
                assert slot is not None
                steps.append((slot_ids.index(slot), float(e.timestamp), e.id, p.op, p.args))
    for m in obj.merges:  # 721.2a: a merge is a copiable effect with the timestamp of the merge
        if m.timestamp < as_of:
            slot = version.slot_of("copy", "rule")
            assert slot is not None
            steps.append((slot_ids.index(slot), float(m.timestamp), f"merge:{m.component.id}", "merge", merge_args(m)))
    if _was_face_down(obj.face_down, obj.face_history, as_of):
        slot = version.slot_of("face_down", "rule")
        assert slot is not None
        steps.append(
            (slot_ids.index(slot), float(obj.timestamp), f"face-down:{oid}", "face_down", obj.face_down_values)
        )
    for _, ts, _, op, args in sorted(steps, key=lambda s: (s[0], s[1], s[2])):
        if op == "copy_of":
            inner = token_face(board, version, args, oid, as_of)
            found = copiable(board, version, str(args["object"]), ts, inner)
            args = _with_conditions(board, version, found, args)
            if version.copy_exceptions_drop_cdas:
                found = _uncopied_cdas(board, found, args, version.in_addition_exceptions_keep_cdas)
            new = _exceptions(found, args.get("except", {}))
            keep = set(args.get("retain", ()))
            values = {f: (values[f] if f in keep else new[f]) for f in COPIED_FIELDS}
        elif op == "merge":
            values = merged_into(values, args)
        else:
            values = _face_down_values(args)
    return values


def merge_args(m: Merge) -> dict[str, Any]:
    """702.140e, 729.2: what a merge hands over: the component's shown face, and whether it went on top."""
    ch = shown_face(m.component)
    return {"over": m.over, "values": {f: getattr(ch, f) for f in COPIED_FIELDS}}


def merged_into(values: Mapping[str, Any], args: Mapping[str, Any]) -> dict[str, Any]:
    """721.2a, 702.140e: on top, the component's values; in any case its abilities join the others'."""
    out = dict(args["values"]) if args["over"] else dict(values)
    out["abilities"] = frozenset(values["abilities"]) | frozenset(args["values"]["abilities"])
    return out


def face_down_values(args: Mapping[str, Any]) -> dict[str, Any]:
    """708.2a: the characteristics of a face-down permanent (public name for the encoding)."""
    return _face_down_values(args)


_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COLOR_OF_LETTER = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def symbols_of(cost: str | None, colors: Iterable[str]) -> int:
    """700.5: devotion counts each mana symbol of the cost that is one of the colors (hybrid, Phyrexian once)."""
    wanted = set(colors)
    return sum(
        1 for sym in _SYMBOL.findall(cost or "") if wanted & {_COLOR_OF_LETTER.get(p, "") for p in sym.split("/")}
    )
