"""What ``proofs.encoding.Encoding`` keeps of the formulas it built is what building them again gives.

The encoding keeps formulas by what they read (``Encoding._recall``: an effect's view, its 613.7 comparisons, filters,
values, APNAP places) and reads a view after a trial application from the view before it (``_view_after``). With
``remember`` off every formula is built again from its inputs; z3 shares equal terms, so the two builds must give the
very same constraints and final states, term by term. The boards: the corpus's open-entry case of tied losses and
gifts (every step, under an order of each class ``verify`` tries), a board whose values count other objects, one whose
words a text change rewrites, a dependency loop, a control change that moves a dependency and one that moves a
condition's reading of "you".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from benchmarks.held_losses_step import case_data
from benchmarks.held_losses_step_z3 import held_only
from mtg_layers.checking.z3_crosscheck import open_entry_cases
from mtg_layers.corpus import case_from_data
from proofs.encoding import Encoding
from proofs.state import TRUE, Obj, is_true, real, same_term
from reference.case import board_at
from reference.model import Board
from reference.versions import RulesVersion, get_version

from ..builders import corpus_case


class Unkept(Encoding):
    """The encoding with every formula built again where the real one gives the kept one."""

    remember = False


def _same_build(board: Board, version: RulesVersion) -> int:
    """Build the board both ways; assert the constraints and the final states are the same terms; their count."""
    kept, again = Encoding(board, version), Unkept(board, version)
    assert len(kept.constraints) == len(again.constraints)
    for x, y in zip(kept.constraints, again.constraints, strict=True):
        assert same_term(x, y), f"{x} against {y}"
    assert kept.final.keys() == again.final.keys()
    for o, ch in kept.final.items():
        other: Obj = again.final[o]
        assert ch.v.keys() == other.v.keys()
        assert all(same_term(t, other.v[k]) for k, t in ch.v.items()), o
    return len(kept.constraints)


@pytest.mark.slow  # about 12 s of CPU: the open-entry listing and the unkept build of two boards of 15 positions
def test_the_held_green_boards_are_built_alike_with_or_without_what_is_kept() -> None:
    """613.7m, 614.12: the open-entry case's two boards under the first order ``verify`` tries, current rules: tied
    losses and gifts of abilities by positions, a granted ability's view changing from one position to the next."""
    version = get_version("2025-08-01")
    case = corpus_case("entry-tied-losses-beside-a-gift-reach-a-held-green")
    opened = open_entry_cases(case, version)
    assert opened is not None
    one = opened[1][0]
    assert all(_same_build(board_at(one, n, version), version) > 100 for n in (1, 2))


def test_a_held_loss_of_flying_is_built_alike_with_or_without_what_is_kept() -> None:
    """613.1f, 613.7: tied losses and gifts beside the Cub's own "this creature loses flying." (never granted: its
    view's timestamp changes from one position to the next while whether it was granted stays false)."""
    data = held_only(case_data(2, "loss"))
    version = get_version("2025-08-01")
    assert _same_build(board_at(case_from_data(data, "held.yaml"), 1, version), version) > 100


def test_a_kept_view_is_read_again_when_its_lock_changes() -> None:
    """613.6: an effect's view reads its lock (what it had when it started to apply): the same state under another
    lock is another view."""
    version = get_version("2025-08-01")
    case = corpus_case("entry-tied-losses-beside-a-gift-reach-a-held-green")
    enc = Encoding(board_at(case, 1, version), version)
    e = next(x for x in enc.effects if x.key.startswith("husher:"))
    st = enc.initial
    enc.view(e, st)
    lock = enc.locks[e.key]
    enc.locks[e.key] = replace(lock, started=TRUE, targets=dict.fromkeys(lock.targets, TRUE), ts=real(7))
    again, built = enc.view(e, st), enc._view_now(e, st)
    assert same_term(again.live, built.live) and same_term(again.ts, built.ts)
    assert all(same_term(again.targets[o], t) for o, t in built.targets.items())
    assert is_true(again.targets["patron"])  # locked in: the lock's objects, not the filter's


@pytest.mark.parametrize(
    "cid",
    [
        "regression-cda-by-how-held-boneyard-wurm-svogthos",
        "ruling-artificial-evolution-lord-of-atlantis-plurals",
        "ruling-dependency-loop-member-waits-for-outside-effect",
        "regression-control-step-gives-the-giver-to-p3-and-ends-a-dependency",
        "model-heliod-devotion-condition-after-control-change",
    ],
)
def test_corpus_boards_are_built_alike_with_or_without_what_is_kept(cid: str) -> None:
    """611.3a, 612, 613.1b, 613.7, 613.8: every step of the case under its last rules version and its first."""
    case = corpus_case(cid)
    for vid in dict.fromkeys((case.versions[-1], case.versions[0])):
        version = get_version(vid)
        for n in range(1, len(case.steps) + 1):
            _same_build(board_at(case, n, version), version)
