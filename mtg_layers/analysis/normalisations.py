"""The reference's normalisations of a board, each with the rule behind it (issue 33: a fuzz finding's notes).

When the reference's answer differs from an engine's because the rules tidy a value up rather than
because an effect applied, the finding says which rule did it:

- 205.3d: an object has only the subtypes some card type of it allows; one that fits none of its
  card types (printed, or after a trace step changed its types) goes;
- 208.3: a noncreature permanent has no power or toughness (the answer gives null).
"""

from __future__ import annotations

from reference.model import Board, Characteristics
from reference.resolver import Resolution
from reference.vocabulary import subtype_fits

from ..checking.results import has_pt


def _unfit(ch: Characteristics) -> list[str]:
    return sorted(s for s in ch.subtypes if not subtype_fits(s, ch.types))


def normalisation_notes(board: Board, resolution: Resolution) -> list[str]:
    """One sentence per normalisation the reference makes on this board, citing its rule."""
    notes: list[str] = []
    for oid in sorted(board.objects):
        printed = board.objects[oid].printed
        gone = _unfit(printed)
        if gone:
            types = ", ".join(sorted(printed.types)) or "no card type"
            notes.append(
                f"205.3d: {oid} is printed with {', '.join(gone)}, which no card type of it ({types}) allows: "
                "the reference drops it (an object has only the subtypes its card types allow)."
            )
    seen: dict[str, Characteristics] = {oid: board.objects[oid].printed for oid in board.objects}
    for step in resolution.steps:
        for oid, after in step.after.items():
            before = seen.get(oid)
            seen[oid] = after
            if before is None or before.types == after.types:
                continue
            gone = sorted(s for s in before.subtypes - after.subtypes if not subtype_fits(s, after.types))
            if gone:
                notes.append(
                    f"205.3d: after reference trace step {step.index} {oid}'s card types are "
                    f"{', '.join(sorted(after.types)) or 'none'}: {', '.join(gone)} no longer fits one and goes."
                )
    for oid, ch in sorted(resolution.final.items()):
        if not has_pt(ch) and (ch.power is not None or ch.toughness is not None):
            notes.append(
                f"208.3: {oid} is not a creature in the end: it has no power or toughness (the answer gives null)."
            )
    return notes
