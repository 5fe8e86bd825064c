"""Small builders for unit tests: a board from plain dicts, resolved under a version."""

from __future__ import annotations

from typing import Any

from mtg_layers.checking.results import board_result
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.model import Board, Characteristics
from reference.resolver import Resolution, resolve
from reference.versions import get_version


def make_board(
    objects: list[dict[str, Any]],
    effects: list[dict[str, Any]] | None = None,
    abilities: list[dict[str, Any]] | None = None,
    step: dict[str, Any] | None = None,
) -> Board:
    """A board through the real loader (schema and meaning checks included), after ``step``'s events if given."""
    data = {
        "id": "unit",
        "title": "unit test board",
        "versions": ["pre-m10", "m10", "ikoria"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "abilities": abilities or [],
        "objects": objects,
        "effects": effects or [],
        "steps": [{"description": "board", **(step or {}), "expect": {"pre-m10": {}, "m10": {}, "ikoria": {}}}],
    }
    return board_at(case_from_data(data, "unit"), 1)


def run(board: Board, version: str = "ikoria") -> tuple[Resolution, dict[str, dict[str, Any]]]:
    """Resolve a board; return the resolution and its JSON-ready result."""
    resolution = resolve(board, get_version(version))
    return resolution, board_result(board, resolution.final)


def creature(oid: str, ts: float, power: int = 2, toughness: int = 2, **extra: Any) -> dict[str, Any]:
    """A plain creature object."""
    base: dict[str, Any] = {
        "id": oid,
        "name": oid.title(),
        "timestamp": ts,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        "controller": "p1",
    }
    base.update(extra)
    return base


def enchantment(oid: str, ts: float, *abilities: str, **extra: Any) -> dict[str, Any]:
    """A plain enchantment object controlled by p1, with these abilities."""
    base: dict[str, Any] = {
        "id": oid,
        "name": oid.title(),
        "timestamp": ts,
        "controller": "p1",
        "types": ["enchantment"],
        "mana_value": 1,
        "abilities": list(abilities),
    }
    base.update(extra)
    return base


def chars(name: str = "Bear", **changes: Any) -> Characteristics:
    """Plain characteristics of a 2/2 green creature controlled by p1, with changes."""
    base = Characteristics(
        name=name,
        mana_value=2,
        colors=frozenset({"green"}),
        types=frozenset({"creature"}),
        subtypes=frozenset(),
        supertypes=frozenset(),
        abilities=frozenset(),
        power=2,
        toughness=2,
        controller="p1",
    )
    return base.with_(**changes) if changes else base


CHANGELING = "changeling (this object is every creature type.)"
BLOOD_MOON = "nonbasic lands are mountains."
MOUNTAIN_WARRIORS = "mountains are warriors in addition to their other types."
FOREST_MANA = "{t}: add {g}."
ELVES_PUMP = "elves get +1/+1."
GOBLINS_PUMP = "goblins get +1/+1."
ELVES_PUMP_DEF: dict[str, Any] = {
    "text": ELVES_PUMP,
    "applies_to": {"subtype": "elf"},
    "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
}
ELF_TO_GOBLIN: dict[str, Any] = {"op": "replace_word", "from": "elf", "to": "goblin"}


def arbor_under_blood_moon(warriors: bool = False) -> Board:
    """A nonbasic Forest land creature with changeling (a CDA) under Blood Moon (305.7); with ``warriors``, also
    "Mountains are Warriors" (an effect that depends on Blood Moon)."""
    objects = [
        creature("arbor", 1, types=["land", "creature"], subtypes=["forest"], abilities=[CHANGELING]),
        enchantment("moon", 2, BLOOD_MOON, mana_value=3),
    ]
    abilities: list[dict[str, Any]] = [
        {"text": CHANGELING, "cda": True, "parts": [{"op": "all_creature_types"}]},
        {
            "text": BLOOD_MOON,
            "applies_to": {"all": [{"type": "land"}, {"not": {"supertype": "basic"}}]},
            "parts": [{"op": "set_land_subtype", "subtypes": ["mountain"]}],
        },
    ]
    if warriors:
        objects.append(enchantment("zz", 3, MOUNTAIN_WARRIORS, mana_value=3))
        abilities.append(
            {
                "text": MOUNTAIN_WARRIORS,
                "applies_to": {"subtype": "mountain"},
                "parts": [{"op": "add_subtypes", "subtypes": ["warrior"]}],
            }
        )
    return make_board(objects, abilities=abilities)


def loop_waiting_for_a_later_effect() -> Board:
    """613.8b: A and B set power and toughness from each other (a loop); A also reads the toughness C sets.

    By the rules C applies first, then A, then B: 5/5; timestamp order alone gives 3/5.
    """
    return make_board(
        [creature("bear", 1, power=2, toughness=3)],
        [
            {
                "id": "a",
                "timestamp": 2,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "power": {"its": "toughness"}}],
            },
            {
                "id": "b",
                "timestamp": 3,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "toughness": {"its": "power"}}],
            },
            {"id": "c", "timestamp": 4, "applies_to": ["bear"], "parts": [{"op": "set_pt", "toughness": 5}]},
        ],
    )
