"""A lord given by the tied group (issue 28 item 14, shape b): a gain of the group gives an object a defined ability
acting on objects its filter finds ("other creatures you control have vigilance", "... get +1/+1";
``reference_optimized.territories.lord_given``). The same outcomes as every order, one order per signature; a loss
reaching another object the lord acts on makes the order decide, and every order is kept. A tie naming an effect that
a granted ability generates in the tie's own slot keeps every order (``territories.names_only_present``): Rune of
Flight on Colossus Hammer, which a reading without that check lost an outcome of, and a board of one creature whose own
ability ties with one granted to it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.case import board_at
from reference.choices import outcomes
from reference.frozen import freeze
from reference.model import Board, Part
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import slot_start
from reference_optimized.territories import lord_given, lord_objects, names_only_present

from ..builders import corpus_case, creature, enchantment, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, LOSE, VERSION_IDS, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys
from .test_lose_all_tied_holders import _start

CURRENT = get_version("current")
IKORIA = get_version("ikoria")

_OTHERS = {"all": [{"type": "creature"}, {"other_than_source": True}, {"controller": "you"}]}
_YOURS = {"all": [{"type": "creature"}, {"controller": "you"}]}
_ARTIFACTS = {"all": [{"type": "artifact"}, {"other_than_source": True}]}
_PLUS = {"op": "modify_pt", "power": 1, "toughness": 1}
_VIGILANCE = "other creatures you control have vigilance"
_ALL_VIGILANCE = "creatures you control have vigilance"
_LORD_PLUS = "other creatures you control get +1/+1"
_HASTE_PLUS = "other creatures you control have haste and get +1/+1"
_ARTIFACT_LORD = "other artifacts have vigilance"
_EQUIPPED = "equipped creature has vigilance"
_EQUIPPED_LOSES = "equipped creature loses vigilance"
_OWN_LOSES = "this creature loses flying"
_GRANTED_FLYING = "this creature has flying"
_MANA_LORD = "{t}: add {g}."
_DEFINED: list[dict[str, Any]] = [
    {"text": _VIGILANCE, "applies_to": _OTHERS, "parts": [gain("vigilance")]},
    {"text": _ALL_VIGILANCE, "applies_to": _YOURS, "parts": [gain("vigilance")]},
    {"text": _LORD_PLUS, "applies_to": _OTHERS, "parts": [_PLUS]},
    {"text": _HASTE_PLUS, "applies_to": _OTHERS, "parts": [gain("haste"), _PLUS]},
    {"text": _ARTIFACT_LORD, "applies_to": _ARTIFACTS, "parts": [gain("vigilance")]},
    {"text": _EQUIPPED, "applies_to": {"attached_to_source": True}, "parts": [gain("vigilance")]},
    {
        "text": _EQUIPPED_LOSES,
        "applies_to": {"attached_to_source": True},
        "parts": [{"op": "remove_abilities", "abilities": ["vigilance"]}],
    },
    {
        "text": _OWN_LOSES,
        "applies_to": {"is_source": True},
        "parts": [{"op": "remove_abilities", "abilities": ["flying"]}],
    },
    {"text": _GRANTED_FLYING, "applies_to": {"is_source": True}, "parts": [gain("flying")]},
]
_LORDS = (_VIGILANCE, _ALL_VIGILANCE, _LORD_PLUS, _HASTE_PLUS, _ARTIFACT_LORD, _EQUIPPED)


def _abilities(found: Any, oid: str) -> set[frozenset[str]]:
    return {frozenset(o.final[oid].abilities) for o in found.outcomes}


# ---------------------------------------------------------------------------------------------------------------------
# The board ties21's reading lost an outcome of, and the hole behind it


@pytest.mark.parametrize("vid", ["ikoria", "2021-02-14"])
def test_rune_of_flight_on_the_moved_hammer_keeps_both_outcomes(vid: str) -> None:
    """613.7a (texts before 2021-02-15: "whichever is later"), 611.3b, 613.7m: the Hammer moved to the second Hawk gets
    timestamp 5, and so does the "equipped creature has flying" Rune of Flight gives it; that granted effect exists only
    once the Rune's grant applies in layer 6, the tie's own slot, and ties there with the Hammer's "loses flying". A
    reading that joined the lord's objects to the Hammer's territory and grouped that tie's keys by the effects in play
    as the slot began gave the granted key a group of its own and tried one order: the new Hawk always flew. Both
    outcomes (it flies, it does not) come back, and the corpus's two outcomes are every order's."""
    version = get_version(vid)
    board = board_at(corpus_case("cr-613-7a-rune-of-flight-hammer-moves"), 2, version)
    every, fewer = outcomes(board, version), distinct_outcomes(board, version)
    assert every.complete and fewer.complete
    assert outcome_keys(fewer) == outcome_keys(every)
    assert _abilities(fewer, "hawk2") == {frozenset({"flying"}), frozenset()}
    assert (fewer.runs, every.runs) == (4, 7)


def _own_against_granted() -> Board:
    """o0 (timestamp 5) has "this creature loses flying"; c (timestamp 4) gives o0 "this creature has flying", whose
    effect takes o0's timestamp (613.7a, the later) and ties with o0's own in layer 6."""
    defs = [
        *_DEFINED,
        {"text": "o0 has the flying giver", "applies_to": {"id": "o0"}, "parts": [gain(_GRANTED_FLYING)]},
    ]
    objects = [creature("o0", 5, abilities=[_OWN_LOSES]), enchantment("c", 4, "o0 has the flying giver")]
    return make_board(objects, [], defs)


@pytest.mark.parametrize("vid", ["pre-m10", "m10", "ikoria", "current"])
def test_a_tie_of_an_effect_granted_in_the_slot_keeps_every_order(vid: str) -> None:
    """611.3b, 613.7a, 613.7m: no lord: o0's own "loses flying" ties with the "has flying" granted to it in the same
    slot, and the order decides (two outcomes before today's rules; one under them, where the granted effect's place
    is fixed). Read from the slot on, the tie's keys name an effect not in play as the slot began; ``orders.groups``
    gave it a group of its own and the territories tried one order (on main before this branch: one outcome of two
    under pre-M10, M10 and Ikoria). ``names_only_present`` keeps every order."""
    version = get_version(vid)
    board = _own_against_granted()
    every, fewer = outcomes(board, version), distinct_outcomes(board, version)
    assert outcome_keys(fewer) == outcome_keys(every)
    assert len(every.outcomes) == (1 if vid == "current" else 2)
    if vid != "current":  # today's rules order the granted effect after o0's own (613.7a): no tie
        tie = resolve(board, version).undecided[0]
        start = slot_start(board, version, tie)
        assert start is not None
        assert names_only_present(tie, start[0]) is False


# ---------------------------------------------------------------------------------------------------------------------
# Golden boards: a lord given among tied losses and gains on o0


def lord_board(lord: str, n: int, o1_loses: bool = False) -> Board:
    """c (an enchantment, timestamp 1) has n abilities on o0: the even ones make it lose all abilities, the odd ones
    give it flying, ``lord``, then trample; with ``o1_loses``, one more makes o1 lose all abilities. o0 (timestamp
    0.5) has flying; o1 (0.25), reach."""
    parts = [LOSE if k % 2 == 0 else gain(("flying", lord, "trample")[(k // 2) % 3]) for k in range(n)]
    abilities = [{"text": f"ability {k}", "applies_to": {"id": "o0"}, "parts": [p]} for k, p in enumerate(parts)]
    if o1_loses:
        abilities.append({"text": "o1 loses all", "applies_to": {"id": "o1"}, "parts": [LOSE]})
    objects = [
        enchantment("c", 1, *[str(a["text"]) for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=["flying"]),
        creature("o1", 0.25, 1, 1, abilities=["reach"]),
    ]
    return make_board(objects, [], abilities + _DEFINED)


def test_a_lord_given_in_the_losses_layer_waits_for_its_holders_losses() -> None:
    """611.3b, 613.8a-b, 613.7m: c's five tied abilities on o0: lose all, flying, lose all, "other creatures you control
    have vigilance", lose all. The lord's effect depends on each loss reaching o0, so it applies after all of them, and
    only when its grant follows the last loss: o0 has the wording exactly when o1 has vigilance, and flying when its
    grant follows the last loss: four outcomes (derived: each grant after the last loss or not). Under Ikoria's rules
    the given effect takes the group's timestamp and meets a tie of its own, kept in every order: 7 resolutions against
    133; today's, 5 against 121."""
    board = lord_board(_VIGILANCE, 5)
    fly, lord = frozenset({"flying"}), frozenset({_VIGILANCE})
    for version, runs, every_runs in ((IKORIA, 7, 133), (CURRENT, 5, 121)):
        every = outcomes(board, version, limit=1000)
        found = distinct_outcomes(board, version)
        assert (found.complete, found.runs, every.runs) == (True, runs, every_runs)
        assert outcome_keys(found) == outcome_keys(every)
        ends = {(frozenset(o.final["o0"].abilities), frozenset(o.final["o1"].abilities)) for o in found.outcomes}
        reach, vigilant = frozenset({"reach"}), frozenset({"reach", "vigilance"})
        assert ends == {(frozenset(), reach), (fly, reach), (lord, vigilant), (fly | lord, vigilant)}


@pytest.mark.parametrize("lord", [_VIGILANCE, _LORD_PLUS])
def test_six_tied_abilities_giving_a_lord_against_every_order(lord: str) -> None:
    """613.7m: N = 6 (lose all, flying, lose all, the lord, lose all, trample): every order is 721 resolutions, the
    reduction 9, the same eight outcomes (o0 keeps each of flying, the lord and trample when its grant follows the last
    loss; o1 has vigilance, or is 2/2, exactly when o0 keeps the lord)."""
    board = lord_board(lord, 6)
    every = outcomes(board, CURRENT, limit=1000)
    found = distinct_outcomes(board, CURRENT)
    assert (every.complete, found.complete, every.runs, found.runs) == (True, True, 721, 9)
    assert outcome_keys(found) == outcome_keys(every)
    assert len(found.outcomes) == 8
    keeps = {(lord in o.final["o0"].abilities, o.final["o1"].abilities, o.final["o1"].power) for o in found.outcomes}
    if lord == _VIGILANCE:
        assert {(k, frozenset(a)) for k, a, _ in keeps} == {
            (True, frozenset({"reach", "vigilance"})),
            (False, frozenset({"reach"})),
        }
    else:
        assert {(k, p) for k, _, p in keeps} == {(True, 2), (False, 1)}


@pytest.mark.parametrize(("n", "runs"), [(7, 9), (8, 9), (9, 9), (10, 9)])
def test_seven_to_ten_tied_abilities_giving_a_lord_are_nine_resolutions(n: int, runs: int) -> None:
    """613.7m: at N = 7 to 10 the odd abilities give o0 flying, the lord and trample in turn (some twice): o0 keeps each
    when one of its grants follows the last loss, any set of the three: eight outcomes (derived), one resolution meeting
    the tie and one per outcome; every order (N! from 5,040) is not enumerated."""
    found = distinct_outcomes(lord_board(_VIGILANCE, n), CURRENT)
    assert (found.complete, found.runs, len(found.outcomes)) == (True, runs, 8)
    assert {frozenset(o.final["o0"].abilities) & {"flying", "trample", _VIGILANCE} for o in found.outcomes} == {
        frozenset(s)
        for s in ((), ("flying",), ("trample",), (_VIGILANCE,), ("flying", "trample"), ("flying", _VIGILANCE))
        + (("trample", _VIGILANCE), ("flying", "trample", _VIGILANCE))
    }


def test_a_lord_given_after_the_losses_layer_exists_by_the_signature() -> None:
    """611.3b, 613.4c, 613.7m: the lord gives +1/+1 (7c): its effect exists after layer 6 exactly when o0 keeps the
    wording, and it commutes with everything in 7c: o1 is 2/2 in those outcomes, 1/1 in the others; five resolutions
    against 121, and a loss of o1's abilities beside it (layer 6, before the lord's only slot) changes nothing: 5
    against 721."""
    for o1_loses, every_runs in ((False, 121), (True, 721)):
        board = lord_board(_LORD_PLUS, 5, o1_loses)
        every = outcomes(board, CURRENT, limit=1000)
        found = distinct_outcomes(board, CURRENT)
        assert (found.complete, found.runs, every.runs) == (True, 5, every_runs)
        assert outcome_keys(found) == outcome_keys(every)
        assert {(_LORD_PLUS in o.final["o0"].abilities, o.final["o1"].power) for o in found.outcomes} == {
            (True, 2),
            (False, 1),
        }


def test_a_loss_of_another_object_the_lord_acts_on_keeps_every_order() -> None:
    """611.3b, 613.8a-b, 613.7m: c's four abilities on o0 (lose all, flying, lose all, "other creatures you control
    have vigilance") and a fifth making o1 lose all abilities. The lord's effect waits for o0's losses, not for o1's:
    where o1's loss comes before it, o1 ends with vigilance; after it, o1 may end with nothing though o0 keeps the lord.
    Two orders with one signature end differently, so ``lord_given`` refuses the lord and every order is kept: 153
    resolutions, six outcomes, among them o0 with the lord and o1 with nothing."""
    board = lord_board(_VIGILANCE, 4, o1_loses=True)
    every = outcomes(board, IKORIA, limit=1000)
    found = distinct_outcomes(board, IKORIA, limit=1000)
    assert outcome_keys(found) == outcome_keys(every)
    assert (found.runs, every.runs, len(found.outcomes)) == (153, 153, 6)
    ends = {(frozenset(o.final["o0"].abilities), frozenset(o.final["o1"].abilities)) for o in found.outcomes}
    assert (frozenset({_VIGILANCE}), frozenset()) in ends
    assert (frozenset({_VIGILANCE}), frozenset({"vigilance"})) in ends
    near, objects, state, _ = _start(board, IKORIA)
    gain_lord = next(e for e in near if e.key == "c:ability 3")
    d = board.abilities[_VIGILANCE]
    six = IKORIA.slot_index("6")
    assert not lord_given(d, objects[gain_lord.key], six, near, objects, [d], board, state, IKORIA)
    alone = [e for e in near if e.key != "c:o1 loses all"]
    assert lord_given(d, objects[gain_lord.key], six, alone, objects, [d], board, state, IKORIA)


def _resolved_lord_board(kind: str) -> Board:
    """Resolved effects of one timestamp (2) on o0: lose all, flying, lose all, the lord, lose all; with ``both`` the
    last loss reaches o1 too, else the grant of flying reaches o2 too and one more effect makes o2 (another player's
    creature, which the lord does not reach) lose all abilities. o0 (0.5) has flying; o1 and o2 (0.25), reach."""
    parts: list[list[dict[str, Any]]] = [[LOSE], [gain("flying")], [LOSE], [gain(_VIGILANCE)], [LOSE]]
    on = [["o0"], ["o0"], ["o0"], ["o0"], ["o0", "o1"] if kind == "both" else ["o0"]]
    if kind != "both":  # flying for o2 too, which joins o2 to o0's territory
        on[1] = ["o0", "o2"]
        parts.append([LOSE])
        on.append(["o2"])
    effects = [
        {"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": t, "parts": p}
        for i, (p, t) in enumerate(zip(parts, on, strict=True))
    ]
    objects = [
        creature("o0", 0.5, 1, 1, abilities=["flying"]),
        creature("o1", 0.25, 1, 1, abilities=["reach"]),
        creature("o2", 0.25, 1, 1, abilities=["reach"], controller="p2"),
    ]
    return make_board(objects, effects, _DEFINED)


@pytest.mark.parametrize(("kind", "runs", "every_runs"), [("both", 5, 121), ("other", 9, 721)])
def test_a_loss_reaching_the_holder_too_or_no_object_of_the_lord_is_set_aside(
    kind: str, runs: int, every_runs: int
) -> None:
    """611.3b, 613.8a-b, 613.7m: a loss reaching o0 and o1 (the lord's object) comes before the lord's effect in every
    order, since the effect waits for every loss reaching o0; a loss of o2's abilities acts on an object the lord does
    not reach (another player's). Either is set aside (``lord_given``'s ``spared``): five resolutions against 121, and
    nine against 721 (o2 keeps flying or not, as the last of its two touches says), the same outcomes."""
    board = _resolved_lord_board(kind)
    every = outcomes(board, CURRENT, limit=1000)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs, every.runs) == (True, runs, every_runs)
    assert outcome_keys(found) == outcome_keys(every)


def test_lord_given_asks_for_fixed_objects_and_commuting_parts() -> None:
    """611.3a, 613.8a, 605.1a: ``lord_objects`` reads the lord's filter with each object given it as its source (o1
    and not o0 for "other creatures", both for "creatures you control"), and refuses a filter reading what the
    territories may write (card types, beside a gain of one); ``lord_given`` refuses a lord whose effect has no part
    from the losses' layer on or one before it, a characteristic-defining one, and a mana ability's wording (a loss but
    mana abilities would not keep it waiting)."""
    board = lord_board(_VIGILANCE, 5)
    near, objects, state, _ = _start(board, CURRENT)
    defs = board.abilities
    assert lord_objects(defs[_VIGILANCE], {"o0"}, board, state, frozenset()) == {"o0": frozenset({"o1"})}
    assert lord_objects(defs[_ALL_VIGILANCE], {"o0", "o1"}, board, state, frozenset()) == {
        "o0": frozenset({"o0", "o1"}),
        "o1": frozenset({"o0", "o1"}),
    }
    assert lord_objects(defs[_ARTIFACT_LORD], {"o0"}, board, state, frozenset({"types"})) is None
    six = CURRENT.slot_index("6")
    d = defs[_VIGILANCE]
    assert lord_given(d, frozenset({"o0"}), six, near, objects, [d], board, state, CURRENT)
    assert not lord_given(d, frozenset({"o0"}), six + 1, near, objects, [d], board, state, CURRENT)
    # a part in layer 5, before the losses': the given effect, made in layer 6, would never apply it (kept out)
    blue = replace(d, parts=(*d.parts, Part("set_colors", freeze({"colors": ("blue",)}))))
    assert not lord_given(blue, frozenset({"o0"}), six, near, objects, [d], board, state, CURRENT)
    assert not lord_given(replace(d, cda=True), frozenset({"o0"}), six, near, objects, [d], board, state, CURRENT)
    mana = replace(d, text=_MANA_LORD)
    assert not lord_given(mana, frozenset({"o0"}), six, near, objects, [d], board, state, CURRENT)
    # "other creatures you control have flying": a gain, which commutes with the tied gain of flying in its slot
    flies = replace(d, parts=(Part("add_abilities", freeze({"abilities": ("flying",)})),))
    assert lord_given(flies, frozenset({"o0"}), six, near, objects, [d], board, state, CURRENT)
    # "... lose flying": a named loss, outside ``orders``' scope (it may take a defined ability away)
    takes = replace(d, parts=(Part("remove_abilities", freeze({"abilities": ("flying",)})),))
    assert not lord_given(takes, frozenset({"o0"}), six, near, objects, [d], board, state, CURRENT)


# ---------------------------------------------------------------------------------------------------------------------
# Generated boards of the shape

# What a tied effect does: losses of all abilities (or all but mana abilities), gains of keywords or of lords (in layer
# 6, in 7c, in both; one reading card types; one finding the creature its holder equips), a named loss, a change of
# power, a gain of a card type (which the artifacts' lord reads)
_OPS = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain("vigilance"),
        *(gain(w) for w in _LORDS),
        gain(_VIGILANCE),
        gain(_LORD_PLUS),
        gain(_VIGILANCE, "flying"),
        {"op": "remove_abilities", "abilities": ["flying"]},
        {"op": "remove_abilities", "abilities": ["vigilance"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "add_types", "types": ["artifact"]},
    ]
)
# What o0, o1 and o2 may hold of their own: keywords, and defined abilities (a lord, a loss of its own flying)
_OWN = st.sampled_from(("flying", "vigilance", "reach", "flying", _VIGILANCE, _OWN_LOSES))


@st.composite
def given_lords(
    draw: st.DrawFn, ops: st.SearchStrategy[dict[str, Any]] = _OPS, own: st.SearchStrategy[str] = _OWN
) -> Board:
    """Three to five tied effects (each a part drawn from ``ops``): static abilities of c (timestamp 1; a creature,
    which the lords may reach, or an enchantment) on o0, o1, the equipment e0 or c by id, or resolved effects with one
    timestamp (2) on listed objects; o0, o1 and o2 (timestamps 0.5, 1, 2 or 3; o2 of another player, maybe) holding
    abilities drawn from ``own``; e0 (an equipment, timestamp 0.5, 1 or 3) attached to o1, maybe holding "equipped
    creature loses vigilance" (the Hammer's shape: an effect of its own a lord given to it may tie with, 613.7a)."""
    n = draw(st.integers(3, 5))
    c_creature = draw(st.booleans())
    resolved = draw(st.integers(0, 3)) == 0
    targets = ["o0", "o0", "o0", "o1", "e0"] + (["c"] if c_creature else [])
    abilities: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for i in range(n):
        part = draw(ops)
        if resolved:
            on = draw(st.lists(st.sampled_from(["o0", "o0", "o1", "e0"]), min_size=1, max_size=2, unique=True))
            effects.append({"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": on, "parts": [part]})
        else:
            target = draw(st.sampled_from(targets))
            scope = {"is_source": True} if target == "c" else {"id": target}
            abilities.append({"text": f"tied {i}", "applies_to": scope, "parts": [part]})
    texts = [str(a["text"]) for a in abilities]
    objects = [creature("c", 1, 1, 1, abilities=texts) if c_creature else enchantment("c", 1, *texts)]
    for oid in ("o0", "o1", "o2"):
        held = draw(st.lists(own, max_size=2, unique=True))
        stamp = draw(st.sampled_from([0.5, 1, 2, 3]))
        player = draw(st.sampled_from(["p1", "p1", "p2"])) if oid == "o2" else "p1"
        objects.append(creature(oid, stamp, 1, 1, abilities=held, controller=player))
    equip_own = [_EQUIPPED_LOSES] if draw(st.booleans()) else []
    equip = enchantment("e0", draw(st.sampled_from([0.5, 1, 3])), *equip_own, attached_to="o1")
    equip.update(types=["artifact"], subtypes=["equipment"])
    objects.append(equip)
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied effects (120 orders) on each board: CI judges 12 boards.
@pytest.mark.slow
@settings(max_examples=ci_examples(12))
@given(given_lords(), st.sampled_from(VERSION_IDS))
def test_given_lords_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3a-b, 613.1f, 613.6, 613.7a, 613.7m, 613.8a-b: with tied losses of all abilities and gains of lords beside
    them (a lord's own effect tying with its holder's, an equipment's lord, held lords and losses), the orders tried
    reach exactly the outcomes of every order, complete, with no more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def test_a_loss_of_one_holder_that_another_holders_lord_reaches_keeps_every_order() -> None:
    """611.3b, 613.8a-b, 613.7m: resolved effects of one timestamp: o0 loses all, o0 and o1 gain "other creatures you
    control have vigilance", o0 loses all, o1 loses all, o0 gains flying. The loss of o1's abilities reaches a holder
    of the lord (o1, whose own effect waits for it) and an object of o0's lord's effect without reaching o0: it is set
    aside only when it reaches the holder or none of the objects of *every* holder's effect, so every order is kept (181
    resolutions, eight outcomes). Setting it aside for one holder (``any``) cut this board to 13 resolutions with the
    same outcomes (hand-break; 72 such boards searched, none lost an outcome): the condition is stricter than these
    boards need."""
    parts = [([LOSE], ["o0"]), ([gain(_VIGILANCE)], ["o0", "o1"]), ([LOSE], ["o0"]), ([LOSE], ["o1"])]
    parts.append(([gain("flying")], ["o0"]))
    effects = [
        {"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": on, "parts": p}
        for i, (p, on) in enumerate(parts)
    ]
    objects = [creature("o0", 0.5, 1, 1, abilities=["reach"]), creature("o1", 0.5, 1, 1, abilities=["reach"])]
    board = make_board(objects, effects, _DEFINED)
    every = outcomes(board, CURRENT, limit=1000)
    found = distinct_outcomes(board, CURRENT, limit=1000)
    assert outcome_keys(found) == outcome_keys(every)
    assert (found.runs, every.runs, len(found.outcomes)) == (181, 181, 8)
