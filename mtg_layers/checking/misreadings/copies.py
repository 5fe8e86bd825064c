"""Misreadings of copying (707.2-707.10): what a copy takes from the original."""

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


MISREADINGS: tuple[Misreading, ...] = (
    copy_copies_text_change,
    copy_drops_entry_choices,
    copy_ignores_copy_effects,
    copy_of_back_face_copies_front,
    copy_exceptions_ignored,
)
