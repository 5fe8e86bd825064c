"""The `mtg-layers mutants` command (an edge): the kill matrix of the named misreadings on the corpus."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..cli_support import corpus_option, friendly_errors


@click.command("mutants")
@corpus_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list (id, rule, misreading, caught_by).")
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the page 'What passing the corpus means'.")
@click.option("--only", "only", multiple=True, help="Only these misreading ids (repeatable).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@friendly_errors
def mutants(corpus_dir: Path, as_json: bool, as_markdown: bool, only: tuple[str, ...], jobs: int) -> None:
    """Run every named misreading against the corpus's golden answers alone; exit 0 only if each is caught."""
    from ..corpus import load_corpus
    from .kill_matrix import fingerprint, markdown, matrix, text_report

    rows = matrix(load_corpus(corpus_dir), only, jobs)
    if as_json:
        click.echo(json.dumps([r.as_json() for r in rows], indent=2, ensure_ascii=False))
    elif as_markdown:
        click.echo(markdown(rows, fingerprint(corpus_dir)), nl=False)
    else:
        click.echo(text_report(rows), nl=False)
    sys.exit(0 if all(r.caught for r in rows) else 1)
