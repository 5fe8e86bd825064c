"""Fuzzing an engine against the reference: generated boards through the adapter, disagreements shrunk.

``mtg-layers conformance --generated N --seed S -- COMMAND…`` sends N generated boards
(``mtg_layers.boards.fuzz_boards.generated_boards``: only the features and rules versions the
adapter declares) through the same adapter protocol and runner as the corpus, judges each answer against
the reference resolver's, and shrinks the first disagreement of each kind with
hypothesis's shrinker, the engine in the loop, then drops whole pieces of it
(``shrink.shrink_greedy``), within a budget of engine calls. Each shrunk board is written as a
case file in the corpus format.

Determinism: the boards are a function of the seed, the generator settings (stored in
the report) and the hypothesis version, never of the hypothesis example database
(``database=None``) nor of the engine's answers: the generation pass never fails, so
hypothesis draws the same boards whatever the engine says. Shrinking replays the same
seed up to the disagreeing board (checking it is the same board) and shrinks from there; the
budget counts engine calls, not seconds, so the same board shrinks to the same board on a loaded
machine as on an idle one.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import hashlib
import json
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
from hypothesis.errors import HypothesisException

from reference.case import board_at
from reference.frozen import freeze
from reference.resolver import Resolution, TraceStep
from reference.versions import builtin_versions
from reference.vocabulary import subtype_fits

from ..analysis.normalisations import normalisation_notes
from ..analysis.terminal_render import summary
from ..boards.fuzz_boards import Generated, complete, generated_boards
from ..boards.fuzz_settings import GeneratorSettings, compared_fields
from ..checking.results import RESULT_FIELDS, normalise, object_result
from ..corpus import case_from_data
from ..corpus.serialise import to_yaml
from .protocol import SuiteCase
from .reports import FIELD_LAYER
from .runner import Job, Runner, RunResult
from .shrink import DEFAULT_SHRINK_CALLS, CallBudget, Candidates, shrink_greedy

GENERATED_PATH = Path("<generated>")
# The share of the shrink budget (engine calls) hypothesis's shrinker may use; the rest goes to dropping whole pieces.
HYPOTHESIS_SHARE = 0.7


class _Found(Exception):
    """Raised inside the hypothesis test to mark a board as disagreeing (shrinking keeps it so)."""


class _BudgetSpent(BaseException):
    """Raised inside the hypothesis test when the shrink budget is spent: not a failure, it ends the run."""


@contextlib.contextmanager
def _no_shrink_clock() -> Iterator[None]:
    """Hypothesis's shrinker stops after five minutes of wall-clock time (``MAX_SHRINKING_SECONDS``), which
    would make how far a board shrinks depend on the machine's load: while our shrink runs, the budget of
    engine calls is the only bound."""
    from hypothesis.internal.conjecture import engine

    saved = getattr(engine, "MAX_SHRINKING_SECONDS", None)
    if saved is None:
        yield
        return
    engine.MAX_SHRINKING_SECONDS = 10**9
    try:
        yield
    finally:
        engine.MAX_SHRINKING_SECONDS = saved


def hypothesis_settings(count: int, phases: Sequence[Phase]) -> settings:
    """Every setting that could change which boards are drawn is explicit (no profile, no database)."""
    return settings(
        database=None,
        max_examples=count,
        derandomize=False,
        deadline=None,
        phases=tuple(phases),
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
        verbosity=Verbosity.quiet,
        print_blob=False,
    )


def draw_boards(gen: GeneratorSettings, count: int, seed_value: int, visit: Callable[[Generated], None]) -> None:
    """Call ``visit`` on ``count`` boards drawn from ``seed_value`` (the same boards on every run)."""

    @seed(seed_value)
    @hypothesis_settings(count, [Phase.generate])
    @given(generated_boards(gen))
    def run(g: Generated) -> None:
        visit(g)

    # e.g. Unsatisfiable: the allowed features leave too few boards; the count of boards says so
    with contextlib.suppress(HypothesisException):
        run()


def boards_for_seed(gen: GeneratorSettings, count: int, seed_value: int) -> list[Generated]:
    """The boards a seed gives (for tests and for reproducing a report)."""
    out: list[Generated] = []
    draw_boards(gen, count, seed_value, out.append)
    return out


def signature(result: RunResult) -> tuple[str, ...]:
    """The kind of a disagreement: the fields that differ, or the fault."""
    if result.status == "fail":
        return tuple(sorted({str(d["field"]) for d in result.diff}))
    return (result.status,)


def shrink_order(firsts: Sequence[Disagreement], limit: int) -> list[Disagreement]:
    """The disagreements to shrink, distinct kinds first (issue 33).

    A kind is the set of layers its differing fields belong to (a fault is a kind of its own). A
    disagreement whose layers no earlier pick touches goes first, in board order; then the ones that
    add the most fields not yet picked. So three signatures of one root cause (subtypes; subtypes and
    types; colors and subtypes) do not take the places of a power/toughness or a controller
    disagreement. ``firsts`` holds the first disagreement of each signature, in board order.
    """
    picked: list[Disagreement] = []
    fields: set[str] = set()
    layers: set[str] = set()
    left = list(firsts)
    while left and len(picked) < limit:
        best = max(left, key=lambda d: _novelty(d, left, fields, layers))
        picked.append(best)
        fields |= set(best.signature)
        layers |= _layers(best.signature)
        left.remove(best)
    return picked


def _novelty(d: Disagreement, left: list[Disagreement], fields: set[str], layers: set[str]) -> tuple[bool, int, int]:
    """How new a disagreement's kind is: no layer picked yet; else fields not picked yet; then board order."""
    new_kind = not (_layers(d.signature) & layers)
    return (new_kind, 0 if new_kind else len(set(d.signature) - fields), -left.index(d))


def _layers(sig: Sequence[str]) -> set[str]:
    """The layers of a signature's fields (613.1: controller 2, types 4, colors 5, ...); a fault is its own."""
    return {FIELD_LAYER.get(f.split(".")[-1], f) for f in sig}


def board_size(data: Mapping[str, Any]) -> dict[str, int]:
    """Objects (all zones), resolved effects, static abilities and effect parts of a board."""
    effects = list(data.get("effects", ()))
    for s in data["steps"]:
        effects += s.get("add_effects", ())
    abilities = list(data.get("abilities", ()))
    return {
        "objects": len(data["objects"]),
        "effects": len(effects),
        "abilities": len(abilities),
        "parts": sum(len(e["parts"]) for e in effects) + sum(len(a.get("parts", ())) for a in abilities),
        "steps": len(data["steps"]),
    }


def _size_key(data: Mapping[str, Any]) -> tuple[int, int, int]:
    size = board_size(data)
    return (size["objects"] + size["effects"] + size["abilities"], size["parts"], len(json.dumps(data)))


def parting_step(data: Mapping[str, Any], rules: str, res: Resolution, result: RunResult) -> dict[str, Any] | None:
    """The first step of the reference's trace where the engine's answer and the reference's part.

    Per differing (object, field): the reference's value after its printed value and after
    each trace step touching the object. The engine's answer parts from the reference at the
    step right after the last point where the reference's value still equals the engine's
    (or, if it never does, at the first step changing the field; if no step changes it, at the
    first step applying to the object). The earliest such step over all differing values is
    reported; None when no step touches a differing object.
    """
    case = case_from_data(_with_empty_expect(data, rules), "<generated>")
    versions = builtin_versions()
    board = board_at(case, len(data["steps"]), versions[versions.canonical(rules)])  # 704.3 needs the version
    best: tuple[int, dict[str, Any]] | None = None
    for d in result.diff:
        oid, fld = str(d["object"]), str(d["field"])
        if oid not in board.objects or fld not in RESULT_FIELDS:
            continue
        engine = normalise(fld, d["actual"])
        value = normalise(fld, object_result(board, oid, board.objects[oid].printed)[fld])
        agree_at: int | None = 0 if value == engine else None
        changes: list[TraceStep] = []
        touching: list[TraceStep] = []
        for step in res.steps:
            if oid not in step.after:
                continue
            touching.append(step)
            new = normalise(fld, object_result(board, oid, step.after[oid])[fld])
            if new != value:
                changes.append(step)
            value = new
            if value == engine:
                agree_at = step.index
        after = [s for s in changes if agree_at is None or s.index > agree_at]
        # the reference never changes the field: the first effect it applies to the object (which the engine
        # presumably let change it)
        after = after or touching
        if not after:
            continue
        step = after[0]
        if best is None or step.index < best[0]:
            best = (
                step.index,
                {
                    "index": step.index,
                    "slot": step.slot,
                    "effect": step.effect,
                    "description": step.description,
                    "ops": list(step.ops),
                    "why": step.why.text,
                    "object": oid,
                    "field": fld,
                    "reference_after": normalise(fld, object_result(board, oid, step.after[oid])[fld]),
                    "engine_final": engine,
                    "engine_agreed_until": agree_at,
                },
            )
    return best[1] if best else None


def trace_lines(res: Resolution) -> list[str]:
    """The reference's explain trace as lines of text (for a case's notes)."""
    lines = []
    for s in res.steps:
        after = "; ".join(f"{oid}: {summary(ch)}" for oid, ch in s.after.items()) or "no object"
        lock = f" (objects fixed in {s.locked_from}, 613.6)" if s.locked_from else ""
        lines.append(
            f"reference trace {s.index}. [{s.slot}] {s.effect} ({', '.join(s.ops)}): {s.why.text}{lock} -> {after}"
        )
    for sk in res.skipped:
        lines.append(f"reference trace: [{sk.slot}] {sk.effect} did not apply: {sk.reason}")
    for e in res.edges:
        lines.append(f"reference trace: in {e.slot}, {e.dependent} depends on {e.on} ({e.test}): {e.detail}")
    if not lines:
        # 613.1: no continuous effect applies (a counter this version gives no keyword, 122.1b): printed values stand
        lines.append(f"reference trace: under {res.version} no continuous effect applies; the printed values stand")
    return lines


def _without_object(data: Mapping[str, Any], oid: str) -> dict[str, Any]:
    out = copy.deepcopy(dict(data))
    out["objects"] = [o for o in out["objects"] if o["id"] != oid]
    kept = []
    for e in out.get("effects", ()):
        e["applies_to"] = [t for t in e["applies_to"] if t != oid]
        if e["applies_to"]:
            kept.append(e)
    out["effects"] = kept
    return out


def smaller_boards(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Boards one simplification away (a step, effect, ability, object, part, counter, word less)."""
    out: list[dict[str, Any]] = []

    def fresh() -> dict[str, Any]:
        d = copy.deepcopy(dict(data))
        out.append(d)
        return d

    if len(data["steps"]) > 1:
        fresh()["steps"][1:] = []
    for k in range(len(data.get("effects", ()))):
        fresh()["effects"].pop(k)
    for k, a in enumerate(data.get("abilities", ())):
        d = fresh()
        d["abilities"].pop(k)
        for o in d["objects"]:
            o["abilities"] = [x for x in o.get("abilities", ()) if x != a["text"]]
    for o in data["objects"]:
        out.append(_without_object(data, o["id"]))
    for where in ("effects", "abilities"):
        for k, e in enumerate(data.get(where, ())):  # an entry or token ability has no parts (614.1c, 111.3)
            for j in range(len(e.get("parts", ())) if len(e.get("parts", ())) > 1 else 0):
                fresh()[where][k]["parts"].pop(j)
    for i, o in enumerate(data["objects"]):
        for j in range(len(o.get("counters", ()))):
            fresh()["objects"][i]["counters"].pop(j)
        if o.get("face_down"):
            fresh()["objects"][i].pop("face_down")
        for fld in ("abilities", "subtypes", "colors"):
            for j in range(len(o.get(fld, ()))):
                fresh()["objects"][i][fld].pop(j)
        for j in range(len(o.get("types", ())) if len(o.get("types", ())) > 1 else 0):  # a card has a card type
            smaller = fresh()["objects"][i]
            smaller["types"].pop(j)
            # 205.3d: a subtype goes with the last card type that allows it (the board stays one a card could be)
            kept = frozenset(smaller["types"])
            smaller["subtypes"] = [x for x in smaller.get("subtypes", ()) if subtype_fits(x, kept)]
    return out


def _with_empty_expect(data: Mapping[str, Any], rules: str) -> dict[str, Any]:
    out = copy.deepcopy(dict(data))
    for s in out["steps"]:
        s["expect"] = {rules: {}}
    return out


@dataclass
class Disagreement:
    """One disagreement: the board it was found on, and its shrunk form."""

    index: int
    board: Generated
    result: RunResult
    signature: tuple[str, ...]
    shrunk: bool = False
    minimal: Generated | None = None
    minimal_result: RunResult | None = None
    shrink_seconds: float = 0.0
    shrink_calls: int = 0
    budget_hit: bool = False
    reproduced: bool = True
    case_path: str | None = None
    case: dict[str, Any] | None = None
    parting: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The disagreement as a JSON report entry (report.schema.json#/$defs/disagreement)."""
        g = self.minimal or self.board
        r = self.minimal_result or self.result
        return {
            "board": self.index,
            "case": self.result.case,
            "rules": g.rules,
            "signature": list(self.signature),
            "status": r.status,
            "message": r.message,
            "shrunk": self.shrunk,
            "reproduced": self.reproduced,
            "shrink": {
                "seconds": round(self.shrink_seconds, 3),
                "engine_calls": self.shrink_calls,
                "budget_hit": self.budget_hit,
            },
            "original_size": board_size(self.board.data),
            "minimal_size": board_size(g.data),
            "minimal_board": _with_empty_expect(g.data, g.rules) | {"steps": g.data["steps"]},
            "features": list(g.features),
            "reference": {oid: g.answer.get(oid) for oid in sorted({str(d["object"]) for d in r.diff})}
            if r.diff
            else dict(g.answer),
            "engine": r.actual,
            "diff": [dict(d) for d in r.diff],
            "first_divergence": self.parting,
            "case_file": self.case_path,
        }


@dataclass
class FuzzOptions:
    """How many boards, from which seed, and how hard to shrink."""

    count: int
    seed: int
    generator: GeneratorSettings
    fields: tuple[str, ...] = ()  # the characteristics judged; () : those the allowed features ask for
    shrink_budget: int = DEFAULT_SHRINK_CALLS  # engine calls per disagreement
    max_shrink: int = 3
    findings: Path | None = None
    engine_name: str = "engine"

    @property
    def compared(self) -> tuple[str, ...]:
        """The characteristics an engine's answer is judged on."""
        return self.fields or compared_fields(self.generator)


@dataclass
class FuzzOutcome:
    """Everything a fuzzing run found and measured."""

    results: list[RunResult] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    boards: int = 0
    seconds: float = 0.0
    engine_seconds: float = 0.0
    tag_counts: dict[str, int] = field(default_factory=dict)

    def stats(self) -> dict[str, Any]:
        """Counts and shares for the report (dependencies and loops among them)."""
        n = self.boards
        share = {t: round(c / n, 4) if n else 0.0 for t, c in sorted(self.tag_counts.items())}
        shrunk = [d for d in self.disagreements if d.shrunk]
        return {
            "boards": n,
            "skipped": sum(1 for r in self.results if r.status == "skip"),
            "disagreements": len(self.disagreements),
            "kinds": len({d.signature for d in self.disagreements}),
            "shrunk": len(shrunk),
            "seconds": round(self.seconds, 3),
            "boards_per_second": round(n / self.seconds, 2) if self.seconds else None,
            "engine_seconds": round(self.engine_seconds, 3),
            "share": {
                "dependency": share.get("dependency", 0.0),
                "dependency-loop": share.get("dependency-loop", 0.0),
            },
            "feature_share": share,
            "shrink_seconds": [round(d.shrink_seconds, 3) for d in shrunk],
            "minimal_sizes": [board_size((d.minimal or d.board).data) for d in shrunk],
        }


class Fuzzer:
    """Runs generated boards through an adapter (via a Runner) and shrinks what disagrees."""

    def __init__(
        self,
        runner: Runner,
        options: FuzzOptions,
        on_result: Callable[[RunResult], None] | None = None,
        on_progress: Callable[[str], None] | None = None,
    ) -> None:
        self.runner = runner
        self.options = options
        self.on_result = on_result
        self.on_progress = on_progress
        self._seq = 0

    def case_id(self, index: int) -> str:
        """The id a generated board runs under (seed and board number)."""
        return f"generated-{self.options.seed}-{index}"

    def job(self, g: Generated, case_id: str) -> Job:
        """A runner job for a generated board: its expectations are the reference's answer."""
        expect = freeze({g.rules: {oid: {f: r[f] for f in self.options.compared} for oid, r in g.answer.items()}})
        last = len(g.case.steps)
        steps = g.case.steps[:-1] + (dataclasses.replace(g.case.steps[-1], expect=expect),)
        case = dataclasses.replace(g.case, id=case_id, steps=steps)
        data = {**g.data, "id": case_id}
        self._seq += 1
        return Job(self._seq, SuiteCase(case, data, GENERATED_PATH, ""), g.rules, last)

    def run_board(self, g: Generated, case_id: str) -> RunResult:
        """One board through the adapter, judged against the reference."""
        return self.runner.run_job(self.job(g, case_id))

    def run(self) -> FuzzOutcome:
        """Generate, run, then shrink the first disagreement of each kind."""
        out = FuzzOutcome()
        began = time.perf_counter()
        first_of: dict[tuple[str, ...], Disagreement] = {}

        def visit(g: Generated) -> None:
            out.boards += 1
            for t in g.features:
                out.tag_counts[t] = out.tag_counts.get(t, 0) + 1
            result = self.run_board(g, self.case_id(out.boards))
            out.engine_seconds += result.duration_s
            out.results.append(result)
            if self.on_result is not None:
                self.on_result(result)
            if result.status in ("fail", "error", "timeout"):
                d = Disagreement(out.boards, g, result, signature(result))
                out.disagreements.append(d)
                first_of.setdefault(d.signature, d)

        try:
            draw_boards(self.options.generator, self.options.count, self.options.seed, visit)
        finally:
            self.runner.adapter.close()
        out.seconds = time.perf_counter() - began
        # a timeout is shrunk too (each try may cost the adapter's whole timeout; the budget bounds it)
        to_shrink = shrink_order(list(first_of.values()), self.options.max_shrink)
        try:
            for d in to_shrink:
                if self.on_progress is not None:
                    self.on_progress(f"shrinking board {d.index} ({', '.join(d.signature)})")
                self.shrink(d)
                self.finish(d)
            for d in out.disagreements:  # every disagreeing board is saved, shrunk or not (issue 33)
                if d not in to_shrink:
                    self.finish(d)
        finally:
            self.runner.adapter.close()
        return out

    def shrink(self, d: Disagreement) -> None:
        """Shrink one disagreement with hypothesis's shrinker, the engine in the loop, then drop whole pieces;
        within the budget of engine calls."""
        target = d.board.key()
        armed = False
        began = time.perf_counter()
        budget = CallBudget(self.options.shrink_budget)
        best: tuple[tuple[int, int, int], Generated, RunResult] | None = None

        def keep(g: Generated, r: RunResult) -> None:
            nonlocal best
            k = _size_key(g.data)
            if best is None or k <= best[0]:
                best = (k, g, r)

        def disagrees(g: Generated) -> bool:
            nonlocal armed
            if not armed:
                if g.key() != target:
                    return False
                armed = True
                keep(g, d.result)
                return True
            if not budget.take(upto=int(HYPOTHESIS_SHARE * budget.limit)):
                raise _BudgetSpent
            r = self.run_board(g, f"{d.result.case}-shrink")
            if r.status in ("fail", "error", "timeout") and signature(r) == d.signature:
                keep(g, r)
                return True
            return False

        def test(g: Generated) -> None:
            # one raise statement: hypothesis tells failures apart by where they are raised
            if disagrees(g):
                raise _Found

        @seed(self.options.seed)
        @hypothesis_settings(self.options.count, [Phase.generate, Phase.shrink])
        @given(generated_boards(self.options.generator))
        def run(g: Generated) -> None:
            test(g)

        # _Found (hypothesis's report of the smallest board), or the budget spent
        with contextlib.suppress(Exception, _BudgetSpent), _no_shrink_clock():
            run()
        d.reproduced = armed
        if best is not None:
            d.shrunk = True
            d.minimal, d.minimal_result = best[1], best[2]
            self.reduce(d, smaller_boards, budget)
        d.shrink_calls, d.budget_hit = budget.used, budget.hit
        d.shrink_seconds = time.perf_counter() - began if armed else 0.0

    def reduce(self, d: Disagreement, candidates: Candidates, budget: CallBudget) -> None:
        """Drop whole pieces of the board (the candidates, greedily, to a fixed point) while it still disagrees
        the same way, within the budget (``shrink.shrink_greedy``)."""
        start, start_result = d.minimal or d.board, d.minimal_result or d.result
        rules = start.rules

        def still_disagrees(g: Generated) -> RunResult | None:
            r = self.run_board(g, f"{d.result.case}-shrink")
            return r if r.status in ("fail", "error") and signature(r) == d.signature else None

        d.minimal, d.minimal_result = shrink_greedy(
            start,
            start_result,
            candidates,
            lambda data: complete(dict(data), rules, self.options.generator),
            still_disagrees,
            budget,
        )
        d.shrink_calls, d.budget_hit = budget.used, budget.hit

    def finish(self, d: Disagreement) -> None:
        """Where the answers part, and the case file for the shrunk board."""
        g = d.minimal or d.board
        r = d.minimal_result or d.result
        d.parting = parting_step(g.data, g.rules, g.resolution, r) if r.status == "fail" else None
        d.case = finding_case(g, r, d, self.options)
        case_from_data(d.case, f"<shrunk board {d.index}>")  # the case file loads (schema included)
        if self.options.findings is not None:
            self.options.findings.mkdir(parents=True, exist_ok=True)
            path = self.options.findings / f"{d.case['id']}.yaml"
            path.write_text(to_yaml(d.case), encoding="utf-8")
            d.case_path = str(path)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "engine"


def _normalisations(g: Generated) -> list[str]:
    """The rules behind the reference's normalisations of this board (205.3d, 208.3), for the notes."""
    case = case_from_data(_with_empty_expect(g.data, g.rules), "<generated>", schema_check=False)
    versions = builtin_versions()
    board = board_at(case, len(g.data["steps"]), versions[versions.canonical(g.rules)])
    return normalisation_notes(board, g.resolution)


def finding_case(g: Generated, r: RunResult, d: Disagreement, options: FuzzOptions) -> dict[str, Any]:
    """A ready-to-review case file: the board, the reference's answer as ``expect``, the engine's in notes."""
    data = copy.deepcopy(dict(g.data))
    pairs = sorted({(str(x["object"]), str(x["field"])) for x in r.diff})
    if pairs:
        expect: dict[str, dict[str, Any]] = {}
        for oid, fld in pairs:
            if fld == "on_battlefield":
                expect.setdefault(oid, {})["on_battlefield"] = oid in g.answer
            elif oid in g.answer:
                expect.setdefault(oid, {})[fld] = g.answer[oid][fld]
    else:
        expect = {oid: {f: a[f] for f in options.compared} for oid, a in g.answer.items()}
    digest = hashlib.sha256(json.dumps([g.rules, data], sort_keys=True).encode()).hexdigest()[:10]
    engine = options.engine_name
    what = ", ".join(d.signature)
    how = "shrunk to this board" if d.shrunk else "not shrunk (other kinds of disagreement were shrunk first)"
    notes = [
        f"Generated by `mtg-layers conformance --generated {options.count} --seed {options.seed}` "
        f"(hypothesis {hypothesis.__version__}): board {d.index}, {how}; {engine} disagreed "
        f"with the reference resolver on {what} under {g.rules}.",
        "The expected values are the reference resolver's answer, not a published source: "
        "review the trace below against the rules before adding this case to the corpus.",
    ]
    if r.status == "fail":
        for x in r.diff:
            notes.append(
                f"{engine} answered {x['object']}.{x['field']} = {json.dumps(x['actual'])}; "
                f"the reference answers {json.dumps(x['expected'])}."
            )
    else:
        notes.append(f"{engine} did not answer: {r.message}")
    if d.parting:
        p = d.parting
        notes.append(
            f"Where they part: reference trace step {p['index']} ([{p['slot']}] {p['effect']}, {', '.join(p['ops'])}) "
            f"sets {p['object']}.{p['field']} to {json.dumps(p['reference_after'])} ({p['why']})."
        )
    notes += _normalisations(g)
    notes += trace_lines(g.resolution)
    last = len(data["steps"])
    for n, s in enumerate(data["steps"], start=1):
        s["expect"] = {g.rules: expect if n == last else {}}
    return {
        "id": f"fuzz-{_slug(engine)}-{digest}",
        "title": f"Generated board: {engine} disagrees with the reference on {what} ({g.rules})",
        "status": "derived",
        "versions": [g.rules],
        "features": list(g.features),
        "sources": [
            {
                "kind": "derived",
                "ref": f"mtg-layers conformance --generated {options.count} --seed {options.seed} (board {d.index})",
                "passage": "expected values: the reference resolver's answer for the shrunk board",
            }
        ],
        "notes": notes,
        "abilities": data.get("abilities", []),
        "objects": data["objects"],
        "effects": data.get("effects", []),
        "steps": data["steps"],
    }
