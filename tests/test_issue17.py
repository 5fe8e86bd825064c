"""Issue 17: choices as a permanent enters, counters it enters with, tokens an ability creates, game state.

Each is checked in the resolver on its corpus cases' hand-worked answers (tests/test_golden.py);
here: the loader's meaning checks, the z3 encoding refuting a wrong game-state answer (it reads
the game state itself), and "not encoded" (never "verified") for the parts it does not model.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_layers.corpus import CASES_DIR, CorpusError, case_from_data, load_case, read_yaml
from mtg_layers.crosscheck import crosscheck_case
from proofs.reads import NOT_MODELLED
from reference.case import board_at
from reference.tokens import TokenError, token_name
from reference.versions import builtin_versions
from tests.proofs.refute import refuted as _refuted

VERSIONS = builtin_versions()


def _data(path: str) -> Any:
    return read_yaml(CASES_DIR / path)


def test_z3_reads_life_totals_through_the_controller() -> None:
    """109.4, 119.1: under Act of Treason, Serra Avatar reads p2's life (9 + 3), not p1's (14 + 3)."""
    assert _refuted("game-state/serra-avatar-life-total.yaml", 4, "ikoria", "avatar", "power", 17)
    assert _refuted("game-state/serra-avatar-life-total.yaml", 2, "current", "avatar", "toughness", 20)


def test_z3_reads_hand_size_and_whose_turn_it_is() -> None:
    path = "game-state/sage-of-ancient-lore-hand-and-turn.yaml"
    assert _refuted(path, 3, "ikoria", "wolf", "toughness", 4)  # p2's turn: no +0/+2
    assert _refuted(path, 1, "m10", "wolf", "toughness", 2)  # p1's turn: +0/+2
    assert _refuted(path, 3, "current", "sage", "power", 0)  # three cards in hand


def test_z3_reads_each_objects_own_choice() -> None:
    """707.6: the Clone's Goblin pumps Goblin Piker, the Automaton's Elf doesn't; a later copy chose nothing."""
    path = "choices/adaptive-automaton-clone-chooses-its-own-type.yaml"
    assert _refuted(path, 2, "ikoria", "piker", "power", 2)
    assert _refuted(path, 2, "current", "clone", "subtypes", ["construct", "elf"])
    assert _refuted("choices/cytoshape-copy-made-no-choice.yaml", 2, "m10", "mystic", "power", 3)


@pytest.mark.parametrize(
    "path",
    [
        "entry/renata-enters-with-counter.yaml",
        "tokens/dragon-roost-text-changed.yaml",
    ],
)
def test_what_the_encoding_does_not_model_is_not_encoded_and_named(path: str) -> None:
    status, info = crosscheck_case(load_case(CASES_DIR / path), VERSIONS["2025-08-01"])
    assert status == "not encoded"
    gaps = [line for line in info if "not encoded: " in line]
    assert gaps and all(NOT_MODELLED in line for line in gaps)


def test_a_chosen_creature_type_must_be_a_creature_type() -> None:
    data = _data("choices/adaptive-automaton-clone-chooses-its-own-type.yaml")
    data["objects"][0]["chosen"] = {"creature_type": "elff"}
    with pytest.raises(CorpusError, match=r"objects\[0\]\.chosen\.creature_type.*not a creature type.*'elf'"):
        case_from_data(data)


def test_a_token_needs_an_ability_that_creates_it() -> None:
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["steps"][0]["create_tokens"][0]["ability"] = "{5}{r}{r}: create a dragon."
    with pytest.raises(CorpusError, match=r"create_tokens\[0\]\.ability.*creates a token"):
        case_from_data(data)


def test_a_token_id_is_a_new_object() -> None:
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["steps"][0]["create_tokens"][0]["id"] = "roost"
    with pytest.raises(CorpusError, match=r"create_tokens\[0\]\.id.*duplicate object id"):
        case_from_data(data)


def test_the_game_state_names_players_of_the_case() -> None:
    data = _data("game-state/serra-avatar-life-total.yaml")
    data["steps"][1]["game"] = {"life": {"p3": 14}}
    with pytest.raises(CorpusError, match=r"steps\[1\]\.game\.life\.p3.*not a player of this case"):
        case_from_data(data)


def test_token_names_follow_the_version() -> None:
    """111.4: 'Goblin Scout Token' now, 'Goblin Scout' before; a version spanning the change refuses."""
    values = {"subtypes": ("goblin", "scout")}
    assert token_name(values, VERSIONS["2025-08-01"]) == "Goblin Scout Token"
    assert token_name(values, VERSIONS["2020-04-17"]) == "Goblin Scout"
    assert token_name({**values, "name": "Voja"}, VERSIONS["2023-11-17"]) == "Voja"
    with pytest.raises(TokenError, match=r"111\.4"):
        token_name(values, VERSIONS["2023-11-17"])


def test_a_source_without_the_ability_creates_nothing() -> None:
    """612.2a: the token maker is read as its source has it now; a source that lost it is an error."""
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["steps"][0]["add_effects"] = [
        {"id": "lose", "applies_to": ["roost"], "parts": [{"op": "remove_all_abilities"}]}
    ]
    case = case_from_data(data)
    with pytest.raises(TokenError, match="does not have the ability"):
        board_at(case, 3, VERSIONS["ikoria"])  # token2, after the Roost lost its abilities in step 1


def test_a_token_name_needs_a_version_that_states_111_4() -> None:
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["versions"] = ["2023-11-17"]
    for step in data["steps"]:
        step["expect"] = {"2023-11-17": {}}
    with pytest.raises(CorpusError, match=r"steps\[0\]\.create_tokens\[0\].*111\.4"):
        case_from_data(data)
