"""Double-faced permanents (712) and transforming (613.7g, 707.8, 707.8a).

A double-faced card has a face on each side. On the battlefield the face that is up gives
the permanent its characteristics; in every other zone only the front face counts. A
transforming permanent turns over to its other face and gets a new timestamp (613.7g; 613.6f
before April 2020). Transforming is an event of the case (a step's ``transform``); each one is
recorded in the object's ``transform_history`` so that a copy keeps the face the original
showed when the copy effect began (707.2b, 707.8).

With its back face up a transforming permanent's mana value is that of its front face's mana
cost (202.3b, from Shadows over Innistrad, April 2016; from 2011 until then the back face had no
mana cost and so a mana value of 0). That value is not a copiable value: a copy of the back face
has mana value 0 (202.3b, second sentence). A rules profile states which form it follows
(``back_face_mana_value``: "front" or "zero"); a profile that spans the change states neither,
and a permanent with its back face up is then an error under it.

A modal double-faced card (712.3; 711.4d when Zendikar Rising brought them on 2020-09-25) is cast or
played with the face its player picks, and that face stays up on the battlefield (``transformed`` on the
object: its back face). With its back face up it has only that face's characteristics, its own mana value
included (712.8f): the front face's mana value is a rule of transforming cards only.

A token created as a copy of a double-faced permanent (707.8a, in the rules texts from the
2020s) is itself double-faced: each of its faces copies the same face of the original, and the
face that is up on the token decides which. A case marks such a copy effect with
``double_faced: true`` on its ``copy_of`` part; a copy that is not double-faced (Clone, 707.8a's
second example) copies the face that was up on the original and cannot transform.
"""

from __future__ import annotations

from dataclasses import replace

from .clock import Clock, by_rules
from .model import Board, Characteristics, GameObject, Timestamp
from .versions import NotStated, RulesVersion


class DoubleFacedError(NotStated):
    """A rules version that states no rule a double-faced permanent on the board needs."""


def back_face_up_as_of(obj: GameObject, as_of: Timestamp = float("inf")) -> bool:
    """707.2b with 613.7g: whether the back face was up just before ``as_of`` (613.7g: each transformation)."""
    if not obj.transform_history:
        return obj.transformed
    status = not obj.transform_history[0][1]  # before its first recorded transformation
    for ts, back_up in obj.transform_history:
        if ts < as_of:
            status = back_up
    return status


def face_values(obj: GameObject, back: bool) -> Characteristics:
    """712: the printed values of one face (the front face when it has no back face)."""
    if back and obj.back_face is not None and obj.zone in ("battlefield", "stack"):
        return obj.back_face.with_(controller=obj.printed.controller)
    return obj.printed


def face_up_values(obj: GameObject, as_of: Timestamp = float("inf")) -> Characteristics:
    """712: a double-faced permanent has only the characteristics of the face that is (was, at ``as_of``) up."""
    return face_values(obj, back_face_up_as_of(obj, as_of))


def own_mana_value(obj: GameObject, ch: Characteristics, version: RulesVersion) -> Characteristics:
    """202.3b: with its back face up, a transforming permanent's mana value is that of its front face.

    Only the permanent's own values before any effect: a copy of the back face has mana value 0. A modal
    double-faced card (712.3) exists only under a version that has them (Zendikar Rising, 2020-09-25).
    """
    if obj.modal and version.modal_double_faced is not True:
        raise DoubleFacedError(
            f"712.3: rules version {version.id} has no modal double-faced cards (they came with Zendikar Rising "
            f"on 2020-09-25); {obj.id} is one",
            "modal_double_faced",
        )
    if obj.back_face is None or not obj.transformed or obj.zone != "battlefield" or obj.modal:
        return ch  # 712.8f: a modal permanent has the face up's own mana value
    rule = version.back_face_mana_value
    if rule is None:
        raise DoubleFacedError(
            f"202.3b: rules version {version.id} states no mana value for a back face "
            f"(double-faced cards entered the rules in 2011); {obj.id} has its back face up",
            "back_face_mana_value",
        )
    if rule == "front":
        return ch.with_(mana_value=obj.printed.mana_value)
    return ch


def is_double_faced(board: Board, obj_id: str) -> bool:
    """712, 707.8a: a double-faced card, or a token that is a copy of a double-faced permanent."""
    obj = board.objects[obj_id]
    if obj.back_face is not None:
        return True
    for e in board.effects:
        if obj_id not in e.applies_to:
            continue
        for p in e.parts:
            if p.op == "copy_of" and p.args.get("double_faced"):
                original = board.objects.get(str(p.args["object"]))
                if original is not None and original.back_face is not None:
                    return True
    return False


def transform(board: Board, obj_id: str, timestamp: Timestamp, clock: Clock | None = None) -> GameObject:
    """613.7g, 701.28: a double-faced permanent turns over to its other face and gets a new timestamp.

    A permanent that isn't double-faced, or that is face down, doesn't transform: nothing happens.
    A timestamp the case leaves to the rules (``BY_RULES``) is the clock's as the permanent turns over.
    """
    obj = board.objects[obj_id]
    if obj.zone != "battlefield" or obj.face_down or not is_double_faced(board, obj_id):
        return obj
    if by_rules(timestamp):
        if clock is None:
            raise ValueError(f"{obj_id} transforms without a timestamp and no clock gives one (613.7g)")
        timestamp = clock.tick()
    elif clock is not None:
        clock.see(timestamp)
    back_up = not obj.transformed
    history = obj.transform_history + ((timestamp, back_up),)
    return replace(obj, transformed=back_up, timestamp=timestamp, transform_history=history)
