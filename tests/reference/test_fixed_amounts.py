"""611.2d, 608.2h: a resolved effect's amounts are fixed once, as it resolves (reference.fixed_amounts).

Expected values are counted by hand from the boards, never read off the resolver.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from reference.case import board_at, initial_board
from reference.choices import LIMIT, outcomes
from reference.errors import ResolutionError
from reference.fixed_amounts import fixed, on_resolution, reads_its_object, unfixed

from ..builders import IKORIA, M10, creature, enchantment, loaded_case, run

CREATURES_YOU_CONTROL = {"count": {"type": "creature", "controller": "you"}}


def _pump(eid: str, target: str, value: object, op: str = "modify_pt") -> dict[str, object]:
    return {
        "id": eid,
        "controller": "p1",
        "applies_to": [target],
        "parts": [{"op": op, "power": value, "toughness": 0}],
    }


def test_x_is_counted_as_the_effect_resolves_and_then_stays() -> None:
    """608.2h: two creatures when it resolves (+2/+0); a third entering later changes nothing: 4/2, not 5/2."""
    case = loaded_case(
        [creature("bear", 1), creature("elder", 2)],
        steps=[
            {"description": "it resolves", "add_effects": [_pump("pump", "bear", CREATURES_YOU_CONTROL)]},
            {"description": "a creature enters", "add_objects": [creature("elf", 5)]},
        ],
    )
    first = board_at(case, 1, IKORIA)
    assert dict(first.effects[0].parts[0].args) == {"power": 2, "toughness": 0}
    _, result = run(board_at(case, 2, IKORIA))
    assert (result["bear"]["power"], result["bear"]["toughness"]) == (4, 2)


def test_a_later_new_effect_of_the_step_sees_the_earlier_one() -> None:
    """611.2d: new effects resolve in the order listed: the enchantment made a creature first is counted (3)."""
    case = loaded_case(
        [creature("bear", 1), creature("elder", 2), enchantment("totem", 3)],
        steps=[
            {
                "description": "two effects resolve",
                "add_effects": [
                    {"id": "animate", "applies_to": ["totem"], "parts": [{"op": "add_types", "types": ["creature"]}]},
                    _pump("pump", "bear", CREATURES_YOU_CONTROL),
                ],
            }
        ],
    )
    board = board_at(case, 1, IKORIA)
    pump = next(e for e in board.effects if e.id == "pump")
    assert pump.parts[0].args["power"] == 3


def test_a_calculated_amount_below_zero_is_fixed_as_the_version_reads_it() -> None:
    """107.1b: "+X/+0 where X is your life total" at -2 life: zero from July 2017 (ikoria), -2 before (m10)."""
    data_case = loaded_case(
        [creature("bear", 1)],
        steps=[{"description": "it resolves", "add_effects": [_pump("pump", "bear", {"life": "you"})]}],
        versions=("m10", "ikoria"),
    )
    case = replace(data_case, game={"life": {"p1": -2}})
    assert board_at(case, 1, IKORIA).effects[0].parts[0].args["power"] == 0
    assert board_at(case, 1, M10).effects[0].parts[0].args["power"] == -2


def test_a_set_amount_keeps_its_sign_and_reads_its_object() -> None:
    """107.1b, 608.2h: "power becomes its toughness" is fixed for its one object, a setting amount as it is."""
    case = loaded_case(
        [creature("bear", 1, power=1, toughness=3)],
        steps=[{"description": "it resolves", "add_effects": [_pump("set", "bear", {"its": "toughness"}, "set_pt")]}],
    )
    assert board_at(case, 1, IKORIA).effects[0].parts[0].args["power"] == 3


def test_a_step_fixing_an_amount_needs_a_version() -> None:
    """611.2d: the number is read off the layered board, so the step needs a rules version."""
    case = loaded_case(
        [creature("bear", 1)],
        steps=[{"description": "it resolves", "add_effects": [_pump("pump", "bear", CREATURES_YOU_CONTROL)]}],
    )
    with pytest.raises(ValueError, match=r"611\.2d"):
        board_at(case, 1)


def test_what_is_still_to_fix_and_what_reads_the_object() -> None:
    """611.2d: only expressions are fixed; "its", counters on it and "it" in a filter read the effect's object."""
    case = loaded_case(
        [creature("bear", 1)],
        steps=[{"description": "x", "add_effects": [_pump("pump", "bear", CREATURES_YOU_CONTROL)]}],
    )
    effect = case.steps[0].add_effects[0]
    assert unfixed(effect) == ((0, "power"),)
    assert reads_its_object({"its": "power"}) and reads_its_object({"sum": [1, {"counters": "+1/+1"}]})
    assert reads_its_object({"count": {"shares_creature_type_with": "it"}})
    assert not reads_its_object(CREATURES_YOU_CONTROL)
    board = board_at(case, 1, IKORIA)
    assert fixed(board.effects[0], board, IKORIA) is board.effects[0]  # nothing left to fix
    assert on_resolution(board, ("pump",), None) is board


def test_an_amount_that_differs_between_its_objects_is_an_error_naming_the_numbers() -> None:
    """611.2d: an effect fixes one number per amount; "power becomes its toughness" on a 2/3 and a 1/5 would need
    two (3 and 5). The loader refuses such an effect; ``fixed`` itself says which effect, amount and numbers."""
    case = loaded_case(
        [creature("bear", 1, power=2, toughness=3), creature("wall", 2, power=1, toughness=5)],
        steps=[{"description": "x", "add_effects": [_pump("set", "bear", {"its": "toughness"}, "set_pt")]}],
    )
    effect = replace(case.steps[0].add_effects[0], applies_to=("bear", "wall"))
    with pytest.raises(ValueError) as err:
        fixed(effect, initial_board(case), IKORIA)
    assert str(err.value) == (
        "effect set: set_pt.power is [3, 5] depending on the object or the order the rules leave open; "
        "611.2d fixes one number on resolution"
    )


def test_an_amount_on_a_board_of_more_orders_than_are_tried_is_an_error_not_a_guess() -> None:
    """611.2d, 613.7m: the number is the one every order of the tied effects gives; with six tied effects setting the
    bear's power (720 orders, more than ``choices.LIMIT`` resolutions) the enumeration stops short, so no number is
    fixed from the orders it tried: the error names the effect and the limit."""
    tied = [
        {
            "id": f"set{k}",
            "timestamp": 1,
            "applies_to": ["bear"],
            "parts": [{"op": "set_pt", "power": k, "toughness": 1}],
        }
        for k in range(6)
    ]
    case = loaded_case(
        [creature("bear", 1), creature("elder", 2)],
        effects=tied,
        steps=[{"description": "it resolves", "add_effects": [_pump("pump", "elder", {"its": "power"})]}],
    )
    board = initial_board(case)
    assert not outcomes(board, IKORIA).complete  # the board is past the limit: the test's premise
    with pytest.raises(ResolutionError) as err:  # the case file's error: the CLI names its file and step
        fixed(case.steps[0].add_effects[0], board, IKORIA)
    assert str(err.value).startswith("effect pump: its amounts are fixed on resolution (611.2d)")
    assert f"({LIMIT} resolutions)" in str(err.value)
