"""Issue 33: the meaning checks report every problem of a case at once, in file order, item by item.

An item's first problem ends that item's checks only (the checks after it may read what it found wrong);
an id no definition declares is reported once, where the file first uses it; the checks that follow
objects through the steps (lifetimes, loops) add no follow-on of an undeclared id or of a loop already said.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from mtg_layers.corpus import CorpusError, case_from_data
from mtg_layers.corpus.errors import CorpusErrors
from mtg_layers.corpus.meaning import file_order
from mtg_layers.docs_site.playground import run

from .test_loader import mutated

COUNTER = [{"kind": "+1/+1", "count": 1}]


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Every problem the loader reports for the data (one error reads as a list of one)."""
    with pytest.raises(CorpusError) as caught:
        case_from_data(data, "m.yaml")
    return list(getattr(caught.value, "problems", ((caught.value.field, caught.value.message),)))


def three_in_different_places(d: dict[str, Any]) -> None:
    # found by the last check of all (205.3), but first in the file
    d["objects"][0]["subtypes"] = ["goblinn"]
    d["effects"][0]["applies_to"] = ["zz"]  # an undeclared id, found by the main pass
    d["steps"][0]["remove_objects"] = ["b"]  # found by the replay of the steps (400.7)
    d["steps"][0]["set_counters"] = {"b": COUNTER}


THREE = [
    ("objects[0].subtypes[0]", "unknown subtype 'goblinn'"),
    ("effects[0].applies_to[0]", "unknown object id 'zz'"),
    ("steps[0].set_counters.b", "object 'b' was removed (steps[0].remove_objects[0]); it cannot change after"),
]


def test_three_independent_meaning_errors_are_reported_in_file_order() -> None:
    found = problems(mutated(three_in_different_places))
    assert [f for f, _ in found] == [f for f, _ in THREE]
    for (_, message), (_, words) in zip(found, THREE, strict=True):
        assert message.startswith(words), message


def test_the_text_lists_them_one_a_line() -> None:
    with pytest.raises(CorpusErrors) as caught:
        case_from_data(mutated(three_in_different_places), "m.yaml")
    lines = str(caught.value).splitlines()
    assert lines[0] == "3 errors in m.yaml:"
    assert [line.split(": ")[1] for line in lines[1:]] == [f for f, _ in THREE]
    assert (caught.value.field, caught.value.message) == caught.value.problems[0]


def test_the_playground_lists_them_too() -> None:
    answer = json.loads(run(yaml.safe_dump(mutated(three_in_different_places), sort_keys=False), "m10"))
    assert answer["ok"] is False
    lines = answer["error"].splitlines()
    assert lines[0] == "3 errors in your board:"
    for (field, words), line in zip(THREE, lines[1:], strict=True):
        assert line.startswith(f"your board: {field}: {words}"), line


def test_one_undeclared_id_used_in_three_places_is_one_error() -> None:
    def change(d: dict[str, Any]) -> None:
        expect = d["steps"][0]["expect"]
        expect["m10"]["zz"] = {"power": 1}
        d["steps"][0] = {
            "description": "s",
            "remove_objects": ["zz"],  # first in the file; no "was removed" follow-on below
            "set_counters": {"zz": COUNTER},
            "attach": {"a": "zz"},
            "expect": expect,
        }

    assert problems(mutated(change)) == [("steps[0].remove_objects[0]", "unknown object id 'zz'")]


def test_distinct_undeclared_ids_are_each_reported_where_first_used() -> None:
    def change(d: dict[str, Any]) -> None:
        d["effects"][0]["applies_to"] = ["zz"]
        d["steps"][0]["set_counters"] = {"zz": COUNTER, "yy": COUNTER}
        d["steps"][0]["end_effects"] = ["ee"]

    assert problems(mutated(change)) == [
        ("effects[0].applies_to[0]", "unknown object id 'zz'"),
        ("steps[0].set_counters.yy", "unknown object id 'yy'"),
        ("steps[0].end_effects[0]", "unknown effect id 'ee'"),
    ]


def test_an_id_used_before_the_step_that_adds_it_is_undeclared_there_only() -> None:
    def change(d: dict[str, Any]) -> None:
        first = d["steps"][0]
        first["set_counters"] = {"c": COUNTER}
        added = {"id": "c", "types": ["creature"], "power": 1, "toughness": 1}
        later = {"description": "t", "add_objects": [added], "set_counters": {"c": COUNTER}, "expect": first["expect"]}
        d["steps"].append(later)

    assert problems(mutated(change)) == [("steps[0].set_counters.c", "unknown object id 'c'")]


def test_an_items_first_problem_ends_its_own_checks_only() -> None:
    def change(d: dict[str, Any]) -> None:
        history = [{"face_down": True, "timestamp": 1}, {"face_down": True, "timestamp": 2}]
        # a duplicate: the id means the first object; the duplicate's own history is not checked
        d["objects"].append({"id": "a", "timestamp": 4, "types": ["creature"], "face_history": history})
        # another object's history is its own item, checked
        d["objects"].append({"id": "c", "timestamp": 5, "types": ["creature"], "face_history": history})

    found = problems(mutated(change))
    assert found == [
        ("objects[2].id", "duplicate object id 'a'"),
        ("objects[3].face_history[1].face_down", "turns alternate between face up and face down"),
    ]


@pytest.mark.parametrize(("zone", "merge_error"), [("nowhere", False), ("graveyard", True)])
def test_a_step_reading_an_objects_failed_value_adds_no_follow_on(zone: str, merge_error: bool) -> None:
    def change(d: dict[str, Any]) -> None:
        d["versions"] = ["ikoria"]
        del d["steps"][0]["expect"]["m10"]
        d["objects"][0]["zone"] = zone
        d["steps"][0]["merge"] = {"b": {"onto": "a", "position": "over", "timestamp": 4}}  # 729.1 reads a's zone

    fields = [f for f, _ in problems(mutated(change))]
    # an unknown zone is the object's own error; the merge is refused only for a zone that is known and wrong
    assert fields == (["steps[0].merge.b.onto"] if merge_error else ["objects[0].zone"])


def test_an_attachment_loop_is_reported_once() -> None:
    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["attach"] = {"a": "b", "b": "a"}
        d["steps"].append({"description": "t", "expect": d["steps"][0]["expect"]})  # the loop is still there

    found = problems(mutated(change))
    assert len(found) == 1 and "attachment loop" in found[0][1], found


def test_an_unknown_version_is_not_also_a_mismatch_of_the_answers() -> None:
    found = problems(mutated(lambda d: d.update(versions=["m10", "ikoira"])))
    assert [f for f, _ in found] == ["versions[1]"]
    assert "did you mean 'ikoria'?" in found[0][1]


def test_after_a_schema_error_a_check_that_cannot_read_it_stops_only_its_own_item() -> None:
    def change(d: dict[str, Any]) -> None:
        # schema: a timestamp that is not a number (the meaning check of the history cannot compare it)
        d["objects"][0]["face_history"] = [{"face_down": True, "timestamp": 1}, {"face_down": False, "timestamp": "x"}]
        d["objects"][0]["face_down"] = False
        d["steps"][0]["set_counters"] = {"zz": COUNTER}  # meaning, in another item

    fields = [f for f, _ in problems(mutated(change))]
    assert fields == ["objects[0].face_history[1].timestamp", "steps[0].set_counters.zz"]


def test_file_order_follows_the_keys_as_written() -> None:
    data = {"steps": [{"b": 1, "a": [0, 1]}], "objects": [{}]}
    paths = ["objects[0]", "steps[0].a[1]", "steps[0].b", "steps[0].a[0]", "steps[0].nowhere", ""]
    assert sorted(paths, key=lambda p: file_order(data, p)) == [
        "",
        "steps[0].b",
        "steps[0].a[0]",
        "steps[0].a[1]",
        "steps[0].nowhere",
        "objects[0]",
    ]


# one meaning error each, in different items (two in one object, in its own sub-items)
ALONE: dict[str, Callable[[dict[str, Any]], None]] = {
    "subtype": lambda d: d["objects"][0].update(subtypes=["goblinn"]),
    "chosen": lambda d: d["objects"][1].update(chosen={"creature_type": "elff"}),
    "history": lambda d: d["objects"][1].update(
        face_down=True, face_history=[{"face_down": True, "timestamp": 1}, {"face_down": True, "timestamp": 2}]
    ),
    "applies_to": lambda d: d["effects"][0].update(applies_to=["zz"]),
    "end_effects": lambda d: d["steps"][0].update(end_effects=["ee"]),
    "version": lambda d: d.update(versions=["m10", "ikoira"]),
    "timestamp": lambda d: d["effects"][0].pop("timestamp"),
}


@pytest.mark.parametrize("pair", list(itertools.combinations(ALONE, 2)), ids="+".join)
def test_two_independent_errors_together_are_the_two_alone(pair: tuple[str, str]) -> None:
    alone = [problems(mutated(ALONE[name])) for name in pair]
    assert all(len(found) == 1 for found in alone), alone

    def both(d: dict[str, Any]) -> None:
        for name in pair:
            ALONE[name](d)

    together = problems(mutated(both))
    assert sorted(together) == sorted(alone[0] + alone[1])
