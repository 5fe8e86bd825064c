"""State-based actions between steps (704.3): the resolver's rounds, and z3 checking them on its own."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.checking.z3_crosscheck import check_state_based_actions
from mtg_layers.corpus import CASES_DIR, CorpusError, case_from_data, load_case
from proofs.sba import check_round
from reference.case import apply_step, board_at, initial_board
from reference.resolver import resolve
from reference.sba import StateBasedActionError, state_based_actions
from reference.versions import builtin_versions

VERSIONS = builtin_versions()


def _case(name: str) -> Any:
    return load_case(CASES_DIR / "sba" / name)


def test_a_step_with_state_based_actions_needs_a_version() -> None:
    case = _case("tarmogoyf-disfigure.yaml")
    with pytest.raises(ValueError, match="state-based actions"):
        board_at(case, 2)
    assert board_at(case, 2, VERSIONS["ikoria"]).objects["goyf"].zone == "battlefield"
    assert board_at(case, 3, VERSIONS["ikoria"]).objects["goyf"].zone == "graveyard"


def test_a_dead_object_is_a_new_object_that_effects_forget() -> None:
    """400.7: the Disfigure effects no longer list Tarmogoyf once it is in the graveyard."""
    board = board_at(_case("tarmogoyf-disfigure.yaml"), 3, VERSIONS["ikoria"])
    assert all("goyf" not in e.applies_to for e in board.effects)


def test_the_m10_profile_has_the_legend_rule_of_2009() -> None:
    """704.5k of 2009 (issue 29): m10 is the rules of 2009-07-08, when every same-name legend went."""
    board = board_at(_case("legend-rule-clone.yaml"), 2, VERSIONS["m10"])
    assert {board.objects[o].zone for o in ("isamaru", "clone")} == {"graveyard"}


def test_the_current_legend_rule_needs_a_choice() -> None:
    case = _case("legend-rule-clone.yaml")
    board = board_at(case, 1)
    with pytest.raises(StateBasedActionError, match="legend_rule_keeps"):
        state_based_actions(board, VERSIONS["ikoria"], (), lambda b, v: resolve(b, v).final)


def test_z3_refutes_a_wrong_round() -> None:
    """The z3 check reads toughness and the legend rule itself: a wrong set of dead objects is caught."""
    case = _case("tarmogoyf-disfigure.yaml")
    version = VERSIONS["ikoria"]
    before = apply_step(board_at(case, 1), replace(case.steps[1], state_based_actions=False))
    assert check_round(before, version, set(), {}, ()).status == "verified"
    assert check_round(before, version, {"goyf"}, {}, ()).status == "counterexample"
    legend = _case("legend-rule-clone.yaml")
    board = board_at(legend, 1)
    assert check_round(board, version, {"isamaru"}, {}, ("clone",)).status == "verified"
    assert check_round(board, version, {"clone"}, {}, ("clone",)).status == "counterexample"
    assert check_round(board, VERSIONS["pre-m10"], {"clone", "isamaru"}, {}, ()).status == "verified"


def test_z3_refutes_wrong_counters() -> None:
    case = _case("persist-counters-annihilate.yaml")
    board = board_at(case, 1)
    right = {"finks": {}, "finks2": {"+1/+1": 1}}
    assert check_round(board, VERSIONS["m10"], set(), right, ()).status == "verified"
    wrong = {"finks": {"+1/+1": 1}, "finks2": {"+1/+1": 1}}
    assert check_round(board, VERSIONS["m10"], set(), wrong, ()).status == "counterexample"


def test_every_round_of_a_corpus_step_is_verified() -> None:
    case = _case("persist-counters-annihilate.yaml")
    checks = check_state_based_actions(case, 4, VERSIONS["ikoria"])
    assert [c.status for c in checks] == ["verified"]


def test_initial_board_has_no_state_based_actions() -> None:
    board = initial_board(_case("legend-rule-spark-double.yaml"))
    _, rounds = state_based_actions(board, VERSIONS["ikoria"], (), lambda b, v: resolve(b, v).final)
    assert rounds == ()


def test_a_legend_rule_choice_without_state_based_actions_is_a_load_error() -> None:
    from tests.test_loader import GOOD

    data = copy.deepcopy(GOOD)
    data["steps"][0]["legend_rule_keeps"] = ["a"]
    with pytest.raises(CorpusError, match="needs state_based_actions: true"):
        case_from_data(data)
