"""What every loading stage raises, ``CorpusError`` (the file, the field path, what was expected), and that path.

A field path is written as the messages write it: ``steps[0].add_effects[1].parts[0].op``.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Sequence
from typing import Any


class CorpusError(Exception):
    """A case file that cannot be used, with where and why."""

    def __init__(self, file: str, field: str, message: str) -> None:
        self.file, self.field, self.message = file, field, message
        super().__init__(f"{file}: {field or '(top level)'}: {message}")


class CorpusErrors(CorpusError):
    """Several mistakes of one file, reported at once: the first is the error's field and message, and the
    text lists them all, one a line."""

    def __init__(self, file: str, problems: Sequence[tuple[str, str]]) -> None:
        if not problems:
            raise ValueError("CorpusErrors needs at least one problem")
        super().__init__(file, problems[0][0], problems[0][1])
        self.problems = tuple(problems)
        lines = [f"{file}: {field or '(top level)'}: {message}" for field, message in self.problems]
        if len(lines) > 1:
            lines.insert(0, f"{len(lines)} errors in {file}:")
        self.args = ("\n".join(lines),)

    def __str__(self) -> str:
        return str(self.args[0])


def raise_all(file: str, problems: Sequence[tuple[str, str]]) -> None:
    """Raise the problems of a file: nothing when there are none, a CorpusError for one, CorpusErrors for more."""
    if len(problems) == 1:
        raise CorpusError(file, *problems[0])
    if problems:
        raise CorpusErrors(file, problems)


def field_path(parts: Iterable[Any]) -> str:
    """Keys and list indexes as one field path (``objects[0].counters``)."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxdict, _SHORT.maxlist, _SHORT.maxstring, _SHORT.maxother = 2, 4, 4, 60, 60
_SHORT.maxlong = 40


def shown(value: Any) -> str:
    """A value as an error message quotes it: short (a big document is abbreviated with '...')."""
    return _SHORT.repr(value)
