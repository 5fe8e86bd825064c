"""The words a board is built from (issue 33): card types, supertypes and player ids, checked like colors.

A misspelt card type (``types: [enchantmant]``), supertype (``supertypes: [legendery]``) or player
(``controller: P1``) used to load silently and change the board: an object with no card type, no
supertype, or a new player. These checks find every such word of a case, each with its field path
and the nearest correct word, and return them all (the loader reports every error of a file at once).

- Card types are the words of 205.2a (``tribal`` and ``kindred`` both, named per rules version);
  supertypes those of the type line (205.1); both wherever a case writes a list of them (objects, tokens, face
  values, effects' parts). Expected values are checked by ``authoring.check_expectation``.
- A player id is ``p`` and a number (``p1``, ``p2``, …): objects' controllers and owners, effects'
  controllers. ``set_controller``'s ``player`` may also be ``you`` (109.4: the effect's controller).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from reference.vocabulary import CARD_TYPES, SUPERTYPES

from .authoring import suggest

TYPE_KEYS = ("types", "add_types", "set_types", "remove_types")
SUPERTYPE_KEYS = ("supertypes", "add_supertypes", "remove_supertypes")
PLAYER_ID = re.compile(r"p[1-9][0-9]*")

Problem = tuple[str, str]  # (field path, message)


def card_type_words(node: Any, where: str = "") -> Iterator[Problem]:
    """205.1, 205.2a: every list of card types or supertypes holds only those words (expectations aside)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            path = f"{where}.{key}" if where else str(key)
            if key == "expect" and where.startswith("steps["):
                continue  # checked by authoring.check_expectation, with the has/lacks forms
            if key in TYPE_KEYS and isinstance(value, list):
                yield from _words(path, value, CARD_TYPES, "a card type (205.2a)")
            elif key in SUPERTYPE_KEYS and isinstance(value, list):
                yield from _words(path, value, SUPERTYPES, "a supertype (205.1)")
            else:
                yield from card_type_words(value, path)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from card_type_words(value, f"{where}[{i}]")


def _words(where: str, values: list[Any], known: tuple[str, ...], what: str) -> Iterator[Problem]:
    for i, word in enumerate(values):
        if isinstance(word, str) and word not in known:
            yield f"{where}[{i}]", f"{word!r} is not {what}: one of {', '.join(known)}{suggest(word, known)}"


def player_ids(data: Mapping[str, Any]) -> Iterator[Problem]:
    """Every player a board names is a player id (``p1``, ``p2``, …); ``set_controller`` may say ``you`` (109.4)."""
    ids = sorted(_named_ids(data), key=lambda p: int(p[1:])) or ["p1", "p2"]
    for where, who in _players_named(data):
        if isinstance(who, str) and not PLAYER_ID.fullmatch(who):
            allowed = "'you' or a player id" if where.endswith(".player") else "a player id"
            yield (
                where,
                (f"{who!r} is not {allowed} ('p' and a number: {', '.join(ids)}, …){suggest(who.lower(), ids)}"),
            )


def _named_ids(data: Mapping[str, Any]) -> set[str]:
    return {w for _, w in _players_named(data) if isinstance(w, str) and PLAYER_ID.fullmatch(w)}


def _players_named(data: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    for where, o in _objects(data):
        for key in ("controller", "owner"):
            if key in o:
                yield f"{where}.{key}", o[key]
    for where, e in _effects(data):
        if "controller" in e:
            yield f"{where}.controller", e["controller"]
        for j, p in enumerate(e.get("parts", ()) if isinstance(e.get("parts"), list) else ()):
            if isinstance(p, Mapping) and p.get("op") == "set_controller" and p.get("player") != "you":
                yield f"{where}.parts[{j}].player", p.get("player")


def _objects(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for i, o in enumerate(_list(data.get("objects"))):
        yield f"objects[{i}]", o
    for s, step in enumerate(_list(data.get("steps"))):
        for i, o in enumerate(_list(step.get("add_objects"))):
            yield f"steps[{s}].add_objects[{i}]", o
        for i, t in enumerate(_list(step.get("create_tokens"))):
            yield f"steps[{s}].create_tokens[{i}]", t


def _effects(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for i, e in enumerate(_list(data.get("effects"))):
        yield f"effects[{i}]", e
    for i, a in enumerate(_list(data.get("abilities"))):
        yield f"abilities[{i}]", {"parts": a.get("parts", [])}
    for s, step in enumerate(_list(data.get("steps"))):
        for i, e in enumerate(_list(step.get("add_effects"))):
            yield f"steps[{s}].add_effects[{i}]", e


def _list(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def board_word_problems(data: Any) -> list[Problem]:
    """Every misspelt card type, supertype and player id of a case, in the order the file gives them."""
    if not isinstance(data, Mapping):
        return []
    return [*card_type_words(data), *player_ids(data)]
