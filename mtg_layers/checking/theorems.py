"""Named theorems about the layer system, each checked with the z3 encoding.

Every theorem says how strong its result is, in one of three words:

* ``proved``: for *all* integer values (power, toughness, amounts, counter counts) and
  *all* orders of timestamps, within a bounded *shape* of board stated in ``bound``;
* ``verified``: for every board up to a stated size (exhaustive enumeration);
* ``tested``: no counterexample in N generated boards.

A bounded result is never called a proof of the unbounded statement.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from proofs.crosscheck import RLIMIT, Bounded
from proofs.encoding import Encoding
from proofs.state import Obj
from reference.frozen import FrozenMap
from reference.model import AbilityDef, Board, Characteristics, Counter, Effect, GameObject, Part
from reference.versions import RulesVersion, get_version

from .z3_crosscheck import check_board, reference_resolver

STRENGTH = {
    "proved": "proved for all values within a bounded shape",
    "verified": "verified for all boards up to a size",
    "tested": "no counterexample in N generated boards",
}


@dataclass
class Outcome:
    """What running a theorem found."""

    status: str  # proved | verified | tested | refuted | found | unknown | skipped
    bound: str
    detail: list[str] = field(default_factory=list)
    # Lines that depend on which model z3 returns (a concrete witness board): printed by
    # the command, left out of the reproducible docs table.
    witness: list[str] = field(default_factory=list)
    # issue 33: the concrete witness board (prove --observable --save writes it as a case file)
    witness_board: Board | None = None


@dataclass
class Theorem:
    """A named property: its statement is the check function's docstring."""

    id: str
    rules: str
    method: str  # proved | verified | tested | search
    check: Callable[[int], Outcome]

    @property
    def statement(self) -> str:
        """The plain-English statement (first paragraph of the docstring)."""
        doc = (self.check.__doc__ or "").strip()
        return " ".join(doc.split("\n\n")[0].split())


# --- symbolic boards --------------------------------------------------------------------------------

ANTHEM = "this creature gets +x/+y"  # a static ability of the creature itself (613.4c / 418.5 6d)


def _creature(
    tag: str, stamps: str, counters: Sequence[tuple[str, Any, Any]] = (), abilities: Sequence[str] = ()
) -> GameObject:
    ch = Characteristics(
        name="Bear",
        mana_value=2,
        colors=frozenset({"green"}),
        types=frozenset({"creature"}),
        subtypes=frozenset({"bear"}),
        supertypes=frozenset(),
        abilities=frozenset(abilities),
        power=z3.Int(f"{tag}.power"),
        toughness=z3.Int(f"{tag}.toughness"),
        controller="p1",
    )
    return GameObject(
        id="bear",
        printed=ch,
        owner="p1",
        timestamp=z3.Real(f"{stamps}.ts.bear"),
        counters=tuple(Counter(kind, count, ts) for kind, count, ts in counters),
    )


def shape_board(kinds: Sequence[str], amounts: str, stamps: str) -> tuple[Board, list[z3.BoolRef]]:
    """One creature and one effect of each kind, with symbolic amounts and timestamps.

    ``kinds``: set (resolved "becomes X/Y"), modify (resolved "+X/+Y"), static (its own
    "gets +X/+Y"), switch, counter (+1/+1 counters, symbolic number), minus (-1/-1
    counters). Amount symbols are named by ``amounts`` and timestamp symbols by
    ``stamps``, so two boards can share amounts but not timestamps. Returns the board
    and the side conditions (distinct timestamps, counter numbers >= 0).
    """
    side: list[z3.BoolRef] = []
    effects: list[Effect] = []
    counters: list[tuple[str, Any, Any]] = []
    abilities: dict[str, AbilityDef] = {}
    own: list[str] = []
    stamps_used: list[Any] = []
    for i, kind in enumerate(kinds):
        ts = z3.Real(f"{stamps}.ts{i}")
        stamps_used.append(ts)
        p, t = z3.Int(f"{amounts}.p{i}"), z3.Int(f"{amounts}.t{i}")
        if kind in ("set", "modify", "switch"):
            op = {"set": "set_pt", "modify": "modify_pt", "switch": "switch_pt"}[kind]
            args = FrozenMap({"power": p, "toughness": t}) if kind != "switch" else FrozenMap()
            effects.append(Effect(f"e{i}-{kind}", ts, ("bear",), (Part(op, args),), controller="p1"))
        elif kind in ("counter", "minus"):
            n = z3.Int(f"{amounts}.n{i}")
            side.append(n >= 0)
            counters.append(("+1/+1" if kind == "counter" else "-1/-1", n, ts))
        elif kind == "static":
            text = f"{ANTHEM} ({i})"
            abilities[text] = AbilityDef(
                text,
                False,
                FrozenMap({"is_source": True}),
                (Part("modify_pt", FrozenMap({"power": p, "toughness": t})),),
            )
            own.append(text)
    bear = _creature(amounts, stamps, counters, own)
    stamps_used.append(bear.timestamp)  # the timestamp of its own static abilities (613.7a)
    side.append(z3.Distinct(stamps_used) if len(stamps_used) > 1 else z3.BoolVal(True))
    return Board(objects={"bear": bear}, effects=tuple(effects), abilities=abilities), side


def _pt(enc: Encoding) -> tuple[z3.ArithRef, z3.ArithRef]:
    ch: Obj = enc.final["bear"]
    return (z3.If(ch[("pn", "")], 0, ch[("p", "")]), z3.If(ch[("tn", "")], 0, ch[("t", "")]))


def _solve(constraints: list[z3.BoolRef], rlimit: int = RLIMIT) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    s = Bounded(rlimit)
    s.add(constraints)
    r = s.check()
    return r, (s.model() if r == z3.sat else None)


def _same_pt_under(
    v1: str | RulesVersion, v2: str | RulesVersion, kinds: Sequence[str]
) -> tuple[z3.CheckSatResult, z3.ModelRef | None, Any]:
    board, side = shape_board(kinds, "a", "s")
    r1 = get_version(v1) if isinstance(v1, str) else v1
    r2 = get_version(v2) if isinstance(v2, str) else v2
    e1 = Encoding(board, r1, tag="v1")
    e2 = Encoding(board, r2, tag="v2")
    p1, t1 = _pt(e1)
    p2, t2 = _pt(e2)
    r, m = _solve(e1.constraints + e2.constraints + side + [z3.Or(p1 != p2, t1 != t2)])
    return r, m, (board, e1, e2)


PT_KINDS = ("set", "modify", "static", "switch", "counter", "minus")


def m10_ikoria_same_pt(_: int) -> Outcome:
    """`m10` and `ikoria` give the same power and toughness on every board without keyword counters.

    Merging +1/+1 and -1/-1 counters into 7c (Ikoria) changed nothing observable for
    power and toughness. Shape: one creature with any printed power and toughness, and
    any subset of: a resolved "becomes X/Y", a resolved "+X/+Y", a static "+X/+Y" of its
    own, a switch, N +1/+1 counters and M -1/-1 counters, with any integer amounts and
    any (distinct) timestamps.
    """
    shapes = 0
    for r in range(len(PT_KINDS) + 1):
        for kinds in itertools.combinations(PT_KINDS, r):
            shapes += 1
            res, model, _ = _same_pt_under("m10", "ikoria", kinds)
            if res == z3.sat:
                assert model is not None
                return Outcome("refuted", f"{shapes} shapes", [f"counterexample in shape {kinds}: {model}"])
            if res != z3.unsat:
                return Outcome("unknown", f"{shapes} shapes", [f"z3 said {res} on shape {kinds}"])
    return Outcome(
        "proved",
        f"1 creature, every subset of {len(PT_KINDS)} P/T effect kinds ({shapes} shapes), "
        "all integer amounts and timestamp orders",
    )


def pre_m10_m10_differ(_: int) -> Outcome:
    """`pre-m10` (418.5) and `m10` (613) give different power/toughness on some board; the smallest is shown.

    z3 searches shapes by increasing number of effects (one creature; resolved "becomes
    X/Y", resolved "+X/+Y", its own static "+X/+Y", +1/+1 counters) for values and
    timestamps under which the two versions disagree, and reports the first board it
    finds, with the resolver's answers under both versions for comparison. The Gray Ogre
    case (seed-gray-ogre) shows the same difference with four effects.
    """
    kinds_pool = ("modify", "set", "static", "counter")
    for size in range(1, 5):
        for kinds in itertools.combinations_with_replacement(kinds_pool, size):
            res, model, (board, _e1, _e2) = _same_pt_under("pre-m10", "m10", kinds)
            if res != z3.sat:
                continue
            assert model is not None
            concrete = concrete_board(board, model)
            answers = []
            for vid in ("pre-m10", "m10"):
                final = reference_resolver(concrete, get_version(vid))["bear"]
                answers.append(f"{vid}: resolver {final.power}/{final.toughness}")
            return Outcome(
                "found",
                f"searched shapes of 1..{size} effects",
                [
                    f"minimal shape: {size} effect(s): {', '.join(kinds)}",
                    "compare seed-gray-ogre: the same pair (a resolved +4/+4, then 'becomes 0/1') decides it there; "
                    "its counter and anthem are not needed for the difference",
                ],
                witness=[describe_pt_board(concrete), *answers],
            )
    return Outcome("refuted", "shapes of 1..4 effects", ["no difference found"])


def observable_difference(v1: RulesVersion, v2: RulesVersion, max_effects: int = 3) -> Outcome:
    """Whether two rules versions (e.g. a proposed profile) can give a creature different power/toughness.

    z3 searches every shape of one creature with up to ``max_effects`` power/toughness
    effects (resolved "becomes X/Y" and "+X/+Y", its own static "+X/+Y", a switch, +1/+1
    and -1/-1 counters), all integer amounts and all timestamp orders. ``found`` comes
    with a witness board; otherwise the change is not observable on power and toughness
    within that bound (other layers are not covered by this search: use ``mtg-layers diff``
    over the corpus for them).
    """
    shapes = 0
    for size in range(1, max_effects + 1):
        for kinds in itertools.combinations_with_replacement(PT_KINDS, size):
            shapes += 1
            res, model, (board, _e1, _e2) = _same_pt_under(v1, v2, kinds)
            if res == z3.unknown:
                return Outcome("unknown", f"{shapes} shapes", [f"z3 said unknown on shape {list(kinds)}"])
            if res != z3.sat:
                continue
            assert model is not None
            concrete = concrete_board(board, model)
            answers = []
            for v in (v1, v2):
                final = reference_resolver(concrete, v)["bear"]
                answers.append(f"{v.id}: resolver {final.power}/{final.toughness}")
            return Outcome(
                "found",
                f"shapes of 1..{size} P/T effects",
                [f"smallest shape: {size} effect(s) {list(kinds)}"],
                witness=[describe_pt_board(concrete), *answers],
            )
    return Outcome(
        "proved",
        f"1 creature, every multiset of up to {max_effects} P/T effects of {len(PT_KINDS)} kinds ({shapes} shapes), "
        "all integer amounts and timestamp orders",
        ["no board in this shape tells the two versions apart on power and toughness"],
    )


def concrete_board(board: Board, model: z3.ModelRef) -> Board:
    """A symbolic board with a model's values filled in (small integers, timestamps as floats)."""

    def val(x: Any) -> Any:
        if isinstance(x, z3.ExprRef):
            v = model.eval(x, model_completion=True)
            if z3.is_int_value(v):
                return v.as_long()
            return float(v.as_fraction())
        return x

    def args(a: Any) -> Any:
        return FrozenMap({k: val(v) for k, v in a.items()})

    objects = {}
    for i, o in board.objects.items():
        ch = o.printed.with_(power=val(o.printed.power), toughness=val(o.printed.toughness))
        objects[i] = GameObject(
            id=o.id,
            printed=ch,
            owner=o.owner,
            timestamp=val(o.timestamp),
            counters=tuple(Counter(c.kind, val(c.count), val(c.timestamp)) for c in o.counters if val(c.count) > 0),
        )
    effects = tuple(
        Effect(e.id, val(e.timestamp), e.applies_to, tuple(Part(p.op, args(p.args)) for p in e.parts), e.controller)
        for e in board.effects
    )
    abilities = {
        t: AbilityDef(d.text, d.cda, d.applies_to, tuple(Part(p.op, args(p.args)) for p in d.parts))
        for t, d in board.abilities.items()
    }
    return Board(objects=objects, effects=effects, abilities=abilities)


def _args(args: Any) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(dict(args).items()))


def describe_pt_board(board: Board) -> str:
    """A power/toughness shape's board (one creature ``bear``) in one line: printed P/T, counters, effects."""
    bear = board.objects["bear"]
    items = [f"creature {bear.printed.power}/{bear.printed.toughness} (ts {bear.timestamp:g})"]
    items += [f"{c.count} {c.kind} counter(s) (ts {c.timestamp:g})" for c in bear.counters]
    items += [f"{e.parts[0].op} {_args(e.parts[0].args)} (ts {e.timestamp:g})" for e in board.effects]
    items += [f"static {_args(d.parts[0].args)} (ts {bear.timestamp:g})" for d in board.abilities.values()]
    return "board: " + "; ".join(items)


def order_within_7c_irrelevant(_: int) -> Outcome:
    """The order in which effects within 7c apply never changes the result.

    Shape: one creature; a resolved "+X/+Y", a second resolved "+X/+Y", its own static
    "+X/+Y" and N +1/+1 counters (7c since Ikoria; under m10 the counters
    are 7d and only the three modifications share 7c), with any integer amounts. Two
    copies of the board share every amount but have independent timestamps (any
    order); z3 shows they always end with the same power and toughness.
    """
    kinds = ("modify", "modify", "static", "counter")
    for vid in ("ikoria", "m10"):
        b1, s1 = shape_board(kinds, "a", "s1")
        b2, s2 = shape_board(kinds, "a", "s2")
        e1, e2 = Encoding(b1, get_version(vid), tag="o1"), Encoding(b2, get_version(vid), tag="o2")
        (p1, t1), (p2, t2) = _pt(e1), _pt(e2)
        res, _model = _solve(e1.constraints + e2.constraints + s1 + s2 + [z3.Or(p1 != p2, t1 != t2)])
        if res == z3.sat:
            return Outcome("refuted", vid, ["two timestamp orders give different results"])
        if res != z3.unsat:
            return Outcome("unknown", vid, [str(res)])
    return Outcome(
        "proved",
        "1 creature, 2 resolved + 1 static modification and N +1/+1 counters; "
        "all integer amounts, all timestamp orders (ikoria, m10)",
    )


def _generated(n: int) -> Iterator[tuple[Board, str]]:
    """The first N of the stored boards (mtg_layers/data/prove-boards.json), each with a rules version.

    The boards were drawn once by Hypothesis and stored, so that ``prove`` gives the same
    table whatever Hypothesis version is installed (``python -m mtg_layers.boards.property_boards`` draws them again).
    """
    from ..boards.stored import stored_boards

    yield from stored_boards(n)


def _reaches(edges: Sequence[tuple[str, str]], start: str) -> set[str]:
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    seen: set[str] = set()
    todo = [start]
    while todo:
        for w in graph.get(todo.pop(), ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def dependency_order(n: int) -> Outcome:
    """Each effect is applied only when nothing it depends on is still waiting, except inside a dependency loop.

    613.8b-c: at every application step of a layer, dependencies are worked out afresh on
    the current state, among the effects not yet applied (613.8c); the effect applied next
    depends on none of them, unless it and they form a dependency loop, whose members
    apply in timestamp order (613.8b). A dependency that held earlier in the layer but no
    longer holds when the effect is applied does not count. Checked on the resolver's
    trace (the dependencies in force at each step, loops included) and with z3 on the
    encoding's own order (at every position where the effects left have no loop).
    """
    boards = 0
    for board, vid in _generated(n):
        boards += 1
        version = get_version(vid)
        enc = Encoding(board, version)
        bad: list[z3.BoolRef] = []
        for pos in enc.positions:
            keys = [e.key for e in pos.effects]
            for i, a in enumerate(keys):
                waits = z3.Or([pos.dep.get((a, b), z3.BoolVal(False)) for b in keys if b != a] or [z3.BoolVal(False)])
                cyc = _has_cycle(pos.dep, keys)
                bad.append(z3.And(pos.choice == i, z3.Not(cyc), waits))
        res, _ = _solve([*enc.constraints, z3.Or(bad or [z3.BoolVal(False)])])
        if res != z3.unsat:
            status = "refuted" if res == z3.sat else "unknown"
            return Outcome(status, f"{boards} boards", [f"board {boards} ({vid}): z3 found an order that breaks it"])
        from reference.resolver import resolve

        r = resolve(board, version)
        for m in r.moments:
            pick = r.steps[m.step - 1].effect
            for a, b in m.edges:
                if a == pick and pick not in _reaches(m.edges, b):
                    return Outcome(
                        "refuted",
                        f"{boards} boards",
                        [f"board {boards} ({vid}): the resolver applied {a} while it depended on {b} (step {m.step})"],
                    )
    return Outcome("tested", f"{boards} stored boards")


def _has_cycle(dep: dict[tuple[str, str], z3.BoolRef], keys: list[str]) -> z3.BoolRef:
    reach = {(x, y): dep.get((x, y), z3.BoolVal(False)) for x in keys for y in keys if x != y}
    for z in keys:
        for x in keys:
            for y in keys:
                if len({x, y, z}) == 3:
                    reach[(x, y)] = z3.Or(reach[(x, y)], z3.And(reach[(x, z)], reach[(z, y)]))
    return z3.Or([z3.And(reach[(x, y)], reach[(y, x)]) for x in keys for y in keys if x < y] or [z3.BoolVal(False)])


def listing_order_irrelevant(n: int) -> Outcome:
    """The result does not depend on the order in which the input lists objects and effects.

    For each generated board, the objects and effects are listed in a shuffled order;
    z3 must verify, on the shuffled board, the resolver's answer for the original one.
    """
    rnd = random.Random(613)
    boards = 0
    for board, vid in _generated(n):
        boards += 1
        objects = list(board.objects.items())
        effects = list(board.effects)
        rnd.shuffle(objects)
        rnd.shuffle(effects)
        shuffled = Board(objects=dict(objects), effects=tuple(effects), abilities=board.abilities)
        version = get_version(vid)
        original = reference_resolver(board, version)
        check = check_board(shuffled, version, resolver=lambda b, v, f=original: f)  # type: ignore[misc]
        if check.status != "verified":
            return Outcome("refuted", f"{boards} boards", check.info)
    return Outcome("tested", f"{boards} stored boards")


THEOREMS: tuple[Theorem, ...] = (
    Theorem("m10-ikoria-same-pt", "613.4c (2020), 613.3 (2009)", "proved", m10_ikoria_same_pt),
    Theorem("pre-m10-m10-differ", "418.5a 6b, 613.4b-c", "search", pre_m10_m10_differ),
    Theorem("order-within-7c", "613.4c, 613.7", "proved", order_within_7c_irrelevant),
    Theorem("dependency-order", "613.8b, 613.8c", "tested", dependency_order),
    Theorem("listing-order-irrelevant", "613.7, 611.2c", "tested", listing_order_irrelevant),
)


@dataclass
class Row:
    """One line of the theorem table."""

    id: str
    statement: str
    rules: str
    method: str
    bound: str
    status: str
    seconds: float
    detail: list[str]
    witness: list[str] = field(default_factory=list)


def run(ids: Sequence[str] = (), boards: int = 100) -> list[Row]:
    """Run the named theorems (all by default); ``boards`` is N for the generated-board ones."""
    rows = []
    for th in THEOREMS:
        if ids and th.id not in ids:
            continue
        start = time.perf_counter()
        try:
            out = th.check(boards)
        except Exception as exc:  # a crash is reported, not hidden
            out = Outcome("error", "", [f"{type(exc).__name__}: {exc}"])
        label = STRENGTH.get(out.status, out.status)
        if out.status == "tested":
            label = f"no counterexample in {out.bound}"
        rows.append(
            Row(
                th.id,
                th.statement,
                th.rules,
                th.method,
                out.bound,
                label,
                time.perf_counter() - start,
                out.detail,
                out.witness,
            )
        )
    return rows


def markdown(rows: Sequence[Row], with_time: bool = True) -> str:
    """The theorem table as Markdown; without times it also leaves out z3's witness boards (reproducible docs)."""
    head = ["id", "statement", "rules", "method", "bound", "status"] + (["time"] if with_time else [])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [r.id, r.statement, r.rules, r.method, r.bound, r.status]
        cells += [f"{r.seconds:.1f} s"] if with_time else []
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    for r in rows:
        notes = r.detail + (r.witness if with_time else [])
        if notes:
            lines.append("")
            lines.append(f"**{r.id}**:")
            lines += [f"- {d}" for d in notes]
    return "\n".join(lines) + "\n"
