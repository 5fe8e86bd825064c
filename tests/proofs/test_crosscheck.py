"""The z3 cross-check: every corpus case verified, and "resolver == z3" on generated boards.

A generated board on which the two disagree is written to ``proofs/findings/`` as a
corpus-format case (the file is rewritten on every failing run, so after hypothesis
has shrunk the example it holds the minimal board), for review.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from mtg_layers.checking.results import board_result
from mtg_layers.checking.z3_crosscheck import check_board
from mtg_layers.corpus import case_from_data
from mtg_layers.corpus.serialise import FINDINGS_DIR, board_to_case, to_yaml
from reference.case import board_at
from reference.model import Board
from reference.resolver import resolve
from reference.versions import get_version

from .. import shared_results
from ..builders import corpus_case, corpus_entries
from ..schema_parts import checked_by_parts
from ..strategies import boards, versions

# z3 on every corpus case and version, and on hundreds of generated boards: the slow tier.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("case_id", [e.id for e in corpus_entries()])
def test_corpus_case_verified(case_id: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every corpus case, every declared version: z3 finds no other answer the rules allow.

    Since issue 28 the z3 side derives every step's board itself (proofs.steps) and reads every
    board and expectation of the corpus: no pair may be "not encoded" or "not encodable" (the
    names of the gaps, proofs.reads.OFF and NOT_MODELLED, appear in the info if one comes back).
    Each verdict is ``crosscheck_case(case, builtin_versions()[vid])``, computed once in the run and shared
    with the generated pages' tests (tests/shared_results.py), or read from the verdicts `mtg-layers verify`
    kept for these very files (mtg_layers.checking.z3_record: CI runs the README's verify first).
    """
    case = corpus_case(case_id)
    for vid in case.versions:
        status, info = shared_results.crosscheck(tmp_path_factory, case, vid)
        assert status == "verified", f"{vid}: {status}\n" + "\n".join(info)


def write_disagreement(
    board: Board,
    version: str,
    diffs: list[tuple[str, str, object, object]],
    order: list[str],
    name: str = "resolver-vs-z3-latest",
) -> Path:
    """Write a disagreement as a corpus case: z3's answer expected, the resolver's in the notes."""
    expect: dict[str, dict[str, object]] = {}
    for o, f, mine, _ in diffs:
        expect.setdefault(o, {})[f] = mine
    notes = [f"Generated board: the resolver and the z3 encoding disagree under {version}."]
    notes += [f"{o}.{f}: z3 {mine!r}, resolver {theirs!r}" for o, f, mine, theirs in diffs]
    notes.append("z3 order: " + ", ".join(order))
    data = board_to_case(board, "finding-" + version, f"resolver and z3 disagree ({version})", {version: expect}, notes)
    FINDINGS_DIR.mkdir(parents=True, exist_ok=True)
    path = FINDINGS_DIR / f"{name}.yaml"
    path.write_text(to_yaml(data), encoding="utf-8")
    return path


@settings(max_examples=max(300, settings.get_profile(settings.get_current_profile_name()).max_examples))
@given(boards(), versions)
def test_resolver_equals_z3(board: Board, version: str) -> None:
    """On a random board, no order the rules allow gives a result other than the resolver's."""
    check = check_board(board, get_version(version))
    if check.status == "counterexample" and check.diffs:
        path = write_disagreement(board, version, check.diffs, [f"{s}:{k}" for s, k in check.order])
        pytest.fail(f"disagreement written to {path}: " + "; ".join(check.info))
    assert check.status == "verified", check.info


@given(boards())
def test_serialised_board_round_trips(board: Board) -> None:
    """A board written as a case file and loaded back resolves exactly as before."""
    data = board_to_case(board, "round-trip", "round trip", {"ikoria": {}})
    with checked_by_parts():  # the JSON Schema pass part by part: the same problems (tests/schema_parts.py)
        loaded = board_at(case_from_data(data, "round-trip"), 1)
    v = get_version("ikoria")
    assert board_result(loaded, resolve(loaded, v).final) == board_result(board, resolve(board, v).final)
