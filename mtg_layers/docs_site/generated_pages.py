"""Generated documentation pages (an edge): one Markdown page per case, and the corpus index.

Pages come from the resolver's own traces, so they cannot disagree with the code.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reference.case import Case, board_at
from reference.clock import by_rules
from reference.frozen import thaw
from reference.model import Board
from reference.resolver import Resolution
from reference.versions import FLAGS, RulesVersion, builtin_versions, era_end
from reference_optimized import resolve as resolve_board

from ..analysis.trace_text import (
    RULE_RE,
    explain_resolution,
    fields_text,
    mana_symbols,
    newest_first,
    tab_label,
    to_markdown,
)
from ..checking.results import board_result, compare, observed, own_boards
from ..checking.verify import resolve_step, step_board, step_boards
from ..paths import ROOT
from .ability_words import ability_parts_words, filter_words, part_words
from .era_citations import explanation_in_era
from .reader_text import for_readers
from .rule_pages import OLDER_613, era_page, linker
from .rules_history import history_fragment, load_history

if TYPE_CHECKING:
    from ..analysis.version_diff import CorpusDiff


# A cell's text ending in a word, a space and a braced group ("Equip {8}"): the site's attr_list extension reads the
# group as the cell's attributes and drops it from the page, so its brace is escaped (the page shows "{8}").
_TRAILING_BRACES = re.compile(r"(?<=\s)\{(?=[^{}\n]*\}\s*$)")


def _cell(value: Any) -> str:
    """A Markdown table cell: no pipes or newlines, and no trailing braced group read as attributes."""
    text = value if isinstance(value, str) else json.dumps(thaw(value), ensure_ascii=False)
    return _TRAILING_BRACES.sub(r"\\{", text.replace("|", "\\|").replace("\n", "<br>"))


def _table(head: Iterable[str], rows: Iterable[Iterable[Any]]) -> list[str]:
    head = list(head)
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return out


def _pt(r: Mapping[str, Any]) -> str:
    if r.get("power") is None and r.get("toughness") is None:
        return "–"
    return f"{r.get('power')}/{r.get('toughness')}"


def mermaid_label(text: str) -> str:
    """Text safe inside a quoted Mermaid label: a double quote ends the label (the diagram then fails to
    parse and the page shows its source), so quotes and the characters Mermaid reads as markup become
    Mermaid's entity codes (``#quot;``)."""
    codes = {"#": "#35;", '"': "#quot;", "<": "#lt;", ">": "#gt;", "|": "#124;"}
    return "".join(codes.get(c, c) for c in text)


def _mermaid(resolution: Resolution, indent: str) -> list[str]:
    """The dependency graph (613.8a) as a Mermaid diagram: an arrow from an effect to what it waits for."""
    if not resolution.edges:
        return []
    names: dict[str, str] = {}

    def node(key: str) -> str:
        if key not in names:
            names[key] = f"n{len(names)}"
        return names[key]

    lines = ["```mermaid", "graph LR"]
    for e in resolution.edges:
        lines.append(
            f'  {node(e.dependent)}["{mermaid_label(e.dependent)}"] -->|"depends on ({e.slot}, {e.test})"|'
            f' {node(e.on)}["{mermaid_label(e.on)}"]'
        )
    lines.append("```")
    return [indent + line if line else line for line in lines]


StepBoard = Callable[[Case, int, RulesVersion], tuple[Board, Resolution]]
"""Where the case pages read a step's board and resolution: ``checking.verify.step_board``, or ``_SharedSteps``."""


class _SharedSteps:
    """``step_board`` for one generation, read once per case, step and version: the case pages read every step, and
    the index every step's result again. The boards and resolutions of the case being written are kept, and every
    result (``board_result``, small); the objects are the generation's own, alive until it ends, so identity is the
    key."""

    def __init__(self) -> None:
        self._case: int | None = None
        self._boards: dict[tuple[int, int], tuple[Board, Resolution]] = {}
        self._results: dict[tuple[int, int, int], dict[str, dict[str, Any]]] = {}

    def __call__(self, case: Case, n: int, version: RulesVersion) -> tuple[Board, Resolution]:
        if self._case != id(case):
            self._case, self._boards = id(case), {}
        if (n, id(version)) not in self._boards:
            board, resolution = self._boards[n, id(version)] = step_board(case, n, version)
            self._results[id(case), n, id(version)] = board_result(board, resolution.final)
        return self._boards[n, id(version)]

    def result(self, case: Case, n: int, version: RulesVersion) -> dict[str, dict[str, Any]]:
        """The step's result, as ``checking.verify.resolve_step`` gives it."""
        if (id(case), n, id(version)) not in self._results:
            self(case, n, version)
        return self._results[id(case), n, id(version)]


def _version_tab(
    case: Case, n: int, version: RulesVersion, link: Callable[[str], str], steps: StepBoard = step_board
) -> list[str]:
    """One step under one version: pass/fail, expected and computed values, the trace in words (613.7m, 614.12: where
    an entry depends on an order the case leaves open, each outcome's board traced, as ``explain`` traces them)."""
    board, resolution = steps(case, n, version)
    actual = board_result(board, resolution.final)
    step_expect = case.steps[n - 1].expect
    expected = next(step_expect[k] for k in (version.id, *version.aliases) if k in step_expect)
    ok = not compare(expected, actual)
    body = [f"**{'Passes' if ok else 'FAILS'}** under `{version.id}` ({_cell(version.title)}).", ""]
    found, boards = step_boards(case, n, version)
    results = [board_result(b, o.final) for b, o in zip(boards, found.outcomes, strict=True)]
    own = own_boards(boards)  # 614.12: each order gives its own board
    if found.depends_on_choice:
        listed = next(
            (
                step_outcomes_listed
                for k in (version.id, *version.aliases)
                if (step_outcomes_listed := case.steps[n - 1].outcomes.get(k)) is not None
            ),
            (),
        )
        about = sorted({(o, f) for alt in listed for o, want in alt.items() for f in want})
        ties = "; ".join(t.describe() for t in (found.mattering or found.ties))
        body += [f"**The answer depends on an order**: {_cell(ties)}. Each order the rules allow:", ""]
        body += _table(
            ["outcome"] + [f"{o}.{f}" for o, f in about],
            [[str(k)] + [fields_text({f: r.get(o, {}).get(f)}) for o, f in about] for k, r in enumerate(results, 1)],
        ) + ["", "Each of them is traced below." if own else "The trace below follows the first of them.", ""]
    body += _table(
        ["object", "expected", "resolver"],
        [
            [oid, fields_text(fields), fields_text(observed(fields, actual.get(oid)))]
            for oid, fields in expected.items()
        ],
    ) + [""]
    slot_link = linker("../", era_page(version))
    if own:  # 613.7m, 614.12: the counters an object entered with differ by order: one trace per outcome
        for k, (b, o) in enumerate(zip(boards, found.outcomes, strict=True), start=1):
            order = ", then ".join(o.orders[0]) if o.orders and o.orders[0] else "any"
            body += [f"**Trace of outcome {k}** (order chosen: {_cell(order)}):", ""]
            traced = explain_resolution(b, resolve_board(b, version), version)
            body += to_markdown(explanation_in_era(traced, version), link, slot_link)
    else:
        explained = explanation_in_era(explain_resolution(board, resolution, version), version)
        body += to_markdown(explained, link, slot_link)
    mermaid = _mermaid(resolution, "")
    if mermaid:
        body += ["Dependency graph:", ""] + mermaid + [""]
    return [f'=== "{tab_label(version)}"', ""] + [("    " + line) if line else "" for line in body]


FRENCH_NAMES = ROOT / "docs" / "i18n" / "card-names-fr.json"


@cache
def card_names_fr() -> dict[str, str]:
    """English card name -> French printed name (docs/i18n/card-names-fr.json)."""
    names: dict[str, str] = json.loads(FRENCH_NAMES.read_text("utf-8"))["names"]
    return names


def french_names(case: Case) -> list[tuple[str, str]]:
    """The French names of the cards a case uses, for readers and for the search."""
    out: list[tuple[str, str]] = []
    for name in case_cards(case):
        fr = card_names_fr().get(name)
        if fr and (name, fr) not in out:
            out.append((name, fr))
    return out


def card_anchor(name: str) -> str:
    """The anchor of a card's section on the cards page."""
    return "card-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def case_cards(case: Case) -> list[str]:
    """The English names of the real cards a case uses, in order of appearance."""
    english = [str(c["name"]) for c in case.cards]
    objects = list(case.objects) + [o for step in case.steps for o in step.add_objects]
    english += [o.card for o in objects if o.card]
    return list(dict.fromkeys(english))


def cards_page(cases: list[Case]) -> str:
    """Every card of the corpus with its French name and the cases that use it (cases/cards.md)."""
    by_card: dict[str, list[Case]] = {}
    for case in cases:
        for name in case_cards(case):
            by_card.setdefault(name, []).append(case)
    out = [
        "# Cards · Cartes",
        "",
        "Every card the corpus uses, with its French printed name where the project has it, and the",
        "cases that use it. Chaque carte du corpus, avec son nom français imprimé, et les cas où elle",
        "apparaît.",
        "",
    ]
    for name in sorted(by_card, key=str.lower):
        fr = card_names_fr().get(name)
        out += [f"## {name}" + (f" · {fr}" if fr else "") + f" {{#{card_anchor(name)}}}", ""]
        out += [f"- [{c.title}]({c.id}.md) (`{c.id}`)" for c in by_card[name]] + [""]
    return "\n".join(out)


def related_cases(case: Case, cases: list[Case], limit: int = 8) -> list[tuple[Case, str]]:
    """Other cases that share cards with this one (most shared first), then ones citing the same rules."""
    mine, rules = set(case_cards(case)), set(case.rules)
    scored = []
    for other in cases:
        if other.id == case.id:
            continue
        shared = sorted(mine & set(case_cards(other)))
        same_rules = sorted(rules & set(other.rules))
        if shared:
            scored.append((-len(shared), 0, other.id, other, "also uses " + ", ".join(shared)))
        elif len(same_rules) >= 2:
            scored.append((0, -len(same_rules), other.id, other, "cites " + ", ".join(same_rules)))
    scored.sort(key=lambda t: (t[0], t[1], t[2]))
    return [(t[3], t[4]) for t in scored[:limit]]


def setup_section(case: Case) -> list[str]:
    """A case page's setup: the objects at the start, and each static ability in words (611.3)."""
    out = ["## Setup", "", "Objects at the start:", ""]
    out += _table(
        ["id", "name", "controller", "timestamp", "types", "colors", "abilities", "P/T", "counters"],
        [
            [
                o.id,
                o.printed.name or "",
                o.printed.controller,
                f"{o.timestamp:g}",
                " ".join(sorted(o.printed.supertypes | o.printed.types | o.printed.subtypes)),
                ", ".join(sorted(o.printed.colors)),
                "; ".join(map(mana_symbols, sorted(o.printed.abilities))),
                _pt({"power": o.printed.power, "toughness": o.printed.toughness}),
                ", ".join(f"{c.count}× {c.kind}" for c in o.counters) + (" (face down)" if o.face_down else ""),
            ]
            for o in case.objects
        ],
    ) + [""]
    if case.abilities:
        out += ["Static abilities (each object with the wording generates the effect, 611.3):", ""]
        out += _table(
            ["ability", "CDA", "applies to", "what it does"],
            [
                [mana_symbols(a.text), "yes" if a.cda else "", filter_words(a.applies_to), ability_parts_words(a)]
                for a in case.abilities.values()
            ],
        ) + [""]
    if case.effects:
        out += ["Effects of spells and abilities that resolved before the case begins (611.2):", ""]
        out += _table(
            ["effect", "timestamp", "what it is", "applies to", "what it does"],
            [
                [
                    e.id,
                    f"{e.timestamp:g}",
                    mana_symbols(e.description),
                    ", ".join(f"`{i}`" for i in e.applies_to),
                    mana_symbols("; ".join(part_words(p.op, p.args) for p in e.parts)),
                ]
                for e in case.effects
            ],
        ) + [""]
    return out


def case_page(
    case: Case, versions: Mapping[str, RulesVersion], cases: list[Case] | None = None, steps: StepBoard = step_board
) -> str:
    """The Markdown page of one case: setup, then each step with a tab per rules version (newest first)."""
    related = related_cases(case, cases or [])
    link = linker("../")
    out = [f"# {case.title}", ""]
    out += [
        f"**Case id** `{case.id}` · **status** {case.status} · **versions** {', '.join(case.versions)}",
        "",
        f"[Open in playground](../playground.md?case={case.id}){{ .md-button }}",
        "",
        "**Features** "
        + ", ".join(f"`{f}`" for f in case.features)
        + (" · **rules** " + ", ".join(link(r) for r in case.rules) if case.rules else ""),
        "",
    ]
    cards = case_cards(case)
    if cards:
        names = card_names_fr()
        out += [
            "**Cards · cartes** "
            + ", ".join(
                f"[{c}](cards.md#{card_anchor(c)})" + (f" (*{names[c]}*)" if c in names else "") for c in cards
            ),
            "",
        ]
    if case.cards:
        out += ["## Cards", ""]
        rows = []
        for c in case.cards:
            fr = c.get("names", {}).get("fr") or card_names_fr().get(c["name"])
            rows.append(
                [
                    f"[{c['name']}](cards.md#{card_anchor(c['name'])})" + (f" (fr: {fr})" if fr else ""),
                    c.get("mana_cost", ""),
                    c.get("type_line", ""),
                    c.get("oracle", ""),
                    f"{c['power']}/{c['toughness']}" if "power" in c else "",
                ]
            )
        out += _table(["card", "mana cost", "type line", "Oracle text", "P/T"], rows) + [""]
    out += setup_section(case)
    out += ["## Steps", ""]
    for n, step in enumerate(case.steps, start=1):
        out += [f"### Step {n}: {for_readers(step.description)}", ""]
        changes = _step_changes(step)
        if changes:
            out += changes + [""]
        for version in newest_first(versions[v] for v in case.versions):
            out += _version_tab(case, n, version, link, steps)
    out += ["## Sources", ""]
    for s in case.sources:
        ref = RULE_RE.sub(lambda m: link(m.group(1)), s["ref"]) if s["kind"] == "cr" else s["ref"]
        line = f"- **{s['kind']}** {ref}" + (f" ({s['date']})" if "date" in s else "")
        if "passage" in s:
            # a rule is stated in the project's words, never quoted; so is a marked paraphrase
            said = s["kind"] == "cr" or s["passage"].rstrip(".").endswith(PARAPHRASE_MARKS)
            passage = for_readers(s["passage"])
            line += f": {passage}" if said else f": “{passage}”"
        out.append(line)
    if case.notes:
        out += ["", "## Notes", ""] + [f"- {for_readers(n)}" for n in case.notes]
    if related:
        out += ["", "## Related cases", ""]
        out += [f"- [{r.title}]({r.id}.md): {why}" for r, why in related]
    return "\n".join(out) + "\n"


def _ts(ts: float, rule: str) -> str:
    """A timestamp the case gives, or the words for one the rules assign (reference.clock)."""
    return f"the time of this step ({rule})" if by_rules(ts) else f"{ts:g}"


def _step_changes(step: Any) -> list[str]:
    lines = []
    for o in step.add_objects:
        lines.append(f"- enters: `{o.id}` ({o.printed.name}), timestamp {_ts(o.timestamp, '613.7d')}")
    for e in step.add_effects:
        lines.append(
            f"- new effect `{e.id}` (timestamp {_ts(e.timestamp, '613.7b')}): {e.description or e.id}"
            f" → {', '.join(e.applies_to)}"
        )
    for e in step.end_effects:
        lines.append(f"- effect `{e}` ends")
    for o in step.remove_objects:
        lines.append(f"- `{o}` leaves the battlefield")
    for oid, counters in step.set_counters.items():
        lines.append(f"- counters on `{oid}`: " + (", ".join(f"{c.count}× {c.kind}" for c in counters) or "none"))
    for oid, target in step.attach.items():
        lines.append(f"- `{oid}` attached to `{target}`")
    for oid, zone in step.move.items():
        lines.append(f"- `{oid}` moves to {zone}")
    for oid, ts in step.set_timestamp.items():
        lines.append(f"- `{oid}` gets timestamp {ts:g}")
    for oid, ts in step.turn_face_down.items():
        lines.append(f"- `{oid}` is turned face down (new timestamp {_ts(ts, '613.7f')})")
    for oid, ts in step.turn_face_up.items():
        lines.append(f"- `{oid}` is turned face up (new timestamp {_ts(ts, '613.7f')})")
    for spell, how in step.merge.items():
        lines.append(
            f"- `{spell}` merges {how['position']} `{how['onto']}` "
            f"(a copiable effect, timestamp {how['timestamp']:g}, 729)"
        )
    for oid, ts in step.transform.items():
        lines.append(
            f"- `{oid}` transforms (new timestamp {_ts(ts, '613.7g')}; nothing happens unless it is double-faced)"
        )
    return lines


@cache
def z3_result(case: Case, vid: str) -> tuple[str, tuple[str, ...]]:
    """The z3 cross-check's verdict on a case under one version, with its details (computed once per process)."""
    from mtg_layers.checking.z3_crosscheck import crosscheck_case  # type: ignore[import-not-found,unused-ignore]

    status, info = crosscheck_case(case, builtin_versions()[vid])
    return str(status), tuple(str(x) for x in info)


Z3Results = Callable[[Case, str], tuple[str, tuple[str, ...]]]
"""Where the pages read the z3 cross-check's verdicts: ``z3_result`` by default, or the same verdicts computed once
for a whole test run (tests/shared_results.py)."""


def z3_status(case: Case, vid: str, z3: Z3Results = z3_result) -> str:
    """The z3 cross-check's verdict on a case under one version."""
    return z3(case, vid)[0]


def index_page(
    cases: list[Case],
    versions: Mapping[str, RulesVersion],
    z3: Z3Results = z3_result,
    steps: _SharedSteps | None = None,
) -> str:
    """The corpus index: one row per case with its golden and z3 status per version."""
    result = (steps or _SharedSteps()).result
    rows = []
    for case in cases:
        status = []
        for vid in case.versions:
            ok = all(
                not compare(step.expect[vid], result(case, n, versions[vid]))
                for n, step in enumerate(case.steps, start=1)
            )
            status.append(f"{vid} {'✔' if ok else '✘'}")
        verified = [
            f"{vid} {'✔' if z3_status(case, vid, z3) == 'verified' else z3_status(case, vid, z3)}"
            for vid in case.versions
        ]
        rows.append(
            [
                f"[{case.id}]({case.id}.md)",
                case.title,
                ", ".join(case.features),
                " ".join(status),
                " ".join(verified),
                case.status,
            ]
        )
    lines = [
        "# Corpus",
        "",
        f"{len(cases)} cases. Each page shows the setup, then every step with a tab per",
        "rules version: the expected and computed values, the trace, and the dependency graph.",
        "*golden*: the resolver gives the expected answer at every step; *verified*: the",
        "independent z3 encoding finds no order allowed by the rules with another answer;",
        "*not encoded*: the case uses something the z3 encoding does not read (the",
        "[Proofs page](../proofs.md) names it), so only the golden answers vouch for it.",
        "",
    ]
    lines += _table(["case", "title", "features", "golden", "verified (z3)", "status"], rows)
    return "\n".join(lines) + "\n"


def slots_fragment(versions: Mapping[str, RulesVersion]) -> str:
    """The ordered slots of every built-in version, side by side (from the profiles)."""
    vs = list(versions.values())
    depth = max(len(v.slots) for v in vs)
    rows = []
    for i in range(depth):
        rows.append([str(i + 1)] + [f"{v.slots[i].id} {v.slots[i].name}" if i < len(v.slots) else "" for v in vs])
    lines = _table(["#"] + [_version_label(v) for v in vs], rows)
    return "\n".join(lines) + "\n"


def _version_label(v: RulesVersion) -> str:
    return f"`{v.id}`" + (f" ({', '.join(v.aliases)})" if v.aliases else "")


def timeline_fragment(versions: Mapping[str, RulesVersion]) -> str:
    """The dated profiles in order: in force from, aliases, the text each cites, what changed."""
    current = list(versions)[-1]
    rows = []
    for v in versions.values():
        name = _version_label(v) + (" (`current`)" if v.id == current else "")
        changed = "<br>".join(f"change: {c}" for c in v.changes)
        if v.clarifications:
            changed += "<br>" + "<br>".join(f"clarification (no answer changes): {c}" for c in v.clarifications)
        changed = _era_links(_cell(changed), v)
        when = f"{v.in_force_from} to {v.in_force_to or 'now'}"
        if era_end(v) != v.in_force_to:  # its own rules end at a dated change; it stays the base to the next profile
            when += f" (base of the dates to {era_end(v) or 'now'})"
        rows.append([name, when, f"{v.source_text} ({v.source_date})", changed])
    # the last column is already a Markdown cell, with its links
    lines = _table(["profile", "in force", "rule text"], [r[:3] for r in rows])
    lines[:2] = [lines[0] + " what changed |", lines[1] + "---|"]
    return "\n".join(lines[:2] + [line + f" {r[3]} |" for line, r in zip(lines[2:], rows, strict=True)]) + "\n"


PARAPHRASE_MARKS = ("(paraphrased)", "(summarised)")
RENUMBERED = re.compile(r"\b(613\.\d+[a-z]?) -> (613\.\d+[a-z]?)")


def _era_links(text: str, version: RulesVersion) -> str:
    """A profile's notes with their rule numbers linked in the numbering of the text the profile
    follows ("613.7a(c) of that text"); in "613.5 -> 613.6" the first is the 2009–2020 number."""
    older, today, own = linker("", OLDER_613[0][0]), linker(""), linker("", era_page(version))
    text = RENUMBERED.sub(lambda m: f"{older(m.group(1))} → {today(m.group(2))}", text)
    parts = re.split(r"(\[[^\]]*\]\([^)]*\))", text)  # leave the links just made alone
    return "".join(p if p.startswith("[") else RULE_RE.sub(lambda m: own(m.group(1)), p) for p in parts)


KIND_NAMES = {
    "copy": "copy effect",
    "face_down": "face-down status",
    "control": "control change",
    "text": "text change",
    "type": "type, subtype, supertype change",
    "color": "color change",
    "ability": "ability added or removed",
    "counter_keyword": "keyword counter",
    "pt_set": "P/T set",
    "pt_modify": "P/T modified",
    "counter_pt": "+1/+1 and -1/-1 counters",
    "pt_switch": "P/T switched",
}


def classification_fragment(versions: Mapping[str, RulesVersion]) -> str:
    """Where each kind of effect goes, by origin, in every built-in version (from the profiles)."""
    vs = list(versions.values())
    rows = []
    for kind, label in KIND_NAMES.items():
        origins = ("rule",) if kind in ("face_down", "counter_pt", "counter_keyword") else ("cda", "static", "resolved")
        cells = {o: [v.slot_of(kind, o) or "–" for v in vs] for o in origins}
        distinct = {tuple(c) for c in cells.values()}
        if len(distinct) == 1:
            rows.append([label] + list(next(iter(distinct))))
        else:
            names = {"cda": "from a CDA", "static": "from a static ability", "resolved": "from a spell or ability"}
            for o in origins:
                if kind in ("copy", "control", "text") and o == "cda":
                    continue
                rows.append([f"{label} ({names[o]})"] + cells[o])
    flags = [[f"`{f}`"] + [str(getattr(v, f)).lower() for v in vs] for f in FLAGS]
    lines = _table(["kind of effect"] + [_version_label(v) for v in vs], rows + flags)
    return "\n".join(lines) + "\n"


def gray_ogre_fragment(case: Case, versions: Mapping[str, RulesVersion]) -> str:
    """The Gray Ogre's final step traced under each version it declares, as linked tabs (newest first)."""
    n = len(case.steps)
    out = []
    for version in newest_first(versions[v] for v in case.versions):
        resolution, actual = resolve_step(case, n, version)
        ex = explain_resolution(board_at(case, n, version), resolution, version)
        body = to_markdown(ex, linker(""), linker("", era_page(version)))
        body += [f"Result: Gray Ogre is **{_pt(actual['ogre'])}**."]
        out += [f'=== "{tab_label(version)}"', ""] + [("    " + line) if line else "" for line in body] + [""]
    return "\n".join(out)


def _demote(markdown: str) -> str:
    """A fragment included into a page starts at heading level 3."""
    return "\n".join("##" + line if line.startswith("#") else line for line in markdown.splitlines()) + "\n"


def proofs_fragments(cases: list[Case], z3: Z3Results = z3_result) -> dict[str, str]:
    """The theorem table (without times), the z3 cross-check status of every case and version, mutation testing."""
    from mtg_layers.checking.theorems import markdown, run  # type: ignore[import-not-found,unused-ignore]

    rows = []
    for case in cases:
        statuses = [f"{vid}: {z3_status(case, vid, z3)}" for vid in case.versions]
        unread = sorted(
            {
                line.split("not encoded: ", 1)[1]
                for vid in case.versions
                for line in z3(case, vid)[1]
                if "not encoded: " in line
            }
        )
        rows.append([f"[{case.id}](cases/{case.id}.md)", ", ".join(statuses), "; ".join(unread) or "—"])
    table = _table(["case", "z3 cross-check per rules version", "not encoded"], rows)
    from mtg_layers.checking.mutation_report import markdown as mutation_markdown

    return {
        "theorems.md": markdown(run(), with_time=False),
        "crosscheck.md": "\n".join(table) + "\n",
        "mutation.md": mutation_markdown(),
    }


def fragments(
    cases: list[Case],
    corpus_dir: Path | None,
    proofs: bool = True,
    *,
    z3: Z3Results = z3_result,
    diff: Callable[[Path, RulesVersion, RulesVersion], CorpusDiff] | None = None,
) -> dict[str, str]:
    """Generated fragments included by hand-written pages (docs/generated/).

    ``z3`` gives the z3 cross-check's verdicts and ``diff`` the corpus diff of two versions (``diff_corpus`` when
    None): the tests pass the same computations, done once for the whole test run."""
    from ..analysis.coverage import coverage, to_markdown
    from ..analysis.version_diff import diff_corpus, diff_markdown
    from ..corpus.rulings import load_rulings
    from .rulings_page import rulings_markdown

    versions = builtin_versions()
    out = {
        "versions-slots.md": slots_fragment(versions),
        "versions-classification.md": classification_fragment(versions),
        "versions-timeline.md": timeline_fragment(versions),
        "rules-history.md": history_fragment(load_history()),
        "coverage.md": to_markdown(coverage(cases)),
        "rulings.md": rulings_markdown(load_rulings()),
    }
    if corpus_dir is not None and any(c.id == "seed-gray-ogre" for c in cases):
        from .transcript import session, transcript_markdown

        out["adapter-transcript.md"] = transcript_markdown(session("seed-gray-ogre", "ikoria", corpus_dir))
    ogre = [c for c in cases if c.id == "seed-gray-ogre"]
    if ogre:
        out["gray-ogre-trace.md"] = gray_ogre_fragment(ogre[0], versions)
    if proofs:
        out.update(proofs_fragments(cases, z3))
    if corpus_dir is not None:
        ids = list(versions)
        for left, right in itertools.pairwise(ids):
            result = (diff or diff_corpus)(corpus_dir, versions[left], versions[right])
            out[f"diff-{left}-{right}.md"] = _demote(diff_markdown(result))
    return out


def generate_fragments(
    cases: list[Case], corpus_dir: Path | None, out_dir: Path, z3: Z3Results = z3_result
) -> list[Path]:
    """Write the generated fragments (their z3 verdicts from ``z3``); return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in fragments(cases, corpus_dir, z3=z3).items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def generate(cases: list[Case], out_dir: Path, z3: Z3Results = z3_result) -> list[Path]:
    """Write every case page and the index (its z3 column from ``z3``); return the paths written."""
    versions = builtin_versions()
    steps = _SharedSteps()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for case in cases:
        first = versions.get(case.versions[0])
        if first is None:
            board_at(case, 1)
        else:  # (an entry under an order the case leaves open is read under each order, not refused)
            steps(case, 1, first)
        path = out_dir / f"{case.id}.md"
        path.write_text(case_page(case, versions, cases, steps), encoding="utf-8")
        written.append(path)
    index = out_dir / "index.md"
    index.write_text(index_page(cases, versions, z3, steps), encoding="utf-8")
    written.append(index)
    cards = out_dir / "cards.md"
    cards.write_text(cards_page(cases), encoding="utf-8")
    written.append(cards)
    for stale in out_dir.glob("*.md"):
        if stale not in written:
            stale.unlink()
    return written


def generate_schemas(out_dir: Path) -> list[Path]:
    """Publish the corpus and protocol JSON Schemas on the site (docs/schema/); return the paths written."""
    from .transcript import schema_files

    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_files().items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
