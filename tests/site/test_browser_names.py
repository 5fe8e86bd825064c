"""Browser test of the playground by card names (issue 30), in Debian's headless Chromium.

Builds the site (or uses ``MTG_LAYERS_SITE_DIR``), serves it on 127.0.0.1 and, in the playground page,
types French card names into the type-ahead, adds them in the order they entered, builds the board and
runs it under two rules versions: the Gray Ogre of the seeds, 5/8 today and 1/4 under rule 418.5. Like
test_browser.py, it fails (does not skip) without Chromium.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .site_helpers import BootedPlayground

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
CARDS = ("Ogre gris [+1/+1]", "Titanic Growth > Ogre gris", "Géant assermenté", "Ovinize > Ogre gris")

RESULT_JS = """
(() => {
  const out = document.getElementById('pg-output');
  if (out.dataset.version !== %(vid)s) return null;
  const row = [...out.querySelectorAll('table[data-kind=result] tbody tr')]
    .map(tr => [...tr.children].map(td => td.textContent))
    .find(cells => cells[0] === 'ogre-gris' || cells[0] === 'gray-ogre');
  return row ? {pt: row[5], trace: out.querySelector('table[data-kind=trace]').textContent} : null;
})()
"""


def test_a_board_picked_by_french_names_runs_in_the_page(booted_playground: BootedPlayground) -> None:
    """On the playground page with Python started (tests/site/conftest.py, shared with the other playground tests
    and put back as it started): the card box fills once the first answer is on the page."""
    ARTIFACTS.mkdir(exist_ok=True)
    session = booted_playground.fresh()
    ready = session.poll("!document.getElementById('pg-build').disabled", timeout=240)
    status = session.evaluate("document.getElementById('pg-status').textContent")
    assert ready, f"the playground did not start: {status}"
    offered = session.evaluate(
        "[...document.querySelectorAll('#pg-card-names option')].map(o => o.value).includes('Humilité')"
    )
    assert offered, "the type-ahead does not offer the French name Humilité"
    for card in CARDS:  # typed into the card box and added, in the order the cards entered
        session.evaluate(
            f"(() => {{ document.getElementById('pg-card').value = {json.dumps(card)};"
            " document.getElementById('pg-add').click(); })()"
        )
    lines = session.evaluate("document.getElementById('pg-names').value")
    assert lines.splitlines() == list(CARDS)
    for vid, pt in (("2025-08-01", "5/8"), ("2004-10-01", "1/4")):
        session.evaluate(
            f"(() => {{ document.getElementById('pg-version').value = {json.dumps(vid)};"
            " document.getElementById('pg-build').click(); })()"
        )
        found = session.poll(RESULT_JS % {"vid": json.dumps(vid)}, timeout=60)
        status = session.evaluate("document.getElementById('pg-status').textContent")
        assert found, f"no result for the Gray Ogre under {vid}: {status}"
        assert found["pt"] == pt, f"Gray Ogre by names under {vid}: {found['pt']}, expected {pt}"
        assert "sets power/toughness" in found["trace"]
        session.screenshot(ARTIFACTS / f"playground-by-names-{vid}.png")
    assert not booted_playground.new_problems()
