"""Issue 33, item 4: ``--write-expectations`` writes one entry per failing group and merges with the file
it finds: hand-written reasons kept, entries whose runs all pass dropped (and listed), partly fixed
entries narrowed with their reason, new failures added."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.conformance.expectations import (
    Expectations,
    Failure,
    KnownFailure,
    Ran,
    grouped,
    load_expectations,
    merged,
)
from mtg_layers.paths import ROOT

VERSIONS = ("pre-m10", "m10", "ikoria", "2023-11-17")


def runs(case: str, steps: int, failing: set[tuple[str, int]], versions: tuple[str, ...] = VERSIONS) -> list[Ran]:
    return [
        Ran(Failure(case, v, s, steps, f"{v} {s} wrong"), (v, s) in failing)
        for v in versions
        for s in range(1, steps + 1)
    ]


def failures(rs: list[Ran]) -> list[Failure]:
    return [r.failure for r in rs if r.failed]


def versions_of(rs: list[Ran]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for r in rs:
        if r.failure.rules not in out.setdefault(r.failure.id, []):
            out[r.failure.id].append(r.failure.rules)
    return out


def keys(entries: tuple[KnownFailure, ...] | list[KnownFailure]) -> list[tuple[str, str | None, int | None]]:
    return [(e.id, e.rules, e.step) for e in entries]


def test_a_step_failing_under_every_version_is_one_entry() -> None:
    rs = runs("c", 3, {(v, 2) for v in VERSIONS})
    assert keys(grouped(failures(rs), versions_of(rs))) == [("c", None, 2)]


def test_a_whole_case_a_whole_version_and_single_runs() -> None:
    whole = runs("a", 2, {(v, s) for v in VERSIONS for s in (1, 2)})
    version = runs("b", 2, {("m10", 1), ("m10", 2), ("ikoria", 1)})
    rs = whole + version
    assert keys(grouped(failures(rs), versions_of(rs))) == [("a", None, None), ("b", "m10", None), ("b", "ikoria", 1)]


def test_merging_keeps_reasons_drops_the_fixed_narrows_and_adds() -> None:
    existing = Expectations(
        (
            KnownFailure("kept", "hand-written: no 613.8 yet"),
            KnownFailure("fixed", "hand-written: was wrong once"),
            KnownFailure("partly", "hand-written: sublayers", rules="m10"),
            KnownFailure("not-run", "hand-written: filtered out"),
        )
    )
    rs = (
        runs("kept", 1, {(v, 1) for v in VERSIONS})
        + runs("fixed", 2, set())
        + runs("partly", 3, {("m10", 3)})
        + runs("new", 2, {(v, 1) for v in VERSIONS})
    )
    update = merged(existing, rs)
    assert keys(update.entries) == [
        ("kept", None, None),
        ("partly", "m10", 3),
        ("not-run", None, None),
        ("new", None, 1),
    ]
    assert [e.reason for e in update.entries[:3]] == [
        "hand-written: no 613.8 yet",
        "hand-written: sublayers",
        "hand-written: filtered out",
    ]
    assert keys(update.dropped) == [("fixed", None, None)]
    assert [keys(parts) for _, parts in update.narrowed] == [[("partly", "m10", 3)]]
    assert keys(update.added) == [("new", None, 1)]


def test_the_cli_merges_with_the_file_it_writes(tmp_path: Path) -> None:
    target = tmp_path / "known.yaml"
    failing = "regression-dependency-appears-after-an-application"
    target.write_text(
        yaml.safe_dump(
            {
                "implementation": "almost-right-engine",
                "known_failures": [
                    {"id": failing, "reason": "hand-written: 613.8c is not rechecked"},
                    {"id": "seed-gray-ogre", "reason": "hand-written: fixed since"},
                ],
            }
        ),
        encoding="utf-8",
    )
    engine = [sys.executable, str(ROOT / "examples" / "adapters" / "almost-right-engine.py")]
    # the corpus of the two cases' files: the whole bundled one is 5 s of CPU to load, for the same two cases
    corpus = tmp_path / "corpus"
    for name in ("seed/gray-ogre.yaml", "regressions/dependency-appears-after-an-application.yaml"):
        (corpus / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "corpus" / "cases" / name, corpus / name)
    args = ["conformance", "--corpus", str(corpus), "--id", failing, "--id", "seed-gray-ogre", "--rules", "m10"]
    args.append("--quiet")
    result = CliRunner().invoke(main, [*args, "--write-expectations", str(target), "--", *engine])
    assert result.exit_code == 1, result.output
    assert "dropped (passes now): seed-gray-ogre" in result.output
    written = load_expectations(target)
    assert [(e.id, e.reason) for e in written.entries] == [(failing, "hand-written: 613.8c is not rechecked")]
