"""Issue 29, each change proved observable: a corpus case whose answer differs the day before and the day of it.

For each dated change of reference/profiles/dated.json that sets a flag, and each change of the
layers (reference.history.LAYER_ENTRIES), some case step declares a version with the rules of the
day before and one with the rules of the day, and expects different answers (or outcomes) under
them; the golden tests check those answers. A change with no such case is listed in
NOT_OBSERVABLE with the reason.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from mtg_layers.corpus import CASES_DIR, load_corpus
from reference.history import LAYER_ENTRIES, history, same_rules
from reference.versions import ProfileError, RulesVersion, get_version

NOT_OBSERVABLE = {
    "legend-rule-all-die": "2004-10-01 is the first day modelled: there are no rules of the day before to compare",
    "isd-double-faced-cards": "the day before, double-faced cards did not exist: a board with one has no answer then",
}


def _day_before(day: str) -> str:
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


def _changes() -> list[tuple[str, str]]:
    out = [(c.entry, c.day) for c in history().changes if c.flags]
    out += [(entry.split(" ")[0], day) for day, entry in LAYER_ENTRIES.items()]
    return sorted(set(out), key=lambda x: x[1])


def _version(name: str) -> RulesVersion | None:
    try:
        return get_version(name)
    except ProfileError:
        return None


def witnesses(day: str) -> list[str]:
    """Case steps whose answers differ between declared versions with the rules of the day before and the day."""
    before, after = _version(_day_before(day)), get_version(day)
    if before is None:
        return []
    out = []
    for case in load_corpus(CASES_DIR):
        olds = [v for v in case.versions if (x := _version(v)) is not None and same_rules(x, before)]
        news = [v for v in case.versions if (x := _version(v)) is not None and same_rules(x, after)]
        for n, step in enumerate(case.steps, start=1):
            for a in olds:
                for b in news:
                    answer_a = (step.expect.get(a), step.outcomes.get(a))
                    answer_b = (step.expect.get(b), step.outcomes.get(b))
                    if answer_a != answer_b:
                        out.append(f"{case.id} step {n} ({a} / {b})")
    return out


@pytest.mark.parametrize(("entry", "day"), _changes(), ids=[e for e, _ in _changes()])
def test_each_dated_change_has_a_case_that_tells_the_two_days_apart(entry: str, day: str) -> None:
    found = witnesses(day)
    if entry in NOT_OBSERVABLE:
        assert not found, f"{entry} is observable after all: {found[:3]}"
        return
    assert found, f"{entry} ({day}): no case declares versions of {_day_before(day)} and {day} with different answers"
