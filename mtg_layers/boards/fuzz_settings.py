"""What a fuzzing run may generate: the feature tags, their weights and the generator's settings.

Two kinds of feature tags (``fuzz_boards`` says how each is used): the **ingredients** the
generator puts in on purpose, and the **outcomes** only the layer process shows. ``--weights``
sets how often each one is picked (``parse_weights``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.coverage import feature_tags
from ..checking.results import RESULT_FIELDS

# Tags the generator puts in on purpose, and tags only the layer process shows.
INGREDIENTS = (
    "layer-7c-modify",
    "layer-7b-set",
    "layer-4-type",
    "layer-5-color",
    "layer-6-abilities",
    "layer-7d-switch",
    "layer-2-control",
    "land-types",
    "layer-1-copy",
    "copy-exception",
    "face-down",
    "layer-3-text",
    "layer-7a-cda",
    "counters",
    "keyword-counters",
    "value-expression",
    "multi-step",
    "turn-face-up-down",
    "rule-timestamps",
    "mana-cost",
    "owner",
    "lose-creature-types",
    "state-based-actions",
    "legend-rule",
    "conditional-static",
    "values-from-objects",
    "entry-choice",
    "other-zones",
    "zone-change",
    "double-faced",
    "merged",
    "full-text",
    "abilities-of-others",
    "chosen-values",
    "entry-counters",
    "created-tokens",
    "game-state",
)
OUTCOMES = (
    "timestamps",
    "dependency",
    "dependency-loop",
    "lock-in",
    "static-existence",
    "cda-first",
    "version-difference",
    "intrinsic-mana-abilities",
)

DEFAULT_WEIGHTS: Mapping[str, int] = {
    **dict.fromkeys(INGREDIENTS, 2),
    "layer-7c-modify": 4,
    "layer-7b-set": 3,
    "layer-4-type": 4,
    "layer-6-abilities": 3,
    "multi-step": 6,
    "copy-exception": 3,
    "zone-change": 3,
    "merged": 3,
    "legend-rule": 3,
    "conditional-static": 4,
    # a choice is read by many kinds of ability (it took a quarter of the boards at 2); entering objects and
    # tokens add pieces and steps to a board (and a token whose maker lost the ability rejects it)
    "chosen-values": 1,
    "entry-counters": 1,
    "created-tokens": 1,
    **dict.fromkeys(OUTCOMES, 1),
    "cda-first": 2,
    "dependency": 3,
    "dependency-loop": 2,
}


# Characteristics an engine is judged on only when it declares a feature that asks for them: an
# engine that declares neither ``owner`` nor other zones is not asked whose card it is or where it is.
FIELD_TAGS: Mapping[str, frozenset[str]] = {
    "owner": frozenset({"owner"}),
    "zone": frozenset({"other-zones", "zone-change"}),
    "mana_cost": frozenset({"mana-cost"}),
}


def compared_fields(s: GeneratorSettings) -> tuple[str, ...]:
    """The result fields generated boards judge (every one, but those no permitted feature asks for)."""
    return tuple(f for f in RESULT_FIELDS if f not in FIELD_TAGS or FIELD_TAGS[f] & s.permitted)


class WeightsError(ValueError):
    """A weights specification that cannot be read."""


def parse_weights(specs: Sequence[str]) -> dict[str, int]:
    """``TAG=N`` pairs (comma-separated, repeatable) over the defaults; unknown tags are an error."""
    weights = dict(DEFAULT_WEIGHTS)
    known = set(feature_tags())
    for spec in specs:
        for item in spec.split(","):
            item = item.strip()
            if not item:
                continue
            tag, sep, num = item.partition("=")
            tag = tag.strip()
            if not sep or tag not in known:
                raise WeightsError(f"--weights: expected TAG=N with TAG one of the feature tags, got {item!r}")
            try:
                n = int(num)
            except ValueError:
                raise WeightsError(f"--weights: {tag}: expected a whole number >= 0, got {num.strip()!r}") from None
            if n < 0:
                raise WeightsError(f"--weights: {tag}: expected a whole number >= 0, got {n}")
            weights[tag] = n
    return weights


@dataclass(frozen=True)
class GeneratorSettings:
    """Everything that decides which boards a seed gives (with the hypothesis version): stored in reports."""

    allowed: frozenset[str]
    rules: tuple[str, ...]
    weights: Mapping[str, int]
    max_objects: int = 3
    max_effects: int = 3
    max_abilities: int = 3
    real_cards: bool = False  # boards drawn only from catalogue cards (boards.real_card_boards)

    def as_dict(self) -> dict[str, Any]:
        """The settings as plain data (for the report header)."""
        out: dict[str, Any] = {
            "features": sorted(self.allowed),
            "rules": list(self.rules),
            "weights": {k: self.weights[k] for k in sorted(self.weights)},
            "max_objects": self.max_objects,
            "max_effects": self.max_effects,
            "max_abilities": self.max_abilities,
        }
        if self.real_cards:
            out["real_cards"] = True
        return out

    @property
    def permitted(self) -> frozenset[str]:
        """The tags a kept board may show: allowed, and not weighted 0."""
        return frozenset(t for t in self.allowed if self.weights.get(t, 1) > 0)

    def weight(self, tag: str) -> int:
        """A tag's weight, 0 when the tag is not allowed."""
        return self.weights.get(tag, 0) if tag in self.allowed else 0
