"""Tied losses of all abilities reaching an object that holds a defined ability whose effect begins before the losses'
slot (issue 28 item 14): a characteristic-defining one locked in before the tie
(``reference_optimized.territories.defined_locked_before``), and one whose first slot is the tie's or lies between the
tie's and the losses' (``begun_before_losses``). The same outcomes as every order, one order per signature; the
definitions the readings refuse keep every order."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.choices import outcomes
from reference.model import Board
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import slot_start
from reference_optimized.territories import begun_before_losses, defined_locked_before

from ..builders import creature, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, LOSE, VERSION_IDS, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")
M10 = get_version("m10")
PRE_M10 = get_version("pre-m10")

_OTHERS_YOU_CONTROL = {"all": [{"type": "creature"}, {"other_than_source": True}, {"controller": "you"}]}
_BLUE = {"op": "set_colors", "colors": ["blue"]}
_ARTIFACT = {"op": "add_types", "types": ["artifact"]}
_PLUS = {"op": "modify_pt", "power": 1, "toughness": 1}
_CDA_BLUE_SIZE = "this creature is blue and its power and toughness are 3 (defining)"
_CDA_ARTIFACT_BLUE = "this creature is an artifact and blue (defining)"
_CDA_BLUE = "this creature is blue (defining)"
_BLUE_PLUS = "this creature is blue and gets +1/+1"
_BLUE_HASTE = "this creature is blue and has haste"
_BLUE_LORD = "this creature is blue and other creatures you control have vigilance"
_BLUE_TAKES_C = "this creature is blue and c loses all abilities"
_BLUE_TAKES_FLYING = "this creature is blue and other creatures you control lose flying"
_DEFINED: list[dict[str, Any]] = [
    {
        "text": _CDA_BLUE_SIZE,
        "applies_to": {"is_source": True},
        "cda": True,
        "parts": [_BLUE, {"op": "set_pt", "power": 3, "toughness": 3}],
    },
    {"text": _CDA_ARTIFACT_BLUE, "applies_to": {"is_source": True}, "cda": True, "parts": [_ARTIFACT, _BLUE]},
    {"text": _CDA_BLUE, "applies_to": {"is_source": True}, "cda": True, "parts": [_BLUE]},
    {"text": _BLUE_PLUS, "applies_to": {"is_source": True}, "parts": [_BLUE, _PLUS]},
    {"text": _BLUE_HASTE, "applies_to": {"is_source": True}, "parts": [_BLUE, gain("haste")]},
    {"text": _BLUE_LORD, "applies_to": _OTHERS_YOU_CONTROL, "parts": [_BLUE, gain("vigilance")]},
    {"text": _BLUE_TAKES_C, "applies_to": {"id": "c"}, "parts": [{"op": "set_colors", "colors": ["white"]}, LOSE]},
    {
        "text": _BLUE_TAKES_FLYING,
        "applies_to": _OTHERS_YOU_CONTROL,
        "parts": [_BLUE, {"op": "remove_abilities", "abilities": ["flying"]}],
    },
]
_TEXTS = tuple(str(d["text"]) for d in _DEFINED)
# What a tied effect does in the losses' layer: losses of all abilities (or all but mana abilities), gains of keywords,
# a named loss, a change of power
_OPS = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain("haste"),
        {"op": "remove_abilities", "abilities": ["flying"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
    ]
)
# What it may do first, in an earlier layer (the tie then begins there: 4 or 5)
_EARLY = st.sampled_from(
    [
        None,
        None,
        _ARTIFACT,
        {"op": "remove_types", "types": ["artifact"]},
        {"op": "set_colors", "colors": ["red"]},
        {"op": "add_colors", "colors": ["green"]},
    ]
)


@st.composite
def losses_beside_definitions_begun_early(draw: st.DrawFn) -> Board:
    """Three to five tied effects: static abilities of c (timestamp 1, a creature) on o0, o1 or c by id, or resolved
    effects with one timestamp (2) on listed creatures, each doing one thing in layer 6 and maybe one before it (4 or
    5: the tie then begins there); o0 and o1 (timestamps 0.5, 1, 2 or 3) holding keywords and defined abilities that
    begin in layer 4 or 5 (characteristic-defining or not; in 4 and 5, 5 and 6, 5 and 7a or 7c, on themselves, on other
    creatures, on c; some taking abilities away), o0 one at least."""
    n = draw(st.integers(3, 5))
    resolved = draw(st.integers(0, 3)) == 0
    abilities: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for i in range(n):
        parts = [p for p in (draw(_EARLY), draw(_OPS)) if p is not None]
        if resolved:
            on = draw(st.lists(st.sampled_from(["o0", "o1", "c"]), min_size=1, max_size=2, unique=True))
            effects.append({"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": on, "parts": parts})
        else:
            target = draw(st.sampled_from(["o0", "o0", "o0", "o1", "c"]))
            abilities.append({"text": f"tied {i}", "applies_to": {"id": target}, "parts": parts})
    objects = [creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities])]
    for oid in ("o0", "o1"):
        own = draw(st.lists(st.sampled_from(("flying", "vigilance", *_TEXTS)), max_size=2, unique=True))
        if oid == "o0":
            own = list(dict.fromkeys([draw(st.sampled_from(_TEXTS)), *own]))
        objects.append(creature(oid, draw(st.sampled_from([0.5, 1, 2, 3])), 1, 1, abilities=own))
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards.
@pytest.mark.slow
@settings(max_examples=ci_examples(15))
@given(losses_beside_definitions_begun_early(), st.sampled_from(VERSION_IDS))
def test_losses_beside_definitions_begun_early_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3b, 613.1f, 613.3, 613.6, 613.7m: with tied losses of all abilities reaching objects that hold defined
    abilities whose effects begin before the losses' layer (before the tie's slot or in it or after it), the orders
    tried reach exactly the outcomes of every order, complete, with no more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def begun_board(held: str, stamp: float, n: int, early: bool = True) -> Board:
    """c's n abilities (timestamp 1), all on o0: each first adds or removes the card type artifact (layer 4: the tie
    begins there; with ``early``), then the even ones make o0 lose all abilities and the odd ones give it flying,
    haste, then trample; o0 (timestamp ``stamp``) holds flying and ``held``."""
    abilities = []
    for k in range(n):
        first = [_ARTIFACT if k % 2 == 0 else {"op": "remove_types", "types": ["artifact"]}] if early else []
        then = LOSE if k % 2 == 0 else gain(("flying", "haste", "trample")[(k // 2) % 3])
        abilities.append({"text": f"ability {k}", "applies_to": {"id": "o0"}, "parts": [*first, then]})
    objects = [
        creature("c", 1, 1, 1, abilities=[str(a["text"]) for a in abilities]),
        creature("o0", stamp, 1, 1, abilities=["flying", held]),
        creature("o1", 0.25, 1, 1),
    ]
    return make_board(objects, [], abilities + _DEFINED)


def _o0(found: Any) -> set[tuple[Any, ...]]:
    return {
        (frozenset(o.final["o0"].abilities), frozenset(o.final["o0"].colors), o.final["o0"].power)
        for o in found.outcomes
    }


def _five_against_every_order(board: Board, version: Any) -> Any:
    """613.7m: the reduced outcomes of a five-key tie, complete in five resolutions, are every order's (121)."""
    every = every_orders_outcomes(board, version, 1000)
    found = distinct_outcomes(board, version)
    assert (found.complete, found.runs, every.runs) == (True, 5, 121)
    assert outcome_keys(found) == outcome_keys(every)
    return found


_FLY, _HASTE = frozenset({"flying"}), frozenset({"haste"})


def test_a_definition_begun_between_the_ties_slot_and_the_losses_is_read_as_a_keyword() -> None:
    """611.3b, 613.6, 613.1f, 613.7m: c's five tied abilities on o0 each add or remove the type artifact (layer 4,
    where the tie begins), then lose all, flying, lose all, haste, lose all (layer 6). o0 (timestamp 0.5) holds "this
    creature is blue and gets +1/+1" (5 and 7c): its effect begins in layer 5, after the tie's slot and before the
    losses', in every order (no ability is taken before layer 6), and keeps applying in 7c (613.6): o0 is blue and
    2/2 in every outcome. Each tied ability touches o0's card types and abilities, so the last one decides both: o0 is
    an artifact exactly when it is a loss (and then has neither flying nor haste); else it keeps flying or haste when a
    grant of it follows the last loss. Four outcomes, every order's: five resolutions against 121."""
    board = begun_board(_BLUE_PLUS, 0.5, 5)
    for version in (M10, IKORIA, CURRENT):
        found = _five_against_every_order(board, version)
        blue = frozenset({"blue"})
        assert _o0(found) == {(a, blue, 2) for a in (frozenset(), _FLY, _HASTE, _FLY | _HASTE)}


def test_a_definition_begun_between_with_a_later_timestamp_gives_haste_after_the_group() -> None:
    """613.6, 613.7: o0 (timestamp 3, after c's) holds "this creature is blue and has haste" (5 and 6): its effect
    begins in layer 5 in every order and, locked in, gives haste in layer 6 after every tied effect, though the losses
    took its ability: o0 has haste in every outcome, flying when its grant follows the last loss. Every order's
    outcomes, five resolutions against 121."""
    board = begun_board(_BLUE_HASTE, 3, 5)
    found = _five_against_every_order(board, CURRENT)
    assert {frozenset(o.final["o0"].abilities) for o in found.outcomes} == {_HASTE, _FLY | _HASTE}


def test_a_characteristic_defining_ability_locked_in_before_the_tie_keeps_applying() -> None:
    """611.3b, 613.3, 613.6, 613.7m: the same five tied abilities without the layer-4 parts (the tie begins in layer
    6); o0 (timestamp 0.5 or 3) holds a characteristic-defining "this creature is blue and its power and toughness are
    3" (5 and 7a). Its effect began in layer 5 and is locked in, so it keeps applying in 7a though every order takes the
    ability away (613.6): o0 is blue and 3/3 in every outcome. Five resolutions against 121. Before M10 colors and
    abilities share one layer (the losses'): not locked in before the tie, every order is kept (stopping at the
    limit)."""
    for stamp in (0.5, 3):
        board = begun_board(_CDA_BLUE_SIZE, stamp, 5, early=False)
        for version in (M10, IKORIA, CURRENT):
            found = _five_against_every_order(board, version)
            blue = frozenset({"blue"})
            assert _o0(found) == {(a, blue, 3) for a in (frozenset(), _FLY, _HASTE, _FLY | _HASTE)}
        assert not distinct_outcomes(board, PRE_M10).complete


def test_a_characteristic_defining_ability_with_the_groups_timestamp_keeps_every_order() -> None:
    """613.7: o0 with c's timestamp holds the characteristic-defining ability: its holder's effects share the group's
    timestamp, so the readings refuse it and every order is kept (the same outcomes, 121 resolutions)."""
    board = begun_board(_CDA_BLUE_SIZE, 1, 5, early=False)
    every = outcomes(board, CURRENT, limit=1000)
    found = distinct_outcomes(board, CURRENT, limit=1000)
    assert outcome_keys(found) == outcome_keys(every)
    assert found.runs == every.runs == 121


@pytest.mark.parametrize(("held", "early"), [(_BLUE_PLUS, True), (_CDA_BLUE_SIZE, False), (_CDA_ARTIFACT_BLUE, True)])
def test_twelve_tied_abilities_beside_a_definition_begun_early_are_nine_resolutions(held: str, early: bool) -> None:
    """613.7m: at N = 12 the odd abilities give o0 flying, haste and trample, twice each: o0 keeps each when one of its
    grants follows the last loss, any set of the three: eight outcomes. With the layer-4 parts, o0 is an artifact
    exactly when the last tied ability adds the type, a loss, which leaves it none of the three: eight outcomes still.
    One resolution meets the tie, then one order per signature, eight; every order (12!) stops at its limit."""
    found = distinct_outcomes(begun_board(held, 0.5, 12, early), CURRENT)
    assert (found.complete, found.runs, len(found.outcomes)) == (True, 9, 8)


def _start(board: Board, version: Any) -> tuple[list[Any], frozenset[str], int]:
    tie = resolve(board, version).undecided[0]
    start = slot_start(board, version, tie)
    assert start is not None
    return start[0], frozenset(start[1]), version.slot_index(tie.slot)


def test_defined_locked_before_asks_for_a_locked_characteristic_defining_effect() -> None:
    """611.3b, 613.3, 613.6: ``defined_locked_before`` takes o0's characteristic-defining "blue, and 3/3" locked in
    before a tie in layer 6; not when it is not locked in, not an ability that is not characteristic-defining
    (``locked_before`` reads those), not one whose holder shares the group's timestamp, not one that does more than
    apply in layers, and not one that takes abilities away."""
    board = begun_board(_CDA_BLUE_SIZE, 0.5, 3, early=False)
    near, locked, _ = _start(board, CURRENT)
    d = board.abilities[_CDA_BLUE_SIZE]
    key, stamps = f"o0:{_CDA_BLUE_SIZE}", frozenset({1.0})
    assert key in locked
    assert defined_locked_before(d, key, "o0", near, locked, stamps)
    assert not defined_locked_before(d, key, "o0", near, frozenset(), stamps)
    assert not defined_locked_before(d, key, "o0", near, locked, None)
    assert not defined_locked_before(replace(d, cda=False), key, "o0", near, locked, stamps)
    assert not defined_locked_before(d, key, "o0", near, locked, frozenset({0.5}))  # o0's own timestamp
    assert not defined_locked_before(
        replace(d, condition={"left": 1, "op": ">=", "right": 1}), key, "o0", near, locked, stamps
    )
    taking = board.abilities[_BLUE_TAKES_C]
    assert not defined_locked_before(replace(taking, cda=True), key, "o0", near, locked, stamps)


def test_begun_before_losses_asks_for_a_first_slot_from_the_ties_to_the_losses() -> None:
    """611.3b, 613.1f, 613.6: ``begun_before_losses`` takes a definition whose first slot is the tie's (4) or between it
    and the losses' (6): "is an artifact and blue" (4 and 5), "is blue and gets +1/+1" (5 and 7c), the
    characteristic-defining "is blue" (5); not one starting before the tie's slot (``locked_before`` reads it), nor in
    the losses' slot or after, nor one that takes abilities away, nor one whose holder shares the group's timestamp,
    nor one that does more than apply in layers, nor without a slot."""
    board = begun_board(_BLUE_PLUS, 0.5, 3)
    near, _, start = _start(board, CURRENT)
    six, five = CURRENT.slot_index("6"), CURRENT.slot_index("5")
    assert start == CURRENT.slot_index("4")
    defs, stamps = board.abilities, frozenset({1.0})

    def takes(text: str, begin: int | None = start, where: int = six, stamps: Any = stamps) -> bool:
        return begun_before_losses(defs[text], "o0", near, begin, where, CURRENT, stamps)

    assert takes(_BLUE_PLUS) and takes(_CDA_ARTIFACT_BLUE) and takes(_CDA_BLUE) and takes(_BLUE_LORD)
    assert takes(_BLUE_PLUS, begin=five)  # in the tie's own slot
    assert not takes(_CDA_ARTIFACT_BLUE, begin=five)  # its layer-4 part comes before the tie's slot
    assert not takes(_BLUE_PLUS, where=five)  # its first slot is the losses'
    assert not takes(_BLUE_PLUS, begin=None)
    assert not takes(_BLUE_PLUS, stamps=None)
    assert not takes(_BLUE_PLUS, stamps=frozenset({0.5}))  # o0's own timestamp
    assert not takes(_BLUE_TAKES_C) and not takes(_BLUE_TAKES_FLYING)
    d = defs[_BLUE_PLUS]
    assert not begun_before_losses(replace(d, parts=()), "o0", near, start, six, CURRENT, stamps)
    cond = {"left": 1, "op": ">=", "right": 1}
    assert not begun_before_losses(replace(d, condition=cond), "o0", near, start, six, CURRENT, stamps)
