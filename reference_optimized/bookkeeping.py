"""The incremental bookkeeping of the layer loop (613.1-613.8): the same answers as
``reference.resolver.Readable``, kept from step to step instead of recomputed.

``reference.resolver.resolve`` is the one statement of the layer loop; it asks its bookkeeping
which effects are in play, what each applies to, which depend on which, and to apply one. This
class answers those questions and keeps what it can between steps:

- each static effect's set of objects is kept from step to step and re-read only on the
  objects a step changed, and only when the step changed a characteristic its filter reads;
- an object's static effects are regenerated only when its abilities, text or name changed;
- a trial application (613.8a) is made only where it could change what another effect reads:
  an operation writes known characteristics (``reads.WRITES``) and a filter or value reads known
  ones, abilities and subtypes by name where the text names them (adding a creature type
  changes only that type on an object whose subtypes fit its types, 205.3d); when no pair of
  a layer can interact the dependency step finds no edge at once;
- the effects that could depend on others are indexed by what they read, by source and by
  wording, so that each effect meets only those it could change (not every pair, every step);
- a trial's result is kept per effect and recomputed only on the objects that changed;
- a pair's dependency answer is kept across steps (``witnesses``): an "applies to" answer by the objects that
  make it, tested again only on the objects a step changed in what the pair reads; amounts read off their own
  object are answered once per class of equal effects and objects in each graph;
- a value expression that does not read its object is evaluated once per effect, not per object; one that reads
  only its characteristics ("its" mana value) once per class of objects with equal characteristics;
- card types are written and read by name (adding "creature" changes no "land" a filter asks about; on objects
  that fit with nothing set aside, adding a card type changes that type only);
- a pair whose trial leaves a's existence and text alone (its source's abilities, text and name unchanged, no
  condition) and cannot change what a does is answered off the objects the trial changes, and effects with equal
  filters, "you" and objects share that answer within a graph;
- effects alike read their objects once per step (611.3a, 109.4): what a filter takes is read off the filter, the
  state, "you" and the zones it reads, and off its source only where it names it, so equal filters free of their
  sources with the same "you" take the same objects until a step changes the state ("other than its source" then
  leaves each one's own source out: five Blood Moons or Opalescences ask once), and brought up to date after a step
  they test each object it changed once between them (``_retaken``);
- the bitsets follow a step class by class (613.1): the objects moving from one value to another together lose and
  gain the same facts, so each class of a step is moved at once, the steps in order (an object moved twice ends with
  its last value's facts), and a trial made class by class moves a copy of the bitsets the same way (613.8a);
- the rules' effects (122.1, 613.7c: counters, each kind on each object one effect with its own timestamp) are facts
  of the board the layers never change: they are read once for every resolution of a board (``board_rules``), sorted
  into their slots with their parts and infos once per board and version, and read as one class by ``independent``
  (what all of a slot's read and write); a counter applied in a group that applies in one pass (the layer loop's
  ``one_pass_order``) reads its fixed object without ``affected``'s and ``apply``'s questions (``apply_in_order``).
  A run of such counters in a row is applied in one loop (``_apply_run``: their objects and parts kept per board and
  version) and is one entry of the history; each counter is still its own step at its own timestamp, its state
  made again when the trace reads it (``_Run``).
- effects of one class (the same card's ability: same filter, same parts, other sources and timestamps) meet one
  trial once in each graph (613.8a, 613.7; ``_class_key`` argues when the answer is the class's: not where the test
  reads the effect's source, its fixed objects, its amounts or its condition), and equal effects on the same objects
  hold one dict of changes, each changing it only as a copy of its own (613.1). b's trial is read at the first pair of
  its column the cheap checks leave, so that the class answer is read before any member's kept answer, and a kept
  answer (613.8c) is the class's as a tested one is: after a step, the March of the Machines met after the first
  against one trial take its kept answer, none tested; a b whose trial changes nothing is left at once.
- effects of one class whose filter leaves its own source out ("each other non-Aura enchantment": five
  Opalescences) are one block as b in each graph (613.8a, ``_other_block``): the class's trial (what their parts
  give every object the filter less "other" takes, the sources too) is read once, each a is read against it once
  (``_block_witnesses``), and each member's answer is that one less its own source, which its trial leaves
  (``_member_answer``); an a whose test reads what the block does not settle is asked of each member alone.
- what a resolution reads off the board and the version alone is read once for every resolution of the board
  (613.1, 611.3, 611.3a): the bitsets over the first values (``first_indexes``: each resolution moves a copy of its
  own), every object's statics at its first values (``_first_statics``), and the result of applying one instruction
  to one value (``_APPLIED``: a pure function of the value, the instruction and, timed, the timestamp).

Every shortcut returns "no dependency" only where the readable test
(``reference.dependency.compare_after_trial``) would; where a shortcut cannot tell, the
readable test itself is run.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Any

from reference.dependency import (
    DependencyReason,
    changes_what_it_applies_to,
    changes_what_it_does,
    compare_after_trial,
)
from reference.effects import (
    READS_OTHERS,
    VALUE_ARGS,
    ContinuousEffect,
    definition_of,
    functions,
    instruction,
    object_rule_effects,
    parts_in_slot,
    reads_values,
    resolved_effects,
    static_effect,
)
from reference.filters import Context, condition_holds, objects_matching
from reference.model import Board, Characteristics, GameObject, Part, State
from reference.operations import TIMED_OPERATIONS, Instruction, apply_instruction
from reference.resolver import initial_values, one_by_one
from reference.versions import RulesVersion

from .compiled_filters import compiled, zone_named

# 613.8b: ``reference.dependency.strongly_connected``'s components, found without recursion (``components.loops``)
from .components import loops as strongly_connected
from .indexes import INDEXED, Indexes
from .reads import (
    ABILITY_FIELDS,
    FIELDS,
    FIT_READS,
    NAMED,
    NAMING,
    REGENERATE_ON,
    SOURCE_READS,
    WRITES,
    Names,
    changed_fields,
    changed_names,
    condition_reads,
    filter_reads,
    fits,
    hits,
    idle_pt,
    index_reads,
    names_read,
    part_reads_object,
    part_reads_only_characteristics,
    self_only,
    source_free,
    source_free_filter,
    source_reads,
    source_view,
    value_names_read,
    value_reads,
    without_other_than_source,
    words_of,
    writes_of,
)
from .witnesses import KeptPair, moved_since, rewitness, step_reads, witnessed_answer

# Objects per value, at least, for a class to move at once (``Incremental.by_class``); with fewer (every object
# its own value) the classes are not kept.
_CLASS_SIZE = 4

# Past this many objects to read again, an effect's objects are found afresh by the bitsets (``indexes``).
_WHOLE = 32

# Past this many objects, equal parts applied to the same objects at one step share one dict of changes
# (``Incremental._shared_changes``); for fewer, each effect's are made as fast as they are found.
_SHARED_FROM = 8

# Operations whose instruction is read off the part and the object alone (``reference.effects.instruction``):
# not a copy (its timestamp), a control change ("you"), nor what is read off other objects.
SHARED_OPS = frozenset({"set_pt", "modify_pt"}) | frozenset(WRITES) - {"set_controller"}


def _split(filt: Any) -> tuple[Any, bool, bool]:
    """What a trial reads of a filter: the filter less "other than its source" when the rest is free of the
    source (then True), and whether what is read is free of the source (109.4: only its controller's "you")."""
    rest = without_other_than_source(filt)
    if rest is not None and source_free_filter(rest):
        return rest, True, True
    return filt, False, source_free_filter(filt)


class _Info:
    """What the engine keeps about one effect value."""

    __slots__ = (
        "effect",
        "exist_names",
        "exist_reads",
        "filter_names",
        "filter_reads",
        "fit_names",
        "fit_writes",
        "idle_pt",
        "named",
        "reads_values",
        "self_only",
        "shared_parts",
        "slot_by_value",
        "slot_reads",
        "slot_writes",
        "source_reads",
        "value_names",
        "value_reads",
        "write_names",
        "writes",
    )

    def __init__(self, effect: ContinuousEffect, condition: Any = None) -> None:
        self.effect = effect
        self.slot_reads: dict[str, bool] = {}
        self.slot_by_value: dict[str, bool] = {}  # per slot: its parts read of an object only its characteristics
        self.slot_writes: dict[str, tuple[frozenset[str], Names, frozenset[str], Names, frozenset[str]]] = {}
        self.named: dict[str, frozenset[str] | None] = {}
        self.filter_reads = filter_reads(effect.filter) if effect.targets is None else frozenset()
        # what the filter reads of the source itself, beyond the controller its "you" means
        self.source_reads = source_reads(effect.filter) if effect.targets is None else frozenset()
        self.reads_values = reads_values(effect)
        reads: set[str] = set()
        others: list[tuple[str, Any]] = []  # operations that read other objects (613.1f, 612.6), with their filters
        for p in effect.parts:
            for k, v in p.args.items():
                if k in VALUE_ARGS:
                    reads |= value_reads(v)
            if p.op in READS_OTHERS:
                reads |= filter_reads(p.args.get("from"))
                others.append((p.op, p.args.get("from")))
                if p.op == "add_activated_abilities_of":
                    reads |= ABILITY_FIELDS
        self.value_reads = frozenset(reads)
        # the amounts read, of all objects, only the one they are computed for: a trial changes them only there
        self.self_only = not others and all(
            self_only(v) for p in effect.parts for k, v in p.args.items() if k in VALUE_ARGS
        )
        # what each part does to an object depends on that object and the parts alone, not on which effect
        # (its source, its controller, its timestamp) has them: effects with equal parts give equal instructions
        self.shared_parts = self.self_only and all(
            p.op in SHARED_OPS and all(source_free(v) for k, v in p.args.items() if k in VALUE_ARGS)
            for p in effect.parts
        )
        # 611.3a: what an "as long as" condition reads (its existence varies with it)
        self.exist_reads, self.exist_names = condition_reads(condition)
        self.writes, self.write_names = writes_of(effect.parts, fit=False)
        # On objects whose subtypes fit their types and whose intrinsic abilities are right (``fits``),
        # adding or removing creature types changes those creature types only (205.3d, 305.6).
        self.fit_writes, self.fit_names = writes_of(effect.parts, fit=True)
        # on objects with both power and toughness, what "+x/+0" leaves alone (613.4c)
        self.idle_pt = idle_pt(effect.parts) & self.writes
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
            for op, filt in others:
                if known is not None:
                    named = names_read(filt, ask)
                    # "all activated abilities of": every ability of those objects, not by name
                    every = field == "abilities" and op == "add_activated_abilities_of"
                    known = None if named is None or every else known | named
            for p in effect.parts:
                for k, v in p.args.items():
                    if k in VALUE_ARGS and known is not None:
                        names = value_names_read(v, ask)
                        known = None if names is None else known | names
            if known is not None:
                self.value_names[field] = known

    def writes_in(
        self, slot: str, parts: tuple[Part, ...]
    ) -> tuple[frozenset[str], Names, frozenset[str], Names, frozenset[str]]:
        """613.1, 613.6: what the effect's parts in ``slot`` (``parts``) can change, with the names they touch, the
        same on objects that fit (205.3d, 305.6), and what "+x/+0" among them leaves alone (613.4c): a step, or a
        trial, in a slot applies those parts alone (``writes`` is every part's)."""
        held = self.slot_writes.get(slot)
        if held is None:
            writes, names = writes_of(parts, fit=False)
            fit_writes, fit_names = writes_of(parts, fit=True)
            held = self.slot_writes[slot] = (writes, names, fit_writes, fit_names, idle_pt(parts) & writes)
        return held

    def names_abilities(self, slot: str, parts: tuple[Part, ...]) -> frozenset[str] | None:
        """The abilities b's parts in ``slot`` name, when those parts touch nothing else (else None)."""
        if slot not in self.named:
            named: set[str] | None = set()
            for p in parts:
                field = NAMING.get(p.op)
                if named is None or field is None:
                    named = None
                    continue
                value = p.args.get(field)
                named |= {value} if isinstance(value, str) else set(value or ())
            self.named[slot] = None if named is None else frozenset(named)
        return self.named[slot]


class _Readings:
    """613.6: what is read off effects alone under one rules version, for every resolution under it: what each
    effect reads and writes (``_Info``, per parts, filter, origin and condition) and its parts in each slot (per
    parts and origin: the version's slots place each part)."""

    __slots__ = ("by_value", "info_like", "slot_parts", "version")

    def __init__(self, version: RulesVersion) -> None:
        self.version = version
        self.info_like: dict[tuple[Any, ...], _Info] = {}
        self.slot_parts: dict[tuple[tuple[Part, ...], str], dict[str, tuple[Part, ...]]] = {}
        # by the identities of parts and a value: the parts, the value (both held) and the value once the parts are
        # applied to it, for parts whose result reads the value alone (``Incremental._value_change``)
        self.by_value: dict[tuple[int, int], tuple[tuple[Part, ...], Characteristics, Characteristics, bool]] = {}


# 613.6: the readings kept per rules version (by its identity: the version is held with them), at most this many
# versions, and at most this many effects' readings each (then they are read again)
_READINGS: dict[int, _Readings] = {}
_VERSIONS_KEPT = 16
_READINGS_KEPT = 4096
# at most this many results of parts on values (``_Readings.by_value``), then read again
_BY_VALUE_KEPT = 65_536


def readings(version: RulesVersion) -> _Readings:
    """613.6: the readings of effects kept for this rules version (``_Readings``), made when first asked."""
    held = _READINGS.get(id(version))
    if held is None or held.version is not version:
        if len(_READINGS) >= _VERSIONS_KEPT:
            _READINGS.clear()
        held = _READINGS[id(version)] = _Readings(version)
    if len(held.info_like) > _READINGS_KEPT:
        held.info_like.clear()
    if len(held.slot_parts) > _READINGS_KEPT:
        held.slot_parts.clear()
    if len(held.by_value) > _BY_VALUE_KEPT:
        held.by_value.clear()
    return held


class _Affected:
    """An effect's set of objects (611.3a) and the step it is up to date with."""

    __slots__ = ("effect", "objects", "version")

    def __init__(self, effect: ContinuousEffect, objects: frozenset[str], version: int) -> None:
        self.effect, self.objects, self.version = effect, objects, version


# objects alike that one application moves together: their value before, their value after, the objects
Move = tuple[Characteristics, Characteristics, set[str]]


def _grouped_moves(changes: Iterable[tuple[str, Characteristics, Characteristics]]) -> list[Move]:
    """613.1: (object, old value, new value) changes as moves: the objects going from one value to another together."""
    groups: dict[tuple[int, int], Move] = {}
    for t, old, new in changes:
        if old is not new:
            found = groups.get((id(old), id(new)))
            if found is None:
                groups[(id(old), id(new))] = (old, new, {t})
            else:
                found[2].add(t)
    return list(groups.values())


class _Changes:
    """An effect's trial application (613.8a): the objects it would change, up to date with a step."""

    __slots__ = ("changed", "changes", "effect", "instrs", "moves", "parts", "shared", "slot", "targets", "version")

    def __init__(self) -> None:
        self.effect: ContinuousEffect | None = None
        self.slot: str | None = None
        self.parts: tuple[Part, ...] = ()
        self.targets: frozenset[str] = frozenset()
        self.version = -1
        self.changes: dict[str, Characteristics] = {}
        self.changed: frozenset[str] | None = None
        self.instrs: list[Instruction | None] = []
        # when the changes were made class by class (``Incremental.by_class``): each class's old value, new value and
        # the objects that move (None once the changes were made or touched object by object)
        self.moves: list[Move] | None = None
        # the changes are also another effect's (handed on by ``Incremental._shared_changes``): changed only as a copy
        self.shared = False


Graph = dict[str, dict[str, DependencyReason]]


class _Run:
    """613.1, 613.7c: the history's entry for a run of effects applied at once (``Incremental._apply_run``): the
    objects of each effect, in order, and the value each of them holds after that effect, in the same order."""

    __slots__ = ("each", "news")

    def __init__(self, each: list[frozenset[str]], news: list[Characteristics]) -> None:
        """613.1, 613.7c: the run's effects' objects, in order, and their values after each (``_apply_run``)."""
        self.each, self.news = each, news

    def states(self, state: dict[str, Characteristics]) -> Iterator[Mapping[str, Characteristics]]:
        """613.1: the state after each effect of the run, from ``state``, the state before it (changed in place)."""
        news = iter(self.news)
        for targets in self.each:
            for t in targets:
                state[t] = next(news)
            yield state


def _replay(
    start: Mapping[str, Characteristics], history: list[dict[str, Characteristics] | _Run]
) -> Iterator[Mapping[str, Characteristics]]:
    """613.1: the state after each step, from the state before the first and each step's changes (one mapping,
    changed in place as it goes: read each before asking for the next)."""
    state = dict(start)
    for changes in history:
        if isinstance(changes, _Run):
            yield from changes.states(state)
        else:
            state.update(changes)
            yield state


def _printed_only(obj: GameObject) -> bool:
    """613.1: an object whose first values are its printed ones with their intrinsic abilities (305.6): no back face
    (712), no flip face (710), no "as this enters" choice (614.1c, 707.2), not a modal card (712.3)."""
    return obj.back_face is None and obj.flip_face is None and not obj.entered_as and not obj.modal


def shared_initial_state(board: Board, version: RulesVersion) -> dict[str, Characteristics]:
    """613.1: as ``reference.resolver.initial_state``, with equal values held as one (objects alike share it); an
    object with its printed values alone (``_printed_only``) gets one value per printed value, made once."""
    out: dict[str, Characteristics] = {}
    alike: dict[Characteristics, Characteristics] = {}
    printed: dict[Characteristics, Characteristics] = {}  # printed value -> its first value (``initial_values``)
    # the same, by the printed value's identity (objects built alike share one printed value: it is hashed once)
    by_id: dict[int, Characteristics] = {}
    objects = board.objects
    for i in sorted(objects):
        obj = objects[i]
        if _printed_only(obj):
            ch = by_id.get(id(obj.printed))
            if ch is None:
                ch = printed.get(obj.printed)
                if ch is None:
                    ch = initial_values(obj, version)
                    ch = printed[obj.printed] = alike.setdefault(ch, ch)
                by_id[id(obj.printed)] = ch
        else:
            ch = initial_values(obj, version)
            ch = alike.setdefault(ch, ch)
        out[i] = ch
    return out


def fixed_objects(
    targets: Collection[str], anywhere: bool, state: Mapping[str, Any], objects: Mapping[str, GameObject]
) -> frozenset[str]:
    """611.2c, 400.7, 123.5: an effect's fixed objects that exist where it reaches (the battlefield, or every zone)."""
    if len(targets) == 1:  # one object (its counters, 613.7c): it, if it exists where the effect reaches
        (i,) = targets
        return frozenset(targets) if i in state and (anywhere or objects[i].zone == "battlefield") else frozenset()
    return frozenset(i for i in targets if i in state and (anywhere or objects[i].zone == "battlefield"))


# 122.1, 613.7c: each object's rules' effects, by the object's identity (objects are immutable values: the object,
# its id and the keyword counters read are held with them), for every resolution of a board holding it; at most
# this many objects (then they are read again)
_OBJECT_RULES: dict[int, tuple[GameObject, str, Any, list[ContinuousEffect]]] = {}
_OBJECT_RULES_KEPT = 65_536


def shared_rule_effects(board: Board, state: Mapping[str, Any], keyword_counters: Any) -> list[ContinuousEffect]:
    """122.1a-b, 613.7c, 708.2: as ``reference.effects.rule_effects``, each object's effects read once for every
    resolution of a board holding it (``object_rule_effects`` reads the object alone)."""
    kept = _OBJECT_RULES
    if len(kept) > _OBJECT_RULES_KEPT:
        kept.clear()
    objects = board.objects
    out: list[ContinuousEffect] = []
    for obj_id in sorted(state):
        obj = objects[obj_id]
        held = kept.get(id(obj))
        if held is None or held[0] is not obj or held[1] != obj_id or held[2] != keyword_counters:
            held = kept[id(obj)] = (obj, obj_id, keyword_counters, object_rule_effects(obj_id, obj, keyword_counters))
        if held[3]:
            out += held[3]
    return out


class _BoardRules:
    """122.1, 613.7c, 708.2: one board's rules' effects (``shared_rule_effects``: counters, face-down status, merges,
    stickers; facts of the board the layers never change) and, under each rules version (613.6), what a resolution
    reads off them alone: the slots each is in, its parts in every slot and what is kept about it (``_Info``),
    read by the first resolution of the board and handed to the next ones; and every object's first values under
    each version (613.1: a function of the board and the version)."""

    __slots__ = ("bitsets", "board", "classes", "effects", "first", "keyword_counters", "read", "statics")

    def __init__(self, board: Board, keyword_counters: Any, effects: list[ContinuousEffect]) -> None:
        """122.1, 613.7c: the board's rules' effects, read under these keyword counters (122.1b), nothing read yet."""
        self.board, self.keyword_counters, self.effects = board, keyword_counters, effects
        # by the version's identity: what the first resolution under it read off the effects (``_RulesRead``)
        self.read: dict[int, _RulesRead] = {}
        # by the version's identity: the version (held) and every object's first values under it
        self.first: dict[int, tuple[RulesVersion, dict[str, Characteristics]]] = {}
        # by the version's identity: the version (held) and the objects holding each first value (``first_holders``)
        self.classes: dict[int, tuple[RulesVersion, dict[int, tuple[Characteristics, set[str]]] | None]] = {}
        # by the version's identity: the version (held) and the bitsets over the first values (``first_indexes``)
        self.bitsets: dict[int, tuple[RulesVersion, Indexes]] = {}
        # by the version's identity: the version (held) and the statics read off the first values (``Incremental``)
        self.statics: dict[int, tuple[RulesVersion, _FirstStatics]] = {}

    def initial_state(self, version: RulesVersion) -> dict[str, Characteristics]:
        """613.1: every object's first values under the version (``shared_initial_state``), made once per version
        for every resolution of the board (never changed: each resolution changes its own copy)."""
        known = self.first.get(id(version))
        if known is None or known[0] is not version:
            known = self.first[id(version)] = (version, shared_initial_state(self.board, version))
        return known[1]

    def first_holders(self, version: RulesVersion) -> dict[int, tuple[Characteristics, set[str]]] | None:
        """613.1: the objects holding each first value under the version, by the value's identity (``Incremental``'s
        classes), grouped once per board and version; each resolution gets sets of its own (``_move`` changes them).
        None where the values are too many for classes (``_CLASS_SIZE``)."""
        first = self.initial_state(version)
        known = self.classes.get(id(version))
        if known is None or known[0] is not version:
            holders: dict[int, tuple[Characteristics, set[str]]] = {}
            for i, ch in first.items():
                held = holders.get(id(ch))
                if held is None:
                    holders[id(ch)] = (ch, {i})
                else:
                    held[1].add(i)
            known = self.classes[id(version)] = (version, holders if len(holders) * _CLASS_SIZE <= len(first) else None)
        if known[1] is None:
            return None
        return {k: (ch, set(objs)) for k, (ch, objs) in known[1].items()}

    def first_indexes(self, version: RulesVersion, state: Mapping[str, Characteristics]) -> Indexes:
        """611.3a, 613.1: the bitsets over ``state`` (one resolution's values now, of the objects holding first values
        under the version), as ``Indexes(board, state)`` gives them: those over the first values are built once per
        board and version, and each resolution gets a copy of its own with the objects whose values differ from
        their first ones moved (``Indexes.update``: an object moved once from its first value to its value now
        loses and gains exactly the facts the two differ in; its board facts, position and zone are the board's)."""
        first = self.initial_state(version)
        known = self.bitsets.get(id(version))
        if known is None or known[0] is not version:
            known = self.bitsets[id(version)] = (version, Indexes(self.board, first))
        return known[1].moved((i, first[i], ch) for i, ch in state.items() if ch is not first[i])


# an object's static effects at the first values, the memo of static effects read then, the objects with a condition
_FirstStatics = tuple[dict[str, list[ContinuousEffect]], dict[tuple[Any, ...], ContinuousEffect | None], frozenset[str]]


class _RulesRead:
    """613.6, 613.8a: what resolutions under one rules version read off a board's rules' effects alone: the effects
    by slot, each one's parts in every slot and what is kept about it (``_Info``), their identities, and per slot
    what those with a part in it read and write (``Incremental.independent``)."""

    __slots__ = ("by_slot", "ids", "infos", "reads_writes", "runs", "slotted", "version")

    def __init__(
        self,
        version: RulesVersion,
        by_slot: dict[str, list[ContinuousEffect]],
        slotted: dict[int, tuple[ContinuousEffect, dict[str, tuple[Part, ...]]]],
        infos: dict[int, tuple[ContinuousEffect, _Info]],
    ) -> None:
        """613.6: the effects by slot, their parts and infos, as one resolution read them; per slot, read when asked."""
        self.version, self.by_slot, self.slotted, self.infos = version, by_slot, slotted, infos
        self.ids = frozenset(infos)
        self.reads_writes: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        # per slot, by an effect's identity: the effect, its objects (a fact of the board: which objects exist and
        # where, 400.7), its parts applied at once and what is kept about it (``Incremental._apply_run``)
        self.runs: dict[str, dict[int, tuple[ContinuousEffect, frozenset[str], tuple[Part, ...], _Info]]] = {}


# the rules' effects of the boards resolved last, by the board's identity (the board is held), at most this many
_BOARD_RULES: dict[int, _BoardRules] = {}
_BOARDS_KEPT = 64


def board_rules(board: Board, state: Mapping[str, Any], keyword_counters: Any) -> _BoardRules:
    """122.1a-b, 613.7c, 708.2: the board's rules' effects (as ``reference.effects.rule_effects`` on every object of
    the board: ``state``), read once for every resolution of the board (``_BoardRules``)."""
    held = _BOARD_RULES.get(id(board))
    if held is None or held.board is not board or held.keyword_counters != keyword_counters:
        if len(_BOARD_RULES) >= _BOARDS_KEPT:
            _BOARD_RULES.clear()
        held = _BOARD_RULES[id(board)] = _BoardRules(
            board, keyword_counters, shared_rule_effects(board, state, keyword_counters)
        )
    return held


# 613.1: the results of ``apply_instruction`` per (value, instruction, timestamp if timed), for every resolution
# (each value and instruction an immutable value: equal inputs, the same result); emptied past 100,000 entries
_APPLIED: dict[tuple[Characteristics, Instruction, Any], Characteristics] = {}
# 205.3d, 305.6, 205.1a: whether a value fits (``fits``, a pure function of the value), by the value's identity (the
# value held), for every resolution; emptied past this many
_FITS: dict[int, tuple[Characteristics, bool]] = {}
_FITS_KEPT = 65_536
# per filter: what a trial reads of it (``_split``, a function of the filter alone), for every resolution; emptied
# past this many
_FILTER_SPLITS: dict[Any, tuple[Any, bool, bool]] = {}
_SPLITS_KEPT = 4096


# 613.8a(b): the applies-to reasons made, by the two descriptions and the objects gained and lost (what the reason
# reads of the two effects and the trial), for every resolution; emptied past this many
_REASONS: dict[tuple[str, str, frozenset[str], frozenset[str]], DependencyReason] = {}
_REASONS_KEPT = 16_384


def _gone(a: ContinuousEffect, b: ContinuousEffect) -> DependencyReason:
    """611.3b, 613.8a: b's trial leaves a's source without the ability: the readable test's "existence" answer."""
    return DependencyReason("existence", f"{b.description} would stop {a.description} from existing")


def applies_to_reason(
    a: ContinuousEffect, b: ContinuousEffect, gained: frozenset[str], lost: frozenset[str]
) -> DependencyReason:
    """613.8a(b): ``dependency.changes_what_it_applies_to``, made once per descriptions and objects (``_REASONS``)."""
    key = (a.description, b.description, gained, lost)
    found = _REASONS.get(key)
    if found is None:
        if len(_REASONS) > _REASONS_KEPT:
            _REASONS.clear()
        found = _REASONS[key] = changes_what_it_applies_to(a, b, gained, lost)
    return found


def fits_kept(ch: Characteristics) -> bool:
    """205.3d, 305.6, 205.1a: ``fits`` of the value, read once per value for every resolution (``_FITS``)."""
    held = _FITS.get(id(ch))
    if held is None or held[0] is not ch:
        if len(_FITS) > _FITS_KEPT:
            _FITS.clear()
        held = _FITS[id(ch)] = (ch, fits(ch))
    return held[1]


# the same results by the value's identity (the value held with its result: objects alike hold one value, and the
# values a resolution makes are ``_APPLIED``'s, shared by every resolution), so that a value is not hashed field by
# field at each ask; emptied past 100,000 entries
_APPLIED_BY_ID: dict[tuple[int, Instruction, Any], tuple[Characteristics, Characteristics]] = {}


class Incremental:
    """613.1-613.8: the bookkeeping of one resolution (``reference.resolver.Bookkeeping``), kept between steps."""

    def __init__(self, board: Board, version: RulesVersion) -> None:
        """613.1, 613.6: every object's printed values, no effect locked in yet, and each object's statics."""
        self.board = board
        self.version = version
        # equal characteristics held as one value: objects alike are grouped by identity (``changes``, ``indexes``)
        # 122.1, 613.7c: the rules' effects, the same for every resolution of the board (``board_rules``)
        self.board_rules = board_rules(board, board.objects, version.keyword_counters)
        self.state: dict[str, Characteristics] = dict(self.board_rules.initial_state(version))
        # the objects holding each value, by the value's identity (the classes an application moves together);
        # None where there are too many values for a class to move many objects at once (``by_class``)
        self.holders: dict[int, tuple[Characteristics, set[str]]] | None = self.board_rules.first_holders(version)
        self.locked: dict[str, tuple[ContinuousEffect, frozenset[str]]] = {}
        # the state before the first step and each step's changes (never changed after): the trace's states (``replay``)
        self.start: dict[str, Characteristics] = dict(self.state)
        self.history: list[dict[str, Characteristics] | _Run] = []
        # One entry per applied step: the objects it changed and the characteristics it changed.
        self.log: list[tuple[frozenset[str], frozenset[str], Names]] = []
        # Objects that do not fit (``fits``), and those without power or toughness, computed when first asked.
        self.unfit: set[str] | None = None
        self.no_pt: set[str] | None = None
        self.infos: dict[int, tuple[ContinuousEffect, _Info]] = {}  # per effect value (by identity): what is kept
        # per (parts, filter, ...): what is kept (``info``); per (parts, origin): the parts in each slot (``parts``)
        kept = readings(version)
        self.info_like, self.slot_parts, self.by_value = kept.info_like, kept.slot_parts, kept.by_value
        self.affected_cache: dict[str, _Affected] = {}
        self.changes_cache: dict[str, _Changes] = {}
        self.static_memo: dict[tuple[Any, ...], ContinuousEffect | None] = {}
        # 613.1: one instruction's result on one value (``apply_instruction``, a pure function of the value, the
        # instruction and, for a timed operation, the timestamp), shared by every resolution (``_APPLIED``)
        self.applied = _APPLIED
        # per parts (``_shares``): the step, the objects and the changes of the last effect with those parts
        # (and its moves, when made class by class: ``by_class``)
        self.shared_changes: dict[
            tuple[Part, ...], tuple[int, frozenset[str], dict[str, Characteristics], list[Move] | None, _Changes]
        ] = {}
        # per filter: the filter a trial reads (less "other than its source"), whether that was taken off, and
        # whether what is read is free of the source (``_after_trial``)
        if len(_FILTER_SPLITS) > _SPLITS_KEPT:
            _FILTER_SPLITS.clear()
        self.filter_splits: dict[Any, tuple[Any, bool, bool]] = _FILTER_SPLITS  # (``_split`` reads the filter alone)
        # per (filter free of its source, "you", cda, step): the objects it takes then (``_taken``)
        self.taken: dict[tuple[Any, ...], frozenset[str]] = {}
        # per filter free of its source, "you", zones and step: whether it takes each object asked (``_retaken``)
        self.tested: dict[tuple[Any, ...], dict[str, bool]] = {}
        # per (a, b, slot): the readable test's answer, kept while its inputs stay (``_kept_answer``)
        self.pairs: dict[tuple[str, str, str], KeptPair] = {}
        # per slot: the last graph, the step it was read at, the effects it was read for and those locked in then
        self.last_graph: dict[str, tuple[int, dict[str, ContinuousEffect], Graph, frozenset[str]]] = {}
        # by parts' identity: the parts and what is kept of the effect (both held), and ``_shares``' answer
        self.shares: dict[int, tuple[tuple[Part, ...], _Info, bool]] = {}
        # by an effect's key: its context (``context``), read again when its source or player differs
        self.contexts: dict[str, Context] = {}
        # by a graph's identity: the graph (held) and its loops (613.8b), found once per graph (``loops``)
        self.graph_loops: dict[int, tuple[Graph, dict[str, frozenset[str]]]] = {}
        # 613.6: by an effect value's identity: the value and its parts in every slot (``parts``)
        self.effect_slots: dict[int, tuple[ContinuousEffect, dict[str, tuple[Part, ...]]]] = {}
        # by a slot's parts' identity: those parts (kept alive) and what they can write (``independent``)
        self.slot_writes: dict[int, tuple[tuple[Part, ...], frozenset[str]]] = {}
        self.slot_ids = tuple(s.id for s in version.slots)
        self.locked_objects: dict[str, tuple[tuple[ContinuousEffect, frozenset[str]], frozenset[str]]] = {}
        self.resolved = resolved_effects(board)
        self.rules = self.board_rules.effects
        self.defined = frozenset(board.abilities)
        # 611.3a: "as long as" conditions, what they read (together), and the objects holding a wording that has one
        self.conditions = {t: d.condition for t, d in board.abilities.items() if d.condition is not None}
        # the abilities (as keyed and as defined) whose effects have a condition (``_same_effect_after``)
        self.conditioned = frozenset(self.conditions) | {
            d.text for d in board.abilities.values() if d.condition is not None
        }
        self.condition_reads: frozenset[str] = frozenset()
        self.condition_names: Names = {}
        if self.conditions:
            read = [condition_reads(c) for c in self.conditions.values()]
            self.condition_reads = frozenset().union(*(r for r, _ in read))
            for field in NAMED:
                names = [n.get(field) for r, n in read if field in r]
                if all(n is not None for n in names):
                    self.condition_names[field] = frozenset().union(*names)  # type: ignore[arg-type]
        self.conditional_holders: set[str] = set()
        self.statics: dict[str, list[ContinuousEffect]] = {}
        # the effects that exist (resolved, static, the rules'), with their keys, while no object's statics change
        self.in_play: tuple[list[ContinuousEffect], set[str]] | None = None
        # per slot: the effects in play (``in_play``, kept alive) and those of them with a part in it (``in_slot``)
        self.slot_effects: dict[str, tuple[tuple[list[ContinuousEffect], set[str]], list[ContinuousEffect]]] = {}
        # by the identity of an effect's parts in every slot (``effect_slots``): those (kept alive), and the slots
        # where they are some (``_by_slot``)
        self.slots_of: dict[int, tuple[dict[str, tuple[Part, ...]], tuple[str, ...]]] = {}
        # bitsets over the objects by type, subtype, color, controller... built when first asked (``indexes``)
        self.index: Indexes | None = None
        # the objects changed since the bitsets were last brought up to date, with their characteristics then
        # the classes of objects moved since (value before, value after, their positions), in the order moved
        self.unindexed: list[tuple[Characteristics, Characteristics, int]] = []
        # 613.7c: applications made at once and not yet logged (``_apply_at_once``): each object's value before the
        # first of them, and what each of them is (whose writes the log entry reads), by identity
        self.pending_old: dict[str, Characteristics] = {}
        self.pending_infos: dict[int, _Info] = {}
        # per (what is kept of an effect, slot): the parts applied at once, or None (``_at_once``)
        self.at_once: dict[tuple[int, str], tuple[Part, ...] | None] = {}
        # per parts applied at once (by identity, kept alive): their instructions (read off the parts alone:
        # ``_Info.shared_parts``) and whether one is timed (613.7a)
        self.at_once_instrs: dict[int, tuple[tuple[Part, ...], list[Instruction], bool]] = {}
        # per (value, instructions, timestamp if read), by identity: the value (kept alive), its result, whether changed
        self.at_once_applied: dict[tuple[int, int, Any], tuple[Characteristics, Characteristics, bool]] = {}
        # 613.6: the rules' effects by slot (``_by_slot``), with their parts and infos, as an earlier resolution of
        # the board under this version read them (else read when first asked)
        self.rules_by_slot: dict[str, list[ContinuousEffect]] | None = None
        self.rules_read: _RulesRead | None = self.board_rules.read.get(id(version))
        if self.rules_read is not None and self.rules_read.version is version:
            self.rules_by_slot = self.rules_read.by_slot
            self.effect_slots.update(self.rules_read.slotted)
            self.infos.update(self.rules_read.infos)
        else:
            self.rules_read = None
        self._first_statics()

    def _first_statics(self) -> None:
        """611.3b, 613.6: every object's static effects at its first values (``_regenerate_statics`` on each).

        Those are a function of the board and the version (the first values are: ``initial_state``; a condition
        (611.3a) is read on them): the first resolution of a board under a version reads them, and the next ones
        get its statics, the memo of its static effects and the objects holding a condition, each in a mapping of
        its own (the lists of effects are never changed, only replaced)."""
        kept = self.board_rules.statics.get(id(self.version))
        if kept is not None and kept[0] is self.version:
            statics, memo, conditional = kept[1]
            self.statics, self.static_memo, self.conditional_holders = dict(statics), dict(memo), set(conditional)
            return
        for obj_id in sorted(self.state):
            self._regenerate_statics(obj_id)
        first = (dict(self.statics), dict(self.static_memo), frozenset(self.conditional_holders))
        self.board_rules.statics[id(self.version)] = (self.version, first)

    # --- effects in play (611, 613.6)

    def _regenerate_statics(self, obj_id: str) -> None:
        """611.3b: the effects of one object's static abilities, as ``static_effects`` lists them."""
        ch = self.state[obj_id]
        if not ch.abilities:
            if self.statics.pop(obj_id, None) is not None:  # no ability: no static ability
                self.in_play = None
            return
        self.in_play = None  # the effects in play are listed again when next asked (``effects_in_play``)
        out = []
        # 612.1: without text changes only a defined wording can be a static ability.
        wordings = ch.abilities if ch.text_changes else ch.abilities & self.defined
        # 113.2c: on a text-changed object the memo key also reads which other wordings it holds (``static_effect``)
        held = (ch.abilities, ch.granted) if ch.text_changes else None
        for wording in sorted(wordings):
            key: tuple[Any, ...] = (
                obj_id,
                wording,
                ch.text_changes,
                ch.granted.get(wording),
                wording in ch.granted,
                ch.name,
                held,
            )
            if self.conditions:
                d = definition_of(self.board, ch, wording)
                if d is not None and d.condition is not None:
                    # 611.3a: the effect exists only while its condition holds: the memo reads the condition now
                    self.conditional_holders.add(obj_id)
                    ctx = Context(board=self.board, state=self.state, source=obj_id, controller=ch.controller)
                    key += (condition_holds(d.condition, ctx),)
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
        """611, 613.6: as ``reference.effects.effects_in_play``; the effects that exist are kept until an object's
        static abilities are made again, and only the locked effects outside them are looked up each time."""
        if self.pending_infos:
            self._flush()
        if self.in_play is None:
            effects = list(self.resolved)
            for obj_id in sorted(self.statics):
                effects += self.statics[obj_id]
            effects += self.rules
            self.in_play = (effects, {e.key for e in effects})
        effects, keys = self.in_play
        extra = self.locked.keys() - keys
        if not extra:
            return list(effects)
        return effects + [self.locked[k][0] for k in sorted(extra)]

    def in_slot(self, slot: str) -> list[ContinuousEffect]:
        """611, 613.6: the effects in play with a part in ``slot`` (``reference.resolver.Bookkeeping.in_slot``): while
        the effects that exist stay (``in_play``), each is asked once for the slots it has parts in, and the locked
        effects outside them each time."""
        effects = self.effects_in_play()  # (brings ``in_play`` up to date)
        in_play = self.in_play
        assert in_play is not None
        held = self.slot_effects.get(slot)
        if held is None or held[0] is not in_play:
            if type(self).parts is Incremental.parts:
                for s, found in self._by_slot(in_play[0]).items():
                    self.slot_effects[s] = (in_play, found)
                held = self.slot_effects.get(slot)
            if held is None or held[0] is not in_play:
                # (a bookkeeping that watches the questions asked of ``parts`` is asked them, slot by slot)
                held = self.slot_effects[slot] = (in_play, [e for e in in_play[0] if self.parts(e, slot)])
        if len(effects) == len(in_play[0]):
            return list(held[1])
        # 613.6: the effects locked in that no longer exist, after those that do (as ``effects_in_play`` lists them)
        return held[1] + [e for e in effects[len(in_play[0]) :] if self.parts(e, slot)]

    def _by_slot(self, effects: list[ContinuousEffect]) -> dict[str, list[ContinuousEffect]]:
        """613.6: for each slot of the version, the effects in play (``effects_in_play``'s list, which ends with the
        rules' effects) with a part in it, in order. The rules' effects are the same for every resolution of the board
        (``_BoardRules``): they are sorted into the slots once per board and version, their parts and infos kept."""
        rules = self.rules
        if self.rules_by_slot is None:
            self.rules_by_slot = self._slots_of(rules)
            slotted = {id(e): self.effect_slots[id(e)] for e in rules if id(e) in self.effect_slots}
            infos = {id(e): (e, self.info(e)) for e in rules}
            self.rules_read = _RulesRead(self.version, self.rules_by_slot, slotted, infos)
            self.board_rules.read[id(self.version)] = self.rules_read
        out = self._slots_of(effects[: len(effects) - len(rules)])
        for s, found in self.rules_by_slot.items():
            out[s] = out[s] + found if out[s] else list(found)
        return out

    def _slots_of(self, effects: list[ContinuousEffect]) -> dict[str, list[ContinuousEffect]]:
        """613.6: for each slot of the version, the effects with a part in it, in order; each effect's slots are read
        off its parts in every slot (``parts``), those of equal parts and origin once."""
        ids = self.slot_ids
        out: dict[str, list[ContinuousEffect]] = {s: [] for s in ids}
        kept_slots, slots_of = self.effect_slots, self.slots_of
        for e in effects:
            kept = kept_slots.get(id(e))
            if kept is None or kept[0] is not e:
                self.parts(e, ids[0])  # keeps its parts in every slot, when they can be kept
                kept = kept_slots.get(id(e))
                if kept is None or kept[0] is not e:  # unhashable parts: asked slot by slot
                    for s in ids:
                        if self.parts(e, s):
                            out[s].append(e)
                    continue
            every = kept[1]
            found = slots_of.get(id(every))
            if found is None or found[0] is not every:
                found = slots_of[id(every)] = (every, tuple(s for s in ids if every.get(s)))
            for s in found[1]:
                out[s].append(e)
        return out

    def info(self, e: ContinuousEffect) -> _Info:
        """What is kept about one effect value (what it reads and writes, its parts per slot)."""
        held = self.infos.get(id(e))
        if held is not None and held[0] is e:
            return held[1]
        condition = self.conditions.get(e.ability or "") if e.origin in ("static", "cda") else None
        # what is kept reads only the effect's parts, filter, origin, condition and whether it has targets:
        # effects equal in those (a thousand creatures' counters, 613.7c) share it, the first one's
        try:
            like = (e.parts, e.filter, e.targets is None, e.origin, condition)
            i = self.info_like.get(like)
        except TypeError:  # unhashable parts or filter (plain dicts from a caller): read for this effect only
            like, i = None, None
        if i is None:
            i = _Info(e, condition)
            if like is not None:
                self.info_like[like] = i
        self.infos[id(e)] = (e, i)
        return i

    def parts(self, e: ContinuousEffect, slot: str) -> tuple[Part, ...]:
        """613.6: as ``parts_in_slot``, kept per effect value (by its identity: its parts in every slot at once)."""
        kept = self.effect_slots.get(id(e))
        if kept is not None and kept[0] is e:
            found = kept[1].get(slot)
            if found is not None:
                return found
        # the slot of each part is read off its operation and the effect's origin: asked once per pair of them
        try:
            every = self.slot_parts.get((e.parts, e.origin))
        except TypeError:  # unhashable parts (plain dicts from a caller): read for this effect only
            return parts_in_slot(e, self.version, slot)
        if every is None:
            every = self.slot_parts[(e.parts, e.origin)] = {s: parts_in_slot(e, self.version, s) for s in self.slot_ids}
        self.effect_slots[id(e)] = (e, every)
        return every[slot] if slot in every else parts_in_slot(e, self.version, slot)

    # --- what an effect applies to (611.2c, 611.3a, 613.6), kept up to date

    def affected(self, e: ContinuousEffect) -> frozenset[str]:
        """611.2c, 611.3a, 613.6: as ``reference.effects.affected``, re-reading only objects changed since last time."""
        if e.targets is not None and e.key not in self.locked:
            # 611.2c, 400.7: fixed objects (a resolved effect's, a rule's) read only which objects exist and where
            cached = self.affected_cache.get(e.key)
            if cached is not None and cached.effect is e:
                return cached.objects
            objects = fixed_objects(e.targets, e.anywhere, self.state, self.board.objects)
            self.affected_cache[e.key] = _Affected(e, objects, len(self.log))
            return objects
        if self.pending_infos and e.key not in self.locked:
            self._flush()  # a filter's objects read the values
        now = len(self.log)
        if e.key in self.locked:
            held = self.locked[e.key]
            kept = self.locked_objects.get(e.key)
            if kept is None or kept[0] is not held:
                # 611.2c: the objects fixed when it first applied, those still in the state (none leaves it during a
                # resolution: a set this bookkeeping gave, ``affected_cache``'s, is wholly in it)
                given = self.affected_cache.get(e.key)
                if (given is not None and given.objects is held[1]) or held[1] <= self.state.keys():
                    objects = held[1]
                else:
                    objects = frozenset(i for i in held[1] if i in self.state)
                kept = self.locked_objects[e.key] = (held, objects)
            return kept[1]
        cached = self.affected_cache.get(e.key)
        if cached is not None and (cached.effect is e or cached.effect == e):
            if cached.version == now:
                return cached.objects
            if e.targets is not None:
                cached.version = now
                return cached.objects
            info = self.info(e)
            dirty: set[str] = set()
            full = False
            for objs, changed, names in self.log[cached.version :]:
                if e.source in objs and ("controller" in changed or not info.source_reads.isdisjoint(changed)):
                    full = True  # 109.4, 205.3m: what the filter reads of its source changed: every object may
                    break
                if hits(changed, names, info.filter_reads, info.filter_names):
                    dirty |= objs
            if not full and len(dirty) > _WHOLE and self.index is not None:
                # many objects to read again: the bitsets give the whole answer at once
                found = self._taken(e)
                out = self.outside(e)
                objects = found - {out} if out in found else found
                cached.objects, cached.version = objects, now
                return objects
            if not full:
                objects = cached.objects
                if dirty:
                    ctx = self.context(e)
                    anywhere = e.origin == "cda" or zone_named(e.filter)
                    dirty = {o for o in dirty if anywhere or self.board.objects[o].zone == "battlefield"}
                    split = self._split_of(e.filter)
                    if split is not None and split[2]:
                        gained, lost = self._retaken(e, split, ctx, dirty, objects, now)
                    else:
                        test = compiled(e.filter)
                        gained = {o for o in dirty if o not in objects and o != self.outside(e) and test(o, ctx)}
                        lost = {o for o in dirty if o in objects and not test(o, ctx)}
                    if gained or lost:
                        objects = (objects - lost) | gained
                cached.objects, cached.version = objects, now
                return objects
        if e.targets is not None:
            # 611.2c, 400.7: a resolved effect's objects are permanents
            objects = frozenset(
                i for i in e.targets if i in self.state and (e.anywhere or self.board.objects[i].zone == "battlefield")
            )
        else:
            objects = self._taken(e)
            if self.outside(e) in objects:
                objects = objects - {self.outside(e)}
        self.affected_cache[e.key] = _Affected(e, objects, now)
        return objects

    def _retaken(
        self,
        e: ContinuousEffect,
        split: tuple[Any, bool, bool],
        ctx: Context,
        dirty: set[str],
        objects: frozenset[str],
        now: int,
    ) -> tuple[set[str], set[str]]:
        """611.3a, 109.4: the objects e gains and loses among ``dirty`` (objects a step changed), for a filter that,
        less "other than its source", reads nothing of its source but its controller (``_split``): whether that
        filter takes an object is read off the filter, "you", the zones it reads and the state alone, so effects
        alike ask it once per object and step (``tested``, as ``_taken`` shares whole sets); "other" leaves e's own
        source out, and the object entering (614.12) is not gained."""
        filt, other, _ = split
        key = (filt, ctx.controller, e.origin == "cda", now)
        seen = self.tested.get(key)
        if seen is None:
            if len(self.tested) > 256:
                self.tested.clear()
            seen = self.tested[key] = {}
        test = compiled(filt)
        left_out = (self.outside(e), e.source if other else None)
        gained: set[str] = set()
        lost: set[str] = set()
        for o in dirty:
            took = seen.get(o)
            if took is None:
                took = seen[o] = test(o, ctx)
            if o in objects:
                if not took:
                    lost.add(o)
            elif took and o not in left_out:
                gained.add(o)
        return gained, lost

    def _taken(self, e: ContinuousEffect) -> frozenset[str]:
        """611.3a, 109.4: the objects e's filter takes now (before ``outside``), shared by effects alike at a step.

        What a filter takes is read off the filter, the board, the state, the player "you" means and where it reads
        (``objects_matching``); of its source only when the filter reads it (``source_free_filter``). So effects
        whose filters are equal, free of their sources, with the same "you" and place take the same objects while
        the state is the same (no step logged since: ``log``); "other than its source" (``_split``) only leaves the
        source out of what the rest of the filter takes. Five Blood Moons, Mycosynth Lattices or Opalescences read
        their objects once per step.
        """
        split = self._split_of(e.filter)  # (an unhashable filter: read for this effect alone)
        filt, other, free = (e.filter, False, False) if split is None else split
        ctx = self.context(e)
        cda = e.origin == "cda"
        key: tuple[Any, ...] | None = None
        if free:
            key = (filt, ctx.controller, cda, len(self.log))
            found = self.taken.get(key)
            if found is not None:
                return found - {e.source} if other else found
        test = compiled(filt)
        found = self.indexes().matching(filt, ctx, cda, test)
        if found is None:
            found = objects_matching(filt, ctx, anywhere=cda, test=test)
        if key is not None:
            if len(self.taken) > 4096:
                self.taken.clear()
            self.taken[key] = found
            return found - {e.source} if other else found
        return found

    def indexes(self) -> Indexes:
        """611.3a: the bitsets over the objects as they are now, built when first asked, then moved as asked."""
        if self.pending_infos:
            self._flush()
        if self.index is None:
            self.index = self.board_rules.first_indexes(self.version, self.state)
        elif self.unindexed:
            self.index.update_classes(self.unindexed)
            self.unindexed = []
        return self.index

    def outside(self, e: ContinuousEffect) -> str | None:
        """614.12: the object entering the battlefield, which another object's static ability does not reach yet."""
        entering, aside = self.board.entering, self.board.entering_aside
        if entering is None or e.source == entering or (aside is not None and e.source not in aside):
            return None
        return entering

    def context(self, e: ContinuousEffect) -> Context:
        """109.4: as ``effects.context``: the effect's source and the player its "you" means."""
        controller = e.controller
        if e.origin in ("static", "cda") and e.source is not None and e.source in self.state:
            controller = self.state[e.source].controller
        held = self.contexts.get(e.key)
        if held is not None and held.source == e.source and held.controller == controller:
            return held  # (the same source and player; the state read is this resolution's, changed in place)
        ctx = self.contexts[e.key] = Context(board=self.board, state=self.state, source=e.source, controller=controller)
        return ctx

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
                if not part_reads_object(p):
                    c.instrs[n] = instr
            else:
                instr = cached
            out.append(instr)
        return out

    def _apply(self, e: ContinuousEffect, parts: tuple[Part, ...], target: str, c: _Changes) -> Characteristics:
        """613.1: one object's characteristics once the effect's parts are applied to it."""
        ch = self.state[target]
        by_id = _APPLIED_BY_ID
        for instr in self._instructions(e, parts, target, c):
            # a pure function of its inputs: objects with equal characteristics get one result, computed once
            # 613.7a: only a timed operation's result reads the timestamp: others are shared between effects
            stamp = e.timestamp if instr[0] in TIMED_OPERATIONS else None
            held = by_id.get((id(ch), instr, stamp))
            if held is not None and held[0] is ch:
                ch = held[1]  # (this very value asked before: its result, the value not hashed again)
                continue
            key = (ch, instr, stamp)
            new = self.applied.get(key)
            if new is None:
                if len(self.applied) > 100_000:
                    self.applied.clear()
                new = self.applied[key] = apply_instruction(ch, instr, e.timestamp)
            if len(by_id) > 100_000:
                by_id.clear()
            by_id[(id(ch), instr, stamp)] = (ch, new)
            ch = new
        return ch

    def _value_change(
        self, e: ContinuousEffect, parts: tuple[Part, ...], target: str, c: _Changes
    ) -> tuple[Characteristics, bool]:
        """613.1: ``_apply`` for parts whose result reads of the object only its value (``changes``' ``by_value``) and
        not the effect's source, controller or timestamp (``_shares``), and whether the result differs from the
        value: a function of the parts and the value, made (and compared) once per rules version for every
        resolution (``_Readings.by_value``, by the two identities)."""
        old = self.state[target]
        held = self.by_value.get((id(parts), id(old)))
        if held is not None and held[0] is parts and held[1] is old:
            return held[2], held[3]
        new = self._apply(e, parts, target, c)
        changed = new is not old and new != old
        self.by_value[(id(parts), id(old))] = (parts, old, new, changed)
        return new, changed

    def changes(self, e: ContinuousEffect, slot: str) -> dict[str, Characteristics]:
        """613.1, 613.8a: as ``reference.effects.changes_of`` for the effect's parts in ``slot``, now."""
        if self.pending_infos:
            self._flush()
        now = len(self.log)
        c = self.changes_cache.get(e.key)
        if c is not None and c.version == now and c.effect is e and c.slot == slot:
            return c.changes
        parts = self.parts(e, slot)
        targets = self.affected(e)
        if c is None:
            c = self.changes_cache[e.key] = _Changes()
        if c.version == now and c.effect is e and c.parts == parts:
            c.slot = slot
            return c.changes
        # shared only between effects on many objects (for a few, each is made as fast as it is found)
        many = len(targets) > _SHARED_FROM
        if many:
            shared = self._shared_changes(e, parts, targets, now)
            if shared is not None:
                # 613.1: equal parts applied to the same objects now: the same changes (``shared_parts``), one dict
                # for the class (each changes it only as a copy of its own: ``shared``)
                c.effect, c.parts, c.instrs, c.changes, c.changed = e, parts, [None] * len(parts), shared[0], None
                c.moves, c.shared = shared[1], True  # (the classes as they are at this step, as the changes are)
                c.targets, c.version, c.slot = targets, now, slot
                return c.changes
        info = self.info(e)
        dirty: set[str] | None = None
        if c.effect is e and c.parts == parts:
            dirty = set() if targets is c.targets else set(targets ^ c.targets)
            for objs, changed, names in self.log[c.version :]:
                if (info.reads_values and hits(changed, names, info.value_reads, info.value_names)) or (
                    e.source in objs and "controller" in changed
                ):
                    dirty = None
                    break
                dirty |= objs & targets
        # 613.1: when no part reads its object but through its characteristics (an amount off "its" mana value), the
        # result is a function of the object's characteristics alone: the objects holding the same characteristics
        # (one value, shared) get one application, made once
        by_value = info.slot_by_value.get(slot)
        if by_value is None:
            by_value = info.slot_by_value[slot] = all(part_reads_only_characteristics(p) for p in parts)
        c.moves = None
        if dirty is not None and by_value and self._class_by_class(dirty, targets):
            dirty = None  # 613.1: many objects to apply to again and few classes: made class by class (``by_class``)
        if dirty is None:
            c.effect, c.parts, c.instrs, c.changes, c.changed = e, parts, [None] * len(parts), {}, None
            c.shared = False
            if by_value and self.holders is not None and len(self.holders) * _CLASS_SIZE <= len(targets):
                # few classes for many objects: each class that meets the objects moves at once (set operations)
                c.moves = self.by_class(e, parts, targets, c)
                c.targets, c.version, c.slot = targets, now, slot
                if many and self._shares(e, parts):
                    self.shared_changes[parts] = (now, targets, c.changes, c.moves, c)
                return c.changes
            dirty = set(targets)
        elif dirty and c.shared:
            c.changes, c.shared = dict(c.changes), False  # another effect's too: this one's own copy is changed
        state, out = self.state, c.changes
        alike: dict[int, tuple[Characteristics, bool]] | None = {} if by_value else None
        by_parts = by_value and self._shares(e, parts)
        for t in dirty:
            if t not in targets:
                out.pop(t, None)
                continue
            old = state[t]
            done = alike.get(id(old)) if alike is not None else None
            if done is None:
                if by_parts:
                    done = self._value_change(e, parts, t, c)
                else:
                    ch = self._apply(e, parts, t, c)
                    done = (ch, ch is not old and ch != old)
                if alike is not None:
                    alike[id(old)] = done
            if done[1]:
                out[t] = done[0]
            else:
                out.pop(t, None)
        if dirty:
            c.changed = None
        c.targets, c.version, c.slot = targets, now, slot
        if many and self._shares(e, parts):
            self.shared_changes[parts] = (now, targets, c.changes, None, c)
        return c.changes

    def _class_by_class(self, dirty: set[str], targets: frozenset[str]) -> bool:
        """613.1: are the objects to apply to again (``dirty``) many, and the classes few, so that making the changes
        afresh class by class (``by_class``, for parts that read only characteristics) reads less than going object
        by object? Either way the changes are those of the parts on each object's value now."""
        holders = self.holders
        return (
            holders is not None
            and len(dirty) > _WHOLE
            and len(holders) * _CLASS_SIZE <= len(targets)
            and len(holders) * _CLASS_SIZE <= len(dirty)
        )

    def by_class(
        self, e: ContinuousEffect, parts: tuple[Part, ...], targets: frozenset[str], c: _Changes
    ) -> list[Move]:
        """613.1: the effect's changes on ``targets`` (into ``c.changes``), one application per value held, each
        class's objects moved together; only for parts that read nothing of the object but its characteristics."""
        assert self.holders is not None
        out: dict[str, Characteristics] | None = None
        moves: list[Move] = []
        by_parts = self._shares(e, parts)
        for old, held in list(self.holders.values()):
            # a class wholly among the objects moves as it is (its own set: ``_move`` hands it to the new value)
            objs = held if held <= targets else held & targets
            if not objs:
                continue
            if by_parts:
                new, changed = self._value_change(e, parts, next(iter(objs)), c)
            else:
                new = self._apply(e, parts, next(iter(objs)), c)
                changed = new is not old and new != old
            if changed:
                if out is None:
                    out = dict.fromkeys(objs, new)
                else:
                    out.update(dict.fromkeys(objs, new))
                moves.append((old, new, objs))
        c.changes = {} if out is None else out
        return moves

    def _trial_moves(self, b: ContinuousEffect, changes: dict[str, Characteristics]) -> list[Move] | None:
        """613.1, 613.8a: b's trial (``changes``, its kept changes now) as moves of whole classes: as ``by_class`` made
        them, else, where b's parts read of an object only its characteristics, read off the classes of objects now
        (``holders``): the objects of one class hold one value, so those the trial changes all get one value. None
        where neither holds, or the trial changes few objects (then read object by object)."""
        c = self.changes_cache[b.key]
        if c.moves is not None:
            return c.moves
        holders = self.holders
        if holders is None or c.slot is None or not self.info(b).slot_by_value.get(c.slot):
            return None
        if len(changes) < len(holders) * _CLASS_SIZE:
            return None
        changed = self.changed(b, c.slot)
        moves: list[Move] = []
        for old, held in holders.values():
            objs = held & changed
            if objs:
                moves.append((old, changes[next(iter(objs))], objs))
        return moves

    def _moves_of(self, changes: dict[str, Characteristics]) -> list[Move]:
        """613.1: changes made object by object as moves: the objects going from one value to another together."""
        state = self.state
        return _grouped_moves((t, state[t], new) for t, new in changes.items())

    def _move(self, moves: list[Move]) -> None:
        """613.1: the objects holding each value (``holders``) once the moves are made (before the state changes);
        no longer kept once there are too many values (``_CLASS_SIZE``)."""
        holders = self.holders
        assert holders is not None
        # first every moved object leaves its class (a value may be both one move's old and another's new) ...
        for old, _, objs in moves:
            held = holders[id(old)][1]
            if objs is held:
                del holders[id(old)]  # the whole class moves: its set goes with it
            else:
                held -= objs
                if not held:
                    del holders[id(old)]
        # ... then joins its new one: the moved set is handed over (a class's own, or made for this move)
        for _, new, objs in moves:
            into = holders.get(id(new))
            if into is None:
                holders[id(new)] = (new, objs)
            elif len(into[1]) >= len(objs):
                into[1].update(objs)
            else:
                objs.update(into[1])
                holders[id(new)] = (new, objs)
        if len(holders) * _CLASS_SIZE > len(self.state):
            self.holders = None

    def _shares(self, e: ContinuousEffect, parts: tuple[Part, ...]) -> bool:
        """613.1, 613.7a: does what the parts do to each object read only the parts and the object (not the effect's
        source, controller or timestamp), so that effects with equal parts change the same objects the same way?"""
        info = self.info(e)
        held = self.shares.get(id(parts))
        if held is not None and held[0] is parts and held[1] is info:
            return held[2]  # (asked before for these parts and what is kept of the effect)
        found = info.shared_parts and not any(p.op in TIMED_OPERATIONS for p in parts)
        if found:
            try:
                hash(parts)
            except TypeError:  # unhashable parts (plain dicts from a caller)
                found = False
        self.shares[id(parts)] = (parts, info, found)
        return found

    def _shared_changes(
        self, e: ContinuousEffect, parts: tuple[Part, ...], targets: frozenset[str], now: int
    ) -> tuple[dict[str, Characteristics], list[Move] | None] | None:
        """613.1: the changes another effect with equal parts (``_shares``) made on the same objects at this step,
        and its moves when it made them class by class."""
        if not self._shares(e, parts):
            return None
        found = self.shared_changes.get(parts)
        if found is None or found[0] != now or not (found[1] is targets or found[1] == targets):
            return None
        found[4].shared = True  # (the giver's changes are now the taker's too: neither changes them in place)
        return found[2], found[3]

    def changed(self, e: ContinuousEffect, slot: str) -> frozenset[str]:
        """613.8a: the objects applying the effect's parts in ``slot`` would change now."""
        changes = self.changes(e, slot)
        c = self.changes_cache[e.key]
        if c.changed is None:
            c.changed = frozenset(changes)
        return c.changed

    def trial_of(self, b: ContinuousEffect, slot: str, obj_id: str) -> Characteristics:
        """One object's characteristics once ``b`` is applied (613.8a's trial), without the others."""
        if self.pending_infos:
            self._flush()
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
        """205.3d, 305.6, 205.1a: True when every one of the objects fits (``fits``): subtypes, types and land
        abilities, nothing set aside."""
        if self.pending_infos:
            self._flush()
        if self.unfit is None:
            unfit: set[str] = set()
            if self.holders is not None:
                # the objects holding each value (``holders``): each class is asked once, its objects taken whole
                for ch, held in self.holders.values():
                    if not fits_kept(ch):
                        unfit |= held
            else:
                # objects alike hold one value (``alike``): each value is asked once, by its identity (held in the
                # state)
                seen: dict[int, bool] = {}
                for i, ch in self.state.items():
                    ok = seen.get(id(ch))
                    if ok is None:
                        ok = seen[id(ch)] = fits_kept(ch)
                    if not ok:
                        unfit.add(i)
            self.unfit = unfit
        return self.unfit.isdisjoint(objects)

    def all_have_pt(self, objects: frozenset[str]) -> bool:
        """208.3: True when every one of the objects has both a power and a toughness now."""
        if self.pending_infos:
            self._flush()
        if self.no_pt is None:
            self.no_pt = {i for i, ch in self.state.items() if ch.power is None or ch.toughness is None}
        return self.no_pt.isdisjoint(objects)

    # --- a group that can be applied in one pass (613.8c without re-asking)

    def independent(self, group: list[ContinuousEffect], slot: str) -> bool:
        """613.8a, 613.8c: True when applying the group's effects changes nothing any of them reads.

        Then no effect of the group can come to depend on another, none can begin or end (611.3a: no
        ability, text, name or condition input changes), and each one's objects stay what they are: the
        layer loop may apply them in rank order without asking again after each. Read conservatively:
        every characteristic an effect's filter, amounts, condition or source could read, against every
        characteristic the group's operations could write.
        """
        reads: set[str] = set(REGENERATE_ON) | {"controller"}
        if self.conditional_holders:
            reads |= self.condition_reads
        writes: set[str] = set()
        slot_writes = self.slot_writes
        # the rules' effects (counters, 613.7c: fixed objects, no filter, no source) are read as one class: what all
        # those with a part in the slot read and write, read once per board and version (``_rules_reads_writes``)
        rules = self.rules_read.ids if self.rules_read is not None else frozenset()
        met_rules = False
        for e in group:
            if id(e) in rules:
                met_rules = True
                continue
            info = self.info(e)
            parts = self.parts(e, slot)
            held = slot_writes.get(id(parts))
            if held is None or held[0] is not parts:
                held = slot_writes[id(parts)] = (parts, writes_of(parts, fit=False)[0])
            writes |= held[1]  # only this slot's parts are applied here
            if e.key not in self.locked and e.targets is None:
                reads |= info.filter_reads
            reads |= info.value_reads | info.exist_reads
            if e.origin in ("static", "cda") and e.source is not None:
                reads |= SOURCE_READS
            if writes & reads:
                return False
        if met_rules:
            rule_reads, rule_writes = self._rules_reads_writes(slot)
            reads |= rule_reads
            writes |= rule_writes
        return not writes & reads

    def _rules_reads_writes(self, slot: str) -> tuple[frozenset[str], frozenset[str]]:
        """613.8a: what the rules' effects with a part in ``slot`` read (their amounts, 122.1) and write, all of them
        together, read once per board and version: a group holding some of them reads and writes no more (a rule's
        effect has fixed objects, 611.2c, and no source)."""
        known = self.rules_read
        assert known is not None and self.rules_by_slot is not None
        found = known.reads_writes.get(slot)
        if found is None:
            reads: set[str] = set()
            writes: set[str] = set()
            for e in self.rules_by_slot.get(slot, ()):
                info = self.info(e)
                reads |= info.value_reads | info.exist_reads
                writes |= writes_of(self.parts(e, slot), fit=False)[0]
            found = known.reads_writes[slot] = (frozenset(reads), frozenset(writes))
        return found

    # --- dependency (613.8a)

    def graph(self, group: list[ContinuousEffect], slot: str) -> dict[str, dict[str, DependencyReason]]:
        """613.8a, 613.8c: as ``reference.dependency.dependency_graph``, trying only what could matter."""
        if self.pending_infos:
            self._flush()
        kept = self._kept_graph(group, slot)
        if kept is not None:
            return kept
        graph = self._graph(group, slot)
        locked = frozenset(a.key for a in group if a.key in self.locked)
        self.last_graph[slot] = (len(self.log), {a.key: a for a in group}, graph, locked)
        return graph

    def loops(self, graph: Graph) -> dict[str, frozenset[str]]:
        """613.8b: ``dependency.strongly_connected`` of a graph this bookkeeping gave, found once per graph; for a graph
        narrowed from an earlier one (``_kept_graph``), read off the earlier one's loops when none of the effects taken
        away was in a loop with another: no loop through the others passed through them, so each effect left keeps
        its loop (an effect alone stays alone)."""
        held = self.graph_loops.get(id(graph))
        if held is not None and held[0] is graph:
            return held[1]
        found = strongly_connected(graph)
        self._keep_loops(graph, found)
        return found

    def _keep_loops(self, graph: Graph, found: dict[str, frozenset[str]]) -> None:
        """613.8b: hold a graph's loops (``loops``), with the graph, by its identity; a few graphs at most."""
        if len(self.graph_loops) > 64:
            self.graph_loops.clear()
        self.graph_loops[id(graph)] = (graph, found)

    def _kept_graph(self, group: list[ContinuousEffect], slot: str) -> dict[str, dict[str, DependencyReason]] | None:
        """613.8a: the last graph of this slot, narrowed to the group, when no step since changed any object.

        Each pair's answer is read off the two effects and the state alone; with the state as it was and each
        effect the same, every answer stays, and the effects applied since are simply gone from the group.
        """
        last = self.last_graph.get(slot)
        if last is None:
            return None
        since, effects, graph, locked = last
        if any(objs for objs, _, _ in self.log[since:]):
            return None
        if any(effects.get(a.key) is not a for a in group):
            return None  # an effect new to the group (or regenerated) since: its pairs were never asked
        if any((a.key in self.locked) != (a.key in locked) for a in group):
            return None  # 611.2c: an effect locked in since applies to fixed objects: its answers change
        keys = {a.key for a in group}
        narrowed = {a.key: {b: r for b, r in graph[a.key].items() if b in keys} for a in group}
        held = self.graph_loops.get(id(graph))
        if held is not None and held[0] is graph:
            # 613.8b: no effect taken away was in a loop with another: the others keep their loops (``loops``)
            loops = held[1]
            if all(len(loops[k]) == 1 for k in graph if k not in keys):
                self._keep_loops(narrowed, {k: loops[k] for k in narrowed})
        self.last_graph[slot] = (len(self.log), {a.key: a for a in group}, narrowed, locked)
        return narrowed

    def _graph(self, group: list[ContinuousEffect], slot: str) -> dict[str, dict[str, DependencyReason]]:
        """613.8a, 613.8c: the dependency graph of the group, each pair tried only where it could matter."""
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
        by_word: dict[str, list[int]] | None = None  # (by the wordings on the sources: made when first needed)
        for a in group:
            ia = self.info(a)
            static = a.origin in ("static", "cda") and a.source is not None
            if not (static or ia.reads_values):
                continue
            live = a.key not in self.locked and a.targets is None
            n = len(sensitive)
            sensitive.append((a, ia, static, live))
            if live:
                reads |= ia.filter_reads
                index_reads(n, ia.filter_reads, ia.filter_names, by_read, by_name)
            reads |= ia.value_reads
            index_reads(n, ia.value_reads, ia.value_names, by_read, by_name)
            if ia.exist_reads:  # 611.3a: its condition
                reads |= ia.exist_reads
                index_reads(n, ia.exist_reads, ia.exist_names, by_read, by_name)
            if static:
                reads |= SOURCE_READS
                assert a.source is not None
                by_source.setdefault(a.source, []).append(n)
        if not sensitive:
            return graph
        doing: dict[str, object] = {}
        # one object's instructions now and on b's trial of it (by effect, or by parts), b's trial of one object
        own: dict[tuple[Any, ...], Any] = {}
        trials: dict[Any, list[Any]] = {}  # per (origin, size): the trials met, with their answers (``_same_trial``)
        twins: set[str] | None = None  # the group's effects with an equal one (``_twins``), found when first needed
        classed: dict[tuple[Any, ...], DependencyReason | None] = {}  # the answers per class and trial (``_class_key``)
        blocks: dict[Any, Any] = {}  # per class "other than its source" (``_other_block``): its trial, its answers
        for b in group:
            ib = self.info(b)
            b_parts = self.parts(b, slot)
            # 613.6: b's trial applies its parts in this slot alone
            writes, wnames, fit_writes, fit_names, idle = ib.writes_in(slot, b_parts)
            b_objects: frozenset[str] | None = None  # (b's objects, read once for this b: no step within a graph)
            if fit_writes != writes:
                b_objects = self.affected(b)
                if self.all_fit(b_objects):
                    writes, wnames = fit_writes, fit_names
            if idle:
                if b_objects is None:
                    b_objects = self.affected(b)
                if self.all_have_pt(b_objects):
                    writes = writes - idle
            if not writes & reads:
                continue  # nothing b can change is read by any effect of the group
            touches_sources = bool(writes & SOURCE_READS)
            b_targets: frozenset[str] = frozenset()
            if touches_sources:
                b_targets = self.affected(b) if b_objects is None else b_objects
            named = ib.names_abilities(slot, b_parts) if touches_sources else None
            # 613.8a: b's class leaves each member's own source out: its column read off the class's trial
            block = None
            if b.key in self.other_members(group, slot, blocks):
                block = self._other_block(b, slot, blocks)
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
                    if by_word is None:
                        by_word = self._by_word(sensitive)
                    for w in named:
                        reach.update(n for n in by_word.get(w, ()) if sensitive[n][0].source in b_targets)
                elif len(b_targets) < len(by_source):
                    for t in b_targets:
                        reach.update(by_source.get(t, ()))
                else:
                    for src, ns in by_source.items():
                        if src in b_targets:
                            reach.update(ns)
            if not reach:
                continue
            # 613.8a: the readable test reads b only through its trial (the objects it changes and how) and its
            # description: effects whose trials are equal get the same answers, the first one's (``_same_trial``).
            # b's trial is read when a pair first needs the readable test.
            ns = sorted(reach)
            # whether b's writes hit what a's filter, amounts and condition read, per a's info (effects alike share it)
            b_hits: dict[int, tuple[bool, bool, bool]] = {}
            asked = kept_any = False
            twinned = "\0twinned\0" + b.key  # (set in ``doing`` once a twin of an a met b's trial: ``_offer_twin``)
            trial_key = b.key  # the first effect of this graph with b's trial (``_same_trial``)
            changes: dict[str, Characteristics] = {}
            same: tuple[ContinuousEffect, list[tuple[str, DependencyReason]]] | None = None
            for n in ns:
                a, ia, static, live = sensitive[n]
                if same is not None and a is not same[0]:
                    continue  # answered as the first effect with b's trial was; that one never met its own trial
                if a.key == b.key:
                    continue
                if isolated and (a.origin == "cda") != (b.origin == "cda"):
                    continue  # 613.8a(c)
                hit = b_hits.get(id(ia))
                if hit is None:
                    hit = b_hits[id(ia)] = (
                        hits(writes, wnames, ia.filter_reads, ia.filter_names),
                        hits(writes, wnames, ia.value_reads, ia.value_names),
                        hits(writes, wnames, ia.exist_reads, ia.exist_names),
                    )
                filt_hit = live and hit[0]
                val_hit = ia.reads_values and hit[1]
                src_hit = static and touches_sources and a.source in b_targets
                cond_hit = hit[2]
                if not (filt_hit or val_hit or src_hit or cond_hit):
                    continue  # b changes nothing a reads: a's existence, text, objects and amounts stay
                if val_hit and ia.self_only and not (filt_hit or src_hit or cond_hit):
                    # a's existence, text and objects stay (the readable test's first three questions), and each
                    # amount reads only its own object: only objects b changes can be given something else
                    if self._own_amounts_change(a, b, slot, own):
                        graph[a.key][b.key] = changes_what_it_does(a, b)
                    continue
                # Only b's reach of a's source: b names none of a's wordings only if a was reached otherwise,
                # and then b hits a's filter or values; so here b names a's wording or does not name abilities.
                if src_hit and not (filt_hit or val_hit) and not self._source_may_change(a, b, slot):
                    continue
                if block is not None:
                    # (what a gains and loses against the block's trial, read once per graph: ``_block_witnesses``)
                    witnessed = block[2].get(a.key, False)
                    if witnessed is False:
                        witnessed = block[2][a.key] = self._block_witnesses(a, ia, slot, block)
                    if witnessed is not None:
                        r = self._member_answer(a, b, witnessed)
                        if r is not None:
                            graph[a.key][b.key] = r
                        continue
                if not asked and block is None:
                    # 613.8a: b's trial read at the first pair the checks above leave, before any kept answer, so
                    # that each effect of a's class meets it once (``classed``, read below before a's kept answer,
                    # which is the class's as a tested one is); b's trial an earlier one's: that one's column
                    asked = True
                    changes = self.changes(b, slot)
                    if not changes:
                        break  # applying b changes nothing, so nothing can depend on it
                    same = self._same_trial(b, changes, trials)
                    if same is not None:
                        trial_key = self._take_column(b, same, graph, doing)
                        if a is not same[0]:
                            continue
                alike = None
                if asked and (a.source is None or a.source not in changes):
                    # 613.8a: an effect of a's class met b's trial already in this graph: its answer (``_class_key``),
                    # tested or kept; read before a's own kept answer, which is the same answer (613.8c)
                    alike = self._class_key(a, ia, b, slot, changes, trial_key)
                    if alike is not None and alike in classed:
                        r = classed[alike]
                        if r is not None:
                            graph[a.key][b.key] = r
                        continue
                pair = self.pairs.get((a.key, b.key, slot))
                if pair is not None and twinned in doing and a.source in (trial := self.changes(b, slot)):
                    # a twin of a met b's trial in this graph: its answer is read off the twin's (``_twin_answer``)
                    known, r = self._twin_answer(a, b, slot, trial, doing)
                    if known:
                        if r is not None:
                            graph[a.key][b.key] = r
                        kept_any = True
                        continue
                if pair is not None and self._kept_answer(pair, a, b):
                    # 613.8c: the answer kept from an earlier step, brought up to date on what changed since
                    if pair.answer is not None:
                        graph[a.key][b.key] = pair.answer
                    if alike is not None:
                        classed[alike] = pair.answer
                    kept_any = True
                    self._offer_twin(a, b, slot, pair, doing)
                    continue
                if not asked:
                    asked = True
                    changes = self.changes(b, slot)
                    if not changes:
                        break  # applying b changes nothing, so nothing can depend on it
                    same = self._same_trial(b, changes, trials)
                    if same is not None:
                        trial_key = self._take_column(b, same, graph, doing)
                        if a is not same[0]:
                            continue
                known = False
                if a.source is not None and a.source in changes:
                    if self._gone_after(a, changes):
                        # 611.3b: the readable test's first question answers (``_compare``: a, not locked in, holds
                        # its ability on its source now, so a source left none is not ``_same_effect_after``); no
                        # twin, class or kept answer is read for it (each asks the trial to leave a as it is)
                        graph[a.key][b.key] = _gone(a, b)
                        continue
                    known, r = self._twin_answer(a, b, slot, changes, doing)
                if not known:
                    # 613.8a: an effect of a's class met b's trial already in this graph: its answer (``_class_key``)
                    alike = self._class_key(a, ia, b, slot, changes, trial_key)
                    if alike is None or alike not in classed:
                        r = self._readable_test(a, ia, b, slot, doing)
                        if alike is not None:
                            classed[alike] = r
                    else:
                        r = classed[alike]
                if r is not None:
                    graph[a.key][b.key] = r
            if not asked and kept_any:
                if twins is None:
                    twins = self._twins(group, slot)
                if b.key in twins:
                    # every pair b met was kept: b's trial is still offered to its twins met next (``_same_trial``)
                    changes = self.changes(b, slot)
                    asked = bool(changes) and self._same_trial(b, changes, trials) is None
            if asked and changes and same is None:
                self._first_trial(b, changes, trials, [sensitive[n][0].key for n in ns], graph)
        return graph

    def _take_column(
        self,
        b: ContinuousEffect,
        same: tuple[ContinuousEffect, list[tuple[str, DependencyReason]]],
        graph: Graph,
        doing: dict[Any, Any],
    ) -> str:
        """613.8a: b's column read off the first effect of this graph with b's trial (``_same_trial``): the readable
        test reads b only through its trial and its description, so each effect but b that depends on that one
        depends on b, its reason naming b; gives that effect's key (``_class_key``, ``_trial_id``)."""
        first, first_edges = same
        doing[("\0trial-of", b.key)] = first.key
        cut = len(first.description)
        for a_key, kept in first_edges:
            if a_key != b.key:
                graph[a_key][b.key] = DependencyReason(kept.test, b.description + kept.detail[cut:])
        return first.key

    def _by_word(self, sensitive: list[tuple[ContinuousEffect, _Info, bool, bool]]) -> dict[str, list[int]]:
        """612.1: the sensitive effects of a graph (by their place in ``sensitive``) under each wording of their
        ability on their source now (``words_of``): a b naming the abilities it touches reaches only those."""
        by_word: dict[str, list[int]] = {}
        for n, (a, _, static, _) in enumerate(sensitive):
            if static and a.source in self.state:
                for w in words_of(a, self.state[a.source]):
                    by_word.setdefault(w, []).append(n)
        return by_word

    def _twins(self, group: list[ContinuousEffect], slot: str) -> set[str]:
        """613.8a: the effects of the group with another of equal origin, filter and parts in ``slot`` (whose trials
        may be equal, ``_same_trial``); an effect with an unhashable filter or part counts as one."""
        seen: dict[Any, list[str]] = {}
        for e in group:
            try:
                seen.setdefault((e.origin, e.filter, self.parts(e, slot)), []).append(e.key)
            except TypeError:
                continue
        return {k for keys in seen.values() if len(keys) > 1 for k in keys}

    def _split_of(self, filt: Any) -> tuple[Any, bool, bool] | None:
        """109.4, 611.3a: what a trial reads of a filter (``_split``), kept per filter; None for a filter that cannot be
        hashed (plain dicts from a caller), which each caller reads on its own."""
        try:
            split = self.filter_splits.get(filt)
        except TypeError:
            return None
        if split is None:
            split = self.filter_splits[filt] = _split(filt)
        return split

    def other_members(self, group: list[ContinuousEffect], slot: str, blocks: dict[Any, Any]) -> frozenset[str]:
        """613.8a: the effects of the group whose filter leaves its source out ("other") with another of the same
        origin and filter: the only ones ``_other_block`` is asked of (a class of one gains nothing by it), found
        once per graph."""
        found = blocks.get("\0members")
        if found is None:
            alike: dict[Any, list[str]] = {}
            for e in group:
                split = self._split_of(e.filter)
                if split is not None and split[1]:
                    alike.setdefault((e.origin, e.filter), []).append(e.key)
            found = blocks["\0members"] = frozenset(k for keys in alike.values() if len(keys) > 1 for k in keys)
        return found  # type: ignore[no-any-return]

    def _other_block(self, b: ContinuousEffect, slot: str, blocks: dict[Any, Any]) -> Any:
        """613.8a, 611.3a: for b of a class whose filter leaves its own source out ("each other ..."), the class's
        trial, read once per graph: (U, C, answers per a), U what the class's parts give every object its filter
        less "other" takes (b's changes and, where it takes b's own source, that source's), C its objects; None
        when b is no such member.

        b is a member when it is a static ability's effect, not locked in, with no targets (its objects read off
        its filter, 611.3a), its filter less "other than its source" free of the source (``_split``: it reads only
        its controller), and its parts here only write (``WRITES``), each object's result read off the parts and
        that object alone (``_shares``, ``part_reads_only_characteristics``). The class key is its origin, filter,
        parts, "you" and the object entering (614.12). Then every member b' takes X less its own source s' (X what
        the filter less "other" takes: the same for all, 611.3a, 109.4), and its trial (613.8a) changes each object
        of X - {s'} exactly as U does: b's changes are U less s'. ``_block_witnesses`` reads each a once against U.
        """
        if b.origin not in ("static", "cda") or b.source is None or b.key in self.locked or b.targets is not None:
            return None
        split = self._split_of(b.filter)
        if split is None:
            return None
        filt, other, free = split
        if not (other and free):
            return None
        parts = self.parts(b, slot)
        info = self.info(b)
        by_value = info.slot_by_value.get(slot)
        if by_value is None:
            by_value = info.slot_by_value[slot] = all(part_reads_only_characteristics(p) for p in parts)
        if not (by_value and self._shares(b, parts) and all(p.op in WRITES for p in parts)):
            return None
        controller = self.context(b).controller
        key = (b.origin, filt, parts, controller, self.outside(b))
        if key in blocks:
            return blocks[key]
        changes = self.changes(b, slot)
        s = b.source
        ctx = Context(board=self.board, state=self.state, source=s, controller=controller)
        anywhere = b.origin == "cda" or zone_named(filt)
        if (anywhere or self.board.objects[s].zone == "battlefield") and s != key[4] and compiled(filt)(s, ctx):
            scratch = _Changes()
            scratch.instrs = [None] * len(parts)
            own = self._apply(b, parts, s, scratch)
            if own != self.state[s]:
                changes = {**changes, s: own}
        blocks[key] = (changes, frozenset(changes), {}, {})
        return blocks[key]

    @staticmethod
    def _member_answer(
        a: ContinuousEffect, b: ContinuousEffect, held: tuple[frozenset[str], frozenset[str]]
    ) -> DependencyReason | None:
        """613.8a(b): a's answer against one member b of a block (``_other_block``), off what a gains and loses against
        the block's trial (``_block_witnesses``): b's trial leaves b's own source, which is neither gained nor lost."""
        gained, lost = held
        if b.source in gained:
            gained = gained - {b.source}
        if b.source in lost:
            lost = lost - {b.source}
        return applies_to_reason(a, b, gained, lost) if gained or lost else None

    def _block_witnesses(
        self, a: ContinuousEffect, ia: _Info, slot: str, block: Any
    ) -> tuple[frozenset[str], frozenset[str]] | None:
        """613.8a: what a gains and loses against the class trial U of ``_other_block`` (its objects C), when that
        less s' is what it gains and loses against each member's trial (U less the member's source s'): (gained,
        lost); None when a is asked of each member alone.

        The readable test (``dependency.compare_after_trial``) asks whether b's trial changes a's existence, its text
        (611.3), what it applies to or what it does. The first two read a's source on the trial: when U leaves what
        ``_same_effect_after`` reads of it, so does each member's trial (the source's value there is U's or the
        state's). The last is not asked when ``_fixed_doing`` holds for C, or a reads no amount and C leaves its
        source (each member's changed objects are within C). a's objects fixed (611.2c, locked in or targets): they
        do not change, no dependency. Else a's filter less "other" reads nothing of a's source but its controller
        (``_split``), and no member's trial changes a controller (the block's parts share their results, ``_shares``:
        no control change, 613.1b), so on each trial only the changed objects can enter or leave a's objects
        (``_trial_change``), each by its own value there, U's. With F the objects of C a takes on U, a gains
        ``F - before - less`` (less: a's source, with "other") and loses ``(before & C) - F`` (``before`` never holds
        a's own source with "other", 611.3a). Against a member, whose trial changes C - {s'}, it gains and loses
        the same less s': the member's trial leaves s' as it is (``_member_answer``).
        """
        u, c = block[0], block[1]
        if not self._same_effect_after(a, u):
            return None
        if not (self._fixed_doing(a, slot, c) or not (ia.reads_values or a.source in c)):
            return None
        if a.key in self.locked or a.targets is not None:
            return frozenset(), frozenset()  # 611.2c: its objects are fixed
        split = self._split_of(a.filter)
        if split is None:
            return None
        filt, other, free = split
        if not free:
            return None
        controller = self.context(a).controller
        outside = self.outside(a)
        fkey = (filt, controller, a.origin == "cda", outside)
        found = block[3].get(fkey)
        if found is None:
            trial: State = ChainMap(u, self.state)  # type: ignore[arg-type]
            ctx = Context(board=self.board, state=trial, source=a.source, controller=controller)
            anywhere = a.origin == "cda" or zone_named(filt)
            test, objects = compiled(filt), self.board.objects
            found = block[3][fkey] = frozenset(
                o for o in c if (anywhere or objects[o].zone == "battlefield") and o != outside and test(o, ctx)
            )
        before = self.affected(a)
        gained = found - before
        if other and a.source in gained:
            gained = gained - {a.source}  # (what "other than its source" leaves out)
        return gained, (before & c) - found

    def _same_trial(
        self, b: ContinuousEffect, changes: dict[str, Characteristics], trials: dict[Any, list[Any]]
    ) -> tuple[ContinuousEffect, list[tuple[str, DependencyReason]]] | None:
        """613.8a: an effect met earlier in this graph whose trial is b's (same origin, same changes), with its
        answers, when every one of them names that effect first (then b's are the same with b's description)."""
        for first, first_changes, edges in trials.get((b.origin, len(changes)), ()):
            if edges is not None and (first_changes is changes or first_changes == changes):
                return first, edges
        return None

    def _first_trial(
        self,
        b: ContinuousEffect,
        changes: dict[str, Characteristics],
        trials: dict[Any, list[Any]],
        met: list[str],
        graph: Graph,
    ) -> None:
        """613.8a: keep b's trial and the answers every effect it met gave (``_same_trial``)."""
        edges = [(k, graph[k][b.key]) for k in met if b.key in graph[k]]
        shareable = all(r.detail.startswith(b.description) for _, r in edges)
        trials.setdefault((b.origin, len(changes)), []).append((b, changes, edges if shareable else None))

    def _own_amounts_change(
        self, a: ContinuousEffect, b: ContinuousEffect, slot: str, own: dict[tuple[Any, ...], Any]
    ) -> bool:
        """613.8a: would applying ``b`` change what ``a`` does to one of its objects that b changes?

        ``graph`` asks only when a's amounts each read only the object they are computed for (``self_only``)
        and b can change neither a's existence, nor its text, nor its objects.
        """
        # 613.8a: the answer reads a's instructions and b's trial on the objects both apply to: a's parts (when equal
        # parts give equal instructions, ``shared_parts``) and objects, b's parts (``_shares``) and objects. Pairs
        # equal in those get one answer: twenty "+X/+0, where X is its toughness" against twenty "+0/+1" ask once
        # per step, not four hundred times. Each effect's class is read once per graph.
        ca = own.get(("\0a", a.key))
        if ca is None:
            parts = self.parts(a, slot)
            by: Any = parts if self.info(a).shared_parts else a.key
            ca = own[("\0a", a.key)] = (self._amount_class(("\0by", by, self.affected(a)), own), by, parts)
        cb = own.get(("\0b", b.key))
        if cb is None:
            b_parts = self.parts(b, slot)
            b_by: Any = b_parts if self._shares(b, b_parts) else b.key
            cb = own[("\0b", b.key)] = self._amount_class(("\0trial-by", b_by, self.affected(b)), own)
        key = ("\0pair", ca[0], cb)
        found = own.get(key)
        if found is None:
            both = self.affected(a) & self.affected(b)
            found = own[key] = self._own_amounts_differ(a, b, slot, own, ca[1], both, ca[2])
        return bool(found)

    def _amount_class(self, key: tuple[Any, ...], own: dict[tuple[Any, ...], Any]) -> int:
        """613.8a: a number for what a pair's amounts answer reads of one effect (``_own_amounts_change``); effects
        with an unhashable part (plain dicts from a caller) each get their own."""
        try:
            found = own.get(key)
        except TypeError:
            return -len(own) - 1
        if found is None:
            found = own[key] = len(own)
        return int(found)

    def _own_amounts_differ(
        self,
        a: ContinuousEffect,
        b: ContinuousEffect,
        slot: str,
        own: dict[tuple[Any, ...], Any],
        by: Any,
        both: frozenset[str],
        parts: tuple[Part, ...],
    ) -> bool:
        """613.8a: is there an object both apply to whose instructions from ``a`` b's trial of it would change?"""
        for t in both:
            new = own.get((b.key + "\0trial", t))  # b's trial on this object alone: a's amounts for t read only t
            if new is None:
                new = own[(b.key + "\0trial", t)] = self.trial_of(b, slot, t)
            if new == self.state[t]:
                continue
            now = own.get((by, t))
            if now is None:
                now = own[(by, t)] = tuple(instruction(a, p, t, self.board, self.state, self.version) for p in parts)
            then = own.get((by, t, id(new)))
            if then is None:
                trial: State = ChainMap({t: new}, self.state)  # type: ignore[arg-type]
                then = tuple(instruction(a, p, t, self.board, trial, self.version) for p in parts)
                own[(by, t, id(new))] = then
            if now != then:
                return True
        return False

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
        return new.controller != old.controller or source_view(a, new) != source_view(a, old)

    def _readable_test(
        self, a: ContinuousEffect, ia: _Info, b: ContinuousEffect, slot: str, doing: dict[str, object]
    ) -> DependencyReason | None:
        """613.8a: the readable test (``dependency.compare_after_trial``) on b's trial application (``_graph`` asks
        only when no kept answer is still the readable test's, ``_kept_answer``), kept for the next steps."""
        changes = self.changes(b, slot)
        if not changes:
            return None  # applying b changes nothing, so nothing can depend on it
        changed = self.changed(b, slot)
        answer = self._compare(a, ia, b, slot, doing, changes, changed)
        self._keep(a, ia, b, slot, answer, changes, changed, doing)
        return answer

    def _keep(
        self,
        a: ContinuousEffect,
        ia: _Info,
        b: ContinuousEffect,
        slot: str,
        answer: DependencyReason | None,
        changes: dict[str, Characteristics],
        changed: frozenset[str],
        doing: dict[str, object],
    ) -> None:
        """613.8a, 613.8c: keep the readable test's answer for a against b's trial (``changes``) for the next steps,
        where ``_kept_answer`` can tell when it is still the readable test's: a has no condition and neither effect
        reads amounts here, b's operations only write, and b's trial leaves a's source alone or changes nothing the
        test reads of it (``_source_left``)."""
        if ia.exist_reads or self._reads_values_in(a, slot) or self._reads_values_in(b, slot):
            return
        if a.source in changed and not self._source_left(a, slot, changes):
            return
        if not all(p.op in WRITES for p in self.parts(b, slot)):
            return
        b_targets = self.affected(b)
        locked = (a.key in self.locked, b.key in self.locked)
        watch: frozenset[str | None] = frozenset()  # what a pair not kept by its witnesses watches
        witnesses: tuple[set[str], set[str]] | None = None
        if not locked[0] and a.targets is None and (answer is None or answer.test == "applies-to"):
            # 613.8a: the answer is a union over the objects b's trial changes (``witnesses``)
            witnesses = (set(), set())
            if answer is not None:
                # a's objects after the trial, as the readable test just read them (kept in ``doing``)
                gained, lost = self._trial_change(a, b, self.affected(a), changes, changed, doing)
                witnesses = (set(gained), set(lost))
        touched = None
        if witnesses is None:
            watch = frozenset(b_targets | {a.source, b.source})
        else:
            touched = step_reads(self.parts(b, slot), ia.filter_reads, ia.filter_names)
        kept = KeptPair(a, b, slot, answer, len(self.log), b_targets, locked, watch, witnesses, touched)
        self.pairs[(a.key, b.key, slot)] = kept

    def _source_left(self, a: ContinuousEffect, slot: str, changes: dict[str, Characteristics]) -> bool:
        """613.8a, 109.4, 611.3: b's trial (``changes``) changes a's source, but nothing the readable test reads of
        it: a stays as it is (no condition; the source's name, text, abilities and grants stay: ``_same_effect_after``),
        its filter reads nothing of its source but its controller, whom the trial leaves, and its parts here read
        neither amounts nor the source (``_twin_key`` asks exactly this, of an effect whose objects are not fixed).
        Then the test compares a's objects alone, each object's entering or leaving read as for any object the
        trial changes: the source is one of them (``witnesses``), and its answer is kept as when the source stays."""
        return self._twin_key(a, slot, changes) is not None

    def _takes_after(
        self, a: ContinuousEffect, b: ContinuousEffect, changes: dict[str, Characteristics]
    ) -> Callable[[str], bool]:
        """611.3a, 109.4: whether a's filter takes an object once b's trial (``changes``) is made, "you" the player it
        means now (``_kept_answer`` asks only where the trial leaves it: ``_source_left``)."""
        # the trial state, read through (the objects the witnesses test again are few: not copied whole)
        trial: State = ChainMap(changes, self.state)  # type: ignore[arg-type]
        ctx = Context(board=self.board, state=trial, source=a.source, controller=self.context(a).controller)
        anywhere = a.origin == "cda" or zone_named(a.filter)
        test, outside, objects = compiled(a.filter), self.outside(a), self.board.objects
        return lambda t: (anywhere or objects[t].zone == "battlefield") and t != outside and test(t, ctx)

    def _reads_values_in(self, e: ContinuousEffect, slot: str) -> bool:
        """613.8a: do the effect's parts in this slot read amounts (or what they give) as they apply?"""
        info = self.info(e)
        found = info.slot_reads.get(slot)
        if found is None:
            found = info.slot_reads[slot] = any(
                p.op in READS_OTHERS or any(isinstance(p.args.get(k), Mapping) for k in VALUE_ARGS)
                for p in self.parts(e, slot)
            )
        return found

    def _fixed_doing(self, a: ContinuousEffect, slot: str, changed: frozenset[str]) -> bool:
        """613.8a: can b's trial not change what a's parts in this slot do to each object? True when they read no
        amount and either b leaves a's source alone or they read nothing of it (its controller, its timestamp)."""
        if self._reads_values_in(a, slot):
            return False
        return a.source not in changed or all(p.op not in ("copy_of", "set_controller") for p in self.parts(a, slot))

    def _kept_answer(self, pair: KeptPair, a: ContinuousEffect, b: ContinuousEffect) -> bool:
        """613.8a, 613.8c: is a kept answer (brought up to date) still the readable test's? Yes while the same two
        effects meet, each as locked in as it was, and no step since changed either source.

        Then b's trial changes each object the way it did (its amounts read nothing that varies, and its operations
        read only the object they change), and a's existence, text and controller stay (its source is unchanged, and
        the trial leaves it or changes nothing the test reads of it, ``_source_left``; it has no condition and reads
        no values): a's objects before and after the trial differ only on objects the trial changes. Where the
        trial changed a's source when the answer was kept, it still changes nothing the test reads of it while no
        step touched the source: what b's operations give at those characteristics (the source's name, text,
        abilities, grants, controller) reads only them and what ``step_reads`` watches; a step that moved the pair's
        objects has the trial of the source read again (``_source_left``). A pair kept by its witnesses
        (``witnesses``) is tested again on the objects a step changed or that entered or left b's objects; any other
        pair is kept only while b applies to the same objects and no step changed any of them.
        """
        if pair.a is not a or pair.b is not b:
            return False
        if pair.locked != (a.key in self.locked, b.key in self.locked):
            return False
        targets = self.affected(b)
        same_targets = targets is pair.b_targets or targets == pair.b_targets
        if pair.gained is None or pair.lost is None:
            if not same_targets:
                return False
            watch = pair.watch
            for objs, _, _ in self.log[pair.version :]:
                if not watch.isdisjoint(objs):
                    return False
            pair.version = len(self.log)
            return True
        then = pair.b_targets
        among = (targets,) if then is targets else (targets, then)
        # what the pair reads of the sources: a's existence, text and "you" (611.3, 612.1, 109.4), what a's filter
        # reads of its source (205.3m), b's "you" (its operations read no other characteristic, nor amounts)
        reads = SOURCE_READS | self.info(a).source_reads
        moved = moved_since(self.log, pair.version, (a.source, b.source), among, _WHOLE, pair.touched, reads)
        if moved is None:
            return False
        if not same_targets:
            moved |= targets ^ then
        if moved:
            changes = self.changes(b, pair.slot)
            if a.source in changes and not self._source_left(a, pair.slot, changes):
                return False  # 109.4, 611.3: the trial would change what the test reads of a's source
            rewitness(pair.gained, pair.lost, moved, self.affected(a), changes, self._takes_after(a, b, changes))
            pair.answer = witnessed_answer(a, b, pair.gained, pair.lost)
        pair.version, pair.b_targets = len(self.log), targets
        return True

    def _compare(
        self,
        a: ContinuousEffect,
        ia: _Info,
        b: ContinuousEffect,
        slot: str,
        doing: dict[str, object],
        changes: dict[str, Characteristics],
        changed: frozenset[str],
    ) -> DependencyReason | None:
        """613.8a: ``dependency.compare_after_trial`` on b's trial application (``changes``)."""
        before = self.affected(a)
        # 613.8a: a's parts here read no amount and b leaves a's source: what a does to each object stays
        fixed = self._fixed_doing(a, slot, changed)
        if (fixed or not (ia.reads_values or a.source in changed)) and self._same_effect_after(a, changes):
            # The readable test's first two questions (existence, text) answer no (``_same_effect_after``), and its
            # last (what a does) is not asked (``fixed``, or a reads no amount and b leaves its source): only a's
            # objects are compared, read off the objects b's trial changes (``_trial_change``), not every object.
            if a.key in self.locked or a.targets is not None:
                return None  # 611.2c: its objects are fixed
            gained, lost = self._trial_change(a, b, before, changes, changed, doing)
            r = applies_to_reason(a, b, gained, lost) if gained or lost else None
            twin = self._twin_key(a, slot, changes) if a.source in changes else None
            if twin is not None:
                # (the answer per description: twins with a's description get this one, ``_twin_answer``)
                held = (before, gained, lost, {(a.description, b.description): r})
                doing[("\0twin", self._trial_id(b, doing), *twin)] = held  # type: ignore[index]
                doing["\0twinned\0" + b.key] = True  # (``_graph`` reads twins' answers first: ``_offer_twin``)
            return r
        if self._gone_after(a, changes):
            # 611.3b, 613.8a: the readable test's first question answers (and it asks no other)
            return _gone(a, b)
        trial: State = ChainMap(changes, self.state)  # type: ignore[arg-type]
        if not fixed and a.key not in doing and (ia.reads_values or a.source in changed):
            doing[a.key] = {
                t: tuple(instruction(a, p, t, self.board, self.state, self.version) for p in self.parts(a, slot))
                for t in sorted(before)
            }
        return compare_after_trial(
            a,
            b,
            before,
            doing.get(a.key),
            changed,
            trial,
            self.board,
            self.version,
            slot,
            self.locked,
            lambda: self._after_trial(a, b, before, changes, doing),
            fixed,
        )

    def _gone_after(self, a: ContinuousEffect, changes: dict[str, Characteristics]) -> bool:
        """611.3b, 613.8a: does b's trial (``changes``) leave a's source with no ability at all, a a static ability's
        effect not locked in? Then ``regenerate`` finds no wording on the trial's source and a no longer exists: the
        readable test answers so before reading a's objects or what it does (Humility against Humility)."""
        if a.origin not in ("static", "cda") or a.key in self.locked or a.source is None:
            return False
        new = changes.get(a.source)
        return new is not None and not new.abilities

    @staticmethod
    def _trial_id(b: ContinuousEffect, doing: dict[Any, Any]) -> str:
        """613.8a: the key of the first effect of this graph whose trial is b's (``_same_trial``), or b's own: what is
        read off a trial (its state, its bitsets, what a filter takes on it, a twin's objects) is kept under it, as
        the readable test reads b only through its trial (the objects it changes, and how) and its description."""
        return doing.get(("\0trial-of", b.key), b.key)  # type: ignore[no-any-return]

    def _twin_key(self, a: ContinuousEffect, slot: str, changes: dict[str, Characteristics]) -> tuple[Any, ...] | None:
        """613.8a: for an effect whose source b's trial (``changes``) changes, the inputs its readable test reads
        beside b and a's objects now, when that test compares only a's objects (``_compare``) and a's filter reads
        nothing of its source but its controller, which the trial leaves: its filter, that player, where it reads
        (611.3a, 614.12) and the source "other than" leaves out; None otherwise. Effects with equal inputs and equal
        objects get the same objects gained and lost (``_twin_answer``)."""
        if a.origin not in ("static", "cda") or a.source is None or a.key in self.locked or a.targets is not None:
            return None
        if not self._fixed_doing(a, slot, frozenset((a.source,))) or not self._same_effect_after(a, changes):
            return None  # (``_fixed_doing`` asks only whether b's trial changes a's source: it does)
        split = self._split_of(a.filter)
        if split is None:
            return None
        filt, other, free = split
        controller = self.state[a.source].controller
        if not free or changes[a.source].controller != controller:
            return None
        return (filt, controller, a.origin == "cda", self.outside(a), a.source if other else None)

    def _twin_answer(
        self, a: ContinuousEffect, b: ContinuousEffect, slot: str, changes: dict[str, Characteristics], doing: Any
    ) -> tuple[bool, DependencyReason | None]:
        """613.8a: the readable test's answer for a against b's trial, from an effect met before it in this graph with
        the same inputs (``_twin_key``) and the same objects now: the same objects gained and lost, with a's
        description (True), or nothing known (False): twenty March of the Machines against one Opalescence ask once.
        Kept per trial (``_trial_id``): b's with equal trials read the same objects gained and lost.
        """
        twin = self._twin_key(a, slot, changes)
        if twin is None:
            return False, None
        held = doing.get(("\0twin", self._trial_id(b, doing), *twin))
        if held is None:
            return False, None
        before = self.affected(a)
        if not (held[0] is before or held[0] == before):
            return False, None
        gained, lost, answers = held[1], held[2], held[3]
        # the answer reads a and b only through their descriptions: twins met by one trial with the same two
        # descriptions share the answer (made once)
        said = (a.description, b.description)
        if said not in answers:
            answers[said] = applies_to_reason(a, b, gained, lost) if gained or lost else None
        return True, answers[said]

    def _offer_twin(self, a: ContinuousEffect, b: ContinuousEffect, slot: str, pair: KeptPair, doing: Any) -> None:
        """613.8a: a kept answer (``_kept_answer``, up to date) of a pair whose trial changes a's source, offered to a's
        twins met next in this graph (``_twin_answer``): its witnesses are the objects the readable test finds a
        gains and loses, as ``_compare`` would have held them had it asked."""
        if pair.gained is None or pair.lost is None or a.source is None:
            return
        changes = self.changes(b, slot)
        if a.source not in changes:
            return
        twin = self._twin_key(a, slot, changes)
        if twin is None:
            return
        key = ("\0twin", self._trial_id(b, doing), *twin)
        if key not in doing:
            said = {(a.description, b.description): pair.answer}
            doing[key] = (self.affected(a), frozenset(pair.gained), frozenset(pair.lost), said)
            doing["\0twinned\0" + b.key] = True

    def _same_effect_after(self, a: ContinuousEffect, changes: dict[str, Characteristics]) -> bool:
        """611.3, 612.1, 613.8a: does a still exist, with the same text, once b's trial (``changes``) is made?

        True when a is not a static ability's effect (``regenerate`` gives it back as it is), or when it has no
        "as long as" condition (which may read any object) and the trial leaves everything ``static_effect`` reads
        of its source as it is: its name, text changes, abilities and granted abilities (the board, which gives
        its definition, timestamp and choices, is not changed by a trial). Then ``regenerate`` on the trial state
        reads what it reads now, where a is the effect it gives. Otherwise False: the readable test is asked.
        """
        if a.origin not in ("static", "cda"):
            return True
        new = changes.get(a.source) if a.source is not None else None
        if new is None:
            return a.ability not in self.conditioned
        old = self.state[a.source]  # type: ignore[index]
        return (
            a.ability not in self.conditioned
            and new.name == old.name
            and new.text_changes == old.text_changes
            and new.abilities == old.abilities
            and new.granted == old.granted
        )

    def _after_trial(
        self,
        a: ContinuousEffect,
        b: ContinuousEffect,
        before: frozenset[str],
        changes: dict[str, Characteristics],
        doing: dict[str, Any],
    ) -> frozenset[str]:
        """611.3a: the objects a applies to once b's trial is made (``affected`` on the trial state)."""
        objects, every, _, less = self._trial_objects(a, b, changes, doing)
        after: frozenset[str] = objects if every else (before - changes.keys()) | objects
        return after - less if less else after

    def _class_key(
        self,
        a: ContinuousEffect,
        ia: _Info,
        b: ContinuousEffect,
        slot: str,
        changes: dict[str, Characteristics],
        trial: str,
    ) -> tuple[Any, ...] | None:
        """613.8a, 613.7: what the readable test of a against b's trial (``changes``) reads, when that is the same for
        every effect of a's class, so that the class meets the trial once; None when the test reads what differs.

        Two effects of one class (the same card's ability, say five March of the Machines) read and write the same
        things of the same objects; only their sources and timestamps differ (613.7: the timestamp orders, it is
        not read by the test). The test's answer for a against b is the same for every member a, with the same
        description, where it reads neither a's source nor its timestamp. Let C be the objects b's trial changes:

        - 613.8a's trial reads b only through the objects it changes and how (``changes``) and its description:
          b's with equal changes are one trial (``_same_trial``; ``trial`` is the key of the first such effect of
          this graph), and the key holds b's description;
        - existence, text and what a does (613.8a's first and last questions) read a's source only through the
          trial (``_same_effect_after``, ``_fixed_doing``): the trial leaves a's source alone (a.source is not in
          C), a has no "as long as" condition, and its parts here read no amount or it reads none at all: then
          these questions answer no (``_compare``'s first path), for every member;
        - a's objects: its filter less "other than its source" (``_split``) reads nothing of a's source (``free``)
          but its controller, unchanged by the trial: what it takes now and after the trial (X, Y) is read off the
          filter, "you", the zones it reads (a characteristic-defining ability: every zone) and the object entering
          (614.12). a's objects now are X, less its source s with "other"; after the trial (``_trial_change``)
          ``(before - C) | (Y & C)``, less s. As s is not in C, a gains ``(Y & C) - X`` and loses ``(X & C) - Y``:
          the same for every member (s, the only difference, is in neither). Without "other" both read X alone;
        - a's objects fixed (locked in, 611.2c, or targets) are not keyed (the test answers no for them, read alone).

        So the key is the trial, b's and a's descriptions, the filter less "other", "you", the zones, the object
        entering and whether "other" leaves a source out. The answer under a key is the readable test's for any
        member, whether tested or kept from an earlier step and brought up to date (613.8c: a kept answer is the
        readable test's now), so a member's kept answer is the class's too. 613.8b's loops read the graph these
        answers make, pair by pair, each under its own effects' keys. An effect whose source the trial changes,
        whose filter names its source or cannot be hashed, or which reads amounts its parts here use, is tested
        alone (``_twin_key`` may still share its objects).
        """
        if a.source in changes:
            return None  # 109.4, 613.8a: the trial changes a's source: each effect asks of its own
        if a.key in self.locked or a.targets is not None:
            return None  # 611.2c: its objects are fixed
        if ia.reads_values and self._reads_values_in(a, slot):
            return None  # 613.8a: what a does may change with the trial: asked of each
        if not self._same_effect_after(a, changes):
            return None  # 611.3: its condition may read any object
        split = self._split_of(a.filter)
        if split is None:
            return None
        filt, other, free = split
        if not free:
            return None  # the filter reads its source beyond its controller
        controller = self.context(a).controller
        where = (a.origin == "cda", self.outside(a), other and a.source is not None)
        return ("\0class", trial, b.description, a.description, filt, controller, *where)

    def _trial_change(
        self,
        a: ContinuousEffect,
        b: ContinuousEffect,
        before: frozenset[str],
        changes: dict[str, Characteristics],
        changed: frozenset[str],
        doing: dict[str, Any],
    ) -> tuple[frozenset[str], frozenset[str]]:
        """611.3a, 613.8a: the objects a would gain and lose once b's trial is made (``_after_trial`` less
        ``before``, and ``before`` less it), read only off the objects the trial changes where only those can
        enter or leave: with ``after = ((before - C) | found) - less``, C the changed objects and ``found`` those
        of them a's filter takes, ``after - before`` is ``found - less - before`` and ``before - after`` is what
        ``before`` holds of ``less`` or of C outside ``found`` (``changed``: C as a set, for set operations)."""
        objects, every, whole, less = self._trial_objects(a, b, changes, doing)
        if whole:
            after = objects - less if less else objects
            return after - before, before - after
        found = objects & changed if every else objects
        gained = found - before
        lost = (before & changed) - found
        if less:
            gained -= less
            lost |= less & before
        return gained, lost

    def _trial_objects(
        self,
        a: ContinuousEffect,
        b: ContinuousEffect,
        changes: dict[str, Characteristics],
        doing: dict[str, Any],
    ) -> tuple[frozenset[str], bool, bool, frozenset[str]]:
        """611.3a: what a's filter takes once b's trial is made: the objects (every one it takes when the second
        value is True, else those among the changed objects), whether objects the trial does not change can enter
        or leave (the third), and what "other than its source" leaves out.

        Only the objects the trial changes can enter or leave, unless it changes what the filter reads of a's
        source: its controller, or anything else when the filter names the source. Effects whose filters are
        equal and read nothing of their source but its controller share the answer (five Blood Moons ask once
        per trial); the trial state is built once per trial (``_trial_id``: equal trials of the graph are one).
        """
        controller = self.context(a).controller
        static = a.origin in ("static", "cda") and a.source is not None
        # 109.4: the player "you" means once the trial is made (a static ability's: its source's controller)
        trial_controller = changes[a.source].controller if static and a.source in changes else controller
        split = self._split_of(a.filter)
        filt, other, free = _split(a.filter) if split is None else split  # (unhashable: read for this call only)
        # (a source of None is no object: "other than" it leaves nothing out)
        less: frozenset[str] = frozenset({a.source}) if other and a.source is not None else frozenset()
        whole = a.source in changes and (not free or trial_controller != controller)
        trial_id = self._trial_id(b, doing)  # (the trial state and its objects are read once per trial)
        key: tuple[Any, ...] = ("\0after", trial_id, filt, trial_controller, a.origin == "cda", self.outside(a), whole)
        if not free:
            key += (a.source,)
        found = doing.get(key)  # type: ignore[call-overload]
        if found is None and self.index is not None and (whole or len(changes) > _WHOLE):
            # the whole answer from the bitsets moved by b's trial (kept per b): by set operations
            every: frozenset[str] | None = doing.get(("\0every", *key))  # type: ignore[call-overload]
            if every is not None:
                return every, True, whole, less
            ikey = ("\0index", trial_id)
            index: Indexes | None = doing.get(ikey)  # type: ignore[call-overload]
            if index is None:
                # (``changes`` is b's kept changes at this step, ``changes``' answer: its moves describe them)
                moves = self._trial_moves(b, changes)
                if moves is not None:
                    # b's trial made class by class (``by_class``): its classes move at once
                    index = self.indexes().moved_classes(moves)
                else:
                    index = self.indexes().moved((t, self.state[t], ch) for t, ch in changes.items())
                doing[ikey] = index  # type: ignore[index]
            trial_state: State = ChainMap(changes, self.state)  # type: ignore[arg-type]
            ctx = Context(board=self.board, state=trial_state, source=a.source, controller=trial_controller)
            every = index.matching(filt, ctx, a.origin == "cda", compiled(filt))
            if every is not None:
                outside = self.outside(a)
                every = every - {outside} if outside in every else every
                doing[("\0every", *key)] = every  # type: ignore[index]
                return every, True, whole, less
        if found is None:
            trial = doing.get(("\0trial", trial_id))  # type: ignore[call-overload]
            if trial is None:
                trial = doing[("\0trial", trial_id)] = {**self.state, **changes}  # type: ignore[index]
            ctx = Context(board=self.board, state=trial, source=a.source, controller=trial_controller)
            anywhere = a.origin == "cda" or zone_named(filt)
            test, outside, objects = compiled(filt), self.outside(a), self.board.objects
            among = self.state if whole else changes
            found = frozenset(
                o for o in among if (anywhere or objects[o].zone == "battlefield") and o != outside and test(o, ctx)
            )
            doing[key] = found  # type: ignore[index]
        return found, whole, whole, less

    # --- applying one effect (613.1)

    def _at_once(self, e: ContinuousEffect, slot: str) -> tuple[tuple[Part, ...], _Info] | None:
        """613.7c, 613.4c: the effect's parts in ``slot`` when applying them can wait to be logged (else None).

        So for an effect with fixed objects (a resolved effect's, 611.2c, or a rule's: counters, 613.7c) whose parts
        read nothing (constant amounts, the same instruction for every effect with those parts: ``shared_parts``)
        and write nothing any filter's bitsets, any static ability, any "as long as" condition or whether an object
        fits reads (power and toughness): its applications in a row change only those values of their objects,
        which no effect's fixed objects read; the log, the classes and the kept answers are brought up to date
        (``_flush``) before anything that reads them is asked.
        """
        if e.targets is None:
            return None
        info = self.info(e)
        key = (id(info), slot)
        try:
            parts = self.at_once[key]
        except KeyError:
            parts = self.parts(e, slot)
            writes = info.writes
            fixed = (
                bool(parts)
                and info.shared_parts
                and not info.reads_values
                and not any(part_reads_object(p) for p in parts)
                and writes != FIELDS
                and info.fit_writes == writes
                and writes.isdisjoint(REGENERATE_ON | FIT_READS | INDEXED | {"controller"})
            )
            if fixed:
                try:
                    hash(parts)
                except TypeError:  # unhashable parts (plain dicts from a caller)
                    fixed = False
            parts = self.at_once[key] = parts if fixed else None
        if parts is None or self._condition_reads(info):
            return None
        return parts, info

    def _condition_reads(self, info: _Info) -> bool:
        """611.3a: whether an "as long as" condition of an object here reads what the effect writes (its ability's
        effect may begin or end: the effect's applications are logged as they are made)."""
        return bool(self.conditional_holders) and hits(
            info.writes, info.write_names, self.condition_reads, self.condition_names
        )

    def _at_once_instructions(
        self, e: ContinuousEffect, parts: tuple[Part, ...], targets: frozenset[str]
    ) -> tuple[tuple[Part, ...], list[Instruction], bool] | None:
        """613.7a, 613.8a: the instructions of parts applied at once (read off the parts alone: ``_at_once``), made
        once per parts, and whether one is timed (613.7a: only its result reads the timestamp); None without objects."""
        made = self.at_once_instrs.get(id(parts))
        if made is None or made[0] is not parts:
            some = next(iter(targets), None)
            if some is None:
                return None
            first = [instruction(e, p, some, self.board, self.state, self.version) for p in parts]
            made = self.at_once_instrs[id(parts)] = (parts, first, any(i[0] in TIMED_OPERATIONS for i in first))
        return made

    def _at_once_value(
        self, old: Characteristics, instrs: list[Instruction], stamp: Any, timestamp: Any
    ) -> tuple[Characteristics, Characteristics, bool]:
        """613.1: a value with the instructions applied (``_at_once``), kept by the value's identity (objects alike
        hold one value): the value (kept alive), its result, and whether it changed."""
        ch = old
        applied = self.applied
        for instr in instrs:
            key = (ch, instr, stamp)
            new = applied.get(key)
            if new is None:
                if len(applied) > 100_000:
                    applied.clear()
                new = applied[key] = apply_instruction(ch, instr, timestamp)
            ch = new
        held = self.at_once_applied[(id(old), id(instrs), stamp)] = (old, ch, ch is not old and ch != old)
        return held

    def _apply_at_once(
        self, e: ContinuousEffect, parts: tuple[Part, ...], info: _Info, targets: frozenset[str]
    ) -> None:
        """613.1: apply the parts (``_at_once``) to ``targets`` at once, the state and the history as ``apply`` leaves
        them; what the step changed is logged with the next steps applied so (``_flush``)."""
        made = self._at_once_instructions(e, parts, targets)
        instrs = None if made is None else made[1]
        stamp = e.timestamp if made is not None and made[2] else None
        state, olds, by_id = self.state, self.pending_old, self.at_once_applied
        changes: dict[str, Characteristics] = {}
        for t in targets if instrs is not None else ():
            old = state[t]
            # objects alike hold one value (``alike``): its result is looked up by the value's identity
            held = by_id.get((id(old), id(instrs), stamp))
            if held is None:
                held = self._at_once_value(old, instrs, stamp, e.timestamp)  # type: ignore[arg-type]
            if held[2]:
                changes[t] = held[1]
                if t not in olds:
                    olds[t] = old
        state.update(changes)
        self.history.append(changes)
        kept = self.changes_cache.get(e.key)
        if kept is not None:
            kept.effect, kept.version, kept.moves = None, -1, None
        self.pending_infos[id(info)] = info

    def _apply_run(
        self, picks: list[ContinuousEffect], n: int, slot: str, out: list[tuple[frozenset[str], bool, tuple[Part, ...]]]
    ) -> int:
        """613.1, 613.4c, 613.7c: apply at once the run of effects from ``picks[n]`` on that are first applied here
        and whose parts wait to be logged (``_at_once``), each to its fixed objects in turn; the index after the run.

        Each effect is locked in (613.6) and its objects, whether first, and parts are added to ``out``, as
        ``one_by_one`` gives them; the state is the one applying them one at a time leaves. The run is one entry of
        the history (``_Run``): the value each object holds after each of its effects, the state after each effect
        made again when the trace reads it (``replay``); what the run changed is logged with the next ones (``_flush``).

        Why the run is the loop's one-at-a-time application, effect by effect (613.4c, 613.7c, 613.8a): each has
        fixed objects (611.2c; 613.7c: a counter's object is fixed, 122.1a), the objects of those that exist where it
        reaches (400.7, 123.5), as ``affected`` reads them (a fact of the board: no application changes which objects
        exist or where); its parts read nothing (``_at_once``: constant amounts, the same instruction for any effect
        with those parts), so what it does to an object reads that object's value alone, and it writes only power and
        toughness, which no effect of the run reads (613.8a: none depends on another; a +1/+1 counter adds a fixed
        amount, and such additions commute, 613.4c). Applying the run's effects in turn, each to its objects, in the
        order given (613.7, 613.7c: each counter at its own timestamp), leaves every object with the value the effects
        on it give in that order, and the state after each effect is the one before it with its objects' values after
        it.
        Nothing else is read between two of them: the run stops at an effect locked in earlier (613.6: its objects
        were fixed in an earlier slot, not a first application), at one whose parts must be logged as they apply
        (``_at_once``), and where an "as long as" condition reads what it writes (611.3a, ``_condition_reads``:
        checked again for objects and parts kept from an earlier resolution, the only part of ``_at_once`` that
        reads the state). The history holds, per effect, its objects and their values after it (``_Run``): ``replay``
        gives one state per effect, as ``apply`` would have logged it.
        """
        locked, state, objects = self.locked, self.state, self.board.objects
        by_id, olds, infos = self.at_once_applied, self.pending_old, self.pending_infos
        # the rules' effects (the same for every resolution of the board) keep what the run reads off them alone: their
        # objects, their parts and what is kept about them (``_RulesRead.runs``)
        rules = self.rules_read
        known = None if rules is None else rules.runs.setdefault(slot, {})
        conditional, made_of = self.conditional_holders, self.at_once_instrs
        each: list[frozenset[str]] = []  # the objects of each effect of the run, in order
        news: list[Characteristics] = []  # the value of each of those objects after that effect, in the same order
        end = len(picks)
        while n < end:
            e = picks[n]
            if e.key in locked:
                break
            held = None if known is None else known.get(id(e))
            if held is None or held[0] is not e:
                at_once = self._at_once(e, slot)  # (None without fixed objects)
                if at_once is None:
                    break
                objs = fixed_objects(e.targets or (), e.anywhere, state, objects)
                held = (e, objs, *at_once)
                if known is not None and rules is not None and id(e) in rules.ids:
                    known[id(e)] = held
            elif conditional and self._condition_reads(held[3]):
                break
            _, targets, parts, info = held
            locked[e.key] = (e, targets)
            out.append((targets, True, parts))
            each.append(targets)
            n += 1
            made = made_of.get(id(parts))
            if made is None or made[0] is not parts:
                made = self._at_once_instructions(e, parts, targets)
            if made is not None:
                instrs = made[1]
                stamp = e.timestamp if made[2] else None
                for t in targets:
                    old = state[t]
                    # objects alike hold one value (``alike``): its result is looked up by the value's identity
                    result = by_id.get((id(old), id(instrs), stamp))
                    if result is None:
                        result = self._at_once_value(old, instrs, stamp, e.timestamp)
                    if result[2]:
                        state[t] = result[1]
                        if t not in olds:
                            olds[t] = old
                    news.append(state[t])
            infos[id(info)] = info
        if each:
            self.history.append(_Run(each, news))
        return n

    def _flush(self) -> None:
        """613.1: log the applications made at once since the last entry (``_apply_at_once``) as one step: the
        objects they changed, what their parts write; the classes and the objects without power or toughness
        follow the values now held."""
        olds, infos = self.pending_old, self.pending_infos
        self.pending_old, self.pending_infos = {}, {}
        found: set[str] = set()
        names: dict[str, frozenset[str]] = {}
        for info in infos.values():
            found |= info.writes
            for f, v in info.write_names.items():
                names[f] = names[f] | v if f in names else v
        for info in infos.values():  # a name is known only where every application writing it knows its names
            for f in [f for f in names if f in info.writes and f not in info.write_names]:
                del names[f]
        state = self.state
        if self.holders is not None:
            moves = _grouped_moves((t, old, state[t]) for t, old in olds.items())
            if moves:
                self._move(moves)
        if self.no_pt is not None and found & {"power", "toughness"}:
            for t in olds:
                ch = state[t]
                if ch.power is None or ch.toughness is None:
                    self.no_pt.add(t)
                else:
                    self.no_pt.discard(t)
        self.log.append((frozenset(olds), frozenset(found), names))

    def replay(self) -> Iterator[Mapping[str, Characteristics]]:
        """613.1: the state after each application so far, in order, made again when read (the trace's ``after``)."""
        if self.pending_infos:
            self._flush()
        return _replay(self.start, list(self.history))

    def apply_in_order(
        self, picks: list[ContinuousEffect], slot: str
    ) -> list[tuple[frozenset[str], bool, tuple[Part, ...]]]:
        """613.1, 613.6: as the layer loop's ``one_by_one``: each effect in turn, its objects (locked in at its first
        application), its parts in ``slot`` applied to them; those of each, with whether it was its first application.

        An effect with fixed objects (611.2c: a resolved effect's; 613.7c: the rules' counters) first applied here
        whose parts wait to be logged (``_at_once``) is applied without the questions of ``affected`` and ``apply``:
        its objects are those of its fixed ones that exist where it reaches (400.7, 123.5), as ``affected`` reads them,
        and a run of such effects (three creatures in four with their counters) is applied in one loop, one entry of
        the history (``_apply_run``, which argues why), and logged as one step (``_flush``).

        Why the counters of a one-pass group need no more than this (the loop hands a list longer than one effect
        only for a group ``one_pass_order`` gave): a +1/+1 counter is an effect of the rules with a fixed object and a
        constant amount (122.1a, 613.4c), so it depends on nothing (613.8a: nothing changes its existence, its
        object or what it does). Another effect depends on it only by reading power or toughness (an amount off "its
        toughness", a filter on power): ``independent``, which reads every counter of the slot as one class writing
        power and toughness, then says no, and the loop asks the graph and applies one effect at a time (613.8b: the
        counter first). A P/T setting (7b, 613.4b) is applied in its own sublayer before and a switch (7d, 613.4d)
        after, reading the sum: neither is in the group. Within 7c, the pass applies in rank order (613.7, 613.7c:
        each counter at its own timestamp, between the pumps and anthems of earlier and later timestamps), one
        application each, so the state after each step, and the trace, are the readable resolver's
        (``tests/reference_optimized``: the corpus and generated boards with interleaved timestamps). The run's
        trace steps read their states off the run's entry (``_Run``) when the trace is read: one per counter, in
        rank order, each the state before it with its object's value after it.
        """
        out: list[tuple[frozenset[str], bool, tuple[Part, ...]]] = []
        n = 0
        while n < len(picks):
            after = self._apply_run(picks, n, slot, out)
            if after > n:
                n = after
                continue
            out.extend(one_by_one(self, [picks[n]], slot))  # the layer loop's own steps (``affected``, ``apply``)
            n += 1
        return out

    def apply(self, e: ContinuousEffect, slot: str, targets: frozenset[str]) -> None:
        """613.1: apply the effect's parts for this slot; log what changed; regenerate changed objects' statics.

        ``targets`` is what ``affected`` gave the loop: ``changes`` applies to the same objects.
        """
        at_once = self._at_once(e, slot)
        if at_once is not None:
            self._apply_at_once(e, *at_once, targets)
            return
        if self.pending_infos:
            self._flush()
        changes = self.changes(e, slot)
        info = self.info(e)
        # what the operations in this slot can change (613.1, 613.6) ...
        writes, names, fit_writes, fit_names, idle = info.writes_in(slot, self.parts(e, slot))
        found: set[str] = set(writes)
        # creature types added or removed on objects that fit: only those types change (and they still fit)
        objs = frozenset(changes)
        fit = fit_writes != writes and self.all_fit(objs)
        if fit:
            found, names = set(fit_writes), fit_names
        elif writes == FIELDS or fit_writes != writes:
            # ... or, for an operation not in WRITES or one naming subtypes, what they did change
            found = set()
            differing: dict[str, set[str]] = {f: set() for f in NAMED}
            for t, ch in changes.items():
                changed_fields(self.state[t], ch, found)
                changed_names(self.state[t], ch, differing)
            names = {f: frozenset(v) for f, v in differing.items()}
        if idle and self.all_have_pt(objs):
            found -= idle  # "+x/+0" on objects with power and toughness: their toughness stays
        kept = self.changes_cache[e.key]
        moves = kept.moves if kept.changes is changes else None
        indexed = self.index is not None and bool(found & INDEXED)
        pt = self.no_pt is not None and bool(found & {"power", "toughness"})
        fitting = self.unfit is not None and not fit and bool(found & FIT_READS)
        if moves is None and (self.holders is not None or indexed):
            # made object by object: read off the classes where the parts read only the value (``_trial_moves``),
            # else the objects alike that moved alike
            classed = self._trial_moves(e, changes) if kept.changes is changes else None
            moves = classed if classed is not None else self._moves_of(changes)
        if indexed and moves:
            # the bitsets follow when next read (``indexes``): each class moved, in order (its objects' positions read
            # now: ``_move`` hands the moved sets on to the classes, which later steps change)
            index = self.index
            assert index is not None
            self.unindexed.extend((old, new, index.mask(moved)) for old, new, moved in moves)
        if self.holders is not None and moves:
            self._move(moves)
        self.state.update(changes)
        self.history.append(changes)
        # the kept changes are the history's now: a later ask makes new ones rather than change these
        kept.effect, kept.version, kept.moves = None, -1, None
        # the values each class of objects moved to (without classes: each object's own)
        news: list[tuple[Characteristics, set[str] | frozenset[str]]] = (
            [(new, moved) for _, new, moved in moves]
            if moves is not None
            else [(ch, frozenset((t,))) for t, ch in changes.items()]
            if pt or fitting or found & REGENERATE_ON
            else []
        )
        if pt and self.no_pt is not None:
            for ch, gone in news:
                if ch.power is None or ch.toughness is None:
                    self.no_pt.update(gone)
                else:
                    self.no_pt.difference_update(gone)
        if fitting and self.unfit is not None:
            for ch, gone in news:
                if fits_kept(ch):
                    self.unfit.difference_update(gone)
                else:
                    self.unfit.update(gone)
        self.log.append((objs, frozenset(found), names))
        if found & REGENERATE_ON:
            # Only named abilities changed, none of them a defined one: an object without text changes
            # keeps the same static abilities (612.1: only a defined wording is one).
            named = names.get("abilities")
            undefined = found <= ABILITY_FIELDS and named is not None and named.isdisjoint(self.defined)
            # no object changed has text changes: none has a new static ability (checked class by class)
            if not (undefined and not any(ch.text_changes for ch, _ in news)):
                for t in sorted(changes):
                    if not (undefined and not changes[t].text_changes):
                        self._regenerate_statics(t)
        if self.conditional_holders and (
            hits(frozenset(found), names, self.condition_reads, self.condition_names)
            or ("controller" in found and not self.conditional_holders.isdisjoint(changes))
        ):
            # 611.3a: a condition read something this step changed: its ability's effect may begin or end
            for t in sorted(self.conditional_holders):
                self._regenerate_statics(t)
