"""State-based actions (704, reference.sba): zero toughness, the legend rule, +1/+1 and -1/-1 counters, and
the rounds between steps (704.3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mtg_layers.corpus import CASES_DIR, load_case
from reference.case import Step, apply_step, board_at, initial_board
from reference.frozen import freeze
from reference.model import Characteristics, Counter, GameObject
from reference.resolver import resolve
from reference.sba import (
    Action,
    StateBasedActionError,
    counters_annihilate,
    legend_rule,
    state_based_actions,
    zero_toughness,
)
from reference.versions import version_from_mapping

from ..builders import IKORIA, PRE_M10, VERSIONS, board, chars, obj, profile
from ..builders import sba_case as _case


def test_a_step_with_state_based_actions_needs_a_version() -> None:
    case = _case("tarmogoyf-disfigure.yaml")
    with pytest.raises(ValueError, match="state-based actions"):
        board_at(case, 2)
    assert board_at(case, 2, VERSIONS["ikoria"]).objects["goyf"].zone == "battlefield"
    assert board_at(case, 3, VERSIONS["ikoria"]).objects["goyf"].zone == "graveyard"


def test_a_dead_object_is_a_new_object_that_effects_forget() -> None:
    """400.7: the Disfigure effects no longer list Tarmogoyf once it is in the graveyard."""
    board = board_at(_case("tarmogoyf-disfigure.yaml"), 3, VERSIONS["ikoria"])
    assert all("goyf" not in e.applies_to for e in board.effects)


def test_the_m10_profile_has_the_legend_rule_of_2009() -> None:
    """704.5k of 2009 (issue 29): m10 is the rules of 2009-07-08, when every same-name legend went."""
    board = board_at(_case("legend-rule-clone.yaml"), 2, VERSIONS["m10"])
    assert {board.objects[o].zone for o in ("isamaru", "clone")} == {"graveyard"}


def test_the_current_legend_rule_needs_a_choice() -> None:
    case = _case("legend-rule-clone.yaml")
    board = board_at(case, 1)
    with pytest.raises(StateBasedActionError, match="legend_rule_keeps"):
        state_based_actions(board, VERSIONS["ikoria"], (), lambda b, v: resolve(b, v).final)


def test_initial_board_has_no_state_based_actions() -> None:
    board = initial_board(_case("legend-rule-spark-double.yaml"))
    _, rounds = state_based_actions(board, VERSIONS["ikoria"], (), lambda b, v: resolve(b, v).final)
    assert rounds == ()


# Written for mutants the mutation campaign (issue 18) found unpinned: each states the rule it pins;
# expected values are reasoned from the rules, not read off the resolver.


def legend(name: str, controller: str = "p1") -> Characteristics:
    return chars(name, supertypes=frozenset({"legendary"}), controller=controller)


# 704.5f


def test_zero_toughness_action_names_the_rule_the_object_and_the_graveyard() -> None:
    """704.5f: a creature with toughness 0 is put into its owner's graveyard; the action says so."""
    actions = zero_toughness({"bear": chars(toughness=0), "ox": chars("Ox")})
    assert actions == [Action("704.5f", "bear", "bear has toughness 0: put into its owner's graveyard", "graveyard")]


def test_zero_toughness_action_reports_a_negative_toughness() -> None:
    """704.5f: toughness less than 0 also kills; the action reports the toughness it has (-1)."""
    actions = zero_toughness({"bear": chars(toughness=-1)})
    assert [a.text for a in actions] == ["bear has toughness -1: put into its owner's graveyard"]


# 704.5j


def test_legend_rule_checks_every_name_after_a_lone_legend() -> None:
    """704.5j: a lone legend does not stop the rule for two others that share a name."""
    final = {"alpha": legend("Alpha"), "b1": legend("Beta"), "b2": legend("Beta")}
    assert [a.object for a in legend_rule(final, PRE_M10, ())] == ["b1", "b2"]


def test_legend_rule_actions_before_2013_put_every_copy_into_the_graveyard() -> None:
    """704.5j (2004-2013): every legendary permanent of a shared name goes, for each name and player."""
    final = {"a1": legend("Alpha"), "a2": legend("Alpha"), "b1": legend("Beta"), "b2": legend("Beta")}
    actions = legend_rule(final, PRE_M10, ())
    text = "{}: legend rule ('{}'), put into its owner's graveyard"
    assert actions == [
        Action("704.5j", "a1", text.format("a1", "Alpha"), "graveyard"),
        Action("704.5j", "a2", text.format("a2", "Alpha"), "graveyard"),
        Action("704.5j", "b1", text.format("b1", "Beta"), "graveyard"),
        Action("704.5j", "b2", text.format("b2", "Beta"), "graveyard"),
    ]


def test_legend_rule_current_form_keeps_the_chosen_one_for_each_name() -> None:
    """704.5j (2013 on): the player keeps the one named and the rest go, for each group."""
    final = {"a1": legend("Alpha"), "a2": legend("Alpha"), "b1": legend("Beta"), "b2": legend("Beta")}
    actions = legend_rule(final, IKORIA, ("a2", "b1"))
    assert [(a.rule, a.object, a.zone) for a in actions] == [
        ("704.5j", "a1", "graveyard"),
        ("704.5j", "b2", "graveyard"),
    ]


def test_legend_rule_spanning_profile_names_the_permanents_in_its_message() -> None:
    """704.5j: a profile that states no legend rule cannot say which form applies; the message lists them."""
    final = {"i1": legend("Isamaru"), "i2": legend("Isamaru")}
    with pytest.raises(StateBasedActionError) as err:
        legend_rule(final, version_from_mapping(profile()), ())
    assert str(err.value) == (
        "704.5j: rules version test spans the 2013 change of the legend rule and states "
        "neither form; i1, i2 share a name"
    )
    assert err.value.flag == "legend_rule"


def test_legend_rule_without_a_choice_says_what_the_step_must_name() -> None:
    """704.5j: the player chooses one to keep; a step that names none gets this exact message."""
    final = {"i1": legend("Isamaru"), "i2": legend("Isamaru")}
    with pytest.raises(StateBasedActionError) as err:
        legend_rule(final, IKORIA, ())
    assert str(err.value) == (
        "704.5j: p1 controls i1, i2, legendary and named 'Isamaru': "
        "the step must name exactly one of them in legend_rule_keeps"
    )


# 704.5q


def test_counters_annihilate_on_a_later_permanent_after_one_without_pairs() -> None:
    """704.5q: a permanent without both kinds of counters does not stop the check of the others."""
    b = board(
        obj("a", counters=(Counter("+1/+1", 1, 1),)),
        obj("b", counters=(Counter("+1/+1", 1, 1), Counter("-1/-1", 1, 2))),
    )
    assert counters_annihilate(b) == [Action("704.5q", "b", "b: 1 +1/+1 and 1 -1/-1 counters removed", counters=())]


def test_counters_annihilate_removes_the_smaller_count_of_each() -> None:
    """704.5q: one +1/+1 and two -1/-1 counters: N = 1, one -1/-1 counter is left."""
    b = board(obj("a", counters=(Counter("+1/+1", 1, 1), Counter("-1/-1", 2, 2))))
    assert counters_annihilate(b) == [
        Action("704.5q", "a", "a: 1 +1/+1 and 1 -1/-1 counters removed", counters=(Counter("-1/-1", 1, 2),))
    ]


def test_counters_annihilate_takes_only_n_across_several_entries() -> None:
    """704.5q: 3+1 +1/+1 and 2 -1/-1 counters: N = 2, so two +1/+1 counters stay (one per entry here)."""
    b = board(obj("a", counters=(Counter("+1/+1", 3, 1), Counter("+1/+1", 1, 2), Counter("-1/-1", 2, 3))))
    (action,) = counters_annihilate(b)
    assert action.counters == (Counter("+1/+1", 1, 1), Counter("+1/+1", 1, 2))
    assert sum(c.count for c in action.counters or ()) == 2


def _attachment_case(name: str) -> Any:
    return load_case(CASES_DIR / "attachments" / name)


def test_an_equipment_on_a_permanent_that_stopped_being_a_creature_is_unattached_and_stays() -> None:
    """704.5n: Loxodon Warhammer falls off Chimeric Idol at end of turn; it stays on the battlefield."""
    case = _attachment_case("warhammer-chimeric-idol.yaml")
    before = apply_step(board_at(case, 1), replace(case.steps[1], state_based_actions=False))
    after, rounds = state_based_actions(before, IKORIA, (), lambda b, v: resolve(b, v).final)
    assert [(a.rule, a.object, a.unattach, a.zone) for r in rounds for a in r] == [("704.5n", "warhammer", True, None)]
    hammer = after.objects["warhammer"]
    assert hammer.zone == "battlefield" and hammer.attached_to is None


def test_an_aura_on_a_land_that_stopped_being_a_creature_goes_and_an_enchant_land_aura_stays() -> None:
    """704.5m: Holy Strength (enchant creature) goes to the graveyard; Wild Growth (enchant land) stays."""
    board = board_at(_attachment_case("holy-strength-mishras-factory.yaml"), 2, VERSIONS["m10"])
    assert board.objects["holy-strength"].zone == "graveyard"
    assert board.objects["wild-growth"].zone == "battlefield" and board.objects["wild-growth"].attached_to == "factory"


def test_an_aura_attached_to_nothing_goes_and_one_with_no_enchant_ability_is_refused() -> None:
    """704.5m: an Aura left behind by its permanent goes; an Aura that says nothing of what it enchants raises."""
    case = _attachment_case("holy-strength-mishras-factory.yaml")
    start = board_at(case, 1)
    moved = apply_step(start, Step("the Factory is destroyed", {}, move=freeze({"factory": "graveyard"})))
    after, _ = state_based_actions(moved, IKORIA, (), lambda b, v: resolve(b, v).final)
    assert {after.objects[i].zone for i in ("holy-strength", "wild-growth")} == {"graveyard"}
    aura = start.objects["holy-strength"]
    bare = replace(aura, printed=aura.printed.with_(abilities=frozenset({"enchanted creature gets +1/+2."})))
    with pytest.raises(StateBasedActionError, match=r"704\.5m"):
        state_based_actions(
            replace(start, objects={**start.objects, "holy-strength": bare}),
            IKORIA,
            (),
            lambda b, v: resolve(b, v).final,
        )


def test_a_card_put_into_a_graveyard_gets_a_new_timestamp_there() -> None:
    """400.7, 613.7d: Tarmogoyf (1) dies after the Disfigures; in the graveyard it is a new object stamped after
    every timestamp on the board before the round."""
    before = board_at(_case("tarmogoyf-disfigure.yaml"), 2, VERSIONS["ikoria"])
    after = board_at(_case("tarmogoyf-disfigure.yaml"), 3, VERSIONS["ikoria"])
    newest = max([o.timestamp for o in before.objects.values()] + [e.timestamp for e in before.effects])
    goyf = after.objects["goyf"]
    assert goyf.zone == "graveyard" and goyf.timestamp > newest
    assert before.objects["goyf"].timestamp == 1


def test_cards_put_into_a_graveyard_at_once_get_timestamps_in_id_order() -> None:
    """704.3, 613.7d: one round moves both Isamarus (2009's legend rule); each gets its own, in id order."""
    case = _case("legend-rule-clone.yaml")
    board = board_at(case, 2, VERSIONS["m10"])
    clone, isamaru = board.objects["clone"], board.objects["isamaru"]
    assert clone.zone == isamaru.zone == "graveyard"
    assert clone.timestamp + 1 == isamaru.timestamp  # "clone" before "isamaru"


def _role(oid: str, ts: float, controller: str = "p1", host: str = "bear") -> Any:
    """A Role token (an Aura Role enchantment) controlled by ``controller``, attached to ``host``."""
    ch = chars(oid.title(), types=frozenset({"enchantment"}), subtypes=frozenset({"aura", "role"}), power=None)
    ch = ch.with_(toughness=None, controller=controller, abilities=frozenset({"enchant creature"}))
    return GameObject(id=oid, printed=ch, owner=controller, timestamp=ts, attached_to=host, token=True)


def test_704_5y_keeps_only_the_newest_role_of_each_player_on_a_permanent() -> None:
    """704.5y, 303.7a: p1's older Role goes to the graveyard, p1's newest and p2's stay; Roles on two permanents are
    counted apart."""
    b = board(obj("bear"), obj("elk"), _role("a", 2), _role("b", 5), _role("c", 3, "p2"), _role("d", 1, host="elk"))
    after, rounds = state_based_actions(b, IKORIA, (), lambda bd, v: resolve(bd, v).final)
    assert [(a.rule, a.object, a.zone) for r in rounds for a in r] == [("704.5y", "a", "graveyard")]
    assert after.objects["a"].zone == "graveyard" and after.objects["b"].attached_to == "bear"
    assert {o for o in ("b", "c", "d") if after.objects[o].zone == "battlefield"} == {"b", "c", "d"}


def test_704_5y_two_roles_of_one_player_with_one_timestamp_need_a_choice() -> None:
    """704.5y and the Wilds of Eldraine ruling: Roles attached at the same time: the player chooses; not statable."""
    b = board(obj("bear"), _role("a", 2), _role("b", 2))
    with pytest.raises(StateBasedActionError, match=r"704\.5y"):
        state_based_actions(b, IKORIA, (), lambda bd, v: resolve(bd, v).final)
