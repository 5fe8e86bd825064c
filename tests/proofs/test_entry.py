"""The counters a permanent enters with (614.1c, 614.12, 113.6b), read by z3 itself (proofs.entry).

Issue 28, items 3, 4 and 5: each corpus case's entry counters are verified, and the answer the
old resolver gave (a creature's own general ability giving it a counter, Dearly Departed dead in
the graveyard, a condition ignored) is refuted; so is a 614.12 misreading (Xenograft applying to
the creature as it would enter).
"""

from __future__ import annotations

import pytest

from mtg_layers.checking.z3_crosscheck import entry_claim
from mtg_layers.corpus import CASES_DIR, load_case
from proofs.entry import check_entry, only_itself, works_from
from reference.model import AbilityDef
from reference.versions import get_version

OWN = "entry/own-general-ability-not-on-itself.yaml"
DEPARTED = "entry/dearly-departed-graveyard-yixlid-jailer.yaml"
CONDITION = "entry/enters-with-condition.yaml"
GRUMGULLY = "entry/grumgully-xenograft-human.yaml"
ADAPTATION = "rulings/arcane-adaptation-metallic-mimic.yaml"


def _status(path: str, step: int, vid: str, claimed: dict[str, dict[str, int]] | None = None) -> str:
    """z3's verdict on the resolver's entry counters at ``step`` (or on ``claimed`` instead)."""
    version = get_version(vid)
    claim = entry_claim(load_case(CASES_DIR / path), step, version)
    assert claim is not None
    before, after, resolver = claim
    return check_entry(before, after, version, resolver if claimed is None else claimed).status


@pytest.mark.parametrize("vid", ["m10", "ikoria", "2023-11-17", "2025-08-01"])
def test_614_12_an_own_general_ability_gives_no_counter_and_the_old_answer_is_refuted(vid: str) -> None:
    assert _status(OWN, 2, vid) == "verified"
    assert _status(OWN, 2, vid, {"patron": {"+1/+1": 1}}) == "counterexample"
    assert _status(OWN, 3, vid) == "verified"
    assert _status(OWN, 3, vid, {"bears": {}}) == "counterexample"


@pytest.mark.parametrize("vid", ["m10", "ikoria", "2023-11-17", "2025-08-01"])
def test_113_6b_dearly_departed_works_from_the_graveyard_and_the_old_answer_is_refuted(vid: str) -> None:
    assert _status(DEPARTED, 2, vid) == "verified"
    assert _status(DEPARTED, 2, vid, {"vanguard": {}}) == "counterexample"
    assert _status(DEPARTED, 3, vid, {"vanguard2": {"+1/+1": 1}}) == "counterexample"
    # 613.1f: once Yixlid Jailer took the graveyard card's abilities, it gives none
    assert _status(DEPARTED, 5, vid) == "verified"
    assert _status(DEPARTED, 5, vid, {"vanguard3": {"+1/+1": 1}}) == "counterexample"


@pytest.mark.parametrize("vid", ["m10", "ikoria", "2023-11-17", "2025-08-01"])
def test_611_3a_an_enters_with_condition_is_read_and_the_old_answer_is_refuted(vid: str) -> None:
    assert _status(CONDITION, 2, vid) == "verified"
    assert _status(CONDITION, 2, vid, {"bears": {"+1/+1": 1}}) == "counterexample"
    assert _status(CONDITION, 4, vid) == "verified"
    assert _status(CONDITION, 4, vid, {"elves": {}}) == "counterexample"


def test_614_12_before_ixalan_another_permanents_static_ability_does_not_apply_as_it_enters() -> None:
    """Under m10, Grizzly Bears under Xenograft naming Human gets Grumgully's counter: z3 refutes 'no counter'."""
    assert _status(GRUMGULLY, 2, "m10") == "verified"
    assert _status(GRUMGULLY, 2, "m10", {"bears": {}}) == "counterexample"
    assert _status(GRUMGULLY, 4, "m10", {"automaton": {"+1/+1": 1}}) == "counterexample"


def test_614_12_from_ixalan_an_existing_effect_applies_as_it_enters() -> None:
    """From 2017-09-29, Xenograft's effect already exists: the Bears are Human as they would enter, no counter;
    z3 refutes the old answer. Arcane Adaptation and Metallic Mimic: a counter from that day, none the day before."""
    assert _status(GRUMGULLY, 2, "2025-08-01") == "verified"
    assert _status(GRUMGULLY, 2, "2025-08-01", {"bears": {"+1/+1": 1}}) == "counterexample"
    assert _status(GRUMGULLY, 5, "2025-08-01", {"clone": {"+1/+1": 1}}) == "counterexample"
    assert _status(ADAPTATION, 2, "2017-09-29") == "verified"
    assert _status(ADAPTATION, 2, "2017-09-29", {"bears": {}}) == "counterexample"
    assert _status(ADAPTATION, 2, "2017-09-28") == "verified"
    assert _status(ADAPTATION, 2, "2017-09-28", {"bears": {"+1/+1": 1}}) == "counterexample"


def test_113_6_where_an_enters_with_ability_works() -> None:
    plain = AbilityDef(text="a", cda=False, applies_to={"is_source": True}, parts=())
    graveyard = AbilityDef(text="b", cda=False, applies_to={}, parts=(), functions_in=("graveyard",))
    assert works_from(plain, "battlefield") and not works_from(plain, "graveyard")
    assert works_from(graveyard, "graveyard") and not works_from(graveyard, "battlefield")


def test_614_12_a_filter_that_picks_only_its_source() -> None:
    assert only_itself({"is_source": True})
    assert only_itself({"all": [{"type": "creature"}, {"is_source": True}]})
    assert not only_itself({"type": "creature", "controller": "you"})
    assert not only_itself({"any": [{"is_source": True}, {"type": "creature"}]})
