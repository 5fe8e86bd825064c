"""Filters and value expressions: the small, closed language effects use to pick objects and numbers.

A filter is a mapping; every key it has must hold (an empty mapping matches everything).
Filters read the *current* characteristics of the layer process (611.3a: static effects
apply at any moment to whatever their text indicates).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .frozen import FrozenMap
from .game_state import GAME_VALUES, game_value, turn_condition_holds
from .model import Board, Characteristics, State
from .vocabulary import COLORS, LAND_TYPES, is_creature_type, plural

FILTER_KEYS = (
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
)

COMPARATORS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
    ">=": operator.ge,
    ">": operator.gt,
}


@dataclass(frozen=True)
class Context:
    """Who is asking: the board, the current state, the effect's source and controller."""

    board: Board
    state: State
    source: str | None
    controller: str | None
    # the object a value is being computed for ("it" in "for each other creature that shares a type with it")
    it: str | None = None


def characteristics_of(ctx: Context, obj_id: str) -> Characteristics:
    """613.1: the current characteristics, in whatever zone the object is."""
    if obj_id in ctx.state:
        return ctx.state[obj_id]
    return ctx.board.objects[obj_id].printed


def has_subtype(ch: Characteristics, subtype: str) -> bool:
    """205.3m, 702.73a: an object with all creature types has every creature type."""
    return subtype in ch.subtypes or (ch.all_creature_types and is_creature_type(subtype))


def shares_creature_type(a: Characteristics, b: Characteristics) -> bool:
    """205.3m, 702.73a: the two objects have a creature type in common (all creature types count as every one)."""
    a_types = {s for s in a.subtypes if is_creature_type(s)}
    b_types = {s for s in b.subtypes if is_creature_type(s)}
    if a.all_creature_types:
        return bool(b_types) or b.all_creature_types
    if b.all_creature_types:
        return bool(a_types)
    return bool(a_types & b_types)


def is_top_of_graveyard(board: Board, obj_id: str) -> bool:
    """404.1, 613.7d: a graveyard keeps its order, so its top card is the one that entered it last."""
    obj = board.objects[obj_id]
    if obj.zone != "graveyard":
        return False
    pile = [o.timestamp for o in board.objects.values() if o.zone == "graveyard" and o.owner == obj.owner]
    return obj.timestamp == max(pile) and pile.count(obj.timestamp) == 1


def player_named(ctx: Context, who: str) -> str | None:
    """109.4: "you" in a filter is the player who controls the effect; any other word names a player."""
    if who == "you":
        return ctx.controller
    return who


def matches(filt: Any, obj_id: str, ctx: Context) -> bool:
    """611.3a: the object, as it is at this point of the layer process, meets every condition of the filter."""
    if not isinstance(filt, Mapping):
        raise ValueError(f"a filter must be a mapping, got {filt!r}")
    obj = ctx.board.objects[obj_id]
    ch = characteristics_of(ctx, obj_id)
    for key, want in filt.items():
        if key == "all":
            ok = all(matches(f, obj_id, ctx) for f in want)
        elif key == "any":
            ok = any(matches(f, obj_id, ctx) for f in want)
        elif key == "not":
            ok = not matches(want, obj_id, ctx)
        elif key == "id":
            ok = obj_id == want
        elif key == "ids":
            ok = obj_id in want
        elif key == "type":
            ok = want in ch.types
        elif key == "subtype":
            ok = has_subtype(ch, want)
        elif key == "supertype":
            ok = want in ch.supertypes
        elif key == "color":
            ok = want in ch.colors
        elif key == "colorless":
            ok = (not ch.colors) == bool(want)
        elif key == "multicolored":
            ok = (len(ch.colors) > 1) == bool(want)
        elif key == "controller":
            if want == "opponent":
                ok = ctx.controller is not None and ch.controller != ctx.controller
            else:
                ok = ch.controller == player_named(ctx, want)
        elif key == "owner":
            ok = obj.owner == player_named(ctx, want)
        elif key == "is_source":
            ok = (obj_id == ctx.source) == bool(want)
        elif key == "other_than_source":
            ok = (obj_id != ctx.source) == bool(want)
        elif key == "attached_to_source":
            src = ctx.board.objects.get(ctx.source) if ctx.source else None
            ok = (src is not None and src.attached_to == obj_id) == bool(want)
        elif key == "name":
            ok = ch.name == want
        elif key == "token":
            ok = obj.token == bool(want)
        elif key == "monstrous":  # 701.37b: a designation of the object, whatever its abilities
            ok = obj.monstrous == bool(want)
        elif key == "has_counter":  # 122.1: "with a gold counter on it": one or more counters of that kind
            ok = any(c.kind == want and c.count > 0 for c in obj.counters)
        elif key == "face_down":
            ok = ch.face_down == bool(want)
        elif key == "has_ability":
            ok = want in ch.abilities
        elif key == "mana_value":
            ok = COMPARATORS[want["op"]](ch.mana_value, int(want["value"]))
        elif key == "zone":
            ok = obj.zone == want
        elif key == "shares_creature_type_with":
            other = ctx.source if want == "source" else ctx.it
            ok = other is not None and shares_creature_type(ch, characteristics_of(ctx, other))
        elif key == "is_it":
            ok = (obj_id == ctx.it) == bool(want)
        elif key == "exiled_with_source":
            ok = (obj.exiled_with is not None and obj.exiled_with == ctx.source) == bool(want)
        elif key == "top_of_graveyard":
            ok = is_top_of_graveyard(ctx.board, obj_id) == bool(want)
        else:
            raise ValueError(f"unknown filter key {key!r}")
        if not ok:
            return False
    return True


def names_zone(filt: Any) -> bool:
    """109.2, 109.2a: a filter that names a zone (anywhere inside it) looks there; otherwise it means permanents."""
    if isinstance(filt, Mapping):
        return "zone" in filt or any(names_zone(v) for v in filt.values())
    if isinstance(filt, tuple):
        return any(names_zone(v) for v in filt)
    return False


def objects_matching(
    filt: Any,
    ctx: Context,
    anywhere: bool = False,
    test: Callable[[str, Context], bool] | None = None,
    among: Iterable[str] | None = None,
) -> frozenset[str]:
    """109.2: the objects that match the filter: permanents unless the filter names a zone (or ``anywhere``).

    ``test`` is the filter as a predicate when the caller has one (the fast path's compiled filter,
    the same test as ``matches``); ``among`` limits the answer to those objects.
    """
    any_zone = anywhere or names_zone(filt)
    objects = ctx.board.objects
    return frozenset(
        i
        for i, o in (objects.items() if among is None else ((i, objects[i]) for i in among))
        if (any_zone or o.zone == "battlefield")
        and (o.zone != "battlefield" or i in ctx.state)
        and (matches(filt, i, ctx) if test is None else test(i, ctx))
    )


VALUE_KEYS = (
    "count",
    "its",
    "card_types_among",
    "total",
    "sum",
    "times",
    "counters",
    "source_counters",
    "devotion",
    *GAME_VALUES,
)

MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")
COLOR_LETTER = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def devotion_symbols(cost: str | None, colors: frozenset[str]) -> int:
    """700.5: mana symbols in a cost that are of any of the colors (hybrid and Phyrexian symbols count, once)."""
    n = 0
    for sym in MANA_SYMBOL.findall(cost or ""):
        if any(COLOR_LETTER.get(part) in colors for part in sym.split("/")):
            n += 1
    return n


def counters_of(ctx: Context, obj_id: str | None, kind: str) -> int:
    """122.1: how many counters of a kind (or of any kind: "any") are on an object."""
    if obj_id is None or obj_id not in ctx.board.objects:
        return 0
    return sum(c.count for c in ctx.board.objects[obj_id].counters if kind in ("any", c.kind))


def evaluate(value: Any, ctx: Context, target: str | None) -> int:
    """611.3a: the number a value expression stands for at this point, for the object ``target``."""
    if isinstance(value, bool):
        raise ValueError(f"a value must be a number or an expression, got {value!r}")
    if isinstance(value, int):
        return value
    if not isinstance(value, Mapping) or len(value) != 1:
        raise ValueError(f"a value expression must have exactly one key, got {value!r}")
    ((key, arg),) = value.items()
    ctx = replace(ctx, it=target)
    if key == "count":
        return len(objects_matching(arg, ctx))
    if key == "counters":
        return counters_of(ctx, target, str(arg))
    if key == "source_counters":
        return counters_of(ctx, ctx.source, str(arg))
    if key == "devotion":
        colors = frozenset([arg] if isinstance(arg, str) else arg)
        mine = (
            i
            for i in ctx.state
            if ctx.board.objects[i].zone == "battlefield" and ctx.state[i].controller == ctx.controller
        )
        return sum(devotion_symbols(ctx.state[i].mana_cost, colors) for i in mine)
    if key == "its":
        if target is None:
            raise ValueError("'its' needs an object")
        ch = characteristics_of(ctx, target)
        n = {"mana_value": ch.mana_value, "power": ch.power, "toughness": ch.toughness}[arg]
        return n or 0
    if key == "card_types_among":
        found: set[str] = set()
        for i in objects_matching(arg, ctx):
            found |= characteristics_of(ctx, i).types
        return len(found)
    if key == "total":  # "the total power of the exiled cards": a sum of other objects' values, as they are now
        return sum(value_of(ctx, i, str(arg["of"])) for i in objects_matching(arg["among"], ctx))
    if key in GAME_VALUES:  # 119.1, 402.1: game state, read off the board
        return game_value(ctx.board, key, arg, ctx.controller)
    if key == "sum":
        return sum(evaluate(v, ctx, target) for v in arg)
    if key == "times":
        factor, inner = arg
        return int(factor) * evaluate(inner, ctx, target)
    raise ValueError(f"unknown value expression {key!r}")


def value_of(ctx: Context, obj_id: str, field: str) -> int:
    """208.3, 202.3: one object's power, toughness or mana value as a total counts it (a noncreature permanent has no
    power or toughness: 0; a card elsewhere has its own)."""
    ch = characteristics_of(ctx, obj_id)
    if field == "mana_value":
        return ch.mana_value
    if ctx.board.objects[obj_id].zone == "battlefield" and "creature" not in ch.types:
        return 0
    return (ch.power if field == "power" else ch.toughness) or 0


def amount(value: Any, ctx: Context, target: str | None, negatives: str = "zero") -> int:
    """107.1b: a raising or lowering amount, a calculation below zero counting as zero (from July 2017)."""
    # ``negatives`` "as_is" is the rule of 2007 to July 2017. The number the card writes and the sign its
    # factor gives stay: "gets -X/-X, where X is your life total" is {times: [-1, {life: you}]}, and at -1
    # life X is 0 (-0/-0, not +1/+1); a literal amount ("-2/-2") is not a calculation. An effect that sets
    # a value and a comparison read the value as it is (evaluate).
    if isinstance(value, Mapping) and len(value) == 1 and "times" in value:
        factor, inner = value["times"]
        return int(factor) * amount(inner, ctx, target, negatives)
    n = evaluate(value, ctx, target)
    if isinstance(value, int) or negatives == "as_is":
        return n
    return max(0, n)


def condition_holds(condition: Any, ctx: Context) -> bool:
    """611.3a: an "as long as" condition, a comparison of two values read from the current state."""
    if not isinstance(condition, Mapping):
        raise ValueError(f"a condition must be a mapping, got {condition!r}")
    if "your_turn" in condition:  # 611.3a: "as long as it's your turn" (102.1)
        return turn_condition_holds(ctx.board, condition, ctx.controller)
    if "all" in condition:  # 711.2a: "at least N1 ... but no more than N2": every one of them holds
        return all(condition_holds(c, ctx) for c in condition["all"])
    left = evaluate(condition["left"], ctx, ctx.source)
    right = evaluate(condition["right"], ctx, ctx.source)
    return COMPARATORS[str(condition["op"])](left, right)


# --- 612: text-changing effects replace words used as color words, land types, creature types.


def replaceable(word: str) -> bool:
    """612.2: only color words, land types and creature types can be changed."""
    return word in COLORS or word in LAND_TYPES or is_creature_type(word)


def _replace_word(text: str, old: str, new: str) -> str:
    """612.2: ``old`` replaced where it is a whole word (the land type of a landwalk keyword too), never inside one."""
    pattern = re.compile(rf"(?<![a-z']){re.escape(old)}(?=walk\b|[^a-z']|$)")
    return pattern.sub(new, text)


# An invariant plural (Merfolk) reads as a singular after these words, or before a noun it qualifies.
_SINGULAR_BEFORE = ("a", "an", "another", "each", "target", "that", "this", "one")
_NOUNS = ("creature", "card", "spell", "token", "permanent")
_NOUN_AFTER = _NOUNS + tuple(n + "s" for n in _NOUNS)


def _replace_same_plural(text: str, old: str, new: str) -> str:
    """612.2 for a word whose plural is itself: the new word is singular or plural as the old one was used."""
    if text == old:  # a type line entry or a filter's subtype: the singular
        return new
    pattern = re.compile(rf"(?<![a-z']){re.escape(old)}(?=walk\b|[^a-z']|$)")

    def image(m: re.Match[str]) -> str:
        before = text[: m.start()].split()
        after = text[m.end() :].split()
        if text[m.end() : m.end() + 4] == "walk":
            return new
        singular = (
            (before and before[-1] in _SINGULAR_BEFORE)
            or before[-2:] == ["each", "other"]
            or (after and after[0].strip(".,;:") in _NOUN_AFTER)
        )
        return new if singular else plural(new)

    return pattern.sub(image, text)


def replace_in_text(text: str, old: str, new: str) -> str:
    """612.2: replace a whole word, singular or plural (a landwalk keyword counts: islandwalk -> swampwalk)."""
    if plural(old) == old:
        return _replace_same_plural(text, old, new)
    marker = "\x00"
    text = _replace_word(text, plural(old), marker)
    return _replace_word(text, old, new).replace(marker, plural(new))


def apply_text_changes(text: str, changes: tuple[tuple[str, str], ...]) -> str:
    """612.1: the wording of ``text`` after an object's text changes, in the order they were made."""
    for old, new in changes:
        text = replace_in_text(text, old, new)
    return text


# Fields whose words a text change can reach (612.2: color words, land and creature types).
WORD_FIELDS = ("subtype", "color", "subtypes", "colors", "abilities", "has_ability", "land_type")


def substitute(data: Any, changes: tuple[tuple[str, str], ...], words: bool = False) -> Any:
    """612.1: an ability's filter and instruction as its changed text reads them."""
    if not changes:
        return data
    if isinstance(data, str):
        return apply_text_changes(data, changes) if words else data
    if isinstance(data, Mapping):
        return FrozenMap({k: substitute(v, changes, k in WORD_FIELDS) for k, v in data.items()})
    if isinstance(data, tuple):
        return tuple(substitute(v, changes, words) for v in data)
    return data
