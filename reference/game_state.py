"""Game-state values effects read (issue 17): life totals, cards in hand, whose turn it is.

These are not characteristics: no continuous effect changes them during the layer
process, so they are read off the board (``Board.game``) as the case gives them and as
its steps change them. ``game`` holds ``turn`` (the active player, 102.1, 500.1),
``turn_order`` (the players in the order they take turns, 101.4: only the case's first
game state gives it), ``life`` (player -> life total, 119.1) and ``hand`` (player -> number of
cards in that player's hand, 402.1). "You" is the player an effect's ``you`` means (109.4, its source's
controller after layer 2): Serra Avatar's power follows its controller's life total.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import ResolutionError
from .frozen import FrozenMap
from .model import Board

GAME_VALUES = {"life": "life", "cards_in_hand": "hand"}  # value expression key -> Board.game field
TURN_CONDITIONS = ("your_turn",)


class GameStateError(ResolutionError):
    """An effect reads a game-state value the case does not give."""


def player_meant(who: Any, controller: str | None) -> str | None:
    """109.4: "you" is the effect's controller; anything else names a player."""
    return controller if who == "you" else str(who)


def game_value(board: Board, key: str, who: Any, controller: str | None) -> int:
    """119.1, 402.1: a player's life total, or the number of cards in that player's hand."""
    field = GAME_VALUES[key]
    player = player_meant(who, controller)
    values = board.game.get(field, FrozenMap())
    if player not in values:
        what = "life total (119.1)" if field == "life" else "number of cards in hand (402.1)"
        raise GameStateError(f"the case gives no {what} for player {player!r}, and an effect reads it")
    return int(values[player])


def turn_condition_holds(board: Board, condition: Mapping[str, Any], controller: str | None) -> bool:
    """102.1, 500.1, 611.3a: "as long as it's your turn": the effect's controller is the active player."""
    if "turn" not in board.game:
        raise GameStateError("the case gives no active player (game.turn, 102.1), and a condition reads it")
    active: bool = board.game["turn"] == controller
    return active == bool(condition["your_turn"])


def apnap_position(game: Mapping[str, Any], player: str) -> int | None:
    """101.4: a player's place in APNAP order (active player 0), None where the game state doesn't say."""
    active = game.get("turn")
    if active is None:
        return None
    if player == active:
        return 0
    order = tuple(game.get("turn_order", ()))
    if player not in order or active not in order:
        return None
    return (order.index(player) - order.index(active)) % len(order)


def apnap_before(game: Mapping[str, Any], first: str, second: str) -> bool | None:
    """101.4: whether ``first`` comes before ``second`` in APNAP order (None: the game state doesn't say)."""
    # the active player comes before every other player even without a turn order
    if first == second:
        return None
    a, b = apnap_position(game, first), apnap_position(game, second)
    if a == 0 or b == 0:
        return a == 0
    if a is None or b is None:
        return None
    return a < b


def players_of(board: Board) -> tuple[str, ...]:
    """102.1: every player the board names (controllers, owners, new controllers, the game state), sorted."""
    found: set[str] = set()
    for o in board.objects.values():
        found.update(p for p in (o.printed.controller, o.owner) if p is not None)
    parts = [p for e in board.effects for p in e.parts] + [p for d in board.abilities.values() for p in d.parts]
    found.update(str(e.controller) for e in board.effects if e.controller is not None)
    found.update(str(p.args["player"]) for p in parts if p.op == "set_controller" and p.args.get("player") != "you")
    game = board.game
    found.update(str(p) for p in (game.get("turn"), *game.get("turn_order", ())) if p is not None)
    for field in ("life", "hand"):
        found.update(str(p) for p in game.get(field, {}))
    return tuple(sorted(found))


def changed_game(game: Mapping[str, Any], change: Mapping[str, Any]) -> FrozenMap:
    """102.1, 119.1, 402.1: the game state after a step's changes (active player, life totals, hand sizes)."""
    out: dict[str, Any] = dict(game)
    if "turn" in change:
        out["turn"] = change["turn"]
    for field in ("life", "hand"):
        if field in change:
            out[field] = FrozenMap({**dict(game.get(field, {})), **dict(change[field])})
    return FrozenMap(out)
