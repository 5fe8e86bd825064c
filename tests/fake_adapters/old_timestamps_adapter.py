"""A deliberately wrong engine for the ``rule-timestamps`` capability: events keep the old timestamps.

    old_timestamps_adapter.py [--oneshot]

It declares ``rule-timestamps`` and answers like the reference adapter, except that it never gives
an existing object a new timestamp for an event the step leaves to the rules: a permanent that moves
(613.7d), is turned face up or down (613.7f), transforms (613.7g) or becomes attached (613.7e)
keeps the timestamp it had, and counters put on an object that has some of that kind take theirs
(613.7c). Handed the board at the step (the base protocol), it could not be told from the reference:
the runner's board would carry the right timestamps. Handed the board before the step, it is caught.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mtg_layers.adapter import handle


def keep_old_timestamps(message: dict[str, Any]) -> dict[str, Any]:
    """The run with every rule-assigned timestamp of an existing object pinned to the one it had."""
    if message.get("board_at") != "before_events":
        return message
    stamps = {o["id"]: o["timestamp"] for o in message["board"]["objects"]}
    kinds = {o["id"]: {c["kind"]: c["timestamp"] for c in o["counters"]} for o in message["board"]["objects"]}
    out = []
    for step in message["events"]:
        events = dict(step)
        for o in events.get("add_objects", ()):
            if "timestamp" in o:
                stamps[o["id"]] = o["timestamp"]
        pinned = dict(events.get("set_timestamp", {}))
        for key in ("move", "attach"):
            for oid in events.get(key, {}):
                if oid in stamps:
                    pinned.setdefault(oid, stamps[oid])
        for key in ("turn_face_up", "turn_face_down", "transform"):
            if key in events:
                events[key] = {
                    oid: stamps[oid] if ts is None and oid in stamps else ts for oid, ts in events[key].items()
                }
        if pinned:
            events["set_timestamp"] = pinned
        if "set_counters" in events:
            counters = {}
            for oid, entries in events["set_counters"].items():
                had = kinds.get(oid, {})
                counters[oid] = [
                    {**c, "timestamp": had[c["kind"]]} if "timestamp" not in c and c["kind"] in had else c
                    for c in entries
                ]
                for c in counters[oid]:
                    if "timestamp" in c:
                        had.setdefault(c["kind"], c["timestamp"])
            events["set_counters"] = counters
        out.append(events)
    return {**message, "events": out}


def answer(message: Any) -> tuple[dict[str, Any] | None, int]:
    """The reference adapter's answer to the run as this engine misreads it."""
    if isinstance(message, dict) and message.get("cmd") == "run":
        message = keep_old_timestamps(message)
    reply, status = handle(message)
    if reply is not None and "implementation" in reply:
        reply["implementation"]["name"] = "old timestamps (deliberately wrong)"
    return reply, status


def main() -> int:
    if "--oneshot" in sys.argv[1:]:
        reply, status = answer(json.loads(sys.stdin.read()))
        if reply is not None:
            print(json.dumps(reply), flush=True)
        return status
    for line in sys.stdin:
        if not line.strip():
            continue
        reply, _ = answer(json.loads(line))
        if reply is None:
            return 0
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
