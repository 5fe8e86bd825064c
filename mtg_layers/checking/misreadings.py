"""Misreadings of the rules: deliberately wrong resolvers (the named "mutants"), the reference with one rule broken.

Each mutant is a function (board, version) -> final characteristics, like
``z3_crosscheck.reference_resolver``. (The mutation campaign, ``mutation_campaign``, is another
thing: mutmut's mechanical mutants of every function of ``reference/``.) The cross-check must catch every one of
them on the corpus or on generated boards (tests/proofs/test_named_mutants.py): that is
the evidence that a "verified" from the cross-check means something.

Mutants patch the resolver's own modules for the duration of one call (or give it a
doctored rules profile); they never change the files.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import Any
from unittest import mock

from reference.model import Board, Characteristics
from reference.versions import Classification, RulesVersion

Resolver = Callable[[Board, RulesVersion], Mapping[str, Characteristics]]


def _resolve(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    import reference.resolver

    return reference.resolver.resolve(board, version).final


@contextlib.contextmanager
def _patched(patches: Mapping[str, Any]) -> Iterator[None]:
    with contextlib.ExitStack() as stack:
        for target, new in patches.items():
            stack.enter_context(mock.patch(target, new))
        yield


def no_dependency(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.8 ignored: no effect ever depends on another; timestamp order only."""

    def graph(group: Any, *args: Any, **kwargs: Any) -> dict[str, dict[str, Any]]:
        return {a.key: {} for a in group}

    with _patched({"reference.resolver.dependency_graph": graph}):
        return _resolve(board, version)


def loops_collapse_layer(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.8b misread: when a layer has any dependency loop, the *whole layer* goes in timestamp order."""
    import reference.dependency as dep

    original_ready = dep.ready

    def ready(graph: Mapping[str, Mapping[str, object]], *flags: Any) -> list[str]:
        loops = dep.strongly_connected(graph)
        if any(len(c) > 1 for c in loops.values()):
            return sorted(graph)
        return original_ready(graph, *flags)

    with _patched({"reference.resolver.ready": ready}):
        return _resolve(board, version)


def no_lock_in(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.6 ignored: an effect's set of objects is recomputed in every layer, and it stops when its ability goes."""
    import reference.dependency as dep
    import reference.effects as eff

    empty: dict[str, Any] = {}

    def wrap(f: Callable[..., Any]) -> Callable[..., Any]:
        def g(*args: Any, **kwargs: Any) -> Any:
            return f(*args[:-1], empty, **kwargs)

        return g

    patches = {
        "reference.resolver.effects_in_play": wrap(eff.effects_in_play),
        "reference.resolver.affected": wrap(eff.affected),
        "reference.dependency.affected": wrap(eff.affected),
        "reference.dependency.regenerate": wrap(eff.regenerate),
    }
    del dep
    with _patched(patches):
        return _resolve(board, version)


def _reclassify(version: RulesVersion, kind: str, origins: tuple[str, ...], slot: str) -> RulesVersion:
    # the first matching classification wins (RulesVersion.slot_of), so a prepended rule overrides
    rules = [Classification(kind, origins, slot), *version.classification]
    return dataclasses.replace(version, classification=tuple(rules))


def counters_after_switch(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.4 misordered: +1/+1 counters apply after switching effects (in the last P/T sublayer)."""
    last = version.slots[-1].id
    return _resolve(board, _reclassify(version, "counter_pt", (), last))


def cdas_not_first(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.3/613.4a ignored: P/T-setting CDAs apply with the other setting effects, in timestamp order."""
    set_slot = version.slot_of("pt_set", "static")
    assert set_slot is not None
    doctored = _reclassify(version, "pt_set", ("cda",), set_slot)
    doctored = _reclassify(doctored, "pt_modify", ("cda",), set_slot)
    doctored = dataclasses.replace(doctored, cda_dependency_isolated=False)

    def rank(e: Any, version: RulesVersion, cda_first: bool) -> tuple[int, Any, Any]:
        return (1, e.timestamp, e.tiebreak)

    with _patched({"reference.resolver.rank": rank}):
        return _resolve(board, doctored)


def dependency_ignores_what_it_does(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.8a(b) truncated: dependency looks at existence, text and objects, never at what the effect does."""

    def nothing(*args: Any, **kwargs: Any) -> dict[str, Any]:
        return {}

    with _patched({"reference.dependency.instructions": nothing}):
        return _resolve(board, version)


def no_reevaluation(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.8c ignored: the dependency graph of a slot is computed once, before its first effect applies."""
    import reference.dependency as dep

    first: dict[tuple[str, frozenset[str]], dict[str, dict[str, Any]]] = {}

    def graph(group: Any, board: Board, state: Any, version: RulesVersion, slot: str, locked: Any) -> Any:
        keys = frozenset(a.key for a in group)
        for (s, ks), g in first.items():
            if s == slot and keys <= ks:
                return {a: {b: r for b, r in deps.items() if b in keys} for a, deps in g.items() if a in keys}
        g = dep.dependency_graph(group, board, state, version, slot, locked)
        first[(slot, keys)] = g
        return g

    with _patched({"reference.resolver.dependency_graph": graph}):
        return _resolve(board, version)


@contextlib.contextmanager
def ignoring_waits() -> Iterator[None]:
    """While active, the resolver computes dependencies but never makes an effect wait for another (613.8b)."""

    def ready(graph: Mapping[str, Mapping[str, object]], *flags: Any) -> list[str]:
        return sorted(graph)

    with _patched({"reference.resolver.ready": ready}):
        yield


def applies_while_waiting(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """613.8b ignored: dependencies are found (and traced) but an effect never waits for the ones it depends on."""
    with ignoring_waits():
        return _resolve(board, version)


def naive_plural(word: str) -> str:
    """The plural before issue 10: -s or -es after every type word (so 'merfolks', 'elfs')."""
    return word + ("es" if word.endswith(("s", "x", "z", "ch", "sh")) else "s")


def plural_adds_s(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """612.2 misread: a type word's plural is the word plus -s (Merfolk -> 'merfolks', Elf -> 'elfs')."""
    with _patched({"reference.filters.plural": naive_plural}):
        return _resolve(board, version)


def planeswalker_types_are_creature_types(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """205.3j/205.3m misread: only seven planeswalker types are known; the others (Gideon, Oko) are creature types."""
    import reference.vocabulary as voc

    few = {"ajani", "chandra", "elspeth", "garruk", "jace", "liliana", "nissa"}
    owner = {k: v for k, v in voc.SUBTYPE_OWNER.items() if v != ("planeswalker",) or k in few}
    creature = voc.CREATURE_TYPES | (frozenset(voc.PLANESWALKER_TYPES) - few)
    patches = {
        "reference.vocabulary.SUBTYPE_OWNER": owner,
        "reference.operations.SUBTYPE_OWNER": owner,
        "reference.vocabulary.CREATURE_TYPES": creature,
    }
    with _patched(patches):
        return _resolve(board, version)


def cda_by_wording(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """604.3a(2), (4) ignored: an ability is a CDA whenever its wording is one, even when an effect granted it."""

    def origin(definition: Any, granted: bool) -> str:
        return "cda" if definition.cda else "static"

    with _patched({"reference.effects.effect_origin": origin}):
        return _resolve(board, version)


def copies_excepted_cdas(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """707.9d ignored: a copy effect with an exception still copies the CDAs that define the excepted characteristic."""

    def keep(board: Board, ch: Characteristics, part_args: Any) -> Characteristics:
        return ch

    with _patched({"reference.copiable.without_excepted_cdas": keep}):
        return _resolve(board, version)


def copy_follows_face(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """707.2b ignored for face-down status: a copy follows the original's later turns face up or down."""

    def now(obj: Any, as_of: Any) -> bool:
        return bool(obj.face_down)

    with _patched({"reference.copiable.face_down_as_of": now}):
        return _resolve(board, version)


def static_abilities_stay_on_battlefield(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """611.3a misread: a static ability whose text names other zones still reaches only permanents."""
    import reference.filters as flt

    def battlefield_only(filt: Any, ctx: Any, anywhere: bool = False, among: Any = None) -> frozenset[str]:
        found = flt.objects_matching(filt, ctx, anywhere, among=among)
        return frozenset(i for i in found if ctx.board.objects[i].zone == "battlefield" or anywhere)

    with _patched({"reference.effects.objects_matching": battlefield_only}):
        return _resolve(board, version)


def acquired_abilities_are_not_cdas(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """604.3a(2) misread: an ability acquired through a text change (612.6 full text) is not a CDA."""
    import reference.effects as eff

    original = eff.static_effect

    def static_effect(board: Board, state: Any, obj_id: str, wording: str) -> Any:
        effect = original(board, state, obj_id, wording)
        printed = board.objects[obj_id].printed.abilities
        if effect is not None and effect.origin == "cda" and wording not in printed:
            return dataclasses.replace(effect, origin="static")
        return effect

    with _patched({"reference.effects.static_effect": static_effect}):
        return _resolve(board, version)


def full_text_keeps_own_values(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """612.6 misread: the full text changes only the rules text, not the name, mana cost, color, type line or P/T."""
    import reference.operations as ops

    original = ops.full_text

    def rules_text_only(ch: Characteristics, args: Any) -> Characteristics:
        out = original(ch, args)
        return ch.with_(abilities=out.abilities, text_changes=out.text_changes)

    with _patched({"reference.operations._SIMPLE": {**ops._SIMPLE, "full_text_of": rules_text_only}}):
        return _resolve(board, version)


def gains_every_kind_of_ability(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
    """113.3 misread: "has all activated abilities of ..." gives every ability, static and triggered ones too."""

    with _patched({"reference.effects.is_activated_ability": lambda text: True}):
        return _resolve(board, version)


MUTANTS: dict[str, Resolver] = {
    "gains-every-kind-of-ability": gains_every_kind_of_ability,
    "acquired-abilities-are-not-cdas": acquired_abilities_are_not_cdas,
    "full-text-keeps-own-values": full_text_keeps_own_values,
    "static-abilities-stay-on-battlefield": static_abilities_stay_on_battlefield,
    "plural-adds-s": plural_adds_s,
    "planeswalker-types-are-creature-types": planeswalker_types_are_creature_types,
    "applies-while-waiting": applies_while_waiting,
    "no-dependency": no_dependency,
    "loops-collapse-layer": loops_collapse_layer,
    "no-lock-in": no_lock_in,
    "counters-after-switch": counters_after_switch,
    "cdas-not-first": cdas_not_first,
    "dependency-ignores-what-it-does": dependency_ignores_what_it_does,
    "cda-by-wording": cda_by_wording,
    "copies-excepted-cdas": copies_excepted_cdas,
    "copy-follows-face": copy_follows_face,
}

# Mutants not (yet) asserted: the corpus has no board on which this one gives another answer.
EXTRA_MUTANTS: dict[str, Resolver] = {"no-reevaluation": no_reevaluation}
