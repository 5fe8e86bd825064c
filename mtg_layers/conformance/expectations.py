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
    """The fewest entries covering exactly these failures: whole cases, case and version, or single steps.

    ``versions_of`` gives the rules versions that were run for each case.
    """
    by_case: dict[str, list[Failure]] = {}
    for f in failures:
        by_case.setdefault(f.id, []).append(f)
    out: list[KnownFailure] = []
    for cid in sorted(by_case):
        fs = by_case[cid]
        steps = fs[0].steps
        per_version: dict[str, list[Failure]] = {}
        for f in fs:
            per_version.setdefault(f.rules, []).append(f)
        whole = [v for v, vf in per_version.items() if len({f.step for f in vf}) == steps]
        if set(whole) == set(versions_of.get(cid, ())) and whole:
            out.append(KnownFailure(cid, _reason(fs)))
            continue
        for v in sorted(per_version):
            vf = sorted(per_version[v], key=lambda f: f.step)
            if v in whole:
                out.append(KnownFailure(cid, _reason(vf), rules=v))
            else:
                out.extend(KnownFailure(cid, f.reason, step=f.step, rules=v) for f in vf)
    return out


def _reason(fs: Sequence[Failure]) -> str:
    first = sorted(fs, key=lambda f: (f.rules, f.step))[0]
    more = f" (and {len(fs) - 1} more run(s))" if len(fs) > 1 else ""
    return f"{first.rules} step {first.step}: {first.reason}{more}"


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
