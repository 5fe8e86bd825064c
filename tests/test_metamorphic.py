"""Metamorphic properties of the resolver (issue 2), on generated boards.

Changing how a board is *written* must never change the answer:

* listing objects and effects in another order;
* renaming object and effect ids (order-preserving for objects, so the documented
  id tie-break among equal timestamps is not what is being tested; generated
  timestamps are distinct);
* shifting every timestamp by the same constant.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtg_layers.checking.results import board_result
from reference.frozen import FrozenMap
from reference.model import Board, Counter, Effect, Part
from reference.resolver import resolve
from reference.versions import get_version

from .strategies import boards, versions


def result(board: Board, version: str) -> dict[str, dict[str, Any]]:
    """The resolver's JSON-ready result."""
    return board_result(board, resolve(board, get_version(version)).final)


@given(boards(), versions, st.randoms(use_true_random=False))
def test_input_order_of_objects_and_effects_is_irrelevant(board: Board, version: str, rnd: Any) -> None:
    """Permuting the listed order of objects and of effects never changes the result."""
    objects = list(board.objects.items())
    effects = list(board.effects)
    rnd.shuffle(objects)
    rnd.shuffle(effects)
    shuffled = Board(objects=dict(objects), effects=tuple(effects), abilities=board.abilities)
    assert result(shuffled, version) == result(board, version)


def _rename_filter(data: Any, names: dict[str, str]) -> Any:
    if isinstance(data, dict | FrozenMap):
        out = {}
        for k, v in data.items():
            if k == "id":
                out[k] = names.get(v, v)
            elif k == "ids":
                out[k] = tuple(names.get(x, x) for x in v)
            else:
                out[k] = _rename_filter(v, names)
        return FrozenMap(out)
    if isinstance(data, tuple):
        return tuple(_rename_filter(v, names) for v in data)
    return data


def _rename_part(p: Part, names: dict[str, str]) -> Any:
    args = _rename_filter(p.args, names)
    if p.op == "copy_of":
        args = FrozenMap({**args, "object": names[args["object"]]})
    return args


def rename(board: Board, names: dict[str, str], effect_names: dict[str, str]) -> Board:
    """The same board with object and effect ids renamed everywhere they occur."""
    objects = {
        names[i]: replace(o, id=names[i], attached_to=names.get(o.attached_to or "", o.attached_to))
        for i, o in board.objects.items()
    }
    effects = tuple(
        replace(
            e,
            id=effect_names[e.id],
            applies_to=tuple(names[t] for t in e.applies_to),
            parts=tuple(Part(p.op, _rename_part(p, names)) for p in e.parts),
            source=names.get(e.source or "", e.source),
        )
        for e in board.effects
    )
    abilities = {t: replace(d, applies_to=_rename_filter(d.applies_to, names)) for t, d in board.abilities.items()}
    return Board(objects=objects, effects=effects, abilities=abilities)


@given(boards(), versions, st.randoms(use_true_random=False))
def test_renaming_ids_is_irrelevant(board: Board, version: str, rnd: Any) -> None:
    """Renaming objects (keeping their order) and effects (any new names) never changes the result."""
    names = {i: f"x{n:02d}-{i}" for n, i in enumerate(sorted(board.objects))}
    new_effect_ids = [f"eff{n}" for n in range(len(board.effects))]
    rnd.shuffle(new_effect_ids)
    effect_names = {e.id: new_effect_ids[n] for n, e in enumerate(board.effects)}
    renamed = result(rename(board, names, effect_names), version)
    original = result(board, version)
    assert {i: renamed[names[i]] for i in original} == original


def shift(board: Board, delta: int) -> Board:
    """Every timestamp (objects, effects, counters) moved by ``delta``."""
    objects = {
        i: replace(
            o,
            timestamp=o.timestamp + delta,
            counters=tuple(Counter(c.kind, c.count, c.timestamp + delta) for c in o.counters),
        )
        for i, o in board.objects.items()
    }
    effects = tuple(
        Effect(e.id, e.timestamp + delta, e.applies_to, e.parts, e.controller, e.source, e.description)
        for e in board.effects
    )
    return Board(objects=objects, effects=effects, abilities=board.abilities)


@given(boards(), versions, st.integers(-50, 1000))
def test_shifting_all_timestamps_is_irrelevant(board: Board, version: str, delta: int) -> None:
    """Adding the same constant to every timestamp never changes the result."""
    assert result(shift(board, delta), version) == result(board, version)
