"""Symbolic characteristics (proofs.state): two states of one object compared field by field (109.3, 208.3)."""

from __future__ import annotations

import z3

from proofs.state import constant, differences, fresh
from proofs.universe import build_universe
from reference.case import board_at

from ..builders import VERSIONS
from ..builders import sba_case as _case


def test_differences_name_each_field_that_differs_and_only_those() -> None:
    board = board_at(_case("legend-rule-clone.yaml"), 1)
    u = build_universe(board, [VERSIONS["ikoria"]])
    values = board.objects["isamaru"].printed
    a = constant(u, values)
    same = dict(differences(u, a, constant(u, values)))
    assert all(z3.is_false(z3.simplify(t)) for t in same.values())
    other = constant(u, values.with_(power=(values.power or 0) + 1, colors=frozenset({"blue"})))
    changed = {f for f, t in differences(u, a, other) if z3.is_true(z3.simplify(t))}
    assert changed == {"power", "colors"}
    # 208.3: a noncreature's power is no value, whatever its printed number
    land = constant(u, values.with_(types=frozenset({"land"})))
    assert z3.is_true(z3.simplify(dict(differences(u, a, land))["power"]))
    assert len(differences(u, a, fresh(u, "x"))) == 13
