"""Effects of one class that differ in one way that matters (issue 39): the class shortcuts of the dependency graph
(``Incremental._same_trial``: one column per trial; ``_class_key``: one answer per class of a against one trial;
``_twin_answer``: one answer per twin whose source the trial changes) must not give a member the answer of another
when the two differ in what 613.8a reads: the player "you" means (109.4), a source another effect changed (611.3b,
305.7), "other than its source" (each member's trial leaves its own source).

Each board is checked before every step (``checked_engine``: the graph the fast path gives is the readable
``dependency_graph`` on the same state) and at the end (result and trace equal the readable resolver's); the first
graph and the final values are also reasoned by hand from the rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference.dependency import dependency_graph
from reference.effects import effects_in_play, parts_in_slot
from reference.model import Board
from reference.resolver import initial_state, resolve
from reference_optimized import bookkeeping
from reference_optimized import resolve as fast_resolve

from ..builders import BLOOD_MOON, VERSIONS, creature, enchantment, make_board
from .test_bookkeeping import checked_engine

GOBLINS_YOURS = "artifacts you control are goblins."
ARTIFACTS_YOURS = "creatures you control are artifacts in addition to their other types."
OTHER_ARTIFACTS = "each other enchantment is an artifact in addition to its other types."
ARTIFACT_ELVES = "artifacts are elves in addition to their other types."
COSTLY_CLUES = "artifacts with mana value 5 or greater are clues."

ABILITIES: list[dict[str, Any]] = [
    {"text": GOBLINS_YOURS, "applies_to": {"all": [{"type": "artifact"}, {"controller": "you"}]},
     "parts": [{"op": "add_subtypes", "subtypes": ["goblin"]}]},
    {"text": ARTIFACTS_YOURS, "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]},
     "parts": [{"op": "add_types", "types": ["artifact"]}]},
    {"text": ARTIFACT_ELVES, "applies_to": {"type": "artifact"},
     "parts": [{"op": "add_subtypes", "subtypes": ["elf"]}]},
    {"text": BLOOD_MOON, "applies_to": {"all": [{"type": "land"}, {"not": {"supertype": "basic"}}]},
     "parts": [{"op": "set_land_subtype", "subtypes": ["mountain"]}]},
    {"text": OTHER_ARTIFACTS, "applies_to": {"all": [{"type": "enchantment"}, {"other_than_source": True}]},
     "parts": [{"op": "add_types", "types": ["artifact"]}]},
    {"text": COSTLY_CLUES, "applies_to": {"all": [{"type": "artifact"}, {"mana_value": {"op": ">=", "value": 5}}]},
     "parts": [{"op": "add_subtypes", "subtypes": ["clue"]}]},
]  # fmt: skip


def _board(objects: list[dict[str, Any]], effects: list[dict[str, Any]] | None = None) -> Board:
    used = {text for o in objects for text in o.get("abilities", ())}
    return make_board(objects, effects=effects, abilities=[a for a in ABILITIES if a["text"] in used])


def _first_graph(board: Board, vid: str) -> dict[str, set[str]]:
    """The readable graph of layer 4 on the board's first values, by source (or effect id) names."""
    version = VERSIONS[vid]
    state = initial_state(board, version)
    group = [e for e in effects_in_play(board, state, {}, version.keyword_counters) if parts_in_slot(e, version, "4")]
    graph = dependency_graph(group, board, state, version, "4", {})
    name = {e.key: e.source or e.key for e in group}
    return {name[a]: {name[b] for b in edges} for a, edges in graph.items()}


def _same_checked(board: Board, vid: str) -> dict[str, Any]:
    """Every graph before each step the readable one, and the resolution, result and trace, the readable one's."""
    version = VERSIONS[vid]
    with checked_engine() as checks:
        quick = fast_resolve(board, version)
    assert checks[0] > 0
    assert quick == resolve(board, version)
    return dict(quick.final)


def controllers_board() -> Board:
    """Three "artifacts you control are Goblins" of one card (two of p1's, one of p2's) and two "creatures you
    control are artifacts" of another (one each): one creature each, so the two trials change one object each."""
    return _board(
        [
            creature("bear1", 1),
            creature("bear2", 1.5, controller="p2"),
            enchantment("x1", 2, GOBLINS_YOURS, name="Tinkerer"),
            enchantment("x2", 3, GOBLINS_YOURS, name="Tinkerer"),
            enchantment("x3", 4, GOBLINS_YOURS, name="Tinkerer", controller="p2"),
            enchantment("y1", 5, ARTIFACTS_YOURS, name="Forge"),
            enchantment("y2", 6, ARTIFACTS_YOURS, name="Forge", controller="p2"),
        ]
    )


@pytest.mark.parametrize("vid", ["pre-m10", "ikoria"])
def test_members_of_one_class_with_other_controllers_get_their_own_answers(vid: str) -> None:
    """613.8a, 109.4: "you" is each source's controller. y1's trial makes p1's Bear an artifact: x1 and x2 (p1's)
    depend on it, x3 (p2's) does not; y2's makes p2's Bear one: x3 alone depends on it. The two trials change one
    object each (equal sizes, different objects). Each Bear ends an artifact Goblin."""
    board = controllers_board()
    assert _first_graph(board, vid) == {"x1": {"y1"}, "x2": {"y1"}, "x3": {"y2"}, "y1": set(), "y2": set()}
    final = _same_checked(board, vid)
    for bear in ("bear1", "bear2"):
        assert final[bear].types == {"artifact", "creature"} and final[bear].subtypes == {"goblin"}


def moon_board() -> Board:
    """Three "artifacts are Elves" of one card; a resolved effect (timestamp 1) makes x2's source a land; Blood
    Moon (timestamp 5) would then make it a Mountain (305.7)."""
    return _board(
        [
            creature("rock", 0.5, types=["artifact", "creature"]),
            enchantment("x1", 2, ARTIFACT_ELVES, name="Elfmaker"),
            enchantment("x2", 3, ARTIFACT_ELVES, name="Elfmaker"),
            enchantment("x3", 4, ARTIFACT_ELVES, name="Elfmaker"),
            enchantment("moon", 5, BLOOD_MOON, mana_value=3),
        ],
        effects=[
            {"id": "landed", "controller": "p1", "timestamp": 1, "applies_to": ["x2"],
             "parts": [{"op": "add_types", "types": ["land"]}]},
        ],
    )  # fmt: skip


@pytest.mark.parametrize("vid", ["pre-m10", "ikoria"])
def test_a_member_whose_source_another_effect_changed_gets_its_own_answer(vid: str) -> None:
    """613.8a, 611.3b, 305.7: first Blood Moon depends on the effect that makes x2's source a nonbasic land (it
    changes what Blood Moon applies to). Once that applied, x2 depends on Blood Moon (its trial takes x2's ability
    away: existence) and x1 and x3, whose sources are not lands, do not; x2 waits, Blood Moon applies and x2 ends.
    The artifact creature Rock is an Elf (x1; 205.3d: an Elf only as a creature); x2's source is an enchantment
    land Mountain whose one ability is the Mountain's (305.6, 305.7)."""
    board = moon_board()
    first = _first_graph(board, vid)
    assert first == {"x1": set(), "x2": set(), "x3": set(), "moon": {"landed"}, "landed": set()}
    final = _same_checked(board, vid)
    assert final["rock"].subtypes == {"elf"}
    assert final["x2"].types == {"enchantment", "land"} and final["x2"].subtypes == {"mountain"}
    assert final["x2"].abilities == {"{t}: add {r}."}  # 305.7: the Mountain's mana ability alone


def other_than_board() -> Board:
    """Three "each other enchantment is an artifact" of one card (o1's source alone of mana value 5), "artifacts with
    mana value 5 or greater are Clues", and a resolved effect that
    makes o1's source an artifact and no longer an enchantment (timestamp 9, after every static ability)."""
    return _board(
        [
            enchantment("o1", 2, OTHER_ARTIFACTS, name="Mirror", mana_value=5),
            enchantment("o2", 3, OTHER_ARTIFACTS, name="Mirror"),
            enchantment("o3", 4, OTHER_ARTIFACTS, name="Mirror"),
            enchantment("w", 1, COSTLY_CLUES),
        ],
        effects=[
            {"id": "unmade", "controller": "p1", "timestamp": 9, "applies_to": ["o1"],
             "parts": [{"op": "set_types", "types": ["artifact"]}]},
        ],
    )  # fmt: skip


@pytest.mark.parametrize("vid", ["pre-m10", "ikoria"])
def test_members_other_than_their_sources_get_their_own_answers(vid: str) -> None:
    """613.8a: each member's trial leaves its own source. o2's and o3's trials make O1 an artifact, so "artifacts
    with mana value 5 or greater are Clues" (o1's source alone has 5) depends on them and not on o1 (its trial
    changes o2, o3 and w: as many objects as theirs, not the same ones); it depends on the resolved effect too,
    which makes O1 an artifact. That effect takes O1 out of what o2 and o3 apply to (they depend on it); o1 applies
    to other enchantments, never its source: it does not. O1 ends an artifact Clue (205.3g), not an enchantment."""
    board = other_than_board()
    assert _first_graph(board, vid) == {
        "w": {"o2", "o3", "unmade"},
        "o1": set(),
        "o2": {"unmade"},
        "o3": {"unmade"},
        "unmade": set(),
    }
    final = _same_checked(board, vid)
    assert final["o1"].types == {"artifact"} and final["o1"].subtypes == {"clue"}
    for other in ("o2", "o3", "w"):
        assert final[other].types == {"enchantment", "artifact"}


def test_the_class_shortcuts_are_taken_on_these_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The boards above reach the shortcuts they are there to check: a trial equal to an earlier one is looked for
    (``_same_trial``) and class keys are read (``_class_key``); a shortcut never asked would make them vacuous."""
    asked: dict[str, int] = {"same": 0, "class": 0}
    same_trial, class_key = bookkeeping.Incremental._same_trial, bookkeeping.Incremental._class_key

    def spy_same(self: bookkeeping.Incremental, *args: Any) -> Any:
        asked["same"] += 1
        return same_trial(self, *args)

    def spy_class(self: bookkeeping.Incremental, *args: Any) -> Any:
        found = class_key(self, *args)
        asked["class"] += found is not None
        return found

    monkeypatch.setattr(bookkeeping.Incremental, "_same_trial", spy_same)
    monkeypatch.setattr(bookkeeping.Incremental, "_class_key", spy_class)
    for board in (controllers_board(), moon_board(), other_than_board()):
        fast_resolve(board, VERSIONS["ikoria"])
    assert asked["same"] > 0 and asked["class"] > 0
