"""A case's own words (notes, sources, step descriptions) as a reader page shows them: no internal issue numbers,
no repository paths.

The corpus files speak to the project's contributors: "(issue 29; corpus/sources/cr-history.yaml, entry X)"
says where a finding came from. On the site a judge reads the finding, not the project's tracker: a
parenthesis that cites an issue goes, "Issue 29 finding:" reads "Finding:", a leading "Issue 38:" goes,
and a repository file that has a page on the site becomes a link to that page (the rules history, the
interpretations).
"""

from __future__ import annotations

import re

ISSUE_PAREN = re.compile(r"\s*\((?:[^()]*?;\s*)?[Ii]ssues? \d+[^()]*\)")
ISSUE_FINDING = re.compile(r"\b[Ii]ssue \d+ finding:\s*")
ISSUE_LEAD = re.compile(r"^[Ii]ssue \d+:\s*(.)")
# repository files and the site page that says the same to a reader (relative to a case page)
PAGES = {
    "corpus/sources/cr-history.yaml": "[the rules history]({prefix}versions.md#history)",
    "reference/profiles/dated.json": "[the dated changes]({prefix}versions.md#timeline)",
    "docs/interpretations.md": "[Interpretations]({prefix}interpretations.md)",
    "proofs/sba.py": "the z3 encoding of the state-based actions",
}


def for_readers(text: str, prefix: str = "../") -> str:
    """The text without issue numbers, its repository paths replaced by the site's pages (``prefix``: from
    the page that shows it to the site's root, in Markdown links)."""
    text = ISSUE_PAREN.sub("", text)
    text = ISSUE_FINDING.sub("Finding: ", text)
    text = ISSUE_LEAD.sub(lambda m: m.group(1).upper(), text)
    for path, said in PAGES.items():
        text = text.replace(path, said.format(prefix=prefix))
    return text
