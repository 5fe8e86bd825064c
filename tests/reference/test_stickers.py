"""Stickers (123, 612.9, 613.7k; reference.stickers): what each kind does, their timestamps, zones, copies."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.corpus import CorpusError, case_from_data
from reference.case import board_at, initial_board
from reference.model import Merge, Sticker
from reference.resolver import resolve
from reference.stickers import (
    STICKER_STEP,
    joined,
    kept_in,
    name_with_word,
    restamped,
    sticker_effects,
    sticker_part,
    with_new_timestamp,
)
from reference.versions import get_version
from reference.zones import change_zones

from ..builders import board, obj

CURRENT = get_version("2025-08-01")


@pytest.mark.parametrize(
    ("name", "position", "expected"),
    [
        ("Runeclaw Bear", 0, "Dark Runeclaw Bear"),
        ("Runeclaw Bear", 1, "Runeclaw Dark Bear"),
        ("Runeclaw Bear", 2, "Runeclaw Bear Dark"),
        ("Birds of Paradise", 2, "Birds of Dark Paradise"),  # the Unfinity release notes' example
        ("Realmwalker", 2, "Realmwalker Dark"),  # 123.6c: fewer words, at the end
        (None, 3, "Dark"),  # 123.6b: no name, the word alone
    ],
)
def test_a_name_sticker_puts_its_word_after_its_words(name: str | None, position: int, expected: str) -> None:
    assert name_with_word(name, "Dark", position) == expected


def test_each_kind_is_one_operation_in_its_layer() -> None:
    assert sticker_part(Sticker("name", 1, word="Dark", position=2)).op == "name_sticker"  # 612.9: layer 3
    assert sticker_part(Sticker("ability", 1, ability="trample")).args["abilities"] == ("trample",)  # 613.1f
    assert dict(sticker_part(Sticker("pt", 1, power=4, toughness=5)).args) == {"power": 4, "toughness": 5}  # 613.4b
    with pytest.raises(ValueError, match=r"123\.1"):
        sticker_part(Sticker("art", 1))


def test_restamped_keeps_the_relative_order_right_after_the_object() -> None:
    late, early = Sticker("pt", 9, power=1, toughness=1), Sticker("ability", 3, ability="trample")
    out = restamped((late, early), 20)
    assert [s.kind for s in out] == ["ability", "pt"]
    assert [s.timestamp for s in out] == [20 + STICKER_STEP, 20 + 2 * STICKER_STEP]
    assert all(20 < s.timestamp < 21 for s in out)


def test_an_object_keeps_its_stickers_in_a_public_zone_only() -> None:
    bear = obj("bear", stickers=(Sticker("pt", 2, power=4, toughness=5),))
    assert kept_in(bear, "graveyard") == bear.stickers and kept_in(bear, "exile") == bear.stickers
    assert kept_in(bear, "hand") == () and kept_in(bear, "library") == ()
    moved = change_zones(board(bear), {"bear": "graveyard"}).objects["bear"]
    assert moved.stickers == bear.stickers and moved.counters == ()  # 123.5: an exception to 400.7
    assert change_zones(board(bear), {"bear": "hand"}).objects["bear"].stickers == ()
    assert sticker_effects(replace(bear, zone="hand")) == ()


def test_a_new_timestamp_restamps_and_an_unchanged_one_does_not() -> None:
    bear = obj("bear", ts=5, stickers=(Sticker("pt", 2, power=4, toughness=5),))
    assert with_new_timestamp(bear, 5) is bear
    assert with_new_timestamp(bear, 1).stickers[0].timestamp == 5 + STICKER_STEP


def test_merging_stamps_both_objects_stickers_at_the_merge() -> None:
    base = obj("base", ts=1, stickers=(Sticker("ability", 2, ability="trample"),))
    top = obj("top", ts=3, zone="stack", stickers=(Sticker("pt", 4, power=6, toughness=6),))
    out = joined(base, top, 7)
    assert [(s.kind, s.timestamp) for s in out] == [("ability", 7 + STICKER_STEP), ("pt", 7 + 2 * STICKER_STEP)]


def test_a_merged_permanent_with_stickers_that_leaves_is_an_error_naming_123_5c() -> None:
    top = obj("top", ts=3, zone="stack")
    base = obj("base", ts=1, stickers=(Sticker("ability", 2, ability="trample"),), merges=(Merge(4, True, top),))
    with pytest.raises(ValueError, match=r"123\.5c"):
        change_zones(board(base), {"base": "graveyard"})


def _case(steps: list[dict[str, Any]], stickers: list[dict[str, Any]], versions: tuple[str, ...]) -> dict[str, Any]:
    return {
        "id": "stickers-unit",
        "title": "stickers",
        "versions": list(versions),
        "features": ["stickers"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": [
            {
                "id": "bear",
                "name": "Runeclaw Bear",
                "controller": "p1",
                "timestamp": 1,
                "types": ["creature"],
                "power": 2,
                "toughness": 2,
                "stickers": stickers,
            },
            {"id": "orb", "name": "Orb", "controller": "p1", "timestamp": 4, "types": ["artifact"]},
        ],
        "steps": [{**s, "expect": {v: {} for v in versions}} for s in steps],
    }


def test_stickers_on_the_first_board_without_timestamps_come_right_after_the_object() -> None:
    data = _case(
        [{"description": "b"}],
        [{"kind": "pt", "power": 3, "toughness": 3}, {"kind": "name", "word": "X"}],
        ("2025-08-01",),
    )
    stickers = initial_board(case_from_data(data, "unit")).objects["bear"].stickers
    assert [s.timestamp for s in stickers] == [1 + STICKER_STEP, 1 + 2 * STICKER_STEP]


def test_a_sticker_put_on_gets_the_time_of_the_step_and_a_later_effect_comes_after_it() -> None:
    step = {
        "description": "put on, then an effect",
        "put_stickers": {"bear": [{"kind": "pt", "power": 7, "toughness": 7}]},
        "add_effects": [
            {"id": "shrink", "applies_to": ["bear"], "parts": [{"op": "set_pt", "power": 1, "toughness": 1}]}
        ],
    }
    case = case_from_data(_case([step], [], ("2025-08-01",)), "unit")
    after = board_at(case, 1)
    assert after.objects["bear"].stickers[0].timestamp == 5  # the clock read 4 (the Orb)
    assert after.effects[0].timestamp == 6
    final = resolve(after, CURRENT).final["bear"]
    assert (final.power, final.toughness) == (1, 1)  # 613.7: the later setting effect wins in 7b


def test_stickers_are_not_copied() -> None:
    data = _case([{"description": "b"}], [{"kind": "name", "word": "Dark", "position": 2}], ("2025-08-01",))
    data["effects"] = [
        {"id": "cp", "timestamp": 5, "applies_to": ["orb"], "parts": [{"op": "copy_of", "object": "bear"}]}
    ]
    final = resolve(board_at(case_from_data(data, "unit"), 1), CURRENT).final
    assert final["bear"].name == "Runeclaw Bear Dark" and final["orb"].name == "Runeclaw Bear"  # 707.2


@pytest.mark.parametrize("version", ["ikoria", "2022-10-06", "m10"])
def test_a_version_without_stickers_refuses_the_case_naming_the_field(version: str) -> None:
    data = _case([{"description": "b"}], [{"kind": "pt", "power": 3, "toughness": 3}], (version,))
    with pytest.raises(CorpusError) as err:
        case_from_data(data, "unit")
    assert "objects[0].stickers[0]" in str(err.value) and "2022-10-07" in str(err.value)


def test_a_sticker_put_on_in_a_step_takes_no_timestamp_of_its_own() -> None:
    step = {"description": "s", "put_stickers": {"bear": [{"kind": "ability", "ability": "trample", "timestamp": 3}]}}
    with pytest.raises(CorpusError) as err:
        case_from_data(_case([step], [], ("2025-08-01",)), "unit")
    assert "steps[0].put_stickers.bear[0].timestamp" in str(err.value) and "613.7k" in str(err.value)


def test_a_sticker_of_the_wrong_shape_is_a_schema_error_naming_the_field() -> None:
    data = _case([{"description": "b"}], [{"kind": "pt", "power": 3}], ("2025-08-01",))
    with pytest.raises(CorpusError) as err:
        case_from_data(copy.deepcopy(data), "unit")
    assert "objects[0].stickers[0]" in str(err.value)


def test_a_third_component_merged_with_stickers_keeps_the_two_before_it() -> None:
    """729.2, 123.5b: a mutating spell with a sticker merges onto a permanent already merged twice; the merged
    permanent keeps every earlier component and the new one carries no sticker (the permanent holds them)."""
    data: dict[str, Any] = {
        "id": "stickers-third-merge",
        "title": "three merges, the last with a sticker",
        "versions": ["2025-08-01"],
        "features": ["stickers", "merged"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": [
            {"id": "angel", "card": "Serra Angel", "controller": "p1", "timestamp": 1},
            {"id": "gemrazer", "card": "Gemrazer", "controller": "p1", "zone": "stack", "timestamp": 2},
            {"id": "heron", "card": "Dreamtail Heron", "controller": "p1", "zone": "stack", "timestamp": 3},
            {
                "id": "beast",
                "card": "Parcelbeast",
                "controller": "p1",
                "zone": "stack",
                "timestamp": 4,
                "stickers": [{"kind": "pt", "power": 9, "toughness": 9}],
            },
        ],
        "steps": [
            {"description": "over", "merge": {"gemrazer": {"onto": "angel", "position": "over", "timestamp": 5}}},
            {"description": "under", "merge": {"heron": {"onto": "angel", "position": "under", "timestamp": 6}}},
            {
                "description": "over, stickered",
                "merge": {"beast": {"onto": "angel", "position": "over", "timestamp": 7}},
            },
        ],
    }
    for step in data["steps"]:
        step["expect"] = {"2025-08-01": {}}
    merged = board_at(case_from_data(data, "unit"), 3).objects["angel"]
    assert [m.component.id for m in merged.merges] == ["gemrazer", "heron", "beast"]
    assert merged.merges[-1].component.stickers == ()
    assert [s.kind for s in merged.stickers] == ["pt"]  # 123.5b: the sticker is now on the merged permanent
