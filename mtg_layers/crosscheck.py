"""The cross-check driver: the resolver's answer set against the independent z3 encoding.

``proofs.crosscheck.check_answer`` asks z3 whether any order the rules allow gives
another final state than a given answer; this module supplies the answer, from the
reference resolver (or from any resolver, such as a mutant), case step by case step.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection

from proofs.crosscheck import TIMEOUT_MS, BoardCheck, check_answers
from proofs.reads import expectations_not_encoded
from reference.case import Case, board_at
from reference.choices import outcomes
from reference.model import Board, Characteristics
from reference.resolver import resolve
from reference.versions import RulesVersion

from .results import board_result

# A resolver: board and version -> final characteristics of every battlefield object.
Resolver = Callable[[Board, RulesVersion], Mapping[str, Characteristics]]


def reference_resolver(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """The resolver under test (reference.resolver.resolve), as a function of the board."""
    return resolve(board, version).final


def check_board(
    board: Board,
    version: RulesVersion,
    resolver: Resolver | None = None,
    timeout_ms: int = TIMEOUT_MS,
) -> BoardCheck:
    """Cross-check one board under one version: the resolver's answers, then z3's verdict on them.

    With the reference resolver the answers are every outcome the tied timestamps allow
    (``reference.choices``): z3 decides whether some legal order gives none of them.
    """
    try:
        if resolver is None:
            finals = [o.final for o in outcomes(board, version).outcomes]
        else:
            finals = [resolver(board, version)]
    except Exception as exc:  # a resolver crash is a finding, not a pass
        return BoardCheck("resolver error", [f"{type(exc).__name__}: {exc}"])
    return check_answers(board, version, [board_result(board, f) for f in finals], timeout_ms)


TIMED_OUT = "not verified (timeout)"


def crosscheck_case(case: Case, version: RulesVersion, budget_s: float | None = None) -> tuple[str, list[str]]:
    """Every step of a case under one version: "verified" only when every step is.

    With ``budget_s``, the check runs in a forked child process that gets that many seconds
    of wall-clock time for the whole case; past it the child is killed and the answer is
    ``"not verified (timeout)"``, never a hang. (Building a large encoding is Python work
    that z3's own solver timeout does not cover, and only a process can be stopped safely.)
    """
    if budget_s is None or "fork" not in multiprocessing.get_all_start_methods():
        return _crosscheck_case(case, version)
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(send, case, version, budget_s), daemon=True)
    child.start()
    send.close()
    try:
        if receive.poll(budget_s):
            try:
                status, info = receive.recv()
            except EOFError:
                status, info = "cross-check error", [f"the cross-check process ended with status {child.exitcode}"]
            child.join(5)
            return status, info
        return TIMED_OUT, [f"no answer within the budget of {budget_s:g} s per case and rules version"]
    finally:
        if child.is_alive():
            child.kill()
        child.join(5)
        receive.close()


def _child(send: Connection, case: Case, version: RulesVersion, budget_s: float) -> None:
    """In the forked process: cross-check the case and send (status, info) back."""
    try:
        send.send(_crosscheck_case(case, version, max(1, min(TIMEOUT_MS, int(budget_s * 1000)))))
    except Exception as exc:  # reported as the case's status, like a resolver crash
        send.send(("cross-check error", [f"{type(exc).__name__}: {exc}"]))
    finally:
        send.close()


def _crosscheck_case(case: Case, version: RulesVersion, timeout_ms: int = TIMEOUT_MS) -> tuple[str, list[str]]:
    info: list[str] = []
    statuses: list[str] = []
    for n, step in enumerate(case.steps, start=1):
        board = board_at(case, n)
        check = check_board(board, version, timeout_ms=timeout_ms)
        expect = next((step.expect[k] for k in (version.id, *version.aliases) if k in step.expect), {})
        unread = expectations_not_encoded(board, expect)
        if unread and check.status == "verified":
            check = BoardCheck("not encoded", [f"not encoded: {x}" for x in unread])
        statuses.append(check.status)
        if check.status != "verified":
            info += [f"step {n}: {check.status}"] + [f"step {n}: {line}" for line in check.info]
    for s in ("resolver error", "not encodable", "vacuous", "unknown", "counterexample", "not encoded"):
        if s in statuses:
            return s, info
    return "verified", info
