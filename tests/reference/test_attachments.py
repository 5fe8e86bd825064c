"""Whether an Aura, Equipment or Fortification may stay attached (303.4, 301.5c, 301.6, 702.5a)."""

from __future__ import annotations

import pytest

from reference.attachments import (
    aura_may_enchant,
    enchant_options,
    equipment_may_equip,
    fortification_may_fortify,
    illegally_attached,
)

from ..builders import chars

LAND = chars("Factory", types=frozenset({"land"}), power=None, toughness=None)
ANIMATED = LAND.with_(types=frozenset({"land", "artifact", "creature"}), power=2, toughness=2)


@pytest.mark.parametrize(
    ("wording", "options"),
    [
        ("enchant creature", ("creature",)),
        ("enchant artifact or creature", ("artifact", "creature")),
        ("enchant artifact, creature, and land", ("artifact", "creature", "land")),  # "and" joins as "or" does
        ("enchant permanent", ("permanent",)),
        ("enchant creature you control", None),
        ("enchant player", None),
        ("enchanted creature gets +1/+2.", None),
    ],
)
def test_enchant_options_read_card_types_of_permanents(wording: str, options: tuple[str, ...] | None) -> None:
    assert enchant_options(wording) == options


def test_an_aura_may_enchant_what_its_enchant_ability_names() -> None:
    holy = chars(
        "Holy",
        types=frozenset({"enchantment"}),
        subtypes=frozenset({"aura"}),
        abilities=frozenset({"enchant creature"}),
    )
    assert aura_may_enchant(holy, ANIMATED) is True
    assert aura_may_enchant(holy, LAND) is False
    assert aura_may_enchant(holy, None) is False  # 704.5m: attached to nothing
    creature_aura = holy.with_(types=frozenset({"enchantment", "creature"}))
    assert aura_may_enchant(creature_aura, ANIMATED) is False  # 303.4d
    bare = holy.with_(abilities=frozenset())
    assert aura_may_enchant(bare, ANIMATED) is None  # nothing says what it may enchant


def test_equipment_and_fortifications_need_a_creature_and_a_land() -> None:
    hammer = chars(
        "Hammer", types=frozenset({"artifact"}), subtypes=frozenset({"equipment"}), power=None, toughness=None
    )
    assert equipment_may_equip(hammer, ANIMATED) and not equipment_may_equip(hammer, LAND)
    assert not equipment_may_equip(hammer.with_(types=frozenset({"artifact", "creature"})), ANIMATED)  # 301.5c
    fort = hammer.with_(subtypes=frozenset({"fortification"}))
    assert fortification_may_fortify(fort, LAND) and not fortification_may_fortify(fort, chars())


def test_illegally_attached_names_the_rule_and_what_happens() -> None:
    holy = chars(
        "Holy",
        types=frozenset({"enchantment"}),
        subtypes=frozenset({"aura"}),
        abilities=frozenset({"enchant creature"}),
    )
    hammer = chars(
        "Hammer", types=frozenset({"artifact"}), subtypes=frozenset({"equipment"}), power=None, toughness=None
    )
    final = {"land": LAND, "holy": holy, "hammer": hammer, "bear": chars()}
    assert illegally_attached("holy", "land", final) == ("704.5m", "graveyard")
    assert illegally_attached("holy", None, final) == ("704.5m", "graveyard")
    assert illegally_attached("holy", "bear", final) is None
    assert illegally_attached("hammer", "land", final) == ("704.5n", "unattach")
    assert illegally_attached("hammer", None, final) is None  # an unattached Equipment is fine
    assert illegally_attached("bear", "land", final) is None  # 704.5p's other permanents are not modelled
