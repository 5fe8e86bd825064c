"""Proofs: an independent z3 encoding of the layer system (613, 418.5), and the question asked of it.

``encoding`` (with ``state``, ``universe``, ``words`` and ``vocabulary``) derives every
answer again as z3 terms; ``steps`` derives the board of every step of a case from its
events (with ``clock``, ``sba``, ``entry`` for entry counters and ``fixed_amounts`` for the
amounts a resolved effect fixes); ``crosscheck.check_answer`` asks z3 whether any order the rules
allow gives another final state than a given answer. The drivers that set the resolver
against it (per case, theorems, mutants, generated boards) live in ``mtg_layers``.

It may import only the model's data types (``reference.model``), the rules profiles
(``reference.versions`` and ``reference/profiles`` data) and z3: never the resolver's
rule logic, so that a misreading there is not repeated here (tests/test_layout.py).
"""
