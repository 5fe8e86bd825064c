"""Issue 33, item 2: every run that did not pass points at its explanation, in every report.

The example engine (examples/adapters/almost-right-engine.py) plans a layer's dependency order once;
on regression-dependency-appears-after-an-application it answers blue and white. The reference's
trace (explain, m10, step 1) makes the creature blue (step 1), white and blue (step 2), then adds
green (step 3, the effect that depends on step 2's, 613.8a-c): the engine's answer is the
reference's after step 2, so the two part at trace step 3.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from mtg_layers.conformance.pointers import case_page, explain_command, parting, pointer_lines, where_to_look
from mtg_layers.conformance.protocol import validator
from mtg_layers.conformance.reports import build_report, junit_xml, markdown, print_tables
from mtg_layers.conformance.runner import Runner, RunnerOptions, RunResult, plan
from mtg_layers.paths import CASES_DIR, ROOT
from reference.case import board_at
from reference.resolver import resolve
from reference.versions import get_version

from ..builders import suite

ENGINE = [sys.executable, str(ROOT / "examples" / "adapters" / "almost-right-engine.py")]
CASE = "regression-dependency-appears-after-an-application"
SITE = "https://mtg-layers.github.io/mtg-layers/"


pytestmark = pytest.mark.usefixtures("runs_shared_suite")  # suite() below: the run's shared load


def suite_case(case_id: str) -> Any:
    return next(sc for sc in suite() if sc.id == case_id)


def engine_runs(ids: tuple[str, ...]) -> list[RunResult]:
    jobs = plan(suite(), ids=ids, rules=("m10",))
    return Runner(RunnerOptions(argv=ENGINE, cwd=str(ROOT))).run(jobs)


def test_the_explain_command_and_the_page_of_a_bundled_case() -> None:
    path = str(CASES_DIR / "regressions" / "x.yaml")
    assert explain_command(CASE, path, "m10", 1) == f"mtg-layers explain {CASE} --rules m10 --step 1"
    assert case_page(CASE, path, SITE) == f"{SITE}cases/{CASE}/"


def test_a_case_outside_the_corpus_is_explained_by_its_path_and_has_no_page(tmp_path: Path) -> None:
    path = str(tmp_path / "my case.yaml")
    assert explain_command("mine", path, "ikoria", 2) == f"mtg-layers explain '{path}' --rules ikoria --step 2"
    assert case_page("mine", path) is None


def test_the_engine_parts_from_the_reference_where_the_dependency_appears() -> None:
    sc = suite_case(CASE)
    answer = {"creature": {"colors": ["blue", "white"]}}
    look = where_to_look(sc.case, str(sc.path), "m10", 1, answer)
    assert look["parts_at"]["index"] == 3
    assert look["parts_at"]["fields"] == ["creature.colors"]
    assert look["parts_at"]["slot"] == "5"


def test_an_answer_the_reference_never_held_parts_at_the_first_change() -> None:
    sc = suite_case(CASE)
    look = where_to_look(sc.case, str(sc.path), "m10", 1, {"creature": {"colors": ["red"]}})
    assert look["parts_at"]["index"] == 1


def test_a_field_no_effect_changes_parts_at_the_first_step_on_its_object() -> None:
    sc = suite_case("seed-gray-ogre")
    version = get_version("m10")
    board = board_at(sc.case, 1, version)
    found = parting(board, resolve(board, version), "m10", {("ogre", "name"): "Grey Ogre"})
    assert found is not None
    assert found["fields"] == ["ogre.name"]
    assert found["text"].startswith(
        "trace step 1 (layer 7d"
    )  # the first step applying to the ogre (m10: counters in 7d)
    assert parting(board, resolve(board, version), "m10", {("nobody", "name"): "x"}) is None
    last = board_at(sc.case, 4, version)  # the anthem is on the battlefield from step 3; nothing applies to it
    untouched = parting(last, resolve(last, version), "m10", {("anthem", "name"): "x"})
    assert untouched is not None and untouched["index"] == 0
    assert untouched["text"].startswith("before the first trace step: no effect of the reference's trace applies")


def test_every_report_carries_the_pointers_of_a_failure() -> None:
    results = engine_runs((CASE,))
    failed = [r for r in results if r.verdict == "fail"]
    assert len(failed) == 1 and failed[0].look is not None
    look = failed[0].look
    explain = f"mtg-layers explain {CASE} --rules m10 --step 1"
    assert look["explain"] == explain
    assert look["page"] == f"{SITE}cases/{CASE}/"
    assert look["parts_at"]["index"] == 3
    header = {
        "suite": {"name": "mtg-layers", "version": "0", "corpus_sha256": "0" * 64, "cases": 1},
        "protocol_version": 1,
        "implementation": {"name": "almost-right-engine", "language": "python"},
        "adapter": {
            "command": ENGINE,
            "mode": "persistent",
            "timeout_s": 10.0,
            "max_line": 1,
            "starts": 1,
            "warnings": [],
        },
        "filters": {"ids": [CASE], "features": [], "rules": ["m10"]},
        "expectations": None,
        "strict": False,
        "started_at": "2026-01-01T00:00:00+00:00",
        "finished_at": None,
        "planned_runs": 1,
        "interrupted": None,
        "stopped": None,
    }
    report = build_report(header, results, complete=True, exit_status=1)
    report = json.loads(json.dumps(report))
    assert report["results"][0]["look"] == dict(look)
    assert [e.message for e in validator("report").iter_errors(report)] == []
    md = markdown(report)
    assert f"[`{CASE}`]({SITE}cases/{CASE}/)" in md and f"`{explain}`" in md and "parts ways at trace step 3" in md
    failure = ET.fromstring(junit_xml(report)).find(".//failure")
    assert failure is not None and failure.text is not None
    assert all(line in failure.text for line in pointer_lines(look))
    out = StringIO()
    print_tables(Console(file=out, width=400), results)
    assert all(line in out.getvalue() for line in pointer_lines(look))


def test_a_passing_run_has_no_pointers() -> None:
    results = engine_runs(("seed-gray-ogre",))
    assert results and all(r.verdict == "pass" and r.look is None for r in results)


def test_a_generated_board_points_at_its_case_file() -> None:
    sc = suite_case(CASE)
    look = where_to_look(sc.case, "<generated>", "ikoria", 1, {"creature": {"colors": []}})
    assert look == {
        "explain": "mtg-layers explain FILE --rules ikoria (FILE: this board's case file in --findings)",
        "page": None,
        "parts_at": None,
    }
