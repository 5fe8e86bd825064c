"""Tied text changes on one object read by their components (reference_optimized.text_changes): the same outcomes as
every order, without k! resolutions where the changes commute."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tied_abilities import WORDS_TO
from benchmarks.tied_abilities import case as tied_case
from mtg_layers.corpus import case_from_data
from reference.case import board_at
from reference.effects import ContinuousEffect
from reference.frozen import FrozenMap
from reference.model import AbilityDef, Board, Characteristics, Part
from reference.versions import get_version
from reference_optimized import distinct_outcomes, text_changes
from reference_optimized.text_changes import (
    change_of,
    clashes,
    closure,
    keeps_mana_wordings,
    seeds,
    strings_in,
    text_change_components,
)

from ..builders import creature, make_board
from ..strategies import ci_examples
from .reduction_checks import assert_reduction_reaches_every_orders_outcomes

VERSION_IDS = ("pre-m10", "m10", "ikoria", "current")
CURRENT = get_version("current")
IKORIA = get_version("ikoria")
_WORDS = ("white", "black", "green", "blue", "red", "elf", "goblin", "cat", "forest", "island")


def _color(color: str) -> dict[str, Any]:
    return {"text": f"this creature is {color}", "applies_to": {"is_source": True}, "parts": [_add(color)]}


def _add(color: str) -> dict[str, Any]:
    return {"op": "add_colors", "colors": [color]}


_OWN = [
    _color("white"),
    _color("green"),
    _color("black"),
    {
        "text": "this creature gets +1/+1",
        "applies_to": {"is_source": True},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    },
]


def _swap(old: str, new: str) -> dict[str, Any]:
    return {"op": "replace_word", "from": old, "to": new}


_CHANGES = st.sampled_from([(a, b) for a in _WORDS for b in _WORDS if a != b])


@st.composite
def tied_text_changes(draw: st.DrawFn) -> Board:
    """A creature c (timestamp 1) with two to five static abilities, each changing one or two words of o0 (mostly),
    of o1 or of c itself (612); o0 has color abilities whose words the changes may reach, creature types or, as a
    land, a basic land type (305.6); up to one resolved text change on o0, tied with c's abilities or not."""
    n = draw(st.integers(2, 5))
    abilities = []
    for i in range(n):
        parts = [_swap(*draw(_CHANGES)) for _ in range(draw(st.integers(1, 2)))]
        scope = draw(st.sampled_from([{"id": "o0"}] * 5 + [{"id": "o1"}, {"is_source": True}]))
        words = " ".join(f"{p['from']} to {p['to']}" for p in parts)
        abilities.append({"text": f"tied {i}: {words}", "applies_to": scope, "parts": parts})
    # beside five tied changes, one ability of its own at most (two would open a later tie in layer 5 after each of
    # the 120 orders, past the limit)
    own = draw(st.lists(st.sampled_from([str(a["text"]) for a in _OWN]), max_size=3 if n < 5 else 1, unique=True))
    land = draw(st.booleans())
    o0: dict[str, Any] = {"abilities": own}
    if land:
        o0.update(types=["land", "creature"], subtypes=["forest"])
    else:
        o0["subtypes"] = draw(st.lists(st.sampled_from(["elf", "goblin", "cat"]), max_size=2, unique=True))
    objects = [
        creature("c", 1, 1, 1, abilities=[a["text"] for a in abilities]),
        creature("o0", 0.5, 1, 1, **o0),
        creature("o1", 0.25, 1, 1, subtypes=["elf"], abilities=["this creature is white"]),
    ]
    effects = [
        {
            "id": f"r{k}",
            "controller": "p1",
            # tied with c's abilities only beside four at most (six tied effects: 720 orders, past the limit)
            "timestamp": draw(st.sampled_from([0.5, 1, 2] if n < 5 else [0.5, 2])),
            "applies_to": ["o0"],
            "parts": [_swap(*draw(_CHANGES))],
        }
        for k in range(draw(st.integers(0, 1)))
    ]
    return make_board(objects, effects, abilities + _OWN)


# A few seconds under the CI profile (each board's every-order enumeration is up to 120 orders; one past 130
# resolutions is not judged); the long profile keeps its own count.
@settings(max_examples=ci_examples(12))
@given(tied_text_changes(), st.sampled_from(VERSION_IDS))
def test_text_change_components_reach_every_orders_outcomes(board: Board, vid: str) -> None:
    """612, 613.7m: with tied text changes on one creature (some commuting, some chaining, some on their own source,
    beside resolved ones), the orders tried reach exactly every order's outcomes, complete, with no more
    resolutions, and the same ties matter."""
    assert_reduction_reaches_every_orders_outcomes(board, get_version(vid), limit=130)


def _bench(n: int) -> Board:
    return board_at(case_from_data(tied_case(n, 0, False, "group-text-one"), "bench"), 1, CURRENT)


def test_twelve_commuting_text_changes_on_one_creature_are_one_order() -> None:
    """612.2, 613.7a, 613.7m: the benchmark's creature has twelve tied abilities, each changing a different word of
    o0 to a word no other one changes (white to green, black to red, elf to cat, goblin to dog, ... warrior to fox).
    No change finds a word another writes, so every order gives o0 the same text: "this creature is green", "this
    creature is red" (so green and red, 105.3) and the creature types cat, dog, bird, ..., fox. One outcome. The
    resolutions: one meets the layer-3 tie, one for its one order, which meets the tie of o0's two color abilities
    (layer 5, additions: one order). Every order (12! of them) stopped at 120 resolutions without an outcome."""
    found = distinct_outcomes(_bench(12), CURRENT)
    assert (found.complete, len(found.outcomes), found.runs) == (True, 1, 3)
    o0 = found.outcomes[0].final["o0"]
    assert o0.colors == frozenset({"green", "red"})
    assert o0.subtypes == frozenset(WORDS_TO[2:12])
    assert o0.abilities == frozenset({"this creature is green", "this creature is red"})


def _one_tie(abilities: list[dict[str, Any]], objects: list[dict[str, Any]], version: Any = IKORIA) -> Any:
    board = make_board(objects, [], abilities, version=version)
    return distinct_outcomes(board, version), board


def test_a_change_writing_a_word_another_changes_keeps_both_orders() -> None:
    """612.2, 613.7m: white to green and green to blue on o0 ("this creature is white"), with elf to cat: o0 ends
    blue when white to green comes first, else green (the second change finds no "green" yet); elf to cat commutes
    with both. Two outcomes; the components are the chained pair and elf to cat, so two orders are tried (two
    resolutions beyond the one meeting the tie, and one per order for o0's color ability in layer 5: none, it is
    alone). Without the commutation test one order would be tried and one outcome missed."""
    abilities = [
        {"text": "a", "applies_to": {"id": "o0"}, "parts": [_swap("white", "green")]},
        {"text": "b", "applies_to": {"id": "o0"}, "parts": [_swap("green", "blue")]},
        {"text": "c", "applies_to": {"id": "o0"}, "parts": [_swap("elf", "cat")]},
        _OWN[0],
    ]
    objects = [
        creature("x", 1, abilities=["a", "b", "c"]),
        creature("o0", 2, subtypes=["elf"], abilities=["this creature is white"]),
    ]
    found, _ = _one_tie(abilities, objects)
    assert found.complete
    assert {frozenset(o.final["o0"].colors) for o in found.outcomes} == {frozenset({"blue"}), frozenset({"green"})}
    assert all(o.final["o0"].subtypes == frozenset({"cat"}) for o in found.outcomes)
    assert found.runs == 3


def test_text_changes_with_a_part_in_a_later_layer_keep_every_order() -> None:
    """613.7m, 613.4b: two tied abilities each change a word of o0 and set its power and toughness (2/2, 3/3): the
    order recorded for the layer-3 tie also orders them in layer 7b, where the last setting wins. Two outcomes; a
    reading of their text changes alone (they commute) would try one order and miss one."""
    abilities = [
        {"text": "a", "applies_to": {"id": "o0"}, "parts": [_swap("white", "green"), _pt(2)]},
        {"text": "b", "applies_to": {"id": "o0"}, "parts": [_swap("black", "red"), _pt(3)]},
        {"text": "c", "applies_to": {"id": "o0"}, "parts": [_swap("elf", "cat")]},
    ]
    objects = [creature("x", 1, abilities=["a", "b", "c"]), creature("o0", 2, subtypes=["elf"])]
    found, _ = _one_tie(abilities, objects)
    assert found.complete
    assert {(o.final["o0"].power, o.final["o0"].toughness) for o in found.outcomes} == {(2, 2), (3, 3)}


def _pt(n: int) -> dict[str, Any]:
    return {"op": "set_pt", "power": n, "toughness": n}


def test_a_change_of_a_tied_abilitys_own_source_is_a_dependency_not_an_order() -> None:
    """612.2, 613.8a: x's ability "m1" changes x's own "elf" to "cat", which turns x's wording "elf: o0's white
    becomes blue" into "cat: o0's white becomes blue", another definition (it makes o0's white black). Applying m1
    would end the blue change's effect, so that effect depends on m1 (613.8a: its existence) and waits for it; it
    then no longer exists, and the black one applies: o0 is black, in one outcome, with no tie left open. Such a
    board is outside the shape (the text of a static effect's source changes in the slot), so nothing is reduced."""
    abilities = [
        {"text": "m1", "applies_to": {"is_source": True}, "parts": [_swap("elf", "cat")]},
        {"text": "elf: o0's white becomes blue", "applies_to": {"id": "o0"}, "parts": [_swap("white", "blue")]},
        {"text": "cat: o0's white becomes blue", "applies_to": {"id": "o0"}, "parts": [_swap("white", "black")]},
        _OWN[0],
    ]
    objects = [
        creature("x", 1, abilities=["m1", "elf: o0's white becomes blue"]),
        creature("o0", 2, abilities=["this creature is white"]),
    ]
    found, _ = _one_tie(abilities, objects)
    assert (found.complete, found.runs) == (True, 1)
    assert {frozenset(o.final["o0"].colors) for o in found.outcomes} == {frozenset({"black"})}


def _effect(key: str, *pairs: tuple[str, str], source: str = "x", targets: tuple[str, ...] = ("o0",)) -> Any:
    parts = tuple(Part("replace_word", FrozenMap({"from": a, "to": b})) for a, b in pairs)
    return ContinuousEffect(key, "resolved", 1, parts, key, source=source, targets=targets)


def test_a_change_of_several_words_applies_them_in_the_order_of_its_text() -> None:
    """612.1: wordings change by whole words, singular or plural; subtypes by equality; two changes in text order."""
    swap = change_of(_effect("e", ("white", "green"), ("green", "blue")))
    assert swap(("text", "white elves, whitewash")) == ("text", "blue elves, whitewash")
    assert swap(("word", "white")) == ("word", "blue")
    assert swap(("word", "whites")) == ("word", "whites")
    elves = change_of(_effect("e", ("elf", "cat")))
    assert elves(("text", "other elves get +1/+1")) == ("text", "other cats get +1/+1")
    assert elves(("word", "elf")) == ("word", "cat")


def test_every_string_of_a_definition_is_found() -> None:
    """612.1: the wording, the filter's words and the values' words, nested in mappings, lists and parts."""
    d = AbilityDef(
        "elves are white",
        False,
        FrozenMap({"subtype": "elf"}),
        (Part("add_colors", FrozenMap({"colors": ("white",)})),),
    )
    assert strings_in(d) >= {"elves are white", "subtype", "elf", "add_colors", "colors", "white"}
    assert strings_in(3) == set()
    assert strings_in(("a", ["b"], frozenset({"c"}), {"d"})) == {"a", "b", "c", "d"}


def _ch(**values: Any) -> Characteristics:
    plain = Characteristics(
        "o0", 0, frozenset(), frozenset({"creature"}), frozenset(), frozenset(), frozenset(), 1, 1, "p1"
    )
    return plain.with_(**values)


def test_seeds_are_the_objects_text_and_every_definition_read_through_its_earlier_changes() -> None:
    """612.1: o0's wordings, its subtypes and those set aside, and each definition's strings after its changes."""
    ch = _ch(
        abilities=frozenset({"this creature is green"}),
        subtypes=frozenset({"elf"}),
        aside_subtypes=frozenset({"goblin"}),
        text_changes=(("white", "green"),),
    )
    board = make_board([creature("o0", 1)], [], [_OWN[0]])
    found = seeds(board, {"o0": ch}, "o0")
    assert ("text", "this creature is green") in found
    assert {("word", "elf"), ("word", "goblin")} <= found
    assert ("text", "white") not in found and ("text", "green") in found  # the color, read through white -> green


def test_the_closure_holds_each_images_and_stops_at_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """612.1: every string the changes reach, with its image under each; None past ``STATES``."""
    changes = [change_of(_effect("a", ("white", "green"))), change_of(_effect("b", ("green", "blue")))]
    images = closure({("text", "white")}, changes)
    assert images == {
        ("text", "white"): (("text", "green"), ("text", "white")),
        ("text", "green"): (("text", "green"), ("text", "blue")),
        ("text", "blue"): (("text", "blue"), ("text", "blue")),
    }
    assert clashes(images, 0, 1)
    assert not clashes(
        closure({("text", "white black")}, changes[:1] + [change_of(_effect("c", ("black", "red")))]) or {}, 0, 1
    )
    many = {("word", f"w{i}") for i in range(text_changes.STATES)}
    assert closure(many, []) is not None  # the bound itself is reached, not passed
    assert closure(many | {("word", "one more")}, []) is None
    monkeypatch.setattr(text_changes, "STATES", 2)
    assert closure({("text", "white")}, changes) is None
    assert closure({("text", "red"), ("text", "black")}, changes) is not None


def test_a_word_of_a_basic_land_types_mana_wording_is_out_of_the_shape() -> None:
    """305.6: "{t}: add {g}." holds "add" and "t": a change of those could rewrite an intrinsic mana wording."""
    assert keeps_mana_wordings(_effect("e", ("forest", "island"), ("white", "green")))
    assert not keeps_mana_wordings(_effect("e", ("add", "cat")))
    assert not keeps_mana_wordings(_effect("e", ("cat", "add")))
    assert not keeps_mana_wordings(_effect("e", ("elf", "t")))


def test_a_plural_in_a_mana_wording_is_out_of_the_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    """305.6, 612.2: a change of "elf" also changes "elves", which holds no "elf": the plural is looked for too."""
    monkeypatch.setattr(text_changes, "INTRINSIC_MANA", {"grove": "{t}: add one mana per elves."})
    assert not keeps_mana_wordings(_effect("e", ("elf", "cat")))
    assert keeps_mana_wordings(_effect("e", ("goblin", "cat")))


def _components(effects: list[Any], group: list[str], state: dict[str, Characteristics] | None = None) -> Any:
    board = make_board([creature("o0", 1)], [], [_OWN[0]])
    objects = {e.key: frozenset(e.targets) for e in effects}
    ch = _ch(abilities=frozenset({"this creature is white"}), subtypes=frozenset({"elf"}))
    return text_change_components(group, effects, objects, board, state or {"o0": ch}, "3", IKORIA)


def test_the_components_of_a_group_of_text_changes() -> None:
    """612.2, 613.7m: chained changes share a component; the others are alone; a component of every key, a key naming
    no text change, a key naming two effects, a slot holding another operation, or a change of a static effect's
    source: no reduction."""
    a, b, c = _effect("a", ("white", "green")), _effect("b", ("green", "blue")), _effect("c", ("elf", "cat"))
    assert _components([a, b, c], ["a", "b", "c"]) == [("a", "b"), ("c",)]
    assert _components([a, c], ["a", "c"]) == [("a",), ("c",)]
    assert _components([a, b], ["a", "b"]) is None  # two orders: no fewer than every order
    assert _components([a, c], ["a", "missing"]) is None
    other = ContinuousEffect("d", "resolved", 1, (Part("set_pt", FrozenMap({"power": 1})),), "d", targets=("o0",))
    assert _components([a, c, other], ["a", "c"]) == [("a",), ("c",)]  # a part in a later slot, not the group's
    mixed = ContinuousEffect(
        "m", "resolved", 1, (*c.parts, Part("set_pt", FrozenMap({"power": 1}))), "m", targets=("o0",)
    )
    assert _components([a, mixed], ["a", "m"]) is None
    in_slot = ContinuousEffect("f", "resolved", 2, (Part("full_text_of", FrozenMap()),), "f", targets=("o0",))
    assert _components([a, c, in_slot], ["a", "c"]) is None
    static = ContinuousEffect("s", "static", 1, a.parts, "s", source="o0", targets=("o1",))
    assert _components([static, c], ["s", "c"]) is None  # c changes o0, the source of s's effect
    resolved = ContinuousEffect("r", "resolved", 1, a.parts, "r", source="o0", targets=("o1",))
    assert _components([resolved, c], ["r", "c"]) == [("r",), ("c",)]  # a resolved effect exists whatever its text
    kept = ContinuousEffect("k", "static", 1, a.parts, "k", source="o1", targets=("o0",))
    assert _components([kept, c], ["k", "c"]) == [("k",), ("c",)]
    cda = ContinuousEffect("d", "cda", 1, a.parts, "d", source="o0", targets=("o1",))
    assert _components([cda, c], ["d", "c"]) is None  # a characteristic-defining ability's source, likewise
    gone = _effect("g", ("black", "red"), targets=("o9",))  # an object not on the battlefield: nothing to read
    assert _components([a, c, gone], ["a", "c", "g"]) == [("a",), ("c",), ("g",)]
    add = _effect("x", ("add", "cat"))
    assert _components([add, c], ["x", "c"]) is None
    twice = [a, _effect("a", ("black", "red")), c]
    assert _components(twice, ["a", "c"]) is None
