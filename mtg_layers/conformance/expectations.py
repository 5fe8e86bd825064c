"""The expectations file (known failures), owned by the engine author: read, match, write.

    implementation: my-engine          # informational
    known_failures:
      - id: seed-gray-ogre             # a case id
        rules: pre-m10                 # optional: only this rules version
        step: 4                        # optional: only this step
        reason: "we do not model 418.5 sublayers"

A run that an entry matches and that does not pass is an expected failure (``xfail``);
one that passes is ``fixed`` (remove the entry; ``--strict`` fails the run until you do).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..corpus import CorpusError, read_yaml
from .protocol import message_error


@dataclass(frozen=True)
class KnownFailure:
    """One entry of the file."""

    id: str
    reason: str
    step: int | None = None
    rules: str | None = None

    def matches(self, case_id: str, step: int, rules: str) -> bool:
        """True when this entry covers the run."""
        return (
            self.id == case_id
            and (self.step is None or self.step == step)
            and (self.rules is None or self.rules == rules)
        )

    def as_dict(self) -> dict[str, Any]:
        """The entry as it is written in the file."""
        out: dict[str, Any] = {"id": self.id}
        if self.rules is not None:
            out["rules"] = self.rules
        if self.step is not None:
            out["step"] = self.step
        out["reason"] = self.reason
        return out


@dataclass(frozen=True)
class Expectations:
    """Every known failure of an engine; the first matching entry wins."""

    entries: tuple[KnownFailure, ...] = ()
    implementation: str | None = None
    path: str | None = None

    def match(self, case_id: str, step: int, rules: str) -> KnownFailure | None:
        """The entry covering a run, if any."""
        for e in self.entries:
            if e.matches(case_id, step, rules):
                return e
        return None


def load_expectations(path: Path) -> Expectations:
    """Read a YAML or JSON expectations file and check it against its schema."""
    data = read_yaml(path)
    if data is None:
        data = {"known_failures": []}
    problem = message_error("expectations", data)
    if problem:
        raise CorpusError(str(path), "", f"not a valid expectations file: {problem}")
    entries = tuple(
        KnownFailure(id=str(e["id"]), reason=str(e["reason"]), step=e.get("step"), rules=e.get("rules"))
        for e in data["known_failures"]
    )
    return Expectations(entries, data.get("implementation"), str(path))


@dataclass(frozen=True)
class Failure:
    """One run that did not pass, for writing a starting file."""

    id: str
    rules: str
    step: int
    steps: int
    reason: str


def grouped(failures: Iterable[Failure], versions_of: Mapping[str, Sequence[str]]) -> list[KnownFailure]:
    """The fewest entries covering exactly these failures, one per failing group: a whole case; a rules
    version failing at every step; a step failing under every version; else a single run.

    ``versions_of`` gives the rules versions that were run (not skipped) for each case.
    """
    by_case: dict[str, list[Failure]] = {}
    for f in failures:
        by_case.setdefault(f.id, []).append(f)
    out: list[KnownFailure] = []
    for cid in sorted(by_case):
        out += _case_groups(cid, by_case[cid], versions_of.get(cid, ()))
    return out


def _case_groups(cid: str, fs: Sequence[Failure], ran: Sequence[str], reason: str | None = None) -> list[KnownFailure]:
    """One case's failures as groups (``reason``, when given, is every entry's reason)."""
    steps = fs[0].steps
    failed = {(f.rules, f.step): f for f in fs}
    versions = sorted(set(ran) | {f.rules for f in fs})
    every_step = [v for v in versions if all((v, s) in failed for s in range(1, steps + 1))]
    if set(every_step) == set(versions) and set(ran) >= {f.rules for f in fs} and ran:
        return [KnownFailure(cid, reason or _reason(fs))]
    out = [
        KnownFailure(cid, reason or _reason([failed[(v, s)] for s in range(1, steps + 1)]), rules=v) for v in every_step
    ]
    left = {k: f for k, f in failed.items() if k[0] not in every_step}
    for s in sorted({s for _, s in left}):
        at_step = [f for (v, s2), f in failed.items() if s2 == s]
        if len(versions) > 1 and {f.rules for f in at_step} == set(versions) and set(ran) == set(versions):
            out.append(KnownFailure(cid, reason or _reason(at_step), step=s))
            for f in at_step:
                left.pop((f.rules, s), None)
    out += [KnownFailure(cid, reason or f.reason, step=s, rules=v) for (v, s), f in sorted(left.items())]
    return out


def _reason(fs: Sequence[Failure]) -> str:
    first = sorted(fs, key=lambda f: (f.rules, f.step))[0]
    more = f" (and {len(fs) - 1} more run(s))" if len(fs) > 1 else ""
    return f"{first.rules} step {first.step}: {first.reason}{more}"


@dataclass(frozen=True)
class Ran:
    """One run that was sent (not skipped), for merging: did it fail, and the failure."""

    failure: Failure
    failed: bool


@dataclass(frozen=True)
class Merged:
    """An expectations file merged with a run: the entries to write and what changed."""

    entries: tuple[KnownFailure, ...]
    kept: tuple[KnownFailure, ...] = ()
    narrowed: tuple[tuple[KnownFailure, tuple[KnownFailure, ...]], ...] = ()
    dropped: tuple[KnownFailure, ...] = ()  # every run they list now passes
    added: tuple[KnownFailure, ...] = ()


def merged(existing: Expectations, runs: Sequence[Ran]) -> Merged:
    """The existing file's entries brought up to date with a run, hand-written reasons kept.

    An entry whose runs all still fail is kept as it is; one whose runs all pass is dropped; one with
    some of each is narrowed to the groups that still fail, keeping its reason; an entry that matched
    no run (a filter left its case out) is kept. Failures no entry lists are added, one per group.
    """
    versions_of: dict[str, list[str]] = {}
    for r in runs:
        if r.failure.rules not in versions_of.setdefault(r.failure.id, []):
            versions_of[r.failure.id].append(r.failure.rules)
    entries: list[KnownFailure] = []
    kept, dropped, narrowed = [], [], []
    covered: set[tuple[str, str, int]] = set()
    for e in existing.entries:
        mine = [r for r in runs if e.matches(r.failure.id, r.failure.step, r.failure.rules)]
        mine = [r for r in mine if (r.failure.id, r.failure.rules, r.failure.step) not in covered]
        still = [r.failure for r in mine if r.failed]
        covered |= {(r.failure.id, r.failure.rules, r.failure.step) for r in mine}
        if not mine or len(still) == len(mine):
            entries.append(e)
            kept.append(e)
        elif not still:
            dropped.append(e)
        else:
            parts = tuple(_case_groups(e.id, still, versions_of.get(e.id, ()), reason=e.reason))
            entries += parts
            narrowed.append((e, parts))
    new = [r.failure for r in runs if r.failed and (r.failure.id, r.failure.rules, r.failure.step) not in covered]
    added = grouped(new, versions_of)
    return Merged(tuple(entries + added), tuple(kept), tuple(narrowed), tuple(dropped), tuple(added))


def merge_lines(path: Path, update: Merged) -> list[str]:
    """What a merge changed, for the console: the counts, then each dropped and narrowed entry."""
    lines = [
        f"{path}: {len(update.entries)} entries ({len(update.kept)} kept, {len(update.narrowed)} narrowed, "
        f"{len(update.added)} added, {len(update.dropped)} dropped because every run they list now passes)"
    ]
    lines += [f"  dropped (passes now): {_entry_text(e)}" for e in update.dropped]
    for e, parts in update.narrowed:
        lines.append(f"  narrowed: {_entry_text(e)} -> {', '.join(_entry_text(p) for p in parts)}")
    return lines


def _entry_text(e: KnownFailure) -> str:
    where = "".join(f" [{x}]" for x in (e.rules, f"step {e.step}" if e.step else None) if x)
    return f"{e.id}{where}"


def write_expectations(path: Path, entries: Sequence[KnownFailure], implementation: str | None) -> None:
    """Write a starting expectations file: YAML for .yaml/.yml, JSON otherwise."""
    data: dict[str, Any] = {}
    if implementation:
        data["implementation"] = implementation
    data["known_failures"] = [e.as_dict() for e in entries]
    if path.suffix in (".yaml", ".yml"):
        header = "# Known failures (mtg-layers conformance --expectations). Edit the reasons.\n"
        text = header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)
    else:
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
