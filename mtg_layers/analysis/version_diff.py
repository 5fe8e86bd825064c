"""Diffing rules versions over the corpus (an edge): which cases and steps change answer, and where.

Every case is resolved at every step under both versions, whatever versions the case
declares: a rule change can be observable on a board nobody wrote an answer for yet.
For each step whose results differ, the differing values per object, and the first
step of the two traces (reference.resolver.Resolution.steps) where they part ways.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from reference.case import Case
from reference.choices import Outcomes
from reference.double_faced import DoubleFacedError
from reference.frozen import thaw
from reference.history import LAYER_ENTRIES, flag_changes
from reference.model import Board
from reference.resolver import Resolution, TraceStep
from reference.sba import StateBasedActionError
from reference.tokens import TokenError
from reference.versions import FLAGS, RulesVersion

from ..checking.results import RESULT_FIELDS, board_result
from ..checking.verify import outcomes_at
from ..corpus import load_corpus
from .terminal_render import summary

# The characteristics a result shows (checking.results.RESULT_FIELDS less the game state): the fields a trace step's
# values are compared on, never the bookkeeping inside Characteristics (granted, intrinsic, text changes).
SHOWN_FIELDS = tuple(f for f in RESULT_FIELDS if f not in ("counters", "owner", "zone"))


@dataclass(frozen=True)
class ValueDiff:
    """One characteristic of one object that differs."""

    object: str
    field: str
    left: Any
    right: Any


@dataclass(frozen=True)
class Divergence:
    """The first trace step (1-based position) where the two resolutions differ; None: a trace ended."""

    index: int
    left: TraceStep | None
    right: TraceStep | None

    @property
    def detail(self) -> str:
        """What differs at this step: the effect applied, or (same effect) the values it leaves."""
        a, b = self.left, self.right
        if a is None or b is None:
            return "one trace ends here"
        if a.effect != b.effect:
            return f"different effects applied: {a.effect} / {b.effect}"
        fields = []
        for oid in sorted(set(a.after) | set(b.after)):
            ca, cb = a.after.get(oid), b.after.get(oid)
            if ca is None or cb is None:
                fields.append(f"{oid} (affected on one side only)")
                continue
            fields += [f"{oid}.{f}" for f in SHOWN_FIELDS if getattr(ca, f) != getattr(cb, f)]
        if a.ops != b.ops:
            fields.append(f"operations {', '.join(a.ops)} / {', '.join(b.ops)}")
        return "same effect, different result: " + (", ".join(fields) or "affected objects")


@dataclass(frozen=True)
class StepDiff:
    """A case step whose outcome differs between the two versions (or that failed to resolve)."""

    case: str
    title: str
    step: int
    description: str
    declared: tuple[str, ...]
    values: tuple[ValueDiff, ...] = ()
    divergence: Divergence | None = None
    error: str | None = None
    # 613.7m/613.7n: on each side, the open tie when the answer depends on it (several outcomes)
    choice: tuple[str | None, str | None] = (None, None)
    # issue 29: what of the rules is behind the change (a flag or the slots, with its rules-history entries)
    behind: tuple[str, ...] = ()


@dataclass
class CorpusDiff:
    """The diff of the whole corpus between two versions."""

    left: str
    right: str
    cases: int = 0
    steps: int = 0
    diffs: list[StepDiff] = field(default_factory=list)
    # issue 33: what differs between the two profiles (each flag, or the slots), with its rules-history entries
    aspects: tuple[str, ...] = ()

    @property
    def changes_nothing(self) -> bool:
        """True when the two profiles state the same rules: no flag, layer, sublayer or classification differs."""
        return not self.aspects

    def verdict(self) -> str:
        """One sentence on the whole diff: how many steps differ, and what that says about the change."""
        counted = (
            f"{len(self.diffs)} of {self.steps} steps ({self.cases} cases) differ between {self.left} and {self.right}"
        )
        if self.changes_nothing:
            return (
                counted + ": the two profiles state the same rules (no flag, layer or classification differs), so "
                "the change changes nothing"
            )
        if not self.diffs:
            return counted + f": the profiles differ in {'; '.join(self.aspects)}, but no corpus step shows it"
        return counted


def _key(step: TraceStep) -> tuple[Any, ...]:
    return (step.effect, step.ops, step.affected, tuple(sorted(step.after.items())))


def first_divergence(
    left: Resolution, right: Resolution, changed: set[tuple[str, str]] | None = None
) -> Divergence | None:
    """The first position where the traces apply a different effect, to other objects, or with another result.

    With ``changed`` (the (object, field) pairs whose outcome differs), only the trace steps that change one of
    those values are compared, so a difference elsewhere in the traces (an effect on another object, an order
    that changes nothing the step shows) is not blamed for the change (issue 33); the position is then the
    left trace's step number (the right one's when the left trace has ended).
    """
    a_steps, b_steps = _touching(left, changed), _touching(right, changed)
    for i in range(max(len(a_steps), len(b_steps))):
        a = a_steps[i] if i < len(a_steps) else None
        b = b_steps[i] if i < len(b_steps) else None
        if a is None or b is None or _key(a) != _key(b):
            step = a if a is not None else b
            return Divergence(step.index if changed is not None and step is not None else i + 1, a, b)
    return None


def _touching(res: Resolution, changed: set[tuple[str, str]] | None) -> list[TraceStep]:
    """The trace steps that change one of the ``changed`` values (all steps without ``changed``)."""
    if changed is None:
        return list(res.steps)
    fields = {f for _, f in changed if f in SHOWN_FIELDS}
    objects = {o for o, _ in changed}
    if not fields:
        return [s for s in res.steps if objects & set(s.after)]
    out: list[TraceStep] = []
    last: dict[str, Any] = {}
    for s in res.steps:
        moved = False
        for oid in objects & set(s.after):
            now = {f: getattr(s.after[oid], f) for f in fields}
            if last.get(oid) != now:
                moved = True
            last[oid] = now
        if moved:
            out.append(s)
    return out


def value_diffs(left: Mapping[str, Mapping[str, Any]], right: Mapping[str, Mapping[str, Any]]) -> list[ValueDiff]:
    """Every characteristic that differs, object by object (an object on one side only: on_battlefield)."""
    out = []
    for oid in sorted(set(left) | set(right)):
        a, b = left.get(oid), right.get(oid)
        if a is None or b is None:
            out.append(ValueDiff(oid, "on_battlefield", a is not None, b is not None))
            continue
        out.extend(ValueDiff(oid, f, a.get(f), b.get(f)) for f in RESULT_FIELDS if a.get(f) != b.get(f))
    return out


def diff_corpus(
    corpus_dir: Path,
    left: RulesVersion,
    right: RulesVersion,
    ids: Sequence[str] = (),
    cases: Sequence[Case] | None = None,
) -> CorpusDiff:
    """Resolve every case step under both versions and keep the steps that differ (``cases``: the corpus of
    ``corpus_dir`` already loaded, or None to load it)."""
    (out,) = diff_corpora(corpus_dir, [(left, right)], ids, cases)
    return out


def diff_corpora(
    corpus_dir: Path,
    pairs: Sequence[tuple[RulesVersion, RulesVersion]],
    ids: Sequence[str] = (),
    cases: Sequence[Case] | None = None,
) -> list[CorpusDiff]:
    """``diff_corpus`` of each pair of versions, in order, over one load of the corpus: a case step is resolved once
    under each version whatever the number of pairs the version is in (consecutive versions share one)."""
    outs = [CorpusDiff(left.id, right.id) for left, right in pairs]
    for out, (left, right) in zip(outs, pairs, strict=True):
        out.aspects = tuple(_aspect_name(a, left, right) for a, _ in _aspects(left, right))
    for case in load_corpus(corpus_dir) if cases is None else cases:
        if ids and case.id not in ids:
            continue
        for out in outs:
            out.cases += 1
        for n, step in enumerate(case.steps, start=1):
            sides = _Sides(case, n)
            for out, (left, right) in zip(outs, pairs, strict=True):
                out.steps += 1
                found = _step_diff(sides, case, n, step.description, left, right, out.aspects)
                if found is not None:
                    out.diffs.append(found)
    return outs


class _Sides:
    """A case step's outcomes under each version asked, each found once (or the error it raised), and their results."""

    def __init__(self, case: Case, n: int) -> None:
        self.case, self.n = case, n
        # by the version's identity; the version is kept with its entry, so its id stays its own
        self.found: dict[int, tuple[RulesVersion, tuple[Outcomes, tuple[Board, ...]] | Exception]] = {}
        self.results: dict[int, list[dict[str, Any]]] = {}

    def outcomes(self, version: RulesVersion) -> tuple[Outcomes, tuple[Board, ...]]:
        """``outcomes_at(case, n, version)``; the error it raised, raised again at each ask."""
        if id(version) not in self.found:
            try:
                self.found[id(version)] = (version, outcomes_at(self.case, self.n, version))
            except Exception as exc:
                self.found[id(version)] = (version, exc)
        kept = self.found[id(version)][1]
        if isinstance(kept, Exception):
            raise kept
        return kept

    def result(self, version: RulesVersion) -> list[dict[str, Any]]:
        """Each outcome's result (``board_result``) under a version whose outcomes were found."""
        if id(version) not in self.results:
            found, boards = self.outcomes(version)
            self.results[id(version)] = [board_result(b, o.final) for b, o in zip(boards, found.outcomes, strict=True)]
        return self.results[id(version)]


def _step_diff(
    sides: _Sides,
    case: Case,
    n: int,
    description: str,
    left: RulesVersion,
    right: RulesVersion,
    aspects: tuple[str, ...],
) -> StepDiff | None:
    """The step's diff between the two versions, or None when their outcomes are the same."""
    try:
        # 704.3: state-based actions read characteristics, so each version has its own board
        out_l, _ = sides.outcomes(left)
        out_r, _ = sides.outcomes(right)
    except (StateBasedActionError, DoubleFacedError, TokenError):
        if left.id in case.versions and right.id in case.versions:
            raise
        # 704.5j, 202.3b, 707.8a: a version the case does not declare may state no legend rule, no
        # back face's mana value, no rule for double-faced token copies or token names (111.4):
        # nothing to compare
        return None
    except Exception as exc:  # a version that cannot resolve a board is a finding too
        error = f"{type(exc).__name__}: {exc}"
        return StepDiff(case.id, case.title, n, description, case.versions, error=error)
    results_l, results_r = sides.result(left), sides.result(right)
    if _same_set(results_l, results_r):
        return None
    res_l, res_r = out_l.outcomes[0].resolution, out_r.outcomes[0].resolution
    values = value_diffs(results_l[0], results_r[0])
    if len(results_l) > 1 or len(results_r) > 1:
        values = _choice_values(results_l, results_r) or values
    choice = (_tie_text(out_l), _tie_text(out_r))
    divergence = first_divergence(res_l, res_r, {(v.object, v.field) for v in values})
    behind = _behind(case, n, left, right, results_l) or _together(aspects)
    return StepDiff(case.id, case.title, n, description, case.versions, tuple(values), divergence, None, choice, behind)


def _aspects(left: RulesVersion, right: RulesVersion) -> list[tuple[str, dict[str, Any]]]:
    """What differs between two versions: each flag, and the slots with their classification (613.1-613.4)."""
    out = [(f, {f: getattr(right, f)}) for f in FLAGS if getattr(left, f) != getattr(right, f)]
    if (left.slots, left.classification) != (right.slots, right.classification):
        out.append(("slots", {"slots": right.slots, "classification": right.classification}))
    return out


def _entries(aspect: str, left: RulesVersion, right: RulesVersion) -> list[str]:
    """The rules-history entries behind an aspect between the two versions' days."""
    days = sorted(d for d in (left.in_force_from, right.in_force_from) if d)
    if len(days) < 2:
        return []
    if aspect == "slots":
        return [e for day, e in LAYER_ENTRIES.items() if days[0] < day <= days[1]]
    return [f"{c.entry} ({c.day})" for c in flag_changes(aspect) if days[0] < c.day <= days[1]]


def _behind(case: Any, n: int, left: RulesVersion, right: RulesVersion, results_l: list[Any]) -> tuple[str, ...]:
    """Each aspect that alone moves this step's answer away from the left version's, with its entries."""
    out = []
    for aspect, change in _aspects(left, right):
        try:
            found, boards = outcomes_at(case, n, replace(left, **change))
            results = [board_result(b, o.final) for b, o in zip(boards, found.outcomes, strict=True)]
        except Exception:
            continue
        if not _same_set(results, results_l):
            out.append(_aspect_name(aspect, left, right))
    return tuple(out)


def _aspect_name(aspect: str, left: RulesVersion, right: RulesVersion) -> str:
    """A flag (with its two values) or the slots, and the rules-history entries behind it."""
    entries = _entries(aspect, left, right)
    if aspect == "slots":
        name = "layers and sublayers (613.1-613.4)"
    else:
        name = f"flag {aspect} ({json.dumps(getattr(left, aspect))} -> {json.dumps(getattr(right, aspect))})"
    return name + (f": {', '.join(entries)}" if entries else "")


def _together(aspects: Sequence[str]) -> tuple[str, ...]:
    """No single aspect moves the step alone: all of them together do."""
    return (f"these together (no one of them alone): {'; '.join(aspects)}",) if len(aspects) > 1 else tuple(aspects)


def _same_set(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    return all(x in b for x in a) and all(y in a for y in b)


def _tie_text(found: Outcomes) -> str | None:
    if not found.depends_on_choice:
        return None
    return "; ".join(t.describe() for t in (found.mattering or found.ties))


def _choice_values(left: list[dict[str, Any]], right: list[dict[str, Any]]) -> list[ValueDiff]:
    """Each characteristic whose set of possible values differs (several outcomes on a side)."""
    out = []
    objects = sorted({o for r in left + right for o in r})
    for oid in objects:
        for f in RESULT_FIELDS:
            lv = [r[oid].get(f) for r in left if oid in r]
            rv = [r[oid].get(f) for r in right if oid in r]
            ls = [v for i, v in enumerate(lv) if v not in lv[:i]]
            rs = [v for i, v in enumerate(rv) if v not in rv[:i]]
            if not (all(x in rs for x in ls) and all(y in ls for y in rs)):
                out.append(
                    ValueDiff(oid, f, ls[0] if len(ls) == 1 else OneOf(ls), rs[0] if len(rs) == 1 else OneOf(rs))
                )
    return out


class OneOf(list[Any]):
    """Several possible values: the answer depends on a choice (613.7m) or an open order."""


def _step_dict(step: TraceStep | None) -> dict[str, Any] | None:
    if step is None:
        return None
    return {
        "slot": step.slot,
        "effect": step.effect,
        "description": step.description,
        "ops": list(step.ops),
        "why": step.why.text,
        "after": {oid: summary(ch) for oid, ch in step.after.items()},
    }


def as_data(result: CorpusDiff) -> dict[str, Any]:
    """The diff as JSON-ready data."""
    return {
        "left": result.left,
        "right": result.right,
        "cases": result.cases,
        "steps": result.steps,
        "differing_steps": len(result.diffs),
        "profiles_differ_in": list(result.aspects),
        "changes_nothing": result.changes_nothing,
        "verdict": result.verdict(),
        "diffs": [
            {
                "case": d.case,
                "title": d.title,
                "step": d.step,
                "description": d.description,
                "declared_versions": list(d.declared),
                "error": d.error,
                "behind": list(d.behind),
                "depends_on_choice": {result.left: d.choice[0], result.right: d.choice[1]},
                "values": [
                    {"object": v.object, "field": v.field, result.left: thaw(v.left), result.right: thaw(v.right)}
                    for v in d.values
                ],
                "first_divergence": None
                if d.divergence is None
                else {
                    "index": d.divergence.index,
                    "detail": d.divergence.detail,
                    result.left: _step_dict(d.divergence.left),
                    result.right: _step_dict(d.divergence.right),
                },
            }
            for d in result.diffs
        ],
    }


def diff_json(result: CorpusDiff) -> str:
    """The diff as JSON text."""
    return json.dumps(as_data(result), indent=2, ensure_ascii=False)


def _fmt(value: Any) -> str:
    if isinstance(value, OneOf):
        return "one of: " + " | ".join(_fmt(v) for v in value)
    value = thaw(value)
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "(none)"
    if isinstance(value, dict):
        return ", ".join(f"{k}×{v}" for k, v in value.items()) or "(none)"
    return "null" if value is None else str(value)


def _trace_side(step: TraceStep | None) -> str:
    if step is None:
        return "(trace ended)"
    return f"{step.slot}: {step.description} [{step.effect}]"


def divergence_text(d: Divergence | None, left: str, right: str) -> str:
    """One line saying where the traces part: trace step N, what each version applies there."""
    if d is None:
        return "(same trace)"
    return f"trace step {d.index}: {left} {_trace_side(d.left)}; {right} {_trace_side(d.right)} ({d.detail})"


def _where(d: StepDiff, left: str, right: str) -> str:
    """Where the two versions part: the open tie on a side whose answer depends on it, else the trace."""
    sides = [f"{name}: {text}" for name, text in zip((left, right), d.choice, strict=True) if text]
    if sides:
        return "; ".join(sides)
    return divergence_text(d.divergence, left, right)


def print_diff(out: Console, result: CorpusDiff) -> None:
    """A table for people: one row per differing value."""
    table = Table(title=f"rules version diff: {result.left} vs {result.right}", show_lines=True)
    for col in ("case", "step", "object.field", result.left, result.right, "first divergence"):
        table.add_column(col, overflow="fold")
    for d in result.diffs:
        where = f"{d.step}: {d.description}"
        if d.error:
            table.add_row(d.case, where, "(error)", d.error, "", "")
            continue
        first = True
        for v in d.values:
            div = _where(d, result.left, result.right) if first else ""
            if first and d.behind:
                div += "\nbehind it: " + "; ".join(d.behind)
            table.add_row(
                d.case if first else "",
                where if first else "",
                f"{v.object}.{v.field}",
                _fmt(v.left),
                _fmt(v.right),
                div,
            )
            first = False
    out.print(table)
    out.print(result.verdict(), markup=False, highlight=False)
    if result.aspects and result.diffs:
        out.print(f"the profiles differ in: {'; '.join(result.aspects)}", markup=False, highlight=False)


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def diff_markdown(result: CorpusDiff) -> str:
    """The diff as Markdown (the documentation site includes it)."""
    lines = [
        f"# Rules version diff: `{result.left}` vs `{result.right}`",
        "",
        f"{len(result.diffs)} of {result.steps} steps ({result.cases} cases) have a different outcome.",
        "",
    ]
    if result.changes_nothing or not result.diffs:
        lines += [result.verdict() + ".", ""]
    elif result.aspects:
        lines += [f"The profiles differ in: {_md('; '.join(result.aspects))}.", ""]
    if result.diffs:
        lines += [
            f"| case | step | object.field | `{result.left}` | `{result.right}` | first divergence |",
            "|---|---|---|---|---|---|",
        ]
    for d in result.diffs:
        step = _md(f"{d.step}: {d.description}")
        if d.error:
            lines.append(f"| `{d.case}` | {step} | (error) | {_md(d.error)} | | |")
            continue
        div = _md(_where(d, result.left, result.right))
        if d.behind:
            div += "<br>behind it: " + _md("; ".join(d.behind))
        for i, v in enumerate(d.values):
            lines.append(
                f"| {'`' + d.case + '`' if i == 0 else ''} | {step if i == 0 else ''} | {v.object}.{v.field} | "
                f"{_md(_fmt(v.left))} | {_md(_fmt(v.right))} | {div if i == 0 else ''} |"
            )
    return "\n".join(lines) + "\n"
