"""Rounds as the app plays them: hints with a price, and rounds built from a start message.

Plain Python (no Textual), so it is tested and benchmarked without a screen.

* `TrainerRound` is a `quizzes.round.Round` that can reveal one counted pattern at a
  time.  Each hint costs `HINT_COST` of the question's credit, a hinted answer never
  counts as fully right, and the revealed patterns are recorded as not known, so the
  review scheduler brings them back soon.
* `RoundPlan` says how to build a round for a `StartSet`, `StartRandom` or
  `StartReview` message; `build()` does the slow part (drawing and scoring hands)
  and runs in a worker thread.
* A random round that asks "is it a win?" mixes in hands that are not a win, so the
  answer is not always yes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Final

from mj_trainer.engine.ruleset import Pattern, Ruleset, RulesetError, load
from mj_trainer.quizzes.explain import Explanation, ExplanationKind
from mj_trainer.quizzes.grading import Grade, family_item, pattern_item
from mj_trainer.quizzes.questions import Answer, Question, QuestionKind
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.round import Round, RoundSettings, plan_kinds
from mj_trainer.quizzes.sources import CuratedSource, GeneratorSource, HandSource, Order, QuizHand
from mj_trainer.quizzes.store import AnswerRecord, ProgressStore, SetPosition
from mj_trainer.tui.config import Settings
from mj_trainer.tui.messages import StartRandom, StartReview, StartSet

HINT_COST: Final = 0.15  # credit lost per revealed pattern
WIN_MIX: Final = 0.5  # share of "is it a win?" questions in a random round that are not a win
HINTABLE: Final = frozenset({QuestionKind.PATTERNS, QuestionKind.TOTAL})


class SessionError(Exception):
    """A round cannot be started; the message says why, for the learner."""


# --------------------------------------------------------------------------- hints


@dataclass(frozen=True, slots=True)
class Hint:
    """One revealed pattern of the current question."""

    pattern: Pattern
    count: int
    points: int
    doubles: int = 0  # doubling scheme: the doublings it gives

    @property
    def text(self) -> str:
        p = self.pattern
        if p.doubles:
            word = "doubling" if self.doubles == 1 else "doublings"
            if p.unit == "hand" and self.count == 1:
                return f"{p.name} ({p.id}) counts: {self.doubles} {word}"
            return (f"{p.name} ({p.id}) counts {self.count} x {p.value} = {self.doubles} "
                    f"{word}")
        if p.unit == "hand" and self.count == 1:
            return f"{p.name} ({p.id}) counts: {self.points} points"
        return f"{p.name} ({p.id}) counts {self.count} x {p.value} = {self.points} points"


def available_hints(question: Question, claimed: Mapping[str, int] | None = None) -> list[Hint]:
    """The patterns a hint may still reveal, most useful first.

    Patterns the learner already claimed with the right count come last, so a hint
    never repeats what they know; the rest follow the engine's order (R10 ids).
    """
    claimed = claimed or {}
    hints = [Hint(h.pattern, h.count, h.points, h.doubles) for h in question.result.counted]
    hints.sort(key=lambda h: claimed.get(h.pattern.id, 0) == h.count)
    return hints


def with_hint_cost(grade: Grade, revealed: list[Hint]) -> Grade:
    """`grade` after paying for `revealed` hints: less credit, never fully right.

    The revealed patterns (and their families) are recorded as not known, so review
    brings them back; a note says how many hints were used.
    """
    if not revealed:
        return grade
    cost = HINT_COST * len(revealed)
    credit = max(0.0, grade.credit - cost)
    items = dict(grade.items)
    rules = grade.question.ruleset.id  # progress keys name the ruleset
    for h in revealed:
        items[pattern_item(h.pattern.id, rules)] = False
        items[family_item(h.pattern.family, rules)] = False
    names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in revealed)
    plural = "hint" if len(revealed) == 1 else "hints"
    note = Explanation(
        ExplanationKind.COUNTS,
        f"You used {len(revealed)} {plural} ({names}): each costs {HINT_COST:g} of the "
        f"question's credit, and a hinted pattern comes back in review.",
        revealed[0].pattern.id, revealed[0].pattern.id,
        tuple(h.pattern.id for h in revealed),
    )
    text = (f"{grade.credit_text}; {len(revealed)} {plural} -{cost:.2f} = {credit:.2f}"
            if grade.credit_text else f"{len(revealed)} {plural} -{cost:.2f} = {credit:.2f}")
    return replace(grade, credit=credit, correct=False, items=items,
                   notes=(*grade.notes, note), credit_text=text)


class TrainerRound(Round):
    """A round with hints: `hint()` reveals a pattern, `answer()` charges for it."""

    def __init__(self, source: HandSource, settings: RoundSettings | None = None, *,
                 store: ProgressStore | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc) -> None:
        super().__init__(source, settings, store=store, clock=clock, now=now)
        self._stamp = now
        self.revealed: dict[int, list[Hint]] = {}

    def hints_for(self, question: Question | None = None) -> list[Hint]:
        q = question or self.current
        return list(self.revealed.get(q.number, [])) if q is not None else []

    def can_hint(self, claimed: Mapping[str, int] | None = None) -> bool:
        q = self.current
        if q is None or q.kind not in HINTABLE:
            return False
        return self._next_hint(q, claimed) is not None

    def _next_hint(self, q: Question, claimed: Mapping[str, int] | None) -> Hint | None:
        shown = {h.pattern.id for h in self.revealed.get(q.number, [])}
        return next((h for h in available_hints(q, claimed) if h.pattern.id not in shown), None)

    def hint(self, claimed: Mapping[str, int] | None = None) -> Hint | None:
        """Reveal one more counted pattern of the current question (None: nothing left)."""
        q = self.ask()
        if q is None or q.kind not in HINTABLE:
            return None
        found = self._next_hint(q, claimed)
        if found is not None:
            self.revealed.setdefault(q.number, []).append(found)
        return found

    def answer(self, answer: Answer | None) -> Grade:
        """Grade and record the current answer, paying for any hints it used."""
        q = self.current
        hints = self.revealed.get(q.number, []) if q is not None else []
        if not hints or q is None:
            return super().answer(answer)
        store = self.store
        self.store = None  # recorded below, once the hint cost is applied
        try:
            plain = super().answer(answer)
        finally:
            self.store = store
        graded = with_hint_cost(plain, hints)
        self.grades[-1] = graded
        if store is not None and self.round_id is not None:
            record = AnswerRecord.from_grade(
                q.number, graded, fast_seconds=self.settings.fast_seconds.get(q.kind),
                answered_at=self._stamp())
            store.record_answer(self.round_id, record,
                                set_position=_position_after(self.source, q.item))
        return graded


def _position_after(source: HandSource, item: QuizHand) -> SetPosition | None:
    if not isinstance(source, CuratedSource) or item.position is None:
        return None
    return SetPosition(source.set_name, item.position + 1, source.size, source.order.value,
                       source.seed)


# --------------------------------------------------------------------------- sources


class MixedWinSource(GeneratorSource):
    """Generated hands where some "is it a win?" questions get a hand that is not a win.

    `Round` plans its question kinds from its seed before asking anything else of
    its random generator, so the same plan is computed here and a non-winning hand is
    put at about half of the "is it a win?" places.  Should the plan ever differ, a
    non-winning hand simply becomes a question about an Illegal Call (R7).
    """

    def __init__(self, kinds: list[QuestionKind], *, seed: int, difficulty: str | None,
                 ruleset: str | Ruleset | None) -> None:
        super().__init__(seed=seed, difficulty=difficulty, ruleset=ruleset,
                         batch=max(1, len(kinds)))
        self.kinds = kinds

    def __iter__(self) -> Iterator[QuizHand]:
        wins = super().__iter__()
        rng = random.Random(self.seed ^ 0x5EED)
        losers = GeneratorSource(seed=self.seed + 1_000_003, difficulty=self.difficulty,
                                 ruleset=self.ruleset, batch=max(1, len(self.kinds)),
                                 winning=False)
        lose_iter = iter(losers)
        for kind in self.kinds:
            if kind is QuestionKind.IS_WIN and rng.random() < WIN_MIX:
                yield next(lose_iter)
            else:
                yield next(wins)
        yield from wins


# --------------------------------------------------------------------------- plans


@dataclass(frozen=True)
class RoundPlan:
    """How to build one round: a title, the slow build, and the message that repeats it."""

    title: str
    build: Callable[[], TrainerRound]
    again: StartSet | StartRandom | StartReview


def _rules(settings: Settings) -> Ruleset:
    try:
        return load(settings.ruleset)
    except RulesetError as err:
        raise SessionError(str(err)) from None


def _round_settings(settings: Settings, kinds: tuple[QuestionKind, ...], seed: int,
                    ruleset: Ruleset | None) -> RoundSettings:
    return RoundSettings(kinds=kinds, length=settings.round_length, seed=seed, ruleset=ruleset)


def random_plan(msg: StartRandom, settings: Settings, *, store: ProgressStore | None,
                seed: int, clock: Callable[[], float] = time.monotonic) -> RoundPlan:
    """A round of generated hands; the request is checked at once (SessionError)."""
    from mj_trainer.engine.generator import GenerationError, plan

    rules = _rules(settings)
    difficulty = None if msg.difficulty in ("mixed", "", None) else msg.difficulty
    try:
        plan(target=msg.target, difficulty=difficulty, ruleset=rules)
    except GenerationError as err:
        raise SessionError(str(err)) from None
    kinds = settings.kinds
    # The loaded ruleset, not its id: a house ruleset's id names no file.
    rs = _round_settings(settings, kinds, seed, rules)
    title = f"Quick round · {difficulty or 'mixed'}"
    if msg.target:
        title += f" · aimed at {msg.target}"

    def build() -> TrainerRound:
        source: GeneratorSource
        if QuestionKind.IS_WIN in kinds and not msg.target:
            planned = plan_kinds(kinds, rs.length, random.Random(seed))
            source = MixedWinSource(planned, seed=seed, difficulty=difficulty,
                                    ruleset=rules)
        else:
            source = GeneratorSource(seed=seed, difficulty=difficulty, target=msg.target,
                                     ruleset=rules, batch=rs.length)
        return TrainerRound(source, rs, store=store, clock=clock)

    return RoundPlan(title, build, msg)


def _set_hands(set_id: str) -> tuple[str, str, list[QuizHand]]:
    """(key, display name, hands) of a built-in set id or a set file path; SessionError."""
    from mj_trainer.quizzes.sets import HandSet, SetError, builtin_set, load_set_file
    from mj_trainer.quizzes.sources import quiz_hand_from

    hand_set: HandSet
    looks_like_file = set_id.endswith(".toml") or "/" in set_id or Path(set_id).exists()
    try:
        hand_set = load_set_file(set_id) if looks_like_file else builtin_set(set_id)
    except SetError as err:
        raise SessionError("\n".join(err.lines)) from None
    except KeyError as err:
        raise SessionError(str(err.args[0]) if err.args else str(err)) from None
    if not hand_set.hands:
        raise SessionError(f"set {hand_set.id!r} has no hands")
    key = hand_set.id if hand_set.builtin or not looks_like_file else f"file:{hand_set.id}"
    hands = [quiz_hand_from(h, key) for h in hand_set.hands]
    return key, hand_set.name, hands


def _set_kinds(hands: list[QuizHand], settings: Settings) -> tuple[QuestionKind, ...]:
    """A set whose every hand is about the Illegal Call asks "is it a win?" (R7)."""
    illegal: set[str] = set()
    for qh in hands:
        try:
            p = load(qh.hand.ruleset).with_detector("illegal_call")
        except RulesetError:
            p = None
        if p is not None:
            illegal.add(p.id)
    if illegal and all(set(qh.about) & illegal for qh in hands):
        return (QuestionKind.IS_WIN,)
    return settings.kinds


def _set_rules(hands: list[QuizHand], settings: Settings) -> Ruleset | None:
    """The chosen ruleset when it is, or builds on, the ruleset of every hand of the set
    (house rules then score the sets of the ruleset they extend); else None: each hand
    is scored under its own ruleset (a Zung Jung set stays Zung Jung)."""
    from mj_trainer.tui.rulesets import lineage

    try:
        chosen = load(settings.ruleset)
    except RulesetError:
        return None
    family = lineage(chosen)
    if hands and all(qh.hand.ruleset in family for qh in hands):
        return chosen
    return None


def set_plan(msg: StartSet, settings: Settings, *, store: ProgressStore | None, seed: int,
             clock: Callable[[], float] = time.monotonic) -> RoundPlan:
    """A round of a curated set (or a set file), resuming where the learner stopped."""
    from mj_trainer.quizzes.round import curated_source

    key, name, hands = _set_hands(msg.set_id)
    kinds = _set_kinds(hands, settings)
    order = Order.SHUFFLED if msg.shuffled else Order.IN_ORDER
    rs = _round_settings(settings, kinds, seed, _set_rules(hands, settings))
    short = name if len(name) <= 28 else name[:27] + "…"
    title = f"Set · {short}" + (" · shuffled" if msg.shuffled else "")

    def build() -> TrainerRound:
        source = curated_source(key, hands, store=store, order=order,
                                seed=seed if msg.shuffled else None, restart=not msg.resume)
        return TrainerRound(source, rs, store=store, clock=clock)

    return RoundPlan(title, build, msg)


def due_count(store: ProgressStore | None, now: datetime | None = None, *,
              ruleset: str | None = None) -> int:
    """How many patterns and families of `ruleset` (an id; None: of every ruleset) are
    due for review now."""
    if store is None:
        return 0
    from mj_trainer.quizzes.review import due_refs

    return len(due_refs(store.due_items(now, ruleset=ruleset)))


def review_plan(msg: StartReview, settings: Settings, *, store: ProgressStore | None,
                seed: int, clock: Callable[[], float] = time.monotonic) -> RoundPlan:
    """A round aimed at what review has due; SessionError when there is nothing to do."""
    if store is None:
        raise SessionError("Review needs the progress file, which is not available in this "
                           "session.")
    rules = _rules(settings)
    if due_count(store, ruleset=rules.id) == 0:
        raise SessionError(f"Nothing of {rules.id} is due for review right now. Play a "
                           "round: patterns you miss come back here.")
    kinds = tuple(k for k in settings.kinds if k is not QuestionKind.IS_WIN) or (
        QuestionKind.PATTERNS,)
    rs = _round_settings(settings, kinds, seed, rules)

    def build() -> TrainerRound:
        from mj_trainer.quizzes.review import review_source

        source = review_source(store, limit=rs.length, seed=seed, ruleset=rules)
        return TrainerRound(source, rs, store=store, clock=clock)

    return RoundPlan("Review · weak spots", build, msg)


def plan_for(msg: StartSet | StartRandom | StartReview, settings: Settings, *,
             store: ProgressStore | None, seed: int,
             clock: Callable[[], float] = time.monotonic) -> RoundPlan:
    """The plan for any start message (SessionError when it cannot be started)."""
    if isinstance(msg, StartSet):
        return set_plan(msg, settings, store=store, seed=seed, clock=clock)
    if isinstance(msg, StartRandom):
        return random_plan(msg, settings, store=store, seed=seed, clock=clock)
    return review_plan(msg, settings, store=store, seed=seed, clock=clock)


def as_int(text: str) -> int | None:
    """A total typed by the learner: digits with an optional minus sign, else None."""
    cleaned = text.strip().replace(" ", "").replace("\u2212", "-")
    if not cleaned or cleaned in ("-", "+"):
        return None
    try:
        return int(cleaned)
    except ValueError:
        return None
