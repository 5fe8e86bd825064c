"""`mtg-layers export`: the JSON bundle and index, and that the committed ones match the YAML sources."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.conformance.export import DIST_DIR, build_export, out_of_date
from mtg_layers.conformance.protocol import message_error, validator
from mtg_layers.corpus import ROOT, read_yaml, validate_schema

from ..builders import shared_suite

FIXTURES = Path(__file__).parents[1] / "fake_adapters" / "corpus"


def test_the_committed_bundle_is_in_sync_with_the_yaml_sources(tmp_path_factory: pytest.TempPathFactory) -> None:
    # the bundled corpus as this run loaded it from its files (``shared_suite``): a load is 5 s of CPU
    stale = out_of_date(DIST_DIR, suite=shared_suite(tmp_path_factory))
    assert not stale, (
        f"{', '.join(stale)} out of date with corpus/cases: run `mtg-layers export` and commit corpus/dist/"
    )


def test_export_writes_a_bundle_and_an_index_that_follow_their_schemas(tmp_path: Path) -> None:
    out = CliRunner().invoke(main, ["export", "--out", str(tmp_path), "--corpus", str(FIXTURES)])
    assert out.exit_code == 0, out.output
    bundle = json.loads((tmp_path / "corpus.json").read_text())
    index = json.loads((tmp_path / "index.json").read_text())
    assert list(validator("index").iter_errors(index)) == []
    assert (
        [c["id"] for c in index["cases"]] == [c["id"] for c in bundle["cases"]] == ["fixture-anthem", "seed-gray-ogre"]
    )
    assert index["bundle_sha256"] == hashlib.sha256((tmp_path / "corpus.json").read_bytes()).hexdigest()
    for entry, case in zip(index["cases"], bundle["cases"], strict=True):
        source = ROOT / entry["path"]
        assert entry["sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()
        assert case == read_yaml(source), "the bundle holds each case exactly as its source"
        validate_schema(case, entry["path"])
        assert entry["versions"] == case["versions"] and entry["features"] == case["features"]
        assert entry["steps"] == len(case["steps"])
    assert index["cases"][1]["path"] == "tests/fake_adapters/corpus/gray-ogre.yaml"


def test_check_mode_and_determinism(tmp_path: Path) -> None:
    cli = CliRunner()
    args = ["export", "--out", str(tmp_path), "--corpus", str(FIXTURES)]
    missing = cli.invoke(main, [*args, "--check"])
    assert missing.exit_code == 1 and "run `mtg-layers export`" in missing.output
    cli.invoke(main, args)
    first = (tmp_path / "index.json").read_text()
    assert cli.invoke(main, [*args, "--check"]).exit_code == 0
    cli.invoke(main, args)
    assert (tmp_path / "index.json").read_text() == first
    assert build_export(FIXTURES)["index.json"] == first
    (tmp_path / "corpus.json").write_text("{}")
    stale = cli.invoke(main, [*args, "--check"])
    assert stale.exit_code == 1 and "corpus.json" in stale.output


def test_index_entries_are_usable_as_expectations_ids() -> None:
    index = json.loads(build_export(FIXTURES)["index.json"])
    for entry in index["cases"]:
        assert message_error("expectations", {"known_failures": [{"id": entry["id"], "reason": "x"}]}) is None
