"""``held_losses_step``'s case with only the definitions its objects hold or are given: a board the z3 side encodes.

``benchmarks/held_losses_step.py`` writes every definition of the test file's catalogue into the case (29 of them),
among them "shrines you control read blue for green." (612), which no object holds or is given. The z3 side reads
every definition's parts (``proofs.universe``), so it refuses the entry there ("an enters-with ability on a board with
text changes (612) is not encoded", ``proofs.entry``) and builds its universe with every word the text change could
make; at N = 4 one board's check grew past 6 GB. A definition that nothing holds or is given generates no effect
(611.3b), so the case written here has the same outcomes: each held or given definition kept, the rest left out.

Run: python benchmarks/held_losses_step_z3.py N DIR [VERSION ...] (default: the three of ``held_losses_step``), then
``mtg-layers verify --corpus DIR -j 1``.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

# the sibling script, imported by name (run from the repository root, as it is): mypy reads benchmarks/ as files
case_data = importlib.import_module("benchmarks.held_losses_step").case_data


def held_only(data: dict[str, Any]) -> dict[str, Any]:
    """611.3b: the case with the definitions its objects hold, and those the held ones give (closed), kept."""
    by_text = {d["text"]: d for d in data["abilities"]}
    held = {a for o in data["objects"] for a in o.get("abilities", ())}
    held |= {a for s in data["steps"] for o in s.get("add_objects", ()) for a in o.get("abilities", ())}
    kept: set[str] = set()
    while held - kept:
        text = (held - kept).pop()
        kept.add(text)
        for part in by_text.get(text, {}).get("parts", ()):
            held |= set(part.get("abilities", ()))
    return {**data, "abilities": [d for d in data["abilities"] if d["text"] in kept]}


def main(argv: list[str]) -> None:
    """Write ``held-losses-N.yaml`` (JSON, which the loader reads as YAML) into the directory given."""
    n, out = int(argv[0]), Path(argv[1])
    data = held_only(case_data(n))
    if argv[2:]:
        versions = argv[2:]
        data["versions"] = versions
        data["steps"] = [{**s, "expect": {v: {} for v in versions}} for s in data["steps"]]
    out.mkdir(parents=True, exist_ok=True)
    (out / f"held-losses-{n}.yaml").write_text(json.dumps(data, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
