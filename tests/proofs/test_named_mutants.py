"""Every mutant (a resolver with one rule broken, mtg_layers.checking.misreadings) is caught by the z3 cross-check.

A board on which the mutant's answer equals the reference resolver's cannot catch it, so
the search only sends boards where the two answers differ to z3; the assertion is that z3
then reports a counterexample (it finds an order the rules allow whose result is not the
mutant's), on a corpus case or, failing that, on generated boards.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, find, settings

import reference.resolver
from mtg_layers.checking.misreadings import EXTRA_MUTANTS, MUTANTS, Resolver
from mtg_layers.checking.mutation_campaign import read_results
from mtg_layers.checking.mutation_report import (
    GoldenBoards,
    GoldenReach,
    golden_boards,
    golden_reach,
    named_mutant_catchers,
)
from mtg_layers.checking.results import board_result
from mtg_layers.checking.z3_crosscheck import check_board, reference_resolver
from reference.model import Board
from reference.versions import RulesVersion, builtin_versions, get_version

from .. import session_shared
from ..builders import corpus, loop_waiting_for_a_later_effect
from ..strategies import boards

# Each named mutant against the whole corpus (and generated boards) under z3: the slow tier.
pytestmark = pytest.mark.slow


def witness_boards() -> list[Board]:
    """Hand-made boards for rules the corpus does not stress (each documented)."""
    # 613.8b: a loop (A <-> B) waits for C, an outside effect with a later timestamp.
    # Rules: C, then A, then B: 5/5. Collapsing the layer to timestamp order: A, B, C: 3/5.
    return [loop_waiting_for_a_later_effect()]


def _differs(board: Board, version: RulesVersion, mutant: Resolver) -> bool:
    try:
        mine = board_result(board, mutant(board, version))
    except Exception:
        return False
    return mine != board_result(board, reference_resolver(board, version))


def _caught(board: Board, version: RulesVersion, mutant: Resolver) -> bool:
    return _differs(board, version, mutant) and check_board(board, version, resolver=mutant).status == "counterexample"


# The reference resolver's result on each golden board (by case and board index): the same for every mutant, so
# computed once per process, when a mutant's search first reaches the board.
_REFERENCE: dict[tuple[int, int], object] = {}


def _caught_golden(i: int, j: int, mutant: Resolver) -> bool:
    """``_caught`` on the golden board ``j`` of case ``i``: the reference resolver's result read back from
    ``_REFERENCE``, and the mutant run once, its answer handed to the cross-check (the very answer
    ``check_board(board, version, resolver=mutant)`` gets by running the mutant again on the board)."""
    version, board, _ = _golden_boards()[i][1][j]
    try:
        final = mutant(board, version)
        mine = board_result(board, final)
    except Exception:
        return False
    if (i, j) not in _REFERENCE:
        _REFERENCE[(i, j)] = board_result(board, reference_resolver(board, version))
    if mine == _REFERENCE[(i, j)]:
        return False
    return check_board(board, version, resolver=lambda _b, _v: final).status == "counterexample"


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_mutant_is_caught(name: str, known: GoldenReach) -> None:
    """The cross-check reports a counterexample for the mutant on some corpus case or generated board.

    A golden board the mutant skips (``known``: its correct run calls none of the functions the mutant replaces, and
    the mutant does nothing else) is one where the mutant's run is the correct run (``GoldenReach``), so its answer
    is the reference resolver's and ``_caught_golden`` says False there: it is not resolved again.
    """
    mutant = MUTANTS[name]
    versions = builtin_versions()
    replaced = known.replaced[name]
    for i, (_, steps) in enumerate(_golden_boards()):  # every case, version and step (an open entry: each order's)
        for j in range(len(steps)):
            if not known.skips(replaced, i, j) and _caught_golden(i, j, mutant):
                return
    for board in witness_boards():
        for version in versions.values():
            if _caught(board, version, mutant):
                return
    v = get_version("ikoria")
    found = find(
        boards(),
        lambda b: _caught(b, v, mutant),
        settings=settings(max_examples=2000, derandomize=True, database=None, suppress_health_check=list(HealthCheck)),
    )
    assert found is not None


@functools.cache
def _golden_boards() -> GoldenBoards:
    """The corpus's boards and expected answers, built once per process for every named mutant."""
    return golden_boards(corpus())


NAMED = sorted({**MUTANTS, **EXTRA_MUTANTS})


@pytest.fixture(scope="module")
def known(tmp_path_factory: pytest.TempPathFactory) -> GoldenReach:
    """``golden_reach`` of the golden boards for every named mutant: once per test run, shared by the workers."""
    data = session_shared.once_json(
        tmp_path_factory, "golden-reach.json", lambda: golden_reach(_golden_boards(), NAMED).as_json()
    )
    return GoldenReach.from_json(data)


@pytest.mark.parametrize("name", NAMED)
def test_the_stored_corpus_cases_catching_each_named_mutant_are_current(name: str, known: GoldenReach) -> None:
    """The Proofs page lists, per named mutant, the corpus cases whose golden answers it gets wrong (issue 18).

    The list is stored in mtg_layers/data/mutation-results.json (``benchmarks/mutation.py --named``). The mutant
    resolves only the golden boards whose correct run calls something it replaces (``known``; the others' answers
    are the correct run's: ``GoldenReach``, tested below).
    """
    assert read_results()["named_mutants"][name] == named_mutant_catchers(name, _golden_boards(), known)


# How many of the golden boards a mutant skips (spread over them) it resolves in the test of the shortcut.
TRIED = 8


def test_a_golden_board_a_named_mutant_skips_is_resolved_by_it_as_by_the_correct_rules(known: GoldenReach) -> None:
    """``named_mutant_catchers``' shortcut: on a golden board whose correct run calls none of the functions a named
    mutant replaces, the mutant's answer is the correct one (and the correct answers pass the golden boards, so
    the shortcut's verdict there is the mutant's own: not caught). Checked on ``TRIED`` boards each mutant skips,
    spread over them; each mutant that only replaces functions skips some boards and runs the others; the mutants
    whose blocks change the rules version (or anything else) skip none."""
    skipping = {n for n, names in known.replaced.items() if names is not None}
    assert skipping and skipping != set(NAMED), "some named mutants only replace functions, some do more"
    assert not any(any(case) for case in known.wrong), "the correct rules pass every golden board"
    flat = [(i, j) for i, (_, steps) in enumerate(_golden_boards()) for j in range(len(steps))]
    tried = 0
    for name in NAMED:
        skipped = [(i, j) for i, j in flat if known.skips(known.replaced[name], i, j)]
        if name not in skipping:
            assert not skipped, name
            continue
        assert len(skipped) < len(flat), f"{name}: the correct runs call what it replaces somewhere"
        mutant = {**MUTANTS, **EXTRA_MUTANTS}[name]
        for i, j in skipped[:: max(1, len(skipped) // TRIED)]:
            version, board, _ = _golden_boards()[i][1][j]
            correct = reference.resolver.resolve(board, version).final
            assert board_result(board, mutant(board, version)) == board_result(board, correct), (name, i, j)
            tried += 1
    assert tried, "some named mutant skips some golden board"
