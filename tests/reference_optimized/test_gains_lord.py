"""A tie of gains only that gives a lord (issue 28 item 14, shape A): tied gains of abilities and named losses of
keywords, no loss of all abilities, one gain giving "other creatures you control have vigilance" (layer 6) or "... get
+1/+1" (7c) (``reference_optimized.territories.gains_alone``). Nothing takes the lord's wording away, so its effect
exists in every order from its gain on and commutes with everything where it applies: the same outcomes as every
order, one order per signature. A named loss of what the lord gives, beside it, keeps every order."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.choices import outcomes
from reference.frozen import freeze
from reference.model import Board, Part
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.territories import gains_alone, given_alone

from ..builders import creature, enchantment, make_board
from ..strategies import ci_examples
from .lose_all_boards import VERSION_IDS, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys
from .test_lord_given import _DEFINED, _LORD_PLUS, _LORDS, _VIGILANCE, given_lords
from .test_lose_all_tied_holders import _start

CURRENT = get_version("current")
IKORIA = get_version("ikoria")


def loses(word: str) -> dict[str, Any]:
    """A part taking one named ability away (613.1f: in ``orders``' scope when the ability has no definition)."""
    return {"op": "remove_abilities", "abilities": [word]}


def gains_board(lord: str, n: int, more: tuple[dict[str, Any], ...] = (), own: tuple[str, ...] = ()) -> Board:
    """c (an enchantment, timestamp 1) has n abilities on o0: abilities 0 and 1 make it 3/3 and 2/2 (613.4b: the later
    decides), the others give it ``lord``, flying, trample, haste, lifelink and deathtouch in turn (all in layer 6);
    ``more`` parts are further abilities of c on o1. o0 (timestamp 0.5) has flying and reach (and ``own``); o1 (0.25),
    a plain 1/1 of the same player."""
    parts = [size(3), size(2), *(gain(w) for w in gained(lord, n))]
    abilities = [{"text": f"ability {k}", "applies_to": {"id": "o0"}, "parts": [p]} for k, p in enumerate(parts)]
    abilities += [{"text": f"on o1 {k}", "applies_to": {"id": "o1"}, "parts": [p]} for k, p in enumerate(more)]
    objects = [
        enchantment("c", 1, *[str(a["text"]) for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=["flying", "reach", *own]),
        creature("o1", 0.25, 1, 1),
    ]
    return make_board(objects, [], abilities + _DEFINED)


def gained(lord: str, n: int) -> list[str]:
    """The abilities c's abilities 2 to n - 1 give o0."""
    words = (lord, "flying", "trample", "haste", "lifelink", "deathtouch")
    return [words[(k - 2) % len(words)] for k in range(2, n)]


def size(n: int) -> dict[str, Any]:
    """A part setting power and toughness to n/n (613.4b)."""
    return {"op": "set_pt", "power": n, "toughness": n}


Ends = set[tuple[frozenset[str], int, frozenset[str], int]]


def derived(lord: str, n: int) -> Ends:
    """Derived by hand (613.1f, 611.3b, 613.4b-c): o0 keeps flying and reach and gains every ability given, the lord's
    wording among them, in every order (gains only: nothing takes an ability away), and is 3/3 or 2/2 as the later of
    c's two settings says; the lord's effect exists from its gain on in every order and gives o1 vigilance, or +1/+1,
    in every outcome: two outcomes."""
    o0 = frozenset({"flying", "reach", *gained(lord, n)})
    vigilant = frozenset({"vigilance"}) if lord == _VIGILANCE else frozenset()
    return {(o0, p, vigilant, 2 if lord == _LORD_PLUS else 1) for p in (3, 2)}


def ends(found: Any) -> Ends:
    """Each outcome's abilities and power of o0, and abilities and power of o1."""
    return {
        (
            frozenset(o.final["o0"].abilities),
            o.final["o0"].power,
            frozenset(o.final["o1"].abilities),
            o.final["o1"].power,
        )
        for o in found.outcomes
    }


# ---------------------------------------------------------------------------------------------------------------------
# Golden boards against every order


@pytest.mark.parametrize("lord", [_VIGILANCE, _LORD_PLUS])
@pytest.mark.parametrize("vid", ["ikoria", "current"])
def test_five_tied_gains_giving_a_lord_against_every_order(lord: str, vid: str) -> None:
    """613.7m, 611.3b, 613.4c: N = 5 (3/3, 2/2, then the lord, flying and trample): every order against the reduction,
    the same outcomes (two, derived: o0 is 3/3 or 2/2; o1 has vigilance, or is 2/2, in both), fewer resolutions (every
    order tries the 3! orders of the gains' tie in layer 6); ``gains_alone`` takes the group."""
    version = get_version(vid)
    board = gains_board(lord, 5)
    every = outcomes(board, version, limit=1000)
    found = distinct_outcomes(board, version)
    assert every.complete and found.complete
    assert outcome_keys(found) == outcome_keys(every)
    assert ends(found) == derived(lord, 5)
    assert found.runs * 2 < every.runs, (found.runs, every.runs)
    near, objects, state, _ = _start(board, version)
    assert gains_alone(near, objects, board, state, version)


def test_six_tied_gains_giving_a_lord_against_every_order() -> None:
    """613.7m: N = 6 (the lord, flying, trample and haste given): two outcomes derived, the same as every order's (73
    resolutions: the 4! orders of the gains' tie in layer 6, each meeting the two settings' tie in 7b)."""
    board = gains_board(_VIGILANCE, 6)
    every = outcomes(board, CURRENT, limit=2000)
    found = distinct_outcomes(board, CURRENT)
    assert every.complete and found.complete
    assert outcome_keys(found) == outcome_keys(every)
    assert ends(found) == derived(_VIGILANCE, 6)
    assert (every.runs, found.runs) == (73, RUNS[6])


# The reduction's resolutions at N = 5..8 under the current rules (every order: 19, 73, 361, 2,161 and more)
RUNS = {5: 4, 6: 4, 7: 4, 8: 4}


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_resolutions_at_five_to_eight_tied_gains(n: int) -> None:
    """613.7m: the cut: four resolutions whatever N (every order: (N - 2)! orders of the gains' tie, each meeting the
    settings' tie: 19 and 73 at N = 5 and 6); the outcomes derived. Every order is not run past N = 6."""
    for lord in (_VIGILANCE, _LORD_PLUS):
        found = distinct_outcomes(gains_board(lord, n), CURRENT)
        assert found.complete and found.runs == RUNS[n], (lord, found.runs)
        assert ends(found) == derived(lord, n)


# ---------------------------------------------------------------------------------------------------------------------
# Boards that keep every order


def test_a_named_loss_of_what_the_lord_gives_keeps_every_order() -> None:
    """613.4c, 613.7a, 613.7m: c also makes o1 lose vigilance (layer 6, tied): the lord's effect (vigilance for o1) and
    that loss do not commute, and under Ikoria's rules the lord's effect takes the group's timestamp (613.7a: its
    gain's, the later), so the order decides whether o1 ends with vigilance. ``gains_alone`` refuses; every order is
    kept (35 resolutions), and its outcomes include o1 with and without vigilance."""
    board = gains_board(_VIGILANCE, 4, (loses("vigilance"),))
    near, objects, state, _ = _start(board, IKORIA)
    assert not gains_alone(near, objects, board, state, IKORIA)
    every = outcomes(board, IKORIA, limit=1000)
    found = distinct_outcomes(board, IKORIA, limit=1000)
    assert outcome_keys(found) == outcome_keys(every)
    assert found.runs == every.runs == 35
    assert {"vigilance" in o.final["o1"].abilities for o in found.outcomes} == {True, False}


def test_gains_alone_asks_for_gains_alone_and_fixed_commuting_definitions() -> None:
    """611.3a-b, 613.1f, 613.6: ``gains_alone`` refuses a loss of all abilities among the territories (that is
    ``holds_no_definition``'s shape), a holder holding the given wording as its own, a named loss in the gains' slot
    (``orders.commute`` reads a gain and a loss of abilities as not commuting, whatever they name); ``given_alone``
    refuses a definition with a part before the gains' slot (layer 5), a characteristic-defining one, one whose filter
    reads what may be written (card types), one that takes an ability away, and takes a lord in 6 or 7c and "this
    creature"."""
    board = gains_board(_VIGILANCE, 5)
    near, objects, state, _ = _start(board, CURRENT)
    assert gains_alone(near, objects, board, state, CURRENT)
    # a loss of o1's abilities beside the lord giving o1 +1/+1 (7c: it would commute there, so only the gains-only
    # check refuses it)
    hushed = gains_board(_LORD_PLUS, 5, ({"op": "remove_all_abilities"},))
    h_near, h_objects, h_state, _ = _start(hushed, CURRENT)
    assert not gains_alone(h_near, h_objects, hushed, h_state, CURRENT)
    held = gains_board(_VIGILANCE, 5, own=(_VIGILANCE,))
    o_near, o_objects, o_state, _ = _start(held, CURRENT)
    assert not gains_alone(o_near, o_objects, held, o_state, CURRENT)
    six = CURRENT.slot_index("6")
    d = board.abilities[_VIGILANCE]
    o0 = frozenset({"o0"})
    assert given_alone(d, o0, six, near, [d], board, state, CURRENT)
    assert given_alone(board.abilities[_LORD_PLUS], o0, six, near, [d], board, state, CURRENT)
    blue = replace(d, parts=(*d.parts, Part("set_colors", freeze({"colors": ("blue",)}))))
    assert not given_alone(blue, o0, six, near, [d], board, state, CURRENT)
    assert not given_alone(replace(d, cda=True), o0, six, near, [d], board, state, CURRENT)
    takes = replace(d, parts=(Part("remove_abilities", freeze({"abilities": ("reach",)})),))
    assert not given_alone(takes, o0, six, near, [d], board, state, CURRENT)
    artifacts = board.abilities["other artifacts have vigilance"]
    grounded = gains_board(_VIGILANCE, 5, (loses("flying"),))
    g_near, g_objects, g_state, _ = _start(grounded, CURRENT)
    assert not gains_alone(g_near, g_objects, grounded, g_state, CURRENT)
    typed = [*near, replace(near[0], parts=(Part("add_types", freeze({"types": ("artifact",)})),))]
    assert not given_alone(artifacts, o0, six, typed, [artifacts], board, state, CURRENT)
    own = replace(d, applies_to=freeze({"is_source": True}))
    assert given_alone(own, o0, six, near, [own], board, state, CURRENT)


# ---------------------------------------------------------------------------------------------------------------------
# Generated boards of the shape

# What a tied effect does: gains of keywords or of lords (layer 6, 7c, both; one reading card types; one finding the
# creature its holder equips), named losses of keywords, a change of power, a setting of power, a gain of a card type
_OPS = st.sampled_from(
    [
        gain("flying"),
        gain("vigilance"),
        *(gain(w) for w in _LORDS),
        gain(_VIGILANCE),
        gain(_LORD_PLUS),
        gain(_VIGILANCE, "flying"),
        loses("flying"),
        loses("flying"),
        loses("vigilance"),
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "set_pt", "power": 3, "toughness": 3},
        {"op": "add_types", "types": ["artifact"]},
    ]
)
# What o0, o1 and o2 may hold of their own: keywords, a lord
_OWN = st.sampled_from(("flying", "vigilance", "reach", "flying", _VIGILANCE))


def gains_only() -> st.SearchStrategy[Board]:
    """``given_lords``' boards with this file's parts and held abilities: tied gains of keywords and lords and named
    losses of keywords, no loss of all abilities (611.3b, 613.1f)."""
    return given_lords(_OPS, _OWN)


# Every order of up to five tied effects (120 orders) on each board: CI judges 10 boards.
@pytest.mark.slow
@settings(max_examples=ci_examples(10))
@given(gains_only(), st.sampled_from(VERSION_IDS))
def test_tied_gains_giving_lords_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3a-b, 613.1f, 613.4c, 613.6, 613.7a, 613.7m, 613.8a-b: with tied gains of keywords and lords and named
    losses of keywords (no loss of all abilities), the orders tried reach exactly the outcomes of every order,
    complete, with no more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)
