"""The card catalogue read from its file and checked: every error names the file, the field and what was expected."""

from __future__ import annotations

import difflib
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..corpus import CorpusError, read_yaml
from ..corpus.errors import field_path
from ..corpus.schema import schema
from ..paths import CORPUS_DIR

CATALOGUE_FILE = CORPUS_DIR / "catalogue" / "cards.yaml"
# The site's playground ships the catalogue already read and checked against its schema, as JSON, in place of
# the YAML (docs_site.mkdocs_hooks.python_bundle): reading 500 kB of YAML in pure Python, then validating it,
# took most of the page's first answer.
PREREAD_FILE = CATALOGUE_FILE.with_suffix(".json")


def fold(name: str) -> str:
    """A name as looked up: case, accents and punctuation spacing ignored (Humilité = humilite)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return " ".join(text.lower().replace("’", "'").split())


@dataclass(frozen=True)
class Catalogue:
    """The catalogue's entries by name, and every name (English and other languages) that finds one."""

    file: str
    cards: tuple[Mapping[str, Any], ...]
    by_name: Mapping[str, Mapping[str, Any]]

    def card(self, name: str, field: str = "card", label: str | None = None) -> Mapping[str, Any]:
        """The entry a name (English or French) finds; an unknown name gets a 'did you mean'."""
        found = self.by_name.get(fold(name))
        if found is not None:
            return found
        close = difflib.get_close_matches(fold(name), list(self.by_name), n=3, cutoff=0.6)
        shown = [
            str(self.by_name[c]["name"]) + ("" if fold(self.by_name[c]["name"]) == c else f" ({c})") for c in close
        ]
        hint = f"; did you mean {' or '.join(repr(s) for s in shown)}?" if shown else ""
        raise CorpusError(label or self.file, field, f"no card named {name!r} in the catalogue{hint}")

    def abilities_of(self, name: str) -> tuple[list[str], list[Mapping[str, Any]]]:
        """A card's ability wordings (an object's ``abilities``) and the definitions of those modelled (a case's
        ``abilities:`` entries): what a case that says ``card: NAME`` will take from the catalogue."""
        card = self.card(name)
        texts = [str(a["text"]) for a in card["abilities"]]
        return texts, [a["definition"] for a in card["abilities"] if "definition" in a]

    def definitions(self) -> list[Mapping[str, Any]]:
        """Every modelled ability's definition, as a case's ``abilities:`` entry (one per wording)."""
        seen: dict[str, Mapping[str, Any]] = {}
        for card in self.cards:
            for ability in [*card["abilities"], *(card.get("flipped") or {}).get("abilities", [])]:
                if "definition" in ability:
                    seen.setdefault(ability["definition"]["text"], ability["definition"])
        return list(seen.values())


def _validate(data: Any, label: str) -> None:
    """The catalogue against its JSON Schema (which reads the case schema's ability and part)."""
    import jsonschema
    from referencing import Registry, Resource

    registry = Registry().with_resources(  # by $id, as the protocol's schemas are (conformance.protocol.registry)
        (str(schema(n)["$id"]), Resource.from_contents(dict(schema(n)))) for n in ("case", "catalogue")
    )
    validator = jsonschema.Draft202012Validator(dict(schema("catalogue")), registry=registry)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), str(e.absolute_path)))
    if errors:
        err = jsonschema.exceptions.best_match(errors)
        assert err is not None
        raise CorpusError(label, field_path(err.absolute_path), err.message)


def _other_names(card: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The names besides its own that find an entry: other languages' and, for a flip card (710.1), its flipped
    half's name and the two names joined by ``//`` (as Oracle sources list flip cards)."""
    out = [(f"names.{k}", str(v)) for k, v in card.get("names", {}).items()]
    flipped = card.get("flipped")
    if flipped:
        out += [("flipped.name", str(flipped["name"])), ("flipped.name", f"{card['name']} // {flipped['name']}")]
        out += [(f"flipped.names.{k}", str(v)) for k, v in flipped.get("names", {}).items()]
    return out


def _check_meaning(data: Mapping[str, Any], label: str) -> dict[str, Mapping[str, Any]]:
    """What the schema cannot say: names unique (in every language), one definition per wording."""
    by_name: dict[str, Mapping[str, Any]] = {}
    wordings: dict[str, Any] = {}
    for i, card in enumerate(data["cards"]):
        for where, name in [("name", card["name"]), *_other_names(card)]:
            key = fold(name)
            if key in by_name and by_name[key] is not card:
                raise CorpusError(
                    label, f"cards[{i}].{where}", f"the name {name!r} is already {by_name[key]['name']!r}'s"
                )
            by_name[key] = card
        halves = [
            ("", card["abilities"]),
            *([("flipped.", card["flipped"]["abilities"])] if card.get("flipped") else []),
        ]
        for half, j, ability in ((h, j, a) for h, abilities in halves for j, a in enumerate(abilities)):
            d = ability.get("definition")
            if d is None:
                continue
            if d["text"] != ability["text"]:
                raise CorpusError(
                    label, f"cards[{i}].{half}abilities[{j}].definition.text", "expected the ability's own text"
                )
            if d["text"] in wordings and wordings[d["text"]] != d:
                raise CorpusError(
                    label, f"cards[{i}].{half}abilities[{j}].definition", "another card defines this wording otherwise"
                )
            wordings[d["text"]] = d
    return by_name


def load_catalogue(path: Path = CATALOGUE_FILE, *, schema_check: bool = True) -> Catalogue:
    """Read, check and index a catalogue file (``schema_check=False``: the meaning checks only, for the site's
    playground, which runs without jsonschema; the test suite checks the repository's file against its schema)."""
    label = str(path)
    data = read_yaml(path, label)
    if schema_check:
        _validate(data, label)
    by_name = _check_meaning(data, label)
    return Catalogue(label, tuple(data["cards"]), by_name)


@cache
def catalogue() -> Catalogue:
    """The repository's catalogue, read once (without jsonschema installed: unvalidated; in the playground's bundle,
    from the pre-read JSON, checked at build time)."""
    if PREREAD_FILE.is_file() and not CATALOGUE_FILE.is_file():
        data = json.loads(PREREAD_FILE.read_text("utf-8"))
        label = str(CATALOGUE_FILE)
        return Catalogue(label, tuple(data["cards"]), _check_meaning(data, label))
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        return load_catalogue(schema_check=False)
    return load_catalogue()
