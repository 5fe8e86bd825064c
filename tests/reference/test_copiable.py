"""Unit tests that pin what filters, values, effects, operations and copiable values do (issue 18's survivors).

Each test states the rule it pins; expected values are reasoned from the rules, not read off the resolver.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.copiable import copiable_values
from reference.double_faced import DoubleFacedError
from reference.filters import (
    Context,
    condition_holds,
    counters_of,
    evaluate,
    is_top_of_graveyard,
    matches,
)
from reference.frozen import FrozenMap, freeze
from reference.model import Board, Characteristics
from reference.operations import apply_instruction
from reference.resolver import initial_state, resolve
from reference.versions import builtin_profile_data, get_version, version_from_mapping
from reference.vocabulary import ORIGINS
from reference_optimized.compiled_filters import compiled

from ..builders import creature, make_board, run

# --- boards


def _ctx(board: Board, source: str | None = "src", controller: str | None = "p1") -> Context:
    return Context(board=board, state=initial_state(board), source=source, controller=controller)


def _card(oid: str, ts: float, **extra: Any) -> dict[str, Any]:
    """A creature card in p1's graveyard."""
    base = creature(oid, ts, owner="p1", zone="graveyard", **extra)
    del base["controller"]
    return base


FULL_TEXT = "this creature has the full text of the creature card on top of your graveyard."
BEARS = {
    "name": "Grizzly Bears",
    "mana_value": 2,
    "mana_cost": "{1}{G}",
    "colors": ["green"],
    "subtypes": ["bear"],
}
SHAPESHIFTER = creature(
    "vs",
    10,
    power=0,
    toughness=1,
    name="Volrath's Shapeshifter",
    mana_value=3,
    mana_cost="{1}{U}{U}",
    colors=["blue"],
    subtypes=["phyrexian", "shapeshifter"],
    abilities=[FULL_TEXT],
)


def _full_text_board(part: dict[str, Any], graveyard: list[dict[str, Any]]) -> Board:
    ability = {"text": FULL_TEXT, "applies_to": {"is_source": True}, "parts": [{"op": "full_text_of", **part}]}
    return make_board([*graveyard, SHAPESHIFTER], abilities=[ability])


# --- effects.full_text_instruction (612.6)


def test_full_text_reads_a_card_in_a_zone_the_filter_does_not_name() -> None:
    """612.6, 404.1: "the creature card on top of your graveyard" picks that card though the filter names no zone."""
    board = _full_text_board(
        {"from": {"owner": "you", "top_of_graveyard": True, "type": "creature"}, "plus": ["{2}: discard a card."]},
        [_card("bears", 1, **BEARS)],
    )
    _, result = run(board)
    vs = result["vs"]
    assert vs["name"] == "Grizzly Bears"
    assert (vs["power"], vs["toughness"]) == (2, 2)
    assert vs["colors"] == ["green"]
    assert vs["subtypes"] == ["bear"]
    assert vs["abilities"] == ["{2}: discard a card."]


def test_full_text_without_added_text_gives_the_cards_text_only() -> None:
    """612.6: an effect that gives a card's full text and adds no text of its own: the object has exactly that text."""
    board = _full_text_board(
        {"from": {"zone": "graveyard", "owner": "you", "type": "creature"}},
        [_card("bears", 1, **BEARS, abilities=["vigilance"])],
    )
    _, result = run(board)
    assert result["vs"]["name"] == "Grizzly Bears"
    assert result["vs"]["abilities"] == ["vigilance"]


def test_full_text_of_no_card_changes_nothing() -> None:
    """612.6: when no card qualifies, the object keeps its own text."""
    forest = {
        "id": "forest",
        "name": "Forest",
        "owner": "p1",
        "zone": "graveyard",
        "timestamp": 1,
        "types": ["land"],
        "subtypes": ["forest"],
    }
    board = _full_text_board({"from": {"zone": "graveyard", "owner": "you", "type": "creature"}}, [forest])
    _, result = run(board)
    vs = result["vs"]
    assert vs["name"] == "Volrath's Shapeshifter"
    assert (vs["power"], vs["toughness"]) == (0, 1)
    assert vs["abilities"] == [FULL_TEXT]


def test_full_text_of_two_cards_is_refused_with_both_named() -> None:
    """612.6: an object has the full text of one card; a filter that picks two is an error naming them."""
    board = _full_text_board(
        {"from": {"zone": "graveyard", "owner": "you", "type": "creature"}},
        [_card("bears", 1, **BEARS), _card("goblin", 2)],
    )
    with pytest.raises(ValueError) as err:
        run(board)
    assert str(err.value) == (f"vs:{FULL_TEXT}: full_text_of: the filter picks 2 cards (['bears', 'goblin']), not one")


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


# --- filters: conditions (611.3a)


def _condition_board() -> Board:
    return make_board([creature("src", 1, power=3, toughness=3), creature("other", 2)])


def test_a_condition_must_be_a_mapping() -> None:
    """611.3a: an "as long as" condition is a comparison; anything else is refused with what was given."""
    with pytest.raises(ValueError) as err:
        condition_holds(["left"], _ctx(_condition_board()))
    assert str(err.value) == "a condition must be a mapping, got ['left']"


def test_a_condition_reads_its_right_side_from_the_board() -> None:
    """611.3a: both sides of a condition are values read from the current state (here: a count of creatures)."""
    ctx = _ctx(_condition_board())
    assert condition_holds({"left": 2, "op": "==", "right": {"count": {"type": "creature"}}}, ctx)
    assert not condition_holds({"left": 3, "op": "==", "right": {"count": {"type": "creature"}}}, ctx)


def test_a_conditions_right_side_reads_the_source() -> None:
    """611.3a: "its" in a condition's right side is the source's own value (its power 3 here)."""
    ctx = _ctx(_condition_board())
    assert condition_holds({"left": 3, "op": "==", "right": {"its": "power"}}, ctx)
    assert not condition_holds({"left": 2, "op": "==", "right": {"its": "power"}}, ctx)


# --- filters: counters (122.1)


def _counters_board() -> Board:
    counters = [{"kind": "+1/+1", "count": 2, "timestamp": 3}, {"kind": "charge", "count": 3, "timestamp": 4}]
    return make_board([creature("src", 1, counters=counters)])


def test_counters_of_any_kind_adds_every_kind() -> None:
    """122.1: counters of any kind on an object: every counter counts, whatever its kind."""
    ctx = _ctx(_counters_board())
    assert counters_of(ctx, "src", "any") == 5
    assert counters_of(ctx, "src", "charge") == 3


def test_counters_of_no_object_are_none() -> None:
    """122.1: no object (or one not on the board) has no counters."""
    ctx = _ctx(_counters_board())
    assert counters_of(ctx, None, "any") == 0
    assert counters_of(ctx, "gone", "any") == 0


def test_a_count_of_creatures_counts_permanents_not_cards_in_a_graveyard() -> None:
    """109.2, 611.3a: "each creature" means a creature permanent; a creature card in a graveyard is not one, unless
    the ability names the graveyard: two creatures on the battlefield give +2/+0, not +3/+0."""
    each = "this creature gets +1/+0 for each creature."
    board = make_board(
        [creature("src", 1, abilities=[each]), creature("bear", 2), _card("corpse", 3)],
        abilities=[{"text": each, "parts": [{"op": "modify_pt", "power": {"count": {"type": "creature"}}}]}],
    )
    ctx = _ctx(board)
    assert evaluate({"count": {"type": "creature"}}, ctx, "src") == 2
    assert evaluate({"count": {"type": "creature", "zone": "graveyard"}}, ctx, "src") == 1
    _, result = run(board)
    assert (result["src"]["power"], result["src"]["toughness"]) == (4, 2)


# --- filters: top of graveyard (404.1)


def test_a_permanent_is_not_the_top_card_of_a_graveyard() -> None:
    """404.1: only a card in a graveyard can be on top of it; a permanent is not."""
    board = make_board([creature("src", 1, owner="p1"), _card("bears", 2)])
    assert not is_top_of_graveyard(board, "src")
    assert is_top_of_graveyard(board, "bears")


# --- copiable values (707.2, 707.2b, 707.8a)


def _board(
    objects: list[dict[str, Any]],
    effects: list[dict[str, Any]] | None = None,
    steps: list[dict[str, Any]] | None = None,
    versions: tuple[str, ...] = ("ikoria",),
) -> Any:
    """A case through the real loader: its objects, effects and steps (each step's expectations empty)."""
    data = {
        "id": "unit",
        "title": "unit test board",
        "versions": list(versions),
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": objects,
        "effects": effects or [],
        "steps": [{**s, "expect": {v: {} for v in versions}} for s in steps or [{"description": "board"}]],
    }
    return case_from_data(data, "unit")


def _copy(eid: str, ts: float, copier: str, original: str, **extra: Any) -> dict[str, Any]:
    return {
        "id": eid,
        "timestamp": ts,
        "applies_to": [copier],
        "parts": [{"op": "copy_of", "object": original, **extra}],
    }


GIANT = creature("giant", 1, power=3, toughness=3, name="Hill Giant", colors=["red"], subtypes=["giant"])
BEAR = creature("bear", 2, name="Grizzly Bears", colors=["green"], subtypes=["bear"])


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


# --- filters: value expressions and what is not a filter (611.3a)


@pytest.mark.parametrize(
    ("value", "target", "message"),
    [
        (True, None, "a value must be a number or an expression, got True"),
        ({"count": {}, "its": "power"}, None, "a value expression must have exactly one key, got "),
        ("three", None, "a value expression must have exactly one key, got 'three'"),
        ({"its": "power"}, None, "'its' needs an object"),
        ({"no_such_value": 1}, "src", "unknown value expression 'no_such_value'"),
    ],
)
def test_what_is_not_a_value_is_refused_with_what_was_given(value: Any, target: str | None, message: str) -> None:
    """611.3a: a value is a number or one expression read from the current state; anything else is an error."""
    with pytest.raises(ValueError) as err:
        evaluate(value, _ctx(_condition_board()), target)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize(
    ("filt", "message"),
    [
        ("creature", "a filter must be a mapping, got 'creature'"),
        ({"no_such_key": 1}, "unknown filter key 'no_such_key'"),
    ],
)
def test_what_is_not_a_filter_is_refused_with_what_was_given(filt: Any, message: str) -> None:
    """611.3a: a filter is a mapping of known conditions; anything else is an error naming it (both forms)."""
    ctx = _ctx(_condition_board())
    with pytest.raises(ValueError) as readable:
        matches(filt, "src", ctx)
    assert str(readable.value) == message
    with pytest.raises(ValueError) as quick:
        compiled(freeze(filt))("src", ctx)
    assert str(quick.value) == message


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
