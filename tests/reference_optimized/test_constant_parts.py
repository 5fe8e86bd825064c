"""``territories.constant``: an operation whose result does not depend on where in its slot it is read (613.8a).

The territories' reductions treat an effect as fixed from the start of its slot when each of its parts is constant:
local to its object and reading nothing that an effect of the tie writes. An amount that counts objects reads what
it counts; a plain number reads nothing.
"""

from __future__ import annotations

from reference.frozen import freeze
from reference.model import Part
from reference_optimized.territories import constant

COUNTING = freeze({"count": {"type": "creature"}})  # "+X/+X, where X is the number of creatures"


def test_a_number_is_constant_whatever_the_tie_writes() -> None:
    part = Part("modify_pt", freeze({"power": 2, "toughness": 2}))
    assert constant(part) and constant(part, frozenset({"types", "power"}))


def test_an_amount_is_constant_only_while_the_tie_writes_nothing_it_counts() -> None:
    # 613.8a: counting creatures reads types; a tie that writes types may change the amount, so the part is not fixed
    part = Part("modify_pt", freeze({"power": COUNTING, "toughness": COUNTING}))
    assert constant(part)
    assert constant(part, frozenset({"colors"}))
    assert not constant(part, frozenset({"types"}))
    assert not constant(Part("modify_pt", freeze({"power": 1, "toughness": COUNTING})), frozenset({"types"}))


def test_an_operation_outside_the_local_ones_or_with_a_mapping_argument_is_not_constant() -> None:
    assert not constant(Part("copy", freeze({"of": "bear"})))
    assert not constant(Part("add_abilities", freeze({"abilities": ["flying"], "where": {"type": "creature"}})))
