"""Choices made as a permanent enters, as the encoding reads them (614.1c, 607.2d, 707.6).

An ability's word ``{"chosen": kind}`` is the choice its own object made (``GameObject.chosen``);
the encoding gives each object's static ability its own reading of the definition, with the
words replaced by that object's choices. A copy has its own choices or none (707.6): nothing
chosen reads as a word no object has, and is left out of a list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from reference.model import AbilityDef, FrozenMap, GameObject, Part

UNCHOSEN = "(no choice was made)"


def _word(data: Any) -> bool:
    return isinstance(data, Mapping) and set(data) == {"chosen"}


def _read(data: Any, chosen: Mapping[str, Any]) -> Any:
    """614.1c, 707.6: chosen words read as this object's own choices; one it never made reads as no word."""
    if _word(data):
        return chosen.get(str(data["chosen"]), UNCHOSEN)
    if isinstance(data, Mapping):
        return FrozenMap({k: _read(v, chosen) for k, v in data.items()})
    if isinstance(data, tuple | list):
        return tuple(x for x in (_read(v, chosen) for v in data) if x != UNCHOSEN)
    return data


def _mentions(data: Any) -> bool:
    if _word(data):
        return True
    if isinstance(data, Mapping):
        return any(_mentions(v) for v in data.values())
    if isinstance(data, tuple | list):
        return any(_mentions(v) for v in data)
    return False


def own_definition(d: AbilityDef, obj: GameObject) -> AbilityDef:
    """607.2d: the definition as this object's ability reads it, its chosen words replaced by its own choices."""
    if not (_mentions(d.applies_to) or any(_mentions(p.args) for p in d.parts)):
        return d
    return replace(
        d,
        applies_to=_read(d.applies_to, obj.chosen),
        parts=tuple(Part(p.op, _read(p.args, obj.chosen)) for p in d.parts),
    )


def chosen_words(obj: GameObject) -> dict[str, set[str]]:
    """614.1c: the words an object's choices as it entered add to the universe: subtypes, card types, names."""
    c = obj.chosen
    return {
        "subtypes": {str(c[k]) for k in ("creature_type", "land_type") if k in c},
        "types": {str(c["card_type"])} if "card_type" in c else set(),
        "names": {str(c["name"])} if "name" in c else set(),
    }
