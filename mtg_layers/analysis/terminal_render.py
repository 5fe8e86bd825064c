"""Rendering for people (an edge): tables of results and traces with rich."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from reference.model import Board, Characteristics
from reference.resolver import Resolution
from reference.versions import RulesVersion

from .trace_text import RESULT_HEAD, TRACE_HEAD, Explanation, explain_resolution, result_cells, trace_cells


def pt(ch: Characteristics | Mapping[str, Any]) -> str:
    """Power/toughness as 'P/T' (or '-' when the object has none)."""
    p = ch["power"] if isinstance(ch, Mapping) else ch.power
    t = ch["toughness"] if isinstance(ch, Mapping) else ch.toughness
    return "-" if p is None and t is None else f"{p if p is not None else '-'}/{t if t is not None else '-'}"


def summary(ch: Characteristics) -> str:
    """A one-line summary of an object's characteristics."""
    bits = [ch.name or "(no name)"]
    if ch.face_down:
        bits.append("face down")
    types = " ".join(sorted(ch.supertypes) + sorted(ch.types))
    subs = sorted(ch.subtypes) + (["all creature types"] if ch.all_creature_types else [])
    bits.append(types + (" — " + " ".join(subs) if subs else ""))
    bits.append(",".join(sorted(ch.colors)) or "colorless")
    if ch.abilities:
        bits.append("[" + "; ".join(sorted(ch.abilities)) + "]")
    bits.append(pt(ch))
    bits.append(f"ctl {ch.controller}")
    return " | ".join(bits)


def result_table(result: Mapping[str, Mapping[str, Any]], title: str) -> Table:
    """Every object's characteristics as a table."""
    table = Table(title=title, show_lines=False)
    for col in (
        "id",
        "name",
        "controller",
        "types",
        "subtypes",
        "supertypes",
        "colors",
        "abilities",
        "P/T",
        "counters",
    ):
        table.add_column(col)
    for oid, r in result.items():
        subs = list(r["subtypes"]) + (["(all creature types)"] if r["all_creature_types"] else [])
        table.add_row(
            oid,
            str(r["name"]) + (" (face down)" if r["face_down"] else ""),
            r["controller"],
            " ".join(r["types"]),
            " ".join(subs),
            " ".join(r["supertypes"]),
            " ".join(r["colors"]) or "colorless",
            "; ".join(r["abilities"]),
            pt(r),
            ", ".join(f"{k}×{v}" for k, v in r["counters"].items()),
        )
    return table


def explanation_tables(ex: Explanation, title: str) -> tuple[Table, Table]:
    """The trace in words and the result, as tables (the same text as the site's case pages)."""
    trace = Table(title=title, show_lines=True)
    for col in TRACE_HEAD:
        trace.add_column(col)
    for row in ex.rows:
        trace.add_row(*trace_cells(row))
    result = Table(title="result")
    for col in RESULT_HEAD:
        result.add_column(col)
    for r in ex.result:
        result.add_row(*result_cells(r))
    return trace, result


def print_explanation(
    console: Console, board: Board, resolution: Resolution, version: RulesVersion, title: str
) -> None:
    """Print the trace in words, dependencies found, effects that did not apply, and the result."""
    ex = explain_resolution(board, resolution, version)
    trace, result = explanation_tables(ex, title)
    console.print(trace)
    if ex.dependencies:
        console.print("[bold]Dependencies found (613.8a)[/bold]")
        for d in ex.dependencies:
            console.print("  " + d, markup=False, highlight=False)
    if ex.skipped:
        console.print("[bold]Effects that did not apply[/bold]")
        for s in ex.skipped:
            console.print("  " + s, markup=False, highlight=False)
    console.print(result)
