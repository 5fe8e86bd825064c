"""Conformance reports (an edge): JSON (report.schema.json), JUnit XML, Markdown and tables for people.

The JSON report is rewritten atomically (temporary file, then ``os.replace``) after every
case, with ``"complete": false`` until the run ends, so nothing gathered is ever lost.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from .pointers import pointer_lines
from .runner import VERDICTS, RunResult

REPORT_FORMAT = 1

# Which layer each feature tag is about, and which layer each compared characteristic belongs to.
FEATURE_LAYER: dict[str, str] = {
    "layer-1-copy": "1",
    "copy-exception": "1",
    "face-down": "1",
    "layer-2-control": "2",
    "layer-3-text": "3",
    "layer-4-type": "4",
    "land-types": "4",
    "layer-5-color": "5",
    "layer-6-abilities": "6",
    "keyword-counters": "6",
    "layer-7a-cda": "7",
    "layer-7b-set": "7",
    "layer-7c-modify": "7",
    "counters": "7",
    "layer-7d-switch": "7",
}
FIELD_LAYER: dict[str, str] = {
    "name": "1",
    "mana_value": "1",
    "face_down": "1",
    "controller": "2",
    "types": "4",
    "subtypes": "4",
    "supertypes": "4",
    "all_creature_types": "4",
    "colors": "5",
    "abilities": "6",
    "power": "7",
    "toughness": "7",
    "counters": "7",
}
SEVERITY = {"skip": 0, "pass": 1, "xfail": 2, "fixed": 3, "fail": 4, "timeout": 5, "error": 6}
COLOUR = {
    "pass": "green",
    "fail": "red",
    "skip": "dim",
    "error": "magenta",
    "timeout": "magenta",
    "xfail": "yellow",
    "fixed": "cyan",
}


# XML 1.0 allows tab, newline, carriage return and these ranges; anything else makes the file ill-formed.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(text: Any) -> str:
    """Text an XML 1.0 file can hold: other characters (ANSI escapes, NUL, lone surrogates) shown as \\xNN."""
    return _NOT_XML.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", str(text)
    )


def _counts(results: Sequence[RunResult]) -> dict[str, int]:
    counts = dict.fromkeys(VERDICTS, 0)
    for r in results:
        counts[r.verdict] += 1
    return counts


def layers_of(features: Sequence[str]) -> list[str]:
    """The layers a case's feature tags are about."""
    return sorted({FEATURE_LAYER[f] for f in features if f in FEATURE_LAYER})


def summary(results: Sequence[RunResult], exit_status: int | None = None) -> dict[str, Any]:
    """Totals, then per rules version, per feature and per layer."""
    by_rules: dict[str, list[RunResult]] = {}
    by_feature: dict[str, list[RunResult]] = {}
    by_layer: dict[str, list[RunResult]] = {}
    mismatched: dict[str, int] = {}
    for r in results:
        by_rules.setdefault(r.rules, []).append(r)
        for f in r.features:
            by_feature.setdefault(f, []).append(r)
        for layer in layers_of(r.features):
            by_layer.setdefault(layer, []).append(r)
        if r.verdict in ("fail", "xfail"):
            for d in r.diff:
                layer = FIELD_LAYER.get(str(d["field"]), "-")
                mismatched[layer] = mismatched.get(layer, 0) + 1
    layers = sorted(set(by_layer) | set(mismatched))
    return {
        "runs": len(results),
        "cases": len({r.case for r in results}),
        "verdicts": _counts(results),
        "exit_status": exit_status,
        "by_rules": {v: _counts(rs) for v, rs in sorted(by_rules.items())},
        "by_feature": {f: _counts(rs) for f, rs in sorted(by_feature.items())},
        "by_layer": {
            layer: {**_counts(by_layer.get(layer, [])), "mismatched_values": mismatched.get(layer, 0)}
            for layer in layers
        },
    }


def build_report(
    header: Mapping[str, Any],
    results: Sequence[RunResult],
    complete: bool,
    exit_status: int | None = None,
    unused: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The JSON report (report.schema.json)."""
    summ = summary(results, exit_status)
    summ["unused_expectations"] = [dict(u) for u in unused]
    return {
        "format": REPORT_FORMAT,
        "complete": complete,
        "header": dict(header),
        "summary": summ,
        "results": [r.as_dict() for r in results],
    }


class ReportPathError(Exception):
    """A report that cannot be written where it was asked for: the path and why."""

    def __init__(self, path: Path, why: str) -> None:
        self.path, self.why = path, why
        super().__init__(f"cannot write {path}: {why}")


def streamed(path: Path) -> bool:
    """True when ``path`` is (or links to) something other than a regular file or nothing: a FIFO, a
    device, a socket. Such a path is written as given, once, and never replaced by a file."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return False
    except (OSError, RuntimeError):  # a link loop: write_atomic says so
        return False
    return not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path``: a regular file is replaced in one step (readers see the old file or the
    new one, never half); a FIFO or device is written as given; a symbolic link keeps pointing where it
    did and its target gets the text. Any failure is a ``ReportPathError``; nothing else is touched."""
    try:
        target = Path(os.path.realpath(path, strict=False)) if path.is_symlink() else path
    except (OSError, RuntimeError):
        raise ReportPathError(path, "a symbolic link loop") from None
    if target.is_symlink():  # realpath stopped at a loop
        raise ReportPathError(path, "a symbolic link loop")
    # backslashreplace: a lone surrogate from an adapter's JSON becomes the text \\udXXX, still valid
    # inside a JSON string and harmless elsewhere, instead of failing the write.
    if target.is_dir():
        raise ReportPathError(path, "it is a directory; expected a file name")
    try:
        if streamed(target):
            with open(target, "w", encoding="utf-8", errors="backslashreplace") as fh:
                fh.write(text)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise ReportPathError(path, exc.strerror or str(exc)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; reports and exports are for sharing
        os.replace(tmp, target)
    except OSError as exc:
        raise ReportPathError(path, exc.strerror or str(exc)) from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_each(asked: Sequence[tuple[Path | None, Callable[[], str]]]) -> list[ReportPathError]:
    """Every report asked for (its path given), each made and written on its own: the ones that cannot be
    written are returned, and the others are still written."""
    failed = []
    for path, text in asked:
        if path is None:
            continue
        try:
            write_atomic(path, text())
        except ReportPathError as exc:
            failed.append(exc)
    return failed


def totals_line(summ: Mapping[str, Any]) -> str:
    """The one-line total: runs, cases, each verdict, and the pass rate of the runs sent (skips aside)."""
    c = summ["verdicts"]
    sent = summ["runs"] - c["skip"]
    rate = f"; pass rate {c['pass'] / sent:.1%} of the {sent} runs sent" if sent else "; no run sent"
    counts = ", ".join(f"{c[v]} {v}" for v in VERDICTS if c[v]) or "nothing run"
    return f"{summ['runs']} runs, {summ['cases']} cases: {counts}{rate}"


def json_text(report: Mapping[str, Any]) -> str:
    """The JSON report as written."""
    return json.dumps(report, indent=1, ensure_ascii=False, default=str) + "\n"


def write_json(path: Path, report: Mapping[str, Any]) -> None:
    """Write the JSON report (write_atomic)."""
    write_atomic(path, json_text(report))


def _detail(r: RunResult) -> str:
    if r.verdict == "xfail":
        return f"expected failure ({r.known_failure}): {r.message}"
    if r.verdict == "fixed":
        return f"listed as a known failure ({r.known_failure}) but passes: remove it from the expectations file"
    return r.message


def junit_xml(report: Mapping[str, Any], strict: bool = False) -> str:
    """JUnit XML: one testcase per run (classname = case id, name = rules version and step)."""
    results = report["results"]
    impl = report["header"].get("implementation") or {}
    name = f"mtg-layers conformance ({impl.get('name', 'unknown adapter')})"
    failures = sum(1 for r in results if r["verdict"] == "fail" or (strict and r["verdict"] == "fixed"))
    errors = sum(1 for r in results if r["verdict"] in ("error", "timeout"))
    skipped = sum(1 for r in results if r["verdict"] in ("skip", "xfail"))
    total_time = sum(r["duration_s"] for r in results)
    attrs = {
        "name": name,
        "tests": str(len(results)),
        "failures": str(failures),
        "errors": str(errors),
        "skipped": str(skipped),
        "time": f"{total_time:.3f}",
    }
    suites = ET.Element("testsuites", attrs)
    suite = ET.SubElement(suites, "testsuite", attrs)
    props = ET.SubElement(suite, "properties")
    header = report["header"]
    for key, value in (
        ("suite.version", header["suite"]["version"]),
        ("suite.corpus_sha256", header["suite"]["corpus_sha256"]),
        ("protocol.version", header["protocol_version"]),
        ("adapter.mode", header["adapter"]["mode"]),
        ("implementation.name", impl.get("name", "")),
        ("implementation.version", impl.get("version", "")),
    ):
        ET.SubElement(props, "property", {"name": key, "value": str(value)})
    for r in results:
        tc = ET.SubElement(
            suite,
            "testcase",
            {
                "classname": f"mtg-layers.{r['case']}",
                "name": f"{r['rules']} step {r['step']}",
                "time": f"{r['duration_s']:.3f}",
            },
        )
        verdict = r["verdict"]
        if verdict == "fail" or (strict and verdict == "fixed"):
            text = json.dumps(r["diff"], indent=1, ensure_ascii=False) if r["diff"] else r["message"]
            text = "\n".join([text, *pointer_lines(r.get("look"))])
            msg = r["message"] if verdict == "fail" else "listed as a known failure but passes (--strict)"
            el = ET.SubElement(tc, "failure", {"message": msg, "type": "mismatch" if verdict == "fail" else "fixed"})
            el.text = text
        elif verdict in ("error", "timeout"):
            el = ET.SubElement(tc, "error", {"message": r["message"], "type": verdict})
            el.text = "\n".join([r["message"], *pointer_lines(r.get("look"))])
        elif verdict == "skip":
            ET.SubElement(tc, "skipped", {"message": r["message"] or "skipped"})
        elif verdict == "xfail":
            el = ET.SubElement(tc, "skipped", {"message": f"expected failure: {r['known_failure']}: {r['message']}"})
            el.text = "\n".join(pointer_lines(r.get("look"))) or None
        if r["stderr"]:
            ET.SubElement(tc, "system-err").text = r["stderr"]
    for el in suites.iter():
        el.attrib.update({k: xml_safe(v) for k, v in el.attrib.items()})
        if el.text is not None:
            el.text = xml_safe(el.text)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _md(text: Any, limit: int = 300) -> str:
    flat = xml_safe(text).replace("|", "\\|").replace("\n", " ").replace("\r", " ")
    return flat if len(flat) <= limit else flat[:limit] + "…"


def _counts_row(label: str, counts: Mapping[str, int], extra: Sequence[str] = ()) -> str:
    cells = [label, *(str(counts.get(v, 0)) for v in VERDICTS), *extra]
    return "| " + " | ".join(cells) + " |"


def markdown(report: Mapping[str, Any], max_rows: int = 200) -> str:
    """A Markdown summary for a pull request or a CI job page."""
    header = report["header"]
    summ = report["summary"]
    impl = header.get("implementation") or {}
    who = f"{impl.get('name', 'unknown adapter')} {impl.get('version', '')}".strip()
    v = summ["verdicts"]
    generated = report.get("generated")
    if generated:  # a fuzzing run sends generated boards, not the corpus (issue 33)
        suite = (
            f"Suite mtg-layers {header['suite']['version']}: {summ['runs']} generated boards (seed "
            f"{generated['seed']}, hypothesis {generated['hypothesis']}), "
            f"protocol version {header['protocol_version']}, {header['adapter']['mode']} mode."
        )
    else:
        suite = (
            f"Suite mtg-layers {header['suite']['version']} (corpus `{header['suite']['corpus_sha256'][:12]}`, "
            f"{header['suite']['cases']} cases), protocol version {header['protocol_version']}, "
            f"{header['adapter']['mode']} mode."
        )
    lines = [
        f"# mtg-layers conformance: {who}",
        "",
        suite,
        "",
        f"**{summ['runs']} runs over {summ['cases']} cases: {v['pass']} passed, {v['fail']} failed, "
        f"{v['xfail']} expected failures, {v['fixed']} fixed, {v['skip']} skipped, {v['error']} errors, "
        f"{v['timeout']} timeouts; {_rate(summ)}.**" + ("" if report["complete"] else " (run not complete)"),
        "",
    ]
    head = "| | " + " | ".join(VERDICTS) + " |"
    sep = "|---" * (len(VERDICTS) + 1) + "|"
    lines += ["## By rules version", "", head, sep]
    lines += [_counts_row(f"`{k}`", c) for k, c in summ["by_rules"].items()]
    problems = [r for r in report["results"] if r["verdict"] not in ("pass", "skip")]
    if problems:
        lines += [
            "",
            "## Runs that did not pass",
            "",
            "| case | rules | step | verdict | detail |",
            "|---|---|---|---|---|",
        ]
        for r in problems[:max_rows]:
            detail = r["message"]
            if r["verdict"] == "xfail":
                detail = f"known: {r['known_failure']} — {detail}"
            elif r["verdict"] == "fixed":
                detail = f"listed as known ({r['known_failure']}) but passes"
            lines.append(
                f"| {_case_cell(r)} | {r['rules']} | {r['step']} | {r['verdict']} | {_md(detail)}{_look_md(r)} |"
            )
        if len(problems) > max_rows:
            lines.append(f"| … | | | | {len(problems) - max_rows} more in the JSON report |")
    lines += ["", "## By feature", "", head, sep]
    lines += [_counts_row(f"`{k}`", c) for k, c in summ["by_feature"].items()]
    lines += ["", "## By layer", "", head[:-1] + "| mismatched values |", sep + "---|"]
    lines += [_counts_row(k, c, [str(c["mismatched_values"])]) for k, c in summ["by_layer"].items()]
    if summ.get("unused_expectations"):
        lines += ["", "## Expectations that matched no run", ""]
        lines += [f"- `{u['id']}`: {u['reason']}" for u in summ["unused_expectations"]]
    return "\n".join(lines) + "\n"


def _rate(summ: Mapping[str, Any]) -> str:
    sent = summ["runs"] - summ["verdicts"]["skip"]
    return f"pass rate {summ['verdicts']['pass'] / sent:.1%} of the runs sent" if sent else "no run sent"


def _case_cell(r: Mapping[str, Any]) -> str:
    """The case id, linked to its page when it has one."""
    page = (r.get("look") or {}).get("page")
    return f"[`{r['case']}`]({page})" if page else f"`{r['case']}`"


def _look_md(r: Mapping[str, Any]) -> str:
    """The explain command and the parting trace step, for a Markdown cell."""
    look = r.get("look")
    if not look:
        return ""
    out = f"<br>`{_md(look['explain'])}`"
    if look.get("parts_at"):
        out += f"<br>parts ways at {_md(look['parts_at']['text'])}"
    return out


def print_tables(out: Console, results: Sequence[RunResult], show_details: int = 40) -> None:
    """Tables for people: per case and rules version, per feature, per layer; then the failures."""
    rows: dict[tuple[str, str], list[RunResult]] = {}
    for r in results:
        rows.setdefault((r.case, r.rules), []).append(r)
    table = Table(title="conformance: per case")
    for col in ("case", "rules", "steps passed", "verdict", "detail"):
        table.add_column(col, overflow="fold")
    for (case, rules), rs in rows.items():
        worst = max(rs, key=lambda r: SEVERITY[r.verdict])
        passed = sum(1 for r in rs if r.status == "pass")
        detail = "" if worst.verdict in ("pass",) else f"step {worst.step}: {_detail(worst)}"
        colour = COLOUR[worst.verdict]
        table.add_row(case, rules, f"{passed}/{len(rs)}", f"[{colour}]{worst.verdict}[/{colour}]", _short(detail))
    out.print(table)
    summ = summary(results)
    for title, key in (("per feature", "by_feature"), ("per layer", "by_layer")):
        t = Table(title=f"conformance: {title}")
        t.add_column(key.removeprefix("by_"))
        for v in VERDICTS:
            t.add_column(v, justify="right")
        if key == "by_layer":
            t.add_column("mismatched values", justify="right")
        for name, counts in summ[key].items():
            cells = [str(counts[v]) if counts[v] else "" for v in VERDICTS]
            if key == "by_layer":
                cells.append(str(counts["mismatched_values"]))
            t.add_row(name, *cells)
        out.print(t)
    bad = [r for r in results if r.verdict in ("fail", "error", "timeout", "fixed")]
    for r in bad[:show_details]:
        out.print(f"{r.case} [{r.rules}] step {r.step}: {r.verdict}: {_detail(r)}", markup=False, highlight=False)
        for line in pointer_lines(r.look):
            out.print(f"    {line}", markup=False, highlight=False)
        if r.stderr and r.verdict in ("error", "timeout"):
            tail = r.stderr.strip().splitlines()[-3:]
            for line in tail:
                out.print(f"    stderr: {line}", markup=False, highlight=False)
    if len(bad) > show_details:
        out.print(f"… and {len(bad) - show_details} more (see the JSON report)", markup=False, highlight=False)
    out.print(totals_line(summ), markup=False, highlight=False)


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
