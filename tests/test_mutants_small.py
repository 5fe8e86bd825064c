"""Unit tests that pin rules the mutation campaign (issue 18) found unpinned in small modules.

Each test states the rule it pins; expected values are reasoned from the rules, on hand-built
values (characteristics, objects, boards), not read off the resolver.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from reference.case import Case, Step, apply_step, board_at, created, entering, initial_board, needs_version, turn_face
from reference.choices import outcomes
from reference.chosen import is_choice_word, mentions_choice
from reference.clock import BY_RULES, Clock
from reference.double_faced import DoubleFacedError, back_face_up_as_of, face_up_values, face_values, own_mana_value
from reference.frozen import FrozenMap, freeze, thaw
from reference.merged import merge_effects, merge_part
from reference.model import AbilityDef, Board, Characteristics, Counter, Effect, GameObject, Merge
from reference.sba import (
    Action,
    StateBasedActionError,
    counters_annihilate,
    legend_rule,
    zero_toughness,
)
from reference.tokens import TokenError, created_token, creating_tokens
from reference.versions import (
    FLAGS,
    PROFILE_FIELDS,
    ProfileError,
    Versions,
    builtin_profile_data,
    builtin_versions,
    get_version,
    merge_profile,
    version_from_mapping,
    version_on,
)
from reference.vocabulary import (
    KINDS,
    ORIGINS,
    SAME_IN_PLURAL,
    is_activated_ability,
    is_creature_type,
    plural,
    subtype_fits,
)
from reference.zones import change_zones, new_object

from .builders import chars

VERSIONS = builtin_versions()
PRE_M10, M10, IKORIA = VERSIONS["pre-m10"], VERSIONS["m10"], VERSIONS["ikoria"]


def legend(name: str, controller: str = "p1") -> Characteristics:
    return chars(name, supertypes=frozenset({"legendary"}), controller=controller)


def obj(oid: str, ts: float = 1, **changes: Any) -> GameObject:
    return GameObject(id=oid, printed=chars(oid.title()), owner="p1", timestamp=ts, **changes)


def board(*objects: GameObject) -> Board:
    return Board(objects={o.id: o for o in objects}, effects=(), abilities={})


# 704.5f


def test_zero_toughness_action_names_the_rule_the_object_and_the_graveyard() -> None:
    """704.5f: a creature with toughness 0 is put into its owner's graveyard; the action says so."""
    actions = zero_toughness({"bear": chars(toughness=0), "ox": chars("Ox")})
    assert actions == [Action("704.5f", "bear", "bear has toughness 0: put into its owner's graveyard", "graveyard")]


def test_zero_toughness_action_reports_a_negative_toughness() -> None:
    """704.5f: toughness less than 0 also kills; the action reports the toughness it has (-1)."""
    actions = zero_toughness({"bear": chars(toughness=-1)})
    assert [a.text for a in actions] == ["bear has toughness -1: put into its owner's graveyard"]


# 704.5j


def test_legend_rule_checks_every_name_after_a_lone_legend() -> None:
    """704.5j: a lone legend does not stop the rule for two others that share a name."""
    final = {"alpha": legend("Alpha"), "b1": legend("Beta"), "b2": legend("Beta")}
    assert [a.object for a in legend_rule(final, PRE_M10, ())] == ["b1", "b2"]


def test_legend_rule_actions_before_2013_put_every_copy_into_the_graveyard() -> None:
    """704.5j (2004-2013): every legendary permanent of a shared name goes, for each name and player."""
    final = {"a1": legend("Alpha"), "a2": legend("Alpha"), "b1": legend("Beta"), "b2": legend("Beta")}
    actions = legend_rule(final, PRE_M10, ())
    text = "{}: legend rule ('{}'), put into its owner's graveyard"
    assert actions == [
        Action("704.5j", "a1", text.format("a1", "Alpha"), "graveyard"),
        Action("704.5j", "a2", text.format("a2", "Alpha"), "graveyard"),
        Action("704.5j", "b1", text.format("b1", "Beta"), "graveyard"),
        Action("704.5j", "b2", text.format("b2", "Beta"), "graveyard"),
    ]


def test_legend_rule_current_form_keeps_the_chosen_one_for_each_name() -> None:
    """704.5j (2013 on): the player keeps the one named and the rest go, for each group."""
    final = {"a1": legend("Alpha"), "a2": legend("Alpha"), "b1": legend("Beta"), "b2": legend("Beta")}
    actions = legend_rule(final, IKORIA, ("a2", "b1"))
    assert [(a.rule, a.object, a.zone) for a in actions] == [
        ("704.5j", "a1", "graveyard"),
        ("704.5j", "b2", "graveyard"),
    ]


def test_legend_rule_spanning_profile_names_the_permanents_in_its_message() -> None:
    """704.5j: a profile that states no legend rule cannot say which form applies; the message lists them."""
    final = {"i1": legend("Isamaru"), "i2": legend("Isamaru")}
    with pytest.raises(StateBasedActionError) as err:
        legend_rule(final, version_from_mapping(profile()), ())
    assert str(err.value) == (
        "704.5j: rules version test spans the 2013 change of the legend rule and states "
        "neither form; i1, i2 share a name"
    )
    assert err.value.flag == "legend_rule"


def test_legend_rule_without_a_choice_says_what_the_step_must_name() -> None:
    """704.5j: the player chooses one to keep; a step that names none gets this exact message."""
    final = {"i1": legend("Isamaru"), "i2": legend("Isamaru")}
    with pytest.raises(StateBasedActionError) as err:
        legend_rule(final, IKORIA, ())
    assert str(err.value) == (
        "704.5j: p1 controls i1, i2, legendary and named 'Isamaru': "
        "the step must name exactly one of them in legend_rule_keeps"
    )


# 704.5q


def test_counters_annihilate_on_a_later_permanent_after_one_without_pairs() -> None:
    """704.5q: a permanent without both kinds of counters does not stop the check of the others."""
    b = board(
        obj("a", counters=(Counter("+1/+1", 1, 1),)),
        obj("b", counters=(Counter("+1/+1", 1, 1), Counter("-1/-1", 1, 2))),
    )
    assert counters_annihilate(b) == [Action("704.5q", "b", "b: 1 +1/+1 and 1 -1/-1 counters removed", counters=())]


def test_counters_annihilate_removes_the_smaller_count_of_each() -> None:
    """704.5q: one +1/+1 and two -1/-1 counters: N = 1, one -1/-1 counter is left."""
    b = board(obj("a", counters=(Counter("+1/+1", 1, 1), Counter("-1/-1", 2, 2))))
    assert counters_annihilate(b) == [
        Action("704.5q", "a", "a: 1 +1/+1 and 1 -1/-1 counters removed", counters=(Counter("-1/-1", 1, 2),))
    ]


def test_counters_annihilate_takes_only_n_across_several_entries() -> None:
    """704.5q: 3+1 +1/+1 and 2 -1/-1 counters: N = 2, so two +1/+1 counters stay (one per entry here)."""
    b = board(obj("a", counters=(Counter("+1/+1", 3, 1), Counter("+1/+1", 1, 2), Counter("-1/-1", 2, 3))))
    (action,) = counters_annihilate(b)
    assert action.counters == (Counter("+1/+1", 1, 1), Counter("+1/+1", 1, 2))
    assert sum(c.count for c in action.counters or ()) == 2


# 400.7 (zones)


def test_a_new_object_forgets_its_as_enters_choice() -> None:
    """400.7, 614.1c: an "as this enters" choice belonged to the old object; the new one has none."""
    chosen = obj("mimic", chosen=FrozenMap({"creature type": "elf"}))
    assert new_object(chosen, "graveyard").chosen == FrozenMap()


# 613.7f (case)


def test_turning_face_down_without_timestamp_or_clock_is_refused_with_the_rule() -> None:
    """613.7f: a turned permanent gets a timestamp; with neither a given one nor a clock, the message says so."""
    with pytest.raises(ValueError) as err:
        turn_face(obj("m"), True, BY_RULES)
    assert str(err.value) == "m is turned without a timestamp and no clock gives one (613.7f)"


def test_turning_face_down_at_a_given_time_moves_the_clock_past_it() -> None:
    """613.7f, 613.7: a turn at an explicit timestamp 10; a later event's timestamp comes after it."""
    clock = Clock(board(obj("m")))
    turned = turn_face(obj("m"), True, 10, clock)
    assert turned.timestamp == 10 and turned.face_history == ((10, True),)
    assert clock.tick() == 11


def test_turning_face_down_at_a_given_time_needs_no_clock() -> None:
    """613.7f: a turn with an explicit timestamp needs no clock."""
    assert turn_face(obj("m"), True, 10).timestamp == 10


def test_a_step_that_adds_nothing_needs_no_version_for_enters_with_abilities() -> None:
    """614.12: an "enters with" ability reads characteristics only when something enters in the step."""
    ability = AbilityDef(
        text="each other creature you control enters with an additional +1/+1 counter on it.",
        cda=False,
        applies_to=None,
        parts=(),
        enters_with=FrozenMap({"kind": "+1/+1", "count": 1}),
    )
    assert not needs_version(Step("nothing enters", {}), {"renata": ability})
    assert needs_version(Step("one enters", {}, add_objects=(obj("bear"),)), {"renata": ability})


# versions


def test_a_rules_version_is_in_force_on_the_day_it_takes_effect() -> None:
    """The version in force on a date is the newest that took effect by then, that day included."""
    for vid, version in VERSIONS.items():
        assert version.in_force_from is not None
        assert version_on(version.in_force_from).id == vid
    assert get_version("2021-01-01").based_on == "2020-04-17"  # issue 29: its id is the date itself


def test_a_malformed_date_is_an_unknown_version() -> None:
    """A version name that is not YYYY-MM-DD (2020-1-1) is not read as a date."""
    with pytest.raises(ProfileError, match="unknown rules version '2020-1-1'"):
        get_version("2020-1-1")
    with pytest.raises(ProfileError, match="unknown rules version 'abcd-ef-gh'"):
        get_version("abcd-ef-gh")


def test_builtin_profile_data_gives_each_profile_by_id_and_alias() -> None:
    """A profile file may be based on a built-in profile, by id or alias (m10 is 2009-07-08)."""
    data = builtin_profile_data()
    assert data["m10"]["id"] == "2009-07-08"
    assert data["m10"] is data["2009-07-08"]


# vocabulary


def test_an_activated_ability_that_grants_a_quoted_ability_is_activated() -> None:
    """602.1, 113.3b: "cost: effect" at the first colon; a quoted colon belongs to a granted ability."""
    assert is_activated_ability('{T}: Target creature gains "{T}: Add {G}." until end of turn.')


# Rules profiles (docs/design.md, "Rules versions as data"): what version_from_mapping reads and the messages it gives.


def profile(**changes: Any) -> dict[str, Any]:
    """A small complete profile: two slots (layers 1 and 7), every kind of effect classified."""
    data: dict[str, Any] = {
        "id": "test",
        "slots": [{"id": "one", "layer": 1}, {"id": "seven", "layer": 7}],
        "classify": [{"kind": k, "slot": "seven" if k.startswith(("pt", "counter_pt")) else "one"} for k in KINDS],
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def profile_error(data: Any, bases: Any = None) -> str:
    with pytest.raises(ProfileError) as err:
        version_from_mapping(data, "p", bases)
    return str(err.value)


def test_a_minimal_profile_takes_the_defaults() -> None:
    """A profile that states only slots and classification: title is its id, flags are the documented defaults."""
    v = version_from_mapping(profile())
    assert (v.id, v.title, v.in_force_from, v.in_force_to, v.source_text, v.source_date, v.summary) == (
        "test",
        "test",
        None,
        None,
        "",
        "",
        "",
    )
    assert [(s.id, s.layer, s.name, s.rule) for s in v.slots] == [("one", 1, "", ""), ("seven", 7, "", "")]
    assert (v.aliases, v.based_on, v.changes, v.clarifications) == ((), None, (), ())
    assert (v.cda_dependency_isolated, v.loop_waits_as_unit, v.dependent_waits_in_timestamp_order) == (True,) * 3
    assert (v.granted_keeps_relative_order, v.own_static_before_resolving, v.loop_ignores_dependency) == (False,) * 3
    assert v.copy_exceptions_drop_cdas is True
    assert (v.legend_rule, v.back_face_mana_value, v.double_faced_token_copies, v.token_name_adds_token) == (None,) * 4


def test_a_profile_reads_every_field_it_states() -> None:
    """Every stated field and flag is read as given (the opposite of each default)."""
    flags = {
        "cda_dependency_isolated": False,
        "loop_waits_as_unit": False,
        "granted_keeps_relative_order": True,
        "own_static_before_resolving": True,
        "dependent_waits_in_timestamp_order": False,
        "loop_ignores_dependency": True,
        "copy_exceptions_drop_cdas": False,
        "legend_rule": "all",
        "back_face_mana_value": "zero",
        "double_faced_token_copies": False,
        "token_name_adds_token": True,
    }
    data = profile(
        title="T",
        in_force={"from": "2001-01-01", "to": "2002-02-02"},
        source={"text": "S", "date": "2003-03-03"},
        summary="Sum",
        aliases=["al"],
        changes=["ch"],
        clarifications=["cl"],
        flags=flags,
        slots=[{"id": "one", "layer": 1, "name": "N", "rule": "613.2"}, {"id": "seven", "layer": 7}],
    )
    v = version_from_mapping(data)
    assert (v.title, v.in_force_from, v.in_force_to, v.source_text, v.source_date, v.summary) == (
        "T",
        "2001-01-01",
        "2002-02-02",
        "S",
        "2003-03-03",
        "Sum",
    )
    assert (v.slots[0].name, v.slots[0].rule) == ("N", "613.2")
    assert (v.aliases, v.changes, v.clarifications) == (("al",), ("ch",), ("cl",))
    assert {f: getattr(v, f) for f in flags} == flags
    assert version_from_mapping(
        profile(flags={"legend_rule": "choose", "back_face_mana_value": "front"})
    ).legend_rule == ("choose")
    assert version_from_mapping(profile(flags={"back_face_mana_value": "front"})).back_face_mana_value == "front"


def test_a_profile_based_on_another_takes_its_flags_but_not_its_lists() -> None:
    """A profile based_on an earlier one says only what changed: flags merge, aliases and changes are its own."""
    base = profile(
        aliases=["old"],
        changes=["c0"],
        clarifications=["k0"],
        flags={"legend_rule": "all", "loop_waits_as_unit": False},
    )
    v = version_from_mapping({"id": "new", "based_on": "test", "flags": {"legend_rule": "choose"}}, "p", {"test": base})
    assert (v.id, v.based_on, v.legend_rule, v.loop_waits_as_unit) == ("new", "test", "choose", False)
    assert (v.aliases, v.changes, v.clarifications, v.slots) == ((), (), (), version_from_mapping(base).slots)
    assert merge_profile(profile()) == profile()


def test_profile_structure_errors_name_the_field() -> None:
    """A profile that does not say what a rules version needs is refused with the field it gets wrong."""
    assert profile_error([]) == "p: a profile must be a mapping"
    assert profile_error(profile(x=1)) == (f"p: unknown field(s) ['x']; expected only {sorted(PROFILE_FIELDS)}")
    assert profile_error(profile(based_on="zz"), {"a": {}}) == (
        "p: based_on: expected the id of an earlier profile ['a'], got 'zz'"
    )
    assert profile_error(profile(based_on=5)) == "p: based_on: expected the id of an earlier profile [], got 5"
    assert profile_error(profile(based_on=["a"]), {"a": {}}) == (
        "p: based_on: expected the id of an earlier profile ['a'], got ['a']"
    )
    assert profile_error(profile(id=5)) == "p: field 'id' must be a str, got 5"
    assert profile_error({k: v for k, v in profile().items() if k != "slots"}) == (
        "p: field 'slots' must be a list, got None"
    )
    assert profile_error(profile(title=5)) == "p: field 'title' must be a string, got 5"
    assert profile_error(profile(in_force=[])) == "p: field 'in_force' must be a mapping, got []"
    assert profile_error(profile(in_force={"from": 5})) == "p: in_force: field 'from' must be a string, got 5"
    assert profile_error(profile(in_force={"to": 5})) == "p: in_force: field 'to' must be a string, got 5"
    assert profile_error(profile(source={"text": 5})) == "p: source: field 'text' must be a string, got 5"
    assert profile_error(profile(source={"date": 5})) == "p: source: field 'date' must be a string, got 5"
    assert profile_error(profile(source=5)) == "p: field 'source' must be a mapping, got 5"
    assert profile_error(profile(summary=5)) == "p: field 'summary' must be a string, got 5"
    for key in ("aliases", "changes", "clarifications"):
        assert profile_error(profile(**{key: [1]})) == f"p: field '{key}' must be a list of strings, got [1]"
        assert profile_error(profile(**{key: "x"})) == f"p: field '{key}' must be a list of strings, got 'x'"


def test_profile_slot_errors_name_the_slot() -> None:
    """Slots: mappings with a string id, a layer from 1 to 7 in ascending order, unique ids."""
    seven = {"id": "seven", "layer": 7}
    assert profile_error(profile(slots=[5])) == "p: slots[0]: must be a mapping"
    for layer in (0, 8, True, "1", None):
        assert profile_error(profile(slots=[{"id": "one", "layer": layer}, seven])) == (
            f"p: slots[0].layer: expected an integer from 1 to 7, got {layer!r}"
        )
    assert (
        profile_error(profile(slots=[{"id": 5, "layer": 1}, seven])) == "p: slots[0]: field 'id' must be a str, got 5"
    )
    assert profile_error(profile(slots=[{"id": "one", "layer": 1, "name": 5}, seven])) == (
        "p: slots[0]: field 'name' must be a string, got 5"
    )
    assert profile_error(profile(slots=[{"id": "one", "layer": 1, "rule": 5}, seven])) == (
        "p: slots[0]: field 'rule' must be a string, got 5"
    )
    assert profile_error(profile(slots=[{"id": "one", "layer": 1}, seven, {"id": "one", "layer": 7}])) == (
        "p: slots: slot ids must be unique, got ['one', 'seven', 'one']"
    )
    assert profile_error(profile(slots=[seven, {"id": "one", "layer": 1}])) == (
        "p: slots: layers must be in ascending order"
    )
    v = version_from_mapping(profile(slots=[{"id": "one", "layer": 1}, {"id": "x", "layer": 1}, seven]))
    assert [s.id for s in v.slots] == ["one", "x", "seven"]


def test_profile_classification_errors_name_the_entry() -> None:
    """Classification: each kind of effect has a slot; kinds, origins and slots are the known ones."""
    good = profile()["classify"]
    assert profile_error(profile(classify=[*good, 5])) == f"p: classify[{len(good)}]: must be a mapping"
    assert profile_error(profile(classify=[{"kind": "zz", "slot": "one"}])) == (
        f"p: classify[0].kind: expected one of {list(KINDS)}, got 'zz'"
    )
    assert profile_error(profile(classify=[{"kind": "copy", "origin": ["cda", "zz"], "slot": "one"}])) == (
        f"p: classify[0].origin: expected origins from {list(ORIGINS)}, got ['zz']"
    )
    assert profile_error(profile(classify=[{"kind": "copy", "origin": "cda", "slot": "one"}])) == (
        "p: classify[0]: field 'origin' must be a list, got 'cda'"
    )
    assert profile_error(profile(classify=[{"kind": "copy", "slot": "zz"}])) == (
        "p: classify[0].slot: expected one of the slot ids ['one', 'seven'], got 'zz'"
    )
    assert profile_error(profile(classify=good[1:])) == f"p: classify: no slot for kind(s) ['{good[0]['kind']}']"
    assert profile_error(profile(classify=5)) == "p: field 'classify' must be a list, got 5"


def test_profile_flag_errors_name_the_flag() -> None:
    """Flags: only known ones; booleans, or the stated forms of the non-boolean ones."""
    assert profile_error(profile(flags={"zz": True})) == (
        f"p: flags: unknown flag(s) ['zz']; expected only {list(FLAGS)}"
    )
    assert profile_error(profile(flags={"loop_waits_as_unit": 1, "cda_dependency_isolated": "x"})) == (
        "p: flags: ['cda_dependency_isolated', 'loop_waits_as_unit'] must be true or false"
    )
    assert profile_error(profile(flags=[])) == "p: field 'flags' must be a mapping, got []"
    assert profile_error(profile(flags={"legend_rule": "some"})) == (
        "p: flags.legend_rule: expected 'choose' or 'all', got 'some'"
    )
    assert profile_error(profile(flags={"back_face_mana_value": "back"})) == (
        "p: flags.back_face_mana_value: expected 'front', 'zero' or null, got 'back'"
    )
    for key in ("double_faced_token_copies", "token_name_adds_token"):
        assert profile_error(profile(flags={key: "yes"})) == f"p: flags.{key}: expected true, false or null, got 'yes'"
        assert getattr(version_from_mapping(profile(flags={key: None})), key) is None


def test_slot_of_follows_the_classification_and_its_origins() -> None:
    """613.1-613.4: an operation's slot is that of the first classification entry for its kind and origin."""
    v = version_from_mapping(
        profile(classify=[{"kind": "pt_set", "origin": ["cda"], "slot": "one"}, *profile()["classify"]])
    )
    assert v.slot_of("pt_set", "cda") == "one"
    assert v.slot_of("pt_set", "static") == "seven"
    assert v.slot_of("copy", "resolved") == "one"
    assert v.slot_of("zz", "static") is None
    assert [v.slot_index("one"), v.slot_index("seven")] == [0, 1]


def test_versions_answer_ids_aliases_and_current() -> None:
    """Versions by id, oldest first; an alias or "current" names a version too."""
    a = version_from_mapping(profile(id="a", aliases=["alpha"]))
    b = version_from_mapping(profile(id="b"))
    vs = Versions({"a": a, "b": b})
    assert list(vs) == ["a", "b"] and len(vs) == 2
    assert vs["alpha"] is a and vs["current"] is b and vs["a"] is a
    assert "alpha" in vs and "current" in vs and "zz" not in vs and 5 not in vs
    assert vs.canonical("alpha") == "a" and vs.canonical("zz") == "zz"
    assert vs.names() == ["a", "b", "alpha", "current"]
    assert Versions({"a": a, "b": b}, current="a")["current"] is a
    assert "current" not in Versions({})
    assert Versions({}, current="a").canonical("current") == "a"
    assert get_version("m10") == VERSIONS["2009-07-08"]
    assert get_version("current") == VERSIONS["2025-08-01"]
    with pytest.raises(ProfileError) as err:
        get_version("zz")
    assert str(err.value) == (f"unknown rules version 'zz'; expected one of {VERSIONS.names()} or a date (YYYY-MM-DD)")


def test_plural_of_type_words() -> None:
    """612.2: the plural a rules text uses for a type word (irregular, invariant, -folk, -y, sibilant endings)."""
    assert [plural(w) for w in ("elf", "ox", "cyclops", "fish", "merfolk", "stonefolk")] == [
        "elves",
        "oxen",
        "cyclopes",
        "fish",
        "merfolk",
        "stonefolk",
    ]
    assert "stonefolk" not in SAME_IN_PLURAL  # the -folk ending alone makes it invariant
    assert [plural(w) for w in ("ally", "fairy", "monkey", "ray", "envoy", "guy", "kiy")] == [
        "allies",
        "fairies",
        "monkeys",
        "rays",
        "envoys",
        "guys",
        "kiys",
    ]
    assert [plural(w) for w in ("sphinx", "walrus", "topaz", "witch", "marsh", "goblin")] == [
        "sphinxes",
        "walruses",
        "topazes",
        "witches",
        "marshes",
        "goblins",
    ]


def test_subtypes_fit_their_card_types() -> None:
    """205.3d, 205.3m: a subtype needs its card type; creature types go on creatures and kindred."""
    assert is_creature_type("elf") and not is_creature_type("oko")
    assert subtype_fits("equipment", frozenset({"artifact"})) and not subtype_fits("equipment", frozenset({"creature"}))
    assert subtype_fits("forest", frozenset({"land"}))
    assert all(subtype_fits("elf", frozenset({t})) for t in ("creature", "kindred", "tribal"))
    assert not subtype_fits("elf", frozenset({"artifact", "enchantment"}))


# case: steps, entering objects and effects (613.7b, 613.7d)


def small_case(*steps: Step, **extra: Any) -> Case:
    return Case(
        id="c",
        title="c",
        versions=("ikoria",),
        features=(),
        sources=(),
        objects=(obj("bear", 3),),
        effects=(),
        abilities={},
        steps=steps,
        **extra,
    )


def test_board_at_names_the_steps_a_case_has() -> None:
    """A case's steps are numbered from 1; asking for another is refused with the range."""
    case = small_case(Step("one", {}), Step("two", {}))
    for n in (0, 3):
        with pytest.raises(IndexError) as err:
            board_at(case, n)
        assert str(err.value) == f"case c has steps 1 to 2, not {n}"
    assert board_at(case, 1).objects["bear"] == obj("bear", 3)
    assert board_at(case, 2).objects["bear"] == obj("bear", 3)


def test_the_initial_board_holds_the_case_s_objects_order_and_game() -> None:
    """613.7m, 102.1: the board before the first step has the case's objects, tie order and game state."""
    ability = AbilityDef(text="t", cda=False, applies_to=None, parts=())
    effect = Effect(id="e", timestamp=4, applies_to=("bear",), parts=())
    case = replace(small_case(Step("one", {}), tie_order=("x", "y"), game={"turn": "p1"}), effects=(effect,))
    case = replace(case, abilities={"t": ability})
    b = initial_board(case)
    assert (dict(b.objects), b.effects, dict(b.abilities), b.tie_order) == (
        {"bear": obj("bear", 3)},
        (effect,),
        {"t": ability},
        ("x", "y"),
    )
    assert b.game == FrozenMap({"turn": "p1"}) and isinstance(b.game, FrozenMap)


def test_an_entering_object_and_its_counters_get_the_timestamp_of_that_moment() -> None:
    """613.7d: an object that enters without a given timestamp gets the next one; its counters the same."""
    clock = Clock(board(obj("bear", 3)))
    entered = entering(obj("ox", BY_RULES, counters=(Counter("+1/+1", 1, BY_RULES), Counter("-1/-1", 1, 2))), clock)
    assert entered.timestamp == 4
    assert entered.counters == (Counter("+1/+1", 1, 4), Counter("-1/-1", 1, 2))


def test_an_object_entering_at_a_given_time_keeps_it_and_moves_the_clock() -> None:
    """613.7d, 613.7: a given timestamp stands; counters left to the rules get it; later events come after it."""
    clock = Clock(board(obj("bear", 3)))
    plain = obj("ox", 10)
    assert entering(plain, clock) is plain
    assert clock.tick() == 11
    with_counter = entering(obj("elk", 20, counters=(Counter("+1/+1", 1, BY_RULES),)), clock)
    assert with_counter.timestamp == 20 and with_counter.counters == (Counter("+1/+1", 1, 20),)
    assert clock.tick() == 21


def test_a_created_effect_gets_the_timestamp_of_its_creation() -> None:
    """613.7b: a resolved effect without a given timestamp gets the next one; a given one moves the clock."""
    clock = Clock(board(obj("bear", 3)))
    effect = Effect(id="e", timestamp=BY_RULES, applies_to=("bear",), parts=())
    assert created(effect, clock).timestamp == 4
    given = replace(effect, timestamp=9)
    assert created(given, clock) is given
    assert clock.tick() == 10


# frozen values (the immutable data the rules functions share)


def test_frozen_map_is_a_sorted_read_only_mapping() -> None:
    """A FrozenMap keeps its keys in sorted order, answers get/in, and equals any mapping with the same items."""
    m = FrozenMap({"b": 2, "a": 1})
    assert list(m) == ["a", "b"] and list(m.keys()) == ["a", "b"] and list(m.values()) == [1, 2]
    assert m.get("a") == 1 and m.get("z") is None and m.get("z", 5) == 5
    assert "a" in m and "z" not in m and len(m) == 2
    assert FrozenMap() == {} and len(FrozenMap(None)) == 0
    assert m == {"a": 1, "b": 2} and m == FrozenMap({"a": 1, "b": 2}) and m != FrozenMap({"a": 1})
    assert m != {"a": 1} and m != [("a", 1)] and (m == 5) is False
    assert hash(m) == hash(FrozenMap({"a": 1, "b": 2})) == hash((("a", 1), ("b", 2)))
    assert hash(m) == hash(m)
    assert repr(m) == "FrozenMap({'a': 1, 'b': 2})"


def test_freeze_makes_json_data_hashable_and_thaw_undoes_it() -> None:
    """JSON-like data (dicts, lists) freezes into FrozenMaps and tuples, with string keys."""
    frozen = freeze({1: [1, {"x": [2]}], "s": "t"})
    assert frozen == FrozenMap({"1": (1, FrozenMap({"x": (2,)})), "s": "t"})
    assert isinstance(frozen, FrozenMap) and isinstance(frozen["1"], tuple) and isinstance(frozen["1"][1], FrozenMap)
    assert freeze((1, [2])) == (1, (2,)) and freeze("x") == "x"
    assert hash(frozen) is not None
    assert thaw(frozen) == {"1": [1, {"x": [2]}], "s": "t"}


def test_characteristics_with_changes_only_what_it_names() -> None:
    """A copy of characteristics with some values changed; an unknown field is refused by name."""
    base = chars()
    red = base.with_(colors=frozenset({"red"}), power=3)
    assert (red.colors, red.power, red.toughness, red.name) == (frozenset({"red"}), 3, 2, "Bear")
    assert base.colors == frozenset({"green"}) and base.power == 2
    assert red == Characteristics(**{**base.__dict__, "colors": frozenset({"red"}), "power": 3})
    with pytest.raises(TypeError) as err:
        base.with_(zz=1, power=1, aa=2)
    assert str(err.value) == "Characteristics has no field(s) ['aa', 'zz']"


def test_merge_effects_are_the_merges_begun_before_a_time() -> None:
    """613.2a, 721.2a: each merge is a copiable effect with the merge's timestamp, keyed by object and component."""
    first, second = Merge(5, True, obj("spell1")), Merge(8, False, obj("spell2"))
    merged = obj("host", merges=(first, second))
    assert merge_effects(merged) == (
        ("merge:host:spell1", 5, merge_part(first)),
        ("merge:host:spell2", 8, merge_part(second)),
    )
    assert merge_effects(merged, 8) == (("merge:host:spell1", 5, merge_part(first)),)
    assert merge_effects(merged, 5) == ()


# 712, 202.3b: double-faced permanents


def dfc(zone: str = "battlefield", **changes: Any) -> GameObject:
    """A transforming card: front Delver (mana value 1), back Aberration (mana value 0), controlled by p2."""
    front = chars("Delver", mana_value=1, controller="p2")
    back = chars("Aberration", mana_value=0, power=3, controller="p1")
    return GameObject(id="d", printed=front, owner="p2", timestamp=1, zone=zone, back_face=back, **changes)


def test_the_face_up_before_a_time_follows_the_transformations() -> None:
    """712, 613.7g: the back face is up just before a time when the last transformation before it turned it up."""
    assert back_face_up_as_of(dfc(transformed=True)) is True and back_face_up_as_of(dfc()) is False
    turned = dfc(transformed=False, transform_history=((5, True), (9, False)))
    assert [back_face_up_as_of(turned, t) for t in (5, 6, 9, 10)] == [False, True, True, False]
    assert back_face_up_as_of(turned) is False


def test_the_back_face_values_are_those_of_a_permanent_or_spell() -> None:
    """712.8a, 712.8d: outside the battlefield and stack a double-faced card has its front face only."""
    up = dfc(transformed=True)
    assert face_values(up, True).name == "Aberration" and face_values(up, True).controller == "p2"
    assert face_values(dfc("stack"), True).name == "Aberration"
    assert face_values(dfc("graveyard"), True).name == "Delver"
    assert face_values(up, False).name == "Delver"
    assert face_values(obj("bear"), True).name == "Bear"
    assert face_up_values(up).name == "Aberration"
    assert face_up_values(dfc(transform_history=((5, True),)), 5).name == "Delver"


def test_a_back_face_up_has_the_front_face_mana_value() -> None:
    """202.3b: a transformed permanent's mana value is its front face's (2016 on); earlier texts say 0."""
    up = dfc(transformed=True)
    back = face_values(up, True)
    assert own_mana_value(up, back, VERSIONS["ikoria"]).mana_value == 1
    zero = version_from_mapping(profile(flags={"back_face_mana_value": "zero"}))
    assert own_mana_value(up, back, zero).mana_value == 0
    assert own_mana_value(dfc(), back, VERSIONS["ikoria"]) is back
    assert own_mana_value(dfc("stack", transformed=True), back, VERSIONS["ikoria"]) is back
    with pytest.raises(DoubleFacedError) as err:
        own_mana_value(up, back, M10)
    assert str(err.value) == (
        "202.3b: rules version 2009-07-08 states no mana value for a back face "
        "(double-faced cards entered the rules in 2011); d has its back face up"
    )


def test_a_choice_word_is_a_one_key_mapping_read_anywhere() -> None:
    """607.2d: {"chosen": kind} stands for a choice, inside mappings and lists at any depth."""
    assert is_choice_word({"chosen": "color"}) and not is_choice_word({"chosen": "color", "x": 1})
    assert not is_choice_word({"color": "red"}) and not is_choice_word(["chosen"]) and not is_choice_word("chosen")
    assert mentions_choice({"all": [{"type": "creature"}, {"subtype": {"chosen": "creature type"}}]})
    assert mentions_choice(({"a": 1}, {"chosen": "color"}))
    assert not mentions_choice({"all": [{"type": "creature"}, "chosen"]})
    assert not mentions_choice("chosen")


def test_each_token_request_of_a_step_creates_its_token() -> None:
    """111.3, 612.2a: each request creates one token from its source's current ability, at its own timestamp."""
    from .test_tokens_entry import CURRENT, ELF_WARRIOR, PERFECT, _case

    b = board_at(_case([PERFECT], [{"description": "board"}]), 1, CURRENT)
    requests = (
        {"id": "t1", "by": "perfect", "ability": ELF_WARRIOR, "timestamp": 7},
        {"id": "t2", "by": "perfect", "ability": ELF_WARRIOR, "timestamp": 8},
    )
    tokens = creating_tokens(b, CURRENT, requests)
    assert tokens == (
        created_token(b, CURRENT, "t1", "perfect", ELF_WARRIOR, 7),
        created_token(b, CURRENT, "t2", "perfect", ELF_WARRIOR, 8),
    )
    assert [(t.id, t.timestamp, t.token, t.printed.name) for t in tokens] == [
        ("t1", 7, True, "Elf Warrior Token"),
        ("t2", 8, True, "Elf Warrior Token"),
    ]
    assert creating_tokens(b, None, ()) == ()
    with pytest.raises(TokenError) as err:
        creating_tokens(b, None, requests)
    assert str(err.value) == "tokens are created from their source's current text (612.2a): a rules version is needed"


# 400.7: zone changes


def test_a_zone_change_forgets_what_belonged_to_the_old_object() -> None:
    """400.7, 122.2, 611.2c: the moved object has no counters, attachments or choices; effects and Auras forget it."""
    comp = obj("spell", 6, zone="stack")
    host = obj(
        "host",
        2,
        counters=(Counter("+1/+1", 1, 3),),
        attached_to="land",
        face_history=((4, True),),
        entered_as=FrozenMap({"copy": "x"}),
        chosen=FrozenMap({"color": "red"}),
        transformed=True,
        transform_history=((5, True),),
        merges=(Merge(6, True, comp),),
        exiled_with="nobody",
    )
    aura = obj("aura", 7, attached_to="host")
    other = obj("sword", 8, attached_to="land")
    hit = Effect(id="e1", timestamp=9, applies_to=("host", "sword"), parts=())
    miss = Effect(id="e2", timestamp=10, applies_to=("sword",), parts=())
    b = Board(
        objects={o.id: o for o in (host, aura, other, obj("land"))},
        effects=(hit, miss),
        abilities={},
    )
    after = change_zones(b, {"host": "graveyard", "land": "battlefield"})
    moved = after.objects["host"]
    assert moved == replace(
        host,
        zone="graveyard",
        counters=(),
        attached_to=None,
        face_history=(),
        entered_as=FrozenMap(),
        chosen=FrozenMap(),
        transformed=False,
        transform_history=(),
        merges=(),
    )
    assert after.objects["spell"] == replace(comp, zone="graveyard")
    assert after.objects["aura"].attached_to is None and after.objects["sword"].attached_to == "land"
    assert after.objects["land"] is b.objects["land"]
    assert after.effects == (replace(hit, applies_to=("sword",)), miss)
    assert after.effects[1] is miss
    assert change_zones(b, {"land": "battlefield"}) is b


def test_an_object_leaving_exile_forgets_what_it_was_exiled_with() -> None:
    """607.2a: "exiled with" belongs to the card in exile: leaving exile forgets it, going there keeps it."""
    exiled = obj("card", zone="exile", exiled_with="ring")
    assert new_object(exiled, "battlefield").exiled_with is None
    assert new_object(obj("card", exiled_with="ring"), "exile").exiled_with == "ring"


# 613.7m: every outcome of an open order


def _two_ties() -> Board:
    """Two set-P/T effects tied at timestamp 5 (7b) and two P/T modifications tied at 6 (7c)."""
    from .builders import creature, make_board

    def pt(eid: str, ts: int, op: str, p: int, t: int) -> dict[str, Any]:
        return {"id": eid, "timestamp": ts, "applies_to": ["c"], "parts": [{"op": op, "power": p, "toughness": t}]}

    effects = [pt("e1", 5, "set_pt", 1, 1), pt("e2", 5, "set_pt", 4, 4)]
    return make_board([creature("c", 1)], effects + [pt("e3", 6, "modify_pt", 1, 0), pt("e4", 6, "modify_pt", 0, 1)])


def test_every_order_of_two_ties_is_an_outcome_and_only_the_one_that_matters_is_said_to() -> None:
    """613.7m, 613.4b-c: the later set-P/T wins, modifications add up in any order: two outcomes, one tie matters."""
    found = outcomes(_two_ties(), IKORIA)
    pts = [((o.final["c"].power, o.final["c"].toughness), o.orders) for o in found.outcomes]
    assert pts == [
        ((5, 5), (("e1", "e2", "e3", "e4"), ("e1", "e2", "e4", "e3"))),
        ((2, 2), (("e2", "e1", "e3", "e4"), ("e2", "e1", "e4", "e3"))),
    ]
    assert found.complete and found.depends_on_choice
    assert [t.candidates for t in found.ties] == [("e1", "e2"), ("e3", "e4")]
    assert [t.candidates for t in found.mattering] == [("e1", "e2")]


def test_the_enumeration_stops_at_its_limit_and_says_so() -> None:
    """613.7m: two ties of two effects take 1 + 2 + 4 resolutions; fewer leave the enumeration incomplete."""
    board = _two_ties()
    assert outcomes(board, IKORIA, limit=7).complete
    six = outcomes(board, IKORIA, limit=6)
    assert not six.complete
    assert [len(o.orders) for o in six.outcomes] == [2, 1]
    one = outcomes(board, IKORIA, limit=1)
    assert (one.outcomes, one.complete, len(one.ties)) == ((), False, 1)


def test_a_board_without_open_ties_has_one_outcome() -> None:
    """613.7: distinct timestamps decide every order: one outcome, no choice."""
    found = outcomes(board(obj("bear")), IKORIA)
    assert len(found.outcomes) == 1 and found.outcomes[0].orders == ((),)
    assert (found.complete, found.depends_on_choice, found.ties, found.mattering) == (True, False, (), ())


def test_tied_static_abilities_are_ordered_by_their_objects_or_themselves() -> None:
    """613.7a, 613.7m: tied objects are ordered as objects; two abilities of one object as abilities."""
    from .builders import creature, make_board

    blue = {
        "text": "all creatures are blue",
        "applies_to": {"type": "creature"},
        "parts": [{"op": "set_colors", "colors": ["blue"]}],
    }
    red = {
        "text": "all creatures are red",
        "applies_to": {"type": "creature"},
        "parts": [{"op": "set_colors", "colors": ["red"]}],
    }
    two = make_board(
        [creature("a", 5, abilities=[blue["text"]]), creature("b", 5, abilities=[red["text"]])], abilities=[blue, red]
    )
    assert [(sorted(o.final["a"].colors), o.orders) for o in outcomes(two, IKORIA).outcomes] == [
        (["red"], (("a", "b"),)),
        (["blue"], (("b", "a"),)),
    ]
    one = make_board([creature("a", 5, abilities=[blue["text"], red["text"]])], abilities=[blue, red])
    blue_key, red_key = "a:all creatures are blue", "a:all creatures are red"
    assert [(sorted(o.final["a"].colors), o.orders) for o in outcomes(one, IKORIA).outcomes] == [
        (["red"], ((blue_key, red_key),)),
        (["blue"], ((red_key, blue_key),)),
    ]


# case.apply_step: the timestamps each event of a step gets (613.7b-g)


def step(**changes: Any) -> Step:
    return Step("step", {}, **changes)


def rules_effect(eid: str = "e") -> Effect:
    return Effect(id=eid, timestamp=BY_RULES, applies_to=("bear",), parts=())


def start() -> Board:
    """Bear (timestamp 3), an unattached Aura (4), an Equipment attached to Bear (2): the clock reads 4."""
    return board(obj("bear", 3), obj("aura", 4), obj("sword", 2, attached_to="bear"))


def test_an_aura_that_becomes_attached_gets_a_new_timestamp() -> None:
    """613.7e: an Aura or Equipment that becomes attached gets the next timestamp; one already so does not."""
    after = apply_step(start(), step(attach=FrozenMap({"aura": "bear", "sword": "bear"})))
    assert (after.objects["aura"].attached_to, after.objects["aura"].timestamp) == ("bear", 5)
    assert (after.objects["sword"].attached_to, after.objects["sword"].timestamp) == ("bear", 2)


def test_an_unattached_aura_keeps_its_timestamp_and_a_given_one_overrides_the_clock() -> None:
    """613.7e: becoming unattached gives no timestamp; a timestamp the step gives stands, and later events follow it."""
    after = apply_step(start(), step(attach=FrozenMap({"sword": None})))
    assert (after.objects["sword"].attached_to, after.objects["sword"].timestamp) == (None, 2)
    given = apply_step(
        start(),
        step(attach=FrozenMap({"aura": "bear"}), set_timestamp=FrozenMap({"aura": 9}), add_effects=(rules_effect(),)),
    )
    assert (given.objects["aura"].attached_to, given.objects["aura"].timestamp) == ("bear", 9)
    assert given.effects[0].timestamp == 10


def test_a_moved_object_gets_a_new_timestamp_and_one_that_stays_does_not() -> None:
    """400.7, 613.7d: an object that changes zones is a new object with the next timestamp."""
    after = apply_step(
        start(), step(move=FrozenMap({"aura": "graveyard", "bear": "battlefield"}), add_effects=(rules_effect(),))
    )
    assert (after.objects["aura"].zone, after.objects["aura"].timestamp) == ("graveyard", 5)
    assert after.objects["bear"] == obj("bear", 3)
    assert after.objects["sword"].attached_to == "bear"
    assert after.effects[0].timestamp == 6
    given = apply_step(start(), step(move=FrozenMap({"bear": "exile"}), set_timestamp=FrozenMap({"bear": 20})))
    assert (given.objects["bear"].zone, given.objects["bear"].timestamp) == ("exile", 20)
    assert given.objects["sword"].attached_to is None


def test_a_permanent_turned_face_down_or_up_in_a_step_gets_a_new_timestamp() -> None:
    """613.7f: turned face down (or up), a permanent gets the next timestamp (or the one the step gives)."""
    down = apply_step(start(), step(turn_face_down=FrozenMap({"bear": BY_RULES})))
    assert (down.objects["bear"].face_down, down.objects["bear"].timestamp) == (True, 5)
    up = apply_step(down, step(turn_face_up=FrozenMap({"bear": 12}), add_effects=(rules_effect(),)))
    assert (up.objects["bear"].face_down, up.objects["bear"].timestamp) == (False, 12)
    assert up.effects[0].timestamp == 13


def test_a_transformed_permanent_has_the_timestamp_the_step_gives() -> None:
    """613.7g: a permanent that transforms gets a new timestamp; later events come after it."""
    b = replace(start(), objects={**start().objects, "d": dfc()})
    after = apply_step(b, step(transform=FrozenMap({"d": 8}), add_effects=(rules_effect(),)))
    assert (after.objects["d"].transformed, after.objects["d"].timestamp) == (True, 8)
    assert after.effects[0].timestamp == 9


def test_a_mutating_spell_merges_over_or_under_at_its_timestamp() -> None:
    """702.140c, 729.2: the spell merges with the permanent (over or under); later events come after it."""
    b = replace(start(), objects={**start().objects, "spell": obj("spell", 1, zone="stack")})
    how = {"onto": "bear", "position": "over", "timestamp": 7}
    after = apply_step(b, step(merge=FrozenMap({"spell": FrozenMap(how)}), add_effects=(rules_effect(),)))
    assert "spell" not in after.objects
    assert after.objects["bear"].merges == (Merge(7, True, obj("spell", 1, zone="stack")),)
    assert after.effects[0].timestamp == 8
    under = apply_step(b, step(merge=FrozenMap({"spell": FrozenMap({**how, "position": "under"})})))
    assert [m.over for m in under.objects["bear"].merges] == [False]


def test_a_step_ends_effects_adds_effects_and_changes_the_game() -> None:
    """613.7b, 102.1: ended effects go, new ones get the next timestamps in order, the game state changes."""
    old = Effect(id="old", timestamp=1, applies_to=("bear",), parts=())
    keep = Effect(id="keep", timestamp=2, applies_to=("bear",), parts=())
    b = replace(start(), effects=(old, keep), game=FrozenMap({"turn": "p1"}))
    after = apply_step(
        b,
        step(
            end_effects=("old",), add_effects=(rules_effect("n1"), rules_effect("n2")), game=FrozenMap({"turn": "p2"})
        ),
    )
    assert [(e.id, e.timestamp) for e in after.effects] == [("keep", 2), ("n1", 5), ("n2", 6)]
    assert after.game == FrozenMap({"turn": "p2"})
    assert apply_step(b, step()).game == FrozenMap({"turn": "p1"})


def test_a_step_adds_counters_removes_objects_and_adds_objects() -> None:
    """613.7c, 613.7d: new counters and entering objects get the next timestamps; removed objects are gone."""
    after = apply_step(
        start(),
        step(
            add_objects=(obj("ox", BY_RULES),),
            remove_objects=("aura",),
            set_counters=FrozenMap({"bear": (Counter("+1/+1", 1, BY_RULES),)}),
        ),
    )
    assert sorted(after.objects) == ["bear", "ox", "sword"]
    assert after.objects["ox"].timestamp == 5
    assert after.objects["bear"].counters == (Counter("+1/+1", 1, 6),)


def test_state_based_actions_in_a_step_need_a_version_and_are_performed() -> None:
    """704.3: a step's state-based actions read characteristics under a version; a 0-toughness creature dies."""
    b = board(GameObject(id="bear", printed=chars(toughness=0), owner="p1", timestamp=1))
    with pytest.raises(ValueError) as err:
        apply_step(b, Step("dies", {}, state_based_actions=True))
    assert str(err.value) == "step 'dies' performs state-based actions (704.3): a rules version is needed"
    after = apply_step(b, Step("dies", {}, state_based_actions=True), IKORIA)
    assert after.objects["bear"].zone == "graveyard"
    assert apply_step(b, Step("stays", {}), IKORIA).objects["bear"].zone == "battlefield"


def test_profile_messages_say_profile_when_no_place_is_given() -> None:
    """A profile read without a file name is called "profile" in its messages."""
    with pytest.raises(ProfileError) as err:
        merge_profile({"based_on": "zz"})
    assert str(err.value) == "profile: based_on: expected the id of an earlier profile [], got 'zz'"
    with pytest.raises(ProfileError) as err:
        version_from_mapping([])  # type: ignore[arg-type]
    assert str(err.value) == "profile: a profile must be a mapping"


# 614.1c, 707.2: "as this enters, it becomes ..." (values a copy copies too)


def test_a_choice_as_it_enters_adds_types_subtypes_and_abilities_to_the_printed_ones() -> None:
    """614.1c, 707.2: a Primal Clay-like noncreature artifact that entered as "a 1/6 Wall artifact creature with
    defender in addition to its other types" has its printed type, subtype and ability plus those it chose."""
    from reference.copiable import entered_values

    printed = chars(
        "Clay", types=frozenset({"artifact"}), subtypes=frozenset({"shapeshifter"}), abilities=frozenset({"ward 1"})
    )
    entered = FrozenMap(
        {
            "power": 1,
            "toughness": 6,
            "add_types": ("creature",),
            "add_subtypes": ("wall",),
            "add_abilities": ("defender",),
        }
    )
    clay = GameObject(id="clay", printed=printed, owner="p1", timestamp=1, entered_as=entered)
    values = entered_values(clay)
    assert values.types == frozenset({"artifact", "creature"})
    assert values.subtypes == frozenset({"shapeshifter", "wall"})
    assert (values.abilities, values.power, values.toughness) == (frozenset({"ward 1", "defender"}), 1, 6)
