"""The golden answers alone against the mutation campaign's mutants (issue 38, item 5).

The campaign (``mutation_campaign``) judges each mutant of ``reference/`` and
``reference_optimized/`` with its whole killing suite: golden tests, rule unit tests, property
tests. This module asks a narrower question of a fixed seeded sample of the same mutants: does
the corpus's golden test (``tests/corpus/test_golden.py``, every case, step and rules version
compared with its expected values) fail with the mutant in place? The share it kills, per module,
is what an engine author learns from passing the corpus, beside what the whole suite learns.

Each mutant runs in a process of its own, in a scratch copy (``build/mutation-golden/``) where
mutmut has written every mutant and where the tools, tests and corpus are copied beside them, so
the run reads nothing of the sources while they change. A failing test, a crash and a run past
the time limit all count as killed (a mutant that never ends is detected too).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..paths import ROOT
from .mutation_campaign import RESULTS_FILE, generate, parse_name, prepare, read_results, read_state, sample

# What judges a mutant: the golden test's comparison (``golden_answers_hold``), nothing else.
GOLDEN_SUITE = ("tests/corpus/test_golden.py",)
GOLDEN_WORKDIR = ROOT / "build" / "mutation-golden"
# Copied beside the mutated packages: the tools the golden test imports, the tests and the corpus.
BESIDE = ("mtg_layers", "tests", "corpus", "pyproject.toml")
STATUSES = ("killed", "survived", "timeout")


def prepare_golden(workdir: Path = GOLDEN_WORKDIR, root: Path = ROOT, jobs: int = 1) -> Path:
    """Write every mutant into ``workdir/mutants`` and copy the tools, tests and corpus beside them."""
    prepare(workdir, root)
    generate(workdir, jobs=jobs)
    mutants = workdir / "mutants"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "dist")
    for name in BESIDE:
        src, dst = root / name, mutants / name
        if src.is_dir():
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst, ignore=ignore)
        else:
            shutil.copy2(src, dst)
    return mutants


def golden_answers_hold() -> bool:
    """The golden test's comparison (``tests/corpus/test_golden.py``), stopping at the first failure.

    Every corpus case, step and declared rules version: the result equals the expected values, and
    each object expected on the battlefield is there. Run in a process whose mutant is active from
    its start (``MUTANT_UNDER_TEST``), so every cache is filled by the mutated code.
    """
    from reference.versions import builtin_versions

    from ..corpus import load_corpus
    from .results import compare
    from .verify import resolve_step

    versions = builtin_versions()
    for case in load_corpus():
        for vid in case.versions:
            for n, step in enumerate(case.steps, start=1):
                _, actual = resolve_step(case, n, versions[vid])
                expected = step.expect[vid]
                if compare(expected, actual):
                    return False
                if any(f.get("on_battlefield", True) and oid not in actual for oid, f in expected.items()):
                    return False
    return True


_CHECK = "from mtg_layers.checking.mutation_golden import golden_answers_hold as h; raise SystemExit(0 if h() else 1)"


def judge(name: str, mutants: Path, timeout_s: float = 600.0) -> str:
    """Whether the golden answers alone kill one mutant: ``killed``, ``survived`` or ``timeout``.

    A crash (the loader or the resolver raising under the mutant) is a kill, as a failing golden test is.
    """
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MTG_LAYERS_KILLING_SUITE")}
    env.update(PYTHONPATH=str(mutants), MUTANT_UNDER_TEST=name, PYTHONDONTWRITEBYTECODE="1")
    try:
        proc = subprocess.run(
            [sys.executable, "-c", _CHECK], cwd=mutants, env=env, capture_output=True, timeout=timeout_s
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if proc.returncode == 0 else "killed"


def names(mutants: Path) -> list[str]:
    """Every mutant mutmut wrote (``mutants/<package>/*.py.meta``), by its mutmut name."""
    from .mutation_campaign import exit_codes

    return sorted(exit_codes(mutants.parent))


def run_sample(
    per_module: int,
    seed: int,
    workdir: Path = GOLDEN_WORKDIR,
    progress: Callable[[str, str], None] | None = None,
) -> tuple[dict[str, str], float]:
    """Judge a seeded sample (up to ``per_module`` mutants of each module); the verdicts and the seconds taken.

    Each verdict is kept in ``workdir/verdicts.json`` as it is reached, with the seconds it took, so
    an interrupted run resumes where it stopped (the same mutants, the same golden test); the
    seconds returned are those of every verdict of the sample, wherever it was reached.
    """
    import json

    mutants = prepare_golden(workdir)
    store_file = workdir / "verdicts.json"
    kept: dict[str, list[Any]] = json.loads(store_file.read_text("utf-8")) if store_file.exists() else {}
    verdicts: dict[str, str] = {}
    seconds = 0.0
    for name in sample(names(mutants), per_module, seed):
        if name not in kept:
            began = time.monotonic()
            verdict = judge(name, mutants)
            kept[name] = [verdict, round(time.monotonic() - began, 1)]
            store_file.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        verdicts[name] = kept[name][0]
        seconds += kept[name][1]
        if progress is not None:
            progress(name, verdicts[name])
    return verdicts, seconds


def per_module(verdicts: Mapping[str, str], suite: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Per module: mutants sampled, killed by the golden answers alone, their share, and the suite's verdicts.

    ``suite`` maps a mutant to the whole killing suite's verdict from the stored campaign
    (``killed``/``survived``/...), where the campaign judged it. ``suite_judged`` counts the sampled
    mutants it judged, ``suite_killed`` those it kills and ``golden_killed_of_judged`` those the
    golden answers kill among them: the two shares over the same mutants.
    """
    rows: dict[str, dict[str, Any]] = {}
    for name, verdict in sorted(verdicts.items()):
        module = parse_name(name)[0]
        r = rows.setdefault(
            module,
            {
                "module": module,
                "sampled": 0,
                "golden_killed": 0,
                "suite_judged": 0,
                "suite_killed": 0,
                "golden_killed_of_judged": 0,
            },
        )
        killed = verdict in ("killed", "timeout")
        r["sampled"] += 1
        r["golden_killed"] += killed
        if name in (suite or {}):
            r["suite_judged"] += 1
            r["suite_killed"] += (suite or {})[name] == "killed"
            r["golden_killed_of_judged"] += killed
    for r in rows.values():
        r["golden_share"] = round(100 * r["golden_killed"] / r["sampled"], 1)
        judged = r["suite_judged"]
        r["suite_share"] = round(100 * r["suite_killed"] / judged, 1) if judged else None
        r["golden_share_of_judged"] = round(100 * r["golden_killed_of_judged"] / judged, 1) if judged else None
    return [rows[k] for k in sorted(rows)]


def suite_verdicts(state: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The whole killing suite's stored verdict of every mutant the campaign judged (``mutation-state.json``)."""
    from .mutation_campaign import name_prefix, status_of

    stored = read_state() if state is None else state
    out = {}
    for module, entry in stored.items():
        for key, code in entry.get("exit_codes", {}).items():
            status = status_of(code)
            out[f"{name_prefix(module)}{key}"] = "killed" if status in ("killed", "timeout", "crash") else status
    return out


def store(rows: Sequence[Mapping[str, Any]], meta: Mapping[str, Any], path: Path = RESULTS_FILE) -> dict[str, Any]:
    """Put the golden-alone figures beside the campaign's in the results file (key ``golden_alone``)."""
    import json

    data = read_results(path)
    sampled = sum(r["sampled"] for r in rows)
    killed = sum(r["golden_killed"] for r in rows)
    judged = sum(r["suite_judged"] for r in rows)
    suite = sum(r["suite_killed"] for r in rows)
    of_judged = sum(r["golden_killed_of_judged"] for r in rows)
    data["golden_alone"] = {
        **meta,
        "sampled": sampled,
        "golden_killed": killed,
        "golden_share": round(100 * killed / sampled, 1) if sampled else None,
        "suite_judged": judged,
        "suite_killed": suite,
        "suite_share": round(100 * suite / judged, 1) if judged else None,
        "golden_killed_of_judged": of_judged,
        "golden_share_of_judged": round(100 * of_judged / judged, 1) if judged else None,
        "modules": [dict(r) for r in rows],
    }
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return data
