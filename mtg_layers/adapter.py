"""The reference resolver as a conformance adapter (an edge), in both protocol modes.

``mtg-layers adapter`` speaks the persistent JSON-lines protocol on stdin/stdout;
``mtg-layers adapter --oneshot`` answers one message and exits (0 results, 1 error,
2 unsupported). It replays the case's steps itself (``case`` and ``step``), the path an
engine that follows the story would take; docs/conformance.md describes the protocol.
It declares the capability ``rule-timestamps``: a run whose ``board`` comes before its events
(``board_at: before_events``) is answered by applying the ``events`` (steps) to that board, the
timestamps they leave out assigned by the rules (613.7b-g).
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import IO, Any

from mtg_layers import __version__
from reference.case import Case
from reference.versions import ProfileError, builtin_versions, get_version

from .checking.verify import resolve_step
from .conformance.protocol import RULE_TIMESTAMPS
from .corpus import CorpusError, case_from_data, schema

PROTOCOL_VERSION = 1
# What answers one message: (reply or None for stop, the one-shot exit status). The loops below take one, so
# every adapter the project ships (this one, phase.rs's) speaks the protocol through the same code.
Handler = Callable[[Any], tuple[dict[str, Any] | None, int]]


def implementation() -> dict[str, Any]:
    """Who this adapter is and what it supports."""
    features = list(schema("case")["$defs"]["feature"]["enum"])
    return {
        "name": "mtg-layers reference resolver",
        "language": "python",
        "version": __version__,
        "homepage": "docs/conformance.md",
        "rules_versions": [*builtin_versions().names(), "dates"],  # "dates": any YYYY-MM-DD (issue 29)
        "features": features,
        "capabilities": [RULE_TIMESTAMPS],
    }


@lru_cache(maxsize=256)
def _case(text: str) -> Case:
    """Build (and cache) a case from its input: the expectations the runner removed become empty."""
    data = json.loads(text)
    for step in data.get("steps", ()):
        step["expect"] = {v: {} for v in data.get("versions", ())}
    return case_from_data(data, f"<case {data.get('id')}>")


def _events_case(message: Mapping[str, Any]) -> Case:
    """613.7: the board before the events as a case's starting board, with the events as its steps."""
    given = message["case"]
    rules = str(message["rules"])
    board = message["board"]
    data = {
        **{k: given[k] for k in ("id", "title", "features", "sources", "status") if k in given},
        "versions": [rules],
        "objects": board["objects"],
        "effects": board["effects"],
        "abilities": board["abilities"],
        **({"game": board["game"]} if "game" in board else {}),
        **({"tie_order": board["tie_order"]} if "tie_order" in board else {}),
        "steps": [{**s, "expect": {rules: {}}} for s in message["events"]],
    }
    return case_from_data(json.loads(json.dumps(data)), f"<case {given.get('id')} step {message.get('step')}>")


def handle(message: Any) -> tuple[dict[str, Any] | None, int]:
    """Answer one message: (reply or None, one-shot exit status)."""
    if not isinstance(message, Mapping):
        return {"seq": 0, "errored": True, "message": "a message must be a JSON object"}, 1
    cmd = message.get("cmd")
    if cmd == "start":
        if message.get("version") != PROTOCOL_VERSION:
            return {"ready": False, "version": PROTOCOL_VERSION, "error": f"speaks only version {PROTOCOL_VERSION}"}, 1
        return {"ready": True, "version": PROTOCOL_VERSION, "implementation": implementation()}, 0
    if cmd == "stop":
        return None, 0
    seq = message.get("seq", 0)
    if cmd != "run":
        return {"seq": seq, "errored": True, "message": f"unknown command {cmd!r}"}, 1
    try:
        version = get_version(str(message["rules"]))
    except ProfileError as exc:
        return {"seq": seq, "skipped": True, "reason": str(exc)}, 2
    try:
        if message.get("board_at") == "before_events":  # rule-timestamps: apply the events, stamp them by 613.7
            _, result = resolve_step(_events_case(message), len(message["events"]), version)
        else:
            case = _case(json.dumps(message["case"], sort_keys=True))
            _, result = resolve_step(case, int(message["step"]), version)
    except (CorpusError, KeyError, IndexError, ValueError, TypeError) as exc:
        return {"seq": seq, "errored": True, "message": f"{type(exc).__name__}: {exc}"}, 1
    except Exception as exc:  # a resolver bug is reported, never a crash
        return {
            "seq": seq,
            "errored": True,
            "message": f"{type(exc).__name__}: {exc}",
            "context": {"traceback": traceback.format_exc()},
        }, 1
    return {"seq": seq, "results": result}, 0


def _write(out: IO[str], reply: Mapping[str, Any]) -> None:
    out.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
    out.flush()


def serve(handle: Handler, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Persistent mode: answer messages line by line with ``handle`` until stop or the end of input."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError as exc:
            _write(stdout, {"seq": 0, "errored": True, "message": f"not JSON: {exc}"})
            continue
        reply, _ = handle(message)
        if reply is None:
            return 0
        _write(stdout, reply)
    return 0


def oneshot(handle: Handler, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """One-shot mode: one message in, answered by ``handle``, one answer out; the exit status says what it is."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    text = stdin.read()
    try:
        message = json.loads(text)
    except ValueError as exc:
        _write(stdout, {"seq": 0, "errored": True, "message": f"not JSON: {exc}"})
        return 1
    reply, status = handle(message)
    if reply is not None:
        _write(stdout, reply)
    return status


if __name__ == "__main__":  # `python -m mtg_layers.adapter [--oneshot]`: no CLI imports, faster start-up
    sys.exit(oneshot(handle) if "--oneshot" in sys.argv[1:] else serve(handle))
