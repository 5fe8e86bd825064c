"""Every field of the case schema, found in the real cases, and bad values for each (issue 35's suite).

A *field* is a property of one mapping shape of ``corpus/schema/case.schema.json``: a ``$defs`` entry,
a branch of a ``oneOf``, or the shape one operation of a part takes (``part[copy_of]``). The walk
follows the schema over each real case (``$ref``, ``properties``, ``additionalProperties``,
``items``, the ``oneOf`` branch the value validates against, ``allOf``'s ``if``/``then``), so each
field is known with the mappings of the corpus that hold it (its *hosts*), or that could hold it.

For each field the suite makes three kinds of bad input: a value of the wrong JSON type, a value of
the right type that the format refuses (``wrong_value``: outside an enum, against a pattern or a
bound, not finite, a duplicate, an unknown id), and, for a required field, the field left out.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator

from mtg_layers.corpus import schema

ROOT_SCHEMA: Mapping[str, Any] = schema()
VALIDATOR = Draft202012Validator(ROOT_SCHEMA)


@dataclass
class Shape:
    """One mapping shape of the schema: its properties, the required ones, and where the corpus has it."""

    name: str
    node: Mapping[str, Any]
    properties: dict[str, Any]
    required: tuple[str, ...]
    hosts: list[tuple[int, str]] = field(default_factory=list)  # (real case index, field path of the mapping)


def resolve(node: Any) -> Any:
    """Follow ``$ref`` (within the case schema) to the node it names."""
    while isinstance(node, Mapping) and "$ref" in node:
        target: Any = ROOT_SCHEMA
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def valid(node: Any, value: Any) -> bool:
    """Whether ``value`` is valid against a sub-schema of the case schema."""
    return VALIDATOR.evolve(schema={**resolve(node), "$defs": ROOT_SCHEMA["$defs"]}).is_valid(value)


def _ref_name(node: Any) -> str | None:
    return node["$ref"].rsplit("/", 1)[-1] if isinstance(node, Mapping) and "$ref" in node else None


class Walk:
    """The shapes of the schema and, over the real cases, the mappings that hold each."""

    def __init__(self, cases: list[dict[str, Any]]) -> None:
        self.shapes: dict[str, Shape] = {}
        self.cases = cases
        for i, data in enumerate(cases):
            self.visit(ROOT_SCHEMA, data, "", "case", i)

    def shape(self, name: str, node: Mapping[str, Any], extra: Mapping[str, Any] | None = None) -> Shape:
        """The shape named ``name`` (made on first sight)."""
        if name not in self.shapes:
            props = dict(node.get("properties", {}))
            required = list(node.get("required", ()))
            if extra:
                props.update({k: v for k, v in extra.get("properties", {}).items() if v is not True})
                required += [r for r in extra.get("required", ()) if r not in required]
            self.shapes[name] = Shape(name, node, props, tuple(required))
        return self.shapes[name]

    def visit(self, node: Any, value: Any, path: str, name: str, case: int) -> None:
        """Walk ``value`` along ``node``, recording the mapping shapes it meets."""
        name = _ref_name(node) or name
        node = resolve(node)
        if not isinstance(node, Mapping):
            return
        for key in ("oneOf", "anyOf"):
            if key in node:
                for b, branch in enumerate(node[key]):
                    if valid(branch, value):
                        label = _ref_name(branch) or (
                            f"{name}[{_branch_label(branch, b)}]" if len(node[key]) > 1 else name
                        )
                        self.visit(branch, value, path, label, case)
                        break
        if isinstance(value, Mapping) and ("properties" in node or "allOf" in node):
            extra = None
            for rule in node.get("allOf", ()):
                if "if" in rule and valid(rule["if"], value):
                    extra = rule.get("then", {})
                    name = f"{name}[{value.get('op')}]" if "op" in value else name
            shape = self.shape(name, node, extra)
            shape.hosts.append((case, path))
            for k, v in value.items():
                if k in shape.properties:
                    self.visit(shape.properties[k], v, _join(path, k), f"{name}.{k}", case)
        if isinstance(value, Mapping) and isinstance(node.get("additionalProperties"), Mapping):
            for k, v in value.items():
                if k not in node.get("properties", {}):
                    self.visit(node["additionalProperties"], v, _join(path, k), f"{name}.*", case)
        if isinstance(value, list) and "items" in node:
            for j, v in enumerate(value):
                self.visit(node["items"], v, f"{path}[{j}]", name, case)


def _branch_label(branch: Any, index: int) -> str:
    """A oneOf branch by the fields it requires (``value[counters]``), else by its place."""
    required = branch.get("required") if isinstance(branch, Mapping) else None
    return "+".join(required) if required else str(index)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def locate(data: Any, path: str) -> Any:
    """The value at a field path (``steps[0].add_effects[1]``)."""
    node = data
    for part in path.replace("]", "").replace("[", ".").split("."):
        if part:
            node = node[int(part)] if part.isdigit() else node[part]
    return node


def json_types(node: Any) -> set[str]:
    """The JSON types a sub-schema allows (over oneOf branches and enums)."""
    node = resolve(node)
    if node is True or not isinstance(node, Mapping):
        return {"any"}
    if "type" in node:
        t = node["type"]
        return set(t) if isinstance(t, list) else {t}
    if "enum" in node or "const" in node:
        values = node.get("enum", [node.get("const")])
        return {_type_of(v) for v in values}
    found: set[str] = set()
    for key in ("oneOf", "anyOf"):
        for branch in node.get(key, ()):
            found |= json_types(branch)
    return found or {"any"}


def _type_of(v: Any) -> str:
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if v is None:
        return "null"
    return "array" if isinstance(v, list) else "object"


_SAMPLES: dict[str, Any] = {
    "string": "twelve",
    "integer": 12,
    "number": 12.5,
    "boolean": True,
    "null": None,
    "array": ["not", "a", "mapping"],
    "object": {"not": "a list"},
}


def wrong_type(node: Any) -> Any | None:
    """A value of a JSON type the sub-schema does not allow (None when it allows every type)."""
    allowed = json_types(node)
    if "number" in allowed:
        allowed.add("integer")
    for t in ("object", "string", "array", "boolean", "integer", "number"):
        if t not in allowed and "any" not in allowed and not valid(node, _SAMPLES[t]):
            return copy.deepcopy(_SAMPLES[t])
    return None


FREE_TEXT = "free text: any string is a value"


def wrong_value(node: Any, current: Any) -> tuple[Any, str] | None:
    """A value of an allowed type that the schema refuses, and what is wrong with it; None for free text
    and flags (every value of the type is a value)."""
    n = resolve(node)
    if not isinstance(n, Mapping):
        return None
    if "enum" in n:
        return "no-such-choice", "outside the enum"
    if "const" in n:
        return f"not-{n['const']}", "not the constant"
    types = json_types(n)
    if types & {"number", "integer"} and not isinstance(current, (str, list, dict)):
        return float("nan"), "not a finite number"
    if "string" in types and ("pattern" in n or "minLength" in n):
        for text in ("", "no such thing!", "{", "Upper Case"):
            if not valid(n, text):
                return text, "a string against its pattern or minimum length"
    if "array" in types and isinstance(current, list) and current:
        if n.get("uniqueItems"):
            return [*current, current[0]], "a repeated item"
        inner = wrong_value(n.get("items", {}), current[0])
        if inner is not None:
            return [inner[0], *current[1:]], f"an item {inner[1]}"
        inner_type = wrong_type(n.get("items", {}))
        if inner_type is not None:
            return [inner_type, *current[1:]], "an item of the wrong type"
    if "array" in types and n.get("minItems"):
        return [], "an empty list (at least one item expected)"
    for key in ("oneOf", "anyOf"):
        for branch in n.get(key, ()):
            if valid(branch, current):
                return wrong_value(branch, current)
    return None


def shapes_of(walk: Walk) -> Iterator[Shape]:
    """Every shape met, in name order."""
    yield from (walk.shapes[k] for k in sorted(walk.shapes))


@dataclass(frozen=True)
class BadField:
    """One bad input made from a real case: which field, how it is wrong, the data and the path to name."""

    kind: str  # "type", "value" or "missing"
    field: str  # shape.property
    data: dict[str, Any]
    where: str  # the field path the error must name
    why: str


def bad_fields(walk: Walk, free_text: Mapping[str, str]) -> tuple[list[BadField], dict[str, str]]:
    """For every field with a host: a wrong type, a wrong value and (required) an absent value.

    Returns the bad inputs and, for each field that gets no bad input of a kind, why (``free_text``
    names the fields where every string is a value: names, descriptions, rule references).
    """
    out: list[BadField] = []
    gaps: dict[str, str] = {}
    size = [len(json.dumps(c)) for c in walk.cases]  # the smallest case that has the field hosts it
    for shape in shapes_of(walk):
        if not shape.hosts:
            continue
        hosts = sorted(shape.hosts, key=lambda h: (size[h[0]], h))
        for key, prop in sorted(shape.properties.items()):
            name = f"{shape.name}.{key}"
            having = [(c, p) for c, p in hosts if key in locate(walk.cases[c], p)]
            case, path = (having or hosts)[0]
            where = _join(path, key)
            bad = wrong_type(prop)
            if bad is not None:
                data = copy.deepcopy(walk.cases[case])
                locate(data, path)[key] = bad
                out.append(BadField("type", name, data, where, f"a {_type_of(bad)}"))
            else:
                gaps[f"type:{name}"] = "every JSON type is allowed"
            current = locate(walk.cases[case], path).get(key) if having else None
            value = wrong_value(prop, current)
            if value is None and "string" in json_types(prop) and isinstance(current, str):
                value = (None, "") if name in free_text else ("no-such-id", "an id no object or effect has")
            if value is None or (value[0] is None and value[1] == ""):
                gaps[f"value:{name}"] = free_text.get(name) or (
                    "no value of its type is refused (a flag)"
                    if "boolean" in json_types(prop)
                    else "no real case holds it with a value to spoil"
                    if not having
                    else "every value of its type is a value"
                )
            else:
                data = copy.deepcopy(walk.cases[case])
                locate(data, path)[key] = value[0]
                out.append(BadField("value", name, data, where, value[1]))
            if key in shape.required and having:
                data = copy.deepcopy(walk.cases[case])
                del locate(data, path)[key]
                out.append(BadField("missing", name, data, path or "(top level)", "left out"))
    return out, gaps


# Shapes no real case holds yet: a minimal valid instance of each, put in place of a resolved effect's
# first part (or its power) in the smallest real case that has one, so every field of the schema has a host.
SYNTHETIC_PARTS: dict[str, dict[str, Any]] = {
    "add_supertypes": {"op": "add_supertypes", "supertypes": ["legendary"]},
    "remove_supertypes": {"op": "remove_supertypes", "supertypes": ["legendary"]},
    "remove_subtypes": {"op": "remove_subtypes", "subtypes": ["human"]},
    "face_down": {"op": "face_down", "power": 2, "toughness": 2, "abilities": [], "colors": [], "types": ["creature"]},
}
SYNTHETIC_VALUES: dict[str, Any] = {"source_counters": {"source_counters": "+1/+1"}}


def synthetic_cases(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Real cases changed to hold the shapes no real case holds (each one still valid against the schema)."""
    with_part = sorted(
        (c for c in cases if c.get("effects") and c["effects"][0]["parts"][0].get("op") == "modify_pt"),
        key=lambda c: len(json.dumps(c)),
    )
    base = with_part[0]
    made = []
    for part in SYNTHETIC_PARTS.values():
        data = copy.deepcopy(base)
        data["effects"][0]["parts"][0] = copy.deepcopy(part)
        made.append(data)
    for value in SYNTHETIC_VALUES.values():
        data = copy.deepcopy(base)
        data["effects"][0]["parts"][0]["power"] = copy.deepcopy(value)
        made.append(data)
    assert all(VALIDATOR.is_valid(d) for d in made), [e.message for d in made for e in VALIDATOR.iter_errors(d)]
    return made


def expected_shapes() -> set[str]:
    """Every mapping shape the schema defines: the $defs with properties, each inline oneOf branch, each op."""
    defs = ROOT_SCHEMA["$defs"]
    names = {"case"}
    for name, d in defs.items():
        if "properties" in d and name != "part":
            names.add(name)
        branches = d.get("oneOf", ())
        if len(branches) > 1:
            names |= {
                f"{name}[{_branch_label(b, i)}]"
                for i, b in enumerate(branches)
                if isinstance(b, Mapping) and "properties" in b
            }
    names |= {f"part[{op}]" for op in defs["part"]["properties"]["op"]["enum"]}
    return names
