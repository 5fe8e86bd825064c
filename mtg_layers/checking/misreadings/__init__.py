"""Misreadings of the rules: deliberately wrong engines (the named "mutants"), the reference with one rule broken.

Each misreading (``base.Misreading``) names the rule, the sentence as misread in the project's
own words and what the wrong engine does; ``apply(version)`` misreads the rules for one ``with``
block by patching the readable rules modules (never the files) and, for some, by handing the
resolver a doctored rules version. The catalogue is grouped by rule area, one module each.

* ``CATALOGUE``: every misreading; ``mtg-layers mutants`` (``checking.kill_matrix``) runs each of
  them against the corpus's golden answers alone and lists the cases that catch it.
* ``MUTANTS`` / ``EXTRA_MUTANTS``: the first misreadings as resolvers (board, version) -> final
  characteristics, like ``z3_crosscheck.reference_resolver``. The z3 cross-check must catch each of
  ``MUTANTS`` (tests/proofs/test_named_mutants.py). (The mutation campaign, ``mutation_campaign``, is
  another thing: mutmut's mechanical mutants of every function of ``reference/``.)
"""

from __future__ import annotations

from . import copies, counters_sba, faces, layers, resolution, text_abilities, timestamps
from .base import Misreading, Resolver
from .original import EXTRA, FIRST, ignoring_waits, naive_plural

CATALOGUE: tuple[Misreading, ...] = (
    *FIRST,
    *EXTRA,
    *layers.MISREADINGS,
    *timestamps.MISREADINGS,
    *copies.MISREADINGS,
    *faces.MISREADINGS,
    *text_abilities.MISREADINGS,
    *counters_sba.MISREADINGS,
    *resolution.MISREADINGS,
)
BY_ID: dict[str, Misreading] = {m.id: m for m in CATALOGUE}
assert len(BY_ID) == len(CATALOGUE), "two misreadings share an id"

MUTANTS: dict[str, Resolver] = {m.id: m.resolver() for m in FIRST}
# Not asserted by the cross-check test: the corpus has no board on which this one gives another answer.
EXTRA_MUTANTS: dict[str, Resolver] = {m.id: m.resolver() for m in EXTRA}

__all__ = ["BY_ID", "CATALOGUE", "EXTRA_MUTANTS", "MUTANTS", "Misreading", "Resolver", "ignoring_waits", "naive_plural"]
