"""Fuzzing figures: boards per second through an adapter, shrink time and shrunk sizes.

    python benchmarks/fuzz.py [--boards N] [--seed S] [--budget ENGINE_CALLS]

Runs `mtg-layers conformance --generated` in process, persistent mode, against the
reference adapter, the naive JavaScript engine (when node is installed) and the
almost-right Python engine, and prints per adapter: boards per second (drawing the board,
the reference's answers under every rules version, the adapter's answer, the judgement;
shrinking excluded), the share of boards with a dependency and a loop, and per shrunk
disagreement the time it took and the size of the smallest board (objects, resolved
effects, static abilities). The machine's load changes every figure: say what else ran.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtg_layers.boards.fuzz_settings import DEFAULT_WEIGHTS  # noqa: E402
from mtg_layers.conformance.fuzz import Fuzzer, FuzzOptions  # noqa: E402
from mtg_layers.conformance.fuzz_cli import generator_settings  # noqa: E402
from mtg_layers.conformance.runner import Runner, RunnerOptions  # noqa: E402
from mtg_layers.conformance.shrink import DEFAULT_SHRINK_CALLS  # noqa: E402

ADAPTERS = {
    "reference": [sys.executable, "-m", "mtg_layers.adapter"],
    "simple-engine.js": ["node", str(ROOT / "examples" / "adapters" / "simple-engine.js")],
    "almost-right-engine.py": [sys.executable, str(ROOT / "examples" / "adapters" / "almost-right-engine.py")],
}


def measure(name: str, argv: list[str], boards: int, seed: int, budget: int) -> None:
    """One fuzzing run through one adapter, with its figures."""
    runner = Runner(RunnerOptions(argv=argv, cwd=str(ROOT)))
    runner.ensure_started()
    gen = generator_settings(runner.session.implementation, (), (), DEFAULT_WEIGHTS)
    with tempfile.TemporaryDirectory() as tmp:
        options = FuzzOptions(boards, seed, gen, shrink_budget=budget, findings=Path(tmp), engine_name=name)
        outcome = Fuzzer(runner, options).run()
    st = outcome.stats()
    print(
        f"{name}: {st['boards']} boards in {st['seconds']:.1f} s = {st['boards_per_second']} boards/s "
        f"(adapter time {st['engine_seconds']:.1f} s); dependency {st['share']['dependency']:.0%}, "
        f"loop {st['share']['dependency-loop']:.0%}; {st['disagreements']} disagreements of {st['kinds']} kinds"
    )
    for d in outcome.disagreements:
        if d.shrunk:
            size = (d.minimal or d.board).data
            print(
                f"    board {d.index} ({', '.join(d.signature)}): shrunk in {d.shrink_seconds:.1f} s, "
                f"{d.shrink_calls} engine calls{' (budget spent)' if d.budget_hit else ''}: "
                f"{len(size['objects'])} objects, {len(size['effects'])} effects, {len(size['abilities'])} abilities"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--budget", type=int, default=DEFAULT_SHRINK_CALLS, help="engine calls per shrink")
    args = parser.parse_args()
    for name, argv in ADAPTERS.items():
        if argv[0] == "node" and shutil.which("node") is None:
            print(f"{name}: node is not installed")
            continue
        measure(name, argv, args.boards, args.seed, args.budget)


if __name__ == "__main__":
    main()
