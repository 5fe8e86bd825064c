# ruff: noqa: E501 (a case file as written, one object a line)
"""Linking cases to the catalogue: a rewrite kept only when the case loads the same, and idempotent."""

from __future__ import annotations

from pathlib import Path

import yaml

from mtg_layers.catalogue.link import link_files, link_text, same_ability, self_blind
from mtg_layers.catalogue.load import catalogue
from mtg_layers.corpus import CASES_DIR, case_from_data


def case_text(case_id: str, title: str, feature: str, board: str, expect: str) -> str:
    """A derived one-step case under m10 as a file writes it: the header, the board's lines (``cards``,
    ``abilities``, ``objects``) as given, and one step expecting ``expect`` (a flow mapping)."""
    return (
        f'id: {case_id}\ntitle: "{title}"\n'
        f"status: derived\nversions: [m10]\nfeatures: [{feature}]\n"
        'sources:\n  - {kind: derived, ref: test, passage: "a test board"}\n'
        f"{board}"
        f'steps:\n  - description: "nothing happens"\n    expect:\n      m10: {expect}\n'
    )


CASE = case_text(
    "link-test",
    "Glorious Anthem and a Gray Ogre",
    "layer-7c-modify",
    """\
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
""",
    "{ogre: {power: 3, toughness: 3}}",
)


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


FLIP = case_text(
    "link-flip",
    "A flip card written out",
    "multi-step",
    """\
cards:
  - {name: "Nezumi Shortfang // Stabwhisker the Odious", mana_cost: "{1}{B}", type_line: "Creature — Rat Rogue // Legendary Creature — Rat Shaman", oracle: "x", power: 1, toughness: 1}
objects:
  - {id: nezumi, card: "Nezumi Shortfang // Stabwhisker the Odious", name: Nezumi Shortfang, controller: p2, timestamp: 2, mana_cost: "{1}{B}", colors: [black], types: [creature], subtypes: [rat, rogue], abilities: ["{1}{b}, {t}: target opponent discards a card. then if that player has no cards in hand, flip nezumi shortfang."], power: 1, toughness: 1, flip_face: {name: Stabwhisker the Odious, supertypes: [legendary], types: [creature], subtypes: [rat, shaman], abilities: ["at the beginning of each opponent's upkeep, that player loses 1 life for each card fewer than three in their hand."], power: 3, toughness: 3}}
""",
    "{nezumi: {name: Nezumi Shortfang, power: 1}}",
)


def test_a_flip_card_named_by_both_halves_is_linked_and_its_joined_entry_dropped() -> None:
    report = link_text(Path("flip.yaml"), FLIP, catalogue())
    assert report.linked == ["Nezumi Shortfang"] and report.text is not None
    data = yaml.safe_load(report.text)
    assert data["objects"] == [{"id": "nezumi", "card": "Nezumi Shortfang", "controller": "p2", "timestamp": 2}]
    assert "cards" not in data
    assert link_text(Path("flip.yaml"), report.text, catalogue()).text is None


def test_nothing_is_reported_linked_when_nothing_changes() -> None:
    done = link_text(Path("flip.yaml"), FLIP, catalogue()).text
    assert done is not None
    assert link_text(Path("flip.yaml"), done, catalogue()).linked == []


BLOCK = case_text(
    "link-block",
    "Objects written block-style",
    "layer-7c-modify",
    """\
abilities: []
objects:
- id: ogre
  card: Gray Ogre
  name: Gray Ogre
  controller: p1
  timestamp: 2
  mana_value: 3
  colors: [red]
  types: [creature]
  subtypes: [ogre]
  power: 2
  toughness: 2
  counters: [{kind: "+1/+1", count: 1}]

- id: commented
  card: Gray Ogre
  # a comment inside the object: the rewrite would lose it, so it is left alone
  name: Gray Ogre
  controller: p2
  timestamp: 3
  mana_value: 3
  colors: [red]
  types: [creature]
  subtypes: [ogre]
  power: 2
  toughness: 2
""",
    "{ogre: {power: 3, toughness: 3}}",
)


def test_a_block_style_object_is_rewritten_in_place_and_an_emptied_list_dropped() -> None:
    report = link_text(Path("block.yaml"), BLOCK, catalogue())
    assert report.linked == []
    assert report.kept == [("Gray Ogre", "the file's layout could not be edited in place (block-style object?)")]
    plain = BLOCK.replace("  # a comment inside the object: the rewrite would lose it, so it is left alone\n", "")
    report = link_text(Path("block.yaml"), plain, catalogue())
    assert report.linked == ["Gray Ogre"] and report.text is not None
    data = yaml.safe_load(report.text)
    assert data["objects"] == [
        {
            "id": "ogre",
            "card": "Gray Ogre",
            "controller": "p1",
            "timestamp": 2,
            "counters": [{"kind": "+1/+1", "count": 1}],
        },
        {"id": "commented", "card": "Gray Ogre", "controller": "p2", "timestamp": 3},
    ]
    assert "abilities" not in data and "abilities: []" not in report.text
    assert "\n\n- {id: commented" in report.text  # the blank line between the items stays
    assert link_text(Path("block.yaml"), report.text, catalogue()).text is None


LOOSE = case_text(
    "link-loose",
    "Older wordings and a card's unmodelled ability left out",
    "layer-7c-modify",
    """\
abilities:
  - text: "creatures you control get +1/+1"
    applies_to: {all: [{type: creature}, {controller: you}]}
    parts: [{op: modify_pt, power: 1, toughness: 1}]
objects:
  - {id: anthem, card: Glorious Anthem, name: Glorious Anthem, controller: p1, timestamp: 1, mana_value: 3, colors: [white], types: [enchantment], abilities: ["creatures you control get +1/+1"]}
  - {id: piker, card: Goblin Piker, name: Goblin Piker, controller: p1, timestamp: 2, mana_value: 2, colors: [red], types: [creature], subtypes: [goblin, warrior], power: 2, toughness: 1, abilities: ["goblin piker can't block"]}
  - {id: bears, name: Grizzly Bears, controller: p1, timestamp: 3, token: true, types: [creature], power: 2, toughness: 2}
""",
    '{piker: {power: 3, toughness: 2, abilities: ["goblin piker can\'t block"]}, anthem: {abilities: [creatures you control get +1/+1]}}',
)


def test_without_unmodelled_another_wording_is_a_different_board() -> None:
    report = link_text(Path("loose.yaml"), LOOSE, catalogue())
    assert report.linked == [] and [name for name, _ in report.kept] == ["Glorious Anthem", "Goblin Piker"]
    assert report.tokens == ["bears"]  # a token named as a card is not the card written out


def test_unmodelled_renames_the_case_wordings_to_the_cards_and_links() -> None:
    report = link_text(Path("loose.yaml"), LOOSE, catalogue(), unmodelled=True)
    assert report.linked == ["Glorious Anthem", "Goblin Piker"]
    assert report.renamed == [
        ("creatures you control get +1/+1", "creatures you control get +1/+1."),
        ("goblin piker can't block", "this creature can't block."),
    ]
    assert report.added == [] and report.text is not None
    data = yaml.safe_load(report.text)
    assert "abilities" not in data  # the renamed definition is the catalogue's, so it is dropped
    assert data["objects"][:2] == [
        {"id": "anthem", "card": "Glorious Anthem", "controller": "p1", "timestamp": 1},
        {"id": "piker", "card": "Goblin Piker", "controller": "p1", "timestamp": 2},
    ]
    assert data["objects"][2]["token"] is True and "card" not in data["objects"][2]
    want = data["steps"][0]["expect"]["m10"]
    assert want["piker"]["abilities"] == ["this creature can't block."]
    assert want["anthem"]["abilities"] == ["creatures you control get +1/+1."]
    assert link_text(Path("loose.yaml"), report.text, catalogue(), unmodelled=True).text is None


def test_unmodelled_lists_an_ability_the_card_adds() -> None:
    text = LOOSE.replace(', abilities: ["goblin piker can\'t block"]}\n  - {id: bears', "}\n  - {id: bears").replace(
        'abilities: ["goblin piker can\'t block"]}, anthem', "}, anthem"
    )
    report = link_text(Path("loose.yaml"), text, catalogue(), unmodelled=True)
    assert "Goblin Piker" in report.linked
    assert report.added == [("piker", "this creature can't block.")]


def test_self_blind_reads_a_name_and_this_type_alike() -> None:
    assert same_ability("Goblin Piker can't block.", "this creature can't block", "Goblin Piker")
    assert self_blind("Urza gets +1/+1.", "Urza, Lord High Artificer") == "~ gets +1/+1"
    assert not same_ability("flying", "reach", "Grizzly Bears")
