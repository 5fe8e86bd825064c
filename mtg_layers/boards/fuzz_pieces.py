"""Generated boards for fuzzing an engine: every corpus feature tag, author-set weights, only what it supports.

A board is drawn by a hypothesis strategy as corpus-format case data (objects, resolved
effects, static abilities, optionally a second step), so every board is a case the corpus
loader accepts and an adapter already knows how to read. Two kinds of feature tags:

- **ingredients** the generator puts in on purpose (an operation of some layer, counters,
  a face-down object, a characteristic-defining ability, a value expression, a second
  step, a full text or the activated abilities of others, a choice made on entry, counters
  an object enters with, tokens an ability creates, the game state effects read). Their
  weights set how often each one is picked; weight 0 never picks it, and an ingredient
  that always brings another tag (a full text: layer 3 and a graveyard card; entry
  counters: counters) is not picked when that tag is not allowed.
- **outcomes** that only the layer process reveals (``dependency``, ``dependency-loop``,
  ``lock-in``, ``static-existence``, ``timestamps``, ``cda-first``,
  ``version-difference``). They are read from the reference resolver's traces. The
  weights of ``dependency`` and ``dependency-loop`` set how often a board *focuses*
  its static abilities on one layer, where filters read what the layer writes (that is
  where dependencies and loops come from); ``cda-first``'s weight adds characteristic-
  defining abilities in layers 4 and 5. Any tag weighted 0 is never shown: boards showing
  it are rejected like those showing a tag the adapter does not declare.

A board is kept only when every tag it shows is allowed (the adapter's declared features,
narrowed by ``--features``): outcome tags outside the set reject the board (hypothesis
``reject``), so an engine never receives a board it declared it cannot take.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from reference.case import Case, board_at
from reference.choices import outcomes
from reference.chosen import mentions_choice
from reference.resolver import Resolution, resolve
from reference.versions import builtin_versions

from .. import authoring
from ..corpus import CorpusError, case_from_data
from ..coverage import OP_FEATURES, feature_tags, rule_timestamps
from ..results import RESULT_FIELDS, board_result

Data = dict[str, Any]

TYPES = ("creature", "artifact", "enchantment", "land")
CREATURE_SUBTYPES = ("elf", "goblin")
LAND_SUBTYPES = ("island", "swamp")
SUBTYPES = (*CREATURE_SUBTYPES, *LAND_SUBTYPES)
COLORS = ("white", "blue", "black")
KEYWORDS = ("flying", "haste", "trample")
PLAYERS = ("p1", "p2")
MANA_SYMBOL = {"white": "W", "blue": "U", "black": "B"}

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
# Operations an effect part can carry, by the tag it exercises (static abilities: no copy or face-down).
PART_TAGS = (
    "layer-7c-modify",
    "layer-7b-set",
    "layer-4-type",
    "lose-creature-types",
    "layer-5-color",
    "layer-6-abilities",
    "layer-7d-switch",
    "layer-2-control",
    "land-types",
    "layer-3-text",
    "layer-1-copy",
    "copy-exception",
    "face-down",
    "full-text",
    "abilities-of-others",
)
RESOLVED_ONLY = ("layer-1-copy", "copy-exception", "face-down")
# 113.3b, 602.1: activated abilities ("cost: effect") a permanent may print, for "has all activated abilities of".
ACTIVATED = ("{2}: draw a card.", "{1}, {t}: tap target creature.")
# 612.6: the text Volrath's Shapeshifter adds beside the full text it takes.
FULL_TEXT_PLUS = "{2}: discard a card."
# 614.1c, 614.12: "enters with" replacement effects: the wording, the entering objects it gives counters, how many.
ENTRY_ABILITIES: tuple[tuple[str, Mapping[str, Any], int], ...] = (
    (
        "each other creature you control enters with an additional +1/+1 counter on it.",
        {"type": "creature", "controller": "you", "other_than_source": True},
        1,
    ),
    (
        "each other non-elf creature you control enters with an additional +1/+1 counter on it.",
        {"type": "creature", "controller": "you", "other_than_source": True, "not": {"subtype": "elf"}},
        1,
    ),
    ("each blue creature enters with an additional +1/+1 counter on it.", {"type": "creature", "color": "blue"}, 1),
    ("this creature enters with two +1/+1 counters on it.", {"is_source": True}, 2),
)
# 119.1, 402.1: the game-state values a value expression reads.
GAME_VALUES = ("life", "cards_in_hand")
# The layer a focused board's static abilities all work in, and the tag that must be allowed for it.
FOCUS_TAG = {"type": "layer-4-type", "color": "layer-5-color", "ability": "layer-6-abilities", "pt": "layer-7b-set"}

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

# The coverage table, plus 7b for any set_pt: a generated board's CDAs are tagged separately below.
_OP_TAGS: Mapping[str, tuple[str, ...]] = {**OP_FEATURES, "set_pt": ("layer-7b-set",)}


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

    def as_dict(self) -> dict[str, Any]:
        """The settings as plain data (for the report header)."""
        return {
            "features": sorted(self.allowed),
            "rules": list(self.rules),
            "weights": {k: self.weights[k] for k in sorted(self.weights)},
            "max_objects": self.max_objects,
            "max_effects": self.max_effects,
            "max_abilities": self.max_abilities,
        }

    @property
    def permitted(self) -> frozenset[str]:
        """The tags a kept board may show: allowed, and not weighted 0."""
        return frozenset(t for t in self.allowed if self.weights.get(t, 1) > 0)

    def weight(self, tag: str) -> int:
        """A tag's weight, 0 when the tag is not allowed."""
        return self.weights.get(tag, 0) if tag in self.allowed else 0


@dataclass(frozen=True)
class Generated:
    """One generated board: its case data, the rules version to run it under, and the reference's view."""

    data: Mapping[str, Any]
    case: Case
    rules: str
    features: tuple[str, ...]
    resolution: Resolution
    answer: Mapping[str, Mapping[str, Any]]  # the reference's result at the last step

    @property
    def step(self) -> int:
        """The step that is judged (the last one)."""
        return len(self.data["steps"])

    def key(self) -> str:
        """A canonical text of the board (equal boards, equal keys)."""
        return json.dumps({"rules": self.rules, "data": self.data}, sort_keys=True)


def _weighted(draw: st.DrawFn, options: Sequence[tuple[str, int]]) -> str | None:
    """One of the options, in proportion to its weight (shrinks towards the first); None when all are 0."""
    live = [(name, w) for name, w in options if w > 0]
    if not live:
        return None
    total = sum(w for _, w in live)
    n = draw(st.integers(0, total - 1))
    for name, w in live:
        if n < w:
            return name
        n -= w
    raise AssertionError("unreachable")


def _chance(draw: st.DrawFn, weight: int, per: int = 8) -> bool:
    """True with probability weight/(weight+per); shrinks towards False."""
    if weight <= 0:
        return False
    return draw(st.integers(0, weight + per - 1)) >= per


def _filter(draw: st.DrawFn, texts: Sequence[str]) -> Data:
    leaf = _leaf(draw, texts)
    shape = draw(st.integers(0, 5))
    if shape == 1:
        return {"all": [{"type": "creature"}, leaf]}
    if shape == 2:
        return {"not": leaf}
    if shape == 3:
        return {"any": [leaf, _leaf(draw, texts)]}
    if shape == 4:
        return {}
    return leaf


def _leaf(draw: st.DrawFn, texts: Sequence[str]) -> Data:
    kind = draw(st.integers(0, 8))
    if kind == 0:
        return {"type": draw(st.sampled_from(TYPES))}
    if kind == 1:
        return {"color": draw(st.sampled_from(COLORS))}
    if kind == 2:
        return {"subtype": draw(st.sampled_from(SUBTYPES))}
    if kind == 3:
        return {"has_ability": draw(st.sampled_from(KEYWORDS + tuple(texts)))}
    if kind == 4:
        return {"controller": draw(st.sampled_from(("you", "opponent")))}
    if kind == 5:
        return {"other_than_source": True}
    if kind == 6:
        return {"mana_value": {"op": ">=", "value": draw(st.integers(1, 3))}}
    if kind == 7:
        return {"colorless": True}
    return {"is_source": True}


def _object_value(draw: st.DrawFn, texts: Sequence[str]) -> Data:
    """A value read from the objects (counters, devotion, card types among): the values-from-objects tag."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return {"counters": draw(st.sampled_from(("+1/+1", "any")))}
    if kind == 1:
        return {"source_counters": draw(st.sampled_from(("+1/+1", "any")))}
    if kind == 2:
        return {"devotion": draw(st.sampled_from(COLORS))}
    return {"card_types_among": _leaf(draw, texts)}


def _game_value(draw: st.DrawFn) -> Data:
    """119.1, 402.1: a player's life total or number of cards in hand ("you": the effect's controller, 109.4)."""
    return {draw(st.sampled_from(GAME_VALUES)): draw(st.sampled_from(("you", *PLAYERS)))}


def _chosen(kind: str) -> Data:
    """607.2d: the word for the choice its object made as it entered ("the chosen type")."""
    return {"chosen": kind}


def _value(draw: st.DrawFn, s: GeneratorSettings, texts: Sequence[str]) -> Any:
    if _chance(draw, s.weight("value-expression")):
        if _chance(draw, s.weight("game-state"), 6):
            return _game_value(draw)
        if _chance(draw, s.weight("values-from-objects"), 3):
            return _object_value(draw, texts)
        if draw(st.booleans()):
            return {"its": draw(st.sampled_from(("power", "toughness", "mana_value")))}
        return {"count": _filter(draw, texts)}
    return draw(st.integers(-2, 3))


def _part(draw: st.DrawFn, tag: str, s: GeneratorSettings, texts: Sequence[str], copyable: Sequence[str]) -> Data:
    """One effect part exercising ``tag``."""
    if tag == "layer-7c-modify":
        return {"op": "modify_pt", "power": _value(draw, s, texts), "toughness": _value(draw, s, texts)}
    if tag == "layer-7b-set":
        return {"op": "set_pt", "power": _value(draw, s, texts), "toughness": _value(draw, s, texts)}
    if tag == "layer-7d-switch":
        return {"op": "switch_pt"}
    if tag == "layer-2-control":
        return {"op": "set_controller", "player": draw(st.sampled_from((*PLAYERS, "you")))}
    if tag == "layer-3-text":
        a, b = draw(st.permutations(COLORS))[:2]
        return {"op": "replace_word", "from": a, "to": b}
    if tag == "land-types":
        return {"op": "set_land_subtype", "subtypes": [draw(st.sampled_from(LAND_SUBTYPES))]}
    if tag == "layer-5-color":
        op = draw(st.sampled_from(("add_colors", "set_colors")))
        return {"op": op, "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True))}
    if tag == "layer-6-abilities":
        op = draw(st.sampled_from(("add_abilities", "remove_abilities", "remove_all_abilities")))
        if op == "remove_all_abilities":
            return {"op": op}
        words = draw(st.lists(st.sampled_from(KEYWORDS + tuple(texts)), min_size=1, max_size=2, unique=True))
        return {"op": op, "abilities": words}
    if tag in ("layer-1-copy", "copy-exception"):
        out: Data = {"op": "copy_of", "object": draw(st.sampled_from(copyable))}
        if tag == "copy-exception":
            out["except"] = draw(
                st.sampled_from(
                    (
                        {"add_types": ["artifact"]},
                        {"power": 4, "toughness": 4},
                        {"colors": ["blue"]},
                        {"add_abilities": ["flying"]},
                    )
                )
            )
        return out
    if tag == "face-down":
        return {"op": "face_down"}
    if tag == "full-text":
        # 612.6: "has the full text of the top card of your graveyard" (Volrath's Shapeshifter): one card at most
        source: Data = {"zone": "graveyard", "owner": "you", "top_of_graveyard": True}
        if draw(st.booleans()):
            source["type"] = "creature"
        full: Data = {"op": "full_text_of", "from": source}
        if draw(st.booleans()):
            full["plus"] = [FULL_TEXT_PLUS]
        return full
    if tag == "abilities-of-others":
        # 613.1f: "has all activated abilities of ..." (Necrotic Ooze: the creature cards in all graveyards)
        others: list[Data] = [{"type": "creature", "other_than_source": True}, {"type": "artifact"}]
        if s.weight("other-zones"):
            others += [{"zone": "graveyard", "type": "creature"}, {"zone": "graveyard", "top_of_graveyard": True}]
        return {"op": "add_activated_abilities_of", "from": draw(st.sampled_from(others))}
    if tag == "lose-creature-types":
        return {"op": "remove_all_creature_types"}
    # layer-4-type
    kind = draw(st.integers(0, 4))
    if kind == 0:
        op = draw(st.sampled_from(("add_types", "remove_types", "set_types")))
        return {"op": op, "types": draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=2, unique=True))}
    if kind == 1:
        op = draw(st.sampled_from(("add_subtypes", "set_subtypes", "remove_subtypes")))
        return {"op": op, "subtypes": draw(st.lists(st.sampled_from(SUBTYPES), min_size=1, max_size=2, unique=True))}
    if kind == 2:
        return {"op": "all_creature_types"}
    if kind == 3:
        return {"op": draw(st.sampled_from(("add_supertypes", "remove_supertypes"))), "supertypes": ["legendary"]}
    return {"op": "add_types", "types": ["creature"]}


def _part_weight(s: GeneratorSettings, tag: str) -> int:
    """A part tag's weight; 0 when the part always shows a tag that is not allowed too.

    A full-text part is a layer-3 effect reading a graveyard card (612.6, 613.1c); "has all
    activated abilities of" is a layer-6 effect (613.1f).
    """
    if tag == "full-text" and not (s.weight("layer-3-text") and s.weight("other-zones")):
        return 0
    if tag == "abilities-of-others" and not s.weight("layer-6-abilities"):
        return 0
    return s.weight(tag)


def _parts(
    draw: st.DrawFn, s: GeneratorSettings, texts: Sequence[str], copyable: Sequence[str], resolved: bool
) -> list[Data]:
    options = [(t, _part_weight(s, t)) for t in PART_TAGS if resolved or t not in RESOLVED_ONLY]
    if not copyable:
        options = [(t, w) for t, w in options if t not in ("layer-1-copy", "copy-exception")]
    out = []
    for _ in range(draw(st.integers(1, 2))):
        tag = _weighted(draw, options)
        if tag is None:
            break
        out.append(_part(draw, tag, s, texts, copyable))
    return out


def _focused_filter(draw: st.DrawFn, focus: str, s: GeneratorSettings, texts: Sequence[str]) -> Data:
    """A filter reading what the focused layer writes, so same-layer effects depend on each other."""
    if focus == "type":
        if _chance(draw, s.weight("chosen-values"), 6):
            return {"subtype": _chosen("creature_type")}  # 607.2d: "creatures of the chosen type"
        if draw(st.booleans()):
            return {"subtype": draw(st.sampled_from(CREATURE_SUBTYPES))}
        return {"type": draw(st.sampled_from(("creature", "artifact")))}
    if focus == "color":
        if _chance(draw, s.weight("chosen-values"), 6):
            return {"color": _chosen("color")}
        return {"color": draw(st.sampled_from(COLORS))}
    if focus == "ability":
        if _chance(draw, _part_weight(s, "abilities-of-others"), 6):
            return {"has_ability": draw(st.sampled_from(ACTIVATED))}
        return {"has_ability": draw(st.sampled_from(KEYWORDS[:2] + tuple(texts)))}
    return {"type": "creature"}


def _focused_part(draw: st.DrawFn, focus: str, s: GeneratorSettings, texts: Sequence[str], static: bool = True) -> Data:
    """A part in the focused layer, writing what focused filters read.

    Only a static ability's part reads a choice (607.2d: its object's; a resolved effect has none).
    """
    chosen = s.weight("chosen-values") if static else 0
    if focus == "type":
        if _chance(draw, chosen, 6):
            return {"op": "add_subtypes", "subtypes": [_chosen("creature_type")]}  # "is the chosen type"
        if draw(st.booleans()):
            op = draw(st.sampled_from(("set_subtypes", "add_subtypes", "remove_subtypes")))
            return {"op": op, "subtypes": [draw(st.sampled_from(CREATURE_SUBTYPES))]}
        op = draw(st.sampled_from(("add_types", "remove_types")))
        return {"op": op, "types": [draw(st.sampled_from(("creature", "artifact")))]}
    if focus == "color":
        op = draw(st.sampled_from(("set_colors", "add_colors")))
        if _chance(draw, chosen, 6):
            return {"op": op, "colors": [_chosen("color")]}
        return {"op": op, "colors": [draw(st.sampled_from(COLORS))]}
    if focus == "ability":
        if _chance(draw, _part_weight(s, "abilities-of-others"), 6):
            if draw(st.booleans()):  # 613.1f: it has the activated abilities the others have (or are given) now
                return {"op": "add_activated_abilities_of", "from": {"type": "creature", "other_than_source": True}}
            return {"op": "add_abilities", "abilities": [draw(st.sampled_from(ACTIVATED))]}
        op = draw(st.sampled_from(("add_abilities", "remove_abilities", "remove_all_abilities")))
        if op == "remove_all_abilities":
            return {"op": op}
        return {"op": op, "abilities": [draw(st.sampled_from(KEYWORDS[:2] + tuple(texts)))]}
    counted: Any
    if s.weight("value-expression") and _chance(draw, s.weight("game-state"), 6):
        counted = _game_value(draw)
    elif s.weight("value-expression") and draw(st.booleans()):
        counted = draw(st.sampled_from(({"count": {"type": "creature"}}, {"its": "power"}, {"its": "toughness"})))
    else:
        counted = draw(st.integers(-1, 2))
    op = "set_pt" if s.weight("layer-7b-set") and draw(st.booleans()) else "modify_pt"
    if op == "modify_pt" and not s.weight("layer-7c-modify"):
        op = "set_pt"
    return {"op": op, "power": counted, "toughness": draw(st.integers(-1, 2))}


def ability_texts(s: GeneratorSettings) -> list[str]:
    """The wording of the static abilities a board can define (color words when text changes are allowed)."""
    words = (" white", " blue", "") if s.weight("layer-3-text") else ("", "", "")
    return [f"static {i}{words[i % 3]}" for i in range(s.max_abilities)]


@st.composite
def _ability(draw: st.DrawFn, s: GeneratorSettings, focus: str, texts: Sequence[str]) -> Data:
    """One static ability (its text is given by its position on the board)."""
    if focus != "mixed":
        ps = [_focused_part(draw, focus, s, texts) for _ in range(draw(st.integers(1, 2)))]
        return {"applies_to": _focused_filter(draw, focus, s, texts), "parts": ps}
    if _chance(draw, s.weight("layer-7a-cda"), 10):
        part = {"op": "set_pt", "power": _value(draw, s, texts), "toughness": _value(draw, s, texts)}
        return {"cda": True, "parts": [part]}
    if _chance(draw, s.weight("cda-first"), 3):
        # a CDA in an earlier layer (Changeling, Devoid): it applies before the layer's other effects (613.3)
        kind = _weighted(
            draw, [("layer-4-type", s.weight("layer-4-type")), ("layer-5-color", s.weight("layer-5-color"))]
        )
        if kind == "layer-4-type":
            return {"cda": True, "parts": [{"op": "all_creature_types"}]}
        if kind == "layer-5-color":
            return {
                "cda": True,
                "parts": [{"op": "set_colors", "colors": draw(st.lists(st.sampled_from(COLORS), max_size=1))}],
            }
    if _chance(draw, s.weight("chosen-values"), 6):
        return _chosen_ability(draw, s, texts)
    ps = _parts(draw, s, texts, [], resolved=False) or [{"op": "modify_pt", "power": 1, "toughness": 1}]
    out: Data = {"applies_to": _filter(draw, texts), "parts": ps}
    if _chance(draw, s.weight("conditional-static"), 3):
        # 611.3a: "as long as ...", checked whenever the effect would apply
        if _chance(draw, s.weight("game-state"), 4):
            out["condition"] = {"your_turn": draw(st.booleans())}  # 102.1: "as long as it's (not) your turn"
            return out
        left: Any = {"count": _leaf(draw, texts)}
        if _chance(draw, s.weight("values-from-objects"), 4):
            left = _object_value(draw, texts)
        op = draw(st.sampled_from((">=", "<", "==")))
        out["condition"] = {"left": left, "op": op, "right": draw(st.integers(0, 2))}
    return out


def _chosen_ability(draw: st.DrawFn, s: GeneratorSettings, texts: Sequence[str]) -> Data:
    """607.2d, 614.1c: a static ability reading its object's choice ("is the chosen type", "of the chosen color")."""
    kind = _weighted(draw, [("type", s.weight("layer-4-type")), ("color", s.weight("layer-5-color")), ("others", 2)])
    if kind == "type":  # Adaptive Automaton: "this creature is the chosen type in addition to its other types"
        return {"parts": [{"op": "add_subtypes", "subtypes": [_chosen("creature_type")]}]}
    if kind == "color":
        op = draw(st.sampled_from(("add_colors", "set_colors")))
        return {"parts": [{"op": op, "colors": [_chosen("color")]}]}
    # "other creatures you control of the chosen type get +1/+1", "creatures of the chosen color have ..."
    leaf: Data = {"subtype": _chosen("creature_type")} if draw(st.booleans()) else {"color": _chosen("color")}
    if draw(st.booleans()):
        leaf = {"type": "creature", "other_than_source": True, **leaf}
    ps = _parts(draw, s, texts, [], resolved=False) or [{"op": "modify_pt", "power": 1, "toughness": 1}]
    return {"applies_to": leaf, "parts": ps}


@st.composite
def _object(draw: st.DrawFn, s: GeneratorSettings, texts: Sequence[str]) -> Data:
    """One permanent's printed values, counters (timestamps are given later) and face-down status."""
    types = draw(st.lists(st.sampled_from(("creature", *TYPES)), min_size=1, max_size=2, unique=True))
    o: Data = {
        "controller": draw(st.sampled_from(PLAYERS)),
        "mana_value": draw(st.integers(0, 4)),
        "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True)),
        "types": types,
        "subtypes": draw(st.lists(st.sampled_from(SUBTYPES), max_size=2, unique=True)),
        "abilities": draw(st.lists(st.sampled_from(tuple(texts) * 2 + KEYWORDS), max_size=3, unique=True)),
    }
    if "creature" in types or draw(st.integers(0, 3)) == 0:
        o["power"] = draw(st.integers(0, 4))
        o["toughness"] = draw(st.integers(1, 4))
    kinds = [("+1/+1", s.weight("counters")), ("-1/-1", s.weight("counters"))]
    kinds.append(("flying", s.weight("keyword-counters")))
    counters: list[Data] = []
    for _ in range(draw(st.integers(0, 2))):
        kind = _weighted(draw, kinds)
        if kind is not None and all(c["kind"] != kind for c in counters):
            counters.append({"kind": kind, "count": draw(st.integers(1, 2))})
    if counters:
        o["counters"] = counters
    if _chance(draw, s.weight("face-down"), 20):
        o["face_down"] = True
    if _chance(draw, s.weight("mana-cost"), 8):
        # 202.1: a printed mana cost; the mana value is what it adds up to (202.3)
        generic = draw(st.integers(0, 3))
        symbols = "".join("{" + MANA_SYMBOL[c] + "}" for c in o["colors"])
        o["mana_cost"] = ("{" + str(generic) + "}" if generic or not symbols else "") + symbols
        o["mana_value"] = generic + len(o["colors"])
    if _chance(draw, s.weight("owner"), 8):
        o["owner"] = PLAYERS[1 - PLAYERS.index(o["controller"])]  # controlled by the other player
    if _chance(draw, s.weight("entry-choice"), 10):
        # 707.2, 613.2a: "as this enters, it becomes your choice of ..." (Primal Clay)
        o["entered_as"] = draw(
            st.sampled_from(
                (
                    {"power": 3, "toughness": 3, "add_types": ["artifact", "creature"]},
                    {"power": 2, "toughness": 2, "add_types": ["creature"], "add_abilities": ["flying"]},
                    {"add_subtypes": ["elf"]},
                )
            )
        )
    if _chance(draw, s.weight("double-faced"), 10):
        # 712: a double-faced card; its back face is up when transformed
        o["back_face"] = {
            "name": "Back face",
            "mana_value": 0,
            "colors": draw(st.lists(st.sampled_from(COLORS), max_size=1)),
            "types": ["creature"],
            "subtypes": draw(st.lists(st.sampled_from(CREATURE_SUBTYPES), max_size=1)),
            "power": draw(st.integers(1, 4)),
            "toughness": draw(st.integers(1, 4)),
            "abilities": draw(st.lists(st.sampled_from(KEYWORDS), max_size=1)),
        }
        if draw(st.booleans()):
            o["transformed"] = True
    if _chance(draw, _part_weight(s, "abilities-of-others"), 6):
        o["abilities"] = [*o["abilities"], draw(st.sampled_from(ACTIVATED))]  # 113.3b: "cost: effect"
    return o


@st.composite
def _effect(
    draw: st.DrawFn, s: GeneratorSettings, ids: Sequence[str], n_obj: int, texts: Sequence[str], focus: str = "mixed"
) -> Data:
    """One resolved effect: its objects and parts (a copy effect copies an object that is not one of its targets)."""
    battlefield = list(ids[:n_obj])
    targets = draw(st.lists(st.sampled_from(battlefield), min_size=1, max_size=len(battlefield), unique=True))
    # any object but a target: an effect's object does not copy itself (copies of each other across
    # effects still arise, and have an answer: each copy reads its original as it was, 707.2b)
    copyable = [i for i in ids if i not in targets]
    if focus != "mixed" and draw(st.booleans()):
        ps = [_focused_part(draw, focus, s, texts, static=False)]
    else:
        ps = _parts(draw, s, texts, copyable, resolved=True) or [{"op": "modify_pt", "power": 1, "toughness": 1}]
    return {"controller": draw(st.sampled_from(PLAYERS)), "applies_to": sorted(targets), "parts": ps}


def _later_step(
    draw: st.DrawFn,
    s: GeneratorSettings,
    n: int,
    now: int,
    out_objects: Sequence[Data],
    out_effects: Sequence[Data],
    battlefield: Sequence[str],
    faces: Sequence[str],
    creatures: Sequence[str],
    texts: Sequence[str],
    ids: Sequence[str],
    n_obj: int,
    game: bool = False,
) -> Data:
    """The ``n``-th step after the board, at time ``now``: one change (an effect ends or begins, counters, a turn,
    a zone change, state-based actions, the legend rule, a transform, a merge, the game state when read)."""
    later: int | None = now
    if _chance(draw, s.weight("rule-timestamps"), 4):
        later = None  # 613.7b-f: the step leaves the new timestamp to the rules (reference.clock)
    changes = [("end", 1 if out_effects else 0), ("counters", s.weight("counters")), ("late", 1)]
    changes.append(("turn", s.weight("turn-face-up-down")))
    changes.append(("move", s.weight("zone-change") if s.weight("other-zones") else 0))
    changes.append(("sba", s.weight("state-based-actions")))
    changes.append(("legend", s.weight("legend-rule") if s.weight("state-based-actions") else 0))
    changes.append(("transform", s.weight("double-faced") if faces else 0))
    changes.append(("merge", s.weight("merged") if creatures else 0))
    changes.append(("game", s.weight("game-state") if game else 0))
    change = _weighted(draw, changes)
    if change == "end":
        return {"description": "an effect ends", "end_effects": [draw(st.sampled_from(out_effects))["id"]]}
    elif change == "counters":
        oid = draw(st.sampled_from(battlefield))
        counters = [_stamped({"kind": "+1/+1", "count": draw(st.integers(1, 2))}, later)]
        return {"description": "counters change", "set_counters": {oid: counters}}
    elif change == "move":
        # 400.7: the permanent leaves the battlefield and becomes a new object (613.7d: a new timestamp)
        oid = draw(st.sampled_from(battlefield))
        step: Data = {
            "description": "a permanent leaves",
            "move": {oid: draw(st.sampled_from(("graveyard", "exile")))},
        }
        if later is not None:
            step["set_timestamp"] = {oid: later}
        return step
    elif change == "sba":
        # 704.3: state-based actions (toughness 0 or less, +1/+1 and -1/-1 counters) after -1/-1 counters
        oid = draw(st.sampled_from(battlefield))
        step = {"description": "state-based actions", "state_based_actions": True}
        if s.weight("counters") and draw(st.booleans()):
            step["set_counters"] = {oid: [_stamped({"kind": "-1/-1", "count": draw(st.integers(1, 3))}, later)]}
        return step
    elif change == "legend":
        # 704.5j: two legendary permanents with the same name and controller; one is kept
        who = draw(st.sampled_from(PLAYERS))
        legends = []
        for k in (1, 2):
            body = draw(_object(s, texts))
            for key in ("counters", "face_down", "owner", "back_face", "transformed", "entered_as"):
                body.pop(key, None)
            body.update(controller=who, supertypes=["legendary"])
            legends.append(_stamped({"id": f"legend{n + 1}-{k}", "name": "A Legend", **body}, later))
        keep = draw(st.sampled_from((f"legend{n + 1}-1", f"legend{n + 1}-2")))
        return {
            "description": "two legends with the same name; state-based actions",
            "add_objects": legends,
            "state_based_actions": True,
            "legend_rule_keeps": [keep],
        }
    elif change == "transform":
        return {
            "description": "a double-faced permanent transforms",
            "transform": {draw(st.sampled_from(faces)): now},
        }
    elif change == "merge":
        # 729: a mutating creature spell merges with a non-Human creature (over: its values on top)
        body = draw(_object(s, texts))
        for key in ("counters", "face_down", "owner", "back_face", "transformed", "entered_as"):
            body.pop(key, None)
        body.update(types=["creature"], power=body.get("power", 2), toughness=body.get("toughness", 2))
        spell = _stamped({"id": f"mutant{n + 1}", "name": "A Mutant", **body, "zone": "stack"}, later)
        how = {"onto": draw(st.sampled_from(creatures)), "position": draw(st.sampled_from(("over", "under")))}
        return {
            "description": "a mutating creature spell merges",
            "add_objects": [spell],
            "merge": {f"mutant{n + 1}": {**how, "timestamp": now}},
        }
    elif change == "game":
        # 102.1, 119.1, 402.1: the turn passes, a life total or a hand size changes (the others keep theirs)
        what = draw(st.sampled_from(("turn", "life", "hand")))
        if what == "turn":
            return {"description": "the turn passes", "game": {"turn": draw(st.sampled_from(PLAYERS))}}
        amount = draw(st.integers(0, 6)) if what == "life" else draw(st.integers(0, 3))
        return {"description": f"a player's {what} changes", "game": {what: {draw(st.sampled_from(PLAYERS)): amount}}}
    elif change == "turn":
        # 613.7f: a permanent turned face up or face down gets a new timestamp
        i = draw(st.integers(0, n_obj - 1))
        turn = "turn_face_up" if out_objects[i].get("face_down") else "turn_face_down"
        return {"description": turn.replace("_", " "), turn: {ids[i]: later}}
    else:
        late = draw(_effect(s, ids, n_obj, texts))
        late["parts"] = [p for p in late["parts"] if p["op"] not in ("copy_of", "face_down")] or [
            {"op": "modify_pt", "power": 1, "toughness": 1}
        ]
        return {"description": "a new effect", "add_effects": [_stamped({"id": f"e-late{n + 1}", **late}, later)]}


@st.composite
def _board(draw: st.DrawFn, s: GeneratorSettings) -> Data:
    """Corpus-format data for one generated board (expectations are filled in later).

    Abilities, objects and effects are hypothesis lists, so the shrinker deletes whole ones.
    """
    texts = ability_texts(s)
    focuses = [f for f, tag in FOCUS_TAG.items() if s.weight(tag)]
    focus_weight = s.weight("dependency") + s.weight("dependency-loop")
    focus = draw(st.sampled_from(focuses)) if focuses and _chance(draw, focus_weight, 4) else "mixed"
    least = min(2, s.max_abilities) if focus != "mixed" else 0
    specs = draw(st.lists(_ability(s, focus, texts), min_size=least, max_size=s.max_abilities))
    abilities = []
    for i, a in enumerate(specs):
        text = f"cda {i}" if a.get("cda") else texts[i]
        abilities.append({"text": text, **a})
    defined = [a["text"] for a in abilities]
    objects = draw(st.lists(_object(s, defined or texts), min_size=1, max_size=s.max_objects))
    n_obj = len(objects)
    in_other_zones = s.weight("value-expression") + s.weight("layer-1-copy") if s.weight("other-zones") else 0
    in_other_zones += s.weight("abilities-of-others") if s.weight("other-zones") else 0
    # 612.6: a full-text ability reads the top card of a graveyard, so the board has one
    full_text = any(p["op"] == "full_text_of" for a in abilities for p in a["parts"])
    if full_text or _chance(draw, in_other_zones, 12):
        grave = draw(_object(s, defined or texts))
        for key in ("counters", "face_down", "entered_as", "transformed"):
            grave.pop(key, None)
        zone = "graveyard" if full_text else draw(st.sampled_from(("graveyard", "exile")))
        objects.append({**grave, "zone": zone})
    ids = [f"o{i}" for i in range(1, len(objects) + 1)]
    if focus != "mixed":
        # every focused static ability is on some permanent, so its effect exists; a permanent's static
        # abilities share its timestamp (613.7a), and a board whose answer turns on such a tie is not
        # generated, so a focused ability goes to a permanent holding none yet when there is one
        for text in defined:
            if not any(text in o["abilities"] for o in objects[:n_obj]):
                free = [i for i in range(n_obj) if not set(defined) & set(objects[i]["abilities"])]
                objects[draw(st.sampled_from(free or range(n_obj)))]["abilities"].append(text)
    effects = draw(st.lists(_effect(s, ids, n_obj, defined or texts, focus), max_size=s.max_effects))
    n_counters = sum(len(o.get("counters", ())) for o in objects)
    stamps = draw(st.permutations(list(range(1, 1 + len(objects) + len(effects) + n_counters))))
    it = iter(stamps)
    out_objects: list[Data] = []
    for oid, o in zip(ids, objects, strict=True):
        body = {k: v for k, v in o.items() if k != "counters"}
        item: Data = {"id": oid, "name": f"Card {oid}", "timestamp": next(it), **body}
        if o.get("counters"):
            item["counters"] = [{**c, "timestamp": next(it)} for c in o["counters"]]
        out_objects.append(item)
    out_effects = [{"id": f"e{k}", "timestamp": next(it), **e} for k, e in enumerate(effects, start=1)]
    steps: list[Data] = [{"description": "the board", "expect": {}}]
    now = len(stamps) + 1  # the next timestamp
    extra: list[Data] = []  # ability definitions that are not static abilities (614.1c, 111.3)
    entering: list[Data] = []
    if _chance(draw, s.weight("entry-counters") if s.weight("counters") else 0, 6):
        # 614.1c, 614.12: a replacement effect gives creatures entering in the first step counters
        text, applies_to, n_counters = draw(st.sampled_from(ENTRY_ABILITIES))
        extra.append(
            {"text": text, "applies_to": copy.deepcopy(dict(applies_to)), "enters_with": {"+1/+1": n_counters}}
        )
        for k in range(1, draw(st.integers(1, 2)) + 1):
            body = draw(_object(s, defined or texts))
            for key in ("counters", "face_down", "back_face", "transformed", "entered_as"):
                body.pop(key, None)
            body["types"] = sorted({*body["types"], "creature"})
            body.setdefault("power", 1)
            body.setdefault("toughness", 1)
            entering.append({"id": f"enter{k}", "name": f"Card enter{k}", "timestamp": now, **body})
            now += 1
        holder = entering[0] if applies_to.get("is_source") else out_objects[draw(st.integers(0, n_obj - 1))]
        holder["abilities"] = [*holder["abilities"], text]
        steps[0]["add_objects"] = entering
    if _chance(draw, s.weight("created-tokens"), 6):
        # 111.3: an ability of a permanent creates tokens in the first step, read from its text then (612.2a)
        maker = draw(_token_maker())
        extra.append(maker)
        face_up = [i for i in range(n_obj) if not out_objects[i].get("face_down")]
        k = draw(st.sampled_from(face_up or range(n_obj)))
        out_objects[k]["abilities"] = [*out_objects[k]["abilities"], maker["text"]]
        tokens = []
        for j in range(1, draw(st.integers(1, 2)) + 1):
            tokens.append({"id": f"token{j}", "by": ids[k], "ability": maker["text"], "timestamp": now})
            now += 1
        steps[0]["create_tokens"] = tokens
    readers = {a["text"] for a in abilities if mentions_choice(a)}
    for o in [*out_objects[:n_obj], *entering]:
        if readers & set(o["abilities"]) and draw(st.integers(0, 3)) > 0:
            # 614.1c: "as this enters, choose a creature type / a color": its own choice (none: nothing chosen)
            o["chosen"] = {
                "creature_type": draw(st.sampled_from(CREATURE_SUBTYPES)),
                "color": draw(st.sampled_from(COLORS)),
            }
    reads_game = _reads_game([abilities, out_effects])
    if _chance(draw, s.weight("multi-step"), 10):
        battlefield = ids[:n_obj]
        faces = [oid for oid, o in zip(ids[:n_obj], objects[:n_obj], strict=True) if o.get("back_face")]
        creatures = [oid for oid, o in zip(ids[:n_obj], objects[:n_obj], strict=True) if "creature" in o["types"]]
        for n in range(draw(st.integers(1, 3))):  # later steps, each one change (hypothesis deletes whole ones)
            steps.append(
                _later_step(
                    draw,
                    s,
                    n,
                    now + n,
                    out_objects,
                    out_effects,
                    battlefield,
                    faces,
                    creatures,
                    defined or texts,
                    ids,
                    n_obj,
                    reads_game,
                )
            )
    out: Data = {
        "id": "generated",
        "title": "generated board",
        "status": "derived",
        "versions": [],
        "features": [],
        "sources": [{"kind": "derived", "ref": "mtg-layers conformance --generated"}],
    }
    if reads_game or _reads_game(steps):
        # 102.1, 119.1, 402.1: the active player, life totals and hand sizes the effects read
        out["game"] = {
            "turn": draw(st.sampled_from(PLAYERS)),
            "life": {p: draw(st.integers(1, 6)) for p in PLAYERS},
            "hand": {p: draw(st.integers(0, 3)) for p in PLAYERS},
        }
    return {**out, "abilities": abilities + extra, "objects": out_objects, "effects": out_effects, "steps": steps}


@st.composite
def _token_maker(draw: st.DrawFn) -> Data:
    """111.3, 111.4: an ability that creates a creature token, its color and type in its text (612.2a)."""
    color = draw(st.sampled_from(COLORS))
    subtype = draw(st.sampled_from(CREATURE_SUBTYPES))
    size = draw(st.integers(1, 3))
    keywords = draw(st.lists(st.sampled_from(KEYWORDS), max_size=1))
    named = draw(st.booleans())
    text = f"{{2}}: create a {size}/{size} {color} {subtype} creature token"
    text += f" with {keywords[0]}" if keywords else ""
    text += " named kin." if named else "."
    creates: Data = {
        "colors": [color],
        "types": ["creature"],
        "subtypes": [subtype],
        "abilities": keywords,
        "power": size,
        "toughness": size,
    }
    if named:
        creates["name"] = "Kin"
    return {"text": text, "creates": creates}


def _reads_game(data: Any) -> bool:
    """102.1, 119.1, 402.1: True when a value or condition somewhere in ``data`` reads the game state."""
    if isinstance(data, Mapping):
        return any(k in data for k in (*GAME_VALUES, "your_turn")) or any(_reads_game(v) for v in data.values())
    if isinstance(data, list):
        return any(_reads_game(v) for v in data)
    return False


def _stamped(item: Data, timestamp: int | None) -> Data:
    """``item`` with its timestamp, or without one (the rules assign it) when ``timestamp`` is None."""
    return item if timestamp is None else {**item, "timestamp": timestamp}


OBJECT_VALUES = ("counters", "source_counters", "devotion", "card_types_among")


def _reads_objects(value: Any) -> bool:
    """True when a value expression reads counters, devotion or card types among objects (values-from-objects)."""
    if isinstance(value, Mapping):
        return any(k in value for k in OBJECT_VALUES) or any(_reads_objects(v) for v in value.values())
    if isinstance(value, list):
        return any(_reads_objects(v) for v in value)
    return False


def content_tags(data: Mapping[str, Any]) -> set[str]:
    """The ingredient tags a board's data shows (operations, counters, face-down, CDAs, values, steps)."""
    tags: set[str] = set()
    parts: list[Mapping[str, Any]] = []
    for e in data.get("effects", ()):
        parts += e["parts"]
    for s in data["steps"]:
        for e in s.get("add_effects", ()):
            parts += e["parts"]
    every = list(data["objects"]) + [o for s in data["steps"] for o in s.get("add_objects", ())]
    texts_on_objects = {t for o in every for t in o.get("abilities", ())}
    for a in data.get("abilities", ()):
        if a["text"] in texts_on_objects:
            parts += a.get("parts", [])
            if a.get("enters_with"):
                tags.add("entry-counters")  # 614.1c: a replacement effect on entering objects
            if mentions_choice(a):
                tags.add("chosen-values")  # 607.2d: it reads its object's choice
            if a.get("cda"):
                tags.add("layer-7a-cda")
            if a.get("condition"):
                tags.add("conditional-static")
                if _reads_objects(a["condition"]):
                    tags.add("values-from-objects")
    for p in parts:
        op = p["op"]
        tags.update(_OP_TAGS.get(op, ("layer-4-type",) if "type" in op else ()))
        if op == "copy_of" and p.get("except"):
            tags.add("copy-exception")
        if any(isinstance(p.get(k), Mapping) for k in ("power", "toughness")):
            tags.add("value-expression")
        if _reads_objects([p.get("power"), p.get("toughness")]):
            tags.add("values-from-objects")
        if op == "remove_all_creature_types":
            tags.add("lose-creature-types")
    for o in every:
        for key, tag in (
            ("mana_cost", "mana-cost"),
            ("owner", "owner"),
            ("entered_as", "entry-choice"),
            ("back_face", "double-faced"),
            ("transformed", "double-faced"),
            ("chosen", "chosen-values"),
        ):
            if o.get(key) is not None:
                tags.add(tag)
    for s in data["steps"]:
        for key, tag in (
            ("move", "zone-change"),
            ("state_based_actions", "state-based-actions"),
            ("legend_rule_keeps", "legend-rule"),
            ("transform", "double-faced"),
            ("merge", "merged"),
            ("create_tokens", "created-tokens"),
            ("game", "game-state"),
        ):
            if s.get(key):
                tags.add(tag)
    for o in data["objects"]:
        if o.get("face_down"):
            tags.add("face-down")
        for c in o.get("counters", ()):
            tags.add("counters" if "/" in c["kind"] else "keyword-counters")
    for s in data["steps"]:
        for cs in s.get("set_counters", {}).values():
            if cs:
                tags.add("counters")
    if data.get("game"):
        tags.add("game-state")  # 102.1, 119.1, 402.1: the effects read the game state
    if len(data["steps"]) > 1:
        tags.add("multi-step")
    for s in data["steps"]:
        if s.get("turn_face_up") or s.get("turn_face_down"):
            tags.add("turn-face-up-down")
        if s.get("turn_face_down"):
            tags.add("face-down")
        # 613.7b-f: a timestamp left out (or null) is the time of the step (coverage.rule_timestamps)
        turned = [*s.get("turn_face_up", {}).values(), *s.get("turn_face_down", {}).values()]
        if (
            any("timestamp" not in e for e in s.get("add_effects", ()))
            or any("timestamp" not in o for o in s.get("add_objects", ()))
            or any("timestamp" not in c for cs in s.get("set_counters", {}).values() for c in cs)
            or any(t is None for t in turned)
        ):
            tags.add("rule-timestamps")
    return tags


def outcome_tags(res: Resolution, answers: Mapping[str, Mapping[str, Mapping[str, Any]]], data: Data) -> set[str]:
    """The outcome tags the reference's resolution shows (dependencies, loops, lock-in …)."""
    tags: set[str] = set()
    if res.edges:
        tags.add("dependency")
    if any(step.why.kind == "loop" for step in res.steps):
        tags.add("dependency-loop")
    if any(step.why.kind == "cda-first" for step in res.steps):
        tags.add("cda-first")
    if any(step.locked_from is not None for step in res.steps):
        tags.add("lock-in")
    seen: dict[str, set[str]] = {}
    for step in res.steps:
        touched = seen.setdefault(step.slot, set())
        if touched & set(step.affected):
            tags.add("timestamps")
        touched.update(step.affected)
    defined = {a["text"] for a in data.get("abilities", ()) if a.get("parts")}  # static abilities (611.3)
    every = list(data["objects"]) + [o for s in data["steps"] for o in s.get("add_objects", ())]
    printed = {o["id"]: set(o.get("abilities", ())) for o in every}
    final = answers[res.version]
    for r in final.values():  # counters an object entered with (614.1c) are the reference's to add
        tags.update("counters" if "/" in kind else "keyword-counters" for kind in r["counters"])
    granted = any((set(r["abilities"]) & defined) - printed.get(oid, set()) for oid, r in final.items())
    if res.skipped or granted:
        tags.add("static-existence")
    if len({json.dumps(a, sort_keys=True) for a in answers.values()}) > 1:
        tags.add("version-difference")
    # 305.6: a land with a basic land type has its intrinsic mana ability ("{t}: add {u}.")
    if any(
        _INTRINSIC.match(a) and a not in printed.get(oid, set()) for oid, r in final.items() for a in r["abilities"]
    ):
        tags.add("intrinsic-mana-abilities")
    if any(r["zone"] != "battlefield" for r in final.values()):
        tags.add("other-zones")  # 613.1: the engine must give characteristics in every zone
    return tags


_INTRINSIC = re.compile(r"^\{t\}: add \{[wubrgc]\}\.$")


def complete(data: Data, rules: str, s: GeneratorSettings, fallback: bool = False) -> Generated | None:
    """A board's tags, case and reference answers; None when it shows a tag that is not allowed (or none).

    With ``fallback``, a board the reference cannot answer under ``rules`` (a version that states
    neither form of a rule the board needs: 704.5j, 202.3b) is given the first of the allowed
    versions it can answer under, rather than thrown away.
    """
    data = {**data, "versions": [rules], "steps": [{**step, "expect": {rules: {}}} for step in data["steps"]]}
    tags = content_tags(data)
    if not tags or not tags <= s.permitted:
        return None  # no tag: printed values only, nothing of the layer system to test
    data["features"] = sorted(tags)
    try:
        case = case_from_data(data, "<generated>", schema_check=False)  # schema-valid by construction (tested)
        authoring.check_vocabulary(data)  # an adapter's loader may check the vocabulary (the reference's does)
    except (CorpusError, authoring.AuthoringError, KeyError, TypeError, ValueError):
        return None  # only a shrinking candidate can be invalid (an object removed that an effect names)
    if any(rule_timestamps(step) for step in case.steps):
        tags.add("rule-timestamps")  # 613.7b-f: a timestamp the step leaves to the rules
    answers: dict[str, dict[str, dict[str, Any]]] = {}
    resolution: Resolution | None = None
    rules_id = builtin_versions().canonical(rules)  # an alias (m10) names a dated profile
    for vid, version in builtin_versions().items():
        try:  # state-based actions read characteristics: the board depends on the version (704.3)
            board = board_at(case, len(data["steps"]), version)
            r = resolve(board, version)
        except ValueError:  # a version that states neither form of a rule the board needs (704.5j, 202.3b)
            continue
        answers[vid] = board_result(board, r.final)
        if vid == rules_id:
            resolution = r
            if r.undecided:
                # 613.7m: when the answer depends on an order the rules leave to a player (or do not
                # decide), an engine may give any of the outcomes, so the board cannot judge it. The
                # resolver's own choice counts as one more outcome (verify compares every outcome).
                found = outcomes(board, version)
                finals = {json.dumps(board_result(board, o.final), sort_keys=True) for o in found.outcomes}
                finals.add(json.dumps(answers[vid], sort_keys=True))
                if len(finals) > 1 or not found.complete:
                    return None
    if resolution is None:
        ok = [v for v in s.rules if builtin_versions().canonical(v) in answers]
        return complete(data, ok[0], s) if fallback and ok else None
    tags |= outcome_tags(resolution, answers, data)
    if not tags <= s.permitted:
        return None
    data["features"] = sorted(tags)
    case = dataclasses.replace(case, features=tuple(data["features"]))
    return Generated(data, case, rules, tuple(data["features"]), resolution, answers[rules_id])


def generated_boards(s: GeneratorSettings) -> st.SearchStrategy[Generated]:
    """Boards the adapter can take: every tag they show is allowed (others are rejected)."""

    @st.composite
    def build(draw: st.DrawFn) -> Generated:
        data = draw(_board(s))
        rules = draw(st.sampled_from(s.rules))
        g = complete(data, rules, s, fallback=True)
        if g is None:
            reject()
        assert g is not None
        return g

    return build()
