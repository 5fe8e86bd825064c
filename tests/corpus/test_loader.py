"""Loader tests: malformed cases give a clear error naming the file and the field, never a traceback.

Also the loader's meaning checks of each feature: timestamps it needs (613.7), conditions and CDAs
(604.3, issue 11), subtypes on no 205.3 list, a legend-rule choice without state-based actions,
choices, tokens and game state (issue 17), the mana value a mana cost gives (202.3).
"""

from __future__ import annotations

import copy
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_layers.corpus import CorpusError, case_from_data, load_case
from reference.versions import CURRENT, get_version

from ..builders import CLOCK_CASE as CASE
from ..builders import corpus_data as _data

GOOD: dict[str, Any] = {
    "id": "loader-good",
    "title": "a good case",
    "versions": ["m10", "ikoria"],
    "features": ["layer-7c-modify"],
    "sources": [{"kind": "derived", "ref": "test"}],
    "abilities": [],
    "objects": [
        {"id": "a", "timestamp": 1, "types": ["creature"], "power": 2, "toughness": 2},
        {"id": "b", "timestamp": 2, "types": ["creature"], "power": 1, "toughness": 1},
    ],
    "effects": [
        {"id": "e", "timestamp": 3, "applies_to": ["a"], "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}
    ],
    "steps": [{"description": "s", "expect": {"m10": {"a": {"power": 3}}, "ikoria": {"a": {"power": 3}}}}],
}


def write(tmp_path: Path, data: Any, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def mutated(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


def test_good_case_loads(tmp_path: Path) -> None:
    case = load_case(write(tmp_path, GOOD))
    assert case.id == "loader-good" and len(case.steps) == 1


BAD: list[tuple[str, Any, str, str]] = [
    ("bad-yaml", "id: [unclosed\n", "line", "invalid YAML"),
    ("alias", "a: &x 1\nb: *x\n", "line 1", "anchors and aliases"),
    ("missing-id", mutated(lambda d: d.pop("id")), "(top level)", "'id' is a required property"),
    ("unknown-field", mutated(lambda d: d.update(colour="red")), "colour", "unknown field 'colour'"),
    (
        "wrong-type",
        mutated(lambda d: d["objects"][0].update(power="two")),
        "objects[0].power",
        "expected a number (or null), got 'two'",
    ),
    (
        "unknown-op",
        mutated(lambda d: d["effects"][0]["parts"][0].update(op="explode")),
        "effects[0].parts[0].op",
        "explode",
    ),
    (
        "op-arg",
        mutated(lambda d: d["effects"][0]["parts"][0].update(colors=["red"])),
        "effects[0].parts[0]",
        "unknown field",
    ),
    (
        "unknown-object",
        mutated(lambda d: d["effects"][0].update(applies_to=["zz"])),
        "effects[0].applies_to[0]",
        "unknown object id 'zz'",
    ),
    (
        "ability-names-no-object",
        mutated(
            lambda d: d["abilities"].append(
                {"text": "x", "applies_to": {"id": "zz"}, "parts": [{"op": "add_colors", "colors": ["red"]}]}
            )
        ),
        "abilities[0].applies_to.id",
        "unknown object id 'zz'",
    ),
    (
        "ability-lists-no-object",
        mutated(
            lambda d: d["abilities"].append(
                {"text": "x", "applies_to": {"ids": ["a", "zz"]}, "parts": [{"op": "add_colors", "colors": ["red"]}]}
            )
        ),
        "abilities[0].applies_to.ids[1]",
        "unknown object id 'zz'",
    ),
    (
        "filter-unknown-object",
        mutated(
            lambda d: d["abilities"].append(
                {
                    "text": "x",
                    "applies_to": {"any": [{"id": "a"}, {"not": {"ids": ["a", "zz"]}}]},
                    "parts": [{"op": "add_colors", "colors": ["red"]}],
                }
            )
        ),
        "abilities[0].applies_to.any[1].not.ids[1]",
        "unknown object id 'zz'",
    ),
    ("duplicate-object", mutated(lambda d: d["objects"][1].update(id="a")), "objects[1].id", "duplicate object id 'a'"),
    (
        "duplicate-effect",
        mutated(lambda d: d["effects"].append(copy.deepcopy(d["effects"][0]))),
        "effects[1].id",
        "duplicate effect id 'e'",
    ),
    ("unknown-version", mutated(lambda d: d.update(versions=["m11"])), "versions[0]", "unknown rules version 'm11'"),
    (
        "expect-versions",
        mutated(lambda d: d["steps"][0]["expect"].pop("ikoria")),
        "steps[0].expect",
        "exactly the declared versions",
    ),
    ("bad-feature", mutated(lambda d: d.update(features=["layer-9"])), "features[0]", "expected one of"),
    (
        "copy-in-static",
        mutated(lambda d: d["abilities"].append({"text": "x", "parts": [{"op": "copy_of", "object": "a"}]})),
        "abilities[0].parts[0].op",
        "resolved effects",
    ),
    (
        "unknown-end",
        mutated(lambda d: d["steps"][0].update(end_effects=["nope"])),
        "steps[0].end_effects[0]",
        "unknown effect id 'nope'",
    ),
    (
        "turn-unknown",
        mutated(lambda d: d["steps"][0].update(turn_face_up={"zz": 4})),
        "steps[0].turn_face_up.zz",
        "unknown object id 'zz'",
    ),
    (
        "turn-both-ways",
        mutated(lambda d: d["steps"][0].update(turn_face_up={"a": 4}, turn_face_down={"a": 5})),
        "steps[0].turn_face_up.a",
        "not both",
    ),
    (
        "turn-timestamp",
        mutated(lambda d: d["steps"][0].update(turn_face_down={"a": "later"})),
        "steps[0].turn_face_down.a",
        "expected a number or null, got 'later'",
    ),
    (
        "history-disagrees",
        mutated(lambda d: d["objects"][0].update(face_history=[{"timestamp": 1, "face_down": True}])),
        "objects[0].face_history",
        "as its face_down says",
    ),
    (
        "history-repeats",
        mutated(
            lambda d: d["objects"][0].update(
                face_down=True,
                face_history=[{"timestamp": 1, "face_down": True}, {"timestamp": 2, "face_down": True}],
            )
        ),
        "objects[0].face_history[1].face_down",
        "alternate",
    ),
    (
        "expect-object",
        mutated(lambda d: d["steps"][0]["expect"]["m10"].update(q={"power": 1})),
        "steps[0].expect.m10.q",
        "unknown object id",
    ),
]


@pytest.mark.parametrize(("name", "data", "field", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_case_names_file_and_field(tmp_path: Path, name: str, data: Any, field: str, message: str) -> None:

    path = write(tmp_path, data, f"{name}.yaml")
    with pytest.raises(CorpusError) as info:
        load_case(path)
    err = info.value
    assert err.file.endswith(f"{name}.yaml")
    assert (err.field or "(top level)").startswith(field), str(err)
    assert message in err.message, str(err)


def test_unclassifiable_part_under_a_user_profile(tmp_path: Path) -> None:
    import json
    from importlib import resources

    from reference.versions import builtin_versions, version_from_mapping

    raw = json.loads(resources.files("reference.profiles").joinpath("m10.json").read_text())
    raw["id"] = "no-switch"
    raw["classify"] = [c for c in raw["classify"] if c["kind"] != "pt_switch"]
    with pytest.raises(Exception, match="no slot for kind"):
        version_from_mapping(raw)
    assert "m10" in builtin_versions()


def test_cli_reports_bad_case_without_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, mutated(lambda d: d["objects"][0].update(power="two")), "broken.yaml")
    proc = subprocess.run(
        [sys.executable, "-m", "mtg_layers.cli", "resolve", str(path)], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2
    assert "broken.yaml" in proc.stderr and "objects[0].power" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_case_from_data_does_not_need_files() -> None:
    assert case_from_data(copy.deepcopy(GOOD)).id == "loader-good"


# --- authoring checks (issue 11): each mistake gives a message in words, with a suggestion -------------

AUTHORING: list[tuple[str, Any, str, str]] = [
    (
        "expect-color-letter",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(colors=["W"])),
        "steps[0].expect.m10.a.colors[0]",
        "'W' is not a color (white, blue, black, red, green) (did you mean 'white'?)",
    ),
    (
        "expect-ability-case",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(abilities=["Flying"])),
        "steps[0].expect.m10.a.abilities[0]",
        "'Flying' must be lower case ('flying')",
    ),
    (
        "expect-ability-unknown",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(abilities=["flyng"])),
        "steps[0].expect.m10.a.abilities[0]",
        "gives the ability 'flyng' (did you mean 'flying'?)",
    ),
    (
        "expect-type",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(types=["creatures"])),
        "steps[0].expect.m10.a.types[0]",
        "'creatures' is not a card type (did you mean 'creature'?)",
    ),
    (
        "expect-has-color",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(has={"colors": ["Red"]})),
        "steps[0].expect.m10.a.has.colors[0]",
        "(did you mean 'red'?)",
    ),
    (
        "expect-player",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(controller="P1")),
        "steps[0].expect.m10.a.controller",
        "'P1' is not a player of this case (p1) (did you mean 'p1'?)",
    ),
    (
        "expect-owner",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(owner="p3")),
        "steps[0].expect.m10.a.owner",
        "'p3' is not a player of this case",
    ),
    (
        "expect-mana-cost-case",
        mutated(lambda d: d["steps"][0]["expect"]["m10"]["a"].update(mana_cost="{2}{r}")),
        "steps[0].expect.m10.a.mana_cost",
        "'{2}{r}' must be written in upper case as Oracle text writes it ('{2}{R}')",
    ),
    (
        "mana-value-mismatch",
        mutated(lambda d: d["objects"][0].update(mana_cost="{2}{R}", mana_value=2)),
        "objects[0].mana_value",
        "the mana cost {2}{R} has mana value 3, not 2 (202.3)",
    ),
    (
        "filter-type-plural",
        mutated(
            lambda d: d["abilities"].append(
                {"text": "x", "applies_to": {"type": "creatures"}, "parts": [{"op": "modify_pt", "power": 1}]}
            )
        ),
        "abilities[0].applies_to.type",
        "'creatures' is not a card type (did you mean 'creature'?)",
    ),
    (
        "filter-player",
        mutated(
            lambda d: d["abilities"].append(
                {"text": "x", "applies_to": {"controller": "P1"}, "parts": [{"op": "modify_pt", "power": 1}]}
            )
        ),
        "abilities[0].applies_to.controller",
        "'P1' is not 'you', 'opponent' or a player of this case (opponent, p1, you) (did you mean 'p1'?)",
    ),
    (
        "filter-in-value",
        mutated(  # 611.2d: an effect created in a step reads its X as it resolves
            lambda d: d["steps"][0].update(
                add_effects=[
                    {
                        "id": "x",
                        "applies_to": [d["objects"][0]["id"]],
                        "parts": [{"op": "modify_pt", "power": {"count": {"all": [{"type": "Creature"}]}}}],
                    }
                ]
            )
        ),
        "steps[0].add_effects[0].parts[0].power.count.all[0].type",
        "'Creature' is not a card type (did you mean 'creature'?)",
    ),
    (
        "filter-has-ability",
        mutated(
            lambda d: d["abilities"].append(
                {"text": "x", "applies_to": {"has_ability": "flyin"}, "parts": [{"op": "modify_pt", "power": 1}]}
            )
        ),
        "abilities[0].applies_to.has_ability",
        "(did you mean 'flying'?)",
    ),
    (
        "misspelt-object-ability",
        mutated(
            lambda d: (
                d["abilities"].append(
                    {"text": "other creatures you control get +1/+1", "parts": [{"op": "modify_pt", "power": 1}]}
                ),
                d["objects"][0].update(abilities=["other creatures you controll get +1/+1"]),
            )
        ),
        "objects[0].abilities[0]",
        "nearly matches 'other creatures you control get +1/+1'",
    ),
    (
        "word-case",
        mutated(lambda d: d["objects"][0].update(types=["Creature"])),
        "objects[0].types[0]",
        "'Creature' must be lower case ('creature')",
    ),
    (
        "pt-plus-one",
        mutated(lambda d: d["effects"][0]["parts"][0].update(power="+1")),
        "effects[0].parts[0].power",
        "expected a number or a value expression",
    ),
    (
        "object-pt-plus-one",
        mutated(lambda d: d["objects"][0].update(power="+1")),
        "objects[0].power",
        "expected a number (or null), got the text '+1'; write 1 without quotes or sign",
    ),
    (
        "unknown-field-nearest",
        mutated(lambda d: d["objects"][0].update(card_types=["creature"])),
        "objects[0].card_types",
        "unknown field 'card_types' (did you mean 'types'?)",
    ),
    (
        "unknown-op-nearest",
        mutated(lambda d: d["effects"][0]["parts"][0].update(op="modify_ptt")),
        "effects[0].parts[0].op",
        "got 'modify_ptt' (did you mean 'modify_pt'?)",
    ),
    (
        "version-misspelt",
        mutated(lambda d: d.update(versions=["currnet"])),
        "versions[0]",
        "pre-m10, m10, ikoria, current (did you mean 'current'?)",
    ),
    (
        "version-alias-twice",
        mutated(lambda d: d.update(versions=[CURRENT, "current"])),
        "versions[1]",
        f"'current' names '{CURRENT}', which the case already lists",
    ),
    ("duplicate-key-block", "id: a\ntitle: t\nid: b\n", "id", "duplicate key 'id'"),
    ("duplicate-key-flow", "objects:\n  - {id: a, timestamp: 1, id: b}\n", "objects[0].id", "duplicate key 'id'"),
]


@pytest.mark.parametrize(("name", "data", "field", "message"), AUTHORING, ids=[a[0] for a in AUTHORING])
def test_authoring_mistake_is_a_load_error_in_words(
    tmp_path: Path, name: str, data: Any, field: str, message: str
) -> None:
    path = write(tmp_path, data, f"{name}.yaml")
    with pytest.raises(CorpusError) as info:
        load_case(path)
    err = info.value
    assert err.file.endswith(f"{name}.yaml")
    assert err.field == field, str(err)
    assert message in err.message, str(err)
    assert "^[" not in err.message, "a message in words, not a regular expression"


def test_versions_current_names_the_newest_profile() -> None:
    from reference.versions import CURRENT

    data = mutated(
        lambda d: d.update(
            versions=["m10", "current"],
            steps=[{"description": "s", "expect": {"m10": {"a": {"power": 3}}, "current": {"a": {"power": 3}}}}],
        )
    )
    case = case_from_data(data)
    assert case.versions == ("m10", CURRENT)
    assert set(case.steps[0].expect) == {"m10", CURRENT}


def test_verify_reports_a_malformed_file_and_runs_the_others(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "good.yaml")
    write(tmp_path, "id: a\nid: b\n", "broken.yaml")
    proc = subprocess.run(
        [sys.executable, "-m", "mtg_layers.cli", "verify", "--no-z3", "--corpus", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "loader-good" in proc.stdout and "ERROR" in proc.stdout
    assert "broken.yaml: error: id: duplicate key 'id'" in proc.stdout
    assert "1 case file(s) could not be loaded" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_resolve_json_reports_every_zone() -> None:
    """resolve --json answers for objects outside the battlefield too, with their zone (613.1)."""
    import json

    from mtg_layers.corpus import CASES_DIR

    path = CASES_DIR / "rulings" / "conspiracy-cards-in-other-zones.yaml"
    proc = subprocess.run(
        [sys.executable, "-m", "mtg_layers.cli", "resolve", str(path), "--json", "--step", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["piker"]["zone"] == "graveyard" and out["piker"]["subtypes"] == ["elf"]
    assert out["bolt"]["power"] is None
    assert out["conspiracy"]["zone"] == "battlefield"


def test_a_cda_definition_must_also_place_as_a_granted_static_ability() -> None:
    """604.3a(2), (4): the same wording granted by an effect is a static ability; a profile must place both."""
    import json
    from importlib import resources

    from reference.versions import version_from_mapping

    raw = json.loads(resources.files("reference.profiles").joinpath("ikoria.json").read_text())
    raw["id"] = "cda-only-setting"
    raw["classify"] = [
        {**c, "origin": ["cda"]} if c["kind"] == "pt_set" and "cda" in c.get("origin", []) else c
        for c in raw["classify"]
        if c["kind"] != "pt_set" or "cda" in c.get("origin", [])
    ]
    profile = version_from_mapping(raw)
    data = copy.deepcopy(GOOD)
    data["versions"] = ["cda-only-setting"]
    data["steps"][0]["expect"] = {"cda-only-setting": {}}
    data["abilities"] = [{"text": "x", "cda": True, "parts": [{"op": "set_pt", "power": 1}]}]
    with pytest.raises(CorpusError) as info:
        case_from_data(data, "cda.yaml", versions={"cda-only-setting": profile})
    assert info.value.field == "abilities[0].parts[0].op" and "static" in info.value.message


def test_the_text_a_full_text_effect_adds_is_an_ability_the_case_can_expect() -> None:
    """612.6: "and has the text '{2}: discard a card.'" (plus) gives that wording, so expecting it is no typo."""
    data = copy.deepcopy(GOOD)
    data["objects"].append(
        {
            "id": "card",
            "owner": "p1",
            "zone": "graveyard",
            "timestamp": 0,
            "types": ["creature"],
            "power": 3,
            "toughness": 3,
        }
    )
    data["effects"][0]["controller"] = "p1"  # "your graveyard" (109.4)
    data["effects"][0]["parts"] = [
        {
            "op": "full_text_of",
            "from": {"zone": "graveyard", "owner": "you", "top_of_graveyard": True},
            "plus": ["{2}: discard a card."],
        }
    ]
    data["features"] = ["layer-3-text", "full-text", "other-zones"]
    want = {"a": {"abilities": ["{2}: discard a card."], "power": 3, "toughness": 3}}
    data["steps"][0]["expect"] = {"m10": want, "ikoria": want}
    case = case_from_data(data, "full-text.yaml")
    from mtg_layers.checking.verify import check_case
    from reference.versions import builtin_versions

    assert all(c.ok for c in check_case(case, builtin_versions()))


@pytest.mark.parametrize("where", ["effects", "steps"])
def test_a_resolved_effect_with_a_chosen_word_is_refused(where: str) -> None:
    """607.2d: a chosen word is the choice of the object whose ability it is; a resolved effect has none."""
    part = {"op": "add_subtypes", "subtypes": [{"chosen": "creature_type"}]}
    data = copy.deepcopy(GOOD)
    if where == "effects":
        data["effects"][0]["parts"] = [part]
        field = "effects[0].parts[0]"
    else:
        data["steps"][0]["add_effects"] = [{"id": "f", "applies_to": ["b"], "parts": [part]}]
        field = "steps[0].add_effects[0].parts[0]"
    with pytest.raises(CorpusError) as info:
        case_from_data(data, "chosen.yaml")
    assert info.value.field == field and "607.2d" in info.value.message


# Issue 17: choices as a permanent enters, tokens an ability creates, game state.


def test_a_chosen_creature_type_must_be_a_creature_type() -> None:
    data = _data("choices/adaptive-automaton-clone-chooses-its-own-type.yaml")
    data["objects"][0]["chosen"] = {"creature_type": "elff"}
    with pytest.raises(CorpusError, match=r"objects\[0\]\.chosen\.creature_type.*not a creature type.*'elf'"):
        case_from_data(data)


def test_a_token_needs_an_ability_that_creates_it() -> None:
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["steps"][0]["create_tokens"][0]["ability"] = "{5}{r}{r}: create a dragon."
    with pytest.raises(CorpusError, match=r"create_tokens\[0\]\.ability.*creates a token"):
        case_from_data(data)


def test_a_token_id_is_a_new_object() -> None:
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["steps"][0]["create_tokens"][0]["id"] = "roost"
    with pytest.raises(CorpusError, match=r"create_tokens\[0\]\.id.*duplicate object id"):
        case_from_data(data)


def test_the_game_state_names_players_of_the_case() -> None:
    data = _data("game-state/serra-avatar-life-total.yaml")
    data["steps"][1]["game"] = {"life": {"p3": 14}}
    with pytest.raises(CorpusError, match=r"steps\[1\]\.game\.life\.p3.*not a player of this case"):
        case_from_data(data)


def test_a_token_name_needs_a_version_that_states_111_4() -> None:
    data = _data("tokens/dragon-roost-text-changed.yaml")
    data["versions"] = ["2023-11-17"]
    for step in data["steps"]:
        step["expect"] = {"2023-11-17": {}}
    # since issue 29 every built-in version states its day's 111.4: a proposed profile that states neither is refused
    unstated = replace(get_version("2023-11-17"), token_name_adds_token=None)
    with pytest.raises(CorpusError, match=r"steps\[0\]\.create_tokens\[0\].*111\.4"):
        case_from_data(data, "<case>", {"2023-11-17": unstated})


# Issue 11: conditional static abilities and values read from other objects.


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


def test_mana_value_follows_the_mana_cost_when_not_given() -> None:
    data = {
        "id": "mv",
        "title": "t",
        "versions": ["ikoria"],
        "features": ["mana-cost"],
        "sources": [{"kind": "derived", "ref": "202.3"}],
        "objects": [{"id": "a", "timestamp": 1, "mana_cost": "{X}{2/W}{G}", "types": ["creature"]}],
        "steps": [{"description": "s", "expect": {"ikoria": {"a": {"mana_value": 3}}}}],
    }
    case = case_from_data(data)
    assert case.objects[0].printed.mana_value == 3


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d["objects"][0].pop("timestamp"), "objects[0].timestamp", "needs a timestamp (613.7)"),
        (
            lambda d: d.update(effects=[{"id": "x", "applies_to": ["a"], "parts": [{"op": "switch_pt"}]}]),
            "effects[0].timestamp",
            "needs a timestamp (613.7)",
        ),
        (lambda d: d["steps"][2].update(turn_face_down={"b": "now"}), "steps[2].turn_face_down.b", "number or null"),
        (
            lambda d: d["steps"][1]["set_counters"]["a"][0].update(timestamp="later"),
            "steps[1].set_counters.a[0].timestamp",
            "number",
        ),
    ],
)
def test_bad_timestamps_name_the_field(change: Any, field: str, words: str) -> None:
    data = copy.deepcopy(CASE)
    change(data)
    with pytest.raises(CorpusError) as info:
        case_from_data(data, "bad.yaml")
    assert info.value.field == field and words in info.value.message, str(info.value)


def test_a_legend_rule_choice_without_state_based_actions_is_a_load_error() -> None:
    from tests.corpus.test_loader import GOOD

    data = copy.deepcopy(GOOD)
    data["steps"][0]["legend_rule_keeps"] = ["a"]
    with pytest.raises(CorpusError, match="needs state_based_actions: true"):
        case_from_data(data)


def _case(subtypes: list[str]) -> dict[str, object]:
    return {
        "id": "unknown-subtype",
        "title": "t",
        "versions": ["ikoria"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": [
            {"id": "a", "name": "A", "controller": "p1", "timestamp": 1, "types": ["creature"], "subtypes": subtypes}
        ],
        "steps": [{"description": "s", "expect": {"ikoria": {}}}],
    }


def test_unknown_subtype_is_a_load_error_with_a_suggestion() -> None:
    """A subtype on no 205.3 list is rejected, naming the file, the field and the nearest known word."""
    with pytest.raises(CorpusError) as err:
        case_from_data(_case(["merfolks"]), "my-case.yaml")
    message = str(err.value)
    assert "my-case.yaml" in message and "objects[0].subtypes[0]" in message
    assert "'merfolk'" in message
    case_from_data(_case(["merfolk", "oko"]), "fine.yaml")  # both known (one a planeswalker type)


MDFC = "double-faced/mdfc-valki-tibalt-kazandu.yaml"


def _refusal(data: Any) -> CorpusError:
    with pytest.raises(CorpusError) as info:
        case_from_data(data, "mdfc.yaml")
    return info.value


def test_a_modal_card_under_rules_before_zendikar_rising_is_refused_naming_the_field() -> None:
    """712.3: modal double-faced cards exist from 2020-09-25; the day before they have no rules."""
    data = _data(MDFC)
    data["versions"] = ["2020-09-24"]
    for step in data["steps"]:
        step["expect"] = {"2020-09-24": step["expect"]["2020-09-25"]}
    err = _refusal(data)
    assert err.field == "objects[0].modal" and "2020-09-25" in err.message, str(err)
    data = _data(MDFC)
    data["versions"] = ["ikoria"]
    for step in data["steps"]:
        step["expect"] = {"ikoria": step["expect"]["2020-09-25"]}
    assert _refusal(data).field == "objects[0].modal"


def test_a_modal_card_needs_its_back_face_and_never_transforms() -> None:
    data = _data(MDFC)
    del data["objects"][2]["back_face"]  # p2's card in hand, front face up
    err = _refusal(data)
    assert err.field == "objects[2].modal" and "back_face" in err.message, str(err)
    data = _data(MDFC)
    data["steps"][0]["transform"] = {"valley": 5}
    err = _refusal(data)
    assert err.field == "steps[0].transform.valley" and "712.9" in err.message, str(err)


def test_an_enchant_ability_the_state_based_actions_cannot_read_is_refused() -> None:
    """704.5m reads enchant abilities naming permanent card types; 'enchant creature you control' is refused."""
    data = _data("attachments/holy-strength-mishras-factory.yaml")
    data["steps"][0]["add_objects"][0]["abilities"][0] = "enchant creature you control"
    with pytest.raises(CorpusError) as info:
        case_from_data(data, "aura.yaml")
    assert info.value.field == "steps[0].add_objects[0].abilities[0]" and "704.5m" in info.value.message
    data["steps"][1]["state_based_actions"] = False  # without state-based actions the wording is only words
    assert case_from_data(data, "aura.yaml").id == "sba-aura-falls-off-animated-land"


# Issue 28, items 4 and 9: where an ability works (113.6, 113.6b, 114.4).

ANGER_TEXT = "as long as this card is in your graveyard, creatures you control have haste."


def _zoned(ability: dict[str, Any], obj: dict[str, Any] | None = None) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    data["abilities"] = [ability]
    if obj is not None:
        data["objects"].append(obj)
    return data


def test_an_ability_whose_text_names_the_graveyard_needs_functions_in() -> None:
    """113.6b: without functions_in the ability would be dead in the graveyard: refused, naming the field."""
    ability = {
        "text": ANGER_TEXT,
        "applies_to": {"type": "creature"},
        "parts": [{"op": "add_abilities", "abilities": ["haste"]}],
    }
    with pytest.raises(CorpusError, match=r"abilities\[0\]\.functions_in.*in a graveyard \(113\.6b\).*'graveyard'"):
        case_from_data(_zoned(ability))
    with pytest.raises(CorpusError, match=r"abilities\[0\]\.functions_in.*'graveyard'"):
        case_from_data(_zoned({**ability, "functions_in": ["battlefield"]}))
    case = case_from_data(_zoned({**ability, "functions_in": ["graveyard"]}))
    assert case.abilities[ANGER_TEXT].functions_in == ("graveyard",)


def test_functions_in_is_refused_on_a_cda_and_on_a_token_maker() -> None:
    cda = {"text": "x", "cda": True, "functions_in": ["graveyard"], "parts": [{"op": "set_pt", "power": 1}]}
    with pytest.raises(CorpusError, match=r"abilities\[0\]\.functions_in.*every zone \(604\.3, 113\.6a\)"):
        case_from_data(_zoned(cda))
    maker = {"text": "y", "functions_in": ["graveyard"], "creates": {"types": ["creature"], "power": 1, "toughness": 1}}
    with pytest.raises(CorpusError, match=r"abilities\[0\]\.functions_in.*not modelled"):
        case_from_data(_zoned(maker))


def test_an_emblems_ability_must_work_from_the_command_zone() -> None:
    """114.4: an object in the command zone with no card type is an emblem; its ability without command is refused."""
    anthem = {
        "text": "z",
        "applies_to": {"type": "creature", "controller": "you"},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    emblem = {"id": "emblem", "owner": "p1", "controller": "p1", "zone": "command", "timestamp": 5, "abilities": ["z"]}
    with pytest.raises(
        CorpusError, match=r"objects\[2\]\.abilities\[0\].*emblem.*\(114\.4\).*functions_in: \[command\]"
    ):
        case_from_data(_zoned(anthem, emblem))
    case_from_data(_zoned({**anthem, "functions_in": ["command"]}, emblem))


def test_functions_in_must_name_zones() -> None:
    ability = {"text": "w", "functions_in": ["yard"], "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}
    with pytest.raises(CorpusError, match=r"abilities\[0\]\.functions_in"):
        case_from_data(_zoned(ability))


def test_a_role_with_state_based_actions_is_refused_before_wilds_of_eldraine() -> None:
    """704.5y, 303.7a: the Role rule exists from Wilds of Eldraine (2023-09-08): with state-based actions, a Role
    loads under a version in force from then and is refused, naming the field, under an earlier one."""
    data: dict[str, Any] = {
        "id": "role",
        "title": "two roles",
        "versions": ["2025-08-01"],
        "features": ["state-based-actions"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": [
            {"id": "c", "timestamp": 1, "types": ["creature"], "power": 1, "toughness": 1},
            {"id": "r", "timestamp": 2, "types": ["enchantment"], "subtypes": ["aura", "role"], "attached_to": "c"},
        ],
        "steps": [{"description": "s", "state_based_actions": True, "expect": {"2025-08-01": {}}}],
    }
    assert case_from_data(data, "roles.yaml").objects[1].id == "r"
    data["versions"], data["steps"][0]["expect"] = ["m10"], {"m10": {}}
    with pytest.raises(CorpusError) as err:
        case_from_data(data, "roles.yaml")
    assert "objects[1].subtypes" in str(err.value) and "704.5y" in str(err.value)
    data["steps"][0]["state_based_actions"] = False
    assert case_from_data(data, "roles.yaml").objects[1].id == "r"


def test_objects_built_alike_share_one_printed_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal characteristics built from case data are one value (the fast path reads a shared value once); unequal
    ones are not; past its bound the record of built values starts again."""
    from mtg_layers.corpus import build

    monkeypatch.setattr(build, "_BUILT", {})
    bear = {"id": "b1", "name": "Bear", "types": ["creature"], "power": 2, "toughness": 2}
    first, second = build._object(bear), build._object({**bear, "id": "b2"})
    other = build._object({**bear, "id": "b3", "power": 3})
    assert first.printed is second.printed and first.printed == second.printed
    assert other.printed != first.printed and other.printed is not first.printed
    assert len(build._BUILT) == 2
    monkeypatch.setattr(build, "_BUILT_KEPT", 2)
    again = build._object({**bear, "id": "b4", "power": 4})
    assert list(build._BUILT) == [again.printed]
