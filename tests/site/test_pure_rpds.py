"""The playground's stand-in for ``rpds`` (mtg_layers/docs_site/pure_rpds.py) against ``rpds`` itself."""

from __future__ import annotations

from typing import Any

import pytest
import rpds
from hypothesis import given
from hypothesis import strategies as st

from mtg_layers.docs_site import pure_rpds

keys = st.text(max_size=3)
ops = st.lists(
    st.one_of(
        st.tuples(st.just("insert"), keys, st.integers()),
        st.tuples(st.just("discard"), keys),
        st.tuples(st.just("update"), st.dictionaries(keys, st.integers(), max_size=3)),
    ),
    max_size=12,
)


def apply_map(m: Any, op: tuple[Any, ...]) -> Any:
    if op[0] == "insert":
        return m.insert(op[1], op[2])
    if op[0] == "discard":
        return m.discard(op[1])
    return m.update(op[1])


@given(ops)
def test_map_follows_rpds(steps: list[tuple[Any, ...]]) -> None:
    mine: Any = pure_rpds.HashTrieMap()
    theirs: Any = rpds.HashTrieMap()
    for op in steps:
        before = dict(mine)
        mine, theirs = apply_map(mine, op), apply_map(theirs, op)
        assert dict(mine) == dict(theirs)
        assert dict(mine) != before or op[0] != "insert" or before.get(op[1]) == op[2]


@given(st.lists(st.tuples(st.sampled_from(["insert", "discard"]), keys), max_size=12))
def test_set_follows_rpds(steps: list[tuple[str, Any]]) -> None:
    mine: Any = pure_rpds.HashTrieSet()
    theirs: Any = rpds.HashTrieSet()
    for name, value in steps:
        mine, theirs = getattr(mine, name)(value), getattr(theirs, name)(value)
        assert set(mine) == set(theirs)


def test_removing_what_is_absent_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        pure_rpds.HashTrieMap().remove("x")
    with pytest.raises(KeyError):
        pure_rpds.HashTrieSet().remove("x")


def test_list_push_front_first_rest() -> None:
    mine = pure_rpds.List().push_front("b").push_front("a")
    empty: Any = rpds.List()  # rpds's stubs type an empty List as holding nothing, and give it no first or rest
    theirs = empty.push_front("b").push_front("a")
    assert list(mine) == list(theirs) == ["a", "b"]
    assert mine.first == theirs.first == "a"
    assert list(mine.rest) == list(theirs.rest) == ["b"]
    with pytest.raises(IndexError):
        _ = pure_rpds.List().first


def test_convert_and_subscripts() -> None:
    m = pure_rpds.HashTrieMap.convert({"a": 1})
    assert pure_rpds.HashTrieMap.convert(m) is m and dict(m) == {"a": 1}
    generic: Any = pure_rpds.HashTrieMap
    assert generic[str, int] is pure_rpds.HashTrieMap
