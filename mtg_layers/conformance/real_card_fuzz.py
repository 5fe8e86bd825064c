"""Fuzzing an engine that needs real cards (phase.rs): boards drawn from the card catalogue.

The project's board generator writes made-up objects (their wording is no card's), which an engine that
reads Oracle text cannot take. This draws boards the way ``mtg-layers ask`` builds them: a few cards of
the catalogue in the order they entered (permanents, some with +1/+1 or -1/-1 counters, two players;
instants and sorceries that resolve on an earlier creature; Auras and Equipment attached to one),
built into a case by ``catalogue.ask.build``, answered by the reference (``boards.fuzz_boards.complete``)
and run through the adapter like ``conformance --generated`` (``fuzz.Fuzzer``). Each kind of
disagreement is shrunk by dropping whole steps and counters (never a card's printed values or wording, which
the engine reads from the card; ``shrink.shrink_greedy``, the fuzzer's own loop, within a budget of engine
calls) and written as a case file.

Deterministic: the boards are a function of the seed (``random.Random``), the catalogue and the
allowed features and rules versions.
"""

from __future__ import annotations

import copy
import random
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..boards.fuzz_boards import Generated, complete
from ..boards.fuzz_settings import GeneratorSettings
from ..catalogue.ask import PERMANENT_TYPES, build
from ..catalogue.cli import answer
from ..catalogue.load import Catalogue, catalogue
from ..corpus import CorpusError
from .fuzz import Disagreement, Fuzzer, FuzzOptions, signature
from .runner import RunResult
from .shrink import DEFAULT_SHRINK_CALLS, CallBudget

COUNTER_KINDS = ("+1/+1", "-1/-1")


def _permanent(card: Mapping[str, Any]) -> bool:
    return bool(card["types"]) and set(card["types"]) <= PERMANENT_TYPES | {"tribal", "kindred"}


def card_pool(cat: Catalogue) -> list[Mapping[str, Any]]:
    """The catalogue cards a drawn board may use: single-faced, every ability modelled, and either a permanent
    or a spell that resolves with a definition the catalogue gives."""
    return [
        c
        for c in cat.cards
        if c["layout"] == "normal"
        and (_permanent(c) or "resolves" in c)
        and all(a.get("modelled") for a in c["abilities"])  # what the reference answers is the whole card
    ]


ENCHANT = re.compile(r"^Enchant (\w+)", re.M)


def _legal_targets(card: Mapping[str, Any], objects: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The earlier objects the card may target or be attached to: what its Enchant names (303.4a: an Aura
    attached to anything else would go to the graveyard, 704.5m), creatures for Equipment and for the
    spells (each targets a creature, or a nonlegendary one for Mirrorweave)."""
    enchant = ENCHANT.search(card["oracle"])
    wanted = enchant.group(1).lower() if enchant else "creature"
    return [
        ref
        for ref, c in objects.items()
        if (wanted == "permanent" or wanted in c["types"])
        and not ("nonlegendary" in card["oracle"] and "legendary" in c["supertypes"])
    ]


def draw_args(rng: random.Random, pool: Sequence[Mapping[str, Any]], max_cards: int) -> list[str]:
    """One board as ``ask`` arguments: 2 to ``max_cards`` cards in the order they entered."""
    args: list[str] = []
    objects: dict[str, Mapping[str, Any]] = {}
    names: dict[str, int] = {}
    for _ in range(rng.randint(2, max_cards)):
        card = rng.choice(pool)
        name = card["name"]
        subtypes = set(card["subtypes"])
        needs_target = "resolves" in card or bool(subtypes & {"aura", "equipment"})
        targets = _legal_targets(card, objects) if needs_target else []
        if needs_target and not targets:
            continue
        names[name] = names.get(name, 0) + 1
        ref = name if names[name] == 1 else f"{name}#{names[name]}"
        arg = name + (" @p2" if rng.random() < 0.3 else "")
        if needs_target:
            arg += f" > {rng.choice(targets)}"
        if "creature" in card["types"] and rng.random() < 0.25:
            arg += f" [{rng.randint(1, 2)} {rng.choice(COUNTER_KINDS)}]"
        if _permanent(card):
            objects[ref] = card
        args.append(arg)
    return args


def board(args: Sequence[str], rules: str, settings: GeneratorSettings) -> Generated | None:
    """The case ``ask`` builds from the arguments, with the reference's answer; None if it is not a board
    the settings allow (or one ``ask`` refuses)."""
    from reference.versions import builtin_versions

    version = builtin_versions()[rules]
    try:
        data = build(args, catalogue(), rules, lambda d, n: answer(d, n, version))
    except (CorpusError, KeyError, ValueError):
        return None
    data = {**data, "id": "real-card-board", "title": "A board of real cards: " + ", then ".join(args)}
    return complete(data, rules, settings)


def smaller_real_boards(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Boards one simplification away that are still real cards: a step (a card entering or resolving) less,
    or a counter less. Nothing of a card's printed values or wording is touched (the engine reads the card)."""
    out: list[dict[str, Any]] = []
    for k in range(len(data["steps"])):
        d = copy.deepcopy(dict(data))
        del d["steps"][k]
        if d["steps"]:
            out.append(d)
    for k, step in enumerate(data["steps"]):
        for i, o in enumerate(step.get("add_objects", ())):
            for j in range(len(o.get("counters", ()))):
                d = copy.deepcopy(dict(data))
                del d["steps"][k]["add_objects"][i]["counters"][j]
                out.append(d)
    return out


@dataclass
class RealCardOutcome:
    """What a real-card fuzzing run did."""

    drawn: int = 0
    sent: int = 0
    set_up: int = 0
    verdicts: dict[str, int] = field(default_factory=dict)
    skip_reasons: dict[str, int] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)
    kinds: dict[tuple[str, ...], list[int]] = field(default_factory=dict)
    shrunk: list[Disagreement] = field(default_factory=list)


def fuzz(fuzzer: Fuzzer, target: int, seed: int, max_cards: int = 4, max_draws: int = 20000) -> RealCardOutcome:
    """Send boards until ``target`` of them were set up by the engine (or ``max_draws`` were drawn); shrink the
    first board of each kind of disagreement (at most ``max_shrink``) and write it as a case file."""
    options: FuzzOptions = fuzzer.options
    rng = random.Random(seed)
    pool = card_pool(catalogue())
    out = RealCardOutcome()
    rules = options.generator.rules[0]
    first_of: dict[tuple[str, ...], Disagreement] = {}
    while out.set_up < target and out.drawn < max_draws:
        out.drawn += 1
        g = board(draw_args(rng, pool, max_cards), rules, options.generator)
        if g is None:
            continue
        out.sent += 1
        result: RunResult = fuzzer.run_board(g, f"real-cards-{seed}-{out.sent}")
        out.verdicts[result.status] = out.verdicts.get(result.status, 0) + 1
        if result.status == "skip":
            reason = str(result.message or "")
            out.skip_reasons[reason] = out.skip_reasons.get(reason, 0) + 1
            continue
        out.set_up += 1
        if result.status in ("fail", "error", "timeout"):
            d = Disagreement(out.sent, g, result, signature(result))
            out.disagreements.append(d)
            out.kinds.setdefault(d.signature, []).append(out.sent)
            first_of.setdefault(d.signature, d)
    for d in list(first_of.values())[: options.max_shrink]:
        d.reproduced = True
        began = time.perf_counter()
        fuzzer.reduce(d, smaller_real_boards, CallBudget(options.shrink_budget))
        d.shrunk = True
        d.shrink_seconds = time.perf_counter() - began
        fuzzer.finish(d)
        if d.case_path is not None:  # the case file names this command, not conformance --generated
            path = Path(d.case_path)
            path.write_text(
                path.read_text("utf-8").replace(
                    f"mtg-layers conformance --generated {options.count} --seed {seed}",
                    f"python -m mtg_layers.conformance.real_card_fuzz --boards {target} --seed {seed}",
                ),
                "utf-8",
            )
        out.shrunk.append(d)
    fuzzer.runner.adapter.close()
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mtg_layers.conformance.real_card_fuzz --boards N --seed S --findings DIR --json FILE -- COMMAND``."""
    import argparse
    import json
    import sys

    from ..boards.fuzz_settings import DEFAULT_WEIGHTS
    from .fuzz_cli import generator_settings
    from .runner import Runner, RunnerOptions

    parser = argparse.ArgumentParser(prog="real_card_fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=500, help="boards the engine must set up")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-cards", type=int, default=4)
    parser.add_argument("--max-shrink", type=int, default=10)
    parser.add_argument(
        "--shrink-budget",
        type=int,
        default=DEFAULT_SHRINK_CALLS,
        help="engine calls to shrink each kind of disagreement (a count, not seconds: the same on any machine)",
    )
    parser.add_argument("--findings", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None, help="write the figures and the shrunk boards here")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = [c for c in args.command if c != "--"]
    runner = Runner(RunnerOptions(command, start_timeout=120.0))
    runner.ensure_started()
    impl = dict(runner.session.implementation or {})
    gen = generator_settings(impl or None, (), (), dict(DEFAULT_WEIGHTS))
    options = FuzzOptions(
        count=args.boards,
        seed=args.seed,
        generator=gen,
        shrink_budget=args.shrink_budget,
        max_shrink=args.max_shrink,
        findings=args.findings,
        engine_name=str(impl.get("name", "engine")),
    )
    out = fuzz(Fuzzer(runner, options), args.boards, args.seed, args.max_cards)
    figures = {
        "engine": impl.get("name"),
        "engine_version": impl.get("version"),
        "seed": args.seed,
        "rules": list(gen.rules),
        "drawn": out.drawn,
        "sent": out.sent,
        "set_up": out.set_up,
        "verdicts": out.verdicts,
        "skip_reasons": dict(sorted(out.skip_reasons.items(), key=lambda kv: -kv[1])),
        "kinds": [{"signature": list(k), "boards": v} for k, v in out.kinds.items()],
        "shrunk": [d.as_dict() for d in out.shrunk],
    }
    text = json.dumps(figures, indent=1, sort_keys=True, default=str)
    if args.json is not None:
        args.json.write_text(text + "\n", "utf-8")
    summary = {k: figures[k] for k in ("drawn", "sent", "set_up", "verdicts")}
    print(json.dumps(summary), file=sys.stdout)
    return 1 if out.disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
