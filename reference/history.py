"""The rules on any date: the profile then in force with the dated flag changes since (profiles/dated.json).

Each built-in profile states the rules on the day it took effect. Between two profiles the
rules history (``corpus/sources/cr-history.yaml``, summarised in ``reference/profiles/dated.json``)
dates further changes that a profile flag models: the 2013 legend rule, 613.7a's relative order
of 2021-02-15, the keyword counters of 122.1b, and so on. The rules version of a date is the
profile in force with every change dated after it, up to that day, applied; its id is the date.
A date after the newest text read, or in a period the history marks unknown, still gets an
answer, with warnings (as data: the caller prints them).
"""

from __future__ import annotations

import json
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, timedelta
from functools import cache
from typing import Any

from .versions import FLAGS, ProfileError, RulesVersion, builtin_versions, flag_value, profile_on

WHERE = "reference/profiles/dated.json"
# 613.1-613.4: the rules-history entries that changed the layers and sublayers, by the day they took effect
LAYER_ENTRIES = {"2009-07-08": "m10-seven-layers (2009-07-08)", "2020-04-17": "ikoria-layer-restructure (2020-04-17)"}


@dataclass(frozen=True)
class DatedChange:
    """One dated change of the rules history: from ``day`` on, each of ``flags`` has its value."""

    entry: str
    day: str
    rule: str
    flags: tuple[tuple[str, Any], ...]
    note: str = ""


@dataclass(frozen=True)
class UnknownPeriod:
    """A period for which the rules history read no text (or too little of it) to date changes."""

    start: str
    end: str
    what: str


@dataclass(frozen=True)
class History:
    """The dated changes, oldest first; the periods marked unknown; the newest text read."""

    changes: tuple[DatedChange, ...]
    unknown: tuple[UnknownPeriod, ...]
    newest_text: str


def _day(value: Any, where: str) -> str:
    """A date field (YYYY-MM-DD) of the dated changes (613.7a, 704.5j, 122.1b, ...), checked."""
    try:
        return date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ProfileError(f"{WHERE}: {where}: expected a date YYYY-MM-DD, got {value!r}") from None


def history_from_mapping(data: Mapping[str, Any]) -> History:
    """The dated changes (613.7a, 704.5j, 122.1b, ...) and unknown periods of the history, each field checked."""
    changes = []
    for i, c in enumerate(data.get("changes", [])):
        w = f"changes[{i}]"
        if not isinstance(c, Mapping) or not isinstance(c.get("entry"), str) or not isinstance(c.get("flags"), Mapping):
            raise ProfileError(f"{WHERE}: {w}: expected a mapping with 'entry' (a string) and 'flags' (a mapping)")
        if not isinstance(c.get("rule"), str) or not c["rule"]:
            raise ProfileError(f"{WHERE}: {w}.rule: expected the number of the rule the change is to (a string)")
        flags = tuple((k, flag_value(k, v, f"{WHERE}: {w}")) for k, v in c["flags"].items())
        changes.append(DatedChange(c["entry"], _day(c.get("from"), f"{w}.from"), c["rule"], flags, c.get("note", "")))
    if [c.day for c in changes] != sorted(c.day for c in changes):
        raise ProfileError(f"{WHERE}: changes: expected oldest first")
    unknown = tuple(
        UnknownPeriod(_day(u.get("from"), f"unknown[{i}].from"), _day(u.get("to"), f"unknown[{i}].to"), str(u["what"]))
        for i, u in enumerate(data.get("unknown", []))
    )
    return History(tuple(changes), unknown, _day(data.get("newest_text"), "newest_text"))


@cache
def history() -> History:
    """The bundled rules history of 613, 704.5j, 122.1b and the rest (reference/profiles/dated.json)."""
    data = pkgutil.get_data("reference.profiles", "dated.json")
    if data is None:
        raise FileNotFoundError(WHERE)
    return history_from_mapping(json.loads(data.decode("utf-8")))


def flag_changes(flag: str) -> list[DatedChange]:
    """The dated changes that set ``flag`` (a rule such as 704.5j or 613.7a), oldest first."""
    return [c for c in history().changes if flag in dict(c.flags)]


def flag_timeline(flag: str) -> str:
    """One line: the values ``flag`` (704.5j, 202.3b, ...) had and the dates they took effect."""
    steps = [f"{dict(c.flags)[flag]!r} from {c.day} ({c.entry})" for c in flag_changes(flag)]
    return f"{flag}: " + ("; ".join(steps) if steps else "no dated change")


def _day_before(day: str) -> str:
    """The day before a dated change (613.7a, 704.5j, ...) takes effect: the end of the version before it."""
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


@cache
def rules_on(day: str) -> RulesVersion:
    """613.1, 704.5j, 122.1b and the rest in force on ``day`` (its id): its profile with the changes since."""
    base = profile_on(day)
    assert base.in_force_from is not None
    if day == base.in_force_from:
        return base
    later = [c for c in history().changes if base.in_force_from < c.day <= day and c.flags]
    flags = {k: v for c in later for k, v in c.flags}
    upcoming = [c.day for c in history().changes if c.day > day and c.flags]
    upcoming += [v.in_force_from for v in builtin_versions().values() if v.in_force_from and v.in_force_from > day]
    return replace(
        base,
        id=day,
        title=f"Rules in force on {day}: {base.id}"
        + (f" with the changes of {', '.join(c.day for c in later)}" if later else " (no dated change since)"),
        in_force_from=later[-1].day if later else base.in_force_from,
        in_force_to=_day_before(min(upcoming)) if upcoming else None,
        aliases=(),
        based_on=base.id,
        changes=tuple(f"{c.rule} ({c.day}, {c.entry}): " + _described(c.flags) for c in later),
        clarifications=(),
        **flags,
    )


def _described(flags: tuple[tuple[str, Any], ...]) -> str:
    """A dated change's flags in words (each flag names a rule: 704.5j, 613.7a, 122.1b, ...)."""
    return ", ".join(f"{k} = {list(v) if isinstance(v, tuple) else v!r}" for k, v in flags)


def warnings_on(day: str) -> tuple[str, ...]:
    """What a 613.1 answer for ``day`` rests on beyond the texts read: a later date, or a period marked unknown."""
    h = history()
    out = []
    if day > h.newest_text:
        out.append(
            f"{day} is after the newest rules text the history read ({h.newest_text}): "
            "the rules of that text are assumed to be still in force"
        )
    for u in h.unknown:
        if u.start <= day <= u.end:
            out.append(
                f"{day} lies in a period the rules history marks unknown ({u.start} to {u.end}: {u.what}); "
                "changes are dated from secondary sources there"
            )
    return tuple(out)


def version_warnings(name: str) -> tuple[str, ...]:
    """The warnings for 613.1 under a version asked for by name: a date, a built-in id or an alias alike.

    A date is checked as itself; a built-in profile (by id, alias or ``current``) states the rules
    of its first day, so it is checked on that day: ``m10``, ``2009-07-08`` and the date 2009-07-08
    warn alike. A name that is no version gives none (the caller reports the error).
    """
    parts = name.split("-")
    if [len(p) for p in parts] == [4, 2, 2] and all(p.isdigit() for p in parts):
        return warnings_on(name)
    versions = builtin_versions()
    if name not in versions:
        return ()
    day = versions[name].in_force_from
    if day is None:
        return ()
    shown = versions.canonical(name)
    said = f"{name} is the profile {shown}, the rules of {day}: " if shown != name else ""
    return tuple(said + w for w in warnings_on(day))


def same_rules(a: RulesVersion, b: RulesVersion) -> bool:
    """613.1 and the rest: two versions (two dates, a date and a profile) that give every board the same answer."""
    return (a.slots, a.classification) == (b.slots, b.classification) and all(
        getattr(a, f) == getattr(b, f) for f in FLAGS
    )
