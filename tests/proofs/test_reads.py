"""The oracle says "verified" only for what the z3 encoding reads; anything else is "not encoded".

proofs.reads lists what the encoding reads of a board; everything else a board or an
expectation holds is reported "not encoded" by the cross-check (and by verify, with the
feature named), never "verified".
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from mtg_layers.checking.z3_crosscheck import check_board, crosscheck_case
from mtg_layers.cli import main
from mtg_layers.corpus import CASES_DIR, case_from_data, load_case
from proofs.reads import (
    EXCEPT_KEYS,
    FILTER_KEYS,
    NOT_MODELLED_FIELDS,
    PART_ARGS,
    VALUE_KEYS,
    VALUES_NOT_ENCODED,
    not_encoded,
)
from reference.case import board_at
from reference.frozen import FrozenMap
from reference.model import Board, Effect, GameObject, Part
from reference.versions import get_version

from ..builders import VERSIONS, creature, make_board

ROOT = Path(__file__).resolve().parents[2]


def _pumped() -> Board:
    return make_board(
        [creature("bear", 1), creature("card", 0.5, zone="graveyard")],
        [{"id": "pump", "timestamp": 2, "applies_to": ["bear"], "parts": [{"op": "modify_pt", "power": 1}]}],
    )


def test_a_plain_board_is_read_in_full_and_verified() -> None:
    board = _pumped()
    assert not_encoded(board) == []
    assert check_board(board, get_version("ikoria")).status == "verified"


def test_an_unknown_part_argument_is_not_encoded() -> None:
    board = _pumped()
    pump = board.effects[0]
    odd = dataclasses.replace(pump, parts=(Part("modify_pt", FrozenMap({"power": 1, "until": "end of turn"})),))
    board = dataclasses.replace(board, effects=(odd,))
    check = check_board(board, get_version("ikoria"))
    assert check.status == "not encoded"
    assert any("pump.parts[0].until" in line for line in check.info)


def test_a_field_the_model_gains_later_is_not_encoded() -> None:
    """The walk is generic: a new model field with a non-default value is reported until it is listed."""

    @dataclasses.dataclass(frozen=True)
    class PhasedObject(GameObject):
        phased_out: bool = False

    board = _pumped()
    bear = board.objects["bear"]
    phased = PhasedObject(**{f.name: getattr(bear, f.name) for f in dataclasses.fields(bear)}, phased_out=True)
    board = dataclasses.replace(board, objects={**board.objects, "bear": phased})
    assert not_encoded(board) == ["object bear.phased_out"]
    assert check_board(board, get_version("m10")).status == "not encoded"


def test_an_effect_on_an_object_outside_the_battlefield_is_not_encoded() -> None:
    board = _pumped()
    on_card = Effect("grow", 3, ("card",), (Part("modify_pt", FrozenMap({"power": 1})),))
    board = dataclasses.replace(board, effects=(*board.effects, on_card))
    assert check_board(board, get_version("ikoria")).status == "not encoded"


def test_a_static_ability_reaching_another_zone_is_read_and_verified() -> None:
    """611.3a, 613.1: the encoding resolves every zone itself, so such a board is verified."""
    board = make_board(
        [
            creature("lord", 1, abilities=["creature cards in graveyards get +1/+1"]),
            creature("card", 0.5, zone="graveyard"),
        ],
        abilities=[
            {
                "text": "creature cards in graveyards get +1/+1",
                "applies_to": {"all": [{"type": "creature"}, {"zone": "graveyard"}]},
                "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
            }
        ],
    )
    assert not_encoded(board) == []
    assert check_board(board, get_version("ikoria")).status == "verified"


def _case_data() -> dict[str, Any]:
    return {
        "id": "unit-not-encoded",
        "title": "an expectation about a card in a graveyard",
        "versions": ["ikoria"],
        "features": ["layer-7c-modify"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": [creature("bear", 1), creature("card", 0.5, zone="graveyard")],
        "effects": [{"id": "pump", "timestamp": 2, "applies_to": ["bear"], "parts": [{"op": "modify_pt", "power": 1}]}],
        "steps": [{"description": "s", "expect": {"ikoria": {"bear": {"power": 3}, "card": {"power": 2}}}}],
    }


def test_an_expectation_off_the_battlefield_is_compared() -> None:
    """Objects in every zone are resolved and cross-checked (613.1); an unknown expected field is not."""
    case = case_from_data(_case_data())
    assert crosscheck_case(case, get_version("ikoria"))[0] == "verified"
    odd = copy.deepcopy(_case_data())
    odd["steps"][0]["expect"]["ikoria"]["card"]["zone"] = "graveyard"
    assert crosscheck_case(case_from_data(odd), get_version("ikoria"))[0] == "verified"


def test_verify_reports_not_encoded_in_its_table_and_summary(tmp_path: Path) -> None:
    """A named gap, counted apart from verified and from failures (it does not fail verify)."""
    (tmp_path / "fine.yaml").write_text(yaml.safe_dump(_case_data_on_battlefield()), encoding="utf-8")
    odd = _case_data_on_battlefield()
    odd["id"] = "unit-not-encoded-2"
    # a resolved effect naming a card in the graveyard: both sides ignore it (400.7), the encoding does not model it
    odd["effects"].append(
        {"id": "grow", "timestamp": 3, "applies_to": ["card"], "parts": [{"op": "modify_pt", "power": 1}]}
    )
    odd["steps"][0]["expect"]["ikoria"] = {"bear": {"toughness": 2}}
    (tmp_path / "odd.yaml").write_text(yaml.safe_dump(odd), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", "--corpus", str(tmp_path)], terminal_width=200)
    assert "1 verified, 1 not encoded, 0 not verified" in result.output, result.output
    assert "applies to card (outside the battlefield)" in result.output
    assert result.exit_code == 0, result.output


def _case_data_on_battlefield() -> dict[str, Any]:
    data = _case_data()
    data["steps"][0]["expect"]["ikoria"] = {"bear": {"power": 3}}
    return data


def test_the_reads_list_only_names_what_the_case_format_has() -> None:
    """Sanity: every key the encoding claims to read is a key of the case schema."""
    schema = json.loads((ROOT / "corpus" / "schema" / "case.schema.json").read_text("utf-8"))["$defs"]
    assert set(schema["filter"]["properties"]) >= FILTER_KEYS
    assert set(schema["copy_exceptions"]["properties"]) >= EXCEPT_KEYS
    assert set(PART_ARGS) == set(schema["part"]["properties"]["op"]["enum"])
    values = {k for alt in schema["value"]["oneOf"] if "properties" in alt for k in alt["properties"]}
    assert values == VALUE_KEYS | VALUES_NOT_ENCODED  # game-state values: reported as not encoded
    case = case_from_data(_case_data())
    assert board_at(case, 1).objects["card"].zone == "graveyard"


# Issue 17: entry counters (proofs.entry) and created tokens (proofs.steps) are read by the z3 side (issue 28).


@pytest.mark.parametrize(
    "path",
    [
        "entry/renata-enters-with-counter.yaml",
        "tokens/dragon-roost-text-changed.yaml",
    ],
)
def test_entry_counters_and_created_tokens_are_read_by_the_z3_side(path: str) -> None:
    """614.1c, 111.3: proofs.steps reads enters_with and creates as the steps happen (issue 28): verified."""
    status, info = crosscheck_case(load_case(CASES_DIR / path), VERSIONS["2025-08-01"])
    assert status == "verified", "\n".join(info)
    assert not NOT_MODELLED_FIELDS
