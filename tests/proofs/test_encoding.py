"""What the z3 encoding reads itself (proofs.encoding; issue 11): conditions, values read off other objects.

Each feature is checked in the resolver against hand-worked answers (the golden tests), and the
encoding must refute a wrong answer on the same board (it reads the feature itself, never the
resolver's): devotion and count conditions, shared creature types, the form an object entered as,
intrinsic mana abilities (305.6), cards exiled with a source (607.2a), mana costs.
"""

from __future__ import annotations

import copy
from typing import Any

from mtg_layers.checking.verify import resolve_step
from mtg_layers.corpus import CASES_DIR, case_from_data, load_case
from proofs.crosscheck import check_answer
from reference.case import board_at
from reference.versions import get_version

from ..builders import VERSIONS
from .refute import refuted as _refuted


def test_z3_reads_the_devotion_condition() -> None:
    assert _refuted("model/heliod-devotion-control.yaml", 3, "ikoria", "heliod", "types", ["creature", "enchantment"])
    assert _refuted("model/heliod-devotion-control.yaml", 2, "m10", "heliod", "types", ["enchantment"])


def test_z3_reads_the_count_condition() -> None:
    assert _refuted("model/starfield-of-nyx-control.yaml", 2, "ikoria", "prison1", "power", 3)


def test_z3_reads_shared_creature_types() -> None:
    assert _refuted("model/coat-of-arms-changeling.yaml", 2, "m10", "outcast", "power", 1)
    assert _refuted("model/coat-of-arms-changeling.yaml", 3, "ikoria", "warrior1", "power", 4)


def test_z3_reads_the_entry_choice() -> None:
    """707.2: the chosen form is a copiable value; the encoding starts from it and copies take it."""
    assert _refuted("model/primal-clay-humility-clone.yaml", 1, "ikoria", "clone", "toughness", 0)
    assert _refuted("model/primal-clay-humility-first.yaml", 1, "m10", "clay", "power", 3)


def test_z3_reads_intrinsic_mana_abilities() -> None:
    """305.6: the encoding gives a land its basic land types' mana abilities itself (and Humility removes them)."""
    assert _refuted("model/living-lands-humility-forest.yaml", 1, "ikoria", "forest", "abilities", ["{t}: add {g}."])
    assert _refuted(
        "model/living-lands-humility-forest.yaml",
        2,
        "pre-m10",
        "forest",
        "abilities",
        ["{t}: add {b}.", "{t}: add {g}."],
    )
    assert _refuted("model/blood-sun-blood-moon-mana-abilities.yaml", 2, "m10", "factory", "abilities", [])


def test_cards_exiled_with_the_source_are_counted_by_both() -> None:
    """607.2a: "for each card exiled with it" counts only the cards that object exiled (resolver and z3)."""
    data: dict[str, Any] = {
        "id": "exiled-with",
        "title": "cards exiled with it",
        "versions": ["ikoria"],
        "features": ["values-from-objects"],
        "sources": [{"kind": "derived", "ref": "607.2a"}],
        "abilities": [
            {
                "text": "this creature gets +1/+1 for each card exiled with it.",
                "parts": [
                    {
                        "op": "modify_pt",
                        "power": {"count": {"all": [{"zone": "exile"}, {"exiled_with_source": True}]}},
                        "toughness": {"count": {"all": [{"zone": "exile"}, {"exiled_with_source": True}]}},
                    }
                ],
            }
        ],
        "objects": [
            {
                "id": "eater",
                "timestamp": 1,
                "types": ["creature"],
                "power": 1,
                "toughness": 1,
                "abilities": ["this creature gets +1/+1 for each card exiled with it."],
            },
            {"id": "other", "timestamp": 2, "types": ["creature"], "power": 2, "toughness": 2},
            {"id": "c1", "timestamp": 0, "zone": "exile", "types": ["instant"], "exiled_with": "eater"},
            {"id": "c2", "timestamp": 0, "zone": "exile", "types": ["sorcery"], "exiled_with": "eater"},
            {"id": "c3", "timestamp": 0, "zone": "exile", "types": ["sorcery"], "exiled_with": "other"},
            {"id": "c4", "timestamp": 0, "zone": "exile", "types": ["land"]},
        ],
        "steps": [{"description": "s", "expect": {"ikoria": {"eater": {"power": 3, "toughness": 3}}}}],
    }
    case = case_from_data(data)
    version = VERSIONS["ikoria"]
    _, answer = resolve_step(case, 1, version)
    assert (answer["eater"]["power"], answer["eater"]["toughness"]) == (3, 3)
    board = board_at(case, 1)
    assert check_answer(board, version, answer).status == "verified"
    wrong = copy.deepcopy(answer)
    wrong["eater"]["power"] = 4
    assert check_answer(board, version, wrong).status == "counterexample"


def test_z3_checks_the_mana_cost() -> None:
    """The encoding reads mana costs itself: a wrong mana cost in an answer is a counterexample."""
    case = load_case(CASES_DIR / "expectations" / "clone-serra-angel-act-of-treason.yaml")
    version = get_version("ikoria")
    board = board_at(case, 1)
    _, answer = resolve_step(case, 1, version)
    assert check_answer(board, version, answer).status == "verified"
    wrong = copy.deepcopy(answer)
    wrong["clone"]["mana_cost"] = "{3}{U}"
    check = check_answer(board, version, wrong)
    assert check.status == "counterexample"
    assert any(d[0] == "clone" and d[1] == "mana_cost" for d in check.diffs)
