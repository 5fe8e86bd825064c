"""Where the misbehaving adapter keeps the reference adapter's replies for a test run (its ``FAKE_ANSWERS``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import session_shared


def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's folder of kept replies, shared by xdist's workers: the first process that needs a reply computes it
    (tests/fake_adapters/misbehaving_adapter.py), every later one reads it."""
    return session_shared.run_dir(tmp_path_factory) / "fake-answers"
