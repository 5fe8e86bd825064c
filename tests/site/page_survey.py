"""What the built site's pages hold, read from their HTML without a browser (tests/site/test_all_pages.py).

* ``local_references``: every ``href`` and ``src`` of a page that points into the site, resolved as a browser
  resolves it against the page's address; ``missing_references`` keeps those the built tree does not have (the
  server would answer 404).
* ``mermaid_blocks``: the Mermaid diagrams a page carries, as the HTML the theme reads their source from.
* ``page_features``: the kinds of markup a page holds (each element's tag, classes and attribute names, each
  parent-child pair of them, each script and stylesheet it loads): what the theme's scripts and the browser act
  on, as opposed to the words and numbers in it.
* ``covering_sample``: the fewest pages (chosen greedily, ties by path) that together hold every feature any of
  the pages holds.

Standard library only: regular expressions over the generated HTML (mkdocs and the theme write well-formed
markup; a tag the scanner misreads shows up as a feature of its own, which only adds a page to the sample).
"""

from __future__ import annotations

import functools
import html
import posixpath
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from urllib.parse import unquote, urlsplit

# A start or end tag; attribute values in quotes may hold ">".
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*)>")
ATTRIBUTE = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?""")
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
# Attributes whose value selects what a script or the browser does with the element (the others' values are names,
# addresses or words: only that the attribute is there is a feature).
BEHAVIOUR_VALUES = frozenset({"type", "rel", "data-md-component", "data-md-type", "role", "target", "lang", "hreflang"})
MERMAID = re.compile(r'<pre class="mermaid"><code>.*?</code></pre>', re.DOTALL)
SKIPPED = ("playground/pyodide", "assets")  # files shipped with the site, not its pages


def site_pages(root: Path) -> list[str]:
    """Every page of the built site, as a path from its root ("" for the home page)."""
    pages = []
    for index in sorted(root.rglob("index.html")):
        rel = index.parent.relative_to(root).as_posix()
        if rel.startswith(SKIPPED):
            continue
        pages.append("" if rel == "." else rel + "/")
    return pages


def is_case_page(path: str, text: str) -> bool:
    """A page the case-page generator wrote (``generated_pages.case_page``: under cases/, its first line the case
    id); the corpus index and the cards page, also under cases/, come from other generators."""
    return path.startswith("cases/") and "<strong>Case id</strong>" in text


def is_rule_page(path: str) -> bool:
    """A page the rule-page generator wrote for one rule (``rule_pages.generate_rule_pages``: rules/NAME/, the whole
    folder generated); the rules index, rules/, is a page of another kind."""
    return path.startswith("rules/") and path != "rules/"


def _attributes(raw: str) -> Iterable[tuple[str, str]]:
    for a in ATTRIBUTE.finditer(raw):
        value = a.group(2) or a.group(3) or a.group(4) or ""
        yield a.group(1).lower(), html.unescape(value) if "&" in value else value


def local_references(path: str, text: str) -> list[tuple[str, str]]:
    """Each ``href``/``src`` of the page that stays on the site, as (as written, path from the site's root)."""
    out = []
    for tag in TAG.finditer(text):
        if tag.group(1) or ("href" not in tag.group(3) and "src" not in tag.group(3)):
            continue
        for name, value in _attributes(tag.group(3)):
            if name not in ("href", "src"):
                continue
            parts = urlsplit(value)
            if parts.scheme or parts.netloc or not parts.path:  # another site, javascript:, or this page's anchor
                continue
            out.append((value, posixpath.normpath(posixpath.join(path, unquote(parts.path)))))
    return out


def missing_references(root: Path, pages: Mapping[str, str]) -> dict[str, list[str]]:
    """By page, each reference (as written) to what the built site does not have: a file, or a directory with an
    ``index.html`` (what the server answers for a directory's address); a path out of the site counts as missing."""
    there: dict[str, bool] = {}

    def exists(target: str) -> bool:
        if target not in there:
            where = root / target
            there[target] = not target.startswith("..") and (where.is_file() or (where / "index.html").is_file())
        return there[target]

    missing: dict[str, list[str]] = {}
    for path, text in pages.items():
        bad = sorted({written for written, target in local_references(path, text) if not exists(target)})
        if bad:
            missing[path] = bad
    return missing


def mermaid_blocks(text: str) -> list[str]:
    """The page's Mermaid diagrams, each as the ``<pre class="mermaid">`` element the theme draws from."""
    return MERMAID.findall(text)


@functools.lru_cache(maxsize=1 << 16)
def _tag_features(tag: str, raw: str) -> tuple[frozenset[str], str]:
    """The features of one start tag (its attributes as written in ``raw``), and its signature (tag and classes)."""
    attributes = dict(_attributes(raw))
    classes = attributes.get("class", "")
    out = {tag, *(f"{tag}.{c}" for c in classes.split())}
    out.update(f"{tag}[{n}={v}]" if n in BEHAVIOUR_VALUES else f"{tag}[{n}]" for n, v in attributes.items())
    loaded = attributes.get("src") if tag == "script" else None
    if tag == "link" and attributes.get("rel") == "stylesheet":
        loaded = attributes.get("href")
    if loaded:  # the file, whatever the page's depth ("../../assets/x.js" and "../assets/x.js" alike)
        out.add(f"loads {urlsplit(loaded).path.lstrip('./')}")
    return frozenset(out), tag + "".join(f".{c}" for c in sorted(classes.split()))


def page_features(text: str) -> frozenset[str]:
    """The kinds of markup on the page: ``tag``, ``tag.class``, ``tag[attribute]`` (``tag[attribute=value]`` for
    the attributes in ``BEHAVIOUR_VALUES``), ``parent > child`` (tag and classes of each), and ``loads FILE`` for
    each script and stylesheet."""
    out: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    stack = [("", "(root)")]  # (tag, signature) of the open elements
    for tag_match in TAG.finditer(text):
        closing, tag, raw = tag_match.group(1), tag_match.group(2).lower(), tag_match.group(3)
        if closing:
            for i in range(len(stack) - 1, 0, -1):
                if stack[i][0] == tag:
                    del stack[i:]
                    break
            continue
        features, signature = _tag_features(tag, raw)
        out |= features
        pairs.add((stack[-1][1], signature))
        if tag not in VOID and not raw.rstrip().endswith("/"):
            stack.append((tag, signature))
    return frozenset(out | {f"{parent} > {child}" for parent, child in pairs})


def covering_sample(features: Mapping[str, frozenset[str]]) -> list[str]:
    """Pages that together hold every feature of ``features`` (page -> its features): greedily the page holding
    the most features not yet held, the first by path on a tie, until none is left."""
    left = set().union(*features.values()) if features else set()
    order = sorted(features)
    chosen = []
    while left:
        best = max(order, key=lambda p: len(features[p] & left))  # max keeps the first of equals
        chosen.append(best)
        left -= features[best]
    return chosen
