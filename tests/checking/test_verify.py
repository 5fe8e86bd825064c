"""`mtg-layers verify` (mtg_layers.checking.verify): what it reports about a case beyond right and wrong answers.

A case whose answer depends on an open tie of timestamps (613.7m) must list every outcome.

``resolve`` shows every outcome when the answer depends on an order the rules leave open (issue 28, item 13).

Before, ``resolve`` (table and ``--json``) printed one outcome, picked by how the effects happened to be
listed, as if it were the answer. The board is the corpus's 613.7n case under a version before 613.7n:
its two outcomes are the ones the case lists (sourced there), not the resolver's output.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from mtg_layers.checking.verify import check_case
from mtg_layers.cli import main
from reference.choices import Outcomes
from reference.model import Board
from reference.versions import RulesVersion, builtin_versions

from ..builders import CASE_7N
from ..builders import corpus_case as _case


def test_verify_reports_a_choice_the_case_does_not_list() -> None:
    case = _case(CASE_7N)
    step = case.steps[0]
    expect = {**step.expect, "2023-11-17": {"creature": {"colors": ["black", "blue"]}}}
    bare = replace(case, steps=(replace(step, outcomes={}, expect=expect),))
    checks = [c for c in check_case(bare, builtin_versions()) if c.version == "2023-11-17"]
    assert checks and checks[0].error is not None and "depends on" in checks[0].error
    assert all(c.ok for c in check_case(case, builtin_versions()))


ROOT = Path(__file__).resolve().parents[2]


CASE = ROOT / "corpus" / "cases" / "cr" / "613-7n-own-static-before-resolving.yaml"


def _listed(version: str) -> list[list[str]]:
    """The outcomes the case lists for a version (the creature's colors in each)."""
    data = yaml.safe_load(CASE.read_text("utf-8"))
    (step,) = data["steps"]
    return sorted(sorted(o["creature"]["colors"]) for o in step["outcomes"][version])


def test_resolve_json_lists_every_outcome_and_what_differs() -> None:
    got = CliRunner().invoke(main, ["resolve", str(CASE), "--rules", "2023-11-17", "--json"])
    assert got.exit_code == 0, got.output
    report = json.loads(got.output)
    assert report["differ"] == ["creature.colors"]
    assert report["complete"] is True
    assert len(report["depends_on_choice"]) == 1 and "same timestamp" in report["depends_on_choice"][0]
    colors = sorted(sorted(o["objects"]["creature"]["colors"]) for o in report["outcomes"])
    assert colors == _listed("2023-11-17") == [["black", "blue"], ["blue"]]
    # 613.7m (reference.choices): each outcome's order names the tied effects, the creature's ability by its key
    own = "creature:as long as you control an island, this creature is blue."
    assert sorted(o["order"] for o in report["outcomes"]) == [[own, "rise"], ["rise", own]]


def test_resolve_table_says_the_answer_depends_on_a_choice() -> None:
    got = CliRunner().invoke(main, ["resolve", str(CASE), "--rules", "2023-11-17"])
    assert got.exit_code == 0, got.output
    assert "the answer depends on a choice" in got.output
    assert "what differs between the outcomes: creature.colors" in got.output
    assert "outcome 1" in got.output and "outcome 2" in got.output


def test_explain_says_when_the_enumeration_stopped_at_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.7m: with the limit lowered below the resolutions the board needs (three: one to meet the tie, one per
    order), explain says that not every order was tried and qualifies its comparison with the expected values."""
    from mtg_layers.checking import verify
    from reference_optimized import distinct_outcomes

    def stopping(board: Board, version: RulesVersion) -> Outcomes:
        return distinct_outcomes(board, version, limit=2)

    monkeypatch.setattr(verify, "distinct_outcomes", stopping)
    got = CliRunner().invoke(main, ["explain", str(CASE), "--rules", "2023-11-17"])
    assert got.exit_code == 0, got.output
    text = " ".join(got.output.split())
    assert "not every order was tried: the enumeration of the tied effects' orders stopped at its limit (2" in text
    assert "(on the outcomes found: not every order was tried)" in text
    monkeypatch.undo()
    whole = " ".join(CliRunner().invoke(main, ["explain", str(CASE), "--rules", "2023-11-17"]).output.split())
    assert "not every order was tried" not in whole and "the answer depends on a choice" in whole


def test_resolve_never_shows_one_outcome_as_the_answer_when_the_enumeration_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """613.7m: with the limit lowered so that the enumeration stops after one order (the board has two outcomes),
    the one outcome found is not printed as the answer: --json gives the outcomes object with complete false, and the
    table says that not every order was tried (and not that the answer depends on a choice: one outcome was seen)."""
    from mtg_layers.checking import verify
    from reference_optimized import distinct_outcomes

    def stopping(board: Board, version: RulesVersion) -> Outcomes:
        return distinct_outcomes(board, version, limit=2)

    monkeypatch.setattr(verify, "distinct_outcomes", stopping)
    got = CliRunner().invoke(main, ["resolve", str(CASE), "--rules", "2023-11-17", "--json"])
    assert got.exit_code == 0, got.output
    report = json.loads(got.output)
    assert report["complete"] is False and len(report["outcomes"]) == 1 and report["differ"] == []
    table = CliRunner().invoke(main, ["resolve", str(CASE), "--rules", "2023-11-17"])
    text = " ".join(table.output.split())
    assert "not every order was tried" in text and "the answer depends on a choice" not in text


def test_a_decided_board_keeps_the_plain_json_shape() -> None:
    """613.7n decides the same board from 2025-08-01: one object keyed by object id, as before."""
    got = CliRunner().invoke(main, ["resolve", str(CASE), "--rules", "2025-08-01", "--json"])
    assert got.exit_code == 0, got.output
    result = json.loads(got.output)
    assert sorted(result["creature"]["colors"]) == ["black", "blue"]
