"""611.2d, 608.2h on the z3 side (proofs.fixed_amounts): the encoding fixes a resolved effect's X itself.

The Elder of Laurels case (its rulings) has the answers; z3 verifies them on the board whose
amounts it fixed by its own layers, and refutes the live reading's answers (5/5 once a third
creature enters, 3/3 once two leave), which the encoding would accept if it read X live.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from mtg_layers.checking.verify import resolve_step
from mtg_layers.checking.z3_crosscheck import fix_step_amounts, with_fixed
from mtg_layers.corpus import CASES_DIR, load_case
from proofs.crosscheck import check_answer
from proofs.encoding import NotEncodable
from proofs.fixed_amounts import fix_amounts, open_amounts
from reference.case import Case, apply_step, board_at, initial_board
from reference.frozen import freeze
from reference.model import Board, Effect, FrozenMap
from reference.versions import builtin_versions

ELDER = "rulings/elder-of-laurels-x-fixed-on-resolution.yaml"
# step -> the Bears' power and toughness under the live reading (X counted again at every step)
LIVE = {2: 5, 3: 3}


def _z3_board(case: Case, n: int, vid: str) -> Board:
    """The board at step ``n`` with every new effect's amounts as the encoding fixed them."""
    version = builtin_versions()[vid]
    fixed: dict[str, Effect] = {}
    for k in range(1, n + 1):
        assert fix_step_amounts(case, k, version, fixed) == []  # z3 and the resolver fix the same numbers
    return with_fixed(board_at(case, n, version), fixed)


@pytest.mark.parametrize("vid", ["pre-m10", "m10", "ikoria", "2023-11-17", "2025-08-01"])
@pytest.mark.parametrize("n", [2, 3])
def test_z3_verifies_the_fixed_x_and_refutes_the_live_one(vid: str, n: int) -> None:
    """611.2d: X counted as the ability resolved (two creatures): the Bears stay 4/4; 5/5 or 3/3 is refuted."""
    case = load_case(CASES_DIR / ELDER)
    version = builtin_versions()[vid]
    board = _z3_board(case, n, vid)
    _, answer = resolve_step(case, n, version)
    assert answer["bears"]["power"] == 4
    assert check_answer(board, version, answer).status == "verified"
    live = copy.deepcopy(answer)
    live["bears"]["power"] = live["bears"]["toughness"] = LIVE[n]
    assert check_answer(board, version, live).status == "counterexample"


def test_the_encoding_reading_x_live_would_accept_the_old_answer() -> None:
    """The finding of 2026-12-03: with the expression left in the effect, z3 agrees with the live 5/5."""
    case = load_case(CASES_DIR / ELDER)
    version = builtin_versions()["ikoria"]
    original = case.steps[0].add_effects[0]
    board = board_at(case, 2, version)
    live_board = replace(board, effects=tuple(replace(e, parts=original.parts) for e in board.effects))
    _, answer = resolve_step(case, 2, version)
    live = copy.deepcopy(answer)
    live["bears"]["power"] = live["bears"]["toughness"] = 5
    assert check_answer(live_board, version, live).status == "verified"


def test_fix_amounts_counts_on_the_board_as_the_effect_resolves() -> None:
    """608.2h: two creatures as the ability resolves, so +2/+2; an effect with numbers only is left as it is."""
    case = load_case(CASES_DIR / ELDER)
    version = builtin_versions()["2025-08-01"]
    step = case.steps[0]
    effect = step.add_effects[0]
    before = apply_step(initial_board(case), replace(step, add_effects=()), version)
    assert open_amounts(effect) == [(0, "power"), (0, "toughness")]
    done = fix_amounts(before, effect, version)
    assert dict(done.parts[0].args) == {"power": 2, "toughness": 2}
    assert open_amounts(done) == []
    assert fix_amounts(before, done, version) is done


def test_fix_amounts_refuses_an_x_that_differs_between_its_objects() -> None:
    """611.2d: one number per amount; "its power" over two objects of different power is not one number."""
    case = load_case(CASES_DIR / ELDER)
    version = builtin_versions()["ikoria"]
    before = initial_board(case)
    effect = replace(
        case.steps[0].add_effects[0],
        applies_to=("elder", "bears"),
        parts=(replace(case.steps[0].add_effects[0].parts[0], args=freeze({"toughness": {"its": "toughness"}})),),
    )
    with pytest.raises(NotEncodable, match="not the only ones"):
        fix_amounts(before, effect, version)


def test_the_cross_check_reports_a_resolver_that_fixes_another_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """611.2d: a resolver that counts one creature too many as the ability resolves is a counterexample."""
    import reference.case as case_module
    from mtg_layers.checking.z3_crosscheck import crosscheck_case
    from reference.fixed_amounts import on_resolution

    def one_too_many(board: Board, new: tuple[str, ...], version: object) -> Board:
        out = on_resolution(board, new, version)  # type: ignore[arg-type]
        bumped = []
        for e in out.effects:
            if e.id in new and e.id == "laurels":
                e = replace(
                    e, parts=tuple(replace(p, args=FrozenMap({k: v + 1 for k, v in p.args.items()})) for p in e.parts)
                )
            bumped.append(e)
        return replace(out, effects=tuple(bumped))

    monkeypatch.setattr(case_module, "on_resolution", one_too_many)
    case = load_case(CASES_DIR / ELDER)
    status, info = crosscheck_case(case, builtin_versions()["ikoria"])
    assert status == "counterexample"
    assert "step 1: board differs: effect laurels part 0 modify_pt.power: z3 reading 2, resolver 3" in info


RUSH = "model/rush-of-blood-x-read-off-its-target.yaml"


# the Bears' power at step 3 under the live reading: the counter applies after the Rushes (pre-m10: 6c after
# 6b; m10: 7d after 7c), so X reads 2 then 4: 2+2+4+1 = 9; in one sublayer with them (7c, ikoria on) each
# Rush waits for the counter it depends on: 2+1 = 3, then 3+3 = 6, then 6+6 = 12
LIVE_RUSH = {"pre-m10": 9, "m10": 9, "ikoria": 12, "2023-11-17": 12, "2025-08-01": 12}


@pytest.mark.parametrize("vid", sorted(LIVE_RUSH))
def test_z3_fixes_an_x_read_off_its_object(vid: str) -> None:
    """608.2h: the second Rush reads the Bears' power as it resolves (5): 10/3; the live reading's answer is refuted."""
    case = load_case(CASES_DIR / RUSH)
    version = builtin_versions()[vid]
    board = _z3_board(case, 3, vid)
    assert [dict(e.parts[0].args)["power"] for e in board.effects] == [2, 5]
    _, answer = resolve_step(case, 3, version)
    assert check_answer(board, version, answer).status == "verified"
    live = copy.deepcopy(answer)
    live["bears"]["power"] = LIVE_RUSH[vid]
    assert check_answer(board, version, live).status == "counterexample"
