"""The official rulings' coverage page (issue 36), generated from the list in ``corpus/rulings/``.

Rulings found, stated as cases, not statable (by the feature the format lacks), and the resolver's
disagreements with their verdicts; then every card's rulings with the case or the reason.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..corpus.rulings import MISSING_FEATURES, Ruling, summary


def _cell(text: str) -> str:
    """A Markdown table cell: no pipes or newlines."""
    return text.replace("|", "\\|").replace("\n", " ")


def _case_link(path: str) -> str:
    """A case path as the page shows it (the file name; the case pages are keyed by id, not file)."""
    return f"`{path.removeprefix('corpus/cases/')}`"


def rulings_markdown(rulings: Iterable[Ruling]) -> str:
    """The coverage page's Markdown, from the list alone (so a test can check the page matches the list)."""
    items = list(rulings)
    s = summary(items)
    out = [
        f"**{s['rulings']} rulings** of {s['cards']} cards listed; **{s['stated']} stated** "
        f"by {s['cases']} cases; {s['rulings'] - s['stated']} not statable yet; "
        f"{s['disagreements']} disagreement(s) of the resolver with a ruling ({s['fixed']} fixed since).",
        "",
        "### Not statable, by missing feature",
        "",
    ]
    if s["not_statable"]:
        out += ["| feature | rulings | what the format lacks |", "|---|---|---|"]
        out += [f"| `{k}` | {n} | {_cell(MISSING_FEATURES[k])} |" for k, n in s["not_statable"].items()]
    else:
        out.append("None.")
    out += ["", "### Disagreements of the resolver with a ruling", ""]
    disagreements = [r for r in items if r.disagreement]
    if disagreements:
        out += ["| card | date | verdict | recorded in | state |", "|---|---|---|---|---|"]
        for r in disagreements:
            assert r.disagreement is not None
            d = r.disagreement
            state = f"fixed: {_cell(d['fixed'])}" if "fixed" in d else "open"
            out.append(f"| {_cell(r.card)} | {r.date} | {d['verdict']} | {d['record']} | {state} |")
    else:
        out.append("None: every stated ruling's case passes under every rules version it declares.")
    out += ["", "### Every ruling", "", "| card | date | ruling (in the project's words) | case or reason |"]
    out.append("|---|---|---|---|")
    for r in items:
        where = _case_link(r.case) if r.case else f"not statable: `{r.not_statable}`" + (f" ({r.why})" if r.why else "")
        out.append(f"| {_cell(r.card)} | {r.date} | {_cell(r.text)} | {_cell(where)} |")
    return "\n".join(out) + "\n"
