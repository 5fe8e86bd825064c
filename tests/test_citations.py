"""Every function that applies a rule cites it (issue 27, "pointers that hold").

A function or method of ``reference`` (the rules), ``reference_optimized`` (its faster bookkeeping,
which cites the rule each of its answers stands for) or ``proofs`` (the z3 encoding) cites a rule when
its docstring names a rule number (613.7a, 418.5, 712), read as ``mtg_layers.docs_site.rule_citations`` reads
it for the rule pages (a function nested in another is part of it and is not counted). Every one
must cite the rule it applies, except the plumbing listed below: code that applies no rule, each
entry under the reason it applies none. No file is skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_layers.docs_site.rule_citations import belongs, functions, module_functions, rule_numbers

# Pure plumbing, by reason: "path::qualified name" of functions that apply no rule.
PLUMBING: dict[str, tuple[str, ...]] = {
    "an immutable mapping and the conversions to and from it: how values are stored, no rule": (
        "reference/frozen.py::FrozenMap.__init__",
        "reference/frozen.py::FrozenMap.__getitem__",
        "reference/frozen.py::FrozenMap.get",
        "reference/frozen.py::FrozenMap.__contains__",
        "reference/frozen.py::FrozenMap.__iter__",
        "reference/frozen.py::FrozenMap.__len__",
        "reference/frozen.py::FrozenMap.items",
        "reference/frozen.py::FrozenMap.keys",
        "reference/frozen.py::FrozenMap.values",
        "reference/frozen.py::FrozenMap.__hash__",
        "reference/frozen.py::FrozenMap.__eq__",
        "reference/frozen.py::FrozenMap.__repr__",
        "reference/frozen.py::freeze",
        "reference/frozen.py::thaw",
        "reference/model.py::Characteristics.with_",
    ),
    "storing a resolution's trace until it is read, comparing and pickling it: how values are kept, no rule": (
        "reference/resolver.py::Trace.__init__",
        "reference/resolver.py::Trace.__getstate__",
        "reference/resolver.py::Trace.__setstate__",
        "reference/resolver.py::Resolution.__eq__",
        "reference/resolver.py::_Left.__init__",
    ),
    "a container helper or a query over values already built (a set's intersection, a sorted tuple, ids)": (
        "reference/effects.py::_of",
        "reference/effects.py::_listed",
        "reference/operations.py::_set",
        "reference/model.py::Board.on_battlefield",
        "reference/case.py::initial_board",
        "proofs/choices.py::_word",
        "proofs/choices.py::_mentions",
        "proofs/clock.py::_given",
        "proofs/clock.py::_totals",
        "proofs/universe.py::_all_parts",
        "proofs/universe.py::_filters",
        "proofs/universe.py::_strings",
        "proofs/universe.py::Universe.cost",
        "proofs/universe.py::Universe.player",
        "proofs/universe.py::Universe.name",
        "proofs/encoding.py::Encoding._char",
    ),
    "reading and checking rules profiles and bundled data: the profiles state the rules, cited in their own fields": (
        "reference/versions.py::_bundled",
        "reference/versions.py::_optional_bool",
        "reference/versions.py::_require",
        "reference/versions.py::_optional",
        "reference/versions.py::_date",
        "reference/versions.py::_strings",
        "reference/versions.py::merge_profile",
        "reference/versions.py::version_from_mapping",
        "reference/versions.py::Versions.__init__",
        "reference/versions.py::Versions.canonical",
        "reference/versions.py::Versions.__getitem__",
        "reference/versions.py::Versions.__contains__",
        "reference/versions.py::Versions.__iter__",
        "reference/versions.py::Versions.__len__",
        "reference/versions.py::Versions.names",
        "reference/versions.py::_builtin",
        "reference/versions.py::builtin_versions",
        "reference/versions.py::builtin_profile_data",
        "reference/versions.py::get_version",
        "reference/versions.py::_looks_like_date",
        "reference/versions.py::version_on",
        "reference/vocabulary.py::_bundled",
    ),
    "a z3 solver whose every check is bounded by z3's count of its work: how a check runs, no rule": (
        "proofs/crosscheck.py::Bounded.__init__",
        "proofs/crosscheck.py::Bounded.check",
    ),
    "z3 terms built and compared: constant folding, the C API, fresh constants, a state's terms": (
        "proofs/encoding.py::_bool",
        "proofs/encoding.py::_neg",
        "proofs/encoding.py::_conj",
        "proofs/encoding.py::_values_of",
        "proofs/encoding.py::Encoding._recall",
        "proofs/state.py::_compare",
        "proofs/state.py::number",
        "proofs/state.py::less_than",
        "proofs/state.py::equal",
        "proofs/state.py::_implies_term",
        "proofs/state.py::_not_term",
        "proofs/state.py::_equal_term",
        "proofs/state.py::implies",
        "proofs/state.py::is_true",
        "proofs/state.py::is_false",
        "proofs/state.py::same_term",
        "proofs/state.py::_nary",
        "proofs/state.py::conj",
        "proofs/state.py::disj",
        "proofs/state.py::neg",
        "proofs/state.py::if_then",
        "proofs/state.py::differ",
        "proofs/state.py::when",
        "proofs/state.py::real",
        "proofs/state.py::integer",
        "proofs/state.py::Obj.__getitem__",
        "proofs/state.py::Obj.get_set",
        "proofs/state.py::Obj.with_",
        "proofs/state.py::fresh",
        "proofs/state.py::settled",
        "proofs/state.py::all_of",
        "proofs/state.py::any_of",
        "proofs/state.py::ite",
        "proofs/state.py::same",
        "proofs/state.py::_member",
        "proofs/state.py::_set_to",
        "proofs/state.py::_union",
        "proofs/state.py::_minus",
        "proofs/state.py::_pt",
    ),
    "the encoding's bookkeeping: reading a model back, pruning terms soundly (filters mean what matches says)": (
        "proofs/encoding.py::Encoding.order",
        "proofs/encoding.py::_could_match",
    ),
    "the incremental bookkeeping's own knowledge: what the project's filters and values read and its operations "
    "write, what is kept per effect, which boards it takes; the rules are the readable functions it mirrors": (
        "reference_optimized/reads.py::filter_reads",
        "reference_optimized/reads.py::value_reads",
        "reference_optimized/reads.py::names_read",
        "reference_optimized/reads.py::value_names_read",
        "reference_optimized/reads.py::value_ability_names",
        "reference_optimized/reads.py::hits",
        "reference_optimized/reads.py::reads_its_object",
        "reference_optimized/reads.py::part_reads_object",
        "reference_optimized/reads.py::changed_fields",
        "reference_optimized/reads.py::changed_names",
        "reference_optimized/reads.py::index_reads",
        "reference_optimized/bookkeeping.py::_Info.__init__",
        "reference_optimized/bookkeeping.py::_Info.names_abilities",
        "reference_optimized/bookkeeping.py::_Affected.__init__",
        "reference_optimized/bookkeeping.py::_Changes.__init__",
        "reference_optimized/bookkeeping.py::_Readings.__init__",
        "reference_optimized/witnesses.py::KeptPair.__init__",
        "reference_optimized/bookkeeping.py::Incremental.info",
        "reference_optimized/indexes.py::Indexes.members",
        "reference_optimized/indexes.py::Indexes._position",
        "reference_optimized/indexes.py::Indexes.mask",
        "reference_optimized/indexes.py::Indexes._copy",
    ),
    "the Python runtime around one resolution (the cyclic garbage collector held off), no rule": (
        "reference_optimized/features.py::collector_held_off",
    ),
    "z3 term plumbing for the local slots' reads and writes (fresh constants, walking terms), no rule": (
        "proofs/encoding.py::Encoding._probe",
        "proofs/footprint.py::Probe.__init__",
        "proofs/footprint.py::Probe.cells_in",
        "proofs/footprint.py::terms_in",
        "proofs/footprint.py::constants_in",
    ),
    "the oracle's honesty check: lists what the encoding does not read, decides no answer": (
        "proofs/reads.py::_unread_fields",
        "proofs/reads.py::_filter",
        "proofs/reads.py::_value",
        "proofs/reads.py::_part",
        "proofs/reads.py::not_encoded",
    ),
}
ALLOWED = {key: reason for reason, keys in PLUMBING.items() for key in keys}
FUNCTIONS = functions(packages=("reference", "reference_optimized", "proofs"))
FILES = sorted({f.path for f in FUNCTIONS})


@pytest.mark.parametrize("path", FILES)
def test_every_function_cites_the_rule_it_applies(path: str) -> None:
    uncited = [f for f in FUNCTIONS if f.path == path and not f.cites and f.key not in ALLOWED]
    missing = [f"{f.qualname} (line {f.line})" for f in uncited]
    assert not missing, (
        f"{path}: functions whose docstring cites no rule number: {missing}. Cite the rule each one applies "
        "(its number, in a one-line docstring in your own words), or list it in PLUMBING with the reason it "
        "applies none."
    )


def test_the_allow_list_names_existing_functions_that_cite_nothing() -> None:
    by_key = {f.key: f for f in FUNCTIONS}
    unknown = sorted(k for k in ALLOWED if k not in by_key)
    assert not unknown, f"PLUMBING names functions that do not exist (renamed or removed?): {unknown}"
    citing = sorted(k for k in ALLOWED if by_key[k].cites)
    assert not citing, f"PLUMBING names functions that cite a rule (take them off): {citing}"
    assert len(ALLOWED) == sum(len(keys) for keys in PLUMBING.values()), "a function is listed twice"


def test_the_check_can_fail(tmp_path: Path) -> None:
    """An uncited function and an uncited method are found; a cited one, a nested one and a class are not."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text(
        '"""613.1: a module docstring cites nothing for its functions."""\n\n\n'
        'def cited() -> None:\n    """613.7a: cites."""\n\n    def inner() -> None:\n        pass\n\n\n'
        'def uncited() -> None:\n    """Says what it does, cites nothing."""\n\n\n'
        'class C:\n    """707.2: a class docstring."""\n\n    def method(self) -> None:\n        pass\n',
        encoding="utf-8",
    )
    found = {f.qualname: f.cites for f in module_functions(package / "mod.py", tmp_path)}
    assert found == {"cited": ("613.7a",), "uncited": (), "C.method": ()}


def test_rule_numbers_are_read_as_citations() -> None:
    assert rule_numbers("613.1a-g: each operation in its layer") == ("613.1a",)
    assert rule_numbers("613.1-613.4 (418.5a): the slot") == ("613.1", "613.4", "418.5a")
    assert rule_numbers("712: the face up; 729 (721 in 2020)") == ("712", "729")
    assert rule_numbers("read beside rule 613 and (CR 418, 503)") == ("613", "418", "503")
    assert rule_numbers("613.8a(b): compare; 702.140e") == ("613.8a", "702.140e")
    for text in (
        "1,151 lines",
        "on 2009-07-08",
        "100.0% of 144 cases",
        "(144 boards)",
        "a +1/+1 counter",
        "issue 13",
        "v1.2.3",
    ):
        assert rule_numbers(text) == (), text


def test_a_rule_page_lists_what_cites_its_rule_or_a_subrule() -> None:
    """A number belongs to a page's rule when it is the rule or a subrule; the generated 613 page lists the loop."""
    assert belongs("613.7a", "613") and belongs("613", "613") and belongs("418.5c", "418.5")
    assert not belongs("418.50", "418.5") and not belongs("400.1", "400.7") and not belongs("6131", "613")
    page = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "613.md").read_text("utf-8")
    assert "[`reference.resolver.resolve`](../api/reference.md#reference.resolver.resolve)" in page
    assert "- [613.7n](../rules/613.md#r613-7n) (" in page
    assert "(../cases/cr-613-7n-own-static-ability-before-resolving-effect.md)" in page
