"""Setup tables say what a static ability does in a card's words, never as data
(mtg_layers/docs_site/ability_words.py, generated_pages.setup_section)."""

from __future__ import annotations

import re

import pytest

from mtg_layers.docs_site.ability_words import condition_words, filter_words, part_words, value_words
from mtg_layers.docs_site.generated_pages import setup_section
from tests.builders import corpus

# a JSON object or list of objects, or a mapping key in quotes: what the setup tables used to show
DATA_LITERAL = re.compile(r"\{\s*\"|\"\s*:|\[\s*\{|\bNone\b")


@pytest.mark.parametrize(
    ("filt", "said"),
    [
        ({"all": [{"type": "creature"}, {"controller": "you"}]}, "each creature you control"),
        ({"type": "land"}, "each land"),
        ({"is_source": True}, "this object itself"),
        ({"id": "o0"}, "the object o0"),
        ({"ids": ["o0", "o1", "o2"]}, "the objects o0, o1 and o2"),
        ({"all": [{"type": "creature"}, {"other_than_source": True}, {"color": "blue"}]}, "each other blue creature"),
        ({"all": [{"type": "land"}, {"not": {"supertype": "basic"}}]}, "each nonbasic land"),
        (
            {"all": [{"type": "enchantment"}, {"not": {"is_source": True}}, {"not": {"subtype": "aura"}}]},
            "each other non-Aura enchantment",
        ),
        (
            {"all": [{"type": "creature"}, {"token": False}, {"controller": "you"}]},
            "each nontoken creature you control",
        ),
        ({"zone": "graveyard"}, "each card in a graveyard"),
        ({"attached_to_source": True}, "the permanent this object is attached to"),
        ({"subtype": "goblin", "other_than_source": True}, "each other Goblin"),
        (
            {
                "all": [
                    {"type": "creature"},
                    {"controller": "you"},
                    {"any": [{"subtype": "wolf"}, {"subtype": "werewolf"}]},
                ]
            },
            "each creature you control that is a Wolf or a Werewolf",
        ),
    ],
)
def test_a_filter_reads_as_the_card_names_the_objects(filt: dict[str, object], said: str) -> None:
    assert filter_words(filt) == said


@pytest.mark.parametrize(
    ("op", "args", "said"),
    [
        ("modify_pt", {"power": 1, "toughness": 1}, "gets +1/+1"),
        ("modify_pt", {"power": -2, "toughness": 0}, "gets -2/+0"),
        ("set_pt", {"power": 0, "toughness": 1}, "has base power and toughness 0/1"),
        ("set_land_subtype", {"subtypes": ["mountain"]}, "is a Mountain (it loses its other land types, 305.7)"),
        ("add_subtypes", {"subtypes": ["assembly-worker"]}, "is an Assembly-Worker in addition to its other types"),
        ("add_abilities", {"abilities": ["flying", "haste"]}, "has flying and haste"),
        ("remove_all_abilities", {}, "loses all abilities"),
        ("set_colors", {"colors": []}, "is colorless"),
        (
            "add_types",
            {"types": ["artifact", "creature"]},
            "is an artifact and a creature in addition to its other types",
        ),
        (
            "modify_pt",
            {"power": {"times": [-1, {"life": "you"}]}, "toughness": {"times": [-1, {"life": "you"}]}},
            "gets -X/-X, where X is your life total",
        ),
        (
            "set_pt",
            {
                "power": {"count": {"all": [{"subtype": "swamp"}, {"controller": "you"}]}},
                "toughness": {"count": {"all": [{"subtype": "swamp"}, {"controller": "you"}]}},
            },
            "has base power and toughness X/X, where X is the number of Swamps you control",
        ),
        (
            "set_pt",
            {"toughness": {"cards_in_hand": "you"}},
            "has base toughness X, where X is the number of cards in your hand",
        ),
        ("set_controller", {"player": "you"}, "is controlled by the effect's controller"),
    ],
)
def test_a_part_reads_as_what_the_effect_does(op: str, args: dict[str, object], said: str) -> None:
    assert part_words(op, args) == said


def test_values_and_conditions_read_as_words() -> None:
    assert value_words({"devotion": "white"}) == "your devotion to white"
    assert value_words({"sum": [{"card_types_among": {"zone": "graveyard"}}, 1]}) == (
        "the number of card types among cards in a graveyard plus 1"
    )
    assert (
        condition_words({"left": {"devotion": "red"}, "op": "<", "right": 5}) == "your devotion to red is less than 5"
    )
    assert condition_words(
        {"left": {"count": {"all": [{"is_source": True}, {"monstrous": True}]}}, "op": ">=", "right": 1}
    ) == ("this object is monstrous")


def test_no_setup_table_shows_a_data_literal() -> None:
    """Every case's setup section (as its generated page shows it) is words: no JSON object literal."""
    found = []
    for case in corpus():
        for line in setup_section(case):
            if m := DATA_LITERAL.search(line):
                found.append(f"{case.id}: {m.group(0)!r} in {line[:120]}")
    assert not found, found[:10]
