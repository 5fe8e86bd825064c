"""Each version tab cites the rule numbers of its era (mtg_layers/docs_site/era_citations.py), linked to that era's
statement: 418.5 before Magic 2010, the 2020-01-22 text of rule 613 for 2009-2020, today's numbers from Ikoria."""

from __future__ import annotations

import re

from mtg_layers.corpus import CASES_DIR, load_case
from mtg_layers.docs_site.era_citations import in_era
from mtg_layers.docs_site.generated_pages import _version_tab
from mtg_layers.docs_site.rule_pages import linker
from reference.case import Case
from reference.versions import builtin_versions

VERSIONS = {a: v for v in builtin_versions().values() for a in (v.id, *v.aliases)}
MOON = load_case(CASES_DIR / "seed" / "urborg-then-blood-moon.yaml")
OGRE = load_case(CASES_DIR / "seed" / "gray-ogre.yaml")


def test_reasons_in_each_era() -> None:
    why = "depends on it (613.8a): it applies first although its timestamp (2) is later (613.8b)"
    later = "it applies first although its timestamp (2) is later"
    assert in_era(why, VERSIONS["pre-m10"]) == f"depends on it (418.5c): {later} (418.5d)"
    assert in_era(why, VERSIONS["m10"]) == f"depends on it (613.7a): {later} (613.7b)"
    assert in_era("(611.3b, 613.8a); 613.7a stays", VERSIONS["m10"]) == "(611.3b, 613.7a); 613.7a stays"
    assert in_era(why, VERSIONS["ikoria"]) == why
    assert in_era("timestamp 3, after X (ts 2) (613.7)", VERSIONS["m10"]) == "timestamp 3, after X (ts 2) (613.6)"
    loop = in_era("part of a dependency loop with X: the loop applies in timestamp order (613.8b)", VERSIONS["pre-m10"])
    assert loop.endswith("(418.5 has no rule for a loop)")


def _tab(case: Case, version: str) -> str:
    n = len(case.steps)
    return "\n".join(_version_tab(case, n, VERSIONS[version], linker("../")))


def test_the_2004_tab_cites_418_5_and_links_it() -> None:
    tab = _tab(MOON, "pre-m10")
    trace = tab[tab.index("Trace:") : tab.index("Result:")]
    assert "[418.5c](../rules/418.md#r418-5c)" in trace and "[418.5d](../rules/418.md#r418-5d)" in trace
    assert not re.search(r"\b613\.[78]", trace), trace


def test_the_2009_tab_cites_the_2020_01_text() -> None:
    tab = _tab(OGRE, "m10")
    trace = tab[tab.index("Trace:") : tab.index("Result:")]
    assert "[613.6](../rules/613-2020-01-22.md#r613-6)" in trace, trace
    assert "(613.7)" not in trace and "rules/613.md#r613-7" not in trace


def test_today_is_unchanged() -> None:
    tab = _tab(OGRE, "2025-08-01")
    assert "(../rules/613.md#r613-7)" in tab
