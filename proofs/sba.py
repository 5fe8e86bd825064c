"""State-based actions (704.3) checked against the encoding's own final characteristics.

For one round of state-based actions a resolver claims which battlefield objects go to the
graveyard and which counters remain. z3 is asked whether any order the rules allow (the
constraints of ``proofs.encoding``) gives a final state in which another set of objects
would go: a creature with toughness 0 or less (704.5f), or a legendary permanent sharing
its name with another one (704.5j, in the form the rules profile states: "choose", from
2013, counts only legends of the same controller and keeps the named one; "all", before,
counts every controller's and keeps none), or an Aura attached to a permanent its enchant
ability does not allow, to nothing, or while it is a creature (704.5m, 702.5a, 303.4d); and which
Equipment and Fortifications become unattached (704.5n: attached to a permanent that is no
creature, or no land, or being creatures themselves, 301.5c, 301.6). 704.5q (+1/+1 and -1/-1
counters) needs no characteristics: it is computed here from the board. A Role goes when the same player
controls a Role with a later timestamp attached to the same permanent (704.5y, 303.7a).

Written from the rules; nothing here calls the resolver's state-based actions.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

import z3

from reference.model import Board
from reference.versions import RulesVersion

from .crosscheck import RLIMIT, BoardCheck, Bounded
from .encoding import Encoding, NotEncodable
from .reads import not_encoded
from .state import Obj

# 110.4: the card types of permanents, which an enchant ability may name ("permanent": any of them)
_PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")


def _enchants(wording: str) -> tuple[str, ...] | None:
    """702.5a: the card types an enchant ability names ("enchant land or creature"), None if not one read here."""
    head, _, rest = wording.partition(" ")
    if head != "enchant":
        return None
    names = tuple(w for w in rest.replace(",", " ").split() if w not in ("or", "and"))
    if not names or not set(names) <= {*_PERMANENT_TYPES, "permanent"}:
        return None
    return names


def _attachment_rules(enc: Encoding, oid: str, target: str | None) -> tuple[z3.BoolRef, z3.BoolRef, z3.BoolRef]:
    """704.5m-n: (the Aura goes, the Equipment or Fortification falls off, an Aura with no enchant ability read)."""
    ch = enc.final[oid]
    held: Obj | None = enc.final[target] if target is not None else None
    aura = ch.get_set("subtypes", "aura")
    creature = ch.get_set("types", "creature")  # 303.4d, 301.5c, 301.6: a creature holds on to nothing
    options = [(a, names) for a in enc.u.abilities if (names := _enchants(a)) is not None]
    has_enchant = z3.Or([ch.get_set("abilities", a) for a, _ in options] or [z3.BoolVal(False)])
    if held is None:
        allowed: z3.BoolRef = z3.BoolVal(False)
        equip_ok: z3.BoolRef = z3.BoolVal(False)
        fort_ok: z3.BoolRef = z3.BoolVal(False)
    else:
        allowed = z3.Or(
            [
                z3.And(
                    ch.get_set("abilities", a),
                    z3.BoolVal(True) if "permanent" in names else z3.Or([held.get_set("types", t) for t in names]),
                )
                for a, names in options
            ]
            or [z3.BoolVal(False)]
        )
        equip_ok = z3.And(z3.Not(creature), held.get_set("types", "creature"))
        fort_ok = z3.And(z3.Not(creature), held.get_set("types", "land"))
    unread = z3.And(aura, z3.Not(creature), z3.BoolVal(held is not None), z3.Not(has_enchant))
    goes = z3.And(aura, z3.Not(unread), z3.Not(z3.And(z3.Not(creature), allowed)))
    equipment = ch.get_set("subtypes", "equipment")
    fortification = ch.get_set("subtypes", "fortification")
    attached = z3.BoolVal(enc.board.objects[oid].attached_to is not None)
    falls = z3.And(
        z3.Not(aura),
        attached,
        z3.Or(
            z3.And(equipment, z3.Not(equip_ok)),
            z3.And(z3.Not(equipment), fortification, z3.Not(fort_ok)),
        ),
    )
    return goes, falls, unread


def counters_after(board: Board) -> dict[str, dict[str, int]]:
    """704.5q: each battlefield object's counts by kind after +1/+1 and -1/-1 counters annihilate."""
    out: dict[str, dict[str, int]] = {}
    for oid, obj in board.objects.items():
        if obj.zone != "battlefield":
            continue
        counts: dict[str, int] = {}
        for c in obj.counters:
            counts[c.kind] = counts.get(c.kind, 0) + c.count
        n = min(counts.get("+1/+1", 0), counts.get("-1/-1", 0))
        for kind in ("+1/+1", "-1/-1"):
            if kind in counts:
                counts[kind] -= n
        out[oid] = {k: v for k, v in counts.items() if v > 0}
    return out


def dying(
    enc: Encoding, version: RulesVersion, keeps: tuple[str, ...]
) -> tuple[dict[str, z3.BoolRef], dict[str, z3.BoolRef], list[z3.BoolRef], list[z3.BoolRef]]:
    """704.5f, 704.5j, 704.5m-n, 704.5y: per permanent, when it goes to the graveyard and when it becomes
    unattached; when an unstated legend rule matters; when an Aura's enchant ability is not one read here."""
    board = enc.board
    legend = version.legend_rule
    dies: dict[str, z3.BoolRef] = {}
    falls_off: dict[str, z3.BoolRef] = {}
    unread_auras: list[z3.BoolRef] = []
    unstated: list[z3.BoolRef] = []
    for oid in enc.battlefield:
        ch = enc.final[oid]
        creature = ch.get_set("types", "creature")
        zero = z3.And(creature, z3.Or(ch[("tn", "")], ch[("t", "")] <= 0))  # 704.5f
        # 704.5j: from 2013 ("choose") the other legend must have the same controller; before ("all"),
        # same-name legends go whoever controls them (420.5e, then 704.5k)
        same = [
            z3.And(
                enc.final[other].get_set("supertypes", "legendary"),
                enc.final[other][("name", "")] == ch[("name", "")],
                z3.BoolVal(True) if legend == "all" else enc.final[other][("ctrl", "")] == ch[("ctrl", "")],
            )
            for other in enc.battlefield
            if other != oid
        ]
        shares = z3.And(
            ch.get_set("supertypes", "legendary"), ch[("name", "")] >= 0, z3.Or(same or [z3.BoolVal(False)])
        )
        if legend is None:
            unstated.append(shares)
            rule: z3.BoolRef = z3.BoolVal(False)
        elif legend == "all" or oid not in keeps:
            rule = shares
        else:
            rule = z3.BoolVal(False)
        target = board.objects[oid].attached_to
        goes, falls, unread = _attachment_rules(enc, oid, target if target in enc.battlefield else None)
        unread_auras.append(unread)
        dies[oid] = z3.Or(zero, rule, goes, _role_replaced(enc, board, oid))
        falls_off[oid] = z3.And(falls, z3.Not(dies[oid]))
    return dies, falls_off, unstated, unread_auras


def check_round(
    board: Board,
    version: RulesVersion,
    removed: set[str],
    counters: Mapping[str, Mapping[str, int]],
    keeps: tuple[str, ...],
    rlimit: int = RLIMIT,
    unattached: set[str] | None = None,
) -> BoardCheck:
    """704.3: is the claimed round (objects put into the graveyard or unattached, counters left) the only one?"""
    freed = unattached or set()
    start = time.perf_counter()

    def done(check: BoardCheck) -> BoardCheck:
        check.seconds = time.perf_counter() - start
        return check

    unread = not_encoded(board)
    if unread:  # the encoding does not read all of this board: never a verdict on it
        return done(BoardCheck("not encoded", [f"not encoded: {x}" for x in unread]))
    try:
        enc = Encoding(board, version)
    except (NotEncodable, NotImplementedError, ValueError) as exc:
        return done(BoardCheck("not encodable", [str(exc)]))
    want_counters = counters_after(board)
    for oid in enc.battlefield:
        if oid in removed:
            continue
        if dict(counters.get(oid, {})) != want_counters.get(oid, {}):
            mine, theirs = want_counters.get(oid), dict(counters.get(oid, {}))
            return done(BoardCheck("counterexample", [f"{oid}: counters after 704.5q {mine}, resolver {theirs}"]))
    dies, falls_off, unstated, unread_auras = dying(enc, version, keeps)
    solver = Bounded(rlimit)
    solver.add(enc.constraints)
    if solver.check() != z3.sat:
        return done(BoardCheck("vacuous", ["the encoding's constraints are unsatisfiable"]))
    if unstated:
        solver.push()
        solver.add(z3.Or(unstated))
        if solver.check() != z3.unsat:
            return done(BoardCheck("not encodable", [f"704.5j: rules version {version.id} states no legend rule"]))
        solver.pop()
    solver.push()
    solver.add(z3.Or(unread_auras or [z3.BoolVal(False)]))
    if solver.check() != z3.unsat:
        return done(BoardCheck("not encodable", ["704.5m: an Aura with no enchant ability read here (702.5a)"]))
    solver.pop()
    wrong = [d != z3.BoolVal(oid in removed) for oid, d in dies.items()]
    wrong += [f != z3.BoolVal(oid in freed) for oid, f in falls_off.items()]
    solver.add(z3.Or(wrong or [z3.BoolVal(False)]))
    answer = solver.check()
    if answer == z3.unsat:
        return done(BoardCheck("verified"))
    if answer != z3.sat:
        return done(BoardCheck("unknown", [f"state-based actions: {solver.reason_unknown()}"]))
    model = solver.model()
    gone = sorted(o for o, d in dies.items() if z3.is_true(model.eval(d, model_completion=True)))
    off = sorted(o for o, f in falls_off.items() if z3.is_true(model.eval(f, model_completion=True)))
    info = (
        f"704.3: z3 puts {gone} into the graveyard and unattaches {off}, "
        f"the resolver {sorted(removed)} and {sorted(freed)}"
    )
    return done(BoardCheck("counterexample", [info]))


def _role_replaced(enc: Encoding, board: Board, oid: str) -> z3.BoolRef:
    """303.7a, 704.5y: a Role attached to a permanent on which the same player controls a Role with a later
    timestamp goes to its owner's graveyard."""
    host = board.objects[oid].attached_to
    if host not in enc.battlefield:
        return z3.BoolVal(False)
    ch = enc.final[oid]
    newer = [
        z3.And(enc.final[o].get_set("subtypes", "role"), enc.final[o][("ctrl", "")] == ch[("ctrl", "")])
        for o in enc.battlefield
        if o != oid
        and board.objects[o].attached_to == host
        and board.objects[o].timestamp > board.objects[oid].timestamp
    ]
    return z3.And(ch.get_set("subtypes", "role"), z3.Or(newer or [z3.BoolVal(False)]))


def legend_losses(enc: Encoding) -> z3.ArithRef | None:
    """704.5j: how many legendary permanents the legend rule puts into the graveyard, in the form the profile states.

    "all" (420.5e, then 704.5k to 2013): every legendary permanent that shares its name with another,
    whoever controls it. "choose" (from 2013-07-13): for each player and name, all but the one that
    player keeps, counted here as every such legend but the first in the board's order (which one a
    player keeps changes which goes, not how many). None: the profile states no legend rule.
    """
    legend = enc.version.legend_rule
    if legend is None:
        return None
    order = list(enc.battlefield)
    gone = []
    for i, oid in enumerate(order):
        ch = enc.final[oid]
        others = order if legend == "all" else order[:i]
        same = [
            z3.And(
                enc.final[o].get_set("supertypes", "legendary"),
                enc.final[o][("name", "")] == ch[("name", "")],
                z3.BoolVal(True) if legend == "all" else enc.final[o][("ctrl", "")] == ch[("ctrl", "")],
            )
            for o in others
            if o != oid
        ]
        goes = z3.And(ch.get_set("supertypes", "legendary"), ch[("name", "")] >= 0, z3.Or(same or [z3.BoolVal(False)]))
        gone.append(z3.If(goes, 1, 0))
    return z3.Sum(gone) if gone else z3.IntVal(0)
