"""Publishing the corpus (an edge): one JSON bundle and an index, for engines that only parse JSON.

``corpus.json`` holds every case as its YAML source says it, with each object that refers to a catalogue
card (``card:``) given the card's printed values, definitions and ``cards:`` entry (in path order);
``index.json`` (corpus/schema/index.schema.json) lists, per case, its id, source path,
sha256 of the YAML source, features, rules versions and number of steps. Both are
deterministic (no dates), so a test can tell when they are out of date.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..corpus import CASES_DIR, CORPUS_DIR, ROOT
from .protocol import SuiteCase, corpus_digest, load_suite
from .reports import write_atomic

DIST_DIR = CORPUS_DIR / "dist"
BUNDLE = "corpus.json"
INDEX = "index.json"
EXPORT_FORMAT = 1


def _relpath(sc: SuiteCase, corpus_dir: Path) -> str:
    root = ROOT if corpus_dir.resolve().is_relative_to(ROOT) else corpus_dir
    return sc.relpath(root)


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def build_export(corpus_dir: Path = CASES_DIR, suite: Sequence[SuiteCase] | None = None) -> dict[str, str]:
    """The files to write, by name, as text (``suite``: ``load_suite(corpus_dir)`` when it is loaded already)."""
    suite = load_suite(corpus_dir) if suite is None else suite
    digest = corpus_digest(suite)
    bundle = _dumps(
        {
            "format": EXPORT_FORMAT,
            "schema": "case.schema.json",
            "corpus_sha256": digest,
            "cases": [sc.data for sc in suite],
        }
    )
    index = _dumps(
        {
            "format": EXPORT_FORMAT,
            "corpus_sha256": digest,
            "bundle": BUNDLE,
            "bundle_sha256": hashlib.sha256(bundle.encode("utf-8")).hexdigest(),
            "cases": [
                {
                    "id": sc.id,
                    "title": sc.case.title,
                    "path": _relpath(sc, corpus_dir),
                    "sha256": sc.sha256,
                    "status": sc.case.status,
                    "features": list(sc.case.features),
                    "versions": list(sc.case.versions),
                    "steps": len(sc.case.steps),
                }
                for sc in suite
            ],
        }
    )
    return {BUNDLE: bundle, INDEX: index}


def write_export(out_dir: Path = DIST_DIR, corpus_dir: Path = CASES_DIR) -> list[Path]:
    """Write the bundle and the index; return the paths written."""
    written = []
    for name, text in build_export(corpus_dir).items():
        path = out_dir / name
        write_atomic(path, text)
        written.append(path)
    return written


def out_of_date(
    out_dir: Path = DIST_DIR, corpus_dir: Path = CASES_DIR, suite: Sequence[SuiteCase] | None = None
) -> list[str]:
    """The exported files that are missing or differ from what the corpus would give now (``suite`` as in
    ``build_export``)."""
    stale = []
    for name, text in build_export(corpus_dir, suite).items():
        path = out_dir / name
        if not path.exists() or path.read_text("utf-8") != text:
            stale.append(str(path))
    return stale
