"""Boards of tied losses and gains of abilities, shared by the tests of last touch's reading of losses of all abilities
(test_lose_all.py), of all but mana abilities (test_lose_all_but_mana.py), on objects found by filters
(test_lose_all_filtered.py, test_from_slot_filters.py), beside defined abilities held (test_lose_all_held.py) and
given (test_lose_all_granted.py): their parts, their rules versions, and the boards on one creature, o0."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from reference.choices import Outcomes
from reference.model import Board

from ..builders import creature, make_board

# The rules versions the property tests draw from: each reading of 613 the reductions must hold under.
VERSION_IDS = ("pre-m10", "m10", "ikoria", "current")
LOSE = {"op": "remove_all_abilities"}
BUT_MANA = {"op": "remove_all_abilities_except_mana"}
WHITE_CREATURES = {"all": [{"type": "creature"}, {"color": "white"}]}


def gain(*words: str) -> dict[str, Any]:
    """A part granting these abilities."""
    return {"op": "add_abilities", "abilities": list(words)}


def final_abilities(found: Outcomes) -> set[frozenset[str]]:
    """o0's abilities in each outcome."""
    return {frozenset(o.final["o0"].abilities) for o in found.outcomes}


def subsets(words: tuple[str, ...]) -> set[frozenset[str]]:
    """Every subset of ``words``."""
    return {frozenset(c) for n in range(len(words) + 1) for c in combinations(words, n)}


def resolved_tie(own: list[str], parts: Sequence[dict[str, Any]], defined: list[dict[str, Any]], **extra: Any) -> Board:
    """o0 with abilities ``own`` (and ``extra`` fields), and one resolved effect per part on it, all at timestamp 2."""
    effects = [
        {"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": ["o0"], "parts": [p]}
        for i, p in enumerate(parts)
    ]
    return make_board([creature("o0", 1, 1, 1, abilities=own, **extra)], effects, defined)


def draw_tied(
    draw: st.DrawFn,
    tied: st.SearchStrategy[dict[str, Any]],
    own_from: Sequence[str],
    max_own: int,
    others: Sequence[dict[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """Two to five tied effects drawn from ``tied``, mostly on o0: static abilities of c (timestamp 1) or resolved
    effects (timestamp 2); o0's own abilities (up to ``max_own`` of ``own_from``); up to one resolved effect of
    ``others`` with another timestamp on o0. The abilities, the effects and o0's abilities."""
    n = draw(st.integers(2, 5))
    resolved = draw(st.booleans())
    parts = [draw(tied) for _ in range(n)]
    on = [draw(st.sampled_from(["o0"] * 5 + ["c"])) for _ in range(n)]
    own = draw(st.lists(st.sampled_from(own_from), max_size=max_own, unique=True))
    abilities: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for i, (part, target) in enumerate(zip(parts, on, strict=True)):
        if resolved:
            effects.append({"id": f"t{i}", "controller": "p1", "timestamp": 2, "applies_to": [target], "parts": [part]})
        else:
            scope = {"is_source": True} if target == "c" else {"id": target}
            abilities.append({"text": f"tied {i}", "applies_to": scope, "parts": [part]})
    for k in range(draw(st.integers(0, 1))):
        other = draw(st.sampled_from(list(others)))
        stamp = draw(st.sampled_from([0.75, 3]))
        effects.append({"id": f"r{k}", "controller": "p1", "timestamp": stamp, "applies_to": ["o0"], "parts": [other]})
    return abilities, effects, own
