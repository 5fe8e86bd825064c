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
from ..conformance.protocol import message_error, run_message, start_message, stop_message
from ..corpus import CASES_DIR, SCHEMA_DIR, case_files, case_from_data, read_yaml

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
    data = suite_data(case_id, directory)
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


def suite_data(case_id: str, directory: Path = CASES_DIR) -> Mapping[str, Any]:
    """The data ``load_suite`` gives the case with this id (its file's, with each catalogue reference filled in; the
    case validated as the suite validates it), without loading every other case of the suite: the first case file,
    in the suite's order, whose ``id`` is ``case_id``."""
    from ..catalogue.refs import expand

    for path in case_files(directory):
        data = read_yaml(path)
        if isinstance(data, Mapping) and data.get("id") == case_id:
            expanded: Mapping[str, Any] = expand(data, str(path))
            case_from_data(expanded, str(path))
            return expanded
    raise ValueError(f"no case {case_id!r} in {directory}")


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
