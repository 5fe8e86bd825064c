"""The coverage table: every implemented rule and feature tag, with the cases that exercise it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers import corpus as corpus_module
from mtg_layers.analysis.coverage import LABELS, RULES, below_minimum, coverage, feature_tags, implied, to_markdown
from mtg_layers.cli import main
from mtg_layers.paths import CASES_DIR
from reference.case import Case

from ..builders import corpus


def test_every_rule_and_feature_has_a_row() -> None:
    rows = coverage([])
    keys = [(r.kind, r.key) for r in rows]
    assert keys == [("rule", r) for r, _ in RULES] + [("feature", f) for f in feature_tags()] + [
        ("label", k) for k, _ in LABELS
    ]
    assert all(r.count == 0 and r.flagged for r in rows if r.kind != "label")


def test_label_rows_count_every_case_once() -> None:
    cases = corpus()
    rows = [r for r in coverage(cases) if r.kind == "label"]
    assert sum(r.count for r in rows) == len(cases)
    assert not any(r.flagged for r in rows)
    by_label = {r.key: set(r.cases) for r in rows}
    # a judge column is not an official source, a fan wiki is community (issue 12)
    assert "ruling-mirrorweave-giant-growth" in by_label["judge"]
    assert "ruling-song-of-the-dryads-on-creature" in by_label["community"]


def test_content_implies_rules() -> None:
    cases = {c.id: c for c in corpus()}
    rules, features = implied(cases["ruling-clone-chimeric-staff"])
    assert {"707.2", "613.2a", "613.1a"} <= rules
    assert "layer-1-copy" in features


def test_every_row_is_covered_by_at_least_two_cases() -> None:
    rows = coverage(corpus())
    assert [f"{r.kind} {r.key}: {r.count}" for r in below_minimum(rows)] == []


def test_markdown_flags_rows_below_two() -> None:
    text = to_markdown(coverage([]))
    assert text.startswith("| kind | row |")
    assert "⚠" in text


def test_cli_coverage_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's three formats. The first invocation gets the corpus (the process's shared load, ``corpus``,
    when it asks for the bundled one: 4 s of CPU a load); the other two get that same loaded corpus (``load_corpus``
    memoized by its directory for this test: the command imports it when called), since each format is printed from
    the rows of one ``coverage(load_corpus(dir))``."""
    loaded: dict[Path, list[Case]] = {}
    real = corpus_module.load_corpus

    def load_once(directory: Path) -> list[Case]:
        if directory not in loaded:  # the bundled corpus: this process's load of it (``corpus``), equal values
            loaded[directory] = corpus() if directory == CASES_DIR else real(directory)
        return loaded[directory]

    monkeypatch.setattr(corpus_module, "load_corpus", load_once)
    runner = CliRunner()
    result = runner.invoke(main, ["coverage", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {d["row"] for d in data} >= {"613.8b", "707.9", "layer-1-copy"}
    md = runner.invoke(main, ["coverage", "--markdown"])
    assert md.exit_code == 0 and "| rule | 613.1a |" in md.output
    plain = runner.invoke(main, ["coverage"])
    assert plain.exit_code == 0 and "rows" in plain.output
    assert len(loaded) == 1, loaded.keys()
