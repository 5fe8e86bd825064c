"""Game-state values as formulas (issue 17): life totals, cards in hand, whose turn it is.

The encoding's own reading of the board's ``game`` (the active player, the turn order,
life totals and hand sizes, which no continuous effect changes): a value for "you" is the
value of the player the effect's controller formula names (109.4; after layer 2 for a
static ability); a player's place in APNAP order (101.4) is a number where the game says
it and an unknown where it does not, so that every turn order it leaves open is explored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import z3

# value expression key -> the board's game field
FIELDS = {"life": "life", "cards_in_hand": "hand"}


def player_number(game: Mapping[str, Any], key: str, who: Any, controller: z3.ArithRef, index: Any) -> z3.ArithRef:
    """119.1, 402.1: a player's life total or hand size; "you" is the player ``controller`` stands for.

    ``index`` maps a player id to the universe's number for it (-1: no object has that player).
    A player the game state gives no value reads 0 (the reference refuses such a board).
    """
    values = game.get(FIELDS[key], {})
    if who != "you":
        return z3.IntVal(int(values.get(str(who), 0)))
    out: z3.ArithRef = z3.IntVal(0)
    for player, n in sorted(values.items()):
        out = z3.If(controller == index(player), int(n), out)
    return out


def your_turn(game: Mapping[str, Any], want: bool, controller: z3.ArithRef, index: Any) -> z3.BoolRef:
    """102.1, 611.3a: "as long as it's your turn": the effect's controller is the active player."""
    active = controller == index(game.get("turn"))
    return active if want else z3.Not(active)


def apnap_places(
    game: Mapping[str, Any], players: tuple[str, ...], tag: str
) -> tuple[dict[str, z3.ArithRef], list[z3.BoolRef]]:
    """101.4: each player's place in APNAP order: a number where the game says it, else an unknown seat."""
    # the constraints only say that the unknown places are those of some turn order
    named = [str(p) for p in (game.get("turn"), *game.get("turn_order", ())) if p is not None]
    everyone = tuple(sorted(set(players) | set(named)))
    active = game.get("turn")
    order = [str(p) for p in game.get("turn_order", ())]
    if active is not None and set(everyone) <= set(order):
        start = order.index(str(active))
        return {p: z3.IntVal((order.index(p) - start) % len(order)) for p in everyone}, []
    places: dict[str, z3.ArithRef] = {}
    for p in everyone:
        places[p] = z3.IntVal(0) if p == active else z3.Int(f"{tag}|apnap|{p}")
    low = 0 if active is None else 1
    cons = [z3.And(low <= x, x < len(everyone)) for p, x in places.items() if p != active]
    if len(everyone) > 1:
        cons.append(z3.Distinct(list(places.values())))
    return places, cons
