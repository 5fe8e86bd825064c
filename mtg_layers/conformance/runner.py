"""The conformance runner: every case, step and rules version through an adapter, judged here.

The runner plans the runs (filters by case id, feature and rules version), sends each
one's input (never its expected answers), judges the answer with mtg_layers.checking.results.compare
(only the characteristics the case expects), and turns every adapter fault into a result
for that run. It never stops early: after a fault the adapter is restarted for the next run.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reference.frozen import thaw

from ..checking.results import compare
from .expectations import Expectations, KnownFailure
from .pointers import where_to_look
from .protocol import DEFAULT_MAX_LINE, SuiteCase, run_message
from .transport import Handshake, OneShotAdapter, PersistentAdapter, Reply

MAX_START_ATTEMPTS = 3  # consecutive failed starts before the runner stops trying (every run is still reported)
MAX_MESSAGE = 2000  # characters of a message quoted in a report
MAX_VALUE = 2000  # characters of one answered value (as JSON) kept in a report


class Interrupted(BaseException):
    """The runner was asked to stop (SIGTERM): reports are written and the adapter killed."""

    def __init__(self, signal_name: str) -> None:
        super().__init__(signal_name)
        self.signal_name = signal_name


def capped(value: Any, limit: int = MAX_VALUE) -> Any:
    """A value from an adapter as a report may quote it: itself, or an excerpt when its JSON is too long."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):
        text = repr(value)
    if len(text) <= limit:
        return value
    return f"{text[:limit]}… (truncated: {len(text)} characters)"


def capped_text(text: str, limit: int = MAX_MESSAGE) -> str:
    """At most ``limit`` characters of a message, lone surrogates (from an adapter's JSON) shown as escapes."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else f"{text[:limit]}… (truncated: {len(text)} characters)"


def json_form(value: Any) -> str:
    """A value as messages show it: its JSON form (null, false, ["forest"]), never Python's (issue 33)."""
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        return json.dumps(str(value), ensure_ascii=False)


STATUSES = ("pass", "fail", "skip", "error", "timeout")
VERDICTS = ("pass", "fail", "skip", "error", "timeout", "xfail", "fixed")
FAILING = ("fail", "error", "timeout")


@dataclass(frozen=True)
class Job:
    """One run to make: a case at one step under one rules version."""

    seq: int
    case: SuiteCase
    rules: str
    step: int


@dataclass(frozen=True)
class RunResult:
    """The judged outcome of one run."""

    seq: int
    case: str
    title: str
    path: str
    features: tuple[str, ...]
    rules: str
    step: int
    steps: int
    status: str  # pass | fail | skip | error | timeout
    verdict: str  # status, or xfail / fixed when the expectations file lists the run
    message: str
    expected: Mapping[str, Any]
    actual: Mapping[str, Any] | None
    diff: tuple[Mapping[str, Any], ...]
    stderr: str
    duration_s: float
    known_failure: str | None = None
    context: Any = None
    # issue 33: for a run that did not pass, where to look (pointers.where_to_look)
    look: Mapping[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The run as a JSON report entry (report.schema.json#/$defs/result)."""
        return {
            "seq": self.seq,
            "case": self.case,
            "title": self.title,
            "path": self.path,
            "features": list(self.features),
            "rules": self.rules,
            "step": self.step,
            "steps": self.steps,
            "status": self.status,
            "verdict": self.verdict,
            "message": self.message,
            "known_failure": self.known_failure,
            "expected": thaw(self.expected),
            "actual": self.actual,
            "diff": [dict(d) for d in self.diff],
            "stderr": self.stderr,
            "duration_s": round(self.duration_s, 6),
            "context": self.context,
            "look": None if self.look is None else dict(self.look),
        }


def plan(
    suite: Sequence[SuiteCase],
    ids: Sequence[str] = (),
    features: Sequence[str] = (),
    rules: Sequence[str] = (),
) -> list[Job]:
    """The runs, in case / rules version / step order; a filter given keeps runs matching any of its values."""
    jobs: list[Job] = []
    for sc in suite:
        if ids and sc.id not in ids:
            continue
        if features and not set(features) & set(sc.case.features):
            continue
        for version in sc.case.versions:
            if rules and version not in rules and not _names_the_same_rules(version, rules):
                continue
            for step in range(1, len(sc.case.steps) + 1):
                jobs.append(Job(len(jobs) + 1, sc, version, step))
    return jobs


def _is_date(name: str) -> bool:
    """A rules version named by a date (YYYY-MM-DD), as a case may key its answers."""
    parts = name.split("-")
    return [len(p) for p in parts] == [4, 2, 2] and all(p.isdigit() for p in parts)


def _names_the_same_rules(version: str, rules: Sequence[str]) -> bool:
    """A --rules filter (an id, an alias or a date) keeps a declared version with the same rules (issue 29)."""
    from reference.history import same_rules
    from reference.versions import ProfileError, get_version

    try:
        declared = get_version(version)
        return any(same_rules(declared, get_version(r)) for r in rules)
    except ProfileError:
        return False


@dataclass
class RunnerOptions:
    """How to run the adapter."""

    argv: Sequence[str]
    mode: str = "persistent"  # persistent | oneshot
    timeout: float = 10.0
    start_timeout: float = 30.0
    max_line: int = DEFAULT_MAX_LINE
    cwd: str | None = None
    env: Mapping[str, str] | None = None
    expectations: Expectations = field(default_factory=Expectations)
    deadline: float | None = None  # seconds for the whole run; later runs are reported as not run
    max_timeouts: int = 5  # consecutive timeouts before the runner stops sending runs (0: never)


@dataclass
class Session:
    """What the runner learnt about the adapter while running it."""

    implementation: Mapping[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)
    starts: int = 0
    gave_up: str | None = None
    stopped: str | None = None  # why the remaining runs were not sent (deadline, circuit breaker)


class Runner:
    """Runs jobs through one adapter, calling ``on_result`` after each judged run."""

    def __init__(self, options: RunnerOptions, on_result: Callable[[RunResult], None] | None = None) -> None:
        self.options = options
        self.on_result = on_result
        self.session = Session()
        cls = PersistentAdapter if options.mode == "persistent" else OneShotAdapter
        self.adapter: PersistentAdapter | OneShotAdapter = cls(
            argv=options.argv,
            timeout=options.timeout,
            start_timeout=options.start_timeout,
            max_line=options.max_line,
            cwd=options.cwd,
            env=options.env,
        )
        self._handshake_done = False
        self._failed_starts = 0
        self._last_start: Handshake | None = None
        self._began: float | None = None
        self._timeouts_in_a_row = 0

    def ensure_started(self) -> Handshake | None:
        """Make sure an adapter can take a run: None when it can, else the failed handshake."""
        if self.session.gave_up is not None:
            assert self._last_start is not None
            return self._last_start
        persistent = isinstance(self.adapter, PersistentAdapter)
        if (persistent and self.adapter.running) or (not persistent and self._handshake_done):
            return None
        shake = self.adapter.start()
        self.session.starts = self.adapter.starts
        self._last_start = shake
        if shake.implementation is not None:
            if self.session.implementation is None:
                self.session.implementation = shake.implementation
            self._failed_starts = 0
            self._handshake_done = True
            return None
        if not persistent and not shake.mismatch:
            # One-shot adapters need not answer start: go on without metadata.
            self.session.warnings.append(f"no implementation metadata: {shake.error}")
            self._handshake_done = True
            return None
        self._failed_starts += 1
        if shake.mismatch:
            self.session.gave_up = shake.error
        elif self._failed_starts >= MAX_START_ATTEMPTS:
            self.session.gave_up = f"{shake.error} ({MAX_START_ATTEMPTS} attempts to start; giving up)"
            self._last_start = Handshake(None, self.session.gave_up, stderr=shake.stderr)
            return self._last_start
        return shake

    def unsupported(self, job: Job) -> str | None:
        """Why the adapter, by its own declaration, cannot take this run."""
        impl = self.session.implementation or {}
        versions = impl.get("rules_versions")
        dated = "dates" in (versions or ()) and _is_date(job.rules)  # "dates": any YYYY-MM-DD (issue 29)
        if isinstance(versions, list) and versions and job.rules not in versions and not dated:
            return f"adapter does not support rules version {job.rules!r} (declares {versions})"
        features = impl.get("features")
        if isinstance(features, list) and features:
            missing = sorted(set(job.case.case.features) - set(features))
            if missing:
                return f"adapter does not support feature(s) {missing}"
        return None

    def capabilities(self) -> tuple[str, ...]:
        """What the adapter declared it can do beyond the base protocol (``implementation.capabilities``)."""
        declared = (self.session.implementation or {}).get("capabilities")
        return tuple(str(c) for c in declared) if isinstance(declared, list) else ()

    def run_job(self, job: Job) -> RunResult:
        """Run one job; whatever the adapter does, the outcome is a RunResult (never an exception)."""
        began = time.perf_counter()
        try:
            result = self._run_job(job)
        except Exception as exc:  # a bug of the runner on a strange answer: reported for the run, never raised
            self.adapter.kill()
            reply = Reply("fault", f"runner error while judging the answer: {type(exc).__name__}: {exc}")
            result = self.judge(job, reply, time.perf_counter() - began)
        self._timeouts_in_a_row = self._timeouts_in_a_row + 1 if result.status == "timeout" else 0
        limit = self.options.max_timeouts
        if limit and self._timeouts_in_a_row >= limit and self.session.stopped is None:
            self.session.stopped = f"circuit breaker: {limit} runs in a row timed out; the remaining runs were not sent"
        return result

    def _not_run(self, job: Job) -> RunResult | None:
        """The run reported without sending it, once the deadline has passed or the breaker tripped."""
        deadline = self.options.deadline
        if self.session.stopped is None and deadline is not None and self._began is not None:
            left = deadline - (time.monotonic() - self._began)
            if left <= 0:
                self.session.stopped = (
                    f"the overall deadline of {deadline:g} s passed; the remaining runs were not sent"
                )
            else:
                self.adapter.timeout = min(self.options.timeout, left)
                self.adapter.start_timeout = min(self.options.start_timeout, left)
        if self.session.stopped is None:
            return None
        return self.judge(job, Reply("fault", f"not run: {self.session.stopped}"), 0.0)

    def _run_job(self, job: Job) -> RunResult:
        """Start the adapter if needed, send the input, judge the answer."""
        stopped = self._not_run(job)
        if stopped is not None:
            return stopped
        shake = self.ensure_started()
        if shake is not None:
            return self.judge(job, Reply("fault", f"adapter failed to start: {shake.error}", stderr=shake.stderr), 0.0)
        why = self.unsupported(job)
        if why:
            return self.judge(job, Reply("skipped", why), 0.0)
        message = run_message(job.seq, job.case.data, job.step, job.rules, self.capabilities())
        began = time.perf_counter()
        reply = self.adapter.run(message)
        took = time.perf_counter() - began
        self.session.starts = self.adapter.starts
        return self.judge(job, reply, took)

    def judge(self, job: Job, reply: Reply, took: float) -> RunResult:
        """Compare an answer with the case's expected values (or record the fault)."""
        expected = job.case.case.steps[job.step - 1].expect[job.rules]
        actual: dict[str, Any] | None = None
        diff: tuple[Mapping[str, Any], ...] = ()
        message = reply.message
        if reply.kind == "results":
            assert reply.results is not None
            actual = {oid: capped(reply.results.get(oid)) for oid in sorted(expected)}
            mismatches = compare(expected, reply.results)
            diff = tuple(
                {"object": m.object, "field": m.field, "expected": thaw(m.expected), "actual": capped(thaw(m.actual))}
                for m in mismatches
            )
            status = "fail" if mismatches else "pass"
            if mismatches:
                message = "; ".join(
                    f"{d['object']}.{d['field']}: expected {json_form(d['expected'])}, got {json_form(d['actual'])}"
                    for d in diff
                )
        elif reply.kind == "skipped":
            status = "skip"
        elif reply.kind == "timeout":
            status = "timeout"
        else:
            status = "error"
            if reply.kind == "errored":
                message = f"adapter reported an error: {message}"
        known = self.options.expectations.match(job.case.id, job.step, job.rules)
        verdict = status
        if known is not None and status in FAILING:
            verdict = "xfail"
        elif known is not None and status == "pass":
            verdict = "fixed"
        look = None
        if status in FAILING:
            answer = reply.results if status == "fail" else None
            look = where_to_look(job.case.case, str(job.case.path), job.rules, job.step, answer)
        return RunResult(
            seq=job.seq,
            case=job.case.id,
            title=job.case.case.title,
            path=job.case.case.path or "",
            features=job.case.case.features,
            rules=job.rules,
            step=job.step,
            steps=len(job.case.case.steps),
            status=status,
            verdict=verdict,
            message=capped_text(message),
            expected=expected,
            actual=actual,
            diff=diff,
            stderr=reply.stderr,
            duration_s=took,
            known_failure=known.reason if known else None,
            context=capped(reply.context),
            look=look,
        )

    def run(self, jobs: Sequence[Job]) -> list[RunResult]:
        """Every job, in order; the adapter is stopped at the end (killed at once on an interrupt)."""
        out: list[RunResult] = []
        self._began = time.monotonic()
        try:
            for job in jobs:
                result = self.run_job(job)
                out.append(result)
                if self.on_result is not None:
                    self.on_result(result)
        except BaseException:
            self.adapter.kill()
            raise
        finally:
            self.adapter.close()
        return out


def unused_expectations(expectations: Expectations, results: Sequence[RunResult]) -> list[KnownFailure]:
    """Entries that matched no run (a renamed case, a typo, a filter that left them out)."""
    return [e for e in expectations.entries if not any(e.matches(r.case, r.step, r.rules) for r in results)]


def exit_status(results: Sequence[RunResult], strict: bool) -> int:
    """0 when every run not expected to fail passed (or was skipped); ``strict`` also fails on fixed."""
    bad = set(FAILING) | ({"fixed"} if strict else set())
    return 1 if any(r.verdict in bad for r in results) else 0
