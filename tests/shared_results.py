"""Whole-corpus results that several tests compute alike, computed once per test run (tests/session_shared.py).

* The z3 cross-check of one case under one rules version: ``crosscheck_case(case, builtin_versions()[vid])``,
  asked by tests/proofs/test_crosscheck.py (every case verified) and by the generated pages' tests (the corpus
  index's z3 column, docs/generated/crosscheck.md). One result per case and version, each under its own lock, so
  xdist's workers still share the work out.
* The corpus diff of two rules versions: ``diff_corpus(CASES_DIR, left, right)``, asked by
  tests/corpus/test_diff.py and by the generated fragments' test (the diff fragments); the pairs of consecutive
  built-in versions are computed together (``diff_corpora``: each case step resolved once per version).

Each is the very call the tests made on their own before, with the same arguments, on the corpus loaded from the
same files; it is done by the first test that asks and read back by the others. A computation that raises leaves
nothing, so every test that asks for it raises alike.
"""

from __future__ import annotations

import functools
import itertools
import pickle
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from mtg_layers.analysis.version_diff import CorpusDiff, diff_corpora, diff_corpus
from mtg_layers.corpus import CASES_DIR
from mtg_layers.docs_site.generated_pages import Z3Results
from reference.case import Case
from reference.versions import RulesVersion, builtin_versions
from tests import session_shared
from tests.builders import corpus

Diffs = Callable[[Path, RulesVersion, RulesVersion], CorpusDiff]


@functools.cache
def _recorded(folder: Path) -> Mapping[tuple[str, str], tuple[str, ...]]:
    """The verified verdicts `mtg-layers verify` kept in ``folder`` for this very code, corpus and z3."""
    from mtg_layers.checking import z3_record

    return z3_record.read(z3_record.fingerprint(), folder)


def crosscheck(tmp_path_factory: pytest.TempPathFactory, case: Case, vid: str) -> tuple[str, tuple[str, ...]]:
    """The z3 cross-check's verdict and details on a corpus case under the built-in version ``vid``.

    A verdict `mtg-layers verify` reached on the same files (the README's main job, run before the tests in CI) is
    read from its record (``checking.z3_record``: "verified" ones only, filed under a fingerprint of the code, the
    corpus and the installed distributions); any other is computed here, once per run."""
    from mtg_layers.checking import z3_record
    from mtg_layers.checking.z3_crosscheck import crosscheck_case

    if z3_record.enabled():
        kept = _recorded(z3_record.record_dir())
        if (case.id, vid) in kept:
            return "verified", kept[(case.id, vid)]

    def compute() -> list[object]:
        status, info = crosscheck_case(case, builtin_versions()[vid])
        return [str(status), [str(x) for x in info]]

    status, info = session_shared.once_json(tmp_path_factory, f"z3-{case.id}-{vid}", compute)
    return str(status), tuple(str(x) for x in info)


def crosscheck_results(tmp_path_factory: pytest.TempPathFactory) -> Z3Results:
    """``crosscheck`` as the generated pages read their z3 verdicts (``generated_pages.Z3Results``)."""
    return lambda case, vid: crosscheck(tmp_path_factory, case, vid)


def corpus_diff(tmp_path_factory: pytest.TempPathFactory, left: RulesVersion, right: RulesVersion) -> CorpusDiff:
    """``diff_corpus`` of the bundled corpus (``CASES_DIR``) between two built-in versions.

    The pairs of consecutive built-in versions (the ones the generated fragments and tests/corpus/test_diff.py
    ask for) are diffed together, the first time one of them is asked: ``diff_corpora`` resolves each case step
    once per version, where each pair alone would resolve a version in two pairs twice."""
    builtin = builtin_versions()
    if builtin.get(left.id) is not left or builtin.get(right.id) is not right:
        return diff_corpus(CASES_DIR, left, right)  # a profile of its own: nothing to share
    pairs = list(itertools.pairwise(builtin.values()))
    if (left, right) not in pairs:

        def build(path: Path) -> None:
            path.write_bytes(pickle.dumps(diff_corpus(CASES_DIR, left, right)))

        alone = session_shared.once(tmp_path_factory, f"diff-{left.id}-{right.id}.pickle", build)
        result: CorpusDiff = pickle.loads(alone.read_bytes())
        return result

    def build_all(path: Path) -> None:
        path.mkdir()
        # over the process's one load of the corpus (tests.builders.corpus: ``load_corpus(CASES_DIR)``, as
        # ``diff_corpora`` loads it when given no cases), not a second load of its own
        found_all = diff_corpora(CASES_DIR, pairs, cases=corpus())
        for (a, b), found in zip(pairs, found_all, strict=True):
            (path / f"{a.id}-{b.id}.pickle").write_bytes(pickle.dumps(found))

    folder = session_shared.once(tmp_path_factory, "diff-consecutive", build_all)
    shared: CorpusDiff = pickle.loads((folder / f"{left.id}-{right.id}.pickle").read_bytes())
    return shared


def corpus_diffs(tmp_path_factory: pytest.TempPathFactory) -> Diffs:
    """``corpus_diff`` as the generated fragments take their diffs (shared for the bundled corpus only)."""

    def diff(corpus_dir: Path, left: RulesVersion, right: RulesVersion) -> CorpusDiff:
        if corpus_dir != CASES_DIR:
            return diff_corpus(corpus_dir, left, right)
        return corpus_diff(tmp_path_factory, left, right)

    return diff
