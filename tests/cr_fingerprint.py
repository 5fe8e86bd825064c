"""The fingerprint of the Comprehensive Rules texts the project read: every run of ten words, hashed.

tests/site/test_docs_pages.py checks that no rule statement or corpus passage repeats ten words in a
row of those texts. The texts themselves are not the project's to ship (they sit in the shared
rules folder beside the repository), so the check reads this fingerprint instead: the first 16
hex digits of the SHA-256 of each run, sorted, one per line (no text can be read back from it).

Regenerate after a rules text is added:  python -m tests.cr_fingerprint [RULES_DIR]
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FINGERPRINT = ROOT / "tests" / "data" / "cr-ten-word-runs.txt"
RUN = 10  # words in a row shared with a Comprehensive Rules text that count as quoting it
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|«[^»]*»")  # card text and other quotations inside a rule text


def words(text: str) -> list[str]:
    """The words of a text, lower case, typographic apostrophes made plain."""
    return re.findall(r"[a-z0-9àâçéèêëîïôûùüÿœ'+/{}-]+", text.replace("’", "'").lower())


def runs_of(text: str, set_aside_quotations: bool = True) -> set[str]:
    """Every run of ten words of a text, hashed; quotations inside a rules text (card text) set aside."""
    ws = words(QUOTED.sub(" | ", text) if set_aside_quotations else text)
    return {
        hashlib.sha256(" ".join(ws[i : i + RUN]).encode()).hexdigest()[:16]
        for i in range(len(ws) - RUN + 1)
        if "|" not in ws[i : i + RUN]
    }


def fingerprint(rules_dir: Path) -> set[str]:
    """The hashed runs of every ``cr*.txt`` rules text of a folder, line by line."""
    out: set[str] = set()
    for path in sorted(rules_dir.glob("cr*.txt")):
        for line in path.read_text("utf-8").splitlines():
            out |= runs_of(line)
    return out


def load() -> frozenset[str]:
    """The stored fingerprint."""
    return frozenset(FINGERPRINT.read_text("utf-8").split())


def main(argv: list[str]) -> int:
    """Write the fingerprint of the rules texts in ``argv[0]`` (default: ../shared/rules)."""
    rules_dir = Path(argv[0]) if argv else ROOT.parent / "shared" / "rules"
    runs = fingerprint(rules_dir)
    if not runs:
        print(f"no cr*.txt rules texts in {rules_dir}", file=sys.stderr)
        return 2
    FINGERPRINT.parent.mkdir(parents=True, exist_ok=True)
    FINGERPRINT.write_text("".join(f"{h}\n" for h in sorted(runs)), encoding="utf-8")
    print(f"wrote {len(runs)} runs to {FINGERPRINT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
