"""Loader tests: malformed cases give a clear error naming the file and the field, never a traceback."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_layers.corpus import CorpusError, case_from_data, load_case
from reference.versions import CURRENT

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
        mutated(lambda d: d["effects"][0]["parts"][0].update(power={"count": {"all": [{"type": "Creature"}]}})),
        "effects[0].parts[0].power.count.all[0].type",
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


def test_turning_face_down_and_up_gives_new_timestamps_and_history() -> None:
    """613.7f, 708.2b: each turn gets its timestamp and is recorded; a turn to the face it shows does nothing."""
    from reference.case import board_at

    data = copy.deepcopy(GOOD)
    data["steps"] = [
        {"description": "down", "turn_face_down": {"a": 4}, "expect": {"m10": {}, "ikoria": {}}},
        {"description": "down again", "turn_face_down": {"a": 5}, "expect": {"m10": {}, "ikoria": {}}},
        {"description": "up", "turn_face_up": {"a": 6}, "expect": {"m10": {}, "ikoria": {}}},
    ]
    case = case_from_data(data)
    down, again, up = (board_at(case, n).objects["a"] for n in (1, 2, 3))
    assert (down.face_down, down.timestamp, down.face_history) == (True, 4, ((4, True),))
    assert again == down
    assert (up.face_down, up.timestamp, up.face_history) == (False, 6, ((4, True), (6, False)))


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
    from mtg_layers.verify import check_case
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
