"""The long "resolver == z3" run on generated boards, with a time budget and progress figures.

Run by hand: python benchmarks/long_property.py --boards 10000 --minutes 60
Prints, every 250 boards: boards checked, verified, disagreements, boards with a
dependency and with a loop, and the median/max cross-check time. A disagreement is
written to proofs/findings/ as a corpus-format case.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtg_layers.boards.property_boards import boards, versions
from mtg_layers.checking.z3_crosscheck import check_board
from mtg_layers.corpus.serialise import FINDINGS_DIR, board_to_case, to_yaml
from reference.dependency import strongly_connected
from reference.model import Board
from reference.resolver import resolve
from reference.versions import get_version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    deadline = time.monotonic() + args.minutes * 60
    stats: dict[str, Any] = {"checked": 0, "verified": 0, "disagree": 0, "other": 0, "dep": 0, "loop": 0}
    times: list[float] = []

    @settings(
        max_examples=args.boards,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(boards(), versions, st.randoms(use_true_random=False))
    def prop(board: Board, vid: str, _: Any) -> None:
        if time.monotonic() > deadline:
            return
        version = get_version(vid)
        res = resolve(board, version)
        if res.edges:
            stats["dep"] += 1
            graph: dict[str, dict[str, int]] = {}
            for e in res.edges:
                graph.setdefault(f"{e.slot}/{e.dependent}", {})[f"{e.slot}/{e.on}"] = 1
                graph.setdefault(f"{e.slot}/{e.on}", {})
            if any(len(c) > 1 for c in strongly_connected(graph).values()):
                stats["loop"] += 1
        check = check_board(board, version)
        stats["checked"] += 1
        times.append(check.seconds)
        if check.status == "verified":
            stats["verified"] += 1
        elif check.status == "counterexample":
            stats["disagree"] += 1
            FINDINGS_DIR.mkdir(parents=True, exist_ok=True)
            n = stats["disagree"]
            data = board_to_case(board, f"finding-{n}", f"resolver and z3 disagree ({vid})", {vid: {}}, check.info)
            (FINDINGS_DIR / f"long-run-{n}.yaml").write_text(to_yaml(data), encoding="utf-8")
        else:
            stats["other"] += 1
            print(f"  {check.status}: {check.info[:2]}", flush=True)
        if stats["checked"] % 250 == 0:
            report(stats, times)

    prop()
    report(stats, times, final=True)


def report(stats: dict[str, Any], times: list[float], final: bool = False) -> None:
    med = statistics.median(times) if times else 0.0
    print(
        ("final: " if final else "")
        + f"{stats['checked']} boards checked, {stats['verified']} verified, {stats['disagree']} disagreements, "
        f"{stats['other']} other; {stats['dep']} with a dependency, {stats['loop']} with a loop; "
        f"cross-check median {med:.3f} s, max {max(times, default=0.0):.2f} s",
        flush=True,
    )


if __name__ == "__main__":
    main()
