"""Open-entry steps whose tied losses reach held definitions that begin before the losses, or held losses (issue 28
item 14): ``reference_optimized.step_orders.losses_alone`` asking ``territories.holds_no_definition`` from the board's
first slot (``begun_before_losses``: "this creature is green." held, layer 5, before the losses in layer 6) and
``territories.lost_first`` for a held loss of named abilities that have no definition (``takes_keywords_alone``: "this
creature loses flying."). Each reduced step is compared with ``reference.entry.step_outcomes`` under every order of
each tie (the readable enumeration), with the resolutions counted and, on the golden boards, outcomes derived by hand.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.case import Case
from reference.frozen import freeze
from reference.versions import get_version
from reference_optimized.step_orders import StepOrders, first_slot, losses_alone, lost_unapplied
from reference_optimized.territories import begun_before_losses, lost_first, takes_keywords_alone

from ..strategies import ci_examples
from .test_step_orders import (
    FLYING,
    VERSIONS,
    _reaches_every_orders_outcomes,
    every_order_results,
    held_case,
    held_losses_painters,
    reduced,
)

GREEN = "this creature is green."
LOSES_FLYING = "this creature loses flying."
SIZE = "this creature is 1/1."
# Layer 5 then 7c: begun before the losses, it keeps applying in 7c though they take its wording (613.6)
BLUE_PLUS = "this creature is blue and gets +1/+1."
# Characteristic-defining, layer 5 (613.3: first in its slot)
GREEN_CDA = "this creature is green (defining)."
# Refused: a part in layer 5 and a loss of flying (it takes an ability away and begins before the losses)
GREEN_GROUNDED = "this creature is green and loses flying."
# Refused: a loss acting on other objects, a loss of all abilities, a loss of a mana ability's wording
OTHERS_GROUNDED = "other creatures you control lose flying (held)."
SELF_HUSHED = "this creature loses all abilities."
MANA_LOST = "this creature loses {t}: add {g}."
MORE: list[dict[str, Any]] = [
    {"text": BLUE_PLUS, "applies_to": {"is_source": True},
     "parts": [{"op": "set_colors", "colors": ["blue"]}, {"op": "modify_pt", "power": 1, "toughness": 1}]},
    {"text": GREEN_CDA, "applies_to": {"is_source": True}, "cda": True,
     "parts": [{"op": "set_colors", "colors": ["green"]}]},
    {"text": GREEN_GROUNDED, "applies_to": {"is_source": True},
     "parts": [{"op": "add_colors", "colors": ["green"]}, {"op": "remove_abilities", "abilities": ["flying"]}]},
    {"text": OTHERS_GROUNDED, "applies_to": {"all": [{"type": "creature"}, {"controller": "you"},
                                                     {"other_than_source": True}]},
     "parts": [{"op": "remove_abilities", "abilities": ["flying"]}]},
    {"text": SELF_HUSHED, "applies_to": {"is_source": True}, "parts": [{"op": "remove_all_abilities"}]},
    {"text": MANA_LOST, "applies_to": {"is_source": True},
     "parts": [{"op": "remove_abilities", "abilities": ["{t}: add {g}."]}]},
]  # fmt: skip

Holder = tuple[str, float, tuple[str, ...]]


def held5_case(
    painters: Sequence[tuple[str, float]],
    holders: Sequence[Holder],
    patrons: Sequence[str] = ("flier",),
    lions_held: tuple[str, ...] = (),
    entering: int = 1,
    leaving: int = 0,
) -> Case:
    """``tests/reference_optimized/test_step_orders.py``'s ``held_case`` with ``MORE``'s definitions too: p1's patrons
    (0.5) and painters (one ability each, at its timestamp; equal ones tied), creatures there from the start each
    holding abilities at a timestamp (``holders``); ``entering`` Lions enter in the second step, the first holding
    ``lions_held``, as the first ``leaving`` painters go to the graveyard."""
    case: Case = held_case(painters, holders, patrons, lions_held, entering, leaving, MORE)
    return case


Creature = tuple[str, tuple[str, ...], tuple[str, ...], int, int, str]


def creatures_of(results: set[str], ids: Sequence[str]) -> set[tuple[Creature, ...]]:
    """Each result's colours, abilities, power, toughness and counters of the creatures ``ids``."""
    out: set[tuple[Creature, ...]] = set()
    for d in (json.loads(r) for r in results):
        row = [(o, tuple(sorted(d[o]["colors"])), tuple(d[o]["abilities"]), d[o]["power"], d[o]["toughness"],
                json.dumps(d[o]["counters"], sort_keys=True)) for o in ids]  # fmt: skip
        out.add(tuple(row))
    return out


# The abilities each creature the Hushers reach ends with, one order for them all (613.1f, 611.3b): no ability (a
# Husher last), flying alone (the Winger after the last Husher, the Gifter before it), or flying and the given wording
# (the Gifter after the last Husher: its effect, depending on every loss while unapplied, 613.8a, then adds flying).
SETTINGS: tuple[tuple[str, ...], ...] = ((), ("flying",), ("flying", FLYING))


def derived(vid: str, shapes: dict[str, tuple[tuple[str, ...], int, int]], lions_counters: str = "") -> set[Any]:
    """Derived outcomes: each creature of ``shapes`` (id: colours, power, toughness, fixed in every order) with each of
    ``SETTINGS``; the Lions (white 2/1, last) also get the Flier patron's charge counter with flying where they are
    looked at with the painters' effects (614.12: from Ixalan on, never under M10), beside ``lions_counters`` (JSON
    fields of counters they get in every order)."""
    out: set[Any] = set()
    for setting in SETTINGS:
        fields = ['"charge": 1'] if setting and vid != "m10" else []
        fields += [lions_counters] if lions_counters else []
        counters = "{" + ", ".join(sorted(fields)) + "}"
        row = [(oid, colors, setting, p, t, "{}") for oid, (colors, p, t) in shapes.items()]
        row.append(("lions0", ("white",), setting, 2, 1, counters))
        out.add(tuple(row))
    return out


def test_613_6_613_7_a_held_green_begun_before_the_losses_is_read_from_the_first_slot() -> None:
    """A Husher, the Gifter, a Winger and a Husher tied (1.0); the Cub (0.25) holds "this creature is green." (layer 5),
    the Bear (3.0) "this creature is 1/1." (7b). Derived: the Cub's green applies in layer 5 in every order, at its
    timestamp's place, before any tied loss applies (613.1f: abilities change only in layer 6), and what it wrote stays
    (613.6); the Hushers' losses (their sources are enchantments nothing reaches: every order has them) take both
    wordings in layer 6, so the Bear's 1/1 never applies (``ends_after``). Each creature ends with one of ``SETTINGS``:
    three outcomes, the Cub white and green throughout. Against every order under M10, Ikoria and the current rules:
    the same results, in 5 resolutions against 29 under M10 and Ikoria (the granted effects' ties) and 25 under the
    current rules; before this reading (``losses_alone`` refused the Cub) the reduced run made every order's 29 or 25.
    With ten painters, reduced only: complete, the same."""
    holders: list[Holder] = [("cub", 0.25, (GREEN,)), ("bear", 3.0, (SIZE,))]
    case = held5_case(held_losses_painters(4), holders)
    shapes = {"cub": (("green", "white"), 2, 1), "bear": (("white",), 2, 1)}
    for vid in VERSIONS:
        got, found = reduced(case, 2, vid)
        every, slow = every_order_results(case, 2, vid)
        assert found.complete and slow.complete and got == every, vid
        assert (found.runs, slow.runs) == (5, 25 if vid == "current" else 29), vid
        assert creatures_of(got, ("cub", "bear", "lions0")) == derived(vid, shapes), vid
    ten = held5_case(held_losses_painters(10), holders)
    got, found = reduced(ten, 2, "current")
    assert found.complete and found.runs == 5
    assert creatures_of(got, ("cub", "bear", "lions0")) == derived("current", shapes)


def test_613_6_a_held_blue_and_plus_one_keeps_applying_after_the_losses_take_it() -> None:
    """The Cub (0.25) holds "this creature is blue and gets +1/+1." (layer 5, then 7c). Derived: it begins in layer 5 in
    every order (the Cub becomes blue), and once begun it keeps applying in 7c though the Hushers took its wording in
    layer 6 (613.6): the Cub is a blue 3/2 in every outcome, with one of ``SETTINGS``. Against every order."""
    case = held5_case(held_losses_painters(4), [("cub", 0.25, (BLUE_PLUS,))])
    for vid in VERSIONS:
        got, found = reduced(case, 2, vid)
        every, slow = every_order_results(case, 2, vid)
        assert found.complete and slow.complete and got == every, vid
        assert found.runs == 5 < slow.runs, vid
        assert creatures_of(got, ("cub", "lions0")) == derived(vid, {"cub": (("blue",), 3, 2)}), vid


def test_613_8a_b_a_held_loss_of_flying_waits_for_a_sure_loss_and_never_applies() -> None:
    """The Cub holds "this creature loses flying." (layer 6) before the painters (0.25), with their timestamp (1.0) or
    after them (3.0). Derived: its effect depends on each Husher's loss reaching the Cub (613.8a: applying it would end
    the effect) and on nothing else; nothing depends on it (it ends no effect: flying has no definition), so it waits
    (613.8b) and ends as the first Husher applies: it never applies, and the Cub flies where the Winger or the Gifter's
    effect comes after the last Husher, as if it held nothing. ``lost_unapplied`` names the effect; against every order,
    in 5 resolutions."""
    for at in (0.25, 1.0, 3.0):
        case = held5_case(held_losses_painters(4), [("cub", at, (LOSES_FLYING,))])
        orders = StepOrders(case, 2, get_version("current"))
        board, near = orders.boards[-1], [e for e in orders.per_board[-1] if e.parts]
        assert lost_unapplied(board, near, get_version("current"), ()) == frozenset({f"cub:{LOSES_FLYING}"}), at
        for vid in VERSIONS:
            got, found = reduced(case, 2, vid)
            every, slow = every_order_results(case, 2, vid)
            assert found.complete and slow.complete and got == every, (at, vid)
            assert found.runs == 5 < slow.runs, (at, vid)
            assert creatures_of(got, ("cub", "lions0")) == derived(vid, {"cub": (("white",), 2, 1)}), (at, vid)


def test_614_12_the_entering_lions_holding_green_get_the_green_patrons_counter_in_every_order() -> None:
    """The Lions enter holding "this creature is green." beside the Flier and the Green patrons. Derived: looked at as
    they would enter (614.12), their own green applies in layer 5 before any tied loss (and, from Ixalan, the painters'
    losses take the wording in layer 6 only after it), so they are green and get the Green patron's +1/+1 counter in
    every order, and the Flier's charge counter with flying from Ixalan on; on the board after, green and 3/2 (the
    counter). Against every order, in 5 resolutions."""
    case = held5_case(held_losses_painters(4), [], ("flier", "green"), (GREEN,))
    for vid in VERSIONS:
        got, found = reduced(case, 2, vid)
        every, slow = every_order_results(case, 2, vid)
        assert found.complete and slow.complete and got == every, vid
        assert found.runs == 5 < slow.runs, vid
        want = {
            tuple(("lions0", ("green", "white"), a, 3, 2, c) for (_, _, a, _, _, c) in row)
            for row in derived(vid, {}, '"+1/+1": 1')
        }
        assert creatures_of(got, ("lions0",)) == want, vid


def _last_board(case: Case, vid: str = "current") -> tuple[Any, list[Any], Any]:
    """The board after the step (the last board read), its effects with parts, and the version."""
    version = get_version(vid)
    orders = StepOrders(case, 2, version)
    return orders.boards[-1], [e for e in orders.per_board[-1] if e.parts], version


def test_613_1f_the_readings_from_the_first_slot_and_for_a_loss_of_keywords() -> None:
    """``begun_before_losses`` takes the Cub's green (layer 5) with the first slot as the tie's (``first_slot``), not
    without a tie slot (``losses_alone``'s reading before, which refused it). ``takes_keywords_alone`` takes "this
    creature loses flying." (its holder alone, a keyword with no definition), not a loss acting on other objects, a loss
    of all abilities, a loss of a mana ability's wording, or a loss of a defined wording; ``lost_first`` takes the loss
    only where the caller found that."""
    case = held5_case(held_losses_painters(4), [("cub", 0.25, (GREEN, LOSES_FLYING))])
    board, near, version = _last_board(case)
    six, stamps = version.slot_index("6"), frozenset({1.0})
    green = board.abilities[GREEN]
    assert first_slot(version) == 0
    assert begun_before_losses(green, "cub", near, first_slot(version), six, version, stamps)
    assert not begun_before_losses(green, "cub", near, None, six, version, stamps)
    assert not begun_before_losses(green, "cub", near, 0, six, version, frozenset({0.25}))  # the group's timestamp
    loss = board.abilities[LOSES_FLYING]
    assert takes_keywords_alone(loss, board, ())
    for text in (OTHERS_GROUNDED, SELF_HUSHED, MANA_LOST):
        assert not takes_keywords_alone(board.abilities[text], board, ()), text
    named = dataclasses.replace(loss, parts=(dataclasses.replace(loss.parts[0], args=freeze({"abilities": [FLYING]})),))
    assert not takes_keywords_alone(named, board, ())  # 611.3b: it would end the given effect
    objects = {e.key: frozenset({"cub", "lions0"}) if "lose all" in e.key else frozenset() for e in near}
    assert lost_first(loss, LOSES_FLYING, "cub", near, objects, six, version, True)
    assert not lost_first(loss, LOSES_FLYING, "cub", near, objects, six, version)
    # no loss in every order: each Husher's source reached by a taker (``sure_loss``; in a step's shape such a source
    # holds a defined loss the other reaches, which ``holds_no_definition`` refuses first)
    hushers = frozenset(e.source for e in near if "lose all" in e.key and e.source is not None)
    taken = {k: v | hushers if k == f"cub:{LOSES_FLYING}" else v for k, v in objects.items()}
    assert not lost_first(loss, LOSES_FLYING, "cub", near, taken, six, version, True)


def test_611_3b_613_8a_held_definitions_the_readings_refuse_keep_every_order() -> None:
    """``losses_alone`` (with the group's timestamp, 1.0) refuses: green held by a creature with the group's timestamp
    (its effect would meet the group's effects in layer 5 by timestamp, in a tie); "this creature is green and loses
    flying." held after the painters (3.0: begun before the losses, it takes an ability away, and a painter could
    apply on its holder first, ``territories.taken_first``; at 0.25 it is read, ``test_held_takes.py``), beside the
    Gifter or the Sizegifter; a held loss of flying acting on other creatures, a
    held loss of all abilities, and a held loss of a mana ability's wording (``takes_keywords_alone``). Two of them run
    against every order: every order is kept, to the same results."""
    for holder, painters in (
        (("cub", 1.0, (GREEN,)), held_losses_painters(4)),
        (("cub", 3.0, (GREEN_GROUNDED,)), held_losses_painters(4)),
        (("cub", 0.25, (OTHERS_GROUNDED,)), held_losses_painters(4)),
        (("cub", 0.25, (SELF_HUSHED,)), held_losses_painters(4)),
        (("cub", 0.25, (MANA_LOST,)), held_losses_painters(4)),
    ):
        board, near, version = _last_board(held5_case(painters, [holder]))
        assert not losses_alone(board, near, version, frozenset({1.0})), holder
    # beside the Sizegifter (7b) no gain fails to commute with the held loss of flying: the reading alone refuses it
    sized = [("husher", 1.0), ("sizegifter", 1.0), ("winger", 1.0), ("husher", 1.0)]
    board, near, version = _last_board(held5_case(sized, [("cub", 3.0, (GREEN_GROUNDED,))]))
    assert not losses_alone(board, near, version, frozenset({1.0}))
    board, near, version = _last_board(held5_case(sized, [("cub", 0.25, (GREEN,))]))
    assert losses_alone(board, near, version, frozenset({1.0}))
    for holder in (("cub", 1.0, (GREEN,)), ("cub", 3.0, (GREEN_GROUNDED,))):
        case = held5_case(held_losses_painters(4), [holder])
        got, found = reduced(case, 2, "current")
        every, slow = every_order_results(case, 2, "current")
        assert found.complete and slow.complete and got == every and found.runs == slow.runs, holder


# Held by the creatures the Hushers reach: begun before the losses (layer 5; 5 and 7c; characteristic-defining), a loss
# of flying, and the readings of the last branch (layer 6, 7b) and a refused one, beside them
HELD = st.sampled_from([GREEN, GREEN, BLUE_PLUS, BLUE_PLUS, GREEN_CDA, LOSES_FLYING, LOSES_FLYING, FLYING, SIZE,
                        GREEN_GROUNDED, "flying"])  # fmt: skip


# Each step is checked against ``entry.step_outcomes`` with every order of each tie (up to 4! orders of the painters
# and the ties of the abilities granted in the layers): CI judges 8, the long profile by hand its own count.
@pytest.mark.slow
@settings(max_examples=ci_examples(8))
@given(
    gift=st.sampled_from(["gifter", "gifter", "sizegifter"]),
    others=st.lists(
        st.tuples(
            st.sampled_from(["husher", "winger", "winger", "grounder", "anthem", "shrinker", "greener", "bluer"]),
            st.sampled_from([1.0, 1.0, 1.0, 2.0]),
        ),
        min_size=1,
        max_size=2,
    ),
    holders=st.lists(
        st.tuples(
            st.sampled_from([0.25, 0.25, 1.0, 1.5, 3.0]),
            st.lists(HELD, min_size=1, max_size=2, unique=True).map(tuple),
        ),
        min_size=1,
        max_size=2,
    ),
    lions_held=st.sampled_from([(), (GREEN,), (BLUE_PLUS,), (LOSES_FLYING,)]),
    patrons=st.lists(st.sampled_from(["flier", "green", "blue"]), min_size=1, max_size=2, unique=True),
    entering=st.integers(1, 2),
    leaving=st.integers(0, 1),
    vid=st.sampled_from(VERSIONS),
)
def test_613_6_613_8a_held_definitions_begun_before_the_losses_step_outcomes_are_every_orders_outcomes(
    gift: str,
    others: list[tuple[str, float]],
    holders: list[tuple[float, tuple[str, ...]]],
    lions_held: tuple[str, ...],
    patrons: list[str],
    entering: int,
    leaving: int,
    vid: str,
) -> None:
    """Against every order of each tie (the readable enumeration): the same results, none dropped or added, and no more
    resolutions, where a Husher ties with a gain of a defined ability and one or two painters more (layers 5, 6, 7b,
    7c), and creatures it reaches (before the painters, with their timestamp, between or after them; the first Lions
    too, looked at as they enter, 614.12) hold definitions begun before the losses, a loss of flying, or the others."""
    painters = [("husher", 1.0), (gift, 1.0), *others]
    held = [(f"holder{k}", ts, abilities_held) for k, (ts, abilities_held) in enumerate(holders)]
    _reaches_every_orders_outcomes(held5_case(painters, held, patrons, lions_held, entering, leaving), vid)
