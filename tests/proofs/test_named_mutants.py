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

from mtg_layers.checking.misreadings import EXTRA_MUTANTS, MUTANTS, Resolver
from mtg_layers.checking.mutation_campaign import read_results
from mtg_layers.checking.mutation_report import GoldenBoards, golden_boards, named_mutant_catchers
from mtg_layers.checking.results import board_result
from mtg_layers.checking.z3_crosscheck import check_board, reference_resolver
from reference.model import Board
from reference.versions import RulesVersion, builtin_versions, get_version

from ..builders import corpus, loop_waiting_for_a_later_effect
from ..reference_optimized.corpus_boards import every_board
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


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_mutant_is_caught(name: str) -> None:
    """The cross-check reports a counterexample for the mutant on some corpus case or generated board."""
    mutant = MUTANTS[name]
    versions = builtin_versions()
    for case in corpus():
        for vid in case.versions:
            for _, board in every_board(case, versions[vid]):  # 613.7m, 614.12: each board an open entry step gives
                if _caught(board, versions[vid], mutant):
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


@pytest.mark.parametrize("name", sorted({**MUTANTS, **EXTRA_MUTANTS}))
def test_the_stored_corpus_cases_catching_each_named_mutant_are_current(name: str) -> None:
    """The Proofs page lists, per named mutant, the corpus cases whose golden answers it gets wrong (issue 18).

    The list is stored in mtg_layers/data/mutation-results.json (``benchmarks/mutation.py --named``).
    """
    assert read_results()["named_mutants"][name] == named_mutant_catchers(name, _golden_boards())
