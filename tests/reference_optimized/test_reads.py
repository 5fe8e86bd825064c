"""What each operation writes and each filter or value reads (reference_optimized.reads).

The facts the incremental bookkeeping uses to skip work that cannot change an answer (613.1,
613.8a); several were written for the mutation campaign (issue 18).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reference.effects import ContinuousEffect, instruction
from reference.frozen import FrozenMap, freeze
from reference.model import Characteristics, Part
from reference.operations import apply_instruction
from reference.versions import builtin_versions, get_version
from reference_optimized import bookkeeping, reads

from ..builders import corpus
from ..strategies import boards, examples, versions
from .corpus_boards import every_board


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
    # 205.1a: a subtype set aside (its card type gone) comes back when the type does: such an object does not fit
    assert not reads.fits(_ch(types=frozenset({"artifact"}), aside_subtypes=frozenset({"goblin"})))
    assert not reads.fits(_ch(types=frozenset({"artifact"}), aside_all_creature_types=True))


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
    names: dict[str, set[str]] = {"abilities": {"first strike"}, "subtypes": {"human"}, "types": set()}
    reads.changed_names(old, new, names)
    # abilities: vigilance lost, trample and lifelink gained; haste no longer granted (1 -> printed),
    # flying granted at another time (2 -> 3), lifelink granted; reach granted alike (5 -> 5): unchanged
    assert names == {
        "abilities": {"first strike", "vigilance", "trample", "lifelink", "haste", "flying"},
        "subtypes": {"human", "warrior", "goblin"},
        "types": set(),
    }
    only_grants: dict[str, set[str]] = {"abilities": set(), "subtypes": set(), "types": set()}
    reads.changed_names(_ch(granted=FrozenMap({"haste": 1})), _ch(granted=FrozenMap({"haste": 2})), only_grants)
    assert only_grants == {"abilities": {"haste"}, "subtypes": set(), "types": set()}
    # 205.2a: the card types gained or lost, by name
    types: dict[str, set[str]] = {"abilities": set(), "subtypes": set(), "types": set()}
    reads.changed_names(_ch(), _ch(types=frozenset({"artifact", "creature"})), types)
    assert types == {"abilities": set(), "subtypes": set(), "types": {"artifact"}}


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
    # devotion (700.5), the source's counters and game values are one number for every object; counters (122) and
    # a count of "other" creatures or of those sharing a type with "it" are read for each object
    assert not reads.reads_its_object({"devotion": "green"})
    assert not reads.reads_its_object({"source_counters": "+1/+1"})
    assert not reads.reads_its_object({"life": "you"})
    assert reads.reads_its_object({"counters": "+1/+1"})
    assert reads.reads_its_object({"count": {"all": [creatures, {"is_it": False}]}})
    assert reads.reads_its_object({"count": {"shares_creature_type_with": "it"}})
    assert not reads.reads_its_object({"count": {"shares_creature_type_with": "source"}})


def test_what_values_filters_and_conditions_read_of_other_objects() -> None:
    """611.3a, 613.8a bookkeeping: counters and game values are board facts (no characteristic); devotion reads mana
    costs and controllers (700.5); a shared creature type reads creature types (205.3m), of the source too; "its"
    reads the one characteristic it names; a condition reads what its two values read."""
    assert reads.value_reads({"counters": "+1/+1"}) == frozenset()
    assert reads.value_reads({"cards_in_hand": "you"}) == frozenset()
    assert reads.value_reads({"devotion": "white"}) == frozenset({"mana_cost", "controller"})
    for name in ("mana_value", "power", "toughness"):  # each characteristic "its" can name, read alone
        assert reads.value_reads({"its": name}) == frozenset({name}), name
    share = {"shares_creature_type_with": "source"}
    assert reads.filter_reads(share) == frozenset({"subtypes", "all_creature_types"})
    assert reads.names_read(share, "subtype") is None  # every creature type, not by name
    assert reads.source_reads({"all": [{"type": "creature"}, share]}) == frozenset({"subtypes", "all_creature_types"})
    assert reads.source_reads({"shares_creature_type_with": "it"}) == frozenset()
    assert reads.filter_reads(
        {"all": [{"is_it": False}, {"top_of_graveyard": True}, {"exiled_with_source": True}]}
    ) == (frozenset())
    fliers = {"count": {"has_ability": "flying"}}
    assert reads.condition_reads({"left": fliers, "op": ">=", "right": 1}) == (
        frozenset({"abilities"}),
        {"abilities": frozenset({"flying"}), "subtypes": frozenset(), "types": frozenset()},
    )
    assert reads.condition_reads({"your_turn": True}) == (frozenset(), {})


def test_only_amounts_read_off_their_own_object_are_self_only() -> None:
    """613.8a bookkeeping: an amount read off its own object (or none) changes only where that object changes."""
    assert reads.self_only({"sum": [1, {"its": "power"}, {"counters": "+1/+1"}]})
    assert not reads.self_only({"count": {"type": "creature"}})
    assert not reads.self_only({"devotion": "white"})


def test_a_raise_by_a_literal_zero_leaves_that_value_alone() -> None:
    """613.4c: "+x/+0" changes no toughness (on an object that has one); "+0/+1" no power; setting both does."""
    x = {"its": "toughness"}
    assert reads.idle_pt((Part("modify_pt", FrozenMap({"power": x, "toughness": 0})),)) == frozenset({"toughness"})
    assert reads.idle_pt((Part("modify_pt", FrozenMap({"toughness": 1})),)) == frozenset({"power"})
    assert reads.idle_pt((Part("set_pt", FrozenMap({"power": 1})),)) == frozenset()


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


def test_an_amount_reads_only_characteristics_through_its_values_numbers_sums_and_products() -> None:
    """613.4a-c: "its" power, toughness or mana value (and sums and products of those with numbers) read only the
    object's characteristics; its counters (a board fact, 122.1), other objects or an unknown form read more."""
    only = reads.reads_only_its_characteristics
    assert only(2) and only({"its": "mana_value"}) and only({"its": "toughness"})
    assert only({"sum": [1, {"times": [2, {"its": "power"}]}]})
    assert not only(True)
    assert not only({"counters": "+1/+1"}) and not only({"its": "colors"}) and not only({"count": {"type": "elf"}})
    assert not only({"sum": [1, {"counters": "gold"}]}) and not only({"times": [{"its": "power"}, 2]})
    assert reads.part_reads_only_characteristics(Part("set_pt", FrozenMap({"power": {"its": "mana_value"}})))
    assert reads.part_reads_only_characteristics(Part("modify_pt", FrozenMap({"power": 1})))
    assert not reads.part_reads_only_characteristics(Part("set_pt", FrozenMap({"power": {"counters": "gold"}})))


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
    assert reads.value_names_read({"sum": [elves, {"unknown": "green"}]}, ask) is None
    assert reads.value_names_read({"sum": [elves, {"devotion": "green"}]}, ask) == frozenset({"elf"})  # 700.5
    assert reads.value_names_read({"times": [2, {"count": {"zone": "graveyard", "foo": 1}}]}, ask) is None
    assert reads.value_names_read({"devotion": "green"}, ask) == frozenset()
    assert reads.value_names_read({"devotion": ["green"]}, ask) == frozenset()
    assert reads.value_names_read({"life": "you"}, ask) == frozenset()
    assert reads.value_names_read({"unknown": "you"}, ask) is None
    # 205.2a: the card types among objects read every card type, not by name; a count asks for the ones it names
    assert reads.value_names_read({"card_types_among": {"type": "creature"}}, "type") is None
    assert reads.value_names_read({"count": {"type": "creature"}}, "type") == frozenset({"creature"})


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
    assert reads.value_reads({"its": "power"}) == {"power"}
    assert reads.value_reads({"sum": [1, {"count": {"color": "red"}}, {"count": {"type": "land"}}]}) == {
        "colors",
        "types",
    }
    assert reads.value_reads({"times": [2, {"count": {"name": "X"}}]}) == {"name"}
    assert reads.value_reads({"devotion": "green"}) == {"mana_cost", "controller"}
    assert reads.value_reads({"unknown": "green"}) == reads.FIELDS


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
        {"abilities": frozenset({"flying", "reach"}), "subtypes": none, "types": none},
    )
    assert w(False, ("counter_keyword", {"ability": "flying"})) == (
        reads.WRITES["counter_keyword"],
        {"abilities": frozenset({"flying"}), "subtypes": none, "types": none},
    )
    assert w(True, ("add_subtypes", {"subtypes": ("elf",)})) == (
        frozenset({"subtypes"}),
        {"abilities": none, "subtypes": frozenset({"elf"}), "types": none},
    )
    assert w(True, ("remove_subtypes", {"subtypes": "goblin"})) == (
        frozenset({"subtypes", "aside_subtypes"}),  # 205.1a: one set aside is removed too
        {"abilities": none, "subtypes": frozenset({"goblin"}), "types": none},
    )
    assert w(False, ("add_subtypes", {"subtypes": ("elf",)})) == (reads.WRITES["add_subtypes"], {"types": frozenset()})
    assert w(True, ("add_subtypes", {"subtypes": ("forest",)})) == (
        reads.WRITES["add_subtypes"],
        {"types": frozenset()},
    )
    assert w(True, ("set_subtypes", {"subtypes": ("elf",)})) == (reads.WRITES["set_subtypes"], {"types": frozenset()})
    # 205.3d: a subtype that is no creature type (an Equipment's) is not one of the named creature types
    assert w(True, ("add_subtypes", {"subtypes": ("equipment",)})) == (
        reads.WRITES["add_subtypes"],
        {"types": frozenset()},
    )
    assert w(True, ("add_subtypes", {"subtypes": ("elf",)}), ("add_subtypes", {"subtypes": ("goblin",)})) == (
        frozenset({"subtypes"}),
        {"abilities": none, "subtypes": frozenset({"elf", "goblin"}), "types": none},
    )
    assert w(False, ("set_pt", {"power": 1})) == (
        reads.WRITES["set_pt"],
        {"abilities": none, "subtypes": none, "types": none},
    )
    assert w(False, ("copy_of", {"object": "x"})) == (reads.FIELDS, {})
    assert w(False, ("add_abilities", {"abilities": ("flying",)}), ("set_types", {"types": ("land",)})) == (
        reads.WRITES["add_abilities"] | reads.WRITES["set_types"],
        {},
    )
    assert w(True, ("add_subtypes", {"subtypes": ("elf",)}), ("remove_abilities", {"abilities": ("x",)})) == (
        frozenset({"subtypes"}) | reads.WRITES["remove_abilities"],
        {"abilities": frozenset({"x"}), "subtypes": frozenset({"elf"}), "types": none},
    )
    # 205.2a, 205.1a: adding or removing card types changes those card types by name (and, but on objects that fit
    # with nothing set aside, subtypes and land abilities); setting them changes any
    assert w(False, ("add_types", {"types": ("creature",)})) == (
        reads.WRITES["add_types"],
        {"types": frozenset({"creature"})},
    )
    assert w(False, ("remove_types", {"types": ("land",)})) == (
        reads.WRITES["remove_types"],
        {"types": frozenset({"land"})},
    )
    assert w(False, ("set_types", {"types": ("land",)})) == (reads.WRITES["set_types"], {})
    assert w(True, ("add_types", {"types": ("artifact",)}), ("set_pt", {"power": 1})) == (
        frozenset({"types"}) | reads.WRITES["set_pt"],
        {"abilities": none, "subtypes": none, "types": frozenset({"artifact"})},
    )
    assert w(True, ("remove_types", {"types": ("creature",)})) == (
        reads.WRITES["remove_types"],
        {"types": frozenset({"creature"})},
    )


# The table of what each operation writes, checked against the operations themselves.


def test_writes_table_covers_every_operation_in_the_corpus() -> None:
    """reads.WRITES must name every characteristic an operation changes (it lets trials be skipped)."""
    checked = 0
    for case in corpus():
        for vid in case.versions:
            version = builtin_versions()[vid]
            for _, board in every_board(case, version):  # 613.7m, 614.12: each outcome's board of an open step
                engine = bookkeeping.Incremental(board, version)
                for e in engine.effects_in_play():
                    for slot in version.slots:
                        for p in engine.parts(e, slot.id):
                            for t in sorted(engine.affected(e)):
                                instr = instruction(e, p, t, board, engine.state, version)
                                old = engine.state[t]
                                new = apply_instruction(old, instr, e.timestamp)
                                found: set[str] = set()
                                reads.changed_fields(old, new, found)
                                assert found <= reads.WRITES.get(p.op, reads.FIELDS), (case.id, p.op, found)
                                checked += 1
    assert checked > 100


@settings(max_examples=examples(60))
@given(st.data())
def test_writes_table_on_generated_boards(data: st.DataObject) -> None:
    board = data.draw(boards(max_objects=4, max_effects=4, max_abilities=3))
    version = get_version(data.draw(versions))
    engine = bookkeeping.Incremental(board, version)
    for e in engine.effects_in_play():
        for p in e.parts:
            for t in sorted(engine.state):
                instr = instruction(e, p, t, board, engine.state, version)
                old = engine.state[t]
                new = apply_instruction(old, instr, e.timestamp)
                found: set[str] = set()
                reads.changed_fields(old, new, found)
                assert found <= reads.WRITES.get(p.op, reads.FIELDS), (p.op, found)


def test_the_fast_path_knows_the_names_a_value_reads() -> None:
    """613.8a bookkeeping: a value's filters ask about these abilities by name, through sums and products."""
    flying = {"count": {"has_ability": "flying"}}
    reach = {"count": {"all": [{"type": "creature"}, {"has_ability": "reach"}]}}
    assert reads.value_ability_names(3) == frozenset()
    assert reads.value_ability_names(flying) == frozenset({"flying"})
    assert reads.value_ability_names({"times": [2, flying]}) == frozenset({"flying"})
    assert reads.value_ability_names({"sum": [flying, {"times": [-1, reach]}]}) == frozenset({"flying", "reach"})
    assert reads.value_ability_names({"its": "power"}) == frozenset()
    assert reads.value_ability_names({"counters": "+1/+1"}) == frozenset()  # 122: counters are no ability
    assert reads.value_ability_names({"unknown": "+1/+1"}) is None  # read otherwise: recomputed on any change


def test_only_a_number_or_a_one_key_expression_is_free_of_the_source() -> None:
    """109.4: a value reads no source only when it is a number or one expression that reads none; anything else
    (two keys at once, a text) is not known to be free of it."""
    assert reads.source_free(3) and reads.source_free({"its": "power"})
    assert not reads.source_free({"its": "power", "counters": "+1/+1"})
    assert not reads.source_free("x")


def test_a_filter_asking_for_the_source_is_not_source_free() -> None:
    """109.4: a filter whose value names the source ("the same controller as its source") reads the source."""
    from reference_optimized.reads import source_free_filter

    assert not source_free_filter({"controller": "source"})
    assert not source_free_filter({"all": [{"type": "creature"}, {"controller": "source"}]})
    assert source_free_filter({"controller": "you"})
    # "it" and "is_it" read the object the effect calls "it", which comes with its source, in any part of the filter
    assert not source_free_filter({"is_it": True}) and not source_free_filter({"it": "attached"})
    assert not source_free_filter({"any": [{"type": "land"}, {"is_it": True}]})


def test_an_all_filter_without_its_other_than_source_item() -> None:
    """109.2: the "other than its source" item taken out of an "all" filter, every other item kept in order."""
    white, creature = {"colors": ["white"]}, {"types": ["creature"]}
    other = {"other_than_source": True}
    assert reads.without_other_than_source({"all": [white, other, creature]}) == freeze({"all": [white, creature]})
    assert reads.without_other_than_source({"all": [other]}) == freeze({"all": []})
    assert reads.without_other_than_source({"all": [white, creature]}) is None
    assert reads.without_other_than_source({"all": [white], "not": other}) is None
    assert reads.without_other_than_source({"any": [white, other]}) is None
    assert reads.without_other_than_source(other) is None
