"""The list of official rulings (issue 36): one file per card under ``corpus/rulings/``, read and checked.

Each ruling is in the project's own words, with its date and where it was read, and either names the corpus
case that states it or the feature the case format lacks to state it (``MISSING_FEATURES``). Every error
names the file, the field and what was expected, as the corpus loader's do.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..paths import CORPUS_DIR, ROOT
from .errors import CorpusError
from .read import read_yaml
from .schema import validate_schema

RULINGS_DIR = CORPUS_DIR / "rulings"

#: The features a ruling may lack to be stated as a case, each with what it means (the schema's enum).
MISSING_FEATURES: Mapping[str, str] = {
    "triggered-ability": "the answer turns on when or whether a triggered ability triggers or resolves",
    "activated-ability-limits": "the answer is about activating an ability (timing, once each turn), not a value",
    "copy-of-spell": "a copy of a spell on the stack (707.10), which the format has no stack objects for",
    "damage-and-combat": "damage marked on a creature, lethal damage, or combat",
    "mana-abilities": "which mana a permanent can produce beyond the basic land types' abilities",
    "set-name": "an effect that sets a name other than a copy exception or a name sticker",
    "loyalty-and-planeswalker-rules": "loyalty, loyalty abilities and the rules of planeswalkers",
    "zone-change-choices": "a choice made as an object changes zones that the format does not record",
    "costs-and-casting": "costs, casting or playing a card, and what can be cast",
    "player-effects": "an effect on a player (life, hand size, what they may do), not on an object's characteristics",
    "game-rules-outside-layers": "a rule outside the layer system and the state-based actions the format models",
    "flip-cards": "flip cards (709), which the format cannot state",
    "transforming-modal-cards": (
        "an instruction to transform a modal double-faced permanent, which the loader refuses"
        " (ignored in 2020, 711.5; allowed by the 2026 text, 712.9, from a date not read)"
    ),
}

_SLUG = re.compile(r"[^a-z0-9]+")


def card_slug(name: str) -> str:
    """A card name as a file name: lower case ASCII, words joined by hyphens (Humility: humility)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower().replace("'", "")
    return _SLUG.sub("-", text).strip("-")


@dataclass(frozen=True)
class Ruling:
    """One official ruling of a card: date, the project's words, source, and its case or missing feature."""

    card: str
    date: str
    kind: str
    text: str
    source: str
    case: str | None
    not_statable: str | None
    why: str | None
    disagreement: Mapping[str, str] | None
    file: str


def _case_names(case_path: Path, label: str) -> list[str]:
    """The card names a case cites: its ``cards`` entries, its objects' ``card`` (at the start or added by a step)
    and its sources' references."""
    data = read_yaml(case_path, str(case_path))
    if not isinstance(data, Mapping):
        raise CorpusError(label, "", f"{case_path} is not a case")
    names = [str(c.get("name", "")) for c in data.get("cards", []) if isinstance(c, Mapping)]
    objects = list(data.get("objects", []))
    objects += [o for s in data.get("steps", []) if isinstance(s, Mapping) for o in s.get("add_objects", [])]
    cards = [str(o["card"]) for o in objects if isinstance(o, Mapping) and o.get("card")]
    names += cards + [other for card in cards for other in _other_halves(card)]
    names += [str(s.get("ref", "")) for s in data.get("sources", []) if isinstance(s, Mapping)]
    return names


def _other_halves(card: str) -> list[str]:
    """The names a catalogue card also goes by: a flip card's flipped half (710.1), a double-faced card's other face."""
    from ..catalogue.load import catalogue, fold

    entry = catalogue().by_name.get(fold(card))
    if entry is None:
        return []
    flipped = entry.get("flipped")
    other = [str(flipped["name"])] if isinstance(flipped, Mapping) and "name" in flipped else []
    return other + ([str(entry["other_face"])] if entry.get("other_face") else [])


def _cites(names: list[str], card: str) -> bool:
    """Whether one of a case's cited names is the card, or a reference that names it."""
    folded = card.casefold()
    return any(n.casefold() == folded or folded in n.casefold() for n in names)


def load_rulings_file(path: Path, root: Path = ROOT) -> list[Ruling]:
    """One card's rulings, read, checked against ``rulings.schema.json`` and for meaning: the file is named for the
    card, each case exists and cites the card, and a missing feature is one of ``MISSING_FEATURES``."""
    label = str(path)
    data = read_yaml(path, label)
    validate_schema(data, label, "rulings")
    card = str(data["card"])
    if path.stem != card_slug(card):
        raise CorpusError(label, "card", f"the file of {card!r} must be named {card_slug(card)}.yaml")
    out: list[Ruling] = []
    seen: set[tuple[str, str]] = set()
    for i, r in enumerate(data["rulings"]):
        where = f"rulings[{i}]"
        key = (r["date"], r["ruling"])
        if key in seen:
            raise CorpusError(label, f"{where}.ruling", "the same ruling is listed twice")
        seen.add(key)
        case = r.get("case")
        if case is not None:
            case_path = root / case
            if not case_path.is_file():
                raise CorpusError(label, f"{where}.case", f"expected the path of a corpus case; {case} does not exist")
            if not _cites(_case_names(case_path, label), card):
                raise CorpusError(
                    label, f"{where}.case", f"expected a case that cites {card!r} (in cards, objects or sources)"
                )
        if r.get("why") is not None and case is not None:
            raise CorpusError(label, f"{where}.why", "expected only with not_statable (a stated ruling has its case)")
        out.append(
            Ruling(
                card=card,
                date=r["date"],
                kind=r.get("kind", "oracle-ruling"),
                text=r["ruling"],
                source=r["source"],
                case=case,
                not_statable=r.get("not_statable"),
                why=r.get("why"),
                disagreement=r.get("disagreement"),
                file=label,
            )
        )
    return out


def load_rulings(directory: Path = RULINGS_DIR, root: Path = ROOT) -> list[Ruling]:
    """Every card's rulings in a directory, cards in file-name order."""
    out: list[Ruling] = []
    for path in sorted(directory.glob("*.yaml")):
        out.extend(load_rulings_file(path, root))
    return out


def summary(rulings: list[Ruling]) -> dict[str, Any]:
    """The counts the coverage page shows: found, stated, not statable by feature, cards, cases, disagreements."""
    by_feature: dict[str, int] = {}
    for r in rulings:
        if r.not_statable:
            by_feature[r.not_statable] = by_feature.get(r.not_statable, 0) + 1
    return {
        "rulings": len(rulings),
        "cards": len({r.card for r in rulings}),
        "stated": sum(r.case is not None for r in rulings),
        "cases": len({r.case for r in rulings if r.case}),
        "not_statable": dict(sorted(by_feature.items())),
        "disagreements": sum(r.disagreement is not None for r in rulings),
        "fixed": sum(r.disagreement is not None and "fixed" in r.disagreement for r in rulings),
    }
