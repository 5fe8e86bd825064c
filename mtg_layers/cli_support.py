"""What every command of the CLI shares (an edge): the console and friendly error handling."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console

from reference.versions import ProfileError

from .corpus import CASES_DIR, CorpusError

F = TypeVar("F", bound=Callable[..., Any])


def console(stderr: bool = False) -> Console:
    """The console for people-facing output (wide enough for traces when piped)."""
    return Console(width=None if sys.stdout.isatty() else 160, stderr=stderr)


def friendly_errors(func: F) -> F:
    """Bad input becomes a clear message and exit status 2, never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (CorpusError, ProfileError) as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


corpus_option = click.option(
    "--corpus",
    "corpus_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=CASES_DIR,
    help="Directory of case files (default: the bundled corpus).",
)
