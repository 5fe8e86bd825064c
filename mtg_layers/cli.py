"""The `mtg-layers` command (an edge): verify, explain, resolve, versions."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .cli_support import LazyGroup, Seconds, console, corpus_option, friendly_errors, warn_about_version

if TYPE_CHECKING:
    from reference.case import Case
    from reference.versions import RulesVersion

# Imports are made where they are used: `mtg-layers --help` and `versions` stay quick (issue 13).


def choose_version(rules: str | None, rules_file: Path | None) -> RulesVersion:
    """The rules version asked for: a profile file, a built-in id, or the current one."""
    from reference.versions import get_version

    from .corpus.profile_file import load_profile

    if rules_file is not None:
        return load_profile(rules_file)
    version = get_version("current" if rules is None else rules)
    warn_about_version(rules)
    return version


def find_case(ref: str, corpus_dir: Path) -> Case:
    """A case by id (from the corpus) or by file path."""
    from .corpus import CorpusError, load_case, load_corpus

    path = Path(ref)
    if path.suffix in (".yaml", ".yml") or "/" in ref:  # a file name (case ids have neither); a missing one is named
        return load_case(path)
    for case in load_corpus(corpus_dir):
        if case.id == ref:
            return case
    raise CorpusError(ref, "id", f"no case with id {ref!r} in {corpus_dir}")


rules_option = click.option(
    "--rules",
    "rules",
    default=None,
    help="Rules version: an id (2009-07-08), an alias (m10), 'current' (default) or a date (the one then in force).",
)
rules_file_option = click.option(
    "--rules-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="A rules profile file of your own (JSON or YAML), instead of --rules.",
)


@click.group(
    cls=LazyGroup,
    lazy_commands={
        "ask": (
            "mtg_layers.catalogue.cli",
            "ask",
            "Ask by card names (the catalogue): the answer and its trace under a rules version.",
        ),
        "catalogue": (
            "mtg_layers.catalogue.cli",
            "catalogue_group",
            "The card catalogue: link the corpus's cases to it (link-cases).",
        ),
        "conformance": (
            "mtg_layers.conformance.cli",
            "conformance",
            "Run an engine's adapter over the corpus and report how it agrees.",
        ),
        "mutants": (
            "mtg_layers.checking.kill_matrix_cli",
            "mutants",
            "Run every named misreading against the corpus's golden answers alone (the kill matrix).",
        ),
    },
)
@click.version_option(package_name="mtg-layers")
def main() -> None:
    """A verified reference for Magic: The Gathering's layer system (CR 613 and 418.5)."""


@main.command()
@corpus_option
@click.option("--case", "case_ids", multiple=True, help="Only these case ids (repeatable).")
@click.option("--z3/--no-z3", "use_z3", default=True, help="Cross-check every answer with the z3 encoding.")
@click.option(
    "--z3-budget",
    type=Seconds(),
    default=300.0,
    show_default=True,
    help=(
        "CPU seconds of z3 cross-check per case and rules version (wall-clock seconds where the system does not "
        "report a process's CPU time); past it: not verified (CPU budget). Each z3 check inside is bounded by z3's "
        "resource count (proofs.crosscheck.RLIMIT), not by time."
    ),
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes for the cases (default: the number of CPUs).",
)
@friendly_errors
def verify(corpus_dir: Path, case_ids: tuple[str, ...], use_z3: bool, z3_budget: float, jobs: int | None) -> None:
    """Resolve every case under every rules version it declares and compare with its answers."""
    import os

    from rich.table import Table

    from .checking import z3_record
    from .checking.verify import CaseVerdict, verify_cases
    from .corpus import load_corpus_tolerant
    from .paths import CASES_DIR

    cases, load_errors = load_corpus_tolerant(corpus_dir)  # a file that does not load is an errored case
    if case_ids:
        cases = [c for c in cases if c.id in case_ids]
    crosscheck = use_z3 and _z3_checker() is not None
    out = console()
    table = Table(title=f"mtg-layers verify: {len(cases)} cases")
    for col in ("case", "version", "steps", "golden") + (("z3",) if crosscheck else ()):
        table.add_column(col)
    failures = 0
    rows = 0
    z3_fail = 0
    z3_timeouts = 0
    z3_limits = 0
    z3_unread = 0
    details: list[str] = []
    record = crosscheck and corpus_dir.resolve() == CASES_DIR.resolve()  # the bundled corpus: kept for its readers
    key = z3_record.fingerprint() if record else ""
    kept: list[tuple[str, str, str, tuple[str, ...]]] = []
    verdicts: Iterable[CaseVerdict] = verify_cases(cases, crosscheck, jobs or os.cpu_count() or 1, z3_budget)
    if sys.stderr.isatty():  # a long run shows how far it is (on a terminal only: logs stay clean)
        from rich.progress import track

        verdicts = track(verdicts, total=len(cases), description="verify", console=console(stderr=True), transient=True)
    for case, verdict in zip(cases, verdicts, strict=True):
        checks = verdict.checks
        for vid in case.versions:
            mine = [c for c in checks if c.version == vid]
            bad = [c for c in mine if not c.ok]
            rows += 1
            golden = "[green]pass[/green]" if not bad else "[red]FAIL[/red]"
            if any(c.choice for c in mine) and not bad:
                golden = "[green]pass[/green] (depends on a choice)"
            cells = [case.id, vid, str(len(mine)), golden]
            for c in mine:
                if c.choice and c.ok:
                    details.append(f"{case.id} step {c.step} [{vid}]: {c.choice}")
            if bad:
                failures += 1
                for c in bad:
                    if c.error:
                        details.append(f"{case.id} step {c.step} [{vid}]: error {c.error}")
                    for m in c.mismatches:
                        where = f"{case.id} step {c.step} [{vid}]: {m.object}.{m.field}"
                        want, got = json.dumps(_plain(m.expected)), json.dumps(_plain(m.actual))
                        details.append(f"{where} expected {want}, got {got}")
            if crosscheck:
                status, info = verdict.z3[vid]
                kept.append((case.id, vid, status, info))
                if status == "not encoded":  # an honest gap of the encoding, named, not a failure
                    z3_unread += 1
                elif status != "verified":
                    from .checking.z3_crosscheck import OUT_OF_BUDGET  # loaded already: ``crosscheck`` asked it

                    z3_fail += 1
                    z3_timeouts += status == OUT_OF_BUDGET
                    z3_limits += any("resource limit" in line for line in info)
                if status != "verified":
                    details.extend(f"{case.id} [{vid}] z3: {line}" for line in info)
                colour = {"verified": "green", "not encoded": "yellow"}.get(status, "red")
                cells.append(f"[{colour}]{status}[/{colour}]")
            table.add_row(*cells)
    for err in load_errors:  # reported as errored cases; the others ran
        rows += 1
        failures += 1
        table.add_row(*([err.file, "-", "-", "[red]ERROR[/red]"] + (["-"] if crosscheck else [])))
        details.append(f"{err.file}: error: {err.field or '(top level)'}: {err.message}")
    if record and z3_record.fingerprint() == key:  # nothing changed while it ran: the verdicts are the code's
        z3_record.write(key, kept)
    out.print(table)
    for d in details:
        out.print(d, markup=False, highlight=False)
    summary = f"{rows - failures} passed, {failures} failed"
    if load_errors:
        summary += f", {len(load_errors)} case file(s) could not be loaded"
    if crosscheck:
        verified = rows - len(load_errors) - z3_fail - z3_unread
        summary += f" (z3: {verified} verified, {z3_unread} not encoded, {z3_fail} not verified)"
    out.print(f"{len(cases)} cases, {rows} case/version pairs: {summary}", markup=False, highlight=False)
    if z3_fail and not failures and not load_errors:  # the answers pass: say why the run still fails
        why = f"{z3_fail} case/version pair(s) not verified by z3"
        if z3_timeouts:
            why += f" ({z3_timeouts} ran out of the --z3-budget of {z3_budget:g} CPU s: raise it)"
        if z3_limits:
            why += f" ({z3_limits} reached z3's resource limit per check, proofs.crosscheck.RLIMIT)"
        out.print(f"verify fails: {why}", markup=False, highlight=False)
    # a file that does not load is bad input (exit 2, as every command reports it); failed answers exit 1
    for err in load_errors:  # on stderr too, in the form every command uses for bad input
        click.echo(f"error: {err}", err=True)
    sys.exit(2 if load_errors else 1 if failures or z3_fail else 0)


def _z3_checker() -> Callable[[Case, RulesVersion, float], tuple[str, list[str]]] | None:
    """The z3 cross-check, when the proofs package is available."""
    try:
        from mtg_layers.checking.z3_crosscheck import crosscheck_case  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return crosscheck_case  # type: ignore[no-any-return]


@main.command()
@click.argument("case_ref")
@rules_option
@rules_file_option
@click.option("--step", type=int, default=None, help="Step number (default: the last).")
@corpus_option
@friendly_errors
def explain(case_ref: str, rules: str | None, rules_file: Path | None, step: int | None, corpus_dir: Path) -> None:
    """Print the layer-by-layer trace of a case: each effect, why it applied then, and the values after it."""
    from reference_optimized import resolve as resolve_board

    from .analysis.terminal_render import print_explanation, result_table
    from .checking.results import board_result, own_boards
    from .checking.verify import step_board, step_boards

    case = find_case(case_ref, corpus_dir)
    version = choose_version(rules, rules_file)
    n = _step_number(case, step)
    board, resolution = step_board(case, n, version)
    result = board_result(board, resolution.final)
    out = console()
    out.print(f"[bold]{case.id}[/bold]: {case.title}", highlight=False)
    out.print(f"step {n}/{len(case.steps)}: {case.steps[n - 1].description}", markup=False, highlight=False)
    out.print(f"rules version: {version.id} — {version.title}", markup=False, highlight=False)
    print_explanation(out, board, resolution, version, f"trace ({version.id})")
    for tie in resolution.ties:
        out.print(f"tie in {tie.slot}: {tie.describe()}", markup=False, highlight=False)
    found, boards = step_boards(case, n, version)
    results = [board_result(b, o.final) for b, o in zip(boards, found.outcomes, strict=True)]
    if not found.complete:  # 613.7m: the outcomes below may not be every one the rules allow
        out.print(INCOMPLETE.format(runs=found.runs), markup=False, highlight=False)
    if len(found.outcomes) > 1:
        ties = "; ".join(t.describe() for t in (found.mattering or found.ties))
        out.print(f"the answer depends on a choice: {ties}", markup=False, highlight=False)
        own = own_boards(boards)  # 614.12: an entry read under each order, each traced
        for k, (o, r, b) in enumerate(zip(found.outcomes, results, boards, strict=True), start=1):
            order = ", then ".join(o.orders[0]) if o.orders and o.orders[0] else "any"
            if own:
                print_explanation(out, b, resolve_board(b, version), version, f"trace of outcome {k} ({version.id})")
            out.print(result_table(r, f"outcome {k} (order chosen: {order})"))
    step_expect = case.steps[n - 1].expect
    expect = next((step_expect[k] for k in (version.id, *version.aliases) if k in step_expect), None)
    if expect is not None:
        out.print(
            f"expected ({version.id}): {json.dumps(_plain(expect), ensure_ascii=False)}", markup=False, highlight=False
        )
        for line in differing_lines(_plain(expect), list(results) or [result]):
            if not found.complete:
                line += " (on the outcomes found: not every order was tried)"
            out.print(line, markup=False, highlight=False)


# 613.7m: what `explain` says when the enumeration of the tied orders stopped at its limit (reference.choices.LIMIT)
INCOMPLETE = (
    "not every order was tried: the enumeration of the tied effects' orders stopped at its limit ({runs} resolutions); "
    "the outcomes below are those found, not necessarily every one the rules allow"
)


def differing_lines(expect: Mapping[str, Any], results: Sequence[Mapping[str, Any]]) -> list[str]:
    """The fields where the result differs from the expectation, each marked (issue 33), in JSON forms."""
    from .checking.results import compare

    per_outcome = [compare(expect, r) for r in results]
    found = per_outcome[0] if all(per_outcome) else []
    if not found:
        return ["result: matches the expected values"]
    lines = [f"result: differs from the expected values at {len(found)} field(s):"]
    for m in found:
        want, got = json.dumps(_plain(m.expected), ensure_ascii=False), json.dumps(_plain(m.actual), ensure_ascii=False)
        lines.append(f"  ✗ {m.object}.{m.field}: expected {want}, result {got}")
    return lines


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# issue 33: the profiles cite the texts the project read by their names in its sources folder, which is not part of
# this repository or the package; say so, and where anyone can read the same rules.
SOURCES_NOTE = (
    "(The 'rule text read' lines name the Comprehensive Rules texts the project read, by their file names in its "
    "sources folder (rules/..., seeds/...), which is not part of this repository or the package; the rules of every "
    "date are public: https://github.com/LaurieCheers/CompRulesHistory and https://magic.wizards.com/en/rules.)"
)


def _step_number(case: Case, step: int | None) -> int:
    from .corpus import CorpusError

    if step is None:
        return len(case.steps)
    if not 1 <= step <= len(case.steps):
        raise CorpusError(case.path or case.id, "--step", f"expected a step from 1 to {len(case.steps)}, got {step}")
    return step


@main.command()
@click.argument("file", type=click.Path(path_type=Path))  # the loader names a missing, dangling or odd file
@rules_option
@rules_file_option
@click.option("--step", type=int, default=None, help="Step number (default: the last).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object keyed by object id.")
@friendly_errors
def resolve(file: Path, rules: str | None, rules_file: Path | None, step: int | None, as_json: bool) -> None:
    """Resolve any case file (your own board) and print every object's characteristics."""
    from .analysis.terminal_render import result_table
    from .checking.verify import resolve_step, step_outcomes
    from .corpus import load_case
    from .corpus.profile_file import load_profile

    case = load_case(file, {rules_file.stem: load_profile(rules_file)} if rules_file else None)
    version = choose_version(rules, rules_file)
    n = _step_number(case, step)
    resolution, result = resolve_step(case, n, version)  # 614.12: an entry under an open order: undecided, see below
    # 613.7m: when the answer depends on an order the rules leave to a player (or leave open), every
    # outcome is shown, never one of them as if it were the answer.
    found, results = step_outcomes(case, n, version) if resolution.undecided else (None, [result])
    if found is None or (len(results) == 1 and found.complete):
        if as_json:
            click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            console().print(result_table(result, f"{case.id}, step {n}, rules {version.id}"))
        return
    ties = [t.describe() for t in (found.mattering or found.ties)]
    differ = sorted(
        f"{o}.{f}"
        for o in sorted(results[0])
        for f in results[0][o]
        if len({json.dumps(r.get(o, {}).get(f), sort_keys=True) for r in results}) > 1
    )
    orders = [list(o.orders[0]) if o.orders else [] for o in found.outcomes]
    if as_json:
        shown = [{"order": order, "objects": r} for order, r in zip(orders, results, strict=True)]
        report = {"depends_on_choice": ties, "differ": differ, "complete": found.complete, "outcomes": shown}
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
        return
    out = console()
    if len(results) > 1:
        out.print(f"the answer depends on a choice: {'; '.join(ties)}", markup=False, highlight=False)
        out.print(f"what differs between the outcomes: {', '.join(differ)}", markup=False, highlight=False)
    if not found.complete:  # 613.7m: one outcome found is not the answer when not every order was tried
        out.print(INCOMPLETE.format(runs=found.runs), markup=False, highlight=False)
    for k, (order, r) in enumerate(zip(orders, results, strict=True), start=1):
        title = f"{case.id}, step {n}, rules {version.id}: outcome {k} (order chosen: {', then '.join(order) or 'any'})"
        out.print(result_table(r, title))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the versions as JSON.")
def versions(as_json: bool) -> None:
    """The timeline of rules versions: dated profiles with their aliases, texts, changes and slots."""
    from reference.versions import CURRENT, FLAGS, builtin_versions, era_end

    vs = builtin_versions()
    if as_json:
        data = [
            {
                "id": v.id,
                "aliases": list(v.aliases),
                "based_on": v.based_on,
                "title": v.title,
                "from": v.in_force_from,
                "to": v.in_force_to,
                "era_to": era_end(v),
                "source": v.source_text,
                "source_note": SOURCES_NOTE,
                "source_date": v.source_date,
                "changes": list(v.changes),
                "clarifications": list(v.clarifications),
                "slots": [{"id": s.id, "layer": s.layer, "name": s.name, "rule": s.rule} for s in v.slots],
                "flags": {f: getattr(v, f) for f in FLAGS},
                "current": v.id == CURRENT,
            }
            for v in vs.values()
        ]
        from .docs_site.rules_history import history_json, load_history

        click.echo(json.dumps({"versions": data, "history": history_json(load_history())}, indent=2))
        return
    # Plain text, not a rich table: this command answers before rich would have loaded.
    click.echo("Rules versions, oldest first (--rules takes an id, an alias, 'current' or any date):")
    click.echo(SOURCES_NOTE)
    click.echo("")
    for v in vs.values():
        aliases = ", ".join([*v.aliases, *(["current"] if v.id == CURRENT else [])])
        click.echo(f"{v.id}" + (f" ({aliases})" if aliases else "") + f": {v.title}")
        click.echo(f"  in force: {v.in_force_from} to {v.in_force_to or 'now'}" + _era_note(v))
        click.echo(f"  rule text read: {v.source_text} ({v.source_date})")
        for c in v.changes:
            click.echo(f"  change: {c}")
        for c in v.clarifications:
            click.echo(f"  clarification (no answer changes): {c}")
        if v.based_on:
            click.echo(f"  slots: as {v.based_on}")
        else:
            click.echo("  slots:")
            for slot in v.slots:
                click.echo(f"    {slot.id}: {slot.name} ({slot.rule})")
        click.echo("")
    from .docs_site.rules_history import history_lines, load_history

    for line in history_lines(load_history()):
        click.echo(line)


def _era_note(version: RulesVersion) -> str:
    """After a profile's own days: the dates its era continues with dated changes applied (reference.history)."""
    from reference.versions import era_end

    end = era_end(version)
    if end == version.in_force_to:
        return ""
    return f" (then, with the dated changes below, the base of every date to {end or 'now'})"


@main.command("docs")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("docs/cases"), show_default=True)
@corpus_option
@friendly_errors
def docs_pages(out: Path, corpus_dir: Path) -> None:
    """Generate the documentation site's case pages and corpus index from the resolver's traces."""
    from .checking import z3_record
    from .corpus import load_corpus
    from .docs_site.generated_pages import generate, generate_fragments, generate_schemas, z3_result
    from .docs_site.rule_pages import generate_rule_pages

    cases = load_corpus(corpus_dir)
    z3 = z3_record.verdicts(corpus_dir, z3_result)  # what `verify` kept for this code and corpus, else z3
    written = generate(cases, out, z3)
    click.echo(f"wrote {len(written)} pages to {out}")
    fragments = generate_fragments(cases, corpus_dir, out.parent / "generated", z3)
    click.echo(f"wrote {len(fragments)} fragments to {out.parent / 'generated'}")
    rules = generate_rule_pages(out.parent / "rules")
    click.echo(f"wrote {len(rules)} rule pages to {out.parent / 'rules'}")
    schemas = generate_schemas(out.parent / "schema")
    click.echo(f"wrote {len(schemas)} JSON Schemas to {out.parent / 'schema'}")


@main.command("engines-page")
@click.option(
    "--save",
    nargs=2,
    type=(str, click.Path(exists=True, dir_okay=False, path_type=Path)),
    default=None,
    help="First store NAME's summary from a conformance --report-json file (engines/NAME/summary.json).",
)
@friendly_errors
def engines_page(save: tuple[str, Path] | None) -> None:
    """Write docs/engines.md, the Engines measured page, from the saved summaries under engines/."""
    from .conformance import engines_page as page

    if save:
        click.echo(f"wrote {page.save(save[0], save[1])}")
    click.echo(f"wrote {page.write()}")


@main.command("coverage")
@corpus_option
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the table as Markdown (for the docs).")
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
@friendly_errors
def coverage_command(corpus_dir: Path, as_markdown: bool, as_json: bool) -> None:
    """For each implemented rule and feature tag, the cases that exercise it (rows under 2 are flagged)."""
    from rich.table import Table

    from .analysis.coverage import below_minimum, coverage, to_json, to_markdown
    from .corpus import load_corpus

    rows = coverage(load_corpus(corpus_dir))
    if as_json:
        click.echo(to_json(rows))
        return
    if as_markdown:
        click.echo(to_markdown(rows), nl=False)
        return
    table = Table(title="mtg-layers coverage")
    for col in ("kind", "row", "what", "count", "cases"):
        table.add_column(col)
    for r in rows:
        count = f"[red]{r.count}[/red]" if r.flagged else str(r.count)
        table.add_row(r.kind, r.key, r.label, count, ", ".join(r.cases))
    out = console()
    out.print(table)
    low = below_minimum(rows)
    out.print(f"{len(rows)} rows, {len(low)} with fewer than 2 cases", markup=False, highlight=False)
    labels = ", ".join(f"{r.key} {r.count}" for r in rows if r.kind == "label")
    out.print(f"cases per source label: {labels}", markup=False, highlight=False)
    labels = ", ".join(f"{r.key} {r.count}" for r in rows if r.kind == "label")
    out.print(f"cases per source label: {labels}", markup=False, highlight=False)


@main.command("rulings")
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the coverage page's Markdown (for the docs).")
@friendly_errors
def rulings_command(as_markdown: bool) -> None:
    """The official rulings listed in corpus/rulings/: found, stated as cases, not statable by missing feature."""
    from .corpus.rulings import load_rulings, summary
    from .docs_site.rulings_page import rulings_markdown

    items = load_rulings()
    if as_markdown:
        click.echo(rulings_markdown(items), nl=False)
        return
    s = summary(items)
    click.echo(f"{s['rulings']} rulings of {s['cards']} cards; {s['stated']} stated by {s['cases']} cases")
    for feature, n in s["not_statable"].items():
        click.echo(f"  not statable ({feature}): {n}")
    click.echo(f"  disagreements of the resolver: {s['disagreements']}")


@main.command()
@click.option("--only", "only", multiple=True, help="Only these theorem ids (repeatable).")
@click.option(
    "--boards",
    "n_boards",
    type=int,
    default=100,
    show_default=True,
    help="N: generated boards for the 'no counterexample in N boards' theorems.",
)
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the table as Markdown (for the docs).")
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
@click.option(
    "--observable",
    "observable",
    nargs=2,
    default=None,
    metavar="V1 V2",
    help="Instead: can rules versions V1 and V2 give some board different characteristics? (V2 may be 'file' "
    "with --rules-file)",
)
@rules_file_option
@click.option("--max-effects", type=int, default=3, show_default=True, help="With --observable: the P/T shapes' bound.")
@click.option(
    "--save",
    "save",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="With --observable: write the witness board as a case file (corpus format, status derived).",
)
@click.option(
    "--corpus-check/--no-corpus-check",
    default=True,
    show_default=True,
    help="With --observable: when no shape tells the versions apart, run `diff` over the corpus and warn "
    "if it finds a change the bound does not see.",
)
@click.option(
    "--only-family",
    "only_families",
    multiple=True,
    help="With --observable: search only these families of shapes (repeatable): pt, keyword-counters, "
    "copy-exceptions, legend-rule, negative-amounts, double-faced, same-timestamp, two-players.",
)
@friendly_errors
def prove(
    only: tuple[str, ...],
    n_boards: int,
    as_markdown: bool,
    as_json: bool,
    observable: tuple[str, str] | None,
    rules_file: Path | None,
    max_effects: int,
    save: Path | None,
    corpus_check: bool,
    only_families: tuple[str, ...],
) -> None:
    """Run the named theorems with z3 and print what each establishes, and how strongly."""
    from rich.table import Table

    from mtg_layers.checking.theorems import markdown, run  # type: ignore[import-not-found,unused-ignore]

    if observable is not None:
        _prove_observable(observable, rules_file, max_effects, only_families, save, corpus_check)
        return
    rows = run(only, n_boards)
    if as_json:
        click.echo(json.dumps([r.__dict__ for r in rows], indent=2, ensure_ascii=False))
    elif as_markdown:
        click.echo(markdown(rows), nl=False)
    else:
        table = Table(title="mtg-layers prove", show_lines=True)
        for col in ("id", "statement", "rules", "method", "bound", "status", "time"):
            table.add_column(col)
        for r in rows:
            table.add_row(r.id, r.statement, r.rules, r.method, r.bound, r.status, f"{r.seconds:.1f} s")
        out = console()
        out.print(table)
        for r in rows:
            for d in r.detail + r.witness:
                out.print(f"{r.id}: {d}", markup=False, highlight=False)
    bad = [r for r in rows if r.status in ("refuted", "unknown", "error")]
    sys.exit(1 if bad else 0)


def _prove_observable(
    names: tuple[str, str],
    rules_file: Path | None,
    max_effects: int,
    families: tuple[str, ...],
    save: Path | None = None,
    corpus_check: bool = True,
) -> None:
    """Print whether two rules versions are told apart on some board of the bounded shapes, and how."""
    from mtg_layers.checking.observable import (  # type: ignore[import-not-found,unused-ignore]
        covered_kinds,
        family_ids,
        observable,
    )
    from reference.versions import get_version

    from .corpus.profile_file import load_profile

    unknown = [f for f in families if f not in family_ids()]
    if unknown:
        raise click.UsageError(f"--only-family: unknown {unknown}; expected some of {family_ids()}")
    left = get_version(names[0])
    right = load_profile(rules_file) if names[1] == "file" and rules_file else get_version(names[1])
    for name in names:
        warn_about_version(name)
    outcome = observable(left, right, max_effects, families)
    out = console()
    verdict = {
        "found": "observable: a board tells them apart",
        "proved": "not observable within the bound",
    }.get(outcome.status, outcome.status)
    out.print(f"{left.id} vs {right.id}: {verdict}", markup=False, highlight=False)
    out.print(f"bound: {outcome.bound}", markup=False, highlight=False)
    out.print("the bound covers:", markup=False, highlight=False)
    for line in covered_kinds(max_effects, families):
        out.print(f"  - {line}", markup=False, highlight=False)
    for line in outcome.detail + outcome.witness:
        out.print(f"  {line}", markup=False, highlight=False)
    if outcome.status == "proved" and corpus_check:
        for line in _unseen_by_the_bound(left, right):
            click.echo(f"warning: {line}", err=True)
    if save is not None:
        from .corpus import CorpusError

        if outcome.witness_board is None:
            raise CorpusError(str(save), "--save", f"no witness board to save (the answer is {outcome.status!r})")
        from .checking.witness_case import witness_case
        from .corpus.serialise import to_yaml

        save.write_text(to_yaml(witness_case(outcome.witness_board, left, right, outcome.witness)), "utf-8")
        out.print(f"witness saved as a case file: {save}", markup=False, highlight=False)
    sys.exit(0 if outcome.status in ("found", "proved") else 1)


def _unseen_by_the_bound(left: Any, right: Any) -> list[str]:
    """`diff` over the bundled corpus: the steps that differ although no shape of the bound told the versions apart."""
    from .analysis.version_diff import diff_corpus
    from .paths import CASES_DIR

    found = diff_corpus(CASES_DIR, left, right)
    if not found.diffs:
        return []
    shown = ", ".join(
        f"{d.case} step {d.step} ({', '.join(sorted({f'{v.object}.{v.field}' for v in d.values})) or d.error})"
        for d in found.diffs[:3]
    )
    more = f" and {len(found.diffs) - 3} more" if len(found.diffs) > 3 else ""
    return [
        f"`mtg-layers diff {left.id} {right.id}` finds {len(found.diffs)} corpus step(s) that differ: {shown}{more}; "
        "the change is real, outside what the bound covers (above)"
    ]


@main.command()
@click.option("--oneshot", is_flag=True, help="Answer one message from stdin and exit (0 results, 1 error, 2 skip).")
def adapter(oneshot: bool) -> None:
    """The reference resolver as a conformance adapter (persistent JSON lines, or one-shot)."""
    from .adapter import handle, serve
    from .adapter import oneshot as run_oneshot

    sys.exit(run_oneshot(handle) if oneshot else serve(handle))


@main.command()
@click.argument("v1")
@click.argument("v2", required=False)
@click.option(
    "--rules-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Compare V1 with a rules profile file of your own (instead of V2).",
)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table", show_default=True)
@corpus_option
@click.option("--id", "ids", multiple=True, help="Only this case id (repeatable).")
@friendly_errors
def diff(v1: str, v2: str | None, rules_file: Path | None, fmt: str, corpus_dir: Path, ids: tuple[str, ...]) -> None:
    """Every case and step whose outcome differs between two rules versions (or V1 and --rules-file)."""
    from reference.versions import get_version

    from .analysis.version_diff import diff_corpus, diff_json, diff_markdown, print_diff
    from .corpus.profile_file import load_profile

    if (v2 is None) == (rules_file is None):
        raise click.UsageError("give either V2 or --rules-file (not both)")
    left = get_version(v1)
    right = load_profile(rules_file) if rules_file is not None else get_version(str(v2))
    for name in (v1, v2):
        warn_about_version(name)
    result = diff_corpus(corpus_dir, left, right, ids)
    if fmt == "json":
        click.echo(diff_json(result))
    elif fmt == "markdown":
        click.echo(diff_markdown(result), nl=False)
    else:
        print_diff(console(), result)
    if rules_file is not None and not result.diffs:  # issue 29: a proposal that moves nothing says so
        click.echo(f"the proposed profile {rules_file} changes no answer of the corpus ({result.steps} steps)")


@main.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Output directory (default: corpus/dist).",
)
@corpus_option
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when the files differ from the corpus.")
@friendly_errors
def export(out_dir: Path | None, corpus_dir: Path, check: bool) -> None:
    """Write the corpus as one JSON bundle (corpus.json) and an index (index.json)."""
    from .conformance.export import DIST_DIR, out_of_date, write_export

    target = out_dir or DIST_DIR
    if check:
        stale = out_of_date(target, corpus_dir)
        if stale:
            click.echo(f"{', '.join(stale)} out of date with the YAML sources; run `mtg-layers export`", err=True)
            sys.exit(1)
        click.echo(f"{target}: up to date")
        return
    written = write_export(target, corpus_dir)
    for path in written:
        click.echo(f"wrote {path}")


if __name__ == "__main__":  # pragma: no cover
    main()
