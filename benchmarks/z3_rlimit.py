"""z3's ``rlimit count`` per solver check: the distribution that ``proofs.crosscheck.RLIMIT`` is set against.

z3 counts its work in resource units (``rlimit count`` in ``Solver.statistics()``, cumulative over the process's
context): the count is read before and after every ``z3.Solver.check`` and the difference is that check's cost.
Each check is recorded with the case and rules version (or the test) that made it, the function that asked, and
z3's answer. Two sources:

- ``corpus`` (default): every case of the bundled corpus under every rules version it declares, cross-checked in
  this process as ``mtg-layers verify`` does (``_crosscheck_case``); the CPU seconds of each case and version
  (``time.process_time``) are recorded too (the ``--z3-budget`` guard is set against their maximum);
- ``tests -- PYTEST ARGS``: the checks the given tests make (pytest run in this process).

Printed: the number of checks, their maximum, 99th percentile and median, the check of the maximum and the ten
largest; ``--out FILE`` writes every record (JSON lines).

Run: python benchmarks/z3_rlimit.py [corpus [--corpus DIR] [--case ID ...]] | [tests -- tests/test_x.py ...]
[--out FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import z3

from mtg_layers.checking import z3_crosscheck
from mtg_layers.corpus import CASES_DIR, load_corpus
from reference.versions import get_version


@dataclass
class Check:
    """One solver check: where it was asked, what z3 answered and the resource units it used."""

    source: str  # "case-id version" or the test's node id
    caller: str  # module.function that called Solver.check
    answer: str
    rlimit: int
    cpu_s: float  # the check's CPU seconds (time.process_time)


def rlimit_count(solver: z3.Solver) -> int:
    """z3's resource counter as the solver's statistics report it (0 before any check)."""
    stats = solver.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0  # noqa: SIM118


@contextmanager
def recorded(out: list[Check], source: Callable[[], str]) -> Iterator[None]:
    """Every ``z3.Solver.check`` while the block runs recorded into ``out`` (its rlimit delta)."""
    check: Callable[..., Any] = z3.Solver.check

    def counted(self: z3.Solver, *args: Any) -> Any:
        before, start = rlimit_count(self), time.process_time()
        answer = check(self, *args)
        spent = time.process_time() - start
        frame = sys._getframe(1)
        while frame.f_back is not None and frame.f_code.co_name == "check":  # past proofs.crosscheck.Bounded.check
            frame = frame.f_back
        caller = f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_name}"
        out.append(Check(source(), caller, str(answer), rlimit_count(self) - before, spent))
        return answer

    z3.Solver.check = counted  # type: ignore[method-assign]
    try:
        yield
    finally:
        z3.Solver.check = check  # type: ignore[method-assign]


def percentile(values: list[int], p: float) -> int:
    """The nearest-rank ``p``-th percentile of ``values`` (non-empty)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(-(-p * len(ordered) // 100)) - 1))]


def summary(checks: list[Check]) -> list[str]:
    """The lines printed for a list of checks: count, max, p99, median, the largest ten."""
    if not checks:
        return ["no solver checks"]
    counts = [c.rlimit for c in checks]
    lines = [
        f"checks: {len(checks)}; rlimit max {max(counts):,}, p99 {percentile(counts, 99):,}, "
        f"median {percentile(counts, 50):,}; answers {sorted({c.answer for c in checks})}"
    ]
    rate = sum(counts) / max(sum(c.cpu_s for c in checks), 1e-9)
    lines.append(f"rlimit units per CPU second of the checks, over all: {rate:,.0f}")
    lines += [
        f"  {c.rlimit:>12,}  {c.cpu_s:7.2f} s  {c.answer:<7} {c.caller}  {c.source}"
        for c in sorted(checks, key=lambda c: -c.rlimit)[:10]
    ]
    return lines


def corpus(case_ids: list[str], folder: Path = CASES_DIR) -> tuple[list[Check], list[tuple[str, float, str]]]:
    """Every cross-check ``verify`` makes on a corpus (the bundled one): the checks, and each case and version's
    CPU s."""
    checks: list[Check] = []
    spent: list[tuple[str, float, str]] = []
    where = ""
    with recorded(checks, lambda: where):
        for case in load_corpus(folder):
            if case_ids and case.id not in case_ids:
                continue
            for vid in case.versions:
                where = f"{case.id} {vid}"
                start = time.process_time()
                status, _ = z3_crosscheck._crosscheck_case(case, get_version(vid))
                spent.append((where, time.process_time() - start, status))
    return checks, spent


class _Plugin:
    """Records the checks of each test (pytest plugin)."""

    def __init__(self, out: list[Check]) -> None:
        self.out = out
        self.test = ""
        self.ctx = recorded(out, lambda: self.test)

    def pytest_sessionstart(self) -> None:
        self.ctx.__enter__()

    def pytest_sessionfinish(self) -> None:
        self.ctx.__exit__(None, None, None)

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        self.test = nodeid


def main(argv: list[str]) -> int:
    """Print the distribution; write every record with ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", nargs="?", choices=("corpus", "tests"), default="corpus")
    parser.add_argument("--case", action="append", default=[], help="only these corpus case ids (repeatable)")
    parser.add_argument("--corpus", type=Path, default=CASES_DIR, help="another corpus folder (default: the bundled)")
    parser.add_argument("--out", type=Path)
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    pytest_args = argv[cut + 1 :]
    spent: list[tuple[str, float, str]] = []
    if args.source == "tests":
        import pytest

        checks: list[Check] = []
        pytest.main(pytest_args, plugins=[_Plugin(checks)])
    else:
        checks, spent = corpus(args.case, args.corpus)
    for line in summary(checks):
        print(line)
    if spent:
        cpu = sorted(spent, key=lambda s: -s[1])
        print(f"case/version pairs: {len(spent)}; statuses {sorted({s[2] for s in spent})}")
        print(f"cross-check CPU s per pair: max {cpu[0][1]:.2f} ({cpu[0][0]}), total {sum(s[1] for s in spent):.1f}")
        for where, s, status in cpu[:5]:
            print(f"  {s:8.2f}  {status}  {where}")
    if args.out:
        with args.out.open("w") as f:
            for c in checks:
                f.write(json.dumps(asdict(c)) + "\n")
            for where, s, status in spent:
                f.write(json.dumps({"pair": where, "cpu_s": s, "status": status}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
