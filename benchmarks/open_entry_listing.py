"""The CPU cost of z3's completeness query on an open entry step (``proofs.open_entry``), on the held-losses board.

``benchmarks/held_losses_step_z3.py``'s case with N tied painters (the definitions held or given only): the orders the
cross-check lists (``open_entry_cases``), then one ``check_listed`` over them, each timed in CPU seconds
(``time.process_time``) with the peak RSS. ``--drop K`` leaves the K-th listed order out (z3 should then find an order
the listing missed).

Run: python benchmarks/open_entry_listing.py N [VERSION] [--drop K] [--rlimit UNITS]
"""

from __future__ import annotations

import argparse
import importlib
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

from mtg_layers.checking.z3_crosscheck import check_listed, open_entry_cases
from mtg_layers.corpus import load_case
from proofs.crosscheck import RLIMIT
from reference.versions import get_version

# the sibling scripts, imported by name (run from the repository root, as they are): mypy reads benchmarks/ as files
case_data = importlib.import_module("benchmarks.held_losses_step").case_data
held_only = importlib.import_module("benchmarks.held_losses_step_z3").held_only


def main(argv: list[str]) -> None:
    """Print the listing's size and CPU, then the query's verdict, CPU and peak RSS."""
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("version", nargs="?", default="current")
    ap.add_argument("--drop", type=int, default=None)
    ap.add_argument("--rlimit", type=int, default=RLIMIT)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.yaml"
        path.write_text(json.dumps(held_only(case_data(args.n))))
        case = load_case(path)
    version = get_version(args.version)
    start = time.process_time()
    opened = open_entry_cases(case, version)
    assert opened is not None, "no open entry step"
    n, chosen, complete = opened
    print(f"N={args.n} {args.version}: step {n}, {len(chosen)} orders listed (complete {complete}), "
          f"{time.process_time() - start:.1f} s CPU")  # fmt: skip
    if args.drop is not None:
        chosen = chosen[: args.drop] + chosen[args.drop + 1 :]
    start = time.process_time()
    check = check_listed(case, version, n, chosen, args.rlimit)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"completeness: {check.status} {check.info}, {time.process_time() - start:.1f} s CPU, peak {peak:.0f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
