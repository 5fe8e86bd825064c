"""The ``mtg-layers conformance`` command: an engine's adapter run over the corpus, or over generated boards
with ``--generated`` (``fuzz_cli``), known failures read and written, and the reports written; ``mtg_layers.cli``
loads it lazily by name and it does not import ``mtg_layers.cli``, so it imports on its own."""

from __future__ import annotations

import contextlib
import datetime as dt
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import click

from mtg_layers import __version__
from reference.versions import get_version

from ..cli_support import Seconds, corpus_option, friendly_errors, warn_about_version
from ..cli_support import console as _console
from ..corpus import CorpusError
from .expectations import Expectations, Failure, Ran, load_expectations, merge_lines, merged
from .expectations import write_expectations as write_expectations_file
from .fuzz_cli import run_generated, split_tags
from .protocol import DEFAULT_MAX_LINE, PROTOCOL_VERSION, corpus_digest, load_suite
from .reports import (
    ReportPathError,
    build_report,
    json_text,
    junit_xml,
    markdown,
    print_tables,
    streamed,
    totals_line,
    write_each,
    write_json,
)
from .runner import FAILING, Interrupted, Runner, RunnerOptions, RunResult, exit_status, plan, unused_expectations
from .shrink import DEFAULT_SHRINK_CALLS


class _Stops:
    """SIGTERM (a cancelled CI job) and SIGINT stop a corpus run the same way: the adapter is killed and
    the reports are written with every judged run (SIGKILL cannot be caught; the JSON report is rewritten
    after every case). A signal that comes while the corpus is still loading is held until the report can
    be written, so a run stopped before its first run still leaves one. SIGINT is caught even where the
    process inherited it ignored (a background job of a script)."""

    SIGNALS = (signal.SIGTERM, signal.SIGINT)

    def __init__(self) -> None:
        self.pending: str | None = None
        self.armed = False
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> _Stops:
        if threading.current_thread() is threading.main_thread():
            for s in self.SIGNALS:
                self.previous[s] = signal.signal(s, self.stop)
        return self

    def __exit__(self, *_exc: object) -> None:
        for s, handler in self.previous.items():
            signal.signal(s, handler)

    def stop(self, signum: int, _frame: object) -> None:
        """The handler: stop now once armed, else remember the first signal."""
        name = signal.Signals(signum).name
        if self.armed:
            raise Interrupted(name)
        self.pending = self.pending or name

    def arm(self) -> None:
        """From here a signal stops the run at once (one held since loading does so now)."""
        self.armed = True
        if self.pending:
            raise Interrupted(self.pending)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


@click.command(context_settings={"ignore_unknown_options": True})
@corpus_option
@click.option("--id", "ids", multiple=True, help="Only this case id (repeatable).")
@click.option("--feature", "features", multiple=True, help="Only cases with this feature tag (repeatable).")
@click.option("--rules", "rules", multiple=True, help="Only this rules version (repeatable).")
@click.option("--mode", type=click.Choice(["persistent", "oneshot"]), default="persistent", show_default=True)
@click.option(
    "--timeout",
    type=Seconds(),
    default=10.0,
    show_default=True,
    help="Seconds an adapter has for one run.",
)
@click.option(
    "--start-timeout",
    type=Seconds(),
    default=30.0,
    show_default=True,
    help="Seconds an adapter has to start.",
)
@click.option(
    "--max-line",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_LINE,
    show_default=True,
    help="Longest answer (bytes).",
)
@click.option(
    "--deadline",
    type=Seconds(),
    default=None,
    help="Seconds for the whole run; runs left when it passes are reported as errors (not run).",
)
@click.option(
    "--max-timeouts",
    type=click.IntRange(min=0),
    default=5,
    show_default=True,
    help="Stop sending runs after this many timeouts in a row (0: never); the rest are reported as not run.",
)
@click.option("--expectations", "expectations_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--strict", is_flag=True, help="Fail the run when a known failure passes (fixed).")
@click.option(
    "--write-expectations",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the failures as an expectations file, merged with it if it exists (reasons kept, fixed dropped).",
)
@click.option(
    "--report-json", type=click.Path(dir_okay=False, path_type=Path), help="JSON report (written as it goes)."
)
@click.option("--junit", type=click.Path(dir_okay=False, path_type=Path), help="JUnit XML report.")
@click.option("--markdown", "markdown_file", type=click.Path(dir_okay=False, path_type=Path), help="Markdown summary.")
@click.option("--quiet", is_flag=True, help="No tables; only the final line.")
@click.option("--generated", type=int, help="Fuzz: send N generated boards instead of the corpus (docs: Fuzzing).")
@click.option("--seed", type=int, default=0, show_default=True, help="With --generated: the seed.")
@click.option(
    "--real-cards", is_flag=True, help="With --generated: boards of catalogue cards only (real names and Oracle text)."
)
@click.option("--features", "gen_features", multiple=True, help="With --generated: only these tags (comma-separated).")
@click.option("--weights", multiple=True, help="With --generated: TAG=N,… how often the generator picks each feature.")
@click.option(
    "--shrink-budget",
    type=click.IntRange(min=0),
    default=DEFAULT_SHRINK_CALLS,
    show_default=True,
    help="Engine calls per shrink (a count, not seconds: a board shrinks the same on any machine).",
)
@click.option("--max-shrink", type=int, default=3, show_default=True, help="Kinds of disagreement to shrink.")
@click.option(
    "--findings",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("fuzz-findings"),
    show_default=True,
    help="With --generated: where shrunk boards are written as case files.",
)
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
@friendly_errors
def conformance(
    corpus_dir: Path,
    ids: tuple[str, ...],
    features: tuple[str, ...],
    rules: tuple[str, ...],
    mode: str,
    timeout: float,
    start_timeout: float,
    max_line: int,
    deadline: float | None,
    max_timeouts: int,
    expectations_file: Path | None,
    strict: bool,
    write_expectations: Path | None,
    report_json: Path | None,
    junit: Path | None,
    markdown_file: Path | None,
    quiet: bool,
    generated: int | None,
    seed: int,
    real_cards: bool,
    gen_features: tuple[str, ...],
    weights: tuple[str, ...],
    shrink_budget: int,
    max_shrink: int,
    findings: Path,
    command: tuple[str, ...],
) -> None:
    """Run an engine's adapter over the corpus and report how it agrees: `conformance [OPTIONS] -- COMMAND ARGS…`.

    COMMAND is run as an argument vector (no shell). Exit status 0 when every run not
    expected to fail passes; 1 otherwise; 2 for bad input.
    """
    for name in rules:  # an id, an alias or a date (issue 29); a bad one is an error line, a date may warn
        get_version(name)
        warn_about_version(name)
    split_tags(features, "--feature")  # a misspelt tag is an error with the nearest one, not an empty run
    if real_cards and generated is None:
        raise CorpusError("--real-cards", "", "draws generated boards: give --generated N too")
    if generated is not None:
        if ids or features or expectations_file or write_expectations:
            raise CorpusError("--generated", "", "--id, --feature and expectations files are for corpus runs")
        runner_options = RunnerOptions(command, mode, timeout, start_timeout, max_line)
        sys.exit(
            run_generated(
                count=generated,
                seed=seed,
                real_cards=real_cards,
                features=gen_features,
                weights=weights,
                rules=rules,
                shrink_budget=shrink_budget,
                max_shrink=max_shrink,
                findings=findings,
                options=runner_options,
                report_json=report_json,
                junit=junit,
                markdown_file=markdown_file,
                quiet=quiet,
            )
        )
    stops = click.get_current_context().with_resource(_Stops())  # handlers restored when the command ends
    suite = load_suite(corpus_dir)
    expectations = load_expectations(expectations_file) if expectations_file else Expectations()
    jobs = plan(suite, ids, features, rules)
    if not jobs:
        raise CorpusError(str(corpus_dir), "", "no case, step and rules version matches the filters")
    header: dict[str, Any] = {
        "suite": {
            "name": "mtg-layers",
            "version": __version__,
            "corpus_sha256": corpus_digest(suite),
            "cases": len(suite),
        },
        "protocol_version": PROTOCOL_VERSION,
        "implementation": None,
        "adapter": {
            "command": list(command),
            "mode": mode,
            "timeout_s": timeout,
            "max_line": max_line,
            "starts": 0,
            "warnings": [],
        },
        "filters": {"ids": list(ids), "features": list(features), "rules": list(rules)},
        "expectations": str(expectations_file) if expectations_file else None,
        "strict": strict,
        "started_at": _now(),
        "finished_at": None,
        "planned_runs": len(jobs),
        "interrupted": None,
        "stopped": None,
    }
    gathered: list[RunResult] = []
    err = _console(stderr=True)

    def snapshot(complete: bool, status: int | None = None) -> dict[str, Any]:
        header["implementation"] = runner.session.implementation
        header["adapter"]["starts"] = runner.session.starts
        header["adapter"]["warnings"] = list(runner.session.warnings)
        header["stopped"] = runner.session.stopped
        unused = [u.as_dict() for u in unused_expectations(expectations, gathered)] if complete else []
        return build_report(header, gathered, complete, status, unused)

    def on_result(result: RunResult) -> None:
        last_of_case = result.seq == len(jobs) or jobs[result.seq].case.id != result.case
        gathered.append(result)
        if not quiet and result.verdict in ("error", "timeout"):
            err.print(
                f"{result.case} [{result.rules}] step {result.step}: {result.verdict}: {result.message}",
                markup=False,
                highlight=False,
            )
        if report_json is not None and last_of_case and not streamed(report_json):
            # a FIFO or device gets the one final report, not a snapshot after every case
            with contextlib.suppress(ReportPathError):  # said once, if the final report cannot be written
                write_json(report_json, snapshot(complete=False))

    options = RunnerOptions(
        argv=command,
        mode=mode,
        timeout=timeout,
        start_timeout=start_timeout,
        max_line=max_line,
        expectations=expectations,
        deadline=deadline,
        max_timeouts=max_timeouts,
    )
    runner = Runner(options, on_result)

    unwritten: list[ReportPathError] = []

    def write_reports(report: dict[str, Any]) -> None:
        """Every report asked for; one that cannot be written is said on stderr and the others still are."""
        for exc in write_each(
            [
                (report_json, lambda: json_text(report)),
                (junit, lambda: junit_xml(report, strict)),
                (markdown_file, lambda: markdown(report)),
            ]
        ):
            unwritten.append(exc)
            click.echo(f"error: {exc}", err=True)

    try:
        stops.arm()
        results = runner.run(jobs)
    except (KeyboardInterrupt, Interrupted) as exc:
        # Every run judged so far goes into every report; the adapter is already killed.
        name = exc.signal_name if isinstance(exc, Interrupted) else "SIGINT"
        header["interrupted"] = name
        header["finished_at"] = _now()
        code = 128 + int(getattr(signal, name))
        write_reports(snapshot(complete=False, status=code))
        err.print(
            f"interrupted by {name} after {len(gathered)} of {len(jobs)} runs; the reports hold every judged run",
            markup=False,
            highlight=False,
        )
        sys.exit(code)
    status = exit_status(results, strict)
    header["finished_at"] = _now()
    report = snapshot(complete=True, status=status)
    write_reports(report)
    out = _console()
    if write_expectations is not None:
        # Merged with the file when it exists (issue 33): its reasons kept, fixed entries dropped and listed.
        ran = [
            Ran(Failure(r.case, r.rules, r.step, r.steps, r.message), r.status in FAILING)
            for r in results
            if r.status != "skip"
        ]
        before = load_expectations(write_expectations) if write_expectations.exists() else Expectations()
        update = merged(before, ran)
        impl = runner.session.implementation or {}
        write_expectations_file(write_expectations, update.entries, before.implementation or impl.get("name"))
        for line in merge_lines(write_expectations, update):
            out.print(line, markup=False, highlight=False)
    if not quiet:
        impl = runner.session.implementation or {}
        out.print(
            f"adapter: {impl.get('name', 'unknown')} {impl.get('version', '')} ({impl.get('language', '?')}), "
            f"{mode} mode, started {runner.session.starts} time(s)",
            markup=False,
            highlight=False,
        )
        print_tables(out, results)
        for u in report["summary"]["unused_expectations"]:
            out.print(f"expectation matched no run: {u}", markup=False, highlight=False)
    else:
        out.print(totals_line(report["summary"]), markup=False, highlight=False)
    sys.exit(max(status, 2) if unwritten else status)
