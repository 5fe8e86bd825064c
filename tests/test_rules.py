"""Unit tests per rule module: each would fail if its rule were implemented wrongly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from reference.chosen import mentions_choice
from reference.clock import BY_RULES, Clock, placed_counters
from reference.dependency import ready, strongly_connected
from reference.filters import Context, matches
from reference.frozen import FrozenMap, freeze
from reference.game_state import GameStateError, changed_game, game_value, turn_condition_holds
from reference.merged import components_as_of, is_merged, separated
from reference.model import AbilityDef, Board, Counter, Effect, GameObject, Merge, Part
from reference.resolver import initial_state
from reference.versions import ProfileError, builtin_versions, get_version

from .builders import creature, make_board, run

URBORG = {
    "text": "each land is a swamp in addition to its other land types",
    "applies_to": {"type": "land"},
    "parts": [{"op": "add_subtypes", "subtypes": ["swamp"]}],
}
BLOOD_MOON = {
    "text": "nonbasic lands are mountains",
    "applies_to": {"all": [{"type": "land"}, {"not": {"supertype": "basic"}}]},
    "parts": [{"op": "set_land_subtype", "subtypes": ["mountain"]}],
}
HUMILITY = {
    "text": "all creatures lose all abilities and have base power and toughness 1/1",
    "applies_to": {"type": "creature"},
    "parts": [{"op": "remove_all_abilities"}, {"op": "set_pt", "power": 1, "toughness": 1}],
}
OPALESCENCE = {
    "text": "each other non-aura enchantment is a creature with power and toughness each equal to its mana value",
    "applies_to": {"all": [{"type": "enchantment"}, {"not": {"subtype": "aura"}}, {"other_than_source": True}]},
    "parts": [
        {"op": "add_types", "types": ["creature"]},
        {"op": "set_pt", "power": {"its": "mana_value"}, "toughness": {"its": "mana_value"}},
    ],
}


def lands(urborg_ts: float, moon_ts: float) -> dict[str, dict]:
    board = make_board(
        [
            {
                "id": "urborg",
                "timestamp": urborg_ts,
                "types": ["land"],
                "supertypes": ["legendary"],
                "abilities": [URBORG["text"]],
            },
            {"id": "moon", "timestamp": moon_ts, "types": ["enchantment"], "abilities": [BLOOD_MOON["text"]]},
            {"id": "forest", "timestamp": 0.5, "types": ["land"], "supertypes": ["basic"], "subtypes": ["forest"]},
        ],
        abilities=[URBORG, BLOOD_MOON],
    )
    return run(board, "m10")[1]


def test_613_8_blood_moon_first_whatever_the_timestamps() -> None:
    for urborg_ts, moon_ts in ((1, 2), (2, 1)):
        r = lands(urborg_ts, moon_ts)
        assert r["urborg"]["subtypes"] == ["mountain"]
        assert r["urborg"]["abilities"] == ["{t}: add {r}."]  # 305.7: the Mountain's mana ability
        assert r["forest"]["subtypes"] == ["forest"]


def test_613_8a_existence_dependency_is_reported() -> None:
    board = make_board(
        [
            {"id": "urborg", "timestamp": 1, "types": ["land"], "abilities": [URBORG["text"]]},
            {"id": "moon", "timestamp": 2, "types": ["enchantment"], "abilities": [BLOOD_MOON["text"]]},
        ],
        abilities=[URBORG, BLOOD_MOON],
    )
    resolution, _ = run(board, "m10")
    assert [(e.dependent, e.on, e.test) for e in resolution.edges] == [
        (f"urborg:{URBORG['text']}", f"moon:{BLOOD_MOON['text']}", "existence")
    ]
    assert [s.effect for s in resolution.skipped] == [f"urborg:{URBORG['text']}"]


def humility_opalescence(humility_ts: float, opal_ts: float, version: str = "m10") -> dict[str, dict]:
    board = make_board(
        [
            {
                "id": "humility",
                "timestamp": humility_ts,
                "types": ["enchantment"],
                "mana_value": 4,
                "abilities": [HUMILITY["text"]],
            },
            {
                "id": "opal",
                "timestamp": opal_ts,
                "types": ["enchantment"],
                "mana_value": 4,
                "abilities": [OPALESCENCE["text"]],
            },
            creature("bear", 0.5, 3, 3, abilities=["flying"]),
        ],
        abilities=[HUMILITY, OPALESCENCE],
    )
    return run(board, version)[1]


def test_613_6_humility_keeps_applying_after_losing_its_ability() -> None:
    r = humility_opalescence(1, 2)
    assert (r["humility"]["power"], r["humility"]["toughness"]) == (4, 4)
    assert r["humility"]["abilities"] == []
    assert (r["bear"]["power"], r["bear"]["toughness"], r["bear"]["abilities"]) == (1, 1, [])
    r = humility_opalescence(2, 1)
    assert (r["humility"]["power"], r["humility"]["toughness"]) == (1, 1)
    assert (r["bear"]["power"], r["bear"]["toughness"]) == (1, 1)


def test_613_4_sublayers_set_then_modify_then_counters_then_switch() -> None:
    board = make_board(
        [creature("c", 1, 1, 3, counters=[{"kind": "+1/+1", "count": 1, "timestamp": 2}])],
        effects=[
            {"id": "switch", "timestamp": 3, "applies_to": ["c"], "parts": [{"op": "switch_pt"}]},
            {
                "id": "pump",
                "timestamp": 4,
                "applies_to": ["c"],
                "parts": [{"op": "modify_pt", "power": 0, "toughness": 1}],
            },
            {"id": "set", "timestamp": 5, "applies_to": ["c"], "parts": [{"op": "set_pt", "power": 0, "toughness": 0}]},
        ],
    )
    for v in ("m10", "ikoria"):
        resolution, r = run(board, v)
        # set 0/0, +0/+1, counter +1/+1 -> 1/2, switch -> 2/1
        assert (r["c"]["power"], r["c"]["toughness"]) == (2, 1), v
        assert resolution.steps[-1].effect == "switch"
    # 418.5: the +0/+1 and the later "becomes 0/0" are both 6b, so the setting effect wins: 0/0 +1/+1 -> 1/1
    resolution, r = run(board, "pre-m10")
    assert (r["c"]["power"], r["c"]["toughness"]) == (1, 1)
    assert [s.slot for s in resolution.steps] == ["6b", "6b", "6c", "6e"]


def test_418_5_static_modifiers_wait_for_counters_but_setting_effects_interleave() -> None:
    anthem = {
        "text": "creatures you control get +1/+1",
        "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    board = make_board(
        [creature("c", 1), {"id": "a", "timestamp": 2, "types": ["enchantment"], "abilities": [anthem["text"]]}],
        effects=[
            {
                "id": "pump",
                "timestamp": 3,
                "applies_to": ["c"],
                "parts": [{"op": "modify_pt", "power": 3, "toughness": 3}],
            },
            {"id": "set", "timestamp": 4, "applies_to": ["c"], "parts": [{"op": "set_pt", "power": 0, "toughness": 1}]},
        ],
        abilities=[anthem],
    )
    assert run(board, "pre-m10")[1]["c"]["power"] == 1  # 0/1 overrides +3/+3 (both 6b), then anthem (6d)
    assert run(board, "m10")[1]["c"]["power"] == 4


def test_613_3_cda_first_and_isolated_from_non_cda() -> None:
    goyf = {
        "text": "power equals the number of creatures",
        "cda": True,
        "applies_to": {"is_source": True},
        "parts": [{"op": "set_pt", "power": {"count": {"type": "creature"}}, "toughness": 5}],
    }
    board = make_board(
        [creature("g", 1, 0, 0, abilities=[goyf["text"]]), creature("x", 2)],
        effects=[
            {
                "id": "shrink",
                "timestamp": 0.1,
                "applies_to": ["g"],
                "parts": [{"op": "set_pt", "power": 9, "toughness": 9}],
            }
        ],
        abilities=[goyf],
    )
    resolution, r = run(board, "ikoria")
    assert resolution.steps[0].slot == "7a" and resolution.steps[0].origin == "cda"
    assert (r["g"]["power"], r["g"]["toughness"]) == (9, 9)


def test_613_8b_only_loop_members_fall_back_to_timestamps() -> None:
    graph = {"a": {"b": 1}, "b": {"a": 1}, "c": {"a": 1, "d": 1}, "d": {}}
    loops = strongly_connected(graph)
    assert loops["a"] == loops["b"] == frozenset({"a", "b"})
    assert ready(graph) == ["a", "b", "d"]  # c waits for d, outside any loop with it
    # a loop member waits for an outside effect: the whole loop waits (flag on), or only it (flag off)
    graph = {"a": {"b": 1, "e": 1}, "b": {"c": 1}, "c": {"a": 1}, "e": {}}
    assert ready(graph) == ["e"]
    assert ready(graph, loop_waits_as_unit=False) == ["b", "c", "e"]


def test_613_8c_dependency_reevaluated_after_each_application() -> None:
    # e2 (ts 2) makes every creature an artifact; e1 (ts 1) affects artifacts: e1 waits for e2.
    artifacts_fly = {
        "text": "artifacts have flying",
        "applies_to": {"type": "artifact"},
        "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
    }
    board = make_board(
        [
            creature("c", 1),
            {"id": "s1", "timestamp": 5, "types": ["enchantment"], "abilities": [artifacts_fly["text"]]},
        ],
        effects=[
            {"id": "march", "timestamp": 9, "applies_to": ["c"], "parts": [{"op": "add_types", "types": ["artifact"]}]}
        ],
        abilities=[artifacts_fly],
    )
    assert run(board)[1]["c"]["abilities"] == ["flying"]  # different layers: 4 before 6
    sleep = {
        "text": "creatures lose flying",
        "applies_to": {"type": "creature"},
        "parts": [{"op": "remove_abilities", "abilities": ["flying"]}],
    }
    fly_creatures = {
        "text": "artifact creatures have flying",
        "applies_to": {"all": [{"type": "creature"}, {"type": "artifact"}]},
        "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
    }
    board = make_board(
        [
            creature("c", 1, types=["artifact", "creature"]),
            {"id": "s1", "timestamp": 2, "types": ["enchantment"], "abilities": [fly_creatures["text"]]},
            {"id": "s2", "timestamp": 3, "types": ["enchantment"], "abilities": [sleep["text"]]},
        ],
        abilities=[sleep, fly_creatures],
    )
    assert run(board)[1]["c"]["abilities"] == []  # no dependency: timestamp order, the later loss wins


def test_613_1b_control_change_moves_you_control_anthems() -> None:
    anthem = {
        "text": "creatures you control get +1/+1",
        "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    board = make_board(
        [
            creature("c", 1, controller="p2"),
            {"id": "a", "timestamp": 2, "types": ["enchantment"], "controller": "p1", "abilities": [anthem["text"]]},
        ],
        effects=[
            {
                "id": "steal",
                "timestamp": 3,
                "applies_to": ["c"],
                "controller": "p1",
                "parts": [{"op": "set_controller", "player": "p1"}, {"op": "add_abilities", "abilities": ["haste"]}],
            }
        ],
        abilities=[anthem],
    )
    r = run(board)[1]["c"]
    assert (r["controller"], r["power"], r["abilities"]) == ("p1", 3, ["haste"])


def test_612_text_change_rewrites_the_source_filter() -> None:
    crusade = {
        "text": "white creatures get +1/+1",
        "applies_to": {"all": [{"type": "creature"}, {"color": "white"}]},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    board = make_board(
        [
            creature("w", 1, colors=["white"]),
            creature("b", 2, colors=["blue"]),
            {"id": "crusade", "timestamp": 3, "types": ["enchantment"], "abilities": [crusade["text"]]},
        ],
        effects=[
            {
                "id": "sleight",
                "timestamp": 4,
                "applies_to": ["crusade"],
                "parts": [{"op": "replace_word", "from": "white", "to": "blue"}],
            }
        ],
        abilities=[crusade],
    )
    r = run(board)[1]
    assert r["crusade"]["abilities"] == ["blue creatures get +1/+1"]
    assert (r["w"]["power"], r["b"]["power"]) == (2, 3)


def test_707_2_copy_takes_copiable_values_only() -> None:
    board = make_board(
        [
            creature("orig", 1, 2, 2, subtypes=["bear"], counters=[{"kind": "+1/+1", "count": 2}]),
            creature("clone", 2, 0, 0, subtypes=["shapeshifter"]),
        ],
        effects=[
            {
                "id": "pump",
                "timestamp": 3,
                "applies_to": ["orig"],
                "parts": [{"op": "modify_pt", "power": 5, "toughness": 5}],
            },
            {
                "id": "copy",
                "timestamp": 4,
                "applies_to": ["clone"],
                "parts": [{"op": "copy_of", "object": "orig", "except": {"add_types": ["artifact"]}}],
            },
        ],
    )
    r = run(board)[1]
    assert (r["orig"]["power"], r["orig"]["toughness"]) == (9, 9)
    assert (r["clone"]["name"], r["clone"]["power"], r["clone"]["subtypes"], r["clone"]["types"]) == (
        "Orig",
        2,
        ["bear"],
        ["artifact", "creature"],
    )


def test_708_2_copy_of_face_down_is_a_nameless_2_2() -> None:
    board = make_board(
        [
            creature("morph", 1, 5, 5, colors=["green"], face_down=True),
            creature("elf", 2, 1, 1, colors=["green"], token=True),
        ],
        effects=[
            {
                "id": "growth",
                "timestamp": 3,
                "applies_to": ["elf"],
                "parts": [{"op": "modify_pt", "power": 3, "toughness": 3}],
            },
            {"id": "copy", "timestamp": 4, "applies_to": ["elf"], "parts": [{"op": "copy_of", "object": "morph"}]},
        ],
    )
    for v in ("m10", "ikoria"):
        r = run(board, v)[1]
        assert (r["elf"]["name"], r["elf"]["colors"], r["elf"]["power"], r["elf"]["toughness"]) == (None, [], 5, 5)
        assert r["morph"]["face_down"] is True and r["morph"]["power"] == 2


def test_305_7_set_land_type_removes_rules_text_but_not_granted_abilities() -> None:
    board = make_board(
        [{"id": "l", "timestamp": 1, "types": ["land"], "subtypes": ["desert"], "abilities": ["{t}: add {c}"]}],
        effects=[
            {
                "id": "g",
                "timestamp": 2,
                "applies_to": ["l"],
                "parts": [{"op": "add_abilities", "abilities": ["hexproof"]}],
            },
            {
                "id": "m",
                "timestamp": 3,
                "applies_to": ["l"],
                "parts": [{"op": "set_land_subtype", "subtypes": ["mountain"]}],
            },
        ],
    )
    r = run(board)[1]["l"]
    assert (r["subtypes"], r["abilities"]) == (["mountain"], ["hexproof", "{t}: add {r}."])  # 305.6


def test_205_1a_becomes_replaces_types_and_drops_subtypes() -> None:
    board = make_board(
        [creature("c", 1, subtypes=["bear"])],
        effects=[
            {"id": "t", "timestamp": 2, "applies_to": ["c"], "parts": [{"op": "set_types", "types": ["artifact"]}]}
        ],
    )
    r = run(board)[1]["c"]
    assert (r["types"], r["subtypes"]) == (["artifact"], [])


def test_613_7a_granted_static_ability_takes_the_later_timestamp() -> None:
    hammer_loses = {
        "text": "equipped creature gets +10/+10 and loses flying",
        "applies_to": {"attached_to_source": True},
        "parts": [
            {"op": "modify_pt", "power": 10, "toughness": 10},
            {"op": "remove_abilities", "abilities": ["flying"]},
        ],
    }
    rune_grants = {
        "text": "equipped creature has flying",
        "applies_to": {"attached_to_source": True},
        "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
    }
    rune = {
        "text": 'enchanted equipment has "equipped creature has flying"',
        "applies_to": {"attached_to_source": True},
        "parts": [{"op": "add_abilities", "abilities": [rune_grants["text"]]}],
    }
    board = make_board(
        [
            creature("c", 1),
            {
                "id": "hammer",
                "timestamp": 2,
                "types": ["artifact"],
                "subtypes": ["equipment"],
                "attached_to": "c",
                "abilities": [hammer_loses["text"]],
            },
            {
                "id": "rune",
                "timestamp": 3,
                "types": ["enchantment"],
                "subtypes": ["aura"],
                "attached_to": "hammer",
                "abilities": [rune["text"]],
            },
        ],
        abilities=[hammer_loses, rune_grants, rune],
    )
    r = run(board)[1]["c"]
    assert (r["power"], r["abilities"]) == (12, ["flying"])


def test_versions_are_data_with_dates() -> None:
    vs = builtin_versions()
    assert list(vs) == ["2004-10-01", "2009-07-08", "2020-04-17", "2023-11-17", "2025-08-01"]
    assert [vs[a].id for a in ("pre-m10", "m10", "ikoria")] == ["2004-10-01", "2009-07-08", "2020-04-17"]
    assert get_version("current").id == "2025-08-01"


def test_a_date_picks_the_version_in_force_that_day() -> None:
    assert get_version("2024-03-01").id == "2024-03-01"  # a date names its own version (issue 29) ...
    assert get_version("2024-03-01").based_on == "2023-11-17"  # ... the profile then in force, nothing changed since
    assert get_version("2009-07-07").based_on == "2004-10-01"
    assert get_version("2009-07-08").id == "2009-07-08"
    assert get_version("2020-04-16").id == "2020-04-16"  # m10 with the changes of 2011-2016 (issue 29)
    assert get_version("2020-04-16").based_on == "2009-07-08"
    assert get_version("2030-01-01").based_on == "2025-08-01"
    with pytest.raises(ProfileError, match="no modelled rules version in force on 1999-01-01"):
        get_version("1999-01-01")
    with pytest.raises(ProfileError, match="not a date"):
        get_version("2024-02-30")


def test_dated_profiles_say_what_changed_from_the_one_before() -> None:
    vs = builtin_versions()
    assert vs["2023-11-17"].based_on == "2020-04-17" and vs["2023-11-17"].granted_keeps_relative_order
    assert not vs["2020-04-17"].granted_keeps_relative_order
    assert vs["2025-08-01"].own_static_before_resolving and not vs["2023-11-17"].own_static_before_resolving
    assert vs["2025-08-01"].slots == vs["2020-04-17"].slots
    assert all(v.changes for v in vs.values())
    assert any("Gray Ogre" in c for c in vs["2023-11-17"].clarifications)
    assert [s.id for s in vs["m10"].slots][-2:] == ["7d", "7e"]
    assert vs["ikoria"].slot_of("counter_pt", "rule") == "7c"
    assert vs["m10"].slot_of("counter_pt", "rule") == "7d"
    assert vs["pre-m10"].slot_of("pt_modify", "static") == "6d"
    assert vs["pre-m10"].slot_of("pt_modify", "resolved") == "6b"
    assert vs["pre-m10"].slot_of("pt_set", "static") == "6b"


def test_static_ability_reaches_the_zones_its_text_names() -> None:
    """611.3a, 613.1: an ability naming the graveyard applies there; one that does not, only to permanents."""
    from .builders import make_board, run

    board = make_board(
        [
            {
                "id": "src",
                "name": "Src",
                "controller": "p1",
                "timestamp": 1,
                "types": ["enchantment"],
                "abilities": ["graveyard creatures are blue", "creatures are red"],
            },
            {
                "id": "dead",
                "name": "Dead",
                "controller": "p1",
                "timestamp": 2,
                "zone": "graveyard",
                "types": ["creature"],
                "power": 1,
                "toughness": 1,
            },
            {
                "id": "live",
                "name": "Live",
                "controller": "p1",
                "timestamp": 3,
                "types": ["creature"],
                "power": 1,
                "toughness": 1,
            },
            {
                "id": "spell",
                "name": "Spell",
                "controller": "p1",
                "timestamp": 4,
                "zone": "graveyard",
                "types": ["instant"],
            },
        ],
        abilities=[
            {
                "text": "graveyard creatures are blue",
                "applies_to": {"all": [{"type": "creature"}, {"zone": "graveyard"}]},
                "parts": [{"op": "add_colors", "colors": ["blue"]}],
            },
            {
                "text": "creatures are red",
                "applies_to": {"type": "creature"},
                "parts": [{"op": "add_colors", "colors": ["red"]}],
            },
        ],
    )
    _, result = run(board)
    assert result["dead"]["colors"] == ["blue"] and result["dead"]["zone"] == "graveyard"
    assert result["live"]["colors"] == ["red"]
    assert result["spell"]["power"] is None and result["spell"]["zone"] == "graveyard"  # 208.3


def test_static_ability_of_a_card_in_the_graveyard_does_not_work() -> None:
    """113.6, 604.3: only a characteristic-defining ability works outside the battlefield."""
    from .builders import make_board, run

    board = make_board(
        [
            {
                "id": "lord",
                "name": "Lord",
                "controller": "p1",
                "timestamp": 1,
                "zone": "graveyard",
                "types": ["creature"],
                "power": 1,
                "toughness": 1,
                "abilities": ["creatures get +1/+1", "cda 5/5"],
            },
            {
                "id": "bear",
                "name": "Bear",
                "controller": "p1",
                "timestamp": 2,
                "types": ["creature"],
                "power": 2,
                "toughness": 2,
            },
        ],
        abilities=[
            {
                "text": "creatures get +1/+1",
                "applies_to": {"type": "creature"},
                "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
            },
            {"text": "cda 5/5", "cda": True, "parts": [{"op": "set_pt", "power": 5, "toughness": 5}]},
        ],
    )
    _, result = run(board)
    assert (result["bear"]["power"], result["bear"]["toughness"]) == (2, 2)
    assert (result["lord"]["power"], result["lord"]["toughness"]) == (5, 5)


# === Tests written for mutants the corpus let survive (issue 18, benchmarks/mutation.py) ===========
# Each states the rule it pins; a comment names the kind of mutant it kills.

# --- 613.7: the clock of a step (reference.clock) --------------------------------------------------


def _clock_at(now: int) -> Clock:
    board = Board(objects={}, effects=(Effect("e", now, (), ()),), abilities=FrozenMap())
    return Clock(board)


def test_613_7_an_explicit_timestamp_moves_the_clock_and_later_events_come_after_it() -> None:
    """613.7: within a step, an event the rules timestamp after an explicit timestamp of 40 gets a later one."""
    clock = _clock_at(2)
    clock.see(40)
    assert clock.tick() == 41  # kills: see never moving the clock


def test_613_7_an_earlier_or_equal_explicit_timestamp_does_not_move_the_clock_back() -> None:
    """613.7: timestamps only grow; seeing an earlier (or the same) time leaves the clock where it is."""
    clock = _clock_at(5)
    clock.see(3)
    clock.see(5)
    assert clock.tick() == 6


def test_613_7_a_timestamp_left_to_the_rules_is_not_a_time() -> None:
    """613.7: a timestamp the case leaves to the rules (BY_RULES) is no time on the scale: the clock ignores it."""
    clock = _clock_at(2)
    clock.see(BY_RULES)  # kills: `or` for `and`, and the test dropped, which would read infinity as a time
    assert clock.tick() == 3
    obj = replace(make_board([creature("a", 4)]).objects["a"], timestamp=BY_RULES)
    assert Clock(Board(objects={"a": obj}, effects=(Effect("e", 2, (), ()),), abilities=FrozenMap())).tick() == 3


def test_613_7c_counters_of_a_kind_already_there_in_several_entries_keep_their_newest_timestamp() -> None:
    """613.7c: no counter is put on (the kind's total is unchanged): its counters keep the newest timestamp they had."""
    old = (Counter("+1/+1", 1, 3), Counter("+1/+1", 1, 5))
    new = (Counter("+1/+1", 2, BY_RULES),)
    assert placed_counters(old, new, _clock_at(9)) == (Counter("+1/+1", 2, 5),)  # kills: totals not summed


def test_613_7c_counters_put_on_in_several_entries_get_one_new_timestamp() -> None:
    """613.7c: one more counter of a kind (written as two entries) is put on now: the kind gets the new timestamp."""
    old = (Counter("+1/+1", 1, 4),)
    new = (Counter("+1/+1", 1, BY_RULES), Counter("+1/+1", 1, BY_RULES))
    placed = placed_counters(old, new, _clock_at(9))
    assert placed == (Counter("+1/+1", 1, 10), Counter("+1/+1", 1, 10))  # kills: new totals not summed


def test_613_7c_the_same_number_of_counters_is_not_a_placement() -> None:
    """613.7c: counters rewritten with the same total of their kind are not put on again."""
    old = (Counter("-1/-1", 2, 4),)
    new = (Counter("-1/-1", 2, BY_RULES),)
    assert placed_counters(old, new, _clock_at(9)) == (Counter("-1/-1", 2, 4),)  # kills: >= for >, totals from 1


# --- 729: merged permanents (reference.merged) --------------------------------------------------------


def _merged() -> tuple[GameObject, GameObject]:
    board = make_board([creature("base", 1), creature("top", 2), creature("under", 3)])
    base, top, under = (board.objects[i] for i in ("base", "top", "under"))
    return replace(base, merges=(Merge(5, True, top), Merge(7, False, under))), base


def _ids(objs: tuple[GameObject, ...]) -> list[str]:
    return [o.id for o in objs]


def test_729_2_components_from_top_to_bottom_with_merges_before_a_time() -> None:
    """729.2: over goes on top, under to the bottom; 707.2b: as of a time, only the merges made before it count."""
    obj, _ = _merged()
    assert _ids(components_as_of(obj)) == ["top", "base", "under"]
    assert _ids(components_as_of(obj, 7)) == ["top", "base"]
    assert _ids(components_as_of(obj, 5)) == ["base"]


def test_729_1_a_merged_permanent_and_its_components_apart() -> None:
    """729.1: a permanent is merged once it has merged; 400.7: leaving, its other components are objects again."""
    obj, base = _merged()
    assert is_merged(obj) and not is_merged(base)
    assert _ids(separated(obj)) == ["top", "under"]
    assert separated(base) == ()


# --- 613.8a: the reason of one dependency (reference.dependency.dependency_reason) ----------------------


def test_613_8a_the_reason_of_one_dependency_is_the_test_that_changed() -> None:
    """613.8a: Urborg's ability depends on Blood Moon's (applying it would make Urborg's stop existing), not back."""
    from reference.dependency import dependency_reason
    from reference.effects import effects_in_play, parts_in_slot
    from reference.resolver import initial_state

    board = make_board(
        [
            {"id": "urborg", "timestamp": 1, "types": ["land"], "abilities": [URBORG["text"]]},
            {"id": "moon", "timestamp": 2, "types": ["enchantment"], "abilities": [BLOOD_MOON["text"]]},
        ],
        abilities=[URBORG, BLOOD_MOON],
    )
    version = get_version("m10")
    state = initial_state(board, version)
    effects = {e.source: e for e in effects_in_play(board, state, {})}
    urborg, moon = effects["urborg"], effects["moon"]
    both = [s.id for s in version.slots if parts_in_slot(urborg, version, s.id) and parts_in_slot(moon, version, s.id)]
    slot = both[0]
    reason = dependency_reason(urborg, moon, board, state, version, slot, {})
    assert reason is not None and reason.test == "existence"
    assert "urborg" in reason.detail and "moon" in reason.detail.lower()
    assert dependency_reason(moon, urborg, board, state, version, slot, {}) is None


# --- 604.3a, 707.9d, 707.9f: what a CDA defines; conditional copy exceptions decided --------------------


def _cda(*parts: dict[str, object]) -> AbilityDef:
    made = tuple(Part(str(p["op"]), freeze({k: v for k, v in p.items() if k != "op"})) for p in parts)
    return AbilityDef("a cda", True, "self", made)


def test_604_3a_a_cda_defines_only_the_characteristics_it_sets() -> None:
    """604.3a(1), 707.9d: a CDA setting power alone defines power; toughness alone, toughness; a modification both."""
    from reference.copiable import defined_characteristics

    assert defined_characteristics(_cda({"op": "set_pt", "power": 3})) == {"power"}
    assert defined_characteristics(_cda({"op": "set_pt", "toughness": 3})) == {"toughness"}
    assert defined_characteristics(_cda({"op": "modify_pt", "power": 1, "toughness": 1})) == {"power", "toughness"}
    assert defined_characteristics(_cda({"op": "set_colors", "colors": ["green"]})) == {"colors"}


def test_707_9f_deciding_conditional_exceptions_changes_only_the_exceptions() -> None:
    """707.9f: an exception whose condition holds becomes one of the copy effect's exceptions (the only one,
    when it has no other); what it copies and what it retains stay, and nothing is left to decide."""
    from reference.conditional_copy import decided_args
    from reference.frozen import thaw

    bear = make_board([creature("bear", 1)]).objects["bear"].printed
    args = freeze(
        {
            "object": "bear",
            "retain": ["name"],
            "except_if": [{"if": {"type": "creature"}, "except": {"add_abilities": ["changeling"]}}],
        }
    )
    out = decided_args(args, bear)
    assert thaw(out) == {"object": "bear", "retain": ["name"], "except": {"add_abilities": ["changeling"]}}
    both = freeze({**thaw(args), "except": {"add_abilities": ["flying"]}})
    assert thaw(decided_args(both, bear)["except"]) == {"add_abilities": ["flying", "changeling"]}


# --- 205.3: the subtype lists, loaded from the bundled data (reference.vocabulary) -----------------------


def test_205_3_the_subtype_lists_load_from_the_bundled_data() -> None:
    """205.3g-m: each card type's list of subtypes, as the loader reads it now (it also runs at import)."""
    from reference import vocabulary

    lists = vocabulary._subtype_lists()  # the module's own loader, called again: what the constants hold
    assert lists == vocabulary._LISTS
    assert "merfolk" in lists["creature"] and "forest" in lists["basic_land"] and "forest" in lists["land"]
    assert "gideon" in lists["planeswalker"] and "equipment" in lists["artifact"] and "aura" in lists["enchantment"]
    assert "arcane" in lists["spell"] and "siege" in lists["battle"]
    assert all(isinstance(v, tuple) and v for v in lists.values())


# --- 605.1a, 613.1f: mana abilities kept when an object loses the others -----------------------------------


def test_605_1a_an_ability_with_a_target_is_not_a_mana_ability() -> None:
    """605.1a: an activated ability that adds mana is a mana ability only if it has no target."""
    from reference.vocabulary import is_mana_ability

    assert is_mana_ability("{t}: add {r}.")
    assert not is_mana_ability("{t}: add {r}. this deals 1 damage to target player.")


def test_613_1f_losing_all_but_mana_abilities_keeps_their_grant_and_intrinsic_marks() -> None:
    """613.1f, 605.1a: only the mana abilities stay; what remains of the record of granted (613.7a) and
    intrinsic (305.6) abilities is that of the abilities kept."""
    from reference.model import Characteristics
    from reference.operations import remove_all_abilities_except_mana

    forest, red, flying = "{t}: add {g}.", "{t}: add {r}.", "flying"
    ch = Characteristics(
        name="Dryad Arbor",
        mana_value=0,
        colors=frozenset({"green"}),
        types=frozenset({"land", "creature"}),
        subtypes=frozenset({"forest", "dryad"}),
        supertypes=frozenset(),
        abilities=frozenset({forest, red, flying}),
        power=1,
        toughness=1,
        controller="p1",
        granted=FrozenMap({red: 3, flying: 4}),
        intrinsic=frozenset({forest}),
    )
    out = remove_all_abilities_except_mana(ch, FrozenMap())
    assert out.abilities == {forest, red}
    assert out.granted == FrozenMap({red: 3})
    assert out.intrinsic == {forest}
    bare = remove_all_abilities_except_mana(ch.with_(abilities=frozenset({flying}), intrinsic=frozenset()), FrozenMap())
    assert (bare.abilities, bare.granted, bare.intrinsic) == (frozenset(), FrozenMap(), frozenset())


# --- 712, 707.8a: which permanents are double-faced (reference.double_faced.is_double_faced) -------------


def test_712_707_8a_a_double_faced_token_copy_is_double_faced_and_nothing_else_is() -> None:
    """707.8a: a token made as a copy of a double-faced permanent is double-faced; 707.8: any other copy of one
    copies only the face that is up (not double-faced), and a "double-faced" copy of a one-faced object is not."""
    from reference.double_faced import is_double_faced

    dfc = {"id": "d", "timestamp": 1, "name": "Delver of Secrets", "types": ["creature"], "power": 1}
    dfc["back_face"] = {"name": "Insectile Aberration", "colors": ["blue"], "types": ["creature"], "power": 3}
    board = make_board([dfc, creature("bear", 2)] + [creature(i, 3, token=True) for i in ("t", "u", "v", "w")])
    board = replace(board, objects={**board.objects, "c": replace(board.objects["bear"], id="c")})

    def copy_of(of: str, double_faced: bool) -> tuple[Part, ...]:
        return (Part("copy_of", freeze({"object": of, "double_faced": double_faced})),)

    effects = (
        Effect("other", 4, ("bear",), ()),
        Effect("t", 5, ("t",), copy_of("d", True)),
        Effect("c", 6, ("c",), copy_of("d", False)),
        Effect("u", 7, ("u",), copy_of("bear", True)),
        Effect("v", 8, ("v",), copy_of("gone", True)),
    )
    board = replace(board, effects=effects)
    assert is_double_faced(board, "d") and is_double_faced(board, "t")
    assert not any(is_double_faced(board, i) for i in ("bear", "c", "u", "v", "w"))


# --- 702.140c: the mutating spell is no longer an object of its own -----------------------------------------


def test_702_140c_effects_that_applied_to_the_merged_spell_no_longer_do() -> None:
    """702.140c, 729.1: once merged, the spell is part of the permanent; effects that applied to it stop."""
    from reference.merged import merge

    board = make_board([creature("base", 1), creature("spell", 2, zone="stack")])
    board = replace(board, effects=(Effect("e", 3, ("spell", "base"), ()), Effect("f", 4, ("base",), ())))
    after = merge(board, "spell", "base", True, 5)
    assert "spell" not in after.objects
    assert [(e.id, e.applies_to) for e in after.effects] == [("e", ("base",)), ("f", ("base",))]


# --- the frozen values' way back to plain data (reference.frozen.thaw) --------------------------------------


def test_thaw_gives_back_plain_data_at_every_depth() -> None:
    """Frozen values thaw to dicts and lists all the way down; a set becomes a sorted list."""
    from reference.frozen import thaw

    value = freeze({"a": [1, {"b": [2]}], "c": {"d": "e"}})
    assert thaw(value) == {"a": [1, {"b": [2]}], "c": {"d": "e"}}
    assert thaw(FrozenMap({"s": frozenset({"y", "x"}), "t": (frozenset({2, 1}),)})) == {"s": ["x", "y"], "t": [[1, 2]]}


# --- 400.7: an object that changes zones is a new object (reference.zones.new_object) -----------------------


def test_400_7_a_new_object_forgets_its_attachment_turns_and_face() -> None:
    """400.7: the new object is attached to nothing, has no history of turns face down or up (708) and, 712,
    a double-faced card is front face up."""
    from reference.zones import new_object

    aura = replace(
        make_board([creature("aura", 1)]).objects["aura"],
        attached_to="bear",
        face_history=((2, True),),
        transformed=True,
        counters=(Counter("+1/+1", 1, 3),),
    )
    moved = new_object(aura, "graveyard")
    assert (moved.zone, moved.attached_to, moved.face_history, moved.counters) == ("graveyard", None, (), ())
    assert moved.transformed is False


def test_400_7_leaving_exile_ends_the_link_to_what_exiled_it() -> None:
    """400.7, 607.2a: a card that leaves exile is no longer "exiled with" anything; moved into exile by the
    card that exiles it, it keeps the link the step gave it."""
    from reference.zones import new_object

    card = make_board([creature("card", 1)]).objects["card"]
    exiled = replace(card, zone="exile", exiled_with="warden")
    assert new_object(exiled, "battlefield").exiled_with is None
    assert new_object(replace(card, exiled_with="warden"), "exile").exiled_with == "warden"


def test_205_1a_setting_card_types_keeps_instant_and_sorcery() -> None:
    """205.1a (as reference.operations.set_types reads it): an effect that sets an object's card types
    replaces its other types, but an instant stays an instant and a sorcery a sorcery."""
    from reference.operations import set_types

    for kind in ("instant", "sorcery"):
        spell = make_board([creature("s", 1)]).objects["s"].printed.with_(types=frozenset({kind}), power=None)
        assert set_types(spell, {"types": ("artifact",)}).types == {"artifact", kind}
    bear = make_board([creature("bear", 1)]).objects["bear"].printed
    assert set_types(bear, {"types": ("artifact",)}).types == {"artifact"}


# --- the trace: the test of a dependency, the layer of an application, a tie in words ----------------------


def _reads_toughness_then_sets_it() -> Board:
    return make_board(
        [creature("bear", 1, power=2, toughness=3)],
        [
            {
                "id": "a",
                "timestamp": 2,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "power": {"its": "toughness"}}],
            },
            {"id": "c", "timestamp": 3, "applies_to": ["bear"], "parts": [{"op": "set_pt", "toughness": 5}]},
        ],
    )


def test_613_8a_a_value_read_from_another_effects_result_is_a_dependency_on_what_it_does() -> None:
    """613.8a(b): a setting power to the creature's toughness depends on c, which sets that toughness: applying c
    would change what a does (not its existence, text or objects); a waits, and the trace says which test it was."""
    resolution, result = run(_reads_toughness_then_sets_it())
    assert result["bear"]["power"] == 5 and result["bear"]["toughness"] == 5
    assert [(e.dependent, e.on, e.test) for e in resolution.edges] == [("a", "c", "what-it-does")]


def test_613_4_each_application_is_traced_in_its_layer() -> None:
    """613.4: setting power and toughness applies in layer 7; the trace records the layer of every application."""
    resolution, _ = run(_reads_toughness_then_sets_it())
    assert [(s.effect, s.layer) for s in resolution.steps] == [("c", 7), ("a", 7)]


def test_613_7_a_decided_tie_says_what_went_first_among_which_effects() -> None:
    """613.7n (or a recorded choice, 613.7m): a tie decided by a rule is described with every tied effect."""
    from reference.timestamps import Tie

    tie = Tie("7b", ("a", "b"), ("a",), ("x", "y"), "613.7n", None, "a")
    assert tie.describe() == "a first among a, b (613.7n)"
    chosen = Tie("7b", ("a", "b"), ("a", "b"), ("x", "y"), "choice", "p1", "b")
    assert chosen.describe() == "p1 chose b first among a and b (613.7m)"


def test_frozen_values_are_hashable_and_equal_ones_hash_alike() -> None:
    """The model's values are immutable and hashable (reference.frozen), so boards and effects can be compared."""
    a, b = FrozenMap({"x": 1, "y": (2,)}), FrozenMap({"x": 1, "y": (2,)})
    assert hash(a) == hash(b) and len({a, b}) == 1
    assert hash(a) == hash(a)  # computed once, then kept


def test_613_7c_the_newest_timestamp_of_a_kind_is_kept_whatever_the_order_of_its_entries() -> None:
    """613.7c: counters of a kind already there keep the newest timestamp they had, even listed newest first."""
    old = (Counter("+1/+1", 1, 5), Counter("+1/+1", 1, 3))
    assert placed_counters(old, (Counter("+1/+1", 2, BY_RULES),), _clock_at(9)) == (Counter("+1/+1", 2, 5),)


def test_707_9d_only_the_cdas_defining_an_excepted_characteristic_are_left_out() -> None:
    """707.9d: a copy effect's exception leaves out the original's CDAs that define that characteristic, and
    only those: excepting the name keeps a power/toughness CDA; excepting power leaves it out."""
    from reference.copiable import without_excepted_cdas

    cda = _cda({"op": "set_pt", "power": 1, "toughness": 1})
    board = replace(make_board([creature("goyf", 1)]), abilities=FrozenMap({cda.text: cda}))
    ch = board.objects["goyf"].printed.with_(abilities=frozenset({cda.text, "trample"}))
    assert without_excepted_cdas(board, ch, freeze({"except": {"name": "Other"}})).abilities == {cda.text, "trample"}
    assert without_excepted_cdas(board, ch, freeze({"except": {"power": 3}})).abilities == {"trample"}


def test_613_7m_only_the_ties_whose_order_changes_the_outcome_matter() -> None:
    """613.7m: of two ties of timestamps left open, the one between two effects setting power matters (each order
    gives another power); the one between two effects each granting an ability does not (same abilities)."""
    from reference.choices import outcomes

    board = _two_ties()
    found = outcomes(board, get_version("ikoria"))
    assert found.complete
    assert sorted(sorted(t.candidates) for t in found.ties) == [["a", "b"], ["c", "d"]]
    assert [sorted(t.candidates) for t in found.mattering] == [["a", "b"]]
    assert sorted(o.final["bear"].power for o in found.outcomes) == [1, 3]


def _two_ties() -> Board:
    def effect(eid: str, ts: int, part: dict[str, object]) -> dict[str, object]:
        return {"id": eid, "timestamp": ts, "applies_to": ["bear"], "parts": [part]}

    return make_board(
        [creature("bear", 1)],
        [
            effect("a", 2, {"op": "set_pt", "power": 1}),
            effect("b", 2, {"op": "set_pt", "power": 3}),
            effect("c", 3, {"op": "add_abilities", "abilities": ["flying"]}),
            effect("d", 3, {"op": "add_abilities", "abilities": ["trample"]}),
        ],
    )


def test_613_7m_the_orders_tried_stop_at_the_limit() -> None:
    """613.7m: every order of the open ties is tried, one resolution each, up to ``limit`` resolutions: two ties
    of two effects take 7 (the first, each order of the first tie, each order of the second after each)."""
    from reference.choices import outcomes

    version = get_version("ikoria")
    assert outcomes(_two_ties(), version, limit=7).complete
    short = outcomes(_two_ties(), version, limit=6)
    assert not short.complete and len(short.outcomes) < 2 + 1


def test_frozen_maps_equal_plain_mappings_with_the_same_items() -> None:
    """A frozen mapping equals a plain dict with the same items, and no other."""
    assert FrozenMap({"a": 1}) == {"a": 1}
    assert FrozenMap({"a": 1}) != {"a": 2}


def test_611_3a_is_it_names_the_object_a_value_is_computed_for() -> None:
    """ "For each other creature that shares a type with it": ``is_it`` is true of that object only."""
    board = make_board([creature("a", 1), creature("b", 2)])
    state = initial_state(board)
    ctx = Context(board=board, state=state, source="a", controller=state["a"].controller, it="b")
    assert [matches(freeze({"is_it": True}), o, ctx) for o in ("a", "b")] == [False, True]
    assert [matches(freeze({"is_it": False}), o, ctx) for o in ("a", "b")] == [True, False]


def test_102_1_a_turn_condition_with_no_active_player_is_an_error_naming_the_field() -> None:
    """ "As long as it's your turn" needs the active player: a case without ``game.turn`` is told so."""
    board = make_board([creature("a", 1)])
    with pytest.raises(GameStateError) as err:
        turn_condition_holds(board, {"your_turn": True}, "alice")
    assert str(err.value) == "the case gives no active player (game.turn, 102.1), and a condition reads it"


def _with_game(game: dict[str, object]) -> Board:
    return replace(make_board([creature("a", 1)]), game=freeze(game))


def test_119_1_402_1_a_value_reads_the_named_players_life_or_hand() -> None:
    """ "You" is the effect's controller (109.4); a value may also name a player: that player's total."""
    board = _with_game({"turn": "p1", "life": {"p1": 20, "p2": 7}, "hand": {"p1": 3, "p2": 0}})
    assert game_value(board, "life", "you", "p1") == 20
    assert game_value(board, "life", "p2", "p1") == 7
    assert game_value(board, "cards_in_hand", "you", "p2") == 0
    assert game_value(board, "cards_in_hand", "p1", "p2") == 3


@pytest.mark.parametrize(
    ("key", "what"), [("life", "life total (119.1)"), ("cards_in_hand", "number of cards in hand (402.1)")]
)
def test_a_game_value_the_case_does_not_give_is_an_error_naming_it(key: str, what: str) -> None:
    for game in ({}, {"life": {"p2": 1}, "hand": {"p2": 1}}):
        with pytest.raises(GameStateError) as err:
            game_value(_with_game(game), key, "you", "p1")
        assert str(err.value) == f"the case gives no {what} for player 'p1', and an effect reads it"


def test_102_1_a_step_passes_the_turn_and_changes_life_and_hand_per_player() -> None:
    """The active player is the step's; a life or hand change replaces only the players it names."""
    game = freeze({"turn": "p1", "life": {"p1": 20, "p2": 20}})
    after = changed_game(game, {"turn": "p2", "life": {"p2": 12}, "hand": {"p1": 4}})
    assert after == {"turn": "p2", "life": {"p1": 20, "p2": 12}, "hand": {"p1": 4}}
    assert changed_game(freeze({}), {"life": {"p1": 5}}) == {"life": {"p1": 5}}
    assert changed_game(game, {}) == game


def test_607_2d_an_ability_reads_a_choice_only_where_a_chosen_word_appears() -> None:
    """The words ``{"chosen": kind}`` stand for the choice, at any depth of a filter or instruction."""
    word = freeze({"chosen": "creature_type"})
    assert mentions_choice(word)
    assert mentions_choice(freeze({"all": (freeze({"type": "creature"}), freeze({"subtype": word}))}))
    assert mentions_choice(freeze({"op": "add_subtypes", "values": ("elf", word)}))
    assert not mentions_choice(freeze({"all": (freeze({"type": "creature"}), freeze({"subtype": "elf"}))}))
    assert not mentions_choice(freeze({"chosen": "creature_type", "extra": 1}))
    assert not mentions_choice("creature_type")
