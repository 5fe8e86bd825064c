"""Benchmark board for issue 28 item 14: one creature with N static abilities of its own (one timestamp).

The abilities of one object share its timestamp (613.7a), so every order of them is left open
(613.7m); the rules' answer is the set of outcomes over those orders. Most of the abilities
commute (+1/+0 and +0/+1 modifications, all in layer 7c; with ``--mixed`` also keyword grants and
added colors); ``--setting K`` of them
set power and toughness to different values, whose order does change the answer (613.4b).

``--kind`` adds one thing that ``reference_optimized.orders`` once sent to every order (issue 28 item 14):
``copy`` (a second creature becomes a copy of this one, layer 1: it has the N abilities too), ``copies`` (as
many resolved copy effects with one timestamp make another creature a copy of one of three creatures in turn),
``control`` (another player gains control of it, layer 2), ``text`` (a text change on it, layer 3), ``loses``
(another creature, with abilities of its own, loses all abilities, layer 6) or ``condition`` (one of the N
abilities is conditional, 611.3a, on a board fact).

The ``group-*`` kinds put the thing inside the tied group itself (issue 28 item 14, the shapes still left): the
creature's N abilities are all of one kind, each on one of N - 1 other creatures ``o0``, ``o1``, ... (named by id), two
of them on ``o0`` so that their order matters there. ``group-text``: each changes the text of its creature (612,
layer 3), white to green, and green to blue on ``o0`` (every ``oK`` says "this creature is white", 105.3);
``group-loses``: each makes its creature lose all abilities (613.1f, layer 6; every ``oK`` has flying of its own,
from a later timestamp), and one gives ``o0`` haste; ``group-keyword-counters``: N tied effects, not all
abilities: about half of the creature's abilities give their creature trample, the other creatures have a trample
counter put on them as the creature came (122.1b, 613.7c: the same timestamp), and one ability makes ``o0``, which
has a flying counter, lose flying; ``group-grants``: each gives its creature an ability that makes it get +1/+1
(611.3b), and ``o0`` gets instead two abilities that set its power and toughness to 4/4 and to 2/2 (613.4b).
``group-text-one``: all N abilities change the text of ``o0`` alone (612, layer 3), each a different word to a word no
other one changes (white to green, black to red, then creature types: elf to cat, goblin to dog, ...); ``o0`` says
"this creature is white" and "this creature is black" (105.3) and has every creature type changed, so every change
rewrites something, and every order ends alike (``reference_optimized.text_changes``).
``group-loses-one``: all N abilities act on ``o0`` alone (613.1f, layer 6): the even ones (0, 2, ...) make it lose all
abilities, the odd ones give it flying, haste and trample in turn (702.9, 702.10, 702.19); ``o0`` has flying and
vigilance of its own, plain keywords that generate no effect (611.3b). ``o0`` loses vigilance in every order, and
keeps each granted keyword when one of its grants comes after the last loss: one outcome per set of the granted
keywords (two to the number of different keywords granted, 8 from N = 6 on; ``reference_optimized.last_touch``,
"Losses of all abilities").
``group-loses-but-mana-one``: as ``group-loses-one``, but ability 0 makes ``o0`` lose all abilities and the other even
ones make it lose all abilities but mana abilities (605.1a, 613.1f); the odd ones give it flying, haste and "{t}: add
{r}." in turn; ``o0`` has flying, vigilance and "{t}: add {g}." of its own. Ability 0 applies in every order, so ``o0``
loses vigilance and "{t}: add {g}." in every order; flying and haste stay when a grant of theirs comes after the last
loss of either kind, "{t}: add {r}." when one of its grants comes after ability 0 (the losses but mana abilities leave
it): one outcome per set of the three (4 at N = 5, 8 from N = 6 on; ``reference_optimized.last_touch``, "Losses of
all abilities but mana abilities").
``group-loses-filtered``: the tied object is an enchantment (the Shrine) whose N abilities find their creatures by
filters (611.3a, 613.1f, layer 6): the even ones make white creatures, then all creatures, lose all abilities, in
turn; the odd ones give white creatures flying, creatures haste and ``o2`` trample (by id), in turn. ``o0`` and ``o1``
are white creatures (vigilance, reach), ``o2`` a green one ("{t}: add {g}."). No filter reads abilities, so the
objects each ability reaches are the same in every order (``reference_optimized.territories``, then ``last_touch``
per object): each creature keeps a keyword when one of its grants comes after the last loss reaching it.
``group-loses-resolved-filtered``: as ``group-loses-filtered``, but the even ones are resolved effects with the
Shrine's timestamp (so they tie with its abilities, 613.7m) whose lists of objects (611.2c) are the creatures those
filters find: ``o0`` and ``o1``, then all three, in turn. The board is then read by ``reference_optimized.from_slot``
(resolved losses on fixed objects), which passes each effect's objects (``from_slot.fixed_objects``) to ``last_touch``;
the same outcomes as ``group-loses-filtered``.
``group-loses-lord-one``: as ``group-loses-one``, ``o0`` holding flying and "other creatures you control have
vigilance" (a defined ability whose effect applies in layer 6, where the losses do, 611.3b), and ``o1`` a plain
creature of the same player: the losses reaching ``o0`` end that effect, and where it applies is decided by its
timestamp and its dependency on them (613.8a), not by the tie's order
(``reference_optimized.territories.apart_from_tie``); one outcome per set of the granted keywords, as
``group-loses-one``.
``group-loses-grants-one``: as ``group-loses-one``, but the odd abilities give ``o0`` flying, "this creature gets
+1/+1" (a defined ability whose effect applies in layer 7c, 611.3b) and haste in turn: ``o0`` keeps each when one of its
grants comes after the last loss, and is 2/2 when it keeps the defined one; that effect commutes with everything in 7c,
so where it applies there changes nothing (``reference_optimized.territories.granted_apart``). 4 outcomes at N = 5, 8
from N = 6.
``group-loses-given-lord-one``: as ``group-loses-one``, but the odd abilities give ``o0`` flying, "other creatures you
control have vigilance" (a lord: a defined ability whose effect applies in layer 6 to the objects its filter finds,
611.3a-b) and trample in turn; ``o1`` is a plain 1/1 creature of the same player. The lord's effect waits for the losses
reaching ``o0`` (613.8a) and acts on ``o1`` (``reference_optimized.territories.lord_given``): ``o1`` has vigilance
exactly when ``o0`` keeps the lord; one outcome per set of the granted abilities, as ``group-loses-one``.
``group-loses-given-lord-plus-one``: as ``group-loses-given-lord-one``, the lord being "other creatures you control get
+1/+1" (layer 7c): ``o1`` is 2/2 exactly when ``o0`` keeps it.
``group-loses-grants-other``: as ``group-loses-grants-one``, but the defined ability given is "o1 gets +1/+1" (611.3b:
its effect applies in layer 7c to ``o1``, a plain 1/1 creature, named by id): ``o1`` is 2/2 when ``o0`` keeps it
(``reference_optimized.territories.granted_apart``, on the object its definition names). 4 outcomes at N = 5, 8 from
N = 6.
``group-loses-held-early-one``: as ``group-loses-one``, ``o0`` also having "this creature is blue", a defined ability
whose effect applies in layer 5 (611.3b), before the tie's layer 6: it has applied before the tie, in every order, so
``o0`` is blue in every outcome and its wording is lost like a keyword
(``reference_optimized.territories.done_before``);
the same outcomes as ``group-loses-one``, ``o0`` blue in each.
``group-loses-held-locked-one``: as ``group-loses-held-early-one``, the ability being "this creature is blue and gets
+1/+1" (layers 5 and 7c): its effect began in layer 5, before the tie, so it keeps applying in 7c though every order
takes the ability away (613.6): ``o0`` is blue and 2/2 in every outcome
(``reference_optimized.territories.locked_before``).
``group-gains-given-lord-one`` (and ``-plus-one``): a tie of gains only (issue 28 item 14, shape A): abilities 0 and
1 make ``o0`` 3/3 and 2/2 (613.4b: the later decides), the others give it the lord of ``group-loses-given-lord-one``
(or ``-plus-one``), flying, trample, haste, lifelink and deathtouch in turn (layer 6); ``o0`` (0.5) has flying and
reach, ``o1`` (0.25) is a plain 1/1. No loss takes the lord's wording, so its effect exists in every order from its
gain on and commutes with everything where it applies (``reference_optimized.territories.gains_alone``): ``o1`` has
vigilance (or is 2/2) in every outcome, ``o0`` every ability given; 2 outcomes (3/3 or 2/2).
``group-loses-held-taking-one`` (shape B): each ability has a part in layer 5, so the tie is met there with every key
and its order decides layer 6 too (613.7m): the even ones make ``o0`` red in addition and lose all abilities, the odd
ones make it blue in addition and give it flying, haste and trample in turn; ``o0`` (0.5) has flying, vigilance and
"this creature is green and loses flying.", whose effect begins in layer 5 before the losses, is locked in (613.6) and
takes flying in layer 6 before every tied effect (``reference_optimized.territories.begun_taking``): ``o0`` is red,
blue and green in every outcome, and keeps each granted keyword one of whose grants follows the last loss (4 outcomes
at N = 5, 8 from N = 6).
``group-loses-held-one``: as ``group-loses-one``, ``o0`` also having "this creature gets +1/+1", a defined ability whose
effect applies in layer 7c (611.3b): every order loses it in layer 6, before that effect would first apply, so it
applies in no order (``reference_optimized.territories.ends_after``); the same outcomes, ``o0`` 1/1 in each.

Run: python benchmarks/tied_abilities.py N [--setting K] [--kind KIND] [--out FILE]
then time ``mtg-layers explain FILE`` or ``mtg-layers verify --corpus DIR`` on it (figures in the
report of issue 28 item 14 were taken with ``/usr/bin/time -v``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import yaml

KEYWORDS = ("flying", "trample", "vigilance", "reach", "lifelink", "deathtouch", "haste", "menace")
COLORS = ("white", "blue", "black", "red", "green")


def ability(i: int, setting: int, mixed: bool) -> dict[str, Any]:
    """The i-th static ability of the creature: a P/T-setting one for i < setting, else a commuting one
    (all in 7c, or with ``mixed`` spread over layers 5, 6 and 7c)."""
    if i < setting:
        part: dict[str, Any] = {"op": "set_pt", "power": i + 1, "toughness": i + 1}
    elif not mixed:
        part = {"op": "modify_pt", "power": i % 2, "toughness": 1 - i % 2}
    elif i % 3 == 0 and i // 3 < len(KEYWORDS):
        part = {"op": "add_abilities", "abilities": [KEYWORDS[i // 3]]}
    elif i % 3 == 1:
        part = {"op": "modify_pt", "power": 1, "toughness": 1}
    elif i % 3 == 2 and i // 3 < len(COLORS):
        part = {"op": "add_colors", "colors": [COLORS[i // 3]]}
    else:
        part = {"op": "modify_pt", "power": 0, "toughness": 1}
    return {"text": f"this creature's ability {i}", "applies_to": {"is_source": True}, "parts": [part]}


KINDS = ("copy", "copies", "control", "text", "loses", "condition")
GROUP_KINDS: tuple[str, ...] = ("group-text", "group-loses", "group-keyword-counters", "group-grants", "group-text-one")
GROUP_KINDS += ("group-loses-one", "group-loses-but-mana-one", "group-loses-filtered", "group-loses-held-one")
GROUP_KINDS += ("group-loses-resolved-filtered", "group-loses-lord-one", "group-loses-grants-one")
GROUP_KINDS += ("group-loses-grants-other", "group-loses-held-early-one", "group-loses-held-locked-one")
GROUP_KINDS += ("group-loses-given-lord-one", "group-loses-given-lord-plus-one")
GROUP_KINDS += ("group-gains-given-lord-one", "group-gains-given-lord-plus-one", "group-loses-held-taking-one")
# group-gains-given-lord-one (-plus-one): the lord the odd abilities give o0 in turn with flying and trample, no loss
GAINS_LORDS = {
    "group-gains-given-lord-one": "group-loses-given-lord-one",
    "group-gains-given-lord-plus-one": "group-loses-given-lord-plus-one",
}
# group-loses-held-taking-one: o0's defined ability begun in layer 5, before the losses, that takes flying (613.6)
HELD_TAKING = "this creature is green and loses flying."
# group-loses-one: the keywords the odd abilities give o0, in turn
GRANTED = ("flying", "haste", "trample")
# group-loses-grants-one: what the odd abilities give o0, in turn (a keyword, a defined ability, 611.3b, a keyword)
GRANTED_DEFINED = ("flying", "this creature gets +1/+1", "haste")
# group-loses-grants-other: as group-loses-grants-one, the defined ability acting on o1, named by id (611.3b)
GRANTED_OTHER = ("flying", "o1 gets +1/+1", "haste")
# group-loses-given-lord-one (-plus-one): what the odd abilities give o0, in turn (a keyword, a lord, 611.3b, a keyword)
GIVEN_LORDS = {
    "group-loses-given-lord-one": (
        "other creatures you control have vigilance",
        {"op": "add_abilities", "abilities": ["vigilance"]},
    ),
    "group-loses-given-lord-plus-one": (
        "other creatures you control get +1/+1",
        {"op": "modify_pt", "power": 1, "toughness": 1},
    ),
}
# group-loses-but-mana-one: what the odd abilities give o0, in turn (a keyword, a keyword, a mana ability, 605.1a)
GRANTED_BUT_MANA = ("flying", "haste", "{t}: add {r}.")
# group-loses-filtered: what the odd abilities give, in turn: (text, objects found, ability)
WHITE_CREATURES = {"all": [{"type": "creature"}, {"color": "white"}]}
FILTERED_GRANTS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("white creatures have flying", WHITE_CREATURES, "flying"),
    ("creatures have haste", {"type": "creature"}, "haste"),
    ("o2 has trample", {"id": "o2"}, "trample"),
)
# group-text-one: the words changed, and what each becomes (612.2: color words, then creature types)
WORDS_FROM: tuple[str, ...] = ("white", "black", "elf", "goblin", "human", "wizard", "soldier", "zombie", "knight")
WORDS_FROM += ("cleric", "rogue", "warrior", "shaman", "druid", "beast", "spirit")
WORDS_TO: tuple[str, ...] = ("green", "red", "cat", "dog", "bird", "fish", "ox", "rat", "bat", "ape", "elk", "fox")
WORDS_TO += ("boar", "mole", "wolf", "bear")


def _on(target: str, text: str, part: dict[str, Any]) -> dict[str, Any]:
    """A static ability of the tied creature that acts on one other creature, named by id."""
    return {"text": text, "applies_to": {"id": target}, "parts": [part]}


def _swap(old: str, new: str) -> dict[str, Any]:
    """612.1: a text change of one word."""
    return {"op": "replace_word", "from": old, "to": new}


def with_group_kind(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """The board with the creature's abilities all of ``kind`` (module docstring), each on another creature."""
    n = len(data["abilities"])
    beast = data["objects"][0]
    others = [
        {"id": f"o{k}", "name": f"Other {k}", "timestamp": 0.5, "controller": "p1", "types": ["creature"]}
        for k in range(n - 1)
    ]
    own: list[dict[str, Any]] = []  # abilities the other creatures have
    resolved: list[dict[str, Any]] = []  # resolved effects with the creature's timestamp
    abilities: list[dict[str, Any]] = []
    if kind == "group-text":
        own.append({"text": "this creature is white", "applies_to": {"is_source": True}, "parts": []})
        own[0]["parts"].append({"op": "add_colors", "colors": ["white"]})
        for k in range(n - 1):
            swap = {"op": "replace_word", "from": "white", "to": "green"}
            abilities.append(_on(f"o{k}", f"o{k}'s white becomes green", swap))
        abilities.append(_on("o0", "o0's green becomes blue", {"op": "replace_word", "from": "green", "to": "blue"}))
        for o in others:
            o.update(power=1, toughness=1, abilities=["this creature is white"])
    elif kind == "group-loses":
        own.append({"text": "this creature has flying", "applies_to": {"is_source": True}, "parts": []})
        own[0]["parts"].append({"op": "add_abilities", "abilities": ["flying"]})
        for k in range(n - 1):
            abilities.append(_on(f"o{k}", f"o{k} loses all abilities", {"op": "remove_all_abilities"}))
        abilities.append(_on("o0", "o0 has haste", {"op": "add_abilities", "abilities": ["haste"]}))
        for o in others:
            o.update(power=1, toughness=1, timestamp=2, abilities=["this creature has flying"])
    elif kind == "group-keyword-counters":
        half = (n - 1) // 2
        for k in range(1, half + 1):
            abilities.append(_on(f"o{k}", f"o{k} has trample", {"op": "add_abilities", "abilities": ["trample"]}))
        for k in range(half + 1, n - 1):
            others[k]["counters"] = [{"kind": "trample", "count": 1, "timestamp": 1}]
        others[0]["counters"] = [{"kind": "flying", "count": 1, "timestamp": 1}]
        abilities.append(_on("o0", "o0 loses flying", {"op": "remove_abilities", "abilities": ["flying"]}))
        for o in others:
            o.update(power=1, toughness=1)
    elif kind == "group-text-one":
        for color in ("white", "black"):
            own.append({"text": f"this creature is {color}", "applies_to": {"is_source": True}, "parts": []})
            own[-1]["parts"].append({"op": "add_colors", "colors": [color]})
        for k, (old, new) in enumerate(zip(WORDS_FROM[:n], WORDS_TO[:n], strict=True)):
            abilities.append(_on("o0", f"change {k}: o0's {old} becomes {new}", _swap(old, new)))
        others[0].update(power=1, toughness=1, abilities=[a["text"] for a in own])
        others[0]["subtypes"] = list(WORDS_FROM[2:n])
        others = others[:1]
    elif (
        kind in ("group-loses-one", "group-loses-held-one", "group-loses-lord-one", "group-loses-grants-one")
        or (kind in ("group-loses-grants-other", "group-loses-held-early-one", "group-loses-held-locked-one"))
        or kind in GIVEN_LORDS
    ):
        granted = {"group-loses-grants-one": GRANTED_DEFINED, "group-loses-grants-other": GRANTED_OTHER}.get(
            kind, GRANTED
        )
        if kind in GIVEN_LORDS:
            granted = ("flying", GIVEN_LORDS[kind][0], "trample")
        for k in range(n):
            if k % 2 == 0:
                abilities.append(_on("o0", f"ability {k}: o0 loses all abilities", {"op": "remove_all_abilities"}))
            else:
                word = granted[(k // 2) % len(granted)]
                grant = {"op": "add_abilities", "abilities": [word]}
                abilities.append(_on("o0", f"ability {k}: o0 has {word}", grant))
        own_words = ["flying", "vigilance"]
        if kind == "group-loses-held-one":  # 611.3b: a defined ability whose effect applies in 7c, after the losses
            own.append({"text": "this creature gets +1/+1", "applies_to": {"is_source": True}, "parts": []})
            own[-1]["parts"].append({"op": "modify_pt", "power": 1, "toughness": 1})
            own_words.append("this creature gets +1/+1")
        if kind == "group-loses-grants-one":  # 611.3b: the defined ability the odd abilities give in turn
            own.append({"text": GRANTED_DEFINED[1], "applies_to": {"is_source": True}, "parts": []})
            own[-1]["parts"].append({"op": "modify_pt", "power": 1, "toughness": 1})
        if kind == "group-loses-held-early-one":  # 611.3b: a defined ability whose effect applies in layer 5, before
            own.append({"text": "this creature is blue", "applies_to": {"is_source": True}, "parts": []})
            own[-1]["parts"].append({"op": "set_colors", "colors": ["blue"]})
            own_words.append("this creature is blue")
        if kind == "group-loses-held-locked-one":  # 611.3b, 613.6: in layer 5, before the tie, and in 7c
            own.append({"text": "this creature is blue and gets +1/+1", "applies_to": {"is_source": True}, "parts": []})
            own[-1]["parts"] += [
                {"op": "set_colors", "colors": ["blue"]},
                {"op": "modify_pt", "power": 1, "toughness": 1},
            ]
            own_words.append("this creature is blue and gets +1/+1")
        if kind == "group-loses-grants-other":  # 611.3b: the defined ability given to o0 acts on o1, by id
            own.append({"text": GRANTED_OTHER[1], "applies_to": {"id": "o1"}, "parts": []})
            own[-1]["parts"].append({"op": "modify_pt", "power": 1, "toughness": 1})
            others[1].update(power=1, toughness=1)
        if kind == "group-loses-lord-one":  # 611.3b: a defined ability whose effect applies in layer 6, on another
            lord = "other creatures you control have vigilance"
            yours: dict[str, Any] = {"all": [{"type": "creature"}, {"other_than_source": True}, {"controller": "you"}]}
            own.append(
                {"text": lord, "applies_to": yours, "parts": [{"op": "add_abilities", "abilities": ["vigilance"]}]}
            )
            own_words = ["flying", lord]
            others[1].update(power=1, toughness=1)
        if kind in GIVEN_LORDS:  # 611.3a-b: a lord the odd abilities give o0, acting on the other creatures
            lord, lord_part = GIVEN_LORDS[kind]
            others_yours = {"all": [{"type": "creature"}, {"other_than_source": True}, {"controller": "you"}]}
            own.append({"text": lord, "applies_to": others_yours, "parts": [lord_part]})
            others[1].update(power=1, toughness=1)
        others[0].update(power=1, toughness=1, abilities=own_words)
        pair = ("group-loses-lord-one", "group-loses-grants-other", *GIVEN_LORDS)
        others = others[:2] if kind in pair else others[:1]
    elif kind in GAINS_LORDS:
        lord, lord_part = GIVEN_LORDS[GAINS_LORDS[kind]]
        for k, size in enumerate((3, 2)):  # 613.4b: the later setting decides
            setting = {"op": "set_pt", "power": size, "toughness": size}
            abilities.append(_on("o0", f"ability {k}: o0 is {size}/{size}", setting))
        words = (lord, "flying", "trample", "haste", "lifelink", "deathtouch")
        for k in range(2, n):
            word = words[(k - 2) % len(words)]
            abilities.append(_on("o0", f"ability {k}: o0 has {word}", {"op": "add_abilities", "abilities": [word]}))
        others_yours = {"all": [{"type": "creature"}, {"other_than_source": True}, {"controller": "you"}]}
        own.append({"text": lord, "applies_to": others_yours, "parts": [lord_part]})
        others[0].update(power=1, toughness=1, abilities=["flying", "reach"])
        others[1].update(power=1, toughness=1, timestamp=0.25)
        others = others[:2]
    elif kind == "group-loses-held-taking-one":
        for k in range(n):  # each with a part in layer 5, so the tie is met there with every key (613.7m)
            if k % 2 == 0:
                parts = [{"op": "add_colors", "colors": ["red"]}, {"op": "remove_all_abilities"}]
                abilities.append(
                    {"text": f"ability {k}: o0 is red and loses all abilities", "applies_to": {"id": "o0"}}
                )
            else:
                word = GRANTED[(k // 2) % len(GRANTED)]
                parts = [{"op": "add_colors", "colors": ["blue"]}, {"op": "add_abilities", "abilities": [word]}]
                abilities.append({"text": f"ability {k}: o0 is blue and has {word}", "applies_to": {"id": "o0"}})
            abilities[-1]["parts"] = parts
        own.append({"text": HELD_TAKING, "applies_to": {"is_source": True}, "parts": []})
        own[-1]["parts"] += [
            {"op": "add_colors", "colors": ["green"]},
            {"op": "remove_abilities", "abilities": ["flying"]},
        ]
        others[0].update(power=1, toughness=1, abilities=["flying", "vigilance", HELD_TAKING])
        others = others[:1]
    elif kind == "group-loses-but-mana-one":
        for k in range(n):
            if k == 0:
                abilities.append(_on("o0", "ability 0: o0 loses all abilities", {"op": "remove_all_abilities"}))
            elif k % 2 == 0:
                loss = {"op": "remove_all_abilities_except_mana"}
                abilities.append(_on("o0", f"ability {k}: o0 loses all abilities but mana abilities", loss))
            else:
                word = GRANTED_BUT_MANA[(k // 2) % len(GRANTED_BUT_MANA)]
                grant = {"op": "add_abilities", "abilities": [word]}
                abilities.append(_on("o0", f"ability {k}: o0 has {word}", grant))
        others[0].update(power=1, toughness=1, abilities=["flying", "vigilance", "{t}: add {g}."])
        others = others[:1]
    elif kind in ("group-loses-filtered", "group-loses-resolved-filtered"):
        beast.update(types=["enchantment"], name="Many-Abilities Shrine")
        del beast["power"], beast["toughness"]
        for k in range(n):
            if k % 2 == 0 and kind == "group-loses-resolved-filtered":  # 611.2c: a resolved effect's list of objects
                white = k % 4 == 0
                targets = ["o0", "o1"] if white else ["o0", "o1", "o2"]
                said = f"effect {k}: {' and '.join(targets)} lose all abilities"
                head: dict[str, Any] = {"id": f"hush{k}", "timestamp": 1, "controller": "p1", "applies_to": targets}
                resolved.append({**head, "description": said, "parts": [{"op": "remove_all_abilities"}]})
            elif k % 2 == 0:
                white = k % 4 == 0
                text = f"ability {k}: {'white creatures' if white else 'creatures'} lose all abilities"
                scope = WHITE_CREATURES if white else {"type": "creature"}
                abilities.append({"text": text, "applies_to": scope, "parts": [{"op": "remove_all_abilities"}]})
            else:
                text, scope, word = FILTERED_GRANTS[(k // 2) % len(FILTERED_GRANTS)]
                grant = {"op": "add_abilities", "abilities": [word]}
                abilities.append({"text": f"ability {k}: {text}", "applies_to": scope, "parts": [grant]})
        kept = ("vigilance", "reach", "{t}: add {g}.")
        for o, color, word in zip(others, ("white", "white", "green"), kept, strict=False):
            o.update(power=1, toughness=1, colors=[color], abilities=[word])
        others = others[:3]
        data["title"] = f"an enchantment with {n} static abilities of its own"
    elif kind == "group-grants":
        for name, part in (
            ("this creature gets +1/+1", {"op": "modify_pt", "power": 1, "toughness": 1}),
            ("this creature is 4/4", {"op": "set_pt", "power": 4, "toughness": 4}),
            ("this creature is 2/2", {"op": "set_pt", "power": 2, "toughness": 2}),
        ):
            own.append({"text": name, "applies_to": {"is_source": True}, "parts": [part]})
        for k in range(1, n - 1):
            grant = {"op": "add_abilities", "abilities": ["this creature gets +1/+1"]}
            abilities.append(_on(f"o{k}", f"o{k} gets +1/+1", grant))
        for size in (4, 2):
            grant = {"op": "add_abilities", "abilities": [f"this creature is {size}/{size}"]}
            abilities.append(_on("o0", f"o0 is {size}/{size}", grant))
        for o in others:
            o.update(power=1, toughness=1)
    beast["abilities"] = [a["text"] for a in abilities]
    data["abilities"] = abilities + own
    data["objects"] = [beast, *others]
    data["id"] += f"-{kind}"
    data["effects"] = resolved
    return data


def with_kind(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """The board with one thing of ``kind`` added (module docstring): a resolved effect or a condition."""
    objects: list[dict[str, Any]] = data["objects"]
    other = {"id": "other", "name": "Other Beast", "timestamp": 2, "controller": "p2", "types": ["creature"]}
    effects: list[dict[str, Any]] = []
    game: dict[str, Any] = {}
    if kind == "copy":
        objects.append({**other, "name": "Clone", "power": 0, "toughness": 0})
        effects.append(
            {"id": "copy", "timestamp": 2, "applies_to": ["other"], "parts": [{"op": "copy_of", "object": "c"}]}
        )
    elif kind == "copies":  # 707.2, 613.7m: N resolved copy effects with one timestamp, on another creature
        for k, (name, size) in enumerate((("Small Model", 1), ("Middle Model", 2), ("Large Model", 3))):
            objects.append({**other, "id": f"model{k}", "name": name, "power": size, "toughness": size})
        objects.append({**other, "id": "other", "timestamp": 3})
        for k in range(len(data["abilities"])):
            copy = {"op": "copy_of", "object": f"model{k % 3}"}
            effects.append({"id": f"copy{k}", "timestamp": 4, "applies_to": ["other"], "parts": [copy]})
    elif kind == "control":
        objects.append({**other, "power": 2, "toughness": 2})
        effects.append(
            {"id": "steal", "timestamp": 3, "applies_to": ["c"], "parts": [{"op": "set_controller", "player": "p2"}]}
        )
    elif kind == "text":
        effects.append(
            {
                "id": "hack",
                "timestamp": 3,
                "applies_to": ["c"],
                "parts": [{"op": "replace_word", "from": "white", "to": "green"}],
            }
        )
    elif kind == "loses":
        data["abilities"].append(
            {
                "text": "other's ability",
                "applies_to": {"is_source": True},
                "parts": [{"op": "set_pt", "power": 5, "toughness": 5}],
            }
        )
        objects.append({**other, "power": 2, "toughness": 2, "abilities": ["other's ability"]})
        effects.append(
            {"id": "hush", "timestamp": 3, "applies_to": ["other"], "parts": [{"op": "remove_all_abilities"}]}
        )
    elif kind == "condition":
        data["abilities"][-1]["condition"] = {"left": {"cards_in_hand": "you"}, "op": "<=", "right": 3}
        game = {"hand": {"p1": 2}}
    for e in effects:
        e.update(controller="p1", description=e["id"])
    data["id"] += f"-{kind}"
    data["effects"] = effects
    if game:
        data["steps"][0]["game"] = game
    return data


def case(n: int, setting: int, mixed: bool = False, kind: str | None = None) -> dict[str, Any]:
    """A case: one creature (timestamp 1) with ``n`` static abilities, no expected answer (and one thing of
    ``kind``, if given)."""
    abilities = [ability(i, setting, mixed) for i in range(n)]
    data = {
        "id": f"bench-tied-{n}-{setting}",
        "title": f"one creature with {n} static abilities of its own",
        "status": "derived",
        "versions": ["current"],
        "features": ["timestamps"],
        "sources": [{"kind": "derived", "ref": "benchmark board (issue 28 item 14)"}],
        "abilities": abilities,
        "objects": [
            {
                "id": "c",
                "name": "Many-Abilities Beast",
                "timestamp": 1,
                "controller": "p1",
                "types": ["creature"],
                "power": 1,
                "toughness": 1,
                "abilities": [a["text"] for a in abilities],
            }
        ],
        "steps": [{"description": "the board", "expect": {"current": {}}}],
    }
    # one value per place (no shared lists): the case format allows no YAML anchors
    if kind in GROUP_KINDS:
        data = with_group_kind(data, kind)
    elif kind is not None:
        data = with_kind(data, kind)
    plain: dict[str, Any] = json.loads(json.dumps(data))
    return plain


def main() -> None:
    """Write the board as a case file."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("n", type=int)
    ap.add_argument("--setting", type=int, default=0, help="how many of the abilities set power and toughness")
    ap.add_argument("--mixed", action="store_true", help="spread the commuting abilities over layers 5, 6 and 7c")
    ap.add_argument(
        "--kind", choices=KINDS + GROUP_KINDS, default=None, help="add one thing of a kind, or make the group of it"
    )
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    out = args.out or Path(f"tied-{args.n}.yaml")
    out.write_text(yaml.safe_dump(case(args.n, args.setting, args.mixed, args.kind), sort_keys=False), "utf-8")
    print(out)


if __name__ == "__main__":
    main()
