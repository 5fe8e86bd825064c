"""Tied losses of all abilities where a defined ability has the tie's own timestamp or is given in the losses' layer
(issue 28 item 14, shapes a and b): ``reference_optimized.territories.lost_first`` (a held one, in the losses' layer,
waiting for a loss that exists in every order), ``defined_before`` (a held characteristic-defining one, done before the
tie) and ``granted_at_losses`` (a given one acting on the object given it, from the losses' layer on). The same outcomes
as every order, and the boards where the order really decides, and every order is kept."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.choices import outcomes
from reference.frozen import freeze
from reference.model import Board, Part
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import slot_start
from reference_optimized.territories import (
    apart_from_tie,
    defined_before,
    granted_apart,
    granted_at_losses,
    lost_first,
    never_applying,
    sure_loss,
    touched,
    writes_from,
)

from ..builders import creature, enchantment, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, LOSE, VERSION_IDS, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")
PRE_M10 = get_version("pre-m10")

_LORD = "other creatures you control have vigilance"
_HASTE = "this creature has haste"
_TRAMPLE_PLUS = "this creature has trample and gets +1/+1"
_CDA_BLUE = "this creature is blue (defining)"
_CDA_SIZE = "this creature's power and toughness are 3 (defining)"
_TAKES_C = "c loses all abilities"
_TAKES_FLYING = "other creatures lose flying"
_BLUE_HASTE = "this creature is blue and has haste"
_BIG, _SMALL = "this creature is 4/4", "this creature is 2/2"
_OTHERS = {"all": [{"type": "creature"}, {"other_than_source": True}]}
_DEFINED: list[dict[str, Any]] = [
    {
        "text": _LORD,
        "applies_to": {**_OTHERS, "all": [*_OTHERS["all"], {"controller": "you"}]},
        "parts": [gain("vigilance")],
    },
    {"text": _HASTE, "applies_to": {"is_source": True}, "parts": [gain("haste")]},
    {
        "text": _TRAMPLE_PLUS,
        "applies_to": {"is_source": True},
        "parts": [gain("trample"), {"op": "modify_pt", "power": 1, "toughness": 1}],
    },
    {
        "text": _CDA_BLUE,
        "applies_to": {"is_source": True},
        "cda": True,
        "parts": [{"op": "set_colors", "colors": ["blue"]}],
    },
    {
        "text": _CDA_SIZE,
        "applies_to": {"is_source": True},
        "cda": True,
        "parts": [{"op": "set_pt", "power": 3, "toughness": 3}],
    },
    {"text": _TAKES_C, "applies_to": {"id": "c"}, "parts": [LOSE]},
    {"text": _BIG, "applies_to": {"is_source": True}, "parts": [{"op": "set_pt", "power": 4, "toughness": 4}]},
    {"text": _SMALL, "applies_to": {"is_source": True}, "parts": [{"op": "set_pt", "power": 2, "toughness": 2}]},
    {
        "text": _BLUE_HASTE,
        "applies_to": {"is_source": True},
        "parts": [{"op": "set_colors", "colors": ["blue"]}, gain("haste")],
    },
    {"text": _TAKES_FLYING, "applies_to": _OTHERS, "parts": [{"op": "remove_abilities", "abilities": ["flying"]}]},
]
_HELD = (_LORD, _HASTE, _TRAMPLE_PLUS, _CDA_BLUE, _CDA_SIZE, _TAKES_C, _TAKES_FLYING, _BLUE_HASTE)
# What a tied effect does: losses of all abilities (or all but mana abilities), gains of keywords, of defined abilities
# acting on the object given them in the losses' layer (and after) or setting its power (7b), a named loss, a change of
# power
_OPS = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain("haste"),
        gain(_HASTE),
        gain(_HASTE),
        gain(_TRAMPLE_PLUS),
        gain(_HASTE, "flying"),
        gain(_BIG),
        gain(_SMALL),
        {"op": "remove_abilities", "abilities": ["haste"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
    ]
)


@st.composite
def losses_beside_tied_holders(draw: st.DrawFn) -> Board:
    """Three to five tied effects: static abilities of c (timestamp 1; a creature, which its own abilities may reach, or
    an enchantment) on o0, o1 or c by id, or resolved effects with one timestamp (2) on listed creatures; o0 and o1
    (timestamps 0.5, 1, 2 or 3: before the tie's, the tie's for either kind, after it) each holding keywords and defined
    abilities (in layer 6 on itself or on other creatures, in 6 and 7c, characteristic-defining in layer 5 or 7a, a loss
    of c's abilities, a loss of other creatures' flying); c, a creature, may hold one too."""
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
            target = draw(st.sampled_from(targets))
            scope = {"is_source": True} if target == "c" else {"id": target}
            abilities.append({"text": f"tied {i}", "applies_to": scope, "parts": [part]})
    texts = [str(a["text"]) for a in abilities]
    if c_creature:
        texts += draw(st.lists(st.sampled_from(_HELD), max_size=1))
        objects = [creature("c", 1, 1, 1, abilities=texts)]
    else:
        objects = [enchantment("c", 1, *texts)]
    for oid in ("o0", "o1"):
        own = draw(st.lists(st.sampled_from(("flying", "vigilance", *_HELD)), max_size=3, unique=True))
        stamp = draw(st.sampled_from([0.5, 1, 1, 2, 3]))
        objects.append(creature(oid, stamp, 1, 1, abilities=own))
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards.
@pytest.mark.slow
@settings(max_examples=ci_examples(15))
@given(losses_beside_tied_holders(), st.sampled_from(VERSION_IDS))
def test_losses_beside_tied_holders_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3b, 613.1f, 613.3, 613.7m, 613.8a-b: with tied losses of all abilities and gains of abilities reaching
    objects that hold defined abilities with the tie's timestamp (or another), characteristic-defining ones, and gains
    of defined abilities acting in the losses' layer, the orders tried reach exactly the outcomes of every order,
    complete, with no more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def shape_board(kind: str, n: int) -> Board:
    """c's n abilities (timestamp 1), all on o0: the even ones make it lose all abilities, the odd ones give it
    flying, then haste, then trample (``a-lord``, ``a-cda``), or flying, then "this creature has haste", then
    trample (``b-haste``), or flying, then "this creature is 4/4", then "this creature is 2/2" (``b-settings``). o0
    holds flying and, with c's timestamp, "other creatures you control have vigilance" (``a-lord``) or a
    characteristic-defining "this creature is blue" (``a-cda``); else vigilance, earlier. o1, a plain creature."""
    words = {"b-haste": ("flying", _HASTE, "trample"), "b-settings": ("flying", _BIG, _SMALL)}.get(
        kind, ("flying", "haste", "trample")
    )
    parts = [LOSE if k % 2 == 0 else gain(words[(k // 2) % 3]) for k in range(n)]
    abilities = [{"text": f"ability {k}", "applies_to": {"id": "o0"}, "parts": [p]} for k, p in enumerate(parts)]
    own, stamp = {"a-lord": (["flying", _LORD], 1.0), "a-cda": (["flying", _CDA_BLUE], 1.0)}.get(
        kind, (["flying", "vigilance"], 0.5)
    )
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities]),
        creature("o0", stamp, 1, 1, abilities=own),
        creature("o1", 0.25, 1, 1),
    ]
    return make_board(objects, [], abilities + _DEFINED)


def _abilities(found: Any, oid: str) -> set[frozenset[str]]:
    return {frozenset(o.final[oid].abilities) for o in found.outcomes}


_FLY, _HASTY = frozenset({"flying"}), frozenset({"haste"})


def test_a_lord_with_the_ties_timestamp_waits_for_the_losses_and_never_applies() -> None:
    """611.3b, 613.8a-b, 613.7m: c's five tied abilities on o0 (lose all, flying, lose all, haste, lose all); o0, with
    c's timestamp, holds "other creatures you control have vigilance" (layer 6, where the losses are). Its effect
    depends on each loss reaching o0 (applying one would stop it existing), and no loss depends on it, so it waits
    for them and ends with the first: o1 and c never have vigilance, in any order. o0 keeps flying when its grant
    follows the last loss (ability 4 is a loss, so never: each grant is followed by ability 4 or not, as the order
    puts it), haste likewise: four outcomes, the subsets of the two. One resolution meets the tie, then four orders;
    every order: 121."""
    board = shape_board("a-lord", 5)
    for version in (IKORIA, CURRENT, PRE_M10):
        every = every_orders_outcomes(board, version, 1000)
        found = distinct_outcomes(board, version)
        assert (found.complete, found.runs, every.runs) == (True, 5, 121)
        assert outcome_keys(found) == outcome_keys(every)
        assert _abilities(found, "o0") == {frozenset(), _FLY, _HASTY, _FLY | _HASTY}
        assert _abilities(found, "o1") == {frozenset()}
        assert all("vigilance" not in o.final["c"].abilities for o in found.outcomes)


def test_a_characteristic_defining_color_done_before_the_tie_is_read_as_a_keyword() -> None:
    """611.3b, 613.3, 604.3, 613.7m: the same five abilities; o0, with c's timestamp, holds a characteristic-defining
    "this creature is blue" (layer 5): its effect applied in layer 5 before the tie in layer 6, whatever the order, so
    o0 is blue in every outcome and its wording is lost like a keyword: four outcomes, five resolutions against 121.
    Before M10 colors and abilities share one layer (the tie's): every order is kept there (120 resolutions, the
    limit)."""
    board = shape_board("a-cda", 5)
    for version in (IKORIA, CURRENT):
        every = every_orders_outcomes(board, version, 1000)
        found = distinct_outcomes(board, version)
        assert (found.complete, found.runs, every.runs) == (True, 5, 121)
        assert outcome_keys(found) == outcome_keys(every)
        assert _abilities(found, "o0") == {frozenset(), _FLY, _HASTY, _FLY | _HASTY}
        assert {frozenset(o.final["o0"].colors) for o in found.outcomes} == {frozenset({"blue"})}
    assert distinct_outcomes(board, PRE_M10).runs == 120


def test_a_defined_ability_given_in_the_losses_layer_waits_for_them() -> None:
    """611.3b, 613.8a-b, 613.7m: c's five tied abilities on o0: lose all, flying, lose all, "this creature has haste"
    (its effect gives o0 haste in layer 6, where the losses are), lose all. The given ability's effect depends on each
    loss reaching o0, so it applies only after all of them, and only when a gain of it followed the last: o0 has the
    wording and haste together or neither, and flying when its grant follows the last loss: four outcomes. Under
    Ikoria's rules one resolution meets the tie, four orders, and two more ties of the given effect among the group's
    (its timestamp is c's there; they commute): 7 resolutions against 133 for every order; today's, 5 against 121."""
    board = shape_board("b-haste", 5)
    given_haste = frozenset({_HASTE, "haste"})
    for version, runs, every_runs in ((IKORIA, 7, 133), (CURRENT, 5, 121)):
        every = every_orders_outcomes(board, version, 1000)
        found = distinct_outcomes(board, version)
        assert (found.complete, found.runs, every.runs) == (True, runs, every_runs)
        assert outcome_keys(found) == outcome_keys(every)
        assert _abilities(found, "o0") == {frozenset(), _FLY, given_haste, _FLY | given_haste}


@pytest.mark.parametrize("kind", ["a-lord", "a-cda", "b-haste"])
def test_twelve_tied_abilities_of_each_shape_are_nine_resolutions(kind: str) -> None:
    """613.7m: at N = 12 the odd abilities give o0 each of three abilities twice: o0 keeps each when one of its grants
    follows the last loss, any set of the three: eight outcomes, as ``group-loses-one``'s (with the given ability,
    haste comes with its wording). One resolution meets the tie, then eight; every order (12!) stops at its limit."""
    found = distinct_outcomes(shape_board(kind, 12), CURRENT)
    assert (found.complete, found.runs, len(found.outcomes)) == (True, 9, 8)


def _start(board: Board, version: Any) -> tuple[list[Any], dict[str, frozenset[str]], Any, frozenset[str]]:
    tie = resolve(board, version).undecided[0]
    start = slot_start(board, version, tie)
    assert start is not None
    near, locked, state = start
    written = writes_from(near, board)
    assert written is not None
    objects = {e.key: touched(e, locked, board, state, written) or frozenset() for e in near}
    return near, objects, state, frozenset(locked)


def test_lost_first_asks_for_a_loss_in_every_order_and_a_definition_taking_nothing() -> None:
    """611.3b, 613.8a-b: ``lost_first`` takes o0's lord (layer 6) whatever its timestamp when a loss of all abilities
    reaching o0 exists in every order (c's ability, whose source nothing reaches); not when every such loss's source
    loses its abilities too (c's own "this creature loses all abilities" may end them first), nor a definition that
    takes abilities away (a loss of c's abilities: the two losses would depend on each other), nor one in a later layer
    only (``ends_after`` takes those), nor one with a part in an earlier layer, nor a characteristic-defining one."""
    board = shape_board("a-lord", 3)
    near, objects, state, _ = _start(board, IKORIA)
    six = IKORIA.slot_index("6")
    defs = board.abilities
    assert lost_first(defs[_LORD], _LORD, "o0", near, objects, six, IKORIA)
    assert lost_first(defs[_HASTE], _HASTE, "o0", near, objects, six, IKORIA)
    assert not lost_first(defs[_LORD], _LORD, "o1", near, objects, six, IKORIA)  # no loss reaches o1
    assert not lost_first(defs[_TAKES_C], _TAKES_C, "o0", near, objects, six, IKORIA)
    assert not lost_first(defs[_TAKES_FLYING], _TAKES_FLYING, "o0", near, objects, six, IKORIA)
    assert not lost_first(defs[_CDA_SIZE], _CDA_SIZE, "o0", near, objects, six, IKORIA)
    # 613.6: a part in layer 5 too: begun before the losses' layer, it keeps applying there though the wording is lost
    assert not lost_first(defs[_BLUE_HASTE], _BLUE_HASTE, "o0", near, objects, six, IKORIA)
    assert never_applying(near, objects, board, state, IKORIA) == frozenset({f"o0:{_LORD}"})
    loss = next(e for e in near if e.key == "c:ability 0")
    assert sure_loss(loss, near, objects, six, IKORIA)
    assert not sure_loss(loss, near, objects, six + 1, IKORIA)
    # an effect taking c's abilities too: c's losses may end before they apply, so none is sure
    selfish = replace(loss, key="c loses all", parts=(Part("remove_all_abilities", freeze({})),))
    more = {**objects, "c loses all": frozenset({"c"})}
    assert not any(sure_loss(e, [*near, selfish], more, six, IKORIA) for e in near)
    assert not lost_first(defs[_LORD], _LORD, "o0", [*near, selfish], more, six, IKORIA)
    resolved = replace(loss, key="r", origin="resolved", source=None)
    assert sure_loss(resolved, [*near, selfish], {**more, "r": frozenset({"o0"})}, six, IKORIA)


def test_defined_before_takes_characteristic_defining_abilities_before_the_tie_only() -> None:
    """611.3b, 613.3, 604.3: ``defined_before`` takes a characteristic-defining color (layer 5) before a tie in layer
    6, not in the tie's slot, not before M10 (one layer for colors and abilities, the tie's), not a P/T-defining one
    (7a, after), and not an ability that is not characteristic-defining (``done_before`` reads those)."""
    defs = shape_board("a-cda", 3).abilities
    six, five = IKORIA.slot_index("6"), IKORIA.slot_index("5")
    assert defined_before(defs[_CDA_BLUE], six, IKORIA)
    assert not defined_before(defs[_CDA_BLUE], five, IKORIA)
    assert not defined_before(defs[_CDA_BLUE], None, IKORIA)
    assert not defined_before(defs[_CDA_BLUE], PRE_M10.slot_index("5"), PRE_M10)  # 418.5a: colors with abilities
    assert not defined_before(defs[_CDA_SIZE], six, IKORIA)
    assert not defined_before(replace(defs[_CDA_BLUE], cda=False), six, IKORIA)
    assert not defined_before(replace(defs[_CDA_BLUE], condition={"left": 1, "op": ">=", "right": 1}), six, IKORIA)


def test_granted_at_losses_asks_for_the_object_given_it_and_commuting_parts() -> None:
    """611.3b, 613.8a, 613.4c: ``granted_at_losses`` takes "this creature has haste" (layer 6) and "this creature has
    trample and gets +1/+1" (6 and 7c) given beside the losses; not a lord (another object's losses would not keep its
    effect waiting), not a definition applying only after the losses' layer (``granted_apart`` takes it), and not one
    that fails to commute there with a named loss of the territories (haste lost by name)."""
    board = shape_board("b-haste", 5)
    near, _, _, _ = _start(board, IKORIA)
    six = IKORIA.slot_index("6")
    defs = board.abilities
    granted = [defs[_HASTE]]
    assert granted_at_losses(defs[_HASTE], six, near, granted, board, IKORIA)
    assert granted_at_losses(defs[_TRAMPLE_PLUS], six, near, granted, board, IKORIA)
    assert not granted_apart(defs[_HASTE], six, near, granted, board, IKORIA)
    assert not granted_at_losses(defs[_LORD], six, near, granted, board, IKORIA)
    assert not granted_at_losses(defs[_CDA_SIZE], six, near, granted, board, IKORIA)
    plus = {"text": "plus", "applies_to": {"is_source": True}, "parts": [{"op": "modify_pt", "power": 1}]}
    later = make_board([creature("o0", 1)], [], [plus]).abilities["plus"]
    assert not granted_at_losses(later, six, near, granted, board, IKORIA)
    named = replace(near[0], key="named", parts=(Part("remove_abilities", freeze({"abilities": ("haste",)})),))
    assert not granted_at_losses(defs[_HASTE], six, [*near, named], granted, board, IKORIA)
    # 605.1a: a mana ability's wording, which a loss but mana abilities leaves: it would not wait
    mana = replace(defs[_HASTE], text="{t}: add {r}.")
    assert not granted_at_losses(mana, six, near, granted, board, IKORIA)


def test_a_held_loss_with_the_ties_timestamp_decides_with_the_order_and_keeps_every_order() -> None:
    """613.8a-b, 613.7m, 611.3b: where the held ability takes abilities away, the order really decides. c holds "o0
    loses all abilities" and "o1 has flying"; o0, with c's timestamp, holds "c loses all abilities" and vigilance. Each
    loss would stop the other existing: a dependency loop, so both apply in timestamp order (613.8b), tied (613.7m).
    c's first: o0 loses everything, c keeps its abilities and o1 flies. o0's first: c loses both its abilities, o0
    keeps its own, o1 does not fly. Two orders that differ only in that place end differently, so ``lost_first``
    refuses such a definition and every order is kept (3 resolutions each way)."""
    defs: list[dict[str, Any]] = [
        {"text": "o0 loses all abilities", "applies_to": {"id": "o0"}, "parts": [LOSE]},
        {"text": "o1 has flying", "applies_to": {"id": "o1"}, "parts": [gain("flying")]},
        {"text": _TAKES_C, "applies_to": {"id": "c"}, "parts": [LOSE]},
    ]
    objects = [
        creature("c", 1, 1, 1, abilities=["o0 loses all abilities", "o1 has flying"]),
        creature("o0", 1, 1, 1, abilities=[_TAKES_C, "vigilance"]),
        creature("o1", 0.5, 1, 1),
    ]
    board = make_board(objects, [], defs)
    ends = {}
    for order in (("c", "o0"), ("o0", "c")):
        final = resolve(replace(board, tie_order=order), IKORIA).final
        ends[order] = tuple(frozenset(final[k].abilities) for k in ("c", "o0", "o1"))
    assert ends == {
        ("c", "o0"): (frozenset({"o0 loses all abilities", "o1 has flying"}), frozenset(), _FLY),
        ("o0", "c"): (frozenset(), frozenset({_TAKES_C, "vigilance"}), frozenset()),
    }
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert outcome_keys(found) == outcome_keys(every)
    assert (found.runs, every.runs, len(found.outcomes)) == (3, 3, 2)


def test_a_held_loss_of_another_objects_abilities_ends_at_a_moment_the_order_places() -> None:
    """611.3b, 613.8a-b, 613.7m: resolved effects of one timestamp (2): t0, t3 and t4 make o0 (and t4 o1) lose all
    abilities, t1 gives o0 and o1 haste and flying. o0 (earlier) holds "c loses all abilities" (layer 6): its effect
    waits for the losses reaching o0 (each would stop it existing) and ends with the first. c (timestamp 1, reached by
    nothing tied) holds "other creatures you control have vigilance", which waits in turn for the loss of c's abilities
    (it would stop the lord existing) and applies as soon as that one has ended: right after the first tied loss of
    o0. So with t4 first, the lord gives o1 vigilance after t4 took o1's abilities, and o1 keeps it; with t0 first, t4
    comes later and takes it. The orders (t4, t0, t1, t3) and (t0, t4, t1, t3) have one signature and end differently
    (checked below): the held loss is not apart from the tie (``apart_from_tie``, ``lost_first``), and the outcomes are
    every order's, six (the base's reading had three)."""
    defs: list[dict[str, Any]] = [d for d in _DEFINED if d["text"] in (_LORD, _TAKES_C)]
    tied = [[LOSE], [gain("haste", "flying")], [{"op": "modify_pt", "power": 1, "toughness": 0}], [LOSE], [LOSE]]
    on = [["o0"], ["o0", "o1"], ["o0"], ["o0"], ["o0", "o1"]]
    effects = [
        {"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": targets, "parts": parts}
        for i, (parts, targets) in enumerate(zip(tied, on, strict=True))
    ]
    objects = [
        creature("c", 1, 1, 1, abilities=[_LORD]),
        creature("o0", 0.5, 1, 1, abilities=[_TAKES_C, "flying", "vigilance"]),
        creature("o1", 0.5, 1, 1),
    ]
    board = make_board(objects, effects, defs)
    ends = {}
    for order in (("t4", "t0", "t1", "t3"), ("t0", "t4", "t1", "t3")):
        final = resolve(replace(board, tie_order=order), IKORIA).final
        ends[order] = (frozenset(final["o0"].abilities), frozenset(final["o1"].abilities))
    flying_haste = frozenset({"flying", "haste"})
    assert ends == {
        ("t4", "t0", "t1", "t3"): (frozenset(), flying_haste | {"vigilance"}),
        ("t0", "t4", "t1", "t3"): (frozenset(), flying_haste),
    }
    for version in (IKORIA, PRE_M10):
        every = outcomes(board, version)
        found = distinct_outcomes(board, version)
        assert outcome_keys(found) == outcome_keys(every)
        assert len(found.outcomes) == 6
        d = board.abilities[_TAKES_C]
        start = _start(board, version)
        where = version.slot_index(version.slot_of("ability", "resolved") or "6")
        assert not lost_first(d, _TAKES_C, "o0", start[0], start[1], where, version)
        assert not apart_from_tie(d, _TAKES_C, "o0", start[0], where, version, frozenset({2.0}))


def test_twelve_tied_losses_and_gains_of_two_settings_are_thirteen_resolutions() -> None:
    """611.3b, 613.4b, 613.7a, 613.7m: at N = 12 the odd abilities give o0 flying, "this creature is 4/4" and "this
    creature is 2/2" in turn, twice. o0 keeps each when one of its grants follows the last loss: eight sets; where it
    keeps both settings, their effects (both o0's) tie in 7b by themselves, a tie no order in layer 6 decides, and
    either may apply last: ten outcomes. One resolution meets the tie, eight orders (one per signature), and two more
    for each of the two signatures with both settings: 13 (every order, 12!, stops at its limit)."""
    found = distinct_outcomes(shape_board("b-settings", 12), CURRENT)
    assert (found.complete, found.runs, len(found.outcomes)) == (True, 13, 10)
    both = {o.final["o0"].power for o in found.outcomes if {_BIG, _SMALL} <= o.final["o0"].abilities}
    assert both == {2, 4}
