"""Tooling is part of the suite: ruff (lint and format) and mypy must be clean."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert found, f"{name} is not installed (pip install -e '.[dev]')"
    return found


def test_ruff_lint() -> None:
    proc = run(tool("ruff"), "check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format() -> None:
    proc = run(tool("ruff"), "format", "--check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_every_package() -> None:
    proc = run(tool("mypy"), "reference", "proofs", "mtg_layers")
    assert proc.returncode == 0, proc.stdout + proc.stderr
