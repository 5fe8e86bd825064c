"""205.3 subtype lists and the plurals of creature types (612.2), in the resolver and, separately, the encoding."""

from __future__ import annotations

import json
from importlib import resources

import pytest

import proofs.state
import proofs.vocabulary as pv
import proofs.words as pw
import reference.vocabulary as rv
from mtg_layers.corpus import CorpusError, case_from_data
from reference.filters import replace_in_text

DATA = json.loads(resources.files("reference.profiles").joinpath("subtypes.json").read_text("utf-8"))
CREATURE_TYPES = sorted(DATA["creature"])

# Plurals as Oracle text writes them ("Other Merfolk", "Elves", "Wolves", "Sphinxes", "Allies" ...).
ORACLE_PLURALS = {
    "merfolk": "merfolk",
    "kithkin": "kithkin",
    "moonfolk": "moonfolk",
    "treefolk": "treefolk",
    "elf": "elves",
    "dwarf": "dwarves",
    "wolf": "wolves",
    "werewolf": "werewolves",
    "mouse": "mice",
    "ox": "oxen",
    "fungus": "fungi",
    "cyclops": "cyclopes",
    "sphinx": "sphinxes",
    "octopus": "octopuses",
    "fox": "foxes",
    "phoenix": "phoenixes",
    "ally": "allies",
    "army": "armies",
    "mercenary": "mercenaries",
    "harpy": "harpies",
    "monkey": "monkeys",
    "sheep": "sheep",
    "fish": "fish",
    "kor": "kor",
    "myr": "myr",
    "eldrazi": "eldrazi",
    "samurai": "samurai",
    "goblin": "goblins",
    "human": "humans",
    "cyberman": "cybermen",
    "child": "children",
    "time lord": "time lords",
    "assembly-worker": "assembly-workers",
}


def test_every_205_3_list_is_filled() -> None:
    """205.3g-m: each list is there; Oko, Nissa and Teferi are planeswalker types; no word is on two lists."""
    for key in ("land", "artifact", "enchantment", "planeswalker", "spell", "battle", "creature"):
        assert DATA[key], key
    for name in ("oko", "nissa", "teferi", "gideon", "kaito", "quintorius"):
        assert name in DATA["planeswalker"]
        assert not rv.is_creature_type(name) and not proofs.state.is_creature_type(name)
    for key in ("land", "artifact", "enchantment", "planeswalker", "spell", "battle"):
        assert not set(DATA[key]) & set(DATA["creature"]), key
    for word in ("merfolk", "elf", "goblin", "shapeshifter"):
        assert rv.is_creature_type(word) and proofs.state.is_creature_type(word)
    assert rv.SUBTYPE_OWNER["siege"] == ("battle",) == pv.SUBTYPE_OWNER["siege"]


@pytest.mark.parametrize("word", CREATURE_TYPES)
def test_plural_of_every_creature_type(word: str) -> None:
    """The resolver's and the encoding's plurals agree for every 205.3m type, and match Oracle's where listed."""
    mine, theirs = rv.plural(word), pv.plural(word)
    assert mine == theirs
    if word in ORACLE_PLURALS:
        assert mine == ORACLE_PLURALS[word]
    elif word.endswith("folk"):
        assert mine == word
    else:
        assert mine in (word + "s", word + "es", word[:-1] + "ies", word), mine


def test_oracle_plurals_are_creature_types() -> None:
    assert set(ORACLE_PLURALS) <= set(CREATURE_TYPES)


@pytest.mark.parametrize(
    ("text", "old", "new", "expected"),
    [
        (
            "other merfolk get +1/+1 and have islandwalk",
            "merfolk",
            "goblin",
            "other goblins get +1/+1 and have islandwalk",
        ),
        ("target merfolk creature gets +1/+1", "merfolk", "goblin", "target goblin creature gets +1/+1"),
        ("other goblins get +1/+1", "goblin", "merfolk", "other merfolk get +1/+1"),
        ("other goblins get +1/+1", "goblin", "elf", "other elves get +1/+1"),
        ("elves you control have forestwalk", "elf", "wolf", "wolves you control have forestwalk"),
        ("merfolk", "merfolk", "goblin", "goblin"),
        ("each other kithkin you control", "kithkin", "ally", "each other ally you control"),
        ("other kithkin you control get +1/+1", "kithkin", "ally", "other allies you control get +1/+1"),
    ],
)
def test_text_change_of_a_plural(text: str, old: str, new: str, expected: str) -> None:
    """612.2: the word is replaced in the number the sentence uses, by the resolver and by the encoding."""
    assert replace_in_text(text, old, new) == expected
    assert pw.rewrite(text, {old: new}) == expected


def _case(subtypes: list[str]) -> dict[str, object]:
    return {
        "id": "unknown-subtype",
        "title": "t",
        "versions": ["ikoria"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": [
            {"id": "a", "name": "A", "controller": "p1", "timestamp": 1, "types": ["creature"], "subtypes": subtypes}
        ],
        "steps": [{"description": "s", "expect": {"ikoria": {}}}],
    }


def test_unknown_subtype_is_a_load_error_with_a_suggestion() -> None:
    """A subtype on no 205.3 list is rejected, naming the file, the field and the nearest known word."""
    with pytest.raises(CorpusError) as err:
        case_from_data(_case(["merfolks"]), "my-case.yaml")
    message = str(err.value)
    assert "my-case.yaml" in message and "objects[0].subtypes[0]" in message
    assert "'merfolk'" in message
    case_from_data(_case(["merfolk", "oko"]), "fine.yaml")  # both known (one a planeswalker type)


ABILITY_KINDS = [
    ("{t}: add {g}.", True),  # 605.1a: a mana ability is an activated ability
    ("{1}, {t}, sacrifice this artifact: draw a card.", True),  # 602.1: cost, colon, effect
    ("put a -1/-1 counter on this creature: untap this creature.", True),
    ("+1: draw a card.", True),  # 606: loyalty abilities are activated
    ("equip {2}", True),  # 702.6a: equip stands for an activated ability
    ("cycling {2}", True),  # 702.29a
    ("flying", False),  # 702.9: a static keyword
    ("level 1-3", False),  # 711.2a: a level symbol is a static ability
    ('creatures you control have "{t}: add {g}."', False),  # the colon belongs to the granted ability
    ("when this creature dies, draw a card.", False),  # 603.1: triggered
    ("at the beginning of your upkeep, you may have this creature become a copy of target creature", False),
    ("whenever a creature enters: this is still triggered", False),
]


@pytest.mark.parametrize(("text", "activated"), ABILITY_KINDS)
def test_activated_abilities_by_their_wording(text: str, activated: bool) -> None:
    """113.3b, 602.1: both readings (resolver and encoding) say which wordings are activated abilities."""
    assert rv.is_activated_ability(text) is activated
    assert pv.activated(text) is activated


def test_612_2_a_type_word_ending_in_sh_takes_es_in_the_plural() -> None:
    """612.2: a type word read in a plural ending in -sh takes -es, like -s, -x, -z and -ch (Sphinx, Sphinxes)."""
    from reference.vocabulary import plural

    assert (plural("wish"), plural("sphinx"), plural("witch")) == ("wishes", "sphinxes", "witches")
