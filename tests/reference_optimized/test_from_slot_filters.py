"""Tied resolved losses of abilities on listed objects beside abilities reaching objects by filters
(reference_optimized.from_slot passing each effect's objects to reference_optimized.last_touch): the same outcomes as
every order, one order per signature, where no filter reads what an effect from the tie's slot on writes."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.choices import outcomes
from reference.model import Board
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import fixed_objects, slot_start

from ..builders import creature, enchantment, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, LOSE, VERSION_IDS, WHITE_CREATURES, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")


# Which objects a tied static ability reaches: filters on types, colors or subtypes (written by no effect here but a
# setting of colors), an object by id, or a filter reading abilities (613.8a: what the tie writes)
_SCOPES = st.sampled_from(
    [
        {"type": "creature"},
        {"type": "creature"},
        WHITE_CREATURES,
        WHITE_CREATURES,
        {"color": "green"},
        {"subtype": "elf"},
        {"id": "o0"},
        {"has_ability": "flying"},
    ]
)
# What a static ability does: gains of keywords or a mana ability, a setting of colors (which the color filters read),
# a change of power, and rarely a gain of a defined ability (611.3b: outside the shape)
_STATIC_OPS = st.sampled_from(
    [
        gain("flying"),
        gain("haste"),
        gain("flying"),
        gain("trample", "{t}: add {r}."),
        {"op": "set_colors", "colors": ["white"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        gain("this creature gets +1/+1"),
    ]
)
# What a resolved effect does to its listed objects: mostly losses of all abilities (or all but mana abilities), and
# gains and a named loss of keywords
_RESOLVED_OPS = st.sampled_from(
    [LOSE, LOSE, BUT_MANA, gain("flying"), gain("haste"), {"op": "remove_abilities", "abilities": ["flying"]}]
)
_DEFINED = [
    {
        "text": "this creature gets +1/+1",
        "applies_to": {"is_source": True},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    },
]
_OWN = ("flying", "vigilance", "reach", "{t}: add {g}.")
_CREATURES = ("o0", "o1", "o2")


@st.composite
def resolved_losses_beside_filters(draw: st.DrawFn) -> Board:
    """Three to five tied effects: one to three static abilities of c (an enchantment, timestamp 1) reaching the
    objects a filter finds or o0 by id, and resolved effects on listed creatures (losses of all abilities, of all but
    mana abilities, gains and a named loss of keywords), mostly with c's timestamp (they tie with its abilities,
    613.7m), else with one timestamp of their own (two ties); three creatures (o0 a white elf, o1 a green one, o2 a
    white one) with keywords or a mana ability of their own, o2 sometimes a defined ability whose effect applies in
    7c."""
    n_static = draw(st.integers(1, 3))
    n_resolved = draw(st.integers(max(1, 3 - n_static), 5 - n_static))
    abilities = [
        {"text": f"tied {i}", "applies_to": draw(_SCOPES), "parts": [draw(_STATIC_OPS)]} for i in range(n_static)
    ]
    stamp = draw(st.sampled_from([1, 1, 2]))
    effects = []
    for k in range(n_resolved):
        targets = draw(st.lists(st.sampled_from(_CREATURES), min_size=1, max_size=3, unique=True))
        part = draw(_RESOLVED_OPS)
        effects.append({"id": f"r{k}", "controller": "p1", "timestamp": stamp, "applies_to": targets, "parts": [part]})
    objects = [enchantment("c", 1, *[str(a["text"]) for a in abilities])]
    defined = draw(st.integers(0, 3)) == 0
    for oid, color, subtypes in (("o0", "white", ["elf"]), ("o1", "green", []), ("o2", "white", [])):
        own = draw(st.lists(st.sampled_from(_OWN), max_size=2, unique=True))
        own += ["this creature gets +1/+1"] if defined and oid == "o2" else []
        objects.append(creature(oid, 0.5, 1, 1, colors=[color], subtypes=subtypes, abilities=own))
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards.
@settings(max_examples=ci_examples(15))
@given(resolved_losses_beside_filters(), st.sampled_from(VERSION_IDS))
def test_resolved_losses_beside_filters_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.2c, 611.3a, 613.6, 613.1f, 613.7m: with tied resolved losses of all abilities on listed creatures beside
    static abilities reaching creatures by filters (some reading what the tie writes, a defined ability held or
    given), the orders tried reach exactly the outcomes of every order, complete, with no more resolutions, and the
    same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def _board(*abilities: tuple[Any, dict[str, Any]], resolved: list[tuple[list[str], dict[str, Any]]]) -> Board:
    defs = [{"text": f"tied {i}", "applies_to": scope, "parts": [p]} for i, (scope, p) in enumerate(abilities)]
    effects = [
        {"id": f"r{k}", "controller": "p1", "timestamp": 1, "applies_to": targets, "parts": [p]}
        for k, (targets, p) in enumerate(resolved)
    ]
    objects = [
        enchantment("c", 1, *[str(d["text"]) for d in defs]),
        creature("o0", 0.5, 1, 1, colors=["white"], abilities=["vigilance"]),
        creature("o1", 0.5, 1, 1, colors=["green"], abilities=["reach"]),
    ]
    return make_board(objects, effects, defs + _DEFINED)


def _abilities(found: Any) -> set[tuple[frozenset[str], frozenset[str]]]:
    return {(frozenset(o.final["o0"].abilities), frozenset(o.final["o1"].abilities)) for o in found.outcomes}


def test_a_resolved_loss_beside_grants_by_two_filters_is_one_order_per_signature() -> None:
    """611.2c, 611.3a, 613.1f, 613.7m: a resolved effect with c's timestamp makes o0 and o1 lose all abilities; c's
    abilities give white creatures flying and creatures haste. o0 (white) keeps flying when its grant follows the
    loss, haste likewise, and o1 (green) haste when its grant does; o1's haste and o0's haste go together (one
    grant): four outcomes (flying or not, haste or not), both creatures losing vigilance and reach in every order.
    One resolution meets the tie, then four orders; every order takes six."""
    board = _board(
        (WHITE_CREATURES, gain("flying")),
        ({"type": "creature"}, gain("haste")),
        resolved=[(["o0", "o1"], LOSE)],
    )
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 5, 7)
    assert outcome_keys(found) == outcome_keys(every)
    fly, haste = frozenset({"flying"}), frozenset({"haste"})
    assert _abilities(found) == {
        (frozenset(), frozenset()),
        (fly, frozenset()),
        (haste, haste),
        (fly | haste, haste),
    }


def test_a_filter_reading_what_the_tie_writes_is_not_passed() -> None:
    """611.3a, 613.6, 613.8a: creatures with flying gain haste, beside creatures gaining flying and a resolved loss of
    all abilities on o0 and o1, all tied in layer 6: which creatures the first filter finds may change with the order,
    so its objects are not passed as fixed (the other filter's, reading types, and the loss's list are); every order
    and the reduced orders give the same outcomes."""
    board = _board(
        ({"has_ability": "flying"}, gain("haste")),
        ({"type": "creature"}, gain("flying")),
        resolved=[(["o0", "o1"], LOSE)],
    )
    tie = resolve(board, IKORIA).undecided[0]
    start = slot_start(board, IKORIA, tie)
    assert start is not None
    effects, locked, state = start
    fixed = fixed_objects(effects, board, state, locked)
    assert fixed == {"c:tied 1": frozenset({"o0", "o1"}), "r0": frozenset({"o0", "o1"})}
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert found.complete and found.runs <= every.runs
    assert outcome_keys(found) == outcome_keys(every)


def test_twelve_resolved_losses_and_filtered_grants_are_twelve_orders() -> None:
    """611.2c, 611.3a, 613.1f, 613.7m: the benchmark's Shrine (an enchantment) has six abilities: white creatures get
    flying, creatures haste, o2 trample, in turn; six resolved effects with its timestamp make o0 and o1 (the white
    creatures), then o0, o1 and o2, lose all abilities, in turn. As with the filters of ``group-loses-filtered``: o0
    and o1 end alike, flying when a flying grant follows every loss of theirs, haste likewise; o2 keeps haste when a
    haste grant follows every loss of all three, trample when its grant does; a haste grant after every loss of all
    three is after every loss of o0 and o1 too, so haste on o0 needs haste on o2: 2 x 3 x 2 = 12 outcomes. One
    resolution meets the tie, then twelve orders; every order (12!) stopped at 120 resolutions."""
    board = board_at(case_from_data(tied_case(12, 0, False, "group-loses-resolved-filtered"), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs) == (True, 13)
    seen = {tuple(frozenset(out.final[o].abilities) for o in _CREATURES) for out in found.outcomes}
    assert len(seen) == 12
    for a0, a1, a2 in seen:
        assert a0 == a1 and a0 <= {"flying", "haste"} and a2 <= {"haste", "trample"}
        assert "haste" not in a0 or "haste" in a2
