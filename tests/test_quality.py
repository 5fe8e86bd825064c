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
    assert found, f"{name} is not installed (pip install -c constraints.txt -e '.[dev]')"
    return found


def test_ruff_lint() -> None:
    proc = run(tool("ruff"), "check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format() -> None:
    proc = run(tool("ruff"), "format", "--check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_every_package() -> None:
    """Type hints throughout: the packages, the tests, and the benchmark scripts (apart: the tests import some of
    them by module name, from mypy's path, and mypy would find them twice in one run)."""
    proc = run(tool("mypy"), "reference", "reference_optimized", "proofs", "mtg_layers", "tests")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = run(tool("mypy"), "benchmarks")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_constraints_pin_what_decides_a_result() -> None:
    """constraints.txt pins z3, hypothesis and the dev tools; README and .ci/run install with it."""
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not pinned with =="
            pins[name.lower().replace("_", "-")] = version
    for name in ("z3-solver", "hypothesis", "ruff", "mypy", "pytest", "mkdocs", "mkdocs-material"):
        assert name in pins, f"constraints.txt does not pin {name}"
    command = "pip install -c constraints.txt -e '.[dev]'"
    assert command in (ROOT / "README.md").read_text()
    assert command.replace("pip install", "pip install -q") in (ROOT / ".ci" / "run").read_text()
