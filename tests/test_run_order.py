"""The order of a mutant's tests in the CI mutation sample (tests/conftest.py, ``sample_order``): unit tests, then
families of many parametrized tests, then property tests; within each, the quick tests before the ones marked slow,
then the mutated module's own file first."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from .conftest import BULK, sample_order


class _Test:
    """A collected test as ``sample_order`` reads it: its file, its function, whether hypothesis drives it, whether
    it is marked slow."""

    def __init__(
        self, path: str, function: str, param: int | None = None, generates: bool = False, slow: bool = False
    ) -> None:
        self.path = Path(path)
        self.originalname = function
        self.name = function if param is None else f"{function}[{param}]"
        self.obj = SimpleNamespace(is_hypothesis_test=generates)
        self.slow = slow

    def get_closest_marker(self, name: str) -> object | None:
        return pytest.mark.slow.mark if name == "slow" and self.slow else None


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


def test_the_sample_runs_another_files_quick_unit_tests_before_its_own_files_slow_ones() -> None:
    """A mutant of ``step_orders.BoardOrders._orders`` (mutant 4): a quick unit test of test_step_orders_events.py
    kills it, and before, the slow every-order tests of test_step_orders.py ran first (185.6 s under load)."""
    own, near = "tests/reference_optimized/test_step_orders.py", "tests/reference_optimized/test_step_orders_events.py"
    tests = [
        _Test(own, "test_every_order_at_eight", slow=True),
        _Test(own, "test_quick_own"),
        _Test(near, "test_slow_near", slow=True),
        _Test(near, "test_quick_near"),
        _Test(own, "test_slow_property", generates=True, slow=True),
        _Test(near, "test_quick_property", generates=True),
    ]
    items = cast(list[pytest.Item], tests)
    key = sample_order("reference_optimized.step_orders.xǁBoardOrdersǁ_orders__mutmut_4", items)
    ordered = [i.name for i in sorted(items, key=key)]
    assert ordered == [
        "test_quick_own",
        "test_quick_near",
        "test_every_order_at_eight",
        "test_slow_near",
        "test_quick_property",
        "test_slow_property",
    ]
