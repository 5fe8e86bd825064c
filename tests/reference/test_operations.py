"""Each operation of the vocabulary on its own (613.1a-g, reference.operations): one exact before/after per
operation.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference.frozen import FrozenMap, freeze
from reference.model import Characteristics
from reference.operations import (
    add_abilities,
    apply_instruction,
    copy_values,
    fit_subtypes,
    modify_pt,
    remove_all_abilities,
    set_subtypes,
)
from reference.vocabulary import OPERATION_KIND

from ..builders import FOREST_MANA, chars, creature, make_board, run

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
    # 205.1a: the removed type's subtypes wait aside while it is gone
    (
        "set_types",
        BEAR,
        {"types": ["artifact"]},
        {"types": frozenset({"artifact"}), "subtypes": frozenset(), "aside_subtypes": frozenset({"bear"})},
    ),
    (
        "remove_types",
        LAND,
        {"types": ["creature"]},
        {"types": frozenset({"land"}), "subtypes": frozenset({"forest"}), "aside_subtypes": frozenset({"dryad"})},
    ),
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
    ("name_sticker", BEAR, {"word": "Dark", "position": 1}, {"name": "Grizzly Dark Bears"}),  # 123.6b
    ("set_name", BEAR, {"name": "Renamed Bear"}, {"name": "Renamed Bear"}),  # 612.8: only the name it is given
    (
        "counter_keyword",
        BEAR,
        {"ability": "flying"},
        {"abilities": frozenset({"flying", "protection from white", "islandwalk"})},
    ),
]


def test_every_operation_has_a_case() -> None:
    assert sorted(op for op, *_ in CASES) == sorted(OPERATION_KIND)


def test_613_4c_a_0_0_creature_that_gets_plus_1_plus_1_is_1_1() -> None:
    """613.4c: a modification adds to the values the object has, 0 included."""
    grown = modify_pt(BEAR.with_(power=0, toughness=0), {"power": 1, "toughness": 1})
    assert (grown.power, grown.toughness) == (1, 1)


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


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# 613.1 (operations): what one instruction does to one object


def test_a_change_of_power_alone_leaves_toughness_as_it_was() -> None:
    """613.4c: "+3/+0" raises power by 3 and toughness by nothing; an amount left out is zero."""
    assert modify_pt(chars(), {"power": 3}) == chars(power=5, toughness=2)
    assert modify_pt(chars(), {"toughness": -1}) == chars(power=2, toughness=1)


def test_a_new_land_type_replaces_only_the_old_land_types() -> None:
    """205.1a: "becomes an Island" on a Forest Elf land creature replaces its land type and keeps its creature
    type: the subtypes replaced are those of the card type the new subtype belongs to."""
    elf_forest = chars(types=frozenset({"land", "creature"}), subtypes=frozenset({"elf", "forest"}))
    assert set_subtypes(elf_forest, {"subtypes": ["island"]}).subtypes == {"elf", "island"}
    # and a new creature type replaces the creature types only
    assert set_subtypes(elf_forest, {"subtypes": ["goblin"]}).subtypes == {"goblin", "forest"}


def test_losing_all_abilities_loses_the_intrinsic_mana_ability_too() -> None:
    """613.1f, 305.6: a Forest that loses all its abilities has no ability left, its basic land type's mana
    ability included: nothing is left marked as intrinsic."""
    forest = chars(
        types=frozenset({"land"}),
        subtypes=frozenset({"forest"}),
        abilities=frozenset({FOREST_MANA, "hexproof"}),
        intrinsic=frozenset({FOREST_MANA}),
        granted=FrozenMap({"hexproof": 4.0}),
        power=None,
        toughness=None,
    )
    assert remove_all_abilities(forest, {}) == forest.with_(
        abilities=frozenset(), intrinsic=frozenset(), granted=FrozenMap()
    )


def test_an_object_that_stops_being_a_creature_stops_having_every_creature_type() -> None:
    """205.3d, 702.73a: a changeling that becomes a noncreature artifact (and not kindred) can't have creature
    types: "every creature type" goes with its creature types."""
    statue = chars(types=frozenset({"artifact"}), subtypes=frozenset({"elf"}), all_creature_types=True)
    assert fit_subtypes(statue) == statue.with_(subtypes=frozenset(), all_creature_types=False)
    # a kindred artifact keeps them (205.3d: kindred objects have creature types)
    kindred = statue.with_(types=frozenset({"kindred", "artifact"}))
    assert fit_subtypes(kindred) == kindred


def test_gaining_an_ability_the_object_already_has_from_its_text_is_not_a_grant() -> None:
    """613.7a, 613.1f: an object that has flying in its own text and gains flying still has flying of its own:
    no granting timestamp is recorded for it; an ability it did not have is recorded with the effect's."""
    bird = chars(abilities=frozenset({"flying"}))
    gained = add_abilities(bird, {"abilities": ["flying", "vigilance"]}, 7.0)
    assert gained.abilities == {"flying", "vigilance"}
    assert dict(gained.granted.items()) == {"vigilance": 7.0}


def test_gaining_an_ability_again_takes_the_later_grants_timestamp() -> None:
    """613.7a: an ability granted again by a later effect has that effect's timestamp."""
    bird = chars(abilities=frozenset({"flying"}), granted=FrozenMap({"flying": 3.0}))
    assert dict(add_abilities(bird, {"abilities": ["flying"]}, 7.0).granted.items()) == {"flying": 7.0}


def test_a_copy_effect_overwrites_what_was_granted_before_it() -> None:
    """707.2, 613.2a: becoming a copy gives the object the copied values; abilities it was granted before the
    copy effect applied are not among them (the copied abilities are the original's own)."""
    values = dict(chars(name="Ogre", abilities=frozenset({"trample"})).__dict__)
    values = {k: (tuple(sorted(v)) if isinstance(v, frozenset) else v) for k, v in values.items()}
    bear = chars(abilities=frozenset({"flying"}), granted=FrozenMap({"flying": 2.0}), intrinsic=frozenset())
    copied = copy_values(bear, {"values": values})
    assert (copied.name, copied.abilities, dict(copied.granted.items())) == ("Ogre", frozenset({"trample"}), {})


def test_305_7_set_land_type_removes_rules_text_but_not_granted_abilities() -> None:
    board = make_board(
        [{"id": "l", "timestamp": 1, "types": ["land"], "subtypes": ["desert"], "abilities": ["{t}: add {c}"]}],
        effects=[
            {
                "id": "g",
                "timestamp": 2,
                "applies_to": ["l"],
                "parts": [{"op": "add_abilities", "abilities": ["hexproof"]}],
            },
            {
                "id": "m",
                "timestamp": 3,
                "applies_to": ["l"],
                "parts": [{"op": "set_land_subtype", "subtypes": ["mountain"]}],
            },
        ],
    )
    r = run(board)[1]["l"]
    assert (r["subtypes"], r["abilities"]) == (["mountain"], ["hexproof", "{t}: add {r}."])  # 305.6


def test_205_1a_becomes_replaces_types_and_drops_subtypes() -> None:
    board = make_board(
        [creature("c", 1, subtypes=["bear"])],
        effects=[
            {"id": "t", "timestamp": 2, "applies_to": ["c"], "parts": [{"op": "set_types", "types": ["artifact"]}]}
        ],
    )
    r = run(board)[1]["c"]
    assert (r["types"], r["subtypes"]) == (["artifact"], [])


def test_613_1f_losing_all_but_mana_abilities_keeps_their_grant_and_intrinsic_marks() -> None:
    """613.1f, 605.1a: only the mana abilities stay; what remains of the record of granted (613.7a) and
    intrinsic (305.6) abilities is that of the abilities kept."""
    from reference.model import Characteristics
    from reference.operations import remove_all_abilities_except_mana

    forest, red, flying = "{t}: add {g}.", "{t}: add {r}.", "flying"
    ch = Characteristics(
        name="Dryad Arbor",
        mana_value=0,
        colors=frozenset({"green"}),
        types=frozenset({"land", "creature"}),
        subtypes=frozenset({"forest", "dryad"}),
        supertypes=frozenset(),
        abilities=frozenset({forest, red, flying}),
        power=1,
        toughness=1,
        controller="p1",
        granted=FrozenMap({red: 3, flying: 4}),
        intrinsic=frozenset({forest}),
    )
    out = remove_all_abilities_except_mana(ch, FrozenMap())
    assert out.abilities == {forest, red}
    assert out.granted == FrozenMap({red: 3})
    assert out.intrinsic == {forest}
    bare = remove_all_abilities_except_mana(ch.with_(abilities=frozenset({flying}), intrinsic=frozenset()), FrozenMap())
    assert (bare.abilities, bare.granted, bare.intrinsic) == (frozenset(), FrozenMap(), frozenset())


def test_205_1a_setting_card_types_keeps_instant_and_sorcery() -> None:
    """205.1a (as reference.operations.set_types reads it): an effect that sets an object's card types
    replaces its other types, but an instant stays an instant and a sorcery a sorcery."""
    from reference.operations import set_types

    for kind in ("instant", "sorcery"):
        spell = make_board([creature("s", 1)]).objects["s"].printed.with_(types=frozenset({kind}), power=None)
        assert set_types(spell, {"types": ("artifact",)}).types == {"artifact", kind}
    bear = make_board([creature("bear", 1)]).objects["bear"].printed
    assert set_types(bear, {"types": ("artifact",)}).types == {"artifact"}


def test_intrinsic_abilities_follow_the_type_line() -> None:
    from reference.model import Characteristics
    from reference.operations import intrinsic_abilities

    forest = Characteristics(
        name="f",
        mana_value=0,
        colors=frozenset(),
        types=frozenset({"land"}),
        subtypes=frozenset({"forest"}),
        supertypes=frozenset(),
        abilities=frozenset({"{t}: add {g}."}),  # printed reminder of a non-basic Forest: kept when it stops being one
        power=None,
        toughness=None,
        controller="p1",
    )
    assert intrinsic_abilities(forest).intrinsic == frozenset()
    assert intrinsic_abilities(forest.with_(subtypes=frozenset())).abilities == frozenset({"{t}: add {g}."})
    bare = forest.with_(abilities=frozenset())
    assert intrinsic_abilities(bare).abilities == frozenset({"{t}: add {g}."})
    assert intrinsic_abilities(intrinsic_abilities(bare).with_(subtypes=frozenset())).abilities == frozenset()


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# --- operations.full_text (612.6)

TEXT_CHANGED = Characteristics(
    name="Shapeshifter",
    mana_value=3,
    colors=frozenset({"blue"}),
    types=frozenset({"creature"}),
    subtypes=frozenset({"shapeshifter"}),
    supertypes=frozenset(),
    abilities=frozenset({"protection from blue"}),
    power=0,
    toughness=1,
    controller="p1",
    text_changes=(("green", "blue"),),
)


def test_full_text_replaces_earlier_word_changes() -> None:
    """612.6, 612.2: the new full text replaces the object's text, so no earlier word change is left in it."""
    values = freeze(
        {
            "name": "Grizzly Bears",
            "mana_value": 2,
            "mana_cost": "{1}{G}",
            "colors": ["green"],
            "types": ["creature"],
            "subtypes": ["bear"],
            "supertypes": [],
            "all_creature_types": False,
            "abilities": [],
            "power": 2,
            "toughness": 2,
        }
    )
    out = apply_instruction(TEXT_CHANGED, ("full_text_of", FrozenMap({"values": values, "plus": ()})), 5)
    assert out.text_changes == ()
    assert out.name == "Grizzly Bears"


def test_612_8_a_name_set_in_layer_3_is_read_by_a_later_layer_and_overrides_a_copied_name() -> None:
    """612.8, 613.1a, 613.1c: an effect setting the Bear's name applies in layer 3, after a copy effect that began
    later (layer 1), and before the 7c effect whose filter reads the name (611.3a)."""
    lord = "creatures named renamed bear get +1/+1."
    board = make_board(
        [
            creature("bear", 1, name="Grizzly Bears"),
            creature("elk", 2, name="Elk", power=3, toughness=3),
            {
                "id": "lord",
                "name": "Lord",
                "timestamp": 3,
                "types": ["enchantment"],
                "abilities": [lord],
                "controller": "p1",
            },
        ],
        [
            {
                "id": "rename",
                "timestamp": 4,
                "applies_to": ["bear"],
                "parts": [{"op": "set_name", "name": "Renamed Bear"}],
            },
            {"id": "to-elk", "timestamp": 5, "applies_to": ["bear"], "parts": [{"op": "copy_of", "object": "elk"}]},
        ],
        [
            {
                "text": lord,
                "applies_to": {"type": "creature", "name": "Renamed Bear"},
                "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
            }
        ],
    )
    _, final = run(board)
    assert (final["bear"]["name"], final["bear"]["power"], final["bear"]["toughness"]) == ("Renamed Bear", 4, 4)
    assert OPERATION_KIND["set_name"] == "text"


def test_a_card_type_given_back_in_the_same_layer_brings_back_its_subtypes() -> None:
    """205.1a: a removed card type's subtypes are gone only while the type is gone (Heliod, God of the Sun below
    devotion five, then Opalescence); a subtype removed, or one the object could not gain (205.3d), stays gone."""
    heliod = chars(types=frozenset({"enchantment", "creature"}), subtypes=frozenset({"god"}))
    gone = apply_instruction(heliod, ("remove_types", freeze({"types": ["creature"]})), 1.0)
    assert (gone.types, gone.subtypes) == (frozenset({"enchantment"}), frozenset())
    back = apply_instruction(gone, ("add_types", freeze({"types": ["creature"]})), 2.0)
    assert (back.types, back.subtypes) == (frozenset({"enchantment", "creature"}), frozenset({"god"}))
    assert back == heliod
    # removed while set aside: it does not come back
    lost = apply_instruction(gone, ("remove_subtypes", freeze({"subtypes": ["god"]})), 2.0)
    assert apply_instruction(lost, ("add_types", freeze({"types": ["creature"]})), 3.0).subtypes == frozenset()
    # gained while the object is no creature: never gained (205.3d), so nothing comes back
    elf = apply_instruction(lost, ("add_subtypes", freeze({"subtypes": ["elf"]})), 3.0)
    assert apply_instruction(elf, ("add_types", freeze({"types": ["creature"]})), 4.0).subtypes == frozenset()
    # a changeling's "every creature type" waits aside the same way
    changeling = chars(types=frozenset({"artifact", "creature"}), all_creature_types=True)
    statue = apply_instruction(changeling, ("set_types", freeze({"types": ["artifact"]})), 1.0)
    assert not statue.all_creature_types
    assert apply_instruction(statue, ("add_types", freeze({"types": ["creature"]})), 2.0).all_creature_types
