"""The mutation sample's fork server (issue 18): the killing suite imported once, each mutant run in a forked child.

What mutmut 3 does for a campaign, for the CI sample (``mutation_campaign.run_sample`` starts it). Run as
``python -c LAUNCH JOBS.json RESULTS.json`` in mutmut's scratch copy (``mutants/``), it:

1. collects the test files of every mutant's first stage (``pytest --collect-only``) with no mutant active, so
   the rules modules and those test modules are imported before any fork, and a later stage's files before the
   first child that runs them (so a part whose mutants all die in their own tests never imports the rest). While
   it collects, mutmut's trampolines are in their ``stats`` mode and every mutated function they pass through is
   noted: those ran at import or collection time.
2. for each mutant and each of its stages forks a child, which names the mutant in ``MUTANT_UNDER_TEST`` (the
   trampolines read it at each call), limits its own CPU time (``RLIMIT_CPU``: the same limit, the same signal,
   as ``mutation_campaign.run_with_cpu_limit``), runs ``pytest.main`` on the stage's files with ``-x`` and exits
   with pytest's code. Up to ``jobs`` children run at once; a mutant's next stage starts when its last one passed.
   Before each fork the server's objects are frozen out of the garbage collector's generations (``gc.freeze``):
   a child's collections then skip the imported suite instead of walking it, and copying its pages, again.

A mutant whose function ran during any collection so far is not forked (then or later): module-level values
(and what collection computed) came from the original function in the server, and would have come from the
mutant in a fresh run, so a fork's verdict could differ from a fresh run's. For every other mutant the function
never ran before the fork, so the child starts from the state a fresh pytest would reach with the mutant active
(the rules' ``functools`` caches are emptied before each test under a mutant anyway: tests/conftest.py). The
results name those mutants (``at_import``), for ``run_sample`` to run the old way (a fresh pytest), as it runs
every mutant that survives in a fork.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# A child that could not run pytest at all (an exception outside pytest.main): no verdict, an error.
HARNESS_ERROR = 99


def function_of(mutant: str) -> str:
    """A mutant's function as mutmut's trampolines name it (``reference.clock.xǁClockǁsee``)."""
    return mutant.partition("__mutmut_")[0]


# How run_in_forks starts the server: mutmut's trampolines note every mutated function they pass through (their
# ``stats`` mode: the server starts with MUTANT_UNDER_TEST=stats) before anything of the rules is imported.
LAUNCH = (
    "from mutmut.mutation import trampoline\n"
    "hits = set()\n"
    "trampoline.record_trampoline_hit = lambda name, caller=None: hits.add(name)\n"
    "import sys\n"
    "from mtg_layers.checking.mutation_forkserver import main\n"
    "sys.exit(main(sys.argv[1:], hits))\n"
)


def collect(args: Sequence[str], files: Sequence[str], hits: set[str]) -> int:
    """Collect ``files`` with no mutant active, noting in ``hits`` every mutated function that runs meanwhile.

    mutmut's trampolines note what they pass through in their ``stats`` mode; afterwards they are back to mutmut's
    own recorder and ``MUTANT_UNDER_TEST`` is unset, so a child names its mutant alone. pytest's exit code.
    """
    import pytest
    from mutmut import stats
    from mutmut.mutation import trampoline

    trampoline.record_trampoline_hit = lambda name, caller=None: hits.add(name)  # type: ignore[attr-defined]
    os.environ["MUTANT_UNDER_TEST"] = "stats"
    try:
        return int(pytest.main(["--collect-only", "-qqq", *args, *files]))
    finally:
        trampoline.record_trampoline_hit = stats.record_trampoline_hit  # type: ignore[attr-defined]
        del os.environ["MUTANT_UNDER_TEST"]


def _child(name: str, files: Sequence[str], args: Sequence[str], cpu_s: int, log: Path) -> None:
    """In the forked child: the mutant named, the CPU limit set, pytest run in this process; never returns."""
    code = HARNESS_ERROR
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 10))  # SIGKILL 10 s later if SIGXCPU is ignored
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.environ["MUTANT_UNDER_TEST"] = name
        import pytest

        code = int(pytest.main([*args, *files]))
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _exit_code(status: int) -> int:
    """A child's wait status as ``subprocess`` reports it: its exit code, or minus the signal that ended it."""
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


def serve(job: dict[str, Any], hits: set[str]) -> dict[str, Any]:
    """Judge ``job["mutants"]`` (each a name and its stages) in forked children; the codes and who was not forked.

    A stage's files are collected (``collect``) before its first child is forked, the first stages' all at once:
    a part whose mutants all die in their own tests never imports the rest of the suite. A mutant is forked for a
    stage only while its function is not among the ``hits`` of every collection so far; otherwise it is left to a
    fresh run (``at_import``).
    """
    args: list[str] = job["args"]
    cpu_s: int = job["cpu_limit_s"]
    jobs: int = max(1, job["jobs"])
    logs = Path(job["log_dir"])
    stages: dict[str, list[list[str]]] = {m["name"]: m["stages"] for m in job["mutants"]}
    collected: set[str] = set()

    def ensure(files: Sequence[str]) -> None:
        new = sorted(set(files) - collected)
        if new:
            code = collect(args, new, hits)
            if code not in (0, 5):
                raise RuntimeError(f"collecting {new} failed (pytest exit {code})")
            collected.update(new)

    ensure(sorted({f for s in stages.values() for f in s[0]}))
    at_import: set[str] = set()
    codes: dict[str, list[int]] = {n: [] for n in stages}
    queue = [(n, 0) for n in reversed(stages)]
    running: dict[int, tuple[str, int]] = {}
    started = 0
    while queue or running:
        while queue and len(running) < jobs:
            name, k = queue.pop()
            ensure(stages[name][k])
            if function_of(name) in hits:
                at_import.add(name)  # its function ran at import or collection: only a fresh run judges it
                continue
            started += 1
            log = logs / f"{started:03d}-{name}-stage{k + 1}.log"
            # what the server holds moves out of the collector's sight: a child's collections no longer walk (and
            # so copy, page by page) the imported suite; nothing it runs reads the collector's generations
            gc.freeze()
            pid = os.fork()
            if pid == 0:
                _child(name, stages[name][k], args, cpu_s, log)
            running[pid] = (name, k)
        if not running:
            continue
        pid, status = os.wait()
        name, k = running.pop(pid)
        code = _exit_code(status)
        codes[name].append(code)
        if code in (0, 5) and k + 1 < len(stages[name]):
            queue.append((name, k + 1))  # passed: its next stage runs next
    judged = {n: c for n, c in codes.items() if n not in at_import}
    return {"codes": judged, "at_import": sorted(at_import), "hits": len(hits), "collected": sorted(collected)}


def main(argv: Sequence[str], hits: set[str]) -> int:
    """``JOBS.json RESULTS.json``: read the job, judge it, write the results (``hits``: what ``LAUNCH`` notes)."""
    job = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        result = serve(job, hits)
    except RuntimeError as e:
        result = {"error": str(e)}
    Path(argv[1]).write_text(json.dumps(result), encoding="utf-8")
    return 1 if "error" in result else 0
