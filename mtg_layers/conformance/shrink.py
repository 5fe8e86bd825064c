"""Shrinking a disagreeing board: one greedy loop over smaller candidate boards, within a budget of engine calls.

Both fuzzers use it (``fuzz.Fuzzer``, after hypothesis's shrinker, with ``fuzz.smaller_boards``;
``real_card_fuzz``, with ``real_card_fuzz.smaller_real_boards``): they differ only in where the candidate
boards come from. The budget counts engine calls, not seconds, so how far a board shrinks depends on the
board, the engine's answers and the budget, never on how loaded the machine is: the same board shrinks to
the same board twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..boards.fuzz_boards import Generated
from .runner import RunResult

# The engine calls a shrink may make by default (``--shrink-budget``).
DEFAULT_SHRINK_CALLS = 400

Candidates = Callable[[Mapping[str, Any]], Iterable[Mapping[str, Any]]]


@dataclass
class CallBudget:
    """The engine calls a shrink may make, and those it made; ``hit`` once a call was refused."""

    limit: int
    used: int = 0
    hit: bool = False

    def __post_init__(self) -> None:
        if self.limit < 0:
            raise ValueError(f"a shrink budget is a number of engine calls, 0 or more; got {self.limit}")

    def take(self, upto: int | None = None) -> bool:
        """One more engine call, if the budget (or the lower bound ``upto``) allows it."""
        if self.used >= min(self.limit, self.limit if upto is None else upto):
            self.hit = True
            return False
        self.used += 1
        return True


def shrink_greedy(
    start: Generated,
    start_result: RunResult,
    candidates: Candidates,
    complete_board: Callable[[Mapping[str, Any]], Generated | None],
    still_disagrees: Callable[[Generated], RunResult | None],
    budget: CallBudget,
) -> tuple[Generated, RunResult]:
    """The smallest board reached by taking, again and again, the first candidate that still disagrees the same
    way, until none does or the budget is spent (a candidate that is no board, ``complete_board`` None, costs
    no engine call)."""
    current, result = start, start_result
    progress = True
    while progress:
        progress = False
        for data in candidates(current.data):
            g = complete_board(data)
            if g is None:
                continue
            if not budget.take():
                return current, result
            r = still_disagrees(g)
            if r is not None:
                current, result = g, r
                progress = True
                break
    return current, result
