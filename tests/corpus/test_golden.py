"""Golden tests: every corpus case, step and declared rules version gives exactly its expected values."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_layers.checking.results import compare
from mtg_layers.checking.verify import resolve_step
from reference.versions import builtin_versions

from ..builders import corpus, corpus_case, corpus_entries, corpus_steps


def test_corpus_is_not_empty() -> None:
    assert len(corpus_entries()) >= 1


def test_the_cases_collected_are_the_cases_loaded() -> None:
    """The tests are parametrized by each file's id, versions and steps read without the loader (``CaseEntry``)."""
    assert [(e.id, e.path.name, e.versions, e.steps) for e in corpus_entries()] == [
        (c.id, Path(str(c.path)).name, c.versions, len(c.steps)) for c in corpus()
    ]


@pytest.mark.parametrize(("case_id", "step", "version"), corpus_steps())
def test_golden(case_id: str, step: int, version: str) -> None:
    case = corpus_case(case_id)
    _, actual = resolve_step(case, step, builtin_versions()[version])
    expected = case.steps[step - 1].expect[version]
    assert compare(expected, actual) == []
    for oid, fields in expected.items():
        if fields.get("on_battlefield", True):
            assert oid in actual, f"{oid} is not on the battlefield"
