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
    no-read        stop reading standard input before the run (a large message then fills the pipe)
    grandchild     start a grandchild (``sleep``) in the same process group, then crash
    close-stdout   close standard output and keep running
    nested         answer with 2,000 levels of nested JSON arrays
    ansi           write ANSI colour codes and control characters to stderr, then crash
    huge           answer with a 150 000-character ability per object and context (and a wrong power)
    surrogate      answer errored with a message holding a lone surrogate (\\ud800)
    stderr-each    every run: write "stderr of seq N" to stderr just before the answer
    hang-all       every run: never answer
    bigint         answer with a power written with 5,000 digits
    none           no fault at all

With the environment variable FAKE_PIDS set to a file name, every process the adapter
starts (itself and its grandchild) appends its pid to that file, so a test can check that
none is left running. With FAKE_HUNG set to a file name, the hang fault writes the sequence
number it hangs on to that file once it has read the run (so a test knows when it hangs).

With FAKE_ANSWERS set to a directory, the reference adapter's reply to a message is kept there, by the message's
content less its ``seq`` (which the reply only echoes), and read back by the next process given the same message:
the reference resolver is imported (0.3 s of CPU a process) only by the first process that needs its answer, not
by every one-shot process of every test.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = __file__.rsplit("/tests/", 1)[0]
sys.path.insert(0, ROOT)  # the repository root, for `reference`

from tests.fake_adapters.answer_keys import keep, kept_path  # noqa: E402 - after the root is on the path

FAULT = sys.argv[1]
AT = int(sys.argv[sys.argv.index("--at") + 1]) if "--at" in sys.argv else 2
ONESHOT = "--oneshot" in sys.argv


def note_pid(pid: int) -> None:
    path = os.environ.get("FAKE_PIDS")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"{pid}\n")


def out(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def handle(message: dict[str, Any]) -> tuple[dict[str, Any] | None, int]:
    """``mtg_layers.adapter.handle(message)``: computed, or read from FAKE_ANSWERS where a process kept it."""
    store = os.environ.get("FAKE_ANSWERS")
    if not store:
        return reference(message)
    kept = kept_path(Path(store), message)
    if kept.is_file():
        reply, status = json.loads(kept.read_text("utf-8"))
    else:
        reply, status = reference(message)
        keep(kept, reply, status)
    if isinstance(reply, dict) and "seq" in reply:
        reply["seq"] = message.get("seq", 0)  # the reference adapter's reply echoes the message's seq
    return reply, status


def reference(message: dict[str, Any]) -> tuple[dict[str, Any] | None, int]:
    """The reference adapter's reply, computed in this process."""
    from mtg_layers.adapter import handle as answered

    return answered(message)


def replied(message: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The real adapter's reply to a message that has one (start, run)."""
    reply, status = handle(message)
    assert reply is not None
    return reply, status


def answer(message: dict[str, Any]) -> int | None:
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
        reply, status = replied(message)
        reply["implementation"]["name"] = f"fake ({FAULT})"
        out(json.dumps(reply))
        return status
    if cmd == "stop":
        return 0
    seq = message.get("seq")
    if FAULT == "hang-all":
        time.sleep(3600)
    if FAULT == "stderr-each":
        sys.stderr.write(f"stderr of seq {seq}\n")
        sys.stderr.flush()
    if seq == AT:
        if FAULT == "grandchild":
            child = subprocess.Popen(["sleep", "300"])
            note_pid(child.pid)
            sys.stderr.write(f"grandchild pid {child.pid}\n")
            sys.stderr.flush()
            os._exit(3)
        if FAULT == "close-stdout":
            sys.stdout.flush()
            os.close(1)
            time.sleep(3600)
        if FAULT == "nested":
            out("[" * 2000 + "]" * 2000)
            return 0
        if FAULT == "ansi":
            sys.stderr.write("\x1b[31merror:\x1b[0m bad \x00 bell \x07 form \x0c end\n")
            sys.stderr.flush()
            sys.exit(3)
        if FAULT == "huge":
            reply, status = replied(message)
            for obj in reply["results"].values():
                obj["abilities"] = ["x" * 150_000]  # every object: the ones the run expects are quoted
                obj["power"] = -1
            reply["context"] = {"echo": "y" * 150_000}
            out(json.dumps(reply))
            return status
        if FAULT == "surrogate":
            out(f'{{"seq": {seq}, "errored": true, "message": "bad \\ud800 char", "context": {{"k": "\\udfff"}}}}')
            return 1
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
            hung = os.environ.get("FAKE_HUNG")
            if hung:
                with open(hung, "w", encoding="utf-8") as fh:
                    fh.write(f"{seq}\n")
            time.sleep(3600)
        if FAULT == "garbage":
            out("Exception in thread main: java.lang.NullPointerException")
            return 1
        if FAULT == "too-much":
            out(json.dumps({"seq": seq, "results": {}, "padding": "x" * 200_000}))
            return 0
        if FAULT == "out-of-order":
            reply, status = replied(message)
            reply["seq"] = seq + 7
            out(json.dumps(reply))
            return status
        if FAULT == "bigint":
            out(f'{{"seq": {seq}, "results": {{"ogre": {{"power": {"9" * 5000}}}}}}}')
            return 0
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
    answered, status = handle(message)
    assert all("expect" not in s for s in message["case"]["steps"]), "the runner sent expected answers"
    out(json.dumps(answered))
    return status


def main() -> int:
    note_pid(os.getpid())
    if ONESHOT:
        head = sys.stdin.buffer.read(200)
        found = re.search(rb'"seq":\s*(\d+)', head)
        if FAULT == "no-read" and found and int(found.group(1)) == AT:
            time.sleep(3600)
        status = answer(json.loads(head + sys.stdin.buffer.read()))
        return status or 0
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("cmd") == "stop":
            return 0
        answer(message)
        if FAULT == "no-read" and message.get("seq") == AT - 1:
            time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
