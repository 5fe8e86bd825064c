"""What every command of the CLI shares (an edge): the console and friendly error handling."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .paths import CASES_DIR

if TYPE_CHECKING:
    from rich.console import Console

F = TypeVar("F", bound=Callable[..., Any])


def console(stderr: bool = False) -> Console:
    """The console for people-facing output (wide enough for traces when piped)."""
    from rich.console import Console

    return Console(width=None if sys.stdout.isatty() else 160, stderr=stderr)


def friendly_errors(func: F) -> F:
    """Bad input becomes a clear message and exit status 2, never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from reference.versions import NotStated, ProfileError

        from .conformance.reports import ReportPathError
        from .corpus import CorpusError

        try:
            return func(*args, **kwargs)
        except (CorpusError, ProfileError) as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except ReportPathError as exc:  # an output path that cannot take the file: nothing was replaced
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except NotStated as exc:  # a rules version that cannot decide the board: say when the rule changed
            click.echo(f"error: {not_stated_message(exc)}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


def not_stated_message(exc: Exception) -> str:
    """One line: what the rules version leaves open and, from the rules history, when that rule changed."""
    from reference.history import flag_timeline

    flag = getattr(exc, "flag", "")
    return f"{exc} (rules history: {flag_timeline(flag)})" if flag else str(exc)


def warn_about_version(name: str | None) -> None:
    """Print on stderr what the rules of a date rest on beyond the texts read (reference.history)."""
    from reference.history import version_warnings

    for w in version_warnings(name or ""):
        click.echo(f"warning: {w}", err=True)


SECONDS_MAX = 1e6  # about eleven days: past it a budget or timeout is surely a typo


class Seconds(click.FloatRange):
    """A number of seconds: positive and finite (``nan`` and ``inf`` pass a plain float range)."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0, min_open=True, max=SECONDS_MAX)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The value as a float, refused with click's usage error when it is not a finite positive number."""
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number of seconds; expected a number above 0", param, ctx)
        return number


corpus_option = click.option(
    "--corpus",
    "corpus_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=CASES_DIR,
    help="Directory of case files (default: the bundled corpus).",
)


class LazyGroup(click.Group):
    """A command group whose heavier subcommands are imported only when they are run (or asked for)."""

    def __init__(self, *args: Any, lazy_commands: dict[str, tuple[str, str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = lazy_commands or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_commands and cmd_name not in self.commands:
            import importlib

            module, name, _ = self.lazy_commands[cmd_name]
            command = getattr(importlib.import_module(module), name)
            assert isinstance(command, click.Command)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of --help, with the lazy commands' one-line help given here (no import)."""
        rows = []
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max((len(n) for n in names), default=0)
        for name in names:
            if name in self.lazy_commands and name not in self.commands:
                text = self.lazy_commands[name][2]
                if len(text) > limit:
                    text = text[: max(limit - 3, 1)].rsplit(" ", 1)[0] + "..."
                rows.append((name, text))
                continue
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            rows.append((name, cmd.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
