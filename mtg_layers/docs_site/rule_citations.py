"""Which functions cite a rule, and which corpus cases exercise it: the generated part of each rule page.

A function *cites* a rule when its docstring names one of the rule's numbers (613.7a, 418.5,
712). The docstrings are read from the source with ``ast``, so nothing here imports the rules
or the encoding. Functions and methods count (methods of nested classes too); a function
defined inside another is part of it, and the enclosing function's docstring speaks for it.

A rule page lists a function when the function cites the rule the page is about or any subrule
of it: the 613 page lists a function citing 613.7a, the 418 page (rule 418.5) one citing 418.5c,
the 400 page (only 400.7 is known) one citing 400.7 and none citing another paragraph of 400. A
corpus case exercises a number when it cites it (its ``rules``) or when its content implies it
(``coverage.implied``: a copy effect implies 707.2 and layer 1, a face-down object 708.2, and so
on). Rule 613 in an older numbering lists nothing: the code and the corpus cite today's numbers.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..paths import ROOT

if TYPE_CHECKING:
    from reference.case import Case

    from .rule_pages import RulePage

# The packages whose functions are expected to cite the rules they apply: the rules and the encoding.
PACKAGES = ("reference", "proofs")
# API reference page of each package (docs/api/), where a public function's docstring is rendered.
API_PAGES = {"reference": "reference.md", "proofs": "proofs.md"}
# A rule number: three digits, then a paragraph and a letter if any (613.7, 613.7a, 702.140e), not a
# part of a longer number, a date or a path ("2009", "1,151", "100.0%"); the second number of a range
# counts ("613.1-613.4"). A number without a paragraph (712, 729) counts where it is cited: before a
# colon, a comma, a semicolon, a closing or an opening parenthesis ("712: ...", "729 (721 in 2020)"),
# at the end, or after "rule" or "CR"; not in "144 cases".
CITED = re.compile(
    r"(?<![\w.#/])(?<!\d,)"
    r"(?:(?P<dotted>\d{3}\.[1-9]\d*[a-z]?)(?![\w/]|\.\d)"
    r"|(?P<bare>[1-9]\d{2})(?=[:,;)]|\s\(|\s*$)"
    r"|\b(?:[Rr]ules?|CR) (?P<named>[1-9]\d{2})\b(?!\.\d))"
)
HEADING = "In the code and the corpus"


@dataclass(frozen=True)
class Function:
    """A function or method of ``reference`` or ``proofs``, with the rule numbers its docstring cites."""

    module: str  # "reference.resolver"
    qualname: str  # "resolve", "Encoding.view"
    path: str  # "reference/resolver.py", relative to the repository
    line: int
    summary: str  # the docstring's first paragraph on one line ("" when it has none)
    cites: tuple[str, ...]  # in the order the docstring names them, each once

    @property
    def name(self) -> str:
        """The dotted name: ``reference.resolver.resolve``."""
        return f"{self.module}.{self.qualname}"

    @property
    def key(self) -> str:
        """Where it is: ``reference/resolver.py::resolve`` (what the citation test's allow-list names)."""
        return f"{self.path}::{self.qualname}"

    @property
    def documented(self) -> bool:
        """Whether the API reference renders it: a public name at every level (no ``_x``, no ``__x__``)."""
        return not any(part.startswith("_") for part in self.qualname.split("."))


def rule_numbers(text: str) -> tuple[str, ...]:
    """The rule numbers a text cites, in order, each once."""
    found = (m.group("dotted") or m.group("bare") or m.group("named") for m in CITED.finditer(text))
    return tuple(dict.fromkeys(found))


def _defs(body: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The functions of a module or class body, and the methods of the classes in it (nested classes too)."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
        elif isinstance(node, ast.ClassDef):
            yield from _defs(node.body, f"{prefix}{node.name}.")


def module_functions(path: Path, root: Path = ROOT) -> list[Function]:
    """Every function and method of one source file, read with ``ast``."""
    rel = path.relative_to(root)
    module = ".".join(rel.with_suffix("").parts).removesuffix(".__init__")
    out = []
    for qualname, node in _defs(ast.parse(path.read_text("utf-8")).body):
        doc = ast.get_docstring(node) or ""
        summary = " ".join(doc.strip().split("\n\n")[0].split())
        out.append(Function(module, qualname, rel.as_posix(), node.lineno, summary, rule_numbers(doc)))
    return out


def functions(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> list[Function]:
    """Every function and method of the packages, in file and source order."""
    return list(_functions(root, tuple(packages)))


@cache
def _functions(root: Path, packages: tuple[str, ...]) -> tuple[Function, ...]:
    """``functions``, read once per process: each rule page's section asks for them (20 parses of every file)."""
    paths = [path for package in packages for path in sorted((root / package).rglob("*.py"))]
    return tuple(f for path in paths for f in module_functions(path, root))


def belongs(number: str, rule: str) -> bool:
    """Whether a rule number is ``rule`` or a subrule of it ("613.7a" of 613, "418.5c" of 418.5)."""
    if number == rule:
        return True
    if "." not in rule:
        return number.startswith(rule + ".")
    return number.startswith(rule) and number[len(rule)].isalpha()


def cases_by_number(cases: Sequence[Case] | None = None) -> dict[str, tuple[str, ...]]:
    """Each rule number the corpus cites or implies, with the ids of the cases that do: of the default corpus
    (loaded once per process), or of ``cases`` when given (a caller that holds the default corpus already)."""
    return _default_cases_by_number() if cases is None else _cases_by_number(cases)


@cache
def _default_cases_by_number() -> dict[str, tuple[str, ...]]:
    from ..corpus import load_corpus

    return _cases_by_number(load_corpus())


def _cases_by_number(cases: Iterable[Case]) -> dict[str, tuple[str, ...]]:
    from ..analysis.coverage import implied

    found: dict[str, set[str]] = {}
    for case in cases:
        rules, _ = implied(case)
        for number in rules | set(case.rules):
            found.setdefault(number, set()).add(case.id)
    return {n: tuple(sorted(ids)) for n, ids in found.items()}


def _number_key(number: str) -> tuple[int, int, str]:
    top, _, rest = number.partition(".")
    para = re.match(r"\d*", rest)
    digits = para.group(0) if para else ""
    return int(top), int(digits) if digits else 0, rest[len(digits) :]


_CODE = re.compile(r"``(.+?)``|`([^`]+)`")


def _escape(text: str) -> str:
    """A docstring's line as Markdown table text: code as HTML code, the rest with Markdown's marks kept literal."""
    out, end = [], 0
    for m in _CODE.finditer(text):
        out.append(_plain(text[end : m.start()]))
        code = html.escape(m.group(1) or m.group(2), quote=False).replace("|", "&#124;")
        out.append(f"<code>{code}</code>")
        end = m.end()
    out.append(_plain(text[end:]))
    return "".join(out)


def _plain(text: str) -> str:
    return re.sub(r"([\\`*_\[\]{}#|])", r"\\\1", html.escape(text, quote=False))


def section(
    page: RulePage, link: Callable[[str], str], prefix: str = "../", cases: Sequence[Case] | None = None
) -> str:
    """The generated section of a rule page: the functions citing its rule, the cases exercising it.

    ``link`` makes a rule number a Markdown link to its statement (``rule_pages.linker``);
    ``prefix`` leads from the page to the site's root; ``cases`` are the corpus (``cases_by_number``).
    """
    out = [f"## {HEADING}", ""]
    if not page.is_today:
        out += [
            f"The code and the corpus cite rule {page.top} in today's numbering: see "
            f"[rule {page.top}]({page.top}.md#{_slug(HEADING)}).",
        ]
        return "\n".join(out) + "\n"
    citing = [f for f in functions() if any(belongs(n, page.rule) for n in f.cites)]
    out += [
        f"Generated by `mtg-layers docs`. A function is listed when its docstring cites rule {page.rule} "
        "or a subrule of it; a case when it cites such a number or its content implies it (as "
        "`mtg-layers coverage` counts).",
        "",
        f"### Functions that cite it ({len(citing)})",
        "",
    ]
    if citing:
        out += ["| function | cites | what its docstring says |", "|---|---|---|"]
        for f in citing:
            name = f"`{f.name}`"
            package = f.module.split(".")[0]
            if f.documented and package in API_PAGES:
                name = f"[{name}]({prefix}api/{API_PAGES[package]}#{f.name})"
            mine = [n for n in f.cites if belongs(n, page.rule)]
            others = [n for n in f.cites if not belongs(n, page.rule)]
            cites = ", ".join(link(n) for n in mine + others)
            out.append(f"| {name} | {cites} | {_escape(f.summary)} |")
    else:
        out.append(f"No function of `reference` or `proofs` cites rule {page.rule} or a subrule of it.")
    by_number = {n: ids for n, ids in cases_by_number(cases).items() if belongs(n, page.rule)}
    count = len({i for ids in by_number.values() for i in ids})
    out += ["", f"### Cases that exercise it ({count})", ""]
    if not by_number:
        out.append(f"No corpus case cites rule {page.rule} or a subrule of it, or implies one by its content.")
    for number in sorted(by_number, key=_number_key):
        ids = by_number[number]
        listed = ", ".join(f"[{i}]({prefix}cases/{i}.md)" for i in ids)
        out.append(f"- {link(number)} ({len(ids)}): {listed}")
    return "\n".join(out) + "\n"


def _slug(heading: str) -> str:
    """The anchor Python-Markdown's toc gives a heading."""
    return re.sub(r"[^\w]+", "-", heading.lower()).strip("-")
