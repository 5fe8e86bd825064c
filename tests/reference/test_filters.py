"""Unit tests that pin how a text change reads a word whose plural is itself (issue 18's survivors).

Each test states the rule it pins; expected values are reasoned from the rules, not read off the resolver.
"""

from __future__ import annotations

import pytest

from reference.filters import replace_in_text, substitute

# 612.2 with Merfolk -> Goblin: "merfolk" is its own plural, so the new word is singular or plural
# as the old one was used.
READINGS = [
    ("merfolk", "goblin"),  # a type line entry: the singular
    ("merfolkwalk", "goblinwalk"),  # a -walk keyword's stem is singular
    ("flying, merfolkwalk, trample", "flying, goblinwalk, trample"),
    ("target merfolk gets +1/+1", "target goblin gets +1/+1"),
    ("this deals 1 damage to target merfolk.", "this deals 1 damage to target goblin."),
    ("put a +1/+1 counter on each other merfolk you control.", "put a +1/+1 counter on each other goblin you control."),
    ("all merfolk get +1/+1", "all goblins get +1/+1"),
    ("destroy all merfolk creatures.", "destroy all goblin creatures."),
]


@pytest.mark.parametrize(("text", "changed"), READINGS)
def test_an_invariant_plural_changes_to_the_number_it_was_used_in(text: str, changed: str) -> None:
    """612.2: a changed creature type keeps the number (singular or plural) the replaced word was used in."""
    assert replace_in_text(text, "merfolk", "goblin") == changed


def test_612_2_a_text_change_reaches_only_the_word_fields_of_a_filter() -> None:
    """612.2: a text change reads creature types where they are used as such, not inside a name."""
    changes = (("rat", "elf"),)
    filt = {"name": "rat colony", "subtype": "rat", "controller": "you"}
    assert dict(substitute(filt, changes)) == {"name": "rat colony", "subtype": "elf", "controller": "you"}
    assert substitute(("rat colony",), changes) == ("rat colony",)
    assert substitute("rat", changes) == "rat"
