"""The generated case pages are never stale: they equal what the code generates now; the rule pages
state the rules in the project's words and every rule number cited has a statement or is listed."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from mtg_layers.corpus import CASES_DIR
from mtg_layers.corpus.read import read_yaml
from mtg_layers.docs_site.generated_pages import fragments, generate, generate_schemas
from mtg_layers.docs_site.rule_pages import (
    DATA_DIR,
    cited_numbers,
    generate_rule_pages,
    linker,
    load_page,
    not_stated,
    rule_pages,
    rule_target,
)
from mtg_layers.docs_site.transcript import session, transcript_markdown
from tests import cr_fingerprint, shared_results
from tests.builders import corpus

from .test_trace_text import generation_traces, python_lists

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_generated_case_pages_are_current(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The index's z3 column reads the cross-check of every case that tests/proofs/test_crosscheck.py runs (the same
    call, made once in the run: tests/shared_results.py).

    The traces the generation writes, every step of every case under every version, print no Python list
    (tests/site/test_trace_text.py: ``generation_traces``, ``python_lists``; it traced each case's last step again)."""
    z3 = shared_results.crosscheck_results(tmp_path_factory)
    with generation_traces() as traces:
        fresh = {p.name: p.read_text(encoding="utf-8") for p in generate(corpus(), tmp_path, z3)}
    committed_dir = ROOT / "docs" / "cases"
    committed = {p.name: p.read_text(encoding="utf-8") for p in committed_dir.glob("*.md")}
    stale = sorted(n for n in fresh if committed.get(n) != fresh[n]) + sorted(set(committed) - set(fresh))
    assert not stale, f"stale generated pages {stale[:10]}: run `mtg-layers docs`"
    assert len(traces) > 2000, len(traces)
    listed = [(where, text) for where, ex in traces if (text := python_lists(ex)) is not None]
    assert not listed, f"a Python list printed in {len(listed)} traces: {listed[:3]}"


def test_gray_ogre_page_has_version_tabs_and_trace(tmp_path: Path) -> None:
    generate([c for c in corpus() if c.id == "seed-gray-ogre"], tmp_path)
    page = (tmp_path / "seed-gray-ogre.md").read_text(encoding="utf-8")
    tabs = ['=== "2020–2023 · ikoria"', '=== "2009–2020 · m10"', '=== "2004–2009, rule 418.5 · pre-m10"']
    positions = [page.index(t) for t in tabs]
    assert positions == sorted(positions), "the current rules come first"
    assert "| # | layer and why | effect | why at this point | what changed |" in page
    assert "| sets power/toughness: layer 7b, " in page
    assert "Result:" in page and "| ogre | Gray Ogre | Creature — Ogre | red |" in page


@pytest.mark.slow
def test_generated_fragments_are_current(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The z3 verdicts and the corpus diffs are computed once in the run (tests/shared_results.py), shared with
    tests/proofs/test_crosscheck.py, tests/corpus/test_diff.py and the case pages' test."""
    z3, diff = shared_results.crosscheck_results(tmp_path_factory), shared_results.corpus_diffs(tmp_path_factory)
    fresh = fragments(corpus(), CASES_DIR, z3=z3, diff=diff)
    generated = ROOT / "docs" / "generated"
    stale = [
        n
        for n, text in sorted(fresh.items())
        if not (generated / n).exists() or (generated / n).read_text("utf-8") != text
    ]
    assert not stale, f"stale generated fragments {stale}: run `mtg-layers docs`"
    assert fresh["adapter-transcript.md"] == (generated / "adapter-transcript.md").read_text("utf-8")
    assert "5/8" in fresh["gray-ogre-trace.md"] and "1/4" in fresh["gray-ogre-trace.md"]
    assert "seed-gray-ogre" in fresh["diff-2004-10-01-2009-07-08.md"]


def test_rule_pages_and_schemas_are_current(tmp_path: Path) -> None:
    """The rule pages list the cases citing each rule from the run's shared load of the corpus (the same cases
    ``mtg-layers docs`` loads)."""
    pages = functools.partial(generate_rule_pages, cases=corpus())
    for generated, folder in ((pages, "rules"), (generate_schemas, "schema")):
        fresh = {p.name: p.read_text("utf-8") for p in generated(tmp_path / folder)}
        committed = {p.name: p.read_text("utf-8") for p in (ROOT / "docs" / folder).iterdir() if p.is_file()}
        assert fresh == committed, f"docs/{folder} is stale: run `mtg-layers docs`"


def test_rule_links_use_each_era_numbering() -> None:
    assert linker("../")("613.4b") == "[613.4b](../rules/613.md#r613-4b)"
    assert linker("../", "613-2020-01-22")("613.3b") == "[613.3b](../rules/613-2020-01-22.md#r613-3b)"
    assert linker("../", None)("418.5d") == "[418.5d](../rules/418.md#r418-5d)"
    assert linker("")("999.9") == "999.9"
    page = (ROOT / "docs" / "rules" / "613.md").read_text("utf-8")
    assert "{: #r613-4b }" in page and "the project's own statements" in page
    assert "https://magic.wizards.com/en/rules" in page and "Fan Content Policy" in page
    assert "quoted verbatim" not in page


def test_rule_statements_cover_both_613_numberings_and_418_5() -> None:
    pages = rule_pages()
    today, older, old_rule = pages["613"], pages["613-2020-01-22"], pages["418"]
    assert {"613.4d", "613.7n", "613.8a"} <= today.numbers and "613.3e" not in today.numbers
    assert {"613.3d", "613.3e", "613.6j", "613.7a"} <= older.numbers and "613.7n" not in older.numbers
    assert old_rule.numbers == {"418.5", *(f"418.5{c}" for c in "abcdefghi")}
    assert "6e" in dict(old_rule.paragraphs)["418.5a"] and "1/4" in dict(old_rule.paragraphs)["418.5a"]
    assert all(p.kind == "stated" for p in (today, older, old_rule))


def test_a_cited_page_links_the_numbers_under_its_rule() -> None:
    assert rule_target("704.5f") == ("704", "r704")
    assert rule_target("400.7") == ("400", "r400-7")
    assert rule_target("400.1") is None  # rule 400 is only known through 400.7
    assert rule_target("611.1") is None  # a stated page links only what it states
    assert rule_target("110.5c") is None  # 110.5c of 2009 is not today's 110.5: no page for 110


def test_a_statement_file_is_checked_as_it_loads(tmp_path: Path) -> None:
    bad = tmp_path / "999.yaml"
    head = 'page: "999"\nrule: "999"\ntitle: t\ndate: "2026-01-16"\nchecked_against: x\n'
    bad.write_text(head + 'statements:\n  "613.1": a statement under another rule\n', encoding="utf-8")
    with pytest.raises(ValueError, match="not a number of rule 999"):
        load_page(bad)
    bad.write_text(head + 'kind: quoted\nstatements:\n  "999.1": s\n', encoding="utf-8")
    with pytest.raises(ValueError, match="'kind' must be"):
        load_page(bad)


def test_every_cited_rule_number_is_stated_or_listed_as_not_stated() -> None:
    """The corpus and the site's pages cite no rule number that links nowhere unless
    not-stated.yaml lists it, and that list names only numbers that are cited and unstated."""
    missing = cited_numbers()
    listed = set(not_stated())
    unlisted = {n: sorted(w)[:3] for n, w in missing.items() if n not in listed}
    assert not unlisted, f"rule numbers cited but neither stated nor in {DATA_DIR.name}/not-stated.yaml: {unlisted}"
    stale = sorted(listed - set(missing))
    assert not stale, f"not-stated.yaml lists numbers that now have a statement or are no longer cited: {stale}"


def test_no_comprehensive_rules_text_is_quoted_in_the_statements_or_the_corpus() -> None:
    """No run of ten words of the Comprehensive Rules texts the project read (quotations of card text
    inside them set aside) appears in a rule statement or a corpus case's passages and notes: the
    project states rules in its own words. The texts are read through their fingerprint
    (tests/cr_fingerprint.py: hashed runs, no text), so the check needs nothing outside the repository. The case files
    are read as the corpus loader reads them (``read_yaml``: the C parser, a fifth of PyYAML's pure-Python time)."""
    official = cr_fingerprint.load()
    assert len(official) > 5000, "the fingerprint holds the runs of every rules text read"
    ours = [(p.name, " ".join(s for _, s in p.paragraphs)) for p in rule_pages().values()]
    for case_file in sorted((ROOT / "corpus" / "cases").rglob("*.yaml")):
        case = read_yaml(case_file)
        said = [s.get("passage", "") for s in case.get("sources") or []] + list(case.get("notes") or [])
        ours.append((case_file.name, " ".join(said)))
    quoting = sorted(name for name, text in ours if cr_fingerprint.runs_of(text, set_aside_quotations=False) & official)
    assert not quoting, f"Comprehensive Rules text quoted (ten words in a row) in: {quoting}"


def test_the_quotation_check_can_fail() -> None:
    """Ten words in a row of a fingerprinted text are found, in quotation marks too; nine are not."""
    text = "one two three four five six seven eight nine ten eleven"
    stored = cr_fingerprint.runs_of(text)
    ten = " ".join(text.split()[:10])
    assert cr_fingerprint.runs_of(f"before {ten} after", set_aside_quotations=False) & stored
    assert cr_fingerprint.runs_of(f'it says "{ten}"', set_aside_quotations=False) & stored
    assert not cr_fingerprint.runs_of(" ".join(text.split()[:9]), set_aside_quotations=False) & stored
    assert not cr_fingerprint.runs_of(f'a rule quoting "{ten}"') & stored  # card text inside a rules text


def test_adapter_transcript_is_complete() -> None:
    """The adapter transcript fragment: ``fragments`` writes it as this session's Markdown (the session alone is
    run here; the other fragments, the corpus's diffs among them, are test_generated_fragments_are_current's)."""
    text = transcript_markdown(session("seed-gray-ogre", "ikoria", CASES_DIR))
    for what in ("`start`", "`ready`", "`run`", "`result`", "`stop`"):
        assert what in text
    assert "[…]" not in text and '"objects": [' in text and '"power": 5' in text


def test_bare_rule_numbers_in_html_become_links() -> None:
    from mtg_layers.docs_site.rule_pages import link_rule_numbers

    def href(name: str, anchor: str) -> str:
        return f"R/{name}/#{anchor}"

    html = (
        "<p>Layer 7b (613.4b) and 613.3 (2009); 418.5 and 400.7 link; 999.9 and 100.0% stay;"
        ' <a href="x">613.7</a> <code>613.1</code></p><h2>613.2</h2>'
    )
    out = link_rule_numbers(html, href)
    assert '<a href="R/613/#r613-4b" class="rule-link">613.4b</a>' in out
    assert '<a href="R/613-2020-01-22/#r613-3" class="rule-link">613.3</a> (2009)' in out
    assert '<a href="R/418/#r418-5" class="rule-link">418.5</a>' in out
    assert '<a href="R/400/#r400-7" class="rule-link">400.7</a>' in out
    assert "999.9 and 100.0% stay" in out
    cited = link_rule_numbers("<p>402.1 and 614.12</p>", href)  # cited, not stated: the index says so
    assert (
        cited
        == (
            '<p><a href="R/index/#r402-1" class="rule-link">402.1</a> and '
            '<a href="R/index/#r614-12" class="rule-link">614.12</a></p>'
        )
        and '<a href="x">613.7</a> <code>613.1</code>' in out
    )
    assert out.endswith("<h2>613.2</h2>")


def test_a_cell_ending_in_a_braced_mana_symbol_keeps_it_on_the_page() -> None:
    """The site's attr_list extension reads a cell's trailing "{8}" after a word as the cell's attributes and drops it
    (Colossus Hammer's "Equip {8}" and Seat of the Synod's "add {U}" were missing from 18 case pages): the generated
    cell escapes that brace, and the rendered table shows the symbol. Costs alone, JSON values and braces inside the
    text stay as they were."""
    import markdown  # type: ignore[import-untyped]  # (Python-Markdown, which mkdocs builds the site with)

    from mtg_layers.docs_site.generated_pages import _table

    cells = ["loses flying.\nEquip {8}", "{1}{G}", "{T}: Add {G}.", {"power": 2}, "Equip {8} "]
    rows = _table(["a", "b", "c", "d", "e"], [cells])
    assert rows[-1] == '| loses flying.<br>Equip \\{8} | {1}{G} | {T}: Add {G}. | {"power": 2} | Equip \\{8}  |', rows
    html = markdown.markdown("\n".join(rows), extensions=["tables", "attr_list"])
    assert "Equip {8}</td>" in html and "<td 8" not in html, html
    assert "<td>{1}{G}</td>" in html and '<td>{"power": 2}</td>' in html, html
