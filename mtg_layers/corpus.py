"""Loading corpus cases (an edge: files, YAML, JSON Schema) into ``reference.case.Case`` values.

Every error names the file, the field path and what was expected.
"""

from __future__ import annotations

import difflib
import json
import math
import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:  # imported where used: the playground runs this module under Pyodide, without jsonschema
    import jsonschema

from reference.case import Case, Step
from reference.chosen import mentions_choice
from reference.clock import BY_RULES
from reference.filters import replaceable
from reference.frozen import FrozenMap, freeze
from reference.model import AbilityDef, Characteristics, Counter, Effect, GameObject, Merge, Part
from reference.versions import CURRENT, RulesVersion, Versions, builtin_versions
from reference.vocabulary import (
    ALL_SUBTYPES,
    CARD_TYPES,
    COLORS,
    CREATURE_TYPES,
    LAND_TYPES,
    OPERATION_KIND,
    is_creature_type,
)

from . import authoring
from .paths import CASES_DIR, CORPUS_DIR, ROOT, SCHEMA_DIR

__all__ = [
    "CASES_DIR",
    "CORPUS_DIR",
    "ROOT",
    "SCHEMA_DIR",
    "CorpusError",
    "case_from_data",
    "load_case",
    "load_corpus",
    "load_corpus_tolerant",
]


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

# libyaml's parser, when PyYAML was built with it (its wheels are), with the same constructors and
# resolvers: the 143 bundled cases load in 1.2 s instead of 4.8 s. A file it refuses is parsed again by the
# pure-Python loader, whose messages say where the problem is in the user's terms.
_FastLoader: type[yaml.SafeLoader] = _JsonishLoader
if getattr(yaml, "__with_libyaml__", False):

    class _CJsonishLoader(yaml.CSafeLoader):  # type: ignore[misc]
        """The same JSON-compatible subset as ``_JsonishLoader``, parsed by libyaml."""

    _CJsonishLoader.yaml_implicit_resolvers = _JsonishLoader.yaml_implicit_resolvers
    _FastLoader = _CJsonishLoader  # type: ignore[assignment]


MAX_FILE_BYTES = 8 << 20  # a case or profile file larger than this is refused before parsing
MAX_DEPTH = 48  # nesting of mappings and lists; the deepest bundled case nests about 12 levels
MAX_NUMBER_CHARS = 1000  # a plain scalar that looks like a number and is longer than this is refused
MAX_INTEGER = 2**53  # integers beyond what every JSON reader holds exactly are refused
_NUMBERISH = re.compile(r"^[-+]?(?:[0-9][0-9_]*|\.[0-9])")


def read_text(path: Path, label: str | None = None) -> str:
    """A regular UTF-8 file's text, its size bounded; FIFOs, devices, dangling links and other encodings refused."""
    label = label or str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        why = "a dangling symbolic link" if os.path.islink(path) else "no such file"
        raise CorpusError(label, "", f"cannot read the file ({why})") from None
    except OSError as exc:
        raise CorpusError(label, "", f"cannot read the file ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise CorpusError(label, "", "not a regular file (a directory, FIFO, device or socket); expected a YAML file")
    if info.st_size > MAX_FILE_BYTES:
        raise CorpusError(label, "", f"file is larger than {MAX_FILE_BYTES >> 20} MiB ({info.st_size} bytes)")
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise CorpusError(label, "", f"cannot read the file ({exc.strerror})") from None
    if len(data) > MAX_FILE_BYTES:
        raise CorpusError(label, "", f"file is larger than {MAX_FILE_BYTES >> 20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CorpusError(
            label,
            f"line {line}",
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); files must be UTF-8",
        ) from None
    return text.removeprefix("\ufeff")


def read_yaml(path: Path, label: str | None = None) -> Any:
    """Parse a YAML file with safe loading; reject anchors, aliases, deep nesting and overlong numbers."""
    label = label or str(path)
    text = read_text(path, label)
    try:
        return _parse(text, label, _FastLoader)
    except yaml.YAMLError:  # only libyaml's: the pure-Python loader says where, in the user's terms
        return _parse(text, label, _JsonishLoader)


def _parse(text: str, label: str, loader: type[yaml.SafeLoader]) -> Any:
    """The checks of ``read_yaml``, then the data, with one loader."""
    try:
        _check_events(text, label, loader)
        try:
            authoring.check_duplicate_keys(text, loader)
        except authoring.AuthoringError as exc:
            raise CorpusError(label, exc.field, exc.message) from None
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        if loader is not _JsonishLoader:
            raise
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise CorpusError(label, where, f"invalid YAML: {problem}") from None
    except (ValueError, RecursionError, OverflowError) as exc:  # a value the YAML constructors cannot build
        raise CorpusError(label, "", f"invalid YAML value: {excerpt_text(str(exc))}") from None


class _Frame:
    """One open mapping or list while the events of a YAML file stream by: which child comes next."""

    def __init__(self, is_map: bool) -> None:
        self.is_map, self.want_key, self.key, self.index = is_map, True, "?", 0
        self.keys: set[str] = set()

    def component(self) -> Any:
        return self.key if self.is_map else self.index

    def child_done(self, scalar: str | None) -> None:
        if not self.is_map:
            self.index += 1
        elif self.want_key:
            self.key, self.want_key = (scalar if scalar is not None else "?"), False
            self.keys.add(self.key)
        else:
            self.want_key = True


def _check_events(text: str, label: str, loader: type[yaml.SafeLoader]) -> None:
    """Before building anything: no anchors or aliases, bounded nesting, no overlong numbers (9, 10)."""
    stack: list[_Frame] = []

    def where(mark: Any) -> str:
        parts = [f.component() for f in stack if not (f.is_map and f.want_key)]
        return _path(parts) if parts and len(parts) == len(stack) else f"line {mark.line + 1}"

    for event in yaml.parse(text, Loader=loader):
        mark: Any = event.start_mark
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise CorpusError(
                label, f"line {mark.line + 1}", "anchors and aliases are not allowed (JSON-compatible YAML only)"
            )
        node = isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent))
        if node and stack and stack[-1].is_map and stack[-1].want_key:
            key = event.value if isinstance(event, yaml.ScalarEvent) else None
            if key is None:
                raise CorpusError(label, where(mark), f"a mapping key must be a plain string (line {mark.line + 1})")
            if key in stack[-1].keys:
                here = _path([*[f.component() for f in stack[:-1]], key])
                raise CorpusError(label, here, f"duplicate key {key!r} (line {mark.line + 1})")
        if isinstance(event, yaml.CollectionStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise CorpusError(
                    label, where(mark), f"nested more than {MAX_DEPTH} levels deep (line {mark.line + 1})"
                )
            stack.append(_Frame(isinstance(event, yaml.MappingStartEvent)))
        elif isinstance(event, yaml.CollectionEndEvent):
            stack.pop()
            if stack:
                stack[-1].child_done(None)
        elif isinstance(event, yaml.ScalarEvent):
            value = event.value
            if not event.style and len(value) > MAX_NUMBER_CHARS and _NUMBERISH.match(value):
                raise CorpusError(
                    label,
                    where(mark),
                    f"a number of {len(value)} characters (at most {MAX_NUMBER_CHARS}; line {mark.line + 1})",
                )
            if stack:
                stack[-1].child_done(value)


def excerpt_text(text: str, limit: int = 200) -> str:
    """At most ``limit`` characters of ``text`` for an error message."""
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def check_numbers(data: Any, label: str, where: tuple[Any, ...] = ()) -> None:
    """Every number is finite and within what any JSON reader holds exactly (no NaN, no infinity, no 10**400)."""
    if isinstance(data, bool) or data is None or isinstance(data, str):
        return
    if isinstance(data, float):
        if not math.isfinite(data):
            raise CorpusError(label, _path(where), f"expected a finite number, got {data!r}")
        if abs(data) > MAX_INTEGER:
            raise CorpusError(label, _path(where), f"number out of range (at most {MAX_INTEGER} in size), got {data!r}")
    elif isinstance(data, int):
        if abs(data) > MAX_INTEGER:
            raise CorpusError(label, _path(where), f"integer out of range (at most {MAX_INTEGER} in size)")
    elif isinstance(data, dict):
        for k, v in data.items():
            check_numbers(v, label, (*where, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            check_numbers(v, label, (*where, i))


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
    raise CorpusError(label, _path(where), message)


def _characteristics(o: Mapping[str, Any]) -> Characteristics:
    cost = o.get("mana_cost")
    return Characteristics(
        name=o["name"] if "name" in o else o.get("card", o.get("id")),
        mana_value=int(o.get("mana_value", authoring.mana_value_of(cost) if cost else 0)),
        mana_cost=cost,
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
    ts = o.get("timestamp", BY_RULES)  # 613.7d: an object a step adds without one gets it as it enters
    return GameObject(
        id=o["id"],
        printed=ch,
        owner=str(o.get("owner", ch.controller)),
        timestamp=ts,
        zone=o.get("zone", "battlefield"),
        token=bool(o.get("token", False)),
        face_down=bool(o.get("face_down", False)),
        face_down_values=freeze(o.get("face_down_values", {})),
        face_history=tuple((h["timestamp"], bool(h["face_down"])) for h in o.get("face_history", ())),
        attached_to=o.get("attached_to"),
        counters=_counters(o.get("counters", ()), ts),
        card=o.get("card"),
        exiled_with=o.get("exiled_with"),
        entered_as=freeze(o.get("entered_as", {})),
        chosen=freeze(o.get("chosen", {})),
        merges=tuple(
            Merge(m["timestamp"], m["position"] == "over", _object(m["component"])) for m in o.get("merges", ())
        ),
        back_face=_back_face(o, ch),
        transformed=bool(o.get("transformed", False)),
        transform_history=tuple((h["timestamp"], bool(h["transformed"])) for h in o.get("transform_history", ())),
    )


def _back_face(o: Mapping[str, Any], front: Characteristics) -> Characteristics | None:
    """712: a double-faced card's back face (its own printed values; the controller is the object's)."""
    back = o.get("back_face")
    if back is None:
        return None
    return _characteristics({"name": None, **back, "controller": front.controller})


def _part(p: Mapping[str, Any]) -> Part:
    return Part(op=p["op"], args=freeze({k: v for k, v in p.items() if k != "op"}))


def _effect(e: Mapping[str, Any]) -> Effect:
    return Effect(
        id=e["id"],
        timestamp=e.get("timestamp", BY_RULES),  # 613.7b: a step's new effect without one: when it is created
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
        parts=tuple(_part(p) for p in a.get("parts", ())),
        condition=freeze(a["condition"]) if "condition" in a else None,
        enters_with=freeze(a["enters_with"]) if "enters_with" in a else None,
        creates=freeze(a["creates"]) if "creates" in a else None,
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
                allowed = list(self.versions.names())
                self.fail(
                    f"versions[{i}]",
                    f"unknown rules version {v!r}; the allowed names are {', '.join(allowed)}"
                    f"{authoring.suggest(v, allowed)}",
                )
        ability_texts: set[str] = set()
        for i, a in enumerate(data.get("abilities", ())):
            if a["text"] in ability_texts:
                self.fail(f"abilities[{i}].text", f"duplicate ability definition {a['text']!r}")
            ability_texts.add(a["text"])
            if a.get("cda") and "condition" in a:
                self.fail(
                    f"abilities[{i}].condition",
                    "a conditional ability is never characteristic-defining (604.3a(5)): drop cda or the condition",
                )
            if a.get("cda") and a.get("applies_to", {"is_source": True}) != {"is_source": True}:
                self.fail(
                    f"abilities[{i}].applies_to",
                    "a characteristic-defining ability defines its own object's characteristics (604.3): "
                    "expected applies_to {is_source: true} or none",
                )
            # 604.3a(2), (4): a CDA's wording granted by an effect is a plain static ability, so both must place
            origins = ("cda", "static") if a.get("cda") else ("static",)
            for j, p in enumerate(a.get("parts", ())):
                if p["op"] in ("copy_of", "face_down"):
                    self.fail(f"abilities[{i}].parts[{j}].op", "copy and face-down parts belong to resolved effects")
                for origin in origins:
                    self.classifiable(p["op"], origin, declared, f"abilities[{i}].parts[{j}].op")
        objects: dict[str, Any] = {}
        effects: dict[str, Any] = {}
        for i, o in enumerate(data["objects"]):
            self.add_object(objects, o, f"objects[{i}]")
            self.timed(o, f"objects[{i}]", "object")
        for i, e in enumerate(data.get("effects", ())):
            self.add_effect(effects, e, f"effects[{i}]", declared)
            self.timed(e, f"effects[{i}]", "effect")
        self.object_refs(objects, data["objects"], "objects")
        self.effect_refs(objects, data.get("effects", ()), "effects")
        for s, step in enumerate(data["steps"]):
            where = f"steps[{s}]"
            for i, o in enumerate(step.get("add_objects", ())):
                self.add_object(objects, o, f"{where}.add_objects[{i}]")
            for i, t in enumerate(step.get("create_tokens", ())):
                self.token_request(objects, t, f"{where}.create_tokens[{i}]", data)
            self.object_refs(objects, step.get("add_objects", ()), f"{where}.add_objects")
            for i, e in enumerate(step.get("add_effects", ())):
                self.add_effect(effects, e, f"{where}.add_effects[{i}]", declared)
            self.effect_refs(objects, step.get("add_effects", ()), f"{where}.add_effects")
            for i, eid in enumerate(step.get("end_effects", ())):
                if eid not in effects:
                    self.fail(f"{where}.end_effects[{i}]", f"unknown effect id {eid!r}")
            for i, oid in enumerate(step.get("legend_rule_keeps", ())):
                if oid not in objects:
                    self.fail(f"{where}.legend_rule_keeps[{i}]", f"unknown object id {oid!r}")
            if step.get("legend_rule_keeps") and not step.get("state_based_actions"):
                self.fail(f"{where}.legend_rule_keeps", "a legend rule choice needs state_based_actions: true")
            for i, oid in enumerate(step.get("remove_objects", ())):
                if oid not in objects:
                    self.fail(f"{where}.remove_objects[{i}]", f"unknown object id {oid!r}")
            both = sorted(set(step.get("turn_face_up", {})) & set(step.get("turn_face_down", {})))
            if both:
                self.fail(f"{where}.turn_face_up.{both[0]}", "an object is turned face up or face down, not both")
            for key in (
                "set_counters",
                "attach",
                "set_timestamp",
                "move",
                "turn_face_up",
                "turn_face_down",
                "transform",
                "merge",
            ):
                for oid, target in step.get(key, {}).items():
                    if oid not in objects:
                        self.fail(f"{where}.{key}.{oid}", f"unknown object id {oid!r}")
                    if key == "attach" and target is not None and target not in objects:
                        self.fail(f"{where}.attach.{oid}", f"unknown object id {target!r}")
                    if key == "merge" and target["onto"] not in objects:
                        self.fail(f"{where}.merge.{oid}.onto", f"unknown object id {target['onto']!r}")
                    if key == "merge" and target["onto"] == oid:
                        self.fail(f"{where}.merge.{oid}.onto", "an object can't merge with itself (729.1)")
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
        self.game_players(data)
        self.lifetimes(data)
        self.double_faced_rules(data, [v for v in declared if v in self.versions])
        for key in ("abilities", "objects", "effects", "steps"):
            self.subtypes(data.get(key, ()), key, None)

    def game_players(self, data: Mapping[str, Any]) -> None:
        """102.1, 119.1, 402.1: the game state names players of the case (its objects' controllers and owners)."""
        first = data.get("game", {})
        names = authoring.players(data) | {p for field in ("life", "hand") for p in first.get(field, {})}
        games = [("game", first)]
        games += [(f"steps[{s}].game", step.get("game", {})) for s, step in enumerate(data["steps"])]
        for where, game in games:
            named = [("turn", game["turn"])] if "turn" in game else []
            named += [(f"{field}.{p}", p) for field in ("life", "hand") for p in game.get(field, {})]
            named += [(f"turn_order[{i}]", p) for i, p in enumerate(game.get("turn_order", ()))]
            for key, player in named:
                if player not in names:
                    self.fail(
                        f"{where}.{key}",
                        f"{player!r} is not a player of this case ({', '.join(sorted(names))}): "
                        "name a player whose objects the case has, or give the player's values in the case's game",
                    )
            if "turn_order" in game and where != "game":
                self.fail(f"{where}.turn_order", "the turn order is the game's (101.4): give it in the case's game")
        order = first.get("turn_order")
        if order is not None and set(order) != names:
            left_out = ", ".join(sorted(names - set(order)))
            self.fail("game.turn_order", f"every player of the case takes turns (101.4): {left_out} left out")

    def double_faced_rules(self, data: Mapping[str, Any], declared: list[str]) -> None:
        """202.3b, 707.8a: each declared version must state the rule a double-faced object on the board needs."""
        objs = [(o, f"objects[{i}]") for i, o in enumerate(data["objects"])]
        effects = [(e, f"effects[{i}]") for i, e in enumerate(data.get("effects", ()))]
        transformed: dict[str, str] = {}
        for s, step in enumerate(data["steps"]):
            objs += [(o, f"steps[{s}].add_objects[{i}]") for i, o in enumerate(step.get("add_objects", ()))]
            effects += [(e, f"steps[{s}].add_effects[{i}]") for i, e in enumerate(step.get("add_effects", ()))]
            for oid in step.get("transform", {}):
                transformed.setdefault(oid, f"steps[{s}].transform.{oid}")
        for o, where in objs:
            if "back_face" not in o:
                continue
            why = f"{where}.transformed" if o.get("transformed") else transformed.get(o["id"], "")
            for v in declared if why else ():
                if self.versions[v].back_face_mana_value is None:
                    self.fail(
                        why,
                        f"rules version {v!r} does not state a back face's mana value (202.3b changed in April "
                        "2016; double-faced cards date from 2011): declare a version that does",
                    )
        unnamed = [a for a in data.get("abilities", ()) if "creates" in a and not a["creates"].get("name")]
        for s, step in enumerate(data["steps"]):
            for i, t in enumerate(step.get("create_tokens", ())):
                if not any(a["text"] == t["ability"] for a in unnamed):
                    continue
                for v in declared:
                    if self.versions[v].token_name_adds_token is None:
                        self.fail(
                            f"steps[{s}].create_tokens[{i}]",
                            f"rules version {v!r} does not state whether a token named for its subtypes adds the "
                            "word 'Token' to its name (111.4 changed between 2023 and 2025): declare a version "
                            "that does, or give the token a name",
                        )
        for e, where in effects:
            for j, p in enumerate(e["parts"]):
                if p["op"] == "copy_of" and p.get("double_faced"):
                    for v in declared:
                        if self.versions[v].double_faced_token_copies is None:
                            self.fail(
                                f"{where}.parts[{j}].double_faced",
                                f"rules version {v!r} does not state whether a token copy of a double-faced "
                                "permanent is double-faced (707.8a): declare a version that does",
                            )

    def timed(self, item: Mapping[str, Any], where: str, kind: str) -> None:
        """613.7: the board before the first step is a given state: its timestamps are given too."""
        if "timestamp" not in item:
            self.fail(
                f"{where}.timestamp",
                f"an {kind} of the board before the first step needs a timestamp (613.7); only an {kind} "
                "a step adds may leave it to the rules, which give it the time of the step",
            )

    def lifetimes(self, data: Mapping[str, Any]) -> None:
        """Replay the steps: no object changed after it left or removed twice, no attachment loop.

        Copies of each other are no loop: each copy effect reads its original as it was when the
        copy began (707.2b), so following the copies goes back in time and ends.
        """
        zones = _zones()
        present: set[str] = set()
        removed: dict[str, str] = {}  # object id -> where it was removed
        attached: dict[str, str | None] = {}
        attach_where: dict[str, str] = {}
        merged_into: dict[str, list[str]] = {}  # permanent id -> the objects merged with it (729)
        zone_of: dict[str, str] = {}  # object id -> its zone at this point of the steps

        def enter(items: Iterable[Mapping[str, Any]], where: str) -> None:
            for i, o in enumerate(items):
                present.add(o["id"])
                attached[o["id"]] = o.get("attached_to")
                attach_where[o["id"]] = f"{where}[{i}].attached_to"
                zone_of[o["id"]] = zone = o.get("zone", "battlefield")
                if zone not in zones:
                    self.fail(f"{where}[{i}].zone", f"unknown zone {o['zone']!r}; expected one of {sorted(zones)}")
                if o.get("merges") and zone != "battlefield":
                    self.fail(
                        f"{where}[{i}].merges",
                        f"only a permanent is merged (729.1): this object is in the {zone}, and a merged permanent "
                        "that leaves the battlefield separates (729)",
                    )

        enter(data["objects"], "objects")
        self.attachment_loops(present, attached, attach_where, "")
        for s, step in enumerate(data["steps"]):
            where = f"steps[{s}]"
            gone = dict(removed)  # removed in an earlier step (a step's own changes have their own order)
            enter(step.get("add_objects", ()), f"{where}.add_objects")
            enter(step.get("create_tokens", ()), f"{where}.create_tokens")  # 111.3: a token enters
            for i, oid in enumerate(step.get("remove_objects", ())):
                if oid in removed:
                    self.fail(f"{where}.remove_objects[{i}]", f"object {oid!r} was already removed ({removed[oid]})")
                present.discard(oid)
                removed[oid] = f"{where}.remove_objects[{i}]"
            for key in _object_events():
                for oid, value in step.get(key, {}).items():
                    if oid in removed:
                        self.fail(
                            f"{where}.{key}.{oid}",
                            f"object {oid!r} was removed ({removed[oid]}); it cannot change after",
                        )
                    if key == "attach":
                        if value is not None and value in removed:
                            self.fail(
                                f"{where}.attach.{oid}",
                                f"cannot attach to {value!r}: it was removed ({removed[value]})",
                            )
                        attached[oid] = value
                        attach_where[oid] = f"{where}.attach.{oid}"
                    if key == "move" and value not in zones:
                        self.fail(f"{where}.move.{oid}", f"unknown zone {value!r}; expected one of {sorted(zones)}")
                    if key == "move":  # 729: a merged permanent that moves separates into its components
                        zone_of[oid] = value
                        for part in merged_into.pop(oid, []):
                            removed.pop(part, None)
                            present.add(part)
            for oid, how in step.get("merge", {}).items():  # 729: the spell is now part of the permanent
                if how["onto"] in removed:
                    self.fail(
                        f"{where}.merge.{oid}.onto", f"object {how['onto']!r} was removed ({removed[how['onto']]})"
                    )
                if zone_of.get(how["onto"], "battlefield") != "battlefield":
                    self.fail(
                        f"{where}.merge.{oid}.onto",
                        f"a mutating spell merges with a permanent (702.140, 729.1): {how['onto']!r} is in the "
                        f"{zone_of[how['onto']]} at this step",
                    )
                present.discard(oid)
                removed[oid] = f"{where}.merge.{oid} (merged with {how['onto']!r})"
                merged_into.setdefault(how["onto"], []).append(oid)
            self.attachment_loops(present, attached, attach_where, where)
            for i, e in enumerate(step.get("add_effects", ())):
                named = [(f"applies_to[{j}]", t) for j, t in enumerate(e.get("applies_to", ())) if isinstance(t, str)]
                named += [
                    (f"parts[{j}].object", p["object"])
                    for j, p in enumerate(e.get("parts", ()))
                    if isinstance(p, Mapping) and isinstance(p.get("object"), str)
                ]
                for field, oid in named:
                    if oid in gone:
                        self.fail(
                            f"{where}.add_effects[{i}].{field}",
                            f"object {oid!r} was removed ({gone[oid]}); a later effect cannot name it",
                        )

    def attachment_loops(
        self, present: set[str], attached: Mapping[str, str | None], where: Mapping[str, str], step: str
    ) -> None:
        """301.5c, 303.4d: an object cannot be attached to itself, directly or through others."""
        for start in sorted(present):
            trail = [start]
            target = attached.get(start)
            while target is not None and target in present and target not in trail:
                trail.append(target)
                target = attached.get(target)
            if target == start:
                members = trail
                here = [m for m in members if step and where[m].startswith(step + ".")]
                culprit = here[-1] if here else members[0]
                loop = " -> ".join([*members, start])
                what = "attached to itself" if len(members) == 1 else f"in an attachment loop ({loop})"
                self.fail(where[culprit], f"object {culprit!r} is {what}")

    def subtypes(self, node: Any, where: str, parent: Mapping[str, Any] | None) -> None:
        """205.3: every subtype a case names is on one of the 205.3 lists (a typo is not a new creature type)."""
        if isinstance(node, Mapping):
            for k, v in node.items():
                path = f"{where}.{k}"
                if k in ("subtypes", "add_subtypes") and isinstance(v, list):
                    for i, w in enumerate(v):
                        if isinstance(w, str):  # a chosen word (614.1c) is checked where the choice is made
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
        self.double_faced(o, where)
        self.choices(o, where)

    def token_request(self, objects: dict[str, Any], t: Mapping[str, Any], where: str, data: Mapping[str, Any]) -> None:
        """111.3: a new token's id, an existing source, and an ability definition that creates tokens."""
        if t["id"] in objects:
            self.fail(f"{where}.id", f"duplicate object id {t['id']!r}")
        if t["by"] not in objects:
            self.fail(f"{where}.by", f"unknown object id {t['by']!r}")
        makers = [a["text"] for a in data.get("abilities", ()) if "creates" in a]
        if t["ability"] not in makers:
            self.fail(
                f"{where}.ability",
                f"no ability definition {t['ability']!r} creates a token (give it 'creates')"
                + _suggest(t["ability"], makers),
            )
        objects[t["id"]] = {"id": t["id"], "token": True}

    def choices(self, o: Mapping[str, Any], where: str) -> None:
        """614.1c, 205.3: a chosen creature type is a creature type, a chosen land type a land type."""
        chosen = o.get("chosen", {})
        kind = chosen.get("creature_type")
        if kind is not None and not is_creature_type(kind):
            self.fail(
                f"{where}.chosen.creature_type",
                f"{kind!r} is not a creature type (205.3m){_suggest(kind, CREATURE_TYPES)}",
            )
        land = chosen.get("land_type")
        if land is not None and land not in LAND_TYPES:
            self.fail(f"{where}.chosen.land_type", f"{land!r} is not a land type (205.3i){_suggest(land, LAND_TYPES)}")
        card_type = chosen.get("card_type")
        if card_type is not None and card_type not in CARD_TYPES:
            self.fail(f"{where}.chosen.card_type", f"{card_type!r} is not a card type{_suggest(card_type, CARD_TYPES)}")

    def double_faced(self, o: Mapping[str, Any], where: str) -> None:
        """712, 613.7g: a transformed object is double-faced; its transformations alternate and end as it is."""
        history = o.get("transform_history", ())
        if (o.get("transformed") or history) and "back_face" not in o and not o.get("token"):
            key = "transformed" if o.get("transformed") else "transform_history"
            self.fail(
                f"{where}.{key}",
                "only a double-faced card (give its back_face) or a token that is a double-faced copy (707.8a) "
                "can have its back face up",
            )
        for i, h in enumerate(history):
            if i and h["transformed"] == history[i - 1]["transformed"]:
                self.fail(f"{where}.transform_history[{i}].transformed", "transformations alternate between faces")
            if i and h["timestamp"] <= history[i - 1]["timestamp"]:
                self.fail(f"{where}.transform_history[{i}].timestamp", "a later transformation has a later timestamp")
        if history and history[-1]["transformed"] != bool(o.get("transformed", False)):
            self.fail(f"{where}.transform_history", "the last transformation must leave the object as transformed says")

    def object_refs(self, objects: Mapping[str, Any], items: Iterable[Mapping[str, Any]], where: str) -> None:
        for i, o in enumerate(items):
            for key in ("attached_to", "exiled_with"):
                target = o.get(key)
                if target is not None and target not in objects:
                    self.fail(f"{where}[{i}].{key}", f"unknown object id {target!r}")

    def add_effect(self, effects: dict[str, Any], e: Mapping[str, Any], where: str, declared: list[str]) -> None:
        if e["id"] in effects:
            self.fail(f"{where}.id", f"duplicate effect id {e['id']!r}")
        effects[e["id"]] = e
        for j, p in enumerate(e["parts"]):
            self.classifiable(p["op"], "resolved", declared, f"{where}.parts[{j}].op")
            if mentions_choice(p):
                self.fail(
                    f"{where}.parts[{j}]",
                    "a resolved effect reads no choice: a chosen word ({'chosen': ...}) stands for the choice of the "
                    "object whose ability it is (607.2d), so it belongs in an ability, not in a resolved effect",
                )

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


def _suggest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word.lower(), sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


@cache
def _object_events() -> tuple[str, ...]:
    """The step fields that change objects by id (set_counters, attach, move…), from the case schema."""
    try:
        props = schema()["$defs"]["step"]["properties"]
    except OSError:  # the playground's bundle carries no schema files
        return (
            "set_counters",
            "attach",
            "set_timestamp",
            "move",
            "turn_face_up",
            "turn_face_down",
            "transform",
            "merge",
        )
    per_version = ("expect", "outcomes")  # keyed by rules version, not by object
    return tuple(k for k, v in props.items() if k not in per_version and v.get("type") == "object")


@cache
def _zones() -> frozenset[str]:
    """The zones an object can be in, from the case schema."""
    try:
        zone = schema()["$defs"]["object"]["properties"]["zone"]
    except OSError:  # the playground's bundle carries no schema files
        return frozenset(("battlefield", "graveyard", "exile", "hand", "library", "stack", "command"))
    return frozenset(zone.get("enum", ("battlefield",)))


def case_from_data(
    data: Any, label: str = "<case>", versions: Mapping[str, RulesVersion] | None = None, *, schema_check: bool = True
) -> Case:
    """Validate case data (numbers, schema, then meaning) and build the case.

    ``schema_check=False`` skips the JSON Schema pass (the number and meaning checks still run):
    for data built by the project's own generator, which is schema-valid by construction, and in
    the site's playground, which runs without jsonschema (Pyodide).
    """
    check_numbers(data, label)
    known = dict(builtin_versions())
    known.update(versions or {})
    data = _authoring_checks(data, label, known, schema_first=True, schema_check=schema_check)
    _Checker(label, Versions(known, CURRENT)).check(data)
    if schema_check:  # authoring checks are for hand-written cases, not the generator's boards
        _authoring_checks(data, label, known, schema_first=False)
    steps = tuple(
        Step(
            description=s["description"],
            expect=freeze(s["expect"]),
            add_objects=tuple(_object(o) for o in s.get("add_objects", ())),
            remove_objects=tuple(s.get("remove_objects", ())),
            add_effects=tuple(_effect(e) for e in s.get("add_effects", ())),
            end_effects=tuple(s.get("end_effects", ())),
            # 613.7c: a counter entry without a timestamp gets the moment it is placed (reference.clock)
            set_counters=FrozenMap({k: _counters(v, BY_RULES) for k, v in s.get("set_counters", {}).items()}),
            attach=FrozenMap(s.get("attach", {})),
            set_timestamp=FrozenMap(s.get("set_timestamp", {})),
            move=FrozenMap(s.get("move", {})),
            state_based_actions=bool(s.get("state_based_actions", False)),
            legend_rule_keeps=tuple(s.get("legend_rule_keeps", ())),
            transform=FrozenMap(s.get("transform", {})),
            merge=freeze(s.get("merge", {})),
            outcomes=FrozenMap({v: tuple(freeze(o) for o in alts) for v, alts in s.get("outcomes", {}).items()}),
            turn_face_up=FrozenMap(_turns(s.get("turn_face_up", {}))),
            turn_face_down=FrozenMap(_turns(s.get("turn_face_down", {}))),
            game=freeze(s.get("game", {})),
            create_tokens=tuple(
                freeze({**t, "timestamp": t.get("timestamp", BY_RULES)}) for t in s.get("create_tokens", ())
            ),
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
        game=freeze(data.get("game", {})),
    )


def _authoring_checks(
    data: Any, label: str, known: Mapping[str, RulesVersion], schema_first: bool, schema_check: bool = True
) -> Any:
    """The authoring checks of ``mtg_layers.authoring``: version aliases, then (after the schema) vocabulary."""
    try:
        if schema_first:
            data = authoring.resolve_version_aliases(data, {"current": CURRENT} if CURRENT in known else {})
            if schema_check:
                validate_schema(data, label)
        else:
            authoring.check_vocabulary(data)
    except authoring.AuthoringError as exc:
        raise CorpusError(label, exc.field, exc.message) from None
    return data


def _turns(turns: Mapping[str, Any]) -> dict[str, float]:
    """613.7f: a turn written with a null timestamp gets the one the rules assign as it happens."""
    return {oid: BY_RULES if ts is None else ts for oid, ts in turns.items()}


def load_case(path: Path, versions: Mapping[str, RulesVersion] | None = None) -> Case:
    """Read, validate and build one case file."""
    label = _label(path)
    return case_from_data(read_yaml(path, label), label, versions)


def _label(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
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
