"""Issue 28, item 14: the corpus-wide readers of the checking side read a step whose entering object's counters depend
on an order of tied effects the case leaves open (613.7m, 614.12) as each order's board, not one board."""

from __future__ import annotations

from mtg_layers.analysis.version_diff import diff_corpus
from mtg_layers.checking.kill_matrix import judgeable
from mtg_layers.checking.mutation_report import golden_boards
from mtg_layers.checking.results import board_result
from mtg_layers.checking.verify import outcomes_at
from mtg_layers.corpus import CASES_DIR
from reference.versions import builtin_versions
from tests.builders import corpus, corpus_case

VERSIONS = builtin_versions()
OPEN = "entry-entering-creature-under-an-open-order-of-tied-effects"
LEAVING = "entry-tied-holders-leave-as-a-creature-enters"


def test_613_7m_614_12_the_kill_matrix_judges_an_open_entry_case_under_every_version() -> None:
    cases = [corpus_case(OPEN), corpus_case(LEAVING)]
    assert [c.versions for c in judgeable(cases)] == [c.versions for c in cases]


def test_613_7m_614_12_the_golden_boards_of_an_open_entry_step_are_each_orders() -> None:
    """Step 2 under 2025-08-01: the board with the Patron's counter and the one without, each with what both share."""
    [(case_id, steps)] = golden_boards([corpus_case(OPEN)])
    current = [(b, expect) for v, b, expect in steps if v.id == "2025-08-01"]
    assert case_id == OPEN and len(current) == 3  # step 1's board, then step 2's two
    counters = sorted(tuple((c.kind, c.count) for c in b.objects["lions"].counters) for b, _ in current[1:])
    assert counters == [(), (("+1/+1", 1),)]
    assert all(dict(expect) == {"lions": {"types": ("creature",)}} for _, expect in current[1:])


def test_613_7m_614_12_the_version_diff_compares_every_outcome_of_an_open_entry_step() -> None:
    """m10 reads the entering Lions without other permanents' abilities (no counter either way); from Ixalan the green
    order gives it one: step 2 differs, step 1 (no entry) does not, and no step errs."""
    found_l, boards = outcomes_at(corpus_case(OPEN), 2, VERSIONS["ikoria"])
    results = [board_result(b, o.final) for b, o in zip(boards, found_l.outcomes, strict=True)]
    assert sorted(str(r["lions"]["counters"]) for r in results) == ["{'+1/+1': 1}", "{}"]
    found = diff_corpus(CASES_DIR, VERSIONS["m10"], VERSIONS["ikoria"], cases=[corpus_case(OPEN)])
    assert [d.step for d in found.diffs] == [2] and not found.diffs[0].error


def test_613_7m_614_12_a_misreading_of_another_rule_is_not_caught_by_an_open_entry_case() -> None:
    """Under a misreading ``verify`` is handed the readable resolver, which reads each order of the open entry step:
    refused, the step crashed and both cases counted as catching every misreading of the catalogue."""
    from mtg_layers.checking.kill_matrix import catches
    from mtg_layers.checking.misreadings import BY_ID

    unrelated = BY_ID["planeswalker-types-are-creature-types"]  # 205.3j: these boards hold no planeswalker type
    for case_id in (OPEN, LEAVING):
        for vid in ("m10", "2025-08-01"):
            assert not catches(unrelated, corpus_case(case_id), vid, VERSIONS[vid]), (case_id, vid)


def test_613_7m_614_12_verify_reads_an_open_entry_under_one_order_per_class_only() -> None:
    """Twelve tied painters (p1's choice) as a creature enters under a green Patron: ``verify`` lists the two outcomes
    from three resolutions of the step, without first reading the entry under every order of the painters (the
    readable refusal check of ``board_at``, 120 resolutions of each board before it gave up)."""
    from unittest import mock

    from mtg_layers.checking.verify import step_board, step_outcomes
    from tests.reference_optimized.test_step_orders import step_case

    case = step_case([(("greener",), 1.0), (("bluer",), 1.0)] * 6, ["green"], 1)
    current = VERSIONS["2025-08-01"]
    with mock.patch("reference.entry._every_final", side_effect=AssertionError("every order was read")):
        found, results = step_outcomes(case, 2, current)
        _, resolution = step_board(case, 2, current)
    assert found.complete and found.runs <= 4
    assert sorted(str(r["lions0"]["counters"]) for r in results) == ["{'+1/+1': 1}", "{}"]
    assert len(resolution.undecided) == 11  # undecided: the step's outcomes are listed, not one order's


def test_613_7m_614_12_an_entry_is_left_open_only_where_a_tie_it_met_is_undecided() -> None:
    """m10 reads the entering Lions without the painters' abilities (no counter in either order) but its sources' board
    still ties the painters; step 1 reads no entry; a board with no "enters with" ability reads none."""
    from mtg_layers.checking.verify import entry_left_open

    case = corpus_case(OPEN)
    assert [entry_left_open(case, n, VERSIONS[v]) for n, v in ((1, "m10"), (2, "m10"), (2, "ikoria"))] == [
        False,
        True,
        True,
    ]
    recorded = corpus_case(LEAVING)
    assert entry_left_open(recorded, 2, VERSIONS["2025-08-01"])
    plain = next(c for c in corpus() if not any(d.enters_with for d in c.abilities.values()))
    assert not any(entry_left_open(plain, n, VERSIONS[plain.versions[0]]) for n in range(1, len(plain.steps) + 1))


def test_613_7m_each_outcome_of_an_open_entry_step_comes_with_the_board_it_was_found_on() -> None:
    """The m10 step ends alike in counters under both orders of the painters: each outcome's board records its own
    order of them, as under the versions where the counters differ."""
    found, boards = outcomes_at(corpus_case(OPEN), 2, VERSIONS["m10"])
    assert [b.tie_order for b in boards] == [o.orders[0] for o in found.outcomes]
