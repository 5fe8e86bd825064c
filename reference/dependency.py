"""Dependency between effects in one layer or sublayer (613.8, 418.5c-d).

Dependency is found by trial: apply the other effect to the current state and look at
whether the first effect still exists, reads the same, applies to the same objects and
does the same thing to each of them.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from .effects import (
    ContinuousEffect,
    Locked,
    affected,
    changes_of,
    instructions,
    may_depend,
    parts_in_slot,
    reads_values,
    regenerate,
)
from .model import Board, State
from .versions import RulesVersion


@dataclass(frozen=True)
class DependencyReason:
    """Why one effect depends on another: which of 613.8a's tests changed."""

    test: str  # existence | text | applies-to | what-it-does
    detail: str


def dependency_reason(
    a: ContinuousEffect,
    b: ContinuousEffect,
    board: Board,
    state: State,
    version: RulesVersion,
    slot: str,
    locked: Locked,
) -> DependencyReason | None:
    """613.8a: the way applying ``b`` would change ``a``, or None when ``a`` does not depend on ``b``."""
    graph = dependency_graph([a, b], board, state, version, slot, locked)
    return graph[a.key].get(b.key)


def compare_after_trial(
    a: ContinuousEffect,
    b: ContinuousEffect,
    before: frozenset[str],
    doing: object,
    changed: frozenset[str],
    trial: State,
    board: Board,
    version: RulesVersion,
    slot: str,
    locked: Locked,
    after_trial: Callable[[], frozenset[str]] | None = None,
    fixed_doing: bool = False,
) -> DependencyReason | None:
    """613.8a(b): compare ``a`` in the current state with ``a`` once ``b`` has been applied.

    Only the objects ``b`` changed (``changed``) can enter or leave ``a``'s set, unless
    ``b`` changed ``a``'s source (whose controller a filter may read). ``after_trial``, when the
    caller has it, gives the objects ``a`` applies to after the trial (the same answer as ``affected``,
    read from what the caller keeps). ``fixed_doing``: the caller knows that a's parts in this slot
    read no amount and b leaves a's source alone, so what a does to each object cannot change.
    """
    a_after = regenerate(a, board, trial, locked)
    if a_after is None:
        return DependencyReason("existence", f"{b.description} would stop {a.description} from existing")
    if (a_after.parts, a_after.filter) != (a.parts, a.filter):
        return DependencyReason("text", f"{b.description} would change the text of {a.description}")
    if a.key in locked or a.targets is not None:
        after = before
    elif after_trial is not None:
        after = after_trial()
    elif a.source in changed:
        after = affected(a_after, board, trial, locked)
    else:
        # only the objects b changed can enter or leave, by the same rules as affected (611.3a zones, 614.12)
        after = (before - changed) | affected(a_after, board, trial, locked, among=changed)
    if before != after:
        return changes_what_it_applies_to(a, b, after - before, before - after)
    if not fixed_doing and (reads_values(a) or a.source in changed):
        a_parts = parts_in_slot(a, version, slot)
        if doing != instructions(a_after, a_parts, before, board, trial, version):
            return changes_what_it_does(a, b)
    return None


def changes_what_it_applies_to(
    a: ContinuousEffect, b: ContinuousEffect, gained: Collection[str], lost: Collection[str]
) -> DependencyReason:
    """613.8a(b): applying ``b`` would make ``a`` apply to the objects ``gained`` and no longer to those ``lost``."""
    return DependencyReason(
        "applies-to",
        f"{b.description} would change what {a.description} applies to (gains {sorted(gained)}, loses {sorted(lost)})",
    )


def changes_what_it_does(a: ContinuousEffect, b: ContinuousEffect) -> DependencyReason:
    """613.8a(b): applying ``b`` would change what ``a`` does to some object it applies to."""
    return DependencyReason("what-it-does", f"{b.description} would change what {a.description} does")


def dependency_graph(
    group: list[ContinuousEffect],
    board: Board,
    state: State,
    version: RulesVersion,
    slot: str,
    locked: Locked,
) -> dict[str, dict[str, DependencyReason]]:
    """613.8a, 613.8c: for each effect, the effects it depends on now, with the reason."""
    graph: dict[str, dict[str, DependencyReason]] = {a.key: {} for a in group}
    sensitive = [a for a in group if may_depend(a)]
    if not sensitive:
        return graph
    before = {a.key: affected(a, board, state, locked) for a in sensitive}
    doing = {
        a.key: instructions(a, parts_in_slot(a, version, slot), before[a.key], board, state, version) for a in sensitive
    }
    for b in group:
        b_targets = affected(b, board, state, locked)
        changes = changes_of(b, parts_in_slot(b, version, slot), b_targets, board, state, version)
        if not changes:
            continue  # applying b changes nothing, so nothing can depend on it
        trial: State = ChainMap(changes, state)  # type: ignore[arg-type]
        changed = frozenset(changes)
        for a in sensitive:
            if a.key == b.key:
                continue
            if version.cda_dependency_isolated and (a.origin == "cda") != (b.origin == "cda"):
                continue  # 613.8a(c)
            r = compare_after_trial(a, b, before[a.key], doing[a.key], changed, trial, board, version, slot, locked)
            if r is not None:
                graph[a.key][b.key] = r
    return graph


def strongly_connected(graph: Mapping[str, Mapping[str, object]]) -> dict[str, frozenset[str]]:
    """613.8b: each effect's dependency loop (its strongly connected component; itself if none)."""
    if not any(graph.values()):  # no dependency at all: no loop
        return {v: frozenset((v,)) for v in graph}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    component: dict[str, frozenset[str]] = {}
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.append(w)
                if w == v:
                    break
            comp = frozenset(members)
            for m in members:
                component[m] = comp

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return component


def ready(
    graph: Mapping[str, Mapping[str, object]],
    loop_waits_as_unit: bool = True,
    loop_ignores_dependency: bool = False,
    loops: Mapping[str, frozenset[str]] | None = None,
) -> list[str]:
    """613.8b: effects that wait for nothing outside their own dependency loop.

    With ``loop_waits_as_unit`` a loop waits as a whole while any member waits for an
    effect outside it, so that the loop's members still apply in timestamp order
    relative to each other; without it only that member waits. With
    ``loop_ignores_dependency`` (the literal reading of "this rule is ignored") a loop's
    members never wait at all, not even for an effect outside the loop. ``loops``: the graph's loops
    (``strongly_connected``), when the caller has found them already.
    """
    if loops is None:
        loops = strongly_connected(graph)
    waiting = {a for a in graph if any(b not in loops[a] for b in graph[a])}
    if loop_ignores_dependency:
        waiting = {a for a in waiting if len(loops[a]) == 1}
    if loop_waits_as_unit:
        return [a for a in sorted(graph) if not (loops[a] & waiting)]
    return [a for a in sorted(graph) if a not in waiting]
