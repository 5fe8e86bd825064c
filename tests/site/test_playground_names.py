"""The playground by card names (issue 30): the Python side the page runs, checked without a browser.

As in test_playground.py, the site's bundle is unpacked and imported by an isolated interpreter (``-I -S``:
no jsonschema), the way Pyodide runs it: the catalogue ships in the bundle and loads without jsonschema.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

from mtg_layers.docs_site import playground

GRAY_OGRE_FR = "Ogre gris [+1/+1]\nTitanic Growth > Ogre gris\nGéant assermenté\nOvinize > Ogre gris"


def _ogre_pt(html: str) -> list[str]:
    return re.findall(r"\b(?:5/8|1/4)\b", html)


def test_card_names_offer_english_and_french() -> None:
    names = json.loads(playground.card_names())
    assert ["Humility", "Humilité"] in names and len(names) >= 400
    assert all(isinstance(en, str) and en for en, _ in names)


def test_a_board_picked_by_french_names_gives_the_seeds_answers() -> None:
    built = json.loads(playground.build_by_names(GRAY_OGRE_FR, "2025-08-01"))
    assert built["ok"], built
    today = json.loads(playground.run(built["yaml"], "2025-08-01"))
    old = json.loads(playground.run(built["yaml"], "2004-10-01"))
    assert today["ok"] and "5/8" in _ogre_pt(today["html"])
    assert old["ok"] and "1/4" in _ogre_pt(old["html"])


def test_an_unknown_name_gets_a_did_you_mean() -> None:
    out = json.loads(playground.build_by_names("Humilty", "2025-08-01"))
    assert not out["ok"] and "did you mean 'Humility'" in out["error"]
    assert not json.loads(playground.build_by_names("  \n", "2025-08-01"))["ok"]


def test_the_bundle_builds_by_names_and_runs_linked_cases_without_jsonschema(
    tmp_path: Path, playground_bundle: Path
) -> None:
    """The bundle (written once in the run: tests/site/conftest.py) picks a board by French names and runs it."""
    with zipfile.ZipFile(playground_bundle / "mtg-layers.zip") as zf:
        names = zf.namelist()
    # the catalogue ships read and checked, as JSON (its YAML took seconds to read in the page)
    assert "corpus/catalogue/cards.json" in names and "corpus/catalogue/cards.yaml" not in names
    assert "mtg_layers/catalogue/refs.py" in names
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]);"
        "from mtg_layers.docs_site import playground;"
        "built = json.loads(playground.build_by_names(sys.stdin.read(), '2004-10-01'));"
        "print(json.loads(playground.run(built['yaml'], '2004-10-01'))['ok'])"
    )
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(playground_bundle / "py")],
        input=GRAY_OGRE_FR,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "True"


def test_the_preread_catalogue_is_the_catalogue(playground_bundle: Path) -> None:
    """The JSON the bundle ships (``mkdocs_hooks.preread_catalogue``, in the run's one bundle) holds the same cards as
    the YAML the CLI reads."""
    from mtg_layers.catalogue.load import catalogue

    with zipfile.ZipFile(playground_bundle / "mtg-layers.zip") as zf:
        shipped = json.loads(zf.read("corpus/catalogue/cards.json").decode("utf-8"))
    assert shipped["cards"] == [dict(c) for c in catalogue().cards]
