"""Tokens created by an ability (111.2-111.4, 612.2a): reference.tokens."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.model import Characteristics
from reference.tokens import TokenError, created_token, creating_tokens, token_maker, token_name
from reference.versions import get_version

from ..builders import VERSIONS
from ..builders import corpus_data as _data
from .token_cards import ELF_LORD, ELF_WARRIOR, GRUMGULLY, MARIT_LAGE
from .token_cards import board_and_result as _after
from .token_cards import case_of_cards as _case

CURRENT = get_version("current")

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
    """111.4: a version that states neither form (a proposed profile; since issue 29 every built-in one states its
    day's) cannot name a token for its subtypes: the error says so."""
    unstated = replace(get_version("2023-11-17"), token_name_adds_token=None)
    with pytest.raises(TokenError) as err:
        token_name({"subtypes": ("elf", "warrior")}, unstated)
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


# Issue 17: a token's name and source, read as the version and the board say.


def test_612_2a_a_text_changed_ability_creates_the_token_its_changed_text_names() -> None:
    """612.2a, 111.3: an ability whose text was changed ("Elf" to "Goblin", "green" to "red") creates the token its
    changed text describes; with no change, the token its printed text describes."""
    from reference.frozen import freeze
    from reference.model import AbilityDef
    from reference.tokens import token_values

    maker = AbilityDef(
        "create a 1/1 green Elf", False, None, (), creates=freeze({"subtypes": ("elf",), "colors": ("green",)})
    )
    changed = token_values(maker, (("elf", "goblin"), ("green", "red")))
    assert (tuple(changed["subtypes"]), tuple(changed["colors"])) == (("goblin",), ("red",))
    assert token_values(maker, ()) is maker.creates


def test_token_names_follow_the_version() -> None:
    """111.4: 'Goblin Scout Token' from 2021-11-15, 'Goblin Scout' before; a version stating neither refuses."""
    values = {"subtypes": ("goblin", "scout")}
    assert token_name(values, VERSIONS["2025-08-01"]) == "Goblin Scout Token"
    assert token_name(values, VERSIONS["2023-11-17"]) == "Goblin Scout Token"  # cr-history: vow-token-name-token
    assert token_name(values, VERSIONS["2020-04-17"]) == "Goblin Scout"
    unstated = replace(VERSIONS["2023-11-17"], token_name_adds_token=None)
    assert token_name({**values, "name": "Voja"}, unstated) == "Voja"
    with pytest.raises(TokenError, match=r"111\.4"):
        token_name(values, unstated)


def test_a_source_without_the_ability_creates_nothing() -> None:
    """612.2a: the token maker is read as its source has it now; a source that lost it is an error."""
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["steps"][0]["add_effects"] = [
        {"id": "lose", "applies_to": ["roost"], "parts": [{"op": "remove_all_abilities"}]}
    ]
    case = case_from_data(data)
    with pytest.raises(TokenError, match="does not have the ability"):
        board_at(case, 3, VERSIONS["ikoria"])  # token2, after the Roost lost its abilities in step 1


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.


def test_each_token_request_of_a_step_creates_its_token() -> None:
    """111.3, 612.2a: each request creates one token from its source's current ability, at its own timestamp."""
    b = board_at(_case([PERFECT], [{"description": "board"}]), 1, CURRENT)
    requests = (
        {"id": "t1", "by": "perfect", "ability": ELF_WARRIOR, "timestamp": 7},
        {"id": "t2", "by": "perfect", "ability": ELF_WARRIOR, "timestamp": 8},
    )
    tokens = creating_tokens(b, CURRENT, requests)
    assert tokens == (
        created_token(b, CURRENT, "t1", "perfect", ELF_WARRIOR, 7),
        created_token(b, CURRENT, "t2", "perfect", ELF_WARRIOR, 8),
    )
    assert [(t.id, t.timestamp, t.token, t.printed.name) for t in tokens] == [
        ("t1", 7, True, "Elf Warrior Token"),
        ("t2", 8, True, "Elf Warrior Token"),
    ]
    assert creating_tokens(b, None, ()) == ()
    with pytest.raises(TokenError) as err:
        creating_tokens(b, None, requests)
    assert str(err.value) == "tokens are created from their source's current text (612.2a): a rules version is needed"
