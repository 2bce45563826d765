"""Grading invariants over many generated hands (Hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand, Meld, MeldKind, validate
from mj_trainer.engine.scoring import Why
from mj_trainer.quizzes.explanation import ExplanationKind
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import (
    PatternsAnswer,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
    expected_counts,
    make_question,
)
from mj_trainer.quizzes.sources import QuizHand

SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@st.composite
def winning_hands(draw: st.DrawFn) -> Hand:
    """Four sets and a pair within the four-copies budget, some of them declared."""
    counts = [0] * tiles.NUM_KINDS
    concealed: list[int] = []
    melds: list[Meld] = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            group = [start, start + 1, start + 2]
            kind = MeldKind.CHOW
        else:
            tile = draw(st.integers(0, tiles.NUM_KINDS - 1))
            kind = draw(st.sampled_from([MeldKind.PUNG, MeldKind.PUNG, MeldKind.KONG]))
            group = [tile] * (4 if kind is MeldKind.KONG else 3)
        for t in group:
            counts[t] += 1
        declared = kind is MeldKind.KONG or draw(st.integers(0, 3)) == 0
        if declared:
            exposed = kind is not MeldKind.KONG or draw(st.booleans())
            melds.append(Meld(kind, group[0], exposed))
        else:
            concealed.extend(group)
    eyes = draw(st.integers(0, tiles.NUM_KINDS - 1))
    counts[eyes] += 2
    concealed += [eyes, eyes]
    assume(max(counts) <= 4)
    bonus = draw(st.lists(st.integers(34, 41), unique=True, max_size=8))
    hand = Hand(
        concealed=tuple(sorted(concealed)),
        winning_tile=draw(st.sampled_from(concealed)),
        melds=tuple(melds),
        self_drawn=draw(st.booleans()),
        bonus=tuple(sorted(bonus)),
        seat_wind=draw(st.sampled_from(range(tiles.EAST, tiles.NORTH + 1))),
        prevailing_wind=draw(st.sampled_from(range(tiles.EAST, tiles.NORTH + 1))),
    )
    assume(not validate(hand))
    return hand


@st.composite
def any_hands(draw: st.DrawFn) -> Hand:
    """Fourteen concealed tiles, mostly not a win."""
    picks = draw(st.lists(st.integers(0, tiles.NUM_KINDS - 1), min_size=14, max_size=14))
    assume(max(picks.count(t) for t in picks) <= 4)
    return Hand(concealed=tuple(sorted(picks)), winning_tile=draw(st.sampled_from(picks)))




@SETTINGS
@given(winning_hands())
def test_claiming_exactly_what_counts_is_full_marks(hand: Hand) -> None:
    q = make_question(1, QuestionKind.PATTERNS, QuizHand("p", hand))
    g = grade(q, PatternsAnswer(expected_counts(q.result), q.result.total))
    assert g.correct and g.credit == 1.0 and not g.explanations


@SETTINGS
@given(winning_hands())
def test_claiming_nothing_is_never_full_marks(hand: Hand) -> None:
    q = make_question(1, QuestionKind.PATTERNS, QuizHand("p", hand))
    assert q.result.winning
    g = grade(q, PatternsAnswer.of({}, None))
    assert not g.correct and g.credit < 1.0
    missed = {e.pattern_id for e in g.explanations if e.kind is ExplanationKind.MISSED}
    assert missed == set(expected_counts(q.result))
    # Even with the right total, the patterns part is lost.
    g = grade(q, PatternsAnswer.of({}, q.result.total))
    assert not g.correct and g.credit < 1.0


@SETTINGS
@given(winning_hands(), st.data())
def test_every_mistake_is_explained(hand: Hand, data: st.DataObject) -> None:
    q = make_question(1, QuestionKind.PATTERNS, QuizHand("p", hand))
    ids = [p.id for p in q.ruleset.patterns]
    claim = data.draw(st.dictionaries(st.sampled_from(ids), st.integers(1, 4), max_size=6))
    total = data.draw(st.one_of(st.none(), st.just(q.result.total), st.integers(-40, 500)))
    g = grade(q, PatternsAnswer.of(claim, total))
    assert 0.0 <= g.credit <= 1.0
    assert g.correct == (g.credit == 1.0)
    assert g.correct == (all(m.ok for m in g.marks) and total == q.result.total)
    explained = {e.pattern_id for e in g.explanations}
    for m in g.mistakes:
        assert m.pattern.id in explained, m
    totals = [e for e in g.explanations if e.kind is ExplanationKind.WRONG_TOTAL]
    assert len(totals) == (0 if total == q.result.total else 1)
    outranked = any(h.why is Why.OUTRANKED for h in q.result.best.not_counted)
    for e in g.explanations:
        assert e.text
        # A plain sum cites no ruling; every other point names the rule behind it.
        plain_sum = e.kind is ExplanationKind.WRONG_TOTAL and not outranked
        assert e.rule_id or plain_sum, e


@SETTINGS
@given(winning_hands(), st.integers(0, 10_000))
def test_does_it_count_questions_are_well_formed(hand: Hand, seed: int) -> None:
    q = make_question(1, QuestionKind.DOES_COUNT, QuizHand("p", hand),
                      rng=random.Random(seed))
    assert q.target in q.ruleset.by_id()
    right = q.expected()
    assert isinstance(right, YesNoAnswer)
    assert grade(q, right).correct
    g = grade(q, YesNoAnswer(not right.yes))
    assert not g.correct and len(g.explanations) == 1
    assert g.explanations[0].pattern_id == q.target


@SETTINGS
@given(any_hands())
def test_is_it_a_win_questions(hand: Hand) -> None:
    assume(not validate(hand))
    q = make_question(1, QuestionKind.IS_WIN, QuizHand("p", hand))
    right = q.expected()
    assert isinstance(right, YesNoAnswer) and right.yes == q.result.winning
    g = grade(q, YesNoAnswer(not right.yes))
    (e,) = g.explanations
    assert e.kind is (ExplanationKind.IS_A_WIN if right.yes else ExplanationKind.NOT_A_WIN)


@SETTINGS
@given(winning_hands(), st.integers(-40, 500))
def test_total_questions(hand: Hand, total: int) -> None:
    q = make_question(1, QuestionKind.TOTAL, QuizHand("p", hand))
    g = grade(q, TotalAnswer(total))
    assert g.correct == (total == q.result.total)
    if not g.correct:
        assert g.explanations[-1].kind is ExplanationKind.WRONG_TOTAL
        assert str(q.result.total) in g.explanations[-1].text
