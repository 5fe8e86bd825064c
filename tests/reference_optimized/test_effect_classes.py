"""Effects alike answered as a class (issue 39's type-change family): 613.8a's trial met once per class of identical
effects (``Incremental._class_key``) and one trial's changes held once for the class (``Incremental.changes``).

The unit tests pin each condition under which a class answer is read (a class answer where the test reads an
effect's source, its fixed objects, its amounts or its condition must not be keyed) and each part of the key; the
resolution tests check, before every step, the kept values and the graph against the readable ones (613.8a, 613.8c)
and the fast path's resolution, result and trace, against the readable resolver's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.catalogue.load import catalogue
from reference.dependency import changes_what_it_applies_to, dependency_graph
from reference.frozen import freeze
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import bookkeeping
from reference_optimized import resolve as fast_resolve

from .test_bookkeeping import checked_engine

VERSION = "2025-08-01"


def _engine(n: int = 20, k: int = 12) -> tuple[bookkeeping.Incremental, Any]:
    import peers

    version = get_version(VERSION)
    board = peers.project_board(peers.events("b", n, k), catalogue(), version)
    return bookkeeping.Incremental(board, version), board


def _named(engine: bookkeeping.Incremental, slot: str, name: str) -> list[Any]:
    return [e for e in engine.in_slot(slot) if e.description.startswith(name)]


def test_effects_alike_share_one_key_against_a_trial_that_leaves_their_sources() -> None:
    """613.8a: two March of the Machines (two Opalescences) against a trial that leaves their sources alone read the
    same: one key, holding the trial, both descriptions, the filter less "other", "you", the zones, the object
    entering and whether "other" leaves a source out."""
    engine, _ = _engine()
    m1, m2 = _named(engine, "4", "March of the Machines")[:2]
    o1, o2 = _named(engine, "4", "Opalescence")[:2]
    (moon,) = _named(engine, "4", "Blood Moon")[:1]
    k1 = engine._class_key(m1, engine.info(m1), moon, "4", {}, moon.key)
    k2 = engine._class_key(m2, engine.info(m2), moon, "4", {}, moon.key)
    assert k1 is not None and k1 == k2
    assert k1 == (
        "\0class",
        moon.key,
        moon.description,
        m1.description,
        m1.filter,
        engine.context(m1).controller,
        False,
        None,
        False,
    )
    assert k1[5] is not None
    # "other than its source": the filter less that item, and the flag
    ko = engine._class_key(o1, engine.info(o1), moon, "4", {}, moon.key)
    assert ko is not None and ko == engine._class_key(o2, engine.info(o2), moon, "4", {}, moon.key)
    assert ko[-1] is True and ko[4] != o1.filter and ko[4] == bookkeeping._split(o1.filter)[0]
    # b's trial is the first equal trial's in this graph (``_same_trial``)
    assert engine._class_key(m1, engine.info(m1), moon, "4", {}, "first")[1] == "first"  # type: ignore[index]


def test_no_class_key_where_the_test_reads_the_effect_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a, 611.2c, 611.3, 109.4: no key when the trial changes a's source, a's objects are fixed (locked in or
    targets), a reads amounts its parts here use, a has a condition, or its filter names its source or is a plain
    dict."""
    engine, _ = _engine()
    m1 = _named(engine, "4", "March of the Machines")[0]
    (moon,) = _named(engine, "4", "Blood Moon")[:1]
    ia = engine.info(m1)
    assert engine._class_key(m1, ia, moon, "4", {}, moon.key) is not None
    assert m1.source is not None
    assert engine._class_key(m1, ia, moon, "4", {m1.source: engine.state[m1.source]}, moon.key) is None
    engine.locked[m1.key] = (m1, frozenset())
    assert engine._class_key(m1, ia, moon, "4", {}, moon.key) is None
    del engine.locked[m1.key]
    assert engine._class_key(replace(m1, targets=frozenset()), ia, moon, "4", {}, moon.key) is None
    # 613.8a: March's P/T in 7b read its mana value
    m7 = _named(engine, "7b", "March of the Machines")[0]
    i7 = engine.info(m7)
    assert i7.reads_values and engine._reads_values_in(m7, "7b")
    assert engine._class_key(m7, i7, moon, "7b", {}, moon.key) is None
    monkeypatch.setattr(i7, "reads_values", False)
    assert engine._class_key(m7, i7, moon, "7b", {}, moon.key) is not None
    monkeypatch.setattr(engine, "conditioned", engine.conditioned | {m1.ability})
    assert engine._class_key(m1, ia, moon, "4", {}, moon.key) is None
    monkeypatch.undo()
    named = replace(m1, filter=freeze({"all": [{"type": "artifact"}, {"is_it": True}]}))
    assert engine._class_key(named, engine.info(named), moon, "4", {}, moon.key) is None
    plain = replace(m1, filter={"type": "artifact"})
    assert engine._class_key(plain, engine.info(plain), moon, "4", {}, moon.key) is None


def test_effects_alike_meet_a_trial_once_and_the_graphs_stay_the_readable_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """613.8a, 613.8b: on the type-change family, class answers are read (five March of the Machines against one
    trial are tested once), and every graph and the resolution, result and trace, equal the readable ones."""
    import peers

    version = get_version(VERSION)
    board = peers.project_board(peers.events("b", 40, 13), catalogue(), version)
    read: list[bool] = []
    class_key = bookkeeping.Incremental._class_key

    def spy(self: bookkeeping.Incremental, *args: Any) -> Any:
        key = class_key(self, *args)
        read.append(key is not None)
        return key

    monkeypatch.setattr(bookkeeping.Incremental, "_class_key", spy)
    with checked_engine():
        assert fast_resolve(board, version) == resolve(board, version)
    assert any(read)


def test_the_first_of_a_trial_class_reads_the_answers_of_its_equals() -> None:
    """613.8a: equal trials are one trial (``_same_trial``): the first March of the Machines, met by the trials of the
    others after its own trial met them, is answered by the class answer (no readable test of its own)."""
    engine, _ = _engine(20, 18)
    group = engine.in_slot("4")
    marches = {e.key for e in group if e.description.startswith("March of the Machines")}
    assert len(marches) == 4
    tested: list[tuple[str, str]] = []
    readable_test = engine._readable_test

    def spy(a: Any, ia: Any, b: Any, *rest: Any) -> Any:
        tested.append((a.key, b.key))
        return readable_test(a, ia, b, *rest)

    engine._readable_test = spy  # type: ignore[method-assign,assignment]
    engine.graph(group, "4")
    among = [(a, b) for a, b in tested if a in marches and b in marches]
    assert len(among) == 1, among


def test_changes_shared_by_effects_alike_are_copied_before_one_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1: equal Lattices on the same objects hold one dict of changes; once a step is made, the one asked first
    makes its own copy and leaves the shared dict (the step's history, another's changes) as it was."""
    engine, _ = _engine(40, 12)
    lattices = _named(engine, "4", "Mycosynth Lattice")
    assert len(lattices) == 2
    first, second = (engine.changes(e, "4") for e in lattices)
    assert first is second and len(first) > bookkeeping._WHOLE
    assert all(engine.changes_cache[e.key].shared for e in lattices)
    held = dict(first)
    # Lattice applied: every permanent is an artifact; the other's changes are now none, made on its own copy
    engine.apply(lattices[0], "4", engine.affected(lattices[0]))
    after = engine.changes(lattices[1], "4")
    assert after == {} and after is not first
    assert first == held and engine.history[-1] is first
    assert not engine.changes_cache[lattices[1].key].shared
    # the one applied asked again first: its changes are made afresh, its own (the history's dict is left)
    engine, _ = _engine(40, 12)
    for e in lattices:
        engine.changes(e, "4")
    assert engine.changes_cache[lattices[0].key].shared
    engine.apply(lattices[0], "4", engine.affected(lattices[0]))
    assert engine.changes(lattices[0], "4") == {}
    assert not engine.changes_cache[lattices[0].key].shared


def test_shared_changes_follow_every_step_of_the_family() -> None:
    """613.1, 613.8a: with the changes held once per class, every kept value, graph and the resolution (its trace read
    off the history) stay the readable ones."""
    import peers

    version = get_version(VERSION)
    board = peers.project_board(peers.events("b", 60, 14), catalogue(), version)
    with checked_engine():
        assert fast_resolve(board, version) == resolve(board, version)


def test_twins_share_the_answer_made_for_their_description() -> None:
    """613.8a: a twin's answer (``_twin_answer``) reads a only through its description: twins with one description
    get the answer made once, another description its own."""
    engine, _ = _engine()
    m1, m2 = _named(engine, "4", "March of the Machines")[:2]
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    changes = engine.changes(lattice, "4")
    twin = engine._twin_key(m1, "4", changes)
    assert twin is not None and twin == engine._twin_key(m2, "4", changes)
    held: tuple[Any, ...] = (engine.affected(m1), frozenset({"gained"}), frozenset(), {})
    doing: dict[Any, Any] = {("\0twin", lattice.key, *twin): held}
    known, r1 = engine._twin_answer(m1, lattice, "4", changes, doing)
    assert known and r1 is not None and m1.description in r1.detail and "gained" in r1.detail
    known, r2 = engine._twin_answer(m2, lattice, "4", changes, doing)
    assert known and r2 is r1
    other = replace(m2, description="another March")
    known, r3 = engine._twin_answer(other, lattice, "4", changes, doing)
    assert known and r3 is not None and "another March" in r3.detail and r3 != r1
    # the readable test of the first twin keeps its answer under its description
    doing = {}
    r = engine._compare(m1, engine.info(m1), lattice, "4", doing, changes, engine.changed(lattice, "4"))
    assert r is not None and doing[("\0twin", lattice.key, *twin)][3] == {(m1.description, lattice.description): r}
    assert engine._twin_answer(m2, lattice, "4", changes, doing) == (True, r)
    # another b with the same trial and another description: its own answer
    renamed = replace(lattice, description="another Lattice")
    known, r4 = engine._twin_answer(m2, renamed, "4", changes, doing)
    assert known and r4 is not None and r4.detail.startswith("another Lattice") and r4 != r


def test_what_is_read_off_a_trial_is_kept_under_the_first_equal_trial() -> None:
    """613.8a: the readable test reads b only through its trial and its description: what is read off a trial (its
    state, its bitsets, what a filter takes on it, a twin's objects) is kept under the first effect of the graph with
    that trial (``_trial_id``), for every b with an equal trial."""
    engine, _ = _engine(40, 12)
    m1 = _named(engine, "4", "March of the Machines")[0]
    lattice = _named(engine, "4", "Mycosynth Lattice")[0]
    moon = _named(engine, "4", "Blood Moon")[0]
    assert engine._trial_id(lattice, {}) == lattice.key
    assert engine._trial_id(lattice, {("\0trial-of", lattice.key): "first"}) == "first"
    # a trial of many objects: its bitsets and what March takes on them; March's source is changed: a twin
    doing: dict[Any, Any] = {("\0trial-of", lattice.key): "first"}
    changes = engine.changes(lattice, "4")
    assert len(changes) > bookkeeping._WHOLE and engine.indexes() is not None
    engine._compare(m1, engine.info(m1), lattice, "4", doing, changes, engine.changed(lattice, "4"))
    twin = engine._twin_key(m1, "4", changes)
    assert twin is not None and ("\0twin", "first", *twin) in doing and ("\0index", "first") in doing
    assert any(k[:3] == ("\0every", "\0after", "first") for k in doing if isinstance(k, tuple))
    m2 = _named(engine, "4", "March of the Machines")[1]
    assert engine._twin_answer(m2, lattice, "4", changes, doing)[0]
    assert not any(lattice.key in k for k in doing if isinstance(k, tuple) and k[0] != "\0trial-of")
    # a trial of a few objects: its state and what March takes among them
    doing = {("\0trial-of", moon.key): "second"}
    changes = engine.changes(moon, "4")
    assert 0 < len(changes) <= bookkeeping._WHOLE
    engine._compare(m1, engine.info(m1), moon, "4", doing, changes, engine.changed(moon, "4"))
    state = doing[("\0trial", "second")]
    opal = _named(engine, "4", "Opalescence")[0]
    engine._compare(opal, engine.info(opal), moon, "4", doing, changes, engine.changed(moon, "4"))
    assert doing[("\0trial", "second")] is state
    assert any(k[:2] == ("\0after", "second") for k in doing if isinstance(k, tuple))
    assert not any(moon.key in k for k in doing if isinstance(k, tuple) and k[0] != "\0trial-of")


def test_the_trials_of_effects_alike_are_one_trial_after_a_step() -> None:
    """613.8a: once Mycosynth Lattice has made every permanent an artifact, each March of the Machines's trial changes
    the other Marches' sources (they become creatures): the trials of the Marches are one trial, and the first March
    is answered off its twins' objects (``_twin_answer``), not tested once per March."""
    engine, _ = _engine(20, 18)
    for lattice in _named(engine, "4", "Mycosynth Lattice"):
        engine.apply(lattice, "4", engine.affected(lattice))
    group = [e for e in engine.in_slot("4") if e.description.startswith("March of the Machines")]
    assert len(group) == 4
    tested: list[tuple[str, str]] = []
    readable_test = engine._readable_test

    def spy(a: Any, ia: Any, b: Any, *rest: Any) -> Any:
        tested.append((a.key, b.key))
        return readable_test(a, ia, b, *rest)

    engine._readable_test = spy  # type: ignore[method-assign,assignment]
    graph = engine.graph(group, "4")
    assert len(tested) == 1, tested
    assert all(len(deps) == 3 for deps in graph.values())
    assert graph == dependency_graph(group, engine.board, engine.state, engine.version, "4", engine.locked)


def test_the_class_key_holds_the_object_entering() -> None:
    """614.12: the object entering is left out of the objects of every static ability but its own: the class key
    holds it (what a filter takes differs with it)."""
    import peers

    version = get_version(VERSION)
    board = peers.project_board(peers.events("b", 20, 12), catalogue(), version)
    entering = sorted(i for i in board.objects if i.startswith("grizzly-bears"))[0]
    engine = bookkeeping.Incremental(replace(board, entering=entering), version)
    m1 = _named(engine, "4", "March of the Machines")[0]
    moon = _named(engine, "4", "Blood Moon")[0]
    key = engine._class_key(m1, engine.info(m1), moon, "4", {}, moon.key)
    assert key is not None and key[7] == entering == engine.outside(m1)


def _after_lattices(n: int = 20, k: int = 18) -> bookkeeping.Incremental:
    """Family b once every Mycosynth Lattice applied: every permanent an artifact (March takes the enchantments)."""
    engine, _ = _engine(n, k)
    for lattice in _named(engine, "4", "Mycosynth Lattice"):
        engine.apply(lattice, "4", engine.affected(lattice))
    return engine


def test_a_class_that_leaves_its_own_source_out_is_one_block_whose_trial_is_each_members_and_its_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """613.8a, 611.3a: the Opalescences ("each other non-Aura enchantment") are one block: its trial is what their
    parts give every non-Aura enchantment (their own sources too), and each member's trial is it less its source."""
    engine = _after_lattices()
    group = engine.in_slot("4")
    opals = _named(engine, "4", "Opalescence")
    assert len(opals) >= 2
    blocks: dict[Any, Any] = {}
    assert engine.other_members(group, "4", blocks) == {o.key for o in opals}
    assert engine.other_members(group[:1] + opals[:1], "4", {}) == frozenset()  # a class of one: not a block
    block = engine._other_block(opals[0], "4", blocks)
    assert block is not None and engine._other_block(opals[1], "4", blocks) is block
    trial, changed = block[0], block[1]
    assert changed == frozenset(trial)
    for o in opals:
        assert o.source in trial
        assert {t: v for t, v in trial.items() if t != o.source} == engine.changes(o, "4")
    # not members: no "other than its source", a source-less or resolved effect, objects fixed, parts that share no
    # result per object
    march = _named(engine, "4", "March of the Machines")[0]
    assert engine._other_block(march, "4", {}) is None
    assert engine._other_block(replace(opals[0], origin="resolved"), "4", {}) is None
    assert engine._other_block(replace(opals[0], targets=frozenset()), "4", {}) is None
    engine.locked[opals[0].key] = (opals[0], frozenset())
    assert engine._other_block(opals[0], "4", {}) is None
    del engine.locked[opals[0].key]
    monkeypatch.setattr(engine, "_shares", lambda e, parts: False)
    assert engine._other_block(opals[0], "4", {}) is None
    monkeypatch.undo()
    assert engine._other_block(opals[0], "4", {}) is not None
    monkeypatch.setitem(engine.info(opals[0]).slot_by_value, "4", False)  # (an info is shared by every resolution)
    assert engine._other_block(opals[0], "4", {}) is None


def test_each_member_of_a_block_gets_its_own_answer_less_its_own_source() -> None:
    """613.8a: once the Lattices made every permanent an artifact, each Opalescence's trial takes the other
    Opalescences' sources (and every other enchantment) from March of the Machines' noncreature artifacts, never its
    own: the block's objects lost hold every source, and each member's answer is the readable one (its own source
    neither gained nor lost)."""
    engine = _after_lattices()
    group = engine.in_slot("4")
    readable = dependency_graph(group, engine.board, engine.state, engine.version, "4", engine.locked)
    opals = _named(engine, "4", "Opalescence")
    blocks: dict[Any, Any] = {}
    block = engine._other_block(opals[0], "4", blocks)
    march = _named(engine, "4", "March of the Machines")[0]
    held = engine._block_witnesses(march, engine.info(march), "4", block)
    assert held is not None
    gained, lost = held
    assert {o.source for o in opals} <= lost and not gained
    # an Opalescence against the block: its own source stays out of its objects ("other than its source")
    assert engine._block_witnesses(opals[0], engine.info(opals[0]), "4", block) == (frozenset(), frozenset())
    graph = engine.graph(group, "4")
    assert graph == readable
    for o in opals:
        assert o.source is not None
        r = readable[march.key][o.key]
        assert f"loses {sorted(lost - {o.source})}" in r.detail and repr(o.source) not in r.detail


def test_a_block_answers_no_pair_whose_test_reads_the_effect_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a, 611.2c, 611.3, 109.4: no block answer where the test reads a's condition, what a does, or a filter that
    names its source (or is a plain dict); a's objects fixed (locked in, or targets): no dependency."""
    engine = _after_lattices()
    opals = _named(engine, "4", "Opalescence")
    block = engine._other_block(opals[0], "4", {})
    march = _named(engine, "4", "March of the Machines")[0]
    ia = engine.info(march)
    assert engine._block_witnesses(march, ia, "4", block) is not None
    # (an effect of March's source taking creatures: on the block's trial it would gain every source)
    watcher = replace(march, key="watcher", filter=freeze({"all": [{"type": "creature"}]}))
    assert {o.source for o in opals} <= engine._block_witnesses(watcher, ia, "4", block)[0]  # type: ignore[index]
    none: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    assert engine._block_witnesses(replace(watcher, targets=("watcher",)), ia, "4", block) == none
    engine.locked[watcher.key] = (watcher, frozenset())
    assert engine._block_witnesses(watcher, ia, "4", block) == none
    del engine.locked[watcher.key]
    named = replace(march, filter=freeze({"all": [{"type": "artifact"}, {"is_it": True}]}))
    assert engine._block_witnesses(named, engine.info(named), "4", block) is None
    plain = replace(march, filter={"type": "artifact"})
    assert engine._block_witnesses(plain, engine.info(plain), "4", block) is None
    monkeypatch.setattr(engine, "_fixed_doing", lambda *args: False)
    monkeypatch.setattr(ia, "reads_values", True)
    assert engine._block_witnesses(march, ia, "4", block) is None  # what March does may change: asked alone
    monkeypatch.setattr(ia, "reads_values", False)
    assert march.source in block[0]
    assert engine._block_witnesses(march, ia, "4", block) is None  # the block changes March's source: asked alone
    monkeypatch.undo()
    monkeypatch.setattr(engine, "conditioned", engine.conditioned | {march.ability})
    assert engine._block_witnesses(march, ia, "4", block) is None


def test_the_block_answers_hold_on_every_graph_of_the_type_change_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a, 613.8b: on the type-change family the Opalescences' columns are read off their block, with answers
    whose objects hold members' sources, and every graph and the resolution, result and trace, equal the readable
    ones (the checked engine compares the graphs before each step)."""
    import peers

    version = get_version(VERSION)
    board = peers.project_board(peers.events("b", 20, 18), catalogue(), version)
    held: list[Any] = []
    witnesses = bookkeeping.Incremental._block_witnesses

    def spy(self: bookkeeping.Incremental, a: Any, ia: Any, slot: str, block: Any) -> Any:
        found = witnesses(self, a, ia, slot, block)
        held.append(found)
        return found

    answers: list[Any] = []
    member_answer = bookkeeping.Incremental._member_answer

    def answered(a: Any, b: Any, witnesses: Any) -> Any:
        answers.append(member_answer(a, b, witnesses))
        return answers[-1]

    monkeypatch.setattr(bookkeeping.Incremental, "_block_witnesses", spy)
    monkeypatch.setattr(bookkeeping.Incremental, "_member_answer", staticmethod(answered))
    with checked_engine():
        assert fast_resolve(board, version) == resolve(board, version)
    assert any(h is not None and h[1] for h in held)
    assert any(r is not None for r in answers)


def test_a_member_of_a_block_neither_gains_nor_loses_its_own_source() -> None:
    """613.8a: a member's trial leaves its own source as it is: what a gains or loses against the block less that
    source, and no dependency when nothing else is left."""
    engine = _after_lattices()
    opals = _named(engine, "4", "Opalescence")
    march = _named(engine, "4", "March of the Machines")[0]
    o1, o2 = opals[0], opals[1]
    assert o1.source is not None and o2.source is not None
    both = frozenset({o1.source, o2.source})
    for gained, lost in ((both, frozenset()), (frozenset(), both), (both, both)):
        r = engine._member_answer(march, o1, (gained, lost))
        assert r == changes_what_it_applies_to(march, o1, gained - {o1.source}, lost - {o1.source})
    alone = frozenset({o1.source})
    assert engine._member_answer(march, o1, (alone, frozenset())) is None
    assert engine._member_answer(march, o1, (frozenset(), alone)) is None
    assert engine._member_answer(march, o2, (frozenset(), alone)) == changes_what_it_applies_to(
        march, o2, frozenset(), alone
    )
