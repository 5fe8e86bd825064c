"""The named theorems: dependency order as 613.8b-c state it, and reproducible boards for `prove`."""

from __future__ import annotations

from unittest import mock

import pytest

from mtg_layers.boards.stored import stored_data
from mtg_layers.checking import theorems
from reference.resolver import resolve
from reference.versions import get_version

from ..builders import make_board


def _reevaluated_board() -> object:
    """The board on which the old check (every edge recorded in the layer) wrongly refuted the theorem.

    Layer 4: "static 0" removes the creature type from creatures; "static 1" applies to Goblins;
    e1 gives o1 every creature type. Before "static 0" applies, "static 1" depends on e1 (e1
    would make the creature o1 a Goblin). Once o1 is no longer a creature it cannot have
    creature types (205.3d), so that dependency no longer holds (613.8c) and "static 1"
    rightly applies before e1 (timestamp 5).
    """
    return make_board(
        [
            {
                "id": "o1",
                "name": "o1",
                "controller": "p1",
                "timestamp": 1,
                "types": ["creature"],
                "power": 0,
                "toughness": 2,
            },
            {
                "id": "o2",
                "name": "o2",
                "controller": "p2",
                "timestamp": 3,
                "types": ["enchantment"],
                "abilities": ["static 0", "static 1", "static 2"],
            },
        ],
        [
            {
                "id": "e1",
                "controller": "p2",
                "timestamp": 5,
                "applies_to": ["o1", "o2"],
                "parts": [{"op": "all_creature_types"}],
            },
        ],
        [
            {
                "text": "static 0",
                "applies_to": {"type": "creature"},
                "parts": [{"op": "remove_types", "types": ["creature"]}],
            },
            {
                "text": "static 1",
                "applies_to": {"subtype": "goblin"},
                "parts": [
                    {"op": "set_subtypes", "subtypes": ["goblin"]},
                    {"op": "remove_types", "types": ["creature"]},
                ],
            },
            {
                "text": "static 2",
                "applies_to": {"type": "creature"},
                "parts": [{"op": "add_types", "types": ["creature"]}, {"op": "add_subtypes", "subtypes": ["goblin"]}],
            },
        ],
    )


def test_dependency_that_ended_does_not_count() -> None:
    """613.8c: an edge recorded early in the layer may no longer hold when the dependent effect applies."""
    board = _reevaluated_board()
    r = resolve(board, get_version("pre-m10"))  # type: ignore[arg-type]
    layer4 = [s.effect for s in r.steps if s.slot == "4"]
    recorded = {(e.dependent, e.on) for e in r.edges if e.slot == "4"}
    assert ("o2:static 1", "e1") in recorded  # it held once...
    assert layer4.index("o2:static 1") < layer4.index("e1")  # ...and was gone when static 1 applied
    with mock.patch.object(theorems, "_generated", lambda n: iter([(board, "pre-m10")])):
        assert theorems.dependency_order(1).status == "tested"


def test_theorem_catches_a_resolver_that_ignores_waiting() -> None:
    """A resolver that applies an effect while it depends on one still waiting is refuted."""
    from mtg_layers.checking.misreadings import ignoring_waits

    with ignoring_waits():
        out = theorems.dependency_order(100)
    assert out.status == "refuted", out


def test_prove_boards_are_stored_not_drawn() -> None:
    """The boards `prove` uses come from a data file: the same on every install."""
    items = stored_data()
    assert len(items) >= 100
    assert all(i["version"] in ("pre-m10", "m10", "ikoria") for i in items)
    with mock.patch.dict("sys.modules", {"hypothesis": None}):
        boards = list(theorems._generated(5))
    assert len(boards) == 5


@pytest.mark.slow
def test_prove_table_has_no_refuted_theorem() -> None:
    """The tested theorems hold on 30 stored boards: no refuted theorem, no error in the table.

    That the table is the same from run to run (without times) is pinned across processes by the generated
    fragments' test (tests/site/test_docs_pages.py): a fresh ``run()`` of every theorem must equal the committed
    docs/generated/theorems.md, where a second run in this process would share the first one's caches."""
    ids = ("dependency-order", "listing-order-irrelevant")
    table = theorems.markdown(theorems.run(ids, 30), with_time=False)
    assert all(f"| {i} |" in table for i in ids)
    assert "refuted" not in table and "[" not in table
