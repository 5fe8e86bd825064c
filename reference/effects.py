"""Continuous effects during the layer process: which exist, what they apply to, what they do.

Three sources of effects (611.1): resolved spells and abilities (611.2), static abilities
of objects (611.3) including characteristic-defining abilities (604.3), and the game
rules for counters (122.1) and face-down permanents (708.2).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .chosen import reads_choice, with_choices
from .copiable import copy_instruction, entered_values, face_down_instruction
from .errors import ResolutionError
from .filters import (
    Context,
    amount,
    apply_text_changes,
    characteristics_of,
    condition_holds,
    evaluate,
    objects_matching,
    substitute,
)
from .frozen import FrozenMap, freeze
from .merged import merge_effects
from .model import COPIED_FIELDS, AbilityDef, Board, Characteristics, Counter, GameObject, Part, State, Timestamp
from .operations import Instruction, apply_instruction
from .stickers import sticker_effects
from .versions import RulesVersion
from .vocabulary import KEYWORD_COUNTERS, OPERATION_KIND, is_activated_ability

PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


@dataclass(frozen=True)
class ContinuousEffect:
    """One continuous effect as the layer process sees it."""

    key: str
    origin: str  # resolved | static | cda | rule
    timestamp: Timestamp
    parts: tuple[Part, ...]
    description: str
    source: str | None = None
    controller: str | None = None  # fixed controller (resolved effects)
    targets: tuple[str, ...] | None = None  # fixed set of objects (611.2c) or None
    filter: Any = None  # static effects: what their text indicates now (611.3a)
    ability: str | None = None  # the ability definition that generates it
    # 613.7a: a granted ability's effect keeps its place after its object's own effects
    # when the object gets a new timestamp (the grant's timestamp orders such ties).
    tiebreak: Timestamp = float("-inf")
    # 113.6b, 114.4: the zones its source's ability functions in, when the ability says (None: the battlefield)
    zones: tuple[str, ...] | None = None
    # 123.5-123.8: an effect of the rules that applies to its object in every zone (a sticker's)
    anywhere: bool = False


# A locked effect (613.6): the effect as it was when it started to apply, and its objects.
Locked = Mapping[str, tuple[ContinuousEffect, frozenset[str]]]


def resolved_effects(board: Board) -> list[ContinuousEffect]:
    """611.2: effects of resolved spells and abilities, each with its fixed set of objects."""
    return [
        ContinuousEffect(
            key=e.id,
            origin="resolved",
            timestamp=e.timestamp,
            parts=e.parts,
            description=e.description or e.id,
            source=e.source,
            controller=e.controller,
            targets=e.applies_to,
        )
        for e in board.effects
    ]


def find_definition(board: Board, wording: str, changes: tuple[tuple[str, str], ...]) -> AbilityDef | None:
    """612.1: the ability definition behind a wording, reading through the object's text changes."""
    exact = board.abilities.get(wording)
    if exact is not None:
        return exact
    for d in board.abilities.values():
        if changes and apply_text_changes(d.text, changes) == wording:
            return d
    return None


def definition_of(board: Board, ch: Characteristics, wording: str) -> AbilityDef | None:
    """612.1, 612.3: the definition behind one of an object's wordings; a granted one is never text-changed."""
    return find_definition(board, wording, () if wording in ch.granted else ch.text_changes)


def effect_origin(definition: AbilityDef, granted: bool) -> str:
    """604.3a(2), (4): an ability is characteristic-defining only as the object has it, not by its wording.

    Printed, token-defining, copied or text-changed: a CDA when its definition is one.
    Granted by an effect (another object's, or one the object gave itself): never a CDA.
    """
    return "cda" if definition.cda and not granted else "static"


def static_effect(board: Board, state: State, obj_id: str, wording: str) -> ContinuousEffect | None:
    """611.3, 604.3, 613.7a: the effect an object's static ability generates, if it is one."""
    ch = state[obj_id]
    d = definition_of(board, ch, wording)
    if d is None:
        return None
    if d.condition is not None:
        # 611.3a, 613.8a: a conditional ability's effect exists only while its condition holds now
        ctx = Context(board=board, state=state, source=obj_id, controller=ch.controller)
        if not condition_holds(d.condition, ctx):
            return None
    changes = ch.text_changes if d.text != wording else ()
    ts = board.objects[obj_id].timestamp
    tiebreak = float("-inf")
    granted = wording in ch.granted
    if granted:
        tiebreak = ch.granted[wording]
        ts = max(ts, tiebreak)
    parts = tuple(Part(p.op, substitute(p.args, changes)) for p in d.parts) if changes else d.parts
    filt = substitute(d.applies_to, changes) if changes else d.applies_to
    chosen = board.objects[obj_id].chosen
    if reads_choice(d):  # 614.1c, 607.2d: the source's own choice
        parts = tuple(Part(p.op, with_choices(p.args, chosen)) for p in parts)
        filt = with_choices(filt, chosen)
    # 612.3: a granted ability is never text-changed, so an object can hold a rules-text ability whose
    # words were changed and, granted later, the same ability as printed: two effects.
    key = f"{obj_id}:{d.text}" + (" (granted)" if granted else "")
    if changes and d.text in ch.abilities and d.text not in ch.granted:
        # 113.2c: beside the ability as defined, a rules-text instance of it whose words were changed
        # (a proposed profile can copy or merge after a text change): two abilities, two effects
        key += f" (reads {wording!r})"
    return ContinuousEffect(
        key=key,
        origin=effect_origin(d, granted),
        timestamp=ts,
        parts=parts,
        description=f"{ch.name or obj_id}: {wording}",
        source=obj_id,
        filter=filt,
        ability=d.text,
        tiebreak=tiebreak,
        zones=d.functions_in,
    )


def functions_in(definition: AbilityDef, zone: str, cda: bool = False) -> bool:
    """113.6, 113.6b, 114.4, 604.3: an ability works on the battlefield, or only in the zones its text names.

    A characteristic-defining ability works everywhere (604.3, 113.6a); "as long as this card is
    in your graveyard" works from the graveyard and nowhere else (113.6b); an emblem's abilities
    work from the command zone (114.4).
    """
    return cda or zone in (definition.functions_in or ("battlefield",))


def functions(board: Board, effect: ContinuousEffect) -> bool:
    """113.6, 113.6b, 114.4, 604.3: a static ability works where it functions; a CDA anywhere."""
    assert effect.source is not None
    zone = board.objects[effect.source].zone
    return effect.origin == "cda" or zone in (effect.zones or ("battlefield",))


def static_effects(board: Board, state: State) -> list[ContinuousEffect]:
    """611.3b, 113.6: every static ability of an object where it functions (a CDA: anywhere) generates its effect."""
    out = []
    for obj_id in sorted(state):
        for wording in sorted(state[obj_id].abilities):
            e = static_effect(board, state, obj_id, wording)
            if e is not None and functions(board, e):
                out.append(e)
    return out


def merged_counters(counters: tuple[Counter, ...]) -> list[Counter]:
    """613.7c: counters of one kind act together, with the timestamp of the newest of them."""
    by_kind: dict[str, Counter] = {}
    for c in counters:
        old = by_kind.get(c.kind)
        by_kind[c.kind] = c if old is None else Counter(c.kind, old.count + c.count, max(old.timestamp, c.timestamp))
    return [by_kind[k] for k in sorted(by_kind)]


@lru_cache(maxsize=4096)
def counter_part(kind: str, count: int, keyword: bool) -> Part | None:
    """122.1a-b, 613.4c: what ``count`` counters of one kind do to the object (a keyword counter's only when the
    version lists its kind: ``keyword``); None for a kind that changes no characteristic."""
    m = PT_COUNTER.match(kind)
    if m:
        return Part("counter_pt", FrozenMap({"power": int(m[1]) * count, "toughness": int(m[2]) * count}))
    if keyword:
        return Part("counter_keyword", FrozenMap({"ability": kind}))
    return None


def rule_effects(
    board: Board, state: State, keyword_counters: Collection[str] = KEYWORD_COUNTERS
) -> list[ContinuousEffect]:
    """122.1a-b, 613.7c, 708.2: counters (a keyword one if the version lists it) and face-down status as effects."""
    out: list[ContinuousEffect] = []
    for obj_id in sorted(state):
        out += object_rule_effects(obj_id, board.objects[obj_id], keyword_counters)
    return out


def object_rule_effects(
    obj_id: str, obj: GameObject, keyword_counters: Collection[str] = KEYWORD_COUNTERS
) -> list[ContinuousEffect]:
    """122.1a-b, 613.7c, 708.2, 721.2a, 123.6: the rules' effects on one object (its merges, its face-down status,
    its stickers, its counters), read off the object alone."""
    out = []
    for key, ts, part in merge_effects(obj) if obj.merges and obj.zone == "battlefield" else ():
        out.append(
            ContinuousEffect(
                key=key,
                origin="rule",
                timestamp=ts,
                parts=(part,),
                description=f"{part.args['component']} merged {'over' if part.args['over'] else 'under'} "
                f"{obj_id} (721.2a, 729.2)",
                targets=(obj_id,),
            )
        )
    if obj.face_down:
        out.append(
            ContinuousEffect(
                key=f"face-down:{obj_id}",
                origin="rule",
                timestamp=obj.timestamp,
                parts=(Part("face_down", obj.face_down_values),),
                description=f"{obj_id} is face down (708.2)",
                targets=(obj_id,),
            )
        )
    # 123.6-123.8, 613.7k: a sticker's effect, in any public zone
    for key, ts, part in sticker_effects(obj) if obj.stickers else ():
        out.append(
            ContinuousEffect(
                key=key,
                origin="rule",
                timestamp=ts,
                parts=(part,),
                description=f"a {part.op.replace('_', ' ')} sticker on {obj_id} (123)",
                targets=(obj_id,),
                anywhere=True,
            )
        )
    for c in merged_counters(obj.counters) if obj.counters else ():
        counted = counter_part(c.kind, c.count, c.kind in keyword_counters)
        if counted is None:
            continue
        out.append(
            ContinuousEffect(
                key=f"counters:{obj_id}:{c.kind}",
                origin="rule",
                timestamp=c.timestamp,
                parts=(counted,),
                description=f"{c.count} {c.kind} counter(s) on {obj_id}",
                targets=(obj_id,),
            )
        )
    return out


def effects_in_play(
    board: Board, state: State, locked: Locked, keyword_counters: Collection[str] = KEYWORD_COUNTERS
) -> list[ContinuousEffect]:
    """611, 613.6: effects that exist now, plus those that started applying and go on."""
    effects = resolved_effects(board) + static_effects(board, state) + rule_effects(board, state, keyword_counters)
    keys = {e.key for e in effects}
    effects += [e for k, (e, _) in sorted(locked.items()) if k not in keys]
    return effects


def regenerate(effect: ContinuousEffect, board: Board, state: State, locked: Locked) -> ContinuousEffect | None:
    """The same effect read from another state: None when it no longer exists (613.6 aside)."""
    if effect.origin in ("static", "cda"):
        assert effect.source is not None
        if effect.source in state:
            for wording in state[effect.source].abilities:
                e = static_effect(board, state, effect.source, wording)
                if e is not None and e.key == effect.key and functions(board, e):
                    return e
        return locked[effect.key][0] if effect.key in locked else None
    return effect


def parts_in_slot(effect: ContinuousEffect, version: RulesVersion, slot: str) -> tuple[Part, ...]:
    """613.6: the parts of an effect that apply in this layer or sublayer."""
    return tuple(p for p in effect.parts if version.slot_of(OPERATION_KIND[p.op], effect.origin) == slot)


def controller_of(effect: ContinuousEffect, state: State) -> str | None:
    """109.4: the player an effect's 'you' means: its source's controller, else the effect's."""
    if effect.origin in ("static", "cda") and effect.source is not None and effect.source in state:
        return state[effect.source].controller
    return effect.controller


def context(effect: ContinuousEffect, board: Board, state: State) -> Context:
    """109.4: what an effect reads its filter and values with: the board, its source and the player its "you" is."""
    return Context(board=board, state=state, source=effect.source, controller=controller_of(effect, state))


def affected(
    effect: ContinuousEffect, board: Board, state: State, locked: Locked, among: Iterable[str] | None = None
) -> frozenset[str]:
    """611.2c, 611.3a, 613.6: the objects the effect applies to at this point (only those of ``among``, when given)."""
    if effect.key in locked:
        return _of(frozenset(i for i in locked[effect.key][1] if i in state), among)
    if effect.targets is not None:
        # 611.2c, 400.7: a resolved effect's objects are permanents; one that left is a new object
        return _of(
            frozenset(
                i
                for i in effect.targets
                if i in state and (effect.anywhere or board.objects[i].zone == "battlefield")  # 123.5
            ),
            among,
        )
    # 611.3a: a static ability reaches other zones when its text names them; a CDA its own object anywhere
    ctx = context(effect, board, state)
    found = objects_matching(effect.filter, ctx, anywhere=effect.origin == "cda", among=among)
    aside = board.entering_aside
    if board.entering is not None and effect.source != board.entering and (aside is None or effect.source in aside):
        return found - {board.entering}  # 614.12: this static ability does not apply to it yet
    return found


def _of(objects: frozenset[str], among: Iterable[str] | None) -> frozenset[str]:
    return objects if among is None else objects & frozenset(among)


VALUE_ARGS = {"power", "toughness"}


def instruction(
    effect: ContinuousEffect, part: Part, target: str, board: Board, state: State, version: RulesVersion
) -> Instruction:
    """613.8a: what a part does to one object, with its values evaluated now."""
    if part.op == "copy_of":
        return copy_instruction(board, version, part, effect.timestamp, copier=target)
    if part.op == "face_down":
        return face_down_instruction(part.args)
    if part.op in ("set_pt", "modify_pt"):
        ctx = context(effect, board, state)
        # 107.1b: an amount that raises or lowers is a calculation that can't come out below zero (as the
        # version reads it); one that sets a value to a specific number keeps it (evaluate)
        raises = part.op == "modify_pt"
        args = {
            k: (amount(v, ctx, target, version.negative_amounts) if raises else evaluate(v, ctx, target))
            if k in VALUE_ARGS
            else v
            for k, v in part.args.items()
        }
        return (part.op, FrozenMap(args))
    if part.op == "full_text_of":
        return full_text_instruction(effect, part, board, state)
    if part.op == "add_activated_abilities_of":
        return activated_abilities_instruction(effect, part, board, state)
    if part.op == "set_controller" and part.args.get("player") == "you":
        return (part.op, FrozenMap({"player": controller_of(effect, state)}))
    return (part.op, part.args)


class FullTextError(ResolutionError):
    """612.6: "the full text of that card" needs one card; the filter picked more."""


def full_text_instruction(effect: ContinuousEffect, part: Part, board: Board, state: State) -> Instruction:
    """612.6: the full text an effect gives: that of the one card its filter picks now (none: no change)."""
    found = sorted(objects_matching(part.args["from"], context(effect, board, state), anywhere=True))
    if len(found) > 1:
        raise FullTextError(f"{effect.key}: full_text_of: the filter picks {len(found)} cards ({found}), not one")
    values = None
    if found:
        card = entered_values(board.objects[found[0]])
        values = freeze({f: _listed(getattr(card, f)) for f in COPIED_FIELDS})
    return ("full_text_of", FrozenMap({"values": values, "plus": tuple(part.args.get("plus", ()))}))


def activated_abilities_instruction(effect: ContinuousEffect, part: Part, board: Board, state: State) -> Instruction:
    """613.1f, 113.3b: "has all activated abilities of ...": the activated abilities those objects have now."""
    ctx = context(effect, board, state)
    found = objects_matching(part.args["from"], ctx)
    gained = {a for i in found for a in characteristics_of(ctx, i).abilities if is_activated_ability(a)}
    return ("add_activated_abilities_of", FrozenMap({"abilities": tuple(sorted(gained))}))


def _listed(value: Any) -> Any:
    return tuple(sorted(value)) if isinstance(value, frozenset) else value


def instructions(
    effect: ContinuousEffect,
    parts: tuple[Part, ...],
    targets: frozenset[str],
    board: Board,
    state: State,
    version: RulesVersion,
) -> dict[str, tuple[Instruction, ...]]:
    """613.8a: what the effect does to each object it applies to."""
    return {t: tuple(instruction(effect, p, t, board, state, version) for p in parts) for t in sorted(targets)}


def changes_of(
    effect: ContinuousEffect,
    parts: tuple[Part, ...],
    targets: frozenset[str],
    board: Board,
    state: State,
    version: RulesVersion,
) -> dict[str, Characteristics]:
    """613.1: the new characteristics of each object the effect's parts for this slot change."""
    todo = instructions(effect, parts, targets, board, state, version)
    out = {}
    for target, instrs in todo.items():
        ch = state[target]
        for instr in instrs:
            ch = apply_instruction(ch, instr, effect.timestamp)
        if ch != state[target]:
            out[target] = ch
    return out


def apply_effect(
    effect: ContinuousEffect,
    parts: tuple[Part, ...],
    targets: frozenset[str],
    board: Board,
    state: State,
    version: RulesVersion,
) -> dict[str, Characteristics]:
    """613.1: apply the effect's parts for this slot to every object it applies to."""
    return {**state, **changes_of(effect, parts, targets, board, state, version)}


# Operations whose instruction is read off other objects at the time it applies.
READS_OTHERS = frozenset({"add_activated_abilities_of", "full_text_of"})


def reads_values(effect: ContinuousEffect) -> bool:
    """613.8a: what the effect does can change: some part's amounts (or what it gives) are read as it applies."""
    return any(p.op in READS_OTHERS or isinstance(p.args.get(k), Mapping) for p in effect.parts for k in VALUE_ARGS)


def may_depend(effect: ContinuousEffect) -> bool:
    """613.8a: only an effect whose existence, text, objects or amounts can vary can depend on another.

    A resolved effect (or a rule's) with fixed objects (611.2c) and constant amounts
    always exists, reads the same, applies to the same objects and does the same thing.
    """
    return effect.origin in ("static", "cda") or reads_values(effect)
