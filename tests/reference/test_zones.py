"""400.7: a step's `move` (and a state-based action) makes a new object (reference.zones); both board views
agree.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from mtg_layers.conformance.protocol import board_data
from mtg_layers.corpus import read_yaml
from reference.case import board_at
from reference.frozen import FrozenMap
from reference.model import Board, Characteristics, Counter, Effect, GameObject, Merge, Part
from reference.resolver import resolve
from reference.versions import builtin_versions
from reference.zones import change_zones, new_object

from ..builders import creature, make_board, obj

ROOT = Path(__file__).resolve().parents[2]

CASE = ROOT / "corpus" / "cases" / "model" / "zone-change-new-object.yaml"


def _obj(oid: str, **kw: object) -> GameObject:
    printed = Characteristics(
        name=oid,
        mana_value=2,
        colors=frozenset(),
        types=frozenset({"creature"}),
        subtypes=frozenset(),
        supertypes=frozenset(),
        abilities=frozenset(),
        power=2,
        toughness=2,
        controller="p1",
    )
    return GameObject(id=oid, printed=printed, owner="p1", timestamp=1, **kw)  # type: ignore[arg-type]


def _board() -> Board:
    bears = _obj("bears", counters=(Counter("+1/+1", 2, 1),), entered_as=FrozenMap({"power": 5}))
    aura = _obj("aura", attached_to="bears")
    pump = Effect("pump", 3, ("bears", "aura"), (Part("modify_pt", FrozenMap({"power": 3, "toughness": 3})),))
    return Board(objects={"bears": bears, "aura": aura}, effects=(pump,), abilities={})


def test_a_moved_object_is_a_new_object() -> None:
    board = change_zones(_board(), {"bears": "hand"})
    bears = board.objects["bears"]
    assert bears.zone == "hand" and bears.counters == () and not bears.entered_as
    assert board.objects["aura"].attached_to is None  # attached to the old object, so to nothing
    assert board.effects[0].applies_to == ("aura",)  # 611.2c: the resolved effect forgets it


def test_moving_to_the_same_zone_changes_nothing() -> None:
    board = _board()
    assert change_zones(board, {"bears": "battlefield"}) is board


def test_back_on_the_battlefield_nothing_from_before_applies() -> None:
    board = change_zones(change_zones(_board(), {"bears": "graveyard"}), {"bears": "battlefield"})
    final = resolve(board, builtin_versions()["ikoria"]).final
    assert (final["bears"].power, final["bears"].toughness) == (2, 2)


def test_the_protocol_board_forgets_the_same_things() -> None:
    data = read_yaml(CASE)
    for step in (2, 3):
        flat = board_data(data, step)
        bears = next(o for o in flat["objects"] if o["id"] == "bears")
        splitter = next(o for o in flat["objects"] if o["id"] == "splitter")
        assert bears["counters"] == [] and splitter["attached_to"] is None
        assert all("bears" not in e["applies_to"] for e in flat["effects"])
    from mtg_layers.corpus import load_case

    case = load_case(CASE)
    ref = board_at(case, 3)
    assert ref.objects["bears"].counters == () and ref.objects["splitter"].attached_to is None
    assert all("bears" not in e.applies_to for e in ref.effects)


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.

# 400.7 (zones)


def test_a_new_object_forgets_its_as_enters_choice() -> None:
    """400.7, 614.1c: an "as this enters" choice belonged to the old object; the new one has none."""
    chosen = obj("mimic", chosen=FrozenMap({"creature type": "elf"}))
    assert new_object(chosen, "graveyard").chosen == FrozenMap()


# 400.7: zone changes


def test_a_zone_change_forgets_what_belonged_to_the_old_object() -> None:
    """400.7, 122.2, 611.2c: the moved object has no counters, attachments or choices; effects and Auras forget it."""
    comp = obj("spell", 6, zone="stack")
    host = obj(
        "host",
        2,
        counters=(Counter("+1/+1", 1, 3),),
        attached_to="land",
        face_history=((4, True),),
        entered_as=FrozenMap({"copy": "x"}),
        chosen=FrozenMap({"color": "red"}),
        transformed=True,
        transform_history=((5, True),),
        merges=(Merge(6, True, comp),),
        exiled_with="nobody",
    )
    aura = obj("aura", 7, attached_to="host")
    other = obj("sword", 8, attached_to="land")
    hit = Effect(id="e1", timestamp=9, applies_to=("host", "sword"), parts=())
    miss = Effect(id="e2", timestamp=10, applies_to=("sword",), parts=())
    b = Board(
        objects={o.id: o for o in (host, aura, other, obj("land"))},
        effects=(hit, miss),
        abilities={},
    )
    after = change_zones(b, {"host": "graveyard", "land": "battlefield"})
    moved = after.objects["host"]
    assert moved == replace(
        host,
        zone="graveyard",
        counters=(),
        attached_to=None,
        face_history=(),
        entered_as=FrozenMap(),
        chosen=FrozenMap(),
        transformed=False,
        transform_history=(),
        merges=(),
    )
    assert after.objects["spell"] == replace(comp, zone="graveyard")
    assert after.objects["aura"].attached_to is None and after.objects["sword"].attached_to == "land"
    assert after.objects["land"] is b.objects["land"]
    assert after.effects == (replace(hit, applies_to=("sword",)), miss)
    assert after.effects[1] is miss
    assert change_zones(b, {"land": "battlefield"}) is b


def test_an_object_leaving_exile_forgets_what_it_was_exiled_with() -> None:
    """607.2a: "exiled with" belongs to the card in exile: leaving exile forgets it, going there keeps it."""
    exiled = obj("card", zone="exile", exiled_with="ring")
    assert new_object(exiled, "battlefield").exiled_with is None
    assert new_object(obj("card", exiled_with="ring"), "exile").exiled_with == "ring"


# --- 400.7: an object that changes zones is a new object (reference.zones.new_object) -----------------------


def test_400_7_a_new_object_forgets_its_attachment_turns_and_face() -> None:
    """400.7: the new object is attached to nothing, has no history of turns face down or up (708) and, 712,
    a double-faced card is front face up."""
    from reference.zones import new_object

    aura = replace(
        make_board([creature("aura", 1)]).objects["aura"],
        attached_to="bear",
        face_history=((2, True),),
        transformed=True,
        counters=(Counter("+1/+1", 1, 3),),
    )
    moved = new_object(aura, "graveyard")
    assert (moved.zone, moved.attached_to, moved.face_history, moved.counters) == ("graveyard", None, (), ())
    assert moved.transformed is False


def test_400_7_leaving_exile_ends_the_link_to_what_exiled_it() -> None:
    """400.7, 607.2a: a card that leaves exile is no longer "exiled with" anything; moved into exile by the
    card that exiles it, it keeps the link the step gave it."""
    from reference.zones import new_object

    card = make_board([creature("card", 1)]).objects["card"]
    exiled = replace(card, zone="exile", exiled_with="warden")
    assert new_object(exiled, "battlefield").exiled_with is None
    assert new_object(replace(card, exiled_with="warden"), "exile").exiled_with == "warden"
