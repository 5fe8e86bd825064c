"""Symbolic characteristics (proofs.state): two states of one object compared field by field (109.3, 208.3)."""

from __future__ import annotations

import z3

from proofs.crosscheck import Bounded
from proofs.state import all_of, any_of, apply_op, constant, differences, fresh, same, same_term, settled
from proofs.universe import build_universe
from reference.case import board_at

from ..builders import VERSIONS, corpus_case
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


def test_a_card_type_given_back_brings_back_the_subtypes_it_set_aside() -> None:
    """205.1a: the encoding's own reading: Heliod's God type waits aside while it is no creature and shows again
    when Opalescence makes it one; a subtype removed meanwhile stays gone."""
    case = corpus_case("release-notes-theros-gods-heliod")
    board = board_at(case, 5)
    u = build_universe(board, [VERSIONS["ikoria"]])
    heliod = constant(u, board.objects["heliod"].printed)
    creature = {"types": {"creature": z3.BoolVal(True)}}
    gone = apply_op(u, heliod, "remove_types", creature, z3.RealVal(1))
    back = apply_op(u, gone, "add_types", creature, z3.RealVal(2))
    assert z3.is_false(z3.simplify(gone.get_set("subtypes", "god")))
    assert z3.is_true(z3.simplify(back.get_set("subtypes", "god")))
    assert z3.is_true(z3.simplify(same(back, heliod)))
    lost = apply_op(u, gone, "remove_subtypes", {"subtypes": {"god": z3.BoolVal(True)}}, z3.RealVal(2))
    again = apply_op(u, lost, "add_types", creature, z3.RealVal(3))
    assert z3.is_false(z3.simplify(again.get_set("subtypes", "god")))


def test_a_settled_state_names_only_the_terms_a_step_rewrote() -> None:
    """The state after a step: unchanged terms and values are kept as they are, a rewritten term gets a name
    and one equation, and every model gives the named term the rewritten term's value."""
    board = board_at(_case("legend-rule-clone.yaml"), 1)
    u = build_universe(board, [VERSIONS["ikoria"]])
    before = fresh(u, "before")
    c = z3.Bool("c")
    p = before[("p", "")]
    after = before.with_({("p", ""): z3.If(c, p + 1, p), ("fd", ""): z3.BoolVal(True)})
    constraints: list[z3.BoolRef] = []
    out = settled("next", before, after, constraints)
    assert len(constraints) == 1
    assert all(same_term(out.v[k], before.v[k]) for k in before.v if k not in (("p", ""), ("fd", "")))
    assert z3.is_true(out[("fd", "")])
    named = out[("p", "")]
    assert z3.is_const(named) and not same_term(named, p)
    solver = Bounded()
    solver.add(*constraints, c, named != p + 1)
    assert solver.check() == z3.unsat


def test_and_and_or_of_terms_fold_constants_and_keep_z3s_calling_forms() -> None:
    """all_of/any_of: And and Or as z3 reads them, given as arguments or as one list, constants folded."""
    a, b = z3.Bools("a b")
    t, f = z3.BoolVal(True), z3.BoolVal(False)
    assert same_term(all_of(a, t), a) and same_term(all_of([a, t]), a)
    assert z3.is_false(all_of([a, f, b])) and z3.is_true(any_of(a, t))
    assert same_term(any_of([f, b]), b) and z3.is_true(all_of([])) and z3.is_false(any_of([]))
    solver = Bounded()
    solver.add(z3.Or(all_of(a, b) != z3.And(a, b), any_of([a, b]) != z3.Or(a, b)))
    assert solver.check() == z3.unsat
