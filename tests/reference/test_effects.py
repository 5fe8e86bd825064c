"""Continuous effects during the layer process (reference.effects): which exist, what they apply to, what
they do.

The rules' own effects: counters (122.1a-b, 613.7c), face-down status (708.2) and merging
(729.2, 721.2a in 2020). Resolved spells and abilities (611.2) keep their source and controller.
Static abilities reach the zones their text names (611.3a) and keep applying once begun (613.6);
an effect giving another card's full text (612.6). Expected values are reasoned from the rules and
from the trace's wording on hand-built boards, not read off the resolver.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mtg_layers.analysis.trace_text import explain_resolution
from mtg_layers.checking.z3_crosscheck import check_board
from reference.case import board_at
from reference.effects import ContinuousEffect, rule_effects
from reference.frozen import FrozenMap
from reference.model import Board, Part
from reference.resolver import initial_state, resolve
from reference.versions import RulesVersion, builtin_profile_data, get_version, version_from_mapping

from ..builders import (
    ELF_TO_GOBLIN,
    ELVES_PUMP,
    ELVES_PUMP_DEF,
    GOBLINS_PUMP,
    IKORIA,
    creature,
    enchantment,
    loaded_case,
    make_board,
    run,
)
from ..builders import graveyard_card as _card


def _effects(board: Board) -> list[ContinuousEffect]:
    return rule_effects(board, initial_state(board))


def _traced(board: Board) -> list[str]:
    """The effects of the trace in words (``explain``), in the order they apply, without their ids."""
    rows = explain_resolution(board, resolve(board, IKORIA), IKORIA).rows
    return [r.effect.split(" (timestamp ")[0] for r in rows]


# 122.1a-b, 613.7c: counters


def _countered() -> Board:
    """A 2/2 with a charge counter (no effect on its characteristics), a flying counter and two +1/+1 counters."""
    counters = [
        {"kind": "charge", "count": 1, "timestamp": 2},
        {"kind": "flying", "count": 1, "timestamp": 3},
        {"kind": "+1/+1", "count": 2, "timestamp": 4},
    ]
    return make_board([creature("ogre", 1, counters=counters)])


def test_counters_that_change_characteristics_are_effects_of_the_rules() -> None:
    """122.1a, 122.1b, 613.7c: two +1/+1 counters act as one +2/+2 effect and a flying counter grants flying, each
    with its counters' timestamp; a charge counter changes no characteristic and is no effect at all."""
    assert _effects(_countered()) == [
        ContinuousEffect(
            key="counters:ogre:+1/+1",
            origin="rule",
            timestamp=4,
            parts=(Part("counter_pt", FrozenMap({"power": 2, "toughness": 2})),),
            description="2 +1/+1 counter(s) on ogre",
            targets=("ogre",),
        ),
        ContinuousEffect(
            key="counters:ogre:flying",
            origin="rule",
            timestamp=3,
            parts=(Part("counter_keyword", FrozenMap({"ability": "flying"})),),
            description="1 flying counter(s) on ogre",
            targets=("ogre",),
        ),
    ]


def test_a_counter_of_no_effect_does_not_hide_the_counters_after_it() -> None:
    """122.1b: a flying counter grants flying though a charge counter (a kind that sorts before it) is on the
    same creature; 613.4c: the two +1/+1 counters make the 2/2 a 4/4."""
    _, result = run(_countered())
    assert result["ogre"]["power"] == 4 and result["ogre"]["toughness"] == 4
    assert result["ogre"]["abilities"] == ["flying"]


def test_the_trace_names_the_counters() -> None:
    """The trace row of a counters effect says how many counters of which kind are on which object, by name."""
    assert _traced(_countered()) == ["the flying counter on Ogre", "2 +1/+1 counters on Ogre"]


# 708.2: face-down status


def _face_down() -> Board:
    """A face-down Exalted Angel (4/5 face up)."""
    return make_board([creature("morph", 5, power=4, toughness=5, name="Exalted Angel", face_down=True)])


def test_a_face_down_permanent_s_status_is_an_effect_of_the_rules() -> None:
    """708.2, 613.2b: being face down is an effect of the rules with the permanent's own timestamp, giving it the
    face-down values (a 2/2 with no name, no color, no ability)."""
    board = _face_down()
    (effect,) = _effects(board)
    assert effect == ContinuousEffect(
        key="face-down:morph",
        origin="rule",
        timestamp=5,
        parts=(Part("face_down", board.objects["morph"].face_down_values),),
        description="morph is face down (708.2)",
        targets=("morph",),
    )
    assert _traced(board) == ["Exalted Angel is face down (708.2)"]


# 729.2 (721.2a in 2020): merging


def _merged() -> Board:
    """A 1/1 flyer; a 4/4 trample Beast mutates over it (ts 3), then a 3/3 reach Spider under it (ts 4)."""
    base = creature("base", 1, power=1, toughness=1, name="Base", abilities=["flying"])
    top = creature("top", 2, power=4, toughness=4, name="Top", zone="stack", abilities=["trample"])
    under = creature("under", 2.5, power=3, toughness=3, name="Under", zone="stack", abilities=["reach"])
    merges = {
        "top": {"onto": "base", "position": "over", "timestamp": 3},
        "under": {"onto": "base", "position": "under", "timestamp": 4},
    }
    return make_board([base, top, under], step={"merge": merges})


def test_merging_over_and_under_are_effects_of_the_rules_that_say_which() -> None:
    """729.2, 702.140c: each merge is an effect of the rules with the time it merged; the trace says whether the
    component merged over the permanent (its values replace the permanent's) or under it (only its abilities
    join)."""
    effects = _effects(_merged())
    assert [(e.key, e.origin, e.timestamp, e.targets) for e in effects] == [
        ("merge:base:top", "rule", 3, ("base",)),
        ("merge:base:under", "rule", 4, ("base",)),
    ]
    assert [e.description for e in effects] == [
        "top merged over base (721.2a, 729.2)",
        "under merged under base (721.2a, 729.2)",
    ]
    assert [dict(e.parts[0].args)["over"] for e in effects] == [True, False]
    assert _traced(_merged()) == [
        "Top merged over Base (721.2a, 729.2)",
        "Under merged under Base (721.2a, 729.2)",
    ]


def test_a_merged_permanent_has_the_top_card_s_values_and_every_ability() -> None:
    """702.140e, 729.2a: the Beast on top gives its name and 4/4; the flying of the card under it and the reach of
    the card under that stay."""
    _, result = run(_merged())
    base = result["base"]
    assert (base["name"], base["power"], base["toughness"]) == ("Top", 4, 4)
    assert base["abilities"] == ["flying", "reach", "trample"]


# A proposed profile may single out the rules' own effects by their origin


def _rules_apart() -> RulesVersion:
    """ikoria with every kind the rules' effects have classified separately for origin "rule" (same slots)."""
    data = copy.deepcopy(dict(builtin_profile_data()["ikoria"]))
    data.update(id="rule-origin-apart", aliases=[], based_on=None)
    classify = []
    for c in data["classify"]:
        if c["kind"] in ("copy", "face_down", "counter_pt", "counter_keyword"):
            classify.append({**c, "origin": ["rule"]})
            if c["kind"] in ("copy", "face_down"):  # resolved and static effects copy and turn face down too
                classify.append({**c, "origin": ["resolved", "static", "cda"]})
        else:
            classify.append(c)
    data["classify"] = classify
    return version_from_mapping(data)


def test_a_classification_for_origin_rule_reaches_counters_face_down_status_and_merging() -> None:
    """613.1 as data: a proposed profile that classifies counters, face-down status and merging as the rules'
    effects (origin "rule") still applies them: 4/4 flyer, a nameless 2/2, a merged "Top"."""
    version = _rules_apart()
    countered = resolve(_countered(), version).final["ogre"]
    assert (countered.power, countered.toughness, countered.abilities) == (4, 4, frozenset({"flying"}))
    face_down = resolve(_face_down(), version).final["morph"]
    assert (face_down.name, face_down.power, face_down.toughness) == (None, 2, 2)
    merged = resolve(_merged(), version).final["base"]
    assert (merged.name, merged.power, merged.abilities) == ("Top", 4, frozenset({"flying", "reach", "trample"}))


# 611.2: resolved spells and abilities


def _stolen() -> Board:
    """p2 activated the Captain's "gain control of target creature until end of turn" while p2 controlled it; the
    Captain is p1's again (that control effect ended), the effect is still p2's: worded "you gain control"."""
    treason = {
        "id": "treason",
        "description": "Gain control of target creature until end of turn",
        "controller": "p2",
        "source": "captain",
        "timestamp": 3,
        "applies_to": ["ogre"],
        "parts": [{"op": "set_controller", "player": "you"}],
    }
    return make_board([creature("ogre", 1), creature("captain", 2)], [treason])


def test_you_in_a_resolved_effect_is_its_controller() -> None:
    """109.4, 611.2: "you" in an activated ability's effect is the player who activated it (p2), not whoever
    controls its source now (p1): p2 controls the Ogre."""
    _, result = run(_stolen())
    assert result["ogre"]["controller"] == "p2"
    assert result["captain"]["controller"] == "p1"


def test_a_named_player_in_a_resolved_effect_is_that_player() -> None:
    """109.4, 611.2: p1's Donate gives the Ogre to the player it names (p2), not to its controller."""
    donate = {
        "id": "donate",
        "description": "Target player gains control of target permanent you control",
        "controller": "p1",
        "timestamp": 3,
        "applies_to": ["ogre"],
        "parts": [{"op": "set_controller", "player": "p2"}],
    }
    _, result = run(make_board([creature("ogre", 1)], [donate]))
    assert result["ogre"]["controller"] == "p2"


def test_a_resolved_effect_reads_its_own_source() -> None:
    """611.2, 611.2d: an amount that counts counters "on this" counts those on the effect's source (three charge
    counters on the Lantern), not on nothing; the board is the moment of resolution, when the amount is fixed."""
    lantern = {"id": "lantern", "name": "Lantern", "timestamp": 2, "controller": "p1", "types": ["artifact"]}
    lantern["counters"] = [{"kind": "charge", "count": 3}]
    pump = {
        "id": "pump",
        "description": "Target creature gets +X/+0, X the number of charge counters on the Lantern",
        "controller": "p1",
        "source": "lantern",
        "timestamp": 3,
        "applies_to": ["ogre"],
        "parts": [{"op": "modify_pt", "power": {"source_counters": "charge"}, "toughness": 0}],
    }
    case = loaded_case([creature("ogre", 1), lantern], steps=[{"description": "it resolves", "add_effects": [pump]}])
    _, result = run(board_at(case, 1, IKORIA))
    assert (result["ogre"]["power"], result["ogre"]["toughness"]) == (5, 2)


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

FULL_TEXT = "this creature has the full text of the creature card on top of your graveyard."

BEARS = {
    "name": "Grizzly Bears",
    "mana_value": 2,
    "mana_cost": "{1}{G}",
    "colors": ["green"],
    "subtypes": ["bear"],
}

SHAPESHIFTER = creature(
    "vs",
    10,
    power=0,
    toughness=1,
    name="Volrath's Shapeshifter",
    mana_value=3,
    mana_cost="{1}{U}{U}",
    colors=["blue"],
    subtypes=["phyrexian", "shapeshifter"],
    abilities=[FULL_TEXT],
)


def _full_text_board(part: dict[str, Any], graveyard: list[dict[str, Any]]) -> Board:
    ability = {"text": FULL_TEXT, "applies_to": {"is_source": True}, "parts": [{"op": "full_text_of", **part}]}
    return make_board([*graveyard, SHAPESHIFTER], abilities=[ability])


# --- effects.full_text_instruction (612.6)


def test_full_text_reads_a_card_in_a_zone_the_filter_does_not_name() -> None:
    """612.6, 404.1: "the creature card on top of your graveyard" picks that card though the filter names no zone."""
    board = _full_text_board(
        {"from": {"owner": "you", "top_of_graveyard": True, "type": "creature"}, "plus": ["{2}: discard a card."]},
        [_card("bears", 1, **BEARS)],
    )
    _, result = run(board)
    vs = result["vs"]
    assert vs["name"] == "Grizzly Bears"
    assert (vs["power"], vs["toughness"]) == (2, 2)
    assert vs["colors"] == ["green"]
    assert vs["subtypes"] == ["bear"]
    assert vs["abilities"] == ["{2}: discard a card."]


def test_full_text_without_added_text_gives_the_cards_text_only() -> None:
    """612.6: an effect that gives a card's full text and adds no text of its own: the object has exactly that text."""
    board = _full_text_board(
        {"from": {"zone": "graveyard", "owner": "you", "type": "creature"}},
        [_card("bears", 1, **BEARS, abilities=["vigilance"])],
    )
    _, result = run(board)
    assert result["vs"]["name"] == "Grizzly Bears"
    assert result["vs"]["abilities"] == ["vigilance"]


def test_full_text_of_no_card_changes_nothing() -> None:
    """612.6: when no card qualifies, the object keeps its own text."""
    forest = {
        "id": "forest",
        "name": "Forest",
        "owner": "p1",
        "zone": "graveyard",
        "timestamp": 1,
        "types": ["land"],
        "subtypes": ["forest"],
    }
    board = _full_text_board({"from": {"zone": "graveyard", "owner": "you", "type": "creature"}}, [forest])
    _, result = run(board)
    vs = result["vs"]
    assert vs["name"] == "Volrath's Shapeshifter"
    assert (vs["power"], vs["toughness"]) == (0, 1)
    assert vs["abilities"] == [FULL_TEXT]


def test_full_text_of_two_cards_is_refused_with_both_named() -> None:
    """612.6: an object has the full text of one card; a filter that picks two is an error naming them."""
    board = _full_text_board(
        {"from": {"zone": "graveyard", "owner": "you", "type": "creature"}},
        [_card("bears", 1, **BEARS), _card("goblin", 2)],
    )
    with pytest.raises(ValueError) as err:
        run(board)
    assert str(err.value) == (f"vs:{FULL_TEXT}: full_text_of: the filter picks 2 cards (['bears', 'goblin']), not one")


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

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


def humility_opalescence(humility_ts: float, opal_ts: float, version: str = "m10") -> dict[str, dict[str, Any]]:
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


def test_static_ability_reaches_the_zones_its_text_names() -> None:
    """611.3a, 613.1: an ability naming the graveyard applies there; one that does not, only to permanents."""
    from ..builders import make_board, run

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
    from ..builders import make_board, run

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


# Issue 28, items 4 and 9: where a static ability works (113.6, 113.6b, 114.4).

HASTE_FROM_GRAVEYARD = "as long as this card is in your graveyard, creatures you control have haste."
EMBLEM_ANTHEM = "creatures you control get +1/+1."
ZONED = [
    {
        "text": HASTE_FROM_GRAVEYARD,
        "applies_to": {"type": "creature", "controller": "you"},
        "functions_in": ["graveyard"],
        "parts": [{"op": "add_abilities", "abilities": ["haste"]}],
    },
    {
        "text": EMBLEM_ANTHEM,
        "applies_to": {"type": "creature", "controller": "you"},
        "functions_in": ["command"],
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    },
]


@pytest.mark.parametrize("zone", ["graveyard", "battlefield", "exile", "hand"])
def test_113_6b_an_ability_that_names_the_graveyard_works_from_there_only(zone: str) -> None:
    card = creature("anger", 1, abilities=[HASTE_FROM_GRAVEYARD], zone=zone, owner="p1")
    board = make_board([card, creature("bears", 2)], abilities=ZONED)
    final = resolve(board, get_version("ikoria")).final
    assert ("haste" in final["bears"].abilities) == (zone == "graveyard")


@pytest.mark.parametrize("zone", ["command", "battlefield", "graveyard"])
def test_114_4_an_emblems_ability_works_from_the_command_zone(zone: str) -> None:
    emblem = {"id": "emblem", "name": "Emblem", "owner": "p1", "controller": "p1", "zone": zone, "timestamp": 1}
    board = make_board([{**emblem, "abilities": [EMBLEM_ANTHEM]}, creature("bears", 2)], abilities=ZONED)
    resolution = resolve(board, get_version("2025-08-01"))
    assert resolution.final["bears"].power == (3 if zone == "command" else 2)
    applied = [s for s in resolution.steps if s.effect == f"emblem:{EMBLEM_ANTHEM}"]
    assert bool(applied) == (zone == "command")  # the trace shows the emblem's effect (it was empty)
