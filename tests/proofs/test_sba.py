"""State-based actions (704.3) checked by z3 on their own (proofs.sba): a wrong round is refuted."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtg_layers.checking.z3_crosscheck import check_state_based_actions
from mtg_layers.corpus import CASES_DIR, load_case
from proofs.crosscheck import Bounded
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


def _attachment_case(name: str) -> Any:
    return load_case(CASES_DIR / "attachments" / name)


def test_z3_refutes_the_old_round_that_left_the_warhammer_on_the_idol() -> None:
    """704.5n: the round the code before 704.5n performed (nothing) is refuted; unattaching is verified."""
    case = _attachment_case("warhammer-chimeric-idol.yaml")
    version = VERSIONS["ikoria"]
    before = apply_step(board_at(case, 1), replace(case.steps[1], state_based_actions=False))
    assert check_round(before, version, set(), {}, ()).status == "counterexample"
    assert check_round(before, version, set(), {}, (), unattached={"warhammer"}).status == "verified"
    assert check_round(before, version, {"warhammer"}, {}, ()).status == "counterexample"


def test_z3_refutes_the_old_round_that_left_holy_strength_on_the_land() -> None:
    """704.5m: Holy Strength (enchant creature) goes; Wild Growth (enchant land) stays."""
    case = _attachment_case("holy-strength-mishras-factory.yaml")
    version = VERSIONS["m10"]
    before = apply_step(board_at(case, 1), replace(case.steps[1], state_based_actions=False))
    assert check_round(before, version, set(), {}, ()).status == "counterexample"
    assert check_round(before, version, {"holy-strength", "wild-growth"}, {}, ()).status == "counterexample"
    assert check_round(before, version, {"holy-strength"}, {}, ()).status == "verified"


def test_every_round_of_the_attachment_steps_is_verified() -> None:
    for name, version in (("warhammer-chimeric-idol.yaml", "pre-m10"), ("holy-strength-mishras-factory.yaml", "m10")):
        checks = check_state_based_actions(_attachment_case(name), 2, VERSIONS[version])
        assert [c.status for c in checks] == ["verified"], name


def test_an_aura_with_no_enchant_ability_is_not_encodable() -> None:
    """702.5a: what an Aura without an enchant ability may enchant is not stated; z3 gives no verdict."""
    case = _attachment_case("holy-strength-mishras-factory.yaml")
    board = board_at(case, 1)
    aura = board.objects["holy-strength"]
    bare = replace(aura, printed=aura.printed.with_(abilities=frozenset({"enchanted creature gets +1/+2."})))
    board = replace(board, objects={**board.objects, "holy-strength": bare})
    assert check_round(board, VERSIONS["m10"], set(), {}, ()).status == "not encodable"


def test_z3_refutes_the_old_round_that_left_a_creature_equipment_attached() -> None:
    """704.5n with 301.5c: Karn's Touch makes the Warhammer a creature; it must fall off the Bears."""
    case = _attachment_case("karns-touch-warhammer.yaml")
    version = VERSIONS["pre-m10"]  # 611.2d: Karn's Touch fixes its amounts as it resolves, under a version
    before = apply_step(board_at(case, 1, version), replace(case.steps[1], state_based_actions=False), version)
    assert check_round(before, VERSIONS["pre-m10"], set(), {}, ()).status == "counterexample"
    assert check_round(before, VERSIONS["pre-m10"], set(), {}, (), unattached={"warhammer"}).status == "verified"


def test_z3_refutes_the_old_round_that_left_an_aura_creature_attached() -> None:
    """303.4d, 704.5m: Pacifism made a creature by Lattice and March goes with the 0/0 Island, in one round."""
    case = load_case(CASES_DIR / "rulings" / "lattice-march.yaml")
    before = apply_step(board_at(case, 1), replace(case.steps[1], state_based_actions=False))
    assert check_round(before, VERSIONS["m10"], {"island"}, {}, ()).status == "counterexample"
    assert check_round(before, VERSIONS["m10"], {"island", "pacifism"}, {}, ()).status == "verified"


def _losses(case_file: str, vid: str) -> list[int]:
    """Every number of permanents the legend rule can put into the graveyard on the case's first board."""
    import z3

    from proofs.encoding import Encoding
    from proofs.sba import legend_losses

    enc = Encoding(board_at(_case(case_file), 1), VERSIONS[vid])
    loss = legend_losses(enc)
    assert loss is not None
    found = []
    solver = Bounded()
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


def _roles_case() -> Any:
    return load_case(CASES_DIR / "sba" / "roles-newest-per-player.yaml")


def test_z3_refutes_the_old_round_that_kept_both_of_a_players_roles() -> None:
    """704.5y, 303.7a: the round the code before 704.5y performed (nothing) is refuted; the older Role going is
    verified; the newer one going, or the other player's Role going, is refuted."""
    case = _roles_case()
    version = VERSIONS["2025-08-01"]
    before = apply_step(board_at(case, 1, version), replace(case.steps[1], state_based_actions=False), version)
    assert check_round(before, version, set(), {}, ()).status == "counterexample"
    assert check_round(before, version, {"monster"}, {}, ()).status == "verified"
    assert check_round(before, version, {"royal"}, {}, ()).status == "counterexample"
    third = apply_step(board_at(case, 2, version), replace(case.steps[2], state_based_actions=False), version)
    assert check_round(third, version, set(), {}, ()).status == "verified"
    assert check_round(third, version, {"royal"}, {}, ()).status == "counterexample"
