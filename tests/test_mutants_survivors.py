"""Unit tests for the survivors the mutation campaign (issue 18) left in operations, choices and effects.

Each test states the rule it pins. Expected values are reasoned from the rules on hand-built
values, not read off the resolver.
"""

from __future__ import annotations

from typing import Any

from mtg_layers.checking.z3_crosscheck import check_board
from reference.choices import outcomes
from reference.frozen import FrozenMap, freeze
from reference.operations import (
    add_abilities,
    copy_values,
    fit_subtypes,
    modify_pt,
    remove_all_abilities,
    set_subtypes,
)
from reference.versions import get_version

from .builders import (
    ELF_TO_GOBLIN,
    ELVES_PUMP,
    ELVES_PUMP_DEF,
    FOREST_MANA,
    GOBLINS_PUMP,
    arbor_under_blood_moon,
    chars,
    creature,
    enchantment,
    make_board,
    run,
)

IKORIA = get_version("ikoria")
PRE_M10 = get_version("pre-m10")


# 613.1 (operations): what one instruction does to one object


def test_a_change_of_power_alone_leaves_toughness_as_it_was() -> None:
    """613.4c: "+3/+0" raises power by 3 and toughness by nothing; an amount left out is zero."""
    assert modify_pt(chars(), {"power": 3}) == chars(power=5, toughness=2)
    assert modify_pt(chars(), {"toughness": -1}) == chars(power=2, toughness=1)


def test_a_new_land_type_replaces_only_the_old_land_types() -> None:
    """205.1a: "becomes an Island" on a Forest Elf land creature replaces its land type and keeps its creature
    type: the subtypes replaced are those of the card type the new subtype belongs to."""
    elf_forest = chars(types=frozenset({"land", "creature"}), subtypes=frozenset({"elf", "forest"}))
    assert set_subtypes(elf_forest, {"subtypes": ["island"]}).subtypes == {"elf", "island"}
    # and a new creature type replaces the creature types only
    assert set_subtypes(elf_forest, {"subtypes": ["goblin"]}).subtypes == {"goblin", "forest"}


def test_losing_all_abilities_loses_the_intrinsic_mana_ability_too() -> None:
    """613.1f, 305.6: a Forest that loses all its abilities has no ability left, its basic land type's mana
    ability included: nothing is left marked as intrinsic."""
    forest = chars(
        types=frozenset({"land"}),
        subtypes=frozenset({"forest"}),
        abilities=frozenset({FOREST_MANA, "hexproof"}),
        intrinsic=frozenset({FOREST_MANA}),
        granted=FrozenMap({"hexproof": 4.0}),
        power=None,
        toughness=None,
    )
    assert remove_all_abilities(forest, {}) == forest.with_(
        abilities=frozenset(), intrinsic=frozenset(), granted=FrozenMap()
    )


def test_an_object_that_stops_being_a_creature_stops_having_every_creature_type() -> None:
    """205.3d, 702.73a: a changeling that becomes a noncreature artifact (and not kindred) can't have creature
    types: "every creature type" goes with its creature types."""
    statue = chars(types=frozenset({"artifact"}), subtypes=frozenset({"elf"}), all_creature_types=True)
    assert fit_subtypes(statue) == statue.with_(subtypes=frozenset(), all_creature_types=False)
    # a kindred artifact keeps them (205.3d: kindred objects have creature types)
    kindred = statue.with_(types=frozenset({"kindred", "artifact"}))
    assert fit_subtypes(kindred) == kindred


def test_gaining_an_ability_the_object_already_has_from_its_text_is_not_a_grant() -> None:
    """613.7a, 613.1f: an object that has flying in its own text and gains flying still has flying of its own:
    no granting timestamp is recorded for it; an ability it did not have is recorded with the effect's."""
    bird = chars(abilities=frozenset({"flying"}))
    gained = add_abilities(bird, {"abilities": ["flying", "vigilance"]}, 7.0)
    assert gained.abilities == {"flying", "vigilance"}
    assert dict(gained.granted.items()) == {"vigilance": 7.0}


def test_gaining_an_ability_again_takes_the_later_grants_timestamp() -> None:
    """613.7a: an ability granted again by a later effect has that effect's timestamp."""
    bird = chars(abilities=frozenset({"flying"}), granted=FrozenMap({"flying": 3.0}))
    assert dict(add_abilities(bird, {"abilities": ["flying"]}, 7.0).granted.items()) == {"flying": 7.0}


def test_a_copy_effect_overwrites_what_was_granted_before_it() -> None:
    """707.2, 613.2a: becoming a copy gives the object the copied values; abilities it was granted before the
    copy effect applied are not among them (the copied abilities are the original's own)."""
    values = dict(chars(name="Ogre", abilities=frozenset({"trample"})).__dict__)
    values = {k: (tuple(sorted(v)) if isinstance(v, frozenset) else v) for k, v in values.items()}
    bear = chars(abilities=frozenset({"flying"}), granted=FrozenMap({"flying": 2.0}), intrinsic=frozenset())
    copied = copy_values(bear, {"values": values})
    assert (copied.name, copied.abilities, dict(copied.granted.items())) == ("Ogre", {"trample"}, {})


# 613.7m (choices): the outcomes of an open order


def _tied_set_pt() -> Any:
    """Two effects with one timestamp (5) setting the Bear's power and toughness: 1/1 (e1) and 4/4 (e2)."""

    def set_pt(eid: str, n: int) -> dict[str, Any]:
        return {
            "id": eid,
            "timestamp": 5,
            "applies_to": ["bear"],
            "parts": [{"op": "set_pt", "power": n, "toughness": n}],
        }

    return make_board([creature("bear", 1)], [set_pt("e1", 1), set_pt("e2", 4)])


def test_a_single_tie_whose_order_changes_the_answer_is_said_to_matter() -> None:
    """613.7m, 613.4b: two effects setting power and toughness with one timestamp: the later-ordered one wins,
    so the two orders give two outcomes and that tie is the one that matters."""
    board = _tied_set_pt()
    found = outcomes(board, IKORIA)
    assert sorted((o.final["bear"].power, o.orders) for o in found.outcomes) == [
        (1, (("e2", "e1"),)),
        (4, (("e1", "e2"),)),
    ]
    assert [t.candidates for t in found.mattering] == [("e1", "e2")]


def test_each_outcome_carries_the_resolution_that_reached_it() -> None:
    """613.7m: an outcome is the final state of one resolution under its order; the trace shown for it is that
    resolution's, with no tie left open."""
    board = _tied_set_pt()
    for o in outcomes(board, IKORIA).outcomes:
        assert o.resolution.final == o.final and o.resolution.undecided == ()
        assert [s.effect for s in o.resolution.steps if s.effect in ("e1", "e2")] == list(o.orders[0])


def test_orders_that_differ_only_in_who_granted_an_ability_are_one_outcome() -> None:
    """613.7m, 613.1f: two copy effects with one timestamp, of two Bears alike but for flying in one's text; a
    later effect grants flying. Either order ends with a Bear that has flying (its own, or granted): the same
    characteristics, so one outcome reached by both orders, and the tie does not matter."""
    board = make_board(
        [
            creature("x", 1, name="Bear", abilities=["flying"]),
            creature("y", 1, name="Bear"),
            creature("c", 2),
        ],
        [
            {"id": "e1", "timestamp": 5, "applies_to": ["c"], "parts": [{"op": "copy_of", "object": "x"}]},
            {"id": "e2", "timestamp": 5, "applies_to": ["c"], "parts": [{"op": "copy_of", "object": "y"}]},
            {
                "id": "g",
                "timestamp": 8,
                "applies_to": ["c"],
                "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
            },
        ],
    )
    found = outcomes(board, IKORIA)
    assert len(found.outcomes) == 1 and sorted(found.outcomes[0].orders) == [("e1", "e2"), ("e2", "e1")]
    assert (found.outcomes[0].final["c"].name, found.outcomes[0].final["c"].abilities) == ("Bear", {"flying"})
    assert [t.candidates for t in found.ties] == [("e1", "e2")] and found.mattering == ()


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
    assert (old.subtypes, old.all_creature_types) == ({"mountain"}, False)


# Value expressions and filter keys the corpus's boards do not reach (filters.evaluate, compiled_filters)


def _value_board() -> Any:
    artifact = {"controller": "p1", "types": ["artifact"], "mana_value": 2}
    return make_board(
        [
            creature("src", 1, counters=[{"kind": "+1/+1", "count": 2, "timestamp": 1}], mana_cost="{W}{U}"),
            creature("bear", 2, power=3, mana_cost="{1}{W}"),
            {"id": "stone", "name": "Stone", "timestamp": 3, "zone": "exile", "exiled_with": "src", **artifact},
            {"id": "orb", "name": "Orb", "timestamp": 4, "zone": "exile", "exiled_with": "bear", **artifact},
        ]
    )


def _ctx(board: Any, source: str = "src") -> Any:
    from reference.filters import Context
    from reference.resolver import initial_state

    return Context(board=board, state=initial_state(board), source=source, controller="p1")


def test_a_value_counts_the_sources_own_counters() -> None:
    """122.1, 613.4c: "for each +1/+1 counter on this creature" counts the source's counters, whatever object the
    value is computed for."""
    from reference.filters import evaluate

    board = _value_board()
    assert evaluate(freeze({"source_counters": "+1/+1"}), _ctx(board), "bear") == 2
    assert evaluate(freeze({"source_counters": "+1/+1"}), _ctx(board, "bear"), "src") == 0


def test_sums_and_multiples_of_values_read_the_object_they_are_computed_for() -> None:
    """613.4c, 107.3: "X is twice its power" and "its power plus its toughness" are computed for the object the
    effect applies to: twice 3 is 6 for a 3/2, 3 + 2 is 5; for the 2/2 source, 4 and 4."""
    from reference.filters import evaluate

    board, twice = _value_board(), freeze({"times": (2, {"its": "power"})})
    both = freeze({"sum": ({"its": "power"}, {"its": "toughness"})})
    assert (evaluate(twice, _ctx(board), "bear"), evaluate(both, _ctx(board), "bear")) == (6, 5)
    assert (evaluate(twice, _ctx(board), "src"), evaluate(both, _ctx(board), "src")) == (4, 4)


def test_devotion_to_several_colors_counts_each_symbol_of_any_of_them_once() -> None:
    """700.5a: devotion to white and blue counts the mana symbols that are white or blue among the mana costs of the
    permanents its controller controls: {W}{U} and {1}{W}, three; devotion to white alone, two."""
    from reference.filters import evaluate

    board = _value_board()
    assert evaluate(freeze({"devotion": ("white", "blue")}), _ctx(board), None) == 3
    assert evaluate(freeze({"devotion": "white"}), _ctx(board), None) == 2


def test_exiled_with_its_source_means_that_source_and_no_other() -> None:
    """607.2a, 406.6: "cards exiled with this" are the ones its own ability exiled: the Stone for the source, the
    Orb for the Bear; the compiled test says the same, and a plain (unfrozen) filter compiles too."""
    from reference.filters import matches
    from reference_optimized.compiled_filters import compiled

    board = _value_board()
    filt = freeze({"exiled_with_source": True})
    for source, exiled in (("src", "stone"), ("bear", "orb")):
        ctx = _ctx(board, source)
        assert [i for i in sorted(board.objects) if matches(filt, i, ctx)] == [exiled]
        assert [i for i in sorted(board.objects) if compiled(filt)(i, ctx)] == [exiled]
        assert [i for i in sorted(board.objects) if compiled({"exiled_with_source": True})(i, ctx)] == [exiled]


# 612.3, 113.2c: text changes and the abilities they do not reach


def test_a_granted_wording_is_not_read_through_its_objects_text_changes() -> None:
    """612.3: a text change on the Bear ("elf" becomes "goblin") does not reach the abilities effects grant it, so a
    granted "goblins get +1/+1." is no text-changed "elves get +1/+1.": the board defines only the latter, and a
    wording without a definition generates no effect. The Goblin stays 2/2; the Elf too (nothing says elves)."""
    board = make_board(
        [creature("bear", 1), creature("elf", 2, subtypes=["elf"]), creature("goblin", 3, subtypes=["goblin"])],
        effects=[
            {"id": "t", "controller": "p1", "timestamp": 4, "applies_to": ["bear"], "parts": [ELF_TO_GOBLIN]},
            {"id": "g", "controller": "p1", "timestamp": 5, "applies_to": ["bear"],
             "parts": [{"op": "add_abilities", "abilities": [GOBLINS_PUMP]}]},
        ],
        abilities=[ELVES_PUMP_DEF],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = run(board, vid)[0].final
        assert GOBLINS_PUMP in final["bear"].abilities
        assert [(final[i].power, final[i].toughness) for i in ("elf", "goblin")] == [(2, 2), (2, 2)], vid
        assert check_board(board, get_version(vid)).status == "verified", vid  # the z3 encoding's own reading


def test_an_ability_and_a_text_changed_instance_of_it_are_two_effects() -> None:
    """113.2c, 612.1 under a proposed profile that applies text changes in layer 1a (rules versions are data): the
    Bear's "elves get +1/+1." becomes "goblins get +1/+1." (timestamp 2); then a mutating creature with "elves get
    +1/+1." merges under it (timestamp 3), adding that ability as printed. The Bear has both: two instances, each its
    own effect, so the Elf and the Goblin each get +1/+1 (3/3). Both resolvers agree, and the trace names both."""
    from dataclasses import replace

    from reference.resolver import resolve
    from reference.versions import Classification
    from reference_optimized import resolve as fast_resolve

    text_in_1a = replace(
        IKORIA,
        id="text-in-1a",
        classification=tuple(Classification(c.kind, c.origins, "1a") if c.kind == "text" else c
                             for c in IKORIA.classification),
    )  # fmt: skip
    board = make_board(
        [
            creature("bear", 1, abilities=[ELVES_PUMP]),
            creature("mutant", 4, abilities=[ELVES_PUMP], zone="stack"),
            creature("elf", 5, subtypes=["elf"]),
            creature("goblin", 6, subtypes=["goblin"]),
        ],
        effects=[{"id": "t", "controller": "p1", "timestamp": 2, "applies_to": ["bear"], "parts": [ELF_TO_GOBLIN]}],
        abilities=[ELVES_PUMP_DEF],
        step={"merge": {"mutant": {"onto": "bear", "position": "under", "timestamp": 3}}},
    )
    readable = resolve(board, text_in_1a)
    assert fast_resolve(board, text_in_1a) == readable
    final = readable.final
    assert final["bear"].abilities == {ELVES_PUMP, GOBLINS_PUMP}
    assert [(final[i].power, final[i].toughness) for i in ("elf", "goblin")] == [(3, 3), (3, 3)]
    applied = [s.effect for s in readable.steps if s.effect.startswith("bear:")]
    assert applied == ["bear:elves get +1/+1.", "bear:elves get +1/+1. (reads 'goblins get +1/+1.')"]
    assert check_board(board, text_in_1a).status == "verified"  # the z3 encoding's own reading


def test_what_an_effect_applies_to_among_some_objects_is_cut_to_those_objects() -> None:
    """611.2c, 613.6 (``effects.affected`` with ``among``): a resolved effect's fixed objects, and the objects an effect
    locked in when it began to apply, asked about among some objects, are those of them it applies to."""
    from reference.effects import affected, resolved_effects
    from reference.resolver import initial_state

    board = make_board(
        [creature("bear", 1), creature("elf", 2, subtypes=["elf"]), creature("ogre", 3)],
        effects=[{"id": "pump", "controller": "p1", "timestamp": 4, "applies_to": ["bear", "elf"],
                  "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}],
    )  # fmt: skip
    state = dict(initial_state(board, IKORIA))
    (pump,) = resolved_effects(board)
    assert affected(pump, board, state, {}) == {"bear", "elf"}
    assert affected(pump, board, state, {}, among=["elf", "ogre"]) == {"elf"}
    locked = {pump.key: (pump, frozenset({"bear", "ogre"}))}
    assert affected(pump, board, state, locked, among=["elf", "ogre"]) == {"ogre"}


def test_what_a_static_effect_applies_to_among_some_objects_is_cut_to_those_objects() -> None:
    """611.3a (``effects.affected`` and ``filters.objects_matching`` with ``among``): "creatures get +1/+1" asked
    about among two of three creatures applies to those two only."""
    from reference.effects import affected, static_effects
    from reference.effects import context as effects_context
    from reference.filters import objects_matching
    from reference.resolver import initial_state

    anthem = "creatures get +1/+1."
    board = make_board(
        [creature("bear", 1), creature("elf", 2), enchantment("crusade", 3, anthem)],
        abilities=[{"text": anthem, "applies_to": {"type": "creature"},
                    "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}],
    )  # fmt: skip
    state = dict(initial_state(board, IKORIA))
    (effect,) = static_effects(board, state)
    assert affected(effect, board, state, {}) == {"bear", "elf"}
    assert affected(effect, board, state, {}, among=["elf", "crusade"]) == {"elf"}
    ctx = effects_context(effect, board, state)
    assert objects_matching({"type": "creature"}, ctx, among=["bear", "crusade"]) == {"bear"}
