"""Issue 28, item 14: the protocol states a step whose entering object's counters depend on an order of tied effects
the case leaves open (613.7m, 614.12) as the board of one order, recorded; a run's events are one version's."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_layers.adapter import handle
from mtg_layers.checking.verify import step_outcomes
from mtg_layers.conformance.pointers import where_to_look
from mtg_layers.conformance.protocol import RULE_TIMESTAMPS, board_data, first_open_entry, run_message
from mtg_layers.corpus import case_from_data
from reference.versions import builtin_versions

from ..builders import suite_case

VERSIONS = builtin_versions()
OPEN = "entry-entering-creature-under-an-open-order-of-tied-effects"
LEAVING = "entry-tied-holders-leave-as-a-creature-enters"


def _flat(data: Any, board: dict[str, Any], vid: str) -> Any:
    """The board as a one-step case of one version, in the case's own vocabulary (the loader checks its words)."""
    return case_from_data(
        {
            **{k: data[k] for k in ("id", "title", "features", "sources")},
            "versions": [vid],
            **{k: board[k] for k in ("objects", "effects", "abilities", "game", "tie_order") if k in board},
            "steps": [{"description": "board", "expect": {vid: {}}}],
        },
        "flat",
    )


def _lions(board: dict[str, Any]) -> list[Any]:
    return next(o["counters"] for o in board["objects"] if o["id"] == "lions")


def test_613_7m_614_12_an_open_entry_step_is_sent_as_the_board_of_one_order_it_records(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Bluer, then Greener (p1's order, recorded by object): the Lions enters green with the Patron's counter."""
    sc = suite_case(OPEN, tmp_path_factory)
    board = board_data(sc.data, 2, "2025-08-01")
    assert board["tie_order"] == ["bluer", "greener"]
    assert _lions(board) == [{"kind": "+1/+1", "count": 1, "timestamp": 3}]
    flat = _flat(sc.data, board, "2025-08-01")
    assert first_open_entry(flat, 1, VERSIONS["2025-08-01"]) is None
    _, results = step_outcomes(sc.case, 2, VERSIONS["2025-08-01"])
    found, mine = step_outcomes(flat, 1, VERSIONS["2025-08-01"])
    assert len(found.outcomes) == 1 and mine[0]["lions"] in [r["lions"] for r in results]
    assert mine[0]["lions"]["counters"] == {"+1/+1": 1} and mine[0]["lions"]["colors"] == ["green"]


def test_613_7m_614_12_the_board_of_an_order_whose_tied_holders_left(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Gifter, then Silencer: no ability on the Shrine as the Lions entered: no counter; both in the graveyard."""
    leaving, open_ = suite_case(LEAVING, tmp_path_factory), suite_case(OPEN, tmp_path_factory)
    board = board_data(leaving.data, 2, "ikoria")
    assert board["tie_order"] == ["gifter", "silencer"] and _lions(board) == []
    assert {o["id"]: o["zone"] for o in board["objects"]}["silencer"] == "graveyard"
    assert "tie_order" not in board_data(leaving.data, 1, "ikoria")  # the step before: the tie stays open
    assert "tie_order" not in board_data(open_.data, 2, "m10")  # no order changes the counters: none recorded


def test_a_runs_events_carry_the_outcomes_of_its_version_alone(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The events of a run under m10 make a case of m10 alone: another version's outcomes do not go with them, and an
    adapter applying them builds a case the loader accepts."""
    message = run_message(1, suite_case(OPEN, tmp_path_factory).data, 2, "m10", [RULE_TIMESTAMPS])
    assert [set(e.get("outcomes", {})) for e in message["events"]] == [{"m10"}]
    reply, status = handle(message)
    assert status == 0 and reply is not None, reply
    assert reply["results"]["lions"]["counters"] == {}


def test_101_4_613_7m_where_the_case_names_no_active_player_the_board_records_the_seating_first() -> None:
    """A test board, not a corpus case: p1's Bluer and p2's Greener tied, no active player named. The board sent records
    the seating the first outcome assumed (p1 active: APNAP order puts Bluer first) and the Lions' counter after it."""
    from mtg_layers.corpus import read_yaml
    from mtg_layers.paths import ROOT

    data = read_yaml(ROOT / "tests" / "checking" / "open_entry" / "seats-assumed-by-the-enumeration.yaml")
    board = board_data(data, 2, "2025-08-01")
    assert board["game"] == {"turn": "p1", "turn_order": ["p1", "p2"]}
    assert _lions(board) == [{"kind": "+1/+1", "count": 1, "timestamp": 3}]
    flat = _flat(data, board, "2025-08-01")
    assert first_open_entry(flat, 1, VERSIONS["2025-08-01"]) is None


def test_613_7m_614_12_a_failed_run_on_an_open_entry_step_parts_ways_on_the_board_sent(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The pointer to where an answer parts from the reference reads the board the runner sent (one order recorded),
    not a board the step does not have: a wrong type for the Lions is found in the trace, not an error."""
    sc = suite_case(OPEN, tmp_path_factory)
    look = where_to_look(sc.case, str(sc.path), "ikoria", 2, {"lions": {"types": ["artifact"]}})
    assert look["parts_at"] is not None and look["parts_at"]["index"] is not None, look
