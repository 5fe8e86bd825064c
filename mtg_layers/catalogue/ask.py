"""Asking by card names: a list of cards in the order they entered, in a short syntax, built into a case.

One argument per event, in order (each gets the next timestamp, 613.7b and 613.7d)::

    [activate[ N] ]NAME[ @PLAYER][ > TARGET][ [COUNTERS]]

* ``NAME``: a card of the catalogue, in English or French. A permanent card enters the battlefield;
  an instant or sorcery resolves (its ``resolves`` definition); ``activate NAME`` resolves an activated
  ability the object entered as NAME has now (read off the board as the layers make it, so a
  Mirrorweaved Rider activates Mutavault's ability). When it has more than one the catalogue defines,
  ``activate N NAME`` names the Nth, in the order the catalogue lists them.
* ``@p2``: the controller (default ``p1``).
* ``> TARGET``: the spell's or ability's target, or the object an Aura or Equipment is attached to: the
  NAME an earlier argument used (``Grizzly Bears#2`` for the second of that name).
* ``[COUNTERS]``: counters the permanent enters with, comma separated, each ``KIND`` or ``N KIND``
  (``[+1/+1]``, ``[2 +1/+1, flying]``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..corpus import CorpusError
from .load import Catalogue, fold

ARG = re.compile(
    r"^\s*(?P<activate>activate\s+(?:(?P<nth>\d+)\s+)?)?(?P<name>[^@>\[\]]+?)\s*(?:@\s*(?P<who>p\d+))?\s*"
    r"(?:>\s*(?P<target>[^\[\]]+?))?\s*(?:\[(?P<counters>[^\]]*)\])?\s*$"
)
COUNTER = re.compile(r"^\s*(?:(?P<n>\d+)\s+)?(?P<kind>\S.*?)\s*$")
PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
Resolver = Callable[[Mapping[str, Any], int], Mapping[str, Mapping[str, Any]]]


@dataclass(frozen=True)
class Event:
    """One argument read: what happens, to which card, under whose control."""

    activate: bool
    nth: int | None
    name: str
    controller: str
    target: str | None
    counters: tuple[tuple[str, int], ...]


def parse(arg: str, where: str) -> Event:
    """One argument of ``ask`` in the syntax above."""
    m = ARG.match(arg)
    if m is None:
        raise CorpusError("ask", where, f"expected [activate[ N] ]NAME[ @p2][ > TARGET][ [COUNTERS]], got {arg!r}")
    counters = []
    for item in (m["counters"] or "").split(","):
        if not item.strip():
            continue
        c = COUNTER.match(item)
        assert c is not None
        counters.append((c["kind"], int(c["n"] or 1)))
    nth = int(m["nth"]) if m["nth"] else None
    return Event(bool(m["activate"]), nth, m["name"].strip(), m["who"] or "p1", m["target"], tuple(counters))


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(name)).strip("-") or "card"


def build(args: Sequence[str], cat: Catalogue, version_id: str, resolve_at: Resolver) -> dict[str, Any]:
    """The case data the arguments describe (``resolve_at(case, step)`` reads the board for targets and abilities)."""
    case: dict[str, Any] = {
        "id": "ask",
        "title": "Asked by card names: " + ", then ".join(args),
        "status": "derived",
        "versions": [version_id],
        "features": ["multi-step"],
        "sources": [
            {"kind": "derived", "ref": "mtg-layers ask", "passage": "A board asked by card names; no expected answer."}
        ],
        "cards": [],
        "abilities": [],
        "objects": [],
        "steps": [],
    }
    ids: dict[str, list[str]] = {}
    wordings = {a["text"]: a for c in cat.cards for a in c["abilities"]}
    used: set[str] = set()
    for n, arg in enumerate(args, start=1):
        where = f"argument {n}"
        ev = parse(arg, where)
        card = cat.card(ev.name, where, "ask")
        target = _target(ev.target, ids, where) if ev.target else None
        step: dict[str, Any] = {"description": arg, "expect": {version_id: {}}}
        if ev.activate:
            obj = _target(ev.name, ids, where)
            step["add_effects"] = [_activation(case, n, obj, ev.nth, target, wordings, resolve_at, where)]
        elif card["types"] and set(card["types"]) <= PERMANENT_TYPES | {"tribal", "kindred"}:
            step["add_objects"] = [_permanent(card, ev, n, target, ids)]
        elif "resolves" in card:
            effect = _effect(case, card["resolves"], n, None, target, resolve_at, where, ev.controller)
            step["add_effects"] = [{**effect, "description": f"{card['name']} resolves", "controller": ev.controller}]
        else:
            raise CorpusError(cat.file, where, f"{card['name']!r}: the catalogue has no definition of what it does")
        if card["name"] not in used:
            used.add(card["name"])
            case["cards"].append(_card_entry(card))
            for d in cat.abilities_of(card["name"])[1]:
                if d["text"] not in {known["text"] for known in case["abilities"]}:
                    case["abilities"].append(d)
        case["steps"].append(step)
    return case


def _target(ref: str, ids: Mapping[str, list[str]], where: str) -> str:
    name, _, nth = ref.strip().partition("#")
    found = ids.get(fold(name), [])
    k = int(nth) if nth.isdigit() else 1
    if not 1 <= k <= len(found):
        known = ", ".join(sorted(ids)) or "none yet"
        raise CorpusError("ask", where, f"no earlier card named {ref!r} (cards so far: {known})")
    return found[k - 1]


def _permanent(
    card: Mapping[str, Any], ev: Event, n: int, target: str | None, ids: dict[str, list[str]]
) -> dict[str, Any]:
    base = _slug(card["name"])
    taken = sum(len(v) for k, v in ids.items() if _slug(k) == base)
    oid = base if not taken else f"{base}-{taken + 1}"
    for key in {fold(ev.name), fold(card["name"]), *(fold(v) for v in card.get("names", {}).values())}:
        ids.setdefault(key, []).append(oid)
    obj: dict[str, Any] = {
        "id": oid,
        "card": card["name"],
        "name": card["name"],
        "controller": ev.controller,
        "timestamp": n,
    }
    obj.update({k: card[k] for k in ("mana_value", "colors", "types", "subtypes", "supertypes")})
    if card["mana_cost"]:
        obj["mana_cost"] = card["mana_cost"]
    texts = [str(a["text"]) for a in card["abilities"]]
    if texts:
        obj["abilities"] = texts
    for k in ("power", "toughness"):
        if (
            k in card
        ):  # a printed * is set by the card's characteristic-defining ability (604.3); 0 here, as the corpus writes it
            obj[k] = card[k] if isinstance(card[k], int) else 0
    if ev.counters:
        obj["counters"] = [{"kind": kind, "count": count, "timestamp": n} for kind, count in ev.counters]
    if target is not None:
        obj["attached_to"] = target
    return obj


def _effect(
    case: Mapping[str, Any],
    resolves: Mapping[str, Any],
    n: int,
    source: str | None,
    target: str | None,
    resolve_at: Resolver,
    where: str,
    controller: str = "p1",
) -> dict[str, Any]:
    """611.2c: the objects a resolved effect applies to are fixed as it resolves."""
    applies = resolves["applies_to"]
    if applies == "self":
        objs = [source]
    elif applies == "target":
        if target is None:
            raise CorpusError("ask", where, "this needs a target: add '> NAME'")
        objs = [target]
    else:
        state = resolve_at(case, len(case["steps"])) if case["steps"] else {}
        objs = [
            o
            for o, ch in state.items()
            if _matches(applies["each"], ch, controller, where) and not (applies.get("except_target") and o == target)
        ]
        if applies.get("except_target") and target is None:
            raise CorpusError("ask", where, "this needs a target: add '> NAME'")
    swap = {"$target": target, "$self": source, "$you": controller}
    parts = [{k: swap.get(v, v) if isinstance(v, str) else v for k, v in p.items()} for p in resolves["parts"]]
    effect: dict[str, Any] = {"id": f"e{n}", "timestamp": n, "applies_to": objs, "parts": parts}
    if source is not None:
        effect["source"] = source
    return effect


def _matches(filt: Mapping[str, Any], ch: Mapping[str, Any], you: str, where: str) -> bool:
    """The part of the filter language an 'each' of a resolving spell uses here: card types and controllers."""
    if ch.get("on_battlefield", True) is False:
        return False
    if set(filt) == {"all"}:
        return all(_matches(f, ch, you, where) for f in filt["all"])
    if set(filt) == {"type"}:
        return bool(filt["type"] in (ch.get("types") or []))
    if set(filt) == {"controller"} and filt["controller"] in ("you", "opponent"):
        return bool((ch.get("controller") == you) == (filt["controller"] == "you"))
    raise CorpusError("ask", where, f"'each' filters by type and controller only here, got {dict(filt)!r}")


def _activation(
    case: dict[str, Any],
    n: int,
    obj: str,
    nth: int | None,
    target: str | None,
    wordings: Mapping[str, Mapping[str, Any]],
    resolve_at: Resolver,
    where: str,
) -> dict[str, Any]:
    """602: an activated ability the object has now (as the layers make it) resolves."""
    state = resolve_at(case, len(case["steps"])) if case["steps"] else {}
    has = {str(t) for t in state.get(obj, {}).get("abilities") or []}
    order = list(wordings)  # the catalogue's order: each card's abilities as printed
    found = sorted((t for t in has if "resolves" in wordings.get(t, {})), key=order.index)
    if not found:
        raise CorpusError(
            "ask", where, f"{obj} has no activated ability the catalogue defines (it has {sorted(has)!r})"
        )
    if nth is None and len(found) > 1:
        listed = "; ".join(f"{k}: {t}" for k, t in enumerate(found, start=1))
        raise CorpusError("ask", where, f"{obj} has {len(found)} such abilities; say which with 'activate N': {listed}")
    k = nth or 1
    if not 1 <= k <= len(found):
        raise CorpusError("ask", where, f"{obj} has {len(found)} such abilities, no {k}th")
    text = found[k - 1]
    effect = _effect(case, wordings[text]["resolves"], n, obj, target, resolve_at, where)
    return {**effect, "description": f"{obj} activates: {text}", "controller": "p1"}


def _card_entry(card: Mapping[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": card["name"]}
    if card.get("names"):
        entry["names"] = dict(card["names"])
    entry["mana_cost"] = card["mana_cost"] or ""
    entry["type_line"] = card["type_line"]
    entry["oracle"] = card["oracle"]
    for k in ("power", "toughness"):
        if k in card:
            entry[k] = card[k]
    return entry
