"""611.2d, 608.2h, read by the encoding: a resolved effect's amounts fixed once, as it resolves.

The number comes from this package's own layer process: the encoding of the board as the effect
resolves (the game without the effect) is solved, the amount is evaluated on its final state
(``Encoding.amount`` for a raising or lowering amount, ``Encoding.evaluate`` for a set one), and
z3 is asked whether any other order the rules allow gives another number. It never reads the
resolver's fixed number: the cross-check then compares the two boards' answers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import z3

from reference.model import Board, Effect, FrozenMap, Part
from reference.versions import RulesVersion

from .crosscheck import RLIMIT, Bounded
from .encoding import Encoding, NotEncodable, PEffect
from .universe import build_universe

# 613.4a-c: the operations whose power and toughness may be a value expression
AMOUNT_OPS = ("set_pt", "modify_pt")
AMOUNT_ARGS = ("power", "toughness")


def open_amounts(effect: Effect) -> list[tuple[int, str]]:
    """611.2d: the amounts still to be determined (value expressions): (part index, power or toughness)."""
    return [
        (i, k)
        for i, p in enumerate(effect.parts)
        if p.op in AMOUNT_OPS
        for k in AMOUNT_ARGS
        if isinstance(p.args.get(k), Mapping)
    ]


def _reads_its_object(value: Any) -> bool:
    """608.2h: the amount is read off the object the effect applies to ("its", counters on it, "it" in a filter)."""
    if isinstance(value, Mapping):
        hit = "its" in value or "counters" in value or "is_it" in value
        return (
            hit or value.get("shares_creature_type_with") == "it" or any(_reads_its_object(v) for v in value.values())
        )
    if isinstance(value, list | tuple):
        return any(_reads_its_object(v) for v in value)
    return False


def fix_amounts(board: Board, effect: Effect, version: RulesVersion, rlimit: int = RLIMIT) -> Effect:
    """611.2d, 608.2h: ``effect`` with each amount the number it has on the encoding's layered ``board``.

    ``board`` is the game as the effect resolves (without it). Raises NotEncodable when the
    number is not the same for every order the rules allow, or for every object the effect
    applies to, or when z3 gives no answer.
    """
    todo = open_amounts(effect)
    if not todo:
        return effect
    universe = build_universe(replace(board, effects=(*board.effects, effect)), [version])
    enc = Encoding(board, version, tag="fix", universe=universe)
    objects = [t for t in effect.applies_to if t in board.objects and board.objects[t].zone == "battlefield"]
    pe = PEffect(
        key=effect.id,
        kind="resolved",
        origin="resolved",
        parts=effect.parts,
        base_ts=effect.timestamp if math.isfinite(effect.timestamp) else 0,  # 613.7b: not read for an amount
        targets=tuple(objects),
        controller=effect.controller,
        source=effect.source,
    )
    view = enc.view(pe, enc.final)
    anyone = objects[0] if objects else sorted(board.objects)[0]
    terms: dict[tuple[int, str], list[z3.ArithRef]] = {}
    for i, key in todo:
        part = effect.parts[i]
        value = part.args[key]
        read = enc.amount if part.op == "modify_pt" else enc.evaluate
        readers = objects if _reads_its_object(value) else [anyone]
        terms[(i, key)] = [read(value, enc.final, pe, view, t) for t in readers]
    solver = Bounded(rlimit)
    solver.add(enc.constraints)
    if solver.check() != z3.sat:
        raise NotEncodable(
            f"effect {effect.id}: the board it resolves on has no model (611.2d): {solver.reason_unknown()}"
        )
    model = solver.model()
    numbers = {k: [model.eval(t, model_completion=True).as_long() for t in ts] for k, ts in terms.items()}
    first = {k: (ns[0] if ns else 0) for k, ns in numbers.items()}
    other = [t != first[k] for k, ts in terms.items() for t in ts]
    if other:
        solver.add(z3.Or(other))
        answer = solver.check()
        if answer != z3.unsat:
            raise NotEncodable(
                f"effect {effect.id}: its amounts {first} are not the only ones (611.2d fixes one number; z3: {answer})"
            )
    parts = list(effect.parts)
    for (i, key), n in first.items():
        parts[i] = Part(parts[i].op, FrozenMap({**parts[i].args, key: n}))
    return replace(effect, parts=tuple(parts))
