"""Golden checks: every case, step and declared rules version, resolved and compared with its answers."""

from __future__ import annotations

from collections.abc import Mapping
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
    board = board_at(case, step, version)
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
