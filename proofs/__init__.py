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

import z3

# How z3 answers a check (no rule: a setting of the solver). z3's default solver ("combined") answers a solver's first
# check with a one-shot tactic that rewrites and preprocesses the whole formula before searching, and every later
# check (after more assertions, or push) with its incremental SMT core; with this set, every check goes to the core.
# Both decide the formulas asked here (quantifier-free linear integer and real arithmetic with if-then-else: the
# encoding's terms), so a check is sat or unsat by its formula whichever answers; only how long it takes changes. On
# the corpus's largest boards the preprocessing cost more than the search: a first check of an encoding of the held
# green entry case took ~0.45 s and ~5 M units of z3's rlimit count with the tactic, ~0.05 s and ~50 k units on the
# core (held64, benchmarks/ci-time-results.md). Set on import of ``proofs``: before any of its solvers exists.
z3.set_param("combined_solver.ignore_solver1", True)
