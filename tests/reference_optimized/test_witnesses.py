"""A pair's dependency answer kept between steps by its witnesses (reference_optimized.witnesses).

The unit tests pin each function of the module; the property draws small boards whose effects change what
other effects' filters read (abilities and creature types by name, card types, colors), their sources and
conditions, and checks before every step that the kept graph is the readable one (613.8a, 613.8c), and that the
fast path's resolution equals the readable resolver's, result and trace.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.dependency import compare_after_trial
from reference.effects import ContinuousEffect
from reference.frozen import freeze
from reference.model import Part
from reference.resolver import initial_state, resolve
from reference.versions import get_version
from reference_optimized import bookkeeping, witnesses
from reference_optimized import resolve as fast_resolve

from ..builders import make_board
from .test_bookkeeping import checked_engine

LINK = "creatures with link 0 have link 1."
TYPES = ("elf", "goblin", "soldier")


def _effect(key: str, parts: tuple[Part, ...], filt: Any = None) -> ContinuousEffect:
    return ContinuousEffect(
        key=key,
        origin="resolved",
        timestamp=1,
        parts=parts,
        description=key,
        filter=freeze(filt if filt is not None else {"type": "creature"}),
    )


def _part(op: str, **args: Any) -> Part:
    return Part(op, freeze(args))


def test_step_reads_are_what_a_reads_for_name_local_operations() -> None:
    """613.1f: "gains link 1" is read off link 1 alone: a reader of link 2 by name is touched by link 2 only."""
    found = witnesses.step_reads(
        (_part("add_abilities", abilities=["link 1"]),),
        frozenset({"abilities", "types"}),
        {"abilities": frozenset({"link 2"})},
    )
    assert found == (frozenset({"abilities", "types"}), {"abilities": frozenset({"link 2"})})


def test_step_reads_add_what_a_subtype_change_reads_and_refuse_what_is_not_local() -> None:
    """205.3d: a creature type stays only where a card type allows it: a change of card types touches the pair; a
    card type change (205.1a, its subtypes set aside) is not local; 305.6: nor is a subtype change under a reader of
    abilities (a basic land type brings its mana ability)."""
    reads, names = frozenset({"subtypes", "all_creature_types"}), {"subtypes": frozenset({"goblin"})}
    found = witnesses.step_reads((_part("add_subtypes", subtypes=["elf"]),), reads, names)
    assert found is not None
    assert "types" in found[0] and found[1] == {"subtypes": frozenset({"goblin"})}
    assert witnesses.step_reads((_part("add_types", types=["artifact"]),), reads, names) is None
    abilities = frozenset({"abilities"})
    assert witnesses.step_reads((_part("add_subtypes", subtypes=["forest"]),), abilities, {}) is None


def test_step_reads_of_several_parts_are_what_each_part_reads() -> None:
    """205.3d: b's subtype change reads card types, whichever of b's parts comes last: a later change of power by an
    amount (613.4c), which reads nothing more, leaves what the subtype change reads in."""
    reads, names = frozenset({"subtypes"}), {"subtypes": frozenset({"goblin"})}
    parts = (_part("add_subtypes", subtypes=["elf"]), _part("modify_pt", power=1, toughness=1))
    found = witnesses.step_reads(parts, reads, names)
    assert found is not None
    assert found[0] == frozenset({"types", "all_creature_types", "subtypes", "abilities", "intrinsic"})


def test_a_kept_pair_keeps_what_it_was_read_from() -> None:
    """613.8c: a kept answer holds its pair, slot, answer, step, b's objects, the locks, what it watches, its witnesses
    and what a step must change to move them (``touched``: kept as given, so that ``moved_since`` skips a step that
    changes none of it; None would test the pair again after any step)."""
    a, b = _effect("a", (_part("add_subtypes", subtypes=["elf"]),)), _effect("b", (_part("add_types", types=["elf"]),))
    touched = (frozenset({"subtypes"}), {"subtypes": frozenset({"elf"})})
    pair = witnesses.KeptPair(
        a, b, "4", None, 3, frozenset({"x"}), (True, False), frozenset({"s"}), ({"x"}, set()), touched
    )
    assert (pair.a, pair.b, pair.slot, pair.answer, pair.version) == (a, b, "4", None, 3)
    assert (pair.b_targets, pair.locked, pair.watch) == (frozenset({"x"}), (True, False), frozenset({"s"}))
    assert (pair.gained, pair.lost, pair.touched) == ({"x"}, set(), touched)
    bare = witnesses.KeptPair(a, b, "4", None, 3, frozenset(), (False, False), frozenset())
    assert (bare.gained, bare.lost, bare.touched) == (None, None, None)


def test_moved_since_reads_only_the_steps_that_touch_the_pair() -> None:
    """613.8c: a step that changed nothing the witnesses read moves no object; one that changed a source or too many
    objects sends the pair back to the readable test (None)."""
    link1 = (frozenset({"x", "y"}), frozenset({"abilities"}), {"abilities": frozenset({"link 1"})})
    link2 = (frozenset({"y", "z"}), frozenset({"abilities"}), {"abilities": frozenset({"link 2"})})
    touched = (frozenset({"abilities"}), {"abilities": frozenset({"link 2"})})
    log: witnesses.Log = [link1, link2]
    every = (frozenset({"x", "y", "z"}),)
    assert witnesses.moved_since(log, 0, ("s",), every, 10, touched) == {"y", "z"}
    assert witnesses.moved_since(log, 0, ("s",), every, 10) == {"x", "y", "z"}
    assert witnesses.moved_since(log, 1, ("s",), (frozenset({"z"}), frozenset({"q"})), 10) == {"z"}
    assert witnesses.moved_since(log, 0, ("z",), every, 10, touched) is None
    assert witnesses.moved_since(log, 0, ("s",), every, 2) is None
    assert witnesses.moved_since(log, 2, ("x",), every, 0) == set()


def test_rewitness_tests_again_only_the_objects_given() -> None:
    """613.8a: an object the trial changes is gained or lost as a's filter takes it after and before; an object the
    trial leaves alone is neither; an object not given keeps what it was."""
    gained, lost = {"old"}, {"kept"}
    before = {"in", "stays", "kept"}
    trial = {"in", "new", "stays", "old"}
    takes = {"new", "stays"}.__contains__
    witnesses.rewitness(gained, lost, ["in", "new", "stays", "out", "old"], before, trial, takes)
    assert (gained, lost) == ({"new"}, {"in", "kept"})


def test_the_witnessed_answer_is_the_readable_one() -> None:
    """613.8a(b): the answer read off the witnesses is the readable test's, word for word."""
    a = _effect("a", (_part("add_abilities", abilities=["link 2"]),), {"has_ability": "link 1"})
    b = _effect("b", (_part("add_abilities", abilities=["link 1"]),))
    bear = {"name": "Bear", "types": ["creature"], "mana_value": 2, "power": 2, "toughness": 2, "controller": "p1"}
    bears = [{"id": f"c{i}", "timestamp": i, "abilities": ["link 1"] if i == 2 else [], **bear} for i in (1, 2)]
    board = make_board(bears)
    state = initial_state(board)
    trial = {**state, "c1": state["c1"].with_(abilities=frozenset({"link 1"}))}
    version = get_version("ikoria")
    readable = compare_after_trial(
        a, b, frozenset({"c2"}), None, frozenset({"c1"}), trial, board, version, "6", {}, fixed_doing=True
    )
    assert readable is not None
    assert witnesses.witnessed_answer(a, b, {"c1"}, set()) == readable
    assert witnesses.witnessed_answer(a, b, set(), set()) is None


def _creature(i: int, links: list[int], kind: int) -> dict[str, Any]:
    return {"id": f"c{i}", "name": f"Creature {i}", "timestamp": 100 + i, "controller": "p1" if i % 3 else "p2",
            "owner": "p1", "mana_value": 2, "types": ["creature"], "subtypes": [TYPES[kind % len(TYPES)]],
            "colors": ["green"], "power": 1 + i % 3, "toughness": 1 + i % 2,
            "abilities": [f"link {j}" for j in links]}  # fmt: skip


def _ability(kind: int, i: int, j: int, text: str) -> dict[str, Any]:
    """One static of a drawn kind, reading link (or creature type) i and writing link (or type) j."""
    link_i = {"all": [{"type": "creature"}, {"has_ability": f"link {i}"}]}
    if kind == 0:  # 613.1f, by name: the chain's links
        return {"text": text, "applies_to": link_i, "parts": [{"op": "add_abilities", "abilities": [f"link {j}"]}]}
    if kind == 1:  # 613.1f: a link lost
        return {"text": text, "applies_to": link_i, "parts": [{"op": "remove_abilities", "abilities": [f"link {j}"]}]}
    if kind == 2:  # 205.3m, 613.1d: creature types by name
        return {"text": text, "applies_to": {"all": [{"type": "creature"}, {"subtype": TYPES[i % len(TYPES)]}]},
                "parts": [{"op": "add_subtypes", "subtypes": [TYPES[j % len(TYPES)]]}]}  # fmt: skip
    if kind == 3:  # 205.1a: card types (its subtypes fit again): not local
        return {"text": text, "applies_to": link_i, "parts": [{"op": "add_types", "types": ["artifact"]}]}
    if kind == 4:  # 105.3: colors read by another's filter
        return {"text": text, "applies_to": {"all": [{"type": "creature"}, {"color": "blue"}]},
                "parts": [{"op": "add_abilities", "abilities": [f"link {j}"]}]} if i % 2 else {
                "text": text, "applies_to": link_i, "parts": [{"op": "add_colors", "colors": ["blue"]}]}  # fmt: skip
    if kind == 5:  # 611.3a: an effect that exists as long as a count holds
        count = {"count": {"all": [{"type": "creature"}, {"has_ability": f"link {i}"}]}}
        return {"text": text, "applies_to": {"type": "creature"}, "condition": {"left": count, "op": ">=", "right": 2},
                "parts": [{"op": "add_abilities", "abilities": [f"link {j}"]}]}  # fmt: skip
    if kind == 6:  # 611.3b: another static ability lost (its effect ends)
        return {"text": text, "applies_to": {"any": [{"type": "enchantment"}, {"has_ability": f"link {i}"}]},
                "parts": [{"op": "remove_abilities", "abilities": [f"static {j}."]}]}  # fmt: skip
    if kind == 7:  # 613.4c, 613.8a: an amount read off its own object, and what changes it
        x = {"its": "toughness"}
        pt = (
            {"op": "modify_pt", "power": x, "toughness": 0}
            if i % 2
            else {"op": "modify_pt", "power": 0, "toughness": 1}
        )
        return {"text": text, "applies_to": link_i, "parts": [pt]}
    return {"text": text, "applies_to": link_i, "parts": [{"op": "set_controller", "player": "you"}]}  # 613.1b


# kinds drawn: the chain's links most often, so that pairs are kept and asked again over several steps
kinds = st.sampled_from([0, 0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8])
statics = st.lists(
    st.tuples(kinds, st.integers(0, 4), st.integers(0, 4), st.integers(0, 30), st.booleans()), min_size=3, max_size=9
)
creatures = st.lists(st.tuples(st.lists(st.integers(0, 4), max_size=4), st.integers(0, 2)), min_size=2, max_size=6)


@given(drawn=statics, held=creatures, vid=st.sampled_from(["pre-m10", "m10", "ikoria", "2025-08-01"]))
def test_kept_answers_stay_the_readable_ones_on_generated_chains(
    drawn: list[tuple[int, int, int, int, bool]], held: list[tuple[list[int], int]], vid: str
) -> None:
    """613.8a, 613.8c: effects that change what others' filters read, by name or not, their sources (statics held by
    creatures), their conditions and their existence: before every step the kept graph equals the readable one,
    and the resolution equals the readable resolver's, result and trace."""
    abilities = [_ability(kind, i, j % len(drawn), f"static {n}.") for n, (kind, i, j, _, _) in enumerate(drawn)]
    objects = [_creature(c, sorted(set(links)), kind) for c, (links, kind) in enumerate(held)]
    # every link is held somewhere (the loader refuses a filter naming an ability nothing gives)
    objects.append({"id": "keeper", "name": "Keeper", "timestamp": 50, "controller": "p2", "mana_value": 1,
                    "types": ["enchantment"], "abilities": [f"link {j}" for j in range(5)]})  # fmt: skip
    for n, (_, _, _, ts, on_creature) in enumerate(drawn):
        text = str(abilities[n]["text"])
        if on_creature:  # the source is a creature: effects on creatures reach it too
            objects[n % len(objects)]["abilities"].append(text)
        else:
            objects.append({"id": f"s{n}", "name": f"Source {n}", "timestamp": ts, "controller": "p1",
                            "mana_value": 3, "types": ["enchantment"], "abilities": [text]})  # fmt: skip
    board = make_board(objects, abilities=abilities)
    version = get_version(vid)
    with checked_engine():
        quick = fast_resolve(board, version)
    assert quick == resolve(board, version)


def test_a_chain_keeps_its_answers_between_steps() -> None:
    """613.8c: on a chain of link effects the pairs are asked again after each step; those kept by their witnesses
    are brought up to date without the readable test, and every graph equals the readable one."""
    import floor_ratio

    board = floor_ratio.chain_board(12, 20)
    version = get_version("ikoria")
    used: list[bool] = []
    original = bookkeeping.Incremental._kept_answer

    def counted(self: bookkeeping.Incremental, pair: Any, a: Any, b: Any) -> bool:
        found = original(self, pair, a, b)
        used.append(found and pair.gained is not None)
        return found

    bookkeeping.Incremental._kept_answer = counted  # type: ignore[method-assign]
    try:
        with checked_engine():
            quick = fast_resolve(board, version)
    finally:
        bookkeeping.Incremental._kept_answer = original  # type: ignore[method-assign]
    assert quick == resolve(board, version)
    assert any(used)


def test_twins_are_effects_of_equal_origin_filter_and_parts() -> None:
    """613.8a: only effects with equal filters and parts can have equal trials; a fully kept effect offers its
    trial to those alone (five Blood Moons), not to every effect of a chain."""
    import floor_ratio

    version = get_version("ikoria")
    engine = bookkeeping.Incremental(floor_ratio.chain_board(6, 20), version)
    group = [e for e in engine.effects_in_play() if engine.parts(e, "6")]
    assert len(group) == 6 and engine._twins(group, "6") == set()
    engine = bookkeeping.Incremental(floor_ratio.amounts_board(6, 12), version)
    group = [e for e in engine.effects_in_play() if engine.parts(e, "7c")]
    plus = {e.key for e in group if "+0/+1" in e.description}
    assert len(plus) == 3 and engine._twins(group, "7c") == {e.key for e in group}
    assert engine._twins([group[0]], "7c") == set()


def _family_b(n: int, k: int, renamed: bool = False) -> Any:
    """The peers benchmark's family b board (issue 39); ``renamed``: every other March of the Machines printed under
    another name, so that its effect's description differs (``_twin_answer`` then reads the objects gained and lost)."""
    import peers

    from mtg_layers.catalogue.load import catalogue

    board = peers.project_board(peers.events("b", n, k), catalogue(), get_version("2025-08-01"))
    if not renamed:
        return board
    marches = sorted(i for i, o in board.objects.items() if o.printed.name == "March of the Machines")
    objects = dict(board.objects)
    for i in marches[1::2]:
        objects[i] = dataclasses.replace(objects[i], printed=objects[i].printed.with_(name="Parade of the Machines"))
    return dataclasses.replace(board, objects=objects)


def _first(engine: bookkeeping.Incremental, slot: str, name: str) -> ContinuousEffect:
    return next(e for e in engine.in_slot(slot) if e.description.startswith(name))


def test_a_trial_that_changes_the_source_leaves_it_only_where_the_test_reads_nothing_of_it() -> None:
    """613.8a, 109.4, 611.3: Opalescence's trial makes March of the Machines' source (an enchantment) a creature:
    March's filter ("each noncreature artifact") reads nothing of its source, and the source keeps its name, text,
    abilities and controller: the test reads nothing of it but as one object among those the trial changes. The same
    source given another controller (its "you"), losing its abilities (March would not exist) or gaining one (its
    text) is read by the test; so is a source whose effect is locked in (611.2c: its objects are fixed)."""
    engine = bookkeeping.Incremental(_family_b(20, 6), get_version("2025-08-01"))
    march, opalescence = _first(engine, "4", "March of the Machines"), _first(engine, "4", "Opalescence")
    changes = engine.changes(opalescence, "4")
    assert march.source is not None and march.source in changes
    assert "creature" in changes[march.source].types and "creature" not in engine.state[march.source].types
    assert engine._source_left(march, "4", changes)
    source = changes[march.source]
    other = "p2" if source.controller != "p2" else "p1"
    assert not engine._source_left(march, "4", {**changes, march.source: source.with_(controller=other)})
    assert not engine._source_left(march, "4", {**changes, march.source: source.with_(abilities=frozenset())})
    more = source.abilities | {"flying"}
    assert not engine._source_left(march, "4", {**changes, march.source: source.with_(abilities=more)})
    engine.locked[march.key] = (march, engine.affected(march))
    assert not engine._source_left(march, "4", changes)


@pytest.mark.parametrize("renamed", [False, True])
def test_kept_answers_of_pairs_whose_trial_changes_a_s_source_stay_the_readable_ones(
    monkeypatch: Any, renamed: bool
) -> None:
    """613.8a, 613.8c: March of the Machines against Opalescence and Mycosynth Lattice (whose trials change March's
    source, ``_source_left``): their answers kept at one step are used at the next ones, brought up to date by their
    witnesses (the source one object among them), and offered to March's twins (``_offer_twin``); before each step
    every graph is the readable one, and the resolution, result and trace, is the readable resolver's; also with
    twins of other descriptions (``renamed``), whose answers are read off the objects gained and lost."""
    version = get_version("2025-08-01")
    board = _family_b(60, 14, renamed)
    reused: list[tuple[str, str]] = []
    offered: list[str] = []
    kept, offer = bookkeeping.Incremental._kept_answer, bookkeeping.Incremental._offer_twin

    def counted(self: bookkeeping.Incremental, pair: Any, a: Any, b: Any) -> bool:
        found = kept(self, pair, a, b)
        if found and a.source in self.changes(b, pair.slot):
            reused.append((a.key, b.key))
        return found

    def offered_to(self: bookkeeping.Incremental, a: Any, b: Any, slot: str, pair: Any, doing: Any) -> None:
        before = len(doing)
        offer(self, a, b, slot, pair, doing)
        if len(doing) > before:
            offered.append(a.key)

    monkeypatch.setattr(bookkeeping.Incremental, "_kept_answer", counted)
    monkeypatch.setattr(bookkeeping.Incremental, "_offer_twin", offered_to)
    with checked_engine():
        quick = fast_resolve(board, version)
    assert quick == resolve(board, version)
    assert reused and offered
    monkeypatch.undo()
    assert fast_resolve(board, version) == quick  # (a second resolution of the board: its kept values shared)


def _three_control_sources(flyer_controller: str, abilities: list[dict[str, Any]]) -> Any:
    """A 2/2 flyer ``x`` (its controller's) and three enchantments holding ``static c.``, ``static a.`` and
    ``static b.`` (p3's Thief, timestamp 4; p1's Giver, 5; p2's Taker, 6), with those ``abilities``."""
    objects = [
        {"id": "x", "name": "Flyer", "timestamp": 1, "controller": flyer_controller, "owner": flyer_controller,
         "abilities": ["flying"], "types": ["creature"], "mana_value": 2, "power": 2, "toughness": 2},
        {"id": "sc", "name": "Thief", "timestamp": 4, "controller": "p3", "mana_value": 3, "types": ["enchantment"],
         "abilities": ["static c."]},
        {"id": "sa", "name": "Giver", "timestamp": 5, "controller": "p1", "mana_value": 3, "types": ["enchantment"],
         "abilities": ["static a."]},
        {"id": "sb", "name": "Taker", "timestamp": 6, "controller": "p2", "mana_value": 3, "types": ["enchantment"],
         "abilities": ["static b."]},
    ]  # fmt: skip
    return make_board(objects, abilities=abilities)


def test_a_trial_that_gives_a_s_source_another_controller_keeps_no_answer(monkeypatch: Any) -> None:
    """109.4, 613.8a, 613.8c: "creatures you control are p2's" (a, p1's) against "enchantments are yours" (b, p2's,
    whose trial gives a's source to p2): a's objects are p1's creatures, and after b's trial p2's. First p1's flyer
    makes a depend on b. Then c ("flyers are p3's", earliest) gives it to p3, outside b's objects: neither p1 nor p2
    controls a creature, so b's trial changes none of a's objects and a no longer depends on b (then a goes before
    b, 613.7). That answer is asked again, not kept (``_source_left``); every graph is the readable one."""
    abilities = [
        {"text": "static a.", "applies_to": {"type": "creature", "controller": "you"},
         "parts": [{"op": "set_controller", "player": "p2"}]},
        {"text": "static b.", "applies_to": {"type": "enchantment"},
         "parts": [{"op": "set_controller", "player": "you"}]},
        {"text": "static c.", "applies_to": {"all": [{"type": "creature"}, {"has_ability": "flying"}]},
         "parts": [{"op": "set_controller", "player": "p3"}]},
    ]  # fmt: skip
    board = _three_control_sources("p1", abilities)
    version = get_version("2025-08-01")
    kept: list[tuple[str, str]] = []
    original = bookkeeping.Incremental._kept_answer

    def counted(self: bookkeeping.Incremental, pair: Any, a: Any, b: Any) -> bool:
        found = original(self, pair, a, b)
        if found and a.source in self.changes(b, pair.slot):
            kept.append((a.key, b.key))
        return found

    monkeypatch.setattr(bookkeeping.Incremental, "_kept_answer", counted)
    with checked_engine():
        quick = fast_resolve(board, version)
    assert quick == resolve(board, version)
    assert not kept
    # c first (a waits for b and c; c is the earlier), then a (it waits for nothing now, and is earlier than b)
    assert [(s.slot, s.effect) for s in quick.steps] == [("2", "sc:static c."), ("2", "sa:static a."),
                                                         ("2", "sb:static b.")]  # fmt: skip
    assert quick.final["x"].controller == "p3"


def test_a_trial_that_takes_every_ability_from_a_s_source_ends_a() -> None:
    """611.3b, 613.8a: Humility against Humility (each source a creature, by Opalescence): b's trial leaves a's source
    with no ability, so a no longer exists, the readable test's first answer, given without reading a's objects; not
    for a source left an ability, a locked-in effect (611.2c: it goes on) or a resolved one (it has no source)."""
    engine = bookkeeping.Incremental(_family_b(20, 6), get_version("2025-08-01"))
    march = _first(engine, "4", "March of the Machines")
    assert march.source is not None
    source = engine.state[march.source]
    assert engine._gone_after(march, {march.source: source.with_(abilities=frozenset())})
    assert not engine._gone_after(march, {march.source: source.with_(abilities=frozenset({"flying"}))})
    assert not engine._gone_after(march, {})
    resolved = dataclasses.replace(march, origin="resolved", source=None, targets=(march.source,))
    assert not engine._gone_after(resolved, {march.source: source.with_(abilities=frozenset())})
    engine.locked[march.key] = (march, engine.affected(march))
    assert not engine._gone_after(march, {march.source: source.with_(abilities=frozenset())})
    # the resolution where five Humilities meet in layer 6: every graph before each step is the readable one
    board = _family_b(40, 26)
    with checked_engine():
        assert fast_resolve(board, get_version("2025-08-01")) == resolve(board, get_version("2025-08-01"))


def test_a_step_that_gives_a_s_source_another_controller_asks_the_pair_again() -> None:
    """109.4, 613.8a, 613.8c: "creatures you control are p2's" (a, p1's Giver) against "creatures with flying are
    p1's" (b): p2's flyer would become p1's, so a depends on b. c, the earliest ("Givers are p3's"), goes first and
    gives a's source to p3: a's objects are then p3's creatures, none, and b's trial moves the flyer to p1, not to p3,
    so a no longer depends on b and goes before it (613.7). The step changed what the pair reads of a's source (its
    controller), outside b's objects: the kept answer is asked again (``witnesses.moved_since``), and every graph is
    the readable one."""
    abilities = [
        {"text": "static a.", "applies_to": {"type": "creature", "controller": "you"},
         "parts": [{"op": "set_controller", "player": "p2"}]},
        {"text": "static b.", "applies_to": {"all": [{"type": "creature"}, {"has_ability": "flying"}]},
         "parts": [{"op": "set_controller", "player": "p1"}]},
        {"text": "static c.", "applies_to": {"all": [{"type": "enchantment"}, {"has_ability": "static a."}]},
         "parts": [{"op": "set_controller", "player": "p3"}]},
    ]  # fmt: skip
    board = _three_control_sources("p2", abilities)
    version = get_version("2025-08-01")
    with checked_engine():
        quick = fast_resolve(board, version)
    assert quick == resolve(board, version)
    # c first (a waits for b and c; c is the earlier of the two free), then a (it waits for nothing now, and is
    # earlier than b), then b: the flyer ends p1's
    assert [(s.slot, s.effect) for s in quick.steps] == [("2", "sc:static c."), ("2", "sa:static a."),
                                                         ("2", "sb:static b.")]  # fmt: skip
    assert quick.final["x"].controller == "p1" and quick.final["sa"].controller == "p3"
