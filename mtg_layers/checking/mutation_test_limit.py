"""The mutation sample's limit per test (issue 18): a pytest plugin that ends a run whose test outruns its CPU time.

``mutation_campaign.run_sample`` loads it (``-p mtg_layers.checking.mutation_test_limit``) and names the limit in
``MTG_LAYERS_TEST_CPU_LIMIT_S``. A mutant that makes a loop endless (``while parent[k] != k`` turned to ``==``) would
otherwise run until the whole run's limit (``RLIMIT_CPU``, minutes, sized for the longest stage), so a draw that
picked it held CI up for that long. Here each test's call gets the limit in CPU time of the process
(``ITIMER_PROF``: user and system time, not the wall clock, so how loaded the machine is decides nothing); past it
the process ends with ``EXIT_CODE``, which the sample reads as a timeout, detected, as mutmut counts its own timeouts.
The limit is far above what any test of the sample's suite uses without a mutant (``TEST_CPU_LIMIT_S``), so only a
mutant that slows a test that many times over, or never lets it end, reaches it. Without the variable, or without a
mutant under test, the plugin does nothing.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from types import FrameType

import pytest

# pytest's exit code for a test past its limit: SIGXCPU's number, the signal RLIMIT_CPU sends (a timeout either way).
EXIT_CODE = int(signal.SIGXCPU)
ENV = "MTG_LAYERS_TEST_CPU_LIMIT_S"


def _limit() -> float:
    """The limit named in the environment, in seconds; 0 (none) when it is unset or no mutant is under test."""
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return 0.0
    return float(os.environ.get(ENV, "0") or 0)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Run the test's call with at most the limit of CPU time; past it, end the process with ``EXIT_CODE``."""
    limit = _limit()
    if limit <= 0:
        return (yield)

    def stop(signum: int, frame: FrameType | None) -> None:
        # the process ends here: an exception raised in the test could be caught by what it runs (hypothesis takes
        # any Exception, pytest's exit included, for a failing example and runs it again, past the limit this time)
        sys.stderr.write(f"\n{item.nodeid} used more than {limit:g} s of CPU time: the run ends (exit {EXIT_CODE})\n")
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(EXIT_CODE)

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        return (yield)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
