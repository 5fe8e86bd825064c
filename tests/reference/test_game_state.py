"""Game-state values effects read (reference.game_state; issue 17): life totals, cards in hand, the turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from reference.frozen import freeze
from reference.game_state import GameStateError, apnap_before, changed_game, game_value, turn_condition_holds
from reference.model import Board

from ..builders import creature, make_board


def test_101_4_apnap_order_puts_the_active_player_first_then_follows_the_turn_order() -> None:
    """101.4: the active player first, then the others in turn order; where the game state doesn't say, None."""
    three = {"turn": "P2", "turn_order": ["P1", "P2", "P3"]}
    assert [apnap_before(three, a, b) for a, b in [("P2", "P1"), ("P3", "P1"), ("P1", "P3"), ("P1", "P2")]] == [
        True,
        True,
        False,
        False,
    ]
    assert apnap_before(three, "P1", "P1") is None, "a player is not before itself"
    # the active player comes before every other even without a turn order; two others are not ordered then
    assert apnap_before({"turn": "P1"}, "P1", "P2") is True
    assert apnap_before({"turn": "P1"}, "P2", "P1") is False
    assert apnap_before({"turn": "P1"}, "P2", "P3") is None
    # a player the turn order leaves out has no place after the active player's
    two = {"turn": "P1", "turn_order": ["P1", "P2"]}
    assert apnap_before(two, "P2", "P3") is None
    assert apnap_before(two, "P3", "P2") is None
    assert apnap_before({}, "P1", "P2") is None, "no active player: nothing is said"


def test_102_1_a_turn_condition_with_no_active_player_is_an_error_naming_the_field() -> None:
    """ "As long as it's your turn" needs the active player: a case without ``game.turn`` is told so."""
    board = make_board([creature("a", 1)])
    with pytest.raises(GameStateError) as err:
        turn_condition_holds(board, {"your_turn": True}, "alice")
    assert str(err.value) == "the case gives no active player (game.turn, 102.1), and a condition reads it"


def _with_game(game: Mapping[str, object]) -> Board:
    return replace(make_board([creature("a", 1)]), game=freeze(game))


def test_102_1_611_3a_a_turn_condition_holds_on_its_controllers_turn_only() -> None:
    """ "As long as it's your turn" holds for the active player's effect, "as long as it's not your turn" for the
    other player's."""
    board = _with_game({"turn": "p1"})
    assert turn_condition_holds(board, {"your_turn": True}, "p1")
    assert not turn_condition_holds(board, {"your_turn": True}, "p2")
    assert turn_condition_holds(board, {"your_turn": False}, "p2")


def test_119_1_402_1_a_value_reads_the_named_players_life_or_hand() -> None:
    """ "You" is the effect's controller (109.4); a value may also name a player: that player's total."""
    board = _with_game({"turn": "p1", "life": {"p1": 20, "p2": 7}, "hand": {"p1": 3, "p2": 0}})
    assert game_value(board, "life", "you", "p1") == 20
    assert game_value(board, "life", "p2", "p1") == 7
    assert game_value(board, "cards_in_hand", "you", "p2") == 0
    assert game_value(board, "cards_in_hand", "p1", "p2") == 3


@pytest.mark.parametrize(
    ("key", "what"), [("life", "life total (119.1)"), ("cards_in_hand", "number of cards in hand (402.1)")]
)
def test_a_game_value_the_case_does_not_give_is_an_error_naming_it(key: str, what: str) -> None:
    for game in ({}, {"life": {"p2": 1}, "hand": {"p2": 1}}):
        with pytest.raises(GameStateError) as err:
            game_value(_with_game(game), key, "you", "p1")
        assert str(err.value) == f"the case gives no {what} for player 'p1', and an effect reads it"


def test_102_1_a_step_passes_the_turn_and_changes_life_and_hand_per_player() -> None:
    """The active player is the step's; a life or hand change replaces only the players it names."""
    game = freeze({"turn": "p1", "life": {"p1": 20, "p2": 20}})
    after = changed_game(game, {"turn": "p2", "life": {"p2": 12}, "hand": {"p1": 4}})
    assert after == {"turn": "p2", "life": {"p1": 20, "p2": 12}, "hand": {"p1": 4}}
    assert changed_game(freeze({}), {"life": {"p1": 5}}) == {"life": {"p1": 5}}
    assert changed_game(game, {}) == game


def test_players_of_reads_the_turn_order() -> None:
    """102.1: a player the game state names only in its turn order is one of the board's players."""
    from reference.game_state import players_of

    board = replace(make_board([creature("a", 1)]), game=freeze({"turn": "p1", "turn_order": ["p1", "p2", "p3"]}))
    assert "p3" in players_of(board) and "p2" in players_of(board)


def test_players_of_reads_a_player_a_control_change_names() -> None:
    """102.1, 109.4: a player named only as the new controller of a control-changing effect is one of the board's
    players; "you" names no player of its own."""
    from reference.game_state import players_of

    donate = {
        "id": "donate",
        "description": "Target player gains control of target permanent you control",
        "timestamp": 3,
        "applies_to": ["ogre"],
        "parts": [{"op": "set_controller", "player": "p7"}],
    }
    steal = {**donate, "id": "steal", "parts": [{"op": "set_controller", "player": "you"}]}
    board = make_board([creature("ogre", 1)], [donate, steal])
    assert "p7" in players_of(board)
    assert "you" not in players_of(board)
