"""Rules versions as data (docs/design.md, "Rules versions as data"): ordered slots and a classification into them.

A version is read from a JSON profile; the built-in profiles live in ``reference/profiles``.
Each built-in profile is named by the date its rules took effect (``2009-07-08``); the
older names (``pre-m10``, ``m10``, ``ikoria``) are aliases. A profile may be ``based_on``
an earlier one and say only what changed (its flags, dates and source).
"""

from __future__ import annotations

import datetime as dt
import json
import pkgutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .vocabulary import KEYWORD_COUNTERS, KINDS, ORIGINS

# The built-in profiles, oldest first: (profile file, id). The id is the date the rules took effect.
BUILTIN_FILES = (
    ("pre-m10", "2004-10-01"),
    ("m10", "2009-07-08"),
    ("ikoria", "2020-04-17"),
    ("2023-11-17", "2023-11-17"),
    ("2025-08-01", "2025-08-01"),
)
BUILTIN_IDS = tuple(vid for _, vid in BUILTIN_FILES)
CURRENT = BUILTIN_IDS[-1]
FLAGS = (
    "cda_dependency_isolated",
    "loop_waits_as_unit",
    "granted_keeps_relative_order",
    "own_static_before_resolving",
    "dependent_waits_in_timestamp_order",
    "loop_ignores_dependency",
    "copy_exceptions_drop_cdas",
    "in_addition_exceptions_keep_cdas",
    "entry_sees_existing_effects",
    "legend_rule",
    "back_face_mana_value",
    "double_faced_token_copies",
    "token_name_adds_token",
    "simultaneous_timestamps",
    "negative_amounts",
    "keyword_counters",
    "kindred_type_name",
    "modal_double_faced",
    "stickers",
)
# Flags whose value is not a boolean (or may be null: the profile spans a change and states neither).
_NON_BOOLEAN = (
    "legend_rule",
    "back_face_mana_value",
    "double_faced_token_copies",
    "token_name_adds_token",
    "simultaneous_timestamps",
    "negative_amounts",
    "keyword_counters",
    "kindred_type_name",
    "modal_double_faced",
)
# 613.7m (613.7k in 2020; 613.6j and 418.5e(a) before): who orders timestamps given at the same moment.
SIMULTANEOUS_TIMESTAMPS = ("apnap", "active_player_chooses")
# 107.1b (104.1b before 2009): how a calculated amount that raises or lowers power or toughness reads below zero.
NEGATIVE_AMOUNTS = ("zero", "as_is")
# 122.1b as of the newest text the project checked: the keyword counters of a profile that lists none.
NEWEST_KEYWORD_COUNTERS = KEYWORD_COUNTERS


def _bundled(name: str) -> str:
    """A bundled data file of reference/profiles (pkgutil: cheaper to import than importlib.resources)."""
    data = pkgutil.get_data("reference.profiles", name)
    if data is None:
        raise FileNotFoundError(f"reference/profiles/{name}")
    return data.decode("utf-8")


class ProfileError(ValueError):
    """A rules profile that does not say what a rules version needs."""


class NotStated(ValueError):
    """A board needs a rule that the rules version asked for does not state (its ``flag`` is null)."""

    def __init__(self, message: str, flag: str = "") -> None:
        """613.1 and the rest: ``flag`` names the rule the version leaves open (704.5j's legend_rule, ...)."""
        super().__init__(message)
        self.flag = flag


def flag_value(key: str, value: Any, where: str) -> Any:
    """A profile flag's value (a reading of 613, 704.5j, 122.1b, ...) as a version holds it, checked."""
    if key not in FLAGS:
        raise ProfileError(f"{where}: flags.{key}: unknown flag {key!r}; expected one of {list(FLAGS)}")
    if key == "legend_rule":
        return _legend_rule(value, where)
    if key == "back_face_mana_value":
        return _back_face_mana_value(value, where)
    if key in ("double_faced_token_copies", "token_name_adds_token", "modal_double_faced"):
        return _optional_bool(value, key, where)
    if key == "keyword_counters":
        return _keyword_counters(value, where)
    if key == "kindred_type_name":
        return _kindred_type_name(value, where)
    if key == "simultaneous_timestamps":
        return _simultaneous_timestamps(value, where)
    if key == "negative_amounts":
        return _negative_amounts(value, where)
    if not isinstance(value, bool):
        raise ProfileError(f"{where}: flags.{key}: expected true or false, got {value!r}")
    return value


@dataclass(frozen=True)
class Slot:
    """One layer or sublayer: effects in it apply together, in timestamp and dependency order."""

    id: str
    layer: int
    name: str
    rule: str


@dataclass(frozen=True)
class Classification:
    """Effects of ``kind`` (from one of ``origins``, or any origin when empty) go to ``slot``."""

    kind: str
    origins: tuple[str, ...]
    slot: str


@dataclass(frozen=True)
class RulesVersion:
    """A named rules version: its slots in order, its classification and its flags."""

    id: str
    title: str
    in_force_from: str | None
    in_force_to: str | None
    source_text: str
    source_date: str
    summary: str
    slots: tuple[Slot, ...]
    classification: tuple[Classification, ...]
    # 613.8a(c) (Magic 2010 on): a CDA and a non-CDA never depend on each other.
    # Under 418.5d a dependent effect waits even if a CDA must then apply later.
    cda_dependency_isolated: bool
    # 613.8b: a loop waits as a whole while one of its members waits for an outside effect.
    loop_waits_as_unit: bool = True
    # 704.5j: "choose" (Magic 2014 on: the controller keeps one), "all" (2004-2013: all go), or None
    # when the version spans the change and states neither.
    legend_rule: str | None = None
    # 613.7a (second sentence, in the 2023-11-17 text): when an object gets a new timestamp, the
    # effects of its own and of its granted static abilities keep their relative order.
    granted_keeps_relative_order: bool = False
    # 613.7n (Edge of Eternities, 2025): an object's own static ability gets an earlier relative
    # timestamp than a resolving spell's effect that applies to it and would get the same one.
    own_static_before_resolving: bool = False
    # 613.8b "waits to apply until just after": the project's reading puts a dependent effect back
    # into timestamp order once its dependencies applied (True); the other applies it at once (False).
    dependent_waits_in_timestamp_order: bool = True
    # 613.8b "this rule is ignored" for a loop: the project's reading lifts waiting only inside the
    # loop (False); the literal one ignores every dependency of the loop's members (True).
    loop_ignores_dependency: bool = False
    aliases: tuple[str, ...] = ()
    based_on: str | None = None
    changes: tuple[str, ...] = ()
    clarifications: tuple[str, ...] = ()
    # 707.9d (706.8d from February 2011): a copy exception leaves out the CDAs defining what it excepts.
    copy_exceptions_drop_cdas: bool = True
    # 707.9d (706.9d then), from Kaldheim (2021-02-05): an exception that makes the copy a card type, subtype or
    # supertype "in addition to its other types" leaves the original's type-defining CDAs copied (True). Before,
    # 706.9c counted such an exception as a modification of that characteristic and 706.9d left out every CDA
    # defining a modified characteristic (False); it only matters while copy_exceptions_drop_cdas is true.
    in_addition_exceptions_keep_cdas: bool = True
    # 614.12 (and 614.17d), from Ixalan (2017-09-29): a permanent entering is looked at with the continuous effects
    # that already exist and would apply to it, other permanents' static abilities included (True); before, with its
    # own static abilities only, other sources' effects ignored (False: the Dearly Departed ruling of 2011).
    entry_sees_existing_effects: bool = True
    # 202.3b: a transformed permanent's mana value: "front" (its front face's, April 2016 on), "zero"
    # (the back face has no mana cost, 2011-2016), or None when the version spans the change.
    back_face_mana_value: str | None = None
    # 707.8a: a token copying a double-faced permanent is double-faced too (True), is not
    # (False: 2011 into the 2020s), or None when the version states neither.
    double_faced_token_copies: bool | None = None
    # 111.4: a token the ability names not is named for its subtypes followed by the word "Token" (True),
    # for its subtypes alone (False), or None when the version spans the change and states neither.
    token_name_adds_token: bool | None = None
    # 613.7m: objects that get a timestamp at the same moment: "apnap" (from Ikoria, 2020: the active
    # player's first, then each other player's in turn order, each player ordering only their own) or
    # "active_player_chooses" (418.5e(a), 613.6j: the active player orders them all as they like).
    simultaneous_timestamps: str = "apnap"
    # 107.1b: a calculated amount that raises or lowers power or toughness and comes out below zero: "zero"
    # (from Hour of Devastation, July 2017) or "as_is" (104.1b from Future Sight, 2007, to July 2017: effects
    # that set or change power or toughness used the negative number). Setting amounts keep it in both.
    negative_amounts: str = "zero"
    # 122.1b: the keywords a keyword counter can be (none before Ikoria, 2020-04-17; the list grew since).
    keyword_counters: tuple[str, ...] = NEWEST_KEYWORD_COUNTERS
    # 205.2a: the name of the card type of tribal/kindred cards ("kindred" from 2024-06-07, "tribal" before).
    kindred_type_name: str = "kindred"
    # 712.3, 712.8f (711.4d when Zendikar Rising brought them, 2020-09-25): modal double-faced cards exist
    # (True); False before; None when the version spans their arrival and states neither.
    modal_double_faced: bool | None = True
    # 123, 613.7k: stickers are in the rules (from Unfinity, 2022-10-07); before, a board with a sticker has no answer.
    stickers: bool = True

    def slot_of(self, kind: str, origin: str) -> str | None:
        """613.1-613.4 (418.5a): the slot an operation of ``kind`` from ``origin`` applies in."""
        for rule in self.classification:
            if rule.kind == kind and (not rule.origins or origin in rule.origins):
                return rule.slot
        return None

    def slot_index(self, slot_id: str) -> int:
        """613.1-613.4 (418.5a): where a layer or sublayer comes in the order this version applies them."""
        return [s.id for s in self.slots].index(slot_id)


def _legend_rule(value: Any, where: str) -> str | None:
    """704.5j: the form of the legend rule a profile states ("choose", "all"), if any."""
    if value is None or value in ("choose", "all"):
        return value if value is None else str(value)
    raise ProfileError(f"{where}: flags.legend_rule: expected 'choose' or 'all', got {value!r}")


def _back_face_mana_value(value: Any, where: str) -> str | None:
    """202.3b: the form of the back face's mana value a profile states ("front", "zero"), if any."""
    if value is None or value in ("front", "zero"):
        return value if value is None else str(value)
    raise ProfileError(f"{where}: flags.back_face_mana_value: expected 'front', 'zero' or null, got {value!r}")


def _simultaneous_timestamps(value: Any, where: str) -> str:
    """613.7m: the reading of simultaneous timestamps a profile states (absent: the current one, APNAP)."""
    if value is None:
        return "apnap"
    if value in SIMULTANEOUS_TIMESTAMPS:
        return str(value)
    raise ProfileError(
        f"{where}: flags.simultaneous_timestamps: expected one of {list(SIMULTANEOUS_TIMESTAMPS)}, got {value!r}"
    )


def _negative_amounts(value: Any, where: str) -> str:
    """107.1b: the reading of a raising or lowering amount below zero a profile states (absent: zero, today's)."""
    if value is None:
        return "zero"
    if value in NEGATIVE_AMOUNTS:
        return str(value)
    raise ProfileError(f"{where}: flags.negative_amounts: expected one of {list(NEGATIVE_AMOUNTS)}, got {value!r}")


def _keyword_counters(value: Any, where: str) -> tuple[str, ...]:
    """122.1b: the keyword counters a profile lists (absent: those of the newest text checked)."""
    if value is None:
        return NEWEST_KEYWORD_COUNTERS
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProfileError(f"{where}: flags.keyword_counters: expected a list of keywords, got {value!r}")
    unknown = sorted(set(value) - set(KEYWORD_COUNTERS))
    if unknown:
        raise ProfileError(
            f"{where}: flags.keyword_counters: {unknown} are not keyword counters of 122.1b; "
            f"expected some of {list(KEYWORD_COUNTERS)}"
        )
    return tuple(sorted(set(value)))


def _kindred_type_name(value: Any, where: str) -> str:
    """205.2a: the name a profile gives the card type of kindred cards ("tribal" or "kindred")."""
    if value is None or value in ("tribal", "kindred"):
        return "kindred" if value is None else str(value)
    raise ProfileError(f"{where}: flags.kindred_type_name: expected 'tribal' or 'kindred', got {value!r}")


def _optional_bool(value: Any, key: str, where: str) -> bool | None:
    """A flag that is true, false or null (null: the profile states neither)."""
    if value is None or isinstance(value, bool):
        return value
    raise ProfileError(f"{where}: flags.{key}: expected true, false or null, got {value!r}")


def _require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise ProfileError(f"{where}: field '{key}' must be a {kind.__name__}, got {value!r}")
    return value


def _date(data: Mapping[str, Any], key: str, where: str) -> str | None:
    """A day written YYYY-MM-DD (absent: None)."""
    value = _optional(data, key, str, None, where)
    if value is not None:
        try:
            dt.date.fromisoformat(value)
        except ValueError:
            raise ProfileError(f"{where}.{key}: expected a date written YYYY-MM-DD, got {value!r}") from None
    return value  # type: ignore[no-any-return]


def _optional(data: Mapping[str, Any], key: str, kind: Any, default: Any, where: str) -> Any:
    """An optional field: absent or null gives ``default``; present, it must be of ``kind``."""
    value = data.get(key)
    if value is None:
        return default
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        name = {Mapping: "mapping", list: "list", str: "string", bool: "boolean (true or false)"}.get(kind, str(kind))
        raise ProfileError(f"{where}: field '{key}' must be a {name}, got {value!r}")
    return value


PROFILE_FIELDS = (
    "id",
    "aliases",
    "based_on",
    "title",
    "in_force",
    "source",
    "summary",
    "changes",
    "clarifications",
    "slots",
    "classify",
    "flags",
)


def _strings(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProfileError(f"{where}: field '{key}' must be a list of strings, got {value!r}")
    return tuple(value)


def merge_profile(
    data: Mapping[str, Any], where: str = "profile", bases: Mapping[str, Mapping[str, Any]] | None = None
) -> Mapping[str, Any]:
    """A profile's data with what it takes from the profile it is ``based_on`` (its flags merged)."""
    based_on = data.get("based_on")
    if based_on is None:
        return data
    base = (bases or {}).get(based_on) if isinstance(based_on, str) else None
    if base is None:
        raise ProfileError(
            f"{where}: based_on: expected the id of an earlier profile {sorted(bases or {})}, got {based_on!r}"
        )
    merged = {**base, **{k: v for k, v in data.items() if k != "flags"}}
    merged["flags"] = {**(base.get("flags") or {}), **(data.get("flags") or {})}
    for k in ("aliases", "changes", "clarifications"):
        merged[k] = data.get(k, [])
    return merged


def version_from_mapping(
    data: Mapping[str, Any], where: str = "profile", bases: Mapping[str, Mapping[str, Any]] | None = None
) -> RulesVersion:
    """Build a rules version from profile data, checking every field.

    With ``based_on``, the slots, classification and flags not given are those of the named
    profile (one of ``bases``, raw profile data by id or alias).
    """
    if not isinstance(data, Mapping):
        raise ProfileError(f"{where}: a profile must be a mapping")
    unknown = sorted(set(data) - set(PROFILE_FIELDS))
    if unknown:
        raise ProfileError(f"{where}: unknown field(s) {unknown}; expected only {sorted(PROFILE_FIELDS)}")
    based_on = data.get("based_on")
    data = merge_profile(data, where, bases)
    vid = _require(data, "id", str, where)
    if not vid.strip():
        raise ProfileError(f"{where}: field 'id' must name the profile, got {vid!r}")
    slots_data = _require(data, "slots", list, where)
    slots = []
    for i, s in enumerate(slots_data):
        w = f"{where}: slots[{i}]"
        if not isinstance(s, Mapping):
            raise ProfileError(f"{w}: must be a mapping")
        layer = s.get("layer")
        if isinstance(layer, bool) or not isinstance(layer, int) or not 1 <= layer <= 7:
            raise ProfileError(f"{w}.layer: expected an integer from 1 to 7, got {layer!r}")
        slots.append(
            Slot(
                id=str(_require(s, "id", str, w)),
                layer=layer,
                name=_optional(s, "name", str, "", w),
                rule=_optional(s, "rule", str, "", w),
            )
        )
    ids = [s.id for s in slots]
    if len(set(ids)) != len(ids):
        raise ProfileError(f"{where}: slots: slot ids must be unique, got {ids}")
    if [s.layer for s in slots] != sorted(s.layer for s in slots):
        raise ProfileError(f"{where}: slots: layers must be in ascending order")
    rules = []
    for i, c in enumerate(_require(data, "classify", list, where)):
        w = f"{where}: classify[{i}]"
        if not isinstance(c, Mapping):
            raise ProfileError(f"{w}: must be a mapping")
        kind = c.get("kind")
        if kind not in KINDS:
            raise ProfileError(f"{w}.kind: expected one of {list(KINDS)}, got {kind!r}")
        origins = tuple(_optional(c, "origin", list, [], w))
        bad = [o for o in origins if o not in ORIGINS]
        if bad:
            raise ProfileError(f"{w}.origin: expected origins from {list(ORIGINS)}, got {bad}")
        slot = c.get("slot")
        if slot not in ids:
            raise ProfileError(f"{w}.slot: expected one of the slot ids {ids}, got {slot!r}")
        rules.append(Classification(kind=str(kind), origins=origins, slot=str(slot)))
    missing = [k for k in KINDS if not any(r.kind == k for r in rules)]
    if missing:
        raise ProfileError(f"{where}: classify: no slot for kind(s) {missing}")
    in_force = _optional(data, "in_force", Mapping, {}, where)
    source = _optional(data, "source", Mapping, {}, where)
    first, last = _date(in_force, "from", f"{where}: in_force"), _date(in_force, "to", f"{where}: in_force")
    if first and last and last < first:
        raise ProfileError(f"{where}: in_force.to: {last} is before the profile's first day ({first})")
    _date(source, "date", f"{where}: source")
    _optional(source, "rule", str, "", f"{where}: source")
    for alias in _strings(data, "aliases", where):
        taken = (bases or {}).get(alias)
        if taken is not None and taken.get("id") != vid:
            raise ProfileError(f"{where}: aliases: {alias!r} already names the built-in profile {taken.get('id')!r}")
    flags = _optional(data, "flags", Mapping, {}, where)
    unknown_flags = sorted(set(flags) - set(FLAGS))
    if unknown_flags:
        raise ProfileError(
            f"{where}: flags.{unknown_flags[0]}: unknown flag(s) {unknown_flags}; expected only {list(FLAGS)}"
        )
    bad_flags = sorted(k for k, v in flags.items() if not isinstance(v, bool) and k not in _NON_BOOLEAN)
    if bad_flags:
        raise ProfileError(f"{where}: flags: {bad_flags} must be true or false")
    return RulesVersion(
        id=vid,
        title=_optional(data, "title", str, vid, where),
        in_force_from=_optional(in_force, "from", str, None, f"{where}: in_force"),
        in_force_to=_optional(in_force, "to", str, None, f"{where}: in_force"),
        source_text=_optional(source, "text", str, "", f"{where}: source"),
        source_date=_optional(source, "date", str, "", f"{where}: source"),
        summary=_optional(data, "summary", str, "", where),
        slots=tuple(slots),
        classification=tuple(rules),
        cda_dependency_isolated=bool(flags.get("cda_dependency_isolated", True)),
        loop_waits_as_unit=bool(flags.get("loop_waits_as_unit", True)),
        legend_rule=_legend_rule(flags.get("legend_rule"), where),
        granted_keeps_relative_order=bool(flags.get("granted_keeps_relative_order", False)),
        own_static_before_resolving=bool(flags.get("own_static_before_resolving", False)),
        dependent_waits_in_timestamp_order=bool(flags.get("dependent_waits_in_timestamp_order", True)),
        loop_ignores_dependency=bool(flags.get("loop_ignores_dependency", False)),
        aliases=_strings(data, "aliases", where),
        based_on=based_on if isinstance(based_on, str) else None,
        changes=_strings(data, "changes", where),
        clarifications=_strings(data, "clarifications", where),
        copy_exceptions_drop_cdas=bool(flags.get("copy_exceptions_drop_cdas", True)),
        in_addition_exceptions_keep_cdas=bool(flags.get("in_addition_exceptions_keep_cdas", True)),
        entry_sees_existing_effects=bool(flags.get("entry_sees_existing_effects", True)),
        back_face_mana_value=_back_face_mana_value(flags.get("back_face_mana_value"), where),
        double_faced_token_copies=_optional_bool(
            flags.get("double_faced_token_copies"), "double_faced_token_copies", where
        ),
        token_name_adds_token=_optional_bool(flags.get("token_name_adds_token"), "token_name_adds_token", where),
        simultaneous_timestamps=_simultaneous_timestamps(flags.get("simultaneous_timestamps"), where),
        negative_amounts=_negative_amounts(flags.get("negative_amounts"), where),
        keyword_counters=_keyword_counters(flags.get("keyword_counters"), where),
        kindred_type_name=_kindred_type_name(flags.get("kindred_type_name"), where),
        modal_double_faced=_optional_bool(flags.get("modal_double_faced", True), "modal_double_faced", where),
        stickers=bool(flags.get("stickers", True)),
    )


class Versions(Mapping[str, RulesVersion]):
    """Rules versions by id, oldest first; looking up an alias (``m10``, ``current``) also works."""

    def __init__(self, versions: Mapping[str, RulesVersion], current: str | None = None, dated: bool = False) -> None:
        self._by_id = dict(versions)
        self._dated = dated  # a date (YYYY-MM-DD) also names a version: the built-in rules in force that day
        self._alias = {a: k for k, v in versions.items() for a in v.aliases}
        if current is not None or self._by_id:
            self._alias["current"] = current or list(self._by_id)[-1]

    def canonical(self, vid: str) -> str:
        """The id a name stands for (itself, or the profile it is an alias of)."""
        return self._alias.get(vid, vid)

    def __getitem__(self, vid: str) -> RulesVersion:
        if self.canonical(vid) not in self._by_id and self._dated and _looks_like_date(vid):
            try:
                return version_on(vid)
            except ProfileError:
                raise KeyError(vid) from None
        return self._by_id[self.canonical(vid)]

    def __contains__(self, vid: object) -> bool:
        if not isinstance(vid, str):
            return False
        if self.canonical(vid) in self._by_id:
            return True
        try:
            return self._dated and _looks_like_date(vid) and bool(self[vid])
        except KeyError:
            return False

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def names(self) -> list[str]:
        """Every name a version can be asked for by: ids, aliases and ``current``."""
        return [*self._by_id, *self._alias]


@cache
def _builtin() -> tuple[Versions, Mapping[str, Mapping[str, Any]]]:
    raw: dict[str, Mapping[str, Any]] = {}
    out = {}
    for name, vid in BUILTIN_FILES:
        text = _bundled(f"{name}.json")
        data = json.loads(text)
        version = version_from_mapping(data, where=f"profiles/{name}.json", bases=raw)
        if version.id != vid:
            raise ProfileError(f"profiles/{name}.json: id: expected {vid!r}, got {version.id!r}")
        raw[vid] = merge_profile(data, name, raw)
        for alias in version.aliases:
            raw[alias] = raw[vid]
        out[vid] = version
    raw["current"] = raw[CURRENT]
    return Versions(out, dated=True), raw


def builtin_versions() -> Versions:
    """The built-in rules versions, oldest first (aliases answer lookups too)."""
    return _builtin()[0]


def builtin_profile_data() -> Mapping[str, Mapping[str, Any]]:
    """The built-in profiles as data (complete, by id and alias): what a profile file may be ``based_on``."""
    return _builtin()[1]


def get_version(vid: str) -> RulesVersion:
    """A built-in version by id or alias; ``current`` names the newest; a date gives the rules in force that day."""
    versions = builtin_versions()
    if vid in versions:
        return versions[vid]
    if _looks_like_date(vid):
        return version_on(vid)
    raise ProfileError(f"unknown rules version {vid!r}; expected one of {versions.names()} or a date (YYYY-MM-DD)")


def _looks_like_date(text: str) -> bool:
    parts = text.split("-")
    return [len(p) for p in parts] == [4, 2, 2] and all(p.isdigit() for p in parts)


def profile_on(day: str) -> RulesVersion:
    """The built-in profile (613.1 and the rest) in force on a date: the newest that took effect by then."""
    from datetime import date

    try:
        when = date.fromisoformat(day)
    except ValueError:
        raise ProfileError(f"not a date: {day!r}; expected YYYY-MM-DD") from None
    in_force = [
        v for v in builtin_versions().values() if v.in_force_from and date.fromisoformat(v.in_force_from) <= when
    ]
    if not in_force:
        first = next(iter(builtin_versions().values()))
        raise ProfileError(
            f"no modelled rules version in force on {day}; the oldest took effect on {first.in_force_from}"
        )
    return in_force[-1]


def era_end(version: RulesVersion) -> str | None:
    """613.1 (418.5 before 2009-07-08): the last day of the era of the built-in profile a version's day falls in.

    A profile's ``in_force.to`` is the last day its own rules are in force (the day before the next
    dated change); its era lasts until the next built-in profile takes effect, and the text of that
    era gives its rule numbering. None: the newest era, or a version that states no day.
    """
    if version.in_force_from is None:
        return version.in_force_to
    later = [v.in_force_from for v in builtin_versions().values() if (v.in_force_from or "") > version.in_force_from]
    if not later:
        return None
    from datetime import date, timedelta

    return (date.fromisoformat(min(x for x in later if x)) - timedelta(days=1)).isoformat()


def version_on(day: str) -> RulesVersion:
    """The rules in force on a date: the profile then in force with the dated changes since (reference.history)."""
    from .history import rules_on

    return rules_on(day)
