"""The order of the tests in a run (tests/conftest.py).

``slow_tier_first``, the whole suite's run: each xdist worker gets its share of the slow tier at the head of the
slice ``--dist worksteal`` first hands it, then quick tests.

Before, the whole slow tier stood at the head of the list, so the first worker's slice held it all: it ran the
six parts of the mutation sample one after another (about 700 s on a loaded machine) while the other worker ran
every quick test and then took quick tests from the back of its queue.

``sample_order``, a mutant's run in the CI mutation sample: unit tests, then families of many, then properties.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from .conftest import BULK, sample_order, slow_tier_first


class _Item:
    def __init__(self, name: str, slow: bool) -> None:
        self.name, self.slow = name, slow

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "slow" and self.slow else None


def _items(slow: int, quick: int) -> list[pytest.Item]:
    made = [_Item(f"s{i}", True) for i in range(slow)] + [_Item(f"q{i}", False) for i in range(quick)]
    return cast(list[pytest.Item], made)


def _names(items: list[pytest.Item]) -> list[str]:
    return [i.name for i in items]


def _first_hand_out(items: list[pytest.Item], workers: int) -> list[list[str]]:
    """The slices worksteal hands out first (xdist 3.8, ``check_schedule``): the items left split evenly."""
    names, out = _names(items), []
    for k in range(workers):
        n = len(names) // (workers - k)
        out.append(names[:n])
        names = names[n:]
    return out


def test_one_worker_runs_the_slow_tier_first_each_tier_in_its_order() -> None:
    items = _items(3, 4)
    assert _names(slow_tier_first(list(reversed(items)), 1)) == ["s2", "s1", "s0", "q3", "q2", "q1", "q0"]


def test_two_workers_each_start_with_half_of_the_slow_tier_the_second_from_its_end() -> None:
    items = _items(6, 10)
    slices = _first_hand_out(slow_tier_first(items, 2), 2)
    assert slices == [
        ["s0", "s2", "s4", "q0", "q1", "q2", "q3", "q4"],
        ["s5", "s3", "s1", "q5", "q6", "q7", "q8", "q9"],
    ]


def test_three_workers_share_the_slow_tier_and_every_test_runs_once() -> None:
    items = _items(7, 11)
    ordered = slow_tier_first(items, 3)
    assert sorted(_names(ordered)) == sorted(_names(items))
    slices = _first_hand_out(ordered, 3)
    assert [s[:3] for s in slices] == [["s0", "s3", "s6"], ["s4", "s1", "q3"], ["s2", "s5", "q7"]]
    assert [len(s) for s in slices] == [6, 6, 6]


def test_a_slow_tier_larger_than_the_slices_keeps_every_test() -> None:
    items = _items(9, 1)
    ordered = slow_tier_first(items, 2)
    assert sorted(_names(ordered)) == sorted(_names(items))
    assert _names(ordered)[:5] == ["s0", "s2", "s4", "s6", "s8"]


class _Test:
    """A collected test as ``sample_order`` reads it: its file, its function, whether hypothesis drives it."""

    def __init__(self, path: str, function: str, param: int | None = None, generates: bool = False) -> None:
        self.path = Path(path)
        self.originalname = function
        self.name = function if param is None else f"{function}[{param}]"
        self.obj = SimpleNamespace(is_hypothesis_test=generates)


def test_the_sample_runs_unit_tests_own_file_first_then_families_of_many_then_properties() -> None:
    """A mutant of ``reference_optimized.bookkeeping``: before, its file's 5,600 corpus boards ran before another
    file's unit test (test_witnesses.py) that kills ``_gone_after``'s mutant 9 (194 s, then 11 s, under load)."""
    own, near = "tests/reference_optimized/test_bookkeeping.py", "tests/reference_optimized/test_witnesses.py"
    tests = [
        _Test(own, "test_unit_a"),
        *(_Test(own, "test_corpus_case", k) for k in range(BULK + 1)),
        _Test(own, "test_generated", generates=True),
        _Test(own, "test_unit_b"),
        _Test(near, "test_property", generates=True),
        *(_Test(near, "test_few", k) for k in range(BULK)),
        _Test(near, "test_unit_c"),
    ]
    items = cast(list[pytest.Item], tests)
    key = sample_order("reference_optimized.bookkeeping.xǁIncrementalǁ_gone_after__mutmut_9", items)
    ordered = [i.name for i in sorted(items, key=key)]
    few = [f"test_few[{k}]" for k in range(BULK)]  # BULK of one function: not a family of many
    corpus = [f"test_corpus_case[{k}]" for k in range(BULK + 1)]
    assert ordered == ["test_unit_a", "test_unit_b", *few, "test_unit_c", *corpus, "test_generated", "test_property"]
