"""The cross-check driver: the resolver's answer set against the independent z3 encoding.

``proofs.crosscheck.check_answer`` asks z3 whether any order the rules allow gives
another final state than a given answer; this module supplies the answer, from the
reference resolver (or from any resolver, such as a mutant), case step by case step.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from multiprocessing.connection import Connection

from proofs.clock import assigned_timestamps, disagreements
from proofs.crosscheck import RLIMIT, BoardCheck, LimitReached, check_answers
from proofs.encoding import NotEncodable
from proofs.entry import check_entry
from proofs.fixed_amounts import fix_amounts, open_amounts
from proofs.open_entry import Listed, check_listing
from proofs.reads import expectations_not_encoded
from proofs.sba import check_round
from proofs.steps import NotDerived, board_differences, derive_boards
from reference import entry
from reference.case import Case, Step, apply_step, board_at, initial_board, state_based_actions_of
from reference.choices import Outcomes, seated
from reference.model import Board, Characteristics, Effect, FrozenMap
from reference.resolver import resolve
from reference.sba import perform
from reference.versions import RulesVersion
from reference_optimized import distinct_outcomes
from reference_optimized.step_orders import distinct_step_outcomes

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
    rlimit: int = RLIMIT,
) -> BoardCheck:
    """Cross-check one board under one version: the resolver's answers, then z3's verdict on them.

    With the reference resolver the answers are every outcome the tied timestamps allow
    (``reference.choices``, trying one order per class of orders that end alike:
    ``reference_optimized.orders``): z3 decides whether some legal order gives none of them.
    """
    try:
        if resolver is None:
            finals = [o.final for o in distinct_outcomes(board, version).outcomes]
        else:
            finals = [resolver(board, version)]
    except Exception as exc:  # a resolver crash is a finding, not a pass
        return BoardCheck("resolver error", [f"{type(exc).__name__}: {exc}"])
    return check_answers(board, version, [board_result(board, f) for f in finals], rlimit)


def with_fixed(board: Board, fixed: Mapping[str, Effect]) -> Board:
    """611.2d: the board with each resolved effect whose amounts the encoding fixed as the encoding fixed it."""
    if not any(e.id in fixed for e in board.effects):
        return board
    return replace(
        board, effects=tuple(replace(e, parts=fixed[e.id].parts) if e.id in fixed else e for e in board.effects)
    )


def fix_step_amounts(case: Case, n: int, version: RulesVersion, fixed: dict[str, Effect]) -> list[str]:
    """611.2d, 608.2h: the amounts of step ``n``'s new resolved effects, fixed by the encoding (into ``fixed``).

    Each effect resolves on the step's board before it (the step's other events and the new
    effects listed before it, those with the encoding's numbers); the encoding reads its
    amounts off its own layers there (proofs.fixed_amounts). Returns where the resolver
    fixed another number.
    """
    step = case.steps[n - 1]
    if not any(open_amounts(e) for e in step.add_effects):
        return []
    before = with_fixed(board_at(case, n - 1, version) if n > 1 else initial_board(case), fixed)
    differ = []
    for j, effect in enumerate(step.add_effects):
        if not open_amounts(effect):
            continue
        at = apply_step(before, replace(step, add_effects=step.add_effects[:j], state_based_actions=False), version)
        mine = fix_amounts(with_fixed(at, fixed), effect, version)
        fixed[effect.id] = mine
        after = apply_step(
            before, replace(step, add_effects=step.add_effects[: j + 1], state_based_actions=False), version
        )
        theirs = next(e for e in after.effects if e.id == effect.id)
        for k, (a, b) in enumerate(zip(mine.parts, theirs.parts, strict=True)):
            for key in sorted(set(a.args) | set(b.args)):
                if a.args.get(key) != b.args.get(key):
                    differ.append(
                        f"effect {effect.id} part {k} {a.op}.{key} fixed on resolution (611.2d): "
                        f"z3 {a.args.get(key)!r}, resolver {b.args.get(key)!r}"
                    )
    return differ


def check_state_based_actions(
    case: Case, n: int, version: RulesVersion, fixed: Mapping[str, Effect] | None = None
) -> list[BoardCheck]:
    """704.3: each round of a step's state-based actions, as the resolver performs it, asked of z3."""
    step = case.steps[n - 1]
    before = board_at(case, n - 1, version) if n > 1 else initial_board(case)
    board = with_fixed(apply_step(before, replace(step, state_based_actions=False), version), fixed or {})
    try:
        _, rounds = state_based_actions_of(board, step, version)
    except ValueError as exc:
        return [BoardCheck("resolver error", [f"{type(exc).__name__}: {exc}"])]
    out = []
    for actions in rounds:
        after = perform(board, list(actions))
        removed = {a.object for a in actions if a.zone is not None}
        counters = {oid: _counts(after, oid) for oid in after.on_battlefield()}
        unattached = {a.object for a in actions if a.unattach}  # 704.5n
        try:
            out.append(check_round(board, version, removed, counters, step.legend_rule_keeps, unattached=unattached))
        except LimitReached as exc:
            out.append(BoardCheck("unknown", [str(exc)]))
        board = after
    return out


def check_timestamps(case: Case, n: int, version: RulesVersion) -> list[str]:
    """613.7b-f: the timestamps the resolver's step semantics gave, against the encoding's own reading."""
    step = case.steps[n - 1]
    before = board_at(case, n - 1, version) if n > 1 else initial_board(case)
    after = apply_step(before, replace(step, state_based_actions=False), version)
    return disagreements(after, assigned_timestamps(before, step))


EntryClaim = tuple[Board, Board, dict[str, dict[str, int]]]


def entry_claim(case: Case, n: int, version: RulesVersion) -> EntryClaim | None:
    """614.1c: the board before step ``n``, the board after it without entry counters, and the counters
    each object it puts onto the battlefield entered with, as the resolver's step code gave them (None:
    the step adds nothing while an enters-with ability is defined)."""
    step = case.steps[n - 1]
    before = board_at(case, n - 1, version) if n > 1 else initial_board(case)
    if not (step.add_objects or step.create_tokens) or not any(d.enters_with for d in before.abilities.values()):
        return None
    bare = replace(step, state_based_actions=False)
    after = apply_step(before, bare, version)
    # the same step on a board whose abilities give no entry counters: the objects as the step gives them
    inert = {t: replace(d, enters_with=None) for t, d in before.abilities.items()}
    plain = replace(apply_step(replace(before, abilities=inert), bare, version), abilities=after.abilities)
    entering = [o.id for o in step.add_objects] + [str(t["id"]) for t in step.create_tokens]
    claimed = {}
    for oid in entering:
        if oid in after.objects and after.objects[oid].zone == "battlefield":
            mine, theirs = _counts(after, oid), _counts(plain, oid)
            claimed[oid] = {k: v - theirs.get(k, 0) for k, v in mine.items() if v != theirs.get(k, 0)}
    return before, plain, claimed


def check_entry_counters(case: Case, n: int, version: RulesVersion) -> list[BoardCheck]:
    """614.1c, 614.12: the counters the objects a step adds entered with, as the resolver gave them, asked of z3."""
    try:
        claim = entry_claim(case, n, version)
    except ValueError as exc:
        return [BoardCheck("resolver error", [f"{type(exc).__name__}: {exc}"])]
    if claim is None:
        return []
    before, after, claimed = claim
    try:
        return [check_entry(before, after, version, claimed)]
    except LimitReached as exc:
        return [BoardCheck("unknown", [str(exc)])]


def _counts(board: Board, oid: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in board.objects[oid].counters:
        counts[c.kind] = counts.get(c.kind, 0) + c.count
    return counts


OUT_OF_BUDGET = "not verified (CPU budget)"

# How long (wall-clock seconds) the parent waits at least between two readings of the child's CPU time.
_POLL_S = 0.1


def crosscheck_case(case: Case, version: RulesVersion, budget_s: float | None = None) -> tuple[str, list[str]]:
    """Every step of a case under one version: "verified" only when every step is.

    With ``budget_s``, the check runs in a child process (``_Checker``) that gets that many seconds of CPU time
    for this case and version; past it the child is killed and the answer is ``"not verified (CPU budget)"``,
    never a hang. (z3's own checks are bounded by ``proofs.crosscheck.RLIMIT``; building a large encoding is Python
    work no z3 limit covers, and only a process can be stopped safely.) CPU time, not wall-clock time: a check
    slowed by other processes on the machine keeps its verdict. The parent reads the child's CPU time from
    ``/proc`` while it waits, and the child reports what its check used (``time.process_time``) with its answer,
    which is over the budget too when past it; where the system has no ``/proc``, the parent's wait is
    wall-clock seconds instead. The child lives on from one check to the next while none runs out (a fork per
    check cost more system time than the checks of most cases), so what it computes once it keeps.
    """
    if budget_s is None or "fork" not in multiprocessing.get_all_start_methods():
        return _crosscheck_case(case, version)
    checker = _Checker.current()
    try:
        checker.conn.send((case, version))
    except (BrokenPipeError, EOFError, OSError):  # the child ended since its last answer: a new one
        checker.stop()
        checker = _Checker.current()
        checker.conn.send((case, version))
    past = [f"past the budget of {budget_s:g} s of CPU per case and rules version"]
    if not checker.wait(budget_s):
        checker.stop()
        return OUT_OF_BUDGET, past
    try:
        status, info, used = checker.conn.recv()
    except EOFError:
        checker.process.join(5)
        status, info = "cross-check error", [f"the cross-check process ended with status {checker.process.exitcode}"]
        checker.stop()
        return status, info
    if used > budget_s:  # it answered, but after the budget ran out (between two of the parent's readings)
        checker.stop()
        return OUT_OF_BUDGET, past
    return status, info


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system, every thread) process ``pid`` has used, from ``/proc`` (None: not readable)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rpartition(b")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime: fields 14 and 15


class _Checker:
    """This process's cross-check child (forked): it answers one (case, version) after another."""

    _current: _Checker | None = None

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("fork")
        self.conn, child_end = ctx.Pipe()
        self.owner = os.getpid()
        self.process = ctx.Process(target=_serve, args=(child_end,), daemon=True)
        self.process.start()
        child_end.close()

    @classmethod
    def current(cls) -> _Checker:
        """The running child of this process, started if there is none (or it was a parent's, before a fork)."""
        c = cls._current
        if c is None or c.owner != os.getpid() or not c.process.is_alive():
            c = cls._current = cls()
        return c

    def wait(self, budget_s: float) -> bool:
        """Wait for the child's answer while it has used less than ``budget_s`` of CPU on it (False: it has not
        answered within that much CPU; wall-clock seconds where ``/proc`` is not readable)."""
        pid = self.process.pid
        assert pid is not None
        start, began = cpu_seconds(pid), time.monotonic()
        used = 0.0
        while not self.conn.poll(max(budget_s - used, _POLL_S)):  # its CPU time grows no faster than the clock
            now = cpu_seconds(pid)
            used = time.monotonic() - began if start is None or now is None else now - start
            if used >= budget_s:
                return self.conn.poll(0)
        return True

    def stop(self) -> None:
        """Kill the child (it ran out of its budget, or ended): the next check starts a new one."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()
        if _Checker._current is self:
            _Checker._current = None


def _serve(conn: Connection) -> None:
    """In the forked child: cross-check each (case, version) received and send (status, info, CPU seconds) back."""
    while True:
        try:
            case, version = conn.recv()
        except EOFError:  # the parent closed its end, or ended
            return
        start = time.process_time()
        try:
            status, info = _crosscheck_case(case, version)
        except Exception as exc:  # reported as the case's status, like a resolver crash
            status, info = "cross-check error", [f"{type(exc).__name__}: {exc}"]
        conn.send((status, info, time.process_time() - start))


def loaded_board(case: Case) -> Board:
    """613.7k: the case as loaded, before any rule (``proofs.steps`` stamps its stickers itself)."""
    return Board(
        objects={o.id: o for o in case.objects},
        effects=case.effects,
        abilities=case.abilities,
        tie_order=case.tie_order,
        game=FrozenMap(case.game),
    )


def derived_boards(case: Case, version: RulesVersion) -> tuple[list[Board], list[str]]:
    """400.7, 111.3, 614.1c, 704.3: the boards of the case's steps as the z3 side derives them on its own.

    Returns the boards of every step, or none (with why) when some step cannot be read on its own.
    """
    try:
        return derive_boards(loaded_board(case), case.steps, version), []
    except NotDerived as exc:
        return [], [f"the z3 side cannot derive the steps: {exc}"]


def amounts_fixed_in(mine: Board, step: Step) -> dict[str, Effect]:
    """611.2d: the step's new resolved effects with amounts to fix, as the z3 side's derivation fixed them."""
    opened = {e.id for e in step.add_effects if open_amounts(e)}
    return {e.id: e for e in mine.effects if e.id in opened}


def step_mismatches(mine: Board, theirs: Board) -> list[str]:
    """400.7, 613.7: where the z3 side's board of a step differs from the resolver's (empty: the same board)."""
    return board_differences(mine, theirs)


# what the cross-check of a case reports first, of the statuses its checks gave (else "verified")
WORST_FIRST = ("resolver error", "not encodable", "vacuous", "unknown", "counterexample", "not encoded")


def open_entry_cases(case: Case, version: RulesVersion, reduced: bool = True) -> tuple[int, list[Case], bool] | None:
    """613.7m, 614.12, 101.4: the first step where an object enters with counters that depend on an order the case
    leaves open, and the full choices tried through that step and each later one, each the case with that choice
    recorded: the order of the tied effects, and the turn order where the case names none and the rules' APNAP order
    needs one (each seating the resolver assumed, its orders enumerated under it); whether those were every choice
    (None: no such step).

    The choices of each step are those ``verify``'s own resolver side tries there (``step_choices``): one order per
    class of orders that end alike on every board the step reads (``reference_optimized.step_orders``), every order
    where that module declines the step's shape; with ``reduced`` False, every order (``reference.entry``)."""
    board = initial_board(case)
    for n, step in enumerate(case.steps, start=1):  # the steps applied once, in order, as board_at applies them
        try:
            board = apply_step(board, step, version)
        except entry.OpenEntryError:
            chosen: dict[tuple[object, ...], Case] = {}
            complete = True
            for m in range(n, len(case.steps) + 1):  # each later step reads the orders on boards of its own
                cases, done = step_choices(case, m, version, reduced)
                complete = complete and done
                for c in cases:
                    chosen.setdefault((c.tie_order, *sorted(c.game.items())), c)
            return n, list(chosen.values()), complete
    return None


def step_choices(case: Case, n: int, version: RulesVersion, reduced: bool = True) -> tuple[list[Case], bool]:
    """613.7m, 614.12, 101.4: the full choices tried through step ``n`` of a case whose entries met an order it leaves
    open, each the case with that choice recorded (each seating the resolver assumed, with the orders enumerated under
    it), and whether they stand for every choice: one order per class of orders that end alike through the step
    (``reference_optimized.step_orders.distinct_step_outcomes``, as ``verify.step_boards`` reads the step), or with
    ``reduced`` False every order (``reference.entry.step_outcomes``)."""

    def tried(c: Case) -> Outcomes:
        if reduced:
            return distinct_step_outcomes(c, n, version)[1]
        return entry.step_outcomes(c, n, version)[1]

    found = tried(case)
    seatings = list(dict.fromkeys(s for o in found.outcomes for s in o.turn_orders))
    complete = found.complete
    chosen: dict[tuple[object, ...], Case] = {}
    for seated_case in [case] if not seatings else [replace(case, game=seated(case.game, s)) for s in seatings]:
        if seatings:  # 101.4: the seating recorded, the orders the rules then leave open enumerated under it
            found = tried(seated_case)
            complete = complete and found.complete
        for o in found.outcomes:
            for extra in o.orders:
                order = seated_case.tie_order + extra
                chosen.setdefault((order, *sorted(seated_case.game.items())), replace(seated_case, tie_order=order))
    return list(chosen.values()), complete


def open_entry_orders(
    case: Case, version: RulesVersion, reduced: bool = True
) -> tuple[int, list[tuple[str, ...]], bool] | None:
    """613.7m, 614.12: ``open_entry_cases``, each choice as the order of the tied effects it records."""
    opened = open_entry_cases(case, version, reduced)
    if opened is None:
        return None
    n, cases, complete = opened
    return n, list(dict.fromkeys(c.tie_order for c in cases)), complete


def _each_order(
    case: Case,
    version: RulesVersion,
    n: int,
    chosen: list[Case],
    complete: bool,
    rlimit: int,
    reduced: bool = True,
) -> tuple[str, list[str]]:
    """613.7m, 614.12: the case cross-checked under each choice of step ``n``'s tied effects, recorded in turn (one
    board per choice: the counters an object enters with and the board after it, read in that order, on both sides).

    The choices are ``open_entry_cases``': one per class of orders that end alike through each step from ``n`` on.
    z3 checks each one, and that no order of step ``n`` gives its entry counters or its board after it an outcome
    they all miss (``check_listed``); that the other orders of a class end as it does at later steps is
    ``reference_optimized.step_orders``' argument (and its tests against every order), not a z3 result."""
    statuses: list[str] = []
    kind = "one per class of orders that end alike, reference_optimized.step_orders" if reduced else "every order"
    info: list[str] = [
        f"step {n}: an entry depends on an open order (613.7m, 614.12): each of {len(chosen)} orders ({kind})"
    ]
    if not complete:
        statuses.append("unknown")
        info.append(f"step {n}: not every order of the tied effects was tried (the enumeration's limit)")
    listing = check_listed(case, version, n, chosen, rlimit)
    statuses.append(listing.status)
    if listing.status != "verified":
        info += [f"step {n}: the orders tried reach every outcome? {listing.status}"]
    info += [f"step {n}: {line}" for line in listing.info]  # verified: the later boards it could not read, if any
    for one in chosen:
        said_order = ", then ".join(one.tie_order)
        seats = [f"{k} {one.game[k]}" for k in ("turn", "turn_order") if k in one.game and k not in case.game]
        if seats:
            said_order += f" ({', '.join(seats)}, assumed: the case names no active player)"
        again = open_entry_cases(one, version, reduced)
        if again is not None and again[0] <= n:  # the choice recorded leaves that step open still: never again
            statuses.append("unknown")
            info.append(f"order {said_order}: step {again[0]} is still open with it recorded")
            continue
        if again is None:
            status, said = _crosscheck_decided(one, version, rlimit)
        else:  # a later step with an entry under an order left open: its choices in turn
            status, said = _each_order(one, version, *again, rlimit=rlimit, reduced=reduced)
        statuses.append(status)
        if status != "verified":
            info += [f"order {said_order}: {line}" for line in said]
    return next((s for s in WORST_FIRST if s in statuses), "verified"), info


def listed_outcomes(chosen: list[Case], n: int, version: RulesVersion) -> list[Listed]:
    """613.7m, 614.1c, 613.1: each choice tried at step ``n``: the counters its entering objects got, every object's
    characteristics on the board after the step, before its state-based actions, after them (where the step has them)
    and on the board of each later step, as the resolver gives them."""
    out = []
    for one in chosen:
        claim = entry_claim(one, n, version)
        if claim is None:
            continue
        before, _, claimed = claim
        after = apply_step(before, replace(one.steps[n - 1], state_based_actions=False), version)
        later = []
        first = n if one.steps[n - 1].state_based_actions else n + 1  # 704.3: the step's board after them
        for m in range(first, len(one.steps) + 1):  # 613.1: each later step's outcomes under the same order
            board = board_at(one, m, version)
            later.append(tuple(board_result(board, o.final) for o in distinct_outcomes(board, version).outcomes))
        for o in distinct_outcomes(after, version).outcomes:
            out.append(Listed(one.tie_order, claimed, board_result(after, o.final), tuple(later)))
    return out


def check_listed(case: Case, version: RulesVersion, n: int, chosen: list[Case], rlimit: int = RLIMIT) -> BoardCheck:
    """613.7m, 614.12: does z3 find an order of step ``n``'s tied effects whose entry counters or board after the step
    none of the choices tried gives (``proofs.open_entry``; unsat: "verified")?"""
    try:
        listed = listed_outcomes(chosen, n, version)
    except Exception as exc:  # a resolver crash is a finding, not a pass
        return BoardCheck("resolver error", [f"{type(exc).__name__}: {exc}"])
    return check_listing(loaded_board(case), case.steps, n, version, listed, rlimit)


def _crosscheck_case(
    case: Case, version: RulesVersion, rlimit: int = RLIMIT, reduced: bool = True
) -> tuple[str, list[str]]:
    """The cross-check of a case under one version in this process (``crosscheck_case``); a z3 check that reaches
    its resource limit where no check's own verdict reports it (the z3 side's derivation of the steps, 611.2d's
    amounts) makes the case "unknown", naming the limit."""
    try:
        opened = open_entry_cases(case, version, reduced)
        if opened is not None:  # 613.7m, 614.12: one board per order of that step, each checked
            return _each_order(case, version, *opened, rlimit=rlimit, reduced=reduced)
        return _crosscheck_decided(case, version, rlimit)
    except LimitReached as exc:
        return "unknown", [str(exc)]


def _crosscheck_decided(case: Case, version: RulesVersion, rlimit: int = RLIMIT) -> tuple[str, list[str]]:
    """Every step of a case whose entries the recorded order decides, each board checked (``_crosscheck_case``)."""
    info: list[str] = []
    statuses: list[str] = []
    mine, why = derived_boards(case, version)
    if why:
        statuses.append("not encodable")
        info += why
    fixed: dict[str, Effect] = {}  # 611.2d: resolved effects with the amounts the encoding fixed
    for n, step in enumerate(case.steps, start=1):
        board = board_at(case, n, version)
        derived = n <= len(mine)
        if derived:  # the z3 side's own board: its entry counters (proofs.entry), its fixed amounts, its SBA
            fixed.update(amounts_fixed_in(mine[n - 1], step))
            differ = step_mismatches(mine[n - 1], board)
            if differ:  # the two readings of the step's events built different boards
                check = BoardCheck("counterexample", [f"board differs: {line}" for line in differ])
            else:  # the layer encoding on the z3 side's own board (the same as the resolver's, so its answers)
                check = check_board(mine[n - 1], version, rlimit=rlimit)
        else:  # not derived: the resolver's board, with the amounts the encoding fixes on it
            try:
                differ = fix_step_amounts(case, n, version, fixed)
            except NotEncodable as exc:
                statuses.append("not encodable")
                info += [f"step {n}: not encodable", f"step {n}: {exc}"]
                continue
            board = with_fixed(board, fixed)
            check = check_board(board, version, rlimit=rlimit)
            if differ and check.status == "verified":
                check = BoardCheck("counterexample", differ)
        stamps = check_timestamps(case, n, version)
        if stamps and check.status == "verified":
            check = BoardCheck("counterexample", stamps)
        expect = next((step.expect[k] for k in (version.id, *version.aliases) if k in step.expect), {})
        unread = expectations_not_encoded(board, expect)
        if unread and check.status == "verified":
            check = BoardCheck("not encoded", [f"not encoded: {x}" for x in unread])
        # 614.1c: a derived board holds the encoding's own entry counters; otherwise ask about the resolver's
        checks = [check, *([] if derived else check_entry_counters(case, n, version))]
        if step.state_based_actions:
            checks += check_state_based_actions(case, n, version, fixed)
        for check in checks:
            statuses.append(check.status)
            if check.status != "verified":
                info += [f"step {n}: {check.status}"] + [f"step {n}: {line}" for line in check.info]
    return next((s for s in WORST_FIRST if s in statuses), "verified"), info
