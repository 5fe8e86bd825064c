"""The encoding's own reading of stickers (123, 612.9, 613.7k; proofs.stickers): z3 checks what each kind does.

A wrong name, power or toughness in an answer about a stickered object is a counterexample, and the
encoding's own clock catches a sticker timestamp that is not where 613.7k puts it.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from mtg_layers.checking.verify import resolve_step
from mtg_layers.corpus import CASES_DIR, load_case
from proofs.clock import assigned_timestamps, disagreements
from proofs.crosscheck import check_answer
from proofs.stickers import with_word
from reference.case import apply_step, board_at
from reference.versions import get_version

STICKERS = CASES_DIR / "stickers"
CURRENT = get_version("2025-08-01")


@pytest.mark.parametrize(
    ("name", "position", "expected"),
    [("Birds of Paradise", 2, "Birds of Dark Paradise"), ("Realmwalker", 2, "Realmwalker Dark"), (None, 0, "Dark")],
)
def test_the_encodings_reading_of_a_name_sticker(name: str | None, position: int, expected: str) -> None:
    assert with_word(name, "Dark", position) == expected


@pytest.mark.parametrize(
    ("path", "step", "oid", "field", "wrong"),
    [
        ("name-sticker-follows-copy.yaml", 3, "bear", "name", "Dark Birds of Paradise"),  # 123.6c
        ("name-sticker-follows-copy.yaml", 2, "clone", "name", "Runeclaw Bear Dark"),  # 707.2: not copied
        ("pt-sticker-tarmogoyf.yaml", 2, "goyf", "power", 1),  # 613.4b, 613.7: the sticker is later
        ("sticker-timestamps-zones.yaml", 2, "bear", "power", 2),  # 123.5, 123.8: in the graveyard
        ("sticker-timestamps-zones.yaml", 3, "bear", "power", 1),  # 613.7k: restamped after the object
        ("pt-sticker-noncreature.yaml", 1, "stone", "abilities", ["{t}: add {c}."]),  # 123.7
    ],
)
def test_a_wrong_answer_about_a_stickered_object_is_a_counterexample(
    path: str, step: int, oid: str, field: str, wrong: object
) -> None:
    case = load_case(STICKERS / path)
    board = board_at(case, step, CURRENT)
    _, answer = resolve_step(case, step, CURRENT)
    assert check_answer(board, CURRENT, answer).status == "verified"
    bad = copy.deepcopy(answer)
    bad[oid][field] = wrong
    assert check_answer(board, CURRENT, bad).status == "counterexample"


def test_the_encodings_clock_catches_a_sticker_timestamp_613_7k_does_not_give() -> None:
    case = load_case(STICKERS / "sticker-timestamps-zones.yaml")
    before = board_at(case, 2, CURRENT)
    step = case.steps[2]  # the Bear returns to the battlefield: its sticker is restamped right after it
    after = apply_step(before, step, CURRENT)
    assert disagreements(after, assigned_timestamps(before, step)) == []
    bear = after.objects["bear"]
    stale = replace(bear, stickers=tuple(replace(s, timestamp=1.5) for s in bear.stickers))
    wrong = replace(after, objects={**after.objects, "bear": stale})
    found = disagreements(wrong, assigned_timestamps(before, step))
    assert found and "sticker 0 on bear" in found[0]


def test_the_encodings_clock_stamps_a_sticker_put_on() -> None:
    case = load_case(STICKERS / "pt-sticker-tarmogoyf.yaml")
    before = board_at(case, 1, CURRENT)
    step = case.steps[1]
    assert assigned_timestamps(before, step) == {("sticker", "goyf", 0): 3}
