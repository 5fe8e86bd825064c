"""The rule numbers a trace's reasons cite, in the numbering of the rules version's own era.

The trace states its reasons (timestamp order, dependency, characteristic-defining abilities first, lock-in)
with today's numbers. A tab for older rules cites the numbers of its era's text instead, so a judge reading
an old ruling finds the same numbers: the 418.5 text before Magic 2010, and for 2009-2020 the rule 613 text
the site states for that era (of 2020-01-22, docs/rules/613-2020-01-22.md), where timestamps were 613.6 and
dependency 613.7. From Ikoria (2020-04-17) the numbers are today's.
"""

from __future__ import annotations

import dataclasses
import re

from reference.versions import RulesVersion

from ..analysis.trace_text import Explanation

IKORIA = "2020-04-17"  # from this text on, 613.3 / 613.6 / 613.7 / 613.8 are numbered as today
# today's number of each reason -> the era's
BEFORE_IKORIA = {
    "613.3": "613.2",
    "613.6": "613.5",
    "613.7": "613.6",
    "613.8a": "613.7a",
    "613.8b": "613.7b",
    "613.8c": "613.7c",
}
RULE_418_5 = {"613.3": "418.5a", "613.6": "418.5b", "613.7": "418.5a", "613.8a": "418.5c", "613.8b": "418.5d"}
CITED = re.compile(r"(?<![0-9.])613\.[0-9]+[a-z]?(?![0-9a-z])")
LOOP_418 = "the loop applies in timestamp order (613.8b)"  # docs/interpretations.md#pre-m10-loops


def era_numbers(version: RulesVersion) -> dict[str, str]:
    """Today's reason numbers mapped to those of the version's era (empty: today's numbering)."""
    if version.title.startswith("Rule 418"):
        return RULE_418_5
    if (version.in_force_from or IKORIA) < IKORIA:
        return BEFORE_IKORIA
    return {}


def in_era(text: str, version: RulesVersion) -> str:
    """A reason's text with its cited numbers in the version's era (613.7 reads 613.6 under m10, 418.5a before)."""
    numbers = era_numbers(version)
    if not numbers:
        return text
    if numbers is RULE_418_5:  # 418.5 states no rule for a loop of dependencies: say so rather than cite one
        text = text.replace(LOOP_418, "the loop applies in timestamp order (418.5 has no rule for a loop)")
    return CITED.sub(lambda m: numbers.get(m.group(0), m.group(0)), text)


def explanation_in_era(ex: Explanation, version: RulesVersion) -> Explanation:
    """The explanation with the numbers its reasons, dependencies and skipped effects cite in the version's era."""
    if not era_numbers(version):
        return ex
    rows = tuple(dataclasses.replace(r, order=in_era(r.order, version)) for r in ex.rows)
    return dataclasses.replace(
        ex,
        rows=rows,
        dependencies=tuple(in_era(d, version) for d in ex.dependencies),
        skipped=tuple(in_era(s, version) for s in ex.skipped),
    )
