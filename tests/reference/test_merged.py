"""Merged permanents (729, mutate 702.140; reference.merged): loading, the layer-1a merge effect, the
components, separation on leaving.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_layers.conformance.protocol import board_data
from mtg_layers.corpus import CorpusError, case_from_data, load_case
from reference.case import board_at
from reference.merged import components_as_of, is_merged, merge_effects, merge_part, separated
from reference.model import Effect, GameObject, Merge
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import resolve as fast_resolve

from ..builders import creature, make_board, obj

GOOD: dict[str, Any] = {
    "id": "merged-good",
    "title": "a mutate",
    "versions": ["ikoria"],
    "features": ["merged"],
    "sources": [{"kind": "derived", "ref": "test"}],
    "objects": [
        {
            "id": "base",
            "timestamp": 1,
            "name": "Base",
            "types": ["creature"],
            "abilities": ["flying"],
            "power": 1,
            "toughness": 1,
        },
        {
            "id": "top",
            "timestamp": 2,
            "zone": "stack",
            "name": "Top",
            "mana_cost": "{3}{G}",
            "colors": ["green"],
            "types": ["creature"],
            "subtypes": ["beast"],
            "abilities": ["trample"],
            "power": 4,
            "toughness": 4,
        },
    ],
    "effects": [],
    "steps": [
        {
            "description": "merge",
            "merge": {"top": {"onto": "base", "position": "over", "timestamp": 3}},
            "expect": {"ikoria": {"base": {"name": "Top"}}},
        }
    ],
}


def mutated(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


def _merge(d: dict[str, Any]) -> dict[str, Any]:
    how: dict[str, Any] = d["steps"][0]["merge"]["top"]
    return how


BAD: list[tuple[str, Any, str, str]] = [
    ("position", mutated(lambda d: _merge(d).update(position="beside")), "steps[0].merge.top.position", "beside"),
    ("no-timestamp", mutated(lambda d: _merge(d).pop("timestamp")), "steps[0].merge.top", "timestamp"),
    ("onto-unknown", mutated(lambda d: _merge(d).update(onto="zz")), "steps[0].merge.top.onto", "unknown object"),
    ("spell-unknown", mutated(lambda d: d["steps"][0].update(merge={"zz": _merge(d)})), "steps[0].merge.zz", "zz"),
    ("onto-itself", mutated(lambda d: _merge(d).update(onto="top")), "steps[0].merge.top.onto", "itself"),
    (
        "merged-then-used",
        mutated(
            lambda d: d["steps"].append(
                {"description": "again", "set_timestamp": {"top": 9}, "expect": {"ikoria": {"base": {}}}}
            )
        ),
        "steps[1].set_timestamp.top",
        "merge",
    ),
    (
        "onto-a-card-in-a-graveyard",
        mutated(lambda d: d["objects"][0].update(zone="graveyard", owner="p1")),
        "steps[0].merge.top.onto",
        "'base' is in the graveyard",
    ),
    (
        "onto-a-permanent-that-left",
        mutated(
            lambda d: d["steps"].insert(
                0, {"description": "dies", "move": {"base": "graveyard"}, "expect": {"ikoria": {}}}
            )
        ),
        "steps[1].merge.top.onto",
        "'base' is in the graveyard",
    ),
    (
        "merged-off-the-battlefield",
        mutated(
            lambda d: d["objects"][0].update(
                zone="exile", owner="p1", merges=[{"timestamp": 0.5, "position": "over", "component": {"id": "c"}}]
            )
        ),
        "objects[0].merges",
        "only a permanent is merged",
    ),
    (
        "merges-bad-component",
        mutated(lambda d: d["objects"][0].update(merges=[{"timestamp": 3, "position": "over", "component": {}}])),
        "objects[0].merges[0].component",
        "id",
    ),
]


@pytest.mark.parametrize(("name", "data", "field", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_merge_names_file_and_field(tmp_path: Path, name: str, data: Any, field: str, message: str) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_case(path)
    err = info.value
    assert err.file.endswith(f"{name}.yaml")
    assert (err.field or "").startswith(field), str(err)
    assert message in err.message, str(err)


def _final(data: dict[str, Any], step: int = 1) -> Any:
    version = get_version("ikoria")
    board = board_at(case_from_data(data), step, version)
    slow, fast = resolve(board, version).final, fast_resolve(board, version).final
    assert slow == fast  # the fast path agrees with the readable one
    return slow


def test_merged_over_takes_top_values_and_all_abilities() -> None:
    """702.140e: the topmost component's characteristics, every component's abilities; the spell is no object."""
    final = _final(GOOD)
    base = final["base"]
    assert (base.name, base.power, base.mana_value, base.subtypes) == ("Top", 4, 4, {"beast"})
    assert base.abilities == {"flying", "trample"} and "top" not in final


def test_merged_under_adds_abilities_only() -> None:
    """702.140e: merged under, the component adds only its abilities."""
    base = _final(mutated(lambda d: _merge(d).update(position="under")))["base"]
    assert (base.name, base.power, base.abilities) == ("Base", 1, {"flying", "trample"})


def test_a_later_copy_effect_overwrites_the_merge_and_an_earlier_one_does_not() -> None:
    """721.2a: the merge is a copiable effect timestamped when the objects merged (layer 1a, timestamp order)."""
    other = {"id": "x", "timestamp": 0, "name": "X", "types": ["creature"], "power": 7, "toughness": 7}
    for ts, name in ((2, "Top"), (5, "X")):
        data = mutated(
            lambda d, ts=ts: (
                d["objects"].append(other),
                d.update(
                    effects=[
                        {
                            "id": "c",
                            "timestamp": ts,
                            "applies_to": ["base"],
                            "parts": [{"op": "copy_of", "object": "x"}],
                        }
                    ]
                ),
            )
        )
        assert _final(data)["base"].name == name


def test_leaving_the_battlefield_separates_the_components() -> None:
    """400.7, 729: each component becomes an object of its own in the new zone, with its own values."""
    data = mutated(
        lambda d: d["steps"].append(
            {"description": "dies", "move": {"base": "graveyard"}, "expect": {"ikoria": {"base": {}}}}
        )
    )
    final = _final(data, 2)
    assert (final["base"].name, final["top"].name) == ("Base", "Top")
    board = board_at(case_from_data(data), 2)
    assert board.objects["top"].zone == "graveyard" and not board.objects["base"].merges
    flat = {o["id"]: o for o in board_data(data, 2)["objects"]}  # the protocol's flat board agrees
    assert flat["top"]["zone"] == "graveyard" and "merges" not in flat["base"]
    merged = {o["id"]: o for o in board_data(data, 1)["objects"]}
    assert "top" not in merged and merged["base"]["merges"][0]["position"] == "over"


def test_a_spell_cast_and_merged_in_the_step_another_permanent_is_turned_face_up() -> None:
    """702.140c, 729.2, 708.8: in one step the mutating spell is cast (added on the stack), a +1/+1 counter is put
    on the permanent, a face-down Exalted Angel is turned face up and the spell merges over the permanent: the
    merged permanent is the Top with the counter (5/5, trample and flying), and the Angel is face up."""
    angel = {"id": "angel", "timestamp": 1.5, "name": "Exalted Angel", "types": ["creature"], "subtypes": ["angel"],
             "abilities": ["flying", "lifelink"], "power": 4, "toughness": 5, "face_down": True}  # fmt: skip

    def change(d: dict[str, Any]) -> None:
        top = d["objects"].pop(1)
        d["objects"].append(angel)
        step = d["steps"][0]
        step["add_objects"] = [top]
        step["set_counters"] = {"base": [{"kind": "+1/+1", "count": 1}]}
        step["turn_face_up"] = {"angel": 4}

    final = _final(mutated(change))
    base = final["base"]
    assert (base.name, base.power, base.toughness) == ("Top", 5, 5)
    assert base.abilities == frozenset({"flying", "trample"})
    assert (final["angel"].name, final["angel"].power, final["angel"].face_down) == ("Exalted Angel", 4, False)


# --- 729: merged permanents (reference.merged) --------------------------------------------------------


def _merged() -> tuple[GameObject, GameObject]:
    board = make_board([creature("base", 1), creature("top", 2), creature("under", 3)])
    base, top, under = (board.objects[i] for i in ("base", "top", "under"))
    return replace(base, merges=(Merge(5, True, top), Merge(7, False, under))), base


def _ids(objs: tuple[GameObject, ...]) -> list[str]:
    return [o.id for o in objs]


def test_729_2_components_from_top_to_bottom_with_merges_before_a_time() -> None:
    """729.2: over goes on top, under to the bottom; 707.2b: as of a time, only the merges made before it count."""
    obj, _ = _merged()
    assert _ids(components_as_of(obj)) == ["top", "base", "under"]
    assert _ids(components_as_of(obj, 7)) == ["top", "base"]
    assert _ids(components_as_of(obj, 5)) == ["base"]


def test_729_1_a_merged_permanent_and_its_components_apart() -> None:
    """729.1: a permanent is merged once it has merged; 400.7: leaving, its other components are objects again."""
    obj, base = _merged()
    assert is_merged(obj) and not is_merged(base)
    assert _ids(separated(obj)) == ["top", "under"]
    assert separated(base) == ()


# --- 702.140c: the mutating spell is no longer an object of its own -----------------------------------------


def test_702_140c_effects_that_applied_to_the_merged_spell_no_longer_do() -> None:
    """702.140c, 729.1: once merged, the spell is part of the permanent; effects that applied to it stop."""
    from reference.merged import merge

    board = make_board([creature("base", 1), creature("spell", 2, zone="stack")])
    board = replace(board, effects=(Effect("e", 3, ("spell", "base"), ()), Effect("f", 4, ("base",), ())))
    after = merge(board, "spell", "base", True, 5)
    assert "spell" not in after.objects
    assert [(e.id, e.applies_to) for e in after.effects] == [("e", ("base",)), ("f", ("base",))]


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.


def test_merge_effects_are_the_merges_begun_before_a_time() -> None:
    """613.2a, 721.2a: each merge is a copiable effect with the merge's timestamp, keyed by object and component."""
    first, second = Merge(5, True, obj("spell1")), Merge(8, False, obj("spell2"))
    merged = obj("host", merges=(first, second))
    assert merge_effects(merged) == (
        ("merge:host:spell1", 5, merge_part(first)),
        ("merge:host:spell2", 8, merge_part(second)),
    )
    assert merge_effects(merged, 8) == (("merge:host:spell1", 5, merge_part(first)),)
    assert merge_effects(merged, 5) == ()
