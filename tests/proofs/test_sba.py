"""State-based actions (704.3) checked by z3 on their own (proofs.sba): a wrong round is refuted."""

from __future__ import annotations

from dataclasses import replace

from mtg_layers.checking.z3_crosscheck import check_state_based_actions
from proofs.sba import check_round
from reference.case import apply_step, board_at

from ..builders import VERSIONS
from ..builders import sba_case as _case


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


def _losses(case_file: str, vid: str) -> list[int]:
    """Every number of permanents the legend rule can put into the graveyard on the case's first board."""
    import z3

    from proofs.encoding import Encoding
    from proofs.sba import legend_losses

    enc = Encoding(board_at(_case(case_file), 1), VERSIONS[vid])
    loss = legend_losses(enc)
    assert loss is not None
    found = []
    solver = z3.Solver()
    solver.add(enc.constraints)
    while solver.check() == z3.sat:
        n = solver.model().eval(loss, model_completion=True).as_long()
        found.append(n)
        solver.add(loss != n)
    return sorted(found)


def test_legend_losses_count_both_under_the_old_rule_and_one_under_the_new() -> None:
    """704.5j: Clone copying Isamaru under one controller: both go before 2013, one of the two from 2013-07-13."""
    assert _losses("legend-rule-clone.yaml", "pre-m10") == [2]
    assert _losses("legend-rule-clone.yaml", "ikoria") == [1]
