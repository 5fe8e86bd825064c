"""One shrinker for both fuzzers (``shrink.shrink_greedy``), bounded by engine calls, not seconds: the same
board shrinks to the same board twice, however slow the engine answers (review finding D5)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from mtg_layers.boards.fuzz_boards import Generated
from mtg_layers.boards.fuzz_settings import DEFAULT_WEIGHTS
from mtg_layers.conformance import real_card_fuzz
from mtg_layers.conformance.fuzz import Fuzzer, FuzzOptions
from mtg_layers.conformance.fuzz_cli import generator_settings
from mtg_layers.conformance.runner import Runner, RunnerOptions, RunResult
from mtg_layers.conformance.shrink import CallBudget, shrink_greedy
from mtg_layers.paths import ROOT

# The reference's answers, one more power on every creature; with an argument, each answer comes 20 ms late
# (a slow engine, or a loaded machine): where a board shrinks to must not change.
POWER_ENGINE = f"""
import json, sys, time
sys.path.insert(0, {str(ROOT)!r})
from mtg_layers.adapter import handle
slow = len(sys.argv) > 1
for line in sys.stdin:
    message = json.loads(line)
    reply, _ = handle(message)
    if reply is None:
        break
    for answer in (reply.get("results") or {{}}).values():
        if answer.get("power") is not None:
            answer["power"] += 1
    if slow:
        time.sleep(0.02)
    print(json.dumps(reply), flush=True)
"""


def _board(n: int) -> Generated:
    return cast(Generated, SimpleNamespace(data={"n": n}, rules="ikoria"))


def _fewer(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Candidates: n-1, then n-2 (a countdown board)."""
    return [{"n": data["n"] - k} for k in (1, 2) if data["n"] - k >= 0]


def _shrink(n: int, limit: int, fails_at_or_above: int) -> tuple[int, CallBudget]:
    budget = CallBudget(limit)
    result = cast(RunResult, "start")

    def still(g: Generated) -> RunResult | None:
        return cast(RunResult, f"r{g.data['n']}") if g.data["n"] >= fails_at_or_above else None

    g, _ = shrink_greedy(_board(n), result, _fewer, lambda d: _board(d["n"]), still, budget)
    return g.data["n"], budget


def test_the_greedy_loop_takes_the_first_candidate_that_still_disagrees_to_a_fixed_point() -> None:
    n, budget = _shrink(10, 100, fails_at_or_above=4)
    assert n == 4 and budget.used == 6 + 2 and not budget.hit  # 9..4 kept, then 3 and 2 refused


def test_the_budget_counts_engine_calls_and_stops_the_loop() -> None:
    n, budget = _shrink(10, 3, fails_at_or_above=0)
    assert n == 7 and budget.used == 3 and budget.hit
    n, budget = _shrink(10, 0, fails_at_or_above=0)
    assert n == 10 and budget.used == 0 and budget.hit


def test_a_candidate_that_is_no_board_costs_no_call() -> None:
    budget = CallBudget(5)
    calls: list[int] = []

    def still(g: Generated) -> RunResult | None:
        calls.append(g.data["n"])
        return None

    def only_even(d: Mapping[str, Any]) -> Generated | None:
        return _board(d["n"]) if d["n"] % 2 == 0 else None

    g, _ = shrink_greedy(_board(9), cast(RunResult, "r"), _fewer, only_even, still, budget)
    assert g.data["n"] == 9 and calls == [8] and budget.used == 1


def test_a_budget_is_a_count() -> None:
    with pytest.raises(ValueError, match="engine calls"):
        CallBudget(-1)
    b = CallBudget(4)
    assert [b.take(upto=2) for _ in range(3)] == [True, True, False] and b.hit
    assert [b.take() for _ in range(3)] == [True, True, False]


def _runner(tmp_path: Path, slow: bool) -> Runner:
    engine = tmp_path / "power_engine.py"
    engine.write_text(POWER_ENGINE, encoding="utf-8")
    runner = Runner(RunnerOptions(argv=[sys.executable, str(engine), *(["slow"] if slow else [])]))
    runner.ensure_started()
    return runner


def _generated_run(tmp_path: Path, slow: bool) -> list[tuple[Any, ...]]:
    runner = _runner(tmp_path, slow)
    gen = generator_settings(runner.session.implementation, (), ("ikoria",), dict(DEFAULT_WEIGHTS))
    options = FuzzOptions(count=6, seed=5, generator=gen, shrink_budget=30, max_shrink=1)
    outcome = Fuzzer(runner, options).run()
    return [
        (d.index, d.signature, d.reproduced, d.shrink_calls, d.budget_hit, (d.minimal or d.board).data)
        for d in outcome.disagreements
        if d.shrunk
    ]


def test_a_generated_board_shrinks_to_the_same_board_twice_however_slow_the_engine(tmp_path: Path) -> None:
    from hypothesis.internal.conjecture import engine

    before = engine.MAX_SHRINKING_SECONDS
    fast = _generated_run(tmp_path, slow=False)
    slow = _generated_run(tmp_path, slow=True)
    assert fast and fast == slow
    assert before == engine.MAX_SHRINKING_SECONDS  # hypothesis's own limit is back once the shrink is done
    assert all(calls <= 30 for _, _, _, calls, _, _ in fast)


def _real_card_run(tmp_path: Path, slow: bool) -> list[tuple[Any, ...]]:
    runner = _runner(tmp_path, slow)
    gen = generator_settings(runner.session.implementation, (), ("ikoria",), dict(DEFAULT_WEIGHTS))
    fuzzer = Fuzzer(runner, FuzzOptions(count=3, seed=2, generator=gen, shrink_budget=6, max_shrink=1))
    out = real_card_fuzz.fuzz(fuzzer, 3, 2)
    return [(d.index, d.signature, d.shrink_calls, d.budget_hit, (d.minimal or d.board).data) for d in out.shrunk]


def test_a_real_card_board_shrinks_with_the_same_loop_to_the_same_board_twice(tmp_path: Path) -> None:
    fast = _real_card_run(tmp_path, slow=False)
    slow = _real_card_run(tmp_path, slow=True)
    assert fast and fast == slow
    (entry,) = fast
    assert entry[2] <= 6
    steps = entry[4]["steps"]
    assert len(steps) >= 1
