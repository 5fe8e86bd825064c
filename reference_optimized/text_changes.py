"""Tied text changes on one object: one order per class of orders whose changes end alike, not k! orders.

``reference_optimized.territories`` splits a tie (613.7m) by the objects its effects touch, but inside one
territory it tried every order of text changes (612, layer 3): k tied changes of one object's words gave k!
resolutions, "incomplete" past five, even where every order ends alike. This module reads such a group as
string functions that may or may not commute.

**A text change as a function.** A change of ``old`` to ``new`` (612.1-612.2, ``reference.operations.replace_word``)
maps each of the object's ability wordings by ``reference.filters.replace_in_text`` (the word, singular or plural,
where it is a whole word), each subtype and subtype set aside by equality (``old`` becomes ``new``), and appends
``(old, new)`` to the object's ``text_changes``. That record is read afterwards only through the same functions:
which definition stands behind a wording (``reference.effects.find_definition``), and the words of a definition's
filter and values (``substitute``, token and entry definitions), each ``apply_text_changes`` of a definition's
strings, in the order recorded. So an order of the changes on object X is observed only through the composite
string function it gives, on these strings: X's wordings, subtypes and subtypes set aside as the tie's slot
begins, and every string of every definition on the board read through X's earlier changes (the *seeds*). Its
intrinsic mana abilities (305.6) follow: ``intrinsic_abilities`` recomputes them after each change from the
subtypes, and the other wordings evolve by the composite alone, provided no change's words occur in a basic land
type's mana wording (then a change neither alters such a wording nor makes another wording into one).

**The shape** (None outside it, and the caller tries every order). Each key of the group names one effect. Every
effect of the territory with a part in the tie's slot, the group's among them, is a text change and nothing else
(so the group's effects have no part in a later slot, where the order recorded for the tie would order them again,
``reference.choices``; and 612: layer 3 holds nothing else in the territories' shape). No effect there touches the
source of a static ability's effect there: a change of its source's text could turn its wording into another
definition's (``find_definition`` tries the exact wording first), ending one effect and starting another while the
slot applies. The objects each effect touches are fixed (``territories.touched``), and the closure of the seeds
under the changes stays within ``STATES`` strings.

**Why these orders give every outcome (proof sketch).** Within the shape, no effect in the slot depends on another
(613.8a): each exists as long as its source keeps its wording (no effect in the slot changes a source's text),
applies to fixed objects, and what it does (its two words) reads nothing; so the layer loop applies the slot's
effects on X in timestamp order, the group's in the order chosen (613.7m), and X's value after the slot is
``after ∘ G_σ ∘ before`` of its seeds, where G_σ composes the group's changes on X in the order σ. Let R be the closure
of the seeds under every change in the slot on X: every string met while applying any order lies in R. Link two
keys when their changes fail to commute at some string of R, on some object; the classes of that link are the
*components*. Take any order σ of the group, and τ: the components in the order of their first key, each in σ's
order. σ becomes τ by swapping adjacent keys of different components; each swap exchanges two changes that commute
at the string of R they meet, on every object, so G_σ = G_τ on every seed, and the characteristics and every later
reading of the text changes agree. So trying every order inside each component, the components one after the
other, meets every outcome, and every order tried is an order of the tie (no outcome added). Changes of distinct
words that no other change writes ("white" to "green", "elf" to "cat") commute: one order for k changes. "White" to
"green" and "green" to "blue" do not. ``tests/reference_optimized/test_text_changes.py`` compares the outcomes
with every order's on generated boards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from math import factorial, prod
from typing import Any

from reference.effects import ContinuousEffect, parts_in_slot
from reference.filters import apply_text_changes, replace_in_text
from reference.model import Board, State
from reference.versions import RulesVersion
from reference.vocabulary import INTRINSIC_MANA, plural

from .orders import named_effects

# The closure of the seeds is given up (the caller tries every order) past this many strings.
STATES = 4000
# A seed: ("text", s) read by whole words (wordings, definitions' strings), or ("word", s) read by equality (subtypes).
Seed = tuple[str, str]
Change = Callable[[Seed], Seed]


def change_of(effect: ContinuousEffect) -> Change:
    """612.1-612.2: what one effect's text changes, in the order of its text, do to one seed."""
    pairs = [(str(p.args["from"]), str(p.args["to"])) for p in effect.parts]

    def apply(seed: Seed) -> Seed:
        kind, s = seed
        for old, new in pairs:
            s = replace_in_text(s, old, new) if kind == "text" else (new if s == old else s)
        return (kind, s)

    return apply


def strings_in(value: Any) -> set[str]:
    """612.1: every string a definition holds (its wording, filter, values), any of which a text change may read."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, Mapping):
        return set().union(*(strings_in(k) | strings_in(v) for k, v in value.items()))
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(*(strings_in(v) for v in value))
    if hasattr(value, "__dataclass_fields__"):
        return set().union(*(strings_in(getattr(value, f)) for f in value.__dataclass_fields__))
    return set()


def seeds(board: Board, state: State, obj: str) -> set[Seed]:
    """612.1, 612.2: the strings an order of text changes on ``obj`` is observed through (module docstring): its
    wordings and subtypes as the slot begins, and every definition's strings read through its earlier changes."""
    ch = state[obj]
    out: set[Seed] = {("text", a) for a in ch.abilities}
    out |= {("word", s) for s in ch.subtypes | ch.aside_subtypes}
    for d in board.abilities.values():
        out |= {("text", apply_text_changes(s, ch.text_changes)) for s in strings_in(d)}
    return out


def closure(start: set[Seed], changes: Sequence[Change]) -> dict[Seed, tuple[Seed, ...]] | None:
    """612.1: every seed the changes can reach from ``start``, each with its image under each change; None past
    ``STATES``."""
    images: dict[Seed, tuple[Seed, ...]] = {}
    todo = list(start)
    while todo:
        seed = todo.pop()
        if seed in images:
            continue
        if len(images) >= STATES:
            return None
        images[seed] = tuple(c(seed) for c in changes)
        todo.extend(images[seed])
    return images


def clashes(images: Mapping[Seed, tuple[Seed, ...]], i: int, j: int) -> bool:
    """612.1, 613.7m: changes ``i`` and ``j`` give different strings in the two orders at some reached seed."""
    return any(images[row[j]][i] != images[row[i]][j] for row in images.values())


def keeps_mana_wordings(effect: ContinuousEffect) -> bool:
    """305.6, 612.2: no word the effect changes or writes, singular or plural, occurs in a basic land type's mana
    wording (module docstring: then the intrinsic mana abilities follow the composite)."""
    words = {str(p.args[k]) for p in effect.parts for k in ("from", "to")}
    return not any(w in m or plural(w) in m for w in words for m in INTRINSIC_MANA.values())


def text_change_components(
    group: Sequence[str],
    effects: Sequence[ContinuousEffect],
    objects: Mapping[str, frozenset[str]],
    board: Board,
    state: State,
    slot: str,
    version: RulesVersion,
) -> list[tuple[str, ...]] | None:
    """612, 613.7m, 613.8a: the group's keys split into components (module docstring), each to be tried in every
    order, the components in the order of their first key; None outside the shape, or when that gives no fewer
    orders than every order. ``effects``: the territory's effects from the slot on; ``objects``: the fixed objects
    each touches."""
    members = named_effects(group, effects)
    if members is None:
        return None
    here = [e for e in effects if parts_in_slot(e, version, slot)]
    if not all(p.op == "replace_word" for e in here for p in e.parts):
        return None
    changed = set().union(*(objects[e.key] for e in here))
    if any(e.origin in ("static", "cda") and e.source in changed for e in here):
        return None  # 612.2: a wording could become another definition's while the slot applies
    if not all(keeps_mana_wordings(e) for e in here):
        return None
    parent = {k: k for k in group}

    def find(k: str) -> str:
        while parent[k] != k:
            k = parent[k]
        return k

    for obj in sorted(changed & set(state)):
        on = [e for e in here if obj in objects[e.key]]
        images = closure(seeds(board, state, obj), [change_of(e) for e in on])
        if images is None:
            return None
        index = {e.key: n for n, e in enumerate(on)}
        mine = [k for k in group if members[k].key in index]
        for a, ka in enumerate(mine):
            for kb in mine[a + 1 :]:
                if find(ka) != find(kb) and clashes(images, index[members[ka].key], index[members[kb].key]):
                    parent[find(kb)] = find(ka)
    out: dict[str, list[str]] = {}
    for k in group:
        out.setdefault(find(k), []).append(k)
    parts = [tuple(c) for c in out.values()]
    if prod(factorial(len(c)) for c in parts) >= factorial(len(group)):
        return None
    return parts
