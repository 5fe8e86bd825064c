"""Monstrous (701.37; the filter key monstrous, reference.filters): a designation the format states, read by filters."""

from __future__ import annotations

import copy

from mtg_layers.checking.verify import resolve_step
from mtg_layers.corpus import CASES_DIR, load_case
from proofs.crosscheck import check_answer
from reference.case import board_at
from reference.resolver import resolve
from reference.versions import get_version
from reference.zones import change_zones

CURRENT = get_version("2025-08-01")
LION = CASES_DIR / "statuses" / "fleecemane-lion-monstrous.yaml"


def test_becoming_monstrous_turns_the_condition_on_and_a_zone_change_ends_it() -> None:
    case = load_case(LION)
    assert not board_at(case, 1).objects["lion"].monstrous
    monstrous = board_at(case, 2)
    assert monstrous.objects["lion"].monstrous
    assert {"hexproof", "indestructible"} <= resolve(monstrous, CURRENT).final["lion"].abilities
    moved = change_zones(monstrous, {"lion": "exile"})
    assert not moved.objects["lion"].monstrous  # 400.7: a new object, not monstrous


def test_monstrous_is_not_an_ability_and_survives_losing_them() -> None:
    case = load_case(LION)
    frog = board_at(case, 3)
    assert frog.objects["lion"].monstrous and resolve(frog, CURRENT).final["lion"].abilities == frozenset()


def test_z3_reads_the_designation_itself() -> None:
    case = load_case(LION)
    for step, wrong in ((1, ["hexproof"]), (2, [])):
        board = board_at(case, step)
        _, answer = resolve_step(case, step, CURRENT)
        assert check_answer(board, CURRENT, answer).status == "verified"
        bad = copy.deepcopy(answer)
        bad["lion"]["abilities"] = sorted(set(bad["lion"]["abilities"]) ^ set(wrong or ["hexproof"]))
        assert check_answer(board, CURRENT, bad).status == "counterexample"
