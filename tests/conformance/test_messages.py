"""Issue 33, item 7: the smaller things a report and a fuzzing run say: values in JSON forms, totals with the
pass rate, a generated run's header, one name per rules version, a misspelt feature tag's nearest tag, dates
for --rules."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.conformance.fuzz_cli import one_name_each, split_tags
from mtg_layers.conformance.reports import markdown, totals_line
from mtg_layers.conformance.runner import json_form
from mtg_layers.corpus import CorpusError
from mtg_layers.paths import ROOT

ENGINE = [sys.executable, str(ROOT / "examples" / "adapters" / "almost-right-engine.py")]
# The two cases the conformance runs below ask for by --id, in a corpus of their own: the runner loads every case of
# its corpus before picking the ones asked for (some 4 s of CPU for the bundled corpus, for the same runs).
CASES = ("seed/gray-ogre.yaml", "regressions/dependency-appears-after-an-application.yaml")


@pytest.fixture(scope="module")
def two_cases(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """``--corpus`` of a folder holding the bundled files of ``CASES`` alone."""
    folder = tmp_path_factory.mktemp("two-cases")
    for name in CASES:
        (folder / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / "corpus" / "cases" / name, folder / name)
    return ["--corpus", str(folder)]


def test_values_are_shown_in_their_json_forms() -> None:
    assert [json_form(v) for v in (None, False, ["forest"], {"+1/+1": 1}, 3)] == [
        "null",
        "false",
        '["forest"]',
        '{"+1/+1": 1}',
        "3",
    ]


def test_a_failure_message_uses_json_forms(two_cases: list[str]) -> None:
    args = ["conformance", *two_cases, "--id", "regression-dependency-appears-after-an-application", "--rules", "m10"]
    result = CliRunner().invoke(main, [*args, "--quiet", "--", *ENGINE])
    assert result.exit_code == 1
    report_line = [line for line in result.output.splitlines() if line.startswith("1 runs")]
    assert report_line == ["1 runs, 1 cases: 1 fail; pass rate 0.0% of the 1 runs sent"], result.output


def summary(**counts: int) -> dict[str, Any]:
    verdicts = dict.fromkeys(("pass", "fail", "skip", "error", "timeout", "xfail", "fixed"), 0) | counts
    return {"runs": sum(verdicts.values()), "cases": 3, "verdicts": verdicts}


def test_totals_give_the_pass_rate_of_the_runs_sent() -> None:
    assert totals_line(summary(**{"pass": 12, "fail": 4, "skip": 12})) == (
        "28 runs, 3 cases: 12 pass, 4 fail, 12 skip; pass rate 75.0% of the 16 runs sent"
    )
    assert totals_line(summary(skip=2)) == "2 runs, 3 cases: 2 skip; no run sent"


def test_a_generated_run_names_its_boards_not_an_empty_corpus() -> None:
    report = {
        "complete": True,
        "header": {
            "suite": {"version": "0.1.0", "corpus_sha256": "e3b0c44298fc" + "0" * 52, "cases": 0},
            "protocol_version": 1,
            "implementation": {"name": "e"},
            "adapter": {"mode": "persistent"},
        },
        "summary": {**summary(**{"pass": 5}), "by_rules": {}, "by_feature": {}, "by_layer": {}},
        "results": [],
        "generated": {"seed": 7, "hypothesis": "6.0"},
    }
    text = markdown(report)
    assert "5 generated boards (seed 7, hypothesis 6.0)" in text
    assert "0 cases" not in text and "e3b0c44298fc" not in text
    assert "pass rate 100.0% of the runs sent" in text


def test_one_name_per_rules_version() -> None:
    assert one_name_each(["m10", "2009-07-08", "ikoria", "2020-04-17", "2010-01-01"]) == ["m10", "ikoria"]


def test_a_misspelt_feature_tag_gets_the_nearest() -> None:
    with pytest.raises(CorpusError) as caught:
        split_tags(["layer-7c-modfy"], "--feature")
    assert "did you mean 'layer-7c-modify'?" in caught.value.message
    result = CliRunner().invoke(main, ["conformance", "--feature", "dependancy", "--", *ENGINE])
    assert result.exit_code == 2 and "did you mean 'dependency'?" in result.output


def test_rules_takes_a_date(two_cases: list[str]) -> None:
    args = ["conformance", *two_cases, "--id", "seed-gray-ogre", "--rules", "2010-01-01", "--quiet", "--", *ENGINE]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "4 runs, 1 cases: 4 pass" in result.output


def test_a_quiet_fuzzing_run_ends_with_its_totals(tmp_path: Path) -> None:
    args = ["conformance", "--generated", "3", "--seed", "1", "--quiet", "--findings", str(tmp_path)]
    result = CliRunner().invoke(main, [*args, "--", sys.executable, "-m", "mtg_layers.cli", "adapter"])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("3 boards, 0 disagreements of 0 kinds, 0 shrunk; 3 runs, 3 cases: 3 pass; pass rate 100.0%")
