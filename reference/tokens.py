"""Tokens created by an ability (111.3, 111.4, 612.2a, 612.4): the values the ability's text gives them.

An ability that creates a token defines the token's characteristics; they are its "text"
and its copiable values (111.3), and it has no other characteristic (no mana cost: mana
value 0). Read from the ability as its source has it when the token is created: a text
change to the source's ability changes the token's creature types and colors (612.2a: the
creature types name the token too), so a text-changed token maker creates the changed token.
A token the ability does not name is named for its subtypes (111.4), followed by the word
"Token" under the rules versions that say so (``RulesVersion.token_name_adds_token``). Once
created, a text change to the token itself is a text change like any other (612.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .filters import apply_text_changes, substitute
from .model import AbilityDef, Board, Characteristics, GameObject
from .resolver import resolve
from .versions import NotStated, RulesVersion


class TokenError(NotStated):
    """A token the case creates cannot be made as asked (no such ability now, no rules version)."""


def token_maker(board: Board, text: str) -> AbilityDef:
    """111.3: the ability definition that creates tokens, by its defined wording."""
    d = board.abilities.get(text)
    if d is None or d.creates is None:
        raise TokenError(f"no ability definition {text!r} creates a token")
    return d


def token_values(definition: AbilityDef, changes: tuple[tuple[str, str], ...]) -> Mapping[str, Any]:
    """612.2a, 111.3: the token's defining values as the (possibly text-changed) ability reads them."""
    assert definition.creates is not None
    values: Mapping[str, Any] = substitute(definition.creates, changes) if changes else definition.creates
    return values


def token_name(values: Mapping[str, Any], version: RulesVersion) -> str:
    """111.4: the name the ability gives, else the token's subtypes (plus "Token" under the newer rule)."""
    if values.get("name"):
        return str(values["name"])
    words = " ".join(w.title() for w in values.get("subtypes", ()))
    if version.token_name_adds_token is None:
        raise TokenError(
            f"111.4: rules version {version.id} does not state whether a token named for its subtypes "
            "adds the word 'Token' to its name",
            "token_name_adds_token",
        )
    if version.token_name_adds_token:
        return f"{words} Token".strip()
    return words


def created_token(
    board: Board, version: RulesVersion, token_id: str, source: str, text: str, timestamp: float
) -> GameObject:
    """111.2, 111.3, 612.2a: the token ``source``'s ability ``text`` creates now, under its controller."""
    d = token_maker(board, text)
    if source not in board.objects:
        raise TokenError(f"{token_id}: the token's source {source!r} is not on the board")
    ch = resolve(board, version).final[source]
    wording = apply_text_changes(d.text, ch.text_changes) if ch.text_changes else d.text
    if wording not in ch.abilities:
        raise TokenError(f"{token_id}: {source} does not have the ability {text!r} now (it has {sorted(ch.abilities)})")
    values = token_values(d, ch.text_changes)
    printed = Characteristics(
        name=token_name(values, version),
        mana_value=0,
        colors=frozenset(values.get("colors", ())),
        types=frozenset(values.get("types", ())),
        subtypes=frozenset(values.get("subtypes", ())),
        supertypes=frozenset(values.get("supertypes", ())),
        abilities=frozenset(values.get("abilities", ())),
        power=values.get("power"),
        toughness=values.get("toughness"),
        controller=ch.controller,
    )
    return GameObject(id=token_id, printed=printed, owner=ch.controller, timestamp=timestamp, token=True)


def creating_tokens(
    board: Board, version: RulesVersion | None, requests: tuple[Mapping[str, Any], ...]
) -> tuple[GameObject, ...]:
    """111.3: the tokens a step's abilities create, each read from the board before the step."""
    if not requests:
        return ()
    if version is None:
        raise TokenError("tokens are created from their source's current text (612.2a): a rules version is needed")
    return tuple(
        created_token(board, version, str(r["id"]), str(r["by"]), str(r["ability"]), r["timestamp"]) for r in requests
    )
