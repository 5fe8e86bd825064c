"""A pair's dependency answer (613.8a) kept between the layer loop's steps as the objects that make it.

The readable test (``reference.dependency.compare_after_trial``) asks whether applying effect ``b`` would change
what effect ``a`` applies to. When neither effect's source changes, ``a`` has no condition and reads no amount,
and ``b``'s operations read only the object they change, that answer is a union over single objects: each object
``b``'s trial would change either enters ``a``'s set (a gained object), leaves it (a lost one) or neither. A step
of the layer loop changes some objects; only on those can an object start or stop being gained or lost, so only
those are tested again (613.8c: the dependencies are asked again after each application, not rebuilt from
nothing). The bookkeeping (``reference_optimized.bookkeeping``) keeps one ``KeptPair`` per pair and slot.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from reference.dependency import DependencyReason, changes_what_it_applies_to
from reference.effects import ContinuousEffect
from reference.model import Part

from .reads import Names, hits

# One entry per applied step: the objects it changed, the characteristics and the names it changed.
Log = Sequence[tuple[frozenset[str], frozenset[str], Names]]

# 613.1: operations whose result, at each characteristic (each ability or subtype by name), reads only that
# characteristic of the object and the ones listed here: a step that changes none of those on an object leaves
# the operation's result there as it was, but for what the step itself changed. Not listed: not known to be so.
LOCAL_EXTRA: dict[str, frozenset[str]] = {
    "add_abilities": frozenset(),  # 613.1f: each named ability (and its grant) from that ability alone
    "remove_abilities": frozenset(),
    "add_colors": frozenset(),  # 105.3
    "set_colors": frozenset(),
    "add_supertypes": frozenset(),  # 205.4
    "remove_supertypes": frozenset(),
    "set_name": frozenset(),
    "set_controller": frozenset(),  # 613.1b: the player, read off the effect's source (watched)
    "modify_pt": frozenset(),  # 613.4c: power from power, toughness from toughness
    "set_pt": frozenset(),
    # 205.3d: a creature type stays only where a card type allows it; 305.6: a type line change brings or takes
    # intrinsic mana abilities, read off the basic land types
    "add_subtypes": frozenset({"types", "all_creature_types", "subtypes", "abilities", "intrinsic"}),
    "remove_subtypes": frozenset({"types", "all_creature_types", "subtypes", "abilities", "intrinsic"}),
}
# of those, the characteristics read whatever name a step changed: a reader of these is not kept by name
_EVERY_NAME: dict[str, frozenset[str]] = {
    "add_subtypes": frozenset({"abilities", "intrinsic"}),
    "remove_subtypes": frozenset({"abilities", "intrinsic"}),
}


class KeptPair:
    """613.8a: one pair's answer in one slot, the step it is up to date with, and what it was read from.

    ``gained`` and ``lost`` are its witnesses (the objects ``b``'s trial would add to or take from ``a``'s set)
    when the answer is kept by its objects; None when it is kept only while no step touches what it watches.
    """

    __slots__ = ("a", "answer", "b", "b_targets", "gained", "locked", "lost", "slot", "touched", "version", "watch")

    def __init__(
        self,
        a: ContinuousEffect,
        b: ContinuousEffect,
        slot: str,
        answer: DependencyReason | None,
        version: int,
        b_targets: frozenset[str],
        locked: tuple[bool, bool],
        watch: frozenset[str | None],
        witnesses: tuple[set[str], set[str]] | None = None,
        touched: tuple[frozenset[str], Names] | None = None,
    ) -> None:
        self.a, self.b, self.slot, self.answer, self.version = a, b, slot, answer, version
        self.b_targets, self.locked, self.watch = b_targets, locked, watch
        self.gained: set[str] | None = None
        self.lost: set[str] | None = None
        if witnesses is not None:
            self.gained, self.lost = witnesses
        # what a step must change on an object for the witnesses there to change (``step_reads``); None: anything
        self.touched = touched


def step_reads(
    parts: tuple[Part, ...], reads: frozenset[str], names: Names
) -> tuple[frozenset[str], dict[str, frozenset[str]]] | None:
    """613.8a: what a step must change on an object to change a pair's witness there, when ``parts`` (b's, in the
    slot) are all local (``LOCAL_EXTRA``) and a's filter reads ``reads`` (by name: ``names``); None otherwise.

    A step that changes none of it on an object leaves a's answer on the object, and on b's trial of it, alone:
    a reads nothing the step changed, and b's result at what a reads is read off what the step left alone.
    """
    extra: set[str] = set()
    for p in parts:
        if p.op not in LOCAL_EXTRA or (p.op in _EVERY_NAME and reads & _EVERY_NAME[p.op]):
            return None  # not local, or a subtype change read by a's abilities (305.6): not kept by name
        extra |= LOCAL_EXTRA[p.op]
    known = {f: n for f, n in names.items() if f in reads or f not in extra}
    return reads | extra, known


def moved_since(
    log: Log,
    since: int,
    sources: Collection[str | None],
    among: Collection[frozenset[str]],
    most: int,
    touched: tuple[frozenset[str], Names] | None = None,
    source_reads: frozenset[str] | None = None,
) -> set[str] | None:
    """613.8c: the objects, of the sets ``among``, that a step logged since ``since`` changed (only the steps
    that changed something of ``touched``, when given: the characteristics, by name where known, a witness reads).

    None when a step changed one of ``sources`` (what an effect is and who controls it: 611.3, 109.4), in what the
    pair reads of them (``source_reads``, when given: else in anything), or when more than ``most`` objects would
    have to be tested again (then the whole answer is read again at once).
    """
    out: set[str] = set()
    for objs, fields, names in log[since:]:
        for s in sources:
            if s in objs and (source_reads is None or not fields.isdisjoint(source_reads)):
                return None
        if touched is not None and not hits(fields, names, touched[0], touched[1]):
            continue
        for objects in among:
            out |= objs & objects
        if len(out) > most:
            return None
    return out


def rewitness(
    gained: set[str],
    lost: set[str],
    objects: Iterable[str],
    before: Collection[str],
    trial: Collection[str],
    takes: Callable[[str], bool],
) -> None:
    """613.8a: bring the witnesses up to date on ``objects``: each one the trial changes (``trial``) is gained when
    ``a`` takes it after the trial (``takes``) and not before, lost when the other way round; any other one is
    neither (an object the trial leaves alone stays in or out of ``a``'s set)."""
    for t in objects:
        gained.discard(t)
        lost.discard(t)
        if t in trial:
            was, now = t in before, takes(t)
            if now and not was:
                gained.add(t)
            elif was and not now:
                lost.add(t)


def witnessed_answer(
    a: ContinuousEffect, b: ContinuousEffect, gained: Collection[str], lost: Collection[str]
) -> DependencyReason | None:
    """613.8a(b): the readable test's answer read off the witnesses: ``a`` depends on ``b`` when b's trial would
    change what ``a`` applies to."""
    if gained or lost:
        return changes_what_it_applies_to(a, b, gained, lost)
    return None
