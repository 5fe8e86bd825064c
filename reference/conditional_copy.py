"""Conditional copy exceptions (707.9f): "except ..., if it's a creature, it has changeling".

Some exceptions to the copying process apply only if the copy is or has certain
characteristics. A ``copy_of`` part lists them in ``except_if``: each entry has a condition
(``if``: a card type, supertype and/or subtype the copy must have) and the exceptions
(``except``, the same vocabulary as the part's own ``except``) that apply when it holds.

707.9f decides whether an entry applies by looking at what the copy would be with the copy
effect applied without that exception, taking its other exceptions into account. The project
reads "what the copy would be" as the values the copy effect itself hands over (the copiable
values of the original when the effect began, 707.2b, with the effect's unconditional
exceptions), so the answer is fixed when the copy effect begins: Moritte of the Frost copying a
land animated until end of turn is a noncreature copy and has no changeling, even if it becomes
a creature later that turn (the CR's example). Other continuous effects that would make the
permanent a creature as it enters (614.12 looks at them for replacement effects) are not
considered: see docs/interpretations.md.

Entries are checked one by one against those values (not against each other); the exceptions
of every entry that applies are merged into the part's own: ``add_*`` lists are joined, other
values replaced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .frozen import FrozenMap, freeze
from .model import Characteristics
from .vocabulary import is_creature_type

CONDITION_KEYS = ("type", "supertype", "subtype")


def copy_condition_holds(ch: Characteristics, condition: Mapping[str, Any]) -> bool:
    """707.9f: whether the copy (values without the conditional exception) has every listed type."""
    for key, want in condition.items():
        if key == "type" and want not in ch.types:
            return False
        if key == "supertype" and want not in ch.supertypes:
            return False
        if key == "subtype" and want not in ch.subtypes and not (ch.all_creature_types and is_creature_type(want)):
            return False
    return True


def merged_exceptions(own: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """707.9a-b: one set of exceptions from two: ``add_*`` lists joined, other values replaced."""
    out = dict(own)
    for k, v in extra.items():
        if k.startswith("add_") and k in out:
            out[k] = tuple(dict.fromkeys([*out[k], *v]))
        else:
            out[k] = v
    return out


def decided_args(part_args: Mapping[str, Any], ch: Characteristics) -> Mapping[str, Any]:
    """707.9f: the part's arguments with its conditional exceptions decided against ``ch``.

    ``ch`` is what the copy effect hands over without its conditional exceptions.
    """
    entries = part_args.get("except_if", ())
    if not entries:
        return part_args
    exceptions: dict[str, Any] = dict(part_args.get("except", FrozenMap()))
    for entry in entries:
        if copy_condition_holds(ch, entry["if"]):
            exceptions = merged_exceptions(exceptions, entry.get("except", FrozenMap()))
    out = {k: v for k, v in part_args.items() if k != "except_if"}
    out["except"] = freeze(exceptions)
    return FrozenMap(out)
