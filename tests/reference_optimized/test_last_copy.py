"""Tied copy effects and changes of control: the last one on each object decides (reference_optimized.last_copy).

707.2, 613.2a: a copy effect sets every copiable value of its objects at once, so when resolved copy effects tie
(613.7m) only which of them comes last on each object matters. Expected values are reasoned from those rules: the
outcomes of every order are compared with the readable resolver's in tests/reference_optimized/test_from_slot.py.
"""

from __future__ import annotations

from reference.effects import ContinuousEffect
from reference.frozen import freeze
from reference.model import Part
from reference.vocabulary import OPERATION_KIND
from reference_optimized.last_copy import copies, last_copy_orders

from ..builders import IKORIA, board, obj


def _copy_slot() -> str:
    """613.2a: the slot a resolved copy effect applies in (layer 1)."""
    slot = IKORIA.slot_of(OPERATION_KIND["copy_of"], "resolved")
    assert slot is not None
    return slot


LAYER_1 = _copy_slot()
BOARD = board(obj("a"), obj("b"), obj("c"), obj("x"), obj("y"))


def _copy(key: str, model: str, *targets: str, origin: str = "resolved") -> ContinuousEffect:
    """A copy effect at timestamp 5 making ``targets`` copies of ``model``."""
    fixed = targets if origin == "resolved" else None
    return ContinuousEffect(key, origin, 5, (Part("copy_of", freeze({"object": model})),), key, targets=fixed)


def test_707_2_each_tied_copy_effect_gives_its_objects_the_values_of_what_it_copies() -> None:
    """Each key gives each of its objects one value, the same for two copies of one object, another for another."""
    effects = [_copy("e1", "x", "a"), _copy("e2", "y", "a", "b"), _copy("e3", "x", "c")]
    given = copies(["e1", "e2", "e3"], effects, LAYER_1, IKORIA, BOARD)
    assert given is not None
    assert {k: set(v) for k, v in given.items()} == {"e1": {"a"}, "e2": {"a", "b"}, "e3": {"c"}}
    assert given["e1"]["a"] == given["e3"]["c"] != given["e2"]["a"] == given["e2"]["b"]


def test_613_7m_one_order_per_last_copy_on_each_object() -> None:
    """Copies of disjoint objects give one outcome in every order (one order is tried); two copies of one object
    give two (either can be last): one order each, ending with the one that is last."""
    apart = [_copy("e1", "x", "a"), _copy("e2", "y", "b"), _copy("e3", "x", "c")]
    orders = last_copy_orders(["e1", "e2", "e3"], apart, LAYER_1, IKORIA, BOARD)
    assert orders is not None and len(orders) == 1 and sorted(orders[0]) == ["e1", "e2", "e3"]
    shared = [_copy("e1", "x", "a"), _copy("e2", "y", "a")]
    orders = last_copy_orders(["e1", "e2"], shared, LAYER_1, IKORIA, BOARD)
    assert orders is not None and sorted(orders) == [("e1", "e2"), ("e2", "e1")]


def test_611_3a_a_copy_effect_whose_objects_can_change_is_outside_the_scope() -> None:
    """A static ability's copy effect finds its objects anew (611.3a): the order can matter otherwise; None."""
    effects = [_copy("e1", "x", "a"), _copy("e2", "y", origin="static")]
    assert copies(["e1", "e2"], effects, LAYER_1, IKORIA, BOARD) is None
    assert last_copy_orders(["e1", "e2"], effects, LAYER_1, IKORIA, BOARD) is None
