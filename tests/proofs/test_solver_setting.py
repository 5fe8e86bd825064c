"""z3 answers every check of ``proofs`` on its incremental SMT core (``proofs/__init__``: a setting, not a rule).

The default ("combined") solver answers a first check with a one-shot tactic whose preprocessing cost ~5 M units of
z3's resource count on the held-green entry case's encodings, ~50 k on the core; the count is z3's own deterministic
measure of work (not the clock), so the bound below tells the two apart on any load.
"""

from __future__ import annotations

import z3

from benchmarks.z3_rlimit import rlimit_count
from proofs.encoding import Encoding
from reference.case import board_at
from reference.versions import get_version

from ..builders import corpus_case


def test_a_first_check_goes_to_the_incremental_core() -> None:
    assert z3.get_param("combined_solver.ignore_solver1") == "true"
    case = corpus_case("entry-tied-losses-beside-a-gift-reach-a-held-green")
    version = get_version("ikoria")
    enc = Encoding(board_at(case, 1, version), version)
    solver = z3.Solver()
    solver.add(enc.constraints)
    before = rlimit_count(solver)
    assert solver.check() == z3.sat
    assert rlimit_count(solver) - before < 1_000_000
