"""Game-state values as the encoding reads them (proofs.game_state; issue 17): life totals, hand, turn.

Each refutes a wrong answer on a corpus case whose answer the resolver gives by hand-worked values.
"""

from __future__ import annotations

from .refute import refuted as _refuted


def test_z3_reads_life_totals_through_the_controller() -> None:
    """109.4, 119.1: under Act of Treason, Serra Avatar reads p2's life (9 + 3), not p1's (14 + 3)."""
    assert _refuted("game-state/serra-avatar-life-total.yaml", 4, "ikoria", "avatar", "power", 17)
    assert _refuted("game-state/serra-avatar-life-total.yaml", 2, "current", "avatar", "toughness", 20)


def test_z3_reads_hand_size_and_whose_turn_it_is() -> None:
    path = "game-state/sage-of-ancient-lore-hand-and-turn.yaml"
    assert _refuted(path, 3, "ikoria", "wolf", "toughness", 4)  # p2's turn: no +0/+2
    assert _refuted(path, 1, "m10", "wolf", "toughness", 2)  # p1's turn: +0/+2
    assert _refuted(path, 3, "current", "sage", "power", 0)  # three cards in hand
