"""Copiable values (707.2, 613.2, reference.copiable): what a copy effect copies.

The values just before the copy effect began (707.2b-c), face-down and cloaked originals (708.2),
merged ones (729.2c), double-faced token copies (707.8, 707.8a), a copy's exceptions (707.9b-d),
and a choice made as an object entered (614.1c).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import replace
from typing import Any

import pytest

from reference.case import board_at
from reference.copiable import copiable_values
from reference.double_faced import DoubleFacedError
from reference.frozen import FrozenMap, freeze
from reference.model import AbilityDef, Characteristics, GameObject, Part
from reference.resolver import resolve
from reference.versions import builtin_profile_data, get_version, version_from_mapping
from reference.vocabulary import ORIGINS

from ..builders import BEAR, chars, creature, make_board, run
from ..builders import copy_effect as _copy
from ..builders import loaded_case as _board

GIANT = creature("giant", 1, power=3, toughness=3, name="Hill Giant", colors=["red"], subtypes=["giant"])


def test_a_copy_effect_the_original_gets_at_the_moment_it_is_copied_is_not_copied() -> None:
    """707.2b, 707.2c: a copy takes the original's values just before the copy effect began, not one begun with it."""
    clone = creature("clone", 3, power=0, toughness=0, name="Clone", colors=["blue"])
    effects = [_copy("e1", 5, "bear", "giant"), _copy("e2", 5, "clone", "bear")]
    board = board_at(_board([GIANT, BEAR, clone], effects), 1)
    final = resolve(board, get_version("ikoria")).final
    assert (final["bear"].name, final["bear"].power) == ("Hill Giant", 3)
    assert (final["clone"].name, final["clone"].power) == ("Grizzly Bears", 2)


DEMON = creature(
    "demon",
    1,
    power=6,
    toughness=6,
    name="Grinning Demon",
    colors=["black"],
    subtypes=["demon"],
    abilities=["morph {2}{b}{b}"],
    controller="p2",
)

ANGEL = creature(
    "angel", 1, power=4, toughness=4, name="Serra Angel", colors=["white"], subtypes=["angel"], abilities=["flying"]
)

GEMRAZER = creature(
    "gemrazer", 4, power=4, toughness=4, name="Gemrazer", colors=["green"], subtypes=["beast"], zone="stack"
)

GEMRAZER["abilities"] = ["mutate {1}{g}{g}", "reach"]

CLOAK = {
    "id": "cloak",
    "timestamp": 3,
    "applies_to": ["bear"],
    "parts": [{"op": "face_down", "abilities": ["ward {2}"]}],
}


def test_copiable_values_under_a_profile_naming_every_origin_of_layer_1_effects() -> None:
    """613.2a-b, 707.2: a profile naming every origin of copy and face-down effects is the profile naming none."""
    data = copy.deepcopy(dict(builtin_profile_data()["ikoria"]))
    data["id"] = "ikoria-origins"
    data["aliases"] = []
    data["classify"] = [
        {**c, "origin": list(ORIGINS)} if c["kind"] in ("copy", "face_down") else c for c in data["classify"]
    ]
    version = version_from_mapping(data)
    clone = creature("clone", 3, power=0, toughness=0, name="Clone", colors=["blue"])
    demon = {**DEMON, "face_down": True}
    case = _board(
        [GIANT, BEAR, ANGEL, GEMRAZER, demon, clone],
        [_copy("e", 3, "clone", "giant"), CLOAK],
        steps=[{"description": "mutate", "merge": {"gemrazer": {"onto": "angel", "position": "over", "timestamp": 5}}}],
    )
    board = board_at(case, 1)
    values = copiable_values(board, version, "clone")
    assert (values.name, values.power, values.colors) == ("Hill Giant", 3, frozenset({"red"}))
    merged = copiable_values(board, version, "angel")
    assert (merged.name, merged.abilities) == ("Gemrazer", frozenset({"mutate {1}{g}{g}", "reach", "flying"}))
    assert (copiable_values(board, version, "demon").name, copiable_values(board, version, "demon").power) == (None, 2)
    cloaked = copiable_values(board, version, "bear")
    assert (cloaked.name, cloaked.abilities) == (None, frozenset({"ward {2}"}))


def _clone_of(
    original: str, objects: list[dict[str, Any]], effects: list[dict[str, Any]], except_: Any = None
) -> Characteristics:
    clone = creature("clone", 4, power=0, toughness=0, name="Clone", colors=["blue"])
    extra = {"except": except_} if except_ else {}
    board = board_at(_board([*objects, clone], [*effects, _copy("clone-copy", 4, "clone", original, **extra)]), 1)
    return resolve(board, get_version("ikoria")).final["clone"]


def test_a_copy_of_a_cloaked_permanent_copies_the_values_its_effect_lists() -> None:
    """708.2, 707.2: a face-down permanent's listed characteristics (a 2/2 with ward {2}) are its copiable values."""
    clone = _clone_of("bear", [BEAR], [CLOAK])
    assert (clone.name, clone.power, clone.toughness, clone.colors) == (None, 2, 2, frozenset())
    assert clone.abilities == frozenset({"ward {2}"})


def test_a_copy_takes_the_copy_effect_of_its_original_but_not_the_rest_of_that_effect() -> None:
    """707.2: the original's copy effect is copied; an ability the same effect grants is another effect, not copied."""
    gains = {
        "id": "shift",
        "timestamp": 3,
        "applies_to": ["angel"],
        "parts": [{"op": "add_abilities", "abilities": ["trample"]}, {"op": "copy_of", "object": "bear"}],
    }
    clone = _clone_of("angel", [ANGEL, BEAR], [gains])
    assert (clone.name, clone.power, clone.abilities) == ("Grizzly Bears", 2, frozenset())


def test_a_copy_made_before_a_merge_keeps_the_values_of_before() -> None:
    """707.2b, 729.2c: a copy begun before a mutating spell merged over the original keeps its values of before."""
    case = _board(
        [ANGEL, GEMRAZER, creature("clone", 3, power=0, toughness=0, name="Clone")],
        [_copy("clone-copy", 3, "clone", "angel")],
        steps=[{"description": "mutate", "merge": {"gemrazer": {"onto": "angel", "position": "over", "timestamp": 5}}}],
    )
    final = resolve(board_at(case, 1), get_version("ikoria")).final
    assert final["angel"].name == "Gemrazer"
    assert (final["clone"].name, final["clone"].abilities) == ("Serra Angel", frozenset({"flying"}))


DELVER = {
    "id": "d",
    "timestamp": 1,
    "name": "Delver of Secrets",
    "mana_cost": "{U}",
    "colors": ["blue"],
    "types": ["creature"],
    "power": 1,
    "toughness": 1,
    "back_face": {
        "name": "Insectile Aberration",
        "colors": ["blue"],
        "types": ["creature"],
        "power": 3,
        "toughness": 2,
    },
}


def test_a_copy_of_a_double_faced_token_copy_takes_the_face_up_on_the_token_when_copied() -> None:
    """707.8a, 707.8, 707.2b: a Clone of a double-faced token copy shows the face up on the token as it copied."""
    token = {"id": "t", "timestamp": 4, "token": True, "types": ["creature"]}
    clone = creature("c", 6, power=0, toughness=0, name="Clone")
    case = _board(
        [DELVER],
        steps=[
            {
                "description": "token",
                "add_objects": [token],
                "add_effects": [_copy("e", 4, "t", "d", double_faced=True)],
            },
            {"description": "night", "transform": {"t": 5}},
            {"description": "clone", "add_objects": [clone], "add_effects": [_copy("ec", 6, "c", "t")]},
            {"description": "day", "transform": {"t": 7}},
        ],
        versions=("2025-08-01",),
    )
    version = get_version("2025-08-01")
    final = resolve(board_at(case, 4, version), version).final
    assert final["t"].name == "Delver of Secrets"
    assert (final["c"].name, final["c"].power, final["c"].toughness) == ("Insectile Aberration", 3, 2)


def _clone_of_demon(demon: dict[str, Any]) -> Characteristics:
    clone = creature("clone", 4, power=0, toughness=0, name="Clone", colors=["blue"])
    board = board_at(_board([demon, clone], [_copy("e", 4, "clone", "demon")]), 1)
    return resolve(board, get_version("ikoria")).final["clone"]


def test_a_copy_of_a_permanent_turned_face_down_copies_its_face_down_values() -> None:
    """707.2, 708.2a: a permanent turned face down before a copy effect began is copied as a nameless 2/2."""
    demon = {**DEMON, "timestamp": 3, "face_down": True, "face_history": [{"timestamp": 3, "face_down": True}]}
    clone = _clone_of_demon(demon)
    assert (clone.name, clone.power, clone.toughness, clone.abilities) == (None, 2, 2, frozenset())


def test_a_turn_at_the_moment_a_copy_effect_begins_is_not_copied() -> None:
    """707.2b, 707.2c, 613.7f: a copy takes the values just before it began; a turn at that moment comes after."""
    demon = {**DEMON, "timestamp": 4, "face_down": False, "face_history": [{"timestamp": 4, "face_down": False}]}
    clone = _clone_of_demon(demon)
    assert (clone.name, clone.power, clone.toughness) == (None, 2, 2)


def _token_copy_of_transformed_delver(version: Any) -> Characteristics:
    token = {"id": "t", "timestamp": 4, "token": True, "types": ["creature"]}
    case = _board(
        [DELVER],
        steps=[
            {"description": "night", "transform": {"d": 3}},
            {
                "description": "token",
                "add_objects": [token],
                "add_effects": [_copy("e", 4, "t", "d", double_faced=True)],
            },
        ],
        versions=("2025-08-01",),
    )
    return resolve(board_at(case, 2, version), version).final["t"]


def test_a_double_faced_token_copy_shows_its_own_face_where_the_rule_holds() -> None:
    """707.8a: a token copy of a transformed double-faced permanent is double-faced, its own front face up."""
    token = _token_copy_of_transformed_delver(get_version("2025-08-01"))
    assert (token.name, token.power) == ("Delver of Secrets", 1)


def test_a_token_copy_is_single_faced_where_the_rule_says_so() -> None:
    """707.8 (the rules before 707.8a): a token copy of a transformed permanent copies the face up: its back face."""
    data = copy.deepcopy(dict(builtin_profile_data()["2025-08-01"]))
    data.update(id="no-double-faced-tokens", aliases=[], based_on=None)
    data["flags"] = {**data["flags"], "double_faced_token_copies": False}
    token = _token_copy_of_transformed_delver(version_from_mapping(data))
    assert (token.name, token.power, token.mana_value) == ("Insectile Aberration", 3, 0)


def test_a_version_silent_on_double_faced_token_copies_refuses_one() -> None:
    """707.8a: a rules version that does not state whether such a token copy is double-faced says so and names it."""
    with pytest.raises(DoubleFacedError) as err:
        _token_copy_of_transformed_delver(_silent_version())
    assert str(err.value) == (
        "707.8a: rules version silent does not state whether a token copy of a double-faced permanent "
        "is double-faced; t is one"
    )


def _silent_version() -> Any:
    data = copy.deepcopy(dict(builtin_profile_data()["2025-08-01"]))
    data.update(id="silent", aliases=[], based_on=None)
    data["flags"] = {**data["flags"], "double_faced_token_copies": None}
    return version_from_mapping(data)


def test_a_token_copy_of_a_single_faced_permanent_needs_no_double_faced_rule() -> None:
    """707.8a: only a copy of a double-faced permanent can be double-faced; a single-faced one's copy is plain."""
    token = {"id": "t", "timestamp": 4, "token": True, "types": ["creature"]}
    case = _board(
        [BEAR],
        steps=[
            {
                "description": "token",
                "add_objects": [token],
                "add_effects": [_copy("e", 4, "t", "bear", double_faced=True)],
            }
        ],
        versions=("2025-08-01",),
    )
    version = _silent_version()
    assert resolve(board_at(case, 1, version), version).final["t"].name == "Grizzly Bears"


def test_a_clone_of_a_transformed_permanent_copies_the_face_up() -> None:
    """707.8, 707.8a (second example): a copy that is not a double-faced token copies the face up on the original."""
    clone = creature("c", 4, power=0, toughness=0, name="Clone")
    case = _board(
        [DELVER],
        steps=[
            {"description": "night", "transform": {"d": 3}},
            {"description": "clone", "add_objects": [clone], "add_effects": [_copy("ec", 4, "c", "d")]},
        ],
        versions=("2025-08-01",),
    )
    version = get_version("2025-08-01")
    final = resolve(board_at(case, 2, version), version).final
    assert (final["c"].name, final["c"].power, final["c"].mana_value) == ("Insectile Aberration", 3, 0)


def test_copies_back_and_forth_read_each_original_as_it_was() -> None:
    """707.2b, 707.3: X a copy of Y, then Y of X, then X of Y again: each copy reads its original as of its start.

    The Hill Giant becomes a Grizzly Bears (1); the Bears become a copy of that Giant, a Grizzly Bears (3);
    the Giant becomes a copy of those Bears (5): both are Grizzly Bears. (The case loader refuses such a
    board as a copy loop, so it is put together here from three loaded effects.)
    """
    first = board_at(_board([GIANT, BEAR], [_copy("e1", 1, "giant", "bear")]), 1)
    back = board_at(_board([GIANT, BEAR], [_copy("e2", 3, "bear", "giant")]), 1)
    again = board_at(_board([GIANT, BEAR], [_copy("e3", 5, "giant", "bear")]), 1)
    board = dataclasses.replace(first, effects=first.effects + back.effects + again.effects)
    final = resolve(board, get_version("ikoria")).final
    assert (final["giant"].name, final["giant"].power) == ("Grizzly Bears", 2)
    assert (final["bear"].name, final["bear"].power) == ("Grizzly Bears", 2)
    assert copiable_values(board, get_version("ikoria"), "giant", as_of=3).name == "Grizzly Bears"


def test_a_copy_effects_exceptions_set_the_values_they_name() -> None:
    """707.9b: a copy effect's exceptions (name, mana cost and value, color, subtypes, P/T) are the copy's values."""
    exceptions = {
        "name": "Superior Copy",
        "mana_value": 5,
        "mana_cost": "{3}{U}{R}",
        "colors": ["blue", "red"],
        "subtypes": ["spider", "human"],
        "power": 4,
        "toughness": 5,
    }
    clone = _clone_of("giant", [GIANT], [], except_=exceptions)
    assert (clone.name, clone.mana_value, clone.mana_cost) == ("Superior Copy", 5, "{3}{U}{R}")
    assert (clone.colors, clone.subtypes) == (frozenset({"blue", "red"}), frozenset({"spider", "human"}))
    assert (clone.power, clone.toughness) == (4, 5)


def test_a_copy_exception_can_set_subtypes_and_add_more() -> None:
    """707.9b: "is a Spider, and a Hero in addition": the set subtypes and the added ones, not the original's."""
    clone = _clone_of("giant", [GIANT], [], except_={"subtypes": ["spider"], "add_subtypes": ["hero"]})
    assert clone.subtypes == frozenset({"spider", "hero"})


def test_a_copy_exception_can_give_every_creature_type() -> None:
    """707.9b, 205.3m: "except it has all creature types": the copy has every creature type."""
    clone = _clone_of("giant", [GIANT], [], except_={"all_creature_types": True})
    assert clone.all_creature_types is True
    assert clone.name == "Hill Giant"


def test_a_face_down_permanent_that_becomes_a_copy_stays_face_down() -> None:
    """613.2b, 708.2: face-down status applies after copy effects (layer 1b after 1a), whatever the timestamps."""
    demon = {**DEMON, "face_down": True}
    clone = _clone_of("demon", [demon, GIANT], [_copy("cytoshape", 3, "demon", "giant")])
    assert (clone.name, clone.power, clone.toughness) == (None, 2, 2)


def test_two_copy_effects_on_the_original_apply_in_timestamp_order() -> None:
    """613.7, 707.2: the later of two copy effects on the original wins, whatever the effects are called."""
    effects = [_copy("zz-first", 2, "angel", "giant"), _copy("aa-second", 3, "angel", "bear")]
    clone = _clone_of("angel", [ANGEL, GIANT, BEAR], effects)
    assert (clone.name, clone.power) == ("Grizzly Bears", 2)


def test_a_copy_of_a_permanent_turned_face_down_with_an_effect_of_the_same_moment() -> None:
    """708.2, 708.2a, 707.2: face down by the rules and by an effect begun as it turned: a copy is a nameless 2/2."""
    bear = {**BEAR, "timestamp": 3, "face_down": True}
    clone = _clone_of("bear", [bear], [CLOAK])
    assert (clone.name, clone.power, clone.toughness, clone.colors) == (None, 2, 2, frozenset())


def test_a_copy_effect_in_two_parts_applies_them_in_the_order_written() -> None:
    """608.2c, 707.2: "a copy of the Giant, then of the Bears": parts apply in order; a copy gets the Bears."""
    twice = {
        "id": "twice",
        "timestamp": 2,
        "applies_to": ["angel"],
        "parts": [{"op": "copy_of", "object": "giant"}, {"op": "copy_of", "object": "bear"}],
    }
    clone = _clone_of("angel", [ANGEL, GIANT, BEAR], [twice])
    assert (clone.name, clone.power) == ("Grizzly Bears", 2)


LLANOWAR = creature("elves", 2, power=1, toughness=1, name="Llanowar Elves", colors=["green"], subtypes=["elf"])

LLANOWAR["abilities"] = ["{t}: add {g}."]

ARBOR = creature("arbor", 1, power=1, toughness=1, name="Dryad Arbor", colors=["green"], subtypes=["forest", "dryad"])

ARBOR["types"] = ["land", "creature"]


def test_a_forest_that_becomes_a_copy_of_a_mana_creature_has_its_printed_mana_ability() -> None:
    """707.2, 305.6: a Dryad Arbor that becomes a copy of Llanowar Elves has the Elves' printed "{t}: add {g}."."""
    final = resolve(board_at(_board([ARBOR, LLANOWAR], [_copy("e", 3, "arbor", "elves")]), 1), get_version("ikoria"))
    arbor = final.final["arbor"]
    assert (arbor.name, arbor.abilities, arbor.intrinsic) == (
        "Llanowar Elves",
        frozenset({"{t}: add {g}."}),
        frozenset(),
    )


def test_a_copy_that_keeps_its_abilities_loses_the_mana_ability_of_a_land_type_it_loses() -> None:
    """707.2, 305.7: a Dryad Arbor copying Hill Giant but keeping its abilities is no Forest: no "{t}: add {g}."."""
    board = board_at(_board([ARBOR, GIANT], [_copy("e", 3, "arbor", "giant", retain=["abilities"])]), 1)
    arbor = resolve(board, get_version("ikoria")).final["arbor"]
    assert (arbor.name, arbor.subtypes, arbor.abilities) == ("Hill Giant", frozenset({"giant"}), frozenset())


def test_707_2_copy_takes_copiable_values_only() -> None:
    board = make_board(
        [
            creature("orig", 1, 2, 2, subtypes=["bear"], counters=[{"kind": "+1/+1", "count": 2}]),
            creature("clone", 2, 0, 0, subtypes=["shapeshifter"]),
        ],
        effects=[
            {
                "id": "pump",
                "timestamp": 3,
                "applies_to": ["orig"],
                "parts": [{"op": "modify_pt", "power": 5, "toughness": 5}],
            },
            {
                "id": "copy",
                "timestamp": 4,
                "applies_to": ["clone"],
                "parts": [{"op": "copy_of", "object": "orig", "except": {"add_types": ["artifact"]}}],
            },
        ],
    )
    r = run(board)[1]
    assert (r["orig"]["power"], r["orig"]["toughness"]) == (9, 9)
    assert (r["clone"]["name"], r["clone"]["power"], r["clone"]["subtypes"], r["clone"]["types"]) == (
        "Orig",
        2,
        ["bear"],
        ["artifact", "creature"],
    )


def test_708_2_copy_of_face_down_is_a_nameless_2_2() -> None:
    board = make_board(
        [
            creature("morph", 1, 5, 5, colors=["green"], face_down=True),
            creature("elf", 2, 1, 1, colors=["green"], token=True),
        ],
        effects=[
            {
                "id": "growth",
                "timestamp": 3,
                "applies_to": ["elf"],
                "parts": [{"op": "modify_pt", "power": 3, "toughness": 3}],
            },
            {"id": "copy", "timestamp": 4, "applies_to": ["elf"], "parts": [{"op": "copy_of", "object": "morph"}]},
        ],
    )
    for v in ("m10", "ikoria"):
        r = run(board, v)[1]
        assert (r["elf"]["name"], r["elf"]["colors"], r["elf"]["power"], r["elf"]["toughness"]) == (None, [], 5, 5)
        assert r["morph"]["face_down"] is True and r["morph"]["power"] == 2


# --- 604.3a, 707.9d, 707.9f: what a CDA defines; conditional copy exceptions decided --------------------


def _cda(*parts: dict[str, object]) -> AbilityDef:
    made = tuple(Part(str(p["op"]), freeze({k: v for k, v in p.items() if k != "op"})) for p in parts)
    return AbilityDef("a cda", True, "self", made)


def test_604_3a_a_cda_defines_only_the_characteristics_it_sets() -> None:
    """604.3a(1), 707.9d: a CDA setting power alone defines power; toughness alone, toughness; a modification both."""
    from reference.copiable import defined_characteristics

    assert defined_characteristics(_cda({"op": "set_pt", "power": 3})) == {"power"}
    assert defined_characteristics(_cda({"op": "set_pt", "toughness": 3})) == {"toughness"}
    assert defined_characteristics(_cda({"op": "modify_pt", "power": 1, "toughness": 1})) == {"power", "toughness"}
    assert defined_characteristics(_cda({"op": "set_colors", "colors": ["green"]})) == {"colors"}


def test_707_9d_only_the_cdas_defining_an_excepted_characteristic_are_left_out() -> None:
    """707.9d: a copy effect's exception leaves out the original's CDAs that define that characteristic, and
    only those: excepting the name keeps a power/toughness CDA; excepting power leaves it out."""
    from reference.copiable import without_excepted_cdas

    cda = _cda({"op": "set_pt", "power": 1, "toughness": 1})
    board = replace(make_board([creature("goyf", 1)]), abilities=FrozenMap({cda.text: cda}))
    ch = board.objects["goyf"].printed.with_(abilities=frozenset({cda.text, "trample"}))
    assert without_excepted_cdas(board, ch, freeze({"except": {"name": "Other"}})).abilities == {cda.text, "trample"}
    assert without_excepted_cdas(board, ch, freeze({"except": {"power": 3}})).abilities == {"trample"}


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# 614.1c, 707.2: "as this enters, it becomes ..." (values a copy copies too)


def test_a_choice_as_it_enters_adds_types_subtypes_and_abilities_to_the_printed_ones() -> None:
    """614.1c, 707.2: a Primal Clay-like noncreature artifact that entered as "a 1/6 Wall artifact creature with
    defender in addition to its other types" has its printed type, subtype and ability plus those it chose."""
    from reference.copiable import entered_values

    printed = chars(
        "Clay", types=frozenset({"artifact"}), subtypes=frozenset({"shapeshifter"}), abilities=frozenset({"ward 1"})
    )
    entered = FrozenMap(
        {
            "power": 1,
            "toughness": 6,
            "add_types": ("creature",),
            "add_subtypes": ("wall",),
            "add_abilities": ("defender",),
        }
    )
    clay = GameObject(id="clay", printed=printed, owner="p1", timestamp=1, entered_as=entered)
    values = entered_values(clay)
    assert values.types == frozenset({"artifact", "creature"})
    assert values.subtypes == frozenset({"shapeshifter", "wall"})
    assert (values.abilities, values.power, values.toughness) == (frozenset({"ward 1", "defender"}), 1, 6)
