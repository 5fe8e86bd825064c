"""Mutation testing of the rules (issue 18): mutmut over every module of ``reference/`` and of
``reference_optimized/`` (the bookkeeping ``verify``, ``explain`` and the adapter run).

mutmut rewrites each function of those packages into many mutants (an operator swapped, a
constant changed, an argument dropped) and runs the killing suite against each one: the
golden tests of the corpus, the rule unit tests and the fast-path test (the
``[tool.mutmut]`` table of ``pyproject.toml`` names them). It runs in a scratch copy of the
repository (``build/mutation/``), never in the sources.

This module reads what mutmut found (``mutants/<package>/*.py.meta``), takes out the
mutants shown to be equivalent (``data/mutation-equivalents.json``: each with the mutated
line before and after and the reason in words), counts per module, and writes the results
file the Proofs page is generated from (``data/mutation-results.json``). It also says which
corpus cases catch each named mutant of ``mtg_layers.checking.misreadings``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..paths import ROOT

DATA = ROOT / "mtg_layers" / "data"
RESULTS_FILE = DATA / "mutation-results.json"
EQUIVALENTS_FILE = DATA / "mutation-equivalents.json"
# Every judged mutant's exit code with its function's hash: a campaign resumes from it on a new machine.
STATE_FILE = DATA / "mutation-state.json"
WORKDIR = ROOT / "build" / "mutation"
# What the scratch copy needs: the code under test, the killing suite and what its tests read.
COPIED = ("reference", "reference_optimized", "tests", "benchmarks", "corpus", "pyproject.toml")

# The killing suite: the corpus's golden tests, the rule unit tests and the fast path's tests. mutmut
# is given the whole tests/ directory (pyproject.toml) and tests/conftest.py keeps these files when
# MTG_LAYERS_KILLING_SUITE is set (run_mutmut sets it), so adding a file here keeps mutmut's results.
KILLING_SUITE = (
    # the corpus's golden tests and expectations; the loader, with the meaning checks of the rules' inputs
    "tests/corpus/test_golden.py",
    "tests/corpus/test_expectations.py",
    "tests/corpus/test_loader.py",
    # the rule unit tests: one module per module of reference/
    "tests/reference/test_attachments.py",
    "tests/reference/test_case.py",
    "tests/reference/test_choices.py",
    "tests/reference/test_choices_total_order.py",
    "tests/reference/test_chosen.py",
    "tests/reference/test_clock.py",
    "tests/reference/test_conditional_copy.py",
    "tests/reference/test_copiable.py",
    "tests/reference/test_dependency.py",
    "tests/reference/test_double_faced.py",
    "tests/reference/test_effects.py",
    "tests/reference/test_entry.py",
    "tests/reference/test_entry_open_orders.py",
    "tests/reference/test_fixed_amounts.py",
    "tests/reference/test_filters.py",
    "tests/reference/test_flip.py",
    "tests/reference/test_frozen.py",
    "tests/reference/test_game_state.py",
    "tests/reference/test_merged.py",
    "tests/reference/test_model.py",
    "tests/reference/test_operations.py",
    "tests/reference/test_resolver.py",
    "tests/reference/test_sba.py",
    "tests/reference/test_stickers.py",
    "tests/reference/test_timestamps.py",
    "tests/reference/test_tokens.py",
    "tests/reference/test_type_names.py",
    "tests/reference/test_versions.py",
    "tests/reference/test_vocabulary.py",
    "tests/reference/test_zones.py",
    # the incremental bookkeeping gives the readable one's results and traces; its tables
    "tests/reference_optimized/test_board_bitsets.py",
    "tests/reference_optimized/test_bookkeeping.py",
    "tests/reference_optimized/test_class_members.py",
    "tests/reference_optimized/test_class_moves.py",
    "tests/reference_optimized/test_compiled_filters.py",
    "tests/reference_optimized/test_components.py",
    "tests/reference_optimized/test_constant_parts.py",
    "tests/reference_optimized/test_counter_classes.py",
    "tests/reference_optimized/test_counter_runs.py",
    "tests/reference_optimized/test_class_answers.py",
    "tests/reference_optimized/test_effect_classes.py",
    "tests/reference_optimized/test_features.py",
    "tests/reference_optimized/test_last_copy.py",
    "tests/reference_optimized/test_last_touch.py",
    "tests/reference_optimized/test_later_slots.py",
    "tests/reference_optimized/test_lose_all.py",
    "tests/reference_optimized/test_lose_all_but_mana.py",
    "tests/reference_optimized/test_lose_all_filtered.py",
    "tests/reference_optimized/test_lose_all_held.py",
    "tests/reference_optimized/test_lose_all_granted.py",
    "tests/reference_optimized/test_lose_all_tied_holders.py",
    "tests/reference_optimized/test_lose_all_begun.py",
    "tests/reference_optimized/test_lord_given.py",
    "tests/reference_optimized/test_gains_lord.py",
    "tests/reference_optimized/test_held_takes.py",
    "tests/reference_optimized/test_indexes.py",
    "tests/reference_optimized/test_orders.py",
    "tests/reference_optimized/test_from_slot.py",
    "tests/reference_optimized/test_from_slot_filters.py",
    "tests/reference_optimized/test_reads.py",
    "tests/reference_optimized/test_step_orders.py",
    "tests/reference_optimized/test_step_orders_events.py",
    "tests/reference_optimized/test_step_orders_held5.py",
    "tests/reference_optimized/test_step_orders_lord.py",
    "tests/reference_optimized/test_territories.py",
    "tests/reference_optimized/test_text_changes.py",
    "tests/reference_optimized/test_witnesses.py",
    # z3 checking the clock, the encoding's reads and state-based actions against the resolver's answers
    "tests/proofs/test_clock.py",
    "tests/proofs/test_encoding.py",
    "tests/proofs/test_sba.py",
    # verify on a case whose answer depends on an open tie
    "tests/checking/test_verify.py",
    # the rules history: dated flags, unknown periods, the version of a date (issue 29)
    "tests/reference/test_history.py",
)

# mutmut's exit codes (mutmut.stats.status_by_exit_code), in this project's words.
_STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 37: "killed"}
_TIMEOUT = {24, -24, 152, 255, 36}
_CRASH = {-9, -11}
# "killed" counts the mutants the suite detects: a failing test, a timeout or a crash.
DETECTED = frozenset({"killed", "timeout", "crash"})
# The packages mutmut mutates: the rules, and the faster bookkeeping that verify, explain and the adapter run.
SOURCES = ("reference", "reference_optimized")
# A module's label: its name within reference/ ("clock"), or its dotted name for the other packages
# ("reference_optimized.bookkeeping").
_NAME = re.compile(
    r"^(?:reference\.(?P<module>[\w.]+?)|(?P<other>reference_optimized\.[\w.]+?))"
    r"\.x(?:ǁ(?P<cls>\w+)ǁ|_)(?P<fn>\w+?)__mutmut_(?P<n>\d+)$"
)


@dataclass(frozen=True)
class Mutant:
    """One mutant: its mutmut name, where it is, what it changed and what the suite did to it."""

    name: str
    module: str
    function: str
    status: str  # killed | timeout | crash | survived | no tests | equivalent | not run | ...
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    reason: str = ""

    @property
    def detected(self) -> bool:
        return self.status in DETECTED


def parse_name(name: str) -> tuple[str, str]:
    """``reference.clock.xǁClockǁsee__mutmut_1`` -> (``clock``, ``Clock.see``); other packages keep their name."""
    m = _NAME.match(name)
    if m is None:
        raise ValueError(f"not a mutmut mutant name of {' or '.join(SOURCES)}: {name!r}")
    fn = m["fn"]
    return m["module"] or m["other"], f"{m['cls']}.{fn}" if m["cls"] else fn


def source_path(module: str) -> Path:
    """A module label's source file, relative to the repository (``clock`` -> ``reference/clock.py``)."""
    parts = module.split(".")
    return Path(*parts).with_suffix(".py") if parts[0] in SOURCES else Path("reference", *parts).with_suffix(".py")


def name_prefix(module: str) -> str:
    """What mutmut puts before a function's mutant names in a module (``reference.clock.``)."""
    return f"{module}." if module.split(".")[0] in SOURCES else f"reference.{module}."


def _label(meta: Path, workdir: Path) -> str:
    """A module label from a ``mutants/<package>/<module>.py.meta`` file."""
    package = meta.relative_to(workdir / "mutants").parts[0]
    stem = meta.name.removesuffix(".py.meta")
    return stem if package == "reference" else f"{package}.{stem}"


def _metas(workdir: Path) -> list[Path]:
    """mutmut's result files, one per mutated module of every source package."""
    return sorted(m for package in SOURCES for m in (workdir / "mutants" / package).glob("*.py.meta"))


def status_of(exit_code: int | None) -> str:
    """A mutmut exit code in words (None: not run yet)."""
    if exit_code is None:
        return "not run"
    if exit_code in _TIMEOUT:
        return "timeout"
    if exit_code in _CRASH:
        return "crash"
    return _STATUS.get(exit_code, "suspicious")


def modules(root: Path = ROOT) -> list[str]:
    """Every mutated module (``reference/*.py``, ``reference_optimized/*.py``), by its label."""
    return sorted(
        p.stem if package == "reference" else f"{package}.{p.stem}"
        for package in SOURCES
        for p in (root / package).glob("*.py")
    )


# --- the scratch copy and mutmut ----------------------------------------------------------------


def prepare(workdir: Path = WORKDIR, root: Path = ROOT) -> None:
    """Copy what mutmut needs into ``workdir`` (refreshing it: mutmut regenerates changed files)."""
    workdir.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "dist")
    for name in COPIED:
        src, dst = root / name, workdir / name
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True, ignore=ignore)
        else:
            shutil.copy2(src, dst)


def configure(workdir: Path, suite: Sequence[str], deselect: str = "") -> None:
    """Give the scratch copy its own killing suite (and a ``-k`` expression that deselects tests).

    For a bounded run (the CI sample): the full campaign uses pyproject.toml's own table.
    """
    path = workdir / "pyproject.toml"
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("[tool.mutmut]")
    tail = rest[rest.find("\n[") :] if "\n[" in rest else ""
    table = tomllib.loads("[tool.mutmut]" + rest[: len(rest) - len(tail)])["tool"]["mutmut"]
    args = list(table.get("pytest_add_cli_args", [])) + (["-k", deselect] if deselect else [])
    lines = ["[tool.mutmut]"]
    for key, value in {**table, "pytest_add_cli_args": args, "pytest_add_cli_args_test_selection": list(suite)}.items():
        lines.append(f"{key} = {json.dumps(value)}")
    path.write_text(head + "\n".join(lines) + "\n" + tail, encoding="utf-8")


def run_mutmut(names: Sequence[str], workdir: Path = WORKDIR, jobs: int = 2, nice: int = 10) -> int:
    """``mutmut run`` in the scratch copy, for the given mutant names or globs (all when empty)."""
    cmd = [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs), *names]
    # HYPOTHESIS_PROFILE: the killing suite's property tests draw 10 boards each (tests/conftest.py).
    env = {
        **os.environ,
        "PYTHONDONTWRITEBYTECODE": "1",
        "HYPOTHESIS_PROFILE": "mutation",
        "MTG_LAYERS_KILLING_SUITE": "1",
    }
    env.pop("MUTANT_UNDER_TEST", None)

    def lower_priority() -> None:
        os.nice(nice)

    proc = subprocess.run(cmd, cwd=workdir, env=env, preexec_fn=lower_priority if nice else None, check=False)
    return proc.returncode


_GENERATE = (
    "import os, sys; os.chdir(sys.argv[1]); os.makedirs('mutants', exist_ok=True)\n"
    "from mutmut.__main__ import copy_src_dir, create_mutants\n"
    "from mutmut.utils.file_utils import copy_also_copy_files\n"
    "copy_src_dir(); copy_also_copy_files(); create_mutants(int(sys.argv[2]))\n"
)


def generate(workdir: Path = WORKDIR, jobs: int = 2) -> None:
    """Let mutmut write every mutant (``mutants/``) without running any: what a sample is drawn from."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "MUTANT_UNDER_TEST": "mutant_generation"}
    subprocess.run(
        [sys.executable, "-c", _GENERATE, str(workdir), str(jobs)],
        cwd=workdir,
        env=env,
        check=True,
        capture_output=True,
    )


_COPY = (
    "import os, sys; os.chdir(sys.argv[1]); os.makedirs('mutants', exist_ok=True)\n"
    "from mutmut.__main__ import copy_src_dir\n"
    "from mutmut.utils.file_utils import copy_also_copy_files\n"
    "copy_src_dir(); copy_also_copy_files()\n"
)


def copy_unmutated(workdir: Path) -> None:
    """Let mutmut copy the sources and the tests into its scratch tree (``mutants/``), none of them mutated yet."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "MUTANT_UNDER_TEST": "mutant_generation"}
    subprocess.run([sys.executable, "-c", _COPY, str(workdir)], cwd=workdir, env=env, check=True, capture_output=True)


def mutated_functions(module: str, root: Path = ROOT) -> list[tuple[str, frozenset[int]]]:
    """The functions mutmut mutates in a module, each with its lines: the top-level functions, then the methods of
    the top-level classes (mutmut mutates a nested function as part of the function around it)."""
    import ast

    tree = ast.parse((root / source_path(module)).read_text(encoding="utf-8"))
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef)
    found = [(n.name, n) for n in tree.body if isinstance(n, kinds)]
    found += [
        (f"{c.name}.{m.name}", m)
        for c in tree.body
        if isinstance(c, ast.ClassDef)
        for m in c.body
        if isinstance(m, kinds)
    ]
    return [(name, frozenset(range(n.lineno, (n.end_lineno or n.lineno) + 1))) for name, n in found]


def _mutated(module: str, lines: Collection[int], root: Path) -> Any:
    """mutmut's mutated file of a module (``MutatedFile``: code, mutant names, each generated function's lines)
    with the mutants of the functions on ``lines``: what ``mutate_file_contents`` gives for those lines
    (``_mutated_whole``), its search for mutants run on those functions alone (``_mutated_functions``)."""
    path = source_path(module)
    code = (root / path).read_text(encoding="utf-8")
    found = None if "no mutate" in code else _mutated_functions(str(path), code, frozenset(lines))
    return _mutated_whole(str(path), code, lines) if found is None else found


def _mutated_whole(filename: str, code: str, lines: Collection[int]) -> Any:
    """mutmut's own mutated file (``mutate_file_contents``): one visit of the whole module."""
    from mutmut.mutation.file_mutation import mutate_file_contents  # the dev extra: only the campaign needs it

    return mutate_file_contents(filename, code, set(lines), None)


@functools.lru_cache(maxsize=4)
def _parsed(code: str) -> Any:
    """libcst's module of a source (a draw tries several functions of one module: parsed once)."""
    import libcst as cst

    return cst.parse_module(code)


def _mutated_functions(filename: str, code: str, lines: frozenset[int]) -> Any:
    """``mutate_file_contents(filename, code, lines)``, the module visited only where the mutants are; None when a
    function holds only some of ``lines`` (mutmut's whole visit then decides which of its nodes are mutated).

    mutmut mutates the nodes of the top-level functions and of the methods of top-level classes (each mutant within
    one of them, ``contained_by_top_level_function``), those starting on a line of ``lines``, and numbers a
    function's mutants in the order it visits the function's nodes. Its visit of the whole module (positions,
    pragmas, the search) is most of a draw's time. Here it visits a module of the same header and only the functions
    whose every line is in ``lines`` (in a class, with only those methods), made of the very node objects of the
    whole module (``unsafe_skip_copy``), so it finds the same mutants in the same order, and mutmut's
    ``combine_mutations_to_source`` writes them into the whole module as it does. Without a ``no mutate`` pragma
    (``_mutated`` checks) the lines mutmut ignores are those its pattern setting matches, line by line, read from
    the smaller module's own text as from the whole one's. (tests/checking/test_mutation_campaign.py compares both
    ways on every function of ``clock``.)
    """
    import ast
    import dataclasses as dc

    import libcst as cst
    from libcst.metadata import MetadataWrapper
    from mutmut.mutation.file_mutation import (
        MutationVisitor,
        combine_mutations_to_source,
        compute_function_hashes,
        get_statements_until_func_or_class,
    )
    from mutmut.mutation.mutators import mutation_operators
    from mutmut.mutation.pragma_handling import get_ignored_lines
    from mutmut.mutation.trampoline_templates import mangle_function_name

    def taken(node: ast.AST) -> bool | None:
        """All of the function's lines are in ``lines`` (True), none (False), some (None)."""
        span = set(range(node.lineno, (node.end_lineno or node.lineno) + 1))  # type: ignore[attr-defined]
        return True if span <= lines else False if not span & lines else None

    whole = _parsed(code)
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    tops = [n for n in ast.parse(code).body if isinstance(n, kinds)]  # the defs, in order, as libcst's below
    defs = [s for s in whole.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))]
    if len(tops) != len(defs):
        return None
    kept: list[Any] = []
    for top, statement in zip(tops, defs, strict=True):
        if isinstance(statement, cst.FunctionDef):
            keep = taken(top)
            if keep is None:
                return None
            kept += [statement] if keep else []
        elif isinstance(statement, cst.ClassDef) and isinstance(statement.body, cst.IndentedBlock):
            assert isinstance(top, ast.ClassDef)
            inner = [n for n in top.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            methods = [m for m in statement.body.body if isinstance(m, cst.FunctionDef)]
            if len(inner) != len(methods):
                return None
            chosen = []
            for node, method in zip(inner, methods, strict=True):
                keep = taken(node)
                if keep is None:
                    return None
                chosen += [method] if keep else []
            if chosen:
                kept.append(statement.with_changes(body=statement.body.with_changes(body=chosen)))
    header = get_statements_until_func_or_class(whole.body)
    small = whole.with_changes(body=[*header, *kept])
    wrapper = MetadataWrapper(small, unsafe_skip_copy=True)
    visitor = MutationVisitor(mutation_operators, get_ignored_lines(filename, small.code, wrapper, None), None)
    wrapper.visit(visitor)
    mutated = combine_mutations_to_source(whole, visitor.mutations, visitor.ignored_classes, visitor.ignored_functions)
    # the hashes of the functions holding a mutant, by mangled name, as mutmut's mutate_file_contents gives them
    key_by_node: dict[cst.FunctionDef, str] = {}

    def index(body: Sequence[cst.CSTNode], class_name: str = "") -> None:
        for stmt in body:
            if isinstance(stmt, cst.FunctionDef):
                key_by_node[stmt] = mangle_function_name(name=stmt.name.value, class_name=class_name or None)
            elif isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock):
                index(stmt.body.body, f"{class_name}.{stmt.name.value}" if class_name else stmt.name.value)

    index(whole.body)
    holders = {key_by_node.get(m.contained_by_top_level_function) for m in visitor.mutations}  # type: ignore[arg-type]
    hashes = compute_function_hashes(code, accept=lambda key: key in holders)
    return dc.replace(mutated, hash_by_function_name=hashes)


def mutants_of(module: str, lines: Collection[int], root: Path = ROOT) -> tuple[str, list[str]]:
    """The module as mutmut writes it with the mutants of the functions on ``lines`` (its other functions as they
    are), and those mutants' names.

    mutmut numbers a function's mutants within the function, so they are the mutants, names and code, a whole
    ``generate`` writes for those functions (tests/checking/test_mutation_campaign.py compares them).
    """
    mutated = _mutated(module, lines, root)
    return mutated.code, [name_prefix(module) + n for n in mutated.mutant_names]


def write_mutants_of(workdir: Path, module: str, lines: Collection[int]) -> list[str]:
    """``mutants_of`` written into the scratch copy (``mutants/``) as mutmut writes a mutated module, with the index
    of its functions' lines that lets ``changed_lines`` read a mutant without parsing the whole file."""
    from mutmut.mutation.data import MutantLineSpans

    path = source_path(module)
    mutated = _mutated(module, lines, workdir)
    (workdir / "mutants" / path).write_text(mutated.code, encoding="utf-8")
    with _cwd(workdir):
        MutantLineSpans(path=str(path), span_by_function_name=mutated.line_span_by_function_name).save()
    return [name_prefix(module) + n for n in mutated.mutant_names]


def first_equivalent(equivalents: Sequence[Mapping[str, Any]], workdir: Path) -> tuple[str, frozenset[int]] | None:
    """The first mutant, in the order of the equivalents file, that mutmut still generates and the file records as
    equivalent, with its function's lines (its module's mutants are written into the scratch copy meanwhile)."""
    read: dict[tuple[str, str], tuple[frozenset[int], dict[str, tuple[tuple[str, ...], tuple[str, ...]]]]] = {}
    for e in equivalents:
        where = (e["module"], e["function"])
        if where not in read:
            found = [lines for function, lines in mutated_functions(where[0], workdir) if function == where[1]]
            names = (
                [n for n in write_mutants_of(workdir, where[0], found[0]) if parse_name(n) == where] if found else []
            )
            afters = [_lines(x["after"]) for x in equivalents if (x["module"], x["function"]) == where]
            read[where] = (
                found[0] if found else frozenset(),
                changed_lines(_could_add(names, afters, workdir), workdir),
            )
        lines, changes = read[where]
        for name, (before, after) in changes.items():
            if equivalent_reason(*where, before, after, [e]) is not None:
                return name, lines
    return None


def _could_add(names: Sequence[str], afters: Sequence[tuple[str, ...]], workdir: Path) -> list[str]:
    """The mutants among ``names`` (of one function, written in the scratch copy) whose code holds every line one of
    ``afters`` names: only those can add those lines (``changed_lines`` reads the lines a mutant adds out of its
    code, the function named as the original), so only they are diffed.

    A mutant's code is read through mutmut's index of its functions' lines (``MutantLineSpans``), with the
    generated function's name turned back into the original's, as mutmut's diff names both."""
    from mutmut.mutation.data import MutantLineSpans

    if not names:
        return []
    module, function = parse_name(names[0])
    with _cwd(workdir):
        spans = MutantLineSpans.load(source_path(module))
        if spans is None:
            return list(names)
        sources = spans.read_function_sources([n.rpartition(".")[2] for n in names])
    out = []
    for name, code in zip(names, sources, strict=True):
        generated, original = name.rpartition(".")[2], function.rpartition(".")[2]
        held = {line.strip() for line in code.replace(f"def {generated}(", f"def {original}(").splitlines()}
        if any(set(after) <= held for after in afters):
            out.append(name)
    return out


def draw_function_mutant(
    workdir: Path, module: str, seed: int, accounted: Callable[[str], bool]
) -> tuple[str, frozenset[int]] | None:
    """One open mutant of a module (one no file accounts for) and its function's lines, drawn with ``seed``
    function first: the module's functions are shuffled with the seed and the module's name, and the first function
    with an open mutant gives one, drawn uniformly among its mutants. None when no function has one.

    Each module draws from its own generator, so a change to one module moves that module's draw alone. Only the
    functions tried have their mutants written (``write_mutants_of``): mutmut's minutes for every function of every
    module become a parse of each module.
    """
    rng = random.Random(f"{seed}:{module}")
    functions = mutated_functions(module, workdir)
    for _function, lines in rng.sample(functions, len(functions)):
        names = write_mutants_of(workdir, module, lines)
        for name in rng.sample(names, len(names)):
            if not accounted(name):
                return name, lines
    return None


def write_sample(
    workdir: Path,
    labels: Sequence[str],
    seed: int,
    accounted: Callable[[str], bool],
    also: Mapping[str, Collection[int]] | None = None,
) -> list[str]:
    """The seeded sample of the CI (one open mutant of each module, ``draw_function_mutant``), written into the
    scratch copy (``copy_unmutated``) with the mutants of the functions on the ``also`` lines of a module beside it."""
    also = also or {}
    drawn = []
    for label in labels:
        found = draw_function_mutant(workdir, label, seed, accounted)
        lines = found[1] if found else frozenset()
        if found:
            drawn.append(found[0])
        if label in also or not found:
            write_mutants_of(workdir, label, lines | frozenset(also.get(label, ())))
    return drawn


def exit_codes(workdir: Path = WORKDIR) -> dict[str, int | None]:
    """Every mutant mutmut generated, with its exit code (None when not run)."""
    out: dict[str, int | None] = {}
    for meta in _metas(workdir):
        out.update(_read_meta(meta).get("exit_code_by_key", {}))
    return out


def _read_meta(path: Path, tries: int = 20) -> dict[str, Any]:
    # a running campaign rewrites these files: a read that catches one half-written is tried again
    for _ in range(tries - 1):
        with contextlib.suppress(json.JSONDecodeError):
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            return data
        time.sleep(0.1)
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def save_state(workdir: Path = WORKDIR, path: Path = STATE_FILE) -> int:
    """Store what mutmut judged (``mutants/<package>/*.py.meta``): each exit code, with its function's hash.

    A module this scratch copy has no results for keeps its stored entry. Returns the number of
    judged mutants stored.
    """
    stored = read_state(path)
    for meta in _metas(workdir):
        module = _label(meta, workdir)
        data = _read_meta(meta)
        prefix = name_prefix(module)
        codes = {k.removeprefix(prefix): c for k, c in data.get("exit_code_by_key", {}).items() if c is not None}
        stored[module] = {"hashes": dict(sorted(data.get("hash_by_function_name", {}).items())), "exit_codes": codes}
    state = {"tool_version": _mutmut_version(), "modules": {m: stored[m] for m in sorted(stored)}}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)  # never half-written
    return sum(len(e["exit_codes"]) for e in stored.values())


def read_state(path: Path = STATE_FILE) -> dict[str, Any]:
    """The stored per-module state ({} when none): ``{module: {"hashes": ..., "exit_codes": ...}}``."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    modules: dict[str, Any] = data.get("modules", {})
    return modules


def restore_state(workdir: Path = WORKDIR, path: Path = STATE_FILE) -> int:
    """Seed mutmut's ``.meta`` files from the stored state, for every module this scratch copy has none of.

    mutmut compares each function's hash when it writes the mutants again and forgets the results
    of every function whose code changed since (``create_mutants_for_file``), so a stored result
    is only kept for a function that is still the same. Returns the number of results seeded.
    """
    if not path.exists():
        return 0
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("tool_version") != _mutmut_version():
        return 0  # another mutmut may name and hash mutants otherwise: start afresh
    seeded = 0
    for module, entry in data.get("modules", {}).items():
        meta = workdir / "mutants" / source_path(module).with_suffix(".py.meta")
        if meta.exists():
            continue
        meta.parent.mkdir(parents=True, exist_ok=True)
        codes = {f"{name_prefix(module)}{k}": c for k, c in entry["exit_codes"].items()}
        meta.write_text(
            json.dumps(
                {
                    "exit_code_by_key": codes,
                    "hash_by_function_name": entry["hashes"],
                    "type_check_error_by_key": {},
                    "durations_by_key": {},
                    "estimated_durations_by_key": {},
                }
            ),
            encoding="utf-8",
        )
        seeded += len(codes)
    return seeded


def _mutmut_version() -> str:
    from importlib.metadata import version

    return version("mutmut")


@contextlib.contextmanager
def _cwd(path: Path) -> Iterator[None]:
    old = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def changed_lines(names: Iterable[str], workdir: Path = WORKDIR) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """The lines each mutant removes and adds (stripped), from mutmut's own diff of the function."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant  # the dev extra: only the campaign needs it

    out = {}
    with _cwd(workdir):
        for name in names:
            path = source_path(parse_name(name)[0])
            diff = get_diff_for_mutant(name, path=path).splitlines()
            before = tuple(line[1:].strip() for line in diff if line.startswith("-") and not line.startswith("---"))
            after = tuple(line[1:].strip() for line in diff if line.startswith("+") and not line.startswith("+++"))
            out[name] = (before, after)
    return out


# --- equivalents, classification, results ---------------------------------------------------------


def load_equivalents(path: Path = EQUIVALENTS_FILE) -> list[dict[str, Any]]:
    """The mutants shown equivalent: module, function, ``before`` and ``after`` (the mutated line), reason."""
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    entries: list[dict[str, Any]] = data["equivalents"]
    for e in entries:
        missing = {"module", "function", "before", "after", "reason"} - set(e)
        if missing or not str(e["reason"]).strip():
            raise ValueError(f"{path.name}: an entry lacks {sorted(missing) or ['a reason']}: {e}")
    return entries


def equivalent_reason(
    module: str, function: str, before: Sequence[str], after: Sequence[str], equivalents: Sequence[Mapping[str, Any]]
) -> str | None:
    """The recorded reason when this change is a known equivalent (same module, function and lines)."""
    for e in equivalents:
        if (e["module"], e["function"]) != (module, function):
            continue
        if _lines(e["before"]) == tuple(before) and _lines(e["after"]) == tuple(after):
            return str(e["reason"])
    return None


def _lines(value: str | Sequence[str]) -> tuple[str, ...]:
    return (value.strip(),) if isinstance(value, str) else tuple(v.strip() for v in value)


def classify(
    codes: Mapping[str, int | None],
    equivalents: Sequence[Mapping[str, Any]],
    workdir: Path = WORKDIR,
) -> list[Mutant]:
    """Every mutant with its final status; an undetected mutant is ``equivalent`` when the file says so."""
    undetected = [n for n, c in codes.items() if status_of(c) not in DETECTED and c is not None]
    lines = changed_lines(undetected, workdir) if undetected else {}
    out = []
    for name in sorted(codes):
        module, function = parse_name(name)
        status = status_of(codes[name])
        before, after = lines.get(name, ((), ()))
        reason = ""
        if name in lines:
            found = equivalent_reason(module, function, before, after, equivalents)
            if found is not None:
                status, reason = "equivalent", found
        out.append(Mutant(name, module, function, status, before, after, reason))
    return out


def summary(mutants: Iterable[Mutant]) -> list[dict[str, Any]]:
    """Per module: mutants, killed, equivalent, survived (not detected, incl. no tests), not run, kill rate.

    The kill rate is killed / (mutants - equivalent - not run): an equivalent mutant cannot be
    killed, and a mutant not run is not counted either way.
    """
    rows: dict[str, dict[str, Any]] = {}
    for m in mutants:
        r = rows.setdefault(
            m.module,
            {"module": m.module, "mutants": 0, "killed": 0, "equivalent": 0, "survived": 0, "not_run": 0},
        )
        r["mutants"] += 1
        if m.detected:
            r["killed"] += 1
        elif m.status == "equivalent":
            r["equivalent"] += 1
        elif m.status == "not run":
            r["not_run"] += 1
        else:
            r["survived"] += 1
    for r in rows.values():
        judged = r["killed"] + r["survived"]
        r["kill_rate"] = round(100 * r["killed"] / judged, 1) if judged else None
    return [rows[k] for k in sorted(rows)]


def write_results(rows: Sequence[Mapping[str, Any]], survivors: Sequence[Mutant], meta: Mapping[str, Any]) -> None:
    """Store the campaign's figures (read by the docs generator) in ``data/mutation-results.json``.

    A module this run judged no mutant of (a partial campaign, a fresh scratch copy) keeps the
    figures and survivors of the run that last judged it, with that run's date: a run of some
    modules adds to the record instead of wiping the others.
    """
    previous = read_results()
    before = {r["module"]: r for r in previous.get("modules", [])}
    judged_now = {r["module"] for r in rows if r["not_run"] < r["mutants"]}
    merged = []
    for r in rows:
        if r["module"] in judged_now or r["module"] not in before:
            merged.append({**r, "date": meta["date"]})
        else:
            merged.append({**before[r["module"]], "date": before[r["module"]].get("date", previous.get("date"))})
    kept = [s for s in previous.get("survivors", []) if s["module"] not in judged_now]
    data = {
        **meta,
        "modules": merged,
        "survivors": kept
        + [
            {"module": m.module, "function": m.function, "status": m.status, "before": m.before, "after": m.after}
            for m in survivors
        ],
        "named_mutants": previous.get("named_mutants", {}),
    }
    if "golden_alone" in previous:  # the golden answers alone on a sample (mutation_golden): another run's figures
        data["golden_alone"] = previous["golden_alone"]
    RESULTS_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def read_results(path: Path = RESULTS_FILE) -> dict[str, Any]:
    """The stored campaign results ({} before the first campaign)."""
    if not path.exists():
        return {}
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def rerun_without_time_limit(name: str, workdir: Path = WORKDIR, limit_s: float = 3600.0) -> int:
    """Run one mutant's tests again with no CPU limit; the pytest exit code (0: no test failed).

    mutmut stops a mutant after a CPU limit computed from its tests' measured durations, and counts
    that as detected; on a loaded machine a mutant that computes what the original computes can
    outlast it. This settles such a verdict on what the tests say, whatever the load: the same tests
    mutmut gives the mutant, in its scratch copy, with ``MUTANT_UNDER_TEST`` naming it. ``limit_s``
    only guards against a mutant that never ends (a wall-clock limit; reaching it raises).
    """
    mutants = workdir / "mutants"
    stats = json.loads((mutants / "mutmut-stats.json").read_text(encoding="utf-8"))
    function = name.replace("__init__.", "").partition("__mutmut_")[0]
    tests = sorted(stats["tests_by_mangled_function_name"][function])
    env = {
        **os.environ,
        "MUTANT_UNDER_TEST": name,
        "HYPOTHESIS_PROFILE": "mutation",
        "MTG_LAYERS_KILLING_SUITE": "1",
    }
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:randomly"]
    proc = subprocess.run([*cmd, *tests], cwd=mutants, env=env, capture_output=True, timeout=limit_s, check=False)
    return proc.returncode


# What a sampled mutant's pytest run ends with, in mutmut's exit codes (so ``status_of`` reads both):
# pytest's 0 (no test failed) and 5 (no test ran) as they are; a failing test, or a run the mutant broke before any
# test could fail (collection error, internal error), is a kill. A run stopped by its CPU limit ends by SIGXCPU
# (-24, one of mutmut's timeout codes): a timeout.
# A test past its own CPU limit ends the run with SIGXCPU's number (``mutation_test_limit.EXIT_CODE``, 24, one of
# mutmut's timeout codes): a timeout.
_PYTEST_TO_MUTMUT = {0: 0, 1: 1, 2: 1, 3: 1, 5: 5, 24: 24}
# The CPU time one pytest run of a sampled mutant may use (seconds): a survivor's longest run, the whole rest of the
# sample's suite, used 224 s (an equivalent of choices.outcomes, measured 2026-12-05), so only a mutant that never
# ends reaches it.
SAMPLE_CPU_LIMIT_S = 1200
# The CPU time one test's call may use under a sampled mutant (seconds, ``mutation_test_limit``): the sample's suite's
# longest test used 7.0 s without a mutant (tests/reference_optimized/test_bookkeeping.py's game resolved after each
# event; of 10,281 tests, the next 6.6 s, then 4.3 s; measured 2026-12-05 under the mutation profile, load 4 to 5),
# so a test past this limit is one a mutant slowed many times over or never lets end (a draw of
# ``text_changes.text_change_components``' ``while parent[k] == k`` once held CI up for the whole run's limit).
TEST_CPU_LIMIT_S = 60


def run_with_cpu_limit(
    cmd: Sequence[str], cwd: Path, env: Mapping[str, str], cpu_s: int
) -> subprocess.CompletedProcess[bytes]:
    """Run ``cmd`` with at most ``cpu_s`` seconds of CPU time (``RLIMIT_CPU``, set in the child; no core file).

    The kernel ends a process past its limit with SIGXCPU, so the run ends with ``-signal.SIGXCPU``. CPU time, not
    the wall clock, so how loaded the machine is decides nothing: a run stopped here would be stopped on any machine.
    """
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 10))  # SIGKILL 10 s later if SIGXCPU is ignored

    return subprocess.run(list(cmd), cwd=cwd, env=dict(env), preexec_fn=limit, capture_output=True, check=False)


def sample_stages(module: str, suite: Sequence[str], root: Path = ROOT, rest: bool = True) -> list[list[str]]:
    """A mutant's test files in up to three runs: the mutated module's own unit tests, the other files that import
    the module (``root``: where the test files are read), then the rest of the suite (without ``rest``, the rest
    of the corpus's tests alone: what pins a module is its own tests, the files that use it and the corpus).

    Most mutants die in their module's own tests, and a run of one test file starts in a second or two, where
    collecting the whole suite (the corpus's golden tests) takes several. A test file that imports the mutated
    module calls its functions itself, so it is the likeliest to kill what the module's own tests let through,
    and a mutant killed there never collects the rest. Each run puts the unit tests before the corpus's tests
    (``tests/corpus/``), the longest files: a mutant another module's unit test kills dies sooner. The runs hold
    every file of ``suite`` between them, each once, so a mutant that survives them all ran the whole suite.
    """
    own, near, others = _test_groups(module, suite, root)
    return _corpus_last(own, near, others if rest else _corpus(others))


def fork_stages(module: str, suite: Sequence[str], root: Path = ROOT, rest: bool = True) -> list[list[str]]:
    """``sample_stages`` as a forked child runs them: the module's own tests and the files importing it in one run.

    In a child of the fork server the files are already imported, so one run of both costs no more than two, and
    the run's order (tests/conftest.py, ``sample_order``) puts the unit tests of both before the families of many
    parametrized tests of either: a mutant that only another file's unit test kills does not first run every
    corpus board of its own file (``bookkeeping``'s file holds 5,600 of them: ``_gone_after``'s mutant 9 spent
    194 s there, under load, before test_witnesses.py killed it in 11 s). A fresh run pays for every file it
    imports, so it keeps the three runs of ``sample_stages``.
    """
    own, near, others = _test_groups(module, suite, root)
    return _corpus_last(own + near, others if rest else _corpus(others))


def _corpus(files: Sequence[str]) -> list[str]:
    """The corpus's test files among ``files`` (``tests/corpus/``)."""
    return [f for f in files if f.startswith("tests/corpus/")]


def _corpus_last(*stages: list[str]) -> list[list[str]]:
    """The stages that hold a file, each with the corpus's tests (``tests/corpus/``, the longest files) last."""
    return [sorted(stage, key=lambda f: f.startswith("tests/corpus/")) for stage in stages if stage]


def _test_groups(module: str, suite: Sequence[str], root: Path) -> tuple[list[str], list[str], list[str]]:
    """The files of ``suite``: the module's own tests (``test_<module>.py``), those importing it, the others."""
    stem = module.rpartition(".")[2]
    own = [f for f in suite if Path(f).name == f"test_{stem}.py"]
    dotted = name_prefix(module).removesuffix(".")
    near = [f for f in suite if f not in own and dotted in _imported(root / f)]
    rest = [f for f in suite if f not in own and f not in near]
    return own, near, rest


@functools.cache
def _imported(path: Path) -> frozenset[str]:
    """The modules a Python file imports by absolute name (``from a.b import c`` names ``a.b`` and ``a.b.c``);
    nothing for a file that cannot be read or parsed."""
    import ast

    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return frozenset()
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return frozenset(out)


def run_sample(
    names: Sequence[str],
    suite: Sequence[str],
    deselect: str = "",
    workdir: Path = WORKDIR,
    jobs: int = 2,
    cpu_limit_s: int = SAMPLE_CPU_LIMIT_S,
    own_tests_only: Collection[str] = (),
    test_cpu_limit_s: float = TEST_CPU_LIMIT_S,
    whole_suite: bool = True,
    fresh_survivors: bool = True,
) -> dict[str, int]:
    """Run each named mutant's tests (``sample_stages``, stopping at the first failure); its mutmut exit code.

    Unlike ``mutmut run``, this measures nothing first (no statistics run, no clean run) and sets no CPU limit
    from measured durations, so a verdict does not follow the machine's load: each mutant runs its stages until a
    test fails, with ``MUTANT_UNDER_TEST`` naming it in mutmut's scratch copy (``generate`` or ``write_sample``
    wrote it).
    A mutant named in ``own_tests_only`` runs its module's own tests only (the first stage); without
    ``whole_suite`` its last stage holds the corpus's tests alone, not the other modules' unit tests (``rest``
    of ``sample_stages``). ``cpu_limit_s``
    (CPU time, per pytest run) only stops a mutant that never ends; such a mutant counts as a timeout, as mutmut
    counts it. ``test_cpu_limit_s`` (CPU time, per test, ``mutation_test_limit``) stops it sooner, at the first
    test that outruns it: a timeout too.

    The mutants run first in children forked from one process that imported the suite once
    (``mutation_forkserver``, ``jobs`` children at a time). A mutant killed there is killed. A mutant that
    survives there, or whose function ran while the suite was imported (a fork would have missed what it
    computes at import), is run the old way, a fresh ``python -m pytest`` per stage (``run_with_cpu_limit``):
    every survivor's verdict is a fresh run's. A forked child runs a mutant's first two stages in one
    (``fork_stages``) and gets twice ``cpu_limit_s``; its CPU time starts at the fork, so it has at least the time
    the fresh runs have for the same tests: a fork stopped by the limit would be stopped fresh too.

    Without ``fresh_survivors`` a mutant that survives every stage in a fork is a survivor at once (the CI sample:
    a survivor fails it either way, and a fresh run of the same stages, every file imported anew, came before the
    failure was reported); only a mutant the server did not fork (``at_import``) runs fresh. The fork's child starts
    from the state a fresh run reaches with the mutant active (``mutation_forkserver``), so the fresh run is a second
    opinion on a survivor, not a different test of it.
    """
    from concurrent.futures import ThreadPoolExecutor

    from . import mutation_order, mutation_test_limit

    mutants = workdir / "mutants"
    env = {
        **os.environ,
        "PYTHONDONTWRITEBYTECODE": "1",
        "HYPOTHESIS_PROFILE": "mutation",
        "MTG_LAYERS_KILLING_SUITE": "1",
        mutation_test_limit.ENV: str(test_cpu_limit_s),
    }
    env.pop("MUTANT_UNDER_TEST", None)
    # ``--assert=plain``: a verdict is whether some test fails, not what its failure says; pytest's rewriting of the
    # test modules' asserts only words a failure (each subexpression is evaluated once, as a plain assert evaluates
    # it), and it was about half of what the fork server spent collecting (PYTHONDONTWRITEBYTECODE: redone per run).
    args = ["-x", "-q", "--assert=plain", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:randomly"]
    args += ["-p", mutation_test_limit.__name__, "-p", mutation_order.__name__]
    args += ["-k", deselect] if deselect else []
    stages = {
        name: sample_stages(parse_name(name)[0], suite, mutants, whole_suite)[: 1 if name in own_tests_only else None]
        for name in names
    }

    def verdict(name: str, code: int) -> int:
        if code < 0:
            return code  # ended by a signal: SIGXCPU is a timeout, another a crash (status_of)
        if code not in _PYTEST_TO_MUTMUT:
            raise RuntimeError(f"pytest could not run {name}'s tests (exit {code})")
        return _PYTEST_TO_MUTMUT[code]

    def judged(name: str, codes: Sequence[int]) -> int:
        for code in codes:
            if verdict(name, code) not in (0, 5):
                return verdict(name, code)  # detected: the later stages did not run
        return 0 if any(verdict(name, c) == 0 for c in codes) else 5

    in_forks = {
        name: stages[name] if name in own_tests_only else fork_stages(parse_name(name)[0], suite, mutants, whole_suite)
        for name in names
    }
    forked = run_in_forks(in_forks, mutants, env, args, jobs, 2 * cpu_limit_s)  # up to two stages in one
    out = {n: judged(n, forked.codes[n]) for n in names if n in forked.codes}

    def stage(name: str, files: Sequence[str]) -> int:
        cmd = [sys.executable, "-m", "pytest", *args, *files]
        proc = run_with_cpu_limit(cmd, mutants, {**env, "MUTANT_UNDER_TEST": name}, cpu_limit_s)
        if proc.returncode >= 0 and proc.returncode not in _PYTEST_TO_MUTMUT:
            raise RuntimeError(
                f"pytest could not run {name}'s tests (exit {proc.returncode}):\n{proc.stdout[-2000:]!r}"
            )
        return proc.returncode

    def fresh(name: str) -> int:
        codes = []
        for files in stages[name]:
            codes.append(stage(name, files))
            if verdict(name, codes[-1]) not in (0, 5):
                break
        return judged(name, codes)

    again = [n for n in names if n not in out or (fresh_survivors and out[n] in (0, 5))]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        out.update(zip(again, pool.map(fresh, again), strict=True))
    return {n: out[n] for n in names}


@dataclass(frozen=True)
class Forked:
    """What the fork server did: each forked mutant's pytest exit codes, stage by stage, and who it did not fork."""

    codes: Mapping[str, Sequence[int]]
    at_import: frozenset[str]


def run_in_forks(
    stages: Mapping[str, Sequence[Sequence[str]]],
    mutants: Path,
    env: Mapping[str, str],
    args: Sequence[str],
    jobs: int,
    cpu_limit_s: int,
) -> Forked:
    """Each mutant's stages in forked children of one fork server (``mutation_forkserver``) in ``mutants``.

    Stops a mutant at its first failing stage. A mutant whose function ran while the server imported the suite
    is not run (``at_import``): only a fresh run judges it.
    """
    import tempfile

    from . import mutation_forkserver

    if not stages:
        return Forked({}, frozenset())
    with tempfile.TemporaryDirectory(prefix="mutation-forks-") as tmp:
        job_file, result_file, logs = Path(tmp, "job.json"), Path(tmp, "result.json"), Path(tmp, "logs")
        logs.mkdir()
        job = {
            "args": list(args),
            "cpu_limit_s": cpu_limit_s,
            "jobs": jobs,
            "log_dir": str(logs),
            "mutants": [{"name": n, "stages": [list(s) for s in st]} for n, st in stages.items()],
        }
        job_file.write_text(json.dumps(job), encoding="utf-8")
        cmd = [sys.executable, "-c", mutation_forkserver.LAUNCH, str(job_file), str(result_file)]
        server_env = {**env, "MUTANT_UNDER_TEST": "stats"}
        proc = subprocess.run(cmd, cwd=mutants, env=server_env, capture_output=True, check=False)
        if proc.returncode != 0 or not result_file.exists():
            raise RuntimeError(
                f"the mutation fork server failed (exit {proc.returncode}):\n"
                f"{proc.stdout[-2000:]!r}\n{proc.stderr[-2000:]!r}"
            )
        result = json.loads(result_file.read_text(encoding="utf-8"))
    return Forked({n: tuple(c) for n, c in result["codes"].items()}, frozenset(result["at_import"]))


def sample(names: Sequence[str], per_module: int, seed: int) -> list[str]:
    """A fixed seeded sample: up to ``per_module`` mutants of each module, drawn with ``seed``."""
    rng = random.Random(seed)
    return [n for group in _by_module(names) for n in rng.sample(group, min(per_module, len(group)))]


def _by_module(names: Sequence[str]) -> list[list[str]]:
    """The mutants grouped by module, the modules in order and each group sorted (what a seeded draw reads)."""
    by_module: dict[str, list[str]] = {}
    for n in sorted(names):
        by_module.setdefault(parse_name(n)[0], []).append(n)
    return [by_module[module] for module in sorted(by_module)]


def accounts_for(
    equivalents: Sequence[Mapping[str, Any]], survivors: Sequence[Mapping[str, Any]], workdir: Path = WORKDIR
) -> Callable[[str], bool]:
    """Whether the equivalents file or the last campaign's survivors (``mutation-results.json``) name a mutant.

    A mutant of a function neither names is open at once; only the others are diffed (``changed_lines``).
    """
    recorded: dict[tuple[str, str], list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for e in [*equivalents, *survivors]:
        recorded.setdefault((e["module"], e["function"]), []).append((_lines(e["before"]), _lines(e["after"])))

    def accounted(name: str) -> bool:
        where = parse_name(name)
        if where not in recorded:
            return False
        return changed_lines([name], workdir)[name] in recorded[where]

    return accounted
