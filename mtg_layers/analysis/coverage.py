"""Corpus coverage: for each rule the project implements and each feature tag, the cases exercising it.

A pure function over loaded cases (``coverage``) plus renderers; the CLI command
``mtg-layers coverage`` is registered in ``mtg_layers.cli``. A case exercises a row
when it names it in ``rules`` or ``features``, or when its content implies it (a
``copy_of`` part exercises 707.2 and layer 1a, a face-down object 708.2, and so on).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from reference.case import Case, Step
from reference.chosen import reads_choice
from reference.clock import by_rules

from ..corpus import schema

# The rules and subrules the project implements (issue 5), with a short label each.
RULES: tuple[tuple[str, str], ...] = (
    ("613.1a", "layer 1: copiable values"),
    ("613.1b", "layer 2: control"),
    ("613.1c", "layer 3: text"),
    ("613.1d", "layer 4: type"),
    ("613.1e", "layer 5: color"),
    ("613.1f", "layer 6: abilities"),
    ("613.1g", "layer 7: power and toughness"),
    ("613.2a", "layer 1a: copy effects"),
    ("613.2b", "layer 1b: face-down"),
    ("613.2c", "copiable values after layer 1"),
    ("613.3", "CDAs first in layers 2-6"),
    ("613.4a", "7a: P/T-defining CDAs"),
    ("613.4b", "7b: setting P/T"),
    ("613.4c", "7c: modifying P/T and counters"),
    ("613.4d", "7d: switching P/T"),
    ("613.6", "lock-in: an effect keeps applying to the same objects"),
    ("613.7a", "timestamp of a static ability (and of a granted one)"),
    ("613.7b", "timestamp of a resolved effect"),
    ("613.7c", "timestamps of counters"),
    ("613.7d", "timestamp on entering a zone"),
    ("613.7e", "new timestamp on attachment"),
    ("613.7f", "new timestamp on turning face up or down"),
    ("613.7m", "simultaneous timestamps: APNAP"),
    ("613.8a", "dependency: definition"),
    ("613.8b", "dependency: waiting, loops in timestamp order"),
    ("613.8c", "dependency: re-evaluation after each effect"),
    ("613.9", "one effect overriding another"),
    ("604.3", "characteristic-defining abilities"),
    ("611.2c", "resolved effects: set of objects fixed"),
    ("612", "text-changing effects"),
    ("305.6", "intrinsic mana abilities of the basic land types"),
    ("305.7", "setting a land's subtype"),
    ("205.1a", "setting card types and subtypes"),
    ("205.1b", "types kept ('in addition', 'still a')"),
    ("707.2", "copiable values"),
    ("707.9", "copy exceptions"),
    ("708.2", "face-down characteristics"),
    ("704.3", "state-based actions between steps"),
    ("704.5f", "state-based action: toughness 0 or less"),
    ("704.5j", "state-based action: the legend rule"),
    ("704.5q", "state-based action: +1/+1 and -1/-1 counters"),
    ("704.5m", "state-based action: an Aura attached illegally or to nothing"),
    ("704.5n", "state-based action: an Equipment or Fortification attached illegally"),
    ("202.1", "mana cost"),
    ("611.3a", "conditional static abilities ('as long as'), checked when applied"),
    ("613.1", "the layer system in every zone"),
    ("400.7", "a zone change makes a new object"),
    ("708.8", "turned face up: the same object, its effects still apply"),
    ("712", "double-faced permanents: the face up gives the characteristics"),
    ("712.8f", "modal double-faced cards: the face cast or played, with its own mana value"),
    ("613.7g", "new timestamp on transforming"),
    ("707.8", "a copy of a double-faced permanent copies the face up (707.8a: a double-faced token copy)"),
    ("707.9f", "conditional copy exceptions ('if it's a creature, it has changeling')"),
    ("729", "merged permanents (mutate): topmost component's values, every component's abilities"),
    ("614.1c", "'as this enters' and 'enters with' abilities: the object's own choices, counters it enters with"),
    ("614.12", "entering with counters decided from the object as it would exist on the battlefield"),
    ("707.6", "choices are not copied; an object entering as a copy makes its own"),
    ("111.4", "a token's name and subtypes from the ability that creates it"),
)

MINIMUM = 2

# Where a case's expected answers come from (its ``status``), with what each label admits.
LABELS: tuple[tuple[str, str], ...] = (
    ("official", "answers from the CR (rule or example), Oracle rulings, release notes or official FAQs"),
    ("judge", "answers from a published judge article or column"),
    ("community", "answers from a forum or wiki answer, or a fan article"),
    ("derived", "answers the project reasoned out from the rules (the case notes say how)"),
)

# Operations whose presence implies a rule (613.1 layers, 612, 305.7, 205.1).
_OP_RULES: Mapping[str, tuple[str, ...]] = {
    "copy_of": ("613.1a", "613.2a", "613.2c", "707.2"),
    "face_down": ("613.1a", "613.2b", "708.2"),
    "set_controller": ("613.1b",),
    "replace_word": ("613.1c", "612"),
    "full_text_of": ("613.1c", "612.6"),
    "set_name": ("613.1c", "612.8"),
    "add_types": ("613.1d", "205.1b"),
    "set_types": ("613.1d", "205.1a"),
    "remove_types": ("613.1d", "205.1a"),
    "add_subtypes": ("613.1d", "205.1b"),
    "set_subtypes": ("613.1d", "205.1a"),
    "remove_subtypes": ("613.1d",),
    "all_creature_types": ("613.1d",),
    "remove_all_creature_types": ("613.1d",),
    "set_land_subtype": ("613.1d", "305.7"),
    "add_supertypes": ("613.1d",),
    "remove_supertypes": ("613.1d",),
    "set_colors": ("613.1e",),
    "add_colors": ("613.1e",),
    "add_abilities": ("613.1f",),
    "remove_abilities": ("613.1f",),
    "remove_all_abilities": ("613.1f",),
    "remove_all_abilities_except_mana": ("613.1f",),
    "add_activated_abilities_of": ("613.1f", "113.3b"),
    "set_pt": ("613.1g",),
    "modify_pt": ("613.1g", "613.4c"),
    "switch_pt": ("613.1g", "613.4d"),
}

# Operations whose presence implies a feature tag.
OP_FEATURES: Mapping[str, tuple[str, ...]] = {
    "copy_of": ("layer-1-copy",),
    "face_down": ("face-down",),
    "set_controller": ("layer-2-control",),
    "replace_word": ("layer-3-text",),
    "full_text_of": ("layer-3-text", "full-text"),
    "set_name": ("layer-3-text",),
    "set_land_subtype": ("layer-4-type", "land-types"),
    "set_colors": ("layer-5-color",),
    "add_colors": ("layer-5-color",),
    "add_abilities": ("layer-6-abilities",),
    "remove_abilities": ("layer-6-abilities",),
    "remove_all_abilities": ("layer-6-abilities",),
    "remove_all_abilities_except_mana": ("layer-6-abilities",),
    "add_activated_abilities_of": ("layer-6-abilities", "abilities-of-others"),
    "modify_pt": ("layer-7c-modify",),
    "switch_pt": ("layer-7d-switch",),
}


@cache
def feature_tags() -> tuple[str, ...]:
    """The controlled list of feature tags, from the case schema."""
    return tuple(schema("case")["$defs"]["feature"]["enum"])


@dataclass(frozen=True)
class Row:
    """One row of the coverage table: a rule or a feature tag and the cases exercising it."""

    kind: str  # rule | feature | label
    key: str
    label: str
    cases: tuple[str, ...]

    @property
    def count(self) -> int:
        """How many cases exercise the row."""
        return len(self.cases)

    @property
    def flagged(self) -> bool:
        """True when fewer than two cases exercise a rule or feature row (label rows only count)."""
        return self.kind != "label" and self.count < MINIMUM


def _normalise_rule(rule: str) -> set[str]:
    """A rule number a case cites, and the rows it counts for ('707.9d' counts for 707.9)."""
    out = {rule}
    for prefix in ("707.9", "707.2", "708.2", "604.3", "612", "305.7", "611.2c"):
        if rule.startswith(prefix):
            out.add(prefix)
    return out


def _parts(case: Case) -> Iterable[Any]:
    for ability in case.abilities.values():
        yield from ability.parts
    effects = list(case.effects)
    for step in case.steps:
        effects.extend(step.add_effects)
    for effect in effects:
        yield from effect.parts


def _objects(case: Case) -> Iterable[Any]:
    yield from case.objects
    for step in case.steps:
        yield from step.add_objects


def implied(case: Case) -> tuple[set[str], set[str]]:
    """Rules and feature tags a case exercises by its content alone."""
    rules: set[str] = set()
    features: set[str] = set()
    for part in _parts(case):
        rules.update(_OP_RULES.get(part.op, ()))
        features.update(OP_FEATURES.get(part.op, ()))
        if part.op == "copy_of" and (part.args.get("except") or part.args.get("retain")):
            rules.add("707.9")
            features.add("copy-exception")
    cda = [a for a in case.abilities.values() if a.cda]
    if cda:
        rules.add("604.3")
    if any(p.op == "set_pt" for a in cda for p in a.parts):
        rules.add("613.4a")
        features.add("layer-7a-cda")
    if any(p.op == "set_pt" for a in case.abilities.values() if not a.cda for p in a.parts) or any(
        p.op == "set_pt" for e in list(case.effects) + [e for s in case.steps for e in s.add_effects] for p in e.parts
    ):
        rules.add("613.4b")
        features.add("layer-7b-set")
    for obj in _objects(case):
        if obj.zone != "battlefield":
            rules.add("613.1")
            features.add("other-zones")
        if obj.face_down:
            rules.update(("613.1a", "613.2b", "708.2"))
            features.add("face-down")
        if obj.counters:
            features.add("counters")
        if obj.merges:
            rules.update(("729", "613.2a"))
            features.add("merged")
        if obj.back_face is not None or obj.transformed:
            rules.add("712")
            features.add("double-faced")
        if obj.modal:
            rules.add("712.8f")
    for part in _parts(case):
        if part.op == "copy_of" and part.args.get("except_if"):
            rules.update(("707.9", "707.9f"))
            features.add("copy-exception")
        if part.op == "copy_of" and part.args.get("double_faced"):
            rules.update(("707.8", "712"))
            features.add("double-faced")
    for step in case.steps:
        if step.set_counters:
            features.add("counters")
        if step.state_based_actions:
            features.add("state-based-actions")
            rules.add("704.3")
        if step.move:
            features.add("zone-change")
            rules.add("400.7")
        if step.turn_face_up or step.turn_face_down:
            features.add("turn-face-up-down")
        if step.turn_face_up:
            rules.add("708.8")
        if step.transform:
            rules.update(("712", "613.7g"))
            features.add("double-faced")
        if step.merge:
            rules.update(("729", "613.2a"))
            features.add("merged")
        if rule_timestamps(step):
            features.add("rule-timestamps")
        for objs in step.expect.values():
            for want in objs.values():
                if "has" in want or "lacks" in want:
                    features.add("expect-has-lacks")
                if "owner" in want:
                    features.add("owner")
                if "mana_cost" in want:
                    features.add("mana-cost")
    if any(o.chosen for o in _objects(case)) or any(reads_choice(a) for a in case.abilities.values()):
        rules.add("614.1c")
        features.add("chosen-values")
    if any(a.enters_with for a in case.abilities.values()):
        rules.update(("614.1c", "614.12"))
        features.add("entry-counters")
    if any(a.creates for a in case.abilities.values()) or any(step.create_tokens for step in case.steps):
        features.add("created-tokens")
    if case.game or any(step.game for step in case.steps) or _reads_game(case):
        features.add("game-state")
    if any(o.printed.mana_cost is not None for o in _objects(case)):
        features.add("mana-cost")
    if any(step.add_effects for step in case.steps) or case.effects:
        rules.add("611.2c")
    if len(case.steps) > 1:
        features.add("multi-step")
    return rules, features


def _reads_game(case: Case) -> bool:
    """119.1, 402.1, 102.1: an ability reads a life total, a hand size or whose turn it is."""
    text = repr([(a.condition, [p.args for p in a.parts]) for a in case.abilities.values()])
    return any(f"'{k}'" in text for k in ("life", "cards_in_hand", "your_turn"))


def rule_timestamps(step: Step) -> bool:
    """613.7b-f: the step leaves a timestamp to the rules (reference.clock)."""
    return (
        any(by_rules(o.timestamp) for o in step.add_objects)
        or any(by_rules(e.timestamp) for e in step.add_effects)
        or any(by_rules(c.timestamp) for cs in step.set_counters.values() for c in cs)
        or any(by_rules(t) for t in (*step.turn_face_up.values(), *step.turn_face_down.values()))
        or any(t is not None and o not in step.set_timestamp for o, t in step.attach.items())
        or any(o not in step.set_timestamp for o in step.move)
    )


def coverage(cases: Iterable[Case]) -> list[Row]:
    """For every implemented rule and every feature tag, the ids of the cases that exercise it.

    Then one row per source label (``status``): the cases whose answers come from such a source.
    """
    cases = list(cases)
    by_rule: dict[str, set[str]] = {r: set() for r, _ in RULES}
    by_feature: dict[str, set[str]] = {f: set() for f in feature_tags()}
    for case in cases:
        rules, features = implied(case)
        for r in case.rules:
            rules |= _normalise_rule(r)
        features |= set(case.features)
        for r in rules:
            if r in by_rule:
                by_rule[r].add(case.id)
        for f in features:
            if f in by_feature:
                by_feature[f].add(case.id)
    rows = [Row("rule", r, label, tuple(sorted(by_rule[r]))) for r, label in RULES]
    rows += [Row("feature", f, f, tuple(sorted(by_feature[f]))) for f in feature_tags()]
    rows += [Row("label", k, label, tuple(sorted(c.id for c in cases if c.status == k))) for k, label in LABELS]
    return rows


def below_minimum(rows: Iterable[Row]) -> list[Row]:
    """The rows exercised by fewer than two cases."""
    return [r for r in rows if r.flagged]


def to_markdown(rows: Iterable[Row]) -> str:
    """The coverage table as Markdown (for the docs)."""
    lines = ["| kind | row | what | cases | count |", "|---|---|---|---|---|"]
    for r in rows:
        flag = " ⚠" if r.flagged else ""
        cases = ", ".join(f"`{c}`" for c in r.cases) or "—"
        lines.append(f"| {r.kind} | {r.key} | {r.label} | {cases} | {r.count}{flag} |")
    return "\n".join(lines) + "\n"


def to_json(rows: Iterable[Row]) -> str:
    """The coverage table as JSON."""
    return json.dumps(
        [{"kind": r.kind, "row": r.key, "label": r.label, "cases": list(r.cases), "count": r.count} for r in rows],
        indent=2,
    )
