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


def _written_out(data: Mapping[str, Any], cat: Catalogue) -> list[str]:
    """The catalogue cards (English names) the case's objects write out, in order of first use."""
    names: list[str] = []
    for _, o in object_places(data):
        if not isinstance(o, Mapping) or is_reference(o) or "made_up" in o:
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
    if not isinstance(obj, dict) or "made_up" in obj:
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


def link_text(path: Path, text: str, cat: Catalogue) -> FileReport:
    """One case file's text linked to the catalogue (see the module's docstring)."""
    report = FileReport(path)
    label = str(path)
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        return report
    current_text, current = text, data
    for name in _written_out(data, cat):
        try:
            before = case_from_data(_with_costs(current, name, cat), label)
            candidate = _rewrite(current, name, cat)
            after = case_from_data(candidate, label)
        except CorpusError as exc:
            report.kept.append((name, exc.message))
            continue
        if candidate == current:
            continue
        if not _same(before, after):
            report.kept.append((name, "the catalogue's card loads to another board: " + _difference(before, after)))
            continue
        new_text = _edit(current_text, current, candidate)
        if new_text is None or yaml.safe_load(new_text) != candidate:
            report.kept.append((name, "the file's layout could not be edited in place (block-style object?)"))
            continue
        current_text, current = new_text, candidate
        report.linked.append(name)
    if current_text != text:
        report.text = current_text
    return report


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


def link_files(paths: Iterable[Path], cat: Catalogue, write: bool) -> list[FileReport]:
    """Link each case file; write the changed ones when asked."""
    reports = []
    for path in paths:
        read_yaml(path, str(path))  # the loader's own checks of the file (size, UTF-8, duplicate keys)
        report = link_text(path, path.read_text("utf-8"), cat)
        if write and report.text is not None:
            path.write_text(report.text, "utf-8")
        reports.append(report)
    return reports
