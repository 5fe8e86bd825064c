"""The z3 cross-check under a budget (mtg_layers.checking.z3_crosscheck.crosscheck_case).

With a budget, each (case, version) is checked in a child process that is killed when the budget runs out. The
child answers one check after another while none runs out: one process, not a fork per check (1,308 forks on the
corpus cost ``verify`` about 20 s of system time). These tests pin that it is the same child, that a timeout
kills it and leaves the next check to a new one, that the answers are those of the check made in-process, and
that the budget is CPU time: a check slowed by the machine keeps its verdict.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from mtg_layers.checking import z3_crosscheck
from mtg_layers.checking.z3_crosscheck import OUT_OF_BUDGET, crosscheck_case
from proofs import crosscheck
from reference.versions import builtin_versions
from tests.corpus.test_loader import GOOD, write
from tests.corpus.test_loader_faults import cli

from ..builders import CASE_7N
from ..builders import corpus_case as _case


def _child_pid() -> int | None:
    checker = z3_crosscheck._Checker._current
    return None if checker is None else checker.process.pid


def _stop_child() -> None:
    if z3_crosscheck._Checker._current is not None:
        z3_crosscheck._Checker._current.stop()


def _resume(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # a child killed meanwhile
        os.kill(pid, signal.SIGCONT)


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
    assert (status, info) == (OUT_OF_BUDGET, ["past the budget of 1e-06 s of CPU per case and rules version"])
    assert not first.process.is_alive() and z3_crosscheck._Checker._current is None
    assert crosscheck_case(case, version, budget_s=120)[0] == "verified"
    assert _child_pid() not in (None, first.process.pid)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="the CPU budget needs /proc (else: wall clock)")
def test_a_check_slowed_by_the_machine_keeps_its_verdict() -> None:
    # the child gets no CPU for 3 s (stopped, as on a machine whose other processes take it), more than its budget
    # of 2 s: the budget counts the child's CPU time, not the clock, so the check is verified as in an idle machine
    # (under the old wall-clock budget: "not verified (timeout)")
    case = _case(CASE_7N)
    version = builtin_versions()[case.versions[0]]
    assert crosscheck_case(case, version, budget_s=120)[0] == "verified"  # the child started, its imports done
    pid = _child_pid()
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    resume = threading.Timer(3.0, _resume, (pid,))
    resume.start()
    try:
        start = time.monotonic()
        assert crosscheck_case(case, version, budget_s=2.0) == ("verified", [])
        assert time.monotonic() - start >= 2.9  # it did wait for the stopped child
    finally:
        resume.join()
    assert _child_pid() == pid  # and kept it


def test_an_answer_over_the_budget_is_out_of_it_though_the_parent_did_not_see_it_run_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the parent reads the child's CPU time only now and then: an answer that comes back after the budget ran out
    # between two readings is over it by the child's own count (here the parent waits for any answer)
    case = _case(CASE_7N)
    version = builtin_versions()[case.versions[0]]
    monkeypatch.setattr(z3_crosscheck._Checker, "wait", lambda self, budget_s: self.conn.poll(None))
    status, info = crosscheck_case(case, version, budget_s=0.000001)
    assert (status, info) == (OUT_OF_BUDGET, ["past the budget of 1e-06 s of CPU per case and rules version"])


def test_verify_says_a_check_reached_z3s_resource_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # every z3 check limited to 100 units of work (the child forked after the patch): "unknown", naming the limit
    bounded = crosscheck.Bounded.__init__

    def small(self: crosscheck.Bounded, rlimit: int = crosscheck.RLIMIT) -> None:
        bounded(self, 100)

    monkeypatch.setattr(crosscheck.Bounded, "__init__", small)
    _stop_child()
    write(tmp_path, GOOD)
    try:
        result = cli("verify", "--corpus", str(tmp_path), "-j", "1")
    finally:
        _stop_child()  # the child forked under the patch: never the next test's
    assert result.exit_code == 1
    assert "(z3: 0 verified, 0 not encoded, 2 not verified)" in result.output
    assert "verify fails: 2 case/version pair(s) not verified by z3 (2 reached z3's resource limit per check" in (
        result.output
    )
    assert result.output.count("z3 reached its resource limit of 100 units of work for one check") == 2
    assert "timeout" not in result.output and "budget" not in result.output
