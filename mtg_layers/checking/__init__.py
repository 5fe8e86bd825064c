"""Checking the resolver: against the corpus's answers, against the z3 encoding, by theorems and by mutation.

* ``results``: results as plain data (the shape of an answer) and their comparison;
* ``verify``: every case, step and declared rules version resolved and compared with its answers;
* ``z3_crosscheck``: the driver that sets the resolver's answers against the independent z3
  encoding (``proofs.crosscheck``), case step by case step;
* ``theorems``: the named theorems of ``mtg-layers prove``;
* ``observable``: ``prove --observable``, whether two rules versions can be told apart (bounded shapes);
* ``misreadings``: deliberately wrong resolvers, each with one rule misread (the named
  mutants), which the checks must catch;
* ``mutation_campaign``: mutation testing of ``reference/`` with mutmut, and its results.
* ``mutation_forkserver``: the CI sample's mutants run in children forked from one process that imported the
  suite once.

It may import ``reference``, ``proofs``, ``mtg_layers.corpus``, ``mtg_layers.boards`` (the
stored boards ``prove`` checks) and third-party packages (z3; mutmut, for the campaign only).
``results`` imports only ``reference``: the playground runs it under Pyodide.
"""
