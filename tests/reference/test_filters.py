"""Filters and value expressions (611.3a, reference.filters): what picks objects and numbers.

Conditions, counters, counts, devotion (700.5), cards exiled with a source (607.2a), the top of a
graveyard (404.1), "is it", and how a text change reads a word (612.2), in singular or plural.

Issue 28, item 10: a calculated amount that raises or lowers power or toughness is never below zero (107.1b).

"Gets -X/-X, where X is your life total" at -1 life is -0/-0 (Death's Shadow stays 13/13),
not +1/+1; an effect that sets power or toughness to the life total gives -1/-1, and a
comparison reads -1. The rule came with Hour of Devastation (July 2017); the profiles for the
rules before (pre-m10, m10) state the reading of 2007 to 2017, under which the negative
number counted (flag negative_amounts).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import proofs.words as pw
from mtg_layers.checking.results import board_result
from mtg_layers.checking.verify import resolve_step
from mtg_layers.checking.z3_crosscheck import check_board
from mtg_layers.corpus import CASES_DIR, case_from_data, load_case
from proofs.crosscheck import check_answer
from proofs.words import symbols_of
from reference.case import board_at
from reference.filters import (
    Context,
    amount,
    condition_holds,
    counters_of,
    devotion_symbols,
    evaluate,
    is_top_of_graveyard,
    matches,
    replace_in_text,
    substitute,
)
from reference.frozen import freeze
from reference.model import Board
from reference.resolver import initial_state, resolve
from reference.versions import ProfileError, builtin_profile_data, get_version, version_from_mapping
from reference.zones import change_zones
from reference_optimized.compiled_filters import compiled
from tests.proofs.refute import refuted

from ..builders import creature, make_board, run
from ..builders import graveyard_card as _card

# 612.2 with Merfolk -> Goblin: "merfolk" is its own plural, so the new word is singular or plural
# as the old one was used.
READINGS = [
    ("merfolk", "goblin"),  # a type line entry: the singular
    ("merfolkwalk", "goblinwalk"),  # a -walk keyword's stem is singular
    ("flying, merfolkwalk, trample", "flying, goblinwalk, trample"),
    ("target merfolk gets +1/+1", "target goblin gets +1/+1"),
    ("this deals 1 damage to target merfolk.", "this deals 1 damage to target goblin."),
    ("put a +1/+1 counter on each other merfolk you control.", "put a +1/+1 counter on each other goblin you control."),
    ("all merfolk get +1/+1", "all goblins get +1/+1"),
    ("destroy all merfolk creatures.", "destroy all goblin creatures."),
]


@pytest.mark.parametrize(("text", "changed"), READINGS)
def test_an_invariant_plural_changes_to_the_number_it_was_used_in(text: str, changed: str) -> None:
    """612.2: a changed creature type keeps the number (singular or plural) the replaced word was used in."""
    assert replace_in_text(text, "merfolk", "goblin") == changed


def test_612_2_a_text_change_reaches_only_the_word_fields_of_a_filter() -> None:
    """612.2: a text change reads creature types where they are used as such, not inside a name."""
    changes = (("rat", "elf"),)
    filt = {"name": "rat colony", "subtype": "rat", "controller": "you"}
    assert dict(substitute(filt, changes)) == {"name": "rat colony", "subtype": "elf", "controller": "you"}
    assert substitute(("rat colony",), changes) == ("rat colony",)
    assert substitute("rat", changes) == "rat"


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# --- boards


def _ctx(board: Board, source: str | None = "src", controller: str | None = "p1") -> Context:
    return Context(board=board, state=initial_state(board), source=source, controller=controller)


# --- filters: conditions (611.3a)


def _condition_board() -> Board:
    return make_board([creature("src", 1, power=3, toughness=3), creature("other", 2)])


def test_a_condition_must_be_a_mapping() -> None:
    """611.3a: an "as long as" condition is a comparison; anything else is refused with what was given."""
    with pytest.raises(ValueError) as err:
        condition_holds(["left"], _ctx(_condition_board()))
    assert str(err.value) == "a condition must be a mapping, got ['left']"


def test_a_condition_reads_its_right_side_from_the_board() -> None:
    """611.3a: both sides of a condition are values read from the current state (here: a count of creatures)."""
    ctx = _ctx(_condition_board())
    assert condition_holds({"left": 2, "op": "==", "right": {"count": {"type": "creature"}}}, ctx)
    assert not condition_holds({"left": 3, "op": "==", "right": {"count": {"type": "creature"}}}, ctx)


def test_a_conditions_right_side_reads_the_source() -> None:
    """611.3a: "its" in a condition's right side is the source's own value (its power 3 here)."""
    ctx = _ctx(_condition_board())
    assert condition_holds({"left": 3, "op": "==", "right": {"its": "power"}}, ctx)
    assert not condition_holds({"left": 2, "op": "==", "right": {"its": "power"}}, ctx)


# --- filters: counters (122.1)


def _counters_board() -> Board:
    counters = [{"kind": "+1/+1", "count": 2, "timestamp": 3}, {"kind": "charge", "count": 3, "timestamp": 4}]
    return make_board([creature("src", 1, counters=counters)])


def test_counters_of_any_kind_adds_every_kind() -> None:
    """122.1: counters of any kind on an object: every counter counts, whatever its kind."""
    ctx = _ctx(_counters_board())
    assert counters_of(ctx, "src", "any") == 5
    assert counters_of(ctx, "src", "charge") == 3


def test_counters_of_no_object_are_none() -> None:
    """122.1: no object (or one not on the board) has no counters."""
    ctx = _ctx(_counters_board())
    assert counters_of(ctx, None, "any") == 0
    assert counters_of(ctx, "gone", "any") == 0


def test_a_count_of_creatures_counts_permanents_not_cards_in_a_graveyard() -> None:
    """109.2, 611.3a: "each creature" means a creature permanent; a creature card in a graveyard is not one, unless
    the ability names the graveyard: two creatures on the battlefield give +2/+0, not +3/+0."""
    each = "this creature gets +1/+0 for each creature."
    board = make_board(
        [creature("src", 1, abilities=[each]), creature("bear", 2), _card("corpse", 3)],
        abilities=[{"text": each, "parts": [{"op": "modify_pt", "power": {"count": {"type": "creature"}}}]}],
    )
    ctx = _ctx(board)
    assert evaluate({"count": {"type": "creature"}}, ctx, "src") == 2
    assert evaluate({"count": {"type": "creature", "zone": "graveyard"}}, ctx, "src") == 1
    _, result = run(board)
    assert (result["src"]["power"], result["src"]["toughness"]) == (4, 2)


# --- filters: top of graveyard (404.1)


def test_a_permanent_is_not_the_top_card_of_a_graveyard() -> None:
    """404.1: only a card in a graveyard can be on top of it; a permanent is not."""
    board = make_board([creature("src", 1, owner="p1"), _card("bears", 2)])
    assert not is_top_of_graveyard(board, "src")
    assert is_top_of_graveyard(board, "bears")


# --- filters: value expressions and what is not a filter (611.3a)


@pytest.mark.parametrize(
    ("value", "target", "message"),
    [
        (True, None, "a value must be a number or an expression, got True"),
        ({"count": {}, "its": "power"}, None, "a value expression must have exactly one key, got "),
        ("three", None, "a value expression must have exactly one key, got 'three'"),
        ({"its": "power"}, None, "'its' needs an object"),
        ({"no_such_value": 1}, "src", "unknown value expression 'no_such_value'"),
    ],
)
def test_what_is_not_a_value_is_refused_with_what_was_given(value: Any, target: str | None, message: str) -> None:
    """611.3a: a value is a number or one expression read from the current state; anything else is an error."""
    with pytest.raises(ValueError) as err:
        evaluate(value, _ctx(_condition_board()), target)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize(
    ("filt", "message"),
    [
        ("creature", "a filter must be a mapping, got 'creature'"),
        ({"no_such_key": 1}, "unknown filter key 'no_such_key'"),
    ],
)
def test_what_is_not_a_filter_is_refused_with_what_was_given(filt: Any, message: str) -> None:
    """611.3a: a filter is a mapping of known conditions; anything else is an error naming it (both forms)."""
    ctx = _ctx(_condition_board())
    with pytest.raises(ValueError) as readable:
        matches(filt, "src", ctx)
    assert str(readable.value) == message
    with pytest.raises(ValueError) as quick:
        compiled(freeze(filt))("src", ctx)
    assert str(quick.value) == message


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# Value expressions and filter keys the corpus's boards do not reach (filters.evaluate, compiled_filters)


def _value_board() -> Any:
    artifact = {"controller": "p1", "types": ["artifact"], "mana_value": 2}
    return make_board(
        [
            creature("src", 1, counters=[{"kind": "+1/+1", "count": 2, "timestamp": 1}], mana_cost="{W}{U}"),
            creature("bear", 2, power=3, mana_cost="{1}{W}"),
            {"id": "stone", "name": "Stone", "timestamp": 3, "zone": "exile", "exiled_with": "src", **artifact},
            {"id": "orb", "name": "Orb", "timestamp": 4, "zone": "exile", "exiled_with": "bear", **artifact},
        ]
    )


def test_a_value_counts_the_sources_own_counters() -> None:
    """122.1, 613.4c: "for each +1/+1 counter on this creature" counts the source's counters, whatever object the
    value is computed for."""
    from reference.filters import evaluate

    board = _value_board()
    assert evaluate(freeze({"source_counters": "+1/+1"}), _ctx(board), "bear") == 2
    assert evaluate(freeze({"source_counters": "+1/+1"}), _ctx(board, "bear"), "src") == 0


def test_sums_and_multiples_of_values_read_the_object_they_are_computed_for() -> None:
    """613.4c, 107.3: "X is twice its power" and "its power plus its toughness" are computed for the object the
    effect applies to: twice 3 is 6 for a 3/2, 3 + 2 is 5; for the 2/2 source, 4 and 4."""
    from reference.filters import evaluate

    board, twice = _value_board(), freeze({"times": (2, {"its": "power"})})
    both = freeze({"sum": ({"its": "power"}, {"its": "toughness"})})
    assert (evaluate(twice, _ctx(board), "bear"), evaluate(both, _ctx(board), "bear")) == (6, 5)
    assert (evaluate(twice, _ctx(board), "src"), evaluate(both, _ctx(board), "src")) == (4, 4)


def test_devotion_to_several_colors_counts_each_symbol_of_any_of_them_once() -> None:
    """700.5a: devotion to white and blue counts the mana symbols that are white or blue among the mana costs of the
    permanents its controller controls: {W}{U} and {1}{W}, three; devotion to white alone, two."""
    from reference.filters import evaluate

    board = _value_board()
    assert evaluate(freeze({"devotion": ("white", "blue")}), _ctx(board), None) == 3
    assert evaluate(freeze({"devotion": "white"}), _ctx(board), None) == 2


def test_exiled_with_its_source_means_that_source_and_no_other() -> None:
    """607.2a, 406.6: "cards exiled with this" are the ones its own ability exiled: the Stone for the source, the
    Orb for the Bear; the compiled test says the same, and a plain (unfrozen) filter compiles too."""
    from reference.filters import matches
    from reference_optimized.compiled_filters import compiled

    board = _value_board()
    filt = freeze({"exiled_with_source": True})
    for source, exiled in (("src", "stone"), ("bear", "orb")):
        ctx = _ctx(board, source)
        assert [i for i in sorted(board.objects) if matches(filt, i, ctx)] == [exiled]
        assert [i for i in sorted(board.objects) if compiled(filt)(i, ctx)] == [exiled]
        assert [i for i in sorted(board.objects) if compiled({"exiled_with_source": True})(i, ctx)] == [exiled]


def test_612_text_change_rewrites_the_source_filter() -> None:
    crusade = {
        "text": "white creatures get +1/+1",
        "applies_to": {"all": [{"type": "creature"}, {"color": "white"}]},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    board = make_board(
        [
            creature("w", 1, colors=["white"]),
            creature("b", 2, colors=["blue"]),
            {"id": "crusade", "timestamp": 3, "types": ["enchantment"], "abilities": [crusade["text"]]},
        ],
        effects=[
            {
                "id": "sleight",
                "timestamp": 4,
                "applies_to": ["crusade"],
                "parts": [{"op": "replace_word", "from": "white", "to": "blue"}],
            }
        ],
        abilities=[crusade],
    )
    r = run(board)[1]
    assert r["crusade"]["abilities"] == ["blue creatures get +1/+1"]
    assert (r["w"]["power"], r["b"]["power"]) == (2, 3)


def test_611_3a_is_it_names_the_object_a_value_is_computed_for() -> None:
    """ "For each other creature that shares a type with it": ``is_it`` is true of that object only."""
    board = make_board([creature("a", 1), creature("b", 2)])
    state = initial_state(board)
    ctx = Context(board=board, state=state, source="a", controller=state["a"].controller, it="b")
    assert [matches(freeze({"is_it": True}), o, ctx) for o in ("a", "b")] == [False, True]
    assert [matches(freeze({"is_it": False}), o, ctx) for o in ("a", "b")] == [True, False]


@pytest.mark.parametrize(
    ("cost", "colors", "n"),
    [
        ("{3}{W}", ["white"], 1),
        ("{W}{W}", ["white"], 2),
        ("{2/W}{W/U}{G/P}", ["white"], 2),
        ("{W/U}", ["white", "blue"], 1),
        (None, ["white"], 0),
        ("{5}", ["white"], 0),
    ],
)
def test_devotion_counts_symbols_of_the_colors(cost: str | None, colors: list[str], n: int) -> None:
    """700.5: hybrid and Phyrexian symbols count, once; generic symbols never (resolver and z3 each)."""
    assert devotion_symbols(cost, frozenset(colors)) == n
    assert symbols_of(cost, colors) == n


@pytest.mark.parametrize(
    ("text", "old", "new", "expected"),
    [
        (
            "other merfolk get +1/+1 and have islandwalk",
            "merfolk",
            "goblin",
            "other goblins get +1/+1 and have islandwalk",
        ),
        ("target merfolk creature gets +1/+1", "merfolk", "goblin", "target goblin creature gets +1/+1"),
        ("other goblins get +1/+1", "goblin", "merfolk", "other merfolk get +1/+1"),
        ("other goblins get +1/+1", "goblin", "elf", "other elves get +1/+1"),
        ("elves you control have forestwalk", "elf", "wolf", "wolves you control have forestwalk"),
        ("merfolk", "merfolk", "goblin", "goblin"),
        ("each other kithkin you control", "kithkin", "ally", "each other ally you control"),
        ("other kithkin you control get +1/+1", "kithkin", "ally", "other allies you control get +1/+1"),
    ],
)
def test_text_change_of_a_plural(text: str, old: str, new: str, expected: str) -> None:
    """612.2: the word is replaced in the number the sentence uses, by the resolver and by the encoding."""
    assert replace_in_text(text, old, new) == expected
    assert pw.rewrite(text, {old: new}) == expected


SHADOW = "game-state/deaths-shadow-negative-life.yaml"


MINUS_X = {"times": [-1, {"life": "you"}]}


def test_deaths_shadow_case_is_verified_and_the_old_answer_refuted() -> None:
    """107.1b (from 2017): at -1 life X is 0, so Death's Shadow is 13/13; z3 refutes the 14/14 the old code gave."""
    for vid in ("ikoria", "2023-11-17", "2025-08-01"):
        assert refuted(SHADOW, 2, vid, "shadow", "power", 14)
    assert refuted(SHADOW, 2, "2025-08-01", "shadow", "toughness", 14)
    # the setting effect keeps the negative number: Serra Avatar is -1/-1, not 0/0
    assert refuted(SHADOW, 2, "ikoria", "avatar", "power", 0)


def _board(life: int, parts: list[dict[str, Any]], power: int = 13, extra: list[dict[str, Any]] | None = None) -> Board:
    """One creature of p1 with a static ability (``parts``) on itself, p1 at ``life``."""
    text = "this creature's ability under test."
    data = {
        "id": "amounts",
        "title": "amounts",
        "versions": ["pre-m10", "m10", "ikoria", "2025-08-01"],
        "features": ["game-state"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "game": {"turn": "p1", "life": {"p1": life, "p2": 20}},
        "abilities": [{"text": text, "applies_to": {"is_source": True}, "parts": parts}],
        "objects": [
            {
                "id": "c",
                "name": "C",
                "controller": "p1",
                "timestamp": 1,
                "types": ["creature"],
                "power": power,
                "toughness": 13,
                "abilities": [text],
            },
            *(extra or []),
        ],
        "steps": [{"description": "board", "expect": {v: {} for v in ("pre-m10", "m10", "ikoria", "2025-08-01")}}],
    }
    return board_at(case_from_data(data, "amounts.yaml"), 1)


def _pt(board: Board, vid: str) -> tuple[int, int]:
    final = resolve(board, get_version(vid)).final["c"]
    assert final.power is not None and final.toughness is not None
    return final.power, final.toughness


@pytest.mark.parametrize(
    ("life", "current", "before_2017"), [(5, (8, 8), (8, 8)), (0, (13, 13), (13, 13)), (-1, (13, 13), (14, 14))]
)
def test_minus_x_where_x_is_a_negative_life_total(
    life: int, current: tuple[int, int], before_2017: tuple[int, int]
) -> None:
    """107.1b: -X/-X with X your life total; from 2017 a negative X counts as 0, before it as itself; z3 agrees."""
    board = _board(life, [{"op": "modify_pt", "power": MINUS_X, "toughness": MINUS_X}])
    assert _pt(board, "2025-08-01") == _pt(board, "ikoria") == current
    assert _pt(board, "m10") == _pt(board, "pre-m10") == before_2017
    for vid in ("pre-m10", "m10", "ikoria", "2025-08-01"):
        assert check_board(board, get_version(vid)).status == "verified"


def test_a_setting_effect_and_a_comparison_keep_the_negative_number() -> None:
    """107.1b's exception: an effect that sets power and toughness to a specific value uses -1; a condition compares
    -1 as it is."""
    board = _board(-1, [{"op": "set_pt", "power": {"life": "you"}, "toughness": {"life": "you"}}])
    assert _pt(board, "2025-08-01") == _pt(board, "m10") == (-1, -1)
    assert check_board(board, get_version("2025-08-01")).status == "verified"
    ctx = Context(board=board, state=resolve(board, get_version("2025-08-01")).final, source="c", controller="p1")
    assert condition_holds({"left": {"life": "you"}, "op": "<", "right": 0}, ctx)
    assert evaluate({"life": "you"}, ctx, "c") == -1


def test_which_amounts_107_1b_makes_zero() -> None:
    """The calculation is X: a literal ("-2/-2") and the sign of a factor stay; a life total, a power, a difference
    (a sum with a negative term) below zero give 0; counts are never below zero."""
    board = _board(-3, [{"op": "modify_pt", "power": 0}], power=-2)
    ctx = Context(board=board, state=resolve(board, get_version("2025-08-01")).final, source="c", controller="p1")
    assert amount(-2, ctx, "c") == -2
    assert amount({"times": [-1, 2]}, ctx, "c") == -2
    assert amount({"life": "you"}, ctx, "c") == 0
    assert amount(MINUS_X, ctx, "c") == 0
    assert amount({"times": [2, {"life": "you"}]}, ctx, "c") == 0
    assert amount({"its": "power"}, ctx, "c") == 0
    assert amount({"sum": [{"life": "p2"}, {"times": [-1, 25]}]}, ctx, "c") == 0  # 20 - 25
    assert amount({"sum": [{"life": "p2"}, {"times": [-1, {"life": "you"}]}]}, ctx, "c") == 23  # 20 - (-3)
    assert amount({"times": [-1, {"sum": [{"life": "you"}, 5]}]}, ctx, "c") == -2  # X = -3 + 5
    assert amount(MINUS_X, ctx, "c", "as_is") == 3  # the rule of 2007-2017


def test_z3_reads_a_negative_power_as_zero_in_a_raising_amount() -> None:
    """'Gets +X/+0, where X is its power' on a -2/13 creature: +0/+0 from 2017 (z3 refutes -4), -4/13 before."""
    board = _board(20, [{"op": "modify_pt", "power": {"its": "power"}}], power=-2)
    assert _pt(board, "2025-08-01") == (-2, 13)
    assert _pt(board, "m10") == (-4, 13)
    v = get_version("2025-08-01")
    answer = board_result(board, resolve(board, v).final)
    assert check_answer(board, v, answer).status == "verified"
    wrong = copy.deepcopy(answer)
    wrong["c"]["power"] = -4
    assert check_answer(board, v, wrong).status == "counterexample"
    assert check_board(board, get_version("m10")).status == "verified"


def test_the_profile_flag() -> None:
    """negative_amounts: zero (from 2017; a profile that says nothing), as_is (2007-2017); anything else is refused."""
    assert [get_version(v).negative_amounts for v in ("pre-m10", "m10", "ikoria", "2023-11-17", "2025-08-01")] == [
        "as_is",
        "as_is",
        "zero",
        "zero",
        "zero",
    ]
    data = dict(builtin_profile_data()["ikoria"])
    flags = {k: v for k, v in data["flags"].items() if k != "negative_amounts"}
    assert version_from_mapping({**data, "flags": flags}).negative_amounts == "zero"
    with pytest.raises(ProfileError, match="negative_amounts"):
        version_from_mapping({**data, "flags": {**flags, "negative_amounts": "clamp"}})


# Statuses the format states and the filter keys that read them: monstrous (701.37), counters of a kind (122.1).

STATUS_VERSION = get_version("2025-08-01")
LION = CASES_DIR / "statuses" / "fleecemane-lion-monstrous.yaml"


def test_becoming_monstrous_turns_the_condition_on_and_a_zone_change_ends_it() -> None:
    case = load_case(LION)
    assert not board_at(case, 1).objects["lion"].monstrous
    monstrous = board_at(case, 2)
    assert monstrous.objects["lion"].monstrous
    assert {"hexproof", "indestructible"} <= resolve(monstrous, STATUS_VERSION).final["lion"].abilities
    moved = change_zones(monstrous, {"lion": "exile"})
    assert not moved.objects["lion"].monstrous  # 400.7: a new object, not monstrous


def test_monstrous_is_not_an_ability_and_survives_losing_them() -> None:
    case = load_case(LION)
    frog = board_at(case, 3)
    assert frog.objects["lion"].monstrous and resolve(frog, STATUS_VERSION).final["lion"].abilities == frozenset()


def test_z3_reads_the_designation_itself() -> None:
    case = load_case(LION)
    for step in (1, 2):  # not monstrous yet, then monstrous: a wrong hexproof either way is caught
        board = board_at(case, step)
        _, answer = resolve_step(case, step, STATUS_VERSION)
        assert check_answer(board, STATUS_VERSION, answer).status == "verified"
        bad = copy.deepcopy(answer)
        had = answer["lion"]["abilities"]
        assert isinstance(had, list)
        bad["lion"]["abilities"] = sorted(set(had) ^ {"hexproof"})
        assert check_answer(board, STATUS_VERSION, bad).status == "counterexample"


AURIFICATION = CASES_DIR / "statuses" / "aurification-gold-counters.yaml"


def test_has_counter_picks_the_objects_with_that_kind_of_counter() -> None:
    """122.1, 611.3a: 'each creature with a gold counter on it' (the filter key has_counter)."""
    case = load_case(AURIFICATION)
    first = resolve(board_at(case, 1), STATUS_VERSION).final
    assert "wall" in first["bears"].subtypes and "wall" not in first["giant"].subtypes
    later = resolve(board_at(case, 2), STATUS_VERSION).final
    assert "defender" in later["giant"].abilities
    board = board_at(case, 2)
    _, answer = resolve_step(case, 2, STATUS_VERSION)
    bad = copy.deepcopy(answer)
    bad["giant"]["subtypes"] = ["giant"]
    assert check_answer(board, STATUS_VERSION, bad).status == "counterexample"


GHOUL = CASES_DIR / "values" / "sutured-ghoul-total-power.yaml"


def test_total_sums_the_values_of_the_objects_the_filter_picks_as_they_are_now() -> None:
    """'The total power of the exiled cards' (value total): Tarmogoyf's CDA counts, in exile."""
    case = load_case(GHOUL)
    final = resolve(board_at(case, 1), STATUS_VERSION).final
    assert (final["ghoul"].power, final["ghoul"].toughness) == (3, 4)
    board = board_at(case, 2)
    _, answer = resolve_step(case, 2, STATUS_VERSION)
    assert check_answer(board, STATUS_VERSION, answer).status == "verified"
    bad = copy.deepcopy(answer)
    bad["ghoul"]["power"] = 2  # Tarmogoyf's printed power would give 1; its CDA's, 3
    assert check_answer(board, STATUS_VERSION, bad).status == "counterexample"


STUDENT = CASES_DIR / "statuses" / "student-of-warfare-levels.yaml"


def test_a_condition_of_several_comparisons_holds_when_all_do() -> None:
    """711.2a: 'at least 2 and no more than 6 level counters' (a condition {all: [...]}), read by both sides."""
    case = load_case(STUDENT)
    at = {n: resolve(board_at(case, n), STATUS_VERSION).final["student"] for n in (1, 2, 4)}
    assert (at[1].power, at[2].power, at[4].power) == (1, 3, 7)
    assert "first strike" in at[2].abilities and "first strike" not in at[4].abilities
    board = board_at(case, 4)
    _, answer = resolve_step(case, 4, STATUS_VERSION)
    bad = copy.deepcopy(answer)
    bad["student"]["power"] = 6  # the 2-6 range applied after 6 level counters
    assert check_answer(board, STATUS_VERSION, bad).status == "counterexample"
