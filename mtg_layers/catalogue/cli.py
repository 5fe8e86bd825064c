"""The ``mtg-layers ask`` command (an edge): cards by name in, the answer and its trace out."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from ..cli_support import console, friendly_errors


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--rules", default=None, help="Rules version: an id, an alias (m10), 'current' (default) or a date.")
@click.option(
    "--save", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write the board as a case file."
)
@click.option("--no-trace", is_flag=True, help="Print the answer only.")
@friendly_errors
def ask(cards: tuple[str, ...], rules: str | None, save: Path | None, no_trace: bool) -> None:
    """Ask by card names, in the order they entered: ask "Humility" "Opalescence" "Grizzly Bears".

    Each argument: `[activate[ N] ]NAME[ @p2][ > TARGET][ [COUNTERS]]` (see docs/catalogue.md).
    """
    from ..analysis.terminal_render import print_explanation, result_table
    from ..cli import choose_version
    from ..corpus import case_from_data
    from ..corpus.serialise import to_yaml
    from .ask import build
    from .load import catalogue

    version = choose_version(rules, None)
    case_data = build(cards, catalogue(), version.id, lambda data, n: answer(data, n, version))
    case = case_from_data(case_data, "ask")
    from ..checking.results import board_result
    from ..checking.verify import step_board

    board, resolution = step_board(case, len(case.steps), version)  # 614.12: an open entry's recorded order
    out = console()
    if not no_trace:
        print_explanation(out, board, resolution, version, f"trace ({version.id})")
    else:
        out.print(result_table(board_result(board, resolution.final), f"ask, rules {version.id}"))
    if save is not None:
        save.write_text(to_yaml(case_data), "utf-8")
        out.print(f"saved as {save}", markup=False, highlight=False)


def answer(data: Mapping[str, Any], step: int, version: Any) -> dict[str, dict[str, Any]]:
    """The board a partly built ask case shows after a step (for targets and abilities)."""
    from ..checking.verify import resolve_step
    from ..corpus import case_from_data

    case = case_from_data(dict(data), "ask", schema_check=False)
    return resolve_step(case, step, version)[1]


@click.group("catalogue")
def catalogue_group() -> None:
    """The card catalogue (corpus/catalogue/cards.yaml)."""


@catalogue_group.command("link-cases")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when a case would change.")
@click.option(
    "--unmodelled",
    is_flag=True,
    help="Also link when the only differences are abilities the format does not model, or another wording of the "
    "same ability (renamed to the card's wording throughout the case); lists what differs.",
)
@friendly_errors
def link_cases(paths: tuple[Path, ...], check: bool, unmodelled: bool) -> None:
    """Rewrite case objects that write a catalogue card out into `card:` references, when the case loads the same.

    PATHS: case files or directories (default: the corpus). Safe to run again: it changes nothing then. Tokens
    named as a card keep the values the case gives them (111.4, 707.9) and are counted apart.
    """
    import sys

    from ..corpus.load import case_files
    from ..paths import CASES_DIR
    from .link import link_files
    from .load import catalogue

    files: list[Path] = []
    for p in paths or (CASES_DIR,):
        files.extend(case_files(p) if p.is_dir() else [p])
    reports = link_files(files, catalogue(), write=not check, unmodelled=unmodelled)
    out = console()
    changed = [r for r in reports if r.text is not None]
    for r in reports:
        if r.linked:
            out.print(f"{r.path}: now refers to {', '.join(r.linked)}", markup=False, highlight=False)
        for old, new in r.renamed:
            out.print(f"{r.path}: wording {old!r} written {new!r}", markup=False, highlight=False)
        for oid, text in r.added:
            out.print(f"{r.path}: {oid} now has the unmodelled {text!r}", markup=False, highlight=False)
        for name, why in r.kept:
            out.print(f"{r.path}: {name} left written out: {why}", markup=False, highlight=False)
    linked = sum(len(r.linked) for r in reports)
    kept = sum(len(r.kept) for r in reports)
    tokens = sum(len(r.tokens) for r in reports)
    verb = "would change" if check else "changed"
    out.print(
        f"{len(files)} files, {verb} {len(changed)}: {linked} cards linked, {kept} left written out "
        f"({tokens} tokens named as cards keep their own values)"
    )
    if check and changed:
        sys.exit(1)


@catalogue_group.command("made-up")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--unmarked", is_flag=True, help="Only the objects not yet marked made_up.")
@friendly_errors
def made_up(paths: tuple[Path, ...], unmarked: bool) -> None:
    """List case objects that name no card and whose name the catalogue does not know (made-up candidates).

    PATHS: case files or directories (default: the corpus).
    """
    from ..corpus.load import case_files
    from ..paths import CASES_DIR
    from .load import catalogue
    from .made_up import candidates

    files: list[Path] = []
    for p in paths or (CASES_DIR,):
        files.extend(case_files(p) if p.is_dir() else [p])
    found = [c for c in candidates(files, catalogue()) if not (unmarked and c.marked)]
    out = console()
    for c in found:
        mark = "marked" if c.marked else "unmarked"
        out.print(f"{c.path}: {c.where}: {c.name} ({mark})", markup=False, highlight=False)
    out.print(f"{len(found)} objects, {sum(not c.marked for c in found)} unmarked")
