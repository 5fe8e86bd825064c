"""Issue 38: the corpus alone catches every named misreading (``mtg-layers mutants``), most of them twice.

The whole matrix (every misreading against every case/version) is the command's work: the page it writes says which
inputs it was computed from (``kill_matrix.fingerprint``), and the page test fails when any of them changed since.
Each test run checks, for every misreading, that some case catches it (``kill_matrix.first_catch``, the page's
cases first, in ``PARTS`` tests that xdist spreads over its workers), and re-runs one misreading's row through the
command on the cases the page names. ``test_the_shortcut_gives_the_rows_of_the_full_run`` checks the command's
shortcut (``checking.reach``) against running every pair.
"""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers.checking import kill_matrix
from mtg_layers.checking.misreadings import CATALOGUE, Misreading
from mtg_layers.cli import main
from mtg_layers.conformance.protocol import case_input, leaves_timestamps
from mtg_layers.corpus import CASES_DIR
from mtg_layers.paths import ROOT
from reference.case import Case
from reference.versions import RulesVersion
from tests.builders import corpus, suite

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


# The corpus's catching of every misreading is checked in this many tests (misreading i of the catalogue in part
# i % PARTS), so that xdist spreads them over its workers.
PARTS = 6
TWELVE_TIED = "twelve-tied-abilities-last-setting-of-power"
PAGE = ROOT / "docs" / "generated" / "kill-matrix.md"


def _corpus() -> tuple[Case, ...]:
    """The corpus, the one load the other tests of this process walk too (``tests.builders.corpus``)."""
    return tuple(corpus())


@functools.cache
def _page() -> dict[str, tuple[str, ...]]:
    """The page's rows: misreading id -> the cases it names as catching it."""
    return kill_matrix.page_rows(PAGE.read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS), ids=[f"part{k + 1}of{PARTS}" for k in range(PARTS)])
def test_the_corpus_alone_catches_every_misreading(part: int) -> None:
    """Every misreading of the part is caught by some case of the corpus (its golden answers fail with the
    misreading as the engine), the cases the page names tried first."""
    cases = [c for c in _corpus() if c.id != TWELVE_TIED]
    # issue 38: each timestamp misreading is caught by a case whose step leaves that timestamp to the rules
    left = {sc.id for sc in suite() if any(leaves_timestamps(s) for s in case_input(sc.data)["steps"])}
    uncaught = []
    for m in CATALOGUE[part::PARTS]:
        among = [c for c in cases if c.id in left] if m.id in TIMESTAMP_MISREADINGS else cases
        if kill_matrix.first_catch(m, among, _page().get(m.id, ())) is None:
            uncaught.append(m.id)
    assert not uncaught, f"no corpus case catches {uncaught}"


def test_a_misreading_no_case_catches_is_found_uncaught() -> None:
    """``first_catch`` says None when no case catches the misreading (here: the cases of another misreading's
    page row, none of which catches the first one), and names a catching pair of the page's first case."""
    from mtg_layers.checking.misreadings import BY_ID

    gains = BY_ID["gains-every-kind-of-ability"]
    named = _page()[gains.id]
    catching = kill_matrix.first_catch(gains, [c for c in _corpus() if c.id in named], named)
    assert catching is not None and catching[0] == named[0]
    others = [c for c in _corpus() if c.id in _page()["counters-survive-zone-change"]]
    assert not set(named) & {c.id for c in others}
    assert kill_matrix.first_catch(gains, others) is None


def test_the_fingerprint_follows_every_input(tmp_path: Path) -> None:
    """The page's fingerprint changes with a case file, a rules module or a misreading, not with a cache file."""
    code, corpus, cases = tmp_path / "code", tmp_path / "corpus", tmp_path / "cases"
    files = [code / "reference" / "resolver.py", code / "mtg_layers/checking/misreadings/base.py"]
    files += [corpus / "schema" / "case.json", cases / "a" / "b.yaml"]
    for f in files:
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("x", encoding="utf-8")
    seen = {kill_matrix.fingerprint(cases, code, corpus)}
    for f in files:
        f.write_text("y", encoding="utf-8")
        seen.add(kill_matrix.fingerprint(cases, code, corpus))
    assert len(seen) == 1 + len(files)
    cache = code / "reference" / "__pycache__" / "resolver.cpython-311.pyc"
    cache.parent.mkdir()
    cache.write_bytes(b"z")
    assert kill_matrix.fingerprint(cases, code, corpus) in seen


@pytest.mark.slow
def test_the_page_is_current_and_the_command_prints_the_rows(tmp_path: Path) -> None:
    """docs/generated/kill-matrix.md (`mtg-layers mutants --markdown`) was computed from the inputs as they are (its
    fingerprint), names every misreading of the catalogue, most caught twice; `mtg-layers mutants --json`, on a
    corpus of the cases the page says catch the first misreading, gives that misreading the page's row, and exits 0
    only if each misreading asked for is caught."""
    text = PAGE.read_text("utf-8")
    assert kill_matrix.page_inputs(text) == kill_matrix.fingerprint(CASES_DIR), (
        "stale: run `mtg-layers mutants --markdown`"
    )
    rows = _page()
    assert set(rows) == {m.id for m in CATALOGUE}
    assert not [i for i, cases in rows.items() if TWELVE_TIED in cases]
    twice = sum(len(cases) >= 2 for cases in rows.values())
    assert twice >= 0.9 * len(rows), f"only {twice} of {len(rows)} misreadings are caught by two or more cases"

    # The command, on a corpus of the cases that catch the first misreading: its row is the page's row; a
    # misreading none of those cases catches is uncaught there, and the command then exits 1.
    first = CATALOGUE[0].id
    other = next(i for i, cases in rows.items() if cases and not set(cases) & set(rows[first]))
    small = tmp_path / "cases"
    for case in _corpus():
        if case.id in rows[first]:
            assert case.path is not None
            source = Path(case.path).resolve()  # the loader names it relative to the working directory
            target = small / source.relative_to(CASES_DIR.resolve())
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    cli = ["mutants", "--json", "--corpus", str(small), "--only", first]
    both = CliRunner().invoke(main, [*cli, "--only", other, "--jobs", "2"])
    assert both.exit_code == 1, both.output
    printed = json.loads(both.output)
    assert [(r["id"], tuple(r["caught_by"])) for r in printed] == [(first, rows[first]), (other, ())]
    alone = CliRunner().invoke(main, cli)
    assert alone.exit_code == 0, alone.output
    assert json.loads(alone.output) == printed[:1]
    page = CliRunner().invoke(main, ["mutants", "--markdown", "--corpus", str(small), "--only", first])
    assert page.output.startswith("<!-- generated by `mtg-layers mutants --markdown`: do not edit; inputs ")
    assert kill_matrix.page_inputs(page.output) == kill_matrix.fingerprint(small)


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


# The shortcut's test leaves out the cases whose boards tie more effects than this (``_largest_tie``): whether the
# readable enumeration of their orders finishes is what decides if they are judged at all, and finding it out is
# most of their cost (2026-12-07, after the corpus grew by five cases and every sixth case became another set: twelve
# tied abilities 42.7 s of CPU, eight 13.2 s, seven 6.5 s, of 79.0 s for the 56 cases; the test took 155 s in CI).
# The matrix itself (``mtg-layers mutants``, test_the_corpus_alone_catches_every_misreading) judges every case.
SHORTCUT_TIE = 6


def _largest_tie(case: Case) -> int:
    """613.7m: the most effects one tie of the case's boards holds (one resolution of each step's board under its
    first rules version; a step whose board waits on an entry's order counts none)."""
    from reference.case import board_at
    from reference.entry import OpenEntryError
    from reference.resolver import resolve
    from reference.versions import get_version

    version = get_version(case.versions[0])
    largest = 0
    for n in range(1, len(case.steps) + 1):
        try:
            ties = resolve(board_at(case, n, version), version).ties
        except OpenEntryError:
            continue
        largest = max([largest, *(len(t.candidates) for t in ties)])
    return largest


@pytest.mark.slow
def test_the_shortcut_gives_the_rows_of_the_full_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """``kill_matrix.row`` with the baseline (pairs where the misreading changes nothing are not run again) gives
    the row of running every pair, on every sixth judgeable case of the corpus (of those tying at most
    ``SHORTCUT_TIE`` effects); some pairs are skipped and some run, for each kind of misreading that can skip.

    ``kill_matrix.catches`` is a pure function of its arguments (the misreading, the case, the version id and the
    rules version), and the two rows differ only where the shortcut takes a pair's verdict from the baseline: every
    pair it does not skip, both rows ask ``catches`` of, with the same arguments. So the row with the shortcut runs
    first and each ``catches`` it asks for is not run but answered with a token (True or False, one fixed per pair,
    from the pair's own name); the full row then reads those answers back and runs only the pairs the shortcut
    skipped (the ones this test is about: their verdict, taken from the baseline by the shortcut, against the
    misreading's own run). The rows are equal if and only if they would be with every ``catches`` run."""
    from mtg_layers.checking.misreadings import BY_ID

    ran: dict[tuple[str, int, str, int], bool] = {}
    catches = kill_matrix.catches
    shortcut = [True]  # while the row with the shortcut is computed

    def once(m: Misreading, case: Case, vid: str, version: RulesVersion) -> bool:
        key = (m.id, id(case), vid, id(version))  # the cases and versions live through the test: ids stay theirs
        if key not in ran:
            token = len(f"{m.id} {case.id} {vid}") % 2 == 0
            ran[key] = token if shortcut[0] else catches(m, case, vid, version)
        return ran[key]

    monkeypatch.setattr(kill_matrix, "catches", once)
    chosen = [BY_ID[i] for i in SAMPLE]
    cases = [c for c in _corpus() if _largest_tie(c) <= SHORTCUT_TIE][1::6]
    known = kill_matrix.baseline(cases, chosen)
    judged = kill_matrix.judged(cases, known)
    # judged reads judgeable's answer off the baseline (each case on its own); test_reach checks the two agree on its
    # cases, here they are checked on the sample's cases where an object enters with counters (614.1c), whose steps
    # are read through the entry's path. Not on every case: judgeable resolves every order of every step again.
    entering = [c for c in cases if any(d.enters_with for d in c.abilities.values())]
    assert entering and kill_matrix.judged(entering, known) == kill_matrix.judgeable(entering)
    pairs = [(c.id, vid) for c in judged for vid in c.versions]
    skipped = {}
    for m in chosen:
        shortcut[0] = True
        fast = kill_matrix.row(m, judged, known)
        shortcut[0] = False
        full = kill_matrix.row(m, judged)
        assert fast == full, m.id
        skipped[m.id] = sum(known.skips(known.reaches[(m.id, vid)], c, vid) for c, vid in pairs)
    assert len(ran) == len(chosen) * len(pairs), "each pair's verdict asked for once, by one row or the other"
    assert skipped["zone-change-keeps-timestamp"] == 0  # every step calls apply_step
    # a doctoring skips where it leaves the version it is given as it was (set-after-modify: the one layer 6 of
    # pre-m10 has no sublayers to swap) or where the run reads none of the fields it changes (legend-rule-all-go)
    for i in ("no-dependency", "face-down-keeps-supertypes", "plural-adds-s", "set-after-modify", "legend-rule-all-go"):
        assert 0 < skipped[i] < len(pairs), (i, skipped[i], len(pairs))


def test_every_misreading_replaces_a_function_by_one_that_takes_the_same_calls() -> None:
    """A replacement that took fewer parameters than the function it replaces raised ``TypeError`` at each call, and
    the matrix counted the crash as the corpus catching the misreading: ``copy-enters-then-becomes`` was "caught" by
    twelve cases after ``entry.as_it_would_exist`` gained ``arriving``. ``misreadings.base.patched`` now refuses such
    a replacement when the misreading is applied, so every misreading must apply."""
    from reference.versions import builtin_versions

    version = builtin_versions()["2025-08-01"]
    for m in CATALOGUE:
        with m.apply(version):
            pass


def test_a_replacement_with_fewer_parameters_is_refused() -> None:
    from mtg_layers.checking.misreadings.base import patched

    def narrower(board: object, obj_id: str, version: object) -> object:
        return None

    def any_call(*args: object, **kwargs: object) -> object:
        return None

    with (
        pytest.raises(TypeError, match=r"replaces reference\.entry\.as_it_would_exist\(board"),
        patched({"reference.entry.as_it_would_exist": narrower}),
    ):
        pass
    with patched({"reference.entry.as_it_would_exist": any_call}):
        pass
