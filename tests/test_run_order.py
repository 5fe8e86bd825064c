"""The order of the whole suite's run (tests/conftest.py, ``slow_tier_first``): each xdist worker gets its share of
the slow tier at the head of the slice ``--dist worksteal`` first hands it, then quick tests.

Before, the whole slow tier stood at the head of the list, so the first worker's slice held it all: it ran the
six parts of the mutation sample one after another (about 700 s on a loaded machine) while the other worker ran
every quick test and then took quick tests from the back of its queue.
"""

from __future__ import annotations

from typing import cast

import pytest

from .conftest import slow_tier_first


class _Item:
    def __init__(self, name: str, slow: bool) -> None:
        self.name, self.slow = name, slow

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "slow" and self.slow else None


def _items(slow: int, quick: int) -> list[pytest.Item]:
    made = [_Item(f"s{i}", True) for i in range(slow)] + [_Item(f"q{i}", False) for i in range(quick)]
    return cast(list[pytest.Item], made)


def _names(items: list[pytest.Item]) -> list[str]:
    return [i.name for i in items]


def _first_hand_out(items: list[pytest.Item], workers: int) -> list[list[str]]:
    """The slices worksteal hands out first (xdist 3.8, ``check_schedule``): the items left split evenly."""
    names, out = _names(items), []
    for k in range(workers):
        n = len(names) // (workers - k)
        out.append(names[:n])
        names = names[n:]
    return out


def test_one_worker_runs_the_slow_tier_first_each_tier_in_its_order() -> None:
    items = _items(3, 4)
    assert _names(slow_tier_first(list(reversed(items)), 1)) == ["s2", "s1", "s0", "q3", "q2", "q1", "q0"]


def test_two_workers_each_start_with_half_of_the_slow_tier_the_second_from_its_end() -> None:
    items = _items(6, 10)
    slices = _first_hand_out(slow_tier_first(items, 2), 2)
    assert slices == [
        ["s0", "s2", "s4", "q0", "q1", "q2", "q3", "q4"],
        ["s5", "s3", "s1", "q5", "q6", "q7", "q8", "q9"],
    ]


def test_three_workers_share_the_slow_tier_and_every_test_runs_once() -> None:
    items = _items(7, 11)
    ordered = slow_tier_first(items, 3)
    assert sorted(_names(ordered)) == sorted(_names(items))
    slices = _first_hand_out(ordered, 3)
    assert [s[:3] for s in slices] == [["s0", "s3", "s6"], ["s4", "s1", "q3"], ["s2", "s5", "q7"]]
    assert [len(s) for s in slices] == [6, 6, 6]


def test_a_slow_tier_larger_than_the_slices_keeps_every_test() -> None:
    items = _items(9, 1)
    ordered = slow_tier_first(items, 2)
    assert sorted(_names(ordered)) == sorted(_names(items))
    assert _names(ordered)[:5] == ["s0", "s2", "s4", "s6", "s8"]
