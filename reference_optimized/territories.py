"""Tied effects on objects that nothing links: one order per group of a territory, for the shapes ``orders`` leaves.

``reference_optimized.from_slot`` reads a tie (613.7m) from its own slot on, but where the effects from there on
may still create, remove or rewrite effects (a text change, 612; a loss of abilities, 613.1f; a keyword counter
that may be lost again, 122.1b; an ability granted that generates an effect, 611.3b) it tried every order of the
tie: n! resolutions for n keys, and "incomplete" past five. This module splits such a tie by *territory*.

**Territories.** From the tie's slot on, each effect in play *touches* a set of objects. First, the objects it
applies to, which must be fixed: its list of objects (611.2c), those it locked in (613.6), those a static ability's
filter names by identity alone ("this creature", one object), or those a filter finds that reads no characteristic
any effect from the slot on may write (it finds the same objects wherever it is read, 611.3a, 613.6). Second, its
source, when any effect from the slot on may change the abilities or the text of that source (a text change, a loss
or gain of abilities, a keyword counter): the effect exists, and reads its words, only while its source has the
ability (611.3b, 612, 613.1f, 613.8a). An ability granted that generates an effect (611.3b) also touches the
objects that effect would apply to (the object given it, the object its definition names, or, read for one board from
a tie's slot on, those a lord's filter reading nothing written finds with the object given it as its source,
``lord_objects``). Every value an
effect uses reads nothing written from the slot on (613.8a, "what it does": it is the same wherever it is read). So
does every condition of a static ability (611.3a: the effect exists or not throughout). Every operation is local to
the object it changes: it reads and writes only that object's characteristics. These are the operations of
``orders.SCOPE_OPS``, text changes, losses and gains of abilities and keyword counters. A copy, a new controller or
a face-down status is not local: each changes what other effects read, or whose choice a tie is. An object whose
text may change must not be the source of an effect that gives abilities or reads words (filters by a
characteristic, values), since the change could rewrite those (612.2). Territories are the classes of objects
linked by being touched by one effect; an effect's territory is that of the objects it touches. A board looked at
as an object would enter (614.12) is in the shape too: another object's static ability does not reach the entering
object yet, which only takes an object, named by identity, out of what an effect touches (the set above still holds
every object it may change).

**Why one order per group suffices (proof sketch).** A tie's keys are grouped by the territories of the effects
they name (``orders.groups``); the orders tried are the products of the orders tried of each group. Take any order
of the tie and the tried one with the same order inside each group. An effect of territory T changes only T's
objects; every effect of T reads only T's objects (its existence and words, its source's abilities; its objects,
fixed) or what no effect from the slot on writes (its values, its filter, its condition). So 613.8a's trial
(does applying B change whether A exists, its text, what it applies
to, what it does) can link only effects of one territory, and dependency, readiness (613.8b) and so the sequence
in which the layer loop applies the effects of T are decided by T's state alone and, where the order decides,
by the order inside T's group, the same in both orders. T's objects end alike; effects of other territories
commute with T's and read nothing of it. The keys' order recorded for later ties (``reference.choices``) orders
effects of different territories there too, where again it changes nothing; inside one group, the orders tried
are every order (or, where every effect of the group's territories is in ``orders``' scope, the classes of
``orders`` read on those effects alone: the other territories do not meet them; losses of all abilities are allowed
among them where no object they reach can hold a defined ability whose effect applies before the losses' layer
(unless only in slots before the tie's, or begun before it and locked in, 613.6, characteristic-defining too, or
begun in a slot from the tie's to the losses', 613.1f), or in it with the group's
timestamp, and every defined ability given applies after it and commutes with everything there, on the object given it
or on objects it names by identity, ``holds_no_definition``, ``apart_from_tie``, ``done_before``, ``locked_before``,
``defined_locked_before``, ``begun_before_losses`` and ``granted_apart``; a held defined ability acting from the
losses' layer on, whatever its timestamp (the group's too), that waits for a loss existing in every order and so never
applies, ``lost_first``, a loss of named abilities with no definition acting on its holder alone among them,
``takes_keywords_alone``; a characteristic-defining one done before the tie, ``defined_before``; a defined ability
given acting on the object given it from the losses' layer on, ``granted_at_losses``, or on objects a filter reading
nothing written finds (a lord given), where no loss reaches one of those but with the object given it, ``lord_given``;
two
given that each act on the object given them need not commute, their effects tying by themselves, ``given_parts``; a
held defined ability begun before the losses that takes keywords from its holder alone and applies there before every
effect it meets, ``begun_taking``; or, with no loss at all, gains whose given definitions commute with everything where
they apply, a lord's too, ``gains_alone``), and
``reference_optimized.last_touch`` reads them as settings, on the objects each effect applies to, which are fixed
here even where a filter on characteristics finds them). A tie whose keys name an effect
that meets, in a later slot, an effect of the same timestamp the keys do not name keeps every order
(``orders.pins_later``), as before. So does a tie where a rule orders two effects of one timestamp in different
territories (``ruled_across``: 613.7n puts an object's own static ability before a resolving effect on it, and
613.7m's APNAP order puts one player's objects first). Such a rule keeps an effect out of a tie until an effect of
another territory has applied, so the order inside one territory could depend on another's. Every tried order is
an order of the tie, so no outcome is added.
``tests/reference_optimized/test_territories.py`` compares the outcomes with every order's on generated boards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from reference.choices import tie_keys
from reference.effects import ContinuousEffect, affected, effect_origin, find_definition
from reference.model import AbilityDef, Board, Part, State
from reference.timestamps import Tie, holder, must_precede, timestamp_player
from reference.versions import RulesVersion
from reference.vocabulary import INTRINSIC_MANA, OPERATION_KIND, is_mana_ability

from .last_touch import LOSE_ALL, last_touch_orders
from .orders import (
    SCOPE_OPS,
    commute,
    components,
    every_of,
    groups,
    last_writer_orders,
    linked,
    orders_product,
    part_out_of_scope,
    pins_later,
    these,
)
from .reads import ABILITY_FIELDS, FIELDS, WRITES, condition_reads, filter_reads, value_reads
from .text_changes import text_change_components

# 612, 613.1f, 122.1b: operations beyond ``SCOPE_OPS`` that read and write only the object they change
LOCAL_OPS = SCOPE_OPS | {
    "replace_word",
    "remove_abilities",
    "remove_all_abilities",
    "remove_all_abilities_except_mana",
    "counter_keyword",
}
# 611.3b, 612, 613.1f: what an object's abilities, and so the effects they generate, are read from
_WORDS = ABILITY_FIELDS | {"text_changes"}
# 611.3b: operations that give an object abilities, by name
_GIVING = frozenset({"add_abilities", "counter_keyword"})
# 613.1f: the operations that may take an ability away from their objects (and so end an effect, 611.3b)
_TAKING = LOSE_ALL | {"remove_abilities"}
Locked = Mapping[str, tuple[ContinuousEffect, frozenset[str]]]


def identity_objects(filt: Any, source: str | None) -> frozenset[str] | None:
    """611.3a, 109.2: the objects a filter names by identity alone ("this creature", one object, listed objects);
    None when it reads a characteristic (which objects it finds might change)."""
    if not isinstance(filt, Mapping) or len(filt) != 1:
        return None
    ((key, value),) = filt.items()
    if key == "is_source" and value is True:
        return None if source is None else frozenset({source})
    if key == "id" and isinstance(value, str):
        return frozenset({value})
    if key == "ids" and isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return frozenset(value)
    return None


def constant(part: Part, written: frozenset[str] = frozenset()) -> bool:
    """613.8a: the operation is local to its object (``LOCAL_OPS``) and its values read nothing ``written`` (a number
    reads nothing; another value is the same wherever it is read from the slot on)."""
    if part.op not in LOCAL_OPS:
        return False
    for k, v in part.args.items():
        if k in ("power", "toughness") and not isinstance(v, int) and value_reads(v) & written:
            return False
        if k not in ("power", "toughness") and isinstance(v, Mapping):
            return False
    return True


def given(part: Part, board: Board) -> tuple[str, ...]:
    """611.3b: the defined abilities (ones that may generate an effect) an operation gives, by name."""
    if part.op not in _GIVING:
        return ()
    return tuple(w for w in named_abilities(part) if w in board.abilities)


def named_abilities(part: Part) -> tuple[str, ...]:
    """613.1f: the abilities an operation adding or removing abilities names (a keyword counter names its keyword)."""
    named = part.args.get("abilities", part.args.get("ability"))
    return (named,) if isinstance(named, str) else tuple(named or ())


def touched(
    e: ContinuousEffect, locked: Locked, board: Board, state: State, written: frozenset[str]
) -> frozenset[str] | None:
    """611.2c, 611.3a, 613.6: the fixed objects the effect applies to from the slot on: its list, those it locked
    in, those a filter names by identity, or those a filter reading nothing ``written`` finds now (it finds the same
    ones wherever it is read from the slot on); None when they may change."""
    if e.key in locked:
        return locked[e.key][1]
    if e.targets is not None:
        return frozenset(e.targets)
    named = identity_objects(e.filter, e.source)
    if named is not None:
        return named
    if filter_reads(e.filter) & written:
        return None
    return affected(e, board, state, dict(locked))


def writes_from(effects: Sequence[ContinuousEffect], board: Board) -> frozenset[str] | None:
    """613.1: every characteristic an effect from the slot on may write, with the effects of abilities they may give
    (611.3b); None when an operation or a given ability is outside the shape (not local, or giving in turn)."""
    out: set[str] = set()
    for e in effects:
        for p in e.parts:
            if p.op not in LOCAL_OPS:
                return None
            out |= WRITES.get(p.op, FIELDS)
            for w in given(p, board):
                for q in board.abilities[w].parts:
                    if q.op not in LOCAL_OPS or given(q, board):
                        return None
                    out |= WRITES.get(q.op, FIELDS)
    return frozenset(out)


def territories(
    effects: Sequence[ContinuousEffect], locked: Locked, board: Board, state: State, lords: bool = False
) -> dict[str, int] | None:
    """611.3b, 612, 613.1f, 613.8a: each effect's territory (module docstring); None outside the shape. With ``lords``
    (one board, from a tie's slot on), a lord given joins the objects its filter finds to those given it."""
    written = writes_from(effects, board)
    if written is None:
        return None
    if any(d.condition is not None and condition_reads(d.condition)[0] & written for d in board.abilities.values()):
        return None  # 611.3a: an effect that exists only while a condition holds, and it may stop or start holding
    objects: dict[str, frozenset[str]] = {}
    links: list[frozenset[str]] = []
    worded: set[str] = set()  # objects whose abilities or text may change from the slot on
    text: set[str] = set()  # objects whose text may change
    for e in effects:
        fixed = touched(e, locked, board, state, written)
        if fixed is None or not all(constant(p, written) for p in e.parts):
            return None
        objects[e.key] = fixed
        for p in e.parts:
            if WRITES.get(p.op, FIELDS) & _WORDS:
                worded |= fixed
            if p.op == "replace_word":
                text |= fixed
            for w in given(p, board):
                d = board.abilities[w]
                own = d.applies_to == {"is_source": True}  # "this creature": the object given it
                named = frozenset() if own else identity_objects(d.applies_to, None)
                if named is None and lords:  # 611.3a: a lord given, its objects found with each holder as its source
                    found = lord_objects(d, fixed, board, state, written)
                    named = None if found is None else frozenset().union(*found.values())
                if named is None or not all(constant(q, written) for q in d.parts):
                    return None
                reach = named | fixed
                links.append(reach)
                if any(WRITES.get(q.op, FIELDS) & _WORDS for q in d.parts):
                    worded |= reach
    for e in effects:
        if e.source is not None and e.source in text and e.key not in locked:
            if any(p.op in _GIVING for p in e.parts):
                return None  # 612.2: a text change could make what it gives name another ability
            if identity_objects(e.filter, e.source) is None and e.targets is None:
                return None  # 612.2: a text change could change the words its filter reads
            if any(not isinstance(p.args.get(k, 0), int) for p in e.parts for k in ("power", "toughness")):
                return None  # 612.2: or the words its values read
        own = e.origin in ("static", "cda") and e.source is not None and e.source in worded and e.key not in locked
        links.append(objects[e.key] | ({e.source} if own and e.source is not None else set()))
    find = linked(sorted(group) for group in links)
    roots: dict[str, int] = {}
    out: dict[str, int] = {}
    for i, e in enumerate(effects):
        touched_here = sorted(objects[e.key])
        root = find(touched_here[0]) if touched_here else f"\x00{i}"  # touching nothing: a territory of its own
        out[e.key] = roots.setdefault(root, len(roots))
    return out


def ruled_across(
    effects: Sequence[ContinuousEffect], where: Mapping[str, int], board: Board, state: State, version: RulesVersion
) -> bool:
    """613.7n, 613.7m: two effects of one timestamp in different territories that a rule may order (an object's own
    static ability before a resolving effect on it; APNAP order between two players' objects). Such a rule takes an
    effect out of a tie until an effect of another territory has applied, so the order inside a territory could
    then depend on another territory's (``tests/reference_optimized/test_territories.py`` has such a board)."""
    controllers = {i: ch.controller for i, ch in state.items()}
    player = {e.key: timestamp_player(e, board, controllers) for e in effects}
    for i, a in enumerate(effects):
        for b in effects[i + 1 :]:
            if a.timestamp != b.timestamp or where[a.key] == where[b.key]:
                continue
            pa, pb = player[a.key], player[b.key]
            if must_precede(a, b, version) or must_precede(b, a, version) or (None not in (pa, pb) and pa != pb):
                return True
    return False


def territory_orders(
    tie: Tie, effects: Sequence[ContinuousEffect], locked: Locked, board: Board, state: State, version: RulesVersion
) -> list[Callable[[], Iterable[tuple[str, ...]]]] | None:
    """613.7m, 613.8a: the orders worth trying of each group of the tie's keys, grouped by territory (module
    docstring); None outside the shape, or where the recorded order may also place the keys in a later tie."""
    keys = tie_keys(tie)
    if pins_later(keys, tie.slot, effects, version) or not names_only_present(tie, effects):
        return None
    where = territories(effects, locked, board, state, lords=True)
    if where is None or ruled_across(effects, where, board, state, version):
        return None
    written = writes_from(effects, board) or frozenset()
    objects = {e.key: touched(e, locked, board, state, written) or frozenset() for e in effects}
    # 611.2c, 611.3a, 613.6: the objects each effect applies to, the same wherever it is read from the slot on
    applies = {e.key: affected(e, board, state, dict(locked)) for e in effects}
    out: list[Callable[[], Iterable[tuple[str, ...]]]] = []
    for group in groups(keys, effects, where):
        at = (objects, state, tie.slot, applies, frozenset(locked))
        out.append(_inside(tuple(group), effects, where, board, version, at))
    return out


def names_only_present(tie: Tie, effects: Sequence[ContinuousEffect]) -> bool:
    """611.3b, 613.7a, 613.7m: every key and effect of the tie names an effect in play as its slot begins. An ability
    granted in the tie's own slot generates its effect only once its gain has applied there; that effect may tie with
    one of the slot's (613.7a: its holder's timestamp, or its gain's, the later), and ``orders.groups`` would give its
    key, naming no effect read here, a group of its own, tried in one order (Rune of Flight on Colossus Hammer,
    ``tests/reference_optimized/test_lord_given.py``). Such a tie keeps every order."""
    present = {e.key for e in effects}
    named = present | {holder(e) for e in effects}
    return set(tie_keys(tie)) <= named and set(tie.effects) <= present


def _inside(
    group: tuple[str, ...],
    effects: Sequence[ContinuousEffect],
    where: Mapping[str, int],
    board: Board,
    version: RulesVersion,
    at: tuple[Mapping[str, frozenset[str]], State, str, Mapping[str, frozenset[str]], frozenset[str]],
) -> Callable[[], Iterable[tuple[str, ...]]]:
    """613.7m: the orders tried of one group: ``orders``' classes read on the effects of its territories alone when
    they are all in ``orders``' scope (no text change, loss or keyword counter, nothing granted that generates an
    effect) or losses of all abilities that end and start no effect (``holds_no_definition``) or gains alone whose given
    effects commute where they apply (``gains_alone``), the components of
    its text changes (``reference_optimized.text_changes``; ``at``: the objects each effect touches, the
    characteristics as the slot begins, the slot, the objects each effect applies to, which ``last_touch`` reads per
    object, 611.3a, 613.6, and the effects locked in as it begins), else every order of the group; lazily."""
    if len(group) < 2:
        return lambda: iter([group])
    mine = {where[e.key] for e in effects if any(k in (holder(e), e.key) for k in group)}
    near = [e for e in effects if where[e.key] in mine]
    objects, state, slot, applies, locked = at
    texts = text_change_components(group, near, objects, board, state, slot, version)
    if texts is not None:
        split = [every_of(c) for c in texts]
        return lambda: orders_product(split)
    stamps = frozenset(e.timestamp for e in near if any(k in (holder(e), e.key) for k in group))
    lose_all = holds_no_definition(
        near, objects, board, state, version, stamps, version.slot_index(slot), locked, lords=True
    )
    gifts = not lose_all and gains_alone(near, objects, board, state, version)  # 611.3b: gains only, no loss
    if not (lose_all or gifts) and not all(part_out_of_scope(p, board) is None for e in near for p in e.parts):
        return every_of(tuple(group))
    # 611.3a, 613.6: each effect's objects, the same in every order (the shape's filters read nothing written from the
    # slot on); 614.12: not for an object looked at as it would enter (kept as before)
    fixed = applies if board.entering is None else None
    if lose_all:  # 611.3b, 613.8b: effects that end before they would first apply, in every order (``lost_first``)
        gone = never_applying(near, objects, board, state, version, group)
        near = [e for e in near if e.key not in gone]
    subs: list[Callable[[], Iterable[tuple[str, ...]]]] = []
    for sub in groups(list(group), near, components(near, version)):
        fewer = None if len(sub) < 3 else last_touch_orders(sub, near, version, lose_all, fixed)
        if fewer is None and len(sub) >= 3:
            fewer = last_writer_orders(sub, near, version)
        subs.append(every_of(tuple(sub)) if fewer is None else these(tuple(fewer)))
    return lambda: orders_product(subs)


def holds_no_definition(
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    board: Board,
    state: State,
    version: RulesVersion | None = None,
    stamps: frozenset[float] | None = None,
    start: int | None = None,
    locked: frozenset[str] = frozenset(),
    lords: bool = False,
) -> bool:
    """611.3b, 613.1f, 605.1a: every operation of the territories is in ``orders``' scope or a loss of all abilities,
    or of all but mana abilities (one at least), and no object such a loss applies to can hold, from the slot on, an
    ability whose wording stands for a definition: not one it has as the slot begins (read through its text changes,
    612), one an effect gives (``part_out_of_scope``: none gives a defined one; with ``version`` and ``stamps``, one
    ``granted_apart`` allows), or a basic land type's mana ability (305.6). With ``version``, one it has as the slot
    begins is allowed when its effect applies only in layers after every such loss (``ends_after``); with ``stamps``
    too (the timestamps of the group's effects), when its effect applies from the losses' layer on and has none of
    those timestamps (``apart_from_tie``); with ``start`` (the tie's slot), when its effect applies only in slots before
    it (``done_before``), or when it began to apply before it and is locked in (``locked``: the keys of the effects
    locked in as the slot begins) with none of ``stamps`` (``locked_before``, and ``defined_locked_before`` for a
    characteristic-defining one), or when its first slot is the tie's or one before the losses'
    (``begun_before_losses``); when it is characteristic-defining and applies only in slots before the tie's
    (``defined_before``); or, whatever its timestamp, when its effect applies from the losses' slot on and waits for a
    loss of all abilities reaching its holder that exists in every order (``lost_first``: it never applies; a loss of
    named abilities with no definition on its holder alone too, ``takes_keywords_alone``). A gain may also give a
    defined ability acting on the object given it from the losses' slot on (``granted_at_losses``); the gains' effects
    need not commute with the held effects ``lost_first`` takes (``never_applying``: they apply in no order, 613.8b).
    With ``lords`` (one board read from the tie's slot on, ``territory_orders``), a gain may also give a lord acting on
    objects its filter finds (``lord_given``, checked against every effect near, those that never apply included).
    Its losses and gains then end and start no effect that could apply while the order matters, or one that applies,
    or not, at the same place in every order, or one that commutes with everything where it applies
    (``reference_optimized.last_touch``, "Losses of all abilities", "A defined ability held apart from the tie", "A
    defined ability given by the group")."""
    parts = [(e, p) for e in near for p in e.parts]
    losers = [e for e, p in parts if p.op in LOSE_ALL]
    if not losers:
        return False
    where = max(_slot_index(e.origin, p.op, version) for e, p in parts if p.op in LOSE_ALL) if version else 0
    granted = [board.abilities[w] for _, p in parts if p.op == "add_abilities" for w in given(p, board)]
    # 613.8b: a held effect waiting for a sure loss applies in no order (``lost_first``): no gain need commute with it
    gone = never_applying(near, objects, board, state, version) if version is not None and granted else frozenset()
    # 613.6, 613.7: a held definition begun before the losses that takes keywords applies on its holder before every
    # effect a gain starts (``begun_taking``): no gain need commute with it either
    early = begun_taking(near, objects, board, state, version, stamps, start, where) if version else frozenset()
    live = [e for e in near if e.key not in gone | early]
    for e, p in parts:
        if p.op in LOSE_ALL or part_out_of_scope(p, board) is None:
            continue
        # 611.3b: a gain of defined abilities, each of whose effects commutes with everything in its layers
        if p.op != "add_abilities" or version is None or stamps is None:
            return False
        for w in given(p, board):
            g = board.abilities[w]
            if not (
                granted_apart(g, where, live, granted, board, version)
                or granted_at_losses(g, where, live, granted, board, version)
                or (lords and lord_given(g, objects[e.key], where, near, objects, granted, board, state, version))
            ):
                return False
    for oid, ch in ((o, state[o]) for o in sorted({o for e in losers for o in objects[e.key]}) if o in state):
        if any(find_definition(board, w, ch.text_changes) is not None for w in INTRINSIC_MANA.values()):
            return False
        for w in ch.abilities:
            d = find_definition(board, w, ch.text_changes)
            if d is None:
                continue
            if version is None:
                return False
            if (
                done_before(d, start, version)
                or defined_before(d, start, version)
                or locked_before(d, f"{oid}:{d.text}", oid, near, locked, stamps)
                or defined_locked_before(d, f"{oid}:{d.text}", oid, near, locked, stamps)
                or begun_before_losses(d, oid, near, start, where, version, stamps, f"{oid}:{d.text}" in early)
            ):
                continue
            if ends_after(d, where, version) or apart_from_tie(d, w, oid, near, where, version, stamps):
                continue
            keywords = takes_keywords_alone(d, board, ch.text_changes)
            if not lost_first(d, w, oid, near, objects, where, version, keywords):
                return False
    return True


def _slot_index(origin: str, op: str, version: RulesVersion) -> int:
    """613.1-613.4: where the slot of an operation from ``origin`` comes in the version's order (-1: none)."""
    slot = version.slot_of(OPERATION_KIND[op], origin)
    return -1 if slot is None else version.slot_index(slot)


def layers_only(d: AbilityDef) -> bool:
    """611.3a, 614.1c, 111.3, 113.6: the effect a definition generates does nothing but apply its parts in layers: no
    condition, no "enters with" replacement, no token, and no zone other than the battlefield it functions from."""
    return d.condition is None and d.enters_with is None and d.creates is None and d.functions_in is None


def _holder_untied(held_by: str, near: Sequence[ContinuousEffect], stamps: frozenset[float]) -> bool:
    """613.7: no static ability of ``held_by`` generates an effect with one of the group's timestamps (``stamps``), so
    each effect of its holder applies before the group's effects or after them, never among them."""
    return not any(e.source == held_by and e.origin in ("static", "cda") and e.timestamp in stamps for e in near)


def _takes_nothing_holder_untied(
    d: AbilityDef, held_by: str, near: Sequence[ContinuousEffect], stamps: frozenset[float]
) -> bool:
    """613.6, 613.7, 613.8a: the effect of ``d`` takes no ability away (``_TAKING``), so it ends and starts no effect
    by itself, and its holder has no effect with one of the group's timestamps (``_holder_untied``)."""
    return not any(p.op in _TAKING for p in d.parts) and _holder_untied(held_by, near, stamps)


def ends_after(d: AbilityDef, where: int, version: RulesVersion) -> bool:
    """611.3b, 613.1, 613.6: the effect the definition generates applies only in slots after ``where`` (the slots of
    the losses of all abilities from the tie's slot on), and does nothing else (no condition, no replacement, no
    token). A loss then ends it before it would first apply, and its object loses it in every order of the tie or in
    none (the losses reaching the object are fixed, no gain names a defined ability, and a mana ability's wording is
    spared alike in every order, 605.1a), so it applies in every order or in none."""
    if not d.parts or not layers_only(d):
        return False
    origins = ("static", "cda") if d.cda else ("static",)
    return all(_slot_index(o, p.op, version) > where for p in d.parts for o in origins)


def done_before(d: AbilityDef, start: int | None, version: RulesVersion) -> bool:
    """611.3b, 613.1, 613.6: the effect the definition generates applies only in slots before ``start`` (the tie's
    slot), and does nothing else (no condition, replacement or token; not characteristic-defining). Those slots are the
    same in every order of the tie (its first open one, ``reference.choices``), and the effect has applied there, or
    not, before the tie's slot begins: from the slot on it generates nothing, so losing or keeping its wording ends and
    starts no effect, and the wording is an element of its holder's abilities like a keyword's (module docstring of
    ``last_touch``, "A defined ability held, done before the tie")."""
    if start is None or not d.parts or d.cda or not layers_only(d):
        return False
    return all(_slot_index("static", p.op, version) < start for p in d.parts)


def defined_before(d: AbilityDef, start: int | None, version: RulesVersion) -> bool:
    """611.3b, 613.1, 613.3, 604.3: ``done_before`` for a characteristic-defining ability (which ``done_before`` leaves
    out), whatever its timestamp (the group's too): its effect applies only in slots before ``start`` (the tie's slot),
    read as the slots it has as one, and does nothing else (no condition, replacement or token). Those slots are the
    same in every order of the tie (its first open one, ``reference.choices``): the effect applied there first in each
    (613.3), kept out of dependency on other effects (613.8a(c)), before the tie's slot began. From the slot on it
    generates nothing, so losing or keeping its wording ends and starts no effect, and the wording is an element of its
    holder's abilities like a keyword's (module docstring of ``last_touch``, "A defined ability held, done before the
    tie"). Before M10 (418.5) colors and abilities share one layer, so a color-defining ability is in the tie's slot
    there and is not taken."""
    if start is None or not d.parts or not d.cda or not layers_only(d):
        return False
    return all(-1 < _slot_index("cda", p.op, version) < start for p in d.parts)


def locked_before(
    d: AbilityDef,
    key: str,
    held_by: str,
    near: Sequence[ContinuousEffect],
    locked: frozenset[str],
    stamps: frozenset[float] | None,
) -> bool:
    """611.3b, 613.6, 613.7: the effect of the definition ``held_by`` holds (``key``) began to apply in a slot before
    the tie's and is locked in (``locked``), does nothing else (no condition, replacement or token; not
    characteristic-defining), and its holder has no effect with one of the group's timestamps (``stamps``). Once begun
    it keeps applying to the same objects even if the ability is removed (613.6), so from the tie's slot on it exists
    in every order, a fixed effect whose place among the group's is decided by its timestamp alone (613.7): before or
    after all of them, never between (module docstring of ``last_touch``, "A defined ability held, locked in before
    the tie")."""
    if stamps is None or key not in locked or d.cda or not layers_only(d):
        return False
    return _holder_untied(held_by, near, stamps)


def defined_locked_before(
    d: AbilityDef,
    key: str,
    held_by: str,
    near: Sequence[ContinuousEffect],
    locked: frozenset[str],
    stamps: frozenset[float] | None,
) -> bool:
    """611.3b, 613.3, 613.6, 613.8a(c): ``locked_before`` for a characteristic-defining ability (which ``locked_before``
    leaves out): its effect D began to apply in a slot before the tie's and is locked in (``locked``), does nothing else
    (``layers_only``), takes no ability away (``_TAKING``) and its holder has no effect with one of the group's
    timestamps (``stamps``). Locked in, D keeps applying to the same objects in its later slots though its ability is
    lost (613.6: the resolver regenerates a locked effect as it was), so from the tie's slot on it exists in every
    order, with fixed objects and values (the territories' shape). In each of its slots 613.3 applies it before every
    effect that is not characteristic-defining, and among characteristic-defining ones by timestamp (613.7; none of the
    group's, so before or after all of the group's); no effect changes its existence, objects or values, and it ends
    and starts none (it takes nothing away, and the shape's filters and values read nothing written from the slot on),
    so no dependency moves it (613.8a). Its writes are a fixed step in every order, its wording an element of its
    holder's abilities like a keyword's, and the signature of an order still decides the outcome (module docstring of
    ``last_touch``, "A defined ability held, locked in before the tie")."""
    if stamps is None or key not in locked or not d.cda or not layers_only(d):
        return False
    return _takes_nothing_holder_untied(d, held_by, near, stamps)


def begun_before_losses(
    d: AbilityDef,
    held_by: str,
    near: Sequence[ContinuousEffect],
    start: int | None,
    where: int,
    version: RulesVersion,
    stamps: frozenset[float] | None,
    takes_first: bool = False,
) -> bool:
    """611.3b, 613.1f, 613.3, 613.6, 613.7: the effect E of the definition ``held_by`` holds has its first slot in or
    after the tie's (``start``) and before the losses' (``where``), does nothing else (``layers_only``), takes no
    ability away (``_TAKING``), and its holder has no effect with one of the group's timestamps (``stamps``). Every
    operation of the shape that gives or takes abilities is in the abilities' layer (613.1f), the losses' slot; the
    holder has the wording as the tie's slot begins (text changes are outside the shape), so E exists in every slot
    before the losses' in every order, and begins to apply in its first one, the same in every order. There its place
    among the group's effects is fixed: by timestamp (613.7, none of the group's), first if characteristic-defining
    (613.3); no effect changes its existence, objects or values, and it ends and starts none (it takes nothing away;
    the shape's filters and values read nothing written from the slot on), so no dependency moves it (613.8a). Once
    begun it keeps applying to the same objects in its later slots though the losses take its ability away (613.6),
    at the same fixed place. So in every order E is the same fixed steps, its wording an element of its holder's
    abilities like a keyword's, and the signature of an order decides the outcome as for ``locked_before``. E may take
    abilities away where the caller found (``takes_first``) that it takes keywords alone from its holder and comes first
    on its holder in the losses' slot (``begun_taking``, which gives the argument)."""
    if start is None or stamps is None or not d.parts or not layers_only(d):
        return False
    origin = effect_origin(d, granted=False)  # 604.3a: a held characteristic-defining ability's slots are a CDA's
    if not start <= min(_slot_index(origin, p.op, version) for p in d.parts) < where:
        return False
    if takes_first and any(p.op in _TAKING for p in d.parts):
        return _holder_untied(held_by, near, stamps)  # 613.6, 613.7: what it takes is taken first (``begun_taking``)
    return _takes_nothing_holder_untied(d, held_by, near, stamps)


def begun_taking(
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    board: Board,
    state: State,
    version: RulesVersion,
    stamps: frozenset[float] | None,
    start: int | None,
    where: int,
) -> frozenset[str]:
    """611.3b, 613.1f, 613.3, 613.6, 613.7, 613.8a-b, 613.4c: the keys of the effects of held definitions that
    ``begun_before_losses`` takes though they take abilities away ("this creature is green and loses flying.", held by
    an object X a loss of all abilities reaches): each takes keywords alone from X (``takes_keywords_alone``) and comes
    first on X in the losses' slot (``taken_first``). Why its effect E is then the same fixed steps in every order,
    rule by rule:

    - 613.1f, 611.3b, 613.6: E's first slot comes before the losses' (``where``), and every operation of the shape
      that gives or takes abilities is in the abilities' slot, ``where``'s; text changes are outside the shape. So X
      has E's wording in E's first slot in every order, E begins to apply there, the same in every order, and is locked
      in: it keeps applying to X in its later slots, the losses' included, though a tied loss takes its wording away.
      What it takes, keywords named by its text, is fixed then too (no text change): the same operations in every order.
    - 613.8a: in the losses' slot E depends on nothing (no effect changes its existence once it is locked in, its
      text, its object or what it does), and nothing depends on E: it takes only keywords with no definition behind
      them, so it ends no effect (611.3b), and no filter, value or condition of the shape reads abilities. So E is ready
      from the slot's start to the moment it applies.
    - 613.7, 613.3: every other effect of the territories with a part in that slot acting on X, and every effect that
      gives a defined ability (whose given effect, on X or on objects a lord finds, exists only once that gain has
      applied, with a timestamp no earlier than the gain's, 613.7a), has a timestamp later than E's and is not
      characteristic-defining. The layer loop applies the ready effect of the earliest timestamp first (613.8b), and E
      is ready and earlier than each of them until it applies: E applies on X before every one of them, in every
      order, and before any effect a gain starts exists. Its timestamp is none of the group's (``_holder_untied``).
    - So on X the losses' slot is E, then the rest: the group's gains may give back what E took (a gain set last is
      present, ``last_touch``), and the signature of the order decides X's abilities, with E a fixed step before the
      group's effects. In E's later slots its place is fixed by its timestamp as ``begun_before_losses`` argues (and
      before each given effect, of a later timestamp), so the given effects need not commute with E
      (``holds_no_definition``' ``live``)."""
    if stamps is None or start is None:
        return frozenset()
    out: set[str] = set()
    reached = {o for e in near for p in e.parts if p.op in LOSE_ALL for o in objects[e.key]}
    for oid in sorted(reached & state.keys()):
        ch = state[oid]
        for w in ch.abilities:
            d = find_definition(board, w, ch.text_changes)
            if d is None or w in ch.granted or not any(p.op in _TAKING for p in d.parts):
                continue
            key = f"{oid}:{d.text}"
            if not takes_keywords_alone(d, board, ch.text_changes) or not taken_first(
                key, oid, near, objects, board, where, version
            ):
                continue
            if begun_before_losses(d, oid, near, start, where, version, stamps, True):
                out.add(key)
    return frozenset(out)


def taken_first(
    key: str,
    held_by: str,
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    board: Board,
    where: int,
    version: RulesVersion,
) -> bool:
    """613.7, 613.7a, 613.3, 613.8b: the held effect ``key`` of ``held_by`` is a static ability's in ``near``, and
    every other effect of ``near`` with a part in the losses' slot (``where``) acting on ``held_by``, and every effect
    of ``near`` giving a defined ability, has a later timestamp and is not characteristic-defining: the held effect,
    ready, applies on its holder before each of them (``begun_taking``)."""
    mine = next((e for e in near if e.key == key), None)
    if mine is None or mine.origin != "static" or mine.source != held_by:
        return False
    for f in near:
        if f.key == key:
            continue
        meets = held_by in objects[f.key] and any(_slot_index(f.origin, p.op, version) == where for p in f.parts)
        gives = any(given(p, board) for p in f.parts)
        if (meets or gives) and (f.timestamp <= mine.timestamp or f.origin == "cda"):
            return False  # 613.7, 613.3: it could apply on the holder first, or tie with it
    return True


def apart_from_tie(
    d: AbilityDef,
    wording: str,
    held_by: str,
    near: Sequence[ContinuousEffect],
    where: int,
    version: RulesVersion,
    stamps: frozenset[float] | None,
) -> bool:
    """611.3b, 613.6, 613.7, 613.8a: the effect of the definition ``held_by`` holds applies from the losses' slot
    (``where``) on, in no slot before, and has none of the group's timestamps (``stamps``), so whether and where it
    applies in that slot is the same in every order of the group (module docstring of ``last_touch``, "A defined
    ability held apart from the tie"): it does nothing else (no condition, no replacement, no token, not a
    characteristic-defining ability, 613.3) and is no mana ability (605.1a: every loss reaching its holder takes it
    away). Every effect of its holder from the slot on is checked, since the held ability's effect is one of them. It
    takes no ability away (``_TAKING``): the moment it ends is the first loss reaching its holder, which the order
    places, and an effect whose existence it could change (613.8a) would become ready then: "c loses all abilities"
    held by an earlier o0 ends as the first tied loss of o0 applies, and c's "other creatures you control have
    vigilance", waiting for it, applies there, before or after a tied loss of o1's abilities as the order says
    (``tests/reference_optimized/test_lose_all_tied_holders.py``)."""
    if stamps is None or not ends_after(d, where - 1, version) or d.cda or is_mana_ability(wording):
        return False
    return _takes_nothing_holder_untied(d, held_by, near, stamps)


def lost_first(
    d: AbilityDef,
    wording: str,
    held_by: str,
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    where: int,
    version: RulesVersion,
    keywords_taken: bool = False,
) -> bool:
    """611.3b, 613.8a-b, 613.7m: the effect E of the definition ``held_by`` holds applies from the losses' slot
    (``where``) on, in no slot before, whatever its timestamp (the group's too, where ``apart_from_tie`` refuses it),
    and a loss of all abilities reaching its holder in that slot exists in every order (``sure_loss``). E then depends
    on that loss (613.8a: one layer, neither characteristic-defining, and applying the loss would stop E existing), and
    on every other loss reaching its holder while that one exists unapplied. No effect depends on E: E takes no ability
    away, so it stops no effect existing, and in this shape filters and values read nothing written from the slot on,
    so it changes neither what an effect applies to nor what it does; the moment E ends, which the order places, so
    starts nothing (``apart_from_tie`` has a board where it would). So E waits for the losses (613.8b) and ends as the
    first of them applies: E never applies in the losses' slot, in any order, and so never begins (613.6), nor applies
    later (no gain gives its wording back: only ``granted_apart`` or ``granted_at_losses`` ones, whose effects are the
    granted ones). Its wording is then an element of its holder's abilities like a keyword's (module docstring of
    ``last_touch``, "A defined ability held with the group's timestamp"). It does nothing but apply in layers
    (``layers_only``), is not characteristic-defining (613.3, 613.8a(c)) and is no mana ability (605.1a: a loss but
    mana abilities may leave it, so it need not wait). E may take abilities away where the caller found
    (``keywords_taken``) that it acts on its holder alone and takes only named abilities with no definition behind them
    (``takes_keywords_alone``: "this creature loses flying."): applying E then ends no effect and changes nothing any
    effect reads, so still no effect depends on E, and E, never applying, is the same (absent) step in every order."""
    if not ends_after(d, where - 1, version) or d.cda or is_mana_ability(wording):
        return False
    if any(p.op in _TAKING for p in d.parts) and not keywords_taken:
        return False  # 613.8a: it could end a loss (a loop) or another effect, which would wait for it to end
    return any(held_by in objects[e.key] and sure_loss(e, near, objects, where, version) for e in near)


def takes_keywords_alone(d: AbilityDef, board: Board, changes: tuple[tuple[str, str], ...]) -> bool:
    """611.3b, 612.1, 613.1f, 613.8a, 605.1a: the definition acts on its holder alone ("this creature loses flying.")
    and every ability it takes away is one it names (no loss of all abilities) behind which no definition stands, read
    through the holder's text changes (``changes``), and no mana ability's wording. Applying its effect then ends no
    effect (an ability with no definition generates none, 611.3b) and changes no other effect's text; in the
    territories' shape no filter, value or condition reads what it writes (abilities are written from the slot on), so
    it changes neither what an effect applies to nor what it does: no effect depends on it (613.8a), and the moment it
    ends, which the order places, starts nothing (``lost_first``)."""
    if d.applies_to != {"is_source": True}:
        return False  # 611.3a: its objects' other effects are left unread here
    for p in d.parts:
        if p.op in LOSE_ALL:
            return False  # 613.8a: it would end the holder's other effects (and its own), a loop with the losses
        taken = named_abilities(p) if p.op in _TAKING else ()
        if any(find_definition(board, w, changes) is not None or is_mana_ability(w) for w in taken):
            return False  # 611.3b, 605.1a: it would end an effect, or spare a mana ability's loss alike
    return True


def never_applying(
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    board: Board,
    state: State,
    version: RulesVersion,
    group: Sequence[str] = (),
) -> frozenset[str]:
    """611.3b, 613.8a-b: the keys of the effects of held definitions that ``lost_first`` takes (and the other readings
    of ``holds_no_definition`` do not): each waits for a loss reaching its holder and ends as it applies, so it applies
    in no order from the slot on and is left out of the effects the group's orders are read on (none named by the
    group's keys, ``group``)."""
    parts = [(e, p) for e in near for p in e.parts if p.op in LOSE_ALL]
    if not parts:
        return frozenset()
    where = max(_slot_index(e.origin, p.op, version) for e, p in parts)
    out: set[str] = set()
    for oid in sorted({o for e, _ in parts for o in objects[e.key]} & state.keys()):
        ch = state[oid]
        for w in ch.abilities:
            d = find_definition(board, w, ch.text_changes)
            if d is None or w in ch.granted or ends_after(d, where, version):
                continue
            keywords = takes_keywords_alone(d, board, ch.text_changes)
            if not lost_first(d, w, oid, near, objects, where, version, keywords):
                continue
            for e in near:
                mine = e.origin == "static" and e.source == oid and e.ability == d.text and "(granted)" not in e.key
                if mine and e.key not in group and holder(e) not in group:
                    out.add(e.key)
    return frozenset(out)


def sure_loss(
    e: ContinuousEffect,
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    where: int,
    version: RulesVersion,
) -> bool:
    """611.3b, 613.1f, 612: the effect takes away all abilities of its objects in the losses' slot (``where``; all but
    mana abilities will do for a wording that is no mana ability's, 605.1a), and
    exists in every order from the slot on: a resolved effect (611.2c), or a static ability whose source no effect of
    the territories takes abilities from or changes the text of."""
    if not any(p.op in LOSE_ALL and _slot_index(e.origin, p.op, version) == where for p in e.parts):
        return False
    if e.origin == "resolved":
        return True
    if e.origin != "static" or e.source is None:
        return False
    takers = (f for f in near if any(p.op in _TAKING or p.op == "replace_word" for p in f.parts))
    return not any(e.source in objects[f.key] for f in takers)


def granted_at_losses(
    d: AbilityDef,
    where: int,
    near: Sequence[ContinuousEffect],
    granted: Sequence[AbilityDef],
    board: Board,
    version: RulesVersion,
) -> bool:
    """611.3b, 613.8a-b, 613.4c, 613.7m: a defined ability a gain of the group gives, acting on the object given it
    ("this creature has haste"), whose effect E applies from the losses' slot (``where``) on, with parts in that slot
    (``granted_apart`` takes those applying only after it). E depends on every loss of all abilities reaching the object
    given it while that loss exists unapplied (613.8a: applying it would stop E existing; the wording is no mana
    ability, so a loss but mana abilities takes it too), so E applies in the losses' slot only after all of them, and
    only if a gain of the wording came after the last of them: exactly when the signature of the order
    (``last_touch``) leaves the wording on the object at the end of that slot. There, and in each later slot, E
    commutes with every operation of the territories' effects (the losses of all abilities excepted in the losses'
    slot: those reaching its object are done before it, the others act on other objects) and of the other definitions
    given (``granted``), with numbers for values and nothing else to do, and nothing reads what it writes (the
    territories' shape), so where it applies among them changes nothing, whatever its timestamp or a tie that the
    recorded order decides (module docstring of ``last_touch``, "A defined ability given by the group")."""
    if not ends_after(d, where - 1, version) or ends_after(d, where, version) or d.cda:
        return False
    if d.applies_to != {"is_source": True} or is_mana_ability(d.text):
        return False  # 611.3a: another object's losses would not keep E waiting
    return commutes_where_it_applies(d, where, near, granted, board, version)


def granted_apart(
    d: AbilityDef,
    where: int,
    near: Sequence[ContinuousEffect],
    granted: Sequence[AbilityDef],
    board: Board,
    version: RulesVersion,
) -> bool:
    """611.3b, 613.4c, 613.7m: a defined ability a gain of the group gives, acting on the object given it ("this
    creature ...") or on objects its definition names by identity ("o1 gets +1/+1", fixed whoever holds it, 109.2),
    whose effect applies only in slots after the losses' (``where``) and there commutes with every
    operation of the territories' effects and of the other definitions the group gives (``granted``), with numbers for
    values and nothing else to do (no condition, replacement or token; not characteristic-defining): whether it exists
    is decided by the end of the losses' slot, by the signature of the order (its wording is an atom, ``last_touch``),
    and where it applies among the effects of its slots, or in a tie there that the recorded order decides, changes
    nothing (module docstring of ``last_touch``, "A defined ability given by the group")."""
    if not ends_after(d, where, version) or d.cda:
        return False
    if d.applies_to != {"is_source": True} and identity_objects(d.applies_to, None) is None:
        return False  # 611.3a: objects a filter finds may differ between orders
    return commutes_where_it_applies(d, where, near, granted, board, version)


def lord_objects(
    d: AbilityDef, holders: Iterable[str], board: Board, state: State, written: frozenset[str]
) -> dict[str, frozenset[str]] | None:
    """611.3a, 613.6, 109.4: for each object the definition is given to (``holders``), the objects its effect would
    apply to from the slot on ("other creatures you control", read with that object as its source and its controller
    as "you"): those ``touched`` finds, the same wherever they are read when its filter reads nothing ``written``; None
    when they may change."""
    out: dict[str, frozenset[str]] = {}
    for h in sorted(holders):
        e = ContinuousEffect(f"{h}:{d.text} (granted)", "static", 0.0, d.parts, d.text, source=h, filter=d.applies_to)
        found = touched(e, {}, board, state, written)
        if found is None:
            return None
        out[h] = found
    return out


def lord_given(
    d: AbilityDef,
    holders: frozenset[str],
    where: int,
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    granted: Sequence[AbilityDef],
    board: Board,
    state: State,
    version: RulesVersion,
) -> bool:
    """611.3b, 613.6, 613.7m, 613.8a-b, 613.4c: a lord given by the group: a defined ability that a gain in the
    territories gives to ``holders``, acting on objects its filter finds ("other creatures you control have vigilance",
    "... get +1/+1"), its effect E(h) applying from the losses' slot (``where``) on. Why the signature of an order still
    decides the outcome (module docstring of ``last_touch``, "A lord given by the group"), rule by rule:

    - 611.3b: E(h) exists exactly while h has the wording; no other effect starts or ends it. Its parts are in the
      losses' slot or later (``ends_after``), not characteristic-defining, doing nothing else (no condition, token or
      replacement), no mana ability's (605.1a: a loss but mana abilities takes it like a loss of all).
    - 611.3a, 613.6: its filter reads nothing any effect from the slot on writes (the given definitions' writes
      counted), so read with h as its source it finds the same objects F(h) at the slot's start, wherever E(h) first
      applies and locks them in (``lord_objects``; ``territories`` joins F(h) to h's territory, so every effect on an
      object of F(h) is in ``near``).
    - 613.8a-b: in the losses' slot E(h) depends on every loss of all abilities reaching h while that loss exists
      unapplied (applying it would end E(h)), and nothing depends on E(h) (it gives no defined ability, takes nothing
      away, and no filter or value reads what it writes), so it applies after all of them, and only if a gain of its
      wording came after the last: the wording's atom on h at the end of that slot, which the signature reads. A loss
      reaching an object of F(h) and not h is not waited for: the order may put it before E(h) (the object keeps what
      E gives) or after (it loses it), and a loss does not commute with a gain, so only the losses reaching h, or no
      object of F(h), are set aside (``spared``), and one other refuses the reading (every order is kept:
      ``tests/reference_optimized/test_lord_given.py``, a loss of o1's abilities beside the lord given to o0).
    - 613.4c, 613.7m: in each slot it applies in, each of E(h)'s operations commutes with every other operation there
      of the territories' effects (the spared losses aside in the losses' slot) and of the definitions given, with
      numbers for values, so its place among them (by timestamp, by a tie the recorded order decides, or by a tie of
      its own with the group's timestamp, which ``names_only_present`` keeps open in every order) changes nothing.
      Where its parts all come after the losses' slot, its existence is decided at that slot's end, as for
      ``granted_apart``."""
    if not ends_after(d, where - 1, version) or d.cda or is_mana_ability(d.text):
        return False
    found = lord_objects(d, holders, board, state, writes_from(near, board) or FIELDS)
    if found is None:
        return False
    spared = frozenset(
        e.key for e in near if all(h in objects[e.key] or not objects[e.key] & f for h, f in found.items())
    )
    return commutes_where_it_applies(d, where, near, granted, board, version, spared)


def gains_alone(
    near: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    board: Board,
    state: State,
    version: RulesVersion,
) -> bool:
    """611.3b, 613.1f, 613.6, 613.7a, 613.7m, 613.8a-b, 613.4c: a tie of gains only (no loss) that gives defined
    abilities, a lord among them, read on one board from the tie's slot on (``territory_orders``). Every operation of
    the territories ``near`` holds is in ``orders``' scope or a gain of abilities (``add_abilities``), one at least
    giving a defined ability; no object a gain of a defined wording reaches holds that wording as its own as the slot
    begins; and each definition given is one ``given_alone`` takes. Why the signature of an order (``last_touch``, the
    given wordings read as elements set present, like keywords) still decides the outcome, rule by rule:

    - 611.3b, 613.1f: the effect E(h) of a wording w given to h exists exactly while h has w. No operation of the
      territories takes a defined ability or all abilities away (a named loss in ``orders``' scope names only abilities
      with no definition), changes text (612) or puts a keyword counter, and an effect on h is in h's territory. So from
      the first gain of w reaching h on (in the gains' slot, 613.1f), h has w to the end of the layers, in every order:
      the gains apply in every order (their sources lose nothing defined), and E(h) comes to exist in that slot in
      every order, never ends, and never exists before. h does not hold w as its own (613.1f: the wording would stay
      its own, and E(h) would be its static effect from the start, not one a gain starts).
    - 611.3a, 613.6: E(h) acts on h ("this creature"), on objects its definition names by identity (109.2), or on the
      objects a filter reading nothing written from the slot on finds with h as its source (``lord_objects``; a lord):
      the same objects wherever it first applies and locks them in; ``territories`` joins them to h's territory, so
      every effect on them is in ``near``.
    - 613.8a-b: E(h) depends on nothing once it exists (nothing changes its existence, text, objects or values:
      numbers), and nothing depends on it (its operations are in ``orders``' scope, so it gives or takes no defined
      ability, and no filter, value or condition of the shape reads what it writes). Its parts are in the gains' slot
      or later (``ends_after``): a part before it would apply in no order, and is refused rather than argued.
    - 613.4c, 613.7a, 613.7m: in each slot E(h) applies in, each of its operations commutes with every operation there
      of the territories' effects and of the other definitions given (``commutes_where_it_applies``, nothing set
      aside: there is no loss). So where it applies among them (at its rank by timestamp, h's or its gain's whichever
      is later, which may differ between orders; or in a tie of its own with the group's timestamp, which
      ``names_only_present`` keeps open in every order, its key naming no effect in play as the slot begins) changes
      no object's characteristics. In every order E(h) is the same operations, up to commuting, on the same objects,
      and the outcome is the signature's: every order's outcome is reached, and every order tried is an order of the
      tie (module docstring of ``last_touch``, "A defined ability given by the group" and "A lord given by the
      group", read with no loss: nothing there waits, and nothing is set aside)."""
    gains = [(e, p) for e in near for p in e.parts if part_out_of_scope(p, board) is not None]
    if not gains or any(p.op != "add_abilities" for _, p in gains):
        return False  # 611.3b, 612, 613.1f: a loss, a text change or a keyword counter (``holds_no_definition``' shape)
    where = max(_slot_index(e.origin, p.op, version) for e, p in gains)
    granted = [board.abilities[w] for _, p in gains for w in given(p, board)]
    for e, p in gains:
        for w in given(p, board):
            if any(w in state[x].abilities for x in sorted(objects[e.key] & state.keys())):
                return False  # 613.1f: held as its own, its effect is not one the gain starts
            if not given_alone(board.abilities[w], objects[e.key], where, near, granted, board, state, version):
                return False
    return True


def given_alone(
    d: AbilityDef,
    holders: frozenset[str],
    where: int,
    near: Sequence[ContinuousEffect],
    granted: Sequence[AbilityDef],
    board: Board,
    state: State,
    version: RulesVersion,
) -> bool:
    """611.3a-b, 613.6, 613.4c: a definition a gain gives to ``holders`` where no loss is near (``gains_alone``): its
    effect does nothing but apply in layers, from the gains' slot (``where``) on (``ends_after``), is not
    characteristic-defining, acts on fixed objects (the object given it, objects named by identity, or those a lord's
    filter reading nothing written finds, ``lord_objects``) and in each of its slots commutes with every operation of
    ``near`` and of the other definitions given (``commutes_where_it_applies``)."""
    if not ends_after(d, where - 1, version) or d.cda:
        return False
    own = d.applies_to == {"is_source": True} or identity_objects(d.applies_to, None) is not None
    if not own and lord_objects(d, holders, board, state, writes_from(near, board) or FIELDS) is None:
        return False  # 611.3a: the objects its filter finds may change
    return commutes_where_it_applies(d, where, near, granted, board, version, frozenset())


def commutes_where_it_applies(
    d: AbilityDef,
    where: int,
    near: Sequence[ContinuousEffect],
    granted: Sequence[AbilityDef],
    board: Board,
    version: RulesVersion,
    spared: frozenset[str] | None = None,
) -> bool:
    """613.4c, 613.1e-f, 611.3b: in each slot where the given definition's effect applies, each of its operations is in
    ``orders``' scope with numbers for values, and commutes with every operation there of the territories' effects
    (``near``; in the losses' slot, ``where``, their losses of all abilities aside: ``granted_at_losses``; only those of
    the effects ``spared`` names, when given: ``lord_given``) and of the definitions given (``granted``; those that act
    on the object given them beside one that does too aside: ``given_parts``)."""
    for q in d.parts:
        if (
            part_out_of_scope(q, board) is not None
            or not constant(q)
            or any(isinstance(v, Mapping) for v in q.args.values())
        ):
            return False
        slot = version.slot_of(OPERATION_KIND[q.op], "static")
        at_losses = slot is not None and version.slot_index(slot) == where
        others = [
            r
            for e in near
            for r in e.parts
            if version.slot_of(OPERATION_KIND[r.op], e.origin) == slot
            and not (at_losses and r.op in LOSE_ALL and (spared is None or e.key in spared))
        ]
        others += [r for r in given_parts(d, granted) if version.slot_of(OPERATION_KIND[r.op], "static") == slot]
        if not all(commute(q, r) for r in others):
            return False
    return True


def given_parts(d: AbilityDef, granted: Sequence[AbilityDef]) -> list[Part]:
    """611.3b, 613.7a, 613.7m: the operations of the other definitions given (``granted``) that the effect of ``d`` must
    commute with. Where both act on the object given them ("this creature ..."), their effects act on one object only
    when given to one object, whose two granted abilities are then ordered pair by pair (613.7a: one object's
    abilities), by a tie of their own that no order of the group's keys decides (their keys are not the group's,
    ``reference.choices``: the tie is left open and its orders tried in every enumeration); given to two objects, they
    act on different ones. Either way the order of the group changes nothing between them, so those are left out."""
    own = d.applies_to == {"is_source": True}
    return [r for g in granted if not (own and g.applies_to == {"is_source": True} and g != d) for r in g.parts]
