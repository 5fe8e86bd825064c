"""Where a kept reply of the reference adapter lies in a ``FAKE_ANSWERS`` folder: by the message's content less its
``seq`` (which the reply only echoes). The standard library only: the misbehaving adapter's processes import it."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def kept_path(store: Path, message: Mapping[str, Any]) -> Path:
    """The file of the reply to ``message`` (any ``seq``)."""
    content = json.dumps({k: v for k, v in message.items() if k != "seq"}, sort_keys=True)
    return store / hashlib.sha256(content.encode("utf-8")).hexdigest()


def keep(path: Path, reply: object, status: int) -> None:
    """Write a reply and its exit status whole or not at all, for the processes reading it at the same time."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}")
    partial.write_text(json.dumps([reply, status]), "utf-8")
    os.replace(partial, path)
