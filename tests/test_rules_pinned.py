"""Rule unit tests written for mutants the corpus let survive (issue 18, benchmarks/mutation.py).

Each test states the rule it pins; each names, in a comment, the kind of mutant it kills. They
are part of mutmut's killing suite (pyproject.toml, ``[tool.mutmut]``).
"""

from __future__ import annotations

from dataclasses import replace

from reference.clock import BY_RULES, Clock, placed_counters
from reference.frozen import FrozenMap
from reference.merged import components_as_of, is_merged, separated
from reference.model import Board, Counter, Effect, GameObject, Merge

from .builders import creature, make_board

# --- 613.7: the clock of a step (reference.clock) --------------------------------------------------


def _clock_at(now: int) -> Clock:
    board = Board(objects={}, effects=(Effect("e", now, (), ()),), abilities=FrozenMap())
    return Clock(board)


def test_613_7_an_explicit_timestamp_moves_the_clock_and_later_events_come_after_it() -> None:
    """613.7: within a step, an event the rules timestamp after an explicit timestamp of 40 gets a later one."""
    clock = _clock_at(2)
    clock.see(40)
    assert clock.tick() == 41  # kills: see never moving the clock


def test_613_7_an_earlier_or_equal_explicit_timestamp_does_not_move_the_clock_back() -> None:
    """613.7: timestamps only grow; seeing an earlier (or the same) time leaves the clock where it is."""
    clock = _clock_at(5)
    clock.see(3)
    clock.see(5)
    assert clock.tick() == 6


def test_613_7_a_timestamp_left_to_the_rules_is_not_a_time() -> None:
    """613.7: a timestamp the case leaves to the rules (BY_RULES) is no time on the scale: the clock ignores it."""
    clock = _clock_at(2)
    clock.see(BY_RULES)  # kills: `or` for `and`, and the test dropped, which would read infinity as a time
    assert clock.tick() == 3
    obj = replace(make_board([creature("a", 4)]).objects["a"], timestamp=BY_RULES)
    assert Clock(Board(objects={"a": obj}, effects=(Effect("e", 2, (), ()),), abilities=FrozenMap())).tick() == 3


def test_613_7c_counters_of_a_kind_already_there_in_several_entries_keep_their_newest_timestamp() -> None:
    """613.7c: no counter is put on (the kind's total is unchanged): its counters keep the newest timestamp they had."""
    old = (Counter("+1/+1", 1, 3), Counter("+1/+1", 1, 5))
    new = (Counter("+1/+1", 2, BY_RULES),)
    assert placed_counters(old, new, _clock_at(9)) == (Counter("+1/+1", 2, 5),)  # kills: totals not summed


def test_613_7c_counters_put_on_in_several_entries_get_one_new_timestamp() -> None:
    """613.7c: one more counter of a kind (written as two entries) is put on now: the kind gets the new timestamp."""
    old = (Counter("+1/+1", 1, 4),)
    new = (Counter("+1/+1", 1, BY_RULES), Counter("+1/+1", 1, BY_RULES))
    placed = placed_counters(old, new, _clock_at(9))
    assert placed == (Counter("+1/+1", 1, 10), Counter("+1/+1", 1, 10))  # kills: new totals not summed


def test_613_7c_the_same_number_of_counters_is_not_a_placement() -> None:
    """613.7c: counters rewritten with the same total of their kind are not put on again."""
    old = (Counter("-1/-1", 2, 4),)
    new = (Counter("-1/-1", 2, BY_RULES),)
    assert placed_counters(old, new, _clock_at(9)) == (Counter("-1/-1", 2, 4),)  # kills: >= for >, totals from 1


# --- 729: merged permanents (reference.merged) --------------------------------------------------------


def _merged() -> tuple[GameObject, GameObject]:
    board = make_board([creature("base", 1), creature("top", 2), creature("under", 3)])
    base, top, under = (board.objects[i] for i in ("base", "top", "under"))
    return replace(base, merges=(Merge(5, True, top), Merge(7, False, under))), base


def _ids(objs: tuple[GameObject, ...]) -> list[str]:
    return [o.id for o in objs]


def test_729_2_components_from_top_to_bottom_with_merges_before_a_time() -> None:
    """729.2: over goes on top, under to the bottom; 707.2b: as of a time, only the merges made before it count."""
    obj, _ = _merged()
    assert _ids(components_as_of(obj)) == ["top", "base", "under"]
    assert _ids(components_as_of(obj, 7)) == ["top", "base"]
    assert _ids(components_as_of(obj, 5)) == ["base"]


def test_729_1_a_merged_permanent_and_its_components_apart() -> None:
    """729.1: a permanent is merged once it has merged; 400.7: leaving, its other components are objects again."""
    obj, base = _merged()
    assert is_merged(obj) and not is_merged(base)
    assert _ids(separated(obj)) == ["top", "under"]
    assert separated(base) == ()
