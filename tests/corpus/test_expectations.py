"""Expectations beyond full values (issue 11): has/lacks subsets, owner, zone, mana cost."""

from __future__ import annotations

import copy
from typing import Any

from mtg_layers.corpus import CASES_DIR, case_from_data, load_case
from mtg_layers.results import compare
from mtg_layers.verify import resolve_step
from proofs.crosscheck import check_answer
from reference.case import board_at
from reference.versions import get_version

GOT: dict[str, dict[str, Any]] = {
    "a": {
        "abilities": ["flying", "haste"],
        "subtypes": [],
        "all_creature_types": True,
        "colors": ["white"],
        "owner": "p2",
        "zone": "battlefield",
        "mana_cost": "{3}{W}{W}",
    }
}


def test_has_is_a_subset_check() -> None:
    assert compare({"a": {"has": {"abilities": ["flying"], "colors": ["white"]}}}, GOT) == []
    (m,) = compare({"a": {"has": {"abilities": ["flying", "vigilance"]}}}, GOT)
    assert (m.field, m.expected, m.actual) == ("has.abilities", ["vigilance"], ["flying", "haste"])


def test_lacks_is_an_absence_check() -> None:
    assert compare({"a": {"lacks": {"abilities": ["vigilance"], "colors": ["blue"]}}}, GOT) == []
    (m,) = compare({"a": {"lacks": {"abilities": ["haste", "reach"]}}}, GOT)
    assert (m.field, m.expected) == ("lacks.abilities", ["haste"])


def test_all_creature_types_has_every_creature_type() -> None:
    """702.73a: a changeling has every creature type, though its list of subtypes is empty."""
    assert compare({"a": {"has": {"subtypes": ["elf", "goblin"]}}}, GOT) == []
    assert len(compare({"a": {"lacks": {"subtypes": ["elf"]}}}, GOT)) == 1
    assert compare({"a": {"lacks": {"subtypes": ["forest"]}}}, GOT) == []  # a land type is not a creature type


def test_owner_zone_and_mana_cost_compare_as_values() -> None:
    assert compare({"a": {"owner": "p2", "zone": "battlefield", "mana_cost": "{3}{W}{W}"}}, GOT) == []
    fields = {m.field for m in compare({"a": {"owner": "p1", "zone": "graveyard", "mana_cost": None}}, GOT)}
    assert fields == {"owner", "zone", "mana_cost"}


def test_z3_checks_the_mana_cost() -> None:
    """The encoding reads mana costs itself: a wrong mana cost in an answer is a counterexample."""
    case = load_case(CASES_DIR / "expectations" / "clone-serra-angel-act-of-treason.yaml")
    version = get_version("ikoria")
    board = board_at(case, 1)
    _, answer = resolve_step(case, 1, version)
    assert check_answer(board, version, answer).status == "verified"
    wrong = copy.deepcopy(answer)
    wrong["clone"]["mana_cost"] = "{3}{U}"
    check = check_answer(board, version, wrong)
    assert check.status == "counterexample"
    assert any(d[0] == "clone" and d[1] == "mana_cost" for d in check.diffs)


def test_mana_value_follows_the_mana_cost_when_not_given() -> None:
    data = {
        "id": "mv",
        "title": "t",
        "versions": ["ikoria"],
        "features": ["mana-cost"],
        "sources": [{"kind": "derived", "ref": "202.3"}],
        "objects": [{"id": "a", "timestamp": 1, "mana_cost": "{X}{2/W}{G}", "types": ["creature"]}],
        "steps": [{"description": "s", "expect": {"ikoria": {"a": {"mana_value": 3}}}}],
    }
    case = case_from_data(data)
    assert case.objects[0].printed.mana_value == 3
