"""Benchmark: the fast path of another git revision against this tree's, alternating in one process (issue 39).

The other revision's ``reference_optimized/`` is taken with ``git archive`` into a temporary directory and imported
as ``base_reference_optimized`` (the package imports itself relatively; ``reference/`` is this tree's, shared by
both, so run this only against revisions whose ``reference/`` is the same). On each board of ``benchmarks/peers.py``'s
families, the two resolve in turn, ``--runs`` times, CPU time (``time.process_time``); prints one JSON object per
board with the medians, their ratio and whether the two resolutions are equal (final values, trace rows, edges,
ties: ``Resolution.__eq__``, which reads the trace).

Run: python benchmarks/before_after.py --base main [--families a,b,c] [--sizes 100x10,500x25,2000x100] [--runs 5]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import peers  # noqa: E402

from mtg_layers.catalogue.load import catalogue  # noqa: E402
from reference.versions import get_version  # noqa: E402
from reference_optimized import resolve  # noqa: E402


def base_resolve(rev: str, into: Path) -> Callable[..., Any]:
    """The revision's ``reference_optimized.resolve``, imported under another name."""
    data = subprocess.run(
        ["git", "archive", rev, "reference_optimized"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    (into / "reference_optimized").rename(into / "base_reference_optimized")
    sys.path.insert(0, str(into))
    return importlib.import_module("base_reference_optimized").resolve  # type: ignore[no-any-return]


def cpu_ms(fn: Callable[[], Any]) -> tuple[float, Any]:
    gc.collect()
    t = time.process_time()
    out = fn()
    return (time.process_time() - t) * 1000, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="the git revision to compare with")
    parser.add_argument("--families", default="a,b,c")
    parser.add_argument("--sizes", default="100x10,500x25,2000x100")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    version = get_version(peers.VERSION)
    cat = catalogue()
    with tempfile.TemporaryDirectory() as tmp:
        before = base_resolve(args.base, Path(tmp))
        for family in args.families.split(","):
            for size in args.sizes.split(","):
                n, k = (int(x) for x in size.split("x"))
                board = peers.project_board(peers.events(family, n, k), cat, version)
                old: list[float] = []
                new: list[float] = []
                for _ in range(args.runs):  # alternating
                    t, a = cpu_ms(lambda board=board: before(board, version))  # type: ignore[misc]
                    old.append(t)
                    t, b = cpu_ms(lambda board=board: resolve(board, version))  # type: ignore[misc]
                    new.append(t)
                row = {
                    "family": family,
                    "n": n,
                    "k": k,
                    "runs": args.runs,
                    "base": args.base,
                    "before_cpu_ms": round(statistics.median(old), 3),
                    "after_cpu_ms": round(statistics.median(new), 3),
                    "before_over_after": round(statistics.median(old) / statistics.median(new), 3),
                    "equal": a == b,
                }
                print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
