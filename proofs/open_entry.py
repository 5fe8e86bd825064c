"""Whether the listed outcomes of an open entry step are every outcome (613.7m, 614.12, 614.1c), asked of z3.

Where the counters an object enters with depend on an order of tied effects the case leaves open, the player's one
choice of that order (613.7m) decides three boards the step reads: the board before it, whose objects' abilities give
the counters (614.1c), the entering object as it would exist on the battlefield (614.12), and the board after it.
The cross-check lists some orders and checks each; this module asks whether some order reaches an outcome none of
them reaches.

The three boards are encoded with one set of tie-rank variables (``Encoding(..., tie_ranks=...)``): one unknown
order of the tied effects, read by every slot of every board, its ranks distinct across all of them; where the case
names no active player, one unknown seating too (101.4), the same players in every board. The entering
object's counters are the formulas ``proofs.entry`` reads (``counter_totals``), free with the order. For each distinct
vector of counters the listing names, the board after the step with those counters (``proofs.steps.entered_with``,
before its state-based actions), the board after them (where the step has them, 704.3) and the board of each later
step (``proofs.steps.steps_after``, each derived from the one before) are encoded with the same ranks: the order is
the player's one choice, read again by every later step. z3 is asked for an order whose outcome (the counters, then
each of those boards) is none of the listed orders' outcomes. unsat: no order the encoding allows is missed, z3's
verdict. sat: an order the listing missed, with where its outcome differs.

Extra freedom only makes that question easier to satisfy, so an unsat answer stands as long as the encodings allow
every order the rules allow: a positional choice is the encoding's own in each board (not tied across them), which
can only add orders. Where the boards after the step cannot be derived with some listed counters (their state-based
actions or a later step depend on the order again, ``NotDerived``), only the step's board before its state-based
actions is compared for those counters, and the answer says so in its lines; the per-order checks cover the rest,
for the orders listed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import z3

from reference.model import Board
from reference.versions import RulesVersion

from .crosscheck import RLIMIT, Answer, BoardCheck, Bounded, LimitReached, decode
from .encoding import Encoding, NotEncodable
from .entry import as_it_enters, both_boards, counter_totals
from .reads import not_encoded
from .state import FALSE, TRUE, observable_diff
from .steps import NotDerived, entered_with, entry_step, steps_after
from .universe import build_universe

Counts = Mapping[str, Mapping[str, int]]  # entering object -> counter kind -> number


@dataclass(frozen=True)
class Listed:
    """One listed outcome of the step: the order recorded, the counters each entering object got, and every object's
    characteristics on the board after the step (before its state-based actions)."""

    order: tuple[str, ...]
    counters: Counts
    answer: Answer
    # 613.1, 704.3: the outcomes of the step after its state-based actions (where it has them) and of every later
    # step, under the same order
    later: tuple[tuple[Answer, ...], ...] = ()


class _Mismatch(Exception):
    """A listed outcome names other objects than the z3 side's board of the step."""


def _key(counts: Counts) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    """122.1: a vector of entry counters as a value (kinds of zero dropped)."""
    return tuple(sorted((o, tuple(sorted((k, n) for k, n in c.items() if n))) for o, c in counts.items()))


def check_listing(
    initial: Board,
    steps: tuple[Any, ...],
    n: int,
    version: RulesVersion,
    listed: list[Listed],
    rlimit: int = RLIMIT,
) -> BoardCheck:
    """613.7m, 614.12, 614.1c: can one order of the tied effects give step ``n`` an outcome none of ``listed`` has?
    (unsat: "verified", the listing is complete; sat: "counterexample", naming the order and its outcome)"""
    start = time.perf_counter()
    try:
        check = _check_listing(initial, steps, n, version, listed, rlimit)
    except LimitReached as exc:
        check = BoardCheck("unknown", [f"completeness of the listing: {exc}"])
    except (NotDerived, NotEncodable, NotImplementedError, ValueError) as exc:
        check = BoardCheck("not encodable", [f"completeness of the listing: {exc}"])
    check.seconds = time.perf_counter() - start
    return check


def _check_listing(
    initial: Board,
    steps: tuple[Any, ...],
    n: int,
    version: RulesVersion,
    listed: list[Listed],
    rlimit: int,
) -> BoardCheck:
    """613.7m, 614.12: ``check_listing``'s query, each z3 check bounded by ``rlimit``."""
    d = entry_step(initial, steps, n, version)
    before, after = d.before, d.board()
    entering = sorted({o for o in d.entering if o in after.objects and after.objects[o].zone == "battlefield"})
    boards = {_key(x.counters): entered_with(d, steps[n - 1], x.counters) for x in listed}
    unread = not_encoded(before) + not_encoded(after) + [u for b in boards.values() for u in not_encoded(b)]
    if unread:
        return BoardCheck("not encoded", [f"not encoded: {x}" for x in unread])
    definitions = [x for x in {**before.abilities, **after.abilities}.values() if x.enters_with]
    ranks: dict[str, z3.ArithRef] = {}  # 613.7m: the one order, shared by every board below
    u = build_universe(both_boards(before, after), [version])
    if u.from_words:
        raise NotEncodable("an enters-with ability on a board with text changes (612) is not encoded")
    sources = Encoding(before, version, tag="ob", universe=u, tie_ranks=ranks)
    encodings = [sources]
    totals: dict[str, dict[str, z3.ArithRef]] = {}
    for i, oid in enumerate(entering):
        seen = Encoding(as_it_enters(before, after, oid, version), version, tag=f"ox{i}", universe=u, tie_ranks=ranks)
        encodings.append(seen)
        totals[oid] = counter_totals(sources, seen, before, after, definitions, oid)
    ends: dict[Any, Encoding] = {}
    afterwards: dict[Any, list[Encoding]] = {}  # 613.1: the boards of the later steps, with those counters
    unread_later: list[str] = []
    for j, (key, board) in enumerate(sorted(boards.items())):
        ends[key] = Encoding(board, version, tag=f"oa{j}", tie_ranks=ranks)
        encodings.append(ends[key])
        counts = next(x.counters for x in listed if _key(x.counters) == key)
        try:
            # the step's own board after its state-based actions, where it has them, then each later step's
            later = steps_after(d, steps, n, counts)[0 if steps[n - 1].state_based_actions else 1 :]
        except NotDerived as exc:  # a later step the order decides again: its boards are left to the per-order checks
            later = []
            unread_later.append(f"later steps not read with counters {dict(counts)}: {exc}")
        if any(not_encoded(b) for b in later):
            later = []
            unread_later.append(f"later steps not read with counters {dict(counts)}: not encoded")
        afterwards[key] = [Encoding(b, version, tag=f"oa{j}s{m}", tie_ranks=ranks) for m, b in enumerate(later)]
        encodings += afterwards[key]
    seated = {tuple(sorted(e.places)) for e in encodings if not all(z3.is_int_value(x) for x in e.places.values())}
    if len(seated) > 1:  # 101.4: one unknown seating read by boards that name different players
        raise NotEncodable(f"the boards of the step seat different players with no active one named: {sorted(seated)}")
    solver = Bounded(rlimit)
    for enc in encodings:
        solver.add(enc.constraints)
    if len(ranks) > 1:  # one strict order of every tied effect any of the boards reads
        solver.add(z3.Distinct(list(ranks.values())))
    if solver.check() != z3.sat:
        return BoardCheck("vacuous", ["the encodings' constraints are unsatisfiable"])

    def same(counts: Counts) -> z3.BoolRef:
        kinds = [(o, k) for o in entering for k in sorted(set(totals[o]) | set(counts.get(o, {})))]
        return z3.And([totals[o].get(k, z3.IntVal(0)) == int(counts.get(o, {}).get(k, 0)) for o, k in kinds] or [TRUE])

    def differs(enc: Encoding, a: Answer) -> z3.BoolRef:
        if set(a) != set(enc.objects):
            raise _Mismatch(f"objects differ: listed {sorted(a)}, z3 {enc.objects}")
        return z3.Or([t for o in enc.objects for _, t in observable_diff(enc.u, enc.final[o], a[o])] or [FALSE])

    # the order's outcome (its counters, the board after the step, each later board) is none of the listed ones
    missed = []
    try:
        for x in listed:
            key = _key(x.counters)
            apart = [differs(ends[key], x.answer)]
            for enc, answers in zip(afterwards[key], x.later, strict=False):
                apart.append(z3.And([differs(enc, a) for a in answers] or [TRUE]))
            missed.append(z3.Or(z3.Not(same(x.counters)), *apart))
    except _Mismatch as exc:
        return BoardCheck("counterexample", [str(exc)])
    solver.add(z3.And(missed or [TRUE]))
    answer = solver.check()
    if answer == z3.unsat:
        return BoardCheck("verified", unread_later)
    if answer != z3.sat:
        return BoardCheck("unknown", [f"completeness of the listing: {solver.reason_unknown()}"])
    model = solver.model()
    check = _counterexample(model, ranks, encodings, totals, ends, listed)
    key = _key(
        {o: {k: model.eval(t, model_completion=True).as_long() for k, t in c.items()} for o, c in totals.items()}
    )
    for x in [x for x in listed if _key(x.counters) == key]:
        if z3.is_true(model.eval(differs(ends[key], x.answer), model_completion=True)):
            continue  # the board after the step tells them apart (said above)
        first = n if steps[n - 1].state_based_actions else n + 1
        for m, (enc, answers) in enumerate(zip(afterwards[key], x.later, strict=False), start=first):
            if all(z3.is_true(model.eval(differs(enc, a), model_completion=True)) for a in answers):
                check.info.append(f"step {m}: the board differs from that of the listed order {list(x.order)}")
                break
    return check


def _counterexample(
    model: z3.ModelRef,
    ranks: Mapping[str, z3.ArithRef],
    encodings: list[Encoding],
    totals: Mapping[str, Mapping[str, z3.ArithRef]],
    ends: Mapping[Any, Encoding],
    listed: list[Listed],
) -> BoardCheck:
    """613.7m, 101.4: the order z3 found that the listing missed (its holders, as a case records the order, and the
    seating where the case names no active player), its entry counters and where its board after the step differs
    from the listed outcomes with those counters."""
    keys = sorted(ranks, key=lambda k: model.eval(ranks[k], model_completion=True).as_long())
    holders = list(dict.fromkeys(_holder_of(encodings[0], k) for k in keys))
    counts = {
        o: {k: n for k, t in sorted(kinds.items()) if (n := model.eval(t, model_completion=True).as_long())}
        for o, kinds in totals.items()
    }
    info = [
        "613.7m: an order of the tied effects reaches an outcome no listed order reaches: "
        + ", then ".join(holders)
        + f" (as a case records it, tie_order: {list(keys)})",
        f"entry counters under it: {counts}",
    ]
    places = next((e.places for e in encodings if not all(z3.is_int_value(x) for x in e.places.values())), {})
    if places:  # 101.4: the turn order z3 chose, from the active player on
        seats = sorted(places, key=lambda p: model.eval(places[p], model_completion=True).as_long())
        info.insert(1, f"seating under it (APNAP order): {', then '.join(seats)}")
    key = _key(counts)
    if key not in ends:
        info.append(f"none of the {len(listed)} listed orders gives these counters")
    else:
        enc = ends[key]
        a = next(x.answer for x in listed if _key(x.counters) == key)
        for o in enc.objects:
            mine = decode(enc.u, model, enc.final[o])
            for f, t in observable_diff(enc.u, enc.final[o], a[o]):
                if z3.is_true(model.eval(t, model_completion=True)):
                    info.append(f"{o}.{f}: under it {mine[f]!r}, listed {a[o][f]!r}")
    return BoardCheck("counterexample", info, order=[("tie", k) for k in keys])


def _holder_of(enc: Encoding, key: str) -> str:
    """613.7a: the object an effect's timestamp is its (the key itself for an effect of its own)."""
    by_key = {e.key: e for e in enc.effects}
    return enc._holder(by_key[key]) if key in by_key else key.split(":", 1)[0]


__all__ = ["Listed", "check_listing"]
