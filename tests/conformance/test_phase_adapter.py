"""The phase.rs adapter (issue 31): its handshake, boards it sets up and agrees on, skips with reasons,
and the triaged disagreements, each still reproduced by the engine on its case file.

Everything here runs phase in process through ``handle`` (the adapter's one entry point), so it is
deterministic: phase's game seed is fixed and the adapter writes the whole board into the state.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
import yaml

from mtg_layers.checking.results import compare
from mtg_layers.conformance import phase_adapter
from mtg_layers.conformance.engines_page import ENGINES_DIR
from mtg_layers.conformance.protocol import run_message
from mtg_layers.corpus import ROOT, case_from_data

from ..builders import suite

pytestmark = pytest.mark.usefixtures("runs_shared_suite")  # suite() below: the run's shared load


@functools.cache
def suite_cases() -> dict[str, Any]:
    """The corpus's cases by id, as the conformance runner sends them (built when a test first asks)."""
    return {sc.id: sc for sc in suite()}


RULES = "2025-08-01"
TRIAGE = yaml.safe_load((ENGINES_DIR / "phase" / "triage.yaml").read_text("utf-8"))
SUMMARY = json.loads((ENGINES_DIR / "phase" / "summary.json").read_text("utf-8"))


def answer(case_id: str, step: int) -> dict[str, Any]:
    """The adapter's answer for one run, as the runner would send it."""
    reply, _ = phase_adapter.handle(run_message(1, suite_cases()[case_id].data, step, RULES))
    assert reply is not None
    return reply


def mismatches(case_id: str, step: int) -> list[Any]:
    reply = answer(case_id, step)
    assert "results" in reply, reply
    return compare(suite_cases()[case_id].case.steps[step - 1].expect[RULES], reply["results"])


def test_handshake_names_phase_and_its_version() -> None:
    reply, status = phase_adapter.handle({"cmd": "start", "version": 1})
    assert status == 0 and reply is not None and reply["ready"] is True
    impl = reply["implementation"]
    assert (impl["name"], impl["version"], impl["rules_versions"]) == ("phase.rs", "0.103.0", [RULES])
    assert {"stickers", "merged", "face-down", "created-tokens"} <= set(impl["features"])
    # layer-3-text is declared for the boards of such cases before the text change; a text change is a skip
    assert "layer-3-text" in impl["features"] and "full-text" not in impl["features"]


def test_text_change_on_the_board_is_a_skip_and_the_step_before_it_is_set_up() -> None:
    assert mismatches("ruling-artificial-evolution-goblin-king", 1) == []
    reply = answer("ruling-artificial-evolution-goblin-king", 2)
    assert reply["skipped"] is True and "replace_word" in reply["reason"], reply


def test_main_answers_through_the_shared_protocol_loops(monkeypatch: pytest.MonkeyPatch) -> None:
    """One adapter loop (D1/D2): phase's main is the reference adapter's one-shot and persistent loops
    answering with phase's handler, so it writes what they write, byte for byte."""
    import io

    from mtg_layers import adapter

    def drive(argv: list[str], text: str) -> tuple[int, str]:
        out = io.StringIO()
        monkeypatch.setattr("sys.stdin", io.StringIO(text))
        monkeypatch.setattr("sys.stdout", out)
        return phase_adapter.main(argv), out.getvalue()

    start = json.dumps({"cmd": "start", "version": 1})
    status, text = drive(["--oneshot"], start)
    expected = io.StringIO()
    assert adapter.oneshot(phase_adapter.handle, io.StringIO(start), expected) == status == 0
    assert text == expected.getvalue() and json.loads(text)["implementation"]["name"] == "phase.rs"
    # what only the shared loop says: a line that is not JSON is answered, never a traceback
    status, text = drive(["--oneshot"], "{not json")
    assert status == 1 and json.loads(text)["errored"] is True and "not JSON" in json.loads(text)["message"]
    status, text = drive([], "nonsense\n" + start + "\n" + json.dumps({"cmd": "stop"}) + "\n" + start + "\n")
    first, second = text.splitlines()
    assert status == 0 and "not JSON" in json.loads(first)["message"] and json.loads(second)["ready"] is True


def test_other_protocol_version_is_refused() -> None:
    reply, status = phase_adapter.handle({"cmd": "start", "version": 2})
    assert status == 1 and reply is not None and reply["ready"] is False


@pytest.mark.parametrize(
    ("case_id", "step"),
    [("cr-613-6-march-of-the-machines", 1), ("sba-equipment-falls-off-idol", 1), ("seed-blood-moon-then-urborg", 1)],
)
def test_real_card_boards_are_set_up_and_agree(case_id: str, step: int) -> None:
    assert mismatches(case_id, step) == []


@pytest.mark.parametrize(
    ("case_id", "step"),
    [
        ("kill-712-transformed-delver-dies-front-face-up-in-the-graveyard", 1),  # a transformed double-faced card
        ("dfc-cytoshape-kruin-outlaw-transforms-while-a-copy", 3),  # back face up by its transform history
        ("ruling-oko-exchange-keeps-auras-2019", 1),  # control goes to the player the effect names
        ("abilities-myr-welder-cards-exiled-with-it-then-humility", 1),  # cards exiled with an object
        ("release-notes-theros-colossus-of-akros", 2),  # monstrous
        ("ruling-abigale-2025", 1),  # a first strike counter
        ("ruling-unctuss-retrofitter-2023", 1),  # crew 1 and the old "converted mana cost" wording
        ("ruling-maha-base-toughness-2024", 1),  # an object printing Oracle lines the catalogue does not model
        ("ruling-gigantoplasm-2015", 2),  # a copy exception adding an activated ability phase parses
        ("ruling-sparkshaper-visionary-2023", 1),  # a granted trigger; a loyalty ability's minus sign
        ("ruling-vesuvan-doppelganger-clone", 2),  # a copy of a copy (707.3) that keeps its own color (707.9b)
        ("regression-707-9d-vesuvan-doppelganger-devoid", 1),  # without the copied devoid (707.9d)
        ("bulletin-2009-painters-servant-loses-abilities", 1),  # a choice given in the ability's wording
        ("ruling-conspiracy-cards-in-other-zones", 1),  # the catalogue's other wording of the card not printed
        ("model-primal-clay-3-3-under-earlier-humility", 1),  # what it became as it entered (entered_as)
        ("kill-707-2-clone-of-primal-clay-takes-its-flying-form", 2),  # ... copied by a Clone
        ("regression-copy-keeps-face-down-values-after-turn-up", 2),  # a copy begun while the original was face down
    ],
)
def test_groups_set_up_in_the_second_pass_agree(case_id: str, step: int) -> None:
    assert mismatches(case_id, step) == []


@pytest.mark.parametrize(
    ("case_id", "step"),
    [
        ("sticker-pt-tarmogoyf-base", 4),  # a power/toughness sticker in 7b at its timestamp
        ("sticker-pt-on-noncreature-vehicle", 3),  # ... and an ability sticker
        ("kill-613-2a-clone-copies-gemrazer-merged-over-bears", 2),  # merged over, and a copy of the merged permanent
        ("release-notes-ikoria-merged-permanents", 4),  # a merged card's CDA names its own card
        ("merged-gemrazer-over-angel-then-heron-under", 2),  # merged over, then under
        ("ruling-jolrael-2023", 1),  # hand sizes as filler cards in hand
        ("release-notes-war-mobilized-district", 1),  # a supertype an effect adds
        ("ruling-awakening-of-vitu-ghazi-name", 1),  # a name an effect gives
        ("mdfc-back-face-own-mana-value", 2),  # a modal double-faced card's back face, on the battlefield and the stack
        ("mdfc-clone-copies-back-face", 1),  # ... copied
        ("flip-bushi-tenderfoot-kenzo-clone", 2),  # a flipped flip card; bushido read back as its keyword
        ("sba-roles-newest-per-player", 2),  # a Role token; ward {1}
        ("ruling-stop-cold-2024", 1),  # enchant artifact or creature
        ("copy-if-moritte-copies-animated-land-no-changeling", 1),  # a copy exception only if it's a creature
        ("copy-if-moritte-copies-creature-has-changeling", 2),  # ... that is one
        ("ruling-death-in-heaven-face-down-cyberman", 2),  # face-down values an effect gives, and a copy of them
        ("ruling-copies-of-each-other-back-and-forth", 3),  # a copy takes the values as it began (707.2b)
        ("release-notes-war-x-is-zero-finale-of-devastation", 1),  # X is 0 in a mana value (202.3e)
        ("release-notes-akh-mana-value-and-colors-of-spells", 1),  # a card on the stack
    ],
)
def test_groups_set_up_in_the_third_pass_agree(case_id: str, step: int) -> None:
    assert mismatches(case_id, step) == []


@pytest.mark.parametrize(
    ("case_id", "step", "words"),
    [
        ("sticker-name-follows-copy", 1, "choice the board does not give"),  # Realmwalker's entry choice
        ("sticker-timestamps-through-zones", 2, "stickers on a card in the graveyard"),
        ("merged-under-a-copy-and-a-clone-of-it", 1, "merged and under a copy effect"),
        ("flip-bushi-tenderfoot-kenzo-clone", 3, "a copy of the flip card"),
        ("release-notes-war-nicol-bolas-dragon-god", 1, "gives no ability for"),  # phase marks it unimplemented
    ],
)
def test_third_pass_skips_name_their_reason(case_id: str, step: int, words: str) -> None:
    reply = answer(case_id, step)
    assert reply["skipped"] is True and words in reply["reason"], reply


@pytest.mark.parametrize(
    ("case_id", "step"),
    [
        ("ruling-conspiracy-cards-in-other-zones", 2),  # Conspiracy in the graveyard made no entering choice
        ("cr-707-5-clone-enters-as-skyshroud-behemoth-with-fade-counters", 1),  # fading 2, listed as a keyword
        ("release-notes-war-arlinn-voice-of-the-pack", 1),  # a Wolf token Arlinn created: a plain token
        ("release-notes-war-arlinn-voice-of-the-pack", 2),
        ("release-notes-war-blast-zone-mana-values", 1),
        ("ruling-ardyn-the-usurper-2025", 2),  # a token copy of an exiled card (707.2): its values are the copy's
    ],
)
def test_groups_set_up_in_the_fourth_pass_agree(case_id: str, step: int) -> None:
    assert mismatches(case_id, step) == []


def test_card_off_the_battlefield_needs_no_entering_choice() -> None:
    # step 2: Painter's Servant in the graveyard; set up, and phase's Tarmogoyf disagrees as triaged
    assert "results" in answer("ruling-painters-servant-every-zone", 2)


def test_plain_token_is_one_with_no_rules_text() -> None:
    wolf = {
        "id": "wolf", "name": "Wolf Token", "controller": "p1", "owner": "p1", "timestamp": 2, "zone": "battlefield",
        "token": True, "mana_value": 0, "mana_cost": None, "colors": ["green"], "types": ["creature"],
        "subtypes": ["wolf"], "supertypes": [], "abilities": [], "power": 2, "toughness": 2, "counters": [],
    }  # fmt: skip
    assert phase_adapter.plain_token(wolf)
    assert phase_adapter.plain_token({**wolf, "abilities": ["flying"]})  # a keyword phase names alike
    assert not phase_adapter.plain_token({**wolf, "abilities": ["{t}: add {g}."]})
    assert not phase_adapter.plain_token({**wolf, "token": False})
    assert not phase_adapter.plain_token({**wolf, "zone": "graveyard"})
    with pytest.raises(phase_adapter.Unsupported, match="no card of the catalogue"):
        phase_adapter.check_object({**wolf, "abilities": ["{t}: add {g}."]})
    obj: dict[str, Any] = {}
    phase_adapter.plain_token_values(obj, {**wolf, "abilities": ["first strike"]})
    assert obj["base_keywords"] == ["FirstStrike"]
    assert obj["base_card_types"] == {"core_types": ["Creature"], "subtypes": ["Wolf"], "supertypes": []}
    assert obj["base_color"] == ["Green"] and obj["base_power"] == 2 and obj["base_mana_cost"] == {"type": "NoCost"}


def test_name_sticker_is_a_text_change_phase_cannot_be_told() -> None:
    with pytest.raises(phase_adapter.Unsupported, match=r"612\.9"):
        phase_adapter.sticker_effects(
            {"id": "bear", "zone": "battlefield", "controller": "p1", "stickers": [{"kind": "name", "timestamp": 2}]},
            7,
            {2: 1},
        )


def test_real_card_runs_set_up_reach_ninety_percent() -> None:
    runs = SUMMARY["real_card_runs"]
    assert runs["set_up"] * 10 >= runs["runs"] * 9, runs


def test_transformed_permanent_shows_its_back_face_with_its_front_mana_value() -> None:
    results = answer("kill-712-transformed-delver-dies-front-face-up-in-the-graveyard", 1)["results"]
    delver = results["delver"]
    assert (delver["name"], delver["power"], delver["toughness"], delver["abilities"]) == (
        "Insectile Aberration",
        3,
        2,
        ["flying"],
    )
    assert delver["mana_value"] == 1 and delver["mana_cost"] is None


def test_granted_ability_is_a_keyword_or_what_phase_parses() -> None:
    assert phase_adapter.granted("first strike") == [{"type": "AddKeyword", "keyword": "FirstStrike"}]
    (mod,) = phase_adapter.granted("whenever this creature deals combat damage to a player, scry 1.")
    assert mod["type"] == "GrantTrigger" and "scry 1" in mod["trigger"]["description"].lower()


def test_chosen_value_read_from_the_wording() -> None:
    obj = {"abilities": ["all permanents are the chosen color (blue) in addition to their other colors"]}
    assert phase_adapter.chosen(obj) == {"color": "blue"}
    assert phase_adapter.chosen({"chosen": {"creature_type": "elf"}, "abilities": []}) == {"creature_type": "elf"}


def test_counters_phase_names_by_kind() -> None:
    assert phase_adapter.counter_key("first strike") == "first strike"
    assert phase_adapter.counter_key("+1/+0") == "+1/+0"
    assert phase_adapter.counter_key("+1/+1") == "P1P1"
    with pytest.raises(phase_adapter.Unsupported, match="shield"):
        phase_adapter.counter_key("shield")


def test_copy_of_an_object_that_transformed_after_the_copy_began_is_a_skip() -> None:
    reply = answer("dfc-clone-copies-back-face-cannot-transform", 3)
    assert reply["skipped"] is True and "transformed after the copy began" in reply["reason"]


def test_march_of_the_machines_values_read_back() -> None:
    results = answer("cr-613-6-march-of-the-machines", 1)["results"]
    assert (results["icy"]["power"], results["icy"]["toughness"], results["icy"]["types"]) == (
        4,
        4,
        ["artifact", "creature"],
    )
    assert results["ring"]["power"] == 1 and results["thopter"]["abilities"] == ["flying"]


def test_made_up_object_is_a_skip_naming_it() -> None:
    reply = answer("model-changeling-loses-all-creature-types", 1)
    assert "results" in reply  # real cards: set up
    made_up = next(
        sc.id for sc in suite_cases().values() if RULES in sc.data["versions"] and not sc.data["objects"][0].get("card")
    )
    reply = answer(made_up, 1)
    assert reply["skipped"] is True and "no card of the catalogue" in reply["reason"]


def test_effect_operation_phase_cannot_be_told_is_a_skip() -> None:
    with pytest.raises(phase_adapter.Unsupported, match="replace_word"):
        phase_adapter.modifications({"op": "replace_word", "from": "goblin", "to": "elf"})
    assert phase_adapter.modifications({"op": "set_types", "types": ["creature"]}) == [
        {"type": "SetCardTypes", "core_types": ["Creature"]}
    ]
    assert phase_adapter.modifications({"op": "modify_pt", "power": 3, "toughness": -1}) == [
        {"type": "AddPower", "value": 3},
        {"type": "AddToughness", "value": -1},
    ]


def test_every_disagreement_of_the_saved_run_is_triaged() -> None:
    failing = {(f["case"], f["step"]) for f in SUMMARY["failures"]}
    triaged = {(d["case"], d["step"]) for d in TRIAGE["disagreements"]}
    assert failing == triaged
    assert {d["verdict"] for d in TRIAGE["disagreements"]} <= {"engine-wrong", "corpus-wrong", "adapter-cannot-say"}


@pytest.mark.parametrize(
    "entry", [d for d in TRIAGE["disagreements"] if d["verdict"] == "engine-wrong"], ids=lambda d: d["case"]
)
def test_engine_wrong_entries_have_their_case_and_still_reproduce(entry: dict[str, Any]) -> None:
    assert (ROOT / entry["case_file"]).is_file() and entry["rule_chain"] and entry["upstream_report"]
    assert suite_cases()[entry["case"]].path.resolve() == (ROOT / entry["case_file"]).resolve()
    assert mismatches(entry["case"], entry["step"]) != []


FUZZ = TRIAGE.get("fuzz") or []


def test_fuzz_figures_are_saved_and_every_kind_is_triaged() -> None:
    figures = json.loads((ENGINES_DIR / "phase" / "fuzz.json").read_text("utf-8"))
    assert figures["set_up"] >= 500
    assert {tuple(k["signature"]) for k in figures["kinds"]} == {tuple(k["signature"]) for k in FUZZ}


@pytest.mark.parametrize("entry", FUZZ, ids=lambda k: "-".join(k["signature"]))
def test_fuzz_findings_load_and_the_engine_still_disagrees(entry: dict[str, Any]) -> None:
    data = yaml.safe_load((ROOT / entry["case_file"]).read_text("utf-8"))
    case = case_from_data(data, entry["case_file"])
    last = len(case.steps)
    reply, _ = phase_adapter.handle(run_message(1, data, last, RULES))
    assert reply is not None and "results" in reply, reply
    assert compare(case.steps[-1].expect[RULES], reply["results"]) != []
    if entry["verdict"] == "engine-wrong":
        assert entry["rule_chain"] and entry["upstream_report"]
