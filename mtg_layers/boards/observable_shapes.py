"""The bounded shapes `mtg-layers prove --observable` searches: small boards, a family per feature a change touches.

Each family is a handful of boards written in the case format (loaded and checked by
``mtg_layers.corpus``, so every shape is a board a case could hold), chosen for what the dated
changes of the rules history touch: keyword counters (122.1b), copy exceptions and the CDAs they
leave out (707.9d, twice), the legend rule across controllers (704.5j), a calculated amount below
zero (107.1b), a transformed permanent and a token copy of it (202.3b, 707.8a), an object's own and
granted static abilities stamped anew (613.7a), an object's own static ability against a resolving
effect with the same timestamp (613.7n), permanents of two players stamped together (613.7m). The
power/toughness family (``mtg_layers.checking.theorems.shape_board``) is symbolic instead: any
integer amounts, any timestamp order.

No shape carries an answer: the search compares what two rules versions make of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from reference.case import Case, board_at
from reference.model import Board

BEARS = {
    "card": "Grizzly Bears",
    "name": "Grizzly Bears",
    "controller": "p1",
    "mana_value": 2,
    "colors": ["green"],
    "types": ["creature"],
    "subtypes": ["bear"],
    "power": 2,
    "toughness": 2,
}
# 122.1b: every keyword any dated version lists as a keyword counter (the list only grew since 2020-04-17)
KEYWORD_COUNTERS = ("flying", "haste", "shadow", "exalted", "decayed", "deathtouch", "vigilance")


@dataclass(frozen=True)
class Shape:
    """One board of a family: a case (without answers) at its last step."""

    family: str
    label: str
    case: Case

    def board(self) -> Board:
        """The board at the shape's last step (built by the step code, the same under every version)."""
        return board_at(self.case, len(self.case.steps))


def _case(label: str, data: Mapping[str, Any]) -> Case:
    """A shape's data as a case: loaded and checked like any case file (no schema pass: no answers)."""
    from ..corpus import case_from_data

    steps = data.get("steps") or [{"description": label}]
    full = {
        "id": f"shape-{label}",
        "title": label,
        "status": "derived",
        "versions": ["2025-08-01"],
        "features": [],
        "rules": ["613.1"],
        "sources": [],
        **{k: v for k, v in data.items() if k != "steps"},
        "steps": [{**s, "expect": {"2025-08-01": {}}} for s in steps],
    }
    return case_from_data(full, f"<shape {label}>", schema_check=False)


def _keyword_counters() -> Iterator[tuple[str, dict[str, Any]]]:
    """122.1b, 613.1f: one counter of each keyword on a creature."""
    counters = [{"kind": k, "count": 1, "timestamp": 2 + i} for i, k in enumerate(KEYWORD_COUNTERS)]
    yield "bears-with-keyword-counters", {"objects": [{**BEARS, "id": "bears", "timestamp": 1, "counters": counters}]}


GOYF_TEXT = (
    "tarmogoyf's power is equal to the number of card types among cards in all graveyards "
    "and its toughness is equal to that number plus 1"
)


def _copy_exceptions() -> Iterator[tuple[str, dict[str, Any]]]:
    """707.9d: a copy exception that sets P/T, or adds a subtype, against the original's CDAs."""
    goyf = {
        "id": "goyf",
        "name": "Tarmogoyf",
        "controller": "p2",
        "timestamp": 1,
        "mana_value": 2,
        "colors": ["green"],
        "types": ["creature"],
        "subtypes": ["lhurgoyf"],
        "power": 0,
        "toughness": 1,
        "abilities": [GOYF_TEXT],
    }
    yard = [
        {"id": "bolt", "name": "Lightning Bolt", "owner": "p1", "zone": "graveyard", "timestamp": 0.1,
         "mana_value": 1, "colors": ["red"], "types": ["instant"]},
    ]  # fmt: skip
    copier = {**BEARS, "id": "copier", "name": "Stand-in Copier", "card": None, "timestamp": 2, "colors": ["blue"]}
    copier.pop("card")
    cda_pt = {
        "text": GOYF_TEXT,
        "cda": True,
        "parts": [
            {
                "op": "set_pt",
                "power": {"card_types_among": {"zone": "graveyard"}},
                "toughness": {"sum": [{"card_types_among": {"zone": "graveyard"}}, 1]},
            }
        ],
    }
    yield "copy-except-7-7", {
        "abilities": [cda_pt],
        "objects": [goyf, *yard, copier],
        "effects": [
            {"id": "copy", "controller": "p1", "source": "copier", "timestamp": 2, "applies_to": ["copier"],
             "parts": [{"op": "copy_of", "object": "goyf", "except": {"power": 7, "toughness": 7}}]},
        ],
    }  # fmt: skip
    outcast = {
        "id": "outcast",
        "name": "Changeling Outcast",
        "controller": "p1",
        "timestamp": 1,
        "mana_value": 1,
        "colors": ["black"],
        "types": ["creature"],
        "subtypes": ["shapeshifter"],
        "power": 1,
        "toughness": 1,
        "abilities": ["changeling"],
    }
    yield "copy-changeling-except-in-addition", {
        "abilities": [{"text": "changeling", "cda": True, "parts": [{"op": "all_creature_types"}]}],
        "objects": [outcast, copier],
        "effects": [
            {"id": "copy", "controller": "p1", "source": "copier", "timestamp": 2, "applies_to": ["copier"],
             "parts": [{"op": "copy_of", "object": "outcast", "except": {"add_subtypes": ["rogue"]}}]},
        ],
    }  # fmt: skip


def _legends() -> Iterator[tuple[str, dict[str, Any]]]:
    """704.5j: two legendary creatures with one name, under one controller or two."""
    for label, second in (("legends-one-controller", "p1"), ("legends-two-controllers", "p2")):
        legend = {**BEARS, "name": "Isamaru, Hound of Konda", "supertypes": ["legendary"], "card": None}
        legend.pop("card")
        yield (
            label,
            {
                "objects": [
                    {**legend, "id": "legend-1", "timestamp": 1},
                    {**legend, "id": "legend-2", "timestamp": 2, "controller": second},
                ]
            },
        )


def _negative_amounts() -> Iterator[tuple[str, dict[str, Any]]]:
    """107.1b: "gets -X/-X, where X is your life total" at -1 life."""
    text = "this creature gets -x/-x, where x is your life total."
    yield "minus-x-at-negative-life", {
        "abilities": [
            {"text": text, "applies_to": {"is_source": True},
             "parts": [{"op": "modify_pt", "power": {"times": [-1, {"life": "you"}]},
                        "toughness": {"times": [-1, {"life": "you"}]}}]},
        ],
        "objects": [{**BEARS, "id": "shade", "timestamp": 1, "power": 13, "toughness": 13, "abilities": [text]}],
        "steps": [{"description": "p1 is at -1 life", "game": {"life": {"p1": -1}}}],
    }  # fmt: skip


def _double_faced() -> Iterator[tuple[str, dict[str, Any]]]:
    """202.3b, 707.8a: a transformed double-faced permanent, and a token copy of it that transforms."""
    deserter = {
        "id": "dfc",
        "name": "Stand-in Werewolf",
        "controller": "p1",
        "timestamp": 1,
        "mana_cost": "{3}{R}",
        "colors": ["red"],
        "types": ["creature"],
        "subtypes": ["werewolf"],
        "power": 3,
        "toughness": 2,
        "back_face": {"name": "Stand-in Ransacker", "mana_value": 0, "colors": ["red"], "types": ["creature"],
                      "subtypes": ["werewolf"], "power": 5, "toughness": 4},
        "transformed": True,
        "transform_history": [{"timestamp": 2, "transformed": True}],
    }  # fmt: skip
    yield "transformed-permanent", {"objects": [deserter]}
    yield "token-copy-of-transformed-transforms", {
        "objects": [deserter],
        "steps": [
            {"description": "a token copy of it enters",
             "add_objects": [{"id": "token", "name": "Stand-in Ransacker", "controller": "p1", "timestamp": 3,
                              "token": True, "types": ["creature"], "transformed": True}],
             "add_effects": [{"id": "copy", "controller": "p1", "timestamp": 3, "applies_to": ["token"],
                              "parts": [{"op": "copy_of", "object": "dfc", "double_faced": True}]}]},
            {"description": "the token transforms", "transform": {"token": 4}},
        ],
    }  # fmt: skip


def _same_timestamp() -> Iterator[tuple[str, dict[str, Any]]]:
    """613.7a (granted abilities stamped anew), 613.7n (own static against a resolving effect)."""
    hammer_text = "equipped creature gets +10/+10 and loses flying."
    granted = "equipped creature has flying."
    rune_text = 'as long as enchanted permanent is an equipment, it has "equipped creature has flying."'
    hawk = {**BEARS, "name": "Suntail Hawk", "abilities": ["flying"], "power": 1, "toughness": 1, "card": None}
    hawk.pop("card")
    yield "granted-ability-equipment-moves", {
        "abilities": [
            {"text": hammer_text, "applies_to": {"attached_to_source": True},
             "parts": [{"op": "modify_pt", "power": 10, "toughness": 10},
                       {"op": "remove_abilities", "abilities": ["flying"]}]},
            {"text": rune_text, "applies_to": {"all": [{"attached_to_source": True}, {"subtype": "equipment"}]},
             "parts": [{"op": "add_abilities", "abilities": [granted]}]},
            {"text": granted, "applies_to": {"attached_to_source": True},
             "parts": [{"op": "add_abilities", "abilities": ["flying"]}]},
        ],
        "objects": [
            {**hawk, "id": "hawk", "timestamp": 2},
            {**hawk, "id": "hawk2", "timestamp": 2.5},
            {"id": "hammer", "name": "Stand-in Hammer", "controller": "p1", "timestamp": 1, "mana_value": 1,
             "types": ["artifact"], "subtypes": ["equipment"], "abilities": [hammer_text]},
        ],
        "steps": [
            {"description": "equipment on the first creature, then the aura on the equipment",
             "attach": {"hammer": "hawk"}, "set_timestamp": {"hammer": 3},
             "add_objects": [{"id": "rune", "name": "Stand-in Rune", "controller": "p1", "timestamp": 4,
                              "mana_value": 2, "colors": ["blue"], "types": ["enchantment"],
                              "subtypes": ["aura"], "abilities": [rune_text], "attached_to": "hammer"}]},
            {"description": "equipment moved to the second creature", "attach": {"hammer": "hawk2"},
             "set_timestamp": {"hammer": 5}},
        ],
    }  # fmt: skip
    own = "as long as you control an island, this creature is blue."
    yield "own-static-and-resolving-effect-same-timestamp", {
        "abilities": [{"text": own, "applies_to": {"is_source": True},
                       "parts": [{"op": "set_colors", "colors": ["blue"]}]}],
        "objects": [{**BEARS, "id": "returned", "timestamp": 5, "abilities": [own]}],
        "effects": [{"id": "rise", "timestamp": 5, "applies_to": ["returned"], "controller": "p1",
                     "parts": [{"op": "set_colors", "colors": ["black"]}]}],
    }  # fmt: skip


def _two_players() -> Iterator[tuple[str, dict[str, Any]]]:
    """613.7m: two players' permanents that get their timestamps at one moment, each setting a color."""
    black, white = "all creatures are black.", "all creatures are white."
    yield "two-players-stamped-together", {
        "abilities": [
            {"text": black, "applies_to": {"type": "creature"}, "parts": [{"op": "set_colors", "colors": ["black"]}]},
            {"text": white, "applies_to": {"type": "creature"}, "parts": [{"op": "set_colors", "colors": ["white"]}]},
        ],
        "objects": [
            {**BEARS, "id": "bears", "timestamp": 1},
            {"id": "dark", "name": "Stand-in Darkness", "controller": "p2", "timestamp": 5, "mana_value": 1,
             "colors": ["black"], "types": ["enchantment"], "abilities": [black]},
            {"id": "light", "name": "Stand-in Light", "controller": "p1", "timestamp": 5, "mana_value": 1,
             "colors": ["white"], "types": ["enchantment"], "abilities": [white]},
        ],
        "game": {"turn": "p2", "turn_order": ["p1", "p2"]},
    }  # fmt: skip


FAMILIES: dict[str, tuple[str, str, Any]] = {
    "keyword-counters": ("122.1b, 613.1f", "one counter of each keyword on a creature", _keyword_counters),
    "copy-exceptions": ("707.9d", "copy exceptions against the original's CDAs", _copy_exceptions),
    "legend-rule": ("704.5j", "two same-name legends, one controller or two", _legends),
    "negative-amounts": ("107.1b", "a calculated -X/-X at negative life", _negative_amounts),
    "double-faced": ("202.3b, 707.8a", "a transformed permanent and a token copy of it", _double_faced),
    "same-timestamp": ("613.7a, 613.7n", "effects that get one timestamp together", _same_timestamp),
    "two-players": ("613.7m", "two players' permanents stamped at one moment", _two_players),
}


@cache
def shapes(family: str) -> tuple[Shape, ...]:
    """The boards of one family (see FAMILIES), each loaded as a case."""
    make = FAMILIES[family][2]
    return tuple(Shape(family, label, _case(label, data)) for label, data in make())
