"""A one-shot adapter that starts in milliseconds, for the runner's one-shot timeout tests.

    python -I -S quick_oneshot.py SOCKET FAULT [--at SEQ]

The misbehaving adapter (misbehaving_adapter.py) imports the reference resolver in every one-shot process:
0.4 s idle, about 1 s on a loaded machine, so a one-shot run's limit has to be 10 s and every timeout a test
provokes costs those 10 s. This adapter imports the standard library only and hands every message it answers to
``serve``'s thread in the test's own process (the reference adapter's ``handle``, already imported there), so a
healthy run costs a process start and a socket round trip, as a persistent adapter's answer costs a pipe round
trip: the tests give it the limit they give a persistent adapter (a few seconds), which only the fault reaches.

Faults, at the run with sequence number SEQ (default 2); every other message gets the reference answer:

    hang          read the message, never answer (sleep)
    no-read       stop reading standard input after its first 200 bytes (a large message then fills the pipe)
    close-stdout  close standard output and keep running
    none          no fault at all

With FAKE_PIDS set to a file name, the process appends its pid to that file (as misbehaving_adapter.py does).
"""

from __future__ import annotations

import json
import os
import re
import socket
import sys
import threading
import time
from pathlib import Path

FAULTS = ("hang", "no-read", "close-stdout", "none")


def argv(sock: Path, fault: str, at: int = 2) -> list[str]:
    """The command line of this adapter for the runner."""
    assert fault in FAULTS, fault
    return [sys.executable, "-I", "-S", __file__, str(sock), fault, "--at", str(at)]


def serve(sock: Path) -> None:
    """Answer this adapter's messages on the Unix socket ``sock``, in a daemon thread of the calling process.

    Each connection carries one message (the client shuts down its writing side after it) and gets back the exit
    status the reference adapter gives it, a newline and its reply (``mtg_layers.adapter.handle``)."""
    from mtg_layers.adapter import handle

    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(sock))
    server.listen(16)

    def answer(conn: socket.socket) -> None:
        with conn:
            data = b"".join(iter(lambda: conn.recv(1 << 16), b""))
            reply, status = handle(json.loads(data))
            conn.sendall(f"{status}\n{json.dumps(reply)}\n".encode())

    def loop() -> None:
        while True:
            conn, _ = server.accept()
            threading.Thread(target=answer, args=(conn,), daemon=True).start()

    threading.Thread(target=loop, daemon=True).start()


def main() -> int:
    sock, fault = sys.argv[1], sys.argv[2]
    at = int(sys.argv[sys.argv.index("--at") + 1]) if "--at" in sys.argv else 2
    pids = os.environ.get("FAKE_PIDS")
    if pids:
        with open(pids, "a", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()}\n")
    head = sys.stdin.buffer.read(200)
    found = re.search(rb'"seq":\s*(\d+)', head)
    hit = found is not None and int(found.group(1)) == at
    if hit and fault == "no-read":
        time.sleep(3600)
    message = head + sys.stdin.buffer.read()
    if hit and fault == "hang":
        sys.stderr.write("quick fake adapter: thinking very hard\n")
        sys.stderr.flush()
        time.sleep(3600)
    if hit and fault == "close-stdout":
        os.close(1)
        time.sleep(3600)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(sock)
        conn.sendall(message)
        conn.shutdown(socket.SHUT_WR)
        status, _, reply = b"".join(iter(lambda: conn.recv(1 << 16), b"")).partition(b"\n")
    sys.stdout.buffer.write(reply)
    sys.stdout.flush()
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
