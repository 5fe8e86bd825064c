"""Every board takes the incremental bookkeeping (reference_optimized.features), whatever it reads.

Conditions (611.3a), values read off other objects (counters, devotion, "it", a shared creature type,
an exile link, a graveyard's order), abilities or text read off other objects (613.1f, 612.6) and an
object looked at as it enters (614.12) are followed by the incremental bookkeeping itself (issue 32):
no board is sent whole to the readable one. On each board below, every value the bookkeeping keeps is
compared with a fresh computation before each step (``checked_engine``), and the resolution, result and
trace, equals the readable resolver's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from reference import dependency
from reference.frozen import freeze
from reference.model import Board, Part, Sticker
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import resolve as fast_resolve

from ..builders import creature, enchantment, make_board, read_in_layers
from .test_bookkeeping import checked_engine

IKORIA = get_version("ikoria")


def same_on_the_fast_path(board: Board, vid: str = "ikoria") -> Any:
    """The incremental bookkeeping takes the board (its checks run), keeps every value fresh, equals the readable."""
    version = get_version(vid)
    with checked_engine() as checks:
        quick = fast_resolve(board, version)
    assert quick == resolve(board, version)
    assert checks[0] > 0 or not quick.steps
    return quick


# Values and filters that read other objects than the one tested, or board facts.
READS = {
    "is_it": {"count": {"all": [{"type": "creature"}, {"is_it": False}]}},
    "shares_creature_type_with_it": {"count": {"all": [{"type": "creature"}, {"shares_creature_type_with": "it"}]}},
    "shares_creature_type_with_source": {"count": {"shares_creature_type_with": "source"}},
    "devotion": {"devotion": "white"},
    "counters": {"counters": "+1/+1"},
    "source_counters": {"source_counters": "+1/+1"},
    "exiled_with_source": {"count": {"exiled_with_source": True}},
    "top_of_graveyard": {"count": {"top_of_graveyard": True}},
    "sum": {"sum": [1, {"counters": "+1/+1"}, {"its": "toughness"}]},
}

PUMP = "creatures get +x/+0."
ELVES = "creatures with flying are also elves."
STEAL = {"id": "steal", "controller": "p2", "timestamp": 6, "applies_to": ["lord"],
         "parts": [{"op": "set_controller", "player": "p2"}]}  # fmt: skip


def _reading_board(value: Any, where: str) -> Board:
    """Three creatures, one with +1/+1 counters and flying, a layer-4 effect making fliers elves, the amount's
    source changing control in layer 2: each changes what some of the values read during the layers."""
    part = {"op": "modify_pt", "power": value, "toughness": 0}
    abilities = [
        {"text": ELVES, "applies_to": {"all": [{"type": "creature"}, {"has_ability": "flying"}]},
         "parts": [{"op": "add_subtypes", "subtypes": ["elf"]}]},
    ]  # fmt: skip
    if where == "ability":
        abilities.append({"text": PUMP, "applies_to": {"type": "creature"}, "parts": [part]})
    objects = [
        creature("lord", 1, subtypes=["elf"], mana_cost="{W}{W}", abilities=[PUMP] if where == "ability" else [],
                 counters=[{"kind": "+1/+1", "count": 2}]),
        creature("bird", 2, subtypes=["bird"], mana_cost="{1}{W}", abilities=["flying"],
                 counters=[{"kind": "+1/+1", "count": 1}]),
        creature("bear", 3, subtypes=["bear"], controller="p2", mana_cost="{1}{G}"),
        enchantment("grove", 4, ELVES),
        {"id": "card", "name": "Card", "owner": "p1", "zone": "graveyard", "timestamp": 5, "types": ["creature"],
         "power": 1, "toughness": 1},
    ]  # fmt: skip
    effects = [STEAL]
    if where == "effect":
        effects.append({"id": "e", "controller": "p1", "timestamp": 7, "applies_to": ["lord", "bird", "bear"],
                        "parts": [{"op": "modify_pt", "power": 0, "toughness": 0}]})  # fmt: skip
    board = make_board(objects, effects=effects, abilities=abilities)
    if where == "effect":  # 611.2d: a case fixes X as it resolves; read in the layers, the board is hand-built
        board = read_in_layers(board, {"e": {"power": value}})
    return board


@pytest.mark.parametrize("where", ["ability", "effect"])
@pytest.mark.parametrize("read", sorted(READS))
def test_a_value_read_off_other_objects_stays_on_the_fast_path(read: str, where: str) -> None:
    """611.3a, 613.8a: a value or filter reading other objects (the one it is computed for, the source's type or
    counters, devotion, what was exiled with the source, the top of a graveyard), in an ability or an effect."""
    for vid in ("pre-m10", "m10", "ikoria"):
        same_on_the_fast_path(_reading_board(READS[read], where), vid)


VIGILANT = "as long as you control two or more elves, creatures you control have vigilance."
GROUNDED = "creatures lose flying."


def _conditional_board(grounded: bool) -> Board:
    """One elf and a flier; fliers become elves in layer 4 (two elves then); a condition on that count in layer 6;
    with ``grounded`` an effect in layer 6 that removes flying (it changes nothing the condition reads)."""
    objects = [
        creature("elf", 1, subtypes=["elf"]),
        creature("bird", 2, abilities=["flying"]),
        enchantment("grove", 3, ELVES),
        enchantment("banner", 4, VIGILANT),
    ]
    if grounded:
        objects.append(enchantment("net", 5, GROUNDED))
    count_elves = {"count": {"all": [{"subtype": "elf"}, {"controller": "you"}]}}
    return make_board(
        objects,
        abilities=[
            {"text": ELVES, "applies_to": {"all": [{"type": "creature"}, {"has_ability": "flying"}]},
             "parts": [{"op": "add_subtypes", "subtypes": ["elf"]}]},
            {"text": VIGILANT, "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]},
             "condition": {"left": count_elves, "op": ">=", "right": 2},
             "parts": [{"op": "add_abilities", "abilities": ["vigilance"]}]},
            {"text": GROUNDED, "applies_to": {"type": "creature"},
             "parts": [{"op": "remove_abilities", "abilities": ["flying"]}]},
        ],
    )  # fmt: skip


@pytest.mark.parametrize("grounded", [False, True])
def test_a_condition_that_comes_to_hold_during_the_layers_is_followed(grounded: bool) -> None:
    """611.3a (derived): the condition is false on the printed board (one elf) and true once layer 4 made the flier
    an elf, so in layer 6 both creatures have vigilance; losing flying in layer 6 changes no elf (already applied)."""
    result = same_on_the_fast_path(_conditional_board(grounded))
    assert {i: "vigilance" in result.final[i].abilities for i in ("elf", "bird")} == {"elf": True, "bird": True}
    assert ("flying" in result.final["bird"].abilities) is not grounded


LEVY = "as long as you control a creature with flying, creatures you control get +1/+1."


def test_a_condition_another_effect_of_its_layer_makes_false_makes_it_wait_on_the_fast_path() -> None:
    """613.8a (derived): removing flying (layer 6) would stop the +1/+1 (layer 7c) from existing only across
    layers, so here the condition reads abilities in 7c's turn: flying is gone, no +1/+1."""
    board = make_board(
        [creature("bird", 1, abilities=["flying"]), enchantment("levy", 2, LEVY), enchantment("net", 3, GROUNDED)],
        abilities=[
            {"text": LEVY, "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]},
             "condition": {"left": {"count": {"all": [{"has_ability": "flying"}, {"controller": "you"}]}},
                           "op": ">=", "right": 1},
             "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]},
            {"text": GROUNDED, "applies_to": {"type": "creature"},
             "parts": [{"op": "remove_abilities", "abilities": ["flying"]}]},
        ],
    )  # fmt: skip
    result = same_on_the_fast_path(board)
    assert (result.final["bird"].power, result.final["bird"].toughness) == (2, 2)


def test_an_existence_dependency_in_one_layer_on_the_fast_path() -> None:
    """613.8a (derived): in layer 6 "creatures have lifelink as long as you control a flier" depends on "creatures
    lose flying" (applying it would stop the first from existing), so it waits, then no longer exists."""
    lifelink = "as long as you control a creature with flying, creatures you control have lifelink."
    board = make_board(
        [creature("bird", 1, abilities=["flying"]), enchantment("link", 2, lifelink), enchantment("net", 3, GROUNDED)],
        abilities=[
            {"text": lifelink, "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]},
             "condition": {"left": {"count": {"all": [{"has_ability": "flying"}, {"controller": "you"}]}},
                           "op": ">=", "right": 1},
             "parts": [{"op": "add_abilities", "abilities": ["lifelink"]}]},
            {"text": GROUNDED, "applies_to": {"type": "creature"},
             "parts": [{"op": "remove_abilities", "abilities": ["flying"]}]},
        ],
    )  # fmt: skip
    result = same_on_the_fast_path(board)
    assert [(e.dependent, e.on, e.test) for e in result.edges] == [(f"link:{lifelink}", f"net:{GROUNDED}", "existence")]
    assert result.final["bird"].abilities == frozenset()


@pytest.mark.parametrize(
    "part",
    [
        {"op": "add_activated_abilities_of", "from": {"all": [{"type": "creature"}, {"other_than_source": True}]}},
        {"op": "full_text_of", "from": {"zone": "graveyard", "type": "creature"}, "plus": []},
    ],
    ids=["add_activated_abilities_of", "full_text_of"],
)
def test_an_ability_or_text_read_off_other_objects_stays_on_the_fast_path(part: dict[str, Any]) -> None:
    """613.1f, 612.6 (Myr Welder, Volrath's Shapeshifter): the abilities or the text read off other objects, with
    another layer-6 effect granting an activated ability that the first reads."""
    text = "this creature has what the others have."
    grant = 'creatures with flying have "{t}: add {w}."'
    board = make_board(
        [
            creature("welder", 1, abilities=[text]),
            creature("bird", 2, abilities=["flying"]),
            enchantment("shrine", 3, grant),
            {"id": "card", "name": "Card", "owner": "p1", "zone": "graveyard", "timestamp": 4, "types": ["creature"],
             "power": 3, "toughness": 3, "abilities": ["{t}: add {g}."]},
        ],
        abilities=[
            {"text": text, "applies_to": {"is_source": True}, "parts": [part]},
            {"text": grant, "applies_to": {"all": [{"type": "creature"}, {"has_ability": "flying"}]},
             "parts": [{"op": "add_abilities", "abilities": ["{t}: add {w}."]}]},
        ],
    )  # fmt: skip
    for vid in ("pre-m10", "m10", "ikoria"):
        same_on_the_fast_path(board, vid)


def test_614_12_an_object_looked_at_as_it_enters_stays_on_the_fast_path() -> None:
    """614.12: with an entering object, another permanent's anthem does not apply to it, on both paths."""
    anthem = "creatures you control get +1/+1."
    board = make_board(
        [creature("lord", 1, abilities=[anthem]), creature("bear", 2)],
        abilities=[{"text": anthem, "applies_to": {"type": "creature", "controller": "you"},
                    "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}],
    )  # fmt: skip
    entering = same_on_the_fast_path(replace(board, entering="bear"))
    assert (entering.final["bear"].power, entering.final["lord"].power) == (2, 3)
    assert same_on_the_fast_path(board).final["bear"].power == 3


def test_a_condition_on_the_turn_follows_its_sources_controller() -> None:
    """611.3a, 102.1: "as long as it's your turn" reads who controls the source; a control change in layer 2
    makes it hold (p2's turn)."""
    text = "as long as it's your turn, creatures get +1/+1."
    board = make_board(
        [creature("bear", 1), enchantment("clock", 2, text)],
        effects=[STEAL | {"applies_to": ["clock"]}],
        abilities=[{"text": text, "applies_to": {"type": "creature"}, "condition": {"your_turn": True},
                    "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}],
    )  # fmt: skip
    board = replace(board, game=freeze({**board.game, "turn": "p2"}))
    assert same_on_the_fast_path(board).final["bear"].power == 3


def test_a_resolved_effect_reading_counters_keeps_its_objects_amounts() -> None:
    """122.1, 613.8a: a hand-built resolved effect reading each object's counters, at any depth of its amount."""
    board = make_board(
        [creature("bear", 1, counters=[{"kind": "+1/+1", "count": 2}]), creature("cub", 2)],
        effects=[
            {"id": "e", "controller": "p1", "timestamp": 3, "applies_to": ["bear", "cub"],
             "parts": [{"op": "modify_pt", "power": 0, "toughness": 0}]},
        ],
    )  # fmt: skip
    board = read_in_layers(board, {"e": {"power": {"sum": [1, {"counters": "+1/+1"}]}}})  # hand-built (611.2d)
    final = same_on_the_fast_path(board).final
    assert (final["bear"].power, final["cub"].power) == (7, 3)


def test_a_part_read_off_the_board_is_kept_once_per_effect() -> None:
    """The amounts of an effect that read no object are one instruction for every object (``part_reads_object``)."""
    from reference_optimized.reads import part_reads_object

    assert not part_reads_object(Part("modify_pt", freeze({"power": {"devotion": "white"}})))
    assert not part_reads_object(Part("modify_pt", freeze({"power": {"source_counters": "+1/+1"}})))
    assert part_reads_object(Part("modify_pt", freeze({"power": {"counters": "+1/+1"}})))
    assert part_reads_object(Part("modify_pt", freeze({"power": READS["is_it"]})))
    assert not part_reads_object(Part("modify_pt", freeze({"power": READS["shares_creature_type_with_source"]})))


def test_amounts_read_off_their_own_object_need_no_readable_test_of_a_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a (work counted, not timed): on the benchmark's "+X/+0, where X is its toughness" and "+0/+1" board, each
    X depends on each +0/+1, and the fast path finds every such edge without the readable test of a pair; the
    result and trace equal the readable resolver's."""
    import floor_ratio

    from reference_optimized import bookkeeping

    calls = [0]
    readable_test = dependency.compare_after_trial  # what the bookkeeping calls (monkeypatched below)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return readable_test(*args, **kwargs)

    monkeypatch.setattr(bookkeeping, "compare_after_trial", counted)
    board = floor_ratio.amounts_board(8, 20)
    quick = fast_resolve(board, IKORIA)
    assert quick == resolve(board, IKORIA)
    assert len(quick.edges) == 4 * 4  # each of the 4 X effects on each of the 4 +0/+1 effects
    assert calls[0] == 0


# The features that came after the fast path's work: followed by the incremental bookkeeping too (issue 32).

PUMP = "creatures get +1/+1."


def _pump_board(applies_to: dict[str, Any]) -> Board:
    definition = {"text": PUMP, "applies_to": applies_to, "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}
    return make_board([creature("bear", 1, abilities=[PUMP])], abilities=[definition])


def _total_board() -> Board:
    amount = {"total": {"of": "power", "among": {"type": "creature"}}}
    definition = {
        "text": PUMP,
        "applies_to": {"type": "creature"},
        "parts": [{"op": "modify_pt", "power": amount, "toughness": 0}],
    }
    return make_board([creature("bear", 1, abilities=[PUMP]), creature("ogre", 2)], abilities=[definition])


@pytest.mark.parametrize("key", ["has_counter", "total"])
def test_a_counter_filter_or_a_total_is_followed_on_the_fast_path(key: str) -> None:
    board = (
        _pump_board({"all": [{"type": "creature"}, {"has_counter": "gold"}]})
        if key == "has_counter"
        else _total_board()
    )
    same_on_the_fast_path(board, "2025-08-01")


def test_stickers_are_followed_on_the_fast_path() -> None:
    board = _pump_board({"type": "creature"})
    bear = board.objects["bear"]
    stuck = replace(
        board, objects={**board.objects, "bear": replace(bear, stickers=(Sticker("pt", 1.5, power=4, toughness=5),))}
    )
    same_on_the_fast_path(stuck, "2025-08-01")


@pytest.mark.parametrize("was_on", [True, False])
def test_the_collector_is_held_off_for_one_resolution_and_left_as_found(
    monkeypatch: pytest.MonkeyPatch, was_on: bool
) -> None:
    """A resolution runs with the cyclic garbage collector off; after it (and after one that fails) the collector is
    on again only if it was on before."""
    import gc

    from reference_optimized import features

    seen: list[bool] = []

    def loop(board: Board, version: Any, bookkeeping: Any) -> Any:
        seen.append(gc.isenabled())
        if len(seen) == 2:
            raise RuntimeError("a failing resolution")
        return "resolved"

    monkeypatch.setattr(features, "layer_loop", loop)
    try:
        if not was_on:
            gc.disable()
        assert features.resolve(make_board([]), IKORIA) == "resolved"  # type: ignore[comparison-overlap]
        assert gc.isenabled() == was_on
        with pytest.raises(RuntimeError):
            features.resolve(make_board([]), IKORIA)
        assert gc.isenabled() == was_on
    finally:
        gc.enable()
    assert seen == [False, False]
