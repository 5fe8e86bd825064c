"""The cross-check: does any order the rules allow give a final state other than the resolver's?

For one board and rules version, z3 gets the constraints of ``proofs.encoding`` and
is asked two questions:

1. *vacuity*: are the constraints satisfiable at all? (If not, every check would pass
   for the wrong reason: the case is reported "vacuous".)
2. *difference*: is there a model in which some battlefield object's final
   characteristics differ from the resolver's answer? ``unsat`` means no order the
   rules allow gives another answer: "verified". ``sat`` is a "counterexample",
   printed as the application order and the differing values. ``unknown`` (or a
   timeout) is reported as such and counts as a failure.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import z3

from reference.case import Case, board_at
from reference.model import Board, Characteristics
from reference.results import board_result
from reference.versions import RulesVersion

from .encoding import Encoding, NotEncodable
from .state import SET_FIELDS, Obj, observable_diff
from .universe import Universe

TIMEOUT_MS = 60_000

# A resolver: board and version -> final characteristics of every battlefield object.
Resolver = Callable[[Board, RulesVersion], Mapping[str, Characteristics]]


def reference_resolver(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """The resolver under test (reference.resolver.resolve), as a function of the board."""
    from reference.resolver import resolve

    return resolve(board, version).final


@dataclass
class BoardCheck:
    """The outcome of one board under one rules version."""

    status: str  # verified | counterexample | unknown | vacuous | not encodable | resolver error
    info: list[str] = field(default_factory=list)
    seconds: float = 0.0
    order: list[tuple[str, str]] = field(default_factory=list)
    diffs: list[tuple[str, str, Any, Any]] = field(default_factory=list)  # object, field, z3, resolver


def decode(u: Universe, model: z3.ModelRef, ch: Obj) -> dict[str, Any]:
    """An object's characteristics in a model, in the result shape of reference.results."""

    def ev(x: Any) -> Any:
        return model.eval(x, model_completion=True)

    name = ev(ch[("name", "")]).as_long()
    ctrl = ev(ch[("ctrl", "")]).as_long()
    out: dict[str, Any] = {
        "name": u.names[name] if name >= 0 else None,
        "controller": u.players[ctrl] if ctrl >= 0 else None,
        "mana_value": ev(ch[("mv", "")]).as_long(),
    }
    for f in SET_FIELDS:
        out[f] = sorted(m for m in getattr(u, f) if z3.is_true(ev(ch.get_set(f, m))))
    out["all_creature_types"] = z3.is_true(ev(ch[("act", "")]))
    creature = "creature" in out["types"]  # 208.3
    out["power"] = None if not creature or z3.is_true(ev(ch[("pn", "")])) else ev(ch[("p", "")]).as_long()
    out["toughness"] = None if not creature or z3.is_true(ev(ch[("tn", "")])) else ev(ch[("t", "")]).as_long()
    out["face_down"] = z3.is_true(ev(ch[("fd", "")]))
    return out


def check_board(
    board: Board,
    version: RulesVersion,
    resolver: Resolver = reference_resolver,
    timeout_ms: int = TIMEOUT_MS,
) -> BoardCheck:
    """Cross-check one board under one version against a resolver's answer."""
    start = time.perf_counter()

    def done(check: BoardCheck) -> BoardCheck:
        check.seconds = time.perf_counter() - start
        return check

    try:
        final = resolver(board, version)
    except Exception as exc:  # a resolver crash is a finding, not a pass
        return done(BoardCheck("resolver error", [f"{type(exc).__name__}: {exc}"]))
    result = board_result(board, final)
    try:
        enc = Encoding(board, version)
    except (NotEncodable, NotImplementedError, ValueError) as exc:
        return done(BoardCheck("not encodable", [str(exc)]))
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(enc.constraints)
    vac = solver.check()
    if vac == z3.unsat:
        return done(BoardCheck("vacuous", ["the encoding's constraints are unsatisfiable"]))
    if vac != z3.sat:
        return done(BoardCheck("unknown", [f"vacuity check: {solver.reason_unknown()}"]))
    if set(result) != set(enc.battlefield):
        return done(BoardCheck("counterexample", [f"objects differ: resolver {sorted(result)}, z3 {enc.battlefield}"]))
    diff_terms: list[tuple[str, str, z3.BoolRef]] = []
    for o in enc.battlefield:
        for f, term in observable_diff(enc.u, enc.final[o], result[o]):
            diff_terms.append((o, f, term))
    solver.add(z3.Or([t for _, _, t in diff_terms]))
    answer = solver.check()
    if answer == z3.unsat:
        return done(BoardCheck("verified"))
    if answer != z3.sat:
        return done(BoardCheck("unknown", [f"difference check: {solver.reason_unknown()}"]))
    model = solver.model()
    order = enc.order(model)
    diffs = []
    for o in enc.battlefield:
        mine = decode(enc.u, model, enc.final[o])
        for f, term in observable_diff(enc.u, enc.final[o], result[o]):
            if z3.is_true(model.eval(term, model_completion=True)):
                diffs.append((o, f, mine[f], result[o][f]))
    info = ["order: " + ", ".join(f"{s}:{k}" for s, k in order)]
    info += [f"{o}.{f}: z3 {a!r}, resolver {b!r}" for o, f, a, b in diffs]
    return done(BoardCheck("counterexample", info, order=order, diffs=diffs))


def crosscheck_case(case: Case, version: RulesVersion) -> tuple[str, list[str]]:
    """Every step of a case under one version: "verified" only when every step is."""
    info: list[str] = []
    statuses: list[str] = []
    for n in range(1, len(case.steps) + 1):
        board = board_at(case, n)
        check = check_board(board, version)
        statuses.append(check.status)
        if check.status != "verified":
            info += [f"step {n}: {check.status}"] + [f"step {n}: {line}" for line in check.info]
    for s in ("resolver error", "not encodable", "vacuous", "unknown", "counterexample"):
        if s in statuses:
            return s, info
    return "verified", info
