"""Timestamps the rules assign (613.7b-f, reference.clock): derived from a step's events, an explicit one overrides.

Also: the z3 side's own reading (proofs.clock) agrees with the step semantics on every corpus
step and catches a board whose timestamps are wrong; the adapter protocol's flat board has the
same timestamps; and the loader refuses what the rules cannot fill in.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.conformance.protocol import board_data
from mtg_layers.corpus import CorpusError, case_from_data, load_corpus
from proofs.clock import assigned_timestamps, disagreements
from reference.case import apply_step, board_at, initial_board, needs_version
from reference.clock import BY_RULES, Clock
from reference.frozen import FrozenMap
from reference.model import Board, Counter, Effect

CASE: dict[str, Any] = {
    "id": "clock-test",
    "title": "timestamps the rules assign",
    "versions": ["ikoria"],
    "features": ["timestamps"],
    "sources": [{"kind": "derived", "ref": "test"}],
    "objects": [
        {"id": "a", "timestamp": 1, "types": ["creature"], "power": 2, "toughness": 2},
        {"id": "b", "timestamp": 2.5, "types": ["creature"], "power": 2, "toughness": 2},
        {"id": "eq", "timestamp": 2, "types": ["artifact"], "subtypes": ["equipment"], "attached_to": "a"},
    ],
    "steps": [
        {"description": "start", "expect": {"ikoria": {}}},
        {
            "description": "things happen",
            "add_objects": [
                {
                    "id": "c",
                    "types": ["creature"],
                    "power": 1,
                    "toughness": 1,
                    "counters": [{"kind": "+1/+1", "count": 1}],
                }
            ],
            "set_counters": {"a": [{"kind": "+1/+1", "count": 2}]},
            "attach": {"eq": "b"},
            "add_effects": [
                {"id": "e", "applies_to": ["a"], "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}
            ],
            "expect": {"ikoria": {}},
        },
        {
            "description": "fewer counters, the same attachment, a move, a turn",
            "set_counters": {"a": [{"kind": "+1/+1", "count": 1}]},
            "attach": {"eq": "b"},
            "move": {"c": "graveyard"},
            "turn_face_down": {"b": None},
            "expect": {"ikoria": {}},
        },
    ],
}


def _stamps(board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {i: o.timestamp for i, o in board.objects.items()}
    out.update({f"{i}:{c.kind}": c.timestamp for i, o in board.objects.items() for c in o.counters})
    out.update({f"effect {e.id}": e.timestamp for e in board.effects})
    return out


def test_each_event_gets_the_next_time_in_the_order_of_the_step() -> None:
    case = case_from_data(copy.deepcopy(CASE))
    two = _stamps(board_at(case, 2))
    # the clock reads 2 (2.5 rounded down): c enters (3, its counter too), a's counters (4), eq attached (5), e (6)
    assert two == {"a": 1, "b": 2.5, "eq": 5, "c": 3, "c:+1/+1": 3, "a:+1/+1": 4, "effect e": 6}
    three = _stamps(board_at(case, 3))
    # a counter removed keeps its time (613.7c); eq already on b gets none (701.3b); c moves (613.7d); b turns (613.7f)
    assert three["a:+1/+1"] == 4 and three["eq"] == 5
    assert three["c"] == 7 and three["b"] == 8
    assert "c:+1/+1" not in three  # 122.2: counters do not follow it to the graveyard


def test_an_explicit_timestamp_overrides_and_later_events_follow_it() -> None:
    data = copy.deepcopy(CASE)
    data["steps"][1]["attach"] = {"eq": "b"}
    data["steps"][1]["set_timestamp"] = {"eq": 40}
    data["steps"][1]["add_effects"][0]["timestamp"] = 2.7
    case = case_from_data(data)
    stamps = _stamps(board_at(case, 2))
    assert stamps["eq"] == 40 and stamps["effect e"] == 2.7
    assert _stamps(board_at(case, 3))["c"] == 41  # the next event comes after the explicit 40


def test_the_clock_starts_after_every_timestamp_on_the_board() -> None:
    a = replace(
        case_from_data(copy.deepcopy(CASE)).objects[0],
        counters=(Counter("+1/+1", 1, 6.5),),
        face_history=((9.0, True),),
    )
    board = Board(objects={"a": a}, effects=(Effect("e", 3, ("a",), ()),), abilities=FrozenMap())
    clock = Clock(board)
    assert clock.tick() == 10 and clock.tick() == 11


def test_no_board_keeps_a_timestamp_left_to_the_rules() -> None:
    for case in load_corpus():
        for n in range(1, len(case.steps) + 1):
            board = board_at(case, n) if not any(needs_version(s, case.abilities) for s in case.steps[:n]) else None
            if board is None:
                continue
            assert BY_RULES not in _stamps(board).values(), (case.id, n)


def test_the_encodings_own_reading_agrees_on_every_corpus_step() -> None:
    checked = 0
    for case in load_corpus():
        before = initial_board(case)
        for step in case.steps:
            if needs_version(replace(step, state_based_actions=False), case.abilities):
                break  # this board and the next need a rules version (614.12, 612.2a)
            after = apply_step(before, replace(step, state_based_actions=False))
            assert disagreements(after, assigned_timestamps(before, step)) == [], case.id
            checked += 1
            if step.state_based_actions:
                break  # the next boards need a rules version
            before = after
    assert checked > 100


def test_the_encodings_reading_catches_a_wrong_timestamp() -> None:
    case = case_from_data(copy.deepcopy(CASE))
    before = board_at(case, 1)
    step = case.steps[1]
    after = apply_step(before, step)
    wrong = replace(after, objects={**after.objects, "eq": replace(after.objects["eq"], timestamp=2)})
    found = disagreements(wrong, assigned_timestamps(before, step))
    assert found == ["object eq: the rules assign timestamp 5 (613.7), the board has 2"]


def test_the_protocol_board_has_the_same_timestamps() -> None:
    data = copy.deepcopy(CASE)
    case = case_from_data(copy.deepcopy(data))
    for n in (2, 3):
        flat = board_data(data, n)
        ref = board_at(case, n)
        for o in flat["objects"]:
            assert o["timestamp"] == ref.objects[o["id"]].timestamp
            assert {c["kind"]: c["timestamp"] for c in o["counters"]} == {
                c.kind: c.timestamp for c in ref.objects[o["id"]].counters
            }
        assert {e["id"]: e["timestamp"] for e in flat["effects"]} == {e.id: e.timestamp for e in ref.effects}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d["objects"][0].pop("timestamp"), "objects[0].timestamp", "needs a timestamp (613.7)"),
        (
            lambda d: d.update(effects=[{"id": "x", "applies_to": ["a"], "parts": [{"op": "switch_pt"}]}]),
            "effects[0].timestamp",
            "needs a timestamp (613.7)",
        ),
        (lambda d: d["steps"][2].update(turn_face_down={"b": "now"}), "steps[2].turn_face_down.b", "number or null"),
        (
            lambda d: d["steps"][1]["set_counters"]["a"][0].update(timestamp="later"),
            "steps[1].set_counters.a[0].timestamp",
            "number",
        ),
    ],
)
def test_bad_timestamps_name_the_field(change: Any, field: str, words: str) -> None:
    data = copy.deepcopy(CASE)
    change(data)
    with pytest.raises(CorpusError) as info:
        case_from_data(data, "bad.yaml")
    assert info.value.field == field and words in info.value.message, str(info.value)


def test_an_object_added_without_a_timestamp_enters_at_the_time_of_its_step() -> None:
    case = case_from_data(copy.deepcopy(CASE))
    obj = replace(case.objects[0], id="x", timestamp=BY_RULES)
    step = replace(case.steps[0], add_objects=(obj,))
    assert apply_step(Board({}, (), FrozenMap()), step).objects["x"].timestamp == 1
