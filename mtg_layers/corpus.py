"""Loading corpus cases (an edge: files, YAML, JSON Schema) into ``reference.case.Case`` values.

Every error names the file, the field path and what was expected.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:  # imported where used: the playground runs this module under Pyodide, without jsonschema
    import jsonschema

from reference.case import Case, Step
from reference.filters import replaceable
from reference.frozen import FrozenMap, freeze
from reference.model import AbilityDef, Characteristics, Counter, Effect, GameObject, Part
from reference.versions import CURRENT, RulesVersion, Versions, builtin_versions
from reference.vocabulary import ALL_SUBTYPES, COLORS, CREATURE_TYPES, LAND_TYPES, OPERATION_KIND

from .paths import CASES_DIR, CORPUS_DIR, ROOT, SCHEMA_DIR

__all__ = ["CASES_DIR", "CORPUS_DIR", "ROOT", "SCHEMA_DIR", "CorpusError", "case_from_data", "load_case", "load_corpus"]


class CorpusError(Exception):
    """A case file that cannot be used, with where and why."""

    def __init__(self, file: str, field: str, message: str) -> None:
        self.file, self.field, self.message = file, field, message
        super().__init__(f"{file}: {field or '(top level)'}: {message}")


class _JsonishLoader(yaml.SafeLoader):
    """Safe YAML restricted to the JSON-compatible subset: no dates, only true/false booleans."""


_JsonishLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()
}
_JsonishLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def read_yaml(path: Path) -> Any:
    """Parse a YAML file with safe loading; reject anchors and aliases."""
    label = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CorpusError(label, "", f"cannot read the file ({exc.strerror})") from None
    try:
        for event in yaml.parse(text, Loader=_JsonishLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                mark: Any = event.start_mark
                raise CorpusError(
                    label, f"line {mark.line + 1}", "anchors and aliases are not allowed (JSON-compatible YAML only)"
                )
        return yaml.load(text, Loader=_JsonishLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise CorpusError(label, where, f"invalid YAML: {problem}") from None


@cache
def schema(name: str = "case") -> Mapping[str, Any]:
    """A JSON Schema of the corpus by name."""
    with open(SCHEMA_DIR / f"{name}.schema.json", encoding="utf-8") as fh:
        data: Mapping[str, Any] = json.load(fh)
    return data


def _path(parts: Iterable[Any]) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _best_error(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The most specific of a validation error's causes."""
    import jsonschema

    return jsonschema.exceptions.best_match([error]) or error


def validate_schema(data: Any, label: str, name: str = "case") -> None:
    """Check a case against the JSON Schema; raise the most specific error."""
    import jsonschema  # imported when a case is loaded, not when the CLI starts

    validator = jsonschema.Draft202012Validator(schema(name))
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), str(e.absolute_path)))
    if not errors:
        return
    err = jsonschema.exceptions.best_match(errors)
    assert err is not None
    message = err.message
    if err.validator == "additionalProperties":
        message = f"unknown field: {err.message}"
    elif err.validator == "enum":
        message = f"expected one of {err.validator_value}, got {err.instance!r}"
    raise CorpusError(label, _path(err.absolute_path), message)


def _characteristics(o: Mapping[str, Any]) -> Characteristics:
    return Characteristics(
        name=o.get("name", o.get("card", o["id"])),
        mana_value=int(o.get("mana_value", 0)),
        colors=frozenset(o.get("colors", ())),
        types=frozenset(o.get("types", ())),
        subtypes=frozenset(o.get("subtypes", ())),
        supertypes=frozenset(o.get("supertypes", ())),
        abilities=frozenset(o.get("abilities", ())),
        power=o.get("power"),
        toughness=o.get("toughness"),
        controller=str(o.get("controller", o.get("owner", "p1"))),
        all_creature_types=bool(o.get("all_creature_types", False)),
    )


def _counters(items: Iterable[Mapping[str, Any]], default_ts: float) -> tuple[Counter, ...]:
    return tuple(Counter(str(c["kind"]), int(c["count"]), c.get("timestamp", default_ts)) for c in items)


def _object(o: Mapping[str, Any]) -> GameObject:
    ch = _characteristics(o)
    return GameObject(
        id=o["id"],
        printed=ch,
        owner=str(o.get("owner", ch.controller)),
        timestamp=o["timestamp"],
        zone=o.get("zone", "battlefield"),
        token=bool(o.get("token", False)),
        face_down=bool(o.get("face_down", False)),
        face_down_values=freeze(o.get("face_down_values", {})),
        face_history=tuple((h["timestamp"], bool(h["face_down"])) for h in o.get("face_history", ())),
        attached_to=o.get("attached_to"),
        counters=_counters(o.get("counters", ()), o["timestamp"]),
        card=o.get("card"),
    )


def _part(p: Mapping[str, Any]) -> Part:
    return Part(op=p["op"], args=freeze({k: v for k, v in p.items() if k != "op"}))


def _effect(e: Mapping[str, Any]) -> Effect:
    return Effect(
        id=e["id"],
        timestamp=e["timestamp"],
        applies_to=tuple(e["applies_to"]),
        parts=tuple(_part(p) for p in e["parts"]),
        controller=e.get("controller"),
        source=e.get("source"),
        description=e.get("description", ""),
    )


def _ability(a: Mapping[str, Any]) -> AbilityDef:
    return AbilityDef(
        text=a["text"],
        cda=bool(a.get("cda", False)),
        applies_to=freeze(a.get("applies_to", {"is_source": True})),
        parts=tuple(_part(p) for p in a["parts"]),
    )


@dataclass
class _Checker:
    """Checks of meaning that a schema cannot express."""

    label: str
    versions: Versions

    def fail(self, field: str, message: str) -> None:
        raise CorpusError(self.label, field, message)

    def check(self, data: Mapping[str, Any]) -> None:
        declared = data["versions"]
        for i, v in enumerate(declared):
            if v not in self.versions:
                self.fail(f"versions[{i}]", f"unknown rules version {v!r}; expected one of {self.versions.names()}")
        ability_texts: set[str] = set()
        for i, a in enumerate(data.get("abilities", ())):
            if a["text"] in ability_texts:
                self.fail(f"abilities[{i}].text", f"duplicate ability definition {a['text']!r}")
            ability_texts.add(a["text"])
            # 604.3a(2), (4): a CDA's wording granted by an effect is a plain static ability, so both must place
            origins = ("cda", "static") if a.get("cda") else ("static",)
            for j, p in enumerate(a["parts"]):
                if p["op"] in ("copy_of", "face_down"):
                    self.fail(f"abilities[{i}].parts[{j}].op", "copy and face-down parts belong to resolved effects")
                for origin in origins:
                    self.classifiable(p["op"], origin, declared, f"abilities[{i}].parts[{j}].op")
        objects: dict[str, Any] = {}
        effects: dict[str, Any] = {}
        for i, o in enumerate(data["objects"]):
            self.add_object(objects, o, f"objects[{i}]")
        for i, e in enumerate(data.get("effects", ())):
            self.add_effect(effects, e, f"effects[{i}]", declared)
        self.object_refs(objects, data["objects"], "objects")
        self.effect_refs(objects, data.get("effects", ()), "effects")
        for s, step in enumerate(data["steps"]):
            where = f"steps[{s}]"
            for i, o in enumerate(step.get("add_objects", ())):
                self.add_object(objects, o, f"{where}.add_objects[{i}]")
            self.object_refs(objects, step.get("add_objects", ()), f"{where}.add_objects")
            for i, e in enumerate(step.get("add_effects", ())):
                self.add_effect(effects, e, f"{where}.add_effects[{i}]", declared)
            self.effect_refs(objects, step.get("add_effects", ()), f"{where}.add_effects")
            for i, eid in enumerate(step.get("end_effects", ())):
                if eid not in effects:
                    self.fail(f"{where}.end_effects[{i}]", f"unknown effect id {eid!r}")
            for i, oid in enumerate(step.get("remove_objects", ())):
                if oid not in objects:
                    self.fail(f"{where}.remove_objects[{i}]", f"unknown object id {oid!r}")
            both = sorted(set(step.get("turn_face_up", {})) & set(step.get("turn_face_down", {})))
            if both:
                self.fail(f"{where}.turn_face_up.{both[0]}", "an object is turned face up or face down, not both")
            for key in ("set_counters", "attach", "set_timestamp", "move", "turn_face_up", "turn_face_down"):
                for oid, target in step.get(key, {}).items():
                    if oid not in objects:
                        self.fail(f"{where}.{key}.{oid}", f"unknown object id {oid!r}")
                    if key == "attach" and target is not None and target not in objects:
                        self.fail(f"{where}.attach.{oid}", f"unknown object id {target!r}")
            expect = step["expect"]
            if set(expect) != set(declared):
                self.fail(
                    f"{where}.expect",
                    f"expected answers for exactly the declared versions {sorted(declared)}, got {sorted(expect)}",
                )
            for v, objs in expect.items():
                for oid in objs:
                    if oid not in objects:
                        self.fail(f"{where}.expect.{v}.{oid}", f"unknown object id {oid!r}")
            for v, alternatives in step.get("outcomes", {}).items():
                if v not in declared:
                    self.fail(f"{where}.outcomes.{v}", f"expected one of the declared versions {sorted(declared)}")
                for k, objs in enumerate(alternatives):
                    for oid in objs:
                        if oid not in objects:
                            self.fail(f"{where}.outcomes.{v}[{k}].{oid}", f"unknown object id {oid!r}")
        for i, x in enumerate(data.get("tie_order", ())):
            if x not in objects and x not in effects:
                self.fail(f"tie_order[{i}]", f"expected an object or effect id, got {x!r}")
        self.copy_loops(data)
        for key in ("abilities", "objects", "effects", "steps"):
            self.subtypes(data.get(key, ()), key, None)

    def subtypes(self, node: Any, where: str, parent: Mapping[str, Any] | None) -> None:
        """205.3: every subtype a case names is on one of the 205.3 lists (a typo is not a new creature type)."""
        if isinstance(node, Mapping):
            for k, v in node.items():
                path = f"{where}.{k}"
                if k in ("subtypes", "add_subtypes") and isinstance(v, list):
                    for i, w in enumerate(v):
                        self.known_subtype(w, f"{path}[{i}]")
                elif k == "subtype" and isinstance(v, str):
                    self.known_subtype(v, path)
                elif k == "land_type" and isinstance(v, str) and v not in LAND_TYPES:
                    self.fail(path, f"unknown land type {v!r} (205.3i){_suggest(v, LAND_TYPES)}")
                elif k in ("from", "to") and node.get("op") == "replace_word" and isinstance(v, str):
                    if not replaceable(v):
                        words = (*COLORS, *LAND_TYPES, *CREATURE_TYPES)
                        self.fail(
                            path,
                            f"{v!r} is not a color word, land type or creature type, the words a text change can "
                            f"replace (612.2){_suggest(v, words)}",
                        )
                else:
                    self.subtypes(v, path, node)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                self.subtypes(v, f"{where}[{i}]", parent)

    def known_subtype(self, word: Any, where: str) -> None:
        if word not in ALL_SUBTYPES:
            self.fail(
                where,
                f"unknown subtype {word!r}: not on any list of rule 205.3 (reference/profiles/subtypes.json)"
                + _suggest(str(word), ALL_SUBTYPES),
            )

    def add_object(self, objects: dict[str, Any], o: Mapping[str, Any], where: str) -> None:
        if o["id"] in objects:
            self.fail(f"{where}.id", f"duplicate object id {o['id']!r}")
        objects[o["id"]] = o
        history = o.get("face_history", ())
        for i, h in enumerate(history):
            if i and h["face_down"] == history[i - 1]["face_down"]:
                self.fail(f"{where}.face_history[{i}].face_down", "turns alternate between face up and face down")
            if i and h["timestamp"] <= history[i - 1]["timestamp"]:
                self.fail(f"{where}.face_history[{i}].timestamp", "a later turn has a later timestamp (613.7f)")
        if history and history[-1]["face_down"] != bool(o.get("face_down", False)):
            self.fail(f"{where}.face_history", "the last turn must leave the object as its face_down says")

    def object_refs(self, objects: Mapping[str, Any], items: Iterable[Mapping[str, Any]], where: str) -> None:
        for i, o in enumerate(items):
            target = o.get("attached_to")
            if target is not None and target not in objects:
                self.fail(f"{where}[{i}].attached_to", f"unknown object id {target!r}")

    def add_effect(self, effects: dict[str, Any], e: Mapping[str, Any], where: str, declared: list[str]) -> None:
        if e["id"] in effects:
            self.fail(f"{where}.id", f"duplicate effect id {e['id']!r}")
        effects[e["id"]] = e
        for j, p in enumerate(e["parts"]):
            self.classifiable(p["op"], "resolved", declared, f"{where}.parts[{j}].op")

    def effect_refs(self, objects: Mapping[str, Any], items: Iterable[Mapping[str, Any]], where: str) -> None:
        for i, e in enumerate(items):
            for j, oid in enumerate(e["applies_to"]):
                if oid not in objects:
                    self.fail(f"{where}[{i}].applies_to[{j}]", f"unknown object id {oid!r}")
            for j, p in enumerate(e["parts"]):
                if p["op"] == "copy_of" and p["object"] not in objects:
                    self.fail(f"{where}[{i}].parts[{j}].object", f"unknown object id {p['object']!r}")

    def classifiable(self, op: str, origin: str, declared: list[str], where: str) -> None:
        kind = OPERATION_KIND[op]
        for v in declared:
            if v in self.versions and self.versions[v].slot_of(kind, origin) is None:
                self.fail(where, f"rules version {v!r} has no slot for {op!r} ({kind}, {origin})")

    def copy_loops(self, data: Mapping[str, Any]) -> None:
        """707.3: a copy of a copy is fine; a copy of itself (directly or not) is not."""
        edges: dict[str, set[str]] = {}
        all_effects = list(data.get("effects", ()))
        for step in data["steps"]:
            all_effects += step.get("add_effects", ())
        for e in all_effects:
            for p in e["parts"]:
                if p["op"] == "copy_of":
                    for oid in e["applies_to"]:
                        edges.setdefault(oid, set()).add(p["object"])
        state: dict[str, int] = {}

        def visit(v: str, trail: list[str]) -> None:
            state[v] = 1
            for w in sorted(edges.get(v, ())):
                if state.get(w) == 1:
                    loop = trail[trail.index(w) :] + [v, w] if w in trail else [v, w]
                    self.fail("effects", f"copy loop: {' -> '.join(dict.fromkeys(loop))} -> {w}")
                if w not in state:
                    visit(w, trail + [v])
            state[v] = 2

        for v in sorted(edges):
            if v not in state:
                visit(v, [])


def _suggest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word.lower(), sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def case_from_data(
    data: Any, label: str = "<case>", versions: Mapping[str, RulesVersion] | None = None, *, schema_check: bool = True
) -> Case:
    """Validate case data (schema, then meaning) and build the case.

    ``schema_check=False`` skips the JSON Schema pass (the meaning checks still run): for data
    built by the project's own generator, which is schema-valid by construction, and in the
    site's playground, which runs without jsonschema (Pyodide).
    """
    if schema_check:
        validate_schema(data, label)
    known = dict(builtin_versions())
    known.update(versions or {})
    _Checker(label, Versions(known, CURRENT)).check(data)
    steps = tuple(
        Step(
            description=s["description"],
            expect=freeze(s["expect"]),
            add_objects=tuple(_object(o) for o in s.get("add_objects", ())),
            remove_objects=tuple(s.get("remove_objects", ())),
            add_effects=tuple(_effect(e) for e in s.get("add_effects", ())),
            end_effects=tuple(s.get("end_effects", ())),
            set_counters=FrozenMap(
                {k: _counters(v, _default_ts(data, s, k)) for k, v in s.get("set_counters", {}).items()}
            ),
            attach=FrozenMap(s.get("attach", {})),
            set_timestamp=FrozenMap(s.get("set_timestamp", {})),
            move=FrozenMap(s.get("move", {})),
            outcomes=FrozenMap({v: tuple(freeze(o) for o in alts) for v, alts in s.get("outcomes", {}).items()}),
            turn_face_up=FrozenMap(s.get("turn_face_up", {})),
            turn_face_down=FrozenMap(s.get("turn_face_down", {})),
        )
        for s in data["steps"]
    )
    return Case(
        id=data["id"],
        title=data["title"],
        versions=tuple(data["versions"]),
        features=tuple(data["features"]),
        sources=freeze(data["sources"]),
        objects=tuple(_object(o) for o in data["objects"]),
        effects=tuple(_effect(e) for e in data.get("effects", ())),
        abilities=FrozenMap({a["text"]: _ability(a) for a in data.get("abilities", ())}),
        steps=steps,
        status=data.get("status", "official"),
        rules=tuple(data.get("rules", ())),
        notes=tuple(data.get("notes", ())),
        cards=freeze(data.get("cards", ())),
        path=label,
        tie_order=tuple(data.get("tie_order", ())),
    )


def _default_ts(data: Mapping[str, Any], step: Mapping[str, Any], oid: str) -> float:
    for o in list(data["objects"]) + list(step.get("add_objects", ())):
        if o["id"] == oid:
            return float(o["timestamp"])
    for s in data["steps"]:
        for o in s.get("add_objects", ()):
            if o["id"] == oid:
                return float(o["timestamp"])
    return 0.0


def load_case(path: Path, versions: Mapping[str, RulesVersion] | None = None) -> Case:
    """Read, validate and build one case file."""
    label = _label(path)
    return case_from_data(read_yaml(path), label, versions)


def _label(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def case_files(directory: Path = CASES_DIR) -> list[Path]:
    """Every case file under the corpus directory, in path order."""
    return sorted(p for p in directory.rglob("*.yaml") if p.is_file())


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
