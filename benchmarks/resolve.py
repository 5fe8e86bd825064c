"""Benchmark: time to resolve generated boards of growing size (prints figures; asserts nothing).

Run: python benchmarks/resolve.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from reference.frozen import freeze
from reference.model import AbilityDef, Board, Characteristics, Counter, Effect, GameObject, Part
from reference.resolver import resolve
from reference.versions import get_version

COLORS = ("white", "blue", "black", "red", "green")
STATICS = (
    AbilityDef(
        "white creatures get +1/+1",
        False,
        freeze({"all": [{"type": "creature"}, {"color": "white"}]}),
        (Part("modify_pt", freeze({"power": 1, "toughness": 1})),),
    ),
    AbilityDef(
        "creatures you control are white",
        False,
        freeze({"all": [{"type": "creature"}, {"controller": "you"}]}),
        (Part("set_colors", freeze({"colors": ["white"]})),),
    ),
    AbilityDef(
        "artifacts are creatures",
        False,
        freeze({"type": "artifact"}),
        (Part("add_types", freeze({"types": ["creature"]})), Part("set_pt", freeze({"power": 2, "toughness": 2}))),
    ),
    AbilityDef(
        "creatures have flying",
        False,
        freeze({"type": "creature"}),
        (Part("add_abilities", freeze({"abilities": ["flying"]})),),
    ),
    AbilityDef(
        "creatures with flying lose all abilities",
        False,
        freeze({"has_ability": "flying"}),
        (Part("remove_all_abilities", freeze({})),),
    ),
)
RESOLVED_PARTS = (
    Part("modify_pt", freeze({"power": 2, "toughness": 2})),
    Part("set_pt", freeze({"power": 1, "toughness": 1})),
    Part("switch_pt", freeze({})),
    Part("set_colors", freeze({"colors": ["red"]})),
    Part("add_abilities", freeze({"abilities": ["haste"]})),
    Part("set_controller", freeze({"player": "p2"})),
    Part("add_types", freeze({"types": ["artifact"]})),
)


def board(n_objects: int, n_effects: int, seed: int = 7) -> Board:
    rng = random.Random(seed)
    objects = {}
    n_static = max(1, n_effects // 3)
    for i in range(n_objects):
        oid = f"o{i}"
        abilities = frozenset([rng.choice(STATICS).text]) if i < n_static else frozenset()
        types = frozenset(["creature"] if rng.random() < 0.7 else ["artifact"])
        ch = Characteristics(
            name=oid,
            mana_value=rng.randint(0, 6),
            colors=frozenset([rng.choice(COLORS)]),
            types=types,
            subtypes=frozenset(),
            supertypes=frozenset(),
            abilities=abilities,
            power=rng.randint(0, 5),
            toughness=rng.randint(1, 5),
            controller=rng.choice(("p1", "p2")),
        )
        counters = (Counter("+1/+1", rng.randint(1, 3), float(i)),) if rng.random() < 0.2 else ()
        objects[oid] = GameObject(id=oid, printed=ch, owner=ch.controller, timestamp=float(i), counters=counters)
    effects = tuple(
        Effect(
            id=f"e{j}",
            timestamp=float(n_objects + j),
            applies_to=tuple(rng.sample(sorted(objects), k=min(3, n_objects))),
            parts=(rng.choice(RESOLVED_PARTS),),
        )
        for j in range(n_effects - n_static)
    )
    return Board(objects=objects, effects=effects, abilities={a.text: a for a in STATICS})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--version", default="ikoria")
    args = parser.parse_args()
    version = get_version(args.version)
    print(f"rules version {version.id}; median of {args.repeat} runs")
    print(f"{'objects':>8} {'effects':>8} {'steps':>6} {'ms/resolve':>11} {'us/object':>10}")
    previous = None
    for n_objects, n_effects in ((10, 5), (50, 10), (200, 20), (500, 40), (1000, 60), (2000, 100)):
        b = board(n_objects, n_effects)
        times = []
        steps = 0
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            steps = len(resolve(b, version).steps)
            times.append(time.perf_counter() - t0)
        ms = statistics.median(times) * 1000
        growth = f"  x{ms / previous:.1f}" if previous else ""
        print(f"{n_objects:>8} {n_effects:>8} {steps:>6} {ms:>11.1f} {ms * 1000 / n_objects:>10.1f}{growth}")
        previous = ms


if __name__ == "__main__":
    main()
