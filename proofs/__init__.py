"""Proofs: an independent z3 encoding of the layer system (613, 418.5), the cross-check, mutants and theorems.

Nothing in this package calls the resolver's layer loop, dependency or operation
functions; it reads the model's data classes, the corpus loader and the rules
profiles (slots and classification are data), and derives every answer again as
z3 terms. See ``proofs.encoding`` for the encoding and ``proofs.crosscheck`` for
the question asked of z3.
"""
