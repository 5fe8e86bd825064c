"""The encoding's own reading of a case's steps (proofs.steps): golden derivations and refutations.

Every expected value below is worked out from the rules cited in the test, never taken from
the resolver: timestamps count up from the newest on the board (613.7), one per event in the
order the step's changes happen (objects, then tokens, then counters, attachments, moves,
turns, effects).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.checking.z3_crosscheck import crosscheck_case, derived_boards, open_entry_orders, step_mismatches
from mtg_layers.corpus import case_from_data
from proofs.steps import EVENTS, NotDerived, board_differences, derive_boards, derive_step
from reference.case import board_at, initial_board
from reference.model import Counter

from ..builders import VERSIONS, corpus, corpus_case, creature, loaded_case

ROOST = "tokens-text-changed-dragon-roost-creates-the-changed-token"
RENATA = "entry-renata-other-creatures-enter-with-a-counter"
GRUMGULLY = "entry-grumgully-counter-decided-as-the-creature-would-enter"
RENATA_TOKEN = "tokens-dragon-token-enters-with-renatas-counter-and-keeps-its-name"


def test_a_token_is_made_from_its_sources_text_as_changed_then() -> None:
    """111.3, 111.4, 612.2a, 613.7b, 613.7d: the Roost changed Dragon to Goblin, so the next token is a Goblin."""
    case = corpus_case(ROOST)
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["current"])
    first, second = boards[0].objects["token1"], boards[2].objects["token2"]
    # step 1: the token enters after the Roost (1): 2; step 2: the text change is created: 3; step 3: token2: 4
    assert (first.timestamp, second.timestamp) == (2, 4)
    assert [e.timestamp for e in boards[1].effects] == [3]
    assert first.printed.name == "Dragon Token" and first.printed.subtypes == {"dragon"}
    assert second.token and second.owner == "p1" and second.printed.controller == "p1"
    assert second.printed.name == "Goblin Token"  # 111.4 (from 2021-11-15): named for its subtypes, plus "Token"
    assert second.printed.subtypes == {"goblin"} and second.printed.colors == {"red"}
    assert second.printed.types == {"creature"} and second.printed.abilities == {"flying"}
    assert (second.printed.power, second.printed.toughness, second.printed.mana_value) == (5, 5, 0)
    third = derive_boards(initial_board(case), case.steps, VERSIONS["m10"])[4].objects["token3"]
    assert third.printed.name == "Goblin"  # 111.4 before 2021-11-15: the subtypes alone
    assert third.printed.colors == {"blue"}  # Sleight of Mind: red became blue in the Roost's text (612.2a)


def test_entry_counters_need_the_replacement_ability_there_before() -> None:
    """614.1c, 614.12, 613.7c: the Bears entering with Renata get nothing; the Elves after her get a counter."""
    case = corpus_case(RENATA)
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])
    # step 1: Renata 2, Bears 3 (the Forest is 1); step 2: the Elves 4; step 3: p2's Bears 5
    assert boards[0].objects["bears"].counters == ()
    assert boards[1].objects["elves"].counters == (Counter("+1/+1", 1, 4),)
    assert boards[2].objects["bears2"].counters == ()  # Renata's ability covers creatures p1 controls


def test_entry_counters_read_the_object_as_it_would_exist() -> None:
    """614.12: the Automaton's own Human choice counts; a Clone's copy effect counts; Xenograft's existing effect
    counts from Ixalan (2017-09-29), not before (m10: the Dearly Departed ruling's reading)."""
    case = corpus_case(GRUMGULLY)
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["m10"])
    assert boards[1].objects["bears"].counters == (Counter("+1/+1", 1, 3),)  # a Bear as it enters: non-Human
    assert boards[2].objects["vanguard"].counters == ()  # printed Human
    assert boards[3].objects["automaton"].counters == ()  # Human by its own static ability
    assert boards[4].objects["clone"].counters == (Counter("+1/+1", 1, 6),)  # a Bear by the copy effect: non-Human
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["current"])
    assert boards[1].objects["bears"].counters == ()  # Xenograft's effect already exists: Human as it enters
    assert boards[3].objects["automaton"].counters == ()
    assert boards[4].objects["clone"].counters == ()  # a Bear by the copy effect, Human by Xenograft


def test_a_token_enters_with_the_counter_an_ability_gives() -> None:
    """111.3, 614.1c: the Dragon token is a creature p1 controls entering after Renata: one +1/+1 counter."""
    case = corpus_case(RENATA_TOKEN)
    dragon = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])[0].objects["dragon"]
    assert dragon.printed.name == "Dragon" and dragon.counters == (Counter("+1/+1", 1, 3),)


def _own_ability_case(filt: dict[str, Any]) -> Any:
    text = "creatures enter with an additional +1/+1 counter."
    maker, elf = creature("maker", 0, abilities=[text]), creature("elf", 0)
    for o in (maker, elf):
        o.pop("timestamp")  # 613.7d: each gets the timestamp of the moment it enters
    none: dict[str, Any] = {"current": {}}
    data: dict[str, Any] = {
        "id": "own-entry",
        "title": "own entry ability",
        "versions": ["current"],
        "features": ["entry-counters"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "abilities": [{"text": text, "applies_to": filt, "enters_with": {"+1/+1": 1}}],
        "objects": [creature("bear", 1)],
        "steps": [
            {"description": "it enters", "add_objects": [maker], "expect": none},
            {"description": "another enters", "add_objects": [elf], "expect": none},
        ],
    }
    return case_from_data(data, "own-entry")


DEPARTED = "entry-dearly-departed-counter-from-the-graveyard-until-yixlid-jailer"
ELDER = "ruling-elder-of-laurels-x-fixed-on-resolution"


def _counts(board: Any, oid: str) -> list[tuple[str, int]]:
    return [(c.kind, c.count) for c in board.objects[oid].counters]


def test_entry_counters_come_from_where_the_ability_works() -> None:
    """113.6b, 614.1c, 613.8a: Dearly Departed gives the counter from the graveyard, until Yixlid Jailer
    (layer 6) takes its abilities away; an opponent's Human gets none ("you control")."""
    case = corpus_case(DEPARTED)
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])
    assert _counts(boards[1], "vanguard") == [("+1/+1", 1)]
    assert _counts(boards[2], "vanguard2") == []
    assert _counts(boards[4], "vanguard3") == []  # the Jailer entered in step 4
    assert _counts(boards[4], "vanguard") == [("+1/+1", 1)]  # kept: it entered before


def _amount(board: Any, eid: str) -> tuple[Any, Any]:
    part = next(e for e in board.effects if e.id == eid).parts[0]
    return part.args["power"], part.args["toughness"]


def test_a_resolved_effects_amount_is_fixed_as_it_resolves() -> None:
    """611.2d: the Elder's X counts two creatures as it resolves; the Elves entering later change nothing."""
    case = corpus_case(ELDER)
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])
    assert [_amount(b, "laurels") for b in boards] == [(2, 2)] * 3


def test_an_amount_reads_the_steps_other_events_and_the_effects_listed_before_it() -> None:
    """611.2d, 608.2h: an effect resolves after the step's other events (the Elves entering in the same step
    count), after the new effects listed before it (the second reads the first's +3), before state-based actions."""
    text = "each other creature you control enters with an additional +1/+1 counter on it."
    count = {"count": {"type": "creature", "controller": "you"}}
    data: dict[str, Any] = {
        "id": "amounts-in-a-step",
        "title": "amounts fixed within a step",
        "versions": ["ikoria"],
        "features": ["entry-counters"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "abilities": [
            {
                "text": text,
                "applies_to": {"type": "creature", "controller": "you", "other_than_source": True},
                "enters_with": {"+1/+1": 1},
            }
        ],
        "objects": [creature("maker", 1, abilities=[text]), creature("bear", 2)],
        "steps": [
            {
                "description": "the Elves enter; two effects resolve, the second reading the Bear's power",
                "add_objects": [creature("elves", 3, 1, 1)],
                "add_effects": [
                    {
                        "id": "x",
                        "controller": "p1",
                        "source": "maker",
                        "timestamp": 4,
                        "applies_to": ["bear"],
                        "parts": [{"op": "modify_pt", "power": count, "toughness": 0}],
                    },
                    {
                        "id": "y",
                        "controller": "p1",
                        "source": "maker",
                        "timestamp": 5,
                        "applies_to": ["bear"],
                        "parts": [{"op": "modify_pt", "power": {"its": "power"}, "toughness": 0}],
                    },
                ],
                "expect": {"ikoria": {}},
            }
        ],
    }
    case = case_from_data(data, "amounts-in-a-step")
    (board,) = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])
    assert _counts(board, "elves") == [("+1/+1", 1)]  # 614.1c: the maker was there before
    assert _amount(board, "x")[0] == 3  # the maker, the Bear and the Elves
    assert _amount(board, "y")[0] == 5  # the Bear's printed 2 and x's 3
    assert step_mismatches(board, board_at(case, 1, VERSIONS["ikoria"])) == []


def test_an_objects_own_general_entry_ability_does_not_apply_to_it() -> None:
    """614.12: from the permanent itself only when it affects that permanent alone; a general one applies to others."""
    case = _own_ability_case({"type": "creature"})
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["current"])
    assert boards[0].objects["maker"].counters == ()
    assert boards[1].objects["elf"].counters == (Counter("+1/+1", 1, 3),)
    only_itself = _own_ability_case({"is_source": True})
    boards = derive_boards(initial_board(only_itself), only_itself.steps, VERSIONS["current"])
    assert boards[0].objects["maker"].counters == (Counter("+1/+1", 1, 2),)
    assert boards[1].objects["elf"].counters == ()


def test_a_card_put_onto_the_battlefield_enters_with_the_counter() -> None:
    """614.1c, 400.7, 613.7d: a card moved from a hand onto the battlefield enters it: the counter applies."""
    text = "each other creature you control enters with an additional +1/+1 counter on it."
    bear = creature("bear", 2, zone="hand", owner="p1")
    del bear["controller"]
    data: dict[str, Any] = {
        "id": "moved-entry",
        "title": "a card put onto the battlefield",
        "versions": ["current"],
        "features": ["entry-counters"],
        "sources": [{"kind": "derived", "ref": "unit test"}],
        "abilities": [
            {
                "text": text,
                "applies_to": {"type": "creature", "controller": "you", "other_than_source": True},
                "enters_with": {"+1/+1": 1},
            }
        ],
        "objects": [creature("maker", 1, abilities=[text]), bear],
        "steps": [
            {
                "description": "the Bear is put onto the battlefield",
                "move": {"bear": "battlefield"},
                "expect": {"current": {}},
            }
        ],
    }
    case = case_from_data(data, "moved-entry")
    (board,) = derive_boards(initial_board(case), case.steps, VERSIONS["current"])
    moved = board.objects["bear"]
    assert (moved.zone, moved.timestamp, moved.counters) == ("battlefield", 3, (Counter("+1/+1", 1, 3),))


def _moving_case() -> Any:
    effect = {
        "id": "pump",
        "timestamp": 3,
        "applies_to": ["bear"],
        "parts": [{"op": "modify_pt", "power": 1, "toughness": 1}],
    }
    steps = [
        {"description": "a counter", "set_counters": {"bear": [{"kind": "+1/+1", "count": 1}]}},
        {"description": "the Bear dies", "move": {"bear": "graveyard"}, "attach": {"aura": "bear"}},
    ]
    aura = creature("aura", 2, types=["enchantment"], subtypes=["aura"])
    for k in ("power", "toughness"):
        aura.pop(k)
    return loaded_case([creature("bear", 1), aura], [effect], steps)


def test_a_zone_change_makes_a_new_object() -> None:
    """400.7, 122.2, 611.2c, 613.7c-e: counters gone, fixed effects forget it, a new timestamp; the Aura re-attached
    in the same step first gets its own (attachments come before moves), then is attached to nothing."""
    case = _moving_case()
    one, two = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])
    assert one.objects["bear"].counters == (Counter("+1/+1", 1, 4),)  # newest before: the effect's 3
    bear = two.objects["bear"]
    assert (bear.zone, bear.counters, bear.timestamp) == ("graveyard", (), 6)  # the Aura got 5
    assert two.objects["aura"].timestamp == 5 and two.objects["aura"].attached_to is None
    assert [e.applies_to for e in two.effects] == [()]


def test_the_boards_agree_with_the_resolvers_on_these_cases() -> None:
    """400.7, 111.3, 614.1c, 704.3: on the cases above, both readings of every step build the same board."""
    for cid, vid in ((ROOST, "current"), (RENATA, "m10"), (GRUMGULLY, "ikoria"), (RENATA_TOKEN, "current")):
        case = corpus_case(cid)
        mine, why = derived_boards(case, VERSIONS[vid])
        assert why == []
        for n, board in enumerate(mine, start=1):
            assert step_mismatches(board, board_at(case, n, VERSIONS[vid])) == [], (cid, n)
    case = _moving_case()
    mine, _ = derived_boards(case, VERSIONS["ikoria"])
    assert [board_differences(b, board_at(case, n, VERSIONS["ikoria"])) for n, b in enumerate(mine, 1)] == [[], []]


def test_a_zone_change_keeping_the_old_timestamp_is_refuted() -> None:
    """400.7, 613.7d: a step board whose moved object kept its timestamp is named, object and field."""
    case = _moving_case()
    mine = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])[1]
    theirs = board_at(case, 2, VERSIONS["ikoria"])
    wrong = replace(theirs, objects={**theirs.objects, "bear": replace(theirs.objects["bear"], timestamp=1)})
    assert board_differences(mine, wrong) == ["object bear.timestamp: z3 reading 6, resolver 1"]


def test_a_token_with_wrong_characteristics_is_refuted() -> None:
    """111.3, 612.2a: a Goblin token made as a Dragon (the text change ignored) differs in its printed values."""
    case = corpus_case(ROOST)
    mine = derive_boards(initial_board(case), case.steps, VERSIONS["current"])[2]
    theirs = board_at(case, 3, VERSIONS["current"])
    token = theirs.objects["token2"]
    dragon = replace(token, printed=replace(token.printed, name="Dragon Token", subtypes=frozenset({"dragon"})))
    found = board_differences(mine, replace(theirs, objects={**theirs.objects, "token2": dragon}))
    assert len(found) == 1 and found[0].startswith("object token2.printed: z3 reading")


def test_the_cross_check_fails_a_step_whose_board_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    """400.7: the driver reports a board mismatch as a counterexample naming the step, object and field."""
    case = _moving_case()
    real = board_at

    def stale(c: Any, n: int, v: Any = None) -> Any:
        board = real(c, n, v)
        if n == 2:
            return replace(board, objects={**board.objects, "bear": replace(board.objects["bear"], timestamp=1)})
        return board

    monkeypatch.setattr("mtg_layers.checking.z3_crosscheck.board_at", stale)
    status, info = crosscheck_case(case, VERSIONS["ikoria"])
    assert status == "counterexample"
    assert "step 2: board differs: object bear.timestamp: z3 reading 6, resolver 1" in info


def test_a_token_from_a_source_without_the_ability_is_not_derived() -> None:
    """111.3, 612.2a: the source must have the ability when it creates the token."""
    case = corpus_case(ROOST)
    step = replace(case.steps[0], create_tokens=({**case.steps[0].create_tokens[0], "by": "nowhere"},))
    with pytest.raises(NotDerived, match="nowhere"):
        derive_step(initial_board(case), step, VERSIONS["current"])


def test_every_event_kind_has_one_reader() -> None:
    """The extension point: one function per event kind, each citing its rule."""
    names = [name for name, _ in EVENTS]
    assert len(names) == len(set(names)) and names[-1] == "state_based_actions"
    assert all(reader.__doc__ and reader.__doc__[0].isdigit() for _, reader in EVENTS)


def test_both_readings_build_the_same_board_at_every_corpus_step() -> None:
    """400.7, 613.7, 704.3: on every corpus case (its first declared version) the two readings of the steps agree; where
    an entry depends on an open order (613.7m, 614.12), under each order of that step recorded in turn."""
    checked = 0
    for loaded in corpus():
        version = VERSIONS[loaded.versions[0]]
        opened = open_entry_orders(loaded, version)
        for case in [loaded] if opened is None else [replace(loaded, tie_order=order) for order in opened[1]]:
            mine, why = derived_boards(case, version)
            assert why == [], (case.id, why)
            for n, board in enumerate(mine, start=1):
                assert step_mismatches(board, board_at(case, n, version)) == [], (case.id, n)
                checked += 1
    assert checked > 300


# --- the readers of main's newer step events (issue 28: stickers, monstrous, transforms, 704.5m-n, 704.5f) ----

STICKERS = "sticker-timestamps-through-zones"
IDOL = "sba-equipment-falls-off-idol"
LION = "status-fleecemane-lion-monstrous"
DOCENT = "kill-613-7g-docent-transforms-into-final-iteration"
SHAPESHIFTER = "sba-704-5f-put-into-the-graveyard-gets-a-new-timestamp"


def _sticker_times(board: Any, oid: str) -> list[float]:
    return [s.timestamp for s in board.objects[oid].stickers]


def test_stickers_follow_their_card_through_public_zones_and_fall_off_in_a_hand() -> None:
    """123.5, 613.7k, 613.7d: a sticker is stamped right after its card (1/64 later) whenever the card gets a new
    timestamp, stays on it in a graveyard, gets the time it is put on, and is gone once the card is in a hand."""
    case = corpus_case(STICKERS)
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["2025-08-01"])
    step = 1 / 64
    assert _sticker_times(boards[0], "bear") == [1 + step]  # on the starting board: right after the Bear's 1
    graveyard = boards[1].objects["bear"]  # newest before: Godhead's 2; the Bear enters the graveyard at 3
    assert (graveyard.zone, graveyard.timestamp, _sticker_times(boards[1], "bear")) == ("graveyard", 3, [3 + step])
    assert boards[2].objects["bear"].timestamp == 4 and _sticker_times(boards[2], "bear") == [4 + step]
    assert _sticker_times(boards[3], "bear") == [4 + step, 5]  # trample put on: the next whole unit, 5
    assert boards[3].objects["bear"].stickers[1].ability == "trample"
    assert boards[4].objects["bear"].zone == "hand" and boards[4].objects["bear"].stickers == ()


def test_a_sticker_that_kept_its_old_timestamp_is_refuted() -> None:
    """613.7k: a board whose sticker was not restamped after its card's new timestamp is named, object and field."""
    case = corpus_case(STICKERS)
    version = VERSIONS["2025-08-01"]
    mine = derive_boards(initial_board(case), case.steps, version)[1]
    theirs = board_at(case, 2, version)
    bear = theirs.objects["bear"]
    stale = replace(bear, stickers=(replace(bear.stickers[0], timestamp=1 + 1 / 64),))
    found = board_differences(mine, replace(theirs, objects={**theirs.objects, "bear": stale}))
    assert len(found) == 1 and found[0].startswith("object bear.stickers: z3 reading")
    gone = replace(bear, stickers=())  # 123.5: the sticker stays on a card in a graveyard
    found = board_differences(mine, replace(theirs, objects={**theirs.objects, "bear": gone}))
    assert len(found) == 1 and found[0].startswith("object bear.stickers")


def test_stickers_of_merged_objects_get_the_merges_time() -> None:
    """123.5b, 613.7k: both objects' stickers are on the merged permanent, stamped right after the merge's time,
    in their old relative order; the component keeps none."""
    sticker = {"kind": "ability", "ability": "trample"}
    beast = creature("beast", 1, stickers=[{"kind": "pt", "power": 4, "toughness": 4, "timestamp": 1.5}])
    mutant = creature("mutant", 2, zone="stack", stickers=[{**sticker, "timestamp": 1.25}])
    steps = [{"description": "it merges", "merge": {"mutant": {"onto": "beast", "position": "over", "timestamp": 3}}}]
    case = loaded_case([beast, mutant], [], steps, versions=("2025-08-01",))
    (board,) = derive_boards(initial_board(case), case.steps, VERSIONS["2025-08-01"])
    merged = board.objects["beast"]
    assert [(s.kind, s.timestamp) for s in merged.stickers] == [("ability", 3 + 1 / 64), ("pt", 3 + 2 / 64)]
    assert merged.merges[0].component.stickers == ()
    assert board_differences(board, board_at(case, 1, VERSIONS["2025-08-01"])) == []


def test_a_permanent_becomes_monstrous_and_a_new_object_is_not() -> None:
    """701.37a-b, 400.7: monstrosity makes the Lion monstrous; the card it becomes in a graveyard is not."""
    case = corpus_case(LION)
    version = VERSIONS["ikoria"]
    boards = derive_boards(initial_board(case), case.steps, version)
    assert [b.objects["lion"].monstrous for b in boards] == [False, True, True, True]
    dies = replace(case.steps[0], description="it dies", expect={}, move={"lion": "graveyard"})
    assert derive_step(boards[3], dies, version).objects["lion"].monstrous is False
    theirs = board_at(case, 2, version)
    plain = replace(theirs.objects["lion"], monstrous=False)
    found = board_differences(boards[1], replace(theirs, objects={**theirs.objects, "lion": plain}))
    assert found == ["object lion.monstrous: z3 reading True, resolver False"]


def test_a_transform_left_to_the_rules_gets_the_next_timestamp() -> None:
    """613.7g: Docent transforms with no timestamp in the case: the newest on the board before is 3, so it gets 4."""
    case = corpus_case(DOCENT)
    version = VERSIONS["2025-08-01"]
    board = derive_boards(initial_board(case), case.steps, version)[1]
    docent = board.objects["docent"]
    assert (docent.transformed, docent.timestamp, docent.transform_history) == (True, 4, ((4, True),))
    theirs = board_at(case, 2, version)
    kept = replace(theirs.objects["docent"], timestamp=1)  # the misreading: a transformed permanent keeps its own
    found = board_differences(board, replace(theirs, objects={**theirs.objects, "docent": kept}))
    assert found == ["object docent.timestamp: z3 reading 4, resolver 1"]


def test_a_modal_double_faced_card_keeps_the_face_it_was_cast_with_until_it_changes_zones() -> None:
    """712.3, 712.8a, 400.7: p2's card cast as Tibalt is on the stack back face up; p1's Tibalt put into a graveyard
    is a new object there, front face up, with a new timestamp (the newest before: the added 3)."""
    case = corpus_case("mdfc-back-face-own-mana-value")
    version = VERSIONS["2025-08-01"]
    board = derive_boards(initial_board(case), case.steps, version)[1]
    cast, dead = board.objects["tibalt2"], board.objects["tibalt"]
    assert (cast.zone, cast.transformed, cast.modal) == ("stack", True, True)
    assert (dead.zone, dead.transformed, dead.timestamp) == ("graveyard", False, 4)
    theirs = board_at(case, 2, version)
    still_back = replace(theirs.objects["tibalt"], transformed=True)
    found = board_differences(board, replace(theirs, objects={**theirs.objects, "tibalt": still_back}))
    assert found == ["object tibalt.transformed: z3 reading False, resolver True"]


def test_an_equipment_on_a_permanent_that_stopped_being_a_creature_falls_off_and_keeps_its_timestamp() -> None:
    """704.5n, 301.5c, 613.7e: the Warhammer becomes unattached and stays on the battlefield with its timestamp."""
    case = corpus_case(IDOL)
    version = VERSIONS["2025-08-01"]
    board = derive_boards(initial_board(case), case.steps, version)[1]
    hammer = board.objects["warhammer"]
    assert (hammer.zone, hammer.attached_to, hammer.timestamp) == ("battlefield", None, 4)
    theirs = board_at(case, 2, version)
    stuck = replace(theirs.objects["warhammer"], attached_to="idol")
    found = board_differences(board, replace(theirs, objects={**theirs.objects, "warhammer": stuck}))
    assert found == ["object warhammer.attached_to: z3 reading None, resolver 'idol'"]


def _aura_case() -> Any:
    aura = creature("aura", 2, types=["enchantment"], subtypes=["aura"], abilities=["enchant creature"])
    for k in ("power", "toughness"):
        aura.pop(k)
    aura["attached_to"] = "bear"
    shrink: dict[str, Any] = {
        "id": "s",
        "timestamp": 3,
        "applies_to": ["bear"],
        "parts": [{"op": "modify_pt", "power": -2, "toughness": -2}],
    }
    steps = [{"description": "it resolves", "add_effects": [shrink], "state_based_actions": True}]
    return loaded_case([creature("bear", 1), aura], [], steps)


def test_state_based_actions_give_each_card_put_into_a_graveyard_a_new_timestamp() -> None:
    """704.5f, 704.5m, 704.3, 400.7, 613.7d: the Bear dies (toughness 0) in the first round and enters the graveyard
    at 4 (the newest before: the effect's 3); its Aura, attached to nothing, goes in the next round at 5."""
    case = _aura_case()
    (board,) = derive_boards(initial_board(case), case.steps, VERSIONS["ikoria"])
    bear, aura = board.objects["bear"], board.objects["aura"]
    assert (bear.zone, bear.timestamp, aura.zone, aura.timestamp) == ("graveyard", 4, "graveyard", 5)
    assert board_differences(board, board_at(case, 1, VERSIONS["ikoria"])) == []
    kept = replace(bear, timestamp=1)  # the old reading: the card keeps its battlefield timestamp
    found = board_differences(board, replace(board, objects={**board.objects, "bear": kept}))
    assert found == ["object bear.timestamp: z3 reading 4, resolver 1"]


def test_the_shapeshifter_case_reads_the_dead_bears_new_timestamp() -> None:
    """704.5f, 613.7d, 404.1: the Bears die after Last Gasp (4) and enter the graveyard at 5, above the Forest (3)."""
    case = corpus_case(SHAPESHIFTER)
    boards = derive_boards(initial_board(case), case.steps, VERSIONS["2025-08-01"])
    bears = boards[1].objects["bears"]
    assert (bears.zone, bears.timestamp) == ("graveyard", 5)
    assert boards[1].objects["forest"].timestamp == 3


def test_a_flip_card_and_a_copy_of_one_flip_for_good_without_a_timestamp() -> None:
    """710.3, 707.3, 400.7: Bushi Tenderfoot flips keeping its timestamp; the Clone copying it is unflipped until it
    flips itself (a copy of a flip card can flip); a flipped permanent that leaves the battlefield is not flipped."""
    case = corpus_case("flip-bushi-tenderfoot-kenzo-clone")
    version = VERSIONS["2025-08-01"]
    boards = derive_boards(initial_board(case), case.steps, version)
    bushi = boards[1].objects["bushi"]
    assert bushi.flipped and bushi.timestamp == initial_board(case).objects["bushi"].timestamp
    assert (boards[2].objects["clone"].flipped, boards[3].objects["clone"].flipped) == (False, True)
    dies = replace(case.steps[0], description="it dies", expect={}, move={"bushi": "graveyard"})
    assert derive_step(boards[3], dies, version).objects["bushi"].flipped is False
    theirs = board_at(case, 2, version)
    unflipped = replace(theirs.objects["bushi"], flipped=False)
    found = board_differences(boards[1], replace(theirs, objects={**theirs.objects, "bushi": unflipped}))
    assert found == ["object bushi.flipped: z3 reading True, resolver False"]
