"""The closed vocabulary of the corpus: operations, colors, types and subtypes.

Each operation belongs to one *kind*; a rules version (``reference.versions``)
classifies kinds (with the effect's origin) into the slots of its layer system.
"""

from __future__ import annotations

import json
import pkgutil
import re
from typing import Final

COLORS: Final = ("white", "blue", "black", "red", "green")

CARD_TYPES: Final = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "tribal",
)

SUPERTYPES: Final = ("basic", "legendary", "ongoing", "snow", "world")


def _bundled(name: str) -> str:
    """A bundled data file of reference/profiles (pkgutil: cheaper to import than importlib.resources)."""
    data = pkgutil.get_data("reference.profiles", name)
    if data is None:
        raise FileNotFoundError(f"reference/profiles/{name}")
    return data.decode("utf-8")


def _subtype_lists() -> dict[str, tuple[str, ...]]:
    """205.3: the subtype lists of each card type, read from the bundled data (profiles/subtypes.json)."""
    data = json.loads(_bundled("subtypes.json"))
    return {k: tuple(v) for k, v in data.items() if isinstance(v, list)}


_LISTS: Final = _subtype_lists()

# 305.6: the basic land types.
BASIC_LAND_TYPES: Final = _LISTS["basic_land"]
# 205.3i: land types (lower case).
LAND_TYPES: Final = _LISTS["land"]
# 205.3g, 205.3h, 205.3j, 205.3k: subtypes of other card types.
ARTIFACT_TYPES: Final = _LISTS["artifact"]
ENCHANTMENT_TYPES: Final = _LISTS["enchantment"]
SPELL_TYPES: Final = _LISTS["spell"]
PLANESWALKER_TYPES: Final = _LISTS["planeswalker"]
BATTLE_TYPES: Final = _LISTS["battle"]
# 205.3m: creature types (shared by creatures and kindred cards).
CREATURE_TYPES: Final = frozenset(_LISTS["creature"])

# Which card type each non-creature subtype corresponds to (205.3c, 205.3d).
SUBTYPE_OWNER: Final[dict[str, tuple[str, ...]]] = {
    **{t: ("land",) for t in LAND_TYPES},
    **{t: ("artifact",) for t in ARTIFACT_TYPES},
    **{t: ("enchantment",) for t in ENCHANTMENT_TYPES},
    **{t: ("instant", "sorcery") for t in SPELL_TYPES},
    **{t: ("planeswalker",) for t in PLANESWALKER_TYPES},
    **{t: ("battle",) for t in BATTLE_TYPES},
}

# Every subtype of 205.3; a case may use no other.
ALL_SUBTYPES: Final = frozenset(SUBTYPE_OWNER) | CREATURE_TYPES

# Card types whose objects can have creature types (205.3m): creatures and kindred.
CREATURE_TYPE_BEARERS: Final = ("creature", "kindred", "tribal")


def is_creature_type(subtype: str) -> bool:
    """205.3m: the creature types are the ones its list names (a planeswalker type such as Oko is not one)."""
    return subtype in CREATURE_TYPES


def subtype_fits(subtype: str, types: frozenset[str]) -> bool:
    """205.3d: an object can have a subtype only if it has a matching card type."""
    owners = SUBTYPE_OWNER.get(subtype, CREATURE_TYPE_BEARERS)
    return any(t in types for t in owners)


# 305.6: the intrinsic mana ability of each basic land type, as a case writes ability wordings.
INTRINSIC_MANA: Final = {
    "plains": "{t}: add {w}.",
    "island": "{t}: add {u}.",
    "swamp": "{t}: add {b}.",
    "mountain": "{t}: add {r}.",
    "forest": "{t}: add {g}.",
}

# 605.1a: a mana ability's wording (an activated ability that adds mana), as a case writes it.
MANA_ABILITY = re.compile(r"^[^:\"]*: add \{")


def is_mana_ability(text: str) -> bool:
    """605.1a: an activated ability with a cost that adds mana (no target, not a loyalty ability)."""
    return bool(MANA_ABILITY.match(text)) and "target" not in text


# 113.3c, 603.1: a triggered ability begins with "when", "whenever" or "at".
TRIGGER_WORDS: Final = ("when ", "whenever ", "at ")
# 113.3b: keyword abilities that stand for activated abilities (each one's rule in 702).
ACTIVATED_KEYWORDS: Final = (
    "boast",  # 702.142
    "crew",  # 702.122
    "cycling",  # 702.29
    "embalm",  # 702.128
    "equip",  # 702.6
    "eternalize",  # 702.129
    "fortify",  # 702.67
    "level up",  # 702.87
    "ninjutsu",  # 702.49
    "outlast",  # 702.107
    "reconfigure",  # 702.151
    "reinforce",  # 702.77
    "scavenge",  # 702.97
    "transmute",  # 702.53
    "unearth",  # 702.84
)


def is_activated_ability(text: str) -> bool:
    """113.3b, 602.1: an activated ability is written "cost: effect" (or is a keyword that stands for one).

    A colon inside quotation marks belongs to an ability the text grants, not to this one;
    mana abilities (605.1a) and loyalty abilities (606) are activated abilities too.
    """
    if text.startswith(TRIGGER_WORDS):
        return False
    head, colon, _ = text.partition(": ")
    if colon and '"' not in head:
        return True
    return any(text == k or text.startswith(k + " ") for k in ACTIVATED_KEYWORDS)


# 122.1b: keyword counters that grant their keyword.
KEYWORD_COUNTERS: Final = (
    "deathtouch",
    "decayed",
    "double strike",
    "exalted",
    "first strike",
    "flying",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "shadow",
    "trample",
    "vigilance",
)

# Operation -> kind. A rules version maps (kind, origin) to a slot.
OPERATION_KIND: Final[dict[str, str]] = {
    # layer 1
    "copy_of": "copy",
    "face_down": "face_down",
    # layer 2
    "set_controller": "control",
    # layer 3
    "replace_word": "text",
    "full_text_of": "text",
    "set_name": "text",  # 612.8: an effect that sets the name (a text-changing effect, layer 3)
    "name_sticker": "text",  # 123.6, 612.9: a name sticker's word (a rule's effect, never a case's part)
    # layer 4
    "add_types": "type",
    "set_types": "type",
    "remove_types": "type",
    "add_subtypes": "type",
    "set_subtypes": "type",
    "remove_subtypes": "type",
    "all_creature_types": "type",
    "remove_all_creature_types": "type",
    "set_land_subtype": "type",
    "add_supertypes": "type",
    "remove_supertypes": "type",
    # layer 5
    "set_colors": "color",
    "add_colors": "color",
    # layer 6
    "add_abilities": "ability",
    "remove_abilities": "ability",
    "remove_all_abilities": "ability",
    "remove_all_abilities_except_mana": "ability",
    "add_activated_abilities_of": "ability",
    # layer 7
    "set_pt": "pt_set",
    "modify_pt": "pt_modify",
    "switch_pt": "pt_switch",
    # rules, not effects: counters (122.1) and face-down status (708.2)
    "counter_pt": "counter_pt",
    # 729.2a (721.2a in 2020): merging is a copiable effect, timestamped when the objects merged
    "merge": "copy",
    "counter_keyword": "counter_keyword",
}

KINDS: Final = tuple(sorted(set(OPERATION_KIND.values())))

# Origins of a continuous effect: resolved spells and abilities (611.2), static
# abilities (611.3), characteristic-defining abilities (604.3), and the game
# rules themselves (counters, face-down status).
ORIGINS: Final = ("resolved", "static", "cda", "rule")

# 205.3m names creature types in the singular; rules text also uses them in the plural
# ("Other Merfolk you control", "Elves you control", "Goblins"). Oracle plurals that are
# not the word plus -s or -es:
IRREGULAR_PLURALS: Final = {
    "elf": "elves",
    "dwarf": "dwarves",
    "wolf": "wolves",
    "werewolf": "werewolves",
    "mouse": "mice",
    "ox": "oxen",
    "child": "children",
    "fungus": "fungi",
    "cyclops": "cyclopes",
    "cyberman": "cybermen",
}
# Types whose plural is the word itself (every -folk, and the invariant ones Oracle text uses so).
SAME_IN_PLURAL: Final = frozenset(
    {
        "aetherborn",
        "astartes",
        "aurochs",
        "azra",
        "bison",
        "c'tan",
        "custodes",
        "dauthi",
        "eldrazi",
        "fish",
        "gith",
        "jellyfish",
        "kavu",
        "kirin",
        "kithkin",
        "kor",
        "merfolk",
        "metathran",
        "moonfolk",
        "myr",
        "naga",
        "nephilim",
        "samurai",
        "sheep",
        "soltari",
        "spawn",
        "starfish",
        "surrakar",
        "thalakos",
        "treefolk",
        "vedalken",
        "viashino",
        "zubera",
    }
)


def plural(word: str) -> str:
    """612.2: the plural a rules text uses for a type word (Goblins, Elves, Sphinxes, Merfolk, Allies)."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word in SAME_IN_PLURAL or word.endswith("folk"):
        return word
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    return word + "s"
