"""611.2d, 608.2h: the amounts of a resolved spell's or ability's effect are fixed once, as it resolves.

"Target creature gets +X/+X until end of turn, where X is the number of creatures you control"
counts the creatures on resolution, on the game as it then is (every continuous effect applied,
613.1); afterwards X is a number, and a creature entering or leaving changes nothing. A case
states such an effect with its value expression in the step that creates it
(``reference.case.apply_step``); this module replaces the expression by the number it has then.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .choices import LIMIT, outcomes
from .effects import VALUE_ARGS
from .errors import ResolutionError
from .filters import Context, amount, evaluate
from .frozen import FrozenMap
from .model import Board, Effect, Part
from .versions import RulesVersion

# The operations whose power and toughness may be a value expression (613.4a-c).
AMOUNT_OPS = ("set_pt", "modify_pt")


def unfixed(effect: Effect) -> tuple[tuple[int, str], ...]:
    """611.2d: the amounts of an effect still to be determined: (part index, power or toughness)."""
    return tuple(
        (i, k)
        for i, p in enumerate(effect.parts)
        if p.op in AMOUNT_OPS
        for k in sorted(VALUE_ARGS)
        if isinstance(p.args.get(k), Mapping)
    )


def reads_its_object(value: Any) -> bool:
    """611.2d, 608.2h: the amount is read off the object the effect applies to ("its power", "counters on it")."""
    if isinstance(value, Mapping):
        if "its" in value or "counters" in value or value.get("is_it") is not None:
            return True
        if value.get("shares_creature_type_with") == "it":
            return True
        return any(reads_its_object(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(reads_its_object(v) for v in value)
    return False


def fixed(effect: Effect, board: Board, version: RulesVersion) -> Effect:
    """611.2d, 608.2h: the effect with each amount replaced by its value now, on the fully layered ``board``.

    ``board`` is the game as the effect resolves: without the effect itself. An amount read off
    the object the effect applies to is read for that object (one object only: the format gives
    one number per amount); an amount that differs between orders the rules leave open is an error, and so is a
    board whose orders are too many to try every one (``choices.LIMIT``).
    """
    todo = unfixed(effect)
    if not todo:
        return effect
    found = outcomes(board, version)
    if not found.complete:  # an order not tried could give another number: never fix one from some orders
        raise ResolutionError(
            f"effect {effect.id}: its amounts are fixed on resolution (611.2d) on the board as every order of its "
            f"tied effects leaves it (613.7m), and there are more orders than this enumeration tries ({LIMIT} "
            "resolutions)"
        )
    finals = [o.final for o in found.outcomes]
    objects = [t for t in effect.applies_to if t in finals[0] and board.objects[t].zone == "battlefield"]
    parts = list(effect.parts)
    for i, key in todo:
        part = parts[i]
        value = part.args[key]
        numbers = set()
        for final in finals:
            ctx = Context(board=board, state=final, source=effect.source, controller=effect.controller)
            if not reads_its_object(value):
                numbers.add(_number(part.op, value, ctx, None, version))
            numbers.update(_number(part.op, value, ctx, t, version) for t in objects)
        if len(numbers) > 1:
            raise ValueError(
                f"effect {effect.id}: {part.op}.{key} is {sorted(numbers)} depending on the object or the order "
                "the rules leave open; 611.2d fixes one number on resolution"
            )
        # 611.2c, 400.7: with none of its objects left, the effect applies to nothing and X is moot
        n = numbers.pop() if numbers else 0
        parts[i] = Part(part.op, FrozenMap({**part.args, key: n}))
    return replace(effect, parts=tuple(parts))


def _number(op: str, value: Any, ctx: Context, target: str | None, version: RulesVersion) -> int:
    """107.1b, 611.2d: the amount now (raising or lowering: a calculation below zero is zero, as the version says)."""
    if op == "modify_pt":
        return amount(value, ctx, target, version.negative_amounts)
    return evaluate(value, ctx, target)


def on_resolution(board: Board, new: tuple[str, ...], version: RulesVersion | None) -> Board:
    """611.2d, 608.2h: each new effect of a step, in the order created, fixed on the board as it resolved.

    An effect resolves after the step's other events and after the new effects listed before it,
    and before the later ones exist.
    """
    pending = [e for e in board.effects if e.id in new and unfixed(e)]
    if not pending:
        return board
    if version is None:
        raise ValueError(f"effect {pending[0].id} fixes its amounts on resolution (611.2d): a rules version is needed")
    effects = list(board.effects)
    for n, eid in enumerate(new):
        at = next(k for k, e in enumerate(effects) if e.id == eid)
        if not unfixed(effects[at]):
            continue
        later = set(new[n:])
        before = replace(board, effects=tuple(e for e in effects if e.id not in later))
        effects[at] = fixed(effects[at], before, version)
    return replace(board, effects=tuple(effects))
