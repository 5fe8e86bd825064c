"""Which bookkeeping a board gets (reference_optimized.features): a board with a feature whose reads the
incremental bookkeeping does not track goes to the readable one.

Which bookkeeping a board gets (issue 27): ``reference_optimized.untracked_features`` names, feature by
feature, what the incremental bookkeeping does not track; such a board keeps the readable bookkeeping.

The names are what a reader of ``explain`` or a benchmark sees, so they are pinned word for word.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from reference.frozen import freeze
from reference.model import Part
from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import resolve as fast_resolve
from reference_optimized import resolve as optimized_resolve
from reference_optimized import untracked_features
from reference_optimized.features import UNTRACKED_KEYS, UNTRACKED_OPS

from ..builders import creature, make_board, read_in_layers

# Which boards the fast path leaves to the readable resolver (reference_optimized.features.untracked_features)

UNTRACKED_READS = {
    "is_it": {"count": {"all": [{"type": "creature"}, {"is_it": False}]}},
    "shares_creature_type_with": {"count": {"shares_creature_type_with": "source"}},
    "devotion": {"devotion": "white"},
    "counters": {"counters": "+1/+1"},
    "source_counters": {"source_counters": "+1/+1"},
    "exiled_with_source": {"count": {"exiled_with_source": True}},
    "top_of_graveyard": {"count": {"top_of_graveyard": True}},
}


@pytest.mark.parametrize("where", ["ability", "effect"])
@pytest.mark.parametrize("read", sorted(UNTRACKED_READS))
def test_a_value_read_off_other_objects_is_left_to_the_readable_resolver(read: str, where: str) -> None:
    """611.3a, 613.8a: the fast path re-reads only the objects a step changed; a value or filter that reads other
    objects (the one it is computed for, the source's type or counters, devotion, what was exiled with the source,
    the top of a graveyard) could change when those do, so a board with one, in an ability or an effect, goes to the
    readable resolver; a board with plain values stays on the fast path."""
    value = UNTRACKED_READS[read]
    part = {"op": "modify_pt", "power": value, "toughness": 0}
    text = "creatures get +x/+0."
    abilities = [{"text": text, "applies_to": {"type": "creature"}, "parts": [part]}] if where == "ability" else []
    effects = [{"id": "e", "controller": "p1", "timestamp": 3, "applies_to": ["bear"], "parts": [part]}]
    plain = {**part, "power": 2}
    board = make_board(
        [creature("bear", 1, abilities=[text] if where == "ability" else [])],
        effects=[{**effects[0], "parts": [plain]}] if where == "effect" else [],
        abilities=abilities,
    )
    if where == "effect":  # 611.2d: a case fixes it as it resolves; read in the layers, the board is hand-built
        board = read_in_layers(board, {"e": {"power": value}})
    assert untracked_features(board)
    tracked = make_board(
        [creature("bear", 1, abilities=[text] if where == "ability" else [])],
        effects=[{**effects[0], "parts": [plain]}] if where == "effect" else [],
        abilities=[{**abilities[0], "parts": [plain]}] if where == "ability" else [],
    )
    assert not untracked_features(tracked)


@pytest.mark.parametrize(
    "part",
    [
        {"op": "add_activated_abilities_of", "from": {"zone": "exile"}},
        {"op": "full_text_of", "from": {"zone": "graveyard", "type": "creature"}, "plus": []},
    ],
    ids=["add_activated_abilities_of", "full_text_of"],
)
def test_an_ability_or_text_read_off_other_objects_is_left_to_the_readable_resolver(part: dict[str, Any]) -> None:
    """613.1f, 612.6 (Myr Welder, Volrath's Shapeshifter): an object that gets abilities or its whole text from
    other objects reads them, so a board with such an operation goes to the readable resolver."""
    text = "this creature has what the others have."
    board = make_board(
        [creature("bear", 1, abilities=[text])],
        abilities=[{"text": text, "applies_to": {"is_source": True}, "parts": [part]}],
    )
    assert untracked_features(board)


def test_614_12_an_object_looked_at_as_it_enters_is_left_to_the_readable_resolver() -> None:
    """614.12: with an entering object, another permanent's anthem does not apply to it, on both paths."""
    from dataclasses import replace

    from tests.builders import creature, make_board

    anthem = "creatures you control get +1/+1."
    board = make_board(
        [creature("lord", 1, abilities=[anthem]), creature("bear", 2)],
        abilities=[{"text": anthem, "applies_to": {"type": "creature", "controller": "you"},
                    "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}],
    )  # fmt: skip
    entering = replace(board, entering="bear")
    version = get_version("ikoria")
    for resolved in (fast_resolve(entering, version), resolve(entering, version)):
        assert (resolved.final["bear"].power, resolved.final["lord"].power) == (2, 3)
    assert fast_resolve(board, version).final["bear"].power == 3


PUMP = "creatures get +1/+1."


def _board(part: dict[str, Any] | None = None, applies_to: dict[str, Any] | None = None) -> Any:
    definition = {
        "text": PUMP,
        "applies_to": applies_to or {"type": "creature"},
        "parts": [part or {"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    return make_board([creature("bear", 1, abilities=[PUMP])], abilities=[definition])


def test_a_plain_board_has_no_untracked_feature() -> None:
    assert untracked_features(_board()) == ()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("devotion", {"devotion": "white"}),
        ("counters", {"counters": "+1/+1"}),
        ("source_counters", {"source_counters": "+1/+1"}),
        ("is_it", {"count": {"all": [{"type": "creature"}, {"is_it": False}]}}),
        ("shares_creature_type_with", {"count": {"shares_creature_type_with": "source"}}),
        ("exiled_with_source", {"count": {"exiled_with_source": True}}),
        ("top_of_graveyard", {"count": {"top_of_graveyard": True}}),
    ],
)
def test_each_value_or_filter_read_off_other_objects_is_named(key: str, value: dict[str, Any]) -> None:
    """A key found at any depth of an amount (inside ``count``'s filter, inside ``all``) is named once."""
    board = _board({"op": "modify_pt", "power": value, "toughness": 0})
    assert untracked_features(board) == (UNTRACKED_KEYS[key],)


def test_a_filter_of_what_an_ability_applies_to_is_read_too() -> None:
    board = _board(applies_to={"all": [{"type": "creature"}, {"top_of_graveyard": False}]})
    assert untracked_features(board) == ("a filter on the top card of a graveyard (404.2)",)


def test_the_names_in_words() -> None:
    assert dict(UNTRACKED_KEYS) == {
        "is_it": "a filter naming a chosen object (is_it)",
        "shares_creature_type_with": "a filter comparing with another object's creature types",
        "devotion": "a devotion value (700.5)",
        "counters": "a value counting counters (122)",
        "source_counters": "a value counting the source's counters (122)",
        "exiled_with_source": "a filter on cards exiled with the source (607.2a)",
        "top_of_graveyard": "a filter on the top card of a graveyard (404.2)",
    }
    assert dict(UNTRACKED_OPS) == {
        "add_activated_abilities_of": "abilities read off other objects (613.1f)",
        "full_text_of": "full text read off other objects (612.6)",
    }


@pytest.mark.parametrize("op", sorted(UNTRACKED_OPS))
def test_an_operation_reading_other_objects_is_named(op: str) -> None:
    board = _board()
    (definition,) = board.abilities.values()
    part = Part(op=op, args=freeze({"from": {"zone": "graveyard"}}))
    board = replace(board, abilities={PUMP: replace(definition, parts=(part,))})
    assert untracked_features(board) == (UNTRACKED_OPS[op],)


def test_an_entering_object_and_a_condition_are_named_in_order() -> None:
    board = _board({"op": "modify_pt", "power": {"devotion": "white"}, "toughness": 0})
    (definition,) = board.abilities.values()
    board = replace(
        board, entering="bear", abilities={PUMP: replace(definition, condition=freeze({"your_turn": True}))}
    )
    assert untracked_features(board) == (
        "a condition on a static ability (611.3a)",
        "a devotion value (700.5)",
        "an object looked at as it would enter (614.12)",
    )


def test_a_key_inside_a_list_of_a_resolved_effect_is_found() -> None:
    board = make_board(
        [creature("bear", 1)],
        effects=[
            {"id": "e", "controller": "p1", "timestamp": 2, "applies_to": ["bear"],
             "parts": [{"op": "modify_pt", "power": 0, "toughness": 0}]},
        ],
    )  # fmt: skip
    board = read_in_layers(board, {"e": {"power": {"sum": [1, {"counters": "+1/+1"}]}}})  # hand-built (611.2d)
    assert untracked_features(board) == ("a value counting counters (122)",)


def test_either_way_the_answer_is_the_readable_one() -> None:
    """613.1-613.8: an untracked board takes the readable bookkeeping, a plain one the incremental: same answer."""
    version = get_version("ikoria")
    for board in (_board(), _board({"op": "modify_pt", "power": {"devotion": "white"}, "toughness": 0})):
        assert optimized_resolve(board, version) == resolve(board, version)
