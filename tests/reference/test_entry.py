"""Unit tests for created tokens (111.2-111.4, 612.2a) and the counters an object enters with (614.1c, 614.12)."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.entry import EntryError
from reference.model import Board, Characteristics
from reference.tokens import TokenError, created_token, token_maker, token_name
from reference.versions import get_version

from ..builders import run

CURRENT = get_version("current")

MARIT_LAGE = (
    "when dark depths has no ice counters on it, sacrifice it and create marit lage, "
    "a legendary 20/20 black avatar creature token with flying and indestructible."
)
ELF_WARRIOR = "{g}, {t}: create a 1/1 green elf warrior creature token."
ELF_LORD = "other elf creatures you control get +1/+1."
GRUMGULLY = "each other non-human creature you control enters with an additional +1/+1 counter on it."
RENATA = "each other creature you control enters with an additional +1/+1 counter on it."
MIMIC_CHOICE = "as metallic mimic enters, choose a creature type."
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

DARK_DEPTHS = {
    "id": "depths",
    "name": "Dark Depths",
    "controller": "p1",
    "timestamp": 1,
    "types": ["land"],
    "supertypes": ["legendary", "snow"],
    "abilities": [MARIT_LAGE],
}
PERFECT = {
    "id": "perfect",
    "name": "Imperious Perfect",
    "controller": "p2",
    "timestamp": 1,
    "mana_cost": "{2}{G}",
    "colors": ["green"],
    "types": ["creature"],
    "subtypes": ["elf", "warrior"],
    "power": 2,
    "toughness": 2,
    "abilities": [ELF_LORD, ELF_WARRIOR],
}
GRUMGULLY_OBJ = {
    "id": "grumgully",
    "name": "Grumgully, the Generous",
    "controller": "p1",
    "timestamp": 1,
    "mana_cost": "{1}{R}{G}",
    "colors": ["red", "green"],
    "types": ["creature"],
    "supertypes": ["legendary"],
    "subtypes": ["goblin", "shaman"],
    "power": 3,
    "toughness": 3,
    "abilities": [GRUMGULLY],
}
RENATA_OBJ = {
    "id": "renata",
    "name": "Renata, Called to the Hunt",
    "controller": "p1",
    "timestamp": 2,
    "mana_cost": "{2}{G}",
    "colors": ["green"],
    "types": ["enchantment", "creature"],
    "supertypes": ["legendary"],
    "subtypes": ["demigod"],
    "power": 1,
    "toughness": 3,
    "abilities": [RENATA],
}
MIMIC_OBJ = {
    "id": "mimic",
    "name": "Metallic Mimic",
    "controller": "p1",
    "timestamp": 1,
    "mana_cost": "{2}",
    "types": ["artifact", "creature"],
    "subtypes": ["shapeshifter"],
    "power": 2,
    "toughness": 1,
    "abilities": [MIMIC_CHOICE, MIMIC_TYPE, MIMIC],
    "chosen": {"creature_type": "elf"},
}
VANGUARD = {
    "id": "vanguard",
    "name": "Elite Vanguard",
    "controller": "p1",
    "timestamp": 2,
    "mana_cost": "{W}",
    "colors": ["white"],
    "types": ["creature"],
    "subtypes": ["human", "soldier"],
    "power": 2,
    "toughness": 1,
}
ELVES = {
    "id": "elves",
    "name": "Llanowar Elves",
    "controller": "p1",
    "mana_cost": "{G}",
    "colors": ["green"],
    "types": ["creature"],
    "subtypes": ["elf", "druid"],
    "power": 1,
    "toughness": 1,
}
BEARS = {
    "id": "bears",
    "name": "Grizzly Bears",
    "controller": "p1",
    "mana_cost": "{1}{G}",
    "colors": ["green"],
    "types": ["creature"],
    "subtypes": ["bear"],
    "power": 2,
    "toughness": 2,
}
CLONE = {
    "id": "clone",
    "name": "Clone",
    "controller": "p1",
    "mana_cost": "{3}{U}",
    "colors": ["blue"],
    "types": ["creature"],
    "subtypes": ["shapeshifter"],
    "power": 0,
    "toughness": 0,
}


def _case(
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
    return case_from_data(data, "unit")


def _after(case: Any, step: int, version: str = "current") -> tuple[Board, dict[str, dict[str, Any]]]:
    board = board_at(case, step, get_version(version))
    return board, run(board, version)[1]


def _create(by: str, ability: str, token_id: str = "token") -> dict[str, Any]:
    return {"description": "the ability resolves", "create_tokens": [{"id": token_id, "by": by, "ability": ability}]}


# --- created tokens ------------------------------------------------------------------------------


def test_111_4_a_token_its_ability_names_has_that_name_and_every_value_the_ability_gives() -> None:
    """111.3, 111.4: Dark Depths creates Marit Lage, a legendary 20/20 black Avatar with flying and indestructible."""
    case = _case([DARK_DEPTHS], [_create("depths", MARIT_LAGE, "marit")])
    for version in ("m10", "current"):
        board, result = _after(case, 1, version)
        assert result["marit"] == {
            "name": "Marit Lage",
            "controller": "p1",
            "mana_value": 0,
            "types": ["creature"],
            "subtypes": ["avatar"],
            "supertypes": ["legendary"],
            "all_creature_types": False,
            "colors": ["black"],
            "abilities": ["flying", "indestructible"],
            "power": 20,
            "toughness": 20,
            "face_down": False,
            "counters": {},
            "mana_cost": None,
            "owner": "p1",
            "zone": "battlefield",
        }
        assert board.objects["marit"].token is True


def test_111_2_a_token_is_owned_and_controlled_by_its_creator_and_named_for_its_subtypes() -> None:
    """111.2, 111.4: p2's Imperious Perfect creates p2's 1/1 green Elf Warrior token, 'Elf Warrior Token' (2025)."""
    case = _case([PERFECT], [_create("perfect", ELF_WARRIOR, "warrior")])
    names = {"m10": "Elf Warrior", "current": "Elf Warrior Token"}
    for version, name in names.items():
        board, result = _after(case, 1, version)
        token = board.objects["warrior"]
        assert (token.token, token.owner, token.printed.controller) == (True, "p2", "p2")
        assert result["warrior"]["name"] == name
        assert (result["warrior"]["owner"], result["warrior"]["controller"]) == ("p2", "p2")
        assert (result["warrior"]["subtypes"], result["warrior"]["colors"]) == (["elf", "warrior"], ["green"])
        assert (result["warrior"]["power"], result["warrior"]["toughness"]) == (2, 2)  # the Perfect's +1/+1


def test_111_3_a_token_has_only_the_values_its_ability_defines() -> None:
    """111.3: an ability that gives only a name creates a token with no colors, types, subtypes or abilities."""
    text = "create a token named shard."
    source = {
        "id": "maker",
        "name": "Maker",
        "controller": "p1",
        "timestamp": 1,
        "types": ["artifact"],
        "abilities": [text],
    }
    case = _case([source], [_create("maker", text)], [{"text": text, "creates": {"name": "Shard"}}])
    board, result = _after(case, 1)
    empty: frozenset[str] = frozenset()
    assert board.objects["token"].printed == Characteristics(
        "Shard", 0, empty, empty, empty, empty, empty, power=None, toughness=None, controller="p1"
    )
    assert (result["token"]["types"], result["token"]["abilities"], result["token"]["mana_value"]) == ([], [], 0)


def test_111_4_an_unnamed_token_without_subtypes_is_named_token_alone() -> None:
    """111.4: a token named for its subtypes plus the word 'Token', with no subtypes, is named 'Token' (2025)."""
    values = {"types": ("artifact",)}
    assert token_name(values, CURRENT) == "Token"
    assert token_name({"name": "Shard", "subtypes": ("elf",)}, get_version("2023-11-17")) == "Shard"


def test_111_4_a_token_named_for_its_subtypes_under_a_version_that_does_not_say_is_an_error() -> None:
    """111.4: the 2023-11-17 profile spans the 'Token' word's arrival; naming a token for its subtypes there fails."""
    with pytest.raises(TokenError) as err:
        token_name({"subtypes": ("elf", "warrior")}, get_version("2023-11-17"))
    assert str(err.value) == (
        "111.4: rules version 2023-11-17 does not state whether a token named for its subtypes "
        "adds the word 'Token' to its name"
    )


def test_111_3_a_wording_without_a_creating_definition_is_an_error_naming_it() -> None:
    """111.3: only an ability definition with 'creates' makes tokens; an unknown or other wording is named."""
    board = board_at(_case([PERFECT], [{"description": "board"}]), 1, CURRENT)
    for text in ("create a goblin.", GRUMGULLY):
        with pytest.raises(TokenError) as err:
            token_maker(board, text)
        assert str(err.value) == f"no ability definition {text!r} creates a token"


def test_111_3_a_token_whose_source_is_not_on_the_board_is_an_error_naming_both() -> None:
    """111.3: a token is created by an object's ability; a source the board doesn't hold is an error."""
    board = board_at(_case([PERFECT], [{"description": "board"}]), 1, CURRENT)
    with pytest.raises(TokenError) as err:
        created_token(board, CURRENT, "warrior", "ghost", ELF_WARRIOR, 5)
    assert str(err.value) == "warrior: the token's source 'ghost' is not on the board"


def test_612_2a_a_source_that_lost_the_ability_creates_no_token_and_the_error_lists_what_it_has() -> None:
    """612.2a: the token is read from the source's current abilities; one it no longer has is an error."""
    lose = {
        "id": "lose",
        "description": "Imperious Perfect loses its token ability",
        "controller": "p1",
        "applies_to": ["perfect"],
        "parts": [{"op": "remove_abilities", "abilities": [ELF_WARRIOR]}],
    }
    case = _case([PERFECT], [{"description": "it loses it", "add_effects": [lose]}, _create("perfect", ELF_WARRIOR)])
    with pytest.raises(TokenError) as err:
        board_at(case, 2, CURRENT)
    assert str(err.value) == (f"token: perfect does not have the ability {ELF_WARRIOR!r} now (it has [{ELF_LORD!r}])")


def test_612_2a_creating_a_token_without_a_rules_version_is_an_error() -> None:
    """612.2a: a token is read from its source's current characteristics, which only a rules version gives."""
    case = _case([PERFECT], [_create("perfect", ELF_WARRIOR)])
    with pytest.raises(TokenError) as err:
        board_at(case, 1)
    assert str(err.value) == ("tokens are created from their source's current text (612.2a): a rules version is needed")


# --- counters an object enters with ----------------------------------------------------------------


def test_614_12_a_clone_entering_as_a_copy_of_a_human_gets_no_grumgully_counter() -> None:
    """614.12: Clone's copy effect modifies how it enters: as a copy of Elite Vanguard it is Human, so no counter."""
    copy = {
        "id": "clone-copy",
        "description": "Clone enters as a copy of Elite Vanguard",
        "source": "clone",
        "controller": "p1",
        "applies_to": ["clone"],
        "parts": [{"op": "copy_of", "object": "vanguard"}],
    }
    case = _case(
        [GRUMGULLY_OBJ, VANGUARD], [{"description": "Clone enters", "add_objects": [CLONE], "add_effects": [copy]}]
    )
    _, result = _after(case, 1)
    assert (result["clone"]["name"], result["clone"]["subtypes"]) == ("Elite Vanguard", ["human", "soldier"])
    assert (result["clone"]["counters"], result["clone"]["power"], result["clone"]["toughness"]) == ({}, 2, 1)


def test_612_2a_a_text_changed_enters_with_ability_still_gives_its_counter() -> None:
    """612.2a, 614.1c: Grumgully with Human changed to Elf (Artificial Evolution) still gives an entering Bear +1/+1."""
    evolution = {
        "id": "evolution",
        "description": "Artificial Evolution: Human -> Elf in Grumgully's text",
        "controller": "p1",
        "applies_to": ["grumgully"],
        "parts": [{"op": "replace_word", "from": "human", "to": "elf"}],
    }
    case = _case(
        [GRUMGULLY_OBJ],
        [{"description": "text change", "add_effects": [evolution]}, {"description": "Bears", "add_objects": [BEARS]}],
    )
    _, result = _after(case, 2)
    assert result["grumgully"]["abilities"] == [GRUMGULLY.replace("non-human", "non-elf")]
    assert (result["bears"]["counters"], result["bears"]["power"], result["bears"]["toughness"]) == ({"+1/+1": 1}, 3, 3)


def test_614_1c_607_2d_metallic_mimic_gives_a_counter_to_creatures_of_the_chosen_type() -> None:
    """614.1c, 607.2d: Metallic Mimic naming Elf: Llanowar Elves enters with +1/+1, Grizzly Bears without."""
    case = _case([MIMIC_OBJ], [{"description": "Elves and Bears enter", "add_objects": [ELVES, BEARS]}])
    _, result = _after(case, 1)
    assert result["mimic"]["subtypes"] == ["elf", "shapeshifter"]
    assert (result["elves"]["counters"], result["elves"]["power"], result["elves"]["toughness"]) == ({"+1/+1": 1}, 2, 2)
    assert (result["bears"]["counters"], result["bears"]["power"], result["bears"]["toughness"]) == ({}, 2, 2)


def test_614_1c_two_enters_with_abilities_add_up() -> None:
    """614.1c: under Grumgully and Renata an entering Llanowar Elves gets both counters: two +1/+1, 3/3."""
    case = _case([GRUMGULLY_OBJ, RENATA_OBJ], [{"description": "Elves enters", "add_objects": [ELVES]}])
    _, result = _after(case, 1)
    assert (result["elves"]["counters"], result["elves"]["power"], result["elves"]["toughness"]) == ({"+1/+1": 2}, 3, 3)


def test_614_1c_an_object_that_entered_and_left_in_the_step_does_not_stop_the_others_counters() -> None:
    """614.1c: Bears and Elves enter under Grumgully and the Bears leave in the same step: the Elves get +1/+1."""
    case = _case(
        [GRUMGULLY_OBJ],
        [{"description": "both enter, Bears leave", "add_objects": [BEARS, ELVES], "remove_objects": ["bears"]}],
    )
    board, result = _after(case, 1)
    assert "bears" not in board.objects
    assert (result["elves"]["counters"], result["elves"]["power"], result["elves"]["toughness"]) == ({"+1/+1": 1}, 2, 2)


def test_614_12_entry_counters_without_a_rules_version_are_an_error_naming_the_object() -> None:
    """614.12: whether an ability gives an entering object counters reads its characteristics: a version is needed."""
    case = _case([GRUMGULLY_OBJ], [{"description": "Elves enters", "add_objects": [ELVES]}])
    with pytest.raises(EntryError) as err:
        board_at(case, 1)
    assert str(err.value) == (
        "elves enters while an ability may give it counters by its characteristics (614.12): "
        "a rules version is needed to read them"
    )


def test_612_1_614_1c_an_enters_with_filter_reads_through_its_sources_text_change() -> None:
    """612.1: Grumgully with Human changed to Elf gives its counter to non-Elves: a Human gets one, an Elf none.

    (Found by the mutation campaign: the "enters with" filter was read as printed.)
    """
    evolution = {
        "id": "evolution",
        "description": "Artificial Evolution: Human -> Elf in Grumgully's text",
        "controller": "p1",
        "applies_to": ["grumgully"],
        "parts": [{"op": "replace_word", "from": "human", "to": "elf"}],
    }
    vanguard = {k: v for k, v in VANGUARD.items() if k != "timestamp"}
    elves = {k: v for k, v in ELVES.items() if k != "timestamp"}
    case = _case(
        [GRUMGULLY_OBJ],
        [
            {"description": "text change", "add_effects": [evolution]},
            {"description": "an Elf and a Human enter", "add_objects": [elves, vanguard]},
        ],
    )
    _, result = _after(case, 2)
    assert (result["elves"]["counters"], result["elves"]["power"]) == ({}, 1)
    assert (result["vanguard"]["counters"], result["vanguard"]["power"]) == ({"+1/+1": 1}, 3)


def test_612_1_an_enters_with_wording_defined_as_it_now_reads_is_not_changed_again() -> None:
    """612.1: Grumgully's text after Elf -> Goblin, then Human -> Elf reads "non-Elf": an Elf entering gets no counter.

    The board also defines the "non-Elf" wording, so the ability is found as it now reads and its
    filter is already the changed one; changing it again (Elf -> Goblin) would read "non-Goblin".
    (Found by the mutation campaign: entry mutants 51 of entry_counters and 3 of replacement_applies.)
    """
    non_elf = GRUMGULLY.replace("non-human", "non-elf")
    abilities = [
        *ABILITIES,
        {
            "text": non_elf,
            "applies_to": {
                "type": "creature",
                "controller": "you",
                "other_than_source": True,
                "not": {"subtype": "elf"},
            },
            "enters_with": {"+1/+1": 1},
        },
    ]

    def change(key: str, old: str, new: str) -> dict[str, Any]:
        return {
            "id": key,
            "description": f"{old} -> {new} in Grumgully's text",
            "controller": "p1",
            "applies_to": ["grumgully"],
            "parts": [{"op": "replace_word", "from": old, "to": new}],
        }

    vanguard = {k: v for k, v in VANGUARD.items() if k != "timestamp"}
    elves = {k: v for k, v in ELVES.items() if k != "timestamp"}
    case = _case(
        [GRUMGULLY_OBJ],
        [
            {"description": "Elf -> Goblin", "add_effects": [change("first", "elf", "goblin")]},
            {"description": "Human -> Elf", "add_effects": [change("second", "human", "elf")]},
            {"description": "an Elf and a Human enter", "add_objects": [elves, vanguard]},
        ],
        abilities,
    )
    _, result = _after(case, 3)
    assert result["grumgully"]["abilities"] == [non_elf]
    assert (result["elves"]["counters"], result["elves"]["power"]) == ({}, 1)
    assert (result["vanguard"]["counters"], result["vanguard"]["power"]) == ({"+1/+1": 1}, 3)


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        (
            "as long as you control another creature, this creature is a human.",
            {"type": "creature", "controller": "you"},
        ),
        ("as long as no card is in exile, this creature is a human.", {"zone": "exile"}),
    ],
)
def test_614_12_an_entering_creatures_own_ability_reads_the_board_as_it_is(text: str, counted: Any) -> None:
    """614.12: the entering creature's own static ability applies as it would exist, reading the real board.

    Grumgully stays on the battlefield while the Bears are looked at (only its static abilities do
    not apply to them): "another creature you control" counts it, and it is not a card in exile.
    Either way the Bears would be Human, so they get no counter from Grumgully.
    """
    others = {"all": [counted, {"other_than_source": True}]}
    op, right = (">=", 1) if "another" in text else ("==", 0)
    ability = {
        "text": text,
        "applies_to": {"is_source": True},
        "condition": {"left": {"count": others}, "op": op, "right": right},
        "parts": [{"op": "add_subtypes", "subtypes": ["human"]}],
    }
    bears = {**BEARS, "abilities": [text]}
    case = _case([GRUMGULLY_OBJ], [{"description": "the Bears enter", "add_objects": [bears]}], [*ABILITIES, ability])
    _, result = _after(case, 1)
    assert (result["bears"]["subtypes"], result["bears"]["counters"]) == (["bear", "human"], {})


def test_707_3_614_12_a_copy_of_a_copy_enters_as_what_the_first_copy_copied() -> None:
    """707.3: a Clone copying a Clone that copied Elite Vanguard enters as a Human: no Grumgully counter.

    (Found by the mutation campaign: the copied Clone's own copy effect was dropped.)
    """
    first = {**CLONE, "id": "clone1", "timestamp": 3}
    second = {k: v for k, v in {**CLONE, "id": "clone2"}.items() if k != "timestamp"}
    copy1 = {
        "id": "copy1",
        "description": "the first Clone is a copy of Elite Vanguard",
        "source": "clone1",
        "controller": "p1",
        "applies_to": ["clone1"],
        "parts": [{"op": "copy_of", "object": "vanguard"}],
    }
    copy2 = {**copy1, "id": "copy2", "description": "the second Clone enters as a copy of the first"}
    copy2.update(source="clone2", applies_to=["clone2"], parts=[{"op": "copy_of", "object": "clone1"}])
    case = _case(
        [GRUMGULLY_OBJ, VANGUARD, first],
        [
            {"description": "the first Clone's copy effect", "add_effects": [copy1]},
            {"description": "the second Clone enters", "add_objects": [second], "add_effects": [copy2]},
        ],
    )
    _, result = _after(case, 2)
    assert (result["clone2"]["name"], result["clone2"]["subtypes"]) == ("Elite Vanguard", ["human", "soldier"])
    assert (result["clone2"]["counters"], result["clone2"]["power"], result["clone2"]["toughness"]) == ({}, 2, 1)
