"""A quiz round: questions from a source, answers graded as they come, a summary.

    source = curated_source("families", store=store)     # or GeneratorSource, review_source...
    rnd = Round(source, RoundSettings(kinds=(QuestionKind.PATTERNS, QuestionKind.TOTAL)),
                recorder=store)
    while (q := rnd.ask()) is not None:
        hint = rnd.hint()                       # optional: reveal a pattern, at a price
        grade = rnd.answer(PatternsAnswer.of({"8.1.1": 3}, total=135))   # or rnd.skip()
    summary = rnd.finish()

Everything a round records goes through its recorder (`quizzes.recorder.Recorder`):
the progress store, or `NoRecorder` when nothing is kept.  With the store, each answer
is saved the moment it is given (with its statistics, review ratings and the set's
resume position), so an interrupted round keeps every answer already given and the
next round of that set starts where this one stopped.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import islice
from typing import Any

from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.quizzes.grading import Grade, grade
from mj_trainer.quizzes.hints import HINTABLE, Hint, as_nudge, available_hints
from mj_trainer.quizzes.items import split_item
from mj_trainer.quizzes.outcomes import ItemOutcome
from mj_trainer.quizzes.questions import Answer, Question, QuestionKind, make_question
from mj_trainer.quizzes.recorder import NO_RECORDER, Recorder, Unsaved
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.review_queue import review_refs
from mj_trainer.quizzes.sources import (
    CuratedSource,
    Finder,
    HandSource,
    Order,
    QuizHand,
    ReviewSource,
    curated_hands,
)
from mj_trainer.quizzes.store import AnswerRecord, ProgressStore, SetPosition, StoreError

__all__ = [  # review_refs lives in `quizzes.review_queue`, which home reads
    "FAST_SECONDS",
    "MissCount",
    "Round",
    "RoundSettings",
    "RoundSummary",
    "curated_source",
    "plan_kinds",
    "review_refs",
    "review_source",
    "summarise",
]

# Answers this fast (seconds) and right rate Easy for review; slower right ones Good.
FAST_SECONDS: dict[QuestionKind, float] = {
    QuestionKind.PATTERNS: 30.0,
    QuestionKind.TOTAL: 20.0,
    QuestionKind.DOES_COUNT: 8.0,
    QuestionKind.IS_WIN: 8.0,
    QuestionKind.SPLIT: 40.0,
}


@dataclass(frozen=True)
class RoundSettings:
    """What a round asks.

    `kinds` lists the question kinds to mix; a kind listed twice comes up twice as
    often.  Each kind gets its share of the round's questions and the order is
    shuffled by `seed`, so the same settings and seed give the same round.
    """

    kinds: tuple[QuestionKind, ...] = (QuestionKind.PATTERNS,)
    length: int = 10
    seed: int | None = None
    # None: each hand's own ruleset; else a built-in name, a file path or a loaded
    # ruleset (a house ruleset is best passed loaded).
    ruleset: str | Ruleset | None = None
    fast_seconds: dict[QuestionKind, float] = field(default_factory=lambda: dict(FAST_SECONDS))

    def __post_init__(self) -> None:
        if not self.kinds:
            raise ValueError("a round needs at least one question kind")
        if self.length < 1:
            raise ValueError("a round needs at least one question")


def plan_kinds(kinds: Iterable[QuestionKind], length: int, rng: random.Random
               ) -> list[QuestionKind]:
    """`length` kinds in fair shares of `kinds`, shuffled."""
    pool = list(kinds)
    out = [pool[i % len(pool)] for i in range(length)]
    rng.shuffle(out)
    return out


@dataclass(frozen=True, slots=True)
class MissCount:
    """A pattern or family and how many questions of the round got it wrong."""

    id: str
    name: str
    misses: int


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """The end-of-round report."""

    questions: int
    answered: int
    skipped: int
    score: float  # sum of credits
    correct: int  # answers with full credit
    seconds: float  # time spent answering
    by_kind: dict[str, tuple[int, int]]  # kind -> (correct, asked)
    missed_patterns: tuple[MissCount, ...]
    missed_families: tuple[MissCount, ...]
    # Patterns claimed that did not count (absent, outranked, too many, a limit's).
    wrong_patterns: tuple[MissCount, ...] = ()
    # Pattern items of the answers by what happened: {"right": 7, "missed": 2, ...}.
    outcomes: dict[str, int] = field(default_factory=dict)

    @property
    def asked(self) -> int:
        """Questions answered or skipped (fewer than `questions` if the round ended early)."""
        return self.answered + self.skipped

    @property
    def accuracy(self) -> float:
        """Share of the questions asked that got full credit."""
        return self.correct / self.asked if self.asked else 0.0

    @property
    def percent(self) -> float:
        """The score as a percentage of the questions asked."""
        return 100.0 * self.score / self.asked if self.asked else 0.0

    @property
    def average_seconds(self) -> float:
        return self.seconds / self.answered if self.answered else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "questions": self.questions,
            "answered": self.answered,
            "skipped": self.skipped,
            "score": round(self.score, 4),
            "percent": round(self.percent, 1),
            "correct": self.correct,
            "accuracy": round(self.accuracy, 4),
            "seconds": round(self.seconds, 1),
            "by_kind": {k: list(v) for k, v in self.by_kind.items()},
            "missed_patterns": [[m.id, m.name, m.misses] for m in self.missed_patterns],
            "missed_families": [[m.id, m.name, m.misses] for m in self.missed_families],
            "wrong_patterns": [[m.id, m.name, m.misses] for m in self.wrong_patterns],
            "outcomes": dict(self.outcomes),
        }


class Round:
    """A round of questions.  Plain Python: the UI drives it with ask/hint/answer/skip."""

    def __init__(self, source: HandSource, settings: RoundSettings | None = None, *,
                 recorder: Recorder | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc) -> None:
        """`recorder` keeps the answers (None: `NoRecorder`, nothing is kept)."""
        self.settings = settings or RoundSettings()
        self.source = source
        self.recorder: Recorder = recorder if recorder is not None else NO_RECORDER
        self._clock = clock
        self._now = now
        rng = random.Random(self.settings.seed)
        self._rng = rng
        chosen = self.settings.ruleset
        rules = chosen if isinstance(chosen, Ruleset) else load(chosen) if chosen else None
        self.questions: list[Question] = self._plan(rules, rng)
        self.grades: list[Grade] = []
        self.revealed: dict[int, list[Hint]] = {}  # question number -> hints shown
        self._asked_at: float | None = None
        self._summary: RoundSummary | None = None
        self.round_id: int | None = None
        # Why the last answer is not in the database (it then waits in the store's
        # journal, or only in memory when not `kept`), or None.
        self.save_problem: Unsaved | None = None
        # Why the round's end (or, for a round left unanswered, its removal) could not
        # be written; the answers themselves are kept.
        self.end_error: StoreError | None = None
        if self.questions:
            self.round_id = self.recorder.start_round(
                source=_source_kind(source), source_name=source.name,
                ruleset=self._ruleset_name(rules),
                kinds=[k.value for k in self.settings.kinds], planned=len(self.questions),
                now=self._now(),
            )

    def _plan(self, rules: Ruleset | None, rng: random.Random) -> list[Question]:
        """The round's questions: the source's first hands, each with a kind from a fair
        share of the settings' kinds (a lesson's drill plans its own)."""
        items: list[QuizHand] = list(islice(iter(self.source), self.settings.length))
        kinds = plan_kinds(self.settings.kinds, len(items), rng)
        return [make_question(i + 1, kind, item, ruleset=rules, rng=rng)
                for i, (kind, item) in enumerate(zip(kinds, items, strict=True))]

    def _ruleset_name(self, rules: Ruleset | None) -> str:
        if rules is not None:
            return rules.id
        names = sorted({q.ruleset.id for q in self.questions})
        chosen = self.settings.ruleset
        return ",".join(names) if names else (chosen if isinstance(chosen, str) else "")

    # ---- flow

    @property
    def position(self) -> int:
        """How many questions have been answered or skipped."""
        return len(self.grades)

    @property
    def current(self) -> Question | None:
        """The question waiting for an answer, or None when the round is over."""
        return self.questions[self.position] if self.position < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def ended(self) -> bool:
        """True once finish() has run: the round takes no more answers (a round ended
        before its first answer is no longer in the store)."""
        return self._summary is not None

    def ask(self) -> Question | None:
        """The current question; its answer time is measured from the first ask."""
        q = self.current
        if q is not None and self._asked_at is None:
            self._asked_at = self._clock()
        return q

    # ---- hints

    def hints_for(self, question: Question | None = None) -> list[Hint]:
        """The hints revealed so far for `question` (default: the current one)."""
        q = question or self.current
        return list(self.revealed.get(q.number, [])) if q is not None else []

    def can_hint(self, claimed: Mapping[str, int] | None = None) -> bool:
        q = self.current
        if q is None or q.kind not in HINTABLE:
            return False
        return self._pending_nudge(q) is not None or self._next_hint(q, claimed) is not None

    def _next_hint(self, q: Question, claimed: Mapping[str, int] | None) -> Hint | None:
        shown = {h.pattern.id for h in self.revealed.get(q.number, [])}
        return next((h for h in available_hints(q, claimed) if h.pattern.id not in shown), None)

    def _pending_nudge(self, q: Question) -> int | None:
        """Where in `q`'s hints a nudge waits for its pattern (None: no nudge open)."""
        shown = self.revealed.get(q.number, [])
        return next((i for i, h in enumerate(shown) if h.nudge is not None), None)

    def hint(self, claimed: Mapping[str, int] | None = None, *,
             nudge_first: bool = False) -> Hint | None:
        """Reveal one more counted pattern of the current question (None: nothing left).
        The answer then pays for it (`grading.grade` takes the revealed hints).

        With `nudge_first` a pattern is first only nudged at (where to look, which
        category); the next call names the nudged pattern."""
        q = self.ask()
        if q is None or q.kind not in HINTABLE:
            return None
        shown = self.revealed.setdefault(q.number, [])
        pending = self._pending_nudge(q)
        if pending is not None:
            shown[pending] = replace(shown[pending], nudge=None)
            return shown[pending]
        found = self._next_hint(q, claimed)
        if found is not None:
            if nudge_first:
                found = as_nudge(q, found)
            shown.append(found)
        return found

    # ---- answers

    def answer(self, answer: Answer | None) -> Grade:
        """Grade and record the current question's answer (None skips it), with the
        hints revealed for it."""
        q = self.ask()
        if q is None or self.ended:
            raise RuntimeError("the round is over; there is no question to answer")
        result = grade(q, answer, self.hints_for(q))
        assert self._asked_at is not None
        seconds = max(0.0, self._clock() - self._asked_at)
        result = _with_seconds(result, seconds)
        assert self.round_id is not None  # a round with a question was started
        record = AnswerRecord.from_grade(
            q.number, result, fast_seconds=self.settings.fast_seconds.get(q.kind),
            answered_at=self._now())
        self.save_problem = self.recorder.save_answer(
            self.round_id, record, set_position=self._position_after(q.item))
        self.grades.append(result)
        self._asked_at = None
        return result

    def skip(self) -> Grade:
        """Give up on the current question: no credit, and the full answer is explained."""
        return self.answer(None)

    def _position_after(self, item: QuizHand) -> SetPosition | None:
        source = self.source
        if not isinstance(source, CuratedSource) or item.position is None:
            return None
        return SetPosition(source.set_name, item.position + 1, source.size,
                           source.order.value, source.seed)

    # ---- the end

    def summary(self, top: int = 5) -> RoundSummary:
        """The report so far (the round need not be over)."""
        return summarise(self.questions, self.grades, top)

    def finish(self) -> RoundSummary:
        """End the round (even early) and record it; returns the summary."""
        if self._summary is None:
            self._summary = self.summary()
            try:
                if self.round_id is not None and not self.grades:
                    # Nothing was answered: no round to keep (not a 0% round in the history).
                    self.recorder.discard_round(self.round_id)
                elif self.round_id is not None:
                    set_name = self.source.set_name \
                        if isinstance(self.source, CuratedSource) else None
                    self.recorder.finish_round(self.round_id, now=self._now(),
                                               set_name=set_name)
            except StoreError as err:  # the answers are kept; only the round's end is not
                self.end_error = err
        return self._summary


def _with_seconds(g: Grade, seconds: float) -> Grade:
    return replace(g, seconds=seconds)


def _source_kind(source: HandSource) -> str:
    from mj_trainer.quizzes.sources import GeneratorSource, ReviewSource

    if isinstance(source, CuratedSource):
        return "set"
    if isinstance(source, GeneratorSource):
        return "random"
    if isinstance(source, ReviewSource):
        return "review"
    return "hands"


def summarise(questions: list[Question], grades: list[Grade], top: int = 5) -> RoundSummary:
    """Score, accuracy, time, what was missed and what was wrongly claimed most.

    Counts follow what really happened to each item (`quizzes.outcomes`): only a
    pattern that counts and was not claimed is *missed*; a claim that did not count is
    *wrongly claimed*; hints and skips are neither.  `by_kind` counts the questions
    that were answered or skipped, not the ones planned.
    """
    # Counted per review item, which names the ruleset: in a round that mixes
    # rulesets one id can be two different patterns.
    pattern_misses: Counter[str] = Counter()
    family_misses: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    by_kind: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for g in grades:
        rules = g.question.ruleset
        tally = by_kind.setdefault(g.question.kind.value, [0, 0])
        tally[1] += 1
        if g.correct:
            tally[0] += 1
        for item, outcome in g.outcomes.items():
            kind, ref = split_item(item)
            if kind == "pattern":
                outcomes[outcome.value] += 1
            if outcome is ItemOutcome.MISSED:
                (pattern_misses if kind == "pattern" else family_misses)[item] += 1
            elif kind == "pattern" and outcome.claimed_not_counting:
                wrong[item] += 1
            else:
                continue
            names.setdefault(item, rules.pattern(ref).name if kind == "pattern"
                             else rules.family_name(ref))

    def ranked(counter: Counter[str]) -> tuple[MissCount, ...]:
        order = sorted(counter.items(),
                       key=lambda kv: (-kv[1], _id_key(split_item(kv[0])[1]), kv[0]))
        return tuple(MissCount(split_item(k)[1], names[k], n) for k, n in order[:top])

    return RoundSummary(
        questions=len(questions),
        answered=sum(1 for g in grades if not g.skipped),
        skipped=sum(1 for g in grades if g.skipped),
        score=sum(g.credit for g in grades),
        correct=sum(1 for g in grades if g.correct),
        seconds=sum(g.seconds or 0.0 for g in grades),
        by_kind={k: (v[0], v[1]) for k, v in by_kind.items()},
        missed_patterns=ranked(pattern_misses),
        missed_families=ranked(family_misses),
        wrong_patterns=ranked(wrong),
        outcomes=dict(outcomes),
    )


def _id_key(pattern_id: str) -> tuple[int, ...]:
    return tuple(int(x) for x in pattern_id.split(".") if x.isdigit())


def curated_source(set_name: str, hands: Sequence[QuizHand] | None = None, *,
                   store: ProgressStore | None = None, order: Order = Order.IN_ORDER,
                   seed: int | None = None, restart: bool = False) -> CuratedSource:
    """A curated set's source, resuming where the learner stopped.

    `hands` default to the built-in set of that name (`quizzes.sets`).  With a store,
    the set starts at its saved position when the order and the set's size are
    unchanged (a shuffled set keeps its shuffle); a finished set, `restart`, or a
    changed set starts again from the first hand (a shuffled one with a new shuffle).
    """
    chosen = list(hands) if hands is not None else curated_hands(set_name)
    start = 0
    progress = store.set_progress(set_name) if store is not None else None
    if (progress is not None and not restart and progress.order == order.value
            and progress.size == len(chosen) and progress.position < len(chosen)):
        start = progress.position
        if order is Order.SHUFFLED and seed is None:
            seed = progress.seed
    return CuratedSource(set_name, chosen, order=order, seed=seed, start=start)


def review_source(store: ProgressStore, now: datetime | None = None, *,
                  limit: int | None = None, pool: Iterable[QuizHand] | None = None,
                  finders: list[Finder] | None = None, seed: int | None = None,
                  ruleset: Ruleset | None = None, confirm: bool = True) -> ReviewSource:
    """A source of hands aimed at what is due for review now, weak spots first.

    Only the cards of `ruleset` (the default ruleset when None) are reviewed: a pattern
    id means another pattern in another ruleset.  Patterns come before families, and
    among them those answered wrong last time (the weak spots) come first, then the
    most overdue; hands that also count other weak patterns are preferred.  With
    `confirm`, the patterns once missed and not yet mastered follow, the least mastered
    first: one right answer after a miss is not mastery, so review asks again.
    """
    refs, weak = review_refs(store, now, ruleset=ruleset, confirm=confirm)
    if limit is not None:
        refs = refs[:limit]
    return ReviewSource(refs, pool=pool, finders=finders, seed=seed, ruleset=ruleset,
                        weak=weak)
