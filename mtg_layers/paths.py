"""Where the bundled corpus lives (kept apart so that the CLI can name it without loading anything).

In a checkout (or an editable install) the corpus is the repository's ``corpus/`` directory; an
installed wheel or sdist carries a copy of it inside the package, as ``mtg_layers/_corpus``
(setup.py copies it there when the wheel is built), so that every command finds its cases,
schemas and sources wherever the package is installed.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
BUNDLED_CORPUS_DIR = PACKAGE_DIR / "_corpus"


def corpus_dir(root: Path = ROOT, bundled: Path = BUNDLED_CORPUS_DIR) -> Path:
    """The checkout's corpus when there is one next to the package, else the copy the package carries.

    A corpus directory is known by its schemas: the site's playground bundle carries ``corpus/`` with its
    schemas and the card catalogue but no cases.
    """
    checkout = root / "corpus"
    if (checkout / "schema").is_dir():
        return checkout
    return bundled


CORPUS_DIR = corpus_dir()
CASES_DIR = CORPUS_DIR / "cases"
SCHEMA_DIR = CORPUS_DIR / "schema"
HISTORY_FILE = CORPUS_DIR / "sources" / "cr-history.yaml"
