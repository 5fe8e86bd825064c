"""The trace in words (mtg_layers.analysis.trace_text): what a judge reads in `explain`, the site, the playground."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from unittest import mock

from click.testing import CliRunner

from mtg_layers.analysis.trace_text import (
    Explanation,
    describe,
    detail_text,
    explain_resolution,
    fields_text,
    tab_label,
    type_line,
)
from mtg_layers.checking.results import observed, own_boards
from mtg_layers.checking.verify import step_board, step_boards
from mtg_layers.cli import main
from mtg_layers.corpus import CASES_DIR, load_corpus
from mtg_layers.docs_site import generated_pages
from reference.case import Case
from reference.choices import Outcomes
from reference.model import Board
from reference.resolver import Resolution
from reference.versions import RulesVersion, builtin_versions
from reference_optimized import resolve as fast_resolve
from tests.builders import corpus, corpus_case

VERSIONS = builtin_versions()


def _explain(case_id: str, vid: str):  # type: ignore[no-untyped-def]
    case = corpus_case(case_id)
    board, resolution = step_board(case, len(case.steps), VERSIONS[vid])  # 613.7m, 614.12: an open entry read too
    return explain_resolution(board, resolution, VERSIONS[vid])


def test_gray_ogre_rows_say_layer_rule_and_order() -> None:
    ex = _explain("seed-gray-ogre", "ikoria")
    first = ex.rows[0]
    assert first.layer == "sets power/toughness: layer 7b, 613.4b"
    assert first.changes == ("Gray Ogre: 0/1 (was 2/2)",)
    last = ex.rows[-1]
    assert last.layer == "modifies power/toughness: layer 7c, 613.4c"
    # the effect just before it in 7c, and how many came before that: the list does not grow with the board
    assert last.order == (
        "timestamp 4, after Target creature gets +4/+4 until end of turn (ts 3) and 1 earlier effect in 7c (613.7)"
    )
    assert last.changes == ("Gray Ogre: 5/8 (was 5/6)",)
    ogre = next(r for r in ex.result if r.object == "ogre")
    assert (ogre.pt, ogre.type_line, ogre.colors, ogre.counters) == ("5/8", "Creature — Ogre", "red", "1× +1/+1")


def test_gray_ogre_418_5_is_one_four() -> None:
    ex = _explain("seed-gray-ogre", "pre-m10")
    assert next(r for r in ex.result if r.object == "ogre").pt == "1/4"


def test_blood_moon_row_names_the_dependency_and_the_mountain() -> None:
    ex = _explain("seed-urborg-then-blood-moon", "ikoria")
    moon = ex.rows[0]
    assert moon.layer.startswith("sets a basic land type: layer 4, ")
    assert "depends on it" in moon.order and "(613.8a)" in moon.order and "(613.8b)" in moon.order
    assert any("Land — Mountain" in c for c in moon.changes)
    assert moon.order.startswith("it would stop the effect of Urborg, Tomb of Yawgmoth from existing")
    assert ex.dependencies and "depends on Blood Moon" in ex.dependencies[0]
    assert ex.skipped


def test_type_line_and_tab_labels() -> None:
    urborg = corpus_case("seed-urborg-then-blood-moon").objects
    assert any(type_line(o.printed) == "Legendary Land" for o in urborg)
    labels = [tab_label(VERSIONS[v]) for v in ("current", "ikoria", "m10", "pre-m10")]
    assert labels == [
        "Today (2025–) · 2025-08-01",
        "2020–2023 · ikoria",
        "2009–2020 · m10",
        "2004–2009, rule 418.5 · pre-m10",
    ]


def _shared_load(directory: Path = CASES_DIR, versions: Mapping[str, RulesVersion] | None = None) -> list[Case]:
    """``load_corpus`` as the CLI calls it, where the bundled corpus is the process's one load of it
    (``tests.builders.corpus``: this very call, made once): any other directory or versions are loaded as asked."""
    if versions is None and directory.resolve() == CASES_DIR.resolve():
        return corpus()
    return load_corpus(directory, versions)


def test_explain_prints_the_same_rows() -> None:
    """``mtg-layers explain CASE_ID`` (the case found by its id in the bundled corpus, read from the process's one load
    of it: ``_shared_load``) prints the rows of the trace in words."""
    with mock.patch("mtg_layers.corpus.load_corpus", _shared_load):
        result = CliRunner().invoke(main, ["explain", "seed-gray-ogre", "--rules", "ikoria"], env={"COLUMNS": "300"})
    out = result.output
    ex = _explain("seed-gray-ogre", "ikoria")
    for row in ex.rows:
        # the terminal table may wrap a long cell over two lines: each of its words is printed
        assert all(word in out for word in row.layer.split()) and row.changes[0] in out
    assert "Creature — Ogre" in out and "5/8" in out


def test_counters_and_dependency_reasons_in_words() -> None:
    labels = {"ogre": "Gray Ogre", "bears": "Grizzly Bears", "elf": "Llanowar Elves"}
    assert describe("1 +1/+1 counter(s) on ogre", labels) == "the +1/+1 counter on Gray Ogre"
    assert describe("3 -1/-1 counter(s) on elf", labels) == "3 -1/-1 counters on Llanowar Elves"
    assert describe("Humility", labels) == "Humility"
    detail = "Moon would change what Flyers applies to (gains ['bears'], loses ['ogre', 'elf'])"
    assert detail_text(detail, labels) == (
        "Moon would change what Flyers applies to "
        "(it would then also apply to Grizzly Bears and no longer apply to Gray Ogre and Llanowar Elves)"
    )


def python_lists(ex: Explanation) -> str | None:
    """The trace's words (rows' order, dependencies, effects that did not apply) when a Python list is printed in
    them, else None."""
    text = " ".join([*(r.order for r in ex.rows), *ex.dependencies, *ex.skipped])
    return text if "['" in text or "[]" in text else None


@contextlib.contextmanager
def generation_traces() -> Iterator[list[tuple[str, Explanation]]]:
    """Every trace the case pages' generation makes (``generated_pages.generate``), each with its case, step and
    version, and the traces of each step's outcome boards the pages do not trace (boards of their own that differ
    only in the order each records: the pages trace the step's board, ``_outcome_traces`` traced each).

    The case pages' test (tests/site/test_docs_pages.py) generates every step of every case under every version it
    declares: its traces hold those of the last steps, which this module's check made alone before, and more."""
    traces: list[tuple[str, Explanation]] = []
    where = [""]

    def boards_of(case: Case, n: int, version: RulesVersion) -> tuple[Outcomes, tuple[Board, ...]]:
        where[0] = f"{case.id} step {n} {version.id}"
        found, boards = step_boards(case, n, version)
        if any(b is not boards[0] for b in boards) and not own_boards(boards):
            traces.extend((where[0], explain_resolution(b, fast_resolve(b, version), version)) for b in boards)
        return found, boards

    def explain(board: Board, resolution: Resolution, version: RulesVersion) -> Explanation:
        ex = explain_resolution(board, resolution, version)
        traces.append((where[0], ex))
        return ex

    with (
        mock.patch.object(generated_pages, "step_boards", boards_of),
        mock.patch.object(generated_pages, "explain_resolution", explain),
    ):
        yield traces


def test_a_python_list_in_a_trace_is_found() -> None:
    """The check the case pages' test makes on every trace (``python_lists``): a list printed in a row's words, in a
    dependency or in an effect that did not apply is found; the Gray Ogre's trace has none."""
    ex = _explain("seed-gray-ogre", "ikoria")
    assert python_lists(ex) is None
    row = ex.rows[0]
    assert python_lists(replace(ex, rows=(replace(row, order=row.order + " ['ogre']"), *ex.rows[1:])))
    assert python_lists(replace(ex, dependencies=("depends on []",)))
    assert python_lists(replace(ex, skipped=(*ex.skipped, "gains ['bears']")))


def test_generation_traces_hold_each_step_and_outcome() -> None:
    """``generation_traces`` keeps every trace a case page writes: one per step and version, one per outcome where an
    entry depends on an order (613.7m, 614.12)."""
    case = corpus_case("seed-gray-ogre")
    with tempfile.TemporaryDirectory() as out, generation_traces() as traces:
        generated_pages.generate([case], Path(out), lambda case, vid: ("verified", ()))
    newest_first = [VERSIONS[v].id for v in reversed(case.versions)]  # the page's tabs (case_page)
    assert [w for w, _ in traces] == [f"seed-gray-ogre step {n} {v}" for n in range(1, 5) for v in newest_first]
    assert traces[-1][1].rows == _explain("seed-gray-ogre", "pre-m10").rows


def test_has_and_lacks_in_words() -> None:
    want = {"has": {"abilities": ["changeling"]}, "lacks": {"subtypes": ["goblin", "elf"]}}
    assert fields_text(want) == "abilities include changeling; subtypes include none of Goblin, Elf"
    got = {"abilities": ["changeling", "flying"], "subtypes": ["goblin"]}
    # a claim that holds is repeated; one that does not shows the object's actual values
    assert fields_text(observed(want, got)) == "abilities include changeling; subtypes Goblin"


def test_mana_symbols_as_printed() -> None:
    from mtg_layers.analysis.trace_text import mana_symbols

    assert mana_symbols("{t}, sacrifice this land: add {c}.") == "{T}, sacrifice this land: add {C}."
    assert mana_symbols("{2}{r}{w/u}: this creature gets +1/+1") == "{2}{R}{W/U}: this creature gets +1/+1"
