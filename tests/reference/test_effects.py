"""The effects the game rules and resolved spells bring to the layer process (reference.effects).

The rules' own effects: counters (122.1a-b, 613.7c), face-down status (708.2) and merging
(729.2, 721.2a in 2020). Resolved spells and abilities (611.2) keep their source and controller.
Each test states the rule it pins. Expected values are reasoned from the rules and from the
trace's wording on hand-built boards, not read off the resolver.
"""

from __future__ import annotations

import copy

from mtg_layers.trace_text import explain_resolution
from reference.effects import ContinuousEffect, rule_effects
from reference.frozen import FrozenMap
from reference.model import Board, Part
from reference.resolver import initial_state, resolve
from reference.versions import RulesVersion, builtin_profile_data, get_version, version_from_mapping

from ..builders import creature, make_board, run

IKORIA = get_version("ikoria")


def _effects(board: Board) -> list[ContinuousEffect]:
    return rule_effects(board, initial_state(board))


def _traced(board: Board) -> list[str]:
    """The effects of the trace in words (``explain``), in the order they apply, without their ids."""
    rows = explain_resolution(board, resolve(board, IKORIA), IKORIA).rows
    return [r.effect.split(" [")[0] for r in rows]


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
    _, result = run(make_board([creature("ogre", 1), lantern], [pump]))
    assert (result["ogre"]["power"], result["ogre"]["toughness"]) == (5, 2)
