"""The JSON Schema stage: the corpus's schemas by name, and a case checked against its schema.

Every error of a document is reported, each by its most specific cause, said in words
(``authoring.describe_schema_errors``).
``jsonschema`` is imported when a case is checked, not when the CLI starts: the playground runs
the other stages under Pyodide, without it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where used: the playground runs the loader under Pyodide, without jsonschema
    import jsonschema

from ..paths import SCHEMA_DIR
from . import authoring
from .errors import field_path, raise_all


@cache
def schema(name: str = "case") -> Mapping[str, Any]:
    """A JSON Schema of the corpus by name."""
    with open(SCHEMA_DIR / f"{name}.schema.json", encoding="utf-8") as fh:
        data: Mapping[str, Any] = json.load(fh)
    return data


def _best_error(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The most specific of a validation error's causes."""
    import jsonschema

    return jsonschema.exceptions.best_match([error]) or error


@cache
def _strict_validator() -> Any:
    """The case schema's validator class, with one change: 4.0 is not an integer (JSON Schema counts it as one;
    a 4.0 power reached the resolver as a float). Built on first use: jsonschema loads when a case does."""
    import jsonschema

    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]


def schema_problems(data: Any, name: str = "case") -> list[tuple[str, str]]:
    """Every JSON Schema error of a document as (field path, message in words), sorted by path: each error is
    said by its most specific cause, an unknown field is named once per field, and a repeat is dropped."""
    validator = _strict_validator()(schema(name))
    found: list[tuple[str, str]] = []
    for error in sorted(validator.iter_errors(data), key=_path_order):
        best = _best_error(error)
        for where, message in authoring.describe_schema_errors(best, list(best.absolute_path)):
            problem = (field_path(where), message)
            if problem not in found:
                found.append(problem)
    return found


def _path_order(error: jsonschema.ValidationError) -> tuple[str, ...]:
    """An error's place in the report: by its field path, key by key (list indexes in number order)."""
    return tuple(f"{p:09d}" if isinstance(p, int) else str(p) for p in error.absolute_path)


def validate_schema(data: Any, label: str, name: str = "case") -> None:
    """Check a document against its JSON Schema; raise every error (one ``CorpusError``, or ``CorpusErrors``)."""
    raise_all(label, schema_problems(data, name))
