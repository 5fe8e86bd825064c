"""The card catalogue: its schema, its names, and each modelled definition read by the resolver and by z3."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mtg_layers.catalogue.link import self_blind
from mtg_layers.catalogue.load import catalogue, fold, load_catalogue
from mtg_layers.corpus import CorpusError, case_from_data


def test_catalogue_loads_against_its_schema() -> None:
    cat = catalogue()
    assert len(cat.cards) >= 150
    assert cat.card("Divinité de respect")["name"] == "Godhead of Awe"
    assert cat.card("ogre GRIS")["name"] == "Gray Ogre"


def test_unknown_name_gets_did_you_mean() -> None:
    with pytest.raises(CorpusError, match="did you mean 'Humility'"):
        catalogue().card("Humilty")


def test_bad_entry_names_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "cards.yaml"
    bad.write_text("cards:\n  - {name: X, layout: normal}\n", "utf-8")
    with pytest.raises(CorpusError) as err:
        load_catalogue(bad)
    assert str(bad) in str(err.value) and "cards[0]" in str(err.value)


def _board_with_every_definition() -> dict[str, object]:
    defs = catalogue().definitions()
    return {
        "id": "catalogue-definitions",
        "title": "Every catalogue definition",
        "status": "derived",
        "versions": ["2025-08-01"],
        "features": ["multi-step"],
        "sources": [{"kind": "derived", "ref": "catalogue", "passage": "the catalogue's definitions"}],
        "abilities": defs,
        "objects": [],
        "steps": [{"description": "nothing happens", "expect": {"2025-08-01": {}}}],
    }


def test_each_modelled_definition_loads_as_a_case_ability() -> None:
    case = case_from_data(_board_with_every_definition(), "catalogue")
    assert len(case.abilities) == len(catalogue().definitions())


def test_z3_encoding_reads_each_definition() -> None:
    from proofs.reads import NOT_MODELLED, not_encoded
    from reference.case import initial_board

    case = case_from_data(_board_with_every_definition(), "catalogue")
    gaps = [g for g in not_encoded(initial_board(case)) if NOT_MODELLED not in g]
    assert gaps == []


def test_every_real_card_the_corpus_names_is_catalogued() -> None:
    from mtg_layers.corpus import CASES_DIR, read_yaml

    cat = catalogue()
    missing = set()
    for path in sorted(CASES_DIR.rglob("*.yaml")):
        for card in read_yaml(path).get("cards") or []:
            if "stand-in" not in card["name"] and fold(card["name"]) not in cat.by_name:
                missing.add(card["name"])
    assert sorted(missing) == []


def test_every_entry_names_the_oracle_source_it_was_checked_against() -> None:
    unchecked = sorted(c["name"] for c in catalogue().cards if c["oracle_source"] is None)
    assert unchecked == []


def test_the_catalogue_holds_at_least_400_real_cards() -> None:
    """Issue 30: at least 400 entries, each a real card face checked against a stored Oracle source."""
    cards = catalogue().cards
    assert len(cards) >= 400
    assert all(c["oracle_source"]["repo"] and len(c["oracle_source"]["commit"]) == 40 for c in cards)


def test_a_double_faced_entry_names_its_other_face() -> None:
    cat = catalogue()
    for card in cat.cards:
        if "other_face" in card:
            other = cat.card(card["other_face"])
            assert other["other_face"] == card["name"] and {card["face"], other["face"]} == {"front", "back"}


def test_a_card_gives_its_wordings_and_definitions() -> None:
    texts, defs = catalogue().abilities_of("Humility")
    assert texts == ["all creatures lose all abilities and have base power and toughness 1/1."]
    assert defs == [
        {
            "text": "all creatures lose all abilities and have base power and toughness 1/1.",
            "applies_to": {"type": "creature"},
            "parts": [{"op": "remove_all_abilities"}, {"op": "set_pt", "power": 1, "toughness": 1}],
        }
    ]


def test_a_bad_definition_is_named_by_its_field(tmp_path: Path) -> None:
    from mtg_layers.catalogue.load import CATALOGUE_FILE
    from mtg_layers.corpus import read_yaml

    data = read_yaml(CATALOGUE_FILE)
    index = next(i for i, c in enumerate(data["cards"]) if c["name"] == "Humility")
    data["cards"][index]["abilities"][0]["definition"]["parts"][0]["op"] = "lose_everything"
    bad = tmp_path / "cards.yaml"
    bad.write_text(yaml.safe_dump(data), "utf-8")
    with pytest.raises(CorpusError) as err:
        load_catalogue(bad)
    assert str(err.value).startswith(
        f"{bad}: cards[{index}].abilities[0].definition.parts[0].op: 'lose_everything' is not one of"
    )


def test_no_entry_lists_one_ability_twice() -> None:
    """No face lists two abilities that differ only by naming the card or "this <type>" (or a final period):
    the card has the ability once (Mishra's Factory, Goblin Piker listed both wordings)."""
    twice = []
    for card in catalogue().cards:
        for face in [card, *([card["flipped"]] if card.get("flipped") else [])]:
            seen: dict[str, str] = {}
            for a in face["abilities"]:
                key = self_blind(str(a["text"]), str(face["name"]))
                if key in seen:
                    twice.append((face["name"], seen[key], a["text"]))
                seen[key] = str(a["text"])
    assert twice == []
