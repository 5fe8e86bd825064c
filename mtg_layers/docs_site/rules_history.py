"""The rules history (corpus/sources/cr-history.yaml) as text: for `mtg-layers versions` and the Versions page.

Each dated change of the Comprehensive Rules that the project found, with its paragraphs, what
changed, what of the project it touches, whether it can change an answer, and its sources; the
periods for which no text was read. The flag values by date that the resolver applies live in
reference/profiles/dated.json, each naming its entry here (tests/test_history_timeline.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..paths import HISTORY_FILE


def load_history(path: Path = HISTORY_FILE) -> Mapping[str, Any]:
    """The timeline's data, checked for the fields this module reads."""
    import yaml

    data = yaml.safe_load(path.read_text("utf-8"))
    if not isinstance(data, Mapping) or not isinstance(data.get("entries"), list):
        raise ValueError(f"{path}: expected a mapping with a list 'entries'")
    for i, e in enumerate(data["entries"]):
        for key in ("id", "date", "paragraphs", "change", "models", "source", "observable"):
            if key not in e:
                raise ValueError(f"{path}: entries[{i}]: missing field {key!r}")
    return data


def source_text(source: Mapping[str, Any]) -> str:
    """One source as a short line: a rules text at a commit, a release list or a web page."""
    kind = source.get("kind", "")
    if "url" in source:
        where = str(source["url"])
    elif "repo" in source:
        commit = str(source.get("commit", ""))[:12]
        where = f"{source['repo']}/{source.get('path', '')}" + (f"@{commit}" if commit else "")
    else:
        where = str(source.get("path", ""))
    read = source.get("read")
    return f"{kind} {where}" + (f" ({read})" if read else "")


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def history_fragment(data: Mapping[str, Any]) -> str:
    """The Versions page's rules history: one row per dated change, then the periods marked unknown."""
    lines = [
        "| date | change | paragraphs | what changed | in the project | can change an answer | sources |",
        "|---|---|---|---|---|---|---|",
    ]
    for e in data["entries"]:
        obs = e["observable"]
        seen = ("yes: " if obs.get("can_change_answer") else "no: ") + str(obs.get("why", ""))
        sources = "<br>".join(_cell(source_text(s)) for s in e["source"])
        lines.append(
            f"| {e['date']} | `{e['id']}` | {_cell(', '.join(map(str, e['paragraphs'])))} | {_cell(e['change'])} "
            f"| {_cell(e['models'])} | {_cell(seen)} | {sources} |"
        )
    lines += ["", "Periods and paragraphs for which no text was read (an answer there comes with a warning):", ""]
    for u in data.get("unknown_periods", []):
        lines.append(f"- {u['from']} to {u['to']}: {_cell(u['what'])}")
    return "\n".join(lines) + "\n"


def history_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The rules history for `versions --json`: each entry, the flag changes it dates, the unknown periods."""
    from reference.history import history

    dated = history()
    flags: dict[str, list[dict[str, Any]]] = {}
    for c in dated.changes:
        flags.setdefault(c.entry, []).append(
            {"rule": c.rule, "flags": {k: list(v) if isinstance(v, tuple) else v for k, v in c.flags}}
        )
    entries = [
        {
            "id": e["id"],
            "date": e["date"],
            "paragraphs": [str(p) for p in e["paragraphs"]],
            "change": " ".join(str(e["change"]).split()),
            "in_the_project": " ".join(str(e["models"]).split()),
            "can_change_answer": bool(e["observable"].get("can_change_answer")),
            "why": " ".join(str(e["observable"].get("why", "")).split()),
            "dated_flags": flags.get(e["id"], []),
            "source": [source_text(s) for s in e["source"]],
        }
        for e in data["entries"]
    ]
    unknown = [
        {"from": str(u["from"]), "to": str(u["to"]), "what": " ".join(str(u["what"]).split())}
        for u in data.get("unknown_periods", [])
    ]
    return {"entries": entries, "unknown_periods": unknown, "newest_text": dated.newest_text}


def history_lines(data: Mapping[str, Any]) -> list[str]:
    """The rules history as plain lines for `mtg-layers versions`: each change with its sources."""
    out = ["Rules history (corpus/sources/cr-history.yaml), oldest first:", ""]
    for e in data["entries"]:
        obs = e["observable"]
        out.append(f"{e['date']} {e['id']} ({', '.join(map(str, e['paragraphs']))})")
        out.append(f"  change: {' '.join(str(e['change']).split())}")
        out.append(f"  in the project: {' '.join(str(e['models']).split())}")
        out.append(f"  can change an answer: {'yes' if obs.get('can_change_answer') else 'no'} ({obs.get('why', '')})")
        out += [f"  source: {source_text(s)}" for s in e["source"]]
    out += ["", "Unknown periods (a date there gets its answer with a warning):"]
    out += [f"  {u['from']} to {u['to']}: {' '.join(str(u['what']).split())}" for u in data.get("unknown_periods", [])]
    return out
