"""Linking the corpus to the catalogue: objects that write a catalogue card out become ``card:`` references.

An object writes a card out when it names it (``card``) and states printed values, or when it has no
``card`` and its ``name`` is a catalogue card's English name exactly (a Forest written by hand).

For each case file and each catalogue card its objects write out, the rewrite drops the objects'
printed values (``refs.PRINTED``), the case's ``cards:`` entry for the card and the ``abilities:``
definitions the catalogue gives for its wordings, and keeps it only when both files load to the
same case: the same objects, definitions, effects, steps and expectations (the ``cards:`` entries
aside, which the catalogue now gives). One difference is let through: a mana cost the case left
unstated becomes the card's when the case's mana value agrees with it (202.3), so the original
is compared with that cost written in. A card whose rewrite changes anything else is left as
written and reported with the reason. The edit is textual (other lines and comments stay as they
are) and checked by reading the new text back. Running it again changes nothing (idempotent).
"""

from __future__ import annotations

import copy
import dataclasses
import re
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

import yaml

from ..corpus import CorpusError, case_from_data, read_yaml
from .load import Catalogue, fold
from .refs import PRINTED, card_entry, is_reference, object_places, printed_values


@dataclass
class FileReport:
    """What linking did to one case file: the cards it now refers to and the ones left written out, with why."""

    path: Path
    linked: list[str] = field(default_factory=list)
    kept: list[tuple[str, str]] = field(default_factory=list)
    text: str | None = None  # the new text, when it changed
    tokens: list[str] = field(default_factory=list)  # ids of tokens named as a card, which keep their own values
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (case's wording, the card's), --unmodelled
    added: list[tuple[str, str]] = field(default_factory=list)  # (object id, unmodelled wording it now has)


def _written_out(data: Mapping[str, Any], cat: Catalogue) -> list[str]:
    """The catalogue cards (English names) the case's objects write out, in order of first use."""
    names: list[str] = []
    for _, o in object_places(data):
        if not isinstance(o, Mapping) or is_reference(o) or "made_up" in o or o.get("token") is True:
            continue
        found = cat.by_name.get(fold(str(o["card"]))) if "card" in o else _named(o, cat)
        if found is not None and found["name"] not in names:
            names.append(str(found["name"]))
    return names


def _named(obj: Mapping[str, Any], cat: Catalogue) -> Mapping[str, Any] | None:
    """The catalogue card an object with no ``card`` is, by its English name written exactly."""
    found = cat.by_name.get(fold(str(obj.get("name"))))
    return found if found is not None and found["name"] == obj.get("name") else None


def _is_card(obj: Any, name: str, cat: Catalogue) -> TypeGuard[dict[str, Any]]:
    """Whether a (not made-up) object writes out the catalogue card ``name`` (by its card, else by its name)."""
    if not isinstance(obj, dict) or "made_up" in obj or obj.get("token") is True:
        return False
    if "card" in obj:
        found = cat.by_name.get(fold(str(obj["card"])))  # any name that finds the card (a flip card's "A // B")
        return found is not None and found["name"] == name
    found = _named(obj, cat)
    return found is not None and found["name"] == name


def _same(case_a: Any, case_b: Any) -> bool:
    """The same case but for its ``cards:`` entries and the objects' ``card`` labels (which nothing resolves)."""
    return bool(_unlabelled(case_a) == _unlabelled(case_b))


def _unlabelled(case: Any) -> Any:
    def plain(o: Any) -> Any:
        return dataclasses.replace(o, card=None)

    steps = tuple(dataclasses.replace(s, add_objects=tuple(map(plain, s.add_objects))) for s in case.steps)
    return dataclasses.replace(case, cards=(), objects=tuple(map(plain, case.objects)), steps=steps)


def _difference(before: Any, after: Any) -> str:
    """Where two loaded cases differ first: an object's printed field, else the part of the case."""
    for a, b in zip(_all_objects(before), _all_objects(after), strict=False):
        if a != b:
            for f in dataclasses.fields(a.printed):
                x, y = getattr(a.printed, f.name), getattr(b.printed, f.name)
                if x != y:
                    return f"{a.id}'s {f.name} is {_show(x)} in the case, {_show(y)} in the catalogue"
            return f"{a.id} differs"
    for f in dataclasses.fields(before):
        if f.name != "cards" and getattr(before, f.name) != getattr(after, f.name):
            return f"the case's {f.name}"
    return "?"


def _show(value: Any) -> str:
    return repr(sorted(value)) if isinstance(value, frozenset) else repr(value)


def _all_objects(case: Any) -> list[Any]:
    return [*case.objects, *(o for s in case.steps for o in s.add_objects)]


def _with_costs(data: Mapping[str, Any], name: str, cat: Catalogue) -> dict[str, Any]:
    """The original with the card's mana cost written on its objects that leave it unstated (mana value agreeing)."""
    out = copy.deepcopy(dict(data))
    card = cat.card(name)
    for _, o in object_places(out):
        if not _is_card(o, name, cat) or "mana_cost" in o:
            continue
        if card.get("mana_cost") and o.get("mana_value", card["mana_value"]) == card["mana_value"]:
            o["mana_cost"] = card["mana_cost"]
    return out


def _defined_by(card: Mapping[str, Any], cat: Catalogue) -> list[Mapping[str, Any]]:
    faces = [card]
    filled = printed_values(card, cat)
    if "back_face" in filled:
        faces.append(cat.card(str(card["other_face"])))
    return [a["definition"] for f in faces for a in f["abilities"] if "definition" in a]


def _rewrite(data: Mapping[str, Any], name: str, cat: Catalogue) -> dict[str, Any]:
    """The case with the card's objects made references, its card entry and catalogue definitions dropped."""
    out = copy.deepcopy(dict(data))
    for _, o in object_places(out):
        if _is_card(o, name, cat):
            rest = {k: v for k, v in o.items() if k not in PRINTED and k not in ("id", "card")}
            head = {"id": o["id"]} if "id" in o else {}
            o.clear()
            o.update({**head, "card": name, **rest})
    card = cat.card(name)
    faces = {fold(name), fold(card_entry(card)["name"])}
    faces |= {fold(str(card["other_face"]))} if card.get("other_face") else set()
    out["cards"] = [c for c in out.get("cards") or [] if fold(str(c.get("name", ""))) not in faces]
    theirs = {str(d["text"]): d for d in _defined_by(card, cat)}
    out["abilities"] = [a for a in out.get("abilities") or [] if theirs.get(str(a.get("text"))) != a]
    for key in ("cards", "abilities"):
        if not out[key]:
            del out[key]
    return out


def link_text(path: Path, text: str, cat: Catalogue, unmodelled: bool = False) -> FileReport:
    """One case file's text linked to the catalogue (see the module's docstring).

    ``unmodelled``: also link when the card's objects differ from the case's only by abilities the format does
    not model (the catalogue's ``modelled: false`` wordings the case leaves out, and wordings the case gives that
    nothing defines), or by a wording of the same ability (the card's name against "this <type>", a final period):
    the case's wording is then written the card's way everywhere in the case (``renamed``), and each object that
    now has an unmodelled wording it did not have is listed (``added``) so its expectations can be checked.
    """
    report = FileReport(path)
    label = str(path)
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        return report
    report.tokens = [str(o.get("id")) for _, o in object_places(data) if _token_named_as_card(o, cat)]
    current_text, current = text, data
    for name in _written_out(data, cat):
        original_text, original = current_text, current
        renames = _renames(current, name, cat) if unmodelled else {}
        if renames:
            renamed_text = _rename_text(current_text, renames)
            renamed = _rename_data(current, renames)
            if renamed_text is None or _load(renamed_text) != renamed:
                report.kept.append((name, "the case's wordings could not be renamed in place"))
                continue
            current_text, current = renamed_text, renamed
        try:
            before = case_from_data(_with_costs(current, name, cat), label)
            candidate = _rewrite(current, name, cat)
            after = case_from_data(candidate, label)
        except CorpusError as exc:
            report.kept.append((name, exc.message))
            current_text, current = original_text, original
            continue
        if candidate == current:
            continue
        drop = _unmodelled_difference(current, name, cat) if unmodelled else set()
        if not _same(_without(before, drop), _without(after, drop)):
            why = _difference(_without(before, drop), _without(after, drop))
            report.kept.append((name, "the catalogue's card loads to another board: " + why))
            current_text, current = original_text, original
            continue
        new_text = _edit(current_text, current, candidate)
        if new_text is None or yaml.safe_load(new_text) != candidate:
            report.kept.append((name, "the file's layout could not be edited in place (block-style object?)"))
            current_text, current = original_text, original
            continue
        report.renamed.extend(renames.items())
        report.added.extend(_added(current, name, cat, drop))
        current_text, current = new_text, candidate
        report.linked.append(name)
    if current_text != text:
        report.text = current_text
    return report


def _load(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None


def _token_named_as_card(obj: Any, cat: Catalogue) -> bool:
    """A token (111.1) named as a catalogue card: its values are the ones the effect that made it gives (111.4,
    707.9: a copy's exceptions), so it is not the card written out and is left as the case writes it."""
    if not isinstance(obj, Mapping) or obj.get("token") is not True or is_reference(obj):
        return False
    named = obj.get("card", obj.get("name"))
    return named is not None and fold(str(named)) in cat.by_name


def same_ability(a: str, b: str, name: str) -> bool:
    """Two wordings of one ability of the card ``name``: equal once the card's name (or its short name, before a
    comma) and "this <type>" both read as the card (201.5), case and a final period aside."""
    return self_blind(a, name) == self_blind(b, name)


_THIS = re.compile(
    r"\bthis (creature|land|artifact|enchantment|permanent|card|spell|planeswalker|aura|equipment|vehicle)\b"
)


def self_blind(text: str, name: str) -> str:
    """A wording with the card's name (or short name) and "this <type>" both written "~", its final period dropped."""
    out = text.lower().rstrip(".").strip()
    for n in sorted({name.lower(), name.lower().split(",")[0]}, key=len, reverse=True):
        out = out.replace(n, "~")
    return _THIS.sub("~", out)


def _card_wordings(name: str, cat: Catalogue) -> tuple[list[str], set[str]]:
    """The card's wordings (its face's abilities) and those the format does not model."""
    card = cat.card(name)
    return [str(a["text"]) for a in card["abilities"]], {
        str(a["text"]) for a in card["abilities"] if not a.get("modelled")
    }


def _renames(data: Mapping[str, Any], name: str, cat: Catalogue) -> dict[str, str]:
    """The case's wordings of the card's abilities that the card words otherwise (one match each), when only the
    card's objects have them printed."""
    theirs, _ = _card_wordings(name, cat)
    out: dict[str, str] = {}
    for _, o in object_places(data):
        if not _is_card(o, name, cat):
            continue
        mine = [str(t) for t in o.get("abilities") or []]
        for a in mine:
            match = [b for b in theirs if b not in mine and same_ability(a, b, name)]
            if a not in theirs and len(match) == 1:
                out[a] = match[0]
    for _, o in object_places(data):
        if isinstance(o, Mapping) and not _is_card(o, name, cat) and set(o.get("abilities") or []) & set(out):
            return {}  # another object prints the wording: renaming it would change that object too
    return out


_PROSE = ("id", "title", "sources", "notes", "cards", "description", "status", "versions", "features", "rules")


def _rename_data(data: Any, renames: Mapping[str, str], key: str | None = None) -> Any:
    """The data with each string equal to a renamed wording written the card's way (prose fields aside)."""
    if key in _PROSE:
        return data
    if isinstance(data, str):
        return renames.get(data, data)
    if isinstance(data, list):
        return [_rename_data(v, renames) for v in data]
    if isinstance(data, dict):
        return {k: _rename_data(v, renames, k) for k, v in data.items()}
    return data


def _rename_text(text: str, renames: Mapping[str, str]) -> str | None:
    """The file's text with each renamed wording's scalars (quoted, or plain in a flow list or after a key)
    rewritten; None when a wording appears in a form this does not rewrite."""
    out = text
    for a, b in renames.items():
        new = _flow([b])[1:-1]  # the wording as a flow scalar (quoted when it must be)
        forms = [
            ('"' + a.replace("\\", "\\\\").replace('"', '\\"') + '"', new),
            ("'" + a.replace("'", "''") + "'", new),
        ]
        for old_form, new_form in forms:
            out = out.replace(old_form, new_form)
        plain = re.compile(r"(?:(?<=[\[,{:] )|(?<=\[))" + re.escape(a) + r"(?=\s*[,\]}]|\s*$)", re.MULTILINE)
        out = plain.sub(new.replace("\\", "\\\\"), out)
    return out


def _unmodelled_difference(data: Mapping[str, Any], name: str, cat: Catalogue) -> set[str]:
    """The wordings by which the card's objects may differ from the case's: the card's unmodelled ones the case
    leaves out, and the case's own that no definition of the case and no modelled catalogue wording gives."""
    theirs, loose = _card_wordings(name, cat)
    defined = {str(a.get("text")) for a in data.get("abilities") or [] if isinstance(a, Mapping)}
    modelled = {str(a["text"]) for c in cat.cards for a in c["abilities"] if a.get("modelled")}
    out: set[str] = set()
    for _, o in object_places(data):
        if not _is_card(o, name, cat):
            continue
        mine = {str(t) for t in o.get("abilities") or []}
        out |= {t for t in set(theirs) - mine if t in loose}
        out |= {t for t in mine - set(theirs) if t not in defined and t not in modelled}
    return out


def _added(data: Mapping[str, Any], name: str, cat: Catalogue, drop: set[str]) -> list[tuple[str, str]]:
    """(object id, wording) for each unmodelled wording of the card an object of the case did not have."""
    theirs, _ = _card_wordings(name, cat)
    return [
        (str(o.get("id")), t)
        for _, o in object_places(data)
        if _is_card(o, name, cat)
        for t in theirs
        if t in drop and t not in (o.get("abilities") or [])
    ]


def _without(case: Any, drop: set[str]) -> Any:
    """The loaded case with the given wordings taken out of its objects' printed abilities and its expectations."""
    if not drop:
        return case

    def obj(o: Any) -> Any:
        return dataclasses.replace(o, printed=dataclasses.replace(o.printed, abilities=o.printed.abilities - drop))

    def want(m: Any) -> Any:
        return {
            oid: {k: (tuple(x for x in v if x not in drop) if k == "abilities" else v) for k, v in w.items()}
            for oid, w in m.items()
        }

    steps = tuple(
        dataclasses.replace(
            s,
            add_objects=tuple(map(obj, s.add_objects)),
            expect={v: want(m) for v, m in s.expect.items()},
            outcomes={v: tuple(want(m) for m in ms) for v, ms in s.outcomes.items()},
        )
        for s in case.steps
    )
    return dataclasses.replace(case, objects=tuple(map(obj, case.objects)), steps=steps)


def _flow(value: Any) -> str:
    return str(yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10**9)).strip()


def _edit(text: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
    """The text with the objects that changed rewritten on their lines and dropped list items removed."""
    lines = text.splitlines(keepends=True)
    olds = dict(object_places(old))
    for where, obj in object_places(new):
        before = olds.get(where)
        if before == obj:
            continue
        hits = [i for i, line in enumerate(lines) if _flow_item(line) == before]
        for i in hits:
            prefix = lines[i][: lines[i].index("- {") + 2]
            lines[i] = prefix + _flow(obj) + "\n"
        if not hits:
            blocks = [(i, j) for i, j in _block_items(lines) if _block_item(lines[i:j]) == before]
            if not blocks:
                return None
            for i, j in reversed(blocks):
                lines[i:j] = _block(obj, lines[i][: lines[i].index("- ")])
    for key in ("cards", "abilities"):
        keep = new.get(key, [])
        lines_or_none = _drop_items(lines, key, keep)
        if lines_or_none is None:
            return None
        lines = lines_or_none
    return "".join(lines)


def _block_items(lines: list[str]) -> list[tuple[int, int]]:
    """The line ranges of block-style mapping list items (``- id: x`` then its keys indented under it)."""
    out: list[tuple[int, int]] = []
    for i, line in enumerate(lines):
        stripped = line.lstrip(" ")
        if not stripped.startswith("- ") or stripped.startswith(("- {", "- [")) or ":" not in stripped:
            continue
        depth = len(line) - len(stripped)
        end = i + 1
        while end < len(lines) and (
            not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip(" ")) > depth + 1
        ):
            end += 1
        while end > i + 1 and not lines[end - 1].strip():
            end -= 1
        out.append((i, end))
    return out


def _block_item(block: list[str]) -> Any:
    """The mapping a block-style list item's lines hold (None when they hold a comment, which a rewrite would lose)."""
    if any(line.lstrip().startswith("#") for line in block):
        return None
    try:
        parsed = yaml.safe_load(textwrap.dedent("".join(block)))
    except yaml.YAMLError:
        return None
    return parsed[0] if isinstance(parsed, list) and len(parsed) == 1 else None


def _block(obj: Mapping[str, Any], indent: str) -> list[str]:
    """An object as a block-style list item at ``indent`` (inner lists and mappings in flow style)."""
    text = yaml.safe_dump([dict(obj)], default_flow_style=None, sort_keys=False, allow_unicode=True, width=110)
    return [indent + line + "\n" for line in str(text).splitlines()]


def _flow_item(line: str) -> Any:
    stripped = line.strip()
    if not (stripped.startswith("- {") and stripped.endswith("}")):
        return None
    try:
        return yaml.safe_load(stripped[2:])
    except yaml.YAMLError:
        return None


def _drop_items(lines: list[str], key: str, keep: list[Any]) -> list[str] | None:
    """A top-level list's items not in ``keep`` removed (the key too when none is left)."""
    start = next((i for i, line in enumerate(lines) if line.rstrip("\n") == f"{key}:"), None)
    if start is None:
        empty = [i for i, line in enumerate(lines) if line.rstrip() == f"{key}: []"]
        if keep:
            return None
        return [line for i, line in enumerate(lines) if i not in empty]
    end = start + 1
    while end < len(lines) and (lines[end].startswith((" ", "-")) or not lines[end].strip()):
        end += 1
    items: list[list[str]] = []
    indent: str | None = None
    for line in lines[start + 1 : end]:
        stripped = line.lstrip(" ")
        this = line[: len(line) - len(stripped)]
        if stripped.startswith("- ") and (indent is None or this == indent):
            indent = this
            items.append([line])
        elif items:
            items[-1].append(line)
        elif line.strip():
            return None
    kept: list[str] = []
    pending = list(keep)
    for block in items:
        parsed = yaml.safe_load(f"{key}:\n" + "".join(block))
        if not isinstance(parsed, dict) or not isinstance(parsed.get(key), list) or len(parsed[key]) != 1:
            return None
        if pending and parsed[key][0] == pending[0]:
            pending.pop(0)
            kept.extend(block)
    if pending:
        return None
    head = [lines[start]] if kept else []
    return lines[:start] + head + kept + lines[end:]


def link_files(paths: Iterable[Path], cat: Catalogue, write: bool, unmodelled: bool = False) -> list[FileReport]:
    """Link each case file; write the changed ones when asked."""
    reports = []
    for path in paths:
        read_yaml(path, str(path))  # the loader's own checks of the file (size, UTF-8, duplicate keys)
        report = link_text(path, path.read_text("utf-8"), cat, unmodelled)
        if write and report.text is not None:
            path.write_text(report.text, "utf-8")
        reports.append(report)
    return reports
