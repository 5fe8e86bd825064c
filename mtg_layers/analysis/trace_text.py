"""The trace in words a judge can follow: one function, used by `explain`, the site and the playground.

For every step of a resolution: which layer and why (what the effect does, its slot and the
rule that puts it there), why it applies at that point (timestamp, dependency, loop, lock-in),
and only the characteristics that changed, in game notation ("5/8", "Land — Mountain").

Standard library and ``reference`` only: the playground runs this module under Pyodide.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from reference.frozen import thaw
from reference.model import Board, Characteristics
from reference.resolver import Resolution, TraceStep, initial_state
from reference.versions import BUILTIN_IDS, RulesVersion, era_end

# What an operation does, in words (the slot and its rule say where it applies).
OPERATION_WORDS: dict[str, str] = {
    "copy_of": "copies another object",
    "face_down": "face-down status",
    "set_controller": "changes control",
    "replace_word": "changes words in the text",
    "full_text_of": "has another card's full text",
    "set_name": "has a new name",
    "add_types": "adds card types",
    "set_types": "sets card types",
    "remove_types": "removes card types",
    "add_subtypes": "adds subtypes",
    "set_subtypes": "sets subtypes",
    "remove_subtypes": "removes subtypes",
    "all_creature_types": "gives every creature type",
    "set_land_subtype": "sets a basic land type",
    "add_supertypes": "adds supertypes",
    "remove_supertypes": "removes supertypes",
    "set_colors": "sets colors",
    "add_colors": "adds colors",
    "add_abilities": "adds abilities",
    "remove_abilities": "removes abilities",
    "remove_all_abilities": "removes all abilities",
    "remove_all_abilities_except_mana": "removes all abilities except mana abilities",
    "add_activated_abilities_of": "has the activated abilities of other objects",
    "set_pt": "sets power/toughness",
    "modify_pt": "modifies power/toughness",
    "switch_pt": "switches power and toughness",
    "counter_pt": "+1/+1 or -1/-1 counters",
    "counter_keyword": "keyword counters",
}

SUPERTYPE_ORDER = ("legendary", "basic", "snow", "world", "ongoing", "elite", "host")
TYPE_ORDER = (
    "kindred",
    "tribal",
    "enchantment",
    "artifact",
    "land",
    "creature",
    "planeswalker",
    "battle",
    "instant",
    "sorcery",
)

RULE_RE = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")


@dataclass(frozen=True)
class Row:
    """One trace step in words."""

    index: int
    slot: str
    layer: str  # what it does, the slot and the rule: "sets power/toughness: 7b, 613.4b"
    effect: str  # the effect's description (card names, not the case's keys) and its timestamp
    order: str  # why it applies at this point, in words
    changes: tuple[str, ...]  # only what changed, per object


@dataclass(frozen=True)
class ResultRow:
    """One object's final characteristics in game notation."""

    object: str
    name: str
    type_line: str
    colors: str
    abilities: str
    pt: str
    controller: str
    counters: str


@dataclass(frozen=True)
class Explanation:
    """A whole resolution in words: trace rows, dependencies, effects that did not apply, result."""

    version: str
    rows: tuple[Row, ...]
    dependencies: tuple[str, ...]
    skipped: tuple[str, ...]
    result: tuple[ResultRow, ...]


def _ordered(values: Iterable[str], order: tuple[str, ...]) -> list[str]:
    return sorted(values, key=lambda v: (order.index(v) if v in order else len(order), v))


def _title(word: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in word.split(" "))


def type_line(ch: Characteristics) -> str:
    """The type line as printed: supertypes and card types, then "—" and the subtypes (205.1a)."""
    left = [_title(t) for t in _ordered(ch.supertypes, SUPERTYPE_ORDER) + _ordered(ch.types, TYPE_ORDER)]
    subs = [_title(s) for s in sorted(ch.subtypes)]
    if ch.all_creature_types:
        subs.append("(every creature type)")
    line = " ".join(left) or "(no type)"
    return f"{line} — {' '.join(subs)}" if subs else line


def colors_text(colors: Iterable[str]) -> str:
    """Colors in WUBRG order (105.1), or "colorless"."""
    order = ("white", "blue", "black", "red", "green")
    return ", ".join(_ordered(colors, order)) or "colorless"


def pt_text(ch: Characteristics) -> str:
    """Power/toughness as "P/T", or "–" for an object that has neither (208.3)."""
    if ch.power is None and ch.toughness is None:
        return "–"
    return f"{'–' if ch.power is None else ch.power}/{'–' if ch.toughness is None else ch.toughness}"


def _labels(board: Board) -> dict[str, str]:
    """An object's name when it is unique on the board, else its name and id (the cards merged into a
    permanent, 729.2, included)."""
    objects = {oid: o.printed for oid, o in board.objects.items()}
    objects.update({m.component.id: m.component.printed for o in board.objects.values() for m in o.merges})
    names = [ch.name for ch in objects.values()]
    out = {}
    for oid, ch in objects.items():
        name = ch.name
        out[oid] = name if name and names.count(name) == 1 else f"{name or 'face-down object'} ({oid})"
    return out


COUNTER_DESCRIPTION = re.compile(r"^(\d+) (.+) counter\(s\) on (\S+)$")
# The rules' own effects as reference.effects.rule_effects describes them, with object ids.
MERGE_DESCRIPTION = re.compile(r"^(\S+) merged (over|under) (\S+) (\(.*\))$")
FACE_DOWN_DESCRIPTION = re.compile(r"^(\S+) is face down (\(708\.2\))$")
APPLIES_TO_DETAIL = re.compile(r"\(gains (\[[^\]]*\]), loses (\[[^\]]*\])\)")


def describe(description: str, labels: Mapping[str, str]) -> str:
    """An effect's description for a reader: "the +1/+1 counter on Gray Ogre" rather than
    the resolver's "1 +1/+1 counter(s) on ogre", "Gemrazer merged over Ram" rather than "gem merged over ram"."""
    merged = MERGE_DESCRIPTION.match(description)
    if merged is not None:
        card, position, onto, rules = merged.groups()
        return f"{labels.get(card, card)} merged {position} {labels.get(onto, onto)} {rules}"
    face_down = FACE_DOWN_DESCRIPTION.match(description)
    if face_down is not None:
        return f"{labels.get(face_down[1], face_down[1])} is face down {face_down[2]}"
    m = COUNTER_DESCRIPTION.match(description)
    if m is None:
        return description
    count, kind, oid = int(m.group(1)), m.group(2), m.group(3)
    where = labels.get(oid, oid)
    return f"the {kind} counter on {where}" if count == 1 else f"{count} {kind} counters on {where}"


def _names_list(text: str, labels: Mapping[str, str]) -> list[str]:
    try:
        ids = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return [text]
    return [labels.get(str(i), str(i)) for i in ids] if isinstance(ids, list) else [text]


def detail_text(detail: str, labels: Mapping[str, str]) -> str:
    """A dependency's reason in words: the objects an effect would gain or lose by name, not as a
    list of ids ("(gains ['bears'], loses [])" becomes ": it would then also apply to Grizzly Bears")."""

    def words(m: re.Match[str]) -> str:
        gained, lost = _names_list(m.group(1), labels), _names_list(m.group(2), labels)
        parts = []
        if gained:
            parts.append("also apply to " + _and(gained))
        if lost:
            parts.append("no longer apply to " + _and(lost))
        return "(it would then " + " and ".join(parts) + ")" if parts else "(the same objects)"

    return APPLIES_TO_DETAIL.sub(words, detail)


def short_names(keys: Iterable[str], names: Mapping[str, str], labels: Mapping[str, str]) -> dict[str, str]:
    """How a dependency sentence names each effect: by its source's name ("Blood Moon") when the
    effect comes from an object's ability and no other effect here has that name, else in full."""
    keys = list(dict.fromkeys(keys))
    source = {k: k.split(":", 1)[0] for k in keys if ":" in k and not k.startswith("counters:")}
    by_source = [labels[s] for k, s in source.items() if s in labels]
    out = {}
    for k in keys:
        src = source.get(k)
        label = labels.get(src) if src else None
        out[k] = label if label is not None and by_source.count(label) == 1 else names.get(k, k)
    return out


def _mention(name: str, labels: Mapping[str, str]) -> str:
    """An effect named inside a sentence: an object's name as it is, a description in quotes."""
    if name in ("it", "this effect") or name in labels.values():
        return name
    return f"“{name}”"


def reason_text(test: str, detail: str, subject: str, obj: str, labels: Mapping[str, str]) -> str:
    """Why one effect depends on another (613.8a), in words: ``subject`` is the effect depended on,
    ``obj`` the dependent one ("Blood Moon would stop it from existing")."""
    subject, obj = _mention(subject, labels), _mention(obj, labels)
    if obj in labels.values():
        obj = f"the effect of {obj}"
    if test == "existence":
        return f"{subject} would stop {obj} from existing"
    if test == "text":
        return f"{subject} would change the text of {obj}"
    if test == "what-it-does":
        return f"{subject} would change what {obj} does"
    m = APPLIES_TO_DETAIL.search(detail) if test == "applies-to" else None
    if m is not None:
        gained, lost = _names_list(m.group(1), labels), _names_list(m.group(2), labels)
        parts = [f"apply to {_and(gained)} too"] if gained else []
        parts += [f"no longer apply to {_and(lost)}"] if lost else []
        return f"{subject} would make {obj} " + " and ".join(parts) if parts else detail
    return detail_text(detail, labels)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def changes(before: Characteristics, after: Characteristics) -> list[str]:
    """Only the characteristics that differ, each in game notation with its old value."""
    out = []
    if before.face_down != after.face_down:
        out.append("turned face down" if after.face_down else "turned face up")
    if before.name != after.name:
        out.append(f"named {after.name or '(no name)'} (was {before.name or '(no name)'})")
    if before.controller != after.controller:
        out.append(f"controlled by {after.controller} (was {before.controller})")
    if before.mana_value != after.mana_value:
        out.append(f"mana value {after.mana_value} (was {before.mana_value})")
    if type_line(before) != type_line(after):
        out.append(f"{type_line(after)} (was {type_line(before)})")
    if before.colors != after.colors:
        out.append(f"{colors_text(after.colors)} (was {colors_text(before.colors)})")
    gained = sorted(after.abilities - before.abilities)
    lost = sorted(before.abilities - after.abilities)
    if gained:
        out.append("gains " + "; ".join(map(mana_symbols, gained)))
    if lost:
        out.append("loses " + "; ".join(map(mana_symbols, lost)))
    if (before.power, before.toughness) != (after.power, after.toughness):
        out.append(f"{pt_text(after)} (was {pt_text(before)})")
    if not out and before.text_changes != after.text_changes:
        out.append("text changed: " + ", ".join(f"{a} → {b}" for a, b in after.text_changes))
    return out


MANA_SYMBOL = re.compile(r"\{([0-9a-z/]+)\}")


def mana_symbols(text: str) -> str:
    """Mana and tap symbols as printed: the model keeps ability text in lower case, "{t}: add {c}." reads
    "{T}: add {C}."."""
    return MANA_SYMBOL.sub(lambda m: "{" + m.group(1).upper() + "}", text)


def _kind(step: TraceStep, version: RulesVersion) -> str:
    words: list[str] = []
    for op in step.ops:
        w = OPERATION_WORDS.get(op, op.replace("_", " "))
        if w not in words:
            words.append(w)
    slot = next((s for s in version.slots if s.id == step.slot), None)
    rule = f", {slot.rule}" if slot is not None and slot.rule else ""
    kind = " and ".join(words)
    if step.origin == "cda":
        kind = f"characteristic-defining ability, {kind}"
    return f"{kind}: layer {step.slot}{rule}"


def _order(
    step: TraceStep,
    steps: tuple[TraceStep, ...],
    resolution: Resolution,
    names: Mapping[str, str],
    labels: Mapping[str, str],
) -> str:
    why = step.why
    ts = f"{step.timestamp:g}"
    earlier = [s for s in steps if s.slot == step.slot and s.index < step.index]
    later = [s for s in steps if s.slot == step.slot and s.index > step.index]
    if why.kind == "loop" and why.loop:
        members = [_mention(names.get(k, k), labels) for k in why.loop if k != step.effect]
        text = f"part of a dependency loop with {_and(members)}: the loop applies in timestamp order (613.8b)"
    elif why.kind == "loop":
        text = why.text
    elif why.kind == "dependency" and why.waited_for:
        edges = [
            e for e in resolution.edges if e.dependent == step.effect and e.slot == step.slot and e.on in why.waited_for
        ]
        short = short_names([step.effect, *(e.on for e in edges)], names, labels)
        reasons = []
        for e in edges:
            named = short[e.on] in labels.values()  # "depends on Blood Moon: Blood Moon would ..."
            subject, obj = (short[e.on], "it") if named else ("it", "this effect")
            reasons.append(
                f"depends on {_mention(short[e.on], labels)}: {reason_text(e.test, e.detail, subject, obj, labels)}"
                " (613.8a)"
            )
        text = "; ".join(reasons) or why.text
        text += "; so it applies after it (613.8b)"
    elif why.kind == "dependency" and why.went_before:
        edges = [
            e
            for e in resolution.edges
            if e.on == step.effect and e.slot == step.slot and e.dependent in why.went_before
        ]
        short = short_names([step.effect, *(e.dependent for e in edges)], names, labels)
        waiting = [
            f"{reason_text(e.test, e.detail, 'it', short[e.dependent], labels)}, so that effect depends on it (613.8a)"
            for e in edges
        ]
        others = ", ".join(names.get(k, k) for k in why.went_before)
        verb = "waits for an effect it depends" if len(why.went_before) == 1 else "wait for effects they depend"
        text = "; ".join(waiting) or f"{others} {verb} on"
        text += f": it applies first although its timestamp ({ts}) is later (613.8b)"
    elif why.kind == "cda-first":
        text = "characteristic-defining ability: applies before the other effects of its layer (613.3)"
    elif earlier:
        # the effect just before it in this layer is the one that matters to its place; the others are counted
        last = earlier[-1]
        prev = f"{names.get(last.effect, last.description)} (ts {last.timestamp:g})"
        more = len(earlier) - 1
        if more:
            prev += f" and {more} earlier effect{'s' if more > 1 else ''} in {step.slot}"
        text = f"timestamp {ts}, after {prev} (613.7)"
    elif later:
        text = f"timestamp {ts}, the earliest in {step.slot} (613.7)"
    else:
        text = f"the only effect in {step.slot}"
    if step.locked_from:
        text += f"; applies to the objects fixed when it began in {step.locked_from} (613.6)"
    return text


def explain_resolution(board: Board, resolution: Resolution, version: RulesVersion) -> Explanation:
    """Every trace step in words (layer and rule, why now, what changed) and the final result."""
    labels = _labels(board)
    names: dict[str, str] = {s.effect: describe(s.description, labels) for s in resolution.steps}
    names.update({s.effect: describe(s.description, labels) for s in resolution.skipped})
    state: dict[str, Characteristics] = dict(initial_state(board, version))
    rows = []
    for step in resolution.steps:
        changed = []
        for oid, after in step.after.items():
            before = state.get(oid, after)
            diff = changes(before, after)
            if diff:
                changed.append(f"{labels.get(oid, oid)}: {'; '.join(diff)}")
            state[oid] = after
        rows.append(
            Row(
                index=step.index,
                slot=step.slot,
                layer=_kind(step, version),
                effect=f"{names[step.effect]} (timestamp {step.timestamp:g})",  # card names and words, not keys
                order=_order(step, resolution.steps, resolution, names, labels),
                changes=tuple(changed) or ("no change",),
            )
        )
    short = short_names([k for e in resolution.edges for k in (e.dependent, e.on)], names, labels)
    deps = tuple(
        f"layer {e.slot}: {names.get(e.dependent, e.dependent).rstrip('.')} depends on "
        f"{names.get(e.on, e.on).rstrip('.')} (613.8a), since "
        f"{reason_text(e.test, e.detail, short[e.on], short[e.dependent], labels)}"
        for e in resolution.edges
    )
    skipped = tuple(
        f"layer {s.slot}: {names.get(s.effect, s.description).rstrip('.')}: {s.reason}" for s in resolution.skipped
    )
    result = []
    for oid in sorted(resolution.final):
        ch = resolution.final[oid]
        obj = board.objects.get(oid)
        counters = ", ".join(f"{c.count}× {c.kind}" for c in obj.counters) if obj else ""
        result.append(
            ResultRow(
                object=oid,
                name=ch.name or "(face down, no name)",
                type_line=type_line(ch),
                colors=colors_text(ch.colors),
                abilities="; ".join(map(mana_symbols, sorted(ch.abilities))) or "–",
                pt=pt_text(ch),
                controller=ch.controller,
                counters=counters or "–",
            )
        )
    return Explanation(version.id, tuple(rows), deps, skipped, tuple(result))


TRACE_HEAD = ("#", "layer and why", "effect", "why at this point", "what changed")
RESULT_HEAD = ("object", "name", "type line", "colors", "abilities", "P/T", "controller", "counters")


def trace_cells(row: Row) -> list[str]:
    """A trace row as table cells (the changes one per line)."""
    return [str(row.index), row.layer, row.effect, row.order, "\n".join(row.changes)]


def result_cells(row: ResultRow) -> list[str]:
    """A result row as table cells."""
    return [row.object, row.name, row.type_line, row.colors, row.abilities, row.pt, row.controller, row.counters]


def _md_cell(text: str, link: Callable[[str], str]) -> str:
    escaped = text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_").replace("\n", "<br>")
    return RULE_RE.sub(lambda m: link(m.group(1)), escaped)


def _md_table(head: Iterable[str], rows: Iterable[list[str]], link: Callable[[str], str]) -> list[str]:
    head = list(head)
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_md_cell(c, link) for c in r) + " |" for r in rows]
    return out


def _plain(rule: str) -> str:
    return rule


def to_markdown(
    ex: Explanation, link: Callable[[str], str] = _plain, slot_link: Callable[[str], str] | None = None
) -> list[str]:
    """The explanation as Markdown lines; ``link`` turns a rule number into a link (``slot_link``: in
    the layer and "why at this point" columns and the dependencies, whose rule numbers are the version's own)."""
    out = ["Trace:", ""]
    if ex.rows:
        out += _md_table(TRACE_HEAD, [], link)
        layer_link = slot_link or link
        for r in ex.rows:
            cells = trace_cells(r)
            out.append(
                "| " + " | ".join(_md_cell(c, layer_link if i in (1, 3) else link) for i, c in enumerate(cells)) + " |"
            )
    else:
        out.append("(no effect applies)")
    out.append("")
    if ex.dependencies:
        out += [_md_cell("Dependencies found:", link), ""]
        out += ["- " + _md_cell(d, slot_link or link) for d in ex.dependencies] + [""]
    if ex.skipped:
        out += ["Effects that did not apply:", ""] + ["- " + _md_cell(s, slot_link or link) for s in ex.skipped] + [""]
    out += ["Result:", ""] + _md_table(RESULT_HEAD, (result_cells(r) for r in ex.result), link) + [""]
    return out


def _html_table(head: Iterable[str], rows: Iterable[list[str]], cls: str) -> str:
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c).replace(chr(10), '<br>')}</td>" for c in r) + "</tr>" for r in rows
    )
    return f'<table data-kind="{cls}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def to_html(ex: Explanation) -> str:
    """The explanation as an HTML fragment (the playground shows it)."""
    parts = ["<h3>Result</h3>", _html_table(RESULT_HEAD, (result_cells(r) for r in ex.result), "result")]
    parts += ["<h3>Trace</h3>", _html_table(TRACE_HEAD, (trace_cells(r) for r in ex.rows), "trace")]
    if ex.dependencies:
        parts.append("<h3>Dependencies found</h3><ul>")
        parts += [f"<li>{html.escape(d)}</li>" for d in ex.dependencies] + ["</ul>"]
    if ex.skipped:
        parts.append("<h3>Effects that did not apply</h3><ul>")
        parts += [f"<li>{html.escape(s)}</li>" for s in ex.skipped] + ["</ul>"]
    return "".join(parts)


def version_label(version: RulesVersion) -> str:
    """A rules version in words with its dates: "Today (2020–)", "2009–2020", "2004–2009, rule 418.5"."""
    start = (version.in_force_from or "")[:4]
    # a built-in profile is labelled by its era (to the next profile); a date's version by its own days
    end = era_end(version) if version.id in BUILTIN_IDS else version.in_force_to
    if end is None:
        return f"Today ({start}–)"
    label = f"{start}–{end[:4]}"
    rule = _source_rule(version)
    return label if rule in ("", "613") else f"{label}, rule {rule}"


def _source_rule(version: RulesVersion) -> str:
    """The rule a profile's title names ("Rule 418.5: six layers" gives 418.5)."""
    match = re.match(r"\d{3}(\.\d+)?", version.title.replace("Rule ", ""))
    return match.group(0) if match else ""


def newest_first(versions: Iterable[RulesVersion]) -> list[RulesVersion]:
    """Versions with the rules in force today first, then older ones."""
    return sorted(versions, key=lambda v: v.in_force_from or "", reverse=True)


def tab_label(version: RulesVersion) -> str:
    """A version's tab label: its dates in words and its code name (its alias, or its dated id)."""
    return f"{version_label(version)} · {version.aliases[0] if version.aliases else version.id}"


def _value_text(field: str, value: Any) -> str:
    """One expected or computed value in game notation ("white", "Mountain", "none")."""
    value = thaw(value)
    if field == "colors" and isinstance(value, list):
        return colors_text(value)
    if isinstance(value, list):
        words = [_title(v) if field in ("types", "subtypes", "supertypes") else mana_symbols(str(v)) for v in value]
        return ", ".join(words) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{v}× {k}" for k, v in value.items()) or "none"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _words(field: str, words: Iterable[Any]) -> str:
    return ", ".join(
        _title(str(w)) if field in ("types", "subtypes", "supertypes") else mana_symbols(str(w)) for w in words
    )


def fields_text(fields: Mapping[str, Any]) -> str:
    """Expected characteristics in game notation: "5/8", "subtypes Mountain", "abilities none";
    ``has``/``lacks`` (some values among others) as "abilities include flying",
    "subtypes include none of Goblin, Elf"."""
    out = []
    if "power" in fields and "toughness" in fields:
        p, t = fields["power"], fields["toughness"]
        out.append("no P/T" if p is None and t is None else f"{p}/{t}")
    for k, v in fields.items():
        if k in ("power", "toughness") and "power" in fields and "toughness" in fields:
            continue
        if k in ("has", "lacks") and isinstance(v, Mapping):
            for field, words in thaw(v).items():
                verb = "include" if k == "has" else "include none of"
                out.append(f"{field.replace('_', ' ')} {verb} {_words(field, words)}")
            continue
        out.append(f"{k.replace('_', ' ')} {_value_text(k, v)}")
    return "; ".join(out)
