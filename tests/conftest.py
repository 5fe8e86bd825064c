"""Shared test set-up: hypothesis profiles (fixed seed in CI, a long one by hand), and mutation testing.

Under mutmut (issue 18, ``benchmarks/mutation.py``) each mutant runs in a process forked after the
test modules were imported, so anything the rules computed and cached before the fork was computed
by the unmutated code. The bundled rules profiles are such a cache (``reference.versions``): while a
mutant (or mutmut's coverage pass, ``stats``) is active, it is emptied before every test, so the
profile loader's mutants are run by the tests that read a profile. Outside mutmut nothing changes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", derandomize=False, max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _under_mutmut() -> bool:
    name = os.environ.get("MUTANT_UNDER_TEST", "")
    return name == "stats" or "__mutmut_" in name


@pytest.fixture(autouse=True)
def _profiles_loaded_by_the_code_under_test() -> Iterator[None]:
    if _under_mutmut():
        import reference.versions

        reference.versions._builtin.cache_clear()
    yield
