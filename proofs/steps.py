"""The encoding's own reading of a case's steps: the board at each step, derived from the step's events.

The layer encoding answers for one board; a case narrates how the board changes (objects
enter, tokens are created, counters are placed, objects change zones, permanents turn face
up or down, transform or merge, state-based actions are performed). This module reads those
events as the case states them (the loaded ``Step`` values, never the resolver's result
boards) and builds the board after each step by its own reading of the rules:

* 613.7b-g, 613.7k: the timestamp each event gets when the step gives none (``proofs.clock``);
* 400.7, 611.2c, 122.2: an object that changes zones is a new object, with a new timestamp
  (613.7d), no counters, attached to nothing, no "as it entered" choices, front face up (712),
  its merged components separated (729), not monstrous (701.37b); effects with a fixed set of
  objects forget it; its stickers stay in a public zone and fall off in a hidden one (123.5);
* 123, 613.7k: stickers restamped right after an object's new timestamp, joined at a merge's
  time, and put on at the time of the step's clock; the starting board's unstamped stickers
  right after their object's; 701.37a: permanents that become monstrous; 710.3: flip cards that flip;
* 111.2, 111.3, 111.4, 612.2a: a token created by an ability, with the values the ability
  gives, read through its source's text changes as the encoding settles them at that moment;
* 614.1c, 614.12, 113.6b, 114.4, 611.3a: the counters an object enters with (``proofs.entry``):
  decided from the object as it would exist on the battlefield (the encoding with
  ``Board.entering``), the replacement abilities of the objects before the event where they
  function (a permanent's on the battlefield, ``functions_in`` zones such as a graveyard or an
  emblem's command zone), their conditions read on that board, and the object's own abilities
  only when they affect that object alone;
* 611.2d, 608.2h: a new resolved effect's amounts fixed as it resolves (``proofs.fixed_amounts``),
  on the board the step has made before it, before state-based actions;
* 712, 613.7g: a double-faced permanent that transforms; 729: a mutating spell that merges;
* 704.3: state-based actions (``proofs.sba``'s reading: 704.5f, 704.5j, 704.5m, 704.5n, 704.5q),
  round after round until none applies; a permanent put into a graveyard gets a new timestamp
  there (613.7d), an Equipment or Fortification that falls off keeps its own.

Where a value the step reads (a source's controller or text, which objects die) is not the
same under every order the layer rules allow, the step cannot be derived (``NotDerived``).

Extending: each event kind is one function ``(Derivation, step) -> None`` in ``EVENTS``, in the
order the events of one step happen; a new kind adds its function there (and its timestamp,
when the rules give it one, to ``proofs.clock``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import z3

from reference.model import Board, Characteristics, Counter, Effect, FrozenMap, GameObject, Merge, Sticker
from reference.versions import RulesVersion

from .clock import Assigned, assigned_timestamps
from .crosscheck import Bounded
from .encoding import Encoding, NotEncodable
from .entry import entry_counters
from .fixed_amounts import fix_amounts, open_amounts
from .reads import not_encoded
from .sba import counters_after, dying
from .words import rewrite

# 400.2: the public zones (123.5: stickers stay on a card there); a hand and a library are hidden
_PUBLIC_ZONES = frozenset({"battlefield", "graveyard", "exile", "stack", "command"})
# 613.7k: "immediately after" an object's timestamp, as the case format writes it (docs/formats.md): 1/64 per sticker
_STICKER_STEP = 1 / 64


class NotDerived(Exception):
    """A step the encoding cannot derive on its own (a value it reads depends on a choice, or is not stated)."""


@dataclass
class Derivation:
    """One step being derived: the board before it, and the objects, effects and game state so far."""

    before: Board
    version: RulesVersion
    stamps: Assigned
    objects: dict[str, GameObject]
    effects: list[Effect]
    game: dict[str, Any]
    entering: list[str] = field(default_factory=list)  # ids put onto the battlefield by this step
    tokens: list[GameObject] = field(default_factory=list)

    def board(self) -> Board:
        """613.1: the board as the step has made it so far, the one the next event reads."""
        return replace(self.before, objects=dict(self.objects), effects=tuple(self.effects), game=FrozenMap(self.game))


def _given(ts: float) -> bool:
    """613.7: the case states this timestamp (else the rules assign it)."""
    return not math.isinf(ts)


def _settled(enc: Encoding, terms: Mapping[str, z3.ExprRef], what: str) -> dict[str, Any]:
    """613.1: the values of ``terms`` after the layer process, the same under every order the rules allow."""
    solver = Bounded()
    solver.add(enc.constraints)
    if solver.check() != z3.sat:
        raise NotDerived(f"{what}: the encoding's constraints are unsatisfiable")
    model = solver.model()
    values = {k: model.eval(t, model_completion=True) for k, t in terms.items()}
    solver.add(z3.Or([t != values[k] for k, t in terms.items()] or [z3.BoolVal(False)]))
    if solver.check() != z3.unsat:
        raise NotDerived(f"{what}: depends on an order the players choose (613.7m), the step cannot be read once")
    return values


def _encode(board: Board, version: RulesVersion, tag: str, universe: Any = None) -> Encoding:
    """613.1: the layer encoding of a board (one it reads in full: proofs.reads)."""
    unread = not_encoded(board)
    if unread:
        raise NotDerived(f"the encoding does not read all of this board: {'; '.join(unread)}")
    try:
        return Encoding(board, version, tag=tag, universe=universe)
    except (NotEncodable, NotImplementedError, ValueError) as exc:
        raise NotDerived(f"the encoding cannot read this board: {exc}") from exc


# --- the events of a step, in the order they happen -----------------------------------------------------


def read_tokens(d: Derivation, step: Any) -> None:
    """111.3, 612.2a: each token an ability creates, read from its source before the step changes anything."""
    for request in getattr(step, "create_tokens", ()):
        d.tokens.append(created_token(d.before, d.version, request, d.stamps))


def read_added_objects(d: Derivation, step: Any) -> None:
    """613.7d: objects the step adds (then the tokens created) get the timestamp of the moment they enter."""
    for o in tuple(step.add_objects) + tuple(d.tokens):
        ts = o.timestamp if _given(o.timestamp) else d.stamps[o.id]
        counters = tuple(c if _given(c.timestamp) else replace(c, timestamp=ts) for c in o.counters)  # 613.7c
        d.objects[o.id] = replace(o, timestamp=ts, counters=counters)
        if o.zone == "battlefield":
            d.entering.append(o.id)


def read_removed_objects(d: Derivation, step: Any) -> None:
    """400.7: objects the case takes out of the game's record altogether."""
    for oid in step.remove_objects:
        d.objects.pop(oid, None)


def read_counters(d: Derivation, step: Any) -> None:
    """613.7c: counters newly put on an object get the timestamp of that moment; those there keep theirs."""
    for oid, counters in step.set_counters.items():
        old = d.objects[oid].counters
        newest: dict[str, float] = {}
        for c in old:
            newest[c.kind] = max(newest.get(c.kind, -math.inf), c.timestamp)
        out = []
        for c in counters:
            if _given(c.timestamp):
                out.append(c)
            else:
                out.append(replace(c, timestamp=d.stamps.get((oid, c.kind), newest.get(c.kind, math.inf))))
        d.objects[oid] = replace(d.objects[oid], counters=tuple(out))


def read_attachments(d: Derivation, step: Any) -> None:
    """613.7e: an Aura, Equipment or Fortification that becomes attached gets a new timestamp."""
    for oid, target in step.attach.items():
        obj = replace(d.objects[oid], attached_to=target)
        if oid in d.stamps and oid not in step.set_timestamp:
            obj = replace(obj, timestamp=d.stamps[oid])
        d.objects[oid] = obj


def read_explicit_timestamps(d: Derivation, step: Any) -> None:
    """613.7: a timestamp the case states for an object."""
    for oid, ts in step.set_timestamp.items():
        d.objects[oid] = replace(d.objects[oid], timestamp=ts)


def new_object(obj: GameObject, zone: str) -> GameObject:
    """400.7, 122.2, 712, 729: the object in its new zone, with nothing of its previous existence."""
    return replace(
        obj,
        zone=zone,
        counters=(),
        attached_to=None,
        face_history=(),
        entered_as=FrozenMap(),
        chosen=FrozenMap(),
        transformed=False,
        transform_history=(),
        merges=(),
        exiled_with=None if obj.zone == "exile" else obj.exiled_with,  # 607.2a: linked to it in exile only
        stickers=obj.stickers if zone in _PUBLIC_ZONES else (),  # 123.5: kept in a public zone, lost in a hidden one
        monstrous=False,  # 701.37b: monstrous is a designation of the permanent, not of the new object
        flipped=False,  # 710.3: a flipped permanent that leaves the battlefield is a new, unflipped object
    )


def moved(d: Derivation, moves: Mapping[str, str], stamps: Mapping[str, float]) -> None:
    """400.7, 611.2c, 613.7d: objects change zones at once; each is a new object with a new timestamp."""
    gone = {oid for oid, zone in moves.items() if d.objects[oid].zone != zone}
    if not gone:
        return
    for oid in sorted(gone):
        old = d.objects[oid]
        for m in old.merges:  # 729: each other component becomes an object of its own in the new zone
            d.objects[m.component.id] = new_object(m.component, moves[oid])
        new = new_object(old, moves[oid])
        d.objects[oid] = replace(new, timestamp=stamps[oid]) if oid in stamps else new
    for oid, o in list(d.objects.items()):
        if o.attached_to in gone:  # 301.5, 303.4: what was attached to it is attached to nothing
            d.objects[oid] = replace(o, attached_to=None)
    d.effects = [
        replace(e, applies_to=tuple(i for i in e.applies_to if i not in gone)) if gone & set(e.applies_to) else e
        for e in d.effects
    ]


def read_moves(d: Derivation, step: Any) -> None:
    """400.7, 613.7d: the step's zone changes (an explicit timestamp kept)."""
    stamps = {oid: ts for oid, ts in d.stamps.items() if isinstance(oid, str) and oid in step.move}
    arriving = [oid for oid, zone in step.move.items() if zone == "battlefield" and d.objects[oid].zone != zone]
    moved(d, step.move, stamps)
    d.entering += sorted(arriving)  # 614.1c: a card put onto the battlefield enters it, as an added object does


def read_face_turns(d: Derivation, step: Any) -> None:
    """613.7f, 708.2b: a permanent turned face down, then face up, gets a new timestamp (kept in its history)."""
    for turns, down in ((step.turn_face_down, True), (step.turn_face_up, False)):
        for oid, given in turns.items():
            obj = d.objects[oid]
            if obj.face_down == down:
                continue
            ts = given if _given(given) else d.stamps[oid]
            d.objects[oid] = replace(obj, face_down=down, timestamp=ts, face_history=obj.face_history + ((ts, down),))


def _double_faced(d: Derivation, oid: str) -> bool:
    """712, 707.8a: a double-faced card, or a token that copies a double-faced permanent as double-faced."""
    if d.objects[oid].back_face is not None:
        return True
    for e in d.effects:
        for p in e.parts if oid in e.applies_to else ():
            original = d.objects.get(str(p.args.get("object")))
            if p.op == "copy_of" and p.args.get("double_faced") and original is not None and original.back_face:
                return True
    return False


def read_transforms(d: Derivation, step: Any) -> None:
    """701.28, 613.7g: a double-faced permanent (not face down) turns over and gets the timestamp the case gives."""
    objects = dict(d.objects)
    for oid, ts in getattr(step, "transform", {}).items():
        obj = objects[oid]
        if obj.zone != "battlefield" or obj.face_down or not _double_faced(d, oid):
            continue
        back = not obj.transformed
        if not _given(ts):  # 613.7g: the time it turns over, as the rules assign it (proofs.clock)
            ts = d.stamps[oid]
        d.objects[oid] = replace(
            obj, transformed=back, timestamp=ts, transform_history=obj.transform_history + ((ts, back),)
        )


def read_merges(d: Derivation, step: Any) -> None:
    """729.1, 702.140c: a mutating spell becomes part of the permanent, over or under it; the permanent stays."""
    for spell, how in getattr(step, "merge", {}).items():
        component = d.objects.pop(spell)
        onto = str(how["onto"])
        target = d.objects[onto]
        stickers = target.stickers
        if target.stickers or component.stickers:  # 123.5b, 613.7k: all on the merged permanent, at the merge's time
            stickers = restamped(target.stickers + component.stickers, how["timestamp"])
            component = replace(component, stickers=())
        d.objects[onto] = replace(
            target,
            merges=target.merges + (Merge(how["timestamp"], how["position"] == "over", component),),
            stickers=stickers,
        )
        d.effects = [
            replace(e, applies_to=tuple(i for i in e.applies_to if i != spell)) if spell in e.applies_to else e
            for e in d.effects
        ]


def restamped(stickers: tuple[Sticker, ...], after: float) -> tuple[Sticker, ...]:
    """613.7k: stickers given timestamps immediately after ``after``, keeping their relative order (earliest first)."""
    ranked = sorted(range(len(stickers)), key=lambda k: stickers[k].timestamp)
    return tuple(replace(stickers[k], timestamp=after + (n + 1) * _STICKER_STEP) for n, k in enumerate(ranked))


def read_sticker_restamps(d: Derivation, step: Any) -> None:
    """613.7k: an object that got a new timestamp in the step gives each of its stickers one right after it."""
    for oid, obj in d.objects.items():
        was = d.before.objects.get(oid)
        if obj.stickers and (was is None or was.timestamp != obj.timestamp):
            d.objects[oid] = replace(obj, stickers=restamped(obj.stickers, obj.timestamp))


def read_put_stickers(d: Derivation, step: Any) -> None:
    """123.3, 613.7k: stickers put on an object, each with the time it is put on (in the order put on)."""
    for oid in sorted(getattr(step, "put_stickers", {})):
        obj = d.objects[oid]
        new = []
        for n, sticker in enumerate(step.put_stickers[oid], start=len(obj.stickers)):
            new.append(
                sticker if _given(sticker.timestamp) else replace(sticker, timestamp=d.stamps[("sticker", oid, n)])
            )
        d.objects[oid] = replace(obj, stickers=obj.stickers + tuple(new))


def read_monstrous(d: Derivation, step: Any) -> None:
    """701.37a-b: a permanent that becomes monstrous has that designation (no timestamp: not an effect)."""
    for oid in getattr(step, "become_monstrous", ()):
        if d.objects[oid].zone == "battlefield":
            d.objects[oid] = replace(d.objects[oid], monstrous=True)


def _flip_card(d: Derivation, oid: str) -> bool:
    """710.1, 707.3: a flip card, or a permanent that copies one (through any chain of copy effects)."""
    seen: set[str] = set()
    todo = [oid]
    while todo:
        at = todo.pop()
        if at in seen or at not in d.objects:
            continue
        seen.add(at)
        if d.objects[at].flip_face is not None:
            return True
        todo += [str(p.args["object"]) for e in d.effects if at in e.applies_to for p in e.parts if p.op == "copy_of"]
    return False


def read_flips(d: Derivation, step: Any) -> None:
    """710.3: a flip-card permanent (or a copy of one) that is not flipped yet is flipped, for good; no timestamp."""
    for oid in getattr(step, "flip", ()):
        obj = d.objects[oid]
        if obj.zone == "battlefield" and not obj.flipped and _flip_card(d, oid):
            d.objects[oid] = replace(obj, flipped=True)


def read_effects(d: Derivation, step: Any) -> None:
    """611.2, 613.7b: effects that end, and effects of spells and abilities that resolve (timestamped when created)."""
    ended = set(step.end_effects)
    d.effects = [e for e in d.effects if e.id not in ended]
    for e in step.add_effects:
        d.effects.append(e if _given(e.timestamp) else replace(e, timestamp=d.stamps[("effect", e.id)]))


def read_game(d: Derivation, step: Any) -> None:
    """102.1, 119.1, 402.1: the active player, life totals and hand sizes the step changes."""
    change = getattr(step, "game", {})
    if "turn" in change:
        d.game["turn"] = change["turn"]
    for key in ("life", "hand"):
        if key in change:
            d.game[key] = FrozenMap({**dict(d.game.get(key, {})), **dict(change[key])})


def with_entry_counters(d: Derivation, counts: Mapping[str, Mapping[str, int]]) -> None:
    """614.1c, 613.7c: each entering object gets the counters ``counts`` gives it (kind -> number), stamped with its
    own timestamp."""
    after = d.board()
    for oid, kinds in sorted(counts.items()):
        ts = after.objects[oid].timestamp  # 613.7c-d: the counters it enters with, its timestamp
        added = tuple(Counter(kind, n, ts) for kind, n in sorted(kinds.items()) if n)
        if added:
            d.objects[oid] = replace(d.objects[oid], counters=d.objects[oid].counters + added)


def read_entry_counters(d: Derivation, step: Any) -> None:
    """614.1c, 614.12, 113.6b, 611.3a: each object put onto the battlefield gets the counters replacement
    abilities give it (``proofs.entry``'s reading: sources where they function, conditions, 614.12)."""
    if not any(a.enters_with for a in d.before.abilities.values()):
        return
    after = d.board()
    counts = {}
    for oid in d.entering:
        if oid not in d.objects:
            continue
        try:
            counts[oid] = entry_counters(d.before, after, oid, d.version)
        except (NotEncodable, NotImplementedError, ValueError) as exc:
            raise NotDerived(f"{oid} enters: {exc}") from exc
    with_entry_counters(d, counts)


def read_fixed_amounts(d: Derivation, step: Any) -> None:
    """611.2d, 608.2h: each new resolved effect's amounts fixed as it resolves, in the order created.

    An effect resolves on the board the step has made so far (its other events, the counters
    objects entered with, and the new effects listed before it, with their numbers), without
    itself and the later ones, before state-based actions; ``proofs.fixed_amounts`` reads the
    number off the encoding of that board.
    """
    new = [e.id for e in step.add_effects]
    for j, eid in enumerate(new):
        at = next((k for k, e in enumerate(d.effects) if e.id == eid), None)
        if at is None or not open_amounts(d.effects[at]):
            continue
        later = set(new[j:])
        board = replace(d.board(), effects=tuple(e for e in d.effects if e.id not in later))
        try:
            d.effects[at] = fix_amounts(board, d.effects[at], d.version)
        except (NotEncodable, NotImplementedError, ValueError) as exc:
            raise NotDerived(f"effect {eid}: {exc}") from exc


def _now(board: Board) -> int:
    """613.7: the game's time, the newest timestamp on the board (rounded down); the next event comes after it."""
    times = [e.timestamp for e in board.effects]
    for o in board.objects.values():
        times += [o.timestamp, *(c.timestamp for c in o.counters), *(t for t, _ in o.face_history)]
        times += [*(t for t, _ in o.transform_history), *(m.timestamp for m in o.merges)]
        times += [x.timestamp for x in o.stickers]
    return math.floor(max((t for t in times if _given(t)), default=0))


def read_state_based_actions(d: Derivation, step: Any) -> None:
    """704.3: perform every state-based action that applies, all at once, until none does.

    704.5f, 704.5j, 704.5m: a permanent put into its owner's graveyard is a new object there with a
    new timestamp (400.7, 613.7d), one per object in id order (the case format's order within one
    change), its stickers restamped after it (613.7k); 704.5n: an Equipment or Fortification that
    becomes unattached stays where it is, attached to nothing (no new timestamp: 613.7e stamps
    becoming attached); 704.5q: +1/+1 and -1/-1 counters annihilate.
    """
    if not step.state_based_actions:
        return
    for _ in range(len(d.objects) * 5 + 4):
        board = d.board()
        gone, freed = dies_now(board, d.version, tuple(step.legend_rule_keeps))
        counts = counters_after(board)
        changed = False
        for oid in board.on_battlefield():
            if oid in gone:
                continue
            kept = _annihilated(board.objects[oid].counters, counts[oid])
            if kept != board.objects[oid].counters:
                d.objects[oid] = replace(d.objects[oid], counters=kept)
                changed = True
        for oid in sorted(freed - gone):
            d.objects[oid] = replace(d.objects[oid], attached_to=None)
            changed = True
        if gone:
            now = _now(board)
            stamps: dict[str, float] = {oid: now + n for n, oid in enumerate(sorted(gone), start=1)}
            moved(d, {oid: "graveyard" for oid in gone}, stamps)
            for oid in gone:
                if d.objects[oid].stickers:
                    d.objects[oid] = replace(d.objects[oid], stickers=restamped(d.objects[oid].stickers, stamps[oid]))
        if not gone and not changed:
            return
    raise NotDerived("704.3: state-based actions did not come to an end")


EventReader = Callable[[Derivation, Any], None]

# The events of a step, in the order they happen within it (proofs.clock gives their timestamps in that order).
EVENTS: tuple[tuple[str, EventReader], ...] = (
    ("create_tokens", read_tokens),
    ("add_objects", read_added_objects),
    ("remove_objects", read_removed_objects),
    ("set_counters", read_counters),
    ("attach", read_attachments),
    ("set_timestamp", read_explicit_timestamps),
    ("move", read_moves),
    ("turn_face_down/up", read_face_turns),
    ("transform", read_transforms),
    ("sticker timestamps", read_sticker_restamps),
    ("merge", read_merges),
    ("put_stickers", read_put_stickers),
    ("become_monstrous", read_monstrous),
    ("flip", read_flips),
    ("add_effects/end_effects", read_effects),
    ("game", read_game),
    ("entry counters", read_entry_counters),
    ("resolved amounts", read_fixed_amounts),
    ("state_based_actions", read_state_based_actions),
)


# --- the readings events need -----------------------------------------------------------------------------


def created_token(board: Board, version: RulesVersion, request: Mapping[str, Any], stamps: Assigned) -> GameObject:
    """111.2, 111.3, 111.4, 612.2a: the token ``request['by']``'s ability creates, with its source's text now."""
    tid, source, text = str(request["id"]), str(request["by"]), str(request["ability"])
    definition = board.abilities.get(text)
    if definition is None or definition.creates is None:
        raise NotDerived(f"token {tid}: no ability definition {text!r} creates a token")
    if source not in board.objects:
        raise NotDerived(f"token {tid}: its source {source!r} is not on the board")
    enc = _encode(board, version, "tok")
    ch, u = enc.final[source], enc.u
    terms: dict[str, z3.ExprRef] = {"ctrl": ch[("ctrl", "")]}
    terms.update({f"wmap:{w}": ch[("wmap", w)] for w in u.from_words})
    values = _settled(enc, terms, f"token {tid}")
    images = {w: u.words[values[f"wmap:{w}"].as_long()] for w in u.from_words}
    wording = rewrite(definition.text, images)
    held = _settled(enc, {"held": ch.get_set("abilities", wording)}, f"token {tid}")["held"]
    if not z3.is_true(held):
        raise NotDerived(f"token {tid}: {source} does not have the ability {wording!r} now (612.2a)")
    controller = u.players[values["ctrl"].as_long()]
    made = definition.creates

    def words(key: str) -> frozenset[str]:
        return frozenset(images.get(w, w) for w in made.get(key, ()))

    subtypes = words("subtypes")
    name = made.get("name")
    if not name:  # 111.4: named for its subtypes, with the word "Token" under the newer text
        adds = version.token_name_adds_token
        if adds is None:
            raise NotDerived(f"token {tid}: 111.4: rules version {version.id} does not state the token's name")
        name = " ".join(images.get(s, s).title() for s in made.get("subtypes", ()))
        name = f"{name} Token".strip() if adds else name
    printed = Characteristics(
        name=str(name),
        mana_value=0,
        colors=words("colors"),
        types=frozenset(made.get("types", ())),
        subtypes=subtypes,
        supertypes=frozenset(made.get("supertypes", ())),
        abilities=frozenset(rewrite(a, images) for a in made.get("abilities", ())),
        power=made.get("power"),
        toughness=made.get("toughness"),
        controller=controller,
    )
    ts = request["timestamp"] if _given(request["timestamp"]) else stamps[tid]
    return GameObject(id=tid, printed=printed, owner=controller, timestamp=ts, token=True)


def dies_now(board: Board, version: RulesVersion, keeps: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """704.5f, 704.5j, 704.5m, 704.5n: the permanents state-based actions put into the graveyard now, and those
    that become unattached (each the same under every order the rules allow)."""
    enc = _encode(board, version, "sba")
    dies, falls_off, unstated, unread_auras = dying(enc, version, keeps)
    solver = Bounded()
    solver.add(enc.constraints)
    if solver.check() != z3.sat:
        raise NotDerived("704.3: the encoding's constraints are unsatisfiable")
    for extra, why in (
        (unstated, f"704.5j: rules version {version.id} states no legend rule"),
        (unread_auras, "704.5m: an Aura with no enchant ability read here (702.5a)"),
    ):
        if extra:
            solver.push()
            solver.add(z3.Or(extra))
            if solver.check() != z3.unsat:
                raise NotDerived(why)
            solver.pop()
    solver.check()
    model = solver.model()
    gone = {o for o, t in dies.items() if z3.is_true(model.eval(t, model_completion=True))}
    freed = {o for o, t in falls_off.items() if z3.is_true(model.eval(t, model_completion=True))}
    solver.add(
        z3.Or(
            [t != z3.BoolVal(o in gone) for o, t in dies.items()]
            + [t != z3.BoolVal(o in freed) for o, t in falls_off.items()]
            or [z3.BoolVal(False)]
        )
    )
    if solver.check() != z3.unsat:
        raise NotDerived("704.3: which permanents die or fall off depends on an order the players choose")
    return gone, freed


def _annihilated(counters: tuple[Counter, ...], left: Mapping[str, int]) -> tuple[Counter, ...]:
    """704.5q, 122.1a: counters removed in the order they were placed, down to the counts that remain."""
    total: dict[str, int] = {}
    for c in counters:
        total[c.kind] = total.get(c.kind, 0) + c.count
    remove = {k: total[k] - left.get(k, 0) for k in total}
    out = []
    for c in counters:
        take = min(remove.get(c.kind, 0), c.count)
        remove[c.kind] = remove.get(c.kind, 0) - take
        if c.count - take > 0:
            out.append(c if take == 0 else replace(c, count=c.count - take))
    return tuple(out)


# --- a case, step by step ---------------------------------------------------------------------------------


def named_for(board: Board, version: RulesVersion) -> Board:
    """205.2a: the card type of tribal cards under its name on the version's date (tribal, then kindred)."""
    name = version.kindred_type_name
    old = {"tribal", "kindred"} - {name}

    def rename(ch: Characteristics) -> Characteristics:
        return ch if not (ch.types & old) else replace(ch, types=(ch.types - old) | {name})

    objects = {
        oid: replace(o, printed=rename(o.printed), back_face=None if o.back_face is None else rename(o.back_face))
        if (o.printed.types | (o.back_face.types if o.back_face else frozenset())) & old
        else o
        for oid, o in board.objects.items()
    }
    return replace(board, objects=objects)


def derive_step(before: Board, step: Any, version: RulesVersion) -> Board:
    """613.7, 400.7, 111.3, 614.1c, 712, 729, 704.3: the board after one step, by the encoding's own reading."""
    d = Derivation(
        before=before,
        version=version,
        stamps=assigned_timestamps(before, step),
        objects=dict(before.objects),
        effects=list(before.effects),
        game=dict(before.game),
    )
    for _, reader in EVENTS:
        reader(d, step)
    return named_for(d.board(), version)


def entry_step(initial: Board, steps: tuple[Any, ...], n: int, version: RulesVersion) -> Derivation:
    """614.1c, 614.12: step ``n`` derived up to its entry counters (the board before it, its events before them).

    The steps before it are derived as ``derive_boards`` derives them; ``Derivation.board()`` is then the board
    after the step without the counters its entering objects get, ``entering`` their ids.
    """
    before = (
        derive_boards(initial, steps[: n - 1], version)[-1] if n > 1 else named_for(stickers_at_start(initial), version)
    )
    d = Derivation(
        before=before,
        version=version,
        stamps=assigned_timestamps(before, steps[n - 1]),
        objects=dict(before.objects),
        effects=list(before.effects),
        game=dict(before.game),
    )
    at = [name for name, _ in EVENTS].index("entry counters")
    for _, reader in EVENTS[:at]:
        reader(d, steps[n - 1])
    return d


def _after_counters(d: Derivation, step: Any, counts: Mapping[str, Mapping[str, int]], last: str) -> Derivation:
    """614.1c: a copy of the step ``d`` stopped at its entry counters (``entry_step``), with the counters ``counts``
    gives the entering objects, then the step's later events (``EVENTS``) up to and including ``last``."""
    d = replace(d, objects=dict(d.objects), effects=list(d.effects), game=dict(d.game))
    with_entry_counters(d, counts)
    names = [name for name, _ in EVENTS]
    for _, reader in EVENTS[names.index("entry counters") + 1 : names.index(last) + 1]:
        reader(d, step)
    return d


def entered_with(d: Derivation, step: Any, counts: Mapping[str, Mapping[str, int]]) -> Board:
    """614.1c, 611.2d: the board after the step ``d`` stopped at its entry counters (``entry_step``), with the
    counters ``counts`` gives the entering objects and the step's resolved amounts fixed: before its state-based
    actions (704.3), which the board's characteristics decide."""
    return named_for(_after_counters(d, step, counts, "resolved amounts").board(), d.version)


def steps_after(d: Derivation, steps: tuple[Any, ...], n: int, counts: Mapping[str, Mapping[str, int]]) -> list[Board]:
    """614.1c, 704.3, 613.1: the boards of step ``n`` (stopped at its entry counters in ``d``, ``entry_step``) with
    the counters ``counts`` gives, its state-based actions performed, and of every later step, each derived from the
    one before. Raises NotDerived where a step depends on an order the players choose."""
    out = [named_for(_after_counters(d, steps[n - 1], counts, "state_based_actions").board(), d.version)]
    for step in steps[n:]:
        out.append(derive_step(out[-1], step, d.version))
    return out


def stickers_at_start(board: Board) -> Board:
    """613.7k: on the board a case starts from, a sticker given no timestamp has one right after its object's.

    The stickers left without one were put on before the object got its timestamp, so each gets one
    immediately after it, in the order listed, after those the case stamps.
    """
    objects = dict(board.objects)
    for oid, o in board.objects.items():
        left = [n for n, x in enumerate(o.stickers) if not _given(x.timestamp)]
        if left:
            stamps = {n: o.timestamp + (k + 1) * _STICKER_STEP for k, n in enumerate(left)}
            stickers = tuple(replace(x, timestamp=stamps[n]) if n in stamps else x for n, x in enumerate(o.stickers))
            objects[oid] = replace(o, stickers=stickers)
    return replace(board, objects=objects)


def derive_boards(initial: Board, steps: tuple[Any, ...], version: RulesVersion) -> list[Board]:
    """613.1: the board at every step of a case, each derived from the one before (never from the resolver's).

    ``initial`` is the case's starting board as loaded (stickers may still need their timestamps).
    """
    out = []
    board = named_for(stickers_at_start(initial), version)
    for step in steps:
        board = derive_step(board, step, version)
        out.append(board)
    return out


def board_differences(mine: Board, theirs: Board) -> list[str]:
    """400.7, 613.7: where two boards differ, object by object and field by field (empty: the same board)."""
    out = []
    for oid in sorted(set(mine.objects) | set(theirs.objects)):
        a, b = mine.objects.get(oid), theirs.objects.get(oid)
        if a is None or b is None:
            out.append(
                f"object {oid}: {'absent' if a is None else 'present'} in the z3 reading, "
                f"{'absent' if b is None else 'present'} in the resolver's board"
            )
            continue
        for f in dataclasses.fields(GameObject):
            x, y = getattr(a, f.name), getattr(b, f.name)
            if x != y:
                out.append(f"object {oid}.{f.name}: z3 reading {x!r}, resolver {y!r}")
    mine_e = {e.id: e for e in mine.effects}
    theirs_e = {e.id: e for e in theirs.effects}
    for eid in sorted(set(mine_e) | set(theirs_e)):
        a_e, b_e = mine_e.get(eid), theirs_e.get(eid)
        if a_e == b_e:
            continue
        if a_e is None or b_e is None or len(a_e.parts) != len(b_e.parts):
            out.append(f"effect {eid}: z3 reading {a_e!r}, resolver {b_e!r}")
            continue
        for f in dataclasses.fields(Effect):
            x, y = getattr(a_e, f.name), getattr(b_e, f.name)
            if f.name == "parts":  # 611.2d: an amount fixed as it resolved, named by part and argument
                for k, (p, q) in enumerate(zip(x, y, strict=True)):
                    keys = sorted(set(p.args) | set(q.args)) if p.op == q.op else []
                    if p.op != q.op:
                        out.append(f"effect {eid} part {k}: z3 reading {p!r}, resolver {q!r}")
                    out += [
                        f"effect {eid} part {k} {p.op}.{key}: z3 reading {p.args.get(key)!r}, "
                        f"resolver {q.args.get(key)!r}"
                        for key in keys
                        if p.args.get(key) != q.args.get(key)
                    ]
            elif x != y:
                out.append(f"effect {eid}.{f.name}: z3 reading {x!r}, resolver {y!r}")
    if dict(mine.game) != dict(theirs.game):
        out.append(f"game state: z3 reading {dict(mine.game)!r}, resolver {dict(theirs.game)!r}")
    return out


__all__ = [
    "EVENTS",
    "NotDerived",
    "board_differences",
    "derive_boards",
    "derive_step",
    "entered_with",
    "entry_step",
    "steps_after",
]
