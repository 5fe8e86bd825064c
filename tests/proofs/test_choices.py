"""Choices made as a permanent enters, as the encoding reads them (proofs.choices; issue 17).

Each refutes a wrong answer on a corpus case the resolver answers by hand-worked values
(tests/corpus/test_golden.py): the encoding reads each object's own choice itself.
"""

from __future__ import annotations

from .refute import refuted as _refuted


def test_z3_reads_each_objects_own_choice() -> None:
    """707.6: the Clone's Goblin pumps Goblin Piker, the Automaton's Elf doesn't; a later copy chose nothing."""
    path = "choices/adaptive-automaton-clone-chooses-its-own-type.yaml"
    assert _refuted(path, 2, "ikoria", "piker", "power", 2)
    assert _refuted(path, 2, "current", "clone", "subtypes", ["construct", "elf"])
    assert _refuted("choices/cytoshape-copy-made-no-choice.yaml", 2, "m10", "mystic", "power", 3)
