"""The model's reach (issue 11): conditional static abilities and values read from other objects.

Each feature is checked in the resolver against hand-worked answers, and the z3 encoding must
refute a wrong answer on the same board (it reads the feature itself, never the resolver's).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mtg_layers.corpus import CorpusError, case_from_data
from mtg_layers.verify import resolve_step
from proofs.crosscheck import check_answer
from proofs.words import symbols_of
from reference.case import board_at
from reference.filters import devotion_symbols
from reference.versions import builtin_versions
from tests.proofs.refute import refuted as _refuted

VERSIONS = builtin_versions()


def test_z3_reads_the_devotion_condition() -> None:
    assert _refuted("model/heliod-devotion-control.yaml", 3, "ikoria", "heliod", "types", ["creature", "enchantment"])
    assert _refuted("model/heliod-devotion-control.yaml", 2, "m10", "heliod", "types", ["enchantment"])


def test_z3_reads_the_count_condition() -> None:
    assert _refuted("model/starfield-of-nyx-control.yaml", 2, "ikoria", "prison1", "power", 3)


def test_z3_reads_shared_creature_types() -> None:
    assert _refuted("model/coat-of-arms-changeling.yaml", 2, "m10", "outcast", "power", 1)
    assert _refuted("model/coat-of-arms-changeling.yaml", 3, "ikoria", "warrior1", "power", 4)


@pytest.mark.parametrize(
    ("cost", "colors", "n"),
    [
        ("{3}{W}", ["white"], 1),
        ("{W}{W}", ["white"], 2),
        ("{2/W}{W/U}{G/P}", ["white"], 2),
        ("{W/U}", ["white", "blue"], 1),
        (None, ["white"], 0),
        ("{5}", ["white"], 0),
    ],
)
def test_devotion_counts_symbols_of_the_colors(cost: str | None, colors: list[str], n: int) -> None:
    """700.5: hybrid and Phyrexian symbols count, once; generic symbols never (resolver and z3 each)."""
    assert devotion_symbols(cost, frozenset(colors)) == n
    assert symbols_of(cost, colors) == n


def test_a_conditional_ability_is_never_a_cda() -> None:
    from tests.corpus.test_loader import GOOD

    data = copy.deepcopy(GOOD)
    data["abilities"] = [
        {
            "text": "x",
            "cda": True,
            "condition": {"left": {"devotion": "white"}, "op": "<", "right": 5},
            "parts": [{"op": "set_pt", "power": 1}],
        }
    ]
    with pytest.raises(CorpusError, match=r"never characteristic-defining \(604.3a\(5\)\)"):
        case_from_data(data)


def test_a_cda_applies_to_its_own_object_only() -> None:
    """604.3: a characteristic-defining ability defines its own object's characteristics; a CDA that names other
    objects is a load error at its applies_to."""
    from tests.corpus.test_loader import GOOD

    data = copy.deepcopy(GOOD)
    data["abilities"] = [
        {"text": "x", "cda": True, "applies_to": {"type": "creature"}, "parts": [{"op": "set_pt", "power": 1}]}
    ]
    with pytest.raises(CorpusError, match=r"abilities\[0\]\.applies_to.*its own object's characteristics \(604.3\)"):
        case_from_data(data)
    data["abilities"][0]["applies_to"] = {"is_source": True}
    case_from_data(data)


def test_a_misspelt_filter_in_a_condition_is_a_load_error() -> None:
    from tests.corpus.test_loader import GOOD

    data = copy.deepcopy(GOOD)
    data["abilities"] = [
        {
            "text": "x",
            "condition": {"left": {"count": {"type": "enchantments"}}, "op": ">=", "right": 5},
            "parts": [{"op": "set_pt", "power": 1}],
        }
    ]
    with pytest.raises(CorpusError, match="did you mean 'enchantment'"):
        case_from_data(data)


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


def test_intrinsic_abilities_follow_the_type_line() -> None:
    from reference.model import Characteristics
    from reference.operations import intrinsic_abilities

    forest = Characteristics(
        name="f",
        mana_value=0,
        colors=frozenset(),
        types=frozenset({"land"}),
        subtypes=frozenset({"forest"}),
        supertypes=frozenset(),
        abilities=frozenset({"{t}: add {g}."}),  # printed reminder of a non-basic Forest: kept when it stops being one
        power=None,
        toughness=None,
        controller="p1",
    )
    assert intrinsic_abilities(forest).intrinsic == frozenset()
    assert intrinsic_abilities(forest.with_(subtypes=frozenset())).abilities == frozenset({"{t}: add {g}."})
    bare = forest.with_(abilities=frozenset())
    assert intrinsic_abilities(bare).abilities == frozenset({"{t}: add {g}."})
    assert intrinsic_abilities(intrinsic_abilities(bare).with_(subtypes=frozenset())).abilities == frozenset()


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
