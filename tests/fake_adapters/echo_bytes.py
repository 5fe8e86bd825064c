"""A fake adapter that answers start properly, then answers every run with the bytes of ECHO_HEX.

    ECHO_HEX=... echo_bytes.py

Used by the property that the runner never raises, whatever an adapter writes.
"""

from __future__ import annotations

import json
import os
import sys

PAYLOAD = bytes.fromhex(os.environ.get("ECHO_HEX", ""))


def main() -> int:
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        message = json.loads(line)
        if message.get("cmd") == "start":
            ready = {"ready": True, "version": 1, "implementation": {"name": "echo", "language": "python"}}
            out.write(json.dumps(ready).encode() + b"\n")
        elif message.get("cmd") == "run":
            out.write(PAYLOAD)
        else:
            return 0
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
