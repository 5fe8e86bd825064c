"""Issue 28, items 13 and 14: ``explain`` and ``resolve`` on a step whose entering object's counters depend on an
order of tied effects the case leaves open (613.7m, 614.12): every outcome shown, each order's board traced."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.corpus import CASES_DIR

ENTRY = CASES_DIR / "entry"
OPEN = ENTRY / "entering-creature-under-an-open-order.yaml"
LEAVING = ENTRY / "tied-holders-leave-as-a-creature-enters.yaml"


def _lions(report: dict[str, object]) -> set[tuple[str, str, int]]:
    outcomes = report["outcomes"]
    assert isinstance(outcomes, list)
    return {
        (
            json.dumps(o["objects"]["lions"]["colors"]),
            json.dumps(o["objects"]["lions"]["counters"]),
            o["objects"]["lions"]["power"],
        )
        for o in outcomes
    }


def test_613_7m_614_12_resolve_lists_every_outcome_of_an_entry_under_an_open_order() -> None:
    result = CliRunner().invoke(main, ["resolve", str(OPEN), "--rules", "2025-08-01", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert _lions(report) == {('["green"]', '{"+1/+1": 1}', 3), ('["blue"]', "{}", 2)}
    assert {"lions.colors", "lions.counters", "lions.power"} <= set(report["differ"]) and report["complete"]
    assert report["depends_on_choice"]


def test_613_7m_614_12_resolve_lists_both_outcomes_when_the_tied_holders_leave_in_the_step() -> None:
    result = CliRunner().invoke(main, ["resolve", str(LEAVING), "--rules", "ikoria", "--json"])
    assert result.exit_code == 0, result.output
    assert _lions(json.loads(result.output)) == {('["white"]', '{"+1/+1": 1}', 3), ('["white"]', "{}", 2)}
    shown = CliRunner().invoke(main, ["resolve", str(LEAVING), "--rules", "ikoria"])
    assert shown.exit_code == 0 and "outcome 1" in shown.output and "outcome 2" in shown.output


def test_613_7m_614_12_explain_traces_each_orders_board() -> None:
    result = CliRunner().invoke(main, ["explain", str(OPEN), "--rules", "2025-08-01"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "cannot be resolved" not in result.output
    assert "trace of outcome 1" in result.output and "trace of outcome 2" in result.output
    assert "result: matches the expected values" in result.output


def test_explain_of_an_ordinary_open_tie_traces_one_board() -> None:
    """Where no entry depends on the order, the outcomes share the step's one board: one trace, as before."""
    path = CASES_DIR / "timestamps" / "tied-loss-and-grant-of-an-ability-that-pumps-another.yaml"
    result = CliRunner().invoke(main, ["explain", str(path), "--rules", "2025-08-01"])
    assert result.exit_code == 0, result.output
    assert "outcome 2" in result.output and "trace of outcome" not in result.output
