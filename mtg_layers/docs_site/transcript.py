"""A complete, real adapter session for the docs, generated from the code so it cannot go stale.

The runner's own message builders (``conformance.protocol``) make every message the runner
sends, the reference adapter (``mtg_layers.adapter``) answers, and each message is checked
against its JSON Schema before it is written into the page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..adapter import handle
from ..conformance.protocol import load_suite, message_error, run_message, start_message, stop_message
from ..corpus import CASES_DIR, SCHEMA_DIR

# (direction, what, schema name) for each message of the session
SESSION = (
    ("runner → adapter", "start", "start"),
    ("adapter → runner", "ready", "ready"),
    ("runner → adapter", "run", "run"),
    ("adapter → runner", "result", "result"),
    ("runner → adapter", "stop", "stop"),
)


def session(
    case_id: str = "seed-gray-ogre", rules: str = "ikoria", directory: Path = CASES_DIR
) -> list[dict[str, Any]]:
    """The five messages of a session that runs one case's last step, each validated against its schema."""
    data = next(s.data for s in load_suite(directory) if s.id == case_id)
    start = start_message()
    ready, _ = handle(start)
    run = run_message(1, data, len(data["steps"]), rules)
    result, _ = handle(json.loads(json.dumps(run)))
    stop = stop_message()
    messages = [start, ready, run, result, stop]
    for (_, what, schema), message in zip(SESSION, messages, strict=True):
        problem = message_error(schema, message)
        if problem is not None:
            raise ValueError(f"the {what} message does not follow protocol-{schema}.schema.json: {problem}")
    return [m for m in messages if m is not None]


def transcript_markdown(messages: Sequence[Mapping[str, Any]], schema_prefix: str = "schema/") -> str:
    """The session as Markdown: each message with its direction and a link to its schema."""
    out = []
    for (direction, what, schema), message in zip(SESSION, messages, strict=True):
        link = f"[`protocol-{schema}.schema.json`]({schema_prefix}protocol-{schema}.schema.json)"
        out += [f"**{direction}**: `{what}` ({link})", "", "```json"]
        out.append(json.dumps(message, ensure_ascii=False, indent=2))
        out += ["```", ""]
    return "\n".join(out)


def schema_files() -> dict[str, str]:
    """Every JSON Schema of the corpus and the protocol, by file name, to publish on the site."""
    return {p.name: p.read_text("utf-8") for p in sorted(SCHEMA_DIR.glob("*.schema.json"))}
