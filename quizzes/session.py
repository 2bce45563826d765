"""Rounds as the app plays them: a round built from a request to start one.

Plain Python (no Textual), so it is tested and benchmarked without a screen.

* `RoundPlan` says how to build a round for a set, random or review request (the
  app's `StartSet`, `StartRandom` and `StartReview` messages fit the protocols
  below); `build()` does the slow part (drawing and scoring hands) and runs in a
  worker thread.
* A random round that asks "is it a win?" mixes in hands that are not a win, so the
  answer is not always yes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final, Generic, Protocol, TypeVar

from mj_trainer.engine.ruleset import Ruleset, RulesetError, load
from mj_trainer.quizzes.question_kind import QuestionKind
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.review_queue import due_count, review_refs
from mj_trainer.quizzes.round import (
    Round,
    RoundSettings,
    curated_source,
    plan_kinds,
    review_source,
)
from mj_trainer.quizzes.sources import GeneratorSource, Order, QuizHand, ReviewSource
from mj_trainer.quizzes.store import ProgressStore

__all__ = [  # due_count lives in `quizzes.review_queue`, which home reads
    "AIM_ORDER",
    "DRILL_TITLE",
    "SET_ROUND",
    "WIN_MIX",
    "MixedWinSource",
    "RandomRequest",
    "RoundPlan",
    "SessionError",
    "SessionSettings",
    "SetRequest",
    "aimed_level",
    "as_int",
    "drill_plan",
    "due_count",
    "random_plan",
    "review_plan",
    "set_plan",
    "set_round_length",
]

WIN_MIX: Final = 0.5  # share of "is it a win?" questions in a random round that are not a win
SET_ROUND: Final = 20  # a set round plays the set to its end, this many hands at most


class SessionSettings(Protocol):
    """What a round plan reads of the learner's settings."""

    @property
    def ruleset(self) -> str: ...
    @property
    def round_length(self) -> int: ...
    @property
    def kinds(self) -> tuple[QuestionKind, ...]: ...


class SetRequest(Protocol):
    """A request to play a curated set (a built-in id or a set file path)."""

    @property
    def set_id(self) -> str: ...
    @property
    def shuffled(self) -> bool: ...
    @property
    def resume(self) -> bool: ...


class RandomRequest(Protocol):
    """A request for a round of generated hands."""

    @property
    def difficulty(self) -> str: ...
    @property
    def target(self) -> str | None: ...


Request_co = TypeVar("Request_co", covariant=True)
Q = TypeVar("Q")
SR = TypeVar("SR", bound=SetRequest)
RR = TypeVar("RR", bound=RandomRequest)


class SessionError(Exception):
    """A round cannot be started; the message says why, for the learner."""


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
class RoundPlan(Generic[Request_co]):
    """How to build one round: a title, the slow build, and the request that repeats it."""

    title: str
    build: Callable[[], Round]
    again: Request_co


def _rules(settings: SessionSettings) -> Ruleset:
    try:
        return load(settings.ruleset)
    except RulesetError as err:
        raise SessionError(str(err)) from None


def _round_settings(settings: SessionSettings, kinds: tuple[QuestionKind, ...], seed: int,
                    ruleset: Ruleset | None) -> RoundSettings:
    return RoundSettings(kinds=kinds, length=settings.round_length, seed=seed, ruleset=ruleset)


def random_plan(msg: RR, settings: SessionSettings, *, store: ProgressStore | None,
                seed: int, clock: Callable[[], float] = time.monotonic,
                now: Callable[[], datetime] = utc) -> RoundPlan[RR]:
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

    def build() -> Round:
        source: GeneratorSource
        if QuestionKind.IS_WIN in kinds and not msg.target:
            planned = plan_kinds(kinds, rs.length, random.Random(seed))
            source = MixedWinSource(planned, seed=seed, difficulty=difficulty,
                                    ruleset=rules)
        else:
            source = GeneratorSource(seed=seed, difficulty=difficulty, target=msg.target,
                                     ruleset=rules, batch=rs.length)
        return Round(source, rs, recorder=store, clock=clock, now=now)

    return RoundPlan(title, build, msg)


AIM_ORDER: Final = ("medium", "hard", "easy")  # where a level that cannot aim falls back


def aimed_level(target: str, rules: Ruleset, preferred: str) -> str | None:
    """The level to practise `target` at: the learner's (`preferred`) when the generator
    can aim at `target` there, else the first of `AIM_ORDER` that can (a limit hand is
    always hard); None when no level can."""
    from mj_trainer.engine.generator import GenerationError, plan

    for level in (preferred, *(x for x in AIM_ORDER if x != preferred)):
        try:
            plan(target=target, difficulty=None if level == "mixed" else level, ruleset=rules)
        except GenerationError:
            continue
        return level
    return None


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


def _set_kinds(hands: list[QuizHand], settings: SessionSettings) -> tuple[QuestionKind, ...]:
    """A set whose every hand is about the Illegal Call asks "is it a win?" (R7)."""
    illegal: set[str] = set()
    for qh in hands:
        try:
            p = load(qh.hand.ruleset).illegal_call
        except RulesetError:
            p = None
        if p is not None:
            illegal.add(p.id)
    if illegal and all(set(qh.about) & illegal for qh in hands):
        return (QuestionKind.IS_WIN,)
    return settings.kinds


def _set_rules(hands: list[QuizHand], settings: SessionSettings) -> Ruleset | None:
    """The chosen ruleset when it is, or builds on, the ruleset of every hand of the set
    (house rules then score the sets of the ruleset they extend); else None: each hand
    is scored under its own ruleset (a Zung Jung set stays Zung Jung)."""
    try:
        chosen = load(settings.ruleset)
    except RulesetError:
        return None
    family = chosen.lineage
    if hands and all(qh.hand.ruleset in family for qh in hands):
        return chosen
    return None


def set_round_length(round_length: int) -> int:
    """How many hands of a set one round plays at most: `SET_ROUND`, or the round
    length when the learner chose a longer one."""
    return max(round_length, SET_ROUND)


def set_plan(msg: SR, settings: SessionSettings, *, store: ProgressStore | None, seed: int,
             clock: Callable[[], float] = time.monotonic,
             now: Callable[[], datetime] = utc, count: int | None = None) -> RoundPlan[SR]:
    """A round of a curated set (or a set file), resuming where the learner stopped and
    going on to the set's end (`set_round_length` hands at most), or `count` hands when
    a script asks for that many."""
    key, name, hands = _set_hands(msg.set_id)
    kinds = _set_kinds(hands, settings)
    order = Order.SHUFFLED if msg.shuffled else Order.IN_ORDER
    # The set is the round: its hands from where the learner stopped to its end (a set
    # of 11 hands listed as 11 played 10, the round length); a long set goes
    # `set_round_length` hands at a time and resumes.
    length = count if count is not None else set_round_length(settings.round_length)
    rs = RoundSettings(kinds=kinds, length=length, seed=seed,
                       ruleset=_set_rules(hands, settings))
    # Whole: the screens cut a title to their width (the quiz keeps its score in view).
    title = f"Set · {name}" + (" · shuffled" if msg.shuffled else "")

    def build() -> Round:
        source = curated_source(key, hands, store=store, order=order,
                                seed=seed if msg.shuffled else None, restart=not msg.resume)
        return Round(source, rs, recorder=store, clock=clock, now=now)

    return RoundPlan(title, build, msg)


def review_plan(msg: Q, settings: SessionSettings, *, store: ProgressStore | None,
                seed: int, clock: Callable[[], float] = time.monotonic,
                now: Callable[[], datetime] = utc) -> RoundPlan[Q]:
    """A round aimed at what review has due, then at the patterns once missed and not
    yet known (what home lists under "Work on"); SessionError when there is neither."""
    if store is None:
        raise SessionError("Review needs the progress file, which is not available in this "
                           "session.")
    rules = _rules(settings)
    if not review_refs(store, now(), ruleset=rules)[0]:
        raise SessionError(f"Nothing of {rules.id} to review right now: nothing is due and "
                           "every pattern you missed is known again. Play a round: patterns "
                           "you miss come back here.")
    rs = _round_settings(settings, _pattern_kinds(settings), seed, rules)

    def build() -> Round:
        source = review_source(store, now(), seed=seed, ruleset=rules)
        return Round(source, rs, recorder=store, clock=clock, now=now)

    return RoundPlan("Review · weak spots", build, msg)


DRILL_TITLE: Final = "Drill · your weakest patterns"


def drill_plan(msg: Q, patterns: Sequence[str], settings: SessionSettings, *,
               store: ProgressStore | None, seed: int,
               clock: Callable[[], float] = time.monotonic,
               now: Callable[[], datetime] = utc) -> RoundPlan[Q]:
    """A round aimed at `patterns` (the weakest ones, as mastery ranks them), taken in
    turn until the round's length, recorded like any round; `msg` is the request that
    plays it again.  SessionError names what is wrong (no patterns, an id the ruleset
    does not have)."""
    rules = _rules(settings)
    ids = rules.by_id()
    unknown = [p for p in patterns if p not in ids]
    if unknown:
        raise SessionError(f"{rules.id} has no pattern {', '.join(unknown)}")
    if not patterns:
        raise SessionError("No weak patterns to drill yet: play a round first.")
    length = settings.round_length
    items = [patterns[k % len(patterns)] for k in range(length)]
    rs = _round_settings(settings, _pattern_kinds(settings), seed, rules)

    def build() -> Round:
        source = ReviewSource(items, seed=seed, ruleset=rules)
        return Round(source, rs, recorder=store, clock=clock, now=now)

    return RoundPlan(DRILL_TITLE, build, msg)


def _pattern_kinds(settings: SessionSettings) -> tuple[QuestionKind, ...]:
    """The learner's question kinds for a round about named patterns: every hand of
    review or a drill is a win, so "is it a win?" is left out."""
    return tuple(k for k in settings.kinds if k is not QuestionKind.IS_WIN) or (
        QuestionKind.PATTERNS,)


def as_int(text: str) -> int | None:
    """A total typed by the learner: digits with an optional minus sign, else None."""
    cleaned = text.strip().replace(" ", "").replace("\u2212", "-")
    if not cleaned or cleaned in ("-", "+"):
        return None
    try:
        return int(cleaned)
    except ValueError:
        return None
