"""Cross-check timing: z3 time per corpus case (all steps, every declared version) and for the whole corpus.

Run: python benchmarks/crosscheck.py   (goal: whole corpus under 60 s on a 2-core machine)
"""

from __future__ import annotations

import statistics
import sys
import time

from mtg_layers.corpus import load_corpus
from mtg_layers.crosscheck import crosscheck_case
from reference.versions import builtin_versions


def main() -> int:
    """Print per-case times (median, max, slowest five) and the whole-corpus time."""
    versions = builtin_versions()
    cases = load_corpus()
    per_case: list[tuple[float, str]] = []
    failures = 0
    start = time.perf_counter()
    for case in cases:
        t0 = time.perf_counter()
        for vid in case.versions:
            status, _ = crosscheck_case(case, versions[vid])
            failures += status != "verified"
        per_case.append((time.perf_counter() - t0, case.id))
    total = time.perf_counter() - start
    times = [t for t, _ in per_case]
    print(f"cases: {len(cases)}, case/version pairs not verified: {failures}")
    print(f"per case (all steps, all versions): median {statistics.median(times):.2f} s, max {max(times):.2f} s")
    for t, cid in sorted(per_case, reverse=True)[:5]:
        print(f"  {t:6.2f} s  {cid}")
    print(f"whole corpus: {total:.1f} s (goal < 60 s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
