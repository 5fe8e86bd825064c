"""Issue 38: the corpus alone catches every named misreading (``mtg-layers mutants``), most of them twice.

The matrix is computed in ``PARTS`` tests, each the rows of every ``PARTS``-th misreading, so xdist spreads it over
its workers; each part's rows are computed once per test run and shared (``tests/session_shared``), as is the
correct run of every case/version (``kill_matrix.baseline``: which functions a misreading replaces each one calls,
so a misreading does not run again where it changes nothing, ``checking.reach``), which also gives the set of
case/versions the matrix judges (``kill_matrix.judgeable``). The page test assembles the parts in catalogue order.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers.checking import kill_matrix, reach
from mtg_layers.checking.kill_matrix import Row, markdown
from mtg_layers.checking.misreadings import CATALOGUE
from mtg_layers.cli import main
from mtg_layers.conformance.protocol import case_input, leaves_timestamps
from mtg_layers.corpus import CASES_DIR, load_corpus
from mtg_layers.paths import ROOT
from reference.case import Case
from tests import session_shared
from tests.builders import suite

# 613.7c (the newest counters), 613.7d (zone change), 613.7e (attachment), 613.7f (face turn), 613.7g (transform)
TIMESTAMP_MISREADINGS = (
    "added-counters-keep-old-timestamp",
    "counters-oldest-timestamp",
    "zone-change-keeps-timestamp",
    "attach-keeps-timestamp",
    "turn-face-keeps-timestamp",
    "transform-keeps-timestamp",
)


def test_every_misreading_is_recorded_with_its_rule_and_its_sentence() -> None:
    for m in CATALOGUE:
        assert m.rule[:3].isdigit(), m.id
        assert m.misreading.strip() and m.wrong_engine.strip(), m.id


def test_the_timestamp_misreadings_are_in_the_catalogue() -> None:
    assert set(TIMESTAMP_MISREADINGS) <= {m.id for m in CATALOGUE}


def test_the_catalogue_names_the_copy_and_double_faced_rules() -> None:
    """Issue 38: misreadings of 208.3, 707.4 to 707.7 and of double-faced cards (712; 711 in the 2011 numbering)."""
    rules = {m.rule for m in CATALOGUE}
    assert {"208.3", "707.4", "707.5", "707.6", "707.7", "712"} <= rules


def test_the_catalogue_names_every_numbered_rule_of_613() -> None:
    rules = {m.rule for m in CATALOGUE}
    wanted = {f"613.{n}" for n in range(1, 12)}
    named = {r for r in wanted if any(x == r or (x.startswith(r) and not x[len(r)].isdigit()) for x in rules)}
    missing = sorted(wanted - named, key=lambda r: int(r.split(".")[1]))
    # 613.10 (effects on players) and 613.11 (effects on game rules) have no effect the model holds
    assert missing == ["613.10", "613.11"], missing
    assert len(CATALOGUE) >= 80


# The matrix is computed in this many tests (misreading i of the catalogue in part i % PARTS).
PARTS = 6
TWELVE_TIED = "twelve-tied-abilities-last-setting-of-power"


@functools.cache
def _corpus() -> tuple[Case, ...]:
    return tuple(load_corpus())


def _baseline(tmp_path_factory: pytest.TempPathFactory) -> reach.Baseline:
    """``kill_matrix.baseline`` of the corpus: computed once per test run and shared."""

    def compute() -> dict[str, Any]:
        return kill_matrix.baseline(list(_corpus())).as_json()

    return reach.Baseline.from_json(session_shared.once_json(tmp_path_factory, "kill-matrix-baseline.json", compute))


def _judged(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    """``kill_matrix.judgeable`` of the corpus, read off the shared baseline."""
    return kill_matrix.judged(list(_corpus()), _baseline(tmp_path_factory))


def _part(tmp_path_factory: pytest.TempPathFactory, part: int) -> list[dict[str, Any]]:
    """The rows (as ``--json`` prints them) of the misreadings of one part: computed once per test run."""

    def compute() -> list[dict[str, Any]]:
        known = _baseline(tmp_path_factory)
        cases = kill_matrix.judged(list(_corpus()), known)
        return [kill_matrix.row(m, cases, known).as_json() for m in CATALOGUE[part::PARTS]]

    rows: list[dict[str, Any]] = session_shared.once_json(tmp_path_factory, f"kill-matrix-{part}.json", compute)
    return rows


def _row(r: dict[str, Any]) -> Row:
    return Row(
        r["id"],
        r["rule"],
        r["misreading"],
        r["wrong_engine"],
        tuple(r["caught_by"]),
        tuple((p["case"], p["version"]) for p in r["caught_by_pairs"]),
    )


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS), ids=[f"part{k + 1}of{PARTS}" for k in range(PARTS)])
def test_the_corpus_alone_catches_every_misreading(tmp_path_factory: pytest.TempPathFactory, part: int) -> None:
    """Every misreading of the part is caught by some case; the rows name the catching cases."""
    data = _part(tmp_path_factory, part)
    assert [r["id"] for r in data] == [m.id for m in CATALOGUE[part::PARTS]]
    # kill_matrix.judgeable: twelve tied abilities are more orders than the readable enumeration finishes, under the
    # rules as under a misreading; the case takes no part, rather than "catching" every misreading by running out.
    assert not [r["id"] for r in data if TWELVE_TIED in r["caught_by"]]
    uncaught = [r["id"] for r in data if not r["caught_by"]]
    assert not uncaught, f"no corpus case catches {uncaught}"
    assert {"id", "rule", "misreading", "caught_by"} <= set(data[0])
    # issue 38: each timestamp misreading is caught by a case whose step leaves that timestamp to the rules
    mine = [r for r in data if r["id"] in TIMESTAMP_MISREADINGS]
    if mine:
        left = {sc.id for sc in suite() if any(leaves_timestamps(s) for s in case_input(sc.data)["steps"])}
        for r in mine:
            assert set(r["caught_by"]) & left, f"{r['id']}: no catching case leaves a timestamp to the rules"


@pytest.mark.slow
def test_the_page_is_current_and_the_command_prints_the_rows(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """docs/generated/kill-matrix.md is the whole matrix as Markdown (`mtg-layers mutants --markdown`), most
    misreadings caught twice; `mtg-layers mutants --json` prints the same rows, and exits 0 only if each is caught."""
    parts = [_part(tmp_path_factory, k) for k in range(PARTS)]
    by_id = {r["id"]: r for part in parts for r in part}
    assert len(by_id) == len(CATALOGUE)
    rows = [_row(by_id[m.id]) for m in CATALOGUE]
    page = ROOT / "docs" / "generated" / "kill-matrix.md"
    assert page.read_text("utf-8") == markdown(rows), "stale: run `mtg-layers mutants --markdown`"
    twice = sum(len(r.caught_by) >= 2 for r in rows)
    assert twice >= 0.9 * len(rows), f"only {twice} of {len(rows)} misreadings are caught by two or more cases"

    # The command, on a corpus of the cases that catch the first misreading: its row is the matrix's row; a
    # misreading none of those cases catches is uncaught there, and the command then exits 1.
    first = rows[0]
    other = next(r for r in rows if r.caught and not set(r.caught_by) & set(first.caught_by))
    small = tmp_path / "cases"
    for case in _corpus():
        if case.id in first.caught_by:
            assert case.path is not None
            source = Path(case.path).resolve()  # the loader names it relative to the working directory
            target = small / source.relative_to(CASES_DIR.resolve())
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    cli = ["mutants", "--json", "--corpus", str(small), "--only", first.id]
    both = CliRunner().invoke(main, [*cli, "--only", other.id, "--jobs", "2"])
    assert both.exit_code == 1, both.output
    assert json.loads(both.output) == [first.as_json(), dataclasses.replace(other, caught_by=(), pairs=()).as_json()]
    alone = CliRunner().invoke(main, cli)
    assert alone.exit_code == 0, alone.output
    assert json.loads(alone.output) == [first.as_json()]


# One misreading of each kind: a patch of a plain function (613.8a; 612.2, plurals), of an entry of the table of
# operations (708.2), of the function every step calls (613.7d), a doctored version (613.4b; 704.5j, which leaves the
# older legend rule be), and a generator patching several functions at once (613.6).
SAMPLE = (
    "no-dependency",
    "face-down-keeps-supertypes",
    "zone-change-keeps-timestamp",
    "set-after-modify",
    "legend-rule-all-go",
    "no-lock-in",
    "plural-adds-s",
)


@pytest.mark.slow
def test_the_shortcut_gives_the_rows_of_the_full_run() -> None:
    """``kill_matrix.row`` with the baseline (pairs where the misreading changes nothing are not run again) gives
    the row of running every pair, on every sixth judgeable case of the corpus; some pairs are skipped and some run,
    for each kind of misreading that can skip."""
    from mtg_layers.checking.misreadings import BY_ID

    chosen = [BY_ID[i] for i in SAMPLE]
    cases = list(_corpus())[1::6]
    known = kill_matrix.baseline(cases, chosen)
    judged = kill_matrix.judged(cases, known)
    assert judged == kill_matrix.judgeable(cases)
    pairs = [(c.id, vid) for c in judged for vid in c.versions]
    skipped = {}
    for m in chosen:
        fast, full = kill_matrix.row(m, judged, known), kill_matrix.row(m, judged)
        assert fast == full, m.id
        skipped[m.id] = sum(known.skips(known.reaches[(m.id, vid)], c, vid) for c, vid in pairs)
    assert skipped["zone-change-keeps-timestamp"] == 0  # every step calls apply_step
    # a doctoring skips where it leaves the version it is given as it was (set-after-modify: the one layer 6 of
    # pre-m10 has no sublayers to swap) or where the run reads none of the fields it changes (legend-rule-all-go)
    for i in ("no-dependency", "face-down-keeps-supertypes", "plural-adds-s", "set-after-modify", "legend-rule-all-go"):
        assert 0 < skipped[i] < len(pairs), (i, skipped[i], len(pairs))
