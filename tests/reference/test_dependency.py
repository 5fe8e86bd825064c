"""Dependency between effects in one layer or sublayer (613.8, 418.5c-d): reference.dependency.

Which effect depends on which and why (existence, text, what it applies to, what it does),
loops (613.8b) and re-evaluation after each application (613.8c).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from reference.dependency import ready, strongly_connected
from reference.resolver import initial_state, resolve
from reference.versions import get_version

from ..builders import (
    ENCHANTMENT,
    IKORIA,
    arbor_under_blood_moon,
    creature,
    loop_waiting_for_a_later_effect,
    make_board,
    read_in_layers,
    run,
)
from ..builders import reads_toughness_then_sets_it as _reads_toughness_then_sets_it

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


def lands(urborg_ts: float, moon_ts: float) -> dict[str, dict[str, Any]]:
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


def test_613_8a_a_value_read_from_another_effects_result_is_a_dependency_on_what_it_does() -> None:
    """613.8a(b): a setting power to the creature's toughness depends on c, which sets that toughness: applying c
    would change what a does (not its existence, text or objects); a waits, and the trace says which test it was."""
    resolution, result = run(_reads_toughness_then_sets_it())
    assert result["bear"]["power"] == 5 and result["bear"]["toughness"] == 5
    assert [(e.dependent, e.on, e.test) for e in resolution.edges] == [("a", "c", "what-it-does")]


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

TEXT_SWAP = "white creatures' text: swamp becomes island."


def test_an_effect_changing_the_words_of_a_text_changing_ability_comes_first() -> None:
    """613.8a: an effect replacing "white" in a layer-3 ability's text would change that ability's text, so the
    ability's effect depends on it (test "text"), applies after it, and then reads "blue creatures"."""
    board = make_board(
        [
            {
                "id": "s",
                "name": "S",
                "timestamp": 1,
                "controller": "p1",
                "types": ["enchantment"],
                "abilities": [TEXT_SWAP],
            },
            creature("w", 2, colors=["white"]),
        ],
        effects=[
            {
                "id": "hack",
                "description": "Hack",
                "controller": "p1",
                "timestamp": 3,
                "applies_to": ["s"],
                "parts": [{"op": "replace_word", "from": "white", "to": "blue"}],
            }
        ],
        abilities=[
            {
                "text": TEXT_SWAP,
                "applies_to": {"type": "creature", "color": "white"},
                "parts": [{"op": "replace_word", "from": "swamp", "to": "island"}],
            }
        ],
    )
    result = resolve(board, IKORIA)
    key = f"s:{TEXT_SWAP}"
    assert [(e.dependent, e.on, e.test, e.detail) for e in result.edges] == [
        (key, "hack", "text", f"Hack would change the text of S: {TEXT_SWAP}")
    ]
    assert [s.effect for s in result.steps] == ["hack", key]
    assert result.steps[1].affected == ()  # now "blue creatures' text": the white creature is not one


KIN = "other creatures that share a creature type with this creature are soldiers in addition to their other types."


def test_an_effect_changing_the_source_changes_which_objects_share_its_creature_type() -> None:
    """613.8a: an effect making the lord a goblin changes what the lord's "share a creature type with this" effect
    applies to, though it changes none of those objects: that effect depends on it and then applies to the goblin."""
    board = make_board(
        [
            creature("s", 1, subtypes=["elf"], abilities=[KIN]),
            creature("e", 2, subtypes=["elf"]),
            creature("g", 3, subtypes=["goblin"]),
        ],
        effects=[
            {
                "id": "goblinize",
                "description": "Goblinize",
                "controller": "p1",
                "timestamp": 4,
                "applies_to": ["s"],
                "parts": [{"op": "set_subtypes", "subtypes": ["goblin"]}],
            }
        ],
        abilities=[
            {
                "text": KIN,
                "applies_to": {"type": "creature", "shares_creature_type_with": "source", "other_than_source": True},
                "parts": [{"op": "add_subtypes", "subtypes": ["soldier"]}],
            }
        ],
    )
    result = resolve(board, IKORIA)
    assert [(e.dependent, e.on, e.test, e.detail) for e in result.edges] == [
        (
            f"s:{KIN}",
            "goblinize",
            "applies-to",
            f"Goblinize would change what S: {KIN} applies to (gains ['g'], loses ['e'])",
        )
    ]
    assert [s.effect for s in result.steps] == ["goblinize", f"s:{KIN}"]
    assert result.final["e"].subtypes == frozenset({"elf"})
    assert result.final["g"].subtypes == frozenset({"goblin", "soldier"})


def test_an_effect_reading_a_value_another_sets_depends_on_what_it_does() -> None:
    """613.8a, 613.8c: setting power to the creature's toughness depends on an effect setting that toughness (the
    trace says it would change what the first does, once), so it applies after it: the creature is 5/5."""
    board = make_board(
        [creature("bear", 1), creature("ogre", 1.5)],
        effects=[
            {
                "id": "z",
                "description": "Shrink",
                "timestamp": 1.7,
                "applies_to": ["ogre"],
                "parts": [{"op": "set_pt", "power": 1}],
            },
            {
                "id": "a",
                "description": "Match",
                "timestamp": 2,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "power": 0}],  # read in the layers: {"its": "toughness"} below
            },
            {
                "id": "c",
                "description": "Thicken",
                "timestamp": 3,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "toughness": 5}],
            },
        ],
    )
    board = read_in_layers(board, {"a": {"power": {"its": "toughness"}}})
    result = resolve(board, IKORIA)
    assert [(e.dependent, e.on, e.test, e.detail) for e in result.edges] == [
        ("a", "c", "what-it-does", "Thicken would change what Match does")
    ]  # found again when the graph is computed after Shrink, and recorded once
    assert [s.effect for s in result.steps] == ["z", "c", "a"]
    assert (result.final["bear"].power, result.final["bear"].toughness) == (5, 5)


def test_a_loop_waits_as_a_whole_for_an_effect_one_member_depends_on() -> None:
    """613.8b: A and B are a loop and A depends on C: the loop waits for C (B too, though it does not depend on
    C), then applies in timestamp order: C, A, B."""
    result = resolve(loop_waiting_for_a_later_effect(), IKORIA)
    assert [s.effect for s in result.steps] == ["c", "a", "b"]
    assert (result.final["bear"].power, result.final["bear"].toughness) == (5, 5)


def test_read_literally_a_loop_ignores_even_an_outside_dependency() -> None:
    """613.8b read literally ("this rule is ignored"): the loop's members wait for nothing, so the effects apply
    in timestamp order: A (power 3), B (toughness 3), C (toughness 5)."""
    literal = replace(IKORIA, loop_ignores_dependency=True)
    result = resolve(loop_waiting_for_a_later_effect(), literal)
    assert [s.effect for s in result.steps] == ["a", "b", "c"]
    assert (result.final["bear"].power, result.final["bear"].toughness) == (3, 5)


CHANGELING = "changeling (this object is every creature type.)"

ELF_WARRIORS = "elves are warriors in addition to their other types."


def test_an_effect_does_not_depend_on_a_cda_where_the_version_sets_cdas_apart() -> None:
    """613.8a(c): an elf-making CDA would change what an "elves are warriors" effect applies to; where CDAs are
    set apart from other effects in dependency (ikoria) that effect does not depend on it, elsewhere it does."""
    from reference.dependency import dependency_reason
    from reference.effects import effects_in_play

    board = make_board(
        [
            {"id": "p", "name": "P", "timestamp": 1, "abilities": [ELF_WARRIORS], **ENCHANTMENT},
            creature("x", 2, abilities=[CHANGELING]),
        ],
        abilities=[
            {
                "text": CHANGELING,
                "cda": True,
                "applies_to": {"is_source": True},
                "parts": [{"op": "all_creature_types"}],
            },
            {
                "text": ELF_WARRIORS,
                "applies_to": {"subtype": "elf"},
                "parts": [{"op": "add_subtypes", "subtypes": ["warrior"]}],
            },
        ],
    )
    state = initial_state(board, IKORIA)
    effects = {e.source: e for e in effects_in_play(board, state, {})}
    warriors, changeling = effects["p"], effects["x"]
    assert dependency_reason(warriors, changeling, board, state, IKORIA, "4", {}) is None
    mixed = replace(IKORIA, cda_dependency_isolated=False)
    reason = dependency_reason(warriors, changeling, board, state, mixed, "4", {})
    assert reason is not None and reason.test == "applies-to"


def test_a_loop_reached_through_another_effect_is_found_whole() -> None:
    """613.8b: B and C depend on each other (a loop) and A on B: the loop is B and C, and A is alone."""
    from reference.dependency import strongly_connected

    loops = strongly_connected({"a": {"b": None}, "b": {"c": None}, "c": {"b": None}})
    assert loops == {"a": frozenset({"a"}), "b": frozenset({"b", "c"}), "c": frozenset({"b", "c"})}


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

PRE_M10 = get_version("pre-m10")


# 613.8a (effects.regenerate): a characteristic-defining ability read again after another effect


def test_a_cda_the_land_type_change_would_remove_depends_on_it_where_cdas_are_not_set_apart() -> None:
    """613.8a(a), 305.7 (418.5c before M10): a land type change takes away the land's rules-text abilities, its
    changeling CDA among them; where CDAs share the type layer with other effects (pre-M10), the CDA depends on
    that change for its existence."""
    from reference.dependency import dependency_reason
    from reference.effects import effects_in_play
    from reference.resolver import initial_state

    board = arbor_under_blood_moon()
    state = initial_state(board, PRE_M10)
    effects = {e.source: e for e in effects_in_play(board, state, {})}
    reason = dependency_reason(effects["arbor"], effects["moon"], board, state, PRE_M10, "4", {})
    assert reason is not None and reason.test == "existence"


def test_where_the_cda_waits_for_the_land_type_change_it_never_applies() -> None:
    """613.8a-b (pre-M10): the changeling CDA depends on the land type change, so that applies first and takes
    the CDA away: the land creature is a Mountain with no creature type. (From M10 on, the profiles set CDAs
    apart from other effects in dependency, cda_dependency_isolated: this test does not cover that reading.)"""
    from reference.resolver import resolve

    board = arbor_under_blood_moon()
    old = resolve(board, PRE_M10).final["arbor"]
    assert (old.subtypes, old.all_creature_types) == (frozenset({"mountain"}), False)
