"""Zone changes (400.7): an object that moves from one zone to another becomes a new object.

The new object has no memory of its previous existence. For the layer system this means:
the effects of resolved spells and abilities that applied to the old object (their set of
objects was fixed when they began, 611.2c) do not apply to it; its counters cease to exist
(122.2); it is attached to nothing, and whatever was attached to it is attached to nothing
(the state-based actions that then put an Aura into its owner's graveyard, 704.5m, are outside
the model); an "as this enters" choice (707.2) and "exiled with" (607.2a) belonged to the old
object. Moving an object to the zone it is already in changes nothing. Stickers are the exception
(123.5): they stay on a card that moves to a public zone and fall off in a hand or a library.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .frozen import FrozenMap
from .model import Board, GameObject
from .stickers import kept_in


def new_object(obj: GameObject, zone: str) -> GameObject:
    """400.7, 122.2: the object in its new zone, without what belonged to its previous existence."""
    return replace(
        obj,
        zone=zone,
        counters=(),
        attached_to=None,
        face_history=(),
        entered_as=FrozenMap(),
        chosen=FrozenMap(),  # 614.1c: an "as this enters" choice belonged to the old object
        transformed=False,  # 712: a double-faced card is front face up outside the battlefield
        transform_history=(),
        merges=(),  # 729: the components separate
        exiled_with=obj.exiled_with if obj.zone != "exile" else None,
        stickers=kept_in(obj, zone),  # 123.5: kept in a public zone (an exception to 400.7), lost in a hidden one
        monstrous=False,  # 701.37b, 400.7: the new object is not monstrous
        flipped=False,  # 710.3: a flipped permanent that leaves the battlefield ceases to be flipped
    )


def change_zones(board: Board, moves: Mapping[str, str]) -> Board:
    """400.7, 611.2c: move objects at once; resolved effects and attachments forget each moved object."""
    moved = {oid for oid, zone in moves.items() if board.objects[oid].zone != zone}
    if not moved:
        return board
    for oid in sorted(moved):
        if board.objects[oid].merges and board.objects[oid].stickers:
            raise ValueError(
                f"{oid}: a merged permanent with stickers leaves the battlefield: its owner chooses which of its "
                "cards keeps them (123.5c), a choice the case format cannot state yet"
            )
    objects = {
        oid: new_object(o, moves[oid])
        if oid in moved
        else (replace(o, attached_to=None) if o.attached_to in moved else o)
        for oid, o in board.objects.items()
    }
    for oid in sorted(moved):  # 729, 400.7: each other component of a merged permanent goes too, on its own
        for m in board.objects[oid].merges:
            objects[m.component.id] = new_object(m.component, moves[oid])
    effects = tuple(
        replace(e, applies_to=tuple(i for i in e.applies_to if i not in moved)) if moved & set(e.applies_to) else e
        for e in board.effects
    )
    return replace(board, objects=objects, effects=effects)
