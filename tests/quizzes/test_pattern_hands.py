"""The one "hands that show pattern X" service: the reference's examples and review's
questions come from the same hands, read under the ruleset asked about."""

from __future__ import annotations

import random
from pathlib import Path

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.examples import curated_examples
from mj_trainer.quizzes.pattern_hands import (
    PatternHands,
    curated_pattern_hands,
    focus_matches,
)
from mj_trainer.quizzes.quiz_hand import QuizHand
from mj_trainer.quizzes.sources import ReviewSource
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand

POOL = [QuizHand("default", parse(H.CHOWS), "default"),
        QuizHand("classical", parse(H.CHOWS + " ruleset:classical"), "classical")]


def _house(tmp_path: Path) -> Path:
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "house"\nextends = "mj-score-eval"\n\n'
                     '[patterns."1.2"]\nvalue = 7\n', encoding="utf-8")
    return house


def test_only_hands_of_the_ruleset_or_what_it_builds_on_take_part(tmp_path: Path) -> None:
    assert [s.item.id for s in PatternHands(load("classical"), POOL).shown] == ["classical"]
    assert [s.item.id for s in PatternHands(load(), POOL).shown] == ["default"]
    # A house file built on the default ruleset shows the default ruleset's hands,
    # scored under its own values.
    house = PatternHands(load(str(_house(tmp_path))), POOL)
    assert [s.item.id for s in house.shown] == ["default"]
    assert {h.pattern.id: h.pattern.value for h in house.shown[0].result.counted}["1.2"] == 7


def test_review_in_a_house_ruleset_uses_the_hands_it_builds_on(tmp_path: Path) -> None:
    rules = load(str(_house(tmp_path)))
    pool = [qhand(H.CHOWS + " ruleset:classical", "classical"), qhand(H.CHOWS, "default")]
    got = list(ReviewSource(["1.2"], pool=pool, ruleset=rules))
    assert [(h.id, h.focus, h.source) for h in got] == [("default", "1.2", "review")]
    # Under classical rules only the classical hand may serve its All Chows (5.1).
    got = list(ReviewSource(["5.1"], pool=pool, ruleset=load("classical")))
    assert [h.id for h in got] == ["classical"]


def test_the_reference_and_review_draw_from_the_same_curated_hands() -> None:
    rules = load()
    hands = curated_pattern_hands(rules)
    assert curated_pattern_hands(rules) is hands  # scored once, shared
    examples = curated_examples(rules, "1.2")
    assert examples, "some curated hand of the default ruleset counts All Chows"
    shown_ids = {s.item.id for s in hands.examples("1.2")}
    assert {e.source.rsplit(" ", 1)[-1] for e in examples} == shown_ids
    # Every hand review may pick for 1.2 counts it, and review's pick is one of them.
    picked = hands.find("1.2", random.Random(5), set())
    assert picked is not None and picked.id in shown_ids
    assert all(focus_matches(s.result, "1.2") == 2 for s in hands.examples("1.2"))


def test_review_never_picks_a_used_hand_or_one_without_the_item() -> None:
    # WINDS has pungs and one chow: no All Chows (1.2), but family 2.2 counts.
    pool = PatternHands(load(), [QuizHand("winds", parse(H.WINDS))])
    assert pool.find("1.2", random.Random(0), set()) is None
    assert pool.find("2.2", random.Random(0), set()) is not None
    assert pool.find("2.2", random.Random(0), {"winds"}) is None
