"""The boards a corpus case's step can produce, for the fast path's equality tests to compare on every one.

Most steps build one board (``reference.case.board_at``). A step where an entering object's counters depend on an
order of tied effects the case leaves open (613.7m, 614.12) builds one board per outcome of the whole step
(``reference.entry.step_outcomes``: the counters and the board after the step read in one order, every order in
turn); ``board_at`` refuses such a step, and the tests compare the fast path on each of those boards instead.
"""

from __future__ import annotations

from reference.case import Case, board_at
from reference.entry import OpenEntryError, step_outcomes
from reference.model import Board
from reference.versions import RulesVersion


def step_boards(case: Case, step: int, version: RulesVersion) -> tuple[Board, ...]:
    """613.7m, 614.12: every board ``step`` of ``case`` can produce: its one board, or each outcome's board where an
    entry depends on an order the case leaves open (every order tried, else an error: none is left out)."""
    try:
        return (board_at(case, step, version),)
    except OpenEntryError:
        boards, found = step_outcomes(case, step, version)
        if not found.complete:
            raise
        return boards


def last_boards(case: Case, version: RulesVersion) -> tuple[Board, ...]:
    """613.7m, 614.12: every board the last step of ``case`` can produce (``step_boards``)."""
    return step_boards(case, len(case.steps), version)


def every_board(case: Case, version: RulesVersion) -> list[tuple[int, Board]]:
    """613.7m, 614.12: each step's number with every board it can produce (``step_boards``), step by step."""
    return [(n, b) for n in range(1, len(case.steps) + 1) for b in step_boards(case, n, version)]
