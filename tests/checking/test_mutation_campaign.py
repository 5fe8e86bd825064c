"""The mutation sample's runs (issue 18): a CPU-time limit set in the child stops a mutant that never ends.

``mutation_campaign.run_with_cpu_limit`` sets ``RLIMIT_CPU`` in the child, so what stops a run is the CPU time it
used, not the wall clock: the same run is stopped, or not, however loaded the machine is. A run stopped so is a
timeout, which counts as detected, as mutmut counts it.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

import pytest

from mtg_layers.checking import mutation_campaign as mutation
from mtg_layers.checking import mutation_test_limit
from mtg_layers.paths import ROOT

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
        "import time\n\ndef test_runs_past_the_limit() -> None:\n    while time.process_time() < 60:\n        pass\n"
    )
    (tests / "test_other.py").write_text("def test_passes() -> None:\n    assert True\n")
    looping, passing = "reference.clock.x_see__mutmut_1", "reference.other.x_f__mutmut_2"
    suite = ["tests/test_clock.py", "tests/test_other.py"]
    # the passing one runs its own module's tests only: the rest of this suite is test_clock.py. Both are judged in
    # forks alone (``fresh_survivors=False``, as the CI sample judges them: the passing one is not run again fresh),
    # where a child's CPU time starts at the fork: twice the limit, 2 s, leaves a forked pytest.main of one file
    # (about 0.1 s of CPU) room many times over. The looping test needs 60 s of CPU, past the limit whatever the load,
    # and past twice the limit too, which a forked run of two stages gets (so the looping fork alone spends twice the
    # limit: the limit was 2 s, 4 s spent, until 2026-12-07).
    codes = mutation.run_sample(
        [looping, passing],
        suite,
        workdir=tmp_path,
        jobs=1,
        cpu_limit_s=1,
        own_tests_only={passing},
        fresh_survivors=False,
        test_cpu_limit_s=600,  # the run's limit alone stops it (the per-test one, 60 s by default, stopped it too)
    )
    assert mutation.status_of(codes[looping]) == "timeout"
    assert mutation.status_of(codes[passing]) == "survived"
    statuses = {m.name: m for m in mutation.classify({looping: codes[looping]}, [], tmp_path)}
    assert statuses[looping].detected


def test_a_sampled_mutant_whose_test_outruns_the_per_test_limit_is_a_timeout_long_before_the_runs(
    tmp_path: Path,
) -> None:
    """run_sample on a scratch copy whose one test would end on its own after 60 s of CPU time: under a per-test
    limit of 1 s (``mutation_test_limit``) it is stopped there, a timeout; without that limit it would pass (the
    run's limit, 600 s, is never reached), so the verdict comes from the per-test limit alone. The test catches
    every Exception and goes on, as hypothesis does when it runs a failing example again: the limit must end the
    process, not raise into the test."""
    tests = tmp_path / "mutants" / "tests"
    tests.mkdir(parents=True)
    (tests / "test_clock.py").write_text(
        "import time\n\n"
        "def test_runs_past_the_limit() -> None:\n"
        "    while time.process_time() < 60:\n"
        "        try:\n"
        "            while time.process_time() < 60:\n"
        "                pass\n"
        "        except Exception:\n"
        "            pass\n"
    )
    (tests / "test_other.py").write_text("def test_passes() -> None:\n    assert True\n")
    looping, passing = "reference.clock.x_see__mutmut_1", "reference.other.x_f__mutmut_2"
    suite = ["tests/test_clock.py", "tests/test_other.py"]
    codes = mutation.run_sample(
        [looping, passing],
        suite,
        workdir=tmp_path,
        jobs=1,
        cpu_limit_s=600,
        own_tests_only={looping, passing},
        test_cpu_limit_s=1,
        fresh_survivors=False,  # the passing one is judged in its fork alone: its fresh rerun pins nothing here
    )
    assert codes[looping] == mutation_test_limit.EXIT_CODE
    assert mutation.status_of(codes[looping]) == "timeout"
    assert mutation.status_of(codes[passing]) == "survived"


def test_the_per_test_limit_does_nothing_without_a_mutant_under_test(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(mutation_test_limit.ENV, "2")
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    assert mutation_test_limit._limit() == 0
    monkeypatch.setenv("MUTANT_UNDER_TEST", "reference.clock.x_see__mutmut_1")
    assert mutation_test_limit._limit() == 2
    monkeypatch.delenv(mutation_test_limit.ENV)
    assert mutation_test_limit._limit() == 0


# A fake scratch copy's tests: each notes in imports.log that its module was imported, so a test can tell a fork of the
# server (which imported the module once, before any mutant) from a fresh run (which imports it again).
NOTE_IMPORT = (
    "import os\nfrom pathlib import Path\n\n"
    "with open(Path(__file__).parent / 'imports.log', 'a') as log:\n"
    "    log.write(os.environ.get('MUTANT_UNDER_TEST', '') + '\\n')\n"
    "AT_IMPORT = os.environ.get('MUTANT_UNDER_TEST')\n"
)
KILLED, LATE = "reference.clock.x_see__mutmut_1", "reference.clock.x_see__mutmut_2"


def _scratch(tmp_path: Path, test: str) -> Path:
    tests = tmp_path / "mutants" / "tests"
    tests.mkdir(parents=True)
    (tests / "test_clock.py").write_text(NOTE_IMPORT + test)
    return tests / "imports.log"


def test_a_mutant_a_test_fails_under_is_killed_in_a_fork_of_the_server(tmp_path: Path) -> None:
    log = _scratch(tmp_path, f"\ndef test_see() -> None:\n    assert os.environ['MUTANT_UNDER_TEST'] != {KILLED!r}\n")
    codes = mutation.run_sample([KILLED], ["tests/test_clock.py"], workdir=tmp_path, jobs=1)
    assert mutation.status_of(codes[KILLED]) == "killed"
    assert log.read_text().splitlines() == ["stats"], "imported once, by the server: the test ran in a fork"


def test_a_mutant_that_survives_in_a_fork_is_judged_by_a_fresh_run(tmp_path: Path) -> None:
    """What a module computes at import, a fork of the server computed without the mutant: a fresh run with it."""
    log = _scratch(tmp_path, f"\ndef test_see() -> None:\n    assert AT_IMPORT != {LATE!r}\n")
    env = {**os.environ, "MTG_LAYERS_KILLING_SUITE": ""}
    forked = mutation.run_in_forks({LATE: [["tests/test_clock.py"]]}, tmp_path / "mutants", env, ["-q"], 1, 60)
    assert forked.codes[LATE] == (0,), "in the fork the module was imported with no mutant: the test passes"
    codes = mutation.run_sample([LATE], ["tests/test_clock.py"], workdir=tmp_path, jobs=1)
    assert mutation.status_of(codes[LATE]) == "killed", "the fresh run imported the module with the mutant"
    assert log.read_text().splitlines() == ["stats", "stats", LATE]


def test_a_mutant_whose_function_runs_at_import_is_not_forked(tmp_path: Path) -> None:
    """The server notes the mutated functions its import of the suite ran (mutmut's trampolines): those run fresh."""
    _scratch(tmp_path, "\nfrom reference.clock import see\nSEEN = see()\n\ndef test_see() -> None:\n    assert SEEN\n")
    _rules_clock(tmp_path)
    env = {**os.environ, "MTG_LAYERS_KILLING_SUITE": ""}
    forked = mutation.run_in_forks({KILLED: [["tests/test_clock.py"]]}, tmp_path / "mutants", env, ["-q"], 1, 60)
    assert forked.at_import == {KILLED} and not forked.codes
    codes = mutation.run_sample([KILLED], ["tests/test_clock.py"], workdir=tmp_path, jobs=1)
    assert mutation.status_of(codes[KILLED]) == "killed", "fresh, see() ran the mutant at import"


# Two tests of a scratch copy: the first notes in ran.log that it ran, the second names ``see`` (the function of the
# mutants KILLED and LATE) and fails under KILLED.
FIRST_THEN_NAMING = (
    "\ndef test_first() -> None:\n"
    "    with open(Path(__file__).parent / 'ran.log', 'a') as log:\n"
    "        log.write('first\\n')\n\n"
    "def test_second() -> None:\n"
    "    from reference.clock import see\n\n"
    f"    assert os.environ['MUTANT_UNDER_TEST'] != {KILLED!r} and see()\n"
)


def test_a_mutants_tests_that_name_its_function_run_first_in_a_fork_and_in_a_fresh_run(tmp_path: Path) -> None:
    """``mutation_order``: a test naming the mutated function runs before the others (the killing one of KILLED, so
    the other never runs); a mutant of a function no test names runs them in file order, all of them, in the fork
    and again fresh, or in the fork alone without ``fresh_survivors``. In a fresh run too: the mutants of ``see``
    are run fresh once ``see`` runs at import."""
    _scratch(tmp_path, FIRST_THEN_NAMING)
    _rules_clock(tmp_path)
    ran = tmp_path / "mutants" / "tests" / "ran.log"
    suite = ["tests/test_clock.py"]
    assert mutation.status_of(mutation.run_sample([KILLED], suite, workdir=tmp_path, jobs=1)[KILLED]) == "killed"
    assert not ran.exists(), "the test naming see() ran first, and failed"
    unused = "reference.clock.x_tick__mutmut_1"  # no test names tick(): file order, every test (a survivor)
    assert mutation.status_of(mutation.run_sample([unused], suite, workdir=tmp_path, jobs=1)[unused]) == "survived"
    assert ran.read_text().splitlines() == ["first", "first"], "in the fork, then in the fresh run of a survivor"
    ran.unlink()
    # the CI sample's survivor (``fresh_survivors=False``): judged by the fork alone, no fresh run after it
    alone = mutation.run_sample([unused], suite, workdir=tmp_path, jobs=1, fresh_survivors=False)
    assert mutation.status_of(alone[unused]) == "survived"
    assert ran.read_text().splitlines() == ["first"], "in the fork only"
    ran.unlink()
    at_import = tmp_path / "mutants" / "tests" / "test_clock.py"
    at_import.write_text(at_import.read_text() + "\nfrom reference.clock import see as _see\n\nSEEN = _see()\n")
    assert mutation.status_of(mutation.run_sample([KILLED], suite, workdir=tmp_path, jobs=1)[KILLED]) == "killed"
    assert not ran.exists(), "fresh: the test naming see() ran first, and failed"


def _scratch_rules(tmp_path: Path, module: str) -> Path:
    """A scratch copy holding one real module of the rules (and mutmut's empty tree beside it)."""
    path = mutation.source_path(module)
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / "mutants" / path).parent.mkdir(parents=True)
    shutil.copy(ROOT / path, tmp_path / path)
    return tmp_path


def _function_block(code: str, name: str) -> str:
    """The source of the generated function ``name`` (a mutant) in mutmut's output."""
    lines = code.splitlines()
    start = next(k for k, line in enumerate(lines) if line.lstrip().startswith(f"def {name.rpartition('.')[2]}("))
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = next(
        (
            k
            for k in range(start + 1, len(lines))
            if lines[k].strip() and len(lines[k]) - len(lines[k].lstrip()) <= indent
        ),
        len(lines),
    )
    return "\n".join(lines[start:end])


def test_a_functions_mutants_written_alone_are_the_whole_generations() -> None:
    """mutmut numbers a function's mutants within the function: written one function at a time (the sample's
    ``mutants_of``), the mutants of ``clock`` are those of the whole module, by name and by code."""
    every_line = range(1, len((ROOT / "reference" / "clock.py").read_text().splitlines()) + 1)
    whole_code, whole = mutation.mutants_of("clock", every_line)
    alone: list[str] = []
    functions = mutation.mutated_functions("clock")
    assert len(functions) > 2, functions
    for _function, lines in functions:
        code, names = mutation.mutants_of("clock", lines)
        alone += names
        assert all(_function_block(code, n) == _function_block(whole_code, n) for n in names)
    assert sorted(alone) == sorted(whole) and len(whole) > 20


def _written(mutated: object) -> tuple[object, ...]:
    """What a ``MutatedFile`` holds: the code, the mutants' names, the generated functions' lines."""
    return tuple(getattr(mutated, f) for f in ("code", "mutant_names", "line_span_by_function_name"))


def test_the_mutants_found_in_the_functions_alone_are_mutmuts_of_the_whole_module() -> None:
    """``mutants_of`` visits only the functions asked for (``_mutated_functions``), mutmut the whole module
    (``mutate_file_contents``): the same file, mutants' names, line index and hashes, for every line of the module,
    for two functions at once (the first, top-level, and the last, a method of ``Clock``) and for each function; a
    set of lines that holds only part of a function is left to mutmut's whole visit (None)."""
    module = "clock"
    path = mutation.source_path(module)
    code = (ROOT / path).read_text(encoding="utf-8")
    functions = mutation.mutated_functions(module)
    every = frozenset(range(1, len(code.splitlines()) + 1))
    assert "." not in functions[0][0] and "." in functions[-1][0], functions
    for lines in [every, functions[0][1] | functions[-1][1], *(lines for _, lines in functions)]:
        mine = mutation._mutated_functions(str(path), code, frozenset(lines))
        theirs = mutation._mutated_whole(str(path), code, lines)
        assert mine is not None and (theirs.mutant_names or lines != every), sorted(lines)[:1]
        assert _written(mine) == _written(theirs), sorted(lines)[:1]
        assert mine.hash_by_function_name == theirs.hash_by_function_name
    part = frozenset(sorted(functions[0][1])[1:])
    assert mutation._mutated_functions(str(path), code, part) is None


def test_a_mutant_is_diffed_for_the_equivalents_only_when_its_code_holds_the_lines_one_adds(tmp_path: Path) -> None:
    """``first_equivalent`` diffs only the mutants ``_could_add`` keeps: for every mutant of ``clock``, those that add
    the very lines it adds are kept (so no equivalent is missed), and a line no mutant holds keeps none."""
    work = _scratch_rules(tmp_path, "clock")
    every = frozenset().union(*(lines for _, lines in mutation.mutated_functions("clock")))
    names = mutation.write_mutants_of(work, "clock", every)
    changes = mutation.changed_lines(names, work)
    by_function: dict[str, list[str]] = {}
    for n in names:
        by_function.setdefault(mutation.parse_name(n)[1], []).append(n)
    assert len(by_function) > 2
    for same in by_function.values():
        for n in same:
            added = changes[n][1]
            kept = set(mutation._could_add(same, [added], work))
            assert {m for m in same if changes[m][1] == added} <= kept, n
        assert mutation._could_add(same, [("no mutant adds this line",)], work) == []


def test_the_draw_takes_a_function_then_one_of_its_open_mutants_from_the_modules_own_generator(
    tmp_path: Path,
) -> None:
    """A fixed seed and the module's name give the same draw; a mutant a file accounts for is never drawn (the
    function's next open one is, then another function's); a module with no open mutant draws nothing."""
    work = _scratch_rules(tmp_path, "clock")
    drawn = mutation.draw_function_mutant(work, "clock", 18, lambda _n: False)
    assert drawn is not None
    name, lines = drawn
    assert mutation.draw_function_mutant(work, "clock", 18, lambda _n: False) == drawn, "a fixed seed: the same draw"
    function = mutation.parse_name(name)[1]
    assert (function, lines) in mutation.mutated_functions("clock")
    written = (work / "mutants" / "reference" / "clock.py").read_text()
    assert f"def {name.rpartition('.')[2]}(" in written, "its function's mutants are written"
    others = {mutation.draw_function_mutant(work, "clock", seed, lambda _n: False) for seed in range(12)}
    assert len({mutation.parse_name(n)[1] for n, _ in filter(None, others)}) > 1, "other seeds, other functions"

    same_function = set(mutation.mutants_of("clock", lines)[1])
    again = mutation.draw_function_mutant(work, "clock", 18, lambda n: n == name)
    assert again is not None and again[0] != name and again[0] in same_function, "the function's next open mutant"
    moved = mutation.draw_function_mutant(work, "clock", 18, same_function.__contains__)
    assert moved is not None and mutation.parse_name(moved[0])[1] != function, "then another function's"
    assert mutation.draw_function_mutant(work, "clock", 18, lambda _n: True) is None


def test_the_sample_draws_each_module_alone_and_writes_what_it_is_also_asked_for(tmp_path: Path) -> None:
    """Each module draws from its own generator: the draw of ``clock`` is the same with or without ``zones`` in the
    sample. The functions on ``also`` lines get their mutants written beside the drawn one."""
    work = _scratch_rules(tmp_path, "clock")
    shutil.copy(ROOT / "reference" / "zones.py", work / "reference" / "zones.py")
    alone = mutation.write_sample(work, ["clock"], 18, lambda _n: False)
    (seen_function, seen_lines) = next(
        (f, ls) for f, ls in mutation.mutated_functions("zones") if mutation.mutants_of("zones", ls)[1]
    )
    both = mutation.write_sample(work, ["clock", "zones"], 18, lambda _n: False, also={"zones": seen_lines})
    assert both[0] == alone[0] and [mutation.parse_name(n)[0] for n in both] == ["clock", "zones"]
    written = (work / "mutants" / "reference" / "zones.py").read_text()
    assert all(n.rpartition(".")[2] in written for n in mutation.mutants_of("zones", seen_lines)[1]), seen_function


def test_a_mutant_of_a_function_no_file_names_is_open_without_diffing(tmp_path: Path) -> None:
    """Only a mutant of a function the files name is diffed (there is no scratch copy here to diff in)."""
    recorded = [{"module": "clock", "function": "tick", "before": ["a"], "after": ["b"]}]
    accounted = mutation.accounts_for(recorded, [], tmp_path)
    assert not accounted("reference.clock.x_see__mutmut_1")


def _rules_clock(tmp_path: Path) -> None:
    """A mutated ``reference.clock`` as mutmut writes one: ``see`` goes through a trampoline, mutant 1 says False."""
    rules = tmp_path / "mutants" / "reference"
    rules.mkdir()
    (rules / "__init__.py").write_text("__version__ = '0'\n")
    (rules / "clock.py").write_text(
        "from mutmut.mutation.trampoline import wrap_in_trampoline as _mutmut_mutated\n"
        "mutants_x_see__mutmut = {}\n\n"
        "@_mutmut_mutated(mutants_x_see__mutmut)\n"
        "def see() -> bool:\n    return True\n\n"
        "def x_see__mutmut_orig() -> bool:\n    return True\n\n"
        "def x_see__mutmut_1() -> bool:\n    return False\n\n"
        "mutants_x_see__mutmut['_mutmut_orig'] = x_see__mutmut_orig\n"
        "mutants_x_see__mutmut['x_see__mutmut_1'] = x_see__mutmut_1\n"
    )


def test_a_later_stage_is_collected_only_when_a_mutant_reaches_it(tmp_path: Path) -> None:
    """A mutant killed by its own tests never makes the server import the rest of the suite; one that passes them
    does, and when its function runs as the rest is imported, the rest is left to a fresh run."""
    _scratch(tmp_path, "\nfrom reference.clock import see\n\ndef test_see() -> None:\n    assert see()\n")
    _rules_clock(tmp_path)
    rest = tmp_path / "mutants" / "tests" / "test_rest.py"
    rest.write_text(
        "from pathlib import Path\nfrom reference.clock import see\n\n"
        "(Path(__file__).parent / 'rest.log').write_text('imported')\nSEEN = see()\n\n"
        "def test_seen() -> None:\n    assert SEEN\n"
    )
    env = {**os.environ, "MTG_LAYERS_KILLING_SUITE": ""}
    stages = {KILLED: [["tests/test_clock.py"], ["tests/test_rest.py"]]}
    forked = mutation.run_in_forks(stages, tmp_path / "mutants", env, ["-q"], 1, 60)
    assert forked.codes[KILLED] == (1,) and not forked.at_import, "killed in a fork by its own tests"
    assert not (rest.parent / "rest.log").exists(), "the rest of the suite was never imported"
    unused = "reference.clock.x_tick__mutmut_1"  # a mutant of a function no test calls: it passes every stage
    forked = mutation.run_in_forks({unused: stages[KILLED]}, tmp_path / "mutants", env, ["-q"], 1, 60)
    assert forked.codes[unused] == (0, 0) and (rest.parent / "rest.log").exists()
    # the rest calls see() as it is imported: a mutant of see() that passes its own tests is not forked for it
    passing = NOTE_IMPORT + "\ndef test_nothing() -> None:\n    pass\n"
    (tmp_path / "mutants" / "tests" / "test_clock.py").write_text(passing)
    forked = mutation.run_in_forks(stages, tmp_path / "mutants", env, ["-q"], 1, 60)
    assert forked.at_import == {KILLED} and not forked.codes
    codes = mutation.run_sample([KILLED], ["tests/test_clock.py", "tests/test_rest.py"], workdir=tmp_path, jobs=1)
    assert mutation.status_of(codes[KILLED]) == "killed", "fresh, the rest imported see() under the mutant"


def test_a_mutants_stages_are_its_own_tests_then_the_files_that_import_its_module_then_the_rest(
    tmp_path: Path,
) -> None:
    """``sample_stages``: every file of the suite once; the module's own tests, then the files importing the module
    (by any absolute form of import), then the others; in each stage the corpus's tests last."""
    files = {
        "tests/corpus/test_golden.py": "from reference.case import board_at\n",
        "tests/reference/test_case.py": "from reference.case import apply_step\n",
        "tests/reference/test_stickers.py": "import reference.case\n",
        "tests/reference/test_merged.py": "from reference import case\n",
        "tests/reference/test_model.py": "from reference.model import Board  # reference.case in a comment\n",
        "tests/reference/test_zones.py": "from .builders import case\n",
        "tests/corpus/test_loader.py": "def test() -> None:\n    import reference.model\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    suite = list(files) + ["tests/reference/test_missing.py"]
    stages = mutation.sample_stages("case", suite, tmp_path)
    assert stages == [
        ["tests/reference/test_case.py"],
        ["tests/reference/test_stickers.py", "tests/reference/test_merged.py", "tests/corpus/test_golden.py"],
        [
            "tests/reference/test_model.py",
            "tests/reference/test_zones.py",
            "tests/reference/test_missing.py",
            "tests/corpus/test_loader.py",
        ],
    ]
    # a module no other file imports: its own tests, then the rest
    assert [len(s) for s in mutation.sample_stages("stickers", suite, tmp_path)] == [1, len(suite) - 1]
    # the CI sample's bounded stages: the rest of the suite is the rest of the corpus's tests alone, in a fork too
    assert mutation.sample_stages("case", suite, tmp_path, rest=False) == [*stages[:2], ["tests/corpus/test_loader.py"]]
    assert mutation.fork_stages("case", suite, tmp_path, rest=False) == [
        [*stages[0], *stages[1]],
        ["tests/corpus/test_loader.py"],
    ]
    # other modules' unit tests no longer run (test_case, test_stickers, test_merged, test_zones): the corpus's do
    assert mutation.sample_stages("model", suite[:-2], tmp_path, rest=False) == [
        ["tests/reference/test_model.py"],
        ["tests/corpus/test_golden.py"],
    ]
    # in a fork, the first two stages are one run (the test order puts both files' unit tests first)
    assert mutation.fork_stages("case", suite, tmp_path) == [stages[0][:1] + stages[1], stages[2]]
    assert mutation.fork_stages("stickers", suite, tmp_path) == mutation.sample_stages("stickers", suite, tmp_path)
