"""tests/schema_parts.py: the case schema's check part by part gives the whole check's problems, on the schema as it is.

The unit tests' boards go through the loader with the JSON Schema pass made part by part (``checked_by_parts``); these
tests pin that it answers what ``mtg_layers.corpus.schema.schema_problems`` answers: the schema's shape that makes the
split sound, and the two checks side by side on corpus cases and on parts made invalid in each way the exact-value
key must tell apart.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mtg_layers.corpus import case_from_data
from mtg_layers.corpus.schema import schema, schema_problems
from tests import schema_parts
from tests.builders import case_files_read, make_board
from tests.schema_parts import checked_by_parts, parts_are_split_soundly, problems_by_parts, valid_by_parts


def test_the_case_schema_is_a_conjunction_of_its_parts() -> None:
    """Every array of parts the split checks apart, read off the schema (the others are checked whole)."""
    assert parts_are_split_soundly(schema("case")) == {
        "sources": "source",
        "cards": "card",
        "abilities": "ability",
        "objects": "object",
        "effects": "effect",
        "steps": "step",
    }


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda s: s.update({"allOf": [{"required": ["notes"]}]}), id="a top-level keyword"),
        pytest.param(lambda s: s["$defs"]["object"].update({"unevaluatedProperties": False}), id="unevaluated"),
        pytest.param(lambda s: s["$defs"]["effect"].update({"$dynamicRef": "#x"}), id="a dynamic reference"),
        pytest.param(lambda s: s["$defs"]["effect"].update({"$ref": "other.json#/x"}), id="another resource"),
    ],
)
def test_a_schema_that_reads_across_its_parts_is_refused(change: Any) -> None:
    """A keyword that makes a part's verdict depend on more than the part (or on another resource) stops the split."""
    changed = copy.deepcopy(dict(schema("case")))
    change(changed)
    with pytest.raises(ValueError):
        parts_are_split_soundly(changed)


@pytest.mark.parametrize("keyword", [{"uniqueItems": True}, {"contains": {"type": "object"}}, {"prefixItems": []}])
def test_an_array_whose_keywords_read_its_items_is_checked_whole(keyword: dict[str, Any]) -> None:
    """An array of parts with a keyword that reads its items together is left in the skeleton, checked whole."""
    changed = copy.deepcopy(dict(schema("case")))
    changed["properties"]["objects"].update(keyword)
    assert "objects" not in parts_are_split_soundly(changed)
    assert "effects" in parts_are_split_soundly(changed)


def _broken(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Copies of ``data`` each with one part made invalid (or a value the exact-value key must not merge with the
    valid one), and the skeleton broken."""
    out: list[dict[str, Any]] = []

    def variant(change: Any) -> None:
        d = copy.deepcopy(data)
        change(d)
        out.append(d)

    if data.get("objects"):
        variant(lambda d: d["objects"][0].update({"no such field": 1}))
        variant(lambda d: d["objects"][0].update({"timestamp": "soon"}))
        variant(lambda d: d["objects"].__setitem__(0, tuple(d["objects"][0].items())))
        variant(lambda d: d["objects"].append(copy.deepcopy(d["objects"][0]) | {"types": ("creature",)}))
        variant(lambda d: d["objects"].append(copy.deepcopy(d["objects"][0]) | {"power": 2.0}))
        variant(lambda d: d["objects"].append(copy.deepcopy(d["objects"][0]) | {"power": True}))
    for field in ("effects", "abilities", "sources", "cards"):
        if data.get(field):
            variant(lambda d, f=field: d[f][-1].update({"no such field": 1}))
    variant(lambda d: d["steps"][0].update({"expect": []}))
    variant(lambda d: d.update({"objects": tuple(d.get("objects", ()))}))
    variant(lambda d: d.update({"unknown": True}))
    variant(lambda d: d.pop("steps"))
    return out


# Every sixth case of the corpus whole, and broken in each way above: every seventh of those, and the first three
# with effects, abilities and catalogue cards (about 2 s of CPU for both).
CASES = case_files_read()[::6]
BROKEN = CASES[::7] + [c for c in case_files_read() if all(c[1].get(f) for f in ("effects", "abilities"))][:2]
BROKEN += [c for c in case_files_read() if c[1].get("cards")][:1]


def _same_problems(d: dict[str, Any]) -> None:
    """``problems_by_parts`` is ``schema_problems`` on ``d`` (asked twice, so that the second answer comes from the
    kept verdicts)."""
    whole = schema_problems(d)
    assert valid_by_parts(d) is (whole == [])
    assert problems_by_parts(d) == whole
    assert problems_by_parts(d) == whole


@pytest.mark.parametrize(("path", "data"), CASES, ids=[p.stem for p, _ in CASES])
def test_by_parts_gives_the_whole_checks_problems_on_corpus_cases(path: Any, data: dict[str, Any]) -> None:
    """On a corpus case: the same problems (none: the corpus is valid)."""
    _same_problems(data)


@pytest.mark.parametrize(("path", "data"), BROKEN, ids=[p.stem for p, _ in BROKEN])
def test_by_parts_gives_the_whole_checks_problems_on_broken_cases(path: Any, data: dict[str, Any]) -> None:
    """On each broken copy of a corpus case: the same problems, in the same words and order (each copy is invalid)."""
    for d in _broken(data):
        assert schema_problems(d)
        _same_problems(d)


def test_the_kept_verdicts_tell_apart_values_json_writes_alike() -> None:
    """A part valid with the integer 2 is not taken as valid with 2.0 or True (the strict integer type: 4.0 is not an
    integer), nor a list of types with a tuple (JSON Schema's arrays are lists)."""
    data = copy.deepcopy(CASES[0][1])
    good = {"id": "bear", "name": "Bear", "timestamp": 1, "types": ["creature"], "power": 2, "toughness": 2}
    data["objects"] = [good]
    assert problems_by_parts(data) == schema_problems(data)
    for bad in ({"power": 2.0}, {"power": True}, {"types": ("creature",)}):
        changed = copy.deepcopy(data)
        changed["objects"] = [good | bad]
        assert problems_by_parts(changed) == schema_problems(changed)
        assert schema_problems(changed), bad  # each is an invalid part: the test would not see a merge otherwise


def test_the_loader_reads_by_parts_only_inside_the_block() -> None:
    """``checked_by_parts`` swaps the loader's schema pass for the block only; a board made by ``make_board`` is the
    whole check's board, and an invalid one is refused with the whole check's message."""
    from mtg_layers.corpus import load

    assert vars(load)["schema_problems"] is schema_problems
    with checked_by_parts():
        assert vars(load)["schema_problems"] is problems_by_parts
    assert vars(load)["schema_problems"] is schema_problems
    objects = [{"id": "bear", "name": "Bear", "timestamp": 1, "types": ["creature"], "power": 2, "toughness": 2}]
    assert make_board(objects) == make_board(copy.deepcopy(objects))
    with pytest.raises(Exception) as by_parts:
        make_board([objects[0] | {"power": "two"}])
    data = copy.deepcopy(CASES[0][1])
    data["objects"] = [objects[0] | {"power": "two"}]
    with pytest.raises(Exception) as whole:
        case_from_data(data, "unit")
    assert "power" in str(by_parts.value) and "power" in str(whole.value)
    assert schema_parts._verdicts  # the parts' verdicts are kept (for this run's process only)
