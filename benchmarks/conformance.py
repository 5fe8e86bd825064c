"""Conformance runner throughput against the reference adapter, in persistent and one-shot modes.

    python benchmarks/conformance.py [--repeats N] [--oneshot-runs N]

Prints runs (case x step x rules version) per second, the median of N runs of the runner,
for each mode, and the wall time of a full persistent run over the whole corpus. One-shot
mode starts a process per run, so it is measured on the first --oneshot-runs runs only and
the full-corpus time is extrapolated (and labelled so).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtg_layers.conformance.protocol import load_suite  # noqa: E402
from mtg_layers.conformance.runner import Job, Runner, RunnerOptions, plan  # noqa: E402

ADAPTER = [sys.executable, "-m", "mtg_layers.cli", "adapter"]


def timed(jobs: list[Job], mode: str) -> float:
    """Seconds for one runner pass over ``jobs`` (adapter start-up included); every run must pass."""
    argv = ADAPTER + (["--oneshot"] if mode == "oneshot" else [])
    began = time.perf_counter()
    results = Runner(RunnerOptions(argv=argv, mode=mode, cwd=str(ROOT))).run(jobs)
    took = time.perf_counter() - began
    bad = [r for r in results if r.status not in ("pass", "fail")]
    if bad:
        raise SystemExit(f"{mode}: {len(bad)} runs did not answer: {bad[0].message}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--oneshot-runs", type=int, default=30)
    args = parser.parse_args()
    suite = load_suite()
    jobs = plan(suite)
    print(f"corpus: {len(suite)} cases, {len(jobs)} runs (case x step x rules version); {args.repeats} repeats")
    persistent = [timed(jobs, "persistent") for _ in range(args.repeats)]
    p_med = statistics.median(persistent)
    print(
        f"persistent: median {p_med:.3f} s for the full corpus = {len(jobs) / p_med:.1f} runs/s "
        f"(min {min(persistent):.3f} s, max {max(persistent):.3f} s)"
    )
    sample = jobs[: args.oneshot_runs]
    oneshot = [timed(sample, "oneshot") for _ in range(args.repeats)]
    o_med = statistics.median(oneshot)
    rate = len(sample) / o_med
    print(
        f"one-shot:   median {o_med:.3f} s for {len(sample)} runs = {rate:.1f} runs/s "
        f"(min {min(oneshot):.3f} s, max {max(oneshot):.3f} s); full corpus ≈ {len(jobs) / rate:.1f} s (extrapolated)"
    )
    speedup = (len(jobs) / p_med) / rate
    print(f"full run (persistent, the default): {p_med:.3f} s; persistent is {speedup:.0f}x faster per run")


if __name__ == "__main__":
    main()
