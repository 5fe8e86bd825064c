"""The first named misreadings (issue 18): dependency, lock-in, CDAs, copies, text and the vocabulary."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from reference.model import Board, Characteristics
from reference.versions import RulesVersion

from .base import misreading, patched, reclassify


@misreading(
    "613.8a",
    "No effect ever depends on another; effects apply in timestamp order only.",
    "never builds a dependency graph",
)
def no_dependency(version: RulesVersion) -> Iterator[RulesVersion]:
    def graph(group: Any, *args: Any, **kwargs: Any) -> dict[str, dict[str, Any]]:
        return {a.key: {} for a in group}

    with patched({"reference.resolver.dependency_graph": graph}):
        yield version


@misreading(
    "613.8b",
    "When a layer has any dependency loop, the whole layer applies in timestamp order.",
    "drops every dependency of a slot as soon as one loop appears in it",
)
def loops_collapse_layer(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.dependency as dep

    original_ready = dep.ready

    def ready(graph: Mapping[str, Mapping[str, object]], *flags: Any) -> list[str]:
        loops = dep.strongly_connected(graph)
        if any(len(c) > 1 for c in loops.values()):
            return sorted(graph)
        return original_ready(graph, *flags)

    with patched({"reference.resolver.ready": ready}):
        yield version


@misreading(
    "613.6",
    "An effect's set of objects is recomputed in every layer, and the effect stops when its ability goes.",
    "never locks in what an effect applies to once it began to apply",
)
def no_lock_in(version: RulesVersion) -> Iterator[RulesVersion]:
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
    with patched(patches):
        yield version


@misreading(
    "613.4c",
    "+1/+1 and -1/-1 counters apply after switching effects, in the last power/toughness sublayer.",
    "puts counters' power/toughness changes in 7d",
)
def counters_after_switch(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({}):
        yield reclassify(version, "counter_pt", (), version.slots[-1].id)


@misreading(
    "613.3",
    "Power/toughness-setting characteristic-defining abilities apply with the other setting effects, by timestamp.",
    "applies CDAs in 7b among the other setting effects, in timestamp order",
)
def cdas_not_first(version: RulesVersion) -> Iterator[RulesVersion]:
    set_slot = version.slot_of("pt_set", "static")
    assert set_slot is not None
    doctored = reclassify(version, "pt_set", ("cda",), set_slot)
    doctored = reclassify(doctored, "pt_modify", ("cda",), set_slot)
    doctored = dataclasses.replace(doctored, cda_dependency_isolated=False)

    def rank(e: Any, version: RulesVersion, cda_first: bool) -> tuple[int, Any, Any]:
        return (1, e.timestamp, e.tiebreak)

    with patched({"reference.resolver.rank": rank}):
        yield doctored


@misreading(
    "613.8a",
    "An effect depends on another only through existence, text and the set of objects, never through what it does.",
    "skips 613.8a(b)'s test of what the effect does (its instructions)",
)
def dependency_ignores_what_it_does(version: RulesVersion) -> Iterator[RulesVersion]:
    def nothing(*args: Any, **kwargs: Any) -> dict[str, Any]:
        return {}

    with patched({"reference.dependency.instructions": nothing}):
        yield version


@misreading(
    "613.8c",
    "The dependencies of a layer are found once, before its first effect applies.",
    "never re-evaluates the dependency graph after an application",
)
def no_reevaluation(version: RulesVersion) -> Iterator[RulesVersion]:
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

    with patched({"reference.resolver.dependency_graph": graph}):
        yield version


@misreading(
    "613.8b",
    "Dependencies are found (and traced), but an effect never waits for those it depends on.",
    "applies in timestamp order even when an earlier effect depends on a later one",
)
def applies_while_waiting(version: RulesVersion) -> Iterator[RulesVersion]:
    with ignoring_waits():
        yield version


def ignoring_waits() -> Any:
    """While active, the resolver computes dependencies but never makes an effect wait for another (613.8b)."""

    def ready(graph: Mapping[str, Mapping[str, object]], *flags: Any) -> list[str]:
        return sorted(graph)

    return patched({"reference.resolver.ready": ready})


def naive_plural(word: str) -> str:
    """The plural before issue 10: -s or -es after every type word (so 'merfolks', 'elfs')."""
    return word + ("es" if word.endswith(("s", "x", "z", "ch", "sh")) else "s")


@misreading(
    "612.2",
    "A type word's plural is the word plus -s (Merfolk, 'merfolks'; Elf, 'elfs').",
    "misses text that names a type in the plural, so a text change or a filter misses it",
)
def plural_adds_s(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.filters.plural": naive_plural}):
        yield version


@misreading(
    "205.3j",
    "Only seven planeswalker types exist; the others (Gideon, Oko) are creature types.",
    "keeps Gideon or Oko as a creature type on a creature",
)
def planeswalker_types_are_creature_types(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.vocabulary as voc

    few = {"ajani", "chandra", "elspeth", "garruk", "jace", "liliana", "nissa"}
    owner = {k: v for k, v in voc.SUBTYPE_OWNER.items() if v != ("planeswalker",) or k in few}
    creature = voc.CREATURE_TYPES | (frozenset(voc.PLANESWALKER_TYPES) - few)
    patches = {
        "reference.vocabulary.SUBTYPE_OWNER": owner,
        "reference.operations.SUBTYPE_OWNER": owner,
        "reference.vocabulary.CREATURE_TYPES": creature,
    }
    with patched(patches):
        yield version


@misreading(
    "604.3a",
    "An ability is a characteristic-defining ability whenever its wording is one, even when an effect granted it.",
    "applies a granted CDA-worded ability first, as a CDA",
)
def cda_by_wording(version: RulesVersion) -> Iterator[RulesVersion]:
    def origin(definition: Any, granted: bool) -> str:
        return "cda" if definition.cda else "static"

    with patched({"reference.effects.effect_origin": origin}):
        yield version


@misreading(
    "707.9d",
    "A copy effect with an exception still copies the CDAs that define the excepted characteristic.",
    "keeps the original's CDA beside the copy effect's excepted value",
)
def copies_excepted_cdas(version: RulesVersion) -> Iterator[RulesVersion]:
    def keep(board: Board, ch: Characteristics, part_args: Any, in_addition_keeps: bool = True) -> Characteristics:
        return ch

    with patched({"reference.copiable.without_excepted_cdas": keep}):
        yield version


@misreading(
    "707.2b",
    "A copy follows the original's later turns face up or face down.",
    "reads the original's face-down status now, not as the copy effect began",
)
def copy_follows_face(version: RulesVersion) -> Iterator[RulesVersion]:
    def now(obj: Any, as_of: Any) -> bool:
        return bool(obj.face_down)

    with patched({"reference.copiable.face_down_as_of": now}):
        yield version


@misreading(
    "611.3a",
    "A static ability whose text names other zones still reaches only permanents.",
    "never applies a static ability to cards in a graveyard, hand or library",
)
def static_abilities_stay_on_battlefield(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.filters as flt

    def battlefield_only(
        filt: Any, ctx: Any, anywhere: bool = False, test: Any = None, among: Any = None
    ) -> frozenset[str]:
        found = flt.objects_matching(filt, ctx, anywhere, test, among)
        return frozenset(i for i in found if ctx.board.objects[i].zone == "battlefield" or anywhere)

    with patched({"reference.effects.objects_matching": battlefield_only}):
        yield version


@misreading(
    "604.3a",
    "An ability acquired through a text change (612.6, the full text) is not a characteristic-defining ability.",
    "applies such an ability with the other effects of its layer, by timestamp",
)
def acquired_abilities_are_not_cdas(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.effects as eff

    original = eff.static_effect

    def static_effect(board: Board, state: Any, obj_id: str, wording: str) -> Any:
        effect = original(board, state, obj_id, wording)
        printed = board.objects[obj_id].printed.abilities
        if effect is not None and effect.origin == "cda" and wording not in printed:
            return dataclasses.replace(effect, origin="static")
        return effect

    with patched({"reference.effects.static_effect": static_effect}):
        yield version


@misreading(
    "612.6",
    "Taking another object's full text changes only the rules text, not the name, cost, color, type line or P/T.",
    "keeps the object's own name, types and power/toughness under a full-text effect",
)
def full_text_keeps_own_values(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    original = ops.full_text

    def rules_text_only(ch: Characteristics, args: Any) -> Characteristics:
        out = original(ch, args)
        return ch.with_(abilities=out.abilities, text_changes=out.text_changes)

    with patched({"reference.operations._SIMPLE": {**ops._SIMPLE, "full_text_of": rules_text_only}}):
        yield version


@misreading(
    "113.3",
    '"Has all activated abilities of ..." gives every ability, static and triggered ones too.',
    "grants static and triggered abilities along with the activated ones",
)
def gains_every_kind_of_ability(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.effects.is_activated_ability": lambda text: True}):
        yield version


FIRST = (
    gains_every_kind_of_ability,
    acquired_abilities_are_not_cdas,
    full_text_keeps_own_values,
    static_abilities_stay_on_battlefield,
    plural_adds_s,
    planeswalker_types_are_creature_types,
    applies_while_waiting,
    no_dependency,
    loops_collapse_layer,
    no_lock_in,
    counters_after_switch,
    cdas_not_first,
    dependency_ignores_what_it_does,
    cda_by_wording,
    copies_excepted_cdas,
    copy_follows_face,
)
EXTRA = (no_reevaluation,)
