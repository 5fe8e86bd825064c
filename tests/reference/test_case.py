"""A case's steps (reference.case): the board before the first step and what each event of a step does.

Objects that enter, effects created, attachments, moves, turns face down or up, transformations and
merges get the timestamps the rules give them (613.7b-g); a step's state-based actions need a rules
version (704.3).
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.corpus import case_from_data
from reference.case import Case, Step, apply_step, board_at, created, entering, initial_board, needs_version, turn_face
from reference.clock import BY_RULES, Clock
from reference.frozen import FrozenMap
from reference.model import AbilityDef, Board, Counter, Effect, GameObject, Merge

from ..builders import IKORIA, board, chars, dfc, obj
from ..corpus.test_loader import GOOD

# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# 613.7f (case)


def test_turning_face_down_without_timestamp_or_clock_is_refused_with_the_rule() -> None:
    """613.7f: a turned permanent gets a timestamp; with neither a given one nor a clock, the message says so."""
    with pytest.raises(ValueError) as err:
        turn_face(obj("m"), True, BY_RULES)
    assert str(err.value) == "m is turned without a timestamp and no clock gives one (613.7f)"


def test_turning_face_down_at_a_given_time_moves_the_clock_past_it() -> None:
    """613.7f, 613.7: a turn at an explicit timestamp 10; a later event's timestamp comes after it."""
    clock = Clock(board(obj("m")))
    turned = turn_face(obj("m"), True, 10, clock)
    assert turned.timestamp == 10 and turned.face_history == ((10, True),)
    assert clock.tick() == 11


def test_turning_face_down_at_a_given_time_needs_no_clock() -> None:
    """613.7f: a turn with an explicit timestamp needs no clock."""
    assert turn_face(obj("m"), True, 10).timestamp == 10


def test_a_step_that_adds_nothing_needs_no_version_for_enters_with_abilities() -> None:
    """614.12: an "enters with" ability reads characteristics only when something enters in the step."""
    ability = AbilityDef(
        text="each other creature you control enters with an additional +1/+1 counter on it.",
        cda=False,
        applies_to=None,
        parts=(),
        enters_with=FrozenMap({"kind": "+1/+1", "count": 1}),
    )
    assert not needs_version(Step("nothing enters", {}), {"renata": ability})
    assert needs_version(Step("one enters", {}, add_objects=(obj("bear"),)), {"renata": ability})


# case: steps, entering objects and effects (613.7b, 613.7d)


def small_case(*steps: Step, **extra: Any) -> Case:
    return Case(
        id="c",
        title="c",
        versions=("ikoria",),
        features=(),
        sources=(),
        objects=(obj("bear", 3),),
        effects=(),
        abilities={},
        steps=steps,
        **extra,
    )


def test_board_at_names_the_steps_a_case_has() -> None:
    """A case's steps are numbered from 1; asking for another is refused with the range."""
    case = small_case(Step("one", {}), Step("two", {}))
    for n in (0, 3):
        with pytest.raises(IndexError) as err:
            board_at(case, n)
        assert str(err.value) == f"case c has steps 1 to 2, not {n}"
    assert board_at(case, 1).objects["bear"] == obj("bear", 3)
    assert board_at(case, 2).objects["bear"] == obj("bear", 3)


def test_the_initial_board_holds_the_case_s_objects_order_and_game() -> None:
    """613.7m, 102.1: the board before the first step has the case's objects, tie order and game state."""
    ability = AbilityDef(text="t", cda=False, applies_to=None, parts=())
    effect = Effect(id="e", timestamp=4, applies_to=("bear",), parts=())
    case = replace(small_case(Step("one", {}), tie_order=("x", "y"), game={"turn": "p1"}), effects=(effect,))
    case = replace(case, abilities={"t": ability})
    b = initial_board(case)
    assert (dict(b.objects), b.effects, dict(b.abilities), b.tie_order) == (
        {"bear": obj("bear", 3)},
        (effect,),
        {"t": ability},
        ("x", "y"),
    )
    assert b.game == FrozenMap({"turn": "p1"}) and isinstance(b.game, FrozenMap)


def test_an_entering_object_and_its_counters_get_the_timestamp_of_that_moment() -> None:
    """613.7d: an object that enters without a given timestamp gets the next one; its counters the same."""
    clock = Clock(board(obj("bear", 3)))
    entered = entering(obj("ox", BY_RULES, counters=(Counter("+1/+1", 1, BY_RULES), Counter("-1/-1", 1, 2))), clock)
    assert entered.timestamp == 4
    assert entered.counters == (Counter("+1/+1", 1, 4), Counter("-1/-1", 1, 2))


def test_an_object_entering_at_a_given_time_keeps_it_and_moves_the_clock() -> None:
    """613.7d, 613.7: a given timestamp stands; counters left to the rules get it; later events come after it."""
    clock = Clock(board(obj("bear", 3)))
    plain = obj("ox", 10)
    assert entering(plain, clock) is plain
    assert clock.tick() == 11
    with_counter = entering(obj("elk", 20, counters=(Counter("+1/+1", 1, BY_RULES),)), clock)
    assert with_counter.timestamp == 20 and with_counter.counters == (Counter("+1/+1", 1, 20),)
    assert clock.tick() == 21


def test_a_created_effect_gets_the_timestamp_of_its_creation() -> None:
    """613.7b: a resolved effect without a given timestamp gets the next one; a given one moves the clock."""
    clock = Clock(board(obj("bear", 3)))
    effect = Effect(id="e", timestamp=BY_RULES, applies_to=("bear",), parts=())
    assert created(effect, clock).timestamp == 4
    given = replace(effect, timestamp=9)
    assert created(given, clock) is given
    assert clock.tick() == 10


# case.apply_step: the timestamps each event of a step gets (613.7b-g)


def step(**changes: Any) -> Step:
    return Step("step", {}, **changes)


def rules_effect(eid: str = "e") -> Effect:
    return Effect(id=eid, timestamp=BY_RULES, applies_to=("bear",), parts=())


def start() -> Board:
    """Bear (timestamp 3), an unattached Aura (4), an Equipment attached to Bear (2): the clock reads 4."""
    return board(obj("bear", 3), obj("aura", 4), obj("sword", 2, attached_to="bear"))


def test_an_aura_that_becomes_attached_gets_a_new_timestamp() -> None:
    """613.7e: an Aura or Equipment that becomes attached gets the next timestamp; one already so does not."""
    after = apply_step(start(), step(attach=FrozenMap({"aura": "bear", "sword": "bear"})))
    assert (after.objects["aura"].attached_to, after.objects["aura"].timestamp) == ("bear", 5)
    assert (after.objects["sword"].attached_to, after.objects["sword"].timestamp) == ("bear", 2)


def test_an_unattached_aura_keeps_its_timestamp_and_a_given_one_overrides_the_clock() -> None:
    """613.7e: becoming unattached gives no timestamp; a timestamp the step gives stands, and later events follow it."""
    after = apply_step(start(), step(attach=FrozenMap({"sword": None})))
    assert (after.objects["sword"].attached_to, after.objects["sword"].timestamp) == (None, 2)
    given = apply_step(
        start(),
        step(attach=FrozenMap({"aura": "bear"}), set_timestamp=FrozenMap({"aura": 9}), add_effects=(rules_effect(),)),
    )
    assert (given.objects["aura"].attached_to, given.objects["aura"].timestamp) == ("bear", 9)
    assert given.effects[0].timestamp == 10


def test_a_moved_object_gets_a_new_timestamp_and_one_that_stays_does_not() -> None:
    """400.7, 613.7d: an object that changes zones is a new object with the next timestamp."""
    after = apply_step(
        start(), step(move=FrozenMap({"aura": "graveyard", "bear": "battlefield"}), add_effects=(rules_effect(),))
    )
    assert (after.objects["aura"].zone, after.objects["aura"].timestamp) == ("graveyard", 5)
    assert after.objects["bear"] == obj("bear", 3)
    assert after.objects["sword"].attached_to == "bear"
    assert after.effects[0].timestamp == 6
    given = apply_step(start(), step(move=FrozenMap({"bear": "exile"}), set_timestamp=FrozenMap({"bear": 20})))
    assert (given.objects["bear"].zone, given.objects["bear"].timestamp) == ("exile", 20)
    assert given.objects["sword"].attached_to is None


def test_a_permanent_turned_face_down_or_up_in_a_step_gets_a_new_timestamp() -> None:
    """613.7f: turned face down (or up), a permanent gets the next timestamp (or the one the step gives)."""
    down = apply_step(start(), step(turn_face_down=FrozenMap({"bear": BY_RULES})))
    assert (down.objects["bear"].face_down, down.objects["bear"].timestamp) == (True, 5)
    up = apply_step(down, step(turn_face_up=FrozenMap({"bear": 12}), add_effects=(rules_effect(),)))
    assert (up.objects["bear"].face_down, up.objects["bear"].timestamp) == (False, 12)
    assert up.effects[0].timestamp == 13


def test_a_transformed_permanent_has_the_timestamp_the_step_gives() -> None:
    """613.7g: a permanent that transforms gets a new timestamp; later events come after it."""
    b = replace(start(), objects={**start().objects, "d": dfc()})
    after = apply_step(b, step(transform=FrozenMap({"d": 8}), add_effects=(rules_effect(),)))
    assert (after.objects["d"].transformed, after.objects["d"].timestamp) == (True, 8)
    assert after.effects[0].timestamp == 9


def test_a_mutating_spell_merges_over_or_under_at_its_timestamp() -> None:
    """702.140c, 729.2: the spell merges with the permanent (over or under); later events come after it."""
    b = replace(start(), objects={**start().objects, "spell": obj("spell", 1, zone="stack")})
    how = {"onto": "bear", "position": "over", "timestamp": 7}
    after = apply_step(b, step(merge=FrozenMap({"spell": FrozenMap(how)}), add_effects=(rules_effect(),)))
    assert "spell" not in after.objects
    assert after.objects["bear"].merges == (Merge(7, True, obj("spell", 1, zone="stack")),)
    assert after.effects[0].timestamp == 8
    under = apply_step(b, step(merge=FrozenMap({"spell": FrozenMap({**how, "position": "under"})})))
    assert [m.over for m in under.objects["bear"].merges] == [False]


def test_a_step_ends_effects_adds_effects_and_changes_the_game() -> None:
    """613.7b, 102.1: ended effects go, new ones get the next timestamps in order, the game state changes."""
    old = Effect(id="old", timestamp=1, applies_to=("bear",), parts=())
    keep = Effect(id="keep", timestamp=2, applies_to=("bear",), parts=())
    b = replace(start(), effects=(old, keep), game=FrozenMap({"turn": "p1"}))
    after = apply_step(
        b,
        step(
            end_effects=("old",), add_effects=(rules_effect("n1"), rules_effect("n2")), game=FrozenMap({"turn": "p2"})
        ),
    )
    assert [(e.id, e.timestamp) for e in after.effects] == [("keep", 2), ("n1", 5), ("n2", 6)]
    assert after.game == FrozenMap({"turn": "p2"})
    assert apply_step(b, step()).game == FrozenMap({"turn": "p1"})


def test_a_step_adds_counters_removes_objects_and_adds_objects() -> None:
    """613.7c, 613.7d: new counters and entering objects get the next timestamps; removed objects are gone."""
    after = apply_step(
        start(),
        step(
            add_objects=(obj("ox", BY_RULES),),
            remove_objects=("aura",),
            set_counters=FrozenMap({"bear": (Counter("+1/+1", 1, BY_RULES),)}),
        ),
    )
    assert sorted(after.objects) == ["bear", "ox", "sword"]
    assert after.objects["ox"].timestamp == 5
    assert after.objects["bear"].counters == (Counter("+1/+1", 1, 6),)


def test_state_based_actions_in_a_step_need_a_version_and_are_performed() -> None:
    """704.3: a step's state-based actions read characteristics under a version; a 0-toughness creature dies."""
    b = board(GameObject(id="bear", printed=chars(toughness=0), owner="p1", timestamp=1))
    with pytest.raises(ValueError) as err:
        apply_step(b, Step("dies", {}, state_based_actions=True))
    assert str(err.value) == "step 'dies' performs state-based actions (704.3): a rules version is needed"
    after = apply_step(b, Step("dies", {}, state_based_actions=True), IKORIA)
    assert after.objects["bear"].zone == "graveyard"
    assert apply_step(b, Step("stays", {}), IKORIA).objects["bear"].zone == "battlefield"


def test_turning_face_down_and_up_gives_new_timestamps_and_history() -> None:
    """613.7f, 708.2b: each turn gets its timestamp and is recorded; a turn to the face it shows does nothing."""
    from reference.case import board_at

    data = copy.deepcopy(GOOD)
    data["steps"] = [
        {"description": "down", "turn_face_down": {"a": 4}, "expect": {"m10": {}, "ikoria": {}}},
        {"description": "down again", "turn_face_down": {"a": 5}, "expect": {"m10": {}, "ikoria": {}}},
        {"description": "up", "turn_face_up": {"a": 6}, "expect": {"m10": {}, "ikoria": {}}},
    ]
    case = case_from_data(data)
    down, again, up = (board_at(case, n).objects["a"] for n in (1, 2, 3))
    assert (down.face_down, down.timestamp, down.face_history) == (True, 4, ((4, True),))
    assert again == down
    assert (up.face_down, up.timestamp, up.face_history) == (False, 6, ((4, True), (6, False)))
