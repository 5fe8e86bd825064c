"""Timestamp order and ties (613.7a, 613.7m, 613.7n; reference.timestamps): decided by the rules or a
recorded choice, never by ids.

Issue 28, item 1: objects of several players stamped at the same moment are in APNAP order (613.7m, since 2020).

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
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_layers.boards.property_boards import board_data, board_from_data
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
from reference.timestamps import Tie, TieOrderError, must_precede
from reference.versions import ProfileError, builtin_profile_data, builtin_versions, get_version, version_from_mapping
from tests.proofs.refute import refuted

from ..builders import CASE_7N, creature, enchantment, make_board, run
from ..builders import corpus_case as _case
from ..strategies import examples


def _colors(board: Board, vid: str) -> list[list[str]]:
    found = outcomes(board, get_version(vid))
    return sorted(board_result(board, o.final)["creature"]["colors"] for o in found.outcomes)


def test_613_7n_decides_from_its_profile_and_not_before() -> None:
    board = board_at(_case(CASE_7N), 1)
    assert _colors(board, "2025-08-01") == [["black", "blue"]]
    assert _colors(board, "2023-11-17") == [["black", "blue"], ["blue"]]
    assert _colors(board, "current") == [["black", "blue"]]
    tie = outcomes(board, get_version("2023-11-17")).ties[0]
    assert not tie.decided and "not decided by the rules" in tie.describe()


def test_a_recorded_choice_decides_and_z3_agrees() -> None:
    board = board_at(_case(CASE_7N), 1)
    chosen = replace(board, tie_order=("rise", "creature"))
    assert _colors(chosen, "2023-11-17") == [["blue"]]
    assert check_board(chosen, get_version("2023-11-17")).status == "verified"
    # z3 decides that the open tie has two outcomes: one answer alone is not verified
    from proofs.crosscheck import check_answer

    v = get_version("2023-11-17")
    one = board_result(board, outcomes(chosen, v).outcomes[0].final)
    assert check_answer(board, v, one).status == "counterexample"
    assert check_board(board, v).status == "verified"  # both outcomes together are


def test_a_choice_recorded_by_object_for_one_effect_and_by_effect_for_the_other_decides() -> None:
    """613.7m: the recorded order may name one effect by its object and the other by itself; whichever is named
    first goes first, as when both are named by object (the z3 encoding agrees)."""
    board = board_at(_case(CASE_7N), 1)
    static_key = "creature:as long as you control an island, this creature is blue."
    assert _colors(replace(board, tie_order=("rise", static_key)), "2023-11-17") == [["blue"]]
    # named first by itself, the creature's own effect goes first, as when it is named by its object; that order's
    # answer is the case's under 613.7n (2025-08-01), where the rules put the own static ability first
    static_first = replace(board, tie_order=(static_key, "rise"))
    assert _colors(static_first, "2023-11-17") == _colors(replace(board, tie_order=("creature", "rise")), "2023-11-17")
    assert _colors(static_first, "2023-11-17") == [["black", "blue"]]
    assert check_board(static_first, get_version("2023-11-17")).status == "verified"


def _rename(data: Any, mapping: dict[str, str]) -> Any:
    if isinstance(data, dict):
        return {k: _rename(v, mapping) for k, v in data.items()}
    if isinstance(data, list):
        return [_rename(v, mapping) for v in data]
    if isinstance(data, str):
        return mapping.get(data, data)
    return data


@st.composite
def tied_boards(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, str]]:
    """Generated boards whose objects, effects and counters share few timestamps, and a renaming."""
    data = copy.deepcopy(draw(board_data(max_objects=3, max_effects=2, max_abilities=2)))
    stamp = st.sampled_from([1, 2])
    for o in data["objects"]:
        o["timestamp"] = draw(stamp)
        for c in o.get("counters", []):
            c["timestamp"] = draw(stamp)
    for e in data["effects"]:
        e["timestamp"] = draw(stamp)
    ids = [o["id"] for o in data["objects"]] + [e["id"] for e in data["effects"]]
    names = draw(st.permutations([f"n{k}" for k in range(len(ids))]))
    return data, dict(zip(ids, names, strict=True))


def _containers(data: Any) -> list[object]:
    if isinstance(data, dict):
        return [data, *(c for v in data.values() for c in _containers(v))]
    if isinstance(data, list):
        return [data, *(c for v in data for c in _containers(v))]
    return []


_drawn: list[dict[str, Any]] = []  # the boards drawn so far by the next test (kept: their ids stay theirs)


@settings(max_examples=examples(60))
@given(board_data())
def test_a_generated_board_shares_no_dict_or_list_with_one_drawn_before(data: dict[str, Any]) -> None:
    """The generated boards (drawn from strategies built once, ``mtg_layers.boards.property_boards``) hold no dict or
    list of another board, so a test that edits the one it drew (``tied_boards``) changes no other board."""
    held = {id(c) for c in _containers(data)}
    assert not any(held & {id(c) for c in _containers(d)} for d in _drawn)
    _drawn.append(data)


@settings(max_examples=examples(60))
@given(tied_boards(), st.sampled_from(list(builtin_versions())))
def test_no_result_depends_on_ids(case: tuple[dict[str, Any], dict[str, str]], vid: str) -> None:
    """Renaming every object and effect of a board with tied timestamps changes no outcome."""
    data, mapping = case
    back = {v: k for k, v in mapping.items()}
    version = get_version(vid)
    board = board_from_data(data)
    renamed = board_from_data(_rename(data, mapping))
    before = [board_result(board, o.final) for o in outcomes(board, version).outcomes]
    after = [_rename(board_result(renamed, o.final), back) for o in outcomes(renamed, version).outcomes]
    after = [{back.get(k, k): v for k, v in r.items()} for r in after]
    assert all(r in after for r in before) and all(r in before for r in after)


def _effect(key: str, origin: str, source: str | None = None, targets: tuple[str, ...] | None = None) -> Any:
    from reference.effects import ContinuousEffect

    return ContinuousEffect(key, origin, 1, (), key, source=source, targets=targets)


def test_613_7_what_holds_an_effects_timestamp() -> None:
    """613.7a/d: a static ability's or CDA's timestamp is its object's; 613.7f: a face-down status's is
    the permanent's; 613.7b: a resolved effect has its own, even when it names a source and objects."""
    from reference.timestamps import holder

    assert holder(_effect("anthem", "static", source="crusade")) == "crusade"
    assert holder(_effect("cda", "cda", source="tarmogoyf")) == "tarmogoyf"
    assert holder(_effect("face-down:morph", "rule", targets=("morph",))) == "morph"
    assert holder(_effect("growth", "resolved", source="druid", targets=("bear",))) == "growth"
    assert holder(_effect("counters:bear", "rule", targets=("bear",))) == "counters:bear"
    assert holder(_effect("orphan", "static")) == "orphan"


def test_613_7m_a_recorded_choice_is_described_even_without_the_players_name() -> None:
    """The trace says who chose: the player when the case names one, else "a player"."""
    from reference.timestamps import Tie

    tie = Tie("7c", ("a", "b"), ("a", "b"), ("x", "y"), "choice", None, "a")
    assert tie.describe() == "a player chose a first among a and b (613.7m)"
    assert Tie("7c", ("a", "b"), ("a", "b"), ("x", "y"), "choice", "p1", "b").describe() == (
        "p1 chose b first among a and b (613.7m)"
    )


def _tie_board() -> Any:
    from tests.builders import creature, make_board

    return make_board([creature("a", 1), creature("b", 1), {**creature("c", 1), "owner": "p2", "controller": "p2"}])


def test_613_7n_a_tie_the_rules_decide_is_recorded_with_every_effect_and_the_pick() -> None:
    """613.7n: the object's own static ability goes first; the tie names every tied effect and the one picked."""
    from reference.effects import ContinuousEffect
    from reference.timestamps import Tie, choose

    version = get_version("2025-08-01")
    growth = ContinuousEffect("growth", "resolved", 1, (), "growth", source="druid", targets=("a",))
    own = ContinuousEffect("a:anthem", "static", 1, (), "a's anthem", source="a")
    pick, tie = choose([growth, own], "7c", _tie_board(), version, {})
    assert pick is own
    assert tie == Tie("7c", ("growth", "a:anthem"), ("a:anthem",), ("a",), "613.7n", None, "a:anthem")
    cda = ContinuousEffect("a:cda", "cda", 1, (), "a's cda", source="a")
    assert must_precede(cda, growth, version) and not must_precede(cda, growth, get_version("2023-11-17"))


def test_613_7m_who_orders_a_tie_between_objects() -> None:
    """613.7m: the objects' controller orders their timestamps (their owner when no controller is known);
    objects of two players are ordered in APNAP order; two abilities of one object by nobody."""
    from reference.effects import ContinuousEffect
    from reference.timestamps import choose

    def static(oid: str, n: int = 0) -> ContinuousEffect:
        return ContinuousEffect(f"{oid}:{n}", "static", 1, (), oid, source=oid)

    board, version = _tie_board(), get_version("2025-08-01")
    mine = choose([static("a"), static("b")], "6", board, version, {"a": "p1", "b": "p1"})[1]
    assert mine is not None and (mine.player, mine.decided_by, mine.chosen) == ("p1", None, "a:0")
    assert mine.candidates == ("a:0", "b:0") and mine.holders == ("a", "b")
    owners = choose([static("a"), static("c")], "6", board, version, {})[1]
    assert owners is not None and owners.player == "the active player (APNAP)"
    by_owner = choose([static("c"), static("c", 1)], "6", board, version, {})[1]
    assert by_owner is not None and by_owner.player is None  # one object's two abilities
    stolen = choose([static("a"), static("c")], "6", board, version, {"a": "p2"})[1]
    assert stolen is not None and stolen.player == "p2"  # c's owner p2 controls both
    # 613.6j (before Ikoria): the active player orders every tie; with no turn stated, one player's objects are
    # ordered by that player, and objects of two players by "the active player"
    m10 = get_version("m10")
    one = choose([static("a"), static("b")], "6", board, m10, {"a": "p1", "b": "p1"})[1]
    two = choose([static("a"), static("c")], "6", board, m10, {})[1]
    assert one is not None and two is not None and (one.player, two.player) == ("p1", "the active player")


def test_613_7a_rank_orders_granted_effects_only_where_the_version_says_so() -> None:
    """613.7a (2023-11-17): between equal timestamps, the grant's order; before that, no order."""
    from reference.effects import ContinuousEffect
    from reference.timestamps import NO_GRANT, rank

    granted = ContinuousEffect("x", "static", 4, (), "x", source="a", tiebreak=3)
    assert rank(granted, get_version("2023-11-17"), True) == (1, 4, 3)
    assert rank(granted, get_version("ikoria"), True) == (1, 4, NO_GRANT)


def test_613_7m_a_recorded_choice_between_two_objects_is_recorded_whole() -> None:
    """613.7m: two enchantments p1 controls share timestamp 3 ("creatures are red", "creatures are blue"); p1 chose
    the red one's timestamp first, so it applies first and the Bear ends blue. The tie names its layer, both effects
    (both candidates), the objects their timestamps belong to, that a choice decided it, whose choice it was
    (their controller's) and the effect picked."""
    from reference.resolver import resolve

    from ..builders import creature, enchantment, make_board

    red, blue = "creatures are red.", "creatures are blue."
    board = make_board(
        [creature("bear", 1), enchantment("x", 3, red), enchantment("y", 3, blue)],
        abilities=[
            {"text": red, "applies_to": {"type": "creature"}, "parts": [{"op": "set_colors", "colors": ["red"]}]},
            {"text": blue, "applies_to": {"type": "creature"}, "parts": [{"op": "set_colors", "colors": ["blue"]}]},
        ],
    )
    chosen = replace(board, tie_order=("x", "y"))
    resolution = resolve(chosen, get_version("ikoria"))
    assert resolution.final["bear"].colors == {"blue"}
    keys = (f"x:{red}", f"y:{blue}")
    assert resolution.ties == (Tie("5", keys, keys, ("x", "y"), "choice", "p1", f"x:{red}"),)


def test_613_7a_keeps_a_granted_ability_after_its_objects_own_from_2023() -> None:
    """613.7a (from 2023-11-17): the moved Hammer's granted "equipped creature has flying" keeps its place after the
    Hammer's own "loses flying", although both now have the Hammer's timestamp: one outcome, the Hawk flies. The
    texts before left them tied: two outcomes under ikoria."""
    case = _case("cr-613-7a-rune-of-flight-hammer-moves")
    v2023, ikoria = get_version("2023-11-17"), get_version("ikoria")
    board = board_at(case, 2, v2023)
    assert [board_result(board, o.final)["hawk2"]["abilities"] for o in outcomes(board, v2023).outcomes] == [["flying"]]
    board = board_at(case, 2, ikoria)
    assert sorted(board_result(board, o.final)["hawk2"]["abilities"] for o in outcomes(board, ikoria).outcomes) == [
        [],
        ["flying"],
    ]


def test_613_7a_granted_static_ability_takes_the_later_timestamp() -> None:
    hammer_loses = {
        "text": "equipped creature gets +10/+10 and loses flying",
        "applies_to": {"attached_to_source": True},
        "parts": [
            {"op": "modify_pt", "power": 10, "toughness": 10},
            {"op": "remove_abilities", "abilities": ["flying"]},
        ],
    }
    rune_grants = {
        "text": "equipped creature has flying",
        "applies_to": {"attached_to_source": True},
        "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
    }
    rune = {
        "text": 'enchanted equipment has "equipped creature has flying"',
        "applies_to": {"attached_to_source": True},
        "parts": [{"op": "add_abilities", "abilities": [rune_grants["text"]]}],
    }
    board = make_board(
        [
            creature("c", 1),
            {
                "id": "hammer",
                "timestamp": 2,
                "types": ["artifact"],
                "subtypes": ["equipment"],
                "attached_to": "c",
                "abilities": [hammer_loses["text"]],
            },
            {
                "id": "rune",
                "timestamp": 3,
                "types": ["enchantment"],
                "subtypes": ["aura"],
                "attached_to": "hammer",
                "abilities": [rune["text"]],
            },
        ],
        abilities=[hammer_loses, rune_grants, rune],
    )
    r = run(board)[1]["c"]
    assert (r["power"], r["abilities"]) == (12, ["flying"])


def test_613_7_a_decided_tie_says_what_went_first_among_which_effects() -> None:
    """613.7n (or a recorded choice, 613.7m): a tie decided by a rule is described with every tied effect."""
    from reference.timestamps import Tie

    tie = Tie("7b", ("a", "b"), ("a",), ("x", "y"), "613.7n", None, "a")
    assert tie.describe() == "a first among a, b (613.7n)"
    chosen = Tie("7b", ("a", "b"), ("a", "b"), ("x", "y"), "choice", "p1", "b")
    assert chosen.describe() == "p1 chose b first among a and b (613.7m)"


VAULTS = "timestamps/open-the-vaults-apnap-three-players.yaml"


APNAP_VERSIONS = ("ikoria", "2023-11-17", "2025-08-01")


def _vaults(game: dict[str, Any] | None = None) -> Board:
    board = board_at(load_case(CASES_DIR / VAULTS), 1)
    return board if game is None else replace(board, game=FrozenMap(game))


def _arbor_bears_colors(board: Board, vid: str) -> list[tuple[tuple[str, ...], ...]]:
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
    assert _arbor_bears_colors(_vaults(), "2025-08-01") == [(("black",), ("white",))]


def test_before_2020_the_active_player_chose_every_order() -> None:
    """418.5e(a), 613.6j: the same board under pre-m10 and m10: each of the six orders is the active player's choice
    (p2's, named), so every outcome is listed, and z3 finds no other."""
    board = _vaults()
    every = [((), ()), ((), ("white",)), (("black",), ("black",)), (("black",), ("white",))]
    for vid in ("pre-m10", "m10"):
        assert _arbor_bears_colors(board, vid) == every
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
    assert _arbor_bears_colors(board, "ikoria") == [(("black",), ("black",)), (("black",), ("white",))]
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


def test_an_undecided_tie_names_what_the_board_lacks() -> None:
    """613.7m: a tie the rules would settle by APNAP order names the missing fact: whose turn it is, or the turn
    order; each of the other descriptions says who or what decided."""

    def tie(decided_by: str | None = None, player: str | None = None, missing: str | None = None) -> Tie:
        return Tie("5", ("e1", "e2"), ("e1", "e2"), ("a", "b"), decided_by, player, "e1", missing)

    turn = tie(missing="game.turn").describe()
    assert turn.startswith("depends on whose turn it is (game.turn, which the case does not give) between e1 and e2")
    order = tie(missing="game.turn_order").describe()
    assert order.startswith("depends on the turn order (game.turn_order, which the case does not give)")
    assert "whose turn" not in order
    assert tie("choice", "p1").describe() == "p1 chose e1 first among e1 and e2 (613.7m)"
    assert tie("613.7n").describe() == "e1 first among e1, e2 (613.7n)"
    assert tie(player="p2").describe() == "depends on p2's choice between e1 and e2 (613.7m)"
    assert tie().describe() == "not decided by the rules: e1 and e2 have the same timestamp"
