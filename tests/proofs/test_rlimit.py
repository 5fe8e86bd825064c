"""Every z3 check is bounded by z3's resource count (proofs.crosscheck.RLIMIT), not by the clock.

A check that reaches its limit is "unknown", saying the resource limit was reached (never "timeout", never read as
sat or unsat); the same check under the project's limit is verified. z3 scopes the limit per check: each check of
one solver gets it afresh.
"""

from __future__ import annotations

import pytest
import z3

from mtg_layers.checking.z3_crosscheck import _crosscheck_case, check_board
from proofs.crosscheck import RLIMIT, Bounded, LimitReached
from reference.case import board_at
from reference.versions import builtin_versions

from ..builders import CASE_7N
from ..builders import corpus_case as _case

_SAID = (
    "z3 reached its resource limit of 100 units of work for one check (rlimit, proofs.crosscheck.RLIMIT) in "
    "proofs.crosscheck._check_answers: no answer"
)


def test_a_check_past_a_small_rlimit_is_unknown_naming_the_limit_and_verified_under_the_projects() -> None:
    case = _case(CASE_7N)
    version = builtin_versions()[case.versions[0]]
    board = board_at(case, 1, version)
    small = check_board(board, version, rlimit=100)
    assert (small.status, small.info) == ("unknown", [_SAID])
    assert (check_board(board, version).status, check_board(board, version, rlimit=RLIMIT).status) == (
        "verified",
        "verified",
    )
    assert _crosscheck_case(case, version, rlimit=100) == ("unknown", ["step 1: unknown", f"step 1: {_SAID}"])
    assert _crosscheck_case(case, version) == ("verified", [])


def test_the_limit_is_per_check_not_per_solver() -> None:
    # each check of one solver may use the whole limit: three checks of about 40 units each under a limit of 100
    solver = Bounded(100)
    x = z3.Int("x")
    solver.add(x > 1)
    for bound in (5, 4, 3):
        solver.push()
        solver.add(x < bound)
        assert solver.check() == z3.sat
        solver.pop()


def test_a_check_that_reaches_its_limit_raises_rather_than_answering_unknown() -> None:
    solver = Bounded(1)
    a, b, c = z3.BitVecs("a b c", 32)
    solver.add(a * b * c == 123456789, z3.UGT(a, 1), z3.UGT(b, 1), z3.UGT(c, 1))
    with pytest.raises(LimitReached, match=r"resource limit of 1 units .* in tests\.proofs\.test_rlimit\."):
        solver.check()


def test_the_project_limit_is_set() -> None:
    assert RLIMIT > 0  # 0 is z3's "no limit"
    assert Bounded().rlimit == RLIMIT
