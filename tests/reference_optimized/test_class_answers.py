"""A graph's column read with b's trial first (issue 39, family b): each effect of a class meets one trial once, kept
answers included (``Incremental._graph``, ``_class_key``, ``_take_column``).

In a dependency graph (613.8a) the fast path reads b's trial before the pairs of b's column, so that an effect whose
class met that trial already in this graph (``_class_key``: the same card's ability, its source left alone) takes the
class answer, whether the first member's answer was kept from an earlier step (613.8c) or tested; a b whose trial
changes nothing is left at once (no effect can depend on it), and a b whose trial is an earlier one's takes that
one's column. The resolution tests check every kept value and every graph against the readable ones before each
step (``checked_engine``) and the resolution, result and trace, against the readable resolver's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.catalogue.load import catalogue
from reference.dependency import DependencyReason
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import bookkeeping
from reference_optimized import resolve as fast_resolve

from .test_bookkeeping import checked_engine

VERSION = "2025-08-01"


def _board(n: int, k: int) -> Any:
    import peers

    return peers.project_board(peers.events("b", n, k), catalogue(), get_version(VERSION))


def test_a_kept_answer_answers_the_effects_of_its_class_met_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a, 613.8c: on the type-change family (five March of the Machines), after the first graph of layer 4 every
    pair is answered off a kept answer or a class answer, none by the readable test: the first March's kept answer
    against a March's trial is the class's; every graph and the resolution are the readable ones."""
    version = get_version(VERSION)
    board = _board(40, 24)
    tested: list[tuple[str, int, str, str]] = []
    stored: list[tuple[str, str]] = []
    readable_test = bookkeeping.Incremental._readable_test
    class_key = bookkeeping.Incremental._class_key

    def spy(self: bookkeeping.Incremental, a: Any, ia: Any, b: Any, slot: str, *rest: Any) -> Any:
        tested.append((slot, len(self.log), a.key, b.key))
        return readable_test(self, a, ia, b, slot, *rest)

    def keys(self: bookkeeping.Incremental, a: Any, ia: Any, b: Any, slot: str, *rest: Any) -> Any:
        key = class_key(self, a, ia, b, slot, *rest)
        if key is not None and len(self.log) > 0 and slot == "4":
            stored.append((a.key, b.key))
        return key

    with checked_engine() as checks:
        assert fast_resolve(board, version) == resolve(board, version)
    assert checks[0] > 0
    # (counted on a resolution of its own: the checks above ask the kept values more often than a resolution does)
    monkeypatch.setattr(bookkeeping.Incremental, "_readable_test", spy)
    monkeypatch.setattr(bookkeeping.Incremental, "_class_key", keys)
    assert fast_resolve(board, version) == resolve(board, version)
    # the first graph of layer 4 tests (five pairs); the graphs after its steps test none
    assert [t for t in tested if t[0] == "4" and t[1] == 0]
    assert [t for t in tested if t[0] == "4" and t[1] > 0] == []
    # class keys were read after a step: Marches against a March's trial
    marches = [(a, b) for a, b in stored if a.startswith("march") and b.startswith("march")]
    assert len({a for a, _ in marches}) >= 3


def test_a_trial_that_changes_nothing_leaves_its_column_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a: once the first Mycosynth Lattice has applied, the others' trials change nothing (every permanent is an
    artifact already): no effect can depend on them, and no pair of their columns is asked (kept or tested)."""
    version = get_version(VERSION)
    board = _board(20, 12)
    asked: list[tuple[int, str]] = []
    lattice_applied: list[int] = []
    kept_answer = bookkeeping.Incremental._kept_answer
    readable_test = bookkeeping.Incremental._readable_test
    class_key = bookkeeping.Incremental._class_key
    apply = bookkeeping.Incremental.apply

    def kept(self: bookkeeping.Incremental, pair: Any, a: Any, b: Any) -> Any:
        asked.append((len(self.log), b.key))
        return kept_answer(self, pair, a, b)

    def test(self: bookkeeping.Incremental, a: Any, ia: Any, b: Any, *rest: Any) -> Any:
        asked.append((len(self.log), b.key))
        return readable_test(self, a, ia, b, *rest)

    def keys(self: bookkeeping.Incremental, a: Any, ia: Any, b: Any, *rest: Any) -> Any:
        asked.append((len(self.log), b.key))
        return class_key(self, a, ia, b, *rest)

    def applied(self: bookkeeping.Incremental, e: Any, slot: str, targets: frozenset[str]) -> None:
        apply(self, e, slot, targets)
        if slot == "4" and e.key.startswith("mycosynth-lattice") and not lattice_applied:
            lattice_applied.append(len(self.log))

    monkeypatch.setattr(bookkeeping.Incremental, "_kept_answer", kept)
    monkeypatch.setattr(bookkeeping.Incremental, "_readable_test", test)
    monkeypatch.setattr(bookkeeping.Incremental, "_class_key", keys)
    monkeypatch.setattr(bookkeeping.Incremental, "apply", applied)
    result = fast_resolve(board, version)
    assert result == resolve(board, version)
    (after,) = lattice_applied
    lattices = {e for e in board_effects(result) if e.startswith("mycosynth-lattice")}
    assert len(lattices) == 2
    # before the first Lattice applied, the other's column was asked; after, never
    assert any(b in lattices for n, b in asked if n < after)
    assert [(n, b) for n, b in asked if n >= after and b in lattices] == []


def board_effects(result: Any) -> list[str]:
    """The keys of the effects the resolution applied in layer 4."""
    return sorted({s.effect for s in result.steps if s.slot == "4"})


def test_a_column_taken_from_an_equal_trial_names_b_and_leaves_b_out() -> None:
    """613.8a: b's column read off the first effect with b's trial: each effect that depended on that one depends on
    b, the reason naming b in place of that one; b itself (which may depend on the first) gets no edge on itself."""
    engine = bookkeeping.Incremental(_board(20, 12), get_version(VERSION))
    m1, m2 = [e for e in engine.in_slot("4") if e.description.startswith("March of the Machines")][:2]
    m2 = replace(m2, description="The second March")  # (the copies' descriptions are equal: one made to differ)
    (lattice,) = [e for e in engine.in_slot("4") if e.description.startswith("Mycosynth Lattice")][:1]
    graph: dict[str, dict[str, DependencyReason]] = {m1.key: {}, m2.key: {}, lattice.key: {}}
    first_reason = DependencyReason("applies-to", m1.description + " would change what X applies to")
    edges = [(m2.key, first_reason), (lattice.key, DependencyReason("existence", m1.description + " stops it"))]
    doing: dict[Any, Any] = {}
    assert engine._take_column(m2, (m1, edges), graph, doing) == m1.key
    assert graph[m2.key] == {}  # b on itself: no edge
    assert graph[lattice.key] == {m2.key: DependencyReason("existence", m2.description + " stops it")}
    assert doing[("\0trial-of", m2.key)] == m1.key
