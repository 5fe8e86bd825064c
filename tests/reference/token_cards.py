"""The cards of the token and entry-counter tests (tests/reference/test_tokens.py, test_entry.py).

Dark Depths' Marit Lage, Imperious Perfect's Elf Warrior, Grumgully's and Renata's "enters with an
additional counter", Metallic Mimic's chosen type: their wordings, their ability definitions, and a
case of them through the real loader.
"""

from __future__ import annotations

from typing import Any

from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.model import Board
from reference.versions import get_version

from ..builders import run
from ..schema_parts import checked_by_parts

MARIT_LAGE = (
    "when dark depths has no ice counters on it, sacrifice it and create marit lage, "
    "a legendary 20/20 black avatar creature token with flying and indestructible."
)
ELF_WARRIOR = "{g}, {t}: create a 1/1 green elf warrior creature token."
ELF_LORD = "other elf creatures you control get +1/+1."
GRUMGULLY = "each other non-human creature you control enters with an additional +1/+1 counter on it."
RENATA = "each other creature you control enters with an additional +1/+1 counter on it."
MIMIC_TYPE = "metallic mimic is the chosen type in addition to its other types."
MIMIC = "each other creature you control of the chosen type enters with an additional +1/+1 counter on it."

ABILITIES: list[dict[str, Any]] = [
    {
        "text": MARIT_LAGE,
        "creates": {
            "name": "Marit Lage",
            "colors": ["black"],
            "types": ["creature"],
            "subtypes": ["avatar"],
            "supertypes": ["legendary"],
            "abilities": ["flying", "indestructible"],
            "power": 20,
            "toughness": 20,
        },
    },
    {
        "text": ELF_WARRIOR,
        "creates": {
            "colors": ["green"],
            "types": ["creature"],
            "subtypes": ["elf", "warrior"],
            "power": 1,
            "toughness": 1,
        },
    },
    {
        "text": GRUMGULLY,
        "applies_to": {"type": "creature", "controller": "you", "other_than_source": True, "not": {"subtype": "human"}},
        "enters_with": {"+1/+1": 1},
    },
    {
        "text": RENATA,
        "applies_to": {"type": "creature", "controller": "you", "other_than_source": True},
        "enters_with": {"+1/+1": 1},
    },
    {
        "text": ELF_LORD,
        "applies_to": {"type": "creature", "subtype": "elf", "controller": "you", "other_than_source": True},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    },
    {"text": MIMIC_TYPE, "parts": [{"op": "add_subtypes", "subtypes": [{"chosen": "creature_type"}]}]},
    {
        "text": MIMIC,
        "applies_to": {
            "type": "creature",
            "controller": "you",
            "other_than_source": True,
            "subtype": {"chosen": "creature_type"},
        },
        "enters_with": {"+1/+1": 1},
    },
]


def case_of_cards(
    objects: list[dict[str, Any]],
    steps: list[dict[str, Any]],
    abilities: list[dict[str, Any]] | None = None,
    versions: tuple[str, ...] = ("m10", "current"),
) -> Any:
    """A case through the real loader: every step expects nothing (the tests read the boards)."""
    data = {
        "id": "unit",
        "title": "unit test case",
        "versions": list(versions),
        "features": ["created-tokens", "entry-counters"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "abilities": ABILITIES if abilities is None else abilities,
        "objects": objects,
        "steps": [{**s, "expect": {v: {} for v in versions}} for s in steps],
    }
    with checked_by_parts():  # the JSON Schema pass part by part: the same problems (tests/schema_parts.py)
        return case_from_data(data, "unit")


def board_and_result(case: Any, step: int, version: str = "current") -> tuple[Board, dict[str, dict[str, Any]]]:
    """The board at a step of the case under a rules version, and its resolved result."""
    board = board_at(case, step, get_version(version))
    return board, run(board, version)[1]
