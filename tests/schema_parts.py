"""The JSON Schema check of the unit tests' case data, part by part: the whole case's verdict, each part checked once.

The unit tests build their boards through the real loader (``mtg_layers.corpus.case_from_data``), whose JSON Schema
pass (``mtg_layers.corpus.schema.schema_problems``) was most of a generated board's cost: about 0.07 s a board, the
whole case schema walked again for every board a property test draws, where the boards differ in a few parts (an
object, an effect, an ability drawn from a short list) and the rest is the same every time.

The case schema is a conjunction of its parts: its top level says the document is an object with these fields and no
other, and each array of parts (objects, effects, abilities, cards, steps, sources) says "every item is a
``$defs`` entry" and nothing else that reads the items (no ``uniqueItems``, ``contains``, ``prefixItems``). Every
reference is local (``#/$defs/...``). So the document is valid if and only if it is valid against the top level with
those items left free (the skeleton) and every item is valid against its ``$defs`` entry (read in a document holding
the same ``$defs``, so that the entry's own references resolve alike). ``parts_are_split_soundly`` checks that shape
on the schema as it is (tests/test_schema_parts.py asks it), so a schema that stops being a conjunction of its parts
fails that test rather than this check giving another verdict.

``problems_by_parts`` answers "no problem" only when the skeleton and every part are valid, each part's verdict kept
for the test run (by the part's exact value: types included, so that 1, 1.0 and True, or a list and a tuple, are
never taken for one another), and inside a part each value found valid against a ``$defs`` entry (a filter, a value,
a word) is kept too, by the entry's reference and the value's exact value: with every reference local and no keyword
reaching outside its subschema, that verdict depends on the two alone. Any other document goes to the whole check,
whose problems (in its words and order) are returned. So a valid document gets the empty list the whole check gives,
and an invalid one the whole check's list.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from unittest import mock

from mtg_layers.corpus import load
from mtg_layers.corpus.schema import _strict_validator, schema, schema_problems

# The keywords the case schema's top level may hold for the split to be sound: assertions on the document itself
# (its type, its fields) and annotations; none reads inside a field's value but ``properties``.
TOP_KEYWORDS = frozenset(
    {"$schema", "$id", "title", "description", "type", "additionalProperties", "required", "properties"}
)
# The keywords an array of parts may hold beside ``items``: none reads an item's value.
ARRAY_KEYWORDS = frozenset({"type", "minItems", "maxItems", "items", "description"})
# Keywords whose meaning reaches outside the subschema they are in (dynamic scope, annotations collected from
# siblings, other resources): the split is sound only where none occurs.
NONLOCAL = frozenset({"$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$anchor"})
NONLOCAL_PREFIX = "unevaluated"

# Each part's verdict by (``$defs`` entry, the part's exact value), for this test run's process only.
_verdicts: dict[tuple[str, Hashable], bool] = {}
# The (reference, exact value) pairs found valid inside the parts (a filter, a value, a word...), for this run only.
_valid_refs: set[tuple[str, Hashable]] = set()


def _exact(value: Any) -> Hashable | None:
    """``value`` as a hashable key that tells apart every two values the schema may judge differently (the type of
    every node kept: ``True``, ``1`` and ``1.0``, a list and a tuple, differ), or None for a value of another type."""
    kind = type(value)
    if kind is dict:
        items = []
        for k, v in value.items():
            inner = _exact(v)
            if type(k) is not str or inner is None:
                return None
            items.append((k, inner))
        return (dict, tuple(sorted(items, key=lambda kv: kv[0])))
    if kind is list or kind is tuple:
        inner_items = tuple(_exact(v) for v in value)
        return None if any(i is None for i in inner_items) else (kind, inner_items)
    if kind in (str, int, float, bool) or value is None:
        return (kind, value)
    return None


def _walk(node: Any) -> Iterator[tuple[str, Any]]:
    """Every (keyword, value) of every subschema of ``node``, at any depth."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            yield key, value
            if key not in ("enum", "const", "examples", "default"):
                yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def parts_are_split_soundly(root: Mapping[str, Any]) -> dict[str, str]:
    """The case schema's arrays of parts (field -> ``$defs`` entry), after checking the shape that makes the case
    valid exactly when its skeleton and each part are (raises ``ValueError`` naming what breaks it)."""
    extra = set(root) - TOP_KEYWORDS - {"$defs"}
    if extra:
        raise ValueError(f"the case schema's top level holds {sorted(extra)}")
    for key, value in _walk(root):
        if key in NONLOCAL or key.startswith(NONLOCAL_PREFIX):
            raise ValueError(f"the case schema holds {key}")
        if key == "$ref" and not (isinstance(value, str) and value.startswith("#/$defs/")):
            raise ValueError(f"the case schema refers outside its $defs: {value!r}")
        if key == "$id" and value is not root.get("$id"):
            raise ValueError("the case schema holds a resource of its own")
    parts: dict[str, str] = {}
    for field, sub in root["properties"].items():
        items = sub.get("items") if isinstance(sub, Mapping) else None
        if not (isinstance(items, Mapping) and set(items) == {"$ref"} and set(sub) <= ARRAY_KEYWORDS):
            continue  # checked whole, in the skeleton
        if sub.get("type") != "array":
            raise ValueError(f"the case schema's {field} has items but is not an array")
        parts[field] = items["$ref"].removeprefix("#/$defs/")
    return parts


def _remembering_valid_references(cls: Any) -> Any:
    """``cls`` whose ``$ref`` keeps each (reference, exact value) it found valid and answers it again with no error:
    with every reference local and no keyword reaching outside its subschema (``parts_are_split_soundly``), whether
    a value is valid against a ``$defs`` entry depends on the two alone. An invalid one is checked every time."""
    from jsonschema import _keywords, validators

    by_reference: Callable[..., Iterator[Any]] = _keywords.ref  # type: ignore[assignment]

    def ref(validator: Any, reference: str, instance: Any, subschema: Any) -> Iterator[Any]:
        key = _exact(instance)
        if key is not None and (reference, key) in _valid_refs:
            return
        errors = iter(by_reference(validator, reference, instance, subschema))
        first = next(errors, None)
        if first is None:
            if key is not None:
                _valid_refs.add((reference, key))
            return
        yield first
        yield from errors

    return validators.extend(cls, validators={"$ref": ref})  # type: ignore[no-untyped-call]


@functools.cache
def _validators() -> tuple[Any, Mapping[str, Any], Callable[[str], Any]]:
    """The skeleton's validator, the arrays of parts (field -> ``$defs`` entry), and a part's validator by entry."""
    root = schema("case")
    parts = parts_are_split_soundly(root)
    cls = _remembering_valid_references(_strict_validator())
    skeleton = {
        **root,
        "properties": {f: ({**s, "items": True} if f in parts else s) for f, s in root["properties"].items()},
    }
    base = {k: root[k] for k in ("$schema", "$defs") if k in root}

    @functools.cache
    def part(entry: str) -> Any:
        return cls({**base, "$ref": f"#/$defs/{entry}"})

    return cls(skeleton), parts, part


def valid_by_parts(data: Any) -> bool:
    """Whether case data is valid against the case schema, its skeleton checked whole and each part once per run (a
    part of a value ``_exact`` cannot key is checked every time)."""
    skeleton, parts, part = _validators()
    if not skeleton.is_valid(data):
        return False
    for field, entry in parts.items():
        for item in data.get(field, ()):
            key = _exact(item)
            if key is None:
                if not part(entry).is_valid(item):
                    return False
                continue
            seen = _verdicts.get((entry, key))
            if seen is None:
                seen = _verdicts[(entry, key)] = bool(part(entry).is_valid(item))
            if not seen:
                return False
    return True


def problems_by_parts(data: Any, name: str = "case") -> list[tuple[str, str]]:
    """``schema_problems(data, name)``: no problem for a case valid by its parts, else the whole check's problems."""
    if name == "case" and valid_by_parts(data):
        return []
    return schema_problems(data, name)


@contextmanager
def checked_by_parts() -> Iterator[None]:
    """While the block runs, the loader's JSON Schema pass is ``problems_by_parts`` (the same problems)."""
    with mock.patch.object(load, "schema_problems", problems_by_parts):
        yield
