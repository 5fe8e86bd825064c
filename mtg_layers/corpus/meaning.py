"""The meaning checks: what a case must say that its JSON Schema cannot express.

Every id a case names exists when it is named; every rules version it declares is known and has
a slot for each operation; objects are not changed after they leave, nor attached in a loop;
timestamps, face-down and transform histories, double-faced objects, tokens, choices and the
game state are consistent; every subtype is on one of the lists of the rules.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import TracebackType
from typing import Any, NoReturn

from reference.attachments import enchant_options, is_enchant_wording
from reference.chosen import mentions_choice
from reference.filters import replaceable
from reference.fixed_amounts import AMOUNT_OPS, reads_its_object
from reference.versions import Versions
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
from .schema import schema

# 303.7, 704.5y: Roles and their state-based action came with Wilds of Eldraine
ROLES_FROM = "2023-09-08"


class _ItemFailed(Exception):
    """Ends the checks of one item at its first problem (``MeaningChecker.item``)."""


class _Item:
    """The context of one item's checks (``MeaningChecker.item``); a class, not a generator: cases have many."""

    __slots__ = ("checker", "defines")

    def __init__(self, checker: MeaningChecker, defines: bool) -> None:
        self.checker, self.defines = checker, defines

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> bool:
        if kind is None or kind is _ItemFailed:
            return kind is _ItemFailed
        if not issubclass(kind, Exception) or not self.checker.tolerant:
            return False  # a schema-valid case must not crash a check: that is a defect, let it show
        if self.defines:
            self.checker.ids_complete = False
        return True


@dataclass
class MeaningChecker:
    """Checks of meaning that a schema cannot express, every problem of a case collected (issue 33).

    The checks run item by item (a rules version, an ability, an object, an effect, one entry of a step): an
    item's first problem ends that item's checks, since the checks after it may read what it found wrong, and
    the other items go on. An id that no definition declares is reported once, at its first use in the file;
    the checks that follow objects through the steps (lifetimes, attachment and copy loops) skip it, and say
    each loop once. ``check`` returns the problems in file order.
    """

    label: str
    versions: Versions
    # the schema already rejected the file: a check that cannot read a malformed value adds nothing (the
    # schema's errors say why), and the other items' checks go on
    tolerant: bool = False
    problems: list[tuple[str, str]] = field(default_factory=list)
    # False once an object's or effect's definition could not be read: no id is then called unknown
    ids_complete: bool = True
    _loops: set[tuple[Any, ...]] = field(default_factory=set)  # the attachment and copy loops reported
    # (kind, id) -> every use of an id no definition declares (the first in the file is reported)
    undeclared: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)

    def fail(self, field: str, message: str) -> NoReturn:
        """A problem that ends the checks of its item (``item``): the checks after it may read what it found."""
        if (field, message) not in self.problems:
            self.problems.append((field, message))
        raise _ItemFailed

    def report(self, field: str, message: str) -> None:
        """A problem no other check of the item depends on: recorded, and the checks go on."""
        if (field, message) not in self.problems:
            self.problems.append((field, message))

    def item(self, defines: bool = False) -> _Item:
        """One item's checks (``with self.item():``): its first problem ends them; an item that ``defines`` an id
        and cannot be read (only after the schema rejected the file) leaves the declared ids incomplete."""
        return _Item(self, defines)

    def declared(self, ident: Any, ids: Mapping[str, Any], where: str, kind: str = "object", hint: str = "") -> None:
        """An id a case uses is declared by then. An undeclared id is reported once, where the file first uses
        it (its other uses are the same mistake), and ends the checks of the item that uses it; no id is called
        undeclared when a definition could not be read (after a schema error)."""
        if not self.ids_complete or ident in ids:
            return
        self.undeclared.setdefault((kind, repr(ident)), []).append((where, f"unknown {kind} id {ident!r}{hint}"))
        raise _ItemFailed

    def check(self, data: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Every problem of the case's meaning, in file order; also raised as ``CorpusError(s)`` by ``raise_all``."""
        with self.item():
            self.definitions_and_steps(data)
        declared: list[str] = []
        with self.item():
            declared = [v for v in data["versions"] if v in self.versions]
        for whole_file in (self.game_players, self.emblems, self.lifetimes, self.enchant_abilities, self.flip_cards):
            with self.item():
                whole_file(data)
        for by_version in (self.double_faced_rules, self.sticker_rules, self.roles_in_force):
            with self.item():
                by_version(data, declared)
        for key in ("abilities", "objects", "effects", "steps"):
            with self.item():
                self.subtypes(data.get(key, ()), key, None)
        for uses in self.undeclared.values():
            self.report(*min(uses, key=lambda use: file_order(data, use[0])))
        return sorted(self.problems, key=lambda p: file_order(data, p[0]))

    def definitions_and_steps(self, data: Mapping[str, Any]) -> None:
        """The versions, abilities, objects and effects a case defines, and every id its steps name."""
        declared = data["versions"]
        for i, v in enumerate(declared):
            with self.item():
                if v not in self.versions:
                    allowed = list(self.versions.names())
                    self.fail(
                        f"versions[{i}]",
                        f"unknown rules version {v!r}; the allowed names are {', '.join(allowed)}"
                        f"{authoring.suggest(v, allowed)}",
                    )
        ability_texts: set[str] = set()
        for i, a in enumerate(data.get("abilities", ())):
            self.ability(a, f"abilities[{i}]", ability_texts, declared)
        objects: dict[str, Any] = {}
        effects: dict[str, Any] = {}
        for i, o in enumerate(data["objects"]):
            self.add_object(objects, o, f"objects[{i}]")
            with self.item():
                self.timed(o, f"objects[{i}]", "object")
        for i, e in enumerate(data.get("effects", ())):
            self.add_effect(effects, e, f"effects[{i}]", declared)
            with self.item():
                self.timed(e, f"effects[{i}]", "effect")
            with self.item():
                self.amounts(e, f"effects[{i}]", initial=True)
        self.object_refs(objects, data["objects"], "objects")
        self.effect_refs(objects, data.get("effects", ()), "effects")
        for s, step in enumerate(data["steps"]):
            with self.item(defines=True):
                self.step(objects, effects, step, f"steps[{s}]", data, declared)
        for i, x in enumerate(data.get("tie_order", ())):
            with self.item():
                if x not in objects and x not in effects and self.ids_complete:
                    self.fail(f"tie_order[{i}]", f"expected an object or effect id, got {x!r}")
        for i, a in enumerate(data.get("abilities", ())):  # an object an ability names by id is one of the case's
            for where, ident in _filter_ids(a.get("applies_to"), f"abilities[{i}].applies_to"):
                with self.item():
                    self.declared(ident, objects, where)

    def ability(self, a: Mapping[str, Any], where: str, texts: set[str], declared: list[str]) -> None:
        """604.3, 113.6: one ability definition (its text once, a CDA unconditional and about its own object)."""
        with self.item():
            if a["text"] in texts:
                self.fail(f"{where}.text", f"duplicate ability definition {a['text']!r}")
            texts.add(a["text"])
        with self.item():
            if a.get("cda") and "condition" in a:
                self.fail(
                    f"{where}.condition",
                    "a conditional ability is never characteristic-defining (604.3a(5)): drop cda or the condition",
                )
        with self.item():
            self.zones_of_function(a, where)
        with self.item():
            if a.get("cda") and a.get("applies_to", {"is_source": True}) != {"is_source": True}:
                self.fail(
                    f"{where}.applies_to",
                    "a characteristic-defining ability defines its own object's characteristics (604.3): "
                    "expected applies_to {is_source: true} or none",
                )
        # 604.3a(2), (4): a CDA's wording granted by an effect is a plain static ability, so both must place
        origins = ("cda", "static") if a.get("cda") else ("static",)
        for j, p in enumerate(a.get("parts", ())):
            with self.item():
                if p["op"] in ("copy_of", "face_down"):
                    self.fail(f"{where}.parts[{j}].op", "copy and face-down parts belong to resolved effects")
                for origin in origins:
                    self.classifiable(p["op"], origin, declared, f"{where}.parts[{j}].op")

    def step(
        self,
        objects: dict[str, Any],
        effects: dict[str, Any],
        step: Mapping[str, Any],
        where: str,
        data: Mapping[str, Any],
        declared: list[str],
    ) -> None:
        """One step: what it adds, and every id it names is declared by then (each entry checked on its own)."""
        for i, o in enumerate(step.get("add_objects", ())):
            self.add_object(objects, o, f"{where}.add_objects[{i}]")
        for i, t in enumerate(step.get("create_tokens", ())):
            self.token_request(objects, t, f"{where}.create_tokens[{i}]", data)
        self.object_refs(objects, step.get("add_objects", ()), f"{where}.add_objects")
        for i, e in enumerate(step.get("add_effects", ())):
            self.add_effect(effects, e, f"{where}.add_effects[{i}]", declared)
            with self.item():
                self.amounts(e, f"{where}.add_effects[{i}]", initial=False)
        self.effect_refs(objects, step.get("add_effects", ()), f"{where}.add_effects")
        for i, eid in enumerate(step.get("end_effects", ())):
            with self.item():
                self.declared(eid, effects, f"{where}.end_effects[{i}]", "effect")
        for key in ("legend_rule_keeps", "remove_objects", "become_monstrous", "flip"):  # 701.37a, 710.3
            for i, oid in enumerate(step.get(key, ())):
                with self.item():
                    self.declared(oid, objects, f"{where}.{key}[{i}]")
            if key == "legend_rule_keeps" and step.get(key) and not step.get("state_based_actions"):
                self.report(f"{where}.legend_rule_keeps", "a legend rule choice needs state_based_actions: true")
        with self.item():
            both = sorted(set(step.get("turn_face_up", {})) & set(step.get("turn_face_down", {})))
            if both:
                self.fail(f"{where}.turn_face_up.{both[0]}", "an object is turned face up or face down, not both")
        for key in _object_events():
            for oid, target in step.get(key, {}).items():
                with self.item():
                    self.declared(oid, objects, f"{where}.{key}.{oid}")
                with self.item():
                    if key == "attach" and target is not None:
                        self.declared(target, objects, f"{where}.attach.{oid}")
                    if key == "merge":
                        self.declared(target["onto"], objects, f"{where}.merge.{oid}.onto")
                    if key == "merge" and target["onto"] == oid:
                        self.fail(f"{where}.merge.{oid}.onto", "an object can't merge with itself (729.1)")
        expect = step["expect"]
        # the answers are compared with the declared versions when those are known names (an unknown one is
        # its own error, at versions[i], and the answers written for the version meant are no second one)
        readable = isinstance(declared, list) and all(isinstance(v, str) and v in self.versions for v in declared)
        with self.item():
            if readable and set(expect) != set(declared):
                self.fail(
                    f"{where}.expect",
                    f"expected answers for exactly the declared versions {sorted(declared)}, got {sorted(expect)}",
                )
        for v, objs in expect.items():
            for oid in objs:
                with self.item():
                    self.declared(oid, objects, f"{where}.expect.{v}.{oid}")
        for v, alternatives in step.get("outcomes", {}).items():
            with self.item():
                if readable and v not in declared:
                    self.fail(f"{where}.outcomes.{v}", f"expected one of the declared versions {sorted(declared)}")
            for k, objs in enumerate(alternatives):
                for oid in objs:
                    with self.item():
                        self.declared(oid, objects, f"{where}.outcomes.{v}[{k}].{oid}")

    def zones_of_function(self, a: Mapping[str, Any], where: str) -> None:
        """113.6, 113.6b: an ability works where the resolver can make it work, never silently nowhere."""
        zones = a.get("functions_in")
        if zones is not None and a.get("cda"):
            self.fail(
                f"{where}.functions_in",
                "a characteristic-defining ability functions in every zone (604.3, 113.6a): drop functions_in",
            )
        if zones is not None and "creates" in a:
            self.fail(
                f"{where}.functions_in",
                "where an ability that creates tokens can be activated or trigger from is not modelled: "
                "drop functions_in (the step's create_tokens says when the token is created)",
            )
        named = named_zone_of_function(a["text"])
        if named is not None and named not in (zones or ()):
            self.fail(
                f"{where}.functions_in",
                f"the ability's text says it works while its object is in {_ZONE_NAMES[named]} (113.6b): expected "
                f"functions_in listing {named!r} (without it the ability would work only on the battlefield)",
            )

    def emblems(self, data: Mapping[str, Any]) -> None:
        """114.4: an emblem (an object in the command zone with no card type) has abilities that work there."""
        defined = {a["text"]: a for a in data.get("abilities", ())}
        objs = [(o, f"objects[{i}]") for i, o in enumerate(data["objects"])]
        for s, step in enumerate(data["steps"]):
            objs += [(o, f"steps[{s}].add_objects[{i}]") for i, o in enumerate(step.get("add_objects", ()))]
        for o, where in objs:
            if o.get("zone") != "command" or o.get("types"):
                continue
            for j, text in enumerate(o.get("abilities", ())):
                a = defined.get(text)
                if a is not None and not a.get("cda") and "command" not in a.get("functions_in", ()):
                    self.report(
                        f"{where}.abilities[{j}]",
                        f"{o['id']} is an emblem (in the command zone, no card type), whose abilities function "
                        f"in the command zone (114.4): expected the definition of {text!r} to have "
                        "functions_in: [command]",
                    )

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
                    self.report(
                        f"{where}.{key}",
                        f"{player!r} is not a player of this case ({', '.join(sorted(names))}): name a player "
                        "whose objects the case has, or give the player's values in the case's game",
                    )
            if "turn_order" in game and where != "game":
                self.report(f"{where}.turn_order", "the turn order is the game's (101.4): give it in the case's game")
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
            if o.get("modal"):
                self.modal_rules(o, where, declared, transformed)
                continue
            if "back_face" not in o:
                continue
            why = f"{where}.transformed" if o.get("transformed") else transformed.get(o["id"], "")
            unstated = [v for v in declared if why and self.versions[v].back_face_mana_value is None]
            for v in unstated[:1]:  # one version is enough to say what to change
                self.report(
                    why,
                    f"rules version {v!r} does not state a back face's mana value (202.3b changed in April "
                    "2016; double-faced cards date from 2011): declare a version that does",
                )
        unnamed = [a for a in data.get("abilities", ()) if "creates" in a and not a["creates"].get("name")]
        for s, step in enumerate(data["steps"]):
            for i, t in enumerate(step.get("create_tokens", ())):
                if not any(a["text"] == t["ability"] for a in unnamed):
                    continue
                unstated = [v for v in declared if self.versions[v].token_name_adds_token is None]
                for v in unstated[:1]:
                    self.report(
                        f"steps[{s}].create_tokens[{i}]",
                        f"rules version {v!r} does not state whether a token named for its subtypes adds the "
                        "word 'Token' to its name (111.4 changed between 2023 and 2025): declare a version "
                        "that does, or give the token a name",
                    )
        for e, where in effects:
            for j, p in enumerate(e["parts"]):
                if p["op"] == "copy_of" and p.get("double_faced"):
                    unstated = [v for v in declared if self.versions[v].double_faced_token_copies is None]
                    for v in unstated[:1]:
                        self.report(
                            f"{where}.parts[{j}].double_faced",
                            f"rules version {v!r} does not state whether a token copy of a double-faced "
                            "permanent is double-faced (707.8a): declare a version that does",
                        )

    def enchant_abilities(self, data: Mapping[str, Any]) -> None:
        """704.5m, 702.5a: state-based actions read an Aura's enchant ability; refuse one they cannot read."""
        if not any(step.get("state_based_actions") for step in data["steps"]):
            return
        objs = [(o, f"objects[{i}]") for i, o in enumerate(data["objects"])]
        for s, step in enumerate(data["steps"]):
            objs += [(o, f"steps[{s}].add_objects[{i}]") for i, o in enumerate(step.get("add_objects", ()))]
        for o, where in objs:
            faces = [(o, where), (o.get("back_face") or {}, f"{where}.back_face")]
            for face, at in faces:
                for k, text in enumerate(face.get("abilities", ())):
                    if is_enchant_wording(str(text)) and enchant_options(str(text)) is None:
                        self.report(
                            f"{at}.abilities[{k}]",
                            f"{text!r}: the state-based action for Auras (704.5m) reads enchant abilities that name "
                            "card types of permanents or 'permanent' ('enchant creature', 'enchant artifact or "
                            "land'); any other enchant ability is not modelled",
                        )

    def modal_rules(
        self, o: Mapping[str, Any], where: str, declared: list[str], transformed: Mapping[str, str]
    ) -> None:
        """712.3, 712.8f: a modal double-faced card has a back face, exists under the version, and never transforms."""
        if "back_face" not in o:
            self.report(f"{where}.modal", "a modal double-faced card has two faces (712.3): give its back_face")
        for v in [v for v in declared if self.versions[v].modal_double_faced is not True][:1]:
            self.report(
                f"{where}.modal",
                f"rules version {v!r} has no modal double-faced cards (they came with Zendikar Rising on "
                "2020-09-25, 711.4d): declare only versions from that day on",
            )
        if o.get("transform_history"):
            self.report(f"{where}.transform_history", "a modal double-faced card keeps the face it was cast or played")
        if o["id"] in transformed:
            self.report(
                transformed[o["id"]],
                "transforming a modal double-faced permanent is not modelled (nothing happened in the 2020 rules, "
                "711.5; the rules of 2026 let it transform, 712.9, from a date not read)",
            )

    def sticker_rules(self, data: Mapping[str, Any], declared: list[str]) -> None:
        """123, 613.7k: stickers need a version that has them; only the first board's stickers carry a timestamp."""
        found: list[tuple[str, Mapping[str, Any], bool]] = []  # (where, sticker, may it give a timestamp)
        for i, o in enumerate(data["objects"]):
            found += [(f"objects[{i}].stickers[{j}]", st, True) for j, st in enumerate(o.get("stickers", ()))]
        for s, step in enumerate(data["steps"]):
            where = f"steps[{s}]"
            for i, o in enumerate(step.get("add_objects", ())):
                stickers = o.get("stickers", ())
                found += [(f"{where}.add_objects[{i}].stickers[{j}]", st, False) for j, st in enumerate(stickers)]
            for oid, stickers in step.get("put_stickers", {}).items():
                found += [(f"{where}.put_stickers.{oid}[{j}]", st, False) for j, st in enumerate(stickers)]
        for where, sticker, timed in found:
            if "timestamp" in sticker and not timed:
                self.report(
                    f"{where}.timestamp",
                    "613.7k gives this sticker its timestamp: one put on in a step gets the time it is put on, "
                    "and an object that enters gives its stickers new ones right after its own; leave it out",
                )
        if found:
            for v in [v for v in declared if not self.versions[v].stickers][:1]:
                self.report(
                    found[0][0],
                    f"rules version {v!r} has no stickers (123 and 613.7k came into the rules with Unfinity on "
                    "2022-10-07): declare only versions from that day on",
                )

    def flip_cards(self, data: Mapping[str, Any]) -> None:
        """710.2-710.3: only a flip card (or a copy of one) on the battlefield can be flipped."""
        copies = {
            str(t)
            for e in [*data.get("effects", ()), *(x for s in data.get("steps", ()) for x in s.get("add_effects", ()))]
            if any(p.get("op") == "copy_of" for p in e.get("parts", ()))
            for t in e.get("applies_to", ())
        }
        objects = [(f"objects[{i}]", o) for i, o in enumerate(data.get("objects", ()))]
        for s, step in enumerate(data.get("steps", ())):
            objects += [(f"steps[{s}].add_objects[{i}]", o) for i, o in enumerate(step.get("add_objects", ()))]
        for where, o in objects:
            if not o.get("flipped"):
                continue
            if o.get("zone", "battlefield") != "battlefield":
                self.report(f"{where}.flipped", "only a permanent on the battlefield can be flipped (710.2, 710.3)")
            if "flip_face" not in o and o.get("id") not in copies:
                self.report(
                    f"{where}.flipped",
                    "a flipped object needs its flip_face (710.1b), or must be a copy of a flip card (707.3)",
                )

    def roles_in_force(self, data: Mapping[str, Any], declared: list[str]) -> None:
        """704.5y (704.5s in the Wilds of Eldraine text), 303.7a: the state-based action that keeps only a player's
        newest Role on a permanent exists from Wilds of Eldraine (2023-09-08): a case with a Role and state-based
        actions is refused under a version in force earlier (or spanning that day), naming the field."""
        sba = [s for s, step in enumerate(data["steps"]) if step.get("state_based_actions")]
        early = [v for v in declared if (self.versions[v].in_force_from or "") < ROLES_FROM]
        if not sba or not early:
            return
        objs = [(o, f"objects[{i}]") for i, o in enumerate(data["objects"])]
        for s, step in enumerate(data["steps"]):
            objs += [(o, f"steps[{s}].add_objects[{i}]") for i, o in enumerate(step.get("add_objects", ()))]
        for i, a in enumerate(data.get("abilities", ())):  # 111.10: a Role token an ability creates
            if isinstance(a.get("creates"), Mapping):
                objs.append((a["creates"], f"abilities[{i}].creates"))
        for o, where in objs:
            if "role" in o.get("subtypes", ()):
                self.report(
                    f"{where}.subtypes",
                    f"a Role with state-based actions (steps[{sba[0]}].state_based_actions) under {early[0]}: Roles "
                    f"and the state-based action that keeps only a player's newest one (704.5y, 303.7a) came with "
                    f"Wilds of Eldraine ({ROLES_FROM}); declare versions in force from that day",
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
        """Replay the steps: no object changed after it left or removed twice, no attachment loop, no copy loop.

        Copies of each other that began at different times are no loop: each copy effect reads its
        original as it was when the copy began (707.2b), so following the copies goes back in time and
        ends. Copies that began at the same moment (equal explicit timestamps), or an object made a copy
        of itself, give 707.2b nothing earlier to read: refused (copy_loops).
        """
        zones = _zones()
        present: set[str] = set()
        entered: set[str] = set()  # every object that has entered (an id used before is the main pass's error)
        removed: dict[str, str] = {}  # object id -> where it was removed
        attached: dict[str, str | None] = {}
        attach_where: dict[str, str] = {}
        merged_into: dict[str, list[str]] = {}  # permanent id -> the objects merged with it (729)
        zone_of: dict[str, str] = {}  # object id -> its zone at this point of the steps (a known zone)

        def enter(items: Iterable[Mapping[str, Any]], where: str) -> None:
            for i, o in enumerate(items):
                with self.item():
                    if o["id"] in entered:  # a duplicate id (the main pass's error): the id means the first
                        continue
                    entered.add(o["id"])
                    present.add(o["id"])
                    attached[o["id"]] = o.get("attached_to")
                    attach_where[o["id"]] = f"{where}[{i}].attached_to"
                    zone = o.get("zone", "battlefield")
                    if zone not in zones:
                        self.fail(f"{where}[{i}].zone", f"unknown zone {o['zone']!r}; expected one of {sorted(zones)}")
                    zone_of[o["id"]] = zone
                    if o.get("merges") and zone != "battlefield":
                        self.fail(
                            f"{where}[{i}].merges",
                            f"only a permanent is merged (729.1): this object is in the {zone}, and a merged "
                            "permanent that leaves the battlefield separates (729)",
                        )

        enter(data["objects"], "objects")
        self.attachment_loops(present, attached, attach_where, "")
        live: dict[str, tuple[Mapping[str, Any], str]] = {}  # effect id -> (effect, where it was added)
        for i, e in enumerate(data.get("effects", ())):
            live.setdefault(e["id"], (e, f"effects[{i}]"))
        self.copy_loops(live, entered)
        for s, step in enumerate(data["steps"]):
            where = f"steps[{s}]"
            gone = dict(removed)  # removed in an earlier step (a step's own changes have their own order)
            enter(step.get("add_objects", ()), f"{where}.add_objects")
            enter(step.get("create_tokens", ()), f"{where}.create_tokens")  # 111.3: a token enters
            for i, oid in enumerate(step.get("remove_objects", ())):
                with self.item():
                    if oid not in entered:
                        continue
                    if oid in removed:
                        self.fail(
                            f"{where}.remove_objects[{i}]", f"object {oid!r} was already removed ({removed[oid]})"
                        )
                    present.discard(oid)
                    removed[oid] = f"{where}.remove_objects[{i}]"
            for key in _object_events():
                for oid, value in step.get(key, {}).items():
                    if oid not in entered:  # unknown: the main pass says so where it is used
                        continue
                    with self.item():
                        self.object_event(key, oid, value, f"{where}.{key}.{oid}", removed, zones)
                        if key == "attach":
                            attached[oid] = value
                            attach_where[oid] = f"{where}.attach.{oid}"
                        if key == "move":  # 729: a merged permanent that moves separates into its components
                            zone_of[oid] = value
                            for part in merged_into.pop(oid, []):
                                removed.pop(part, None)
                                present.add(part)
            for oid, how in step.get("merge", {}).items():  # 729: the spell is now part of the permanent
                with self.item():
                    onto = how["onto"]
                    if onto not in entered:
                        continue
                    if onto in removed:
                        self.fail(f"{where}.merge.{oid}.onto", f"object {onto!r} was removed ({removed[onto]})")
                    if zone_of.get(onto, "battlefield") != "battlefield":
                        self.fail(
                            f"{where}.merge.{oid}.onto",
                            f"a mutating spell merges with a permanent (702.140, 729.1): {onto!r} is in the "
                            f"{zone_of[onto]} at this step",
                        )
                    if oid in entered:
                        present.discard(oid)
                        removed[oid] = f"{where}.merge.{oid} (merged with {onto!r})"
                        merged_into.setdefault(onto, []).append(oid)
            self.attachment_loops(present, attached, attach_where, where)
            for eid in step.get("end_effects", ()):
                live.pop(eid, None)
            for i, e in enumerate(step.get("add_effects", ())):
                if e["id"] not in live:  # a duplicate id (the main pass's error) does not replace the first
                    live[e["id"]] = (e, f"{where}.add_effects[{i}]")
            self.copy_loops(live, entered)
            for i, e in enumerate(step.get("add_effects", ())):
                named = [(f"applies_to[{j}]", t) for j, t in enumerate(e.get("applies_to", ())) if isinstance(t, str)]
                named += [
                    (f"parts[{j}].object", p["object"])
                    for j, p in enumerate(e.get("parts", ()))
                    if isinstance(p, Mapping) and isinstance(p.get("object"), str)
                ]
                for name, oid in named:
                    if oid in gone:
                        self.report(
                            f"{where}.add_effects[{i}].{name}",
                            f"object {oid!r} was removed ({gone[oid]}); a later effect cannot name it",
                        )

    def object_event(
        self, key: str, oid: str, value: Any, where: str, removed: Mapping[str, str], zones: frozenset[str]
    ) -> None:
        """400.7, 729: a step changes an object that is there, attaches to one that is, moves to a zone."""
        if oid in removed:
            self.fail(where, f"object {oid!r} was removed ({removed[oid]}); it cannot change after")
        if key == "attach" and value is not None and value in removed:
            self.fail(where, f"cannot attach to {value!r}: it was removed ({removed[value]})")
        if key == "move" and value not in zones:
            self.fail(where, f"unknown zone {value!r}; expected one of {sorted(zones)}")

    def copy_loops(self, live: Mapping[str, tuple[Mapping[str, Any], str]], entered: set[str]) -> None:
        """707.2b, 707.3: no copy effect makes an object a copy of itself, and no copy effects that began at
        the same moment copy each other in a loop (707.2b reads each original as it was just before)."""
        edges: dict[Any, dict[str, dict[str, str]]] = {}  # timestamp -> copier -> copied -> where
        for e, added in live.values():
            listed = e.get("applies_to")
            targets = [x for x in listed if isinstance(x, str) and x in entered] if isinstance(listed, list) else []
            for j, part in enumerate(e.get("parts", ())):
                copied = part.get("object") if isinstance(part, Mapping) and part.get("op") == "copy_of" else None
                if not isinstance(copied, str) or copied not in entered:
                    continue
                if copied in targets:
                    self.report(f"{added}.parts[{j}].object", f"object {copied!r} is made a copy of itself (707.3)")
                    continue
                if isinstance(e.get("timestamp"), (int, float)):  # one the rules assign is later than any other
                    for oid in targets:
                        edges.setdefault(e["timestamp"], {}).setdefault(oid, {})[copied] = added
        for ts in sorted(edges):
            graph = edges[ts]

            def visit(trail: list[str], graph: dict[str, dict[str, str]] = graph, ts: Any = ts) -> None:
                for nxt in sorted(graph.get(trail[-1], {})):
                    if nxt == trail[0]:
                        loop = [*trail, nxt]
                        seen = ("copy", ts, frozenset(trail))
                        if seen in self._loops:  # the same loop, met from another of its members or step
                            continue
                        self._loops.add(seen)
                        here = max((graph[a][b] for a, b in itertools.pairwise(loop)), key=_where_order)
                        self.report(
                            here,
                            f"copy loop: {' -> '.join(loop)} (copy effects that began at the same time, "
                            f"timestamp {ts:g}, copy each other: 707.2b gives no earlier values to read)",
                        )
                    elif nxt not in trail:
                        visit([*trail, nxt])

            for start in sorted(graph):
                visit([start])

    def attachment_loops(
        self, present: set[str], attached: Mapping[str, str | None], where: Mapping[str, str], step: str
    ) -> None:
        """301.5c, 303.4d: an object cannot be attached to itself, directly or through others (each loop said once)."""
        for start in sorted(present):
            trail = [start]
            target = attached.get(start)
            while target is not None and target in present and target not in trail:
                trail.append(target)
                target = attached.get(target)
            seen = ("attach", frozenset(trail))
            if target == start and seen not in self._loops:
                self._loops.add(seen)
                members = trail
                here = [m for m in members if step and where[m].startswith(step + ".")]
                culprit = here[-1] if here else members[0]
                loop = " -> ".join([*members, start])
                what = "attached to itself" if len(members) == 1 else f"in an attachment loop ({loop})"
                self.report(where[culprit], f"object {culprit!r} is {what}")

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
                    self.report(path, f"unknown land type {v!r} (205.3i){_suggest(v, LAND_TYPES)}")
                elif k in ("from", "to") and node.get("op") == "replace_word" and isinstance(v, str):
                    if not replaceable(v):
                        words = (*COLORS, *LAND_TYPES, *CREATURE_TYPES)
                        self.report(
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
        """205.3: one subtype word is on a list of the rules."""
        if word not in ALL_SUBTYPES:
            self.report(
                where,
                f"unknown subtype {word!r}: not on any list of rule 205.3 (reference/profiles/subtypes.json)"
                + _suggest(str(word), ALL_SUBTYPES),
            )

    def add_object(self, objects: dict[str, Any], o: Mapping[str, Any], where: str) -> None:
        """An object's definition: its id is new (a duplicate's other checks are skipped: the id means the first)."""
        with self.item(defines=True):
            if o["id"] in objects:
                self.fail(f"{where}.id", f"duplicate object id {o['id']!r}")
            objects[o["id"]] = o
            with self.item():
                self.face_history(o, where)
            with self.item():
                self.double_faced(o, where)
            with self.item():
                self.choices(o, where)

    def face_history(self, o: Mapping[str, Any], where: str) -> None:
        """613.7f: turns alternate between face up and face down, each later, and end as the object is."""
        history = o.get("face_history", ())
        for i, h in enumerate(history):
            if i and h["face_down"] == history[i - 1]["face_down"]:
                self.fail(f"{where}.face_history[{i}].face_down", "turns alternate between face up and face down")
            if i and h["timestamp"] <= history[i - 1]["timestamp"]:
                self.fail(f"{where}.face_history[{i}].timestamp", "a later turn has a later timestamp (613.7f)")
        if history and history[-1]["face_down"] != bool(o.get("face_down", False)):
            self.fail(f"{where}.face_history", "the last turn must leave the object as its face_down says")

    def token_request(self, objects: dict[str, Any], t: Mapping[str, Any], where: str, data: Mapping[str, Any]) -> None:
        """111.3: a new token's id, an existing source, and an ability definition that creates tokens."""
        with self.item(defines=True):
            if t["id"] in objects:
                self.fail(f"{where}.id", f"duplicate object id {t['id']!r}")
            objects[t["id"]] = {"id": t["id"], "token": True}  # declared even when what makes it is wrong
        with self.item():
            self.declared(t["by"], objects, f"{where}.by")
        with self.item():
            makers = [a["text"] for a in data.get("abilities", ()) if "creates" in a]
            if t["ability"] not in makers:
                self.fail(
                    f"{where}.ability",
                    f"no ability definition {t['ability']!r} creates a token (give it 'creates')"
                    + _suggest(t["ability"], makers),
                )

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
                with self.item():
                    target = o.get(key)
                    if target is not None:
                        self.declared(target, objects, f"{where}[{i}].{key}")

    def add_effect(self, effects: dict[str, Any], e: Mapping[str, Any], where: str, declared: list[str]) -> None:
        """An effect's definition: its id is new, and each part is placed under every declared version."""
        with self.item(defines=True):
            if e["id"] in effects:
                self.fail(f"{where}.id", f"duplicate effect id {e['id']!r}")
            effects[e["id"]] = e
        for j, p in enumerate(e["parts"]):
            with self.item():
                self.effect_part(p, f"{where}.parts[{j}]", declared)

    def effect_part(self, p: Mapping[str, Any], where: str, declared: list[str]) -> None:
        """613.1, 607.2d: a resolved effect's part has a layer under each version and reads no choice."""
        self.classifiable(p["op"], "resolved", declared, f"{where}.op")
        if mentions_choice(p):
            self.fail(
                where,
                "a resolved effect reads no choice: a chosen word ({'chosen': ...}) stands for the choice of the "
                "object whose ability it is (607.2d), so it belongs in an ability, not in a resolved effect",
            )

    def amounts(self, e: Mapping[str, Any], where: str, initial: bool) -> None:
        """611.2d, 608.2h: what the resolver can fix of a resolved effect's amounts (reference.fixed_amounts)."""
        for j, p in enumerate(e["parts"]):
            for key in ("power", "toughness"):
                with self.item():
                    self.amount(e, p, f"{where}.parts[{j}].{key}", p.get(key), initial)

    def amount(self, e: Mapping[str, Any], p: Mapping[str, Any], where: str, value: Any, initial: bool) -> None:
        """611.2d, 608.2h: one amount of a part: fixed on resolution, from one object when it reads its object."""
        if p["op"] not in AMOUNT_OPS or not isinstance(value, Mapping):
            return
        if initial:
            self.fail(
                where,
                "a resolved effect on the starting board is stated after it resolved, and its X was fixed "
                "then (611.2d, 608.2h): expected a number; to have X read off the game, create the effect "
                "in a step (steps[].add_effects)",
            )
        if reads_its_object(value) and len(e["applies_to"]) != 1:
            self.fail(
                where,
                "an amount read off the object the effect applies to ('its', 'counters', 'it') is fixed as "
                "one number on resolution (611.2d): expected exactly one object in applies_to, got "
                f"{len(e['applies_to'])}; give each object its own effect",
            )

    def effect_refs(self, objects: Mapping[str, Any], items: Iterable[Mapping[str, Any]], where: str) -> None:
        for i, e in enumerate(items):
            for j, oid in enumerate(e["applies_to"]):
                with self.item():
                    self.declared(oid, objects, f"{where}[{i}].applies_to[{j}]")
            with self.item():
                if "source" in e:  # 613.8a reads an effect's source
                    self.declared(
                        e["source"], objects, f"{where}[{i}].source", hint="; expected one of the case's objects"
                    )
            for j, p in enumerate(e["parts"]):
                with self.item():
                    if p["op"] == "copy_of":
                        self.declared(p["object"], objects, f"{where}[{i}].parts[{j}].object")

    def classifiable(self, op: str, origin: str, declared: list[str], where: str) -> None:
        kind = OPERATION_KIND[op]
        for v in declared:
            if v in self.versions and self.versions[v].slot_of(kind, origin) is None:
                self.fail(where, f"rules version {v!r} has no slot for {op!r} ({kind}, {origin})")


_PATH_PART = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def _filter_ids(filt: Any, where: str) -> Iterator[tuple[str, Any]]:
    """The object ids a filter names (``id``, ``ids``), inside ``all``, ``any`` and ``not`` too, with their fields."""
    if not isinstance(filt, Mapping):
        return
    for key, want in filt.items():
        if key == "id":
            yield f"{where}.id", want
        elif key == "ids" and isinstance(want, list | tuple):
            yield from ((f"{where}.ids[{k}]", x) for k, x in enumerate(want))
        elif key in ("all", "any") and isinstance(want, list | tuple):
            for k, inner in enumerate(want):
                yield from _filter_ids(inner, f"{where}.{key}[{k}]")
        elif key == "not":
            yield from _filter_ids(want, f"{where}.not")


def file_order(data: Any, path: str) -> tuple[int, ...]:
    """Where a field path is in the case as written: each key by its place in its mapping, each index as is
    (a path that leaves the data sorts after what it reaches: a problem's order in the file)."""
    order: list[int] = []
    node = data
    for m in _PATH_PART.finditer(path):
        index, key = m.group(1), m.group(2)
        if index is not None and isinstance(node, list) and int(index) < len(node):
            order.append(int(index))
            node = node[int(index)]
        elif key is not None and isinstance(node, Mapping) and key in node:
            order.append(list(node).index(key))
            node = node[key]
        else:
            order.append(1 << 30)
            break
    return tuple(order)


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
            "put_stickers",
        )
    per_version = ("expect", "outcomes")  # keyed by rules version, not by object
    return tuple(k for k, v in props.items() if k not in per_version and v.get("type") == "object")


# 113.6b: wordings that say the ability works while its own object is in a zone other than the battlefield
# ("as long as Anger is in your graveyard"; not "as long as no card is in exile", which is about other cards)
_SUBJECT = r"\bas long as (?!no |a |an |any |each |every |there |one |two |three |cards? )[^,.;]*?\bis in "
_ZONE_WORDS = (
    (re.compile(_SUBJECT + r"(?:your|its owner's|their) graveyard\b"), "graveyard"),
    (re.compile(_SUBJECT + r"(?:your|its owner's|their) hand\b"), "hand"),
    (re.compile(_SUBJECT + r"(?:your|its owner's|their) library\b"), "library"),
    (re.compile(_SUBJECT + r"exile\b"), "exile"),
    (re.compile(_SUBJECT + r"the command zone\b"), "command"),
)


_ZONE_NAMES = {
    "graveyard": "a graveyard",
    "hand": "a hand",
    "library": "a library",
    "exile": "exile",
    "command": "the command zone",
}


def named_zone_of_function(text: str) -> str | None:
    """113.6b: the zone an ability's wording says it works from ("as long as this card is in your graveyard")."""
    for pattern, zone in _ZONE_WORDS:
        if pattern.search(text):
            return zone
    return None


@cache
def _zones() -> frozenset[str]:
    """The zones an object can be in, from the case schema."""
    try:
        zone = schema()["$defs"]["object"]["properties"]["zone"]
    except OSError:  # the playground's bundle carries no schema files
        return frozenset(("battlefield", "graveyard", "exile", "hand", "library", "stack", "command"))
    return frozenset(zone.get("enum", ("battlefield",)))


def _where_order(where: str) -> tuple[int, str]:
    """Where an effect was added, in the order of the case: its effects first, then step by step."""
    m = re.match(r"steps\[(\d+)\]", where)
    return (int(m.group(1)) + 1 if m else 0, where)
