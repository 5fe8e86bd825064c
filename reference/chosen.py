"""Choices made as a permanent enters (614.1c, 607.2d): "choose a creature type", "choose a color", "choose a name".

An "as this enters, choose ..." ability is a replacement effect (614.1c); the choice belongs
to the object that made it (``GameObject.chosen``). The object's other abilities read it
through a word written ``{"chosen": "creature_type"}`` in their filter or instruction: that
word is the choice of the object that has the ability, the effect's source. A copy of such
a permanent copies the abilities, not the choice (707.2: a choice is no copiable value); a
copy that enters as one makes its own choice, because the copied "as this enters" ability
applies to it as it enters (614.1c, 707.5). An object that made no such choice (it became a
copy after it entered) has nothing chosen: the word names nothing, so a filter with it matches
nothing and an instruction's list of words leaves it out.

A choice that sets characteristics directly (Primal Clay's form) is ``entered_as`` instead
(707.2, 613.2a: a copiable value).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .frozen import FrozenMap
from .model import AbilityDef

CHOICE_KINDS = ("creature_type", "color", "name", "card_type", "land_type")

# What an unmade choice reads as: a word no object has (and that no filter value equals).
NOTHING_CHOSEN = "(nothing chosen)"


def is_choice_word(value: Any) -> bool:
    """607.2d: True for a word that stands for a choice: ``{"chosen": kind}``."""
    return isinstance(value, Mapping) and len(value) == 1 and "chosen" in value


def mentions_choice(data: Any) -> bool:
    """607.2d: True when a filter, instruction or condition reads a choice anywhere inside it."""
    if is_choice_word(data):
        return True
    if isinstance(data, Mapping):
        return any(mentions_choice(v) for v in data.values())
    if isinstance(data, (tuple, list)):
        return any(mentions_choice(v) for v in data)
    return False


def with_choices(data: Any, chosen: Mapping[str, Any]) -> Any:
    """614.1c, 607.2d: a filter or instruction with each chosen word read as the source's choice.

    An unmade choice reads as a word no object has, and is left out of a list of words.
    """
    if is_choice_word(data):
        return chosen.get(str(data["chosen"]), NOTHING_CHOSEN)
    if isinstance(data, Mapping):
        return FrozenMap({k: with_choices(v, chosen) for k, v in data.items()})
    if isinstance(data, tuple):
        words = tuple(with_choices(v, chosen) for v in data)
        return tuple(w for w in words if w != NOTHING_CHOSEN)
    return data


@cache
def reads_choice(definition: AbilityDef) -> bool:
    """607.2d: the ability refers to a choice its object made as it entered."""
    return mentions_choice(definition.applies_to) or any(mentions_choice(p.args) for p in definition.parts)
