"""What the z3 encoding reads itself (proofs.encoding; issue 11): conditions, values read off other objects.

Each feature is checked in the resolver against hand-worked answers (the golden tests), and the
encoding must refute a wrong answer on the same board (it reads the feature itself, never the
resolver's): devotion and count conditions, shared creature types, the form an object entered as,
intrinsic mana abilities (305.6), cards exiled with a source (607.2a), mana costs.

Issue 28, item 11: a negated filter ("not on the battlefield" first), read by z3 as the resolver reads it.

The encoding kept every object outside the battlefield at its printed values unless some
ability's filter named another zone, and a zone named under ``not`` did not count: "creature
cards you own that aren't on the battlefield" changed nothing in z3, which then refused the
resolver's right answer. Here: the corpus case written that way is verified and the old
reading refuted, and for every filter key F, on a small board with objects in every zone, the
encoding reads ``{not: F}`` as the complement of F (both as the objects a static ability
applies to and as a count), which the resolver's answer, verified by z3, shows.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.checking.results import board_result
from mtg_layers.checking.verify import resolve_step
from mtg_layers.checking.z3_crosscheck import check_board
from mtg_layers.corpus import CASES_DIR, case_from_data, load_case
from proofs.crosscheck import check_answer
from reference.case import board_at
from reference.filters import FILTER_KEYS, names_zone
from reference.resolver import resolve
from reference.versions import get_version
from tests.proofs.refute import refuted

from ..builders import VERSIONS, make_board
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


ARCANE = "model/arcane-adaptation-cards-not-on-the-battlefield.yaml"


OFF = {"not": {"zone": "battlefield"}}


# one filter or more per key of the vocabulary (reference.filters.FILTER_KEYS)
SAMPLES: dict[str, list[Any]] = {
    "all": [{"all": [{"type": "creature"}, {"zone": "graveyard"}]}],
    "any": [{"any": [{"zone": "hand"}, {"type": "artifact"}]}],
    "not": [{"not": {"zone": "battlefield"}}, {"not": {"type": "creature"}}],
    "id": [{"id": "bears"}, {"id": "piker"}],
    "ids": [{"ids": ["bears", "giant", "elves"]}],
    "type": [{"type": "creature"}],
    "subtype": [{"subtype": "elf"}],
    "supertype": [{"supertype": "legendary"}],
    "color": [{"color": "green"}],
    "colorless": [{"colorless": True}],
    "multicolored": [{"multicolored": True}],
    "controller": [{"controller": "you"}, {"controller": "opponent"}, {"controller": "p2"}],
    "owner": [{"owner": "you"}, {"owner": "p2"}],
    "is_source": [{"is_source": True}],
    "other_than_source": [{"other_than_source": True}],
    "attached_to_source": [{"attached_to_source": True}],
    "name": [{"name": "Grizzly Bears"}],
    "token": [{"token": True}],
    "monstrous": [{"monstrous": True}, {"monstrous": False}],
    "has_counter": [{"has_counter": "+1/+1"}, {"has_counter": "gold"}],
    "face_down": [{"face_down": True}],
    "has_ability": [{"has_ability": "flying"}],
    "mana_value": [{"mana_value": {"op": ">=", "value": 2}}],
    "zone": [{"zone": "battlefield"}, {"zone": "graveyard"}, {"zone": "stack"}],
    "shares_creature_type_with": [{"shares_creature_type_with": "source"}, {"shares_creature_type_with": "it"}],
    "is_it": [{"is_it": True}],
    "exiled_with_source": [{"exiled_with_source": True}],
    "top_of_graveyard": [{"top_of_graveyard": True}],
}


def test_every_filter_key_has_a_sample() -> None:
    """A key added to the vocabulary must come with a sample here, so that its negation is checked too."""
    assert set(SAMPLES) == set(FILTER_KEYS)


def test_arcane_adaptation_not_on_the_battlefield_is_verified_and_the_old_reading_refuted() -> None:
    """611.3a: creature cards p1 owns that aren't on the battlefield are Merfolk too; z3 refutes the answer its
    old reading gave (the cards in other zones keeping their printed types)."""
    for vid in ("pre-m10", "m10", "ikoria", "2025-08-01"):
        assert refuted(ARCANE, 1, vid, "piker", "subtypes", ["goblin", "warrior"])
    assert refuted(ARCANE, 1, "2023-11-17", "wurm", "subtypes", ["wurm"])  # a spell on the stack
    assert refuted(ARCANE, 1, "ikoria", "elves", "subtypes", ["druid", "elf"])


def _creature(oid: str, ts: float, name: str, **extra: Any) -> dict[str, Any]:
    base = {"id": oid, "name": name, "timestamp": ts, "controller": "p1", "types": ["creature"], "power": 2}
    return {**base, "toughness": 2, "mana_value": 2, "colors": ["green"], **extra}


POSITIVE, NEGATIVE = "the first filter's objects have shroud.", "the second filter's objects have hexproof."


COUNT_POS, COUNT_NEG = "+x/+0 for each object of the first filter.", "+0/+x for each object of the second filter."


def _board(first: Any, second: Any) -> Any:
    """Objects in every zone, of both players, and two pairs of abilities: a static ability applying to ``first``
    and one to ``second`` (both of the Equipment, attached to the Bears), and a creature counting each."""
    objects = [
        {
            "id": "src",
            "name": "Marker",
            "timestamp": 1,
            "controller": "p1",
            "types": ["artifact"],
            "subtypes": ["equipment"],
            "mana_value": 2,
            "attached_to": "bears",
            "abilities": [POSITIVE, NEGATIVE],
        },
        _creature("counter", 2, "Counter", subtypes=["elf", "warrior"], power=0, toughness=0, mana_value=1)
        | {"abilities": [COUNT_POS, COUNT_NEG]},
        _creature("bears", 3, "Grizzly Bears", subtypes=["bear"]) | {"monstrous": True},
        _creature("giant", 4, "Hill Giant", controller="p2", owner="p1", colors=["red"], subtypes=["giant"])
        | {"abilities": ["flying"], "mana_value": 4, "counters": [{"kind": "gold", "count": 1}]},
        _creature("legend", 5, "Legend", controller="p2", supertypes=["legendary"], subtypes=["elf"])
        | {"colors": ["green", "white"], "mana_value": 3},
        _creature("token", 6, "Goblin", subtypes=["goblin"], colors=["red"], mana_value=0) | {"token": True},
        _creature("morph", 7, "Morph", controller="p2", subtypes=["beast"]) | {"face_down": True},
        _creature("lions", 8, "Savannah Lions", zone="graveyard", colors=["white"], subtypes=["cat"], mana_value=1),
        _creature("piker", 9, "Goblin Piker", zone="graveyard", colors=["red"], subtypes=["goblin", "warrior"]),
        _creature("lions2", 10, "Savannah Lions", controller="p2", zone="graveyard", subtypes=["cat"])
        | {"abilities": ["flying"]},
        _creature("elves", 11, "Llanowar Elves", zone="hand", subtypes=["elf", "druid"], mana_value=1),
        _creature("exiled", 12, "Wurm", controller="p2", zone="exile", subtypes=["wurm"], colors=[])
        | {"exiled_with": "src", "types": ["artifact", "creature"], "mana_value": 6},
        _creature("exiled2", 13, "Runeclaw Bear", zone="exile", subtypes=["bear"]),
        _creature("spell", 14, "Craw Wurm", zone="stack", subtypes=["wurm"], mana_value=6),
        {"id": "forest", "name": "Forest", "timestamp": 15, "controller": "p2", "zone": "library", "types": ["land"]}
        | {"supertypes": ["basic"], "subtypes": ["forest"]},
    ]
    abilities = [
        {"text": POSITIVE, "applies_to": first, "parts": [{"op": "add_abilities", "abilities": ["shroud"]}]},
        {"text": NEGATIVE, "applies_to": second, "parts": [{"op": "add_abilities", "abilities": ["hexproof"]}]},
        {
            "text": COUNT_POS,
            "applies_to": {"is_source": True},
            "parts": [{"op": "modify_pt", "power": {"count": first}}],
        },
        {
            "text": COUNT_NEG,
            "applies_to": {"is_source": True},
            "parts": [{"op": "modify_pt", "toughness": {"count": second}}],
        },
    ]
    return make_board(objects, abilities=abilities)


CHECKS = [(key, n, inside) for key, samples in SAMPLES.items() for n in range(len(samples)) for inside in (False, True)]


@pytest.mark.parametrize(("key", "n", "inside"), CHECKS, ids=[f"{k}-{n}{'-off' if i else ''}" for k, n, i in CHECKS])
def test_z3_reads_not_f_as_the_complement_of_f(key: str, n: int, inside: bool) -> None:
    """For F of each key: the objects a static ability with ``{not: F}`` applies to, and those a count of
    ``{not: F}`` counts, are the others of their zones (F naming a zone: every zone; else the battlefield).
    With ``inside``, both are limited to objects outside the battlefield (``{all: [{not: {zone: battlefield}},
    F]}`` and the same with ``{not: F}``). z3 verifies the resolver's answer on the board, so it reads the
    negation as the resolver does."""
    f = SAMPLES[key][n]
    first, second = (f, {"not": f}) if not inside else ({"all": [OFF, f]}, {"all": [OFF, {"not": f}]})
    board = _board(first, second)
    version = get_version("2025-08-01")
    result = board_result(board, resolve(board, version).final)
    anywhere = names_zone(board.abilities[POSITIVE].applies_to)  # as loaded (lists made tuples)
    where = [o for o, obj in board.objects.items() if (anywhere or obj.zone == "battlefield")]
    if inside:
        where = [o for o in where if board.objects[o].zone != "battlefield"]
    shroud = {o for o in where if "shroud" in result[o]["abilities"]}
    hexproof = {o for o in where if "hexproof" in result[o]["abilities"]}
    assert shroud.isdisjoint(hexproof) and shroud | hexproof == set(where)
    counted = result["counter"]
    assert counted["power"] + counted["toughness"] == len(where)
    check = check_board(board, version)
    assert check.status == "verified", check.info


def test_z3_refutes_a_modal_back_face_with_its_front_face_mana_value() -> None:
    """712.8f: the encoding reads Tibalt 7, Kazandu Valley 0, Lisette 4 (the transforming rule: 2, 3, 1)."""
    path = "double-faced/mdfc-valki-tibalt-kazandu.yaml"
    for vid in ("2023-11-17", "2025-08-01"):
        assert _refuted(path, 1, vid, "tibalt", "mana_value", 2)
        assert _refuted(path, 1, vid, "valley", "mana_value", 3)
    assert _refuted("double-faced/mdfc-clone-lisette.yaml", 1, "2023-11-17", "lisette", "mana_value", 1)


ANGER = "zones/anger-graveyard-yixlid-jailer.yaml"
EMBLEM = "zones/gideon-emblem-command-zone.yaml"


@pytest.mark.parametrize("vid", ["pre-m10", "m10", "ikoria", "2023-11-17", "2025-08-01"])
def test_anger_works_from_the_graveyard_and_the_old_answer_is_refuted(vid: str) -> None:
    """113.6b: Anger's haste from the graveyard is verified; z3 refutes the old answer (the Bears without haste)."""
    assert refuted(ANGER, 1, vid, "bears", "abilities", [])


@pytest.mark.parametrize("vid", ["m10", "ikoria", "2023-11-17", "2025-08-01"])
def test_an_emblem_works_from_the_command_zone_and_the_old_answer_is_refuted(vid: str) -> None:
    """114.4: the emblem's +1/+1 is verified; z3 refutes the old answer (no effect from the command zone)."""
    assert refuted(EMBLEM, 1, vid, "bears", "power", 2)
    assert refuted(EMBLEM, 2, vid, "bears2", "toughness", 2)


def test_z3_reads_the_zone_an_ability_works_from_itself() -> None:
    """113.6, 113.6b: the same graveyard card without functions_in gives nothing, in both readings (verified)."""
    case = load_case(CASES_DIR / ANGER)
    version = get_version("2025-08-01")
    board = board_at(case, 1, version)
    plain = {t: replace(d, functions_in=None) for t, d in board.abilities.items()}
    dead = replace(board, abilities=plain)
    answer = board_result(dead, resolve(dead, version).final)
    assert "haste" not in answer["bears"]["abilities"]
    assert check_answer(dead, version, answer).status == "verified"


# 710, 707.3, 612.8: flip cards and names set by effects, read by the encoding itself


def test_z3_refutes_a_clone_of_a_flipped_permanent_that_shows_the_flipped_half() -> None:
    """707.2, 707.3: a Clone of a flipped Kenzo is an unflipped Bushi Tenderfoot (1/1), never Kenzo (3/4)."""
    assert _refuted("flip/bushi-tenderfoot-kenzo-clone.yaml", 3, "2025-08-01", "clone", "name", "Kenzo the Hardhearted")


def test_z3_refutes_a_flipped_permanent_that_changes_color_or_keeps_its_normal_name() -> None:
    """710.1c, 710.2: flipped, Bushi Tenderfoot is Kenzo the Hardhearted and stays white."""
    path = "flip/bushi-tenderfoot-kenzo-clone.yaml"
    assert _refuted(path, 2, "m10", "bushi", "name", "Bushi Tenderfoot")
    assert _refuted(path, 2, "m10", "bushi", "colors", [])


def test_z3_refutes_a_flipped_copy_that_shows_the_normal_half() -> None:
    """707.3's example: the flipped Tomoya, a copy of Nezumi Shortfang, is Stabwhisker the Odious."""
    assert _refuted("flip/tomoya-copies-nezumi-shortfang.yaml", 2, "ikoria", "tomoya", "name", "Nezumi Shortfang")


def test_z3_refutes_a_copy_that_takes_a_name_set_by_an_effect() -> None:
    """612.8, 707.2: the Clone of the renamed Bear is named Grizzly Bears; the renamed Bear keeps its new name
    after it becomes a copy of Birds of Paradise (layer 3 after layer 1)."""
    path = "text/name-set-layer-3-not-copied.yaml"
    assert _refuted(path, 2, "2025-08-01", "clone", "name", "Renamed Bear")
    assert _refuted(path, 3, "pre-m10", "bear", "name", "Birds of Paradise")


@pytest.mark.parametrize(
    "cid",
    ["regression-cda-by-how-held-boneyard-wurm-svogthos", "ruling-artificial-evolution-lord-of-atlantis-plurals"],
)
def test_a_kept_filter_or_value_is_the_formula_built_again(cid: str) -> None:
    """611.3a, 612: what the encoding keeps of a filter on an object and of a value (its memo) is the term that
    reading them again off the same state builds, on a board whose amounts count other objects (Boneyard Wurm)
    and one whose words a text change rewrites (Artificial Evolution)."""
    from proofs.encoding import Encoding
    from proofs.state import same_term

    from ..builders import corpus_case

    case = corpus_case(cid)
    version = get_version(case.versions[-1])
    enc = Encoding(board_at(case, 1, version), version)
    st = enc.final
    checked = 0
    for e in enc.effects:
        if e.kind != "static" or e.definition is None:
            continue
        view = enc.view(e, st)
        for o in enc.live:
            kept = enc.matches(e.definition.applies_to, o, st, e, view)
            assert same_term(kept, enc._matches_now(e.definition.applies_to, o, st, e, view))
            checked += 1
            for p in e.parts:
                for value in p.args.values():
                    if isinstance(value, dict):
                        kept_n = enc.evaluate(value, st, e, view, o)
                        assert same_term(kept_n, enc._evaluate_now(value, st, e, view, o))
                        checked += 1
    assert checked > 0
