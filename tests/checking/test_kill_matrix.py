"""Issue 38: the corpus alone catches every named misreading (``mtg-layers mutants``), most of them twice."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtg_layers.checking.kill_matrix import Row, markdown
from mtg_layers.checking.misreadings import CATALOGUE
from mtg_layers.cli import main
from mtg_layers.conformance.protocol import case_input, leaves_timestamps, load_suite
from mtg_layers.paths import ROOT

# 613.7c (the newest counters), 613.7d (zone change), 613.7e (attachment), 613.7f (face turn), 613.7g (transform)
TIMESTAMP_MISREADINGS = (
    "added-counters-keep-old-timestamp",
    "counters-oldest-timestamp",
    "zone-change-keeps-timestamp",
    "attach-keeps-timestamp",
    "turn-face-keeps-timestamp",
    "transform-keeps-timestamp",
)


def test_every_misreading_is_recorded_with_its_rule_and_its_sentence() -> None:
    for m in CATALOGUE:
        assert m.rule[:3].isdigit(), m.id
        assert m.misreading.strip() and m.wrong_engine.strip(), m.id


def test_the_timestamp_misreadings_are_in_the_catalogue() -> None:
    assert set(TIMESTAMP_MISREADINGS) <= {m.id for m in CATALOGUE}


def test_the_catalogue_names_the_copy_and_double_faced_rules() -> None:
    """Issue 38: misreadings of 208.3, 707.4 to 707.7 and of double-faced cards (712; 711 in the 2011 numbering)."""
    rules = {m.rule for m in CATALOGUE}
    assert {"208.3", "707.4", "707.5", "707.6", "707.7", "712"} <= rules


def test_the_catalogue_names_every_numbered_rule_of_613() -> None:
    rules = {m.rule for m in CATALOGUE}
    wanted = {f"613.{n}" for n in range(1, 12)}
    named = {r for r in wanted if any(x == r or (x.startswith(r) and not x[len(r)].isdigit()) for x in rules)}
    missing = sorted(wanted - named, key=lambda r: int(r.split(".")[1]))
    # 613.10 (effects on players) and 613.11 (effects on game rules) have no effect the model holds
    assert missing == ["613.10", "613.11"], missing
    assert len(CATALOGUE) >= 80


@pytest.mark.slow
def test_the_corpus_alone_catches_every_misreading_and_the_page_is_current() -> None:
    """`mtg-layers mutants --json` exits 0 (every misreading caught) and names the catching cases;
    docs/generated/kill-matrix.md is the same matrix as Markdown (`mtg-layers mutants --markdown`)."""
    result = CliRunner().invoke(main, ["mutants", "--json", "--jobs", "2"])
    data = json.loads(result.output)
    # kill_matrix.judgeable: twelve tied abilities are more orders than the readable enumeration finishes, under the
    # rules as under a misreading; the case takes no part, rather than "catching" every misreading by running out.
    assert not [r["id"] for r in data if "twelve-tied-abilities-last-setting-of-power" in r["caught_by"]]
    uncaught = [r["id"] for r in data if not r["caught_by"]]
    assert not uncaught, f"no corpus case catches {uncaught}"
    assert result.exit_code == 0
    assert {"id", "rule", "misreading", "caught_by"} <= set(data[0])
    assert len(data) == len(CATALOGUE)
    rows = [
        Row(
            r["id"],
            r["rule"],
            r["misreading"],
            r["wrong_engine"],
            tuple(r["caught_by"]),
            tuple((p["case"], p["version"]) for p in r["caught_by_pairs"]),
        )
        for r in data
    ]
    page = ROOT / "docs" / "generated" / "kill-matrix.md"
    assert page.read_text("utf-8") == markdown(rows), "stale: run `mtg-layers mutants --markdown`"
    twice = sum(len(r.caught_by) >= 2 for r in rows)
    assert twice >= 0.9 * len(rows), f"only {twice} of {len(rows)} misreadings are caught by two or more cases"
    # issue 38: each timestamp misreading is caught by a case whose step leaves that timestamp to the rules
    left = {sc.id for sc in load_suite() if any(leaves_timestamps(s) for s in case_input(sc.data)["steps"])}
    for ident in TIMESTAMP_MISREADINGS:
        found = [r for r in rows if r.id == ident]
        assert found and set(found[0].caught_by) & left, f"{ident}: no catching case leaves a timestamp to the rules"
