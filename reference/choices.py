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

    @property
    def depends_on_choice(self) -> bool:
        """True when different legal choices give different final states."""
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
    todo: list[tuple[str, ...]] = [()]
    runs = 0
    while todo and runs < limit:
        extra = todo.pop(0)
        runs += 1
        res = resolve(replace(board, tie_order=board.tie_order + extra), version)
        open_ties = res.undecided
        if open_ties:
            first = open_ties[0]
            if first.candidates not in {t.candidates for t in met}:
                met.append(first)
            todo.extend(extra + branch for branch in _branches(first))
            continue
        key = tuple(sorted((i, replace(ch, granted=FrozenMap())) for i, ch in res.final.items()))
        if key in found:
            old = found[key]
            found[key] = replace(old, orders=old.orders + (extra,))
        else:
            found[key] = Outcome(res.final, (extra,), res)
    return Outcomes(tuple(found.values()), tuple(met), complete=not todo)
