"""The encoding's own reading of stickers (123, 612.9, 613.7k).

Read from the rules, not from the resolver: a sticker is no object and no counter, and its kind
says what it does. A name sticker (123.6) is a text-changing effect (612.9, layer 3) that puts its
word into the object's name after as many words as were before it when it was put on, or at the
end of a shorter name, or alone when the object has no name (123.6b-c). An ability sticker (123.7)
makes the object gain the printed ability (layer 6). A power/toughness sticker (123.8) sets power
and toughness (layer 7b). Each is an effect of the rules with the sticker's own timestamp
(613.7k), on its object in every zone but a hidden one (123.5: stickers fall off in a hand or a
library, a card elsewhere keeps them).

``sticker_timestamps`` is the 613.7k reading the driver compares with the board: after a step,
an object that got a new timestamp has its stickers stamped right after it, in their relative
order; the project writes "right after" as the object's timestamp plus n/64 for its n-th sticker.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from reference.model import FrozenMap, GameObject, Part

# 400.1, 123.5: the zones whose cards lose their stickers
_HIDDEN = ("hand", "library")
# 613.7k, as the project writes "immediately after" (see the module docstring)
_AFTER = 1 / 64


def sticker_parts(obj: GameObject) -> list[tuple[int, Any, Part]]:
    """123.6-123.8: each sticker on the object, as (its index, its timestamp, the operation it is)."""
    if obj.zone in _HIDDEN:
        return []
    out = []
    for n, s in enumerate(obj.stickers):
        if s.kind == "name":  # 612.9: a text change to the name
            part = Part("name_sticker", FrozenMap({"word": s.word, "position": s.position}))
        elif s.kind == "ability":  # 613.1f: an ability the object gains
            part = Part("add_abilities", FrozenMap({"abilities": (s.ability,)}))
        else:  # 613.4b: power and toughness set to the sticker's
            part = Part("set_pt", FrozenMap({"power": s.power, "toughness": s.toughness}))
        out.append((n, s.timestamp, part))
    return out


def with_word(name: str | None, word: str, position: int) -> str:
    """123.6b-c: the name with the word put after ``position`` words, at the end of a shorter one, or alone."""
    if name is None or name == "":
        return word
    words = name.split(" ")
    words = [w for w in words if w]
    cut = position if position < len(words) else len(words)
    return " ".join(words[:cut] + [word] + words[cut:])


def sticker_names(names: Iterable[str], objects: Iterable[GameObject]) -> set[str]:
    """123.6: every name a name sticker can make out of a name the board can give (stickers one after another)."""
    out = set(names)
    stickers = [(s.word, s.position) for o in objects for s in o.stickers if s.kind == "name"]
    for _ in range(len(stickers)):
        grown = {with_word(n, str(w), p) for n in [*out, None] for w, p in stickers}
        if grown <= out:
            break
        out |= grown
    return out


def sticker_abilities(objects: Iterable[GameObject]) -> set[str]:
    """123.7: the wordings ability stickers give."""
    return {str(s.ability) for o in objects for s in o.stickers if s.kind == "ability"}


def restamped(obj: GameObject) -> list[float]:
    """613.7k: the timestamps of an object's stickers after it got a new one: right after it, in their order."""
    order = sorted(range(len(obj.stickers)), key=lambda n: obj.stickers[n].timestamp)
    out = [0.0] * len(obj.stickers)
    for rank, n in enumerate(order):
        out[n] = obj.timestamp + (rank + 1) * _AFTER
    return out
