"""The run's one build of the site, started in the background when the tests are collected (tests/site/conftest.py,
``site_helpers.start_shared_site``): the build's process holds the run's site lock until it has saved the site, so
that a test asking for the site (``site_helpers.site_in``) waits for that build and never builds it a second time.

The build here is a stand-in script (``_BUILD_PY``) that writes a page and the saved result after a second; the
real one is test_browser.py's ``test_strict_build`` and every page test's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import site_helpers
from .site_helpers import site_in, start_shared_site

REPO = Path(__file__).resolve().parents[2]

STAND_IN = """
import json, sys, time
from pathlib import Path
time.sleep(1.0)
out, saved = Path(sys.argv[2]), Path(sys.argv[3])
out.mkdir()
(out / "index.html").write_text("built in the background", encoding="utf-8")
saved.write_text(json.dumps({"args": ["stand-in"], "returncode": 0, "stdout": "", "stderr": ""}), encoding="utf-8")
"""


def test_the_background_build_holds_the_lock_until_it_has_saved_the_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One build is started, a second start finds the lock taken, and the site is the background build's, read once
    it has finished: nothing is built while it runs."""

    def built_again(*args: object) -> None:
        raise AssertionError("the site was built again while the background build ran")

    monkeypatch.setattr(site_helpers, "_BUILD_PY", STAND_IN)
    monkeypatch.setattr(site_helpers, "build_shared", built_again)
    build = start_shared_site(tmp_path, REPO)
    assert build is not None
    try:
        assert start_shared_site(tmp_path, REPO) is None, "a second build started while the first ran"
        out, strict = site_in(tmp_path, REPO)  # a lock let go before the saving would build here: ``built_again``
    finally:
        build.wait()
    assert build.returncode == 0
    assert (out / "index.html").read_text("utf-8") == "built in the background"
    assert strict is not None and strict.args == ["stand-in"] and strict.returncode == 0
    assert start_shared_site(tmp_path, REPO) is None, "a build started where the site is saved already"
    assert json.loads((tmp_path / "shared-site.json").read_text("utf-8"))["returncode"] == 0
