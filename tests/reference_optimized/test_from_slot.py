"""A tie's orders read from its own slot on (reference_optimized.from_slot), on boards outside ``orders``' scope.

``reference.choices.outcomes`` with every order of each tie is the specification (613.7m): the orders tried must
reach exactly its outcomes. Generated boards with copy effects, control changes, text changes, lost abilities
and conditions (the kinds ``orders.out_of_scope`` sends to every order) compare the two; the golden tests count
the resolutions made, never the time taken.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.choices import Outcomes, outcomes
from reference.model import Board
from reference.resolver import resolve
from reference.timestamps import Tie
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import effects_from, reason_from
from reference_optimized.orders import distinct_outcomes as board_scope_outcomes

from ..builders import creature, make_board
from ..strategies import ci_examples
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

VERSION_IDS = ("pre-m10", "m10", "ikoria", "current")
CURRENT = get_version("current")


# The tied abilities' operations: settings and additions over layers 4, 5, 6 and 7.
_TIED = st.sampled_from(
    [
        {"op": "set_pt", "power": 1, "toughness": 1},
        {"op": "set_pt", "power": 3, "toughness": 2},
        {"op": "set_pt", "power": 2},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "modify_pt", "power": -1, "toughness": 2},
        {"op": "set_colors", "colors": ["red"]},
        {"op": "set_colors", "colors": ["blue"]},
        {"op": "add_colors", "colors": ["white"]},
        {"op": "add_abilities", "abilities": ["flying"]},
        {"op": "add_types", "types": ["artifact"]},
        {"op": "remove_types", "types": ["artifact"]},
        {"op": "remove_abilities", "abilities": ["flying"]},
    ]
)
# The new kinds, as resolved effects: a copy (layer 1), a control change (2), a text change (3), lost abilities (6).
_KINDS = st.sampled_from(
    [
        [{"op": "copy_of", "object": "model"}],
        [{"op": "set_controller", "player": "p2"}],
        [{"op": "replace_word", "from": "red", "to": "blue"}],
        [{"op": "remove_all_abilities"}],
        [{"op": "remove_all_abilities"}, {"op": "set_pt", "power": 0, "toughness": 2}],
        [{"op": "remove_abilities", "abilities": ["red ability 3", "flying"]}],
        [{"op": "set_controller", "player": "p2"}, {"op": "set_pt", "power": 4}],
    ]
)
# Conditions of a static ability: one reading what the layers write (colors), one reading a board fact (a hand).
_CONDITIONS = st.sampled_from(
    [
        None,
        {"left": {"count": {"all": [{"color": "red"}, {"controller": "you"}]}}, "op": ">=", "right": 1},
        {"left": {"cards_in_hand": "you"}, "op": "<=", "right": 3},
    ]
)


@st.composite
def tied_with_kinds(draw: st.DrawFn) -> Board:
    """One or two creatures entering at once (timestamp 1) with three to five static abilities (on themselves, on red
    creatures or on every creature, one of them perhaps conditional), a creature to copy (``model``, with an ability
    of its own), and one to three resolved effects of the new kinds, before, after or tied with the abilities."""
    n = draw(st.integers(3, 5))
    texts = [f"red ability {i}" for i in range(n)]
    scopes = st.sampled_from([{"is_source": True}, {"is_source": True}, {"type": "creature"}, {"color": "red"}])
    abilities: list[dict[str, Any]] = []
    for t in texts:
        ability: dict[str, Any] = {"text": t, "applies_to": draw(scopes), "parts": [draw(_TIED)]}
        condition = draw(_CONDITIONS)
        if condition is not None:
            ability["condition"] = condition
        abilities.append(ability)
    abilities.append({"text": "model ability", "applies_to": {"is_source": True}, "parts": [draw(_TIED)]})
    two = draw(st.booleans())
    split = draw(st.integers(2, n - 1)) if two else n
    objects = [
        creature("c", 1, 1, 1, colors=["red"], abilities=texts[:split]),
        creature("model", 0, 3, 3, colors=["green"], abilities=["model ability"], controller="p2"),
    ]
    if two:
        objects.append(creature("d", 1, 2, 2, colors=["black"], abilities=texts[split:]))
    aimed = st.sampled_from([[o["id"]] for o in objects if o["id"] != "model"])
    effects = [
        {"id": f"e{k}", "timestamp": draw(st.sampled_from([0.5, 1, 2])), "applies_to": draw(aimed), "parts": parts}
        for k, parts in enumerate(draw(st.lists(_KINDS, min_size=1, max_size=3)))
    ]
    for e in effects:
        e["controller"] = "p1"
    return make_board(objects, effects, abilities, step={"game": {"hand": {"p1": 2, "p2": 5}}})


@given(tied_with_kinds(), st.sampled_from(VERSION_IDS))
def test_orders_read_from_the_slot_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """613.7m, 613.1a-f, 611.3a: on boards with copies, control and text changes, lost abilities and conditions,
    the orders read from each tie's slot on reach exactly the outcomes of every order, with no more resolutions,
    and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


# The tied abilities' operations where the reduction works: settings and additions of colors, power and toughness.
_SETTLED = st.sampled_from(
    [
        {"op": "set_pt", "power": 1, "toughness": 1},
        {"op": "set_pt", "power": 3, "toughness": 2},
        {"op": "set_pt", "power": 2},
        {"op": "set_pt", "toughness": 5},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "modify_pt", "power": -1, "toughness": 2},
        {"op": "set_colors", "colors": ["red"]},
        {"op": "set_colors", "colors": ["blue"]},
        {"op": "add_colors", "colors": ["white"]},
        {"op": "add_abilities", "abilities": ["flying"]},
    ]
)


@st.composite
def late_ties_after_kinds(draw: st.DrawFn) -> Board:
    """A creature ``c`` with four or five static abilities of its own (one timestamp: they tie, 613.7a), setting or
    changing its colors, power and toughness, perhaps on every creature or on red ones, one perhaps conditional;
    a creature ``d`` entering with it, with abilities too; a creature to copy; and one to three resolved effects of
    the new kinds (copy, control, text, lost abilities) on ``c`` or ``d``, before or after them."""
    n = draw(st.integers(4, 5))
    texts = [f"red ability {i}" for i in range(n)]
    scopes = st.sampled_from([{"is_source": True}, {"is_source": True}, {"type": "creature"}, {"color": "red"}])
    abilities: list[dict[str, Any]] = []
    for t in texts:
        ability: dict[str, Any] = {"text": t, "applies_to": draw(scopes), "parts": [draw(_SETTLED)]}
        condition = draw(_CONDITIONS)
        if condition is not None:
            ability["condition"] = condition
        abilities.append(ability)
    abilities.append({"text": "model ability", "applies_to": {"is_source": True}, "parts": [draw(_SETTLED)]})
    split = draw(st.integers(3, n))
    objects = [
        creature("c", 1, 1, 1, colors=["red"], abilities=texts[:split]),
        creature("d", 1, 2, 2, colors=["black"], abilities=texts[split:]),
        creature("model", 0, 3, 3, colors=["green"], abilities=["model ability"], controller="p2"),
    ]
    effects = [
        {
            "id": f"e{k}",
            "controller": "p1",
            "timestamp": draw(st.sampled_from([0.5, 2])),
            "applies_to": draw(st.sampled_from([["d"], ["d"], ["c"]])),
            "parts": parts,
        }
        for k, parts in enumerate(draw(st.lists(_KINDS, min_size=1, max_size=3)))
    ]
    return make_board(objects, effects, abilities, step={"game": {"hand": {"p1": 2, "p2": 5}}})


# CI judges 50 boards (it judged the profile's 150, 16.7 s in CI, 2026-12-07: the suite's time is budgeted; a
# reduction that drops the last order of a group of three classes or more fails it at 50); the long profile by hand
# its own count.
@pytest.mark.slow
@settings(max_examples=ci_examples(50))
@given(late_ties_after_kinds(), st.sampled_from(VERSION_IDS))
def test_late_ties_after_copies_control_text_and_lost_abilities(board: Board, vid: str) -> None:
    """613.7m, 613.1a-f, 611.3a: a tie of four or five abilities in layers 5 to 7 after copy effects, control and
    text changes and lost abilities: the orders read from its slot on reach exactly every order's outcomes."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def _beast(
    parts: list[dict[str, Any]], condition: dict[str, Any] | None = None
) -> tuple[list[str], list[dict[str, Any]]]:
    """The wordings and definitions of a creature's static abilities of its own, the i-th doing ``parts[i]`` (the
    last one conditional, if a condition is given)."""
    texts = [f"ability {i}" for i in range(len(parts))]
    defs: list[dict[str, Any]] = [
        {"text": t, "applies_to": {"is_source": True}, "parts": [p]} for t, p in zip(texts, parts, strict=True)
    ]
    if condition is not None:
        defs[-1]["condition"] = condition
    return texts, defs


def _resolved(eid: str, ts: float, on: str, *parts: dict[str, Any]) -> dict[str, Any]:
    """A resolved effect of player p1 on one object."""
    return {"id": eid, "controller": "p1", "timestamp": ts, "applies_to": [on], "parts": list(parts)}


def _first_tie(board: Board) -> Tie:
    """613.7m: the first tie a resolution of the board leaves undecided."""
    return resolve(board, CURRENT).undecided[0]


_POWERS = [{"op": "set_pt", "power": i % 3} for i in range(12)]


def _powers(found: Outcomes, *objects: str) -> set[tuple[int | None, ...]]:
    """Each outcome's power of these objects."""
    return {tuple(o.final[x].power for x in objects) for o in found.outcomes}


def test_twelve_settings_of_power_on_a_creature_another_player_controls() -> None:
    """613.4b, 613.7a, 613.7m, 613.1b: twelve abilities of one 1/1 creature set its power to 0, 1 or 2 in turn, and
    another player gained control of it (layer 2, before the tie's sublayer): the last setting applied wins (three
    outcomes), found with one resolution to meet the tie and one per value; every order stops at its limit."""
    texts, defs = _beast(_POWERS)
    objects = [creature("c", 1, 1, 1, abilities=texts), creature("x", 0, 2, 2, controller="p2")]
    board = make_board(objects, [_resolved("steal", 3, "c", {"op": "set_controller", "player": "p2"})], defs)
    assert board_scope_outcomes(board, CURRENT).complete is False
    found = distinct_outcomes(board, CURRENT)
    assert _powers(found, "c") == {(0,), (1,), (2,)}
    assert {o.final["c"].controller for o in found.outcomes} == {"p2"}
    assert (found.complete, found.runs) == (True, 4)


def test_a_copy_of_a_creature_with_tied_abilities_has_its_own_tie() -> None:
    """707.2, 613.7a, 613.7m, 613.4b: a 1/1 creature with six abilities setting its power to 0, 1 or 2 in turn, and a
    creature that became a copy of it (layer 1): the copy has the six abilities too, tied among themselves with its
    own timestamp; each creature's power is its own last setting: nine outcomes. One resolution meets the first tie,
    three try its values (each meeting the copy's tie) and nine the copy's values: thirteen, not 6! * 6!."""
    texts, defs = _beast(_POWERS[:6])
    objects = [creature("c", 1, 1, 1, abilities=texts), creature("clone", 2, 0, 0)]
    board = make_board(objects, [_resolved("copy", 2, "clone", {"op": "copy_of", "object": "c"})], defs)
    found = distinct_outcomes(board, CURRENT)
    assert _powers(found, "c", "clone") == {(a, b) for a in range(3) for b in range(3)}
    assert {(o.final["c"].toughness, o.final["clone"].toughness) for o in found.outcomes} == {(1, 1)}
    assert (found.complete, found.runs) == (True, 13)


def test_twelve_settings_beside_a_creature_that_lost_its_abilities() -> None:
    """613.1f, 611.3b, 613.4b, 613.7m: the twelve settings of power, and another creature, a 2/2 whose ability would
    make it 5/5 (layer 7b), that lost all its abilities (layer 6): its ability's effect never exists in 7b (it stays
    2/2), and the tie gives three outcomes with four resolutions."""
    texts, defs = _beast(_POWERS)
    defs.append(
        {"text": "grow", "applies_to": {"is_source": True}, "parts": [{"op": "set_pt", "power": 5, "toughness": 5}]}
    )
    objects = [creature("c", 1, 1, 1, abilities=texts), creature("x", 2, 2, 2, abilities=["grow"])]
    board = make_board(objects, [_resolved("hush", 3, "x", {"op": "remove_all_abilities"})], defs)
    found = distinct_outcomes(board, CURRENT)
    assert _powers(found, "c", "x") == {(0, 2), (1, 2), (2, 2)}
    assert (found.complete, found.runs) == (True, 4)


def test_twelve_settings_after_a_text_change_and_with_a_condition_on_a_board_fact() -> None:
    """612, 611.3a, 613.4b, 613.7m: the twelve settings of power on a creature whose text was changed (layer 3), the
    last setting conditional on its controller having three cards or fewer in hand (two: it holds): three outcomes,
    four resolutions."""
    hand = {"left": {"cards_in_hand": "you"}, "op": "<=", "right": 3}
    texts, defs = _beast(_POWERS, condition=hand)
    board = make_board(
        [creature("c", 1, 1, 1, abilities=texts)],
        [_resolved("hack", 3, "c", {"op": "replace_word", "from": "white", "to": "green"})],
        defs,
        step={"game": {"hand": {"p1": 2}}},
    )
    found = distinct_outcomes(board, CURRENT)
    assert _powers(found, "c") == {(0,), (1,), (2,)}
    assert (found.complete, found.runs) == (True, 4)


def test_a_condition_reading_what_the_tie_writes_keeps_every_order() -> None:
    """611.3a, 613.8a: a condition of one tied ability reads the colors the others set ("as long as you control a red
    creature"): which effects exist may change with the order, so the slot's reading gives no reduction (a reason)."""
    red = {"left": {"count": {"all": [{"color": "red"}, {"controller": "you"}]}}, "op": ">=", "right": 1}
    texts, defs = _beast(
        [
            {"op": "set_colors", "colors": ["red"]},
            {"op": "set_colors", "colors": ["blue"]},
            {"op": "set_pt", "power": 4},
        ],
        condition=red,
    )
    board = make_board(
        [creature("c", 1, 1, 1, abilities=texts)],
        [_resolved("hack", 3, "c", {"op": "replace_word", "from": "white", "to": "green"})],
        defs,
    )
    effects = effects_from(board, CURRENT, _first_tie(board))
    assert effects is not None
    assert (
        reason_from(board, effects)
        == "a condition on a static ability reading what is written from this slot on (611.3a)"
    )
    assert outcome_keys(distinct_outcomes(board, CURRENT)) == outcome_keys(outcomes(board, CURRENT))


def test_a_loss_of_abilities_in_a_slot_the_tie_still_meets_keeps_every_order() -> None:
    """613.1f, 613.8a: a tie in layer 5 (colors), and a creature tied with it whose ability has parts in layers 5 and
    7b loses all its abilities in layer 6: its effect exists in layer 5 and not after, so no fixed set of effects
    is read (None), and the outcomes are every order's."""
    texts, defs = _beast(
        [
            {"op": "set_colors", "colors": ["red"]},
            {"op": "set_colors", "colors": ["blue"]},
            {"op": "add_colors", "colors": ["white"]},
        ]
    )
    defs.append(
        {
            "text": "grow",
            "applies_to": {"is_source": True},
            "parts": [{"op": "set_colors", "colors": ["green"]}, {"op": "set_pt", "power": 5}],
        }
    )
    objects = [creature("c", 1, 1, 1, abilities=texts), creature("x", 1, 2, 2, abilities=["grow"])]
    board = make_board(objects, [_resolved("hush", 3, "x", {"op": "remove_all_abilities"})], defs)
    first = _first_tie(board)
    assert first.slot == "5"
    assert effects_from(board, CURRENT, first) is None
    assert outcome_keys(distinct_outcomes(board, CURRENT)) == outcome_keys(outcomes(board, CURRENT))


def _models() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Three creatures to copy (x, y, z), each with its own size, color and an ability of layer 7b, and their
    definitions."""
    defs = [
        {"text": f"{m} grows", "applies_to": {"is_source": True}, "parts": [{"op": "set_pt", "power": 4 + i}]}
        for i, m in enumerate("xyz")
    ]
    colors = ["white", "blue", "black"]
    objects = [
        creature(m, 0.1 * (i + 1), i + 1, i + 2, colors=[colors[i]], abilities=[f"{m} grows"])
        for i, m in enumerate("xyz")
    ]
    return objects, defs


@st.composite
def tied_copies(draw: st.DrawFn) -> Board:
    """Two creatures (``a``, ``b``), three to copy, and three to five resolved effects with one timestamp: copies, each
    making ``a``, ``b`` or both a copy of one of them (or of ``a``), or changes of control to p1 or p2; sometimes
    with another copy, a lost ability or a control change at another timestamp."""
    objects, defs = _models()
    defs.append({"text": "a's own", "applies_to": {"is_source": True}, "parts": [draw(_SETTLED)]})
    defs.append({"text": "model ability", "applies_to": {"is_source": True}, "parts": [draw(_SETTLED)]})
    objects += [
        creature("a", 1, 1, 1, colors=["red"], abilities=["a's own"]),
        creature("b", 2, 2, 2),
        creature("model", 0, 3, 3, colors=["green"], abilities=["model ability"], controller="p2"),
    ]
    on = st.sampled_from([["a"], ["b"], ["a", "b"]])
    control = draw(st.booleans())
    effects = []
    for k in range(draw(st.integers(3, 5))):
        targets = draw(on)
        model = draw(st.sampled_from(["x", "y", "z", "x", "y", "z", "a"]))
        copy = {"op": "copy_of", "object": "x" if model in targets else model}
        if control:  # 613.1b: a change of control to a named player instead
            copy = {"op": "set_controller", "player": draw(st.sampled_from(["p1", "p2"]))}
        effects.append({"id": f"copy{k}", "controller": "p1", "timestamp": 5, "applies_to": targets, "parts": [copy]})
    extra = draw(st.lists(st.one_of(_KINDS, st.just([{"op": "copy_of", "object": "z"}])), max_size=2))
    for k, parts in enumerate(extra):
        ts = draw(st.sampled_from([4, 6]))
        effects.append({"id": f"e{k}", "controller": "p1", "timestamp": ts, "applies_to": draw(on), "parts": parts})
    return make_board(objects, effects, defs, step={"game": {"hand": {"p1": 2, "p2": 5}}})


@pytest.mark.slow  # over 10 s: about 13 s of CPU (75 boards in CI; the long profile by hand takes its own count)
@settings(max_examples=ci_examples(75))
@given(tied_copies(), st.sampled_from(VERSION_IDS))
def test_tied_copy_effects_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """707.2, 613.2a, 613.7m: tied resolved copy effects: one order per last copy on each object reaches exactly the
    outcomes of every order, with no more resolutions."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def test_six_tied_copies_of_three_creatures() -> None:
    """707.2, 613.2a, 613.7m: six resolved copy effects with one timestamp make a creature a copy of x, y, z, x, y
    and z: the last one applied decides what it is a copy of (each model's power from its own ability, 4, 5 or 6):
    three outcomes, one resolution to meet the tie and one per model copied, instead of 720 orders."""
    objects, defs = _models()
    objects.append(creature("a", 1, 1, 1))
    effects = [
        {
            "id": f"copy{k}",
            "controller": "p1",
            "timestamp": 5,
            "applies_to": ["a"],
            "parts": [{"op": "copy_of", "object": "xyz"[k % 3]}],
        }
        for k in range(6)
    ]
    board = make_board(objects, effects, defs)
    found = distinct_outcomes(board, CURRENT)
    assert {(o.final["a"].name, o.final["a"].power, o.final["a"].toughness) for o in found.outcomes} == {
        ("X", 4, 2),
        ("Y", 5, 3),
        ("Z", 6, 4),
    }
    assert (found.complete, found.runs) == (True, 4)


@pytest.mark.parametrize("kind", ["control", "text", "loses", "condition", "copy", "copies"])
def test_the_benchmark_boards_of_twelve_tied_abilities_with_each_kind_are_complete(kind: str) -> None:
    """613.4b-c, 613.7a, 613.7m: the benchmark creature (twelve abilities: base 1/1, 2/2 or 3/3, three +1/+1, keywords
    and colors added) beside each kind (benchmarks/tied_abilities.py): its last setting decides, so 4/4, 5/5 or 6/6;
    a clone copying it has its own tie (nine pairs), and a creature made a copy of three models in turn by twelve
    tied copies is the last one's size (nine pairs). Every order stopped at its limit of 120 resolutions."""
    board = board_at(case_from_data(tied_case(12, 3, True, kind), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert found.complete
    beast = {(4, 4), (5, 5), (6, 6)}
    sizes = {tuple((o.final[x].power, o.final[x].toughness) for x in sorted(o.final)) for o in found.outcomes}
    if kind == "copy":
        assert {(s[0], s[1]) for s in sizes} == {(a, b) for a in beast for b in beast}  # c, other (the clone)
    elif kind == "copies":
        models = {(1, 1), (2, 2), (3, 3)}
        assert {(s[0], s[4]) for s in sizes} == {(a, b) for a in beast for b in models}  # c, other
    else:
        assert {s[0] for s in sizes} == beast
    assert not board_scope_outcomes(board, CURRENT).complete


def test_seven_tied_changes_of_control() -> None:
    """613.1b, 613.7m: seven resolved changes of control of one creature with one timestamp, to p1 and p2 in turn:
    the last one applied decides who controls it: two outcomes, one resolution to meet the tie and one per player,
    instead of 5040 orders."""
    steal = [
        {
            "id": f"steal{k}",
            "controller": "p1",
            "timestamp": 5,
            "applies_to": ["a"],
            "parts": [{"op": "set_controller", "player": f"p{1 + k % 2}"}],
        }
        for k in range(7)
    ]
    board = make_board([creature("a", 1, 1, 1), creature("b", 2, controller="p2")], steal)
    found = distinct_outcomes(board, CURRENT)
    assert {o.final["a"].controller for o in found.outcomes} == {"p1", "p2"}
    assert (found.complete, found.runs) == (True, 3)
