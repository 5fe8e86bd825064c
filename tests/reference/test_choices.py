"""Every outcome a board can have when its timestamps leave a choice (613.7m): reference.choices."""

from __future__ import annotations

import copy
from typing import Any

from reference.case import board_at
from reference.choices import chosen_before, front, outcomes
from reference.model import Board
from reference.timestamps import Tie
from reference.versions import get_version

from ..builders import IKORIA, board, creature, make_board, obj

# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# 613.7m: every outcome of an open order


def test_613_7m_one_ability_of_an_object_before_another_objects_puts_all_of_its_before_all_of_those() -> None:
    """613.7m, 613.7a: the choice "c's x before d's z" orders the objects c and d, so c's other ability y comes before
    d's other ability w too, and not the other way round (abilities of two objects never interleave)."""
    holder_of = {"c:x": "c", "c:y": "c", "d:z": "d", "d:w": "d"}
    pairs = (("c:x", "d:z"),)
    assert chosen_before(pairs, holder_of, lambda _a, _b: False, "c:y", "d:w")
    assert not chosen_before(pairs, holder_of, lambda _a, _b: False, "d:w", "c:y")


def test_613_7m_an_open_tie_is_cut_to_the_effects_no_choice_puts_after_another() -> None:
    """A choice made earlier put a before b: of the tie a, b, c only a and c can come first, and b's place is implied.

    613.7m lets the controller order the tied effects, but a choice already made (a before b) must be kept: b
    cannot be applied first among a, b and c, and it comes after a, the pair the cut leaves implied.
    """
    tie = Tie("7c", ("a", "b", "c"), ("a", "b", "c"), ("a", "b", "c"), None, "P1", None)
    cut, implied = front(tie, (("a", "b"),), {"a": "a", "b": "b", "c": "c"}, lambda _x, _y: False)
    assert (cut.candidates, cut.holders) == (("a", "c"), ("a", "c"))
    assert implied == (("a", "b"),)
    assert front(tie, (), {"a": "a", "b": "b", "c": "c"}, lambda _x, _y: False) == (tie, ()), "no choice: all open"
    # derived: b chosen before a, so a cannot come first (asked after a itself, then b: each effect's reach its own)
    cut, implied = front(tie, (("b", "a"),), {"a": "a", "b": "b", "c": "c"}, lambda _x, _y: False)
    assert (cut.candidates, implied) == (("b", "c"), (("b", "a"),))


def _two_pt_ties() -> Board:
    """Two set-P/T effects tied at timestamp 5 (7b) and two P/T modifications tied at 6 (7c)."""
    from ..builders import creature, make_board

    def pt(eid: str, ts: int, op: str, p: int, t: int) -> dict[str, Any]:
        return {"id": eid, "timestamp": ts, "applies_to": ["c"], "parts": [{"op": op, "power": p, "toughness": t}]}

    effects = [pt("e1", 5, "set_pt", 1, 1), pt("e2", 5, "set_pt", 4, 4)]
    return make_board([creature("c", 1)], effects + [pt("e3", 6, "modify_pt", 1, 0), pt("e4", 6, "modify_pt", 0, 1)])


def test_every_order_of_two_ties_is_an_outcome_and_only_the_one_that_matters_is_said_to() -> None:
    """613.7m, 613.4b-c: the later set-P/T wins, modifications add up in any order: two outcomes, one tie matters."""
    found = outcomes(_two_pt_ties(), IKORIA)
    pts = [((o.final["c"].power, o.final["c"].toughness), o.orders) for o in found.outcomes]
    assert pts == [
        ((5, 5), (("e1", "e2", "e3", "e4"), ("e1", "e2", "e4", "e3"))),
        ((2, 2), (("e2", "e1", "e3", "e4"), ("e2", "e1", "e4", "e3"))),
    ]
    assert found.complete and found.depends_on_choice
    assert [t.candidates for t in found.ties] == [("e1", "e2"), ("e3", "e4")]
    assert [t.candidates for t in found.mattering] == [("e1", "e2")]


def test_the_enumeration_stops_at_its_limit_and_says_so() -> None:
    """613.7m: two ties of two effects take 1 + 2 + 4 resolutions; fewer leave the enumeration incomplete."""
    board = _two_pt_ties()
    assert outcomes(board, IKORIA, limit=7).complete
    six = outcomes(board, IKORIA, limit=6)
    assert not six.complete
    assert [len(o.orders) for o in six.outcomes] == [2, 1]
    one = outcomes(board, IKORIA, limit=1)
    assert (one.outcomes, one.complete, len(one.ties)) == ((), False, 1)


def test_a_board_without_open_ties_has_one_outcome() -> None:
    """613.7: distinct timestamps decide every order: one outcome, no choice."""
    found = outcomes(board(obj("bear")), IKORIA)
    assert len(found.outcomes) == 1 and found.outcomes[0].orders == ((),)
    assert (found.complete, found.depends_on_choice, found.ties, found.mattering) == (True, False, (), ())


def test_tied_static_abilities_are_ordered_by_their_objects_or_themselves() -> None:
    """613.7a, 613.7m: tied objects' abilities and two abilities of one object are both recorded as the effects
    they order (one order of the tied effects: a later tie of an object's other abilities is ordered afresh)."""
    from ..builders import creature, make_board

    blue = {
        "text": "all creatures are blue",
        "applies_to": {"type": "creature"},
        "parts": [{"op": "set_colors", "colors": ["blue"]}],
    }
    red = {
        "text": "all creatures are red",
        "applies_to": {"type": "creature"},
        "parts": [{"op": "set_colors", "colors": ["red"]}],
    }
    two = make_board(
        [creature("a", 5, abilities=[blue["text"]]), creature("b", 5, abilities=[red["text"]])], abilities=[blue, red]
    )
    a_blue, b_red = "a:all creatures are blue", "b:all creatures are red"
    assert [(sorted(o.final["a"].colors), o.orders) for o in outcomes(two, IKORIA).outcomes] == [
        (["red"], ((a_blue, b_red),)),
        (["blue"], ((b_red, a_blue),)),
    ]
    one = make_board([creature("a", 5, abilities=[blue["text"], red["text"]])], abilities=[blue, red])
    blue_key, red_key = "a:all creatures are blue", "a:all creatures are red"
    assert [(sorted(o.final["a"].colors), o.orders) for o in outcomes(one, IKORIA).outcomes] == [
        (["red"], ((blue_key, red_key),)),
        (["blue"], ((red_key, blue_key),)),
    ]


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

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
    assert (found.outcomes[0].final["c"].name, found.outcomes[0].final["c"].abilities) == (
        "Bear",
        frozenset({"flying"}),
    )
    assert [t.candidates for t in found.ties] == [("e1", "e2")] and found.mattering == ()


def test_612_2_two_tied_text_changes_of_different_words_are_one_outcome() -> None:
    """612.2, 613.7m: two text changes with one timestamp, white to black and forest to island, on a creature with
    protection from white and forestwalk: either order gives protection from black and islandwalk, one outcome (the
    order the changes were made in is no characteristic: it is how the text came to be)."""
    data = {
        "objects": [
            creature("o1", 1, 2, 2, abilities=["protection from white", "forestwalk"]),
        ],
        "effects": [
            {
                "id": "e1",
                "timestamp": 2,
                "applies_to": ["o1"],
                "parts": [{"op": "replace_word", "from": "white", "to": "black"}],
            },
            {
                "id": "e2",
                "timestamp": 2,
                "applies_to": ["o1"],
                "parts": [{"op": "replace_word", "from": "forest", "to": "island"}],
            },
        ],
    }
    found = outcomes(make_board(data["objects"], data["effects"]), get_version("current"))
    assert found.complete and not found.depends_on_choice
    assert [sorted(o.final["o1"].abilities) for o in found.outcomes] == [["islandwalk", "protection from black"]]
    assert sorted(found.outcomes[0].orders) == [("e1", "e2"), ("e2", "e1")]


def test_613_7m_only_the_ties_whose_order_changes_the_outcome_matter() -> None:
    """613.7m: of two ties of timestamps left open, the one between two effects setting power matters (each order
    gives another power); the one between two effects each granting an ability does not (same abilities)."""
    from reference.choices import outcomes

    board = _two_ties()
    found = outcomes(board, get_version("ikoria"))
    assert found.complete
    assert sorted(sorted(t.candidates) for t in found.ties) == [["a", "b"], ["c", "d"]]
    assert [sorted(t.candidates) for t in found.mattering] == [["a", "b"]]
    assert sorted(str(o.final["bear"].power) for o in found.outcomes) == ["1", "3"]


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


def test_a_tie_that_appears_after_re_evaluation_stays_open() -> None:
    """613.7m, 613.8c: a recorded choice between two effects does not decide a third it never named.

    Three static abilities of one object (one timestamp) in 7b: the third waits for the first
    two, then (613.8c) no longer depends on the second, and ties with it. The branch that put
    the first before the second had taken that new tie as decided; both orders are open.
    """
    from mtg_layers.corpus import case_from_data

    from ..conformance.test_fuzz import TIED

    version = get_version("ikoria")
    data = copy.deepcopy(TIED)
    data["versions"], data["features"], data["steps"][0]["expect"] = ["ikoria"], ["timestamps"], {"ikoria": {}}
    board = board_at(case_from_data(data, "tied.yaml"), 1, version)
    found = outcomes(board, version)
    pts = sorted((o.final["o3"].power, o.final["o3"].toughness) for o in found.outcomes)
    assert pts == [(1, 2), (2, 3)]  # 7b: 0/2 then 0/2 or 0/1; 7c: +toughness/+1


# The board of proofs/findings/choices-rerecorded-key-against-apnap.yaml, kept here whole so the test runs
# wherever the tests are copied (the mutation campaign's scratch copy holds no findings).
APNAP_FINDING = """
id: finding-choices-rerecorded-key-against-apnap
title: two players' objects with one timestamp, tied abilities, no turn given
status: derived
versions:
- ikoria
features:
- timestamps
sources:
- kind: derived
  ref: property test of issue 28 item 14
abilities:
- text: static 0
  applies_to:
    type: creature
  parts:
  - op: add_types
    types:
    - creature
  - op: set_colors
    colors: []
- text: static 1
  applies_to:
    type: creature
  parts:
  - op: all_creature_types
- text: static 2
  applies_to:
    type: creature
  parts:
  - op: set_colors
    colors: []
objects:
- id: o1
  name: O1
  timestamp: 1
  controller: p1
  types:
  - creature
  power: 2
  toughness: 2
  abilities:
  - static 0
  - static 1
- id: o2
  name: O2
  timestamp: 1
  controller: p2
  types:
  - creature
  power: 2
  toughness: 2
  abilities:
  - static 0
  - static 1
  - static 2
steps:
- description: the board
  expect:
    ikoria: {}
"""


def test_a_later_tie_never_records_an_order_against_apnap() -> None:
    """613.7m: with no turn given, a tie among one player's abilities and a later tie among another player's
    objects make an order that puts the active player's object first (it raised TieOrderError before: the
    later tie's keys were appended after the earlier tie's, whatever the players)."""
    import yaml

    from mtg_layers.corpus import case_from_data

    case = case_from_data(yaml.safe_load(APNAP_FINDING), "choices-rerecorded-key-against-apnap.yaml")
    version = get_version("ikoria")
    found = outcomes(board_at(case, 1, version), version)
    assert found.complete and found.outcomes


def test_613_7m_the_turn_the_board_leaves_open_is_a_tie_that_matters() -> None:
    """101.4, 613.7m: two players' objects with one timestamp and no turn given: APNAP order puts the active
    player's object first, so the other's setting effect applies later and wins. Who is active is open, and
    it changes the answer (both bears 1/1 with p2 active, 2/2 with p1 active): that tie matters."""
    small, big = "creatures have base power and toughness 1/1.", "creatures have base power and toughness 2/2."
    board = make_board(
        [
            creature("a", 1, abilities=[small], controller="p1"),
            creature("b", 1, abilities=[big], controller="p2"),
        ],
        abilities=[
            {
                "text": small,
                "applies_to": {"type": "creature"},
                "parts": [{"op": "set_pt", "power": 1, "toughness": 1}],
            },
            {"text": big, "applies_to": {"type": "creature"}, "parts": [{"op": "set_pt", "power": 2, "toughness": 2}]},
        ],
    )
    found = outcomes(board, get_version("ikoria"))
    assert found.complete
    assert sorted(str(o.final["a"].power) for o in found.outcomes) == ["1", "2"]
    assert [t.missing for t in found.mattering] == ["game.turn"]
