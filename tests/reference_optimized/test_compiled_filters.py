"""A compiled filter (reference_optimized.compiled_filters) makes the same test as filters.matches (611.3a).

Every filter of every corpus case, asked about every object of the case's board, at the
state the layers start from and at the final state, from every effect's point of view;
generated filters on generated boards; and the same errors for what is not a filter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.case import board_at
from reference.filters import Context, matches, names_zone
from reference.frozen import freeze
from reference.model import Board, State
from reference.resolver import initial_state, resolve
from reference.versions import builtin_versions
from reference_optimized.compiled_filters import compiled, zone_named
from tests.reference_optimized.corpus_boards import last_boards
from tests.reference_optimized.filter_samples import board_filters, key_samples
from tests.strategies import boards, filters

from ..builders import corpus, corpus_case, corpus_entries


def _agree(board: Board, state: State, filt: Mapping[str, Any]) -> None:
    sources = [None, *board.objects]
    for source in sources:
        controller = state[source].controller if source is not None and source in state else None
        for it in (None, source):
            ctx = Context(board=board, state=state, source=source, controller=controller, it=it)
            test = compiled(filt)
            for oid in board.objects:
                assert test(oid, ctx) == matches(filt, oid, ctx), (dict(filt), oid, source)


@pytest.mark.parametrize("case_id", [e.id for e in corpus_entries()])
def test_every_corpus_filter_compiles_to_the_same_test(case_id: str) -> None:
    case = corpus_case(case_id)
    version = builtin_versions()[case.versions[0]]
    for board in last_boards(case, version):  # 613.7m, 614.12: each outcome's board of an open entry step
        states = [initial_state(board), resolve(board, version).final]
        for filt in board_filters(board):
            for state in states:
                _agree(board, state, filt)


@pytest.mark.slow
@given(boards(), st.data())
def test_generated_filters_compile_to_the_same_test(board: Board, data: st.DataObject) -> None:
    abilities = sorted(board.abilities)
    filt = freeze(data.draw(filters(abilities)))
    _agree(board, initial_state(board), filt)


def test_every_filter_key_is_compiled() -> None:
    """Each key, with a value some object of the board matches and one none does, from every object's point of view
    (source and "it" apart): the compiled test answers as filters.matches does, True or False exactly."""
    sample = key_samples(corpus())
    board, state, first = sample.board, sample.state, sample.first
    matched: set[str] = set()
    for key, wants in sample.wants.items():
        for source in [None, *board.objects]:
            for it in {None, source, first}:
                ctx = Context(board=board, state=state, source=source, controller="alice", it=it)
                for oid in board.objects:
                    for want in wants:
                        if key == "ids" and not isinstance(want, tuple):
                            continue
                        filt = freeze({key: want})
                        expected = matches(filt, oid, ctx)
                        assert compiled(filt)(oid, ctx) is expected, (key, want, oid)
                        if expected:
                            matched.add(key)
    assert {"id", "ids", "name", "shares_creature_type_with"} <= matched


def test_every_filter_key_among_three_reads_the_object_as_alone() -> None:
    """611.3a: a filter of three keys or more is one test of each object, every key reading the same board object,
    characteristics and context: each key of ``test_every_filter_key_is_compiled``, beside two keys every object
    meets, answers as filters.matches does (the keys that read the board object itself: owner, token, monstrous)."""
    sample = key_samples(corpus())
    board, state, first = sample.board, sample.state, sample.first
    every = {"not": {"id": "no such object"}, "any": tuple({"id": oid} for oid in board.objects)}
    matched: set[str] = set()
    for key, wants in sample.wants.items():
        if key in every:
            continue
        for source in (None, first):
            ctx = Context(board=board, state=state, source=source, controller="alice", it=first)
            for oid in board.objects:
                for want in wants:
                    if key == "ids" and not isinstance(want, tuple):
                        continue
                    filt = freeze({key: want, **every})
                    expected = matches(filt, oid, ctx)
                    assert compiled(filt)(oid, ctx) is expected, (key, want, oid)
                    if expected:
                        matched.add(key)
    assert {"owner", "token", "monstrous"} <= set(sample.wants) and {"token", "controller"} <= matched


@pytest.mark.parametrize("filt", [freeze({"no_such_key": 1}), "creature", freeze({"all": ("creature",)})])
def test_what_is_not_a_filter_fails_the_same_way(filt: Any) -> None:
    board = board_at(corpus()[0], 1)
    ctx = Context(board=board, state=initial_state(board), source=None, controller=None)
    oid = next(iter(board.objects))
    with pytest.raises(ValueError) as readable:
        matches(filt, oid, ctx)
    with pytest.raises(ValueError) as quick:
        compiled(filt)(oid, ctx)
    assert str(quick.value) == str(readable.value)


def test_a_filter_names_a_zone_as_the_readable_filter_reads_it() -> None:
    """109.2, 109.2a: ``zone_named`` answers ``filters.names_zone`` for every filter of the corpus, for a zone named
    inside "all", "any" or "not", and for an unhashable filter (plain dicts from a caller)."""
    seen = set()
    for case in corpus():
        for board in last_boards(case, builtin_versions()[case.versions[0]]):
            for filt in board_filters(board):
                assert zone_named(filt) == names_zone(filt)
                seen.add(names_zone(filt))
    assert seen == {True, False}
    for filt in (
        freeze({"type": "creature"}),
        freeze({"zone": "graveyard"}),
        freeze({"not": {"zone": "exile"}}),
        freeze({"any": ({"type": "land"}, {"all": ({"zone": "hand"},)})}),
    ):
        assert zone_named(filt) == names_zone(filt)
    assert zone_named({"all": ({"zone": "library"},)}) is True  # unhashable: read for this call
    assert zone_named({"type": "creature", "x": [1]}) is False
