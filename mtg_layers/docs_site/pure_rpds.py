"""The part of ``rpds`` (persistent map, set and list) that ``jsonschema`` and ``referencing`` use, in pure Python.

The site's playground checks a board with the same JSON Schema stage as the CLI, so it ships
``jsonschema`` in its bundle; ``jsonschema`` needs ``rpds``, whose only implementation (``rpds-py``)
is compiled. The bundle puts this module in its place as ``rpds`` (mtg_layers/docs_site/mkdocs_hooks.py).
Each operation copies: the registries and type checkers it holds have a few dozen entries.
The CLI never imports it; tests/site/test_pure_rpds.py checks it against ``rpds`` itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any


class HashTrieMap(Mapping[Any, Any]):
    """An immutable mapping whose changes return a new mapping."""

    __slots__ = ("_items",)

    def __init__(self, value: Mapping[Any, Any] | Iterable[tuple[Any, Any]] = (), **kwds: Any) -> None:
        self._items: dict[Any, Any] = dict(value, **kwds)

    def __class_getitem__(cls, item: Any) -> type[HashTrieMap]:
        return cls

    @classmethod
    def convert(cls, value: Any) -> HashTrieMap:
        """The value itself when it is already a map, else a map of it."""
        return value if isinstance(value, cls) else cls(value)

    def __getitem__(self, key: Any) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"HashTrieMap({self._items!r})"

    def insert(self, key: Any, value: Any) -> HashTrieMap:
        """A copy with ``key`` set to ``value``."""
        return HashTrieMap({**self._items, key: value})

    def remove(self, key: Any) -> HashTrieMap:
        """A copy without ``key``; KeyError when it is absent."""
        if key not in self._items:
            raise KeyError(key)
        return self.discard(key)

    def discard(self, key: Any) -> HashTrieMap:
        """A copy without ``key``, absent or not."""
        return HashTrieMap({k: v for k, v in self._items.items() if k != key})

    def update(self, *maps: Mapping[Any, Any] | Iterable[tuple[Any, Any]], **kwds: Any) -> HashTrieMap:
        """A copy with every map's entries added, later ones winning."""
        items = dict(self._items)
        for more in maps:
            items.update(more)
        items.update(kwds)
        return HashTrieMap(items)


class HashTrieSet(frozenset[Any]):
    """An immutable set whose changes return a new set."""

    def __class_getitem__(cls, item: Any) -> Any:
        return cls

    def insert(self, value: Any) -> HashTrieSet:
        """A copy with ``value`` in it."""
        return HashTrieSet(self | {value})

    def discard(self, value: Any) -> HashTrieSet:
        """A copy without ``value``, absent or not."""
        return HashTrieSet(self - {value})

    def remove(self, value: Any) -> HashTrieSet:
        """A copy without ``value``; KeyError when it is absent."""
        if value not in self:
            raise KeyError(value)
        return self.discard(value)

    def update(self, *iterables: Iterable[Any]) -> HashTrieSet:
        """A copy with every iterable's values added."""
        return HashTrieSet(self.union(*iterables))


class List:
    """An immutable singly linked list: ``push_front`` returns a new list, ``first`` and ``rest`` read it."""

    __slots__ = ("_items",)

    def __init__(self, *values: Iterable[Any]) -> None:
        items: tuple[Any, ...] = tuple(values[0]) if values else ()
        self._items = items

    def __class_getitem__(cls, item: Any) -> type[List]:
        return cls

    @property
    def first(self) -> Any:
        """The first value; IndexError on an empty list."""
        if not self._items:
            raise IndexError("empty list has no first element")
        return self._items[0]

    @property
    def rest(self) -> List:
        """The list without its first value."""
        return List(self._items[1:])

    def push_front(self, value: Any) -> List:
        """A copy with ``value`` in front."""
        return List((value, *self._items))

    def drop_first(self) -> List:
        """The list without its first value; IndexError on an empty list."""
        if not self._items:
            raise IndexError("empty list")
        return self.rest

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, List) and self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"List({list(self._items)!r})"
