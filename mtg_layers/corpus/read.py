"""The first stage: a case or profile file read as text and parsed as JSON-compatible YAML, safely.

A regular UTF-8 file of bounded size; safe loading restricted to the JSON-compatible subset (no
dates, only true/false booleans); anchors, aliases, duplicate keys, deep nesting, overlong numbers
and numbers no JSON reader holds exactly are refused, each with the file and where.
"""

from __future__ import annotations

import math
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from .errors import CorpusError, field_path, shown


class _JsonishLoader(yaml.SafeLoader):
    """Safe YAML restricted to the JSON-compatible subset: no dates, only true/false booleans."""


_JsonishLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()
}
_JsonishLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))

# libyaml's parser, when PyYAML was built with it (its wheels are), with the same constructors and
# resolvers: the 143 bundled cases load in 1.2 s instead of 4.8 s. A file it refuses is parsed again by the
# pure-Python loader, whose messages say where the problem is in the user's terms.
_FastLoader: type[yaml.SafeLoader] = _JsonishLoader
if getattr(yaml, "__with_libyaml__", False):

    class _CJsonishLoader(yaml.CSafeLoader):  # type: ignore[misc]
        """The same JSON-compatible subset as ``_JsonishLoader``, parsed by libyaml."""

    _CJsonishLoader.yaml_implicit_resolvers = _JsonishLoader.yaml_implicit_resolvers
    _FastLoader = _CJsonishLoader  # type: ignore[assignment]


MAX_FILE_BYTES = 8 << 20  # a case or profile file larger than this is refused before parsing
MAX_DEPTH = 48  # nesting of mappings and lists; the deepest bundled case nests about 12 levels
MAX_NUMBER_CHARS = 1000  # a plain scalar that looks like a number and is longer than this is refused
MAX_INTEGER = 2**53  # integers beyond what every JSON reader holds exactly are refused
_NUMBERISH = re.compile(r"^[-+]?(?:[0-9][0-9_]*|\.[0-9])")


def read_text(path: Path, label: str | None = None) -> str:
    """A regular UTF-8 file's text, its size bounded; FIFOs, devices, dangling links and other encodings refused."""
    label = label or str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        why = "a dangling symbolic link" if os.path.islink(path) else "no such file"
        raise CorpusError(label, "", f"cannot read the file ({why})") from None
    except OSError as exc:
        raise CorpusError(label, "", f"cannot read the file ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise CorpusError(label, "", "not a regular file (a directory, FIFO, device or socket); expected a YAML file")
    if info.st_size > MAX_FILE_BYTES:
        raise CorpusError(label, "", f"file is larger than {MAX_FILE_BYTES >> 20} MiB ({info.st_size} bytes)")
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise CorpusError(label, "", f"cannot read the file ({exc.strerror})") from None
    if len(data) > MAX_FILE_BYTES:
        raise CorpusError(label, "", f"file is larger than {MAX_FILE_BYTES >> 20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CorpusError(
            label,
            f"line {line}",
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); files must be UTF-8",
        ) from None
    return text.removeprefix("\ufeff")


def read_yaml(path: Path, label: str | None = None) -> Any:
    """Parse a YAML file with safe loading; reject anchors, aliases, deep nesting, overlong numbers and keys given
    twice."""
    label = label or str(path)
    text = read_text(path, label)
    try:
        return _parse(text, label, _FastLoader)
    except yaml.YAMLError:  # only libyaml's: the pure-Python loader says where, in the user's terms
        return _parse(text, label, _JsonishLoader)


def _parse(text: str, label: str, loader: type[yaml.SafeLoader]) -> Any:
    """The checks of ``read_yaml``, then the data, with one loader."""
    try:
        _check_events(text, label, loader)  # duplicate keys too: no third pass over the text
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        if loader is not _JsonishLoader:
            raise
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise CorpusError(label, where, f"invalid YAML: {problem}") from None
    except (ValueError, RecursionError, OverflowError) as exc:  # a value the YAML constructors cannot build
        raise CorpusError(label, "", f"invalid YAML value: {excerpt_text(str(exc))}") from None


class _Frame:
    """One open mapping or list while the events of a YAML file stream by: which child comes next."""

    def __init__(self, is_map: bool) -> None:
        self.is_map, self.want_key, self.key, self.index = is_map, True, "?", 0
        self.keys: set[str] = set()

    def component(self) -> Any:
        return self.key if self.is_map else self.index

    def child_done(self, scalar: str | None) -> None:
        if not self.is_map:
            self.index += 1
        elif self.want_key:
            self.key, self.want_key = (scalar if scalar is not None else "?"), False
            self.keys.add(self.key)
        else:
            self.want_key = True


def _check_events(text: str, label: str, loader: type[yaml.SafeLoader]) -> None:
    """Before building anything: no anchors or aliases, bounded nesting, no overlong numbers (9, 10), and every
    mapping (block or flow) gives each key once, keys compared as written (YAML 1.2 requires unique keys)."""
    stack: list[_Frame] = []

    def where(mark: Any) -> str:
        parts = [f.component() for f in stack if not (f.is_map and f.want_key)]
        return field_path(parts) if parts and len(parts) == len(stack) else f"line {mark.line + 1}"

    for event in yaml.parse(text, Loader=loader):
        mark: Any = event.start_mark
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise CorpusError(
                label, f"line {mark.line + 1}", "anchors and aliases are not allowed (JSON-compatible YAML only)"
            )
        node = isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent))
        if node and stack and stack[-1].is_map and stack[-1].want_key:
            key = event.value if isinstance(event, yaml.ScalarEvent) else None
            if key is None:
                raise CorpusError(label, where(mark), f"a mapping key must be a plain string (line {mark.line + 1})")
            if key in stack[-1].keys:
                here = field_path([*[f.component() for f in stack[:-1]], key])
                raise CorpusError(label, here, f"duplicate key {key!r} (line {mark.line + 1})")
        if isinstance(event, yaml.CollectionStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise CorpusError(
                    label, where(mark), f"nested more than {MAX_DEPTH} levels deep (line {mark.line + 1})"
                )
            stack.append(_Frame(isinstance(event, yaml.MappingStartEvent)))
        elif isinstance(event, yaml.CollectionEndEvent):
            stack.pop()
            if stack:
                stack[-1].child_done(None)
        elif isinstance(event, yaml.ScalarEvent):
            value = event.value
            if not event.style and len(value) > MAX_NUMBER_CHARS and _NUMBERISH.match(value):
                raise CorpusError(
                    label,
                    where(mark),
                    f"a number of {len(value)} characters (at most {MAX_NUMBER_CHARS}; line {mark.line + 1})",
                )
            if stack:
                stack[-1].child_done(value)


def excerpt_text(text: str, limit: int = 200) -> str:
    """At most ``limit`` characters of ``text`` for an error message."""
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def check_numbers(data: Any, label: str, where: tuple[Any, ...] = ()) -> None:
    """Every number is finite and within what any JSON reader holds exactly (no NaN, no infinity, no 10**400)."""
    if isinstance(data, bool) or data is None or isinstance(data, str):
        return
    if isinstance(data, float):
        if not math.isfinite(data):
            raise CorpusError(label, field_path(where), f"expected a finite number, got {shown(data)}")
        if abs(data) > MAX_INTEGER:
            raise CorpusError(
                label, field_path(where), f"number out of range (at most {MAX_INTEGER} in size), got {shown(data)}"
            )
    elif isinstance(data, int):
        if abs(data) > MAX_INTEGER:
            raise CorpusError(label, field_path(where), f"integer out of range (at most {MAX_INTEGER} in size)")
    elif isinstance(data, dict):
        for k, v in data.items():
            check_numbers(v, label, (*where, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            check_numbers(v, label, (*where, i))
