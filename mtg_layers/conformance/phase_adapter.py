"""The phase.rs engine (through its Python bindings, ``phase-python``) as a conformance adapter.

phase.rs is an open-source Magic rules engine in Rust; ``phase-python`` exposes it as ``phase``. The
adapter speaks protocol version 1 (docs/conformance.md) and reads the runner's accumulated ``board``:

- phase's card data is built from the card catalogue (``corpus/catalogue/cards.yaml``), each card's
  Oracle text parsed by phase itself (``phase.build_oracle_face``); only objects that are real cards
  of the catalogue, with the card's printed characteristics, are set up;
- the board is written into a fresh game's exported state (zones, the stack zone included, timestamps,
  controllers, counters, attachments, life totals, hand sizes, merged permanents, the face of a modal
  double-faced card or the half of a flip card that is up) and the resolved effects the board lists (and
  its stickers' effects) become phase's transient continuous effects, each part translated to the
  modification phase's own parser gives the same words; the game is loaded back, a no-op debug action
  makes phase recompute the layers, and each object's characteristics are read back in the corpus
  vocabulary;
- whatever phase cannot be told is answered ``skipped`` with the reason, never a failure.

It answers through the reference adapter's protocol loops (``mtg_layers.adapter.serve`` and ``oneshot``,
given this module's ``handle``), so both adapters speak the protocol with the same code.

Run it: ``mtg-layers conformance -- python -m mtg_layers.conformance.phase_adapter``.
"""

from __future__ import annotations

import json
import re
import sys
import uuid
from collections.abc import Mapping
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml

from reference.vocabulary import CREATURE_TYPES

PROTOCOL_VERSION = 1
CATALOGUE = Path(__file__).resolve().parents[2] / "corpus" / "catalogue" / "cards.yaml"
SEATS = {"p1": 0, "p2": 1}
PLAYERS = {v: k for k, v in SEATS.items()}
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
PHASE_COLORS = {"White": "white", "Blue": "blue", "Black": "black", "Red": "red", "Green": "green"}
ZONES = {
    "battlefield": "Battlefield",
    "hand": "Hand",
    "library": "Library",
    "graveyard": "Graveyard",
    "exile": "Exile",
    "stack": "Stack",
}
FILLER = "Grizzly Bears"
TYPES_CARRIER = "mtg-layers creature types"
COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
# 122.1b: the keyword counters; phase grants the keyword of a counter named as its keyword.
KEYWORD_COUNTERS = {
    "flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance",
}  # fmt: skip
# Counters phase keeps by name without a rule of their own that the layers read (loyalty, level, ...).
NAMED_COUNTERS = {"loyalty", "level", "gold", "fade", "age", "charge", "time", "lore", "oil"}


def counter_key(kind: str) -> str:
    """A corpus counter kind as phase's counter key, or Unsupported."""
    if kind in COUNTERS:
        return COUNTERS[kind]
    if kind in KEYWORD_COUNTERS:  # phase names a keyword counter by its keyword in lower case ("first strike")
        return kind
    if kind in NAMED_COUNTERS or re.fullmatch(r"[+-]\d+/[+-]\d+", kind):  # 122.1a: +1/+0 and the like, by name
        return kind
    raise Unsupported(f"{kind} counters cannot be told to phase")


def counter_kind(key: str) -> str:
    """phase's counter key read back as the corpus kind."""
    for kind in (*COUNTERS, *KEYWORD_COUNTERS, *NAMED_COUNTERS):
        if counter_key(kind).lower() == key.lower():
            return kind
    return key


# What this adapter can tell phase. The runner skips the rest by feature: text changes (layer 3, phase has no
# modification for them), created tokens; within a declared feature, what phase
# cannot be told (a conditional copy exception, a modal double-faced card, ...) is a skip naming it.
FEATURES = [
    "stickers",
    "created-tokens",
    "layer-3-text",
    "merged",
    "layer-1-copy",
    "copy-exception",
    "double-faced",
    "chosen-values",
    "entry-choice",
    "face-down",
    "turn-face-up-down",
    "keyword-counters",
    "multi-step",
    "timestamps",
    "layer-2-control",
    "layer-4-type",
    "layer-5-color",
    "layer-6-abilities",
    "layer-7a-cda",
    "layer-7b-set",
    "layer-7c-modify",
    "layer-7d-switch",
    "counters",
    "dependency",
    "dependency-loop",
    "lock-in",
    "static-existence",
    "cda-first",
    "land-types",
    "value-expression",
    "conditional-static",
    "lose-creature-types",
    "other-zones",
    "zone-change",
    "state-based-actions",
    "expect-has-lacks",
    "version-difference",
    "owner",
    "mana-cost",
    "intrinsic-mana-abilities",
    "values-from-objects",
    "abilities-of-others",
    # Read from the runner's accumulated board, where the runner has already done them: the timestamps
    # the rules assign, the counters objects entered with, the legend rule, life totals.
    "rule-timestamps",
    "entry-counters",
    "legend-rule",
    "game-state",
]
FORMAT = {
    "allow_debug_actions": True,
    "command_zone": False,
    "commander_damage_threshold": None,
    "deck_size": {"data": 60, "type": "Minimum"},
    "default_deck_copy_limit": {"data": 4, "type": "UpTo"},
    "format": "Standard",
    "max_players": 2,
    "min_players": 2,
    "range_of_influence": None,
    "sideboard_policy": {"data": 15, "type": "Limited"},
    "singleton": False,
    "starting_life": 20,
    "supplies_fixed_deck": False,
    "team_based": False,
    "uses_commander": False,
}


class Unsupported(Exception):
    """Something on the board phase cannot be told: the run is skipped with this reason."""


def phase_version() -> str:
    """The installed phase-python version."""
    return metadata.version("phase-python")


@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """The card catalogue by card name (parsed by libyaml where PyYAML has it: the same data, a tenth of the time)."""
    data = yaml.load(CATALOGUE.read_text("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    cards = {c["name"]: c for c in data["cards"]}
    for card in data["cards"]:  # 710.1c: a flip card's flipped half as a card of its own, with the card's color, cost
        if card["layout"] == "flip" and card.get("flipped"):
            half = card["flipped"]
            cards[half["name"]] = {**card, **half, "layout": "normal", "flipped": None, "flip_of": card["name"]}
    return cards


def mtgjson_card(card: Mapping[str, Any]) -> dict[str, Any]:
    """A catalogue card in the MTGJSON atomic-card shape phase's card builder reads."""
    keywords = []
    for a in card["abilities"]:  # phase parses a keyword only when MTGJSON also lists it
        text = a["text"]
        if a.get("kind") == "keyword" and "{" in text:
            keywords.append(text.split()[0].capitalize())  # Morph, Mutate, Equip: MTGJSON lists the word
        elif a.get("kind") == "keyword" and re.fullmatch(r"[a-z ]+ (\d+|x)", text):
            keywords.append(text.rsplit(" ", 1)[0].capitalize())  # Crew 1, Bushido 2: MTGJSON lists the word
        elif a.get("kind") == "keyword" and not text.startswith(("protection", "enchant", "equip")):
            keywords.append(text.capitalize())
        elif text == "changeling" or text.startswith(("protection from ", "enchant ", "equip")):
            keywords.append(text.split()[0].capitalize())
        elif re.fullmatch(r"(fading|vanishing|modular|graft) \d+", text):  # 702.32, 702.63, 702.43, 702.58
            keywords.append(text.split()[0].capitalize())  # modelled as its entering counters, still a keyword
    data: dict[str, Any] = {
        "name": card["name"],
        "manaCost": card["mana_cost"] or "",
        "manaValue": card["mana_value"],
        "type": card["type_line"],
        "types": [t.title() for t in card["types"]],
        "subtypes": [s.title() for s in card["subtypes"]],
        "supertypes": [s.title() for s in card["supertypes"]],
        # a catalogue entry whose Oracle text is a placeholder ("...": Time Vault) models no ability: none for phase
        "text": "" if card["oracle"].strip() == "..." else card["oracle"],
        "colors": [COLORS[c] for c in card["colors"]],
        "colorIdentity": [COLORS[c] for c in card["colors"]],
        "keywords": keywords,
        "legalities": {},
        "identifiers": {},
        "layout": "normal",
    }
    for field in ("power", "toughness", "loyalty"):
        if card.get(field) is not None:
            data[field] = str(card[field])
    return data


@cache
def faces() -> dict[str, dict[str, Any]]:
    """phase's card face for every single-faced card of the catalogue, parsed from its Oracle text."""
    import phase

    cards = catalogue()
    data = {name: phase.build_oracle_face(mtgjson_card(c), None) for name, c in cards.items() if single_faced_up(c)}
    for name, card in cards.items():  # 712.1: a transforming double-faced card, both faces under one oracle id
        back = cards.get(card.get("other_face") or "")
        if card["layout"] == "transform" and card.get("face") == "front" and back is not None:
            oid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"mtg-layers:{name}"))
            for index, face in enumerate((card, back)):
                built = phase.build_oracle_face_multi({**mtgjson_card(face), "layout": "transform"}, oid)
                data[face["name"]] = {**built, "layout": "transform", "face_index": index}
    return data


def single_faced_up(card: Mapping[str, Any]) -> bool:
    """Whether phase is given the card as one face: a normal card, or either face of a modal double-faced card,
    which is all the permanent has while that face is up (712.8d; see ``modal_face``)."""
    return card["layout"] in ("normal", "modal_dfc", "flip")  # an unflipped flip card is its normal half (710.2)


# The fields of a board object that show one face of it.
FACE_VALUES = ("name", "mana_cost", "mana_value", "colors", "types", "subtypes", "supertypes", "power", "toughness")


def flip_face(o: Mapping[str, Any]) -> dict[str, Any]:
    """710.1c, 710.2: a flip card has its normal half's characteristics, or while flipped (a permanent) its
    flipped half's with the card's color and mana cost: phase is given that half as a card of its own."""
    if not o.get("flip_face"):
        return dict(o)
    plain = {k: v for k, v in o.items() if k not in ("flip_face", "flipped")}
    if not o.get("flipped"):
        return plain
    half = catalogue().get(o["flip_face"].get("name") or "")
    if half is None or half.get("flip_of") != o.get("card"):
        raise Unsupported(f"object {o['id']}: the flipped half of {o.get('card')!r} is not in the card catalogue")
    values = {k: half.get(k) for k in FACE_VALUES}
    return {**plain, **values, "card": half["name"], "abilities": list(o["flip_face"].get("abilities") or [])}


def modal_face(o: Mapping[str, Any]) -> dict[str, Any]:
    """712.8d-e: a modal double-faced card has only the characteristics of the face that is up (its front face
    outside the battlefield and the stack), so phase is given that face as a card of its own; its mana value is
    that face's."""
    if not o.get("modal"):
        return dict(o)
    plain = {k: v for k, v in o.items() if k not in ("modal", "back_face", "transformed", "transform_history")}
    if not back_face_up(o) or o.get("zone") not in ("battlefield", "stack"):  # a spell cast as its back face too
        return plain
    card = catalogue().get(o.get("card") or "") or {}
    back = catalogue().get(card.get("other_face") or "")
    if back is None:
        raise Unsupported(f"object {o['id']}: the back face of {o.get('card')!r} is not in the card catalogue")
    values = {k: back.get(k) for k in FACE_VALUES}
    abilities = o["back_face"].get("abilities") or [a["text"] for a in back["abilities"]]
    return {**plain, **values, "card": back["name"], "abilities": list(abilities)}


def double_faced(name: str) -> bool:
    """Whether phase is given the card as the front face of a transforming double-faced card (712.1)."""
    card = catalogue().get(name) or {}
    return card.get("layout") == "transform" and card.get("face") == "front" and card.get("other_face") in faces()


@cache
def engine() -> Any:
    """phase's engine loaded with every single-faced card of the catalogue."""
    import phase

    data = {name.lower(): face for name, face in faces().items()}
    # phase takes the list of creature types from its card database; a full database has every one (205.3m),
    # the catalogue does not, so one face that is never put in a game carries them all.
    data[TYPES_CARRIER.lower()] = phase.build_oracle_face(
        {
            **mtgjson_card(catalogue()[FILLER]),
            "name": TYPES_CARRIER,
            "type": "Creature",
            "subtypes": sorted(t.title() for t in CREATURE_TYPES),
            "text": "",
        },
        None,
    )
    return phase.Engine.from_json(json.dumps(data))


@cache
def unparsed(name: str) -> tuple[str, ...]:
    """The abilities of a card (as the catalogue models them) that phase's Oracle parser gives no ability for, or
    gives one it marks unimplemented (the line's words kept, its effect not: Nicol Bolas, Dragon-God's)."""
    face = faces()[name]

    def done(items: list[Any]) -> list[Any]:
        return [a for a in items if '"Unimplemented"' not in json.dumps(a)]

    obj = {
        "name": name,
        "keywords": face["keywords"],
        "abilities": done(face["abilities"]),
        "static_definitions": done(face["static_abilities"]),
        "trigger_definitions": done(face["triggers"]),
        "replacement_definitions": done(face["replacements"]),
        "card_types": face["card_type"],
    }
    texts = [a["text"] for a in catalogue()[name]["abilities"]]
    read = {_norm(t, name) for t in abilities(obj, texts)}
    return tuple(t for t in texts if _norm(t, name) not in read)


SELF = re.compile(r"\bthis (creature|artifact|land|enchantment|permanent|aura|equipment|planeswalker|token)\b")
# The object fields the adapter sets up; any other one on an object is a skip naming it.
KNOWN_FIELDS = {
    "id", "name", "card", "controller", "owner", "timestamp", "zone", "token", "mana_value", "mana_cost",
    "colors", "types", "subtypes", "supertypes", "all_creature_types", "abilities", "power", "toughness",
    "counters", "face_down", "attached_to", "chosen", "face_history", "back_face", "transformed", "transform_history",
    "monstrous", "exiled_with", "entered_as", "stickers", "merges", "face_down_values",
}  # fmt: skip
# Oracle wording that asks for a choice made as the permanent entered (614.12: "as ~ enters, choose", or a line
# that reads "the chosen ...") or a record phase cannot be told. A choice a triggered ability makes as it
# resolves (Crystalline Giant's counter) is no such state: the board gives its result (the counters).
CHOICE = re.compile(r"^(?=.*\bchosen\b)|^as .*\bchoose\b", re.I | re.M)
RECORD = re.compile(r"\b(renowned)\b", re.I)
# 614.1c, 614.12: what a permanent chose as it entered, as phase's chosen attributes.
CHOSEN = {"creature_type": "CreatureType", "color": "Color", "basic_land_type": "BasicLandType"}
# The corpus may write a choice made on entry in the wording of the ability that reads it: "the chosen color (blue)".
CHOSEN_IN_TEXT = re.compile(r"\bchosen (color|type|creature type|basic land type) \(([a-z]+)\)")


def chosen(o: Mapping[str, Any]) -> dict[str, Any]:
    """614.12: what a permanent chose as it entered: its ``chosen`` field, or the value its abilities' wording gives."""
    if o.get("chosen"):
        return dict(o["chosen"])
    pairs = {
        ({"color": "color", "basic land type": "basic_land_type"}.get(m[1], "creature_type"), m[2])
        for text in o.get("abilities") or []
        for m in CHOSEN_IN_TEXT.finditer(text)
    }
    found = dict(pairs)
    if len(found) < len(pairs):  # phase keeps one chosen value of a kind per permanent
        raise Unsupported(f"object {o['id']}: its abilities give two chosen values of one kind {sorted(pairs)}")
    return found


# 305.6: the intrinsic mana ability of each basic land type; phase gives it without listing it.
INTRINSIC = {"plains": "{t}: add {w}.", "island": "{t}: add {u}.", "swamp": "{t}: add {b}.",
             "mountain": "{t}: add {r}.", "forest": "{t}: add {g}."}  # fmt: skip


def _norm(text: str, name: str = "") -> str:
    """Ability wording compared loosely: lower case, single spaces, no final full stop, itself as ~ (its full
    or short name, or "this creature"), a leading "other" dropped and old mana wording made today's."""
    text = re.sub(r"\s*\([^)]*\)", "", text)  # reminder text, and the chosen value the corpus writes in brackets
    text = re.sub(r"\s+", " ", text.strip().lower()).rstrip(".")
    text = re.sub(r"^[a-z' -]+ — (?=(when|whenever|at|as long as)\b)", "", text)  # an ability word (207.2c)
    if name:
        text = text.replace(name.lower(), "~").replace(name.split(",")[0].lower(), "~")
    text = text.replace("add {1} to your mana pool", "add {c}").replace(" to your mana pool", "")
    text = text.replace("\u2212", "-")  # a loyalty cost's minus sign (606.5)
    text = text.replace(". ", "; ")  # two sentences of one ability, or the corpus's one sentence with a semicolon
    text = text.replace("converted mana cost", "mana value")  # the Oracle wording of 2021 (202.3)
    # phase describes a level ability (711.2) as "level 2-6 / 3/3 / first strike"
    text = re.sub(
        r"^level (\S+) / (\d+)/(\d+)(?: / (.+))?$",
        lambda m: f"level {m[1]}: ~ has base power and toughness {m[2]}/{m[3]}" + (f" and has {m[4]}" if m[4] else ""),
        text,
    )
    text = re.sub(r"^other ", "", text)
    return SELF.sub("~", text)


# The fields a token an effect created with no rules text may give (111.3: the characteristics the effect names).
PLAIN_TOKEN_FIELDS = {
    "id", "name", "controller", "owner", "timestamp", "zone", "token", "mana_value", "colors", "types", "subtypes",
    "supertypes", "power", "toughness", "counters", "attached_to", "abilities",
}  # fmt: skip


def plain_token(o: Mapping[str, Any], copied: bool = False) -> bool:
    """111.3, 111.4: a token on the battlefield an effect created with no mana cost and no ability but keywords
    (a 2/2 green Wolf, a 4/4 red Dragon with flying): no wording for phase to parse, so the adapter gives phase
    its characteristics directly. A creature token needs its power and toughness, unless a copy effect applies
    to it (``copied``: 707.2, its copiable values, power and toughness among them, come from what it copies)."""
    given = {k for k, v in o.items() if v not in (None, False, [], {}, 0)}
    return (
        not o.get("card")
        and bool(o.get("token"))
        and o["zone"] == "battlefield"
        and given <= PLAIN_TOKEN_FIELDS
        and bool(o.get("types"))
        and all(a in KEYWORD_COUNTERS for a in o.get("abilities") or [])  # 702: keywords phase names alike
        and (copied or "creature" not in o["types"] or (o.get("power") is not None and o.get("toughness") is not None))
    )


def plain_token_values(obj: dict[str, Any], o: Mapping[str, Any]) -> None:
    """111.3: the characteristics of a plain token (``plain_token``) written over the phase object that carries it
    (a filler card's), as its printed values: no mana cost, no ability."""
    types = {
        "core_types": [t.title() for t in o["types"]],
        "subtypes": [t.title() for t in o.get("subtypes") or []],
        "supertypes": [t.title() for t in o.get("supertypes") or []],
    }
    creature = "creature" in o["types"]
    values = {
        "name": o["name"],
        "card_types": types,
        "color": [c.title() for c in o.get("colors") or []],
        "mana_cost": {"type": "NoCost"},
        "power": o.get("power") if creature else None,
        "toughness": o.get("toughness") if creature else None,
    }
    for field, value in values.items():
        obj[field] = json.loads(json.dumps(value))
        obj[f"base_{field}"] = json.loads(json.dumps(value))
    for field in ABILITY_FIELDS:
        obj[field] = []
    obj["keywords"] = obj["base_keywords"] = [_keyword(a) for a in o.get("abilities") or []]


def check_object(o: Mapping[str, Any], copied: bool = False) -> dict[str, Any]:
    """The catalogue card an object is, or Unsupported naming why phase cannot be given it."""
    name = o.get("card")
    if plain_token(o, copied):
        return catalogue()[FILLER]  # the carrier of the token's values (see ``plain_token_values``)
    if not name:
        raise Unsupported(f"object {o['id']} ({o['name']}) is no card of the catalogue (made-up wording)")
    card = catalogue().get(name)
    if card is None:
        raise Unsupported(f"object {o['id']}: card {name!r} is not in the card catalogue")
    if not single_faced_up(card) and not double_faced(name):
        raise Unsupported(f"object {o['id']} ({name}) is a {card['layout']} card whose faces are not both catalogued")
    back = o.get("back_face")
    if back and (not double_faced(name) or back.get("name") != card["other_face"]):
        raise Unsupported(f"object {o['id']} ({name}): its back face {back.get('name')!r} is not in the card catalogue")
    if back_face_up(o) and not back:
        raise Unsupported(f"object {o['id']} ({name}) is transformed with no back face")
    if o.get("token") and not card["type_line"].startswith("Token "):
        raise Unsupported(f"object {o['id']} ({name}) is a token that is no token card of the catalogue")
    for field in sorted(set(o) - KNOWN_FIELDS):
        if o[field] not in (None, False, [], {}):
            raise Unsupported(f"object {o['id']} ({name}): {field} cannot be told to phase")
    if o.get("face_down") and o["zone"] != "battlefield":
        raise Unsupported(f"object {o['id']} ({name}) is face down outside the battlefield: not set up")
    if RECORD.search(card["oracle"]):
        raise Unsupported(f"object {o['id']} ({name}): its text reads a record phase cannot be told")
    # 614.12, 400.7: a choice is made as a permanent enters; a card in another zone made none (or forgot it)
    if CHOICE.search(card["oracle"]) and not chosen(o) and o["zone"] == "battlefield":
        raise Unsupported(f"object {o['id']} ({name}): its text asks for a choice the board does not give")
    for key in chosen(o):
        if key not in CHOSEN:
            raise Unsupported(f"object {o['id']} ({name}): a chosen {key} cannot be told to phase")
    face = catalogue()[card["other_face"]] if back_face_up(o) else card
    modelled = {a["text"] for a in face["abilities"] if a.get("modelled")}
    if face is card and o.get("abilities"):  # only the wordings the object prints (the catalogue may keep two)
        prints = {_norm(t, name) for t in o["abilities"]}
        modelled = {t for t in modelled if _norm(t, name) in prints}
    missing = [t for t in unparsed(face["name"]) if t in modelled]  # one the layers answer reads
    if missing:
        raise Unsupported(f"object {o['id']} ({name}): phase's Oracle parser gives no ability for {missing}")
    # an object may print the card's abilities the catalogue models, and the card's other Oracle lines
    printed = {_norm(a["text"], name) for a in card["abilities"]} | oracle_lines(name)
    extra = [a for a in o.get("abilities", []) if _norm(a, name) not in printed]
    if extra:
        raise Unsupported(f"object {o['id']} ({name}) has abilities its card does not print: {extra}")
    for field in ("types", "subtypes", "supertypes", "colors"):
        if sorted(o.get(field) or []) != sorted(card[field]):
            raise Unsupported(f"object {o['id']} ({name}): {field} differ from the card's")
    printed_pt = (card.get("power"), card.get("toughness"))
    if all(isinstance(v, int) for v in printed_pt) and (o.get("power"), o.get("toughness")) != printed_pt:
        raise Unsupported(f"object {o['id']} ({name}): power/toughness differ from the card's")
    if o["zone"] == "stack" and "{X}" in (card["mana_cost"] or ""):  # 202.3e: X has its chosen value on the stack
        raise Unsupported(f"object {o['id']} ({name}) is a spell with X in its cost: phase is given no value for X")
    if o["zone"] not in ZONES:
        raise Unsupported(f"object {o['id']} ({name}) is in zone {o['zone']!r}: only {sorted(ZONES)} are set up")
    for p in (o["controller"], o["owner"]):
        if p not in SEATS:
            raise Unsupported(f"object {o['id']}: player {p!r}: only two players (p1, p2) are set up")
    return card


# 702: keywords of more than one word, as phase names them ("first strike": FirstStrike)
MULTI_WORD_KEYWORDS = {"first strike", "double strike", "split second", "trample over planeswalkers"}


def _keyword(word: str) -> str:
    if word in MULTI_WORD_KEYWORDS:
        return "".join(w.capitalize() for w in word.split())
    if " " in word or ":" in word:
        raise Unsupported(f"ability {word!r} is not a keyword: phase's effects grant keywords only")
    return word.title()


@cache
def _parsed_grant(text: str) -> tuple[tuple[str, str, str], ...]:
    """An ability an effect grants, parsed by phase's Oracle parser as a line of a card's text (JSON parts)."""
    import phase

    word = text.split()[0] if text else ""
    face = phase.build_oracle_face(
        {**mtgjson_card(catalogue()[FILLER]), "name": "mtg-layers grant", "text": text, "keywords": [word.title()]},
        None,
    )
    parts = [("AddKeyword", "keyword", k) for k in face["keywords"]]
    parts += [("GrantAbility", "definition", a) for a in face["abilities"]]
    parts += [("GrantTrigger", "trigger", t) for t in face["triggers"]]
    if face["static_abilities"] or face["replacements"] or len(parts) != 1:
        raise Unsupported(f"ability {text!r}: phase's parser does not read it as one ability an effect can grant")
    return tuple((kind, field, json.dumps(value)) for kind, field, value in parts)


def granted(text: str) -> list[dict[str, Any]]:
    """613.1f: an ability an effect grants, as phase's modification (a keyword, or a parsed ability or trigger)."""
    try:
        return [{"type": "AddKeyword", "keyword": _keyword(text)}]
    except Unsupported:
        return [{"type": kind, field: json.loads(value)} for kind, field, value in _parsed_grant(text)]


def modifications(part: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One corpus effect part as phase's modifications (the shapes phase's own Oracle parser gives)."""
    op = part["op"]

    def fixed(value: Any) -> int:
        if not isinstance(value, int):
            raise Unsupported(f"effect part {op} with a value expression {value!r}: only fixed numbers are set up")
        return value

    if op == "modify_pt":
        return [
            {"type": "AddPower", "value": fixed(part.get("power", 0))},
            {"type": "AddToughness", "value": fixed(part.get("toughness", 0))},
        ]
    if op == "set_pt":
        mods = []
        if "power" in part:
            mods.append({"type": "SetPower", "value": fixed(part["power"])})
        if "toughness" in part:
            mods.append({"type": "SetToughness", "value": fixed(part["toughness"])})
        return mods
    if op == "switch_pt":
        return [{"type": "SwitchPowerToughness"}]
    if op == "add_abilities":
        return [m for a in part["abilities"] for m in granted(a)]
    if op == "remove_abilities":
        return [{"type": "RemoveKeyword", "keyword": _keyword(a)} for a in part["abilities"]]
    if op == "remove_all_abilities":
        return [{"type": "RemoveAllAbilities"}]
    if op == "set_controller":
        return [{"type": "ChangeController"}]
    if op == "add_types":
        return [{"type": "AddType", "core_type": t.title()} for t in part["types"]]
    if op == "add_supertypes":
        return [{"type": "AddSupertype", "supertype": t.title()} for t in part["supertypes"]]
    if op == "set_name":  # a name given by an effect (Awakening of Vitu-Ghazi), phase's own modification
        return [{"type": "SetName", "name": part["name"]}]
    if op == "set_types" and part.get("types"):  # 205.1a: the new card types replace the old ones
        return [{"type": "SetCardTypes", "core_types": [t.title() for t in part["types"]]}]
    if op == "add_subtypes":
        return [{"type": "AddSubtype", "subtype": s.title()} for s in part["subtypes"]]
    if op == "set_subtypes" and part.get("subtypes"):
        return [{"type": "RemoveAllSubtypes", "set": "Creature"}] + [
            {"type": "AddSubtype", "subtype": s.title()} for s in part["subtypes"]
        ]
    if op == "all_creature_types":
        return [{"type": "AddAllCreatureTypes"}]
    if op == "remove_all_creature_types":
        return [{"type": "RemoveAllSubtypes", "set": "Creature"}]
    if op == "set_colors":
        return [{"type": "SetColor", "colors": [c.title() for c in part["colors"]]}]
    raise Unsupported(f"resolved effects with the operation {op!r} cannot be told to phase")


def except_(values: dict[str, Any], exceptions: Mapping[str, Any]) -> None:
    """707.9b: a copy effect's exceptions become part of the copiable values phase is given."""
    types = values["card_types"] = {k: list(v) for k, v in values["card_types"].items()}
    for key, value in exceptions.items():
        if key in ("power", "toughness", "name"):
            values[key] = value
        elif key in ("types", "subtypes", "supertypes"):
            types[{"types": "core_types"}.get(key, key)] = [w.title() for w in value]
        elif key in ("add_types", "add_subtypes", "add_supertypes"):
            field = {"add_types": "core_types"}.get(key, key[4:])
            types[field] = types[field] + [w.title() for w in value if w.title() not in types[field]]
        elif key in ("colors", "add_colors"):
            colors = [c.title() for c in value]
            values["color"] = colors if key == "colors" else [*values["color"], *colors]
        elif key == "add_abilities":  # a keyword, or the ability phase's parser reads from the words
            fields = {"AddKeyword": "keywords", "GrantAbility": "abilities", "GrantTrigger": "trigger_definitions"}
            for mod in (m for a in value for m in granted(a)):
                kind = mod.pop("type")
                values[fields[kind]] = [*values[fields[kind]], *mod.values()]
        else:
            raise Unsupported(f"a copy exception setting {key} cannot be told to phase")


def exceptions(values: dict[str, Any], part: Mapping[str, Any]) -> None:
    """707.9b: a copy effect's exceptions, then those it makes only if the copy is of a card type (Moritte of the
    Frost: "if it's a creature"), read from the copiable values with the other exceptions applied."""
    except_(values, part.get("except") or {})
    for entry in part.get("except_if") or []:
        if entry["if"]["type"].title() in values["card_types"]["core_types"]:
            except_(values, entry["except"])


def drop_color_cdas(values: dict[str, Any]) -> None:
    """707.9d: a copy that does not copy color does not copy the abilities that define color (devoid, 702.114a)."""
    values["keywords"] = [k for k in values["keywords"] if k != "Devoid"]
    values["static_definitions"] = [
        d
        for d in values["static_definitions"]
        if not (d.get("characteristic_defining") and '"SetColor"' in json.dumps(d.get("modifications")))
    ]


def copy_values(
    part: Mapping[str, Any],
    board: Mapping[str, Any],
    state: Mapping[str, Any],
    ids: Mapping[str, int],
    part_timestamp: float = float("inf"),
    copier: str | None = None,
) -> list[dict[str, Any]]:
    """A copy effect (707.2) as phase's CopyValues modification, holding the copied card's printed values.

    phase takes a snapshot of the copiable values when the effect begins; the adapter gives it the copied
    card's printed values, or (707.3) the values of the copy effect the copied object was under when this one
    began (707.2b: not a later one). A copy of an object that is or was face down with exceptions, or that
    transformed or merged after it began, is a skip.
    """
    if "double_faced" in part:
        raise Unsupported("a double-faced copy cannot be told to phase")
    for entry in part.get("except_if") or []:
        if set(entry.get("if") or {}) != {"type"}:
            raise Unsupported(f"a copy exception on the condition {entry.get('if')!r} cannot be told to phase")
    retain = set(part.get("retain") or [])
    if retain - {"colors"} or (retain and copier not in ids):
        raise Unsupported(f"a copy effect that retains {sorted(retain)} cannot be told to phase (only its colors)")
    source = part["object"]
    if source not in ids:
        raise Unsupported(f"a copy of {source!r}, which is not an object on the board")
    copies = [
        (e["timestamp"], p)
        for e in board["effects"]
        for p in e["parts"]
        if p["op"] == "copy_of" and source in e["applies_to"]
    ]
    # 707.2b: a copy effect that began on the original after this one does not change what this one copied
    copies = [(ts, p) for ts, p in copies if ts < part_timestamp]
    original = next(o for o in board["objects"] if o["id"] == source)
    card = catalogue().get(original.get("card") or "") or {}
    if card.get("layout") == "flip" or card.get("flip_of"):  # 707.2, 710.1c: the copy has both halves
        raise Unsupported(f"a copy of the flip card {source!r}: phase would need both of its halves")
    if any(m["timestamp"] >= part_timestamp for m in original.get("merges") or []):
        raise Unsupported(f"a copy of {source!r}, which merged after the copy began: phase would need its values then")
    if back_face_up(original) != back_face_up(original, part_timestamp):
        raise Unsupported(
            f"a copy of {source!r}, which transformed after the copy began: phase would need its values then"
        )
    if face_down_as_of(original, part_timestamp):  # 707.2b, 708.2: the face-down values, whatever comes later
        if copies or part.get("except") or retain:
            raise Unsupported(f"a copy of {source!r} while face down, with exceptions or itself a copy")
        values = json.loads(json.dumps(FACE_DOWN_VALUES))
        values["card_types"] = face_down_types(original) or values["card_types"]
        return [{**_copy_mod(values), "values": values}]
    if copies:  # 707.3: the copiable values of a copy are those its own copy effect gave it
        ts, inner = max(copies, key=lambda c: c[0])
        (mod,) = copy_values(inner, board, state, ids, ts, source)
        values = json.loads(json.dumps(mod["values"]))
        exceptions(values, part)
        if "colors" in retain and copier is not None:  # 707.9b, 707.9d
            values["color"] = state["objects"][str(ids[copier])]["base_color"]
            drop_color_cdas(values)
        return [{**mod, "values": values}]
    obj = state["objects"][str(ids[source])]
    values = {
        "abilities": obj["abilities"],
        "card_types": obj["base_card_types"],
        "color": obj["base_color"],
        "keywords": obj["base_keywords"],
        "loyalty": obj.get("loyalty"),
        "mana_cost": obj.get("base_mana_cost", obj["mana_cost"]),  # a card in exile: phase keeps no base one
        "name": obj["base_name"],
        "name_origin": "Source",
        "power": obj["base_power"],
        "toughness": obj["base_toughness"],
        "replacement_definitions": obj["replacement_definitions"],
        "static_definitions": obj["static_definitions"],
        # a game object holds each trigger wrapped with its bookkeeping; copiable values hold the definition
        "trigger_definitions": [t.get("definition", t) for t in obj["trigger_definitions"]],
        "trigger_printed_origins": obj.get("trigger_printed_origins") or [],
    }
    exceptions(values, part)
    if "colors" in retain and copier is not None:  # 707.9b: "except it doesn't copy that creature's color"
        values["color"] = state["objects"][str(ids[copier])]["base_color"]
        drop_color_cdas(values)
    return [_copy_mod(values)]


def _copy_mod(values: dict[str, Any]) -> dict[str, Any]:
    """phase's CopyValues modification holding the given copiable values."""
    return {
        "type": "CopyValues",
        "display_source": "Card",
        "printed_ref": None,
        "token_art": None,
        "token_image_ref": None,
        "values": values,
    }


# 708.2a: a face-down permanent's copiable values: a 2/2 creature with no name, text, types beyond creature,
# color or mana cost.
FACE_DOWN_VALUES: dict[str, Any] = {
    "abilities": [],
    "card_types": {"core_types": ["Creature"], "subtypes": [], "supertypes": []},
    "color": [],
    "keywords": [],
    "loyalty": None,
    "mana_cost": {"type": "NoCost"},
    "name": "",
    "name_origin": "Source",
    "power": 2,
    "toughness": 2,
    "replacement_definitions": [],
    "static_definitions": [],
    "trigger_definitions": [],
    "trigger_printed_origins": [],
}


def face_down_types(o: Mapping[str, Any]) -> dict[str, list[str]] | None:
    """708.2a: the card types and subtypes a face-down permanent has by the effect that turned it face down
    (Death in Heaven's Cyberman: an artifact creature Cyberman), as phase's card types; None for the rule's own."""
    given = o.get("face_down_values") or {}
    if not given:
        return None
    if set(given) - {"types", "subtypes"}:
        raise Unsupported(f"object {o['id']}: face-down values {sorted(set(given) - {'types', 'subtypes'})}")
    return {
        "core_types": [t.title() for t in given.get("types") or ["creature"]],
        "subtypes": [t.title() for t in given.get("subtypes") or []],
        "supertypes": [],
    }


def face_down_as_of(o: Mapping[str, Any], as_of: float) -> bool:
    """613.7f: whether an object was face down just before ``as_of`` (its last turn before it)."""
    history = o.get("face_history") or []
    if not history:
        return bool(o.get("face_down"))
    down = not history[0]["face_down"]
    for entry in history:
        if entry["timestamp"] < as_of:
            down = entry["face_down"]
    return down


ENTERED_AS = {"power", "toughness", "add_types", "add_subtypes", "add_abilities"}


def entered_as(obj: dict[str, Any], choice: Mapping[str, Any]) -> None:
    """707.2 with 614.1c: what a permanent became as it entered is part of its copiable values, phase's base fields."""
    if set(choice) - ENTERED_AS:
        raise Unsupported(f"a choice on entry setting {sorted(set(choice) - ENTERED_AS)} cannot be told to phase")
    types = obj["base_card_types"] = {k: list(v) for k, v in obj["base_card_types"].items()}
    for key, field in (("add_types", "core_types"), ("add_subtypes", "subtypes")):
        types[field] += [w.title() for w in choice.get(key) or [] if w.title() not in types[field]]
    for key in ("power", "toughness"):
        if key in choice:
            obj[f"base_{key}"] = choice[key]
    for mod in (m for a in choice.get("add_abilities") or [] for m in granted(a)):
        kind = mod.pop("type")
        slots = {"AddKeyword": "base_keywords", "GrantAbility": "abilities", "GrantTrigger": "base_trigger_definitions"}
        slot = slots[kind]
        obj[slot] = [*(obj.get(slot) or []), *mod.values()]


def back_face_up(o: Mapping[str, Any], as_of: float = float("inf")) -> bool:
    """613.7g: whether an object's back face was up just before ``as_of`` (its last transformation before it)."""
    history = o.get("transform_history") or []
    if not history:
        return bool(o.get("transformed"))
    up = not history[0]["transformed"]
    for entry in history:
        if entry["timestamp"] < as_of:
            up = entry["transformed"]
    return up


# phase's fields of the face shown (on the object) and of the face kept aside (its back_face)
FACE_FIELDS = {
    "base_name": "name", "base_power": "power", "base_toughness": "toughness", "base_card_types": "card_types",
    "base_color": "color", "base_keywords": "keywords", "base_mana_cost": "mana_cost", "abilities": "abilities",
    "static_definitions": "static_definitions", "replacement_definitions": "replacement_definitions",
    "base_trigger_definitions": "trigger_definitions", "loyalty": "loyalty", "base_printed_ref": "printed_ref",
}  # fmt: skip


def transform(obj: dict[str, Any]) -> None:
    """712.8e: turn a double-faced permanent's back face up in phase's exported object."""
    back = obj["back_face"]
    front = {face_key: obj.get(key) for key, face_key in FACE_FIELDS.items()}
    for key, face_key in FACE_FIELDS.items():
        obj[key] = back.get(face_key)
    obj["trigger_definitions"] = back.get("trigger_definitions") or []
    obj["static_definitions"] = back.get("static_definitions") or []
    obj["base_static_definitions"] = back.get("static_definitions") or []
    obj["base_replacement_definitions"] = back.get("replacement_definitions") or []
    obj["printed_ref"] = back.get("printed_ref")
    obj["back_face"] = {**back, **front}
    obj["transformed"] = True


def _ranks(board: Mapping[str, Any]) -> dict[float, int]:
    """The board's timestamps (objects', effects', stickers', merges') as phase's integer timestamps, in the
    same order (ties kept)."""
    stamps = {o["timestamp"] for o in board["objects"]} | {e["timestamp"] for e in board["effects"]}
    stamps |= {s["timestamp"] for o in board["objects"] for s in o.get("stickers") or []}
    stamps |= {m["timestamp"] for o in board["objects"] for m in o.get("merges") or []}
    return {t: k for k, t in enumerate(sorted(stamps), start=1)}


def hand_fillers(board: Mapping[str, Any]) -> dict[int, int]:
    """402.1: each player's hand size the board gives, as the number of filler cards phase is given in that hand
    beside the board's own cards in it (an ability that counts the cards in a hand counts them)."""
    sizes = (board.get("game") or {}).get("hand") or {}
    fillers: dict[int, int] = {}
    for player, size in sizes.items():
        if player not in SEATS:
            raise Unsupported(f"hand size of {player!r}: only p1 and p2 are set up")
        held = sum(o["zone"] == "hand" and o["owner"] == player for o in board["objects"])
        if size < held:
            raise Unsupported(f"hand size {size} of {player!r} is less than the {held} cards the board puts there")
        fillers[SEATS[player]] = size - held
    return fillers


def sticker_effects(o: Mapping[str, Any], pid: int, rank: Mapping[float, int]) -> list[dict[str, Any]]:
    """123.8, 613.7k: the stickers on an object as phase's continuous effects at each sticker's timestamp (layer
    7b for a power/toughness sticker, 6 for an ability sticker); phase keeps a sticker's own record apart
    (``AppliedSticker``), which changes no characteristic. A name sticker adds to the text of the name, a
    text change (612.9), which phase has no modification for."""
    effects = []
    if o.get("stickers") and o["zone"] != "battlefield":  # 123.5: a card keeps its stickers in other zones
        raise Unsupported(
            f"object {o['id']}: stickers on a card in the {o['zone']}: phase applies the effects it is given "
            "to permanents only"
        )
    for sticker in o.get("stickers") or []:
        kind = sticker.get("kind")
        if kind == "pt":
            mods = [
                {"type": "SetPower", "value": sticker["power"]},
                {"type": "SetToughness", "value": sticker["toughness"]},
            ]
        elif kind == "ability":
            mods = granted(sticker["ability"])
        else:
            raise Unsupported(f"object {o['id']}: a {kind} sticker changes text (612.9), which phase cannot be told")
        effects.append(
            {
                "affected": {"id": pid, "type": "SpecificObject"},
                "controller": SEATS[o["controller"]],
                "duration": "Permanent",
                "modifications": mods,
                "source_id": pid,
                "source_name": f"{kind} sticker",
                "timestamp": rank[sticker["timestamp"]],
            }
        )
    return effects


def components(o: Mapping[str, Any], board_effects: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """729.2: the cards merged with a permanent (each as the board gives it), checked as permanents it could be."""
    merged = [m["component"] for m in sorted(o.get("merges") or [], key=lambda m: m["timestamp"])]
    if merged and any(o["id"] in e["applies_to"] for e in board_effects for p in e["parts"] if p["op"] == "copy_of"):
        raise Unsupported(
            f"object {o['id']} is merged and under a copy effect: phase's copy would replace the merged values "
            "the adapter gives as the permanent's own (729.2)"
        )
    for c in merged:
        if c.get("merges") or c.get("stickers") or c.get("counters"):
            raise Unsupported(f"object {o['id']}: merged with {c['id']!r}, itself merged, stickered or with counters")
        check_object({**c, "zone": "battlefield", "controller": o["controller"]})
    return merged


def merged_names(o: Mapping[str, Any]) -> tuple[str, ...]:
    """The card names of a merged permanent's cards (729.2), its own first."""
    return tuple(c.get("card") or "" for c in [o, *(m["component"] for m in o.get("merges") or [])])


def top_component(o: Mapping[str, Any]) -> str | None:
    """729.2a: the component on top of a merged permanent (the last put over it), or None for the permanent's own
    card."""
    over = [m for m in sorted(o.get("merges") or [], key=lambda m: m["timestamp"]) if m["position"] == "over"]
    return over[-1]["component"]["id"] if over else None


# phase's object fields of a merged permanent's top card (729.2a), and of every card's abilities (729.2a)
TOP_FIELDS = (
    "name", "base_name", "power", "base_power", "toughness", "base_toughness", "card_types", "base_card_types",
    "color", "base_color", "mana_cost", "base_mana_cost", "loyalty",
)  # fmt: skip
ABILITY_FIELDS = (
    "abilities", "keywords", "base_keywords", "static_definitions", "base_static_definitions",
    "base_trigger_definitions", "replacement_definitions",
)  # fmt: skip


def merge(obj: dict[str, Any], parts: Mapping[str, dict[str, Any]], top: str | None) -> None:
    """729.2a: a merged permanent in phase's exported object: the top card's characteristics, every card's
    abilities (the cards given by their phase objects, which are then left out of the game)."""
    if top is not None:
        for field in TOP_FIELDS:
            obj[field] = parts[top].get(field)
    for part in parts.values():
        for field in ABILITY_FIELDS:
            obj[field] = [*(obj.get(field) or []), *(part.get(field) or [])]
    # phase holds each printed trigger wrapped with its place among the printed ones (of one base set)
    wrapped = obj.get("trigger_definitions") or []
    base_set = wrapped[0]["occurrence"]["data"]["base_set"] if wrapped else 1
    obj["trigger_definitions"] = [
        {"definition": d, "occurrence": {"type": "Printed", "data": {"base_set": base_set, "printed_index": i}}}
        for i, d in enumerate(obj.get("base_trigger_definitions") or [])
    ]


def set_up(board: Mapping[str, Any]) -> tuple[Any, dict[str, int]]:
    """A phase game holding the board; returns the game and each object's phase id."""
    copied = {  # 707.2: the objects a copy effect applies to
        t
        for e in board["effects"]
        for p in e.get("parts") or []
        if p.get("op") == "copy_of"
        for t in e.get("applies_to") or []
    }
    cards = {o["id"]: check_object(o, o["id"] in copied) for o in board["objects"]}
    for o in board["objects"]:  # an ability the board's layers read (a case may model one the catalogue does not)
        name = cards[o["id"]]["name"]
        read = {_norm(a["text"], name) for a in board.get("abilities") or [] if isinstance(a.get("text"), str)}
        missing = [t for t in unparsed(name) if _norm(t, name) in read]
        if missing:
            raise Unsupported(f"object {o['id']} ({name}): phase's Oracle parser gives no ability for {missing}")
    merged = {o["id"]: components(o, board["effects"]) for o in board["objects"] if o.get("merges")}
    fillers = hand_fillers(board)
    if board.get("tie_order"):
        raise Unsupported("a tie order the players chose (613.7m) cannot be told to phase")
    decks: list[list[str]] = [[], []]
    for o in board["objects"]:
        decks[SEATS[o["owner"]]].append(cards[o["id"]]["name"])
        decks[SEATS[o["owner"]]] += [c["card"] for c in merged.get(o["id"], [])]
    # phase wants a library for each player: one filler card each, left in the library, not reported.
    for seat, count in fillers.items():
        decks[seat] += [FILLER] * count
    game = engine().new_game([*decks[0], FILLER], [*decks[1], FILLER], format_config=FORMAT)
    exported = game.state()
    state = exported["state"]
    state["debug_mode"] = True
    state["debug_permitted"] = [0, 1]
    free: dict[tuple[int, str], list[int]] = {}
    for obj in sorted(state["objects"].values(), key=lambda x: x["id"]):
        free.setdefault((obj["owner"], obj["name"]), []).append(obj["id"])
    for seat, p in enumerate(state["players"]):
        for z in ("hand", "library", "graveyard"):
            p[z] = []
        filler = free[(seat, FILLER)].pop()
        state["objects"][str(filler)]["zone"] = "Library"
        p["library"].append(filler)
        for _ in range(fillers.get(seat, 0)):  # the rest of the hand the board gives (402.1)
            held = free[(seat, FILLER)].pop()
            state["objects"][str(held)]["zone"] = "Hand"
            p["hand"].append(held)
    state["battlefield"], state["exile"] = [], []
    rank = _ranks(board)
    ids: dict[str, int] = {}
    for o in board["objects"]:
        pid = free[(SEATS[o["owner"]], cards[o["id"]]["name"])].pop(0)
        ids[o["id"]] = pid
        obj = state["objects"][str(pid)]
        seat = SEATS[o["controller"]]
        obj.update(zone=ZONES[o["zone"]], timestamp=rank[o["timestamp"]], controller=seat, base_controller=seat)
        counters: dict[str, int] = {}
        for c in o.get("counters") or []:
            key = counter_key(c["kind"])
            counters[key] = counters.get(key, 0) + c.get("count", 1)
        obj["counters"] = counters
        if o.get("entered_as"):
            entered_as(obj, o["entered_as"])
        if plain_token(o, o["id"] in copied):
            plain_token_values(obj, o)
        obj["is_token"] = bool(
            o.get("token")
        )  # 111.1: a token the catalogue lists as a card (a Role), as phase marks one
        obj["monstrous"] = bool(o.get("monstrous"))  # 701.37b: a designation phase keeps on the object
        if back_face_up(o):  # 712.8e: the back face up; phase keeps the face not shown as back_face
            transform(obj)
        if o["id"] in merged:  # 729.2a: the merged cards' phase objects give their values, then leave the game
            pids = {c["id"]: free[(SEATS[o["owner"]], c["card"])].pop(0) for c in merged[o["id"]]}
            merge(obj, {c: state["objects"].pop(str(pid)) for c, pid in pids.items()}, top_component(o))
        obj["chosen_attributes"] = [
            {"type": CHOSEN[key], "value": str(value).title()} for key, value in chosen(o).items()
        ]
        if o["zone"] in ("battlefield", "exile"):
            state[o["zone"]].append(pid)
        elif o["zone"] == "stack":  # a spell's card in the stack zone (phase's stack lists what is to resolve: nothing)
            pass
        else:
            state["players"][SEATS[o["owner"]]][o["zone"]].append(pid)
    for o in board["objects"]:
        if o.get("attached_to"):
            if o["attached_to"] not in ids:
                raise Unsupported(f"object {o['id']} is attached to {o['attached_to']!r}, which is not an object")
            target = state["objects"][str(ids[o["attached_to"]])]
            state["objects"][str(ids[o["id"]])]["attached_to"] = {"type": "Object", "data": ids[o["attached_to"]]}
            target["attachments"] = [*target.get("attachments", []), ids[o["id"]]]
    for o in board["objects"]:  # 607.2a: the cards exiled with an object, linked the way phase links them
        if o.get("exiled_with"):
            if o["exiled_with"] not in ids or o["zone"] != "exile":
                raise Unsupported(f"object {o['id']} is exiled with {o['exiled_with']!r}, which phase cannot link")
            source = next(x for x in board["objects"] if x["id"] == o["exiled_with"])
            if '"TrackedSet"' in json.dumps(faces().get(source.get("card") or "", {})):
                raise Unsupported(
                    f"object {o['id']} is exiled with {source['id']!r}, which phase reads as a set it tracks"
                )
            link = {"exiled_id": ids[o["id"]], "source_id": ids[o["exiled_with"]], "kind": "TrackedBySource"}
            state["exile_links"] = [*state.get("exile_links", []), link]
    effects: list[dict[str, Any]] = []
    for e in board["effects"]:
        copier = e["applies_to"][0] if len(e["applies_to"]) == 1 else None
        mods = [
            m
            for part in e["parts"]
            for m in (
                copy_values(part, board, state, ids, e["timestamp"], copier)
                if part["op"] == "copy_of"
                else modifications(part)
            )
        ]
        # phase's ChangeController gives control to the effect's controller: the player the part names (613.1b)
        gainers = {p.get("player") for p in e["parts"] if p["op"] == "set_controller" and p.get("player")}
        if len(gainers) > 1:
            raise Unsupported(f"effect {e['id']} gives control to more than one player")
        controller = SEATS.get(next(iter(gainers), None) or e.get("controller") or "p1")
        if controller is None:
            raise Unsupported(f"effect {e['id']}: controller {e.get('controller')!r}: only p1 and p2 are set up")
        for target in e["applies_to"]:
            if target not in ids:
                raise Unsupported(f"effect {e['id']} applies to {target!r}, which is not an object")
            effects.append(
                {
                    "affected": {"id": ids[target], "type": "SpecificObject"},
                    "controller": controller,
                    "duration": "UntilEndOfTurn",
                    "id": len(effects) + 1,
                    "modifications": mods,
                    "source_id": ids.get(e.get("source") or "", 0),
                    "source_name": e.get("description", e["id"]),
                    "timestamp": rank[e["timestamp"]],
                }
            )
    for o in board["objects"]:
        effects += sticker_effects(o, ids[o["id"]], rank)
    for n, effect in enumerate(effects, start=1):
        effect["id"] = n
    state["transient_continuous_effects"] = effects
    state["next_continuous_effect_id"] = len(effects) + 1
    state["next_timestamp"] = len(rank) + 1
    game_data = board.get("game") or {}
    for player, life in (game_data.get("life") or {}).items():
        if player not in SEATS:
            raise Unsupported(f"life total of {player!r}: only p1 and p2 are set up")
        state["players"][SEATS[player]]["life"] = life
    if game_data.get("turn"):
        if game_data["turn"] not in SEATS:
            raise Unsupported(f"active player {game_data['turn']!r}: only p1 and p2 are set up")
        state["active_player"] = SEATS[game_data["turn"]]
    game = engine().load_game(exported)
    down = [ids[o["id"]] for o in board["objects"] if o.get("face_down")]
    if down:  # 708.2: phase makes a permanent face down with its own debug action, then the timestamps are put back
        for pid in down:
            game.apply(
                0, {"type": "Debug", "data": {"type": "SetFaceState", "data": {"object_id": pid, "face_down": True}}}
            )
        exported = game.state()
        for o in board["objects"]:
            exported["state"]["objects"][str(ids[o["id"]])]["timestamp"] = rank[o["timestamp"]]
            if face_down_types(o):  # 708.2a: the face-down values the effect that turned it gives, phase's base values
                obj = exported["state"]["objects"][str(ids[o["id"]])]
                obj["base_card_types"] = obj["card_types"] = face_down_types(o)
        exported["state"]["next_timestamp"] = max(exported["state"]["next_timestamp"], len(rank) + 1)
        game = engine().load_game(exported)
    life = state["players"][0]["life"]
    # A debug action that changes nothing: phase recomputes the layers after every action.
    game.apply(0, {"type": "Debug", "data": {"type": "SetLife", "data": {"player_id": 0, "life": life}}})
    return game, ids


def _keyword_text(kw: Any) -> str:
    """A phase keyword as the corpus writes it ("flying", "islandwalk")."""
    if isinstance(kw, str):
        return re.sub(r"(?<!^)(?=[A-Z])", " ", kw).lower()
    if isinstance(kw, dict) and len(kw) == 1:
        ((k, v),) = kw.items()
        if k == "Landwalk" and isinstance(v, str):
            return f"{v.lower()}walk"
        if k == "Crew" and isinstance(v, dict) and isinstance(v.get("power"), int):
            return f"crew {v['power']}"
        if k == "Protection":
            inner = next(iter(v.values())) if isinstance(v, dict) and len(v) == 1 else v
            return f"protection from {str(inner).lower()}"
        if k == "Enchant" and isinstance(v, dict) and v.get("type") == "Or":  # enchant artifact or creature
            words = [_keyword_text({k: f})[len("enchant ") :] for f in v.get("filters") or []]
            return f"enchant {' or '.join(words)}"
        if k in ("Enchant", "Equip") and isinstance(v, dict) and "type_filters" in v:
            words = [f.lower() for f in v["type_filters"] if isinstance(f, str)]
            return f"{k.lower()} {' '.join(words)}".strip()
        k = re.sub(r"(?<!^)(?=[A-Z])", " ", k)  # LevelUp: "level up"
        if isinstance(v, dict) and v.get("type") == "Mana":  # ward {1}: a mana cost wrapped as a ward cost
            v = v.get("data")
        if isinstance(v, dict) and v.get("type") == "Cost":
            return f"{k.lower()} {(mana_cost(v) or '').lower()}"
        return f"{k.lower()} {v}".lower() if isinstance(v, (str, int)) else k.lower()
    return json.dumps(kw)


@cache
def oracle_lines(name: str) -> frozenset[str]:
    """Each line of a card's Oracle text, compared loosely (reminder text dropped)."""
    card = catalogue().get(name)
    if card is None:
        return frozenset()
    return frozenset(_norm(line, card["name"]) for line in card["oracle"].splitlines() if line.strip())


@cache
def unmodelled(name: str) -> frozenset[str]:
    """The Oracle lines of a card that the corpus does not model (the catalogue lists no ability for them, so
    no case expects them): phase's abilities with that wording are not reported for an object of that name."""
    card = catalogue().get(name)
    if card is None:
        return frozenset()
    modelled = {_norm(a["text"], card["name"]) for a in card["abilities"]}
    lines: set[str] = set()
    leveler = False
    for line in card["oracle"].splitlines():
        # 711.2: the lines after a level symbol ("LEVEL 2-6", "3/3", "First strike") are part of its level ability
        leveler = leveler or bool(re.match(r"LEVEL \d", line))
        text = _norm(re.sub(r"\s*\([^)]*\)", "", line), card["name"])
        if text and not leveler and text not in modelled and not any(text.startswith(m) for m in modelled if m):
            lines.add(text)
    return frozenset(lines)


def hidden(o: Mapping[str, Any], obj: Mapping[str, Any]) -> frozenset[str]:
    """The wordings not reported for an object: its card's Oracle lines the corpus does not model, and the
    catalogue abilities of its card that the case's object does not print (the case models the card
    without them, as when the catalogue keeps an older wording beside today's); the same for each card
    merged with it (729.2)."""
    name = o.get("card") or ""
    card = catalogue().get(name)
    printed = {_norm(t, name) for t in o.get("abilities") or []}
    omitted = {_norm(a["text"], name) for a in (card or {}).get("abilities", [])} - printed
    own = (unmodelled(name) | unmodelled(obj["name"]) | frozenset(omitted)) - printed
    return own.union(*(hidden(m["component"], obj) for m in o.get("merges") or []))


ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}


def chapter_line(name: str, chapter: int) -> str | None:
    """714.2b: the Oracle line of a Saga that holds a chapter ability ("I, II — ..."), which phase describes as
    "chapter N"."""
    for line in ((catalogue().get(name) or {}).get("oracle") or "").splitlines():
        head, dash, _ = line.partition(" — ")
        if dash and chapter in {ROMAN.get(n.strip()) for n in head.split(",")}:
            return line
    return None


def abilities(
    obj: Mapping[str, Any],
    printed: list[str],
    hidden: frozenset[str] | set[str] = frozenset(),
    aliases: tuple[str, ...] = (),
) -> list[str]:
    """An object's abilities read back from phase, in the corpus wording of its card where they match (an
    ability of a card merged with it names that card: its name is one of the ``aliases``, 729.2)."""
    name = obj["name"]
    wording = {_norm(t, n): t for n in (*aliases, name) for t in printed}
    found = [_keyword_text(k) for k in obj.get("keywords") or []]
    for field in ("abilities", "static_definitions", "trigger_definitions", "replacement_definitions"):
        for a in obj.get(field) or []:
            if isinstance(a, dict) and isinstance(a.get("definition"), dict):
                a = a["definition"]  # a game object holds each trigger wrapped with its bookkeeping
            text = a.get("description") if isinstance(a, dict) else None
            keyword = re.match(r"CR 702\.\d+[a-z]?: (.+?) — ", text or "")
            if keyword and keyword[1].lower() in found:  # the trigger a keyword stands for (702.45a bushido)
                continue
            if text == "Saga ETB lore counter":  # 714.3a: a rule puts the first lore counter on, no ability
                continue
            if text and re.fullmatch(r"chapter \d+", text.lower()):  # 714.2b: the Oracle line of that chapter
                text = chapter_line(name, int(text.split()[1])) or text
            if text:
                found.append(text.replace("~", name))
    if "Land" in obj["card_types"]["core_types"]:
        found += [INTRINSIC[s.lower()] for s in obj["card_types"]["subtypes"] if s.lower() in INTRINSIC]

    def corpus_wording(text: str) -> str:
        key = _norm(text, name)
        if key in wording:
            return wording[key]
        # the corpus may model the first part of a longer Oracle sentence (Bludgeon Brawl)
        prefix = [w for k, w in wording.items() if k and key.startswith(k)]
        return max(prefix, key=len) if prefix else text.lower()

    return sorted({corpus_wording(t) for t in found if _norm(t, name) not in hidden})


SHARDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C", "X": "X"}


def _shard(name: str) -> str:
    """One phase mana shard as a mana symbol's inside: White -> W, WhiteBlue -> W/U, PhyrexianBlue -> U/P."""
    if name in SHARDS:
        return SHARDS[name]
    parts = re.findall(r"[A-Z][a-z]*", name)
    if parts and parts[0] == "Phyrexian":
        return "/".join(SHARDS.get(p, p) for p in parts[1:]) + "/P"
    return "/".join({"Two": "2"}.get(p, SHARDS.get(p, p)) for p in parts)


def mana_cost(cost: Any) -> str | None:
    """phase's mana cost as the corpus writes it ("{3}{W}{W}"), or None for no mana cost."""
    if not isinstance(cost, dict) or cost.get("type") != "Cost":
        return None
    generic = [f"{{{cost['generic']}}}"] if cost.get("generic") or not cost.get("shards") else []
    return "".join(generic + [f"{{{_shard(s)}}}" for s in cost.get("shards", [])])


def mana_value(obj: Mapping[str, Any]) -> int:
    """202.3: the mana value of phase's mana cost (phase exports none of its own); 202.3b (712.8e of 2021): a
    transformed permanent's back face uses its front face's mana cost, which phase keeps in ``back_face``."""
    cost = obj.get("mana_cost") or {}
    shown = obj.get("transformed") and obj.get("back_face") and cost == obj.get("base_mana_cost")  # no copy over it
    if shown and not obj.get("face_down"):
        cost = obj["back_face"].get("mana_cost") or {}
    if cost.get("type") != "Cost":
        return 0
    # 202.3e: X is 0 in a mana cost (outside the stack, where the adapter sets up no chosen value)
    return int(cost.get("generic", 0)) + sum(1 for shard in cost.get("shards", []) if shard != "X")


def _subtypes(obj: Mapping[str, Any], all_types: set[str]) -> tuple[list[str], bool]:
    """The subtypes, and whether it has every creature type (changeling, 702.73a, or phase's own list)."""
    subs = obj["card_types"]["subtypes"]
    changeling = "Changeling" in (obj.get("keywords") or []) and "Creature" in obj["card_types"]["core_types"]
    every = changeling or (bool(all_types) and all_types <= set(subs))
    if every:  # the corpus lists the printed subtypes beside "every creature type"
        printed = set(obj.get("base_card_types", {}).get("subtypes") or [])
        subs = [s for s in subs if s not in all_types or s in printed]
    return sorted(s.lower() for s in subs), every


def read_back(game: Any, board: Mapping[str, Any], ids: Mapping[str, int]) -> dict[str, dict[str, Any]]:
    """Every object's characteristics as phase computed them, in the corpus vocabulary."""
    state = game.state()["state"]
    all_types = set(state.get("all_creature_types") or [])
    # The corpus wording of every ability on the board (printed ones, and those effects grant).
    wordings = [t for o in board["objects"] for t in o.get("abilities") or []]
    parts = [m["component"] for o in board["objects"] for m in o.get("merges") or []]  # merged cards (729.2)
    wordings += [t for c in parts for t in c.get("abilities") or []]
    wordings += [t for a in board.get("abilities") or [] for t in [a.get("text")] if isinstance(t, str)]
    wordings += [
        t
        for e in [*board["effects"], *(board.get("abilities") or [])]
        for p in e.get("parts") or []
        for t in [*(p.get("abilities") or []), *((p.get("except") or {}).get("add_abilities") or [])]
        if isinstance(t, str)
    ]
    # granted abilities as quoted, first, so that the wording a part or an object gives wins over them
    wordings = [q for t in wordings for q in re.findall(r'"([^"]+)"', t)] + wordings
    results: dict[str, dict[str, Any]] = {}
    for o in board["objects"]:
        obj = state["objects"].get(str(ids[o["id"]]))
        if obj is None:
            continue
        zone = {v: k for k, v in ZONES.items()}.get(obj["zone"], obj["zone"].lower())
        subtypes, every = _subtypes(obj, all_types)
        creature = "Creature" in obj["card_types"]["core_types"]
        results[o["id"]] = {
            "name": obj["name"] or None,  # 708.2a: a face-down permanent has no name
            "controller": PLAYERS.get(obj["controller"], str(obj["controller"])),
            "owner": PLAYERS.get(obj["owner"], str(obj["owner"])),
            "types": sorted(t.lower() for t in obj["card_types"]["core_types"]),
            "subtypes": subtypes,
            "supertypes": sorted(t.lower() for t in obj["card_types"]["supertypes"]),
            "all_creature_types": every,
            "colors": sorted(PHASE_COLORS.get(c, c.lower()) for c in obj.get("color") or []),
            "abilities": abilities(obj, wordings, hidden(o, obj), merged_names(o)),
            "mana_cost": mana_cost(obj.get("mana_cost")),
            "power": obj.get("power") if creature else None,
            "toughness": obj.get("toughness") if creature else None,
            "mana_value": mana_value(obj),
            "face_down": bool(obj.get("face_down")),
            "counters": {counter_kind(k): v for k, v in sorted((obj.get("counters") or {}).items())},
            "zone": zone,
        }
    return results


def implementation() -> dict[str, Any]:
    """Who this adapter is, and what it declares it can set up."""
    return {
        "name": "phase.rs",
        "language": "rust (phase-python bindings)",
        "version": phase_version(),
        "homepage": "https://pypi.org/project/phase-python/",
        # phase implements today's rules (it names the type Kindred, 205.3m): it is measured under them.
        "rules_versions": ["2025-08-01"],
        "features": FEATURES,
    }


def handle(msg: Any) -> tuple[dict[str, Any] | None, int]:
    """Answer one message: (reply or None, one-shot exit status)."""
    cmd = msg.get("cmd") if isinstance(msg, dict) else None
    if cmd == "start":
        if msg.get("version") != PROTOCOL_VERSION:
            return {"ready": False, "version": PROTOCOL_VERSION, "error": "speaks only version 1"}, 1
        return {"ready": True, "version": PROTOCOL_VERSION, "implementation": implementation()}, 0
    if cmd == "stop":
        return None, 0
    seq = msg.get("seq", 0) if isinstance(msg, dict) else 0
    if cmd != "run":
        return {"seq": seq, "errored": True, "message": f"unknown command {cmd!r}"}, 1
    try:
        board = {**msg["board"], "objects": [flip_face(modal_face(o)) for o in msg["board"]["objects"]]}
        game, ids = set_up(board)
        return {"seq": seq, "results": read_back(game, board, ids)}, 0
    except Unsupported as exc:
        return {"seq": seq, "skipped": True, "reason": str(exc)}, 2
    except Exception as exc:  # phase refusing the board is an error answer, never a dead adapter
        return {"seq": seq, "errored": True, "message": f"{type(exc).__name__}: {exc}"}, 1


def main(argv: list[str] | None = None) -> int:
    """Persistent mode (JSON lines) by default, or one message with --oneshot: the reference adapter's loops
    (``mtg_layers.adapter``) answering with phase's ``handle``."""
    from mtg_layers.adapter import oneshot, serve

    return oneshot(handle) if "--oneshot" in (sys.argv[1:] if argv is None else argv) else serve(handle)


if __name__ == "__main__":
    sys.exit(main())
