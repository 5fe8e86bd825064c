"""Benchmark: resolve time as a multiple of "the floor" (issue 13). Prints figures; asserts nothing.

The floor is one pass that evaluates every static effect's filter on every object once,
with the project's own filter function (``reference.filters.matches``), in the same
process: no resolver that reads every filter once can do less.

Boards (built through the project's own loader, ``tests.builders.make_board``):

- ``mixed``: N permanents, E static effects spread over layers 4, 5, 6 and 7c, no dependency;
- ``7c``: the same sizes with every effect in sublayer 7c;
- ``chain``: 100 permanents, k effects in layer 6 where effect i+1 depends on effect i
  (613.8a: applying i changes what i+1 applies to) and timestamps run the other way;
  ``chain4`` the same in layer 4 (creature types instead of abilities);
- ``touch``: 100 creatures that are also the sources of k layer-6 effects, each giving every
  creature a keyword: every trial application changes every effect's source, no dependency;
- ``count``: 100 creatures, k effects in 7c "creatures you control get +1/+0 for each creature
  you control" (amounts are counts).

Issue 32's boards (goals: ratio at k=20 <= 20x, at k=40 <= 30x, growth exponent <= 2; the game <= 5x):

- ``cond``: 100 permanents, k statics with conditions ("as long as you control twenty or more
  lands", "as long as it has a +1/+1 counter"), amounts counting counters or devotion, and a
  layer-4 effect that makes some creatures lands;
- ``amounts``: k/2 "+X/+0, where X is its toughness" and k/2 "+0/+1" (each X depends on each +0/+1);
- ``touch4``: ``touch`` in layer 4 (creature types);
- ``loop``: a dependency loop of k = 5 to 40 effects in layer 6;
- ``copies``: a chain of k copies of copies, each copy taking the first creature's anthem;
- ``text``: k statics and k/2 text changes of their color words (layer 3);
- ``game``: four players, about 200 permanents and 40 statics (3 of them conditional), resolved
  after each of 100 events (a creature or a land enters); the figures are per event.

Each figure: the median of ``--runs`` (at least 5) alternating runs of resolve and floor, in CPU time
(``time.process_time``: on a shared machine the wall clock also counts the time other processes held the CPU);
the ratio is the median of the per-run ratios. For the k series each run times every k in
turn, and the growth exponent of the resolve time between consecutive k is the median over
runs of log(t2/t1)/log(k2/k1).

Run: python benchmarks/floor_ratio.py [--runs 5] [--readable] [--budget 60] [--only chain,cond,game] [--ks 10,20,40,80]
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference.effects import static_effects
from reference.filters import Context, matches
from reference.model import Board
from reference.resolver import Resolution, initial_state
from reference.resolver import resolve as readable_resolve
from reference.versions import RulesVersion, get_version
from reference.vocabulary import CREATURE_TYPES
from tests.builders import make_board

COLORS = ("white", "blue", "black", "red", "green")
SUBTYPES = ("elf", "goblin", "soldier", "wizard", "zombie")
KEYWORDS = ("flying", "trample", "vigilance", "haste", "reach", "lifelink", "deathtouch", "menace")


def _creature(i: int, **extra: Any) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "id": f"c{i:04d}",
        "name": f"Creature {i}",
        "timestamp": 1000 + i,
        "controller": "p1" if i % 3 else "p2",
        "owner": "p1" if i % 3 else "p2",
        "mana_value": i % 7,
        "colors": [COLORS[i % 5]],
        "types": ["creature"],
        "subtypes": [SUBTYPES[(i // 5) % 5]],
        "power": i % 5,
        "toughness": 1 + i % 4,
    }
    if i % 4 == 0:
        obj["abilities"] = [KEYWORDS[i % len(KEYWORDS)]]
    obj.update(extra)
    return obj


def _source(j: int, text: str, ts: float) -> dict[str, Any]:
    return {
        "id": f"s{j:04d}",
        "name": f"Source {j}",
        "timestamp": ts,
        "controller": "p1",
        "mana_value": 3,
        "types": ["enchantment"],
        "abilities": [text],
    }


def _mixed_ability(j: int, layer: str) -> dict[str, Any]:
    creature: dict[str, Any] = {"type": "creature"}
    if layer == "4":
        sub = SUBTYPES[j % 5]
        return {
            "text": f"creatures with mana value {j % 7} or greater are also {sub} creatures (#{j}).",
            "applies_to": {"all": [creature, {"mana_value": {"op": ">=", "value": j % 7}}]},
            "parts": [{"op": "add_subtypes", "subtypes": [sub]}],
        }
    if layer == "5":
        sub, color = SUBTYPES[j % 5], COLORS[(j // 5) % 5]
        return {
            "text": f"{sub} creatures are {color} in addition to their other colors (#{j}).",
            "applies_to": {"all": [creature, {"subtype": sub}]},
            "parts": [{"op": "add_colors", "colors": [color]}],
        }
    if layer == "6":
        color, kw = COLORS[j % 5], KEYWORDS[j % len(KEYWORDS)]
        return {
            "text": f"{color} creatures have {kw} (#{j}).",
            "applies_to": {"all": [creature, {"color": color}]},
            "parts": [{"op": "add_abilities", "abilities": [kw]}],
        }
    return _pump_ability(j)


def _pump_ability(j: int) -> dict[str, Any]:
    creature: dict[str, Any] = {"type": "creature"}
    kind = j % 3
    if kind == 0:
        kw = KEYWORDS[j % len(KEYWORDS)]
        return {
            "text": f"creatures with {kw} get +1/+1 (#{j}).",
            "applies_to": {"all": [creature, {"has_ability": kw}]},
            "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
        }
    if kind == 1:
        color = COLORS[j % 5]
        return {
            "text": f"{color} creatures get +1/+0 (#{j}).",
            "applies_to": {"all": [creature, {"color": color}]},
            "parts": [{"op": "modify_pt", "power": 1}],
        }
    sub = SUBTYPES[j % 5]
    return {
        "text": f"{sub} creatures you control get +0/+1 (#{j}).",
        "applies_to": {"all": [creature, {"subtype": sub}, {"controller": "you"}]},
        "parts": [{"op": "modify_pt", "toughness": 1}],
    }


def mixed_board(n: int, e: int, layers: tuple[str, ...] = ("4", "5", "6", "7c")) -> Board:
    """N permanents (E of them enchantments with one static ability each), effects in ``layers``."""
    abilities = [_mixed_ability(j, layers[j % len(layers)]) for j in range(e)]
    objects = [_source(j, a["text"], 1 + j) for j, a in enumerate(abilities)]
    objects += [_creature(i) for i in range(n - e)]
    return make_board(objects, abilities=abilities)


# Layer 4's links are creature types (205.3m), taken in list order.
KINDS = sorted(CREATURE_TYPES)


def _held(c: int, k: int, m: int) -> list[int]:
    """Creature c of m holds link c mod k, and every link j < k with j = c (mod m): every link is held."""
    return sorted({c % k} | {j for j in range(k) if j % m == c % m})


def chain_board(k: int, n: int = 100, layer: str = "6") -> Board:
    """Effect i: "creatures with link i have link i+1" (layer 6) or "<type i> creatures are also <type i+1>
    creatures" (layer 4); later links have earlier timestamps.

    Every link is held by some creature that lacks the next one, so effect i+1 depends on effect i
    (613.8a: applying i changes what i+1 applies to) at every k, also when k > n - k.
    """
    m = n - k
    if layer == "4":
        abilities = [
            {
                "text": f"{KINDS[i]} creatures are also {KINDS[i + 1]} creatures.",
                "applies_to": {"all": [{"type": "creature"}, {"subtype": KINDS[i]}]},
                "parts": [{"op": "add_subtypes", "subtypes": [KINDS[i + 1]]}],
            }
            for i in range(k)
        ]
        creatures = [_creature(c, subtypes=[KINDS[j] for j in _held(c, k, m)]) for c in range(m)]
    else:
        abilities = [
            {
                "text": f"creatures with link {i} have link {i + 1}.",
                "applies_to": {"all": [{"type": "creature"}, {"has_ability": f"link {i}"}]},
                "parts": [{"op": "add_abilities", "abilities": [f"link {i + 1}"]}],
            }
            for i in range(k)
        ]
        creatures = [_creature(c, abilities=[f"link {j}" for j in _held(c, k, m)]) for c in range(m)]
    objects = [_source(i, str(a["text"]), 1 + k - i) for i, a in enumerate(abilities)]
    return make_board(objects + creatures, abilities=abilities)


def touch_board(k: int, n: int = 100) -> Board:
    """k creatures each with "creatures have <keyword i>": every application changes every source."""
    abilities = [
        {
            "text": f"creatures have keyword {i}.",
            "applies_to": {"type": "creature"},
            "parts": [{"op": "add_abilities", "abilities": [f"keyword {i}"]}],
        }
        for i in range(k)
    ]
    objects = [_creature(i, abilities=[abilities[i]["text"]]) if i < k else _creature(i) for i in range(n)]
    return make_board(objects, abilities=abilities)


def count_board(k: int, n: int = 100) -> Board:
    """k creatures each with "creatures you control get +1/+0 for each creature you control (#i)"."""
    yours: dict[str, Any] = {"all": [{"type": "creature"}, {"controller": "you"}]}
    abilities = [
        {
            "text": f"creatures you control get +1/+0 for each creature you control (#{i}).",
            "applies_to": yours,
            "parts": [{"op": "modify_pt", "power": {"count": yours}}],
        }
        for i in range(k)
    ]
    objects = [_creature(i, abilities=[abilities[i]["text"]]) if i < k else _creature(i) for i in range(n)]
    return make_board(objects, abilities=abilities)


LAND = {"types": ["land"], "subtypes": ["forest"], "mana_value": 0}


def _land(i: int, controller: str = "p1") -> dict[str, Any]:
    return {"id": f"l{i:04d}", "name": f"Land {i}", "timestamp": 500 + i, "controller": controller,
            "owner": controller, **LAND}  # fmt: skip


def conditional_board(k: int, n: int = 100) -> Board:
    """k statics whose effects read other objects or the board: "as long as you control twenty or more lands"
    (611.3a), "+X/+0 where X is its +1/+1 counters" (122), "+X/+0 where X is your devotion to white" (700.5),
    "as long as it has a +1/+1 counter" on the source; a layer-4 effect makes a third of the creatures lands too."""
    lands: dict[str, Any] = {"count": {"all": [{"type": "land"}, {"controller": "you"}]}}
    yours: dict[str, Any] = {"all": [{"type": "creature"}, {"controller": "you"}]}
    abilities: list[dict[str, Any]] = [
        {"text": "creatures with mana value 2 are also forest lands.",
         "applies_to": {"all": [{"type": "creature"}, {"mana_value": {"op": "==", "value": 2}}]},
         "parts": [{"op": "add_types", "types": ["land"]}]},
    ]  # fmt: skip
    for i in range(k):
        kind = i % 4
        text = f"conditional static {i}."
        if kind == 0:
            abilities.append({"text": text, "applies_to": yours, "condition": {"left": lands, "op": ">=", "right": 20},
                              "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]})  # fmt: skip
        elif kind in (1, 2):
            x = {"counters": "+1/+1"} if kind == 1 else {"devotion": "white"}
            abilities.append({"text": text, "applies_to": yours,
                              "parts": [{"op": "modify_pt", "power": x, "toughness": 0}]})  # fmt: skip
        else:
            kw = KEYWORDS[i % len(KEYWORDS)]
            abilities.append({"text": text, "applies_to": {"all": [{"type": "creature"}, {"color": COLORS[i % 5]}]},
                              "condition": {"left": {"source_counters": "+1/+1"}, "op": ">=", "right": 1},
                              "parts": [{"op": "add_abilities", "abilities": [kw]}]})  # fmt: skip
    objects = [_source(0, str(abilities[0]["text"]), 1)]
    for i in range(n - 1 - 25):
        extra: dict[str, Any] = {}
        if i < k:
            extra["abilities"] = [abilities[1 + i]["text"]]
        if i % 5 == 0:
            extra["counters"] = [{"kind": "+1/+1", "count": 1 + i % 3}]
        obj = _creature(i, **extra)
        if obj["mana_value"]:  # 700.5: a mana cost to count devotion in
            obj["mana_cost"] = ("{W}" if i % 2 else "{G}") * obj.pop("mana_value")
        objects.append(obj)
    objects += [_land(i, "p1" if i % 5 else "p2") for i in range(25)]
    return make_board(objects, abilities=abilities)


def amounts_board(k: int, n: int = 100) -> Board:
    """k/2 "creatures get +X/+0, where X is its toughness" and k/2 "creatures get +0/+1" (layer 7c): each
    +0/+1 changes what every +X/+0 reads on every creature (613.8a: the +X/+0 effects depend on them)."""
    creature: dict[str, Any] = {"type": "creature"}
    abilities = []
    for i in range(k):
        if i % 2:
            abilities.append({"text": f"creatures get +0/+1 (#{i}).", "applies_to": creature,
                              "parts": [{"op": "modify_pt", "power": 0, "toughness": 1}]})  # fmt: skip
        else:
            x = {"its": "toughness"}
            abilities.append({"text": f"creatures get +x/+0, where x is its toughness (#{i}).", "applies_to": creature,
                              "parts": [{"op": "modify_pt", "power": x, "toughness": 0}]})  # fmt: skip
    objects = [_source(i, str(a["text"]), 1 + k - i) for i, a in enumerate(abilities)]
    objects += [_creature(i) for i in range(n - k)]
    return make_board(objects, abilities=abilities)


def touch4_board(k: int, n: int = 100) -> Board:
    """k creatures each with "creatures are also <type i>" (layer 4): every trial changes every source."""
    abilities = [
        {
            "text": f"creatures are also {KINDS[i]} creatures.",
            "applies_to": {"type": "creature"},
            "parts": [{"op": "add_subtypes", "subtypes": [KINDS[i]]}],
        }
        for i in range(k)
    ]
    objects = [_creature(i, abilities=[abilities[i]["text"]]) if i < k else _creature(i) for i in range(n)]
    return make_board(objects, abilities=abilities)


def loop_board(k: int, n: int = 100) -> Board:
    """A dependency loop of k effects in layer 6: "creatures with link i have link i+1 (mod k)" (613.8b)."""
    abilities = [
        {
            "text": f"creatures with link {i} have link {(i + 1) % k}.",
            "applies_to": {"all": [{"type": "creature"}, {"has_ability": f"link {i}"}]},
            "parts": [{"op": "add_abilities", "abilities": [f"link {(i + 1) % k}"]}],
        }
        for i in range(k)
    ]
    objects = [_source(i, str(a["text"]), 1 + i) for i, a in enumerate(abilities)]
    objects += [_creature(c, abilities=[f"link {c % k}"] if c % 3 == 0 else []) for c in range(n - k)]
    return make_board(objects, abilities=abilities)


def copies_board(k: int, n: int = 100) -> Board:
    """Copies of copies: creature 0 has "creatures you control get +1/+1"; creature i (1..k) prints "creatures you
    control get +0/+1 (#i)" and becomes a copy of creature i-1 (707.2, 613.2): the last copies the copy of the
    copy..., each copy has the anthem and loses its own ability."""
    yours: dict[str, Any] = {"all": [{"type": "creature"}, {"controller": "you"}]}
    text = "creatures you control get +1/+1."
    abilities = [{"text": text, "applies_to": yours, "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}]
    abilities += [
        {"text": f"creatures you control get +0/+1 (#{i}).", "applies_to": yours,
         "parts": [{"op": "modify_pt", "power": 0, "toughness": 1}]}
        for i in range(1, k + 1)
    ]  # fmt: skip
    objects = [_creature(i, abilities=[abilities[i]["text"]]) if i <= k else _creature(i) for i in range(n)]
    effects = [
        {"id": f"copy{i}", "controller": "p1", "timestamp": 2000 + i, "applies_to": [f"c{i:04d}"],
         "parts": [{"op": "copy_of", "object": f"c{i - 1:04d}"}]}
        for i in range(1, k + 1)
    ]  # fmt: skip
    return make_board(objects, effects=effects, abilities=abilities)


def text_board(k: int, n: int = 100) -> Board:
    """k statics "<color> creatures get +1/+0" and k/2 text changes (612, layer 3) turning one color word into
    another in a source's text: each changes what that source's effect applies to."""
    abilities = [
        {"text": f"{COLORS[i % 5]} creatures get +1/+0 (#{i}).",
         "applies_to": {"all": [{"type": "creature"}, {"color": COLORS[i % 5]}]},
         "parts": [{"op": "modify_pt", "power": 1, "toughness": 0}]}
        for i in range(k)
    ]  # fmt: skip
    objects = [_source(i, str(a["text"]), 1 + i) for i, a in enumerate(abilities)]
    objects += [_creature(i) for i in range(n - k)]
    effects = [
        {"id": f"hack{i}", "controller": "p1", "timestamp": 3000 + i, "applies_to": [f"s{2 * i:04d}"],
         "parts": [{"op": "replace_word", "from": COLORS[(2 * i) % 5], "to": COLORS[(2 * i + 1) % 5]}]}
        for i in range(k // 2)
    ]  # fmt: skip
    return make_board(objects, effects=effects, abilities=abilities)


PLAYERS4 = ("p1", "p2", "p3", "p4")


def game_boards(events: int = 100, conditional: int = 3) -> list[Board]:
    """A four-player Commander-sized game: ~200 permanents (lands, creatures, 40 statics among them), ``conditional``
    of the statics "as long as you control twenty or more lands"; the board after each of ``events`` events (a
    creature enters, or a land), resolved after each."""
    lands: dict[str, Any] = {"count": {"all": [{"type": "land"}, {"controller": "you"}]}}
    abilities: list[dict[str, Any]] = []
    for j in range(40):
        a = _mixed_ability(j, ("4", "5", "6", "7c")[j % 4])
        if j < conditional:
            a = {**a, "text": f"as long as you control twenty or more lands, {a['text']}",
                 "condition": {"left": lands, "op": ">=", "right": 20}}  # fmt: skip
        abilities.append(a)
    base: list[dict[str, Any]] = []
    for i in range(200):
        p = PLAYERS4[i % 4]
        if i < 40:
            obj = _creature(i, abilities=[abilities[i]["text"]])
        elif i < 120:
            obj = _land(i, p)
        else:
            obj = _creature(i)
        obj.update(controller=p, owner=p)
        base.append(obj)
    boards = []
    for e in range(events):
        p = PLAYERS4[e % 4]
        extra = _creature(1000 + e, timestamp=5000 + e) if e % 2 else _land(1000 + e)
        extra.update(controller=p, owner=p)
        base = [*base, extra]
        boards.append(make_board(base, abilities=abilities))
    return boards


def floor(board: Board) -> int:
    """Every static effect's filter evaluated on every object once (the floor)."""
    state = initial_state(board)
    # (a conditional static whose condition does not hold on the printed board is not counted)
    hits = 0
    for effect in static_effects(board, state):
        ctx = Context(board=board, state=state, source=effect.source, controller=state[effect.source or ""].controller)
        for obj_id in board.objects:
            hits += matches(effect.filter, obj_id, ctx)
    return hits


Resolver = Callable[[Board, RulesVersion], Resolution]
ALL = (
    "mixed",
    "7c",
    "chain",
    "chain4",
    "touch",
    "count",
    "cond",
    "amounts",
    "touch4",
    "loop",
    "copies",
    "text",
    "game",
)
# goal per k of a series (issue 32): at k=20 <= 20x, at k=40 <= 30x
GOALS = {20: 20.0, 40: 30.0}


def _batch(board: Board) -> int:
    """How many times a run repeats each side, so that a floor run lasts at least 20 ms: shorter
    runs on a shared machine measure the scheduler, not the code."""
    t0 = time.process_time()
    floor(board)
    return max(1, math.ceil(0.02 / max(time.process_time() - t0, 1e-6)))


def _run(resolver: Resolver, board: Board, version: RulesVersion, batch: int) -> tuple[float, float, int]:
    """One run: resolve, then floor, each ``batch`` times; seconds per call of each, and the trace's length."""
    # As timeit does: no garbage collection inside a timed run (it would land in whichever runs next).
    gc.collect()
    gc.disable()
    try:
        t0 = time.process_time()
        for _ in range(batch):
            steps = len(resolver(board, version).steps)
        res = (time.process_time() - t0) / batch
        gc.collect()
        t0 = time.process_time()
        for _ in range(batch):
            floor(board)
        flo = (time.process_time() - t0) / batch
    finally:
        gc.enable()
    return res, flo, steps


def _summary(runs: list[tuple[float, float, int]]) -> dict[str, Any]:
    return {
        "runs": len(runs),
        "steps": runs[-1][2],
        "resolve": statistics.median(r for r, _, _ in runs),
        "floor": statistics.median(f for _, f, _ in runs),
        "ratio": statistics.median(r / f for r, f, _ in runs),
    }


def measure(resolver: Resolver, board: Board, version: RulesVersion, runs: int, budget: float) -> dict[str, Any]:
    """Alternate resolve and floor ``runs`` times; stop after one run if resolving exceeds ``budget``."""
    batch = _batch(board)
    done: list[tuple[float, float, int]] = []
    for _ in range(runs):
        done.append(_run(resolver, board, version, batch))
        if done[-1][0] > budget:
            break
    return _summary(done)


def measure_series(
    resolver: Resolver, boards: list[tuple[int, Board]], version: RulesVersion, runs: int, budget: float
) -> list[tuple[int, dict[str, Any], float | None]]:
    """Each run times every k in turn (so a change of load on the machine falls on all of them alike);
    per k the medians, and the median over runs of the growth exponent from the previous k.

    A k whose first run takes longer than ``budget`` is run once, and larger k are skipped.
    """
    kept: list[tuple[int, Board, int]] = []
    first: list[tuple[float, float, int]] = []
    for k, board in boards:
        batch = _batch(board)
        kept.append((k, board, batch))
        first.append(_run(resolver, board, version, batch))
        if first[-1][0] > budget:
            break
    per_k: list[list[tuple[float, float, int]]] = [[r] for r in first]
    if first[-1][0] <= budget:
        for _ in range(runs - 1):
            for i, (_, board, batch) in enumerate(kept):
                per_k[i].append(_run(resolver, board, version, batch))
    out: list[tuple[int, dict[str, Any], float | None]] = []
    for i, (k, _, _) in enumerate(kept):
        exponent = None
        if i > 0 and len(per_k[i]) == len(per_k[i - 1]):
            k0 = kept[i - 1][0]
            exponent = statistics.median(
                math.log(r1[0] / r0[0]) / math.log(k / k0) for r0, r1 in zip(per_k[i - 1], per_k[i], strict=True)
            )
        out.append((k, _summary(per_k[i]), exponent))
    return out


def measure_game(
    resolver: Resolver, boards: list[Board], version: RulesVersion, runs: int, budget: float
) -> dict[str, Any]:
    """A game resolved after each event: alternate (resolve every board once) and (the floor of every board once);
    figures per event. Stops after one run if resolving the whole game exceeds ``budget``."""
    done: list[tuple[float, float, int]] = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            t0 = time.process_time()
            steps = sum(len(resolver(b, version).steps) for b in boards)
            res = time.process_time() - t0
            gc.collect()
            t0 = time.process_time()
            for b in boards:
                floor(b)
            flo = time.process_time() - t0
        finally:
            gc.enable()
        done.append((res / len(boards), flo / len(boards), steps // len(boards)))
        if res > budget:
            break
    return _summary(done)


def _row(label: str, m: dict[str, Any], goal: float | None, extra: str = "") -> str:
    mark = "" if goal is None else "ok" if m["ratio"] <= goal else "OVER"
    goal_text = "-" if goal is None else f"{goal:.0f}x"
    note = "" if m["runs"] > 1 else "  (1 run: over the time budget)"
    return (
        f"{label:>14} {m['steps']:>6} {m['resolve'] * 1000:>11.1f} {m['floor'] * 1000:>9.2f} "
        f"{m['ratio']:>8.1f}x {goal_text:>6} {mark:>4}{extra}{note}"
    )


def _header(title: str) -> None:
    print(f"\n{title}")
    print(f"{'board':>14} {'steps':>6} {'resolve ms':>11} {'floor ms':>9} {'ratio':>9} {'goal':>6} {'':>4}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--version", default="ikoria")
    parser.add_argument("--readable", action="store_true", help="time the readable resolver, not the fast path")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds; a slower board is run once, then stop")
    parser.add_argument("--only", default=",".join(ALL))
    parser.add_argument("--ks", default="10,20,40,80", help="the k of each series (loops: 5, 10, 20, 40)")
    args = parser.parse_args()
    version = get_version(args.version)
    resolver: Resolver = readable_resolve
    name = "readable"
    if not args.readable:
        try:
            from reference_optimized import resolve as fast_resolve

            resolver, name = fast_resolve, "fast"
        except ImportError:
            pass
    only = set(args.only.split(","))
    print(f"resolver: {name}; rules version {version.id}; median of {args.runs} alternating runs")

    sized: list[tuple[str, str, tuple[str, ...], list[tuple[int, int]]]] = [
        ("mixed", "N permanents, E static effects in layers 4-7c, no dependency", ("4", "5", "6", "7c"),
         [(500, 25), (1000, 50), (2000, 100)]),
        ("7c", "N permanents, E static effects all in 7c", ("7c",), [(100, 10), (300, 30), (1000, 100), (2000, 100)]),
    ]  # fmt: skip
    for key, title, layers, sizes in sized:
        if key not in only:
            continue
        _header(f"{key}: {title}")
        for n, e in sizes:
            m = measure(resolver, mixed_board(n, e, layers), version, args.runs, args.budget)
            print(_row(f"{n}/{e}", m, 5), flush=True)
            if m["runs"] == 1 and args.runs > 1:
                print(f"{'':>14} larger sizes skipped (over the budget)")
                break

    series: list[tuple[str, str, Callable[[int], Board]]] = [
        ("chain", "100 permanents, a chain of k dependent effects in layer 6", chain_board),
        ("chain4", "100 permanents, a chain of k dependent effects in layer 4", lambda k: chain_board(k, layer="4")),
        ("touch", "100 creatures, k layer-6 effects; every trial changes every source, no dependency", touch_board),
        ("count", "100 creatures, k 7c effects whose amounts are counts", count_board),
        ("cond", "100 permanents, k statics: conditions, counters, devotion, a source's counters", conditional_board),
        ("amounts", "100 creatures, k/2 +X/+0 (X: its toughness) and k/2 +0/+1 in 7c", amounts_board),
        ("touch4", "100 creatures, k layer-4 effects; every trial changes every source", touch4_board),
        ("loop", "100 permanents, a dependency loop of k effects in layer 6", loop_board),
        ("copies", "100 creatures, a chain of k copies of copies (layer 1), each with an anthem", copies_board),
        ("text", "100 permanents, k statics in 7c and k/2 text changes of their words (layer 3)", text_board),
    ]
    ks = [int(k) for k in args.ks.split(",")]
    for key, title, build in series:
        if key not in only:
            continue
        _header(f"{key}: {title} (goal: ratio at k=20 <= 20x, at k=40 <= 30x, growth exponent <= 2)")
        k_values = [5, 10, 20, 40] if key == "loop" else ks
        timed = measure_series(resolver, [(k, build(k)) for k in k_values], version, args.runs, args.budget)
        for k, m, exponent in timed:
            extra = ""
            if exponent is not None:
                extra = f"  growth exponent {exponent:.2f} {'ok' if exponent <= 2 else 'OVER'}"
            print(_row(f"k={k}", m, GOALS.get(k), extra), flush=True)
        if len(timed) < len(k_values):
            print(f"{'':>14} larger k skipped (over the budget)")

    if "game" in only:
        _header("game: 4 players, ~200 permanents, 40 statics (3 conditional), resolved after each of 100 events")
        m = measure_game(resolver, game_boards(), version, args.runs, args.budget)
        print(_row("per event", m, 5), flush=True)


if __name__ == "__main__":
    main()
