"""The last tied effect to touch each characteristic decides it: one order per outcome, not n! orders.

``reference.choices.outcomes`` resolves a board once per order tried of an open tie (613.7m). For a
group of tied effects that all interact (``reference_optimized.orders``: they share a layer or
sublayer and their results there depend on their order), this module finds orders that reach every
outcome the group's orders can give, one order per *signature*, without walking the n! orders.

**Atoms.** Inside the shape below, each tied effect's operation acts on each characteristic of each
object it applies to, element by element, in one of three ways: it *sets* it to a value (613.4b: a
power or toughness set to a number; 613.1e, 105.3: a color set present or absent by a setting or an
addition of colors; 613.1f: an ability or supertype gained or lost), it *adds* an amount to it
(613.4c: a change of power or toughness by an amount), or leaves it alone. Card types gained, lost or set
(205.1a-b) are such elements too: the subtypes an object shows then follow from its card types alone (205.1a,
205.3d: the subtypes it holds, shown or set aside, are the same in every order), so they add no atom of their own.
An *atom* is one such
element: (layer or sublayer, object, characteristic, element). The value an atom ends with in its
layer is the value of the last effect that set it, plus the amounts of the effects that added to it
after that one (everything before the last setting is overwritten, and additions commute with each
other). Since one recorded order of the tied timestamps orders the tied effects in every layer where
they apply (613.7, 613.7m), the outcome of an order is fixed by its *signature*: for each atom that
at least two tied effects touch (at least one of them setting it, with values that differ), the
value it ends with as above.

**Finding every signature.** Read an order from its end: the last effect decides every atom it sets,
and an effect met further back matters only while some atom it touches is undecided (an effect whose
atoms are all decided is overwritten, wherever it stands). So a search from the end, choosing at each
step an effect that still matters, reaches every signature, and its state is only the set of atoms
decided and the additions met since (the effects that still matter follow from these). The search
keeps one order per signature (the effects that no longer matter put first, in the tie's order):
for n effects setting one characteristic, n orders; for effects setting disjoint characteristics, the
product of the choices per characteristic.

**Scope (``touches``; None outside it, and the caller keeps its other orders).** Each key of the group
names one effect; the group's effects have one timestamp; every operation they have in a layer or
sublayer where two of them interact is one of those above, with a number or a value that reads
nothing written there; in each layer or sublayer where the group has a part, no effect reads what the
group writes and no effect of the group reads what any effect writes (so dependency, 613.8, never
reorders them and every value is fixed); no effect outside the group with the same timestamp
interacts with one of the group there (its place among them would be another choice); and the objects
each effect applies to are known to be the same or disjoint: fixed objects (611.2c), the source
alone ("this creature"), one filter of one source read at one moment for all of them (613.6), or the objects
the caller passes for each effect (``fixed``), known to be the same in every order of the tie: each effect is then
read on each object it applies to, atom by atom, whatever filter found them. ``reference_optimized.territories``
passes them for filters that read nothing any effect from the tie's slot on writes (611.3a: they find the same
objects wherever they are read, 613.6), so losses of all abilities on objects "creatures you control" finds are read
as settings too.
``tests/reference_optimized/test_last_touch.py`` compares the outcomes with every order's on generated
ties of up to six effects.

**Losses of all abilities (``lose_all``).** An ability of an object is an element of its abilities: absent, or
present (its own, intrinsic, 305.6, or granted, 613.1f). An effect that gains an ability sets that element present
(granted, with the effect's timestamp, one for the whole group) unless it is present as the object's own; a loss of
a named ability sets it absent; a loss of all abilities (613.1f) sets every element absent. So read a loss of all
abilities as a setting to absent of one atom per ability named anywhere in the group's operations of the slot (a
gain or a named loss), and of one more atom, *the others*: every other ability the object may have. No gain touches
the others, so that atom is never contested: every order loses them, or none does. A gain is a setting too where it
is contested: it is contested only beside a loss (two gains set one value), and if a gain is the last touch of its
atom, a loss of that atom came before it, so the element was absent and the gain makes it granted, whatever it was
before the group; if a loss is last, absent. So the signature of an order decides the object's abilities, and the
search above finds every outcome. This needs one thing more: that an ability gained or lost generates no effect
(611.3b: its effect would appear or end partway through the slot, and the effects in play would no longer be fixed).
This module cannot see the board, so a loss of all abilities is read this way only when the caller passes
``lose_all``, having checked that no object a loss of all abilities applies to can hold, from the tie's slot on,
an ability whose wording stands for a definition (``reference.effects.find_definition``) whose effect could apply
while the order matters: the territories' shape (``reference_optimized.territories.holds_no_definition``: none held,
or each held one's effect applying only in layers after the losses', ``territories.ends_after``, so that it applies
in every order or in none), or the resolved losses ``reference_optimized.from_slot`` keeps (their objects' static
effects end before they would apply). In both, no definition is granted. Without it, the group is outside the scope
(None).

**A defined ability held apart from the tie.** ``territories.holds_no_definition`` also lets an object a loss reaches
hold a defined ability whose effect E applies from the losses' layer on and in no layer before (so it was not locked in
before it, 613.6), when E does nothing else (no condition, replacement or token; not a characteristic-defining ability,
which 613.8a(c) keeps out of dependency and 613.3 applies first), its wording is no mana ability (so every loss reaching
its holder takes it away, 605.1a), E takes no ability away (E ends as the first loss reaching its holder applies, a
moment the order places, and an effect E could stop existing would wait for E and apply then: a board in
``tests/reference_optimized/test_lose_all_tied_holders.py`` lost outcomes so), and E's timestamp is none of the group's
effects' (``territories.apart_from_tie``). In the losses' layer E exists only until the first loss reaching its holder
applies (611.3b); those losses are fixed effects, the same in every order. E is not in the group, so it comes before
every effect of the group's timestamp or after every one (613.7, by timestamp), and 613.8a's dependency (a loss reaching
its holder changes whether E exists) or E's own readiness is decided by effects the same in every order, not by the
order inside the group (no effect of the group reads what E writes: the filters and values in this shape read nothing
written from the slot on). So in every order E applies before the group, or after it, or not at all, the same way; its
parts in later layers apply when it began to apply in that layer (613.6), the same way too. Its writes are then a fixed
step before or after the group's effects, and the signature of an order still decides the outcome. The property test
``tests/reference_optimized/test_lose_all_held.py`` compares this with every order.

**A defined ability held, done before the tie.** ``territories.holds_no_definition`` also lets an object a loss
reaches hold a defined ability whose effect applies only in slots before the tie's (``territories.done_before``: "this
creature is blue", layer 5, beside a tie in layer 6), when that effect does nothing else (no condition, replacement or
token; not characteristic-defining). The tie is the first one left open (``reference.choices``), so every slot before
it is the same in every order: the effect has applied there, or not, the same way, and what it wrote stays (613.6:
an effect keeps applying once it has begun, even if its ability is removed). From the tie's slot on it generates
nothing, so a loss or gain of its wording ends and starts no effect, and the wording is an element of its holder's
abilities like a keyword's: the signature of an order still decides the outcome. Before M10 (418.5) colors and
abilities share one layer, so "this creature is blue" is in the tie's slot there and this reading does not take it.

**A defined ability held, locked in before the tie.** ``territories.holds_no_definition`` also lets an object a loss
reaches hold a defined ability whose effect began to apply in a slot before the tie's and is locked in as that slot
begins ("this creature is blue and gets +1/+1": layer 5, then 7c, beside a tie in layer 6;
``territories.locked_before``), when the effect does nothing else (no condition, replacement or token; not
characteristic-defining) and its holder has no effect with one of the group's timestamps. Once an effect has begun
to apply it keeps applying, to the same objects, in its later layers even if the ability is removed (613.6): the
losses take the wording away, but not the effect. So from the tie's slot on the effect exists in every order, with
fixed objects and values (the territories' shape), and its timestamp is not the group's, so it applies before all of
the group's effects or after all of them in each of its slots (613.7), never between, the same in every order. Its
writes are a fixed step, the wording an element of its holder's abilities like a keyword's, and the signature of an
order still decides the outcome.

**A defined ability held, begun before the losses.** ``territories.begun_before_losses`` lets an object a loss reaches
hold a defined ability whose effect has its first slot in or after the tie's and before the losses' (a tie beginning
in layer 4, "this creature is blue and gets +1/+1" in 5 and 7c, losses in 6), when the effect does nothing else, takes
no ability away and its holder has no effect with one of the group's timestamps. No operation of the shape takes an
ability before the abilities' layer (613.1f), so the effect exists, and begins to apply in its first slot, in every
order, at a place fixed by its timestamp (or first, if characteristic-defining, 613.3); once begun it keeps applying in
its later slots though the losses take its ability (613.6). ``territories.defined_locked_before`` reads a
characteristic-defining ability locked in before the tie the same way (613.3 puts its effect first in each of its
slots; its timestamp orders it among other characteristic-defining ones). Either is a fixed step in every order, and
the wording an element of its holder's abilities like a keyword's.

**A defined ability held with the group's timestamp.** ``territories.lost_first`` also lets an object a loss reaches
hold a defined ability whose effect E applies from the losses' layer on, in no layer before, whatever its timestamp
(the group's too, where the reading above needs another), when a loss of all abilities reaching its holder in that layer
exists in every order (``territories.sure_loss``: a resolved effect, or a static ability whose source no effect of the
territories takes abilities from or rewrites), E takes no ability away, does nothing else (no condition, replacement
or token), is not characteristic-defining, and its wording is no mana ability. Applying such a loss would stop E
existing, both apply in one layer and neither is characteristic-defining, so E depends on it (613.8a), and on every
other loss reaching its holder while that one is unapplied; no loss depends on E (E takes no ability away, and the
losses' objects are fixed and they evaluate no value). So E waits for them (613.8b), never among the candidates of a
tie, and ends as the first of them applies (611.3b): it never applies, in any order, never begins (613.6), and no gain
gives its wording back (the gains of defined abilities the shape allows are ``granted_apart``'s and
``granted_at_losses``'s, whose effects are the granted ones). Its wording is an element of its holder's abilities like
a keyword's, and the effect is left out of the effects the group's orders are read on
(``territories.never_applying``). Where E does take abilities away, the two may depend on each other: ``o0`` holding
"c loses all abilities" with the timestamp of c's "o0 loses all abilities" makes a loop (613.8b), and the order of the
two decides which one exists (``tests/reference_optimized/test_lose_all_tied_holders.py``): every order is kept. The
same holds for a characteristic-defining ability done before the tie (``territories.defined_before``: 613.3 applies it
first in each of its slots, 613.8a(c) keeps it out of dependency there, and all its slots come before the tie's).

**A defined ability given in the losses' layer.** ``territories.granted_at_losses`` lets a gain of the group give a
defined ability acting on the object given it whose effect E applies from the losses' layer on, with parts in it ("this
creature has haste"). E depends on every loss reaching that object while it is unapplied (the wording is no mana
ability, so a loss of all abilities but mana abilities would end E too, 605.1a), so it applies in the losses' layer only
after all of them, and only if a gain of its wording came after the last of them: exactly when the signature leaves the
wording's atom present at the end of the slot. There and in each later slot E commutes with every operation of the
territories' effects (the losses of all abilities aside in their slot: those reaching E's object are done before it,
the others act on other objects) and of the other definitions given, and nothing reads what it writes, so where it
applies among them changes nothing: the signature still decides the outcome.

**A lord given by the group.** ``territories.lord_given`` (one board read from a tie's slot on) lets a gain give a
defined ability acting on objects its filter finds ("other creatures you control have vigilance"), when the filter reads
nothing written from the slot on: read with the object given it as its source, it finds the same objects in every order
(``territories.lord_objects``; the territories join them to that object's). Its effect is read as above, with one
difference: it waits for the losses reaching the object given it, not for those reaching the objects it acts on, whose
place before or after it the order decides; so every loss of the territories must reach the object given it or none of
the lord's objects, else every order is kept. A tie of the granted effect itself (its holder's timestamp or its gain's,
613.7a) names an effect not in play as the slot begins, and keeps every order (``territories.names_only_present``: the
Rune of Flight on Colossus Hammer board, which a reading without that check lost an outcome of,
``tests/reference_optimized/test_lord_given.py``).

**A defined ability given by the group.** ``territories.holds_no_definition`` also lets a gain of the group (or an
effect of its territories) give a defined ability (611.3b) that applies to the object given it, or to objects its
definition names by identity ("o1 gets +1/+1": the same objects whoever holds it and in every order, 109.2; the
territories join them to the holder's, so every effect on them is among those it must commute with), when its effect
applies only in slots after the losses' and there commutes with every operation of the territories' effects and of the
other defined abilities given (``territories.granted_apart``: numbers for values; no condition, replacement or token;
not characteristic-defining). Its wording is an atom like any named ability: the signature of an order says whether the
object has it at the end of the losses' slot (a gain of it last, after a loss, or no loss touching it), and so whether
its effect exists after that slot (611.3b; a loss later in the slot ends it before it would first apply, as above).
Where its effect applies among the effects of its slots (by its timestamp, or in a tie there that the order recorded for
this tie decides, ``reference.choices``) changes nothing, since it commutes with all of them (613.4c), and nothing reads
what it writes (the territories' shape: filters, values and conditions read nothing written from the slot on). So the
signature still decides the outcome. The project reads an object's abilities as a set: two gains of one wording give it
once, as one atom. Two definitions given that each act on the object given them need not commute with each other
(``territories.given_parts``): given to two objects they act on different ones; given to one, both effects are its
abilities', ordered pair by pair (613.7a) by a tie of their own in their slot, which no order of the group's keys
decides (their keys are not the group's, ``reference.choices``), so both enumerations try each of its orders.

**Losses of all abilities but mana abilities.** Whether an ability is a mana ability is read off its wording (605.1a:
an activated ability that adds mana, with no target and no loyalty cost; ``reference.vocabulary.is_mana_ability``), and
the wordings an object has in layer 6 were fixed before it (612, layer 3). So an effect that makes an object lose all
its abilities except mana abilities (613.1f) sets absent every element whose wording is not a mana ability's and leaves
the rest as they were. Read it as a setting to absent of each named atom whose wording is not a mana ability's, and of
*the others*, which split in two: the other abilities that are not mana abilities (``OTHERS``: every loss of all
abilities touches it) and the other mana abilities (``OTHER_MANA``: only a loss of all abilities with no exception
touches it). Each element of the object's abilities is in exactly one atom (a named one, or one of the two others). A
named mana ability is touched by gains and named losses only; no gain touches either of the others, so neither is ever
contested (lost in every order, or in none). The argument above then holds atom by atom (613.7m): where a gain is the
last touch of a contested atom, a loss of that atom came before it (of all abilities, of all but mana abilities, or by
name) and left it absent. Such a loss takes away abilities that may generate effects, so it needs the same check from
the caller (611.3b, ``lose_all``): no object it applies to holds or is given a defined ability.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reference.effects import ContinuousEffect, parts_in_slot
from reference.model import Part
from reference.timestamps import holder
from reference.versions import RulesVersion
from reference.vocabulary import CARD_TYPES, COLORS, OPERATION_KIND, is_mana_ability

from .reads import FIELDS, WRITES, filter_reads, value_reads

# An atom: (layer or sublayer, object or object set, characteristic, element; "" for a number)
Atom = tuple[str, Any, str, str]
# What an effect does to an atom: ("set", value) or ("add", amount)
Touch = tuple[str, Any]
# The search gives up (the caller keeps its other orders) past this many states.
STATES = 20_000
# 613.1f, 605.1a: the atom of every ability that is not a mana ability and that no operation of the group names
OTHERS = "\x00every other ability"
# 613.1f, 605.1a: the atom of every mana ability that no operation of the group names (a loss of all abilities but mana
# abilities leaves it)
OTHER_MANA = "\x00every other mana ability"
# 613.1f: the operations that take away every ability of their objects, and those that spare mana abilities (605.1a)
LOSE_ALL = frozenset({"remove_all_abilities", "remove_all_abilities_except_mana"})


def _reads(e: ContinuousEffect, parts: Sequence[Part]) -> frozenset[str]:
    """611.2c, 611.3a, 613.8a: what an effect's filter and its evaluated values read (any object's)."""
    out = frozenset() if e.targets is not None else filter_reads(e.filter)
    for p in parts:
        for k, v in p.args.items():
            if k in ("power", "toughness"):
                out |= value_reads(v)
            elif isinstance(v, Mapping):
                out |= FIELDS
    return out


def _writes(parts: Sequence[Part]) -> frozenset[str]:
    """613.1: the characteristics these operations can change."""
    return frozenset().union(*(WRITES.get(p.op, FIELDS) for p in parts))


def _names(value: Any) -> tuple[str, ...]:
    """105.3, 205.4, 613.1f: the colors, supertypes or abilities an argument names."""
    return (value,) if isinstance(value, str) else tuple(str(v) for v in value or ())


def _number(e: ContinuousEffect, field: str, value: Any) -> Any:
    """613.4b-c: a number as given, or the effect's own value (fixed within the scope: it reads nothing
    written in its layer), named by the effect so that two such values are never taken as equal."""
    return value if isinstance(value, int) and not isinstance(value, bool) else ("value of", e.key, field)


def part_touches(
    e: ContinuousEffect, p: Part, named: frozenset[str] | None = None
) -> list[tuple[str, str, Touch]] | None:
    """613.4b-c, 613.1e-f, 205.4, 205.1a-b, 605.1a: what one operation does to each element it touches: (characteristic,
    element, touch); None for an operation that is not a setting or an addition of elements or amounts (a loss of all
    abilities, or of all but mana abilities, is one only with ``named``: the abilities the group names, module
    docstring)."""
    a = p.args
    if p.op == "remove_all_abilities" and named is not None:
        return [("abilities", w, ("set", False)) for w in sorted(named | {OTHERS, OTHER_MANA})]
    if p.op == "remove_all_abilities_except_mana" and named is not None:
        lost = {w for w in named if not is_mana_ability(w)} | {OTHERS}
        return [("abilities", w, ("set", False)) for w in sorted(lost)]
    if p.op == "set_pt":
        return [(f, "", ("set", _number(e, f, a[f]))) for f in ("power", "toughness") if f in a]
    if p.op == "modify_pt":
        return [(f, "", ("add", _number(e, f, a[f]))) for f in ("power", "toughness") if a.get(f, 0) != 0]
    if p.op == "set_colors":
        chosen = set(_names(a.get("colors")))
        return [("colors", c, ("set", c in chosen)) for c in sorted(set(COLORS) | chosen)]
    if p.op == "add_colors":
        return [("colors", c, ("set", True)) for c in _names(a.get("colors"))]
    if p.op == "add_types":
        return [("types", t, ("set", True)) for t in _names(a.get("types"))]
    if p.op == "remove_types":
        return [("types", t, ("set", False)) for t in _names(a.get("types"))]
    if p.op == "set_types":  # 205.1a: instant and sorcery are kept
        chosen = set(_names(a.get("types")))
        kept = {"instant", "sorcery"} - chosen
        return [("types", t, ("set", t in chosen)) for t in sorted((set(CARD_TYPES) | chosen) - kept)]
    if p.op == "add_abilities":
        return [("abilities", w, ("set", True)) for w in _names(a.get("abilities"))]
    if p.op == "remove_abilities":
        return [("abilities", w, ("set", False)) for w in _names(a.get("abilities"))]
    if p.op == "add_supertypes":
        return [("supertypes", s, ("set", True)) for s in _names(a.get("supertypes"))]
    if p.op == "remove_supertypes":
        return [("supertypes", s, ("set", False)) for s in _names(a.get("supertypes"))]
    return None


def _objects(e: ContinuousEffect, fixed: Mapping[str, frozenset[str]] | None = None) -> tuple[Any, ...]:
    """611.2c, 611.3a, 613.6: the objects the effect applies to: those the caller knows fixed (``fixed``), its fixed
    objects, its source alone, or (one item) the objects its source's filter finds."""
    if fixed is not None and e.key in fixed:
        return tuple(sorted(fixed[e.key]))
    if e.targets is not None:
        return tuple(e.targets)
    if e.filter is not None and dict(e.filter) == {"is_source": True} and e.source is not None:
        return (e.source,)
    return (("the objects of", e.source, e.filter),)


def _slots(e: ContinuousEffect, version: RulesVersion) -> list[str]:
    """613.1-613.4: the layers and sublayers where the effect has a part, in the version's order."""
    found = {version.slot_of(OPERATION_KIND[p.op], e.origin) for p in e.parts}
    return [s.id for s in version.slots if s.id in found]


def _commute(a: Part, b: Part) -> bool:
    """613.4c, 613.1e-f: two operations give the same result in either order (equal, or both additions)."""
    if a == b:
        return True
    sums, unions = {"modify_pt", "counter_pt"}, {"add_colors", "add_supertypes", "add_abilities", "remove_abilities"}
    if (a.op in sums and b.op in sums) or (a.op == b.op and a.op in unions):
        return True
    return not (_writes([a]) & _writes([b]))


def touches(
    keys: Sequence[str],
    effects: Sequence[ContinuousEffect],
    version: RulesVersion,
    lose_all: bool = False,
    fixed: Mapping[str, frozenset[str]] | None = None,
) -> dict[str, dict[Atom, Touch]] | None:
    """613.4b-c, 613.1e-f, 613.6, 613.8a: for each key of a tie's group, what its effect does to each atom in the
    layers where the group's effects interact; None when the group is outside this module's scope (docstring;
    ``lose_all``: the caller has checked that a loss of all abilities ends and starts no effect, 611.3b; ``fixed``:
    the objects each effect applies to, which the caller knows are the same in every order, 611.3a)."""
    named = {k: [e for e in effects if k in (holder(e), e.key)] for k in keys}
    if any(not es for es in named.values()):
        return None
    every = [e for es in named.values() for e in es]
    group = {e.key for e in every}
    stamps = {e.timestamp for e in every}
    if len(stamps) != 1 or len(group) != len(every):
        return None
    kinds = {_objects(e, fixed) for e in every}
    opaque = {o for o in kinds if len(o) == 1 and isinstance(o[0], tuple)}
    if opaque and len(kinds) > 1:
        return None  # 611.3a: two filters, or a filter and fixed objects, may find the same objects or not
    if opaque and len({_slots(e, version)[0] for e in every if _slots(e, version)}) > 1:
        return None  # 613.6: the filter is read as each first applies; at two moments it may find other objects
    for es in named.values():  # 613.7a: an object's effects in one layer tie among themselves
        for slot in {s for e in es for s in _slots(e, version)}:
            here = [e for e in es if parts_in_slot(e, version, slot)]
            if len(here) > 1:
                return None  # 613.7a: the object's own effects there are ordered by another choice
    out: dict[str, dict[Atom, Touch]] = {k: {} for k in keys}
    slots = [s.id for s in version.slots if any(parts_in_slot(e, version, s.id) for e in every)]
    for slot in slots:
        members = {k: e for k, es in named.items() for e in es if parts_in_slot(e, version, slot)}
        own = {k: parts_in_slot(members[k], version, slot) if k in members else () for k in keys}
        written = _writes([p for ps in own.values() for p in ps])
        in_slot = {e.key: parts_in_slot(e, version, slot) for e in effects}
        everything = _writes([p for ps in in_slot.values() for p in ps])
        for e in effects:
            if not in_slot[e.key]:
                continue
            reads = _reads(e, in_slot[e.key])
            if reads & written or (e.key in group and reads & everything):
                return None  # 613.8a: a dependency could reorder them, or a value change with the order
            tied = e.key not in group and e.timestamp in stamps
            if tied and any(not _commute(x, y) for ps in own.values() for x in ps for y in in_slot[e.key]):
                return None  # 613.7m: its place among the group's effects would be another choice
        present = [k for k in keys if own[k]]
        clash = any(
            not _commute(x, y) for i, a in enumerate(present) for b in present[i + 1 :] for x in own[a] for y in own[b]
        )
        if not clash:
            continue  # 613.1: in any order the same result here
        words = named_abilities([p for ps in own.values() for p in ps]) if lose_all else None
        for k in present:
            for p in own[k]:
                done = part_touches(members[k], p, words)
                if done is None:
                    return None
                for obj in _objects(members[k], fixed):
                    for field, element, touch in done:
                        atom = (slot, obj, field, element)
                        out[k][atom] = then(out[k][atom], touch) if atom in out[k] else touch
    return out


def named_abilities(parts: Sequence[Part]) -> frozenset[str]:
    """613.1f: the abilities these operations gain or lose by name (each an atom of its own beside the others)."""
    return frozenset(
        w for p in parts if p.op in ("add_abilities", "remove_abilities") for w in _names(p.args.get("abilities"))
    )


def then(first: Touch, second: Touch) -> Touch:
    """613.4b-c, 613.1e: two operations of one effect on one element, in the order of its text: a setting
    overwrites what came before it, an amount adds to it."""
    if second[0] == "set":
        return second
    if first[0] == "set":
        return ("set", _value(first, [second[1]]))
    return ("add", _value((first[0], first[1]), [second[1]]))


def contested(touched: Mapping[str, Mapping[Atom, Touch]]) -> set[Atom]:
    """613.4b, 613.7m: the atoms whose final value may depend on the order: touched by two effects or more, one of
    them setting it, not all setting it to one value."""
    by_atom: dict[Atom, list[Touch]] = {}
    for t in touched.values():
        for atom, touch in t.items():
            by_atom.setdefault(atom, []).append(touch)
    out = set()
    for atom, ts in by_atom.items():
        if len(ts) > 1 and any(k == "set" for k, _ in ts) and len(set(ts)) > 1:
            out.add(atom)
    return out


def _value(touch: Touch, adds: Sequence[Any]) -> Any:
    """613.4b-c: an atom's final value: the last setting's value plus the amounts added after it."""
    value = touch[1]
    if isinstance(value, int) and not isinstance(value, bool) and all(isinstance(x, int) for x in adds):
        return value + sum(adds)
    return (value, tuple(sorted(map(repr, adds))))


def last_touch_orders(
    keys: Sequence[str],
    effects: Sequence[ContinuousEffect],
    version: RulesVersion,
    lose_all: bool = False,
    fixed: Mapping[str, frozenset[str]] | None = None,
) -> list[tuple[str, ...]] | None:
    """613.4b-c, 613.1e-f, 613.7m: one order of the group's keys per signature (module docstring): each outcome
    the group's orders can give is the outcome of one of these; None outside the scope or past ``STATES``
    (``lose_all``: losses of all abilities may be read as settings; ``fixed``: each effect's objects, the same in
    every order; ``touches``)."""
    touched = touches(keys, effects, version, lose_all, fixed)
    if touched is None:
        return None
    atoms = contested(touched)
    if not atoms:
        return [tuple(keys)]  # 613.1: every order ends alike
    touch = {k: {a: t for a, t in touched[k].items() if a in atoms} for k in keys}
    Signature = frozenset[tuple[Atom, Any]]
    memo: dict[tuple[frozenset[Atom], frozenset[str]], dict[Signature, tuple[str, ...]]] = {}

    def future(decided: frozenset[Atom], met: frozenset[str]) -> dict[Signature, tuple[str, ...]] | None:
        # 613.7m: from the end of an order, with these atoms decided and these additions met since
        state = (decided, met)
        if state in memo:
            return memo[state]
        if len(memo) >= STATES:
            return None
        out: dict[Signature, tuple[str, ...]] = {}
        live = [k for k in keys if k not in met and any(a not in decided for a in touch[k])]
        if not live:
            out[frozenset()] = ()
        for k in live:
            fixed = []
            for a, t in touch[k].items():
                if a not in decided and t[0] == "set":
                    adds = [touch[m][a][1] for m in met if touch[m].get(a, ("",))[0] == "add"]
                    fixed.append((a, _value(t, adds)))
            now = decided | {a for a, _ in fixed}
            still = frozenset(m for m in met | {k} if any(a not in now for a in touch[m]))
            rest = future(now, still)
            if rest is None:
                return None
            for sig, earlier in rest.items():
                out.setdefault(sig | frozenset(fixed), (k, *earlier))
        memo[state] = out
        return out

    found = future(frozenset(), frozenset())
    if found is None:
        return None
    orders = []
    for from_end in found.values():
        first = tuple(k for k in keys if k not in from_end)
        orders.append(first + tuple(reversed(from_end)))
    return orders
