"""What the site's browser tests share within one test process (one xdist worker): the built site, its server,
one headless Chromium, and one playground page with Python started in it.

A browser's start costs about as much CPU as loading two pages, and Python's start in the playground page
(Pyodide: the WebAssembly interpreter, the standard library, the project's bundle) several seconds: each was
paid once per test module, or once per test, before. Each test still opens its own tab (``Chromium.devtools``:
its own browser context), except on the playground page (``BootedPlayground``), which the tests that use it
put back as it was after starting (``BootedPlayground.fresh``) before they act on it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .site_helpers import (
    CHROMIUM,
    INSTALL_HINT,
    PLAYGROUND,
    BootedPlayground,
    Chromium,
    Site,
    SiteServer,
    shared_site,
)

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """(site directory, strict build result or None when prebuilt): the run's shared build (``shared_site``)."""
    try:
        return shared_site(tmp_path_factory, REPO)
    except RuntimeError as e:
        pytest.fail(str(e), pytrace=False)


@pytest.fixture(scope="session")
def site_server(site_build: Site) -> Iterator[SiteServer]:
    with SiteServer(site_build[0]) as srv:
        yield srv


@pytest.fixture(scope="session")
def site_chromium() -> Iterator[Chromium]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(INSTALL_HINT, pytrace=False)
    browser = Chromium(CHROMIUM)
    yield browser
    browser.cleanup()


@pytest.fixture(scope="session")
def booted_playground(site_server: SiteServer, site_chromium: Chromium) -> Iterator[BootedPlayground]:
    session = site_chromium.devtools()
    try:
        session.send("Log.enable")
        session.send("Network.enable")
        url = site_server.base_url + PLAYGROUND
        session.navigate(url, timeout=240)
        ready = bool(session.poll("!document.getElementById('pg-run').disabled", timeout=600))
        if ready:  # its first answer (run at start) is on the page
            session.poll("!!document.getElementById('pg-output').dataset.version", timeout=120)
        yield BootedPlayground(session, url, ready)
    finally:
        session.close()
