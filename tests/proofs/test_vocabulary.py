"""122.1b: the keyword counters the resolver and the z3 encoding know are the same, and the rule's.

Each side keeps its own list (``reference.vocabulary.KEYWORD_COUNTERS``, ``proofs.vocabulary
.KEYWORD_COUNTERS``: the encoding reads the rules itself), so nothing else would notice one of
them gaining or losing a keyword. Both must equal the list of the newest rules text the project
has checked, as its statement of 122.1b says it (docs/rule-statements/122.yaml, checked against
the Comprehensive Rules of 16 January 2026): the rules text itself lies outside the repository.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path

import yaml

import proofs.vocabulary as pv
import reference.vocabulary as rv

STATEMENT = Path(__file__).resolve().parents[2] / "docs" / "rule-statements" / "122.yaml"


def stated_keyword_counters() -> set[str]:
    """The keywords the project's statement of 122.1b lists: "...can be keyword counters: a, b, ..., z (see ...)"."""
    data = yaml.safe_load(STATEMENT.read_text("utf-8"))
    assert data["date"] == "2026-01-16", "the statement must be of the newest rules text checked"
    m = re.search(r"keyword counters: ([a-z ,]+?) \(", data["statements"]["122.1b"])
    assert m, "the statement of 122.1b no longer lists the keywords as '...keyword counters: a, b, c (...'"
    return {k.strip() for k in m.group(1).split(",")}


def test_the_resolver_and_the_encoding_know_the_same_keyword_counters() -> None:
    assert len(set(rv.KEYWORD_COUNTERS)) == len(rv.KEYWORD_COUNTERS), "a keyword listed twice"
    only_resolver = sorted(set(rv.KEYWORD_COUNTERS) - pv.KEYWORD_COUNTERS)
    only_encoding = sorted(pv.KEYWORD_COUNTERS - set(rv.KEYWORD_COUNTERS))
    assert not only_resolver and not only_encoding, f"resolver only: {only_resolver}; encoding only: {only_encoding}"


def test_both_lists_are_the_newest_rules_text() -> None:
    stated = stated_keyword_counters()
    assert len(stated) == 15, stated  # the statement says "Fifteen keywords"
    assert set(rv.KEYWORD_COUNTERS) == stated, sorted(set(rv.KEYWORD_COUNTERS) ^ stated)
    assert set(pv.KEYWORD_COUNTERS) == stated, sorted(pv.KEYWORD_COUNTERS ^ stated)


def test_the_resolver_and_the_encoding_agree_on_every_date() -> None:
    """122.1b by date (issue 29): each side's list on the day before and the day of every change, and today."""
    from reference.history import history
    from reference.versions import builtin_versions, get_version

    days = {"2004-10-01", "2026-12-04"} | {v.in_force_from or "" for v in builtin_versions().values()}
    for change in history().changes:
        if "keyword_counters" in dict(change.flags):
            day = change.day
            days |= {day, (date.fromisoformat(day) - timedelta(days=1)).isoformat()}
    for day in sorted(days - {""}):
        version = get_version(day)
        assert set(version.keyword_counters) == pv.keyword_counters_on(version.in_force_from), day
    assert not get_version("2020-04-16").keyword_counters
    assert "haste" in get_version("2020-04-17").keyword_counters
    assert "shadow" not in get_version("2023-06-15").keyword_counters
    assert "shadow" in get_version("2023-06-16").keyword_counters
    assert "exalted" not in get_version("2024-06-06").keyword_counters
    assert "exalted" in get_version("2024-06-07").keyword_counters
    assert "decayed" not in get_version("2025-04-03").keyword_counters
    assert "decayed" in get_version("2025-04-04").keyword_counters
