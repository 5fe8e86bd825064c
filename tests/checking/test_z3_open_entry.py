"""Issue 28, item 14: the z3 cross-check of a case whose entering object's counters depend on an order of tied
effects the case leaves open (613.7m, 614.12): one board per order of that step, each checked on both sides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_layers.checking import z3_crosscheck
from mtg_layers.checking.z3_crosscheck import _crosscheck_case, open_entry_cases, open_entry_orders
from mtg_layers.corpus import CASES_DIR, load_case
from reference.versions import builtin_versions

ENTRY = CASES_DIR / "entry"
OPEN = ENTRY / "entering-creature-under-an-open-order.yaml"
LEAVING = ENTRY / "tied-holders-leave-as-a-creature-enters.yaml"
RECORDED = CASES_DIR / "entry" / "entering-creature-read-in-the-chosen-order.yaml"
# A test board, not a corpus case: no active player named, APNAP order decides the entering creature's counter.
SEATS = Path(__file__).parent / "open_entry" / "seats-assumed-by-the-enumeration.yaml"


def test_613_7m_614_12_the_orders_of_the_open_entry_step_are_each_a_full_order() -> None:
    case = load_case(OPEN)
    opened = open_entry_orders(case, builtin_versions()["2025-08-01"])
    assert opened is not None
    n, orders, complete = opened
    assert n == 2 and complete
    assert sorted(orders) == [
        ("bluer:other creatures you control are blue.", "greener:other creatures you control are green."),
        ("greener:other creatures you control are green.", "bluer:other creatures you control are blue."),
    ]
    assert open_entry_orders(load_case(RECORDED), builtin_versions()["2025-08-01"]) is None


@pytest.mark.parametrize("path", [OPEN, LEAVING])
def test_613_7m_614_12_a_case_with_an_open_entry_order_is_verified_order_by_order(path: Any) -> None:
    case = load_case(path)
    status, info = _crosscheck_case(case, builtin_versions()["2025-08-01"])
    assert status == "verified", info
    assert info == [
        "step 2: an entry depends on an open order (613.7m, 614.12): each of 2 orders"
        " (one per class of orders that end alike, reference_optimized.step_orders)"
    ]


def test_613_7m_614_12_a_wrong_count_under_one_order_is_not_verified(monkeypatch: pytest.MonkeyPatch) -> None:
    """The resolver giving no counter whatever the order: the z3 side's own count differs under one order."""
    monkeypatch.setattr("reference.entry.counters_added", lambda *args: ())
    status, info = _crosscheck_case(load_case(OPEN), builtin_versions()["2025-08-01"])
    assert status != "verified", info


@pytest.mark.parametrize("wrong", ["blue", "green"])
def test_613_7m_614_12_a_wrong_count_under_either_order_is_not_verified(
    monkeypatch: pytest.MonkeyPatch, wrong: str
) -> None:
    """The resolver adding a charge counter to the Lions entering in one colour only: every order is checked, so the
    z3 side's own count differs under that order, whichever it is."""
    from reference import entry

    right = entry.counters_added

    def counters_added(before: Any, after: Any, oid: str, entering: Any, sources: Any) -> Any:
        found = right(before, after, oid, entering, sources)
        return (*found, ("charge", 1)) if wrong in entering.colors else found

    monkeypatch.setattr(entry, "counters_added", counters_added)
    status, info = _crosscheck_case(load_case(OPEN), builtin_versions()["2025-08-01"])
    assert status == "counterexample", info


def test_a_case_without_an_open_entry_order_is_checked_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    def each_order(*args: object, **kwargs: object) -> tuple[str, list[str]]:
        calls.append(args)
        return "verified", []

    monkeypatch.setattr(z3_crosscheck, "_each_order", each_order)
    assert _crosscheck_case(load_case(RECORDED), builtin_versions()["2025-08-01"])[0] == "verified"
    assert not calls


def test_101_4_613_7m_each_choice_records_the_seating_the_enumeration_assumed() -> None:
    """The case names no active player: the resolver tries each seating (101.4), and APNAP order then decides the
    Bluer/Greener tie (613.7m). Each choice checked records its seating: p1 first (a green Lions with the counter),
    p2 first (blue, none); an order recorded without it leaves the step as open as before."""
    version = builtin_versions()["2025-08-01"]
    opened = open_entry_cases(load_case(SEATS), version)
    assert opened is not None
    n, chosen, complete = opened
    assert n == 2 and complete
    assert sorted((c.tie_order, c.game["turn"], tuple(c.game["turn_order"])) for c in chosen) == [
        ((), "p1", ("p1", "p2")),
        ((), "p2", ("p2", "p1")),
    ]
    status, info = _crosscheck_case(load_case(SEATS), version)
    assert status == "verified", info
    assert info == [
        "step 2: an entry depends on an open order (613.7m, 614.12): each of 2 orders"
        " (one per class of orders that end alike, reference_optimized.step_orders)"
    ]


def test_101_4_613_7m_a_wrong_count_under_the_other_players_seating_is_not_verified(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The resolver adding a charge counter to the Lions entering blue (p2 active) only: that seating is checked too,
    so the z3 side's own count differs there."""
    from reference import entry

    right = entry.counters_added

    def counters_added(before: Any, after: Any, oid: str, entering: Any, sources: Any) -> Any:
        found = right(before, after, oid, entering, sources)
        return (*found, ("charge", 1)) if "blue" in entering.colors else found

    monkeypatch.setattr(entry, "counters_added", counters_added)
    status, info = _crosscheck_case(load_case(SEATS), builtin_versions()["2025-08-01"])
    assert status == "counterexample", info
    assert any("turn p2" in line for line in info), info
