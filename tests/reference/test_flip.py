"""Flip cards (710; reference.flip): the alternative half while flipped, its color and mana cost kept, the
copy's own status choosing the half (707.3), the status lost off the battlefield (710.3)."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_layers.corpus import CorpusError
from reference.case import Step, apply_step
from reference.flip import FlipError, can_flip
from reference.frozen import FrozenMap

from ..builders import creature, make_board, run

KENZO: dict[str, Any] = {
    "name": "Kenzo the Hardhearted",
    "supertypes": ["legendary"],
    "types": ["creature"],
    "subtypes": ["human", "samurai"],
    "abilities": ["double strike"],
    "power": 3,
    "toughness": 4,
}


def _bushi(**extra: Any) -> dict[str, Any]:
    """Bushi Tenderfoot, a white 1/1 flip card ({W}) whose alternative half is Kenzo the Hardhearted."""
    return creature(
        "bushi", 1, 1, 1, name="Bushi Tenderfoot", mana_cost="{W}", colors=["white"], flip_face=KENZO, **extra
    )


def test_710_2_a_flipped_permanent_shows_its_alternative_half_with_its_color_and_mana_cost() -> None:
    """710.1b-c, 710.2: flipped, the name, type line, text and P/T are the alternative half's; color, mana cost
    and mana value stay the normal half's; unflipped, the normal values."""
    _, flipped = run(make_board([_bushi(flipped=True)]))
    assert flipped["bushi"]["name"] == "Kenzo the Hardhearted"
    assert (flipped["bushi"]["power"], flipped["bushi"]["toughness"], flipped["bushi"]["mana_value"]) == (3, 4, 1)
    assert flipped["bushi"]["colors"] == ["white"] and flipped["bushi"]["supertypes"] == ["legendary"]
    assert flipped["bushi"]["abilities"] == ["double strike"]
    _, normal = run(make_board([_bushi()]))
    assert (normal["bushi"]["name"], normal["bushi"]["power"], normal["bushi"]["supertypes"]) == (
        "Bushi Tenderfoot",
        1,
        [],
    )


def test_707_3_a_copy_shows_the_half_its_own_status_picks() -> None:
    """707.2, 707.3, 110.5: a Clone of a flipped Kenzo is an unflipped Bushi Tenderfoot; a flipped copy of it
    shows Kenzo."""
    copy = [{"id": "c", "timestamp": 3, "applies_to": ["clone"], "parts": [{"op": "copy_of", "object": "bushi"}]}]
    _, out = run(make_board([_bushi(flipped=True), creature("clone", 2, 0, 0, name="Clone")], copy))
    assert (out["clone"]["name"], out["clone"]["power"], out["clone"]["colors"]) == ("Bushi Tenderfoot", 1, ["white"])
    _, out = run(make_board([_bushi(), creature("clone", 2, 0, 0, name="Clone", flipped=True)], copy))
    assert (out["clone"]["name"], out["clone"]["power"], out["clone"]["colors"]) == (
        "Kenzo the Hardhearted",
        3,
        ["white"],
    )


def test_710_3_flipping_is_one_way_keeps_the_timestamp_and_ends_off_the_battlefield() -> None:
    """710.3, 400.7: a step's flip flips a flip card (no new timestamp), nothing else; a flipped permanent that
    goes to a hand is a new, unflipped object."""
    board = make_board([_bushi(), creature("bear", 2, name="Bear")])
    assert can_flip(board, "bushi") and not can_flip(board, "bear")
    flipped = apply_step(board, _step(flip=("bushi", "bear")))
    assert flipped.objects["bushi"].flipped and flipped.objects["bushi"].timestamp == 1
    assert not flipped.objects["bear"].flipped
    assert not can_flip(flipped, "bushi")
    moved = apply_step(flipped, _step(move={"bushi": "hand"}))
    assert not moved.objects["bushi"].flipped
    _, out = run(moved)
    assert out["bushi"]["name"] == "Bushi Tenderfoot"


def _step(**changes: Any) -> Step:
    """A step with only these changes."""
    values: dict[str, Any] = {k: FrozenMap(v) if isinstance(v, dict) else v for k, v in changes.items()}
    return Step(description="", expect=FrozenMap(), **values)


def test_a_flipped_copy_of_a_copy_of_a_flip_card_is_an_error_naming_it() -> None:
    """707.3, 710: a flipped object copying a copy of a flip card is not modelled: an error, never a guess."""
    effects = [
        {"id": "c1", "timestamp": 3, "applies_to": ["clone"], "parts": [{"op": "copy_of", "object": "bushi"}]},
        {"id": "c2", "timestamp": 4, "applies_to": ["other"], "parts": [{"op": "copy_of", "object": "clone"}]},
    ]
    objects = [_bushi(), creature("clone", 2, name="Clone"), creature("other", 2, name="Other", flipped=True)]
    with pytest.raises(FlipError, match="copy of a copy of a flip card"):
        run(make_board(objects, effects))


def test_the_loader_refuses_a_flipped_object_that_is_no_flip_card() -> None:
    """710.2-710.3: flipped on an object with no flip_face and no copy effect, or off the battlefield, is refused
    with its field."""
    with pytest.raises(CorpusError, match=r"objects\[0\]\.flipped"):
        make_board([creature("bear", 1, flipped=True)])
    with pytest.raises(CorpusError, match=r"objects\[0\]\.flipped"):
        make_board([_bushi(flipped=True, zone="hand")])
