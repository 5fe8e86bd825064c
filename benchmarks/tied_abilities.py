"""Benchmark board for issue 28 item 14: one creature with N static abilities of its own (one timestamp).

The abilities of one object share its timestamp (613.7a), so every order of them is left open
(613.7m); the rules' answer is the set of outcomes over those orders. Most of the abilities
commute (+1/+0 and +0/+1 modifications, all in layer 7c; with ``--mixed`` also keyword grants and
added colors); ``--setting K`` of them
set power and toughness to different values, whose order does change the answer (613.4b).

``--kind`` adds one thing that ``reference_optimized.orders`` once sent to every order (issue 28 item 14):
``copy`` (a second creature becomes a copy of this one, layer 1: it has the N abilities too), ``copies`` (as
many resolved copy effects with one timestamp make another creature a copy of one of three creatures in turn),
``control`` (another player gains control of it, layer 2), ``text`` (a text change on it, layer 3), ``loses``
(another creature, with abilities of its own, loses all abilities, layer 6) or ``condition`` (one of the N
abilities is conditional, 611.3a, on a board fact).

Run: python benchmarks/tied_abilities.py N [--setting K] [--kind KIND] [--out FILE]
then time ``mtg-layers explain FILE`` or ``mtg-layers verify --corpus DIR`` on it (figures in the
report of issue 28 item 14 were taken with ``/usr/bin/time -v``).
"""

from __future__ import annotations

import argparse
import json
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


KINDS = ("copy", "copies", "control", "text", "loses", "condition")


def with_kind(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """The board with one thing of ``kind`` added (module docstring): a resolved effect or a condition."""
    objects: list[dict[str, Any]] = data["objects"]
    other = {"id": "other", "name": "Other Beast", "timestamp": 2, "controller": "p2", "types": ["creature"]}
    effects: list[dict[str, Any]] = []
    game: dict[str, Any] = {}
    if kind == "copy":
        objects.append({**other, "name": "Clone", "power": 0, "toughness": 0})
        effects.append(
            {"id": "copy", "timestamp": 2, "applies_to": ["other"], "parts": [{"op": "copy_of", "object": "c"}]}
        )
    elif kind == "copies":  # 707.2, 613.7m: N resolved copy effects with one timestamp, on another creature
        for k, (name, size) in enumerate((("Small Model", 1), ("Middle Model", 2), ("Large Model", 3))):
            objects.append({**other, "id": f"model{k}", "name": name, "power": size, "toughness": size})
        objects.append({**other, "id": "other", "timestamp": 3})
        for k in range(len(data["abilities"])):
            copy = {"op": "copy_of", "object": f"model{k % 3}"}
            effects.append({"id": f"copy{k}", "timestamp": 4, "applies_to": ["other"], "parts": [copy]})
    elif kind == "control":
        objects.append({**other, "power": 2, "toughness": 2})
        effects.append(
            {"id": "steal", "timestamp": 3, "applies_to": ["c"], "parts": [{"op": "set_controller", "player": "p2"}]}
        )
    elif kind == "text":
        effects.append(
            {
                "id": "hack",
                "timestamp": 3,
                "applies_to": ["c"],
                "parts": [{"op": "replace_word", "from": "white", "to": "green"}],
            }
        )
    elif kind == "loses":
        data["abilities"].append(
            {
                "text": "other's ability",
                "applies_to": {"is_source": True},
                "parts": [{"op": "set_pt", "power": 5, "toughness": 5}],
            }
        )
        objects.append({**other, "power": 2, "toughness": 2, "abilities": ["other's ability"]})
        effects.append(
            {"id": "hush", "timestamp": 3, "applies_to": ["other"], "parts": [{"op": "remove_all_abilities"}]}
        )
    elif kind == "condition":
        data["abilities"][-1]["condition"] = {"left": {"cards_in_hand": "you"}, "op": "<=", "right": 3}
        game = {"hand": {"p1": 2}}
    for e in effects:
        e.update(controller="p1", description=e["id"])
    data["id"] += f"-{kind}"
    data["effects"] = effects
    if game:
        data["steps"][0]["game"] = game
    return data


def case(n: int, setting: int, mixed: bool = False, kind: str | None = None) -> dict[str, Any]:
    """A case: one creature (timestamp 1) with ``n`` static abilities, no expected answer (and one thing of
    ``kind``, if given)."""
    abilities = [ability(i, setting, mixed) for i in range(n)]
    data = {
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
    # one value per place (no shared lists): the case format allows no YAML anchors
    plain: dict[str, Any] = json.loads(json.dumps(data if kind is None else with_kind(data, kind)))
    return plain


def main() -> None:
    """Write the board as a case file."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("n", type=int)
    ap.add_argument("--setting", type=int, default=0, help="how many of the abilities set power and toughness")
    ap.add_argument("--mixed", action="store_true", help="spread the commuting abilities over layers 5, 6 and 7c")
    ap.add_argument("--kind", choices=KINDS, default=None, help="add a copy, control or text change, lost abilities")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    out = args.out or Path(f"tied-{args.n}.yaml")
    out.write_text(yaml.safe_dump(case(args.n, args.setting, args.mixed, args.kind), sort_keys=False), "utf-8")
    print(out)


if __name__ == "__main__":
    main()
