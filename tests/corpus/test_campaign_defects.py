"""Issue 35: the defects of the December fault and bad-input campaign, each pinned by a test that failed before.

The report-path, signal and fuzzing defects of the conformance runner are pinned in
tests/conformance/test_report_paths.py; here: copy loops (707.3), ``full_text_of`` picking two
cards (612.6), a game-state value the case does not give (119.1), links that point to themselves,
non-finite budgets, a huge top-level list quoted whole, and verify's summary when only z3 fails. And one of issue 28:
an amount fixed on resolution (611.2d) on a board of more tied orders than the enumeration tries.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_layers.catalogue.refs import expand
from mtg_layers.corpus import CASES_DIR, CorpusError, load_case
from mtg_layers.corpus.limits import MAX_EFFECTS, MAX_OBJECTS
from tests.corpus.test_loader import GOOD, mutated, write
from tests.corpus.test_loader_faults import assert_clean_error as assert_named_error
from tests.corpus.test_loader_faults import cli


def assert_clean_error(result: Any, *words: str) -> None:
    """Exit status 2, one error line on stderr naming what went wrong, no traceback."""
    assert_named_error(result, *words)
    assert result.stderr.startswith("error: "), result.stderr


# Item 2: copy loops (707.3, 707.2b).


def _copy(eid: str, target: str, original: str, ts: float | None) -> dict[str, Any]:
    e: dict[str, Any] = {"id": eid, "applies_to": [target], "parts": [{"op": "copy_of", "object": original}]}
    if ts is not None:
        e["timestamp"] = ts
    return e


def test_simultaneous_copies_of_each_other_are_refused(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["add_effects"] = [_copy("ca", "a", "b", 4), _copy("cb", "b", "a", 4)]

    with pytest.raises(CorpusError, match=r"copy loop: a -> b -> a") as err:
        load_case(write(tmp_path, mutated(change)))
    assert err.value.field == "steps[0].add_effects[1]"


def test_an_object_copying_itself_is_refused(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["add_effects"] = [_copy("ca", "a", "a", None)]

    with pytest.raises(CorpusError, match="copy of itself") as err:
        load_case(write(tmp_path, mutated(change)))
    assert err.value.field == "steps[0].add_effects[0].parts[0].object"


def test_a_loop_formed_across_steps_at_one_timestamp_is_refused(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["add_effects"] = [_copy("ca", "a", "b", 4)]
        d["steps"].append(copy.deepcopy(d["steps"][0]))
        d["steps"][1]["add_effects"] = [_copy("cb", "b", "a", 4)]

    with pytest.raises(CorpusError, match="copy loop") as err:
        load_case(write(tmp_path, mutated(change)))
    assert err.value.field == "steps[1].add_effects[0]"


@pytest.mark.parametrize("second", [5, None])
def test_copies_of_each_other_begun_at_different_times_load(tmp_path: Path, second: float | None) -> None:
    """707.2b: the later copy reads its original as it was, a copy that began earlier: no loop."""

    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["add_effects"] = [_copy("ca", "a", "b", 4)]
        d["steps"].append(copy.deepcopy(d["steps"][0]))
        d["steps"][1]["add_effects"] = [_copy("cb", "b", "a", second)]

    assert len(load_case(write(tmp_path, mutated(change))).steps) == 2


def test_an_ended_copy_closes_no_loop(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["add_effects"] = [_copy("ca", "a", "b", 4)]
        d["steps"].append(copy.deepcopy(d["steps"][0]))
        d["steps"][1]["end_effects"] = ["ca"]
        d["steps"][1]["add_effects"] = [_copy("cb", "b", "a", 4)]

    assert len(load_case(write(tmp_path, mutated(change))).steps) == 2


# Items 3 and 8: what only shows while resolving is the file's error, named with its step and version.


def _volrath_two_creature_cards(tmp_path: Path) -> Path:
    path = CASES_DIR / "text" / "volraths-shapeshifter-grizzly-bears.yaml"
    data = copy.deepcopy(expand(yaml.safe_load(path.read_text()), str(path)))  # the catalogue's cards written out
    bears = next(o for o in data["objects"] if o["id"] == "bears")
    data["objects"].insert(2, {**copy.deepcopy(bears), "id": "bears2", "timestamp": 2.5})
    for a in data["abilities"]:
        for p in a["parts"]:
            if p["op"] == "full_text_of":
                p["from"].pop("top_of_graveyard")  # "the full text of" a filter that picks both bears
    return write(tmp_path, data, "volrath.yaml")


@pytest.mark.parametrize("command", ["resolve", "explain"])
def test_full_text_of_two_cards_is_a_named_error(tmp_path: Path, command: str) -> None:
    path = _volrath_two_creature_cards(tmp_path)
    assert_clean_error(cli(command, str(path), "--step", "1"), "volrath.yaml", "steps[0]", "picks 2 cards")


def test_full_text_of_two_cards_fails_verify_with_the_file_named(tmp_path: Path) -> None:
    _volrath_two_creature_cards(tmp_path)
    result = cli("verify", "--no-z3", "--corpus", str(tmp_path))
    assert result.exit_code == 1
    said = "".join(result.output.split())  # the table's details wrap at the console's width
    assert "volrath.yaml:steps[0]:cannotberesolved" in said and "Traceback" not in result.output


def _serra_avatar_without_a_life_total(tmp_path: Path) -> Path:
    data = yaml.safe_load((CASES_DIR / "game-state" / "serra-avatar-life-total.yaml").read_text())
    del data["game"]["life"]["p2"]  # step 4's Serra Avatar is p2's again and reads p2's life
    return write(tmp_path, data, "avatar.yaml")


@pytest.mark.parametrize("command", ["resolve", "explain"])
def test_a_game_state_value_not_given_is_a_named_error(tmp_path: Path, command: str) -> None:
    path = _serra_avatar_without_a_life_total(tmp_path)
    assert_clean_error(cli(command, str(path), "--step", "4"), "avatar.yaml", "steps[3]", "no life total")


# Item 7: a link that points to itself.


@pytest.mark.parametrize("command", ["resolve", "explain", "verify"])
def test_a_link_to_itself_is_a_named_error(tmp_path: Path, command: str) -> None:
    (tmp_path / "self.yaml").symlink_to("self.yaml")
    args = (
        ["verify", "--no-z3", "--corpus", str(tmp_path)]
        if command == "verify"
        else [command, str(tmp_path / "self.yaml")]
    )
    assert_clean_error(cli(*args), "self.yaml", "symbolic links")


# Item 9: budgets and timeouts must be finite numbers of seconds.


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN", "1e400"])
@pytest.mark.parametrize("option", [("verify", "--z3-budget"), ("conformance", "--timeout")])
def test_non_finite_seconds_are_refused(value: str, option: tuple[str, str]) -> None:
    command, name = option
    args = [command, name, value] + (["--", "true"] if command == "conformance" else [])
    result = cli(*args)
    assert result.exit_code == 2 and name in result.output and "Traceback" not in result.output, result.output


# Item 10: a big document is not quoted whole.


def test_a_top_level_list_is_not_quoted_whole(tmp_path: Path) -> None:
    # the YAML of a list of 30 cases (17 KB; quoted whole, some 15,000 characters): each item is dumped alike, so one
    # item's text 30 times. The message quotes the list abbreviated (corpus.errors.shown) whatever its length, so 30
    # items pin it as 3,000 did, without 5 s of parsing the 1.7 MB of those
    one = yaml.safe_dump([copy.deepcopy(GOOD)], sort_keys=False)
    assert one * 2 == yaml.safe_dump([copy.deepcopy(GOOD) for _ in range(2)], sort_keys=False)
    path = write(tmp_path, one * 30, "list.yaml")
    result = cli("resolve", str(path))
    assert_clean_error(result, "list.yaml", "expected a mapping")
    assert len(result.stderr) < 1000, len(result.stderr)


# Item 12: verify says why it fails when every answer passes.


def test_verify_says_the_z3_budget_ran_out(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    result = cli("verify", "--corpus", str(tmp_path), "--z3-budget", "0.000001")
    assert result.exit_code == 1
    assert "2 passed, 0 failed" in result.output
    assert "verify fails: 2 case/version pair(s) not verified by z3 (2 ran out of the --z3-budget" in result.output


# Item 11: the limits a user can rely on, and a clear error past them.


def _board(objects: int, effects: int) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    data["objects"] = [{"id": f"o{i}", "timestamp": i + 1, "types": ["creature"]} for i in range(objects)]
    data["effects"] = [
        {"id": f"e{j}", "timestamp": objects + j + 1, "applies_to": ["o0"], "parts": [{"op": "switch_pt"}]}
        for j in range(effects)
    ]
    data["steps"] = [{"description": "s", "expect": {"m10": {}, "ikoria": {}}}]
    return data


@pytest.mark.parametrize(
    ("objects", "effects", "words"),
    [
        (MAX_OBJECTS + 1, 0, ("objects", f"at most {MAX_OBJECTS:,}")),
        (2, MAX_EFFECTS + 1, ("effects", f"at most {MAX_EFFECTS:,}")),
    ],
)
def test_a_board_past_the_limits_is_refused_by_name(
    tmp_path: Path, objects: int, effects: int, words: tuple[str, ...]
) -> None:
    path = write(tmp_path, _board(objects, effects), "big.yaml")
    assert_clean_error(cli("resolve", str(path)), "big.yaml", "reliability.md#limits", *words)


def test_a_board_at_the_limits_loads(tmp_path: Path) -> None:
    case = load_case(write(tmp_path, _board(MAX_OBJECTS, MAX_EFFECTS - 1), "big.yaml"))
    assert len(case.objects) == MAX_OBJECTS


# Issue 28 (611.2d): an amount fixed on resolution on a board of more tied orders than the enumeration tries.


def _fixed_past_the_limit(tmp_path: Path) -> Path:
    """Six resolved effects tied at timestamp 1 set the bear's power (720 orders); then "the elder gets +X/+0, where
    X is its power" resolves: its X is fixed on a board whose orders are more than the enumeration tries."""
    creature = {"controller": "p1", "types": ["creature"], "power": 2, "toughness": 2, "mana_value": 2}
    data = {
        "id": "fixed-past-the-limit",
        "title": "an amount fixed on resolution beside six tied settings",
        "versions": ["2025-08-01"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "611.2d"}],
        "objects": [
            {"id": "bear", "name": "Bear", "timestamp": 1, **copy.deepcopy(creature)},
            {"id": "elder", "name": "Elder", "timestamp": 2, **copy.deepcopy(creature)},
        ],
        "effects": [
            {
                "id": f"s{k}",
                "timestamp": 1,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "power": k, "toughness": 1}],
            }
            for k in range(6)
        ],
        "steps": [
            {
                "description": "the pump resolves",
                "add_effects": [
                    {
                        "id": "pump",
                        "controller": "p1",
                        "applies_to": ["elder"],
                        "parts": [{"op": "modify_pt", "power": {"its": "power"}, "toughness": 0}],
                    }
                ],
                "expect": {"2025-08-01": {}},
            }
        ],
    }
    return write(tmp_path, data, "fixed.yaml")


@pytest.mark.parametrize("command", ["resolve", "explain"])
def test_an_amount_fixed_past_the_enumerations_limit_is_a_named_error(tmp_path: Path, command: str) -> None:
    path = _fixed_past_the_limit(tmp_path)
    assert_clean_error(cli(command, str(path)), "fixed.yaml", "steps[0]", "611.2d", "120 resolutions")


def test_an_amount_fixed_past_the_enumerations_limit_fails_verify_with_the_file_named(tmp_path: Path) -> None:
    _fixed_past_the_limit(tmp_path)
    result = cli("verify", "--no-z3", "--corpus", str(tmp_path))
    assert result.exit_code == 1
    said = "".join(result.output.split())
    assert "fixed.yaml:steps[0]:cannotberesolved" in said and "Traceback" not in result.output
