"""A z3 check for tests: the answer of a corpus case is verified and one wrong value is refuted."""

from __future__ import annotations

import copy
from typing import Any

from mtg_layers.checking.verify import resolve_step
from mtg_layers.corpus import CASES_DIR, load_case
from proofs.crosscheck import check_answer
from reference.case import board_at
from reference.versions import builtin_versions


def refuted(path: str, step: int, vid: str, oid: str, field: str, value: Any) -> bool:
    """The case's answer (``path`` under corpus/cases) is verified, and z3 refutes ``oid.field = value``."""
    case = load_case(CASES_DIR / path)
    version = builtin_versions()[vid]
    board = board_at(case, step, version)
    _, answer = resolve_step(case, step, version)
    assert check_answer(board, version, answer).status == "verified"
    wrong = copy.deepcopy(answer)
    wrong[oid][field] = value
    return check_answer(board, version, wrong).status == "counterexample"
