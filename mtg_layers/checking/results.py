"""Results as plain data: the stable JSON shape of an object's characteristics, and comparison.

Normalisation (documented for adapters): lists of words are sets (compared sorted),
names are case-sensitive, power/toughness are integers or null, counters map kind to count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from reference.model import Board, Characteristics
from reference.vocabulary import is_creature_type

RESULT_FIELDS = (
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
    "mana_cost",
    "owner",
    "zone",
)
SET_FIELDS = ("types", "subtypes", "supertypes", "colors", "abilities")


def has_pt(ch: Characteristics) -> bool:
    """208.3: a noncreature permanent has no power or toughness, even with printed values."""
    return "creature" in ch.types


def object_result(board: Board, obj_id: str, ch: Characteristics) -> dict[str, Any]:
    """The characteristics of one object as a JSON-ready mapping (stable key order)."""
    counters: dict[str, int] = {}
    for c in board.objects[obj_id].counters:
        counters[c.kind] = counters.get(c.kind, 0) + c.count
    return {
        "name": ch.name,
        "controller": ch.controller,
        "mana_value": ch.mana_value,
        "types": sorted(ch.types),
        "subtypes": sorted(ch.subtypes),
        "supertypes": sorted(ch.supertypes),
        "all_creature_types": ch.all_creature_types,
        "colors": sorted(ch.colors),
        "abilities": sorted(ch.abilities),
        "power": ch.power if has_pt(ch) else None,
        "toughness": ch.toughness if has_pt(ch) else None,
        "face_down": ch.face_down,
        "counters": dict(sorted(counters.items())),
        "mana_cost": ch.mana_cost,
        "owner": board.objects[obj_id].owner,
        "zone": board.objects[obj_id].zone,
    }


def board_result(board: Board, final: Mapping[str, Characteristics]) -> dict[str, dict[str, Any]]:
    """Every object's characteristics (613.1: in every zone), keyed by object id."""
    return {i: object_result(board, i, final[i]) for i in sorted(final)}


@dataclass(frozen=True)
class Mismatch:
    """One expected value that the actual result does not have."""

    object: str
    field: str
    expected: Any
    actual: Any


def normalise(field: str, value: Any) -> Any:
    """Sets are compared as sorted lists; everything else as is."""
    if field in SET_FIELDS and isinstance(value, (list, tuple, set, frozenset)):
        return sorted(value)
    if field == "counters" and isinstance(value, Mapping):
        return dict(sorted(value.items()))
    return value


def _holds(got: Mapping[str, Any], field: str, word: str) -> bool:
    """205.3m, 702.73a: an object with all creature types has every creature type."""
    if word in (got.get(field) or ()):
        return True
    return field == "subtypes" and bool(got.get("all_creature_types")) and is_creature_type(word)


def observed(want: Mapping[str, Any], got: Mapping[str, Any] | None) -> dict[str, Any]:
    """What the resolver gives for the characteristics a case expects, keyed like the expectation:
    a ``has``/``lacks`` claim that holds is repeated; one that does not is replaced by the
    object's actual values of that field (so the two can be read side by side)."""
    got = got or {}
    out: dict[str, Any] = {}
    for key, value in want.items():
        if key in ("has", "lacks") and isinstance(value, Mapping):
            held = {f: list(ws) for f, ws in value.items() if all(_holds(got, f, w) == (key == "has") for w in ws)}
            if held:
                out[key] = held
            for f in value:
                if f not in held:
                    out[f] = got.get(f)
        else:
            out[key] = got.get(key)
    return out


def subset_mismatches(oid: str, key: str, want: Mapping[str, Any], got: Mapping[str, Any]) -> list[Mismatch]:
    """``has``: every listed word is among the object's values; ``lacks``: none is."""
    out = []
    for field in sorted(want):
        wrong = [w for w in want[field] if _holds(got, field, w) != (key == "has")]
        if wrong:
            out.append(Mismatch(oid, f"{key}.{field}", sorted(wrong), normalise(field, got.get(field))))
    return out


def compare(expected: Mapping[str, Mapping[str, Any]], actual: Mapping[str, Mapping[str, Any]]) -> list[Mismatch]:
    """Only the characteristics a case expects are compared."""
    out = []
    for oid in sorted(expected):
        want = expected[oid]
        got = actual.get(oid)
        there = got is not None and got.get("zone", "battlefield") == "battlefield"
        if "on_battlefield" in want and bool(want["on_battlefield"]) != there:
            out.append(Mismatch(oid, "on_battlefield", want["on_battlefield"], there))
            continue
        for field in sorted(want):
            if field == "on_battlefield":
                continue
            if field in ("has", "lacks") and got is not None:
                out += subset_mismatches(oid, field, want[field], got)
                continue
            if got is None:
                out.append(Mismatch(oid, field, normalise(field, want[field]), None))
                continue
            e, a = normalise(field, want[field]), normalise(field, got.get(field))
            if e != a:
                out.append(Mismatch(oid, field, e, a))
    return out


def own_boards(boards: tuple[Board, ...] | list[Board]) -> bool:
    """613.7m, 614.12: the outcomes of a step were found on boards that differ in more than the order each records: an
    object entered with counters (or the players sat) as each order gave, so each outcome has a trace of its own."""
    return any(replace(b, tie_order=boards[0].tie_order) != boards[0] for b in boards)


def differing(results: list[dict[str, dict[str, Any]]]) -> list[tuple[str, str]]:
    """The (object, field) pairs whose values differ between the results of a step's outcomes (613.7m)."""
    pairs = sorted({(o, f) for r in results for o, fields in r.items() for f in fields})
    return [(o, f) for o, f in pairs if len({repr(r.get(o, {}).get(f)) for r in results}) > 1]
