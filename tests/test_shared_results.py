"""Results shared within a test run (tests/shared_results.py) are the very results of the calls they stand for."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from mtg_layers.analysis.version_diff import diff_corpus
from mtg_layers.checking.z3_crosscheck import crosscheck_case
from mtg_layers.corpus import CASES_DIR, load_case
from reference.versions import builtin_versions
from tests import session_shared, shared_results


def test_a_shared_crosscheck_is_the_crosscheck_and_is_computed_once(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MTG_LAYERS_Z3_RECORD", "off")  # not `verify`'s record (tests/checking/test_z3_record.py)
    case = load_case(CASES_DIR / "seed" / "gray-ogre.yaml")
    direct = crosscheck_case(case, builtin_versions()["2020-04-17"])
    shared = shared_results.crosscheck(tmp_path_factory, case, "2020-04-17")
    assert shared == (direct[0], tuple(direct[1]))
    stored = session_shared.run_dir(tmp_path_factory) / f"z3-{case.id}-2020-04-17"
    assert stored.is_file()  # the next test that asks reads it
    assert shared_results.crosscheck_results(tmp_path_factory)(case, "2020-04-17") == shared


def test_a_diff_survives_its_trip_through_the_shared_file() -> None:
    """What ``corpus_diff`` stores and reads back (pickle) equals the diff itself, its divergences included."""
    fixtures = Path(__file__).parent / "fake_adapters" / "corpus"
    versions = builtin_versions()
    result = diff_corpus(fixtures, versions["2004-10-01"], versions["2009-07-08"])
    assert result.diffs and result.diffs[0].divergence is not None
    assert pickle.loads(pickle.dumps(result)) == result
