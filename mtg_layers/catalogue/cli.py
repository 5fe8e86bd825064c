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
    from reference.case import board_at

    from ..analysis.terminal_render import print_explanation, result_table
    from ..cli import choose_version
    from ..corpus import case_from_data
    from ..corpus.serialise import to_yaml
    from .ask import build
    from .load import catalogue

    version = choose_version(rules, None)
    case_data = build(cards, catalogue(), version.id, lambda data, n: answer(data, n, version))
    case = case_from_data(case_data, "ask")
    from ..checking.verify import resolve_step

    resolution, result = resolve_step(case, len(case.steps), version)
    out = console()
    if not no_trace:
        print_explanation(out, board_at(case, len(case.steps), version), resolution, version, f"trace ({version.id})")
    else:
        out.print(result_table(result, f"ask, rules {version.id}"))
    if save is not None:
        save.write_text(to_yaml(case_data), "utf-8")
        out.print(f"saved as {save}", markup=False, highlight=False)


def answer(data: Mapping[str, Any], step: int, version: Any) -> dict[str, dict[str, Any]]:
    """The board a partly built ask case shows after a step (for targets and abilities)."""
    from ..checking.verify import resolve_step
    from ..corpus import case_from_data

    case = case_from_data(dict(data), "ask", schema_check=False)
    return resolve_step(case, step, version)[1]
