"""The counters an object enters with because of its characteristics (614.1c, 614.12): reference.entry."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from mtg_layers.corpus import CASES_DIR, load_case
from reference.case import board_at
from reference.entry import EntryError
from reference.model import Counter
from reference.versions import builtin_versions

from .token_cards import ABILITIES, GRUMGULLY, MIMIC, MIMIC_TYPE, RENATA
from .token_cards import board_and_result as _after
from .token_cards import case_of_cards as _case

MIMIC_CHOICE = "as metallic mimic enters, choose a creature type."

GRUMGULLY_OBJ = {
    "id": "grumgully",
    "name": "Grumgully, the Generous",
    "controller": "p1",
    "timestamp": 1,
    "mana_cost": "{1}{R}{G}",
    "colors": ["red", "green"],
    "types": ["creature"],
    "supertypes": ["legendary"],
    "subtypes": ["goblin", "shaman"],
    "power": 3,
    "toughness": 3,
    "abilities": [GRUMGULLY],
}

RENATA_OBJ = {
    "id": "renata",
    "name": "Renata, Called to the Hunt",
    "controller": "p1",
    "timestamp": 2,
    "mana_cost": "{2}{G}",
    "colors": ["green"],
    "types": ["enchantment", "creature"],
    "supertypes": ["legendary"],
    "subtypes": ["demigod"],
    "power": 1,
    "toughness": 3,
    "abilities": [RENATA],
}

MIMIC_OBJ = {
    "id": "mimic",
    "name": "Metallic Mimic",
    "controller": "p1",
    "timestamp": 1,
    "mana_cost": "{2}",
    "types": ["artifact", "creature"],
    "subtypes": ["shapeshifter"],
    "power": 2,
    "toughness": 1,
    "abilities": [MIMIC_CHOICE, MIMIC_TYPE, MIMIC],
    "chosen": {"creature_type": "elf"},
}

VANGUARD = {
    "id": "vanguard",
    "name": "Elite Vanguard",
    "controller": "p1",
    "timestamp": 2,
    "mana_cost": "{W}",
    "colors": ["white"],
    "types": ["creature"],
    "subtypes": ["human", "soldier"],
    "power": 2,
    "toughness": 1,
}

ELVES = {
    "id": "elves",
    "name": "Llanowar Elves",
    "controller": "p1",
    "mana_cost": "{G}",
    "colors": ["green"],
    "types": ["creature"],
    "subtypes": ["elf", "druid"],
    "power": 1,
    "toughness": 1,
}

BEARS = {
    "id": "bears",
    "name": "Grizzly Bears",
    "controller": "p1",
    "mana_cost": "{1}{G}",
    "colors": ["green"],
    "types": ["creature"],
    "subtypes": ["bear"],
    "power": 2,
    "toughness": 2,
}

CLONE = {
    "id": "clone",
    "name": "Clone",
    "controller": "p1",
    "mana_cost": "{3}{U}",
    "colors": ["blue"],
    "types": ["creature"],
    "subtypes": ["shapeshifter"],
    "power": 0,
    "toughness": 0,
}


# --- counters an object enters with ----------------------------------------------------------------


def test_614_12_a_clone_entering_as_a_copy_of_a_human_gets_no_grumgully_counter() -> None:
    """614.12: Clone's copy effect modifies how it enters: as a copy of Elite Vanguard it is Human, so no counter."""
    copy = {
        "id": "clone-copy",
        "description": "Clone enters as a copy of Elite Vanguard",
        "source": "clone",
        "controller": "p1",
        "applies_to": ["clone"],
        "parts": [{"op": "copy_of", "object": "vanguard"}],
    }
    case = _case(
        [GRUMGULLY_OBJ, VANGUARD], [{"description": "Clone enters", "add_objects": [CLONE], "add_effects": [copy]}]
    )
    _, result = _after(case, 1)
    assert (result["clone"]["name"], result["clone"]["subtypes"]) == ("Elite Vanguard", ["human", "soldier"])
    assert (result["clone"]["counters"], result["clone"]["power"], result["clone"]["toughness"]) == ({}, 2, 1)


def test_612_2a_a_text_changed_enters_with_ability_still_gives_its_counter() -> None:
    """612.2a, 614.1c: Grumgully with Human changed to Elf (Artificial Evolution) still gives an entering Bear +1/+1."""
    evolution = {
        "id": "evolution",
        "description": "Artificial Evolution: Human -> Elf in Grumgully's text",
        "controller": "p1",
        "applies_to": ["grumgully"],
        "parts": [{"op": "replace_word", "from": "human", "to": "elf"}],
    }
    case = _case(
        [GRUMGULLY_OBJ],
        [{"description": "text change", "add_effects": [evolution]}, {"description": "Bears", "add_objects": [BEARS]}],
    )
    _, result = _after(case, 2)
    assert result["grumgully"]["abilities"] == [GRUMGULLY.replace("non-human", "non-elf")]
    assert (result["bears"]["counters"], result["bears"]["power"], result["bears"]["toughness"]) == ({"+1/+1": 1}, 3, 3)


def test_614_1c_607_2d_metallic_mimic_gives_a_counter_to_creatures_of_the_chosen_type() -> None:
    """614.1c, 607.2d: Metallic Mimic naming Elf: Llanowar Elves enters with +1/+1, Grizzly Bears without."""
    case = _case([MIMIC_OBJ], [{"description": "Elves and Bears enter", "add_objects": [ELVES, BEARS]}])
    _, result = _after(case, 1)
    assert result["mimic"]["subtypes"] == ["elf", "shapeshifter"]
    assert (result["elves"]["counters"], result["elves"]["power"], result["elves"]["toughness"]) == ({"+1/+1": 1}, 2, 2)
    assert (result["bears"]["counters"], result["bears"]["power"], result["bears"]["toughness"]) == ({}, 2, 2)


def test_614_1c_two_enters_with_abilities_add_up() -> None:
    """614.1c: under Grumgully and Renata an entering Llanowar Elves gets both counters: two +1/+1, 3/3."""
    case = _case([GRUMGULLY_OBJ, RENATA_OBJ], [{"description": "Elves enters", "add_objects": [ELVES]}])
    _, result = _after(case, 1)
    assert (result["elves"]["counters"], result["elves"]["power"], result["elves"]["toughness"]) == ({"+1/+1": 2}, 3, 3)


def test_614_1c_an_object_that_entered_and_left_in_the_step_does_not_stop_the_others_counters() -> None:
    """614.1c: Bears and Elves enter under Grumgully and the Bears leave in the same step: the Elves get +1/+1."""
    case = _case(
        [GRUMGULLY_OBJ],
        [{"description": "both enter, Bears leave", "add_objects": [BEARS, ELVES], "remove_objects": ["bears"]}],
    )
    board, result = _after(case, 1)
    assert "bears" not in board.objects
    assert (result["elves"]["counters"], result["elves"]["power"], result["elves"]["toughness"]) == ({"+1/+1": 1}, 2, 2)


@pytest.mark.parametrize("source", [GRUMGULLY_OBJ, MIMIC_OBJ])
def test_614_12_a_source_removed_as_the_object_enters_still_gives_its_counter(source: dict[str, Any]) -> None:
    """614.12, 614.1c: the replacement effects that apply to an object entering are those that exist as it would enter,
    so Grumgully (or Metallic Mimic naming Elf, its choice read as it was) removed from the game in the same step as
    Llanowar Elves enters still gives it a counter (it read the source off the board after the step: a KeyError)."""
    case = _case(
        [source],
        [{"description": "Elves enters, the source leaves", "add_objects": [ELVES], "remove_objects": [source["id"]]}],
    )
    board, result = _after(case, 1)
    assert source["id"] not in board.objects
    assert (result["elves"]["counters"], result["elves"]["power"], result["elves"]["toughness"]) == ({"+1/+1": 1}, 2, 2)


def test_614_12_entry_counters_without_a_rules_version_are_an_error_naming_the_object() -> None:
    """614.12: whether an ability gives an entering object counters reads its characteristics: a version is needed."""
    case = _case([GRUMGULLY_OBJ], [{"description": "Elves enters", "add_objects": [ELVES]}])
    with pytest.raises(EntryError) as err:
        board_at(case, 1)
    assert str(err.value) == (
        "elves enters while an ability may give it counters by its characteristics (614.12): "
        "a rules version is needed to read them"
    )


def test_612_1_614_1c_an_enters_with_filter_reads_through_its_sources_text_change() -> None:
    """612.1: Grumgully with Human changed to Elf gives its counter to non-Elves: a Human gets one, an Elf none.

    (Found by the mutation campaign: the "enters with" filter was read as printed.)
    """
    evolution = {
        "id": "evolution",
        "description": "Artificial Evolution: Human -> Elf in Grumgully's text",
        "controller": "p1",
        "applies_to": ["grumgully"],
        "parts": [{"op": "replace_word", "from": "human", "to": "elf"}],
    }
    vanguard = {k: v for k, v in VANGUARD.items() if k != "timestamp"}
    elves = {k: v for k, v in ELVES.items() if k != "timestamp"}
    case = _case(
        [GRUMGULLY_OBJ],
        [
            {"description": "text change", "add_effects": [evolution]},
            {"description": "an Elf and a Human enter", "add_objects": [elves, vanguard]},
        ],
    )
    _, result = _after(case, 2)
    assert (result["elves"]["counters"], result["elves"]["power"]) == ({}, 1)
    assert (result["vanguard"]["counters"], result["vanguard"]["power"]) == ({"+1/+1": 1}, 3)


def test_612_1_an_enters_with_wording_defined_as_it_now_reads_is_not_changed_again() -> None:
    """612.1: Grumgully's text after Elf -> Goblin, then Human -> Elf reads "non-Elf": an Elf entering gets no counter.

    The board also defines the "non-Elf" wording, so the ability is found as it now reads and its
    filter is already the changed one; changing it again (Elf -> Goblin) would read "non-Goblin".
    (Found by the mutation campaign: entry mutants 51 of entry_counters and 3 of replacement_applies.)
    """
    non_elf = GRUMGULLY.replace("non-human", "non-elf")
    abilities = [
        *ABILITIES,
        {
            "text": non_elf,
            "applies_to": {
                "type": "creature",
                "controller": "you",
                "other_than_source": True,
                "not": {"subtype": "elf"},
            },
            "enters_with": {"+1/+1": 1},
        },
    ]

    def change(key: str, old: str, new: str) -> dict[str, Any]:
        return {
            "id": key,
            "description": f"{old} -> {new} in Grumgully's text",
            "controller": "p1",
            "applies_to": ["grumgully"],
            "parts": [{"op": "replace_word", "from": old, "to": new}],
        }

    vanguard = {k: v for k, v in VANGUARD.items() if k != "timestamp"}
    elves = {k: v for k, v in ELVES.items() if k != "timestamp"}
    case = _case(
        [GRUMGULLY_OBJ],
        [
            {"description": "Elf -> Goblin", "add_effects": [change("first", "elf", "goblin")]},
            {"description": "Human -> Elf", "add_effects": [change("second", "human", "elf")]},
            {"description": "an Elf and a Human enter", "add_objects": [elves, vanguard]},
        ],
        abilities,
    )
    _, result = _after(case, 3)
    assert result["grumgully"]["abilities"] == [non_elf]
    assert (result["elves"]["counters"], result["elves"]["power"]) == ({}, 1)
    assert (result["vanguard"]["counters"], result["vanguard"]["power"]) == ({"+1/+1": 1}, 3)


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        (
            "as long as you control another creature, this creature is a human.",
            {"type": "creature", "controller": "you"},
        ),
        ("as long as no card is in exile, this creature is a human.", {"zone": "exile"}),
    ],
)
def test_614_12_an_entering_creatures_own_ability_reads_the_board_as_it_is(text: str, counted: Any) -> None:
    """614.12: the entering creature's own static ability applies as it would exist, reading the real board.

    Grumgully stays on the battlefield while the Bears are looked at (only its static abilities do
    not apply to them): "another creature you control" counts it, and it is not a card in exile.
    Either way the Bears would be Human, so they get no counter from Grumgully.
    """
    others = {"all": [counted, {"other_than_source": True}]}
    op, right = (">=", 1) if "another" in text else ("==", 0)
    ability = {
        "text": text,
        "applies_to": {"is_source": True},
        "condition": {"left": {"count": others}, "op": op, "right": right},
        "parts": [{"op": "add_subtypes", "subtypes": ["human"]}],
    }
    bears = {**BEARS, "abilities": [text]}
    case = _case([GRUMGULLY_OBJ], [{"description": "the Bears enter", "add_objects": [bears]}], [*ABILITIES, ability])
    _, result = _after(case, 1)
    assert (result["bears"]["subtypes"], result["bears"]["counters"]) == (["bear", "human"], {})


def test_707_3_614_12_a_copy_of_a_copy_enters_as_what_the_first_copy_copied() -> None:
    """707.3: a Clone copying a Clone that copied Elite Vanguard enters as a Human: no Grumgully counter.

    (Found by the mutation campaign: the copied Clone's own copy effect was dropped.)
    """
    first = {**CLONE, "id": "clone1", "timestamp": 3}
    second = {k: v for k, v in {**CLONE, "id": "clone2"}.items() if k != "timestamp"}
    copy1 = {
        "id": "copy1",
        "description": "the first Clone is a copy of Elite Vanguard",
        "source": "clone1",
        "controller": "p1",
        "applies_to": ["clone1"],
        "parts": [{"op": "copy_of", "object": "vanguard"}],
    }
    copy2 = {**copy1, "id": "copy2", "description": "the second Clone enters as a copy of the first"}
    copy2.update(source="clone2", applies_to=["clone2"], parts=[{"op": "copy_of", "object": "clone1"}])
    case = _case(
        [GRUMGULLY_OBJ, VANGUARD, first],
        [
            {"description": "the first Clone's copy effect", "add_effects": [copy1]},
            {"description": "the second Clone enters", "add_objects": [second], "add_effects": [copy2]},
        ],
    )
    _, result = _after(case, 2)
    assert (result["clone2"]["name"], result["clone2"]["subtypes"]) == ("Elite Vanguard", ["human", "soldier"])
    assert (result["clone2"]["counters"], result["clone2"]["power"], result["clone2"]["toughness"]) == ({}, 2, 1)


# Issue 28, items 3, 4 and 5: the entering object's own abilities (614.12), sources in other zones (113.6b),
# conditions (611.3a).

GENERAL = "each creature you control enters with an additional +1/+1 counter on it."
OWN = "this creature enters with an additional +1/+1 counter on it."
DEPARTED = "as long as this card is in your graveyard, each human creature you control enters with a +1/+1 counter."
IF_ARTIFACT = "as long as you control an artifact, other creatures you control enter with a +1/+1 counter."
ENTRY_ABILITIES = [
    {"text": GENERAL, "applies_to": {"type": "creature", "controller": "you"}, "enters_with": {"+1/+1": 1}},
    {"text": OWN, "applies_to": {"is_source": True}, "enters_with": {"+1/+1": 1}},
    {
        "text": DEPARTED,
        "applies_to": {"type": "creature", "subtype": "human", "controller": "you"},
        "functions_in": ["graveyard"],
        "enters_with": {"+1/+1": 1},
    },
    {
        "text": IF_ARTIFACT,
        "applies_to": {"type": "creature", "controller": "you", "other_than_source": True},
        "condition": {
            "left": {"count": {"all": [{"type": "artifact"}, {"controller": "you"}]}},
            "op": ">=",
            "right": 1,
        },
        "enters_with": {"+1/+1": 1},
    },
]


def _creature(oid: str, abilities: list[str], subtypes: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    base = {"id": oid, "name": oid, "controller": "p1", "types": ["creature"], "power": 2, "toughness": 2}
    return {**base, "subtypes": subtypes or ["bear"], "abilities": abilities, **extra}


def _counters(objects: list[dict[str, Any]], entering: dict[str, Any]) -> dict[str, int]:
    case = _case(objects, [{"description": "it enters", "add_objects": [entering]}], ENTRY_ABILITIES)
    _, result = _after(case, 1)
    return dict(result[entering["id"]]["counters"])


def test_614_12_an_entering_creatures_general_ability_does_not_give_it_a_counter() -> None:
    assert _counters([_creature("bears", [], timestamp=1)], _creature("patron", [GENERAL])) == {}


def test_614_12_an_entering_creatures_ability_that_affects_only_it_does() -> None:
    assert _counters([_creature("bears", [], timestamp=1)], _creature("hydra", [OWN])) == {"+1/+1": 1}


def test_614_12_a_general_ability_already_on_the_battlefield_gives_the_entering_creature_a_counter() -> None:
    assert _counters([_creature("patron", [GENERAL], timestamp=1)], _creature("bears", [])) == {"+1/+1": 1}


def test_113_6b_an_enters_with_ability_works_from_the_graveyard_only() -> None:
    """Dearly Departed's shape: from its owner's graveyard a Human gets the counter; on the battlefield, none."""
    human = _creature("vanguard", [], ["human", "soldier"])
    grave = _creature("departed", [DEPARTED], ["spirit"], owner="p1", zone="graveyard", timestamp=1)
    assert _counters([grave], human) == {"+1/+1": 1}
    alive = _creature("departed", [DEPARTED], ["spirit"], timestamp=1)
    assert _counters([alive], human) == {}
    assert _counters([grave], {**human, "controller": "p2"}) == {}  # its "you" is its owner, p1


def test_611_3a_an_enters_with_condition_is_read_before_the_object_enters() -> None:
    patron = _creature("patron", [IF_ARTIFACT], timestamp=1)
    assert _counters([patron], _creature("bears", [])) == {}
    stone = {"id": "stone", "name": "Mind Stone", "controller": "p1", "types": ["artifact"], "timestamp": 2}
    assert _counters([patron, stone], _creature("bears", [])) == {"+1/+1": 1}
    # an artifact creature entering does not make the condition true for itself
    assert _counters([patron], _creature("golem", [], ["golem"], types=["artifact", "creature"])) == {}


@pytest.mark.parametrize(
    ("vid", "later"), [("m10", {"+1/+1": 1}), ("2017-09-28", {"+1/+1": 1}), ("2017-09-29", {}), ("current", {})]
)
def test_614_12_the_entering_creatures_own_general_static_ability_does_count(vid: str, later: dict[str, int]) -> None:
    """614.12 counts the continuous effects of the object's own static abilities that would apply to it, without
    the 'only that permanent' limit of replacement effects: its 'creatures you control are Humans' makes it Human
    as it enters, so Grumgully (non-Human) gives it no counter. A Bear entering later: before Ixalan another
    permanent's static ability does not count (Human only once there: a counter); from 2017-09-29 that effect already
    exists and applies to it as it would enter (Human: no counter)."""
    humans = "creatures you control are humans in addition to their other types."
    abilities = [
        *ABILITIES,
        {
            "text": humans,
            "applies_to": {"type": "creature", "controller": "you"},
            "parts": [{"op": "add_subtypes", "subtypes": ["human"]}],
        },
    ]
    case = _case(
        [GRUMGULLY_OBJ],
        [
            {"description": "it enters", "add_objects": [_creature("lord", [humans], ["elf"])]},
            {"description": "a Bear enters", "add_objects": [_creature("bears2", [])]},
        ],
        abilities,
    )
    _, first = _after(case, 1, vid)
    assert (first["lord"]["counters"], sorted(first["lord"]["subtypes"])) == ({}, ["elf", "human"])
    _, second = _after(case, 2, vid)
    assert (second["bears2"]["counters"], sorted(second["bears2"]["subtypes"])) == (later, ["bear", "human"])


@pytest.mark.parametrize("vid", ["m10", "current"])
def test_614_12_a_static_ability_of_an_object_entering_at_the_same_time_does_not_count_yet(vid: str) -> None:
    """614.12 (from Ixalan: the continuous effects that already exist): a lord making creatures Humans that enters
    in the same step as a Bear has no effect yet as the Bear would enter, under either reading: the Bear gets
    Grumgully's counter, and is a Bear Human once both are there."""
    humans = "creatures you control are humans in addition to their other types."
    abilities = [
        *ABILITIES,
        {
            "text": humans,
            "applies_to": {"type": "creature", "controller": "you"},
            "parts": [{"op": "add_subtypes", "subtypes": ["human"]}],
        },
    ]
    both = [_creature("lord", [humans], ["elf"]), _creature("bears2", [])]
    case = _case([GRUMGULLY_OBJ], [{"description": "both enter", "add_objects": both}], abilities)
    _, result = _after(case, 1, vid)
    assert (result["bears2"]["counters"], sorted(result["bears2"]["subtypes"])) == ({"+1/+1": 1}, ["bear", "human"])
    assert result["lord"]["counters"] == {}


def test_a_card_moved_onto_the_battlefield_enters_with_the_counter() -> None:
    """614.1c, 400.7: a card a step moves from a hand onto the battlefield enters it: the Maker's counter applies
    to p1's Bear (a new object with its new timestamp), not to p2's."""
    case = load_case(CASES_DIR / "entry" / "card-moved-onto-battlefield-enters-with-counter.yaml")
    current = builtin_versions()["2025-08-01"]
    one, two = board_at(case, 1, current), board_at(case, 2, current)
    bear = one.objects["bear"]
    assert bear.counters == (Counter("+1/+1", 1, bear.timestamp),) and bear.timestamp == 4
    assert two.objects["bear2"].counters == ()
    with pytest.raises(EntryError, match="rules version"):
        board_at(case, 1)  # 614.12: reading the Bear as it would enter needs a version


# Issue 28, item 14: an entering object looked at under an order of tied effects the players choose (613.7m).

GREENER = "other creatures you control are green."
BLUER = "other creatures you control are blue."
GREEN_PATRON = "each green creature you control enters with an additional +1/+1 counter on it."
PAINTS = [
    {
        "text": text,
        "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}, {"other_than_source": True}]},
        "parts": [{"op": "set_colors", "colors": [color]}],
    }
    for text, color in ((GREENER, "green"), (BLUER, "blue"))
] + [
    {
        "text": GREEN_PATRON,
        "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}, {"color": "green"}]},
        "enters_with": {"+1/+1": 1},
    }
]


def _painted(tie_order: list[str], vid: str, painters: int = 1) -> dict[str, Any]:
    """A white 2/1 entering under p1 while two enchantments with one timestamp (1) make other creatures p1 controls
    green and blue (layer 5, 613.1e), and a third (timestamp 0.5): each green creature p1 controls enters with a
    +1/+1 counter. ``painters`` more pairs of painters, all with timestamp 1, widen the tie."""

    def enchantment(oid: str, ability: str, timestamp: float) -> dict[str, Any]:
        return {"id": oid, "name": oid, "controller": "p1", "types": ["enchantment"], "timestamp": timestamp,
                "abilities": [ability]}  # fmt: skip

    objects = [enchantment("patron", GREEN_PATRON, 0.5)]
    for k in range(painters):
        objects += [enchantment(f"greener{k}", GREENER, 1), enchantment(f"bluer{k}", BLUER, 1)]
    lions = {"id": "lions", "name": "lions", "controller": "p1", "colors": ["white"], "types": ["creature"],
             "power": 2, "toughness": 1}  # fmt: skip
    data = {"tie_order": tie_order} if tie_order else {}
    case = _case(objects, [{"description": "it enters", "add_objects": [lions]}], PAINTS)
    case = dataclasses.replace(case, **data)
    _, result = _after(case, 1, vid)
    return {k: result["lions"][k] for k in ("colors", "counters", "power", "toughness")}


@pytest.mark.parametrize(
    ("order", "lions"),
    [
        (["greener0", "bluer0"], {"colors": ["blue"], "counters": {}, "power": 2, "toughness": 1}),
        (["bluer0", "greener0"], {"colors": ["green"], "counters": {"+1/+1": 1}, "power": 3, "toughness": 2}),
    ],
)
def test_613_7m_614_12_the_entering_creature_is_read_under_the_order_chosen(
    order: list[str], lions: dict[str, Any]
) -> None:
    """From Ixalan the painters' effects already exist and apply to the creature as it would enter (614.12). In the
    order chosen, the later set_colors wins (613.7): blue last, a blue creature, no counter; green last, green, the
    counter. The same order holds on the battlefield, so its colour there agrees with the counter it got."""
    assert _painted(order, "current") == lions


def test_613_7m_614_12_entry_counters_that_depend_on_an_open_order_are_an_error() -> None:
    """With no order recorded, the Lions would enter green with a counter in one order and blue without one in the
    other: its counters depend on p1's choice (613.7m), and no single count is right."""
    with pytest.raises(EntryError, match=r"613\.7m.*\{\} or \{'\+1/\+1': 1\}"):
        _painted([], "current")


def test_614_12_an_open_order_that_does_not_change_the_counters_is_no_error() -> None:
    """Before Ixalan another permanent's static ability does not reach the creature as it enters: white in either
    order, no counter; on the battlefield its colour still depends on the order (the step's outcomes)."""
    assert _painted([], "m10")["counters"] == {}


def test_613_7m_614_12_too_many_open_orders_to_read_the_entering_creature_are_an_error() -> None:
    """Three pairs of painters with one timestamp: 6! orders, more than the enumeration tries (LIMIT)."""
    with pytest.raises(EntryError, match="too many tied effects"):
        _painted([], "current", painters=3)
