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
from pathlib import Path
from typing import Any

from reference.case import board_at
from reference.history import flag_timeline
from reference.resolver import resolve
from reference.versions import NotStated, builtin_versions

from ..analysis.trace_text import explain_resolution, fields_text, newest_first, tab_label, to_html
from ..catalogue import refs  # noqa: F401 (bundled: the loader fills in cases' catalogue cards with it)
from ..catalogue.ask import build
from ..catalogue.load import catalogue
from ..checking.results import board_result, compare, observed
from ..corpus import CorpusError, case_from_data, read_yaml
from ..corpus.serialise import to_yaml
from .era_citations import explanation_in_era
from .narrow_tables import stackable


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
        board = board_at(case, n, version)
        resolution = resolve(board, version)
        actual = board_result(board, resolution.final)
        step_expect = case.steps[n - 1].expect
        expected = next((step_expect[k] for k in (version.id, *version.aliases) if k in step_expect), None)
        check = None
        if expected is not None:
            check = {
                "ok": not compare(expected, actual),
                "rows": [
                    [oid, fields_text(fields), fields_text(observed(fields, actual.get(oid)))]
                    for oid, fields in expected.items()
                ],
            }
        ex = explanation_in_era(explain_resolution(board, resolution, version), version)
        return json.dumps(
            {
                "ok": True,
                "case": case.id,
                "step": n,
                "steps": len(case.steps),
                "version": tab_label(version),
                "check": check,
                "html": stackable(to_html(ex)),
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
