"""One open order of the tied effects in the z3 encoding (``Encoding._tie_before``, ``Encoding._one_tie_order``).

An order no rule and no recorded choice decides (613.7m: the player's choice; two abilities of one object, 613.7a)
is one unknown order of the tied effects that every slot reads, in which two objects' abilities never interleave
(docs/interpretations.md, equal timestamps). Before issue 28 closed ``choices-one-order-across-slots-z3-per-slot``,
each slot could take either order of such a tie: z3 reached outcomes the one order excludes. Expected values are
derived from the rules in each docstring, never read off the resolver.
"""

from __future__ import annotations

from typing import Any

import z3

from proofs.crosscheck import Bounded
from proofs.encoding import Encoding
from reference.model import Board
from reference.versions import get_version

from ..builders import creature, make_board

IKORIA = get_version("ikoria")

BLUE_1_1 = "this creature has base power and toughness 1/1 and is blue."
RED_2_2 = "this creature has base power and toughness 2/2 and is red."


def _ability(text: str, color: str, pt: int, applies_to: dict[str, Any]) -> dict[str, Any]:
    return {
        "text": text,
        "applies_to": applies_to,
        "parts": [{"op": "set_pt", "power": pt, "toughness": pt}, {"op": "set_colors", "colors": [color]}],
    }


def _one_creature() -> Board:
    """The finding's board: C (green 1/1) with two abilities of its own, one blue 1/1, one red 2/2."""
    return make_board(
        [creature("c", 1, 1, 1, colors=["green"], abilities=[BLUE_1_1, RED_2_2])],
        abilities=[
            _ability(BLUE_1_1, "blue", 1, {"is_source": True}),
            _ability(RED_2_2, "red", 2, {"is_source": True}),
        ],
    )


def _reachable(board: Board, oid: str, power: int, color: str) -> bool:
    """Some order the encoding allows ends with ``oid`` of this power and toughness and this one color."""
    enc = Encoding(board, IKORIA)
    final = enc.final[oid]
    solver = Bounded()
    solver.add(enc.constraints)
    solver.add(final[("p", "")] == power, final[("t", "")] == power)
    solver.add(*(final.get_set("colors", c) == z3.BoolVal(c == color) for c in enc.u.colors))
    return bool(solver.check() == z3.sat)


def test_two_abilities_of_one_creature_keep_one_order_in_layers_5_and_7b() -> None:
    """613.7a, 613.7m, 613.4b: both abilities have C's timestamp and no rule orders them; read as one order of the
    two, the later one wins in layer 5 and in layer 7b alike: blue 1/1 or red 2/2, never blue 2/2 nor red 1/1."""
    board = _one_creature()
    assert _reachable(board, "c", 1, "blue")
    assert _reachable(board, "c", 2, "red")
    assert not _reachable(board, "c", 2, "blue")
    assert not _reachable(board, "c", 1, "red")


COLORS_BLUE = "creatures you control are blue."
PT_1_1 = "creatures you control have base power and toughness 1/1."
RED_2_2_ALL = "creatures you control have base power and toughness 2/2 and are red."


def _two_objects() -> Board:
    """C (a creature) makes creatures blue and 1/1 by two abilities; D (an artifact, same timestamp, same controller)
    makes them red and 2/2 by one."""
    mine = {"type": "creature", "controller": "you"}
    return make_board(
        [
            creature("c", 1, 3, 3, colors=["green"], abilities=[COLORS_BLUE, PT_1_1]),
            {"id": "d", "name": "D", "timestamp": 1, "types": ["artifact"], "controller": "p1"}
            | {"abilities": [RED_2_2_ALL]},
        ],
        abilities=[
            {"text": COLORS_BLUE, "applies_to": mine, "parts": [{"op": "set_colors", "colors": ["blue"]}]},
            {"text": PT_1_1, "applies_to": mine, "parts": [{"op": "set_pt", "power": 1, "toughness": 1}]},
            _ability(RED_2_2_ALL, "red", 2, mine),
        ],
    )


def test_two_objects_abilities_never_interleave_across_layers() -> None:
    """613.7m, 613.7a: the player orders C and D, and each ability's effect has its object's timestamp, so all of C's
    effects come before all of D's or after them, in every layer: C ends red 2/2 (D later) or blue 1/1 (C later).
    C's color setting before D's in layer 5 with D's setting of power before C's in 7b (red 1/1), or the reverse
    (blue 2/2), interleaves the objects: refuted."""
    board = _two_objects()
    assert _reachable(board, "c", 2, "red")
    assert _reachable(board, "c", 1, "blue")
    assert not _reachable(board, "c", 1, "red")
    assert not _reachable(board, "c", 2, "blue")
