"""Rule pages for the site: the project's own statements of the rules the corpus and the traces cite.

The statements (``docs/rule-statements/*.yaml``, one file per page) say each numbered paragraph of
a rule in the project's words, checked against the Comprehensive Rules of a given date in the
shared rules folder; they quote no rule text. Every paragraph gets an anchor, so that a rule
number anywhere on the site links to its statement. Rule 613 is stated at two dates: today's
numbering, and that of January 2020 for the 2009–2020 rules (613.3 held the P/T sublayers then);
rule 418.5, the layer rule of 2006–2009, has a page of its own.

A file of kind ``cited`` is for a rule whose own text is not among the checked extracts: it says
only what the checked rules say about it (rule 704 through 122.3 and 707.10a, say), and the
numbers under it that the site cites (704.5f) link to that page. Such a page is only written for a
rule whose number means the same thing wherever the site cites it: 110.5c of 2009 (token names)
is not today's 110.5 (status), so rule 110 has no page. ``not-stated.yaml`` lists the
rule numbers the corpus and the site cite that have no statement at all; the index page shows them.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import yaml

from reference.versions import RulesVersion, era_end

from ..paths import ROOT
from .rule_citations import section as citations_section

if TYPE_CHECKING:
    from reference.case import Case

DATA_DIR = ROOT / "docs" / "rule-statements"
NOT_STATED_FILE = "not-stated.yaml"
RULES_URL = "https://magic.wizards.com/en/rules"
NUMBER = re.compile(r"^\d{3}(?:\.[1-9]\d*[a-z]?)?$")
# (page name, data file, date of the Comprehensive Rules its statements were checked against)
CURRENT_613 = ("613", "613-2026-01-16.yaml", "2026-01-16")
OLDER_613 = (("613-2020-01-22", "613-2020-01-22.yaml", "2020-01-22"),)

NOTICE = (
    "These are the project's own statements of the rules, in its own words, checked against "
    "{checked_against}. They are not the official text: the Comprehensive Rules are Wizards of the "
    "Coast's, at <{url}>. Magic: The Gathering is © Wizards of the Coast LLC. mtg-layers is "
    "unofficial Fan Content permitted under the Fan Content Policy. Not approved/endorsed by Wizards. "
    "Portions of the materials used are property of Wizards of the Coast. © Wizards of the Coast LLC."
)
CITED_NOTE = (
    "The text of this rule is not among the extracts the project has checked. This page says only "
    "what the checked rules say about it; the numbers under it that the site cites link here."
)

Kind = Literal["stated", "cited"]


@dataclass(frozen=True)
class RulePage:
    """One page of statements: a rule at one date, one statement per numbered paragraph."""

    name: str  # the page's file name without .md: "613", "613-2020-01-22", "418", "707"
    rule: str  # the rule number the page is about: "613", "418.5", "707"
    title: str
    date: str  # the date (or period) of the rules text the statements were checked against
    checked_against: str  # which text, in words, for the notice
    kind: Kind
    paragraphs: tuple[tuple[str, str], ...]  # (rule number, statement), in rule order

    @property
    def numbers(self) -> frozenset[str]:
        """The rule numbers this page has an anchor for."""
        return frozenset(n for n, _ in self.paragraphs)

    @property
    def top(self) -> str:
        """The three-digit rule number the page belongs to ("418" for rule 418.5)."""
        return self.rule.split(".")[0]

    @property
    def is_today(self) -> bool:
        """Whether the page states a rule in today's numbering (not an older text's)."""
        return self.name == self.top


def anchor(number: str) -> str:
    """The HTML id of a rule's paragraph: "613.4b" gives "r613-4b"."""
    return "r" + number.replace(".", "-")


def _field(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: '{key}' must be a non-empty string")
    return " ".join(value.split())


def load_page(path: Path) -> RulePage:
    """One data file of statements (``page``, ``rule``, ``title``, ``date``, ``checked_against``,
    optional ``kind``, and ``statements``: rule number to statement, in rule order)."""
    where = str(path)
    data = yaml.safe_load(path.read_text("utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping")
    kind = data.get("kind", "stated")
    if kind not in ("stated", "cited"):
        raise ValueError(f"{where}: 'kind' must be 'stated' or 'cited', not {kind!r}")
    statements = data.get("statements")
    if not isinstance(statements, dict) or not statements:
        raise ValueError(f"{where}: 'statements' must map rule numbers to statements")
    rule = _field(data, "rule", where)
    paragraphs = []
    for number, text in statements.items():
        if not isinstance(number, str) or not NUMBER.match(number) or number.split(".")[0] != rule.split(".")[0]:
            raise ValueError(f"{where}: {number!r} is not a number of rule {rule}")
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{where}: {number} has no statement")
        paragraphs.append((number, " ".join(text.split())))
    return RulePage(
        name=_field(data, "page", where),
        rule=rule,
        title=_field(data, "title", where),
        date=_field(data, "date", where),
        checked_against=_field(data, "checked_against", where),
        kind=kind,
        paragraphs=tuple(paragraphs),
    )


@cache
def rule_pages(data_dir: Path = DATA_DIR) -> dict[str, RulePage]:
    """Every rule page, by name (today's 613 first, then the older 613 texts, then by rule)."""
    loaded = [load_page(p) for p in sorted(data_dir.glob("*.yaml")) if p.name != NOT_STATED_FILE]
    pages = {p.name: p for p in loaded}
    if len(pages) != len(loaded):
        raise ValueError(f"{data_dir}: two data files give the same page name")
    for name, file, date in (CURRENT_613, *OLDER_613):
        page = pages.get(name)
        if page is None or page.date != date or not (data_dir / file).exists():
            raise ValueError(f"{data_dir}: {file} must state rule 613 as page {name} at {date}")
    first = [CURRENT_613[0], *(name for name, _, _ in OLDER_613)]
    rest = sorted((n for n in pages if n not in first), key=lambda n: (pages[n].top, n))
    return {n: pages[n] for n in first + rest}


@cache
def not_stated(data_dir: Path = DATA_DIR) -> tuple[str, ...]:
    """The rule numbers the corpus and the site cite that no page states (``not-stated.yaml``)."""
    data = yaml.safe_load((data_dir / NOT_STATED_FILE).read_text("utf-8"))
    numbers = data.get("numbers") if isinstance(data, dict) else None
    if not isinstance(numbers, list) or not all(isinstance(n, str) and NUMBER.match(n) for n in numbers):
        raise ValueError(f"{data_dir / NOT_STATED_FILE}: 'numbers' must list rule numbers")
    return tuple(numbers)


def _escape(text: str) -> str:
    return re.sub(r"([\\`*_\[\]{}#|])", r"\\\1", html.escape(text, quote=False))


def _statement_markdown(page: RulePage, text: str) -> str:
    """A statement, escaped, with the rule numbers it cites linked to their own statements.

    A page of today's rules links 613 numbers to today's 613; an older 613 page to itself; the
    2006–2009 pages link no 613 number. A ``cited`` page speaks of several dates at once, so its
    613 numbers (dated in words) stay unlinked.
    """
    if page.rule == "613":
        own_613: str | None = page.name
    elif page.kind == "cited" or page.top in ("418", "503"):
        own_613 = None
    else:
        own_613 = CURRENT_613[0]

    def repl(m: re.Match[str]) -> str:
        number = m.group(1)
        found = rule_target(number, own_613)
        if found is None:
            return number
        href = f"#{found[1]}" if found[0] == page.name else f"{found[0]}.md#{found[1]}"
        return f"[{number}]({href})"

    return BARE_RULE.sub(repl, _escape(text))


def page_markdown(page: RulePage) -> str:
    """A rule page: its heading, the notice, then every statement with its anchor."""
    if page.kind == "cited":
        heading = f"Rule {page.rule}: {page.title} (what the checked rules say)"
    elif page.is_today:
        heading = f"Rule {page.rule}: {page.title}"
    else:
        heading = f"Rule {page.rule}: {page.title} (numbering of {page.date})"
    out = [f"# {heading}", "", '!!! note "Whose words"', ""]
    out += ["    " + NOTICE.format(checked_against=page.checked_against, url=RULES_URL), ""]
    if page.kind == "cited":
        out += [CITED_NOTE, ""]
    if not page.is_today and page.rule.startswith("613"):
        out += [f"Today's numbering: [rule {page.top}]({page.top}.md).", ""]
    elif page.top in ("418", "503"):
        out += ["Today's layer rule: [rule 613](613.md).", ""]
    for number, text in page.paragraphs:
        out += [f"**{number}** {_statement_markdown(page, text)}", f"{{: #{anchor(number)} }}", ""]
    return "\n".join(out) + "\n"


def index_markdown(pages: dict[str, RulePage]) -> str:
    """The list of rule pages, and the cited numbers no page states."""
    stated = [p for p in pages.values() if p.kind == "stated"]
    cited = [p for p in pages.values() if p.kind == "cited"]
    count = sum(len(p.paragraphs) for p in stated)
    out = [
        "# Rules in plain words",
        "",
        "The rules the corpus and the traces cite, each numbered paragraph stated in the project's own "
        f"words ({count} statements) and checked against the Comprehensive Rules of the date its page "
        "gives. A rule number anywhere on the site links to its statement. None of this is the official "
        f"text, which is Wizards of the Coast's, at <{RULES_URL}>.",
        "",
        "## Stated",
        "",
    ]
    for p in stated:
        when = f"checked against the rules of {p.date}"
        label = f"Rule {p.rule}: {p.title}" + ("" if p.is_today or p.top == "418" else f" ({p.date} numbering)")
        out.append(f"- [{label}]({p.name}.md): {len(p.paragraphs)} paragraphs, {when}")
    out += [
        "",
        "## Known through other rules",
        "",
        "Rules whose own text is not among the checked extracts; their pages say what the checked rules "
        "say about them.",
        "",
    ]
    out += [f"- [Rule {p.rule}: {p.title}]({p.name}.md)" for p in cited]
    missing = not_stated()
    if missing:
        out += [
            "",
            "## Cited, not stated",
            "",
            f"The corpus and the site cite these {len(missing)} rule numbers, whose text is not among the "
            "extracts the project has checked. Each links here until a statement checked against the "
            f"rules can be written; read it in the official [Comprehensive Rules]({RULES_URL}).",
            "",
        ]
        for number in missing:
            out += [
                f"**{number}**: not stated here; see the [Comprehensive Rules]({RULES_URL}).",
                "{: #" + anchor(number) + " }",
                "",
            ]
        out.pop()
    return "\n".join(out) + "\n"


def era_page(version: RulesVersion) -> str | None:
    """The rule 613 page whose numbering a version's slot rules use.

    None for the rules before Magic 2010, whose layer rule is 418.5: their 613 numbers link
    nowhere (418.5 numbers go to the 418 page whatever this says).
    """
    if version.title.startswith("Rule 418"):
        return None
    end = era_end(version)  # the numbering is the era's, to the next profile (in_force.to ends at a dated change)
    if end is None:
        return CURRENT_613[0]
    start = version.in_force_from or ""
    older = [name for name, _, date in OLDER_613 if start <= date <= end]
    return older[-1] if older else CURRENT_613[0]


def rule_target(number: str, page_613: str | None = CURRENT_613[0]) -> tuple[str, str] | None:
    """The rule page and anchor a rule number links to (None: a rule no page states).

    A 613 number goes to ``page_613`` (today's numbering unless told; None links none); any other
    number to the page of its three-digit rule. The number's own paragraph if the page states it,
    else the paragraph it belongs to ("611.2c" without its own statement would go to 611.2); on
    a ``cited`` page, else the rule's one statement (704.5f goes to 704).
    """
    pages = rule_pages()
    top = number.split(".")[0]
    name = page_613 if top == "613" else top
    page = pages.get(name) if name else None
    if page is None:
        return None
    for target in (number, number.rstrip("abcdefghijklmnopqrstuvwxyz")):
        if target in page.numbers:
            return page.name, anchor(target)
    if page.kind == "cited" and top in page.numbers:
        return page.name, anchor(top)
    return None


def linker(prefix: str, page_613: str | None = CURRENT_613[0]) -> Callable[[str], str]:
    """A function from a rule number to a Markdown link to its statement (the number alone when none)."""

    def link(number: str) -> str:
        found = rule_target(number, page_613)
        if found is None:
            return number
        return f"[{number}]({prefix}rules/{found[0]}.md#{found[1]})"

    return link


# Text inside these elements is never linked: links, code, headings (they carry their own
# permalink), tab labels, and scripts.
_NO_LINK = frozenset({"a", "code", "pre", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "label", "title"})
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"^</?([a-zA-Z0-9]+)")
# a rule number, and the year after it when the text names one ("613.3 (2009)"); no subrule is
# numbered 0, so "100.0%" is not one
BARE_RULE = re.compile(r"(?<![\w.#/-])(\d{3}\.[1-9]\d*[a-z]?)(?![\w/]|\.\d)(?=( \((\d{4})\))?)")
_OLDER_BY_YEAR = (("2009", "2020", OLDER_613[0][0]),)


def _page_613_for_year(year: str | None) -> str:
    """Rule 613's text for a year a page names beside a rule number (today's text otherwise)."""
    for start, end, name in _OLDER_BY_YEAR:
        if year is not None and start <= year < end:
            return name
    return CURRENT_613[0]


def link_rule_numbers(html_text: str, href: Callable[[str, str], str]) -> str:
    """Every bare rule number in the text of an HTML page made a link to its statement.

    ``href(page_name, anchor)`` gives the URL of a rule page's anchor from the page being
    written. A cited number no page states (``not-stated.yaml``) links to its line on the rules
    index, which says so and points to the official text; any other number no page states stays
    as it is; so does one inside a link,
    code, a heading or a tab label. A 613 number followed by a year of the 2009–2020 rules
    ("613.3 (2009)") links to the text of that era, whose numbering differs.
    """
    out, closed = [], dict.fromkeys(_NO_LINK, 0)
    for piece in _TAG.split(html_text):
        if piece.startswith("<"):
            m = _TAG_NAME.match(piece)
            name = m.group(1).lower() if m else ""
            if name in closed and not piece.endswith("/>"):
                closed[name] += -1 if piece.startswith("</") else 1
                closed[name] = max(closed[name], 0)
            out.append(piece)
            continue
        if any(closed.values()) or not piece:
            out.append(piece)
            continue

        def repl(m: re.Match[str]) -> str:
            number = m.group(1)
            found = rule_target(number, _page_613_for_year(m.group(3)) if number.startswith("613.") else None)
            if found is None and number in not_stated():
                found = ("index", anchor(number))
            if found is None:
                return number
            return f'<a href="{href(*found)}" class="rule-link">{number}</a>'

        out.append(BARE_RULE.sub(repl, piece))
    return "".join(out)


_MD_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")
# the packages whose docstrings the API reference pages render
DOCUMENTED_PACKAGES = ("reference", "proofs", "mtg_layers")


def _public_docstrings(path: Path) -> list[str]:
    """The docstrings of a module and of its public classes and functions (what the API pages show)."""
    tree = ast.parse(path.read_text("utf-8"))
    out = [ast.get_docstring(tree) or ""]
    for node in ast.walk(tree):
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if not node.name.startswith("_") or node.name.startswith("__"):
            out.append(ast.get_docstring(node) or "")
    return out


def cited_numbers(root: Path = ROOT) -> dict[str, set[str]]:
    """Every rule number the corpus and the site cite that no page states, with where it is cited.

    Read: the corpus cases (``corpus/cases``), every Markdown page under ``docs/`` (numbers already
    made links left out) and the public docstrings of the documented packages. A number counts as
    stated when ``rule_target`` finds it the way the site's hook does (a 613 number beside a year of
    2009–2020 in that era's numbering).
    """
    texts: list[tuple[str, str]] = []
    for path in sorted((root / "corpus" / "cases").rglob("*.yaml")):
        texts.append((str(path.relative_to(root)), path.read_text("utf-8")))
    for path in sorted((root / "docs").rglob("*.md")):
        texts.append((str(path.relative_to(root)), _MD_LINK.sub("", path.read_text("utf-8"))))
    for package in DOCUMENTED_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            texts.append((str(path.relative_to(root)), "\n".join(_public_docstrings(path))))
    missing: dict[str, set[str]] = {}
    for where, text in texts:
        for m in BARE_RULE.finditer(text):
            number = m.group(1)
            page_613 = _page_613_for_year(m.group(3)) if number.startswith("613.") else None
            if rule_target(number, page_613) is None:
                missing.setdefault(number, set()).add(where)
    return missing


def generate_rule_pages(out_dir: Path, cases: Sequence[Case] | None = None) -> list[Path]:
    """Write every rule page (its statements, then the functions and cases citing its rule: ``rule_citations``)
    and the index into ``out_dir``; return the paths written. ``cases``: the default corpus, when the caller has it
    loaded already (else it is loaded)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pages = rule_pages()
    written = []
    for name, page in pages.items():
        path = out_dir / f"{name}.md"
        path.write_text(page_markdown(page) + citations_section(page, linker("../"), cases=cases), encoding="utf-8")
        written.append(path)
    index = out_dir / "index.md"
    index.write_text(index_markdown(pages), encoding="utf-8")
    written.append(index)
    return written
