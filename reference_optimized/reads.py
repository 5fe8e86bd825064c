"""What each operation writes and each filter or value reads (613.1, 611.3a): the facts the
incremental bookkeeping (``reference_optimized.bookkeeping``) uses to skip work that cannot
change an answer.

Each table errs on the side of "it may": an operation not listed writes every characteristic,
a filter key not listed reads every one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from reference.effects import VALUE_ARGS, ContinuousEffect
from reference.filters import apply_text_changes
from reference.frozen import freeze
from reference.game_state import GAME_VALUES
from reference.model import Characteristics, Part
from reference.operations import fit_subtypes, intrinsic_abilities
from reference.vocabulary import INTRINSIC_MANA, is_creature_type

FIELDS: frozenset[str] = frozenset(f.name for f in fields(Characteristics))
_PT = frozenset({"power", "toughness"})
# 305.6: a type change brings or takes a land's intrinsic mana abilities
# 205.1a: the subtypes a removed card type sets aside, and gives back when it returns
_ASIDE = frozenset({"aside_subtypes", "aside_all_creature_types"})
_TYPES = frozenset({"types", "subtypes", "all_creature_types", "abilities", "intrinsic"}) | _ASIDE
_SUBTYPES = frozenset({"subtypes", "all_creature_types", "abilities", "intrinsic"}) | _ASIDE
ABILITY_FIELDS = frozenset({"abilities", "granted", "intrinsic"})

# 613.1: the characteristics each operation can change (any other operation: all of them).
WRITES: dict[str, frozenset[str]] = {
    "set_controller": frozenset({"controller"}),
    "set_name": frozenset({"name"}),
    "replace_word": frozenset({"abilities", "subtypes", "aside_subtypes", "text_changes", "intrinsic"}),
    "add_types": _TYPES,
    "set_types": _TYPES,
    "remove_types": _TYPES,
    "add_subtypes": _SUBTYPES,
    "set_subtypes": _SUBTYPES,
    "remove_subtypes": _SUBTYPES,
    "all_creature_types": _SUBTYPES,
    "set_land_subtype": frozenset({"subtypes", "abilities", "intrinsic"}),
    "add_supertypes": frozenset({"supertypes"}),
    "remove_supertypes": frozenset({"supertypes"}),
    "set_colors": frozenset({"colors"}),
    "add_colors": frozenset({"colors"}),
    "add_abilities": ABILITY_FIELDS,
    "remove_abilities": ABILITY_FIELDS,
    "remove_all_abilities": ABILITY_FIELDS,
    "remove_all_abilities_except_mana": ABILITY_FIELDS,
    "counter_keyword": ABILITY_FIELDS,
    "set_pt": _PT,
    "modify_pt": _PT,
    "switch_pt": _PT,
    "counter_pt": _PT,
}

# What a filter key reads of the object it tests (keys reading only the board read nothing).
FILTER_READS: dict[str, frozenset[str]] = {
    "id": frozenset(),
    "ids": frozenset(),
    "owner": frozenset(),
    "is_source": frozenset(),
    "other_than_source": frozenset(),
    "attached_to_source": frozenset(),
    "token": frozenset(),
    "monstrous": frozenset(),
    "has_counter": frozenset(),
    "zone": frozenset(),
    "type": frozenset({"types"}),
    "subtype": frozenset({"subtypes", "all_creature_types"}),
    "supertype": frozenset({"supertypes"}),
    "color": frozenset({"colors"}),
    "colorless": frozenset({"colors"}),
    "multicolored": frozenset({"colors"}),
    "controller": frozenset({"controller"}),
    "name": frozenset({"name"}),
    "face_down": frozenset({"face_down"}),
    "has_ability": frozenset({"abilities"}),
    "mana_value": frozenset({"mana_value"}),
    # board facts that do not change during the layer process: an exile link (607.2a), a graveyard's order (404.2)
    "exiled_with_source": frozenset(),
    "top_of_graveyard": frozenset(),
    # the object a value is computed for ("it"): its identity only
    "is_it": frozenset(),
    # the creature types of the tested object and of the source or "it" (205.3m)
    "shares_creature_type_with": frozenset({"subtypes", "all_creature_types"}),
}

# What reading a static effect off its source reads (611.3, reference.effects.static_effect),
# plus the controller its "you" means (109.4).
SOURCE_READS = frozenset({"abilities", "text_changes", "granted", "name", "controller"})
REGENERATE_ON = SOURCE_READS - {"controller"}


# Value expressions read off the board, not off characteristics: counters (122), life and cards in hand (119.1, 402.1).
BOARD_VALUES = frozenset({"counters", "source_counters", *GAME_VALUES})
# 700.5: devotion reads the mana costs of the permanents the source's controller controls.
DEVOTION_READS = frozenset({"mana_cost", "controller"})


def filter_reads(filt: Any) -> frozenset[str]:
    """The characteristics a filter reads (all of them for a key this module does not know)."""
    if not isinstance(filt, Mapping):
        return FIELDS
    out: set[str] = set()
    for key, want in filt.items():
        if key in ("all", "any"):
            for f in want:
                out |= filter_reads(f)
        elif key == "not":
            out |= filter_reads(want)
        elif key in FILTER_READS:
            out |= FILTER_READS[key]
        else:
            return FIELDS
    return frozenset(out)


def value_reads(value: Any) -> frozenset[str]:
    """The characteristics a value expression reads (all of them for an unknown expression)."""
    if isinstance(value, int):
        return frozenset()
    if not isinstance(value, Mapping) or len(value) != 1:
        return FIELDS
    ((key, arg),) = value.items()
    if key == "count":
        return filter_reads(arg)
    if key == "card_types_among":
        return filter_reads(arg) | {"types"}
    if key == "its":
        return frozenset({arg}) if arg in ("mana_value", "power", "toughness") else FIELDS
    if key in BOARD_VALUES:
        return frozenset()  # counters (122) and game values (119.1, 402.1) are board facts, not characteristics
    if key == "devotion":
        return DEVOTION_READS
    if key == "sum":
        return frozenset().union(*(value_reads(v) for v in arg))
    if key == "times":
        return value_reads(arg[1])
    return FIELDS


# Characteristics a filter can ask about by name, and the filter key that asks (card types: 205.2a, each one by
# name; "type" asks whether the object has that one card type).
NAMED: dict[str, str] = {"abilities": "has_ability", "subtypes": "subtype", "types": "type"}

# Operations that touch only the card types they name in the ``types`` characteristic (205.1a, 205.1b).
_TYPE_NAMING = frozenset({"add_types", "remove_types"})

# Known names per characteristic (a characteristic not in the mapping: any of its names).
Names = Mapping[str, frozenset[str]]


def names_read(filt: Any, ask: str) -> frozenset[str] | None:
    """The names a filter asks about with key ``ask`` ('has_ability', 'subtype'); None when it reads otherwise."""
    if not isinstance(filt, Mapping):
        return None
    out: set[str] = set()
    for key, want in filt.items():
        if key in ("all", "any"):
            subs = [names_read(f, ask) for f in want]
        elif key == "not":
            subs = [names_read(want, ask)]
        elif key == ask:
            subs = [frozenset({want})] if isinstance(want, str) else [None]
        elif key == "shares_creature_type_with" and ask == "subtype":
            subs = [None]  # every creature type, not by name
        elif key in FILTER_READS:
            subs = []
        else:
            return None
        for sub in subs:
            if sub is None:
                return None
            out |= sub
    return frozenset(out)


def value_names_read(value: Any, ask: str) -> frozenset[str] | None:
    """The names a value expression's filters ask about with key ``ask`` (None: it reads them otherwise)."""
    if isinstance(value, int):
        return frozenset()
    if not isinstance(value, Mapping) or len(value) != 1:
        return None
    ((key, arg),) = value.items()
    if key == "card_types_among" and ask == "type":
        return None  # 205.2a: every card type of the objects counted, not by name
    if key in ("count", "card_types_among"):
        return names_read(arg, ask)
    if key == "its" or key in BOARD_VALUES or key == "devotion":
        return frozenset()
    subs = (
        [value_names_read(v, ask) for v in arg]
        if key == "sum"
        else [value_names_read(arg[1], ask)]
        if key == "times"
        else [None]
    )
    if any(sub is None for sub in subs):
        return None
    return frozenset().union(*subs)  # type: ignore[arg-type]


def value_ability_names(value: Any) -> frozenset[str] | None:
    """The abilities a value expression's filters ask about by name (None: it reads abilities otherwise)."""
    return value_names_read(value, "has_ability")


def hits(writes: frozenset[str], write_names: Names, reads: frozenset[str], read_names: Names) -> bool:
    """Can changing ``writes`` (of a named characteristic: only ``write_names``, if known) change ``reads``?"""
    for f in writes & reads:
        w, r = write_names.get(f), read_names.get(f)
        if w is None or r is None or not w.isdisjoint(r):
            return True
    return False


def reads_its_object(value: Any) -> bool:
    """True when a value expression reads the object it is evaluated for ('its', or unknown)."""
    if isinstance(value, int):
        return False
    if not isinstance(value, Mapping) or len(value) != 1:
        return True
    ((key, arg),) = value.items()
    if key in ("count", "card_types_among"):
        return reads_it(arg)
    if key in ("source_counters", "devotion", *GAME_VALUES):
        return False
    if key == "sum":
        return any(reads_its_object(v) for v in arg)
    if key == "times":
        return reads_its_object(arg[1])
    return True


def reads_it(filt: Any) -> bool:
    """611.3a: True when a filter inside a value reads the object the value is computed for ("it", a shared type)."""
    if isinstance(filt, Mapping):
        return any(
            key == "is_it" or (key == "shares_creature_type_with" and want != "source") or reads_it(want)
            for key, want in filt.items()
        )
    if isinstance(filt, list | tuple):
        return any(reads_it(f) for f in filt)
    return False


def source_reads(filt: Any) -> frozenset[str]:
    """205.3m: what a filter reads of its source beyond its controller: creature types ("shares a creature type")."""
    if isinstance(filt, Mapping):
        out: frozenset[str] = frozenset()
        for key, want in filt.items():
            if key == "shares_creature_type_with" and want == "source":
                out |= FILTER_READS[key]
            else:
                out |= source_reads(want)
        return out
    if isinstance(filt, list | tuple):
        return frozenset().union(*(source_reads(f) for f in filt))
    return frozenset()


def self_only(value: Any) -> bool:
    """613.8a: True when a value expression reads, of all the objects, only the one it is computed for (or none)."""
    if isinstance(value, int):
        return True
    if not isinstance(value, Mapping) or len(value) != 1:
        return False
    ((key, arg),) = value.items()
    if key == "its" or key in BOARD_VALUES:
        return True
    if key == "sum":
        return all(self_only(v) for v in arg)
    if key == "times":
        return self_only(arg[1])
    return False


def condition_reads(condition: Any) -> tuple[frozenset[str], Names]:
    """611.3a: what an "as long as" condition reads, with the names it asks about where known ("your turn": none)."""
    if condition is None or not isinstance(condition, Mapping) or "your_turn" in condition:
        return frozenset(), {}
    sides = (condition.get("left"), condition.get("right"))
    reads = frozenset().union(*(value_reads(v) for v in sides))
    names: dict[str, frozenset[str]] = {}
    for field, ask in NAMED.items():
        found = [value_names_read(v, ask) for v in sides]
        if all(n is not None for n in found):
            names[field] = frozenset().union(*found)  # type: ignore[arg-type]
    return reads, names


def source_free(value: Any) -> bool:
    """True when a value expression reads neither the effect's source nor the player its "you" means (109.4)."""
    if isinstance(value, int):
        return True
    if not isinstance(value, Mapping) or len(value) != 1:
        return False
    ((key, arg),) = value.items()
    if key in ("its", "counters"):
        return True
    if key == "sum":
        return all(source_free(v) for v in arg)
    if key == "times":
        return source_free(arg[1])
    return False


def source_free_filter(filt: Any) -> bool:
    """True when a filter reads nothing of the effect's source but the player its "you" means (109.4)."""
    if isinstance(filt, Mapping):
        return all(
            "source" not in key and key not in ("it", "is_it") and want not in ("source", "it")
            for key, want in filt.items()
        ) and all(source_free_filter(want) for want in filt.values())
    if isinstance(filt, list | tuple):
        return all(source_free_filter(f) for f in filt)
    return True


def without_other_than_source(filt: Any) -> Any | None:
    """An "all" filter with an "other than its source" item, without that item (None for any other filter).

    That item reads only which object the source is (109.2), not its characteristics: the rest of the filter
    may then be source-free, its answer shared by equal effects of different sources, less each one's source.
    """
    if not (isinstance(filt, Mapping) and set(filt) == {"all"} and isinstance(filt["all"], list | tuple)):
        return None
    items = list(filt["all"])
    other = [f for f in items if isinstance(f, Mapping) and dict(f) == {"other_than_source": True}]
    if not other:
        return None
    rest = [f for f in items if not (isinstance(f, Mapping) and dict(f) == {"other_than_source": True})]
    return freeze({"all": rest})


def part_reads_object(part: Part) -> bool:
    """True when a part's instruction differs from object to object (an amount reading "its")."""
    return part.op in ("set_pt", "modify_pt") and any(
        reads_its_object(v) for k, v in part.args.items() if k in VALUE_ARGS
    )


def reads_only_its_characteristics(value: Any) -> bool:
    """613.4a-c, 611.3a: True when an amount reads of its object only characteristics ("its" power, toughness or mana
    value; numbers; sums and products of those): then objects with equal characteristics get the same amount."""
    if isinstance(value, int) and not isinstance(value, bool):
        return True
    if not isinstance(value, Mapping) or len(value) != 1:
        return False
    ((key, arg),) = value.items()
    if key == "its":
        return arg in ("mana_value", "power", "toughness")
    if key == "sum":
        return isinstance(arg, list | tuple) and all(reads_only_its_characteristics(v) for v in arg)
    if key == "times":
        return (
            isinstance(arg, list | tuple)
            and len(arg) == 2
            and isinstance(arg[0], int)
            and not isinstance(arg[0], bool)
            and reads_only_its_characteristics(arg[1])
        )
    return False


def part_reads_only_characteristics(part: Part) -> bool:
    """613.1: True when what a part does to an object reads, of that object, only its characteristics (an amount
    off "its" power, toughness or mana value, or none): equal characteristics, equal instruction and result."""
    if not part_reads_object(part):
        return True
    return all(reads_only_its_characteristics(v) for k, v in part.args.items() if k in VALUE_ARGS)


def changed_fields(old: Characteristics, new: Characteristics, found: set[str]) -> None:
    """Add to ``found`` the characteristics that differ between ``old`` and ``new``."""
    for f in FIELDS - found:
        if getattr(old, f) != getattr(new, f):
            found.add(f)


# Operations that add or remove the subtypes they name, and nothing else on an object that fits (``fits``).
_SUBTYPE_NAMING = frozenset({"add_subtypes", "remove_subtypes"})


def idle_pt(parts: tuple[Part, ...]) -> frozenset[str]:
    """613.4c: power or toughness that the parts raise only by a literal 0 and otherwise leave alone: on an object
    that has both, they do not change it ("+x/+0" changes no toughness)."""
    idle = {"power", "toughness"}
    for p in parts:
        if p.op == "modify_pt":
            idle -= {f for f in ("power", "toughness") if p.args.get(f, 0) != 0 or isinstance(p.args.get(f), bool)}
        else:
            idle -= WRITES.get(p.op, FIELDS)
    return frozenset(idle)


def writes_of(parts: tuple[Part, ...], fit: bool) -> tuple[frozenset[str], Names]:
    """613.1: what the parts can change, with the names they touch where known (``fit``: on objects that fit)."""
    writes: set[str] = set()
    abilities: set[str] | None = set()
    subtypes: set[str] | None = set()
    types: set[str] | None = set()
    for p in parts:
        if fit and p.op in _SUBTYPE_NAMING:
            value = p.args.get("subtypes")
            named = {value} if isinstance(value, str) else set(value or ())
            if all(is_creature_type(t) and t not in INTRINSIC_MANA for t in named):
                writes.add("subtypes")
                if p.op == "remove_subtypes":  # 205.1a: it removes those set aside too
                    writes.add("aside_subtypes")
                if subtypes is not None:
                    subtypes |= named
                continue
        if fit and p.op == "add_types":
            # 205.1a, 205.3d, 305.6: on an object that fits with nothing set aside, added card types keep every subtype
            # (each still has its card type), set none aside and bring none back, and leave its land types (so its
            # intrinsic mana abilities) as they were: only the named card types change, and it still fits
            writes.add("types")
            if types is not None:
                types |= set(p.args.get("types") or ())  # as the operation reads them (``operations._set``)
            continue
        op_writes = WRITES.get(p.op, FIELDS)
        writes |= op_writes
        if p.op in NAMING and abilities is not None:
            value = p.args.get(NAMING[p.op])
            abilities |= {value} if isinstance(value, str) else set(value or ())
        elif "abilities" in op_writes:
            abilities = None
        if "subtypes" in op_writes:
            subtypes = None
        if p.op in _TYPE_NAMING and types is not None:
            types |= set(p.args.get("types") or ())  # as the operation reads them (``operations._set``)
        elif "types" in op_writes:
            types = None
    names: dict[str, frozenset[str]] = {}
    if abilities is not None:
        names["abilities"] = frozenset(abilities)
    if subtypes is not None:
        names["subtypes"] = frozenset(subtypes)
    if types is not None:
        names["types"] = frozenset(types)
    return frozenset(writes), names


# What ``fits`` reads.
FIT_READS = frozenset({"types", "subtypes", "all_creature_types", "abilities", "intrinsic"}) | _ASIDE


def fits(ch: Characteristics) -> bool:
    """205.3d, 305.6, 205.1a: the object's subtypes fit its card types, its intrinsic mana abilities are its land
    types', and no subtype is set aside."""
    return (
        fit_subtypes(ch) is ch
        and intrinsic_abilities(ch) is ch
        and not ch.aside_subtypes
        and not ch.aside_all_creature_types
    )


def changed_names(old: Characteristics, new: Characteristics, names: dict[str, set[str]]) -> None:
    """Add to ``names`` the abilities (had, or granted at another time), subtypes and card types that differ."""
    names["abilities"] |= old.abilities ^ new.abilities
    if old.granted != new.granted:
        names["abilities"] |= {
            a for a in old.granted.keys() | new.granted.keys() if old.granted.get(a) != new.granted.get(a)
        }
    names["subtypes"] |= old.subtypes ^ new.subtypes
    names["types"] |= old.types ^ new.types


# Operations that touch only the abilities they name (and those abilities' grant timestamps).
NAMING = {"add_abilities": "abilities", "remove_abilities": "abilities", "counter_keyword": "ability"}


def index_reads(
    n: int,
    reads: frozenset[str],
    names: Names,
    by_read: dict[str, list[int]],
    by_name: dict[tuple[str, str], list[int]],
) -> None:
    """Index effect ``n`` under what it reads; a characteristic asked about by name under each name.

    ``by_read[f]``: every effect reading ``f``; ``by_read[f + "?"]``: those reading it otherwise than by name.
    """
    for f in reads:
        by_read.setdefault(f, []).append(n)
        if f in names:
            for name in names[f]:
                by_name.setdefault((f, name), []).append(n)
        else:
            by_read.setdefault(f + "?", []).append(n)


def words_of(a: ContinuousEffect, ch: Characteristics) -> frozenset[str]:
    """The wordings of a's ability on its source: as defined and as its text changes read it (612.1)."""
    text = a.ability or ""
    return frozenset({text, apply_text_changes(text, ch.text_changes)})


def source_view(a: ContinuousEffect, ch: Characteristics) -> tuple[Any, ...]:
    """What ``static_effect`` reads of a's source to produce a's effect (611.3, 612.1, 613.7a)."""
    words = words_of(a, ch)
    return (
        ch.name,
        ch.text_changes,
        tuple(sorted((w, w in ch.abilities, ch.granted.get(w)) for w in words)),
    )
