"""Every page of the built site, opened in headless Chromium: no console error, no diagram left as source.

A page fails when the browser reports an error while it loads (a script exception, ``console.error``, a
resource that does not load, such as a 404) or when a Mermaid block is still text once the theme has
drawn its diagrams (a label the parser refuses leaves the diagram's source on the page). Every page is
waited on by condition (the load event, then each Mermaid block turned into a drawing), never by time.

Also here: a page read without searching costs what its own content costs (the search index loads when
search is used), the French side of the site (labels, the language switch, the French sitemap), and
screenshots of case pages at phone and desktop widths with the trace readable on a phone.

The site is built once (``MTG_LAYERS_SITE_DIR`` names a built one to reuse, as in test_browser.py).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .site_helpers import (
    CHROMIUM,
    INSTALL_HINT,
    CDPError,
    Chromium,
    DevToolsSession,
    SiteServer,
    overlay_site,
    shared_site,
    wait_script,
)

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
PAGE_TIMEOUT = 120.0  # seconds for one page to load and draw its diagrams, on a loaded machine
SETTLE_CHECK = 2.0  # seconds at most between two looks at the exceptions DevTools reported, while diagrams draw

# Mermaid blocks not yet drawn: the theme replaces each <pre class="mermaid"> by a <div class="mermaid">
# holding the drawing in a closed shadow root, and a diagram that fails to parse stays as its source.
UNDRAWN_JS = """
(() => {
  const blocks = [...document.querySelectorAll('.mermaid')];
  return blocks.filter(b => b.tagName === 'PRE' || (b.tagName !== 'DIV') || b.textContent.includes('-->')).length;
})()
"""
DIAGRAMS_JS = "document.querySelectorAll('.mermaid').length"


def site_pages(root: Path) -> list[str]:
    """Every page of the built site, as a path from its root ("" for the home page)."""
    pages = []
    for index in sorted(root.rglob("index.html")):
        rel = index.parent.relative_to(root).as_posix()
        if rel.startswith(("playground/pyodide", "assets")):
            continue
        pages.append("" if rel == "." else rel + "/")
    return pages


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        return shared_site(tmp_path_factory, REPO)[0]
    except RuntimeError as e:
        pytest.fail(str(e), pytrace=False)


@pytest.fixture(scope="module")
def server(built: Path) -> Iterator[SiteServer]:
    with SiteServer(built) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(INSTALL_HINT, pytrace=False)
    chromium = Chromium(CHROMIUM)
    yield chromium
    chromium.cleanup()


@pytest.fixture(scope="module")
def session(browser: Chromium) -> Iterator[DevToolsSession]:
    devtools = browser.devtools()
    devtools.send("Log.enable")
    devtools.send("Network.enable")
    yield devtools
    devtools.close()


def problems(events: list[dict[str, Any]]) -> list[str]:
    """The errors among the DevTools events a page load produced."""
    found = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            found.append(f"exception: {details.get('exception', {}).get('description') or details.get('text')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            said = " ".join(str(a.get("value", a.get("description"))) for a in params["args"])
            found.append(f"console.error: {said}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append(f"{entry.get('source')}: {entry.get('text')} {entry.get('url', '')}".strip())
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            found.append(f"network: {params.get('errorText')} ({params.get('type')})")
        elif method == "Network.responseReceived" and params.get("response", {}).get("status", 200) >= 400:
            found.append(f"HTTP {params['response']['status']}: {params['response']['url']}")
    return found


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


def test_every_page_loads_without_errors_and_draws_its_diagrams(
    built: Path, server: SiteServer, session: DevToolsSession
) -> None:
    pages = site_pages(built)
    assert len(pages) > 100, pages[:10]
    failures = {}
    for path in pages:
        wrong = open_page(session, server.base_url + path)
        if wrong:
            failures[path or "(home)"] = wrong
    report = "\n".join(f"{page}:\n  " + "\n  ".join(why) for page, why in sorted(failures.items()))
    assert not failures, f"{len(failures)} of {len(pages)} pages have errors:\n{report}"


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
    French version leads to the French home page."""
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
        session.navigate(server.base_url + start, timeout=PAGE_TIMEOUT)
        session._events.clear()
        session.evaluate(f"document.querySelector('a.md-select__link[hreflang={language}]').click()")
        where = server.base_url + lands
        assert arrives(session, where), f"{start} -> {language}: at {session.evaluate('location.href')}, not {where}"


def test_french_pages_wear_french_labels(server: SiteServer, session: DevToolsSession) -> None:
    """The theme's own labels on a French page are French (search box, table of contents), English elsewhere."""
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
