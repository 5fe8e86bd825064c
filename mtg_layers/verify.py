"""Golden checks: every case, step and declared rules version, resolved and compared with its answers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from reference.case import Case, board_at
from reference.resolver import Resolution, resolve
from reference.versions import RulesVersion

from .results import Mismatch, board_result, compare


@dataclass(frozen=True)
class StepCheck:
    """The outcome of one case step under one rules version."""

    case: str
    step: int
    version: str
    mismatches: tuple[Mismatch, ...]
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the resolver gives every expected value."""
        return not self.mismatches and self.error is None


def resolve_step(case: Case, step: int, version: RulesVersion) -> tuple[Resolution, dict[str, dict[str, object]]]:
    """Resolve a case at one step: the resolution and its JSON-ready result."""
    board = board_at(case, step)
    resolution = resolve(board, version)
    return resolution, board_result(board, resolution.final)


def check_case(case: Case, versions: Mapping[str, RulesVersion]) -> list[StepCheck]:
    """Every step of a case under every version it declares (and that is known)."""
    out = []
    for vid in case.versions:
        version = versions[vid]
        for n, step in enumerate(case.steps, start=1):
            try:
                _, actual = resolve_step(case, n, version)
            except Exception as exc:  # a resolver crash is a finding, reported per step
                out.append(StepCheck(case.id, n, vid, (), error=f"{type(exc).__name__}: {exc}"))
                continue
            out.append(StepCheck(case.id, n, vid, tuple(compare(step.expect[vid], actual))))
    return out


@dataclass(frozen=True)
class CaseVerdict:
    """A case's golden checks and, when asked, its z3 cross-check per rules version."""

    checks: tuple[StepCheck, ...]
    z3: Mapping[str, tuple[str, tuple[str, ...]]]  # version -> (status, info)


def verify_case(case: Case, use_z3: bool) -> CaseVerdict:
    """Golden checks under every built-in version the case declares, and the z3 cross-check if asked."""
    from reference.versions import builtin_versions

    versions = builtin_versions()
    checks = tuple(check_case(case, versions))
    z3: dict[str, tuple[str, tuple[str, ...]]] = {}
    if use_z3:
        from .crosscheck import crosscheck_case

        for vid in case.versions:
            status, info = crosscheck_case(case, versions[vid])
            z3[vid] = (status, tuple(info))
    return CaseVerdict(checks, z3)


def verify_cases(cases: list[Case], use_z3: bool, jobs: int) -> Iterator[CaseVerdict]:
    """``verify_case`` for each case, in order; with ``jobs`` > 1 in a pool of worker processes."""
    if jobs <= 1 or len(cases) <= 1:
        for case in cases:
            yield verify_case(case, use_z3)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(verify_case, cases, [use_z3] * len(cases), chunksize=1)
