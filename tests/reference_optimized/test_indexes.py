"""The bitsets over objects (reference_optimized.indexes) find the objects a filter matches as
filters.objects_matching does (109.2, 611.3a), and stay right as the layers change the objects.

Every filter of every corpus case at the state the layers start from and at the final state, from
every object's point of view; every filter key alone; generated filters on generated boards; the
bitsets moved by ``update`` equal bitsets built afresh.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.case import Case, board_at, initial_board
from reference.filters import Context, objects_matching
from reference.frozen import freeze
from reference.model import Board, State
from reference.resolver import initial_state, resolve
from reference.versions import RulesVersion, builtin_versions
from reference_optimized.compiled_filters import compiled
from reference_optimized.indexes import Indexes, facts, moved_facts
from tests.reference_optimized.corpus_boards import last_boards
from tests.reference_optimized.filter_samples import board_filters, key_samples
from tests.strategies import boards, filters

from ..builders import board as value_board
from ..builders import corpus, corpus_case, corpus_entries, obj


def _agree(board: Board, state: State, filt: Any, index: Indexes | None = None) -> int:
    """The bitsets' answer equals objects_matching's from every point of view; returns how many were read."""
    index = index or Indexes(board, state)
    read = 0
    for source in [None, *sorted(board.objects)]:
        controller = state[source].controller if source is not None and source in state else None
        ctx = Context(board=board, state=state, source=source, controller=controller)
        for anywhere in (False, True):
            found = index.matching(filt, ctx, anywhere, compiled(filt))
            if found is not None:
                read += 1
                assert found == objects_matching(filt, ctx, anywhere=anywhere), (dict(filt), source, anywhere)
    return read


def _last_corpus_boards() -> Iterator[tuple[Case, RulesVersion, Board]]:
    """Every corpus case at its last step under its first version: each board that step can produce (613.7m, 614.12:
    each outcome's board where an entry depends on an order the case leaves open)."""
    for case in corpus():
        version = builtin_versions()[case.versions[0]]
        for board in last_boards(case, version):
            yield case, version, board


def _fresh_bits(index: Indexes) -> dict[Any, int]:
    return {k: v for k, v in index.bits.items() if v}


@pytest.mark.parametrize("case_id", [e.id for e in corpus_entries()])
def test_every_corpus_filter_finds_the_same_objects(case_id: str) -> None:
    case = corpus_case(case_id)
    version = builtin_versions()[case.versions[0]]
    for board in last_boards(case, version):  # 613.7m, 614.12: each outcome's board of an open entry step
        _every_filter_agrees(board, version)


def _every_filter_agrees(board: Board, version: RulesVersion) -> None:
    start = initial_state(board)
    final = resolve(board, version).final
    for filt in board_filters(board):
        _agree(board, start, filt)
        _agree(board, final, filt)


def test_bitsets_moved_to_the_final_state_equal_bitsets_built_afresh() -> None:
    """613.1: moving every object the layers changed, on every corpus case, gives the final state's bitsets."""
    for case, version, board in _last_corpus_boards():
        state = initial_state(board, version)
        index = Indexes(board, state)
        final = resolve(board, version).final
        index.update((i, state[i], final[i]) for i in state if final[i] != state[i])
        assert _fresh_bits(index) == _fresh_bits(Indexes(board, final)), case.id


def test_every_filter_key_is_read_or_left_to_the_compiled_filter() -> None:
    """Each key alone, with a value some object matches and one none does: the same objects, or None (mana_value and
    unknown keys, which the caller tests object by object, raising what the readable filter raises)."""
    sample = key_samples(corpus())
    board, state = sample.board, sample.state
    unread: set[str] = set()
    for key, wants in sample.wants.items():
        for want in wants:
            filt = freeze({key: want})
            if not _agree(board, state, filt):
                unread.add(key)
            _agree(board, state, freeze({"not": filt}))
            _agree(board, state, freeze({"any": (filt, freeze({"type": "land"}))}))
            _agree(board, state, freeze({"all": (filt, freeze({"controller": "you"}))}))
    assert unread == {"mana_value"}
    assert _agree(board, state, freeze({"no_such_key": 1})) == 0
    assert _agree(board, state, freeze({"all": ("creature",)})) == 0


def test_tokens_and_monstrous_objects_are_found_by_their_flags() -> None:
    """111.1, 701.37b: a token and a monstrous creature beside plain objects: the flags' bitsets find them (and the
    others when the filter asks for the flag's absence), as objects_matching does; the corpus's largest board has
    neither, so the key-by-key test above cannot tell a flag's bitset from an empty one."""
    board = value_board(obj("a"), obj("t", token=True), obj("m", monstrous=True), obj("u", token=True, monstrous=True))
    state = initial_state(board)
    for key in ("token", "monstrous"):
        for want in (True, False):
            filt = freeze({key: want})
            assert _agree(board, state, filt) > 0
            ctx = Context(board=board, state=state, source=None, controller=None)
            found = Indexes(board, state).matching(filt, ctx, False, compiled(filt))
            flagged = frozenset({"t", "u"} if key == "token" else {"m", "u"})
            assert found == (flagged if want else frozenset({"a", "t", "m", "u"}) - flagged)


def test_bitsets_follow_a_change_of_every_indexed_characteristic() -> None:
    """Types, subtypes, colors, abilities, controller, name, all creature types, face down: moved objects are found
    by their new values and not by their old ones, and alike objects move together."""
    case = max(corpus(), key=lambda c: len(initial_board(c).objects))
    board = board_at(case, 1, builtin_versions()[case.versions[0]])
    state = dict(initial_state(board))
    index = Indexes(board, state)
    moved = sorted(state)[:3]
    new = {
        i: state[i].with_(
            types=frozenset({"creature", "artifact"}),
            subtypes=frozenset({"golem"}),
            colors=frozenset({"blue", "red"}),
            abilities=frozenset({"flying"}),
            controller="zed",
            name="Moved",
            all_creature_types=True,
            face_down=True,
        )
        for i in moved
    }
    index.update((i, state[i], new[i]) for i in moved)
    state.update(new)
    assert _fresh_bits(index) == _fresh_bits(Indexes(board, state))
    for filt in ({"subtype": "elf"}, {"controller": "zed"}, {"multicolored": True}, {"face_down": False}):
        assert _agree(board, state, freeze(filt), index)


@pytest.mark.slow
@given(boards(), st.data())
def test_generated_filters_find_the_same_objects(board: Board, data: st.DataObject) -> None:
    abilities = sorted(board.abilities)
    filt = freeze(data.draw(filters(abilities)))
    state = initial_state(board)
    _agree(board, state, filt)


def test_the_facts_an_object_loses_and_gains_are_the_difference_of_its_facts() -> None:
    """611.3a: ``moved_facts`` gives exactly what ``facts`` of the two states differ by, on every corpus object the
    layers changed, and on one whose every indexed characteristic changed."""
    pairs = []
    for case in corpus():
        version = builtin_versions()[case.versions[0]]
        for board in last_boards(case, version):
            start = initial_state(board, version)
            final = resolve(board, version).final
            pairs += [(start[i], final[i]) for i in start if start[i] != final[i]]
    old = pairs[0][0]
    new = old.with_(
        types=frozenset({"artifact"}),
        colors=frozenset({"blue", "red"}),
        name="Other",
        controller="zed",
        all_creature_types=not old.all_creature_types,
        face_down=not old.face_down,
    )
    for was, now in [*pairs, (old, new), (new, old)]:
        lost, gained = moved_facts(was, now)
        assert sorted(lost, key=repr) == sorted(facts(was) - facts(now), key=repr)
        assert sorted(gained, key=repr) == sorted(facts(now) - facts(was), key=repr)
    assert len(pairs) > 100


def test_the_objects_of_a_bitset_are_those_at_its_positions_dense_or_sparse() -> None:
    """109.2: a bitset's objects are the ids at its set positions, read one way when few positions are set and another
    when many are (one in sixteen or more): bitsets from none to all, dense and sparse, over a hundred objects."""
    board = value_board(*(obj(f"o{p:03d}", p) for p in range(100)))
    index = Indexes(board, initial_state(board))
    n = len(index.ids)
    every = (1 << n) - 1
    samples = [0, 1, 1 << (n - 1), every, every & ~(1 << 50)]
    samples += [sum(1 << p for p in range(start, n, step)) for start, step in ((0, 3), (7, 16), (0, 40), (99, 1))]
    for bits in samples:
        want = frozenset(index.ids[p] for p in range(n) if bits >> p & 1)
        assert index.members(bits) == want
        assert index.members(bits) is index.members(bits)  # kept


def _classes(moves: list[tuple[str, Any, Any]]) -> list[tuple[Any, Any, set[str]]]:
    """The moves grouped by (value before, value after), as the bookkeeping's classes move."""
    groups: dict[tuple[int, int], tuple[Any, Any, set[str]]] = {}
    for i, old, new in moves:
        groups.setdefault((id(old), id(new)), (old, new, set()))[2].add(i)
    return list(groups.values())


def test_classes_moved_one_step_after_another_give_the_bitsets_of_the_last_values() -> None:
    """613.1, 613.8a: the objects the layers changed, on every corpus case, moved class by class to their final values,
    back, and to them again (each step's classes in turn, ``update_classes``) give the final state's bitsets; a trial
    moved class by class (``moved_classes``) gives them too, and leaves the bitsets it was moved from as they were."""
    for case, version, board in _last_corpus_boards():
        state = initial_state(board, version)
        final = resolve(board, version).final
        changed = [i for i in state if final[i] != state[i]]
        there = _classes([(i, state[i], final[i]) for i in changed])
        back = _classes([(i, final[i], state[i]) for i in changed])
        index = Indexes(board, state)
        start = _fresh_bits(index)
        trial = index.moved_classes(there)
        assert _fresh_bits(trial) == _fresh_bits(Indexes(board, final)), case.id
        assert _fresh_bits(index) == start, case.id
        for step in (there, back, there):
            index.update_classes((old, new, index.mask(objs)) for old, new, objs in step)
        assert _fresh_bits(index) == _fresh_bits(Indexes(board, final)), case.id
