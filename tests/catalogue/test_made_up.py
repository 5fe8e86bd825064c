"""Made-up candidates: objects that name no card and whose name the catalogue does not know."""

from __future__ import annotations

from pathlib import Path

from mtg_layers.catalogue.load import catalogue
from mtg_layers.catalogue.made_up import candidates, candidates_in


def _data(objects: list[dict[str, object]], added: list[dict[str, object]]) -> dict[str, object]:
    return {"objects": objects, "steps": [{"add_objects": added}]}


def test_candidates_are_objects_with_no_card_and_an_unknown_name() -> None:
    data = _data(
        [
            {"id": "a", "card": "Gray Ogre", "controller": "p1"},
            {"id": "b", "name": "Gray Ogre"},
            {"id": "c", "name": "Test Creature"},
            {"id": "d", "name": "Test Aura", "made_up": "a rule no card shows"},
        ],
        [{"id": "e", "name": "Flying Aura A"}],
    )
    found = list(candidates_in(data, Path("x.yaml"), catalogue()))
    assert [(c.where, c.name, c.marked) for c in found] == [
        ("objects[2]", "Test Creature", False),
        ("objects[3]", "Test Aura", True),
        ("steps[0].add_objects[0]", "Flying Aura A", False),
    ]


def test_the_corpus_candidates_are_read_from_files(tmp_path: Path) -> None:
    case = tmp_path / "c.yaml"
    case.write_text("objects:\n  - {id: x, name: Nobody's Card}\n", "utf-8")
    assert [(c.path, c.name) for c in candidates([case], catalogue())] == [(case, "Nobody's Card")]
