"""Immutable JSON-like data (reference.frozen): frozen maps, freeze and thaw."""

from __future__ import annotations

from reference.frozen import FrozenMap, freeze, thaw

# --- the frozen values' way back to plain data (reference.frozen.thaw) --------------------------------------


def test_thaw_gives_back_plain_data_at_every_depth() -> None:
    """Frozen values thaw to dicts and lists all the way down; a set becomes a sorted list."""
    from reference.frozen import thaw

    value = freeze({"a": [1, {"b": [2]}], "c": {"d": "e"}})
    assert thaw(value) == {"a": [1, {"b": [2]}], "c": {"d": "e"}}
    assert thaw(FrozenMap({"s": frozenset({"y", "x"}), "t": (frozenset({2, 1}),)})) == {"s": ["x", "y"], "t": [[1, 2]]}


def test_frozen_values_are_hashable_and_equal_ones_hash_alike() -> None:
    """The model's values are immutable and hashable (reference.frozen), so boards and effects can be compared."""
    a, b = FrozenMap({"x": 1, "y": (2,)}), FrozenMap({"x": 1, "y": (2,)})
    assert hash(a) == hash(b) and len({a, b}) == 1
    assert hash(a) == hash(a)  # computed once, then kept


def test_frozen_maps_equal_plain_mappings_with_the_same_items() -> None:
    """A frozen mapping equals a plain dict with the same items, and no other."""
    assert FrozenMap({"a": 1}) == {"a": 1}
    assert FrozenMap({"a": 1}) != {"a": 2}


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# frozen values (the immutable data the rules functions share)


def test_frozen_map_is_a_sorted_read_only_mapping() -> None:
    """A FrozenMap keeps its keys in sorted order, answers get/in, and equals any mapping with the same items."""
    m = FrozenMap({"b": 2, "a": 1})
    assert list(m) == ["a", "b"] and list(m.keys()) == ["a", "b"] and list(m.values()) == [1, 2]
    assert m.get("a") == 1 and m.get("z") is None and m.get("z", 5) == 5
    assert "a" in m and "z" not in m and len(m) == 2
    assert FrozenMap() == {} and len(FrozenMap(None)) == 0
    assert m == {"a": 1, "b": 2} and m == FrozenMap({"a": 1, "b": 2}) and m != FrozenMap({"a": 1})
    assert m != {"a": 1} and m != [("a", 1)] and (m == 5) is False
    assert hash(m) == hash(FrozenMap({"a": 1, "b": 2})) == hash((("a", 1), ("b", 2)))
    assert hash(m) == hash(m)
    assert repr(m) == "FrozenMap({'a': 1, 'b': 2})"


def test_freeze_makes_json_data_hashable_and_thaw_undoes_it() -> None:
    """JSON-like data (dicts, lists) freezes into FrozenMaps and tuples, with string keys."""
    frozen = freeze({1: [1, {"x": [2]}], "s": "t"})
    assert frozen == FrozenMap({"1": (1, FrozenMap({"x": (2,)})), "s": "t"})
    assert isinstance(frozen, FrozenMap) and isinstance(frozen["1"], tuple) and isinstance(frozen["1"][1], FrozenMap)
    assert freeze((1, [2])) == (1, (2,)) and freeze("x") == "x"
    assert hash(frozen) is not None
    assert thaw(frozen) == {"1": [1, {"x": [2]}], "s": "t"}
