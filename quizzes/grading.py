"""Grading a learner's answer against the engine's score, with explanations.

Partial credit (each question is worth 1 point):

* (a) patterns and total: **0.6 x pattern share + 0.4 if the total is exactly right**.
  The pattern share is ``right / (right + missed + wrongly claimed)``, where a
  per-set or per-tile pattern counts once per set or tile: claiming Wind Pung twice
  when it counts three times is 2 right and 1 missed; claiming it four times is 3
  right and 1 wrongly claimed.  A pattern that counts once per hand is right or
  wrong as a whole (claiming it twice is the same as once).  With nothing to claim and
  nothing claimed the share is 1.
* (a) under the doubling scheme (`classical`, R32), for an ordinary winning hand, the
  total's 0.4 is split three ways, since the total is computed from two numbers:
  **0.6 x pattern share + 0.1 if the points before doubling are right + 0.1 if the
  number of doublings is right + 0.2 if the total is right**.  Doublings are claimed
  like patterns (a per-set doubling such as Pung of Dragons once per set) and share
  the pattern part.  For a limit hand (its value replaces the computation) and for a
  hand that is not a win, there are no points and doublings to find: the points and
  doublings given are not graded (nor penalised) and the additive rule applies,
  0.6 x share + 0.4 for the total.
* (b) total only, (c) does X count?, (d) is it a win?, (e) read it into sets: 1 when
  right, 0 when wrong.  Any valid reading is right (`quizzes.split`); when another
  reading scores more, an explanation gives the best one and both totals.
* In a lesson drill a question grades only its `scope`: the patterns that count
  outside it are given (claimed or not, they are ignored), and a claimed pattern that
  is neither in scope nor given does not count, so it is wrong.
* A skipped question scores 0.
* Hints are part of the answer: each revealed pattern (`quizzes.hints`) takes
  `HINT_COST` off the credit (never below 0), a hinted answer is never fully right, and
  the revealed patterns and their families are recorded as revealed by a hint.

A question is *correct* (for accuracy and streaks) only with full credit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from mj_trainer.engine.ruleset import Pattern
from mj_trainer.quizzes import explain, totals
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind
from mj_trainer.quizzes.hints import Hint, hint_cost, hint_note
from mj_trainer.quizzes.items import (
    ItemKey,
    Tally,
    family_item,
    item_ruleset,
    pattern_item,
    split_item,
)
from mj_trainer.quizzes.outcomes import ItemOutcome, claim_outcome, worst
from mj_trainer.quizzes.questions import (
    Answer,
    PatternsAnswer,
    Question,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
    answer_to_json,
    breakdown,
    expected_counts,
)
from mj_trainer.quizzes.split import (
    SplitAnswer,
    SplitVerdict,
    best_answer,
    check_tiles,
    judge,
    reading_text,
)

__all__ = [  # the keys and their parts live in `quizzes.items`, which the store reads
    "DOUBLES_WEIGHT",
    "DOUBLING_TOTAL_WEIGHT",
    "PATTERN_WEIGHT",
    "POINTS_WEIGHT",
    "TOTAL_WEIGHT",
    "Grade",
    "ItemKey",
    "MarkStatus",
    "PatternMark",
    "Tally",
    "family_item",
    "grade",
    "item_ruleset",
    "pattern_item",
    "pattern_share",
    "split_item",
]

PATTERN_WEIGHT = 0.6
TOTAL_WEIGHT = 0.4
# The doubling scheme's split of TOTAL_WEIGHT (an ordinary winning hand).
POINTS_WEIGHT = 0.1
DOUBLES_WEIGHT = 0.1
DOUBLING_TOTAL_WEIGHT = TOTAL_WEIGHT - POINTS_WEIGHT - DOUBLES_WEIGHT  # 0.2


class MarkStatus(Enum):
    """How a learner did on one pattern."""

    RIGHT = "right"
    MISSED = "missed"  # counts, but was not claimed
    WRONG = "wrong"  # claimed, but does not count
    PARTIAL = "partial"  # counts, but claimed the wrong number of times


@dataclass(frozen=True, slots=True)
class PatternMark:
    """One pattern of a patterns answer: how often it counts and how often it was claimed."""

    pattern: Pattern
    expected: int
    claimed: int

    @property
    def right(self) -> int:
        return min(self.expected, self.claimed)

    @property
    def missed(self) -> int:
        return max(self.expected - self.claimed, 0)

    @property
    def extra(self) -> int:
        return max(self.claimed - self.expected, 0)

    @property
    def ok(self) -> bool:
        return self.expected == self.claimed

    @property
    def status(self) -> MarkStatus:
        if self.ok:
            return MarkStatus.RIGHT
        if self.claimed == 0:
            return MarkStatus.MISSED
        if self.expected == 0:
            return MarkStatus.WRONG
        return MarkStatus.PARTIAL

    def to_json(self) -> dict[str, Any]:
        return {"id": self.pattern.id, "name": self.pattern.name, "expected": self.expected,
                "claimed": self.claimed, "status": self.status.value}


@dataclass(frozen=True, slots=True, kw_only=True)
class Grade:
    """The verdict on one answer (built with keywords: the fields are many and alike)."""

    question: Question
    answer: Answer | None  # None when skipped
    credit: float  # 0..1
    correct: bool  # full marks
    marks: tuple[PatternMark, ...] = ()
    total_given: int | None = None
    total_ok: bool | None = None  # None when the question did not ask for a total
    explanations: tuple[Explanation, ...] = ()  # one or more per mistake
    notes: tuple[Explanation, ...] = ()  # the reasons behind a right yes/no answer
    credit_text: str = ""
    seconds: float | None = None  # time to answer, filled in by the round
    # review item -> what happened to it (right, missed, wrongly claimed, hint, skipped...)
    outcomes: Mapping[str, ItemOutcome] = field(default_factory=dict)
    # Doubling scheme, patterns questions on an ordinary winning hand: the points before
    # doubling and the number of doublings, as given and whether right (None when the
    # question did not grade them).
    points_given: int | None = None
    points_ok: bool | None = None
    doubles_given: int | None = None
    doubles_ok: bool | None = None
    # Split questions: the verdict on the reading given (None for other kinds and skips).
    verdict: SplitVerdict | None = None

    @property
    def skipped(self) -> bool:
        return self.answer is None

    @property
    def items(self) -> dict[str, bool]:
        """review item -> right?"""
        return {k: o.ok for k, o in self.outcomes.items()}

    @property
    def points_expected(self) -> int | None:
        """The points before doubling, when the question grades them (else None)."""
        parts = breakdown(self.question.result) if self.question.asks_breakdown else None
        return parts[0] if parts is not None else None

    @property
    def doubles_expected(self) -> int | None:
        """The number of doublings, when the question grades them (else None)."""
        parts = breakdown(self.question.result) if self.question.asks_breakdown else None
        return parts[1] if parts is not None else None

    @property
    def mistakes(self) -> tuple[PatternMark, ...]:
        return tuple(m for m in self.marks if not m.ok)

    def to_json(self) -> dict[str, Any]:
        return {
            "credit": round(self.credit, 4),
            "correct": self.correct,
            "answer": answer_to_json(self.answer),
            "expected": answer_to_json(self.question.expected()),
            "marks": [m.to_json() for m in self.marks],
            "total_given": self.total_given,
            "total_ok": self.total_ok,
            "points_given": self.points_given,
            "points_ok": self.points_ok,
            "doubles_given": self.doubles_given,
            "doubles_ok": self.doubles_ok,
            "explanations": [e.to_json() for e in self.explanations],
            "credit_text": self.credit_text,
        }


def _normalise(question: Question, claimed: Mapping[str, int]) -> dict[str, int]:
    """Claimed counts, with unknown ids refused and per-hand patterns capped at 1."""
    ids = question.ruleset.by_id()
    unknown = sorted(k for k in claimed if k not in ids)
    if unknown:
        raise ValueError(f"unknown pattern id(s) for {question.ruleset.id}: {', '.join(unknown)}")
    given = {h.pattern.id for h in question.given}
    out: dict[str, int] = {}
    for pid, n in claimed.items():
        if n < 0:
            raise ValueError(f"pattern {pid}: a count cannot be negative")
        if n and pid not in given:  # a given pattern is shown with the hand: ignored
            out[pid] = 1 if ids[pid].unit == "hand" else n
    return out


def _marks(question: Question, claimed: Mapping[str, int]) -> tuple[PatternMark, ...]:
    ids = question.ruleset.by_id()
    expected = {k: n for k, n in expected_counts(question.result).items()
                if question.graded(k)}
    keys = sorted(set(expected) | set(claimed), key=lambda k: tuple(int(x) for x in k.split(".")))
    return tuple(PatternMark(ids[k], expected.get(k, 0), claimed.get(k, 0)) for k in keys)


def pattern_share(marks: tuple[PatternMark, ...]) -> float:
    """right / (right + missed + wrongly claimed), per set for per-set patterns."""
    right = sum(m.right for m in marks)
    union = right + sum(m.missed + m.extra for m in marks)
    return 1.0 if union == 0 else right / union


def _pattern_explanations(question: Question, marks: tuple[PatternMark, ...],
                          skipped: bool = False) -> list[Explanation]:
    result = question.result
    hits = {h.pattern.id: h for h in result.counted}
    out: list[Explanation] = []
    replaced: list[Pattern] = []  # claimed, in the hand, but the limit hand stands alone
    spoiled: list[Pattern] = []  # claimed on a hand that is not a win
    shaped: list[Explanation] = []  # claimed, but never for this shape of hand
    for m in marks:
        if m.ok:
            continue
        if m.claimed < m.expected:
            out.append(explain.missed(result, hits[m.pattern.id], m.claimed, skipped=skipped))
        elif claim_outcome(result, m.pattern.id, m.expected, m.claimed) is ItemOutcome.LIMIT:
            replaced.append(m.pattern)
        elif not result.winning and not m.expected:
            spoiled.append(m.pattern)
        else:
            e = explain.wrong_claim(result, m.pattern, m.claimed)
            (shaped if e.kind is ExplanationKind.SHAPE else out).append(e)
    out.extend(explain.shape_lines(result, shaped))
    if replaced:
        out.append(explain.limit_group(result, replaced))
    if spoiled:
        # The missed Illegal Call already names the nearest reading: say it once.
        said = any(e.kind is ExplanationKind.MISSED and e.sets for e in out)
        out.append(explain.not_a_win_claims(result, spoiled, reading=not said))
    return out


def _with_families(question: Question, per_pattern: Mapping[str, ItemOutcome]
                   ) -> dict[str, ItemOutcome]:
    """Pattern items and family items: a family takes its patterns' plainest mistake."""
    rules = question.ruleset
    ids = rules.by_id()
    out: dict[str, ItemOutcome] = {}
    families: dict[str, list[ItemOutcome]] = {}
    for pid, outcome in per_pattern.items():
        out[pattern_item(pid, rules.id)] = outcome
        families.setdefault(family_item(ids[pid].family, rules.id), []).append(outcome)
    out.update({key: worst(found) for key, found in families.items()})
    return out


def _mark_outcomes(question: Question, marks: tuple[PatternMark, ...], skipped: bool
                   ) -> dict[str, ItemOutcome]:
    result = question.result
    return _with_families(question, {
        m.pattern.id: ItemOutcome.RIGHT if m.ok else ItemOutcome.SKIPPED if skipped
        else claim_outcome(result, m.pattern.id, m.expected, m.claimed) for m in marks})


def _items_for(question: Question, outcome: ItemOutcome, pattern_ids: list[str]
               ) -> dict[str, ItemOutcome]:
    return _with_families(question, dict.fromkeys(pattern_ids, outcome))


def grade(question: Question, answer: Answer | None, hints: Sequence[Hint] = ()) -> Grade:
    """Mark an answer (None for a skipped question) given with the `hints` revealed
    while answering, and explain every mistake."""
    kind = question.kind
    if answer is not None and not isinstance(answer, _ANSWER_TYPES[kind]):
        raise TypeError(f"a {kind.value} question takes a {_ANSWER_TYPES[kind].__name__}, "
                        f"not {type(answer).__name__}")
    if kind is QuestionKind.PATTERNS:
        assert answer is None or isinstance(answer, PatternsAnswer)
        return _grade_patterns(question, answer, tuple(hints))
    if kind is QuestionKind.TOTAL:
        assert answer is None or isinstance(answer, TotalAnswer)
        return _grade_total(question, answer, tuple(hints))
    if kind is QuestionKind.SPLIT:
        assert answer is None or isinstance(answer, SplitAnswer)
        return _grade_split(question, answer)
    assert answer is None or isinstance(answer, YesNoAnswer)
    if kind is QuestionKind.DOES_COUNT:
        return _grade_does_count(question, answer, tuple(hints))
    return _grade_is_win(question, answer, tuple(hints))


def _verdict(question: Question, answer: Answer | None, hints: tuple[Hint, ...], *,
             credit: float, correct: bool, credit_text: str,
             outcomes: Mapping[str, ItemOutcome], notes: tuple[Explanation, ...] = (),
             **fields: Any) -> Grade:
    """The `Grade` of an answer from what the answer itself earned and the hints it
    used: the hints' cost comes off the credit, a hinted answer is not fully right, and
    each revealed pattern (and its family) is recorded as revealed by a hint."""
    if not hints:
        return Grade(question=question, answer=answer, credit=credit, correct=correct,
                     credit_text=credit_text, outcomes=outcomes, notes=notes, **fields)
    cost = hint_cost(hints)
    paid = max(0.0, credit - cost)
    items = dict(outcomes)
    rules = question.ruleset.id  # progress keys name the ruleset
    for h in hints:
        items[pattern_item(h.pattern.id, rules)] = ItemOutcome.HINT
        family = family_item(h.pattern.family, rules)
        items[family] = worst((items.get(family, ItemOutcome.RIGHT), ItemOutcome.HINT))
    plural = "hint" if len(hints) == 1 else "hints"
    text = (f"{credit_text}; {len(hints)} {plural} -{cost:.2f} = {paid:.2f}" if credit_text
            else f"{len(hints)} {plural} -{cost:.2f} = {paid:.2f}")
    return Grade(question=question, answer=answer, credit=paid, correct=False,
                 credit_text=text, outcomes=items, notes=(*notes, hint_note(hints)),
                 **fields)


_ANSWER_TYPES: dict[QuestionKind, type] = {
    QuestionKind.PATTERNS: PatternsAnswer,
    QuestionKind.TOTAL: TotalAnswer,
    QuestionKind.DOES_COUNT: YesNoAnswer,
    QuestionKind.IS_WIN: YesNoAnswer,
    QuestionKind.SPLIT: SplitAnswer,
}


def _grade_patterns(question: Question, answer: PatternsAnswer | None,
                    hints: tuple[Hint, ...]) -> Grade:
    result = question.result
    claimed = _normalise(question, answer.patterns) if answer is not None else {}
    given = answer.total if answer is not None else None
    marks = _marks(question, claimed)
    share = pattern_share(marks)
    total_ok = given == result.total
    parts = breakdown(result) if question.asks_breakdown else None
    points_given = answer.points if answer is not None else None
    doubles_given = answer.doubles if answer is not None else None
    if doubles_given is not None and doubles_given < 0:
        raise ValueError("the number of doublings cannot be negative")
    points_ok: bool | None = None
    doubles_ok: bool | None = None
    if parts is None:
        credit = PATTERN_WEIGHT * share + (TOTAL_WEIGHT if total_ok else 0.0)
        correct = total_ok and all(m.ok for m in marks)
    else:
        points_ok = points_given == parts[0]
        doubles_ok = doubles_given == parts[1]
        credit = (PATTERN_WEIGHT * share + (POINTS_WEIGHT if points_ok else 0.0)
                  + (DOUBLES_WEIGHT if doubles_ok else 0.0)
                  + (DOUBLING_TOTAL_WEIGHT if total_ok else 0.0))
        correct = total_ok and points_ok and doubles_ok and all(m.ok for m in marks)
    if correct:
        credit = 1.0
    explanations: list[Explanation] = []
    if not correct and answer is not None:
        other = explain.other_arrangement(result, claimed, given)
        if other is not None:
            explanations.append(other)
    explanations.extend(_pattern_explanations(question, marks, answer is None))
    if points_ok is False:
        explanations.append(totals.points_explanation(result, points_given))
    if doubles_ok is False:
        explanations.append(totals.doubles_explanation(result, doubles_given))
    if not total_ok:
        if parts is None:
            explanations.append(totals.total_explanation(result, given, claimed=claimed))
        else:
            explanations.append(totals.total_explanation(result, given, points=points_given,
                                                          doubles=doubles_given))
    if answer is None:
        explanations = [totals.as_answer(e) for e in explanations]
    right = sum(m.right for m in marks)
    union = right + sum(m.missed + m.extra for m in marks)
    text = f"patterns {right}/{union} x {PATTERN_WEIGHT:g} = {PATTERN_WEIGHT * share:.2f}, "
    if parts is not None:
        text += (f"points {'right' if points_ok else 'wrong'} "
                 f"+ {POINTS_WEIGHT if points_ok else 0:g}, "
                 f"doublings {'right' if doubles_ok else 'wrong'} "
                 f"+ {DOUBLES_WEIGHT if doubles_ok else 0:g}, "
                 f"total {'right' if total_ok else 'wrong'} "
                 f"+ {DOUBLING_TOTAL_WEIGHT if total_ok else 0:g} = {credit:.2f}")
    else:
        text += (f"total {'right' if total_ok else 'wrong'} "
                 f"+ {TOTAL_WEIGHT if total_ok else 0:g} = {credit:.2f}")
    items = _mark_outcomes(question, marks, answer is None)
    return _verdict(question, answer, hints, credit=credit, correct=correct,
                    credit_text=text, outcomes=items, marks=marks, total_given=given,
                    total_ok=total_ok, explanations=tuple(explanations),
                    points_given=points_given, points_ok=points_ok,
                    doubles_given=doubles_given, doubles_ok=doubles_ok)


def _grade_total(question: Question, answer: TotalAnswer | None,
                 hints: tuple[Hint, ...]) -> Grade:
    result = question.result
    given = answer.total if answer is not None else None
    ok = given == result.total
    explanations: list[Explanation] = []
    if not ok:
        if given is not None:
            other = explain.other_arrangement(result, None, given)
            if other is not None:
                explanations.append(other)
        explanations.append(totals.as_answer(totals.total_explanation(result, given)))
    counted = [h.pattern.id for h in result.counted]
    text = f"total {'right' if ok else 'wrong'}: {1 if ok else 0}"
    return _verdict(question, answer, hints, credit=1.0 if ok else 0.0, correct=ok,
                    credit_text=text,
                    outcomes=_items_for(question, _yes_no_outcome(ok, answer), counted),
                    total_given=given, total_ok=ok, explanations=tuple(explanations))


def _yes_no_outcome(ok: bool, answer: Answer | None, wrong: ItemOutcome = ItemOutcome.MISSED
                    ) -> ItemOutcome:
    if answer is None:
        return ItemOutcome.SKIPPED
    return ItemOutcome.RIGHT if ok else wrong


def _grade_does_count(question: Question, answer: YesNoAnswer | None,
                      hints: tuple[Hint, ...]) -> Grade:
    result = question.result
    pattern = question.target_pattern
    assert pattern is not None
    hit = next((h for h in result.counted if h.pattern.id == pattern.id), None)
    ok = answer is not None and answer.yes == (hit is not None)
    if ok:
        note = explain.counts_note(result, pattern)
    elif hit is not None:
        note = explain.missed(result, hit, skipped=answer is None)
    else:
        note = explain.wrong_claim(result, pattern)
    text = f"{'right' if ok else 'wrong'}: {1 if ok else 0}"
    # Saying "no" to a pattern that counts is a miss; "yes" to one that does not is a
    # wrong claim (absent, outranked or replaced by a limit).
    wrong = (ItemOutcome.MISSED if hit is not None
             else claim_outcome(result, pattern.id, 0, 1))
    return _verdict(question, answer, hints, credit=1.0 if ok else 0.0, correct=ok,
                    credit_text=text,
                    outcomes=_items_for(question, _yes_no_outcome(ok, answer, wrong),
                                        [pattern.id]),
                    explanations=() if ok else (note,), notes=(note,) if ok else ())


def _grade_is_win(question: Question, answer: YesNoAnswer | None,
                  hints: tuple[Hint, ...]) -> Grade:
    result = question.result
    ok = answer is not None and answer.yes == result.winning
    said = answer.yes if answer is not None else not result.winning
    note = explain.win_explanation(result, said)
    text = f"{'right' if ok else 'wrong'}: {1 if ok else 0}"
    illegal = result.ruleset.illegal_call
    # The question trains the Illegal Call rule on the hands that are one: calling such
    # a hand a win misses it.  On a winning hand no pattern was claimed or missed (a
    # "not a win" answer names no Illegal Call), so nothing is recorded but the verdict.
    items = (_items_for(question, _yes_no_outcome(ok, answer), [illegal.id])
             if illegal is not None and not result.winning else {})
    return _verdict(question, answer, hints, credit=1.0 if ok else 0.0, correct=ok,
                    credit_text=text, outcomes=items,
                    explanations=() if ok else (note,), notes=(note,) if ok else ())


def _grade_split(question: Question, answer: SplitAnswer | None) -> Grade:
    """A reading is right or wrong as a whole; a right one that scores less than the
    best reading is told so, with both readings' totals (R1)."""
    result = question.result
    best = result.best
    best_reading = best_answer(result)
    best_groups = best_reading.sets
    shown = tuple(" ".join(g) for g in best_groups)  # the sets pointed at, in notation
    # Where the question also asks which set the winning tile completed, the reading
    # given back says it too.
    won = (f", the winning tile completing {reading_text([best_groups[best_reading.winning]])}"
           if question.ask_winning and best_reading.winning is not None else "")
    if answer is None:
        text = f"One reading of this hand: {reading_text(best_groups)}{won}."
        note = Explanation(ExplanationKind.READING, text, None, "R1", ("R1",), shown)
        return _verdict(question, None, (), credit=0.0, correct=False,
                        credit_text="skipped: 0", outcomes={}, explanations=(note,))
    check_tiles(result.hand, answer)
    verdict = judge(result, answer, ask_winning=question.ask_winning)
    explanations: list[Explanation] = []
    if not verdict.ok:
        for problem in verdict.problems:
            # R1: what a reading of a hand is (sets and eyes, seven pairs, orphans)
            explanations.append(Explanation(ExplanationKind.READING, problem + ".",
                                            None, "R1", ("R1",), ()))
        explanations.append(Explanation(
            ExplanationKind.READING,
            f"One reading that works: {reading_text(best_groups)}{won}.", None, "R1", ("R1",),
            shown))
    elif verdict.outcome is not None and verdict.outcome.total < best.total:
        explanations.append(Explanation(
            ExplanationKind.ARRANGEMENT,
            f"Your reading is right, and it scores {verdict.outcome.total}; the best "
            f"reading, {reading_text(best_groups)}, scores {best.total}, and the hand "
            "always scores its best reading (R1).", None, "R1", ("R1",), shown))
    ok = verdict.ok
    return _verdict(question, answer, (), credit=1.0 if ok else 0.0, correct=ok,
                    credit_text=f"reading {'right' if ok else 'wrong'}: {1 if ok else 0}",
                    outcomes={}, explanations=tuple(explanations), verdict=verdict)
