"""Rules versions as data (reference.versions): dated profiles, what a profile file states, its errors."""

from __future__ import annotations

from typing import Any

import pytest

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
from reference.vocabulary import KINDS, ORIGINS

from ..builders import VERSIONS, profile

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
        f"p: flags.zz: unknown flag(s) ['zz']; expected only {list(FLAGS)}"
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
    not_a_name: object = 5
    assert "alpha" in vs and "current" in vs and "zz" not in vs and not_a_name not in vs
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


def test_profile_messages_say_profile_when_no_place_is_given() -> None:
    """A profile read without a file name is called "profile" in its messages."""
    with pytest.raises(ProfileError) as err:
        merge_profile({"based_on": "zz"})
    assert str(err.value) == "profile: based_on: expected the id of an earlier profile [], got 'zz'"
    with pytest.raises(ProfileError) as err:
        version_from_mapping([])  # type: ignore[arg-type]
    assert str(err.value) == "profile: a profile must be a mapping"


def test_versions_are_data_with_dates() -> None:
    vs = builtin_versions()
    assert list(vs) == ["2004-10-01", "2009-07-08", "2020-04-17", "2023-11-17", "2025-08-01"]
    assert [vs[a].id for a in ("pre-m10", "m10", "ikoria")] == ["2004-10-01", "2009-07-08", "2020-04-17"]
    assert get_version("current").id == "2025-08-01"


def test_a_date_picks_the_version_in_force_that_day() -> None:
    assert get_version("2024-03-01").id == "2024-03-01"  # a date names its own version (issue 29) ...
    assert get_version("2024-03-01").based_on == "2023-11-17"  # ... the profile then in force, nothing changed since
    assert get_version("2009-07-07").based_on == "2004-10-01"
    assert get_version("2009-07-08").id == "2009-07-08"
    assert get_version("2020-04-16").id == "2020-04-16"  # m10 with the changes of 2011-2016 (issue 29)
    assert get_version("2020-04-16").based_on == "2009-07-08"
    assert get_version("2030-01-01").based_on == "2025-08-01"
    with pytest.raises(ProfileError, match="no modelled rules version in force on 1999-01-01"):
        get_version("1999-01-01")
    with pytest.raises(ProfileError, match="not a date"):
        get_version("2024-02-30")


def test_dated_profiles_say_what_changed_from_the_one_before() -> None:
    vs = builtin_versions()
    assert vs["2023-11-17"].based_on == "2020-04-17" and vs["2023-11-17"].granted_keeps_relative_order
    assert not vs["2020-04-17"].granted_keeps_relative_order
    assert vs["2025-08-01"].own_static_before_resolving and not vs["2023-11-17"].own_static_before_resolving
    assert vs["2025-08-01"].slots == vs["2020-04-17"].slots
    assert all(v.changes for v in vs.values())
    assert any("Gray Ogre" in c for c in vs["2023-11-17"].clarifications)
    assert [s.id for s in vs["m10"].slots][-2:] == ["7d", "7e"]
    assert vs["ikoria"].slot_of("counter_pt", "rule") == "7c"
    assert vs["m10"].slot_of("counter_pt", "rule") == "7d"
    assert vs["pre-m10"].slot_of("pt_modify", "static") == "6d"
    assert vs["pre-m10"].slot_of("pt_modify", "resolved") == "6b"
    assert vs["pre-m10"].slot_of("pt_set", "static") == "6b"


def test_a_true_or_false_flag_given_another_value_is_named_with_its_place() -> None:
    """A profile's yes-or-no reading of a rule (613.7a's granted_keeps_relative_order) given a word says where."""
    from reference.versions import ProfileError, flag_value

    with pytest.raises(ProfileError, match=r"proposal: flags\.granted_keeps_relative_order: expected true or false"):
        flag_value("granted_keeps_relative_order", "yes", "proposal")


def test_a_profile_source_date_must_be_a_day() -> None:
    """A profile's source date is written YYYY-MM-DD; another form is an error naming source.date."""
    assert "source.date: expected a date written YYYY-MM-DD" in profile_error(profile(source={"date": "July 2009"}))
