"""Where to look at a failed run (issue 33): the ``explain`` command, the case's page, and the first step
of the reference's trace where its values part from the engine's answer.

Every report (table, Markdown, JUnit, JSON) shows these three for every run that did not pass, so
that a failure points at its explanation instead of stopping at "expected X, got Y".
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reference.case import Case, board_at
from reference.model import Board, Characteristics
from reference.resolver import Resolution, initial_state, resolve
from reference.versions import get_version

from ..checking.results import SET_FIELDS, compare, normalise, object_result
from ..paths import CASES_DIR
from .protocol import entry_ordered

# The docs site (mkdocs.yml's site_url, overridden the same way).
SITE_URL = os.environ.get("MTG_LAYERS_SITE_URL", "https://mtg-layers.github.io/mtg-layers/")


def explain_command(case_id: str, path: str, rules: str, step: int) -> str:
    """The command that prints the reference's trace for this run (a file outside the bundled corpus by path)."""
    ref = case_id if _bundled(path) else path
    return f"mtg-layers explain {shlex.quote(ref)} --rules {shlex.quote(rules)} --step {step}"


def case_page(case_id: str, path: str, site: str = SITE_URL) -> str | None:
    """The case's page on the docs site (only the bundled corpus's cases have one)."""
    if not _bundled(path):
        return None
    return f"{site.rstrip('/')}/cases/{case_id}/"


def _bundled(path: str) -> bool:
    try:
        return Path(path).resolve().is_relative_to(CASES_DIR.resolve())
    except (OSError, ValueError):
        return False


def _field(field: str) -> str:
    """The characteristic behind a compared field (``has.abilities`` is about ``abilities``)."""
    return field.split(".", 1)[1] if field.startswith(("has.", "lacks.")) else field


def _value(board: Board, oid: str, ch: Characteristics, field: str) -> Any:
    if field == "on_battlefield":
        return board.objects[oid].zone == "battlefield"
    return normalise(field, object_result(board, oid, ch).get(field))


def parting(
    board: Board, resolution: Resolution, version_id: str, mismatches: Mapping[tuple[str, str], Any]
) -> dict[str, Any] | None:
    """The first trace step where the reference's value of a mismatched field leaves the engine's answer.

    For each mismatched characteristic, its values along the trace (printed, then after each step that
    changes it): the step after the last point where the reference held the engine's value, or, when it
    never held it, the first step that changed it; when no step changes it, the first step applying to
    the object (where the engine presumably let it change). The earliest of these over the mismatched
    fields; with no step at all applying to the objects, "before the first step", index 0.
    """
    state = initial_state(board, get_version(version_id))
    best: tuple[int, list[str]] | None = None
    for (oid, field), engine in sorted(mismatches.items()):
        if oid not in state:
            continue
        name = _field(field)
        engine_value = normalise(name, engine) if name in SET_FIELDS or name == "counters" else engine
        current = _value(board, oid, state[oid], name)
        history: list[tuple[int, Any]] = [(0, current)]
        for step in resolution.steps:
            ch = step.after.get(oid)
            if ch is None:
                continue
            value = _value(board, oid, ch, name)
            if value != history[-1][1]:
                history.append((step.index, value))
        held = [k for k, (_, v) in enumerate(history) if v == engine_value]
        if held and held[-1] + 1 < len(history):
            index = history[held[-1] + 1][0]
        elif not held and len(history) > 1:
            index = history[1][0]
        else:  # the reference never changes the field: the first step applying to the object, if any
            index = next((s.index for s in resolution.steps if oid in s.after), 0)
        label = f"{oid}.{field}"
        if best is None or index < best[0]:
            best = (index, [label])
        elif index == best[0]:
            best[1].append(label)
    if best is None:
        return None
    index, fields = best
    applied = next((s for s in resolution.steps if s.index == index), None)
    if applied is None:
        text = (
            f"before the first trace step: no effect of the reference's trace applies to these objects, their "
            f"printed values stand: {', '.join(fields)}"
        )
        return {"index": 0, "fields": fields, "text": text}
    return {
        "index": index,
        "slot": applied.slot,
        "layer": applied.layer,
        "effect": applied.effect,
        "description": applied.description,
        "fields": fields,
        "text": f"trace step {index} (layer {applied.slot}: {applied.description}): {', '.join(fields)}",
    }


def where_to_look(case: Case, path: str, rules: str, step: int, actual: Mapping[str, Any] | None) -> dict[str, Any]:
    """The three pointers of a failed run: explain command, case page, and (with an answer) the parting step."""
    if path.startswith("<"):  # a generated board: no file yet; the fuzzer saves it and works out where they part
        saved = "(FILE: this board's case file in --findings)"
        return {
            "explain": f"mtg-layers explain FILE --rules {shlex.quote(rules)} {saved}",
            "page": None,
            "parts_at": None,
        }
    out: dict[str, Any] = {
        "explain": explain_command(case.id, path, rules, step),
        "page": case_page(case.id, path),
        "parts_at": None,
    }
    if actual is None:
        return out
    try:
        version = get_version(rules)
        board = board_at(entry_ordered(case, step, version), step, version)  # the board the runner sent (613.7m)
        resolution = resolve(board, version)
        expected = case.steps[step - 1].expect[rules]
        mismatches = {(m.object, m.field): m.actual for m in compare(expected, actual)}
        out["parts_at"] = parting(board, resolution, version.id, mismatches)
    except Exception as exc:  # a pointer is a help, never a reason for a report to fail
        out["parts_at"] = {"index": None, "fields": [], "text": f"not found: {type(exc).__name__}: {exc}"}
    return out


def pointer_lines(look: Mapping[str, Any] | None) -> list[str]:
    """The pointers as lines of text (tables, JUnit)."""
    if not look:
        return []
    lines = [f"explain: {look['explain']}"]
    if look.get("page"):
        lines.append(f"case page: {look['page']}")
    if look.get("parts_at"):
        lines.append(f"parts ways at: {look['parts_at']['text']}")
    return lines
