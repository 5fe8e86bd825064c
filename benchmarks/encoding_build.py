"""The z3 cross-check's cost split: building ``proofs.encoding.Encoding`` against the rest (the solver's checks).

For each case and rules version, the cross-check ``mtg-layers verify`` runs (``_crosscheck_case``: every open-entry
order it tries, every step, the entry and state-based-action encodings) runs in this process with
``Encoding.__init__`` and ``z3.Solver.check`` timed (``time.process_time``, CPU seconds). Printed per case and
version: the status, how many encodings were built and their CPU, how many solver checks ran and their CPU, the
whole cross-check's CPU, and the largest ``rlimit count`` one check used (z3's deterministic resource counter, read
before and after each check from ``Solver.statistics()``).

Run: python benchmarks/encoding_build.py [--corpus DIR | --all] [--every N] [--case ID ...] [--version VID ...]
(default: the three corpus cases below under every version each declares; ``--corpus DIR``: every case there; ``--all``:
every case of the bundled corpus; ``--every N``: of those, the first and every N-th after it, in the corpus's
order). On a shared machine compare CPU, from alternating runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import z3

from mtg_layers.checking import z3_crosscheck
from mtg_layers.corpus import CASES_DIR, load_corpus
from proofs import encoding
from reference.versions import get_version

# The held-green case (issue 28 item 14; the corpus's slowest cross-check), and two smaller boards with tied effects
CASES = (
    "entry-tied-losses-beside-a-gift-reach-a-held-green",
    "eight-tied-ability-losses-on-named-creatures",
    "eight-tied-text-changes-on-named-creatures",
)


@dataclass
class Tally:
    """CPU seconds and counts of the timed calls of one cross-check."""

    builds: int = 0
    build_s: float = 0.0
    checks: int = 0
    check_s: float = 0.0
    rlimits: list[int] = field(default_factory=list)


def _rlimit(solver: z3.Solver) -> int:
    """z3's resource counter as the solver's statistics report it (0 before any check)."""
    try:
        return int(solver.statistics().get_key_value("rlimit count"))
    except z3.Z3Exception:  # no such statistic yet
        return 0


@contextmanager
def timed(tally: Tally) -> Iterator[None]:
    """``Encoding.__init__`` and ``z3.Solver.check`` timed into ``tally`` while the block runs."""
    build: Callable[..., None] = encoding.Encoding.__init__
    check: Callable[..., Any] = z3.Solver.check

    def timed_build(self: encoding.Encoding, *args: Any, **kwargs: Any) -> None:
        start = time.process_time()
        try:
            build(self, *args, **kwargs)
        finally:
            tally.builds += 1
            tally.build_s += time.process_time() - start

    def timed_check(self: z3.Solver, *args: Any) -> Any:
        before, start = _rlimit(self), time.process_time()
        try:
            return check(self, *args)
        finally:
            tally.checks += 1
            tally.check_s += time.process_time() - start
            tally.rlimits.append(_rlimit(self) - before)

    encoding.Encoding.__init__ = timed_build  # type: ignore[method-assign]
    z3.Solver.check = timed_check  # type: ignore[method-assign]
    try:
        yield
    finally:
        encoding.Encoding.__init__ = build  # type: ignore[method-assign]
        z3.Solver.check = check  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    """Print one line per case and version, and the totals."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=CASES_DIR)
    parser.add_argument("--case", action="append", default=[], help="only these case ids (repeatable)")
    parser.add_argument("--version", action="append", default=[], help="only these rules versions (repeatable)")
    parser.add_argument("--all", action="store_true", help="every case of the corpus (default: CASES, or --corpus's)")
    parser.add_argument("--every", type=int, default=1, help="only every N-th of the cases chosen (from the first)")
    args = parser.parse_args(argv)
    wanted = args.case or ([] if args.all or args.corpus != CASES_DIR else list(CASES))
    cases = [c for c in load_corpus(args.corpus) if not wanted or c.id in wanted][:: args.every]
    total = Tally()
    all_s = 0.0
    print("case | version | status | encodings | build CPU s | checks | check CPU s | max rlimit | cross-check CPU s")
    for case in cases:
        for vid in args.version or case.versions:
            tally = Tally()
            start = time.process_time()
            with timed(tally):
                status, _ = z3_crosscheck._crosscheck_case(case, get_version(vid))
            spent = time.process_time() - start
            print(
                f"{case.id} | {vid} | {status} | {tally.builds} | {tally.build_s:.2f} | {tally.checks} | "
                f"{tally.check_s:.2f} | {max(tally.rlimits, default=0)} | {spent:.2f}",
                flush=True,
            )
            total.builds += tally.builds
            total.build_s += tally.build_s
            total.checks += tally.checks
            total.check_s += tally.check_s
            total.rlimits += tally.rlimits
            all_s += spent
    print(
        f"total | | | {total.builds} | {total.build_s:.2f} | {total.checks} | {total.check_s:.2f} | "
        f"{max(total.rlimits, default=0)} | {all_s:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
