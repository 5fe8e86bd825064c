"""Can two rules versions be told apart? z3 searches bounded shapes for a board on which they differ.

`mtg-layers prove --observable V1 V2`: for each family of shapes (the symbolic power/toughness
shapes of ``theorems.shape_board``, then the boards of ``mtg_layers.boards.observable_shapes``),
the z3 encoding is built under both versions over one universe, and z3 is asked for a board (any
amounts and timestamp orders, for the symbolic shapes) and orders the rules allow on which some
object's characteristics (name, controller, mana value and cost, colors, types, subtypes,
supertypes, abilities, every creature type, power, toughness, face-down status) differ, or the
legend rule (704.5j) puts a different number of permanents into the graveyard. A difference that
only comes from an order a player chooses (a tie, 613.7m) is no witness: the candidate board is
made concrete and each version's outcomes are enumerated with z3; the versions differ when those
sets differ. When no shape tells them apart, the answer says which profile flags differ and, for
a flag no shape can show, why.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import z3

from proofs.crosscheck import Bounded, LimitReached, decode
from proofs.encoding import Encoding, NotEncodable
from proofs.reads import not_encoded
from proofs.sba import legend_losses
from proofs.state import differences, observable_diff
from proofs.universe import Universe, build_universe
from reference.history import same_rules
from reference.model import Board
from reference.versions import FLAGS, NotStated, RulesVersion

from ..boards.observable_shapes import FAMILIES, shapes
from .theorems import PT_KINDS, Outcome, concrete_board, describe_pt_board, shape_board

# Flags that no layer-system board can show, and why (the search says so when only they differ).
NOT_SEARCHED = {
    "token_name_adds_token": (
        "111.4 names a token as a step creates it (reference/tokens.py, step code both readings share: "
        "docs/design.md#shared); the layer system is handed the token with its name, so no board of the "
        "search differs; corpus cases that create unnamed tokens under both dates show it"
    ),
    "modal_double_faced": (
        "712.3: modal double-faced cards did not exist before 2020-09-25; the loader and the resolver refuse a "
        "board with one under the rules of before, so no board of the search has an answer under both"
    ),
    "stickers": (
        "123, 613.7k: stickers did not exist before 2022-10-07; the loader refuses a board with a sticker under the "
        "rules of before (flag stickers: false), so no board of the search has an answer under both"
    ),
    "kindred_type_name": (
        "205.2a names a card type (tribal or kindred); the step code writes the word of the day on the board "
        "(reference.case.board_at), and the layers treat both words alike"
    ),
    "entry_sees_existing_effects": (
        "614.12 decides the counters a permanent enters with, as a step puts it onto the battlefield (reference.entry, "
        "proofs.entry); the search's boards have no entering permanent, so none differs; the corpus case "
        "ruling-arcane-adaptation-metallic-mimic-2017 declares both days and shows it"
    ),
}
# A flag whose null value (the version states nothing) leaves some boards without an answer.
NOT_STATED = {
    "back_face_mana_value": "double-faced cards did not exist (202.3b): a board with one has no answer then",
    "double_faced_token_copies": "the version states nothing about token copies of double-faced permanents (707.8a)",
    "legend_rule": "the version states no legend rule (704.5j)",
    "token_name_adds_token": "the version states no name for unnamed tokens (111.4)",
}
OUTCOME_LIMIT = 16


@dataclass
class ShapeResult:
    """What one shape gave: a witness, nothing, a tie only, or why it was not asked."""

    family: str
    label: str
    status: str  # witness | same | tie | not encodable | unknown
    seconds: float
    lines: list[str] = field(default_factory=list)
    board: Board | None = None  # the concrete witness board


def _encodings(board: Board, v1: RulesVersion, v2: RulesVersion) -> tuple[Universe, Encoding, Encoding]:
    """613.1: the encoding of one board under both versions, over one universe (their terms line up)."""
    u = build_universe(board, [v1, v2])
    return u, Encoding(board, v1, tag="o1", universe=u), Encoding(board, v2, tag="o2", universe=u)


def _apart(u: Universe, e1: Encoding, e2: Encoding) -> list[z3.BoolRef]:
    """109.3, 704.5j: formulas each true when the two encodings end apart (a characteristic, or the legend rule)."""
    terms = [t for o in e1.objects for _, t in differences(u, e1.final[o], e2.final[o])]
    l1, l2 = legend_losses(e1), legend_losses(e2)
    if l1 is not None and l2 is not None:
        terms.append(l1 != l2)
    return terms


def outcomes(board: Board, version: RulesVersion, u: Universe, tag: str) -> set[str]:
    """613.7m and the rest: every final state (and legend-rule count) the rules allow on a concrete board, as JSON."""
    enc = Encoding(board, version, tag=tag, universe=u)
    loss = legend_losses(enc)
    solver = Bounded()
    solver.add(enc.constraints)
    seen: set[str] = set()
    while len(seen) < OUTCOME_LIMIT and solver.check() == z3.sat:
        model = solver.model()
        result = {o: decode(u, model, enc.final[o]) for o in enc.objects}
        lost = model.eval(loss, model_completion=True).as_long() if loss is not None else None
        seen.add(json.dumps({"objects": result, "legend_rule_losses": lost}, sort_keys=True))
        block = [t for o in enc.objects for _, t in observable_diff(u, enc.final[o], result[o])]
        if loss is not None:
            block.append(loss != lost)
        solver.add(z3.Or(block))
    return seen


def _what_differs(a: set[str], b: set[str]) -> list[str]:
    """The object fields whose values differ between two sets of outcomes, with the values under each."""
    la, lb = [json.loads(x) for x in sorted(a)], [json.loads(x) for x in sorted(b)]
    out = []
    first = la[0] if la else lb[0]
    for oid in sorted(first["objects"]):
        for f in sorted(first["objects"][oid]):
            va = sorted({json.dumps(x["objects"][oid][f]) for x in la})
            vb = sorted({json.dumps(x["objects"][oid][f]) for x in lb})
            if va != vb:
                out.append(f"{oid}.{f}: {' or '.join(va)} vs {' or '.join(vb)}")
    ga = sorted({str(x["legend_rule_losses"]) for x in la})
    gb = sorted({str(x["legend_rule_losses"]) for x in lb})
    if ga != gb:
        out.append(f"permanents the legend rule puts into the graveyard: {' or '.join(ga)} vs {' or '.join(gb)}")
    return out


def check_shape(
    family: str, label: str, board: Board, side: Sequence[z3.BoolRef], v1: RulesVersion, v2: RulesVersion
) -> ShapeResult:
    """613.1-613.8, 704.5j: does some board of this shape (and order the rules allow) tell the versions apart?"""
    start = time.perf_counter()

    def done(status: str, lines: list[str]) -> ShapeResult:
        return ShapeResult(family, label, status, time.perf_counter() - start, lines)

    symbolic = bool(side)
    unread = [] if symbolic else not_encoded(board)
    if unread:
        return done("not encodable", [f"not encoded: {x}" for x in unread])
    try:
        u, e1, e2 = _encodings(board, v1, v2)
        solver = Bounded()
        solver.add(e1.constraints + e2.constraints + list(side) + [z3.Or(_apart(u, e1, e2) or [z3.BoolVal(False)])])
        found = solver.check()
        if found == z3.unsat:
            return done("same", [])
        if found != z3.sat:
            return done("unknown", [f"z3: {solver.reason_unknown()}"])
        concrete = concrete_board(board, solver.model()) if symbolic else board
        u = build_universe(concrete, [v1, v2])
        a, b = outcomes(concrete, v1, u, "w1"), outcomes(concrete, v2, u, "w2")
    except LimitReached as exc:
        return done("unknown", [str(exc)])
    except (NotEncodable, NotStated, NotImplementedError, ValueError) as exc:
        return done("not encodable", [f"{type(exc).__name__}: {exc}"])
    if a == b:  # the two finals differed only by a choice both versions leave open
        return done("tie", [f"{len(a)} outcome(s) under both versions"])
    board_text = describe_pt_board(concrete) if symbolic else board_summary(concrete)
    counts = f"{len(a)} outcome(s) under {v1.id}, {len(b)} under {v2.id}"
    found_result = done("witness", [board_text, counts, *_what_differs(a, b)])
    found_result.board = concrete
    return found_result


def board_summary(board: Board) -> str:
    """A concrete board in one line: each object (zone, controller, name, types, P/T, abilities), each effect."""
    items = []
    for oid, o in sorted(board.objects.items()):
        ch = o.printed
        pt = f" {ch.power}/{ch.toughness}" if ch.power is not None else ""
        kinds = " ".join(sorted(ch.supertypes) + sorted(ch.types) + sorted(ch.subtypes))
        extra = [f"{c.count} {c.kind}" for c in o.counters]
        extra += [f"attached to {o.attached_to}"] if o.attached_to else []
        extra += ["token"] if o.token else []
        extra += ["transformed"] if o.transformed else []
        abilities = "; ".join(sorted(ch.abilities))
        where = "" if o.zone == "battlefield" else f" in {o.zone}"
        items.append(
            f"{oid}{where} ({ch.controller}, ts {o.timestamp:g}): {ch.name}, {kinds}{pt}"
            + (f", [{abilities}]" if abilities else "")
            + (f", {', '.join(extra)}" if extra else "")
        )
    for e in board.effects:
        parts = ", ".join(f"{p.op} {dict(p.args)}" for p in e.parts)
        items.append(f"effect {e.id} (ts {e.timestamp:g}) on {', '.join(e.applies_to)}: {parts}")
    if board.game:
        items.append(f"game {dict(board.game)}")
    return "board: " + " | ".join(items)


def _pt_shapes(max_effects: int) -> Iterator[tuple[str, Board, list[z3.BoolRef]]]:
    """613.4 (418.5a 6a-6e): one creature, every multiset of up to ``max_effects`` P/T effect kinds, symbolic."""
    for size in range(1, max_effects + 1):
        for kinds in itertools.combinations_with_replacement(PT_KINDS, size):
            board, side = shape_board(kinds, "a", "s")
            yield f"P/T effects {list(kinds)}", board, side


def family_ids() -> list[str]:
    """The families of shapes, in the order the search tries them."""
    return ["pt", *FAMILIES]


def _family_shapes(family: str, max_effects: int) -> Iterator[tuple[str, Board, list[z3.BoolRef]]]:
    if family == "pt":
        yield from _pt_shapes(max_effects)
        return
    for shape in shapes(family):
        yield shape.label, shape.board(), []


def covered_kinds(max_effects: int = 3, families: Sequence[str] = ()) -> list[str]:
    """What the bound covers, family by family, in words: the effect kinds of the P/T shapes and each family's
    boards (with their rules), so that a "not observable" answer says what it was about (issue 33)."""
    out = []
    for family in family_ids():
        if families and family not in families:
            continue
        if family == "pt":
            out.append(
                f"pt (613.4): one creature with up to {max_effects} P/T effects of the kinds "
                f"{', '.join(PT_KINDS)} (set 7b, modify 7c, a static modify, switch 7d, +1/+1 and -1/-1 counters)"
            )
        else:
            rules, what, _ = FAMILIES[family]
            out.append(f"{family} ({rules}): {what}")
    return out


def differing_flags(v1: RulesVersion, v2: RulesVersion) -> list[str]:
    """613.1 and the rest: the profile flags (and slots) in which two versions differ."""
    out = [f for f in FLAGS if getattr(v1, f) != getattr(v2, f)]
    if (v1.slots, v1.classification) != (v2.slots, v2.classification):
        out.insert(0, "slots and classification (613.1-613.4)")
    return out


def observable(
    v1: RulesVersion,
    v2: RulesVersion,
    max_effects: int = 3,
    families: Sequence[str] = (),
    progress: Callable[[ShapeResult], None] | None = None,
) -> Outcome:
    """Whether two rules versions can give some board of the bounded shapes different characteristics.

    ``found`` comes with the first witness (its board, what differs under each); ``proved`` means
    no shape of the searched families tells them apart (the bound and, when the versions' flags do
    differ, the reason no shape shows it); ``unknown`` when z3 gave up on a shape.
    """
    if same_rules(v1, v2):  # same slots, classification and flags: every board gets the same answers
        return Outcome("proved", "no search needed", ["the versions state the same rules"])
    chosen = [f for f in family_ids() if not families or f in families]
    tried = 0
    ties: list[str] = []
    skipped: list[str] = []
    for family in chosen:
        for label, board, side in _family_shapes(family, max_effects):
            tried += 1
            result = check_shape(family, label, board, side, v1, v2)
            if progress is not None:
                progress(result)
            if result.status == "witness":
                return Outcome(
                    "found",
                    f"{tried} shape(s) of families {', '.join(chosen)}",
                    [f"first witness: family {family}, shape {label}"],
                    witness=result.lines,
                    witness_board=result.board,
                )
            if result.status == "unknown":
                return Outcome("unknown", f"{tried} shape(s)", [f"{family} {label}: {'; '.join(result.lines)}"])
            if result.status == "tie":
                ties.append(f"{family} {label}")
            if result.status == "not encodable":
                skipped.append(f"{family} {label}: {'; '.join(result.lines)}")
    if tried and len(skipped) == tried:  # nothing was asked: no verdict
        return Outcome("unknown", f"{tried} shape(s)", ["no shape could be encoded under both versions", *skipped[:3]])
    detail = ["no shape tells the two versions apart"]
    flags = differing_flags(v1, v2)
    detail.append(f"the versions differ in: {', '.join(flags)}" if flags else "the versions state the same rules")
    for f in flags:
        if f in NOT_SEARCHED:
            detail.append(f"{f}: {NOT_SEARCHED[f]}")
        if f in NOT_STATED and None in (getattr(v1, f, ""), getattr(v2, f, "")):
            detail.append(f"{f}: under one of the versions {NOT_STATED[f]}")
    detail += [f"a choice both versions leave open, no witness: {t}" for t in ties]
    detail += [f"not asked: {s}" for s in skipped]
    bound = (
        f"{tried} shapes: families {', '.join(chosen)} (P/T: one creature, every multiset of up to {max_effects} "
        "effects, all integer amounts and timestamp orders; the others: the boards of "
        "mtg_layers/boards/observable_shapes.py)"
    )
    return Outcome("proved", bound, detail)
