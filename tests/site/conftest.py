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
import signal
import subprocess
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
    shared_bundle,
    shared_site,
    start_shared_site,
)

REPO = Path(__file__).resolve().parents[2]

# The background build of the site this process started (``start_shared_site``), if it did.
_BUILDING: list[subprocess.Popen[bytes]] = []


@pytest.hookimpl(trylast=True)  # after the deselection by -m and -k: the tests that will run
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """When a test that needs the built site is to run, start the run's one build of it now, in the background
    (``start_shared_site``): the test processes go on with other tests meanwhile, where they waited idle for it
    before (about 80 s of a worker, the build's time, whenever the other worker was building)."""
    if config.option.collectonly or os.environ.get("MTG_LAYERS_SITE_DIR"):
        return
    if not any("site_build" in getattr(item, "fixturenames", ()) for item in items):
        return
    factory = config._tmp_path_factory  # type: ignore[attr-defined]  # the session's tmp_path_factory
    from tests import session_shared

    started = start_shared_site(session_shared.run_dir(factory), REPO)
    if started is not None:
        _BUILDING.append(started)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The background build ends with the run: waited for (another process of the run may still need it), or stopped
    when the run was interrupted."""
    for build in _BUILDING:
        if exitstatus == pytest.ExitCode.INTERRUPTED and build.poll() is None:
            os.killpg(build.pid, signal.SIGTERM)  # the build's process group: it and the mkdocs it runs
        build.wait()
    _BUILDING.clear()


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """(site directory, strict build result or None when prebuilt): the run's shared build (``shared_site``)."""
    try:
        return shared_site(tmp_path_factory, REPO)
    except RuntimeError as e:
        pytest.fail(str(e), pytrace=False)


@pytest.fixture(scope="session")
def playground_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The playground's Python bundle, written once in the run (``shared_bundle``): ``mtg-layers.zip`` and ``py/``."""
    return shared_bundle(tmp_path_factory)


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
