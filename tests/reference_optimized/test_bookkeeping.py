"""The incremental bookkeeping (reference_optimized.bookkeeping) gives the readable resolver's answers.

The bookkeeping keeps what each effect applies to and would change between steps and re-reads only
what a step touched. Every corpus case and generated boards check that it equals the readable
resolver, result and trace; the boards of the mutation campaign (issue 18) each make one of the kept
values go stale if the bookkeeping forgot to re-read it, with answers reasoned from the rules.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtg_layers.catalogue.load import catalogue
from reference import effects
from reference.case import board_at
from reference.dependency import dependency_graph
from reference.entry import OpenEntryError
from reference.frozen import freeze
from reference.model import Board, Characteristics, GameObject, Part
from reference.resolver import initial_state, resolve
from reference.versions import RulesVersion, get_version
from reference_optimized import bookkeeping, compiled_filters, indexes, reads
from reference_optimized import resolve as fast_resolve

from ..builders import (
    ELF_TO_GOBLIN,
    ELVES_PUMP,
    ELVES_PUMP_DEF,
    FOREST_MANA,
    GOBLINS_PUMP,
    IKORIA,
    VERSIONS,
    arbor_under_blood_moon,
    chars,
    corpus,
    corpus_case,
    corpus_steps,
    creature,
    enchantment,
    make_board,
)
from ..strategies import VERSIONS as VERSION_IDS
from ..strategies import board_from_data, boards, versions
from .corpus_boards import every_board, step_boards

AURA: dict[str, Any] = {"types": ["enchantment"], "subtypes": ["aura"], "mana_value": 4}

CONTROL_MAGIC = "you control enchanted creature."


def same(board: Board, vid: str | RulesVersion = "ikoria") -> dict[str, Any]:
    """The fast path's resolution equals the readable one; returns the final characteristics."""
    version = VERSIONS[vid] if isinstance(vid, str) else vid
    readable, quick = resolve(board, version), fast_resolve(board, version)
    assert quick == readable
    return dict(quick.final)


def test_control_magic_stolen_gives_its_creature_to_the_new_controller() -> None:
    """613.8a, 613.1b: "you control enchanted creature" depends on the effect that changes who controls the Aura,
    so that one applies first: the Aura's new controller controls the creature."""
    board = make_board(
        [
            creature("bear", 1),
            {"id": "magic", "name": "Magic", "controller": "p1", "timestamp": 2, "attached_to": "bear",
             "abilities": [CONTROL_MAGIC], **AURA},
        ],
        effects=[
            {"id": "steal", "controller": "p2", "timestamp": 3, "applies_to": ["magic"],
             "parts": [{"op": "set_controller", "player": "p2"}]},
        ],
        abilities=[{"text": CONTROL_MAGIC, "applies_to": {"attached_to_source": True},
                    "parts": [{"op": "set_controller", "player": "you"}]}],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = same(board, vid)
        assert (final["magic"].controller, final["bear"].controller) == ("p2", "p2")


# The engine's contract: each kept value is, whenever it is asked for, what the readable function computes now.


@contextmanager
def checked_engine() -> Iterator[list[int]]:
    """Before each step the fast path applies, every kept value is compared with a fresh computation:
    the effects in play (611, 613.6), what each applies to (611.2c, 611.3a, 613.6), what each would change in
    the step's slot (613.1), and the dependencies among them (613.8a). Yields the count of checks made."""
    checks = [0]
    apply = bookkeeping.Incremental.apply

    def checked(self: bookkeeping.Incremental, e: effects.ContinuousEffect, slot: str, chosen: frozenset[str]) -> None:
        live = self.effects_in_play()
        fresh = effects.effects_in_play(self.board, self.state, self.locked, self.version.keyword_counters)
        assert sorted(x.key for x in live) == sorted(x.key for x in fresh)
        group = [x for x in live if self.parts(x, slot)]
        assert self.in_slot(slot) == group  # 613.6: the effects in play with a part in the slot, kept while they stay
        for x in group:
            targets = effects.affected(x, self.board, self.state, self.locked)
            assert self.affected(x) == targets, x.key
            want = effects.changes_of(x, self.parts(x, slot), targets, self.board, self.state, self.version)
            assert self.changes(x, slot) == want, x.key
            assert self.changed(x, slot) == frozenset(want), x.key
            checks[0] += 1
        assert self.graph(group, slot) == dependency_graph(group, self.board, self.state, self.version, slot,
                                                           self.locked)  # fmt: skip
        assert chosen == effects.affected(e, self.board, self.state, self.locked), e.key
        apply(self, e, slot, chosen)
        # an application made at once is logged with the next ones (613.7c): what is kept follows when logged
        if self.pending_infos:
            self._flush()
        # the objects kept as holding each value (moved class by class) are those whose value it is now
        if self.holders is not None:
            held = [(i, ch) for ch, objs in self.holders.values() for i in objs]
            assert len(held) == len(self.state) and all(self.state[i] is ch for i, ch in held)
        # 205.3d, 305.6: the objects kept as not fitting are those that do not fit now
        assert self.unfit is None or self.unfit == {i for i, ch in self.state.items() if not reads.fits(ch)}
        # the bitsets over the objects are those of the new state (reference_optimized.indexes)
        if self.index is not None:
            rebuilt = indexes.Indexes(self.board, self.state).bits
            kept = self.indexes().bits
            assert {k: v for k, v in kept.items() if v} == {k: v for k, v in rebuilt.items() if v}

    bookkeeping.Incremental.apply = checked  # type: ignore[method-assign,assignment]
    try:
        yield checks
    finally:
        bookkeeping.Incremental.apply = apply  # type: ignore[method-assign]


def test_a_cda_waits_for_the_land_type_change_that_takes_it_away_on_the_fast_path_too() -> None:
    """613.8a(a)-(b), 305.7, pre-M10 (CDAs share the type layer's dependencies): the land creature's changeling CDA
    depends on Blood Moon's effect, which takes it away, and "Mountains are Warriors" depends on it too (it makes the
    land a Mountain): Blood Moon first, then the Warriors; no creature type from changeling. In the versions that set
    CDAs apart the fast path must still agree with the readable resolver, kept values included."""
    board = arbor_under_blood_moon(warriors=True)
    with checked_engine() as checks:
        final = same(board, "pre-m10")
    assert checks[0] > 0
    assert (final["arbor"].subtypes, final["arbor"].all_creature_types) == ({"mountain", "warrior"}, False)
    for vid in ("m10", "ikoria"):
        with checked_engine():
            same(board, vid)


ARTIFACT_ELVES = "artifacts are elves in addition to their other types."

GOBLIN_WARRIORS = "goblins are warriors in addition to their other types."


def test_an_effect_waits_for_one_that_changes_its_objects_whatever_the_other_effects_read() -> None:
    """613.8a(b), 613.7: "artifacts are Elves" (timestamp 1) depends on the resolved effect that makes the Bear an
    artifact (timestamp 2), which applies first: the Bear is an Elf. A third effect of the layer reading only
    subtypes ("Goblins are Warriors") does not change that: every effect's reads count, not only the last one's."""
    board = make_board(
        [
            creature("bear", 0.5),
            enchantment("a1", 1, ARTIFACT_ELVES),
            enchantment("a2", 3, GOBLIN_WARRIORS),
        ],
        effects=[{"id": "b", "controller": "p1", "timestamp": 2, "applies_to": ["bear"],
                  "parts": [{"op": "add_types", "types": ["artifact"]}]}],
        abilities=[
            {"text": ARTIFACT_ELVES, "applies_to": {"type": "artifact"},
             "parts": [{"op": "add_subtypes", "subtypes": ["elf"]}]},
            {"text": GOBLIN_WARRIORS, "applies_to": {"subtype": "goblin"},
             "parts": [{"op": "add_subtypes", "subtypes": ["warrior"]}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        with checked_engine():
            final = same(board, vid)
        assert (final["bear"].types, final["bear"].subtypes) == ({"artifact", "creature"}, {"elf"})


DOUBLE_POWER = "each creature gets +x/+y, where x is its power and y is the number of artifacts."

WHITE_ANTHEM = "white creatures get +1/+1."


def test_an_effect_waits_for_one_that_changes_its_amount_whatever_the_later_effects_read() -> None:
    """613.8a(c), 613.4c: "+X/+Y where X is its power and Y the number of artifacts" (timestamp 1) depends on the
    resolved +1/+0 (timestamp 2), which changes X: the +1/+0 applies first, 3/2, then X = 3 and Y = 0: 6/2. Neither
    what Y reads (types) nor a later effect of the sublayer reading only colors and types ("white creatures get
    +1/+1", no white creature here) hides that dependency."""
    board = make_board(
        [
            creature("bear", 0.5),
            enchantment("a1", 1, DOUBLE_POWER),
            enchantment("a2", 3, WHITE_ANTHEM),
        ],
        effects=[{"id": "b", "controller": "p1", "timestamp": 2, "applies_to": ["bear"],
                  "parts": [{"op": "modify_pt", "power": 1, "toughness": 0}]}],
        abilities=[
            {"text": DOUBLE_POWER, "applies_to": {"type": "creature"},
             "parts": [{"op": "modify_pt", "power": {"its": "power"}, "toughness": {"count": {"type": "artifact"}}}]},
            {"text": WHITE_ANTHEM, "applies_to": {"all": [{"type": "creature"}, {"color": "white"}]},
             "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        with checked_engine():
            final = same(board, vid)
        assert (final["bear"].power, final["bear"].toughness) == (6, 2)


def test_a_resolved_effect_does_not_apply_to_its_target_once_it_left_the_battlefield() -> None:
    """611.2c, 400.7: a resolved effect's objects are permanents; its target, now in a graveyard, is a new object
    the effect does not apply to: the card keeps its printed 2/2."""
    board = make_board(
        [creature("bear", 1, zone="graveyard"), creature("ogre", 2)],
        effects=[{"id": "giant", "controller": "p1", "timestamp": 3, "applies_to": ["bear", "ogre"],
                  "parts": [{"op": "modify_pt", "power": 3, "toughness": 3}]}],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        with checked_engine():
            final = same(board, vid)
        assert [(final[i].power, final[i].toughness) for i in ("bear", "ogre")] == [(2, 2), (5, 5)]


FLYING_COUNT = "each creature gets +x/+0, where x is the number of creatures with flying."


def test_a_value_counting_an_ability_waits_for_its_grant_under_a_profile_that_merges_their_layers() -> None:
    """613.8a(c) under a proposed profile that applies ability effects in the power-modifying sublayer (rules versions
    are data): "+X/+0, X the number of creatures with flying" (timestamp 1) depends on the resolved "gains flying"
    (timestamp 2) in that one sublayer, which changes X: the grant first, then X = 1: 3/2 with flying. The fast path
    must read which abilities the value asks about by name and agree with the readable resolver."""
    from dataclasses import replace

    from reference.versions import Classification

    ikoria = VERSIONS["ikoria"]
    merged = replace(
        ikoria,
        id="merged-6-7c",
        classification=tuple(
            Classification(c.kind, c.origins, "7c") if c.kind == "ability" else c for c in ikoria.classification
        ),
    )
    board = make_board(
        [
            creature("bear", 0.5),
            enchantment("a1", 1, FLYING_COUNT),
        ],
        effects=[{"id": "b", "controller": "p1", "timestamp": 2, "applies_to": ["bear"],
                  "parts": [{"op": "add_abilities", "abilities": ["flying"]}]}],
        abilities=[{"text": FLYING_COUNT, "applies_to": {"type": "creature"},
                    "parts": [{"op": "modify_pt", "power": {"count": {"all": [{"type": "creature"},
                                                                            {"has_ability": "flying"}]}},
                               "toughness": 0}]}],
    )  # fmt: skip
    bear = same(board, merged)["bear"]
    assert (bear.power, bear.toughness, bear.abilities) == (3, 2, {"flying"})


BLACK_HEXPROOF = "creatures with flying are black and have hexproof."

FLYING_TRAMPLE = "creatures with flying have trample."

FLYING_TRAMPLE_DEF: dict[str, Any] = {
    "text": FLYING_TRAMPLE,
    "applies_to": {"all": [{"type": "creature"}, {"has_ability": "flying"}]},
    "parts": [{"op": "add_abilities", "abilities": ["trample"]}],
}


def test_an_effect_locked_in_an_earlier_layer_does_not_stop_the_search_for_what_depends_on_a_grant() -> None:
    """613.6, 613.8a(b): "creatures with flying are black and have hexproof" starts applying in layer 5, to no
    creature (the Bear gets flying only in layer 6), and keeps that empty set in layer 6; "creatures with flying have
    trample" depends on the resolved flying grant, so the grant applies first: the Bear has flying and trample, is
    not black and has no hexproof. Before M10 colors and abilities shared one layer: both depend on the grant, the
    Bear gets all of it."""
    board = make_board(
        [
            creature("bear", 0.5),
            enchantment("a1", 1, BLACK_HEXPROOF),
            enchantment("a2", 2, FLYING_TRAMPLE),
        ],
        effects=[{"id": "b", "controller": "p1", "timestamp": 3, "applies_to": ["bear"],
                  "parts": [{"op": "add_abilities", "abilities": ["flying"]}]}],
        abilities=[
            {"text": BLACK_HEXPROOF, "applies_to": {"all": [{"type": "creature"}, {"has_ability": "flying"}]},
             "parts": [{"op": "add_colors", "colors": ["black"]}, {"op": "add_abilities", "abilities": ["hexproof"]}]},
            FLYING_TRAMPLE_DEF,
        ],
    )  # fmt: skip
    for vid, colors, abilities in (
        ("pre-m10", {"black"}, {"flying", "hexproof", "trample"}),
        ("m10", set(), {"flying", "trample"}),
        ("ikoria", set(), {"flying", "trample"}),
    ):
        final = same(board, vid)
        assert (final["bear"].colors, final["bear"].abilities) == (colors, abilities), vid


ONE_ONE = "creatures are 1/1."

THREE_THREE = "creatures are 3/3."


def test_an_ability_granted_again_later_applies_at_the_later_grants_timestamp() -> None:
    """613.7a, 613.4b: a static ability granted by an effect has that effect's timestamp when it is later than its
    object's. "Creatures are 1/1" granted at 5 and again at 9, "creatures are 3/3" printed at 7: the grant at 9 puts
    the 1/1 effect after the 3/3 one, so every creature is 1/1."""
    board = make_board(
        [
            creature("bear", 1),
            enchantment("gran", 2),
            enchantment("big", 7, THREE_THREE),
        ],
        effects=[
            {"id": "g1", "controller": "p1", "timestamp": 5, "applies_to": ["gran"],
             "parts": [{"op": "add_abilities", "abilities": [ONE_ONE]}]},
            {"id": "g2", "controller": "p1", "timestamp": 9, "applies_to": ["gran"],
             "parts": [{"op": "add_abilities", "abilities": [ONE_ONE]}]},
        ],
        abilities=[
            {"text": ONE_ONE, "applies_to": {"type": "creature"},
             "parts": [{"op": "set_pt", "power": 1, "toughness": 1}]},
            {"text": THREE_THREE, "applies_to": {"type": "creature"},
             "parts": [{"op": "set_pt", "power": 3, "toughness": 3}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = same(board, vid)
        assert (final["bear"].power, final["bear"].toughness) == (1, 1), vid


ZOMBIE_CARDS = "creature cards in graveyards are zombies in addition to their other types."

ANIMATE_CARDS = "artifact cards in graveyards are artifact creatures."

WARRIORS = "creatures are warriors in addition to their other types."


def test_an_effect_on_cards_in_graveyards_sees_a_card_another_effect_changed_there() -> None:
    """611.3a, 613.8a(b): static abilities that name graveyards apply to cards there. "Creature cards in graveyards
    are Zombies" (timestamp 1) depends on "artifact cards in graveyards are artifact creatures" (timestamp 2), which
    makes the artifact card a creature card: that applies first, and the card is an artifact creature Zombie.
    "Creatures are Warriors" names no zone: it applies to creatures on the battlefield only, not to that card, so it
    depends on neither (a card changed in a graveyard never enters its set). The readable resolver once said it did:
    its trial compared the changed objects with the filter alone, whatever their zone."""
    board = make_board(
        [
            {"id": "yard", "name": "Yard", "timestamp": 0.5, "owner": "p1", "controller": "p1", "zone": "graveyard",
             "types": ["artifact"], "mana_value": 2},
            enchantment("e1", 1, ZOMBIE_CARDS),
            enchantment("e2", 2, ANIMATE_CARDS),
            enchantment("e3", 3, WARRIORS),
        ],
        abilities=[
            {"text": ZOMBIE_CARDS, "applies_to": {"all": [{"zone": "graveyard"}, {"type": "creature"}]},
             "parts": [{"op": "add_subtypes", "subtypes": ["zombie"]}]},
            {"text": ANIMATE_CARDS, "applies_to": {"all": [{"zone": "graveyard"}, {"type": "artifact"}]},
             "parts": [{"op": "add_types", "types": ["creature"]}]},
            {"text": WARRIORS, "applies_to": {"type": "creature"},
             "parts": [{"op": "add_subtypes", "subtypes": ["warrior"]}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = same(board, vid)
        assert (final["yard"].types, final["yard"].subtypes) == ({"artifact", "creature"}, {"zombie"}), vid
        edges = {(e.dependent.split(":")[0], e.on.split(":")[0]) for e in resolve(board, VERSIONS[vid]).edges}
        assert edges == {("e1", "e2")}, vid


@pytest.mark.parametrize(
    "flags",
    [
        {},
        {"loop_ignores_dependency": True},
        {"loop_waits_as_unit": False},
        {"dependent_waits_in_timestamp_order": False},
    ],
    ids=["613.8b", "loop-ignores-dependency", "member-waits-alone", "released-applies-at-once"],
)
def test_a_loop_waiting_for_a_later_effect_under_each_reading_of_613_8b(flags: dict[str, Any]) -> None:
    """613.8b, each reading a profile can state: A and B form a loop, A also depends on C (timestamp later). The fast
    path must order them as the readable resolver does, trace and reasons included (5/5 by the rules, timestamp
    order 3/5 when the loop ignores dependency altogether; for the other readings only the agreement is checked)."""
    from dataclasses import replace

    from ..builders import loop_waiting_for_a_later_effect

    version = replace(VERSIONS["ikoria"], **flags)
    board = loop_waiting_for_a_later_effect()
    bear = same(board, version)["bear"]
    if not flags or "loop_ignores_dependency" in flags:
        expected = (3, 5) if flags else (5, 5)
        assert (bear.power, bear.toughness) == expected


# What the fast path keeps between steps, on boards where a stale value would show


def test_the_record_of_objects_that_do_not_fit_follows_each_change() -> None:
    """205.3d, 305.6: a Forest land creature becomes a Warrior (layer 4; the fast path first asks which objects do not
    fit), loses all its abilities (layer 6: without its land type's mana ability it no longer fits) and gains
    "{t}: add {g}." again (it fits again). The engine-contract check compares the kept record with a fresh one after
    every step; the final values are the readable resolver's."""
    board = make_board(
        [creature("arbor", 1, types=["land", "creature"], subtypes=["forest"])],
        effects=[
            {"id": "w", "controller": "p1", "timestamp": 2, "applies_to": ["arbor"],
             "parts": [{"op": "add_subtypes", "subtypes": ["warrior"]}]},
            {"id": "h", "controller": "p1", "timestamp": 3, "applies_to": ["arbor"],
             "parts": [{"op": "remove_all_abilities"}]},
            {"id": "g", "controller": "p1", "timestamp": 4, "applies_to": ["arbor"],
             "parts": [{"op": "add_abilities", "abilities": [FOREST_MANA]}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        with checked_engine() as checks:
            final = same(board, vid)
        assert checks[0] >= 3, vid
        assert (final["arbor"].subtypes, final["arbor"].abilities) == ({"forest", "warrior"}, {FOREST_MANA}), vid


ELVES_HASTE = "elves have haste."

GOBLINS_HASTE = "goblins have haste."


def test_an_effect_that_cannot_change_one_effects_source_is_still_tested_against_the_next() -> None:
    """613.8a(b): "creatures with flying have trample" (timestamp 3) depends on the resolved "loses 'elves have
    haste.' and flying" (timestamp 5), which takes flying from the Bird, so it applies first: the Bird has neither.
    The same effect also names the wording of another enchantment's ability, whose text a text change made
    "goblins have haste.": it cannot change that source, and the search goes on to the next effect."""
    board = make_board(
        [
            creature("bird", 0.5, abilities=["flying"]),
            enchantment("e1", 1, ELVES_HASTE),
            enchantment("e2", 3, FLYING_TRAMPLE),
        ],
        effects=[
            {"id": "t", "controller": "p1", "timestamp": 2, "applies_to": ["e1"],
             "parts": [ELF_TO_GOBLIN]},
            {"id": "r", "controller": "p1", "timestamp": 5, "applies_to": ["bird", "e1"],
             "parts": [{"op": "remove_abilities", "abilities": [ELVES_HASTE, "flying"]}]},
        ],
        abilities=[
            {"text": ELVES_HASTE, "applies_to": {"subtype": "elf"},
             "parts": [{"op": "add_abilities", "abilities": ["haste"]}]},
            FLYING_TRAMPLE_DEF,
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = same(board, vid)
        assert (final["bird"].abilities, final["e1"].abilities) == (frozenset(), {GOBLINS_HASTE}), vid


FLYING_HASTE = "permanents with flying have haste."

HASTE_TRAMPLE = "creatures with haste have trample."


def test_an_effect_regranted_before_it_applies_applies_with_its_new_timestamp_to_every_object() -> None:
    """613.7a, 613.8a(b): "permanents with flying have haste" is granted to an enchantment at 5 and granted again at
    8, with flying, by another effect; it depends on that effect (the enchantment joins its objects), so the grant at
    8 comes first and the haste it gives is granted at 8, to the Bird it applied to before as well as to the
    enchantment. "Creatures with haste have trample" (timestamp 9) depends on it in turn."""
    board = make_board(
        [
            creature("bird", 0.5, abilities=["flying"]),
            enchantment("gran", 1),
            enchantment("z", 9, HASTE_TRAMPLE),
        ],
        effects=[
            {"id": "g1", "controller": "p1", "timestamp": 5, "applies_to": ["gran"],
             "parts": [{"op": "add_abilities", "abilities": [FLYING_HASTE]}]},
            {"id": "g2", "controller": "p1", "timestamp": 8, "applies_to": ["gran"],
             "parts": [{"op": "add_abilities", "abilities": [FLYING_HASTE, "flying"]}]},
        ],
        abilities=[
            {"text": FLYING_HASTE, "applies_to": {"has_ability": "flying"},
             "parts": [{"op": "add_abilities", "abilities": ["haste"]}]},
            {"text": HASTE_TRAMPLE, "applies_to": {"all": [{"type": "creature"}, {"has_ability": "haste"}]},
             "parts": [{"op": "add_abilities", "abilities": ["trample"]}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = same(board, vid)
        assert [final[i].granted.get("haste") for i in ("bird", "gran")] == [8, 8], vid
        assert final["bird"].abilities == {"flying", "haste", "trample"}, vid
        # the trace names a granted ability's effect apart from the ability its object has as printed
        applied = [s.effect for s in resolve(board, VERSIONS[vid]).steps if s.effect.startswith("gran:")]
        assert applied == [f"gran:{FLYING_HASTE} (granted)"], vid


ELF_TEXT = "each elf has human where it had goblin."


def test_a_text_change_on_a_text_changing_ability_changes_what_it_applies_to() -> None:
    """612.1, 613.8a(b): the resolved "elf becomes merfolk" on an enchantment (timestamp 1) changes its ability
    "each elf has human where it had goblin." into "each merfolk has ...": the Merfolk's "goblin lore." becomes
    "human lore.", the Elf's stays."""
    board = make_board(
        [
            creature("elf", 0.5, subtypes=["elf"], abilities=["goblin lore."]),
            creature("merfolk", 0.6, subtypes=["merfolk"], abilities=["goblin lore."]),
            enchantment("x", 2, ELF_TEXT),
        ],
        effects=[
            {"id": "b", "controller": "p1", "timestamp": 1, "applies_to": ["x"],
             "parts": [{"op": "replace_word", "from": "elf", "to": "merfolk"}]},
        ],
        abilities=[
            {"text": ELF_TEXT, "applies_to": {"subtype": "elf"},
             "parts": [{"op": "replace_word", "from": "goblin", "to": "human"}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = same(board, vid)
        assert (final["elf"].abilities, final["merfolk"].abilities) == ({"goblin lore."}, {"human lore."}), vid


def test_removing_a_text_changed_ability_by_its_new_words_ends_its_effect() -> None:
    """612.1, 613.1f: the Lord's "elves get +1/+1." reads "goblins get +1/+1." after a text change (layer 3); an
    effect that removes "goblins get +1/+1." (layer 6) removes that ability, so its effect is gone: the Goblin
    stays 2/2."""
    board = make_board(
        [
            creature("goblin", 0.5, subtypes=["goblin"]),
            enchantment("lord", 1, ELVES_PUMP),
        ],
        effects=[
            {"id": "t", "controller": "p1", "timestamp": 2, "applies_to": ["lord"],
             "parts": [ELF_TO_GOBLIN]},
            {"id": "r", "controller": "p1", "timestamp": 3, "applies_to": ["lord"],
             "parts": [{"op": "remove_abilities", "abilities": [GOBLINS_PUMP]}]},
        ],
        abilities=[
            ELVES_PUMP_DEF,
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        final = same(board, vid)
        assert (final["goblin"].power, final["goblin"].toughness, final["lord"].abilities) == (2, 2, set()), vid


def test_what_an_effect_applies_to_is_up_to_date_however_many_steps_ago_it_was_asked() -> None:
    """611.3a, 613.1f (the Engine's contract: ``affected`` answers as ``effects.affected`` whenever it is asked):
    "creatures with flying have trample" is asked what it applies to (nothing), then two effects give flying to two
    creatures, one after the other; asked again, it applies to both."""
    board = make_board(
        [creature("bird1", 1), creature("bird2", 2), enchantment("z", 3, FLYING_TRAMPLE)],
        effects=[
            {"id": f"f{n}", "controller": "p1", "timestamp": 3 + n, "applies_to": [f"bird{n}"],
             "parts": [{"op": "add_abilities", "abilities": ["flying"]}]}
            for n in (1, 2)
        ],
        abilities=[
            FLYING_TRAMPLE_DEF,
        ],
    )  # fmt: skip
    engine = bookkeeping.Incremental(board, VERSIONS["ikoria"])
    (trample,) = engine.statics["z"]
    assert engine.affected(trample) == frozenset()
    for grant in engine.resolved:
        engine.apply(grant, "6", engine.affected(grant))
    assert engine.affected(trample) == effects.affected(trample, board, engine.state, engine.locked)
    assert engine.affected(trample) == {"bird1", "bird2"}


# The incremental bookkeeping gives the readable resolver's results and traces, exactly: every corpus
# case, step and declared version, generated boards, and the benchmark boards.

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))


def assert_same(board: Board, version: RulesVersion) -> None:
    readable = resolve(board, version)
    quick = fast_resolve(board, version)
    assert quick.final == readable.final
    assert quick.edges == readable.edges
    assert quick.skipped == readable.skipped
    assert len(quick.steps) == len(readable.steps)
    for q, r in zip(quick.steps, readable.steps, strict=True):
        assert q == r
    assert quick == readable


@pytest.mark.parametrize(("case_id", "step", "vid"), corpus_steps())
def test_corpus_case(case_id: str, step: int, vid: str) -> None:
    """611, 613.1, 613.6, 613.8a: on every corpus board the fast path gives the readable resolver's resolution, and
    every value it keeps is the fresh one (``checked_engine``)."""
    version = VERSIONS[vid]
    with checked_engine():
        for board in step_boards(corpus_case(case_id), step, version):  # 613.7m, 614.12: each outcome's board
            assert_same(board, version)


@pytest.mark.slow
@given(board=boards(max_objects=4, max_effects=4, max_abilities=3), vid=versions)
def test_generated_board(board: Board, vid: str) -> None:
    assert_same(board, get_version(vid))


BENCHMARK_KINDS = [
    "mixed",
    "7c",
    "chain",
    "chain4",
    "touch",
    "count",
    "cond",
    "amounts",
    "touch4",
    "loop",
    "copies",
    "text",
]


@pytest.mark.parametrize("name", BENCHMARK_KINDS)
def test_benchmark_board(name: str) -> None:
    import floor_ratio

    build: Callable[[], Board] = {
        "mixed": lambda: floor_ratio.mixed_board(60, 12),
        "7c": lambda: floor_ratio.mixed_board(60, 12, ("7c",)),
        "chain": lambda: floor_ratio.chain_board(6, 40),
        # more links than creatures: every creature holds several links (and layer 4: creature types)
        "chain4": lambda: floor_ratio.chain_board(12, 20, layer="4"),
        "touch": lambda: floor_ratio.touch_board(6, 30),
        "count": lambda: floor_ratio.count_board(6, 30),
        "cond": lambda: floor_ratio.conditional_board(8, 40),
        "amounts": lambda: floor_ratio.amounts_board(6, 20),
        "touch4": lambda: floor_ratio.touch4_board(6, 20),
        "loop": lambda: floor_ratio.loop_board(5, 20),
        "copies": lambda: floor_ratio.copies_board(5, 12),
        "text": lambda: floor_ratio.text_board(6, 20),
    }[name]
    with checked_engine():
        assert_same(build(), get_version("ikoria"))


@pytest.mark.parametrize("family", ["a", "b", "c"])
@pytest.mark.parametrize("vid", ["2025-08-01", "ikoria"])
def test_peer_benchmark_family(family: str, vid: str) -> None:
    """Issue 39's peer boards, small (anthems; type changes with dependency, five of each card; counters, switches
    and pumps): kept values fresh before each step, the fast path equal to the readable resolver."""
    import peers

    version = get_version(vid)
    board = peers.project_board(peers.events(family, 24, 16), catalogue(), version)
    with checked_engine():
        assert_same(board, version)


def test_counters_and_pumps_apply_in_one_pass_but_not_beside_an_amount_reading_toughness() -> None:
    """613.8c: a group whose effects write nothing any of them reads may apply without asking again (independent);
    "+X/+0 where X is its toughness" beside "+0/+1" may not (each +0/+1 changes its X)."""
    import floor_ratio
    import peers

    version = get_version("2025-08-01")
    counters = peers.project_board(peers.events("c", 12, 5), catalogue(), version)
    engine = bookkeeping.Incremental(counters, version)
    group = [e for e in engine.effects_in_play() if engine.parts(e, "7c")]
    assert len(group) > 9 and engine.independent(group, "7c")
    amounts = floor_ratio.amounts_board(4, 6)
    engine = bookkeeping.Incremental(amounts, version)
    group = [e for e in engine.effects_in_play() if engine.parts(e, "7c")]
    assert len(group) == 4 and not engine.independent(group, "7c")


@pytest.mark.slow
def test_a_game_resolved_after_each_event_on_the_fast_path() -> None:
    """The benchmark's four-player game (three conditional statics), after three of its events: every kept value
    fresh before each step, and the fast path equal to the readable resolver, result and trace. (The board after the
    first event was judged too, 34.2 s in CI with it, 2026-12-07: it differs by a creature and a land, and no condition
    changes its answer between the two.)"""
    import floor_ratio

    board = floor_ratio.game_boards(events=3)[-1]
    with checked_engine():
        assert_same(board, get_version("ikoria"))


@pytest.mark.slow
@given(
    kind=st.sampled_from(BENCHMARK_KINDS[6:]),
    k=st.integers(min_value=2, max_value=8),
    extra=st.integers(min_value=0, max_value=8),
    vid=versions,
)
def test_generated_benchmark_kind(kind: str, k: int, extra: int, vid: str) -> None:
    """Every new board kind (issue 32) at generated sizes, under every rules version: fast equals readable."""
    import floor_ratio

    build: Callable[[], Board] = {
        "cond": lambda: floor_ratio.conditional_board(k, 27 + k + extra),
        "amounts": lambda: floor_ratio.amounts_board(k, k + 1 + extra),
        "touch4": lambda: floor_ratio.touch4_board(k, k + 1 + extra),
        "loop": lambda: floor_ratio.loop_board(k, k + 1 + extra),
        "copies": lambda: floor_ratio.copies_board(k, k + 1 + extra),
        "text": lambda: floor_ratio.text_board(k, k + 1 + extra),
    }[kind]
    assert_same(build(), get_version(vid))


def test_subtype_names_only_on_objects_that_fit() -> None:
    """205.3d: adding a creature type to an artifact that holds one (loaded so) drops it: B depends on A."""
    from tests.builders import make_board

    enchantment = {"controller": "p1", "types": ["enchantment"], "mana_value": 1}
    board = make_board(
        [
            {"id": "x", "name": "X", "timestamp": 10, "controller": "p1", "types": ["artifact"], "subtypes": ["elf"]},
            {"id": "a", "name": "A", "timestamp": 3, "abilities": ["artifacts are also goblins."], **enchantment},
            {"id": "b", "name": "B", "timestamp": 2, "abilities": ["elves are artifact creatures."], **enchantment},
        ],
        abilities=[
            {
                "text": "artifacts are also goblins.",
                "applies_to": {"type": "artifact"},
                "parts": [{"op": "add_subtypes", "subtypes": ["goblin"]}],
            },
            {
                "text": "elves are artifact creatures.",
                "applies_to": {"subtype": "elf"},
                "parts": [{"op": "add_types", "types": ["creature"]}],
            },
        ],
    )
    version = get_version("ikoria")
    assert [e.dependent for e in resolve(board, version).edges] == ["b:elves are artifact creatures."]
    assert_same(board, version)


# Boards from the mutation campaign (issue 18): each pins a rule the incremental bookkeeping must keep,
# with the readable resolver's result as well (``_same``).


def _same(board: Any) -> Any:
    """Resolve with both resolvers; they must agree (the fast path returns the readable one's results)."""
    readable = resolve(board, IKORIA)
    quick = fast_resolve(board, IKORIA)
    assert quick == readable
    return quick


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
                "parts": [{"op": "copy_of", "object": "x"}, {"op": "set_pt", "power": 0}],
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
    # read in the layers (a case fixes X as it resolves, 611.2d; the loop still reads a hand-built expression)
    shape = board.effects[0]
    counted = Part("set_pt", freeze({"power": {"count": {"type": "creature"}}}))
    board = replace(board, effects=(replace(shape, parts=(shape.parts[0], counted)), *board.effects[1:]))
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


LAND_GOLEMS_SWAMPS = "land clues and land golems are swamps in addition to their other types."

ARTIFACT_LANDS = "artifacts are lands in addition to their other types."


@pytest.mark.parametrize("change", ["clue", "artifact"])
def test_a_kept_dependency_answer_is_asked_again_once_a_step_changes_what_it_read(change: str) -> None:
    """613.8a, 613.7: "land Clues and land Golems are Swamps" (timestamp 1) does not depend on "artifacts are lands"
    (timestamp 2) while the only artifact is a Relic that is neither: the answer is kept. A resolved effect (timestamp
    0.6) then makes the Relic a Clue (a step changing an object the second effect applies to), or makes the Golem Bear
    an artifact (a step changing which objects it applies to): now the lands effect would add a land Clue (a land
    Golem) to the first one's objects, so the first waits for it, and the Relic (the Bear) becomes a Swamp."""
    target, op = ("relic", {"op": "add_subtypes", "subtypes": ["clue"]})
    if change == "artifact":
        target, op = ("bear", {"op": "add_types", "types": ["artifact"]})
    board = make_board(
        [
            creature("bear", 0.5, subtypes=["golem"]),
            {"id": "relic", "name": "Relic", "timestamp": 0.7, "controller": "p1", "types": ["artifact"],
             "mana_value": 1},
            enchantment("a1", 1, LAND_GOLEMS_SWAMPS),
            enchantment("a2", 2, ARTIFACT_LANDS),
        ],
        effects=[{"id": "c", "controller": "p1", "timestamp": 0.6, "applies_to": [target], "parts": [op]}],
        abilities=[
            {"text": LAND_GOLEMS_SWAMPS,
             "applies_to": {"all": [{"type": "land"}, {"any": [{"subtype": "clue"}, {"subtype": "golem"}]}]},
             "parts": [{"op": "add_subtypes", "subtypes": ["swamp"]}]},
            {"text": ARTIFACT_LANDS, "applies_to": {"type": "artifact"},
             "parts": [{"op": "add_types", "types": ["land"]}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        with checked_engine(), _kept() as answers:
            final = same(board, vid)
        assert "swamp" in final[target].subtypes
        assert "land" in final[target].types
        assert False in answers  # a kept answer was there, and was not used


@contextmanager
def _kept() -> Iterator[list[bool]]:
    """Each answer of ``_kept_answer`` while inside, True where a kept dependency answer was used."""
    answers: list[bool] = []
    original = bookkeeping.Incremental._kept_answer

    def counted(self: bookkeeping.Incremental, pair: Any, a: Any, b: Any) -> bool:
        found = original(self, pair, a, b)
        answers.append(found)
        return found

    bookkeeping.Incremental._kept_answer = counted  # type: ignore[method-assign]
    try:
        yield answers
    finally:
        bookkeeping.Incremental._kept_answer = original  # type: ignore[method-assign]


def test_the_peer_type_changes_keep_dependency_answers_and_stay_equal() -> None:
    """613.8a: on issue 39's type-change family (Urborg, Blood Moon, March of the Machines, Mycosynth Lattice,
    Humility, Opalescence) most pairs are asked again after steps that changed nothing they read: their kept answers
    are used, and every graph still equals the readable one (the checked engine compares them before each step)."""
    import peers

    version = get_version("2025-08-01")
    board = peers.project_board(peers.events("b", 40, 24), catalogue(), version)
    with checked_engine(), _kept() as answers:
        assert fast_resolve(board, version) == resolve(board, version)
    assert any(answers)
    assert not all(answers)


def test_effects_with_equal_trials_share_answers_and_changes_and_stay_equal(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a, 613.1: on issue 39's type-change family the Marches of the Machines make the same objects creatures the
    same way: after the first, each one's dependency answers are the first one's (with its own description) and its
    changes are copied, not computed again; every graph still equals the readable one (the checked engine compares
    them before each step) and so does the whole resolution."""
    import peers

    version = get_version("2025-08-01")
    board = peers.project_board(peers.events("b", 40, 24), catalogue(), version)
    answers: list[bool] = []
    copies: list[bool] = []
    same_trial, shared_changes = bookkeeping.Incremental._same_trial, bookkeeping.Incremental._shared_changes

    def spy_trial(self: bookkeeping.Incremental, *args: Any) -> Any:
        found = same_trial(self, *args)
        answers.append(found is not None)
        return found

    def spy_changes(self: bookkeeping.Incremental, *args: Any) -> Any:
        found = shared_changes(self, *args)
        copies.append(found is not None)
        return found

    monkeypatch.setattr(bookkeeping.Incremental, "_same_trial", spy_trial)
    monkeypatch.setattr(bookkeeping.Incremental, "_shared_changes", spy_changes)
    with checked_engine():
        assert fast_resolve(board, version) == resolve(board, version)
    assert any(answers) and any(copies)


@pytest.mark.parametrize("family", ["a", "c"])
def test_classes_of_alike_objects_follow_every_step_on_the_peer_boards(family: str) -> None:
    """613.1: on issue 39's peer boards at 100 creatures (one effect moving a class onto a value another class
    holds, and that class on, in one step), every object is kept in the class of the value it holds after each
    step, and the fast path equals the readable resolver, result and trace."""
    import peers

    version = get_version("2025-08-01")
    board = peers.project_board(peers.events(family, 100, 10), catalogue(), version)
    apply, flush = bookkeeping.Incremental.apply, bookkeeping.Incremental._flush
    steps = [0]

    def held(self: bookkeeping.Incremental, key: str) -> None:
        assert self.holders is not None  # a few values for many objects: the classes are kept
        held = [(i, ch) for ch, objs in self.holders.values() for i in objs]
        assert len(held) == len(self.state) and all(self.state[i] is ch for i, ch in held), key

    def checked(self: bookkeeping.Incremental, e: effects.ContinuousEffect, slot: str, chosen: frozenset[str]) -> None:
        apply(self, e, slot, chosen)
        if not self.pending_infos:  # else the classes follow when the applications made at once are logged
            held(self, e.key)
        steps[0] += 1

    def checked_flush(self: bookkeeping.Incremental) -> None:
        flush(self)
        held(self, "flush")

    def counted_run(self: bookkeeping.Incremental, picks: list[Any], n: int, *args: Any) -> int:
        after = run(self, picks, n, *args)  # (``apply_in_order`` applies a run of counters without asking ``apply``)
        steps[0] += after - n
        return after

    run = bookkeeping.Incremental._apply_run
    bookkeeping.Incremental.apply = checked  # type: ignore[method-assign,assignment]
    bookkeeping.Incremental._flush = checked_flush  # type: ignore[method-assign]
    bookkeeping.Incremental._apply_run = counted_run  # type: ignore[method-assign,assignment]
    try:
        assert_same(board, version)
    finally:
        bookkeeping.Incremental.apply = apply  # type: ignore[method-assign]
        bookkeeping.Incremental._flush = flush  # type: ignore[method-assign]
        bookkeeping.Incremental._apply_run = run  # type: ignore[method-assign]
    assert steps[0] >= 10


@st.composite
def counter_board_data(draw: st.DrawFn) -> dict[str, Any]:
    """Corpus-format data: many creatures with +1/+1 and -1/-1 counters (613.7c: each kind on each object one
    effect, with its own timestamp) between resolved and static effects of 7b, 7c and 7d with earlier and later
    timestamps, some of whose amounts count counters (122.1)."""
    n = draw(st.integers(4, 14))
    n_eff = draw(st.integers(0, 5))
    stamps = draw(st.permutations(list(range(1, 1 + n + n_eff + 2 * n))))
    counted = st.one_of(st.integers(-1, 2), st.sampled_from(({"counters": "+1/+1"}, {"counters": "-1/-1"})))

    def part(amount: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.one_of(
            st.tuples(st.sampled_from(("modify_pt", "set_pt")), amount, amount).map(
                lambda x: {"op": x[0], "power": x[1], "toughness": x[2]}
            ),
            st.just({"op": "switch_pt"}),
        )

    abilities = [
        {
            "text": "anthem",
            "applies_to": {"type": "creature"},
            "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
        },
        {"text": "counted", "applies_to": {"type": "creature"}, "parts": [draw(part(counted))]},
    ]
    objects = []
    for i in range(n):
        o: dict[str, Any] = {
            "id": f"o{i + 1}",
            "name": f"Card o{i + 1}",
            "controller": draw(st.sampled_from(("p1", "p2"))),
            "timestamp": stamps[i],
            "mana_value": 2,
            "types": ["creature"],
            "power": draw(st.integers(0, 3)),
            "toughness": draw(st.integers(1, 4)),
            "abilities": draw(st.lists(st.sampled_from(("anthem", "counted")), max_size=1)) if i < 3 else [],
        }
        kinds = draw(st.lists(st.sampled_from(("+1/+1", "-1/-1")), max_size=2, unique=True))
        if kinds:
            o["counters"] = [
                {"kind": k, "count": draw(st.integers(1, 3)), "timestamp": stamps[n + n_eff + 2 * i + j]}
                for j, k in enumerate(kinds)
            ]
        objects.append(o)
    effects_ = [
        {
            "id": f"e{k + 1}",
            "controller": "p1",
            "timestamp": stamps[n + k],
            "applies_to": draw(st.lists(st.sampled_from([o["id"] for o in objects]), min_size=1, unique=True)),
            "parts": [draw(part(st.integers(-1, 2)))],  # 611.2d, 608.2h: fixed as it resolved
        }
        for k in range(n_eff)
    ]
    return {
        "id": "generated",
        "title": "counters among 7c effects",
        "status": "derived",
        "versions": list(VERSION_IDS),
        "features": ["counters"],
        "sources": [{"kind": "derived", "ref": "tests/reference_optimized/test_bookkeeping.py"}],
        "abilities": abilities,
        "objects": objects,
        "effects": effects_,
        "steps": [{"description": "the board", "expect": {v: {} for v in VERSION_IDS}}],
    }


@pytest.mark.slow
@given(data=counter_board_data(), vid=versions)
def test_counters_applied_at_once_among_other_effects_on_generated_boards(data: dict[str, Any], vid: str) -> None:
    """613.7c: many counters between 7c effects of earlier and later timestamps (and 7b, 7d; amounts counting
    counters): the applications made at once, logged together, leave the fast path equal to the readable resolver,
    result and trace; and every kept value is fresh whenever it is logged (the classes, the objects without power
    or toughness)."""
    board = board_from_data(data)
    flush = bookkeeping.Incremental._flush

    def checked_flush(self: bookkeeping.Incremental) -> None:
        flush(self)
        if self.holders is not None:
            held = [(i, ch) for ch, objs in self.holders.values() for i in objs]
            assert len(held) == len(self.state) and all(self.state[i] is ch for i, ch in held)
        if self.no_pt is not None:
            assert self.no_pt == {i for i, ch in self.state.items() if ch.power is None or ch.toughness is None}

    bookkeeping.Incremental._flush = checked_flush  # type: ignore[method-assign]
    try:
        assert_same(board, get_version(vid))
    finally:
        bookkeeping.Incremental._flush = flush  # type: ignore[method-assign]


def test_a_run_of_counters_is_applied_at_once_and_logged_as_one_step() -> None:
    """613.7c: on the peer board of counters, switches and pumps, the counters in a row of 7c's order are logged as
    one step (fewer log entries than applications), and the result and trace equal the readable resolver's."""
    import peers

    version = get_version("2025-08-01")
    board = peers.project_board(peers.events("c", 40, 6), catalogue(), version)
    engine = bookkeeping.Incremental(board, version)
    quick = resolve(board, version, lambda _b, _v: engine)
    assert len(engine.log) < len(list(engine.replay())) - 20
    assert quick == resolve(board, version)


# Issue 39, family b: card types by name, objects answered off their trial's changed objects, and effects that exist
# on the trial state as they do now. Each board is one where a shortcut must not apply.

GOBLINS_ENCHANTED = "goblins are enchantments in addition to their other types."

ARTIFACTS_ANIMATED = "artifacts are creatures in addition to their other types."


def test_a_card_type_brings_back_a_subtype_set_aside_so_the_effect_reading_it_waits() -> None:
    """205.1a, 613.8a: an artifact creature Goblin lost its creature type (the Goblin set aside); an effect making
    artifacts creatures would bring it back, so "goblins are enchantments" depends on it and applies after it. Adding
    a card type changes only that type on objects that fit with nothing set aside: this one has a subtype aside."""
    board = make_board(
        [
            {"id": "x", "name": "X", "timestamp": 1, "controller": "p1", "types": ["artifact", "creature"],
             "subtypes": ["goblin"], "power": 1, "toughness": 1},
            enchantment("e1", 3, GOBLINS_ENCHANTED),
            enchantment("e2", 4, ARTIFACTS_ANIMATED),
        ],
        effects=[{"id": "r", "controller": "p1", "timestamp": 2, "applies_to": ["x"],
                  "parts": [{"op": "remove_types", "types": ["creature"]}]}],
        abilities=[
            {"text": GOBLINS_ENCHANTED, "applies_to": {"subtype": "goblin"},
             "parts": [{"op": "add_types", "types": ["enchantment"]}]},
            {"text": ARTIFACTS_ANIMATED, "applies_to": {"type": "artifact"},
             "parts": [{"op": "add_types", "types": ["creature"]}]},
        ],
    )  # fmt: skip
    final = same(board)
    assert final["x"].types == frozenset({"artifact", "creature", "enchantment"})
    assert final["x"].subtypes == frozenset({"goblin"})
    quick = fast_resolve(board, VERSIONS["ikoria"])
    assert any(e.dependent == f"e1:{GOBLINS_ENCHANTED}" and e.on == f"e2:{ARTIFACTS_ANIMATED}" for e in quick.edges)


NO_ARTIFACT_ELVES = "as long as you control no artifacts, creatures are elves in addition to their other types."

LANDS_ARTIFACTS = "lands are artifacts in addition to their other types."


def test_an_effect_whose_condition_a_trial_changes_waits_though_its_source_and_objects_stay() -> None:
    """611.3a, 613.8a: "as long as you control no artifacts, creatures are elves" would stop existing once lands
    become artifacts: it depends on that effect, whose trial changes neither its source nor its objects, and so does
    not apply (the creature is no Elf). An effect with a condition is never answered off its objects alone."""
    board = make_board(
        [
            creature("bear", 1),
            {"id": "land", "name": "Land", "timestamp": 1.5, "controller": "p1", "types": ["land"]},
            enchantment("e1", 3, NO_ARTIFACT_ELVES),
            enchantment("e2", 4, LANDS_ARTIFACTS),
        ],
        abilities=[
            {"text": NO_ARTIFACT_ELVES, "applies_to": {"type": "creature"},
             "condition": {"left": {"count": {"all": [{"type": "artifact"}, {"controller": "you"}]}}, "op": "<=",
                           "right": 0},
             "parts": [{"op": "add_subtypes", "subtypes": ["elf"]}]},
            {"text": LANDS_ARTIFACTS, "applies_to": {"type": "land"},
             "parts": [{"op": "add_types", "types": ["artifact"]}]},
        ],
    )  # fmt: skip
    final = same(board)
    assert "elf" not in final["bear"].subtypes
    assert final["land"].types == frozenset({"land", "artifact"})
    quick = fast_resolve(board, VERSIONS["ikoria"])
    assert [(e.dependent, e.test) for e in quick.edges] == [(f"e1:{NO_ARTIFACT_ELVES}", "existence")]


def test_an_effect_answered_off_its_objects_alone_still_waits_for_a_trial_taking_its_ability() -> None:
    """613.8a: an effect that would take "creatures have flying" from the enchantment holding it (its trial changes
    that source's abilities, in the same layer) is asked the readable way: the first depends on it (existence) and
    never applies, though that trial leaves its objects alone."""
    fliers, strip = "creatures have flying.", "enchantments lose all abilities."
    board = make_board(
        [creature("bear", 1), enchantment("e1", 3, fliers), enchantment("e2", 4, strip)],
        abilities=[
            {"text": fliers, "applies_to": {"type": "creature"},
             "parts": [{"op": "add_abilities", "abilities": ["flying"]}]},
            {"text": strip, "applies_to": {"type": "enchantment"}, "parts": [{"op": "remove_all_abilities"}]},
        ],
    )  # fmt: skip
    for vid in ("m10", "ikoria"):
        final = same(board, vid)
        assert "flying" not in final["bear"].abilities
        quick = fast_resolve(board, VERSIONS[vid])
        assert [(e.dependent, e.test) for e in quick.edges] == [(f"e1:{fliers}", "existence")]


GOLD_POWER = "each creature has base power equal to the number of gold counters on it."

MANA_VALUE_POWER = "each creature has base power and toughness each equal to its mana value."


def test_alike_creatures_share_an_amount_read_off_their_characteristics_but_not_off_their_counters() -> None:
    """613.4b, 122.1: two creatures with equal characteristics get one application of "power and toughness each equal
    to its mana value" (their mana values are equal); "power equal to the number of gold counters on it" reads a board
    fact of each object, not its characteristics: one gets 1, the other 3."""
    bear: dict[str, Any] = {
        "name": "Bear",
        "types": ["creature"],
        "power": 2,
        "toughness": 2,
        "mana_value": 2,
        "controller": "p1",
    }
    for text, parts in (
        (GOLD_POWER, [{"op": "set_pt", "power": {"counters": "gold"}}]),
        (MANA_VALUE_POWER, [{"op": "set_pt", "power": {"its": "mana_value"}, "toughness": {"its": "mana_value"}}]),
    ):
        board = make_board(
            [
                {"id": "b1", "timestamp": 1, "counters": [{"kind": "gold", "count": 1}], **bear},
                {"id": "b2", "timestamp": 2, "counters": [{"kind": "gold", "count": 3}], **bear},
                {"id": "b3", "timestamp": 3, **bear},
                enchantment("e", 4, text),
            ],
            abilities=[{"text": text, "applies_to": {"type": "creature"}, "parts": parts}],
        )  # fmt: skip
        final = same(board)
        powers = [final[i].power for i in ("b1", "b2", "b3")]
        assert powers == ([1, 3, 0] if text == GOLD_POWER else [2, 2, 2])


ANIMATE_MINE = "noncreature artifacts you control are creatures in addition to their other types."

ENCHANTMENTS_ARTIFACTS = "each enchantment is an artifact in addition to its other types."


def test_equal_effects_of_two_controllers_get_each_their_own_objects_gained() -> None:
    """613.8a, 109.4: two "noncreature artifacts you control are creatures" of two players each depend on "each
    enchantment is an artifact" (which changes their sources, the enchantments holding them): one gains the first
    player's enchantments, the other the second's, though both apply to nothing now. Equal effects with equal objects
    share an answer only when "you" is the same player."""
    board = make_board(
        [
            creature("bear", 1),
            enchantment("e1", 3, ANIMATE_MINE),
            enchantment("e2", 4, ANIMATE_MINE, controller="p2"),
            enchantment("e3", 5, ENCHANTMENTS_ARTIFACTS),
        ],
        abilities=[
            {"text": ANIMATE_MINE,
             "applies_to": {"all": [{"type": "artifact"}, {"not": {"type": "creature"}}, {"controller": "you"}]},
             "parts": [{"op": "add_types", "types": ["creature"]}]},
            {"text": ENCHANTMENTS_ARTIFACTS, "applies_to": {"type": "enchantment"},
             "parts": [{"op": "add_types", "types": ["artifact"]}]},
        ],
    )  # fmt: skip
    final = same(board)
    assert all("creature" in final[i].types for i in ("e1", "e2", "e3"))
    quick = fast_resolve(board, VERSIONS["ikoria"])
    details = {e.dependent: e.detail for e in quick.edges if e.on == f"e3:{ENCHANTMENTS_ARTIFACTS}"}
    assert "gains ['e1', 'e3']" in details[f"e1:{ANIMATE_MINE}"]  # e3 is the first player's too
    assert "gains ['e2']," in details[f"e2:{ANIMATE_MINE}"]


def test_objects_alike_share_their_first_values_but_not_an_entry_choice_or_a_back_face() -> None:
    """613.1, 707.2, 712: the bookkeeping's first values are ``initial_state``'s, equal values held as one value. Four
    objects print the same values: two have those alone and share one value; one entered as a 5/5 ("as this enters",
    614.1c) and one has its back face up (712), and each gets its own values, not the printed ones."""
    printed = chars("Bear")
    back = chars("Werebear", power=4, toughness=4)
    objects = [
        GameObject(id="b1", printed=printed, owner="p1", timestamp=1),
        GameObject(id="b2", printed=chars("Bear"), owner="p1", timestamp=2),
        GameObject(
            id="clay", printed=printed, owner="p1", timestamp=3, entered_as=freeze({"power": 5, "toughness": 5})
        ),
        GameObject(id="were", printed=printed, owner="p1", timestamp=4, back_face=back, transformed=True),
    ]
    board = Board(objects={o.id: o for o in objects}, effects=(), abilities={})
    version = VERSIONS["current"]
    shared = bookkeeping.shared_initial_state(board, version)
    assert shared == initial_state(board, version)
    assert shared["b1"] is shared["b2"]
    assert (shared["clay"].power, shared["were"].name) == (5, "Werebear")


def test_objects_sharing_one_printed_value_have_it_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1: objects built alike share one printed value (``mtg_layers.corpus.build``); it is hashed as often for
    three objects as for one, and an equal value held apart is looked up once more."""
    printed, apart = chars("Bear"), chars("Bear")
    hashed: list[str] = []
    plain = Characteristics.__hash__

    def counted(ch: Characteristics) -> int:
        hashed.extend(["printed"] if ch is printed else ["apart"] if ch is apart else [])
        return plain(ch)

    monkeypatch.setattr(Characteristics, "__hash__", counted)
    counts = []
    for sharing in (("b1",), ("b1", "b2", "b3")):
        held = [(i, printed) for i in sharing] + [("b4", apart)]
        board = Board(
            objects={i: GameObject(id=i, printed=p, owner="p1", timestamp=n) for n, (i, p) in enumerate(held, 1)},
            effects=(),
            abilities={},
        )
        hashed.clear()
        shared = bookkeeping.shared_initial_state(board, VERSIONS["current"])
        assert shared == initial_state(board, VERSIONS["current"]) and len({id(v) for v in shared.values()}) == 1
        counts.append((hashed.count("printed"), hashed.count("apart")))
    assert counts[0] == counts[1] and counts[0][1] == 1


def test_a_locked_effect_keeps_only_its_objects_still_in_the_state_unless_the_bookkeeping_gave_them() -> None:
    """611.2c, 613.6: a locked effect applies to the objects it had when it began, those that still exist. The set
    the bookkeeping gave is wholly in the state and is kept as it is; a set locked from elsewhere (here with an object
    not on the board) is read against the state, as ``effects.affected`` reads it."""
    board = make_board(
        [creature("elf", 1, subtypes=["elf"]), enchantment("lord", 2, ELVES_PUMP)], abilities=[ELVES_PUMP_DEF]
    )
    engine = bookkeeping.Incremental(board, VERSIONS["ikoria"])
    (pump,) = engine.statics["lord"]
    given = engine.affected(pump)
    assert given == {"elf"}
    engine.locked[pump.key] = (pump, given | {"ghost"})
    assert engine.affected(pump) == effects.affected(pump, board, engine.state, engine.locked) == {"elf"}
    engine.locked[pump.key] = (pump, given)
    assert engine.affected(pump) is given


def test_effects_are_read_once_per_rules_version_for_every_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.6: what an effect reads and writes, and its parts in each slot, are read once for every resolution under
    one rules version (the same reading: a second resolution reads nothing again), apart under another version."""
    monkeypatch.setattr(bookkeeping, "_READINGS", {})
    case = corpus()[0]
    version = VERSIONS[case.versions[0]]
    board = board_at(case, len(case.steps), version)
    first, second = bookkeeping.Incremental(board, version), bookkeeping.Incremental(board, version)
    assert first.info_like is second.info_like and first.slot_parts is second.slot_parts
    effects = first.effects_in_play()
    assert effects
    assert [first.info(e) for e in effects] == [second.info(e) for e in second.effects_in_play()]
    other = replace(version)
    assert bookkeeping.readings(other) is not bookkeeping.readings(version)
    assert bookkeeping.readings(other).version is other
    assert bookkeeping.Incremental(board, other).info_like is not first.info_like


def test_the_readings_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.6: past a number of rules versions the readings kept are dropped, and past a number of effects read under
    one version that version's are (read again when next asked)."""
    monkeypatch.setattr(bookkeeping, "_READINGS", {})
    monkeypatch.setattr(bookkeeping, "_VERSIONS_KEPT", 2)
    monkeypatch.setattr(bookkeeping, "_READINGS_KEPT", 2)
    v1, v2, v3 = (replace(get_version("ikoria"), id=f"v{n}") for n in (1, 2, 3))
    kept = bookkeeping.readings(v1)
    bookkeeping.readings(v2)
    assert bookkeeping.readings(v1) is kept and len(bookkeeping._READINGS) == 2
    bookkeeping.readings(v3)
    assert list(bookkeeping._READINGS.values()) == [bookkeeping.readings(v3)]  # the two kept before were dropped
    three = bookkeeping.readings(v3)
    three.info_like.update({("a",): None, ("b",): None})  # type: ignore[dict-item]
    three.slot_parts.update({((), "a"): {}, ((), "b"): {}})
    assert len(bookkeeping.readings(v3).info_like) == 2 and len(three.slot_parts) == 2  # at the bound: kept
    three.info_like[("c",)] = None  # type: ignore[assignment]
    assert bookkeeping.readings(v3).info_like == {} and len(three.slot_parts) == 2
    three.slot_parts[((), "c")] = {}
    assert bookkeeping.readings(v3).slot_parts == {}


def test_counters_alike_read_their_instruction_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.7c: counters of one kind and number on many objects apply at once; their instruction is read off their
    part once, whatever number of objects has them, and each object gets the readable resolver's values."""
    read: list[str] = []
    plain = effects.instruction

    def counted(e: effects.ContinuousEffect, *rest: Any) -> Any:
        read.append(e.key)
        return plain(e, *rest)

    monkeypatch.setattr(bookkeeping, "instruction", counted)
    for n in (1, 4):
        objects = [creature(f"c{i}", i + 1, counters=[{"kind": "+1/+1", "count": 2}]) for i in range(n)]
        board = make_board(objects)
        read.clear()
        assert fast_resolve(board, VERSIONS["ikoria"]) == resolve(board, VERSIONS["ikoria"])
        assert len(read) == 1


TO_CREATURES = "each creature is an artifact."
OTHERS = "each other enchantment is an artifact."
ITSELF = "this is an artifact."
MINE = "creatures you control are artifacts."
ENCHANTMENTS_CREATURES = "each enchantment is a creature."


def _taken_board() -> Board:
    """Two creatures of two players, and enchantments holding effects alike (equal filters) of two players."""
    artifact = [{"op": "add_types", "types": ["artifact"]}]
    return make_board(
        [
            creature("bear", 1),
            creature("wolf", 2, controller="p2"),
            enchantment("e1", 3, TO_CREATURES, OTHERS, ITSELF, MINE),
            enchantment("e2", 4, TO_CREATURES, OTHERS, ITSELF, MINE, controller="p2"),
            enchantment("e3", 5, ENCHANTMENTS_CREATURES),
            enchantment("e4", 6, OTHERS),
            creature("ghost", 7, zone="graveyard"),
        ],
        abilities=[
            {"text": TO_CREATURES, "applies_to": {"type": "creature"}, "parts": artifact},
            {"text": OTHERS, "applies_to": {"all": [{"type": "enchantment"}, {"other_than_source": True}]},
             "parts": artifact},
            {"text": ITSELF, "applies_to": {"is_source": True}, "parts": artifact},
            {"text": MINE, "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]}, "parts": artifact},
            {"text": ENCHANTMENTS_CREATURES, "applies_to": {"type": "enchantment"},
             "parts": [{"op": "add_types", "types": ["creature"]}]},
        ],
    )  # fmt: skip


def test_effects_alike_share_the_objects_their_filter_takes_at_a_step_and_no_longer() -> None:
    """611.3a, 109.4: effects with equal filters free of their sources, of the same "you", take the same objects (one
    set, read once at a step); "other than its source" leaves out each one's own source, a filter reading its source
    (this object) is each one's own, "you" is each one's controller, a characteristic-defining ability's reads every
    zone, and a filter given as plain dicts is read for its effect alone. After a step the objects are read again:
    "each creature" takes the enchantments made creatures.
    """
    board = _taken_board()
    version = VERSIONS["ikoria"]
    same(board)
    inc = bookkeeping.Incremental(board, version)
    by_key = {e.key: e for e in inc.effects_in_play()}
    first, second = by_key[f"e1:{TO_CREATURES}"], by_key[f"e2:{TO_CREATURES}"]
    assert inc.affected(first) == {"bear", "wolf"}
    assert inc.affected(second) is inc.affected(first)  # one set, read once
    assert inc.affected(by_key[f"e1:{OTHERS}"]) == {"e2", "e3", "e4"}
    assert inc.affected(by_key[f"e4:{OTHERS}"]) == {"e1", "e2", "e3"}  # read off e1's: the same "you"
    assert inc.affected(by_key[f"e2:{OTHERS}"]) == {"e1", "e3", "e4"}
    assert inc.affected(by_key[f"e1:{ITSELF}"]) == {"e1"}
    assert inc.affected(by_key[f"e2:{ITSELF}"]) == {"e2"}
    assert inc.affected(by_key[f"e1:{MINE}"]) == {"bear"}
    assert inc.affected(by_key[f"e2:{MINE}"]) == {"wolf"}
    assert inc.affected(replace(first, key="anywhere", origin="cda")) == {"bear", "wolf", "ghost"}  # 604.3: every zone
    plain = replace(first, key="plain", filter={"type": "creature"})
    assert inc.affected(plain) == {"bear", "wolf"}
    animate = by_key[f"e3:{ENCHANTMENTS_CREATURES}"]
    inc.apply(animate, "4", inc.affected(animate))
    later = replace(first, key="later")  # an effect alike, first asked after the step
    assert inc.affected(later) == {"bear", "wolf", "e1", "e2", "e3", "e4"}
    for e in (later, plain, by_key[f"e2:{OTHERS}"]):
        assert inc.affected(e) == effects.affected(e, board, inc.state, {})


def test_trials_made_class_by_class_move_the_bitsets_by_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a, 613.1: on issue 39's type-change family Mycosynth Lattice's trial is made class by class, and so is the
    trial of each equal Lattice (its changes and moves copied): the bitsets of those trials move by class, and every
    graph and the resolution still equal the readable ones."""
    import peers

    version = get_version("2025-08-01")
    board = peers.project_board(peers.events("b", 60, 24), catalogue(), version)
    by_class: list[bool] = []
    copied: list[bool] = []  # the last copy's source had moves
    shared_moves: list[bool] = []  # a copy made from changes with moves kept them
    moved_classes = indexes.Indexes.moved_classes
    shared_changes, changes = bookkeeping.Incremental._shared_changes, bookkeeping.Incremental.changes

    def spy_moved(self: indexes.Indexes, moves: Any) -> Any:
        by_class.append(True)
        return moved_classes(self, moves)

    def spy_shared(self: bookkeeping.Incremental, *args: Any) -> Any:
        found = shared_changes(self, *args)
        copied[:] = [found is not None and found[1] is not None]
        return found

    def spy_changes(self: bookkeeping.Incremental, e: Any, slot: str) -> Any:
        copied[:] = [False]
        found = changes(self, e, slot)
        if copied[0]:
            shared_moves.append(self.changes_cache[e.key].moves is not None)
        return found

    monkeypatch.setattr(indexes.Indexes, "moved_classes", spy_moved)
    monkeypatch.setattr(bookkeeping.Incremental, "_shared_changes", spy_shared)
    monkeypatch.setattr(bookkeeping.Incremental, "changes", spy_changes)
    with checked_engine():
        assert fast_resolve(board, version) == resolve(board, version)
    assert by_class and any(shared_moves)


# --- the boards the corpus tests compare on (corpus_boards): an open entry step gives each outcome's board ---

OPEN = "entry-entering-creature-under-an-open-order-of-tied-effects"
LEAVING = "entry-tied-holders-leave-as-a-creature-enters"


def _lions(case_id: str, vid: str) -> list[tuple[tuple[str, int], ...]]:
    boards = step_boards(corpus_case(case_id), 2, VERSIONS[vid])
    return sorted(tuple((c.kind, c.count) for c in b.objects["lions"].counters) for b in boards)


def test_613_7m_614_12_an_open_entry_step_gives_the_board_of_each_order() -> None:
    """From Ixalan the Lions enters green with the Patron's counter or blue without it: both boards, where
    ``board_at`` refuses the step; before Ixalan neither order gives a counter: the step's one board."""
    with pytest.raises(OpenEntryError):
        board_at(corpus_case(OPEN), 2, VERSIONS["2025-08-01"])
    assert _lions(OPEN, "2025-08-01") == [(), (("+1/+1", 1),)]
    assert _lions(OPEN, "m10") == [()]


def test_613_7m_614_12_the_boards_of_a_step_whose_tied_holders_leave_in_it() -> None:
    """The Silencer and the Gifter leave as the Lions enters: one board with the counter, one without, in every era."""
    for vid in ("m10", "2025-08-01"):
        assert _lions(LEAVING, vid) == [(), (("+1/+1", 1),)]


def test_every_board_of_a_case_is_each_step_in_turn() -> None:
    """Step 1 (no entry) gives its one board, step 2 one per outcome."""
    boards = every_board(corpus_case(OPEN), VERSIONS["ikoria"])
    assert [n for n, _ in boards] == [1, 2, 2]
    assert boards[0][1] == board_at(corpus_case(OPEN), 1, VERSIONS["ikoria"])


# --- issue 39, family b at 500 x 25 (perf39j): what effects alike, classes and graphs share


OTHER_CREATURES = "each other creature is an artifact."
ITSELF_CREATURE = "this is an artifact as long as it is a creature."


def _retaken_board() -> Board:
    """Two creatures of two players; enchantments holding effects alike of one player (e1, e4) and of the other (e2),
    and one (e3) that makes every enchantment a creature."""
    artifact = [{"op": "add_types", "types": ["artifact"]}]
    return make_board(
        [
            creature("bear", 1),
            creature("wolf", 2, controller="p2"),
            enchantment("e1", 3, TO_CREATURES, OTHER_CREATURES, MINE, ITSELF_CREATURE),
            enchantment("e2", 4, TO_CREATURES, MINE, controller="p2"),
            enchantment("e3", 5, ENCHANTMENTS_CREATURES),
            enchantment("e4", 6, TO_CREATURES, OTHER_CREATURES, ITSELF_CREATURE),
            creature("newcomer", 7),
        ],
        abilities=[
            {"text": TO_CREATURES, "applies_to": {"type": "creature"}, "parts": artifact},
            {"text": OTHER_CREATURES, "applies_to": {"all": [{"type": "creature"}, {"other_than_source": True}]},
             "parts": artifact},
            {"text": MINE, "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]}, "parts": artifact},
            {"text": ITSELF_CREATURE, "applies_to": {"all": [{"type": "creature"}, {"is_source": True}]},
             "parts": artifact},
            {"text": ENCHANTMENTS_CREATURES, "applies_to": {"type": "enchantment"},
             "parts": [{"op": "add_types", "types": ["creature"]}]},
        ],
    )  # fmt: skip


def _counting_filters(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The objects the bookkeeping's compiled filters are asked about, in order."""
    tested: list[str] = []
    plain = compiled_filters.compiled

    def counted(filt: Any) -> Any:
        test = plain(filt)

        def spy(obj_id: str, ctx: Any) -> bool:
            tested.append(obj_id)
            return bool(test(obj_id, ctx))

        return spy

    monkeypatch.setattr(bookkeeping, "compiled", counted)
    return tested


def test_effects_alike_test_the_objects_a_step_changed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """611.3a, 109.4: brought up to date after a step, effects alike (equal filters, less "other than its source",
    free of their sources, the same "you") test each object the step changed once between them; "you" is each one's
    controller, and "other than its source" still leaves each one's own source out. Every set is the readable one."""
    board = _retaken_board()
    inc = bookkeeping.Incremental(board, VERSIONS["ikoria"])
    by_key = {e.key: e for e in inc.effects_in_play()}
    order = [f"e1:{TO_CREATURES}", f"e4:{TO_CREATURES}", f"e2:{TO_CREATURES}", f"e1:{OTHER_CREATURES}",
             f"e4:{OTHER_CREATURES}", f"e1:{MINE}", f"e2:{MINE}", f"e1:{ITSELF_CREATURE}",
             f"e4:{ITSELF_CREATURE}"]  # fmt: skip
    for key in order:
        inc.affected(by_key[key])
    tested = _counting_filters(monkeypatch)
    animate = by_key[f"e3:{ENCHANTMENTS_CREATURES}"]
    inc.apply(animate, "4", inc.affected(animate))  # the four enchantments become creatures
    asked = []
    for key in order:
        tested.clear()
        assert inc.affected(by_key[key]) == effects.affected(by_key[key], board, inc.state, {}), key
        asked.append(len(tested))
    # e4's read e1's tests; e2's (p2's "you") test again, as does each "creatures you control"; a filter reading its
    # source ("this") is each one's own
    assert asked == [4, 0, 4, 4, 0, 4, 4, 4, 4]
    assert inc.affected(by_key[f"e4:{ITSELF_CREATURE}"]) == {"e4"}
    assert "e1" in inc.affected(by_key[f"e1:{TO_CREATURES}"])  # (its own source: no "other")
    assert inc.affected(by_key[f"e4:{OTHER_CREATURES}"]) == {"bear", "wolf", "newcomer", "e1", "e2", "e3"}


def test_the_tests_effects_alike_share_are_the_step_s_and_leave_out_what_the_effect_leaves_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """611.3a, 109.4, 614.12: what ``_retaken`` shares is read under the filter, "you", whether every zone is read and
    the step: another step, another player or a characteristic-defining ability tests again; the object entering is
    not gained, nor, with "other than its source", the effect's own source."""
    board = replace(_retaken_board(), entering="newcomer")
    inc = bookkeeping.Incremental(board, VERSIONS["ikoria"])
    by_key = {e.key: e for e in inc.effects_in_play()}
    first, player2 = by_key[f"e1:{TO_CREATURES}"], by_key[f"e2:{TO_CREATURES}"]
    other = by_key[f"e1:{OTHER_CREATURES}"]
    tested = _counting_filters(monkeypatch)
    every = {"bear", "wolf", "newcomer", "e1"}
    split = inc._split_of(first.filter)
    assert split is not None
    for e, now, want in ((first, 1, 4), (first, 1, 0), (first, 2, 4), (player2, 2, 4), (player2, 2, 0),
                         (replace(first, key="cda", origin="cda"), 2, 4)):  # fmt: skip
        tested.clear()
        gained, lost = inc._retaken(e, split, inc.context(e), every, frozenset({"e1"}), now)
        assert (gained, lost) == ({"bear", "wolf"}, {"e1"}), e.key  # e1 is no creature; the newcomer enters
        assert len(tested) == want, (e.key, now)
    split = inc._split_of(other.filter)
    assert split is not None
    inc.state["e1"] = inc.state["e1"].with_(types=inc.state["e1"].types | {"creature"})
    gained, lost = inc._retaken(other, split, inc.context(other), every, frozenset(), 3)
    assert (gained, lost) == ({"bear", "wolf"}, set())  # e1, its source, a creature now, is left out


def test_masks_of_many_objects_are_kept_with_their_sets() -> None:
    """The bitset of a set of objects is the sum of their positions, whatever its size (most objects: read off those
    it leaves out); a set of more than a few objects is kept with its bitset, shared by the copies, and not summed
    again; a list or a few objects are summed each time."""
    board = make_board([creature(f"c{i}", i + 1) for i in range(20)])
    idx = indexes.Indexes(board, initial_state(board, VERSIONS["ikoria"]))

    class Counting(dict[str, int]):
        read = 0

        def __getitem__(self, key: str) -> int:
            Counting.read += 1
            return super().__getitem__(key)

    idx.bit = Counting(idx.bit)
    ids = sorted(board.objects)
    for chosen in (ids[:3], ids[:9], ids[:15], ids, ids[5:17]):
        want = sum(1 << ids.index(i) for i in chosen)
        assert idx.mask(set(chosen)) == want
        Counting.read = 0
        assert idx.mask(frozenset(chosen)) == want
        assert idx._copy().mask(set(chosen)) == want
        assert Counting.read == (2 * len(chosen) if len(chosen) <= indexes._MASK_KEPT_FROM else 0)
        Counting.read = 0
        assert idx.mask(list(chosen)) == want
        assert Counting.read == len(chosen)


def test_a_trial_made_object_by_object_is_applied_as_moves_of_classes(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.1: on the type-change family, Mycosynth Lattice's kept changes, brought up to date object by object after
    Blood Moon's step, are applied as the classes they move (``_trial_moves``), not grouped object by object; every
    step and the resolution are the readable ones."""
    import peers

    version = get_version("2025-08-01")
    board = peers.project_board(peers.events("b", 60, 24), catalogue(), version)
    grouped: list[int] = []
    moves_of = bookkeeping.Incremental._moves_of

    def spy(self: bookkeeping.Incremental, changes: Any) -> Any:
        grouped.append(len(changes))
        return moves_of(self, changes)

    monkeypatch.setattr(bookkeeping.Incremental, "_moves_of", spy)
    with checked_engine():
        assert fast_resolve(board, version) == resolve(board, version)
    assert grouped and max(grouped) < bookkeeping._WHOLE


def test_a_trial_that_leaves_a_s_source_no_ability_is_answered_without_the_readable_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """611.3b, 613.8a: where Humilities meet in layer 6, each one's trial leaves every other one's source no ability:
    the pair is answered "existence" at once, the readable test (``_compare``) never asked of it; the graphs and the
    resolution are the readable ones."""
    import peers

    version = get_version("2025-08-01")
    board = peers.project_board(peers.events("b", 40, 26), catalogue(), version)
    compared: list[bool] = []
    gone: list[str] = []
    compare = bookkeeping.Incremental._compare

    def spy(
        self: bookkeeping.Incremental, a: Any, ia: Any, b: Any, slot: str, doing: Any, changes: Any, *rest: Any
    ) -> Any:
        compared.append(self._gone_after(a, changes))
        return compare(self, a, ia, b, slot, doing, changes, *rest)

    monkeypatch.setattr(bookkeeping.Incremental, "_compare", spy)
    with checked_engine():
        found = fast_resolve(board, version)
    assert found == resolve(board, version)
    gone = [e.detail for e in found.edges if e.test == "existence"]
    assert len(gone) >= 12 and not any(compared)
