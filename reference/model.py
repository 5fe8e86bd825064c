"""The model: immutable values for objects, abilities, effects and boards (docs/design.md, "The model").

Nothing here applies a rule; the rule modules read these values and return new ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .frozen import FrozenMap as FrozenMap  # re-exported: the model's immutable mapping

Timestamp = float

# The characteristics a copy effect copies (707.2): everything but controller and status.
COPIED_FIELDS = (
    "name",
    "mana_value",
    "colors",
    "types",
    "subtypes",
    "supertypes",
    "all_creature_types",
    "abilities",
    "power",
    "toughness",
    "mana_cost",
)


@dataclass(frozen=True)
class Characteristics:
    """An object's characteristics (109.3) plus its controller, at some point of the layer process."""

    name: str | None
    mana_value: int
    colors: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    abilities: frozenset[str]
    power: int | None
    toughness: int | None
    controller: str
    all_creature_types: bool = False
    # 612: word replacements made in this object's text, in the order they were made.
    text_changes: tuple[tuple[str, str], ...] = ()
    # 613.7a: abilities granted by an effect, with that effect's timestamp.
    granted: FrozenMap = field(default_factory=FrozenMap)
    face_down: bool = False
    # 202.1: the mana symbols printed in the upper right corner, as Oracle writes them ("{2}{R}"); None: no cost.
    mana_cost: str | None = None
    # 305.6: the abilities it has only because of its basic land types ("{t}: add {g}." for a Forest)
    intrinsic: frozenset[str] = frozenset()
    # 205.1a: subtypes (and "every creature type") set aside while the card type they go with is removed;
    # they are back as soon as an effect gives that card type back. Not a characteristic of its own.
    aside_subtypes: frozenset[str] = frozenset()
    aside_all_creature_types: bool = False

    def with_(self, **changes: Any) -> Characteristics:
        """A copy with some values changed (``dataclasses.replace`` without its cost)."""
        unknown = changes.keys() - _CHARACTERISTICS_FIELDS
        if unknown:
            raise TypeError(f"Characteristics has no field(s) {sorted(unknown)}")
        new = object.__new__(Characteristics)
        values = new.__dict__
        values.update(self.__dict__)
        values.update(changes)
        return new


_CHARACTERISTICS_FIELDS = frozenset(f.name for f in fields(Characteristics))


@dataclass(frozen=True)
class Counter:
    """Counters of one kind on an object (122.1), with their timestamp (613.7c)."""

    kind: str
    count: int
    timestamp: Timestamp


@dataclass(frozen=True)
class GameObject:
    """An object as the case gives it: printed (or token-defined) values and game state."""

    id: str
    printed: Characteristics
    owner: str
    timestamp: Timestamp
    zone: str = "battlefield"
    token: bool = False
    face_down: bool = False
    # 708.2: characteristics the face-down rule lists for it (defaults from 708.2a).
    face_down_values: FrozenMap = field(default_factory=FrozenMap)
    # 613.7f, 707.2b: each time it was turned face up or down: (the timestamp it got, face down after).
    face_history: tuple[tuple[Timestamp, bool], ...] = ()
    attached_to: str | None = None
    counters: tuple[Counter, ...] = ()
    card: str | None = None
    # 607.2a: the object whose ability exiled this card ("cards exiled with it")
    exiled_with: str | None = None
    # 707.2, 613.2a: the values an "as this enters" choice gave it (power, toughness, add_types,
    # add_subtypes, add_abilities); part of its copiable values
    entered_as: FrozenMap = field(default_factory=FrozenMap)
    # 712: the printed values of a double-faced card's back face (None: not double-faced)
    back_face: Characteristics | None = None
    # 712, 701.28: its back face is up (it transformed, or entered transformed)
    transformed: bool = False
    # 613.7g, 707.2b: each time it transformed: (the timestamp it got, back face up after)
    transform_history: tuple[tuple[Timestamp, bool], ...] = ()
    # 729, 702.140: the objects merged with it (mutate), in the order they merged
    merges: tuple[Merge, ...] = ()
    # 614.1c, 607.2d: what it chose as it entered ("choose a creature type": creature_type, color, name);
    # the object's own, read by its abilities' {"chosen": ...} words, never a copiable value (707.2)
    chosen: FrozenMap = field(default_factory=FrozenMap)
    # 712.3, 712.8f: a modal double-faced card: the face cast or played stays up (``transformed``: its back
    # face), and with its back face up it has that face's own mana value (not its front face's, 202.3b)
    modal: bool = False
    # 123, 613.7k: the stickers on it (name, ability, power/toughness), each with its timestamp; kept as it
    # moves to a public zone (123.5), never a copiable value (707.2)
    stickers: tuple[Sticker, ...] = ()
    # 701.37b: the permanent is monstrous (a designation, not an ability nor a copiable value; a new object
    # after a zone change is not, 400.7)
    monstrous: bool = False
    # 710.1b: a flip card's alternative half (name, type line, text, power/toughness; None: not a flip card)
    flip_face: Characteristics | None = None
    # 710.2-710.3, 110.5: the permanent is flipped (a status: not copiable, lost when it leaves the battlefield)
    flipped: bool = False


@dataclass(frozen=True)
class Sticker:
    """123.1: a sticker on an object: a name (123.6), ability (123.7) or power/toughness (123.8) sticker."""

    kind: str  # "name" | "ability" | "pt"
    timestamp: Timestamp  # 613.7k
    word: str | None = None  # 123.6: a name sticker's word
    position: int = 0  # 123.6b-c: how many words of the name came before it when it was put on
    ability: str | None = None  # 123.7: an ability sticker's ability (a wording of the case)
    power: int | None = None  # 123.8: a power/toughness sticker's values
    toughness: int | None = None


@dataclass(frozen=True)
class Part:
    """One operation of an effect; it lands in exactly one slot of a rules version."""

    op: str
    args: FrozenMap = field(default_factory=FrozenMap)


@dataclass(frozen=True)
class AbilityDef:
    """What a static ability (611.3) or characteristic-defining ability (604.3) does.

    Any object that has the wording ``text`` among its abilities generates this effect.
    """

    text: str
    cda: bool
    applies_to: Any  # a filter (reference.filters), evaluated against the current state
    parts: tuple[Part, ...]
    # 611.3a, 604.3a(5): "as long as ...": a comparison of two values, checked whenever the effect would apply
    condition: Any = None
    # 614.1c, 614.12: "... enters with an additional counter": counter kind -> count, put on each object
    # entering the battlefield that ``applies_to`` matches as it would exist there (reference.entry)
    enters_with: FrozenMap | None = None
    # 111.3, 111.4, 612.2a: an ability that creates a token: the token's defining values (reference.tokens)
    creates: FrozenMap | None = None
    # 113.6, 113.6b, 114.4: the zones it functions in when its text (or the emblem it is on) says so
    # ("as long as this card is in your graveyard": graveyard); None: the battlefield (a CDA: everywhere, 604.3)
    functions_in: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Effect:
    """A continuous effect from a resolved spell or ability (611.2): fixed set of objects (611.2c)."""

    id: str
    timestamp: Timestamp
    applies_to: tuple[str, ...]
    parts: tuple[Part, ...]
    controller: str | None = None
    source: str | None = None
    description: str = ""


@dataclass(frozen=True)
class Board:
    """Everything the resolver needs: objects in all zones, resolved effects, ability definitions."""

    objects: Mapping[str, GameObject]
    effects: tuple[Effect, ...]
    abilities: Mapping[str, AbilityDef]
    # 613.7m: the order players chose for timestamps the rules leave tied (object or effect ids,
    # earliest first); ties it does not decide are reported, never broken by id.
    tie_order: tuple[str, ...] = ()
    # 119, 500.1, 402: the game state values effects read (reference.game_state): "turn" (the active
    # player), "life" and "hand" (player -> life total, cards in hand)
    game: FrozenMap = field(default_factory=FrozenMap)
    # 614.12: the object being looked at as it would exist on the battlefield (reference.entry):
    # the static abilities of other objects do not apply to it yet; everything else is as it is
    entering: str | None = None
    # 614.12: the objects whose static abilities do not reach ``entering`` yet: None, every other object's (the
    # reading before Ixalan); otherwise only these (objects entering at the same time: their effects do not exist yet)
    entering_aside: frozenset[str] | None = None

    def on_battlefield(self) -> tuple[str, ...]:
        """Ids of the objects on the battlefield, in id order."""
        return tuple(sorted(i for i, o in self.objects.items() if o.zone == "battlefield"))


# The state during the layer process: battlefield object id -> current characteristics.
State = Mapping[str, Characteristics]


@dataclass(frozen=True)
class Merge:
    """729 (721 in 2020, 725 in 2023): an object merged with a permanent, over or under its components."""

    timestamp: Timestamp  # when it merged, on the timestamp scale (707.2b); it gives no object a new timestamp
    over: bool  # True: on top (the merged permanent takes its characteristics), False: at the bottom
    component: GameObject
