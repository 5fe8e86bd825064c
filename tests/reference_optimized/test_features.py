"""Which bookkeeping a board gets (reference_optimized.features): a board with a feature whose reads the
incremental bookkeeping does not track goes to the readable one.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference.resolver import resolve
from reference.versions import get_version
from reference_optimized import resolve as fast_resolve
from reference_optimized import untracked_features

from ..builders import creature, make_board

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
    board = make_board(
        [creature("bear", 1, abilities=[text] if where == "ability" else [])],
        effects=effects if where == "effect" else [],
        abilities=abilities,
    )
    assert untracked_features(board)
    plain = {**part, "power": 2}
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
