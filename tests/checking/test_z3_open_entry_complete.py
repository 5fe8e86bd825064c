"""Issue 28, item 14: z3's query that the orders the cross-check lists for an open entry step reach every outcome
(613.7m, 614.12, 614.1c; ``proofs.open_entry``), with the tie order left free across the boards the step reads.

Each listing is checked whole (complete: "verified") and with one order dropped (z3 must then name an order whose
outcome, recorded in the case and resolved, is the dropped one's)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import z3

from mtg_layers.checking import z3_crosscheck
from mtg_layers.checking.z3_crosscheck import _crosscheck_case, check_listed, listed_outcomes, open_entry_cases
from mtg_layers.corpus import CASES_DIR, load_case
from proofs.crosscheck import BoardCheck
from proofs.encoding import Encoding
from reference.case import Case, board_at
from reference.model import FrozenMap
from reference.versions import RulesVersion, get_version

from ..reference_optimized.test_step_orders import step_case
from .test_z3_open_step_orders import colours_case, held_definitions_only, results_at, then_greener_leaves

SEATS = Path(__file__).parent / "open_entry" / "seats-assumed-by-the-enumeration.yaml"
OPEN = CASES_DIR / "entry" / "entering-creature-under-an-open-order.yaml"
LEAVING = CASES_DIR / "entry" / "tied-holders-leave-as-a-creature-enters.yaml"


def hue_and_size_case() -> Case:
    """Greener, Bluer, Grower (3/3) and Shrinker (1/1) tied at 1.0, the green patron: the Lions end green with the
    counter or blue without (the later colour painter), 4/4 or 2/2 and 3/3 or 1/1 (the later size painter): four
    outcomes, two of each count of counters (4! = 24 orders)."""
    painters = [(("greener",), 1.0), (("bluer",), 1.0), (("grower",), 1.0), (("shrinker",), 1.0)]
    return held_definitions_only(step_case(painters, ["green"], 1))


def outcome(case: Case, n: int, vid: str) -> list[Any]:
    """The resolver's outcomes of step ``n`` of a case with its order recorded: counters and every object's values."""
    return [(x.counters, x.answer, x.later) for x in listed_outcomes([case], n, get_version(vid))]


def listing_without(case: Case, version: RulesVersion, drop: int) -> tuple[int, list[Case], Case, BoardCheck]:
    """613.7m: the open entry step of ``case``, its listed choices, the one at ``drop``, and z3's completeness
    query on the listing without it."""
    opened = open_entry_cases(case, version)
    assert opened is not None
    n, chosen, _ = opened
    return n, chosen, chosen[drop], check_listed(case, version, n, chosen[:drop] + chosen[drop + 1 :])


def staying_case() -> Case:
    """The leaving case with the Silencer and the Gifter staying: their order decides both the Lions' counter (the
    Shrine's abilities as it enters) and the Shrine's abilities after the step, one order for both."""
    case = load_case(LEAVING)
    step = dataclasses.replace(case.steps[1], move=FrozenMap({}))
    return dataclasses.replace(case, steps=(case.steps[0], step))


@pytest.mark.parametrize(
    ("path", "vid"),
    [
        ("staying", "current"),
        (OPEN, "ikoria"),
        (OPEN, "current"),
        (LEAVING, "m10"),
        (LEAVING, "current"),
        ("colours", "current"),
    ]
    + [(SEATS, "2025-08-01")],
)
def test_613_7m_614_12_the_listed_orders_reach_every_outcome(path: Any, vid: str) -> None:
    """The corpus cases with an open entry (2 tied effects) and the colours board (3): z3 finds no order of the tied
    effects whose entry counters or board after the step the listed orders miss."""
    case = {"colours": colours_case, "staying": staying_case}.get(path, lambda: load_case(path))()
    version = get_version(vid)
    opened = open_entry_cases(case, version)
    assert opened is not None
    n, chosen, complete = opened
    check = check_listed(case, version, n, chosen)
    assert complete and check.status == "verified", check.info


@pytest.mark.parametrize(
    ("path", "vid", "drop"),
    [(OPEN, "current", 0), (OPEN, "current", 1), (LEAVING, "current", 0), (LEAVING, "ikoria", 1)]
    + [("hue-and-size", "current", k) for k in range(4)]
    + [("colours", "ikoria", k) for k in range(2)],
)
def test_613_7m_614_12_a_listing_missing_an_outcome_is_refuted_by_its_order(path: Any, vid: str, drop: int) -> None:
    """One listed order dropped: z3 names an order the listing misses; recorded in the case, the resolver gives it the
    dropped order's outcome (the counters, or with the hue-and-size board the same counters and another size)."""
    case = {"hue-and-size": hue_and_size_case, "colours": colours_case}.get(path, lambda: load_case(path))()
    version = get_version(vid)
    n, chosen, dropped, check = listing_without(case, version, drop)
    assert check.status == "counterexample", check.info
    found = dataclasses.replace(case, tie_order=case.tie_order + tuple(k for _, k in check.order))
    assert outcome(found, n, vid) == outcome(dropped, n, vid)
    assert all(outcome(found, n, vid) != outcome(c, n, vid) for c in chosen if c is not dropped)


@pytest.mark.parametrize("drop", [0, 1])
def test_101_4_613_7m_a_listing_missing_a_seating_is_refuted_by_that_seating(drop: int) -> None:
    """The case names no active player and APNAP order decides the tie (101.4, 613.7m): one seating's choice dropped,
    z3 names that seating (the dropped choice's active player first) and the entry counters it gives."""
    case, version = load_case(SEATS), get_version("2025-08-01")
    n, _, dropped, check = listing_without(case, version, drop)
    assert check.status == "counterexample", check.info
    assert check.info[1] == f"seating under it (APNAP order): {', then '.join(dropped.game['turn_order'])}"
    assert check.info[2] == f"entry counters under it: {outcome(dropped, n, '2025-08-01')[0][0]}"


def test_613_7m_a_listing_missing_a_later_steps_outcome_is_refuted() -> None:
    """The colours board with Greener 2 leaving in step 3: of the 6 orders listed, the one that alone gives its step-3
    board dropped (step 2's outcomes all still reached): z3 names an order that, recorded, reaches that step-3 board."""
    case, version = then_greener_leaves(colours_case()), get_version("current")
    opened = open_entry_cases(case, version)
    assert opened is not None
    n, chosen, _ = opened
    alone = [
        k
        for k, c in enumerate(chosen)
        if results_at([c], 3, "current") - results_at(chosen[:k] + chosen[k + 1 :], 3, "current")
    ]
    assert len(alone) == 1
    rest = chosen[: alone[0]] + chosen[alone[0] + 1 :]
    check = check_listed(case, version, n, rest)
    assert check.status == "counterexample", check.info
    assert check.info[-1].startswith("step 3: the board differs"), check.info
    found = dataclasses.replace(case, tie_order=case.tie_order + tuple(k for _, k in check.order))
    assert results_at([found], 3, "current") == results_at([chosen[alone[0]]], 3, "current")
    assert check_listed(case, version, n, chosen).status == "verified"


def test_613_7m_614_12_verify_needs_the_listing_complete(monkeypatch: pytest.MonkeyPatch) -> None:
    """``verify``'s open-entry path with a listing that drops the first order of the hue-and-size board: each order
    tried still verifies, and the case is a counterexample, for the outcome z3 found the listing missed."""
    right = z3_crosscheck.open_entry_cases

    def one_short(case: Case, version: Any, reduced: bool = True) -> Any:
        opened = right(case, version, reduced)
        return None if opened is None else (opened[0], opened[1][1:], opened[2])

    monkeypatch.setattr(z3_crosscheck, "open_entry_cases", one_short)
    status, info = _crosscheck_case(hue_and_size_case(), get_version("current"))
    assert status == "counterexample", info
    assert "step 2: the orders tried reach every outcome? counterexample" in info
    assert not any(line.startswith("order ") for line in info), info  # no order tried failed its own check


def test_613_7m_614_12_a_query_stopped_at_its_limit_is_unknown() -> None:
    """z3 stopped by its resource limit: "unknown", naming the limit, never verified."""
    case, version = load_case(OPEN), get_version("current")
    opened = open_entry_cases(case, version)
    assert opened is not None
    check = check_listed(case, version, opened[0], opened[1], rlimit=1)
    assert check.status == "unknown", check.info
    assert "resource limit" in check.info[0]


def test_613_7m_shared_ranks_are_left_unbounded_by_each_encoding() -> None:
    """An encoding given the shared ranks bounds none of them by its own count (a later board may add tied effects,
    so a bound of the first board's count would force them last): ranks far past the count stay satisfiable."""
    case, version = load_case(OPEN), get_version("current")
    chosen = open_entry_cases(case, version)
    assert chosen is not None
    board = dataclasses.replace(board_at(chosen[1][0], 2, version), tie_order=())
    ranks: dict[str, z3.ArithRef] = {}
    enc = Encoding(board, version, tie_ranks=ranks)
    assert len(ranks) == 2
    solver = z3.Solver()
    solver.add(enc.constraints)
    solver.add(*[r >= 10 + k for k, r in enumerate(ranks.values())])
    assert solver.check() == z3.sat
