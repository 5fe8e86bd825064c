"""Faster bookkeeping for the one layer loop: standard library only, no rule of its own.

``reference.resolver.resolve`` is the only statement of 613.1-613.8. This package plugs an
incremental bookkeeping (``bookkeeping.Incremental``) into it through the ``Bookkeeping``
protocol, with the facts it uses to skip work (``reads``) and filters compiled once
(``compiled_filters``); ``features`` plugs it in for every board, whatever features it has.
``orders`` gives ``reference.choices`` only the orders of a timestamp tie (613.7m) that may end
differently, one per class of orders that cannot: the same outcomes with fewer resolutions.
The results and traces equal the readable bookkeeping's (tests/reference_optimized/test_bookkeeping.py).

It imports only the standard library, ``reference`` and itself; ``reference`` and ``proofs``
never import it.
"""

from .features import resolve
from .from_slot import distinct_outcomes

__all__ = ["distinct_outcomes", "resolve"]
