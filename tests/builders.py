"""Small builders for unit tests: a board from plain dicts, resolved under a version.

Also the values and cases that several test modules share (one definition each): the built-in
rules versions, hand-built objects and boards, a small rules profile, cases through the real
loader, corpus cases by id or path, and the clock-test case of the timestamp tests.
"""

from __future__ import annotations

import copy
import functools
import os
import pickle
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from mtg_layers.checking.results import board_result
from mtg_layers.conformance.protocol import SuiteCase, load_suite
from mtg_layers.corpus import CASES_DIR, case_files, case_from_data, load_case, load_corpus, read_yaml
from reference.case import Case, board_at
from reference.frozen import freeze
from reference.model import Board, Characteristics, GameObject, Part
from reference.resolver import Resolution, resolve
from reference.versions import CURRENT, RulesVersion, builtin_versions, get_version
from reference.vocabulary import KINDS
from tests import session_shared
from tests.schema_parts import checked_by_parts

# The built-in rules versions.
VERSIONS = builtin_versions()
PRE_M10, M10, IKORIA = VERSIONS["pre-m10"], VERSIONS["m10"], VERSIONS["ikoria"]


@dataclass(frozen=True)
class CaseEntry:
    """A corpus case as the tests are collected: its id, file, declared versions and number of steps.

    Read from each file's YAML alone, not through the loader, so that collecting the tests runs none of the rules
    code the loader calls (the mutation sample's fork server judges a mutant of a function that ran while the tests
    were collected only in a fresh run: tests/checking/test_mutation_sample.py). A test that walks the corpus is
    parametrized by these and loads its case when it runs (``corpus_case``); test_golden checks both agree.
    """

    id: str
    path: Path
    versions: tuple[str, ...]
    steps: int


@functools.cache
def _case_files_read() -> tuple[tuple[Path, Any], ...]:
    """Every corpus case file and its YAML (``read_yaml``, not the loader), read once per process."""
    return tuple((path, read_yaml(path)) for path in case_files(CASES_DIR))


def case_files_read() -> list[tuple[Path, Any]]:
    """Every corpus case file, in the loader's order (``mtg_layers.corpus.case_files``), with a deep copy of its YAML
    as ``read_yaml`` reads it (no loader: no rules code runs), for the tests that name their parameters from the
    files as they are collected (``corpus_entries``, tests/corpus/test_malformed_inputs.py): each file is read once
    per process, and each caller gets data of its own to change."""
    return [(path, copy.deepcopy(data)) for path, data in _case_files_read()]


@functools.cache
def corpus_entries() -> tuple[CaseEntry, ...]:
    """Every corpus case file's ``CaseEntry``, in the loader's order (``mtg_layers.corpus.case_files``)."""
    out = []
    for path, data in _case_files_read():
        versions = tuple(CURRENT if v == "current" else str(v) for v in data["versions"])  # the loader's one alias
        out.append(CaseEntry(str(data["id"]), path, versions, len(data["steps"])))
    return tuple(out)


def corpus_steps() -> list[Any]:
    """Every corpus case, declared version and step, as the parameters ``(case_id, step, version)`` of a test."""
    return [
        pytest.param(e.id, n, vid, id=f"{e.id}-step{n}-{vid}")
        for e in corpus_entries()
        for vid in e.versions
        for n in range(1, e.steps + 1)
    ]


_LOADED: dict[tuple[int, str | None], tuple[Case, ...]] = {}


def corpus() -> list[Case]:
    """The corpus, loaded once per process (and per mutant under mutmut), in a list of its own.

    The tests that walk the corpus share this one load instead of each loading it again: no test writes to the
    corpus and a case is a frozen value (its mappings ``FrozenMap``), so each gets what its own load gave it. It is
    loaded by the first test that asks, never while the tests are collected (``CaseEntry``), so under mutmut
    (``MUTANT_UNDER_TEST``, tests/conftest.py) a process forked to judge a mutant loads it with the mutant's code.
    """
    key = (os.getpid(), os.environ.get("MUTANT_UNDER_TEST"))
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = tuple(load_corpus())
    return list(_LOADED[key])


@functools.cache
def _suite() -> tuple[SuiteCase, ...]:
    return tuple(load_suite())


def suite() -> list[SuiteCase]:
    """``load_suite()`` of the corpus, loaded once per process (4 s of CPU a load; no test module reads it as it is
    collected: ``corpus_entries`` names their parameters), in a list of its own; the run's shared load where this
    process has read it (``shared_suite``).

    No test writes to a suite case or its data (an adapter is handed ``case_input``'s deep copy), so each gets what
    its own load gave it. Under mutmut (``MUTANT_UNDER_TEST``) each call loads the suite afresh, as ``corpus`` does.
    """
    if os.environ.get("MUTANT_UNDER_TEST"):
        return load_suite()
    return list(_SHARED_SUITE[0] if _SHARED_SUITE else _suite())


_SHARED_SUITE: list[tuple[SuiteCase, ...]] = []  # the run's shared load, once this process has read it
_MUTANT_SUITE: dict[tuple[int, str], tuple[SuiteCase, ...]] = {}


def shared_suite(tmp_path_factory: pytest.TempPathFactory) -> list[SuiteCase]:
    """``suite()``, loaded once in the test run: by the first xdist worker that asks, which leaves it pickled for the
    others (tests/session_shared.py); a load is 4 s of CPU, reading the pickle 0.4 s, and its cases are equal values.
    Under mutmut (``MUTANT_UNDER_TEST``) the suite is loaded with the mutant's code, once per process and mutant (as
    ``corpus`` is): not the run's load, and not once per test (``suite_case``)."""
    mutant = os.environ.get("MUTANT_UNDER_TEST")
    if mutant:
        key = (os.getpid(), mutant)
        if key not in _MUTANT_SUITE:
            _MUTANT_SUITE.clear()
            _MUTANT_SUITE[key] = tuple(load_suite())
        return list(_MUTANT_SUITE[key])
    if not _SHARED_SUITE:

        def build(path: Path) -> None:
            path.write_bytes(pickle.dumps(_suite()))

        _SHARED_SUITE.append(pickle.loads(session_shared.once(tmp_path_factory, "suite.pickle", build).read_bytes()))
    return list(_SHARED_SUITE[0])


def suite_case(case_id: str, tmp_path_factory: pytest.TempPathFactory) -> SuiteCase:
    """The suite case of that id (``shared_suite``), for a test parametrized by the ids named as the tests are
    collected (``corpus_entries``): the suite is loaded when a test first asks, never while the tests are collected."""
    found = [sc for sc in shared_suite(tmp_path_factory) if sc.id == case_id]
    assert len(found) == 1, (case_id, len(found))
    return found[0]


def make_board(
    objects: list[dict[str, Any]],
    effects: list[dict[str, Any]] | None = None,
    abilities: list[dict[str, Any]] | None = None,
    step: dict[str, Any] | None = None,
    version: RulesVersion | None = None,
) -> Board:
    """A board through the real loader (schema and meaning checks included), after ``step``'s events if given (read
    under ``version`` when given, as ``board_at`` reads it)."""
    data = {
        "id": "unit",
        "title": "unit test board",
        "versions": ["pre-m10", "m10", "ikoria"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "abilities": abilities or [],
        "objects": objects,
        "effects": effects or [],
        "steps": [{"description": "board", **(step or {}), "expect": {"pre-m10": {}, "m10": {}, "ikoria": {}}}],
    }
    with checked_by_parts():  # the JSON Schema pass part by part: the same problems (tests/schema_parts.py)
        case = case_from_data(data, "unit")
    return board_at(case, 1, version)


def read_in_layers(board: Board, amounts: Mapping[str, Mapping[str, Any]]) -> Board:
    """Hand-built: resolved effects whose amounts (effect id -> power/toughness -> expression) are read in the layers.

    A case fixes a resolved effect's amounts as it resolves (611.2d, reference.fixed_amounts) and the loader refuses
    an expression on the starting board; the layer loop still reads one where it is given, as it reads a static
    ability's, which is what the unit tests of 613.8a's "what it does" use.
    """
    effects = tuple(
        replace(e, parts=(Part(e.parts[0].op, freeze({**e.parts[0].args, **amounts[e.id]})), *e.parts[1:]))
        if e.id in amounts
        else e
        for e in board.effects
    )
    return replace(board, effects=effects)


def run(board: Board, version: str = "ikoria") -> tuple[Resolution, dict[str, dict[str, Any]]]:
    """Resolve a board; return the resolution and its JSON-ready result."""
    resolution = resolve(board, get_version(version))
    return resolution, board_result(board, resolution.final)


def creature(oid: str, ts: float, power: int = 2, toughness: int = 2, **extra: Any) -> dict[str, Any]:
    """A plain creature object."""
    base: dict[str, Any] = {
        "id": oid,
        "name": oid.title(),
        "timestamp": ts,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        "controller": "p1",
    }
    base.update(extra)
    return base


def enchantment(oid: str, ts: float, *abilities: str, **extra: Any) -> dict[str, Any]:
    """A plain enchantment object controlled by p1, with these abilities."""
    base: dict[str, Any] = {
        "id": oid,
        "name": oid.title(),
        "timestamp": ts,
        "controller": "p1",
        "types": ["enchantment"],
        "mana_value": 1,
        "abilities": list(abilities),
    }
    base.update(extra)
    return base


def chars(name: str = "Bear", **changes: Any) -> Characteristics:
    """Plain characteristics of a 2/2 green creature controlled by p1, with changes."""
    base = Characteristics(
        name=name,
        mana_value=2,
        colors=frozenset({"green"}),
        types=frozenset({"creature"}),
        subtypes=frozenset(),
        supertypes=frozenset(),
        abilities=frozenset(),
        power=2,
        toughness=2,
        controller="p1",
    )
    return base.with_(**changes) if changes else base


CHANGELING = "changeling (this object is every creature type.)"
BLOOD_MOON = "nonbasic lands are mountains."
MOUNTAIN_WARRIORS = "mountains are warriors in addition to their other types."
FOREST_MANA = "{t}: add {g}."
ELVES_PUMP = "elves get +1/+1."
GOBLINS_PUMP = "goblins get +1/+1."
ELVES_PUMP_DEF: dict[str, Any] = {
    "text": ELVES_PUMP,
    "applies_to": {"subtype": "elf"},
    "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
}
ELF_TO_GOBLIN: dict[str, Any] = {"op": "replace_word", "from": "elf", "to": "goblin"}


def arbor_under_blood_moon(warriors: bool = False) -> Board:
    """A nonbasic Forest land creature with changeling (a CDA) under Blood Moon (305.7); with ``warriors``, also
    "Mountains are Warriors" (an effect that depends on Blood Moon)."""
    objects = [
        creature("arbor", 1, types=["land", "creature"], subtypes=["forest"], abilities=[CHANGELING]),
        enchantment("moon", 2, BLOOD_MOON, mana_value=3),
    ]
    abilities: list[dict[str, Any]] = [
        {"text": CHANGELING, "cda": True, "parts": [{"op": "all_creature_types"}]},
        {
            "text": BLOOD_MOON,
            "applies_to": {"all": [{"type": "land"}, {"not": {"supertype": "basic"}}]},
            "parts": [{"op": "set_land_subtype", "subtypes": ["mountain"]}],
        },
    ]
    if warriors:
        objects.append(enchantment("zz", 3, MOUNTAIN_WARRIORS, mana_value=3))
        abilities.append(
            {
                "text": MOUNTAIN_WARRIORS,
                "applies_to": {"subtype": "mountain"},
                "parts": [{"op": "add_subtypes", "subtypes": ["warrior"]}],
            }
        )
    return make_board(objects, abilities=abilities)


def loop_waiting_for_a_later_effect() -> Board:
    """613.8b: A and B set power and toughness from each other (a loop); A also reads the toughness C sets.

    By the rules C applies first, then A, then B: 5/5; timestamp order alone gives 3/5.
    """
    board = make_board(
        [creature("bear", 1, power=2, toughness=3)],
        [
            {"id": "a", "timestamp": 2, "applies_to": ["bear"], "parts": [{"op": "set_pt", "power": 0}]},
            {"id": "b", "timestamp": 3, "applies_to": ["bear"], "parts": [{"op": "set_pt", "toughness": 0}]},
            {"id": "c", "timestamp": 4, "applies_to": ["bear"], "parts": [{"op": "set_pt", "toughness": 5}]},
        ],
    )
    return read_in_layers(board, {"a": {"power": {"its": "toughness"}}, "b": {"toughness": {"its": "power"}}})


ENCHANTMENT: dict[str, Any] = {"controller": "p1", "types": ["enchantment"], "mana_value": 1}
BEAR = creature("bear", 2, name="Grizzly Bears", colors=["green"], subtypes=["bear"])


def reads_toughness_then_sets_it() -> Board:
    """613.8a: "a" sets the bear's power to its toughness, which "c" (a later timestamp) sets to 5."""
    board = make_board(
        [creature("bear", 1, power=2, toughness=3)],
        [
            {"id": "a", "timestamp": 2, "applies_to": ["bear"], "parts": [{"op": "set_pt", "power": 0}]},
            {"id": "c", "timestamp": 3, "applies_to": ["bear"], "parts": [{"op": "set_pt", "toughness": 5}]},
        ],
    )
    return read_in_layers(board, {"a": {"power": {"its": "toughness"}}})


def graveyard_card(oid: str, ts: float, **extra: Any) -> dict[str, Any]:
    """A creature card in p1's graveyard."""
    base = creature(oid, ts, owner="p1", zone="graveyard", **extra)
    del base["controller"]
    return base


def loaded_case(
    objects: list[dict[str, Any]],
    effects: list[dict[str, Any]] | None = None,
    steps: list[dict[str, Any]] | None = None,
    versions: tuple[str, ...] = ("ikoria",),
) -> Any:
    """A case through the real loader: its objects, effects and steps (each step's expectations empty)."""
    data = {
        "id": "unit",
        "title": "unit test board",
        "versions": list(versions),
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "objects": objects,
        "effects": effects or [],
        "steps": [{**s, "expect": {v: {} for v in versions}} for s in steps or [{"description": "board"}]],
    }
    with checked_by_parts():  # the JSON Schema pass part by part: the same problems (tests/schema_parts.py)
        return case_from_data(data, "unit")


def copy_effect(eid: str, ts: float, copier: str, original: str, **extra: Any) -> dict[str, Any]:
    """A resolved effect making ``copier`` a copy of ``original`` (707.2)."""
    return {
        "id": eid,
        "timestamp": ts,
        "applies_to": [copier],
        "parts": [{"op": "copy_of", "object": original, **extra}],
    }


# Hand-built values: objects and boards without the loader.


def obj(oid: str, ts: float = 1, **changes: Any) -> GameObject:
    """An object owned by p1 whose printed values are ``chars`` named after its id."""
    return GameObject(id=oid, printed=chars(oid.title()), owner="p1", timestamp=ts, **changes)


def board(*objects: GameObject) -> Board:
    """A board of these objects, with no effects and no ability definitions."""
    return Board(objects={o.id: o for o in objects}, effects=(), abilities={})


def dfc(zone: str = "battlefield", **changes: Any) -> GameObject:
    """A transforming card: front Delver (mana value 1), back Aberration (mana value 0), controlled by p2."""
    front = chars("Delver", mana_value=1, controller="p2")
    back = chars("Aberration", mana_value=0, power=3, controller="p1")
    return GameObject(id="d", printed=front, owner="p2", timestamp=1, zone=zone, back_face=back, **changes)


def profile(**changes: Any) -> dict[str, Any]:
    """A small complete profile: two slots (layers 1 and 7), every kind of effect classified."""
    data: dict[str, Any] = {
        "id": "test",
        "slots": [{"id": "one", "layer": 1}, {"id": "seven", "layer": 7}],
        "classify": [{"kind": k, "slot": "seven" if k.startswith(("pt", "counter_pt")) else "one"} for k in KINDS],
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


# Corpus cases.

CASE_7N = "cr-613-7n-own-static-ability-before-resolving-effect"


def corpus_case(cid: str) -> Any:
    """The corpus case with this id, from the shared load (``corpus``), not a load of its own."""
    return next(c for c in corpus() if c.id == cid)


def corpus_data(path: str) -> Any:
    """The data of a corpus case file (``path`` under corpus/cases), as read before loading, with the objects that
    refer to catalogue cards written out (``mtg_layers.catalogue.refs.expand``: the same case, every field at hand)."""
    from mtg_layers.catalogue.refs import expand

    return expand(read_yaml(CASES_DIR / path), path)


def sba_case(name: str) -> Any:
    """A corpus case of corpus/cases/sba."""
    return load_case(CASES_DIR / "sba" / name)


# The clock-test case: events of every kind whose timestamps the rules assign (613.7b-f).
CLOCK_CASE: dict[str, Any] = {
    "id": "clock-test",
    "title": "timestamps the rules assign",
    "versions": ["ikoria"],
    "features": ["timestamps"],
    "sources": [{"kind": "derived", "ref": "test"}],
    "objects": [
        {"id": "a", "timestamp": 1, "types": ["creature"], "power": 2, "toughness": 2},
        {"id": "b", "timestamp": 2.5, "types": ["creature"], "power": 2, "toughness": 2},
        {"id": "eq", "timestamp": 2, "types": ["artifact"], "subtypes": ["equipment"], "attached_to": "a"},
    ],
    "steps": [
        {"description": "start", "expect": {"ikoria": {}}},
        {
            "description": "things happen",
            "add_objects": [
                {
                    "id": "c",
                    "types": ["creature"],
                    "power": 1,
                    "toughness": 1,
                    "counters": [{"kind": "+1/+1", "count": 1}],
                }
            ],
            "set_counters": {"a": [{"kind": "+1/+1", "count": 2}]},
            "attach": {"eq": "b"},
            "add_effects": [
                {"id": "e", "applies_to": ["a"], "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}]}
            ],
            "expect": {"ikoria": {}},
        },
        {
            "description": "fewer counters, the same attachment, a move, a turn",
            "set_counters": {"a": [{"kind": "+1/+1", "count": 1}]},
            "attach": {"eq": "b"},
            "move": {"c": "graveyard"},
            "turn_face_down": {"b": None},
            "expect": {"ikoria": {}},
        },
    ],
}
