"""Metamorphic properties of the resolver on generated boards (hypothesis, fixed seed in CI).

Permuting the input order of objects and effects, renaming ids, and shifting every
timestamp by a constant never change the result.
"""

from __future__ import annotations

import importlib.util
import random
from dataclasses import replace
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from reference.model import Board, Counter
from reference.resolver import resolve
from reference.results import board_result
from reference.versions import builtin_versions

_spec = importlib.util.spec_from_file_location("bench", Path(__file__).parent.parent / "benchmarks" / "resolve.py")
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

boards = st.builds(bench.board, st.integers(1, 7), st.integers(1, 8), st.integers(0, 10**6))
versions = st.sampled_from(sorted(builtin_versions()))


def result(board: Board, vid: str) -> dict[str, dict[str, object]]:
    return board_result(board, resolve(board, builtin_versions()[vid]).final)


@given(boards, versions, st.randoms(use_true_random=False))
def test_input_order_does_not_matter(board: Board, vid: str, rnd: random.Random) -> None:
    objects = list(board.objects.items())
    effects = list(board.effects)
    rnd.shuffle(objects)
    rnd.shuffle(effects)
    shuffled = Board(objects=dict(objects), effects=tuple(effects), abilities=board.abilities)
    assert result(shuffled, vid) == result(board, vid)


@given(boards, versions, st.integers(-1000, 1000))
def test_shifting_every_timestamp_does_not_matter(board: Board, vid: str, shift: int) -> None:
    objects = {
        i: replace(
            o,
            timestamp=o.timestamp + shift,
            counters=tuple(Counter(c.kind, c.count, c.timestamp + shift) for c in o.counters),
        )
        for i, o in board.objects.items()
    }
    effects = tuple(replace(e, timestamp=e.timestamp + shift) for e in board.effects)
    assert result(Board(objects, effects, board.abilities), vid) == result(board, vid)


@given(boards, versions)
def test_renaming_ids_does_not_matter(board: Board, vid: str) -> None:
    rename = {i: f"renamed-{n:03d}-{i[::-1]}" for n, i in enumerate(sorted(board.objects, reverse=True))}
    objects = {
        rename[i]: replace(o, id=rename[i], attached_to=rename.get(o.attached_to or ""))
        for i, o in board.objects.items()
    }
    effects = tuple(
        replace(e, id=f"x-{e.id}", applies_to=tuple(rename[t] for t in e.applies_to)) for e in board.effects
    )
    renamed = result(Board(objects, effects, board.abilities), vid)
    original = result(board, vid)
    for i, r in original.items():
        got = dict(renamed[rename[i]])
        got["name"] = r["name"]  # names are ids in the generated boards
        assert got == r
