"""A static ability's definition in the words a judge reads: which objects it applies to and what it does.

A case defines a static ability as data: a filter (``{all: [{type: creature}, {controller: you}]}``) and
parts (``{op: modify_pt, power: 1, toughness: 1}``). A case page's setup table shows them as the card
would say them: "each creature you control", "gets +1/+1". The words follow the filter keys of
reference.filters and the operations of reference.operations; a key this module does not know is
still shown as words ("key: value"), never as a data literal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from reference.frozen import thaw

from ..analysis.trace_text import mana_symbols

PLAYERS = {"you": "you", "opponent": "an opponent"}
ZONES = {
    "graveyard": "in a graveyard",
    "hand": "in a hand",
    "library": "in a library",
    "exile": "in exile",
    "stack": "on the stack",
    "battlefield": "on the battlefield",
}
# the nouns of filter words that are not made plural by adding "s"
PLURALS = {"elf": "elves", "wolf": "wolves", "dwarf": "dwarves", "sorcery": "sorceries", "mass": "masses"}
COMPARISONS = {"<": "less than", "<=": "at most", ">": "more than", ">=": "at least", "==": "exactly", "!=": "not"}


def _title(word: str) -> str:
    """A subtype as the type line prints it (205.3: capitalised)."""
    return " ".join("-".join(p[:1].upper() + p[1:] for p in w.split("-")) for w in word.split(" "))


def _plural(noun: str) -> str:
    head, _, last = noun.rpartition(" ")
    low = last.lower()
    if low in PLURALS:
        word = PLURALS[low]
        word = word[:1].upper() + word[1:] if last[:1].isupper() else word
    elif low.endswith(("s", "x", "ch", "sh")):
        word = last + "es"
    elif low.endswith("y") and low[-2:-1] not in "aeiou":
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _player(who: Any) -> str:
    return PLAYERS.get(str(who), str(who))


def _merged(filt: Mapping[str, Any]) -> dict[str, Any] | None:
    """A filter whose ``all`` list only adds keys it does not repeat, as one mapping (else None)."""
    out: dict[str, Any] = {k: v for k, v in filt.items() if k != "all"}
    for part in filt.get("all", ()):
        if not isinstance(part, Mapping):
            return None
        inner = _merged(part)
        if inner is None or set(inner) & set(out):
            return None
        out.update(inner)
    return out


def _clauses(filt: Mapping[str, Any]) -> tuple[list[str], str, list[str]]:
    """611.3a: a filter's keys as words before the noun, the noun, and words after it."""
    before: list[str] = []
    after: list[str] = []
    noun_words: list[str] = []
    if filt.get("other_than_source") is True:
        before.append("other")
    before += list(filt.get("non", ()))
    for key in ("color",):
        if key in filt:
            before.append(str(thaw(filt[key])) if not isinstance(filt[key], Mapping) else "of the chosen color")
    if filt.get("colorless") is not None:
        before.append("colorless" if filt["colorless"] else "colored")
    if filt.get("multicolored") is not None:
        before.append("multicolored" if filt["multicolored"] else "monocolored")
    if "supertype" in filt:
        before.append(str(filt["supertype"]))
    if filt.get("token") is not None:
        before.append("token" if filt["token"] else "nontoken")
    if filt.get("face_down") is not None:
        before.append("face-down" if filt["face_down"] else "face-up")
    if filt.get("monstrous") is not None:
        before.append("monstrous" if filt["monstrous"] else "non-monstrous")
    if "subtype" in filt:
        sub = filt["subtype"]
        noun_words.append("of the chosen type" if isinstance(sub, Mapping) else _title(str(sub)))
    zone = filt.get("zone")
    if "type" in filt:
        noun_words.append(str(filt["type"]) + (" card" if zone not in (None, "battlefield", "stack") else ""))
    elif "subtype" in filt and not isinstance(filt["subtype"], Mapping):
        pass
    elif zone in (None, "battlefield"):
        noun_words.append("permanent")
    elif zone == "stack":
        noun_words.append("spell")
    else:
        noun_words.append("card")
    if noun_words[0] == "of the chosen type":
        noun_words = noun_words[1:]
        after.append("of the chosen type")
    noun = " ".join(noun_words)
    if "name" in filt:
        name = filt["name"]
        after.append("with the chosen name" if isinstance(name, Mapping) else f"named {name}")
    if "controller" in filt:
        who = _player(filt["controller"])
        after.append(f"{who} control" if who == "you" else f"{who} controls")
    if "owner" in filt:
        who = _player(filt["owner"])
        after.append(f"{who} own" if who == "you" else f"{who} owns")
    if zone in ZONES and zone not in ("battlefield", "stack"):
        after.append(ZONES[zone])
    if "has_ability" in filt:
        after.append(f"with “{filt['has_ability']}”")
    if "has_counter" in filt:
        after.append(f"with a {filt['has_counter']} counter on it")
    if "mana_value" in filt:
        mv = filt["mana_value"]
        after.append(f"with mana value {COMPARISONS.get(str(mv['op']), str(mv['op']))} {mv['value']}")
    if "shares_creature_type_with" in filt:
        other = "this object" if filt["shares_creature_type_with"] == "source" else "it"
        after.append(f"that shares a creature type with {other}")
    if filt.get("is_it") is False and "other" not in before:
        before.insert(0, "other")
    if filt.get("exiled_with_source") is True:
        after.append("exiled with this object")
    if filt.get("top_of_graveyard") is True:
        after.append("on top of its owner's graveyard")
    if filt.get("attached_to_source") is True:
        after.append("this object is attached to")
    return before, noun, after


KNOWN = {
    "non", "other_than_source", "color", "colorless", "multicolored", "supertype", "token", "face_down", "monstrous",
    "subtype", "zone", "type", "name", "controller", "owner", "has_ability", "has_counter", "mana_value",
    "shares_creature_type_with", "is_it", "exiled_with_source", "top_of_graveyard", "attached_to_source",
}  # fmt: skip


def _phrase(filt: Mapping[str, Any], plural: bool) -> str:
    if filt.get("top_of_graveyard") is True and filt.get("owner") == "you" and filt.get("zone") == "graveyard":
        # 404.1: "the top creature card of your graveyard"
        filt = {k: v for k, v in filt.items() if k not in ("owner", "zone", "top_of_graveyard")}
        return (
            _phrase({**filt, "zone": "graveyard"}, plural).replace(" in a graveyard", "") + " on top of your graveyard"
        )
    before, noun, after = _clauses(filt)
    noun = _plural(noun) if plural else noun
    if plural:
        after = [w.replace("that shares", "that share").replace("with a ", "with ") for w in after]
    rest = [f"{k}: {_plain(v)}" for k, v in filt.items() if k not in KNOWN]
    tail = after + ([f"({'; '.join(rest)})"] if rest else [])
    return " ".join([*before, noun, *tail])


def _plain(value: Any) -> str:
    """Any data as words: a list joined, a mapping as "key value" pairs."""
    value = thaw(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def _atoms(filt: Any) -> list[tuple[str, Any]]:
    """A filter's conditions, one key each, with every ``all`` list opened (they must all hold alike)."""
    filt = thaw(filt)
    out: list[tuple[str, Any]] = []
    for key, want in filt.items():
        if key == "all":
            for inner in want:
                out += _atoms(inner)
        else:
            out.append((key, want))
    return out


def filter_words(filt: Any, plural: bool = False) -> str:
    """611.3a: the objects a filter picks, as a card names them ("each other creature you control")."""
    filt = thaw(filt)
    if not isinstance(filt, Mapping):
        return _plain(filt)
    if set(filt) == {"id"} or set(filt) == {"ids"}:  # objects the case names by id (as a target would be chosen)
        named = [str(filt["id"])] if "id" in filt else [str(i) for i in filt["ids"]]
        if len(named) == 1:
            return f"the object {named[0]}"
        return "the objects " + ", ".join(named[:-1]) + " and " + named[-1]
    simple: dict[str, Any] = {}
    clauses: list[tuple[str, Any]] = []
    itself = False
    for key, want in _atoms(filt):
        if key == "is_source":
            itself = itself or bool(want)
            if not want:
                simple["other_than_source"] = True
        elif key == "not" and isinstance(want, Mapping) and len(_atoms(want)) == 1:
            ((k, v),) = _atoms(want)
            if (k == "is_source" and v is True) or (k == "other_than_source" and v is False):
                simple["other_than_source"] = True
            elif k in ("token", "face_down", "monstrous", "colorless", "multicolored") and k not in simple:
                simple[k] = not v
            elif k in ("type", "supertype", "subtype", "color") and isinstance(v, str):
                # as cards say it: "nonbasic lands", "non-Aura enchantments", "noncreature artifacts"
                simple.setdefault("non", []).append(f"non-{_title(v)}" if k == "subtype" else f"non{v}")
            else:
                clauses.append((key, want))
        elif key in KNOWN and key not in simple:
            simple[key] = want
        else:
            clauses.append((key, want))
    if itself:
        rest = [_that({k: v}, False) for k, v in simple.items()] + [_that({k: v}, False) for k, v in clauses]
        return "this object" + (", if it " + " and ".join(rest) if rest else " itself")
    if not simple and len(clauses) == 1 and clauses[0][0] == "any":
        return _or(list(dict.fromkeys(filter_words(f, plural) for f in clauses[0][1])))
    if set(simple) <= {"attached_to_source", "type", "subtype"} and simple.get("attached_to_source") is True:
        noun = " ".join(
            [_title(str(simple[k])) if k == "subtype" else str(simple[k]) for k in ("subtype", "type") if k in simple]
        )
        words = f"the {noun or 'permanent'} this object is attached to"
    else:
        words = ("" if plural else "each ") + _phrase(simple, plural)
    if clauses:
        words += " that " + " and ".join(_that({k: v}, plural) for k, v in clauses)
    return words


def _a(words: str) -> str:
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _that(filt: Any, plural: bool) -> str:
    """611.3a: a filter as what a relative clause says ("is not an Aura", "are instants or sorceries")."""
    verb = "are" if plural else "is"
    ((key, want),) = thaw(filt).items()
    if key == "not":
        inner = _that(want, plural)
        return inner.replace(f"{verb} ", f"{verb} not ", 1) if inner.startswith(f"{verb} ") else "do not: " + inner
    if key == "any":
        return verb + " " + " or ".join(_noun(f, plural) for f in want)
    if key == "all":
        return " and ".join(_that({k: v}, plural) for k, v in _atoms(filt))
    if key == "is_source":
        return f"{verb} this object" if want else f"{verb} not this object"
    if key == "controller":
        who = _player(want)
        return f"{who} control" if who == "you" or plural else f"{who} controls"
    if key == "owner":
        who = _player(want)
        return f"{who} own" if who == "you" or plural else f"{who} owns"
    if key == "zone":
        return f"{verb} {ZONES.get(str(want), str(want))}"
    if key in ("color", "supertype", "colorless", "multicolored", "token", "face_down", "monstrous"):
        before, _, _ = _clauses({key: want})
        return f"{verb} {' '.join(before)}"
    return f"{verb} {_noun({key: want}, plural)}"


def _noun(filt: Any, plural: bool) -> str:
    """A filter as a noun with its article ("an Aura", "creatures")."""
    filt = thaw(filt)
    if isinstance(filt, Mapping) and _atoms(filt) and all(k in ("type", "subtype") for k, _ in _atoms(filt)):
        words = " ".join(
            [_title(str(v)) for k, v in _atoms(filt) if k == "subtype"]
            + [str(v) for k, v in _atoms(filt) if k == "type"]
        )
        return _plural(words) if plural else _a(words)
    words = filter_words(filt, plural)
    return words if plural else _a(words.removeprefix("each "))


def value_words(value: Any) -> str:
    """611.3a, 208.3: a number a value expression stands for, in words ("the number of Swamps you control")."""
    value = thaw(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, Mapping) or len(value) != 1:
        return _plain(value)
    ((key, arg),) = value.items()
    if key == "count":
        return "the number of " + filter_words(arg, plural=True)
    if key == "counters":
        return "the number of counters on it" if arg == "any" else f"the number of {arg} counters on it"
    if key == "source_counters":
        return (
            "the number of counters on this object" if arg == "any" else f"the number of {arg} counters on this object"
        )
    if key == "devotion":
        colors = [arg] if isinstance(arg, str) else list(arg)
        return f"your devotion to {_and(colors)}"
    if key == "its":
        return f"its {str(arg).replace('_', ' ')}"
    if key == "card_types_among":
        return "the number of card types among " + filter_words(arg, plural=True)
    if key == "total":
        return f"the total {str(arg['of']).replace('_', ' ')} of " + filter_words(arg["among"], plural=True)
    if key == "life":
        return "your life total" if arg == "you" else f"{_player(arg)}'s life total"
    if key == "cards_in_hand":
        return "the number of cards in your hand" if arg == "you" else f"the number of cards in {_player(arg)}'s hand"
    if key == "sum":
        return " plus ".join(value_words(v) for v in arg)
    if key == "times":
        factor, inner = arg
        return f"{factor} times {value_words(inner)}"
    return f"{key.replace('_', ' ')} {_plain(arg)}"


def _negated(value: Any) -> Any:
    """The expression X of a "-X" amount written ``{times: [-1, X]}``, else None."""
    value = thaw(value)
    if isinstance(value, Mapping) and list(value) == ["times"] and value["times"][0] == -1:
        return value["times"][1]
    return None


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _amounts(power: Any, toughness: Any, signed: bool) -> str:
    """A power/toughness pair: numbers as printed, an expression as X (and Y) with what X stands for."""
    power, toughness = thaw(power), thaw(toughness)
    fixed = isinstance(power, int) and isinstance(toughness, int)
    if fixed:
        return f"{_signed(power)}/{_signed(toughness)}" if signed else f"{power}/{toughness}"
    names: dict[str, str] = {}
    shown = []
    for value in (power, toughness):
        if isinstance(value, int):
            shown.append(_signed(value) if signed else str(value))
            continue
        inner = _negated(value) if signed else None
        said = value_words(inner if inner is not None else value)
        letter = names.setdefault(said, "XY"[len(names)] if len(names) < 2 else "Z")
        sign = "-" if inner is not None else ("+" if signed else "")
        shown.append(sign + letter)
    where = ", ".join(f"{letter} is {said}" for said, letter in names.items())
    return f"{'/'.join(shown)}, where {where}"


def _words_list(words: Iterable[Any], title: bool = False) -> str:
    items = []
    for w in thaw(list(words)):
        if isinstance(w, Mapping) and "chosen" in w:
            items.append(f"the chosen {str(w['chosen']).replace('_', ' ')}")
        else:
            items.append(_title(str(w)) if title else str(w))
    if title and len(items) == 1 and not items[0].startswith("the chosen"):
        return _a(items[0])
    return _and(items) if items else "nothing"


def _quoted(abilities: Iterable[Any]) -> str:
    return _and([f"“{a}”" if " " in str(a) and len(str(a).split()) > 3 else str(a) for a in abilities])


def part_words(op: str, args: Mapping[str, Any]) -> str:
    """613.1: what one part of an effect does to each object it applies to, in a card's words."""
    a = thaw(args)
    if op == "modify_pt":
        return "gets " + _amounts(a.get("power", 0), a.get("toughness", 0), signed=True)
    if op == "set_pt":
        if a.get("power") is None or a.get("toughness") is None:
            field = "power" if a.get("toughness") is None else "toughness"
            return f"has base {field} " + _amounts(a.get(field), a.get(field), signed=False).split("/", 1)[1]
        return "has base power and toughness " + _amounts(a.get("power"), a.get("toughness"), signed=False)
    if op == "switch_pt":
        return "has its power and toughness switched"
    if op == "add_abilities":
        return "has " + _quoted(a.get("abilities", []))
    if op == "remove_abilities":
        return "loses " + _quoted(a.get("abilities", []))
    if op == "remove_all_abilities":
        return "loses all abilities"
    if op == "remove_all_abilities_except_mana":
        return "loses all abilities except mana abilities"
    if op == "add_types":
        return "is " + _and([_article(t) for t in a.get("types", [])]) + " in addition to its other types"
    if op == "set_types":
        return "is " + _and([_article(t) for t in a.get("types", [])]) + " (it loses its other card types)"
    if op == "remove_types":
        return "is no longer " + _or([_article(t) for t in a.get("types", [])])
    if op == "add_subtypes":
        return "is " + _words_list(a.get("subtypes", []), title=True) + " in addition to its other types"
    if op == "set_subtypes":
        return "is " + _words_list(a.get("subtypes", []), title=True) + " (it loses its other creature types)"
    if op == "remove_subtypes":
        return "loses the subtypes " + _words_list(a.get("subtypes", []), title=True)
    if op == "set_land_subtype":
        return "is " + _words_list(a.get("subtypes", []), title=True) + " (it loses its other land types, 305.7)"
    if op == "all_creature_types":
        return "has all creature types"
    if op == "remove_all_creature_types":
        return "loses all creature types"
    if op == "add_supertypes":
        return "is " + _words_list(a.get("supertypes", [])) + " in addition to its other supertypes"
    if op == "remove_supertypes":
        return "is no longer " + _words_list(a.get("supertypes", []))
    if op == "set_colors":
        colors = a.get("colors", [])
        return "is colorless" if not colors else "is " + _words_list(colors) + " (not its other colors)"
    if op == "add_colors":
        return "is " + _words_list(a.get("colors", [])) + " in addition to its other colors"
    if op == "set_controller":
        who = a.get("player")
        return "is controlled by " + ("the effect's controller" if who == "you" else _player(who))
    if op == "replace_word":
        return f"has its text changed: “{a.get('to')}” wherever it said “{a.get('from')}”"
    if op == "full_text_of":
        plus = a.get("plus") or []
        extra = f", plus {_quoted(plus)}" if plus else ""
        return "has the full text of the " + filter_words(a.get("from"), False).removeprefix("each ") + extra
    if op == "add_activated_abilities_of":
        return "has the activated abilities of " + filter_words(a.get("from"), plural=True)
    if op == "copy_of":
        return f"is a copy of `{a.get('object')}`"
    if op == "face_down":
        return "is face down (a 2/2 creature with no text, name, subtypes or mana cost, 708.2a)"
    rest = "; ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in a.items())
    return op.replace("_", " ") + (f": {rest}" if rest else "")


def _article(word: Any) -> str:
    text = str(word)
    return ("an " if text[:1] in "aeiou" else "a ") + text


def condition_words(condition: Any) -> str:
    """611.3a: an "as long as" condition in words."""
    c = thaw(condition)
    if not isinstance(c, Mapping):
        return _plain(c)
    if "your_turn" in c:
        return "it's your turn" if c["your_turn"] else "it isn't your turn"
    if "all" in c:
        return " and ".join(condition_words(x) for x in c["all"])
    left, op, right = thaw(c.get("left")), str(c.get("op")), c.get("right")
    if isinstance(left, Mapping) and "count" in left and (op, right) in ((">=", 1), (">", 0)):
        picked = filter_words(left["count"])
        if picked.startswith("this object, if it "):
            return "this object " + picked.removeprefix("this object, if it ")
        return "there is " + _a(picked.removeprefix("each "))
    compare = COMPARISONS.get(op, op)
    return f"{value_words(c.get('left'))} is {compare} {value_words(c.get('right'))}"


def ability_parts_words(definition: Any) -> str:
    """611.3, 614.1c: what a static ability does, each part a sentence, with its condition and entry counters."""
    said = [part_words(p.op, p.args) for p in definition.parts]
    if getattr(definition, "enters_with", None):
        counters = _and(
            [f"{n} {kind} counter{'s' if n != 1 else ''}" for kind, n in thaw(definition.enters_with).items()]
        )
        said.append(f"enters the battlefield with {counters} (614.1c)")
    if getattr(definition, "creates", None):
        token = thaw(definition.creates)
        pt = f"{token['power']}/{token['toughness']} " if "power" in token else ""
        kinds = " ".join([*token.get("colors", []), *map(_title, token.get("subtypes", [])), *token.get("types", [])])
        said.append(f"creates a {pt}{kinds} token".replace("  ", " "))
    text = mana_symbols("; ".join(said))
    if getattr(definition, "condition", None) is not None:
        text = f"as long as {condition_words(definition.condition)}: {text}"
    return text
