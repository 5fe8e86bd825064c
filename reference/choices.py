"""Every outcome a board can have when its timestamps leave a choice (613.7m) or an open order.

The resolver reports each tie it could not decide (``Resolution.undecided``). This module
resolves the board again once for every order of the tied effects, recording that order
as the players' choice (``Board.tie_order``), until no tie is left undecided; the distinct
final states are the outcomes the rules allow. One outcome means the choice does not
matter; several mean the answer depends on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import permutations

from .model import Board, Characteristics, FrozenMap
from .resolver import Resolution, resolve
from .timestamps import Tie
from .versions import RulesVersion

LIMIT = 120  # resolutions at most; beyond it the enumeration stops and says so


@dataclass(frozen=True)
class Outcome:
    """One final state, with the choices (tie orders) that lead to it."""

    final: Mapping[str, Characteristics]
    orders: tuple[tuple[str, ...], ...]
    resolution: Resolution


@dataclass(frozen=True)
class Outcomes:
    """The distinct outcomes of a board under a version, and the ties that were open."""

    outcomes: tuple[Outcome, ...]
    ties: tuple[Tie, ...]  # the undecided ties met, first one per enumeration branch
    complete: bool  # False when LIMIT stopped the enumeration
    mattering: tuple[Tie, ...] = ()  # the ties whose orders lead to different outcomes

    @property
    def depends_on_choice(self) -> bool:
        """613.7m: the answer depends on the players' choice of order: different legal choices end differently."""
        return len(self.outcomes) > 1


def _branches(tie: Tie) -> list[tuple[str, ...]]:
    """613.7m: each order of a tie's candidates, by what holds their timestamps (objects) when
    those are distinct, else by the effects themselves."""
    keys = tie.holders if len(set(tie.holders)) == len(tie.holders) else tie.candidates
    return [tuple(p) for p in permutations(keys)]


def outcomes(board: Board, version: RulesVersion, limit: int = LIMIT) -> Outcomes:
    """613.7m, 613.7n: resolve the board under every order of its undecided ties."""
    found: dict[object, Outcome] = {}
    met: list[Tie] = []
    # each enumeration branch: its extra order and its path of (tie, branch number) choices
    todo: list[tuple[tuple[str, ...], tuple[tuple[int, int], ...]]] = [((), ())]
    leaves: list[tuple[tuple[tuple[int, int], ...], object]] = []
    runs = 0
    while todo and runs < limit:
        extra, path = todo.pop(0)
        runs += 1
        res = resolve(replace(board, tie_order=board.tie_order + extra), version)
        open_ties = res.undecided
        if open_ties:
            first = open_ties[0]
            known = [t.candidates for t in met]
            if first.candidates not in known:
                met.append(first)
                known.append(first.candidates)
            t = known.index(first.candidates)
            todo.extend((extra + b, path + ((t, k),)) for k, b in enumerate(_branches(first)))
            continue
        key = tuple(sorted((i, replace(ch, granted=FrozenMap())) for i, ch in res.final.items()))
        leaves.append((path, key))
        if key in found:
            old = found[key]
            found[key] = replace(old, orders=old.orders + (extra,))
        else:
            found[key] = Outcome(res.final, (extra,), res)
    mattering = tuple(t for i, t in enumerate(met) if _matters(i, leaves))
    return Outcomes(tuple(found.values()), tuple(met), complete=not todo, mattering=mattering)


def _matters(tie: int, leaves: list[tuple[tuple[tuple[int, int], ...], object]]) -> bool:
    """613.7m: the order chosen for ``tie`` matters: two branches that differ only there end differently."""
    groups: dict[object, set[object]] = {}
    for path, key in leaves:
        if any(t == tie for t, _ in path):
            rest = tuple(step for step in path if step[0] != tie)
            groups.setdefault(rest, set()).add(key)
    return any(len(keys) > 1 for keys in groups.values())
