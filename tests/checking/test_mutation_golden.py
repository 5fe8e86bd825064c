"""Issue 38, item 5: the share of the campaign's mutants that the golden answers alone kill, per module."""

from __future__ import annotations

import json
from pathlib import Path

from mtg_layers.checking import mutation_golden as golden
from mtg_layers.checking import mutation_report
from mtg_layers.checking.mutation_campaign import read_results

VERDICTS = {
    "reference.clock.xǁClockǁtick__mutmut_1": "killed",
    "reference.clock.xǁClockǁtick__mutmut_2": "survived",
    "reference.clock.x_placed_counters__mutmut_3": "timeout",
    "reference_optimized.bookkeeping.x_reads__mutmut_4": "survived",
}
SUITE = {
    "reference.clock.xǁClockǁtick__mutmut_1": "killed",
    "reference.clock.xǁClockǁtick__mutmut_2": "killed",
    "reference_optimized.bookkeeping.x_reads__mutmut_4": "survived",
}


def test_per_module_counts_the_golden_and_the_suite_verdicts_over_the_same_mutants() -> None:
    rows = {r["module"]: r for r in golden.per_module(VERDICTS, SUITE)}
    assert rows["clock"] == {
        "module": "clock",
        "sampled": 3,
        "golden_killed": 2,  # a timeout is detected too
        "golden_share": 66.7,
        "suite_judged": 2,  # the campaign never judged _placed_counters__mutmut_3
        "suite_killed": 2,
        "suite_share": 100.0,
        "golden_killed_of_judged": 1,
        "golden_share_of_judged": 50.0,
    }
    assert rows["reference_optimized.bookkeeping"]["golden_killed"] == 0


def test_the_suite_verdicts_are_read_from_the_stored_state() -> None:
    state = {"clock": {"exit_codes": {"xǁClockǁtick__mutmut_1": 1, "xǁClockǁtick__mutmut_2": 0}}}
    assert golden.suite_verdicts(state) == {
        "reference.clock.xǁClockǁtick__mutmut_1": "killed",
        "reference.clock.xǁClockǁtick__mutmut_2": "survived",
    }


def test_the_figures_are_stored_beside_the_campaign_and_shown_on_the_page(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"date": "2026-12-03", "modules": [], "named_mutants": {}}), "utf-8")
    meta = {"date": "2026-12-04", "per_module": 4, "seed": 18, "seconds": 1200, "suite": list(golden.GOLDEN_SUITE)}
    golden.store(golden.per_module(VERDICTS, SUITE), meta, path)
    data = read_results(path)
    assert data["date"] == "2026-12-03" and data["named_mutants"] == {}  # the campaign's own figures are kept
    g = data["golden_alone"]
    assert (g["sampled"], g["golden_killed"], g["suite_judged"], g["suite_killed"]) == (4, 2, 3, 2)
    assert (g["golden_killed_of_judged"], g["seed"], g["per_module"], g["golden_share"]) == (1, 18, 4, 50.0)
    page = "\n".join(mutation_report.golden_alone(data))
    assert "seed 18" in page and "4 in all" in page and "| `clock` | 3 | 2 | 66.7% | 2 | 2 | 1 |" in page


def test_the_stored_results_hold_a_golden_alone_sample() -> None:
    """The shipped results file carries the sample's figures (python benchmarks/mutation.py --golden N --write)."""
    g = read_results().get("golden_alone")
    assert g is not None, "no golden-alone sample stored"
    assert g["sampled"] == sum(r["sampled"] for r in g["modules"]) > 0
    assert g["suite"] == list(golden.GOLDEN_SUITE)
