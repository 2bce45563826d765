"""Quiz questions and the answers a learner gives.

Four kinds of question:

* (a) `PATTERNS` — name the patterns that count (with counts for per-set and per-tile
  patterns) and the total; under a ruleset of the doubling scheme (`classical`, R32)
  also the points before doubling and the number of doublings;
* (b) `TOTAL` — the total only;
* (c) `DOES_COUNT` — does one pattern X count in this hand?  X is picked so the
  answer is sometimes yes (a pattern that counts), sometimes a tempting no (present
  but not counting: outranked, replaced by a limit, not for this shape) and sometimes a
  plain no (absent, preferring patterns close to the hand: another reading has it,
  or a relative of a pattern that is there);
* (d) `IS_WIN` — is this a winning hand at all?
* (e) `SPLIT` — read a winning hand into its sets and eyes (`quizzes.split`); lessons
  that teach exposure also ask which group the winning tile completed.

A lesson's drill grades only what its course has taught so far: a question carries
its `scope` (the pattern ids it grades); every pattern that counts outside it is
*given* (shown with the hand, its points part of the expected total).

The expected answer always comes from the engine's `Score`; nothing is stored by hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.registry import Trait, has_trait
from mj_trainer.engine.ruleset import Pattern, Ruleset, load
from mj_trainer.engine.ruleset_model import CHICKEN_HAND, ILLEGAL_CALL
from mj_trainer.engine.scoring import Hit, Score, score
from mj_trainer.engine.total_basis import total_basis
from mj_trainer.quizzes.question_kind import QuestionKind
from mj_trainer.quizzes.sources import QuizHand
from mj_trainer.quizzes.split import SplitAnswer, best_answer, splittable

__all__ = [  # QuestionKind lives in `quizzes.question_kind`, light enough for the settings
    "TARGET_WEIGHTS",
    "Answer",
    "PatternsAnswer",
    "Question",
    "QuestionKind",
    "TotalAnswer",
    "YesNoAnswer",
    "answer_from_json",
    "answer_to_json",
    "breakdown",
    "choose_target",
    "expected_counts",
    "make_question",
]


@dataclass(frozen=True, slots=True)
class PatternsAnswer:
    """Kind (a): the patterns claimed (id -> how many times) and the total.

    Under the doubling scheme (`classical`) the claims hold points patterns and
    doublings alike (a per-set doubling such as Pung of Dragons with its count), and
    the answer also gives `points`, the sum of the points before doubling, and
    `doubles`, how many times that sum is doubled.  Both stay None under the other
    rulesets, and an answer without them is graded as having left them out.
    """

    patterns: Mapping[str, int] = field(default_factory=dict)
    total: int | None = None
    points: int | None = None  # doubling scheme: the points before doubling
    doubles: int | None = None  # doubling scheme: how many doublings

    @classmethod
    def of(cls, patterns: Iterable[str] | Mapping[str, int], total: int | None = None, *,
           points: int | None = None, doubles: int | None = None) -> PatternsAnswer:
        """From ids (a repeated id counts twice) or from an id -> count mapping."""
        if isinstance(patterns, Mapping):
            counts = {str(k): int(v) for k, v in patterns.items() if int(v) > 0}
        else:
            counts = dict(Counter(str(p) for p in patterns))
        return cls(counts, _opt_int(total), _opt_int(points), _opt_int(doubles))


def _opt_int(value: object) -> int | None:
    """An int, or None for None; refuses text that is not a whole number."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValueError(f"not a number: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    raise ValueError(f"not a whole number: {value!r}")


@dataclass(frozen=True, slots=True)
class TotalAnswer:
    """Kind (b): the total."""

    total: int


@dataclass(frozen=True, slots=True)
class YesNoAnswer:
    """Kinds (c) and (d): yes or no."""

    yes: bool


Answer = PatternsAnswer | TotalAnswer | YesNoAnswer | SplitAnswer


def answer_to_json(answer: Answer | None) -> dict[str, Any] | None:
    """A JSON-ready form of an answer (None for a skipped question)."""
    if answer is None:
        return None
    if isinstance(answer, PatternsAnswer):
        out: dict[str, Any] = {"patterns": dict(sorted(answer.patterns.items())),
                               "total": answer.total}
        # The doubling scheme's parts appear only when given, so the answers of the
        # additive rulesets keep the form they always had.
        if answer.points is not None:
            out["points"] = answer.points
        if answer.doubles is not None:
            out["doubles"] = answer.doubles
        return out
    if isinstance(answer, TotalAnswer):
        return {"total": answer.total}
    if isinstance(answer, SplitAnswer):
        return answer.to_json()
    return {"yes": answer.yes}


def answer_from_json(data: Mapping[str, Any] | None) -> Answer | None:
    """The inverse of `answer_to_json`."""
    if data is None:
        return None
    if "patterns" in data:
        return PatternsAnswer.of(data["patterns"], data.get("total"),
                                 points=data.get("points"), doubles=data.get("doubles"))
    if "yes" in data:
        return YesNoAnswer(bool(data["yes"]))
    if "sets" in data:
        winning = data.get("winning")
        return SplitAnswer(tuple(tuple(str(c) for c in g) for g in data["sets"]),
                           None if winning is None else int(winning))
    return TotalAnswer(int(data["total"]))


@dataclass(frozen=True, slots=True)
class Question:
    """One question of a round: a hand, what is asked, and the engine's answer."""

    number: int  # 1-based place in its round
    kind: QuestionKind
    item: QuizHand
    result: Score
    target: str | None = None  # the pattern asked about, for DOES_COUNT
    # A lesson drill's question grades only these pattern ids (None: every pattern);
    # what counts outside them is given (`given`).
    scope: frozenset[str] | None = None
    ask_winning: bool = False  # SPLIT: say which group the winning tile completed

    @property
    def hand(self) -> Hand:
        return self.item.hand

    @property
    def hand_id(self) -> str:
        return self.item.id

    @property
    def ruleset(self) -> Ruleset:
        return self.result.ruleset

    def graded(self, pattern_id: str) -> bool:
        """Is this pattern graded by the question (in its scope)?"""
        return self.scope is None or pattern_id in self.scope

    @property
    def given(self) -> tuple[Hit, ...]:
        """The patterns that count but lie outside the scope: shown with the hand (their
        points are part of the total), never graded."""
        if self.scope is None:
            return ()
        return tuple(h for h in self.result.counted if h.pattern.id not in self.scope)

    @property
    def target_pattern(self) -> Pattern | None:
        return self.ruleset.pattern(self.target) if self.target else None

    @property
    def asks_breakdown(self) -> bool:
        """True when a patterns question also asks for the points and the doublings.

        That is every patterns question under the doubling scheme, limit hands and
        non-wins included, so that asking gives nothing away; for those two the
        points and doublings given are not graded (see `quizzes.grading`).
        """
        return self.kind is QuestionKind.PATTERNS and self.ruleset.doubling

    @property
    def prompt(self) -> str:
        """The question in words."""
        if self.asks_breakdown:
            return ("Which patterns and doublings count, how many times each, what do the "
                    "points add up to, how many doublings are there, and what is the "
                    "total?")
        if self.kind is QuestionKind.PATTERNS:
            return "Which patterns count, how many times each, and what is the total?"
        if self.kind is QuestionKind.TOTAL:
            return "What does this hand score?"
        if self.kind is QuestionKind.IS_WIN:
            return "Is this a winning hand?"
        if self.kind is QuestionKind.SPLIT:
            if self.ask_winning:
                return ("How does this hand read as sets and eyes, and which group did "
                        "the winning tile complete?")
            return "How does this hand read as sets and eyes?"
        p = self.target_pattern
        assert p is not None
        return f"Does {p.name} ({p.id}) count in this hand?"

    def expected(self) -> Answer:
        """The right answer, from the engine's score."""
        if self.kind is QuestionKind.PATTERNS:
            parts = breakdown(self.result)
            points, doubles = parts if parts is not None else (None, None)
            counts = {k: n for k, n in expected_counts(self.result).items() if self.graded(k)}
            return PatternsAnswer(counts, self.result.total, points, doubles)
        if self.kind is QuestionKind.SPLIT:
            best = best_answer(self.result)
            return best if self.ask_winning else SplitAnswer(best.sets)
        if self.kind is QuestionKind.TOTAL:
            return TotalAnswer(self.result.total)
        if self.kind is QuestionKind.IS_WIN:
            return YesNoAnswer(self.result.winning)
        return YesNoAnswer(self.target in expected_counts(self.result))


def expected_counts(result: Score) -> dict[str, int]:
    """pattern id -> count for every pattern that counts in the chosen reading."""
    return {h.pattern.id: h.count for h in result.counted}


def breakdown(result: Score) -> tuple[int, int] | None:
    """(points before doubling, number of doublings) of a hand the doubling scheme
    computes; None under an additive ruleset, for a limit hand (its value replaces the
    computation, R32) and for a hand that is not a win."""
    if not total_basis(result).doubled:
        return None
    return result.best.points, result.best.doubles


def make_question(number: int, kind: QuestionKind, item: QuizHand, *,
                  ruleset: Ruleset | None = None, rng: random.Random | None = None,
                  scope: frozenset[str] | None = None, ask_winning: bool = False
                  ) -> Question:
    """Score the hand and build the question; raises HandError for a hand that is not one.

    A split question is only asked of a hand that can be read into sets: any other hand
    (not a win, or a classical single-tile hand) is asked "is it a win?" instead.
    """
    rules = ruleset if ruleset is not None else load(item.hand.ruleset)
    result = score(item.hand, rules)
    target = None
    if kind is QuestionKind.SPLIT and not splittable(result):
        kind = QuestionKind.IS_WIN
    if kind is QuestionKind.DOES_COUNT:
        target = choose_target(result, rng or random.Random(), focus=item.focus,
                               about=item.about, scope=scope)
    return Question(number, kind, item, result, target, scope,
                    ask_winning and kind is QuestionKind.SPLIT)




def _always(detector: str) -> bool:
    """A pattern every winning hand has (classical going out): no question about it."""
    return has_trait(detector, Trait.EVERY_WIN)


def _never_absent(detector: str) -> bool:
    """Patterns never asked about as absent: the scorer's own two and the always-there."""
    return detector in (CHICKEN_HAND, ILLEGAL_CALL) or _always(detector)

# Which kind of pattern a "does it count?" question asks about, and how often.
TARGET_WEIGHTS: dict[str, float] = {"counted": 0.4, "present": 0.3, "absent": 0.3}


def choose_target(result: Score, rng: random.Random, focus: str | None = None,
                  about: tuple[str, ...] = (), scope: frozenset[str] | None = None) -> str:
    """The pattern to ask about in a "does X count?" question.

    A review focus wins (a pattern id, or a family id resolved to the member the hand
    shows best).  A curated hand's teaching points (`about`) are asked about half the
    time.  Otherwise the answer is yes, a tempting no, or a plain no, with the weights
    of `TARGET_WEIGHTS`, falling back to whatever the hand offers.  With a `scope` (a
    lesson drill) only a pattern in it is asked about.
    """
    rules = result.ruleset
    ids = {k: p for k, p in rules.by_id().items() if scope is None or k in scope}
    best = result.best
    taught = [a for a in about if a in ids]
    if not focus and taught and rng.random() < 0.5:
        return rng.choice(taught)
    if focus:
        if focus in ids:
            return focus
        members = [p.id for p in rules.family_members(focus) if p.id in ids]
        if members:
            for h in (*best.counted, *best.not_counted):
                if h.pattern.id in members:
                    return h.pattern.id
            return rng.choice(members)
    counted = [h.pattern.id for h in best.counted if h.pattern.id in ids]
    # Going out (classical Mahjong, 2.1) counts in every win: a question about it
    # teaches nothing while the hand offers anything else.
    plain = [pid for pid in counted if not _always(ids[pid].detector)]
    counted = plain or counted
    present = [h.pattern.id for h in best.not_counted
               if h.pattern.id not in counted and h.pattern.id in ids]
    absent = [pid for pid in _tempting_absent(result) if pid in ids]
    buckets = {"counted": counted, "present": present, "absent": absent}
    options = [(name, ids_) for name, ids_ in buckets.items() if ids_]
    if not options:
        pool = [p.id for p in rules.patterns if p.id in ids]
        return rng.choice(pool)
    weights = [TARGET_WEIGHTS[name] for name, _ in options]
    _, chosen = rng.choices(options, weights=weights)[0]
    return rng.choice(chosen)


def _tempting_absent(result: Score) -> list[str]:
    """Absent patterns worth asking about: in another reading, or a close relative."""
    rules = result.ruleset
    here = {h.pattern.id for h in result.best.hits}
    elsewhere = {h.pattern.id for o in result.others for h in o.hits}
    families = {h.pattern.family for h in result.best.hits}
    relatives = {p.id for p in rules.patterns if p.family in families}
    # Never "absent" in a way worth asking: the chicken hand, the illegal call and going
    # out, whatever their ids in this ruleset.
    skip = {p.id for p in rules.patterns if _never_absent(p.detector)}
    near = (elsewhere | relatives) - here - skip
    if near:
        return sorted(near, key=_id_key)
    categories = {h.pattern.category for h in result.best.hits}
    same_category = {p.id for p in rules.patterns if p.category in categories} - here - skip
    if same_category:
        return sorted(same_category, key=_id_key)
    return [p.id for p in rules.patterns if p.id not in here and p.id not in skip]


def _id_key(pattern_id: str) -> tuple[int, ...]:
    return tuple(int(x) for x in pattern_id.split("."))
