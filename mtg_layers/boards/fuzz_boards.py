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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from reference.case import Case, board_at
from reference.chosen import mentions_choice
from reference.fixed_amounts import AMOUNT_OPS
from reference.resolver import Resolution, resolve
from reference.versions import builtin_versions
from reference.vocabulary import subtype_fits
from reference_optimized import distinct_outcomes

from ..analysis.coverage import rule_timestamps
from ..checking.results import board_result
from ..corpus import CorpusError, authoring, case_from_data
from .fuzz_pieces import (
    GAME_VALUES,
    ability_texts,
    chance,
    printed_object,
    resolved_effect,
    static_ability,
    token_maker,
    weighted,
)
from .fuzz_settings import GeneratorSettings
from .fuzz_tags import content_tags, outcome_tags
from .vocabulary import COLORS, CREATURE_SUBTYPES, PLAYERS, Data

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
# The layer a focused board's static abilities all work in, and the tag that must be allowed for it.
FOCUS_TAG = {"type": "layer-4-type", "color": "layer-5-color", "ability": "layer-6-abilities", "pt": "layer-7b-set"}


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
    if chance(draw, s.weight("rule-timestamps"), 4):
        later = None  # 613.7b-f: the step leaves the new timestamp to the rules (reference.clock)
    changes = [("end", 1 if out_effects else 0), ("counters", s.weight("counters")), ("late", 1)]
    changes.append(("turn", s.weight("turn-face-up-down")))
    changes.append(("move", s.weight("zone-change") if s.weight("other-zones") else 0))
    changes.append(("sba", s.weight("state-based-actions")))
    changes.append(("legend", s.weight("legend-rule") if s.weight("state-based-actions") else 0))
    changes.append(("transform", s.weight("double-faced") if faces else 0))
    changes.append(("merge", s.weight("merged") if creatures else 0))
    changes.append(("game", s.weight("game-state") if game else 0))
    change = weighted(draw, changes)
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
            body = draw(printed_object(s, texts))
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
        body = draw(printed_object(s, texts))
        for key in ("counters", "face_down", "owner", "back_face", "transformed", "entered_as"):
            body.pop(key, None)
        body.update(types=["creature"], power=body.get("power", 2), toughness=body.get("toughness", 2))
        body["subtypes"] = [x for x in body["subtypes"] if subtype_fits(x, frozenset(body["types"]))]  # 205.3d
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
        late = draw(resolved_effect(s, ids, n_obj, texts))
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
    focus = draw(st.sampled_from(focuses)) if focuses and chance(draw, focus_weight, 4) else "mixed"
    least = min(2, s.max_abilities) if focus != "mixed" else 0
    specs = draw(st.lists(static_ability(s, focus, texts), min_size=least, max_size=s.max_abilities))
    abilities = []
    for i, a in enumerate(specs):
        text = f"cda {i}" if a.get("cda") else texts[i]
        abilities.append({"text": text, **a})
    defined = [a["text"] for a in abilities]
    objects = draw(st.lists(printed_object(s, defined or texts), min_size=1, max_size=s.max_objects))
    n_obj = len(objects)
    in_other_zones = s.weight("value-expression") + s.weight("layer-1-copy") if s.weight("other-zones") else 0
    in_other_zones += s.weight("abilities-of-others") if s.weight("other-zones") else 0
    # 612.6: a full-text ability reads the top card of a graveyard, so the board has one
    full_text = any(p["op"] == "full_text_of" for a in abilities for p in a["parts"])
    if full_text or chance(draw, in_other_zones, 12):
        grave = draw(printed_object(s, defined or texts))
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
    effects = draw(st.lists(resolved_effect(s, ids, n_obj, defined or texts, focus), max_size=s.max_effects))
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
    if chance(draw, s.weight("entry-counters") if s.weight("counters") else 0, 6):
        # 614.1c, 614.12: a replacement effect gives creatures entering in the first step counters
        text, applies_to, n_counters = draw(st.sampled_from(ENTRY_ABILITIES))
        extra.append(
            {"text": text, "applies_to": copy.deepcopy(dict(applies_to)), "enters_with": {"+1/+1": n_counters}}
        )
        for k in range(1, draw(st.integers(1, 2)) + 1):
            body = draw(printed_object(s, defined or texts))
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
    if chance(draw, s.weight("created-tokens"), 6):
        # 111.3: an ability of a permanent creates tokens in the first step, read from its text then (612.2a)
        maker = draw(token_maker())
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
    if chance(draw, s.weight("multi-step"), 10):
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
    # 611.2d: an effect whose X is read off the game resolves in the first step, and X is fixed then
    resolving = [e for e in out_effects if _open_amounts(e)]
    if resolving:
        steps[0]["add_effects"] = resolving
        out_effects = [e for e in out_effects if not _open_amounts(e)]
    return {**out, "abilities": abilities + extra, "objects": out_objects, "effects": out_effects, "steps": steps}


def _open_amounts(effect: Data) -> bool:
    """611.2d: the effect's power or toughness is a value expression, fixed as it resolves."""
    return any(
        p["op"] in AMOUNT_OPS and any(isinstance(p.get(k), Mapping) for k in ("power", "toughness"))
        for p in effect["parts"]
    )


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
                found = distinct_outcomes(board, version, resolver=resolve)
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

    if s.real_cards:
        from .real_card_boards import real_card_boards

        return real_card_boards(s)

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
