"""A tie's orders worth trying read from its own slot on: boards with copies, text, control or lost abilities.

``reference_optimized.orders`` reduces the orders of a tie (613.7m) only on boards where no effect may create,
remove or rewrite another and no static ability has a condition (``orders.out_of_scope``): its argument reads
the board's effects once, before the layers, and needs them fixed. Outside that scope every order was tried.
This module widens the reduction to those boards, one tie at a time, by reading the effects where the tie is
met instead of before the layers.

**The moment of the tie.** ``reference.choices.outcomes`` asks for the orders of the first tie a resolution left
undecided (613.7m), in the slot (layer or sublayer, 613.1-613.4) where it was met. Every slot before it was
applied in that resolution with its ties decided (613.7m: a recorded order decides a tie only when it names
every candidate). When no key of the tie is recorded yet, and no recorded effect belongs to an object the tie
orders, a tried order of the keys is inserted into the record as one block (``reference.choices.placed``): the
relative order of every key recorded before stays as it was, so every earlier tie is decided as before, and
every order tried of the tie meets the same characteristics, and the same effects locked in (613.6), when its
slot begins. Those are read by resolving the board with the slots before the tie's alone.

**From the slot on.** Each effect then in play is kept with its parts in the tie's slot and the slots after it
(its parts before were applied already and are fixed). Copy effects, face-down status, text changes, control
changes and ability removals in earlier slots (613.1a-d, 613.1f) have done their work: they chose which effects
exist and what they read. The classes of ``reference_optimized.orders`` (components, one order per signature of
``reference_optimized.last_touch``, the last setting effect, ``pins_later``) then hold from the slot on when,
from that slot on, no operation creates, removes or rewrites an effect (only the operations of
``orders.SCOPE_OPS``; no ability granted that generates an effect, 611.3b), no condition of a static ability
reads a characteristic written there (611.3a: the effects that exist stay the same), and no object is looked
at as it enters (614.12); a resolved loss of all abilities on fixed objects may end effects from there on when
their parts all come after its slot (613.1f: they never apply, so they are left out), never one it may end while
it applies. So in that shape a loss of all abilities on fixed objects, tied with gains of abilities, is read by
``reference_optimized.last_touch`` as settings of their abilities ("Losses of all abilities": no object it applies
to holds a static ability whose effect could still apply from its slot on, and no ability given generates an
effect). ``last_touch`` reads each effect on the objects it applies to (``fixed_objects``) where they are the same in
every order: a resolved effect's list (611.2c), the objects an effect locked in (613.6), or those a filter finds that
reads no characteristic any effect from the slot on writes. What such a filter reads then has one value from the slot's
start to the end of the layers, so wherever the effect first applies and locks its objects in (613.6), it finds the
objects it finds at the slot's start (611.3a); the effects in play from the slot on are fixed in this shape, so the
objects each effect applies to, and so its atoms, are the same in every order, and the signatures of ``last_touch``
decide the outcome as they do for listed objects. Resolved losses on listed creatures beside gains by filters
("white creatures have flying") are read so; a filter reading what may be written (abilities, beside a loss) is left
as one opaque item, and two such filters, or one beside listed objects, keep every order. A tie of resolved copy
effects (layer 1) is read by ``reference_optimized.last_copy``: the last copy
on each object decides. A tie whose effects from its slot on act on fixed objects, named by identity, with
numbers for values, is split by the objects they touch (``reference_optimized.territories``: text changes, losses
of abilities, keyword counters and abilities granted that generate effects, each on objects nothing else links).
Otherwise every order is tried, as before. ``tests/reference_optimized/test_from_slot.py`` compares the outcomes
with every order's on generated boards with copy effects, control changes, text changes, lost abilities and
conditions.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace

from reference.choices import LIMIT, Outcomes, Resolver, every_order, outcomes, tie_keys
from reference.effects import ContinuousEffect, affected
from reference.model import Board, Part, State
from reference.resolver import Resolution
from reference.resolver import resolve as layer_loop
from reference.timestamps import Tie, holder
from reference.versions import RulesVersion
from reference.vocabulary import OPERATION_KIND

from .bookkeeping import Incremental
from .features import resolve
from .last_copy import last_copy_orders
from .last_touch import last_touch_orders
from .orders import (
    SCOPE_OPS,
    DistinctOrders,
    components,
    every_of,
    groups,
    last_writer_orders,
    orders_product,
    pins_later,
    these,
)
from .reads import FIELDS, WRITES, condition_reads, filter_reads
from .territories import territory_orders


class _Reached(Exception):
    """613.1-613.4: the layer loop reached the slot looked for: it need not go on."""


class _Reaching(Incremental):
    """613.1-613.4: the incremental bookkeeping, stopping the layer loop as it starts a slot, with the effects in play
    then and those locked in (613.6)."""

    def __init__(self, board: Board, version: RulesVersion, slot: str) -> None:
        """613.1: the bookkeeping of one resolution, and the slot to stop at."""
        super().__init__(board, version)
        self.slot = slot
        self.met: tuple[list[ContinuousEffect], dict[str, tuple[ContinuousEffect, frozenset[str]]], State] | None = None

    def parts(self, effect: ContinuousEffect, slot: str) -> tuple[Part, ...]:
        """613.6: the effect's parts in ``slot``; the first question about the slot looked for stops the loop."""
        if slot == self.slot and self.met is None:
            self.met = (list(self.effects_in_play()), dict(self.locked), dict(self.state))
            raise _Reached
        return super().parts(effect, slot)


# The effects in play as a tie's slot begins, from that slot on; those locked in (613.6); the characteristics then.
SlotStart = tuple[list[ContinuousEffect], dict[str, tuple[ContinuousEffect, frozenset[str]]], State]


def effects_from(board: Board, version: RulesVersion, tie: Tie) -> list[ContinuousEffect] | None:
    """611, 613.6, 613.1-613.4, 613.7m: the effects in play when the tie's slot begins (those locked in included),
    each with its parts in that slot and the slots after it; None when the orders of the tie's keys might not all
    meet the same slot (module docstring): a key already recorded, or a recorded effect (applied before the slot or
    in play at it) that belongs to one of the keys. The tie is the first one the board's resolution left undecided."""
    start = slot_start(board, version, tie)
    if start is None:
        return None
    out, locked, state = start
    losses = {e.key: affected(e, board, state, locked) for e in out if may_lose(e)}
    return without_lost(out, losses, set(locked), version)


def slot_start(board: Board, version: RulesVersion, tie: Tie) -> SlotStart | None:
    """611, 613.6, 613.1-613.4, 613.7m: ``effects_from`` before any loss of abilities is read: the effects in play
    as the tie's slot begins, with their parts from that slot on, the effects locked in and the characteristics
    then; None when the orders of the tie's keys might not all meet the same slot."""
    keys = tie_keys(tie)
    recorded = set(board.tie_order)
    if recorded & set(keys):
        return None
    reached = _Reaching(board, version, tie.slot)
    with contextlib.suppress(_Reached):
        layer_loop(board, version, lambda _b, _v: reached)
    if reached.met is None:
        return None
    start, locked, state = reached.met
    met = [e for e, _ in locked.values()] + start
    if any(e.key in recorded and holder(e) in keys for e in met):
        return None
    at = version.slot_index(tie.slot)
    later = {s.id for s in version.slots[at:]}
    out = []
    for e in start:
        parts = tuple(p for p in e.parts if version.slot_of(OPERATION_KIND[p.op], e.origin) in later)
        if parts:
            out.append(replace(e, parts=parts))
    return out, locked, state


# 613.1f: operations that take abilities away from an object
LOSSES = frozenset({"remove_abilities", "remove_all_abilities", "remove_all_abilities_except_mana"})


def _slot_index(e: ContinuousEffect, op: str, version: RulesVersion) -> int:
    """613.1-613.4: where the slot of one of the effect's operations comes in the version's order."""
    slot = version.slot_of(OPERATION_KIND[op], e.origin)
    return -1 if slot is None else version.slot_index(slot)


def may_lose(loss: ContinuousEffect) -> bool:
    """613.1f: the effect may take away an ability generating an effect (a named ability may be any: 612, a text
    change may have given it that name)."""
    return any(p.op in LOSSES for p in loss.parts)


def surely_loses(loss: ContinuousEffect) -> bool:
    """613.1f: the effect takes away every ability of its objects, whatever their words."""
    return any(p.op == "remove_all_abilities" for p in loss.parts)


def without_lost(
    effects: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    locked: set[str],
    version: RulesVersion,
) -> list[ContinuousEffect] | None:
    """613.1f, 611.3b, 613.6: the effects from the slot on, without those a resolved effect's loss of all abilities
    ends before they would first apply (their sources among the loss's objects, ``objects``, all their parts in
    slots after the loss's, not locked in); such a loss is then kept as the fixed operation it is. None when a loss
    may end an effect at or before the loss's slot (the effects in play would change in the slots compared), or
    when the objects of a loss may change with the order (a static ability's filter)."""
    out = list(effects)
    for loss in effects:
        if not may_lose(loss):
            continue
        if loss.origin != "resolved" or loss.targets is None:
            return None  # 611.3a: the objects a static ability's loss finds may change with the order
        where = max(_slot_index(loss, p.op, version) for p in loss.parts if p.op in LOSSES)
        for e in effects:
            if e.origin not in ("static", "cda") or e.source not in objects[loss.key] or e.key in locked:
                continue
            if min(_slot_index(e, p.op, version) for p in e.parts) <= where:
                return None  # 613.8a: the effect could be ended while it applies, or before, in a slot compared
            if surely_loses(loss):
                out = [x for x in out if x.key != e.key]
    return out


def reason_from(board: Board, effects: Sequence[ContinuousEffect]) -> str | None:
    """611.3, 611.3b, 612, 613.1a-b, 614.12: why, from a slot on, effects may still appear, vanish or change
    (None: from there on the effects in play are fixed, and ``orders``' classes hold)."""
    if board.entering is not None:
        return "an object looked at as it would enter (614.12)"
    written: frozenset[str] = frozenset()
    for e in effects:
        for p in e.parts:
            if p.op not in SCOPE_OPS and not (p.op in LOSSES and e.origin == "resolved" and e.targets is not None):
                return f"an operation that may create, remove or rewrite effects ({p.op})"
            if p.op == "add_abilities":
                named = p.args.get("abilities")
                words = (named,) if isinstance(named, str) else tuple(named or ())
                if any(w in board.abilities for w in words):
                    return "an ability granted that generates an effect (611.3b)"
            written |= WRITES.get(p.op, FIELDS)
    for d in board.abilities.values():
        if d.condition is not None and condition_reads(d.condition)[0] & written:
            return "a condition on a static ability reading what is written from this slot on (611.3a)"
    return None


def orders_from(
    tie: Tie,
    effects: Sequence[ContinuousEffect],
    version: RulesVersion,
    fixed: Mapping[str, frozenset[str]] | None = None,
) -> list[Callable[[], Iterable[tuple[str, ...]]]] | None:
    """613.7m: the orders worth trying of each group of the tie's keys (``orders.groups``), read from the effects
    of its slot on; None where the recorded order may also place the keys in a later tie (``orders.pins_later``)
    (``fixed``: the objects of the effects whose objects are the same in every order, ``fixed_objects``)."""
    keys = tie_keys(tie)
    if pins_later(keys, tie.slot, effects, version):
        return None
    comp = components(effects, version)
    out: list[Callable[[], Iterable[tuple[str, ...]]]] = []
    for group in groups(keys, effects, comp):
        # 611.3b, 613.1f: a resolved loss of all abilities here ends only effects left out in every order
        # (``without_lost``) and nothing gives a defined ability (``reason_from``): ``last_touch`` reads it as settings.
        # 605.1a: a loss of all but mana abilities too; the effects it may end are kept, but each has its parts after
        # the slot, and its ability is lost in every order or in none (a mana ability's wording; no gain gives a
        # defined ability), so each applies in every order or in none
        # 611.3a, 613.6: each effect read on the objects it applies to where they are the same in every order
        # (``fixed_objects``), so losses on fixed objects beside gains by filters are read per object too
        fewer = None if len(group) < 3 else last_touch_orders(group, effects, version, lose_all=True, fixed=fixed)
        if fewer is None and len(group) >= 3:
            fewer = last_writer_orders(group, effects, version)
        out.append(every_of(tuple(group)) if fewer is None else these(tuple(fewer)))
    return out


def fixed_objects(
    effects: Sequence[ContinuousEffect],
    board: Board,
    state: State,
    locked: Mapping[str, tuple[ContinuousEffect, frozenset[str]]],
) -> dict[str, frozenset[str]]:
    """611.2c, 611.3a, 613.6: the objects each effect from the slot on applies to, for the effects whose objects are
    the same in every order of the tie: those locked in, a resolved effect's list, or those a filter finds that reads
    no characteristic any effect from the slot on writes (what it reads is the same from the slot's start to the end,
    so it finds the same objects wherever it is first read, 613.6). Effects whose filter reads what may be written
    are left out (``last_touch`` then reads their objects as one opaque item, as before)."""
    written = frozenset().union(*(WRITES.get(p.op, FIELDS) for e in effects for p in e.parts))
    out = {}
    for e in effects:
        if e.key in locked or e.targets is not None or not filter_reads(e.filter) & written:
            out[e.key] = affected(e, board, state, dict(locked))
    return out


class SlotOrders(DistinctOrders):
    """613.7m: ``orders.DistinctOrders``, and on boards outside its scope the orders read from the tie's slot on."""

    def __init__(self, board: Board, version: RulesVersion) -> None:
        """611, 613.8a: the board's effects and their components (``DistinctOrders``); no resolution seen yet."""
        super().__init__(board, version)
        self.seen: tuple[Board, tuple[Tie, ...]] | None = None

    def watch(self, resolver: Resolver) -> Resolver:
        """613.7m: the resolver, remembering the board it last resolved (the branch whose tie is asked next)."""

        def resolving(board: Board, version: RulesVersion) -> Resolution:
            res = resolver(board, version)
            self.seen = (board, res.undecided)
            return res

        return resolving

    def __call__(self, tie: Tie) -> Iterator[tuple[str, ...]]:
        """613.7m: ``DistinctOrders``' orders; on a board outside its scope, the orders read from the tie's slot on
        (module docstring), or every order where that reading does not hold: a tie ``reference.choices`` changed
        (cut to the effects no choice puts after another, or reopened), or one holding abilities of two objects and
        others of one of them (an order interleaving them is dropped, and a class's one order could be such)."""
        if self.reason is None:
            return super().__call__(tie)
        if self.seen is None or not any(t is tie for t in self.seen[1][:1]):
            return every_order(tie)
        objects = {h for h, k in zip(tie.holders, tie.candidates, strict=True) if h != k}
        if tie_keys(tie) != tie.holders and len(objects) > 1:
            return every_order(tie)  # 613.7a, 613.7m: an order interleaving two objects' abilities is dropped
        board = self.seen[0]
        start = slot_start(board, self.version, tie)
        if start is None:
            return every_order(tie)
        met, locked, state = start
        losses = {e.key: affected(e, board, state, locked) for e in met if may_lose(e)}
        effects = without_lost(met, losses, set(locked), self.version)
        if effects is not None and reason_from(board, effects) is None:
            found = orders_from(tie, effects, self.version, fixed_objects(effects, board, state, locked))
            return every_order(tie) if found is None else orders_product(found)
        if effects is not None:
            copied = last_copy_orders(tie_keys(tie), effects, tie.slot, self.version, board)
            if copied is not None:
                return iter(copied)
        # 611.3b, 612, 613.1f: text changes, losses, keyword counters or grants on objects nothing links
        split = territory_orders(tie, met, locked, board, state, self.version)
        return every_order(tie) if split is None else orders_product(split)


def distinct_outcomes(
    board: Board, version: RulesVersion, limit: int = LIMIT, resolver: Resolver = resolve
) -> Outcomes:
    """613.7m, 613.7n: ``reference.choices.outcomes`` trying one order per class of orders that end alike, read
    from each tie's slot on where the board's effects are not fixed before the layers."""
    orders = SlotOrders(board, version)
    return outcomes(board, version, limit, orders, orders.watch(resolver))
