"""400.7: a step's `move` (and a state-based action) makes a new object; both board views agree."""

from __future__ import annotations

from pathlib import Path

from mtg_layers.conformance.protocol import board_data
from mtg_layers.corpus import read_yaml
from reference.case import board_at
from reference.frozen import FrozenMap
from reference.model import Board, Characteristics, Counter, Effect, GameObject, Part
from reference.resolver import resolve
from reference.versions import builtin_versions
from reference.zones import change_zones

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
