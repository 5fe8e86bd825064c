"""Counters an object enters with because of its characteristics (614.1c, 614.12): "enters with an additional counter".

"Each other non-Human creature you control enters with an additional +1/+1 counter on it"
(Grumgully, the Generous) is a replacement effect that modifies how a permanent enters
(614.1c). Whether it applies is decided from the entering object as it would exist on
the battlefield (614.12): with the replacement effects that already modified how it enters
(the copy effect of a Clone entering as a copy), the continuous effects that already apply
to it (a type change made to the spell), and its own static abilities (Adaptive Automaton's
chosen type). The rules version's flag ``entry_sees_existing_effects`` says whether the
static abilities of other permanents count too: from Ixalan (2017-09-29) they do, as
continuous effects that already exist and would apply to it (Arcane Adaptation naming Elf
makes a creature entering an Elf for Metallic Mimic's counter), except those of objects
entering at the same time, whose effects do not exist yet; before, they did not (the Dearly
Departed ruling, 2011-09-22: under Xenograft naming Human a Vampire gets no counter from
Dearly Departed).

The abilities that apply are those of the objects before it enters, where they function (113.6:
a permanent's on the battlefield; "as long as Dearly Departed is in your graveyard" from the
graveyard, 113.6b; an emblem's from the command zone, 114.4), so a creature entering at the same
time as Renata, Called to the Hunt gets no counter from it; and the entering object's own, only
when it affects only that object (614.12: "each creature you control enters with an additional
+1/+1 counter" does not give the entering creature one). An "as long as" condition on such an
ability is read as the object enters (611.3a). Each puts its counters on it as it enters, with the object's
timestamp (613.7c-d); two such abilities add up.

The entering object is read under the order of tied effects the players chose (613.7m, the case's
``tie_order``), the one order the object then follows on the battlefield. Where the board leaves that
order open and the counters differ between its orders, no single count is right: an error naming the
counters of each, until the case records the order (reading it under one order only gave, with the
object's other values enumerated per order, outcomes no order allows). A step's outcomes are listed all the
same by reading the whole step under each order (``through_step``, ``step_outcomes``): the counters and the
board after it under one order, every order in turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from .choices import LIMIT, Orders, Outcome, Outcomes, Resolver, every_order, outcome_key, outcomes
from .chosen import with_choices
from .effects import definition_of, functions_in
from .errors import ResolutionError
from .filters import Context, condition_holds, matches, substitute
from .model import AbilityDef, Board, Characteristics, Counter, GameObject, State
from .resolver import Resolution, resolve
from .timestamps import Tie
from .versions import RulesVersion

if TYPE_CHECKING:
    from .case import Case


class EntryError(ResolutionError):
    """An entry the case asks about cannot be decided (no rules version to read characteristics with)."""


class OpenEntryError(EntryError):
    """613.7m, 614.12: the counters an object enters with depend on an order of tied effects the board leaves open."""


def entry_abilities(board: Board) -> bool:
    """614.1c: True when some ability definition of the board modifies how objects enter with counters."""
    return any(d.enters_with for d in board.abilities.values())


def as_it_would_exist(
    board: Board, obj_id: str, version: RulesVersion, arriving: frozenset[str] = frozenset()
) -> Characteristics:
    """614.12: the entering object as it would exist on the battlefield (which other static abilities reach it).

    Under the reading before Ixalan only the object's own static abilities and the effects that
    already apply to it act on it (the Dearly Departed ruling: another permanent's static ability
    does not); from Ixalan (flag ``entry_sees_existing_effects``) every continuous effect that
    already exists does too, but not the static abilities of ``arriving``, the objects entering
    at the same time (their effects do not exist yet). The other
    permanents stay where they are, as they are, so what its own abilities count or read is the
    real board. Copy effects still read the copied object's copiable values (707.2), which
    include the copy effects that apply to the copied object (707.3: a copy of a Clone that
    copied Elite Vanguard is an Elite Vanguard).
    """
    return looked_at(board, obj_id, version, arriving).final[obj_id]


def arriving_with(before: Board, after: Board) -> frozenset[str]:
    """614.12: the objects on the battlefield after a step that were not there before it (entering at once)."""
    return frozenset(
        i
        for i, o in after.objects.items()
        if o.zone == "battlefield" and (i not in before.objects or before.objects[i].zone != "battlefield")
    )


def replacement_applies(
    definition: AbilityDef,
    source: str,
    source_ch: Characteristics,
    board: Board,
    state: Mapping[str, Characteristics],
    obj_id: str,
    wording: str,
) -> bool:
    """614.1c, 614.12: the "enters with" ability of ``source`` applies to the object entering (its filter holds).

    The filter reads as the source's text now reads (612.1: "non-Human" changed to "non-Elf").
    """
    changes = source_ch.text_changes if definition.text != wording else ()
    filt = with_choices(substitute(definition.applies_to, changes), board.objects[source].chosen)  # 607.2d
    ctx = Context(board=board, state=state, source=source, controller=source_ch.controller)
    return matches(filt, obj_id, ctx)


def affects_only_itself(definition: AbilityDef) -> bool:
    """614.12: an entering permanent's own replacement ability applies to it only when it affects only that permanent.

    "This creature enters with ..." (its filter names only its source) does; "each creature you
    control enters with ..." affects a general group that includes it, and does not apply to it
    as it enters (614.12, the principle of Orb of Dreams).
    """
    filt = definition.applies_to
    if not isinstance(filt, Mapping):
        return False
    if filt.get("is_source") is True:
        return True
    return any(isinstance(f, Mapping) and f.get("is_source") is True for f in filt.get("all", ()))


def condition_allows(
    definition: AbilityDef, source: str, source_ch: Characteristics, board: Board, state: State
) -> bool:
    """611.3a, 614.1c: an "as long as ..." condition on an enters-with ability, read as the object is about to enter."""
    if definition.condition is None:
        return True
    return condition_holds(
        definition.condition, Context(board=board, state=state, source=source, controller=source_ch.controller)
    )


def entry_counters(before: Board, after: Board, obj_id: str, version: RulesVersion | None) -> tuple[Counter, ...]:
    """614.1c, 614.12, 613.7c, 113.6b: the additional counters an object gets as it enters the battlefield.

    ``before`` is the board before it entered (the abilities of its objects apply where they
    function: a permanent's on the battlefield, "as long as this card is in your graveyard" from
    the graveyard, an emblem's from the command zone), ``after`` the board with it and whatever
    modified how it enters. The entering object's own ability applies to it only when it affects
    only it (614.12).

    Where the boards leave an order of tied effects to the players (613.7m) and the counters differ
    between those orders, the counters depend on that choice: an error, until the case records the
    order chosen (``tie_order``), as for an amount fixed on resolution (611.2d). The orders of ``before``
    (the sources) and of the entering object's board are taken apart, each pair of their outcomes
    counted: a pair may mix two orders no one player chose together, so the check errs on the side of
    refusing, never of a wrong count.
    """
    return _entry(before, after, obj_id, version, refuse_open=True)[0]


def _entry(
    before: Board, after: Board, obj_id: str, version: RulesVersion | None, refuse_open: bool
) -> tuple[tuple[Counter, ...], tuple[Tie, ...]]:
    """614.1c, 614.12, 613.7m: ``entry_counters`` (``refuse_open``), or under the recorded order with the ties met
    (of the sources' board and of the entering object looked at), for the caller to enumerate their orders."""
    obj = after.objects[obj_id]
    if obj.zone != "battlefield" or not entry_abilities(after):
        return (), ()
    if version is None:
        raise EntryError(
            f"{obj_id} enters while an ability may give it counters by its characteristics (614.12): "
            "a rules version is needed to read them"
        )
    arriving = arriving_with(before, after)
    looked = looked_at(after, obj_id, version, arriving)  # (``as_it_would_exist``, with its open ties)
    sources = resolve(before, version)
    added = counters_added(before, after, obj_id, looked.final[obj_id], sources.final)
    met = tuple(dict.fromkeys((*looked.ties, *sources.ties)))
    if refuse_open and (looked.undecided or sources.undecided):  # (a source's tie is not the entering board's)
        choices = {
            counters_added(before, after, obj_id, seen[obj_id], sources)
            for seen in _every_final(looked_at_board(after, obj_id, version, arriving), version, obj_id)
            for sources in _every_final(before, version, obj_id)
        }
        if choices != {added}:
            shown = " or ".join(repr(dict(c)) for c in sorted(choices))
            raise OpenEntryError(
                f"{obj_id} enters with counters that depend on the order the players choose for tied effects "
                f"(613.7m, 614.12): {shown}; record the chosen order (tie_order)"
            )
    return tuple(Counter(kind, n, obj.timestamp) for kind, n in added), met


def looked_at_board(board: Board, obj_id: str, version: RulesVersion, arriving: frozenset[str]) -> Board:
    """614.12: the board with ``obj_id`` looked at as it would exist on the battlefield (``as_it_would_exist``)."""
    aside = (arriving - {obj_id}) if version.entry_sees_existing_effects else None
    return replace(board, entering=obj_id, entering_aside=aside)


def looked_at(board: Board, obj_id: str, version: RulesVersion, arriving: frozenset[str]) -> Resolution:
    """614.12: the layer process of the board with ``obj_id`` looked at as it would enter (``as_it_would_exist`` reads
    the object from it)."""
    return resolve(looked_at_board(board, obj_id, version, arriving), version)


def _every_final(board: Board, version: RulesVersion, obj_id: str) -> list[Mapping[str, Characteristics]]:
    """613.7m: the final states of ``board`` under every order of its tied effects the players may choose."""
    found = outcomes(board, version)
    if not found.complete:
        raise OpenEntryError(
            f"{obj_id} enters while too many tied effects leave orders open (613.7m) to read it as it would "
            "exist under each: record the chosen order (tie_order)"
        )
    return [o.final for o in found.outcomes]


def looking_back(before: Board, after: Board) -> Board:
    """614.12: ``after`` with each object that left the board in the step (``remove_objects``) back as it was before it.

    The replacement effects that modify how an object enters are those that exist as it would enter, so a source
    leaving in the same step still applies, read as it was then (its choices, counters, attachments): the look-back
    is 614.12's own, not that of leaves-the-battlefield triggers (which is for triggered abilities, not replacement
    effects). An object moved to another zone stays where the step put it (its ability applied from where it was,
    ``before``).
    """
    gone = {i: o for i, o in before.objects.items() if i not in after.objects}
    return replace(after, objects={**after.objects, **gone}) if gone else after


def counters_added(
    before: Board,
    after: Board,
    obj_id: str,
    entering: Characteristics,
    sources: Mapping[str, Characteristics],
) -> tuple[tuple[str, int], ...]:
    """614.1c, 614.12, 611.3a: the counters (kind, number) the enters-with abilities of ``sources`` (the objects as
    they are before it enters) and its own give ``obj_id``, looked at as ``entering``."""
    after = looking_back(before, after)  # 614.12: a source that left the game in the step, as it was
    state = {**{i: ch for i, ch in sources.items() if before.objects[i].zone == "battlefield"}, obj_id: entering}
    prior = {i: ch for i, ch in state.items() if i != obj_id}  # 611.3a: the condition reads the game before it enters
    candidates = [(i, ch) for i, ch in sorted(sources.items()) if i != obj_id] + [(obj_id, entering)]
    added: dict[str, int] = {}
    for source, ch in candidates:
        zone = "battlefield" if source == obj_id else before.objects[source].zone
        for wording in sorted(ch.abilities):
            d = definition_of(after, ch, wording)
            if d is None or not d.enters_with or not functions_in(d, zone):
                continue
            if source == obj_id and not affects_only_itself(d):
                continue  # 614.12: a general "each creature you control enters with" does not apply to itself
            if not condition_allows(d, source, ch, after, prior):
                continue
            if replacement_applies(d, source, ch, after, state, obj_id, wording):
                for kind, n in d.enters_with.items():
                    added[kind] = added.get(kind, 0) + int(n)
    return tuple(sorted(added.items()))


def entered(before: Board, after: Board, added: tuple[GameObject, ...], version: RulesVersion | None) -> Board:
    """614.1c: each object a step puts onto the battlefield, with the counters it enters with."""
    return _entered(before, after, added, version, refuse_open=True)[0]


def entered_meeting(
    before: Board, after: Board, added: tuple[GameObject, ...], version: RulesVersion | None
) -> tuple[Board, tuple[Tie, ...]]:
    """614.1c, 613.7m: ``entered`` under the boards' recorded order, with the ties its entry readings met."""
    return _entered(before, after, added, version, refuse_open=False)


def _entered(
    before: Board, after: Board, added: tuple[GameObject, ...], version: RulesVersion | None, refuse_open: bool
) -> tuple[Board, tuple[Tie, ...]]:
    """614.1c, 613.7m: ``entered`` (``refuse_open``) or ``entered_meeting``: the board and the ties met."""
    objects = dict(after.objects)
    met: dict[Tie, None] = {}
    for o in added:
        if o.id not in objects:
            continue
        extra, ties = _entry(before, after, o.id, version, refuse_open)
        met.update(dict.fromkeys(ties))
        if extra:
            objects[o.id] = replace(objects[o.id], counters=objects[o.id].counters + extra)
    return replace(after, objects=objects), tuple(met)


def through_step(
    case: Case, step: int, version: RulesVersion, resolver: Resolver = resolve
) -> tuple[Board, Resolution]:
    """613.7m, 614.12: the board at ``step`` with each entry read under the case's recorded order, and its resolution
    with the ties met by those readings too (after its own): undecided while an entering object's order is open."""
    from .case import board_meeting  # (reference.case reads entries through this module)

    board, met = board_meeting(case, step, version)
    res = resolver(board, version)
    return board, replace(res, ties=res.ties + tuple(t for t in met if t not in res.ties))


def step_outcomes(
    case: Case,
    step: int,
    version: RulesVersion,
    limit: int = LIMIT,
    resolver: Resolver = resolve,
    orders: Orders = every_order,
) -> tuple[tuple[Board, ...], Outcomes]:
    """613.7m, 614.12: every outcome of a case's step, each order of the tied effects read through the whole step (the
    counters an object enters with, as it would exist, and the board after it, in one order), with each one's board.

    ``reference.choices.outcomes``, its resolver building the step again under each order tried; by default every
    order of each tie is tried (``orders``: ``reference_optimized.step_orders`` passes one per class of orders that
    end alike through the whole step); an outcome is split where two of its orders give the objects different
    counters (or zones, or owners: what its final state does not hold)."""
    skeleton, _ = through_step(case, step, version, resolver)
    built: dict[tuple[str, ...], dict[object, tuple[Board, Resolution]]] = {}  # order -> seats -> board, resolution

    def under(board: Board, v: RulesVersion) -> Resolution:
        seats = {k: board.game[k] for k in ("turn", "turn_order") if k in board.game and k not in skeleton.game}
        chosen = replace(case, tie_order=board.tie_order, game={**case.game, **seats})
        b, res = through_step(chosen, step, v, resolver)
        built.setdefault(board.tie_order, {})[tuple(sorted(seats.items()))] = (b, res)
        return res

    found = outcomes(skeleton, version, limit, orders, under)
    boards: list[Board] = []
    split: list[Outcome] = []
    for o in found.outcomes:
        key = outcome_key(o.final)
        by_board: dict[object, tuple[Board, list[tuple[str, ...]]]] = {}
        for extra in o.orders:
            for b, res in built.get(skeleton.tie_order + extra, {}).values():
                if outcome_key(res.final) == key:
                    placed = tuple(sorted((i, x.counters, x.zone, x.owner) for i, x in b.objects.items()))
                    by_board.setdefault(placed, (b, []))[1].append(extra)
        if not by_board:  # every outcome's order was resolved by ``under``: none is dropped
            raise EntryError(f"{case.id}: an outcome of step {step} without the board it was found on")
        for b, extras in by_board.values():
            boards.append(b)
            split.append(replace(o, orders=tuple(dict.fromkeys(extras))))
    return tuple(boards), replace(found, outcomes=tuple(split))
