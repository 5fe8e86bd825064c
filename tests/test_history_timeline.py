"""Issue 29: every profile flag and every dated entry of the code is on the rules history (cr-history.yaml)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.docs_site.rules_history import load_history
from reference.history import history
from reference.versions import FLAGS, builtin_versions

ROOT = Path(__file__).resolve().parent.parent
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
