"""Reach: which of the names a misreading replaces the correct run of a corpus case actually uses.

The kill matrix (``kill_matrix``) runs every misreading over every judgeable (case, version) pair. A
misreading changes the rules for one ``with`` block: it replaces some functions of the readable
rules modules (``unittest.mock.patch`` of a module attribute, or of one function held in a
module's dispatch table such as ``reference.operations._SIMPLE``) and may hand the resolver a
doctored rules version, on top of the base patches every misreading shares
(``misreadings.base.patched``: the readable resolver, every order of each tie).

Why skipping is sound. Take the correct run of a pair under the same base patches (the
"baseline"). The misreading's run of that pair executes the same code on the same values as the
baseline up to the first moment it uses something the misreading replaced: before that moment no
value can differ, since the code is the same, the inputs are the same (the rules version it hands
the resolver is equal to the one it was given) and the misreading has changed nothing else. A
replaced function is used only by looking it up where it was replaced and calling it, and a
recording wrapper put at that very place during the baseline sees each such call. So when (a)
the block hands the resolver a version equal to the one it was given, (b) everything the block
changes is seen (``observe``) and is such a replacement of a plain function, and (c) the baseline
of the pair calls none of them, the misreading's run *is* the baseline run, to the last value,
and its verdict (caught or not) is the baseline's. Anything else is run as before: a patch of a
non-function (a constant, a class, a table whose keys change), a ``patch.dict``, a change to a
module, class or module-level container the patches do not explain, or a block that fails to open.

Doctored versions. A block may also hand the resolver a doctored version ``D`` in place of the
version ``V`` it was given. ``D`` is seen (``observe``) as the fields whose value it holds as
another object than ``V`` holds (``Reach.fields``), and only when it is of ``V``'s very class and
has the same attributes; anything else is run. The baseline runs each pair with a fresh copy
``V'`` of ``V`` (a new object of the same class holding the very same values) and records which
fields of ``V'`` the run reads: the class's attribute lookup is replaced by a recording one for the
baseline, which notes each field read on ``V'``, and counts a read of any other attribute of
``V'`` than ``__class__``, the dataclass's records of its fields and the methods and properties
the class defines (whose own reads go through that lookup) as a read of every field: ``__dict__``,
``__getstate__`` and the like hand out the object's state without reading a field by name. A
comparison or hash of ``V'`` (``==``, a dict or set lookup, a cache key) reads every field, since
the dataclass's ``__eq__`` and ``__hash__`` read them by name. Now ``V'`` and ``D`` can differ
only (1) in the fields ``Reach.fields`` names, which a run can learn only by reading them, and
(2) in being other objects: but ``V'`` is held by nothing the run did not make itself, so a
test of it against anything held before (``in``, ``list.index``, a dict key) cannot be decided by
identity and goes to ``__eq__``, which reads every field; the rules code tests the version's
identity against ``None`` only. ``V'`` equals ``V``, so a block that hands over ``V`` itself
(every block that only patches functions) computes on ``V`` what the baseline computes on ``V'``.
So when, besides (b) and (c) above, the baseline of a pair reads none of the fields ``D``
changes, the misreading's run of the pair is again the baseline's run, value for value: a
changed field is a name like a replaced function's (``version.<field>``), watched by every
baseline, and a pair that read it is run.

Caches. A function cached with ``functools`` runs its body (and the functions it calls) only on a
miss, so a baseline run that hits a cache might not see a call the misreading's run would make.
The baseline therefore empties every ``functools`` cache of the rules modules before each pair:
within the pair each distinct call then runs its body at least once, and the misreading's run,
identical up to its first use of a replaced function, can make no call of one that the baseline
did not record first. The caches of the bundled version data (``VERSION_DATA``: costly to fill
again) are not emptied: a pair's run does not call them (the version is looked up before a
block opens), and the baseline checks it: if one of them misses during the baseline, the
baseline watches nothing and no pair is skipped.

The baseline also gives ``kill_matrix.judgeable``'s answer (613.7m: whether the readable
enumeration of tie orders finishes for each step): it computes the very same outcomes.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import operator
import sys
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

from reference.case import Case
from reference.versions import RulesVersion

from . import verify
from .misreadings import base
from .misreadings.base import Misreading

# the modules whose state a misreading's block may change and the correct run reads
WATCHED_PACKAGES = ("reference", "reference_optimized", "mtg_layers")
_MISSING = object()


@dataclass(frozen=True)
class Target:
    """One replaced function: ``owner.attr`` (a module's or class's), or entry ``key`` of the dict ``owner.attr``."""

    name: str
    owner: Any
    attr: str
    key: Any = None


# How a field of the rules version is named among the replaced functions' names (``version.legend_rule``).
FIELD = "version."


@dataclass(frozen=True)
class Reach:
    """What a misreading's block changes under one version: the functions it replaces and the fields of the
    version it hands over that hold other values (and nothing else)."""

    targets: tuple[Target, ...]
    fields: tuple[str, ...] = ()

    @property
    def names(self) -> frozenset[str]:
        """The replaced functions' names and the changed fields' (``FIELD`` + field)."""
        return frozenset(t.name for t in self.targets) | {FIELD + f for f in self.fields}


def _owner_name(owner: Any) -> str | None:
    if isinstance(owner, types.ModuleType):
        return owner.__name__
    if isinstance(owner, type):
        return f"{owner.__module__}.{owner.__qualname__}"
    return None


def _watched_modules() -> list[types.ModuleType]:
    return [
        m
        for name, m in list(sys.modules.items())
        if isinstance(m, types.ModuleType) and name.split(".")[0] in WATCHED_PACKAGES
    ]


def _members(v: Any) -> tuple[Any, ...]:
    """What a module-level container holds: a dict's keys then values, a list's or set's members."""
    return (*v, *v.values()) if isinstance(v, dict) else tuple(v)


@dataclass(frozen=True)
class _Owner:
    """One module's or class's attributes, and what its containers hold, as they were (strong references: no
    object seen can be freed, so no identity compared below can be another object's)."""

    owner: Any
    keys: tuple[str, ...]
    values: tuple[Any, ...]
    held: tuple[tuple[Any, tuple[Any, ...]], ...]  # (container, its members)


def _record(owner: Any) -> _Owner:
    attrs = vars(owner)
    values = tuple(attrs.values())
    held = tuple((v, _members(v)) for v in values if type(v) in _CONTAINERS)
    return _Owner(owner, tuple(attrs), values, held)


_CONTAINERS = (dict, list, set)


def _snapshot() -> list[_Owner]:
    """Every watched module and each class it defines, as they are."""
    return [_record(owner) for owner in _owners()]


def _identical(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return len(a) == len(b) and all(map(operator.is_, a, b))


def _unexplained(before: Sequence[_Owner], explained: set[tuple[int, str]]) -> bool:
    """True when something changed since ``before`` that no seen patch (``explained``) explains: a module or
    class appeared or went, an attribute was replaced, added or removed, or a container changed in place."""
    if not _identical(tuple(r.owner for r in before), tuple(_owners())):
        return True
    for was in before:
        attrs = vars(was.owner)
        if tuple(attrs) != was.keys or not _identical(tuple(attrs.values()), was.values):
            old = dict(zip(was.keys, was.values, strict=True))
            for attr in old.keys() | attrs.keys():
                if old.get(attr, _MISSING) is not attrs.get(attr, _MISSING) and (id(was.owner), attr) not in explained:
                    return True
        if not all(_identical(_members(c), ms) for c, ms in was.held):
            return True
    return False


def _owners() -> list[Any]:
    """Every watched module and each class it defines."""
    out: list[Any] = []
    for m in _watched_modules():
        out.append(m)
        out.extend(v for v in vars(m).values() if isinstance(v, type) and v.__module__ == m.__name__)
    return out


def _is_base(owner: Any, attr: str, new: Any) -> bool:
    """The two patches every misreading (and the baseline) shares."""
    return owner is verify and (attr, new) in {("resolve", base._readable), ("distinct_outcomes", base._every_order)}


def _targets(owner: Any, attr: str, old: Any, new: Any) -> list[Target] | None:
    """The functions one patch replaces, or None when it replaces something else."""
    where = _owner_name(owner)
    if where is None:
        return None
    if isinstance(old, types.FunctionType) and callable(new):
        return [Target(f"{where}.{attr}", owner, attr)]
    if type(old) is dict and type(new) is dict and old.keys() == new.keys():
        changed = [k for k in old if old[k] is not new[k]]
        if all(isinstance(old[k], types.FunctionType) and callable(new[k]) for k in changed):
            return [Target(f"{where}.{attr}[{k!r}]", owner, attr, k) for k in changed]
    return None


def observe(m: Misreading, version: RulesVersion) -> Reach | None:
    """The functions ``m``'s block replaces under ``version``; None when its block does anything else (never skip)."""
    return observe_all(m, {version.id: version})[version.id]


def observe_all(m: Misreading, versions: Mapping[str, RulesVersion]) -> dict[str, Reach | None]:
    """``observe`` under each version (by id): the state before is taken once, and must be the state after.

    A block that imports a module for the first time adds attributes no patch explains: it is seen again, once.
    """
    imported = len(sys.modules)
    found = _observe_all(m, versions)
    if len(sys.modules) != imported:
        found = _observe_all(m, versions)
    return found


def _observe_all(m: Misreading, versions: Mapping[str, RulesVersion]) -> dict[str, Reach | None]:
    before = _snapshot()
    found = {vid: _observe(m, version, before) for vid, version in versions.items()}
    if _unexplained(before, set()):
        return dict.fromkeys(versions)  # a block left something changed: none of its blocks is trusted
    return found


def _observe(m: Misreading, version: RulesVersion, before: Sequence[_Owner]) -> Reach | None:
    seen: list[tuple[Any, str, Any, Any]] = []
    hidden: list[str] = []
    enter, enter_dict = mock._patch.__enter__, mock._patch_dict.__enter__

    def recording_enter(self: Any) -> Any:
        owner = self.getter()
        old = vars(owner).get(self.attribute, _MISSING) if hasattr(owner, "__dict__") else _MISSING
        new = enter(self)
        seen.append((owner, self.attribute, old, getattr(owner, self.attribute, _MISSING)))
        return new

    def dict_enter(self: Any) -> Any:
        hidden.append("patch.dict")
        return enter_dict(self)

    mock._patch.__enter__ = recording_enter  # type: ignore[method-assign]
    mock._patch_dict.__enter__ = dict_enter  # type: ignore[method-assign]
    try:
        with m.apply(version) as doctored:
            mock._patch.__enter__ = enter  # type: ignore[method-assign]
            mock._patch_dict.__enter__ = enter_dict  # type: ignore[method-assign]
            changed = _unexplained(before, {(id(owner), attr) for owner, attr, _, _ in seen})
    except Exception:
        return None
    finally:
        mock._patch.__enter__ = enter  # type: ignore[method-assign]
        mock._patch_dict.__enter__ = enter_dict  # type: ignore[method-assign]
    if hidden or changed:
        return None
    fields = _changed_fields(version, doctored)
    if fields is None:
        return None
    targets: list[Target] = []
    for owner, attr, old, new in seen:
        if _is_base(owner, attr, new):
            continue
        found = _targets(owner, attr, old, new)
        if found is None:
            return None
        targets.extend(found)
    return Reach(tuple(dict.fromkeys(targets)), fields)


def _changed_fields(version: RulesVersion, doctored: Any) -> tuple[str, ...] | None:
    """The fields whose value ``doctored`` holds as another object than ``version`` holds; None unless it is of the
    very class of ``version`` with the same attributes."""
    if type(doctored) is not type(version):
        return None
    given, handed = vars(version), vars(doctored)
    if given.keys() != handed.keys() or given.keys() != _version_fields():
        return None
    return tuple(f for f in given if handed[f] is not given[f])


@functools.cache
def _version_fields() -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(RulesVersion))


@dataclass(frozen=True)
class Pair:
    """The correct run of one (case, version) under the base patches: the watched functions it called, its verdict."""

    case: str
    version: str
    reached: frozenset[str]
    caught: bool  # the golden answers fail (as they should not: ``verify`` checks they pass)
    complete: tuple[bool, ...]  # per step whose outcomes were found: the enumeration finished


@dataclass(frozen=True)
class Baseline:
    """The baseline of every pair, the names it watched (a name not watched proves nothing) and, per misreading
    id and version id, the names of what its block replaces (``observe``; None: it does something else)."""

    watched: frozenset[str]
    pairs: Mapping[tuple[str, str], Pair]
    reaches: Mapping[tuple[str, str], frozenset[str] | None] = dataclasses.field(default_factory=dict)

    def skips(self, names: frozenset[str] | None, case: str, version: str) -> bool:
        """True when the run of the pair by a misreading that replaces ``names`` (and does nothing else: not None)
        is the baseline's run (see the module docstring)."""
        pair = self.pairs.get((case, version))
        return names is not None and pair is not None and names <= self.watched and not names & pair.reached

    def as_json(self) -> dict[str, Any]:
        """JSON, for sharing between test workers."""
        return {
            "watched": sorted(self.watched),
            "pairs": [[p.case, p.version, sorted(p.reached), p.caught, list(p.complete)] for p in self.pairs.values()],
            "reaches": [[m, v, None if n is None else sorted(n)] for (m, v), n in self.reaches.items()],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Baseline:
        """The inverse of ``as_json``."""
        pairs = {
            (c, v): Pair(c, v, frozenset(r), bool(k), tuple(bool(x) for x in done))
            for c, v, r, k, done in data["pairs"]
        }
        reaches = {(m, v): None if n is None else frozenset(n) for m, v, n in data["reaches"]}
        return cls(frozenset(data["watched"]), pairs, reaches)


def _recorder(f: Callable[..., Any], name: str, hit: set[str]) -> Callable[..., Any]:
    def recorded(*args: Any, **kwargs: Any) -> Any:
        hit.add(name)
        return f(*args, **kwargs)

    recorded.__name__, recorded.__qualname__, recorded.__doc__ = f.__name__, f.__qualname__, f.__doc__
    recorded.__module__ = f.__module__
    return recorded


@contextmanager
def recording(targets: Sequence[Target], hit: set[str]) -> Iterator[None]:
    """Each target replaced by a recording wrapper of itself, at the very place a misreading replaces it (a module's
    or class's attribute, or one entry of a dispatch table held by one): ``hit`` gets the name of each one called."""
    with ExitStack() as stack:
        tables: dict[tuple[int, str], tuple[Any, str, dict[Any, Any]]] = {}
        for t in targets:
            if t.key is None:
                stack.enter_context(
                    mock.patch.object(t.owner, t.attr, _recorder(getattr(t.owner, t.attr), t.name, hit))
                )
            else:
                at = (id(t.owner), t.attr)
                if at not in tables:
                    tables[at] = (t.owner, t.attr, dict(getattr(t.owner, t.attr)))
                table = tables[at][2]
                table[t.key] = _recorder(table[t.key], t.name, hit)
        for owner, attr, table in tables.values():
            stack.enter_context(mock.patch.object(owner, attr, table))
        yield


@contextmanager
def _reading(current: list[RulesVersion | None], hit: set[str]) -> Iterator[None]:
    """Each field read on the version ``current[0]`` noted in ``hit`` (``FIELD`` + field); a read of any other of
    its attributes than ``__class__``, the dataclass's records and the class's own methods notes every field."""
    fields = _version_fields()
    every = {FIELD + f for f in fields}
    plain = {
        n for n, v in vars(RulesVersion).items() if n not in fields and isinstance(v, types.FunctionType | property)
    }
    plain |= {"__class__", "__dataclass_fields__", "__dataclass_params__"}
    get = RulesVersion.__getattribute__

    def read(self: RulesVersion, name: str) -> Any:
        if self is current[0]:
            if name in fields:
                hit.add(FIELD + name)
            elif name not in plain:
                hit.update(every)
        return get(self, name)

    with mock.patch.object(RulesVersion, "__getattribute__", read):
        yield


# The caches of the bundled rules-version data: a version is looked up before a misreading's block opens, and the
# rules functions do not call these (``baseline`` checks that their bodies do not run during any pair).
VERSION_DATA = ("reference.versions", "reference.history")


def rules_caches(data: bool) -> list[Any]:
    """The ``functools`` caches of the rules modules: of the version data (``data``), or of the rest."""
    out: list[Any] = []
    for m in _watched_modules():
        if m.__name__.split(".")[0] in ("reference", "reference_optimized") and (m.__name__ in VERSION_DATA) == data:
            out.extend(
                v for v in vars(m).values() if callable(getattr(v, "cache_clear", None)) and hasattr(v, "__wrapped__")
            )
    return list({id(v): v for v in out}.values())


def _misses() -> list[int]:
    return [c.cache_info().misses for c in rules_caches(data=True)]


def baseline(
    cases: Sequence[Case],
    versions: Mapping[str, RulesVersion],
    targets: Sequence[Target],
    reaches: Mapping[tuple[str, str], frozenset[str] | None],
) -> Baseline:
    """The correct run, under the base patches, of each case under each of its known versions (a fresh copy of it),
    watching ``targets`` and the fields of the version read (``reaches``: kept with it, as ``Baseline.reaches``)."""
    targets = list(dict.fromkeys(targets))
    hit: set[str] = set()
    complete: list[bool] = []

    def every_order(board: Any, version: RulesVersion, *args: Any, **kwargs: Any) -> Any:
        found = base._every_order(board, version, *args, **kwargs)
        complete.append(found.complete)
        return found

    pairs: dict[tuple[str, str], Pair] = {}
    known = {vid: versions[vid] for case in cases for vid in case.versions if vid in versions}  # looked up first
    clearing = rules_caches(data=False)
    misses = _misses()
    current: list[RulesVersion | None] = [None]
    with (
        base.patched({}),
        recording(targets, hit),
        mock.patch("mtg_layers.checking.verify.distinct_outcomes", every_order),
        _reading(current, hit),
    ):
        for case in cases:
            for vid in case.versions:
                if vid not in known:
                    continue
                for cache in clearing:
                    cache.cache_clear()
                hit.clear()
                complete.clear()
                fresh = current[0] = copy.copy(known[vid])  # held by nothing but this pair's run
                try:
                    checks = verify.check_case(dataclasses.replace(case, versions=(vid,)), {vid: fresh})
                    caught = any(not c.ok for c in checks)
                except Exception:
                    caught = True
                pairs[(case.id, vid)] = Pair(case.id, vid, frozenset(hit), caught, tuple(complete))
    if _misses() != misses:  # a version-data cache filled during a pair: its hits may hide calls; ask none
        return Baseline(frozenset(), pairs, dict(reaches))
    fields = {FIELD + f for f in _version_fields()}
    return Baseline(frozenset(t.name for t in targets) | fields, pairs, dict(reaches))


def judgeable_from(
    baseline: Baseline, cases: Sequence[Case], versions: Mapping[str, RulesVersion]
) -> list[Case] | None:
    """613.7m: ``kill_matrix.judgeable``'s answer from the baseline; None when a step's outcomes were not found
    (the board did not build: ``judgeable`` itself must be asked, to fail as it fails)."""
    out = []
    for case in cases:
        kept = []
        for vid in case.versions:
            if vid not in versions:
                continue
            pair = baseline.pairs.get((case.id, vid))
            if pair is None or len(pair.complete) != len(case.steps):
                return None
            if all(pair.complete):
                kept.append(vid)
        if kept:
            out.append(dataclasses.replace(case, versions=tuple(kept)))
    return out
