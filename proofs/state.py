"""Symbolic characteristics (109.3) of one object as z3 terms, and what each operation does to them (613.1).

An object's characteristics at one point of the layer process are an ``Obj``: one z3
boolean per type, subtype, supertype, color and ability wording of the board's
universe; integers for mana value, power and toughness (with a flag for "no value");
an integer for its controller and its name; and the bookkeeping the rules need:
which abilities were granted by an effect and when (613.7a), and the text changes
made to it (612, as a map from each replaceable word to what it now reads).

Operations take *resolved* arguments: sets as a mapping from member to the z3
condition under which it is a member (a text change may make an ability's words
symbolic), numbers as z3 integers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from reference.model import Characteristics

from .stickers import with_word
from .universe import Universe
from .vocabulary import CREATURE_TYPE_BEARERS, CREATURE_TYPES, INTRINSIC, OPERATION_KIND, SUBTYPE_OWNER, mana_ability
from .words import rewrite_word

Key = tuple[str, str]
SymSet = Mapping[str, z3.BoolRef]

SET_FIELDS = ("colors", "types", "subtypes", "supertypes", "abilities")
TRUE = z3.BoolVal(True)
FALSE = z3.BoolVal(False)
# z3 shares equal terms (hash-consing), so two terms are the same exactly when they are the same
# node: comparing the node pointers costs no call into z3 (issue 13: building the encoding is
# most of the cross-check's time, and the z3 Python API checks for an error after every call).
_TRUE_PTR = TRUE.as_ast().value
_FALSE_PTR = FALSE.as_ast().value


def is_true(x: z3.ExprRef) -> bool:
    """The term is the constant true."""
    return x.ast.value == _TRUE_PTR  # type: ignore[no-any-return]


def is_false(x: z3.ExprRef) -> bool:
    """The term is the constant false."""
    return x.ast.value == _FALSE_PTR  # type: ignore[no-any-return]


def same_term(x: z3.ExprRef, y: z3.ExprRef) -> bool:
    """The two terms are one term (what ``x.eq(y)`` answers, without the call)."""
    return x.ast.value == y.ast.value  # type: ignore[no-any-return]


def _nary(make: Callable[..., Any], items: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """And/Or of boolean terms straight through z3's C API (z3.And/z3.Or coerce every argument)."""
    ctx = items[0].ctx
    args = (z3.Ast * len(items))(*[x.ast for x in items])
    return z3.BoolRef(make(ctx.ref(), len(items), args), ctx)


def conj(items: Iterable[z3.BoolRef]) -> z3.BoolRef:
    """And, folding constants (keeps the terms small)."""
    out = []
    for x in items:
        v = x.ast.value
        if v == _FALSE_PTR:
            return FALSE
        if v != _TRUE_PTR:
            out.append(x)
    if not out:
        return TRUE
    return out[0] if len(out) == 1 else _nary(z3.Z3_mk_and, out)


def disj(items: Iterable[z3.BoolRef]) -> z3.BoolRef:
    """Or, folding constants."""
    out = []
    for x in items:
        v = x.ast.value
        if v == _TRUE_PTR:
            return TRUE
        if v != _FALSE_PTR:
            out.append(x)
    if not out:
        return FALSE
    return out[0] if len(out) == 1 else _nary(z3.Z3_mk_or, out)


def all_of(*args: Any) -> z3.BoolRef:
    """And of terms given as arguments or as one list (z3.And's calling forms), through ``conj``."""
    items = args[0] if len(args) == 1 and isinstance(args[0], list | tuple) else args
    if all(isinstance(x, z3.BoolRef) for x in items):
        return conj(items)
    return z3.And(*args)


def any_of(*args: Any) -> z3.BoolRef:
    """Or of terms given as arguments or as one list (z3.Or's calling forms), through ``disj``."""
    items = args[0] if len(args) == 1 and isinstance(args[0], list | tuple) else args
    if all(isinstance(x, z3.BoolRef) for x in items):
        return disj(items)
    return z3.Or(*args)


def neg(x: z3.BoolRef) -> z3.BoolRef:
    """Not, folding constants."""
    v = x.ast.value
    if v == _TRUE_PTR:
        return FALSE
    if v == _FALSE_PTR:
        return TRUE
    return z3.BoolRef(z3.Z3_mk_not(x.ctx.ref(), x.ast), x.ctx)


def _compare(make: Callable[..., Any], python: Callable[[Any, Any], Any], x: Any, y: Any) -> z3.BoolRef:
    """A comparison of two numeric terms of one sort straight through z3's C API (else as z3's operator builds it)."""
    if isinstance(x, z3.ArithRef) and isinstance(y, z3.ArithRef) and x.is_int() == y.is_int():
        return z3.BoolRef(make(x.ctx.ref(), x.ast, y.ast), x.ctx)
    return python(x, y)  # type: ignore[no-any-return]


def number(x: Any) -> Fraction | None:
    """The value of an integer or rational numeral, else None (one call into z3 for a term that is none)."""
    if not isinstance(x, z3.ArithRef) or z3.Z3_get_ast_kind(x.ctx_ref(), x.as_ast()) != z3.Z3_NUMERAL_AST:
        return None
    return Fraction(z3.Z3_get_numeral_string(x.ctx_ref(), x.as_ast()))


def less_than(x: Any, y: Any) -> z3.BoolRef:
    """x < y, folded when both are numbers (else the term ``x < y`` builds)."""
    nx, ny = number(x), number(y)
    if nx is not None and ny is not None:
        return TRUE if nx < ny else FALSE
    return _compare(z3.Z3_mk_lt, lambda p, q: p < q, x, y)


def equal(x: Any, y: Any) -> z3.BoolRef:
    """x == y, folded when the two are one term or both numbers (else the term ``x == y`` builds)."""
    if same_term(x, y):
        return TRUE
    nx, ny = number(x), number(y)
    if nx is not None and ny is not None:
        return TRUE if nx == ny else FALSE
    return _compare(z3.Z3_mk_eq, lambda p, q: p == q, x, y)


def implies(x: z3.BoolRef, y: z3.BoolRef) -> z3.BoolRef:
    """x implies y, folding constants, straight through z3's C API (z3.Implies coerces its arguments)."""
    if is_false(x) or is_true(y):
        return TRUE
    if is_true(x):
        return y
    if is_false(y):
        return neg(x)
    return z3.BoolRef(z3.Z3_mk_implies(x.ctx.ref(), x.ast, y.ast), x.ctx)


def if_then(c: z3.BoolRef, a: Any, b: Any) -> Any:
    """If(c, a, b) straight through z3's C API when both branches have one sort (else z3.If coerces)."""
    kind = z3.BoolRef if isinstance(a, z3.BoolRef) else z3.ArithRef if isinstance(a, z3.ArithRef) else None
    if kind is not None and isinstance(b, kind):
        try:
            return kind(z3.Z3_mk_ite(c.ctx.ref(), c.ast, a.ast, b.ast), c.ctx)
        except z3.Z3Exception:  # an integer and a real: let z3.If coerce them
            pass
    return z3.If(c, a, b)


def differ(x: z3.ExprRef, y: z3.ExprRef) -> z3.BoolRef:
    """x != y, false at once when the two terms are the same."""
    if same_term(x, y):
        return FALSE
    if z3.is_bool(x) and (is_true(x) or is_false(x)) and (is_true(y) or is_false(y)):
        return TRUE
    if z3.is_int_value(x) and z3.is_int_value(y):
        return z3.BoolVal(x.as_long() != y.as_long())
    return x != y


def when(c: z3.BoolRef, a: Any, b: Any) -> Any:
    """If(c, a, b), folding constant conditions and equal branches."""
    if is_true(c) or same_term(a, b):
        return a
    if is_false(c):
        return b
    return if_then(c, a, b)


def real(x: Any) -> z3.ArithRef:
    """A timestamp as an exact z3 real (a z3 term is passed through)."""
    if isinstance(x, z3.ExprRef):
        return x
    f = Fraction(x).limit_denominator(10**9) if isinstance(x, float) else Fraction(x)
    return z3.RealVal(f"{f.numerator}/{f.denominator}")


def integer(x: Any) -> z3.ArithRef:
    """A number as a z3 integer (a z3 term is passed through)."""
    if isinstance(x, z3.ExprRef):
        return x
    return z3.IntVal(int(x))


def category(subtype: str) -> tuple[str, ...]:
    """205.3: the card types a subtype belongs to (creature types go with creature, kindred)."""
    return SUBTYPE_OWNER.get(subtype, CREATURE_TYPE_BEARERS)


def is_creature_type(subtype: str) -> bool:
    """205.3m: the creature types are those on its list (not a planeswalker's or a battle's type)."""
    return subtype in CREATURE_TYPES


@dataclass
class Obj:
    """The symbolic characteristics of one object (plus controller and layer-process bookkeeping)."""

    v: dict[Key, z3.ExprRef]

    def __getitem__(self, key: Key) -> Any:
        return self.v[key]

    def get_set(self, field: str, member: str) -> z3.BoolRef:
        """Membership of ``member`` in a set field (false outside the universe)."""
        return self.v.get((field, member), FALSE)  # type: ignore[return-value]

    def with_(self, changes: Mapping[Key, z3.ExprRef]) -> Obj:
        """A copy with some terms replaced (the object itself when every replacement is its own term)."""
        if all(same_term(t, self.v[k]) for k, t in changes.items() if k in self.v) and changes.keys() <= self.v.keys():
            return self
        v = dict(self.v)
        v.update(changes)
        return Obj(v)


def keys(u: Universe) -> list[tuple[Key, str]]:
    """109.3: every term of an object's state (characteristics, controller, bookkeeping) with its sort, in order."""
    out: list[tuple[Key, str]] = [(("name", ""), "Int"), (("mv", ""), "Int"), (("ctrl", ""), "Int")]
    out += [(("cost", ""), "Int")]
    out += [(("colors", c), "Bool") for c in u.colors]
    out += [(("types", t), "Bool") for t in u.types]
    out += [(("subtypes", s), "Bool") for s in u.subtypes]
    out += [(("supertypes", s), "Bool") for s in u.supertypes]
    out += [(("abilities", a), "Bool") for a in u.abilities]
    out += [(("granted", a), "Bool") for a in u.abilities]
    out += [(("gts", a), "Real") for a in u.abilities]
    out += [(("intr", a), "Bool") for a in u.abilities]  # 305.6: held only because of a basic land type
    out += [(("pn", ""), "Bool"), (("p", ""), "Int"), (("tn", ""), "Bool"), (("t", ""), "Int")]
    out += [(("act", ""), "Bool"), (("fd", ""), "Bool"), (("ntc", ""), "Int")]
    out += [(("wmap", w), "Int") for w in u.from_words]
    # 205.1a: the subtypes (and "every creature type") held back while the card type they go with is gone
    out += [(("aside", s), "Bool") for s in u.subtypes] + [(("aside_act", ""), "Bool")]
    return out


def fresh(u: Universe, prefix: str) -> Obj:
    """An object state of fresh z3 constants (the terms ``z3.Bool``, ``z3.Int`` and ``z3.Real`` of the same names
    give, made through z3's C API with each sort made once)."""
    ctx = z3.main_ctx()
    c = ctx.ref()
    sorts = {"Bool": z3.BoolSort(ctx), "Int": z3.IntSort(ctx), "Real": z3.RealSort(ctx)}
    wrap: dict[str, Callable[[Any, z3.Context], z3.ExprRef]] = {
        "Bool": z3.BoolRef,
        "Int": z3.ArithRef,
        "Real": z3.ArithRef,
    }
    return Obj(
        {
            k: wrap[sort](z3.Z3_mk_const(c, z3.to_symbol(f"{prefix}|{k[0]}|{k[1]}", ctx), sorts[sort].ast), ctx)
            for k, sort in keys(u)
        }
    )


def settled(prefix: str, before: Obj, after: Obj, constraints: list[z3.BoolRef]) -> Obj:
    """The state ``after``, each term that changed since ``before`` named by a fresh constant held equal to it.

    A term no step changed is the earlier state's own term, and a value is itself: only the terms a
    step rewrote get a name and an equation (the next step's terms stay small, and the solver
    gets no equation that says a term equals itself).
    """
    if after is before:
        return before
    v: dict[Key, z3.ExprRef] = {}
    changed = False
    for k, term in after.v.items():
        if same_term(term, before.v[k]):
            v[k] = before.v[k]
            continue
        changed = True
        if z3.is_const(term):
            v[k] = term
            continue
        name = f"{prefix}|{k[0]}|{k[1]}"
        f = z3.Bool(name) if z3.is_bool(term) else z3.Int(name) if z3.is_int(term) else z3.Real(name)
        constraints.append(f == term)
        v[k] = f
    return Obj(v) if changed else before


def constant(u: Universe, ch: Characteristics) -> Obj:
    """613.1: the state of printed (or token-defined) characteristics, before any effect."""
    v: dict[Key, z3.ExprRef] = {
        ("name", ""): z3.IntVal(u.name(ch.name)),
        ("mv", ""): integer(ch.mana_value),
        ("cost", ""): z3.IntVal(u.cost(ch.mana_cost)),
        ("ctrl", ""): z3.IntVal(u.player(ch.controller)),
        ("pn", ""): z3.BoolVal(ch.power is None),
        ("p", ""): integer(0 if ch.power is None else ch.power),
        ("tn", ""): z3.BoolVal(ch.toughness is None),
        ("t", ""): integer(0 if ch.toughness is None else ch.toughness),
        ("act", ""): z3.BoolVal(ch.all_creature_types),
        ("fd", ""): FALSE,
        ("ntc", ""): z3.IntVal(0),
        ("aside_act", ""): FALSE,
    }
    for s in u.subtypes:
        v[("aside", s)] = FALSE
    for field in SET_FIELDS:
        have = getattr(ch, field)
        for m in getattr(u, field):
            v[(field, m)] = z3.BoolVal(m in have)
    for a in u.abilities:
        v[("granted", a)] = FALSE
        v[("gts", a)] = z3.RealVal(0)
        v[("intr", a)] = FALSE
    for w in u.from_words:
        v[("wmap", w)] = z3.IntVal(u.words.index(w))
    return intrinsic(u, Obj(v))


def intrinsic(u: Universe, ch: Obj) -> Obj:
    """305.6: a land of a basic land type has that type's mana ability; it goes when the type goes."""
    changes: dict[Key, z3.ExprRef] = {}
    land = ch.get_set("types", "land")
    for basic, text in INTRINSIC.items():
        if text not in u.abilities:
            continue
        base = conj([ch.get_set("abilities", text), neg(ch[("intr", text)])])
        want = conj([land, ch.get_set("subtypes", basic)])
        changes[("abilities", text)] = z3.simplify(disj([base, want]))
        changes[("intr", text)] = z3.simplify(conj([want, neg(base)]))
    return ch.with_(changes) if changes else ch


def ite(c: z3.BoolRef, a: Obj, b: Obj) -> Obj:
    """The state ``a`` when ``c`` holds, else ``b``."""
    if is_true(c):
        return a
    if is_false(c) or a is b:
        return b
    v = {k: (a.v[k] if same_term(a.v[k], b.v[k]) else if_then(c, a.v[k], b.v[k])) for k in a.v}
    # the same terms: the same state (kept as the one object, so that what was read off it is known)
    return b if all(same_term(v[k], b.v[k]) for k in v) else Obj(v)


def same(a: Obj, b: Obj) -> z3.BoolRef:
    """The two states are the same characteristics (values without meaning are ignored)."""
    if a is b:
        return TRUE
    parts: list[z3.BoolRef] = []
    for k in a.v:
        x, y = a.v[k], b.v[k]
        if same_term(x, y):
            continue
        if k[0] == "gts":
            parts.append(_implies_term(a.v[("granted", k[1])], _equal_term(x, y)))
        elif k[0] == "p":
            parts.append(_implies_term(_not_term(a.v[("pn", "")]), _equal_term(x, y)))
        elif k[0] == "t":
            parts.append(_implies_term(_not_term(a.v[("tn", "")]), _equal_term(x, y)))
        else:
            parts.append(_not_term(differ(x, y)) if not z3.is_arith(x) else _equal_term(x, y))
    return conj(parts)


def _implies_term(x: z3.BoolRef, y: z3.BoolRef) -> z3.BoolRef:
    """z3.Implies(x, y) of two boolean terms straight through z3's C API: the same term, unfolded."""
    return z3.BoolRef(z3.Z3_mk_implies(x.ctx.ref(), x.ast, y.ast), x.ctx)


def _not_term(x: z3.BoolRef) -> z3.BoolRef:
    """z3.Not(x) of a boolean term straight through z3's C API: the same term, unfolded."""
    return z3.BoolRef(z3.Z3_mk_not(x.ctx.ref(), x.ast), x.ctx)


def _equal_term(x: z3.ExprRef, y: z3.ExprRef) -> z3.BoolRef:
    """x == y straight through z3's C API when the two have one sort (else as z3's operator coerces them): the term
    ``x == y`` gives, operands in its order (Python asks the right operand first when its class is a subclass of the
    left's, as a numeral's class is of a term's: ``y == x``)."""
    if isinstance(x, z3.ArithRef) and isinstance(y, z3.ArithRef) and x.is_int() == y.is_int():
        if type(y) is not type(x) and isinstance(y, type(x)):
            x, y = y, x
        return z3.BoolRef(z3.Z3_mk_eq(x.ctx.ref(), x.ast, y.ast), x.ctx)
    return x == y  # type: ignore[return-value]


def observable_diff(u: Universe, ch: Obj, want: Mapping[str, Any]) -> list[tuple[str, z3.BoolRef]]:
    """109.3, 208.3: per result field, a formula true when ``ch`` differs from ``want`` (no P/T off creatures)."""
    out: list[tuple[str, z3.BoolRef]] = []
    out.append(
        ("name", ch[("name", "")] != u.name(want["name"]) if want["name"] is None or want["name"] in u.names else TRUE)
    )
    out.append(
        ("controller", ch[("ctrl", "")] != u.player(want["controller"]) if want["controller"] in u.players else TRUE)
    )
    out.append(("mana_value", ch[("mv", "")] != want["mana_value"]))
    cost = want.get("mana_cost")
    out.append(("mana_cost", ch[("cost", "")] != u.cost(cost) if cost is None or cost in u.costs else TRUE))
    for field in SET_FIELDS:
        have = set(want[field])
        universe = set(getattr(u, field))
        if have - universe:
            out.append((field, TRUE))
            continue
        out.append(
            (field, any_of([ch.get_set(field, m) != z3.BoolVal(m in have) for m in sorted(universe)] or [FALSE]))
        )
    out.append(("all_creature_types", ch[("act", "")] != bool(want["all_creature_types"])))
    # 208.3: a noncreature permanent has no power or toughness (even printed ones)
    creature = ch.get_set("types", "creature")
    for field, nk, vk in (("power", "pn", "p"), ("toughness", "tn", "t")):
        w = want[field]
        none = any_of(z3.Not(creature), ch[(nk, "")])
        if w is None:
            out.append((field, z3.Not(none)))
        else:
            out.append((field, any_of(none, ch[(vk, "")] != int(w))))
    out.append(("face_down", ch[("fd", "")] != bool(want["face_down"])))
    return out


def differences(u: Universe, a: Obj, b: Obj) -> list[tuple[str, z3.BoolRef]]:
    """109.3, 208.3: per result field, a formula true when two symbolic states of one object differ.

    Every characteristic the layers set, with the controller (613.1b) and face-down status (708.2);
    power and toughness only where one of the two is a creature with a value (208.3).
    """
    out: list[tuple[str, z3.BoolRef]] = [
        ("name", a[("name", "")] != b[("name", "")]),
        ("controller", a[("ctrl", "")] != b[("ctrl", "")]),
        ("mana_value", a[("mv", "")] != b[("mv", "")]),
        ("mana_cost", a[("cost", "")] != b[("cost", "")]),
    ]
    for field in SET_FIELDS:
        members = getattr(u, field)
        out.append((field, any_of([a.get_set(field, m) != b.get_set(field, m) for m in members] or [FALSE])))
    out.append(("all_creature_types", a[("act", "")] != b[("act", "")]))
    for field, nk, vk in (("power", "pn", "p"), ("toughness", "tn", "t")):
        none_a = any_of(z3.Not(a.get_set("types", "creature")), a[(nk, "")])
        none_b = any_of(z3.Not(b.get_set("types", "creature")), b[(nk, "")])
        out.append((field, any_of(none_a != none_b, all_of(z3.Not(none_a), a[(vk, "")] != b[(vk, "")]))))
    out.append(("face_down", a[("fd", "")] != b[("fd", "")]))
    return out


# --- operations (613.1a-g), on resolved arguments -------------------------------------------------


def _fit(u: Universe, ch: Obj) -> Obj:
    """205.3d: an object keeps only the subtypes some card type of it allows."""
    changes: dict[Key, z3.ExprRef] = {}
    for s in u.subtypes:
        owners = any_of([ch.get_set("types", t) for t in category(s)])
        changes[("subtypes", s)] = all_of(ch.get_set("subtypes", s), owners)
    bearers = any_of([ch.get_set("types", t) for t in CREATURE_TYPE_BEARERS])
    changes[("act", "")] = all_of(ch[("act", "")], bearers)
    return ch.with_(changes)


def _retype(u: Universe, ch: Obj) -> Obj:
    """205.1a: after a card type change, a subtype shows while a card type of its own is there, else waits aside."""
    changes: dict[Key, z3.ExprRef] = {}
    for s in u.subtypes:
        owners = any_of([ch.get_set("types", t) for t in category(s)])
        held = any_of(ch.get_set("subtypes", s), ch[("aside", s)])
        changes[("subtypes", s)] = all_of(held, owners)
        changes[("aside", s)] = all_of(held, z3.Not(owners))
    bearers = any_of([ch.get_set("types", t) for t in CREATURE_TYPE_BEARERS])
    every = any_of(ch[("act", "")], ch[("aside_act", "")])
    changes[("act", "")] = all_of(every, bearers)
    changes[("aside_act", "")] = all_of(every, z3.Not(bearers))
    return ch.with_(changes)


def _member(m: SymSet, x: str) -> z3.BoolRef:
    return m.get(x, FALSE)


def _set_to(u: Universe, field: str, m: SymSet) -> dict[Key, z3.ExprRef]:
    return {(field, x): _member(m, x) for x in getattr(u, field)}


def _union(u: Universe, ch: Obj, field: str, m: SymSet) -> dict[Key, z3.ExprRef]:
    return {(field, x): any_of(ch.get_set(field, x), _member(m, x)) for x in getattr(u, field)}


def _minus(u: Universe, ch: Obj, field: str, m: SymSet) -> dict[Key, z3.ExprRef]:
    return {(field, x): all_of(ch.get_set(field, x), z3.Not(_member(m, x))) for x in getattr(u, field)}


def add_abilities(u: Universe, ch: Obj, m: SymSet, ts: z3.ArithRef) -> Obj:
    """613.1f, 613.7a: gained abilities; each remembers the granting effect's timestamp."""
    changes: dict[Key, z3.ExprRef] = {}
    for a in u.abilities:
        new = _member(m, a)
        if is_false(new):
            continue
        has = ch.get_set("abilities", a)
        regrant = all_of(new, any_of(z3.Not(has), ch[("granted", a)]))
        changes[("granted", a)] = any_of(ch[("granted", a)], regrant)
        changes[("gts", a)] = z3.If(regrant, ts, ch[("gts", a)])
        changes[("abilities", a)] = any_of(has, new)
    return ch.with_(changes)


def _pt(ch: Obj, which: str) -> z3.ArithRef:
    """A power or toughness with "no value" read as 0."""
    n, v = ("pn", "p") if which == "power" else ("tn", "t")
    return z3.If(ch[(n, "")], 0, ch[(v, "")])


def modify_pt(ch: Obj, dp: z3.ArithRef, dt: z3.ArithRef) -> Obj:
    """613.4c: power and toughness go up or down."""
    return ch.with_(
        {("p", ""): _pt(ch, "power") + dp, ("pn", ""): FALSE, ("t", ""): _pt(ch, "toughness") + dt, ("tn", ""): FALSE}
    )


def copy_values(u: Universe, ch: Obj, values: Mapping[str, Any], retain: Iterable[str]) -> Obj:
    """707.2, 613.2a: the object takes the copiable values it is given (except those it retains)."""
    keep = set(retain)
    changes: dict[Key, z3.ExprRef] = {}
    if "name" not in keep:
        changes[("name", "")] = z3.IntVal(u.name(values["name"]))
    if "mana_value" not in keep:
        changes[("mv", "")] = z3.IntVal(int(values["mana_value"]))
    if "mana_cost" not in keep:
        changes[("cost", "")] = z3.IntVal(u.cost(values.get("mana_cost")))
    for field in SET_FIELDS:
        if field not in keep:
            changes.update(_set_to(u, field, {x: TRUE for x in values[field]}))
    if "all_creature_types" not in keep:
        changes[("act", "")] = z3.BoolVal(bool(values["all_creature_types"]))
        changes[("aside_act", "")] = FALSE
    if "subtypes" not in keep:  # 205.1a: a copied type line sets nothing aside
        changes.update({("aside", s): FALSE for s in u.subtypes})
    for field, nk, vk in (("power", "pn", "p"), ("toughness", "tn", "t")):
        if field not in keep:
            changes[(nk, "")] = z3.BoolVal(values[field] is None)
            changes[(vk, "")] = z3.IntVal(values[field] or 0)
    for a in u.abilities:
        changes[("granted", a)] = FALSE
        if "abilities" not in keep:
            changes[("intr", a)] = FALSE
    # face-down status is a status (110.5), not a copiable value: a copy keeps it
    return ch.with_(changes)


def face_down(u: Universe, ch: Obj, values: Mapping[str, Any]) -> Obj:
    """708.2a: a 2/2 face-down creature with no name, text, subtypes or mana cost."""
    out = copy_values(u, ch, values, ())  # the same fields as a copy, plus the status and no text changes
    changes: dict[Key, z3.ExprRef] = {("fd", ""): TRUE, ("ntc", ""): z3.IntVal(0)}
    for w in u.from_words:
        changes[("wmap", w)] = z3.IntVal(u.words.index(w))
    return out.with_(changes)


def full_text(u: Universe, ch: Obj, cards: Sequence[tuple[z3.BoolRef, Mapping[str, Any]]], plus: Iterable[str]) -> Obj:
    """612.6: the object has the full text of the card that qualifies (if any), and the text ``plus`` beside it."""
    out = ch
    for picked, values in cards:
        new = copy_values(u, ch, values, ())
        changes: dict[Key, z3.ExprRef] = {("ntc", ""): z3.IntVal(0)}  # new text: no earlier word changes in it
        for w in u.from_words:
            changes[("wmap", w)] = z3.IntVal(u.words.index(w))
        for a in plus:
            changes[("abilities", a)] = TRUE
        out = ite(picked, new.with_(changes), out)
    return out


def replace_word(u: Universe, ch: Obj, old: str, new: str) -> Obj:
    """612.1-612.2: replace a word in the object's rules text and type line."""
    changes: dict[Key, z3.ExprRef] = {}
    images: dict[str, list[z3.BoolRef]] = {}
    for a in u.abilities:
        images.setdefault(rewrite_word(a, old, new), []).append(ch.get_set("abilities", a))
    for a in u.abilities:
        changes[("abilities", a)] = any_of(images.get(a, [FALSE]))
    sub_images: dict[str, list[z3.BoolRef]] = {}
    for s in u.subtypes:
        sub_images.setdefault(new if s == old else s, []).append(ch.get_set("subtypes", s))
    for s in u.subtypes:
        changes[("subtypes", s)] = any_of(sub_images.get(s, [FALSE]))
    aside_images: dict[str, list[z3.BoolRef]] = {}
    for s in u.subtypes:
        aside_images.setdefault(new if s == old else s, []).append(ch[("aside", s)])
    for s in u.subtypes:
        changes[("aside", s)] = any_of(aside_images.get(s, [FALSE]))
    if old in u.words and new in u.words:
        io, inew = u.words.index(old), u.words.index(new)
        for w in u.from_words:
            changes[("wmap", w)] = z3.If(ch[("wmap", w)] == io, inew, ch[("wmap", w)])
    changes[("ntc", "")] = ch[("ntc", "")] + 1
    return ch.with_(changes)


def sticker_name(u: Universe, name: z3.ArithRef, word: str, position: int) -> z3.ArithRef:
    """123.6b-c: the index of the name with a name sticker's word put in (no name: the word alone).

    Each sticker applies once, so a name no order can bring to it need not have an image in the
    universe: it gets OUTSIDE, a value equal to no name, so reaching it could never pass for an answer.
    """
    out: z3.ArithRef = z3.IntVal(u.name(with_word(None, word, position)))
    for i, n in enumerate(u.names):
        made = with_word(n, word, position)
        out = if_then(name == i, z3.IntVal(u.names.index(made) if made in u.names else OUTSIDE), out)
    return out


# 123.6: the index of a name outside the board's universe (-1 is "no name")
OUTSIDE = -2


def apply_op(u: Universe, ch: Obj, op: str, a: Mapping[str, Any], ts: z3.ArithRef) -> Obj:
    """613.1: what one resolved instruction does to one object's characteristics (305.6 kept in step)."""
    out = _apply_op(u, ch, op, a, ts)
    if OPERATION_KIND.get(op) in ("copy", "face_down", "text", "type"):
        out = intrinsic(u, out)
    return out


def _apply_op(u: Universe, ch: Obj, op: str, a: Mapping[str, Any], ts: z3.ArithRef) -> Obj:
    """613.1a-g: each operation in its layer (205.1a: set types keep instant and sorcery; 305.7: set land types)."""
    if op == "copy_of":
        return copy_values(u, ch, a["values"], a.get("retain", ()))
    if op == "face_down":
        return face_down(u, ch, a["values"])
    if op == "full_text_of":
        return full_text(u, ch, a["cards"], a["plus"])
    if op == "add_activated_abilities_of":  # 613.1f: gained like any granted ability (613.7a timestamps)
        return add_abilities(u, ch, a["abilities"], ts)
    if op == "merge":  # 721.2a, 702.140e: over, the top component's values; its abilities join in any case
        out = copy_values(u, ch, a["values"], ()) if a["over"] else ch
        joined = {
            ("abilities", x): any_of(ch.get_set("abilities", x), z3.BoolVal(x in a["values"]["abilities"]))
            for x in u.abilities
        }
        return out.with_(joined)
    if op == "set_controller":
        return ch.with_({("ctrl", ""): a["player"]})
    if op == "name_sticker":  # 612.9, 123.6b-c: the word joins whatever name the object has now
        return ch.with_({("name", ""): sticker_name(u, ch[("name", "")], a["word"], a["position"])})
    if op == "set_name":  # 612.8: the one name the effect gives, whatever names it had
        return ch.with_({("name", ""): z3.IntVal(u.name(a["name"]))})
    if op == "replace_word":
        return replace_word(u, ch, a["from"], a["to"])
    if op == "add_types":
        return _retype(u, ch.with_(_union(u, ch, "types", a["types"])))
    if op == "set_types":
        kept = {t: ch.get_set("types", t) for t in ("instant", "sorcery")}
        new_types = {t: any_of(_member(a["types"], t), kept.get(t, FALSE)) for t in u.types}
        return _retype(u, ch.with_(_set_to(u, "types", new_types)))
    if op == "remove_types":
        return _retype(u, ch.with_(_minus(u, ch, "types", a["types"])))
    if op == "add_subtypes":
        return _fit(u, ch.with_(_union(u, ch, "subtypes", a["subtypes"])))
    if op == "set_subtypes":
        m: SymSet = a["subtypes"]
        cats = {category(s) for s in set(u.subtypes) | set(m)}
        replaced = {c: any_of([_member(m, s) for s in m if category(s) == c] or [FALSE]) for c in cats}
        changes: dict[Key, z3.ExprRef] = {
            ("subtypes", s): any_of(all_of(ch.get_set("subtypes", s), z3.Not(replaced[category(s)])), _member(m, s))
            for s in u.subtypes
        }
        changes[("act", "")] = all_of(ch[("act", "")], z3.Not(replaced.get(CREATURE_TYPE_BEARERS, FALSE)))
        for s in u.subtypes:  # 205.1a: the set it replaces within includes what waits aside
            changes[("aside", s)] = all_of(ch[("aside", s)], z3.Not(replaced[category(s)]))
        changes[("aside_act", "")] = all_of(ch[("aside_act", "")], z3.Not(replaced.get(CREATURE_TYPE_BEARERS, FALSE)))
        return _fit(u, ch.with_(changes))
    if op == "remove_subtypes":
        dropped: SymSet = a["subtypes"]
        lost = {("aside", s): all_of(ch[("aside", s)], z3.Not(_member(dropped, s))) for s in u.subtypes}
        return ch.with_({**_minus(u, ch, "subtypes", dropped), **lost})
    if op == "all_creature_types":
        return _fit(u, ch.with_({("act", ""): TRUE}))
    if op == "remove_all_creature_types":  # 205.3m: every creature type goes, other subtypes stay
        changes = {("subtypes", s): FALSE for s in u.subtypes if is_creature_type(s)}
        changes.update({("aside", s): FALSE for s in u.subtypes if is_creature_type(s)})
        changes[("act", "")] = FALSE
        changes[("aside_act", "")] = FALSE
        return ch.with_(changes)
    if op == "set_land_subtype":
        m = a["subtypes"]
        changes = {
            ("subtypes", s): any_of(
                all_of(ch.get_set("subtypes", s), z3.BoolVal("land" not in category(s))), _member(m, s)
            )
            for s in u.subtypes
        }
        for ab in u.abilities:
            changes[("abilities", ab)] = all_of(ch.get_set("abilities", ab), ch[("granted", ab)])
        return ite(ch.get_set("types", "land"), ch.with_(changes), ch)
    if op == "add_supertypes":
        return ch.with_(_union(u, ch, "supertypes", a["supertypes"]))
    if op == "remove_supertypes":
        return ch.with_(_minus(u, ch, "supertypes", a["supertypes"]))
    if op == "set_colors":
        return ch.with_(_set_to(u, "colors", a["colors"]))
    if op == "add_colors":
        return ch.with_(_union(u, ch, "colors", a["colors"]))
    if op == "add_abilities":
        return add_abilities(u, ch, a["abilities"], ts)
    if op == "counter_keyword":
        return add_abilities(u, ch, {a["ability"]: TRUE}, ts)
    if op == "remove_abilities":
        gone: SymSet = a["abilities"]
        changes = _minus(u, ch, "abilities", gone)
        changes.update({("granted", x): all_of(ch[("granted", x)], z3.Not(_member(gone, x))) for x in u.abilities})
        changes.update({("intr", x): all_of(ch[("intr", x)], z3.Not(_member(gone, x))) for x in u.abilities})
        return ch.with_(changes)
    if op == "remove_all_abilities":
        changes = {("abilities", x): FALSE for x in u.abilities}
        changes.update({("granted", x): FALSE for x in u.abilities})
        changes.update({("intr", x): FALSE for x in u.abilities})
        return ch.with_(changes)
    if op == "remove_all_abilities_except_mana":  # 605.1a: mana abilities stay
        changes = {}
        for x in u.abilities:
            if not mana_ability(x):
                changes.update({("abilities", x): FALSE, ("granted", x): FALSE, ("intr", x): FALSE})
        return ch.with_(changes)
    if op == "set_pt":
        changes = {}
        if "power" in a:
            changes.update({("p", ""): a["power"], ("pn", ""): FALSE})
        if "toughness" in a:
            changes.update({("t", ""): a["toughness"], ("tn", ""): FALSE})
        return ch.with_(changes)
    if op == "modify_pt":
        return modify_pt(ch, a.get("power", z3.IntVal(0)), a.get("toughness", z3.IntVal(0)))
    if op == "counter_pt":
        return ite(ch.get_set("types", "creature"), modify_pt(ch, a["power"], a["toughness"]), ch)
    if op == "switch_pt":
        return ch.with_(
            {("p", ""): _pt(ch, "toughness"), ("pn", ""): FALSE, ("t", ""): _pt(ch, "power"), ("tn", ""): FALSE}
        )
    raise NotImplementedError(op)
