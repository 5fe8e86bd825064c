"""Golden tests: every corpus case, step and declared rules version gives exactly its expected values."""

from __future__ import annotations

import pytest

from mtg_layers.checking.results import compare
from mtg_layers.checking.verify import resolve_step
from reference.case import Case
from reference.versions import builtin_versions

from ..builders import corpus

CASES = corpus()
PARAMS = [
    pytest.param(case, n, vid, id=f"{case.id}-step{n}-{vid}")
    for case in CASES
    for vid in case.versions
    for n in range(1, len(case.steps) + 1)
]


def test_corpus_is_not_empty() -> None:
    assert len(CASES) >= 1


@pytest.mark.parametrize(("case", "step", "version"), PARAMS)
def test_golden(case: Case, step: int, version: str) -> None:
    _, actual = resolve_step(case, step, builtin_versions()[version])
    expected = case.steps[step - 1].expect[version]
    assert compare(expected, actual) == []
    for oid, fields in expected.items():
        if fields.get("on_battlefield", True):
            assert oid in actual, f"{oid} is not on the battlefield"
