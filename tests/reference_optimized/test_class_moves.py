"""Changes and trials read class by class (issue 39, family b, the twelfth session).

613.1: what parts reading only an object's characteristics do to an object is a function of its value: objects
holding one value (a class, ``Incremental.holders``) get one result. These tests pin that the changes to make again
after a step that moved many objects are made class by class (``_class_by_class``), that a trial made object by
object is read as moves of whole classes (``_trial_moves``), that one value's result is looked up by its identity
(``_APPLIED_BY_ID``), and that the bitset of a class holding most objects is read off the objects it leaves out
(``Indexes.mask``); every answer is the one read object by object.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.catalogue.load import catalogue
from reference import effects
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import bookkeeping
from reference_optimized import resolve as fast_resolve
from reference_optimized.indexes import Indexes

from .test_bookkeeping import checked_engine

VERSION = get_version("2025-08-01")


def _engine(n: int = 60, k: int = 14) -> bookkeeping.Incremental:
    import peers

    board = peers.project_board(peers.events("b", n, k), catalogue(), VERSION)
    return bookkeeping.Incremental(board, VERSION)


def _named(engine: bookkeeping.Incremental, slot: str, name: str) -> list[Any]:
    return [e for e in engine.in_slot(slot) if e.description.startswith(name)]


def _readable_changes(engine: bookkeeping.Incremental, e: Any, slot: str) -> dict[str, Any]:
    targets = effects.affected(e, engine.board, engine.state, engine.locked)
    return effects.changes_of(e, engine.parts(e, slot), targets, engine.board, engine.state, engine.version)


def test_many_objects_to_apply_again_are_made_class_by_class() -> None:
    """613.1: once a Lattice moved every permanent, the other Lattice's kept changes are made again class by class
    (its moves kept), and are the readable ones (none); after a step that moved one object (Blood Moon on Urborg)
    they are brought up to date object by object."""
    engine = _engine()
    first, second = _named(engine, "4", "Mycosynth Lattice")[:2]
    assert engine.holders is not None
    engine.changes(second, "4")
    engine.apply(first, "4", engine.affected(first))
    assert len(engine.log[-1][0]) > bookkeeping._WHOLE
    assert engine.changes(second, "4") == _readable_changes(engine, second, "4") == {}
    assert engine.changes_cache[second.key].moves is not None  # made by ``by_class``
    # one object moved: the changes kept are brought up to date on it alone (no classes made)
    engine = _engine()
    (moon,) = _named(engine, "4", "Blood Moon")[:1]
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    before = engine.changes(lattice, "4")
    engine.apply(moon, "4", engine.affected(moon))
    assert 0 < len(engine.log[-1][0]) <= bookkeeping._WHOLE
    after = engine.changes(lattice, "4")
    assert after == _readable_changes(engine, lattice, "4") and len(after) == len(before)
    assert engine.changes_cache[lattice.key].moves is None


def test_class_by_class_reads_the_classes_and_the_objects_to_apply_again() -> None:
    """613.1: classes are used only with classes kept, more than ``_WHOLE`` objects to apply again, and few classes
    for the objects (as many as ``_CLASS_SIZE`` objects a class, among the effect's objects and among those)."""
    engine = _engine()
    assert engine.holders is not None
    classes = len(engine.holders)
    every = frozenset(engine.state)
    many = set(every)
    assert engine._class_by_class(many, every)
    assert not engine._class_by_class(set(sorted(every)[: bookkeeping._WHOLE]), every)
    few = set(sorted(every)[: classes * bookkeeping._CLASS_SIZE - 1])
    assert len(few) > bookkeeping._WHOLE
    assert not engine._class_by_class(few, every)
    assert not engine._class_by_class(many, frozenset(few))
    # with two classes only: more than ``_WHOLE`` objects to apply again is still asked
    engine.holders = dict(list(engine.holders.items())[:2])
    assert not engine._class_by_class(set(sorted(every)[: bookkeeping._WHOLE]), every)
    assert engine._class_by_class(set(sorted(every)[: bookkeeping._WHOLE + 1]), every)
    engine.holders = None
    assert not engine._class_by_class(many, every)


def test_a_trial_made_object_by_object_is_read_as_moves_of_classes() -> None:
    """613.8a: after one object moved, a Lattice's trial (made object by object) is read as moves of whole classes:
    each the objects of one value it changes, all to one value; the bitsets moved so are those moved object by
    object. Without classes, for parts reading more than characteristics, or for few objects: None."""
    engine = _engine()
    (moon,) = _named(engine, "4", "Blood Moon")[:1]
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    engine.changes(lattice, "4")
    engine.apply(moon, "4", engine.affected(moon))
    changes = engine.changes(lattice, "4")
    assert engine.changes_cache[lattice.key].moves is None
    moves = engine._trial_moves(lattice, changes)
    assert moves is not None and len(moves) > 1
    assert sorted(t for _, _, objs in moves for t in objs) == sorted(changes)
    for old, new, objs in moves:
        assert all(engine.state[t] is old and changes[t] is new for t in objs)
    by_class = engine.indexes().moved_classes(moves)
    by_object = engine.indexes().moved((t, engine.state[t], ch) for t, ch in changes.items())
    assert {k: v for k, v in by_class.bits.items() if v} == {k: v for k, v in by_object.bits.items() if v}
    # the moves made by ``by_class`` are read as they are
    kept = engine.changes_cache[lattice.key]
    kept.moves = [(None, None, set())]  # type: ignore[list-item]
    assert engine._trial_moves(lattice, changes) is kept.moves
    kept.moves = None
    info = engine.info(lattice)
    info.slot_by_value["4"] = False
    try:
        assert engine._trial_moves(lattice, changes) is None
    finally:
        info.slot_by_value["4"] = True
    assert engine._trial_moves(lattice, dict(list(changes.items())[:3])) is None
    engine.holders = None
    assert engine._trial_moves(lattice, changes) is None


def test_one_value_s_result_is_read_by_its_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1: a value asked again with the same instruction gets its result by the value's identity (the value not
    hashed, ``_APPLIED`` not asked); an entry held for another value under a reused identity is not read."""
    engine = _engine()
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    parts = engine.parts(lattice, "4")
    target = next(t for t in sorted(engine.state) if "artifact" not in engine.state[t].types)
    scratch = bookkeeping._Changes()
    scratch.instrs = [None] * len(parts)
    want = engine._apply(lattice, parts, target, scratch)
    assert "artifact" in want.types

    class Counted(dict):  # type: ignore[type-arg]
        asked = 0

        def get(self, key: Any, default: Any = None) -> Any:
            Counted.asked += 1
            return super().get(key, default)

    engine.applied = Counted(engine.applied)
    assert engine._apply(lattice, parts, target, scratch) is want
    assert Counted.asked == 0
    # a stale entry under the value's identity (another value held): read afresh, and the entry replaced
    ch = engine.state[target]
    (key,) = [k for k in bookkeeping._APPLIED_BY_ID if k[0] == id(ch) and k[1] == engine._instructions(
        lattice, parts, target, scratch)[0]]  # fmt: skip
    other = ch.with_(name=f"{ch.name}!")
    bookkeeping._APPLIED_BY_ID[key] = (other, other)
    assert engine._apply(lattice, parts, target, scratch) == want
    assert Counted.asked == 1
    assert bookkeeping._APPLIED_BY_ID[key][0] is ch


def test_the_mask_of_most_objects_is_read_off_those_left_out() -> None:
    """The bitset of a set holding most objects is every position less those it leaves out: the sum of its own."""
    engine = _engine(40, 8)
    index: Indexes = engine.indexes()
    ids = sorted(engine.board.objects)

    def plain(objs: Any) -> int:
        return sum(index.bit[i] for i in objs)

    for objs in (set(ids), set(ids[1:]), frozenset(ids[::2] + ids[:5]), set(ids[:3]), set()):
        assert index.mask(objs) == plain(objs)
    assert index.mask(ids[1:]) == plain(ids[1:])  # a list: summed as it is
    with pytest.raises(KeyError):
        index.mask(set(ids) | {"no-such-object"})  # an id not on the board is no position


def test_the_family_resolves_as_the_readable_resolver_at_every_step() -> None:
    """613.1, 613.8a: with the changes and trials read class by class, every kept value and graph before each step,
    and the resolution, result and trace, are the readable ones."""
    import peers

    board = peers.project_board(peers.events("b", 90, 16), catalogue(), VERSION)
    with checked_engine():
        assert fast_resolve(board, VERSION) == resolve(board, VERSION)


def test_a_graph_s_loops_are_found_once_and_kept_when_narrowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8b: a graph's loops are found once (``strongly_connected``); the graph narrowed by ``_kept_graph`` reads
    them off the earlier one when the effects taken away were each alone; when one was in a loop with others they are
    found again (the loop of three broken). Every answer is ``strongly_connected``'s."""
    from reference.dependency import DependencyReason, strongly_connected

    engine = _engine()
    group = engine.in_slot("4")[:5]
    a, b, c, d, e = (x.key for x in group)
    why = DependencyReason("applies-to", "x")
    found: list[int] = []

    def counted(graph: Any) -> Any:
        found.append(len(graph))
        return strongly_connected(graph)

    monkeypatch.setattr(bookkeeping, "strongly_connected", counted)
    # a, b, c in a loop; d depends on a; e alone
    graph = {a: {b: why}, b: {c: why}, c: {a: why}, d: {a: why}, e: {}}
    loops = engine.loops(graph)
    assert loops == strongly_connected(graph) and len(loops[a]) == 3 and found == [5]
    assert engine.loops(graph) is loops and found == [5]
    # e (alone) applied: the others keep their loops, read off the earlier graph
    engine.last_graph["4"] = (len(engine.log), {x.key: x for x in group}, graph, frozenset())
    narrowed = engine._kept_graph(group[:4], "4")
    assert narrowed is not None and e not in narrowed
    assert engine.loops(narrowed) == strongly_connected(narrowed) and found == [5]
    # then a (in the loop of three) taken away: the loops are found again (b and c each alone now)
    again = engine._kept_graph(group[1:4], "4")
    assert again is not None
    assert engine.loops(again) == strongly_connected(again) and found == [5, 3]
    assert engine.loops(again)[b] == frozenset({b})
    # loops held for another graph under a graph's identity are not read
    fresh = {a: {}, b: {a: why}}
    engine.graph_loops[id(fresh)] = (graph, loops)
    assert engine.loops(fresh) == strongly_connected(fresh) == {a: frozenset({a}), b: frozenset({b})}


def test_parts_on_a_value_are_applied_once_per_rules_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1: parts whose result reads only the value (a Lattice's, 205.1a) are applied to one value once for every
    resolution under the version (``_value_change``): a second resolution's changes apply nothing, and are the
    readable ones; an entry held for another value under a reused identity is not read."""
    first = _engine()
    lattice = _named(first, "4", "Mycosynth Lattice")[0]
    want = first.changes(lattice, "4")
    assert want == _readable_changes(first, lattice, "4") and len(want) > bookkeeping._WHOLE
    applied: list[str] = []
    apply = bookkeeping.Incremental._apply

    def counted(self: bookkeeping.Incremental, e: Any, parts: Any, target: str, c: Any) -> Any:
        applied.append(target)
        return apply(self, e, parts, target, c)

    monkeypatch.setattr(bookkeeping.Incremental, "_apply", counted)
    second = bookkeeping.Incremental(first.board, VERSION)
    again = _named(second, "4", "Mycosynth Lattice")[0]
    assert second.changes(again, "4") == want
    assert applied == []
    # a stale entry (another value held under a value's identity): the parts are applied again
    parts = second.parts(again, "4")
    target = sorted(want)[0]
    old = second.state[target]
    key = (id(parts), id(old))
    assert second.by_value[key][1] is old
    other = old.with_(name=f"{old.name}!")
    second.by_value[key] = (parts, other, other, False)
    scratch = bookkeeping._Changes()
    scratch.instrs = [None] * len(parts)
    assert second._value_change(again, parts, target, scratch) == (want[target], True)
    assert applied == [target] and second.by_value[key][1] is old
    # held for other parts under the same identities: not read either
    second.by_value[key] = ((), old, other, False)
    assert second._value_change(again, parts, target, scratch) == (want[target], True)
    # held for these parts and this value: read as held, the result and whether it changed
    second.by_value[key] = (parts, old, other, False)
    assert second._value_change(again, parts, target, scratch) == (other, False)
    second.by_value.pop(key)  # (kept for every resolution under the version: not left wrong for the next tests)
    assert applied == [target, target]


def test_parts_reading_more_than_the_value_are_applied_each_time() -> None:
    """613.1, 613.7a: parts whose result reads the effect (a timed operation, its timestamp) are not kept by value:
    ``_shares`` says no, and the changes are made by ``_apply`` on each class."""
    engine = _engine()
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    parts = engine.parts(lattice, "4")
    assert engine._shares(lattice, parts)
    info = engine.info(lattice)
    monkey = bookkeeping._Readings(VERSION).by_value
    engine.by_value = monkey
    info.shared_parts = False
    engine.shares.clear()  # (``_shares`` is kept per parts and what is kept of the effect)
    try:
        assert not engine._shares(lattice, parts)
        assert engine.changes(lattice, "4") == _readable_changes(engine, lattice, "4")
        assert monkey == {}
    finally:
        info.shared_parts = True
    # made object by object (Blood Moon's one land): kept by value only where the parts share
    (moon,) = _named(engine, "4", "Blood Moon")[:1]
    moon_info = engine.info(moon)
    moon_info.shared_parts = False
    engine.shares.clear()
    try:
        assert engine.changes(moon, "4") == _readable_changes(engine, moon, "4") != {}
        assert monkey == {}
    finally:
        moon_info.shared_parts = True
    engine.changes_cache.pop(moon.key)
    engine.shares.clear()
    assert engine.changes(moon, "4") == _readable_changes(engine, moon, "4")
    assert [held[0] for held in monkey.values()] == [engine.parts(moon, "4")]


def test_what_is_read_per_parts_and_per_effect_is_kept_by_identity() -> None:
    """613.1, 109.4: ``_shares`` is asked once per parts (and what is kept of the effect): an entry held for other
    parts or another effect's reading under the same identity is not read; an effect's context is made again when
    the player its "you" means changes, and is the same context while it does not."""
    engine = _engine()
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    parts = engine.parts(lattice, "4")
    assert engine._shares(lattice, parts)
    assert engine.shares[id(parts)] == (parts, engine.info(lattice), True)
    engine.shares[id(parts)] = (parts, engine.info(lattice), False)
    assert not engine._shares(lattice, parts)  # (held: read as it is)
    engine.shares[id(parts)] = ((), engine.info(lattice), False)
    assert engine._shares(lattice, parts)
    engine.shares[id(parts)] = (parts, bookkeeping._Info(lattice), False)
    assert engine._shares(lattice, parts)
    ctx = engine.context(lattice)
    assert engine.context(lattice) is ctx and ctx.state is engine.state
    assert lattice.source is not None
    source = engine.state[lattice.source]
    engine.state[lattice.source] = source.with_(controller="p9")
    other = engine.context(lattice)
    assert other is not ctx and other.controller == "p9" and other.source == lattice.source
    engine.state[lattice.source] = source
    assert engine.context(lattice).controller == ctx.controller
    twin = _named(engine, "4", "Mycosynth Lattice")[1]
    assert engine.context(twin).source == twin.source != lattice.source
    # another effect value under the key (another source): its own context
    moved = replace(lattice, source=twin.source)
    assert engine.context(moved).source == twin.source and engine.context(lattice).source == lattice.source


def test_whether_a_value_fits_and_a_filter_s_split_are_read_once_for_every_resolution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """205.3d, 305.6: whether a value fits is read once per value (``fits_kept``; a stale entry under a reused identity
    read again); what a trial reads of a filter (``_split``) is kept for every resolution: a second resolution of a
    board splits no filter, and its resolution is the readable one."""
    from reference_optimized import reads

    engine = _engine()
    ch = next(iter(engine.state.values()))
    asked: list[Any] = []

    def counted(value: Any) -> bool:
        asked.append(value)
        return reads.fits(value)

    monkeypatch.setattr(bookkeeping, "fits", counted)
    bookkeeping._FITS.pop(id(ch), None)
    assert bookkeeping.fits_kept(ch) == reads.fits(ch) and asked == [ch]
    assert bookkeeping.fits_kept(ch) == reads.fits(ch) and asked == [ch]
    bookkeeping._FITS[id(ch)] = (ch.with_(name=f"{ch.name}!"), not reads.fits(ch))
    assert bookkeeping.fits_kept(ch) == reads.fits(ch) and asked == [ch, ch]
    bookkeeping._FITS[id(ch)] = (ch, not reads.fits(ch))
    assert bookkeeping.fits_kept(ch) != reads.fits(ch)  # (held: read as it is)
    bookkeeping._FITS.pop(id(ch))
    split = bookkeeping._split
    splits: list[Any] = []

    def counted_split(filt: Any) -> Any:
        splits.append(filt)
        return split(filt)

    monkeypatch.setattr(bookkeeping, "_split", counted_split)
    board = engine.board
    assert fast_resolve(board, VERSION) == resolve(board, VERSION)
    splits.clear()
    assert fast_resolve(board, VERSION) == resolve(board, VERSION)
    assert splits == []


def test_an_applies_to_reason_is_made_once_per_descriptions_and_objects() -> None:
    """613.8a(b): the reason reads the two descriptions and the objects gained and lost: made once for them (the same
    reason given again), another for other objects or another description; each the readable one."""
    from reference.dependency import changes_what_it_applies_to

    engine = _engine()
    march, other = _named(engine, "4", "March of the Machines")[:2]
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    gained, lost = frozenset({"x", "y"}), frozenset({"z"})
    r = bookkeeping.applies_to_reason(march, lattice, gained, lost)
    assert r == changes_what_it_applies_to(march, lattice, gained, lost)
    assert bookkeeping.applies_to_reason(march, lattice, frozenset({"y", "x"}), frozenset({"z"})) is r
    assert other.description == march.description and bookkeeping.applies_to_reason(other, lattice, gained, lost) is r
    for a, b, g, lo in (
        (march, lattice, frozenset({"x"}), lost),
        (march, lattice, gained, frozenset()),
        (lattice, march, gained, lost),
        (march, _named(engine, "4", "Blood Moon")[0], gained, lost),
    ):
        assert bookkeeping.applies_to_reason(a, b, g, lo) == changes_what_it_applies_to(a, b, g, lo) != r


def test_a_step_and_a_trial_write_only_what_the_slot_s_parts_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1, 613.6: Humility's parts in layer 6 take abilities away, its part in 7b sets power and toughness: what
    a step or a trial in a slot can change is what the parts in that slot write (``_Info.writes_in``). Its 7b step
    logs power and toughness only, and makes no object's static abilities again (611.3b reads abilities, text and
    name); the resolution is the readable one."""
    import peers

    board = peers.project_board(peers.events("b", 40, 6), catalogue(), VERSION)
    engine = bookkeeping.Incremental(board, VERSION)
    humility = _named(engine, "6", "Humility")[0]
    info = engine.info(humility)
    assert info.writes_in("7b", engine.parts(humility, "7b"))[0] == frozenset({"power", "toughness"})
    assert {"abilities", "power", "toughness"} <= info.writes
    assert "abilities" in info.writes_in("6", engine.parts(humility, "6"))[0]
    made: list[tuple[int, str]] = []
    regenerate = bookkeeping.Incremental._regenerate_statics

    def counted(self: bookkeeping.Incremental, obj_id: str) -> None:
        made.append((len(self.log), obj_id))
        regenerate(self, obj_id)

    steps: list[tuple[str, str, int]] = []
    apply = bookkeeping.Incremental.apply

    def logged(self: bookkeeping.Incremental, e: Any, slot: str, targets: frozenset[str]) -> None:
        steps.append((slot, e.description, len(self.log)))
        apply(self, e, slot, targets)

    monkeypatch.setattr(bookkeeping.Incremental, "_regenerate_statics", counted)
    monkeypatch.setattr(bookkeeping.Incremental, "apply", logged)
    result = fast_resolve(board, VERSION)
    assert result == resolve(board, VERSION)
    at = [n for slot, d, n in steps if slot == "7b" and d.startswith("Humility")]
    assert len(at) == 1
    # (a static ability made again during a step is made once the step is logged: the log holds one more entry)
    assert not any(n == at[0] + 1 for n, _ in made)
