"""A fake adapter that answers like the reference adapter except for one fault, for the runner's tests.

    misbehaving_adapter.py FAULT [--at SEQ] [--oneshot]

The fault happens when the runner sends the run with sequence number SEQ (default 2);
every other run gets the reference resolver's (right) answer, so a test can check that
the runner carries on after the fault. Faults:

    crash          exit with status 3 without answering (after a line on stderr)
    crash-partial  print half a JSON line, then exit with status 3
    hang           never answer (sleep)
    garbage        print a line that is not JSON
    too-much       print a 200 000-byte line
    out-of-order   answer with the wrong sequence number
    bad-shape      answer with a power that is not a number
    errored        answer {"errored": true, ...}
    skipped        answer {"skipped": true, ...}
    wrong-version  answer start with protocol version 2 (every run: the fault)
    not-ready      answer start with ready: false
    hang-start     never answer start
    chatty         print an unrelated log line to stdout before the answer
    none           no fault at all
"""

from __future__ import annotations

import json
import sys
import time

sys.path.insert(0, __file__.rsplit("/tests/", 1)[0])  # the repository root, for `reference`

from mtg_layers.adapter import handle

FAULT = sys.argv[1]
AT = int(sys.argv[sys.argv.index("--at") + 1]) if "--at" in sys.argv else 2
ONESHOT = "--oneshot" in sys.argv


def out(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def answer(message: dict) -> int | None:
    """Answer one message; return an exit status to stop with (one-shot), or None to go on."""
    cmd = message.get("cmd")
    if cmd == "start":
        if FAULT == "hang-start":
            time.sleep(3600)
        if FAULT == "wrong-version":
            out(json.dumps({"ready": True, "version": 2, "implementation": {"name": "fake", "language": "python"}}))
            return 0
        if FAULT == "not-ready":
            out(json.dumps({"ready": False, "version": 1, "error": "fake refuses"}))
            return 1
        reply, status = handle(message)
        reply["implementation"]["name"] = f"fake ({FAULT})"
        out(json.dumps(reply))
        return status
    if cmd == "stop":
        return 0
    seq = message.get("seq")
    if seq == AT:
        if FAULT == "crash":
            sys.stderr.write("fake adapter: boom\n")
            sys.stderr.flush()
            sys.exit(3)
        if FAULT == "crash-partial":
            sys.stdout.write(f'{{"seq": {seq}, "resu')
            sys.stdout.flush()
            sys.exit(3)
        if FAULT == "hang":
            sys.stderr.write("fake adapter: thinking very hard\n")
            sys.stderr.flush()
            time.sleep(3600)
        if FAULT == "garbage":
            out("Exception in thread main: java.lang.NullPointerException")
            return 1
        if FAULT == "too-much":
            out(json.dumps({"seq": seq, "results": {}, "padding": "x" * 200_000}))
            return 0
        if FAULT == "out-of-order":
            reply, status = handle(message)
            reply["seq"] = seq + 7
            out(json.dumps(reply))
            return status
        if FAULT == "bad-shape":
            out(json.dumps({"seq": seq, "results": {"ogre": {"power": "three"}}}))
            return 0
        if FAULT == "errored":
            out(json.dumps({"seq": seq, "errored": True, "message": "engine exploded"}))
            return 1
        if FAULT == "skipped":
            out(json.dumps({"seq": seq, "skipped": True, "reason": "no counters in this engine"}))
            return 2
        if FAULT == "chatty":
            out("loading card database...")
    reply, status = handle(message)
    assert all("expect" not in s for s in message["case"]["steps"]), "the runner sent expected answers"
    out(json.dumps(reply))
    return status


def main() -> int:
    if ONESHOT:
        status = answer(json.loads(sys.stdin.read()))
        return status or 0
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("cmd") == "stop":
            return 0
        answer(message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
