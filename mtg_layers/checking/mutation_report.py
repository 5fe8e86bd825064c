"""What the mutation campaign's figures say: the Proofs page's table, and which corpus cases catch
each named misreading (``misreadings``), stored beside the figures (``data/mutation-results.json``)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .mutation_campaign import RESULTS_FILE, read_results

if TYPE_CHECKING:
    from reference.case import Case
    from reference.model import Board
    from reference.versions import RulesVersion

    from .reach import Target

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


def named_mutant_catchers(name: str, boards: GoldenBoards | None = None, known: GoldenReach | None = None) -> list[str]:
    """The corpus cases whose expected answers the named mutant gets wrong (on some step and version).

    A case catches the mutant when its golden test would fail with the mutant as the resolver:
    some expected value differs, or the mutant raises. ``boards``: ``golden_boards``, built once for many mutants.
    ``known``: ``golden_reach`` of those boards; a board whose correct run calls none of the functions the mutant
    replaces is not resolved by the mutant: its run would be the correct one (``GoldenReach``), so its answer fails
    the expected values exactly when the correct run's does (``GoldenReach.wrong``).
    """
    from .misreadings import EXTRA_MUTANTS, MUTANTS
    from .results import board_result, compare

    mutant = {**MUTANTS, **EXTRA_MUTANTS}[name]
    boards = golden_boards() if boards is None else boards
    if known is not None and known.shape != _shape(boards):
        raise ValueError("the golden reach was computed on other golden boards")
    replaced = None if known is None else known.replaced.get(name)
    caught = []
    for i, (case_id, steps) in enumerate(boards):
        for j, (version, board, expected) in enumerate(steps):
            if known is not None and known.skips(replaced, i, j):
                hit = known.wrong[i][j]
            else:
                try:
                    hit = bool(compare(expected, board_result(board, mutant(board, version))))
                except Exception:
                    hit = True
            if hit:
                caught.append(case_id)
                break
    return caught


@dataclass(frozen=True)
class GoldenReach:
    """The correct resolver's run of each golden board: which functions the named mutants replace it calls.

    Why a board it shows untouched need not be resolved by a mutant (``reach``'s module docstring, "Why skipping is
    sound", for the kill matrix's runs: the same argument, here for ``resolver.resolve`` on a built board). A named
    mutant is a misreading's block around ``reference.resolver.resolve(board, doctored)``; the golden board is built
    before the block, by the correct rules, for the mutant and the correct run alike. When each block of the
    misreading, under every built-in version, does nothing but replace plain functions (``reach.observe``: not None,
    no field of the version changed, so the version it hands over equals the one given) and the correct run of the
    board, under the base patches every block shares, calls none of them (a recording wrapper at the very place
    each is replaced sees every call), the mutant's run executes the same code on the same values to the end: its
    answer is the correct run's. The correct run starts with the rules' ``functools`` caches emptied, so a call
    a cache hit would hide is seen; those caches (``effects.counter_part``, ``operations._fitting``,
    ``chosen.reads_choice``) call none of the functions a named mutant replaces, so a hit in the mutant's run
    returns what the correct body returns. The caches of the version data are not emptied (a version is looked up
    before a block opens); if one of them fills during the correct runs, nothing is skipped (``watched`` empty).
    """

    shape: tuple[tuple[str, int], ...]  # the golden boards it was computed on: each case and its number of boards
    watched: frozenset[str]  # the names of the functions the correct runs were watched for
    reached: tuple[tuple[frozenset[str], ...], ...]  # per case and board (as ``golden_boards``): the ones it called
    wrong: tuple[tuple[bool, ...], ...]  # per case and board: the correct answer fails the expected values (or raised)
    replaced: Mapping[str, frozenset[str] | None]  # per named mutant: what its blocks replace (None: more than that)

    def skips(self, names: frozenset[str] | None, i: int, j: int) -> bool:
        """True when a mutant that replaces ``names`` (and does nothing else: not None) runs board ``j`` of case
        ``i`` as the correct run does (see the class docstring)."""
        return names is not None and names <= self.watched and not names & self.reached[i][j]

    def as_json(self) -> dict[str, Any]:
        """JSON, for sharing between test workers."""
        return {
            "shape": [list(s) for s in self.shape],
            "watched": sorted(self.watched),
            "reached": [[sorted(r) for r in case] for case in self.reached],
            "wrong": [list(case) for case in self.wrong],
            "replaced": {m: None if n is None else sorted(n) for m, n in self.replaced.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GoldenReach:
        """The inverse of ``as_json``."""
        return cls(
            tuple((c, int(n)) for c, n in data["shape"]),
            frozenset(data["watched"]),
            tuple(tuple(frozenset(r) for r in case) for case in data["reached"]),
            tuple(tuple(bool(w) for w in case) for case in data["wrong"]),
            {m: None if n is None else frozenset(n) for m, n in data["replaced"].items()},
        )


def golden_reach(boards: GoldenBoards, names: Iterable[str]) -> GoldenReach:
    """The correct run of every golden board, watched for the functions the named mutants ``names`` replace."""
    import reference.resolver
    from reference.versions import builtin_versions

    from . import reach
    from .misreadings import BY_ID
    from .misreadings.base import patched
    from .results import board_result, compare

    versions = builtin_versions()
    replaced: dict[str, frozenset[str] | None] = {}
    targets: list[Target] = []
    for name in names:
        seen = list(reach.observe_all(BY_ID[name], versions).values())
        if any(r is None or r.fields for r in seen):
            replaced[name] = None
            continue
        found = [t for r in seen if r is not None for t in r.targets]
        replaced[name] = frozenset(t.name for t in found)
        targets.extend(found)
    targets = list(dict.fromkeys(targets))
    hit: set[str] = set()
    reached: list[tuple[frozenset[str], ...]] = []
    wrong: list[tuple[bool, ...]] = []
    clearing = reach.rules_caches(data=False)
    misses = [c.cache_info().misses for c in reach.rules_caches(data=True)]
    with patched({}), reach.recording(targets, hit):
        for _, steps in boards:
            case_reached, case_wrong = [], []
            for version, board, expected in steps:
                for cache in clearing:
                    cache.cache_clear()
                hit.clear()
                try:
                    final = reference.resolver.resolve(board, version).final  # looked up as a mutant looks it up
                    bad = bool(compare(expected, board_result(board, final)))
                except Exception:
                    bad = True
                case_reached.append(frozenset(hit))
                case_wrong.append(bad)
            reached.append(tuple(case_reached))
            wrong.append(tuple(case_wrong))
    filled = [c.cache_info().misses for c in reach.rules_caches(data=True)] != misses
    watched = frozenset() if filled else frozenset(t.name for t in targets)
    return GoldenReach(_shape(boards), watched, tuple(reached), tuple(wrong), replaced)


def _shape(boards: GoldenBoards) -> tuple[tuple[str, int], ...]:
    return tuple((case_id, len(steps)) for case_id, steps in boards)


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
