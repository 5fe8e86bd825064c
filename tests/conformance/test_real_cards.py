"""``conformance --generated N --real-cards``: boards of catalogue cards only, which the reference adapter takes."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from mtg_layers.analysis.coverage import feature_tags
from mtg_layers.boards.fuzz_settings import DEFAULT_WEIGHTS, GeneratorSettings
from mtg_layers.boards.real_card_boards import card_pool
from mtg_layers.catalogue.load import catalogue
from mtg_layers.catalogue.refs import face_values
from mtg_layers.cli import main
from mtg_layers.conformance.fuzz import boards_for_seed
from reference.versions import builtin_versions

SETTINGS = GeneratorSettings(frozenset(feature_tags()), tuple(builtin_versions()), DEFAULT_WEIGHTS, real_cards=True)
PRINTED = ("name", "mana_cost", "mana_value", "colors", "types", "subtypes", "supertypes", "abilities")


def _objects(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [*data["objects"], *(o for s in data["steps"] for o in s.get("add_objects", ()))]


def test_every_object_is_a_catalogue_card_as_printed_with_its_oracle_text() -> None:
    cat = catalogue()
    boards = boards_for_seed(SETTINGS, 12, 4)
    assert len(boards) == 12
    for g in boards:
        oracle = {c["name"]: c["oracle"] for c in g.data["cards"]}
        for obj in _objects(dict(g.data)):
            card = cat.card(obj["card"])  # no made-up object: each names a catalogue card
            printed = face_values(card)
            assert {k: obj.get(k) for k in PRINTED if k in printed} == {k: printed[k] for k in PRINTED if k in printed}
            assert oracle[card["name"]] == card["oracle"]
            assert "made_up" not in obj
        stamps = [o["timestamp"] for o in _objects(dict(g.data))]
        assert stamps == sorted(stamps)  # in the order the cards entered (613.7d)


def test_attachments_are_legal_when_the_card_comes() -> None:
    """303.4a: an Aura enchants what its 'enchant' allows; 301.5: an Equipment is attached to a creature; both
    read as the layers make the host the moment the Aura or Equipment enters."""
    from mtg_layers.catalogue.cli import answer
    from reference.versions import get_version

    cat = catalogue()
    seen = 0
    for g in boards_for_seed(SETTINGS, 30, 7):
        version = get_version(g.rules)
        for n, step in enumerate(g.data["steps"], start=1):
            for o in step.get("add_objects", ()):
                if o.get("attached_to") is None:
                    continue
                seen += 1
                host = answer(g.data, n - 1, version)[o["attached_to"]]
                card = cat.card(o["card"])
                lines = re.sub(r"\s*\([^)]*\)", "", str(card["oracle"]).lower()).splitlines()  # no reminder text
                enchant = [line for line in lines if line.startswith("enchant ")]
                wanted = enchant[0].removeprefix("enchant ").rstrip(".") if enchant else "creature"
                kinds = set(host["types"]) | ({"permanent"} if host["types"] else set())
                assert any(w in kinds for w in wanted.split(" or ")), (g.data["title"], o["id"], host)
    assert seen > 0


def test_the_pool_is_catalogue_cards_only() -> None:
    cat = catalogue()
    assert len(card_pool()) > 250
    assert all(cat.card(name)["name"] == name for name in card_pool())


def test_the_reference_adapter_takes_every_real_card_board(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    argv = [sys.executable, "-m", "mtg_layers.adapter"]
    result = CliRunner().invoke(
        main,
        ["conformance", "--generated", "6", "--real-cards", "--seed", "1", "--report-json", str(report), "--", *argv],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text("utf-8"))
    assert data["summary"]["verdicts"]["pass"] == 6
    assert data["generated"]["settings"]["real_cards"] is True


def test_real_cards_needs_generated() -> None:
    result = CliRunner().invoke(main, ["conformance", "--real-cards", "--", sys.executable, "-m", "mtg_layers.adapter"])
    assert result.exit_code == 2 and "--real-cards" in result.output and "--generated" in result.output
