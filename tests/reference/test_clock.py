"""Timestamps the rules assign (613.7b-f, reference.clock): derived from a step's events, an explicit one overrides.

Also: the adapter protocol's flat board has the same timestamps as the reference's.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from mtg_layers.conformance.protocol import board_data
from mtg_layers.corpus import case_from_data
from reference.case import apply_step, board_at, needs_version
from reference.clock import BY_RULES, Clock, placed_counters
from reference.frozen import FrozenMap
from reference.model import Board, Counter, Effect

from ..builders import CLOCK_CASE as CASE
from ..builders import corpus, creature, make_board


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
    for case in corpus():
        for n in range(1, len(case.steps) + 1):
            board = board_at(case, n) if not any(needs_version(s, case.abilities) for s in case.steps[:n]) else None
            if board is None:
                continue
            assert BY_RULES not in _stamps(board).values(), (case.id, n)


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


def test_an_object_added_without_a_timestamp_enters_at_the_time_of_its_step() -> None:
    case = case_from_data(copy.deepcopy(CASE))
    obj = replace(case.objects[0], id="x", timestamp=BY_RULES)
    step = replace(case.steps[0], add_objects=(obj,))
    assert apply_step(Board({}, (), FrozenMap()), step).objects["x"].timestamp == 1


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


def test_613_7c_the_newest_timestamp_of_a_kind_is_kept_whatever_the_order_of_its_entries() -> None:
    """613.7c: counters of a kind already there keep the newest timestamp they had, even listed newest first."""
    old = (Counter("+1/+1", 1, 5), Counter("+1/+1", 1, 3))
    assert placed_counters(old, (Counter("+1/+1", 2, BY_RULES),), _clock_at(9)) == (Counter("+1/+1", 2, 5),)
