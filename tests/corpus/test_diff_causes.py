"""Issue 33, item 6: `diff` names the flag or timeline entry behind each change and says when a proposal changes
nothing; `prove --observable` says what its bound covers, warns when `diff` sees a change it cannot, and saves
its witness as a case file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers import paths
from mtg_layers.analysis.version_diff import diff_corpus, diff_markdown
from mtg_layers.checking.observable import covered_kinds
from mtg_layers.cli import main
from mtg_layers.corpus import load_case
from mtg_layers.corpus.profile_file import load_profile
from mtg_layers.paths import CASES_DIR, ROOT
from reference.versions import get_version

from ..builders import corpus

KEYWORD_CASE = "ruling-flying-counter-vs-turn-to-frog"
KEYWORD_FILE = CASES_DIR / "rulings" / "keyword-counter-frog.yaml"
COPY_CASES = ["ruling-glasspool-mimic-changeling", "regression-707-9d-vesuvan-doppelganger-devoid"]


def m10_profile(tmp_path: Path, name: str, **flags: Any) -> Path:
    """M10's profile under another id, with some flags changed (a proposal)."""
    profile = json.loads((ROOT / "reference" / "profiles" / "m10.json").read_text("utf-8"))
    profile.update(id=name, aliases=[])
    profile["flags"].update(flags)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(profile), encoding="utf-8")
    return path


def test_a_proposal_that_changes_nothing_says_so(tmp_path: Path) -> None:
    same = load_profile(m10_profile(tmp_path, "same-as-m10"))
    result = diff_corpus(CASES_DIR, get_version("m10"), same, ids=[KEYWORD_CASE], cases=corpus())
    assert result.diffs == [] and result.changes_nothing
    assert result.verdict().endswith("so the change changes nothing")
    assert "changes nothing" in diff_markdown(result)


def test_a_flag_change_no_case_shows_is_named(tmp_path: Path) -> None:
    proposal = load_profile(m10_profile(tmp_path, "kw", keyword_counters=["flying"]))
    result = diff_corpus(CASES_DIR, get_version("m10"), proposal, ids=["seed-gray-ogre"], cases=corpus())
    assert result.diffs == [] and not result.changes_nothing
    assert 'flag keyword_counters ([] -> ["flying"])' in result.verdict()
    assert result.verdict().endswith("but no corpus step shows it")


def test_each_change_names_its_flag_and_entry() -> None:
    result = diff_corpus(CASES_DIR, get_version("m10"), get_version("ikoria"), ids=[KEYWORD_CASE], cases=corpus())
    assert result.diffs
    for d in result.diffs:
        assert len(d.behind) == 1 and d.behind[0].startswith("flag keyword_counters ([] -> [")
        assert "ikoria-keyword-counters (2020-04-17)" in d.behind[0]
    assert "behind it: flag keyword_counters" in diff_markdown(result)


def test_the_divergence_shows_no_internal_field_and_is_about_the_changed_values() -> None:
    result = diff_corpus(CASES_DIR, get_version("m10"), get_version("ikoria"), ids=COPY_CASES, cases=corpus())
    assert result.diffs
    for d in result.diffs:
        assert d.divergence is not None
        detail = d.divergence.detail
        assert not any(word in detail for word in ("granted", "intrinsic", "text_changes")), detail
        changed = {v.object for v in d.values}
        sides = [s for s in (d.divergence.left, d.divergence.right) if s is not None]
        assert all(changed & set(s.after) for s in sides), (d.case, detail)


def test_the_bound_says_which_effect_kinds_it_covers() -> None:
    kinds = covered_kinds(2)
    assert kinds[0].startswith("pt (613.4): one creature with up to 2 P/T effects of the kinds set, modify")
    assert any(k.startswith("keyword-counters (122.1b, 613.1f)") for k in kinds)
    assert covered_kinds(2, ["legend-rule"]) == ["legend-rule (704.5j): two same-name legends, one controller or two"]


def test_a_change_outside_the_bound_is_warned_about(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The corpus check diffs the bundled corpus (``paths.CASES_DIR``), here a corpus of the one keyword-counter case
    (the bundled corpus's diff is 10 s of CPU, for a warning that needs one step that differs): a flying counter is a
    keyword counter under the proposal and not under M10 (122.1b), which the P/T bound cannot see."""
    assert load_case(KEYWORD_FILE).id == KEYWORD_CASE
    small = tmp_path / "corpus" / "cases"
    small.mkdir(parents=True)
    shutil.copy(KEYWORD_FILE, small / KEYWORD_FILE.name)
    monkeypatch.setattr(paths, "CASES_DIR", small)
    path = m10_profile(tmp_path, "kw-everything", keyword_counters=["flying"])
    args = ["prove", "--observable", "m10", "file", "--rules-file", str(path), "--only-family", "pt"]
    result = CliRunner().invoke(main, [*args, "--max-effects", "1"])
    assert result.exit_code == 0, result.output
    assert "not observable within the bound" in result.output and "the bound covers:" in result.output
    assert "warning: `mtg-layers diff 2009-07-08 kw-everything` finds" in result.output
    assert f"differ: {KEYWORD_CASE} step" in result.output


def test_the_witness_is_saved_as_a_case_file_that_loads(tmp_path: Path) -> None:
    target = tmp_path / "witness.yaml"
    args = ["prove", "--observable", "pre-m10", "m10", "--only-family", "pt", "--max-effects", "2"]
    result = CliRunner().invoke(main, [*args, "--save", str(target)])
    assert result.exit_code == 0, result.output
    case = load_case(target)
    assert case.status == "derived" and set(case.versions) == {"2004-10-01", "2009-07-08"}
    first, second = (case.steps[0].expect[v] for v in ("2004-10-01", "2009-07-08"))
    assert first != second


def test_save_without_a_witness_is_a_clear_error(tmp_path: Path) -> None:
    args = ["prove", "--observable", "m10", "m10", "--no-corpus-check", "--save", str(tmp_path / "w.yaml")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "no witness board to save" in result.output and "Traceback" not in result.output
