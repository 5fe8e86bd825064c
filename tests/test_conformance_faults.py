"""Adapters that crash, hang, print garbage or too much, answer out of order or speak another protocol.

Each fault is reported for the run it hit, with a status and a message, and the run goes
on: the runs after it pass (the fake adapter answers them like the reference adapter).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mtg_layers.conformance.protocol import load_suite
from mtg_layers.conformance.runner import Runner, RunnerOptions, RunResult, plan
from mtg_layers.corpus import ROOT

FAKE = Path(__file__).parent / "fake_adapters" / "misbehaving_adapter.py"
SUITE = load_suite(Path(__file__).parent / "fake_adapters" / "corpus")
JOBS = plan(SUITE)  # 14 runs: gray ogre (4 steps x 3 versions), anthem (1 step x 2 versions)


ONESHOT_JOBS = JOBS[:3]  # a process per run: three runs (before, at and after the fault) are enough


def run_fake(fault: str, mode: str = "persistent", **options: Any) -> tuple[list[RunResult], Runner]:
    argv = [sys.executable, str(FAKE), fault] + (["--oneshot"] if mode == "oneshot" else [])
    runner = Runner(RunnerOptions(argv=argv, mode=mode, cwd=str(ROOT), **{"timeout": 5.0, **options}))
    return runner.run(JOBS if mode == "persistent" else ONESHOT_JOBS), runner


def assert_only_run_2_hit(results: list[RunResult], status: str, *words: str) -> RunResult:
    assert len(results) in (len(JOBS), len(ONESHOT_JOBS))
    hit = results[1]
    assert hit.seq == 2 and hit.status == status, (hit.status, hit.message)
    for w in words:
        assert w in hit.message, hit.message
    others = [r for r in results if r.seq != 2]
    assert all(r.status == "pass" for r in others), [(r.seq, r.status, r.message) for r in others if r.status != "pass"]
    return hit


FAULTS = [
    ("crash", "error", ["exited with status 3", "crash"]),
    ("crash-partial", "error", ["exited with status 3", "partial output", '{"seq": 2, "resu']),
    ("garbage", "error", ["not JSON", "NullPointerException"]),
    ("out-of-order", "error", ["seq 9", "expected 2", "out of order"]),
    ("bad-shape", "error", ["invalid answer", "power"]),
    ("errored", "error", ["adapter reported an error", "engine exploded"]),
    ("skipped", "skip", ["no counters in this engine"]),
    ("chatty", "error", ["not JSON", "loading card database"]),
]


@pytest.mark.parametrize(("fault", "status", "words"), FAULTS, ids=[f[0] for f in FAULTS])
def test_persistent_faults_are_reported_and_the_run_goes_on(fault: str, status: str, words: list[str]) -> None:
    results, runner = run_fake(fault)
    assert_only_run_2_hit(results, status, *words)
    restarted = fault not in ("errored", "skipped")
    assert runner.session.starts == (2 if restarted else 1), "a faulty adapter is restarted, a polite one is not"
    assert runner.session.implementation is not None


def test_crash_keeps_the_stderr_tail() -> None:
    results, _ = run_fake("crash")
    assert "fake adapter: boom" in results[1].stderr


def test_hang_times_out_kills_and_restarts() -> None:
    results, runner = run_fake("hang", timeout=1.0)
    hit = assert_only_run_2_hit(results, "timeout", "no answer within 1 s", "killed")
    assert "thinking very hard" in hit.stderr
    assert runner.session.starts == 2


def test_too_much_output_is_capped() -> None:
    results, runner = run_fake("too-much", max_line=10_000)
    assert_only_run_2_hit(results, "error", "longer than the 10000-byte line limit")
    assert runner.session.starts == 2


@pytest.mark.parametrize("fault", ["wrong-version", "not-ready"])
def test_protocol_version_mismatch_is_reported_for_every_run(fault: str) -> None:
    results, runner = run_fake(fault)
    assert len(results) == len(JOBS)
    assert all(r.status == "error" for r in results)
    word = "protocol version mismatch" if fault == "wrong-version" else "not ready"
    assert all(word in r.message for r in results), results[0].message
    assert runner.session.starts == 1, "a version mismatch is not retried"


def test_an_adapter_that_never_starts_is_given_up_after_three_tries() -> None:
    results, runner = run_fake("hang-start", start_timeout=0.5)
    assert len(results) == len(JOBS) and all(r.status == "error" for r in results)
    assert "failed to start" in results[0].message
    assert "giving up" in results[-1].message
    assert runner.session.starts == 3


def test_a_command_that_does_not_exist_is_reported_not_raised() -> None:
    runner = Runner(RunnerOptions(argv=["/nonexistent/adapter"], timeout=1.0))
    results = runner.run(JOBS[:2])
    assert [r.status for r in results] == ["error", "error"]
    assert "cannot start the adapter" in results[0].message


ONESHOT_FAULTS = [
    ("crash", "error", ["exited with status 3"]),
    ("garbage", "error", ["adapter reported an error"]),  # exit status 1 in one-shot mode: an error
    ("too-much", "error", ["longer than the 10000-byte limit"]),
    ("out-of-order", "error", ["seq 9", "expected 2"]),
    ("bad-shape", "error", ["invalid answer"]),
    ("errored", "error", ["engine exploded"]),
    ("skipped", "skip", ["no counters in this engine"]),
]


@pytest.mark.parametrize(("fault", "status", "words"), ONESHOT_FAULTS, ids=[f[0] for f in ONESHOT_FAULTS])
def test_oneshot_faults_are_reported_and_the_run_goes_on(fault: str, status: str, words: list[str]) -> None:
    results, _ = run_fake(fault, mode="oneshot", max_line=10_000)
    assert_only_run_2_hit(results, status, *words)


def test_oneshot_hang_times_out() -> None:
    results, _ = run_fake("hang", mode="oneshot", timeout=1.0)
    assert_only_run_2_hit(results, "timeout", "no answer within 1 s")


def test_oneshot_wrong_version_is_reported_for_every_run() -> None:
    results, _ = run_fake("wrong-version", mode="oneshot")
    assert all(r.status == "error" and "protocol version mismatch" in r.message for r in results)
