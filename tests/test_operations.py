"""Each operation of the vocabulary on its own (613.1a-g): one exact before/after per operation."""

from __future__ import annotations

from typing import Any

import pytest

from reference.frozen import FrozenMap, freeze
from reference.model import Characteristics
from reference.operations import apply_instruction
from reference.vocabulary import OPERATION_KIND

BEAR = Characteristics(
    name="Grizzly Bears",
    mana_value=2,
    colors=frozenset({"green"}),
    types=frozenset({"creature"}),
    subtypes=frozenset({"bear"}),
    supertypes=frozenset(),
    abilities=frozenset({"protection from white", "islandwalk"}),
    power=2,
    toughness=2,
    controller="p1",
)
LAND = BEAR.with_(
    name="Dryad Arbor",
    types=frozenset({"land", "creature"}),
    subtypes=frozenset({"forest", "dryad"}),
    abilities=frozenset({"{t}: add {g}."}),
    power=1,
    toughness=1,
)
COPY_VALUES = freeze(
    {
        "values": {
            "name": "Hill Giant",
            "mana_value": 4,
            "mana_cost": "{3}{R}",
            "colors": ["red"],
            "types": ["creature"],
            "subtypes": ["giant"],
            "supertypes": [],
            "all_creature_types": False,
            "abilities": [],
            "power": 3,
            "toughness": 3,
        },
        "retain": [],
    }
)

CASES: list[tuple[str, Characteristics, dict[str, Any], dict[str, Any]]] = [
    (
        "copy_of",
        BEAR,
        COPY_VALUES,
        {
            "name": "Hill Giant",
            "mana_value": 4,
            "mana_cost": "{3}{R}",
            "colors": frozenset({"red"}),
            "abilities": frozenset(),
            "power": 3,
            "toughness": 3,
            "subtypes": frozenset({"giant"}),
        },
    ),
    (
        "face_down",
        BEAR,
        {},
        {
            "name": None,
            "mana_value": 0,
            "colors": frozenset(),
            "subtypes": frozenset(),
            "abilities": frozenset(),
            "power": 2,
            "toughness": 2,
            "face_down": True,
        },
    ),
    ("set_controller", BEAR, {"player": "p2"}, {"controller": "p2"}),
    (
        "replace_word",
        BEAR,
        {"from": "white", "to": "black"},
        {"abilities": frozenset({"protection from black", "islandwalk"})},
    ),
    (
        "full_text_of",  # 612.6: the whole text of another card, and the text the effect adds
        BEAR,
        {"values": COPY_VALUES["values"], "plus": ["{2}: discard a card."]},
        {
            "name": "Hill Giant",
            "mana_value": 4,
            "mana_cost": "{3}{R}",
            "colors": frozenset({"red"}),
            "subtypes": frozenset({"giant"}),
            "abilities": frozenset({"{2}: discard a card."}),
            "power": 3,
            "toughness": 3,
        },
    ),
    ("add_types", BEAR, {"types": ["artifact"]}, {"types": frozenset({"artifact", "creature"})}),
    ("set_types", BEAR, {"types": ["artifact"]}, {"types": frozenset({"artifact"}), "subtypes": frozenset()}),
    ("remove_types", LAND, {"types": ["creature"]}, {"types": frozenset({"land"}), "subtypes": frozenset({"forest"})}),
    ("add_subtypes", BEAR, {"subtypes": ["spirit"]}, {"subtypes": frozenset({"bear", "spirit"})}),
    ("set_subtypes", LAND, {"subtypes": ["frog"]}, {"subtypes": frozenset({"forest", "frog"})}),
    ("remove_subtypes", BEAR, {"subtypes": ["bear"]}, {"subtypes": frozenset()}),
    ("all_creature_types", BEAR, {}, {"all_creature_types": True}),
    (
        "remove_all_creature_types",
        BEAR.with_(
            types=frozenset({"creature", "artifact"}),
            subtypes=frozenset({"bear", "equipment"}),
            all_creature_types=True,
        ),
        {},
        {"subtypes": frozenset({"equipment"}), "all_creature_types": False},
    ),
    (
        "set_land_subtype",
        LAND,
        {"subtypes": ["mountain"]},
        # 305.7: the rules-text ability goes and the Mountain's intrinsic one comes (305.6)
        {
            "subtypes": frozenset({"dryad", "mountain"}),
            "abilities": frozenset({"{t}: add {r}."}),
            "intrinsic": frozenset({"{t}: add {r}."}),
        },
    ),
    ("add_supertypes", BEAR, {"supertypes": ["legendary"]}, {"supertypes": frozenset({"legendary"})}),
    (
        "remove_supertypes",
        BEAR.with_(supertypes=frozenset({"snow"})),
        {"supertypes": ["snow"]},
        {"supertypes": frozenset()},
    ),
    ("set_colors", BEAR, {"colors": []}, {"colors": frozenset()}),
    ("add_colors", BEAR, {"colors": ["blue"]}, {"colors": frozenset({"blue", "green"})}),
    (
        "add_abilities",
        BEAR,
        {"abilities": ["flying"]},
        {"abilities": frozenset({"flying", "protection from white", "islandwalk"})},
    ),
    ("remove_abilities", BEAR, {"abilities": ["islandwalk"]}, {"abilities": frozenset({"protection from white"})}),
    ("remove_all_abilities", BEAR, {}, {"abilities": frozenset()}),
    (
        "add_activated_abilities_of",  # 613.1f: the evaluated instruction lists the activated abilities read
        BEAR,
        {"abilities": ["{t}: add {g}."]},
        {"abilities": frozenset({"{t}: add {g}.", "protection from white", "islandwalk"})},
    ),
    ("set_pt", BEAR, {"power": 0}, {"power": 0, "toughness": 2}),
    ("modify_pt", BEAR, {"power": 3, "toughness": -1}, {"power": 5, "toughness": 1}),
    ("switch_pt", BEAR.with_(power=1, toughness=4), {}, {"power": 4, "toughness": 1}),
    (
        "remove_all_abilities_except_mana",
        BEAR.with_(abilities=frozenset({"flying", "{t}: add {g}.", "{t}: target creature gets +1/+1."})),
        {},
        {"abilities": frozenset({"{t}: add {g}."})},
    ),
    ("counter_pt", BEAR, {"power": -2, "toughness": -2}, {"power": 0, "toughness": 0}),
    (
        "merge",  # 702.140e, 721.2a: merged over, the top card's values with every component's abilities
        BEAR,
        {"over": True, "values": {**COPY_VALUES["values"], "abilities": ("trample",)}},
        {
            "name": "Hill Giant",
            "mana_value": 4,
            "mana_cost": "{3}{R}",
            "colors": frozenset({"red"}),
            "subtypes": frozenset({"giant"}),
            "power": 3,
            "toughness": 3,
            "abilities": frozenset({"trample", "protection from white", "islandwalk"}),
        },
    ),
    (
        "counter_keyword",
        BEAR,
        {"ability": "flying"},
        {"abilities": frozenset({"flying", "protection from white", "islandwalk"})},
    ),
]


def test_every_operation_has_a_case() -> None:
    assert sorted(op for op, *_ in CASES) == sorted(OPERATION_KIND)


@pytest.mark.parametrize(("op", "before", "args", "after"), CASES, ids=[c[0] for c in CASES])
def test_operation(op: str, before: Characteristics, args: dict[str, Any], after: dict[str, Any]) -> None:
    result = apply_instruction(before, (op, FrozenMap(freeze(args))), 7)
    assert result == before.with_(**{k: getattr(result, k) for k in ("text_changes", "granted")}, **after)


def test_granted_abilities_remember_the_grant_timestamp() -> None:
    result = apply_instruction(BEAR, ("add_abilities", freeze({"abilities": ["flying"]})), 7)
    assert dict(result.granted) == {"flying": 7}
    assert dict(apply_instruction(result, ("remove_all_abilities", FrozenMap()), 8).granted) == {}


def test_counters_do_nothing_to_a_noncreature() -> None:
    land = LAND.with_(types=frozenset({"land"}))
    assert apply_instruction(land, ("counter_pt", freeze({"power": 1, "toughness": 1})), 1) == land


def test_text_change_records_the_replacement() -> None:
    result = apply_instruction(BEAR, ("replace_word", freeze({"from": "island", "to": "swamp"})), 1)
    assert result.text_changes == (("island", "swamp"),)
    assert "swampwalk" in result.abilities
