"""The ``rule-timestamps`` capability (issue 38, item 3): the engine assigns the timestamps the rules give.

An adapter that declares it gets, from the first step that leaves a timestamp to the rules (613.7b-g)
on, the board before that step and the steps from it, never a timestamp the runner assigned; an
adapter that does not keeps the base protocol's board at the step.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mtg_layers.adapter import handle, implementation
from mtg_layers.checking.verify import resolve_step
from mtg_layers.conformance.protocol import (
    RULE_TIMESTAMPS,
    board_before,
    board_data,
    case_input,
    leaves_timestamps,
    message_error,
    run_message,
)
from mtg_layers.conformance.runner import Runner, RunnerOptions, plan
from mtg_layers.corpus import ROOT
from reference.versions import builtin_versions

from ..builders import case_files_read, shared_suite, suite_case

WRONG = [sys.executable, str(Path(__file__).parents[1] / "fake_adapters" / "old_timestamps_adapter.py")]
REFERENCE = [sys.executable, "-m", "mtg_layers.adapter"]
# One case per timestamp rule whose step leaves the timestamp to the rules (613.7c, d, e, f, g).
BY_RULE = {
    "613.7c": "kill-613-7c-flying-counters-put-on-twice",
    "613.7d": "kill-613-7d-levitation-returns-with-a-new-timestamp",
    "613.7e": "timestamps-equipment-attached-by-the-rules",
    "613.7f": "kill-613-7f-manifested-archetype-turned-face-up",
    "613.7g": "kill-613-7g-avabruck-caretaker-becomes-hollowhenge-huntmaster",
}


def _left(cases: list[Any]) -> list[tuple[str, int]]:
    """(case id, step) of every step of the cases' data that leaves a timestamp to the rules."""
    return [
        (str(data["id"]), k)
        for data in cases
        for k, step in enumerate(data["steps"], start=1)
        if leaves_timestamps({key: v for key, v in step.items() if key != "expect"})
    ]


# Named as the tests are collected from the case files as read (no loader, no catalogue); the suite is loaded by the
# first test that runs, and test_the_corpus_has_steps_that_leave_timestamps_to_the_rules checks it finds the same.
LEFT = _left([data for _, data in case_files_read()])


def _one_version(step: dict[str, Any], vid: str) -> dict[str, Any]:
    """A step as an event of a run under ``vid``: its outcomes for that version alone (the events make a case of it)."""
    kept = {v: o for v, o in step.get("outcomes", {}).items() if v == vid}
    return {**{k: v for k, v in step.items() if k != "outcomes"}, **({"outcomes": kept} if kept else {})}


def first_left(sc: Any) -> int | None:
    """The first step of the case that leaves a timestamp to the rules."""
    return min((k for c, k in LEFT if c == sc.id), default=None)


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_the_reference_adapter_declares_the_capability() -> None:
    assert RULE_TIMESTAMPS in implementation()["capabilities"]
    ready, _ = handle({"cmd": "start", "version": 1})
    assert ready is not None and message_error("ready", ready) is None


def test_the_corpus_has_steps_that_leave_timestamps_to_the_rules(tmp_path_factory: pytest.TempPathFactory) -> None:
    ids = {case_id for case_id, _ in LEFT}
    assert set(BY_RULE.values()) <= ids, sorted(set(BY_RULE.values()) - ids)
    # the steps named from the files as read are those of the suite's data (each reference filled from the catalogue)
    assert _left([sc.data for sc in shared_suite(tmp_path_factory)]) == LEFT


@pytest.mark.parametrize(("case_id", "k"), LEFT, ids=[f"{case_id}-step{k}" for case_id, k in LEFT])
def test_such_a_step_is_sent_as_the_board_before_the_first_such_step_and_the_steps_since(
    case_id: str, k: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    sc = suite_case(case_id, tmp_path_factory)
    vid = sc.case.versions[0]
    first = first_left(sc)
    assert first is not None and first <= k
    message = run_message(3, sc.data, k, vid, [RULE_TIMESTAMPS])
    assert message_error("run", message) is None
    assert "expect" not in _keys(message), "expected answers must never reach an adapter"
    assert message["board_at"] == "before_events" and message["events_from"] == first
    assert message["events"] == [_one_version(s, vid) for s in case_input(sc.data)["steps"][first - 1 : k]]
    assert message["board"] == board_before(sc.data, first, vid)
    if first > 1:
        assert message["board"] == board_data(sc.data, first - 1, vid)
    # the base protocol is unchanged for an adapter without the capability
    old = run_message(3, sc.data, k, vid)
    assert "board_at" not in old and "events" not in old and old["board"] == board_data(sc.data, k, vid)
    # the reference adapter applies the events itself and answers as verify does
    reply, status = handle(message)
    assert status == 0 and reply is not None, reply
    assert reply["results"] == resolve_step(sc.case, k, builtin_versions()[vid])[1]


def test_a_step_before_any_left_to_the_rules_keeps_the_board_at_the_step(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    given = [
        (sc, k)
        for sc in shared_suite(tmp_path_factory)
        for k in range(1, len(sc.data["steps"]) + 1)
        if (first_left(sc) is None or k < first_left(sc)) and sc.data["steps"][k - 1].get("add_objects")  # type: ignore[operator]
    ]
    assert given
    sc, k = given[0]
    message = run_message(1, sc.data, k, sc.case.versions[0], [RULE_TIMESTAMPS])
    assert "board_at" not in message and message["board"] == board_data(sc.data, k, sc.case.versions[0])


def _run(argv: list[str], ids: list[str], tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    jobs = plan(shared_suite(tmp_path_factory), ids=ids)
    return Runner(RunnerOptions(argv=argv, cwd=str(ROOT))).run(jobs)


def test_an_engine_that_keeps_old_timestamps_is_caught_and_the_reference_is_not(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The wrong engine gets no timestamp from the runner, so each timestamp rule's case fails for it."""
    ids = list(BY_RULE.values())
    right = _run(REFERENCE, ids, tmp_path_factory)
    assert right and all(r.status == "pass" for r in right), [r.message for r in right if r.status != "pass"]
    wrong = _run(WRONG, ids, tmp_path_factory)
    failed = {r.case for r in wrong if r.status == "fail"}
    assert {r.status for r in wrong} <= {"pass", "fail"}, [r.message for r in wrong if r.status not in ("pass", "fail")]
    missed = {rule: case for rule, case in BY_RULE.items() if case not in failed}
    assert not missed, f"the engine that keeps old timestamps passes {missed}"
