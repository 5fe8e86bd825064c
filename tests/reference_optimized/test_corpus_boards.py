"""The boards the fast path's equality tests compare on (``corpus_boards``): a step whose entering object's counters
depend on an order the case leaves open gives each outcome's board, none left out (613.7m, 614.12)."""

from __future__ import annotations

import pytest

from reference.case import board_at
from reference.entry import OpenEntryError
from reference.versions import builtin_versions

from ..builders import corpus_case
from .corpus_boards import every_board, step_boards

VERSIONS = builtin_versions()
OPEN = "entry-entering-creature-under-an-open-order-of-tied-effects"
LEAVING = "entry-tied-holders-leave-as-a-creature-enters"


def _lions(case_id: str, vid: str) -> list[tuple[tuple[str, int], ...]]:
    boards = step_boards(corpus_case(case_id), 2, VERSIONS[vid])
    return sorted(tuple((c.kind, c.count) for c in b.objects["lions"].counters) for b in boards)


def test_613_7m_614_12_an_open_entry_step_gives_the_board_of_each_order() -> None:
    """From Ixalan the Lions enters green with the Patron's counter or blue without it: both boards, where
    ``board_at`` refuses the step; before Ixalan neither order gives a counter: the step's one board."""
    with pytest.raises(OpenEntryError):
        board_at(corpus_case(OPEN), 2, VERSIONS["2025-08-01"])
    assert _lions(OPEN, "2025-08-01") == [(), (("+1/+1", 1),)]
    assert _lions(OPEN, "m10") == [()]


def test_613_7m_614_12_the_boards_of_a_step_whose_tied_holders_leave_in_it() -> None:
    """The Silencer and the Gifter leave as the Lions enters: one board with the counter, one without, in every era."""
    for vid in ("m10", "2025-08-01"):
        assert _lions(LEAVING, vid) == [(), (("+1/+1", 1),)]


def test_every_board_of_a_case_is_each_step_in_turn() -> None:
    """Step 1 (no entry) gives its one board, step 2 one per outcome."""
    boards = every_board(corpus_case(OPEN), VERSIONS["ikoria"])
    assert [n for n, _ in boards] == [1, 2, 2]
    assert boards[0][1] == board_at(corpus_case(OPEN), 1, VERSIONS["ikoria"])
