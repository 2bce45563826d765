"""Explanations that point: a claimed pattern the hand lacks names the tiles or sets
that rule it out, read from the catalogue (engine/patterns/gaps.py), on hand-made hands."""

from __future__ import annotations

import pytest

from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import PatternsAnswer
from tests.quizzes.conftest import question


def _about(text: str, claim: str, ruleset: Ruleset | None = None) -> Explanation:
    q = question(text, ruleset=ruleset)
    claimed = {h.pattern.id: h.count for h in q.result.counted}
    claimed[claim] = 1
    g = grade(q, PatternsAnswer.of(claimed, q.result.total))
    found = [e for e in g.explanations if e.pattern_id == claim]
    assert len(found) == 1, [e.text for e in g.explanations]
    assert found[0].kind is ExplanationKind.NOT_PRESENT
    return found[0]


def test_all_simples_names_the_terminal_and_its_set() -> None:
    e = _about("c234 c456 b345 c789 k5 +k5", "1.5")
    assert e.text == "All Simples (1.5) needs no 1s, 9s or honors: c9 in c789 is a terminal."
    assert e.sets == ("c789", "c9")


def test_concealed_hand_names_the_exposed_kong() -> None:
    e = _about("c234 c456 b345 k5 [dg dg dg dg] +k5", "1.3")
    assert e.text == "Concealed Hand (1.3) needs every set concealed: [dg dg dg dg] was exposed."
    assert e.sets == ("[dg dg dg dg]",)


def test_pure_lesser_terminals_names_the_set_without_a_terminal() -> None:
    e = _about("c111 c123 c567 b999 k9 +k9", "7.2.2")
    assert "c567 holds no terminal" in e.text
    assert e.sets == ("c567",)


def test_all_chows_names_the_pung() -> None:
    e = _about("c123 c456 b234 k555 dr +dr", "1.2")
    assert e.text.endswith("needs four chows: k555 is not a chow.")


def test_self_drawn_names_the_discarded_winning_tile() -> None:
    e = _about("c123 c456 b234 k555 dr +dr", "1.4")
    assert "the winning dr was another player's discard" in e.text
    assert e.sets == ("dr",)


def test_wind_pung_names_the_wind_pair_it_falls_short_with() -> None:
    e = _about("c123 c456 b234 k555 ws +ws", "8.1.1")
    assert e.text.endswith("needs a pung or kong of a wind, and the hand has only ws ws.")


def test_a_one_suit_hand_names_each_suit_it_holds() -> None:
    e = _about("c123 c456 c789 b555 dr +dr", "6.1.1")
    assert "the hand holds coins (c123) and bamboo (b555)" in e.text


def test_three_concealed_pungs_says_the_discard_exposed_the_pung() -> None:
    # R3: the discarded b9 completes b999, so that pung is not concealed.
    e = _about("c111 c555 b99 k123 dr dr +b9", "2.2.2")
    assert ("the discarded b9 completes b999, so that pung counts as exposed; the "
            "concealed ones are c111 and c555") in e.text
    assert "b999" in e.sets


def test_a_circumstance_says_how_the_hand_was_not_won() -> None:
    # Seed 000 12.1.1: "Self Drawn win on the seabed tile".
    e = _about("c123 c456 b234 k555 dr +dr", "12.1.1")
    assert e.text.endswith("needs a self-drawn win on the last tile of the wall, and this "
                           "hand was not won that way.")


def test_seven_pairs_claimed_on_a_hand_of_sets() -> None:
    e = _about("c123 c456 b234 k555 dr +dr", "9.1.1")
    assert e.text.endswith("needs seven pairs, and this hand is four sets and a pair.")


@pytest.mark.parametrize("name", ["zung-jung", "classical"])
def test_other_rulesets_point_too(name: str) -> None:
    rules = load(name)
    simples = next(p for p in rules.patterns if p.detector in {"all_simples", "pure_hand"})
    e = _about("c123 c456 b234 k555 dr +dr", simples.id, rules)
    assert "dr in dr dr is a dragon" in e.text or "the hand holds coins" in e.text
