"""``checking.reach``: what a misreading's block replaces, and which of those the correct run of a pair calls.

Two corpus cases: an Aura on an animated land (no face-down permanent, no plural type word) and Ixidron turning a
legend face down (708.2), each under 2025-08-01.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Callable, Iterator
from unittest import mock

import pytest

import reference.operations
import reference.sba
from mtg_layers.checking import kill_matrix, reach
from mtg_layers.checking.misreadings import BY_ID
from mtg_layers.checking.misreadings.base import Misreading, doctoring, misreading, patching
from mtg_layers.corpus import CASES_DIR, load_case
from reference.case import Case
from reference.versions import RulesVersion, builtin_versions

VID = "2025-08-01"
AURA = "sba-aura-falls-off-animated-land"  # attachments/holy-strength-mishras-factory.yaml
FACE_DOWN = "kill-708-2-ixidron-turns-a-legend-face-down"  # kill-matrix/ixidron-face-down-legend.yaml


@functools.cache
def _cases() -> tuple[Case, ...]:
    paths = ["attachments/holy-strength-mishras-factory.yaml", "kill-matrix/ixidron-face-down-legend.yaml"]
    return tuple(dataclasses.replace(load_case(CASES_DIR / p), versions=(VID,)) for p in paths)


def _version() -> RulesVersion:
    return builtin_versions()[VID]


def _noted(rule: str, name: str, patches: dict[str, object]) -> Misreading:
    return patching(rule, "a test misreading", "a test engine", name, lambda: patches)


# A misreading of the legend rule (704.5j) that replaces one plain function, and one of face-down status (708.2)
# that replaces one entry of the table of simple operations.
LEGEND = _noted("704.5j", "legend-test", {"reference.sba.legend_rule": lambda final, version, keeps: []})
FACE_DOWN_OP = BY_ID["face-down-keeps-supertypes"]
APPLY_STEP = BY_ID["zone-change-keeps-timestamp"]
TURN = BY_ID["turn-face-keeps-timestamp"]  # 613.7f: replaces reference.case.turn_face


def test_a_replaced_function_is_seen_by_its_place() -> None:
    seen = reach.observe(LEGEND, _version())
    assert seen is not None
    assert seen.names == {"reference.sba.legend_rule"}
    (target,) = seen.targets
    assert target.owner is reference.sba and target.attr == "legend_rule" and target.key is None


def test_a_replaced_entry_of_a_table_is_seen_by_its_key() -> None:
    seen = reach.observe(FACE_DOWN_OP, _version())
    assert seen is not None
    assert seen.names == {"reference.operations._SIMPLE['face_down']"}
    assert seen.targets[0].owner is reference.operations and seen.targets[0].key == "face_down"


def test_a_doctored_version_is_seen_by_the_fields_it_changes() -> None:
    slower = doctoring("704.5j", "m", "e", "doctored-test", lambda v: dataclasses.replace(v, legend_rule="all"))
    seen = reach.observe(slower, _version())
    assert seen == reach.Reach((), ("legend_rule",)) and seen.names == {"version.legend_rule"}
    # the catalogue's doctoring of the legend rule: it doctors 2025-08-01 ("choose") and leaves pre-m10 ("all") be
    legend = BY_ID["legend-rule-all-go"]
    assert reach.observe(legend, _version()) == reach.Reach((), ("legend_rule",))
    assert reach.observe(legend, builtin_versions()["pre-m10"]) == reach.Reach(())
    # an equal value held as another object is a changed field too
    rebuilt = doctoring("613.1", "m", "e", "rebuilt-test", lambda v: dataclasses.replace(v, slots=tuple(list(v.slots))))
    assert reach.observe(rebuilt, _version()) == reach.Reach((), ("slots",))


def test_a_version_of_another_class_or_with_other_attributes_is_never_skipped() -> None:
    @dataclasses.dataclass(frozen=True)
    class Other(RulesVersion):
        pass

    def extra(v: RulesVersion) -> RulesVersion:
        out = dataclasses.replace(v)
        object.__setattr__(out, "note", 1)
        return out

    subclass = doctoring("613.1", "m", "e", "subclass-test", lambda v: Other(**{k: getattr(v, k) for k in vars(v)}))
    noted = doctoring("613.1", "m", "e", "extra-test", extra)
    not_a_version = doctoring("613.1", "m", "e", "not-a-version-test", lambda v: v.id)  # type: ignore[arg-type,return-value]
    for m in (subclass, noted, not_a_version):
        assert reach.observe(m, _version()) is None, m.id


def test_the_baseline_notes_each_field_read_and_every_field_for_a_read_of_the_whole() -> None:
    """``reach._reading``: a field read on the watched version is noted, a method's own reads too; ``__dict__`` (or a
    comparison, a hash) reads every field; another version's reads are not noted."""
    version, other = dataclasses.replace(_version()), _version()
    every = {"version." + f.name for f in dataclasses.fields(RulesVersion)}
    reads: tuple[tuple[Callable[[], object], set[str]], ...] = (
        (lambda: version.legend_rule, {"version.legend_rule"}),
        (lambda: version.slot_index(version.slots[0].id), {"version.slots"}),
        (lambda: version.slot_of("copy", "resolved"), {"version.classification"}),
        (lambda: type(version) and version.__class__, set()),
        (lambda: other.legend_rule, set()),
        (lambda: vars(version), every),
        (lambda: version.__getstate__(), every),
        (lambda: version == other, every),
        (lambda: hash(version), every),
        (lambda: copy.copy(version), every),
    )
    for read, noted in reads:
        hit: set[str] = set()
        with reach._reading([version], hit):
            read()
        assert hit == noted, (noted, hit)
    assert "__getattribute__" not in vars(RulesVersion), "the class's lookup is its own again"


def test_what_a_block_does_beyond_a_patch_of_a_function_is_never_skipped() -> None:
    def _no_legend_rule(board: object) -> list[str]:
        return []

    @misreading("704.5j", "m", "e", "setattr-test")
    def by_setattr(version: RulesVersion) -> Iterator[RulesVersion]:
        old = reference.sba.legend_rule
        reference.sba.legend_rule = _no_legend_rule  # type: ignore[assignment]
        try:
            yield version
        finally:
            reference.sba.legend_rule = old

    @misreading("613.1", "m", "e", "in-place-test")
    def in_place(version: RulesVersion) -> Iterator[RulesVersion]:
        old = reference.operations._SIMPLE.pop("face_down")
        try:
            yield version
        finally:
            reference.operations._SIMPLE["face_down"] = old

    @misreading("613.1", "m", "e", "patch-dict-test")
    def by_patch_dict(version: RulesVersion) -> Iterator[RulesVersion]:
        with mock.patch.dict("reference.operations._SIMPLE", {"face_down": lambda ch, args: ch}):
            yield version

    @misreading("613.1", "m", "e", "failing-test")
    def failing(version: RulesVersion) -> Iterator[RulesVersion]:
        raise RuntimeError("no block")
        yield version

    constant = _noted("704.5j", "constant-test", {"reference.operations.TIMED_OPERATIONS": frozenset()})
    new_key = _noted("613.1", "new-key-test", {"reference.operations._SIMPLE": {"extra": lambda ch, args: ch}})
    for m in (by_setattr, in_place, by_patch_dict, failing, constant, new_key):
        assert reach.observe(m, _version()) is None, m.id
    # and the module is as it was
    assert reach.observe(LEGEND, _version()) is not None


@pytest.fixture(scope="module")
def known() -> reach.Baseline:
    return kill_matrix.baseline(_cases(), [TURN, FACE_DOWN_OP, APPLY_STEP])


FIELDS = frozenset("version." + f.name for f in dataclasses.fields(RulesVersion))


def test_the_baseline_records_the_replaced_functions_each_pair_calls(known: reach.Baseline) -> None:
    functions = {"reference.case.turn_face", "reference.operations._SIMPLE['face_down']", "reference.case.apply_step"}
    assert known.watched == functions | FIELDS
    aura, face_down = known.pairs[(AURA, VID)], known.pairs[(FACE_DOWN, VID)]
    # both boards take steps (apply_step); only Ixidron's turns a permanent face down
    assert aura.reached - FIELDS == {"reference.case.apply_step"}
    assert face_down.reached - FIELDS == functions
    # and the fields of the version each run reads: both check the legend rule (704.5j, a state-based action), no
    # board has a transformed permanent whose mana value could be asked (202.3b)
    assert "version.legend_rule" in aura.reached & face_down.reached
    assert "version.back_face_mana_value" not in aura.reached | face_down.reached
    assert not aura.caught and not face_down.caught  # the golden answers pass under the rules
    assert aura.complete == (True, True, True) and face_down.complete == (True, True, True)
    assert kill_matrix.judged(list(_cases()), known) == kill_matrix.judgeable(list(_cases()))


def test_a_pair_is_skipped_only_when_its_run_calls_nothing_the_misreading_replaces(known: reach.Baseline) -> None:
    turn = known.reaches[(TURN.id, VID)]
    assert turn == frozenset({"reference.case.turn_face"})
    assert known.skips(turn, AURA, VID)  # not called: skipped
    assert not known.skips(turn, FACE_DOWN, VID)  # called: run
    assert not known.skips(known.reaches[(APPLY_STEP.id, VID)], AURA, VID)
    assert not known.skips(None, AURA, VID)  # a block not seen whole: run
    assert not known.skips(frozenset({"reference.sba.zero_toughness"}), AURA, VID)  # not watched: run
    assert not known.skips(frozenset(), AURA, "2023-11-17")  # a pair the baseline did not run: run


def test_a_pair_is_skipped_only_when_its_run_reads_no_field_the_doctored_version_changes(
    known: reach.Baseline,
) -> None:
    back_face = reach.observe(BY_ID["back-face-mana-value-zero"], _version())
    legend = reach.observe(BY_ID["legend-rule-all-go"], _version())
    assert back_face is not None and legend is not None
    assert known.skips(back_face.names, AURA, VID) and known.skips(back_face.names, FACE_DOWN, VID)
    assert not known.skips(legend.names, AURA, VID) and not known.skips(legend.names, FACE_DOWN, VID)


DOCTORED = (BY_ID["back-face-mana-value-zero"], BY_ID["legend-rule-all-go"], BY_ID["own-static-not-first"])


def test_the_rows_with_the_baseline_are_the_rows_without(known: reach.Baseline) -> None:
    for m in (TURN, FACE_DOWN_OP, APPLY_STEP):
        assert kill_matrix.row(m, _cases(), known) == kill_matrix.row(m, _cases()), m.id
    doctored = kill_matrix.baseline(_cases(), DOCTORED)
    for m in DOCTORED:
        assert kill_matrix.row(m, _cases(), doctored) == kill_matrix.row(m, _cases()), m.id
    # the face-down misreading (708.2) is caught by Ixidron's case only
    assert kill_matrix.row(FACE_DOWN_OP, _cases(), known).caught_by == (FACE_DOWN,)


def test_the_baseline_survives_json(known: reach.Baseline) -> None:
    assert reach.Baseline.from_json(known.as_json()) == known


def test_a_version_data_cache_that_fills_during_the_baseline_leaves_nothing_skipped() -> None:
    """The caches of the bundled version data are not emptied between pairs; if one missed during the baseline,
        its hits could hide calls, so the baseline then watches nothing and every pair is run (but by a misreading that
    replaces nothing, whose run is the baseline's whatever was watched)."""
    with mock.patch.object(reach, "_misses", side_effect=[[0, 0, 0], [0, 1, 0]]):
        blind = kill_matrix.baseline(_cases(), [TURN])
    assert blind.watched == frozenset()
    assert not blind.skips(frozenset({"reference.case.turn_face"}), AURA, VID)
