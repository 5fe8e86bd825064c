"""Browser test of the documentation site.

Builds the site with ``mkdocs build --strict`` (or uses an already built
site when ``MTG_LAYERS_SITE_DIR`` is set), serves it on 127.0.0.1 and loads
pages in Debian's headless Chromium (``/usr/bin/chromium``), the way a
reader's browser would, JavaScript included:

* the home page renders;
* the Gray Ogre case page shows the per-version tabs and a trace table;
* Mermaid diagrams render to SVG (the theme draws them client-side, inside a
  closed shadow root, so this is checked through the DevTools protocol);
* search finds "Gray Ogre", "Grey Ogre" and "Ogre gris", both in the search
  index the theme ships and through the search box itself.

Screenshots go to ``test-artifacts/``. Without Chromium the test fails (it
does not skip): install it with ``apt-get install -y chromium``.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from .site_helpers import (
    PLAYGROUND,
    BootedPlayground,
    Chromium,
    DevToolsSession,
    Site,
    SiteServer,
    node_classes,
    walk,
)

# Every test here needs the site built (`mkdocs build --strict`) and a headless Chromium: the slow tier.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"

GRAY_OGRE_PAGE = "cases/seed-gray-ogre/"
MERMAID_CASE_PAGE = "cases/seed-urborg-then-blood-moon/"
MERMAID_DOC_PAGE = "layers/"
# current rules first, each tab in words with its dates, the code name beside
VERSION_LABELS = (
    "Today (2025–) · 2025-08-01",
    "2023–2025 · 2023-11-17",
    "2020–2023 · ikoria",
    "2009–2020 · m10",
    "2004–2009, rule 418.5 · pre-m10",
)
SEARCH_TERMS = ("Gray Ogre", "Grey Ogre", "Ogre gris")


# --------------------------------------------------------------------------
# fixtures


@pytest.fixture(scope="module")
def chromium(site_chromium: Chromium) -> Chromium:
    """The test process's one headless Chromium (tests/site/conftest.py)."""
    return site_chromium


@pytest.fixture(scope="module")
def site(site_build: Site) -> Site:
    """(site directory, strict build result or None when prebuilt): the run's shared build."""
    return site_build


@pytest.fixture(scope="module")
def server(site_server: SiteServer) -> SiteServer:
    return site_server


@pytest.fixture(scope="module")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


SETTLED_JS = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))))"


class Pages:
    """Pages read in one tab of the shared browser, each loaded once: its DOM once it has loaded and its scripts have
    run (what ``chromium --dump-dom`` printed, a browser launched per page before), and its screenshot."""

    def __init__(self, session: DevToolsSession, server: SiteServer) -> None:
        self.session, self.server = session, server
        self._dom: dict[str, str] = {}

    def _at(self, path: str) -> None:
        url = require_page(self.server, path)
        if self.session.evaluate("location.href") != url:
            self.session.navigate(url)
            # the theme's scripts that run at load (tabs, tables, the "js" mark) have run; a frame and a task more
            self.session.evaluate(
                "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))))"
            )

    def dom(self, path: str) -> str:
        """The page's DOM as HTML (``<html>`` and all inside it)."""
        if path not in self._dom:
            self._at(path)
            self._dom[path] = self.session.evaluate("document.documentElement.outerHTML")
        return self._dom[path]

    def screenshot(self, path: str, shot: Path) -> None:
        self._at(path)
        self.session.screenshot(shot)

    def at(self, path: str) -> DevToolsSession:
        """The tab, at the page (loaded when it is not there already, its scripts run): a test that reads more of a
        page than its DOM asks the page itself, in the tab that loaded it, where a tab of its own (a browser context
        of its own, nothing cached) loaded it again."""
        self._at(path)
        return self.session


@pytest.fixture(scope="module")
def pages(chromium: Chromium, server: SiteServer) -> Iterator[Pages]:
    session = chromium.devtools()
    yield Pages(session, server)
    session.close()


def require_page(server: SiteServer, path: str) -> str:
    url = server.base_url + path
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            response.read()
    except urllib.error.HTTPError as exc:
        pytest.fail(
            f"{path} is not in the built site (HTTP {exc.code}); case pages are generated "
            "into docs/cases/ by the case-page generator, which must run before the site is built",
            pytrace=False,
        )
    return url


# --------------------------------------------------------------------------
# a small DOM reader for --dump-dom output


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Collector(HTMLParser):
    """Collects the <title>, the page <h1>, tab labels and tables of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self._in_title = False
        self.stack: list[tuple[str, set[str]]] = []
        self.tab_labels: list[str] = []
        self._label_depth: int | None = None
        self._label_text = ""
        self.tables = 0
        self.table_headers: list[str] = []
        self._th_depth: int | None = None
        self._th_text = ""
        self.h1: list[str] = []
        self._h1_depth: int | None = None
        self._h1_text = ""

    def _inside(self, cls: str) -> bool:
        return any(cls in classes for _, classes in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = set((attributes.get("class") or "").split())
        if tag in _VOID:
            return
        self.stack.append((tag, classes))
        depth = len(self.stack)
        if tag == "title":
            self._in_title = True
        if tag == "label" and self._inside("tabbed-labels"):
            self._label_depth, self._label_text = depth, ""
        if tag == "table" and self._inside("md-content"):
            self.tables += 1
        if tag == "th" and self._inside("md-content"):
            self._th_depth, self._th_text = depth, ""
        if tag == "h1" and self._inside("md-content"):
            self._h1_depth, self._h1_text = depth, ""

    def handle_endtag(self, tag: str) -> None:
        if not self.stack:
            return
        # tolerate unbalanced markup: pop to the matching tag
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                break
        else:
            return
        depth = i + 1
        if tag == "title":
            self._in_title = False
        if self._label_depth is not None and depth <= self._label_depth:
            self.tab_labels.append(" ".join(self._label_text.split()))
            self._label_depth = None
        if self._th_depth is not None and depth <= self._th_depth:
            self.table_headers.append(" ".join(self._th_text.split()))
            self._th_depth = None
        if self._h1_depth is not None and depth <= self._h1_depth:
            self.h1.append(" ".join(self._h1_text.split()))
            self._h1_depth = None
        del self.stack[i:]

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._label_depth is not None:
            self._label_text += data
        if self._th_depth is not None:
            self._th_text += data
        if self._h1_depth is not None:
            self._h1_text += data


def parse(html: str) -> _Collector:
    collector = _Collector()
    collector.feed(html)
    collector.close()
    return collector


# --------------------------------------------------------------------------
# tests


def test_strict_build(site: Site) -> None:
    _, strict = site
    if strict is None:
        pytest.skip("MTG_LAYERS_SITE_DIR is set: the site was built elsewhere")
    assert strict.returncode == 0, (
        "mkdocs build --strict failed:\n" + strict.stdout[-4000:] + "\n" + strict.stderr[-8000:]
    )


def test_home_page_renders(pages: Pages, artifacts: Path) -> None:
    html = pages.dom("")
    page = parse(html)
    assert "mtg-layers" in page.title, page.title
    assert page.h1 and page.h1[0].rstrip("¶").strip() == "mtg-layers", page.h1
    # the theme's JavaScript ran: its inline script marks <html> with class "js"
    html_tag = re.search(r"<html[^>]*>", html)
    # (a class of its own: "no-js", the class before the theme's bundle ran, is not it)
    classes = re.search(r'class="([^"]*)"', html_tag.group(0)) if html_tag else None
    assert classes and "js" in classes.group(1).split(), "the theme's JavaScript did not run"
    assert "Gray Ogre" in html
    pages.screenshot("", artifacts / "home.png")


def test_gray_ogre_case_page_has_version_tabs_and_trace(pages: Pages, artifacts: Path) -> None:
    page = parse(pages.dom(GRAY_OGRE_PAGE))
    for label in VERSION_LABELS:
        assert label in page.tab_labels, f"no {label!r} tab on {GRAY_OGRE_PAGE}; tabs: {page.tab_labels}"
    assert page.tab_labels[0] == VERSION_LABELS[0], (
        f"the first tab is not the newest rules the case declares: {page.tab_labels[:3]}"
    )
    assert page.tables >= 1, f"no trace table on {GRAY_OGRE_PAGE}"
    assert page.table_headers, "the trace table has no header row"
    pages.screenshot(GRAY_OGRE_PAGE, artifacts / "case-seed-gray-ogre.png")


def _mermaid_svgs(session: DevToolsSession) -> int:
    """Count <svg> elements inside Mermaid hosts, shadow roots included."""
    count = 0
    for node in walk(session.document_tree()):
        if "mermaid" in node_classes(node):
            count += sum(1 for inner in walk(node) if inner.get("localName") == "svg")
    return count


def _assert_mermaid_renders(pages: Pages, path: str, shot: Path) -> None:
    session = pages.at(path)
    url = pages.server.base_url + path
    blocks = session.poll("document.querySelectorAll('.mermaid').length", timeout=10)
    assert blocks, f"no Mermaid block on {url}"
    svgs = 0
    for _ in range(80):  # up to ~20 s
        svgs = _mermaid_svgs(session)
        if svgs:
            break
        session.evaluate("new Promise(r => setTimeout(r, 250))")
    assert svgs >= 1, f"Mermaid did not render an <svg> on {url}"
    session.screenshot(shot)


def test_mermaid_renders_on_hand_written_page(pages: Pages, artifacts: Path) -> None:
    _assert_mermaid_renders(pages, MERMAID_DOC_PAGE, artifacts / "layers-mermaid.png")


def test_mermaid_renders_on_case_page(pages: Pages, artifacts: Path) -> None:
    _assert_mermaid_renders(pages, MERMAID_CASE_PAGE, artifacts / "case-urborg-blood-moon-mermaid.png")


def test_search_index_contains_terms(site: Site) -> None:
    index = json.loads((site[0] / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert set(index["config"]["lang"]) >= {"en", "fr"}, index["config"]
    docs = index["docs"]
    for term in SEARCH_TERMS:
        hits = [d["location"] for d in docs if term.lower() in (d["title"] + " " + d["text"]).lower()]
        assert hits, f"{term!r} is in no page of the search index"
    assert any(
        d["location"].startswith(GRAY_OGRE_PAGE) and "gray ogre" in (d["title"] + d["text"]).lower() for d in docs
    ), f"the search index has no entry for {GRAY_OGRE_PAGE} mentioning Gray Ogre"


SEARCH_RESULTS_JS = """
(() => {
  const items = [...document.querySelectorAll('.md-search-result__item')];
  return items.map(li => {
    const a = li.querySelector('a');
    return {href: a ? a.getAttribute('href') : '', text: li.textContent.replace(/\\s+/g, ' ').trim()};
  });
})()
"""


def search_results(session: DevToolsSession, query: str, timeout: float = 60) -> Any:
    """The search results for ``query``: once the worker has answered it, the last query sent (it answers each
    prefix as it is typed, and a prefix's results can stay still for a second on a loaded machine), when they stop
    changing. The page counts the queries it sent and the answers that came back (docs/javascripts/search-on-demand.js);
    the theme draws the first results in the handler of the worker's answer, after the counter's own, so they are
    there once the answer is counted. "Stop changing" is checked by the page's frames, not by time: the list read
    before and after two animation frames (the page's next renderings) must be the same."""
    answered = (
        f"window.mtgLayersSearchLastSent === window.mtgLayersSearchQuery({json.dumps(query)})"
        " && window.mtgLayersSearchAnswered === window.mtgLayersSearchSent"
    )
    assert session.poll(answered, timeout=timeout), f"the search worker did not answer {query!r}"
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        results = session.evaluate(SEARCH_RESULTS_JS)
        if results and results == last:
            return results
        last = results
        session.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return last


def open_search(session: DevToolsSession, timeout: float = 60) -> None:
    """Open the search dialog and focus its box, like a reader; the index loads then (search on demand),
    and the worker is ready when the static "Initializing" text goes away."""
    session.evaluate("document.querySelector('label[for=__search]').click()")
    session.evaluate("document.querySelector('.md-search__input').focus()")
    assert session.poll("document.activeElement.matches('.md-search__input')", timeout=10), "search box not focused"
    assert session.poll(
        "!/Initializing|Initialisation/.test(document.querySelector('.md-search-result__meta').textContent)",
        timeout=timeout,
    ), "the search worker did not start"


def search_box_emptied(session: DevToolsSession, url: str) -> None:
    """The page at ``url`` with its search box open and emptied, as a reader leaves it between two searches.

    The page is opened (and the index built: about 2 s of the browser's CPU for 9 MB) only when the session is not
    already there with search open (opened by a search link, ``?q=``, too), so searches made one after another share
    a page, as a reader's do.
    """
    here = session.evaluate("location.origin + location.pathname") == url  # a search link's query string aside
    if not (here and session.evaluate("!!window.mtgLayersSearchSent && document.getElementById('__search').checked")):
        session.navigate(url)
        open_search(session)
        return
    session.evaluate("document.querySelector('.md-search__input').select()")
    key = {"key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8}
    session.send("Input.dispatchKeyEvent", {"type": "keyDown", **key})
    session.send("Input.dispatchKeyEvent", {"type": "keyUp", **key})
    assert session.poll("document.querySelector('.md-search__input').value === ''", timeout=10), "the box kept its text"


def _check_results(term: str, results: Any) -> None:
    assert results, f"search for {term!r} found nothing"
    texts = " ".join(r["text"] for r in results).lower()
    assert "ogre" in texts, f"search for {term!r} found no page about the Ogre: {results[:5]}"


@pytest.fixture(scope="module")
def search_page(chromium: Chromium) -> Iterator[DevToolsSession]:
    """One page for the searches typed into the box, one after another (``search_box_emptied``)."""
    session = chromium.devtools()
    yield session
    session.close()


# The term of the shared search link: what each term finds is the search box tests' (every term of SEARCH_TERMS and
# FRENCH_SEARCHES here, test_french_search.py's queries typed in); the link's own part is reading the term from the
# address, one page load per term (the page builds the search index each time: about 2 s of the browser's CPU), so
# one term, with a space and letters the address carries percent-encoded as UTF-8, and the page it must find first
# (test_french_search.FRENCH_QUERIES: the card's page for its French name).
LINK_TERM, LINK_FINDS = "Soirée enchantée", "Enchanted Evening"


def test_search_query_parameter_finds(search_page: DevToolsSession, server: SiteServer) -> None:
    """A shared search link (?q=...) opens the search dialog with results.

    Read through the DevTools protocol rather than --dump-dom: the search runs
    in a web worker on real time, which --virtual-time-budget does not wait for.

    The link is opened in the page the search box tests then type into (``search_page``, loaded here): the home page
    with its search open and its index built, where each of them empties the box (``search_box_emptied``)."""
    search_page.navigate(server.base_url + "?q=" + urllib.parse.quote(LINK_TERM))
    results = search_results(search_page, LINK_TERM)
    assert results, f"the link's search for {LINK_TERM!r} found nothing"
    first = f"{results[0]['href']} {results[0]['text'][:200]}"
    assert LINK_FINDS in first, f"{LINK_TERM!r}: first result {results[0]}, then {results[1:4]}"
    assert search_page.evaluate("document.querySelector('.md-search__input').value") == LINK_TERM


@pytest.mark.parametrize("term", SEARCH_TERMS)
def test_search_box_finds(term: str, search_page: DevToolsSession, server: SiteServer, artifacts: Path) -> None:
    """Type the term into the theme's search box, like a reader."""
    search_box_emptied(search_page, server.base_url)
    search_page.type_text(term)
    results = search_results(search_page, term)
    _check_results(term, results)
    slug = re.sub(r"[^a-z]+", "-", term.lower())
    search_page.screenshot(artifacts / f"search-{slug}.png")


PLAYGROUND_OGRE_JS = """
(() => {
  const out = document.getElementById('pg-output');
  if (!out || out.dataset.version !== %(vid)r) return null;
  const row = [...out.querySelectorAll('table[data-kind=result] tbody tr')]
    .map(tr => [...tr.children].map(td => td.textContent))
    .find(cells => cells[0] === 'ogre');
  return row ? {pt: row[5], trace: out.querySelector('table[data-kind=trace]').textContent} : null;
})()
"""


def test_the_playground_starts_without_errors(booted_playground: BootedPlayground) -> None:
    """The playground page loads and starts Python with no console error, failed load or HTTP error (the crawl of
    every page, test_all_pages.py, leaves this page to this test, which watches it until Python has started)."""
    assert booted_playground.ready, f"the playground did not start: {booted_playground.started['status']}"
    assert not booted_playground.boot_problems, f"{PLAYGROUND}: {booted_playground.boot_problems}"


def test_playground_runs_gray_ogre_under_two_versions(
    booted_playground: BootedPlayground, server: SiteServer, artifacts: Path
) -> None:
    """The playground page runs the project's resolver under Pyodide, bundled into the site (no network)."""
    session = booted_playground.fresh()
    chosen = booted_playground.started["version"]
    assert chosen == "2025-08-01", f"the case opened under {chosen}, not the newest rules it declares"
    assert booted_playground.started["output"] == chosen, "the page did not answer for the case as it opened"
    for vid, pt in (("2020-04-17", "5/8"), ("2004-10-01", "1/4")):
        select = f"document.getElementById('pg-version').value = {json.dumps(vid)}"
        session.evaluate(f"(() => {{ {select}; document.getElementById('pg-run').click(); }})()")
        found = session.poll(PLAYGROUND_OGRE_JS % {"vid": vid}, timeout=60)
        assert found, f"no result for the Gray Ogre under {vid}"
        assert found["pt"] == pt, f"Gray Ogre under {vid}: {found['pt']}, expected {pt}"
        assert "sets power/toughness" in found["trace"]
        session.screenshot(artifacts / f"playground-gray-ogre-{vid}.png")
    # offline: everything the page loaded (Pyodide included) came from the site itself
    loaded = session.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    outside = [u for u in loaded if not u.startswith(server.base_url)]
    assert not outside, f"the playground fetched from outside the site: {outside}"
    assert any(u.endswith("pyodide.asm.wasm") for u in loaded), loaded
    assert not booted_playground.new_problems()


def test_trace_row_in_words(pages: Pages) -> None:
    html = pages.dom(GRAY_OGRE_PAGE)
    text = re.sub(r"<[^>]+>", "", html)
    assert "sets power/toughness: layer 7b, 613.4b" in text, "the trace does not say which layer and rule"
    order = "timestamp 4, after Target creature gets +4/+4 until end of turn (ts 3) and 1 earlier effect in 7c"
    assert order in text, "the trace does not give the order in words"
    assert "Gray Ogre: 5/8 (was 5/6)" in text, "the trace does not show what changed in game notation"
    assert "Creature — Ogre" in text, "no result table in game notation"
    moon = re.sub(r"<[^>]+>", "", pages.dom(MERMAID_CASE_PAGE))
    why = "it would stop the effect of Urborg, Tomb of Yawgmoth from existing, so that effect depends on it (613.8a)"
    assert why in moon, "the dependency is not given in words"


DATED_CASE_PAGE = "cases/cr-613-7n-own-static-ability-before-resolving-effect/"
# a case that declares the two newest dated profiles: today's first, each with its dates
DATED_LABELS = ("Today (2025–) · 2025-08-01", "2023–2025 · 2023-11-17")


def test_dated_profiles_tabs_today_first(pages: Pages, artifacts: Path) -> None:
    page = parse(pages.dom(DATED_CASE_PAGE))
    # today's tab first, then the older ones newest first (since issue 29 the case also declares the day before
    # and the day of 613.7n's change, 2025-07-24 and 2025-07-25, between the two profiles)
    labels = page.tab_labels
    assert labels[0] == DATED_LABELS[0] and DATED_LABELS[1] in labels, f"tabs on {DATED_CASE_PAGE}: {labels}"
    days = [label.rsplit(" · ", 1)[-1] for label in labels]
    assert days == sorted(days, reverse=True), f"tabs on {DATED_CASE_PAGE}: {labels}"
    pages.screenshot(DATED_CASE_PAGE, artifacts / "case-613-7n-dated-tabs.png")


# what a reader sees must be words: no Python list, no refuted theorem left unexplained
PAGE_TEXT_JS = "document.querySelector('.md-content').innerText"
NO_LIST_PAGES = (
    "proofs/",
    "cases/seed-white-creatures-fly-then-becomes-white/",
    "cases/model-changeling-loses-all-creature-types/",
)


@pytest.mark.parametrize("path", NO_LIST_PAGES)
def test_no_python_list_printed_as_text(path: str, pages: Pages) -> None:
    text = pages.at(path).evaluate(PAGE_TEXT_JS)
    printed = re.findall(r"\[\]|\['[^\]]*'\]|\(\s*'[^)]*',\s*\)", text)
    assert not printed, f"{path} prints Python values as text: {printed[:5]}"
    if path == "proofs/":
        table = session_text_rows(text, "statement")
        assert table, "no theorem table on the Proofs page"
        for row in table:
            status = row[-1].lower()
            assert "refuted" not in status and "counterexample found" not in status, f"a refuted theorem: {row}"


def session_text_rows(text: str, header_word: str) -> list[list[str]]:
    """The rows (tab-separated cells) of the table whose header row names ``header_word``."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if header_word in line.split("\t")), None)
    if start is None:
        return []
    rows = []
    for line in lines[start + 1 :]:
        if "\t" not in line:
            break
        rows.append(line.split("\t"))
    return rows


# the text of the element the address's fragment names (what a rule link leads to), or null
ANCHOR_TEXT_JS = (
    "(() => { const el = document.getElementById(location.hash.slice(1)); return el ? el.textContent : null; })()"
)


HAND_WRITTEN_RULE_JS = """
(() => [...document.querySelectorAll('.md-content a.rule-link')]
  .filter(a => a.textContent.trim() === '613.8a').map(a => a.href))()
"""


def test_rule_number_on_a_hand_written_page_links_to_its_text(pages: Pages) -> None:
    session = pages.at(MERMAID_DOC_PAGE)
    hrefs = session.evaluate(HAND_WRITTEN_RULE_JS)
    assert hrefs, "613.8a is not a link on the Layers page"
    session.navigate(hrefs[0])
    target = session.evaluate(ANCHOR_TEXT_JS)
    assert target and target.startswith("613.8a"), f"{hrefs[0]} does not lead to 613.8a: {target!r}"


RULE_LINK_JS = """
(() => [...document.querySelectorAll('.md-content a')]
  .filter(a => a.textContent.trim() === '613.4b')
  .map(a => a.href))()
"""


def test_rule_number_links_to_its_text(pages: Pages, artifacts: Path) -> None:
    session = pages.at(GRAY_OGRE_PAGE)
    hrefs = session.evaluate(RULE_LINK_JS)
    assert hrefs, "rule 613.4b is not a link on the Gray Ogre page"
    session.navigate(hrefs[0])
    target = session.evaluate(ANCHOR_TEXT_JS)
    assert target and target.startswith("613.4b"), f"{hrefs[0]} does not lead to the text of 613.4b: {target!r}"
    session.screenshot(artifacts / "rule-613-4b.png")


def test_footer_links_repository_and_licence(pages: Pages, server: SiteServer) -> None:
    html = pages.dom("")
    assert 'class="footer-repo"' in html and 'class="footer-licence"' in html
    assert re.search(r'href="(\./)?licence/" class="footer-licence"', html), "no licence link in the footer"
    require_page(server, "licence/")


def test_mermaid_only_on_pages_with_a_diagram(site: Site, pages: Pages) -> None:
    root = site[0]
    for page in ("index.html", "cases/seed-gray-ogre/index.html", "glossary/index.html"):
        assert "mermaid.min.js" not in (root / page).read_text("utf-8"), f"{page} loads Mermaid without a diagram"
    for page in ("layers/index.html", "cases/seed-urborg-then-blood-moon/index.html"):
        assert "mermaid.min.js" in (root / page).read_text("utf-8"), f"{page} has a diagram but no Mermaid"
    assert pages.at(GRAY_OGRE_PAGE).evaluate("typeof window.mermaid") == "undefined"


def test_french_pages_say_they_are_french(site: Site) -> None:
    root = site[0]
    for page in ("fr/index.html", "fr/layers/index.html", "fr/glossary/index.html"):
        assert '<html lang="fr"' in (root / page).read_text("utf-8"), f"{page} does not declare French"
    assert '<html lang="en"' in (root / "index.html").read_text("utf-8")


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
WIDTHS_JS = "[document.documentElement.scrollWidth, window.innerWidth]"


@pytest.mark.parametrize("path", [GRAY_OGRE_PAGE, MERMAID_CASE_PAGE, ""])
def test_no_horizontal_overflow_on_a_phone(path: str, chromium: Chromium, server: SiteServer, artifacts: Path) -> None:
    """At 390 px wide, tables scroll inside their box or reflow: the page itself never scrolls sideways."""
    session = chromium.devtools()
    try:
        session.send("Emulation.setDeviceMetricsOverride", PHONE)
        session.navigate(require_page(server, path))
        widths = session.evaluate(WIDTHS_JS)
        assert widths[0] <= widths[1], f"{path or 'home'} overflows at 390 px: {widths[0]} > {widths[1]}"
        slug = re.sub(r"[^a-z0-9]+", "-", path).strip("-") or "home"
        session.screenshot(artifacts / f"phone-{slug}.png")
    finally:
        session.close()


def test_no_horizontal_overflow_on_a_phone_in_the_playground(
    booted_playground: BootedPlayground, artifacts: Path
) -> None:
    """The same at 390 px on the playground page (the page with Python started, shared), its answer to the case on
    it: the result, the check and the trace tables."""
    session = booted_playground.fresh()
    session.send("Emulation.setDeviceMetricsOverride", PHONE)
    session.evaluate("document.getElementById('pg-run').click()")
    assert session.poll("document.getElementById('pg-output').dataset.version", timeout=60), "no answer on the page"
    session.evaluate(SETTLED_JS)
    widths = session.evaluate(WIDTHS_JS)
    assert widths[0] <= widths[1], f"{PLAYGROUND} overflows at 390 px: {widths[0]} > {widths[1]}"
    session.screenshot(artifacts / "phone-playground.png")
    session.send("Emulation.clearDeviceMetricsOverride")


# French: a card by its printed French name, and French rules terms.
FRENCH_SEARCHES = {
    "Humilité": ("humilité", "humility"),
    "Lune de sang": ("lune de sang",),
    "dépendance": ("dépendance",),
    "tampon horaire": ("tampon horaire",),
}


@pytest.mark.parametrize("term", list(FRENCH_SEARCHES))
def test_search_box_finds_french(term: str, search_page: DevToolsSession, server: SiteServer, artifacts: Path) -> None:
    search_box_emptied(search_page, server.base_url)
    search_page.type_text(term)
    results = search_results(search_page, term)
    assert results, f"search for {term!r} found nothing"
    top = " ".join(r["text"] for r in results[:5]).lower()
    assert any(word in top for word in FRENCH_SEARCHES[term]), f"{term!r}: top results {results[:5]}"
    slug = re.sub(r"[^a-z]+", "-", term.lower().replace("é", "e"))
    search_page.screenshot(artifacts / f"search-fr-{slug}.png")
