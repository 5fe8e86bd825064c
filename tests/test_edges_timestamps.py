"""Issue 28, item 1: objects of several players stamped at the same moment are in APNAP order (613.7m, since 2020).

The active player's objects come first, then each other player's in turn order; a player
orders only their own. Before 2020 (418.5e(a), 613.6j) the active player ordered them all:
each version keeps its reading (flag ``simultaneous_timestamps``). The resolver, the outcome
enumeration and the z3 encoding read it; a recorded order against it is an error.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.checking.results import board_result
from mtg_layers.checking.verify import check_case
from mtg_layers.checking.z3_crosscheck import check_board
from mtg_layers.corpus import CASES_DIR, CorpusError, case_from_data, load_case, read_yaml
from proofs.crosscheck import check_answer
from reference.case import board_at
from reference.choices import outcomes
from reference.frozen import FrozenMap
from reference.model import Board
from reference.resolver import resolve
from reference.timestamps import TieOrderError
from reference.versions import ProfileError, builtin_profile_data, builtin_versions, get_version, version_from_mapping
from tests.builders import creature, enchantment, make_board
from tests.proofs.refute import refuted

VAULTS = "timestamps/open-the-vaults-apnap-three-players.yaml"
APNAP_VERSIONS = ("ikoria", "2023-11-17", "2025-08-01")


def _vaults(game: dict[str, Any] | None = None) -> Board:
    board = board_at(load_case(CASES_DIR / VAULTS), 1)
    return board if game is None else replace(board, game=FrozenMap(game))


def _colors(board: Board, vid: str) -> list[tuple[tuple[str, ...], ...]]:
    """Each outcome's colors of the Dryad Arbor and the Bears."""
    found = outcomes(board, get_version(vid))
    return sorted(
        {
            (tuple(r["arbor"]["colors"]), tuple(r["bears"]["colors"]))
            for r in (board_result(board, o.final) for o in found.outcomes)
        }
    )


def test_open_the_vaults_case_is_verified_and_the_old_outcomes_refuted() -> None:
    """613.7m: p2 (active) first, then p3, then p1 (seats p1, p2, p3): Arbor black, Bears white. The old code listed
    every order; z3 refutes the answers of the orders APNAP rules out."""
    for vid in APNAP_VERSIONS:
        assert refuted(VAULTS, 1, vid, "bears", "colors", ["black"])  # p1's Shifting Sky before p3's Darkest Hour
        assert refuted(VAULTS, 1, vid, "arbor", "colors", [])  # p3's Darkest Hour before the active p2's Thran Lens
    assert _colors(_vaults(), "2025-08-01") == [(("black",), ("white",))]


def test_before_2020_the_active_player_chose_every_order() -> None:
    """418.5e(a), 613.6j: the same board under pre-m10 and m10: each of the six orders is the active player's choice
    (p2's, named), so every outcome is listed, and z3 finds no other."""
    board = _vaults()
    every = [((), ()), ((), ("white",)), (("black",), ("black",)), (("black",), ("white",))]
    for vid in ("pre-m10", "m10"):
        assert _colors(board, vid) == every
        found = outcomes(board, get_version(vid))
        assert found.ties[0].player == "p2" and not found.ties[0].decided
        assert check_board(board, get_version(vid)).status == "verified"


def test_without_the_turn_order_the_tie_says_so_and_lists_each_seating() -> None:
    """101.4: with p2 active but no turn order, p3's and p1's objects are ordered by a seating the case does not
    give: the tie names game.turn_order, the outcomes are those of the two seatings, and z3 agrees."""
    board = _vaults({"turn": "p2"})
    v = get_version("ikoria")
    found = outcomes(board, v)
    tie = found.ties[0]
    assert tie.missing == "game.turn_order" and not tie.decided
    assert "game.turn_order" in tie.describe() and "613.7m" in tie.describe()
    assert _colors(board, "ikoria") == [(("black",), ("black",)), (("black",), ("white",))]
    assert sorted(s for o in found.outcomes for s in o.turn_orders) == [("p2", "p1", "p3"), ("p2", "p3", "p1")]
    assert check_board(board, v).status == "verified"
    one = board_result(board, found.outcomes[0].final)
    assert check_answer(board, v, one).status == "counterexample"  # one seating's answer alone is not the rules'


def test_without_the_active_player_every_seating_is_listed() -> None:
    """102.1: no game.turn: the tie names it, every seating of the three players is tried, z3 agrees."""
    board = _vaults({})
    found = outcomes(board, get_version("2025-08-01"))
    assert found.ties[0].missing == "game.turn"
    assert len({s for o in found.outcomes for s in o.turn_orders}) == 6
    assert check_board(board, get_version("2025-08-01")).status == "verified"


RED, BLUE, GREEN = "creatures are red.", "creatures are blue.", "creatures are green in addition to their other colors."
COLOR_DEFS = [
    {"text": RED, "applies_to": {"type": "creature"}, "parts": [{"op": "set_colors", "colors": ["red"]}]},
    {"text": BLUE, "applies_to": {"type": "creature"}, "parts": [{"op": "set_colors", "colors": ["blue"]}]},
    {"text": GREEN, "applies_to": {"type": "creature"}, "parts": [{"op": "add_colors", "colors": ["green"]}]},
]


def _three(game: dict[str, Any] | None = None, tie_order: tuple[str, ...] = ()) -> Board:
    """p1's red and green enchantments and p2's blue one, all stamped at 3; a Bear stamped at 1."""
    board = make_board(
        [
            creature("bear", 1),
            enchantment("red", 3, RED),
            enchantment("green", 3, GREEN),
            enchantment("blue", 3, BLUE, controller="p2"),
        ],
        abilities=COLOR_DEFS,
    )
    return replace(board, game=FrozenMap(game or {}), tie_order=tie_order)


def _bear(board: Board, vid: str) -> list[list[str]]:
    return sorted(sorted(o.final["bear"].colors) for o in outcomes(board, get_version(vid)).outcomes)


def test_only_orders_a_seating_allows_are_listed() -> None:
    """613.7m: a player's objects are stamped together, so p2's blue enchantment is never between p1's two: 'blue and
    green' (red, blue, green) is not an outcome, though it was listed before; z3 finds no other outcome either."""
    board = _three()
    assert _bear(board, "ikoria") == [["blue"], ["green", "red"], ["red"]]
    assert check_board(board, get_version("ikoria")).status == "verified"
    assert ["blue", "green"] in _bear(board, "m10")  # 613.6j: any order was the active player's choice


def test_the_active_players_objects_come_first_and_the_rest_is_theirs_to_order() -> None:
    """613.7m: p1 active: p1's two first (p1 orders them: recorded, or enumerated), p2's blue last: blue."""
    board = _three({"turn": "p1"})
    found = outcomes(board, get_version("2025-08-01"))
    assert _bear(board, "2025-08-01") == [["blue"]]
    assert found.ties and found.ties[0].player == "p1"
    assert set(found.ties[0].candidates) == {f"red:{RED}", f"green:{GREEN}"}
    chosen = replace(board, tie_order=("green", "red"))
    assert resolve(chosen, get_version("2025-08-01")).final["bear"].colors == {"blue"}
    assert check_board(chosen, get_version("2025-08-01")).status == "verified"
    p2_active = _three({"turn": "p2"})
    assert _bear(p2_active, "2025-08-01") == [["green", "red"], ["red"]]  # blue first, then p1's in p1's order


def test_a_recorded_order_against_apnap_is_an_error_naming_tie_order_and_the_rule() -> None:
    """613.7m: a tie_order putting p2's object before the active p1's is refused under an APNAP version (verify
    reports the step's error); under m10 it is the active player's choice and decides; z3 agrees there."""
    wrong = _three({"turn": "p1"}, tie_order=("blue", "red", "green"))
    with pytest.raises(TieOrderError, match=r"tie_order puts blue \(p2's\) before (red|green) \(p1's\).*613\.7m"):
        resolve(wrong, get_version("ikoria"))
    assert resolve(wrong, get_version("m10")).final["bear"].colors == {"green", "red"}
    assert check_board(wrong, get_version("m10")).status == "verified"
    unknown = _three({}, tie_order=("red", "blue"))
    with pytest.raises(TieOrderError, match=r"whose turn it is \(game\.turn\)"):
        resolve(unknown, get_version("2025-08-01"))


def test_verify_reports_a_recorded_order_against_apnap() -> None:
    data = read_yaml(CASES_DIR / VAULTS)
    data["tie_order"] = ["sky", "lens"]
    checks = check_case(case_from_data(data, "vaults.yaml"), builtin_versions())
    assert checks and all(c.error is not None and "tie_order" in c.error and "613.7m" in c.error for c in checks)


def test_godhead_and_kudo_stamped_together() -> None:
    """The Living Death board of ruling-apnap-simultaneous-godhead-kudo with equal timestamps: p1 (active)'s Godhead
    first, so Kudo's 2/2 is later; the same answer the case gives with distinct timestamps. z3 refutes the other."""
    case = load_case(CASES_DIR / "rulings/apnap-godhead-kudo.yaml")
    board = board_at(case, 1)
    objects = dict(board.objects)
    objects["kudo"] = replace(objects["kudo"], timestamp=1)
    tied = replace(board, objects=FrozenMap(objects), game=FrozenMap({"turn": "p1"}))
    v = get_version("ikoria")
    answer = board_result(tied, resolve(tied, v).final)
    assert (answer["wurm"]["power"], answer["godhead"]["power"], answer["kudo"]["power"]) == (2, 2, 1)
    assert check_answer(tied, v, answer).status == "verified"
    other = copy.deepcopy(answer)
    other["wurm"]["power"] = other["wurm"]["toughness"] = 1
    assert check_answer(tied, v, other).status == "counterexample"


def _vault_data() -> dict[str, Any]:
    return copy.deepcopy(read_yaml(CASES_DIR / VAULTS))


def test_the_loader_checks_the_turn_order() -> None:
    """101.4: every player of the case, each once, named players only; given in the case's game, not a step's."""
    data = _vault_data()
    data["game"]["turn_order"] = ["p1", "p2"]
    with pytest.raises(CorpusError, match=r"game\.turn_order.*p3 left out"):
        case_from_data(data, "vaults.yaml")
    data = _vault_data()
    data["game"]["turn_order"] = ["p1", "p2", "p3", "p4"]
    with pytest.raises(CorpusError, match=r"game\.turn_order\[3\].*not a player of this case"):
        case_from_data(data, "vaults.yaml")
    data = _vault_data()
    data["steps"][0]["game"] = {"turn_order": ["p3", "p2", "p1"]}
    with pytest.raises(CorpusError, match=r"steps\[0\]\.game\.turn_order.*the case's game"):
        case_from_data(data, "vaults.yaml")
    data = _vault_data()
    data["game"]["turn_order"] = ["p1", "p1", "p3"]
    with pytest.raises(CorpusError, match="turn_order"):
        case_from_data(data, "vaults.yaml")


def test_the_profile_flag() -> None:
    """simultaneous_timestamps: active_player_chooses before Ikoria, apnap from it (and when a profile says nothing)."""
    assert [get_version(v).simultaneous_timestamps for v in ("pre-m10", "m10", *APNAP_VERSIONS)] == [
        "active_player_chooses",
        "active_player_chooses",
        "apnap",
        "apnap",
        "apnap",
    ]
    data = dict(builtin_profile_data()["ikoria"])
    flags = {k: v for k, v in data["flags"].items() if k != "simultaneous_timestamps"}
    assert version_from_mapping({**data, "flags": flags}).simultaneous_timestamps == "apnap"
    with pytest.raises(ProfileError, match="simultaneous_timestamps"):
        version_from_mapping({**data, "flags": {**flags, "simultaneous_timestamps": "apnp"}})
