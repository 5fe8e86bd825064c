"""State-based actions (704) that a case can ask for between steps, where the answer depends on them.

704.3: whenever a player would receive priority, the game checks every state-based action at
once, performs all that apply simultaneously, and checks again until none applies. A case step
with ``state_based_actions`` does this after its other changes, under one rules version (the
characteristics it reads come from that version's layer system). Implemented:

* 704.5f: a creature with toughness 0 or less is put into its owner's graveyard;
* 704.5j: the legend rule. Under the current rule (Magic 2014 on) a player who controls two or
  more legendary permanents with the same name chooses one and the rest go to the graveyard; the
  case names the one kept (``legend_rule_keeps``). Under the rule of 2004-2013 every legendary
  permanent sharing its name with another goes, whoever controls them. A rules version says
  which (flag ``legend_rule``: "all" to 2013-07-12, "choose" from 2013-07-13); a profile of
  your own that states neither cannot decide a board that needs the rule;
* 704.5m: an Aura attached to an illegal object, or to nothing, is put into its owner's graveyard
  (what it may enchant: its enchant ability, 702.5a, and 303.4d; reference.attachments);
* 704.5n: an Equipment or Fortification attached to an illegal permanent becomes unattached and stays
  on the battlefield (301.5c, 301.6);
* 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller count;
* 704.5y (704.5s in the Wilds of Eldraine text; 303.7a): of the Roles a player controls attached to one
  permanent, all but the newest (latest timestamp) go to their owners' graveyards.

(704.5m and 704.5n in the current text; 704.5n and 704.5p in earlier ones, and the state-based effects
of rule 420.5 in the 2004 text; the date the letters moved was not read.) A permanent that leaves an
Aura or Equipment behind frees it (400.7), and the round after that puts the Aura into the graveyard.

An object put into a graveyard is a new object (400.7): effects of resolved spells and abilities
that applied to it no longer do, and it has no counters and is attached to nothing; it gets a new
timestamp as it enters the graveyard (613.7d). Other
state-based actions (damage, loyalty, tokens outside the battlefield, 704.5p's other attached
permanents) are outside the model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from .attachments import illegally_attached
from .clock import Clock
from .model import Board, Characteristics, Counter
from .stickers import with_new_timestamp
from .versions import NotStated, RulesVersion
from .zones import change_zones

PLUS, MINUS = "+1/+1", "-1/-1"

Resolve = Callable[[Board, RulesVersion], Mapping[str, Characteristics]]


class StateBasedActionError(NotStated):
    """A state-based action the case or the rules version does not give enough to perform (704.5j)."""


@dataclass(frozen=True)
class Action:
    """One state-based action on one object: a move to the graveyard, new counters, or becoming unattached."""

    rule: str  # 704.5f | 704.5j | 704.5m | 704.5n | 704.5q | 704.5y
    object: str
    text: str
    zone: str | None = None
    counters: tuple[Counter, ...] | None = None
    # 704.5n: the permanent becomes unattached and stays on the battlefield
    unattach: bool = False


def zero_toughness(final: Mapping[str, Characteristics]) -> list[Action]:
    """704.5f: each creature with toughness 0 or less goes to its owner's graveyard."""
    return [
        Action("704.5f", oid, f"{oid} has toughness {ch.toughness or 0}: put into its owner's graveyard", "graveyard")
        for oid, ch in sorted(final.items())
        if "creature" in ch.types and (ch.toughness or 0) <= 0
    ]


def legend_rule(final: Mapping[str, Characteristics], version: RulesVersion, keeps: tuple[str, ...]) -> list[Action]:
    """704.5j: same-name legends go: all, whoever controls them (to 2013), else all but one kept per player."""
    shared = _shared_names(final, per_player=False)
    if version.legend_rule is None and shared:
        raise StateBasedActionError(
            f"704.5j: rules version {version.id} spans the 2013 change of the legend rule and states neither form; "
            f"{'; '.join(', '.join(ids) for ids in shared.values())} share a name",
            "legend_rule",
        )
    out = []
    for (player, name), ids in _shared_names(final, per_player=version.legend_rule != "all").items():
        if version.legend_rule == "all":
            gone = ids
        else:
            kept = [i for i in ids if i in keeps]
            if len(kept) != 1:
                raise StateBasedActionError(
                    f"704.5j: {player} controls {', '.join(ids)}, legendary and named {name!r}: "
                    "the step must name exactly one of them in legend_rule_keeps"
                )
            gone = [i for i in ids if i != kept[0]]
        out += [
            Action("704.5j", i, f"{i}: legend rule ({name!r}), put into its owner's graveyard", "graveyard")
            for i in gone
        ]
    return out


def _shared_names(final: Mapping[str, Characteristics], per_player: bool) -> dict[tuple[str, str], list[str]]:
    """704.5j: legendary permanents that share a name (and, under the rule of 2013 on, a controller)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for oid, ch in sorted(final.items()):
        if "legendary" in ch.supertypes and ch.name is not None:
            groups.setdefault((ch.controller if per_player else "", ch.name), []).append(oid)
    return {k: ids for k, ids in sorted(groups.items()) if len(ids) >= 2}


def attachments(board: Board, final: Mapping[str, Characteristics]) -> list[Action]:
    """704.5m-n: an Aura attached illegally or to nothing goes; an Equipment or Fortification falls off."""
    out = []
    for oid in sorted(final):
        target = board.objects[oid].attached_to
        found = illegally_attached(oid, target if target in final else None, final)
        if found is None:
            continue
        rule, what = found
        if what == "unknown":
            raise StateBasedActionError(
                f"704.5m: {oid} is an Aura with no enchant ability (702.5a) that says what it may enchant",
                "",
            )
        where = f"attached to {target}" if target in final else "attached to nothing"
        if what == "graveyard":
            out.append(
                Action(rule, oid, f"{oid}: Aura {where} it can't enchant, put into its owner's graveyard", "graveyard")
            )
        else:
            out.append(Action(rule, oid, f"{oid}: {where} illegally, becomes unattached", unattach=True))
    return out


def roles(board: Board, final: Mapping[str, Characteristics]) -> list[Action]:
    """704.5y (704.5s in the text of Wilds of Eldraine), 303.7a: of the Roles one player controls attached to one
    permanent, all but the one with the latest timestamp go to their owners' graveyards."""
    mine: dict[tuple[str, str], list[str]] = {}
    for oid in sorted(final):
        host = board.objects[oid].attached_to
        if host in final and "role" in final[oid].subtypes:
            mine.setdefault((str(host), final[oid].controller), []).append(oid)
    out = []
    for (host, player), ids in sorted(mine.items()):
        if len(ids) < 2:
            continue
        newest = max(board.objects[i].timestamp for i in ids)
        kept = [i for i in ids if board.objects[i].timestamp == newest]
        if len(kept) > 1:  # the Wilds of Eldraine ruling: its controller chooses, which no case states yet
            raise StateBasedActionError(
                f"704.5y: {player}'s Roles {', '.join(kept)} on {host} have the same timestamp: the player chooses "
                "which to keep, a choice the format cannot state",
                "",
            )
        out += [
            Action(
                "704.5y",
                i,
                f"{i}: {player} controls a newer Role on {host} ({kept[0]}): put into its owner's graveyard",
                "graveyard",
            )
            for i in ids
            if i != kept[0]
        ]
    return out


def counters_annihilate(board: Board) -> list[Action]:
    """704.5q: N +1/+1 and N -1/-1 counters are removed, N the smaller number of the two."""
    out = []
    for oid in board.on_battlefield():
        counters = board.objects[oid].counters
        plus = sum(c.count for c in counters if c.kind == PLUS)
        minus = sum(c.count for c in counters if c.kind == MINUS)
        n = min(plus, minus)
        if n == 0:
            continue
        kept: list[Counter] = []
        left = {PLUS: n, MINUS: n}
        for c in counters:  # the oldest entries go first; only the counts matter (122.1a)
            take = min(left.get(c.kind, 0), c.count)
            if c.kind in left:
                left[c.kind] -= take
            if c.count - take > 0:
                kept.append(replace(c, count=c.count - take))
        out.append(Action("704.5q", oid, f"{oid}: {n} +1/+1 and {n} -1/-1 counters removed", counters=tuple(kept)))
    return out


def due(board: Board, version: RulesVersion, keeps: tuple[str, ...], resolve: Resolve) -> list[Action]:
    """704.3: every state-based action that applies now, with the characteristics of this version."""
    # 704.5f and 704.5j read permanents: objects in other zones are resolved too (613.1) but are not checked
    here = set(board.on_battlefield())
    final = {oid: ch for oid, ch in resolve(board, version).items() if oid in here}
    freed = attachments(board, final)
    moves = zero_toughness(final) + legend_rule(final, version, keeps) + [a for a in freed if a.zone is not None]
    moves += roles(board, final)
    moved = {a.object for a in moves}
    first = {a.object: a for a in moves}  # an object dies once even when two rules say so (704.3)
    unattached = [a for a in freed if a.unattach and a.object not in moved]
    return list(first.values()) + unattached + [a for a in counters_annihilate(board) if a.object not in moved]


def perform(board: Board, actions: list[Action]) -> Board:
    """704.3, 400.7, 613.7d: perform the actions at once; a moved object is a new object with a new timestamp.

    Each object put into a graveyard enters that zone and gets the timestamp of that moment, later than
    every timestamp on the board, one per object in the order of their ids (the order the case format
    gives events within one change, reference.clock); its stickers follow it (613.7k).
    """
    objects = dict(board.objects)
    for a in actions:
        if a.zone is None and a.counters is not None:
            objects[a.object] = replace(objects[a.object], counters=a.counters)
        if a.unattach:  # 704.5n: it stays on the battlefield, attached to nothing
            objects[a.object] = replace(objects[a.object], attached_to=None)
    clock = Clock(board)
    board = change_zones(replace(board, objects=objects), {a.object: a.zone for a in actions if a.zone is not None})
    moved = sorted({a.object for a in actions if a.zone is not None})
    if not moved:
        return board
    objects = dict(board.objects)
    for oid in moved:
        was = objects[oid].timestamp
        objects[oid] = with_new_timestamp(replace(objects[oid], timestamp=clock.tick()), was)
    return replace(board, objects=objects)


def state_based_actions(
    board: Board, version: RulesVersion, keeps: tuple[str, ...], resolve: Resolve
) -> tuple[Board, tuple[tuple[Action, ...], ...]]:
    """704.3: check, perform all at once, repeat until none applies; the board and the rounds performed."""
    rounds: list[tuple[Action, ...]] = []
    for _ in range(len(board.objects) * 5 + 4):  # each round moves or frees an object or removes counters
        actions = due(board, version, keeps, resolve)
        if not actions:
            return board, tuple(rounds)
        board = perform(board, actions)
        rounds.append(tuple(actions))
    raise StateBasedActionError("704.3: state-based actions did not come to an end")
