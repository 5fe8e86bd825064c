"""`mtg-layers diff`: the cases and steps whose outcome differs between two rules versions."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers.analysis import version_diff
from mtg_layers.analysis.version_diff import diff_corpora, diff_corpus, diff_markdown
from mtg_layers.checking.verify import outcomes_at
from mtg_layers.cli import main
from reference.versions import builtin_versions, get_version

from .. import shared_results

FIXTURES = Path(__file__).parents[1] / "fake_adapters" / "corpus"


def test_gray_ogre_differs_between_418_5_and_m10_at_its_last_step_only() -> None:
    result = diff_corpus(FIXTURES, get_version("pre-m10"), get_version("m10"))
    assert (result.cases, result.steps) == (2, 5)
    assert [(d.case, d.step) for d in result.diffs] == [("seed-gray-ogre", 4)]
    d = result.diffs[0]
    assert {(v.object, v.field, v.left, v.right) for v in d.values} == {
        ("ogre", "power", 1, 5),
        ("ogre", "toughness", 4, 8),
    }
    # 418.5: the pump (6b, timestamp 3) applies first; from M10 on the "becomes 0/1" (7b) does.
    assert d.divergence is not None and d.divergence.index == 1
    assert d.divergence.left is not None and d.divergence.left.effect == "pump"
    assert d.divergence.right is not None and d.divergence.right.effect == "shrink"


def test_identical_versions_have_no_diff_and_cases_run_under_undeclared_versions() -> None:
    assert diff_corpus(FIXTURES, get_version("m10"), get_version("m10")).diffs == []
    # fixture-anthem declares only m10 and ikoria, yet it is resolved under pre-m10 too.
    result = diff_corpus(FIXTURES, get_version("pre-m10"), get_version("ikoria"), ids=["fixture-anthem"])
    assert (result.cases, result.steps, result.diffs) == (1, 1, [])


def test_a_profile_file_against_a_builtin_version(tmp_path: Path) -> None:
    """A proposed change: counters before every modification (7c) under M10's slots."""
    profile = json.loads((Path(__file__).parents[2] / "reference" / "profiles" / "m10.json").read_text())
    profile["id"] = "counters-first"
    profile["aliases"] = []
    profile["slots"] = [s for s in profile["slots"] if s["id"] != "7b"]  # drop "set" as its own sublayer
    for c in profile["classify"]:
        if c["slot"] == "7b":
            c["slot"] = "7c"
    path = tmp_path / "counters-first.json"
    path.write_text(json.dumps(profile))
    out = CliRunner().invoke(
        main, ["diff", "m10", "--rules-file", str(path), "--corpus", str(FIXTURES), "--format", "json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)  # stderr has the warning of m10 (its day lies in an unknown period)
    assert (data["left"], data["right"]) == ("2009-07-08", "counters-first")
    assert [(d["case"], d["step"]) for d in data["diffs"]] == [("seed-gray-ogre", 4)]
    values = {v["field"]: (v["2009-07-08"], v["counters-first"]) for v in data["diffs"][0]["values"]}
    assert values == {"power": (5, 1), "toughness": (8, 2)}
    assert data["diffs"][0]["first_divergence"]["index"] >= 1


def test_formats_table_and_markdown() -> None:
    cli = CliRunner()
    table = cli.invoke(main, ["diff", "pre-m10", "m10", "--corpus", str(FIXTURES)])
    assert table.exit_code == 0 and "ogre.power" in table.output and "1 of 5 steps" in table.output
    md = cli.invoke(main, ["diff", "pre-m10", "m10", "--corpus", str(FIXTURES), "--format", "markdown"])
    assert md.stdout.startswith("# Rules version diff: `2004-10-01` vs `2009-07-08`")
    assert "| `seed-gray-ogre` |" in md.stdout and "trace step 1" in md.stdout
    assert md.stdout == diff_markdown(diff_corpus(FIXTURES, get_version("pre-m10"), get_version("m10")))


def test_a_corpus_already_loaded_diffs_as_its_directory_does() -> None:
    from mtg_layers.corpus import load_corpus

    left, right = get_version("pre-m10"), get_version("m10")
    loaded = diff_corpus(FIXTURES, left, right, cases=load_corpus(FIXTURES))
    assert loaded == diff_corpus(FIXTURES, left, right) and loaded.diffs


def test_pairs_diffed_together_are_each_pair_diffed_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``diff_corpora`` gives each pair's ``diff_corpus``, in order, resolving a case step once per version: an
    error a version raises on a step is that step's finding in every pair that holds the version."""
    versions = list(builtin_versions().values())
    pairs = [*itertools.pairwise(versions), (versions[2], versions[0]), (versions[1], versions[1])]
    together = diff_corpora(FIXTURES, pairs)
    assert together == [diff_corpus(FIXTURES, a, b) for a, b in pairs]
    assert [bool(d.diffs) for d in together] == [True, False, False, False, True, False]

    asked: list[tuple[str, int, str]] = []

    def counted(case: Any, n: int, version: Any) -> Any:
        if any(version is v for v in versions):  # not the profiles of one changed aspect each (``behind``)
            asked.append((case.id, n, version.id))
        if version is versions[1] and n == 2:
            raise ValueError("no board")
        return outcomes_at(case, n, version)

    monkeypatch.setattr(version_diff, "outcomes_at", counted)  # the name the diff calls
    together = diff_corpora(FIXTURES, pairs)
    assert sorted(asked) == sorted(set(asked)) and len(asked) == 5 * len(versions)  # 5 steps, each version once
    errors = [[(d.case, d.step, d.error) for d in found.diffs if d.error] for found in together]
    hit = [("seed-gray-ogre", 2, "ValueError: no board")]
    assert errors == [hit, hit, [], [], [], hit]


def test_usage_errors() -> None:
    cli = CliRunner()
    assert cli.invoke(main, ["diff", "m10"]).exit_code == 2
    bad = cli.invoke(main, ["diff", "m10", "nope", "--corpus", str(FIXTURES)])
    assert bad.exit_code == 2 and "unknown rules version" in bad.output


@pytest.mark.slow
def test_the_whole_corpus_diffs_without_errors(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``diff_corpus`` of the bundled corpus, computed once in the run (tests/shared_results.py)."""
    for a, b in (("pre-m10", "m10"), ("m10", "ikoria"), ("ikoria", "2023-11-17"), ("2023-11-17", "2025-08-01")):
        result = shared_results.corpus_diff(tmp_path_factory, get_version(a), get_version(b))
        assert result.steps > 0
        assert [d for d in result.diffs if d.error] == []


@pytest.mark.slow
def test_consecutive_dated_profiles_move_the_tie_cases(tmp_path_factory: pytest.TempPathFactory) -> None:
    moved = shared_results.corpus_diff(tmp_path_factory, get_version("2020-04-17"), get_version("2023-11-17"))
    # issue 29: each profile states its day's rules, so 2021-2023's token name (111.4), double-faced token
    # copies (707.8a) and shadow counters (122.1b) move cases too
    assert {d.case for d in moved.diffs} <= {
        "cr-613-7a-rune-of-flight-hammer-moves",
        "tokens-dragon-token-enters-with-renatas-counter-and-keeps-its-name",
        "tokens-text-changed-dragon-roost-creates-the-changed-token",
        "dfc-token-copy-is-double-faced",
        "history-122-1b-keyword-counters-by-date",
        # 707.9d's 'in addition to its other types' carve-out (2021-02-05): changeling copied or not
        "ruling-glasspool-mimic-changeling",
        "history-707-9d-in-addition-exception-2021",
        # tokens of the War of the Spark rulings, whose names follow 111.4 as the token cases above
        "release-notes-war-arlinn-voice-of-the-pack",
        "release-notes-war-blast-zone-mana-values",
    }
    n = shared_results.corpus_diff(tmp_path_factory, get_version("2023-11-17"), get_version("2025-08-01"))
    assert {d.case for d in n.diffs} == {
        "cr-613-7n-own-static-ability-before-resolving-effect",
        "history-122-1b-keyword-counters-by-date",  # exalted and decayed counters (122.1b)
        "history-205-2a-tribal-renamed-kindred",  # tribal renamed kindred (205.2a), as is Lignify in:
        "ruling-lignify-later-equipment-grant",
        "ruling-lignify-overwrites-cdas-2007",
        "ruling-lignify-modifiers-2009",
        "ruling-firdoch-core-2025",  # a Kindred artifact (205.2a)
        "timestamps-equipment-attached-by-the-rules",
        "ruling-layer6-lord-loses-abilities-dependency",
        # 613.7n (2025-07-25): an object's own static ability goes first, so its tie with a resolved effect is decided
        "own-ability-recorded-in-an-earlier-tie-against-a-resolved-setting",
        "own-ability-ordered-in-two-ties-then-against-a-resolved-setting",
    }
