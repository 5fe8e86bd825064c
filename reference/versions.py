"""Rules versions as data (DESIGN.md section 4): ordered slots and a classification into them.

A version is read from a JSON profile; the built-in profiles live in ``reference/profiles``.
"""

from __future__ import annotations

import json
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .vocabulary import KINDS, ORIGINS

CURRENT = "ikoria"
BUILTIN_IDS = ("pre-m10", "m10", "ikoria")


def _bundled(name: str) -> str:
    """A bundled data file of reference/profiles (pkgutil: cheaper to import than importlib.resources)."""
    data = pkgutil.get_data("reference.profiles", name)
    if data is None:
        raise FileNotFoundError(f"reference/profiles/{name}")
    return data.decode("utf-8")


class ProfileError(ValueError):
    """A rules profile that does not say what a rules version needs."""


@dataclass(frozen=True)
class Slot:
    """One layer or sublayer: effects in it apply together, in timestamp and dependency order."""

    id: str
    layer: int
    name: str
    rule: str


@dataclass(frozen=True)
class Classification:
    """Effects of ``kind`` (from one of ``origins``, or any origin when empty) go to ``slot``."""

    kind: str
    origins: tuple[str, ...]
    slot: str


@dataclass(frozen=True)
class RulesVersion:
    """A named rules version: its slots in order, its classification and its flags."""

    id: str
    title: str
    in_force_from: str | None
    in_force_to: str | None
    source_text: str
    source_date: str
    summary: str
    slots: tuple[Slot, ...]
    classification: tuple[Classification, ...]
    # 613.8a(c) (Magic 2010 on): a CDA and a non-CDA never depend on each other.
    # Under 418.5d a dependent effect waits even if a CDA must then apply later.
    cda_dependency_isolated: bool
    # 613.8b: a loop waits as a whole while one of its members waits for an outside effect.
    loop_waits_as_unit: bool = True
    # 707.9d (706.8d from February 2011): a copy exception leaves out the CDAs defining what it excepts.
    copy_exceptions_drop_cdas: bool = True

    def slot_of(self, kind: str, origin: str) -> str | None:
        """613.1-613.4 (418.5a): the slot an operation of ``kind`` from ``origin`` applies in."""
        for rule in self.classification:
            if rule.kind == kind and (not rule.origins or origin in rule.origins):
                return rule.slot
        return None

    def slot_index(self, slot_id: str) -> int:
        """Position of a slot in this version's order."""
        return [s.id for s in self.slots].index(slot_id)


def _require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise ProfileError(f"{where}: field '{key}' must be a {kind.__name__}, got {value!r}")
    return value


def version_from_mapping(data: Mapping[str, Any], where: str = "profile") -> RulesVersion:
    """Build a rules version from profile data, checking every field."""
    if not isinstance(data, Mapping):
        raise ProfileError(f"{where}: a profile must be a mapping")
    known = {"id", "title", "in_force", "source", "summary", "slots", "classify", "flags"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ProfileError(f"{where}: unknown field(s) {unknown}; expected only {sorted(known)}")
    vid = _require(data, "id", str, where)
    slots_data = _require(data, "slots", list, where)
    slots = []
    for i, s in enumerate(slots_data):
        w = f"{where}: slots[{i}]"
        if not isinstance(s, Mapping):
            raise ProfileError(f"{w}: must be a mapping")
        layer = s.get("layer")
        if not isinstance(layer, int) or not 1 <= layer <= 7:
            raise ProfileError(f"{w}.layer: expected an integer from 1 to 7, got {layer!r}")
        slots.append(
            Slot(
                id=str(_require(s, "id", str, w)),
                layer=layer,
                name=str(s.get("name", "")),
                rule=str(s.get("rule", "")),
            )
        )
    ids = [s.id for s in slots]
    if len(set(ids)) != len(ids):
        raise ProfileError(f"{where}: slots: slot ids must be unique, got {ids}")
    if [s.layer for s in slots] != sorted(s.layer for s in slots):
        raise ProfileError(f"{where}: slots: layers must be in ascending order")
    rules = []
    for i, c in enumerate(_require(data, "classify", list, where)):
        w = f"{where}: classify[{i}]"
        if not isinstance(c, Mapping):
            raise ProfileError(f"{w}: must be a mapping")
        kind = c.get("kind")
        if kind not in KINDS:
            raise ProfileError(f"{w}.kind: expected one of {list(KINDS)}, got {kind!r}")
        origins = tuple(c.get("origin", ()))
        bad = [o for o in origins if o not in ORIGINS]
        if bad:
            raise ProfileError(f"{w}.origin: expected origins from {list(ORIGINS)}, got {bad}")
        slot = c.get("slot")
        if slot not in ids:
            raise ProfileError(f"{w}.slot: expected one of the slot ids {ids}, got {slot!r}")
        rules.append(Classification(kind=str(kind), origins=origins, slot=str(slot)))
    missing = [k for k in KINDS if not any(r.kind == k for r in rules)]
    if missing:
        raise ProfileError(f"{where}: classify: no slot for kind(s) {missing}")
    in_force = data.get("in_force") or {}
    source = data.get("source") or {}
    flags = data.get("flags") or {}
    unknown_flags = sorted(set(flags) - {"cda_dependency_isolated", "loop_waits_as_unit", "copy_exceptions_drop_cdas"})
    if unknown_flags:
        raise ProfileError(f"{where}: flags: unknown flag(s) {unknown_flags}")
    return RulesVersion(
        id=vid,
        title=str(data.get("title", vid)),
        in_force_from=in_force.get("from"),
        in_force_to=in_force.get("to"),
        source_text=str(source.get("text", "")),
        source_date=str(source.get("date", "")),
        summary=str(data.get("summary", "")),
        slots=tuple(slots),
        classification=tuple(rules),
        cda_dependency_isolated=bool(flags.get("cda_dependency_isolated", True)),
        loop_waits_as_unit=bool(flags.get("loop_waits_as_unit", True)),
        copy_exceptions_drop_cdas=bool(flags.get("copy_exceptions_drop_cdas", True)),
    )


@cache
def builtin_versions() -> Mapping[str, RulesVersion]:
    """The built-in rules versions, oldest first."""
    out = {}
    for vid in BUILTIN_IDS:
        text = _bundled(f"{vid}.json")
        out[vid] = version_from_mapping(json.loads(text), where=f"profiles/{vid}.json")
    return out


def get_version(vid: str) -> RulesVersion:
    """A built-in version by id; ``current`` names the newest."""
    versions = builtin_versions()
    key = CURRENT if vid == "current" else vid
    if key not in versions:
        raise ProfileError(f"unknown rules version {vid!r}; expected one of {[*versions, 'current']}")
    return versions[key]
