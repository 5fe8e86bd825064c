# ruff: noqa: E501 (a case file as written, one object a line)
"""Linking cases to the catalogue: a rewrite kept only when the case loads the same, and idempotent."""

from __future__ import annotations

from pathlib import Path

import yaml

from mtg_layers.catalogue.link import link_files, link_text
from mtg_layers.catalogue.load import catalogue
from mtg_layers.corpus import CASES_DIR, case_from_data

CASE = """\
id: link-test
title: "Glorious Anthem and a Gray Ogre"
status: derived
versions: [m10]
features: [layer-7c-modify]
sources:
  - {kind: derived, ref: test, passage: "a test board"}
cards:
  - {name: Gray Ogre, mana_cost: "{2}{R}", type_line: "Creature — Ogre", oracle: "", power: 2, toughness: 2}
abilities:
  - text: "creatures you control get +1/+1."
    applies_to: {all: [{type: creature}, {controller: you}]}
    parts: [{op: modify_pt, power: 1, toughness: 1}]
objects:
  # a comment that stays
  - {id: anthem, card: Glorious Anthem, name: Glorious Anthem, controller: p1, timestamp: 1, mana_value: 3, colors: [white], types: [enchantment], abilities: ["creatures you control get +1/+1."]}
  - {id: ogre, card: Gray Ogre, name: Gray Ogre, controller: p1, timestamp: 2, mana_value: 3, colors: [red], types: [creature], subtypes: [ogre], power: 2, toughness: 2}
  - {id: big, card: Gray Ogre, name: Gray Ogre, controller: p1, timestamp: 3, mana_value: 3, colors: [red], types: [creature], subtypes: [ogre], power: 5, toughness: 5}
steps:
  - description: "nothing happens"
    expect:
      m10: {ogre: {power: 3, toughness: 3}}
"""


def test_cards_written_out_become_references_when_the_case_loads_the_same() -> None:
    report = link_text(Path("t.yaml"), CASE, catalogue())
    assert report.linked == ["Glorious Anthem"]
    assert report.kept == [
        ("Gray Ogre", "the catalogue's card loads to another board: big's power is 5 in the case, 2 in the catalogue")
    ]
    assert report.text is not None
    new = yaml.safe_load(report.text)
    assert new["objects"][0] == {"id": "anthem", "card": "Glorious Anthem", "controller": "p1", "timestamp": 1}
    assert "abilities" not in new  # the catalogue gives the definition
    assert "# a comment that stays" in report.text
    assert case_from_data(new, "t.yaml").objects[0].printed.abilities == {"creatures you control get +1/+1."}


def test_linking_again_changes_nothing() -> None:
    first = link_text(Path("t.yaml"), CASE, catalogue())
    assert first.text is not None
    again = link_text(Path("t.yaml"), first.text, catalogue())
    assert again.text is None and again.linked == []


def test_link_files_writes_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(CASE, "utf-8")
    link_files([path], catalogue(), write=False)
    assert path.read_text("utf-8") == CASE
    link_files([path], catalogue(), write=True)
    assert path.read_text("utf-8") != CASE


def test_the_seed_cases_are_linked() -> None:
    """No seed case writes out a card the catalogue gives the same (link-cases was run on the corpus)."""
    reports = link_files(sorted((CASES_DIR / "seed").glob("*.yaml")), catalogue(), write=False)
    assert [r.path.name for r in reports if r.text is not None] == []


def test_an_object_named_as_a_card_with_no_card_field_is_linked_too() -> None:
    text = CASE.replace(
        "  - {id: big,",
        "  - {id: forest, name: Forest, controller: p2, timestamp: 4, types: [land], supertypes: [basic], subtypes: [forest]}\n"
        "  - {id: big,",
    )
    report = link_text(Path("t.yaml"), text, catalogue())
    assert "Forest" in report.linked and report.text is not None
    forest = next(o for o in yaml.safe_load(report.text)["objects"] if o["id"] == "forest")
    assert forest == {"id": "forest", "card": "Forest", "controller": "p2", "timestamp": 4}
