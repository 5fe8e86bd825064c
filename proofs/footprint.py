"""What an effect reads and writes in one slot, found by applying it to a state of fresh constants (613.8a).

``proofs.encoding`` encodes a slot by the relative order of the effects on each object (its "local" slots)
only when the effects that touch one object cannot change whether another exists, what it applies to or
what it does. Whether they can is read off the encoding's own formulas: each object gets a *probe*, an
object state whose every term is a fresh constant (``proofs.state.fresh``); an effect's view of the probe
(existence, reading, timestamp, controller, objects) and its evaluated instruction are formulas whose
free probe constants are what it reads (``reads``), and applying it to the probe rewrites exactly the terms
it writes (``writes``: a term it leaves as the probe's own constant is one it never changes, whatever the
state). The formulas are built by the same code for the probe as for any state, and that code only folds
constants (``proofs.state``), so a term that is the probe's own constant on the probe equals its input
on every state, and a term that reads no probe constant of an object reads nothing of that object.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import z3

from reference.versions import Slot

from .state import Key, Obj, fresh, is_false, keys, same_term
from .universe import Universe

if TYPE_CHECKING:
    from .encoding import Encoding, PEffect

# One term of one object's state: (object id, term key)
Cell = tuple[str, Key]


class Probe:
    """A state of fresh constants for every object the layer process follows, and which cell each constant is."""

    def __init__(self, u: Universe, objects: Iterable[str], tag: str) -> None:
        """The fresh state (``proofs.state.fresh``) of each object, named ``tag|probe|object``."""
        self.states: dict[str, Obj] = {}
        self.cells: dict[str, Cell] = {}
        for o in objects:
            prefix = f"{tag}|probe|{o}"
            self.states[o] = fresh(u, prefix)
            for k, _ in keys(u):
                self.cells[f"{prefix}|{k[0]}|{k[1]}"] = (o, k)

    def cells_in(self, terms: Iterable[Any]) -> set[Cell]:
        """The probe cells the terms read: their free constants that are probe constants."""
        return {self.cells[n] for n in constants_in(terms) if n in self.cells}


def terms_in(data: Any) -> list[z3.ExprRef]:
    """Every z3 term inside resolved arguments (mappings, sequences, pairs), in order."""
    if isinstance(data, z3.ExprRef):
        return [data]
    if isinstance(data, Mapping):
        return [t for v in data.values() for t in terms_in(v)]
    if isinstance(data, tuple | list):
        return [t for v in data for t in terms_in(v)]
    return []


def constants_in(terms: Iterable[Any]) -> set[str]:
    """The names of the uninterpreted constants the terms are built from (each shared subterm visited once).

    The walk goes through z3's C API on the terms' own nodes (the roots hold them): no Python term per node."""
    roots = [t for t in terms if isinstance(t, z3.ExprRef)]
    out: set[str] = set()
    if not roots:
        return out
    ctx = roots[0].ctx
    c = ctx.ref()
    seen: set[int] = set()
    stack = [t.as_ast() for t in roots]
    while stack:
        a = stack.pop()
        i = z3.Z3_get_ast_id(c, a)
        if i in seen:
            continue
        seen.add(i)
        kind = z3.Z3_get_ast_kind(c, a)
        if kind == z3.Z3_NUMERAL_AST:  # a number: no constant of its own, no arguments
            continue
        if kind != z3.Z3_APP_AST:  # a quantifier or a bound variable (none built here): z3's own walk
            stack.extend(x.as_ast() for x in z3.z3._to_expr_ref(a, ctx).children())
            continue
        app = z3.Z3_to_app(c, a)
        n = z3.Z3_get_app_num_args(c, app)
        if n == 0:
            decl = z3.Z3_get_app_decl(c, app)
            if z3.Z3_get_decl_kind(c, decl) == z3.Z3_OP_UNINTERPRETED:
                out.add(z3.Z3_get_symbol_string(c, z3.Z3_get_decl_name(c, decl)))
            continue
        stack.extend(z3.Z3_get_app_arg(c, app, j) for j in range(n))
    return out


def reads(enc: Encoding, e: PEffect, slot: Slot, probe: Probe, existence_only: bool = False) -> set[Cell]:
    """611.3, 613.7, 613.8a: the cells that decide whether ``e`` applies (exists or already started), and, unless
    ``existence_only``, how its words read, its timestamp and the player whose timestamp it is (613.7m), its
    controller, the objects it applies to and the evaluated instruction it applies to each."""
    view = enc.view(e, probe.states)
    if existence_only:
        return probe.cells_in([view.live])
    terms: list[Any] = [view.exists, view.live, view.reading.active, *view.reading.wmap.values(), view.ts]
    terms += [view.controller, *view.targets.values(), view.granted, view.grant_ts]
    player = enc.timestamp_player(e, probe.states)
    if player is not None:
        terms.append(player)
    for o in enc.live:
        if is_false(view.targets[o]):
            continue
        for p in enc.parts_in(e, slot):
            args, evaluated = enc.resolve_args(e, p, probe.states, view, o)
            terms += terms_in(args) + evaluated
    return probe.cells_in(terms)


def writes(enc: Encoding, e: PEffect, slot: Slot, probe: Probe) -> set[Cell]:
    """613.1: the cells ``e``'s parts in this slot may change: on the objects it may apply to, the terms applying
    it to the probe rewrites."""
    view = enc.view(e, probe.states)
    after, _ = enc.apply(e, enc.parts_in(e, slot), probe.states, view)
    out: set[Cell] = set()
    for o, ch in after.items():
        before = probe.states[o]
        if ch is before:
            continue
        out.update((o, k) for k, t in ch.v.items() if not same_term(t, before.v[k]))
    return out


__all__ = ["Cell", "Probe", "constants_in", "reads", "terms_in", "writes"]
