"""The layer system (613.1-613.8, reference.resolver): the order of layers and sublayers, CDAs first
(613.3), the next effect to apply, and the trace that says why each applied when it did.

Expected values are reasoned from the rules, not copied from the resolver's output.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtg_layers.checking.results import board_result
from reference.effects import ContinuousEffect
from reference.frozen import FrozenMap
from reference.model import Board, Counter, Effect, Part
from reference.resolver import Edge, Moment, Skipped, Why, choose_next, initial_state, not_applied, resolve, why_chosen
from reference.versions import get_version

from ..builders import ENCHANTMENT, IKORIA, creature, make_board, read_in_layers, run
from ..builders import reads_toughness_then_sets_it as _reads_toughness_then_sets_it
from ..strategies import boards, versions


def _e(key: str, ts: float, origin: str = "static", source: str | None = None) -> ContinuousEffect:
    return ContinuousEffect(key=key, origin=origin, timestamp=ts, parts=(), description=key, source=source)


def test_a_loop_member_is_explained_by_its_loop_and_what_it_waited_for() -> None:
    """613.8b: a member of a dependency loop applies in timestamp order; the trace names the loop's other members."""
    a, b, e = _e("a", 2), _e("b", 1), _e("e", 4)
    c, d = _e("c", 3, origin="cda"), _e("d", 2)
    graph: dict[str, dict[str, Any]] = {"a": {"b": None}, "b": {"e": None}, "e": {"a": None}, "c": {}, "d": {}}
    why = why_chosen(a, [a, b, e, c, d], [a, b, e, c, d], graph, {"a": {"b", "x"}}, {"x", "y"})
    # only b has an earlier timestamp than a (d's is equal; c's is later: 613.3's CDA rank plays no part here)
    assert why == Why(
        "loop",
        "part of a dependency loop with b, e: the loop applies in timestamp order (613.8b)",
        waited_for=("x",),
        loop=("a", "b", "e"),
        went_before=("b",),
    )


def test_an_effect_that_waited_names_the_applied_effects_it_depended_on() -> None:
    """613.8b: an effect that waited names the effects it depends on that have applied (not the others)."""
    a, b, c = _e("a", 3), _e("b", 1), _e("c", 5)
    why = why_chosen(a, [a, b, c], [a, b, c], {"a": {}, "b": {}, "c": {}}, {"a": {"b", "c", "z"}}, {"b", "c", "y"})
    assert why == Why(
        "dependency", "waited for b, c, which it depends on (613.8b)", waited_for=("b", "c"), went_before=("b",)
    )


def test_an_effect_that_went_ahead_of_waiting_effects_names_them() -> None:
    """613.8b: an effect applying while earlier-timestamped effects wait names those effects."""
    a, b, c, d = _e("a", 3), _e("b", 1), _e("c", 2), _e("d", 4)
    why = why_chosen(a, [b, a, c, d], [b, a, c, d], {"a": {}, "b": {}, "c": {}, "d": {}}, {}, set())
    assert why == Why(
        "dependency",
        "applied before b, c (earlier timestamps), which depend on other effects (613.8b)",
        went_before=("b", "c"),
    )


def test_a_cda_that_goes_before_an_earlier_effect_is_not_said_to_go_after_it() -> None:
    """613.3, 613.8b: went-before compares timestamps only: a CDA with a later timestamp names the earlier effect."""
    pick, x = _e("k", 5, origin="cda"), _e("x", 3)
    why = why_chosen(pick, [pick, x], [pick, x], {"k": {}, "x": {}}, {}, set())
    assert why.went_before == ("x",)
    assert why.kind == "dependency"


def test_a_cda_applying_before_other_effects_is_explained_by_613_3() -> None:
    """613.3: a characteristic-defining ability applied while other kinds of effect are left: CDAs apply first."""
    pick, x = _e("k", 5, origin="cda"), _e("x", 3)
    why = why_chosen(pick, [pick], [pick, x], {"k": {}}, {}, set())
    assert why == Why("cda-first", "characteristic-defining abilities apply first (613.3)")


def test_an_effect_alone_or_among_its_kind_is_explained_by_its_timestamp() -> None:
    """613.7: with no dependency and no CDA ahead of other effects, the effect applied for its timestamp."""
    cda, other_cda = _e("k", 1.5, origin="cda"), _e("j", 7, origin="cda")
    text = "earliest timestamp among the effects left (1.5) (613.7)"
    assert why_chosen(cda, [cda], [cda, other_cda], {"k": {}}, {}, set()) == Why("timestamp", text)
    static, later = _e("s", 1.5), _e("t", 7)
    assert why_chosen(static, [static], [static, later], {"s": {}}, {}, set()) == Why("timestamp", text)


def test_effects_that_never_applied_say_whether_the_ability_or_the_source_is_gone() -> None:
    """611.3b, 113.6: a skipped effect's source on the battlefield lost the ability; one elsewhere left play."""
    board = make_board([creature("c", 1), creature("g", 2, zone="graveyard")])
    state = initial_state(board, IKORIA)
    slot = IKORIA.slots[0]
    seen = {
        "k1": _e("k1", 1, source="c"),
        "k2": _e("k2", 2, source="g"),
        "k3": _e("k3", 3, origin="resolved"),
        "k4": _e("k4", 4, source="c"),
    }
    skipped = not_applied(slot, seen, {"k4"}, board, state)
    assert skipped[:2] == [
        Skipped(slot.id, "k1", "k1", "c no longer has the ability that generates it (611.3b, 613.8a)"),
        Skipped(slot.id, "k2", "k2", "its source g is not on the battlefield (113.6)"),
    ]
    # an effect without a source object is not said to have lost an ability (611.3b needs a source)
    assert [(s.effect, s.reason.endswith("(113.6)")) for s in skipped[2:]] == [("k3", True)]


def _choose(
    group: list[ContinuousEffect], ok: set[str], waited: dict[str, set[str]], done: set[str], version: Any
) -> Any:
    board = make_board([creature("c", 1, controller="p2")])
    return choose_next(group, ok, waited, done, board, initial_state(board, version), version, "7c")


def test_only_an_effect_waiting_for_nothing_can_apply_next() -> None:
    """613.8b: of the effects in a layer, the next one is the earliest that waits for no other (here b and c)."""
    d, b, c = _e("d", 0.5), _e("b", 2), _e("c", 3)
    assert _choose([d, b, c], {"b", "c"}, {}, set(), IKORIA) == (b, None)


def test_a_dependent_effect_waits_in_timestamp_order_unless_the_profile_applies_it_at_once() -> None:
    """613.8b: an effect whose dependencies have all applied takes its timestamp place among the ready effects;
    a profile reading 613.8b as "applies at once" applies it before them (and not one still waiting for some)."""
    a, b, c = _e("a", 1), _e("b", 2), _e("c", 3)
    waited = {"b": {"x", "y"}, "c": {"x"}}
    assert _choose([a, b, c], {"a", "b", "c"}, waited, {"x"}, IKORIA) == (a, None)
    at_once = replace(IKORIA, dependent_waits_in_timestamp_order=False)
    assert _choose([a, b, c], {"a", "b", "c"}, waited, {"x"}, at_once) == (c, None)
    assert _choose([a, b, c], {"a", "b", "c"}, waited, set(), at_once) == (a, None)


def test_a_cda_goes_first_in_its_layer_only_where_the_version_mixes_cdas_and_other_effects() -> None:
    """613.3: where CDAs are not set apart in dependency (older profiles) a CDA applies before an earlier
    effect; where they are (613.8a(c)) the order of one group is by timestamp alone."""
    cda, static = _e("k", 5, origin="cda"), _e("s", 1)
    assert _choose([cda, static], {"k", "s"}, {}, set(), IKORIA) == (static, None)
    mixed = replace(IKORIA, cda_dependency_isolated=False)
    assert _choose([cda, static], {"k", "s"}, {}, set(), mixed) == (cda, None)


def test_a_timestamp_tie_among_the_ready_effects_is_reported_in_its_sublayer() -> None:
    """613.7m: two ready effects with the same earliest timestamp tie (a later one is not part of the tie)."""
    a, b, c = _e("a", 2), _e("b", 2), _e("c", 3)
    pick, tie = _choose([a, b, c], {"a", "b", "c"}, {}, set(), IKORIA)
    assert tie is not None and pick.key in {"a", "b"}
    assert (tie.slot, tie.effects, tie.chosen) == ("7c", ("a", "b"), pick.key)


HASTE = "creatures you control have haste."


def test_the_trace_of_a_dependency_that_stops_an_effect_from_existing() -> None:
    """613.8a-c, 611.3b: an effect removing a static ability applies first; the trace records the edge (its
    sublayer, test and detail), the graph when it was chosen, and the ability's effect as never applied."""
    board = make_board(
        [creature("c", 1, abilities=[HASTE])],
        effects=[
            {
                "id": "silence",
                "description": "Silence",
                "controller": "p2",
                "timestamp": 2,
                "applies_to": ["c"],
                "parts": [{"op": "remove_abilities", "abilities": [HASTE]}],
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
    result = resolve(board, IKORIA)
    key = f"c:{HASTE}"
    assert result.version == IKORIA.id
    assert result.edges == (Edge("6", key, "silence", "existence", f"Silence would stop C: {HASTE} from existing"),)
    assert [(s.index, s.slot, s.effect, s.locked_from) for s in result.steps] == [(1, "6", "silence", None)]
    step = result.steps[0]
    assert (step.layer, step.description, step.origin, step.timestamp, step.ops) == (
        6,
        "Silence",
        "resolved",
        2,
        ("remove_abilities",),
    )
    assert step.affected == ("c",) and step.after == {"c": result.final["c"]}  # the only step: c as it ends
    assert result.steps[0].why == Why(
        "dependency",
        f"applied before {key} (earlier timestamps), which depend on other effects (613.8b)",
        went_before=(key,),
    )
    assert result.moments == (Moment(1, "6", tuple(sorted([key, "silence"])), ((key, "silence"),)),)
    assert result.skipped == (
        Skipped("6", key, f"C: {HASTE}", "c no longer has the ability that generates it (611.3b, 613.8a)"),
    )
    assert result.ties == () and result.final["c"].abilities == frozenset()


def test_the_trace_numbers_steps_keeps_an_effects_objects_from_its_first_layer_and_records_ties() -> None:
    """613.6, 613.7m: an effect applying in layers 5 and 7c is locked from 5; two effects with one timestamp
    tie in 7c (a tie left to the players is recorded, undecided); the steps are numbered in order."""
    board = make_board(
        [creature("c", 1)],
        effects=[
            {
                "id": "grow",
                "description": "Grow",
                "controller": "p1",
                "timestamp": 2,
                "applies_to": ["c"],
                "parts": [{"op": "set_colors", "colors": ["green"]}, {"op": "modify_pt", "power": 1, "toughness": 1}],
            },
            *(
                {
                    "id": x,
                    "description": x.title(),
                    "controller": "p1",
                    "timestamp": 3,
                    "applies_to": ["c"],
                    "parts": [{"op": "modify_pt", "power": 1, "toughness": 0}],
                }
                for x in ("x", "y")
            ),
        ],
    )
    result = resolve(board, IKORIA)
    rows = [(s.index, s.slot, s.effect, s.locked_from) for s in result.steps]
    assert rows[:2] == [(1, "5", "grow", None), (2, "7c", "grow", "5")]
    assert [r[:2] for r in rows[2:]] == [(3, "7c"), (4, "7c")] and {r[2] for r in rows[2:]} == {"x", "y"}
    assert [m.step for m in result.moments] == [1, 2, 3, 4]
    assert [(t.slot, t.effects, t.decided) for t in result.ties] == [("7c", ("x", "y"), False)]
    assert (result.final["c"].power, result.final["c"].toughness) == (5, 3)


def test_two_effects_depending_on_each_other_are_a_loop() -> None:
    """613.8b: two effects each depending on the other form a loop (of two): each is explained as a loop member."""
    a, b = _e("a", 1), _e("b", 2)
    graph: dict[str, dict[str, Any]] = {"a": {"b": None}, "b": {"a": None}}
    why = why_chosen(a, [a, b], [a, b], graph, {"a": {"b"}}, set())
    assert why == Why(
        "loop", "part of a dependency loop with b: the loop applies in timestamp order (613.8b)", loop=("a", "b")
    )


ALL_COLORS = "this creature is all colors."

BLACK = "all creatures are black."


def test_a_cda_applies_before_an_earlier_effect_of_its_layer() -> None:
    """613.3: in layer 5 the creature's color-defining ability applies before an effect with an earlier
    timestamp, which then sets the color: the creature ends black."""
    board = make_board(
        [
            {"id": "p", "name": "P", "timestamp": 1, "abilities": [BLACK], **ENCHANTMENT},
            creature("x", 2, abilities=[ALL_COLORS]),
        ],
        abilities=[
            {
                "text": ALL_COLORS,
                "cda": True,
                "applies_to": {"is_source": True},
                "parts": [{"op": "set_colors", "colors": ["white", "blue", "black", "red", "green"]}],
            },
            {"text": BLACK, "applies_to": {"type": "creature"}, "parts": [{"op": "set_colors", "colors": ["black"]}]},
        ],
    )
    result = resolve(board, IKORIA)
    assert [(s.slot, s.effect) for s in result.steps] == [("5", f"x:{ALL_COLORS}"), ("5", f"p:{BLACK}")]
    assert result.final["x"].colors == frozenset({"black"})


def test_a_released_dependent_applies_at_once_only_under_that_reading() -> None:
    """613.8b: once C has applied, A (which depends on it) takes its timestamp place, after W; the profile reading
    "applies at once" applies A right after C, before W."""
    board = make_board(
        [creature("bear", 1), creature("ogre", 1.5)],
        effects=[
            {
                "id": "a",
                "timestamp": 5,
                "applies_to": ["bear"],
                "parts": [{"op": "set_pt", "power": 0}],  # read in the layers: {"its": "toughness"} below
            },
            {"id": "c", "timestamp": 3, "applies_to": ["bear"], "parts": [{"op": "set_pt", "toughness": 5}]},
            {"id": "w", "timestamp": 4, "applies_to": ["ogre"], "parts": [{"op": "set_pt", "power": 1}]},
        ],
    )
    board = read_in_layers(board, {"a": {"power": {"its": "toughness"}}})
    assert [s.effect for s in resolve(board, IKORIA).steps] == ["c", "w", "a"]
    at_once = replace(IKORIA, dependent_waits_in_timestamp_order=False)
    result = resolve(board, at_once)
    assert [s.effect for s in result.steps] == ["c", "a", "w"]
    assert result.steps[1].why.waited_for == ("c",)


# Metamorphic properties (issue 2), on generated boards: changing how a board is *written* never
# changes the answer (another order of objects and effects, other ids, every timestamp shifted alike).


def result(board: Board, version: str) -> dict[str, dict[str, Any]]:
    """The resolver's JSON-ready result."""
    return board_result(board, resolve(board, get_version(version)).final)


@pytest.mark.slow
@given(boards(), versions, st.randoms(use_true_random=False))
def test_input_order_of_objects_and_effects_is_irrelevant(board: Board, version: str, rnd: Any) -> None:
    """Permuting the listed order of objects and of effects never changes the result."""
    objects = list(board.objects.items())
    effects = list(board.effects)
    rnd.shuffle(objects)
    rnd.shuffle(effects)
    shuffled = Board(objects=dict(objects), effects=tuple(effects), abilities=board.abilities)
    assert result(shuffled, version) == result(board, version)


def _rename_filter(data: Any, names: dict[str, str]) -> Any:
    if isinstance(data, dict | FrozenMap):
        out: dict[str, Any] = {}
        for k, v in data.items():
            if k == "id":
                out[k] = names.get(v, v)
            elif k == "ids":
                out[k] = tuple(names.get(x, x) for x in v)
            else:
                out[k] = _rename_filter(v, names)
        return FrozenMap(out)
    if isinstance(data, tuple):
        return tuple(_rename_filter(v, names) for v in data)
    return data


def _rename_part(p: Part, names: dict[str, str]) -> Any:
    args = _rename_filter(p.args, names)
    if p.op == "copy_of":
        args = FrozenMap({**args, "object": names[args["object"]]})
    return args


def rename(board: Board, names: dict[str, str], effect_names: dict[str, str]) -> Board:
    """The same board with object and effect ids renamed everywhere they occur."""
    objects = {
        names[i]: replace(o, id=names[i], attached_to=names.get(o.attached_to or "", o.attached_to))
        for i, o in board.objects.items()
    }
    effects = tuple(
        replace(
            e,
            id=effect_names[e.id],
            applies_to=tuple(names[t] for t in e.applies_to),
            parts=tuple(Part(p.op, _rename_part(p, names)) for p in e.parts),
            source=names.get(e.source or "", e.source),
        )
        for e in board.effects
    )
    abilities = {t: replace(d, applies_to=_rename_filter(d.applies_to, names)) for t, d in board.abilities.items()}
    return Board(objects=objects, effects=effects, abilities=abilities)


@pytest.mark.slow
@given(boards(), versions, st.randoms(use_true_random=False))
def test_renaming_ids_is_irrelevant(board: Board, version: str, rnd: Any) -> None:
    """Renaming objects (keeping their order) and effects (any new names) never changes the result."""
    names = {i: f"x{n:02d}-{i}" for n, i in enumerate(sorted(board.objects))}
    new_effect_ids = [f"eff{n}" for n in range(len(board.effects))]
    rnd.shuffle(new_effect_ids)
    effect_names = {e.id: new_effect_ids[n] for n, e in enumerate(board.effects)}
    renamed = result(rename(board, names, effect_names), version)
    original = result(board, version)
    assert {i: renamed[names[i]] for i in original} == original


def shift(board: Board, delta: int) -> Board:
    """Every timestamp (objects, effects, counters) moved by ``delta``."""
    objects = {
        i: replace(
            o,
            timestamp=o.timestamp + delta,
            counters=tuple(Counter(c.kind, c.count, c.timestamp + delta) for c in o.counters),
        )
        for i, o in board.objects.items()
    }
    effects = tuple(
        Effect(e.id, e.timestamp + delta, e.applies_to, e.parts, e.controller, e.source, e.description)
        for e in board.effects
    )
    return Board(objects=objects, effects=effects, abilities=board.abilities)


@pytest.mark.slow
@given(boards(), versions, st.integers(-50, 1000))
def test_shifting_all_timestamps_is_irrelevant(board: Board, version: str, delta: int) -> None:
    """Adding the same constant to every timestamp never changes the result."""
    assert result(shift(board, delta), version) == result(board, version)


def test_613_4_sublayers_set_then_modify_then_counters_then_switch() -> None:
    board = make_board(
        [creature("c", 1, 1, 3, counters=[{"kind": "+1/+1", "count": 1, "timestamp": 2}])],
        effects=[
            {"id": "switch", "timestamp": 3, "applies_to": ["c"], "parts": [{"op": "switch_pt"}]},
            {
                "id": "pump",
                "timestamp": 4,
                "applies_to": ["c"],
                "parts": [{"op": "modify_pt", "power": 0, "toughness": 1}],
            },
            {"id": "set", "timestamp": 5, "applies_to": ["c"], "parts": [{"op": "set_pt", "power": 0, "toughness": 0}]},
        ],
    )
    for v in ("m10", "ikoria"):
        resolution, r = run(board, v)
        # set 0/0, +0/+1, counter +1/+1 -> 1/2, switch -> 2/1
        assert (r["c"]["power"], r["c"]["toughness"]) == (2, 1), v
        assert resolution.steps[-1].effect == "switch"
    # 418.5: the +0/+1 and the later "becomes 0/0" are both 6b, so the setting effect wins: 0/0 +1/+1 -> 1/1
    resolution, r = run(board, "pre-m10")
    assert (r["c"]["power"], r["c"]["toughness"]) == (1, 1)
    assert [s.slot for s in resolution.steps] == ["6b", "6b", "6c", "6e"]


def test_418_5_static_modifiers_wait_for_counters_but_setting_effects_interleave() -> None:
    anthem = {
        "text": "creatures you control get +1/+1",
        "applies_to": {"all": [{"type": "creature"}, {"controller": "you"}]},
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    board = make_board(
        [creature("c", 1), {"id": "a", "timestamp": 2, "types": ["enchantment"], "abilities": [anthem["text"]]}],
        effects=[
            {
                "id": "pump",
                "timestamp": 3,
                "applies_to": ["c"],
                "parts": [{"op": "modify_pt", "power": 3, "toughness": 3}],
            },
            {"id": "set", "timestamp": 4, "applies_to": ["c"], "parts": [{"op": "set_pt", "power": 0, "toughness": 1}]},
        ],
        abilities=[anthem],
    )
    assert run(board, "pre-m10")[1]["c"]["power"] == 1  # 0/1 overrides +3/+3 (both 6b), then anthem (6d)
    assert run(board, "m10")[1]["c"]["power"] == 4


def test_613_3_cda_first_and_isolated_from_non_cda() -> None:
    goyf = {
        "text": "power equals the number of creatures",
        "cda": True,
        "applies_to": {"is_source": True},
        "parts": [{"op": "set_pt", "power": {"count": {"type": "creature"}}, "toughness": 5}],
    }
    board = make_board(
        [creature("g", 1, 0, 0, abilities=[goyf["text"]]), creature("x", 2)],
        effects=[
            {
                "id": "shrink",
                "timestamp": 0.1,
                "applies_to": ["g"],
                "parts": [{"op": "set_pt", "power": 9, "toughness": 9}],
            }
        ],
        abilities=[goyf],
    )
    resolution, r = run(board, "ikoria")
    assert resolution.steps[0].slot == "7a" and resolution.steps[0].origin == "cda"
    assert (r["g"]["power"], r["g"]["toughness"]) == (9, 9)


def test_613_4_each_application_is_traced_in_its_layer() -> None:
    """613.4: setting power and toughness applies in layer 7; the trace records the layer of every application."""
    resolution, _ = run(_reads_toughness_then_sets_it())
    assert [(s.effect, s.layer) for s in resolution.steps] == [("c", 7), ("a", 7)]
