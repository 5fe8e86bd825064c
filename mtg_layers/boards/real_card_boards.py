"""Boards drawn only from catalogue cards (``conformance --generated N --real-cards``).

Each board is a short list of catalogue cards in the order they entered (as ``mtg-layers ask``
builds one: each card gets the next timestamp, 613.7b and 613.7d), each under p1 or p2. A
permanent card enters the battlefield with its printed values and the abilities the catalogue
gives it; an instant or sorcery the catalogue defines resolves. Every object is a real card, by
its real name, with the card's Oracle text in the case's ``cards:``. Targets and attachments are
legal on the board as it is when the card comes: an Aura is attached to a permanent its "enchant"
restriction allows (303.4a), an Equipment to a creature or to nothing (301.5), and a spell's target
is a permanent of the kind its text names (115.1); a card with no legal choice is left out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from reference.versions import get_version

from ..corpus import CorpusError
from .fuzz_boards import Generated, complete
from .fuzz_settings import GeneratorSettings

PERMANENT_TYPES = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})
KINDS = ("creature", "artifact", "enchantment", "land", "planeswalker", "permanent")
ENCHANT = re.compile(r"^enchant (?P<what>[a-z ]+?)\.?$")
REMINDER = re.compile(r"\s*\([^)]*\)")
TARGET = re.compile(
    r"\btarget (?P<non>non-?legendary )?(?P<what>creature|artifact|enchantment|land|planeswalker|permanent)"
)
RESERVED = re.compile(r"[@>\[\]#]")  # characters of ask's argument syntax


@cache
def card_pool() -> tuple[str, ...]:
    """The catalogue cards a board may hold: permanent cards (front faces) and the spells whose effect it defines."""
    from ..catalogue.load import catalogue

    names = []
    for card in catalogue().cards:
        if RESERVED.search(str(card["name"])) or card.get("face") == "back":
            continue
        types = set(card["types"]) - {"tribal", "kindred"}
        if (types and types <= PERMANENT_TYPES) or ("resolves" in card and _spell_target(card) is not False):
            names.append(str(card["name"]))
    return tuple(sorted(names))


def _enchant(card: Mapping[str, Any]) -> str | None:
    """303.4a: what an Aura may enchant ('creature', 'land', ...), or None for a card that is no Aura."""
    if "aura" not in card["subtypes"]:
        return None
    for line in [*(str(a["text"]) for a in card["abilities"]), *str(card["oracle"]).lower().splitlines()]:
        m = ENCHANT.match(REMINDER.sub("", line).strip())  # reminder text is not rules text
        if m:
            return m["what"]
    return "permanent"


def _spell_target(card: Mapping[str, Any]) -> tuple[str, bool] | bool | None:
    """115.1: what a resolving card targets (kind, nonlegendary only); None: no target; False: not one this reads."""
    resolves = card.get("resolves")
    if resolves is None:
        return None
    applies = resolves["applies_to"]
    needs = applies == "target" or (isinstance(applies, Mapping) and applies.get("except_target"))
    if not needs and not any("$target" in str(p) for p in resolves["parts"]):
        return None
    m = TARGET.search(str(card["oracle"]).lower())
    if m is None:
        return False
    return m["what"], bool(m["non"])


def _fits(state: Mapping[str, Any], kind: str, nonlegendary: bool = False) -> bool:
    """Whether a permanent, as the layers make it now, is of a kind ('creature or land' reads both)."""
    if state.get("on_battlefield", True) is False or state.get("zone", "battlefield") != "battlefield":
        return False
    if nonlegendary and "legendary" in (state.get("supertypes") or []):
        return False
    types = set(state.get("types") or [])
    wanted = {w for w in re.split(r" or |, ", kind) if w}
    return any((w == "permanent" and types & PERMANENT_TYPES) or w in types for w in wanted)


def _state(args: Sequence[str], version_id: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The board after the cards so far (each object's characteristics by id), and each permanent's reference
    (``Name#k``, as ask's ``> TARGET`` reads it) with its id."""
    from ..catalogue.ask import build
    from ..catalogue.cli import answer
    from ..catalogue.load import catalogue

    if not args:
        return {}, []
    version = get_version(version_id)
    data = build(args, catalogue(), version.id, lambda d, n: answer(d, n, version))
    seen: dict[str, int] = {}
    refs = []
    for arg, step in zip(args, data["steps"], strict=True):
        for obj in step.get("add_objects", ()):
            name = arg.split(" @", 1)[0].strip()
            seen[name] = seen.get(name, 0) + 1
            refs.append((f"{name}#{seen[name]}", str(obj["id"])))
    return dict(answer(data, len(data["steps"]), version)), refs


def real_card_boards(s: GeneratorSettings) -> st.SearchStrategy[Generated]:
    """Boards of catalogue cards only, in the order they entered; judged at the last card."""

    @st.composite
    def build(draw: st.DrawFn) -> Generated:
        try:
            return draw_board(draw)
        except CorpusError:  # a board the rules cannot resolve as stated (a condition reads whose turn it is)
            reject()
            raise AssertionError("unreachable") from None

    def draw_board(draw: st.DrawFn) -> Generated:
        from ..catalogue.ask import build as build_case
        from ..catalogue.cli import answer
        from ..catalogue.load import catalogue

        cat = catalogue()
        rules = draw(st.sampled_from(s.rules))
        version = get_version(rules)
        args: list[str] = []
        for _ in range(draw(st.integers(min_value=2, max_value=s.max_objects + 2))):
            card = cat.card(draw(st.sampled_from(card_pool())))
            arg = f"{card['name']} @{draw(st.sampled_from(['p1', 'p2']))}"
            enchant = _enchant(card)
            target = _spell_target(card)
            equipment = "equipment" in card["subtypes"]
            if enchant or target or equipment:
                state, refs = _state(args, version.id)
                kind, nonlegendary = (
                    (enchant, False) if enchant else target if isinstance(target, tuple) else ("creature", False)
                )
                legal = [ref for ref, oid in refs if oid in state and _fits(state[oid], str(kind), bool(nonlegendary))]
                if legal and not (equipment and draw(st.booleans())):
                    arg += " > " + draw(st.sampled_from(legal))
                elif not equipment:
                    continue  # 303.4a, 115.1: no legal object to enchant or target
            args.append(arg)
        if len(args) < 2:
            reject()
        data = build_case(args, cat, version.id, lambda d, n: answer(d, n, version))
        data["id"] = "real-cards"
        data["title"] = "Real cards: " + ", then ".join(args)
        data["sources"] = [
            {"kind": "derived", "ref": "conformance --real-cards", "passage": "A board of catalogue cards."}
        ]
        g = complete(data, rules, s, fallback=True)
        if g is None:
            reject()
        assert g is not None
        return g

    return build()
