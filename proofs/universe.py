"""The finite universe of a board: every word, player and name any characteristic can take.

The encoding gives each object one z3 boolean per type, subtype, supertype, color and
ability wording of this universe, so the universe must hold every value the layer
process can produce: printed values, values that effects add or set, copiable values,
face-down values, and the closure of all wordings under the board's text changes (612).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from reference.model import Board, Part
from reference.versions import RulesVersion

from .choices import chosen_words
from .stickers import sticker_abilities, sticker_names
from .vocabulary import COLORS, INTRINSIC, KEYWORD_COUNTERS
from .words import WORD_KEYS, copy_source_values, face_down_values, rewrite, words_in

MAX_ALTERNATIVES = 256


@dataclass(frozen=True)
class Universe:
    """Every value of the board's finite universe, each list in a fixed order."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    abilities: tuple[str, ...]
    players: tuple[str, ...]
    names: tuple[str, ...]
    from_words: tuple[str, ...]  # words some text change replaces (612)
    words: tuple[str, ...]  # every word a text change reads or writes
    replacements: tuple[tuple[str, str], ...]
    costs: tuple[str, ...] = ()  # mana costs (202.1) any object can have
    # variants per text, computed once (issue 13: every view of every effect asks again)
    _variants: dict[str, list[tuple[dict[str, str], str]]] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )

    def cost(self, c: str | None) -> int:
        """The index of a mana cost (-1: no mana cost)."""
        return self.costs.index(c) if c in self.costs else -1

    def player(self, p: str | None) -> int:
        """The index of a player (-1: no player)."""
        return self.players.index(p) if p in self.players else -1

    def name(self, n: str | None) -> int:
        """The index of a name (-1: no name)."""
        return self.names.index(n) if n in self.names else -1

    def variants(self, text: str) -> list[tuple[dict[str, str], str]]:
        """612.2: every way the text changes can rewrite ``text``: (word images, resulting text)."""
        if text in self._variants:
            return self._variants[text]
        found = words_in(text, self.from_words)
        out = []
        for images in itertools.product(self.words, repeat=len(found)):
            mapping = dict(zip(found, images, strict=True))
            out.append((mapping, rewrite(text, mapping)))
            if len(out) > MAX_ALTERNATIVES:
                raise ValueError(f"too many text-change variants of {text!r}")
        self._variants[text] = out
        return out


def _all_parts(board: Board) -> Iterator[Part]:
    for e in board.effects:
        yield from e.parts
    for d in board.abilities.values():
        yield from d.parts


def _filters(data: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) pair in a nested filter or instruction."""
    if isinstance(data, Mapping):
        for k, v in data.items():
            yield (k, v)
            yield from _filters(v)
    elif isinstance(data, tuple | list):
        for v in data:
            yield from _filters(v)


def _strings(v: Any) -> Iterable[str]:
    if isinstance(v, str):
        return (v,)
    if isinstance(v, tuple | list | frozenset):
        return tuple(x for x in v if isinstance(x, str))
    return ()


def build_universe(board: Board, versions: Iterable[RulesVersion]) -> Universe:
    """613.1, 612.2: every value the layers can give a characteristic on this board, under the given versions."""
    types: set[str] = set()
    subtypes: set[str] = set()
    supertypes: set[str] = set()
    abilities: set[str] = set()
    players: set[str] = set()
    names: set[str] = set()
    costs: set[str] = set()
    repl: set[tuple[str, str]] = set()

    def take(values: Mapping[str, Any]) -> None:
        types.update(values.get("types", ()))
        subtypes.update(_strings(values.get("subtypes", ())))  # a chosen word: the objects' choices, below
        supertypes.update(values.get("supertypes", ()))
        abilities.update(values.get("abilities", ()))
        if values.get("name") is not None:
            names.add(str(values["name"]))
        if values.get("mana_cost") is not None:
            costs.add(str(values["mana_cost"]))

    for o in board.objects.values():
        ch = o.printed
        choice = chosen_words(o)  # 614.1c: what it chose as it entered
        subtypes.update(choice["subtypes"])
        types.update(choice["types"])
        names.update(choice["names"])
        take({"types": ch.types, "subtypes": ch.subtypes, "supertypes": ch.supertypes, "abilities": ch.abilities})
        take({f: o.entered_as.get(f"add_{f}", ()) for f in ("types", "subtypes", "abilities")})
        for m in o.merges:  # 729: every merged component's words and values too
            mc = m.component.printed
            take({"types": mc.types, "subtypes": mc.subtypes, "supertypes": mc.supertypes, "abilities": mc.abilities})
            take({"name": mc.name, "mana_cost": mc.mana_cost})
        if o.back_face is not None:  # 712: the back face's words and values too
            b = o.back_face
            take({"types": b.types, "subtypes": b.subtypes, "supertypes": b.supertypes, "abilities": b.abilities})
            take({"name": b.name, "mana_cost": b.mana_cost})
        if o.flip_face is not None:  # 710.1b: the alternative half's words and values too
            half = o.flip_face
            take({"types": half.types, "subtypes": half.subtypes, "supertypes": half.supertypes})
            take({"abilities": half.abilities, "name": half.name})
        if ch.name is not None:
            names.add(ch.name)
        if ch.mana_cost is not None:
            costs.add(ch.mana_cost)
        players.update((ch.controller, o.owner))
        if o.face_down:
            take(face_down_values(o.face_down_values))
        for c in o.counters:
            if c.kind in KEYWORD_COUNTERS:
                abilities.add(c.kind)
    for e in board.effects:
        if e.controller is not None:
            players.add(e.controller)
        for p in e.parts:
            if p.op == "copy_of":
                for v in versions:
                    take(copy_source_values(board, v, p.args, e.timestamp))
                    for t in e.applies_to if p.args.get("double_faced") else ():  # 707.8a: the token's face
                        if t in board.objects:
                            take(copy_source_values(board, v, p.args, e.timestamp, t))
    for d in board.abilities.values():
        abilities.add(d.text)
    for p in _all_parts(board):
        a = p.args
        if p.op == "replace_word":
            repl.add((str(a["from"]), str(a["to"])))
        elif p.op == "copy_of":
            pass  # taken above, with the timestamp the copy effect began (707.2b)
        elif p.op == "face_down":
            take(face_down_values(a))
        elif p.op == "set_controller" and a["player"] != "you":
            players.add(str(a["player"]))
        elif p.op == "set_name":  # 612.8: the name the effect gives
            names.add(str(a["name"]))
        elif p.op == "full_text_of":  # 612.6: the card's text is an object's printed values, taken above
            take({"abilities": a.get("plus", ())})
        else:
            take({k: a.get(k, ()) for k in ("types", "subtypes", "supertypes", "abilities")})
    conditions = [d.condition for d in board.abilities.values() if d.condition is not None]
    for data in [d.applies_to for d in board.abilities.values()] + conditions + [p.args for p in _all_parts(board)]:
        for k, v in _filters(data):
            if k == "type":
                types.add(str(v))
            elif k == "subtype" and isinstance(v, str):
                subtypes.add(v)
            elif k == "supertype":
                supertypes.add(str(v))
            elif k == "has_ability":
                abilities.add(str(v))
            elif k == "name" and isinstance(v, str):
                names.add(v)
            elif k in ("controller", "owner") and v not in ("you", "opponent"):
                players.add(str(v))
    from_words = tuple(sorted({f for f, _ in repl}))
    words = tuple(sorted({w for pair in repl for w in pair}))
    partial = Universe((), (), (), (), (), (), (), from_words, words, tuple(sorted(repl)))
    if repl:
        # 612: word-bearing strings of ability definitions read through any text change
        for d in board.abilities.values():
            for k, v in _filters((d.applies_to, tuple(p.args for p in d.parts))):
                if k in WORD_KEYS:
                    for s in _strings(v):
                        for _, text in partial.variants(s):
                            if k in ("subtype", "subtypes"):
                                subtypes.add(text)
                            elif k in ("abilities", "has_ability"):
                                abilities.add(text)
        # closure of wordings and subtypes under every single replacement (sequences compose)
        for _ in range(8):
            before = (len(abilities), len(subtypes))
            for f, t in repl:
                abilities.update({rewrite(a, {f: t}) for a in abilities})
                if f in subtypes:
                    subtypes.add(t)
            if (len(abilities), len(subtypes)) == before:
                break
        for d in board.abilities.values():
            abilities.update(text for _, text in partial.variants(d.text))
    # 305.6: every basic land type an object could have brings its mana ability
    abilities.update(text for basic, text in INTRINSIC.items() if basic in subtypes)
    # 123.6-123.7: the names name stickers make, and the abilities ability stickers give
    abilities.update(sticker_abilities(board.objects.values()))
    names = sticker_names(names, board.objects.values())
    return Universe(
        types=tuple(sorted(types)),
        subtypes=tuple(sorted(subtypes)),
        supertypes=tuple(sorted(supertypes)),
        colors=COLORS,
        abilities=tuple(sorted(abilities)),
        players=tuple(sorted(players)),
        names=tuple(sorted(names)),
        from_words=from_words,
        words=words,
        replacements=tuple(sorted(repl)),
        costs=tuple(sorted(costs)),
    )
