"""Unit tests that pin rules the mutation campaign (issue 18) found unpinned in small modules.

Each test states the rule it pins; expected values are reasoned from the rules, on hand-built
values (characteristics, objects, boards), not read off the resolver.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference.case import Step, needs_version, turn_face
from reference.clock import BY_RULES, Clock
from reference.frozen import FrozenMap
from reference.model import AbilityDef, Board, Characteristics, Counter, GameObject
from reference.sba import (
    Action,
    StateBasedActionError,
    counters_annihilate,
    legend_rule,
    zero_toughness,
)
from reference.versions import ProfileError, builtin_profile_data, builtin_versions, get_version, version_on
from reference.vocabulary import is_activated_ability
from reference.zones import new_object

VERSIONS = builtin_versions()
PRE_M10, M10, IKORIA = VERSIONS["pre-m10"], VERSIONS["m10"], VERSIONS["ikoria"]


def chars(name: str = "Bear", **changes: Any) -> Characteristics:
    """Plain characteristics of a 2/2 creature controlled by p1, with changes."""
    base = Characteristics(
        name=name,
        mana_value=2,
        colors=frozenset({"green"}),
        types=frozenset({"creature"}),
        subtypes=frozenset(),
        supertypes=frozenset(),
        abilities=frozenset(),
        power=2,
        toughness=2,
        controller="p1",
    )
    return base.with_(**changes) if changes else base


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
    """704.5j: a profile that spans the 2013 change cannot say which form applies; the message lists them."""
    final = {"i1": legend("Isamaru"), "i2": legend("Isamaru")}
    with pytest.raises(StateBasedActionError) as err:
        legend_rule(final, M10, ())
    assert str(err.value) == (
        "704.5j: rules version 2009-07-08 spans the 2013 change of the legend rule and states "
        "neither form; p1's i1, i2 share the name 'Isamaru'"
    )


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
