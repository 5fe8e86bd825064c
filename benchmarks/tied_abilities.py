"""Benchmark board for issue 28 item 14: one creature with N static abilities of its own (one timestamp).

The abilities of one object share its timestamp (613.7a), so every order of them is left open
(613.7m); the rules' answer is the set of outcomes over those orders. Most of the abilities
commute (+1/+0 and +0/+1 modifications, all in layer 7c; with ``--mixed`` also keyword grants and
added colors); ``--setting K`` of them
set power and toughness to different values, whose order does change the answer (613.4b).

Run: python benchmarks/tied_abilities.py N [--setting K] [--out FILE]
then time ``mtg-layers explain FILE`` or ``mtg-layers verify --corpus DIR`` on it (figures in the
report of issue 28 item 14 were taken with ``/usr/bin/time -v``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml

KEYWORDS = ("flying", "trample", "vigilance", "reach", "lifelink", "deathtouch", "haste", "menace")
COLORS = ("white", "blue", "black", "red", "green")


def ability(i: int, setting: int, mixed: bool) -> dict[str, Any]:
    """The i-th static ability of the creature: a P/T-setting one for i < setting, else a commuting one
    (all in 7c, or with ``mixed`` spread over layers 5, 6 and 7c)."""
    if i < setting:
        part: dict[str, Any] = {"op": "set_pt", "power": i + 1, "toughness": i + 1}
    elif not mixed:
        part = {"op": "modify_pt", "power": i % 2, "toughness": 1 - i % 2}
    elif i % 3 == 0 and i // 3 < len(KEYWORDS):
        part = {"op": "add_abilities", "abilities": [KEYWORDS[i // 3]]}
    elif i % 3 == 1:
        part = {"op": "modify_pt", "power": 1, "toughness": 1}
    elif i % 3 == 2 and i // 3 < len(COLORS):
        part = {"op": "add_colors", "colors": [COLORS[i // 3]]}
    else:
        part = {"op": "modify_pt", "power": 0, "toughness": 1}
    return {"text": f"this creature's ability {i}", "applies_to": {"is_source": True}, "parts": [part]}


def case(n: int, setting: int, mixed: bool = False) -> dict[str, Any]:
    """A case: one creature (timestamp 1) with ``n`` static abilities, no expected answer."""
    abilities = [ability(i, setting, mixed) for i in range(n)]
    return {
        "id": f"bench-tied-{n}-{setting}",
        "title": f"one creature with {n} static abilities of its own",
        "status": "derived",
        "versions": ["current"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "benchmark board (issue 28 item 14)"}],
        "abilities": abilities,
        "objects": [
            {
                "id": "c",
                "name": "Many-Abilities Beast",
                "timestamp": 1,
                "controller": "p1",
                "types": ["creature"],
                "power": 1,
                "toughness": 1,
                "abilities": [a["text"] for a in abilities],
            }
        ],
        "steps": [{"description": "the board", "expect": {"current": {}}}],
    }


def main() -> None:
    """Write the board as a case file."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("n", type=int)
    ap.add_argument("--setting", type=int, default=0, help="how many of the abilities set power and toughness")
    ap.add_argument("--mixed", action="store_true", help="spread the commuting abilities over layers 5, 6 and 7c")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    out = args.out or Path(f"tied-{args.n}.yaml")
    out.write_text(yaml.safe_dump(case(args.n, args.setting, args.mixed), sort_keys=False), "utf-8")
    print(out)


if __name__ == "__main__":
    main()
