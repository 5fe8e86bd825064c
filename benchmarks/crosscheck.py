"""Cross-check timing: z3 time per corpus case (all steps, every declared version) and for the whole corpus.

Run: python benchmarks/crosscheck.py [--jobs 2]
(goal, issue 13: the whole corpus under 60 s wall on a 2-core machine, no case over 5 s)

Per-case figures are CPU seconds of the process that checked the case (on a shared
machine wall time measures the other users too); the whole-corpus figure is wall time,
with the cases spread over ``--jobs`` worker processes as `mtg-layers verify` does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtg_layers.checking.z3_crosscheck import crosscheck_case
from mtg_layers.corpus import load_corpus
from reference.case import Case
from reference.versions import builtin_versions


def check(case: Case) -> tuple[float, float, list[tuple[str, str]]]:
    """CPU and wall seconds for one case under every version it declares, and the pairs not verified (status)."""
    versions = builtin_versions()
    cpu, wall = time.process_time(), time.perf_counter()
    failures = []
    for vid in case.versions:
        status, _ = crosscheck_case(case, versions[vid])
        if status != "verified":
            failures.append((vid, status))
    return time.process_time() - cpu, time.perf_counter() - wall, failures


def main() -> int:
    """Print per-case times (median, max, slowest five) and the whole-corpus time."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    cases = load_corpus()
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(check, cases, chunksize=1))
    else:
        results = [check(c) for c in cases]
    total = time.perf_counter() - start
    failures = sum(len(f) for _, _, f in results)
    cpu = [c for c, _, _ in results]
    print(f"cases: {len(cases)}, case/version pairs not verified: {failures}, jobs: {args.jobs}")
    print(f"per case (all steps, all versions), CPU: median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s")
    for (c, w, _), case in sorted(zip(results, cases, strict=True), key=lambda x: -x[0][0])[:5]:
        print(f"  {c:6.2f} s CPU ({w:6.2f} s wall)  {case.id}")
    for (_, _, f), case in zip(results, cases, strict=True):
        for vid, status in f:
            print(f"  not verified: {case.id} under {vid}: {status}")
    print(f"whole corpus: {total:.1f} s wall, {sum(cpu):.1f} s CPU in the workers (goal < 60 s wall on 2 cores)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
