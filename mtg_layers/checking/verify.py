"""Golden checks: every case, step and declared rules version, resolved and compared with its answers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from reference import entry
from reference.case import Case, board_at, board_meeting
from reference.choices import Outcomes
from reference.errors import ResolutionError
from reference.model import Board
from reference.resolver import Resolution
from reference.versions import RulesVersion
from reference_optimized import distinct_outcomes, resolve
from reference_optimized.step_orders import distinct_step_outcomes

from ..corpus.errors import CorpusError
from .results import Mismatch, board_result, compare


@dataclass(frozen=True)
class StepCheck:
    """The outcome of one case step under one rules version."""

    case: str
    step: int
    version: str
    mismatches: tuple[Mismatch, ...]
    error: str | None = None
    choice: str | None = None  # "depends on p1's choice between A and B", with each outcome

    @property
    def ok(self) -> bool:
        """True when the resolver gives every expected value."""
        return not self.mismatches and self.error is None


@contextmanager
def naming_the_step(case: Case, step: int, version: RulesVersion) -> Iterator[None]:
    """A board the rules cannot resolve as stated is the case file's error: its file, step and version."""
    try:
        yield
    except ResolutionError as exc:
        where = f"steps[{step - 1}]"
        raise CorpusError(case.path or case.id, where, f"cannot be resolved under {version.id}: {exc}") from None


def resolve_step(case: Case, step: int, version: RulesVersion) -> tuple[Resolution, dict[str, dict[str, object]]]:
    """Resolve a case at one step: the resolution and its JSON-ready result.

    With the fast path (``reference_optimized``), which gives the readable resolver's results and traces
    (tests/reference_optimized/test_bookkeeping.py checks that on every case, step and version). As for any order
    the board leaves open (613.7m), an entry whose counters depend on one gives the result of the recorded order and
    an undecided resolution (``step_board``): ``step_outcomes`` lists every outcome.
    """
    board, resolution = step_board(case, step, version)
    return resolution, board_result(board, resolution.final)


def step_board(case: Case, step: int, version: RulesVersion) -> tuple[Board, Resolution]:
    """613.7m, 614.12: a case's board at one step and its resolution; where an object entering in it met an order the
    board leaves open, the board under the recorded order (``reference.entry.through_step``), its resolution undecided
    by the ties the entry met, so that every outcome is listed (``step_outcomes``)."""
    with naming_the_step(case, step, version):
        if entry_left_open(case, step, version):
            return entry.through_step(case, step, version, resolver=resolve)
        board = board_at(case, step, version)
        return board, resolve(board, version)


def entry_left_open(case: Case, step: int, version: RulesVersion) -> bool:
    """613.7m, 614.12: an object entering up to the step was read under a tie that neither the rules nor the recorded
    order decide, so the counters it enters with may depend on an order the players choose.

    ``reference.case.board_at`` finds out whether they do by reading each such entry under every order of those ties
    (up to 120 resolutions of each board), and refuses the board where they do. The fast path's readers ask only
    whether a tie was left open (one reading, ``board_meeting``), and then read the whole step under one order per
    class of orders that end alike (``reference_optimized.step_orders``): that gives the step's outcomes whether the
    counters depend on the order or not. Else they build the board through ``board_at``, whose steps are the public
    ``reference.case.apply_step`` that a misreading of the kill matrix may replace.
    """
    if not any(d.enters_with for d in case.abilities.values()):  # 614.1c: no entry is read
        return False
    return any(not t.decided for t in board_meeting(case, step, version)[1])


def step_boards(case: Case, step: int, version: RulesVersion) -> tuple[Outcomes, tuple[Board, ...]]:
    """613.7m, 613.7n, 614.12: every outcome of a case step the rules allow, and the board each one was found on (the
    step's own board; where an entry depends on an open order, each order's board, ``reference.entry.step_outcomes``,
    trying one order per class of orders that end alike through the step, ``reference_optimized.step_orders``).
    """
    with naming_the_step(case, step, version):
        return outcomes_at(case, step, version)


def outcomes_at(case: Case, step: int, version: RulesVersion) -> tuple[Outcomes, tuple[Board, ...]]:
    """613.7m, 613.7n: ``step_boards`` with the resolver's own errors (a version may not resolve a board)."""
    if entry_left_open(case, step, version):  # 613.7m, 614.12: the orders of the whole step, each with its board
        boards, found = distinct_step_outcomes(case, step, version, resolver=resolve)
        return found, boards
    board = board_at(case, step, version)
    found = distinct_outcomes(board, version)
    return found, tuple(board for _ in found.outcomes)


def step_outcomes(case: Case, step: int, version: RulesVersion) -> tuple[Outcomes, list[dict[str, dict[str, object]]]]:
    """613.7m, 613.7n: every outcome of a case step the rules allow, and each one's result."""
    found, boards = step_boards(case, step, version)
    return found, [board_result(b, o.final) for b, o in zip(boards, found.outcomes, strict=True)]


def describe_choice(found: Outcomes, results: list[dict[str, dict[str, object]]], about: set[tuple[str, str]]) -> str:
    """In words: which tie the answer depends on, and each outcome on what differs among them."""
    ties = "; ".join(t.describe() for t in (found.mattering or found.ties))
    differ = sorted((o, f) for o, f in about if len({repr(r.get(o, {}).get(f)) for r in results}) > 1)
    shown = [", ".join(f"{o}.{f}={r.get(o, {}).get(f)!r}" for o, f in differ) for r in results]
    head = ties if ties.startswith("depends") else f"depends on an order the rules leave open ({ties})"
    return head + ": outcomes " + " | ".join(shown)


def _matches(expected: Mapping[str, Mapping[str, object]], actual: Mapping[str, Mapping[str, object]]) -> bool:
    return not compare(expected, actual)


def check_case(case: Case, versions: Mapping[str, RulesVersion]) -> list[StepCheck]:
    """Every step of a case under every version it declares (and that is known).

    When the rules leave an order open (613.7m choice, or no rule) and the outcomes differ,
    the step passes only if the case lists exactly those outcomes for the version.
    """
    out = []
    for vid in case.versions:
        version = versions[vid]
        for n, step in enumerate(case.steps, start=1):
            try:
                found, results = step_outcomes(case, n, version)
            except Exception as exc:  # a resolver crash is a finding, reported per step
                said = str(exc) if isinstance(exc, CorpusError) else f"{type(exc).__name__}: {exc}"
                out.append(StepCheck(case.id, n, vid, (), error=said))
                continue
            expected = step.expect[vid]
            mismatches = [m for r in results for m in compare(expected, r)]
            listed = step.outcomes.get(vid)
            about = {(o, f) for objs in [expected, *(listed or ())] for o, want in objs.items() for f in want}
            # outcomes that differ on what the case is about
            distinct: list[dict[str, dict[str, object]]] = []
            for r in results:
                if not any(_same_on(r, d, about) for d in distinct):
                    distinct.append(r)
            choice = describe_choice(found, distinct, about) if len(distinct) > 1 else None
            error = None
            if listed is None and choice is not None:
                error = f"the answer {choice}; record the chosen order (tie_order) or list the outcomes"
            elif listed is not None:
                unmatched = [o for o in listed if not any(_matches(o, r) for r in distinct)]
                missing = [r for r in distinct if not any(_matches(o, r) for o in listed)]
                if len(distinct) < 2:
                    error = "the case lists outcomes, but the rules decide: there is one outcome"
                elif unmatched or missing:
                    error = f"outcomes differ from the case's: {choice}"
            if not found.complete:
                error = "too many tied timestamps to enumerate every choice"
            out.append(StepCheck(case.id, n, vid, _unique(mismatches), error=error, choice=choice))
    return out


def _same_on(
    a: Mapping[str, Mapping[str, object]], b: Mapping[str, Mapping[str, object]], about: set[tuple[str, str]]
) -> bool:
    return all(a.get(o, {}).get(f) == b.get(o, {}).get(f) for o, f in about)


def _unique(items: list[Mismatch]) -> tuple[Mismatch, ...]:
    out: list[Mismatch] = []
    for m in items:
        if m not in out:
            out.append(m)
    return tuple(out)


@dataclass(frozen=True)
class CaseVerdict:
    """A case's golden checks and, when asked, its z3 cross-check per rules version."""

    checks: tuple[StepCheck, ...]
    z3: Mapping[str, tuple[str, tuple[str, ...]]]  # version -> (status, info)


def verify_case(case: Case, use_z3: bool, z3_budget: float | None = None) -> CaseVerdict:
    """Golden checks under every built-in version the case declares, and the z3 cross-check if asked.

    ``z3_budget``: CPU seconds of cross-check per rules version, past which it is "not verified (CPU budget)".
    """
    from reference.versions import builtin_versions

    versions = builtin_versions()
    checks = tuple(check_case(case, versions))
    z3: dict[str, tuple[str, tuple[str, ...]]] = {}
    if use_z3:
        from .z3_crosscheck import crosscheck_case

        for vid in case.versions:
            status, info = crosscheck_case(case, versions[vid], z3_budget)
            z3[vid] = (status, tuple(info))
    return CaseVerdict(checks, z3)


def verify_cases(cases: list[Case], use_z3: bool, jobs: int, z3_budget: float | None = None) -> Iterator[CaseVerdict]:
    """``verify_case`` for each case, in order; with ``jobs`` > 1 in a pool of worker processes."""
    if jobs <= 1 or len(cases) <= 1:
        for case in cases:
            yield verify_case(case, use_z3, z3_budget)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(verify_case, cases, [use_z3] * len(cases), [z3_budget] * len(cases), chunksize=1)
