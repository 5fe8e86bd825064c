"""The mutation sample's runs (issue 18): a CPU-time limit set in the child stops a mutant that never ends.

``mutation_campaign.run_with_cpu_limit`` sets ``RLIMIT_CPU`` in the child, so what stops a run is the CPU time it
used, not the wall clock: the same run is stopped, or not, however loaded the machine is. A run stopped so is a
timeout, which counts as detected, as mutmut counts it.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from mtg_layers.checking import mutation_campaign as mutation

# Ten seconds of CPU time, then an ordinary end: past a one-second limit only if the limit does not hold.
LOOP = "import time\nwhile time.process_time() < 10:\n    pass\n"


def test_a_child_past_its_cpu_limit_is_stopped_by_sigxcpu(tmp_path: Path) -> None:
    proc = mutation.run_with_cpu_limit([sys.executable, "-c", LOOP], tmp_path, dict(os.environ), cpu_s=1)
    assert proc.returncode == -signal.SIGXCPU
    assert mutation.status_of(proc.returncode) == "timeout"
    assert not list(tmp_path.iterdir()), "no core file is left behind"


def test_a_child_within_its_cpu_limit_ends_as_it_would() -> None:
    code = "import sys; sys.exit(3)"
    proc = mutation.run_with_cpu_limit([sys.executable, "-c", code], Path.cwd(), dict(os.environ), cpu_s=60)
    assert proc.returncode == 3


def test_a_sampled_mutant_whose_tests_outrun_the_cpu_limit_is_a_detected_timeout(tmp_path: Path) -> None:
    """run_sample end to end on a scratch copy whose "own tests" of the mutated module outrun the limit."""
    tests = tmp_path / "mutants" / "tests"
    tests.mkdir(parents=True)
    (tests / "test_clock.py").write_text(
        "import time\n\ndef test_runs_past_the_limit() -> None:\n    while time.process_time() < 10:\n        pass\n"
    )
    (tests / "test_other.py").write_text("def test_passes() -> None:\n    assert True\n")
    looping, passing = "reference.clock.x_see__mutmut_1", "reference.other.x_f__mutmut_2"
    suite = ["tests/test_clock.py", "tests/test_other.py"]
    # the passing one runs its own module's tests only: the rest of this suite is test_clock.py
    codes = mutation.run_sample(
        [looping, passing], suite, workdir=tmp_path, jobs=1, cpu_limit_s=1, own_tests_only={passing}
    )
    assert mutation.status_of(codes[looping]) == "timeout"
    assert mutation.status_of(codes[passing]) == "survived"
    statuses = {m.name: m for m in mutation.classify({looping: codes[looping]}, [], tmp_path)}
    assert statuses[looping].detected
