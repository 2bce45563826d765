"""Mastery from the scheduler and recent answers, on small cases: one lucky answer is
not mastery, answers spread over days are, a miss undoes it, and the counts of right,
missed, wrongly claimed, hinted and skipped follow the answers (a hint or a skip is not
a miss)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.mastery import (
    STREAK,
    PatternMastery,
    Status,
    grouped,
    level_of,
    mastery,
    weakest,
)
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind
from mj_trainer.quizzes.review import Reviewer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.session import DRILL_TITLE, SessionError, drill_plan
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import ProgressStore
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand


@dataclass(frozen=True)
class Settings:
    """What a round plan reads of the learner's settings (`session.SessionSettings`)."""

    ruleset: str = "mj-score-eval"
    round_length: int = 10
    kinds: tuple[QuestionKind, ...] = (QuestionKind.PATTERNS,)


CHOWS = "c123 c456 b234 b567 k5 +k5"  # All Chows (1.2) 5 + Concealed Hand (1.3) 5 = 10
DAY0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
RULES = load("mj-score-eval")


def answer(store: ProgressStore, when: datetime, claims: dict[str, int], total: int) -> None:
    rnd = Round(ListSource([qhand(CHOWS)]), RoundSettings(length=1, seed=1), recorder=store,
                now=lambda: when)
    rnd.ask()
    rnd.answer(PatternsAnswer.of(claims, total=total))
    rnd.finish()


def row(store: ProgressStore, pid: str, when: datetime) -> PatternMastery:
    return next(m for m in mastery(store, RULES, when) if m.pattern.id == pid)


def test_one_lucky_answer_is_not_mastery(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        answer(store, DAY0, {"1.2": 1, "1.3": 1}, 10)
        m = row(store, "1.2", DAY0 + timedelta(minutes=1))
        assert m.status is Status.LEARNING and m.level <= 1 / STREAK
        untouched = row(store, "8.1.1", DAY0)
        assert untouched.status is Status.NEW and untouched.level == 0


def test_right_across_days_is_known_and_a_miss_undoes_it(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        day = DAY0
        for _ in range(4):
            answer(store, day, {"1.2": 1, "1.3": 1}, 10)
            day += timedelta(days=4)
        m = row(store, "1.2", day - timedelta(days=4) + timedelta(hours=1))
        assert m.status is Status.KNOWN
        # Long after, the model says it may be forgotten: no longer known.
        assert row(store, "1.2", day + timedelta(days=3650)).status is Status.LEARNING
        answer(store, day, {"1.3": 1}, 10)  # 1.2 missed
        after = row(store, "1.2", day + timedelta(minutes=1))
        assert after.status is Status.LEARNING and after.streak == 0
        assert after.outcomes.right == 4 and after.outcomes.missed == 1
        assert weakest(mastery(store, RULES, day))[0].pattern.id == "1.2"


def test_wrong_claims_are_counted_apart_from_misses(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        answer(store, DAY0, {"1.2": 1, "1.3": 1, "8.1.1": 2}, 10)
        wrong = row(store, "8.1.1", DAY0)
        assert (wrong.outcomes.right, wrong.outcomes.missed, wrong.outcomes.wrong) == (0, 0, 1)
        right = row(store, "1.2", DAY0)
        assert right.outcomes.right == 1 and right.outcomes.wrong == 0


def test_hints_and_skips_are_not_misses(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        rnd = Round(ListSource([qhand(CHOWS), qhand(CHOWS)]), RoundSettings(length=2, seed=1),
                    recorder=store, now=lambda: DAY0)
        rnd.ask()
        hint = rnd.hint()
        assert hint is not None
        hinted = hint.pattern.id
        other = ({"1.2", "1.3"} - {hinted}).pop()
        rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, total=10))
        rnd.skip()
        rnd.finish()
        after = DAY0 + timedelta(minutes=1)
        shown, known = row(store, hinted, after).outcomes, row(store, other, after).outcomes
        assert (shown.right, shown.hinted, shown.skipped, shown.missed) == (0, 1, 1, 0)
        assert (known.right, known.hinted, known.skipped, known.missed) == (1, 0, 1, 0)
        assert shown.mistakes == known.mistakes == 0


def test_a_claim_replaced_by_a_limit_is_counted_wrong(tmp_path: Path) -> None:
    # Big Four Winds (8.1.5) is a limit: All Pungs (2.1) is in the hand, but not added.
    with ProgressStore.open(tmp_path) as store:
        rnd = Round(ListSource([qhand(H.BIG_FOUR)]), RoundSettings(length=1, seed=1),
                    recorder=store, now=lambda: DAY0)
        rnd.ask()
        rnd.answer(PatternsAnswer.of({"8.1.5": 1, "2.1": 1}, total=H.BIG_FOUR_TOTAL))
        rnd.finish()
        pungs, limit = row(store, "2.1", DAY0).outcomes, row(store, "8.1.5", DAY0).outcomes
        assert (pungs.wrong, pungs.missed, pungs.right) == (1, 0, 0)
        assert (limit.right, limit.mistakes) == (1, 0)


def test_level_needs_all_three_parts() -> None:
    assert level_of(1.0, 100.0, 5) == 1.0
    assert level_of(1.0, 100.0, 1) == 0.5  # one answer in a row
    assert level_of(1.0, 0.5, 5) < 0.2  # learned minutes ago
    assert level_of(0.5, 100.0, 5) == 0.5  # fading


def test_higher_retention_brings_cards_back_sooner(tmp_path: Path) -> None:
    due = {}
    for retention in (0.8, 0.95):
        with ProgressStore.open(tmp_path / str(retention),
                                reviewer=Reviewer.with_retention(retention)) as store:
            answer(store, DAY0, {"1.2": 1, "1.3": 1}, 10)
            answer(store, DAY0 + timedelta(days=3), {"1.2": 1, "1.3": 1}, 10)
            card = store.card("pattern:1.2")
            assert card is not None
            due[retention] = card.due
    assert due[0.95] < due[0.8]


def test_grouped_by_category_counts_known(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        rows = mastery(store, RULES, DAY0)
    cats = grouped(rows, RULES, "category")
    assert sum(g.total for g in cats) == len(RULES.patterns)
    assert cats[0].id == "1" and cats[0].known == 0
    fams = grouped(rows, RULES, "family")
    assert sum(g.total for g in fams) == len(RULES.patterns)


def test_a_drill_asks_about_each_weak_pattern_in_turn_and_is_recorded(tmp_path: Path) -> None:
    weak = ("1.4", "8.1.1", "1.3")
    settings = Settings(round_length=5)
    with ProgressStore.open(tmp_path) as store:
        plan = drill_plan("again", weak, settings, store=store, seed=3)
        assert plan.title == DRILL_TITLE and plan.again == "again"
        rnd = plan.build()
        focus = []
        while (q := rnd.ask()) is not None:
            counted = {h.pattern.id for h in q.result.counted}
            assert q.item.focus in counted  # each hand holds the pattern it is aimed at
            focus.append(q.item.focus)
            rnd.answer(q.expected())
        summary = rnd.finish()
        assert focus == [weak[k % len(weak)] for k in range(5)]
        assert summary.questions == 5
        assert len(store.rounds()) == 1 and store.rounds()[0].answered == 5


def test_a_drill_of_nothing_or_of_unknown_patterns_is_refused(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        with pytest.raises(SessionError, match="No weak patterns"):
            drill_plan(None, (), Settings(), store=store, seed=1)
        with pytest.raises(SessionError, match=r"no pattern 99\.9"):
            drill_plan(None, ("1.2", "99.9"), Settings(), store=store, seed=1)
