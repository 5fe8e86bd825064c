"""Expectations beyond full values (issue 11): has/lacks subsets, owner, zone, mana cost (checking.results)."""

from __future__ import annotations

from typing import Any

from mtg_layers.checking.results import compare

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
