"""What the conformance tests share within one test process."""

from __future__ import annotations

import pytest

from ..builders import shared_suite


@pytest.fixture(scope="module")
def runs_shared_suite(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``builders.suite()`` in this module is the run's shared load (``shared_suite``: a pickle read, 0.4 s of CPU),
    not a load of the corpus in this process (``load_suite``, 10 s of CPU at load 10): the same cases, loaded from
    the same files."""
    shared_suite(tmp_path_factory)
