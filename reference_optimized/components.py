"""A dependency graph's loops (613.8b) found without recursion or sorting (issue 39).

``reference.dependency.strongly_connected`` is the readable statement: Tarjan's algorithm, recursive, each effect's
dependencies visited in sorted order so that a reader can follow it. Which effects share a loop does not depend on
the order the effects are visited in (a strongly connected component is a fact of the graph), so the bookkeeping's
``Incremental.loops`` finds the same components with an explicit stack, in the graph's own order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping


def loops(graph: Mapping[str, Mapping[str, object]]) -> dict[str, frozenset[str]]:
    """613.8b: each effect's dependency loop (its strongly connected component; itself if none), as
    ``dependency.strongly_connected`` gives them."""
    if not any(graph.values()):  # no dependency at all: no loop
        return {v: frozenset((v,)) for v in graph}
    component: dict[str, frozenset[str]] = {}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    counter = 0
    for root in graph:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work: list[tuple[str, Iterator[str]]] = [(root, iter(graph[root]))]
        while work:
            v, deps = work[-1]
            for w in deps:
                if w in index:
                    if w in on_stack:
                        low[v] = min(low[v], index[w])
                else:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    break
            else:
                work.pop()
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
                if work:
                    u = work[-1][0]
                    low[u] = min(low[u], low[v])
    return component
