"""Unit tests that pin what filters, values, effects, operations and copiable values do (issue 18's survivors).

Each test states the rule it pins; expected values are reasoned from the rules, not read off the resolver.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference.filters import (
    Context,
    condition_holds,
    counters_of,
    is_top_of_graveyard,
)
from reference.frozen import FrozenMap, freeze
from reference.model import Board, Characteristics
from reference.operations import apply_instruction
from reference.resolver import initial_state

from .builders import creature, make_board, run

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


# --- filters: top of graveyard (404.1)


def test_a_permanent_is_not_the_top_card_of_a_graveyard() -> None:
    """404.1: only a card in a graveyard can be on top of it; a permanent is not."""
    board = make_board([creature("src", 1, owner="p1"), _card("bears", 2)])
    assert not is_top_of_graveyard(board, "src")
    assert is_top_of_graveyard(board, "bears")
