"""Mutation testing of the rules (issue 18): mutmut over every module of ``reference/``.

mutmut rewrites each function of ``reference/`` into many mutants (an operator swapped, a
constant changed, an argument dropped) and runs the killing suite against each one: the
golden tests of the corpus, the rule unit tests and the fast-path test (the
``[tool.mutmut]`` table of ``pyproject.toml`` names them). It runs in a scratch copy of the
repository (``build/mutation/``), never in the sources.

This module reads what mutmut found (``mutants/reference/*.py.meta``), takes out the
mutants shown to be equivalent (``data/mutation-equivalents.json``: each with the mutated
line before and after and the reason in words), counts per module, and writes the results
file the Proofs page is generated from (``data/mutation-results.json``). It also says which
corpus cases catch each named mutant of ``mtg_layers.checking.misreadings``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
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
    "tests/test_golden.py",
    "tests/test_rules.py",
    "tests/test_operations.py",
    "tests/test_vocabulary.py",
    "tests/test_fast_path.py",
    "tests/test_compiled_filters.py",
    "tests/test_sba.py",
    "tests/test_zones.py",
    "tests/test_double_faced.py",
    "tests/test_merged.py",
    "tests/test_copy_conditions.py",
    "tests/test_rule_timestamps.py",
    "tests/test_ties.py",
    "tests/test_expectations.py",
    "tests/test_model_reach.py",
    "tests/test_tokens_entry.py",
    "tests/test_mutants_resolver.py",
    "tests/test_mutants_small.py",
    "tests/test_mutants_filters.py",
    "tests/test_mutants_reading.py",
    "tests/test_mutants_layers.py",
    "tests/test_mutants_survivors.py",
    "tests/test_mutants_fast.py",
    "tests/test_rule_effects.py",
)

# mutmut's exit codes (mutmut.stats.status_by_exit_code), in this project's words.
_STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 37: "killed"}
_TIMEOUT = {24, -24, 152, 255, 36}
_CRASH = {-9, -11}
# "killed" counts the mutants the suite detects: a failing test, a timeout or a crash.
DETECTED = frozenset({"killed", "timeout", "crash"})
SHOWN = 6  # catching cases named per named mutant on the page
_NAME = re.compile(r"^reference\.(?P<module>[\w.]+?)\.x(?:ǁ(?P<cls>\w+)ǁ|_)(?P<fn>\w+?)__mutmut_(?P<n>\d+)$")


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
    """``reference.clock.xǁClockǁsee__mutmut_1`` -> (``clock``, ``Clock.see``)."""
    m = _NAME.match(name)
    if m is None:
        raise ValueError(f"not a mutmut mutant name of reference/: {name!r}")
    fn = m["fn"]
    return m["module"], f"{m['cls']}.{fn}" if m["cls"] else fn


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
    """Every rules module (``reference/*.py``), by the name mutmut gives it."""
    return sorted(p.stem for p in (root / "reference").glob("*.py"))


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
    "copy_src_dir(); create_mutants(int(sys.argv[2]))\n"
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


def exit_codes(workdir: Path = WORKDIR) -> dict[str, int | None]:
    """Every mutant mutmut generated, with its exit code (None when not run)."""
    out: dict[str, int | None] = {}
    for meta in sorted((workdir / "mutants" / "reference").glob("*.py.meta")):
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
    """Store what mutmut judged (``mutants/reference/*.py.meta``): each exit code, with its function's hash.

    A module this scratch copy has no results for keeps its stored entry. Returns the number of
    judged mutants stored.
    """
    stored = read_state(path)
    for meta in sorted((workdir / "mutants" / "reference").glob("*.py.meta")):
        module = meta.name.removesuffix(".py.meta")
        data = _read_meta(meta)
        prefix = f"reference.{module}."
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
        meta = workdir / "mutants" / "reference" / f"{module}.py.meta"
        if meta.exists():
            continue
        meta.parent.mkdir(parents=True, exist_ok=True)
        codes = {f"reference.{module}.{k}": c for k, c in entry["exit_codes"].items()}
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
            path = Path("reference", parse_name(name)[0].replace(".", "/") + ".py")
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
    RESULTS_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def read_results(path: Path = RESULTS_FILE) -> dict[str, Any]:
    """The stored campaign results ({} before the first campaign)."""
    if not path.exists():
        return {}
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def sample(names: Sequence[str], per_module: int, seed: int) -> list[str]:
    """A fixed seeded sample: up to ``per_module`` mutants of each module, drawn with ``seed``."""
    by_module: dict[str, list[str]] = {}
    for n in sorted(names):
        by_module.setdefault(parse_name(n)[0], []).append(n)
    rng = random.Random(seed)
    out = []
    for module in sorted(by_module):
        group = by_module[module]
        out.extend(rng.sample(group, min(per_module, len(group))))
    return out


# --- the named mutants of mtg_layers.checking.misreadings ---------------------------------------------


def named_mutant_catchers(name: str) -> list[str]:
    """The corpus cases whose expected answers the named mutant gets wrong (on some step and version).

    A case catches the mutant when its golden test would fail with the mutant as the resolver:
    some expected value differs, or the mutant raises.
    """
    from reference.case import board_at
    from reference.versions import builtin_versions

    from ..corpus import load_corpus
    from .misreadings import EXTRA_MUTANTS, MUTANTS
    from .results import board_result, compare

    mutant = {**MUTANTS, **EXTRA_MUTANTS}[name]
    versions = builtin_versions()
    caught = []
    for case in load_corpus():
        hit = False
        for vid in case.versions:
            for n, step in enumerate(case.steps, start=1):
                board = board_at(case, n, versions[vid])
                try:
                    actual = board_result(board, mutant(board, versions[vid]))
                except Exception:
                    hit = True
                else:
                    hit = bool(compare(step.expect[vid], actual))
                if hit:
                    break
            if hit:
                break
        if hit:
            caught.append(case.id)
    return caught


def write_named_mutants() -> dict[str, list[str]]:
    """Recompute and store which corpus cases catch each named mutant."""
    from .misreadings import EXTRA_MUTANTS, MUTANTS

    found = {name: named_mutant_catchers(name) for name in sorted({**MUTANTS, **EXTRA_MUTANTS})}
    data = read_results()
    data["named_mutants"] = found
    RESULTS_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return found


# --- the Proofs page -------------------------------------------------------------------------------


def markdown(results: Mapping[str, Any] | None = None) -> str:
    """The Proofs page's mutation table (per module) and the named mutants with the cases that catch them."""
    from .misreadings import EXTRA_MUTANTS, MUTANTS

    data = read_results() if results is None else results
    lines: list[str] = []
    if data.get("modules"):
        lines += [
            f"Last run {data['date']} (mutmut {data['tool_version']}, {data['scope']}); each module's row is from"
            " the run that last judged its mutants (its date).",
            "",
            "| module | run of | mutants | killed | equivalent | survived | not run | kill rate |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for r in data["modules"]:
            rate = "—" if r["kill_rate"] is None else f"{r['kill_rate']:.1f}%"
            if r["not_run"] and r["kill_rate"] is not None:
                rate += f" (of the {r['killed'] + r['survived']} judged)"
            lines.append(
                f"| `{r['module']}` | {r.get('date', data['date'])} | {r['mutants']} | {r['killed']} "
                f"| {r['equivalent']} | {r['survived']} "
                f"| {r['not_run']} | {rate} |"
            )
    else:
        lines.append("No campaign has been run yet (`python benchmarks/mutation.py`).")
    lines += [
        "",
        "Named mutants (`mtg_layers/checking/misreadings/`) and the corpus cases whose golden answers catch them:",
        "",
    ]
    lines += ["| named mutant | what it breaks | caught by corpus cases |", "|---|---|---|"]
    named = data.get("named_mutants", {})
    for name, fn in sorted({**MUTANTS, **EXTRA_MUTANTS}.items()):
        doc = " ".join((fn.__doc__ or "").split()).replace("|", "\\|")
        cases = named.get(name)
        if cases is None:
            shown = "not computed"
        elif not cases:
            shown = "none (caught by generated boards or witness boards only)"
        else:
            links = ", ".join(f"[{c}](cases/{c}.md)" for c in cases[:SHOWN])
            more = f", and {len(cases) - SHOWN} more" if len(cases) > SHOWN else ""
            shown = f"{len(cases)}: {links}{more}"
        lines.append(f"| `{name}` | {doc} | {shown} |")
    return "\n".join(lines) + "\n"
