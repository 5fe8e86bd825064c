"""The encoding's own reading of the timestamps the rules assign (proofs.clock, 613.7b-f).

It agrees with the step semantics (reference.case, reference.clock) on every corpus step and
catches a board whose timestamps are wrong.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from mtg_layers.corpus import case_from_data
from proofs.clock import assigned_timestamps, disagreements
from reference.case import apply_step, board_at, initial_board, needs_version

from ..builders import CLOCK_CASE as CASE
from ..builders import corpus


def test_the_encodings_own_reading_agrees_on_every_corpus_step() -> None:
    checked = 0
    for case in corpus():
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


def test_the_encodings_reading_stamps_a_transformation_left_to_the_rules() -> None:
    """613.7g: a double-faced permanent that transforms without a timestamp gets the next one; another doesn't."""
    back = {"name": "Back", "types": ["creature"], "power": 3, "toughness": 3}
    data = copy.deepcopy(CASE)
    data["objects"] = [{**o, "back_face": back} if o["id"] == "b" else o for o in data["objects"]]
    transforming = {"description": "transform", "transform": {"b": None, "eq": None}}
    data["steps"] = [data["steps"][0], {**transforming, "expect": {v: {} for v in data["versions"]}}]
    case = case_from_data(data)
    before = board_at(case, 1)
    step = case.steps[1]
    after = apply_step(before, step)
    assigned = assigned_timestamps(before, step)
    assert set(assigned) == {"b"} and after.objects["b"].timestamp == assigned["b"] == 3
    assert disagreements(after, assigned) == []
