"""Cross-check timing: z3 time per corpus case (all steps, every declared version) and for the whole corpus.

Run: python benchmarks/crosscheck.py [--jobs 2] [--slowest 10] [--case ID ...]
(goal, issues 13 and 32: the whole corpus under 60 s wall on a 2-core machine with ``--jobs 2``, no case over 5 s)

Per-case figures are CPU seconds of the process that checked the case (on a shared
machine wall time measures the other users too); the whole-corpus figure is wall time,
with the cases spread over ``--jobs`` worker processes as `mtg-layers verify` does, and the
CPU time of the workers. On a shared machine the idle wall time is estimated from the CPU
time: the workers' CPU seconds spread over ``--jobs`` cores, but never less than the slowest
case. The load average at the start and the end is printed with the figures.
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
    parser.add_argument("--slowest", type=int, default=5, help="how many of the slowest cases to list")
    parser.add_argument("--case", action="append", default=[], help="only these case ids (repeatable)")
    args = parser.parse_args()
    cases = load_corpus()
    if args.case:
        cases = [c for c in cases if c.id in set(args.case)]
    if not cases:
        print(f"no case in the corpus has the id {', '.join(args.case)}")
        return 1
    load_before = os.getloadavg()[0]
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
    for (c, w, _), case in sorted(zip(results, cases, strict=True), key=lambda x: -x[0][0])[: args.slowest]:
        print(f"  {c:6.2f} s CPU ({w:6.2f} s wall)  {case.id}")
    for (_, _, f), case in zip(results, cases, strict=True):
        for vid, status in f:
            print(f"  not verified: {case.id} under {vid}: {status}")
    print(f"whole corpus: {total:.1f} s wall, {sum(cpu):.1f} s CPU in the workers (goal < 60 s wall on 2 cores)")
    idle = max(sum(cpu) / max(1, args.jobs), max(cpu))
    over = sum(1 for c in cpu if c > 5)
    print(f"idle estimate: {idle:.1f} s wall (CPU over {args.jobs} cores); cases over 5 s CPU: {over}")
    print(f"one-minute load average: {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
