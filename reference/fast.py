"""The layer system (613.1-613.8) with incremental bookkeeping: the same results and trace as
``reference.resolver.resolve``, which stays the readable statement of the rules.

The loop is the readable one, step for step; what changes is how much is recomputed:

- each static effect's set of objects is kept from step to step and re-read only on the
  objects a step changed, and only when the step changed a characteristic its filter reads;
- an object's static effects are regenerated only when its abilities, text or name changed;
- a trial application (613.8a) is made only where it could change what another effect reads:
  an operation writes known characteristics (``WRITES``) and a filter or value reads known
  ones, abilities and subtypes by name where the text names them (adding a creature type
  changes only that type on an object whose subtypes fit its types, 205.3d); when no pair of
  a layer can interact the dependency step finds no edge at once;
- the effects that could depend on others are indexed by what they read, by source and by
  wording, so that each effect meets only those it could change (not every pair, every step);
- a trial's result is kept per effect and recomputed only on the objects that changed;
- a value expression that does not read its object is evaluated once per effect, not per object.

Every shortcut returns "no dependency" only where the readable test (``dependency._compare``)
would; where a shortcut cannot tell, the readable test itself is run.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from .compiled_filters import compiled
from .dependency import DependencyReason, _compare, ready
from .effects import (
    VALUE_ARGS,
    ContinuousEffect,
    functions,
    instruction,
    parts_in_slot,
    reads_values,
    resolved_effects,
    rule_effects,
    static_effect,
)
from .filters import Context, apply_text_changes, names_zone, objects_matching
from .model import Board, Characteristics, Part, State
from .operations import Instruction, apply_instruction, fit_subtypes, intrinsic_abilities
from .resolver import (
    Edge,
    Moment,
    Resolution,
    Skipped,
    TraceStep,
    _why,
    choose_next,
    initial_state,
    not_applied,
    record_application,
)
from .resolver import resolve as readable_resolve
from .timestamps import Tie
from .versions import RulesVersion
from .vocabulary import INTRINSIC_MANA, is_creature_type

FIELDS: frozenset[str] = frozenset(f.name for f in fields(Characteristics))
_PT = frozenset({"power", "toughness"})
# 305.6: a type change brings or takes a land's intrinsic mana abilities
_TYPES = frozenset({"types", "subtypes", "all_creature_types", "abilities", "intrinsic"})
_SUBTYPES = frozenset({"subtypes", "all_creature_types", "abilities", "intrinsic"})
_ABILITIES = frozenset({"abilities", "granted", "intrinsic"})

# 613.1: the characteristics each operation can change (any other operation: all of them).
WRITES: dict[str, frozenset[str]] = {
    "set_controller": frozenset({"controller"}),
    "replace_word": frozenset({"abilities", "subtypes", "text_changes", "intrinsic"}),
    "add_types": _TYPES,
    "set_types": _TYPES,
    "remove_types": _TYPES,
    "add_subtypes": _SUBTYPES,
    "set_subtypes": _SUBTYPES,
    "remove_subtypes": _SUBTYPES,
    "all_creature_types": _SUBTYPES,
    "set_land_subtype": frozenset({"subtypes", "abilities", "intrinsic"}),
    "add_supertypes": frozenset({"supertypes"}),
    "remove_supertypes": frozenset({"supertypes"}),
    "set_colors": frozenset({"colors"}),
    "add_colors": frozenset({"colors"}),
    "add_abilities": _ABILITIES,
    "remove_abilities": _ABILITIES,
    "remove_all_abilities": _ABILITIES,
    "counter_keyword": _ABILITIES,
    "set_pt": _PT,
    "modify_pt": _PT,
    "switch_pt": _PT,
    "counter_pt": _PT,
}

# What a filter key reads of the object it tests (keys reading only the board read nothing).
FILTER_READS: dict[str, frozenset[str]] = {
    "id": frozenset(),
    "ids": frozenset(),
    "owner": frozenset(),
    "is_source": frozenset(),
    "other_than_source": frozenset(),
    "attached_to_source": frozenset(),
    "token": frozenset(),
    "zone": frozenset(),
    "type": frozenset({"types"}),
    "subtype": frozenset({"subtypes", "all_creature_types"}),
    "supertype": frozenset({"supertypes"}),
    "color": frozenset({"colors"}),
    "colorless": frozenset({"colors"}),
    "multicolored": frozenset({"colors"}),
    "controller": frozenset({"controller"}),
    "name": frozenset({"name"}),
    "face_down": frozenset({"face_down"}),
    "has_ability": frozenset({"abilities"}),
    "mana_value": frozenset({"mana_value"}),
}

# What reading a static effect off its source reads (611.3, reference.effects.static_effect),
# plus the controller its "you" means (109.4).
SOURCE_READS = frozenset({"abilities", "text_changes", "granted", "name", "controller"})
_REGENERATE_ON = SOURCE_READS - {"controller"}


def filter_reads(filt: Any) -> frozenset[str]:
    """The characteristics a filter reads (all of them for a key this module does not know)."""
    if not isinstance(filt, Mapping):
        return FIELDS
    out: set[str] = set()
    for key, want in filt.items():
        if key in ("all", "any"):
            for f in want:
                out |= filter_reads(f)
        elif key == "not":
            out |= filter_reads(want)
        elif key in FILTER_READS:
            out |= FILTER_READS[key]
        else:
            return FIELDS
    return frozenset(out)


def value_reads(value: Any) -> frozenset[str]:
    """The characteristics a value expression reads (all of them for an unknown expression)."""
    if isinstance(value, int):
        return frozenset()
    if not isinstance(value, Mapping) or len(value) != 1:
        return FIELDS
    ((key, arg),) = value.items()
    if key == "count":
        return filter_reads(arg)
    if key == "card_types_among":
        return filter_reads(arg) | {"types"}
    if key == "its":
        return frozenset({"mana_value", "power", "toughness"})
    if key == "sum":
        return frozenset().union(*(value_reads(v) for v in arg))
    if key == "times":
        return value_reads(arg[1])
    return FIELDS


# Characteristics a filter can ask about by name, and the filter key that asks.
NAMED: dict[str, str] = {"abilities": "has_ability", "subtypes": "subtype"}

# Known names per characteristic (a characteristic not in the mapping: any of its names).
Names = Mapping[str, frozenset[str]]


def names_read(filt: Any, ask: str) -> frozenset[str] | None:
    """The names a filter asks about with key ``ask`` ('has_ability', 'subtype'); None when it reads otherwise."""
    if not isinstance(filt, Mapping):
        return None
    out: set[str] = set()
    for key, want in filt.items():
        if key in ("all", "any"):
            subs = [names_read(f, ask) for f in want]
        elif key == "not":
            subs = [names_read(want, ask)]
        elif key == ask:
            subs = [frozenset({want})] if isinstance(want, str) else [None]
        elif key in FILTER_READS:
            subs = []
        else:
            return None
        for sub in subs:
            if sub is None:
                return None
            out |= sub
    return frozenset(out)


def value_names_read(value: Any, ask: str) -> frozenset[str] | None:
    """The names a value expression's filters ask about with key ``ask`` (None: it reads them otherwise)."""
    if isinstance(value, int):
        return frozenset()
    if not isinstance(value, Mapping) or len(value) != 1:
        return None
    ((key, arg),) = value.items()
    if key in ("count", "card_types_among"):
        return names_read(arg, ask)
    if key == "its":
        return frozenset()
    subs = (
        [value_names_read(v, ask) for v in arg]
        if key == "sum"
        else [value_names_read(arg[1], ask)]
        if key == "times"
        else [None]
    )
    if any(sub is None for sub in subs):
        return None
    return frozenset().union(*subs)  # type: ignore[arg-type]


def value_ability_names(value: Any) -> frozenset[str] | None:
    """The abilities a value expression's filters ask about by name (None: it reads abilities otherwise)."""
    return value_names_read(value, "has_ability")


def hits(writes: frozenset[str], write_names: Names, reads: frozenset[str], read_names: Names) -> bool:
    """Can changing ``writes`` (of a named characteristic: only ``write_names``, if known) change ``reads``?"""
    for f in writes & reads:
        w, r = write_names.get(f), read_names.get(f)
        if w is None or r is None or not w.isdisjoint(r):
            return True
    return False


def reads_its_object(value: Any) -> bool:
    """True when a value expression reads the object it is evaluated for ('its', or unknown)."""
    if isinstance(value, int):
        return False
    if not isinstance(value, Mapping) or len(value) != 1:
        return True
    ((key, arg),) = value.items()
    if key in ("count", "card_types_among"):
        return False
    if key == "sum":
        return any(reads_its_object(v) for v in arg)
    if key == "times":
        return reads_its_object(arg[1])
    return True


def _part_reads_object(part: Part) -> bool:
    """True when a part's instruction differs from object to object (an amount reading "its")."""
    return part.op in ("set_pt", "modify_pt") and any(
        reads_its_object(v) for k, v in part.args.items() if k in VALUE_ARGS
    )


def changed_fields(old: Characteristics, new: Characteristics, found: set[str]) -> None:
    """Add to ``found`` the characteristics that differ between ``old`` and ``new``."""
    for f in FIELDS - found:
        if getattr(old, f) != getattr(new, f):
            found.add(f)


# Operations that add or remove the subtypes they name, and nothing else on an object that fits (``_fits``).
_SUBTYPE_NAMING = frozenset({"add_subtypes", "remove_subtypes"})


def _writes(parts: tuple[Part, ...], fit: bool) -> tuple[frozenset[str], Names]:
    """613.1: what the parts can change, with the names they touch where known (``fit``: on objects that fit)."""
    writes: set[str] = set()
    abilities: set[str] | None = set()
    subtypes: set[str] | None = set()
    for p in parts:
        if fit and p.op in _SUBTYPE_NAMING:
            value = p.args.get("subtypes")
            named = {value} if isinstance(value, str) else set(value or ())
            if all(is_creature_type(t) and t not in INTRINSIC_MANA for t in named):
                writes.add("subtypes")
                if subtypes is not None:
                    subtypes |= named
                continue
        op_writes = WRITES.get(p.op, FIELDS)
        writes |= op_writes
        if p.op in _NAMING and abilities is not None:
            value = p.args.get(_NAMING[p.op])
            abilities |= {value} if isinstance(value, str) else set(value or ())
        elif "abilities" in op_writes:
            abilities = None
        if "subtypes" in op_writes:
            subtypes = None
    names: dict[str, frozenset[str]] = {}
    if abilities is not None:
        names["abilities"] = frozenset(abilities)
    if subtypes is not None:
        names["subtypes"] = frozenset(subtypes)
    return frozenset(writes), names


# What ``_fits`` reads.
_FIT_READS = frozenset({"types", "subtypes", "all_creature_types", "abilities", "intrinsic"})


def _fits(ch: Characteristics) -> bool:
    """205.3d, 305.6: the object's subtypes fit its card types and its intrinsic mana abilities are its land types'."""
    return fit_subtypes(ch) is ch and intrinsic_abilities(ch) is ch


def _changed_names(old: Characteristics, new: Characteristics, names: dict[str, set[str]]) -> None:
    """Add to ``names`` the abilities (had, or granted at another time) and subtypes that differ."""
    names["abilities"] |= old.abilities ^ new.abilities
    if old.granted != new.granted:
        names["abilities"] |= {
            a for a in old.granted.keys() | new.granted.keys() if old.granted.get(a) != new.granted.get(a)
        }
    names["subtypes"] |= old.subtypes ^ new.subtypes


class _Info:
    """What the engine keeps about one effect value."""

    __slots__ = (
        "effect",
        "filter_names",
        "filter_reads",
        "fit_names",
        "fit_writes",
        "named",
        "reads_values",
        "slots",
        "value_names",
        "value_reads",
        "write_names",
        "writes",
    )

    def __init__(self, effect: ContinuousEffect) -> None:
        self.effect = effect
        self.slots: dict[str, tuple[Part, ...]] = {}
        self.named: dict[str, frozenset[str] | None] = {}
        self.filter_reads = filter_reads(effect.filter) if effect.targets is None else frozenset()
        self.reads_values = reads_values(effect)
        reads: set[str] = set()
        for p in effect.parts:
            for k, v in p.args.items():
                if k in VALUE_ARGS:
                    reads |= value_reads(v)
        self.value_reads = frozenset(reads)
        self.writes, self.write_names = _writes(effect.parts, fit=False)
        # On objects whose subtypes fit their types and whose intrinsic abilities are right (``_fits``),
        # adding or removing creature types changes those creature types only (205.3d, 305.6).
        self.fit_writes, self.fit_names = _writes(effect.parts, fit=True)
        self.filter_names: Names = {}
        if effect.targets is None:
            for field, ask in NAMED.items():
                read = names_read(effect.filter, ask)
                if read is not None:
                    self.filter_names[field] = read
        else:
            self.filter_names = dict.fromkeys(NAMED, frozenset())
        self.value_names: Names = {}
        for field, ask in NAMED.items():
            known: frozenset[str] | None = frozenset()
            for p in effect.parts:
                for k, v in p.args.items():
                    if k in VALUE_ARGS and known is not None:
                        names = value_names_read(v, ask)
                        known = None if names is None else known | names
            if known is not None:
                self.value_names[field] = known

    def names_abilities(self, slot: str, parts: tuple[Part, ...]) -> frozenset[str] | None:
        """The abilities b's parts in ``slot`` name, when those parts touch nothing else (else None)."""
        if slot not in self.named:
            named: set[str] | None = set()
            for p in parts:
                field = _NAMING.get(p.op)
                if named is None or field is None:
                    named = None
                    continue
                value = p.args.get(field)
                named |= {value} if isinstance(value, str) else set(value or ())
            self.named[slot] = None if named is None else frozenset(named)
        return self.named[slot]


class _Affected:
    """An effect's set of objects (611.3a) and the step it is up to date with."""

    __slots__ = ("effect", "objects", "version")

    def __init__(self, effect: ContinuousEffect, objects: frozenset[str], version: int) -> None:
        self.effect, self.objects, self.version = effect, objects, version


class _Changes:
    """An effect's trial application (613.8a): the objects it would change, up to date with a step."""

    __slots__ = ("changed", "changes", "effect", "instrs", "parts", "targets", "version")

    def __init__(self) -> None:
        self.effect: ContinuousEffect | None = None
        self.parts: tuple[Part, ...] = ()
        self.targets: frozenset[str] = frozenset()
        self.version = -1
        self.changes: dict[str, Characteristics] = {}
        self.changed: frozenset[str] | None = None
        self.instrs: list[Instruction | None] = []


class Engine:
    """The state of one resolution and what is kept between its steps."""

    def __init__(self, board: Board, version: RulesVersion) -> None:
        self.board = board
        self.version = version
        self.state: dict[str, Characteristics] = dict(initial_state(board, version))
        self.locked: dict[str, tuple[ContinuousEffect, frozenset[str]]] = {}
        # One entry per applied step: the objects it changed and the characteristics it changed.
        self.log: list[tuple[frozenset[str], frozenset[str], Names]] = []
        # Objects that do not fit (``_fits``), computed when first asked.
        self.unfit: set[str] | None = None
        self.infos: dict[int, _Info] = {}
        self.affected_cache: dict[str, _Affected] = {}
        self.changes_cache: dict[str, _Changes] = {}
        self.static_memo: dict[tuple[Any, ...], ContinuousEffect | None] = {}
        self.resolved = resolved_effects(board)
        self.rules = rule_effects(board, self.state)
        self.defined = frozenset(board.abilities)
        self.statics: dict[str, list[ContinuousEffect]] = {}
        for obj_id in sorted(self.state):
            self._regenerate_statics(obj_id)

    # --- effects in play (611, 613.6)

    def _regenerate_statics(self, obj_id: str) -> None:
        """611.3b: the effects of one object's static abilities, as ``static_effects`` lists them."""
        ch = self.state[obj_id]
        out = []
        # 612.1: without text changes only a defined wording can be a static ability.
        wordings = ch.abilities if ch.text_changes else ch.abilities & self.defined
        # 113.2c: on a text-changed object the memo key also reads which other wordings it holds (``static_effect``)
        held = (ch.abilities, ch.granted) if ch.text_changes else None
        for wording in sorted(wordings):
            key = (obj_id, wording, ch.text_changes, ch.granted.get(wording), wording in ch.granted, ch.name, held)
            if key not in self.static_memo:
                self.static_memo[key] = static_effect(self.board, self.state, obj_id, wording)
            e = self.static_memo[key]
            if e is not None and functions(self.board, e):
                out.append(e)
        if out:
            self.statics[obj_id] = out
        else:
            self.statics.pop(obj_id, None)

    def effects_in_play(self) -> list[ContinuousEffect]:
        """611, 613.6: as ``reference.effects.effects_in_play``."""
        effects = list(self.resolved)
        for obj_id in sorted(self.statics):
            effects += self.statics[obj_id]
        effects += self.rules
        keys = {e.key for e in effects}
        effects += [e for k, (e, _) in sorted(self.locked.items()) if k not in keys]
        return effects

    def info(self, e: ContinuousEffect) -> _Info:
        """What is kept about one effect value (what it reads and writes, its parts per slot)."""
        i = self.infos.get(id(e))
        if i is None or i.effect is not e:
            i = self.infos[id(e)] = _Info(e)
        return i

    def parts(self, e: ContinuousEffect, slot: str) -> tuple[Part, ...]:
        """613.6: as ``parts_in_slot``, kept per effect value."""
        i = self.info(e)
        if slot not in i.slots:
            i.slots[slot] = parts_in_slot(e, self.version, slot)
        return i.slots[slot]

    # --- what an effect applies to (611.2c, 611.3a, 613.6), kept up to date

    def affected(self, e: ContinuousEffect) -> frozenset[str]:
        """As ``reference.effects.affected``, re-reading only objects changed since last time."""
        now = len(self.log)
        if e.key in self.locked:
            return frozenset(i for i in self.locked[e.key][1] if i in self.state)
        cached = self.affected_cache.get(e.key)
        if cached is not None and cached.effect == e:
            if cached.version == now:
                return cached.objects
            if e.targets is not None:
                cached.version = now
                return cached.objects
            info = self.info(e)
            dirty: set[str] = set()
            full = False
            for objs, changed, names in self.log[cached.version :]:
                if e.source in objs and "controller" in changed:
                    full = True
                    break
                if hits(changed, names, info.filter_reads, info.filter_names):
                    dirty |= objs
            if not full:
                objects = cached.objects
                if dirty:
                    ctx = self.context(e)
                    anywhere = e.origin == "cda" or names_zone(e.filter)
                    dirty = {o for o in dirty if anywhere or self.board.objects[o].zone == "battlefield"}
                    test = compiled(e.filter)
                    gained = {o for o in dirty if o not in objects and test(o, ctx)}
                    lost = {o for o in dirty if o in objects and not test(o, ctx)}
                    if gained or lost:
                        objects = (objects - lost) | gained
                cached.objects, cached.version = objects, now
                return objects
        if e.targets is not None:
            # 611.2c, 400.7: a resolved effect's objects are permanents
            objects = frozenset(i for i in e.targets if i in self.state and self.board.objects[i].zone == "battlefield")
        else:
            ctx, test = self.context(e), compiled(e.filter)
            objects = objects_matching(e.filter, ctx, anywhere=e.origin == "cda", test=test)
        self.affected_cache[e.key] = _Affected(e, objects, now)
        return objects

    def context(self, e: ContinuousEffect) -> Context:
        """109.4: as ``effects.context``: the effect's source and the player its "you" means."""
        controller = e.controller
        if e.origin in ("static", "cda") and e.source is not None and e.source in self.state:
            controller = self.state[e.source].controller
        return Context(board=self.board, state=self.state, source=e.source, controller=controller)

    # --- what an effect would change (613.1), kept up to date

    def _instructions(
        self, e: ContinuousEffect, parts: tuple[Part, ...], target: str, c: _Changes
    ) -> list[Instruction]:
        """613.8a: what each part does to ``target``; parts that do not read the object are evaluated once."""
        out = []
        for n, p in enumerate(parts):
            cached = c.instrs[n]
            if cached is None:
                instr = instruction(e, p, target, self.board, self.state, self.version)
                if not _part_reads_object(p):
                    c.instrs[n] = instr
            else:
                instr = cached
            out.append(instr)
        return out

    def _apply(self, e: ContinuousEffect, parts: tuple[Part, ...], target: str, c: _Changes) -> Characteristics:
        """613.1: one object's characteristics once the effect's parts are applied to it."""
        ch = self.state[target]
        for instr in self._instructions(e, parts, target, c):
            ch = apply_instruction(ch, instr, e.timestamp)
        return ch

    def changes(self, e: ContinuousEffect, slot: str) -> dict[str, Characteristics]:
        """As ``reference.effects.changes_of`` for the effect's parts in ``slot``, on the current state."""
        parts = self.parts(e, slot)
        targets = self.affected(e)
        now = len(self.log)
        c = self.changes_cache.get(e.key)
        if c is None:
            c = self.changes_cache[e.key] = _Changes()
        if c.version == now and c.effect is e and c.parts == parts:
            return c.changes
        dirty: set[str] | None = None
        if c.effect is e and c.parts == parts:
            info = self.info(e)
            dirty = set(targets ^ c.targets)
            for objs, changed, names in self.log[c.version :]:
                if (info.reads_values and hits(changed, names, info.value_reads, info.value_names)) or (
                    e.source in objs and "controller" in changed
                ):
                    dirty = None
                    break
                dirty |= objs & targets
        if dirty is None:
            c.effect, c.parts, c.instrs, c.changes, c.changed = e, parts, [None] * len(parts), {}, None
            dirty = set(targets)
        for t in dirty:
            if t not in targets:
                c.changes.pop(t, None)
                continue
            ch = self._apply(e, parts, t, c)
            if ch != self.state[t]:
                c.changes[t] = ch
            else:
                c.changes.pop(t, None)
        if dirty:
            c.changed = None
        c.targets, c.version = targets, now
        return c.changes

    def changed(self, e: ContinuousEffect, slot: str) -> frozenset[str]:
        """The objects applying the effect's parts in ``slot`` would change now."""
        changes = self.changes(e, slot)
        c = self.changes_cache[e.key]
        if c.changed is None:
            c.changed = frozenset(changes)
        return c.changed

    def trial_of(self, b: ContinuousEffect, slot: str, obj_id: str) -> Characteristics:
        """One object's characteristics once ``b`` is applied (613.8a's trial), without the others."""
        c = self.changes_cache.get(b.key)
        parts = self.parts(b, slot)
        if c is not None and c.version == len(self.log) and c.effect is b and c.parts == parts:
            return c.changes.get(obj_id, self.state[obj_id])
        if obj_id not in self.affected(b):
            return self.state[obj_id]
        scratch = _Changes()
        scratch.instrs = [None] * len(parts)
        return self._apply(b, parts, obj_id, scratch)

    def all_fit(self, objects: frozenset[str]) -> bool:
        """True when every one of the objects fits (``_fits``): its subtypes its types, its mana abilities its lands."""
        if self.unfit is None:
            self.unfit = {i for i, ch in self.state.items() if not _fits(ch)}
        return self.unfit.isdisjoint(objects)

    # --- dependency (613.8a)

    def graph(self, group: list[ContinuousEffect], slot: str) -> dict[str, dict[str, DependencyReason]]:
        """As ``reference.dependency.dependency_graph``: trial applications only where they could matter."""
        isolated = self.version.cda_dependency_isolated
        graph: dict[str, dict[str, DependencyReason]] = {a.key: {} for a in group}
        # 613.8a: only an effect whose existence, text, objects or amounts can vary can depend on another.
        sensitive: list[tuple[ContinuousEffect, _Info, bool, bool]] = []
        reads: set[str] = set()
        # Indexes over the sensitive effects, so that each b meets only the effects it could reach:
        # by characteristic read (abilities asked about by name: by that name), by source, by wording.
        by_read: dict[str, list[int]] = {}
        by_name: dict[tuple[str, str], list[int]] = {}
        by_source: dict[str, list[int]] = {}
        by_word: dict[str, list[int]] = {}
        for a in group:
            ia = self.info(a)
            static = a.origin in ("static", "cda") and a.source is not None
            if not (static or ia.reads_values):
                continue
            live = a.key not in self.locked and a.targets is None
            words = _words(a, self.state[a.source]) if static and a.source in self.state else frozenset()
            n = len(sensitive)
            sensitive.append((a, ia, static, live))
            if live:
                reads |= ia.filter_reads
                _index_reads(n, ia.filter_reads, ia.filter_names, by_read, by_name)
            reads |= ia.value_reads
            _index_reads(n, ia.value_reads, ia.value_names, by_read, by_name)
            if static:
                reads |= SOURCE_READS
                assert a.source is not None
                by_source.setdefault(a.source, []).append(n)
                for w in words:
                    by_word.setdefault(w, []).append(n)
        if not sensitive:
            return graph
        doing: dict[str, object] = {}
        for b in group:
            ib = self.info(b)
            writes, wnames = ib.writes, ib.write_names
            if ib.fit_writes != writes and self.all_fit(self.affected(b)):
                writes, wnames = ib.fit_writes, ib.fit_names
            if not writes & reads:
                continue  # nothing b can change is read by any effect of the group
            touches_sources = bool(writes & SOURCE_READS)
            b_targets = self.affected(b) if touches_sources else frozenset()
            named = ib.names_abilities(slot, self.parts(b, slot)) if touches_sources else None
            # Every effect the test below does not skip at once: one whose reads b writes, one whose
            # source b changes (when b names the abilities it touches: one with such a wording).
            reach: set[int] = set()
            for f in writes:
                if f in wnames:
                    reach.update(by_read.get(f + "?", ()))
                    for name in wnames[f]:
                        reach.update(by_name.get((f, name), ()))
                else:
                    reach.update(by_read.get(f, ()))
            if touches_sources:
                if named is not None:
                    for w in named:
                        reach.update(n for n in by_word.get(w, ()) if sensitive[n][0].source in b_targets)
                elif len(b_targets) < len(by_source):
                    for t in b_targets:
                        reach.update(by_source.get(t, ()))
                else:
                    for src, ns in by_source.items():
                        if src in b_targets:
                            reach.update(ns)
            for n in sorted(reach):
                a, ia, static, live = sensitive[n]
                if a.key == b.key:
                    continue
                if isolated and (a.origin == "cda") != (b.origin == "cda"):
                    continue  # 613.8a(c)
                filt_hit = live and hits(writes, wnames, ia.filter_reads, ia.filter_names)
                val_hit = ia.reads_values and hits(writes, wnames, ia.value_reads, ia.value_names)
                src_hit = static and touches_sources and a.source in b_targets
                if not (filt_hit or val_hit or src_hit):
                    continue  # b changes nothing a reads: a's existence, text, objects and amounts stay
                # Only b's reach of a's source: b names none of a's wordings only if a was reached otherwise,
                # and then b hits a's filter or values; so here b names a's wording or does not name abilities.
                if src_hit and not (filt_hit or val_hit) and not self._source_may_change(a, b, slot):
                    continue
                r = self._readable_test(a, ia, b, slot, doing)
                if r is not None:
                    graph[a.key][b.key] = r
        return graph

    def _source_may_change(self, a: ContinuousEffect, b: ContinuousEffect, slot: str) -> bool:
        """Could applying ``b`` to a's source change a's existence, text or controller (611.3, 109.4)?

        ``graph`` asks only when b reaches a through a's source alone: b names one of a's wordings (``by_word``)
        or does not name the abilities it touches.
        """
        assert a.source is not None
        old = self.state[a.source]
        new = self.trial_of(b, slot, a.source)
        if new == old:
            return False
        return new.controller != old.controller or _source_view(a, new) != _source_view(a, old)

    def _readable_test(
        self, a: ContinuousEffect, ia: _Info, b: ContinuousEffect, slot: str, doing: dict[str, object]
    ) -> DependencyReason | None:
        """613.8a: the readable test (``dependency._compare``) on b's trial application."""
        changes = self.changes(b, slot)
        if not changes:
            return None  # applying b changes nothing, so nothing can depend on it
        changed = self.changed(b, slot)
        trial: State = ChainMap(changes, self.state)  # type: ignore[arg-type]
        before = self.affected(a)
        if a.key not in doing and (ia.reads_values or a.source in changed):
            doing[a.key] = {
                t: tuple(instruction(a, p, t, self.board, self.state, self.version) for p in self.parts(a, slot))
                for t in sorted(before)
            }
        return _compare(a, b, before, doing.get(a.key), changed, trial, self.board, self.version, slot, self.locked)

    # --- applying one effect (613.1)

    def apply(self, e: ContinuousEffect, slot: str) -> None:
        """613.1: apply the effect's parts for this slot; log what changed; regenerate changed objects' statics."""
        changes = self.changes(e, slot)
        info = self.info(e)
        found: set[str] = set(info.writes)  # what the operations can change (613.1) ...
        names: Names = info.write_names
        # creature types added or removed on objects that fit: only those types change (and they still fit)
        fit = info.fit_writes != info.writes and self.all_fit(frozenset(changes))
        if fit:
            found, names = set(info.fit_writes), info.fit_names
        elif info.writes == FIELDS or info.fit_writes != info.writes:
            # ... or, for an operation not in WRITES or one naming subtypes, what they did change
            found = set()
            changed_names: dict[str, set[str]] = {f: set() for f in NAMED}
            for t, ch in changes.items():
                changed_fields(self.state[t], ch, found)
                _changed_names(self.state[t], ch, changed_names)
            names = {f: frozenset(v) for f, v in changed_names.items()}
        for t, ch in changes.items():
            self.state[t] = ch
        if self.unfit is not None and not fit and found & _FIT_READS:
            for t, ch in changes.items():
                if _fits(ch):
                    self.unfit.discard(t)
                else:
                    self.unfit.add(t)
        self.log.append((frozenset(changes), frozenset(found), names))
        if found & _REGENERATE_ON:
            # Only named abilities changed, none of them a defined one: an object without text changes
            # keeps the same static abilities (612.1: only a defined wording is one).
            named = names.get("abilities")
            undefined = found <= _ABILITIES and named is not None and named.isdisjoint(self.defined)
            for t in sorted(changes):
                if not (undefined and not changes[t].text_changes):
                    self._regenerate_statics(t)


# Operations that touch only the abilities they name (and those abilities' grant timestamps).
_NAMING = {"add_abilities": "abilities", "remove_abilities": "abilities", "counter_keyword": "ability"}


def _index_reads(
    n: int,
    reads: frozenset[str],
    names: Names,
    by_read: dict[str, list[int]],
    by_name: dict[tuple[str, str], list[int]],
) -> None:
    """Index effect ``n`` under what it reads; a characteristic asked about by name under each name.

    ``by_read[f]``: every effect reading ``f``; ``by_read[f + "?"]``: those reading it otherwise than by name.
    """
    for f in reads:
        by_read.setdefault(f, []).append(n)
        if f in names:
            for name in names[f]:
                by_name.setdefault((f, name), []).append(n)
        else:
            by_read.setdefault(f + "?", []).append(n)


def _words(a: ContinuousEffect, ch: Characteristics) -> frozenset[str]:
    """The wordings of a's ability on its source: as defined and as its text changes read it (612.1)."""
    text = a.ability or ""
    return frozenset({text, apply_text_changes(text, ch.text_changes)})


def _source_view(a: ContinuousEffect, ch: Characteristics) -> tuple[Any, ...]:
    """What ``static_effect`` reads of a's source to produce a's effect (611.3, 612.1, 613.7a)."""
    words = _words(a, ch)
    return (
        ch.name,
        ch.text_changes,
        tuple(sorted((w, w in ch.abilities, ch.granted.get(w)) for w in words)),
    )


def _all_parts(board: Board) -> list[Part]:
    return [p for d in board.abilities.values() for p in d.parts] + [p for e in board.effects for p in e.parts]


def _untracked(board: Board) -> bool:
    """Features whose reads this module does not track: conditions (611.3a), values read off other objects,
    abilities (613.1f) or full text (612.6) read off other objects, an object looked at as it enters (614.12)."""
    if board.entering is not None or any(d.condition is not None for d in board.abilities.values()):
        return True
    text = repr(
        [d.applies_to for d in board.abilities.values()] + [p.args for d in board.abilities.values() for p in d.parts]
    )
    text += repr([p.args for e in board.effects for p in e.parts])
    reads = ("'is_it'", "'shares_creature_type_with'", "'devotion'", "counters'", "exiled_with", "'top_of_graveyard'")
    ops = ("add_activated_abilities_of", "full_text_of")
    return any(k in text for k in reads) or any(p.op in ops for p in _all_parts(board))


def resolve(board: Board, version: RulesVersion) -> Resolution:
    """613.1-613.8: as ``reference.resolver.resolve`` (same results and trace), with incremental bookkeeping."""
    if _untracked(board):
        return readable_resolve(board, version)
    engine = Engine(board, version)
    state = engine.state
    locked = engine.locked
    locked_slot: dict[str, str] = {}
    steps: list[TraceStep] = []
    skipped: list[Skipped] = []
    edges: list[Edge] = []
    moments: list[Moment] = []
    ties: list[Tie] = []
    for slot in version.slots:
        done: set[str] = set()
        seen: dict[str, ContinuousEffect] = {}
        waited: dict[str, set[str]] = {}
        seen_edges: set[tuple[str, str]] = set()
        while True:
            candidates = [e for e in engine.effects_in_play() if e.key not in done and engine.parts(e, slot.id)]
            for e in candidates:
                seen.setdefault(e.key, e)
            if not candidates:
                break
            cdas = [e for e in candidates if e.origin == "cda"]
            group = (cdas or candidates) if version.cda_dependency_isolated else candidates
            graph = engine.graph(group, slot.id)
            for a, deps in graph.items():
                waited.setdefault(a, set()).update(deps)
                for b, r in deps.items():
                    if (a, b) not in seen_edges:
                        seen_edges.add((a, b))
                        edges.append(Edge(slot.id, a, b, r.test, r.detail))
            ok = set(ready(graph, version.loop_waits_as_unit, version.loop_ignores_dependency))
            pick, tie = choose_next(group, ok, waited, done, board, state, version, slot.id)
            if tie is not None:
                ties.append(tie)
            why = _why(pick, group, candidates, graph, waited, done)
            targets = engine.affected(pick)
            first = pick.key not in locked
            parts = engine.parts(pick, slot.id)
            engine.apply(pick, slot.id)
            if first:
                locked[pick.key] = (pick, targets)
                locked_slot[pick.key] = slot.id
            done.add(pick.key)
            moment, step = record_application(
                len(steps) + 1, slot, pick, group, graph, parts, why, targets, locked_slot, first, state
            )
            moments.append(moment)
            steps.append(step)
        skipped.extend(not_applied(slot, seen, done, board, state))
    return Resolution(
        version=version.id,
        final=dict(state),
        steps=tuple(steps),
        skipped=tuple(skipped),
        edges=tuple(edges),
        moments=tuple(moments),
        ties=tuple(ties),
    )
