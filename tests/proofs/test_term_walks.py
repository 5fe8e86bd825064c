"""The encoding's term helpers that go through z3's C API give what z3's Python API gives.

``proofs.footprint.constants_in`` walks a term's nodes through the C API (no Python term per node), and
``proofs.state.fresh`` makes its constants there with each sort made once; ``proofs.words.rewrite_word`` keeps the
rewrite of one word by its strings. Each is compared with the plain reading it replaces: a walk through
``ExprRef.children`` (the walk ``constants_in`` was), ``z3.Bool``/``z3.Int``/``z3.Real`` of the same names, and
``rewrite`` itself; ``proofs.state.same`` builds its implications, negations and equations there, compared with
the same formula built by z3's operators (``z3.Implies``, ``z3.Not``, ``==``), pair by pair and as the whole
encoding. The terms walked are every constraint and final state of encodings of corpus boards that go by
local slots (whose footprints ``constants_in`` reads), by positions, and through text changes, and a few terms
built by hand (numbers, reals, shared subterms, a quantifier).
"""

from __future__ import annotations

from typing import Any

import pytest
import z3

from proofs import encoding, footprint
from proofs.encoding import Encoding
from proofs.state import Obj, conj, differ, fresh, keys, same, same_term
from proofs.universe import build_universe
from proofs.words import rewrite, rewrite_word
from reference.case import board_at
from reference.versions import get_version

from ..builders import corpus_case

# a held ability beside tied losses (local slots and positions), eight tied text changes on named creatures
CASES = (
    "held-green-and-loses-flying-before-tied-losses",
    "eight-tied-text-changes-on-named-creatures",
)


def walked(terms: list[Any]) -> set[str]:
    """The uninterpreted constants of the terms, read through ``ExprRef.children`` (z3's Python API)."""
    seen: set[int] = set()
    out: set[str] = set()
    stack = [t for t in terms if isinstance(t, z3.ExprRef)]
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t):
            if t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                out.add(t.decl().name())
            continue
        stack.extend(t.children())
    return out


@pytest.fixture(scope="module", params=CASES)
def encoded(request: pytest.FixtureRequest) -> Encoding:
    case = corpus_case(request.param)
    version = get_version(case.versions[-1])
    return Encoding(board_at(case, len(case.steps), version), version)


def test_constants_in_reads_what_the_python_walk_reads(encoded: Encoding) -> None:
    """Per constraint, per final term and over all of them at once (shared subterms across roots)."""
    finals = [t for ch in encoded.final.values() for t in ch.v.values()]
    assert finals and encoded.constraints
    for term in [*encoded.constraints, *finals]:
        assert footprint.constants_in([term]) == walked([term])
    everything = footprint.constants_in([*encoded.constraints, *finals])
    assert everything == walked([*encoded.constraints, *finals])
    assert any("|choice" in n or "|rank" in n or "|" in n for n in everything)  # the encoding's own unknowns


def test_constants_in_on_terms_built_by_hand() -> None:
    x, y, b = z3.Int("x"), z3.Real("y"), z3.Bool("b")
    shared = x + 1
    terms: list[Any] = [
        z3.If(b, shared, shared * 2) > 3,
        y / 3 + z3.RealVal("1/2"),
        z3.IntVal(7),
        z3.BoolVal(True),
        z3.ForAll([z3.Int("k")], z3.Implies(z3.Int("k") > x, b)),
        "not a term",
        5,
    ]
    assert footprint.constants_in(terms) == walked(terms) == {"x", "y", "b"}
    assert footprint.constants_in([z3.IntVal(3), z3.BoolVal(False)]) == set()
    assert footprint.constants_in([]) == set()


def test_fresh_gives_the_terms_of_z3s_constructors(encoded: Encoding) -> None:
    u = encoded.u
    made = {"Bool": z3.Bool, "Int": z3.Int, "Real": z3.Real}
    ch = fresh(u, "walk")
    assert list(ch.v) == [k for k, _ in keys(u)]
    for k, sort in keys(u):
        want = made[sort](f"walk|{k[0]}|{k[1]}")
        assert same_term(ch.v[k], want) and type(ch.v[k]) is type(want) and ch.v[k].sort() == want.sort(), k


def test_rewrite_word_is_rewrite() -> None:
    case = corpus_case("eight-tied-text-changes-on-named-creatures")
    version = get_version(case.versions[-1])
    u = build_universe(board_at(case, 1, version), [version])
    assert u.from_words
    pairs = [(old, new) for old in u.words for new in u.words if old != new]
    for text in u.abilities:
        for old, new in pairs:
            assert rewrite_word(text, old, new) == rewrite(text, {old: new})
    assert rewrite_word("other elves get +1/+1.", "elf", "goblin") == "other goblins get +1/+1."


def same_by_operators(a: Obj, b: Obj) -> z3.BoolRef:
    """``proofs.state.same`` as it was written with z3's operators (the reading its C-API terms must equal)."""
    if a is b:
        return z3.BoolVal(True)
    parts: list[z3.BoolRef] = []
    for k in a.v:
        x, y = a.v[k], b.v[k]
        if same_term(x, y):
            continue
        if k[0] == "gts":
            parts.append(z3.Implies(a.v[("granted", k[1])], x == y))
        elif k[0] == "p":
            parts.append(z3.Implies(z3.Not(a.v[("pn", "")]), x == y))
        elif k[0] == "t":
            parts.append(z3.Implies(z3.Not(a.v[("tn", "")]), x == y))
        else:
            parts.append(z3.Not(differ(x, y)) if not z3.is_arith(x) else x == y)
    return conj(parts)


def test_same_gives_the_terms_of_z3s_operators(encoded: Encoding) -> None:
    """Every pair of an encoding's states (initial, final, and a fresh state that differs in every term: each kind of
    key, booleans, integers, reals), then the whole encoding built with either: the same constraints, term for term."""
    states = [*encoded.initial.values(), *encoded.final.values(), fresh(encoded.u, "same")]
    for a in states:
        for b in states:
            assert same_term(same(a, b), same_by_operators(a, b))
    assert any(not same_term(same(a, states[-1]), z3.BoolVal(True)) for a in states[:-1])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(encoding, "same", same_by_operators)
        plain = Encoding(encoded.board, encoded.version)
    assert [c.get_id() for c in plain.constraints] == [c.get_id() for c in encoded.constraints]
