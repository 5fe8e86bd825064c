"""The layer system (613; 418.5 under pre-m10) as z3 constraints, written from the rules.

For one board and one rules version the encoding builds:

* the *potential* continuous effects (611): resolved effects (611.2, fixed set of
  objects, 611.2c), every static ability a battlefield object could have (611.3,
  604.3; with the timestamp of 613.7a), and the rules' own effects for counters
  (122.1, 613.7c) and face-down status (708.2);
* for each slot (layer or sublayer) of the version, one *position* per potential
  effect; at each position an unknown ``choice`` (which effect applies next, or none)
  and a symbolic state (``proofs.state.Obj`` per object) after it;
* constraints saying what the rules allow the choice to be: the effect exists now
  (611.3b) or already started applying (613.6), CDAs first (613.3; 613.8a(c)), it is
  *ready* -- every effect it depends on lies in its own dependency loop (613.8b) --
  and no ready effect goes strictly before it (613.7: CDA first, timestamp, then the
  tie rules 613.7a, 613.7n and a recorded 613.7m choice). Effects the rules leave tied
  follow one unknown order of the tied effects, shared by every slot, in which two
  objects' abilities never interleave (613.7m, 613.7a): every such order is allowed,
  ids never order them. Dependency (613.8a) is a formula
  over the state at that position: the encoding applies the other effect
  symbolically and compares existence, text, the set of objects and the evaluated
  instruction of the first effect before and after. Loops are strongly connected
  components, found by a symbolic transitive closure. Everything is re-evaluated at
  each position (613.8c);
* 613.6 lock-in: the set of objects (and timestamp and text) an effect had when it
  first applied are state, and later slots use them.

Two kinds of slot are encoded by one unknown *rank* per effect instead of positions (the ranks distinct, and
``a`` ranked before ``b`` whenever both apply and 613.7 puts ``a`` first, as ``_less`` reads it): the blind
settings of ``_last_writers`` (613.4b, 613.4c, 613.1e), and local slots, below.

**Local slots** (issue 28 item 14). By positions, a slot of n tied effects has n choices at each of n positions,
and proving that no order ends otherwise means refuting every interleaving: past eight effects z3 does not finish.
When the effects touch fixed objects and read nothing another writes, only the order of the effects on each object
matters. What an effect reads and writes is read off this encoding's own formulas, on a state of fresh constants
(``proofs.footprint``): it *reads* what decides whether it exists or has started to apply (611.3, 613.6), how its
words read (612), its timestamp and the player whose timestamp it is (613.7a, 613.7m), its controller (109.4),
the objects it applies to (611.3a) and the evaluated instruction it applies to each (613.8a); it *writes* the
terms its parts change on the objects it may apply to (613.1). ``_local_phases`` then reads the slot in three steps.

1. *Effects that never apply.* An effect applies in a slot only while it exists or has started to apply (611.3b,
   613.6). One that does not exist at the slot's start comes to exist only when an effect applied in the slot
   changes what its existence reads; as long as none of those that may apply writes it, it stays absent. Nor does
   it come to exist when what it reads is one object's, written only by local effects (step 2), and it exists after
   no sequence of their instructions on that object (the text changes of 612 rewrite an object's wordings: every
   object may have every wording, and few of those wordings can ever be made). Positions would never choose such an
   effect: it is left out, and so are the positions it would have taken.
2. *Local effects.* An effect is local when nothing it reads is written by another effect that may apply in the
   slot (what it writes itself no longer matters once it has applied: it applies once, 613.6). Applying another
   effect then never changes its existence, its text, the objects it applies to or what it does, so it depends on
   none (613.8a), nothing holds it back (613.8b), and its place follows from 613.7 alone: timestamps, 613.7a's
   relative order, 613.7n, APNAP order between two players' objects (613.7m, read from the controllers no other
   effect of the slot changes) and a recorded choice; what no rule decides follows the one open order of the tied
   effects, the same in every slot, in which two objects' abilities never interleave (``_one_tie_order``). When
   every effect that may apply is local, the orders positions allow are the sequences in which no effect comes after
   one that 613.7 puts after it: the ranks. Each instruction is fixed and changes only the objects it applies to,
   so an object ends as its start state taken through the effects that apply to it, in the order of their ranks;
   the effects on other objects do not matter to it. ``_local`` gives each object one step per effect on it (an
   effect's place: how many of them have a lower rank), k steps of k choices for an object with k effects instead
   of n of n; one rank per effect keeps every object's order one global order (a tie between two objects' effects
   is one order for both).
3. *Local effects first.* When some effects are not local (an object's own ability that the slot's other effects
   take away, 613.1f), the local ones go first when each one's timestamp is known at the slot's start and earlier
   than every other one's object's or effect's timestamp (a static ability's timestamp is never earlier than its
   object's, 613.7a): while one local effect is left it is ready and goes before every other (613.7), so all of
   them apply before any of the rest. The rest are then read as a slot of their own, from the state the local ones
   left (steps 1 to 3 again).

Otherwise the slot goes by positions (without the effects of step 1): when a characteristic-defining ability may
apply (613.3 orders it by another rule), when no effect is local, or when the local ones need not go first. Copy
effects, face-down status and a text that replaces a whole text (707.2, 708.2, 612.6) write every characteristic,
so the effects of any object they reach are not local; a filter or a value that reads the board reads every term it
names. The argument reads the rules and this encoding's formulas only; it is not the resolver's reduction of tied
orders (``reference_optimized``), and nothing of it is imported here.

Nothing here calls the resolver's layer loop, dependency or operation functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import pairwise
from typing import Any

import z3

from reference.model import AbilityDef, Board, FrozenMap, Part
from reference.versions import RulesVersion, Slot

from . import footprint
from .choices import own_definition
from .footprint import Cell
from .game_state import FIELDS as GAME_FIELDS
from .game_state import apnap_places, player_number, your_turn
from .state import (
    FALSE,
    TRUE,
    Obj,
    all_of,
    any_of,
    apply_op,
    conj,
    constant,
    differ,
    disj,
    equal,
    implies,
    integer,
    is_creature_type,
    is_false,
    is_true,
    less_than,
    neg,
    number,
    real,
    same,
    settled,
    when,
)
from .state import ite as _ite_obj
from .stickers import sticker_parts
from .universe import Universe, build_universe
from .vocabulary import OPERATION_KIND, activated, keyword_counters_on
from .words import (
    WORD_KEYS,
    copy_source_values,
    entered,
    face_down_values,
    merge_args,
    own_values,
    symbols_of,
    words_in,
)

PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")
VALUE_KEYS = ("power", "toughness")
SET_ARG_KEYS = ("types", "subtypes", "supertypes", "colors", "abilities")


class NotEncodable(Exception):
    """The board uses something the encoding cannot express."""


@dataclass(frozen=True)
class PEffect:
    """A potential continuous effect: it may or may not exist at a given point."""

    key: str
    kind: str  # resolved | static | rule
    origin: str  # resolved | static | cda | rule
    parts: tuple[Part, ...]
    base_ts: Any
    targets: tuple[str, ...] | None = None
    controller: str | None = None
    source: str | None = None
    definition: AbilityDef | None = None
    granted: bool = False  # 612.3: the granted (never text-changed) copy of a static ability
    # 113.2c: beside the ability as defined, a second rules-text instance whose words a text change made this
    reads: str | None = None

    @property
    def cda(self) -> bool:
        """604.3: from a characteristic-defining ability."""
        return self.origin == "cda"


def _bool(x: bool) -> z3.BoolRef:
    """The constant true or false (z3 shares them: no new term)."""
    return TRUE if x else FALSE


def _neg(x: z3.BoolRef) -> z3.BoolRef:
    """Not, folding constants."""
    return neg(x)


Numbers = frozenset[Fraction]


def _values_of(x: z3.ArithRef, values: Callable[[z3.ArithRef], Numbers | None]) -> Numbers | None:
    """The numbers ``x`` can stand for: itself if a number, its branches' (read by ``values``) if an if-then-else
    whose branches are numbers or such; else None."""
    n = number(x)
    if n is not None:
        return frozenset((n,))
    if not z3.is_app_of(x, z3.Z3_OP_ITE):
        return None
    then, other = values(x.arg(1)), values(x.arg(2))
    return None if then is None or other is None else then | other


def _conj(items: list[z3.BoolRef]) -> z3.BoolRef:
    """And, folding constants: the name ``conj`` is a local list in ``matches``."""
    return conj(items)


@dataclass
class Reading:
    """How an effect's words read now (612): through its source's text changes, or as printed."""

    active: z3.BoolRef
    wmap: Mapping[str, z3.ArithRef]
    # alts per text, built once per reading (a filter is read for every object; issue 13)
    memo: dict[str, list[tuple[z3.BoolRef, str]]] = field(default_factory=dict, compare=False, repr=False)

    def alts(self, u: Universe, text: str) -> list[tuple[z3.BoolRef, str]]:
        """612.2: each wording ``text`` may read as through the text changes, with the condition under which it does."""
        if not u.from_words or is_false(self.active) or not words_in(text, u.from_words):
            return [(TRUE, text)]
        if text not in self.memo:
            self.memo[text] = self._alts(u, text)
        return self.memo[text]

    def _alts(self, u: Universe, text: str) -> list[tuple[z3.BoolRef, str]]:
        """612.2: the wordings the text changes can make of ``text``, each with its condition (unchanged: none)."""
        out: dict[str, list[z3.BoolRef]] = {text: [_neg(self.active)]}
        for mapping, result in u.variants(text):
            cond = [self.wmap[f] == u.words.index(img) for f, img in mapping.items()]
            out.setdefault(result, []).append(_conj([self.active, *cond]))
        return [(disj(cs), s) for s, cs in out.items()]


PLAIN = Reading(FALSE, {})


@dataclass
class Lock:
    """613.6: what an effect had when it started to apply (its objects, timestamp and text)."""

    started: z3.BoolRef
    targets: dict[str, z3.BoolRef]
    ts: z3.ArithRef
    active: z3.BoolRef
    wmap: dict[str, z3.ArithRef]
    granted: z3.BoolRef = FALSE  # 613.7a: the ability was granted (its grant orders timestamp ties)
    grant_ts: z3.ArithRef = field(default_factory=lambda: z3.RealVal(0))


@dataclass
class View:
    """An effect as it is at one state: live, reading, timestamp, controller, objects."""

    exists: z3.BoolRef
    live: z3.BoolRef
    reading: Reading
    ts: z3.ArithRef
    controller: z3.ArithRef
    targets: dict[str, z3.BoolRef]
    granted: z3.BoolRef = FALSE
    grant_ts: z3.ArithRef = field(default_factory=lambda: z3.RealVal(0))


@dataclass
class Position:
    """One application step of a slot: the unknown choice and the effects it chooses among."""

    slot: str
    index: int
    choice: z3.ArithRef
    effects: list[PEffect]
    before: dict[str, Obj]
    dep: dict[tuple[str, str], z3.BoolRef] = field(default_factory=dict)
    in_group: dict[str, z3.BoolRef] = field(default_factory=dict)
    done: dict[str, z3.BoolRef] = field(default_factory=dict)


@dataclass
class Ranked:
    """Effects of a slot encoded by one unknown rank each (``_last_writers``, ``_local``), and whether each applies."""

    slot: str
    effects: list[PEffect]
    rank: dict[str, z3.ArithRef]
    live: dict[str, z3.BoolRef]


COMPARATORS = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
}


class Encoding:
    """The constraints of the layer process for one board under one rules version.

    ``mutations`` switch rules off to build a deliberately wrong *encoding* (used by
    the theorems); the cross-check always uses the full rules.
    """

    # Whether formulas already built are kept and given again (``_recall``); off, each is built again (the tests
    # compare the two builds term by term: a kept formula is the one building it again gives)
    remember = True

    def __init__(
        self,
        board: Board,
        version: RulesVersion,
        tag: str = "e",
        universe: Universe | None = None,
        tie_ranks: dict[str, z3.ArithRef] | None = None,
    ) -> None:
        """613.1, 613.6, 613.7m: every zone's objects from their own values, a 613.6 lock per static effect, then the
        layers; with ``tie_ranks``, the open order of the tied effects is that one, shared with other encodings, and
        so are the unknown seats of APNAP order (101.4)."""
        self.board = board
        self.version = version
        # 122.1b: the keyword counters of the version's date, read by the encoding itself
        self.keyword_counters = keyword_counters_on(version.in_force_from)
        self.tag = tag
        if not getattr(version, "dependent_waits_in_timestamp_order", True):
            raise NotEncodable("613.8b read as 'a dependent effect applies at once' (flag off) is not encoded")
        if getattr(version, "loop_ignores_dependency", False):
            raise NotEncodable("613.8b's literal loop reading (flag loop_ignores_dependency) is not encoded")
        self.u = universe or build_universe(board, [version])
        self.battlefield = board.on_battlefield()
        # 613.1: the layer system determines the characteristics of objects in every zone
        self.objects: tuple[str, ...] = tuple(sorted(board.objects))
        # Objects outside the battlefield change only through a characteristic-defining ability of
        # their own (604.3) or a static ability whose text names their zone (611.3a); the others keep
        # their printed values and stay constants (which keeps boards with full graveyards small).
        reaching = any(_names_zone_off_battlefield(d.applies_to) for d in board.abilities.values())
        # 113.6b, 114.4: a zone some ability says it works from ("as long as this card is in your graveyard", an
        # emblem's command zone): its objects may generate effects, so they are followed too
        working = {z for d in board.abilities.values() for z in (d.functions_in or ())}
        self.live: tuple[str, ...] = tuple(
            i
            for i in self.objects
            if board.objects[i].zone == "battlefield"
            or board.objects[i].zone in working
            or reaching
            or any(a in board.abilities and board.abilities[a].cda for a in board.objects[i].printed.abilities)
            or bool(board.objects[i].stickers)  # 123.5-123.8: a sticker's effect applies in every public zone
        )
        self.constraints: list[z3.BoolRef] = []
        # 613.7m (from 2020): each player's place in APNAP order, read from the profile's flag and the game state
        self.apnap = getattr(version, "simultaneous_timestamps", "apnap") == "apnap"
        self.places: dict[str, z3.ArithRef] = {}
        if self.apnap:
            self.places, seating = apnap_places(board.game, self.u.players, "shared" if tie_ranks is not None else tag)
            self.constraints.extend(seating)
        self.positions: list[Position] = []
        # 613.7: the positions and the parts of slots encoded by one rank per effect (``_last_writers``,
        # ``_local``), in the order they apply
        self.sequence: list[Position | Ranked] = []
        self.probe: footprint.Probe | None = None
        self.copy_cache: dict[Any, dict[str, Any]] = {}
        # Formulas already built, by what they read (a term of the same inputs is the same term: z3 shares
        # equal terms, so a kept one is what building it again would give). Each entry holds its inputs, so
        # that the identities in its key stay theirs while the encoding lives.
        self.memo: dict[tuple[Any, ...], tuple[Any, tuple[Any, ...]]] = {}
        # ``_values`` of each term read, by its node (the term held beside it)
        self.values_seen: dict[int, tuple[Numbers | None, z3.ArithRef]] = {}
        self.effects = self._potential_effects()
        self.others: dict[str, Obj] = {
            i: constant(self.u, own_values(o, version)) for i, o in board.objects.items() if i not in self.live
        }
        self.initial: dict[str, Obj] = {i: constant(self.u, own_values(board.objects[i], version)) for i in self.live}
        self.locks: dict[str, Lock] = {}
        for e in self.effects:
            if e.kind == "static":
                self.locks[e.key] = Lock(
                    FALSE,
                    {o: FALSE for o in self.live},
                    real(0),
                    FALSE,
                    {w: z3.IntVal(self.u.words.index(w)) for w in self.u.from_words},
                )
        # 613.7m, 613.7a: one unknown order of the tied effects, read by every slot (``_tie_before``); given, the
        # one order of several encodings (the boards one step reads: ``proofs.open_entry``), whose caller makes the
        # ranks distinct across all of them
        self.shared_ranks = tie_ranks is not None
        self.tie_ranks: dict[str, z3.ArithRef] = {} if tie_ranks is None else tie_ranks
        self.final = self._encode()
        self.constraints.extend(self._one_tie_order())
        self.final.update({i: self.others[i] for i in self.objects if i not in self.final})

    # --- effects (611) ---------------------------------------------------------------------------

    def _potential_effects(self) -> list[PEffect]:
        """611.2c, 611.3, 613.7a: resolved effects, the static abilities objects could have, and the rules' own."""
        board, u = self.board, self.u
        out: list[PEffect] = []
        for e in board.effects:
            out.append(
                PEffect(
                    key=e.id,
                    kind="resolved",
                    origin="resolved",
                    parts=e.parts,
                    base_ts=e.timestamp,
                    targets=tuple(t for t in e.applies_to if t in self.battlefield),
                    controller=e.controller,
                    source=e.source,
                )
            )
        gainable: set[str] = set()
        granted_exact: set[str] = set()
        for p in [p for e in board.effects for p in e.parts] + [p for d in board.abilities.values() for p in d.parts]:
            if p.op == "add_abilities":
                granted_exact.update(p.args["abilities"])
                for s in p.args["abilities"]:
                    gainable.update(t for _, t in (u.variants(s) if u.from_words else [({}, s)]))
            elif p.op == "copy_of":
                for e in board.effects:
                    if any(q is p for q in e.parts):
                        gainable.update(self._copy_values(p.args, e.timestamp)["abilities"])
            elif p.op == "face_down":
                gainable.update(p.args.get("abilities", ()))
        self.granted_exact = granted_exact
        reach = None if u.from_words else self._reachable_abilities()  # None: any object may gain any of them
        for oid in self.live:
            obj = board.objects[oid]
            possible = set(entered(obj).abilities) | (gainable if reach is None else reach[oid]) | _merged_in(obj)
            if obj.face_down:
                possible |= set(obj.face_down_values.get("abilities", ()))
            possible |= {c.kind for c in obj.counters if c.kind in self.keyword_counters}
            possible |= {str(st.ability) for st in obj.stickers if st.kind == "ability"}  # 123.7
            if u.from_words:
                possible = set(u.abilities)
            for d in (own_definition(x, obj) for x in board.abilities.values()):  # 607.2d: its own choices
                if not _works_from(d, obj.zone):
                    continue  # 113.6, 604.3: elsewhere only CDAs, and abilities that say they work there (113.6b)
                if d.text in possible or any(t in possible for _, t in (u.variants(d.text) if u.from_words else [])):
                    # 612.3: the rules-text copy of the ability, and (if some effect can grant
                    # this wording) the granted copy, which text changes never reach
                    for granted in (False, True) if d.text in granted_exact else (False,):
                        out.append(
                            PEffect(
                                key=f"{oid}:{d.text}" + (" (granted)" if granted else ""),
                                kind="static",
                                # 604.3a(2), (4): granted by an effect, never a CDA, whatever its wording
                                origin="cda" if d.cda and not granted else "static",
                                parts=d.parts,
                                base_ts=obj.timestamp,
                                source=oid,
                                definition=d,
                                granted=granted,
                            )
                        )
                    for w in self._second_instances(d):
                        out.append(
                            PEffect(
                                key=f"{oid}:{d.text} (reads {w!r})",
                                kind="static",
                                origin="cda" if d.cda else "static",
                                parts=d.parts,
                                base_ts=obj.timestamp,
                                source=oid,
                                definition=d,
                                reads=w,
                            )
                        )
            for mg in obj.merges:  # 721.2a, 729.2: each merge, a copiable effect timestamped when it merged
                out.append(
                    PEffect(
                        key=f"merge:{oid}:{mg.component.id}",
                        kind="rule",
                        origin="rule",
                        parts=(Part("merge", FrozenMap(merge_args(mg))),),
                        base_ts=mg.timestamp,
                        targets=(oid,),
                    )
                )
            for n, ts, part in sticker_parts(obj):  # 123.6-123.8, 613.7k: the rules' effect of each sticker
                key = f"sticker:{oid}:{n}"
                out.append(PEffect(key=key, kind="rule", origin="rule", parts=(part,), base_ts=ts, targets=(oid,)))
            if obj.face_down:
                out.append(
                    PEffect(
                        key=f"face-down:{oid}",
                        kind="rule",
                        origin="rule",
                        parts=(Part("face_down", obj.face_down_values),),
                        base_ts=obj.timestamp,
                        targets=(oid,),
                    )
                )
            kinds: dict[str, int] = {}
            for c in obj.counters:
                m = PT_COUNTER.match(c.kind)
                if m:
                    count = integer(c.count)
                    part = Part("counter_pt", FrozenMap({"power": int(m[1]) * count, "toughness": int(m[2]) * count}))
                elif c.kind in self.keyword_counters:
                    part = Part("counter_keyword", FrozenMap({"ability": c.kind}))
                else:
                    continue
                n = kinds.get(c.kind, 0)
                kinds[c.kind] = n + 1
                key = f"counters:{oid}:{c.kind}" + (f"#{n}" if n else "")
                out.append(
                    PEffect(key=key, kind="rule", origin="rule", parts=(part,), base_ts=c.timestamp, targets=(oid,))
                )
        return out

    def _reachable_abilities(self) -> dict[str, set[str]] | None:
        """The wordings each object in the layer process could ever have, gained from an effect that could reach it.

        A fixpoint over the board: printed abilities, keyword counters and face-down values;
        then each granting part of a resolved effect (its fixed objects, 611.2c) or of a static
        ability some object could have (the objects its filter could ever match: only the keys
        that read the board, not the state, can rule an object out). Without it every object
        gets a potential effect for every grantable static ability, and the encoding grows with
        their product (issue 13).
        """
        board = self.board
        reach: dict[str, set[str]] = {}
        for oid in self.live:
            obj = board.objects[oid]
            reach[oid] = (
                set(entered(obj).abilities)
                | {c.kind for c in obj.counters if c.kind in self.keyword_counters}
                | _merged_in(obj)
                | {str(st.ability) for st in obj.stickers if st.kind == "ability"}  # 123.7
            )
            if obj.face_down:
                reach[oid] |= set(obj.face_down_values.get("abilities", ()))

        def granted_by(p: Part, began: Any) -> set[str]:
            if p.op == "add_abilities":
                return set(p.args["abilities"])
            if p.op == "add_activated_abilities_of":  # 113.3b: any activated wording of the board
                return {x for x in self.u.abilities if activated(x)}
            if p.op == "full_text_of":  # 612.6: the rules text of any card off the battlefield, and the plus
                off = (o for o in board.objects.values() if o.zone != "battlefield")
                return set(p.args.get("plus", ())).union(*(entered(o).abilities for o in off))
            if p.op == "copy_of":
                return set(self._copy_values(p.args, began)["abilities"]) if began is not None else set()
            if p.op == "face_down":
                return set(p.args.get("abilities", ()))
            return set()

        for e in board.effects:
            for p in e.parts:
                gained = granted_by(p, e.timestamp)
                for t in e.applies_to:
                    if t in reach:
                        reach[t] |= gained
        changed = True
        while changed:
            changed = False
            for d in board.abilities.values():
                gained = set().union(*(granted_by(p, None) for p in d.parts)) if d.parts else set()
                if any(p.op == "copy_of" for p in d.parts):
                    return None  # a static copy effect: keep every grantable wording possible everywhere
                if not gained:
                    continue
                for src in self.live:
                    if d.text not in reach[src] or not _works_from(d, board.objects[src].zone):
                        continue
                    for o in self.live:
                        if not gained <= reach[o] and _could_match(board, d.applies_to, o, src) is not False:
                            reach[o] |= gained
                            changed = True
        return reach

    def _copy_values(self, args: Mapping[str, Any], began: Any, copier: str | None = None) -> dict[str, Any]:
        """707.2b: what a copy effect hands over; 707.8a: a double-faced token copy's values depend on
        the token's face (``copier``); without one, the abilities of either face (for reachability)."""
        card = self.board.objects.get(str(args["object"]))
        flip_card = card is not None and card.flip_face is not None  # 707.3, 710.2: the copier's status decides
        k = (id(args), began, copier if args.get("double_faced") or flip_card else None)
        if k not in self.copy_cache:
            values = copy_source_values(self.board, self.version, args, began, copier)
            if copier is None and card is not None and card.flip_face is not None:  # either half (reachability)
                values = {**values, "abilities": values["abilities"] | card.flip_face.abilities}
            if copier is None and args.get("double_faced"):
                faces = [
                    copy_source_values(self.board, self.version, args, began, t)
                    for t in self.board.objects
                    if t in self.live
                ]
                values = {
                    **values,
                    "abilities": frozenset().union(values["abilities"], *(f["abilities"] for f in faces)),
                }
            self.copy_cache[k] = values
        return self.copy_cache[k]

    def _recall(self, key: tuple[Any, ...], inputs: tuple[Any, ...], build: Callable[[], Any]) -> Any:
        """What ``build`` gives, built once per ``key``; the entry holds ``inputs`` (the objects and z3 terms whose
        identities the key names) so that no identity in a key is reused while the encoding lives."""
        if not self.remember:
            return build()
        if key not in self.memo:
            self.memo[key] = (build(), inputs)
        return self.memo[key][0]

    def parts_in(self, e: PEffect, slot: Slot) -> tuple[Part, ...]:
        """613.6: the parts of an effect that apply in this slot."""
        return tuple(p for p in e.parts if self.version.slot_of(OPERATION_KIND[p.op], e.origin) == slot.id)

    # --- a static ability's existence, reading and timestamp (611.3, 612, 613.7a) --------------------

    def _static_now(
        self, e: PEffect, st: Mapping[str, Obj]
    ) -> tuple[z3.BoolRef, Reading, z3.ArithRef, z3.BoolRef, z3.ArithRef]:
        """611.3, 612.3, 613.7a: whether a static ability exists at ``st``, how its words read, its timestamp."""
        assert e.definition is not None and e.source is not None
        ch = st[e.source]  # all it reads of the state: its source's characteristics
        return self._recall(("static_now", e.key, id(ch)), (ch,), lambda: self._static_on(e, ch))  # type: ignore[no-any-return]

    def _static_on(self, e: PEffect, ch: Obj) -> tuple[z3.BoolRef, Reading, z3.ArithRef, z3.BoolRef, z3.ArithRef]:
        """611.3, 612.3, 613.7a: ``_static_now`` read off its source's characteristics ``ch``."""
        assert e.definition is not None
        d, u = e.definition, self.u
        obj_ts = real(e.base_ts)

        def ts_of(w: str) -> z3.ArithRef:
            g = ch[("gts", w)]
            return z3.If(all_of(ch[("granted", w)], g > obj_ts), g, obj_ts)

        has_text = ch.get_set("abilities", d.text)
        wmap = {w: ch[("wmap", w)] for w in u.from_words}
        if e.reads is not None:
            # 113.2c: held beside the ability as defined (not granted), the text-changed wording, not granted
            w = e.reads
            beside = all_of(
                has_text, _neg(ch[("granted", d.text)]), ch.get_set("abilities", w), _neg(ch[("granted", w)])
            )
            exists_r = all_of(beside, ch[("ntc", "")] > 0, self._reads_as(d, w, ch))
            return exists_r, Reading(TRUE, wmap), obj_ts, FALSE, ch[("gts", w)]
        if e.granted:
            # the granted copy: the exact wording, held because an effect granted it
            exists_g = all_of(has_text, ch[("granted", d.text)])
            return exists_g, Reading(FALSE, wmap), ts_of(d.text), TRUE, ch[("gts", d.text)]
        # the rules-text copy: the exact wording when not granted, or a text-changed wording
        exact = all_of(has_text, _neg(ch[("granted", d.text)])) if self._grantable(d.text) else has_text
        present: list[tuple[z3.BoolRef, str]] = []
        if u.from_words:
            variants = {t for _, t in u.variants(d.text)}
            for w in sorted(variants):
                if w == d.text or w in self.board.abilities:
                    continue
                found = all_of(ch[("ntc", "")] > 0, self._reads_as(d, w, ch))
                # 612.3: a granted wording is as granted; no text change made it, so it reads no definition
                present.append((all_of(ch.get_set("abilities", w), _neg(ch[("granted", w)]), found), w))
        exists = disj([exact] + [c for c, _ in present])
        ts: z3.ArithRef = ts_of(d.text)
        granted: z3.BoolRef = ch[("granted", d.text)]
        grant_ts: z3.ArithRef = ch[("gts", d.text)]
        for c, w in reversed(present):
            other = conj([_neg(exact), c])
            ts = when(other, ts_of(w), ts)
            granted = when(other, ch[("granted", w)], granted)
            grant_ts = when(other, ch[("gts", w)], grant_ts)
        return exists, Reading(_neg(exact), wmap), ts, granted, grant_ts

    def condition(self, e: PEffect, st: Mapping[str, Obj], reading: Reading, ctrl: z3.ArithRef) -> z3.BoolRef:
        """611.3a: an "as long as" condition read from this state (the source is "it")."""
        assert e.definition is not None and e.source is not None
        return self._holds(e.definition.condition, e, st, reading, ctrl)

    def _holds(self, cond: Any, e: PEffect, st: Mapping[str, Obj], reading: Reading, ctrl: z3.ArithRef) -> z3.BoolRef:
        """611.3a, 711.2a: one condition, or all of a list of them, read from this state."""
        assert e.source is not None
        if isinstance(cond, Mapping) and set(cond) == {"all"}:
            return conj([self._holds(c, e, st, reading, ctrl) for c in cond["all"]])
        if isinstance(cond, Mapping) and set(cond) == {"your_turn"}:  # 102.1: proofs.game_state
            return your_turn(self.board.game, bool(cond["your_turn"]), ctrl, self.u.player)
        if not isinstance(cond, Mapping) or str(cond.get("op")) not in COMPARATORS:
            raise NotEncodable(f"condition {cond!r}")
        probe = View(TRUE, TRUE, reading, real(e.base_ts), ctrl, {})
        left = self.evaluate(cond["left"], st, e, probe, e.source)
        right = self.evaluate(cond["right"], st, e, probe, e.source)
        return COMPARATORS[str(cond["op"])](left, right)  # type: ignore[no-any-return]

    def _reads_as(self, d: AbilityDef, w: str, ch: Obj) -> z3.BoolRef:
        """612.1: the object's text changes make ``d``'s words read ``w``, and no definition listed before ``d``'s."""
        u = self.u

        def maps_to(dd: AbilityDef) -> z3.BoolRef:
            conds = [
                all_of([ch[("wmap", f)] == u.words.index(img) for f, img in mapping.items()])
                for mapping, t in u.variants(dd.text)
                if t == w
            ]
            return any_of(conds) if conds else FALSE

        catalog = list(self.board.abilities.values())
        earlier = [maps_to(dd) for dd in catalog[: catalog.index(d)]]
        return all_of(maps_to(d), _neg(any_of(earlier)) if earlier else TRUE)

    def _second_instances(self, d: AbilityDef) -> list[str]:
        """113.2c: the wordings a text change can give a second rules-text instance of ``d``, held beside ``d`` as
        defined. Only a profile applying copies or merges after text changes (not 613.1's order) adds rules text
        that an earlier text change did not reach."""
        v, u = self.version, self.u
        if not u.from_words:
            return []
        text, copy = v.slot_of("text", "resolved"), v.slot_of("copy", "resolved")
        if text is None or copy is None or v.slot_index(copy) < v.slot_index(text):
            return []
        return sorted({t for _, t in u.variants(d.text) if t != d.text and t not in self.board.abilities})

    def _grantable(self, text: str) -> bool:
        """True when some effect on the board can grant this exact wording (613.7a, 612.3)."""
        return text in getattr(self, "granted_exact", set())

    def controller_of(self, e: PEffect, st: Mapping[str, Obj]) -> z3.ArithRef:
        """109.4: "you" is the controller of the effect's source (static), else of the effect."""
        if e.kind == "static" and e.source in self.live:
            return st[e.source][("ctrl", "")]  # type: ignore[no-any-return]
        return z3.IntVal(self.u.player(e.controller))

    def view(self, e: PEffect, st: Mapping[str, Obj]) -> View:
        """611.2c, 611.3a, 613.6: the effect at ``st`` (``_view_now``), kept by what it reads: its 613.6 lock and the
        state of every object (a resolved effect or a rule's reads neither: one view)."""
        if e.kind != "static":
            return self._recall(("view", e.key), (), lambda: self._view_now(e, st))  # type: ignore[no-any-return]
        lock = self.locks[e.key]
        states = tuple(st.values())
        key = ("view", e.key, id(lock), tuple(st), *map(id, states))
        return self._recall(key, (lock, states), lambda: self._view_now(e, st))  # type: ignore[no-any-return]

    def _view_now(self, e: PEffect, st: Mapping[str, Obj]) -> View:
        """611.2c, 611.3a, 613.6: the effect at ``st``: whether it exists, how it reads, its timestamp and objects."""
        ctrl = self.controller_of(e, st)
        if e.kind != "static":
            assert e.targets is not None
            return View(TRUE, TRUE, PLAIN, real(e.base_ts), ctrl, {o: z3.BoolVal(o in e.targets) for o in self.live})
        lock = self.locks[e.key]
        exists, cur, ts, granted, grant_ts = self._static_now(e, st)
        assert e.definition is not None
        if e.definition.condition is not None:
            exists = conj([exists, self.condition(e, st, cur, ctrl)])
        reading = Reading(
            when(exists, cur.active, lock.active),
            {w: when(exists, cur.wmap[w], lock.wmap[w]) for w in self.u.from_words},
        )
        view = View(
            exists,
            disj([exists, lock.started]),
            reading,
            when(exists, ts, lock.ts),
            ctrl,
            {},
            when(exists, granted, lock.granted),
            when(exists, grant_ts, lock.grant_ts),
        )
        for o in self.live:
            view.targets[o] = self._target(e, o, st, view, lock)
        return view

    def _target(self, e: PEffect, o: str, st: Mapping[str, Obj], view: View, lock: Lock) -> z3.BoolRef:
        """611.3a, 613.6, 614.12: whether the static ability ``e`` applies to ``o`` at ``st`` (its objects locked in
        once it started to apply), ``view`` giving its controller and reading there."""
        assert e.definition is not None
        # 611.3a: a static ability reaches another zone only when its text names it; a CDA its own object anywhere
        anywhere = e.origin == "cda" or _names_zone(e.definition.applies_to)
        if self.board.objects[o].zone != "battlefield" and not anywhere:
            return FALSE
        aside = self.board.entering_aside
        if o == self.board.entering and e.source != o and (aside is None or e.source in aside):
            return FALSE  # 614.12: as it would enter, this static ability is not on it yet
        now = self.matches(e.definition.applies_to, o, st, e, view)
        return when(lock.started, lock.targets[o], now)  # type: ignore[no-any-return]

    def _view_after(self, e: PEffect, before: View, st: Mapping[str, Obj], trial: Mapping[str, Obj]) -> View:
        """611.3a, 613.6: ``view(e, trial)`` from ``before``, the view at ``st``, where ``trial`` is ``st`` with some
        objects' states replaced: a static ability's existence, reading, timestamp and controller read its source's
        state (and its condition, the whole board) and whether it applies to an object that object's state and its
        source's (``matches``), so what reads no replaced state is ``before``'s own term."""
        if not self.remember:  # everything built again (the tests' comparison)
            return self.view(e, trial)
        changed = [o for o in self.live if trial[o] is not st[o]]
        if not changed or e.kind != "static":  # a resolved effect's or a rule's view reads no state
            return before
        assert e.definition is not None
        if e.source in changed or e.definition.condition is not None:
            return self.view(e, trial)
        lock = self.locks[e.key]
        after = replace(before, targets=dict(before.targets))
        for o in changed:
            after.targets[o] = self._target(e, o, trial, after, lock)
        return after

    # --- filters and values (reference.filters' vocabulary, as formulas) -------------------------------

    def _char(self, st: Mapping[str, Obj], oid: str) -> Obj:
        return st[oid] if oid in st else self.others[oid]

    def matches(
        self, filt: Any, oid: str, st: Mapping[str, Obj], e: PEffect, view: View, it: str | None = None
    ) -> z3.BoolRef:
        """611.3a: the object satisfies the filter at this state (every key must hold)."""
        # what a filter reads: the object's characteristics, the source's and "it"'s (a shared creature
        # type), "you" and how the effect's words read now (612)
        # (the source's and "it"'s only where a key compares creature types; the reading only where text changes are)
        ch = self._char(st, oid)
        shared = _compares_creature_types(filt)
        src = self._char(st, e.source) if shared and e.source is not None and e.source in self.board.objects else None
        other = self._char(st, it) if shared and it is not None and it in self.board.objects else None
        reading = view.reading
        words = (reading.active, *reading.wmap.values()) if self.u.from_words else ()
        key = (
            "matches",
            id(filt),
            oid,
            e.key,
            it,
            id(ch),
            id(src),
            id(other),
            view.controller.ast.value,
            *(w.ast.value for w in words),
        )
        inputs = (filt, ch, src, other, view.controller, *words)
        return self._recall(key, inputs, lambda: self._matches_now(filt, oid, st, e, view, it))  # type: ignore[no-any-return]

    def _matches_now(
        self, filt: Any, oid: str, st: Mapping[str, Obj], e: PEffect, view: View, it: str | None = None
    ) -> z3.BoolRef:
        """611.3a: ``matches``, built."""
        if not isinstance(filt, Mapping):
            raise NotEncodable(f"a filter must be a mapping, got {filt!r}")
        board, u = self.board, self.u
        obj = board.objects[oid]
        ch = self._char(st, oid)
        conj: list[z3.BoolRef] = []
        you = view.controller
        for key, want in filt.items():
            if key == "all":
                conj.append(_conj([self.matches(f, oid, st, e, view, it) for f in want]))
            elif key == "any":
                conj.append(disj([self.matches(f, oid, st, e, view, it) for f in want]))
            elif key == "not":
                conj.append(_neg(self.matches(want, oid, st, e, view, it)))
            elif key == "id":
                conj.append(_bool(oid == want))
            elif key == "ids":
                conj.append(_bool(oid in want))
            elif key == "type":
                conj.append(ch.get_set("types", want))
            elif key == "subtype":
                conj.append(disj([_conj([c, self.has_subtype(ch, s)]) for c, s in self._alts(view, key, want)]))
            elif key == "supertype":
                conj.append(ch.get_set("supertypes", want))
            elif key == "color":
                conj.append(disj([_conj([c, ch.get_set("colors", s)]) for c, s in self._alts(view, key, want)]))
            elif key == "colorless":
                conj.append(_neg(any_of([ch.get_set("colors", c) for c in u.colors])) == bool(want))
            elif key == "multicolored":
                n = z3.Sum([z3.If(ch.get_set("colors", c), 1, 0) for c in u.colors])
                conj.append((n > 1) == bool(want))
            elif key == "controller":
                if want == "opponent":
                    conj.append(all_of(you != -1, ch[("ctrl", "")] != you))
                elif want == "you":
                    conj.append(all_of(you != -1, ch[("ctrl", "")] == you))
                else:
                    conj.append(ch[("ctrl", "")] == u.player(want) if want in u.players else FALSE)
            elif key == "owner":
                owner = u.player(obj.owner)
                conj.append(all_of(you != -1, you == owner) if want == "you" else _bool(obj.owner == want))
            elif key == "is_source":
                conj.append(_bool((oid == e.source) == bool(want)))
            elif key == "other_than_source":
                conj.append(_bool((oid != e.source) == bool(want)))
            elif key == "attached_to_source":
                src = board.objects.get(e.source) if e.source else None
                conj.append(_bool((src is not None and src.attached_to == oid) == bool(want)))
            elif key == "name":
                conj.append(ch[("name", "")] == u.name(want) if want in u.names else FALSE)
            elif key == "token":
                conj.append(_bool(obj.token == bool(want)))
            elif key == "monstrous":  # 701.37b: the object's designation, read off the board
                conj.append(_bool(obj.monstrous == bool(want)))
            elif key == "has_counter":  # 122.1: counters are the board's; no effect changes them in the layers
                conj.append(_bool(any(c.kind == want and c.count > 0 for c in obj.counters)))
            elif key == "face_down":
                conj.append(ch[("fd", "")] == bool(want))
            elif key == "has_ability":
                conj.append(disj([_conj([c, ch.get_set("abilities", s)]) for c, s in self._alts(view, key, want)]))
            elif key == "mana_value":
                conj.append(COMPARATORS[want["op"]](ch[("mv", "")], int(want["value"])))
            elif key == "zone":
                conj.append(_bool(obj.zone == want))
            elif key == "shares_creature_type_with":
                other = e.source if want == "source" else it
                if other is None or other not in board.objects:
                    conj.append(FALSE)
                else:
                    conj.append(self.shares_creature_type(ch, self._char(st, other)))
            elif key == "is_it":
                conj.append(_bool((oid == it) == bool(want)))
            elif key == "exiled_with_source":
                conj.append(_bool((obj.exiled_with is not None and obj.exiled_with == e.source) == bool(want)))
            elif key == "top_of_graveyard":
                conj.append(_bool(_on_top_of_graveyard(board, oid) == bool(want)))
            else:
                raise NotEncodable(f"filter key {key!r}")
        return _conj(conj)

    def _alts(self, view: View, key: str, text: Any) -> list[tuple[z3.BoolRef, str]]:
        """612.2: what a filter's word reads as through the effect's text changes (only color and type words)."""
        if key in WORD_KEYS and isinstance(text, str):
            return view.reading.alts(self.u, text)
        return [(TRUE, str(text))]

    def has_subtype(self, ch: Obj, s: str) -> z3.BoolRef:
        """205.3m, 702.73a: an object with all creature types has every creature type."""
        if not is_creature_type(s):
            return ch.get_set("subtypes", s)  # type: ignore[no-any-return]
        return disj([ch.get_set("subtypes", s), ch[("act", "")]])

    def shares_creature_type(self, a: Obj, b: Obj) -> z3.BoolRef:
        """205.3m, 702.73a: some creature type is on both (every creature type when all creature types)."""
        creature_types = [s for s in self.u.subtypes if is_creature_type(s)]
        some = [all_of(self.has_subtype(a, s), self.has_subtype(b, s)) for s in creature_types]
        # two objects with all creature types share every one, whatever the universe lists
        return any_of(some + [all_of(a[("act", "")], b[("act", "")])])

    def matching(
        self, filt: Any, st: Mapping[str, Obj], e: PEffect, view: View, it: str | None = None
    ) -> dict[str, z3.BoolRef]:
        """109.2: the objects that match a filter: permanents, unless the filter names a zone somewhere."""
        anywhere = _names_zone(filt)
        return {
            i: self.matches(filt, i, st, e, view, it)
            for i in sorted(self.board.objects)
            if anywhere or self.board.objects[i].zone == "battlefield"
        }

    def evaluate(self, value: Any, st: Mapping[str, Obj], e: PEffect, view: View, target: str) -> z3.ArithRef:
        """611.3a: the number a value expression stands for at this state, for one object."""
        if isinstance(value, z3.ExprRef | int):
            return self._evaluate_now(value, st, e, view, target)
        # what a value reads: the states of the objects, "you", how the effect's words read, and the object
        # it is for only when it names that object ("its", its counters, "it" in a filter)
        states = tuple(self._char(st, o) for o in self.live)
        wmap = tuple(view.reading.wmap.values())
        key = (
            "evaluate",
            id(value),
            e.key,
            target if _reads_target(value) else None,
            *(id(x) for x in states),
            view.controller.ast.value,
            view.reading.active.ast.value,
            *(w.ast.value for w in wmap),
        )
        inputs = (value, *states, view.controller, view.reading.active, *wmap)
        return self._recall(key, inputs, lambda: self._evaluate_now(value, st, e, view, target))  # type: ignore[no-any-return]

    def _evaluate_now(self, value: Any, st: Mapping[str, Obj], e: PEffect, view: View, target: str) -> z3.ArithRef:
        """611.3a: ``evaluate``, built."""
        if isinstance(value, z3.ExprRef):
            return value
        if isinstance(value, bool):
            raise NotEncodable(f"value {value!r}")
        if isinstance(value, int):
            return z3.IntVal(value)
        if not isinstance(value, Mapping) or len(value) != 1:
            raise NotEncodable(f"value {value!r}")
        ((key, arg),) = value.items()
        if key == "count":
            found = self.matching(arg, st, e, view, target)
            return z3.Sum([z3.If(c, 1, 0) for c in found.values()] or [z3.IntVal(0)])
        if key in ("counters", "source_counters"):
            holder = target if key == "counters" else e.source
            holder_obj = self.board.objects.get(holder) if holder is not None else None
            found_n = sum(c.count for c in holder_obj.counters if str(arg) in ("any", c.kind)) if holder_obj else 0
            return z3.IntVal(found_n)
        if key == "devotion":
            colors = {arg} if isinstance(arg, str) else set(arg)
            terms = []
            for o in self.battlefield:
                here = st[o]
                cost = z3.Sum(
                    [z3.If(here[("cost", "")] == i, symbols_of(c, colors), 0) for i, c in enumerate(self.u.costs)]
                    or [z3.IntVal(0)]
                )
                terms.append(z3.If(all_of(view.controller != -1, here[("ctrl", "")] == view.controller), cost, 0))
            return z3.Sum(terms or [z3.IntVal(0)])
        if key == "its":
            ch = self._char(st, target)
            if arg == "mana_value":
                return ch[("mv", "")]  # type: ignore[no-any-return]
            n, v = ("pn", "p") if arg == "power" else ("tn", "t")
            return z3.If(ch[(n, "")], 0, ch[(v, "")])
        if key == "card_types_among":
            found = self.matching(arg, st, e, view, target)
            types = z3.Sum(
                [
                    z3.If(
                        any_of([all_of(c, self._char(st, i).get_set("types", t)) for i, c in found.items()] or [FALSE]),
                        1,
                        0,
                    )
                    for t in self.u.types
                ]
                or [z3.IntVal(0)]
            )
            return types
        if key == "total":  # the sum of the values of the objects the filter picks now (208.3: noncreatures, 0)
            found = self.matching(arg["among"], st, e, view, target)
            terms = []
            for i, c in found.items():
                ch = self._char(st, i)
                if arg["of"] == "mana_value":
                    n = ch[("mv", "")]
                else:
                    n_, v = ("pn", "p") if arg["of"] == "power" else ("tn", "t")
                    n = z3.If(ch[(n_, "")], 0, ch[(v, "")])
                    if self.board.objects[i].zone == "battlefield":
                        creature = ch.get_set("types", "creature") if "creature" in self.u.types else FALSE
                        n = z3.If(creature, n, 0)
                terms.append(z3.If(c, n, 0))
            return z3.Sum(terms or [z3.IntVal(0)])
        if key in GAME_FIELDS:  # 119.1, 402.1: proofs.game_state
            return player_number(self.board.game, key, arg, view.controller, self.u.player)
        if key == "sum":
            return z3.Sum([self.evaluate(v, st, e, view, target) for v in arg] or [z3.IntVal(0)])
        if key == "times":
            factor, inner = arg
            return int(factor) * self.evaluate(inner, st, e, view, target)
        raise NotEncodable(f"value expression {key!r}")

    def amount(self, value: Any, st: Mapping[str, Obj], e: PEffect, view: View, target: str) -> z3.ArithRef:
        """107.1b: a raising or lowering amount, a calculated X below zero counting as zero (from July 2017)."""
        # a written number and the sign a factor gives ("-X/-X": {times: [-1, X]}) stay
        if isinstance(value, Mapping) and len(value) == 1 and "times" in value:
            factor, inner = value["times"]
            return int(factor) * self.amount(inner, st, e, view, target)
        n = self.evaluate(value, st, e, view, target)
        # the profile's reading: "zero" (from July 2017) or "as_is" (2007 to 2017)
        if isinstance(value, int | z3.ExprRef) or getattr(self.version, "negative_amounts", "zero") == "as_is":
            return n
        return z3.If(n < 0, 0, n)

    # --- instructions (613.8a "what it does") ------------------------------------------------------------

    def resolve_args(
        self, e: PEffect, part: Part, st: Mapping[str, Obj], view: View, target: str
    ) -> tuple[dict[str, Any], list[z3.ArithRef]]:
        """613.8a: what a part does to one object, its arguments evaluated, and the numbers/players they depend on."""
        a = part.args
        args: dict[str, Any] = {}
        evaluated: list[z3.ArithRef] = []
        if part.op == "copy_of":
            args["values"] = self._copy_values(a, e.base_ts, target)  # 707.2b: as the copy effect began
            args["retain"] = tuple(a.get("retain", ()))
        elif part.op == "face_down":
            args["values"] = face_down_values(a)
        elif part.op == "merge":
            args["values"], args["over"] = a["values"], a["over"]
        elif part.op == "set_controller":
            player = view.controller if a["player"] == "you" else z3.IntVal(self.u.player(a["player"]))
            args["player"] = player
            evaluated.append(player)
        elif part.op == "replace_word":
            args["from"], args["to"] = str(a["from"]), str(a["to"])
        elif part.op == "set_name":  # 612.8
            args["name"] = str(a["name"])
        elif part.op == "name_sticker":  # 123.6, 612.9
            args["word"], args["position"] = str(a["word"]), int(a["position"])
        elif part.op == "add_activated_abilities_of":  # 613.1f: the activated abilities those objects have now
            picked = self.matching(a["from"], st, e, view, target)
            gained: dict[str, z3.BoolRef] = {}
            for x in self.u.abilities:
                if activated(x):  # every activated wording, so that two states compare term by term
                    holders = [all_of(c, self._char(st, i).get_set("abilities", x)) for i, c in picked.items()]
                    gained[x] = any_of(holders or [FALSE])
            args["abilities"] = gained
            evaluated.extend(z3.If(c, 1, 0) for c in gained.values())
        elif part.op == "full_text_of":  # 612.6: the text of the card the filter picks, if any
            picked = self.matching(a["from"], st, e, view, target)
            args["cards"] = [(c, _text_of(self.board.objects[i])) for i, c in picked.items() if not is_false(c)]
            args["plus"] = tuple(a.get("plus", ()))
            evaluated.extend(z3.If(c, 1, 0) for c, _ in args["cards"])
        elif part.op in ("set_pt", "modify_pt"):
            # 107.1b: an amount that raises or lowers a value never comes out of a calculation below zero
            read = self.amount if part.op == "modify_pt" else self.evaluate
            for k in VALUE_KEYS:
                if k in a:
                    args[k] = read(a[k], st, e, view, target)
                    evaluated.append(args[k])
        elif part.op == "counter_pt":
            args["power"], args["toughness"] = integer(a["power"]), integer(a["toughness"])
        elif part.op == "counter_keyword":
            args["ability"] = a["ability"]
        elif part.op in (
            "switch_pt",
            "remove_all_abilities",
            "remove_all_abilities_except_mana",
            "all_creature_types",
            "remove_all_creature_types",
        ):
            pass
        else:
            found = False
            for k in SET_ARG_KEYS:
                if k in a:
                    found = True
                    members: dict[str, z3.BoolRef] = {}
                    for s in a[k]:
                        for c, alt in self._alts(view, k, s):
                            members[alt] = any_of(members[alt], c) if alt in members else c
                    args[k] = members
            if not found:
                raise NotEncodable(f"operation {part.op!r}")
        return args, evaluated

    def apply(
        self, e: PEffect, parts: Sequence[Part], st: Mapping[str, Obj], view: View
    ) -> tuple[dict[str, Obj], dict[str, list[z3.ArithRef]]]:
        """613.1: the state after applying the effect's parts to every object it applies to now."""
        new = dict(st)
        doing: dict[str, list[z3.ArithRef]] = {}
        for o in self.live:
            cond = view.targets[o]
            if is_false(cond):
                doing[o] = []
                continue
            resolved = [self.resolve_args(e, p, st, view, o) for p in parts]  # all evaluated before applying
            ch = st[o]
            for p, (args, _) in zip(parts, resolved, strict=True):
                ch = apply_op(self.u, ch, p.op, args, view.ts)
            doing[o] = [x for _, ev in resolved for x in ev]
            new[o] = ch if is_true(cond) else _ite_obj(cond, ch, st[o])
        return new, doing

    def word_strings(self, e: PEffect) -> list[tuple[str, str]]:
        """Every (key, word-bearing string) of a static ability's filter and parts (612.1)."""
        if e.definition is None or not self.u.from_words:
            return []
        out: list[tuple[str, str]] = []

        def walk(data: Any, words: bool, key: str) -> None:
            if isinstance(data, str):
                if words:
                    out.append((key, data))
            elif isinstance(data, Mapping):
                for k, v in data.items():
                    walk(v, k in WORD_KEYS, k)
            elif isinstance(data, tuple | list):
                for v in data:
                    walk(v, words, key)

        walk(e.definition.applies_to, False, "")
        for p in e.definition.parts:
            walk(p.args, False, "")
        return out

    # --- the layer process ------------------------------------------------------------------------

    def _encode(self) -> dict[str, Obj]:
        """613.1-613.4: the version's layers and sublayers in order, each from the state the one before left."""
        state = dict(self.initial)
        for slot in self.version.slots:
            effects = [e for e in self.effects if self.parts_in(e, slot)]
            if effects:
                state = self._slot(slot, effects, state)
        return state

    def _slot(self, slot: Slot, effects: list[PEffect], st: dict[str, Obj], phase: int = 0) -> dict[str, Obj]:
        """613.7, 613.8: one slot: blind settings by their last writers, the effects that apply from this state on
        (module docstring, "Local slots") by their order on each object while they are local, the rest (or all, when
        the slot is small) by positions, one per effect that could apply."""
        if len(effects) >= self.last_writer_from and self._blind_settings(slot, effects):
            return self._last_writers(slot, effects, st)
        if len(effects) >= self.local_from:
            applying, first, then = self._local_phases(slot, effects, st)
            if first:
                st = self._local(slot, first, st, phase)
                return self._slot(slot, then, st, phase + 1) if then else st
            effects = applying
        done = {e.key: FALSE for e in effects}
        for k in range(len(effects)):
            st, done = self._position(slot, k, effects, st, done)
        return st

    # A slot of at least this many effects is read for local effects (``_local_phases``); below, by positions.
    local_from = 2

    def _local_phases(
        self, slot: Slot, effects: list[PEffect], st: dict[str, Obj]
    ) -> tuple[list[PEffect], list[PEffect], list[PEffect]]:
        """611.3b, 613.6, 613.7, 613.8a: the effects of the slot that may apply from ``st`` on (the others never
        exist in it), the local ones to apply first, and the rest after them (module docstring, "Local slots").
        No local ones: ``first`` is empty, and the slot goes by positions."""
        probe = self._probe()
        applying = [e for e in effects if not is_false(z3.simplify(self.view(e, st).live))]
        asleep = [e for e in effects if e not in applying]
        writes = {e.key: footprint.writes(self, e, slot, probe) for e in applying}
        reads = {e.key: footprint.reads(self, e, slot, probe) for e in applying}
        while True:
            written: dict[Cell, set[str]] = {}
            for e in applying:
                for cell in writes[e.key]:
                    written.setdefault(cell, set()).add(e.key)
            first = [e for e in applying if all(written.get(c, set()) <= {e.key} for c in reads[e.key])]
            woke = [e for e in asleep if self._may_wake(e, slot, st, probe, written, first)]
            if not woke:
                break
            for e in woke:
                asleep.remove(e)
                applying.append(e)
                writes[e.key] = footprint.writes(self, e, slot, probe)
                reads[e.key] = footprint.reads(self, e, slot, probe)
        then = [e for e in applying if e not in first]
        if any(e.cda for e in applying):
            return applying, [], []
        if not first or not then:
            return applying, first, then
        # 613.7: the local ones go first only if each starts before every other one's timestamp
        stamps = [z3.simplify(self.view(e, st).ts) for e in first]
        if not all(z3.is_rational_value(t) for t in stamps):
            return applying, [], []
        latest = max(Fraction(t.numerator_as_long(), t.denominator_as_long()) for t in stamps)  # type: ignore[attr-defined]
        if all(Fraction(e.base_ts) > latest for e in then):
            return applying, first, then
        return applying, [], []

    def _may_wake(
        self,
        e: PEffect,
        slot: Slot,
        st: dict[str, Obj],
        probe: footprint.Probe,
        written: Mapping[Cell, set[str]],
        first: Sequence[PEffect],
    ) -> bool:
        """611.3b, 613.1: whether an effect that does not exist at the slot's start might come to exist in it. Not
        when no effect that may apply writes what its existence reads, nor when that is one object's, written only by
        local effects (whose instructions are fixed), and it exists after no sequence of theirs on that object (each
        applied or not at each step, as many steps as there are of them: more sequences than any order gives)."""
        cells = footprint.reads(self, e, slot, probe, existence_only=True)
        if not cells & written.keys():
            return False
        objects = {o for o, _ in cells}
        if len(objects) != 1:
            return True
        (o,) = objects
        local = {x.key for x in first}
        if any(not writers <= local for (obj, _), writers in written.items() if obj == o):
            return True
        mine = [x for x in first if not is_false(self.view(x, st).targets[o])]
        args = {
            x.key: [self.resolve_args(x, p, st, self.view(x, st), o)[0] for p in self.parts_in(x, slot)] for x in mine
        }
        ch = st[o]
        for j in range(len(mine)):
            pick = z3.Int(f"{self.tag}|{slot.id}|wake|{o}|{j}")  # any of them, or none (never constrained)
            new = ch
            for i, x in enumerate(mine):
                new = _ite_obj(pick == i, self._applied(x, slot, args[x.key], ch, self.view(x, st).ts), new)
            ch = new
            if not is_false(z3.simplify(self.view(e, {**st, o: ch}).live)):
                return True
        return False

    def _probe(self) -> footprint.Probe:
        """A state of fresh constants for every object followed (``proofs.footprint``), built once."""
        if self.probe is None:
            self.probe = footprint.Probe(self.u, self.live, self.tag)
        return self.probe

    def _local(self, slot: Slot, effects: list[PEffect], st: dict[str, Obj], phase: int) -> dict[str, Obj]:
        """613.7, 613.7m, 613.6: local effects (module docstring, "Local slots"): an unknown rank per effect, the ranks
        distinct and following timestamp order and the tie rules (as ``_last_writers``' positions); each object
        takes, one after the other, the effects that apply to it, in the order of their ranks."""
        tag = f"{self.tag}|{slot.id}|local{phase}"
        views = {e.key: self.view(e, st) for e in effects}
        rank = self._ranks(tag, effects, views, st)
        self.sequence.append(Ranked(slot.id, effects, rank, {e.key: views[e.key].live for e in effects}))
        nxt: dict[str, Obj] = dict(st)
        for o in self.live:
            applies = {e.key: conj([views[e.key].live, views[e.key].targets[o]]) for e in effects}
            mine = [e for e in effects if not is_false(applies[e.key])]
            if not mine:
                continue
            # the instruction each applies to it, evaluated once: nothing it reads changes in the slot
            args = {
                e.key: [self.resolve_args(e, p, st, views[e.key], o)[0] for p in self.parts_in(e, slot)] for e in mine
            }

            ch = st[o]
            if len(mine) == 1:
                e = mine[0]
                ch = _ite_obj(applies[e.key], self._applied(e, slot, args[e.key], ch, views[e.key].ts), ch)
            else:
                # the place of each among those that apply to it: how many of them have a lower rank
                place = {
                    e.key: z3.Sum(
                        [z3.If(conj([applies[x.key], rank[x.key] < rank[e.key]]), 1, 0) for x in mine if x is not e]
                    )
                    for e in mine
                }
                for j in range(len(mine)):
                    new = ch
                    for e in mine:
                        done = self._applied(e, slot, args[e.key], ch, views[e.key].ts)
                        new = _ite_obj(conj([applies[e.key], place[e.key] == j]), done, new)
                    ch = settled(f"{tag}|{j}|{o}", ch, new, self.constraints)
            nxt[o] = settled(f"{tag}|{o}", st[o], ch, self.constraints)
        self._lock_in(effects, views)
        return nxt

    # A slot of at least this many effects, all blind settings (``_blind_settings``), is encoded by positions.
    last_writer_from = 6

    def _blind_settings(self, slot: Slot, effects: Sequence[PEffect]) -> bool:
        """613.4b, 613.4c, 613.1e, 613.8a: every effect in the slot sets power, toughness or colors to given values
        (or adds given colors), or changes power and toughness by given amounts, on fixed objects or on its own
        source, and no text change can rewrite it (612): none can change another's existence, objects or values, so
        none depends on another and they apply in timestamp order, ties in any order. An effect's parts there
        either all set or all change by amounts."""
        if self.u.from_words:
            return False
        for e in effects:
            if e.kind not in ("static", "resolved") or e.origin == "cda" or e.reads is not None:
                return False
            if e.kind == "static":
                if e.definition is None or e.source is None or e.definition.condition is not None:
                    return False
                if dict(e.definition.applies_to or {}) != {"is_source": True}:
                    return False
            elif e.targets is None:
                return False
            parts = self.parts_in(e, slot)
            if any(p.op == "modify_pt" for p in parts) and any(p.op != "modify_pt" for p in parts):
                return False
            for p in parts:
                if p.op in ("set_pt", "modify_pt"):
                    if not all(isinstance(p.args.get(f, 0), int) for f in VALUE_KEYS):
                        return False
                elif p.op in ("set_colors", "add_colors"):
                    if not all(isinstance(c, str) for c in p.args.get("colors", ())):
                        return False
                else:
                    return False
        return True

    def _written(self, parts: Sequence[Part]) -> dict[tuple[str, str], z3.ExprRef]:
        """613.4b, 613.1e, 105.3: what blind settings write, term by term (a later part over an earlier one)."""
        out: dict[tuple[str, str], z3.ExprRef] = {}
        for p in parts:
            if p.op == "modify_pt":
                continue  # 613.4c: an amount, added after the last setting (``_changed_by_amounts``)
            if p.op == "set_pt":
                for f, key, none in (("power", "p", "pn"), ("toughness", "t", "tn")):
                    if f in p.args:
                        out[(key, "")], out[(none, "")] = z3.IntVal(int(p.args[f])), FALSE
            else:
                named = {str(c) for c in p.args.get("colors", ())}
                for c in self.u.colors:
                    if c in named:
                        out[("colors", c)] = TRUE
                    elif p.op == "set_colors":
                        out[("colors", c)] = FALSE
        return out

    def _last_writers(self, slot: Slot, effects: list[PEffect], st: dict[str, Obj]) -> dict[str, Obj]:
        """613.4b, 613.4c, 613.1e, 613.7, 613.7m: a slot of blind settings (``_blind_settings``): each effect gets an
        unknown position, the positions distinct and following timestamp order and the tie rules (613.7: no effect
        after one the rules put after it); each term of each object ends with the value of the effect with the
        latest position among those that write it there (the earlier ones are overwritten), or as it was; then
        power and toughness change by the amounts of the effects positioned after that (``_changed_by_amounts``)."""
        tag = f"{self.tag}|{slot.id}|last"
        views = {e.key: self.view(e, st) for e in effects}
        pos = self._ranks(tag, effects, views, st)
        self.sequence.append(Ranked(slot.id, effects, pos, {e.key: views[e.key].live for e in effects}))
        written = {e.key: self._written(self.parts_in(e, slot)) for e in effects}
        nxt: dict[str, Obj] = dict(st)
        for o in self.live:
            applies = {e.key: conj([views[e.key].live, views[e.key].targets[o]]) for e in effects}
            changes: dict[tuple[str, str], z3.ExprRef] = {}
            for key in sorted({k for w in written.values() for k in w}):
                writers = [e for e in effects if key in written[e.key] and not is_false(applies[e.key])]
                value: z3.ExprRef = st[o].v[key]
                for w in writers:
                    later = [z3.Implies(applies[x.key], pos[x.key] < pos[w.key]) for x in writers if x.key != w.key]
                    value = z3.If(conj([applies[w.key], *later]), written[w.key][key], value)
                changes[key] = value
            for value_key, v, none in (("power", "p", "pn"), ("toughness", "t", "tn")):
                self._changed_by_amounts(slot, effects, value_key, (v, none), st[o], changes, applies, pos)
            nxt[o] = settled(f"{tag}|{o}", st[o], st[o].with_(changes), self.constraints)
        self._lock_in(effects, views)
        return nxt

    def _applied(self, e: PEffect, slot: Slot, args: Sequence[Mapping[str, Any]], ch: Obj, ts: z3.ArithRef) -> Obj:
        """613.1: one object after the effect's parts in this slot, their arguments already evaluated."""
        for p, a in zip(self.parts_in(e, slot), args, strict=True):
            ch = apply_op(self.u, ch, p.op, a, ts)
        return ch

    def _lock_in(self, effects: Sequence[PEffect], views: Mapping[str, View]) -> None:
        """613.6: what each static effect of a slot encoded as one step had when it started to apply (its view at
        the slot's start: nothing it reads changes there)."""
        for e in effects:
            if e.kind != "static":
                continue
            lock, view = self.locks[e.key], views[e.key]
            now = all_of(view.live, _neg(lock.started))
            self.locks[e.key] = Lock(
                disj([lock.started, view.live]),
                {o: when(now, view.targets[o], lock.targets[o]) for o in self.live},
                when(now, view.ts, lock.ts),
                when(now, view.reading.active, lock.active),
                {w: when(now, view.reading.wmap[w], lock.wmap[w]) for w in self.u.from_words},
                when(now, view.granted, lock.granted),
                when(now, view.grant_ts, lock.grant_ts),
            )

    def _changed_by_amounts(
        self,
        slot: Slot,
        effects: Sequence[PEffect],
        field: str,
        keys: tuple[str, str],
        before: Obj,
        changes: dict[tuple[str, str], z3.ExprRef],
        applies: Mapping[str, z3.BoolRef],
        pos: Mapping[str, z3.ArithRef],
    ) -> None:
        """613.4c, 613.4b: in a slot of blind settings, a change by an amount counts when it applies to the object after
        every setting of that value that applies to it (earlier changes are overwritten); changes add up in any
        order, and a value the object did not have counts as 0 (as ``proofs.state.modify_pt`` reads it)."""
        v, none = keys
        setters = [e for e in effects if any(p.op == "set_pt" and field in p.args for p in self.parts_in(e, slot))]
        counted: list[tuple[z3.BoolRef, int]] = []
        for e in effects:
            amounts = [p for p in self.parts_in(e, slot) if p.op == "modify_pt"]
            if not amounts or is_false(applies[e.key]):
                continue
            after = [z3.Implies(applies[w.key], pos[w.key] < pos[e.key]) for w in setters]
            counted.append((conj([applies[e.key], *after]), sum(int(p.args.get(field, 0)) for p in amounts)))
        if not counted:
            return
        value = changes.get((v, ""), before[(v, "")])
        missing = changes.get((none, ""), before[(none, "")])
        changed = disj([c for c, _ in counted])
        total = z3.Sum([z3.If(c, amount, 0) for c, amount in counted])
        changes[(v, "")] = z3.If(changed, z3.If(missing, 0, value) + total, value)
        changes[(none, "")] = z3.If(changed, FALSE, missing)

    def _position(
        self, slot: Slot, k: int, effects: list[PEffect], st: dict[str, Obj], done: dict[str, z3.BoolRef]
    ) -> tuple[dict[str, Obj], dict[str, z3.BoolRef]]:
        """613.3, 613.7, 613.8: the effect that applies next (CDA, dependency, timestamp) and the state after it."""
        v = self.version
        tag = f"{self.tag}|{slot.id}|{k}"
        choice = z3.Int(f"{tag}|choice")
        pos = Position(slot.id, k, choice, effects, st)
        self.positions.append(pos)
        self.sequence.append(pos)
        views = {e.key: self.view(e, st) for e in effects}
        live = {e.key: all_of(views[e.key].live, _neg(done[e.key])) for e in effects}
        cdas = [live[e.key] for e in effects if e.cda]
        any_cda = any_of(cdas) if cdas else FALSE
        if v.cda_dependency_isolated:
            group = {e.key: all_of(live[e.key], TRUE if e.cda else _neg(any_cda)) for e in effects}
        else:
            group = dict(live)
        pos.in_group, pos.done = group, done
        # apply each effect to the current state (the trial of 613.8a, and the candidate next state)
        trials: dict[str, dict[str, Obj]] = {}
        doing: dict[str, dict[str, list[z3.ArithRef]]] = {}
        for e in effects:
            trials[e.key], doing[e.key] = self.apply(e, self.parts_in(e, slot), st, views[e.key])
        n = len(effects)
        dep: dict[tuple[str, str], z3.BoolRef] = {}
        if n > 1:
            changes = {
                b.key: disj([conj([views[b.key].targets[o], _neg(same(trials[b.key][o], st[o]))]) for o in self.live])
                for b in effects
            }
            for a in effects:
                for b in effects:
                    if a.key == b.key:
                        continue
                    if v.cda_dependency_isolated and a.cda != b.cda:
                        dep[(a.key, b.key)] = FALSE  # 613.8a(c)
                        continue
                    if is_false(group[a.key]) or is_false(group[b.key]) or is_false(changes[b.key]):
                        dep[(a.key, b.key)] = FALSE  # what the conjunction below folds to, whatever ``_depends`` says
                        continue
                    differs = self._depends(a, b, slot, st, trials[b.key], views[a.key], doing[a.key])
                    dep[(a.key, b.key)] = conj([differs, group[a.key], group[b.key], changes[b.key]])
        pos.dep = dep
        keys = [e.key for e in effects]
        reach = {(x, y): dep.get((x, y), FALSE) for x in keys for y in keys if x != y}
        for z in keys:  # Warshall: reach[x, y] = some path x -> ... -> y through the effects so far
            for x in keys:
                if x == z or is_false(reach[(x, z)]):
                    continue
                for y in keys:
                    if y in (x, z) or is_false(reach[(z, y)]):
                        continue
                    reach[(x, y)] = disj([reach[(x, y)], conj([reach[(x, z)], reach[(z, y)]])])
        # 613.8b: an effect waits while it depends on an effect outside its own loop
        waiting = {
            a: disj([conj([dep[(a, b)], _neg(reach[(b, a)])]) for b in keys if b != a and not is_false(dep[(a, b)])])
            for a in keys
        }
        if getattr(v, "loop_waits_as_unit", True):
            # ... and a loop waits as a whole while any of its members waits
            ready = {
                a: conj(
                    [group[a], _neg(waiting[a])]
                    + [
                        _neg(conj([reach[(a, x)], reach[(x, a)], waiting[x]]))
                        for x in keys
                        if x != a and not is_false(reach[(a, x)])
                    ]
                )
                for a in keys
            }
        else:
            ready = {a: conj([group[a], _neg(waiting[a])]) for a in keys}
        cons: list[z3.BoolRef] = [choice >= -1, choice < n]
        cons.append((choice == -1) == _neg(any_of(list(live.values()))))
        picks = [choice == i for i in range(n)]
        for i, a in enumerate(effects):
            if is_false(ready[a.key]):  # never chosen here: no effect need go before it
                cons.append(implies(picks[i], FALSE))
                continue
            better = [
                implies(ready[b.key], _neg(self._less(b, views[b.key], a, views[a.key], st)))
                for b in effects
                if b.key != a.key and not is_false(ready[b.key])
            ]
            cons.append(implies(picks[i], all_of([ready[a.key], *better])))
        self.constraints.extend(cons)
        # "this effect applies here", false for one that is not ready: the constraints above rule its choice out, so
        # every model reads false there, and its bookkeeping stays as it was
        chosen = [FALSE if is_false(ready[e.key]) else picks[i] for i, e in enumerate(effects)]
        # the next state and bookkeeping (613.6 lock-in on first application)
        nxt_terms = dict(st)
        for o in self.live:
            obj = st[o]
            for i, e in enumerate(effects):
                obj = _ite_obj(chosen[i], trials[e.key][o], obj)
            nxt_terms[o] = obj
        nxt: dict[str, Obj] = {}
        for o in self.live:
            nxt[o] = settled(f"{tag}|{o}", st[o], nxt_terms[o], self.constraints)
        for i, e in enumerate(effects):
            if e.kind != "static" or is_false(chosen[i]):
                continue
            lock, view, first = self.locks[e.key], views[e.key], chosen[i]
            now = all_of(first, _neg(lock.started))
            self.locks[e.key] = Lock(
                disj([lock.started, first]),
                {o: when(now, view.targets[o], lock.targets[o]) for o in self.live},
                when(now, view.ts, lock.ts),
                when(now, view.reading.active, lock.active),
                {w: when(now, view.reading.wmap[w], lock.wmap[w]) for w in self.u.from_words},
                when(now, view.granted, lock.granted),
                when(now, view.grant_ts, lock.grant_ts),
            )
        new_done = {e.key: any_of(done[e.key], chosen[i]) for i, e in enumerate(effects)}
        return nxt, new_done

    def _holder(self, e: PEffect) -> str:
        """613.7a-d: what gave the effect its timestamp (its object for static abilities and face-down status)."""
        if e.kind == "static" and e.source is not None:
            return e.source
        if e.key.startswith("face-down:") and e.targets:
            return e.targets[0]
        return e.key

    def _chosen_before(self, a: PEffect, b: PEffect) -> bool:
        """613.7m: the case records that a player chose ``a``'s timestamp before ``b``'s."""
        order = {x: i for i, x in enumerate(self.board.tie_order)}
        big = len(self.board.tie_order)  # past every recorded position

        def pos(e: PEffect) -> tuple[int, int]:
            # the first place the record names e, by its object or by its key; then the place of its key
            by_key = order.get(e.key, big)
            return (min(by_key, order.get(self._holder(e), big)), by_key)

        # a choice orders only the effects it names (by object or by effect); unnamed ones stay open
        return pos(a) < pos(b) and big not in (pos(a)[0], pos(b)[0])

    def _own_first(self, a: PEffect, b: PEffect) -> bool:
        """613.7n: ``a`` is a static ability of ``b``'s object and ``b`` a resolving effect on it (``a`` goes first
        when the ability is the object's own, not granted)."""
        if not self.version.own_static_before_resolving or a.kind != "static" or b.kind != "resolved":
            return False
        return a.source is not None and a.source in (b.targets or ())

    def timestamp_player(self, e: PEffect, st: Mapping[str, Obj]) -> z3.ArithRef | None:
        """613.7m, 108.4a: the player whose object holds ``e``'s timestamp (its owner off the battlefield, stack)."""
        h = self._holder(e)
        obj = self.board.objects.get(h)
        if obj is None:
            return None
        if obj.zone in ("battlefield", "stack"):
            return self._char(st, h)[("ctrl", "")]  # type: ignore[no-any-return]
        return z3.IntVal(self.u.player(obj.owner))

    def _place(self, player: z3.ArithRef) -> z3.ArithRef:
        """101.4: the place in APNAP order of the player a formula names."""
        return self._recall(("place", player.ast.value), (player,), lambda: self._place_of(player))  # type: ignore[no-any-return]

    def _place_of(self, player: z3.ArithRef) -> z3.ArithRef:
        """101.4: ``_place``, built."""
        out: z3.ArithRef = z3.IntVal(len(self.places))
        for p, place in sorted(self.places.items()):
            out = z3.If(player == self.u.player(p), place, out)
        return out

    def _apnap(
        self, a: PEffect, b: PEffect, pa: z3.ArithRef | None, pb: z3.ArithRef | None
    ) -> tuple[z3.BoolRef, z3.BoolRef]:
        """613.7m (from 2020): (``a``'s object comes first by APNAP order, the two objects are two players'), the
        players whose objects hold their timestamps being ``pa`` and ``pb`` (``timestamp_player``)."""
        if not self.apnap or self._holder(a) == self._holder(b):
            return FALSE, FALSE
        if pa is None or pb is None:
            return FALSE, FALSE
        two = neg(equal(pa, pb))
        return all_of(two, less_than(self._place(pa), self._place(pb))), two

    def _ranks(
        self, tag: str, effects: list[PEffect], views: Mapping[str, View], st: Mapping[str, Obj]
    ) -> dict[str, z3.ArithRef]:
        """613.7, 613.7m: an unknown rank per effect, the ranks distinct (0 to n - 1) and an effect ranked before each
        one the rules put after it, when both exist (``_less``); shared by local slots and blind settings."""
        rank = {e.key: z3.Int(f"{tag}|{e.key}") for e in effects}
        n = len(effects)
        if n > 1:
            self.constraints.extend(all_of(rank[e.key] >= 0, rank[e.key] < n) for e in effects)
            self.constraints.append(z3.Distinct([rank[e.key] for e in effects]))
        for a in effects:
            for b in effects:
                if a.key == b.key:
                    continue
                va, vb = views[a.key], views[b.key]
                before = self._less(a, va, b, vb, st)
                if not is_false(before):
                    self.constraints.append(z3.Implies(conj([va.live, vb.live, before]), rank[a.key] < rank[b.key]))
        return rank

    def _less(self, a: PEffect, va: View, b: PEffect, vb: View, st: Mapping[str, Obj] | None = None) -> z3.BoolRef:
        """613.3, 613.7: ``a`` goes strictly before ``b`` (``_less_now``), kept by what it reads: the two timestamps,
        whether each ability was granted and when (613.7a), and the players whose objects hold them (613.7m)."""
        players = (None, None)
        if st is not None and self.apnap and self._holder(a) != self._holder(b):
            players = (self.timestamp_player(a, st), self.timestamp_player(b, st))
        inputs = (va.ts, vb.ts, va.granted, vb.granted, va.grant_ts, vb.grant_ts, *players)
        key = ("less", a.key, b.key, *(0 if x is None else x.ast.value for x in inputs))
        return self._recall(key, inputs, lambda: self._less_now(a, va, b, vb, *players))  # type: ignore[no-any-return]

    def _less_now(
        self, a: PEffect, va: View, b: PEffect, vb: View, pa: z3.ArithRef | None, pb: z3.ArithRef | None
    ) -> z3.BoolRef:
        """613.3, 613.7: ``a`` goes strictly before ``b``: CDA first where the version orders by it,
        then timestamp; between equal timestamps 613.7a's relative order (from 2023-11-17), 613.7n
        (from 2025-08-01), 613.7m's APNAP order between two players' objects (from 2020) and a
        recorded player's choice (613.7m), which orders only one player's objects where APNAP order
        applies. Otherwise the one open order of the tied effects decides (``_tie_before``): it is
        unknown, so the cross-check explores each, but every slot reads the same one.
        """
        cda_first = not self.version.cda_dependency_isolated
        ra = 0 if (cda_first and a.cda) else 1
        rb = 0 if (cda_first and b.cda) else 1
        if ra != rb:
            return z3.BoolVal(ra < rb)
        before = self._earlier(va.ts, vb.ts)
        if before is not None:  # 613.7: timestamps that cannot be equal decide alone
            return before
        ga, gb = va.granted, vb.granted
        if getattr(self.version, "granted_keeps_relative_order", False):
            tb_less = disj([conj([_neg(ga), gb]), conj([ga, gb, less_than(va.grant_ts, vb.grant_ts)])])
            tb_same = disj([conj([_neg(ga), _neg(gb)]), conj([ga, gb, equal(va.grant_ts, vb.grant_ts)])])
        else:
            tb_less, tb_same = FALSE, TRUE
        # the tie rules read whether an ability was granted only for 613.7n
        na = ga if self._own_first(a, b) else None
        nb = gb if self._own_first(b, a) else None
        inputs = (na, nb, pa, pb)
        key = ("tie", a.key, b.key, *(0 if x is None else x.ast.value for x in inputs))
        tie = self._recall(key, inputs, lambda: self._tie(a, b, na, nb, pa, pb))
        return disj([less_than(va.ts, vb.ts), conj([equal(va.ts, vb.ts), disj([tb_less, conj([tb_same, tie])])])])

    def _tie(
        self,
        a: PEffect,
        b: PEffect,
        granted_a: z3.BoolRef | None,
        granted_b: z3.BoolRef | None,
        pa: z3.ArithRef | None,
        pb: z3.ArithRef | None,
    ) -> z3.BoolRef:
        """613.7n, 613.7m: between equal timestamps and the same 613.7a order, ``a`` goes first: its object's own
        static ability before a resolving effect on it (where ``granted_a`` says whether it was granted; None, never),
        else the first by APNAP order between two players' objects (``pa``, ``pb``), else a recorded choice, else the
        one open order of the tied effects."""
        n_ab = FALSE if granted_a is None else _neg(granted_a)
        n_ba = FALSE if granted_b is None else _neg(granted_b)
        ap_ab, two = self._apnap(a, b, pa, pb)
        ap_ba, _ = self._apnap(b, a, pb, pa)
        chosen_ab, chosen_ba = self._chosen_before(a, b), self._chosen_before(b, a)
        by_choice = conj([_neg(two), _bool(chosen_ab)])
        # what no rule and no recorded choice decides: the one open order of the tied effects
        undecided = two if (chosen_ab or chosen_ba) else TRUE
        left_open = conj([undecided, self._tie_before(a, b)])
        decided = disj([by_choice, left_open])
        return disj([n_ab, conj([_neg(n_ba), disj([ap_ab, conj([_neg(ap_ba), decided])])])])

    def _earlier(self, x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef | None:
        """613.7: whether timestamp ``x`` is earlier than ``y`` when the two cannot be equal (each is a number, or
        a choice among numbers, and no number is both's), folded when every choice of each decides it; else None."""
        vx, vy = self._values(x), self._values(y)
        if vx is None or vy is None or not vx.isdisjoint(vy):
            return None
        if max(vx) < min(vy):
            return TRUE
        if min(vx) > max(vy):
            return FALSE
        return less_than(x, y)

    def _values(self, x: z3.ArithRef) -> Numbers | None:
        """The numbers a term can stand for when it is a number or an if-then-else whose branches are (else None);
        kept whatever ``remember`` says (the branches of a 613.6 lock share their subterms: read again, each would
        be read once per path)."""
        key = x.ast.value
        if key not in self.values_seen:
            self.values_seen[key] = (_values_of(x, self._values), x)
        return self.values_seen[key][0]

    def _tie_before(self, a: PEffect, b: PEffect) -> z3.BoolRef:
        """613.7m: in the one open order of the tied effects (an unknown rank per effect), ``a`` comes before ``b``."""
        for e in (a, b):
            if e.key not in self.tie_ranks:
                self.tie_ranks[e.key] = z3.Int(f"{'shared' if self.shared_ranks else self.tag}|tie-rank|{e.key}")
        return less_than(self.tie_ranks[a.key], self.tie_ranks[b.key])

    def _one_tie_order(self) -> list[z3.BoolRef]:
        """613.7m, 613.7a: the open order is one strict total order of the tied effects (distinct ranks), the same in
        every slot, in which two objects' abilities never interleave: the player orders the objects (613.7m) and each
        static ability's effect has its object's timestamp (613.7a). An effect with its own timestamp (613.7b-c) may
        go anywhere among them."""
        by_key = {e.key: e for e in self.effects}
        # shared, the ranks of this encoding's effects only; their bounds are the caller's (over every encoding's)
        ranks = {k: r for k, r in self.tie_ranks.items() if k in by_key}
        if len(ranks) < 2:
            return []
        out: list[z3.BoolRef] = [z3.Distinct(list(ranks.values()))]
        if not self.shared_ranks:
            out.extend(all_of(r >= 0, r < len(ranks)) for r in ranks.values())
        holders: dict[str, list[str]] = {}
        for key in ranks:
            h = self._holder(by_key[key])
            if h != key and h in self.board.objects:
                holders.setdefault(h, []).append(key)
        for h, mine in sorted(holders.items()):
            others = [k for g, theirs in sorted(holders.items()) if g != h for k in theirs]
            for first, second in pairwise(mine):
                out.extend((ranks[first] < ranks[k]) == (ranks[second] < ranks[k]) for k in others)
        return out

    def _depends(
        self,
        a: PEffect,
        b: PEffect,
        slot: Slot,
        st: Mapping[str, Obj],
        trial: Mapping[str, Obj],
        before: View,
        doing_before: Mapping[str, list[z3.ArithRef]],
    ) -> z3.BoolRef:
        """613.8a(b): applying ``b`` would change ``a``'s existence, text, objects or what it does."""
        after = self._view_after(a, before, st, trial)
        tests: list[z3.BoolRef] = [FALSE if is_true(after.live) else _neg(after.live)]
        for key, text in self.word_strings(a):  # text
            alts_before = dict((s, c) for c, s in before.reading.alts(self.u, text))
            alts_after = dict((s, c) for c, s in after.reading.alts(self.u, text))
            for s in set(alts_before) | set(alts_after):
                tests.append(differ(alts_before.get(s, FALSE), alts_after.get(s, FALSE)))
            del key
        for o in self.live:  # what it applies to
            tests.append(differ(before.targets[o], after.targets[o]))
        parts = self.parts_in(a, slot)
        for o in self.live:  # what it does to each object it applies to (evaluated instruction)
            if is_false(before.targets[o]) or not doing_before[o]:
                continue
            now = [x for p in parts for x in self.resolve_args(a, p, trial, after, o)[1]]
            tests.append(
                conj([before.targets[o], disj([differ(x, y) for x, y in zip(doing_before[o], now, strict=True)])])
            )
        return disj(tests)

    # --- reading a model ---------------------------------------------------------------------------

    def order(self, model: z3.ModelRef) -> list[tuple[str, str]]:
        """The application order in a model: (slot, effect key) pairs."""
        out = []
        for step in self.sequence:
            if isinstance(step, Position):
                c = model.eval(step.choice, model_completion=True).as_long()
                if c >= 0:
                    out.append((step.slot, step.effects[c].key))
                continue
            applied = [e for e in step.effects if z3.is_true(model.eval(step.live[e.key], model_completion=True))]
            ranked = sorted(applied, key=lambda e: model.eval(step.rank[e.key], model_completion=True).as_long())
            out.extend((step.slot, e.key) for e in ranked)
        return out


TARGET_KEYS = frozenset({"its", "counters", "is_it", "shares_creature_type_with"})


def _reads_target(value: Any) -> bool:
    """611.3a: a value expression names the object it is evaluated for ("its", its counters, "it" in a filter)."""
    if isinstance(value, Mapping):
        return any(k in TARGET_KEYS or _reads_target(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_reads_target(v) for v in value)
    return False


def _on_top_of_graveyard(board: Board, oid: str) -> bool:
    """404.1: a graveyard is a pile in the order its cards came; 613.7d: each got its timestamp as it came."""
    obj = board.objects[oid]
    if obj.zone != "graveyard":
        return False
    later = [o for o in board.objects.values() if o.zone == "graveyard" and o.owner == obj.owner and o.id != oid]
    return all(o.timestamp < obj.timestamp for o in later)


def _text_of(obj: Any) -> dict[str, Any]:
    """612.6: a card's full text: the values its printed text stands for (name, cost, color, type line, P/T)."""
    ch = entered(obj)
    return {
        "name": ch.name,
        "mana_value": ch.mana_value,
        "mana_cost": ch.mana_cost,
        "colors": ch.colors,
        "types": ch.types,
        "subtypes": ch.subtypes,
        "supertypes": ch.supertypes,
        "abilities": ch.abilities,
        "all_creature_types": ch.all_creature_types,
        "power": ch.power,
        "toughness": ch.toughness,
    }


def _merged_in(obj: Any) -> set[str]:
    """729.2, 702.140e: the abilities the merged components bring (the face each shows)."""
    return {a for m in obj.merges for a in merge_args(m)["values"]["abilities"]}


def _works_from(d: AbilityDef, zone: str) -> bool:
    """113.6, 113.6b, 114.4, 604.3: an ability of an object in ``zone`` works there.

    A characteristic-defining ability works in every zone; an ability that names the zones it
    works in (a graveyard card's "as long as this card is in your graveyard", an emblem's
    abilities in the command zone) works only there; any other only on the battlefield.
    """
    if d.cda:
        return True
    return zone in d.functions_in if d.functions_in is not None else zone == "battlefield"


def _names_zone_off_battlefield(filt: Any, negated: bool = False) -> bool:
    """109.2a, 611.3a: a filter reaching outside the battlefield: another zone, or any zone under a negation."""
    if isinstance(filt, Mapping):
        if "zone" in filt and (negated or filt["zone"] != "battlefield"):
            return True
        return any(_names_zone_off_battlefield(v, negated != (k == "not")) for k, v in filt.items())
    if isinstance(filt, tuple | list):
        return any(_names_zone_off_battlefield(v, negated) for v in filt)
    return False


def _could_match(board: Board, filt: Any, oid: str, source: str) -> bool | None:
    """Three-valued: False when the filter can never match ``oid`` for ``source`` (keys that read only the
    board decide), True when it always does, None when it depends on the state."""
    if not isinstance(filt, Mapping):
        return None
    obj = board.objects[oid]
    results: list[bool | None] = []
    for key, want in filt.items():
        r: bool | None = None
        if key == "all":
            subs = [_could_match(board, f, oid, source) for f in want]
            r = False if False in subs else True if all(x is True for x in subs) else None
        elif key == "any":
            subs = [_could_match(board, f, oid, source) for f in want]
            r = True if True in subs else False if all(x is False for x in subs) else None
        elif key == "not":
            sub = _could_match(board, want, oid, source)
            r = None if sub is None else not sub
        elif key == "id":
            r = oid == want
        elif key == "ids":
            r = oid in want
        elif key == "is_source":
            r = (oid == source) == bool(want)
        elif key == "other_than_source":
            r = (oid != source) == bool(want)
        elif key == "attached_to_source":
            r = (board.objects[source].attached_to == oid) == bool(want)
        elif key == "token":
            r = obj.token == bool(want)
        elif key == "monstrous":
            r = obj.monstrous == bool(want)
        elif key == "has_counter":
            r = any(c.kind == want and c.count > 0 for c in obj.counters)
        elif key == "zone":
            r = obj.zone == want
        elif key == "owner" and want != "you":
            r = obj.owner == want
        results.append(r)
    if False in results:
        return False
    return True if all(x is True for x in results) else None


def _compares_creature_types(filt: Any) -> bool:
    """205.3m, 611.3a: a filter that compares an object's creature types with its source's or "it"'s (inside
    all/any/not too): the only key that reads another object's state."""
    if isinstance(filt, Mapping):
        return "shares_creature_type_with" in filt or any(_compares_creature_types(v) for v in filt.values())
    if isinstance(filt, tuple | list):
        return any(_compares_creature_types(v) for v in filt)
    return False


def _names_zone(filt: Any) -> bool:
    """109.2, 109.2a: a filter that names a zone anywhere (inside all/any/not too) looks beyond permanents."""
    if isinstance(filt, Mapping):
        return "zone" in filt or any(_names_zone(v) for v in filt.values())
    if isinstance(filt, tuple | list):
        return any(_names_zone(v) for v in filt)
    return False


__all__ = ["Encoding", "NotEncodable", "PEffect"]
