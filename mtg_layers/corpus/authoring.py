"""Authoring checks: catch a case writer's natural mistakes at load time, with messages in words.

Kept apart from the loader (``mtg_layers.corpus``), which calls these functions:

* ``describe_schema_error``: a JSON Schema error said in words (lower case, unknown field with the
  nearest known one, a P/T written as "+1", an enum with a suggestion) instead of a regular expression;
* ``resolve_version_aliases``: ``versions: [current]`` resolved to the profile it names;
* ``check_vocabulary``: every value in ``expect`` and in filters checked against the vocabulary
  (colors, card types, supertypes, zones, players, ability wordings the case can produce), and an
  object ability wording that nearly matches an ability definition (a misspelling).

Every check raises ``AuthoringError(field, message)``; the loader adds the file name.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the playground runs without jsonschema (only the annotation names it)
    import jsonschema

from reference.filters import replace_in_text
from reference.vocabulary import CARD_TYPES, COLORS, INTRINSIC_MANA, KEYWORD_COUNTERS, SUPERTYPES

from .errors import shown

ZONES = ("battlefield", "graveyard", "exile", "hand", "library", "stack", "command")

# One-letter color abbreviations (105.1 symbols) people write by habit.
COLOR_LETTERS = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green"}

# Keyword abilities (702) a case is likely to name; used only to spot misspellings.
KEYWORDS = tuple(
    sorted(
        set(KEYWORD_COUNTERS)
        | {
            "defender",
            "devoid",
            "changeling",
            "fear",
            "intimidate",
            "protection from white",
            "protection from blue",
            "protection from black",
            "protection from red",
            "protection from green",
            "islandwalk",
            "swampwalk",
            "forestwalk",
            "mountainwalk",
            "plainswalk",
            "landwalk",
            "horsemanship",
            "flash",
            "ward",
            "skulk",
            "prowess",
            "wither",
            "infect",
            "banding",
            "flanking",
            "persist",
            "undying",
            "morph",
            "megamorph",
            "disguise",
            "cloak",
        }
    )
)

SET_EXPECT_FIELDS = ("types", "subtypes", "supertypes", "colors", "abilities")
MANA_SYMBOL = re.compile(r"\{([0-9WUBRGCXYZSP/]+)\}")


class AuthoringError(Exception):
    """A mistake in a case, with the field path and a message in words."""

    def __init__(self, field: str, message: str) -> None:
        self.field, self.message = field, message
        super().__init__(f"{field}: {message}")


def suggest(word: Any, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the nearest choice, or '' when none is near."""
    if not isinstance(word, str):
        return ""
    options = sorted(set(choices))
    low = word.lower().strip()
    if low in options:
        return f" (did you mean {low!r}?)"
    if low in COLOR_LETTERS and COLOR_LETTERS[low] in options:
        return f" (did you mean {COLOR_LETTERS[low]!r}?)"
    for cut in (low[:-1], low[:-2], low.rstrip("s")):  # plurals: creatures -> creature
        if cut in options:
            return f" (did you mean {cut!r}?)"
    near = difflib.get_close_matches(low, options, n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


# --- duplicate keys ----------------------------------------------------------------------------


# --- schema errors in words --------------------------------------------------------------------

_PATTERN_WORDS = {
    "^[a-z0-9][a-z0-9 '+/:{},.-]*$": "a lower-case vocabulary word (letters, digits, spaces and ' + / : { } , . -)",
    "^[^A-Z]*$": "a lower-case ability wording",
    "^[a-z0-9][a-z0-9-]*$": "an id of lower-case letters, digits and hyphens",
    "^[A-Za-z0-9_-]+$": "an id of letters, digits, '_' and '-'",
    "^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$": "a date written YYYY, YYYY-MM or YYYY-MM-DD",
    "^[0-9]{3}(\\.[0-9]+[a-z]?)?$": "a rule number such as '613' or '613.1f'",
    "^(\\{[0-9WUBRGCXYZSP/]+\\})*$": "a mana cost as Oracle text writes it, such as '{2}{R}' or '{W/U}'",
}

_VALUE_HINT = (
    "a number or a value expression ({count: FILTER}, {its: mana_value}, {card_types_among: FILTER}, "
    "{sum: [...]}, {times: [N, VALUE]})"
)

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "a text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "null",
}


def _type_words(types: Any) -> str:
    names = [types] if isinstance(types, str) else list(types)
    return " or ".join(_TYPE_WORDS.get(t, t) for t in names)


def _last_key(path: Iterable[Any]) -> Any:
    items = list(path)
    return items[-1] if items else None


def _is_pt_path(path: Iterable[Any]) -> bool:
    return any(p in ("power", "toughness") for p in path)


def _pt_hint(validator: Any) -> str:
    return _VALUE_HINT if validator == "oneOf" else "a number (or null)"


def _closest_branch(err: jsonschema.ValidationError) -> jsonschema.ValidationError | None:
    """Of a mapping that fits none of a ``oneOf``'s shapes, the most telling error of the shape it is closest
    to (the right type, then the fewest missing and unknown fields): "missing 'op'" rather than "not valid
    under any of the given schemas"."""
    import jsonschema

    by_branch: dict[int, list[jsonschema.ValidationError]] = {}
    for sub in err.context or ():
        by_branch.setdefault(int(sub.relative_schema_path[0]), []).append(sub)

    def distance(subs: list[jsonschema.ValidationError]) -> tuple[int, int]:
        root = [s for s in subs if not s.relative_path]
        wrong_type = any(s.validator == "type" for s in root)
        missing = sum(1 for s in root if s.validator == "required")
        extra = 0
        for s in root:
            if s.validator == "additionalProperties" and isinstance(s.instance, Mapping):
                known: Any = s.schema.get("properties", {}) if isinstance(s.schema, Mapping) else {}
                extra += len([k for k in s.instance if k not in known])
        return (int(wrong_type), missing + extra)

    if not by_branch:
        return None
    best = min(sorted(by_branch), key=lambda b: distance(by_branch[b]))
    ties = [b for b in by_branch if distance(by_branch[b]) == distance(by_branch[best])]
    if distance(by_branch[best])[0] or len(ties) > 1:  # no shape is closest: shapes_named says them all
        return None
    subs = sorted(by_branch[best], key=lambda e: (-len(e.relative_path), str(e.relative_path)))
    found: jsonschema.ValidationError | None = jsonschema.exceptions.best_match(subs)
    return found


def _shapes_named(branches: Any) -> str:
    """The shapes a ``oneOf`` allows, in words: "a number, or one of {count}, {its}, ..." ("" if not inline)."""
    words, shapes = [], []
    for b in branches if isinstance(branches, list) else ():
        if not isinstance(b, Mapping) or "$ref" in b:
            return ""
        if b.get("type") == "integer":
            words.append("a number")
        elif b.get("type") == "object" and b.get("required"):
            shapes.append("{" + ", ".join(b["required"]) + "}")
    if shapes:
        words.append("one of " + ", ".join(shapes))
    return ", or ".join(words)


def describe_schema_errors(err: jsonschema.ValidationError, path: list[Any]) -> list[tuple[list[Any], str]]:
    """A schema error as (field path, message in words) pairs: one, or one per unknown field of a mapping."""
    inst = err.instance
    if err.validator == "additionalProperties" and isinstance(inst, Mapping) and isinstance(err.schema, Mapping):
        known = sorted(err.schema.get("properties", {}))
        extra = [k for k in inst if k not in known]
        if len(extra) > 1:
            return [
                (path + [k], f"unknown field {k!r}{suggest(k, known)}; known fields: {', '.join(known)}") for k in extra
            ]
    return [describe_schema_error(err, path)]


def describe_schema_error(err: jsonschema.ValidationError, path: list[Any]) -> tuple[list[Any], str]:
    """A schema error as (field path, message in words)."""
    v, inst = err.validator, err.instance
    if v in ("oneOf", "anyOf") and isinstance(inst, Mapping):
        closest = _closest_branch(err)
        if closest is not None:
            return describe_schema_error(closest, path + list(closest.relative_path))
        shapes = _shapes_named(err.validator_value)
        if shapes:
            return path, f"expected {shapes}, got {shown(inst)}"
    if _is_pt_path(err.absolute_path) and not isinstance(inst, Mapping | list) and v in ("type", "oneOf"):
        if isinstance(inst, str) and re.fullmatch(r"[+-]?\d+", inst.strip()):
            hint = f"; write {int(inst)} without quotes or sign" if inst.strip().startswith("+") else ""
            return path, f"expected {_pt_hint(v)}, got the text {inst!r}{hint}"
        return path, f"expected {_pt_hint(v)}, got {shown(inst)}"
    if v == "additionalProperties" and isinstance(inst, Mapping):
        known = sorted(err.schema.get("properties", {}))  # type: ignore[union-attr]
        extra = [k for k in inst if k not in known]
        if extra:
            field = extra[0]
            return path + [field], f"unknown field {field!r}{suggest(field, known)}; known fields: {', '.join(known)}"
    if v == "enum":
        choices = [c for c in err.validator_value if isinstance(c, str)]  # type: ignore[union-attr]
        return path, f"expected one of {', '.join(map(repr, choices))}, got {shown(inst)}{suggest(inst, choices)}"
    if v == "pattern" and isinstance(inst, str):
        what = _PATTERN_WORDS.get(str(err.validator_value), f"text of the form {err.validator_value}")
        if inst != inst.lower() and re.fullmatch(str(err.validator_value), inst.lower()):
            return path, f"{inst!r} must be lower case ({inst.lower()!r})"
        if inst != inst.upper() and re.fullmatch(str(err.validator_value), inst.upper()):
            return path, f"{inst!r} must be written in upper case as Oracle text writes it ({inst.upper()!r})"
        return path, f"expected {what}, got {shown(inst)}"
    if v == "type":
        return path, f"expected {_type_words(err.validator_value)}, got {shown(inst)}"
    if v == "required":
        return path, err.message
    if v == "uniqueItems":
        return path, f"a value is listed twice in {inst!r}"
    if v == "minItems":
        return path, "the list must not be empty"
    return path, err.message


# --- rules versions ----------------------------------------------------------------------------


def resolve_version_aliases(data: Any, aliases: Mapping[str, str]) -> Any:
    """``versions: [current]`` (and ``expect: {current: ...}``) name the profile the alias stands for."""
    if not isinstance(data, dict) or not isinstance(data.get("versions"), list):
        return data
    declared = data["versions"]
    if not any(isinstance(v, str) and v in aliases for v in declared):
        return data
    out = dict(data)
    resolved: list[Any] = []
    for i, v in enumerate(declared):
        real = aliases.get(v, v) if isinstance(v, str) else v
        if real in resolved:
            raise AuthoringError(f"versions[{i}]", f"{v!r} names {real!r}, which the case already lists")
        resolved.append(real)
    out["versions"] = resolved
    steps = data.get("steps")
    if isinstance(steps, list):
        new_steps = []
        for s in steps:
            if isinstance(s, dict) and isinstance(s.get("expect"), dict):
                s = dict(s)
                s["expect"] = {aliases.get(k, k): val for k, val in s["expect"].items()}
            new_steps.append(s)
        out["steps"] = new_steps
    return out


# --- vocabulary of expectations and filters ----------------------------------------------------


def _walk_parts(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for i, a in enumerate(data.get("abilities", ())):
        for j, p in enumerate(a.get("parts", ())):
            yield f"abilities[{i}].parts[{j}]", p
    effects: list[tuple[str, Mapping[str, Any]]] = [(f"effects[{i}]", e) for i, e in enumerate(data.get("effects", ()))]
    for s, step in enumerate(data.get("steps", ())):
        effects += [(f"steps[{s}].add_effects[{i}]", e) for i, e in enumerate(step.get("add_effects", ()))]
    for where, e in effects:
        for j, p in enumerate(e.get("parts", ())):
            yield f"{where}.parts[{j}]", p


def _all_objects(data: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    out = [(f"objects[{i}]", o) for i, o in enumerate(data.get("objects", ()))]
    for s, step in enumerate(data.get("steps", ())):
        out += [(f"steps[{s}].add_objects[{i}]", o) for i, o in enumerate(step.get("add_objects", ()))]
    return out


def players(data: Mapping[str, Any]) -> set[str]:
    """Every player a case names: objects' controllers and owners, effects' controllers, new controllers."""
    out: set[str] = set()
    for _, o in _all_objects(data):
        for key in ("controller", "owner"):
            if isinstance(o.get(key), str):
                out.add(o[key])
        if "controller" not in o and "owner" not in o:
            out.add("p1")
    effects = list(data.get("effects", ()))
    for step in data.get("steps", ()):
        effects += step.get("add_effects", ())
    out |= {e["controller"] for e in effects if isinstance(e.get("controller"), str)}
    for _, p in _walk_parts(data):
        if p.get("op") == "set_controller" and isinstance(p.get("player"), str) and p["player"] != "you":
            out.add(p["player"])
    return out


def ability_words(data: Mapping[str, Any], extra: Iterable[str] = ()) -> set[str]:
    """Every ability wording the case can produce: printed, defined, granted, from counters, text-changed."""
    out: set[str] = set(KEYWORDS) | set(extra) | set(INTRINSIC_MANA.values())
    for _, o in _all_objects(data):
        out |= set(o.get("abilities", ()))
        out |= set(o.get("face_down_values", {}).get("abilities", ()))
        out |= set(o.get("entered_as", {}).get("add_abilities", ()))
        out |= set((o.get("flip_face") or {}).get("abilities", ()))  # 710.1b: a flip card's alternative text
    out |= {a["text"] for a in data.get("abilities", ()) if isinstance(a.get("text"), str)}
    for a in data.get("abilities", ()):  # 111.3: the abilities of the tokens an ability creates
        if isinstance(a.get("creates"), Mapping):
            out |= {x for x in a["creates"].get("abilities", ()) if isinstance(x, str)}
    changes: list[tuple[str, str]] = []
    for _, p in _walk_parts(data):
        for key in ("abilities", "plus"):  # granted; 612.6: the text a full-text effect adds ("plus")
            out |= {x for x in p.get(key, ()) if isinstance(x, str)}
        exc = p.get("except", {})
        if isinstance(exc, Mapping):
            out |= set(exc.get("abilities", ())) | set(exc.get("add_abilities", ()))
        if p.get("op") == "replace_word":
            changes.append((str(p.get("from")), str(p.get("to"))))
    for _, o in _all_objects(data):
        out |= {c["kind"] for c in o.get("counters", ()) if c.get("kind") in KEYWORD_COUNTERS}
    for step in data.get("steps", ()):
        for counters in step.get("set_counters", {}).values():
            out |= {c["kind"] for c in counters if c.get("kind") in KEYWORD_COUNTERS}
    stickers = [st for _, o in _all_objects(data) for st in o.get("stickers", ())]
    stickers += [st for step in data.get("steps", ()) for new in step.get("put_stickers", {}).values() for st in new]
    out |= {st["ability"] for st in stickers if isinstance(st, Mapping) and isinstance(st.get("ability"), str)}  # 123.7
    for _ in range(2):  # text changes, possibly one after another (612)
        out |= {replace_in_text(a, old, new) for a in out for old, new in changes}
    return out


def _check_words(where: str, values: Any, known: Iterable[str], what: str) -> None:
    if not isinstance(values, list):
        return
    options = tuple(known)
    for i, x in enumerate(values):
        if isinstance(x, str) and x not in options:
            raise AuthoringError(f"{where}[{i}]", f"{x!r} is not {what}{suggest(x, options)}")


def _check_lower(where: str, values: Any) -> None:
    if not isinstance(values, list):
        return
    for i, x in enumerate(values):
        if isinstance(x, str) and x != x.lower():
            raise AuthoringError(f"{where}[{i}]", f"{x!r} must be lower case ({x.lower()!r})")


def _check_abilities(where: str, values: Any, known: set[str]) -> None:
    if not isinstance(values, list):
        return
    _check_lower(where, values)
    for i, x in enumerate(values):
        if isinstance(x, str) and x not in known:
            raise AuthoringError(
                f"{where}[{i}]",
                f"no object, ability definition, effect or counter of this case gives the ability {x!r}"
                f"{suggest(x, known)}",
            )


def _check_characteristic_sets(where: str, want: Mapping[str, Any], abilities: set[str]) -> None:
    _check_words(f"{where}.colors", want.get("colors"), COLORS, "a color (white, blue, black, red, green)")
    _check_words(f"{where}.types", want.get("types"), CARD_TYPES, "a card type")
    _check_words(f"{where}.supertypes", want.get("supertypes"), SUPERTYPES, "a supertype")
    _check_lower(f"{where}.subtypes", want.get("subtypes"))
    _check_abilities(f"{where}.abilities", want.get("abilities"), abilities)


def check_expectation(where: str, want: Mapping[str, Any], names: set[str], abilities: set[str]) -> None:
    """One object's expected values: every word from the vocabulary, every player one of the case's."""
    _check_characteristic_sets(where, want, abilities)
    for key in ("has", "lacks"):
        if isinstance(want.get(key), Mapping):
            _check_characteristic_sets(f"{where}.{key}", want[key], abilities)
    for key in ("controller", "owner"):
        who = want.get(key)
        if isinstance(who, str) and who not in names:
            known = ", ".join(sorted(names))
            raise AuthoringError(
                f"{where}.{key}", f"{who!r} is not a player of this case ({known}){suggest(who, names)}"
            )
    zone = want.get("zone")
    if isinstance(zone, str) and zone not in ZONES:
        raise AuthoringError(f"{where}.zone", f"{zone!r} is not a zone ({', '.join(ZONES)}){suggest(zone, ZONES)}")


def check_filter(where: str, filt: Any, names: set[str], abilities: set[str]) -> None:
    """A filter's values: card types, colors, supertypes, zones, players and ability wordings the case knows."""
    if not isinstance(filt, Mapping):
        return
    for key, want in filt.items():
        here = f"{where}.{key}"
        if isinstance(want, Mapping) and "chosen" in want:
            continue  # 614.1c: a chosen word, the source's own choice (checked where the choice is made)
        if key in ("all", "any") and isinstance(want, list):
            for i, f in enumerate(want):
                check_filter(f"{here}[{i}]", f, names, abilities)
        elif key == "not":
            check_filter(here, want, names, abilities)
        elif key == "type" and want not in CARD_TYPES:
            raise AuthoringError(here, f"{want!r} is not a card type{suggest(want, CARD_TYPES)}")
        elif key == "color" and want not in COLORS:
            raise AuthoringError(here, f"{want!r} is not a color{suggest(want, COLORS)}")
        elif key == "supertype" and want not in SUPERTYPES:
            raise AuthoringError(here, f"{want!r} is not a supertype{suggest(want, SUPERTYPES)}")
        elif key == "subtype" and isinstance(want, str) and want != want.lower():
            raise AuthoringError(here, f"{want!r} must be lower case ({want.lower()!r})")
        elif key == "zone" and want not in ZONES:
            raise AuthoringError(here, f"{want!r} is not a zone{suggest(want, ZONES)}")
        elif key in ("controller", "owner") and want not in names | {"you", "opponent"}:
            choices = sorted(names | {"you", "opponent"})
            known = ", ".join(choices)
            raise AuthoringError(
                here, f"{want!r} is not 'you', 'opponent' or a player of this case ({known}){suggest(want, choices)}"
            )
        elif key == "has_ability" and isinstance(want, str) and want not in abilities:
            raise AuthoringError(
                here,
                f"no object, ability definition or effect of this case gives the ability {want!r}"
                f"{suggest(want, abilities)}",
            )


def _filters_in_value(where: str, value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for key in ("count", "card_types_among"):
            if key in value:
                yield f"{where}.{key}", value[key]
        if isinstance(value.get("total"), Mapping) and "among" in value["total"]:
            yield f"{where}.total.among", value["total"]["among"]
        if isinstance(value.get("sum"), list):
            for i, v in enumerate(value["sum"]):
                yield from _filters_in_value(f"{where}.sum[{i}]", v)
        if isinstance(value.get("times"), list) and len(value["times"]) == 2:
            yield from _filters_in_value(f"{where}.times[1]", value["times"][1])


def check_vocabulary(
    data: Mapping[str, Any], extra_abilities: Iterable[str] = (), problems: list[tuple[str, str]] | None = None
) -> None:
    """Expectations and filters use the vocabulary; object ability wordings match their definitions.

    Without ``problems`` the first mistake is raised; with it, every mistake is appended as (field, message).
    """

    def attempt(check: Any, *args: Any) -> None:
        try:
            check(*args)
        except AuthoringError as exc:
            if problems is None:
                raise
            problems.append((exc.field, exc.message))

    attempt(check_mana_values, data)
    names = players(data)
    abilities = ability_words(data, extra_abilities)
    for i, a in enumerate(data.get("abilities", ())):
        attempt(check_filter, f"abilities[{i}].applies_to", a.get("applies_to", {}), names, abilities)
        condition = a.get("condition")
        if isinstance(condition, Mapping):
            for side in ("left", "right"):
                for fwhere, filt in _filters_in_value(f"abilities[{i}].condition.{side}", condition.get(side)):
                    attempt(check_filter, fwhere, filt, names, abilities)
    for where, p in _walk_parts(data):
        for key in ("power", "toughness"):
            for fwhere, filt in _filters_in_value(f"{where}.{key}", p.get(key)):
                attempt(check_filter, fwhere, filt, names, abilities)
    definitions = {a["text"] for a in data.get("abilities", ()) if isinstance(a.get("text"), str)}
    for where, o in _all_objects(data):
        for j, text in enumerate(o.get("abilities", ())):
            attempt(misspelt, f"{where}.abilities[{j}]", text, definitions)
    for s, step in enumerate(data.get("steps", ())):
        for vid, objs in (step.get("expect") or {}).items():
            if not isinstance(objs, Mapping):
                continue
            for oid, want in objs.items():
                if isinstance(want, Mapping):
                    attempt(check_expectation, f"steps[{s}].expect.{vid}.{oid}", want, names, abilities)


def mana_value_of(cost: str) -> int:
    """202.3: the mana value is the total amount of mana in the cost (X is 0; a hybrid {2/W} counts 2)."""
    total = 0
    for sym in MANA_SYMBOL.findall(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        else:
            total += max((int(p) if p.isdigit() else 1) for p in sym.split("/") if p != "P") if sym != "P" else 1
    return total


def check_mana_values(data: Mapping[str, Any]) -> None:
    """202.3: an object that gives both a mana cost and a mana value gives matching ones."""
    for where, o in _all_objects(data):
        cost, value = o.get("mana_cost"), o.get("mana_value")
        if isinstance(cost, str) and isinstance(value, int) and mana_value_of(cost) != value:
            raise AuthoringError(
                f"{where}.mana_value",
                f"the mana cost {cost} has mana value {mana_value_of(cost)}, not {value} (202.3); "
                "give the mana value only when the object has no mana cost",
            )


def misspelt(where: str, text: str, definitions: set[str]) -> None:
    """An object's ability wording that nearly (but not exactly) matches a definition or keyword is a typo."""
    if text in definitions or text in KEYWORDS:
        return
    near = difflib.get_close_matches(text, sorted(definitions | set(KEYWORDS)), n=1, cutoff=0.85)
    if near:
        raise AuthoringError(
            where,
            f"the ability {text!r} matches no ability definition or keyword, but nearly matches {near[0]!r}: "
            "a wording must match its definition exactly",
        )
