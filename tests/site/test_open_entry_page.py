"""Issue 28, item 14: the case page of a step whose entering object's counters depend on an order of tied effects the
case leaves open (613.7m, 614.12) shows every outcome with its own trace, each order's board."""

from __future__ import annotations

from mtg_layers.docs_site.generated_pages import case_page
from reference.versions import builtin_versions
from tests.builders import corpus


def _tab(page: str, label: str) -> str:
    """The text of step 2's version tab whose label contains ``label`` (up to the next tab)."""
    start = page.index(label, page.index("### Step 2"))
    end = page.find('\n=== "', start + 1)
    return page[start : end if end > 0 else len(page)]


def test_613_7m_614_12_the_case_page_traces_each_outcome_of_an_open_entry_step() -> None:
    cases = corpus()
    case = next(c for c in cases if c.id == "entry-entering-creature-under-an-open-order-of-tied-effects")
    page = case_page(case, builtin_versions(), cases)
    current = _tab(page, "· 2025-08-01")
    assert "**The answer depends on an order**" in current and "Each of them is traced below." in current
    first, second = current.index("**Trace of outcome 1**"), current.index("**Trace of outcome 2**")
    assert first < second and "**Trace of outcome 3**" not in current
    # each trace is its own board's: the Lions with the Patron's counter under one order, without under the other
    assert "| 3/2 | p1 | 1× +1/+1 |" in current[first:second] and "1× +1/+1" not in current[second:]
    # before Ixalan no order gives a counter: one board, one trace after the outcomes
    old = _tab(page, "· m10")
    assert "The trace below follows the first of them." in old and "**Trace of outcome" not in old
