"""Whether an attached permanent may stay where it is (303.4, 301.5c, 301.6, 702.5), read by 704.5m-n.

An Aura's enchant ability (702.5a) says what it can be attached to: "enchant creature", "enchant
land", "enchant permanent", "enchant artifact or creature" ... (the types it names, each a card type
of a permanent, or "permanent" for any). An Aura that is also a creature can enchant nothing
(303.4d). An Equipment can be attached only to a creature (301.5c) and a Fortification only to a
land (301.6), and neither may be a creature itself. Each is read against the characteristics the
layer system gives the objects when state-based actions are checked (704.3).

The enchant abilities read here name card types only; an Aura whose enchant ability names
anything else (a subtype, a controller, a player, a card in a graveyard) is one the rules module
cannot judge, and the case loader refuses it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .model import Characteristics

ENCHANT = "enchant "
# 110.4: the card types a permanent can have; an enchant ability may name any of them, or "permanent"
PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")


def enchant_options(wording: str) -> tuple[str, ...] | None:
    """702.5a: what an enchant ability allows ("enchant artifact or creature": artifact, creature); None if not one."""
    if not wording.startswith(ENCHANT):
        return None
    words = wording[len(ENCHANT) :].replace(",", " ").split()
    names = tuple(w for w in words if w not in ("or", "and"))
    if not names or any(w not in (*PERMANENT_TYPES, "permanent") for w in names):
        return None
    return names


def is_enchant_wording(wording: str) -> bool:
    """702.5a: the wording starts as an enchant ability does ("enchant ...")."""
    return wording.startswith(ENCHANT)


def aura_may_enchant(aura: Characteristics, target: Characteristics | None) -> bool | None:
    """303.4c-d, 702.5a: the Aura is no creature, and the permanent matches one of its enchant abilities.

    None when the Aura has no enchant ability the rules module reads: what it may enchant is not stated.
    """
    allowed = [names for names in (enchant_options(a) for a in sorted(aura.abilities)) if names is not None]
    if target is None or "creature" in aura.types:
        return False
    if not allowed:
        return None
    return any("permanent" in names or any(t in target.types for t in names) for names in allowed)


def equipment_may_equip(equipment: Characteristics, target: Characteristics | None) -> bool:
    """301.5c: an Equipment that is no creature may be attached to a creature."""
    return target is not None and "creature" not in equipment.types and "creature" in target.types


def fortification_may_fortify(fortification: Characteristics, target: Characteristics | None) -> bool:
    """301.6: a Fortification that is no creature may be attached to a land."""
    return target is not None and "creature" not in fortification.types and "land" in target.types


def illegally_attached(
    oid: str, attached_to: str | None, final: Mapping[str, Characteristics]
) -> tuple[str, str] | None:
    """704.5m-n: the rule that frees this permanent and what happens to it, else None.

    "graveyard" (an Aura, 704.5m), "unattach" (an Equipment or Fortification, 704.5n), or "unknown" (an
    Aura with no enchant ability this module reads, attached to a permanent: the rules module cannot say).
    """
    ch = final[oid]
    target = final.get(attached_to) if attached_to is not None else None  # only a permanent can hold it here
    if "aura" in ch.subtypes:
        legal = aura_may_enchant(ch, target)
        if legal is None:
            return "704.5m", "unknown"
        return None if legal else ("704.5m", "graveyard")
    if attached_to is None:
        return None
    if "equipment" in ch.subtypes and not equipment_may_equip(ch, target):
        return "704.5n", "unattach"
    if "fortification" in ch.subtypes and "equipment" not in ch.subtypes and not fortification_may_fortify(ch, target):
        return "704.5n", "unattach"
    return None
