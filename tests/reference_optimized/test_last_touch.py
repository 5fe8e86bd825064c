"""One order per signature of the last effect touching each characteristic (reference_optimized.last_touch).

``reference.choices.outcomes`` with every order of each tie is the specification (613.7m): the orders of
``reference_optimized.last_touch`` must reach exactly its outcomes. Generated ties of up to six effects
compare the two; the golden tests state the outcomes of larger ties from the rules and count the
resolutions made, never the time taken.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_layers.corpus import CASES_DIR, load_case
from reference.case import board_at
from reference.choices import outcomes
from reference.effects import ContinuousEffect
from reference.frozen import freeze
from reference.model import Board, Part
from reference.versions import get_version
from reference.vocabulary import CARD_TYPES
from reference_optimized import distinct_outcomes
from reference_optimized.last_touch import contested, last_touch_orders, part_touches, touches
from reference_optimized.orders import DistinctOrders

from ..builders import IKORIA, creature, make_board
from ..strategies import ci_examples
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes, outcome_keys

CURRENT = get_version("current")
VERSION_IDS = ("pre-m10", "m10", "ikoria", "current")


# Settings and additions, one characteristic or several, over layers 4, 5 and 7 (6 under 418.5).
_PARTS = st.sampled_from(
    [
        {"op": "set_pt", "power": 1, "toughness": 1},
        {"op": "set_pt", "power": 3, "toughness": 2},
        {"op": "set_pt", "power": 2},
        {"op": "set_pt", "power": 0},
        {"op": "set_pt", "toughness": 4},
        {"op": "modify_pt", "power": 1, "toughness": 0},
        {"op": "modify_pt", "power": -1, "toughness": 2},
        {"op": "set_colors", "colors": ["red"]},
        {"op": "set_colors", "colors": ["blue", "green"]},
        {"op": "set_colors", "colors": []},
        {"op": "add_colors", "colors": ["white"]},
        {"op": "add_colors", "colors": ["red"]},
        {"op": "add_abilities", "abilities": ["flying"]},
        {"op": "remove_abilities", "abilities": ["flying"]},
        {"op": "remove_abilities", "abilities": ["trample"]},
        {"op": "add_supertypes", "supertypes": ["legendary"]},
        {"op": "remove_supertypes", "supertypes": ["legendary"]},
        {"op": "add_types", "types": ["artifact"]},
        {"op": "remove_types", "types": ["creature"]},
        {"op": "set_types", "types": ["artifact", "creature"]},
        {"op": "set_types", "types": ["land"]},
    ]
)


@st.composite
def tied_settings(draw: st.DrawFn) -> Board:
    """One or two creatures entering at once (one timestamp) with two to five static abilities (on themselves, or
    on every creature), sometimes with resolved effects on fixed objects sharing the timestamp."""
    n = draw(st.integers(2, 5))
    texts = [f"own ability {i}" for i in range(n)]
    scopes = st.sampled_from([{"is_source": True}, {"is_source": True}, {"type": "creature"}])
    abilities = [
        {"text": t, "applies_to": draw(scopes), "parts": draw(st.lists(_PARTS, min_size=1, max_size=2))} for t in texts
    ]
    two = draw(st.booleans())
    split = draw(st.integers(1, n - 1)) if two else n
    objects = [creature("c", 1, 1, 1, colors=["green"], subtypes=["bear"], abilities=texts[:split])]
    if two:
        objects.append(creature("d", 1, 1, 1, colors=["black"], abilities=texts[split:], supertypes=["legendary"]))
    aimed = [[o["id"]] for o in objects] + [[o["id"] for o in objects]]
    effects = [
        {"id": f"e{k}", "timestamp": 1, "applies_to": draw(st.sampled_from(aimed)), "parts": [p]}
        for k, p in enumerate(draw(st.lists(_PARTS, max_size=6 - n)))
    ]
    return make_board(objects, effects, abilities)


# CI judges 50 boards (it judged the profile's 150, 20.4 s in CI, 2026-12-07: the suite's time is budgeted; a reduction
# that drops the last order of a group of three classes or more fails it at 50); the long profile by hand its own count.
@pytest.mark.slow
@settings(max_examples=ci_examples(50))
@given(tied_settings(), st.sampled_from(VERSION_IDS))
def test_one_order_per_signature_reaches_every_orders_outcomes(board: Board, vid: str) -> None:
    """613.4b-c, 613.1e-f, 613.7m: the orders of the last touching effects reach exactly the outcomes of every
    order, with no more resolutions."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid))


def _own(parts: list[dict[str, Any] | list[dict[str, Any]]], effects: list[dict[str, Any]] | None = None) -> Board:
    """One 1/1 green creature ``c`` whose i-th static ability of its own does ``parts[i]`` (one timestamp), and
    these resolved effects."""
    texts = [f"ability {i}" for i in range(len(parts))]
    abilities = [
        {"text": t, "applies_to": {"is_source": True}, "parts": p if isinstance(p, list) else [p]}
        for t, p in zip(texts, parts, strict=True)
    ]
    return make_board([creature("c", 1, 1, 1, colors=["green"], abilities=texts)], effects or [], abilities)


def test_twelve_settings_of_power_alone_give_one_outcome_per_value() -> None:
    """613.4b, 613.7m: twelve abilities of one 1/1 creature, each setting its power alone (to 0, 1 or 2 in turn):
    the last one applied wins and toughness stays 1: three outcomes, found with one resolution to meet the tie
    and one per value (a value set by four abilities is tried once)."""
    found = distinct_outcomes(_own([{"op": "set_pt", "power": i % 3} for i in range(12)]), CURRENT)
    pts = sorted((o.final["c"].power, o.final["c"].toughness) for o in found.outcomes)
    assert pts == [(0, 1), (1, 1), (2, 1)]
    assert (found.complete, found.runs, found.depends_on_choice) == (True, 4, True)


def test_changes_of_power_commute_with_a_resolved_change_tied_with_them() -> None:
    """613.4c, 613.7m: twelve abilities of one 1/1 creature, each giving +1/+0, +2/+0 or +3/+0 in turn, and a
    resolved +1/+0 with the same timestamp: sums commute, so the resolved one's place among them is no choice and
    every order gives 1 + 4 * (1 + 2 + 3) + 1 = 26 power, found complete (every order would be 13! of them)."""
    resolved = {"id": "e1", "timestamp": 1, "applies_to": ["c"], "parts": [{"op": "modify_pt", "power": 1}]}
    board = _own([{"op": "modify_pt", "power": 1 + i % 3} for i in range(12)], effects=[resolved])
    found = distinct_outcomes(board, CURRENT)
    assert [(o.final["c"].power, o.final["c"].toughness) for o in found.outcomes] == [(26, 1)]
    assert found.complete and found.runs <= 2


def test_twelve_gains_and_losses_of_six_keywords_give_each_keyword_present_or_not() -> None:
    """613.1f, 613.7m: twelve abilities of one creature: six give it a keyword each (flying, trample, vigilance,
    reach, lifelink, deathtouch), six take the same six away. For each keyword the later of its two abilities
    decides, and the six keywords are decided apart: 2 ** 6 = 64 outcomes, every subset of the six, complete (every
    order would take 12! resolutions; the limit stopped it after 120 before losses of keywords were in scope)."""
    keywords = ["flying", "trample", "vigilance", "reach", "lifelink", "deathtouch"]
    parts: list[dict[str, Any] | list[dict[str, Any]]] = [{"op": "add_abilities", "abilities": [k]} for k in keywords]
    parts += [{"op": "remove_abilities", "abilities": [k]} for k in keywords]
    found = distinct_outcomes(_own(parts), CURRENT)
    kept = {frozenset(o.final["c"].abilities) & frozenset(keywords) for o in found.outcomes}
    assert found.complete and len(found.outcomes) == 64 and len(kept) == 64
    assert found.runs == 1 + 64  # one resolution to meet the tie, then one per signature (each an outcome)


def test_a_loss_of_an_ability_the_board_defines_keeps_every_order() -> None:
    """611.3b, 613.1f: losing an ability that generates an effect removes that effect, so the classes of orders no
    longer hold (``orders.part_out_of_scope``); losing a keyword generates nothing and stays in scope."""
    from reference_optimized.orders import part_out_of_scope

    board = _own([{"op": "remove_abilities", "abilities": ["ability 0"]}, {"op": "set_pt", "power": 3}])
    loses = board.abilities["ability 0"].parts[0]
    assert part_out_of_scope(loses, board) == "a loss of an ability that generates an effect (611.3b, 613.1f)"
    keyword = _own([{"op": "remove_abilities", "abilities": ["flying"]}])
    assert part_out_of_scope(keyword.abilities["ability 0"].parts[0], keyword) is None


def test_thirty_settings_of_power_and_of_toughness_apart_multiply() -> None:
    """613.4b, 613.7m: thirty abilities: fifteen set power alone (1 or 2), fifteen toughness alone (3 or 4); the
    last of each kind decides its value, independently: four outcomes, four orders."""
    parts: list[dict[str, Any] | list[dict[str, Any]]] = [
        {"op": "set_pt", "power": 1 + i % 2} if i < 15 else {"op": "set_pt", "toughness": 3 + i % 2} for i in range(30)
    ]
    found = distinct_outcomes(_own(parts), IKORIA)
    pts = sorted((o.final["c"].power, o.final["c"].toughness) for o in found.outcomes)
    assert pts == [(1, 3), (1, 4), (2, 3), (2, 4)]
    assert (found.complete, found.runs) == (True, 5)


def test_a_setting_and_the_amounts_after_it() -> None:
    """418.5 (6b of the 2004 rules: a resolved spell's settings and changes of power and toughness share one
    sublayer), 613.7m: a 1/1 with two tied abilities of its own, "base power and toughness 0/0" and "base 5/5",
    and a resolved "+1/+1" with the same timestamp: the later setting wins, and the +1/+1 counts only when it
    comes after it: 0/0, 1/1, 5/5 or 6/6, one order each."""
    pre_m10 = get_version("pre-m10")
    board = _own(
        [{"op": "set_pt", "power": 0, "toughness": 0}, {"op": "set_pt", "power": 5, "toughness": 5}],
        effects=[{"id": "e1", "timestamp": 1, "applies_to": ["c"], "parts": [{"op": "modify_pt", "power": 1}]}],
    )
    keys = ["c:ability 0", "c:ability 1", "e1"]
    effects = DistinctOrders(board, pre_m10).effects
    touched = touches(keys, effects, pre_m10)
    assert touched is not None
    assert {a[2] for a in contested(touched)} == {"power", "toughness"}
    tried = last_touch_orders(keys, effects, pre_m10)
    assert tried is not None and len(tried) == 4
    found = distinct_outcomes(board, pre_m10)
    assert sorted((o.final["c"].power or 0) for o in found.outcomes) == [0, 1, 5, 6]
    assert outcome_keys(found) == outcome_keys(outcomes(board, pre_m10))


def test_settings_of_colors_and_additions_of_one_color() -> None:
    """105.3, 613.1e, 613.7m: "is red", "is blue", "is also white" and "is colorless" on one creature: a color is
    present when the last effect that names it (a setting names every color) gives it: seven outcomes."""
    board = _own(
        [
            {"op": "set_colors", "colors": ["red"]},
            {"op": "set_colors", "colors": ["blue"]},
            {"op": "add_colors", "colors": ["white"]},
            {"op": "set_colors", "colors": []},
        ]
    )
    found = distinct_outcomes(board, IKORIA)
    colors = {frozenset(o.final["c"].colors) for o in found.outcomes}
    base: list[frozenset[str]] = [frozenset({"red"}), frozenset({"blue"}), frozenset()]
    assert colors == set(base) | {b | {"white"} for b in base}
    assert outcome_keys(found) == outcome_keys(outcomes(board, IKORIA))


def test_settings_on_fixed_objects_each_decided_by_its_own_last_one() -> None:
    """611.2c, 613.4b, 613.7m: three resolved effects with one timestamp: "Bear becomes 1/1", "Bear and Elk get
    base power 2", "Elk becomes 3/3": each object's power is that of the last of them applied to it, and one
    order decides both objects: four outcomes (the two objects' last effects chosen together)."""
    one, three = {"op": "set_pt", "power": 1, "toughness": 1}, {"op": "set_pt", "power": 3, "toughness": 3}
    board = make_board(
        [creature("bear", 1), creature("elk", 1)],
        [
            {"id": "a", "timestamp": 5, "applies_to": ["bear"], "parts": [one]},
            {"id": "b", "timestamp": 5, "applies_to": ["bear", "elk"], "parts": [{"op": "set_pt", "power": 2}]},
            {"id": "c", "timestamp": 5, "applies_to": ["elk"], "parts": [three]},
        ],
    )
    found = distinct_outcomes(board, IKORIA)
    powers = {(o.final["bear"].power, o.final["elk"].power) for o in found.outcomes}
    # b last: 2 and 2; b before both: 1 and 3; b between them: 2 and 3 (a first) or 1 and 2 (c first)
    assert powers == {(2, 2), (1, 3), (2, 3), (1, 2)}
    assert outcome_keys(found) == outcome_keys(outcomes(board, IKORIA))


def test_a_filter_reading_a_written_color_is_outside_the_scope() -> None:
    """613.8a, 611.3a: an ability whose filter reads colors, tied with settings of color: its objects depend on the
    order, so no signature is assumed (None: the caller keeps its other orders)."""
    texts = ["is red", "is blue", "red creatures get base power 4"]
    board = make_board(
        [creature("c", 1, colors=["green"], abilities=texts)],
        abilities=[
            {"text": texts[0], "applies_to": {"is_source": True}, "parts": [{"op": "set_colors", "colors": ["red"]}]},
            {"text": texts[1], "applies_to": {"is_source": True}, "parts": [{"op": "set_colors", "colors": ["blue"]}]},
            {"text": texts[2], "applies_to": {"color": "red"}, "parts": [{"op": "set_colors", "colors": ["white"]}]},
        ],
    )
    keys = [f"c:{t}" for t in texts]
    assert last_touch_orders(keys, DistinctOrders(board, IKORIA).effects, IKORIA) is None


def test_the_corpus_case_of_twelve_tied_settings_is_complete_with_ten_resolutions() -> None:
    """613.7a, 613.7m, 613.4b: the corpus case (twelve abilities of one creature setting its base power, four of them
    power and toughness 0/3): nine outcomes (power 0 to 8, toughness 3), one resolution to meet the tie and one
    per power value; every order stopped at its limit of 120 resolutions without finishing."""
    case = load_case(CASES_DIR / "timestamps" / "twelve-tied-abilities-last-setting.yaml")
    board = board_at(case, 1, CURRENT)
    found = distinct_outcomes(board, CURRENT)
    pts = sorted((o.final["chimera"].power, o.final["chimera"].toughness) for o in found.outcomes)
    assert pts == [(p, 3) for p in range(9)]
    assert (found.complete, found.runs) == (True, 10)
    assert not outcomes(board, CURRENT).complete


def test_a_setting_of_card_types_touches_every_card_type_but_instant_and_sorcery() -> None:
    """205.1a: a setting of card types sets each card type present or absent, and keeps instant and sorcery."""
    part = Part("set_types", freeze({"types": ["creature", "artifact"]}))
    effect = ContinuousEffect("e", "resolved", 5, (part,), "e", targets=("x",))
    done = part_touches(effect, part)
    assert done is not None
    assert {element: touch for field, element, touch in done if field == "types"} == {
        t: ("set", t in ("creature", "artifact")) for t in CARD_TYPES if t not in ("instant", "sorcery")
    }
    assert {field for field, _, _ in done} == {"types"}
