"""Issue 28, item 10: a calculated amount that raises or lowers power or toughness is never below zero (107.1b).

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

from mtg_layers.checking.results import board_result
from mtg_layers.checking.z3_crosscheck import check_board
from mtg_layers.corpus import case_from_data
from proofs.crosscheck import check_answer
from reference.case import board_at
from reference.filters import Context, amount, condition_holds, evaluate
from reference.model import Board
from reference.resolver import resolve
from reference.versions import ProfileError, builtin_profile_data, get_version, version_from_mapping
from tests.proofs.refute import refuted

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
