"""Storing mutation figures (issue 18): a partial run adds to the record and the Proofs table shows each row's date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_layers.checking import mutation_campaign as mutation
from mtg_layers.checking import mutation_report

ROOT = Path(__file__).resolve().parents[2]


def _row(module: str, mutants: int, killed: int, survived: int, not_run: int) -> dict[str, object]:
    judged = killed + survived
    rate = round(100 * killed / judged, 1) if judged else None
    return {"module": module, "mutants": mutants, "killed": killed, "equivalent": 0, "survived": survived,
            "not_run": not_run, "kill_rate": rate}  # fmt: skip


def test_a_partial_run_keeps_the_figures_of_modules_it_did_not_judge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.json"
    old_survivor = {"module": "clock", "function": "f", "status": "survived", "before": ["a"], "after": ["b"]}
    path.write_text(
        json.dumps(
            {
                "date": "2026-11-30",
                "tool_version": "3.8.1",
                "scope": "partial",
                "modules": [_row("clock", 10, 9, 1, 0), _row("entry", 5, 4, 1, 0)],
                "survivors": [old_survivor, {**old_survivor, "module": "entry"}],
                "named_mutants": {"m": ["case"]},
            }
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr(mutation, "RESULTS_FILE", path)
    monkeypatch.setattr(mutation, "read_results", lambda path=path: json.loads(path.read_text("utf-8")))
    now = mutation.Mutant("reference.entry.x_g__mutmut_1", "entry", "g", "survived", ("c",), ("d",), "")
    rows = [_row("clock", 10, 0, 0, 10), _row("entry", 6, 5, 1, 0)]
    mutation.write_results(rows, [now], {"date": "2026-12-01", "tool_version": "3.8.1", "scope": "partial"})
    data = json.loads(path.read_text("utf-8"))
    by_module = {r["module"]: r for r in data["modules"]}
    assert by_module["clock"] == {**_row("clock", 10, 9, 1, 0), "date": "2026-11-30"}  # not judged now: kept
    assert by_module["entry"] == {**_row("entry", 6, 5, 1, 0), "date": "2026-12-01"}
    assert data["survivors"] == [
        old_survivor,
        {"module": "entry", "function": "g", "status": "survived", "before": ["c"], "after": ["d"]},
    ]
    assert data["named_mutants"] == {"m": ["case"]}
    table = mutation_report.markdown(data)
    assert "| `clock` | 2026-11-30 | 10 | 9 | 0 | 1 | 0 | 90.0% |" in table
    assert "| `entry` | 2026-12-01 | 6 | 5 | 0 | 1 | 0 | 83.3% |" in table


def test_the_killing_suite_is_named_once_and_mutmut_gets_the_whole_directory() -> None:
    """mutmut resets every result when its test selection changes: it is given tests/, the suite lives in code."""
    import tomllib

    table = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]
    assert table["pytest_add_cli_args_test_selection"] == ["tests"]
    for name in mutation.KILLING_SUITE:
        assert (ROOT / name).is_file(), name
    assert (
        "tests/corpus/test_golden.py" in mutation.KILLING_SUITE
        and "tests/site/test_browser.py" not in mutation.KILLING_SUITE
    )


def test_every_unit_test_file_of_a_mutated_package_is_in_the_killing_suite() -> None:
    """A module's own unit tests kill its mutants: a file left out of the suite let five survive (2026-12-04)."""
    root = Path(__file__).resolve().parents[2]
    files = {
        f"tests/{package}/{p.name}"
        for package in mutation.SOURCES
        for p in (root / "tests" / package).glob("test_*.py")
    }
    assert files <= set(mutation.KILLING_SUITE), sorted(files - set(mutation.KILLING_SUITE))


def test_a_campaign_resumes_from_the_stored_state_and_mutmut_reads_it(tmp_path: Path) -> None:
    """What mutmut judged is stored with each function's hash and seeded into a new scratch copy."""
    from mutmut.mutation.data import SourceFileMutationData

    old = tmp_path / "old" / "mutants" / "reference"
    old.mkdir(parents=True)
    meta = {
        "exit_code_by_key": {"reference.clock.x_f__mutmut_1": 1, "reference.clock.x_f__mutmut_2": 0,
                             "reference.clock.x_f__mutmut_3": None},
        "hash_by_function_name": {"x_f": "abc"},
        "type_check_error_by_key": {},
        "durations_by_key": {"reference.clock.x_f__mutmut_1": 0.5},
        "estimated_durations_by_key": {},
    }  # fmt: skip
    (old / "clock.py.meta").write_text(json.dumps(meta), encoding="utf-8")
    state = tmp_path / "state.json"
    assert mutation.save_state(tmp_path / "old", state) == 2  # the mutant not run yet is not stored
    stored = {"hashes": {"x_f": "abc"}, "exit_codes": {"x_f__mutmut_1": 1, "x_f__mutmut_2": 0}}
    assert mutation.read_state(state) == {"clock": stored}

    new = tmp_path / "new"
    assert mutation.restore_state(new, state) == 2
    assert mutation.exit_codes(new) == {"reference.clock.x_f__mutmut_1": 1, "reference.clock.x_f__mutmut_2": 0}
    loaded = SourceFileMutationData(path="reference/clock.py")
    loaded.meta_path = new / "mutants" / "reference" / "clock.py.meta"
    loaded.load()  # mutmut's own reader accepts the seeded file
    assert loaded.hash_by_function_name == {"x_f": "abc"}
    # a scratch copy that already has results keeps them; a module without local results keeps its stored entry
    assert mutation.restore_state(new, state) == 0
    (tmp_path / "empty" / "mutants" / "reference").mkdir(parents=True)
    assert mutation.save_state(tmp_path / "empty", state) == 2


def test_a_state_from_another_mutmut_is_not_seeded(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"tool_version": "0.0.1", "modules": {"clock": {"hashes": {}, "exit_codes": {}}}}))
    assert mutation.restore_state(tmp_path / "new", state) == 0
    assert not (tmp_path / "new").exists()
