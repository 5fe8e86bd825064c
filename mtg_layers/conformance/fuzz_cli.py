"""``mtg-layers conformance --generated N``: the fuzzing mode of the conformance command (an edge).

Called from ``conformance.cli`` when ``--generated`` is given. Starts the adapter, reads
what it declares (features, rules versions), generates boards within that, runs and
shrinks (``fuzz.Fuzzer``), and writes the same reports as a corpus run, each with a
section per disagreement.
"""

from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click
import hypothesis

from mtg_layers import __version__
from reference.versions import builtin_versions, get_version

from ..analysis.coverage import feature_tags
from ..boards.fuzz_settings import GeneratorSettings, WeightsError, parse_weights
from ..cli_support import console as _console
from ..corpus import CorpusError
from ..corpus.authoring import suggest
from .fuzz import Fuzzer, FuzzOptions, FuzzOutcome
from .protocol import PROTOCOL_VERSION, corpus_digest
from .reports import build_report, json_text, junit_xml, markdown, totals_line, write_each
from .runner import Runner, RunnerOptions, RunResult


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def split_tags(values: Sequence[str], label: str) -> list[str]:
    """Comma-separated, repeatable feature tags; an unknown tag is bad input."""
    known = feature_tags()
    out: list[str] = []
    for v in values:
        for tag in (t.strip() for t in v.split(",")):
            if not tag:
                continue
            if tag not in known:
                raise CorpusError(
                    label, tag, f"unknown feature tag{suggest(tag, known)}; expected one of {', '.join(known)}"
                )
            out.append(tag)
    return out


def one_name_each(names: Sequence[str]) -> list[str]:
    """One name per rules version (issue 33): an adapter that declares an alias and its id (m10 and 2009-07-08),
    or a date of the same rules, gets that version's boards under the first name only, not split across names."""
    from reference.history import same_rules

    out: list[str] = []
    for name in names:
        version = get_version(name)
        if not any(same_rules(version, get_version(kept)) for kept in out):
            out.append(name)
    return out


def generator_settings(
    implementation: Mapping[str, Any] | None,
    features: Sequence[str],
    rules: Sequence[str],
    weights: Mapping[str, int],
    real_cards: bool = False,
) -> GeneratorSettings:
    """What the boards may hold: the adapter's declared features and rules versions, narrowed by the options."""
    impl = implementation or {}
    declared = impl.get("features")
    allowed = set(declared) if isinstance(declared, list) and declared else set(feature_tags())
    if features:
        allowed &= set(features)
    known = builtin_versions().names()  # ids, aliases (m10) and current: an adapter may declare any of them
    declared_rules = impl.get("rules_versions")
    if isinstance(declared_rules, list) and declared_rules:
        versions = [v for v in known if v in declared_rules]  # "dates" (any YYYY-MM-DD) is not a version
    else:
        versions = list(builtin_versions())
    if rules:
        dates = [r for r in rules if r not in known and get_version(r)]  # a date (issue 29); else ProfileError
        versions = [v for v in versions if v in rules]
        if not (isinstance(declared_rules, list) and declared_rules):
            versions += dates
        else:
            versions += [d for d in dates if d in declared_rules or "dates" in declared_rules]
    versions = one_name_each(versions)
    if not versions:
        raise CorpusError("--rules", ", ".join(rules), "no rules version both requested and supported by the adapter")
    if not allowed:
        raise CorpusError("--features", ", ".join(features), "no feature both requested and supported by the adapter")
    return GeneratorSettings(frozenset(allowed), tuple(versions), dict(weights), real_cards=real_cards)


def generated_block(outcome: FuzzOutcome, options: FuzzOptions) -> dict[str, Any]:
    """The report's ``generated`` section (report.schema.json#/properties/generated)."""
    return {
        "seed": options.seed,
        "count": options.count,
        "hypothesis": hypothesis.__version__,
        "settings": options.generator.as_dict(),
        "compared_fields": list(options.compared),
        "shrink": {"budget_calls": options.shrink_budget, "max_shrink": options.max_shrink},
        "stats": outcome.stats(),
        "disagreements": [d.as_dict() for d in outcome.disagreements if d.shrunk],
        "unshrunk": [
            {
                "board": d.index,
                "case": d.result.case,
                "signature": list(d.signature),
                "message": d.result.message,
                "case_file": d.case_path,
            }
            for d in outcome.disagreements
            if not d.shrunk
        ],
    }


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def markdown_section(block: Mapping[str, Any]) -> str:
    """Markdown: the generator's settings and figures, then one section per shrunk disagreement."""
    st = block["stats"]
    lines = [
        "## Generated boards",
        "",
        f"Seed {block['seed']}, {st['boards']} boards (hypothesis {block['hypothesis']}), "
        f"rules {', '.join(block['settings']['rules'])}; {st['boards_per_second']} boards/s; "
        f"with a dependency: {st['share']['dependency']:.0%}, with a dependency loop: "
        f"{st['share']['dependency-loop']:.0%}.",
        "",
        f"**{st['disagreements']} disagreements of {st['kinds']} kinds; {st['shrunk']} shrunk.**",
    ]
    for n, d in enumerate(block["disagreements"], start=1):
        size = d["minimal_size"]
        lines += [
            "",
            f"### Disagreement {n}: {', '.join(d['signature'])} ({d['rules']})",
            "",
            f"Board {d['board']} of seed {block['seed']}, shrunk in {d['shrink']['seconds']} s "
            f"({d['shrink']['engine_calls']} engine calls"
            + (", budget of engine calls spent" if d["shrink"]["budget_hit"] else "")
            + f") to {size['objects']} objects, {size['effects']} effects, {size['abilities']} static abilities."
            + (f" Case file: `{d['case_file']}`." if d["case_file"] else ""),
            "",
            "| object | field | reference | engine |",
            "|---|---|---|---|",
        ]
        lines += [f"| {x['object']} | {x['field']} | `{_j(x['expected'])}` | `{_j(x['actual'])}` |" for x in d["diff"]]
        if not d["diff"]:
            lines.append(f"| | | | {d['message']} |")
        p = d["first_divergence"]
        if p:
            lines += [
                "",
                f"First trace step where they part: step {p['index']} [{p['slot']}] `{p['effect']}` "
                f"({', '.join(p['ops'])}) sets {p['object']}.{p['field']} to `{_j(p['reference_after'])}` "
                f"({p['why']}); the engine ends with `{_j(p['engine_final'])}`.",
            ]
        else:
            lines += ["", "First trace step where they part: none; no reference step changes the values that differ."]
        lines += ["", "```json", json.dumps(d["minimal_board"], ensure_ascii=False), "```"]
    if block["unshrunk"]:
        lines += ["", "Other disagreements (not shrunk):", ""]
        lines += [
            f"- board {u['board']}: {', '.join(u['signature'])}: {u['message'][:200]}"
            + (f" (case file: `{u['case_file']}`)" if u.get("case_file") else "")
            for u in block["unshrunk"]
        ]
    return "\n".join(lines) + "\n"


def junit_section(xml_text: str, block: Mapping[str, Any]) -> str:
    """The JUnit report with one more test case per shrunk disagreement (the minimal board in the failure)."""
    root = ET.fromstring(xml_text.split("\n", 1)[1])
    suite = root.find("testsuite")
    assert suite is not None
    for d in block["disagreements"]:
        name = f"shrunk board {d['board']} ({d['rules']})"
        tc = ET.SubElement(suite, "testcase", {"classname": "mtg-layers.generated", "name": name})
        el = ET.SubElement(tc, "failure", {"message": d["message"], "type": "disagreement"})
        el.text = json.dumps(
            {k: d[k] for k in ("minimal_board", "reference", "engine", "diff", "first_divergence")},
            indent=1,
            ensure_ascii=False,
        )
    n = len(block["disagreements"])
    for el in (root, suite):
        el.set("tests", str(int(el.get("tests", "0")) + n))
        el.set("failures", str(int(el.get("failures", "0")) + n))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def print_outcome(outcome: FuzzOutcome, block: Mapping[str, Any], impl: Mapping[str, Any], mode: str) -> None:
    """For people: the figures, then each shrunk disagreement."""
    out = _console()
    st = block["stats"]
    out.print(
        f"adapter: {impl.get('name', 'unknown')} {impl.get('version', '')} ({impl.get('language', '?')}), {mode} mode",
        markup=False,
        highlight=False,
    )
    counts: dict[str, int] = {}
    for r in outcome.results:
        counts[r.status] = counts.get(r.status, 0) + 1
    out.print(
        f"{st['boards']} generated boards (seed {block['seed']}): "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
        + f"; {st['boards_per_second']} boards/s; dependency {st['share']['dependency']:.0%}, "
        f"loop {st['share']['dependency-loop']:.0%}",
        markup=False,
        highlight=False,
    )
    for d in block["disagreements"]:
        size = d["minimal_size"]
        out.print(
            f"board {d['board']} [{d['rules']}] {', '.join(d['signature'])}: shrunk in {d['shrink']['seconds']} s "
            f"to {size['objects']} objects, {size['effects']} effects, {size['abilities']} abilities: {d['message']}",
            markup=False,
            highlight=False,
        )
        p = d["first_divergence"]
        if p:
            out.print(
                f"    they part at reference step {p['index']} [{p['slot']}] {p['effect']} ({', '.join(p['ops'])})",
                markup=False,
                highlight=False,
            )
        if d["case_file"]:
            out.print(f"    case file: {d['case_file']}", markup=False, highlight=False)
    if block["unshrunk"]:
        out.print(f"{len(block['unshrunk'])} more disagreements not shrunk (see the reports)", markup=False)


def run_generated(
    *,
    count: int,
    seed: int,
    real_cards: bool = False,
    features: Sequence[str],
    weights: Sequence[str],
    rules: Sequence[str],
    shrink_budget: int,
    max_shrink: int,
    findings: Path | None,
    options: RunnerOptions,
    report_json: Path | None,
    junit: Path | None,
    markdown_file: Path | None,
    quiet: bool,
) -> int:
    """The whole fuzzing run; returns the exit status (0: no disagreement, 1: disagreements)."""
    if count < 1:
        raise CorpusError("--generated", str(count), "expected a number of boards >= 1")
    tags = split_tags(features, "--features")
    try:
        weight_map = parse_weights(weights)
    except WeightsError as exc:
        raise CorpusError("--weights", "", str(exc)) from None
    runner = Runner(options)
    shake = runner.ensure_started()
    if shake is not None and runner.session.implementation is None and options.mode == "persistent":
        runner.adapter.close()
        click.echo(f"error: adapter failed to start: {shake.error}", err=True)
        return 1
    impl = dict(runner.session.implementation or {})
    gen = generator_settings(impl or None, tags, rules, weight_map, real_cards)
    fuzz_options = FuzzOptions(
        count=count,
        seed=seed,
        generator=gen,
        shrink_budget=shrink_budget,
        max_shrink=max_shrink,
        findings=findings,
        engine_name=str(impl.get("name", "engine")),
    )
    err = _console(stderr=True)

    def progress(text: str) -> None:
        if not quiet:
            err.print(text, markup=False, highlight=False)

    started = _now()
    outcome = Fuzzer(runner, fuzz_options, on_progress=progress).run()
    status = 1 if outcome.disagreements else 0
    header: dict[str, Any] = {
        "suite": {"name": "mtg-layers", "version": __version__, "corpus_sha256": corpus_digest([]), "cases": 0},
        "protocol_version": PROTOCOL_VERSION,
        "implementation": runner.session.implementation,
        "adapter": {
            "command": list(options.argv),
            "mode": options.mode,
            "timeout_s": options.timeout,
            "max_line": options.max_line,
            "starts": runner.session.starts,
            "warnings": list(runner.session.warnings),
        },
        "filters": {"ids": [], "features": tags, "rules": list(rules)},
        "expectations": None,
        "strict": False,
        "started_at": started,
        "finished_at": _now(),
    }
    results: list[RunResult] = outcome.results
    report = build_report(header, results, True, status)
    block = generated_block(outcome, fuzz_options)
    report["generated"] = block
    unwritten = write_each(
        [
            (report_json, lambda: json_text(report)),
            (junit, lambda: junit_section(junit_xml(report), block)),
            (markdown_file, lambda: markdown(report) + "\n" + markdown_section(block)),
        ]
    )
    for failed in unwritten:  # one report that cannot be written is said; the others still were
        click.echo(f"error: {failed}", err=True)
    if quiet:
        st = block["stats"]
        found = f"{st['disagreements']} disagreements of {st['kinds']} kinds, {st['shrunk']} shrunk"
        click.echo(f"{st['boards']} boards, {found}; {totals_line(report['summary'])}")
    else:
        print_outcome(outcome, block, impl, options.mode)
    return max(status, 2) if unwritten else status
