"""205.3 subtype lists, mana and activated abilities, and the plurals of creature types (612.2), in the
resolver (reference.vocabulary) and, separately, the encoding.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

import proofs.state
import proofs.vocabulary as pv
import reference.vocabulary as rv
from reference.vocabulary import SAME_IN_PLURAL, is_activated_ability, is_creature_type, plural, subtype_fits

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


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# vocabulary


def test_an_activated_ability_that_grants_a_quoted_ability_is_activated() -> None:
    """602.1, 113.3b: "cost: effect" at the first colon; a quoted colon belongs to a granted ability."""
    assert is_activated_ability('{T}: Target creature gains "{T}: Add {G}." until end of turn.')


def test_plural_of_type_words() -> None:
    """612.2: the plural a rules text uses for a type word (irregular, invariant, -folk, -y, sibilant endings)."""
    assert [plural(w) for w in ("elf", "ox", "cyclops", "fish", "merfolk", "stonefolk")] == [
        "elves",
        "oxen",
        "cyclopes",
        "fish",
        "merfolk",
        "stonefolk",
    ]
    assert "stonefolk" not in SAME_IN_PLURAL  # the -folk ending alone makes it invariant
    assert [plural(w) for w in ("ally", "fairy", "monkey", "ray", "envoy", "guy", "kiy")] == [
        "allies",
        "fairies",
        "monkeys",
        "rays",
        "envoys",
        "guys",
        "kiys",
    ]
    assert [plural(w) for w in ("sphinx", "walrus", "topaz", "witch", "marsh", "goblin")] == [
        "sphinxes",
        "walruses",
        "topazes",
        "witches",
        "marshes",
        "goblins",
    ]


def test_subtypes_fit_their_card_types() -> None:
    """205.3d, 205.3m: a subtype needs its card type; creature types go on creatures and kindred."""
    assert is_creature_type("elf") and not is_creature_type("oko")
    assert subtype_fits("equipment", frozenset({"artifact"})) and not subtype_fits("equipment", frozenset({"creature"}))
    assert subtype_fits("forest", frozenset({"land"}))
    assert all(subtype_fits("elf", frozenset({t})) for t in ("creature", "kindred", "tribal"))
    assert not subtype_fits("elf", frozenset({"artifact", "enchantment"}))


# --- 205.3: the subtype lists, loaded from the bundled data (reference.vocabulary) -----------------------


def test_205_3_the_subtype_lists_load_from_the_bundled_data() -> None:
    """205.3g-m: each card type's list of subtypes, as the loader reads it now (it also runs at import)."""
    from reference import vocabulary

    lists = vocabulary._subtype_lists()  # the module's own loader, called again: what the constants hold
    assert lists == vocabulary._LISTS
    assert "merfolk" in lists["creature"] and "forest" in lists["basic_land"] and "forest" in lists["land"]
    assert "gideon" in lists["planeswalker"] and "equipment" in lists["artifact"] and "aura" in lists["enchantment"]
    assert "arcane" in lists["spell"] and "siege" in lists["battle"]
    assert all(isinstance(v, tuple) and v for v in lists.values())


# --- 605.1a, 613.1f: mana abilities kept when an object loses the others -----------------------------------


def test_605_1a_an_ability_with_a_target_is_not_a_mana_ability() -> None:
    """605.1a: an activated ability that adds mana is a mana ability only if it has no target."""
    from reference.vocabulary import is_mana_ability

    assert is_mana_ability("{t}: add {r}.")
    assert not is_mana_ability("{t}: add {r}. this deals 1 damage to target player.")
