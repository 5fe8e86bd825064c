"""Indexes over the objects of one resolution: an effect's objects found by set operations (issue 39).

Each object gets a position; each fact a filter asks about (a card type, a subtype, a supertype, a
color, a controller, a name, an ability, a zone, an owner, a counter kind, token, face down...) gets
a bitset (a Python int) of the positions of the objects that have it now. The bookkeeping keeps the
bitsets up to date as the layers apply (``update``): only the objects a step changed are moved, and
objects alike move together.

``matching`` answers ``reference.filters.objects_matching`` for a filter from the bitsets: where every
key of the filter is one the bitsets answer exactly, by set operations alone; where some keys are not
(a mana value, a shared creature type, an attachment...), the bitsets narrow the objects and the
compiled filter is asked about those only. A filter the bitsets cannot read safely (an unknown key, a
value that is not what its key expects) gets None: the caller tests every object, and raises what the
readable filter raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import compress
from typing import Any

from reference.filters import Context, player_named
from reference.model import Board, Characteristics
from reference.vocabulary import is_creature_type

from .compiled_filters import zone_named

Key = tuple[Any, ...]

# The characteristics the bitsets read: a step that changes none of them leaves them as they are.
INDEXED = frozenset(
    {"name", "colors", "types", "subtypes", "supertypes", "abilities", "controller", "all_creature_types", "face_down"}
)

# Keys that can be left to the compiled filter on the narrowed objects: their tests cannot raise.
_RESIDUAL = frozenset(
    {"attached_to_source", "exiled_with_source", "top_of_graveyard", "shares_creature_type_with", "is_it"}
)
# (``mask``: a set of at most this many objects is summed at once, not looked up)
_MASK_KEPT_FROM = 8
_FLAGS = {"token": ("token",), "monstrous": ("monstrous",), "face_down": ("face_down",)}

# A bitset with at least one position in this many set is read digit by digit in one pass (``members``); the digits
# "0" and "1" as the bytes 0 and 1 (false and true)
_DENSE = 16
_DIGITS = bytes.maketrans(b"01", b"\x00\x01")

_ALL_TYPES = ("all_creature_types",)
_COLORLESS = ("colorless",)
_MULTICOLORED = ("multicolored",)


def facts(ch: Characteristics) -> set[Key]:
    """611.3a: the facts about one object's characteristics that filters ask about (``filters.matches``)."""
    out: set[Key] = {("name", ch.name), ("controller", ch.controller)}
    out.update(("type", t) for t in ch.types)
    out.update(("subtype", s) for s in ch.subtypes)
    out.update(("supertype", s) for s in ch.supertypes)
    out |= color_facts(ch.colors)
    out.update(("has_ability", a) for a in ch.abilities)
    if ch.all_creature_types:
        out.add(_ALL_TYPES)
    if ch.face_down:
        out.add(("face_down",))
    return out


def color_facts(colors: frozenset[str]) -> set[Key]:
    """105.2, 105.2a, 105.2c: an object's colors, and whether it is colorless or multicolored."""
    out: set[Key] = {("color", c) for c in colors}
    if not colors:
        out.add(_COLORLESS)
    elif len(colors) > 1:
        out.add(_MULTICOLORED)
    return out


_SETS = (("types", "type"), ("subtypes", "subtype"), ("supertypes", "supertype"), ("abilities", "has_ability"))


def moved_facts(old: Characteristics, new: Characteristics) -> tuple[list[Key], list[Key]]:
    """611.3a: the facts (``facts``) an object loses and gains when its characteristics go from old to new."""
    lost: list[Key] = []
    gained: list[Key] = []
    if old is new:
        return lost, gained
    for field, key in _SETS:
        was, now = getattr(old, field), getattr(new, field)
        if was is not now and was != now:
            lost.extend((key, v) for v in was - now)
            gained.extend((key, v) for v in now - was)
    if old.colors != new.colors:
        was_colors, now_colors = color_facts(old.colors), color_facts(new.colors)
        lost.extend(was_colors - now_colors)
        gained.extend(now_colors - was_colors)
    for field, key in (("name", "name"), ("controller", "controller")):
        was, now = getattr(old, field), getattr(new, field)
        if was != now:
            lost.append((key, was))
            gained.append((key, now))
    for field, flag in (("all_creature_types", _ALL_TYPES), ("face_down", ("face_down",))):
        was, now = getattr(old, field), getattr(new, field)
        if was != now:
            (gained if now else lost).append(flag)
    return lost, gained


# by the two values' identities: the values (held) and what an object moved from one to the other loses and gains,
# for every resolution (``moved_facts`` reads the two values alone); emptied past this many
_MOVED: dict[tuple[int, int], tuple[Characteristics, Characteristics, list[Key], list[Key]]] = {}
_MOVED_KEPT = 20_000


def kept_moved_facts(old: Characteristics, new: Characteristics) -> tuple[list[Key], list[Key]]:
    """611.3a: ``moved_facts`` of the two values, read once for every resolution (the lists are never changed)."""
    held = _MOVED.get((id(old), id(new)))
    if held is None or held[0] is not old or held[1] is not new:
        if len(_MOVED) > _MOVED_KEPT:
            _MOVED.clear()
        held = _MOVED[(id(old), id(new))] = (old, new, *moved_facts(old, new))
    return held[2], held[3]


class Indexes:
    """Bitsets over object positions, one per fact, for the current characteristics of a resolution."""

    def __init__(self, board: Board, state: Mapping[str, Characteristics]) -> None:
        """109.2, 611.3a: every object's position and the facts it has now (zone, owner, counters: board facts)."""
        self.board = board
        self.ids: list[str] = sorted(board.objects)
        self.pos: dict[str, int] = {i: n for n, i in enumerate(self.ids)}
        self.bit: dict[str, int] = {}  # each object's own bitset (its position alone), made once
        self.id_set = frozenset(self.ids)  # (``mask``: the objects a class leaves out, when it holds most)
        self.bits: dict[Key, int] = {}
        self.universe = 0
        self.members_memo: dict[int, frozenset[str]] = {}
        self.mask_memo: dict[frozenset[str], int] = {}  # (``mask``: a set of objects' bitset, by the set)
        # objects alike (one characteristics value, the same board facts) get their facts once and one bitset
        groups: dict[tuple[Any, ...], tuple[Characteristics, Any, int]] = {}
        for n, i in enumerate(self.ids):
            obj = board.objects[i]
            bit = self.bit[i] = 1 << n
            if obj.zone != "battlefield" or i in state:  # objects_matching's objects
                self.universe |= bit
            ch = state.get(i, obj.printed)
            counters = frozenset(c.kind for c in obj.counters if c.count > 0) if obj.counters else frozenset()
            key = (id(ch), obj.zone, obj.owner, counters, obj.token, obj.monstrous)
            group = groups.get(key)
            groups[key] = (ch, obj, bit) if group is None else (ch, obj, group[2] | bit)
        bits = self.bits
        for (_, zone, owner, counters, token, monstrous), (ch, _, mask) in groups.items():
            keys = facts(ch)
            keys.add(("zone", zone))
            keys.add(("owner", owner))
            keys.update(("has_counter", c) for c in counters)
            if token:
                keys.add(("token",))
            if monstrous:
                keys.add(("monstrous",))
            for k in keys:
                bits[k] = bits.get(k, 0) | mask

    def update(self, moved: Iterable[tuple[str, Characteristics, Characteristics]]) -> None:
        """613.1: move the objects a step changed (id, before, after; each once) to their new facts, alike together."""
        groups: dict[tuple[int, int], tuple[Characteristics, Characteristics, list[str]]] = {}
        for i, old, new in moved:
            g = groups.get((id(old), id(new)))
            if g is None:
                groups[(id(old), id(new))] = (old, new, [i])
            else:
                g[2].append(i)
        self.update_classes((old, new, self.mask(ids)) for old, new, ids in groups.values())

    def mask(self, ids: Iterable[str]) -> int:
        """The bitset of the objects' positions (each object once: the sum of their positions is their union); for a
        set holding most objects, every position less those of the objects it leaves out (fewer sums). A set of more
        than a few objects is kept with its bitset (the positions are the board's: every copy reads the same)."""
        if not isinstance(ids, (set, frozenset)) or len(ids) <= _MASK_KEPT_FROM:
            return sum(map(self.bit.__getitem__, ids))
        key = frozenset(ids)  # (a frozenset is its own)
        found = self.mask_memo.get(key)
        if found is None:
            if len(self.mask_memo) > 2048:
                self.mask_memo.clear()
            if len(ids) * 2 > len(self.ids) and ids <= self.id_set:
                found = ((1 << len(self.ids)) - 1) ^ sum(map(self.bit.__getitem__, self.id_set - ids))
            else:
                found = sum(map(self.bit.__getitem__, ids))
            self.mask_memo[key] = found
        return found

    def update_classes(self, moves: Iterable[tuple[Characteristics, Characteristics, int]]) -> None:
        """613.1: move classes of objects (value before, value after, their positions' bitset), one after another.

        Each class's objects hold its value before when it moves: they lose that value's facts the other lacks and
        gain the other's (``moved_facts``); classes moved in the order their steps changed them leave every bitset
        as the objects' last values give it, as moving each object once from its first value to its last does."""
        bits = self.bits
        for old, new, mask in moves:
            lost, gained = kept_moved_facts(old, new)
            for k in lost:
                bits[k] &= ~mask
            for k in gained:
                bits[k] = bits.get(k, 0) | mask

    def _copy(self) -> Indexes:
        """The same positions and facts, in bitsets of its own (moved without moving these)."""
        new = object.__new__(Indexes)
        new.board, new.ids, new.pos, new.bit, new.universe = self.board, self.ids, self.pos, self.bit, self.universe
        new.id_set = self.id_set
        new.members_memo = self.members_memo  # the same positions: the same ids
        new.mask_memo = self.mask_memo
        new.bits = dict(self.bits)
        return new

    def moved(self, moves: Iterable[tuple[str, Characteristics, Characteristics]]) -> Indexes:
        """613.8a: the bitsets once some objects are moved (a trial application), these left as they are."""
        new = self._copy()
        new.update(moves)
        return new

    def moved_classes(self, moves: Iterable[tuple[Characteristics, Characteristics, Iterable[str]]]) -> Indexes:
        """613.8a: as ``moved``, for moves made class by class (value before, value after, the objects)."""
        new = self._copy()
        new.update_classes((old, now, self.mask(objs)) for old, now, objs in moves)
        return new

    def members(self, bits: int) -> frozenset[str]:
        """The ids of the objects at the bitset's positions (one set per distinct bitset, kept)."""
        found = self.members_memo.get(bits)
        if found is None:
            if len(self.members_memo) > 2048:
                self.members_memo.clear()
            ids = self.ids
            digits = bin(bits)[:1:-1]  # lowest position first
            if bits.bit_count() * _DENSE >= len(digits):
                # many positions set: each id kept or not by its digit (0 or 1), in one pass
                found = frozenset(compress(ids, digits.encode().translate(_DIGITS)))
            else:
                out = []
                p = digits.find("1")
                while p >= 0:
                    out.append(ids[p])
                    p = digits.find("1", p + 1)
                found = frozenset(out)
            self.members_memo[bits] = found
        return found

    def matching(
        self, filt: Any, ctx: Context, anywhere: bool, test: Callable[[str, Context], bool]
    ) -> frozenset[str] | None:
        """109.2, 611.3a: as ``filters.objects_matching`` (``test`` is the compiled filter), or None when unread."""
        try:
            found = self._of(filt, ctx)
        except TypeError:  # an unhashable value: the filter is tested object by object
            return None
        if found is None:
            return None
        bits, exact = found
        if not (anywhere or zone_named(filt)):
            bits &= self.bits.get(("zone", "battlefield"), 0)
        if exact:
            return self.members(bits)
        return frozenset(i for i in self.members(bits) if test(i, ctx))

    def _position(self, obj_id: Any) -> int:
        """The bitset of one object (0 when it is not an object of the board)."""
        p = self.pos.get(obj_id) if isinstance(obj_id, str) else None
        return 0 if p is None else 1 << p

    def _of(self, filt: Any, ctx: Context) -> tuple[int, bool] | None:
        """611.3a: (a bitset holding every object the filter matches, whether it holds only those) or None."""
        if not isinstance(filt, Mapping):
            return None
        acc, exact = self.universe, True
        bits, universe = self.bits, self.universe
        for key, want in filt.items():
            if key in ("type", "supertype", "color", "name", "has_ability", "zone", "has_counter"):
                acc &= bits.get((key, want), 0)
            elif key == "subtype":
                found = bits.get(("subtype", want), 0)
                if isinstance(want, str) and is_creature_type(want):
                    found |= bits.get(_ALL_TYPES, 0)  # 205.3m, 702.73a
                acc &= found
            elif key in ("colorless", "multicolored") or key in _FLAGS:
                found = bits.get((key,), 0)
                acc &= found if want else universe & ~found
            elif key == "controller":
                if want == "opponent":
                    if ctx.controller is None:
                        acc = 0
                    else:
                        acc &= universe & ~bits.get(("controller", ctx.controller), 0)
                else:
                    acc &= bits.get(("controller", player_named(ctx, want)), 0)
            elif key == "owner":
                acc &= bits.get(("owner", player_named(ctx, want)), 0)
            elif key == "id":
                acc &= self._position(want)
            elif key == "ids":
                if not isinstance(want, (tuple, list, frozenset, set)):
                    return None
                found = 0
                for i in want:
                    found |= self._position(i)
                acc &= found
            elif key in ("is_source", "other_than_source"):
                found = self._position(ctx.source)
                acc &= found if bool(want) == (key == "is_source") else universe & ~found
            elif key in ("all", "any"):
                if not isinstance(want, (tuple, list)):
                    return None
                subs = [self._of(f, ctx) for f in want]
                if any(s is None for s in subs):
                    return None
                if key == "all":
                    for s in subs:
                        assert s is not None
                        acc &= s[0]
                        exact = exact and s[1]
                else:
                    found = 0
                    for s in subs:
                        assert s is not None
                        found |= s[0]
                        exact = exact and s[1]
                    acc &= found
            elif key == "not":
                sub = self._of(want, ctx)
                if sub is None:
                    return None
                if sub[1]:
                    acc &= universe & ~sub[0]
                else:
                    exact = False  # left to the compiled filter
            elif key in _RESIDUAL:
                exact = False
            else:
                return None  # an unknown key, or one whose value may not be what it expects (mana_value)
        return acc, exact
