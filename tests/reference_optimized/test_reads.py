"""Mutation-campaign tests for the fast path (reference.fast), the resolver and dependency (613.1-613.8).

Each test pins a rule the fast path's bookkeeping must keep; expected values are reasoned from the rules,
and the fast path must also give the readable resolver's result (``assert_same``).
"""

from __future__ import annotations

from typing import Any

from reference.effects import ContinuousEffect
from reference.frozen import FrozenMap
from reference.model import Characteristics, Part
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import reads
from reference_optimized import resolve as fast_resolve

from ..builders import creature, make_board

IKORIA = get_version("ikoria")


def _ch(**extra: Any) -> Characteristics:
    base: dict[str, Any] = {
        "name": "X",
        "mana_value": 1,
        "colors": frozenset(),
        "types": frozenset({"creature"}),
        "subtypes": frozenset(),
        "supertypes": frozenset(),
        "abilities": frozenset(),
        "power": 1,
        "toughness": 1,
        "controller": "p1",
    }
    base.update(extra)
    return Characteristics(**base)


def _same(board: Any) -> Any:
    """Resolve with both resolvers; they must agree (the fast path returns the readable one's results)."""
    readable = resolve(board, IKORIA)
    quick = fast_resolve(board, IKORIA)
    assert quick == readable
    return quick


def test_hits_only_through_a_characteristic_both_sides_name() -> None:
    """613.8a bookkeeping: a write can change a read only through a characteristic in both (names: overlapping)."""
    assert not reads.hits(frozenset({"power"}), {}, frozenset({"colors"}), {})
    assert reads.hits(frozenset({"power", "colors"}), {}, frozenset({"colors"}), {})
    flying, reach = frozenset({"flying"}), frozenset({"reach"})
    abilities = frozenset({"abilities"})
    assert not reads.hits(abilities, {"abilities": flying}, abilities, {"abilities": reach})
    assert reads.hits(abilities, {"abilities": flying}, abilities, {"abilities": flying | reach})
    assert reads.hits(abilities, {}, abilities, {"abilities": reach})  # writes abilities otherwise than by name
    assert reads.hits(abilities, {"abilities": flying}, abilities, {})  # reads abilities otherwise than by name


def test_fits_is_true_for_an_object_whose_subtypes_and_mana_abilities_are_its_types() -> None:
    """205.3d, 305.6: a creature with a creature type and no land type fits; an artifact holding one does not."""
    assert reads.fits(_ch(subtypes=frozenset({"elf"})))
    assert not reads.fits(_ch(types=frozenset({"artifact"}), subtypes=frozenset({"elf"})))
    forest = _ch(types=frozenset({"land"}), subtypes=frozenset({"forest"}))
    assert not reads.fits(forest)  # 305.6: a Forest without "{t}: add {g}." does not fit
    assert reads.fits(forest.with_(abilities=frozenset({"{t}: add {g}."}), intrinsic=frozenset({"{t}: add {g}."})))


def test_changed_names_collects_abilities_and_grant_timestamps_and_subtypes_that_differ() -> None:
    """613.7a bookkeeping: an ability gained, lost, or granted at another time changed; one granted alike did not."""
    old = _ch(
        abilities=frozenset({"flying", "vigilance", "haste", "reach"}),
        granted=FrozenMap({"haste": 1, "flying": 2, "reach": 5}),
        subtypes=frozenset({"elf", "warrior"}),
    )
    new = _ch(
        abilities=frozenset({"flying", "trample", "lifelink", "reach", "haste"}),
        granted=FrozenMap({"flying": 3, "lifelink": 4, "reach": 5}),
        subtypes=frozenset({"elf", "goblin"}),
    )
    names: dict[str, set[str]] = {"abilities": {"first strike"}, "subtypes": {"human"}}
    reads.changed_names(old, new, names)
    # abilities: vigilance lost, trample and lifelink gained; haste no longer granted (1 -> printed),
    # flying granted at another time (2 -> 3), lifelink granted; reach granted alike (5 -> 5): unchanged
    assert names == {
        "abilities": {"first strike", "vigilance", "trample", "lifelink", "haste", "flying"},
        "subtypes": {"human", "warrior", "goblin"},
    }
    only_grants = {"abilities": set(), "subtypes": set()}
    reads.changed_names(_ch(granted=FrozenMap({"haste": 1})), _ch(granted=FrozenMap({"haste": 2})), only_grants)
    assert only_grants == {"abilities": {"haste"}, "subtypes": set()}


ENCHANTMENT: dict[str, Any] = {"controller": "p1", "types": ["enchantment"], "mana_value": 1}
ELVES = "creatures are elves in addition to their other types."
ANIMATE = "each artifact is an artifact creature in addition to its other types."
GOLEM = "this creature is a golem in addition to its other types."


def test_an_effect_changing_no_source_leaves_the_static_effect_of_an_unchanged_source_alone() -> None:
    """613.8a: a creature-making effect that does not change an artifact creature's abilities does not affect
    the static ability of that creature, while the creature-type effect reading card types depends on it."""
    board = make_board(
        [
            {"id": "a", "name": "A", "timestamp": 1, "abilities": [ELVES], **ENCHANTMENT},
            {"id": "b", "name": "B", "timestamp": 2, "abilities": [ANIMATE], **ENCHANTMENT},
            {
                "id": "c",
                "name": "C",
                "timestamp": 3,
                "controller": "p1",
                "types": ["artifact", "creature"],
                "subtypes": ["construct"],
                "abilities": [GOLEM],
                "power": 1,
                "toughness": 1,
                "mana_value": 1,
            },
            {"id": "d", "name": "D", "timestamp": 4, "controller": "p1", "types": ["artifact"], "mana_value": 1},
        ],
        abilities=[
            {"text": ELVES, "applies_to": {"type": "creature"}, "parts": [{"op": "add_subtypes", "subtypes": ["elf"]}]},
            {
                "text": ANIMATE,
                "applies_to": {"type": "artifact"},
                "parts": [{"op": "add_types", "types": ["creature"]}],
            },
            {
                "text": GOLEM,
                "applies_to": {"is_source": True},
                "parts": [{"op": "add_subtypes", "subtypes": ["golem"]}],
            },
        ],
    )
    result = _same(board)
    # the elf effect applies to creatures: B's effect would make D one, so it waits for B (applies-to)
    assert [(e.dependent, e.on, e.test) for e in result.edges] == [(f"a:{ELVES}", f"b:{ANIMATE}", "applies-to")]
    assert result.final["d"].types == frozenset({"artifact", "creature"})
    assert result.final["d"].subtypes == frozenset({"elf"})
    assert result.final["c"].subtypes == frozenset({"construct", "elf", "golem"})


TRAMPLE = "creatures with vigilance have trample."
STRIP = "creatures with flying lose all abilities."
HASTE = "creatures you control have haste."


def test_a_later_step_reads_the_trial_of_its_own_state() -> None:
    """613.8a: once an earlier step gave the creature flying, the flier-stripping effect would remove its haste
    ability, so that ability's effect depends on it (existence): it applies first and the haste effect is gone."""
    board = make_board(
        [
            {"id": "a", "name": "A", "timestamp": 1, "abilities": [TRAMPLE], **ENCHANTMENT},
            {"id": "b", "name": "B", "timestamp": 4, "abilities": [STRIP], **ENCHANTMENT},
            creature("c", 3, abilities=[HASTE]),
            creature("e", 5),
        ],
        effects=[
            {
                "id": "wings",
                "description": "C gains flying until end of turn",
                "controller": "p1",
                "timestamp": 2,
                "applies_to": ["c"],
                "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
            }
        ],
        abilities=[
            {
                "text": TRAMPLE,
                "applies_to": {"type": "creature", "has_ability": "vigilance"},
                "parts": [{"op": "add_abilities", "abilities": ["trample"]}],
            },
            {
                "text": STRIP,
                "applies_to": {"type": "creature", "has_ability": "flying"},
                "parts": [{"op": "remove_all_abilities"}],
            },
            {
                "text": HASTE,
                "applies_to": {"type": "creature", "controller": "you"},
                "parts": [{"op": "add_abilities", "abilities": ["haste"]}],
            },
        ],
    )
    result = _same(board)
    assert (f"c:{HASTE}", f"b:{STRIP}", "existence") in [(e.dependent, e.on, e.test) for e in result.edges]
    assert result.final["c"].abilities == frozenset()
    assert "haste" not in result.final["e"].abilities


def test_an_effect_removing_a_static_ability_by_its_words_comes_first() -> None:
    """613.8a: an effect making the source lose a static ability (named by its words, beside another ability)
    would stop that ability's effect from existing: that effect depends on it, so it never applies."""
    board = make_board(
        [creature("c", 1, abilities=[HASTE]), creature("e", 3)],
        effects=[
            {
                "id": "silence",
                "description": "C loses its haste-giving ability and flying",
                "controller": "p2",
                "timestamp": 2,
                "applies_to": ["c"],
                "parts": [
                    {"op": "remove_abilities", "abilities": [HASTE]},
                    {"op": "remove_abilities", "abilities": ["flying"]},
                ],
            }
        ],
        abilities=[
            {
                "text": HASTE,
                "applies_to": {"type": "creature", "controller": "you"},
                "parts": [{"op": "add_abilities", "abilities": ["haste"]}],
            }
        ],
    )
    result = _same(board)
    assert [(e.dependent, e.on, e.test) for e in result.edges] == [(f"c:{HASTE}", "silence", "existence")]
    assert result.final["c"].abilities == frozenset()
    assert "haste" not in result.final["e"].abilities


def test_a_copy_effect_whose_power_is_counted_is_compared_under_its_rules_version() -> None:
    """613.8a, 707.2: in layer 1 a copy effect counting creatures for its power does not depend on another copy
    effect (its copy part does the same); in layer 7b it counts the artifact the other copy made a creature."""
    board = make_board(
        [
            creature("s", 1),
            creature("x", 2, name="Bears"),
            creature("y", 3, power=4, toughness=4, name="Giant", types=["artifact"]),
        ],
        effects=[
            {
                "id": "shape",
                "description": "S becomes a copy of Bears, except its power is the number of creatures",
                "controller": "p1",
                "timestamp": 5,
                "applies_to": ["s"],
                "parts": [{"op": "copy_of", "object": "x"}, {"op": "set_pt", "power": {"count": {"type": "creature"}}}],
            },
            {
                "id": "mirror",
                "description": "Y becomes a copy of Bears",
                "controller": "p1",
                "timestamp": 4,
                "applies_to": ["y"],
                "parts": [{"op": "copy_of", "object": "x"}],
            },
        ],
    )
    result = _same(board)
    assert result.edges == ()
    assert (result.final["y"].name, result.final["y"].types) == ("Bears", frozenset({"creature"}))
    assert (result.final["s"].name, result.final["s"].power, result.final["s"].toughness) == ("Bears", 3, 2)


VIGILANCE = "creatures with flying have vigilance."


def test_an_effect_reaching_both_the_filter_and_the_source_of_a_static_effect_is_tested() -> None:
    """613.8a: an effect giving every creature flying (the source of "creatures with flying have vigilance" too)
    changes what that effect applies to, so it waits, though flying is not the words of its ability."""
    board = make_board(
        [creature("c", 1, abilities=[VIGILANCE]), creature("e", 3)],
        effects=[
            {
                "id": "wings",
                "description": "Creatures gain flying until end of turn",
                "controller": "p1",
                "timestamp": 2,
                "applies_to": ["c", "e"],
                "parts": [{"op": "add_abilities", "abilities": ["flying"]}],
            }
        ],
        abilities=[
            {
                "text": VIGILANCE,
                "applies_to": {"type": "creature", "has_ability": "flying"},
                "parts": [{"op": "add_abilities", "abilities": ["vigilance"]}],
            }
        ],
    )
    result = _same(board)
    assert [(e.dependent, e.on, e.test) for e in result.edges] == [(f"c:{VIGILANCE}", "wings", "applies-to")]
    assert {"flying", "vigilance"} <= result.final["e"].abilities
    assert {"flying", "vigilance"} <= result.final["c"].abilities


def test_reads_its_object_only_through_its_or_an_unknown_expression() -> None:
    """613.4c, 613.8a bookkeeping: an amount reads its object through "its" (or an unknown form), not counts."""
    creatures = {"type": "creature"}
    assert not reads.reads_its_object(3)
    assert reads.reads_its_object({"its": "power"})
    assert not reads.reads_its_object({"count": creatures})
    assert not reads.reads_its_object({"card_types_among": {"zone": "graveyard"}})
    assert reads.reads_its_object({"sum": [1, {"its": "toughness"}]})
    assert not reads.reads_its_object({"sum": [1, {"count": creatures}]})
    assert reads.reads_its_object({"times": [2, {"its": "power"}]})
    assert not reads.reads_its_object({"times": [2, {"count": creatures}]})
    assert reads.reads_its_object({"count": creatures, "its": "power"})  # not one expression: unknown
    assert reads.reads_its_object("x")
    assert reads.reads_its_object({"devotion": "green"})


def test_a_part_reads_its_object_only_for_a_power_or_toughness_read_off_it() -> None:
    """613.4, 613.8a bookkeeping: only a P/T part whose amount reads "its" differs from object to object."""
    its = {"its": "toughness"}
    assert reads.part_reads_object(Part("set_pt", FrozenMap({"power": its})))
    assert reads.part_reads_object(Part("modify_pt", FrozenMap({"toughness": its})))
    assert not reads.part_reads_object(Part("modify_pt", FrozenMap({"power": 1})))
    assert not reads.part_reads_object(Part("set_pt", FrozenMap({"power": {"count": {"type": "creature"}}})))
    assert not reads.part_reads_object(Part("add_abilities", FrozenMap({"abilities": ("flying",)})))


def _effect(ability: str | None) -> ContinuousEffect:
    return ContinuousEffect(
        key="k", origin="static", timestamp=1, parts=(), description="d", source="s", ability=ability
    )


def test_words_are_the_defined_and_the_changed_wording() -> None:
    """612.1: an ability's wordings on its source: as defined and as the source's text changes read it."""
    lord = "white creatures get +1/+1."
    changed = _ch(text_changes=(("white", "black"),))
    assert reads.words_of(_effect(lord), changed) == frozenset({lord, "black creatures get +1/+1."})
    assert reads.words_of(_effect(lord), _ch()) == frozenset({lord})
    assert reads.words_of(_effect(None), changed) == frozenset({""})


def test_index_reads_lists_an_effect_under_each_read_and_name() -> None:
    """613.8a bookkeeping: an effect is indexed under what it reads, by name where it asks by name only."""
    by_read: dict[str, list[int]] = {"types": [0]}
    by_name: dict[tuple[str, str], list[int]] = {("abilities", "flying"): [1]}
    reads.index_reads(
        3, frozenset({"types", "abilities"}), {"abilities": frozenset({"flying", "reach"})}, by_read, by_name
    )
    assert by_read == {"types": [0, 3], "types?": [3], "abilities": [3]}
    assert by_name == {("abilities", "flying"): [1, 3], ("abilities", "reach"): [3]}


def test_names_read_are_the_names_a_filter_asks_about() -> None:
    """613.8a bookkeeping: the abilities (or subtypes) a filter asks about by name; None if it reads them otherwise."""
    ask = "has_ability"
    assert reads.names_read("creatures", ask) is None
    assert reads.names_read({"has_ability": "flying"}, ask) == frozenset({"flying"})
    assert reads.names_read({"type": "creature"}, ask) == frozenset()
    both = {"all": [{"type": "creature"}, {"has_ability": "flying"}, {"any": [{"has_ability": "reach"}]}]}
    assert reads.names_read(both, ask) == frozenset({"flying", "reach"})
    assert reads.names_read({"not": {"has_ability": "reach"}}, ask) == frozenset({"reach"})
    assert reads.names_read({"has_ability": {"chosen": "ability"}}, ask) is None
    assert reads.names_read({"all": [{"has_ability": "flying"}, {"devotion": "green"}]}, ask) is None
    assert reads.names_read({"any": [{"not": {"has_ability": ["x"]}}]}, ask) is None
    assert reads.names_read({"subtype": "elf", "has_ability": "flying"}, "subtype") == frozenset({"elf"})


def test_value_names_read_are_the_names_a_value_asks_about() -> None:
    """613.8a bookkeeping: the names a value's filters ask about, through counts, sums and products."""
    ask = "subtype"
    elves = {"count": {"subtype": "elf"}}
    assert reads.value_names_read(2, ask) == frozenset()
    assert reads.value_names_read("x", ask) is None
    assert reads.value_names_read({"count": {}, "its": "power"}, ask) is None
    assert reads.value_names_read(elves, ask) == frozenset({"elf"})
    assert reads.value_names_read({"card_types_among": {"subtype": "goblin"}}, ask) == frozenset({"goblin"})
    assert reads.value_names_read({"its": "power"}, ask) == frozenset()
    assert reads.value_names_read({"sum": [elves, {"times": [2, {"count": {"subtype": "orc"}}]}]}, ask) == frozenset(
        {"elf", "orc"}
    )
    assert reads.value_names_read({"sum": [elves, {"devotion": "green"}]}, ask) is None
    assert reads.value_names_read({"times": [2, {"count": {"zone": "graveyard", "foo": 1}}]}, ask) is None
    assert reads.value_names_read({"devotion": "green"}, ask) is None
    assert reads.value_names_read({"devotion": ["green"]}, ask) is None
    assert reads.value_names_read({"life": "you"}, ask) is None


def test_filter_and_value_reads_are_the_characteristics_they_read() -> None:
    """613.8a bookkeeping: the characteristics a filter or value reads (all of them for an unknown form)."""
    assert reads.filter_reads("creatures") == reads.FIELDS
    assert reads.filter_reads({"all": [{"type": "creature"}, {"any": [{"color": "red"}]}]}) == {"types", "colors"}
    assert reads.filter_reads({"not": {"name": "X"}, "controller": "you"}) == {"name", "controller"}
    assert reads.filter_reads({"controller": "you", "not": {"name": "X"}}) == {"name", "controller"}
    assert reads.filter_reads({"zone": "battlefield", "id": "x"}) == frozenset()
    assert reads.filter_reads({"type": "creature", "devotion": "green"}) == reads.FIELDS
    assert reads.value_reads(3) == frozenset()
    assert reads.value_reads("x") == reads.FIELDS
    assert reads.value_reads({"count": {}, "its": "power"}) == reads.FIELDS
    assert reads.value_reads({"count": {"subtype": "elf"}}) == {"subtypes", "all_creature_types"}
    assert reads.value_reads({"card_types_among": {"zone": "graveyard"}}) == {"types"}
    assert reads.value_reads({"its": "power"}) == {"mana_value", "power", "toughness"}
    assert reads.value_reads({"sum": [1, {"count": {"color": "red"}}, {"count": {"type": "land"}}]}) == {
        "colors",
        "types",
    }
    assert reads.value_reads({"times": [2, {"count": {"name": "X"}}]}) == {"name"}
    assert reads.value_reads({"devotion": "green"}) == reads.FIELDS


def test_changed_fields_adds_the_characteristics_that_differ() -> None:
    """613.1 bookkeeping: the characteristics an application changed, added to those already found."""
    found = {"colors"}
    reads.changed_fields(_ch(), _ch(name="Y", power=3), found)
    assert found == {"colors", "name", "power"}
    same: set[str] = set()
    reads.changed_fields(_ch(), _ch(), same)
    assert same == set()


def test_writes_are_what_the_parts_can_change_with_the_names_they_touch() -> None:
    """613.1, 205.3d, 305.6: what parts can change; adding a creature type to objects that fit changes that type."""

    def w(fit: bool, *parts: tuple[str, dict[str, Any]]) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
        got, names = reads.writes_of(tuple(Part(op, FrozenMap(args)) for op, args in parts), fit)
        return got, dict(names)

    none: frozenset[str] = frozenset()
    assert w(False, ("add_abilities", {"abilities": ("flying", "reach")})) == (
        reads.WRITES["add_abilities"],
        {"abilities": frozenset({"flying", "reach"}), "subtypes": none},
    )
    assert w(False, ("counter_keyword", {"ability": "flying"})) == (
        reads.WRITES["counter_keyword"],
        {"abilities": frozenset({"flying"}), "subtypes": none},
    )
    assert w(True, ("add_subtypes", {"subtypes": ("elf",)})) == (
        frozenset({"subtypes"}),
        {"abilities": none, "subtypes": frozenset({"elf"})},
    )
    assert w(True, ("remove_subtypes", {"subtypes": "goblin"})) == (
        frozenset({"subtypes"}),
        {"abilities": none, "subtypes": frozenset({"goblin"})},
    )
    assert w(False, ("add_subtypes", {"subtypes": ("elf",)})) == (reads.WRITES["add_subtypes"], {})
    assert w(True, ("add_subtypes", {"subtypes": ("forest",)})) == (reads.WRITES["add_subtypes"], {})
    assert w(True, ("set_subtypes", {"subtypes": ("elf",)})) == (reads.WRITES["set_subtypes"], {})
    # 205.3d: a subtype that is no creature type (an Equipment's) is not one of the named creature types
    assert w(True, ("add_subtypes", {"subtypes": ("equipment",)})) == (reads.WRITES["add_subtypes"], {})
    assert w(True, ("add_subtypes", {"subtypes": ("elf",)}), ("add_subtypes", {"subtypes": ("goblin",)})) == (
        frozenset({"subtypes"}),
        {"abilities": none, "subtypes": frozenset({"elf", "goblin"})},
    )
    assert w(False, ("set_pt", {"power": 1})) == (reads.WRITES["set_pt"], {"abilities": none, "subtypes": none})
    assert w(False, ("copy_of", {"object": "x"})) == (reads.FIELDS, {})
    assert w(False, ("add_abilities", {"abilities": ("flying",)}), ("set_types", {"types": ("land",)})) == (
        reads.WRITES["add_abilities"] | reads.WRITES["set_types"],
        {},
    )
    assert w(True, ("add_subtypes", {"subtypes": ("elf",)}), ("remove_abilities", {"abilities": ("x",)})) == (
        frozenset({"subtypes"}) | reads.WRITES["remove_abilities"],
        {"abilities": frozenset({"x"}), "subtypes": frozenset({"elf"})},
    )


STEAL = "you control all creatures you don't control."


def test_a_control_effect_rereads_you_once_its_source_changes_control() -> None:
    """613.1b, 613.8a, 109.4: once another effect gives its source to p2, "you control all creatures you don't
    control" means p2: it waits for that effect, then gives p2 the creatures p1 controlled."""
    board = make_board(
        [
            {"id": "s", "name": "S", "timestamp": 1, "abilities": [STEAL], **ENCHANTMENT},
            creature("m", 2),
            creature("n", 3, controller="p2"),
        ],
        effects=[
            {
                "id": "switch",
                "description": "p2 gains control of S",
                "controller": "p2",
                "timestamp": 5,
                "applies_to": ["s"],
                "parts": [{"op": "set_controller", "player": "p2"}],
            }
        ],
        abilities=[
            {
                "text": STEAL,
                "applies_to": {"type": "creature", "not": {"controller": "you"}},
                "parts": [{"op": "set_controller", "player": "you"}],
            }
        ],
    )
    result = _same(board)
    assert (f"s:{STEAL}", "switch") in [(e.dependent, e.on) for e in result.edges]
    assert {i: result.final[i].controller for i in ("s", "m", "n")} == {"s": "p2", "m": "p2", "n": "p2"}


def test_a_creature_that_lost_flying_is_not_given_vigilance_by_the_flier_effect() -> None:
    """613.8a, 613.1f: "creatures with flying have vigilance" waits for the effect making X lose flying, so X gets
    neither vigilance nor (through vigilance) trample; the other flier gets both."""
    board = make_board(
        [
            {"id": "a", "name": "A", "timestamp": 3, "abilities": [TRAMPLE], **ENCHANTMENT},
            {"id": "b", "name": "B", "timestamp": 2, "abilities": [VIGILANCE], **ENCHANTMENT},
            creature("x", 4, abilities=["flying"]),
            creature("y", 5, abilities=["flying"]),
        ],
        effects=[
            {
                "id": "ground",
                "description": "X loses flying until end of turn",
                "controller": "p2",
                "timestamp": 1,
                "applies_to": ["x"],
                "parts": [{"op": "remove_abilities", "abilities": ["flying"]}],
            }
        ],
        abilities=[
            {
                "text": TRAMPLE,
                "applies_to": {"type": "creature", "has_ability": "vigilance"},
                "parts": [{"op": "add_abilities", "abilities": ["trample"]}],
            },
            {
                "text": VIGILANCE,
                "applies_to": {"type": "creature", "has_ability": "flying"},
                "parts": [{"op": "add_abilities", "abilities": ["vigilance"]}],
            },
        ],
    )
    result = _same(board)
    assert result.final["x"].abilities == frozenset()
    assert result.final["y"].abilities == frozenset({"flying", "vigilance", "trample"})
