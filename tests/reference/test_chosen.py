"""Choices made as a permanent enters (614.1c, 607.2d): where an ability reads the choice (reference.chosen)."""

from __future__ import annotations

from reference.chosen import NOTHING_CHOSEN, is_choice_word, mentions_choice, with_choices
from reference.frozen import freeze

# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.


def test_a_choice_word_is_a_one_key_mapping_read_anywhere() -> None:
    """607.2d: {"chosen": kind} stands for a choice, inside mappings and lists at any depth."""
    assert is_choice_word({"chosen": "color"}) and not is_choice_word({"chosen": "color", "x": 1})
    assert not is_choice_word({"color": "red"}) and not is_choice_word(["chosen"]) and not is_choice_word("chosen")
    assert mentions_choice({"all": [{"type": "creature"}, {"subtype": {"chosen": "creature type"}}]})
    assert mentions_choice(({"a": 1}, {"chosen": "color"}))
    assert not mentions_choice({"all": [{"type": "creature"}, "chosen"]})
    assert not mentions_choice("chosen")


def test_607_2d_an_ability_reads_a_choice_only_where_a_chosen_word_appears() -> None:
    """The words ``{"chosen": kind}`` stand for the choice, at any depth of a filter or instruction."""
    word = freeze({"chosen": "creature_type"})
    assert mentions_choice(word)
    assert mentions_choice(freeze({"all": (freeze({"type": "creature"}), freeze({"subtype": word}))}))
    assert mentions_choice(freeze({"op": "add_subtypes", "values": ("elf", word)}))
    assert not mentions_choice(freeze({"all": (freeze({"type": "creature"}), freeze({"subtype": "elf"}))}))
    assert not mentions_choice(freeze({"chosen": "creature_type", "extra": 1}))
    assert not mentions_choice("creature_type")


def test_614_1c_607_2d_each_chosen_word_reads_as_the_choice_made_and_an_unmade_one_as_nothing() -> None:
    """A chosen word is replaced by what the object chose as it entered, at any depth; a choice it did not make reads
    as a word no object has, and drops out of a list of words."""
    word = freeze({"chosen": "creature_type"})
    chosen = {"creature_type": "elf"}
    assert with_choices(word, chosen) == "elf"
    nested = freeze({"all": (freeze({"type": "creature"}), freeze({"subtype": word}))})
    assert with_choices(nested, chosen) == freeze({"all": (freeze({"type": "creature"}), freeze({"subtype": "elf"}))})
    assert with_choices(("goblin", word), chosen) == ("goblin", "elf")
    assert with_choices(word, {}) == NOTHING_CHOSEN
    assert with_choices(("goblin", word), {"color": "red"}) == ("goblin",)
    assert with_choices("elf", {}) == "elf"
