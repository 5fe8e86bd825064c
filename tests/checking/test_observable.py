"""`mtg-layers prove --observable`: z3 tells whether a proposed rules change is observable (bounded)."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

from mtg_layers.checking.theorems import observable_difference
from reference.versions import get_version, version_from_mapping


def proposed_profile(kind: str, slot: str, name: str) -> dict[str, object]:
    """Ikoria with one kind of effect moved to another sublayer."""
    data = json.loads(resources.files("reference.profiles").joinpath("ikoria.json").read_text("utf-8"))
    data["id"] = name
    for rule in data["classify"]:
        if rule["kind"] == kind:
            rule["slot"] = slot
    return data


SET_WITH_MODIFY = ("pt_set", "7c", "set-with-modify")  # setting effects share 7c, by timestamp (like 418.5's 6b)
COUNTERS_WITH_SWITCH = ("counter_pt", "7d", "counters-with-switch")


def test_merging_counters_into_7c_is_not_observable_within_the_bound() -> None:
    outcome = observable_difference(get_version("m10"), get_version("ikoria"), max_effects=2)
    assert outcome.status == "proved"


def test_a_proposed_change_is_observable_with_a_witness() -> None:
    outcome = observable_difference(
        get_version("ikoria"), version_from_mapping(proposed_profile(*SET_WITH_MODIFY)), max_effects=2
    )
    assert outcome.status == "found"
    assert "set" in outcome.detail[0] and "modify" in outcome.detail[0]
    assert any("resolver" in line for line in outcome.witness)


def test_moving_counters_in_with_switches_is_not_observable() -> None:
    # +1/+1 and -1/-1 counters add the same to power and toughness, so they commute with a switch.
    proposal = version_from_mapping(proposed_profile(*COUNTERS_WITH_SWITCH))
    assert observable_difference(get_version("ikoria"), proposal, max_effects=2).status == "proved"


def test_cli_with_a_profile_file(tmp_path: Path) -> None:
    path = tmp_path / "proposal.json"
    path.write_text(json.dumps(proposed_profile(*SET_WITH_MODIFY)), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mtg_layers.cli", "prove", "--observable", "ikoria", "file", "--rules-file", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "2020-04-17 vs set-with-modify: observable" in proc.stdout
