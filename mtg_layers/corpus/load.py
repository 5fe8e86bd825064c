"""Loading cases: the stages in order, for case data, a case file or every file of a corpus directory.

Numbers first (``read.check_numbers``), then version aliases and the JSON Schema, the meaning
checks, the authoring checks of the vocabulary, and the case is built (``build.build_case``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reference.case import Case
from reference.versions import CURRENT, RulesVersion, Versions, builtin_versions

from ..paths import CASES_DIR
from . import authoring
from .board_words import board_word_problems
from .build import build_case
from .errors import CorpusError, raise_all
from .limits import check_size
from .meaning import MeaningChecker
from .read import check_numbers, read_yaml
from .schema import schema_problems


def case_from_data(
    data: Any, label: str = "<case>", versions: Mapping[str, RulesVersion] | None = None, *, schema_check: bool = True
) -> Case:
    """Validate case data (numbers, schema, then meaning) and build the case.

    ``schema_check=False`` skips the JSON Schema pass (the number and meaning checks still run):
    for data built by the project's own generator, which is schema-valid by construction, and in
    the site's playground, which runs without jsonschema (Pyodide).
    """
    check_numbers(data, label)
    if isinstance(data, Mapping):
        check_size(data, label)
        data = _catalogue_cards(data, label)
    known = dict(builtin_versions())
    known.update(versions or {})
    # Every error of the file at once (issue 33): the version aliases' and every JSON Schema error, then every
    # meaning error (in file order), the vocabulary's and the board's words (each independent of the others).
    data, problems = _schema_stage(data, known, schema_check)
    schema_failed = bool(problems)
    later = _meaning_problems(data, label, known, schema_failed)
    if schema_check:  # authoring checks are for hand-written cases, not the generator's boards
        later += _vocabulary_problems(data, earlier_failed=bool(problems or later))
    later += _board_word_problems(data, earlier_failed=bool(problems or later))
    problems += [p for p in later if not _under_any(p[0], problems)] if schema_failed else later
    raise_all(label, problems)
    return build_case(data, label)


def _schema_stage(
    data: Any, known: Mapping[str, RulesVersion], schema_check: bool
) -> tuple[Any, list[tuple[str, str]]]:
    """The version aliases resolved, and every problem of the aliases and the JSON Schema (with ``schema_check``)."""
    problems: list[tuple[str, str]] = []
    try:
        data = authoring.resolve_version_aliases(data, {"current": CURRENT} if CURRENT in known else {})
    except authoring.AuthoringError as exc:
        problems.append((exc.field, exc.message))
    if schema_check:
        problems += schema_problems(data)
    return data, problems


def _meaning_problems(
    data: Any, label: str, known: Mapping[str, RulesVersion], schema_failed: bool
) -> list[tuple[str, str]]:
    """Every problem the meaning checks find. After a schema error, a check that cannot read the malformed data
    adds nothing (the schema's errors say why) and the other checks go on; on a schema-valid case a crash is a
    defect, and shows."""
    checker = MeaningChecker(label, Versions(known, CURRENT, dated=True), tolerant=schema_failed)
    try:
        return checker.check(data)
    except Exception:
        if not schema_failed:
            raise
        return list(checker.problems)


def _under_any(field: str, problems: list[tuple[str, str]]) -> bool:
    """Whether a later check's field is one the schema already rejected, or inside one (the same mistake, seen
    again by a check that reads the malformed value)."""
    for known, _ in problems:
        if not known:  # a top-level error (a missing field) says nothing of the fields that are there
            continue
        if field == known or field.startswith((known + ".", known + "[")):
            return True
    return False


def _vocabulary_problems(data: Any, earlier_failed: bool) -> list[tuple[str, str]]:
    """Every problem the vocabulary checks find (after an earlier error, a check that cannot read the data
    adds nothing: that error is already reported)."""
    found: list[tuple[str, str]] = []
    try:
        authoring.check_vocabulary(data, problems=found)
    except Exception:
        if not earlier_failed:
            raise
    return found


def _board_word_problems(data: Any, earlier_failed: bool) -> list[tuple[str, str]]:
    """Every problem of the board's words (after an earlier error, a check that cannot read the data adds
    nothing)."""
    try:
        return board_word_problems(data)
    except Exception:
        if not earlier_failed:
            raise
        return []


def _catalogue_cards(data: Mapping[str, Any], label: str) -> Any:
    """Objects that name a catalogue card and write no printed value take them from the catalogue."""
    from ..catalogue.refs import expand

    return expand(data, label)


def load_case(path: Path, versions: Mapping[str, RulesVersion] | None = None) -> Case:
    """Read, validate and build one case file."""
    label = _label(path)
    return case_from_data(read_yaml(path, label), label, versions)


def _label(path: Path) -> str:
    """The path as messages name it: relative to the working directory when under it.

    Links are not followed here (a link that points to itself is the reader's error to report).
    """
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def case_files(directory: Path = CASES_DIR) -> list[Path]:
    """Every case file (``*.yaml`` or ``*.yml``) under the corpus directory, in path order.

    Anything with such a name that is not a directory is listed, so that a dangling link or
    a FIFO is reported by the loader rather than skipped in silence.
    """
    found = [p for pattern in ("*.yaml", "*.yml") for p in directory.rglob(pattern)]
    return sorted(p for p in found if not p.is_dir())


def load_corpus(directory: Path = CASES_DIR, versions: Mapping[str, RulesVersion] | None = None) -> list[Case]:
    """Every case of the corpus; case ids must be unique across files."""
    cases: list[Case] = []
    seen: dict[str, str] = {}
    for path in case_files(directory):
        case = load_case(path, versions)
        if case.id in seen:
            raise CorpusError(_label(path), "id", f"duplicate case id {case.id!r} (also in {seen[case.id]})")
        seen[case.id] = _label(path)
        cases.append(case)
    return cases


def load_corpus_tolerant(
    directory: Path = CASES_DIR, versions: Mapping[str, RulesVersion] | None = None
) -> tuple[list[Case], list[CorpusError]]:
    """Every case that loads, and an error for each file that does not (one bad file stops nothing)."""
    cases: list[Case] = []
    errors: list[CorpusError] = []
    seen: dict[str, str] = {}
    for path in case_files(directory):
        try:
            case = load_case(path, versions)
        except CorpusError as exc:
            errors.append(exc)
            continue
        if case.id in seen:
            errors.append(CorpusError(_label(path), "id", f"duplicate case id {case.id!r} (also in {seen[case.id]})"))
            continue
        seen[case.id] = _label(path)
        cases.append(case)
    return cases, errors
