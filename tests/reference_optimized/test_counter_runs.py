"""A run of the rules' counters applied at once (issue 39, family c: ``Incremental._apply_run``).

613.7c, 613.4c: in a group that applies in one pass, a run of consecutive effects with fixed objects whose parts read
nothing and write only power and toughness (the rules' +1/+1 counters) is applied in one loop, each effect to its
objects in turn; the run is one entry of the history, each effect's state made again when the trace reads it. Each
test pins one condition of the run; the result and trace equal the readable resolver's on every board used.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mtg_layers.catalogue.load import catalogue
from reference.model import Board
from reference.resolver import resolve
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


def test_a_run_of_counters_is_one_history_entry_whose_states_are_made_when_read() -> None:
    """613.1, 613.7c: the peer board's counters in a row are one entry of the history (a ``_Run``), which gives one
    state per counter when replayed: as many states as trace steps, the trace equal to the readable resolver's."""
    board = peer_board()
    engine = bookkeeping.Incremental(board, VERSION)
    quick = resolve(board, VERSION, lambda _b, _v: engine)
    runs = [h for h in engine.history if isinstance(h, bookkeeping._Run)]
    assert runs and max(len(r.each) for r in runs) >= 12
    assert len(engine.history) < len(quick.steps) - 10
    assert len(list(engine.replay())) == len(quick.steps)
    assert quick == resolve(board, VERSION)
    counted = [s for s in quick.steps if s.effect.startswith("counters:")]
    assert len(counted) >= 12 and all(s.locked_from is None and len(s.affected) == 1 for s in counted)


def test_an_effect_locked_in_an_earlier_slot_ends_the_run() -> None:
    """613.6: an effect with fixed objects that began to apply in 7b ("becomes 3/3 and gets +1/+1") comes after
    two counters in 7c's pass; it is not a first application there (``locked_from`` 7b), as the readable resolver
    has it."""
    board = make_board(
        [
            creature("a", 1, counters=[{"kind": "+1/+1", "count": 1, "timestamp": 5}]),
            creature("b", 2, counters=[{"kind": "+1/+1", "count": 2, "timestamp": 6}]),
        ],
        effects=[
            {"id": "g", "controller": "p1", "timestamp": 7, "applies_to": ["a", "b"],
             "parts": [{"op": "set_pt", "power": 3, "toughness": 3}, {"op": "modify_pt", "power": 1, "toughness": 1}]},
        ],
    )  # fmt: skip
    for _ in range(2):  # the second resolution reads the counters' kept objects and parts
        quick = fast_resolve(board, VERSION)
        assert quick == resolve(board, VERSION)
        in_7c = [(s.effect, s.locked_from) for s in quick.steps if s.slot == "7c"]
        assert in_7c == [("counters:a:+1/+1", None), ("counters:b:+1/+1", None), ("g", "7b")]
        assert (quick.final["a"].power, quick.final["b"].toughness) == (5, 6)  # 3/3, then counters, then +1/+1


def test_the_rules_effects_objects_and_parts_are_kept_for_the_next_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.7c, 400.7: what a run reads off a rules' effect alone (its objects, its parts) is kept for the board's
    next resolutions, and only for the rules' effects (a resolved effect is made again by each resolution)."""
    board = peer_board(16, 5)
    asked: list[str] = []
    at_once = bookkeeping.Incremental._at_once

    def spy(self: bookkeeping.Incremental, e: Any, slot: str) -> Any:
        asked.append(e.key)
        return at_once(self, e, slot)

    monkeypatch.setattr(bookkeeping.Incremental, "_at_once", spy)
    fast_resolve(board, VERSION)
    assert [k for k in asked if k.startswith("counters:")]
    asked.clear()
    engine = bookkeeping.Incremental(board, VERSION)
    quick = resolve(board, VERSION, lambda _b, _v: engine)
    assert not [k for k in asked if k.startswith("counters:")]
    assert quick == resolve(board, VERSION)
    assert engine.rules_read is not None
    kept = engine.rules_read.runs["7c"]
    assert len(kept) >= 10 and set(kept) <= engine.rules_read.ids
    assert all(id(held[0]) == i for i, held in kept.items())


def test_a_condition_reading_what_the_run_writes_ends_a_kept_run() -> None:
    """611.3a: where an "as long as" condition reads power, a counter's application is logged as it is made: a
    counter whose objects and parts were kept is not applied in a run then (``_condition_reads``)."""
    board = peer_board(16, 5)
    fast_resolve(board, VERSION)  # keeps the counters' objects and parts
    engine = bookkeeping.Incremental(board, VERSION)
    picks = [e for e in engine.in_slot("7c") if e.key.startswith("counters:")]
    out: list[Any] = []
    engine.conditional_holders = {"x"}
    engine.condition_reads = frozenset({"power"})
    assert engine._apply_run(picks, 0, "7c", out) == 0 and not out and not engine.history
    engine.condition_reads = frozenset({"colors"})
    assert engine._apply_run(picks, 0, "7c", out) == len(picks) == len(out) >= 10


def test_an_object_changed_twice_in_a_run_moves_from_its_value_before_the_run() -> None:
    """613.1, 613.7c: alike creatures each with a +1/+1 and a -1/-1 counter (two effects on one object in the run):
    each object's class follows from its value before the run's first effect on it to its value after the last
    (``_flush``), and the result and trace equal the readable resolver's."""
    board = make_board(
        [
            creature(
                f"c{i}",
                1 + i,
                name="Bear",
                counters=[
                    {"kind": "+1/+1", "count": 2, "timestamp": 20 + i},
                    {"kind": "-1/-1", "count": 1, "timestamp": 40 + i},
                ],
            )
            for i in range(8)
        ]
    )
    engine = bookkeeping.Incremental(board, VERSION)
    quick = resolve(board, VERSION, lambda _b, _v: engine)
    assert quick == resolve(board, VERSION)
    assert engine.holders is not None and not engine.pending_infos
    held = [(i, ch) for ch, objs in engine.holders.values() for i in objs]
    assert len(held) == len(engine.state) == 8 and all(engine.state[i] is ch for i, ch in held)
    assert {(ch.power, ch.toughness) for ch in quick.final.values()} == {(3, 3)}
