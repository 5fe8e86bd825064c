"""The cross-check: does any order the rules allow give a final state other than the resolver's?

For one board and rules version, z3 gets the constraints of ``proofs.encoding`` and
is asked two questions:

1. *vacuity*: are the constraints satisfiable at all? (If not, every check would pass
   for the wrong reason: the case is reported "vacuous".)
2. *difference*: is there a model in which some object's final
   characteristics differ from the resolver's answer? ``unsat`` means no order the
   rules allow gives another answer: "verified". ``sat`` is a "counterexample",
   printed as the application order and the differing values. ``unknown`` (z3 gives no
   answer, or reaches the resource limit ``RLIMIT`` of one check) is reported as such and
   counts as a failure.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import z3

from reference.model import Board
from reference.versions import RulesVersion

from .encoding import Encoding, NotEncodable
from .reads import not_encoded
from .state import SET_FIELDS, Obj, observable_diff
from .universe import Universe

# The most work one z3 check may do, in z3's resource units ("rlimit"): a count of the solver's own steps, the
# same for the same query whatever else the machine is doing (a wall-clock timeout is not: a loaded machine could
# turn "verified" into "unknown"). Each check gets it afresh: z3 stops a check once the context's cumulative
# "rlimit count" passes its value at the check's start plus this. Measured (benchmarks/z3_rlimit.py, z3-solver
# 5.4.1.0 as constraints.txt pins it, every check on z3's incremental core as proofs/__init__.py sets it): the
# largest of the 7,642 checks `mtg-layers verify` makes on the bundled corpus used 3,344,121 units (p99 72,750,
# median 207; six-tied-text-changes-of-different-words-one-order, 2.7 s of CPU); before that setting, on z3's
# one-shot tactic, the largest was 5,478,257 (the held-green entry case), the tests' largest 5,047,947
# (test_theorems), the 10 held losses of benchmarks/held_losses_step_z3.py 8,068,010. So the limit is 150 times the
# corpus's largest check and 60 times the largest measured either way: headroom for other machines and z3 builds,
# whose counts can differ (Z3Prover/z3#6736), for boards larger than the corpus's, and for the count's small
# dependence on what the process asked z3 before (the held-green check: 5,478,257 units after the corpus, 5,479,989
# in a fresh process). z3 did 1.2 to 8 million units per CPU second here, so a check reaching it has run for minutes.
# Past it a check is "unknown" (LimitReached) and says so.
RLIMIT = 500_000_000


# What z3 says of a check stopped by its resource limit (``Bounded.check``).
_LIMIT_REASONS = frozenset({"max. resource limit exceeded", "canceled"})


class LimitReached(Exception):
    """A z3 check used its whole resource limit (``RLIMIT`` or the one given) without an answer."""


class Bounded(z3.Solver):  # type: ignore[misc]  # z3 has no type stubs: its Solver is Any
    """A z3 solver whose every check may do at most ``rlimit`` units of z3's work (``RLIMIT``).

    A check that reaches the limit raises ``LimitReached`` (naming the limit and the function that asked) rather than
    answering ``unknown``: no caller can read it as ``sat`` or ``unsat``.
    """

    def __init__(self, rlimit: int = RLIMIT) -> None:
        """A solver of z3's, every check bounded by ``rlimit``."""
        super().__init__()
        self.rlimit = rlimit
        self.set("rlimit", rlimit)

    def check(self, *assumptions: Any) -> z3.CheckSatResult:
        """The check, bounded by ``rlimit`` (raises LimitReached when z3 reaches it)."""
        answer = super().check(*assumptions)
        # z3's one-shot tactic says "max. resource limit exceeded"; its incremental core, which answers every check
        # here (proofs/__init__.py), says "canceled": the only other cause of that is a timeout or an interrupt,
        # and no solver here sets a timeout
        if answer == z3.unknown and self.reason_unknown() in _LIMIT_REASONS:
            frame = sys._getframe(1)
            where = f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_name}"
            raise LimitReached(
                f"z3 reached its resource limit of {self.rlimit:,} units of work for one check (rlimit, "
                f"proofs.crosscheck.RLIMIT) in {where}: no answer"
            )
        return answer


# An answer to check: every object's (every zone, 613.1) characteristics in the result shape
# (name, controller, mana_value, types, ... power, toughness, face_down), as data.
Answer = Mapping[str, Mapping[str, Any]]


@dataclass
class BoardCheck:
    """The outcome of one board under one rules version."""

    status: str  # verified | counterexample | unknown | vacuous | not encoded | not encodable | resolver error
    info: list[str] = field(default_factory=list)
    seconds: float = 0.0
    order: list[tuple[str, str]] = field(default_factory=list)
    diffs: list[tuple[str, str, Any, Any]] = field(default_factory=list)  # object, field, z3, resolver


def decode(u: Universe, model: z3.ModelRef, ch: Obj) -> dict[str, Any]:
    """109.3, 208.3: an object's characteristics in a model (power and toughness for a creature only), as a result."""

    def ev(x: Any) -> Any:
        return model.eval(x, model_completion=True)

    name = ev(ch[("name", "")]).as_long()
    ctrl = ev(ch[("ctrl", "")]).as_long()
    out: dict[str, Any] = {
        "name": u.names[name] if name >= 0 else None,
        "controller": u.players[ctrl] if ctrl >= 0 else None,
        "mana_value": ev(ch[("mv", "")]).as_long(),
    }
    cost = ev(ch[("cost", "")]).as_long()
    out["mana_cost"] = u.costs[cost] if cost >= 0 else None
    for f in SET_FIELDS:
        out[f] = sorted(m for m in getattr(u, f) if z3.is_true(ev(ch.get_set(f, m))))
    out["all_creature_types"] = z3.is_true(ev(ch[("act", "")]))
    creature = "creature" in out["types"]  # 208.3
    out["power"] = None if not creature or z3.is_true(ev(ch[("pn", "")])) else ev(ch[("p", "")]).as_long()
    out["toughness"] = None if not creature or z3.is_true(ev(ch[("tn", "")])) else ev(ch[("t", "")]).as_long()
    out["face_down"] = z3.is_true(ev(ch[("fd", "")]))
    return out


def _counters(board: Board, oid: str) -> dict[str, int]:
    """122.1: the counters on an object, by kind."""
    out: dict[str, int] = {}
    for c in board.objects[oid].counters:
        out[c.kind] = out.get(c.kind, 0) + c.count
    return out


def check_answer(board: Board, version: RulesVersion, result: Answer, rlimit: int = RLIMIT) -> BoardCheck:
    """613.1-613.8: does some order the layer rules allow end other than ``result``? (unsat: verified)"""
    return check_answers(board, version, [result], rlimit)


def check_answers(board: Board, version: RulesVersion, results: list[Answer], rlimit: int = RLIMIT) -> BoardCheck:
    """Is there an order the rules allow whose final state is none of ``results``? (unsat: verified)

    With one answer this decides whether every legal order (every choice a player may make
    for tied timestamps, 613.7m) gives that answer; with several, whether they are all, and
    first whether each of them is reached by some legal order (an outcome none reaches is a
    counterexample too: the encoding, or the resolver, allows what the other does not). A check that reaches
    z3's resource limit (``rlimit`` units of work, ``RLIMIT``) makes it "unknown", saying so.
    """
    start = time.perf_counter()
    try:
        check = _check_answers(board, version, results, rlimit)
    except LimitReached as exc:
        check = BoardCheck("unknown", [str(exc)])
    check.seconds = time.perf_counter() - start
    return check


def _check_answers(board: Board, version: RulesVersion, results: list[Answer], rlimit: int) -> BoardCheck:
    """613.1-613.8, 613.7m: ``check_answers``' checks (its docstring), each z3 check bounded by ``rlimit``."""
    unread = not_encoded(board)
    if unread:  # the encoding would answer without reading these: never "verified"
        return BoardCheck("not encoded", [f"not encoded: {x}" for x in unread])
    try:
        enc = Encoding(board, version)
    except (NotEncodable, NotImplementedError, ValueError) as exc:
        return BoardCheck("not encodable", [str(exc)])
    solver = Bounded(rlimit)
    solver.add(enc.constraints)
    vac = solver.check()
    if vac == z3.unsat:
        return BoardCheck("vacuous", ["the encoding's constraints are unsatisfiable"])
    if vac != z3.sat:
        return BoardCheck("unknown", [f"vacuity check: {solver.reason_unknown()}"])
    for result in results:
        if set(result) != set(enc.objects):
            return BoardCheck("counterexample", [f"objects differ: resolver {sorted(result)}, z3 {enc.objects}"])
    # 108.3, 400.1: owner and zone are board facts no continuous effect changes
    facts = [
        f"{o}.{k}: board {want!r}, resolver {result[o][k]!r}"
        for result in results
        for o in enc.objects
        for k, want in (("owner", board.objects[o].owner), ("zone", board.objects[o].zone))
        if k in result[o] and result[o][k] != want
    ]
    if facts:
        return BoardCheck("counterexample", facts)
    counted = [
        (o, _counters(board, o), dict(result[o]["counters"]))
        for result in results
        for o in enc.objects
        if "counters" in result[o] and dict(result[o]["counters"]) != _counters(board, o)
    ]
    if counted:  # 122.1: counters are the board's, not an effect's; the answer must report them as they are
        diffs = [(o, "counters", mine, theirs) for o, mine, theirs in counted]
        info = [f"{o}.counters: board {mine!r}, resolver {theirs!r}" for o, mine, theirs in counted]
        return BoardCheck("counterexample", info, diffs=diffs)
    for result in results:
        moved = [(o, board.objects[o].zone, result[o]["zone"]) for o in enc.objects if "zone" in result[o]]
        moved = [(o, mine, theirs) for o, mine, theirs in moved if mine != theirs]
        if moved:  # the zone is the board's, not an effect's
            info = [f"{o}.zone: board {mine!r}, resolver {theirs!r}" for o, mine, theirs in moved]
            return BoardCheck("counterexample", info, diffs=[(o, "zone", m, t) for o, m, t in moved])
    if len(results) > 1:  # 613.7m: each outcome the resolver lists must be one some legal order reaches
        for i, result in enumerate(results):
            solver.push()
            solver.add(*[z3.Not(t) for o in enc.objects for _, t in observable_diff(enc.u, enc.final[o], result[o])])
            reached = solver.check()
            solver.pop()
            if reached == z3.unsat:
                info = [f"outcome {i + 1} of {len(results)}: no order the rules allow reaches it"]
                return BoardCheck("counterexample", info)
            if reached != z3.sat:
                return BoardCheck("unknown", [f"outcome {i + 1} check: {solver.reason_unknown()}"])
    for result in results:
        terms = [t for o in enc.objects for _, t in observable_diff(enc.u, enc.final[o], result[o])]
        solver.add(z3.Or(terms))
    answer = solver.check()
    if answer == z3.unsat:
        return BoardCheck("verified")
    if answer != z3.sat:
        return BoardCheck("unknown", [f"difference check: {solver.reason_unknown()}"])
    model = solver.model()
    order = enc.order(model)
    diffs = []
    result = results[0]
    for o in enc.objects:
        mine = decode(enc.u, model, enc.final[o])
        for f, term in observable_diff(enc.u, enc.final[o], result[o]):
            if z3.is_true(model.eval(term, model_completion=True)):
                diffs.append((o, f, mine[f], result[o][f]))
    info = ["order: " + ", ".join(f"{s}:{k}" for s, k in order)]
    info += [f"{o}.{f}: z3 {a!r}, resolver {b!r}" for o, f, a, b in diffs]
    return BoardCheck("counterexample", info, order=order, diffs=diffs)
