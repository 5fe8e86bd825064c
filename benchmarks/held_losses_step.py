"""A case file for issue 28 item 14's shape (a'): losses beside a gain reaching creatures that hold defined abilities.

N enchantments tied at timestamp 1.0 (a Husher, "other creatures you control lose all abilities"; the Gifter, "...
have 'this creature has flying.'"; then Wingers and Hushers in turn), a Cub (0.25) holding "this creature has flying."
and a Bear (3.0) holding "this creature is 1/1.", the Flier patron ("each flier you control enters with an additional
charge counter"); in step 2 one Lions enters. The cards are those of tests/reference_optimized/test_step_orders.py
(``held_case(held_losses_painters(N), CUB_AND_BEAR)`` is the same case). Three outcomes in every rules version: each
creature has no ability, flying, or flying and the given wording (the Lions' charge counter with flying from Ixalan on).

``--held KIND`` gives the Cub another held ability (tests/reference_optimized/test_step_orders_held5.py): ``green``,
"this creature is green." (layer 5, begun before the losses: ``begun_before_losses`` from the first slot); ``blue``,
"this creature is blue and gets +1/+1." (5 and 7c: it keeps applying in 7c once begun, 613.6); ``loss``, "this creature
loses flying." (layer 6, waiting for a sure loss: ``lost_first``). The case is then ``held-losses-N-KIND``; the Cub ends
green, blue and 3/2, or as before, and the three outcomes are the same otherwise.

Run: python benchmarks/held_losses_step.py N DIR [--held KIND], then ``mtg-layers explain held-losses-N --corpus DIR
--step 2`` or ``mtg-layers verify --no-z3 --corpus DIR -j 1``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.reference_optimized.test_step_orders import FLYING, PAINTERS, PATRONS, abilities, creature
from tests.reference_optimized.test_step_orders_held5 import BLUE_PLUS, GREEN, LOSES_FLYING, MORE

# What the Cub holds, by ``--held`` kind
HELD = {"flying": FLYING, "green": GREEN, "blue": BLUE_PLUS, "loss": LOSES_FLYING}


def case_data(n: int, held: str = "flying") -> dict[str, Any]:
    """The case (module docstring) with ``n`` tied painters and the Cub holding ``HELD[held]``, as the corpus loader
    reads it."""
    kinds = ["husher", "gifter"] + [("winger", "husher")[k % 2] for k in range(n - 2)]
    objects: list[dict[str, Any]] = [
        {"id": "patron-flier", "name": "flier", "controller": "p1", "types": ["enchantment"], "subtypes": ["shrine"],
         "timestamp": 0.5, "abilities": [PATRONS["flier"][0]]}
    ]  # fmt: skip
    objects += [
        {"id": f"{k}{j}", "name": f"painter {j}", "controller": "p1", "types": ["enchantment"], "timestamp": 1.0,
         "abilities": [PAINTERS[k][0]]}
        for j, k in enumerate(kinds)
    ]  # fmt: skip
    objects.append(creature("cub", timestamp=0.25, abilities=[HELD[held]]))
    objects.append(creature("bear", timestamp=3.0, abilities=["this creature is 1/1."]))
    versions = ["m10", "ikoria", "current"]
    steps: list[dict[str, Any]] = [
        {"description": "the board"},
        {"description": "the lions enter", "add_objects": [creature("lions0")]},
    ]
    return {
        "id": f"held-losses-{n}" + ("" if held == "flying" else f"-{held}"),
        "title": f"{n} tied painters: losses beside a gift, reaching held defined abilities"
        + ("" if held == "flying" else f" ({HELD[held]!r} held by the Cub)"),
        "versions": versions,
        "features": ["entry-counters"],
        "sources": [{"kind": "derived", "ref": "benchmarks/held_losses_step.py"}],
        "game": {"turn": "p1"},
        "abilities": abilities(["flier"]) + ([d for d in MORE if d["text"] == BLUE_PLUS] if held == "blue" else []),
        "objects": objects,
        "steps": [{**s, "expect": {v: {} for v in versions}} for s in steps],
    }


def main(argv: list[str]) -> None:
    """Write the case (JSON, which the loader reads as YAML) into the directory given, named by its id."""
    n, out = int(argv[0]), Path(argv[1])
    held = argv[argv.index("--held") + 1] if "--held" in argv else "flying"
    data = case_data(n, held)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{data['id']}.yaml").write_text(json.dumps(data, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
