"""Shared test set-up: hypothesis profiles (fixed seed in CI, a long one by hand), and mutation testing.

Under mutmut (issue 18, ``benchmarks/mutation.py``) each mutant runs in a process forked after the
test modules were imported, so anything the rules computed and cached before the fork was computed
by the unmutated code. The bundled rules profiles (``reference.versions``), the abilities that read a
choice (``reference.chosen``) and the compiled filters (``reference_optimized.compiled_filters``) are such
caches: while a mutant (or mutmut's coverage pass, ``stats``) is active, every ``functools`` cache of
the rules modules is emptied before every test, so a cached function's mutants are run by the tests
that call it. Outside mutmut nothing changes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "ci", derandomize=True, max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", derandomize=False, max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# The mutation campaign (benchmarks/mutation.py sets HYPOTHESIS_PROFILE=mutation): every surviving
# mutant runs every test that reaches its function, so generated boards are kept few there. No shrinking: a
# mutant's verdict is whether a test fails, and a failing example fails the test shrunk or not (shrinking one
# that a mutant makes fail took minutes).
settings.register_profile(
    "mutation",
    derandomize=True,
    max_examples=10,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _under_mutmut() -> bool:
    name = os.environ.get("MUTANT_UNDER_TEST", "")
    return name == "stats" or "__mutmut_" in name


def _rules_caches() -> list[object]:
    """Every ``functools`` cache (anything with ``cache_clear``) at the top level of a rules module."""
    import sys

    return [
        value
        for name, module in list(sys.modules.items())
        if name.split(".")[0] in ("reference", "reference_optimized")
        for value in vars(module).values()
        if callable(getattr(value, "cache_clear", None))
    ]


@pytest.fixture(autouse=True)
def _caches_filled_by_the_code_under_test() -> Iterator[None]:
    if _under_mutmut():
        import reference.chosen
        import reference.versions  # noqa: F401 - imported so that their caches are found

        for cache in _rules_caches():
            cache.cache_clear()  # type: ignore[attr-defined]
    yield


def _generates_examples(item: pytest.Item) -> bool:
    """Whether a test is a hypothesis property test (it runs on many generated examples)."""
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))


def sample_order(mutant: str, items: list[pytest.Item]) -> Callable[[pytest.Item], tuple[bool, bool, bool, bool]]:
    """The CI sample's order of a mutant's tests (no durations measured): a sort key over ``items``.

    First the tests that run one example, then the families of many parametrized tests (a test function with more
    than ``BULK`` items: corpus boards, every filter key), then the hypothesis property tests, which generate many;
    within each, the tests not marked ``slow`` before the slow ones, and then the tests of the mutated module's own
    file (``test_<module>.py``) before the others'. A mutant a unit test kills dies before the long tests of its files
    run; a survivor runs them all either way: only the time changes, not the verdict. (Without the ``slow`` part, a
    mutant of ``step_orders.BoardOrders._orders`` that a quick test of test_step_orders_events.py kills first ran the
    slow every-order tests of test_step_orders.py: 185.6 s under load, 2026-12-07.)
    """
    from collections import Counter

    from mtg_layers.checking.mutation_campaign import parse_name

    own = f"test_{parse_name(mutant)[0].rpartition('.')[2]}.py"
    family = Counter((item.path, getattr(item, "originalname", item.name)) for item in items)

    def key(item: pytest.Item) -> tuple[bool, bool, bool, bool]:
        bulk = family[(item.path, getattr(item, "originalname", item.name))] > BULK
        slow = item.get_closest_marker("slow") is not None
        return _generates_examples(item), bulk, slow, item.path.name != own

    return key


# A test function parametrized into more items than this is a family of many (the sample runs them late).
BULK = 50


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under mutmut: only the killing suite (``checking.mutation_campaign.KILLING_SUITE``), fastest tests first.

    benchmarks/mutation.py sets MTG_LAYERS_KILLING_SUITE and gives mutmut the whole tests/
    directory, so the suite can grow without mutmut discarding its results. mutmut hands each
    mutant the tests that reach its function in no particular order and stops at the first
    failure; a mutant that only a quick unit test catches would otherwise wait behind the slow
    property tests. The durations are the ones mutmut measured (``mutmut-stats.json`` in the
    directory it runs in); where none were measured (the CI sample), ``sample_order``.
    """
    import json
    from pathlib import Path

    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        # the whole suite in one run (README, "Run the tests"): the slow tier first, so that xdist hands out the
        # longest work first and the quick tests fill in around it (the order within each tier is kept). Dealing the
        # slow tier out between the workers' slices was tried (2026-12-06) and the run took longer: both workers then
        # ran multi-process slow tests (mutmut, chromium, pip) at once, where one ran them beside quick tests.
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    if os.environ.get("MTG_LAYERS_KILLING_SUITE"):
        from mtg_layers.checking.mutation_campaign import KILLING_SUITE

        suite = set(KILLING_SUITE)
        dropped = [item for item in items if item.nodeid.split("::")[0] not in suite]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = [item for item in items if item.nodeid.split("::")[0] in suite]
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    stats = Path("mutmut-stats.json")
    if not stats.exists():
        # the CI sample (``mutation_campaign.run_sample``) measures nothing first: unit tests, then families of
        # many, then property tests (``sample_order``)
        items.sort(key=sample_order(os.environ["MUTANT_UNDER_TEST"], items))
        return
    durations: dict[str, float] = json.loads(stats.read_text("utf-8")).get("duration_by_test", {})
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Issue 35: the malformed-input suite's size, by family, when it ran (xdist workers' reports included)."""
    seen: dict[str, str] = {}
    for outcome in ("passed", "failed"):
        for report in terminalreporter.stats.get(outcome, ()):
            nodeid = getattr(report, "nodeid", "")
            if "test_malformed_input_is_refused_clearly[" in nodeid and getattr(report, "when", "") == "call":
                kind = nodeid.split("[", 1)[1].rstrip("]")
                seen[kind] = outcome
    if not seen:
        return
    families: dict[str, int] = {}
    for kind in seen:
        family = kind.split(":", 1)[0] if ":" in kind else "named"
        families[family] = families.get(family, 0) + 1
    failed = sum(1 for o in seen.values() if o == "failed")
    shown = ", ".join(f"{f} {n}" for f, n in sorted(families.items()))
    terminalreporter.write_line(f"malformed-input suite: {len(seen)} kinds ({shown}); {failed} failed")
