"""Filters compiled once: each filter becomes a predicate that makes the same test as ``filters.matches``.

``reference.filters.matches`` is the definition a reader checks against 611.3a: it reads the
filter's keys afresh for every object. The incremental bookkeeping (``reference_optimized``) asks the same
filter about many objects after every application, so it compiles the filter once into a
chain of small tests, one per key, in the same order, with the same outcome and the same
errors at the same moment (tests/reference_optimized/test_compiled_filters.py checks the two agree on every filter
of the corpus and on generated ones).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from reference.filters import (
    COMPARATORS,
    Context,
    characteristics_of,
    has_subtype,
    is_top_of_graveyard,
    names_zone,
    player_named,
    shares_creature_type,
)
from reference.model import Characteristics, GameObject

Predicate = Callable[[str, Context], bool]
Test = Callable[[str, GameObject, Characteristics, Context], bool]


def compiled(filt: Any) -> Predicate:
    """611.3a: the filter as a predicate over (object, context), built once per distinct filter."""
    try:
        return _compiled(filt)
    except TypeError:  # an unhashable filter (plain dicts from a caller): compiled for this call only
        return _compile(filt)


@lru_cache(maxsize=4096)
def _compiled(filt: Any) -> Predicate:
    """611.3a: a hashable filter's predicate, built once and kept."""
    return _compile(filt)


def zone_named(filt: Any) -> bool:
    """109.2, 109.2a: ``filters.names_zone`` (does the filter look in a zone it names?), read once per filter."""
    try:
        return _zone_named(filt)
    except TypeError:  # an unhashable filter (plain dicts from a caller): read for this call only
        return names_zone(filt)


@lru_cache(maxsize=4096)
def _zone_named(filt: Any) -> bool:
    """109.2, 109.2a: a hashable filter's ``names_zone``, read once and kept."""
    return names_zone(filt)


def _compile(filt: Any) -> Predicate:
    """611.3a: every key of the filter must hold, tested in the filter's own order (as ``matches`` does)."""
    if not isinstance(filt, Mapping):

        def not_a_filter(obj_id: str, ctx: Context) -> bool:
            raise ValueError(f"a filter must be a mapping, got {filt!r}")  # before the object is read, as ``matches``

        return not_a_filter
    test = _tests(filt)

    def predicate(obj_id: str, ctx: Context) -> bool:
        return test(obj_id, ctx.board.objects[obj_id], characteristics_of(ctx, obj_id), ctx)

    return predicate


def _tests(filt: Any) -> Test:
    """611.3a: the filter as one test of an object already read (its board object and characteristics): a filter
    inside "all", "any" or "not" reads the same object (``matches`` reads it again, the same)."""
    if not isinstance(filt, Mapping):

        def not_a_filter(i: str, o: GameObject, ch: Characteristics, ctx: Context) -> bool:
            raise ValueError(f"a filter must be a mapping, got {filt!r}")

        return not_a_filter
    tests = tuple(_test(key, want) for key, want in filt.items())
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda i, o, ch, ctx: first(i, o, ch, ctx) and second(i, o, ch, ctx)
    return lambda i, o, ch, ctx: all(t(i, o, ch, ctx) for t in tests)


def _test(key: str, want: Any) -> Test:
    """611.3a: one key of a filter as a test (the meaning of each key is ``filters.matches``'s)."""
    if key == "all":
        subs = tuple(_tests(f) for f in want)
        if len(subs) == 2:
            first, second = subs
            return lambda i, o, ch, ctx: first(i, o, ch, ctx) and second(i, o, ch, ctx)
        return lambda i, o, ch, ctx: all(s(i, o, ch, ctx) for s in subs)
    if key == "any":
        subs = tuple(_tests(f) for f in want)
        return lambda i, o, ch, ctx: any(s(i, o, ch, ctx) for s in subs)
    if key == "not":
        sub = _tests(want)
        return lambda i, o, ch, ctx: not sub(i, o, ch, ctx)
    if key == "id":
        return lambda i, o, ch, ctx: i == want
    if key == "ids":
        return lambda i, o, ch, ctx: i in want
    if key == "type":
        return lambda i, o, ch, ctx: want in ch.types
    if key == "subtype":
        return lambda i, o, ch, ctx: has_subtype(ch, want)
    if key == "supertype":
        return lambda i, o, ch, ctx: want in ch.supertypes
    if key == "color":
        return lambda i, o, ch, ctx: want in ch.colors
    if key == "colorless":
        flag = bool(want)
        return lambda i, o, ch, ctx: (not ch.colors) == flag
    if key == "multicolored":
        flag = bool(want)
        return lambda i, o, ch, ctx: (len(ch.colors) > 1) == flag
    if key == "controller":
        if want == "opponent":
            return lambda i, o, ch, ctx: ctx.controller is not None and ch.controller != ctx.controller
        return lambda i, o, ch, ctx: ch.controller == player_named(ctx, want)
    if key == "owner":
        return lambda i, o, ch, ctx: o.owner == player_named(ctx, want)
    if key == "is_source":
        flag = bool(want)
        return lambda i, o, ch, ctx: (i == ctx.source) == flag
    if key == "other_than_source":
        flag = bool(want)
        return lambda i, o, ch, ctx: (i != ctx.source) == flag
    if key == "attached_to_source":
        flag = bool(want)

        def attached(i: str, o: GameObject, ch: Characteristics, ctx: Context) -> bool:
            src = ctx.board.objects.get(ctx.source) if ctx.source else None
            return (src is not None and src.attached_to == i) == flag

        return attached
    if key == "name":
        return lambda i, o, ch, ctx: ch.name == want
    if key == "token":
        flag = bool(want)
        return lambda i, o, ch, ctx: o.token == flag
    if key == "monstrous":
        flag = bool(want)
        return lambda i, o, ch, ctx: o.monstrous == flag
    if key == "has_counter":  # 122.1: a board fact the layers never change (``reads.FILTER_READS``)
        return lambda i, o, ch, ctx: any(c.kind == want and c.count > 0 for c in o.counters)
    if key == "face_down":
        flag = bool(want)
        return lambda i, o, ch, ctx: ch.face_down == flag
    if key == "has_ability":
        return lambda i, o, ch, ctx: want in ch.abilities
    if key == "mana_value":
        return lambda i, o, ch, ctx: COMPARATORS[want["op"]](ch.mana_value, int(want["value"]))
    if key == "zone":
        return lambda i, o, ch, ctx: o.zone == want
    if key == "shares_creature_type_with":

        def shares(i: str, o: GameObject, ch: Characteristics, ctx: Context) -> bool:
            other = ctx.source if want == "source" else ctx.it
            return other is not None and shares_creature_type(ch, characteristics_of(ctx, other))

        return shares
    if key == "is_it":
        flag = bool(want)
        return lambda i, o, ch, ctx: (i == ctx.it) == flag
    if key == "exiled_with_source":
        flag = bool(want)
        return lambda i, o, ch, ctx: (o.exiled_with is not None and o.exiled_with == ctx.source) == flag
    if key == "top_of_graveyard":
        flag = bool(want)
        return lambda i, o, ch, ctx: is_top_of_graveyard(ctx.board, i) == flag

    def unknown(i: str, o: GameObject, ch: Characteristics, ctx: Context) -> bool:
        raise ValueError(f"unknown filter key {key!r}")

    return unknown
