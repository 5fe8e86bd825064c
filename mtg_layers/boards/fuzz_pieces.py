"""The pieces of a generated board for fuzzing, each drawn by hypothesis: filters, values, effect parts,
static abilities, objects, resolved effects and token makers, each exercising a feature tag.

How often each piece is drawn follows the tag weights of the settings (``fuzz_settings``); a
piece always shrinks towards the simplest one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from reference.fixed_amounts import AMOUNT_OPS, reads_its_object
from reference.vocabulary import subtype_fits

from .fuzz_settings import GeneratorSettings
from .vocabulary import COLORS, CREATURE_SUBTYPES, KEYWORDS, LAND_SUBTYPES, PLAYERS, SUBTYPES, TYPES, Data

MANA_SYMBOL = {"white": "W", "blue": "U", "black": "B"}
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
# 119.1, 402.1: the game-state values a value expression reads.
GAME_VALUES = ("life", "cards_in_hand")


def weighted(draw: st.DrawFn, options: Sequence[tuple[str, int]]) -> str | None:
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


def chance(draw: st.DrawFn, weight: int, per: int = 8) -> bool:
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
    if chance(draw, s.weight("value-expression")):
        if chance(draw, s.weight("game-state"), 6):
            return _game_value(draw)
        if chance(draw, s.weight("values-from-objects"), 3):
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
        tag = weighted(draw, options)
        if tag is None:
            break
        out.append(_part(draw, tag, s, texts, copyable))
    return out


def _focused_filter(draw: st.DrawFn, focus: str, s: GeneratorSettings, texts: Sequence[str]) -> Data:
    """A filter reading what the focused layer writes, so same-layer effects depend on each other."""
    if focus == "type":
        if chance(draw, s.weight("chosen-values"), 6):
            return {"subtype": _chosen("creature_type")}  # 607.2d: "creatures of the chosen type"
        if draw(st.booleans()):
            return {"subtype": draw(st.sampled_from(CREATURE_SUBTYPES))}
        return {"type": draw(st.sampled_from(("creature", "artifact")))}
    if focus == "color":
        if chance(draw, s.weight("chosen-values"), 6):
            return {"color": _chosen("color")}
        return {"color": draw(st.sampled_from(COLORS))}
    if focus == "ability":
        if chance(draw, _part_weight(s, "abilities-of-others"), 6):
            return {"has_ability": draw(st.sampled_from(ACTIVATED))}
        return {"has_ability": draw(st.sampled_from(KEYWORDS[:2] + tuple(texts)))}
    return {"type": "creature"}


def _focused_part(draw: st.DrawFn, focus: str, s: GeneratorSettings, texts: Sequence[str], static: bool = True) -> Data:
    """A part in the focused layer, writing what focused filters read.

    Only a static ability's part reads a choice (607.2d: its object's; a resolved effect has none).
    """
    chosen = s.weight("chosen-values") if static else 0
    if focus == "type":
        if chance(draw, chosen, 6):
            return {"op": "add_subtypes", "subtypes": [_chosen("creature_type")]}  # "is the chosen type"
        if draw(st.booleans()):
            op = draw(st.sampled_from(("set_subtypes", "add_subtypes", "remove_subtypes")))
            return {"op": op, "subtypes": [draw(st.sampled_from(CREATURE_SUBTYPES))]}
        op = draw(st.sampled_from(("add_types", "remove_types")))
        return {"op": op, "types": [draw(st.sampled_from(("creature", "artifact")))]}
    if focus == "color":
        op = draw(st.sampled_from(("set_colors", "add_colors")))
        if chance(draw, chosen, 6):
            return {"op": op, "colors": [_chosen("color")]}
        return {"op": op, "colors": [draw(st.sampled_from(COLORS))]}
    if focus == "ability":
        if chance(draw, _part_weight(s, "abilities-of-others"), 6):
            if draw(st.booleans()):  # 613.1f: it has the activated abilities the others have (or are given) now
                return {"op": "add_activated_abilities_of", "from": {"type": "creature", "other_than_source": True}}
            return {"op": "add_abilities", "abilities": [draw(st.sampled_from(ACTIVATED))]}
        op = draw(st.sampled_from(("add_abilities", "remove_abilities", "remove_all_abilities")))
        if op == "remove_all_abilities":
            return {"op": op}
        return {"op": op, "abilities": [draw(st.sampled_from(KEYWORDS[:2] + tuple(texts)))]}
    counted: Any
    if s.weight("value-expression") and chance(draw, s.weight("game-state"), 6):
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
def static_ability(draw: st.DrawFn, s: GeneratorSettings, focus: str, texts: Sequence[str]) -> Data:
    """One static ability (its text is given by its position on the board)."""
    if focus != "mixed":
        ps = [_focused_part(draw, focus, s, texts) for _ in range(draw(st.integers(1, 2)))]
        return {"applies_to": _focused_filter(draw, focus, s, texts), "parts": ps}
    if chance(draw, s.weight("layer-7a-cda"), 10):
        part = {"op": "set_pt", "power": _value(draw, s, texts), "toughness": _value(draw, s, texts)}
        return {"cda": True, "parts": [part]}
    if chance(draw, s.weight("cda-first"), 3):
        # a CDA in an earlier layer (Changeling, Devoid): it applies before the layer's other effects (613.3)
        kind = weighted(
            draw, [("layer-4-type", s.weight("layer-4-type")), ("layer-5-color", s.weight("layer-5-color"))]
        )
        if kind == "layer-4-type":
            return {"cda": True, "parts": [{"op": "all_creature_types"}]}
        if kind == "layer-5-color":
            return {
                "cda": True,
                "parts": [{"op": "set_colors", "colors": draw(st.lists(st.sampled_from(COLORS), max_size=1))}],
            }
    if chance(draw, s.weight("chosen-values"), 6):
        return _chosen_ability(draw, s, texts)
    ps = _parts(draw, s, texts, [], resolved=False) or [{"op": "modify_pt", "power": 1, "toughness": 1}]
    out: Data = {"applies_to": _filter(draw, texts), "parts": ps}
    if chance(draw, s.weight("conditional-static"), 3):
        # 611.3a: "as long as ...", checked whenever the effect would apply
        if chance(draw, s.weight("game-state"), 4):
            out["condition"] = {"your_turn": draw(st.booleans())}  # 102.1: "as long as it's (not) your turn"
            return out
        left: Any = {"count": _leaf(draw, texts)}
        if chance(draw, s.weight("values-from-objects"), 4):
            left = _object_value(draw, texts)
        op = draw(st.sampled_from((">=", "<", "==")))
        out["condition"] = {"left": left, "op": op, "right": draw(st.integers(0, 2))}
    return out


def _chosen_ability(draw: st.DrawFn, s: GeneratorSettings, texts: Sequence[str]) -> Data:
    """607.2d, 614.1c: a static ability reading its object's choice ("is the chosen type", "of the chosen color")."""
    kind = weighted(draw, [("type", s.weight("layer-4-type")), ("color", s.weight("layer-5-color")), ("others", 2)])
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
def printed_object(draw: st.DrawFn, s: GeneratorSettings, texts: Sequence[str]) -> Data:
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
    # 205.3d: a card's printed subtypes are those its card types allow (no elf on a noncreature): drawn as
    # before, so the same seed draws the same boards, and the ones no card could have are left out
    o["subtypes"] = [x for x in o["subtypes"] if subtype_fits(x, frozenset(types))]
    if "creature" in types or draw(st.integers(0, 3)) == 0:
        o["power"] = draw(st.integers(0, 4))
        o["toughness"] = draw(st.integers(1, 4))
    kinds = [("+1/+1", s.weight("counters")), ("-1/-1", s.weight("counters"))]
    kinds.append(("flying", s.weight("keyword-counters")))
    counters: list[Data] = []
    for _ in range(draw(st.integers(0, 2))):
        kind = weighted(draw, kinds)
        if kind is not None and all(c["kind"] != kind for c in counters):
            counters.append({"kind": kind, "count": draw(st.integers(1, 2))})
    if counters:
        o["counters"] = counters
    if chance(draw, s.weight("face-down"), 20):
        o["face_down"] = True
    if chance(draw, s.weight("mana-cost"), 8):
        # 202.1: a printed mana cost; the mana value is what it adds up to (202.3)
        generic = draw(st.integers(0, 3))
        symbols = "".join("{" + MANA_SYMBOL[c] + "}" for c in o["colors"])
        o["mana_cost"] = ("{" + str(generic) + "}" if generic or not symbols else "") + symbols
        o["mana_value"] = generic + len(o["colors"])
    if chance(draw, s.weight("owner"), 8):
        o["owner"] = PLAYERS[1 - PLAYERS.index(o["controller"])]  # controlled by the other player
    if chance(draw, s.weight("entry-choice"), 10):
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
        if not subtype_fits("elf", frozenset(types)):  # 205.3d: no card makes a noncreature an elf as it enters
            del o["entered_as"]
    if chance(draw, s.weight("double-faced"), 10):
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
    if chance(draw, _part_weight(s, "abilities-of-others"), 6):
        o["abilities"] = [*o["abilities"], draw(st.sampled_from(ACTIVATED))]  # 113.3b: "cost: effect"
    return o


@st.composite
def resolved_effect(
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
    if any(p["op"] in AMOUNT_OPS and reads_its_object([p.get("power"), p.get("toughness")]) for p in ps):
        targets = targets[:1]  # 611.2d: an X read off its object is fixed as one number, for one object
    return {"controller": draw(st.sampled_from(PLAYERS)), "applies_to": sorted(targets), "parts": ps}


@st.composite
def token_maker(draw: st.DrawFn) -> Data:
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
