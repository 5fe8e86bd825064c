"""205.2a and 308: the card type of tribal cards was renamed kindred (2024-06-07); a board uses its version's name.

A case may print either word. Under a rules version the type has one name
(``RulesVersion.kindred_type_name``: "tribal" before 2024-06-07, "kindred" from then on, per the
rules history), and every object on the board, each face and its face-down values, is read
with that name before the layer system runs: the answer names the type as the rules of that
day did. Nothing else about the type changed with its name.
"""

from __future__ import annotations

from dataclasses import replace

from .model import Board, Characteristics
from .versions import RulesVersion

NAMES = frozenset({"tribal", "kindred"})


def _renamed(ch: Characteristics, name: str) -> Characteristics:
    """205.2a: the characteristics with the type of tribal/kindred cards under ``name``."""
    if not (ch.types & NAMES) or ch.types & NAMES == {name}:
        return ch
    return ch.with_(types=(ch.types - NAMES) | {name})


def with_type_names(board: Board, version: RulesVersion) -> Board:
    """205.2a: the board with every printed type word of its version (tribal or kindred)."""
    name = version.kindred_type_name
    objects = {}
    for oid, obj in board.objects.items():
        printed = _renamed(obj.printed, name)
        back = None if obj.back_face is None else _renamed(obj.back_face, name)
        if printed is obj.printed and back is obj.back_face:
            objects[oid] = obj
        else:
            objects[oid] = replace(obj, printed=printed, back_face=back)
    return replace(board, objects=objects)
