"""The fast path (reference.fast) gives the readable resolver's results and traces, exactly.

Every corpus case, step and declared version, generated boards, and the benchmark boards;
and the table of what each operation writes is checked against the operations themselves.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_layers.corpus import load_corpus
from reference import fast
from reference.case import board_at
from reference.effects import instruction
from reference.model import Board
from reference.operations import apply_instruction
from reference.resolver import resolve
from reference.versions import RulesVersion, builtin_versions, get_version
from tests.strategies import boards, versions

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

CASES = load_corpus()
PARAMS = [
    pytest.param(case, n, vid, id=f"{case.id}-step{n}-{vid}")
    for case in CASES
    for vid in case.versions
    for n in range(1, len(case.steps) + 1)
]


def assert_same(board: Board, version: RulesVersion) -> None:
    readable = resolve(board, version)
    quick = fast.resolve(board, version)
    assert quick.final == readable.final
    assert quick.edges == readable.edges
    assert quick.skipped == readable.skipped
    assert len(quick.steps) == len(readable.steps)
    for q, r in zip(quick.steps, readable.steps, strict=True):
        assert q == r
    assert quick == readable


@pytest.mark.parametrize(("case", "step", "vid"), PARAMS)
def test_corpus_case(case: object, step: int, vid: str) -> None:
    assert_same(board_at(case, step), builtin_versions()[vid])  # type: ignore[arg-type]


@given(board=boards(max_objects=4, max_effects=4, max_abilities=3), vid=versions)
def test_generated_board(board: Board, vid: str) -> None:
    assert_same(board, get_version(vid))


@pytest.mark.parametrize("name", ["mixed", "7c", "chain", "touch", "count"])
def test_benchmark_board(name: str) -> None:
    import floor_ratio

    build = {
        "mixed": lambda: floor_ratio.mixed_board(60, 12),
        "7c": lambda: floor_ratio.mixed_board(60, 12, ("7c",)),
        "chain": lambda: floor_ratio.chain_board(6, 40),
        "touch": lambda: floor_ratio.touch_board(6, 30),
        "count": lambda: floor_ratio.count_board(6, 30),
    }[name]
    assert_same(build(), get_version("ikoria"))


def test_writes_table_covers_every_operation_in_the_corpus() -> None:
    """fast.WRITES must name every characteristic an operation changes (it lets trials be skipped)."""
    checked = 0
    for case in CASES:
        for vid in case.versions:
            version = builtin_versions()[vid]
            for n in range(1, len(case.steps) + 1):
                board = board_at(case, n)
                engine = fast.Engine(board, version)
                for e in engine.effects_in_play():
                    for slot in version.slots:
                        for p in engine.parts(e, slot.id):
                            for t in sorted(engine.affected(e)):
                                instr = instruction(e, p, t, board, engine.state, version)
                                old = engine.state[t]
                                new = apply_instruction(old, instr, e.timestamp)
                                found: set[str] = set()
                                fast.changed_fields(old, new, found)
                                assert found <= fast.WRITES.get(p.op, fast.FIELDS), (case.id, p.op, found)
                                checked += 1
    assert checked > 100


@settings(max_examples=60)
@given(st.data())
def test_writes_table_on_generated_boards(data: st.DataObject) -> None:
    board = data.draw(boards(max_objects=4, max_effects=4, max_abilities=3))
    version = get_version(data.draw(versions))
    engine = fast.Engine(board, version)
    for e in engine.effects_in_play():
        for p in e.parts:
            for t in sorted(engine.state):
                instr = instruction(e, p, t, board, engine.state, version)
                old = engine.state[t]
                new = apply_instruction(old, instr, e.timestamp)
                found: set[str] = set()
                fast.changed_fields(old, new, found)
                assert found <= fast.WRITES.get(p.op, fast.FIELDS), (p.op, found)
