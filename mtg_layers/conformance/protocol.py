"""The adapter protocol, version 1: the messages the runner and an adapter exchange.

Every message is one JSON object on one line (JSON lines). JSON Schemas for each message
live in ``corpus/schema/protocol-*.schema.json``; docs/conformance.md is the protocol page.

The runner sends ``start``, then one ``run`` per case, step and rules version, then ``stop``
(persistent mode), or one ``start`` or ``run`` per process (one-shot mode). A ``run``
carries the case *input*: the case as the corpus has it with every ``expect`` removed,
the step number, and the board at that step already accumulated (``board``). The
expected answers never leave the runner.

An adapter that declares the capability ``rule-timestamps`` (``RULE_TIMESTAMPS``) is not handed
the timestamps the rules assign. From the first step that leaves one to the rules (613.7b-g: an
object that enters or changes zones, an effect created, counters put on, an Aura or Equipment
attached, a permanent turned face up or down or transformed, a token created) on, a run's ``board``
is the board *before* that step (``board_at: before_events``; ``events_from`` names the step) and
``events`` lists the steps from it to the step asked, as the case states them, without ``expect``:
the engine applies them and assigns those timestamps itself. So no board it receives carries a
timestamp the runner assigned for the rules, not even one of an earlier step.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

from reference.case import Case, apply_step, board_at, initial_board
from reference.choices import seated
from reference.entry import OpenEntryError, step_outcomes
from reference.fixed_amounts import AMOUNT_OPS
from reference.resolver import resolve
from reference.sba import state_based_actions
from reference.timestamps import Tie
from reference.versions import RulesVersion, builtin_versions

from ..corpus import CASES_DIR, SCHEMA_DIR, CorpusError, case_files, case_from_data, read_yaml
from ..corpus.authoring import mana_value_of
from ..corpus.serialise import effect_data, object_data, sticker_data

PROTOCOL_VERSION = 1
# The capability (``implementation.capabilities`` in ``ready``) of an engine that assigns the timestamps
# the rules give a step's events (613.7) itself: it receives the board before such a step and its events.
RULE_TIMESTAMPS = "rule-timestamps"
CAPABILITIES = (RULE_TIMESTAMPS,)
# The longest line (one message) the runner reads from an adapter; longer answers are faults.
DEFAULT_MAX_LINE = 1 << 20

SCHEMA_BASE = "https://mtg-layers.invalid/schema/"
MESSAGE_SCHEMAS = ("start", "ready", "run", "result", "stop", "expectations")


@dataclass(frozen=True)
class SuiteCase:
    """One corpus case as both values (to judge answers) and raw data (to send as input)."""

    case: Case
    data: Mapping[str, Any]
    path: Path
    sha256: str

    @property
    def id(self) -> str:
        """The case's stable id."""
        return self.case.id

    def relpath(self, root: Path) -> str:
        """The case file's path relative to ``root`` (with forward slashes), or as given."""
        try:
            return self.path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            return self.path.as_posix()


def load_suite(directory: Path = CASES_DIR) -> list[SuiteCase]:
    """Every case file under ``directory``, validated, in path order; ids must be unique.

    A case's data is what its file says with each catalogue reference (``card:``) filled in, so an adapter and the
    exported bundle see every object's printed values and every card's Oracle text.
    """
    from ..catalogue.refs import expand

    out: list[SuiteCase] = []
    seen: dict[str, str] = {}
    for path in case_files(directory):
        data = read_yaml(path)  # refuses FIFOs, devices and dangling links before anything reads them
        data = expand(
            data, str(path)
        )  # objects that refer to catalogue cards carry the card's values (and Oracle text)
        raw = path.read_bytes()
        case = case_from_data(data, str(path))
        if case.id in seen:
            raise CorpusError(str(path), "id", f"duplicate case id {case.id!r} (also in {seen[case.id]})")
        seen[case.id] = str(path)
        out.append(SuiteCase(case, data, path, hashlib.sha256(raw).hexdigest()))
    return out


def case_input(data: Mapping[str, Any]) -> dict[str, Any]:
    """The case as an adapter sees it: a deep copy with every step's ``expect`` removed."""
    out: dict[str, Any] = copy.deepcopy(dict(data))
    out["steps"] = [{k: v for k, v in s.items() if k != "expect"} for s in out.get("steps", ())]
    return out


def _object(o: Mapping[str, Any], clock: _Clock | None = None) -> dict[str, Any]:
    """An object with every default made explicit (the defaults of mtg_layers.corpus).

    An object a step adds without a timestamp gets the clock's (613.7d).
    """
    controller = str(o.get("controller", o.get("owner", "p1")))
    if "timestamp" in o or clock is None:
        ts = o["timestamp"]
        if clock is not None:
            clock.see(ts)
    else:
        ts = clock.tick()
    out: dict[str, Any] = {
        "id": o["id"],
        "name": o.get("name", o.get("card", o["id"])),
        "controller": controller,
        "owner": str(o.get("owner", controller)),
        "timestamp": ts,
        "zone": o.get("zone", "battlefield"),
        "token": bool(o.get("token", False)),
        "mana_value": int(o.get("mana_value", mana_value_of(o["mana_cost"]) if o.get("mana_cost") else 0)),
        "mana_cost": o.get("mana_cost"),
        "colors": list(o.get("colors", ())),
        "types": list(o.get("types", ())),
        "subtypes": list(o.get("subtypes", ())),
        "supertypes": list(o.get("supertypes", ())),
        "all_creature_types": bool(o.get("all_creature_types", False)),
        "abilities": list(o.get("abilities", ())),
        "power": o.get("power"),
        "toughness": o.get("toughness"),
        "counters": _counters(o.get("counters", ()), ts),
        "face_down": bool(o.get("face_down", False)),
        "attached_to": o.get("attached_to"),
    }
    if "face_down_values" in o:
        out["face_down_values"] = copy.deepcopy(o["face_down_values"])
    for key in ("entered_as", "exiled_with", "chosen"):
        if key in o:
            out[key] = copy.deepcopy(o[key])
    if o.get("face_history"):
        out["face_history"] = copy.deepcopy(list(o["face_history"]))
    if "back_face" in o:  # 712
        out["back_face"] = copy.deepcopy(o["back_face"])
        out["transformed"] = bool(o.get("transformed", False))
    elif o.get("transformed"):  # 707.8a: a double-faced token copy
        out["transformed"] = True
    if o.get("transform_history"):
        out["transform_history"] = copy.deepcopy(list(o["transform_history"]))
    if o.get("modal"):  # 712.3: a modal double-faced card
        out["modal"] = True
    if o.get("merges"):  # 729
        out["merges"] = [{**copy.deepcopy(dict(m)), "component": _object(m["component"])} for m in o["merges"]]
    if o.get("monstrous"):  # 701.37b
        out["monstrous"] = True
    if "flip_face" in o:  # 710.1b
        out["flip_face"] = copy.deepcopy(o["flip_face"])
    if o.get("flipped"):  # 710.3
        out["flipped"] = True
    if o.get("stickers"):  # 123: their timestamps as the reference gives them (board_data)
        out["stickers"] = copy.deepcopy(list(o["stickers"]))
    if "card" in o:
        out["card"] = o["card"]
    return out


def _counters(items: Iterable[Mapping[str, Any]], default_ts: Any) -> list[dict[str, Any]]:
    """Counters with their timestamps explicit (default: the object's timestamp)."""
    return [{"kind": c["kind"], "count": c["count"], "timestamp": c.get("timestamp", default_ts)} for c in items]


def _effect(e: Mapping[str, Any], clock: _Clock | None = None) -> dict[str, Any]:
    out = copy.deepcopy(dict(e))
    out.setdefault("description", e["id"])
    if clock is not None:
        if "timestamp" in out:
            clock.see(out["timestamp"])
        else:
            out["timestamp"] = clock.tick()  # 613.7b
    return out


class _Clock:
    """613.7 (as reference.clock.Clock): each event the case gives no timestamp gets a later one."""

    def __init__(self, objects: Mapping[str, Mapping[str, Any]], effects: Iterable[Mapping[str, Any]]) -> None:
        known = [e["timestamp"] for e in effects]
        for o in objects.values():
            known.append(o["timestamp"])
            known += [c["timestamp"] for c in o["counters"]]
            known += [h["timestamp"] for h in o.get("face_history", ())]
            known += [h["timestamp"] for h in o.get("transform_history", ())]  # 613.7g
            known += [m["timestamp"] for m in o.get("merges", ())]  # 721.2a
            known += [st["timestamp"] for st in o.get("stickers", ()) if "timestamp" in st]  # 613.7k
        self.now = math.floor(max(known, default=0))

    def tick(self) -> float:
        self.now += 1
        return self.now

    def see(self, ts: float) -> None:
        if ts > self.now:
            self.now = math.floor(ts)


def _placed(old: list[dict[str, Any]], entries: Iterable[Mapping[str, Any]], clock: _Clock) -> list[dict[str, Any]]:
    """613.7c (as reference.clock.placed_counters): a kind that grew gets the time of the step."""
    new = list(entries)
    totals_old: dict[str, int] = {}
    newest_old: dict[str, float] = {}
    for had in old:
        totals_old[had["kind"]] = totals_old.get(had["kind"], 0) + had["count"]
        newest_old[had["kind"]] = max(newest_old.get(had["kind"], -math.inf), had["timestamp"])
    totals_new: dict[str, int] = {}
    for c in new:
        totals_new[c["kind"]] = totals_new.get(c["kind"], 0) + c["count"]
    stamp: dict[str, float] = {}
    out = []
    for c in new:
        if "timestamp" in c:
            out.append({"kind": c["kind"], "count": c["count"], "timestamp": c["timestamp"]})
            continue
        kind = c["kind"]
        if kind not in stamp:
            placed = totals_new[kind] > totals_old.get(kind, 0) or kind not in newest_old
            stamp[kind] = clock.tick() if placed else newest_old[kind]
        out.append({"kind": kind, "count": c["count"], "timestamp": stamp[kind]})
    return out


def _ability(a: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(a))
    out.setdefault("cda", False)
    out.setdefault("applies_to", {"is_source": True})
    return out


def board_data(data: Mapping[str, Any], step: int, rules: str | None = None) -> dict[str, Any]:
    """The board at ``step`` (1-based): the case's objects and effects with steps 1..step applied.

    The same accumulation as reference.case.board_at, in the corpus vocabulary, with every
    default explicit. Within a step the changes apply in this order: add_objects,
    remove_objects, set_counters, attach, set_timestamp, move, turn_face_down, turn_face_up, transform, merge,
    put_stickers, become_monstrous, end_effects, add_effects, then the state-based actions the step asks for
    (704.3), which read characteristics and so depend on the rules version ``rules`` (left out when it is not a
    built-in version).
    """
    steps = list(data["steps"])
    if not 1 <= step <= len(steps):
        raise IndexError(f"case {data['id']} has steps 1 to {len(steps)}, not {step}")
    data = with_entry_order(data, step, rules)  # 613.7m, 614.12: one order where an entry's counters need one
    objects: dict[str, dict[str, Any]] = {o["id"]: _object(o) for o in data["objects"]}
    effects = [_effect(e) for e in data.get("effects", ())]
    game: dict[str, Any] = copy.deepcopy(dict(data.get("game", {})))  # 102.1, 119.1, 402.1
    entering_rules = any("enters_with" in a for a in data.get("abilities", ()))
    for k, s in enumerate(steps[:step], start=1):
        clock = _Clock(objects, effects)  # 613.7b-f: what the case leaves out, the rules assign
        for o in s.get("add_objects", ()):
            objects[o["id"]] = _object(o, clock)
        arriving = s.get("add_objects") or "battlefield" in s.get("move", {}).values()  # 614.1c: moved there too
        decided = s.get("create_tokens") or (entering_rules and arriving)
        entered = _entered(data, k, rules) if decided else {}
        for t in s.get("create_tokens", ()):  # 111.3, 612.2a: the token as the reference creates it
            objects[t["id"]] = _object(entered[t["id"]], clock)
        for oid in s.get("remove_objects", ()):
            objects.pop(oid, None)
            for e in effects:  # a resolved effect outlives its source (611.2a): the flat board names no absent object
                if e.get("source") == oid:
                    e.pop("source")
        for oid in sorted(s.get("set_counters", {})):
            objects[oid]["counters"] = _placed(objects[oid]["counters"], s["set_counters"][oid], clock)
        for oid in sorted(s.get("attach", {})):
            target = s["attach"][oid]
            if target is not None and target != objects[oid]["attached_to"] and oid not in s.get("set_timestamp", {}):
                objects[oid]["timestamp"] = clock.tick()  # 613.7e
            objects[oid]["attached_to"] = target
        for oid, ts in s.get("set_timestamp", {}).items():
            objects[oid]["timestamp"] = ts
            clock.see(ts)
        moved = sorted(oid for oid, zone in s.get("move", {}).items() if objects[oid]["zone"] != zone)
        _change_zones(objects, effects, s.get("move", {}))
        for oid in moved:
            if oid not in s.get("set_timestamp", {}):
                objects[oid]["timestamp"] = clock.tick()  # 613.7d
        for key, face_down in (("turn_face_down", True), ("turn_face_up", False)):
            for oid in sorted(s.get(key, {})):
                ts = s[key][oid]
                obj = objects[oid]
                if obj["face_down"] != face_down:  # 708.2b: already so, nothing happens
                    ts = clock.tick() if ts is None else ts
                    clock.see(ts)
                    obj["face_down"] = face_down
                    obj["timestamp"] = ts  # 613.7f
                    obj["face_history"] = list(obj.get("face_history", ())) + [
                        {"timestamp": ts, "face_down": face_down}
                    ]
        for oid in sorted(s.get("transform", {})):
            _transform(objects, effects, oid, s["transform"][oid], clock)
        for spell, how in s.get("merge", {}).items():  # 702.140, 729 (as reference.merged.merge)
            clock.see(how["timestamp"])
            target = objects[how["onto"]]
            merges = [*target.get("merges", ()), {**how, "component": objects.pop(spell)}]
            target["merges"] = [{k: m[k] for k in ("timestamp", "position", "component")} for m in merges]
            for e in effects:
                e["applies_to"] = [i for i in e["applies_to"] if i != spell]
        for oid in s.get("become_monstrous", ()):  # 701.37a-b
            objects[oid]["monstrous"] = True
        for oid in s.get("flip", ()):  # 710.3: a flip card, or a copy of one, on the battlefield
            obj = objects[oid]
            copies = any(oid in e["applies_to"] and any(p["op"] == "copy_of" for p in e["parts"]) for e in effects)
            if obj["zone"] == "battlefield" and ("flip_face" in obj or copies):
                obj["flipped"] = True
        for oid in sorted(s.get("put_stickers", {})):  # 123.3, 613.7k: a sticker put on, the time of then
            stuck = [{**copy.deepcopy(dict(st)), "timestamp": clock.tick()} for st in s["put_stickers"][oid]]
            objects[oid]["stickers"] = list(objects[oid].get("stickers", ())) + stuck
        ended = set(s.get("end_effects", ()))
        new = [_effect(e, clock) for e in s.get("add_effects", ())]
        if any(_open_amounts(e) for e in new):  # 611.2d: X as the reference fixed it on resolution
            fixed = _fixed(data, k, rules)
            for e in new:
                e["parts"] = fixed.get(e["id"], e["parts"])
        effects = [e for e in effects if e["id"] not in ended] + new
        for oid, o in entered.items():  # 614.1c, 614.12: the counters each new object entered with
            if oid in objects:
                objects[oid]["counters"] = copy.deepcopy(o.get("counters", []))
        if "game" in s:  # as reference.game_state.changed_game
            change = s["game"]
            if "turn" in change:
                game["turn"] = change["turn"]
            for key in ("life", "hand"):
                if key in change:
                    game[key] = {**game.get(key, {}), **change[key]}
        if s.get("state_based_actions") and rules is not None and rules in builtin_versions():
            _state_based_actions(data, s, objects, effects, builtin_versions()[rules], game)
    _stickers_as_the_reference(data, step, rules, objects)
    board: dict[str, Any] = {
        "objects": list(objects.values()),
        "effects": effects,
        "abilities": [_ability(a) for a in data.get("abilities", ())],
    }
    if game:
        board["game"] = game
    if data.get("tie_order"):  # 613.7m: the order the players chose for timestamps the rules leave to them
        board["tie_order"] = list(data["tie_order"])
    return board


def first_open_entry(case: Case, step: int, version: RulesVersion) -> int | None:
    """613.7m, 614.12: the first of steps 1 to ``step`` where an object enters with counters that depend on an order
    of tied effects the case leaves open (``reference.entry.OpenEntryError``), or None."""
    board = initial_board(case)
    for n, s in enumerate(case.steps[:step], start=1):  # each step applied once, as board_at applies them
        try:
            board = apply_step(board, s, version)
        except OpenEntryError:
            return n
    return None


def by_holder(order: Sequence[str], ties: Iterable[Tie]) -> tuple[str, ...]:
    """613.7m: an order of tied effects in the case's words (``tie_order`` names objects or effects): each effect of an
    ability named by the object holding its timestamp (what the player orders), each once."""
    holder_of = {c: h for t in ties for c, h in zip(t.candidates, t.holders, strict=True)}
    out: list[str] = []
    for key in order:
        named = holder_of.get(key, key)
        if named in out and named != key:
            raise ValueError(f"the order {list(order)} orders two effects of {named}: no case can record it")
        if named not in out:
            out.append(named)
    return tuple(out)


def with_entry_order(data: Mapping[str, Any], step: int, rules: str | None) -> Mapping[str, Any]:
    """613.7m, 614.12: the case data with an order recorded (``tie_order``) for each of steps 1 to ``step`` where an
    object enters with counters that depend on an order of tied effects the case leaves open (``entry_ordered``);
    else ``data`` itself."""
    entering_rules = any("enters_with" in a for a in data.get("abilities", ()))
    if rules is None or rules not in builtin_versions() or not entering_rules:
        return data
    case = case_from_data(data, f"{data['id']} (board)", schema_check=False)
    ordered = entry_ordered(case, step, builtin_versions()[rules])
    if ordered is case:
        return data
    seats = {k: list(v) if isinstance(v, tuple) else v for k, v in ordered.game.items() if k in ("turn", "turn_order")}
    game = {**data.get("game", {}), **seats}
    return {**data, "tie_order": list(ordered.tie_order), **({"game": game} if game else {})}


def entry_ordered(case: Case, step: int, version: RulesVersion) -> Case:
    """613.7m, 614.12, 101.4: the case with an order recorded for each of steps 1 to ``step`` where an object enters
    with counters that depend on an order of tied effects the case leaves open; else ``case`` itself.

    Such a step has no one board: each order gives the entering object its counters and the board after the step (the
    case lists every outcome). A board sent to an engine is that of one order, the first outcome the reference found
    (``reference.entry.step_outcomes``), recorded by the objects the player orders; where the case names no active
    player and APNAP order needs one, the seating that outcome assumed is recorded first (101.4). The answer is judged
    on what every outcome shares (``expect``), as for any order the board leaves open.
    """
    for _ in range(2 * len(case.steps)):  # each round records one seating or one more step's order
        n = first_open_entry(case, step, version)
        if n is None:
            break
        boards, found = step_outcomes(case, n, version)
        first = found.outcomes[0]
        if first.turn_orders:  # 101.4: the seating first, the orders then enumerated under it
            case = replace(case, game=seated(case.game, first.turn_orders[0]))
            continue
        case = replace(case, tie_order=by_holder(boards[0].tie_order, found.ties))
    return case


def _stickers_as_the_reference(
    data: Mapping[str, Any], step: int, rules: str | None, objects: dict[str, dict[str, Any]]
) -> None:
    """123.5, 613.7k: each object's stickers at ``step`` as the reference's step semantics leave them (kept
    or lost with a zone change, restamped after their object), their timestamps explicit."""
    steps = data["steps"][:step]
    if not any(o.get("stickers") for o in data["objects"]) and not any(
        s.get("put_stickers") or any(o.get("stickers") for o in s.get("add_objects", ())) for s in steps
    ):
        return
    version = builtin_versions()[rules] if rules is not None and rules in builtin_versions() else None
    case = case_from_data(data, f"{data['id']} (board)", schema_check=False)
    board = board_at(case, step, version)
    for oid, o in objects.items():
        ref = board.objects.get(oid)
        o.pop("stickers", None)
        if ref is not None and ref.stickers:
            o["stickers"] = [sticker_data(st) for st in ref.stickers]


def _entered(data: Mapping[str, Any], k: int, rules: str | None) -> dict[str, dict[str, Any]]:
    """111.3, 614.12: the tokens step ``k`` creates and the objects it adds or moves onto the battlefield, as the
    reference makes them enter.

    Which token an ability creates (its source's current text) and which counters an object enters
    with (its characteristics as it would enter) read characteristics, so they need the rules version.
    """
    if rules is None or rules not in builtin_versions():
        raise ValueError(
            f"step {k} creates tokens or adds objects whose counters depend on characteristics: give a rules version"
        )
    version = builtin_versions()[rules]
    case = case_from_data(data, f"{data['id']} (board)", schema_check=False)
    before = board_at(case, k - 1, version) if k > 1 else initial_board(case)
    step = case.steps[k - 1]
    after = apply_step(before, replace(step, state_based_actions=False), version)
    ids = [o.id for o in step.add_objects] + [str(t["id"]) for t in step.create_tokens]
    ids += sorted(oid for oid, zone in step.move.items() if zone == "battlefield" and before.objects[oid].zone != zone)
    return {i: object_data(after.objects[i]) for i in ids if i in after.objects}


def _open_amounts(effect: Mapping[str, Any]) -> bool:
    """611.2d: the effect's power or toughness is a value expression, fixed as it resolves."""
    return any(
        p["op"] in AMOUNT_OPS and any(isinstance(p.get(k), Mapping) for k in ("power", "toughness"))
        for p in effect["parts"]
    )


def _fixed(data: Mapping[str, Any], k: int, rules: str | None) -> dict[str, list[dict[str, Any]]]:
    """611.2d, 608.2h: the parts of step ``k``'s new effects with their amounts as the reference fixed them.

    An effect on the board an engine gets has resolved: its X is the number it had then, which reads
    characteristics, so it needs the rules version.
    """
    if rules is None or rules not in builtin_versions():
        raise ValueError(f"step {k} creates an effect whose X is fixed as it resolves (611.2d): give a rules version")
    version = builtin_versions()[rules]
    case = case_from_data(data, f"{data['id']} (board)", schema_check=False)
    before = board_at(case, k - 1, version) if k > 1 else initial_board(case)
    step = case.steps[k - 1]
    after = apply_step(before, replace(step, state_based_actions=False), version)
    new = {e.id for e in step.add_effects}
    return {e.id: effect_data(e)["parts"] for e in after.effects if e.id in new}


def _state_based_actions(
    data: Mapping[str, Any],
    step: Mapping[str, Any],
    objects: dict[str, dict[str, Any]],
    effects: list[dict[str, Any]],
    version: RulesVersion,
    game: Mapping[str, Any] | None = None,
) -> None:
    """704.3: perform a step's state-based actions on the accumulated board data, in place."""
    flat = case_from_data(
        {
            "id": data["id"],
            "title": "board",
            "versions": [version.id],
            "features": list(data["features"]),
            "sources": list(data["sources"]),
            "abilities": [_ability(a) for a in data.get("abilities", ())],
            "objects": list(objects.values()),
            "effects": effects,
            **({"game": copy.deepcopy(dict(game))} if game else {}),
            "steps": [{"description": "board", "expect": {version.id: {}}}],
        },
        f"{data['id']} (board)",
    )
    keeps = tuple(step.get("legend_rule_keeps", ()))
    final, rounds = state_based_actions(initial_board(flat), version, keeps, lambda b, v: resolve(b, v).final)
    for actions in rounds:
        for a in actions:
            if a.zone is None and a.counters is not None:
                objects[a.object]["counters"] = [
                    {"kind": c.kind, "count": c.count, "timestamp": c.timestamp} for c in a.counters
                ]
            if a.unattach:  # 704.5n: it stays on the battlefield, attached to nothing
                objects[a.object]["attached_to"] = None
        _change_zones(objects, effects, {a.object: a.zone for a in actions if a.zone is not None})
        for a in actions:  # 400.7, 613.7d: a new object in the graveyard, with the timestamp it got there
            if a.zone is not None:
                objects[a.object]["timestamp"] = final.objects[a.object].timestamp


def _transform(
    objects: dict[str, dict[str, Any]], effects: list[dict[str, Any]], oid: str, ts: Any, clock: _Clock
) -> None:
    """613.7g (as reference.double_faced.transform): a double-faced permanent turns over, in place."""
    obj = objects[oid]
    double_faced = "back_face" in obj or any(
        p["op"] == "copy_of" and p.get("double_faced") and "back_face" in objects.get(p["object"], {})
        for e in effects
        if oid in e["applies_to"]
        for p in e["parts"]
    )
    if obj["zone"] != "battlefield" or obj["face_down"] or not double_faced:
        return  # 701.28: a permanent that isn't double-faced (or is face down) doesn't transform
    ts = clock.tick() if ts is None else ts  # 613.7g: null, the one the rules assign
    clock.see(ts)
    obj["transformed"] = not obj.get("transformed", False)
    obj["timestamp"] = ts
    obj["transform_history"] = list(obj.get("transform_history", ())) + [
        {"timestamp": ts, "transformed": obj["transformed"]}
    ]


def _change_zones(objects: dict[str, dict[str, Any]], effects: list[dict[str, Any]], moves: Mapping[str, str]) -> None:
    """400.7 (as reference.zones.change_zones): each moved object is a new object, in place."""
    moved = {oid for oid, zone in moves.items() if objects[oid]["zone"] != zone}
    for oid in sorted(moved):  # 729: each other component of a merged permanent goes too, on its own
        for m in objects[oid].pop("merges", ()):
            part = m["component"]
            objects[part["id"]] = part
            _change_zones(objects, [], {part["id"]: moves[oid]})
    for oid in moved:
        obj = objects[oid]
        if obj["zone"] == "exile":
            obj.pop("exiled_with", None)
        obj.update(zone=moves[oid], counters=[], attached_to=None)
        obj.pop("entered_as", None)
        obj.pop("chosen", None)  # 614.1c: the choice belonged to the old object (400.7)
        obj.pop("face_history", None)
        obj.pop("transform_history", None)
        obj.pop("flipped", None)  # 710.3: no longer flipped once it leaves the battlefield
        if "transformed" in obj:
            obj["transformed"] = False  # 712: front face up outside the battlefield
    for obj in objects.values():
        if obj.get("attached_to") in moved:
            obj["attached_to"] = None
    for e in effects:
        e["applies_to"] = [i for i in e["applies_to"] if i not in moved]


def start_message() -> dict[str, Any]:
    """The first message of a session: the protocol version the runner speaks."""
    return {"cmd": "start", "version": PROTOCOL_VERSION}


def leaves_timestamps(step: Mapping[str, Any]) -> bool:
    """613.7b-g: whether a step (case data) has an event whose timestamp the case leaves to the rules."""
    explicit = step.get("set_timestamp", {})
    return (
        any("timestamp" not in o for o in step.get("add_objects", ()))  # 613.7d
        or any("timestamp" not in t for t in step.get("create_tokens", ()))  # 613.7d
        or any("timestamp" not in e for e in step.get("add_effects", ()))  # 613.7b
        or any("timestamp" not in c for cs in step.get("set_counters", {}).values() for c in cs)  # 613.7c
        or any(t is not None and oid not in explicit for oid, t in step.get("attach", {}).items())  # 613.7e
        or any(oid not in explicit for oid in step.get("move", {}))  # 613.7d
        or any(ts is None for key in ("turn_face_up", "turn_face_down") for ts in step.get(key, {}).values())  # 613.7f
        or any(ts is None for ts in step.get("transform", {}).values())  # 613.7g
    )


def board_before(data: Mapping[str, Any], step: int, rules: str | None = None) -> dict[str, Any]:
    """The board before ``step`` (1-based): the case's own board for step 1, else the board at ``step - 1``."""
    if step > 1:
        return board_data(data, step - 1, rules)
    steps = list(data["steps"])
    if not steps:
        raise IndexError(f"case {data['id']} has no steps")
    board: dict[str, Any] = {
        "objects": [_object(o) for o in data["objects"]],
        "effects": [_effect(e) for e in data.get("effects", ())],
        "abilities": [_ability(a) for a in data.get("abilities", ())],
    }
    if data.get("game"):
        board["game"] = copy.deepcopy(dict(data["game"]))
    if data.get("tie_order"):
        board["tie_order"] = list(data["tie_order"])
    return board


def run_message(
    seq: int, data: Mapping[str, Any], step: int, rules: str, capabilities: Iterable[str] = ()
) -> dict[str, Any]:
    """A request to compute the characteristics at one step under one rules version.

    With the ``rule-timestamps`` capability, a step at or after the first step that leaves a timestamp to
    the rules (613.7) is sent as the board before that first step and the steps from it on: the engine
    assigns those timestamps itself.
    """
    message: dict[str, Any] = {
        "cmd": "run",
        "seq": seq,
        "id": data["id"],
        "rules": rules,
        "step": step,
        "steps": len(data["steps"]),
        "case": case_input(data),
    }
    steps = message["case"]["steps"][:step]  # read here; the events are copies of their own (the case is sent too)
    first = next((k for k, s in enumerate(steps, start=1) if leaves_timestamps(s)), None)
    if RULE_TIMESTAMPS in capabilities and first is not None:
        message.update(
            board=board_before(data, first, rules),
            board_at="before_events",
            events_from=first,
            events=[_for_rules(s, rules) for s in copy.deepcopy(steps[first - 1 :])],
        )
    else:
        message["board"] = board_data(data, step, rules)  # the base protocol's message, unchanged
    return message


def _for_rules(step: Mapping[str, Any], rules: str) -> dict[str, Any]:
    """A step sent as an event of a run under ``rules``: its ``outcomes`` only for that version (or none), so that the
    events make a case of that one version (an adapter applying them builds one)."""
    outcomes = {v: o for v, o in step.get("outcomes", {}).items() if v == rules}
    out = {k: v for k, v in step.items() if k != "outcomes"}
    return {**out, "outcomes": outcomes} if outcomes else out


def stop_message() -> dict[str, Any]:
    """The last message of a persistent session."""
    return {"cmd": "stop"}


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


@cache
def registry() -> Registry:
    """Every schema of corpus/schema, by its $id, so protocol schemas can refer to the case schema."""
    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        contents = json.loads(path.read_text("utf-8"))
        resources.append((contents.get("$id", SCHEMA_BASE + path.name), Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator for one schema of corpus/schema (``protocol-<name>`` for messages)."""
    file = f"protocol-{name}.schema.json" if name in MESSAGE_SCHEMAS else f"{name}.schema.json"
    contents = json.loads((SCHEMA_DIR / file).read_text("utf-8"))
    return jsonschema.Draft202012Validator(contents, registry=registry())


def message_error(name: str, message: Any) -> str | None:
    """Why ``message`` is not a valid ``name`` message, or None when it is."""
    errors = list(validator(name).iter_errors(message))
    if not errors:
        return None
    err = jsonschema.exceptions.best_match(errors)
    assert err is not None
    where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
    return f"{where}: {err.message}"


def excerpt(data: bytes | str, limit: int = 200) -> str:
    """A short, printable excerpt of adapter output for a report."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def corpus_digest(suite: Iterable[SuiteCase]) -> str:
    """One sha256 for the whole corpus: over the sorted (case id, sha256 of its YAML source) pairs."""
    lines = sorted(f"{sc.id} {sc.sha256}" for sc in suite)
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
