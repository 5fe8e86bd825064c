"""Conditional copy exceptions (707.9f, reference.conditional_copy): loading, deciding on the copy's own
values, both resolvers agreeing.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_layers.corpus import CorpusError, case_from_data, load_case
from reference.case import board_at
from reference.conditional_copy import copy_condition_holds, merged_exceptions
from reference.frozen import freeze
from reference.model import Characteristics
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import resolve as fast_resolve

from ..builders import BEAR, creature, make_board
from ..builders import copy_effect as _copy
from ..builders import loaded_case as _board

CHANGELING = {"if": {"type": "creature"}, "except": {"add_abilities": ["changeling"]}}

GOOD: dict[str, Any] = {
    "id": "copy-if-good",
    "title": "a conditional copy exception",
    "versions": ["ikoria"],
    "features": ["copy-exception"],
    "sources": [{"kind": "derived", "ref": "test"}],
    "abilities": [{"text": "changeling", "cda": True, "parts": [{"op": "all_creature_types"}]}],
    "objects": [
        {"id": "bears", "timestamp": 1, "types": ["creature"], "subtypes": ["bear"], "power": 2, "toughness": 2},
        {"id": "rock", "timestamp": 2, "types": ["artifact"]},
        {"id": "m", "timestamp": 3, "types": ["creature"], "power": 0, "toughness": 0},
    ],
    "effects": [
        {
            "id": "e",
            "timestamp": 3,
            "applies_to": ["m"],
            "parts": [
                {"op": "copy_of", "object": "bears", "except": {"add_supertypes": ["snow"]}, "except_if": [CHANGELING]}
            ],
        }
    ],
    "steps": [{"description": "s", "expect": {"ikoria": {"m": {"abilities": ["changeling"]}}}}],
}


def mutated(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


def _part(d: dict[str, Any]) -> dict[str, Any]:
    part: dict[str, Any] = d["effects"][0]["parts"][0]
    return part


BAD: list[tuple[str, Any, str, str]] = [
    (
        "condition-key",
        mutated(lambda d: _part(d)["except_if"][0]["if"].update(color="green")),
        "effects[0].parts[0].except_if[0].if",
        "color",
    ),
    (
        "condition-empty",
        mutated(lambda d: _part(d)["except_if"][0].update({"if": {}})),
        "effects[0].parts[0].except_if[0].if",
        "",
    ),
    (
        "missing-except",
        mutated(lambda d: _part(d)["except_if"][0].pop("except")),
        "effects[0].parts[0].except_if[0]",
        "except",
    ),
    (
        "exception-key",
        mutated(lambda d: _part(d)["except_if"][0]["except"].update(loyalty=3)),
        "effects[0].parts[0].except_if[0].except",
        "loyalty",
    ),
]


@pytest.mark.parametrize(("name", "data", "field", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_condition_names_file_and_field(tmp_path: Path, name: str, data: Any, field: str, message: str) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_case(path)
    err = info.value
    assert err.file.endswith(f"{name}.yaml")
    assert (err.field or "").startswith(field), str(err)
    assert message in err.message, str(err)


def _final(data: dict[str, Any]) -> Any:
    version = get_version("ikoria")
    board = board_at(case_from_data(data), 1, version)
    slow, fast = resolve(board, version).final, fast_resolve(board, version).final
    assert slow == fast
    return slow["m"]


def test_exception_applies_when_the_copy_is_a_creature() -> None:
    """707.9f: copying a creature, the 'if it's a creature' exception applies (changeling: every creature type)."""
    m = _final(GOOD)
    assert "changeling" in m.abilities and m.all_creature_types and m.supertypes == {"snow"}


def test_exception_does_not_apply_to_a_noncreature_copy() -> None:
    """707.9f: copying an artifact, the copy isn't a creature, so the exception doesn't apply; the others do."""
    data = mutated(lambda d: (_part(d).update(object="rock"), d["steps"][0].update(expect={"ikoria": {}})))
    m = _final(data)
    assert "changeling" not in m.abilities and not m.all_creature_types and m.supertypes == {"snow"}


def test_condition_sees_the_effects_other_exceptions() -> None:
    """707.9f: 'taking into account any other exceptions': an artifact copied as a creature in addition is one."""
    data = mutated(
        lambda d: (
            _part(d).update(object="rock", **{"except": {"add_types": ["creature"]}}),
            d["steps"][0].update(expect={"ikoria": {}}),
        )
    )
    assert "changeling" in _final(data).abilities


def test_condition_words_and_merging() -> None:
    """707.9f conditions (type, supertype, subtype with every creature type) and 707.9a-b merging."""
    ch = Characteristics(
        name="x",
        mana_value=0,
        colors=frozenset(),
        types=frozenset({"creature"}),
        subtypes=frozenset(),
        supertypes=frozenset({"legendary"}),
        abilities=frozenset(),
        power=1,
        toughness=1,
        controller="p1",
        all_creature_types=True,
    )
    assert copy_condition_holds(ch, {"type": "creature", "supertype": "legendary", "subtype": "elf"})
    assert not copy_condition_holds(ch, {"subtype": "forest"})
    assert not copy_condition_holds(ch, {"supertype": "snow"})
    assert merged_exceptions({"add_types": ("a",), "power": 1}, {"add_types": ("b", "a"), "power": 7}) == {
        "add_types": ("a", "b"),
        "power": 7,
    }


def test_a_conditional_copy_exception_with_a_name_exception_on_a_creature_with_abilities() -> None:
    """707.9f, 707.9b, 707.9d: "except its name is ..., and if it's a creature it has changeling": both apply."""
    bears = {**BEAR, "abilities": ["vigilance"]}
    extra = {
        "except": {"name": "Moritte"},
        "except_if": [{"if": {"type": "creature"}, "except": {"add_abilities": ["changeling"]}}],
    }
    case = _board(
        [bears, creature("m", 3, power=0, toughness=0, name="M")],
        [_copy("e", 3, "m", "bear", **extra)],
        versions=("2025-08-01",),
    )
    version = get_version("2025-08-01")
    m = resolve(board_at(case, 1, version), version).final["m"]
    assert (m.name, m.power, m.abilities) == ("Moritte", 2, frozenset({"vigilance", "changeling"}))


def test_707_9f_deciding_conditional_exceptions_changes_only_the_exceptions() -> None:
    """707.9f: an exception whose condition holds becomes one of the copy effect's exceptions (the only one,
    when it has no other); what it copies and what it retains stay, and nothing is left to decide."""
    from reference.conditional_copy import decided_args
    from reference.frozen import thaw

    bear = make_board([creature("bear", 1)]).objects["bear"].printed
    args = freeze(
        {
            "object": "bear",
            "retain": ["name"],
            "except_if": [{"if": {"type": "creature"}, "except": {"add_abilities": ["changeling"]}}],
        }
    )
    out = decided_args(args, bear)
    assert thaw(out) == {"object": "bear", "retain": ["name"], "except": {"add_abilities": ["changeling"]}}
    both = freeze({**thaw(args), "except": {"add_abilities": ["flying"]}})
    assert thaw(decided_args(both, bear)["except"]) == {"add_abilities": ["flying", "changeling"]}
