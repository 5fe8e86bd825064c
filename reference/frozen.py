"""Immutable JSON-like data: the values the rules core works on never change."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class FrozenMap(Mapping[str, Any]):
    """A hashable, read-only mapping with keys kept in sorted order."""

    __slots__ = ("_hash", "_items")

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        items = tuple(sorted((data or {}).items()))
        self._items: tuple[tuple[str, Any], ...] = items
        self._hash = hash(items)

    def __getitem__(self, key: str) -> Any:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self._items)!r})"


def freeze(value: Any) -> Any:
    """Turn JSON-like data (dicts, lists) into hashable immutable values."""
    if isinstance(value, Mapping):
        return FrozenMap({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Turn frozen values back into plain dicts and lists (for JSON output)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [thaw(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(thaw(v) for v in value)
    return value
