"""The kill matrix (issue 38): which corpus cases' golden answers catch each named misreading.

Every misreading of ``misreadings.CATALOGUE`` is run against the corpus alone: each case, step
and declared rules version is resolved by the wrong engine and compared with the case's
expected values exactly as ``verify`` compares them (``verify.check_case``: every outcome the
rules leave open, the listed outcomes). No unit test and no z3 cross-check take part. A case
catches the misreading when one of its steps fails under one of its versions (a wrong value, a
crash of the wrong engine, or outcomes that no longer match the case's).

``matrix`` first runs every case/version once under the rules as they are (``reach.baseline``), recording which of
the functions the misreadings replace each run calls and which fields of the rules version it reads; a misreading is
then not run again on a case/version whose run calls none of the functions it replaces and reads none of the fields
its doctored version changes: that run would be the same computation, with the same verdict (``reach`` says why).
The rows are those of running every pair.

**The page and the test.** The page (``markdown``) holds every row, and says in its first line what it was computed
from: a hash of the inputs a row depends on (``fingerprint``: the rules code, the fast path ``verify`` resolves ties
with, the misreadings, the loader, the catalogue and the corpus). The test suite checks that hash (a change to any
input without the page made again fails), re-runs one misreading's row on the cases the page names, and checks that
the corpus catches every misreading by finding, for each, one case/version that catches it (``first_catch``, trying
the page's cases first): the whole matrix is the command's work, not every test run's.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reference.case import Case
from reference.versions import RulesVersion, builtin_versions

from ..paths import CORPUS_DIR, ROOT
from . import reach
from .misreadings import BY_ID, CATALOGUE, Misreading
from .verify import check_case


@dataclass(frozen=True)
class Row:
    """One misreading and the corpus cases (and case/version pairs) whose golden answers catch it."""

    id: str
    rule: str
    misreading: str
    wrong_engine: str
    caught_by: tuple[str, ...]  # case ids
    pairs: tuple[tuple[str, str], ...]  # (case id, rules version)

    @property
    def caught(self) -> bool:
        """Some case catches it."""
        return bool(self.caught_by)

    @property
    def single(self) -> bool:
        """Only one case catches it: one edited case away from being missed."""
        return len(self.caught_by) == 1

    def as_json(self) -> dict[str, Any]:
        """The row as ``--json`` prints it."""
        return {
            "id": self.id,
            "rule": self.rule,
            "misreading": self.misreading,
            "wrong_engine": self.wrong_engine,
            "caught_by": list(self.caught_by),
            "caught_by_pairs": [{"case": c, "version": v} for c, v in self.pairs],
            "single": self.single,
        }


def catches(m: Misreading, case: Case, vid: str, version: RulesVersion) -> bool:
    """True when the case's golden answers under ``vid`` fail with the misreading as the engine."""
    one = dataclasses.replace(case, versions=(vid,))
    with m.apply(version) as doctored:
        try:
            checks = check_case(one, {vid: doctored})
        except Exception:  # the wrong engine crashed building the board: the case catches it
            return True
    return any(not c.ok for c in checks)


def row(m: Misreading, cases: Sequence[Case], known: reach.Baseline | None = None) -> Row:
    """The misreading's row: every case and version that catches it.

    With ``known`` (``reach.baseline`` of the cases), a pair whose correct run calls none of the functions the
    misreading replaces and reads none of the fields of the version it changes is not run again: its verdict is the
    baseline's (``reach``: the two runs are one computation).
    """
    versions = builtin_versions()

    def caught(case: Case, vid: str) -> bool:
        if known is not None:
            if (m.id, vid) in known.reaches:
                names = known.reaches[(m.id, vid)]
            else:
                seen = _reach(m, vid, versions[vid])
                names = None if seen is None else seen.names
            if known.skips(names, case.id, vid):
                return known.pairs[(case.id, vid)].caught
        return catches(m, case, vid, versions[vid])

    pairs = [(c.id, vid) for c in cases for vid in c.versions if vid in versions and caught(c, vid)]
    ids = tuple(dict.fromkeys(c for c, _ in pairs))
    return Row(m.id, m.rule, m.misreading, m.wrong_engine, ids, tuple(pairs))


_REACH: dict[tuple[str, str], reach.Reach | None] = {}


def _reach(m: Misreading, vid: str, version: RulesVersion) -> reach.Reach | None:
    """``reach.observe`` of a misreading under a built-in version, seen once per process."""
    if (m.id, vid) not in _REACH:
        _REACH[(m.id, vid)] = reach.observe(m, version)
    return _REACH[(m.id, vid)]


def _row_by_id(args: tuple[str, Sequence[Case], reach.Baseline | None]) -> Row:
    return row(BY_ID[args[0]], args[1], args[2])


def watched(chosen: Sequence[Misreading], vids: Iterable[str]) -> list[reach.Target]:
    """Every function some misreading of ``chosen`` replaces, under some of the (known) versions ``vids``."""
    versions = builtin_versions()
    wanted = {vid: versions[vid] for vid in vids}
    out: list[reach.Target] = []
    for m in chosen:
        missing = {vid: v for vid, v in wanted.items() if (m.id, vid) not in _REACH}
        _REACH.update({(m.id, vid): r for vid, r in reach.observe_all(m, missing).items()})
        for vid in wanted:
            seen = _REACH[(m.id, vid)]
            out.extend(seen.targets if seen is not None else ())
    return list(dict.fromkeys(out))


def baseline(cases: Sequence[Case], chosen: Sequence[Misreading] = CATALOGUE) -> reach.Baseline:
    """``reach.baseline`` of the cases, watching every function the ``chosen`` misreadings replace."""
    versions = builtin_versions()
    vids = list(dict.fromkeys(vid for c in cases for vid in c.versions if vid in versions))
    targets = watched(chosen, vids)
    seen = {(m.id, vid): _reach(m, vid, versions[vid]) for m in chosen for vid in vids}
    reaches = {k: None if r is None else r.names for k, r in seen.items()}
    return reach.baseline(cases, versions, targets, reaches)


def judged(cases: Sequence[Case], known: reach.Baseline) -> list[Case]:
    """``judgeable(cases)``, read off the baseline of the cases when it can be (one pass instead of two)."""
    found = reach.judgeable_from(known, cases, builtin_versions())
    return judgeable(cases) if found is None else found


def judgeable(cases: Sequence[Case]) -> list[Case]:
    """613.7m: each case with only the versions whose every step the readable enumeration of tie orders finishes.

    A misreading runs the readable resolver over every order of each tie (``misreadings.base``), which stops at
    ``choices.LIMIT`` resolutions. Where it cannot finish under the rules as they are (twelve tied abilities of one
    object), it cannot finish under a misreading either, and the step would fail for that reason alone: such a
    case/version takes no part in the matrix, rather than being counted as catching every misreading.
    """
    versions = builtin_versions()
    out = []
    for case in cases:
        kept = tuple(
            vid
            for vid in case.versions
            if vid in versions and all(_every_order_read(case, n, versions[vid]) for n in range(1, len(case.steps) + 1))
        )
        if kept:
            out.append(dataclasses.replace(case, versions=kept))
    return out


def _every_order_read(case: Case, n: int, version: RulesVersion) -> bool:
    """613.7m, 614.12: whether the readable enumeration of tie orders finishes on a case's step: of its board, or,
    where an object enters with counters that depend on an order the case leaves open, of the whole step's orders."""
    from reference.case import board_at
    from reference.choices import outcomes
    from reference.entry import OpenEntryError, step_outcomes

    try:
        board = board_at(case, n, version)
    except OpenEntryError:
        return step_outcomes(case, n, version)[1].complete
    return outcomes(board, version).complete


def matrix(cases: Sequence[Case], only: Iterable[str] = (), jobs: int = 1) -> list[Row]:
    """Every misreading's row (or those named in ``only``), in catalogue order, over the ``judgeable`` cases."""
    wanted = set(only)
    chosen = [m for m in CATALOGUE if not wanted or m.id in wanted]
    known = baseline(cases, chosen)
    cases = judged(cases, known)
    if jobs <= 1 or len(chosen) <= 1:
        return [row(m, cases, known) for m in chosen]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_row_by_id, [(m.id, cases, known) for m in chosen], chunksize=1))


def first_catch(m: Misreading, cases: Sequence[Case], prefer: Iterable[str] = ()) -> tuple[str, str] | None:
    """One (case id, version) of the ``judgeable`` cases whose golden answers catch the misreading, the cases named in
    ``prefer`` tried first (in that order), then the others in theirs; None when no case catches it."""
    versions = builtin_versions()
    first = list(dict.fromkeys(prefer))
    for case in sorted(cases, key=lambda c: first.index(c.id) if c.id in first else len(first)):
        for judged_case in judgeable([case]):
            for vid in judged_case.versions:
                if catches(m, judged_case, vid, versions[vid]):
                    return case.id, vid
    return None


# What a row depends on (module docstring, "The page"): under the code's root, under the corpus directory, and the
# case files.
CODE_INPUTS = (
    "reference",
    "reference_optimized",
    "mtg_layers/checking/misreadings",
    "mtg_layers/checking/kill_matrix.py",
    "mtg_layers/checking/reach.py",
    "mtg_layers/checking/verify.py",
    "mtg_layers/checking/results.py",
    "mtg_layers/corpus",
    "mtg_layers/catalogue",
)
CORPUS_INPUTS = ("catalogue", "schema")
_INPUT_SUFFIXES = frozenset({".py", ".json", ".yaml", ".yml"})


def fingerprint(cases: Path, code_root: Path = ROOT, corpus: Path = CORPUS_DIR) -> str:
    """A hash of the inputs of the matrix (``CODE_INPUTS``, ``CORPUS_INPUTS``, the case files under ``cases``): file
    names and contents, in order."""
    digest = hashlib.sha256()
    for root, names in ((code_root, CODE_INPUTS), (corpus, CORPUS_INPUTS), (cases, (".",))):
        for name in names:
            base = root / name
            found = [base] if base.is_file() else sorted(base.rglob("*")) if base.is_dir() else []
            for path in found:
                if path.is_file() and path.suffix in _INPUT_SUFFIXES and "__pycache__" not in path.parts:
                    digest.update(f"{name}/{path.relative_to(base).as_posix()}".encode() + b"\0")
                    digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


_PAGE_ROW = re.compile(r"^\| [^|]+ \| `([^`]+)`:")
_PAGE_CASE = re.compile(r"\[([^\]]+)\]\(cases/")


def page_rows(page: str) -> dict[str, tuple[str, ...]]:
    """The page's rows as (misreading id -> the case ids it names as catching it, in its order)."""
    out: dict[str, tuple[str, ...]] = {}
    for line in page.splitlines():
        found = _PAGE_ROW.match(line)
        if found:
            out[found.group(1)] = tuple(_PAGE_CASE.findall(line.rsplit(" | ", 1)[-1]))
    return out


def page_inputs(page: str) -> str | None:
    """The fingerprint of the inputs the page says it was computed from (None: it says none)."""
    found = re.search(r"inputs ([0-9a-f]{16})", page.split("\n", 1)[0])
    return found.group(1) if found else None


def rule_sort_key(rule: str) -> tuple[Any, ...]:
    """Rule numbers in the Comprehensive Rules' order (613.7c before 613.10)."""
    import re

    out: list[Any] = []
    for part in re.findall(r"\d+|[a-z]+", rule):
        out.append((0, int(part), "") if part.isdigit() else (1, 0, part))
    return tuple(out)


def summary(rows: Sequence[Row]) -> dict[str, int]:
    """Counts: misreadings, rules named, caught by two or more cases, by one, by none."""
    return {
        "misreadings": len(rows),
        "rules": len({r.rule for r in rows}),
        "caught_by_two_or_more": sum(len(r.caught_by) >= 2 for r in rows),
        "caught_by_one": sum(r.single for r in rows),
        "uncaught": sum(not r.caught for r in rows),
    }


def text_report(rows: Sequence[Row]) -> str:
    """For people: each misreading, its rule, and the cases (and case/version pairs) that catch it."""
    lines = []
    for r in rows:
        flag = "UNCAUGHT" if not r.caught else ("ONE CASE" if r.single else f"{len(r.caught_by)} cases")
        lines.append(f"{r.id} ({r.rule}) [{flag}]: {r.misreading}")
        for case in r.caught_by:
            vids = ", ".join(v for c, v in r.pairs if c == case)
            lines.append(f"    {case} [{vids}]")
    s = summary(rows)
    lines.append(
        f"{s['misreadings']} misreadings of {s['rules']} rules: {s['caught_by_two_or_more']} caught by two or more"
        f" cases, {s['caught_by_one']} by one, {s['uncaught']} by none"
    )
    return "\n".join(lines) + "\n"


def markdown(rows: Sequence[Row], inputs: str) -> str:
    """The page "What passing the corpus means": rule -> misreading -> the cases that catch it; its first line names
    the ``fingerprint`` of the inputs it was computed from."""
    s = summary(rows)
    lines = [
        f"<!-- generated by `mtg-layers mutants --markdown`: do not edit; inputs {inputs} -->",
        "",
        "An engine that passes every corpus case reads none of these rule sentences the wrong way: each",
        "misreading below, applied to the reference resolver, makes the golden answers of the cases",
        "listed beside it fail (the corpus alone: no unit test, no z3 cross-check). A misreading caught",
        "by only one case is marked; one edited case away from being missed.",
        "",
        f"{s['misreadings']} misreadings of {s['rules']} rules; {s['caught_by_two_or_more']} caught by two or more"
        f" cases, {s['caught_by_one']} by one, {s['uncaught']} by none.",
        "",
        "| rule | misreading | the wrong engine | caught by |",
        "|---|---|---|---|",
    ]
    for r in sorted(rows, key=lambda r: (rule_sort_key(r.rule), r.id)):
        if not r.caught:
            shown = "**no case**"
        else:
            links = ", ".join(f"[{c}](cases/{c}.md)" for c in r.caught_by)
            shown = ("**one case**: " if r.single else f"{len(r.caught_by)}: ") + links
        text = r.misreading.replace("|", "\\|")
        does = r.wrong_engine.replace("|", "\\|")
        lines.append(f"| {r.rule} | `{r.id}`: {text} | {does} | {shown} |")
    return "\n".join(lines) + "\n"
