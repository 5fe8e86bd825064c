"""Issue 33, item 7: a rules profile file's errors name the nested field (not "(top level)"), a misspelt flag
gets the nearest one, and `versions` says that the rule texts it names are not in the repository."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.corpus import CorpusError
from mtg_layers.corpus.profile_file import load_profile, profile_field
from mtg_layers.paths import ROOT


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ("flags.legend_rule: expected 'choose' or 'all', got 1", "flags.legend_rule"),
        ("slots[2].layer: expected an integer from 1 to 7, got 9", "slots[2].layer"),
        ("classify[0].origin: expected origins from ['cda'], got ['x']", "classify[0].origin"),
        ("field 'slots' must be a list, got None", "slots"),
        ("unknown field(s) ['x']; expected only ['id']", ""),
    ],
)
def test_the_field_of_a_profile_error(message: str, field: str) -> None:
    assert profile_field(message)[0] == field


def test_a_misspelt_flag_in_a_file_is_named_with_the_nearest(tmp_path: Path) -> None:
    profile = json.loads((ROOT / "reference" / "profiles" / "m10.json").read_text("utf-8"))
    profile.update(id="mine", aliases=[])
    profile["flags"]["negative_amount"] = "zero"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(profile), encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        load_profile(path)
    assert caught.value.field == "flags.negative_amount"
    assert "(did you mean 'negative_amounts'?)" in caught.value.message


def test_versions_says_where_the_rule_texts_are() -> None:
    result = CliRunner().invoke(main, ["versions"])
    assert result.exit_code == 0
    assert "not part of this repository" in result.output and "CompRulesHistory" in result.output
    assert "  rule text read: rules/" in result.output
