"""Misreadings of counters (122), of the counters a permanent enters with (614.1c, 614.12) and of the
state-based actions the project models (704)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from reference.versions import RulesVersion

from .base import Misreading, doctoring, misreading, patched


@misreading(
    "122.1b",
    "A keyword counter is only a marker: it gives its object no ability.",
    "ignores flying, deathtouch and the other keyword counters",
)
def keyword_counters_give_nothing(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.operations as ops

    def counter_keyword(ch: Any, args: Any, ts: Any) -> Any:
        return ch

    with patched({"reference.operations._TIMED": {**ops._TIMED, "counter_keyword": counter_keyword}}):
        yield version


@misreading(
    "122.1a",
    "+1/+1 counters count once each kind is on, not once per counter.",
    "adds a kind's power/toughness once, however many counters of it there are",
)
def counters_count_once(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.effects as eff
    from reference.model import Counter

    original = eff.merged_counters

    def merged_counters(counters: tuple[Any, ...]) -> list[Any]:
        return [Counter(c.kind, 1, c.timestamp) for c in original(counters)]

    with patched({"reference.effects.merged_counters": merged_counters}):
        yield version


@misreading(
    "122.2",
    "Counters stay on an object that moves to another zone and back.",
    "brings a permanent back with the counters it had",
)
def counters_survive_zone_change(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.zones as zones

    original = zones.new_object

    def new_object(obj: Any, zone: str) -> Any:
        return dataclasses.replace(original(obj, zone), counters=obj.counters)

    with patched({"reference.zones.new_object": new_object}):
        yield version


@misreading(
    "704.5f",
    "A creature is put into its owner's graveyard when its toughness is less than 0.",
    "leaves a creature with toughness exactly 0 on the battlefield",
)
def zero_toughness_survives(version: RulesVersion) -> Iterator[RulesVersion]:
    from reference.sba import Action

    def zero_toughness(final: Any) -> list[Any]:
        return [
            Action("704.5f", oid, f"{oid} has toughness {ch.toughness}", "graveyard")
            for oid, ch in sorted(final.items())
            if "creature" in ch.types and (ch.toughness or 0) < 0
        ]

    with patched({"reference.sba.zero_toughness": zero_toughness}):
        yield version


@misreading(
    "704.5j",
    "The legend rule looks at every legendary permanent with the name, whoever controls it.",
    "makes two players' legendary permanents of one name share one legend rule",
)
def legend_rule_across_players(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.sba as sba

    original = sba.legend_rule

    def legend_rule(final: Any, v: RulesVersion, keeps: Any) -> list[Any]:
        return original({i: ch.with_(controller="everyone") for i, ch in final.items()}, v, keeps)

    with patched({"reference.sba.legend_rule": legend_rule}):
        yield version


LEGEND_RULE_ALL_GO = doctoring(
    "704.5j",
    "Under the legend rule every legendary permanent of the name goes, none is kept.",
    "puts all of a player's same-named legends into the graveyard under rules that keep one",
    "legend-rule-all-go",
    lambda v: dataclasses.replace(v, legend_rule="all") if v.legend_rule == "choose" else v,
)


@misreading(
    "704.5q",
    "+1/+1 and -1/-1 counters on one permanent stay side by side.",
    "never removes pairs of +1/+1 and -1/-1 counters",
)
def counters_never_annihilate(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.sba.counters_annihilate": lambda board: []}):
        yield version


@misreading(
    "704.3",
    "State-based actions are checked once: what the first round brings about is not checked again.",
    "stops after one round of state-based actions",
)
def state_based_actions_once(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.sba as sba

    def state_based_actions(board: Any, v: RulesVersion, keeps: Any, resolve: Any) -> tuple[Any, Any]:
        actions = sba.due(board, v, keeps, resolve)
        if not actions:
            return board, ()
        return sba.perform(board, actions), (tuple(actions),)

    with patched({"reference.case.state_based_actions": state_based_actions}):
        yield version


@misreading(
    "614.12",
    "A permanent's own 'each creature you control enters with an additional counter' applies to it as it enters.",
    "gives an entering creature the counter of its own general enters-with ability",
)
def own_general_entry_ability_applies_to_itself(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.entry.affects_only_itself": lambda definition: True}):
        yield version


@misreading(
    "611.3a",
    "An 'as long as' condition on an enters-with ability is part of its reminder, not of the rule it applies.",
    "gives the counters of an enters-with ability whether or not its condition holds",
)
def entry_condition_ignored(version: RulesVersion) -> Iterator[RulesVersion]:
    with patched({"reference.entry.condition_allows": lambda *args: True}):
        yield version


@misreading(
    "704.5m",
    "An Aura stays on a permanent its enchant ability no longer allows: only leaving the battlefield frees it.",
    "leaves an enchant creature Aura on a land that stopped being a creature",
)
def aura_stays_on_illegal_permanent(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.sba as sba

    original = sba.attachments

    def attachments(board: Any, final: Any) -> list[Any]:
        return [a for a in original(board, final) if a.rule != "704.5m"]

    with patched({"reference.sba.attachments": attachments}):
        yield version


@misreading(
    "704.5n",
    "An Equipment stays attached to a permanent that stopped being a creature until it is moved.",
    "leaves an Equipment on a permanent that is no longer a creature",
)
def equipment_stays_on_noncreature(version: RulesVersion) -> Iterator[RulesVersion]:
    import reference.sba as sba

    original = sba.attachments

    def attachments(board: Any, final: Any) -> list[Any]:
        return [a for a in original(board, final) if a.rule != "704.5n"]

    with patched({"reference.sba.attachments": attachments}):
        yield version


MISREADINGS: tuple[Misreading, ...] = (
    keyword_counters_give_nothing,
    counters_count_once,
    counters_survive_zone_change,
    zero_toughness_survives,
    legend_rule_across_players,
    LEGEND_RULE_ALL_GO,
    counters_never_annihilate,
    state_based_actions_once,
    own_general_entry_ability_applies_to_itself,
    entry_condition_ignored,
    aura_stays_on_illegal_permanent,
    equipment_stays_on_noncreature,
)
