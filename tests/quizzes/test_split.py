"""Split questions: any valid reading of a winning hand is right, a worse one is told so
with both totals, and a reading that is not one says what is wrong."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.generator import generate
from mj_trainer.engine.notation import parse
from mj_trainer.engine.scoring import score
from mj_trainer.quizzes.explanation import ExplanationKind
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import Question, QuestionKind, make_question
from mj_trainer.quizzes.quiz_hand import QuizHand
from mj_trainer.quizzes.split import (
    SplitAnswer,
    SplitLineError,
    best_answer,
    check_tiles,
    judge,
    read_groups,
    splittable,
)


def _q(text: str, *, ask: bool = False) -> Question:
    return make_question(1, QuestionKind.SPLIT, QuizHand.from_notation("t", text),
                         ask_winning=ask)


def _answer(*groups: str, winning: int | None = None) -> SplitAnswer:
    return SplitAnswer(tuple(tuple(g.split()) for g in groups), winning)


def test_any_valid_reading_is_right_and_a_worse_one_is_told_so() -> None:
    q = _q("c111222333 b5 k789 +b5")
    pungs = _answer("c1 c1 c1", "c2 c2 c2", "c3 c3 c3", "k7 k8 k9", "b5 b5")
    chows = _answer("c1 c2 c3", "c1 c2 c3", "c1 c2 c3", "k7 k8 k9", "b5 b5")
    best = grade(q, pungs)
    assert best.correct and best.credit == 1.0 and not best.explanations
    worse = grade(q, chows)
    assert worse.correct and worse.credit == 1.0
    (e,) = worse.explanations
    assert e.kind is ExplanationKind.ARRANGEMENT
    assert "it scores 130" in e.text and "scores 135" in e.text


def test_a_reading_that_is_not_one_says_why() -> None:
    q = _q("c111222333 b5 k789 +b5")
    short = grade(q, _answer("c1 c1 c1", "c2 c2 c2", "c3 c3", "k7 k8 k9", "b5 b5"))
    assert short.credit == 0.0 and not short.correct
    assert "No group holds one copy of c3" in short.explanations[0].text
    bad = grade(q, _answer("c1 c1 c1", "c2 c2 c3", "c2 c3 c3", "k7 k8 k9", "b5 b5"))
    # groups are counted from 1, as a person counts them: the second group is group 2
    assert bad.explanations[0].text.startswith("Group 2 (c2 c2 c3) is not a set")
    assert bad.explanations[-1].text.startswith("One reading that works: ")
    shape = grade(q, _answer("c1 c1", "c1 c2 c2", "c2 c3 c3", "c3", "k7 k8 k9", "b5 b5"))
    assert shape.credit == 0.0


def test_four_alike_in_the_hand_are_not_a_kong() -> None:
    q = _q("c1111 c23 b567 k99 dr dr +dr")
    g = grade(q, _answer("c1 c1 c1 c1", "c2 c3", "b5 b6 b7", "dr dr dr", "k9 k9"))
    assert g.credit == 0.0 and "four alike in the hand are not a kong" in g.explanations[0].text
    assert grade(q, _answer("c1 c1 c1", "c1 c2 c3", "b5 b6 b7", "dr dr dr", "k9 k9")).correct
    left_out = grade(q, _answer("c1 c1 c1", "c1 c2 c3", "b5 b6 b7", "dr dr dr"))
    assert left_out.credit == 0.0 and "of k9" in left_out.explanations[0].text


def test_melds_may_be_listed_or_left_out_and_the_winning_group_is_asked() -> None:
    q = _q("c234 b5 k789 [dr dr dr] {c8888} +b5 self", ask=True)
    without = grade(q, _answer("c2 c3 c4", "k7 k8 k9", "b5 b5", winning=2))
    assert without.correct
    listed = grade(q, _answer("dr dr dr", "c8 c8 c8 c8", "c2 c3 c4", "k7 k8 k9", "b5 b5",
                              winning=4))
    assert listed.correct
    wrong_home = grade(q, _answer("c2 c3 c4", "k7 k8 k9", "b5 b5", winning=0))
    assert wrong_home.credit == 0.0
    assert "does not hold the winning tile b5" in wrong_home.explanations[0].text
    declared = grade(q, _answer("dr dr dr", "c2 c3 c4", "k7 k8 k9", "b5 b5", winning=0))
    assert "was declared before the win" in declared.explanations[0].text
    unsaid = grade(q, _answer("c2 c3 c4", "k7 k8 k9", "b5 b5"))
    assert unsaid.credit == 0.0 and "Say which group" in unsaid.explanations[0].text
    # Not asked: a reading without the winning group is right.
    assert grade(_q("c234 b5 k789 [dr dr dr] {c8888} +b5 self"),
                 _answer("c2 c3 c4", "k7 k8 k9", "b5 b5")).correct


def test_seven_pairs_and_thirteen_orphans() -> None:
    pairs = _q("c1155 b2288 k33 ww ww dr +dr")
    assert grade(pairs, _answer("c1 c1", "c5 c5", "b2 b2", "b8 b8", "k3 k3", "ww ww",
                                "dr dr")).correct
    orphans = _q("c19 b19 k19 we ws ww wn dr dg dw +dw", ask=True)
    whole = "c1 c9 b1 b9 k1 k9 we ws ww wn dr dg dw dw"
    assert grade(orphans, _answer(whole, winning=0)).correct
    assert best_answer(orphans.result).sets == (tuple(sorted(
        whole.split(), key=lambda c: tiles.CODE_TO_TILE[c])),)
    halves = grade(orphans, _answer("c1 c9 b1 b9 k1 k9 we", "ws ww wn dr dg dw dw",
                                    winning=1))
    assert halves.credit == 0.0


def test_what_is_not_an_answer_is_refused_not_graded() -> None:
    q = _q("c123 b456 k789 dr dr dr we +we f1")
    with pytest.raises(SplitLineError, match="bonus tile"):
        check_tiles(q.hand, _answer("f1"))
    with pytest.raises(SplitLineError, match="holds no c7"):
        check_tiles(q.hand, _answer("c7 c8 c9"))
    with pytest.raises(SplitLineError, match="winning: 7"):
        check_tiles(q.hand, _answer("c1 c2 c3", winning=7))
    bad: list[object] = [[], "c123", [["c1", "x9"]], [[]], [[3]]]
    for raw in bad:
        with pytest.raises(SplitLineError):
            read_groups(raw)


def test_a_hand_that_cannot_be_split_is_asked_as_is_it_a_win() -> None:
    q = make_question(1, QuestionKind.SPLIT,
                      QuizHand.from_notation("t", "c123 b456 k789 dr dr we ws +ws"))
    assert q.kind is QuestionKind.IS_WIN and not q.result.winning
    assert not splittable(q.result)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["mj-score-eval", "zung-jung", "classical"]))
def test_every_reading_the_engine_finds_is_right(seed: int, ruleset: str) -> None:
    hand = generate(1, seed=seed, ruleset=ruleset)[0]
    result = score(hand)
    if not splittable(result):
        return
    assert judge(result, best_answer(result), ask_winning=True).ok
    for other in result.others:
        a = other.arrangement
        if a is None or a.pe_ling or a.shape.value not in ("regular", "seven_pairs"):
            continue
        groups = tuple(tuple(tiles.code(t) for t in g.tiles) for g in a.groups)
        home = next(i for i, g in enumerate(a.groups) if g.winning)
        verdict = judge(result, SplitAnswer(groups, home), ask_winning=True)
        assert verdict.ok and verdict.outcome is not None
        assert verdict.outcome.total <= result.total
    # one tile moved from one group to another never stays right
    moved_groups = [list(g) for g in best_answer(result).sets]
    if len(moved_groups) > 1 and len(moved_groups[0]) > 1:
        rng = random.Random(seed)
        moved = moved_groups[0].pop(rng.randrange(len(moved_groups[0])))
        moved_groups[-1].append(moved)
        assert not judge(result, SplitAnswer(tuple(tuple(g) for g in moved_groups))).ok


def test_best_reading_lists_the_melds_and_the_winning_group() -> None:
    r = score(parse("c234 b5 k789 [dr dr dr] {c8888} +b5 self"))
    best = best_answer(r)
    assert ("dr", "dr", "dr") in best.sets and ("c8", "c8", "c8", "c8") in best.sets
    assert best.winning is not None and best.sets[best.winning] == ("b5", "b5")


def test_a_winning_index_past_the_groups_is_a_problem_not_a_crash() -> None:
    # The protocol refuses such a line before grading (check_tiles); judging it directly
    # still says what is wrong, and ignores it when the question did not ask.
    from mj_trainer.quizzes.split import judge

    result = score(parse("c111234 b3444455 +b6"))
    sets = _answer("c1 c1 c1", "c2 c3 c4", "b3 b4 b5", "b4 b5 b6", "b4 b4").sets
    assert judge(result, SplitAnswer(sets, 9)).ok
    asked = judge(result, SplitAnswer(sets, 9), ask_winning=True)
    assert not asked.ok and asked.problems == (
        "There is no group 10: the groups are numbered 1 to 5",)


def test_the_reading_given_back_names_the_winning_tile_s_set_when_asked() -> None:
    # Lesson 1.3's drill (a learner's walk), its hand of that kind: c123 c666 b34 dg dg [k777]
    # +b2 self, the winning tile put in the 6c pung. The question asks which set it
    # completed, and the reading given back did not say: b2 completes the chow b234.
    asked = _q("c123 c666 b34 dg dg [k777] +b2 self", ask=True)
    wrong = grade(asked, _answer("c1 c2 c3", "c6 c6 c6", "b2 b3 b4", "dg dg", "k7 k7 k7",
                                 winning=1))
    assert not wrong.correct
    last = wrong.explanations[-1].text
    assert last.startswith("One reading that works: ")
    assert last.endswith(", the winning tile completing b2 b3 b4."), last
    skipped = grade(asked, None)
    assert skipped.explanations[0].text.endswith(", the winning tile completing b2 b3 b4.")
    # Not asked, not said.
    plain = _q("c123 c666 b34 dg dg [k777] +b2 self")
    said = grade(plain, _answer("c1 c2 c3", "c6 c6", "c6 b2 b3", "b4 dg dg", "k7 k7 k7"))
    assert "winning tile" not in said.explanations[-1].text
