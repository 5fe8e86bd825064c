"""Issue 33: the JSON Schema stage reports every error of a file, sorted by field path, together with the
errors of the later checks (the meaning, vocabulary and board-word checks), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.corpus import load_case, validate_schema
from mtg_layers.corpus.errors import CorpusError, CorpusErrors
from mtg_layers.corpus.schema import schema_problems
from mtg_layers.docs_site.playground import run

from .test_loader import GOOD, mutated, write


def three_schema_two_semantic(d: dict[str, Any]) -> None:
    d["colour"] = "red"  # schema: an unknown field
    d["objects"][0]["power"] = "two"  # schema: not a number
    d["objects"][1]["timestamp"] = "late"  # schema: not a number
    d["objects"][1]["types"] = ["enchantmant"]  # semantic: not a card type (205.2a)
    d["effects"][0]["applies_to"] = ["zz"]  # semantic: no such object


FIVE = [
    ("colour", "unknown field 'colour'"),
    ("objects[0].power", "expected a number (or null), got 'two'"),
    ("objects[1].timestamp", "expected a number, got 'late'"),
    ("effects[0].applies_to[0]", "unknown object id 'zz'"),
    ("objects[1].types[0]", "did you mean 'enchantment'"),
]


def test_three_schema_errors_and_two_semantic_ones_are_reported_together(tmp_path: Path) -> None:
    path = write(tmp_path, mutated(three_schema_two_semantic))
    with pytest.raises(CorpusErrors) as caught:
        load_case(path)
    found = caught.value.problems
    assert [f for f, _ in found] == [f for f, _ in FIVE]
    for (_, message), (_, words) in zip(found, FIVE, strict=True):
        assert words in message
    lines = str(caught.value).splitlines()
    assert lines[0] == f"5 errors in {caught.value.file}:"
    assert all(line.startswith(f"{caught.value.file}: ") for line in lines[1:])


def test_the_cli_prints_all_five_without_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, mutated(three_schema_two_semantic))
    result = CliRunner().invoke(main, ["resolve", str(path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "5 errors in" in result.output
    for field, words in FIVE:
        assert f": {field}: " in result.output and words in result.output


def test_the_playground_reports_all_five() -> None:
    import yaml

    answer = json.loads(run(yaml.safe_dump(mutated(three_schema_two_semantic), sort_keys=False), "m10"))
    assert answer["ok"] is False
    assert answer["error"].splitlines()[0] == "5 errors in your board:"
    for field, words in FIVE:
        assert f"your board: {field}: " in answer["error"] and words in answer["error"]


def test_schema_errors_are_sorted_by_field_path_with_indexes_in_number_order() -> None:
    def change(d: dict[str, Any]) -> None:
        d["objects"] = [dict(d["objects"][0], id=f"o{i}") for i in range(11)]
        d["objects"][10]["power"] = "x"
        d["objects"][2]["power"] = "y"
        d["title"] = 5

    fields = [f for f, _ in schema_problems(mutated(change))]
    assert fields == ["objects[2].power", "objects[10].power", "title"]


def test_every_unknown_field_of_a_mapping_is_named() -> None:
    found = schema_problems(mutated(lambda d: d["objects"][0].update(colour="red", powr=3)))
    assert [f for f, _ in found] == ["objects[0].colour", "objects[0].powr"]
    assert "did you mean 'power'" in found[1][1]


def test_a_later_check_does_not_repeat_a_field_the_schema_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, mutated(lambda d: d["objects"][0].update(types="creature")))
    with pytest.raises(CorpusError) as caught:
        load_case(path)
    assert not isinstance(caught.value, CorpusErrors)
    assert caught.value.field == "objects[0].types"


def test_one_schema_error_reads_as_one() -> None:
    with pytest.raises(CorpusError) as caught:
        validate_schema(mutated(lambda d: d.update(title=5)), "x.yaml")
    assert not isinstance(caught.value, CorpusErrors)
    assert str(caught.value) == "x.yaml: title: expected a text, got 5"


def test_a_valid_case_has_no_schema_problem() -> None:
    assert schema_problems(GOOD) == []


def _keys(node: Any) -> set[str]:
    """The property names of a schema shape, through its oneOf / anyOf / allOf branches."""
    out: set[str] = set()
    if isinstance(node, dict):
        out |= set(node.get("properties", {}))
        for k in ("oneOf", "anyOf", "allOf"):
            for branch in node.get(k, ()):
                out |= _keys(branch)
    return out


def _paragraph(text: str, opening: str) -> str:
    start = text.index(opening)
    end = text.find("\n\n", start)
    return text[start : end if end >= 0 else len(text)]


def test_every_value_form_of_the_schema_is_documented_in_formats_md() -> None:
    """Issue 33: ``player: you`` and every other value form is documented: each filter key in the filter
    paragraph, each value expression, condition key and operation, and the player words, in docs/formats.md."""
    from mtg_layers.corpus import schema
    from mtg_layers.paths import ROOT

    text = (ROOT / "docs" / "formats.md").read_text("utf-8")
    defs = schema()["$defs"]
    filters = _paragraph(text, "A **filter** is a mapping")
    assert not [k for k in sorted(_keys(defs["filter"])) if f"`{k}`" not in filters]
    assert not [k for k in sorted(_keys(defs["value"])) if f"{{{k}:" not in text]
    assert not [k for k in sorted(_keys(defs["condition"])) if f"{k}:" not in text]
    ops = defs["part"]["properties"]["op"]["enum"]
    assert not [op for op in ops if f"`{op}`" not in text and f"op: {op}" not in text]
    players = _paragraph(text, "**Players.**")
    assert all(word in players for word in ("`set_controller`'s `player`", "`you`", "`opponent`", "`p1`"))
