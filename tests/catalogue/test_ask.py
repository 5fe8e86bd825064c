"""`mtg-layers ask`: the seeds' examples asked by card names alone, in English and French, with the seeds' answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.corpus import load_case

GODHEAD = [
    "Glorious Anthem",
    "Rune-Cervin Rider",
    "activate Rune-Cervin Rider",
    "activate Rune-Cervin Rider",
    "Mutavault",
    "activate Mutavault",
    "Mirrorweave > Mutavault",
    "activate Rune-Cervin Rider",
]


def _pt(args: list[str], rules: str, row: str) -> str:
    out = CliRunner().invoke(main, ["ask", "--no-trace", "--rules", rules, *args])
    assert out.exit_code == 0, out.output
    line = next(x for x in out.output.splitlines() if x.startswith(f"│ {row} "))
    return next(c.strip() for c in line.split("│") if "/" in c and c.strip()[0].isdigit())


@pytest.mark.parametrize(("ogre", "giant"), [("Gray Ogre", "Oathsworn Giant"), ("Ogre gris", "Géant assermenté")])
@pytest.mark.parametrize(("rules", "answer"), [("pre-m10", "1/4"), ("m10", "5/8")])
def test_gray_ogre(ogre: str, giant: str, rules: str, answer: str) -> None:
    # Titanic Growth and Ovinize have no French name in the catalogue yet (none looked up in a source)
    args = [f"{ogre} [+1/+1]", f"Titanic Growth > {ogre}", giant, f"Ovinize > {ogre}"]
    assert _pt(args, rules, "gray-ogre") == answer


@pytest.mark.parametrize("switch", ["Twisted Image", "Image perverse"])
def test_switch_four_six(switch: str) -> None:
    assert _pt(["Scroll Thief [+0/+1]", f"{switch} > Scroll Thief"], "m10", "scroll-thief") == "4/1"
    assert _pt(["Scroll Thief [+0/+1, 5 +1/+0]", f"{switch} > Scroll Thief"], "pre-m10", "scroll-thief") == "4/6"
    assert _pt(["Scroll Thief [+0/+1, 5 +1/+0]", f"{switch} > Scroll Thief"], "m10", "scroll-thief") == "4/6"


GODHEAD_FR = [
    "Antienne glorieuse",
    "Chevaucheur de cervin aux runes",
    "activate Chevaucheur de cervin aux runes",
    "activate Chevaucheur de cervin aux runes",
    "Mutecaveau",
    "activate Mutecaveau",
    "Tisse-miroir > Mutecaveau",
    "activate Chevaucheur de cervin aux runes",
]


@pytest.mark.parametrize(
    ("board", "godhead", "rider"),
    [
        (GODHEAD, "Godhead of Awe", "Rune-Cervin Rider"),
        (GODHEAD_FR, "Divinité de respect", "Chevaucheur de cervin aux runes"),
    ],
)
@pytest.mark.parametrize(("rules", "after", "again"), [("pre-m10", "2/2", "3/3"), ("m10", "4/4", "5/5")])
def test_godhead_mutavault(board: list[str], godhead: str, rider: str, rules: str, after: str, again: str) -> None:
    assert _pt(board, rules, "rune-cervin-rider") == {"pre-m10": "3/3", "m10": "5/5"}[rules]
    assert _pt([*board, godhead], rules, "rune-cervin-rider") == after
    assert _pt([*board, godhead, f"activate {rider}"], rules, "rune-cervin-rider") == again


def test_save_writes_a_case_that_loads(tmp_path: Path) -> None:
    out = tmp_path / "ask.yaml"
    result = CliRunner().invoke(
        main, ["ask", "--no-trace", "--save", str(out), "Humility", "Opalescence", "Grizzly Bears"]
    )
    assert result.exit_code == 0, result.output
    assert len(load_case(out).steps) == 3


def test_unknown_name_is_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["ask", "Humilty"])
    assert result.exit_code != 0 and "did you mean 'Humility'" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Grizzly Bears ["], "argument 1: expected [activate[ N] ]NAME"),
        (["Rancor > Nobody"], "argument 1: no earlier card named 'Nobody'"),
        (["Giant Growth"], "argument 1: this needs a target"),
        (["Grizzly Bears", "activate Grizzly Bears"], "argument 2: grizzly-bears has no activated ability"),
        (
            ["Grizzly Bears", "Ogre grs"],
            "argument 2: no card named 'Ogre grs' in the catalogue; did you mean 'Gray Ogre",
        ),
    ],
)
def test_bad_arguments_are_named(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["ask", *args])
    assert result.exit_code == 2, result.output
    assert f"error: ask: {message}" in result.output
    assert "Traceback" not in result.output


def test_activate_n_names_one_of_several_abilities() -> None:
    board = ["Inkmoth Nexus", "Blinkmoth Nexus", "activate Inkmoth Nexus"]
    assert _pt([*board, "activate 2 Blinkmoth Nexus > Inkmoth Nexus"], "current", "inkmoth-nexus") == "2/2"
    result = CliRunner().invoke(main, ["ask", *board, "activate Blinkmoth Nexus > Inkmoth Nexus"])
    assert result.exit_code == 2 and "say which with 'activate N'" in result.output


def test_each_and_characteristic_defining_abilities() -> None:
    board = ["Plague Rats", "Plague Rats", "Keldon Warlord", "Grizzly Bears @p2", "Overrun"]
    assert _pt(board, "current", "plague-rats") == "5/5"  # two Rats, +3/+3 from Overrun
    assert _pt(board, "current", "keldon-warlord") == "6/6"  # three non-Wall creatures of p1, +3/+3
    assert _pt(board, "current", "grizzly-bears") == "2/2"  # p2's: Overrun is p1's
