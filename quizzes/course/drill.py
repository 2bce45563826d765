"""A lesson's drill: questions that test the lesson, and nothing it has not taught.

Every hand of a drill is *fair* (`rules.fair`): the rules it needs have all been
taught by this lesson or an earlier one, so a learner who studied each lesson and
applies it exactly can answer every question.  Each question grades only the
lesson's scope (every pattern taught so far); what counts outside it is given.

* A reading lesson drills `split` (read the hand into its sets) and, once winning
  hands are taught, `win` (half of those hands are not a win).
* A patterns lesson aims every hand at one of its own patterns, so all its questions
  are about the lesson; "does it count?" asks about one of them.  When it teaches a
  rule too (the family rule with the kongs), half its hands show the rule at work.
* A rule lesson asks hands where the rule decides the answer: a pattern outranked, a
  pattern stacked on its family's best, a limit, a sum over the cap, two readings.

The drill ramps: the first question is the hand with the fewest patterns found (one,
where the lesson allows it), the others follow from simple to mixed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.scoring import Score, Why
from mj_trainer.quizzes.course.hand_rules import at_work, fair
from mj_trainer.quizzes.course.model import Lesson, LessonKind
from mj_trainer.quizzes.course.rules import Rule
from mj_trainer.quizzes.course.search import draw
from mj_trainer.quizzes.questions import Question, QuestionKind, make_question
from mj_trainer.quizzes.quiz_hand import QuizHand
from mj_trainer.quizzes.recorder import Recorder
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.round import Round, RoundSettings, RoundSummary
from mj_trainer.quizzes.sources import ListSource, generated_id
from mj_trainer.quizzes.split import splittable

TRIES: Final = 200  # generated hands looked at per question before the next aim
CANDIDATES: Final = 3  # fair hands kept per question, the simplest one used
FIRST_CANDIDATES: Final = 12  # the first question's search for a one-pattern hand


@dataclass(frozen=True, slots=True)
class Planned:
    """One question of a drill before it is scored into a `Question`."""

    kind: QuestionKind
    result: Score
    target: str | None = None  # "does it count?": the pattern asked about


def _kinds(lesson: Lesson, length: int) -> list[QuestionKind]:
    """The drill's kinds in fair shares, in the order the lesson lists them."""
    pool = lesson.drill.kinds
    return [pool[i % len(pool)] for i in range(length)]


def _complexity(result: Score) -> tuple[int, int, int]:
    """How much a hand asks of the learner: patterns that count, then groups that are
    not plain, then its total."""
    best = result.best
    counted = sum(h.count for h in best.counted)
    melds = len(result.hand.melds) + len(result.hand.bonus)
    return counted, melds, abs(best.total)


def _rule_shows(rule: Rule, scope: frozenset[str]) -> Callable[[Score], bool]:
    """Does a hand show `rule` at work on patterns of the scope?"""

    def shows(result: Score) -> bool:
        best = result.best
        if rule is Rule.FAMILIES:
            return any(h.why is Why.OUTRANKED and h.pattern.id in scope
                       and h.by is not None and h.by.id in scope for h in best.not_counted)
        if rule is Rule.STACKING:
            fams: dict[str, int] = {}
            for h in best.counted:
                if h.pattern.id in scope:
                    fams[h.pattern.family] = fams.get(h.pattern.family, 0) + 1
            return any(n > 1 for n in fams.values()) or any(
                h.why is Why.REPLACED and h.pattern.id in scope for h in best.not_counted)
        if rule is Rule.LIMITS:
            return (best.limit is not None and best.limit.id in scope
                    and any(h.why is Why.LIMIT for h in best.not_counted))
        if rule is Rule.CAP:
            return best.capped
        if rule is Rule.DOUBLINGS:
            return any(h.pattern.doubles and h.pattern.id in scope for h in best.counted)
        return rule in at_work(result)

    return shows


def _lesson_test(lesson: Lesson, *, with_rule: bool) -> Callable[[Score], bool]:
    """What a hand must show, beyond being fair, to test this lesson: one of its own
    patterns counting (a patterns lesson), its rule at work (a rule lesson), or both
    (`with_rule`: a patterns lesson that teaches a rule too)."""
    mine = set(lesson.patterns)
    rule = _rule_shows(lesson.rules[0], lesson.scope) if lesson.rules else None

    def shows(result: Score) -> bool:
        if lesson.kind is LessonKind.PATTERNS:
            if not any(h.pattern.id in mine for h in result.best.counted):
                return False
            return not with_rule or rule is None or rule(result)
        return rule is None or rule(result)

    return shows


def _accept(lesson: Lesson, *, with_rule: bool = True) -> Callable[[Score], bool]:
    shows = _lesson_test(lesson, with_rule=with_rule)

    def ok(result: Score) -> bool:
        if not result.winning or not fair(result, lesson.taught, lesson.scope):
            return False
        return shows(result)

    return ok


def _avoid(lesson: Lesson, rules: Ruleset) -> list[str]:
    """Patterns the generator should not build: limit hands before they are taught, and
    doublings before the doubling scheme is."""
    out = []
    if Rule.LIMITS not in lesson.taught:
        out += [p.id for p in rules.patterns if p.is_limit]
    if rules.doubling and Rule.DOUBLINGS not in lesson.taught:
        out += [p.id for p in rules.patterns if p.doubles]
    return out


def _find(rules: Ruleset, seed: int, aims: list[str | None], accept: Callable[[Score], bool],
          *, max_total: int | None = None, min_total: int | None = None,
          winning: bool = True, avoid: list[str] | None = None,
          candidates: int = CANDIDATES, dead: set[str | None] | None = None) -> Score | None:
    """The simplest of a few fair hands for one question, trying the aims in turn.  An
    aim that gives no fair hand goes into `dead`, and later questions skip it."""
    found: list[Score] = []
    for k, aim in enumerate(aims):
        if dead is not None and aim in dead:
            continue
        for result in draw(rules, seed=seed * 7919 + k, accept=accept, target=aim,
                           avoid=[a for a in avoid or () if a != aim], winning=winning,
                           max_total=max_total, min_total=min_total, tries=TRIES):
            found.append(result)
            if len(found) >= candidates or _complexity(result)[0] == 1:
                break
        if found:
            break
        if dead is not None:
            dead.add(aim)
    return min(found, key=_complexity) if found else None


def plan_drill(rules: Ruleset, lesson: Lesson, seed: int, length: int | None = None
               ) -> list[Planned]:
    """The questions of a lesson's drill, in the order they are asked."""
    n = length or lesson.drill.questions
    rng = random.Random(seed)
    kinds = _kinds(lesson, n)
    if lesson.kind is LessonKind.READING:
        return _reading(rules, lesson, seed, kinds, rng)
    avoid = _avoid(lesson, rules)
    # A patterns lesson that also teaches a rule asks every other question (the second,
    # the fourth...) about a hand where the rule is at work.
    ruled = lesson.kind is LessonKind.PATTERNS and bool(lesson.rules)
    dead: dict[bool, set[str | None]] = {True: set(), False: set()}
    tests = {True: _accept(lesson, with_rule=True), False: _accept(lesson, with_rule=False)}
    # Before the cap and the limits are taught, keep the generator below the cap.
    capped = Rule.CAP in lesson.taught or Rule.LIMITS in lesson.taught or rules.doubling
    max_total = None if capped else rules.cap - 1
    min_total = None
    if lesson.kind is LessonKind.RULE and lesson.rules[0] is Rule.CAP:
        max_total = None
        min_total = rules.cap if not rules.doubling else None
    by_id = rules.by_id()
    aims: list[str | None] = [t for t in lesson.targets
                              if Rule.LIMITS in lesson.taught or not by_id[t].is_limit]
    aims = aims or [None]
    rng.shuffle(aims)
    planned: list[Planned] = []
    for i in range(n):
        order = aims[i % len(aims):] + aims[:i % len(aims)]
        # The first question looks harder for a hand with a single pattern (the ramp).
        needs_rule = not ruled or i % 2 == 1
        result = _find(rules, seed + 101 * i, [*order, None], tests[needs_rule],
                       max_total=max_total, min_total=min_total, avoid=avoid,
                       candidates=FIRST_CANDIDATES if i == 0 else CANDIDATES,
                       dead=dead[needs_rule])
        if result is None:
            continue
        planned.append(Planned(kinds[0], result))
    planned.sort(key=lambda p: _complexity(p.result))
    out: list[Planned] = []
    # Kinds go to the ramp in order: the first (simplest) hand is always named in full.
    for k, p in enumerate(planned):
        kind = kinds[k]
        target = None
        if kind is QuestionKind.DOES_COUNT:
            target = _counts_target(lesson, p.result, rng)
        out.append(Planned(kind, p.result, target))
    return out


def _counts_target(lesson: Lesson, result: Score, rng: random.Random) -> str:
    """A pattern of the lesson to ask about: one that counts here half the time, one
    that does not (absent, or present and not counting once the rule is taught) else."""
    counted = {h.pattern.id for h in result.best.counted}
    mine = [p for p in lesson.patterns if p in lesson.scope]
    yes = [p for p in mine if p in counted]
    no = [p for p in mine if p not in counted]
    if yes and (not no or rng.random() < 0.5):
        return rng.choice(yes)
    return rng.choice(no or mine)


def _reading(rules: Ruleset, lesson: Lesson, seed: int, kinds: list[QuestionKind],
             rng: random.Random) -> list[Planned]:
    """Split and win questions of a reading lesson."""
    exposure = Rule.EXPOSURE in lesson.rules

    def splits(result: Score) -> bool:
        ok = (result.winning and splittable(result)
              and fair(result, lesson.taught, lesson.scope, reading=True))
        return ok and (not exposure or bool(result.hand.melds))

    def wins(result: Score) -> bool:
        return fair(result, lesson.taught, lesson.scope, reading=True)

    planned: list[Planned] = []
    flip = rng.random() < 0.5
    win_questions = 0
    for i, kind in enumerate(kinds):
        found = None
        if kind is QuestionKind.SPLIT:
            found = _find(rules, seed + 101 * i, [None], splits)
        else:
            # half the hands are not a win, once winning hands are taught
            winning = (win_questions % 2 == 0) != flip or Rule.WINNING not in lesson.taught
            win_questions += 1
            found = _find(rules, seed + 101 * i, [None], wins, winning=winning)
        if found is not None:
            planned.append(Planned(kind, found))
    planned.sort(key=lambda p: (p.kind is not QuestionKind.IS_WIN, _complexity(p.result)))
    return planned


class LessonRound(Round):
    """A lesson's drill: its own questions (fair, scoped, ramped), recorded under the
    lesson's name, and the lesson recorded as passed when the drill is."""

    def __init__(self, rules: Ruleset, one: Lesson, *, seed: int, length: int | None = None,
                 kinds: tuple[QuestionKind, ...] | None = None,
                 recorder: Recorder | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc) -> None:
        self.rules = rules
        self.lesson = one
        self.passed = False
        n = length or one.drill.questions
        if kinds:
            one = replace(one, drill=replace(one.drill, kinds=kinds))
        self._planned = plan_drill(rules, one, seed, n)
        self.lesson = one
        items = [QuizHand(generated_id(p.result.hand), p.result.hand, source=self.name,
                          focus=p.target) for p in self._planned]
        settings = RoundSettings(kinds=one.drill.kinds, length=max(1, len(items)), seed=seed,
                                 ruleset=rules)
        super().__init__(ListSource(items, name=self.name), settings, recorder=recorder,
                         clock=clock, now=now)

    @property
    def name(self) -> str:
        return f"lesson {self.lesson.id}"

    def _plan(self, rules: Ruleset | None, rng: random.Random) -> list[Question]:
        out: list[Question] = []
        source = self.source
        assert isinstance(source, ListSource)
        for i, (p, item) in enumerate(zip(self._planned, source, strict=True)):
            out.append(make_question(i + 1, p.kind, item, ruleset=self.rules, rng=rng,
                                     scope=self.lesson.scope,
                                     ask_winning=self.lesson.drill.ask_winning))
        return out

    def finish(self) -> RoundSummary:
        from mj_trainer.quizzes.course.state import drill_passed, record_pass

        summary = super().finish()
        if drill_passed(summary) and not self.passed:
            self.passed = True
            record_pass(self.recorder, self.rules, self.lesson.id,
                        summary.score / max(1, summary.questions), self._now())
        return summary
