"""The bookkeeping every board gets: the incremental one, for every feature the boards have.

Conditions (611.3a), values read off other objects (counters, devotion, "it", a shared creature
type, totals of other objects' values), abilities or text read off other objects (613.1f, 612.6), filters
on the counters an object has (122), stickers (123) and an object looked at as it enters (614.12) are
tracked by ``bookkeeping.Incremental`` itself, with what each reads (``reads``: a counter is a board fact
the layers never change; an expression it does not know reads every characteristic). Where a shortcut
cannot tell whether one effect depends on another, the bookkeeping runs the readable test for that pair
alone. No board is sent whole to the readable bookkeeping (issue 32).

A resolution makes many small values and frees them as it goes; the cyclic garbage collector, which would
scan them again and again while they live (and every live object of the process at its oldest generation), is
held off for the length of one resolution and left as it was found (issue 39).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from reference.model import Board
from reference.resolver import Resolution
from reference.resolver import resolve as layer_loop
from reference.versions import RulesVersion

from .bookkeeping import Incremental


@contextmanager
def collector_held_off() -> Iterator[None]:
    """The cyclic garbage collector off while the block runs, then on again if it was on (values are freed as they
    go by their counts; the few cycles a resolution leaves wait for the next collection)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def resolve(board: Board, version: RulesVersion) -> Resolution:
    """613.1-613.8: the one layer loop, with the incremental bookkeeping."""
    with collector_held_off():
        return layer_loop(board, version, Incremental)
