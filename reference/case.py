"""A corpus case as values: a starting board and steps, each a change of the board with expectations."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .clock import Clock, by_rules, placed_counters
from .double_faced import transform
from .entry import entered, entered_meeting
from .fixed_amounts import on_resolution, unfixed
from .flip import flip
from .frozen import FrozenMap
from .game_state import changed_game
from .merged import merge
from .model import AbilityDef, Board, Characteristics, Counter, Effect, GameObject, Sticker
from .resolver import resolve
from .sba import Action, state_based_actions
from .stickers import joined, stamped_at_start, with_new_timestamp
from .timestamps import Tie
from .tokens import creating_tokens
from .type_names import with_type_names
from .versions import RulesVersion
from .zones import change_zones


@dataclass(frozen=True)
class Step:
    """One snapshot of a narrative: what changed since the previous step, and what to expect."""

    description: str
    expect: Mapping[str, Mapping[str, Mapping[str, Any]]]  # version -> object id -> characteristics
    add_objects: tuple[GameObject, ...] = ()
    remove_objects: tuple[str, ...] = ()
    add_effects: tuple[Effect, ...] = ()
    end_effects: tuple[str, ...] = ()
    set_counters: Mapping[str, tuple[Counter, ...]] = field(default_factory=FrozenMap)
    attach: Mapping[str, str | None] = field(default_factory=FrozenMap)
    set_timestamp: Mapping[str, float] = field(default_factory=FrozenMap)
    move: Mapping[str, str] = field(default_factory=FrozenMap)
    # version -> the outcomes the rules allow when the answer depends on a choice (613.7m) or
    # on an order the rules do not decide; ``expect`` then holds what every outcome shares.
    outcomes: Mapping[str, tuple[Mapping[str, Mapping[str, Any]], ...]] = field(default_factory=FrozenMap)
    turn_face_up: Mapping[str, float] = field(default_factory=FrozenMap)
    turn_face_down: Mapping[str, float] = field(default_factory=FrozenMap)
    # 704.3: after the step's other changes, perform state-based actions until none applies.
    state_based_actions: bool = False
    # 704.5j: the legendary permanent each player keeps under the legend rule.
    legend_rule_keeps: tuple[str, ...] = ()
    # 613.7g, 701.28: permanents that transform, each with the new timestamp it gets.
    transform: Mapping[str, float] = field(default_factory=FrozenMap)
    # 702.140, 729: mutating spells that merge: spell id -> {onto, position ("over"/"under"), timestamp}.
    merge: Mapping[str, Mapping[str, Any]] = field(default_factory=FrozenMap)
    # 102.1, 119.1, 402.1: game-state values that change in this step (turn, life, hand; reference.game_state).
    game: Mapping[str, Any] = field(default_factory=FrozenMap)
    # 111.3, 612.2a: tokens abilities create in this step: {id, by (the source), ability (its defined
    # wording), timestamp (BY_RULES: the time of the step)}; they enter with the objects it adds.
    create_tokens: tuple[Mapping[str, Any], ...] = ()
    # 123.3, 613.7k: stickers put on objects in this step (object id -> its new stickers, in the order put on)
    put_stickers: Mapping[str, tuple[Sticker, ...]] = field(default_factory=FrozenMap)
    # 701.37a-b: permanents that become monstrous in this step (after its other changes to objects)
    become_monstrous: tuple[str, ...] = ()
    # 710.3: permanents flipped in this step (after monstrosity; no timestamp)
    flip: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    """A golden case: its board, its steps, and where its answers come from."""

    id: str
    title: str
    versions: tuple[str, ...]
    features: tuple[str, ...]
    sources: tuple[Any, ...]
    objects: tuple[GameObject, ...]
    effects: tuple[Effect, ...]
    abilities: Mapping[str, AbilityDef]
    steps: tuple[Step, ...]
    status: str = "official"
    rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    cards: tuple[Any, ...] = ()
    path: str | None = None
    # 613.7m: the order each player chose for timestamps the rules leave to them (ids, earliest first).
    tie_order: tuple[str, ...] = ()
    # 102.1, 119.1, 402.1: the game state before the first step (reference.game_state)
    game: Mapping[str, Any] = field(default_factory=FrozenMap)


def turn_face(obj: GameObject, face_down: bool, timestamp: float, clock: Clock | None = None) -> GameObject:
    """613.7f, 708.2b: turned face down (or up), a permanent gets a new timestamp; already so, nothing happens."""
    if obj.face_down == face_down:
        return obj
    if by_rules(timestamp):
        if clock is None:
            raise ValueError(f"{obj.id} is turned without a timestamp and no clock gives one (613.7f)")
        timestamp = clock.tick()
    elif clock is not None:
        clock.see(timestamp)
    history = obj.face_history + ((timestamp, face_down),)
    return replace(obj, face_down=face_down, timestamp=timestamp, face_history=history)


def entering(obj: GameObject, clock: Clock) -> GameObject:
    """613.7d: an object that enters gets the timestamp of that moment; counters it enters with, the same."""
    if not by_rules(obj.timestamp):
        clock.see(obj.timestamp)
        ts = obj.timestamp
        if not any(by_rules(c.timestamp) for c in obj.counters):
            return obj
    else:
        ts = clock.tick()
    counters = tuple(replace(c, timestamp=ts) if by_rules(c.timestamp) else c for c in obj.counters)
    return replace(obj, timestamp=ts, counters=counters)


def stamped(sticker: Sticker, clock: Clock) -> Sticker:
    """613.7k: a sticker receives a timestamp each time it is put on an object."""
    if by_rules(sticker.timestamp):
        return replace(sticker, timestamp=clock.tick())
    clock.see(sticker.timestamp)
    return sticker


def created(effect: Effect, clock: Clock) -> Effect:
    """613.7b: a resolved spell's or ability's effect has the timestamp of when it was created."""
    if by_rules(effect.timestamp):
        return replace(effect, timestamp=clock.tick())
    clock.see(effect.timestamp)
    return effect


def apply_step(board: Board, step: Step, version: RulesVersion | None = None) -> Board:
    """The board after one step's changes (and its state-based actions, 704.3, under ``version``).

    613.7b-f: each event the case gives no timestamp gets the one the rules assign (reference.clock).
    614.12, 613.7m: an object entering with counters that depend on an order the board leaves open is an error
    (``reference.entry.OpenEntryError``); ``apply_step_meeting`` reads it under the recorded order instead.
    """
    return _apply_step(board, step, version, refuse_open=True)[0]


def apply_step_meeting(board: Board, step: Step, version: RulesVersion | None = None) -> tuple[Board, tuple[Tie, ...]]:
    """614.12, 613.7m: ``apply_step`` with each entry read under the recorded order, and the ties those readings met."""
    return _apply_step(board, step, version, refuse_open=False)


def _apply_step(
    board: Board, step: Step, version: RulesVersion | None, refuse_open: bool
) -> tuple[Board, tuple[Tie, ...]]:
    """613.7b-f, 614.12, 704.3: ``apply_step`` (``refuse_open``) or ``apply_step_meeting``: the board, the ties met."""
    met: tuple[Tie, ...] = ()
    clock = Clock(board)
    start = board
    objects = dict(board.objects)
    tokens = creating_tokens(board, version, step.create_tokens)  # 612.2a: read before the step changes it
    for o in step.add_objects + tokens:
        objects[o.id] = entering(o, clock)
    for oid in step.remove_objects:
        objects.pop(oid, None)
    for oid, counters in step.set_counters.items():
        objects[oid] = replace(objects[oid], counters=placed_counters(objects[oid].counters, tuple(counters), clock))
    for oid, target in step.attach.items():
        old = objects[oid]
        objects[oid] = replace(old, attached_to=target)
        if target is not None and target != old.attached_to and oid not in step.set_timestamp:
            objects[oid] = replace(objects[oid], timestamp=clock.tick())  # 613.7e
    for oid, ts in step.set_timestamp.items():
        objects[oid] = replace(objects[oid], timestamp=ts)
        clock.see(ts)
    # 400.7: a moved object is a new object (its counters, attachments and resolved effects forgotten)
    moved = [oid for oid, zone in step.move.items() if objects[oid].zone != zone]
    board = change_zones(replace(board, objects=objects), step.move)
    objects = dict(board.objects)
    for oid in moved:
        if oid not in step.set_timestamp:
            objects[oid] = replace(objects[oid], timestamp=clock.tick())  # 613.7d: a new object, a new timestamp
    for oid, ts in step.turn_face_down.items():
        objects[oid] = turn_face(objects[oid], True, ts, clock)
    for oid, ts in step.turn_face_up.items():
        objects[oid] = turn_face(objects[oid], False, ts, clock)
    if step.transform:
        before = replace(board, objects=objects)
        for oid in sorted(step.transform):
            objects[oid] = transform(before, oid, step.transform[oid], clock)  # 613.7g
    if step.merge:
        merged = replace(board, objects=objects)
        for spell, how in step.merge.items():
            onto, spell_obj = str(how["onto"]), merged.objects[spell]
            stickers = joined(merged.objects[onto], spell_obj, how["timestamp"])  # 123.5b, 613.7k
            merged = merge(merged, spell, onto, how["position"] == "over", how["timestamp"])
            if stickers:
                last = merged.objects[onto].merges[-1]
                merges = merged.objects[onto].merges[:-1] + (replace(last, component=replace(spell_obj, stickers=())),)
                stickered = replace(merged.objects[onto], stickers=stickers, merges=merges)
                merged = replace(merged, objects={**merged.objects, onto: stickered})
            clock.see(how["timestamp"])
        objects, board = dict(merged.objects), merged
    for oid, obj in objects.items():  # 613.7k: an object with a new timestamp restamps its stickers after it
        was = start.objects.get(oid)
        objects[oid] = with_new_timestamp(obj, None if was is None else was.timestamp)
    for oid, new in sorted(step.put_stickers.items()):  # 123.3, 613.7k: a sticker put on: the time of then
        objects[oid] = replace(objects[oid], stickers=objects[oid].stickers + tuple(stamped(s, clock) for s in new))
    for oid in step.become_monstrous:  # 701.37a-b: it becomes monstrous (a designation, no timestamp)
        objects[oid] = replace(objects[oid], monstrous=True)
    if step.flip:
        before = replace(board, objects=objects)
        for oid in step.flip:  # 710.3: flipped for good, keeping its timestamp
            objects[oid] = flip(before, oid)
    ended = set(step.end_effects)
    effects = tuple(e for e in board.effects if e.id not in ended) + tuple(created(e, clock) for e in step.add_effects)
    board = replace(board, objects=objects, effects=effects)
    if step.game:
        board = replace(board, game=changed_game(board.game, step.game))
    arrived = tuple(objects[oid] for oid in moved if step.move[oid] == "battlefield")  # 400.7: it enters too
    if step.add_objects or tokens or arrived:
        # 614.1c, 614.12: counters each object entering the battlefield enters with (added, created or moved there)
        arriving = step.add_objects + tokens + arrived
        if refuse_open:
            board = entered(start, board, arriving, version)
        else:
            board, met = entered_meeting(start, board, arriving, version)
    board = on_resolution(board, tuple(e.id for e in step.add_effects), version)  # 611.2d: X fixed as it resolves
    if step.state_based_actions:
        board = state_based_actions_of(board, step, version)[0]
    return board, met


def needs_version(step: Step, abilities: Mapping[str, AbilityDef]) -> bool:
    """704.3, 614.12, 612.2a, 611.2d: the step reads characteristics (state-based actions, entry counters,
    new tokens, the amounts of a new resolved effect)."""
    arriving = bool(step.add_objects or step.create_tokens) or "battlefield" in step.move.values()
    entering = arriving and any(d.enters_with for d in abilities.values())
    amounts = any(unfixed(e) for e in step.add_effects)
    return step.state_based_actions or bool(step.create_tokens) or entering or amounts


def state_based_actions_of(
    board: Board, step: Step, version: RulesVersion | None
) -> tuple[Board, tuple[tuple[Action, ...], ...]]:
    """704.3: the state-based actions a step asks for; they read characteristics, so they need a version."""
    if version is None:
        raise ValueError(f"step {step.description!r} performs state-based actions (704.3): a rules version is needed")
    return state_based_actions(board, version, step.legend_rule_keeps, _final)


def _final(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """704.3, 613.1: what state-based actions check, each object's characteristics after every continuous effect."""
    return resolve(board, version).final


def initial_board(case: Case) -> Board:
    """The board before the first step."""
    return Board(
        objects={o.id: stamped_at_start(o) for o in case.objects},
        effects=case.effects,
        abilities=case.abilities,
        tie_order=case.tie_order,
        game=FrozenMap(case.game),
    )


def board_at(case: Case, step_number: int, version: RulesVersion | None = None) -> Board:
    """The board at step ``step_number`` (1-based): every step up to it applied in order.

    A step with state-based actions (704.3) reads characteristics, so it needs ``version``.
    """
    return _board_at(case, step_number, version, refuse_open=True)[0]


def board_meeting(case: Case, step_number: int, version: RulesVersion | None = None) -> tuple[Board, tuple[Tie, ...]]:
    """614.12, 613.7m: ``board_at`` with each entry read under the case's recorded order, and the ties the entry
    readings of every step up to ``step_number`` met (each in the order first met)."""
    return _board_at(case, step_number, version, refuse_open=False)


def _board_at(
    case: Case, step_number: int, version: RulesVersion | None, refuse_open: bool
) -> tuple[Board, tuple[Tie, ...]]:
    """614.12, 613.7m, 205.2a: ``board_at`` (``refuse_open``) or ``board_meeting``: the board, the ties met."""
    if not 1 <= step_number <= len(case.steps):
        raise IndexError(f"case {case.id} has steps 1 to {len(case.steps)}, not {step_number}")
    board = initial_board(case)
    met: dict[Tie, None] = {}
    for step in case.steps[:step_number]:  # (through the public names, which the kill matrix's misreadings replace)
        board, ties = (
            (apply_step(board, step, version), ()) if refuse_open else apply_step_meeting(board, step, version)
        )
        met.update(dict.fromkeys(ties))
    return (board if version is None else with_type_names(board, version)), tuple(met)  # 205.2a: tribal or kindred
