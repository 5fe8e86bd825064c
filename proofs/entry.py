"""Counters a permanent enters with (614.1c, 614.12), checked against the encoding's own characteristics.

For each object a step puts onto the battlefield, a resolver claims how many counters of each
kind it got from "enters with an additional counter" abilities. This module reads the rules on
its own and asks z3 whether any order the layer rules allow gives another count:

- the abilities that can apply are those of the objects before it enters, each where it
  functions (113.6: a permanent's on the battlefield; one whose text names another zone, such
  as "as long as this card is in your graveyard", from there alone, 113.6b; an emblem's from
  the command zone, 114.4), as the layers make those objects before the step (their abilities,
  controller, a card in a graveyard that lost its abilities to Yixlid Jailer has none);
- an "as long as" condition on such an ability is read on that same state (611.3a);
- whether the ability's filter picks the entering object is read on the object as it would exist
  on the battlefield (614.12): the encoding of the board after the step, told which object is
  entering and which static abilities do not reach it yet: before Ixalan (flag
  ``entry_sees_existing_effects`` false) those of every other object; from Ixalan only those of
  the objects entering in the same step, since every other continuous effect already exists;
- the entering object's own such ability applies to it only when its filter can pick no other
  object (614.12: "each creature you control enters with ..." does not apply to itself).

Written from the rules; nothing here calls the resolver's entry code.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import z3

from reference.model import AbilityDef, Board
from reference.versions import RulesVersion

from .choices import own_definition
from .crosscheck import RLIMIT, BoardCheck, Bounded
from .encoding import Encoding, NotEncodable, PEffect, Reading, View
from .reads import not_encoded
from .state import FALSE, TRUE, real
from .universe import build_universe


def works_from(d: AbilityDef, zone: str) -> bool:
    """113.6, 113.6b, 114.4: an enters-with ability of an object in ``zone`` works there."""
    return zone in (d.functions_in if d.functions_in is not None else ("battlefield",))


def only_itself(filt: Any) -> bool:
    """614.12: a filter that picks its source alone (``is_source``, directly or in ``all``)."""
    if not isinstance(filt, Mapping):
        return False
    if filt.get("is_source") is True:
        return True
    return any(only_itself(f) for f in filt.get("all", ()))


def _on_battlefield(board: Board) -> frozenset[str]:
    """614.12, 403.1: the ids of the board's permanents (what is there before a step; what is new after it)."""
    return frozenset(i for i, o in board.objects.items() if o.zone == "battlefield")


def as_it_enters(before: Board, after: Board, oid: str, version: RulesVersion) -> Board:
    """614.12: the board after the step with ``oid`` looked at as it enters, and whose static abilities miss it.

    Before Ixalan (flag ``entry_sees_existing_effects`` false) every other object's; from Ixalan
    only those of the objects the step puts onto the battlefield with it, whose effects do not
    exist yet (every other continuous effect already exists and applies to it).
    """
    new_here = _on_battlefield(after) - _on_battlefield(before)
    aside = new_here - {oid} if version.entry_sees_existing_effects else None
    return replace(after, entering=oid, entering_aside=aside)


def both_boards(before: Board, after: Board) -> Board:
    """613.1, 614.12: one board holding every object, effect and definition of both, for one universe of values."""
    effects = {e.id: e for e in (*before.effects, *after.effects)}
    return replace(
        after,
        objects={**before.objects, **after.objects},
        effects=tuple(effects.values()),
        abilities={**before.abilities, **after.abilities},
        entering=None,
        entering_aside=None,
    )


def check_entry(
    before: Board,
    after: Board,
    version: RulesVersion,
    claimed: Mapping[str, Mapping[str, int]],
    rlimit: int = RLIMIT,
) -> BoardCheck:
    """614.1c, 614.12: is the resolver's count of counters each entering object got the only one possible?

    ``before`` is the board before the step, ``after`` the board after it without the counters
    the objects entered with, ``claimed`` the counters (kind -> number) each entering object got.
    """
    start = time.perf_counter()

    def done(check: BoardCheck) -> BoardCheck:
        check.seconds = time.perf_counter() - start
        return check

    unread = not_encoded(before) + not_encoded(after)
    if unread:
        return done(BoardCheck("not encoded", [f"not encoded: {x}" for x in unread]))
    definitions = [d for d in {**before.abilities, **after.abilities}.values() if d.enters_with]
    try:
        u = build_universe(both_boards(before, after), [version])
        if u.from_words:
            raise NotEncodable("an enters-with ability on a board with text changes (612) is not encoded")
        sources = Encoding(before, version, tag="b", universe=u)
        solver = Bounded(rlimit)
        solver.add(sources.constraints)
        disagree: list[z3.BoolRef] = []
        for oid in sorted(claimed):
            seen = Encoding(as_it_enters(before, after, oid, version), version, tag=f"x{len(disagree)}", universe=u)
            solver.add(seen.constraints)
            totals = counter_totals(sources, seen, before, after, definitions, oid)
            kinds = set(totals) | set(claimed[oid])
            disagree += [totals.get(k, z3.IntVal(0)) != int(claimed[oid].get(k, 0)) for k in sorted(kinds)]
    except (NotEncodable, NotImplementedError, ValueError) as exc:
        return done(BoardCheck("not encodable", [str(exc)]))
    if solver.check() != z3.sat:
        return done(BoardCheck("vacuous", ["the encoding's constraints are unsatisfiable"]))
    solver.add(z3.Or(disagree) if disagree else FALSE)
    answer = solver.check()
    if answer == z3.unsat:
        return done(BoardCheck("verified"))
    if answer != z3.sat:
        return done(BoardCheck("unknown", [f"entry counters: {solver.reason_unknown()}"]))
    return done(BoardCheck("counterexample", [f"614.1c: z3 finds other entry counters than the resolver's {claimed}"]))


def entry_counters(
    before: Board,
    after: Board,
    oid: str,
    version: RulesVersion,
    rlimit: int = RLIMIT,
) -> dict[str, int]:
    """614.1c, 614.12: the counters ``oid`` enters with (kind -> number), by this module's reading alone.

    The same reading as ``check_entry`` (``counter_totals``), asked for the number rather than about a
    claimed one: ``proofs.steps`` derives each step's board with it. Raises NotEncodable when the
    board is not read in full, or when the number is not the same under every order the rules allow.
    """
    unread = not_encoded(before) + not_encoded(after)
    if unread:
        raise NotEncodable(f"not encoded: {'; '.join(unread)}")
    definitions = [d for d in {**before.abilities, **after.abilities}.values() if d.enters_with]
    if not definitions:
        return {}
    u = build_universe(both_boards(before, after), [version])
    if u.from_words:
        raise NotEncodable("an enters-with ability on a board with text changes (612) is not encoded")
    sources = Encoding(before, version, tag="b", universe=u)
    seen = Encoding(as_it_enters(before, after, oid, version), version, tag="x", universe=u)
    totals = counter_totals(sources, seen, before, after, definitions, oid)
    solver = Bounded(rlimit)
    solver.add(sources.constraints + seen.constraints)
    if solver.check() != z3.sat:
        raise NotEncodable(f"{oid} enters: the encoding's constraints are unsatisfiable")
    model = solver.model()
    counts = {k: model.eval(t, model_completion=True).as_long() for k, t in totals.items()}
    solver.add(z3.Or([t != counts[k] for k, t in totals.items()] or [FALSE]))
    answer = solver.check()
    if answer != z3.unsat:
        raise NotEncodable(f"{oid} enters: its counters depend on an order the players choose (z3: {answer})")
    return {k: n for k, n in sorted(counts.items()) if n}


def counter_totals(
    sources: Encoding,
    seen: Encoding,
    before: Board,
    after: Board,
    definitions: list[AbilityDef],
    oid: str,
) -> dict[str, z3.ArithRef]:
    """614.1c: for one entering object, the number of counters of each kind, as a formula."""
    entering = seen.final[oid]
    gives: list[tuple[z3.BoolRef, Mapping[str, Any]]] = []
    for src, obj in sorted(before.objects.items()):
        if src == oid:
            continue
        ch = sources.final[src]
        for d in definitions:
            if not works_from(d, obj.zone):
                continue
            mine = own_definition(d, obj)  # 607.2d: its own choices
            probe = PEffect(
                key=f"{src}:{d.text}", kind="static", origin="static", parts=(), base_ts=obj.timestamp,
                source=src, definition=mine,
            )  # fmt: skip
            ctrl = ch[("ctrl", "")]
            reading = Reading(FALSE, {})
            view = View(TRUE, TRUE, reading, real(obj.timestamp), ctrl, {})
            holds = sources.condition(probe, sources.final, reading, ctrl) if d.condition is not None else TRUE
            state = {**sources.final, oid: entering}
            picks = seen.matches(mine.applies_to, oid, state, probe, view)
            gives.append((z3.And(ch.get_set("abilities", d.text), holds, picks), d.enters_with or {}))
    own = after.objects[oid]
    for d in definitions:
        if not only_itself(d.applies_to):
            continue  # 614.12: its own general ability does not apply to it
        if d.condition is not None:
            raise NotEncodable(f"a condition on an entering object's own enters-with ability ({d.text!r})")
        mine = own_definition(d, own)
        probe = PEffect(
            key=f"{oid}:{d.text}", kind="static", origin="static", parts=(), base_ts=own.timestamp,
            source=oid, definition=mine,
        )  # fmt: skip
        ctrl = entering[("ctrl", "")]
        reading = Reading(FALSE, {})
        view = View(TRUE, TRUE, reading, real(own.timestamp), ctrl, {})
        picks = seen.matches(mine.applies_to, oid, seen.final, probe, view)
        gives.append((z3.And(entering.get_set("abilities", d.text), picks), d.enters_with or {}))
    totals: dict[str, z3.ArithRef] = {}
    for when, counters in gives:
        for kind, n in counters.items():
            totals[kind] = totals.get(kind, z3.IntVal(0)) + z3.If(when, int(n), 0)
    return totals
