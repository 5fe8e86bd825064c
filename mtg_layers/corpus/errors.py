"""What every loading stage raises, ``CorpusError`` (the file, the field path, what was expected), and that path.

A field path is written as the messages write it: ``steps[0].add_effects[1].parts[0].op``.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Any


class CorpusError(Exception):
    """A case file that cannot be used, with where and why."""

    def __init__(self, file: str, field: str, message: str) -> None:
        self.file, self.field, self.message = file, field, message
        super().__init__(f"{file}: {field or '(top level)'}: {message}")


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
