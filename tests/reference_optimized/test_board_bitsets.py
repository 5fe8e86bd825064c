"""The bitsets over a board's first values, built once per board and version (issue 39, family b's fixed costs).

611.3a, 613.1: ``Indexes(board, state)`` is a function of the board and the values now; the bitsets over the first
values (a function of the board and the version) are built once (``_BoardRules.first_indexes``) and each resolution
gets a copy of its own, moved to its values. These tests pin that the copy is the bitsets built afresh, that the kept
ones are built once and never changed by a resolution, and that another version gets its own.
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
from reference_optimized import bookkeeping, indexes
from reference_optimized import resolve as fast_resolve
from reference_optimized.indexes import Indexes, moved_facts

from ..builders import creature, enchantment, make_board

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

VERSION = get_version("2025-08-01")


def peer_board(n: int = 24, k: int = 6) -> Board:
    """Issue 39's family b: creatures and lands with Opalescence, Blood Moon, March of the Machines, Lattices."""
    import peers

    return peers.project_board(peers.events("b", n, k), catalogue(), VERSION)


def facts_of(index: Indexes) -> tuple[dict[Any, int], int, list[str]]:
    """What the bitsets answer: each fact held by some object, the objects filters read, the positions."""
    return {k: v for k, v in index.bits.items() if v}, index.universe, index.ids


def test_a_resolution_gets_the_bitsets_built_afresh_over_its_values() -> None:
    """611.3a: after some objects changed (a name, a controller, a card type, colors) and at the first values, the
    copy moved to the values now is what ``Indexes(board, state)`` builds."""
    board = peer_board()
    later = bookkeeping.Incremental(board, VERSION)
    ids = sorted(later.state)
    for n, i in enumerate(ids[:6]):
        ch = later.state[i]
        later.state[i] = ch.with_(
            name=f"{ch.name}!" if n % 2 else ch.name,
            controller="p9" if n % 3 == 0 else ch.controller,
            types=ch.types | {"artifact"},
            colors=frozenset() if n % 2 else frozenset({"red", "blue"}),
        )
    moved = later.indexes()  # the first asked of the board: the kept bitsets are the first values' all the same
    assert facts_of(moved) == facts_of(Indexes(board, later.state))
    inc = bookkeeping.Incremental(board, VERSION)
    assert facts_of(inc.indexes()) == facts_of(Indexes(board, inc.state))
    assert facts_of(moved) != facts_of(Indexes(board, inc.state))


def test_the_first_bitsets_are_built_once_per_board_and_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1: a second resolution of the board builds no bitsets; each resolution moves its own copy (the kept
    ones stay as built); another version builds its own. The fast path equals the readable resolver."""
    built: list[int] = []

    class Counted(Indexes):
        def __init__(self, board: Board, state: Any) -> None:
            built.append(len(state))
            super().__init__(board, state)

    monkeypatch.setattr(bookkeeping, "Indexes", Counted)
    board = peer_board(20, 5)
    first = bookkeeping.Incremental(board, VERSION)
    fresh = facts_of(Indexes(board, first.state))
    first_index = first.indexes()
    assert len(built) == 1
    for k in list(first_index.bits):
        first_index.bits[k] = 0  # one resolution's bitsets moved: the kept ones are not
    second = bookkeeping.Incremental(board, VERSION)
    assert facts_of(second.indexes()) == fresh
    assert len(built) == 1 and second.index is not first_index
    other = get_version("ikoria")
    # what another version object left under this one's identity is not this version's (an identity reused)
    held = bookkeeping.board_rules(board, board.objects, other.keyword_counters)
    held.bitsets[id(other)] = (VERSION, Indexes(board, {}))
    built.clear()
    third = bookkeeping.Incremental(board, other)
    assert facts_of(third.indexes()) == facts_of(Indexes(board, third.state))
    assert len(built) == 1
    for _ in range(2):
        assert fast_resolve(board, VERSION) == resolve(board, VERSION)


def test_the_first_statics_are_read_once_per_board_and_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """611.3a-b, 613.6: every object's static effects at the first values (conditions read on them) are read by the
    first resolution of a board under a version; the next ones get them (no static effect made again), each in
    mappings of its own; another version reads its own. The fast path equals the readable resolver."""
    made: list[str] = []
    static_effect = bookkeeping.static_effect  # type: ignore[attr-defined]

    def spy(board: Board, state: Any, obj_id: str, wording: str) -> Any:
        made.append(obj_id)
        return static_effect(board, state, obj_id, wording)

    monkeypatch.setattr(bookkeeping, "static_effect", spy)
    regenerate = bookkeeping.Incremental._regenerate_statics

    def regenerated(self: bookkeeping.Incremental, obj_id: str) -> None:
        made.append("again " + obj_id)
        regenerate(self, obj_id)

    monkeypatch.setattr(bookkeeping.Incremental, "_regenerate_statics", regenerated)
    no_artifact_elves = "as long as you control no artifacts, creatures are elves."
    lands_artifacts = "lands are artifacts."
    board = make_board(
        [
            creature("bear", 1),
            {"id": "land", "name": "Land", "timestamp": 1.5, "controller": "p1", "types": ["land"]},
            enchantment("e1", 3, no_artifact_elves),
            enchantment("e2", 4, lands_artifacts),
        ],
        abilities=[
            {"text": no_artifact_elves, "applies_to": {"type": "creature"},
             "condition": {"left": {"count": {"all": [{"type": "artifact"}, {"controller": "you"}]}}, "op": "<=",
                           "right": 0},
             "parts": [{"op": "add_subtypes", "subtypes": ["elf"]}]},
            {"text": lands_artifacts, "applies_to": {"type": "land"},
             "parts": [{"op": "add_types", "types": ["artifact"]}]},
        ],
    )  # fmt: skip
    first = bookkeeping.Incremental(board, VERSION)
    statics, memo, conditional = dict(first.statics), dict(first.static_memo), set(first.conditional_holders)
    assert made and statics and conditional
    count = len(made)
    first.statics.clear()
    first.static_memo.clear()
    first.conditional_holders.clear()  # one resolution's own: the kept ones stay
    second = bookkeeping.Incremental(board, VERSION)
    assert len(made) == count
    assert (second.statics, second.static_memo, second.conditional_holders) == (statics, memo, conditional)
    second.statics.clear()
    second.static_memo.clear()
    second.conditional_holders.add("nobody")
    third = bookkeeping.Incremental(board, VERSION)
    assert (third.statics, third.static_memo, third.conditional_holders) == (statics, memo, conditional)
    assert len(made) == count
    ikoria = get_version("ikoria")
    # what another version object left under this one's identity is not this version's (an identity reused)
    held = bookkeeping.board_rules(board, board.objects, ikoria.keyword_counters)
    held.statics[id(ikoria)] = (VERSION, ({}, {}, frozenset()))
    other = bookkeeping.Incremental(board, ikoria)
    assert len(made) > count and other.conditional_holders == conditional and other.statics == statics
    for _ in range(2):
        assert fast_resolve(board, VERSION) == resolve(board, VERSION)


def test_an_instruction_applied_to_a_value_is_applied_once_for_every_resolution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """613.1: ``apply_instruction`` is a pure function of the value, the instruction and (timed) the timestamp: a
    second resolution of the board applies none again, and gives the readable resolver's resolution."""
    calls: list[Any] = []
    apply_instruction = bookkeeping.apply_instruction  # type: ignore[attr-defined]

    def spy(ch: Any, instr: Any, timestamp: Any) -> Any:
        calls.append(instr)
        return apply_instruction(ch, instr, timestamp)

    monkeypatch.setattr(bookkeeping, "apply_instruction", spy)
    bookkeeping._APPLIED.clear()  # (bounded: emptied past 100,000 entries; here none are left from other tests)
    board = peer_board(20, 5)
    first = fast_resolve(board, VERSION)
    assert calls
    calls.clear()
    assert fast_resolve(board, VERSION) == first == resolve(board, VERSION)
    assert not calls


def test_the_facts_moved_between_two_values_are_read_once() -> None:
    """611.3a: what an object moved from one value to another loses and gains (``moved_facts``) is read once per
    pair of values, kept by their identities; what another pair left under those identities is read again."""
    ch = bookkeeping.Incremental(peer_board(), VERSION).state
    a, b = ch[sorted(ch)[0]], ch[sorted(ch)[-1]]
    c = a.with_(name=f"{a.name}!", types=a.types | {"artifact"})
    assert indexes.kept_moved_facts(a, c) == moved_facts(a, c) != ([], [])
    assert indexes.kept_moved_facts(a, c)[0] is indexes.kept_moved_facts(a, c)[0]
    for stale in ((b, c), (a, b)):
        indexes._MOVED[(id(a), id(c))] = (*stale, [("stale",)], [])
        assert indexes.kept_moved_facts(a, c) == moved_facts(a, c)
