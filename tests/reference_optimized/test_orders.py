"""The orders worth trying of a timestamp tie (reference_optimized.orders) give every order's outcomes.

``reference.choices.outcomes`` with every order of each tie is the specification (613.7m); the
orders of ``reference_optimized.orders`` must reach exactly the same outcomes. Generated boards
with few timestamps (so that effects tie, at most five effects per tie here) compare the two; the
golden tests state the outcomes from the rules; the large boards count the resolutions made,
never the time taken.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.boards import property_boards as props
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.choices import outcomes, seated
from reference.effects import ContinuousEffect
from reference.frozen import FrozenMap, freeze
from reference.model import Board, Characteristics, Part
from reference.operations import apply_instruction
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.orders import (
    SCOPE_OPS,
    DistinctOrders,
    commute,
    components,
    interact,
    last_writer_orders,
    out_of_scope,
)

from ..builders import IKORIA, creature, make_board
from ..strategies import COLORS, board_data, ci_examples
from .reduction_checks import (
    assert_reduction_reaches_every_orders_outcomes,
    every_orders_outcomes,
    outcome_keys,
    reduced_outcomes,
)

CURRENT = get_version("current")
VERSION_IDS = ("pre-m10", "m10", "ikoria", "current")


@st.composite
def tied_boards(draw: st.DrawFn) -> Board:
    """A generated board whose objects and effects share a few timestamps (1 to 3), so that they tie."""
    data: dict[str, Any] = draw(board_data(max_objects=3, max_effects=2, max_abilities=3))
    data = copy.deepcopy(data)
    stamps = st.integers(1, 3)
    for o in data["objects"]:
        o["timestamp"] = draw(stamps)
        for c in o.get("counters", ()):
            c["timestamp"] = draw(stamps) + 0.5
    for e in data["effects"]:
        e["timestamp"] = draw(stamps)
    data["versions"] = list(VERSION_IDS)
    data["steps"][0]["expect"] = {v: {} for v in VERSION_IDS}
    players = sorted({str(o["controller"]) for o in data["objects"] if o.get("controller")})
    if len(players) > 1 and draw(st.booleans()):  # 101.4: the turn and turn order, or neither (APNAP left open)
        data["game"] = {"turn": players[-1], "turn_order": players[::-1]}
    return board_at(case_from_data(data, "tied"), 1)


@st.composite
def scoped_tied_boards(draw: st.DrawFn) -> Board:
    """A board inside the scope of the classes (no effect creates, removes or rewrites another): one or two
    creatures and up to five static abilities and resolved effects, most with one timestamp."""
    texts = [f"static {i}" for i in range(draw(st.integers(1, 4)))]
    in_scope = props.parts(texts, ["o1", "o2"], False).filter(lambda p: p["op"] in SCOPE_OPS)
    pieces = st.lists(in_scope, min_size=1, max_size=2)
    # 611.2d: a resolved effect on the starting board has its amounts fixed: numbers only
    fixed = st.lists(
        in_scope.filter(lambda p: not any(isinstance(v, dict) for v in p.values())), min_size=1, max_size=2
    )
    abilities = [{"text": t, "applies_to": draw(props.filters(texts)), "parts": draw(pieces)} for t in texts]
    objects = [
        creature(
            f"o{i}",
            draw(st.integers(1, 2)),
            controller=draw(st.sampled_from(("p1", "p2"))),
            colors=draw(st.lists(st.sampled_from(COLORS), max_size=1)),
            abilities=draw(st.lists(st.sampled_from(texts), min_size=1, max_size=3, unique=True)),
        )
        for i in (1, 2)[: draw(st.integers(1, 2))]
    ]
    effects = [
        {
            "id": f"e{k}",
            "timestamp": draw(st.integers(1, 2)),
            "applies_to": [draw(st.sampled_from([o["id"] for o in objects]))],
            "parts": draw(fixed),
        }
        for k in range(draw(st.integers(0, 3)))
    ]
    board = make_board(objects, effects, abilities)
    if draw(st.booleans()):  # 101.4: the turn and turn order given, or neither (613.7m's APNAP order open)
        board = replace(board, game=seated(board.game, ("p1", "p2")))
    return board


def test_613_8a_effects_that_interact_with_none_of_the_others_are_each_their_own_component() -> None:
    """613.8a: the components are the classes of the transitive closure of ``interact``: two settings of power
    and toughness are one component, an addition and a setting of colors another, and a modification of power
    and toughness (layer 7c, not 7b) and an addition of an ability each stand alone."""
    effects = [
        _effect("a", {"op": "modify_pt", "power": 1}),
        _effect("c", {"op": "set_pt", "power": 1, "toughness": 1}),
        _effect("d", {"op": "set_pt", "power": 2, "toughness": 2}),
        _effect("e", {"op": "add_colors", "colors": ["blue"]}),
        _effect("g", {"op": "set_colors", "colors": ["red"]}),
        _effect("h", {"op": "add_abilities", "abilities": ["flying"]}),
    ]
    comp = components(effects, IKORIA)
    classes = {frozenset(k for k in comp if comp[k] == c) for c in comp.values()}
    assert classes == {frozenset("a"), frozenset("cd"), frozenset("eg"), frozenset("h")}


@given(st.one_of(tied_boards(), scoped_tied_boards()), st.sampled_from(VERSION_IDS))
def test_the_orders_tried_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """613.7m: one order per class of orders that end alike reaches exactly the outcomes of every order."""
    version = get_version(vid)
    every = every_orders_outcomes(board, version, 1500)  # never TieOrderError: no order tried is against 613.7m
    assume(every.complete)  # at most five tied effects: every order is tried within the limit
    assume(max((len(t.candidates) for t in every.ties), default=0) <= 5)
    fewer = reduced_outcomes(board, version, 1500)
    assert fewer.complete
    assert outcome_keys(fewer) == outcome_keys(every)
    assert fewer.runs <= every.runs
    assert {t.candidates for t in fewer.mattering} == {t.candidates for t in every.mattering}


def _tied(n: int, setting: int = 0, mixed: bool = False) -> Board:
    """The benchmark board: one creature with ``n`` static abilities of its own (benchmarks/tied_abilities.py)."""
    return board_at(case_from_data(tied_case(n, setting, mixed), "tied.yaml"), 1, CURRENT)


def test_twelve_abilities_that_commute_take_two_resolutions() -> None:
    """613.7a, 613.7m, 613.4c: twelve +1/+0 and +0/+1 abilities of one 1/1 creature share its timestamp; in any
    order they add up to +6/+6: one outcome, 7/7, found with one resolution to meet the tie and one order."""
    found = distinct_outcomes(_tied(12), CURRENT)
    assert [(o.final["c"].power, o.final["c"].toughness) for o in found.outcomes] == [(7, 7)]
    assert (found.complete, found.runs, found.depends_on_choice, found.mattering) == (True, 2, False, ())


def test_twenty_abilities_with_two_that_set_power_take_a_few_resolutions() -> None:
    """613.4b-c, 613.7m: twenty abilities of one creature over layers 5, 6 and 7: two set power and toughness
    (1/1 and 2/2), the rest add the five colors, six keywords and amounts (six +1/+1, one +0/+1). Only the
    order of the two setting ones matters: the later one wins, then the modifications apply: 7/8 or 8/9, never
    more than a handful of resolutions (one per tie met, one per order of the setting pair)."""
    found = distinct_outcomes(_tied(20, setting=2, mixed=True), CURRENT)
    pts = sorted((o.final["c"].power, o.final["c"].toughness) for o in found.outcomes)
    assert pts == [(7, 8), (8, 9)]
    assert found.complete and found.runs <= 10
    assert [len(t.candidates) for t in found.mattering] == [2]
    keywords = {"trample", "vigilance", "reach", "lifelink", "deathtouch", "haste"}
    assert all(keywords <= o.final["c"].abilities and len(o.final["c"].colors) == 5 for o in found.outcomes)


def test_every_order_of_twelve_abilities_stops_at_its_limit_with_bounded_work() -> None:
    """613.7m: the every-order enumeration draws orders lazily: on twelve tied abilities it stops at its limit
    (incomplete, said so) after that many resolutions, instead of holding 12! orders."""
    found = outcomes(_tied(12), CURRENT, limit=30)
    assert (found.complete, found.runs) == (False, 30)


def test_two_abilities_setting_power_are_one_class_each_order_tried() -> None:
    """613.4b, 613.7m: two abilities of one creature setting power and toughness interact: both orders are tried
    (the later one wins: 1/1 or 2/2)."""
    board = _tied(2, setting=2)
    found = distinct_outcomes(board, CURRENT)
    assert sorted(o.final["c"].power or 0 for o in found.outcomes) == [1, 2]
    tie = found.ties[0]
    assert sorted(DistinctOrders(board, CURRENT)(tie)) == sorted([tie.candidates, tie.candidates[::-1]])


def test_a_copy_effect_keeps_every_order() -> None:
    """707.2, 611.3b: a copy effect can give or take static abilities, so no class of orders is assumed: every
    order of the tie is tried."""
    board = make_board(
        [creature("x", 1, name="Bear"), creature("y", 1, name="Elk"), creature("c", 2)],
        [
            {"id": "e1", "timestamp": 5, "applies_to": ["c"], "parts": [{"op": "copy_of", "object": "x"}]},
            {"id": "e2", "timestamp": 5, "applies_to": ["c"], "parts": [{"op": "copy_of", "object": "y"}]},
        ],
    )
    assert out_of_scope(board, DistinctOrders(board, IKORIA).effects) is not None
    found = distinct_outcomes(board, IKORIA)
    assert sorted(o.final["c"].name or "" for o in found.outcomes) == ["Bear", "Elk"]
    assert found.runs == outcomes(board, IKORIA).runs == 3


def test_a_value_reading_what_another_tied_effect_writes_keeps_both_orders() -> None:
    """613.4c, 613.8a, 613.7m: a 2/2 Bear with two static abilities (one timestamp) in 7c: "+X/+0, X its
    toughness" and "+0/+1". Both are changes by amounts, but the first reads the toughness the second changes, so their
    order is not assumed away. Here dependency decides before any tie: the first depends on the second
    (applying it changes what the first does, 613.8a), so the second applies first: one outcome, X = 3, 5/3."""
    x_text, t_text = "this creature gets +x/+0, x its toughness", "this creature gets +0/+1"
    board = make_board(
        [creature("bear", 1, abilities=[x_text, t_text])],
        abilities=[
            {
                "text": x_text,
                "applies_to": {"is_source": True},
                "parts": [{"op": "modify_pt", "power": {"its": "toughness"}, "toughness": 0}],
            },
            {"text": t_text, "applies_to": {"is_source": True}, "parts": [{"op": "modify_pt", "toughness": 1}]},
        ],
    )
    found = distinct_outcomes(board, IKORIA)
    assert [(o.final["bear"].power, o.final["bear"].toughness) for o in found.outcomes] == [(5, 3)]
    assert (found.runs, found.ties) == (1, ()) and outcome_keys(found) == outcome_keys(outcomes(board, IKORIA))
    effects = {e.key: e for e in DistinctOrders(board, IKORIA).effects}
    assert interact(effects[f"bear:{x_text}"], effects[f"bear:{t_text}"], IKORIA)


def _effect(key: str, *parts: dict[str, Any], targets: tuple[str, ...] | None = ("bear",)) -> ContinuousEffect:
    """A resolved effect on the Bear with these parts, at timestamp 5."""
    made = tuple(Part(p["op"], freeze({k: v for k, v in p.items() if k != "op"})) for p in parts)
    return ContinuousEffect(key, "resolved", 5, made, key, targets=targets)


def test_which_pairs_of_effects_interact() -> None:
    """613.4b-c, 613.1e-f, 613.8a: amounts add up and additions unite (no interaction); two settings of one
    characteristic, a setting and an addition, and a filter reading what the other writes in its slot interact;
    parts in different slots never do (the slots apply in their order)."""
    plus_power = _effect("a", {"op": "modify_pt", "power": 1})
    plus_toughness = _effect("b", {"op": "modify_pt", "toughness": 1})
    set_one = _effect("c", {"op": "set_pt", "power": 1, "toughness": 1})
    set_two = _effect("d", {"op": "set_pt", "power": 2, "toughness": 2})
    blue, white = (
        _effect("e", {"op": "add_colors", "colors": ["blue"]}),
        _effect("f", {"op": "add_colors", "colors": ["white"]}),
    )
    only_red = _effect("g", {"op": "set_colors", "colors": ["red"]})
    flying = _effect("h", {"op": "add_abilities", "abilities": ["flying"]})
    trample = _effect("i", {"op": "add_abilities", "abilities": ["trample"]})
    reads_blue = ContinuousEffect(
        "j",
        "static",
        5,
        (Part("set_colors", freeze({"colors": ["green"]})),),
        "j",
        source="bear",
        filter=freeze({"color": "blue"}),
    )
    assert not interact(plus_power, plus_toughness, IKORIA)
    assert not interact(blue, white, IKORIA) and not interact(flying, trample, IKORIA)
    assert interact(set_one, set_two, IKORIA) and interact(blue, only_red, IKORIA)
    assert interact(reads_blue, blue, IKORIA)
    assert not interact(set_one, blue, IKORIA) and not interact(only_red, flying, IKORIA)
    assert not interact(set_one, set_one, IKORIA)
    # an operation the reads module lists no writes for is taken to write every characteristic (its slot's filters
    # and amounts may read any): a creature losing all its creature types and one gaining a goblin's type interact
    no_creature_types = _effect("k", {"op": "remove_all_creature_types"})
    goblin = _effect("l", {"op": "add_subtypes", "subtypes": ["goblin"]})
    assert interact(no_creature_types, goblin, IKORIA) and interact(goblin, no_creature_types, IKORIA)
    # 613.4a-b: where a part applies follows its origin: a characteristic-defining ability's setting applies in 7a,
    # a resolved one's in 7b, so the two never meet in a slot
    cda = replace(set_two, key="m", origin="cda")
    assert not interact(cda, set_one, IKORIA) and interact(replace(set_one, key="n", origin="cda"), cda, IKORIA)


def test_613_1f_a_gain_and_a_loss_of_one_ability_do_not_commute() -> None:
    """613.1f, 613.4c: a gain and a loss of flying on one object: the one applied later decides whether it flies, so
    ``commute`` says no (it says no for any gain beside a named loss: it does not know which wordings generate an
    effect, 611.3b, and ``interact`` reads it)."""
    (add,) = _effect("b", {"op": "add_abilities", "abilities": ["flying", "reach"]}).parts
    (remove,) = _effect("c", {"op": "remove_abilities", "abilities": ["flying"]}).parts
    assert commute(add, add) and not commute(add, remove) and not commute(remove, add)
    bear = Characteristics(
        "Bear", 2, frozenset(), frozenset({"creature"}), frozenset(), frozenset(), frozenset(), 2, 2, "you"
    )
    assert "flying" in _in_order(bear, ((remove, 1.0), (add, 1.0))).abilities
    assert "flying" not in _in_order(bear, ((add, 1.0), (remove, 1.0))).abilities


_WORDS = st.lists(st.sampled_from(["flying", "vigilance", "reach", "{t}: add {g}."]), max_size=3, unique=True)
# Operations of a layer-6 and a layer-5 kind, their words drawn from one small set so that they often overlap.
_ONE_OBJECT_PARTS = st.one_of(
    st.builds(lambda w: Part("add_abilities", freeze({"abilities": w})), _WORDS),
    st.builds(lambda w: Part("remove_abilities", freeze({"abilities": w})), _WORDS),
    st.just(Part("remove_all_abilities", freeze({}))),
    st.builds(lambda c: Part("add_colors", freeze({"colors": c})), st.lists(st.sampled_from(COLORS), max_size=2)),
    st.builds(lambda c: Part("set_colors", freeze({"colors": c})), st.lists(st.sampled_from(COLORS), max_size=2)),
)


def _in_order(ch: Characteristics, parts: tuple[tuple[Part, float], ...]) -> Characteristics:
    """The parts applied one after the other, each with its effect's timestamp (613.7a)."""
    for p, ts in parts:
        ch = apply_instruction(ch, (p.op, p.args), ts)
    return ch


@given(
    a=_ONE_OBJECT_PARTS,
    b=_ONE_OBJECT_PARTS,
    held=st.sets(st.sampled_from(["flying", "vigilance", "reach", "{t}: add {g}.", "trample"])),
    granted=st.sets(st.sampled_from(["flying", "vigilance", "reach"])),
    intrinsic=st.booleans(),
)
def test_613_4c_operations_said_to_commute_give_one_result_in_either_order(
    a: Part, b: Part, held: set[str], granted: set[str], intrinsic: bool
) -> None:
    """613.1f, 613.4c, 613.7m: whenever ``commute`` says two operations on one object commute, applying them in
    either order leaves the object with the same characteristics: abilities, the timestamps of granted ones and the
    land's own mana ability included. The two are tied (one timestamp: the orders a reduction chooses between are a
    tie's, 613.7m); with two timestamps, two gains of one ability would leave it the timestamp of the one applied
    last, which the order of the timestamps decides, not a choice."""
    abilities = frozenset(held | granted | ({"{t}: add {g}."} if intrinsic else set()))
    ch = Characteristics(
        "Dryad", 1, frozenset({"green"}), frozenset({"creature", "land"}), frozenset({"forest"}), frozenset(),
        abilities, 1, 1, "you",
        granted=FrozenMap({w: 0.5 for w in granted}),
        intrinsic=frozenset({"{t}: add {g}."}) if intrinsic else frozenset(),
    )  # fmt: skip
    if commute(a, b):
        assert _in_order(ch, ((a, 1.0), (b, 1.0))) == _in_order(ch, ((b, 1.0), (a, 1.0)))


# One creature's own abilities, tied (613.7a: one timestamp): settings and additions of one characteristic
# (layer 5, layer 7b) and commuting ones, so that a group of tied effects all interact.
_OWN_PARTS = st.sampled_from(
    [
        {"op": "set_pt", "power": 1, "toughness": 1},
        {"op": "set_pt", "power": 3, "toughness": 2},
        {"op": "set_pt", "power": 0, "toughness": 4},
        {"op": "set_colors", "colors": ["red"]},
        {"op": "set_colors", "colors": ["blue", "green"]},
        {"op": "set_colors", "colors": []},
        {"op": "add_colors", "colors": ["white"]},
        {"op": "add_colors", "colors": ["red"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "add_abilities", "abilities": ["flying"]},
        {"op": "set_pt", "power": 5},
    ]
)


@st.composite
def own_tied_boards(draw: st.DrawFn) -> Board:
    """One creature with two to five static abilities of its own (one part or two each), sometimes with a second
    creature or a resolved effect sharing the timestamp."""
    n = draw(st.integers(2, 5))
    texts = [f"own ability {i}" for i in range(n)]
    abilities = [
        {"text": t, "applies_to": {"is_source": True}, "parts": draw(st.lists(_OWN_PARTS, min_size=1, max_size=2))}
        for t in texts
    ]
    objects = [creature("c", 1, colors=["green"], abilities=texts)]
    effects = []
    if draw(st.booleans()):
        effects.append({"id": "e1", "timestamp": 1, "applies_to": ["c"], "parts": [draw(_OWN_PARTS)]})
    return make_board(objects, effects, abilities)


# CI judges 40 boards (it judged 75, 16.0 s in CI, 2026-12-07: the suite's time is budgeted; a reduction that drops
# the last order of a group of three classes or more fails it at 40); the long profile by hand takes its own count.
@pytest.mark.slow
@settings(max_examples=ci_examples(40))
@given(own_tied_boards(), st.sampled_from(VERSION_IDS))
def test_settings_tried_by_their_last_one_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """613.4b, 613.1e, 613.7m: trying one order per last setting effect (and additions after it) reaches exactly
    the outcomes of every order, on a creature with up to five tied abilities of its own."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid))


def _setting(n: int) -> Board:
    """One 1/1 creature with ``n`` abilities of its own, the i-th setting its power and toughness to i/i."""
    return _tied(n, setting=n)


def test_twelve_and_twenty_settings_give_one_outcome_per_last_one() -> None:
    """613.4b, 613.7m: n abilities of one creature each setting its power and toughness, in one timestamp: the
    last one applied wins, so there are n outcomes (1/1 to n/n), found with n resolutions and one to meet the
    tie, never n! orders."""
    for n in (12, 20):
        found = distinct_outcomes(_setting(n), CURRENT)
        assert sorted(o.final["c"].power or 0 for o in found.outcomes) == list(range(1, n + 1))
        assert (found.complete, found.runs, found.depends_on_choice) == (True, n + 1, True)


def test_settings_and_additions_of_colors_try_each_last_setting_and_what_follows_it() -> None:
    """613.1e, 613.7m: two settings of colors and two additions in layer 5: what counts is the last setting and
    the additions after it: 2 x 4 orders, not 4! (each setting may be last, each addition before or after it)."""
    texts = ["is red", "is blue", "is also white", "is also black"]
    ops = [
        {"op": "set_colors", "colors": ["red"]},
        {"op": "set_colors", "colors": ["blue"]},
        {"op": "add_colors", "colors": ["white"]},
        {"op": "add_colors", "colors": ["black"]},
    ]
    board = make_board(
        [creature("c", 1, colors=["green"], abilities=texts)],
        abilities=[
            {"text": t, "applies_to": {"is_source": True}, "parts": [o]} for t, o in zip(texts, ops, strict=True)
        ],
    )
    keys = [f"c:{t}" for t in texts]
    tried = last_writer_orders(keys, DistinctOrders(board, IKORIA).effects, IKORIA)
    assert tried is not None and len(tried) == 8
    found = distinct_outcomes(board, IKORIA)
    colors = {frozenset(o.final["c"].colors) for o in found.outcomes}
    expected = {frozenset({base, *extra}) for base in ("red", "blue") for extra in ((), ("white",), ("black",))}
    expected |= {frozenset({base, "white", "black"}) for base in ("red", "blue")}
    assert colors == expected and found.complete


def test_settings_of_different_objects_keep_every_order() -> None:
    """611.2c, 613.4b: effects that may apply to different objects are not reduced to their last one."""
    effects = DistinctOrders(
        make_board(
            [creature("bear", 1), creature("elk", 2)],
            [
                {
                    "id": "a",
                    "timestamp": 5,
                    "applies_to": ["bear"],
                    "parts": [{"op": "set_pt", "power": 1, "toughness": 1}],
                },
                {
                    "id": "b",
                    "timestamp": 5,
                    "applies_to": ["elk"],
                    "parts": [{"op": "set_pt", "power": 2, "toughness": 2}],
                },
                {
                    "id": "c",
                    "timestamp": 5,
                    "applies_to": ["bear"],
                    "parts": [{"op": "set_pt", "power": 3, "toughness": 3}],
                },
            ],
        ),
        IKORIA,
    ).effects
    assert last_writer_orders(["a", "b", "c"], effects, IKORIA) is None


def test_twelve_abilities_each_setting_power_and_colors_give_one_outcome_per_last_one() -> None:
    """613.4b, 613.1e, 613.7m: twelve abilities of one creature, each setting its power and toughness (7b) and its
    color (5): in both layers the last one applied wins, the same one: twelve outcomes, thirteen resolutions."""
    colors = ["white", "blue", "black", "red", "green"]
    texts = [f"setting {i}" for i in range(12)]
    board = make_board(
        [creature("c", 1, colors=["green"], abilities=texts)],
        abilities=[
            {
                "text": t,
                "applies_to": {"is_source": True},
                "parts": [
                    {"op": "set_pt", "power": i, "toughness": i},
                    {"op": "set_colors", "colors": [colors[i % 5]]},
                ],
            }
            for i, t in enumerate(texts)
        ],
    )
    found = distinct_outcomes(board, IKORIA)
    finals = sorted((o.final["c"].power or 0, tuple(o.final["c"].colors)) for o in found.outcomes)
    assert finals == [(i, (colors[i % 5],)) for i in range(12)]
    assert (found.complete, found.runs) == (True, 13)


def test_an_effect_granting_a_static_ability_is_out_of_scope_and_one_granting_a_keyword_is_not() -> None:
    """611.3b, 613.1f: granting an ability the board defines as a static ability makes a new effect, so the classes
    of orders no longer hold; granting a keyword (no definition) makes none."""
    anthem: dict[str, Any] = {
        "text": "other creatures get +1/+1",
        "applies_to": {"type": "creature", "other_than_source": True},
    }
    anthem["parts"] = [{"op": "modify_pt", "power": 1, "toughness": 1}]

    def granting(ability: str) -> Board:
        grant = {
            "id": "g",
            "timestamp": 5,
            "applies_to": ["c"],
            "parts": [{"op": "add_abilities", "abilities": [ability]}],
        }
        return make_board([creature("c", 2), creature("d", 3)], [grant], [anthem])

    board = granting("other creatures get +1/+1")
    assert (
        out_of_scope(board, DistinctOrders(board, IKORIA).effects)
        == "an ability granted that generates an effect (611.3b)"
    )
    board = granting("flying")
    assert out_of_scope(board, DistinctOrders(board, IKORIA).effects) is None


@pytest.mark.parametrize("w", ["a-w", "zz-w"])
def test_an_own_static_ability_before_a_resolving_effect_links_their_components(w: str) -> None:
    """613.7n, 613.7m: x's own static ability (o9 is legendary) goes before a resolving effect on x (x is no longer an
    artifact), with one timestamp, while w's static ability making x an artifact does not. The legendary one commutes
    with both, so it had a component of its own, and one order per group was tried: the tie's order. With w's key
    first, w's ability applied first and the removal last (not an artifact); the other outcome, where x's applies
    first and the removal then ties with w's and may come first (an artifact), was missed. 613.7n's order now links
    the two components: both outcomes, as every order gives."""
    abilities = [
        {
            "text": "x makes o9 legendary",
            "applies_to": {"id": "o9"},
            "parts": [{"op": "add_supertypes", "supertypes": ["legendary"]}],
        },
        {
            "text": "w makes x an artifact",
            "applies_to": {"id": "x"},
            "parts": [{"op": "add_types", "types": ["artifact"]}],
        },
    ]
    objects = [
        creature("x", 1, 1, 1, abilities=["x makes o9 legendary"]),
        creature(w, 1, 1, 1, abilities=["w makes x an artifact"]),
        creature("o9", 0.5, 1, 1),
    ]
    removal = {"op": "remove_types", "types": ["artifact"]}
    effects = [{"id": "c", "controller": "p1", "timestamp": 1, "applies_to": ["x"], "parts": [removal]}]
    current = get_version("current")
    board = make_board(objects, effects, abilities, version=current)
    found = distinct_outcomes(board, current)
    assert found.complete
    assert {"artifact" in o.final["x"].types for o in found.outcomes} == {True, False}
