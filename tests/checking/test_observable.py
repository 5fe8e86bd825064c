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
from typing import Any

import pytest

from mtg_layers.checking.theorems import observable_difference
from reference.history import LAYER_ENTRIES, history, same_rules
from reference.versions import ProfileError, RulesVersion, get_version, version_from_mapping

from ..builders import corpus


def proposed_profile(kind: str, slot: str, name: str) -> dict[str, Any]:
    """Ikoria with one kind of effect moved to another sublayer."""
    data: dict[str, Any] = json.loads(resources.files("reference.profiles").joinpath("ikoria.json").read_text("utf-8"))
    data["id"] = name
    data["aliases"] = []  # "ikoria" names the built-in profile (a proposal keeping it is refused)
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
    "unfinity-stickers": "the day before, stickers did not exist: a board with one is refused (flag stickers: false)",
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
    for case in corpus():
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


# Issue 29, each change proved observable by z3: `prove --observable DAY_BEFORE DAY` finds a witness board
# (the family of shapes that first shows it, mtg_layers/boards/observable_shapes.py), or states why not.
WITNESS_FAMILY = {
    "m10-seven-layers": "pt",
    "copy-exception-drops-cda": "copy-exceptions",
    "m14-legend-rule-per-player": "legend-rule",
    "soi-back-face-mana-value": "double-faced",
    "hou-negative-amounts-zero": "negative-amounts",
    "ikoria-keyword-counters": "keyword-counters",
    "ikoria-layer-restructure": "keyword-counters",
    "khm-copy-exception-in-addition": "copy-exceptions",
    "khm2-613-7a-relative-order": "same-timestamp",
    "mom-transforming-token-copies": "double-faced",
    "ltr-shadow-counters": "keyword-counters",
    "mh3-kindred-exalted": "keyword-counters",
    "tdm-decayed-counters": "keyword-counters",
    "eoe-613-7n": "same-timestamp",
}
STATED_REASON = {
    "legend-rule-all-die": "no modelled rules version",  # 2004-09-30: no rules of the day before
    "isd-double-faced-cards": "double-faced cards did not exist",
    "vow-token-name-token": "111.4 names a token as a step creates it",
    "znr-modal-double-faced-cards": "modal double-faced cards did not exist before 2020-09-25",
    "unfinity-stickers": "stickers did not exist before 2022-10-07",
    "xln-entering-sees-existing-effects": "the search's boards have no entering permanent",
}


def test_every_dated_change_is_either_witnessed_or_given_a_reason() -> None:
    assert {e for e, _ in _changes()} == set(WITNESS_FAMILY) | set(STATED_REASON)


@pytest.mark.slow  # about 30 s for the whole group on one core
@pytest.mark.parametrize(("entry", "day"), _changes(), ids=[e for e, _ in _changes()])
def test_prove_observable_between_the_day_before_and_the_day_of_each_change(entry: str, day: str) -> None:
    """The change's witness, or its stated reason; and what the timeline test below asks of each timeline entry (a
    witness only on a day some entry says can change an answer), which it leaves to this test for these entries."""
    from mtg_layers.checking.observable import observable

    entries = _timeline()
    changing_days = {e["date"] for e in entries if e["observable"]["can_change_answer"]}
    try:
        before = get_version(_day_before(day))
    except ProfileError as exc:
        assert STATED_REASON[entry] in str(exc)
        assert entry == entries[0]["id"] == "legend-rule-all-die"
        return
    outcome = observable(before, get_version(day), max_effects=2)
    if entry in STATED_REASON:
        assert outcome.status == "proved", outcome.witness
        assert any(STATED_REASON[entry] in line for line in outcome.detail), outcome.detail
        return
    assert outcome.status == "found", outcome.detail
    assert day in changing_days, (entry, outcome.witness)
    assert outcome.detail[0].startswith(f"first witness: family {WITNESS_FAMILY[entry]},"), outcome.detail
    assert any(" vs " in line for line in outcome.witness)  # what differs, under each version


def test_a_difference_that_is_only_a_choice_is_no_witness() -> None:
    """613.7a before 2021-02-15: the moved equipment's two effects tie; two finals of one version are not a witness."""
    from mtg_layers.boards.observable_shapes import shapes
    from mtg_layers.checking.observable import check_shape

    shape = next(s for s in shapes("same-timestamp") if s.label == "granted-ability-equipment-moves")
    version = get_version("2021-02-14")
    result = check_shape(shape.family, shape.label, shape.board(), [], version, version)
    assert result.status == "tie" and "2 outcome(s)" in result.lines[0]
    after = check_shape(shape.family, shape.label, shape.board(), [], version, get_version("2021-02-15"))
    assert after.status == "witness"
    assert 'hawk2.abilities: ["flying"] or [] vs ["flying"]' in after.lines


def test_one_version_against_itself_is_not_observable() -> None:
    from mtg_layers.checking.observable import observable

    outcome = observable(get_version("2021-02-15"), get_version("2021-02-15"), max_effects=1)
    assert outcome.status == "proved" and "the versions state the same rules" in outcome.detail


def test_cli_observable_prints_the_witness_and_each_version_s_values() -> None:
    from click.testing import CliRunner

    from mtg_layers.cli import main

    args = ["prove", "--observable", "2017-08-24", "2017-08-25", "--only-family", "negative-amounts"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "2017-08-24 vs 2017-08-25: observable: a board tells them apart" in result.stdout
    assert "shade.power: 14 vs 13" in result.stdout  # 107.1b: -X/-X at -1 life was +1/+1, then +0/+0
    bad = CliRunner().invoke(main, ["prove", "--observable", "m10", "m10", "--only-family", "nope"])
    assert bad.exit_code == 2 and "unknown ['nope']" in bad.output and "Traceback" not in bad.output


# Timeline entries that can change an answer but move no flag of the day: why no search is needed.
NO_FLAG_OF_ITS_OWN = {
    "418-5-sublayers-seen": "a state first seen in the earliest text read, not a change: profile 2004-10-01 has it",
    "double-faced-token-copies-general": "widened to every double-faced permanent; the case format's are transforming",
}


def _timeline() -> list[dict[str, Any]]:
    from mtg_layers.docs_site.rules_history import load_history

    return list(load_history()["entries"])


@pytest.mark.slow  # the timeline entries no dated change holds (16 of 36)
def test_prove_observable_agrees_with_every_timeline_entry_s_can_change_answer() -> None:
    """Issue 29: for each entry of corpus/sources/cr-history.yaml, the day before and the day of it.

    A witness only for a day some entry says can change an answer; no witness only for an entry
    that says it cannot, or whose reason is stated (STATED_REASON, NO_FLAG_OF_ITS_OWN). The entries of the dated
    changes (``_changes``: each one of the timeline's, on its day) are asked the same, of the very same search, by
    ``test_prove_observable_between_the_day_before_and_the_day_of_each_change``: here, the others.
    """
    from mtg_layers.checking.observable import observable

    entries = _timeline()
    changing_days = {e["date"] for e in entries if e["observable"]["can_change_answer"]}
    changes = set(_changes())
    assert changes <= {(e["id"], e["date"]) for e in entries}, "each dated change is a timeline entry, on its day"
    # the days that test finds a witness on (and checks that some entry says they can change an answer): what this
    # test asks of another entry of such a day (the same search) holds
    witnessed = {day for entry, day in changes if entry in WITNESS_FAMILY}
    for entry in entries:
        day, can = entry["date"], entry["observable"]["can_change_answer"]
        if (entry["id"], day) in changes or day in witnessed:
            continue  # the test of each change asks it
        try:
            before = get_version(_day_before(day))
        except ProfileError:
            assert entry["id"] == entries[0]["id"] == "legend-rule-all-die"
            continue
        outcome = observable(before, get_version(day), max_effects=2)  # 2009's needs two P/T effects
        if outcome.status == "found":
            assert day in changing_days, (entry["id"], outcome.witness)
        elif can:
            assert outcome.status == "proved", (entry["id"], outcome.detail)
            assert entry["id"] in STATED_REASON or entry["id"] in NO_FLAG_OF_ITS_OWN, (entry["id"], outcome.detail)
            if entry["id"] in STATED_REASON:
                assert any(STATED_REASON[entry["id"]] in line for line in outcome.detail)
            else:
                assert outcome.detail == ["the versions state the same rules"]


def test_apnap_order_of_2020_is_witnessed_by_two_players_stamped_together() -> None:
    """613.7m (entry ikoria-apnap-timestamps): before Ikoria the active player chose any order (two outcomes)."""
    from mtg_layers.checking.observable import observable

    outcome = observable(get_version("2020-04-16"), get_version("2020-04-17"), families=["two-players"])
    assert outcome.status == "found", outcome.detail
    assert "2 outcome(s) under 2020-04-16, 1 under 2020-04-17" in outcome.witness
    assert 'bears.colors: ["black"] or ["white"] vs ["white"]' in outcome.witness  # p2 active: p2's first


def test_a_proposal_the_encoding_cannot_read_gets_no_verdict() -> None:
    """613.8b read literally (flag loop_ignores_dependency) is not encoded: every shape is skipped, so no answer."""
    from mtg_layers.checking.observable import observable

    data = proposed_profile("pt_set", "7b", "literal-loops")
    data["flags"] = {**dict(data.get("flags") or {}), "loop_ignores_dependency": True}
    outcome = observable(get_version("ikoria"), version_from_mapping(data), max_effects=1)
    assert outcome.status == "unknown" and outcome.detail[0] == "no shape could be encoded under both versions"
