"""`mtg-layers verify` (mtg_layers.checking.verify): what it reports about a case beyond right and wrong answers.

A case whose answer depends on an open tie of timestamps (613.7m) must list every outcome.
"""

from __future__ import annotations

from dataclasses import replace

from mtg_layers.checking.verify import check_case
from reference.versions import builtin_versions

from ..builders import CASE_7N
from ..builders import corpus_case as _case


def test_verify_reports_a_choice_the_case_does_not_list() -> None:
    case = _case(CASE_7N)
    step = case.steps[0]
    expect = {**step.expect, "2023-11-17": {"creature": {"colors": ["black", "blue"]}}}
    bare = replace(case, steps=(replace(step, outcomes={}, expect=expect),))
    checks = [c for c in check_case(bare, builtin_versions()) if c.version == "2023-11-17"]
    assert checks and checks[0].error is not None and "depends on" in checks[0].error
    assert all(c.ok for c in check_case(case, builtin_versions()))
