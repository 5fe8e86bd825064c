"""Tables a phone can read: each data cell labelled with its column, so a narrow screen can stack a row.

At 375 px a five-column trace cannot fit side by side; the site's stylesheet (docs/stylesheets/extra.css)
shows a wide table's rows as stacked cards there, each cell preceded by its column's name, which it
reads from the ``data-label`` added here. Wide tables (four columns or more) get ``data-stack``; a trace
(a "why at this point" column) and a setup table of abilities in words (a "what it does" column) also get
``data-trace``, which the stylesheet stacks.
"""

from __future__ import annotations

import html
import re

TABLE = re.compile(r"<table(?P<attrs>[^>]*)>(?P<body>.*?)</table>", re.DOTALL)
HEADER_CELL = re.compile(r"<th\b[^>]*>(.*?)</th>", re.DOTALL)
ROW = re.compile(r"<tr\b[^>]*>.*?</tr>", re.DOTALL)
DATA_CELL = re.compile(r"<td\b")
TAG = re.compile(r"<[^>]+>")
WIDE = 4  # columns from which a table stacks on a narrow screen


def _label(cell: str) -> str:
    return html.escape(html.unescape(TAG.sub("", cell)).strip(), quote=True)


def _labelled_row(row: str, labels: list[str]) -> str:
    count = iter(range(len(labels) + 1000))

    def add(_: re.Match[str]) -> str:
        k = next(count)
        return f'<td data-label="{labels[k]}"' if k < len(labels) and labels[k] else "<td"

    return DATA_CELL.sub(add, row)


def _table(match: re.Match[str]) -> str:
    attrs, body = match.group("attrs"), match.group("body")
    labels = [_label(c) for c in HEADER_CELL.findall(body)]
    if len(labels) < WIDE:
        return match.group(0)
    # data attributes, not classes: the theme styles only tables without a class (table:not([class]))
    # the trace, and a case's static abilities in words (its "what it does" sentences), stack as cards
    cards = "why at this point" in labels or "what it does" in labels
    attrs += ' data-stack="wide"' + (' data-trace="trace"' if cards else "")
    body = ROW.sub(lambda row: _labelled_row(row.group(0), labels), body)
    return f"<table{attrs}>{body}</table>"


def stackable(fragment: str) -> str:
    """The HTML with every wide table marked ``data-stack`` (a trace ``data-trace``) and each data cell labelled
    with its column."""
    return TABLE.sub(_table, fragment)
