"""The rulings say what the engine does and what the seeds say (issue 21): each page the
issue names, held to the seed section it settles and to the scoring it explains."""

from __future__ import annotations

import re

import pytest

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import Why, score
from mj_trainer.quizzes.rulings import RULINGS

DEFAULT = load("mj-score-eval")


def _page(ruling: str, ruleset: str = "mj-score-eval") -> str:
    """The page as a learner reads it: markup and doubled spaces removed."""
    text = RULINGS[ruling].text(load(ruleset))
    return re.sub(r"\s+", " ", re.sub(r"\[/?[bi]\]", "", text))


@pytest.mark.parametrize("ruleset", ["mj-score-eval", "mj-score-eval-early", "zung-jung",
                                     "classical"])
def test_every_page_renders_without_placeholders_or_list_marks(ruleset: str) -> None:
    for key in RULINGS:
        text = RULINGS[key].text(load(ruleset))
        assert "{" not in text, (key, ruleset)
        # A page is prose: a Markdown list would run together on one line.
        assert " - " not in text.replace(" -- ", " "), (key, ruleset)


def test_r10_numbering_holds_for_13_1() -> None:
    # R10 said "a pattern numbered X.Y is a family on its own", false for 13.1, which
    # shares its family with 13.1.1-13.1.3 (and stacks on them, R11).
    text = _page("R10")
    assert "a family of its own" not in text
    assert "Bonus Tile (13.1) shares family 13.1" in text
    assert {p.family for p in DEFAULT.patterns if p.id.startswith("13.1")} == {"13.1"}


def test_r26_and_r10_tell_one_story_of_the_incidental_families() -> None:
    # R26 said "each is its own family", which contradicts R10 for 12.1.x, 12.2.x and
    # 12.4.x; the engine follows the numbers.
    text = _page("R26")
    assert "its own family" not in text
    assert "12.1 (Final Draw, Final Discard), 12.2 (Win on Kong, Win on Bonus Tile)" in text
    s = score(parse("c123 b456 k78 c55 {ww ww ww ww} +k9 self win-on-kong win-on-bonus f1"))
    loser = next(h for h in s.best.not_counted if h.pattern.id == "12.2.2")
    assert loser.why is Why.OUTRANKED and loser.by is not None and loser.by.id == "12.2.1"
    both = score(parse("c123 b456 k78 c55 {ww ww ww ww} +k9 self win-on-kong final-draw"))
    assert {"12.1.1", "12.2.1"} <= {h.pattern.id for h in both.best.counted}


def test_r26_names_the_conditions_of_12_3_and_12_4_2() -> None:
    # Seed 000 12.3: "only Thirteen Orphans hand can rob a concealed kong"; 12.4.2:
    # "does not count if East has made a concealed kong".
    text = _page("R26")
    assert "only a thirteen orphans hand may rob a concealed kong" in text
    assert "neither blessing counts if East declared a concealed kong" in text


def test_r25_says_which_half_of_the_guide_it_follows() -> None:
    # Seed 000 10.2: "tiles from the set 1, 3, 5, 7 bamboo" beside the pictures b1 b5 b7 b9.
    text = _page("R25")
    assert "its sentence says bamboo 1, 3, 5 and 7" in text
    assert "show 1, 5, 7 and 9" in text and "taken for a slip" in text


def test_r22_asks_for_no_honor() -> None:
    text = _page("R22")
    assert "Neither mixed pattern asks for an honor" in text and "outranks" in text


def test_r30_lists_all_types_on_seven_pairs() -> None:
    # Seed 001 1.6: "the 4 melds and eyes are each of different tile types".
    text = _page("R30", "mj-score-eval-early")
    assert "so a seven pairs hand never has it" in text
    assert "never add Concealed Hand" in text


def test_r31_quotes_the_note_and_says_why() -> None:
    # Seed 002 10.2: "(A Seven Pairs hand is always a "Concealed Hand", so it scores at
    # least 25+5=30 points.)"
    text = _page("R31", "zung-jung")
    assert "so it scores at least 25+5=30 points" in text
    assert "defines Concealed Hand (1.2) for a regular hand" in text
    assert "the 30 already holds it" in text


def test_r5_names_the_rulesets_that_differ() -> None:
    text = _page("R5")
    assert "two pairs and never a kong or a pung" in text
    assert "(R30, R31)" in text
