"""Case objects that refer to catalogue cards: ``card: NAME`` with no printed value of its own.

An object that names a card (``card: Humility``) and writes none of the card's printed values
(``PRINTED``) takes them from the catalogue: name, mana cost and value, colors, types, subtypes,
supertypes, power and toughness (202, 204, 205, 208), its abilities' wordings, and a double-faced
card's back face (712). The case gains the catalogue's definition of each modelled wording (its
``abilities:`` entries) and the card's entry (``cards:``). What the rules let differ between two
objects of the same card stays the case's to say: controller and owner, timestamp, zone, counters,
face-down status, attachment, choices made as it entered, stickers, monstrous (``PER_OBJECT``).

An object that writes its printed values out is taken as written (``card`` then only names the card
it stands for); ``made_up: REASON`` marks an object no real card matches, which names no card.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping
from typing import Any

from ..corpus.errors import CorpusError
from .load import Catalogue

PRINTED = (
    "name",
    "mana_value",
    "mana_cost",
    "colors",
    "types",
    "subtypes",
    "supertypes",
    "all_creature_types",
    "abilities",
    "power",
    "toughness",
    "back_face",
    "modal",
    "flip_face",
)
PER_OBJECT = (
    "id",
    "card",
    "controller",
    "owner",
    "timestamp",
    "zone",
    "token",
    "counters",
    "face_down",
    "face_down_values",
    "face_history",
    "attached_to",
    "exiled_with",
    "chosen",
    "entered_as",
    "merges",
    "transformed",
    "transform_history",
    "monstrous",
    "stickers",
)


def is_reference(obj: Mapping[str, Any]) -> bool:
    """An object that takes its printed values from the catalogue: it names a card and writes none of them."""
    return isinstance(obj, Mapping) and "card" in obj and not any(k in obj for k in PRINTED)


def object_places(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every object a case states, with its field path: the board's, then each step's added objects."""
    for i, o in enumerate(data.get("objects") or []):
        yield f"objects[{i}]", o
    for j, step in enumerate(data.get("steps") or []):
        if isinstance(step, Mapping):
            for k, o in enumerate(step.get("add_objects") or []):
                yield f"steps[{j}].add_objects[{k}]", o


def _pt(value: Any) -> int:
    """A printed * counts as 0 on the board (208.2; the card's characteristic-defining ability sets it, 604.3):
    ``*`` is 0, ``1+*`` is 1."""
    if isinstance(value, int):
        return value
    m = re.fullmatch(r"\s*(-?\d+)?\s*([+-])?\s*\*\s*", str(value))
    if m is None or m[1] is None:
        return 0
    return int(m[1])


def face_values(card: Mapping[str, Any]) -> dict[str, Any]:
    """One face's printed values in an object's shape (202, 204, 205, 208; abilities as their wordings)."""
    out: dict[str, Any] = {"name": card["name"]}
    if card.get("mana_cost"):
        out["mana_cost"] = card["mana_cost"]
    out["mana_value"] = card["mana_value"]
    for k in ("colors", "types", "subtypes", "supertypes"):
        out[k] = list(card[k])
    texts = [str(a["text"]) for a in card["abilities"]]
    if texts:
        out["abilities"] = texts
    for k in ("power", "toughness"):
        if k in card and card[k] is not None:
            out[k] = _pt(card[k])
    return out


def flip_face_values(flipped: Mapping[str, Any]) -> dict[str, Any]:
    """710.1: a flip card's alternative half in an object's ``flip_face`` shape (no color or mana cost: 710.1c)."""
    out: dict[str, Any] = {"name": flipped["name"]}
    for k in ("supertypes", "types", "subtypes"):
        out[k] = list(flipped[k])
    texts = [str(a["text"]) for a in flipped["abilities"]]
    if texts:
        out["abilities"] = texts
    for k in ("power", "toughness"):
        if k in flipped and flipped[k] is not None:
            out[k] = _pt(flipped[k])
    return out


def printed_values(card: Mapping[str, Any], cat: Catalogue) -> dict[str, Any]:
    """What a reference to the card fills in: its face's values, a flip card's alternative half (710.1) and, for a
    front face of a double-faced card, the back face's (712.2); a modal double-faced card says so (712.3)."""
    out = face_values(card)
    if card.get("flipped"):
        out["flip_face"] = flip_face_values(card["flipped"])
    if card.get("other_face") and card.get("face") == "front":
        back = face_values(cat.card(str(card["other_face"])))
        back.pop("mana_value", None)  # a face's mana value comes from its own mana cost (202.3)
        if card.get("layout") != "modal_dfc":
            back.pop("mana_cost", None)  # 712.4a: a transforming card's back face has no mana cost
        out["back_face"] = back
        if card.get("layout") == "modal_dfc":
            out["modal"] = True  # 712.3, 712.8f: a modal double-faced card's back face has its own mana cost
    return out


def card_entry(card: Mapping[str, Any]) -> dict[str, Any]:
    """The card as a case's ``cards:`` entry (name, other names, mana cost, type line, Oracle text, power/toughness;
    a flip card's two halves joined by ``//``, 710.1)."""
    flipped = card.get("flipped")
    entry: dict[str, Any] = {"name": card["name"] + (f" // {flipped['name']}" if flipped else "")}
    if card.get("names"):
        entry["names"] = dict(card["names"])
    entry["mana_cost"] = card["mana_cost"] or ""
    entry["type_line"] = card["type_line"] + (f" // {flipped['type_line']}" if flipped else "")
    entry["oracle"] = card["oracle"] + (f"\n//\n{flipped['oracle']}" if flipped else "")
    for k in ("power", "toughness"):
        if k in card and card[k] is not None:
            entry[k] = card[k]
    return entry


def expand(data: Any, label: str, cat: Catalogue | None = None) -> Any:
    """The case with each reference object's printed values, definitions and card entry filled from the catalogue.

    Data with no reference object is returned as it is (the catalogue is not read). A definition the case gives
    for a wording of a referenced card must be the catalogue's: otherwise the board would differ from the card's.
    """
    if not isinstance(data, Mapping):
        return data
    for where, o in object_places(data):
        if isinstance(o, Mapping) and "made_up" in o and "card" in o:
            raise CorpusError(label, f"{where}.made_up", "a made-up object names no card: drop card, or made_up")
    places = [(w, o) for w, o in object_places(data) if is_reference(o)]
    if not places:
        return data
    if cat is None:
        from .load import catalogue

        cat = catalogue()
    out = copy.deepcopy(dict(data))
    defined: dict[str, tuple[str, Any]] = {}
    for i, a in enumerate(out.get("abilities") or []):
        if isinstance(a, Mapping) and "text" in a:
            defined.setdefault(str(a["text"]), (f"abilities[{i}]", a))
    cards = list(out.get("cards") or [])
    named = {str(c.get("name")) for c in cards if isinstance(c, Mapping)}
    added: list[Mapping[str, Any]] = []
    for where, _ in places:
        obj = _at(out, where)
        name = obj["card"]
        if not isinstance(name, str):
            raise CorpusError(label, f"{where}.card", "expected a card name (a string)")
        card = cat.card(name, f"{where}.card", label)
        filled = printed_values(card, cat)
        head = {"id": obj["id"]} if "id" in obj else {}
        rest = {k: v for k, v in obj.items() if k not in ("id", "card")}
        obj.clear()
        obj.update({**head, "card": card["name"], **filled, **rest})
        faces = [card, *([cat.card(str(card["other_face"]))] if "back_face" in filled else [])]
        for face in faces:
            halves = [*face["abilities"], *(face.get("flipped") or {}).get("abilities", [])]
            for d in (a["definition"] for a in halves if "definition" in a):
                text = str(d["text"])
                if text in defined:
                    field, mine = defined[text]
                    if mine != d:
                        raise CorpusError(
                            label,
                            field,
                            f"defines {text!r} otherwise than the catalogue's {face['name']} ({where}.card takes the "
                            "card from the catalogue): drop this definition, or write the object out and mark it "
                            "made_up with a reason",
                        )
                    continue
                defined[text] = (f"abilities (from the catalogue's {face['name']})", d)
                added.append(copy.deepcopy(dict(d)))
            entry = card_entry(face)
            if entry["name"] not in named:
                named.add(entry["name"])
                cards.append(entry)
    if added:
        out["abilities"] = [*(out.get("abilities") or []), *added]
    out["cards"] = cards
    return out


def _at(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The object at a path ``object_places`` gave."""
    node: Any = data
    for part in where.split("."):
        key, _, index = part.partition("[")
        node = node[key][int(index.rstrip("]"))]
    assert isinstance(node, dict)
    return node
