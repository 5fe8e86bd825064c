"""Misreadings of what a resolving spell or ability fixes as it resolves (611.2d, 608.2h)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from reference.versions import RulesVersion

from .base import Misreading, misreading, patched


@misreading(
    "611.2d",
    "A resolved effect's X keeps following the game: it is worked out again each time the layers are applied.",
    "counts a pump spell's X again after it resolved, so a creature entering later grows the bonus",
)
def resolved_amount_read_live(version: RulesVersion) -> Iterator[RulesVersion]:
    def never_fixed(board: Any, new: Any, version: Any) -> Any:
        return board

    with patched({"reference.case.on_resolution": never_fixed}):
        yield version


MISREADINGS: tuple[Misreading, ...] = (resolved_amount_read_live,)
