"""The z3 verdicts `mtg-layers verify` reached on the bundled corpus, kept for the readers that would ask them again.

`verify` cross-checks every case of the bundled corpus with z3 (the README's main job); the test suite's
every-case cross-check (tests/proofs/test_crosscheck.py) and the generated pages' z3 column ask
``crosscheck_case`` the very same questions. When `verify` has just answered them, this record hands its answers on
instead of asking z3 again.

A verdict is kept only when nothing it depends on can have changed: the record is filed under a fingerprint of
every file of the four packages (``reference``, ``reference_optimized``, ``proofs``, ``mtg_layers``), every file of
the corpus directory (cases, schemas, catalogue, sources), the Python version and every installed distribution's
name and version (z3-solver among them). Any edit, any other corpus or any other z3 gives another fingerprint, and
the readers then compute afresh. Only "verified" verdicts are kept: a failure or a timeout is always asked again,
so its details come from a fresh run.

The record lives in the user's cache directory (``$XDG_CACHE_HOME/mtg-layers/z3-verdicts``, by default
``~/.cache/mtg-layers/z3-verdicts``; the eight most recent fingerprints are kept). Deleting it, or setting
``MTG_LAYERS_Z3_RECORD=off``, makes every reader ask z3 itself. It is written whole into a temporary file and
renamed, so a reader never sees half a record; a cache directory that cannot be written only means nothing is kept.
`mtg-layers docs` reads it too (``verdicts``): the pages' z3 column after a `verify` asks z3 nothing again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from mtg_layers.paths import CASES_DIR, CORPUS_DIR, ROOT

if TYPE_CHECKING:
    from reference.case import Case

# A source of z3 verdicts: (case, rules version id) -> (status, details).
Asker = Callable[["Case", str], tuple[str, tuple[str, ...]]]

PACKAGES = ("reference", "reference_optimized", "proofs", "mtg_layers")
VERIFIED = "verified"
KEEP = 8  # records kept in the folder, the most recently written first
_OFF = "MTG_LAYERS_Z3_RECORD"

# (case id, rules version id) -> the verdict's details (``crosscheck_case``'s info lines).
Verdicts = Mapping[tuple[str, str], tuple[str, ...]]


def enabled() -> bool:
    """False when the environment asks every reader to compute afresh (``MTG_LAYERS_Z3_RECORD=off``)."""
    return os.environ.get(_OFF, "").lower() not in {"off", "0", "no", "false"}


def fingerprint(code_root: Path = ROOT, corpus: Path = CORPUS_DIR) -> str:
    """A hash of everything a verdict depends on: the packages' files, the corpus's files, Python, distributions."""
    digest = hashlib.sha256()
    for label, base in [(name, code_root / name) for name in PACKAGES] + [("corpus", corpus)]:
        for path in sorted(base.rglob("*")) if base.is_dir() else []:
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in {".pyc", ".pyo"}:
                digest.update(f"{label}/{path.relative_to(base).as_posix()}".encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    digest.update(sys.version.encode() + b"\0")
    distributions = sorted({(d.metadata["Name"] or "", d.version) for d in metadata.distributions()})
    digest.update(json.dumps(distributions).encode())
    return digest.hexdigest()[:24]


def record_dir() -> Path:
    """Where the records are kept: ``$XDG_CACHE_HOME/mtg-layers/z3-verdicts`` (default ``~/.cache``)."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "mtg-layers" / "z3-verdicts"


def read(key: str, folder: Path | None = None) -> Verdicts:
    """The verified verdicts filed under the fingerprint ``key`` in ``folder`` (default ``record_dir()``); none when
    there is no record, it cannot be read, or the environment turns the record off."""
    if not enabled():
        return {}
    try:
        data = json.loads(((folder or record_dir()) / f"{key}.json").read_text(encoding="utf-8"))
        if data["fingerprint"] != key:
            return {}
        return {(str(c), str(v)): tuple(str(x) for x in info) for c, v, info in data["verified"]}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def write(key: str, verdicts: Iterable[tuple[str, str, str, Iterable[str]]], folder: Path | None = None) -> None:
    """Add the "verified" ones of ``(case id, version, status, info)`` to the record under ``key`` in ``folder``
    (default ``record_dir()``), whole or not at all."""
    if not enabled():
        return
    folder = folder or record_dir()
    kept = dict(read(key, folder))
    kept.update({(c, v): tuple(info) for c, v, status, info in verdicts if status == VERIFIED})
    rows = [[c, v, list(info)] for (c, v), info in sorted(kept.items())]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=folder, suffix=".tmp", delete=False, encoding="utf-8") as out:
            temporary = Path(out.name)
            try:
                json.dump({"fingerprint": key, "verified": rows}, out)
            except BaseException:
                out.close()
                temporary.unlink(missing_ok=True)
                raise
        os.replace(temporary, folder / f"{key}.json")
        for stale in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[KEEP:]:
            stale.unlink(missing_ok=True)  # records of code and corpora long gone
    except OSError:
        return  # nothing kept: every reader computes afresh


def verdicts(corpus_dir: Path, ask: Asker) -> Asker:
    """``ask``, save that on the bundled corpus a pair kept under the current fingerprint is read from the record."""
    if corpus_dir.resolve() != CASES_DIR.resolve():
        return ask
    kept = read(fingerprint())

    def recorded_or_asked(case: Case, vid: str) -> tuple[str, tuple[str, ...]]:
        info = kept.get((case.id, vid))
        return (VERIFIED, info) if info is not None else ask(case, vid)

    return recorded_or_asked
