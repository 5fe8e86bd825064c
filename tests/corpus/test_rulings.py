"""The list of official rulings (corpus/rulings/, issue 36): every ruling has its case or its reason, and the
coverage page matches the list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_layers.corpus import CorpusError, read_yaml
from mtg_layers.corpus.rulings import MISSING_FEATURES, RULINGS_DIR, card_slug, load_rulings, load_rulings_file
from mtg_layers.docs_site.rulings_page import rulings_markdown
from mtg_layers.paths import ROOT, SCHEMA_DIR


def test_every_ruling_has_its_case_or_a_named_missing_feature() -> None:
    rulings = load_rulings()  # the loader refuses a case that doesn't exist or doesn't cite the card
    assert rulings
    for r in rulings:
        assert (r.case is None) != (r.not_statable is None), (r.file, r.date)
        if r.case is not None:
            case = read_yaml(ROOT / r.case)
            assert case["status"] == "official", (r.file, r.case)
        else:
            assert r.not_statable in MISSING_FEATURES, (r.file, r.not_statable)


def test_each_file_is_named_for_its_card() -> None:
    for path in sorted(RULINGS_DIR.glob("*.yaml")):
        assert path.stem == card_slug(read_yaml(path)["card"])


def test_the_schema_lists_exactly_the_missing_features() -> None:
    schema = json.loads((SCHEMA_DIR / "rulings.schema.json").read_text("utf-8"))
    assert schema["$defs"]["missing_feature"]["enum"] == list(MISSING_FEATURES)


def test_the_coverage_page_matches_the_list() -> None:
    page = ROOT / "docs" / "generated" / "rulings.md"
    assert page.read_text("utf-8") == rulings_markdown(load_rulings()), "run: mtg-layers rulings --markdown"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (
            '  - {date: "2009-10-1", ruling: "a ruling in words of our own", source: "a source", case: x}',
            "date",
            "form",
        ),
        (
            '  - {date: "2009-10-01", ruling: "a ruling in words of our own", source: "a source", not_statable: flyng}',
            "not_statable",
            "expected one of",
        ),
        (
            '  - {date: "2009-10-01", ruling: "a ruling in words of our own", source: "a source",'
            " case: corpus/cases/none.yaml}",
            "case",
            "does not exist",
        ),
        (
            '  - {date: "2009-10-01", ruling: "a ruling in words of our own", source: "a source",'
            " case: corpus/cases/seed/gray-ogre.yaml}",
            "case",
            "cites 'Humility'",
        ),
    ],
)
def test_a_bad_entry_names_file_and_field(tmp_path: Path, body: str, field: str, words: str) -> None:
    path = _write(tmp_path, "humility.yaml", "card: Humility\nrulings:\n" + body + "\n")
    with pytest.raises(CorpusError) as err:
        load_rulings_file(path)
    assert err.value.file == str(path)
    # every schema error of the file is reported (the first entry's case path is malformed too)
    problems = getattr(err.value, "problems", ((err.value.field, err.value.message),))
    assert any(f == f"rulings[0].{field}" and words in m for f, m in problems), problems


def test_a_file_not_named_for_its_card_is_refused(tmp_path: Path) -> None:
    body = '  - {date: "2026-01-16", ruling: "Gray Ogre ends 5/8 in the example", source: "CR 613.5",'
    path = _write(
        tmp_path, "ogre.yaml", "card: Gray Ogre\nrulings:\n" + body + " case: corpus/cases/seed/gray-ogre.yaml}\n"
    )
    with pytest.raises(CorpusError, match=r"gray-ogre\.yaml"):
        load_rulings_file(path)


def test_a_case_cites_a_card_its_steps_add(tmp_path: Path) -> None:
    """Rune of Flight enters in a step of its case (a catalogue reference there, with no cards: entry left)."""
    body = '  - {date: "2021-02-05", ruling: "the granted ability is later", source: "CR 613.7a",'
    path = _write(
        tmp_path,
        "rune-of-flight.yaml",
        "card: Rune of Flight\nrulings:\n" + body + " case: corpus/cases/cr/rune-of-flight.yaml}\n",
    )
    assert [r.card for r in load_rulings_file(path)] == ["Rune of Flight"]
