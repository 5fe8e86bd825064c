"""Made-up objects: case objects that name no catalogue card, the candidates for ``made_up: REASON``.

An object that says ``card:`` stands for a real card; one that does not, whose name the catalogue does not
know either, is either a real card not yet catalogued or a made-up object a case needs for a rule no card
shows. This lists them (file, field path, name) so each can be given a card or an honest reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..corpus import read_yaml
from .load import Catalogue, fold
from .refs import object_places


@dataclass(frozen=True)
class Candidate:
    """One object that names no card and whose name the catalogue does not know."""

    path: Path
    where: str
    name: str
    marked: bool


def candidates_in(data: Mapping[str, Any], path: Path, cat: Catalogue) -> Iterator[Candidate]:
    """The objects of one case that name no card and whose name is not a catalogue card's."""
    for where, obj in object_places(data):
        if not isinstance(obj, Mapping) or "card" in obj:
            continue
        name = str(obj.get("name", obj.get("id", "")))
        if fold(name) in cat.by_name:
            continue
        yield Candidate(path, where, name, "made_up" in obj)


def candidates(files: Iterable[Path], cat: Catalogue) -> list[Candidate]:
    """Every candidate across case files, in file order."""
    out: list[Candidate] = []
    for path in files:
        data = read_yaml(path, str(path))
        if isinstance(data, Mapping):
            out.extend(candidates_in(data, path, cat))
    return out
