"""A one-question round on a hand the learner built (the calculator's quiz key).

Plain Python, like `quizzes.session`: the round asks the full question (patterns and
total) about exactly this hand, under the hand's own ruleset, and records the answer
like any other round, so a missed pattern comes back in review.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from mj_trainer.engine.notation import format_hand
from mj_trainer.engine.ruleset import RulesetError, load
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.session import RoundPlan, SessionError
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.messages import StartHand


def hand_id(text: str) -> str:
    """A stable id for a hand built by the learner, from its canonical notation."""
    return "calc-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def hand_plan(msg: StartHand, *, store: ProgressStore | None, seed: int,
              clock: Callable[[], float] = time.monotonic) -> RoundPlan[StartHand]:
    """The plan of a round of one question on `msg.hand` (SessionError: bad ruleset)."""
    try:
        rules = load(msg.hand.ruleset)
    except RulesetError as err:
        raise SessionError(str(err)) from None
    item = QuizHand(hand_id(format_hand(msg.hand)), msg.hand, title="Your hand",
                    source="calculator")
    settings = RoundSettings(kinds=(QuestionKind.PATTERNS,), length=1, seed=seed,
                             ruleset=rules)

    def build() -> Round:
        return Round(ListSource([item], name="calculator"), settings, recorder=store,
                            clock=clock)

    return RoundPlan(msg.title, build, msg)
