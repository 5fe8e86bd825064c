"""Merged permanents (729 from 2026; 725 in the 2023 text, 721 when Ikoria introduced them in 2020).

A mutating creature spell merges with a creature: it goes on top of it or under it, and the
permanent is then one object made of several components (cards or tokens). The merged
permanent has the characteristics of its topmost component, and every ability of every
component (702.140e). Merging is a copiable effect (613.2a) whose timestamp is the time the
objects merged (721.2a of the Ikoria rules): it applies in layer 1a in timestamp order with copy
effects, so a copy effect that began earlier is overwritten by a merge over it, a later one
overwrites the merged values, and a copy of a merged permanent copies it whole (729.2c, 707.2).
Merged under, a component adds only its abilities. Merging keeps the object (its counters,
attachments, the effects applying to it) and gives the permanent itself no new timestamp. When
the permanent leaves the battlefield, each component goes to the new zone as an object of its
own (400.7).

A case writes the merge as a step event (``merge``): the mutating spell (an object on the stack)
merges with the permanent, over or under it, at a point of the timestamp scale (707.2b: a copy
that began before the merge keeps the values of before).
"""

from __future__ import annotations

from dataclasses import replace

from .double_faced import face_up_values
from .frozen import FrozenMap, freeze
from .model import COPIED_FIELDS, Board, GameObject, Merge, Part, Timestamp


def components_as_of(obj: GameObject, as_of: Timestamp = float("inf")) -> tuple[GameObject, ...]:
    """729.2: the components from top to bottom, with the merges made before ``as_of`` (707.2b)."""
    stack = [obj]
    for m in obj.merges:
        if m.timestamp < as_of:
            stack = [m.component, *stack] if m.over else [*stack, m.component]
    return tuple(stack)


def merge_part(m: Merge) -> Part:
    """721.2a, 702.140e: a merge as a layer-1a part: over, the component's values (its face up, 712)
    replace the permanent's, and its abilities join the others'; under, only its abilities join."""
    ch = face_up_values(m.component)
    values = {f: getattr(ch, f) for f in COPIED_FIELDS}
    values = {k: tuple(sorted(v)) if isinstance(v, frozenset) else v for k, v in values.items()}
    return Part("merge", FrozenMap({"over": m.over, "values": freeze(values), "component": m.component.id}))


def merge_effects(obj: GameObject, as_of: Timestamp = float("inf")) -> tuple[tuple[str, Timestamp, Part], ...]:
    """613.2a, 721.2a: the object's merges begun before ``as_of``: (effect key, timestamp, part)."""
    return tuple(
        (f"merge:{obj.id}:{m.component.id}", m.timestamp, merge_part(m)) for m in obj.merges if m.timestamp < as_of
    )


def is_merged(obj: GameObject) -> bool:
    """729.1: the permanent has merged with another object."""
    return bool(obj.merges)


def merge(board: Board, spell: str, onto: str, over: bool, timestamp: Timestamp) -> Board:
    """702.140c, 729.1: the mutating spell becomes part of the permanent (over or under); the spell
    object ceases to be one of its own, and resolved effects that applied to it no longer do."""
    component = board.objects[spell]
    target = board.objects[onto]
    merged = replace(target, merges=target.merges + (Merge(timestamp, over, component),))
    objects = {oid: o for oid, o in board.objects.items() if oid != spell}
    objects[onto] = merged
    effects = tuple(
        replace(e, applies_to=tuple(i for i in e.applies_to if i != spell)) if spell in e.applies_to else e
        for e in board.effects
    )
    return replace(board, objects=objects, effects=effects)


def separated(obj: GameObject) -> tuple[GameObject, ...]:
    """400.7, 729: the components other than the object's own card, each an object of its own again."""
    return tuple(m.component for m in obj.merges)
