"""The loops of a dependency graph (613.8b) as the fast path finds them (reference_optimized.components), and what
one resolution of a board reads off the board and version alone for its classes (``_BoardRules.first_holders``) and
its objects that do not fit (``Incremental.all_fit``): each the readable answer.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_layers.catalogue.load import catalogue
from reference.dependency import strongly_connected
from reference.versions import get_version
from reference_optimized import bookkeeping, components, reads
from reference_optimized import resolve as fast_resolve

from ..strategies import ci_examples

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))  # (``peers``: the family boards)

KEYS = ("e0", "e1", "e2", "e3", "e4", "e5", "e6")


@st.composite
def graphs(draw: st.DrawFn) -> dict[str, dict[str, str]]:
    """A dependency graph over a few effects: each depends on some others, itself now and then (no key outside)."""
    keys = draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=len(KEYS)))
    return {a: {b: "r" for b in draw(st.lists(st.sampled_from(keys), unique=True))} if keys else {} for a in keys}


@settings(max_examples=ci_examples(300))
@given(graph=graphs())
def test_the_loops_are_the_readable_strongly_connected_components(graph: dict[str, dict[str, str]]) -> None:
    """613.8b: every effect's loop is the one ``dependency.strongly_connected`` gives, on any graph."""
    assert components.loops(graph) == strongly_connected(graph)


def test_loops_of_chosen_shapes() -> None:
    """613.8b: a loop of three with a tail in and out, an effect depending on itself alone, one waited on by a loop
    but depending on nothing, one depending on a loop that nothing waits on, and two loops joined one way."""
    graph: dict[str, dict[str, str]] = {
        "in": {"a": "r"},  # depends on the loop; nothing depends on it
        "a": {"b": "r"},
        "b": {"c": "r"},
        "c": {"a": "r", "out": "r"},
        "out": {},  # the loop waits on it; it waits on nothing
        "self": {"self": "r"},
        "x": {"y": "r", "a": "r"},  # the loop x, y waits on the loop a, b, c
        "y": {"x": "r"},
    }
    found = components.loops(graph)
    assert found == strongly_connected(graph)
    abc, xy = frozenset("abc"), frozenset("xy")
    assert found == {
        "in": frozenset({"in"}),
        "a": abc,
        "b": abc,
        "c": abc,
        "out": frozenset({"out"}),
        "self": frozenset({"self"}),
        "x": xy,
        "y": xy,
    }
    # a loop found from a later root, after an effect reached from it was left out first
    late = {"z": {}, "p": {"q": "r", "z": "r"}, "q": {"p": "r"}}
    assert components.loops(late) == {"z": frozenset("z"), "p": frozenset("pq"), "q": frozenset("pq")}
    # the low point of a loop closed deep below its root passes up: one loop of four
    deep = {"r": {"s": "r"}, "s": {"t": "r"}, "t": {"u": "r"}, "u": {"s": "r", "r": "r"}}
    assert components.loops(deep) == dict.fromkeys(deep, frozenset(deep))


def test_the_bookkeeping_s_loops_are_found_once_per_graph() -> None:
    """613.8b: ``Incremental.loops`` gives ``components.loops`` of a graph, kept by the graph's identity."""
    board = _board(20)
    version = get_version("2025-08-01")
    engine = bookkeeping.Incremental(board, version)
    graph: dict[str, dict[str, Any]] = {"a": {"b": "r"}, "b": {"a": "r"}, "c": {}}
    found = engine.loops(graph)
    assert found == strongly_connected(graph)
    assert engine.loops(graph) is found
    assert engine.loops(dict(graph)) is not found


def _board(n: int) -> Any:
    import peers

    version = get_version("2025-08-01")
    return peers.project_board(peers.events("b", n, 12), catalogue(), version)


def test_the_first_classes_are_read_once_per_board_and_each_resolution_moves_its_own() -> None:
    """613.1: the objects holding each first value are grouped once per board and version; each resolution gets
    sets of its own (its steps move them), each the objects of the first state holding that value."""
    board = _board(60)
    version = get_version("2025-08-01")
    first = bookkeeping.Incremental(board, version)
    assert first.holders is not None
    start = bookkeeping.board_rules(board, board.objects, version.keyword_counters).initial_state(version)
    for key, (ch, objs) in first.holders.items():
        assert key == id(ch) and objs == {i for i, v in start.items() if v is ch}
    assert sum(len(objs) for _, objs in first.holders.values()) == len(start)
    fast_resolve(board, version)  # a resolution's steps move its classes
    second = bookkeeping.Incremental(board, version)
    assert second.holders is not None
    assert second.holders == first.holders
    assert all(second.holders[k][1] is not objs for k, (_, objs) in first.holders.items())
    some = next(iter(second.holders.values()))[1]
    some.clear()
    assert bookkeeping.Incremental(board, version).holders == first.holders


def test_no_first_classes_where_the_values_are_too_many() -> None:
    """613.1: a board whose objects hold many values of one each gets no classes (``_CLASS_SIZE``)."""
    from ..builders import creature, make_board

    board = make_board([creature(f"c{i}", i, power=i) for i in range(6)])
    assert bookkeeping.Incremental(board, get_version("2025-08-01")).holders is None


def _unfit_board() -> Any:
    """Eight alike bears and four artifacts with a creature type they cannot hold (205.3d: they do not fit)."""
    from ..builders import creature, make_board

    gob = {"name": "Gob", "types": ["artifact"], "subtypes": ["goblin"], "controller": "p1"}
    return make_board(
        [creature(f"b{i}", i, name="Bear") for i in range(8)]
        + [{"id": f"g{i}", "timestamp": 20 + i, **gob} for i in range(4)]
    )


def test_the_objects_that_do_not_fit_are_read_off_the_classes_or_the_state() -> None:
    """205.3d, 305.6: the objects kept as not fitting (``all_fit``'s) are those that do not fit, read off the classes
    where there are classes, else value by value."""
    version = get_version("2025-08-01")
    gobs = frozenset({"g0", "g1", "g2", "g3"})
    for classes in (True, False):
        engine = bookkeeping.Incremental(_unfit_board(), version)
        assert {i for i, ch in engine.state.items() if not reads.fits(ch)} == gobs
        if classes:
            assert engine.holders is not None and len(engine.holders) == 2
        else:
            engine.holders = None
        assert engine.all_fit(frozenset({"b0", "b7"}))
        assert engine.unfit == set(gobs)
        assert not engine.all_fit(frozenset({"b1", "g2"}))
