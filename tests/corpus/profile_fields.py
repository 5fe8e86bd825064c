"""Every field of a rules profile (reference/profiles/*.json, `--rules-file`) and bad values for each.

A profile has no JSON Schema: ``reference.versions.version_from_mapping`` checks it field by field.
The fields are those of a real profile (m10, with every flag given) walked as data: each top-level
field, each field of a slot, a classification, ``in_force`` and ``source``, and each flag. For each
one the suite makes a value of the wrong type, a value of the right type that is refused, and, for
a required field, the field left out.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from reference.versions import FLAGS

REQUIRED = {"id", "slots", "classify", "slots[].id", "slots[].layer", "classify[].kind", "classify[].slot"}

# A right-typed value the loader must refuse, per field; None: every value of its type is a value.
WRONG_VALUES: dict[str, Any] = {
    "id": "",
    "aliases": ["m10"],  # an alias another profile has
    "based_on": "no-such-profile",
    "title": None,
    "summary": None,
    "changes": None,
    "clarifications": None,
    "in_force.from": "2009-13-45",
    "in_force.to": "2000-01-01",  # before its own first day
    "source.rule": None,
    "source.text": None,
    "source.date": "yesterday",
    "slots[].id": "3",  # another slot's id: ids are unique
    "slots[].layer": 8,
    "slots[].name": None,
    "slots[].rule": None,
    "classify[].kind": "no-such-kind",
    "classify[].slot": "no-such-slot",
    "classify[].origin": ["no-such-origin"],
}
FREE = "any text is a value"


def m10() -> dict[str, Any]:
    """The m10 profile, renamed ``proposal``, with every flag given."""
    raw: dict[str, Any] = json.loads(resources.files("reference.profiles").joinpath("m10.json").read_text("utf-8"))
    raw["id"] = "proposal"
    raw["aliases"] = ["proposal-alias"]
    raw["classify"][0]["origin"] = ["resolved"]
    return raw


@dataclass(frozen=True)
class BadProfile:
    """One bad profile: the field, how it is wrong, the data and the words the error must hold."""

    kind: str
    field: str
    data: dict[str, Any]
    words: tuple[str, ...]


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return "maybe"
    if isinstance(value, (int, float)):
        return "one"
    if isinstance(value, str):
        return 12
    if isinstance(value, list):
        return {"not": "a list"}
    return ["not", "a", "mapping"]


def _fields(raw: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """(field name, key path in the data) for every field of the profile."""
    out: list[tuple[str, list[Any]]] = []
    for key, value in raw.items():
        out.append((key, [key]))
        if key in ("in_force", "source"):
            out += [(f"{key}.{k}", [key, k]) for k in value]
        if key == "flags":
            out += [(f"flags.{k}", [key, k]) for k in FLAGS]
        if key in ("slots", "classify"):
            out += [(f"{key}[].{k}", [key, 1 if key == "slots" else 0, k]) for k in value[1 if key == "slots" else 0]]
    return out


def _set(data: dict[str, Any], path: list[Any], value: Any, delete: bool = False) -> None:
    node: Any = data
    for p in path[:-1]:
        node = node[p]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value


def _get(data: dict[str, Any], path: list[Any]) -> Any:
    node: Any = data
    for p in path:
        node = node[p] if not isinstance(node, dict) or p in node else None
    return node


def _words(path: list[Any]) -> tuple[str, ...]:
    last = str(path[-1]) if not isinstance(path[-1], int) else str(path[-2])
    return (last,)


def bad_profiles() -> tuple[list[BadProfile], dict[str, str]]:
    """Every field: a wrong type, a wrong value, and an absent required value; and the gaps, with why."""
    raw = m10()
    out: list[BadProfile] = []
    gaps: dict[str, str] = {}
    for name, path in _fields(raw):
        current = _get(raw, path)
        if name.startswith("flags."):
            current = raw["flags"].get(path[-1], False)
        data = copy.deepcopy(raw)
        _set(data, path, _wrong_type(current))
        out.append(BadProfile("type", name, data, _words(path)))
        if name.startswith("flags."):
            wrong: Any = "no-such-reading" if not isinstance(current, list) else ["no-such-keyword"]
        elif name in WRONG_VALUES:
            wrong = WRONG_VALUES[name]
        else:
            wrong = None
            gaps[f"value:{name}"] = "a mapping of fields, each checked on its own"
        if wrong is None and name in WRONG_VALUES:
            gaps[f"value:{name}"] = FREE
        elif wrong is not None:
            data = copy.deepcopy(raw)
            _set(data, path, wrong)
            out.append(BadProfile("value", name, data, _words(path)))
        if name in REQUIRED or name.replace("[]", "") in REQUIRED:
            data = copy.deepcopy(raw)
            _set(data, path, None, delete=True)
            out.append(BadProfile("missing", name, data, _words(path)))
    return out, gaps
