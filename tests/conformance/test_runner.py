"""The conformance runner: protocol messages, the reference adapter, the JavaScript example, reports."""

from __future__ import annotations

import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers.checking.verify import check_case, resolve_step
from mtg_layers.cli import main
from mtg_layers.conformance.expectations import Expectations, KnownFailure, load_expectations
from mtg_layers.conformance.protocol import (
    board_data,
    case_input,
    load_suite,
    message_error,
    run_message,
    validator,
    with_entry_order,
)
from mtg_layers.conformance.reports import build_report, junit_xml, markdown
from mtg_layers.conformance.runner import Runner, RunnerOptions, RunResult, exit_status, plan
from mtg_layers.corpus import ROOT, case_from_data
from reference.versions import builtin_versions

from ..builders import corpus_entries, shared_suite, suite_case

FIXTURES = Path(__file__).parents[1] / "fake_adapters" / "corpus"
REFERENCE = [sys.executable, "-m", "mtg_layers.cli", "adapter"]
JS_ENGINE = ROOT / "examples" / "adapters" / "simple-engine.js"
# the corpus case ids, read as the tests are collected; each test loads the suite when it runs (``suite_case``)
CASE_IDS = [e.id for e in corpus_entries()]
FIXTURE_SUITE = load_suite(FIXTURES)


def run(argv: list[str], suite: Any = None, rules: tuple[str, ...] = (), **options: Any) -> list[RunResult]:
    """Run the runner in-process over a suite (default: the fixture corpus)."""
    jobs = plan(suite if suite is not None else FIXTURE_SUITE, rules=rules)
    opts = RunnerOptions(argv=argv, cwd=str(ROOT), **options)
    return Runner(opts).run(jobs)


# --- the messages -------------------------------------------------------------------


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_run_messages_never_carry_expected_answers_and_follow_their_schema(
    case_id: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    sc = suite_case(case_id, tmp_path_factory)
    assert "expect" in _keys(sc.data)
    for step in range(1, len(sc.data["steps"]) + 1):
        message = run_message(7, sc.data, step, sc.case.versions[0])
        assert "expect" not in _keys(message), "expected answers must never reach an adapter"
        assert message_error("run", message) is None
        assert message["steps"] == len(sc.data["steps"]) and message["id"] == sc.id
    assert "expect" in _keys(sc.data["steps"]), "stripping must not change the corpus data"


def test_case_input_only_removes_expect() -> None:
    sc = FIXTURE_SUITE[0]
    stripped = case_input(sc.data)
    assert [{k: v for k, v in s.items() if k != "expect"} for s in sc.data["steps"]] == stripped["steps"]
    assert {k: v for k, v in stripped.items() if k != "steps"} == {k: v for k, v in sc.data.items() if k != "steps"}


def _case_from_board(data: dict[str, Any], board: dict[str, Any]) -> Any:
    """A one-step case whose board is the accumulated board (every declared version, empty expectations)."""
    return case_from_data(
        {
            "id": data["id"],
            "title": data["title"],
            "versions": data["versions"],
            "features": data["features"],
            "sources": data["sources"],
            "abilities": board["abilities"],
            "objects": board["objects"],
            "effects": board["effects"],
            **({"game": board["game"]} if "game" in board else {}),
            **({"tie_order": board["tie_order"]} if "tie_order" in board else {}),
            "steps": [{"description": "board", "expect": {v: {} for v in data["versions"]}}],
        }
    )


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_the_accumulated_board_is_the_board_of_the_step(case_id: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """`board` at step K resolves exactly as reference.case.board_at(case, K) does."""
    sc = suite_case(case_id, tmp_path_factory)
    versions = builtin_versions()
    # the one-step case of each board sent, loaded once per distinct board: most steps' boards are the same under
    # every version (and a step with no event sends its predecessor's), and the loader is a function of the data
    flats: dict[str, Any] = {}
    for k in range(1, len(sc.case.steps) + 1):
        for vid in sc.case.versions:
            board = board_data(sc.data, k, vid)
            key = json.dumps(board, sort_keys=True)
            if key not in flats:
                flats[key] = _case_from_board(dict(sc.data), board)
            flat = flats[key]
            # 613.7m, 614.12: where an entry needs an order the case leaves open, the board is that of the order it
            # records (the case with that order, read as board_at reads it), one of the outcomes the case lists;
            # elsewhere the case data is the suite's own, read once as the suite was loaded (``sc.case``)
            recorded = with_entry_order(sc.data, k, vid)
            ordered = sc.case if recorded is sc.data else case_from_data(dict(recorded), sc.id)
            _, want = resolve_step(ordered, k, versions[vid])
            _, got = resolve_step(flat, 1, versions[vid])
            assert got == want, f"{sc.id} step {k} [{vid}]"


def test_message_schemas_accept_the_reference_adapter_messages() -> None:
    from mtg_layers.adapter import handle

    ready, status = handle({"cmd": "start", "version": 1})
    assert status == 0 and message_error("ready", ready) is None
    assert message_error("start", {"cmd": "start", "version": 1}) is None
    assert message_error("stop", {"cmd": "stop"}) is None
    assert message_error("result", {"seq": 1, "skipped": True, "reason": "x"}) is None
    assert message_error("result", {"seq": 1, "results": {}, "errored": True}) is not None
    assert message_error("result", {"seq": 1, "results": {"a": {"power": "3"}}}) is not None
    mismatch, status = handle({"cmd": "start", "version": 99})
    assert status == 1 and mismatch is not None and mismatch["ready"] is False


# --- the reference adapter ----------------------------------------------------------


@pytest.mark.slow
def test_reference_adapter_persistent_agrees_with_verify_on_the_whole_corpus(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Against the reference adapter, every run of the whole corpus passes, as `verify` does on every step.

    `verify` passing on the whole corpus is .ci/run's first check (README), before the tests, and tests/corpus/
    test_golden.py checks every step alike; this test no longer verifies the whole corpus a second time: a run
    that does not pass is reported with verify's own verdict on its step, so a disagreement reads as one.
    """
    everything = shared_suite(tmp_path_factory)
    results = run(REFERENCE, everything)
    planned = {
        (sc.id, n, vid) for sc in everything for vid in sc.case.versions for n in range(1, len(sc.case.steps) + 1)
    }
    assert len(results) == len(planned) and {(r.case, r.step, r.rules) for r in results} == planned
    versions = builtin_versions()
    cases = {sc.id: sc.case for sc in everything}
    for r in results:
        if r.status != "pass":
            verified = [c.ok for c in check_case(cases[r.case], versions) if (c.step, c.version) == (r.step, r.rules)]
            pytest.fail(f"{r.case} step {r.step} [{r.rules}]: {r.status} ({r.message}); verify passes: {verified}")


@pytest.mark.parametrize("mode", ["persistent", "oneshot"])
def test_reference_adapter_passes_everything_in_both_modes(mode: str) -> None:
    rules = ("m10",) if mode == "oneshot" else ()  # a process per run: fewer runs
    results = run(REFERENCE, mode=mode, rules=rules)
    assert len(results) == (5 if mode == "oneshot" else 14)
    assert {r.verdict for r in results} == {"pass"}, [r.message for r in results if r.verdict != "pass"]


def test_reference_adapter_oneshot_exit_statuses() -> None:
    import subprocess

    sc = FIXTURE_SUITE[0]

    def call(message: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        proc = subprocess.run(
            [*REFERENCE, "--oneshot"], input=json.dumps(message), capture_output=True, text=True, cwd=ROOT, check=False
        )
        return proc.returncode, json.loads(proc.stdout)

    status, reply = call(run_message(3, sc.data, 1, "m10"))
    assert status == 0 and reply["seq"] == 3 and message_error("result", reply) is None
    status, reply = call(run_message(4, sc.data, 1, "no-such-rules"))
    assert status == 2 and reply["skipped"] is True
    broken = run_message(5, sc.data, 1, "m10")
    broken["case"]["objects"] = "not a list"
    status, reply = call(broken)
    assert status == 1 and reply["errored"] is True


# --- the JavaScript example engine ---------------------------------------------------


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("mode", ["persistent", "oneshot"])
def test_simple_js_engine_gives_a_realistic_report(mode: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    everything = shared_suite(tmp_path_factory)
    chosen = everything if mode == "persistent" else [suite_case("seed-gray-ogre", tmp_path_factory), *FIXTURE_SUITE]
    results = run(["node", str(JS_ENGINE)] + (["--oneshot"] if mode == "oneshot" else []), chosen, mode=mode)
    statuses = {r.status for r in results}
    assert not statuses & {"error", "timeout"}, [r.message for r in results if r.status in ("error", "timeout")]
    assert "pass" in statuses and "skip" in statuses
    pre = [r for r in results if r.rules == "pre-m10"]
    assert pre and all(r.status == "skip" and "rules version" in r.message for r in pre)
    if mode == "persistent":
        assert "fail" in statuses, "the simple engine has no dependencies or lock-in: some cases must fail"
        fails = [r for r in results if r.status == "fail"]
        assert all(r.diff and r.message for r in fails)
        known = {r.case for r in fails}
        for famous in (
            "seed-blood-moon-then-urborg",
            "seed-humility-then-opalescence",
            "cr-613-6-march-of-the-machines",
        ):
            if any(sc.id == famous for sc in everything):
                assert famous in known, famous


# --- expectations --------------------------------------------------------------------


def test_expectations_xfail_fixed_and_strict() -> None:
    # The persistent reference passes everything: mark one run as known to fail -> "fixed".
    exp = Expectations((KnownFailure("seed-gray-ogre", "pretend", step=4, rules="pre-m10"),))
    results = run(REFERENCE, expectations=exp)
    fixed = [r for r in results if r.verdict == "fixed"]
    assert [(r.case, r.step, r.rules) for r in fixed] == [("seed-gray-ogre", 4, "pre-m10")]
    assert fixed[0].known_failure == "pretend"
    assert exit_status(results, strict=False) == 0
    assert exit_status(results, strict=True) == 1


def test_expectations_turn_failures_into_xfail_and_write_expectations_round_trips(tmp_path: Path) -> None:
    argv = [sys.executable, str(Path(__file__).parents[1] / "fake_adapters" / "misbehaving_adapter.py"), "errored"]
    cli = CliRunner()
    written = tmp_path / "known.yaml"
    report = tmp_path / "r.json"
    common = ["conformance", "--corpus", str(FIXTURES), "--quiet", "--report-json", str(report)]
    first = cli.invoke(main, [*common, "--write-expectations", str(written), "--", *argv])
    assert first.exit_code == 1
    exp = load_expectations(written)
    # Run 2 is the anthem case (one step) under ikoria: the entry covers the whole case and version.
    assert [(e.id, e.step, e.rules) for e in exp.entries] == [("fixture-anthem", None, "ikoria")]
    assert "engine exploded" in exp.entries[0].reason
    second = cli.invoke(main, [*common, "--expectations", str(written), "--", *argv])
    assert second.exit_code == 0, second.output
    data = json.loads(report.read_text())
    assert data["summary"]["verdicts"]["xfail"] == 1 and data["summary"]["verdicts"]["pass"] == 13
    # An entry for a case that does not exist is reported as unused.
    written.write_text('known_failures:\n  - {id: no-such-case, reason: "typo"}\n')
    third = cli.invoke(main, [*common, "--expectations", str(written), "--", *argv])
    assert third.exit_code == 1
    assert json.loads(report.read_text())["summary"]["unused_expectations"] == [
        {"id": "no-such-case", "reason": "typo"}
    ]


def test_bad_expectations_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"known_failures": [{"id": "x"}]}')
    result = CliRunner().invoke(
        main, ["conformance", "--corpus", str(FIXTURES), "--expectations", str(bad), "--", "true"]
    )
    assert result.exit_code == 2 and "reason" in result.output


# --- reports -------------------------------------------------------------------------


def test_reports_json_junit_markdown_from_the_cli(tmp_path: Path) -> None:
    paths = {k: tmp_path / f"r.{k}" for k in ("json", "xml", "md")}
    result = CliRunner().invoke(
        main,
        [
            "conformance",
            "--corpus",
            str(FIXTURES),
            "--report-json",
            str(paths["json"]),
            "--junit",
            str(paths["xml"]),
            "--markdown",
            str(paths["md"]),
            "--",
            *REFERENCE,
        ],
    )
    assert result.exit_code == 0, result.output
    assert "conformance: per case" in result.output and "per layer" in result.output
    report = json.loads(paths["json"].read_text())
    assert list(validator("report").iter_errors(report)) == []
    assert report["complete"] is True and report["summary"]["exit_status"] == 0
    assert report["header"]["implementation"]["name"] == "mtg-layers reference resolver"
    assert report["header"]["protocol_version"] == 1 and report["header"]["suite"]["cases"] == 2
    tree = ET.parse(paths["xml"])
    assert tree.getroot().get("tests") == "14" and tree.getroot().get("failures") == "0"
    assert len(tree.getroot().findall(".//testcase")) == 14
    md = paths["md"].read_text()
    assert "# mtg-layers conformance: mtg-layers reference resolver" in md and "14 passed" in md


def test_the_json_report_is_written_after_every_case(tmp_path: Path) -> None:
    """A report exists (complete: false) as soon as the first case is done: an interrupted run loses nothing."""
    seen: list[dict[str, Any]] = []
    report_path = tmp_path / "partial.json"
    from mtg_layers.conformance.reports import write_json

    jobs = plan(FIXTURE_SUITE)
    gathered: list[RunResult] = []

    def on_result(r: RunResult) -> None:
        gathered.append(r)
        write_json(report_path, build_report(_header(), gathered, complete=False))
        seen.append(json.loads(report_path.read_text()))

    Runner(RunnerOptions(argv=REFERENCE, cwd=str(ROOT)), on_result).run(jobs)
    assert [len(s["results"]) for s in seen] == list(range(1, len(jobs) + 1))
    assert all(s["complete"] is False for s in seen)
    # And through the CLI: the last write marks the report complete.
    cli_report = tmp_path / "cli.json"
    fake = [sys.executable, str(Path(__file__).parents[1] / "fake_adapters" / "misbehaving_adapter.py"), "none"]
    CliRunner().invoke(
        main, ["conformance", "--corpus", str(FIXTURES), "--quiet", "--report-json", str(cli_report), "--", *fake]
    )
    assert json.loads(cli_report.read_text())["complete"] is True


def _header() -> dict[str, Any]:
    return {
        "suite": {"name": "mtg-layers", "version": "0", "corpus_sha256": "0" * 64, "cases": 2},
        "protocol_version": 1,
        "implementation": None,
        "adapter": {
            "command": ["x"],
            "mode": "persistent",
            "timeout_s": 1.0,
            "max_line": 10,
            "starts": 1,
            "warnings": [],
        },
        "filters": {"ids": [], "features": [], "rules": []},
        "expectations": None,
        "strict": False,
        "started_at": "now",
        "finished_at": None,
    }


def test_junit_and_markdown_show_every_verdict() -> None:
    base: dict[str, Any] = dict(
        title="t",
        path="p",
        features=("counters",),
        steps=1,
        expected={"a": {"power": 1}},
        actual=None,
        stderr="",
        duration_s=0.01,
        context=None,
    )
    rows = [
        RunResult(
            seq=i + 1,
            case=f"c{i}",
            rules="m10",
            step=1,
            status=s,
            verdict=v,
            message=f"m{i}",
            diff=({"object": "a", "field": "power", "expected": 1, "actual": 2},) if s == "fail" else (),
            known_failure="k" if v in ("xfail", "fixed") else None,
            **base,
        )
        for i, (s, v) in enumerate(
            [
                ("pass", "pass"),
                ("fail", "fail"),
                ("skip", "skip"),
                ("error", "error"),
                ("timeout", "timeout"),
                ("fail", "xfail"),
                ("pass", "fixed"),
            ]
        )
    ]
    report = build_report(_header(), rows, complete=True, exit_status=1)
    assert list(validator("report").iter_errors(report)) == []
    root = ET.fromstring(junit_xml(report, strict=True))
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("7", "2", "2", "2")
    md = markdown(report)
    for word in ("xfail", "fixed", "timeout", "By feature", "By layer", "`counters`"):
        assert word in md
    assert report["summary"]["by_layer"]["7"]["mismatched_values"] == 2  # the fail and the xfail


def test_filters_select_cases_features_and_versions() -> None:
    assert {j.case.id for j in plan(FIXTURE_SUITE, ids=["fixture-anthem"])} == {"fixture-anthem"}
    assert {j.case.id for j in plan(FIXTURE_SUITE, features=["counters"])} == {"seed-gray-ogre"}
    assert {j.rules for j in plan(FIXTURE_SUITE, rules=["pre-m10"])} == {"pre-m10"}
    result = CliRunner().invoke(main, ["conformance", "--corpus", str(FIXTURES), "--id", "nope", "--", "true"])
    assert result.exit_code == 2 and "no case" in result.output
