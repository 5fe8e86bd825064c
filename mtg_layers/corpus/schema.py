"""The JSON Schema stage: the corpus's schemas by name, and a case checked against its schema.

The error reported is the most specific one, said in words (``authoring.describe_schema_error``).
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
from .errors import CorpusError, field_path


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


def validate_schema(data: Any, label: str, name: str = "case") -> None:
    """Check a case against the JSON Schema; raise the most specific error."""
    import jsonschema  # imported when a case is loaded, not when the CLI starts

    validator = _strict_validator()(schema(name))
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), str(e.absolute_path)))
    if not errors:
        return
    err = jsonschema.exceptions.best_match(errors)
    assert err is not None
    where, message = authoring.describe_schema_error(err, list(err.absolute_path))
    raise CorpusError(label, field_path(where), message)
