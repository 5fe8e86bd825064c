"""The order of a mutant's tests in the CI mutation sample (tests/conftest.py, ``sample_order``): unit tests, then
families of many parametrized tests, then property tests; within each, the mutated module's own file first."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from .conftest import BULK, sample_order


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
