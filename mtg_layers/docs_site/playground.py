"""The playground's entry point: the site's playground page runs this module in the browser (Pyodide).

The page sends a case (the corpus YAML format), or card names picked from the catalogue in the order
they entered (``build_by_names``, as ``mtg-layers ask`` reads them), and a rules version; the project's own resolver
(``reference``) computes the result and ``trace_text`` puts the trace in words, exactly as
``mtg-layers explain`` and the case pages do. A board is loaded by the CLI's own loader, every stage
(the JSON Schema one included: the bundle ships ``jsonschema``, see mkdocs_hooks.python_bundle), and an
error reads as the CLI prints it, with "your board" in place of the file's name.
"""

from __future__ import annotations

import json
import tempfile
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reference.case import Case, board_at
from reference.choices import Outcomes, outcomes
from reference.entry import OpenEntryError, step_outcomes
from reference.history import flag_timeline
from reference.model import Board
from reference.resolver import resolve
from reference.versions import NotStated, builtin_versions

from ..analysis.trace_text import explain_resolution, fields_text, newest_first, tab_label, to_html
from ..catalogue import refs  # noqa: F401 (bundled: the loader fills in cases' catalogue cards with it)
from ..catalogue.ask import build
from ..catalogue.load import catalogue
from ..checking.results import board_result, compare, differing, observed, own_boards
from ..corpus import CorpusError, case_from_data, read_yaml
from ..corpus.serialise import to_yaml
from .era_citations import explanation_in_era
from .narrow_tables import stackable

if TYPE_CHECKING:
    from reference.versions import RulesVersion


def versions() -> str:
    """The built-in rules versions, newest first, as JSON: id, label and title."""
    return json.dumps(
        [{"id": v.id, "label": tab_label(v), "title": v.title} for v in newest_first(builtin_versions().values())],
        ensure_ascii=False,
    )


def declared_versions(text: str) -> str:
    """The built-in versions a board declares (aliases resolved), newest first, as JSON; the page
    selects the first, so a case opens under the newest rules it has answers for."""
    try:
        data = _parse(text)
    except CorpusError:
        return "[]"
    wanted = data.get("versions") if isinstance(data, dict) else None
    if not isinstance(wanted, list):
        return "[]"
    known = [v for v in newest_first(builtin_versions().values()) if {v.id, *v.aliases} & set(map(str, wanted))]
    return json.dumps([v.id for v in known])


def _parse(text: str) -> Any:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            return read_yaml(path)
        except CorpusError as exc:
            raise CorpusError("your board", exc.field, exc.message) from None


def run(text: str, version_id: str, step: int = 0) -> str:
    """Resolve a case (YAML text) at a step (0: the last) under a version; JSON for the page."""
    try:
        version = builtin_versions()[version_id]
        data = _parse(text)
        # a version the case does not declare is resolved all the same, with no expected answer to check
        # (an alias, m10, names the dated profile the case may declare by its id, and the other way round)
        case = case_from_data(data, "your board")
        n = int(step) or len(case.steps)
        if not 1 <= n <= len(case.steps):
            raise CorpusError("your board", "step", f"expected a step from 1 to {len(case.steps)}, got {n}")
        found, boards = every_outcome(case, n, version)
        results = [board_result(b, o.final) for b, o in zip(boards, found.outcomes, strict=True)]
        step_expect = case.steps[n - 1].expect
        expected = next((step_expect[k] for k in (version.id, *version.aliases) if k in step_expect), None)
        check = None
        if expected is not None:
            check = {
                "ok": all(not compare(expected, r) for r in results),
                "rows": [
                    [
                        oid,
                        fields_text(fields),
                        " or ".join(_distinct(fields_text(observed(fields, r.get(oid))) for r in results)),
                    ]
                    for oid, fields in expected.items()
                ],
            }
        html = outcomes_html(found, boards, results, version)
        return json.dumps(
            {
                "ok": True,
                "case": case.id,
                "step": n,
                "steps": len(case.steps),
                "version": tab_label(version),
                "check": check,
                "outcomes": len(found.outcomes),
                "complete": found.complete,
                "html": html,
            },
            ensure_ascii=False,
        )
    except CorpusError as exc:
        return json.dumps({"ok": False, "error": str(exc)}, ensure_ascii=False)
    except NotStated as exc:  # as the CLI says it (cli_support.not_stated_message): when the rule changed
        flag = getattr(exc, "flag", "")
        said = f"{exc} (rules history: {flag_timeline(flag)})" if flag else str(exc)
        return json.dumps({"ok": False, "error": said}, ensure_ascii=False)
    except KeyError as exc:
        return json.dumps({"ok": False, "error": f"your board: a required field is missing: {exc}"}, ensure_ascii=False)
    except (TypeError, ValueError, AttributeError, IndexError) as exc:
        return json.dumps({"ok": False, "error": f"your board: {type(exc).__name__}: {exc}"}, ensure_ascii=False)


def every_outcome(case: Case, n: int, version: RulesVersion) -> tuple[Outcomes, tuple[Board, ...]]:
    """613.7m, 613.7n, 614.12: every outcome of a case's step the rules allow, each with the board it was found on (the
    step's board under each order of its open ties; where an object entering in the step gets counters that depend on
    such an order, each order's board, ``reference.entry.step_outcomes``), by the readable enumeration."""
    try:
        board = board_at(case, n, version)
    except OpenEntryError:
        boards, found = step_outcomes(case, n, version)
        return found, boards
    found = outcomes(board, version)
    return found, tuple(board for _ in found.outcomes)


def outcomes_html(
    found: Outcomes, boards: tuple[Board, ...], results: list[dict[str, dict[str, Any]]], version: RulesVersion
) -> str:
    """The page's answer: the result and trace of the step; where it depends on an order the rules leave to a player
    (613.7m), each outcome first, then one trace per outcome where each order gave its own board (614.12), else the
    trace of the first."""
    parts: list[str] = []
    if not found.complete:
        parts.append(
            f"<p><strong>Not every order was tried</strong>: the enumeration of the tied effects' orders stopped after "
            f"{found.runs} resolutions, so the outcomes below may not be every one the rules allow.</p>"
        )
    several = len(found.outcomes) > 1
    if several:
        ties = "; ".join(t.describe() for t in (found.mattering or found.ties))
        about = differing(results)
        rows = "".join(
            "<tr>"
            + "".join(
                f"<td>{escape(c)}</td>" for c in [str(k), *(fields_text({f: r.get(o, {}).get(f)}) for o, f in about)]
            )
            + "</tr>"
            for k, r in enumerate(results, 1)
        )
        head = "".join(f"<th>{escape(h)}</th>" for h in ["outcome", *(f"{o}.{f}" for o, f in about)])
        parts.append(
            f"<h3>The answer depends on an order</h3><p>{escape(ties[:1].upper() + ties[1:])}. "
            "Each order the rules allow:</p>"
            f'<table data-kind="outcomes"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        )
    traced = list(enumerate(boards, 1)) if several and own_boards(boards) else [(0, boards[0])]
    for k, b in traced:
        if k:
            parts.append(f"<h2>Outcome {k}</h2>")
        elif several:
            parts.append("<p>The trace below follows the first of them.</p>")
        parts.append(
            stackable(to_html(explanation_in_era(explain_resolution(b, resolve(b, version), version), version)))
        )
    return "".join(parts)


def _distinct(texts: Any) -> list[str]:
    return list(dict.fromkeys(texts))


def card_names() -> str:
    """Every card of the catalogue for the page's type-ahead, as JSON: ``[[English name, French name or ""], …]``."""
    return json.dumps(
        [[str(c["name"]), str(c.get("names", {}).get("fr", ""))] for c in catalogue().cards], ensure_ascii=False
    )


def build_by_names(lines: str, version_id: str) -> str:
    """The board cards picked by name make (one a line, in the order they entered, in ``ask``'s syntax:
    ``[activate ]NAME[ @p2][ > TARGET][ [COUNTERS]]``), as case YAML for the board box; JSON for the page."""
    try:
        version = builtin_versions()[version_id]
        args = [line.strip() for line in lines.splitlines() if line.strip()]
        if not args:
            raise CorpusError("your cards", "", "pick at least one card")

        def answer(data: Any, n: int) -> Any:
            case = case_from_data(dict(data), "your cards", schema_check=False)
            board = board_at(case, n, version)
            return board_result(board, resolve(board, version).final)

        data = build(args, catalogue(), version.id, answer)
        return json.dumps({"ok": True, "yaml": to_yaml(data)}, ensure_ascii=False)
    except CorpusError as exc:
        return json.dumps({"ok": False, "error": str(exc)}, ensure_ascii=False)
    except (KeyError, TypeError, ValueError) as exc:
        return json.dumps({"ok": False, "error": f"your cards: {type(exc).__name__}: {exc}"}, ensure_ascii=False)
