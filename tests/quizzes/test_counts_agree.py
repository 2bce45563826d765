"""Counts that agree (issue 21): what a list says is what a round plays."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.session import SET_ROUND, set_plan
from mj_trainer.quizzes.sets import builtin_set, builtin_sets
from mj_trainer.quizzes.store import ProgressStore


@dataclass(frozen=True)
class Settings:
    ruleset: str = "mj-score-eval"
    round_length: int = 10
    kinds: tuple[QuestionKind, ...] = (QuestionKind.PATTERNS,)


@dataclass(frozen=True)
class Request:
    set_id: str
    shuffled: bool = False
    resume: bool = True


def test_a_set_listed_as_11_hands_plays_11(tmp_path: Path) -> None:
    # "Trivial Patterns" was listed as 11 hands and played 10: the round length.
    trivial = builtin_set("trivial")
    assert len(trivial.hands) == 11
    with ProgressStore.open(tmp_path) as store:
        rnd = set_plan(Request("trivial"), Settings(), store=store, seed=1).build()
        assert [q.hand_id for q in rnd.questions] == [h.id for h in trivial.hands]


def test_every_set_plays_whole_up_to_the_set_round(tmp_path: Path) -> None:
    for hand_set in builtin_sets():
        rnd = set_plan(Request(hand_set.id), Settings(round_length=5), store=None,
                       seed=1).build()
        assert len(rnd.questions) == min(len(hand_set.hands), SET_ROUND), hand_set.id


def test_a_long_set_resumes_where_the_last_round_stopped(tmp_path: Path) -> None:
    longest = max(builtin_sets(), key=lambda s: len(s.hands))
    assert len(longest.hands) > SET_ROUND
    with ProgressStore.open(tmp_path) as store:
        first = set_plan(Request(longest.id), Settings(), store=store, seed=1).build()
        while first.ask() is not None:
            first.skip()
        first.finish()
        second = set_plan(Request(longest.id), Settings(), store=store, seed=2).build()
        assert second.questions[0].hand_id == longest.hands[SET_ROUND].id


def test_a_script_asks_for_a_number_of_hands() -> None:
    rnd = set_plan(Request("trivial"), Settings(), store=None, seed=1, count=3).build()
    assert len(rnd.questions) == 3
