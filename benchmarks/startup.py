"""Benchmark: start-up time of `mtg-layers --help` and `mtg-layers versions` against a bare `python -c pass`.

Runs the three commands alternately (``--runs`` times each) and prints the median wall
time of each and its ratio to the bare interpreter (goal, issue 13: at most 3x).

Run: python benchmarks/startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    exe = shutil.which("mtg-layers")
    cli = [exe] if exe else [sys.executable, "-m", "mtg_layers.cli"]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "mtg-layers --help": [*cli, "--help"],
        "mtg-layers versions": [*cli, "versions"],
    }
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            t0 = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - t0)
    base = statistics.median(times["python -c pass"])
    print(f"median of {args.runs} alternating runs")
    for name, ts in times.items():
        t = statistics.median(ts)
        print(f"{name:>22} {t * 1000:8.1f} ms  {t / base:5.1f}x")


if __name__ == "__main__":
    main()
