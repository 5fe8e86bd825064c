"""Local slots in the z3 encoding (proofs.encoding, ``Encoding._local_phases`` and ``_local``; issue 28 item 14).

A slot whose effects read nothing another effect of the slot writes is encoded by one unknown rank per effect, each
object taking the effects on it in the order of their ranks, instead of one choice among every effect at every
position; effects that cannot come to exist in the slot are left out (the module docstring, "Local slots"). On the
benchmark's group boards (one creature with eight tied abilities, each on another creature named by id, two on
``o0``) the positional encoding timed out. Here, on the same boards with six (the corpus's four cases of eight are
cross-checked with every case), the two outcomes each board has, stated below from the rules, are verified and one
alone is refuted. On small generated boards of the same kinds both encodings give the same verdict on every order's
outcomes and on them with one left out (300 boards by hand, ``HYPOTHESIS_PROFILE`` aside: the test's own few in CI).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import case as tied_case
from mtg_layers.checking.results import board_result, object_result
from mtg_layers.corpus import case_from_data
from proofs import footprint
from proofs.crosscheck import check_answers
from proofs.encoding import Encoding, Position, Ranked
from reference.case import board_at
from reference.choices import outcomes
from reference.model import Board
from reference.versions import get_version

from ..builders import creature, make_board
from ..strategies import examples

CURRENT = get_version("current")
Answer = dict[str, dict[str, Any]]
Answers = list[Mapping[str, Mapping[str, Any]]]


def _group(kind: str, n: int) -> Board:
    """The benchmark's group board of ``kind`` with ``n`` tied abilities (benchmarks/tied_abilities.py)."""
    return board_at(case_from_data(tied_case(n, 0, kind=kind), "tied.yaml"), 1, CURRENT)


def _printed(board: Board) -> Answer:
    """Every object as printed (the start of the reasoning below: what no effect changes stays so)."""
    return {i: object_result(board, i, o.printed) for i, o in board.objects.items()}


def _outcomes(kind: str, board: Board) -> Answers:
    """The two outcomes of a group board, from the rules (benchmarks/tied_abilities.py's docstring), o0's two first.

    group-text (612.2, 105.3): every ``oK``'s "this creature is white" reads "green" after its text change, so it is
    green (layer 5); on o0 green becomes blue only if white became green first: blue, else green. group-loses (613.1f,
    613.7): every ``oK`` loses its abilities before its own flying (a later timestamp) exists in layer 6; o0 has haste
    only if the loss came first. group-keyword-counters (122.1b, 613.7c): trample everywhere but o0; o0 has flying only
    if its loss came before its counter. group-grants (611.3b, 613.4b, 613.4c): each ``oK`` has "this creature gets
    +1/+1" and is 2/2; o0 has both settings, 4/4 or 2/2 by their tie in 7b.
    """
    others = sorted(i for i in board.objects if i.startswith("o"))
    out: Answers = []
    for first in (True, False):
        answer = _printed(board)
        for i in others:
            o = answer[i]
            if kind == "group-text":
                word = "blue" if i == "o0" and first else "green"
                o.update(colors=[word], abilities=[f"this creature is {word}"])
            elif kind == "group-loses":
                o["abilities"] = ["haste"] if i == "o0" and first else []
            elif kind == "group-keyword-counters":
                o["abilities"] = (["flying"] if first else []) if i == "o0" else ["trample"]
            elif kind == "group-grants" and i == "o0":
                size = 4 if first else 2
                o.update(power=size, toughness=size, abilities=["this creature is 2/2", "this creature is 4/4"])
            elif kind == "group-grants":
                o.update(power=2, toughness=2, abilities=["this creature gets +1/+1"])
        out.append(answer)
    return out


@pytest.mark.parametrize("kind", ["group-text", "group-loses", "group-keyword-counters", "group-grants"])
def test_group_boards_of_six_tied_abilities_verify_and_one_outcome_alone_is_refuted(kind: str) -> None:
    """613.7m, 613.7a: the six tied abilities of a group board are encoded by ranks, not positions; the two outcomes
    are verified, and the second alone is refuted with o0 ending as in the first."""
    board = _group(kind, 6)
    enc = Encoding(board, CURRENT)
    assert enc.positions == []
    assert any(isinstance(s, Ranked) and len(s.effects) >= 6 for s in enc.sequence)
    answers = _outcomes(kind, board)
    assert check_answers(board, CURRENT, answers).status == "verified"
    refuted = check_answers(board, CURRENT, answers[1:])
    assert refuted.status == "counterexample"
    assert {o for o, *_ in refuted.diffs} == {"o0"}


def test_effects_that_cannot_come_to_exist_are_left_out() -> None:
    """611.3b, 612.2: with text changes on the board every object could have every wording, so the text slot holds
    one potential effect per object and wording; only the creature's own five exist, no text change can make another
    one's wording, and the slot is one ranked step of five (25 positions before)."""
    enc = Encoding(_group("group-text", 5), CURRENT)
    text = [s for s in enc.sequence if s.slot == "3"]
    assert [(type(s), len(s.effects)) for s in text] == [(Ranked, 5)]
    assert all(e.source == "c" for e in text[0].effects)


def test_local_effects_go_first_only_before_every_later_timestamp() -> None:
    """613.7, 613.8a: in group-loses each ``oK``'s own flying (timestamp 2) reads abilities the losses (timestamp 1)
    write: the losses and the haste are ranked first, then what is left is read again from their state (only o0's
    flying can still exist). With the others' timestamp 0.5 instead, the losses need not come first: positions."""
    enc = Encoding(_group("group-loses", 5), CURRENT)
    assert [(s.slot, len(s.effects)) for s in enc.sequence] == [("6", 5), ("6", 1)]
    assert [e.key for e in enc.sequence[1].effects] == ["o0:this creature has flying"]
    data = tied_case(3, 0, kind="group-loses")
    for o in data["objects"][1:]:
        o["timestamp"] = 0.5
    enc = Encoding(board_at(case_from_data(data, "tied.yaml"), 1, CURRENT), CURRENT)
    assert all(isinstance(s, Position) for s in enc.sequence)


def test_what_an_effect_reads_and_writes_on_the_probe() -> None:
    """613.8a: "o0 loses all abilities" (c's) reads c's ability and writes o0's abilities; o0's own "this creature has
    flying" reads o0's abilities and writes o0's flying (its own cells: it stays local only if no other writes them)."""
    board = _group("group-loses", 3)
    enc = Encoding(board, CURRENT)
    probe = footprint.Probe(enc.u, enc.live, "t")
    slot = next(s for s in CURRENT.slots if s.id == "6")
    by_key = {e.key: e for e in enc.effects}
    loss, flying = by_key["c:o0 loses all abilities"], by_key["o0:this creature has flying"]
    assert ("c", ("abilities", "o0 loses all abilities")) in footprint.reads(enc, loss, slot, probe)
    assert {o for o, _ in footprint.reads(enc, loss, slot, probe)} == {"c"}
    assert {o for o, _ in footprint.writes(enc, loss, slot, probe)} == {"o0"}
    assert ("o0", ("abilities", "flying")) in footprint.writes(enc, loss, slot, probe)
    assert ("o0", ("abilities", "this creature has flying")) in footprint.reads(enc, flying, slot, probe, True)
    assert footprint.writes(enc, flying, slot, probe) == {
        ("o0", ("abilities", "flying")),
        ("o0", ("granted", "flying")),
        ("o0", ("gts", "flying")),
    }
    assert footprint.terms_in({"a": (1, [probe.states["c"][("p", "")]])}) == [probe.states["c"][("p", "")]]
    assert footprint.constants_in([probe.states["c"][("p", "")] + 1]) == {"t|probe|c|p|"}


# Small boards of the group kinds: tied abilities of c (timestamp 1) on o0, o1 or itself, beside the others' own.
_TEXT = ({"op": "replace_word", "from": "white", "to": "green"}, {"op": "replace_word", "from": "green", "to": "blue"})
_LOSS = {"op": "remove_all_abilities"}
_HASTE = {"op": "add_abilities", "abilities": ["haste"]}
_NO_FLYING = {"op": "remove_abilities", "abilities": ["flying"]}
_GRANT = {"op": "add_abilities", "abilities": ["this creature is 3/3"]}
_FOUR = {"op": "set_pt", "power": 4, "toughness": 4}
# two parts whose order on one object decides something (with the objects' own abilities below)
_PAIRS = st.sampled_from([_TEXT, (_LOSS, _HASTE), (_LOSS, _GRANT), (_GRANT, _FOUR), (_NO_FLYING, _HASTE)])
_PARTS = st.sampled_from([*_TEXT, _LOSS, _HASTE, _NO_FLYING, _GRANT, _FOUR, {"op": "add_colors", "colors": ["red"]}])
_TARGETS = st.sampled_from([{"id": "o0"}, {"id": "o1"}, {"is_source": True}])
_OWN = [
    {
        "text": "this creature is white",
        "applies_to": {"is_source": True},
        "parts": [{"op": "add_colors", "colors": ["white"]}],
    },
    {
        "text": "this creature has flying",
        "applies_to": {"is_source": True},
        "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
    },
    {
        "text": "this creature is 3/3",
        "applies_to": {"is_source": True},
        "parts": [{"op": "set_pt", "power": 3, "toughness": 3}],
    },
]


@st.composite
def group_boards(draw: st.DrawFn) -> Board:
    """c with three tied abilities: two of a pair whose order matters on one object (o0, o1 or c itself), the third
    anything on any of them; o0 with "this creature is white" and "this creature has flying", o1 with one or two of
    the three, each at timestamp 0.5 or 2; o1 perhaps controlled by p2, o0 perhaps with a flying counter (timestamp
    1, tied with c's)."""
    target = draw(_TARGETS)
    parts = [*draw(_PAIRS), draw(_PARTS)]
    places = [target, target, draw(_TARGETS)]
    mine = [
        {"text": f"c's ability {i}", "applies_to": place, "parts": [part]}
        for i, (place, part) in enumerate(zip(places, parts, strict=True))
    ]
    objects = [creature("c", 1, 1, 1, abilities=[a["text"] for a in mine])]
    for k in range(2):
        own = [a["text"] for a in _OWN[:2]]
        if k == 1:
            own = draw(st.lists(st.sampled_from([a["text"] for a in _OWN]), min_size=1, max_size=2, unique=True))
        o = creature(f"o{k}", draw(st.sampled_from([0.5, 2])), 1, 1, abilities=own)
        if k == 1 and draw(st.booleans()):
            o["controller"] = "p2"
        if k == 0 and draw(st.booleans()):
            o["counters"] = [{"kind": "flying", "count": 1, "timestamp": 1}]
        objects.append(o)
    return make_board(objects, [], [*mine, *_OWN])


def _every_order(board: Board, vid: str) -> list[Mapping[str, Mapping[str, Any]]]:
    """Every outcome of every order (reference.choices over every order, no reduction), in the result shape."""
    found = outcomes(board, get_version(vid), limit=1500)
    assert found.complete
    return [board_result(board, o.final) for o in found.outcomes]


@settings(max_examples=examples(4))
@given(group_boards(), st.sampled_from(["pre-m10", "ikoria", "current"]), st.booleans())
def test_local_slots_give_the_positional_verdicts(board: Board, vid: str, drop: bool) -> None:
    """613.7m, 613.8a, 611.3b: on small tied groups, the encoding with local slots (from two effects on) and the
    positional one (no local slots, no effect left out) give the same verdict on every order's outcomes (verified)
    and on them with one left out (refuted when they differ)."""
    version = get_version(vid)
    answers = _every_order(board, vid)
    if drop and len(answers) > 1:
        answers = answers[1:]
    before = Encoding.local_from
    try:
        Encoding.local_from = 2
        fast = check_answers(board, version, answers).status
        Encoding.local_from = 10**6
        slow = check_answers(board, version, answers).status
    finally:
        Encoding.local_from = before
    assert fast == slow
    assert fast == ("counterexample" if drop and len(_every_order(board, vid)) > 1 else "verified")


def test_a_wrong_outcome_is_refuted_by_both_encodings() -> None:
    """613.7m: group-text with three tied abilities (o0 white to green, green to blue; o1 white to green): o0 is blue
    or green. Listing o0 as white (no text change applied) is refuted by the local encoding and the positional one."""
    board = _group("group-text", 3)
    right = _outcomes("group-text", board)
    wrong: Answers = [right[0], {**right[1], "o0": {**right[1]["o0"], "colors": ["white"]}}]
    before = Encoding.local_from
    try:
        for local_from in (2, 10**6):
            Encoding.local_from = local_from
            assert check_answers(board, CURRENT, right).status == "verified"
            assert check_answers(board, CURRENT, wrong).status == "counterexample"
    finally:
        Encoding.local_from = before


def test_tied_losses_and_grants_on_one_creature_verify_and_a_missing_or_impossible_outcome_is_refuted() -> None:
    """613.1f, 613.7m: the corpus case of seven tied losses and grants on one creature (twelve outcomes, reasoned in
    its notes) is verified; without one of its outcomes, or with one no order reaches (o0 keeping its own reach:
    every order has a loss of all abilities, and no gain gives reach), z3 finds the order that refutes it."""
    from mtg_layers.checking.verify import step_outcomes
    from mtg_layers.corpus import CASES_DIR, load_case

    case = load_case(CASES_DIR / "timestamps/seven-tied-losses-and-grants-of-abilities-on-one-creature.yaml")
    board = board_at(case, 1, CURRENT)
    results: Answers = list(step_outcomes(case, 1, CURRENT)[1])
    assert len(results) == 12
    assert check_answers(board, CURRENT, results).status == "verified"
    assert check_answers(board, CURRENT, results[1:]).status == "counterexample"
    impossible = {**results[0], "o0": {**results[0]["o0"], "abilities": ["reach"]}}
    assert check_answers(board, CURRENT, [*results, impossible]).status == "counterexample"
