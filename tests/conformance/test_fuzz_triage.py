"""Issue 33, item 5: fuzz triage. Distinct kinds of disagreement are shrunk first, every disagreeing board
is saved (shrunk or not), generated objects are ones a card could be (205.3d), and a finding's notes
cite the rule behind each of the reference's normalisations."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from click.testing import CliRunner

from mtg_layers.analysis.normalisations import normalisation_notes
from mtg_layers.cli import main
from mtg_layers.conformance.fuzz import Disagreement, shrink_order, smaller_boards
from mtg_layers.conformance.protocol import validator
from mtg_layers.corpus import case_from_data, load_case
from mtg_layers.paths import ROOT
from reference.case import board_at
from reference.resolver import resolve
from reference.versions import builtin_versions, get_version
from reference.vocabulary import subtype_fits

from .test_fuzz import every_feature_boards

# An engine that gives the reference's answer, made wrong in one of three ways by the board's number:
# power (seq % 3 == 0), subtypes (1), controller (2): three kinds of disagreement.
WRONG_ENGINE = f"""
import json, sys
sys.path.insert(0, {str(ROOT)!r})
from mtg_layers.adapter import handle
for line in sys.stdin:
    message = json.loads(line)
    reply, _ = handle(message)
    if reply is None:
        break
    for answer in (reply.get("results") or {{}}).values():
        kind = message["seq"] % 3
        if kind == 0 and answer.get("power") is not None:
            answer["power"] += 1
        elif kind == 1:
            answer["subtypes"] = sorted(answer["subtypes"] + ["wrong"])
        elif kind == 2:
            answer["controller"] = "p9"
    print(json.dumps(reply), flush=True)
"""


def firsts(*signatures: tuple[str, ...]) -> list[Disagreement]:
    return [cast(Disagreement, SimpleNamespace(signature=s, index=i)) for i, s in enumerate(signatures, start=1)]


def test_distinct_kinds_are_shrunk_before_a_second_form_of_one_cause() -> None:
    ds = firsts(("subtypes",), ("subtypes", "types"), ("colors", "subtypes"), ("power", "toughness"), ("controller",))
    picked = [d.signature for d in shrink_order(ds, 3)]
    assert picked == [("subtypes",), ("power", "toughness"), ("controller",)]
    assert [d.signature for d in shrink_order(ds, 5)][3:] == [("subtypes", "types"), ("colors", "subtypes")]


def test_with_nothing_new_the_board_order_decides() -> None:
    ds = firsts(("power",), ("power",), ("timeout",))
    assert [d.index for d in shrink_order(ds, 3)] == [1, 3, 2]


def test_generated_objects_are_ones_a_card_could_be(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every generated object, and every object of each board one piece smaller, has types its subtypes fit.

    The boards are the 200 that test_fuzz's coverage test reads (``every_feature_boards``: every feature, every
    version, the default weights, seed 0), drawn once in the run, instead of 60 boards of seed 11 drawn here alone
    (18 s): the same generator and settings, another arbitrary seed, and more boards."""
    boards = every_feature_boards(tmp_path_factory)
    assert len(boards) == 200
    for g in boards:
        objects = list(g.data["objects"]) + [o for s in g.data["steps"] for o in s.get("add_objects", ())]
        for o in objects:
            assert o.get("types"), o
            assert all(subtype_fits(x, frozenset(o["types"])) for x in o.get("subtypes", ())), o
        for smaller in smaller_boards(dict(g.data)):
            for o in smaller["objects"]:
                assert o.get("types") and all(subtype_fits(x, frozenset(o["types"])) for x in o.get("subtypes", ()))


def _case(objects: list[dict[str, Any]], parts: list[dict[str, Any]]) -> Any:
    data = {
        "id": "normalisations",
        "title": "t",
        "versions": ["ikoria"],
        "features": ["layer-4-type"],
        "sources": [{"kind": "derived", "ref": "test"}],
        "objects": objects,
        "effects": [{"id": "e", "timestamp": 9, "applies_to": ["a"], "parts": parts}] if parts else [],
        "steps": [{"description": "s", "expect": {"ikoria": {}}}],
    }
    return case_from_data(data, "<test>", schema_check=False)


def test_the_notes_cite_205_3d_and_208_3() -> None:
    version = get_version("ikoria")
    case = _case(
        [
            {"id": "a", "timestamp": 1, "types": ["creature"], "subtypes": ["elf"], "power": 1, "toughness": 1},
            {"id": "b", "timestamp": 2, "types": ["artifact"], "subtypes": ["elf"]},
        ],
        [{"op": "set_types", "types": ["artifact"]}],
    )
    board = board_at(case, 1, version)
    notes = normalisation_notes(board, resolve(board, version))
    assert any(n.startswith("205.3d: b is printed with elf") for n in notes), notes
    assert any(n.startswith("205.3d: after reference trace step 1 a's card types are artifact: elf") for n in notes)
    assert any(n.startswith("208.3: a is not a creature") for n in notes), notes
    assert builtin_versions()  # the profiles load


def test_every_disagreeing_board_is_saved_and_kinds_come_first(tmp_path: Path) -> None:
    engine = tmp_path / "wrong_engine.py"
    engine.write_text(WRONG_ENGINE, encoding="utf-8")
    found, report = tmp_path / "found", tmp_path / "report.json"
    args = ["conformance", "--generated", "9", "--seed", "5", "--rules", "ikoria", "--max-shrink", "2"]
    args += ["--shrink-budget", "1", "--findings", str(found), "--report-json", str(report), "--quiet"]
    result = CliRunner().invoke(main, [*args, "--", sys.executable, str(engine)])
    assert result.exit_code == 1, result.output
    data = json.loads(report.read_text("utf-8"))
    assert not list(validator("report").iter_errors(data))
    gen = data["generated"]
    shrunk, unshrunk = gen["disagreements"], gen["unshrunk"]
    assert len(shrunk) == 2 and len({tuple(d["signature"]) for d in shrunk}) == 2
    saved = {d["case_file"] for d in shrunk} | {u["case_file"] for u in unshrunk}
    assert None not in saved and len(saved) == gen["stats"]["disagreements"] == len(list(found.glob("*.yaml")))
    for u in unshrunk:
        case = load_case(Path(u["case_file"]))
        assert "not shrunk" in case.notes[0]
