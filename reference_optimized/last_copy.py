"""Tied copy effects or control changes: the last one applied to an object decides, one order per outcome.

A copy effect (707.2, 613.2a: layer 1) sets every copiable value of the objects it applies to from the object it
copies: what an earlier copy effect made them is overwritten whole. So when resolved copy effects with one
timestamp tie (613.7m), the characteristics an order gives after their slot depend only on which of them comes
last for each object they apply to: its *signature*. ``reference_optimized.from_slot`` reads a tie from its slot
on; it asks this module when the tie is of that shape, and tries one order per signature instead of n!. A change
of control (613.1b, layer 2) to a named player sets the controller whole in the same way: the last one wins.

**Scope (``last_copy_orders``; None outside it).** Each key of the tie names one resolved effect (613.7b: its own
timestamp), with fixed objects (611.2c) and one operation, a copy of one object (``copy_of``) or a change of
control to a named player (``set_controller``), in the tie's slot alone; no static ability the board defines has a
part in that slot (a copy could give one to an object while the tie applies, 611.3b); every effect with parts in
that slot has fixed objects, none of them an object a tied effect copies (the values copied are then the same in
every order, 707.2, 613.8a) and none shares the tie's timestamp without being one of its keys (its place among them
would be another choice). The keys are effects with no parts in another slot, so the order recorded for them
decides no later tie (``orders.pins_later``), and what comes after the slot reads only the characteristics the
signature fixes. ``tests/reference_optimized/test_from_slot.py`` compares the outcomes with every order's on
generated boards with tied copy effects and tied changes of control.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.effects import ContinuousEffect
from reference.model import Board
from reference.versions import RulesVersion
from reference.vocabulary import OPERATION_KIND

from .orders import named_effects

# 707.2, 613.2a, 613.2b: operations that set a whole at once: the copiable values, the controller
WHOLE = frozenset({"copy_of", "set_controller"})
# The search gives up (every order is tried) past this many states.
STATES = 20_000


def _slot(e: ContinuousEffect, op: str, version: RulesVersion) -> str | None:
    """613.1-613.4: the slot one of the effect's operations applies in."""
    return version.slot_of(OPERATION_KIND[op], e.origin)


def copies(
    keys: Sequence[str], effects: Sequence[ContinuousEffect], slot: str, version: RulesVersion, board: Board
) -> dict[str, dict[str, object]] | None:
    """707.2, 613.2a, 613.7m: for each key, the copiable values it gives each object it applies to (named by what
    it copies); None when the tie is outside this module's scope (module docstring)."""
    for d in board.abilities.values():
        if any(version.slot_of(OPERATION_KIND[p.op], o) == slot for p in d.parts for o in ("static", "cda")):
            return None  # 611.3b, 613.6: a copied ability could generate an effect in the slot while the tie applies
    named = named_effects(keys, effects)
    if named is None:
        return None
    group = {e.key for e in named.values()}
    stamps = {e.timestamp for e in named.values()}
    copied: set[object] = set()
    out: dict[str, dict[str, object]] = {}
    for k, e in named.items():
        if e.origin != "resolved" or e.targets is None or len(e.parts) != 1 or e.parts[0].op not in WHOLE:
            return None
        part = e.parts[0]
        if _slot(e, part.op, version) != slot:
            return None
        if part.op == "copy_of":
            copied.add(part.args.get("object"))
        value = repr((part.op, sorted(part.args.items())))
        out[k] = {t: value for t in e.targets}
    for e in effects:
        here = [p for p in e.parts if _slot(e, p.op, version) == slot]
        if not here:
            continue
        if e.targets is None or e.origin != "resolved":
            return None  # 611.3a: the objects a static ability finds may change with the order
        if copied & set(e.targets):
            return None  # 613.8a: the values copied could depend on the order
        if e.key not in group and e.timestamp in stamps:
            return None  # 613.7m: its place among the tied effects would be another choice
    return out


def last_copy_orders(
    keys: Sequence[str], effects: Sequence[ContinuousEffect], slot: str, version: RulesVersion, board: Board
) -> list[tuple[str, ...]] | None:
    """707.2, 613.7m: one order of the tie's keys per signature (the last copy effect on each object); None outside
    the scope or past ``STATES``."""
    given = copies(keys, effects, slot, version, board)
    if given is None:
        return None
    Signature = frozenset[tuple[str, object]]
    memo: dict[frozenset[str], dict[Signature, tuple[str, ...]]] = {}

    def future(decided: frozenset[str]) -> dict[Signature, tuple[str, ...]] | None:
        # 613.7m: from the end of an order, with these objects' copiable values decided
        if decided in memo:
            return memo[decided]
        if len(memo) >= STATES:
            return None
        out: dict[Signature, tuple[str, ...]] = {}
        live = [k for k in keys if any(t not in decided for t in given[k])]
        if not live:
            out[frozenset()] = ()
        for k in live:
            fixed = frozenset((t, v) for t, v in given[k].items() if t not in decided)
            rest = future(decided | {t for t, _ in fixed})
            if rest is None:
                return None
            for sig, earlier in rest.items():
                out.setdefault(sig | fixed, (k, *earlier))
        memo[decided] = out
        return out

    found = future(frozenset())
    if found is None:
        return None
    return [tuple(k for k in keys if k not in end) + tuple(reversed(end)) for end in found.values()]
