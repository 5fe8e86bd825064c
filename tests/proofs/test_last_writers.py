"""Many tied settings in the z3 encoding (proofs.encoding, ``Encoding._last_writers``; issue 28 item 14).

A slot of blind settings (power, toughness or colors set to given values, or colors added, or power and toughness
changed by given amounts, on fixed objects or on the effect's own source) is encoded by one unknown position per
effect instead of one choice per position: the final value of each term is that of the effect with the latest
position among those writing it, plus the amounts of the changes positioned after it. With twenty tied settings
the positional encoding answered "unknown" after 120 s, and with twelve tied changes by amounts beside four tied
settings after 45 s of CPU; here both verify in seconds, and an answer set with one outcome missing is refuted. On
small boards both encodings give the same verdicts, also under a proposed version that puts settings and changes
by amounts in one sublayer (where the order between them decides).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.checking.results import board_result
from mtg_layers.corpus import CASES_DIR, case_from_data, load_case
from proofs.crosscheck import check_answers
from proofs.encoding import Encoding
from reference.case import board_at
from reference.choices import outcomes
from reference.model import Board
from reference.versions import RulesVersion, get_version
from reference_optimized import distinct_outcomes

from ..builders import creature, make_board

CURRENT = get_version("current")


def _one_sublayer() -> RulesVersion:
    """A proposed version (as a rules person would try one): today's rules with changes of power and toughness by
    amounts in the sublayer of the settings (613.4b), so that their order against the settings decides."""
    current = get_version("current")
    moved = tuple(
        replace(c, slot="7b") if (c.kind, c.origins, c.slot) == ("pt_modify", (), "7c") else c
        for c in current.classification
    )
    assert moved != current.classification
    return replace(current, id="one-sublayer", classification=moved)


def _version(vid: str) -> RulesVersion:
    """A built-in version by id, or the proposed one above."""
    return _one_sublayer() if vid == "one-sublayer" else get_version(vid)


def _answers(board: Board, vid: str) -> list[Mapping[str, Mapping[str, Any]]]:
    """Every outcome of every order (reference.choices over every order), in the result shape."""
    found = outcomes(board, _version(vid), limit=1500)
    assert found.complete
    return [board_result(board, o.final) for o in found.outcomes]


def test_twenty_tied_settings_verify_and_a_missing_outcome_is_refuted() -> None:
    """613.4b, 613.7m: one 1/1 creature with twenty abilities of its own, the i-th setting its power and toughness
    to i/i: the twenty outcomes 1/1 to 20/20 are verified (no order gives another), and the nineteen without
    20/20 are refuted, the counterexample's order ending with the twentieth ability."""
    board = board_at(case_from_data(tied_case(20, 20), "tied.yaml"), 1, CURRENT)
    # 613.4b: the last one applied wins; each may be last
    results: list[Mapping[str, Mapping[str, Any]]] = [_with_pt(board, i) for i in range(1, 21)]
    assert check_answers(board, CURRENT, results).status == "verified"
    missing = check_answers(board, CURRENT, results[:-1])
    assert missing.status == "counterexample"
    assert missing.order[-1] == ("7b", "c:this creature's ability 19")


def test_twelve_tied_changes_by_amounts_beside_four_tied_settings_verify() -> None:
    """613.4b, 613.4c, 613.7m: one 1/1 creature with sixteen abilities of its own: four set its power and toughness
    to 1/1 .. 4/4 (7b), twelve give +0/+1 or +1/+0, six of each (7c). Every change by an amount applies after every
    setting (a later sublayer), so the outcomes are the four settings each raised by +6/+6: 7/7 to 10/10, verified
    (the encoding by positions, in one solver call, where the positional one answered "unknown"); without 10/10
    they are refuted."""
    board = board_at(case_from_data(tied_case(16, 4), "tied.yaml"), 1, CURRENT)
    results: list[Mapping[str, Mapping[str, Any]]] = [_with_pt(board, i) for i in range(7, 11)]
    assert check_answers(board, CURRENT, results).status == "verified"
    assert check_answers(board, CURRENT, results[:-1]).status == "counterexample"


def test_an_outcome_no_order_reaches_is_refuted() -> None:
    """613.4b, 613.7m: four tied abilities setting power and toughness to 1/1 .. 4/4: the four outcomes verify; listed
    with a fifth, 5/5, which no order gives (no ability sets it), they are a counterexample: every outcome listed must
    be one some legal order reaches, not only every legal order one of those listed."""
    board = board_at(case_from_data(tied_case(4, 4), "tied.yaml"), 1, CURRENT)
    results: list[Mapping[str, Mapping[str, Any]]] = [_with_pt(board, i) for i in range(1, 5)]
    assert check_answers(board, CURRENT, results).status == "verified"
    extra = check_answers(board, CURRENT, [*results, _with_pt(board, 5)])
    assert extra.status == "counterexample"
    assert extra.info == ["outcome 5 of 5: no order the rules allow reaches it"]


def _with_pt(board: Board, value: int) -> dict[str, Any]:
    """The board's one creature as the rules leave it but for power and toughness ``value``/``value`` (stated
    from the rules: the settings change nothing else)."""
    from reference.resolver import resolve

    # every other characteristic is the printed one: no effect changes it (the abilities only set P/T)
    result = board_result(board, resolve(board, CURRENT).final)
    result["c"] = {**result["c"], "power": value, "toughness": value}
    return result


_SETTINGS = st.sampled_from(
    [
        {"op": "set_pt", "power": 1, "toughness": 1},
        {"op": "set_pt", "power": 3},
        {"op": "set_pt", "toughness": 4},
        {"op": "set_colors", "colors": ["red"]},
        {"op": "set_colors", "colors": []},
        {"op": "add_colors", "colors": ["white"]},
        {"op": "modify_pt", "power": 2, "toughness": -1},
        {"op": "modify_pt", "power": -3},
        {"op": "modify_pt", "toughness": 1},
    ]
)


@st.composite
def blind_settings(draw: st.DrawFn) -> Board:
    """Two creatures, one with two or three abilities of its own and resolved effects on either, all settings or
    changes by amounts (one timestamp, so that every one of them ties), four effects at most."""
    n = draw(st.integers(2, 3))
    texts = [f"setting {i}" for i in range(n)]
    abilities = [{"text": t, "applies_to": {"is_source": True}, "parts": [draw(_SETTINGS)]} for t in texts]
    objects = [creature("c", 1, 1, 1, colors=["green"], abilities=texts), creature("d", 2, 2, 2)]
    effects = [
        {"id": f"e{k}", "timestamp": 1, "applies_to": draw(st.sampled_from([["c"], ["d"], ["c", "d"]])), "parts": [p]}
        for k, p in enumerate(draw(st.lists(_SETTINGS, min_size=1, max_size=4 - n)))
    ]
    return make_board(objects, effects, abilities)


@given(blind_settings(), st.sampled_from(["pre-m10", "ikoria", "current", "one-sublayer"]), st.booleans())
def test_positions_of_blind_settings_give_the_positional_verdicts(board: Board, vid: str, drop: bool) -> None:
    """613.4b, 613.1e, 613.7m: on small ties of settings, the encoding by positions of the last writers
    (forced from two effects on) and the positional encoding give the same verdict on every order's outcomes
    (verified) and on them with one left out (refuted when the outcomes differ)."""
    version = _version(vid)
    every = _answers(board, vid)
    dropped = drop and len(every) > 1
    answers = every[1:] if dropped else every
    before = Encoding.last_writer_from
    try:
        Encoding.last_writer_from = 2
        fast = check_answers(board, version, answers).status
        Encoding.last_writer_from = 10**6
        slow = check_answers(board, version, answers).status
    finally:
        Encoding.last_writer_from = before
    assert fast == slow
    assert fast == ("counterexample" if dropped else "verified")


def test_the_corpus_case_of_twelve_tied_settings_is_verified_and_a_missing_power_refuted() -> None:
    """613.7a, 613.7m, 613.4b: the corpus case's nine outcomes (power 0 to 8, toughness 3) are verified under the
    2004 and today's rules, and without power 0 (a 0/3 ability applied last) refuted."""
    case = load_case(CASES_DIR / "timestamps" / "twelve-tied-abilities-last-setting.yaml")
    for vid in ("pre-m10", "current"):
        version = get_version(vid)
        board = board_at(case, 1, version)
        answers = _every_outcome(board, vid)
        assert sorted(a["chimera"]["power"] for a in answers) == list(range(9))
        assert check_answers(board, version, answers).status == "verified"
        without_zero = [a for a in answers if a["chimera"]["power"] != 0]
        refuted = check_answers(board, version, without_zero)
        assert refuted.status == "counterexample"
        assert refuted.order[-1][1].startswith("chimera:while it")


def _every_outcome(board: Board, vid: str) -> list[Mapping[str, Mapping[str, Any]]]:
    """Every outcome the resolver finds (reference_optimized's orders; every order would stop at its limit)."""
    return [board_result(board, o.final) for o in distinct_outcomes(board, get_version(vid)).outcomes]
