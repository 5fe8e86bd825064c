"""The cross-check driver: the resolver's answer set against the independent z3 encoding.

``proofs.crosscheck.check_answer`` asks z3 whether any order the rules allow gives
another final state than a given answer; this module supplies the answer, from the
reference resolver (or from any resolver, such as a mutant), case step by case step.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping

from proofs.crosscheck import TIMEOUT_MS, BoardCheck, check_answer
from proofs.reads import expectations_not_encoded
from reference.case import Case, board_at
from reference.model import Board, Characteristics
from reference.resolver import resolve
from reference.versions import RulesVersion

from .results import board_result

# A resolver: board and version -> final characteristics of every battlefield object.
Resolver = Callable[[Board, RulesVersion], Mapping[str, Characteristics]]


def reference_resolver(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """The resolver under test (reference.resolver.resolve), as a function of the board."""
    return resolve(board, version).final


def check_board(
    board: Board,
    version: RulesVersion,
    resolver: Resolver = reference_resolver,
    timeout_ms: int = TIMEOUT_MS,
) -> BoardCheck:
    """Cross-check one board under one version: the resolver's answer, then z3's verdict on it."""
    try:
        final = resolver(board, version)
    except Exception as exc:  # a resolver crash is a finding, not a pass
        return BoardCheck("resolver error", [f"{type(exc).__name__}: {exc}"])
    return check_answer(board, version, board_result(board, final), timeout_ms)


TIMED_OUT = "not verified (timeout)"


class BudgetExceeded(BaseException):
    """The wall-clock budget of one case's cross-check ran out (a BaseException: nothing may swallow it)."""


class Budget:
    """Whether a wall-clock budget has run out."""

    fired = False


@contextlib.contextmanager
def wall_clock_budget(seconds: float | None) -> Iterator[Budget]:
    """Raise BudgetExceeded in the main thread once ``seconds`` have passed (SIGALRM; no budget elsewhere).

    Building a large encoding is Python work that z3's own timeout does not cover; the alarm
    interrupts it. z3's solver calls keep their own timeout (``timeout_ms``), capped to the budget.
    The alarm rings again every 50 ms until the block ends, and ``fired`` is set, because an
    exception raised inside a ctypes call reaches the caller wrapped (ctypes.ArgumentError).
    """
    budget = Budget()
    usable = seconds is not None and seconds > 0 and threading.current_thread() is threading.main_thread()
    if not usable or not hasattr(signal, "setitimer"):
        yield budget
        return
    assert seconds is not None

    def ring(_signum: int, _frame: object) -> None:
        budget.fired = True
        raise BudgetExceeded

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.05)
    try:
        yield budget
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def crosscheck_case(case: Case, version: RulesVersion, budget_s: float | None = None) -> tuple[str, list[str]]:
    """Every step of a case under one version: "verified" only when every step is.

    With ``budget_s``, the whole case (every step) gets that many seconds of wall-clock time;
    past it the answer is ``"not verified (timeout)"``, never a hang.
    """
    info: list[str] = []
    statuses: list[str] = []
    began = time.monotonic()
    budget = Budget()
    try:
        with wall_clock_budget(budget_s) as budget:
            for n, step in enumerate(case.steps, start=1):
                board = board_at(case, n)
                timeout_ms = TIMEOUT_MS
                if budget_s is not None:
                    timeout_ms = max(1, min(TIMEOUT_MS, int((budget_s - (time.monotonic() - began)) * 1000)))
                check = check_board(board, version, timeout_ms=timeout_ms)
                unread = expectations_not_encoded(board, step.expect.get(version.id, {}))
                if unread and check.status == "verified":
                    check = BoardCheck("not encoded", [f"not encoded: {x}" for x in unread])
                statuses.append(check.status)
                if check.status != "verified":
                    info += [f"step {n}: {check.status}"] + [f"step {n}: {line}" for line in check.info]
    except BaseException:
        if not budget.fired:
            raise
        done = len(statuses)
        return TIMED_OUT, [*info, f"step {done + 1}: no answer within the budget of {budget_s:g} s per case"]
    for s in ("resolver error", "not encodable", "vacuous", "unknown", "counterexample", "not encoded"):
        if s in statuses:
            return s, info
    return "verified", info
