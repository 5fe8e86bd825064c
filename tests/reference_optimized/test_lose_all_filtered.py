"""Tied losses and gains of abilities on objects found by filters (reference_optimized.territories passing each effect's
objects to reference_optimized.last_touch): the same outcomes as every order, one order per signature, where no filter
reads what an effect from the tie's slot on writes."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.choices import outcomes
from reference.effects import ContinuousEffect
from reference.frozen import FrozenMap
from reference.model import Board, Part
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.last_touch import last_touch_orders, touches

from ..builders import creature, enchantment, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, LOSE, VERSION_IDS, WHITE_CREATURES, gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")


# Which objects a tied ability reaches: filters reading types, colors or subtypes (written by no effect here but a
# setting of colors), an object by id, or a filter reading abilities (613.8a: its objects may change with the order)
_SCOPES = st.sampled_from(
    [
        {"type": "creature"},
        {"type": "creature"},
        WHITE_CREATURES,
        {"color": "green"},
        {"subtype": "elf"},
        {"id": "o0"},
        {"has_ability": "flying"},
    ]
)
# What it does: mostly losses of all abilities (or all but mana abilities) and gains of keywords, beside a named loss,
# a gain of a defined ability (611.3b), a setting of colors (read by the color filters) and a change of power
_OPS = st.sampled_from(
    [
        LOSE,
        LOSE,
        BUT_MANA,
        gain("flying"),
        gain("haste"),
        gain("trample", "{t}: add {r}."),
        {"op": "remove_abilities", "abilities": ["flying"]},
        gain("this creature gets +1/+1"),
        {"op": "set_colors", "colors": ["white"]},
        {"op": "modify_pt", "power": 1, "toughness": 0},
    ]
)
_DEFINED = [
    {
        "text": "this creature gets +1/+1",
        "applies_to": {"is_source": True},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    },
]
_OWN = ("flying", "vigilance", "reach", "{t}: add {g}.")


@st.composite
def tied_filtered_losses(draw: st.DrawFn) -> Board:
    """Two to five tied static abilities of c (an enchantment, or sometimes a creature that its own abilities reach),
    each reaching the objects a filter finds or o0 by id, and losing all abilities (or all but mana abilities),
    gaining or losing keywords, gaining a defined ability, setting colors or changing power; three creatures (o0 a
    white elf, o1 a green one, o2 a white one) with keywords or a mana ability of their own, o2 sometimes a defined
    ability; up to one resolved effect with another timestamp on o0 or o1."""
    n = draw(st.integers(3, 5))
    abilities = [{"text": f"tied {i}", "applies_to": draw(_SCOPES), "parts": [draw(_OPS)]} for i in range(n)]
    texts = [str(a["text"]) for a in abilities]
    reached = draw(st.integers(0, 4)) == 0  # c a creature, which its own abilities may reach
    objects = [creature("c", 1, 1, 1, abilities=texts) if reached else enchantment("c", 1, *texts)]
    defined = draw(st.integers(0, 3)) == 0  # o2 holds a defined ability (611.3b: a loss reaching it is outside)
    for oid, color, subtypes in (("o0", "white", ["elf"]), ("o1", "green", []), ("o2", "white", [])):
        own = draw(st.lists(st.sampled_from(_OWN), max_size=2, unique=True))
        own += ["this creature gets +1/+1"] if defined and oid == "o2" else []
        objects.append(creature(oid, 0.5, 1, 1, colors=[color], subtypes=subtypes, abilities=own))
    effects: list[dict[str, Any]] = []
    for k in range(draw(st.integers(0, 1))):
        other = draw(st.sampled_from([LOSE, gain("haste"), {"op": "set_colors", "colors": ["green"]}]))
        stamp = draw(st.sampled_from([0.75, 3]))
        target = draw(st.sampled_from(["o0", "o1"]))
        effects.append(
            {"id": f"r{k}", "controller": "p1", "timestamp": stamp, "applies_to": [target], "parts": [other]}
        )
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied abilities (120 orders) on each board: CI judges 15 boards.
@settings(max_examples=ci_examples(15))
@given(tied_filtered_losses(), st.sampled_from(VERSION_IDS))
def test_filtered_losses_and_gains_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """611.3a, 613.6, 613.1f, 613.7m: with tied losses of all abilities and gains of abilities on objects filters find
    (beside filters reading what the tie writes, defined abilities held or given, and a source its own losses reach),
    the orders tried reach exactly the outcomes of every order, complete, with no more resolutions, and the same ties
    matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def _by_object(found: Any) -> set[tuple[tuple[str, frozenset[str]], ...]]:
    return {tuple((o, frozenset(out.final[o].abilities)) for o in ("o0", "o1", "o2")) for out in found.outcomes}


def test_twelve_filtered_losses_and_gains_are_twelve_orders() -> None:
    """611.3a, 613.1f, 613.7m: the benchmark's Shrine (an enchantment) has twelve tied abilities: the even ones make
    white creatures, then all creatures, lose all abilities; the odd ones give white creatures flying, creatures haste
    and o2 trample, in turn. o0 and o1 are white, o2 green; no filter reads abilities, so each ability reaches the same
    creatures in every order. o0 and o1 end alike: flying when a flying grant follows every loss reaching white
    creatures, haste likewise; o2 keeps haste when a haste grant follows every loss of all creatures' abilities, and
    trample when its grant does. A haste grant after every white loss is after every loss of all creatures too, so
    haste on o0 needs haste on o2: 2 (flying) x 3 (haste on neither, o2 only, both) x 2 (trample) = 12 outcomes. One
    resolution meets the tie, then twelve orders; every order (12!) stopped at 120 resolutions."""
    board = board_at(case_from_data(tied_case(12, 0, False, "group-loses-filtered"), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs) == (True, 13)
    seen = _by_object(found)
    assert len(seen) == 12
    for (_, a0), (_, a1), (_, a2) in seen:
        assert a0 == a1 and a0 <= {"flying", "haste"} and a2 <= {"haste", "trample"}
        assert "haste" not in a0 or "haste" in a2


def _shrine(*abilities: tuple[Any, dict[str, Any]], own: list[str] | None = None) -> Board:
    defs = [{"text": f"tied {i}", "applies_to": scope, "parts": [p]} for i, (scope, p) in enumerate(abilities)]
    objects = [
        enchantment("c", 1, *[str(d["text"]) for d in defs]),
        creature("o0", 0.5, 1, 1, colors=["white"], abilities=own or ["vigilance"]),
        creature("o1", 0.5, 1, 1, colors=["green"], abilities=["reach"]),
    ]
    return make_board(objects, [], defs + _DEFINED)


def test_losses_by_filter_and_a_grant_by_id_are_one_order_per_signature() -> None:
    """611.3a, 613.1f, 613.7m: white creatures lose all abilities, creatures lose all abilities, o0 (white) gains
    flying, creatures gain haste: o0 keeps flying when its grant follows both losses, haste likewise; o1 (green) keeps
    haste when its grant follows the loss of all creatures'. Five outcomes (haste on o0 needs it on o1), as every
    order's 24 give; fewer resolutions."""
    board = _shrine(
        (WHITE_CREATURES, LOSE),
        ({"type": "creature"}, LOSE),
        ({"id": "o0"}, gain("flying")),
        ({"type": "creature"}, gain("haste")),
    )
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert found.complete and every.complete and found.runs < every.runs
    assert outcome_keys(found) == outcome_keys(every)
    assert len(_by_object_two(found)) == 6


def _by_object_two(found: Any) -> set[tuple[frozenset[str], frozenset[str]]]:
    return {(frozenset(o.final["o0"].abilities), frozenset(o.final["o1"].abilities)) for o in found.outcomes}


def test_a_filter_reading_abilities_is_left_to_dependency() -> None:
    """613.8a, 611.3a: creatures with flying lose all abilities, beside a loss of all abilities and a gain of flying on
    creatures: the first reads what the others write, so its objects are not fixed (outside the shape) and the gain
    of flying changes what it applies to (613.8a: it depends on the gain). Both enumerations take three resolutions
    and give the same outcomes."""
    board = _shrine(
        ({"has_ability": "flying"}, LOSE),
        ({"type": "creature"}, gain("flying")),
        ({"type": "creature"}, LOSE),
        own=["flying"],
    )
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 3, 3)
    assert outcome_keys(found) == outcome_keys(every)


def _effect(key: str, filt: Any, part: dict[str, Any]) -> ContinuousEffect:
    args = FrozenMap({a: tuple(v) for a, v in part.items() if a != "op"})
    return ContinuousEffect(
        key=key, origin="static", timestamp=1, parts=(Part(part["op"], args),), description=key, source="c", filter=filt
    )


def test_the_objects_passed_are_read_per_object() -> None:
    """611.3a, 613.1f: a loss by one filter and gains by another and by id are outside ``last_touch``'s scope when it
    cannot know their objects (they may overlap or not); with the objects passed, each is read on each object, and
    an order per signature comes back: o0 (both filters) has flying iff its grant follows the loss."""
    effects = [
        _effect("a", FrozenMap({"type": "creature"}), LOSE),
        _effect("b", FrozenMap({"color": "white"}), gain("flying")),
        _effect("d", FrozenMap({"id": "o1"}), gain("haste")),
    ]
    keys = ["a", "b", "d"]
    assert touches(keys, effects, CURRENT, lose_all=True) is None
    fixed = {"a": frozenset({"o0", "o1"}), "b": frozenset({"o0"}), "d": frozenset({"o1"})}
    found = touches(keys, effects, CURRENT, lose_all=True, fixed=fixed)
    assert found is not None
    assert {a[1] for a in found["a"]} == {"o0", "o1"} and {a[1] for a in found["b"]} == {"o0"}
    orders = last_touch_orders(keys, effects, CURRENT, lose_all=True, fixed=fixed)
    assert orders is not None and len(orders) == 4  # flying on o0 or not, haste on o1 or not


def test_a_loss_but_mana_beside_filters_on_types_is_read_per_object() -> None:
    """605.1a, 613.1f, 611.3a: creatures lose all abilities but mana abilities, white creatures gain flying, creatures
    gain haste: such a loss writes only abilities (``reads.WRITES``), so the filters on types and colors find the
    same creatures in every order and the tie is read per object, in fewer resolutions than every order's, with the
    same outcomes (o1 keeps its mana ability in each)."""
    board = _shrine(
        ({"type": "creature"}, BUT_MANA),
        (WHITE_CREATURES, gain("flying")),
        ({"type": "creature"}, gain("haste")),
    )
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert found.complete and every.complete and found.runs < every.runs
    assert outcome_keys(found) == outcome_keys(every)
