"""The Engines measured page (issue 31): docs/engines.md is what `mtg-layers engines-page` writes from the
saved summaries under engines/, and the summaries hold what the page shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_layers.conformance import engines_page
from mtg_layers.corpus import CorpusError


def test_page_matches_the_saved_summaries() -> None:
    assert engines_page.PAGE.read_text("utf-8") == engines_page.render(), "run `mtg-layers engines-page`"


def test_each_measured_engine_has_its_section_and_tallies() -> None:
    page = engines_page.render()
    for d in sorted(p for p in engines_page.ENGINES_DIR.iterdir() if (p / "summary.json").is_file()):
        data = json.loads((d / "summary.json").read_text("utf-8"))
        assert f"## {data['implementation']['name']}" in page
        v = data["verdicts"]
        assert f"| **all** | {v['pass']} | {v['fail']} | {v['skip']} | {v['error']} |" in page


def test_summary_keeps_failing_runs_and_drops_versions_never_run() -> None:
    report = {
        "header": {"implementation": {"name": "x", "language": "py"}, "started_at": "2026-12-04T20:00:00"},
        "summary": {
            "verdicts": {"pass": 1, "fail": 1, "skip": 1},
            "by_rules": {"m10": {"pass": 1, "fail": 1}, "ikoria": {"skip": 1}},
            "by_feature": {"counters": {"pass": 1}},
        },
        "results": [
            {"case": "a", "rules": "m10", "step": 1, "status": "pass"},
            {"case": "b", "rules": "m10", "step": 2, "status": "fail"},
            {"case": "c", "rules": "ikoria", "step": 1, "status": "skip"},
        ],
    }
    s = engines_page.summarize(report)
    assert s["failures"] == [{"case": "b", "rules": "m10", "step": 2, "status": "fail"}]
    assert list(s["by_rules"]) == ["m10"]


def test_saving_a_file_that_is_no_report_names_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "report.json"
    bad.write_text('{"header": {}}', "utf-8")
    with pytest.raises(CorpusError, match=r"report\.json: summary: expected a conformance --report-json report"):
        engines_page.save("x", bad, tmp_path)
    bad.write_text("not json", "utf-8")
    with pytest.raises(CorpusError, match=r"report\.json: \(top level\): expected a conformance --report-json report"):
        engines_page.save("x", bad, tmp_path)
    assert not (tmp_path / "x").exists()
