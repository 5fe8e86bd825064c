"""The kill matrix and the named mutants' golden boards on a step whose entering object's counters depend on an order
the case leaves open (613.7m, 614.12): every order of the whole step is read, instead of the step refusing."""

from __future__ import annotations

from pathlib import Path

from mtg_layers.checking.kill_matrix import judgeable
from mtg_layers.checking.mutation_report import golden_boards
from mtg_layers.corpus import load_corpus
from reference.versions import get_version

OPEN_ENTRY = Path(__file__).parent / "open_entry"
UNDER_AN_OPEN_ORDER = "entry-entering-creature-under-an-open-order-of-tied-effects"
VERSIONS = ("m10", "ikoria", "2023-11-17", "2025-08-01")


def test_an_open_entry_step_keeps_every_version_of_its_case_in_the_matrix() -> None:
    # Each order of the step is resolved within choices.LIMIT: nothing is left out for an unfinished enumeration.
    assert [(c.id, c.versions) for c in judgeable(load_corpus(OPEN_ENTRY))] == [
        (UNDER_AN_OPEN_ORDER, VERSIONS),
        ("entry-tied-holders-leave-as-a-creature-enters", VERSIONS),
    ]


def test_the_golden_boards_of_an_open_entry_step_are_one_per_order_with_the_shared_answer() -> None:
    (case,) = (c for c in load_corpus(OPEN_ENTRY) if c.id == UNDER_AN_OPEN_ORDER)
    ((case_id, steps),) = golden_boards([case])
    assert case_id == UNDER_AN_OPEN_ORDER
    # Step 1 has one board per version. Step 2: from Ixalan the Lions enters with the counter in one order and
    # without it in the other (two boards); under m10 no order gives it a counter, so the step does not refuse.
    lions = [
        (v.id, tuple((c.kind, c.count) for c in b.objects["lions"].counters))
        for v, b, _ in steps
        if "lions" in b.objects
    ]
    ids = [get_version(v).id for v in VERSIONS]  # m10 is the alias of its dated profile
    assert sorted(lions) == sorted(
        [(ids[0], ())] + [(v, counters) for v in ids[1:] for counters in ((), (("+1/+1", 1),))]
    )
    expected = {get_version(v).id: case.steps[1].expect[v] for v in VERSIONS}
    assert all(answer == expected[v.id] for v, b, answer in steps if "lions" in b.objects)
