"""Rendering for people (an edge): tables of results and traces with rich."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from reference.model import Characteristics
from reference.resolver import Resolution, TraceStep
from reference.versions import RulesVersion


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


def step_row(step: TraceStep) -> list[str]:
    """One trace step as table cells."""
    why = step.why.text
    if step.locked_from:
        why += f"; applies to the objects fixed when it began in {step.locked_from} (613.6)"
    after = "\n".join(f"{oid}: {summary(ch)}" for oid, ch in step.after.items()) or "(no object)"
    return [
        str(step.index),
        step.slot,
        f"{step.description}\n[{step.effect}, ts {step.timestamp:g}]",
        ", ".join(step.ops),
        why,
        after,
    ]


def trace_table(resolution: Resolution, version: RulesVersion, title: str) -> Table:
    """The layer-by-layer trace as a table."""
    table = Table(title=title, show_lines=True)
    for col in ("#", "slot", "effect", "operations", "why now", "after"):
        table.add_column(col)
    for step in resolution.steps:
        table.add_row(*step_row(step))
    return table


def print_explanation(console: Console, resolution: Resolution, version: RulesVersion, title: str) -> None:
    """Print the trace, effects that did not apply, and dependencies found."""
    names = {s.id: f"{s.id} ({s.name})" for s in version.slots}
    console.print(trace_table(resolution, version, title))
    if resolution.skipped:
        console.print("[bold]Effects that did not apply[/bold]")
        for s in resolution.skipped:
            console.print(f"  {names[s.slot]}: {s.description} — {s.reason}")
    if resolution.edges:
        console.print("[bold]Dependencies found (613.8a)[/bold]")
        for e in resolution.edges:
            console.print(f"  {names[e.slot]}: {e.dependent} depends on {e.on} ({e.test}): {e.detail}")
