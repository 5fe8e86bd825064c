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


def test_708_2_a_face_down_permanent_has_only_the_listed_values_and_nothing_it_had() -> None:
    """708.2: face down, it has just the listed values (a white 1/3): no supertype, grant, mana ability, text change."""
    before = LAND.with_(
        supertypes=frozenset({"legendary"}),
        all_creature_types=True,
        granted=FrozenMap({"flying": 5}),
        intrinsic=frozenset({"{t}: add {g}."}),
        text_changes=(("forest", "island"),),
    )
    args = {"colors": ["white"], "power": 1, "toughness": 3}
    result = apply_instruction(before, ("face_down", FrozenMap(freeze(args))), 7)
    assert (result.colors, result.power, result.toughness) == (frozenset({"white"}), 1, 3)
    assert (result.supertypes, result.all_creature_types, dict(result.granted)) == (frozenset(), False, {})
    assert (result.intrinsic, result.text_changes, result.abilities, result.face_down) == (
        frozenset(),
        (),
        frozenset(),
        True,
    )
    # a listed ability stays, even when the permanent had it as a land's mana ability (305.6 is not reached)
    listed = apply_instruction(before, ("face_down", freeze({"abilities": ["{t}: add {g}."]})), 7)
    assert (listed.abilities, listed.intrinsic) == (frozenset({"{t}: add {g}."}), frozenset())


def test_613_4d_switching_a_creature_without_power_or_toughness_gives_zero() -> None:
    """613.4d: a missing power or toughness switches as 0."""
    result = apply_instruction(BEAR.with_(power=None, toughness=None), ("switch_pt", FrozenMap()), 7)
    assert (result.power, result.toughness) == (0, 0)


def test_613_1f_losing_an_ability_forgets_its_grant_and_its_mana_ability_and_keeps_the_others() -> None:
    """613.1f: the lost ability goes from the abilities, the grants and the intrinsic mana abilities; others stay."""
    before = LAND.with_(
        abilities=frozenset({"{t}: add {g}.", "flying", "vigilance"}),
        granted=FrozenMap({"flying": 3, "vigilance": 4}),
        intrinsic=frozenset({"{t}: add {g}."}),
    )
    lose_flying = apply_instruction(before, ("remove_abilities", freeze({"abilities": ["flying"]})), 7)
    assert dict(lose_flying.granted) == {"vigilance": 4} and lose_flying.intrinsic == frozenset({"{t}: add {g}."})
    lose_mana = apply_instruction(before, ("remove_abilities", freeze({"abilities": ["{t}: add {g}."]})), 7)
    assert lose_mana.intrinsic == frozenset() and lose_mana.abilities == frozenset({"flying", "vigilance"})


def test_122_1b_a_keyword_counter_grants_its_keyword_at_the_counters_timestamp() -> None:
    """122.1b, 613.7c: a flying counter gives flying, granted at the counter's timestamp."""
    result = apply_instruction(BEAR, ("counter_keyword", freeze({"ability": "flying"})), 9)
    assert "flying" in result.abilities and dict(result.granted) == {"flying": 9}
