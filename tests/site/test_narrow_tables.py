"""Wide tables labelled for narrow screens (mtg_layers/docs_site/narrow_tables.py), and the hooks that keep the
language switch on the page, put French card names in the search titles and write the French sitemap."""

from __future__ import annotations

from pathlib import Path

from mtg_layers.docs_site.mkdocs_hooks import counterpart, french_sitemap, titles_with_french_names
from mtg_layers.docs_site.narrow_tables import stackable

TRACE = (
    "<table><thead><tr><th>#</th><th>layer and why</th><th>effect</th><th>why at this point</th>"
    "<th>what changed</th></tr></thead><tbody><tr><td>1</td><td>7c, <a href='x'>613.4c</a></td>"
    "<td>the counter</td><td>the only effect in 7c</td><td>3/3</td></tr></tbody></table>"
)


def test_a_trace_is_stacked_and_each_cell_names_its_column() -> None:
    out = stackable(TRACE)
    assert '<table data-stack="wide" data-trace="trace">' in out
    assert '<td data-label="why at this point">the only effect in 7c</td>' in out
    assert '<td data-label="#">1</td>' in out


def test_a_setup_table_of_abilities_in_words_stacks_too() -> None:
    setup = (
        "<table><thead><tr><th>ability</th><th>CDA</th><th>applies to</th><th>what it does</th></tr></thead>"
        "<tbody><tr><td>nonbasic lands are mountains.</td><td></td><td>each nonbasic land</td>"
        "<td>is a Mountain</td></tr></tbody></table>"
    )
    out = stackable(setup)
    assert 'data-trace="trace"' in out and '<td data-label="what it does">is a Mountain</td>' in out


def test_a_narrow_table_is_left_alone() -> None:
    small = "<table><thead><tr><th>object</th><th>expected</th></tr></thead><tbody><tr><td>a</td></tr></tbody></table>"
    assert stackable(small) == small


def test_the_language_switch_keeps_the_page() -> None:
    french = {"fr/index.md", "fr/layers.md"}
    assert counterpart("layers.md", "fr", french) == "fr/layers.md"
    assert counterpart("coverage.md", "fr", french) is None  # no translation: the French home
    assert counterpart("fr/layers.md", "en", french) == "layers.md"
    assert counterpart("fr/layers.md", "fr", french) == "fr/layers.md"


def test_case_titles_carry_french_card_names() -> None:
    docs = [{"location": "cases/x/", "title": "Blood Moon and Urborg"}, {"location": "cases/x/#s", "title": "Setup"}]
    index = {"docs": docs}
    pairs = [
        ("Blood Moon", "Lune de sang"),
        ("Urborg, Tomb of Yawgmoth", "Urborg, tombe de Yaugzebul"),
        ("Forest", "Forêt"),
    ]
    out = titles_with_french_names(index, {"cases/x/": pairs})
    # only the cards the title names: Urborg is named by its short name only, the Forest not at all
    assert out["docs"][0]["title"] == "Blood Moon and Urborg · Lune de sang"
    assert out["docs"][1]["title"] == "Setup"


def test_the_french_sitemap_lists_the_french_pages(tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        "    <url><loc>https://x/</loc></url>\n    <url><loc>https://x/fr/layers/</loc></url>\n</urlset>\n",
        encoding="utf-8",
    )
    french_sitemap(tmp_path)
    text = (tmp_path / "fr" / "sitemap.xml").read_text("utf-8")
    assert "https://x/fr/layers/" in text and "<loc>https://x/</loc>" not in text
    assert text.rstrip().endswith("</urlset>")
