"""The orders of a timestamp tie worth trying: one per class of orders that cannot end differently.

``reference.choices.outcomes`` resolves a board once for every order of an open tie (613.7m):
n! orders for n tied keys (objects, or the abilities of one object). Most of those orders
cannot change anything: two +1/+1 effects, or two abilities granting different keywords, give
the same characteristics in either order. This module passes that enumeration only the orders
that may matter, so it gives the same outcomes with far fewer resolutions.

**The classes.** Two effects *interact* when they have parts in one layer or sublayer and there

- one writes a characteristic the other reads: in its filter (which objects, 611.3a, fixed
  when it first applies, 613.6), in a value it evaluates (613.8a: what it does), or that its
  operation reads of the object it changes (a +1/+1 counter reads whether it is a creature); or
- their operations, on one object, may give different results in the two orders (613.4b: the
  later setting of power wins). Operations that commute are named: two changes of power and
  toughness by amounts (613.4c, counters included), two additions of colors, supertypes or
  abilities, two losses of named abilities, and two identical operations.

An effect's parts in other slots do not interact with it there: the slots apply in their order
whatever the timestamps (613.1-613.4). The effects are split into *components*, the classes of
the transitive closure of "interact". A tie's keys are grouped by the components of the effects
they name (an object names its abilities' effects, 613.7a; an effect names itself): keys whose
effects share no component form separate groups, and the orders tried are the products of every
order of each group, the groups in their order in the tie. A group of one key has one order.

**Why this gives every outcome (proof sketch).** Take any order of the tie, and the tried one
with the same order inside each group. In the layer loop (613.8) an effect depends on another
only if the other changes its existence, text, objects or what it does (613.8a); inside the
scope below these are its filter and values, so dependency, and so readiness (613.8b), links
only effects of one component. Each step applies the earliest ready effect (613.7); which
effect of a component applies next is decided by the state of that component alone, and
where the order decides between effects of one component, both orders agree (same group). So
each component sees the same sequence of its own effects under both orders; only the
interleaving of components differs, and effects of different components commute and read
nothing the others write. The final characteristics are the same. Every tried order is an
order of the tie, so no outcome is added either. ``tests/reference_optimized/test_orders.py``
compares both enumerations on generated boards with up to five tied effects.

**Settings.** A group whose effects all interact (two settings of power and toughness, 613.4b) would still
need every order of the group. When the group's effects (one per key) apply to the same objects (one source,
one filter or list of objects), interact in one slot, read nothing written in that slot (and nothing
there reads what they write), and there either *set* everything the group writes (``set_pt`` with both
values, ``set_colors``: the result does not depend on what was there) or commute with each other (additions,
changes by amounts), the outcome of an order depends only on which setting effect is last and which of the
others come after it: everything before the last setting is overwritten, and what comes after it commutes.
So one order is tried per last setting effect and per set of the others after it (n orders for n settings,
instead of n!). When the group interacts in several slots, the same holds if in each of them every effect of
the group sets everything the group writes there (each ability sets power and toughness and color, say): the
one applied last wins in every slot, so one order per last effect. ``tests/reference_optimized/test_orders.py``
compares it with every order on a creature with up to five tied abilities of its own. Before this shape is
tried, ``reference_optimized.last_touch`` handles the wider one where every operation of the group sets or adds
to characteristics element by element (settings of power alone, settings mixed with additions, effects on
different fixed objects): one order per signature of the last effect touching each element.

**Later slots.** A tie's chosen order adds pairs of tied effects to one total order of them that every later tie
follows (``reference.choices``, module docstring "One order of the tied effects": whole objects in one order, an
effect with its own timestamp placed pair by pair). So two orders of a tie that end alike in its own slot may still
end differently later: where an effect the keys name ties in a later slot with an effect they do not name, the place
the recording gave it against the keys recorded afterwards may be the only thing deciding that later tie
(``proofs/findings/README.md``: a commuting tie of one creature's abilities, recorded by effect, pinned one of them
before a resolved effect in the tie of power and toughness). A tie holding abilities of two objects and others of
one of them keeps every order: an order of such a tie that interleaves the objects' abilities is dropped by
``reference.choices``, and it could be the one order tried for its class. The argument above looks only inside the
tie's slot, so a tie whose keys name an effect with parts in another slot, where an effect of the same timestamp
that the keys do not name also has parts, keeps every order (``pins_later``). Where every effect meeting them in the
other slots is named by the keys (each ability of one creature setting both its colors and its power, say), the
recorded order decides those later ties for all of them at once, as in the single slot, and the reduction stands.
``tests/reference_optimized/test_later_slots.py`` compares it with every order on boards tied in two slots.

**Scope.** The argument needs the set of effects and what each reads to be fixed: no effect may
create, remove or rewrite another (a copy effect, a face-down status, a text change, a new
controller, a lost or granted static ability, 611.3b, 612, 613.1a-b; gaining or losing a keyword,
which generates no effect, is inside it), and none may depend on a
condition (611.3a) or look at an object as it enters (614.12). A board outside that scope is
read from the tie's own layer on (``reference_optimized.from_slot``: what happened in earlier layers
is the same under every order of the tie), and tied copies or changes of control by which one is
last (``reference_optimized.last_copy``), or split by the objects its effects touch where nothing links them
(``reference_optimized.territories``); what is outside those too keeps every order
(``reference.choices.every_order``): never a wrong answer, only the slow one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations, permutations
from math import factorial
from typing import Any

from reference.choices import LIMIT, Outcomes, Resolver, every_order, outcomes, tie_keys
from reference.effects import ContinuousEffect, effects_in_play, parts_in_slot
from reference.model import Board, Part
from reference.resolver import initial_state
from reference.timestamps import Tie, holder, must_precede
from reference.versions import RulesVersion
from reference.vocabulary import OPERATION_KIND

from .features import resolve
from .last_touch import last_touch_orders
from .reads import FIELDS, WRITES, filter_reads, value_reads

# 613.1c-g: the operations the scope allows: none creates, removes or rewrites an effect
SCOPE_OPS = frozenset(
    {
        "set_pt",
        "modify_pt",
        "switch_pt",
        "counter_pt",
        "add_types",
        "set_types",
        "remove_types",
        "add_subtypes",
        "set_subtypes",
        "remove_subtypes",
        "all_creature_types",
        "add_supertypes",
        "remove_supertypes",
        "set_colors",
        "add_colors",
        "add_abilities",
        "remove_abilities",
    }
)
_PT = frozenset({"power", "toughness"})
_FIT = frozenset(
    {"types", "subtypes", "all_creature_types", "abilities", "intrinsic", "aside_subtypes", "aside_all_creature_types"}
)
# What an operation reads of the object it changes, beyond its arguments (205.3d: type changes
# fit the subtypes to the types; 122.1a: P/T counters only on a creature).
OPERATION_READS: Mapping[str, frozenset[str]] = {
    "set_pt": _PT,
    "modify_pt": _PT,
    "switch_pt": _PT,
    "counter_pt": _PT | {"types"},
    "add_types": _FIT,
    "set_types": _FIT,
    "remove_types": _FIT,
    "add_subtypes": _FIT,
    "set_subtypes": _FIT,
    "remove_subtypes": _FIT,
    "all_creature_types": _FIT,
    "add_supertypes": frozenset({"supertypes"}),
    "remove_supertypes": frozenset({"supertypes"}),
    "set_colors": frozenset(),
    "add_colors": frozenset({"colors"}),
    "add_abilities": frozenset({"abilities", "granted"}),
    "remove_abilities": frozenset({"abilities", "granted", "intrinsic"}),
}
# 613.4c: changes by amounts add up in any order; 105.3, 205.4, 613.1f: additions are unions, losses differences
SUMS = frozenset({"modify_pt", "counter_pt"})
UNIONS = frozenset({"add_colors", "add_supertypes", "add_abilities", "remove_abilities"})


def out_of_scope(board: Board, effects: Sequence[ContinuousEffect]) -> str | None:
    """611.3, 612, 613.1a-b, 614.12: why the board's effects may change which effects exist or what they read
    (None: they cannot, and the classes of this module hold)."""
    if board.entering is not None:
        return "an object looked at as it would enter (614.12)"
    if any(d.condition is not None for d in board.abilities.values()):
        return "a condition on a static ability (611.3a)"
    parts = [p for e in effects for p in e.parts] + [p for d in board.abilities.values() for p in d.parts]
    return next((why for p in parts if (why := part_out_of_scope(p, board)) is not None), None)


def part_out_of_scope(p: Part, board: Board) -> str | None:
    """611.3b, 613.1f: why one operation may create, remove or rewrite effects (None: it cannot): an operation
    outside ``SCOPE_OPS``, or a gain or loss of an ability the board defines (one that generates an effect)."""
    if p.op not in SCOPE_OPS:
        return f"an operation that may create, remove or rewrite effects ({p.op})"
    defined = any(w in board.abilities for w in _words(p.args.get("abilities")))
    if p.op == "add_abilities" and defined:
        return "an ability granted that generates an effect (611.3b)"
    if p.op == "remove_abilities" and defined:
        return "a loss of an ability that generates an effect (611.3b, 613.1f)"
    return None


def _words(value: Any) -> tuple[str, ...]:
    """613.1f: the wordings an addition of abilities names."""
    return (value,) if isinstance(value, str) else tuple(value or ())


def _reads(e: ContinuousEffect, parts: tuple[Part, ...]) -> frozenset[str]:
    """611.2c, 611.3a, 613.8a: what an effect's filter and its evaluated values read (any object's)."""
    out = frozenset() if e.targets is not None else filter_reads(e.filter)
    for p in parts:
        for k, v in p.args.items():
            if k in ("power", "toughness"):
                out |= value_reads(v)
            elif isinstance(v, Mapping):
                out |= FIELDS  # an argument this module does not read: it may read anything
    return out


def commute(a: Part, b: Part) -> bool:
    """613.4c, 613.1e-f: two operations on one object give the same result in either order."""
    if a == b or (a.op in SUMS and b.op in SUMS) or (a.op == b.op and a.op in UNIONS):
        return True
    wa, wb = WRITES.get(a.op, FIELDS), WRITES.get(b.op, FIELDS)
    ra, rb = OPERATION_READS.get(a.op, FIELDS), OPERATION_READS.get(b.op, FIELDS)
    return not (wa & (wb | rb)) and not (wb & ra)


def _slots(e: ContinuousEffect, version: RulesVersion) -> set[str]:
    """613.1-613.4: the layers and sublayers where the effect has a part."""
    found = (version.slot_of(OPERATION_KIND[p.op], e.origin) for p in e.parts)
    return {s for s in found if s is not None}


def interact(a: ContinuousEffect, b: ContinuousEffect, version: RulesVersion) -> bool:
    """613.1, 613.8a: the two effects share a slot where one reads what the other writes, or their operations
    give different results in the two orders."""
    for slot in sorted(_slots(a, version) & _slots(b, version)):
        pa, pb = parts_in_slot(a, version, slot), parts_in_slot(b, version, slot)
        wa = frozenset().union(*(WRITES.get(p.op, FIELDS) for p in pa))
        wb = frozenset().union(*(WRITES.get(p.op, FIELDS) for p in pb))
        if wa & _reads(b, pb) or wb & _reads(a, pa):
            return True
        if not all(commute(x, y) for x in pa for y in pb):
            return True
    return False


def components(effects: Sequence[ContinuousEffect], version: RulesVersion) -> dict[str, int]:
    """613.8a, 613.7n: each effect's component: the classes of the transitive closure of ``interact`` and of 613.7n's
    order between two effects of one timestamp (an object's own static ability before a resolving effect on it keeps
    that effect out of a tie until the static one has applied, so the order of the effects of the resolving effect's
    component could depend on when the static one's applies: ``tests/reference_optimized/test_orders.py``)."""
    parent = list(range(len(effects)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(effects):
        for j in range(i + 1, len(effects)):
            b = effects[j]
            ruled = a.timestamp == b.timestamp and (must_precede(a, b, version) or must_precede(b, a, version))
            if find(i) != find(j) and (ruled or interact(a, b, version)):
                parent[find(j)] = find(i)
    return {e.key: find(i) for i, e in enumerate(effects)}


def linked(links: Iterable[Sequence[str]]) -> Callable[[str], str]:
    """613.8a, 613.7n: the classes of the transitive closure of "in one link": a function giving each element the
    representative of its class (the first element of the first link that reached it; an element of no link is its
    own)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for link in links:
        for x in link[1:]:
            parent[find(x)] = find(link[0])
    return find


def groups(keys: Sequence[str], effects: Sequence[ContinuousEffect], comp: Mapping[str, int]) -> list[list[str]]:
    """613.7a, 613.7m: the tie's keys grouped so that keys naming effects of one component share a group,
    each group in the tie's order, the groups in the order of their first key."""
    named: dict[str, set[int]] = {k: set() for k in keys}
    for e in effects:
        for k in {holder(e), e.key} & named.keys():
            named[k].add(comp[e.key])
    parent = {k: k for k in keys}

    def find(k: str) -> str:
        while parent[k] != k:
            k = parent[k]
        return k

    owner: dict[int, str] = {}
    for k in keys:
        for c in sorted(named[k]):
            if c in owner and find(owner[c]) != find(k):
                parent[find(k)] = find(owner[c])
            owner.setdefault(c, k)
    out: dict[str, list[str]] = {}
    for k in keys:
        out.setdefault(find(k), []).append(k)
    return list(out.values())


def orders_product(groups: Sequence[Callable[[], Iterable[tuple[str, ...]]]]) -> Iterator[tuple[str, ...]]:
    """613.7m: the orders tried of each group, concatenated in the groups' order, lazily."""
    if not groups:
        yield ()
        return
    for head in groups[0]():
        for rest in orders_product(groups[1:]):
            yield head + rest


def _overwrites(p: Part) -> bool:
    """613.4b, 613.1e: the operation sets everything it writes, whatever it was before (both values given)."""
    if p.op == "set_colors":
        return True
    return p.op == "set_pt" and "power" in p.args and "toughness" in p.args


def _writes(parts: Sequence[Part]) -> frozenset[str]:
    """613.1: the characteristics these operations can change."""
    return frozenset().union(*(WRITES.get(p.op, FIELDS) for p in parts))


def named_effects(keys: Sequence[str], effects: Sequence[ContinuousEffect]) -> dict[str, ContinuousEffect] | None:
    """613.7m: the one effect each tie key names (its holder's or its own key); None when one names none or several."""
    members: dict[str, ContinuousEffect] = {}
    for k in keys:
        named = [e for e in effects if k in (holder(e), e.key)]
        if len(named) != 1:
            return None
        members[k] = named[0]
    return members


def last_writer_orders(
    keys: Sequence[str], effects: Sequence[ContinuousEffect], version: RulesVersion
) -> list[tuple[str, ...]] | None:
    """613.4b, 613.1e, 613.7m: the orders worth trying of a group whose effects set one characteristic (module
    docstring, "Settings"): one per choice of the last setting effect and of the additions after it; None when
    the group is not of that shape."""
    members = named_effects(keys, effects)
    if members is None:
        return None
    first = members[keys[0]]
    if any((e.source, e.targets, e.filter) != (first.source, first.targets, first.filter) for e in members.values()):
        return None  # 611.3a, 611.2c: they may apply to different objects
    slots = set().union(*(_slots(e, version) for e in members.values()))
    interacting = [
        s
        for s in sorted(slots)
        if any(
            _interact_in(a, b, version, s)
            for i, a in enumerate(members.values())
            for b in list(members.values())[i + 1 :]
        )
    ]
    if not interacting:
        return None
    shapes = [_shape(keys, members, effects, version, slot) for slot in interacting]
    if any(shape is None for shape in shapes):
        return None
    if len(shapes) > 1:  # every effect sets all the group writes in each of those slots: the last one decides
        everyone = list(keys)
        if any(shape != (everyone, []) for shape in shapes):
            return None
        return [tuple(k for k in keys if k != last) + (last,) for last in keys]
    setters, others = shapes[0] or ([], [])
    if len(setters) * 2 ** len(others) >= factorial(len(keys)):
        return None  # no fewer orders than every one
    out = []
    for last in setters:
        rest = tuple(k for k in setters if k != last)
        for n in range(len(others) + 1):
            for after in combinations(others, n):
                before = tuple(k for k in others if k not in after)
                out.append(before + rest + (last,) + after)
    return out


def _shape(
    keys: Sequence[str],
    members: Mapping[str, ContinuousEffect],
    effects: Sequence[ContinuousEffect],
    version: RulesVersion,
    slot: str,
) -> tuple[list[str], list[str]] | None:
    """613.4b, 613.1e, 613.8a: in one slot, the group's setting effects (each sets everything the group writes
    there) and the others (which commute with each other), when nothing in the slot reads what the group
    writes and the group reads nothing written there; None otherwise."""
    own = {k: parts_in_slot(e, version, slot) for k, e in members.items()}
    written = _writes([p for ps in own.values() for p in ps])
    in_slot = {e.key: parts_in_slot(e, version, slot) for e in effects}
    everything = _writes([p for ps in in_slot.values() for p in ps])
    group = {e.key for e in members.values()}
    for e in effects:
        reads = _reads(e, in_slot[e.key]) if in_slot[e.key] else frozenset()
        if reads & written or (e.key in group and reads & everything):
            return None
    setters = [k for k in keys if own[k] and all(_overwrites(p) for p in own[k]) and _writes(own[k]) == written]
    others = [k for k in keys if k not in setters]
    if not setters or not all(commute(x, y) for a in others for b in others for x in own[a] for y in own[b]):
        return None
    return setters, others


def _interact_in(a: ContinuousEffect, b: ContinuousEffect, version: RulesVersion, slot: str) -> bool:
    """613.1, 613.8a: ``interact`` in one layer or sublayer."""
    pa, pb = parts_in_slot(a, version, slot), parts_in_slot(b, version, slot)
    if not pa or not pb:
        return False
    if _writes(pa) & _reads(b, pb) or _writes(pb) & _reads(a, pa):
        return True
    return not all(commute(x, y) for x in pa for y in pb)


def pins_later(keys: Sequence[str], slot: str, effects: Sequence[ContinuousEffect], version: RulesVersion) -> bool:
    """613.7m, 613.1: whether the order recorded for this tie may also decide a tie in another slot against an
    effect it does not name (module docstring, "Later slots"): an effect the keys name has parts in another slot
    where an effect with its timestamp, not named by the keys, has parts too."""
    named = [e for e in effects if holder(e) in keys or e.key in keys]
    inside = {e.key for e in named}
    for e in named:
        for other in _slots(e, version) - {slot}:
            for f in effects:
                if f.key not in inside and f.timestamp == e.timestamp and other in _slots(f, version):
                    return True
    return False


class DistinctOrders:
    """613.7m: the orders of a board's ties worth trying (module docstring), as ``reference.choices`` asks them."""

    def __init__(self, board: Board, version: RulesVersion) -> None:
        """611, 613.8a: the board's effects (fixed within the scope) and their components."""
        self.effects = effects_in_play(board, initial_state(board, version), {}, version.keyword_counters)
        self.version = version
        self.reason = out_of_scope(board, self.effects)
        self.components = {} if self.reason else components(self.effects, version)

    def __call__(self, tie: Tie) -> Iterator[tuple[str, ...]]:
        """613.7m: one order per class of the tie's orders that end alike; every order outside the scope, where
        the recorded order of the tie's keys may also place them in a later slot's tie (``pins_later``), or where
        the tie holds abilities of two objects and others of one of them (``reference.choices`` keeps whole objects
        in one order, 613.7a, 613.7m, and drops an order interleaving them: a class's one order could be such)."""
        if self.reason is not None:
            return every_order(tie)
        keys = tie_keys(tie)
        objects = {h for h, k in zip(tie.holders, tie.candidates, strict=True) if h != k}
        if keys != tie.holders and len(objects) > 1:
            return every_order(tie)
        if pins_later(keys, tie.slot, self.effects, self.version):
            return every_order(tie)
        return orders_product([self._orders(g) for g in groups(keys, self.effects, self.components)])

    def _orders(self, group: Sequence[str]) -> Callable[[], Iterable[tuple[str, ...]]]:
        """613.7m: the orders worth trying of one group: one per signature of the last effect touching each
        characteristic (``reference_optimized.last_touch``), else by the last setting effect where it has that
        shape, else every order."""
        if len(group) < 3:
            return every_of(tuple(group))
        fewer = last_touch_orders(group, self.effects, self.version)
        if fewer is None:
            fewer = last_writer_orders(group, self.effects, self.version)
        return every_of(tuple(group)) if fewer is None else these(tuple(fewer))


def every_of(group: tuple[str, ...]) -> Callable[[], Iterable[tuple[str, ...]]]:
    """613.7m: every order of a group, drawn lazily each time it is asked."""
    return lambda: permutations(group)


def these(found: tuple[tuple[str, ...], ...]) -> Callable[[], Iterable[tuple[str, ...]]]:
    """613.7m: these orders of a group, each time it is asked."""
    return lambda: iter(found)


def distinct_outcomes(
    board: Board, version: RulesVersion, limit: int = LIMIT, resolver: Resolver = resolve
) -> Outcomes:
    """613.7m, 613.7n: ``reference.choices.outcomes`` trying one order per class of orders that end alike."""
    return outcomes(board, version, limit, DistinctOrders(board, version), resolver)
