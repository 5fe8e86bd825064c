"""`mtg-layers diff` on a step whose entering object's counters depend on an order the case leaves open (613.7m,
614.12): each version's outcomes come from every order of the whole step, not from an error."""

from __future__ import annotations

from pathlib import Path

from mtg_layers.analysis.version_diff import diff_corpus
from reference.versions import get_version

OPEN_ENTRY = Path(__file__).parents[1] / "checking" / "open_entry"
UNDER_AN_OPEN_ORDER = "entry-entering-creature-under-an-open-order-of-tied-effects"
HOLDERS_LEAVE = "entry-tied-holders-leave-as-a-creature-enters"


def test_the_creature_under_an_open_order_gains_its_green_counter_from_ixalan_on() -> None:
    # m10 (before 2017-09-29): the Patron's ability never sees the creature green as it would enter, no counter in
    # either order; ikoria: green with the counter (3/2) or blue without it (2/1) (614.12, the case's notes).
    result = diff_corpus(OPEN_ENTRY, get_version("m10"), get_version("ikoria"), ids=[UNDER_AN_OPEN_ORDER])
    assert [(d.case, d.step, d.error) for d in result.diffs] == [(UNDER_AN_OPEN_ORDER, 2, None)]
    assert {(v.object, v.field, str(v.left), str(v.right)) for v in result.diffs[0].values} == {
        ("lions", "power", "2", "[3, 2]"),
        ("lions", "toughness", "1", "[2, 1]"),
        ("lions", "counters", "{}", "[{'+1/+1': 1}, {}]"),
    }
    assert all("613.7m" in (side or "") for side in result.diffs[0].choice)


def test_holders_leaving_as_the_creature_enters_give_the_same_two_outcomes_in_both_versions() -> None:
    # The Shrine's own ability is read as it was (614.12 looks back at a source leaving as the creature enters):
    # with the counter or without it in every version the case declares.
    result = diff_corpus(OPEN_ENTRY, get_version("m10"), get_version("ikoria"), ids=[HOLDERS_LEAVE])
    assert (result.cases, result.steps, result.diffs) == (1, 2, [])
