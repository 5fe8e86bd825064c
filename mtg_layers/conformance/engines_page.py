"""The "Engines measured" page: every engine the project has run, side by side, from saved reports.

Each engine has a directory under ``engines/`` holding ``summary.json`` (the compact form of a
``conformance --report-json`` report, written by ``mtg-layers engines-page --save NAME REPORT``), when its
disagreements were judged ``triage.yaml``, and when it was fuzzed with real cards ``fuzz.json`` (the figures
``real_card_fuzz --json`` writes, without the boards). ``mtg-layers engines-page`` writes
``docs/engines.md`` from them; a test checks the page matches the saved summaries.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
ENGINES_DIR = ROOT / "engines"
PAGE = ROOT / "docs" / "engines.md"
VERDICTS = ("pass", "fail", "skip", "error", "timeout", "xfail", "fixed")


def summarize(report: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of a conformance report the page shows: who, when, the tallies, and each failing run."""
    header, summary = report["header"], report["summary"]
    return {
        "implementation": header.get("implementation") or {},
        "adapter": header.get("adapter"),
        "started_at": header.get("started_at"),
        "verdicts": summary["verdicts"],
        "by_rules": {k: v for k, v in summary["by_rules"].items() if sum(v.get(x, 0) for x in VERDICTS[:2]) > 0},
        "by_feature": summary["by_feature"],
        "failures": [
            {"case": r["case"], "rules": r["rules"], "step": r["step"], "status": r["status"]}
            for r in report["results"]
            if r["status"] in ("fail", "error", "timeout")
        ],
    }


def real_card_runs(report: Mapping[str, Any]) -> dict[str, int]:
    """Of the runs under the engine's declared rules versions whose objects are all real cards (each names
    its card), how many were set up (answered, pass or fail) rather than skipped."""
    from .protocol import load_suite

    def real(data: Mapping[str, Any]) -> bool:
        objects = [*data["objects"], *(o for s in data["steps"] for o in s.get("add_objects", []))]
        return all(o.get("card") for o in objects)

    cases = {sc.id: real(sc.data) for sc in load_suite()}
    declared = (report["header"].get("implementation") or {}).get("rules_versions")
    runs = [
        r
        for r in report["results"]
        if cases.get(r["case"]) and (not declared or r["rules"] in declared) and r["status"] != "error"
    ]
    return {"runs": len(runs), "set_up": sum(r["status"] in ("pass", "fail", "xfail", "fixed") for r in runs)}


def save(name: str, report_path: Path, engines_dir: Path = ENGINES_DIR) -> Path:
    """Write an engine's summary from a saved conformance report."""
    from ..corpus import CorpusError

    out = engines_dir / name / "summary.json"

    try:
        report = json.loads(report_path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorpusError(str(report_path), "", f"expected a conformance --report-json report ({exc})") from None
    for field in ("header", "summary", "results"):
        if not isinstance(report, dict) or field not in report:
            raise CorpusError(str(report_path), field, "expected a conformance --report-json report with this field")
    data = {**summarize(report), "real_card_runs": real_card_runs(report)}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    return out


def _row(label: str, tally: Mapping[str, int]) -> str:
    return f"| {label} | " + " | ".join(str(tally.get(v, 0)) for v in ("pass", "fail", "skip", "error")) + " |"


def _case_link(case: str) -> str:
    return f"[{case}](cases/{case}.md)"


def _engine_section(
    name: str, data: Mapping[str, Any], triage: Mapping[str, Any] | None, fuzz: Mapping[str, Any] | None
) -> list[str]:
    impl = data["implementation"]
    lines = [
        f"## {impl.get('name', name)} {impl.get('version', '')}".rstrip(),
        "",
        f"- measured: {str(data.get('started_at') or '')[:10]}; rules versions declared: "
        f"{', '.join(impl.get('rules_versions') or ['all'])}",
        f"- language: {impl.get('language', '?')}; features declared: "
        f"{len(impl['features']) if impl.get('features') else 'all'}",
        *(
            [
                f"- set up: {rc['set_up']} of the {rc['runs']} runs whose objects are all real cards "
                f"({100 * rc['set_up'] / rc['runs']:.0f} %), under its declared rules versions"
            ]
            if (rc := data.get("real_card_runs")) and rc["runs"]
            else []
        ),
        "",
        "| rules version | pass | fail | skip | error |",
        "|---|---|---|---|---|",
        _row("**all**", data["verdicts"]),
        *(_row(k, v) for k, v in sorted(data["by_rules"].items())),
        "",
        "| feature tag | pass | fail | skip | error |",
        "|---|---|---|---|---|",
        *(_row(k, v) for k, v in sorted(data["by_feature"].items())),
        "",
    ]
    if triage:
        lines += ["Triaged disagreements:", "", "| case | step | verdict | what differs |", "|---|---|---|---|"]
        for d in triage["disagreements"]:
            differs = str(d.get("differs", "")).replace("|", "\\|")
            lines.append(f"| {_case_link(d['case'])} | {d['step']} | {d['verdict']} | {differs} |")
        lines.append("")
    if fuzz:
        v = fuzz["verdicts"]
        lines += [
            f"Fuzzed with real cards (seed {fuzz['seed']}): {fuzz['set_up']} boards set up of {fuzz['sent']} sent, "
            f"{v.get('pass', 0)} agree, {v.get('fail', 0) + v.get('error', 0)} disagree, in "
            f"{len(fuzz['kinds'])} kinds.",
            "",
        ]
    if triage and triage.get("fuzz"):
        lines += ["Triaged fuzz findings (shrunk boards):", "", "| kind | boards | verdict | shrunk board |"]
        lines.append("|---|---|---|---|")
        for k in triage["fuzz"]:
            case = Path(k["case_file"]).name
            lines.append(f"| {', '.join(k['signature'])} | {k['boards']} | {k['verdict']} | `{case}` |")
        lines.append("")
    elif data["failures"]:
        cases = sorted({f["case"] for f in data["failures"]})
        lines += [f"Failing cases ({len(cases)}): " + ", ".join(_case_link(c) for c in cases), ""]
    return lines


def render(engines_dir: Path = ENGINES_DIR) -> str:
    """The Markdown page, from every engine's summary and triage."""
    lines = [
        "# Engines measured",
        "",
        "<!-- generated by `mtg-layers engines-page` from engines/*/summary.json and triage.yaml; do not edit -->",
        "",
        "Every engine this project has run through `mtg-layers conformance`, side by side: pass, fail, skip",
        "and error per rules version and per feature tag (a run is one case, step and rules version), and",
        "for an engine whose disagreements were judged, each one with its verdict and its case.",
        "A skip is a run the engine's adapter could not set up (its reason is in the saved report).",
        "",
        "Regenerate: `mtg-layers engines-page --save NAME REPORT.json` for each new report, then",
        "`mtg-layers engines-page` (docs/conformance.md).",
        "",
    ]
    for d in sorted(p for p in engines_dir.iterdir() if (p / "summary.json").is_file()):
        data = json.loads((d / "summary.json").read_text("utf-8"))
        triage_path = d / "triage.yaml"
        triage = yaml.safe_load(triage_path.read_text("utf-8")) if triage_path.is_file() else None
        fuzz_path = d / "fuzz.json"
        fuzz = json.loads(fuzz_path.read_text("utf-8")) if fuzz_path.is_file() else None
        lines += _engine_section(d.name, data, triage, fuzz)
    return "\n".join(lines).rstrip() + "\n"


def write(engines_dir: Path = ENGINES_DIR, page: Path = PAGE) -> Path:
    """Write the page."""
    page.write_text(render(engines_dir), "utf-8")
    return page
