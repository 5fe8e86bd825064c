"""The boards of the property tests and of ``prove``: hypothesis strategies for random boards in the corpus vocabulary.

A board is drawn as corpus-format data (objects, resolved effects, an ``abilities``
catalog) and built into a ``reference.model.Board`` through the real loader, so
every generated board is a valid corpus case. The vocabulary is deliberately small
(``vocabulary``, and an Aura's subtype; a few static abilities) so that
filters often match what other effects change: dependencies and dependency loops
are common, not rare.

Objects' and effects' timestamps are distinct (``st.permutations``); an object's
static abilities share its timestamp, and the ties that leaves are enumerated
(``reference.choices``), never broken by ids. ``tests/reference/test_timestamps.py`` draws boards
with tied timestamps on purpose.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from hypothesis import strategies as st

from reference.case import board_at
from reference.model import Board

from ..corpus import case_from_data
from .vocabulary import COLORS, CREATURE_SUBTYPES, KEYWORDS, LAND_SUBTYPES, PLAYERS, TYPES, Data

# the shared words, and an Aura's subtype
SUBTYPES = (*CREATURE_SUBTYPES, *LAND_SUBTYPES, "aura")
VERSIONS = ("pre-m10", "m10", "ikoria")


# Each strategy below is built once per set of arguments (``functools.cache``, over tuples) and drawn from as often as
# boards are drawn: building and validating a new hypothesis strategy for each board cost more than drawing from it,
# and the same strategy draws the same values from the same choices, so the boards drawn are the same.


@cache
def _leaf(abilities: tuple[str, ...]) -> st.SearchStrategy[Data]:
    return st.one_of(
        st.sampled_from(TYPES).map(lambda t: {"type": t}),
        st.sampled_from(COLORS).map(lambda c: {"color": c}),
        st.sampled_from(SUBTYPES).map(lambda s: {"subtype": s}),
        st.sampled_from(KEYWORDS + abilities).map(lambda a: {"has_ability": a}),
        st.sampled_from(("you", "opponent")).map(lambda p: {"controller": p}),
        st.just({"other_than_source": True}),
        st.just({"is_source": True}),
        st.integers(1, 3).map(lambda n: {"mana_value": {"op": ">=", "value": n}}),
        st.just({"colorless": True}),
    )


def filters(abilities: list[str]) -> st.SearchStrategy[Data]:
    """A filter: a leaf, or all/any/not of leaves (a creature filter is the most common)."""
    return _filters(tuple(abilities))


@cache
def _filters(abilities: tuple[str, ...]) -> st.SearchStrategy[Data]:
    leaf = _leaf(abilities)
    return st.one_of(
        leaf,
        st.tuples(st.just({"type": "creature"}), leaf).map(lambda p: {"all": list(p)}),
        st.lists(leaf, min_size=2, max_size=2).map(lambda fs: {"any": fs}),
        leaf.map(lambda f: {"not": f}),
        st.just({}),
    )


def values(abilities: list[str]) -> st.SearchStrategy[Any]:
    """A number or a value expression (counts, "its" values)."""
    return _values(tuple(abilities))


@cache
def _values(abilities: tuple[str, ...]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.integers(-2, 3),
        st.integers(-2, 3),
        _filters(abilities).map(lambda f: {"count": f}),
        st.sampled_from(("power", "toughness", "mana_value")).map(lambda w: {"its": w}),
    )


def parts(abilities: list[str], objects: list[str], resolved: bool) -> st.SearchStrategy[Data]:
    """One part of an effect, in any layer (copy and face-down only for resolved effects).

    A resolved effect of a starting board resolved before it: its amounts are numbers (611.2d).
    """
    return _parts(tuple(abilities), tuple(objects), resolved)


@cache
def _parts(abilities: tuple[str, ...], objects: tuple[str, ...], resolved: bool) -> st.SearchStrategy[Data]:
    amount = st.integers(-2, 3) if resolved else _values(abilities)
    sub = st.lists(st.sampled_from(SUBTYPES), min_size=1, max_size=2, unique=True)
    options: list[st.SearchStrategy[Data]] = [
        st.sampled_from(PLAYERS + ("you",)).map(lambda p: {"op": "set_controller", "player": p}),
        st.tuples(st.sampled_from(COLORS), st.sampled_from(COLORS))
        .filter(lambda w: w[0] != w[1])
        .map(lambda w: {"op": "replace_word", "from": w[0], "to": w[1]}),
        st.tuples(
            st.sampled_from(("add_types", "set_types", "remove_types")),
            st.lists(st.sampled_from(TYPES), min_size=1, max_size=2, unique=True),
        ).map(lambda x: {"op": x[0], "types": x[1]}),
        st.tuples(st.sampled_from(("add_subtypes", "set_subtypes", "remove_subtypes", "set_land_subtype")), sub).map(
            lambda x: {"op": x[0], "subtypes": x[1]}
        ),
        st.just({"op": "all_creature_types"}),
        st.sampled_from(("add_supertypes", "remove_supertypes")).map(
            lambda op: {"op": op, "supertypes": ["legendary"]}
        ),
        st.tuples(
            st.sampled_from(("set_colors", "add_colors")),
            st.lists(st.sampled_from(COLORS), max_size=2, unique=True),
        ).map(lambda x: {"op": x[0], "colors": x[1]}),
        st.tuples(
            st.sampled_from(("add_abilities", "remove_abilities")),
            st.lists(st.sampled_from(KEYWORDS + abilities), min_size=1, max_size=2, unique=True),
        ).map(lambda x: {"op": x[0], "abilities": x[1]}),
        st.just({"op": "remove_all_abilities"}),
        st.tuples(amount, amount).map(lambda v: {"op": "set_pt", "power": v[0], "toughness": v[1]}),
        st.tuples(amount, amount).map(lambda v: {"op": "modify_pt", "power": v[0], "toughness": v[1]}),
        st.integers(-2, 3).map(lambda n: {"op": "modify_pt", "power": n, "toughness": n}),
        st.just({"op": "switch_pt"}),
    ]
    if resolved:
        options.append(st.sampled_from(objects).map(lambda o: {"op": "copy_of", "object": o}))
        options.append(st.just({"op": "face_down"}))
    return st.one_of(*options)


FOCUSES = ("mixed", "type", "color", "ability", "pt")


def focused_filter(focus: str, abilities: list[str]) -> st.SearchStrategy[Data]:
    """A filter that reads what the focused layer changes, so same-layer effects depend on each other."""
    return _focused_filter(focus, tuple(abilities))


@cache
def _focused_filter(focus: str, abilities: tuple[str, ...]) -> st.SearchStrategy[Data]:
    if focus == "type":
        return st.one_of(
            st.sampled_from(CREATURE_SUBTYPES).map(lambda t: {"subtype": t}),
            st.sampled_from(TYPES[:2]).map(lambda t: {"type": t}),
        )
    if focus == "color":
        return st.sampled_from(COLORS).map(lambda c: {"color": c})
    if focus == "ability":
        return st.sampled_from(KEYWORDS[:2] + abilities).map(lambda a: {"has_ability": a})
    return st.just({"type": "creature"})


def focused_parts(focus: str, abilities: list[str]) -> st.SearchStrategy[Data]:
    """A part in the focused layer, writing what focused filters read."""
    return _focused_parts(focus, tuple(abilities))


@cache
def _focused_parts(focus: str, abilities: tuple[str, ...]) -> st.SearchStrategy[Data]:
    if focus == "type":
        return st.one_of(
            st.tuples(st.sampled_from(("set_subtypes", "add_subtypes")), st.sampled_from(CREATURE_SUBTYPES)).map(
                lambda x: {"op": x[0], "subtypes": [x[1]]}
            ),
            st.tuples(st.sampled_from(("add_types", "remove_types")), st.sampled_from(TYPES[:2])).map(
                lambda x: {"op": x[0], "types": [x[1]]}
            ),
        )
    if focus == "color":
        return st.tuples(st.sampled_from(("set_colors", "add_colors")), st.sampled_from(COLORS)).map(
            lambda x: {"op": x[0], "colors": [x[1]]}
        )
    if focus == "ability":
        return st.tuples(
            st.sampled_from(("add_abilities", "remove_abilities", "remove_all_abilities")),
            st.sampled_from(KEYWORDS[:2] + abilities),
        ).map(lambda x: {"op": x[0]} if x[0] == "remove_all_abilities" else {"op": x[0], "abilities": [x[1]]})
    counted = st.one_of(
        st.just({"count": {"type": "creature"}}),
        st.sampled_from(("power", "toughness")).map(lambda w: {"its": w}),
        st.integers(-1, 2),
    )
    return st.tuples(st.sampled_from(("set_pt", "modify_pt")), counted, counted).map(
        lambda x: {"op": x[0], "power": x[1], "toughness": x[2]}
    )


@cache
def _defined_pt(abilities: tuple[str, ...]) -> st.SearchStrategy[Data]:
    """A characteristic-defining ability's part: a power and toughness."""
    return st.tuples(_values(abilities), _values(abilities)).map(
        lambda v: {"op": "set_pt", "power": v[0], "toughness": v[1]}
    )


@st.composite
def board_data(draw: st.DrawFn, max_objects: int = 3, max_effects: int = 3, max_abilities: int = 3) -> Data:
    """Corpus-format data for one board (one step, no expectations)."""
    n_obj = draw(st.integers(1, max_objects))
    n_abil = draw(st.integers(min(1, max_abilities), max_abilities))
    n_eff = draw(st.integers(0, max_effects))
    n_graveyard = draw(st.integers(0, 1))
    ids = [f"o{i}" for i in range(1, n_obj + n_graveyard + 1)]
    texts = [f"static {i}" + draw(st.sampled_from(("", " white", " blue"))) for i in range(n_abil)]
    # Most boards focus their static abilities on one layer, where dependencies and loops live.
    focus = draw(st.sampled_from(FOCUSES))
    abilities: list[Data] = []
    for text in texts:
        if focus != "mixed":
            ps = draw(st.lists(focused_parts(focus, texts), min_size=1, max_size=2))
            abilities.append({"text": text, "applies_to": draw(focused_filter(focus, texts)), "parts": ps})
            continue
        cda = draw(st.booleans()) and draw(st.booleans())
        if cda:
            part = draw(_defined_pt(tuple(texts)))
            abilities.append({"text": text, "cda": True, "parts": [part]})
            continue
        ps = draw(st.lists(parts(texts, ids, False), min_size=1, max_size=2))
        abilities.append({"text": text, "applies_to": draw(filters(texts)), "parts": ps})
    stamps = draw(st.permutations(list(range(1, 1 + len(ids) + n_eff + len(ids)))))
    objects = []
    for i, oid in enumerate(ids):
        types = draw(st.lists(st.sampled_from(TYPES + ("creature",) * 2), min_size=1, max_size=2, unique=True))
        o: Data = {
            "id": oid,
            "name": f"Card {oid}",
            "controller": draw(st.sampled_from(PLAYERS)),
            "timestamp": stamps[i],
            "mana_value": draw(st.integers(0, 4)),
            "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True)),
            "types": types,
            "subtypes": draw(st.lists(st.sampled_from(SUBTYPES), max_size=2, unique=True)),
            "abilities": draw(st.lists(st.sampled_from(KEYWORDS + tuple(texts) * 3), max_size=3, unique=True)),
        }
        if "creature" in types or draw(st.booleans()):
            o["power"] = draw(st.integers(0, 4))
            o["toughness"] = draw(st.integers(1, 4))
        if i >= n_obj:
            o["zone"] = "graveyard"
        elif draw(st.integers(0, 3)) == 0:
            kinds = draw(st.lists(st.sampled_from(("+1/+1", "-1/-1", "flying")), min_size=1, max_size=2, unique=True))
            o["counters"] = [
                {"kind": k, "count": draw(st.integers(1, 2)), "timestamp": stamps[len(ids) + n_eff + i] + 0.5 * j}
                for j, k in enumerate(kinds)
            ]
        if i < n_obj and draw(st.integers(0, 9)) == 0:
            o["face_down"] = True
        objects.append(o)
    battlefield = ids[:n_obj]
    if focus != "mixed":
        # every focused static ability is on some permanent, so its effect exists
        for text in texts:
            if not any(text in o["abilities"] for o in objects[:n_obj]):
                objects[draw(st.integers(0, n_obj - 1))]["abilities"].append(text)
    effects = []
    for k in range(n_eff):
        targets = draw(st.lists(st.sampled_from(battlefield), min_size=1, max_size=len(battlefield), unique=True))
        ps = draw(st.lists(parts(texts, ids, True), min_size=1, max_size=2))
        for j, p in enumerate(ps):
            if p["op"] == "copy_of":
                # a copy effect copies a lower-numbered object: no copies of each other (which have an answer,
                # 707.2b, but are kept out of the shapes these boards were tuned on)
                lowest = min(ids.index(t) for t in targets)
                if lowest == 0:
                    ps[j] = {"op": "switch_pt"}
                else:
                    p["object"] = ids[draw(st.integers(0, lowest - 1))]
        effects.append(
            {
                "id": f"e{k + 1}",
                "controller": draw(st.sampled_from(PLAYERS)),
                "timestamp": stamps[n_obj + n_graveyard + k],
                "applies_to": sorted(targets),
                "parts": ps,
            }
        )
    # a copy: no value held by a cached strategy (``st.just``'s) is shared with another board, whatever its user does
    return copy.deepcopy(
        {
            "id": "generated",
            "title": "generated board",
            "status": "derived",
            "versions": list(VERSIONS),
            "features": ["dependency"],
            "sources": [{"kind": "derived", "ref": "tests/strategies.py"}],
            "abilities": abilities,
            "objects": objects,
            "effects": effects,
            "steps": [{"description": "the board", "expect": {v: {} for v in VERSIONS}}],
        }
    )


def board_from_data(data: Data) -> Board:
    """Build the board through the corpus loader (schema and meaning checks included)."""
    return board_at(case_from_data(data, "generated"), 1)


def boards(max_objects: int = 3, max_effects: int = 3, max_abilities: int = 3) -> st.SearchStrategy[Board]:
    """Random boards (reference.model.Board values) in the corpus vocabulary."""
    return board_data(max_objects, max_effects, max_abilities).map(board_from_data)


versions = st.sampled_from(VERSIONS)


def draw_stored_boards(n: int = 100) -> dict[str, Any]:
    """Draw ``n`` boards with a rules version each (fixed seed), in the shape of mtg_layers/data/prove-boards.json."""
    from hypothesis import HealthCheck, given, settings

    out: list[dict[str, Any]] = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(board_data(), versions)
    def collect(data: Data, version: str) -> None:
        board_from_data(data)  # only boards the loader accepts
        out.append({"version": version, "board": data})

    collect()
    return {
        "_comment": "Boards for `mtg-layers prove`, drawn once by `python -m mtg_layers.boards.property_boards`; "
        "stored so that the theorem table does not depend on the installed Hypothesis version.",
        "boards": out[:n],
    }


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    import json
    import sys
    from pathlib import Path

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    target = Path(__file__).resolve().parent.parent / "data" / "prove-boards.json"
    drawn = draw_stored_boards(count)
    lines = ",\n".join(json.dumps(b, sort_keys=True, separators=(",", ":")) for b in drawn["boards"])
    target.write_text(
        '{"_comment": ' + json.dumps(drawn["_comment"]) + ',\n"boards": [\n' + lines + "\n]}\n", encoding="utf-8"
    )
    print(f"wrote {len(drawn['boards'])} boards to {target}")
