"""A witness of ``prove --observable`` as a case file (issue 33: ``--save``), for review before the corpus.

The board z3 found is written in the corpus format, one step, with the reference resolver's answer
under each side that is a built-in rules version (a profile file of one's own is not a version a case
can declare: its answer goes in the notes). Like a fuzz finding, the case is ``status: derived`` and
says that its expected values are the resolver's, to be checked against the rules before the corpus
takes it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from reference.model import Board
from reference.resolver import resolve
from reference.versions import RulesVersion, builtin_versions

from ..boards.fuzz_tags import content_tags
from ..corpus.serialise import board_to_case
from .results import board_result


def witness_case(board: Board, left: RulesVersion, right: RulesVersion, witness: Sequence[str]) -> dict[str, Any]:
    """613.1: the witness board as a one-step case, each built-in side's answer as its expectation."""
    known = builtin_versions()
    expect: dict[str, dict[str, dict[str, Any]]] = {}
    notes = [
        f"Found by `mtg-layers prove --observable {left.id} {right.id}`: a board on which the two rules versions "
        "give different characteristics.",
        "The expected values are the reference resolver's answer, not a published source: review them against "
        "the rules before adding this case to the corpus.",
        *witness,
    ]
    for version in (left, right):
        answer = board_result(board, resolve(board, version).final)
        if version.id in known:
            expect[version.id] = answer
        else:
            notes.append(f"under {version.id} (a profile file) the reference answers {json.dumps(answer)}")
    data = board_to_case(
        board, f"witness-{left.id}-{right.id}", f"A board that tells {left.id} and {right.id} apart", expect, notes
    )
    tags = content_tags({**data, "steps": [{**data["steps"][0], "expect": {v: {} for v in expect}}]})
    data["features"] = sorted(tags) or ["layer-7c-modify"]
    return data
