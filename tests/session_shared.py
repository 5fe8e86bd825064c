"""Work done once per test run and shared by the tests that need it, in one process or across xdist's workers.

The first test that asks for a piece of work does it, under a lock in the run's own temporary directory (the
directory xdist's workers share, like ``tests/site/site_helpers.shared_site``); the others wait for the lock and
read what it left. Work that failed leaves nothing, so the next test that asks tries again (and fails alike).
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary directory of this test run, the same for all of its xdist workers."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """``run_dir/name``, built by ``build(path)`` by the first caller of the run; the others wait for it."""
    root = run_dir(tmp_path_factory)
    out, done = root / name, root / f"{name}.done"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            build(out)
            done.touch()
    return out


def once_json(tmp_path_factory: pytest.TempPathFactory, name: str, compute: Callable[[], Any]) -> Any:
    """``compute()``'s value (JSON), computed by the first caller of the run; the others read it."""

    def build(path: Path) -> None:
        path.write_text(json.dumps(compute()), encoding="utf-8")

    return json.loads(once(tmp_path_factory, name, build).read_text(encoding="utf-8"))
