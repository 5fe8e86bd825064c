"""Misreadings of copying (707.2-707.9): what a copy takes from the original, and when."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from reference.frozen import FrozenMap
from reference.versions import RulesVersion

from .base import Misreading, misreading, patched


@misreading(
    "707.2",
    "A copy copies the original's text as it now reads, with the text-changing effects on it.",
    "gives the copy the original's changed words",
)
def copy_copies_text_change(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.copiable as cop
    import reference.operations as ops

    original = cop.copiable_values

    def copiable_values(board: Any, v: RulesVersion, obj_id: str, as_of: Any = float("inf"), back: Any = None) -> Any:
        ch = original(board, v, obj_id, as_of, back)
        for e in sorted(board.effects, key=lambda e: e.timestamp):
            if obj_id in e.applies_to:
                for p in e.parts:
                    if p.op == "replace_word":
                        ch = ops.replace_word(ch, p.args)
        return ch

    with patched({"reference.copiable.copiable_values": copiable_values}):
        yield version


@misreading(
    "707.2",
    "The choices made as the original entered (Primal Clay's form) are not part of its copiable values.",
    "makes a copy of such a permanent take its printed card",
)
def copy_drops_entry_choices(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.copiable as cop

    original = cop.entered_values

    def entered_values(obj: Any, as_of: Any = float("inf"), back: Any = None) -> Any:
        return original(dataclasses.replace(obj, entered_as=FrozenMap()), as_of, back)

    original_copiable = cop.copiable_values

    def copiable_values(board: Any, v: RulesVersion, obj_id: str, as_of: Any = float("inf"), back: Any = None) -> Any:
        with patched({"reference.copiable.entered_values": entered_values}):
            return original_copiable(board, v, obj_id, as_of, back)

    with patched({"reference.copiable.copiable_values": copiable_values}):
        yield version


@misreading(
    "707.3",
    "A copy copies the original as printed, not with the copy effects that apply to the original.",
    "makes a copy of a Clone a copy of Clone itself",
)
def copy_ignores_copy_effects(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.copiable as cop

    original = cop._layer1_instructions

    def instructions(*args: Any, **kwargs: Any) -> list[Any]:
        found = original(*args, **kwargs)
        return [x for x in found if x[3][0] not in ("copy_of", "merge")]

    with patched({"reference.copiable._layer1_instructions": instructions}):
        yield version


@misreading(
    "707.8",
    "A copy of a double-faced permanent copies its front face, whichever face is up.",
    "makes a copy of a transformed permanent a copy of its front face",
)
def copy_of_back_face_copies_front(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.copiable as cop

    original = cop.copiable_values

    def copiable_values(board: Any, v: RulesVersion, obj_id: str, as_of: Any = float("inf"), back: Any = None) -> Any:
        return original(board, v, obj_id, as_of, False if back is None else back)

    with patched({"reference.copiable.copiable_values": copiable_values}):
        yield version


@misreading(
    "707.9b",
    "A copy effect's exceptions ('except it is a ...') are not part of the copy's copiable values.",
    "drops what the copy effect says the copy has in addition or instead",
)
def copy_exceptions_ignored(version: RulesVersion) -> Iterator[RulesVersion]:
    def with_exceptions(ch: Any, exceptions: Any) -> Any:
        return ch

    with patched({"reference.copiable.with_exceptions": with_exceptions}):
        yield version


def _copies(effect: Any) -> list[str]:
    """707.2: the objects a copy effect's parts copy."""
    return [str(p.args["object"]) for p in effect.parts if p.op == "copy_of"]


@misreading(
    "707.4",
    "A permanent that becomes a copy of another object while on the battlefield loses the other effects on it.",
    "drops the resolved effects (Giant Growth) on a permanent once it becomes a copy of something else",
)
def copy_change_drops_effects(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.case as case

    original = case.apply_step

    def apply_step(board: Any, step: Any, v: Any = None) -> Any:
        out = original(board, step, v)
        there = {i for i, o in board.objects.items() if o.zone == "battlefield"}
        becoming = {i for e in step.add_effects if _copies(e) for i in e.applies_to if i in there}
        if not becoming:
            return out
        effects = tuple(
            dataclasses.replace(e, applies_to=tuple(i for i in e.applies_to if i not in becoming))
            if e in board.effects and not _copies(e)
            else e
            for e in out.effects
        )
        return dataclasses.replace(out, effects=effects)

    with patched({"reference.case.apply_step": apply_step}):
        yield version


@misreading(
    "707.5",
    "An object entering as a copy enters first and becomes the copy after: the copied 'enters with' abilities miss it.",
    "gives a Clone none of the counters the copied creature's 'enters with' ability gives",
)
def copy_enters_then_becomes(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.entry as entry

    original = entry.looked_at

    def looked_at(board: Any, obj_id: str, v: RulesVersion, arriving: frozenset[str]) -> Any:
        effects = tuple(e for e in board.effects if not (obj_id in e.applies_to and _copies(e)))
        return original(dataclasses.replace(board, effects=effects), obj_id, v, arriving)

    with patched({"reference.entry.looked_at": looked_at}):
        yield version


@misreading(
    "707.6",
    "A copy takes the choices made for the permanent it copies (Adaptive Automaton's creature type).",
    "gives a copy the original's 'as this enters' choice instead of its own",
)
def copy_takes_choices(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.case as case

    original = case.apply_step

    def apply_step(board: Any, step: Any, v: Any = None) -> Any:
        out = original(board, step, v)
        objects = dict(out.objects)
        for e in out.effects:
            for copied in _copies(e):
                if copied not in out.objects or not out.objects[copied].chosen:
                    continue
                for i in e.applies_to:
                    if i in objects:
                        objects[i] = dataclasses.replace(objects[i], chosen=out.objects[copied].chosen)
        return dataclasses.replace(out, objects=objects)

    with patched({"reference.case.apply_step": apply_step}):
        yield version


@misreading(
    "707.7",
    "A copied linked ability still refers to what the original's ability did (the cards exiled with the original).",
    "gives a copy of Myr Welder the abilities of the cards exiled with the Welder it copies",
)
def copy_links_to_original(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.effects as eff

    original = eff.objects_matching  # type: ignore[attr-defined]

    def objects_matching(filt: Any, ctx: Any, *args: Any, **kwargs: Any) -> Any:
        found = original(filt, ctx, *args, **kwargs)
        if "exiled_with_source" not in repr(filt) or ctx.source is None:
            return found
        for e in ctx.board.effects:
            for copied in _copies(e) if ctx.source in e.applies_to else ():
                found = found | original(filt, dataclasses.replace(ctx, source=copied), *args, **kwargs)
        return found

    with patched({"reference.effects.objects_matching": objects_matching}):
        yield version


MISREADINGS: tuple[Misreading, ...] = (
    copy_copies_text_change,
    copy_drops_entry_choices,
    copy_ignores_copy_effects,
    copy_of_back_face_copies_front,
    copy_exceptions_ignored,
    copy_change_drops_effects,
    copy_enters_then_becomes,
    copy_takes_choices,
    copy_links_to_original,
)
