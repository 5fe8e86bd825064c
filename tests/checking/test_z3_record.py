"""The record of `verify`'s z3 verdicts (mtg_layers.checking.z3_record): kept only for unchanged inputs, verified
verdicts only, written whole, read by the tests in place of asking z3 again."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers.checking import z3_record
from mtg_layers.cli import main
from mtg_layers.corpus import CASES_DIR, load_case
from tests import shared_results

GRAY_OGRE = CASES_DIR / "seed" / "gray-ogre.yaml"


def _tree(root: Path) -> tuple[Path, Path]:
    """A code root with the four packages and a corpus directory, each holding a file."""
    for name in z3_record.PACKAGES:
        (root / "code" / name).mkdir(parents=True)
        (root / "code" / name / "__init__.py").write_text(f"# {name}\n")
    (root / "corpus" / "cases").mkdir(parents=True)
    (root / "corpus" / "cases" / "a.yaml").write_text("id: a\n")
    return root / "code", root / "corpus"


def test_the_fingerprint_moves_with_any_code_or_corpus_file_and_only_with_them(tmp_path: Path) -> None:
    code, corpus = _tree(tmp_path)
    first = z3_record.fingerprint(code, corpus)
    assert z3_record.fingerprint(code, corpus) == first
    (code / "proofs" / "__pycache__").mkdir()
    (code / "proofs" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    assert z3_record.fingerprint(code, corpus) == first, "compiled files are not inputs"
    (code / "proofs" / "__init__.py").write_text("# proofs, edited\n")
    assert z3_record.fingerprint(code, corpus) != first, "an edited encoding"
    (code / "proofs" / "__init__.py").write_text("# proofs\n")
    assert z3_record.fingerprint(code, corpus) == first
    (corpus / "cases" / "a.yaml").write_text("id: a  # edited\n")
    assert z3_record.fingerprint(code, corpus) != first, "an edited case"
    (corpus / "cases" / "a.yaml").write_text("id: a\n")
    (corpus / "schema").mkdir()
    (corpus / "schema" / "case.json").write_text("{}")
    assert z3_record.fingerprint(code, corpus) != first, "a new schema"
    shutil.rmtree(corpus / "schema")
    (code / "reference" / "layers.py").write_text("")
    assert z3_record.fingerprint(code, corpus) != first, "a new rules module"


def test_only_verified_verdicts_are_kept_merged_and_read_under_their_own_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MTG_LAYERS_Z3_RECORD", raising=False)
    z3_record.write("k1", [("a", "v1", "verified", ["ok"]), ("b", "v1", "not verified", ["z3: other order"])], tmp_path)
    z3_record.write("k1", [("c", "v2", "verified", []), ("d", "v2", "not verified (timeout)", [])], tmp_path)
    assert z3_record.read("k1", tmp_path) == {("a", "v1"): ("ok",), ("c", "v2"): ()}
    assert z3_record.read("k2", tmp_path) == {}, "another fingerprint: nothing"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k1.json"], "no temporary file left"
    (tmp_path / "k2.json").write_text(json.dumps({"fingerprint": "k1", "verified": [["a", "v1", []]]}))
    assert z3_record.read("k2", tmp_path) == {}, "a record filed under a name not its own"
    (tmp_path / "k3.json").write_text('{"fingerprint": "k3", "verif')
    assert z3_record.read("k3", tmp_path) == {}, "half a file"
    monkeypatch.setenv("MTG_LAYERS_Z3_RECORD", "off")
    assert z3_record.read("k1", tmp_path) == {}
    z3_record.write("k4", [("a", "v1", "verified", [])], tmp_path)
    assert not (tmp_path / "k4.json").exists()


def test_the_most_recent_records_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MTG_LAYERS_Z3_RECORD", raising=False)
    for n in range(z3_record.KEEP + 2):
        z3_record.write(f"k{n}", [("a", "v", "verified", [])], tmp_path)
        os.utime(tmp_path / f"k{n}.json", (1_000_000 + n, 1_000_000 + n))
    z3_record.write("new", [("a", "v", "verified", [])], tmp_path)
    kept = sorted(p.stem for p in tmp_path.glob("*.json"))
    assert len(kept) == z3_record.KEEP and "new" in kept and "k0" not in kept and "k1" not in kept and "k2" not in kept


def test_verify_records_its_verified_verdicts_on_the_bundled_corpus_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MTG_LAYERS_Z3_RECORD", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    got = CliRunner().invoke(main, ["verify", "--case", "seed-gray-ogre", "-j", "1"])
    assert got.exit_code == 0, got.output
    case = load_case(GRAY_OGRE)
    kept = z3_record.read(z3_record.fingerprint())
    assert set(kept) == {("seed-gray-ogre", vid) for vid in case.versions}
    other = tmp_path / "corpus"
    other.mkdir()
    shutil.copy(GRAY_OGRE, other / "gray-ogre.yaml")
    shutil.rmtree(tmp_path / "cache")
    got = CliRunner().invoke(main, ["verify", "--corpus", str(other), "-j", "1"])
    assert got.exit_code == 0, got.output
    assert not (tmp_path / "cache").exists(), "a corpus of its own is not the bundled corpus: nothing kept"
    got = CliRunner().invoke(main, ["verify", "--case", "seed-gray-ogre", "--no-z3", "-j", "1"])
    assert got.exit_code == 0 and not (tmp_path / "cache").exists(), "no z3, no verdict"


def test_the_tests_read_a_recorded_verdict_instead_of_asking_z3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    monkeypatch.delenv("MTG_LAYERS_Z3_RECORD", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    z3_record.write(z3_record.fingerprint(), [("seed-gray-ogre", "2020-04-17", "verified", ["kept by verify"])])

    def ask_z3(*_: object) -> None:
        raise AssertionError("z3 asked again")

    z3_record.write(z3_record.fingerprint(), [("seed-gray-ogre", "2009-07-08", "verified", ["kept by verify"])])
    case = load_case(GRAY_OGRE)
    monkeypatch.setenv("MTG_LAYERS_Z3_RECORD", "off")
    assert shared_results.crosscheck(tmp_path_factory, case, "2009-07-08") != ("verified", ("kept by verify",))
    monkeypatch.delenv("MTG_LAYERS_Z3_RECORD")
    monkeypatch.setattr("mtg_layers.checking.z3_crosscheck.crosscheck_case", ask_z3)
    assert shared_results.crosscheck(tmp_path_factory, case, "2020-04-17") == ("verified", ("kept by verify",))


def test_the_docs_read_recorded_verdicts_on_the_bundled_corpus_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`mtg-layers docs` fills the pages' z3 column through ``verdicts``: the record when it holds the pair, else z3."""
    monkeypatch.delenv("MTG_LAYERS_Z3_RECORD", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    z3_record.write(z3_record.fingerprint(), [("seed-gray-ogre", "2020-04-17", "verified", ["kept by verify"])])
    asked: list[tuple[str, str]] = []

    def ask_z3(case: object, vid: str) -> tuple[str, tuple[str, ...]]:
        asked.append((getattr(case, "id", ""), vid))
        return "asked", ()

    case = load_case(GRAY_OGRE)
    z3 = z3_record.verdicts(CASES_DIR, ask_z3)
    assert z3(case, "2020-04-17") == ("verified", ("kept by verify",)) and not asked
    assert z3(case, "2009-07-08") == ("asked", ()) and asked == [("seed-gray-ogre", "2009-07-08")]
    assert z3_record.verdicts(tmp_path, ask_z3) is ask_z3, "another corpus: z3 is asked"
