"""Flip cards (710; 709 in the texts before 2020): an alternative half used while the permanent is flipped.

A flip card has its normal characteristics on top and an alternative name, type line, rules text and
power/toughness on the bottom half (710.1a-b). A flip card has only its normal characteristics in every
zone but the battlefield and, on the battlefield, until it is flipped (710.2); flipped, it has the
alternative ones, but its color and mana cost stay those of the normal half (710.1c), as do changes made by
other effects. Flipping is one way and gives no new timestamp (it is not among 613.7's events); a flipped
permanent that leaves the battlefield is a new object that is not flipped (710.3, 400.7).

Flipped is a status (110.5), not a copiable value (707.2). A copy of a flip card copies both halves: the
copy's own status decides which it shows (707.3, its example with Tomoya the Revealer and Nezumi
Shortfang). So a Clone entering as a copy of a flipped Kenzo the Hardhearted is an unflipped Bushi
Tenderfoot, and a flipped permanent that becomes a copy of an unflipped flip card shows that card's
alternative half.
"""

from __future__ import annotations

from dataclasses import replace

from .errors import ResolutionError
from .model import Board, Characteristics, GameObject

# 710.1b: what the alternative half replaces (710.1c: never color nor mana cost)
FLIPPED_FIELDS = ("name", "types", "subtypes", "supertypes", "abilities", "power", "toughness")


class FlipError(ResolutionError):
    """710, 707.3: a flip-card question the model does not answer (a flipped copy of a copy of a flip card)."""


def with_alternative(ch: Characteristics, half: Characteristics) -> Characteristics:
    """710.1b-c: the alternative name, type line, text and power/toughness; color and mana cost unchanged."""
    return ch.with_(**{f: getattr(half, f) for f in FLIPPED_FIELDS})


def is_flipped(obj: GameObject) -> bool:
    """710.2, 710.3: a permanent on the battlefield that has been flipped."""
    return obj.flipped and obj.zone == "battlefield"


def own_flipped_values(obj: GameObject, ch: Characteristics) -> Characteristics:
    """710.2: a flipped flip-card permanent has its alternative characteristics (its own, before any effect)."""
    if obj.flip_face is None or not is_flipped(obj):
        return ch
    return with_alternative(ch, obj.flip_face)


def flip_card_copied(board: Board, original: str) -> GameObject | None:
    """707.3, 710: the flip card whose halves a copy of ``original`` takes: itself, or the flip card it copies."""
    seen: set[str] = set()
    todo = [original]
    while todo:
        oid = todo.pop()
        if oid in seen or oid not in board.objects:
            continue
        seen.add(oid)
        obj = board.objects[oid]
        if obj.flip_face is not None:
            return obj
        todo.extend(
            str(p.args["object"]) for e in board.effects if oid in e.applies_to for p in e.parts if p.op == "copy_of"
        )
    return None


def copied_values(board: Board, original: str, copier: str | None, found: Characteristics) -> Characteristics:
    """707.3, 710.2: the values a copy takes: the flip card's alternative half when the copy itself is flipped."""
    if copier is None or copier not in board.objects or not is_flipped(board.objects[copier]):
        return found
    source = board.objects.get(original)
    if source is not None and source.flip_face is not None:
        return with_alternative(found, source.flip_face)
    through = flip_card_copied(board, original)
    if through is not None:
        raise FlipError(
            f"710, 707.3: {copier} is flipped and copies {original}, which copies the flip card {through.id}: "
            "a flipped copy of a copy of a flip card is not modelled"
        )
    return found


def can_flip(board: Board, oid: str) -> bool:
    """710.3: a flip-card permanent (or a copy of one) on the battlefield that is not flipped yet."""
    obj = board.objects[oid]
    return obj.zone == "battlefield" and not obj.flipped and flip_card_copied(board, oid) is not None


def flip(board: Board, oid: str) -> GameObject:
    """710.3: the permanent is flipped, for good, keeping its timestamp; anything else: nothing happens."""
    obj = board.objects[oid]
    return replace(obj, flipped=True) if can_flip(board, oid) else obj
