"""A tie's recorded order also shapes later slots' ties (reference_optimized.orders, "Later slots").

``reference.choices.outcomes`` with every order of each tie is the specification (613.7m). The order
recorded for one tie is kept in one list that later slots read too, so a tie reduced to fewer orders
must not pin its effects against effects it does not name in a later slot's tie. The golden test is the
board of the closed finding ``orders-recorded-effect-key-pins-a-later-tie``, its outcomes derived from
the rules; the property compares both enumerations on boards tied in two slots.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.choices import outcomes
from reference.model import Board
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.orders import DistinctOrders, pins_later

from ..builders import creature, make_board
from ..strategies import ci_examples
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

PT_1: dict[str, Any] = {"op": "set_pt", "power": 1, "toughness": 1}
BLUE: dict[str, Any] = {"op": "set_colors", "colors": ["blue", "green"]}
LEGENDARY: dict[str, Any] = {"op": "add_supertypes", "supertypes": ["legendary"]}
LAND: dict[str, Any] = {"op": "set_types", "types": ["land"]}


def _board(own: list[list[dict[str, Any]]], split: int, effects: list[dict[str, Any]]) -> Board:
    """Creatures c (green 1/1 Bear) and d (black 1/1, when ``split`` leaves it abilities) entering at once
    (timestamp 1): c has the first ``split`` abilities of ``own`` (each a list of parts, on itself), d the rest."""
    texts = [f"own ability {i}" for i in range(len(own))]
    abilities = [{"text": t, "applies_to": {"is_source": True}, "parts": p} for t, p in zip(texts, own, strict=True)]
    objects = [creature("c", 1, 1, 1, colors=["green"], subtypes=["bear"], abilities=texts[:split])]
    if split < len(own):
        objects.append(creature("d", 1, 1, 1, colors=["black"], abilities=texts[split:]))
    return make_board(objects, effects, abilities)


def _finding() -> Board:
    """The finding's board: c's abilities 0 (1/1, blue-green) and 1 (blue-green, legendary); d's 2 (1/1), 3 (a land)
    and 4 (1/1, legendary); e0, resolved with timestamp 1, sets c to 3/2."""
    e0 = {"id": "e0", "timestamp": 1, "applies_to": ["c"], "parts": [{"op": "set_pt", "power": 3, "toughness": 2}]}
    return _board([[PT_1, BLUE], [BLUE, LEGENDARY], [PT_1], [LAND], [PT_1, LEGENDARY]], 2, [e0])


@pytest.mark.parametrize("vid", ["pre-m10", "m10", "ikoria", "2023-11-17"])
def test_the_findings_board_has_both_settings_last(vid: str) -> None:
    """613.7a, 613.7m, 613.4b: c's ability 0 and e0 share timestamp 1 and no rule orders them (before 613.7n): the
    one applied last sets c's power and toughness, 1/1 or 3/2; the reduction reaches exactly every order's outcomes."""
    version = get_version(vid)
    board = _finding()
    every = outcomes(board, version, limit=1500)
    fewer = distinct_outcomes(board, version, limit=1500)
    assert every.complete and fewer.complete
    assert {(o.final["c"].power, o.final["c"].toughness) for o in fewer.outcomes} == {(1, 1), (3, 2)}
    assert outcome_keys(fewer) == outcome_keys(every)
    assert fewer.runs <= every.runs


def _one_creature() -> Board:
    """c alone with four abilities of its own: 0 sets 1/1 and makes it legendary, 1 sets 3/2, 2 makes it white and
    sets 3/2, 3 makes it white and legendary; e0, resolved with timestamp 1, sets c to 1/1 (found by a random search
    of the old reduction: it tried one order of the layer 4 tie of abilities 0 and 3, and reached only 3/2)."""
    p32 = {"op": "set_pt", "power": 3, "toughness": 2}
    white = {"op": "add_colors", "colors": ["white"]}
    e0 = {"id": "e0", "timestamp": 1, "applies_to": ["c"], "parts": [PT_1]}
    return _board([[PT_1, LEGENDARY], [p32], [white, p32], [white, LEGENDARY]], 4, [e0])


@pytest.mark.parametrize("vid", ["pre-m10", "m10", "ikoria", "2023-11-17"])
def test_one_creatures_settings_and_a_resolved_one_each_last(vid: str) -> None:
    """613.7a, 613.4b: c's four abilities and e0 share timestamp 1 and no rule orders them (before 613.7n): the last
    setting applied decides, 1/1 (ability 0 or e0) or 3/2 (ability 1 or 2); the reduction reaches every order's."""
    version = get_version(vid)
    every = outcomes(_one_creature(), version, limit=1500)
    fewer = distinct_outcomes(_one_creature(), version, limit=1500)
    assert every.complete and fewer.complete
    assert {(o.final["c"].power, o.final["c"].toughness) for o in fewer.outcomes} == {(1, 1), (3, 2)}
    assert outcome_keys(fewer) == outcome_keys(every)


def test_613_7n_puts_the_resolved_setting_last() -> None:
    """613.7n (2025): c's own abilities get earlier timestamps than the resolving e0, which applies last: c is 1/1."""
    found = distinct_outcomes(_one_creature(), get_version("2025-08-01"), limit=1500)
    assert found.complete
    assert {(o.final["c"].power, o.final["c"].toughness) for o in found.outcomes} == {(1, 1)}


def test_613_7n_leaves_one_outcome_on_the_findings_board() -> None:
    """613.7n (2025): c's own ability 0 gets the earlier timestamp than the resolving e0: e0 applies last, c is 3/2."""
    found = distinct_outcomes(_finding(), get_version("2025-08-01"), limit=1500)
    assert found.complete
    assert {(o.final["c"].power, o.final["c"].toughness) for o in found.outcomes} == {(3, 2)}


def test_a_tie_naming_an_effect_that_meets_an_unnamed_one_later_is_pinning() -> None:
    """613.7m, 613.1: the layer 4 tie of the finding (c's ability 1, d's abilities 3 and 4) names d's ability 4,
    which meets e0 (not named, same timestamp) in layer 7b: it keeps every order."""
    board, version = _finding(), get_version("m10")
    effects = DistinctOrders(board, version).effects
    keys = ("c:own ability 1", "d:own ability 3", "d:own ability 4")
    assert pins_later(keys, "4", effects, version)
    assert pins_later(("c:own ability 0", "c:own ability 1"), "5", effects, version)


def test_a_tie_naming_every_effect_it_meets_later_is_not_pinning() -> None:
    """613.7m, 613.4b, 613.1e: one creature's abilities each setting its colors and its power and toughness meet
    only each other in layers 5 and 7b: the order recorded in layer 5 decides 7b for all of them, and the
    reduction stands."""
    board = _board(
        [[PT_1, BLUE], [{"op": "set_pt", "power": 2, "toughness": 2}, {"op": "set_colors", "colors": []}]], 2, []
    )
    version = get_version("m10")
    effects = DistinctOrders(board, version).effects
    assert not pins_later(("c:own ability 0", "c:own ability 1"), "5", effects, version)
    assert not pins_later(("c:own ability 0", "c:own ability 1"), "7b", effects, version)


def test_an_effect_of_another_timestamp_does_not_pin() -> None:
    """613.7: an effect with a later timestamp never ties with the keys' effects in the other slot."""
    e1 = {"id": "e1", "timestamp": 2, "applies_to": ["c"], "parts": [{"op": "set_pt", "power": 3, "toughness": 2}]}
    board = _board([[PT_1, BLUE], [BLUE, LEGENDARY]], 2, [e1])
    version = get_version("m10")
    effects = DistinctOrders(board, version).effects
    assert not pins_later(("c:own ability 0", "c:own ability 1"), "5", effects, version)


# Parts in layer 4 (types, supertypes), 5 (colors) and 7b (6b under 418.5), few enough that effects meet: two
# of them per ability at most, so that ties meet in two slots.
_PARTS: st.SearchStrategy[dict[str, Any]] = st.sampled_from(
    [
        PT_1,
        {"op": "set_pt", "power": 3, "toughness": 2},
        BLUE,
        {"op": "add_colors", "colors": ["white"]},
        LEGENDARY,
        LAND,
    ]
)


@st.composite
def tied_in_two_slots(draw: st.DrawFn) -> Board:
    """One or two creatures entering at once (timestamp 1) with two to four static abilities of their own, most with
    parts in two slots, and a resolved effect with the same timestamp setting c's power and toughness (the shape
    of the finding), with another at times (five effects at most)."""
    n = draw(st.integers(2, 4))
    own = [draw(st.lists(_PARTS, min_size=1, max_size=2, unique_by=str)) for _ in range(n)]
    split = draw(st.integers(1, n))
    targets = [["c"], ["d"]] if split < n else [["c"]]
    setting = draw(st.sampled_from([PT_1, {"op": "set_pt", "power": 3, "toughness": 2}]))
    effects: list[dict[str, Any]] = [{"id": "e0", "timestamp": 1, "applies_to": ["c"], "parts": [setting]}]
    if n < 4 and draw(st.booleans()):
        parts = draw(st.lists(_PARTS, min_size=1, max_size=2, unique_by=str))
        effects.append({"id": "e1", "timestamp": 1, "applies_to": draw(st.sampled_from(targets)), "parts": parts})
    return _board(own, split, effects)


@pytest.mark.slow  # about 7 s of CPU (75 boards in CI; the long profile by hand takes its own count)
@settings(max_examples=ci_examples(75))
@given(tied_in_two_slots(), st.sampled_from(("pre-m10", "m10", "ikoria", "current")))
def test_the_reduction_reaches_every_orders_outcomes_across_slots(board: Board, vid: str) -> None:
    """613.7m, 613.1: with ties in two slots, the orders tried reach exactly the outcomes of every order, with no
    more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid))


@settings(max_examples=1)
@given(st.builds(_one_creature))
def test_the_old_reductions_miss_reaches_every_orders_outcomes(board: Board) -> None:
    """The board the old reduction missed (rare under random boards: about 1 in 300 of the shape above), at m10.

    Built when the test runs (``st.builds``), not as an ``@example`` of the property: an example is built while the
    module is imported, and a rules function that runs then is one the mutation sample's fork server cannot judge in
    a fork."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version("m10"))
