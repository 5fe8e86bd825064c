"""Issue 14, items 8-13: the loader and the commands refuse bad input with a clear error, never a traceback.

Each test here failed before its fix: a traceback, a hang, a silent wrong answer, or a
valid case refused.
"""

from __future__ import annotations

import copy
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.corpus import CorpusError, case_files, load_case, load_corpus, read_yaml
from mtg_layers.corpus import read as corpus
from tests.corpus.test_loader import GOOD, mutated, write

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> Any:
    """Run the CLI in-process; the result has exit_code, output, stderr and exception."""
    return CliRunner().invoke(main, list(args), catch_exceptions=True)


def assert_clean_error(result: Any, *words: str) -> None:
    """Exit status 2, a message on stderr naming what went wrong, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    for w in words:
        assert w in result.stderr, result.stderr


def profile_data() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(resources.files("reference.profiles").joinpath("m10.json").read_text())
    raw["id"] = "proposal"
    raw["aliases"] = []  # m10's own alias would name two profiles (refused)
    return raw


# Item 8: non-UTF-8 files.


@pytest.mark.parametrize("command", ["resolve", "explain", "verify", "conformance", "rules-file"])
def test_non_utf8_files_are_named(tmp_path: Path, command: str) -> None:
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(yaml.safe_dump(GOOD).replace("a good case", "caf\xe9").encode("latin-1"))
    good = write(tmp_path, GOOD, "good.yml")
    if command == "resolve":
        result = cli("resolve", str(bad))
    elif command == "explain":
        result = cli("explain", str(bad))
    elif command == "verify":
        result = cli("verify", "--no-z3", "--corpus", str(tmp_path))
    elif command == "conformance":
        result = cli("conformance", "--corpus", str(tmp_path), "--", "true")
    else:
        prof = tmp_path / "proposal.json"
        prof.write_bytes(json.dumps(profile_data()).replace("Magic 2010", "Magie \xe9").encode("latin-1"))
        result = cli("resolve", str(good), "--rules-file", str(prof))
        bad = prof
    assert_clean_error(result, bad.name, "UTF-8")


# Item 9: nesting and size are bounded before parsing.


@pytest.mark.parametrize("depth", [300, 200_000])
def test_deep_flow_nesting_is_refused_quickly(tmp_path: Path, depth: int) -> None:
    path = write(tmp_path, "id: " + "[" * depth + "]" * depth + "\n", "deep.yaml")
    with pytest.raises(CorpusError, match="nest"):
        load_case(path)


def test_deep_block_nesting_is_refused(tmp_path: Path) -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(400)) + "  " * 400 + "x: 1\n"
    path = write(tmp_path, text, "block.yaml")
    with pytest.raises(CorpusError, match="nest"):
        load_case(path)


def test_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = write(tmp_path, "notes: ['" + "x" * (9 << 20) + "']\n", "huge.yaml")
    with pytest.raises(CorpusError, match="larger than"):
        load_case(path)


# Item 10: tracebacks.


def test_object_used_after_removal_is_a_load_error(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["remove_objects"] = ["b"]
        d["steps"].append(copy.deepcopy(d["steps"][0]))
        d["steps"][1].pop("remove_objects")
        d["steps"][1]["set_counters"] = {"b": [{"kind": "+1/+1", "count": 1}]}

    with pytest.raises(CorpusError) as info:
        load_case(write(tmp_path, mutated(change)))
    assert info.value.field == "steps[1].set_counters.b" and "removed" in info.value.message


def test_object_removed_twice_is_a_load_error(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["remove_objects"] = ["b"]
        d["steps"].append(copy.deepcopy(d["steps"][0]))

    with pytest.raises(CorpusError) as info:
        load_case(write(tmp_path, mutated(change)))
    assert info.value.field == "steps[1].remove_objects[0]" and "already removed" in info.value.message


@pytest.mark.parametrize("text", ["4.0", "9" * 5000, "-" + "9" * 5000])
def test_numbers_that_crashed_the_resolver(tmp_path: Path, text: str) -> None:
    data = mutated(lambda d: d["effects"][0]["parts"][0].update(power=424242))
    path = write(tmp_path, yaml.safe_dump(data, sort_keys=False).replace("424242", text), "num.yaml")
    result = cli("resolve", str(path))
    assert_clean_error(result, "num.yaml")
    assert "effects[0].parts[0].power" in result.stderr or "line 18" in result.stderr, result.stderr


def test_huge_timestamp_with_set_counters(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["objects"][0]["timestamp"] = 10**400
        d["steps"][0]["set_counters"] = {"a": [{"kind": "+1/+1", "count": 1}]}

    result = cli("resolve", str(write(tmp_path, mutated(change), "ts.yaml")))
    assert_clean_error(result, "ts.yaml", "objects[0].timestamp")


@pytest.mark.parametrize("value", [".nan", "-.inf", ".inf"])
def test_non_finite_timestamps_are_refused(tmp_path: Path, value: str) -> None:
    raw = yaml.safe_dump(mutated(lambda d: d["objects"][1].update(timestamp=12345)), sort_keys=False)
    path = write(tmp_path, raw.replace("12345", value), "nan.yaml")
    with pytest.raises(CorpusError) as info:
        load_case(path)
    assert info.value.field == "objects[1].timestamp" and "finite" in info.value.message


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("in_force", "2009"),
        ("in_force", {"from": 2009}),
        ("source", ["cr"]),
        ("flags", ["loop_waits_as_unit"]),
        ("flags", {"loop_waits_as_unit": "yes"}),
        ("origin", "static"),
        ("layer", True),
        ("title", 5),
    ],
)
def test_rules_files_with_wrong_types(tmp_path: Path, field: str, value: Any) -> None:
    data = profile_data()
    if field == "origin":
        data["classify"][0]["origin"] = value
    elif field == "layer":
        data["slots"][0]["layer"] = value
    else:
        data[field] = value
    prof = tmp_path / "proposal.json"
    prof.write_text(json.dumps(data), encoding="utf-8")
    result = cli("resolve", str(write(tmp_path, GOOD)), "--rules-file", str(prof))
    assert_clean_error(result, "proposal.json", field)


# Item 11: accepted silently but wrong.


def test_move_to_an_unknown_zone(tmp_path: Path) -> None:
    with pytest.raises(CorpusError) as info:
        load_case(write(tmp_path, mutated(lambda d: d["steps"][0].update(move={"a": "narnia"}))))
    assert info.value.field == "steps[0].move.a" and "narnia" in info.value.message


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["objects"][0].update(attached_to="a"), "objects[0].attached_to"),
        (lambda d: d["steps"][0].update(attach={"b": "b"}), "steps[0].attach.b"),
        (
            lambda d: (d["objects"][0].update(attached_to="b"), d["steps"][0].update(attach={"b": "a"})),
            "steps[0].attach.b",
        ),
    ],
)
def test_attachment_to_itself_or_in_a_cycle(tmp_path: Path, change: Any, field: str) -> None:
    with pytest.raises(CorpusError) as info:
        load_case(write(tmp_path, mutated(change)))
    assert info.value.field == field and "attach" in info.value.message


def test_empty_rules_id_is_not_current(tmp_path: Path) -> None:
    assert_clean_error(cli("resolve", str(write(tmp_path, GOOD)), "--rules", ""), "unknown rules version ''")


def test_dangling_symlink_and_fifo_in_a_corpus_are_errors(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "good.yaml")
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    result = cli("verify", "--no-z3", "--corpus", str(tmp_path))
    assert_clean_error(result, "gone.yaml")
    (tmp_path / "gone.yaml").unlink()
    os.mkfifo(tmp_path / "pipe.yaml")
    result = cli("verify", "--no-z3", "--corpus", str(tmp_path))
    assert_clean_error(result, "pipe.yaml", "not a regular file")


def test_resolve_refuses_a_fifo_and_dev_zero(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    assert_clean_error(cli("resolve", str(tmp_path / "pipe.yaml")), "pipe.yaml", "not a regular file")
    assert_clean_error(cli("resolve", "/dev/zero"), "/dev/zero", "not a regular file")


def test_yml_files_are_part_of_the_corpus(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "a.yml")
    assert [p.name for p in case_files(tmp_path)] == ["a.yml"]
    assert [c.id for c in load_corpus(tmp_path)] == ["loader-good"]


# Item 12: copy chains, and copies of each other (no loop: 707.2b).


def _copy(eid: str, ts: int, who: str, of: str) -> dict[str, Any]:
    return {"id": eid, "timestamp": ts, "applies_to": [who], "parts": [{"op": "copy_of", "object": of}]}


def test_copy_chains_that_never_coexist_are_not_a_loop(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["effects"].append(_copy("ab", 4, "a", "b"))
        second = copy.deepcopy(d["steps"][0])
        second["end_effects"] = ["ab"]
        second["add_effects"] = [_copy("ba", 5, "b", "a")]
        second["expect"] = {"m10": {"b": {"power": 3}}, "ikoria": {"b": {"power": 3}}}
        d["steps"].append(second)
        d["steps"][0]["expect"] = {"m10": {"a": {"power": 1}}, "ikoria": {"a": {"power": 1}}}

    case = load_case(write(tmp_path, mutated(change)))
    assert len(case.steps) == 2


def test_copies_of_each_other_in_one_step_load_and_read_each_original_as_it_was(tmp_path: Path) -> None:
    """707.2b: a copies b (4), then b copies a (5): a is b's printed 1/1 (+1/+1: 2/2), b is what a was at 4, b's 1/1."""
    from mtg_layers.checking.verify import check_case
    from reference.versions import builtin_versions

    def change(d: dict[str, Any]) -> None:
        d["effects"].append(_copy("ab", 4, "a", "b"))
        d["steps"][0]["add_effects"] = [_copy("ba", 5, "b", "a")]
        want = {"a": {"power": 2, "toughness": 2}, "b": {"power": 1, "toughness": 1}}
        d["steps"][0]["expect"] = {"m10": want, "ikoria": copy.deepcopy(want)}

    checks = check_case(load_case(write(tmp_path, mutated(change))), builtin_versions())
    assert len(checks) == 2 and all(c.ok for c in checks), [c.error for c in checks]


# Item 13: verify's z3 check has a per-case budget.


def test_verify_reports_a_case_out_of_its_z3_cpu_budget(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["objects"] = [
            {"id": f"o{i}", "timestamp": i + 1, "types": ["creature"], "power": 1, "toughness": 1} for i in range(200)
        ]
        d["abilities"] = [
            {
                "text": "creatures get +1/+1",
                "applies_to": {"type": "creature"},
                "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
            }
        ]
        d["objects"][0]["abilities"] = ["creatures get +1/+1"]
        d["effects"] = []
        d["steps"][0]["expect"] = {"m10": {"o9": {"power": 2}}, "ikoria": {"o9": {"power": 2}}}

    write(tmp_path, mutated(change), "big.yaml")
    result = cli("verify", "--corpus", str(tmp_path), "--z3-budget", "0.001")  # less CPU than 200 objects take
    assert "not verified (CPU budget)" in result.output, result.output
    assert result.exit_code == 1


def test_a_later_effect_naming_a_removed_object_is_a_load_error(tmp_path: Path) -> None:
    """Found in the audit: a step's new effect on (or copying) an object removed earlier was accepted silently."""

    def change(d: dict[str, Any]) -> None:
        d["steps"].append(
            {"description": "b leaves", "remove_objects": ["b"], "expect": copy.deepcopy(d["steps"][0]["expect"])}
        )
        late = {"id": "late", "timestamp": 9, "applies_to": ["b"], "parts": [{"op": "switch_pt"}]}
        d["steps"].append(
            {"description": "too late", "add_effects": [late], "expect": copy.deepcopy(d["steps"][0]["expect"])}
        )

    with pytest.raises(CorpusError) as info:
        load_case(write(tmp_path, mutated(change)))
    assert info.value.field == "steps[2].add_effects[0].applies_to[0]" and "was removed" in info.value.message


def test_libyaml_and_pure_python_loaders_read_every_bundled_file_alike() -> None:
    """The fast loader (libyaml) builds the same data as the pure-Python one from every case and profile."""
    files = sorted((ROOT / "corpus").rglob("*.yaml")) + sorted((ROOT / "reference" / "profiles").glob("*.json"))
    assert len(files) > 140
    for path in files:
        text = path.read_text("utf-8")
        fast = yaml.load(text, Loader=corpus._FastLoader)
        assert fast == yaml.load(text, Loader=corpus._JsonishLoader), path


def test_a_file_libyaml_refuses_gets_the_pure_python_message(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: [", "utf-8")
    with pytest.raises(CorpusError) as info:
        read_yaml(path, "bad.yaml")
    assert info.value.field == "line 1, column 6" and info.value.message.startswith("invalid YAML: ")


def test_an_x_in_a_starting_resolved_effect_is_refused(tmp_path: Path) -> None:
    """611.2d: a starting board's resolved effect has resolved already, so its X is a number: file and field named."""
    path = write(tmp_path, mutated(lambda d: d["effects"][0]["parts"][0].update(power={"count": {"type": "creature"}})))
    with pytest.raises(CorpusError) as info:
        load_case(path)
    assert info.value.file.endswith("case.yaml") and info.value.field == "effects[0].parts[0].power"
    assert "611.2d" in info.value.message and "expected a number" in info.value.message


def test_an_x_read_off_several_objects_is_refused(tmp_path: Path) -> None:
    """611.2d: an X read off the effect's object is one number, so such an effect names one object."""

    def change(d: dict[str, Any]) -> None:
        d["steps"][0]["add_effects"] = [
            {"id": "x", "applies_to": ["a", "b"], "parts": [{"op": "set_pt", "toughness": {"its": "power"}}]}
        ]

    with pytest.raises(CorpusError) as info:
        load_case(write(tmp_path, mutated(change)))
    assert info.value.field == "steps[0].add_effects[0].parts[0].toughness"
    assert "exactly one object in applies_to, got 2" in info.value.message
