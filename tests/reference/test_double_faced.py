"""Double-faced permanents (712, reference.double_faced): loading, transforming (613.7g), copies (707.8,
707.8a), the face up as of a time, mana value (202.3b).
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_layers.corpus import CorpusError, case_from_data, load_case
from reference.case import board_at
from reference.double_faced import DoubleFacedError, back_face_up_as_of, face_up_values, face_values, own_mana_value
from reference.frozen import freeze
from reference.model import Board, Effect, Part
from reference.resolver import resolve
from reference.versions import get_version, version_from_mapping
from reference.zones import change_zones
from reference_optimized import resolve as fast_resolve

from ..builders import M10, VERSIONS, creature, dfc, make_board, obj, profile

BACK = {"name": "Insectile Aberration", "colors": ["blue"], "types": ["creature"], "power": 3, "toughness": 2}

GOOD: dict[str, Any] = {
    "id": "dfc-good",
    "title": "a double-faced card",
    "versions": ["ikoria"],
    "features": ["double-faced"],
    "sources": [{"kind": "derived", "ref": "test"}],
    "objects": [
        {
            "id": "d",
            "timestamp": 1,
            "name": "Delver of Secrets",
            "mana_cost": "{U}",
            "colors": ["blue"],
            "types": ["creature"],
            "power": 1,
            "toughness": 1,
            "back_face": BACK,
        },
        {"id": "c", "timestamp": 2, "name": "Clone", "types": ["creature"], "power": 0, "toughness": 0},
    ],
    "effects": [],
    "steps": [{"description": "s", "expect": {"ikoria": {}}}],
}


def mutated(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


BAD: list[tuple[str, Any, str, str]] = [
    (
        "transformed-single-faced",
        mutated(lambda d: d["objects"][1].update(transformed=True)),
        "objects[1].transformed",
        "double-faced",
    ),
    (
        "back-face-field",
        mutated(lambda d: d["objects"][0]["back_face"].update(loyalty=3)),
        "objects[0].back_face",
        "loyalty",
    ),
    (
        "back-face-power",
        mutated(lambda d: d["objects"][0]["back_face"].update(power="three")),
        "objects[0].back_face.power",
        "'three'",
    ),
    (
        "transform-unknown",
        mutated(lambda d: d["steps"][0].update(transform={"zz": 3})),
        "steps[0].transform.zz",
        "unknown object id 'zz'",
    ),
    (
        "transform-timestamp",
        mutated(lambda d: d["steps"][0].update(transform={"d": "later"})),
        "steps[0].transform.d",
        "'later'",
    ),
    (
        "history-disagrees",
        mutated(lambda d: d["objects"][0].update(transform_history=[{"timestamp": 1, "transformed": True}])),
        "objects[0].transform_history",
        "as transformed says",
    ),
    (
        "history-repeats",
        mutated(
            lambda d: d["objects"][0].update(
                transformed=True,
                transform_history=[{"timestamp": 1, "transformed": True}, {"timestamp": 2, "transformed": True}],
            )
        ),
        "objects[0].transform_history[1].transformed",
        "alternate",
    ),
    (
        "m10-back-face-mana-value",
        mutated(
            lambda d: (
                d.update(versions=["m10"]),
                d["steps"][0].update(transform={"d": 3}, expect={"m10": {}}),
            )
        ),
        "steps[0].transform.d",
        "202.3b",
    ),
]


def test_a_double_faced_token_copy_needs_a_version_that_states_707_8a() -> None:
    """707.8a: a version that states neither reading (a proposed profile; since issue 29 every built-in one states
    its day's) cannot take a copy marked double-faced: the loader names the field."""
    data = mutated(
        lambda d: d.update(
            effects=[
                {
                    "id": "e",
                    "timestamp": 3,
                    "applies_to": ["c"],
                    "parts": [{"op": "copy_of", "object": "d", "double_faced": True}],
                }
            ]
        )
    )
    unstated = replace(get_version("ikoria"), double_faced_token_copies=None)
    with pytest.raises(CorpusError) as info:
        case_from_data(data, "<case>", {"2020-04-17": unstated, "ikoria": unstated})
    assert (info.value.field or "").startswith("effects[0].parts[0].double_faced"), str(info.value)
    assert "707.8a" in info.value.message


@pytest.mark.parametrize(("name", "data", "field", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_double_faced_input_names_file_and_field(
    tmp_path: Path, name: str, data: Any, field: str, message: str
) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_case(path)
    err = info.value
    assert err.file.endswith(f"{name}.yaml")
    assert (err.field or "").startswith(field), str(err)
    assert message in err.message, str(err)


def _case(steps: list[dict[str, Any]], effects: list[dict[str, Any]] | None = None, versions: Any = None) -> Any:
    data = copy.deepcopy(GOOD)
    data["effects"] = effects or []
    if versions:
        data["versions"] = versions
    data["steps"] = [{**s, "expect": {v: {} for v in data["versions"]}} for s in steps]
    return case_from_data(data)


def _final(case: Any, step: int, vid: str = "ikoria") -> Any:
    version = get_version(vid)
    board = board_at(case, step, version)
    slow, fast = resolve(board, version).final, fast_resolve(board, version).final
    assert slow == fast  # the fast path agrees with the readable one
    return slow


def test_transform_turns_over_with_new_timestamp_and_history() -> None:
    """613.7g: each transformation gets its timestamp and is recorded; the face up gives the characteristics."""
    case = _case(
        [
            {"description": "night", "transform": {"d": 3}, "expect": {"ikoria": {}}},
            {"description": "day", "transform": {"d": 5}, "expect": {"ikoria": {}}},
        ]
    )
    night, day = (board_at(case, n).objects["d"] for n in (1, 2))
    assert (night.transformed, night.timestamp, night.transform_history) == (True, 3, ((3, True),))
    assert (day.transformed, day.timestamp, day.transform_history) == (False, 5, ((3, True), (5, False)))
    back, front = _final(case, 1)["d"], _final(case, 2)["d"]
    assert (back.name, back.power, back.colors, back.mana_value) == ("Insectile Aberration", 3, {"blue"}, 1)
    assert (front.name, front.power, front.mana_value) == ("Delver of Secrets", 1, 1)


def test_a_transformation_left_to_the_rules_gets_the_clock_s_timestamp() -> None:
    """613.7g: ``transform`` with a null timestamp takes the next one; a permanent that doesn't transform takes none."""
    case = _case(
        [
            {"description": "night", "transform": {"d": None, "c": None}, "expect": {"ikoria": {}}},
            {"description": "day", "transform": {"d": None}, "expect": {"ikoria": {}}},
        ]
    )
    night, day = (board_at(case, n).objects["d"] for n in (1, 2))
    assert (night.transformed, night.timestamp, night.transform_history) == (True, 3, ((3, True),))
    assert (day.transformed, day.timestamp, day.transform_history) == (False, 4, ((3, True), (4, False)))
    assert board_at(case, 1).objects["c"].timestamp == 2  # not double-faced: nothing happens, no timestamp


def test_single_faced_and_face_down_permanents_do_not_transform() -> None:
    """701.28, 712: a permanent that isn't double-faced, or is face down, doesn't transform: nothing happens."""
    case = _case([{"description": "t", "turn_face_down": {"d": 3}, "transform": {"c": 4, "d": 5}, "expect": {}}])
    board = board_at(case, 1)
    assert board.objects["c"].transformed is False and board.objects["c"].timestamp == 2
    assert board.objects["d"].transformed is False and board.objects["d"].timestamp == 3


def test_leaving_the_battlefield_turns_the_front_face_up() -> None:
    """712, 400.7: outside the battlefield only the front face counts; the new object forgets its transformations."""
    case = _case([{"description": "night", "transform": {"d": 3}, "expect": {"ikoria": {}}}])
    board = change_zones(board_at(case, 1), {"d": "graveyard"})
    obj = board.objects["d"]
    assert not obj.transformed and obj.transform_history == ()
    assert resolve(board, get_version("ikoria")).final["d"].name == "Delver of Secrets"


@pytest.mark.parametrize(("vid", "mana_value"), [("ikoria", 1), ("2025-08-01", 1)])
def test_back_face_mana_value_is_the_front_faces(vid: str, mana_value: int) -> None:
    """202.3b: a transformed permanent's mana value is its front face's; a copy of its back face has 0."""
    copy_effect = {"id": "e", "timestamp": 4, "applies_to": ["c"], "parts": [{"op": "copy_of", "object": "d"}]}
    case = _case([{"description": "night", "transform": {"d": 3}, "add_effects": [copy_effect], "expect": {}}])
    final = _final(case, 1, vid)
    assert final["d"].mana_value == mana_value and final["c"].mana_value == 0
    assert final["c"].name == "Insectile Aberration"


def test_a_version_that_states_no_back_face_mana_value_refuses_to_guess() -> None:
    """202.3b changed in 2016, inside the Magic 2010 profile: it states neither form, so it raises."""
    case = _case([{"description": "night", "transform": {"d": 3}, "expect": {"ikoria": {}}}])
    with pytest.raises(DoubleFacedError, match=r"202\.3b"):
        resolve(board_at(case, 1), get_version("m10"))


def test_double_faced_token_copy_follows_its_own_face() -> None:
    """707.8a: a double-faced token copy shows the face of the original that is up on the token itself."""
    token = {"id": "t", "timestamp": 4, "token": True, "types": ["creature"]}
    copy_effect = {
        "id": "e",
        "timestamp": 4,
        "applies_to": ["t"],
        "parts": [{"op": "copy_of", "object": "d", "double_faced": True}],
    }
    case = _case(
        [
            {"description": "token", "add_objects": [token], "add_effects": [copy_effect], "expect": {}},
            {"description": "night", "transform": {"t": 5}, "expect": {}},
        ],
        versions=["2025-08-01"],
    )
    assert _final(case, 1, "2025-08-01")["t"].name == "Delver of Secrets"
    night = _final(case, 2, "2025-08-01")["t"]
    assert (night.name, night.power, night.mana_value) == ("Insectile Aberration", 3, 0)
    assert _final(case, 2, "2025-08-01")["d"].name == "Delver of Secrets"


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.


def test_the_face_up_before_a_time_follows_the_transformations() -> None:
    """712, 613.7g: the back face is up just before a time when the last transformation before it turned it up."""
    assert back_face_up_as_of(dfc(transformed=True)) is True and back_face_up_as_of(dfc()) is False
    turned = dfc(transformed=False, transform_history=((5, True), (9, False)))
    assert [back_face_up_as_of(turned, t) for t in (5, 6, 9, 10)] == [False, True, True, False]
    assert back_face_up_as_of(turned) is False


def test_the_back_face_values_are_those_of_a_permanent_or_spell() -> None:
    """712.8a, 712.8d: outside the battlefield and stack a double-faced card has its front face only."""
    up = dfc(transformed=True)
    assert face_values(up, True).name == "Aberration" and face_values(up, True).controller == "p2"
    assert face_values(dfc("stack"), True).name == "Aberration"
    assert face_values(dfc("graveyard"), True).name == "Delver"
    assert face_values(up, False).name == "Delver"
    assert face_values(obj("bear"), True).name == "Bear"
    assert face_up_values(up).name == "Aberration"
    assert face_up_values(dfc(transform_history=((5, True),)), 5).name == "Delver"


def test_a_back_face_up_has_the_front_face_mana_value() -> None:
    """202.3b: a transformed permanent's mana value is its front face's (2016 on); earlier texts say 0."""
    up = dfc(transformed=True)
    back = face_values(up, True)
    assert own_mana_value(up, back, VERSIONS["ikoria"]).mana_value == 1
    zero = version_from_mapping(profile(flags={"back_face_mana_value": "zero"}))
    assert own_mana_value(up, back, zero).mana_value == 0
    assert own_mana_value(dfc(), back, VERSIONS["ikoria"]) is back
    assert own_mana_value(dfc("stack", transformed=True), back, VERSIONS["ikoria"]) is back
    with pytest.raises(DoubleFacedError) as err:
        own_mana_value(up, back, M10)
    assert str(err.value) == (
        "202.3b: rules version 2009-07-08 states no mana value for a back face "
        "(double-faced cards entered the rules in 2011); d has its back face up"
    )


# --- 712, 707.8a: which permanents are double-faced (reference.double_faced.is_double_faced) -------------


def test_712_707_8a_a_double_faced_token_copy_is_double_faced_and_nothing_else_is() -> None:
    """707.8a: a token made as a copy of a double-faced permanent is double-faced; 707.8: any other copy of one
    copies only the face that is up (not double-faced), and a "double-faced" copy of a one-faced object is not."""
    from reference.double_faced import is_double_faced

    dfc = {"id": "d", "timestamp": 1, "name": "Delver of Secrets", "types": ["creature"], "power": 1}
    dfc["back_face"] = {"name": "Insectile Aberration", "colors": ["blue"], "types": ["creature"], "power": 3}
    board = make_board([dfc, creature("bear", 2)] + [creature(i, 3, token=True) for i in ("t", "u", "v", "w")])
    board = replace(board, objects={**board.objects, "c": replace(board.objects["bear"], id="c")})

    def copy_of(of: str, double_faced: bool) -> tuple[Part, ...]:
        return (Part("copy_of", freeze({"object": of, "double_faced": double_faced})),)

    effects = (
        Effect("other", 4, ("bear",), ()),
        Effect("t", 5, ("t",), copy_of("d", True)),
        Effect("c", 6, ("c",), copy_of("d", False)),
        Effect("u", 7, ("u",), copy_of("bear", True)),
        Effect("v", 8, ("v",), copy_of("gone", True)),
    )
    board = replace(board, effects=effects)
    assert is_double_faced(board, "d") and is_double_faced(board, "t")
    assert not any(is_double_faced(board, i) for i in ("bear", "c", "u", "v", "w"))


@pytest.mark.parametrize("vid", ["2020-09-25", "2023-11-17", "2025-08-01"])
def test_a_modal_back_face_keeps_its_own_mana_value(vid: str) -> None:
    """712.8f: with its back face up a modal permanent has that face's mana value; a transforming one, its front's."""
    version = get_version(vid)
    modal = dfc(modal=True, transformed=True)
    assert own_mana_value(modal, face_up_values(modal), version).mana_value == 0
    transforming = dfc(transformed=True)
    assert own_mana_value(transforming, face_up_values(transforming), version).mana_value == 1
    in_hand = dfc(zone="hand", modal=True)
    assert face_up_values(in_hand).name == "Delver"  # 712.8a: only the front face off the stack and battlefield


def test_modal_double_faced_cards_are_dated_from_zendikar_rising() -> None:
    """712.3: no modal double-faced cards in the rules before 2020-09-25."""
    assert [get_version(v).modal_double_faced for v in ("pre-m10", "m10", "ikoria", "2020-09-24")] == [False] * 4
    assert [get_version(v).modal_double_faced for v in ("2020-09-25", "2023-11-17", "current")] == [True] * 3


def test_a_modal_card_under_rules_that_predate_them_is_an_error_naming_the_flag() -> None:
    """712.3: asked to resolve a modal card under the rules of 2020-09-24, the resolver refuses (no traceback)."""
    board = Board(objects={"d": dfc(modal=True, transformed=True)}, effects=(), abilities={})
    with pytest.raises(DoubleFacedError, match=r"712\.3") as info:
        resolve(board, get_version("2020-09-24"))
    assert info.value.flag == "modal_double_faced"
    assert resolve(board, get_version("2020-09-25")).final["d"].mana_value == 0
