"""The words the encoding needs, read from the rules by the encoding itself (not from ``reference.vocabulary``).

The subtype lists of 205.3 are shared *data* (``reference/profiles/subtypes.json``, like the
rules profiles); what follows from them (which subtypes are creature types, which card
types can bear them, how a type word is written in the plural) is read here again, so
that a misreading in the resolver's vocabulary is not repeated by the encoding.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Final

COLORS: Final = ("white", "blue", "black", "red", "green")  # 105.1

# 122.1b: the keyword counters; an object with one has that keyword. The list by the date each
# text added to it (Ikoria's twelve, then shadow, exalted, decayed); none before Ikoria.
_IKORIA_KEYWORD_COUNTERS = frozenset(
    {
        "deathtouch",
        "double strike",
        "first strike",
        "flying",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "trample",
        "vigilance",
    }
)
KEYWORD_COUNTERS_SINCE: Final = (
    ("2020-04-17", _IKORIA_KEYWORD_COUNTERS),
    ("2023-06-16", _IKORIA_KEYWORD_COUNTERS | {"shadow"}),
    ("2024-06-07", _IKORIA_KEYWORD_COUNTERS | {"shadow", "exalted"}),
    ("2025-04-04", _IKORIA_KEYWORD_COUNTERS | {"shadow", "exalted", "decayed"}),
)
KEYWORD_COUNTERS: Final = KEYWORD_COUNTERS_SINCE[-1][1]


def keyword_counters_on(day: str | None) -> frozenset[str]:
    """122.1b: the keyword counters of the rules in force on ``day`` (None: the newest text's)."""
    if day is None:
        return KEYWORD_COUNTERS
    listed = [kinds for since, kinds in KEYWORD_COUNTERS_SINCE if since <= day]
    return listed[-1] if listed else frozenset()


# 205.3m (and 308.3 for kindred): creature types are borne by creatures and kindred (tribal) objects.
CREATURE_TYPE_BEARERS: Final = ("creature", "kindred", "tribal")

_DATA = json.loads(resources.files("reference.profiles").joinpath("subtypes.json").read_text("utf-8"))
# 205.3d: a subtype belongs to the card type whose list names it; spell types to instants and sorceries.
_OWNER_OF_LIST = {
    "land": ("land",),
    "artifact": ("artifact",),
    "enchantment": ("enchantment",),
    "spell": ("instant", "sorcery"),
    "planeswalker": ("planeswalker",),
    "battle": ("battle",),
}
SUBTYPE_OWNER: Final[dict[str, tuple[str, ...]]] = {
    word: owners for key, owners in _OWNER_OF_LIST.items() for word in _DATA.get(key, ())
}
# 205.3m names the creature types; a word on no list (a planeswalker's name, say) is not one.
CREATURE_TYPES: Final = frozenset(_DATA["creature"])

# Operation names of the case format, by the layer family they belong to (613.1a-g).
OPERATION_KIND: Final[dict[str, str]] = {
    "copy_of": "copy",
    "merge": "copy",  # 721.2a / 729.2a: merging is a copiable effect (a rule's, timestamped when merged)
    "face_down": "face_down",
    "set_controller": "control",
    "replace_word": "text",
    "full_text_of": "text",
    "set_name": "text",  # 612.8: an effect that sets the name (layer 3)
    "name_sticker": "text",  # 612.9, 123.6: a name sticker adds a word to the name (a rule's effect)
    **{
        op: "type"
        for op in (
            "add_types",
            "set_types",
            "remove_types",
            "add_subtypes",
            "set_subtypes",
            "remove_subtypes",
            "all_creature_types",
            "remove_all_creature_types",
            "set_land_subtype",
            "add_supertypes",
            "remove_supertypes",
        )
    },
    "set_colors": "color",
    "add_colors": "color",
    "add_abilities": "ability",
    "remove_abilities": "ability",
    "remove_all_abilities": "ability",
    "remove_all_abilities_except_mana": "ability",
    "add_activated_abilities_of": "ability",
    "set_pt": "pt_set",
    "modify_pt": "pt_modify",
    "switch_pt": "pt_switch",
    "counter_pt": "counter_pt",
    "counter_keyword": "counter_keyword",
}

# 305.6: each basic land type gives its land "{T}: Add [its mana symbol]." (as case wordings are written)
_MANA_SYMBOL_OF_BASIC: Final = {"plains": "w", "island": "u", "swamp": "b", "mountain": "r", "forest": "g"}
INTRINSIC: Final[dict[str, str]] = {t: "{t}: add {" + m + "}." for t, m in _MANA_SYMBOL_OF_BASIC.items()}


# 602.1: the activated abilities some keywords stand for (equip 702.6, cycling 702.29, ...).
_ACTIVATED_KEYWORD = re.compile(
    r"^(equip|cycling|crew|fortify|level up|ninjutsu|outlast|reinforce|scavenge|transmute|unearth|embalm|eternalize"
    r"|boast|reconfigure)( |$)"
)
# 602.1: "[cost]: [effect]", the cost holding no quotation mark; 603.1: a trigger word first is never one.
_COST_COLON = re.compile(r'^(?!when |whenever |at )[^"]*?: ')


def activated(text: str) -> bool:
    """113.3b: an activated ability (mana and loyalty abilities too), as a case writes its wording."""
    return bool(_COST_COLON.match(text) or _ACTIVATED_KEYWORD.match(text))


def mana_ability(text: str) -> bool:
    """605.1a: an activated ability that adds mana: a cost, a colon, then "add"; no target."""
    head, sep, rest = text.partition(": ")
    return bool(sep) and '"' not in head and rest.startswith("add {") and "target" not in text


# How Oracle text writes creature types in the plural (205.3m lists the singular forms):
# "Other Merfolk you control", "Elves", "Wolves", "Allies". Written out here as the
# encoding's own reading, not taken from the resolver.
_IRREGULAR: Final = (
    ("child", "children"),
    ("cyberman", "cybermen"),
    ("cyclops", "cyclopes"),
    ("dwarf", "dwarves"),
    ("elf", "elves"),
    ("fungus", "fungi"),
    ("mouse", "mice"),
    ("ox", "oxen"),
    ("werewolf", "werewolves"),
    ("wolf", "wolves"),
)
# Invariant plurals: the -folk types (Merfolk, Moonfolk, Treefolk) and these.
_INVARIANT: Final = frozenset(
    (
        *("aetherborn", "astartes", "aurochs", "azra", "bison", "c'tan", "custodes", "dauthi", "eldrazi", "fish"),
        *("gith", "jellyfish", "kavu", "kirin", "kithkin", "kor", "metathran", "myr", "naga", "nephilim"),
        *("samurai", "sheep", "soltari", "spawn", "starfish", "surrakar", "thalakos", "vedalken", "viashino"),
        "zubera",
    )
)


def plural(word: str) -> str:
    """612.2 reads a type word in the singular or plural: the plural form of ``word``."""
    for singular, many in _IRREGULAR:
        if word == singular:
            return many
    if word.endswith("folk") or word in _INVARIANT:
        return word
    stem, last = word[:-1], word[-1:]
    if last == "y" and stem[-1:] not in tuple("aeiou"):
        return stem + "ies"
    if word.endswith(("sh", "ch")) or last in ("s", "x", "z"):
        return word + "es"
    return word + "s"
