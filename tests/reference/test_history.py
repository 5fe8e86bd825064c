"""Issue 29: any date from 2004-10-01 to today gives the rules in force that day, and never a traceback.

500 dates drawn with a fixed seed: each one's rules version is built, and every corpus case is
resolved at every step under each distinct rules version they give (two dates whose flags and
profile are the same give the same answers). A board a version cannot decide raises the one
error that the command line turns into an ``error:`` line (``NotStated``); nothing else may.

Issue 29: every profile flag and every dated entry of the code is on the rules history (cr-history.yaml).
"""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import astuple
from datetime import date, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers.checking.verify import resolve_step
from mtg_layers.cli import main
from mtg_layers.docs_site.rules_history import load_history
from reference.history import flag_timeline, history, same_rules, version_warnings
from reference.versions import FLAGS, NotStated, RulesVersion, builtin_versions, era_end, get_version

from ..builders import corpus

FIRST = date(2004, 10, 1)  # the oldest profile (corpus/sources/cr-history.yaml, entry legend-rule-all-die)


TODAY = date(2026, 12, 4)  # the day corpus/sources/cr-history.yaml was compiled


def _random_days(n: int = 500, seed: int = 29) -> list[str]:
    rng = random.Random(seed)
    span = (TODAY - FIRST).days
    return sorted((FIRST + timedelta(days=rng.randrange(span + 1))).isoformat() for _ in range(n))


def _content(version: RulesVersion) -> tuple[object, ...]:
    """What decides an answer: the slots, the classification and every flag.

    Not the day it took effect (``in_force_from``), which no code of reference/ or reference_optimized/ reads (the
    z3 encoding reads its own keyword counters by it; this module runs no z3): two dates whose rules differ only by
    it resolve every board alike (2023-07-03 and 2023-12-08 among the 500)."""
    return (
        tuple(astuple(s) for s in version.slots),
        tuple(astuple(c) for c in version.classification),
        tuple(getattr(version, f) for f in FLAGS),
    )


def _distinct_versions() -> dict[tuple[object, ...], RulesVersion]:
    out: dict[tuple[object, ...], RulesVersion] = {}
    for day in _random_days():
        version = get_version(day)
        assert version.id in (day, *builtin_versions()), day
        out.setdefault(_content(version), version)
    return out


def test_every_random_date_gives_a_version_named_by_the_date_or_its_profile() -> None:
    versions = _distinct_versions()
    assert len(versions) >= 10  # the 500 dates fall in many of the timeline's periods


@pytest.mark.parametrize("version", list(_distinct_versions().values()), ids=lambda v: v.id)
def test_every_case_resolves_under_the_rules_of_random_dates_without_a_traceback(version: RulesVersion) -> None:
    crashes = []
    for case in corpus():
        for n in range(1, len(case.steps) + 1):
            try:
                resolve_step(case, n, version)
            except NotStated:
                continue  # the version leaves the rule open, or the case gives no choice: one error line
            except Exception as exc:
                crashes.append(f"{case.id} step {n}: {type(exc).__name__}: {exc}")
    assert not crashes, crashes


def test_a_flags_timeline_names_each_value_with_the_day_it_took_effect() -> None:
    """704.5j: the legend rule made every legend with a shared name die until M14 (2013-07-13), and has let its
    controller choose one to keep since; a flag no change sets says so."""
    assert flag_timeline("legend_rule") == (
        "legend_rule: 'all' from 2004-10-01 (legend-rule-all-die); "
        "'choose' from 2013-07-13 (m14-legend-rule-per-player)"
    )
    assert flag_timeline("no_such_flag") == "no_such_flag: no dated change"


def test_a_board_the_version_cannot_decide_is_one_error_line_naming_the_rule_and_its_dates() -> None:
    """Exit status 2 and one ``error:`` line: the rule, and from the rules history the dates it changed."""
    case = "corpus/cases/double-faced/token-copy-afflicted-deserter.yaml"
    result = CliRunner().invoke(main, ["resolve", case, "--rules", "2005-06-01", "--step", "1"])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.output
    assert "202.3b" in errors[0] and "2011-09-30" in errors[0] and "2016-04-08" in errors[0]


@pytest.fixture(scope="module")
def legend_corpus(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A corpus directory holding the legend-rule case alone: ``explain`` finds a case by its id among every case of
    its corpus (about 5 s of CPU with the bundled one; the [m10] case below reads the bundled one)."""
    directory = tmp_path_factory.mktemp("legend-corpus") / "sba"
    directory.mkdir()
    shutil.copy(ROOT / "corpus/cases/sba/legend-rule-clone.yaml", directory / "legend-rule-clone.yaml")
    return str(directory.parent)


@pytest.mark.parametrize("rules", ["m10", "2009-07-08", "2015-06-01", "2013-07-12", "2013-07-13", "2030-01-01"])
def test_the_legend_rule_case_explains_under_any_date_or_alias(rules: str, legend_corpus: str) -> None:
    """Issue 29: explain on a legend-rule case crashed under m10 and 2015-06-01 (StateBasedActionError)."""
    where = [] if rules == "m10" else ["--corpus", legend_corpus]
    result = CliRunner().invoke(main, ["explain", "sba-legend-rule-clone-isamaru", "--rules", rules, *where])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


def test_a_date_after_the_newest_text_or_in_an_unknown_period_warns_on_stderr() -> None:
    assert version_warnings("2030-01-01") and "2026-08-07" in version_warnings("2030-01-01")[0]
    assert version_warnings("2010-06-01") and "unknown" in version_warnings("2010-06-01")[0]
    assert version_warnings("2024-03-01") == ()
    # an alias or profile id warns like its profile's first day (issue 29, e): m10's 2009-07-08 is in an unknown period
    assert version_warnings("m10") and "unknown" in version_warnings("m10")[0]
    result = CliRunner().invoke(main, ["resolve", "corpus/cases/sba/legend-rule-clone.yaml", "--rules", "2030-01-01"])
    assert result.exit_code == 0 and "warning: 2030-01-01 is after the newest rules text" in result.output


def test_each_dated_change_takes_effect_on_its_day() -> None:
    """The day before a change has the old value, the day of it the new one (reference/profiles/dated.json)."""
    for change in history().changes:
        before = (date.fromisoformat(change.day) - timedelta(days=1)).isoformat()
        for flag, value in change.flags:
            assert getattr(get_version(change.day), flag) == value, (change.entry, flag)
            if before >= FIRST.isoformat():
                assert getattr(get_version(before), flag) != value, (change.entry, flag, "already on the day before")


ROOT = Path(__file__).resolve().parents[2]


TIMELINE = load_history()


ENTRIES = {e["id"]: e for e in TIMELINE["entries"]}


def test_every_dated_change_of_the_code_is_a_timeline_entry_of_the_same_date() -> None:
    for change in history().changes:
        assert change.entry in ENTRIES, f"dated.json: {change.entry} is not on corpus/sources/cr-history.yaml"
        assert ENTRIES[change.entry]["date"] == change.day, change.entry
        for flag, _ in change.flags:
            assert flag in str(ENTRIES[change.entry]["models"]) or flag in ("keyword_counters", "kindred_type_name"), (
                change.entry,
                flag,
            )


def test_every_profile_flag_is_on_the_timeline() -> None:
    """A flag is dated by an entry (its 'models' names it), or is an interpretation of unchanged words."""
    interpretations = {f["flag"] for f in TIMELINE["interpretation_flags"]}
    dated = {flag for c in history().changes for flag, _ in c.flags}
    for flag in FLAGS:
        named = any(flag in str(e["models"]) for e in TIMELINE["entries"])
        assert flag in interpretations or flag in dated or named, f"flag {flag} is on no timeline entry"


def test_every_profile_is_dated_by_the_timeline_and_states_its_own_day() -> None:
    """Each built-in profile's flags equal the dated changes' values on its first day."""
    dates = {e["date"] for e in TIMELINE["entries"]} | {str(t["effective"])[:10] for t in TIMELINE["texts_read"]}
    for vid, version in builtin_versions().items():
        # 2025-08-01: Edge of Eternities' release; its 613.7n took effect on 2025-07-25 (a dated change)
        assert version.in_force_from in dates or vid == "2025-08-01", vid
        for flag in FLAGS:
            values = [dict(c.flags)[flag] for c in history().changes if c.day <= vid and flag in dict(c.flags)]
            if values:
                assert getattr(version, flag) == values[-1], (vid, flag)


def test_the_unknown_periods_of_the_code_are_those_of_the_timeline() -> None:
    dated = {(u["from"], u["to"]) for u in TIMELINE["unknown_periods"] if u["from"] != "any"}
    assert {(u.start, u.end) for u in history().unknown} | {("2026-08-08", "2026-12-04")} == dated
    assert history().newest_text == "2026-08-07"  # entry hone-counters: the newest text read


def test_the_dated_flags_file_is_valid_json_naming_its_source() -> None:
    data = json.loads((ROOT / "reference" / "profiles" / "dated.json").read_text("utf-8"))
    assert data["source"] == "corpus/sources/cr-history.yaml"


def test_versions_prints_the_timeline_with_sources() -> None:
    out = CliRunner().invoke(main, ["versions"]).output
    assert "Rules history" in out
    for entry in ENTRIES:
        assert entry in out
    assert out.count("  source: ") >= len(ENTRIES)


def _next_change_after(day: str) -> str | None:
    """The first day after ``day`` on which a dated change sets a flag or a built-in profile takes effect."""
    days = [c.day for c in history().changes if c.flags and c.day > day]
    days += [v.in_force_from for v in builtin_versions().values() if v.in_force_from and v.in_force_from > day]
    return min(days) if days else None


@pytest.mark.parametrize("vid", list(builtin_versions()))
def test_each_profile_is_in_force_to_the_day_before_the_next_change_of_the_timeline(vid: str) -> None:
    """Issue 29: a profile's in_force.to is the last day its own rules are the rules in force."""
    version = builtin_versions()[vid]
    assert version.in_force_from is not None
    following = _next_change_after(version.in_force_from)
    if following is None:
        assert version.in_force_to is None, vid
        return
    last = (date.fromisoformat(following) - timedelta(days=1)).isoformat()
    assert version.in_force_to == last, (vid, version.in_force_to, last)
    assert same_rules(get_version(last), version), (vid, last)
    assert not same_rules(get_version(following), version), (vid, following)


def test_a_date_version_is_in_force_from_its_last_change_to_the_day_before_the_next() -> None:
    for day in _random_days(60, seed=2029):
        version = get_version(day)
        assert version.in_force_from is not None and version.in_force_from <= day
        assert same_rules(get_version(version.in_force_from), version), day
        if version.in_force_to is not None:
            assert day <= version.in_force_to
            assert same_rules(get_version(version.in_force_to), version), day
            after = (date.fromisoformat(version.in_force_to) + timedelta(days=1)).isoformat()
            if any(c.day == after and c.flags for c in history().changes):  # a profile may restate the rules
                assert not same_rules(get_version(after), version), day


def test_era_end_is_the_day_before_the_next_profile() -> None:
    assert [era_end(v) for v in builtin_versions().values()] == [
        "2009-07-07",
        "2020-04-16",
        "2023-11-16",
        "2025-07-31",
        None,
    ]
    assert era_end(get_version("2015-06-01")) == "2020-04-16"  # the 2009-2020 numbering, whatever its own days


def test_versions_json_holds_the_profiles_and_the_timeline_entries() -> None:
    """Issue 29: `versions --json` gives each timeline entry's date, paragraphs, change and source."""
    data = json.loads(CliRunner().invoke(main, ["versions", "--json"]).output)
    assert [v["id"] for v in data["versions"]] == list(builtin_versions())
    got = {e["id"]: e for e in data["history"]["entries"]}
    assert list(got) == list(ENTRIES)
    for eid, entry in ENTRIES.items():
        assert got[eid]["date"] == entry["date"]
        assert got[eid]["paragraphs"] == [str(p) for p in entry["paragraphs"]]
        assert got[eid]["change"] == " ".join(str(entry["change"]).split())
        assert len(got[eid]["source"]) == len(entry["source"]) > 0
    for change in history().changes:
        assert {
            "rule": change.rule,
            "flags": {k: list(v) if isinstance(v, tuple) else v for k, v in change.flags},
        } in got[change.entry]["dated_flags"]
    assert data["history"]["newest_text"] == history().newest_text
    assert {(u["from"], u["to"]) for u in data["history"]["unknown_periods"]} == {
        (str(u["from"]), str(u["to"])) for u in TIMELINE["unknown_periods"]
    }


GRAY_OGRE = "corpus/cases/seed/gray-ogre.yaml"


@pytest.fixture(scope="module")
def ogre_corpus(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A corpus directory holding the one case the commands ask about (``diff`` and ``conformance`` load every case
    of their corpus before picking ``--id``: about 5 s of CPU each with the bundled one, for the same answer here)."""
    directory = tmp_path_factory.mktemp("ogre-corpus") / "seed"
    directory.mkdir()
    shutil.copy(ROOT / GRAY_OGRE, directory / "gray-ogre.yaml")
    return str(directory.parent)


def _commands(rules: str, corpus: str | None = None) -> dict[str, list[str]]:
    """Every command that takes --rules (or rules version names), asked about one small case (``diff`` and
    ``conformance`` read the corpus ``corpus``, else the bundled one)."""
    import sys

    adapter = [sys.executable, "-m", "mtg_layers.cli", "adapter"]
    where = ["--corpus", corpus] if corpus is not None else []
    return {
        "explain": ["explain", GRAY_OGRE, "--rules", rules],
        "resolve": ["resolve", GRAY_OGRE, "--rules", rules, "--json"],
        "diff": ["diff", rules, "current", "--id", "seed-gray-ogre", "--format", "json", *where],
        "prove --observable": [
            "prove",
            "--observable",
            rules,
            rules,
            "--max-effects",
            "1",
            "--only-family",
            "pt",
            "--no-corpus-check",
        ],
        "conformance": [
            "conformance",
            "--id",
            "seed-gray-ogre",
            "--rules",
            rules,
            "--quiet",
            *where,
            "--",
            *adapter,
        ],
    }


# The warnings come from the rules named, not from the corpus read: diff and conformance read the one-case corpus
# (``ogre_corpus``); test_a_day_the_history_read_gives_no_warning[current] runs diff on the bundled one.
@pytest.mark.slow  # a heavy group: conformance starts the adapter once per form
@pytest.mark.parametrize("command", list(_commands("m10")))
@pytest.mark.parametrize(
    ("forms", "says"),
    [
        (("m10", "2009-07-08", "2010-01-01"), "marks unknown (2009-07-08 to 2015-01-22"),
        (("pre-m10", "2004-10-01"), "marks unknown (2004-10-01 to 2006-09-30"),
        (("2030-01-01",), "after the newest rules text the history read (2026-08-07)"),
    ],
)
def test_every_form_of_rules_warns_alike_in_every_command(
    command: str, forms: tuple[str, ...], says: str, ogre_corpus: str
) -> None:
    """Issue 29: a date, a profile id and an alias of a day the history did not read: the answer and a warning."""
    for rules in forms:
        result = CliRunner().invoke(main, _commands(rules, ogre_corpus)[command])
        assert result.exit_code == 0, (rules, result.output)
        warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
        assert warnings and all(says in w for w in warnings), (rules, result.stderr)
        assert "warning:" not in result.stdout and "Traceback" not in result.output


@pytest.mark.parametrize("rules", ["ikoria", "2020-04-17", "2024-03-01", "current", "2025-08-01"])
def test_a_day_the_history_read_gives_no_warning(rules: str, ogre_corpus: str) -> None:
    corpus = None if rules == "current" else ogre_corpus  # one run of diff over the bundled corpus
    for command in ("explain", "resolve", "diff"):
        result = CliRunner().invoke(main, _commands(rules, corpus)[command])
        assert result.exit_code == 0 and "warning:" not in result.output, (command, rules, result.output)


def test_each_dated_change_keeps_the_rule_its_entry_names() -> None:
    """Each dated change of the bundled history carries the rule number written beside it in dated.json."""
    import json as _json
    from pathlib import Path as _Path

    import reference

    data = _json.loads((_Path(reference.__file__).parent / "profiles" / "dated.json").read_text("utf-8"))
    written = [str(c["rule"]) for c in _changes(data)]
    assert [c.rule for c in history().changes] == written and all(written)


def _changes(data: object) -> list[dict[str, object]]:
    """Every mapping with an 'entry' and a 'from' in the history file, in file order."""
    found: list[dict[str, object]] = []
    if isinstance(data, dict):
        if "entry" in data and "from" in data:
            found.append(data)
        for v in data.values():
            found += _changes(v)
    elif isinstance(data, list):
        for v in data:
            found += _changes(v)
    return found


@pytest.mark.parametrize("rule", [None, "", 613])
def test_a_dated_change_without_its_rule_number_is_refused_naming_the_field(rule: object) -> None:
    """A dated change is a change to a rule: the history names it, and refuses a change that does not."""
    from reference.history import history_from_mapping
    from reference.versions import ProfileError

    change: dict[str, object] = {"entry": "a change", "from": "2020-01-01", "flags": {}}
    if rule is not None:
        change["rule"] = rule
    with pytest.raises(ProfileError, match=r"changes\[0\]\.rule: expected the number of the rule"):
        history_from_mapping({"changes": [change], "newest_text": "2025-08-01"})


def test_a_history_may_leave_out_its_changes_and_its_unknown_periods() -> None:
    """A history with only the date of the newest text read has no dated change and no unknown period."""
    from reference.history import History, history_from_mapping

    assert history_from_mapping({"newest_text": "2025-08-01"}) == History((), (), "2025-08-01")
