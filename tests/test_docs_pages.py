"""The generated case pages are never stale: they equal what the code generates now."""

from __future__ import annotations

from pathlib import Path

from mtg_layers.corpus import CASES_DIR, load_corpus
from mtg_layers.docs_pages import fragments, generate

ROOT = Path(__file__).resolve().parent.parent


def test_generated_case_pages_are_current(tmp_path: Path) -> None:
    fresh = {p.name: p.read_text(encoding="utf-8") for p in generate(load_corpus(), tmp_path)}
    committed_dir = ROOT / "docs" / "cases"
    committed = {p.name: p.read_text(encoding="utf-8") for p in committed_dir.glob("*.md")}
    stale = sorted(n for n in fresh if committed.get(n) != fresh[n]) + sorted(set(committed) - set(fresh))
    assert not stale, f"stale generated pages {stale[:10]}: run `mtg-layers docs`"


def test_gray_ogre_page_has_version_tabs_and_trace(tmp_path: Path) -> None:
    generate([c for c in load_corpus() if c.id == "seed-gray-ogre"], tmp_path)
    page = (tmp_path / "seed-gray-ogre.md").read_text(encoding="utf-8")
    for tab in ('=== "pre-m10"', '=== "m10"', '=== "ikoria"'):
        assert tab in page
    assert "| # | slot | effect | why now | after |" in page


def test_generated_fragments_are_current() -> None:
    fresh = fragments(load_corpus(), CASES_DIR)
    generated = ROOT / "docs" / "generated"
    stale = [
        n
        for n, text in sorted(fresh.items())
        if not (generated / n).exists() or (generated / n).read_text("utf-8") != text
    ]
    assert not stale, f"stale generated fragments {stale}: run `mtg-layers docs`"
    assert "5/8" in fresh["gray-ogre-trace.md"] and "1/4" in fresh["gray-ogre-trace.md"]
    assert "seed-gray-ogre" in fresh["diff-2004-10-01-2009-07-08.md"]
