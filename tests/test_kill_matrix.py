"""Issue 38: the corpus alone catches every named misreading (``mtg-layers mutants``), most of them twice."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtg_layers.checking.kill_matrix import markdown, matrix
from mtg_layers.checking.misreadings import CATALOGUE
from mtg_layers.cli import main
from mtg_layers.corpus import load_corpus


def test_every_misreading_is_recorded_with_its_rule_and_its_sentence() -> None:
    for m in CATALOGUE:
        assert m.rule[:3].isdigit(), m.id
        assert m.misreading.strip() and m.wrong_engine.strip(), m.id


@pytest.mark.slow
def test_the_corpus_alone_catches_every_misreading() -> None:
    """`mtg-layers mutants --json` exits 0 (every misreading caught) and names the catching cases."""
    result = CliRunner().invoke(main, ["mutants", "--json", "--jobs", "2"])
    rows = json.loads(result.output)
    uncaught = [r["id"] for r in rows if not r["caught_by"]]
    assert not uncaught, f"no corpus case catches {uncaught}"
    assert result.exit_code == 0
    assert {"id", "rule", "misreading", "caught_by"} <= set(rows[0])
    assert len(rows) == len(CATALOGUE)
    twice = sum(len(r["caught_by"]) >= 2 for r in rows)
    assert twice >= 0.9 * len(rows), f"only {twice} of {len(rows)} misreadings are caught by two or more cases"


@pytest.mark.slow
def test_the_page_what_passing_the_corpus_means_is_current() -> None:
    """docs/generated/kill-matrix.md is `mtg-layers mutants --markdown` (regenerate it after adding a case)."""
    from mtg_layers.paths import ROOT

    page = ROOT / "docs" / "generated" / "kill-matrix.md"
    assert page.read_text("utf-8") == markdown(matrix(load_corpus(), jobs=2))
