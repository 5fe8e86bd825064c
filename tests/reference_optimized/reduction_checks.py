"""What every test of a tie-order reduction asserts: it reaches exactly the outcomes of trying every order."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume

from reference.choices import Outcomes, outcomes
from reference.frozen import FrozenMap
from reference.model import Board
from reference.resolver import Resolution
from reference.resolver import resolve as readable_resolve
from reference.versions import RulesVersion
from reference_optimized import distinct_outcomes
from reference_optimized import resolve as fast_resolve


def outcome_keys(found: Outcomes) -> set[object]:
    """The outcomes as values: every object's final characteristics (who granted an ability aside, and the record of
    the text changes made, 612.1: their result is in the wordings and subtypes compared, and two orders of changes
    that commute give one outcome with either record, ``reference.choices._as_seen``)."""
    return {
        tuple(sorted((i, replace(ch, granted=FrozenMap(), text_changes=())) for i, ch in o.final.items()))
        for o in found.outcomes
    }


def every_orders_outcomes(board: Board, version: RulesVersion, limit: int) -> Outcomes:
    """613.7m: ``reference.choices.outcomes`` trying every order, each resolution by the incremental bookkeeping
    (``reference_optimized.resolve``: the same results and traces as the readable one, tests/reference_optimized/
    test_bookkeeping.py; about twice as fast on these boards, and the enumeration is most of a reduction test's
    time). So that these boards still check the two bookkeepings alike, the board that first led to each outcome is
    resolved again by the readable resolver (``reference.resolver.resolve``): the same resolution (final state,
    ties and traces)."""
    asked: dict[int, tuple[Resolution, Board]] = {}

    def recorded(b: Board, v: RulesVersion) -> Resolution:
        res = fast_resolve(b, v)
        asked[id(res)] = (res, b)
        return res

    every = outcomes(board, version, limit=limit, resolver=recorded)
    for o in every.outcomes:
        res, asked_board = asked[id(o.resolution)]
        assert res is o.resolution
        assert readable_resolve(asked_board, version) == res, ("the two bookkeepings differ", asked_board.tie_order)
    return every


def assert_reduction_reaches_every_orders_outcomes(board: Board, version: RulesVersion, limit: int = 1500) -> None:
    """613.7m: the reduced orders reach exactly every order's outcomes, complete, with no more resolutions,
    and the same ties matter (a board whose every-order enumeration does not finish is not judged)."""
    every = every_orders_outcomes(board, version, limit)
    assume(every.complete)
    fewer = distinct_outcomes(board, version, limit=limit)
    assert fewer.complete
    assert outcome_keys(fewer) == outcome_keys(every)
    assert fewer.runs <= every.runs
    assert {t.candidates for t in fewer.mattering} == {t.candidates for t in every.mattering}
