"""Search as a French player uses it: ten French queries typed into the search box, each with the page it must
find first; and search on demand (a page read without searching does not load the index).

The index is fetched the first time search is used (docs/javascripts/search-on-demand.js), French and
English stop words ("de", "la", "the") leave a query before it reaches the search worker, and a case page's
title in the index carries the French names of its cards (mkdocs_hooks.titles_with_french_names). Each
query's expected first result is the page a French reader asks for: the card's page for a card's printed
French name, the French page for a French rules word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from .site_helpers import Chromium, DevToolsSession, SiteServer
from .test_all_pages import browser, built, server  # noqa: F401  (the module's fixtures: one build, one server)
from .test_browser import open_search, search_box_emptied, search_results

pytestmark = pytest.mark.slow

# query -> a pattern the first result must match, in its link or its title: for a card's French name, a page
# whose title names the card in English (a case about it, or its entry on the cards page); for a French
# rules word, the French page about it
FRENCH_QUERIES = {
    "Lune de sang": r"Blood Moon",
    "Humilité": r"Humility",
    "Ogre gris": r"Gray Ogre",
    "Urborg, tombe de Yaugzebul": r"Urborg",
    "Croisade": r"Crusade",
    "Grizzlis": r"Grizzly Bears",
    "Soirée enchantée": r"Enchanted Evening",
    "Antienne glorieuse": r"Glorious Anthem",
    "Les couches pas à pas": r"/fr/layers/",
    "Glossaire": r"/fr/glossary/",
}
PAGE_BUDGET = 1 << 20  # bytes: what a page without search may load, its scripts and styles included


@pytest.fixture(scope="module")
def page(browser: Chromium) -> Iterator[DevToolsSession]:  # noqa: F811
    devtools = browser.devtools()
    yield devtools
    devtools.close()


@pytest.mark.parametrize("query", list(FRENCH_QUERIES))
def test_french_query_finds_its_page_first(query: str, page: DevToolsSession, server: SiteServer) -> None:  # noqa: F811
    search_box_emptied(page, server.base_url + "fr/")
    page.type_text(query)
    results = search_results(page, query)
    assert results, f"search for {query!r} found nothing"
    first = results[0]
    found = f"{first['href']} {first['text'][:200]}"
    assert re.search(FRENCH_QUERIES[query], found), f"{query!r}: first result {first}, then {results[1:4]}"


def test_stop_words_leave_the_query(page: DevToolsSession, server: SiteServer) -> None:  # noqa: F811
    page.navigate(server.base_url)
    said = page.evaluate(
        "['Lune de sang', \"l'ordre des couches\", 'the layers of Humility', 'de', '\"Lune de sang\"']"
        ".map(q => window.mtgLayersSearchQuery(q))"
    )
    assert said == ["Lune sang", "ordre couche", "layer Humility", "de", '"Lune de sang"']


def page_bytes(session: DevToolsSession, url: str) -> tuple[int, list[str]]:
    """Bytes a page load transferred, and the URLs it asked for."""
    session.send("Network.enable")
    session.send("Network.setCacheDisabled", {"cacheDisabled": True})
    session.navigate(url, timeout=120)
    session.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 500)))")
    session.send("Runtime.evaluate", {"expression": "0"})
    events, session._events[:] = list(session._events), []
    urls = [e["params"]["response"]["url"] for e in events if e.get("method") == "Network.responseReceived"]
    size = sum(e["params"]["encodedDataLength"] for e in events if e.get("method") == "Network.loadingFinished")
    session.send("Network.disable")
    return size, urls


@pytest.mark.parametrize("path", ["", "glossary/", "fr/", "cases/seed-gray-ogre/", "versions/"])
def test_a_page_without_search_costs_its_own_content(
    path: str,
    page: DevToolsSession,
    server: SiteServer,  # noqa: F811
) -> None:
    size, urls = page_bytes(page, server.base_url + path)
    assert not [u for u in urls if "search_index" in u], f"{path or 'home'} loaded the search index unasked"
    assert size < PAGE_BUDGET, f"{path or 'home'} loads {size} bytes: {urls}"


def test_the_index_loads_when_search_is_used(page: DevToolsSession, server: SiteServer) -> None:  # noqa: F811
    page.send("Network.enable")
    page.navigate(server.base_url + "glossary/")
    page._events.clear()
    open_search(page)
    page.send("Runtime.evaluate", {"expression": "0"})
    urls = [e["params"]["response"]["url"] for e in page._events if e.get("method") == "Network.responseReceived"]
    page.send("Network.disable")
    assert [u for u in urls if u.endswith("search/search_index.json")], urls
