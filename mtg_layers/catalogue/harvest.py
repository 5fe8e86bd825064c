"""The catalogue's starting point: cards and ability definitions harvested from the corpus's cases.

Run once (``python -m mtg_layers.catalogue.harvest OUT``) to write a first catalogue from every
case's ``cards:`` entries, the objects that name a card (``card:``) and the ``abilities:``
definitions of the wordings those objects have. The result is then edited by hand (Oracle
sources, French names, the classics); this module is kept so the harvest can be repeated and
compared, never to overwrite the hand-edited file silently (it refuses an existing file).
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from ..paths import CASES_DIR

COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SUPERTYPES = {"basic", "legendary", "snow", "world", "ongoing"}
KEYWORDS = {
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "defender",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "shroud",
    "trample",
    "vigilance",
    "flash",
    "changeling",
    "islandwalk",
    "swampwalk",
    "forestwalk",
    "mountainwalk",
    "plainswalk",
    "fear",
    "intimidate",
    "banding",
    "persist",
    "undying",
    "wither",
    "infect",
    "prowess",
    "devoid",
    "convoke",
    "flanking",
    "horsemanship",
    "shadow",
}


def _objects(case: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield from case.get("objects") or []
    for step in case.get("steps") or []:
        yield from step.get("add_objects") or []


def classify(text: str) -> str:
    """What kind of ability a wording is, read from its shape (for one without a definition)."""
    t = text.strip().rstrip(".")
    if t in KEYWORDS or re.fullmatch(
        r"(protection from|morph|megamorph|disguise|equip|enchant|cumulative upkeep"
        r"|mutate|landwalk|bushido|flanking|rampage|kicker|echo|cycling|ward)\b.*",
        t,
    ):
        return "keyword"
    if re.match(r"(when|whenever|at the beginning|at end)\b", t):
        return "triggered"
    if re.match(r"(\{[^}]+\}|[a-z,' ]*\{[^}]+\})[^:]*:", t) or re.match(
        r"(sacrifice|discard|pay|tap|remove|exile)\b[^:]*:", t
    ):
        return "mana" if re.search(r":\s*add\b", t) else "activated"
    if re.search(r"\benters( the battlefield)? with\b|\bas [^,]+ enters\b|\bif [^,]+ would\b|\binstead\b", t):
        return "replacement"
    return "static"


def mana_value(cost: str | None) -> int:
    """202.3: the total of a mana cost's symbols (X counts zero, a hybrid the larger half)."""
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", cost or ""):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        else:
            halves = [int(h) if h.isdigit() else 1 for h in sym.split("/") if h != "P"]
            total += max(halves) if halves else 1
    return total


def split_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """A type line cut into card types, subtypes and supertypes (205), lower case."""
    left, _, right = line.partition("—")
    words = [w.lower() for w in left.split()]
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    subs = [w.lower() for w in right.split()] if right.strip() else []
    return types, subs, supers


def harvest(cases_dir: Path = CASES_DIR) -> list[dict[str, Any]]:
    """A catalogue entry per card the corpus names, with the definitions of its abilities' wordings."""
    cards: dict[str, dict[str, Any]] = {}
    objects: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    defs: dict[str, dict[str, Any]] = {}
    effects: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for path in sorted(cases_dir.rglob("*.yaml")):
        case = yaml.safe_load(path.read_text("utf-8"))
        for card in case.get("cards") or []:
            old = cards.get(card["name"], {})
            merged = dict(card)
            merged.update({k: v for k, v in old.items() if v not in (None, "")})
            cards[card["name"]] = merged
        for ability in case.get("abilities") or []:
            defs.setdefault(ability["text"], ability)
        for obj in _objects(case):
            name = str(obj.get("card") or obj.get("name"))
            objects[name].append(obj)
            back = obj.get("back_face")
            if back:
                objects[back["name"]].append({**back, "_front": name})
        for step in [{"add_effects": case.get("effects") or []}, *(case.get("steps") or [])]:
            for eff in step.get("add_effects") or []:
                head = str(eff.get("description", "")).split(":")[0].strip()
                effects[head].append(eff)
    entries = []
    for name in sorted(cards):
        entries.append(_entry(cards[name], objects.get(name, []), defs, effects.get(name, [])))
    return entries


def _entry(
    card: Mapping[str, Any], objs: list[Mapping[str, Any]], defs: Mapping[str, Any], effs: list[Mapping[str, Any]]
) -> dict[str, Any]:
    types, subs, supers = split_type_line(str(card.get("type_line", "")))
    cost = card.get("mana_cost") or None
    entry: dict[str, Any] = {"name": card["name"]}
    if card.get("names"):
        entry["names"] = dict(card["names"])
        entry["names_source"] = "the corpus's card entries"
    entry["layout"] = "normal"
    entry["mana_cost"] = cost
    entry["mana_value"] = mana_value(cost)
    colors = sorted({COLORS[c] for c in re.findall(r"[WUBRG]", cost or "")}, key=list(COLORS.values()).index)
    entry["colors"] = colors
    entry["type_line"] = card.get("type_line", "")
    entry["types"], entry["subtypes"], entry["supertypes"] = types, subs, supers
    for k in ("power", "toughness"):
        if k in card:
            entry[k] = card[k]
    entry["oracle"] = card.get("oracle", "")
    wordings: list[str] = []
    obj_colors: Counter[tuple[str, ...]] = Counter()
    for o in objs:
        obj_colors[tuple(o.get("colors") or [])] += 1
        for w in o.get("abilities") or []:
            if w not in wordings:
                wordings.append(w)
    if obj_colors and not cost:
        entry["colors"] = list(obj_colors.most_common(1)[0][0])
    entry["abilities"] = []
    for w in wordings:
        if w in defs:
            d = dict(defs[w])
            kind = (
                "cda"
                if d.get("cda")
                else "enters_with"
                if "enters_with" in d
                else "creates"
                if "creates" in d
                else "static"
            )
            entry["abilities"].append({"text": w, "kind": kind, "modelled": True, "definition": d})
        else:
            kind = classify(w)
            entry["abilities"].append({"text": w, "kind": kind, "modelled": kind == "keyword"})
    if effs and types and set(types) & {"instant", "sorcery"}:
        e = effs[0]
        entry["resolves"] = {"applies_to": "target", "parts": e["parts"]}
    entry["oracle_source"] = None
    return entry


def main(argv: list[str]) -> int:
    out = Path(argv[0])
    if out.exists():
        print(f"{out}: exists; the harvest never overwrites the hand-edited catalogue", file=sys.stderr)
        return 2
    entries = harvest()
    out.write_text(yaml.safe_dump({"cards": entries}, sort_keys=False, allow_unicode=True, width=120), "utf-8")
    print(f"{len(entries)} cards written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
