"""Benchmark: this project's fast path against phase.rs (issue 39), the same boards stated for both engines.

Three families of boards, each N creatures and k effect cards, from one card list (the project's card
catalogue, ``corpus/catalogue/cards.yaml``: names, types, colors, printed power and toughness, Oracle text):

- ``a``: anthems with no dependency (Glorious Anthem, Bad Moon, Levitation, Honor of the Pure, Darkest Hour,
  Crusade);
- ``b``: type and ability changes with dependency (Urborg, Tomb of Yawgmoth once, then Blood Moon, March of the
  Machines, Mycosynth Lattice, Humility, Opalescence in turn), with N/20 basic Forests. Urborg enters before
  Blood Moon and March of the Machines before Mycosynth Lattice: 613.8a orders each pair against its timestamps;
- ``c``: counters on three creatures in four, P/T switches and pumps (Glorious Anthem, Twisted Image, Giant
  Growth, Inside Out, Honor of the Pure; the instants each target a creature).

Each board is one list of events in order (a permanent enters, with its counters, or an instant resolves with
its target), so both engines give the same timestamps (613.7b, 613.7d). The project reads the list through
``mtg_layers.catalogue.ask`` (the ``ask`` command's builder) into one case step; phase (``phase-python``, the
engine's Python bindings: ``pip install -e '.[peers]'``) gets each card's Oracle text through its own parser
(``phase.build_oracle_face``) and plays the list on a live game with debug actions (a permanent moves to the
battlefield, counters are added) and real casts for the instants.

Timed in one process, alternating, CPU time (``time.process_time``), the median of ``--runs``:

- ``project_cpu_ms``: ``reference_optimized.resolve`` on the board (2025-08-01 rules);
- ``phase_cpu_ms``: phase's cheapest call that runs its layer system again on the live game (a no-op debug
  action, ``RunStateBasedActions``; it carries phase's action pipeline too);
- ``phase_layer_cpu_ms``: that call minus the same call on the same board without the effect cards.

Then every battlefield object's final power, toughness, card types, subtypes, colors and flying are compared;
``disagreements`` lists each object and characteristic where the engines differ, with phase's value and the
project's. On family ``b`` the project is right by 613.8a (phase applies Urborg before Blood Moon and March of
the Machines before Mycosynth Lattice, in timestamp order); each such disagreement says so. On ``a`` and ``c``
there should be none.

Prints one JSON object per board (``--json``: only those lines), then, without ``--json``, a table.

``--growth`` times the project alone along N (families ``a`` and ``c``, k = 25, N = 250 to 2,000) and along k
(family ``b``, N = 500, k = 10 to 80) and prints each growth exponent (issue 39's goals: at most 1.1 in N, 1.5 in k).

Run: python benchmarks/peers.py [--runs 5] [--families a,b,c] [--sizes 100x10,500x25,2000x100] [--json] [--growth]
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtg_layers.catalogue.ask import build
from mtg_layers.catalogue.load import Catalogue, catalogue
from mtg_layers.checking.results import board_result
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.model import Board
from reference.versions import RulesVersion, get_version
from reference_optimized import resolve

VERSION = "2025-08-01"
CREATURES = ("Grizzly Bears", "Savannah Lions", "Elite Vanguard", "Gray Ogre", "Coral Merfolk")
EFFECTS = {
    "a": ("Glorious Anthem", "Bad Moon", "Levitation", "Honor of the Pure", "Darkest Hour", "Crusade"),
    "b": (
        "Urborg, Tomb of Yawgmoth",
        "Blood Moon",
        "March of the Machines",
        "Mycosynth Lattice",
        "Humility",
        "Opalescence",
    ),
    "c": ("Glorious Anthem", "Twisted Image", "Giant Growth", "Inside Out", "Honor of the Pure"),
}
SIZES = ((100, 10), (500, 25), (2000, 100))
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
PHASE_COLORS = {"White": "white", "Blue": "blue", "Black": "black", "Red": "red", "Green": "green"}
B_RULE = (
    "phase's bug: by 613.8a March of the Machines waits for Mycosynth Lattice (which changes what it applies to) "
    "and Urborg's effect waits for Blood Moon (which takes Urborg's ability away); the project's values follow "
    "that order, then timestamps within each sublayer (613.7); phase applies the effects in timestamp order"
)


@dataclass(frozen=True)
class Event:
    """One card in the list: it enters (with counters) or, an instant, resolves with a target."""

    name: str
    target: int | None = None  # index of an earlier event
    counters: int = 0  # +1/+1 counters it enters with


def events(family: str, n: int, k: int, with_effects: bool = True) -> list[Event]:
    """The board's card list in the order the cards entered or resolved."""
    out = [
        Event(CREATURES[i % len(CREATURES)], counters=(1 + i % 2) if family == "c" and i % 4 else 0) for i in range(n)
    ]
    if family == "b":
        out += [Event("Forest") for _ in range(n // 20)]
    if not with_effects:
        return out
    cycle = EFFECTS[family]
    j = 0
    for i in range(k):
        name = cycle[j % len(cycle)]
        if family == "b" and name == "Urborg, Tomb of Yawgmoth" and j >= len(cycle):
            j += 1  # legendary (704.5j): one Urborg only
            name = cycle[j % len(cycle)]
        j += 1
        spell = name in ("Twisted Image", "Giant Growth", "Inside Out")
        out.append(Event(name, target=(i * 7919) % n if spell else None))
    return out


# --- the project


def project_board(evs: list[Event], cat: Catalogue, version: RulesVersion) -> Board:
    """The events as one step of a case built by ``ask``'s builder (every card in its order, one timestamp each)."""
    seen: dict[str, int] = {}
    nth: list[str] = []
    args = []
    for ev in evs:
        seen[ev.name] = seen.get(ev.name, 0) + 1
        nth.append(f"{ev.name}#{seen[ev.name]}")
        arg = ev.name
        if ev.target is not None:
            arg += f" > {nth[ev.target]}"
        if ev.counters:
            arg += f" [{ev.counters} +1/+1]"
        args.append(arg)

    def no_board(data: Mapping[str, Any], step: int) -> Mapping[str, Mapping[str, Any]]:
        raise AssertionError("the families' spells all target")

    data = build(args, cat, version.id, no_board)
    one: dict[str, Any] = {"description": "the whole list", "expect": {version.id: {}}}
    for step in data["steps"]:
        for key in ("add_objects", "add_effects"):
            one.setdefault(key, []).extend(step.get(key, ()))
    data["steps"] = [one]
    case = case_from_data(data, "peers", schema_check=False)
    return board_at(case, 1, version)


def project_values(board: Board, final: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Each battlefield object's compared characteristics, keyed by its event index."""
    result = board_result(board, final)
    # ``ask`` gives the nth card of the list timestamp n (613.7d)
    return {int(o.timestamp) - 1: comparable(result[o.id]) for o in board.objects.values() if o.zone == "battlefield"}


def comparable(r: Mapping[str, Any]) -> dict[str, Any]:
    """The characteristics both engines are compared on."""
    creature = "creature" in r["types"]
    return {
        "types": sorted(r["types"]),
        "subtypes": sorted(s.lower() for s in r["subtypes"]),
        "colors": sorted(r["colors"]),
        "power": r["power"] if creature else None,
        "toughness": r["toughness"] if creature else None,
        "flying": any(a.lower() == "flying" for a in r["abilities"]),
    }


# --- phase


def phase_face(phase: Any, card: Mapping[str, Any]) -> Any:
    """The card as phase's own Oracle parser reads it (MTGJSON's atomic-card shape)."""
    d: dict[str, Any] = {
        "name": card["name"],
        "manaCost": card["mana_cost"] or "",
        "manaValue": card["mana_value"],
        "types": [t.capitalize() for t in card["types"]],
        "subtypes": [t.capitalize() for t in card["subtypes"]],
        "supertypes": [t.capitalize() for t in card["supertypes"]],
        "text": card["oracle"],
        "colors": [COLORS[c] for c in card["colors"]],
        "type": card["type_line"],
        "colorIdentity": [],
        "keywords": [],
        "legalities": {},
        "layout": "normal",
        "identifiers": {},
    }
    for k in ("power", "toughness"):
        if k in card:
            d[k] = str(card[k])
    return phase.build_oracle_face(d, None)


class PhaseBoard:
    """A live phase game with the events played in order by player 0.

    The permanents are put on the battlefield in the game's saved state, each with its timestamp and counters
    (phase's own state format, read back by ``Engine.load_game``), then the instants are cast for real, in
    order, with infinite mana (a debug action) and their targets. The instants' timestamps therefore come
    after every permanent's, where the project's follow the list: on family ``c`` (the only one with
    instants) every effect is a 7c or 7d change of power and toughness, whose order within its sublayer
    does not change the result.
    """

    def __init__(self, phase: Any, engine: Any, evs: list[Event]) -> None:
        deck = [ev.name for ev in evs] + ["Forest"] * 60  # a library to draw from (Twisted Image and Inside Out draw)
        game = engine.new_game(deck, ["Forest"] * 60, format="Standard")
        snapshot = game.state()
        st = snapshot["state"]
        st["format_config"]["allow_debug_actions"] = True
        st["debug_mode"] = True
        st["waiting_for"] = {"type": "Priority", "data": {"player": 0}}
        st["active_player"] = st["priority_player"] = 0  # player 0's turn: it gets priority after each spell resolves
        objects = st["objects"]
        free: dict[str, list[str]] = {}
        for oid, o in sorted(objects.items(), key=lambda kv: int(kv[0])):
            if o["owner"] == 0:
                free.setdefault(o["name"], []).append(oid)
        self.ids: list[int] = []
        spells: list[tuple[int, int]] = []
        player = st["players"][0]
        placed: set[int] = set()
        for n, ev in enumerate(evs):
            key = free[ev.name].pop(0)
            oid = int(objects[key]["id"])
            self.ids.append(oid)
            if ev.target is not None:
                spells.append((oid, n))
                continue
            o = objects[key]
            o["zone"] = "Battlefield"
            o["timestamp"] = n + 1
            o["controller"] = 0
            if ev.counters:
                o["counters"] = {"P1P1": ev.counters}
            st["battlefield"].append(oid)
            placed.add(oid)
        for zone in ("library", "hand", "graveyard"):
            player[zone] = [i for i in player[zone] if i not in placed]
        st["next_timestamp"] = max(st["next_timestamp"], len(evs) + 1)
        self.game = engine.load_game(snapshot)
        self.debug({"type": "SetInfiniteMana", "data": {"player_id": 0, "enabled": True}})
        for oid, n in spells:
            target = evs[n].target
            assert target is not None
            self.cast(oid, self.ids[target])
        self.rerun()

    def debug(self, action: Mapping[str, Any]) -> Any:
        return self.game.apply(0, {"type": "Debug", "data": dict(action)})

    def cast(self, oid: int, target: int) -> None:
        self.debug({"type": "MoveToZone", "data": {"object_id": oid, "to_zone": "Hand"}})
        cast = [a for a in self.game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid]
        self.game.apply(0, cast[0])
        self.game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": target}}})
        while self.game.stack():
            self.game.apply(self.game.waiting_for()["data"]["player"], {"type": "PassPriority"})

    def rerun(self) -> None:
        """A no-op debug action: phase runs its layer system again (with its action pipeline)."""
        self.debug({"type": "RunStateBasedActions"})

    def values(self) -> dict[int, dict[str, Any]]:
        """Each battlefield object's compared characteristics, keyed by its event index."""
        where = {oid: n for n, oid in enumerate(self.ids)}
        out = {}
        for o in self.game.battlefield():
            if o["id"] not in where:
                continue
            ct = o["card_types"]
            types = sorted(t.lower() for t in ct["core_types"])
            out[where[o["id"]]] = comparable(
                {
                    "types": types,
                    "subtypes": ct["subtypes"],
                    "colors": sorted(PHASE_COLORS[c] for c in o["color"]),
                    "power": o["power"],
                    "toughness": o["toughness"],
                    "abilities": [str(kw if isinstance(kw, str) else kw.get("type", kw)) for kw in o["keywords"]],
                }
            )
        return out


# --- comparing and timing


def disagreements(
    family: str, evs: list[Event], ours: Mapping[int, Mapping[str, Any]], theirs: Mapping[int, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Every object and characteristic where the engines' final values differ."""
    out = []
    for n in sorted(set(ours) | set(theirs)):
        a, b = ours.get(n), theirs.get(n)
        obj = f"{evs[n].name}#{n + 1}"
        if a is None or b is None:
            if a is not None and a["toughness"] is not None and a["toughness"] <= 0:
                continue  # a creature with toughness 0 or less: phase's state-based action put it away (704.5f)
            out.append({"object": obj, "characteristic": "zone", "project": a, "phase": b})
            continue
        for field in a:
            if a[field] != b[field]:
                d = {"object": obj, "characteristic": field, "project": a[field], "phase": b[field]}
                if family == "b":
                    d["rule"] = "613.8a"
                    d["note"] = B_RULE
                out.append(d)
    return out


def cpu_ms(fn: Callable[[], Any]) -> float:
    gc.collect()
    t = time.process_time()
    fn()
    return (time.process_time() - t) * 1000


def measure(
    phase: Any, engine: Any, cat: Catalogue, version: RulesVersion, family: str, n: int, k: int, runs: int
) -> dict[str, Any]:
    evs = events(family, n, k)
    board = project_board(evs, cat, version)
    live = PhaseBoard(phase, engine, evs)
    bare = PhaseBoard(phase, engine, events(family, n, k, with_effects=False))
    ours: list[float] = []
    theirs: list[float] = []
    layer: list[float] = []
    final: Any = None
    for _ in range(runs):  # alternating, in one process
        box: list[Any] = []
        ours.append(cpu_ms(lambda box=box: box.append(resolve(board, version))))  # type: ignore[misc]
        final = box[0].final
        with_effects = cpu_ms(live.rerun)
        without = cpu_ms(bare.rerun)
        theirs.append(with_effects)
        layer.append(with_effects - without)
    found = disagreements(family, evs, project_values(board, final), live.values())
    return {
        "family": family,
        "n": n,
        "k": k,
        "runs": runs,
        "project_cpu_ms": round(statistics.median(ours), 3),
        "phase_cpu_ms": round(statistics.median(theirs), 3),
        "phase_layer_cpu_ms": round(statistics.median(layer), 3),
        "ratio_to_phase": round(statistics.median(ours) / statistics.median(theirs), 2),
        "disagreements": found,
    }


def growth(
    cat: Catalogue, version: RulesVersion, family: str, sizes: list[tuple[int, int]], runs: int
) -> dict[str, Any]:
    """The project's time along a series of sizes (one of N or k varies), with the growth exponent between
    consecutive sizes: log(t2/t1) / log(s2/s1), s the size that varies (median of ``runs`` alternating rounds)."""
    boards = [project_board(events(family, n, k), cat, version) for n, k in sizes]
    times: list[list[float]] = [[] for _ in sizes]
    for _ in range(runs):
        for i, board in enumerate(boards):
            times[i].append(cpu_ms(lambda board=board: resolve(board, version)))  # type: ignore[misc]
    ms = [statistics.median(t) for t in times]
    varies = 0 if sizes[0][0] != sizes[-1][0] else 1
    exponents = [
        round(math.log(ms[i + 1] / ms[i]) / math.log(sizes[i + 1][varies] / sizes[i][varies]), 2)
        for i in range(len(sizes) - 1)
    ]
    return {
        "growth_in": "n" if varies == 0 else "k",
        "family": family,
        "sizes": [list(x) for x in sizes],
        "project_cpu_ms": [round(x, 3) for x in ms],
        "exponents": exponents,
    }


GROWTH = {
    "a": [(250, 25), (500, 25), (1000, 25), (2000, 25)],
    "c": [(250, 25), (500, 25), (1000, 25), (2000, 25)],
    "b": [(500, 10), (500, 20), (500, 40), (500, 80)],
}


def table(rows: Iterable[Mapping[str, Any]]) -> str:
    lines = [
        "| family | N × k | project ms | phase ms (re-run) | phase layers ms | project / phase | disagreements |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['family']} | {r['n']:,} × {r['k']} | {r['project_cpu_ms']:,.1f} | {r['phase_cpu_ms']:,.2f} | "
            f"{r['phase_layer_cpu_ms']:,.2f} | {r['ratio_to_phase']:g} | {len(r['disagreements'])} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--families", default="a,b,c")
    parser.add_argument("--sizes", default=",".join(f"{n}x{k}" for n, k in SIZES))
    parser.add_argument("--json", action="store_true", help="print only one JSON object per board")
    parser.add_argument(
        "--growth", action="store_true", help="the project alone: growth in N (a, c; k = 25) and in k (b; N = 500)"
    )
    args = parser.parse_args(argv)
    if args.growth:
        cat, version = catalogue(), get_version(VERSION)
        for family in args.families.split(","):
            print(json.dumps(growth(cat, version, family, GROWTH[family], args.runs)), flush=True)
        return 0
    try:
        import phase
    except ImportError:
        print("phase-python is not installed: pip install -e '.[peers]'", file=sys.stderr)
        return 2
    cat = catalogue()
    version = get_version(VERSION)
    names = {c for f in EFFECTS.values() for c in f} | set(CREATURES) | {"Forest"}
    engine = phase.Engine.from_json(
        json.dumps({c.lower(): phase_face(phase, cat.card(c, "peers", "peers")) for c in names})
    )
    rows = []
    for family in args.families.split(","):
        for size in args.sizes.split(","):
            n, k = (int(x) for x in size.split("x"))
            row = measure(phase, engine, cat, version, family, n, k, args.runs)
            rows.append(row)
            print(json.dumps(row), flush=True)
    if not args.json:
        print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
