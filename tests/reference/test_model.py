"""The model's values (reference.model): characteristics changed field by field."""

from __future__ import annotations

import pytest

from reference.model import Characteristics

from ..builders import chars

# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.


def test_characteristics_with_changes_only_what_it_names() -> None:
    """A copy of characteristics with some values changed; an unknown field is refused by name."""
    base = chars()
    red = base.with_(colors=frozenset({"red"}), power=3)
    assert (red.colors, red.power, red.toughness, red.name) == (frozenset({"red"}), 3, 2, "Bear")
    assert base.colors == frozenset({"green"}) and base.power == 2
    assert red == Characteristics(**{**base.__dict__, "colors": frozenset({"red"}), "power": 3})
    with pytest.raises(TypeError) as err:
        base.with_(zz=1, power=1, aa=2)
    assert str(err.value) == "Characteristics has no field(s) ['aa', 'zz']"
