"""Tied losses of all abilities and gains of abilities on one object (reference_optimized.last_touch, "Losses of all
abilities"): the same outcomes as every order, one order per signature, where no defined ability is held or given."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.choices import outcomes
from reference.effects import ContinuousEffect
from reference.frozen import FrozenMap
from reference.model import Board, Part
from reference.versions import get_version
from reference.vocabulary import INTRINSIC_MANA
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import slot_start
from reference_optimized.last_touch import OTHER_MANA, OTHERS, named_abilities, part_touches
from reference_optimized.territories import holds_no_definition, touched, writes_from

from ..builders import creature, make_board
from ..strategies import ci_examples
from .lose_all_boards import LOSE as _LOSE
from .lose_all_boards import VERSION_IDS, draw_tied, final_abilities, resolved_tie, subsets
from .lose_all_boards import gain as _gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")

# What a tied effect does: mostly losses of all abilities and gains of plain keywords (702.9, 702.10, 702.19),
# beside a named loss, a gain of a defined ability (611.3b: outside the shape) and changes of power.
_TIED: st.SearchStrategy[dict[str, Any]] = st.sampled_from(
    [
        {"op": "remove_all_abilities"},
        {"op": "remove_all_abilities"},
        {"op": "add_abilities", "abilities": ["flying"]},
        {"op": "add_abilities", "abilities": ["haste"]},
        {"op": "add_abilities", "abilities": ["flying", "trample"]},
        {"op": "remove_abilities", "abilities": ["flying"]},
        {"op": "add_abilities", "abilities": ["this creature gets +1/+1"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "set_pt", "power": 3, "toughness": 3},
    ]
)
_DEFINED = [
    {
        "text": "this creature gets +1/+1",
        "applies_to": {"is_source": True},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    },
    {
        "text": "this creature has haste",
        "applies_to": {"is_source": True},
        "parts": [{"op": "add_abilities", "abilities": ["haste"]}],
    },
]
# o0's own abilities: plain keywords, or defined ones (the shape then falls back to every order)
_OWN = ("flying", "vigilance", "this creature gets +1/+1", "this creature has haste")


@st.composite
def tied_losses_and_gains(draw: st.DrawFn) -> Board:
    """Two to five tied effects, mostly on o0: static abilities of c (timestamp 1) or resolved effects (timestamp 2),
    each losing all abilities, gaining keywords, losing flying, gaining a defined ability or changing power; o0
    with plain keywords or defined abilities of its own; some effects on c itself (its abilities are defined); up to
    one resolved effect with another timestamp on o0."""
    others: list[dict[str, Any]] = [{"op": "remove_all_abilities"}, {"op": "add_abilities", "abilities": ["haste"]}]
    abilities, effects, own = draw_tied(draw, _TIED, _OWN, 2, others)
    objects = [
        creature("c", 1, 1, 1, abilities=[a["text"] for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=own),
    ]
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards (about 1 s of CPU).
@settings(max_examples=ci_examples(15))
@given(tied_losses_and_gains(), st.sampled_from(VERSION_IDS))
def test_losses_and_gains_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """613.1f, 611.3b, 613.7m: with tied losses of all abilities and gains of abilities on one object (static or
    resolved, beside defined abilities held or given), the orders tried reach exactly the outcomes of every order,
    complete, with no more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def test_twelve_tied_losses_and_gains_on_one_creature_are_eight_orders() -> None:
    """613.1f, 613.7m, 702.9, 702.10, 702.19: the benchmark's creature has twelve tied abilities on o0 (which has
    flying and vigilance, plain keywords): six lose all abilities, two each give flying, haste and trample. Every
    order has a loss, so o0 loses vigilance (and its own flying) in every order; a keyword stays when one of its
    grants comes after the last loss, and any set of the three can (the other grants, then the losses, then that
    set's grants). Eight outcomes, o0's abilities each subset of the three. The resolutions: one meets the tie, then
    one order per signature, eight. Every order (12!) stopped at 120 resolutions."""
    board = board_at(case_from_data(tied_case(12, 0, False, "group-loses-one"), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs) == (True, 9)
    assert final_abilities(found) == subsets(("flying", "haste", "trample"))


def test_tied_resolved_losses_and_gains_are_one_order_per_signature() -> None:
    """613.1f, 613.7m: four resolved effects with one timestamp on o0 (vigilance of its own): two lose all abilities,
    one gives flying, one haste. Vigilance is lost in every order; flying and haste each stay when their grant comes
    after both losses, and either, both or neither can: four outcomes. One resolution meets the tie, then four orders
    (``from_slot.orders_from`` reads the losses as settings); every order would take 24."""
    board = resolved_tie(["vigilance"], [_LOSE, _gain("flying"), _LOSE, _gain("haste")], _DEFINED)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs) == (True, 5)
    assert final_abilities(found) == subsets(("flying", "haste"))


def test_three_tied_resolved_losses_and_gains_are_one_order_per_signature() -> None:
    """613.1f, 613.7m: three resolved effects with one timestamp on o0 (vigilance of its own): one loses all
    abilities, one gives flying, one haste. Vigilance is lost in every order; flying and haste each stay when their
    grant comes after the loss: four outcomes. One resolution meets the tie, then four orders (a group of three is
    read as settings too); every order would take six."""
    board = resolved_tie(["vigilance"], [_LOSE, _gain("flying"), _gain("haste")], _DEFINED)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs) == (True, 5)
    assert final_abilities(found) == subsets(("flying", "haste"))


def _held(own: list[str]) -> Any:
    abilities = [
        {"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]}
        for i, p in enumerate([_LOSE, _gain("flying"), _LOSE, _gain("haste")])
    ]
    objects = [
        creature("c", 2, 1, 1, abilities=[a["text"] for a in abilities]),
        creature("o0", 1, 1, 1, abilities=own),
    ]
    return distinct_outcomes(make_board(objects, [], abilities + _DEFINED), IKORIA)


def test_a_defined_ability_held_whose_effect_comes_after_the_losses_is_read_by_last_touch() -> None:
    """611.3b, 613.1f, 613.7m: c's four tied abilities on o0: two losses of all abilities, flying and haste; o0 has
    "this creature gets +1/+1", whose effect applies in layer 7c only: every order loses it in layer 6, before its
    effect would first apply, so it applies in no order, and the losses are read as settings: one resolution meets
    the tie, then four orders (every order would take 24). Four sets of keywords, o0 1/1 in each."""
    found = _held(["this creature gets +1/+1"])
    assert (found.complete, found.runs) == (True, 5)
    assert final_abilities(found) == subsets(("flying", "haste"))
    assert {(o.final["o0"].power, o.final["o0"].toughness) for o in found.outcomes} == {(1, 1)}


def test_a_defined_ability_held_whose_effect_applies_with_the_losses_is_read_by_last_touch() -> None:
    """611.3b, 613.1f, 613.8a: the same tie, o0 (earlier than c) holding "this creature has haste" instead, whose
    effect applies in layer 6, where the losses do: both losses reach o0 in every order and end that effect, which
    applies before them or not at all, the same in every order (its timestamp is not the tie's, and it depends on the
    losses), so every later loss takes its haste away: the losses are read as settings (``territories.apart_from_tie``),
    one resolution meets the tie, then four orders (every order: 25); the same four sets of keywords."""
    found = _held(["this creature has haste"])
    assert (found.complete, found.runs) == (True, 5)
    assert final_abilities(found) == subsets(("flying", "haste"))


def _effect(*parts: Part) -> ContinuousEffect:
    return ContinuousEffect(key="e", origin="resolved", timestamp=1, parts=parts, description="e", targets=("o0",))


def test_a_loss_of_all_abilities_sets_each_named_ability_and_the_others_absent() -> None:
    """613.1f: with the abilities the group names, a loss of all abilities sets each of them, and the others' atoms
    (other abilities, other mana abilities), absent; without them it is outside the scope (None), as is a loss of all
    but mana abilities (``test_lose_all_but_mana.py`` reads it with them)."""
    lose = Part("remove_all_abilities", FrozenMap())
    named = frozenset({"haste", "flying"})
    assert part_touches(_effect(lose), lose, named) == [
        ("abilities", OTHERS, ("set", False)),
        ("abilities", OTHER_MANA, ("set", False)),
        ("abilities", "flying", ("set", False)),
        ("abilities", "haste", ("set", False)),
    ]
    assert part_touches(_effect(lose), lose) is None
    mana = Part("remove_all_abilities_except_mana", FrozenMap())
    assert part_touches(_effect(mana), mana) is None


def test_the_named_abilities_are_those_gained_or_lost_by_name() -> None:
    """613.1f: the wordings of the gains and named losses, one string or several; nothing from other operations."""
    parts = [
        Part("add_abilities", FrozenMap({"abilities": ("flying", "trample")})),
        Part("remove_abilities", FrozenMap({"abilities": "haste"})),
        Part("add_colors", FrozenMap({"colors": ("white",)})),
        Part("remove_all_abilities", FrozenMap()),
    ]
    assert named_abilities(parts) == frozenset({"flying", "trample", "haste"})


def _holds_no_definition(
    own: list[str],
    *parts: dict[str, Any],
    extra: list[dict[str, Any]] | None = None,
    defined: Any = None,
    counters: list[dict[str, Any]] | None = None,
) -> bool:
    abilities = [{"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]} for i, p in enumerate(parts)]
    o0 = creature("o0", 1, 1, 1, abilities=own, **({"counters": counters} if counters else {}))
    objects = [creature("c", 2, 1, 1, abilities=[a["text"] for a in abilities]), o0]
    board = make_board(objects, extra or [], abilities + _DEFINED + (defined or []))
    tie = distinct_outcomes(board, IKORIA, limit=1).ties[0]
    start = slot_start(board, IKORIA, tie)
    assert start is not None
    effects, locked, state = start
    written = writes_from(effects, board) or frozenset()
    objects_of = {e.key: touched(e, locked, board, state, written) or frozenset() for e in effects}
    return holds_no_definition(effects, objects_of, board, state)


def test_no_defined_ability_held_or_given_is_in_the_shape() -> None:
    """611.3b, 613.1f: o0 with plain keywords, losing all abilities and gaining flying: in the shape."""
    assert _holds_no_definition(["vigilance"], _LOSE, _gain("flying"), _LOSE)


def test_a_defined_ability_held_by_the_object_that_loses_is_outside() -> None:
    """611.3b: o0 has "this creature gets +1/+1": a loss ends its effect."""
    assert not _holds_no_definition(["this creature gets +1/+1"], _LOSE, _gain("flying"), _LOSE)


def test_a_defined_ability_held_under_a_text_change_is_outside() -> None:
    """612.1, 611.3b: o0's "this creature is white" became "this creature is green" by an earlier text change (layer
    3); no definition has the new wording, but read through o0's text changes it is "this creature is white"'s, whose
    effect a loss would end: outside the shape."""
    white = {"text": "this creature is white", "applies_to": {"is_source": True}, "parts": [_colors("white")]}
    change = {"id": "r", "controller": "p1", "timestamp": 0.75, "applies_to": ["o0"]}
    change["parts"] = [{"op": "replace_word", "from": "white", "to": "green"}]
    args = (["this creature is white"], _LOSE, _gain("flying"), _LOSE)
    assert not _holds_no_definition(*args, extra=[change], defined=[white])


def _colors(color: str) -> dict[str, Any]:
    return {"op": "add_colors", "colors": [color]}


def test_a_defined_ability_given_is_outside() -> None:
    """611.3b: a tied ability gives o0 "this creature gets +1/+1": a gain starts its effect."""
    assert not _holds_no_definition(["vigilance"], _LOSE, _gain("this creature gets +1/+1"), _LOSE)


def test_a_defined_mana_wording_is_outside() -> None:
    """305.6, 611.3b: where a basic land type's mana ability has a definition on the board, an object that becomes
    such a land could hold it: outside the shape."""
    mana = [{"text": INTRINSIC_MANA["forest"], "applies_to": {"is_source": True}, "parts": [_colors("green")]}]
    assert not _holds_no_definition(["vigilance"], _LOSE, _gain("flying"), _LOSE, defined=mana)


def test_no_loss_of_all_abilities_is_not_this_shape() -> None:
    """613.1f: gains and named losses alone are in ``orders``' scope already; this shape needs a loss of all."""
    lose_flying = {"op": "remove_abilities", "abilities": ["flying"]}
    assert not _holds_no_definition(["vigilance"], lose_flying, _gain("flying"), _gain("haste"))


def test_an_operation_outside_the_scope_is_outside() -> None:
    """613.1f, 122.1b: o0 has a flying counter (a keyword counter, an operation this shape does not read): outside
    it. A later resolved loss of all abilities but mana abilities on o0 is inside it (605.1a, ``last_touch``)."""
    flying = [{"kind": "flying", "count": 1, "timestamp": 3}]
    assert not _holds_no_definition(["vigilance"], _LOSE, _gain("flying"), _LOSE, counters=flying)
    lose = {"id": "r", "controller": "p1", "timestamp": 3, "applies_to": ["o0"]}
    lose["parts"] = [{"op": "remove_all_abilities_except_mana"}]
    assert _holds_no_definition(["vigilance"], _LOSE, _gain("flying"), _LOSE, extra=[lose])


_EXCEPT_MANA = {"op": "remove_all_abilities_except_mana"}


def _same_as_every_order(board: Board) -> None:
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert every.complete and found.complete
    assert outcome_keys(found) == outcome_keys(every)


def test_a_loss_of_all_but_mana_abilities_from_the_slot_on_is_read_by_territory() -> None:
    """613.1f, 605.1a, 613.7m: a loss of all abilities but mana abilities (a resolved one, later than c's tied
    abilities on o0) is local to its object: the territories read it (it once raised a KeyError there, not being in
    ``reads.WRITES``) and reach every order's outcomes."""
    abilities = [
        {"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]}
        for i, p in enumerate([_LOSE, _gain("flying"), _LOSE])
    ]
    objects = [
        creature("c", 2, 1, 1, abilities=[a["text"] for a in abilities]),
        creature("o0", 1, 1, 1, abilities=["vigilance"]),
    ]
    effects = [{"id": "r", "controller": "p1", "timestamp": 3, "applies_to": ["o0"], "parts": [_EXCEPT_MANA]}]
    _same_as_every_order(make_board(objects, effects, abilities))


def test_a_granted_loss_of_all_but_mana_abilities_is_read_by_territory() -> None:
    """611.3b, 613.1f, 605.1a: one of c's tied abilities gives o0 "o1 loses all abilities but mana abilities"
    (its effect reaches o1): the territories read what it would write (it once raised a KeyError there) and reach
    every order's outcomes."""
    hush = {"text": "o1 loses all but mana abilities", "applies_to": {"id": "o1"}, "parts": [_EXCEPT_MANA]}
    abilities = [
        {"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]}
        for i, p in enumerate([_LOSE, _gain("flying"), _gain(str(hush["text"]))])
    ]
    objects = [
        creature("c", 2, 1, 1, abilities=[a["text"] for a in abilities]),
        creature("o0", 1, 1, 1, abilities=["vigilance"]),
        creature("o1", 1, 1, 1, abilities=["trample"]),
    ]
    _same_as_every_order(make_board(objects, [], [*abilities, hush]))


def test_twelve_tied_losses_and_gains_beside_a_held_defined_ability_are_eight_orders() -> None:
    """611.3b, 613.1f, 613.7m: the benchmark's group-loses-held-one at twelve: as group-loses-one, o0 also holding
    "this creature gets +1/+1" (layer 7c). Every order loses it in layer 6, so o0 is 1/1 in every outcome; the same
    eight sets of keywords in nine resolutions (every order stopped at 120)."""
    board = board_at(case_from_data(tied_case(12, 0, False, "group-loses-held-one"), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs) == (True, 9)
    assert final_abilities(found) == subsets(("flying", "haste", "trample"))
    assert {(o.final["o0"].power, o.final["o0"].toughness) for o in found.outcomes} == {(1, 1)}
