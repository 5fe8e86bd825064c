"""What every test of a tie-order reduction asserts: it reaches exactly the outcomes of trying every order."""

from __future__ import annotations

from dataclasses import fields, replace

from hypothesis import assume

from reference.choices import LIMIT, Outcomes, outcomes
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


# The oracle's resolutions of its last board, for the reduced run on that board (``reduced_outcomes``): the board
# and version asked (by identity), and each resolution by what ``reference.choices.outcomes`` varies from one
# branch to the next (the recorded order and the game's turn order).
_kept: list[tuple[Board, RulesVersion, dict[tuple[object, object], Resolution]]] = []


_BRANCHED = ("tie_order", "game")  # the fields ``reference.choices.outcomes`` varies from one branch to the next


def _branch_key(asked: Board, board: Board) -> tuple[object, object] | None:
    """What tells ``asked``, a board ``reference.choices.outcomes`` resolves for ``board``, from its other branches:
    its tie order and game (None when any other field of ``Board`` is not ``board``'s own: the same object, or
    equal)."""
    same = all(
        (mine := getattr(asked, f.name)) is (theirs := getattr(board, f.name)) or mine == theirs
        for f in fields(Board)
        if f.name not in _BRANCHED
    )
    return (asked.tie_order, asked.game) if same else None


def every_orders_outcomes(board: Board, version: RulesVersion, limit: int) -> Outcomes:
    """613.7m: ``reference.choices.outcomes`` trying every order, each resolution by the incremental bookkeeping
    (``reference_optimized.resolve``: the same results and traces as the readable one, tests/reference_optimized/
    test_bookkeeping.py; about twice as fast on these boards, and the enumeration is most of a reduction test's
    time). So that these boards still check the two bookkeepings alike, the board that first led to each outcome is
    resolved again by the readable resolver (``reference.resolver.resolve``): the same resolution (final state,
    ties and traces)."""
    asked: dict[int, tuple[Resolution, Board]] = {}
    kept: dict[tuple[object, object], Resolution] = {}
    _kept[:] = [(board, version, kept)]

    def recorded(b: Board, v: RulesVersion) -> Resolution:
        res = fast_resolve(b, v)
        asked[id(res)] = (res, b)
        key = _branch_key(b, board)
        if key is not None:
            kept[key] = res
        return res

    every = outcomes(board, version, limit=limit, resolver=recorded)
    for o in every.outcomes:
        res, asked_board = asked[id(o.resolution)]
        assert res is o.resolution
        assert readable_resolve(asked_board, version) == res, ("the two bookkeepings differ", asked_board.tie_order)
    return every


def reduced_outcomes(board: Board, version: RulesVersion, limit: int = LIMIT) -> Outcomes:
    """613.7m: ``reference_optimized.distinct_outcomes`` with its own resolver (``reference_optimized.resolve``),
    except that a board the last ``every_orders_outcomes`` (on this very board and version) already resolved is not
    resolved again: its resolution is reused. The resolver is a function of the board, so the outcomes, ties and
    runs are the same; the reduction still chooses every order it tries (those every order tried too are most of
    them: each recorded order is one of every order's)."""
    kept = next((k for b, v, k in _kept if b is board and v is version), {})

    def resolving(b: Board, v: RulesVersion) -> Resolution:
        key = _branch_key(b, board)
        res = kept.get(key) if key is not None and v is version else None
        return fast_resolve(b, v) if res is None else res

    return distinct_outcomes(board, version, limit, resolving)


def assert_reduction_reaches_every_orders_outcomes(board: Board, version: RulesVersion, limit: int = 1500) -> None:
    """613.7m: the reduced orders reach exactly every order's outcomes, complete, with no more resolutions,
    and the same ties matter (a board whose every-order enumeration does not finish is not judged)."""
    every = every_orders_outcomes(board, version, limit)
    assume(every.complete)
    fewer = reduced_outcomes(board, version, limit)
    assert fewer.complete
    assert outcome_keys(fewer) == outcome_keys(every)
    assert fewer.runs <= every.runs
    assert {t.candidates for t in fewer.mattering} == {t.candidates for t in every.mattering}
