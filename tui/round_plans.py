"""The round each start message asks for: a set, random hands, review, a drill, a lesson
or one hand.  Loaded with the first round, not with the app: home needs none of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from mj_trainer.engine.ruleset import RulesetError, load
from mj_trainer.quizzes.config import Settings
from mj_trainer.quizzes.round import Round
from mj_trainer.quizzes.session import (
    RoundPlan,
    SessionError,
    drill_plan,
    random_plan,
    review_plan,
    set_plan,
)
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.messages import StartHand, StartLesson, StartRandom, StartReview, StartSet

RoundRequest = StartSet | StartRandom | StartReview | StartHand | StartLesson


def plan_for(msg: RoundRequest, settings: Settings, *, store: ProgressStore | None,
             seed: int, clock: Callable[[], float] = time.monotonic) -> RoundPlan[RoundRequest]:
    """The plan for any start message (SessionError when it cannot be started)."""
    plan: RoundPlan[RoundRequest]
    if isinstance(msg, StartLesson):
        plan = lesson_plan(msg, settings, store=store, seed=seed, clock=clock)
    elif isinstance(msg, StartSet):
        plan = set_plan(msg, settings, store=store, seed=seed, clock=clock)
    elif isinstance(msg, StartRandom):
        plan = random_plan(msg, settings, store=store, seed=seed, clock=clock)
    elif isinstance(msg, StartHand):
        from mj_trainer.tui.hand_round import hand_plan

        plan = hand_plan(msg, store=store, seed=seed, clock=clock)
    elif msg.patterns:
        plan = drill_plan(msg, msg.patterns, settings, store=store, seed=seed, clock=clock)
    else:
        plan = review_plan(msg, settings, store=store, seed=seed, clock=clock)
    return plan


def lesson_plan(msg: StartLesson, settings: Settings, *, store: ProgressStore | None,
                seed: int, clock: Callable[[], float] = time.monotonic
                ) -> RoundPlan[RoundRequest]:
    """A lesson's drill in the current ruleset's course (SessionError: no such lesson)."""
    from mj_trainer.quizzes.course import lesson, lesson_round

    try:
        rules = load(settings.ruleset)
        one = lesson(rules, msg.lesson_id)
    except (RulesetError, KeyError) as err:
        raise SessionError(str(err.args[0]) if err.args else str(err)) from None

    def build() -> Round:
        return lesson_round(rules, one.id, seed=seed, store=store, clock=clock)

    return RoundPlan(f"Lesson {one.id} · {one.title}", build, msg)
