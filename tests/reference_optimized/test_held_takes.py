"""A held definition begun before the losses that also takes an ability (issue 28 item 14, shape B): "this creature is
green and loses flying." held by a creature tied losses of all abilities reach (``reference_optimized.territories.
begun_taking``, ``begun_before_losses`` with ``takes_first``). Its effect begins in layer 5 in every order and is
locked in (613.6); in layer 6 it takes flying from its holder before every effect it meets there (an earlier timestamp,
ready from the start), and the tied gains may give flying back. Read on one board from a tie's slot in layer 5, and in
open-entry steps (``step_orders.losses_alone``); each against every order, the outcomes derived by hand on the golden
boards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.case import Case, board_at
from reference.choices import outcomes
from reference.model import Board
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.step_orders import losses_alone
from reference_optimized.territories import begun_before_losses, begun_taking, taken_first

from ..builders import creature, enchantment, make_board
from ..strategies import ci_examples
from .lose_all_boards import LOSE, VERSION_IDS, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys
from .test_lose_all_tied_holders import _start
from .test_step_orders import (
    FLYING,
    GIFTS,
    VERSIONS,
    _reaches_every_orders_outcomes,
    every_order_results,
    held_case,
    held_losses_painters,
    reduced,
)
from .test_step_orders_held5 import (
    GREEN,
    GREEN_GROUNDED,
    LOSES_FLYING,
    MORE,
    Holder,
    _last_board,
    creatures_of,
    derived,
)

CURRENT = get_version("current")
# Takes a wording that stands for a definition (611.3b: it would end that effect): refused
GREEN_UNGIFTED = "this creature is green and loses its wings."
# Layer 5 then 6 then 7c: begun before the losses, it takes flying, and keeps giving +1/+1 after them (613.6)
BLUE_GROUNDED_PLUS = "this creature is blue, loses flying and gets +1/+1."
# Refused: acts on other creatures (its objects' other effects are left unread; ``takes_keywords_alone``)
OTHERS_GREEN_GROUNDED = "other creatures you control are green and lose flying."
EXTRA: list[dict[str, Any]] = [
    {"text": OTHERS_GREEN_GROUNDED,
     "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}, {"other_than_source": True}]},
     "parts": [{"op": "add_colors", "colors": ["green"]}, {"op": "remove_abilities", "abilities": ["flying"]}]},
    {"text": GREEN_UNGIFTED, "applies_to": {"is_source": True},
     "parts": [{"op": "add_colors", "colors": ["green"]},
               {"op": "remove_abilities", "abilities": [FLYING]}]},
    {"text": BLUE_GROUNDED_PLUS, "applies_to": {"is_source": True},
     "parts": [{"op": "add_colors", "colors": ["blue"]}, {"op": "remove_abilities", "abilities": ["flying"]},
               {"op": "modify_pt", "power": 1, "toughness": 1}]},
]  # fmt: skip
# The definitions of the one-board boards: these, and those ``MORE`` and ``GIFTS`` hold for the steps
TAKERS: list[dict[str, Any]] = [
    *EXTRA,
    *(d for d in MORE if d["text"] == GREEN_GROUNDED),
    *(d for d in GIFTS if d["text"] in (FLYING, GREEN, LOSES_FLYING)),
]


def takers_case(painters: Sequence[tuple[str, float]], holders: Sequence[Holder]) -> Case:
    """``test_step_orders_held5.held5_case``'s case (the Flier patron, one Lions entering), with ``EXTRA`` too."""
    case: Case = held_case(painters, holders, ("flier",), (), 1, 0, [*MORE, *EXTRA])
    return case


# ---------------------------------------------------------------------------------------------------------------------
# Open-entry steps (``step_orders.losses_alone``)

SIZED = [("husher", 1.0), ("sizegifter", 1.0), ("winger", 1.0), ("husher", 1.0)]


def test_613_6_613_7_green_and_loses_flying_held_before_the_gifter_is_read() -> None:
    """The Cub (0.25) holds "this creature is green and loses flying."; a Husher, the Gifter, a Winger and a Husher are
    tied (1.0). Derived: the Cub's effect adds green in layer 5 in every order and is locked in (613.6); in layer 6 it
    is ready from the start and earlier than every effect it meets on the Cub (the painters, 1.0, and the Gifter's
    given effect, which exists only after the Gifter's gain, 1.0), so it takes flying first (the Cub has none), and the
    Cub ends with one of ``SETTINGS`` as if it held nothing there, green and white. Against every order, under M10,
    Ikoria and the current rules, in 5 resolutions (before: every order, 29 or 25)."""
    case = takers_case(held_losses_painters(4), [("cub", 0.25, (GREEN_GROUNDED,))])
    board, near, version = _last_board(case)
    assert losses_alone(board, near, version, frozenset({1.0}))
    for vid in VERSIONS:
        got, found = reduced(case, 2, vid)
        every, slow = every_order_results(case, 2, vid)
        assert found.complete and slow.complete and got == every, vid
        assert (found.runs, slow.runs) == (5, 25 if vid == "current" else 29), vid
        assert creatures_of(got, ("cub", "lions0")) == derived(vid, {"cub": (("green", "white"), 2, 1)}), vid


def test_613_6_green_and_loses_flying_beside_the_sizegifter_against_every_order() -> None:
    """A Husher, the Sizegifter, a Winger and a Husher tied (1.0); the Cub (0.25) holds "this creature is green and
    loses flying.". The Winger may give flying back after the Cub's own loss of it: against every order, fewer
    resolutions, the Cub green in every outcome."""
    case = takers_case(SIZED, [("cub", 0.25, (GREEN_GROUNDED,))])
    board, near, version = _last_board(case)
    assert losses_alone(board, near, version, frozenset({1.0}))
    for vid in VERSIONS:
        got, found = reduced(case, 2, vid)
        every, slow = every_order_results(case, 2, vid)
        assert found.complete and slow.complete and got == every, vid
        assert found.runs < slow.runs, vid
        assert {row[0][1] for row in creatures_of(got, ("cub",))} == {("green", "white")}, vid


def test_613_7_613_8b_held_takers_the_reading_refuses() -> None:
    """``losses_alone`` refuses "green and loses flying." held by a Cub with the group's timestamp (1.0: it would tie
    with the painters) or a later one (3.0: a painter could apply on it first); one taking a defined wording (611.3b:
    it would end an effect); and the Cub at 0.25 beside a Gifter at 0.1, not tied (its given effect could exist, and
    apply on the Cub, before the Cub's own loss). The reading takes the Cub at 0.25 alone."""
    for holder, painters in (
        (("cub", 1.0, (GREEN_GROUNDED,)), held_losses_painters(4)),
        (("cub", 3.0, (GREEN_GROUNDED,)), held_losses_painters(4)),
        (("cub", 0.25, (GREEN_UNGIFTED,)), held_losses_painters(4)),
        (("cub", 0.25, (GREEN_GROUNDED,)), [*held_losses_painters(4), ("gifter", 0.1)]),
    ):
        board, near, version = _last_board(takers_case(painters, [holder]))
        assert not losses_alone(board, near, version, frozenset({1.0})), holder
    board, near, version = _last_board(takers_case(held_losses_painters(4), [("cub", 0.25, (GREEN_GROUNDED,))]))
    state_objects: dict[str, frozenset[str]] = {e.key: frozenset() for e in near}
    key = f"cub:{GREEN_GROUNDED}"
    assert not taken_first("nobody:x", "cub", near, state_objects, board, version.slot_index("6"), version)
    assert taken_first(key, "cub", near, state_objects, board, version.slot_index("6"), version)
    case = takers_case(held_losses_painters(4), [("cub", 3.0, (GREEN_GROUNDED,))])
    got, found = reduced(case, 2, "current")
    every, slow = every_order_results(case, 2, "current")
    assert found.complete and slow.complete and got == every and found.runs == slow.runs


@pytest.mark.parametrize(("vid", "runs", "count"), [("m10", 27, 3), ("ikoria", 27, 3), ("current", 15, 2)])
def test_held5_finding_board_the_granted_flying_and_the_held_taker_keep_their_tie(
    vid: str, runs: int, count: int
) -> None:
    """The board-level finding of held5_61 (step 1 of its ``held5_case``): a Husher, the Gifter, a Winger and two
    Greeners tied (1.0); holder0 (3.0) holds "this creature is green and loses flying." and "this creature has
    flying.". Under M10 and Ikoria the Gifter's given "this creature has flying." takes holder0's timestamp (613.7a:
    the later) and ties with holder0's own loss of flying in layer 6; that tie names an effect not in play as its slot
    begins and keeps every order (``territories.names_only_present``, merged after the finding): every order's three
    outcomes (no ability; the given wording alone; flying with it), 27 resolutions each way. Without that guard the
    reduction found 21 resolutions and two outcomes (checked by hand on this branch)."""
    painters = [("husher", 1.0), ("gifter", 1.0), ("winger", 1.0), ("greener", 1.0), ("greener", 1.0)]
    case = takers_case(painters, [("holder0", 3.0, (GREEN_GROUNDED, FLYING))])
    version = get_version(vid)
    board = board_at(case, 1, version)
    every = outcomes(board, version, limit=1000)
    found = distinct_outcomes(board, version, limit=1000)
    assert every.complete and found.complete
    assert outcome_keys(found) == outcome_keys(every)
    assert (found.runs, every.runs, len(found.outcomes)) == (runs, runs, count)
    held = {tuple(sorted(o.final["holder0"].abilities)) for o in found.outcomes}
    assert ("flying", FLYING) in held


# ---------------------------------------------------------------------------------------------------------------------
# One board, a tie met in layer 5 (``territories``: ``begun_before_losses`` from the tie's slot)


def colors_board(n: int, held: tuple[str, ...] = (GREEN_GROUNDED,), at: float = 0.5) -> Board:
    """c (an enchantment, timestamp 1) has n abilities on o0, each with a part in layer 5 (so the tie is met there, all
    n keys in it, and its recorded order decides layer 6 too, 613.7m): the even ones make o0 red in addition and lose
    all abilities, the odd ones make it blue in addition and give it flying, haste, trample in turn; o0 (timestamp
    ``at``) has flying and ``held``."""
    parts = [
        [{"op": "add_colors", "colors": ["red"]}, LOSE]
        if k % 2 == 0
        else [{"op": "add_colors", "colors": ["blue"]}, gain(("flying", "haste", "trample")[(k // 2) % 3])]
        for k in range(n)
    ]
    abilities = [{"text": f"ability {k}", "applies_to": {"id": "o0"}, "parts": p} for k, p in enumerate(parts)]
    objects = [
        enchantment("c", 1, *[str(a["text"]) for a in abilities]),
        creature("o0", at, 1, 1, abilities=["flying", *held]),
    ]
    return make_board(objects, [], abilities + TAKERS)


def colors_derived(n: int) -> set[tuple[frozenset[str], frozenset[str]]]:
    """Derived (613.1e-f, 613.6, 613.7): o0 is red, blue and green in every order (its own green applies in layer 5 at
    0.5, before c's additions, which commute); in layer 6 its own loss of flying applies first (0.5, locked in since
    layer 5, ready, earlier than c's), then c's losses take every ability and its gains give back each keyword one of
    whose grants follows the last loss: o0 ends with any set of the keywords granted (flying; haste from N = 4;
    trample from N = 6)."""
    granted = {("flying", "haste", "trample")[(k // 2) % 3] for k in range(n) if k % 2 == 1}
    sets: set[frozenset[str]] = {frozenset()}
    for w in sorted(granted):
        sets |= {s | {w} for s in sets}
    return {(s, frozenset({"red", "blue", "green"})) for s in sets}


def colors_ends(found: Any) -> set[tuple[frozenset[str], frozenset[str]]]:
    """Each outcome's abilities and colors of o0."""
    return {(frozenset(o.final["o0"].abilities), frozenset(o.final["o0"].colors)) for o in found.outcomes}


@pytest.mark.parametrize("vid", ["m10", "ikoria", "current"])
def test_a_held_taker_begun_in_the_ties_slot_on_one_board_against_every_order(vid: str) -> None:
    """613.6, 613.7, 613.7m: the tie of c's abilities is met in layer 5; o0 (0.5) holds "this creature is green and
    loses flying.". N = 5 (red and lose all, blue and flying, red and lose all, blue and haste, red and lose all):
    every order (5! orders) against the reduction, the same outcomes, derived (o0 red, blue and green; any set of
    flying and haste)."""
    version = get_version(vid)
    board = colors_board(5)
    every = outcomes(board, version, limit=1000)
    found = distinct_outcomes(board, version)
    assert every.complete and found.complete
    assert outcome_keys(found) == outcome_keys(every)
    assert colors_ends(found) == colors_derived(5)
    assert found.runs * 5 < every.runs, (found.runs, every.runs)


@pytest.mark.parametrize(("n", "runs"), [(5, 5), (6, 9), (7, 9), (8, 9)])
def test_resolutions_with_a_held_taker_at_five_to_eight_tied_abilities(n: int, runs: int) -> None:
    """613.7m: N = 5..8 tied abilities of c: one resolution meeting the tie and one per outcome (4, then 8), the
    outcomes derived; every order (N! + 1 resolutions: 121 at N = 5) is not run past N = 5."""
    found = distinct_outcomes(colors_board(n), CURRENT)
    assert found.complete and found.runs == runs, found.runs
    assert colors_ends(found) == colors_derived(n)


def test_a_held_taker_at_or_after_the_ties_timestamp_keeps_every_order() -> None:
    """613.7: o0 at 1.0 (c's timestamp: its effect ties with c's) or 2.0 (c's effects on o0 apply before it): the
    reading refuses, and every order is kept (the same outcomes)."""
    for at in (1.0, 2.0):
        board = colors_board(3, at=at)
        every = outcomes(board, CURRENT, limit=1000)
        found = distinct_outcomes(board, CURRENT, limit=1000)
        assert outcome_keys(found) == outcome_keys(every), at
        assert found.runs == every.runs, at


def test_begun_taking_names_the_held_taker_alone() -> None:
    """``begun_taking`` names o0's "green and loses flying." at 0.5, not at 2.0, not beside its holder's own "this
    creature has flying." (one timestamp), not a definition that takes a defined wording or acts on other creatures;
    with no tie slot (``start`` None) nothing. ``taken_first`` refuses a later characteristic-defining effect on o0;
    ``begun_before_losses`` with ``takes_first`` still asks the holder untied."""
    board = colors_board(3)
    near, objects, state, _ = _start(board, CURRENT)
    five, six = CURRENT.slot_index("5"), CURRENT.slot_index("6")
    stamps = frozenset({1.0})
    assert begun_taking(near, objects, board, state, CURRENT, stamps, five, six) == {f"o0:{GREEN_GROUNDED}"}
    assert begun_taking(near, objects, board, state, CURRENT, stamps, None, six) == frozenset()
    late = colors_board(3, at=2.0)
    l_near, l_objects, l_state, _ = _start(late, CURRENT)
    assert begun_taking(l_near, l_objects, late, l_state, CURRENT, stamps, five, six) == frozenset()
    defined = colors_board(3, held=(GREEN_UNGIFTED, FLYING))
    d_near, d_objects, d_state, _ = _start(defined, CURRENT)
    assert begun_taking(d_near, d_objects, defined, d_state, CURRENT, stamps, five, six) == frozenset()
    # its holder's own "this creature has flying." (the same timestamp, 613.7a: a tie of its own) meets it
    own = colors_board(3, held=(GREEN_GROUNDED, FLYING))
    w_near, w_objects, w_state, _ = _start(own, CURRENT)
    assert begun_taking(w_near, w_objects, own, w_state, CURRENT, stamps, five, six) == frozenset()
    # acting on other creatures: not a loss of keywords from its holder alone (``takes_keywords_alone``)
    others = colors_board(3, held=(OTHERS_GREEN_GROUNDED,))
    x_near, x_objects, x_state, _ = _start(others, CURRENT)
    assert begun_taking(x_near, x_objects, others, x_state, CURRENT, stamps, five, six) == frozenset()
    # 613.3: a characteristic-defining effect acting on o0 in layer 6, later, would still apply first
    loss = next(e for e in near if e.key == "c:ability 0")
    defining = [*near, replace(loss, key="c:defining", origin="cda", timestamp=2.0)]
    objects_cda = {**objects, "c:defining": objects[loss.key]}
    assert not taken_first(f"o0:{GREEN_GROUNDED}", "o0", defining, objects_cda, board, six, CURRENT)
    assert taken_first(f"o0:{GREEN_GROUNDED}", "o0", near, objects, board, six, CURRENT)
    # 613.7: its holder with one of the group's timestamps (its layer-5 part would tie with the group's)
    d = board.abilities[GREEN_GROUNDED]
    assert begun_before_losses(d, "o0", near, five, six, CURRENT, frozenset({1.0}), True)
    assert not begun_before_losses(d, "o0", near, five, six, CURRENT, frozenset({0.5}), True)
    assert not begun_before_losses(d, "o0", near, five, six, CURRENT, frozenset({1.0}))  # takes, not found first


# ---------------------------------------------------------------------------------------------------------------------
# Generated boards and steps

_HELD = st.sampled_from([GREEN_GROUNDED, GREEN_GROUNDED, BLUE_GROUNDED_PLUS, GREEN_UNGIFTED, GREEN, LOSES_FLYING,
                         FLYING])  # fmt: skip
_TIED = st.sampled_from(
    [LOSE, LOSE, gain("flying"), gain("flying"), gain("haste"), gain(FLYING),
     {"op": "remove_abilities", "abilities": ["flying"]}, {"op": "add_colors", "colors": ["red"]},
     {"op": "set_colors", "colors": ["blue"]}, {"op": "modify_pt", "power": 1, "toughness": 0}]
)  # fmt: skip


@st.composite
def held_takers(draw: st.DrawFn) -> Board:
    """Three to five tied static abilities of c (timestamp 1, an enchantment) on o0 or o1, most with a part in layer 5
    (red or blue in addition, so the tie is met there with their keys, ``colors_board``'s shape) and one of losses of
    all abilities, gains (of keywords, of "this creature has flying."), a named loss of flying, colors, power; o0 and o1
    (timestamps 0.5, 1 or 2) hold flying and definitions begun before the losses that take flying, or the other
    readings."""
    n = draw(st.integers(3, 5))
    abilities: list[dict[str, Any]] = []
    for i in range(n):
        parts = (
            [{"op": "add_colors", "colors": [draw(st.sampled_from(["red", "blue"]))]}]
            if i < 2 or draw(st.integers(0, 3))
            else []
        )
        parts.append(draw(_TIED))
        target = draw(st.sampled_from(["o0", "o0", "o1"]))
        abilities.append({"text": f"tied {i}", "applies_to": {"id": target}, "parts": parts})
    objects = [enchantment("c", 1, *[str(a["text"]) for a in abilities])]
    for oid in ("o0", "o1"):
        own = ["flying", *draw(st.lists(_HELD, min_size=1, max_size=2, unique=True))]
        objects.append(creature(oid, draw(st.sampled_from([0.5, 0.5, 1, 2])), 1, 1, abilities=own))
    return make_board(objects, [], abilities + TAKERS)


# Every order of up to five tied effects (120 orders) on each board: CI judges 10 boards.
@pytest.mark.slow
@settings(max_examples=ci_examples(10))
@given(held_takers(), st.sampled_from(VERSION_IDS))
def test_held_takers_on_one_board_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3b, 613.1f, 613.6, 613.7, 613.7m, 613.8a-b: tied losses and gains beside held definitions begun before the
    losses that take flying: the orders tried reach exactly every order's outcomes, complete, with no more
    resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


# Each step against ``entry.step_outcomes`` with every order of each tie: CI judges 6.
@pytest.mark.slow
@settings(max_examples=ci_examples(6))
@given(
    gift=st.sampled_from(["gifter", "sizegifter"]),
    others=st.lists(
        st.tuples(st.sampled_from(["husher", "winger", "grounder", "greener", "anthem"]), st.sampled_from([1.0, 2.0])),
        min_size=1,
        max_size=2,
    ),
    holders=st.lists(
        st.tuples(
            st.sampled_from([0.25, 0.25, 1.0, 3.0]),
            st.lists(st.sampled_from([GREEN_GROUNDED, GREEN_GROUNDED, BLUE_GROUNDED_PLUS, GREEN, "flying"]),
                     min_size=1, max_size=2, unique=True).map(tuple),
        ),
        min_size=1,
        max_size=2,
    ),
    vid=st.sampled_from(VERSIONS),
)  # fmt: skip
def test_held_takers_in_open_entry_steps_reach_every_orders_outcomes(
    gift: str, others: list[tuple[str, float]], holders: list[tuple[float, tuple[str, ...]]], vid: str
) -> None:
    """Against every order of each tie (the readable enumeration): the same results, and no more resolutions, where a
    Husher ties with a gain of a defined ability and painters more, and creatures it reaches hold definitions begun
    before the losses that take flying."""
    painters = [("husher", 1.0), (gift, 1.0), *others]
    held = [(f"holder{k}", ts, abilities_held) for k, (ts, abilities_held) in enumerate(holders)]
    _reaches_every_orders_outcomes(takers_case(painters, held), vid)
