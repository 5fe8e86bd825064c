"""Reader pages say no internal issue numbers and no repository paths (mtg_layers/docs_site/reader_text.py)."""

from __future__ import annotations

import re

from mtg_layers.corpus import CASES_DIR, case_files, read_yaml
from mtg_layers.docs_site.reader_text import for_readers

INTERNAL = re.compile(r"\b[Ii]ssues? \d+|\b(?:corpus|reference|proofs|mtg_layers|tests|docs)/[\w-]+/?[\w./-]*")


def test_an_issue_parenthesis_goes_and_a_path_becomes_a_page() -> None:
    said = for_readers(
        "Blood Moon applies first (issue 29; corpus/sources/cr-history.yaml, entry x). Issue 29 finding: the date."
        " See corpus/sources/cr-history.yaml."
    )
    assert said == "Blood Moon applies first. Finding: the date. See [the rules history](../versions.md#history)."
    assert for_readers("Issue 38: the board that tells 613.7n") == "The board that tells 613.7n"


def test_no_case_shows_an_issue_number_or_a_repository_path() -> None:
    found = []
    for path in case_files(CASES_DIR):
        data = read_yaml(path)
        texts = list(data.get("notes") or [])
        texts += [s.get("description", "") for s in data.get("steps", [])]
        texts += [s.get("passage", "") for s in data.get("sources") or []]
        for text in texts:
            for m in INTERNAL.finditer(re.sub(r"\]\([^)]*\)", "]", for_readers(text))):
                found.append(f"{path.name}: {m.group(0)}")
    assert not found, found[:20]
