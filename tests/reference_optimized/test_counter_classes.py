"""The rules' counters on the fast path (issue 39, family c): read once per board, applied in one pass.

613.7c: each kind of counter on each object is one effect with its own timestamp. The fast path reads those
effects once for every resolution of a board (``bookkeeping.board_rules``, ``shared_rule_effects``), sorts them
into their slots once per board and version (``Incremental._by_slot``), applies a group that may apply in one pass
without asking its dependency graph (``reference.resolver.one_pass_order``: 613.8a, no effect of such a group
reads what another writes) and applies each counter without the questions of ``affected`` and ``apply``
(``Incremental.apply_in_order``). Each test pins one of those conditions; the equality of the fast path and the
readable resolver on every board is tested elsewhere (``test_bookkeeping``) and here on the boards used.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mtg_layers.catalogue.load import catalogue
from reference import effects
from reference.model import Board, Counter
from reference.resolver import Readable, initial_state, one_pass_order, resolve
from reference.versions import get_version
from reference_optimized import bookkeeping
from reference_optimized import resolve as fast_resolve

from ..builders import creature, make_board

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

VERSION = get_version("2025-08-01")


def peer_board(n: int = 24, k: int = 6) -> Board:
    """Issue 39's family c: creatures, three in four with +1/+1 counters, anthems, pumps and switches."""
    import peers

    return peers.project_board(peers.events("c", n, k), catalogue(), VERSION)


def counters_of(found: list[effects.ContinuousEffect]) -> list[effects.ContinuousEffect]:
    return [e for e in found if e.key.startswith("counters:")]


def test_the_rules_effects_of_a_board_are_read_once_for_its_resolutions() -> None:
    """122.1, 613.7c: a second resolution of the board gets the first one's effects (the same values), equal to
    ``rule_effects``; the fast path equals the readable resolver both times."""
    board = peer_board()
    first = bookkeeping.Incremental(board, VERSION).rules
    second = bookkeeping.Incremental(board, VERSION).rules
    assert first is second
    every: dict[str, Any] = dict.fromkeys(board.objects)
    assert first == effects.rule_effects(board, every, VERSION.keyword_counters)
    assert len(counters_of(first)) >= 12
    for _ in range(2):
        assert fast_resolve(board, VERSION) == resolve(board, VERSION)


def test_an_objects_effects_are_read_again_under_another_id_or_other_keyword_counters() -> None:
    """122.1b, 613.7c: the effects kept for an object name its id and read the version's keyword counters: the same
    object under another id, or read under a version without keyword counters, gets its own effects."""
    board = make_board([creature("a", 1), creature("b", 2)])
    obj = replace(board.objects["a"], counters=(Counter("+1/+1", 2, 1), Counter("flying", 1, 1)))
    renamed = replace(board, objects={"a": obj, "z": obj})
    state: dict[str, Any] = {"a": None, "z": None}
    found = bookkeeping.shared_rule_effects(renamed, state, VERSION.keyword_counters)
    assert found == effects.rule_effects(renamed, state, VERSION.keyword_counters)
    assert [e.key for e in found] == [
        "counters:a:+1/+1",
        "counters:a:flying",
        "counters:z:+1/+1",
        "counters:z:flying",
    ]
    plain = bookkeeping.shared_rule_effects(renamed, state, ())
    assert [e.key for e in plain] == ["counters:a:+1/+1", "counters:z:+1/+1"]
    one = replace(board, objects={"a": obj})
    only_a: dict[str, Any] = {"a": None}
    assert bookkeeping.board_rules(one, only_a, ()).effects == plain[:1]
    assert [e.key for e in bookkeeping.board_rules(one, only_a, ("flying",)).effects] == [
        "counters:a:+1/+1",
        "counters:a:flying",
    ]
    # another board value with the same objects: its own entry, equal effects
    again = replace(one, objects=dict(one.objects))
    held = bookkeeping.board_rules(again, only_a, ("flying",))
    assert held.board is again and held.effects == effects.rule_effects(again, only_a, ("flying",))


def test_the_rules_effects_are_sorted_into_slots_once_per_board_and_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.6: a second resolution of the board under the version sorts no rule effect into its slots again, nor
    reads its parts or what is kept about it; the slots it gets are the first resolution's."""
    board = peer_board()
    fast_resolve(board, VERSION)
    sorted_again: list[list[effects.ContinuousEffect]] = []
    slots_of = bookkeeping.Incremental._slots_of

    def spy(self: bookkeeping.Incremental, found: list[effects.ContinuousEffect]) -> Any:
        sorted_again.append(found)
        return slots_of(self, found)

    monkeypatch.setattr(bookkeeping.Incremental, "_slots_of", spy)
    engine = bookkeeping.Incremental(board, VERSION)
    counters = counters_of(engine.rules)
    assert all(id(e) in engine.infos and id(e) in engine.effect_slots for e in counters)
    in_7c = engine.in_slot("7c")
    assert all(e in in_7c for e in counters)
    assert sorted_again and not any(counters_of(found) for found in sorted_again)
    assert [e.key for e in in_7c] == [e.key for e in Readable(board, VERSION).in_slot("7c")]


def test_a_group_applied_in_one_pass_is_not_asked_for_its_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a: counters, anthems and pumps in 7c read nothing any of them writes: the group applies in one pass and
    its graph is never asked; the trace is the readable resolver's (no edge, every counter its own step)."""
    board = peer_board()
    asked: list[str] = []
    graph = bookkeeping.Incremental.graph

    def spy(self: bookkeeping.Incremental, group: list[effects.ContinuousEffect], slot: str) -> Any:
        asked.append(slot)
        return graph(self, group, slot)

    monkeypatch.setattr(bookkeeping.Incremental, "graph", spy)
    quick = fast_resolve(board, VERSION)
    assert "7c" not in asked
    readable = resolve(board, VERSION)
    assert quick == readable
    steps = [s for s in quick.steps if s.slot == "7c"]
    assert len([s for s in steps if s.effect.startswith("counters:")]) >= 12
    assert not [e for e in quick.edges if e.slot == "7c"] and all(not m.edges for m in quick.moments if m.slot == "7c")


def test_one_pass_order_asks_for_every_condition() -> None:
    """613.7, 613.7m, 613.8b, 613.8c: the order of a one-pass group is given only by a bookkeeping that can tell
    the group is independent, for every candidate, none having waited, no two of one rank; in rank order."""
    board = peer_board(12, 5)
    engine = bookkeeping.Incremental(board, VERSION)
    group = engine.in_slot("7c")
    picks = one_pass_order(engine, group, group, "7c", {}, VERSION)
    assert picks is not None and sorted(picks, key=lambda e: e.key) == sorted(group, key=lambda e: e.key)
    assert [(e.timestamp, e.tiebreak) for e in picks] == sorted((e.timestamp, e.tiebreak) for e in group)
    assert one_pass_order(Readable(board, VERSION), group, group, "7c", {}, VERSION) is None
    assert one_pass_order(engine, group, list(group), "7c", {}, VERSION) is None  # not every candidate
    assert one_pass_order(engine, group[:1], group[:1], "7c", {}, VERSION) is None  # one effect: nothing to pass
    assert one_pass_order(engine, group, group, "7c", {group[0].key: {"x"}}, VERSION) is None  # it waited
    tied = [*group, replace(group[-1], key=group[-1].key + " twin")]
    assert one_pass_order(engine, tied, tied, "7c", {}, VERSION) is None  # 613.7m: a tie
    late = [*group, replace(picks[-1], key="late", timestamp=picks[-1].timestamp + 1)]
    assert one_pass_order(engine, late, late, "7c", {}, VERSION) == [*picks, late[-1]]
    # 613.3: a characteristic-defining ability ranks before earlier effects, against the timestamps
    cda = [*group, replace(picks[-1], key="cda", origin="cda", timestamp=picks[-1].timestamp + 1)]
    cda_first = replace(VERSION, cda_dependency_isolated=False)
    assert one_pass_order(engine, cda, cda, "7c", {}, cda_first) is None
    assert one_pass_order(engine, late, late, "7c", {}, cda_first) is not None
    import floor_ratio  # "+X/+0 where X is its toughness" beside "+0/+1": not independent

    amounts = floor_ratio.amounts_board(4, 6)
    engine = bookkeeping.Incremental(amounts, VERSION)
    group = engine.in_slot("7c")
    assert len(group) == 4 and one_pass_order(engine, group, group, "7c", {}, VERSION) is None


def test_counters_apply_without_asking_affected_or_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    """611.2c, 613.7c: a counter applied in a one-pass group reads its fixed object as ``affected`` would, without
    asking it or ``apply``; a counter on an object off the battlefield applies to nothing; equal to readable."""
    board = peer_board()
    gone = sorted(i for i, o in board.objects.items() if o.counters)[0]
    board = replace(board, objects={**board.objects, gone: replace(board.objects[gone], zone="graveyard")})
    asked: list[str] = []
    affected, apply = bookkeeping.Incremental.affected, bookkeeping.Incremental.apply

    def spy_affected(self: bookkeeping.Incremental, e: effects.ContinuousEffect) -> Any:
        asked.append(e.key)
        return affected(self, e)

    def spy_apply(self: bookkeeping.Incremental, e: effects.ContinuousEffect, slot: str, targets: Any) -> None:
        asked.append(e.key)
        apply(self, e, slot, targets)

    monkeypatch.setattr(bookkeeping.Incremental, "affected", spy_affected)
    monkeypatch.setattr(bookkeeping.Incremental, "apply", spy_apply)
    quick = fast_resolve(board, VERSION)
    assert not [k for k in asked if k.startswith("counters:")]
    readable = resolve(board, VERSION)
    assert quick == readable
    off = [s for s in quick.steps if s.effect.startswith(f"counters:{gone}:")]
    assert off and off[0].affected == ()
    on = [s for s in quick.steps if s.effect.startswith("counters:") and s.affected]
    assert on and all(s.locked_from is None and s.affected == (s.effect.split(":")[1],) for s in on)


def test_counters_are_read_as_one_class_by_independent() -> None:
    """613.8a, 613.4c: the rules' counters count in what a group writes, read as one class: a +1/+1 counter beside
    "creatures get +X/+0, where X is its toughness" changes what that effect does (its X), so the group is not
    independent and the counter applies first (613.8b), as the readable resolver has it; without the anthem the
    counters and pumps are."""
    import floor_ratio

    board = floor_ratio.amounts_board(1, 4)
    some = sorted(i for i, o in board.objects.items() if "creature" in o.printed.types and not o.printed.abilities)[0]
    counted = replace(board.objects[some], counters=(Counter("+1/+1", 1, 100),))
    board = replace(board, objects={**board.objects, some: counted})
    fast_resolve(board, VERSION)  # the first resolution reads the rules' effects; the second reads them as a class
    engine = bookkeeping.Incremental(board, VERSION)
    group = engine.in_slot("7c")
    assert engine.rules_read is not None and any(id(e) in engine.rules_read.ids for e in group)
    assert len(group) == 2 and not engine.independent(group, "7c")
    assert engine.independent([e for e in group if id(e) in engine.rules_read.ids], "7c")
    assert fast_resolve(board, VERSION) == resolve(board, VERSION)
    in_7c = [s.effect for s in resolve(board, VERSION).steps if s.slot == "7c"]
    assert len(in_7c) == 2 and in_7c[0].startswith("counters:")  # later timestamp, applied first (613.8b)
    peers = peer_board(12, 5)
    fast_resolve(peers, VERSION)
    engine = bookkeeping.Incremental(peers, VERSION)
    group = engine.in_slot("7c")
    assert engine.rules_read is not None and engine.independent(group, "7c")


def test_keyword_counters_read_as_one_class_write_abilities() -> None:
    """122.1b, 613.1f, 611.3b: keyword counters, read as one class by ``independent``, write abilities (which static
    abilities are read off): a group of two is not independent, as each one read alone is not."""
    board = make_board([creature("a", 1), creature("b", 2)])
    objects = {
        i: replace(o, counters=(Counter(kind, 1, 5 + n),))
        for n, ((i, o), kind) in enumerate(zip(sorted(board.objects.items()), ("flying", "trample"), strict=True))
    }
    board = replace(board, objects=objects)
    fast_resolve(board, VERSION)
    engine = bookkeeping.Incremental(board, VERSION)
    group = engine.in_slot("6")
    assert engine.rules_read is not None and len(group) == 2 and all(id(e) in engine.rules_read.ids for e in group)
    assert not engine.independent(group, "6")
    fresh = bookkeeping.Incremental(board, get_version("ikoria"))  # nothing read yet: each effect read alone
    assert fresh.rules_read is None and not fresh.independent(fresh.in_slot("6"), "6")
    assert fast_resolve(board, VERSION) == resolve(board, VERSION)


def test_first_values_are_made_once_per_board_and_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1: every object's first values are a function of the board and the version: a second resolution of the
    board gets the first one's values (in its own mapping), another version its own."""
    made: list[str] = []
    shared = bookkeeping.shared_initial_state

    def spy(board: Board, version: Any) -> Any:
        made.append(version.id)
        return shared(board, version)

    monkeypatch.setattr(bookkeeping, "shared_initial_state", spy)
    board = peer_board(12, 5)
    first = bookkeeping.Incremental(board, VERSION)
    second = bookkeeping.Incremental(board, VERSION)
    assert made == [VERSION.id]
    assert first.state is not second.state and second.state == initial_state(board, VERSION)
    other = get_version("ikoria")
    assert bookkeeping.Incremental(board, other).state == initial_state(board, other)
    assert made == [VERSION.id, other.id]
    second.state[next(iter(second.state))] = None  # type: ignore[assignment]
    assert bookkeeping.Incremental(board, VERSION).state == initial_state(board, VERSION)
