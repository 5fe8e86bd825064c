"""Where the bundled corpus lives (kept apart so that the CLI can name it without loading anything)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = ROOT / "corpus"
CASES_DIR = CORPUS_DIR / "cases"
SCHEMA_DIR = CORPUS_DIR / "schema"
HISTORY_FILE = CORPUS_DIR / "sources" / "cr-history.yaml"
