"""Tied losses and gains of abilities reaching an object that holds a defined ability whose effect applies in the
losses' layer (reference_optimized.territories.apart_from_tie): the same outcomes as every order, one order per
signature, where that effect's timestamp is not the tie's."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.choices import outcomes
from reference.model import Board
from reference.resolver import resolve
from reference.versions import get_version
from reference.vocabulary import OPERATION_KIND
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import slot_start
from reference_optimized.territories import apart_from_tie, done_before, locked_before

from ..builders import creature, enchantment, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, LOSE, VERSION_IDS, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")


_OTHERS_YOU_CONTROL = {"all": [{"type": "creature"}, {"other_than_source": True}, {"controller": "you"}]}
_YOU_CONTROL = {"all": [{"type": "creature"}, {"controller": "you"}]}
# Defined abilities an object may hold (611.3b): in layer 6 on itself or on other creatures, in layers 6 and 7c, in 7c
_HELD = [
    {"text": "this creature has haste", "applies_to": {"is_source": True}, "parts": [gain("haste")]},
    {
        "text": "other creatures you control have vigilance",
        "applies_to": _OTHERS_YOU_CONTROL,
        "parts": [gain("vigilance")],
    },
    {"text": "creatures you control have flying", "applies_to": _YOU_CONTROL, "parts": [gain("flying")]},
    {
        "text": "this creature has trample and gets +1/+1",
        "applies_to": {"is_source": True},
        "parts": [gain("trample"), {"op": "modify_pt", "power": 1, "toughness": 1}],
    },
    {
        "text": "this creature gets +1/+1",
        "applies_to": {"is_source": True},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    },
]
_HELD_TEXTS = [str(d["text"]) for d in _HELD]
_OWN = ("flying", "vigilance", "reach", *_HELD_TEXTS)
# What a tied effect does: mostly losses of all abilities (or all but mana abilities) and gains of keywords, beside a
# named loss and a change of power
_OPS = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain("haste"),
        gain("vigilance", "trample"),
        {"op": "remove_abilities", "abilities": ["flying"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
    ]
)


@st.composite
def losses_beside_held_definitions(draw: st.DrawFn) -> Board:
    """Three to five tied effects: static abilities of c (timestamp 1; a creature, which its own abilities may reach,
    or an enchantment) on o0, o1 or c by id, or on every creature, or resolved effects with one timestamp (2) on listed
    creatures; o0 and o1 (timestamps 0.5 or 3: before or after the tie's) each holding plain keywords and defined
    abilities (in layer 6 on itself or on other creatures, in layers 6 and 7c, in 7c); c, a creature, may hold one
    too (its effect then has the tie's timestamp)."""
    n = draw(st.integers(3, 5))
    c_creature = draw(st.booleans())
    resolved = draw(st.integers(0, 3)) == 0
    targets = ["o0", "o0", "o1"] + (["c"] if c_creature else [])
    abilities: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for i in range(n):
        part = draw(_OPS)
        if resolved:
            on = draw(st.lists(st.sampled_from(["o0", "o1"]), min_size=1, max_size=2, unique=True))
            effects.append({"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": on, "parts": [part]})
        else:
            target = draw(st.sampled_from([*targets, "every"]))
            scope = {"type": "creature"} if target == "every" else {"id": target}
            abilities.append({"text": f"tied {i}", "applies_to": scope, "parts": [part]})
    texts = [str(a["text"]) for a in abilities]
    if c_creature:
        texts += draw(st.lists(st.sampled_from(_HELD_TEXTS), max_size=1))
        objects = [creature("c", 1, 1, 1, abilities=texts)]
    else:
        objects = [enchantment("c", 1, *texts)]
    for oid in ("o0", "o1"):
        own = draw(st.lists(st.sampled_from(_OWN), max_size=3, unique=True))
        stamp = draw(st.sampled_from([0.5, 3]))
        objects.append(creature(oid, stamp, 1, 1, abilities=own))
    return make_board(objects, effects, abilities + _HELD)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards (about 6.5 s of CPU).
@pytest.mark.slow
@settings(max_examples=ci_examples(15))
@given(losses_beside_held_definitions(), st.sampled_from(VERSION_IDS))
def test_losses_beside_held_definitions_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3b, 613.1f, 613.6, 613.7m, 613.8a: with tied losses of all abilities and gains of abilities reaching objects
    that hold defined abilities (in the losses' layer or after, on themselves or on others, earlier or later than the
    tie, or with its timestamp), the orders tried reach exactly the outcomes of every order, complete, with no more
    resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def _board(own: list[str], stamp: float, *parts: dict[str, Any], c_own: tuple[str, ...] = ()) -> Board:
    abilities = [{"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]} for i, p in enumerate(parts)]
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities] + list(c_own)),
        creature("o0", stamp, 1, 1, abilities=own),
        creature("o1", 0.5, 1, 1, abilities=["reach"]),
    ]
    return make_board(objects, [], abilities + _HELD)


def _abilities(found: Any, oid: str) -> set[frozenset[str]]:
    return {frozenset(o.final[oid].abilities) for o in found.outcomes}


def test_a_lord_in_the_losses_layer_held_by_a_creature_they_reach() -> None:
    """611.3b, 613.1f, 613.7m, 613.8a: c's four tied abilities on o0: two losses of all abilities, flying and haste;
    o0 (earlier than c) holds "other creatures you control have vigilance", whose effect applies in layer 6 like the
    losses. o0 loses it in every order (both losses apply in every order); o1 has vigilance only if that effect
    applies before the first loss, and whether it does is decided by its timestamp and its dependency on the losses
    (613.8a: they end it), not by the tie's order: one answer for o1 in every order. o0's flying and haste each stay
    when their grant follows both losses: four outcomes. One resolution meets the tie, then four orders; every order
    takes 25, with the same outcomes."""
    board = _board(["other creatures you control have vigilance"], 0.5, LOSE, gain("flying"), LOSE, gain("haste"))
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 5, 25)
    assert outcome_keys(found) == outcome_keys(every)
    fly, haste = frozenset({"flying"}), frozenset({"haste"})
    assert _abilities(found, "o0") == {frozenset(), fly, haste, fly | haste}
    assert len(_abilities(found, "o1")) == 1


def test_an_ability_in_the_losses_layer_and_after_held_by_a_later_creature() -> None:
    """611.3b, 613.6, 613.1f, 613.7m: the same four abilities; o0, later than c, holds "this creature has trample and
    gets +1/+1" (layers 6 and 7c): the tied effects come first in layer 6 (earlier timestamp, 613.7), their losses end
    it before it would apply, so it applies in no order, and o0 stays 1/1. Four outcomes, five resolutions."""
    board = _board(["this creature has trample and gets +1/+1"], 3, LOSE, gain("flying"), LOSE, gain("haste"))
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 5, 25)
    assert outcome_keys(found) == outcome_keys(every)
    assert {(o.final["o0"].power, o.final["o0"].toughness) for o in found.outcomes} == {(1, 1)}
    assert len(_abilities(found, "o0")) == 4


def test_a_defined_ability_with_the_ties_timestamp_is_not_apart() -> None:
    """613.7a, 613.7m, 611.3b: an ability held by c, whose effect has the timestamp of c's tied abilities, could apply
    between them: not apart from the tie (``apart_from_tie`` is false for its holder); a later holder's is."""
    held = _HELD[0]
    board = _board([], 0.5, LOSE, gain("flying"), c_own=("this creature has haste",))
    tie = resolve(board, IKORIA).undecided[0]
    start = slot_start(board, IKORIA, tie)
    assert start is not None
    near = start[0]
    where = IKORIA.slot_index("6")
    stamps = frozenset({1.0})
    d = board.abilities[str(held["text"])]
    assert not apart_from_tie(d, "this creature has haste", "c", near, where, IKORIA, stamps)
    assert apart_from_tie(d, "this creature has haste", "o0", near, where, IKORIA, stamps)
    assert not apart_from_tie(d, "this creature has haste", "o0", near, where, IKORIA, None)


# Issue 28 item 14, shape 1: a held defined ability whose effect applies only before the tie's slot
# (reference_optimized.territories.done_before).

_BLUE = "this creature is blue"
_EARLY: list[dict[str, Any]] = [
    {"text": _BLUE, "applies_to": {"is_source": True}, "parts": [{"op": "set_colors", "colors": ["blue"]}]},
    {
        "text": "this creature is an artifact",
        "applies_to": {"is_source": True},
        "parts": [{"op": "add_types", "types": ["artifact"]}],
    },
    {
        "text": "creatures you control are green",
        "applies_to": _YOU_CONTROL,
        "parts": [{"op": "set_colors", "colors": ["green"]}],
    },
    {
        "text": "this creature is blue and gets +1/+1",
        "applies_to": {"is_source": True},
        "parts": [{"op": "set_colors", "colors": ["blue"]}, {"op": "modify_pt", "power": 1, "toughness": 1}],
    },
]
_EARLY_TEXTS = [str(d["text"]) for d in _EARLY]
# What a tied effect does: losses of all abilities (or all but mana abilities), gains of keywords, a named loss, a
# change of power, sometimes a setting of colors (the tie then begins in layer 5, where the held effects apply)
_EARLY_OPS = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain("haste"),
        {"op": "remove_abilities", "abilities": ["flying"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "set_colors", "colors": ["red"]},
    ]
)


@st.composite
def losses_beside_definitions_done_before(draw: st.DrawFn) -> Board:
    """Three to five tied effects: static abilities of c (timestamp 1, a creature) on o0, o1 or c by id, or on every
    creature, or resolved effects with one timestamp (2) on listed creatures; o0 and o1 (timestamps 0.5 or 3) each
    holding keywords and defined abilities whose effects apply in layer 4 or 5 (on themselves or on the creatures
    their controller controls), or in 5 and 7c (o0 one at least); c may hold one too, or "this creature has haste"
    (layer 6, with the tie's timestamp)."""
    n = draw(st.integers(3, 5))
    resolved = draw(st.integers(0, 3)) == 0
    abilities: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for i in range(n):
        part = draw(_EARLY_OPS)
        if resolved:
            on = draw(st.lists(st.sampled_from(["o0", "o1", "c"]), min_size=1, max_size=2, unique=True))
            effects.append({"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": on, "parts": [part]})
        else:
            target = draw(st.sampled_from(["o0", "o0", "o1", "c", "every"]))
            scope = {"type": "creature"} if target == "every" else {"id": target}
            abilities.append({"text": f"tied {i}", "applies_to": scope, "parts": [part]})
    texts = [str(a["text"]) for a in abilities]
    texts += draw(st.lists(st.sampled_from([*_EARLY_TEXTS, "this creature has haste"]), max_size=1))
    objects = [creature("c", 1, 1, 1, abilities=texts)]
    for oid in ("o0", "o1"):
        own = draw(st.lists(st.sampled_from(("flying", "vigilance", *_EARLY_TEXTS)), max_size=2, unique=True))
        if oid == "o0":  # o0, which most tied effects reach, holds one at least
            own = list(dict.fromkeys([draw(st.sampled_from(_EARLY_TEXTS)), *own]))
        objects.append(creature(oid, draw(st.sampled_from([0.5, 3])), 1, 1, abilities=own))
    return make_board(objects, effects, abilities + _HELD + _EARLY)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards.
@settings(max_examples=ci_examples(15))
@given(losses_beside_definitions_done_before(), st.sampled_from(VERSION_IDS))
def test_losses_beside_definitions_done_before_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3b, 613.1f, 613.6, 613.7m: with tied losses of all abilities reaching objects that hold defined abilities
    whose effects apply only in layers before the tie's (or also after it, or in it with the tie's timestamp), the
    orders tried reach exactly the outcomes of every order, complete, with no more resolutions, and the same ties
    matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def test_a_definition_done_before_the_tie_is_read_as_a_keyword() -> None:
    """611.3b, 613.1e, 613.1f, 613.6, 613.7m: c's four tied abilities on o0: two losses of all abilities, flying and
    haste; o0 holds "this creature is blue" (layer 5). Its effect has applied in layer 5 before the tie in layer 6,
    whatever the order: o0 is blue in every outcome, loses the wording in every order, and keeps flying and haste each
    when its grant follows both losses. Four outcomes: five resolutions, against 25 for every order. Before M10 colors
    and abilities share a layer (the tie's): the effect is not done before it (``done_before``), and the earlier
    reading (``apart_from_tie``) takes it instead."""
    board = _board([_BLUE], 0.5, LOSE, gain("flying"), LOSE, gain("haste"))
    board = replace(board, abilities={**board.abilities, **{str(d["text"]): _definition(d) for d in _EARLY}})
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 5, 25)
    assert outcome_keys(found) == outcome_keys(every)
    fly, haste = frozenset({"flying"}), frozenset({"haste"})
    assert _abilities(found, "o0") == {frozenset(), fly, haste, fly | haste}
    assert {frozenset(o.final["o0"].colors) for o in found.outcomes} == {frozenset({"blue"})}
    blue = board.abilities[_BLUE]
    six, five = IKORIA.slot_index("6"), IKORIA.slot_index("5")
    assert done_before(blue, six, IKORIA)
    assert not done_before(blue, five, IKORIA)  # in the tie's slot
    assert not done_before(blue, None, IKORIA)
    assert not done_before(board.abilities["this creature is blue and gets +1/+1"], six, IKORIA)  # and after it
    # 611.3a, 604.3, 614.1c, 111.3, 113.6: an effect that does more than apply in layers is not taken
    cond = {"left": 1, "op": ">=", "right": 1}
    for other in ({"cda": True}, {"condition": cond}, {"enters_with": {"+1/+1": 1}}, {"creates": {"name": "x"}}):
        assert not done_before(replace(blue, **other), six, IKORIA)
    assert not done_before(replace(blue, functions_in=("graveyard",)), six, IKORIA)
    assert not done_before(replace(blue, parts=()), six, IKORIA)
    pre_m10 = get_version("pre-m10")
    losses = pre_m10.slot_of(OPERATION_KIND["remove_all_abilities"], "static")
    assert losses is not None
    assert not done_before(blue, pre_m10.slot_index(losses), pre_m10)


def _definition(d: dict[str, Any]) -> Any:
    return make_board([], [], [d]).abilities[str(d["text"])]


def test_a_definition_locked_in_before_the_tie_keeps_applying_in_every_order() -> None:
    """611.3b, 613.6, 613.1f, 613.4c, 613.7m: the same four tied abilities on o0, which holds "this creature is blue
    and gets +1/+1" (layers 5 and 7c). Its effect began in layer 5, before the tie in layer 6, so it keeps applying in
    7c though every order takes the ability away (613.6): o0 is blue and 2/2 in every outcome, its abilities as in
    the four outcomes above. Five resolutions, against 25 for every order."""
    both = "this creature is blue and gets +1/+1"
    board = _early_board([both], LOSE, gain("flying"), LOSE, gain("haste"))
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 5, 25)
    assert outcome_keys(found) == outcome_keys(every)
    assert {(frozenset(o.final["o0"].colors), o.final["o0"].power) for o in found.outcomes} == {
        (frozenset({"blue"}), 2)
    }
    assert len(_abilities(found, "o0")) == 4


def test_locked_before_asks_for_the_locked_effect_and_the_holders_timestamps() -> None:
    """613.6, 613.7: ``locked_before`` takes the held ability only when its effect is locked in as the tie's slot
    begins and its holder has no effect with the group's timestamps; not one that does more than apply in layers."""
    both = "this creature is blue and gets +1/+1"
    board = _early_board([both], LOSE, gain("flying"), c_own=(both,))
    tie = resolve(board, IKORIA).undecided[0]
    start = slot_start(board, IKORIA, tie)
    assert start is not None
    near, locked = start[0], frozenset(start[1])
    assert {f"o0:{both}", f"c:{both}"} <= locked
    d = board.abilities[both]
    stamps = frozenset({1.0})
    assert locked_before(d, f"o0:{both}", "o0", near, locked, stamps)
    assert not locked_before(d, f"c:{both}", "c", near, locked, stamps)  # c's effects have the group's timestamp
    assert not locked_before(d, f"o0:{both}", "o0", near, frozenset(), stamps)  # not locked in
    assert not locked_before(d, f"o0:{both}", "o0", near, locked, None)
    # a resolved effect from the holder with the group's timestamp is not its static ability's effect (613.7b)
    resolved = [dataclasses.replace(e, source="o0", origin="resolved") for e in near if e.source == "c"]
    assert locked_before(d, f"o0:{both}", "o0", resolved, locked, stamps)
    static = [dataclasses.replace(resolved[0], origin="static")]
    assert not locked_before(d, f"o0:{both}", "o0", static, locked, stamps)
    cond = {"left": 1, "op": ">=", "right": 1}
    for other in ({"cda": True}, {"condition": cond}, {"enters_with": {"+1/+1": 1}}, {"creates": {"name": "x"}}):
        assert not locked_before(replace(d, **other), f"o0:{both}", "o0", near, locked, stamps)
    assert not locked_before(replace(d, functions_in=("graveyard",)), f"o0:{both}", "o0", near, locked, stamps)


def _early_board(own: list[str], *parts: dict[str, Any], c_own: tuple[str, ...] = ()) -> Board:
    """c's tied abilities (timestamp 1) on o0 (timestamp 0.5, holding ``own``), with the early definitions."""
    abilities = [{"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]} for i, p in enumerate(parts)]
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities] + list(c_own)),
        creature("o0", 0.5, 1, 1, abilities=own),
    ]
    return make_board(objects, [], abilities + _HELD + _EARLY)
