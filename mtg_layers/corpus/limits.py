"""The size of board the tools promise to resolve, checked before anything is built (docs/reliability.md#limits).

Past a limit a file gets one error naming the count and the limit, rather than a resolution that crawls.
Measured on a two-core machine (the figures in docs/reliability.md): 5,000 objects resolve in about 5 s;
one object under 1,000 effects in about 12 s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import CorpusError

MAX_OBJECTS = 5_000  # objects in every zone, with those the steps add and the tokens they create
MAX_EFFECTS = 1_000  # resolved effects (the case's and every step's) and ability definitions
MAX_STEPS = 500


def check_size(data: Mapping[str, Any], label: str) -> None:
    """Refuse a board past the limits, naming what is counted and the limit."""
    raw = data.get("steps")
    steps: list[Any] = raw if isinstance(raw, list) else []
    step_maps = [s for s in steps if isinstance(s, Mapping)]
    added = sum(_count(s, k) for s in step_maps for k in ("add_objects", "create_tokens"))
    effects = _count(data, "effects") + _count(data, "abilities") + sum(_count(s, "add_effects") for s in step_maps)
    counted = {"objects": _count(data, "objects") + added, "effects": effects, "steps": len(steps)}
    for what, limit in (("objects", MAX_OBJECTS), ("effects", MAX_EFFECTS), ("steps", MAX_STEPS)):
        if counted[what] > limit:
            raise CorpusError(
                label,
                what,
                f"the board has {counted[what]:,} {what}; the tools resolve at most {limit:,} "
                "(docs/reliability.md#limits)",
            )


def _count(mapping: Mapping[str, Any], key: str) -> int:
    value = mapping.get(key)
    return len(value) if isinstance(value, list) else 0
