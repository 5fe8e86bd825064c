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
from reference.case import board_at
from reference.effects import instruction
from reference.model import Board
from reference.operations import apply_instruction
from reference.resolver import resolve
from reference.versions import RulesVersion, builtin_versions, get_version
from reference_optimized import bookkeeping, reads
from reference_optimized import resolve as fast_resolve
from tests.strategies import boards, examples, versions

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
    quick = fast_resolve(board, version)
    assert quick.final == readable.final
    assert quick.edges == readable.edges
    assert quick.skipped == readable.skipped
    assert len(quick.steps) == len(readable.steps)
    for q, r in zip(quick.steps, readable.steps, strict=True):
        assert q == r
    assert quick == readable


@pytest.mark.parametrize(("case", "step", "vid"), PARAMS)
def test_corpus_case(case: object, step: int, vid: str) -> None:
    version = builtin_versions()[vid]
    assert_same(board_at(case, step, version), version)  # type: ignore[arg-type]


@given(board=boards(max_objects=4, max_effects=4, max_abilities=3), vid=versions)
def test_generated_board(board: Board, vid: str) -> None:
    assert_same(board, get_version(vid))


@pytest.mark.parametrize("name", ["mixed", "7c", "chain", "chain4", "touch", "count"])
def test_benchmark_board(name: str) -> None:
    import floor_ratio

    build = {
        "mixed": lambda: floor_ratio.mixed_board(60, 12),
        "7c": lambda: floor_ratio.mixed_board(60, 12, ("7c",)),
        "chain": lambda: floor_ratio.chain_board(6, 40),
        # more links than creatures: every creature holds several links (and layer 4: creature types)
        "chain4": lambda: floor_ratio.chain_board(12, 20, layer="4"),
        "touch": lambda: floor_ratio.touch_board(6, 30),
        "count": lambda: floor_ratio.count_board(6, 30),
    }[name]
    assert_same(build(), get_version("ikoria"))


def test_writes_table_covers_every_operation_in_the_corpus() -> None:
    """reads.WRITES must name every characteristic an operation changes (it lets trials be skipped)."""
    checked = 0
    for case in CASES:
        for vid in case.versions:
            version = builtin_versions()[vid]
            for n in range(1, len(case.steps) + 1):
                board = board_at(case, n, version)
                engine = bookkeeping.Incremental(board, version)
                for e in engine.effects_in_play():
                    for slot in version.slots:
                        for p in engine.parts(e, slot.id):
                            for t in sorted(engine.affected(e)):
                                instr = instruction(e, p, t, board, engine.state, version)
                                old = engine.state[t]
                                new = apply_instruction(old, instr, e.timestamp)
                                found: set[str] = set()
                                reads.changed_fields(old, new, found)
                                assert found <= reads.WRITES.get(p.op, reads.FIELDS), (case.id, p.op, found)
                                checked += 1
    assert checked > 100


@settings(max_examples=examples(60))
@given(st.data())
def test_writes_table_on_generated_boards(data: st.DataObject) -> None:
    board = data.draw(boards(max_objects=4, max_effects=4, max_abilities=3))
    version = get_version(data.draw(versions))
    engine = bookkeeping.Incremental(board, version)
    for e in engine.effects_in_play():
        for p in e.parts:
            for t in sorted(engine.state):
                instr = instruction(e, p, t, board, engine.state, version)
                old = engine.state[t]
                new = apply_instruction(old, instr, e.timestamp)
                found: set[str] = set()
                reads.changed_fields(old, new, found)
                assert found <= reads.WRITES.get(p.op, reads.FIELDS), (p.op, found)


def test_subtype_names_only_on_objects_that_fit() -> None:
    """205.3d: adding a creature type to an artifact that holds one (loaded so) drops it: B depends on A."""
    from tests.builders import make_board

    enchantment = {"controller": "p1", "types": ["enchantment"], "mana_value": 1}
    board = make_board(
        [
            {"id": "x", "name": "X", "timestamp": 10, "controller": "p1", "types": ["artifact"], "subtypes": ["elf"]},
            {"id": "a", "name": "A", "timestamp": 3, "abilities": ["artifacts are also goblins."], **enchantment},
            {"id": "b", "name": "B", "timestamp": 2, "abilities": ["elves are artifact creatures."], **enchantment},
        ],
        abilities=[
            {
                "text": "artifacts are also goblins.",
                "applies_to": {"type": "artifact"},
                "parts": [{"op": "add_subtypes", "subtypes": ["goblin"]}],
            },
            {
                "text": "elves are artifact creatures.",
                "applies_to": {"subtype": "elf"},
                "parts": [{"op": "add_types", "types": ["creature"]}],
            },
        ],
    )
    version = get_version("ikoria")
    assert [e.dependent for e in resolve(board, version).edges] == ["b:elves are artifact creatures."]
    assert_same(board, version)


def test_the_fast_path_knows_the_names_a_value_reads() -> None:
    """613.8a bookkeeping: a value's filters ask about these abilities by name, through sums and products."""
    flying = {"count": {"has_ability": "flying"}}
    reach = {"count": {"all": [{"type": "creature"}, {"has_ability": "reach"}]}}
    assert reads.value_ability_names(3) == frozenset()
    assert reads.value_ability_names(flying) == frozenset({"flying"})
    assert reads.value_ability_names({"times": [2, flying]}) == frozenset({"flying"})
    assert reads.value_ability_names({"sum": [flying, {"times": [-1, reach]}]}) == frozenset({"flying", "reach"})
    assert reads.value_ability_names({"its": "power"}) == frozenset()
    assert reads.value_ability_names({"counters": "+1/+1"}) is None  # read otherwise: recomputed on any change


def test_614_12_an_object_looked_at_as_it_enters_is_left_to_the_readable_resolver() -> None:
    """614.12: with an entering object, another permanent's anthem does not apply to it, on both paths."""
    from dataclasses import replace

    from tests.builders import creature, make_board

    anthem = "creatures you control get +1/+1."
    board = make_board(
        [creature("lord", 1, abilities=[anthem]), creature("bear", 2)],
        abilities=[{"text": anthem, "applies_to": {"type": "creature", "controller": "you"},
                    "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}],
    )  # fmt: skip
    entering = replace(board, entering="bear")
    version = get_version("ikoria")
    for resolved in (fast_resolve(entering, version), resolve(entering, version)):
        assert (resolved.final["bear"].power, resolved.final["lord"].power) == (2, 3)
    assert fast_resolve(board, version).final["bear"].power == 3
