"""What the mutation campaign's figures say: the Proofs page's table, and which corpus cases catch
each named misreading (``misreadings``), stored beside the figures (``data/mutation-results.json``)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .mutation_campaign import RESULTS_FILE, read_results

if TYPE_CHECKING:
    from reference.case import Case
    from reference.model import Board
    from reference.versions import RulesVersion

SHOWN = 6  # catching cases named per named mutant on the page

# --- the named mutants of mtg_layers.checking.misreadings ---------------------------------------------


GoldenBoards = list[tuple[str, list[tuple["RulesVersion", "Board", Any]]]]


def _boards(case: Case, n: int, version: RulesVersion) -> tuple[Board, ...]:
    """613.7m, 614.12: a case step's board, or, where an object enters with counters that depend on an order the case
    leaves open, each order's board (``reference.entry.step_outcomes``)."""
    from reference.case import board_at
    from reference.entry import OpenEntryError, step_outcomes

    try:
        return (board_at(case, n, version),)
    except OpenEntryError:
        return step_outcomes(case, n, version)[0]


def golden_boards(cases: Iterable[Case] | None = None) -> GoldenBoards:
    """Each corpus case's boards, version by version and step by step, with the answers its golden test expects.

    The same for every named mutant: built once (``cases``: a corpus already loaded, or the bundled one) and
    handed to ``named_mutant_catchers`` for each of them.
    """
    from reference.versions import builtin_versions

    from ..corpus import load_corpus

    versions = builtin_versions()
    return [
        (
            case.id,
            [  # 613.7m, 614.12: an entry under an order left open: each order's board, each holding what all share
                (versions[vid], board, step.expect[vid])
                for vid in case.versions
                for n, step in enumerate(case.steps, start=1)
                for board in _boards(case, n, versions[vid])
            ],
        )
        for case in (load_corpus() if cases is None else cases)
    ]


def named_mutant_catchers(name: str, boards: GoldenBoards | None = None) -> list[str]:
    """The corpus cases whose expected answers the named mutant gets wrong (on some step and version).

    A case catches the mutant when its golden test would fail with the mutant as the resolver:
    some expected value differs, or the mutant raises. ``boards``: ``golden_boards``, built once for many mutants.
    """
    from .misreadings import EXTRA_MUTANTS, MUTANTS
    from .results import board_result, compare

    mutant = {**MUTANTS, **EXTRA_MUTANTS}[name]
    caught = []
    for case_id, steps in golden_boards() if boards is None else boards:
        for version, board, expected in steps:
            try:
                hit = bool(compare(expected, board_result(board, mutant(board, version))))
            except Exception:
                hit = True
            if hit:
                caught.append(case_id)
                break
    return caught


def write_named_mutants() -> dict[str, list[str]]:
    """Recompute and store which corpus cases catch each named mutant."""
    from .misreadings import EXTRA_MUTANTS, MUTANTS

    boards = golden_boards()
    found = {name: named_mutant_catchers(name, boards) for name in sorted({**MUTANTS, **EXTRA_MUTANTS})}
    data = read_results()
    data["named_mutants"] = found
    RESULTS_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return found


def golden_alone(data: Mapping[str, Any]) -> list[str]:
    """The share of a seeded sample of the campaign's mutants that the golden answers alone kill, per module."""
    g = data.get("golden_alone")
    if not g:
        return []

    def share(value: float | None) -> str:
        return "—" if value is None else f"{value:.1f}%"

    lines = [
        "",
        f"The golden answers alone (the comparison of `{', '.join(g['suite'])}`, nothing else) on a seeded"
        f" sample: up to {g['per_module']} mutants of each module drawn with seed {g['seed']}, {g['sampled']} in"
        f" all, judged {g['date']} in {g['seconds']} s (`python benchmarks/mutation.py --golden {g['per_module']}"
        f" --seed {g['seed']} --write`). The golden answers kill {g['golden_killed']} ({share(g['golden_share'])})."
        f" The stored campaign judged {g['suite_judged']} of the same mutants: its whole killing suite kills"
        f" {g['suite_killed']} of them ({share(g['suite_share'])}), the golden answers alone"
        f" {g['golden_killed_of_judged']} ({share(g['golden_share_of_judged'])}).",
        "",
        "| module | sampled | killed by the golden answers alone | share | judged by the campaign"
        " | killed by the whole suite | killed by the golden answers |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in g["modules"]:
        lines.append(
            f"| `{r['module']}` | {r['sampled']} | {r['golden_killed']} | {share(r['golden_share'])}"
            f" | {r['suite_judged']} | {r['suite_killed']} | {r['golden_killed_of_judged']} |"
        )
    return lines


# --- the Proofs page -------------------------------------------------------------------------------


def markdown(results: Mapping[str, Any] | None = None) -> str:
    """The Proofs page's mutation table (per module) and the named mutants with the cases that catch them."""
    from .misreadings import EXTRA_MUTANTS, MUTANTS

    data = read_results() if results is None else results
    lines: list[str] = []
    if data.get("modules"):
        lines += [
            f"Last run {data['date']} (mutmut {data['tool_version']}, {data['scope']}); each module's row is from"
            " the run that last judged its mutants (its date).",
            "",
            "| module | run of | mutants | killed | equivalent | survived | not run | kill rate |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for r in data["modules"]:
            rate = "—" if r["kill_rate"] is None else f"{r['kill_rate']:.1f}%"
            if r["not_run"] and r["kill_rate"] is not None:
                rate += f" (of the {r['killed'] + r['survived']} judged)"
            lines.append(
                f"| `{r['module']}` | {r.get('date', data['date'])} | {r['mutants']} | {r['killed']} "
                f"| {r['equivalent']} | {r['survived']} "
                f"| {r['not_run']} | {rate} |"
            )
    else:
        lines.append("No campaign has been run yet (`python benchmarks/mutation.py`).")
    lines += golden_alone(data)
    lines += [
        "",
        "Named mutants (`mtg_layers/checking/misreadings/`) and the corpus cases whose golden answers catch them:",
        "",
    ]
    lines += ["| named mutant | what it breaks | caught by corpus cases |", "|---|---|---|"]
    named = data.get("named_mutants", {})
    for name, fn in sorted({**MUTANTS, **EXTRA_MUTANTS}.items()):
        doc = " ".join((fn.__doc__ or "").split()).replace("|", "\\|")
        cases = named.get(name)
        if cases is None:
            shown = "not computed"
        elif not cases:
            shown = "none (caught by generated boards or witness boards only)"
        else:
            links = ", ".join(f"[{c}](cases/{c}.md)" for c in cases[:SHOWN])
            more = f", and {len(cases) - SHOWN} more" if len(cases) > SHOWN else ""
            shown = f"{len(cases)}: {links}{more}"
        lines.append(f"| `{name}` | {doc} | {shown} |")
    return "\n".join(lines) + "\n"
