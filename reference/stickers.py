"""Stickers (123, 612.9, 613.7k): name, ability and power/toughness stickers on an object.

A sticker is not an object and not a counter (123.1). The rules give each kind an effect:

- a name sticker adds its word to the object's name, at the place it was put: a text-changing
  effect (123.6, 612.9; layer 3, 613.1c), applied with the other text changes in timestamp order
  on top of the copiable values (123.6c). Its place is the number of words before it when it was
  put on; a name with fewer words now gets the word at its end; an object with no name (face
  down) gets the word as its name (123.6b-c);
- an ability sticker makes the object gain the ability printed on it (123.7; layer 6, 613.1f);
- a power/toughness sticker sets the power and toughness of a creature, and of a creature or
  Vehicle card outside the battlefield, to its values (123.8; layer 7b, 613.4b); more than one:
  the newest wins, by timestamp.

Each sticker has a timestamp (613.7k): a new one as it is put on; when its object gets a new
timestamp (it enters a zone, becomes attached, turns, ...) each sticker gets one immediately after
the object's, the stickers keeping their relative order; when its object becomes part of a merged
permanent, the stickers get the time of the merge. The project writes "immediately after" as the
object's timestamp plus 1/64 for its first sticker, 2/64 for the second, and so on: later than the
object's own timestamp (and its own static abilities, 613.7a) and earlier than the next event the
rules stamp (the clock counts whole units, ``reference.clock``).

Stickers stay on a card that moves to a public zone and apply to the new object it becomes there
(123.5, an exception to 400.7); a card put into a hand or a library loses them. Stickers are not
copiable values (123.1, 707.2): a copy of a stickered object has none of them.
"""

from __future__ import annotations

import math
from dataclasses import replace

from .frozen import FrozenMap
from .model import GameObject, Part, Sticker, Timestamp

# 613.7k: "immediately after" the object's timestamp, as the project writes it (see the module docstring).
STICKER_STEP = 1 / 64
# 400.1, 123.5: the hidden zones, where stickers fall off; every other zone is public.
HIDDEN_ZONES = frozenset({"hand", "library"})
KINDS = ("name", "ability", "pt")


def sticker_part(sticker: Sticker) -> Part:
    """123.6-123.8: what a sticker does, as one operation (a text change, a gained ability, a set P/T)."""
    if sticker.kind == "name":
        return Part("name_sticker", FrozenMap({"word": sticker.word, "position": sticker.position}))
    if sticker.kind == "ability":
        return Part("add_abilities", FrozenMap({"abilities": (sticker.ability,)}))
    if sticker.kind == "pt":
        return Part("set_pt", FrozenMap({"power": sticker.power, "toughness": sticker.toughness}))
    raise ValueError(f"unknown kind of sticker {sticker.kind!r} (123.1: name, ability or pt)")


def sticker_effects(obj: GameObject) -> tuple[tuple[str, Timestamp, Part], ...]:
    """123.6-123.8, 613.7k: each sticker on the object as an effect: (effect key, its timestamp, its part)."""
    return tuple(
        (f"sticker:{obj.id}:{n}", s.timestamp, sticker_part(s))
        for n, s in enumerate(obj.stickers)
        if obj.zone not in HIDDEN_ZONES
    )


def name_with_word(name: str | None, word: str, position: int) -> str:
    """123.6b-c: the name with the sticker's word after its first ``position`` words (at the end if it has fewer)."""
    if not name:
        return word  # 123.6b: an object with no name takes the word as its name
    words = name.split()
    at = min(position, len(words))
    return " ".join([*words[:at], word, *words[at:]])


def in_order(stickers: tuple[Sticker, ...]) -> tuple[Sticker, ...]:
    """613.7k: the stickers in their relative timestamp order (earliest first; equal ones as listed)."""
    return tuple(sorted(stickers, key=lambda s: s.timestamp))


def restamped(stickers: tuple[Sticker, ...], after: Timestamp) -> tuple[Sticker, ...]:
    """613.7k: each sticker gets a new timestamp immediately after ``after``, in their relative order."""
    return tuple(replace(s, timestamp=after + (n + 1) * STICKER_STEP) for n, s in enumerate(in_order(stickers)))


def kept_in(obj: GameObject, zone: str) -> tuple[Sticker, ...]:
    """123.5: stickers stay on an object that moves to a public zone; in a hidden zone they fall off."""
    return () if zone in HIDDEN_ZONES else obj.stickers


def joined(target: GameObject, component: GameObject, timestamp: Timestamp) -> tuple[Sticker, ...]:
    """123.5b, 613.7k: as objects merge, the stickers of both are on the merged permanent, stamped at the merge.

    The stickers of each object keep their relative order; between the two objects' stickers the
    project keeps the order of their old timestamps (the rules order only one object's stickers).
    """
    return restamped(target.stickers + component.stickers, timestamp)


def stamped_at_start(obj: GameObject) -> GameObject:
    """613.7k: on the board a case starts from, a sticker given no timestamp was put on before the object got
    its own, so it has one immediately after the object's (in list order)."""
    if not any(math.isinf(s.timestamp) for s in obj.stickers):
        return obj
    left = [s for s in obj.stickers if math.isinf(s.timestamp)]
    new = dict(zip(map(id, left), restamped(tuple(left), obj.timestamp), strict=True))
    return replace(obj, stickers=tuple(new.get(id(s), s) for s in obj.stickers))


def with_new_timestamp(obj: GameObject, before: Timestamp | None) -> GameObject:
    """613.7k: an object that got a new timestamp (``before``: its old one, None if it is new) restamps its stickers."""
    if not obj.stickers or obj.timestamp == before:
        return obj
    return replace(obj, stickers=restamped(obj.stickers, obj.timestamp))
