"""The playground's Python side: what the page runs under Pyodide, checked without a browser.

The bundle the site build writes (mtg_layers/docs_site/mkdocs_hooks.py) must run on the standard library
alone: it is unpacked into a temporary directory and imported by an isolated interpreter
(``-I -S``: no site-packages, so no jsonschema, rich, click or z3).
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from mtg_layers.docs_site import playground
from mtg_layers.docs_site.mkdocs_hooks import PYODIDE_FILES, corpus_by_id

ROOT = Path(__file__).resolve().parents[2]
OGRE = (ROOT / "corpus" / "cases" / "seed" / "gray-ogre.yaml").read_text("utf-8")


def test_run_gray_ogre_under_two_versions() -> None:
    today = json.loads(playground.run(OGRE, "ikoria"))
    old = json.loads(playground.run(OGRE, "pre-m10"))
    assert today["ok"] and today["check"] == {"ok": True, "rows": [["ogre", "5/8", "5/8"]]}
    assert old["ok"] and old["check"] == {"ok": True, "rows": [["ogre", "1/4", "1/4"]]}
    assert "sets power/toughness: layer 7b, 613.4b" in today["html"]
    assert json.loads(playground.run(OGRE, "m10", 1))["check"]["rows"] == [["ogre", "3/3", "3/3"]]


def test_bad_boards_give_clear_errors() -> None:
    bad_yaml = json.loads(playground.run("id: [", "ikoria"))
    assert (
        not bad_yaml["ok"]
        and bad_yaml["error"].startswith("your board: line 1")
        and "invalid YAML" in bad_yaml["error"]
    )
    missing = json.loads(playground.run("id: x\n", "ikoria"))
    # the JSON Schema stage runs in the page too, as in the CLI (test_playground_checks compares every message)
    # every missing field at once, one a line (issue 33)
    lines = missing["error"].splitlines()
    assert not missing["ok"] and lines[0] == f"{len(lines) - 1} errors in your board:"
    assert "your board: (top level): 'title' is a required property" in lines
    assert "your board: (top level): 'steps' is a required property" in lines
    ogre = "{id: ogre, card: Gray Ogre, controller: p1, timestamp: 1}"
    two = OGRE.replace(ogre, ogre[:-1] + ", power: two}", 1)
    assert two != OGRE
    power = json.loads(playground.run(two, "ikoria"))
    assert power == {"ok": False, "error": "your board: objects[0].power: expected a number (or null), got 'two'"}
    step = json.loads(playground.run(OGRE, "ikoria", 9))
    assert not step["ok"] and "expected a step from 1 to 4, got 9" in step["error"]


def test_a_case_opens_under_the_newest_rules_it_declares() -> None:
    assert json.loads(playground.declared_versions(OGRE)) == [
        "2025-08-01",
        "2023-11-17",
        "2020-04-17",
        "2009-07-08",
        "2004-10-01",
    ]
    assert json.loads(playground.declared_versions("id: [")) == []


def test_versions_newest_first() -> None:
    ids = [v["id"] for v in json.loads(playground.versions())]
    assert ids == ["2025-08-01", "2023-11-17", "2020-04-17", "2009-07-08", "2004-10-01"]


def test_bundle_runs_on_the_standard_library_alone(tmp_path: Path, playground_bundle: Path) -> None:
    """The bundle (``python_bundle``, written once in the run: tests/site/conftest.py) runs a case in an isolated
    interpreter with no site-packages."""
    with zipfile.ZipFile(playground_bundle / "mtg-layers.zip") as zf:
        names = zf.namelist()
    assert "reference/resolver.py" in names and "mtg_layers/analysis/trace_text.py" in names
    assert not [n for n in names if n.endswith(".so")]
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]);"
        "from mtg_layers.docs_site import playground;"
        "print(json.loads(playground.run(sys.stdin.read(), 'pre-m10'))['check'])"
    )
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(playground_bundle / "py")],
        input=OGRE,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "'1/4', '1/4'" in proc.stdout
    assert "jsonschema" not in proc.stderr


def test_every_case_is_copied_by_id(tmp_path: Path) -> None:
    count = corpus_by_id(tmp_path)
    index = json.loads((tmp_path / "index.json").read_text("utf-8"))
    assert count == len(index) == len(list((ROOT / "corpus" / "cases").rglob("*.yaml")))
    assert (tmp_path / "seed-gray-ogre.yaml").read_text("utf-8") == OGRE


def test_runtime_files_are_the_minimum() -> None:
    # the loader, the interpreter, the standard library and the lock file: no Pyodide package
    assert set(PYODIDE_FILES) == {
        "pyodide.js",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    }


# Issue 28, items 13-14: the page lists every outcome of a step the rules leave to a player's choice (613.7m), as
# `explain` and the case pages do, instead of one order's answer (or an error where an entry depends on the order).
OPEN_ENTRY = (ROOT / "corpus" / "cases" / "entry" / "entering-creature-under-an-open-order.yaml").read_text("utf-8")


def test_613_7m_614_12_an_entry_depending_on_an_open_order_shows_each_outcome_with_its_trace() -> None:
    """Ixalan on: the green order gives the entering Lions the Patron's counter, the blue one does not."""
    out = json.loads(playground.run(OPEN_ENTRY, "current", 2))
    assert out["ok"] and out["outcomes"] == 2 and out["complete"], out.get("error")
    html = out["html"]
    assert "The answer depends on an order" in html and "Depends on p1&#x27;s choice between" in html
    first, second = html.index("<h2>Outcome 1</h2>"), html.index("<h2>Outcome 2</h2>")
    assert "1× +1/+1" in html[:first] and "1× +1/+1" in html[first:second] and "1× +1/+1" not in html[second:]
    assert out["check"] == {"ok": True, "rows": [["lions", "types Creature", "types Creature"]]}


def test_613_7m_an_open_order_that_gives_one_board_shows_the_outcomes_and_one_trace() -> None:
    """m10: the entering Lions get no counter in either order, and are green or blue by the order p1 chooses."""
    out = json.loads(playground.run(OPEN_ENTRY, "m10", 2))
    assert out["ok"] and out["outcomes"] == 2
    html = out["html"]
    table = html[html.index('data-kind="outcomes"') : html.index("</table>")]
    assert "colors green" in table and "colors blue" in table
    assert "The trace below follows the first of them." in html and "<h2>Outcome" not in html


def test_613_7m_a_check_against_listed_outcomes_passes_on_every_outcome() -> None:
    text = ROOT / "corpus" / "cases" / "timestamps" / "tied-loss-and-grant-of-an-ability-that-pumps-another.yaml"
    out = json.loads(playground.run(text.read_text("utf-8"), "current"))
    assert out["ok"] and out["outcomes"] >= 2 and out["check"]["ok"]


def test_613_7m_an_enumeration_stopped_at_its_limit_says_so() -> None:
    """Eight tied losses of abilities: the readable enumeration stops at 120 orders, and the page says the outcomes
    shown may not be all of them."""
    text = ROOT / "corpus" / "cases" / "timestamps" / "eight-tied-ability-losses-on-named-creatures.yaml"
    out = json.loads(playground.run(text.read_text("utf-8"), "current"))
    assert out["ok"] and not out["complete"]
    assert "Not every order was tried" in out["html"] and "after 120 resolutions" in out["html"]
