"""Tied losses of all abilities beside gains of a defined ability (reference_optimized.territories.granted_apart): the
same outcomes as every order, one order per signature, where the given ability's effect applies after the losses'
layer and commutes with everything there."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.choices import outcomes
from reference.model import Board
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.territories import granted_apart

from ..builders import creature, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, LOSE, VERSION_IDS, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")

_PLUS = "this creature gets +1/+1"
_BIG = "this creature is 4/4"
_SMALL = "this creature is 2/2"


_DEFINED = [
    {"text": _PLUS, "applies_to": {"is_source": True}, "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]},
    {"text": _BIG, "applies_to": {"is_source": True}, "parts": [{"op": "set_pt", "power": 4, "toughness": 4}]},
    {"text": _SMALL, "applies_to": {"is_source": True}, "parts": [{"op": "set_pt", "power": 2, "toughness": 2}]},
    {"text": "this creature has haste", "applies_to": {"is_source": True}, "parts": [gain("haste")]},
]
# What a tied effect does: losses of all abilities (or all but mana abilities), gains of keywords and of defined
# abilities (in 7c, commuting; in 7b, settings that may not commute; in layer 6, where the losses are), changes and a
# setting of power and toughness
_OPS = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain("haste"),
        gain(_PLUS),
        gain(_PLUS),
        gain(_PLUS, "flying"),
        gain(_BIG),
        gain(_SMALL),
        gain("this creature has haste"),
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "set_pt", "power": 3, "toughness": 3},
    ]
)


@st.composite
def losses_beside_defined_gains(draw: st.DrawFn) -> Board:
    """Three to five tied effects on o0 (sometimes on c): static abilities of c (timestamp 1) or resolved effects with
    one timestamp (2), losing all abilities, gaining keywords or defined abilities, changing or setting power; o0
    holding keywords or "this creature gets +1/+1" of its own; sometimes a resolved effect with another timestamp
    changing o0's power."""
    n = draw(st.integers(3, 5))
    resolved = draw(st.integers(0, 2)) == 0
    abilities: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for i in range(n):
        part = draw(_OPS)
        target = draw(st.sampled_from(["o0"] * 5 + ["c"]))
        if resolved:
            effects.append({"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": [target], "parts": [part]})
        else:
            scope = {"is_source": True} if target == "c" else {"id": target}
            abilities.append({"text": f"tied {i}", "applies_to": scope, "parts": [part]})
    if draw(st.booleans()):
        other = {"op": "modify_pt", "power": 0, "toughness": 2}
        stamp = draw(st.sampled_from([0.75, 3]))
        effects.append({"id": "r", "controller": "p1", "timestamp": stamp, "applies_to": ["o0"], "parts": [other]})
    own = draw(st.lists(st.sampled_from(["flying", "vigilance", _PLUS]), max_size=2, unique=True))
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=own),
    ]
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards.
@settings(max_examples=ci_examples(15))
@given(losses_beside_defined_gains(), st.sampled_from(VERSION_IDS))
def test_losses_beside_defined_gains_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3b, 613.1f, 613.4c, 613.7m: with tied losses of all abilities beside gains of defined abilities (whose
    effects commute with everything in their sublayer, or set power and toughness, or apply where the losses do), the
    orders tried reach exactly the outcomes of every order, complete, with no more resolutions, and the same ties
    matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def _board(*parts: dict[str, Any]) -> Board:
    abilities = [{"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]} for i, p in enumerate(parts)]
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=["vigilance"]),
    ]
    return make_board(objects, [], abilities + _DEFINED)


def _sizes(found: Any) -> set[tuple[frozenset[str], int | None, int | None]]:
    return {(frozenset(o.final["o0"].abilities), o.final["o0"].power, o.final["o0"].toughness) for o in found.outcomes}


def test_a_loss_and_two_gains_of_a_defined_ability_are_read_by_last_touch() -> None:
    """611.3b, 613.1f, 613.7m: c's four tied abilities on o0 (vigilance of its own): a loss of all abilities, flying,
    "this creature gets +1/+1" twice. o0 loses vigilance in every order; it has flying when that grant follows the
    loss, and "this creature gets +1/+1" (then 2/2) when either of its grants does (an object has an ability once,
    however many effects give it): four outcomes. One resolution meets the tie, then four orders; every order: 25."""
    board = _board(LOSE, gain("flying"), gain(_PLUS), gain(_PLUS))
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 5, 25)
    assert outcome_keys(found) == outcome_keys(every)
    fly, plus = frozenset({"flying"}), frozenset({_PLUS})
    assert _sizes(found) == {(frozenset(), 1, 1), (fly, 1, 1), (plus, 2, 2), (fly | plus, 2, 2)}


def test_two_defined_settings_given_are_ordered_by_a_tie_of_their_own() -> None:
    """611.3b, 613.4b, 613.7a, 613.7m: a loss of all abilities beside gains of "this creature is 4/4" and "this
    creature is 2/2" (layer 7b). The two effects do not commute, but both are o0's (granted to it), so where o0 has
    both they tie in 7b pair by pair, a tie of their own that the order of the tie in layer 6 does not decide (their
    keys are not its keys): it is left open and both its orders are tried in either enumeration
    (``territories.given_parts``). So the signature in layer 6 decides which of the two o0 has, and the tie in 7b the
    rest: o0 1/1 with neither, 4/4 or 2/2 with one, and 4/4 or 2/2 with both: five outcomes. The resolutions: one
    meets the tie, four orders (one per signature), two for the tie in 7b where o0 has both: 7; every order: 1 + 6 +
    2 x 2 = 11. A definition acting on another object by identity is still checked against them (below)."""
    board = _board(LOSE, gain(_BIG), gain(_SMALL))
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert outcome_keys(found) == outcome_keys(every)
    assert (found.runs, every.runs) == (7, 11)
    both = frozenset({_BIG, _SMALL})
    assert _sizes(found) == {
        (frozenset(), 1, 1),
        (frozenset({_BIG}), 4, 4),
        (frozenset({_SMALL}), 2, 2),
        (both, 4, 4),
        (both, 2, 2),
    }
    defs = {str(d["text"]): board.abilities[str(d["text"])] for d in _DEFINED}
    where = IKORIA.slot_index("6")
    assert granted_apart(defs[_BIG], where, [], [defs[_BIG], defs[_SMALL]], board, IKORIA)
    assert granted_apart(defs[_BIG], where, [], [defs[_BIG]], board, IKORIA)
    assert granted_apart(defs[_PLUS], where, [], [defs[_PLUS], defs[_BIG]], board, IKORIA)
    assert not granted_apart(defs["this creature has haste"], where, [], [], board, IKORIA)


def test_twelve_losses_and_grants_of_a_defined_ability_are_eight_orders() -> None:
    """611.3b, 613.1f, 613.7m: the benchmark's twelve tied abilities on o0 (flying and vigilance of its own): the even
    ones make it lose all abilities, the odd ones give it flying, "this creature gets +1/+1" and haste in turn. o0 loses
    vigilance in every order and keeps each of the three when one of its grants follows the last loss, any set of them
    (the other grants, then the losses, then that set's): eight outcomes, 2/2 in the four with the defined ability,
    1/1 in the others. One resolution meets the tie, then eight; every order (12!) stopped at 120 resolutions."""
    board = board_at(case_from_data(tied_case(12, 0, False, "group-loses-grants-one"), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs) == (True, 9)
    seen = _sizes(found)
    assert len(seen) == 8
    for words, power, toughness in seen:
        assert words <= {"flying", _PLUS, "haste"}
        assert (power, toughness) == ((2, 2) if _PLUS in words else (1, 1))


# Issue 28 item 14, shape 2: the defined ability given acts on another object than the one given it, named by id.

_O1_PLUS = "o1 gets +1/+1"
_O1_BIG = "o1 is 4/4"
_O1_HASTE = "o1 has haste"
_ON_O1 = [
    {"text": _O1_PLUS, "applies_to": {"id": "o1"}, "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]},
    {"text": _O1_BIG, "applies_to": {"id": "o1"}, "parts": [{"op": "set_pt", "power": 4, "toughness": 4}]},
    {"text": _O1_HASTE, "applies_to": {"id": "o1"}, "parts": [gain("haste")]},
]
# What a tied effect does: losses of all abilities, gains of keywords and of defined abilities acting on o1 (in 7c,
# commuting; in 7b, a setting; in layer 6, where the losses are), changes and settings of power and toughness
_OPS_ON_O1 = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain(_O1_PLUS),
        gain(_O1_PLUS),
        gain(_O1_PLUS, "haste"),
        gain(_O1_BIG),
        gain(_O1_HASTE),
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "set_pt", "power": 3, "toughness": 3},
    ]
)


@st.composite
def losses_beside_gains_acting_on_another(draw: st.DrawFn) -> Board:
    """Three to five tied effects on o0 or o1: static abilities of c (timestamp 1) or resolved effects with one
    timestamp (2), losing all abilities, gaining keywords or defined abilities that act on o1, changing or setting
    power; o1 holding "o1 gets +1/+1" or a keyword of its own; sometimes a resolved effect with another timestamp
    changing o1's power."""
    n = draw(st.integers(3, 5))
    resolved = draw(st.integers(0, 2)) == 0
    abilities: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for i in range(n):
        part = draw(_OPS_ON_O1)
        target = draw(st.sampled_from(["o0"] * 4 + ["o1"] * 2))
        if resolved:
            effects.append({"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": [target], "parts": [part]})
        else:
            abilities.append({"text": f"tied {i}", "applies_to": {"id": target}, "parts": [part]})
    if draw(st.booleans()):
        other = draw(st.sampled_from([{"op": "modify_pt", "power": 0, "toughness": 2}, {"op": "set_pt", "power": 5}]))
        stamp = draw(st.sampled_from([0.75, 3]))
        effects.append({"id": "r", "controller": "p1", "timestamp": stamp, "applies_to": ["o1"], "parts": [other]})
    own = draw(st.lists(st.sampled_from(["flying", "vigilance", _O1_PLUS]), max_size=2, unique=True))
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=own),
        creature("o1", 0.25, 1, 1, abilities=draw(st.sampled_from([[], ["reach"], [_O1_PLUS]]))),
    ]
    return make_board(objects, effects, abilities + _ON_O1)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards.
@settings(max_examples=ci_examples(15))
@given(losses_beside_gains_acting_on_another(), st.sampled_from(VERSION_IDS))
def test_losses_beside_gains_acting_on_another_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3b, 613.1f, 613.4c, 613.7m: with tied losses of all abilities beside gains of defined abilities that act on
    another object than the one given them (o1, by id), the orders tried reach exactly the outcomes of every order,
    complete, with no more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def _o1_board(*parts: dict[str, Any]) -> Board:
    abilities = [{"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]} for i, p in enumerate(parts)]
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=["vigilance"]),
        creature("o1", 0.25, 1, 1),
    ]
    return make_board(objects, [], abilities + _ON_O1 + _DEFINED)


def test_a_defined_ability_given_that_acts_on_another_object_is_read_by_last_touch() -> None:
    """611.3b, 613.1f, 613.4c, 613.7m: c's four tied abilities on o0: a loss of all abilities, flying, and "o1 gets
    +1/+1" twice. o0 loses vigilance in every order, keeps flying when its grant follows the loss, and keeps "o1 gets
    +1/+1" when either of its grants does; o1 (1/1) is then 2/2 (layer 7c, after the losses' layer 6). Four outcomes:
    one resolution meets the tie, then four orders; every order: 25."""
    board = _o1_board(LOSE, gain("flying"), gain(_O1_PLUS), gain(_O1_PLUS))
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 5, 25)
    assert outcome_keys(found) == outcome_keys(every)
    seen = {(frozenset(o.final["o0"].abilities), o.final["o1"].power, o.final["o1"].toughness) for o in found.outcomes}
    fly, plus = frozenset({"flying"}), frozenset({_O1_PLUS})
    assert seen == {(frozenset(), 1, 1), (fly, 1, 1), (plus, 2, 2), (fly | plus, 2, 2)}


def test_granted_apart_takes_a_definition_naming_its_objects_by_identity_only() -> None:
    """611.3a, 611.3b: "o1 gets +1/+1" names its object by identity (the same whoever holds it, in every order);
    "white creatures get +1/+1" finds its objects by a characteristic, and is refused, as is a setting (7b) beside
    another, and an effect in the losses' layer (6)."""
    white = {
        "text": "white creatures get +1/+1",
        "applies_to": {"all": [{"type": "creature"}, {"color": "white"}]},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    board = make_board([creature("o1", 0.25, 1, 1)], [], [*_ON_O1, white, *_DEFINED])
    defs = board.abilities
    where = IKORIA.slot_index("6")
    assert granted_apart(defs[_O1_PLUS], where, [], [defs[_O1_PLUS]], board, IKORIA)
    assert not granted_apart(defs["white creatures get +1/+1"], where, [], [], board, IKORIA)
    assert not granted_apart(defs[_O1_BIG], where, [], [defs[_O1_BIG], defs[_SMALL]], board, IKORIA)
    assert not granted_apart(defs[_O1_HASTE], where, [], [], board, IKORIA)


def test_twelve_losses_and_grants_acting_on_another_object_are_eight_orders() -> None:
    """611.3b, 613.1f, 613.7m: the benchmark ``group-loses-grants-other`` at N = 12: the even abilities make o0 lose
    all abilities, the odd ones give it flying, "o1 gets +1/+1" and haste in turn. o0 keeps each of the three when one
    of its grants follows the last loss, any set of them: eight outcomes; o1 is 2/2 in the four where o0 keeps "o1 gets
    +1/+1", 1/1 in the others. One resolution meets the tie, then eight."""
    board = board_at(case_from_data(tied_case(12, 0, False, "group-loses-grants-other"), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs) == (True, 9)
    seen = {(frozenset(o.final["o0"].abilities), o.final["o1"].power, o.final["o1"].toughness) for o in found.outcomes}
    assert len(seen) == 8
    for words, power, toughness in seen:
        assert words <= {"flying", _O1_PLUS, "haste"}
        assert (power, toughness) == ((2, 2) if _O1_PLUS in words else (1, 1))


def test_a_defined_setting_given_beside_a_tied_setting_keeps_every_order() -> None:
    """611.3b, 613.4b, 613.7m: a loss of all abilities, a gain of "this creature is 4/4" (layer 7b), a setting of
    power and toughness to 3/3 with the same timestamp (7b) and a gain of flying, all on o0. The given ability's
    effect does not commute with the tied setting, so ``granted_apart`` refuses it and every order is tried, as many
    resolutions as every order's enumeration (13 under Ikoria's rules, 7 under today's). With the check against the
    territories' effects dropped (a drawn mutant of the CI sample), 9 and 5 resolutions reached the same outcomes
    on this board: the refusal is what the module's argument needs (it covers settings that commute), and this
    pins it."""
    board = _board(LOSE, gain(_BIG), {"op": "set_pt", "power": 3, "toughness": 3}, gain("flying"))
    for version, runs in ((IKORIA, 13), (CURRENT, 7)):
        every = outcomes(board, version)
        found = distinct_outcomes(board, version)
        assert outcome_keys(found) == outcome_keys(every)
        assert (found.runs, every.runs) == (runs, runs)
