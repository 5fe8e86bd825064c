"""The z3 cross-check under a budget (mtg_layers.checking.z3_crosscheck.crosscheck_case).

With a budget, each (case, version) is checked in a child process that is killed when the budget runs out. The
child answers one check after another while none runs out: one process, not a fork per check (1,308 forks on the
corpus cost ``verify`` about 20 s of system time). These tests pin that it is the same child, that a timeout
kills it and leaves the next check to a new one, and that the answers are those of the check made in-process.
"""

from __future__ import annotations

from mtg_layers.checking import z3_crosscheck
from mtg_layers.checking.z3_crosscheck import TIMED_OUT, crosscheck_case
from reference.versions import builtin_versions

from ..builders import CASE_7N
from ..builders import corpus_case as _case


def _child_pid() -> int | None:
    checker = z3_crosscheck._Checker._current
    return None if checker is None else checker.process.pid


def test_checks_under_a_budget_share_one_child_and_answer_as_in_process() -> None:
    case = _case(CASE_7N)
    versions = builtin_versions()
    answers = [crosscheck_case(case, versions[vid], budget_s=120) for vid in case.versions]
    pid = _child_pid()
    assert pid is not None
    assert crosscheck_case(case, versions[case.versions[0]], budget_s=120) == answers[0]
    assert _child_pid() == pid, "the second check went to the same child"
    assert answers == [crosscheck_case(case, versions[vid]) for vid in case.versions]  # no budget: in this process
    assert {status for status, _ in answers} == {"verified"}


def test_a_check_that_runs_out_kills_its_child_and_the_next_check_gets_a_new_one() -> None:
    case = _case(CASE_7N)
    version = builtin_versions()[case.versions[0]]
    assert crosscheck_case(case, version, budget_s=120)[0] == "verified"
    first = z3_crosscheck._Checker._current
    assert first is not None
    status, info = crosscheck_case(case, version, budget_s=0.000001)
    assert (status, info) == (TIMED_OUT, ["no answer within the budget of 1e-06 s per case and rules version"])
    assert not first.process.is_alive() and z3_crosscheck._Checker._current is None
    assert crosscheck_case(case, version, budget_s=120)[0] == "verified"
    assert _child_pid() not in (None, first.process.pid)
