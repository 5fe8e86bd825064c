"""State-based actions (704.3) checked against the encoding's own final characteristics.

For one round of state-based actions a resolver claims which battlefield objects go to the
graveyard and which counters remain. z3 is asked whether any order the rules allow (the
constraints of ``proofs.encoding``) gives a final state in which another set of objects
would go: a creature with toughness 0 or less (704.5f), or a legendary permanent sharing
its name with another one (704.5j, in the form the rules profile states: "choose", from
2013, counts only legends of the same controller and keeps the named one; "all", before,
counts every controller's and keeps none). 704.5q (+1/+1
and -1/-1 counters) needs no characteristics: it is computed here from the board.

Written from the rules; nothing here calls the resolver's state-based actions.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

import z3

from reference.model import Board
from reference.versions import RulesVersion

from .crosscheck import TIMEOUT_MS, BoardCheck
from .encoding import Encoding, NotEncodable
from .reads import not_encoded


def counters_after(board: Board) -> dict[str, dict[str, int]]:
    """704.5q: each battlefield object's counts by kind after +1/+1 and -1/-1 counters annihilate."""
    out: dict[str, dict[str, int]] = {}
    for oid, obj in board.objects.items():
        if obj.zone != "battlefield":
            continue
        counts: dict[str, int] = {}
        for c in obj.counters:
            counts[c.kind] = counts.get(c.kind, 0) + c.count
        n = min(counts.get("+1/+1", 0), counts.get("-1/-1", 0))
        for kind in ("+1/+1", "-1/-1"):
            if kind in counts:
                counts[kind] -= n
        out[oid] = {k: v for k, v in counts.items() if v > 0}
    return out


def dying(
    enc: Encoding, version: RulesVersion, keeps: tuple[str, ...]
) -> tuple[dict[str, z3.BoolRef], list[z3.BoolRef]]:
    """704.5f, 704.5j: for each permanent, when it goes to the graveyard; and when an unstated legend rule matters."""
    legend = version.legend_rule
    dies: dict[str, z3.BoolRef] = {}
    unstated: list[z3.BoolRef] = []
    for oid in enc.battlefield:
        ch = enc.final[oid]
        creature = ch.get_set("types", "creature")
        zero = z3.And(creature, z3.Or(ch[("tn", "")], ch[("t", "")] <= 0))  # 704.5f
        # 704.5j: from 2013 ("choose") the other legend must have the same controller; before ("all"),
        # same-name legends go whoever controls them (420.5e, then 704.5k)
        same = [
            z3.And(
                enc.final[other].get_set("supertypes", "legendary"),
                enc.final[other][("name", "")] == ch[("name", "")],
                z3.BoolVal(True) if legend == "all" else enc.final[other][("ctrl", "")] == ch[("ctrl", "")],
            )
            for other in enc.battlefield
            if other != oid
        ]
        shares = z3.And(
            ch.get_set("supertypes", "legendary"), ch[("name", "")] >= 0, z3.Or(same or [z3.BoolVal(False)])
        )
        if legend is None:
            unstated.append(shares)
            rule: z3.BoolRef = z3.BoolVal(False)
        elif legend == "all" or oid not in keeps:
            rule = shares
        else:
            rule = z3.BoolVal(False)
        dies[oid] = z3.Or(zero, rule)
    return dies, unstated


def check_round(
    board: Board,
    version: RulesVersion,
    removed: set[str],
    counters: Mapping[str, Mapping[str, int]],
    keeps: tuple[str, ...],
    timeout_ms: int = TIMEOUT_MS,
) -> BoardCheck:
    """704.3: is the claimed round (objects put into the graveyard, counters left) the only one possible?"""
    start = time.perf_counter()

    def done(check: BoardCheck) -> BoardCheck:
        check.seconds = time.perf_counter() - start
        return check

    unread = not_encoded(board)
    if unread:  # the encoding does not read all of this board: never a verdict on it
        return done(BoardCheck("not encoded", [f"not encoded: {x}" for x in unread]))
    try:
        enc = Encoding(board, version)
    except (NotEncodable, NotImplementedError, ValueError) as exc:
        return done(BoardCheck("not encodable", [str(exc)]))
    want_counters = counters_after(board)
    for oid in enc.battlefield:
        if oid in removed:
            continue
        if dict(counters.get(oid, {})) != want_counters.get(oid, {}):
            mine, theirs = want_counters.get(oid), dict(counters.get(oid, {}))
            return done(BoardCheck("counterexample", [f"{oid}: counters after 704.5q {mine}, resolver {theirs}"]))
    dies, unstated = dying(enc, version, keeps)
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(enc.constraints)
    if solver.check() != z3.sat:
        return done(BoardCheck("vacuous", ["the encoding's constraints are unsatisfiable"]))
    if unstated:
        solver.push()
        solver.add(z3.Or(unstated))
        if solver.check() != z3.unsat:
            return done(BoardCheck("not encodable", [f"704.5j: rules version {version.id} states no legend rule"]))
        solver.pop()
    solver.add(z3.Or([d != z3.BoolVal(oid in removed) for oid, d in dies.items()] or [z3.BoolVal(False)]))
    answer = solver.check()
    if answer == z3.unsat:
        return done(BoardCheck("verified"))
    if answer != z3.sat:
        return done(BoardCheck("unknown", [f"state-based actions: {solver.reason_unknown()}"]))
    model = solver.model()
    gone = sorted(o for o, d in dies.items() if z3.is_true(model.eval(d, model_completion=True)))
    info = f"704.3: z3 puts {gone} into the graveyard, the resolver {sorted(removed)}"
    return done(BoardCheck("counterexample", [info]))
