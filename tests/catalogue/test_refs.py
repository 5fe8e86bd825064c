"""Case objects that refer to catalogue cards: what the loader fills in, and the errors it gives."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_layers.catalogue.refs import expand, is_reference
from mtg_layers.corpus import CorpusError, case_from_data


def _case(objects: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "id": "t",
        "title": "t",
        "status": "derived",
        "versions": ["m10"],
        "features": ["layer-7c-modify"],
        "sources": [{"kind": "derived", "ref": "test", "passage": "a test board"}],
        "objects": objects,
        "steps": [{"description": "nothing happens", "expect": {"m10": {}}}],
        **extra,
    }


def test_a_reference_takes_the_cards_printed_values_definitions_and_entry() -> None:
    data = _case([{"id": "ogre", "card": "Gray Ogre", "controller": "p2", "timestamp": 1}])
    out = expand(data, "t.yaml")
    ogre = out["objects"][0]
    assert ogre == {
        "id": "ogre",
        "card": "Gray Ogre",
        "name": "Gray Ogre",
        "mana_cost": "{2}{R}",
        "mana_value": 3,
        "colors": ["red"],
        "types": ["creature"],
        "subtypes": ["ogre"],
        "supertypes": [],
        "power": 2,
        "toughness": 2,
        "controller": "p2",
        "timestamp": 1,
    }
    assert [c["name"] for c in out["cards"]] == ["Gray Ogre"]
    assert data["objects"][0] == {"id": "ogre", "card": "Gray Ogre", "controller": "p2", "timestamp": 1}  # unchanged


def test_a_french_name_finds_the_card_and_its_modelled_ability_comes_with_it() -> None:
    out = expand(_case([{"id": "a", "card": "Antienne glorieuse", "timestamp": 1}]), "t.yaml")
    assert out["objects"][0]["card"] == "Glorious Anthem"
    assert out["objects"][0]["abilities"] == ["creatures you control get +1/+1."]
    assert out["abilities"][0]["parts"] == [{"op": "modify_pt", "power": 1, "toughness": 1}]


def test_a_referenced_board_resolves_as_the_cards_say() -> None:
    from reference.case import board_at
    from reference.resolver import resolve
    from reference.versions import builtin_versions

    data = _case(
        [
            {"id": "anthem", "card": "Glorious Anthem", "timestamp": 1},
            {"id": "bears", "card": "Grizzly Bears", "timestamp": 2},
        ]
    )
    case = case_from_data(data, "t.yaml")
    version = builtin_versions()["m10"]
    result = resolve(board_at(case, 1, version), version).final["bears"]
    assert (result.power, result.toughness) == (3, 3)


def test_printed_star_counts_as_zero_and_one_plus_star_as_one() -> None:
    out = expand(
        _case([{"id": "g", "card": "Tarmogoyf", "timestamp": 1}, {"id": "c", "card": "Primal Clay", "timestamp": 2}]),
        "t.yaml",
    )
    assert (out["objects"][0]["power"], out["objects"][0]["toughness"]) == (0, 1)
    assert (out["objects"][1]["power"], out["objects"][1]["toughness"]) == (0, 0)


def test_an_unknown_card_names_file_field_and_a_close_name() -> None:
    data = _case([{"id": "x", "timestamp": 1}], steps=[])
    data["steps"] = [{"description": "x", "add_objects": [{"id": "h", "card": "Humilty"}], "expect": {"m10": {}}}]
    with pytest.raises(CorpusError) as err:
        case_from_data(data, "cases/x.yaml")
    text = str(err.value)
    assert text.startswith("cases/x.yaml: steps[0].add_objects[0].card: no card named 'Humilty'")
    assert "did you mean 'Humility'" in text


def test_a_case_cannot_define_a_referenced_cards_wording_otherwise() -> None:
    other = {
        "text": "creatures you control get +1/+1.",
        "applies_to": {"type": "creature"},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    data = _case([{"id": "a", "card": "Glorious Anthem", "timestamp": 1}], abilities=[other])
    with pytest.raises(CorpusError) as err:
        case_from_data(data, "cases/x.yaml")
    assert str(err.value).startswith("cases/x.yaml: abilities[0]: defines 'creatures you control get +1/+1.'")


def test_a_made_up_object_names_no_card() -> None:
    data = _case([{"id": "a", "card": "Glorious Anthem", "made_up": "a test", "timestamp": 1}])
    with pytest.raises(CorpusError) as err:
        case_from_data(data, "cases/x.yaml")
    assert str(err.value).startswith("cases/x.yaml: objects[0].made_up: a made-up object names no card")


def test_a_made_up_object_loads_with_its_reason() -> None:
    obj = {"id": "m", "made_up": "no card is a 3/3 with no types", "name": "M", "power": 3, "toughness": 3}
    case = case_from_data(_case([{**obj, "timestamp": 1}]), "t.yaml")
    assert case.objects[0].printed.power == 3


def test_an_object_written_out_is_taken_as_written() -> None:
    obj = {"id": "o", "card": "Gray Ogre", "name": "Gray Ogre", "power": 9, "toughness": 9, "timestamp": 1}
    assert not is_reference(obj)
    data = _case([obj])
    assert expand(data, "t.yaml") is data


def test_a_flip_card_reference_takes_both_halves_and_the_joined_entry() -> None:
    """710.1: the catalogue states a flip card's alternative half; a reference fills ``flip_face`` with it."""
    data = _case(
        [{"id": "bushi", "card": "Bushi Tenderfoot // Kenzo the Hardhearted", "controller": "p1", "timestamp": 1}]
    )
    out = expand(data, "t.yaml")
    bushi = out["objects"][0]
    assert bushi["card"] == "Bushi Tenderfoot"
    assert (bushi["name"], bushi["mana_cost"], bushi["colors"], bushi["power"], bushi["toughness"]) == (
        "Bushi Tenderfoot",
        "{W}",
        ["white"],
        1,
        1,
    )
    assert bushi["flip_face"] == {
        "name": "Kenzo the Hardhearted",
        "supertypes": ["legendary"],
        "types": ["creature"],
        "subtypes": ["human", "samurai"],
        "abilities": ["double strike", "bushido 2"],
        "power": 3,
        "toughness": 4,
    }
    assert [c["name"] for c in out["cards"]] == ["Bushi Tenderfoot // Kenzo the Hardhearted"]
    assert out["cards"][0]["type_line"] == "Creature — Human Soldier // Legendary Creature — Human Samurai"
    case_from_data(out, "t.yaml")


def test_a_flip_card_is_found_by_either_half_or_both() -> None:
    from mtg_layers.catalogue.load import catalogue

    cat = catalogue()
    names = ("Kenzo the Hardhearted", "Bushi Tenderfoot", "bushi tenderfoot // kenzo the hardhearted")
    assert {cat.card(n)["name"] for n in names} == {"Bushi Tenderfoot"}


def test_a_modal_double_faced_back_face_keeps_its_own_mana_cost() -> None:
    """712.8f: each face of a modal double-faced card has its own mana cost; a transforming back face has none."""
    from mtg_layers.catalogue.load import catalogue
    from mtg_layers.catalogue.refs import printed_values

    cat = catalogue()
    modal = printed_values(cat.card("Valentin, Dean of the Vein"), cat)
    assert modal["modal"] is True and modal["back_face"]["mana_cost"] == "{2}{G}{G}"
    transforming = next(c for c in cat.cards if c.get("face") == "front" and c.get("layout") == "transform")
    assert "mana_cost" not in printed_values(transforming, cat)["back_face"]
