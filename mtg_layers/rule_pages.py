"""Rule pages for the site: the Comprehensive Rules texts the corpus and the traces cite, one page per rule.

The texts (``docs/rules-text/``, copied from the project's shared rules folder) are quoted
verbatim as reference pages; every subrule gets an anchor so that a rule number anywhere on
the site links to its text. Rule 613 is shipped at two dates: today's text, and the text of
January 2020 for the 2009–2020 rules, whose numbering differs (613.3 held the P/T sublayers).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reference.versions import RulesVersion

ROOT = Path(__file__).resolve().parent.parent
TEXT_DIR = ROOT / "docs" / "rules-text"
RULE_LINE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.*)$")
CURRENT_613 = ("613", "cr613-2026-01-16.txt", "2026-01-16")
OLDER_613 = (("613-2020-01-22", "cr613-2020-01-22.txt", "2020-01-22"),)
RELATED = ("cr-related-2026.txt", "2026-01-16")

NOTICE = (
    "Magic: The Gathering and its Comprehensive Rules are © Wizards of the Coast LLC. The rule text "
    "below is quoted verbatim, for reference, from the Comprehensive Rules in force on {date}; "
    "the project's own pages state the rules in its own words. mtg-layers is unofficial Fan Content "
    "permitted under the Wizards of the Coast Fan Content Policy; it is not approved or endorsed by "
    "Wizards of the Coast."
)


@dataclass(frozen=True)
class RulePage:
    """One rule's text at one date: numbered paragraphs, with the examples that follow them."""

    name: str  # the page's file name without .md: "613", "613-2020-01-22", "707"
    rule: str
    date: str
    paragraphs: tuple[tuple[str, str], ...]  # (rule number or "", text)

    @property
    def numbers(self) -> frozenset[str]:
        """The rule numbers this page has an anchor for."""
        return frozenset(n for n, _ in self.paragraphs if n)


def anchor(number: str) -> str:
    """The HTML id of a rule's paragraph: "613.4b" gives "r613-4b"."""
    return "r" + number.replace(".", "-")


def _paragraphs(lines: list[str]) -> list[tuple[str, str]]:
    out = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("=====") or line.startswith(("Source:", "Rule text below")):
            continue
        m = RULE_LINE.match(line)
        out.append((m.group(1), line) if m else ("", line))
    return out


@cache
def rule_pages(text_dir: Path = TEXT_DIR) -> dict[str, RulePage]:
    """Every rule page, by name."""
    pages: dict[str, RulePage] = {}
    for name, file, date in (CURRENT_613, *OLDER_613):
        lines = (text_dir / file).read_text("utf-8").splitlines()
        pages[name] = RulePage(name, "613", date, tuple(_paragraphs(lines)))
    grouped: dict[str, list[tuple[str, str]]] = {}
    top = ""
    for number, text in _paragraphs((text_dir / RELATED[0]).read_text("utf-8").splitlines()):
        if number:
            top = number.split(".")[0]
        if top:
            grouped.setdefault(top, []).append((number, text))
    for rule, paragraphs in grouped.items():
        pages[rule] = RulePage(rule, rule, RELATED[1], tuple(paragraphs))
    return pages


def _escape(text: str) -> str:
    return re.sub(r"([\\`*_\[\]{}#|])", r"\\\1", html.escape(text, quote=False))


def page_markdown(page: RulePage) -> str:
    """A rule page: the notice, then every paragraph with its anchor."""
    when = "today's text" if page.name == page.rule else f"the text of {page.date}"
    out = [f"# Rule {page.rule} ({when})", "", '!!! note "Source"', "", "    " + NOTICE.format(date=page.date), ""]
    if page.name != page.rule:
        out += [f"Today's text: [rule {page.rule}]({page.rule}.md).", ""]
    for number, text in page.paragraphs:
        if number:
            rest = text[len(number) :]
            out += [f"**{number}**{_escape(rest)}", f"{{: #{anchor(number)} }}", ""]
        else:
            out += [_escape(text), ""]
    return "\n".join(out) + "\n"


def index_markdown(pages: dict[str, RulePage]) -> str:
    """The list of rule pages."""
    out = [
        "# Rules texts",
        "",
        "The Comprehensive Rules the corpus and the traces cite, quoted for reference. "
        "Every rule number on the site links here.",
        "",
    ]
    for name in sorted(pages, key=lambda n: (pages[n].rule, n)):
        p = pages[name]
        out.append(f"- [Rule {p.rule}]({name}.md), {'text of ' + p.date if name != p.rule else 'in force ' + p.date}")
    return "\n".join(out) + "\n"


def era_page(version: RulesVersion) -> str | None:
    """The rule 613 page whose numbering a version's slot rules use (None: a rule not shipped, 418.5)."""
    if version.title.startswith("Rule 418"):
        return None
    if version.in_force_to is None:
        return CURRENT_613[0]
    start = version.in_force_from or ""
    older = [name for name, _, date in OLDER_613 if start <= date <= version.in_force_to]
    return older[-1] if older else CURRENT_613[0]


def rule_target(number: str, page_613: str | None = CURRENT_613[0]) -> tuple[str, str] | None:
    """The rule page and anchor a rule number links to (None: a rule whose text is not shipped)."""
    pages = rule_pages()
    top = number.split(".")[0]
    name = page_613 if top == "613" else top
    page = pages.get(name) if name else None
    if page is None:
        return None
    target = number if number in page.numbers else number.rstrip("abcdefghijklmnopqrstuvwxyz")
    if target not in page.numbers:
        return None
    return page.name, anchor(target)


def linker(prefix: str, page_613: str | None = CURRENT_613[0]) -> Callable[[str], str]:
    """A function from a rule number to a Markdown link to its text (the number alone when not shipped)."""

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
# a rule number, and the year after it when the text names one ("613.3 (2009)")
BARE_RULE = re.compile(r"(?<![\w.#/-])(\d{3}\.\d+[a-z]?)(?![\w/]|\.\d)(?=( \((\d{4})\))?)")
_OLDER_BY_YEAR = (("2009", "2020", OLDER_613[0][0]),)


def _page_613_for_year(year: str | None) -> str:
    """Rule 613's text for a year a page names beside a rule number (today's text otherwise)."""
    for start, end, name in _OLDER_BY_YEAR:
        if year is not None and start <= year < end:
            return name
    return CURRENT_613[0]


def link_rule_numbers(html_text: str, href: Callable[[str, str], str]) -> str:
    """Every bare rule number in the text of an HTML page made a link to its text.

    ``href(page_name, anchor)`` gives the URL of a rule page's anchor from the page being
    written. A number whose rule is not shipped stays as it is; so does one inside a link,
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
            if found is None:
                return number
            return f'<a href="{href(*found)}" class="rule-link">{number}</a>'

        out.append(BARE_RULE.sub(repl, piece))
    return "".join(out)


def generate_rule_pages(out_dir: Path) -> list[Path]:
    """Write every rule page and the index into ``out_dir``; return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pages = rule_pages()
    written = []
    for name, page in pages.items():
        path = out_dir / f"{name}.md"
        path.write_text(page_markdown(page), encoding="utf-8")
        written.append(path)
    index = out_dir / "index.md"
    index.write_text(index_markdown(pages), encoding="utf-8")
    written.append(index)
    return written
