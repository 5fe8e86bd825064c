"""`mtg-layers prove --observable`: z3 tells whether a proposed rules change is observable (bounded).

Issue 29, each change proved observable: a corpus case whose answer differs the day before and the day of it.

For each dated change of reference/profiles/dated.json that sets a flag, and each change of the
layers (reference.history.LAYER_ENTRIES), some case step declares a version with the rules of the
day before and one with the rules of the day, and expects different answers (or outcomes) under
them; the golden tests check those answers. A change with no such case is listed in
NOT_OBSERVABLE with the reason.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date, timedelta
from importlib import resources
from pathlib import Path

import pytest

from mtg_layers.checking.theorems import observable_difference
from mtg_layers.corpus import CASES_DIR, load_corpus
from reference.history import LAYER_ENTRIES, history, same_rules
from reference.versions import ProfileError, RulesVersion, get_version, version_from_mapping


def proposed_profile(kind: str, slot: str, name: str) -> dict[str, object]:
    """Ikoria with one kind of effect moved to another sublayer."""
    data = json.loads(resources.files("reference.profiles").joinpath("ikoria.json").read_text("utf-8"))
    data["id"] = name
    for rule in data["classify"]:
        if rule["kind"] == kind:
            rule["slot"] = slot
    return data


SET_WITH_MODIFY = ("pt_set", "7c", "set-with-modify")  # setting effects share 7c, by timestamp (like 418.5's 6b)


COUNTERS_WITH_SWITCH = ("counter_pt", "7d", "counters-with-switch")


def test_merging_counters_into_7c_is_not_observable_within_the_bound() -> None:
    outcome = observable_difference(get_version("m10"), get_version("ikoria"), max_effects=2)
    assert outcome.status == "proved"


def test_a_proposed_change_is_observable_with_a_witness() -> None:
    outcome = observable_difference(
        get_version("ikoria"), version_from_mapping(proposed_profile(*SET_WITH_MODIFY)), max_effects=2
    )
    assert outcome.status == "found"
    assert "set" in outcome.detail[0] and "modify" in outcome.detail[0]
    assert any("resolver" in line for line in outcome.witness)


def test_moving_counters_in_with_switches_is_not_observable() -> None:
    # +1/+1 and -1/-1 counters add the same to power and toughness, so they commute with a switch.
    proposal = version_from_mapping(proposed_profile(*COUNTERS_WITH_SWITCH))
    assert observable_difference(get_version("ikoria"), proposal, max_effects=2).status == "proved"


def test_cli_with_a_profile_file(tmp_path: Path) -> None:
    path = tmp_path / "proposal.json"
    path.write_text(json.dumps(proposed_profile(*SET_WITH_MODIFY)), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mtg_layers.cli", "prove", "--observable", "ikoria", "file", "--rules-file", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "2020-04-17 vs set-with-modify: observable" in proc.stdout


NOT_OBSERVABLE = {
    "legend-rule-all-die": "2004-10-01 is the first day modelled: there are no rules of the day before to compare",
    "isd-double-faced-cards": "the day before, double-faced cards did not exist: a board with one has no answer then",
    "znr-modal-double-faced-cards": "the day before, modal double-faced cards did not exist: the loader refuses a "
    "board with one under those rules",
}


def _day_before(day: str) -> str:
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


def _changes() -> list[tuple[str, str]]:
    out = [(c.entry, c.day) for c in history().changes if c.flags]
    out += [(entry.split(" ")[0], day) for day, entry in LAYER_ENTRIES.items()]
    return sorted(set(out), key=lambda x: (x[1], x[0]))  # by day, then entry: every xdist worker collects one order


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
