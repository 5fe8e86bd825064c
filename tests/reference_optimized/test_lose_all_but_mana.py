"""Tied losses of all abilities but mana abilities, beside losses of all abilities and gains of abilities, on one object
(reference_optimized.last_touch, "Losses of all abilities but mana abilities"): the same outcomes as every order, one
order per signature, where no defined ability is held or given."""

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
from reference.model import AbilityDef, Board, Part
from reference.versions import get_version
from reference_optimized import distinct_outcomes
from reference_optimized.from_slot import slot_start
from reference_optimized.last_touch import OTHER_MANA, OTHERS, part_touches, touches
from reference_optimized.territories import ends_after, holds_no_definition, touched, writes_from

from ..builders import creature, make_board
from ..strategies import ci_examples
from .lose_all_boards import BUT_MANA, VERSION_IDS, draw_tied, final_abilities, resolved_tie, subsets
from .lose_all_boards import LOSE as _LOSE
from .lose_all_boards import gain as _gain
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
IKORIA = get_version("ikoria")
GREEN, RED = "{t}: add {g}.", "{t}: add {r}."


def _lose(*words: str) -> dict[str, Any]:
    return {"op": "remove_abilities", "abilities": list(words)}


# What a tied effect does: mostly losses of all abilities but mana abilities, losses of all abilities and gains of
# plain keywords or mana abilities (605.1a), beside named losses, a gain of a defined ability (611.3b: outside the
# shape) and a change of power.
_TIED = st.sampled_from(
    [
        BUT_MANA,
        BUT_MANA,
        _LOSE,
        _gain("flying"),
        _gain(RED),
        _gain("haste", GREEN),
        _lose(GREEN),
        _lose("flying"),
        _gain("this creature gets +1/+1"),
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
# o0's own abilities: plain keywords, mana abilities, or a defined one (the shape then falls back to every order)
_OWN = ("flying", "vigilance", GREEN, RED, "this creature gets +1/+1")


@st.composite
def tied_losses_but_mana(draw: st.DrawFn) -> Board:
    """Two to five tied effects, mostly on o0: static abilities of c (timestamp 1) or resolved effects (timestamp 2),
    each losing all abilities but mana abilities, losing all abilities, gaining keywords or mana abilities, losing one
    by name, gaining a defined ability or changing power; o0 with keywords, mana abilities or a defined ability of its
    own, perhaps a Forest land creature (305.6: its intrinsic mana ability); some effects on c itself (its abilities
    are defined); up to one resolved effect with another timestamp on o0."""
    abilities, effects, own = draw_tied(draw, _TIED, _OWN, 3, [BUT_MANA, _LOSE, _gain("haste"), _gain(RED)])
    forest = draw(st.booleans())
    land = {"types": ["creature", "land"], "subtypes": ["forest"]} if forest else {}
    objects = [
        creature("c", 1, 1, 1, abilities=[a["text"] for a in abilities]),
        creature("o0", 0.5, 1, 1, abilities=own, **land),
    ]
    return make_board(objects, effects, abilities + _DEFINED)


# Every order of up to five tied effects (120 orders) on each board: CI judges 15 boards.
@settings(max_examples=ci_examples(15))
@given(tied_losses_but_mana(), st.sampled_from(VERSION_IDS))
def test_losses_but_mana_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """613.1f, 605.1a, 611.3b, 613.7m: with tied losses of all abilities but mana abilities, losses of all abilities
    and gains of abilities on one object (static or resolved, beside defined abilities held or given), the orders
    tried reach exactly the outcomes of every order, complete, with no more resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=800)


def test_twelve_tied_losses_but_mana_and_gains_are_eight_orders() -> None:
    """613.1f, 605.1a, 613.7m: the benchmark's creature has twelve tied abilities on o0 (flying, vigilance and "{t}:
    add {g}." of its own): one loses all abilities, five all but mana abilities, the others give flying, haste and
    "{t}: add {r}." in turn. The loss of all abilities applies in every order, so vigilance and "{t}: add {g}." are
    lost in every order; flying and haste stay when a grant of theirs comes after the last loss of either kind, "{t}:
    add {r}." when a grant of it comes after the loss of all abilities (the others spare it); any set of the three can.
    Eight outcomes; one resolution meets the tie, then eight orders. Every order (12!) stopped at 120 resolutions."""
    board = board_at(case_from_data(tied_case(12, 0, False, "group-loses-but-mana-one"), "bench"), 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    assert (found.complete, found.runs) == (True, 9)
    assert final_abilities(found) == subsets(("flying", "haste", RED))


def test_tied_resolved_losses_but_mana_keep_the_mana_abilities() -> None:
    """613.1f, 605.1a, 613.7m: four resolved effects with one timestamp on o0 (vigilance and "{t}: add {g}." of its
    own): two lose all abilities but mana abilities, one gives flying, one "{t}: add {r}.". Vigilance is lost in every
    order, "{t}: add {g}." and "{t}: add {r}." are kept in every order (nothing takes mana abilities away), flying
    stays when its grant comes after both losses: two outcomes, read in one order per signature
    (``from_slot.orders_from``): one resolution meets the tie, then two; every order would take 24."""
    board = resolved_tie(["vigilance", GREEN], [BUT_MANA, _gain("flying"), BUT_MANA, _gain(RED)], _DEFINED)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs) == (True, 3)
    assert final_abilities(found) == {frozenset({GREEN, RED}), frozenset({GREEN, RED, "flying"})}


def test_a_named_loss_of_a_mana_ability_is_contested_with_its_gain() -> None:
    """613.1f, 605.1a, 613.7m: three resolved effects with one timestamp on o0 ("{t}: add {g}." and trample of its
    own): one loses all abilities but mana abilities, one loses "{t}: add {g}.", one gives it back. Trample is lost in
    every order; "{t}: add {g}." stays when the gain comes after the named loss (the loss but mana abilities spares it
    wherever it stands): two outcomes, as every order's six give, in three resolutions."""
    board = resolved_tie(["trample", GREEN], [BUT_MANA, _lose(GREEN), _gain(GREEN)], _DEFINED)
    every = outcomes(board, IKORIA)
    found = distinct_outcomes(board, IKORIA)
    assert (found.complete, found.runs, every.runs) == (True, 3, 7)
    assert outcome_keys(found) == outcome_keys(every)
    assert final_abilities(found) == {frozenset(), frozenset({GREEN})}


def test_a_forest_keeps_its_intrinsic_mana_ability_only_without_a_loss_of_all() -> None:
    """305.6, 613.1f, 605.1a, 613.7m: o0 is a Forest creature (its intrinsic "{t}: add {g}.") with trample; c's three
    tied abilities make it lose all abilities but mana abilities twice and give it haste. Trample is lost in every
    order, "{t}: add {g}." kept in every order, haste kept when its grant is last: two outcomes. With a loss of all
    abilities in place of one of them, the mana ability is lost in every order."""
    for loss, kept in ((BUT_MANA, {GREEN}), (_LOSE, set())):
        abilities = [
            {"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]}
            for i, p in enumerate([BUT_MANA, _gain("haste"), loss])
        ]
        objects = [
            creature("c", 2, 1, 1, abilities=[a["text"] for a in abilities]),
            creature("o0", 1, 1, 1, abilities=["trample"], types=["creature", "land"], subtypes=["forest"]),
        ]
        board = make_board(objects, [], abilities)
        every = outcomes(board, IKORIA)
        found = distinct_outcomes(board, IKORIA)
        assert found.complete and found.runs < every.runs
        assert outcome_keys(found) == outcome_keys(every)
        assert final_abilities(found) == {frozenset(kept), frozenset(kept | {"haste"})}


def test_a_defined_ability_held_whose_effect_comes_after_the_losses_is_read_by_last_touch() -> None:
    """611.3b, 613.1f, 605.1a: c's four tied abilities on o0: two losses of all abilities but mana abilities, flying
    and haste; o0 has "this creature gets +1/+1" (not a mana ability), whose effect applies in layer 7c only: every
    order loses it before its effect would apply, so the losses are read as settings: one resolution meets the tie,
    then four orders (every order: 24). The outcomes are the four sets of keywords, o0 1/1 in each."""
    abilities = [
        {"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]}
        for i, p in enumerate([BUT_MANA, _gain("flying"), BUT_MANA, _gain("haste")])
    ]
    objects = [
        creature("c", 2, 1, 1, abilities=[a["text"] for a in abilities]),
        creature("o0", 1, 1, 1, abilities=["this creature gets +1/+1"]),
    ]
    found = distinct_outcomes(make_board(objects, [], abilities + _DEFINED), IKORIA)
    assert (found.complete, found.runs) == (True, 5)
    assert final_abilities(found) == subsets(("flying", "haste"))
    assert {(o.final["o0"].power, o.final["o0"].toughness) for o in found.outcomes} == {(1, 1)}


def _effect(*parts: Part) -> ContinuousEffect:
    return ContinuousEffect(key="e", origin="resolved", timestamp=1, parts=parts, description="e", targets=("o0",))


def test_a_loss_but_mana_sets_the_named_abilities_that_are_not_mana_abilities_and_the_others_absent() -> None:
    """613.1f, 605.1a: with the abilities the group names, a loss of all abilities but mana abilities sets absent each
    named one that is not a mana ability, and the atom of the other abilities that are not; not the named mana
    abilities, nor the other mana abilities' atom (a loss of all abilities sets both); without the names, None."""
    but_mana = Part("remove_all_abilities_except_mana", FrozenMap())
    lose = Part("remove_all_abilities", FrozenMap())
    named = frozenset({"haste", GREEN, "{1}, {t}: add {c}{c}."})
    assert part_touches(_effect(but_mana), but_mana, named) == [
        ("abilities", OTHERS, ("set", False)),
        ("abilities", "haste", ("set", False)),
    ]
    assert part_touches(_effect(lose), lose, named) == [
        ("abilities", OTHERS, ("set", False)),
        ("abilities", OTHER_MANA, ("set", False)),
        ("abilities", "haste", ("set", False)),
        ("abilities", "{1}, {t}: add {c}{c}.", ("set", False)),
        ("abilities", GREEN, ("set", False)),
    ]
    assert part_touches(_effect(but_mana), but_mana) is None


def test_a_targeted_adding_of_mana_is_no_mana_ability() -> None:
    """605.1a: an ability that adds mana and targets is not a mana ability: a loss of all but mana abilities sets it
    absent too."""
    but_mana = Part("remove_all_abilities_except_mana", FrozenMap())
    targeted = "{t}: add {g}. target player gains 1 life."
    assert ("abilities", targeted, ("set", False)) in (
        part_touches(_effect(but_mana), but_mana, frozenset({targeted})) or []
    )


def _tied(*parts: dict[str, Any]) -> tuple[list[str], list[ContinuousEffect]]:
    keys = [f"t{i}" for i in range(len(parts))]
    effects = [
        ContinuousEffect(
            key=k,
            origin="resolved",
            timestamp=2,
            parts=(Part(p["op"], FrozenMap({a: tuple(v) for a, v in p.items() if a != "op"})),),
            description=k,
            targets=("o0",),
        )
        for k, p in zip(keys, parts, strict=True)
    ]
    return keys, effects


def test_a_loss_but_mana_is_read_only_with_lose_all() -> None:
    """611.3b, 613.1f: without the caller's check (``lose_all``), a group holding a loss of all abilities but mana
    abilities is outside the scope; with it, each effect's touches on o0's abilities in layer 6."""
    keys, effects = _tied(BUT_MANA, _gain("flying"), _gain(RED))
    assert touches(keys, effects, CURRENT) is None
    found = touches(keys, effects, CURRENT, lose_all=True)
    assert found is not None
    assert {a[3] for a in found["t0"]} == {OTHERS, "flying"}
    assert {a[3] for a in found["t2"]} == {RED}


def _holds_no_definition(own: list[str], *parts: dict[str, Any], defined: Any = None, version: Any = None) -> bool:
    abilities = [{"text": f"tied {i}", "applies_to": {"id": "o0"}, "parts": [p]} for i, p in enumerate(parts)]
    objects = [creature("c", 2, 1, 1, abilities=[a["text"] for a in abilities]), creature("o0", 1, 1, 1, abilities=own)]
    board = make_board(objects, [], abilities + _DEFINED + (defined or []))
    tie = distinct_outcomes(board, IKORIA, limit=1).ties[0]
    start = slot_start(board, IKORIA, tie)
    assert start is not None
    effects, locked, state = start
    written = writes_from(effects, board) or frozenset()
    objects_of = {e.key: touched(e, locked, board, state, written) or frozenset() for e in effects}
    return holds_no_definition(effects, objects_of, board, state, version)


def test_a_loss_but_mana_alone_is_in_the_shape() -> None:
    """613.1f, 605.1a: o0 with plain keywords and a mana ability, losing all but mana abilities and gaining flying: in
    the shape (no loss of all abilities with no exception needed)."""
    assert _holds_no_definition(["vigilance", GREEN], BUT_MANA, _gain("flying"), BUT_MANA)


def test_a_defined_ability_held_by_the_object_that_loses_all_but_mana_is_outside() -> None:
    """611.3b: o0 has "this creature gets +1/+1": a loss of all but mana abilities ends its effect."""
    assert not _holds_no_definition(["this creature gets +1/+1"], BUT_MANA, _gain("flying"), BUT_MANA)


def test_a_defined_ability_given_beside_a_loss_but_mana_is_outside() -> None:
    """611.3b: a tied ability gives o0 "this creature gets +1/+1": a gain starts its effect."""
    assert not _holds_no_definition(["vigilance"], BUT_MANA, _gain("this creature gets +1/+1"), BUT_MANA)


def _definition(*parts: tuple[str, dict[str, Any]], **extra: Any) -> AbilityDef:
    built = tuple(Part(op, FrozenMap(args)) for op, args in parts)
    return AbilityDef(text="d", cda=False, applies_to=FrozenMap({"is_source": True}), parts=built, **extra)


_PLUS = ("modify_pt", {"power": 1, "toughness": 1})
_HASTE = ("add_abilities", {"abilities": ("haste",)})


def test_an_effect_applying_after_the_losses_ends_alike_in_every_order() -> None:
    """611.3b, 613.1, 613.6: a definition whose parts all apply after the losses' layer (6) is allowed; one with a
    part in that layer or before, a condition, a replacement on entering, a token it creates, other zones it works
    in, or no part at all is not; a characteristic-defining one is read in its own layer (7a for power)."""
    six = CURRENT.slot_index(CURRENT.slot_of("ability", "static") or "")
    assert ends_after(_definition(_PLUS), six, CURRENT)
    assert not ends_after(_definition(_PLUS), CURRENT.slot_index(CURRENT.slot_of("pt_modify", "static") or ""), CURRENT)
    assert not ends_after(_definition(_HASTE), six, CURRENT)
    assert not ends_after(_definition(_PLUS, _HASTE), six, CURRENT)
    assert not ends_after(_definition(), six, CURRENT)
    condition = FrozenMap({"left": 1, "op": "<=", "right": 2})
    assert not ends_after(_definition(_PLUS, condition=condition), six, CURRENT)
    assert not ends_after(_definition(_PLUS, enters_with=FrozenMap({"+1/+1": 1})), six, CURRENT)
    assert not ends_after(_definition(_PLUS, creates=FrozenMap({"name": "x"})), six, CURRENT)
    assert not ends_after(_definition(_PLUS, functions_in=("graveyard",)), six, CURRENT)
    cda = AbilityDef(
        text="d", cda=True, applies_to=FrozenMap({"is_source": True}), parts=(Part("set_pt", FrozenMap({"power": 1})),)
    )
    assert ends_after(cda, six, CURRENT)
    seven_a = CURRENT.slot_index(CURRENT.slot_of("pt_set", "cda") or "")
    assert not ends_after(cda, seven_a, CURRENT)  # 7a, not 7b where a static setting of power applies


def test_a_held_definition_after_the_losses_is_in_the_shape_only_with_the_version() -> None:
    """611.3b, 613.1f: o0 has "this creature gets +1/+1" (layer 7c) and loses all abilities but mana abilities: with the
    rules version (which says where each layer comes) it is in the shape; without it, outside (the strict reading)."""
    own = ["this creature gets +1/+1"]
    assert not _holds_no_definition(own, BUT_MANA, _gain("flying"), BUT_MANA)
    assert _holds_no_definition(own, BUT_MANA, _gain("flying"), BUT_MANA, version=IKORIA)
