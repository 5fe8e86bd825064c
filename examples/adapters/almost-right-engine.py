#!/usr/bin/env python3
"""almost-right-engine.py: a layer engine with one subtle bug, and its mtg-layers adapter.

It is built from the reference's own rule pieces (which effects exist, what an effect
applies to, what it does, when one depends on another), so it gets almost everything
right: layers and sublayers, characteristic-defining abilities first, timestamps, lock-in
(613.6), dependencies and loops (613.8a, 613.8b), every rules version.

The bug is the one the fuzzer is meant to find: within each layer it works out the
dependency order **once**, from the state at the start of the layer, and then applies the
effects in that order. Rule 613.8c says to check dependencies again after each effect is
applied: an application can create a dependency or end one. (Effects that come into
existence mid-layer go after the planned ones, by timestamp; effects that stop existing
are dropped, as they should be.) The corpus had no board where this matters; generated
boards found one and shrank it (docs/conformance.md, "Fuzzing"), and the corpus now holds
it (regression-dependency-appears-after-an-application, and the same situation in layer 4,
kill-613-8c-dependency-appears-after-an-application-layer-4).

Usage (from the repository root, mtg-layers installed):
    python examples/adapters/almost-right-engine.py            persistent mode (JSON lines)
    python examples/adapters/almost-right-engine.py --oneshot  one message, exit status 0/1/2
    mtg-layers conformance --generated 200 -- python examples/adapters/almost-right-engine.py
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mtg_layers.checking.results import board_result
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.dependency import dependency_graph, ready
from reference.effects import ContinuousEffect, affected, apply_effect, effects_in_play, parts_in_slot
from reference.model import Board, Characteristics, State
from reference.resolver import initial_state
from reference.versions import RulesVersion, builtin_versions

PROTOCOL_VERSION = 1


def _key(e: ContinuousEffect, cda_first: bool) -> tuple[Any, ...]:
    return (0 if cda_first and e.origin == "cda" else 1, e.timestamp, e.tiebreak, e.key)


def plan(
    group: list[ContinuousEffect], board: Board, state: State, version: RulesVersion, slot: str, locked: Any
) -> list[str]:
    """The order of a layer's effects, worked out once from the state at the start of the layer (the bug)."""
    graph = dependency_graph(group, board, state, version, slot, locked)
    cda_first = not version.cda_dependency_isolated
    order: list[str] = []
    left = {e.key: e for e in group}
    while left:
        sub = {k: {d: r for d, r in graph[k].items() if d in left} for k in left}
        ok = set(ready(sub, version.loop_waits_as_unit))
        pick = min((e for k, e in left.items() if k in ok), key=lambda e: _key(e, cda_first))
        order.append(pick.key)
        del left[pick.key]
    return order


def resolve(board: Board, version: RulesVersion) -> dict[str, Characteristics]:
    """613 with dependencies checked once per layer instead of after each application."""
    state: State = initial_state(board, version)
    locked: dict[str, tuple[ContinuousEffect, frozenset[str]]] = {}
    for slot in version.slots:
        done: set[str] = set()
        order: list[str] | None = None
        while True:
            candidates = [
                e
                for e in effects_in_play(board, state, locked)
                if e.key not in done and parts_in_slot(e, version, slot.id)
            ]
            if not candidates:
                break
            if order is None:
                cdas = [e for e in candidates if e.origin == "cda"]
                if version.cda_dependency_isolated and cdas:
                    rest = [e for e in candidates if e.origin != "cda"]
                    order = plan(cdas, board, state, version, slot.id, locked)
                    order += plan(rest, board, state, version, slot.id, locked) if rest else []
                else:
                    order = plan(candidates, board, state, version, slot.id, locked)
            by_key = {e.key: e for e in candidates}
            planned = [by_key[k] for k in order if k in by_key]
            pick = planned[0] if planned else min(candidates, key=lambda e: _key(e, False))
            targets = affected(pick, board, state, locked)
            if pick.key not in locked:
                locked[pick.key] = (pick, targets)
            state = apply_effect(pick, parts_in_slot(pick, version, slot.id), targets, board, state, version)
            done.add(pick.key)
    return dict(state)


IMPLEMENTATION = {
    "name": "almost-right-engine",
    "language": "python",
    "version": "0.1.0",
    "homepage": "examples/adapters/almost-right-engine.py",
    "rules_versions": ["pre-m10", "m10", "ikoria"],
    # It assigns the timestamps the rules give a step's events itself (613.7b-g): from the first step
    # that leaves one to the rules, the runner sends the board before it and the steps since.
    "capabilities": ["rule-timestamps"],
}


def events_case(msg: dict[str, Any]) -> dict[str, Any]:
    """The board before the events as a case's starting board, and the events as its steps."""
    board, rules = msg["board"], msg["rules"]
    return {
        **{k: msg["case"][k] for k in ("id", "title", "features", "sources") if k in msg["case"]},
        "versions": [rules],
        "objects": board["objects"],
        "effects": board["effects"],
        "abilities": board["abilities"],
        **{k: board[k] for k in ("game", "tie_order") if k in board},
        "steps": [{**s, "expect": {rules: {}}} for s in msg["events"]],
    }


def handle(msg: Any) -> tuple[dict[str, Any] | None, int]:
    """Answer one message: (reply or None, one-shot exit status)."""
    cmd = msg.get("cmd") if isinstance(msg, dict) else None
    if cmd == "start":
        if msg.get("version") != PROTOCOL_VERSION:
            return {"ready": False, "version": PROTOCOL_VERSION, "error": "speaks only version 1"}, 1
        return {"ready": True, "version": PROTOCOL_VERSION, "implementation": IMPLEMENTATION}, 0
    if cmd == "stop":
        return None, 0
    seq = msg.get("seq", 0) if isinstance(msg, dict) else 0
    if cmd != "run":
        return {"seq": seq, "errored": True, "message": f"unknown command {cmd!r}"}, 1
    try:
        version = builtin_versions()[msg["rules"]]
    except KeyError:
        return {"seq": seq, "skipped": True, "reason": f"unknown rules version {msg.get('rules')!r}"}, 2
    try:
        if msg.get("board_at") == "before_events":  # rule-timestamps: the board before the events, and the events
            data, step = events_case(msg), len(msg["events"])
        else:
            data, step = msg["case"], int(msg["step"])
            for s in data["steps"]:
                s["expect"] = {v: {} for v in data["versions"]}
        case = case_from_data(data, f"<case {data['id']}>", schema_check=False)
        board = board_at(case, step, version)  # state-based actions (704.3) need the version
        return {"seq": seq, "results": board_result(board, resolve(board, version))}, 0
    except Exception as exc:  # an engine crash is an error answer, never a dead adapter
        return {"seq": seq, "errored": True, "message": f"{type(exc).__name__}: {exc}"}, 1


def main() -> int:
    """Persistent mode (JSON lines) by default, or one message with --oneshot."""
    if "--oneshot" in sys.argv[1:]:
        reply, status = handle(json.loads(sys.stdin.read()))
        if reply is not None:
            print(json.dumps(reply), flush=True)
        return status
    for line in sys.stdin:
        if not line.strip():
            continue
        reply, _ = handle(json.loads(line))
        if reply is None:
            return 0
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
