"""Issue 33, item 3: card types, supertypes and player ids are checked like colors, every error of a file
is reported at once, and ``explain FILE`` marks the fields where the result differs from the expectation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers.cli import differing_lines, main
from mtg_layers.corpus import CorpusError, case_from_data, load_case
from mtg_layers.corpus.board_words import board_word_problems
from mtg_layers.corpus.errors import CorpusErrors

from .test_loader import GOOD, mutated, write


def problems(change: Any) -> list[tuple[str, str]]:
    return board_word_problems(mutated(change))


def test_a_good_case_has_no_problem() -> None:
    assert board_word_problems(GOOD) == []


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d["objects"][0].update(types=["enchantmant"]), "objects[0].types[0]", "did you mean 'enchantment'"),
        (
            lambda d: d["objects"][0].update(supertypes=["legendery"]),
            "objects[0].supertypes[0]",
            "did you mean 'legendary'",
        ),
        (lambda d: d["objects"][1].update(controller="P1"), "objects[1].controller", "did you mean 'p1'"),
        (lambda d: d["objects"][1].update(owner="player"), "objects[1].owner", "is not a player id"),
        (lambda d: d["effects"][0].update(controller="P2"), "effects[0].controller", "did you mean 'p2'"),
        (
            lambda d: d["effects"][0].update(parts=[{"op": "add_types", "types": ["artefact"]}]),
            "effects[0].parts[0].types[0]",
            "did you mean 'artifact'",
        ),
        (
            lambda d: d["effects"][0].update(parts=[{"op": "set_controller", "player": "P2"}]),
            "effects[0].parts[0].player",
            "is not 'you' or a player id",
        ),
    ],
)
def test_a_misspelt_word_is_named_with_the_nearest(change: Any, field: str, words: str) -> None:
    found = problems(change)
    assert [f for f, _ in found] == [field]
    assert words in found[0][1]


def test_you_is_a_player_for_set_controller_and_a_player_id_anywhere() -> None:
    def change(d: dict[str, Any]) -> None:
        d["objects"][1]["controller"] = "p2"
        d["effects"][0]["parts"] = [{"op": "set_controller", "player": "you"}]

    assert problems(change) == []


def test_every_error_of_a_file_is_reported_at_once(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["objects"][0].update(types=["enchantmant"], supertypes=["legendery"])
        d["objects"][1]["controller"] = "P1"
        d["steps"][0]["expect"]["m10"]["a"]["colors"] = ["W"]

    path = write(tmp_path, mutated(change))
    with pytest.raises(CorpusErrors) as caught:
        load_case(path)
    fields = [f for f, _ in caught.value.problems]
    assert fields == [
        "steps[0].expect.m10.a.colors[0]",
        "objects[0].types[0]",
        "objects[0].supertypes[0]",
        "objects[1].controller",
    ]
    text = str(caught.value)
    assert text.splitlines()[0] == f"4 errors in {caught.value.file}:"
    result = CliRunner().invoke(main, ["resolve", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "4 errors in" in result.output and "did you mean 'legendary'" in result.output


def test_one_error_reads_as_before() -> None:
    with pytest.raises(CorpusError) as caught:
        case_from_data(mutated(lambda d: d["objects"][0].update(types=["enchantmant"])), "x.yaml")
    assert not isinstance(caught.value, CorpusErrors)
    assert str(caught.value).startswith("x.yaml: objects[0].types[0]: 'enchantmant' is not a card type")


def test_explain_marks_the_fields_that_differ_in_json_forms() -> None:
    expect = {"a": {"power": 4, "toughness": 3, "face_down": False}}
    result = {"a": {"power": 3, "toughness": 3, "face_down": True}}
    assert differing_lines(expect, [result]) == [
        "result: differs from the expected values at 2 field(s):",
        "  ✗ a.face_down: expected false, result true",
        "  ✗ a.power: expected 4, result 3",
    ]
    assert differing_lines(expect, [{"a": {"power": 4, "toughness": 3, "face_down": False}}]) == [
        "result: matches the expected values"
    ]


def test_explain_file_marks_a_wrong_expectation(tmp_path: Path) -> None:
    data = mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(power=5))
    result = CliRunner().invoke(main, ["explain", str(write(tmp_path, data)), "--rules", "m10"])
    assert result.exit_code == 0, result.output
    assert "✗ a.power: expected 5, result 3" in result.output
