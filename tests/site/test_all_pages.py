"""Every page of the built site checked for what a reader's browser would meet: no console error, no file that
is not there, no diagram left as source.

A page fails when the browser reports an error while it loads (a script exception, ``console.error``, a
resource that does not load, such as a 404) or when a Mermaid block is still text once the theme has
drawn its diagrams (a label the parser refuses leaves the diagram's source on the page). Every page is
waited on by condition (the load event, then each Mermaid block turned into a drawing), never by time.

The 327 case pages come from one generator (``generated_pages.case_page``): opening each in the browser checked
the same template 327 times. So each check is made where it is cheapest and still covers every page:

* every link and resource (``href``, ``src``) of every page is looked up in the built tree, without a browser:
  a file that is not there is what the server would answer with a 404 (``page_survey.missing_references``);
* every Mermaid diagram of every page (distinct sources once) is drawn by the theme itself in a few batch pages
  made from a real page of the site, each block on its own: a diagram left as source names its pages;
* every page that is not a case page or a rule page is opened in the browser, as before;
* of the case pages, those opened are the fewest that together hold every kind of markup found on any case
  page (``page_survey.page_features``: each element's tag, classes and attribute names, each parent-child pair
  of them, each script and stylesheet loaded), chosen by ``page_survey.covering_sample`` from the HTML, not at
  random. What runs on a case page is the theme's bundle, search-on-demand.js and, with a diagram, Mermaid;
  the theme's scripts act on elements by selector (tabs, tables, code blocks, links, diagrams, titles), so a
  script path a case page can take is one its kinds of markup select, and every kind is on a page opened here.
  What differs from one case page to another beyond that is words and numbers (in cells, labels, links) and
  diagram sources: the links and the diagrams are the two checks above, on every page.
* the 21 rule pages (rules/NAME/) come from one generator too (``rule_pages.generate_rule_pages``: the statements,
  then the functions and cases citing the rule): the same argument, the same choice among them.

Also here: the French side of the site (the theme's labels, the language switch, the French playground).

The site is built once (``MTG_LAYERS_SITE_DIR`` names a built one to reuse, as in test_browser.py).
"""

from __future__ import annotations

import contextlib
import html
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from .page_survey import (
    covering_sample,
    is_case_page,
    is_rule_page,
    mermaid_blocks,
    missing_references,
    page_features,
    site_pages,
)
from .site_helpers import (
    CDPError,
    Chromium,
    DevToolsSession,
    Site,
    SiteServer,
    overlay_site,
    problems,
    wait_script,
)

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
PAGE_TIMEOUT = 120.0  # seconds for one page to load and draw its diagrams, on a loaded machine
SETTLE_CHECK = 2.0  # seconds at most between two looks at the exceptions DevTools reported, while diagrams draw
BATCH = 100  # diagrams drawn on one batch page at most

# Mermaid blocks not yet drawn: the theme replaces each <pre class="mermaid"> by a <div class="mermaid">
# holding the drawing in a closed shadow root, and a diagram that fails to parse stays as its source.
UNDRAWN_JS = """
(() => {
  const blocks = [...document.querySelectorAll('.mermaid')];
  return blocks.filter(b => b.tagName === 'PRE' || (b.tagName !== 'DIV') || b.textContent.includes('-->')).length;
})()
"""
DIAGRAMS_JS = "document.querySelectorAll('.mermaid').length"


@pytest.fixture(scope="module")
def built(site_build: Site) -> Path:
    """The run's shared build (tests/site/conftest.py)."""
    return site_build[0]


@pytest.fixture(scope="module")
def server(site_server: SiteServer) -> SiteServer:
    return site_server


@pytest.fixture(scope="module")
def browser(site_chromium: Chromium) -> Chromium:
    """The test process's one headless Chromium."""
    return site_chromium


@pytest.fixture(scope="module")
def session(browser: Chromium) -> Iterator[DevToolsSession]:
    devtools = browser.devtools()
    devtools.send("Log.enable")
    devtools.send("Network.enable")
    yield devtools
    devtools.close()


def diagrams_settle(session: DevToolsSession) -> bool:
    """Wait until every diagram is drawn (True) or the page threw while drawing one (False).

    A diagram that cannot be parsed makes Mermaid throw, and then it stays as its source for good: the wait ends on
    the first exception instead of running out its time, so the verdict does not hang on the machine's speed. The
    page itself waits (``wait_script``): it settles as soon as the last diagram is drawn or the page throws, and
    every ``SETTLE_CHECK`` seconds at the latest, when the exceptions DevTools reported are looked at (one thrown
    before the page's wait began reaches only DevTools).
    """
    deadline = time.monotonic() + PAGE_TIMEOUT
    drawn = f"({UNDRAWN_JS}) === 0"
    while True:
        if session.evaluate(drawn):
            return True
        if any(e.get("method") == "Runtime.exceptionThrown" for e in session._events):
            return False
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        session.evaluate(wait_script(drawn, min(remaining, SETTLE_CHECK), stop_on_error=True), timeout=PAGE_TIMEOUT)


def open_page(session: DevToolsSession, url: str) -> list[str]:
    """Load a page, wait until its diagrams are drawn (or cannot be), and return what went wrong."""
    session.navigate(url, timeout=PAGE_TIMEOUT)
    wrong = []
    if session.evaluate(DIAGRAMS_JS) and not diagrams_settle(session):
        wrong.append(f"{session.evaluate(UNDRAWN_JS)} Mermaid diagram(s) left as source")
    session.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")  # flush queued errors
    session.send("Runtime.evaluate", {"expression": "0"})
    events, session._events[:] = list(session._events), []
    return problems(events) + wrong


class Survey(NamedTuple):
    """The built site's pages, read once: each page's HTML, the case pages' kinds of markup, the sample opened; the
    same for the rule pages."""

    texts: dict[str, str]  # path -> HTML, every page
    features: dict[str, frozenset[str]]  # case page -> its kinds of markup (page_features)
    sample: list[str]  # the case pages the browser opens (covering_sample)
    rule_features: dict[str, frozenset[str]]  # rule page -> its kinds of markup
    rule_sample: list[str]  # the rule pages the browser opens

    def outside_sample(self) -> str:
        """A case page the browser does not open (the first by path)."""
        return next(p for p in sorted(self.features) if p not in self.sample)

    def template(self) -> str:
        """The first page (by path) one level down the site's root with a Mermaid diagram: batch pages are made
        from it (``diagram_failures``), and served one level down too, so its relative links hold."""
        return next(p for p, t in self.texts.items() if p.count("/") == 1 and mermaid_blocks(t))


@pytest.fixture(scope="module")
def survey(built: Path) -> Survey:
    texts = {path: (built / path / "index.html").read_text("utf-8") for path in site_pages(built)}
    features = {path: page_features(text) for path, text in texts.items() if is_case_page(path, text)}
    rules = {path: page_features(text) for path, text in texts.items() if is_rule_page(path)}
    return Survey(texts, features, covering_sample(features), rules, covering_sample(rules))


def with_content(text: str, extra: str) -> str:
    """The page with ``extra`` at the start of its article."""
    start = text.index(">", text.index('<article class="md-content__inner')) + 1
    return text[:start] + extra + text[start:]


def load_failures(session: DevToolsSession, server: SiteServer, pages: list[str]) -> str:
    """Each page opened in turn (``open_page``); the report of those that went wrong, empty when none did."""
    failures = {}
    for path in pages:
        wrong = open_page(session, server.base_url + path)
        if wrong:
            failures[path or "(home)"] = wrong
    report = "\n".join(f"{page}:\n  " + "\n  ".join(why) for page, why in sorted(failures.items()))
    return f"{len(failures)} of {len(pages)} pages have errors:\n{report}" if failures else ""


# The playground pages start Python (Pyodide) once loaded: the tests that use them watch them, for the same errors
# as here, from before they load until Python has started and answered (a few seconds of the browser's CPU each).
STARTED_ELSEWHERE = {
    "playground/": "test_browser.py::test_the_playground_starts_without_errors",
    "fr/playground/": "test_the_french_playground_answers_in_french",
}


def test_every_page_but_the_case_pages_loads_without_errors_and_draws_its_diagrams(
    survey: Survey, server: SiteServer, session: DevToolsSession
) -> None:
    assert set(STARTED_ELSEWHERE) <= set(survey.texts), sorted(STARTED_ELSEWHERE)
    pages = [p for p in survey.texts if p not in survey.features | survey.rule_features and p not in STARTED_ELSEWHERE]
    assert len(pages) > 20 and "" in pages and "cases/" in pages, pages  # the home page and the corpus index
    report = load_failures(session, server, pages)
    assert not report, report


def test_the_case_pages_holding_every_kind_of_markup_load_without_errors(
    survey: Survey, server: SiteServer, session: DevToolsSession
) -> None:
    """The case pages ``covering_sample`` chose (the module's docstring says why the others need no browser)."""
    assert len(survey.features) > 100 and 0 < len(survey.sample) < len(survey.features) / 4, survey.sample
    report = load_failures(session, server, survey.sample)
    assert not report, report


def test_the_rule_pages_holding_every_kind_of_markup_load_without_errors(
    survey: Survey, server: SiteServer, session: DevToolsSession
) -> None:
    """The rule pages ``covering_sample`` chose (the module's docstring says why the others need no browser)."""
    assert len(survey.rule_features) > 15 and 0 < len(survey.rule_sample) < len(survey.rule_features) / 2, (
        survey.rule_sample
    )
    report = load_failures(session, server, survey.rule_sample)
    assert not report, report


def test_every_link_and_resource_of_every_page_is_in_the_built_site(built: Path, survey: Survey) -> None:
    """Every page's ``href`` and ``src`` into the site, case pages included, names a file the build wrote."""
    assert len(survey.texts) > 300, len(survey.texts)
    missing = missing_references(built, survey.texts)
    assert not missing, f"{len(missing)} pages refer to files the site does not have: {missing}"


def diagram_failures(
    session: DevToolsSession, site: Path, template: str, pages: dict[str, str], into: Path
) -> list[str]:
    """Draw every Mermaid diagram of ``pages`` (path -> HTML) once per distinct source, ``BATCH`` to a page, and say
    which were left as source (each with the pages and the position on them it has) and what else went wrong.

    A batch page is ``template``, a real page of the site with a diagram (it loads Mermaid as those pages do), its
    article's content replaced by the diagrams, each ``<pre class="mermaid">`` copied as the page has it inside a
    ``<div data-diagram>`` of its own; the theme draws them as on any page. The page counts what fails (an uncaught
    error or promise), and the wait ends when every diagram is drawn or has failed, or after ``PAGE_TIMEOUT``."""
    where: dict[str, list[str]] = {}
    for path, text in pages.items():
        for n, block in enumerate(mermaid_blocks(text), start=1):
            where.setdefault(block, []).append(f"{path or '(home)'} diagram {n}")
    page = (site / template / "index.html").read_text("utf-8")
    counter = (
        "<script>window.__failed = 0; addEventListener('error', () => window.__failed++);"
        " addEventListener('unhandledrejection', () => window.__failed++);</script>"
    )
    head = page.index("<head>") + len("<head>")
    opening = page.index(">", page.index('<article class="md-content__inner')) + 1
    closing = page.rindex("</article>")
    blocks, failures = list(where), []
    batches = {f"test-diagrams-{k}": blocks[k : k + BATCH] for k in range(0, len(blocks), BATCH)}
    overlay = overlay_site(
        site,
        into,
        {
            name: page[:head]
            + counter
            + page[head:opening]
            + "".join(f'<div data-diagram="{i}">{b}</div>' for i, b in enumerate(batch))
            + page[closing:]
            for name, batch in batches.items()
        },
    )
    drawn = "(c => c && c.tagName === 'DIV' && c.classList.contains('mermaid') && !c.textContent.includes('-->'))"
    with SiteServer(overlay) as own:
        for name, batch in batches.items():
            session.navigate(own.base_url + name + "/", timeout=PAGE_TIMEOUT)
            settled = (
                "[...document.querySelectorAll('[data-diagram]')]"
                f".filter(d => {drawn}(d.firstElementChild)).length + window.__failed >= {len(batch)}"
            )
            session.evaluate(wait_script(settled, PAGE_TIMEOUT), timeout=PAGE_TIMEOUT + 30)
            left = session.evaluate(
                "[...document.querySelectorAll('[data-diagram]')]"
                f".filter(d => !{drawn}(d.firstElementChild)).map(d => +d.dataset.diagram)"
            )
            session.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")  # flush queued errors
            events, session._events[:] = list(session._events), []
            for i in left:
                source = html.unescape(batch[i].split("<code>", 1)[1].rsplit("</code>", 1)[0])
                failures.append(f"left as source on {', '.join(where[batch[i]])}:\n    {source.strip()[:300]}")
            failures += [f"{name}: {p}" for p in problems(events)]
    return failures


def test_every_diagram_of_the_site_draws(built: Path, survey: Survey, session: DevToolsSession, tmp_path: Path) -> None:
    """Every Mermaid diagram of every page, case pages included, drawn by the theme (``diagram_failures``)."""
    assert sum(len(mermaid_blocks(t)) for t in survey.texts.values()) > 50
    failures = diagram_failures(session, built, survey.template(), survey.texts, tmp_path / "batches")
    assert not failures, f"{len(failures)} diagrams or batch pages failed:\n" + "\n".join(failures)


def test_a_bad_diagram_on_a_case_page_the_browser_does_not_open_is_caught(
    built: Path, survey: Survey, session: DevToolsSession, tmp_path: Path
) -> None:
    """A label with a bare double quote (what the case-page generator wrote before its labels were escaped), put on
    a case page outside the sample, is left as source in the batch, named with that page."""
    page = survey.outside_sample()
    broken = (
        '<pre class="mermaid"><code>graph LR\n  n0["aura:creatures with "this creature is a sky-creature" have'
        ' flying"] --&gt;|"depends on (6, applies-to)"| n1["b"]\n</code></pre>'
    )
    text = with_content(survey.texts[page], broken)
    failures = diagram_failures(session, built, survey.template(), {page: text}, tmp_path / "batches")
    assert any(f.startswith(f"left as source on {page} diagram 1:") for f in failures), failures


def test_a_missing_file_on_a_case_page_the_browser_does_not_open_is_caught(built: Path, survey: Survey) -> None:
    """A link to a case page that is not there and an image that is not there, on a case page outside the sample."""
    page = survey.outside_sample()
    text = with_content(survey.texts[page], '<a href="../no-such-case/">x</a><img src="../../no.png">')
    assert missing_references(built, {page: text}) == {page: ["../../no.png", "../no-such-case/"]}


def test_markup_found_on_one_case_page_only_puts_it_in_the_sample(survey: Survey) -> None:
    """An admonition (a kind of block no case page has) on one case page outside the sample adds that page."""
    page, features = survey.outside_sample(), dict(survey.features)
    assert not any("div.admonition" in f for f in features.values())
    features[page] = page_features(with_content(survey.texts[page], '<div class="admonition warning"><p>x</p></div>'))
    assert page in covering_sample(features)
    assert page not in covering_sample(survey.features)


def test_markup_found_on_one_rule_page_only_puts_it_in_the_rule_sample(survey: Survey) -> None:
    """The same for the rule pages: a collapsible block (no rule page has one) on a rule page outside the sample."""
    page = next(p for p in sorted(survey.rule_features) if p not in survey.rule_sample)
    features = dict(survey.rule_features)
    assert not any("details" in f for f in features.values())
    features[page] = page_features(with_content(survey.texts[page], "<details><summary>x</summary></details>"))
    assert page in covering_sample(features)
    assert page not in covering_sample(survey.rule_features)


def test_an_unrenderable_diagram_is_caught(built: Path, session: DevToolsSession, tmp_path: Path) -> None:
    """The check above sees a diagram left as source: a page whose Mermaid label has a bare double quote."""
    page = (built / "layers" / "index.html").read_text("utf-8")
    start = page.index('<pre class="mermaid">')
    end = page.index("</pre>", start)
    broken = (  # the label the case-page generator wrote before its labels were escaped
        '<pre class="mermaid"><code>graph LR\n  n0["aura:creatures with "this creature is a sky-creature" have'
        ' flying"] --&gt;|"depends on (6, applies-to)"| n1["b"]\n</code>'
    )
    # The shared build stays as it is (other tests crawl it): the bad page is served from an overlay of it.
    overlay = overlay_site(built, tmp_path / "overlay", {"test-bad-diagram": page[:start] + broken + page[end:]})
    with SiteServer(overlay) as own:
        wrong = open_page(session, own.base_url + "test-bad-diagram/")
    assert any("left as source" in w for w in wrong) and any("exception" in w for w in wrong), wrong


def arrives(session: DevToolsSession, url: str) -> bool:
    """Whether the page reaches ``url`` and finishes loading (a query during the navigation may find no page).

    The page waits (``DevToolsSession.poll``); a page left while it waits, or not there yet, answers nothing
    (``CDPError``), and the wait starts again in the next one until ``PAGE_TIMEOUT``.
    """
    deadline = time.monotonic() + PAGE_TIMEOUT
    while (remaining := deadline - time.monotonic()) > 0:
        try:
            if session.poll(f"location.href === {url!r} && document.readyState === 'complete'", timeout=remaining):
                return True
        except CDPError:
            time.sleep(0.05)  # the old page is gone, the new one not there yet: ask again shortly
    return False


def test_the_language_switch_keeps_the_page(server: SiteServer, session: DevToolsSession) -> None:
    """From the English "Layers" page the French link leads to the French "Layers" page, and back; a page with no
    French version leads to the French home page. A switch that starts where the one before landed starts there (the
    page the switch reached, loaded: ``arrives``), without loading it again.

    The playground's runtime (Pyodide, the project's bundle) is not fetched here: the switch is a link the build
    writes (``mkdocs_hooks``), the page arrives without it, and starting Python three times cost most of this test's
    time; the playground tests start it and watch it (``STARTED_ELSEWHERE``)."""
    with runtime_unfetched(session):
        switch_languages(server, session)


# What the playground pages fetch to start Python (docs/javascripts/playground.js).
PLAYGROUND_RUNTIME = ("*/playground/pyodide/*", "*/mtg-layers.zip")


@contextlib.contextmanager
def runtime_unfetched(session: DevToolsSession) -> Iterator[None]:
    """The playground pages load without their runtime (``PLAYGROUND_RUNTIME``), for tests of what the build wrote on
    them; their failures to start are cleared when it ends (the tests that start Python watch for them)."""
    session.send("Network.setBlockedURLs", {"urls": list(PLAYGROUND_RUNTIME)})
    try:
        yield
    finally:
        session.send("Network.setBlockedURLs", {"urls": []})
        session._events.clear()


def switch_languages(server: SiteServer, session: DevToolsSession) -> None:
    """Each switch of ``test_the_language_switch_keeps_the_page``, in turn."""
    for start, language, lands in (
        ("layers/", "fr", "fr/layers/"),
        ("fr/layers/", "en", "layers/"),
        ("glossary/", "fr", "fr/glossary/"),
        ("interpretations/", "fr", "fr/interpretations/"),
        ("fr/interpretations/", "en", "interpretations/"),
        ("versions/", "fr", "fr/versions/"),
        ("playground/", "fr", "fr/playground/"),
        ("fr/playground/", "en", "playground/"),
        ("coverage/", "fr", "fr/"),
    ):
        if session.evaluate("location.href") != server.base_url + start:
            session.navigate(server.base_url + start, timeout=PAGE_TIMEOUT)
        session._events.clear()
        session.evaluate(f"document.querySelector('a.md-select__link[hreflang={language}]').click()")
        where = server.base_url + lands
        assert arrives(session, where), f"{start} -> {language}: at {session.evaluate('location.href')}, not {where}"


def test_french_pages_wear_french_labels(server: SiteServer, session: DevToolsSession) -> None:
    """The theme's own labels on a French page are French (search box, table of contents), English elsewhere (the
    playground's runtime unfetched: the labels are the build's, ``runtime_unfetched``)."""
    with runtime_unfetched(session):
        french_labels(server, session)


def french_labels(server: SiteServer, session: DevToolsSession) -> None:
    """``test_french_pages_wear_french_labels``'s checks."""
    session.navigate(server.base_url + "fr/layers/", timeout=PAGE_TIMEOUT)
    assert session.evaluate("document.documentElement.lang") == "fr"
    assert session.evaluate("document.querySelector('.md-search__input').placeholder") == "Rechercher"
    session.navigate(server.base_url + "layers/", timeout=PAGE_TIMEOUT)
    assert session.evaluate("document.querySelector('.md-search__input').placeholder") == "Search"
    for page in ("fr/interpretations/", "fr/playground/", "fr/versions/", "fr/trace/"):
        session.navigate(server.base_url + page, timeout=PAGE_TIMEOUT)
        assert session.evaluate("document.documentElement.lang") == "fr", page
        assert session.evaluate("document.querySelector('.md-search__input').placeholder") == "Rechercher", page


def test_the_french_playground_answers_in_french(server: SiteServer, session: DevToolsSession) -> None:
    """The French playground page runs the English page's runtime and speaks French: its progress, its status line
    and its check of the expected answer; a refused board gets the command line's message, as on the English page."""
    session.navigate(server.base_url + "fr/playground/?case=seed-gray-ogre", timeout=PAGE_TIMEOUT)
    assert session.evaluate("document.getElementById('pg-status').textContent").startswith("Chargement de Python")
    ready = session.poll("!document.getElementById('pg-run').disabled", timeout=240)
    status = session.evaluate("document.getElementById('pg-status').textContent")
    assert ready, f"the French playground did not start: {status}"
    assert session.poll("!!document.getElementById('pg-output').dataset.version", timeout=60)
    session.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")  # flush queued errors
    session.send("Runtime.evaluate", {"expression": "0"})
    events, session._events[:] = list(session._events), []
    assert not problems(events), problems(events)  # the crawl leaves this page to this test (STARTED_ELSEWHERE)
    status = session.evaluate("document.getElementById('pg-status').textContent")
    assert status.startswith("seed-gray-ogre, étape 4 sur 4, règles : "), status
    check = session.evaluate("document.getElementById('pg-check').textContent")
    assert "Concorde avec la réponse attendue du cas" in check and "attendu" in check, check
    script = (
        "(() => { const b = document.getElementById('pg-board');"
        " b.value = b.value.replace(/id: ogre, card: Gray Ogre/, 'id: ogre, card: Gray Ogre, power: two');"
        " document.getElementById('pg-run').click(); })()"
    )
    session.evaluate(script)
    said = session.evaluate("document.getElementById('pg-status').textContent")
    assert said.startswith("error: your board: objects[0].power"), said
