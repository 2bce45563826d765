"""Where a round's hands come from: a small protocol and its implementations.

A `HandSource` is anything iterable that yields `QuizHand`s (an engine `Hand` with a
stable id).  Rounds take as many as they need, so a source may be endless.

* `ListSource` — a fixed list (tests, a user's own hands);
* `CuratedSource` — a curated set, in order or shuffled, resumable from a position;
* `GeneratorSource` — random hands from the generator (`engine.generator`), by
  difficulty or aimed at a pattern, family or category;
* `ReviewSource` — hands aimed at the patterns and families that are due for review.

The curated sets (`quizzes.sets`) and the generator (`engine.generator`) are imported
lazily, only when a source that needs them is used, so that importing this module stays
cheap.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from enum import Enum
from itertools import islice
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import format_hand
from mj_trainer.engine.ruleset import DEFAULT, Ruleset, load
from mj_trainer.engine.scoring import score
from mj_trainer.quizzes.pattern_hands import (
    PatternHands,
    curated_pattern_hands,
    weak_count,
)
from mj_trainer.quizzes.quiz_hand import QuizHand

if TYPE_CHECKING:  # the sets module is read only when a curated set is asked for
    from mj_trainer.quizzes.sets import CuratedHand, HandSet

__all__ = [  # QuizHand lives in `quizzes.quiz_hand`; the sources hand it out
    "CuratedSource",
    "Finder",
    "GenerateFn",
    "GenerationUnavailable",
    "GeneratorSource",
    "HandSource",
    "ListSource",
    "Order",
    "QuizHand",
    "ReviewSource",
    "SourceUnavailable",
    "curated_hands",
    "curated_sets",
    "generated_id",
    "generator_finder",
    "pattern_hands_finder",
    "quiz_hand_from",
]


class SourceUnavailable(RuntimeError):
    """A source needs a part of the program that is not installed or not found."""


class GenerationUnavailable(SourceUnavailable):
    """The generator cannot make the hands a source asks for: an unknown or impossible
    target, a ruleset that cannot be loaded, or a target it gave up on after its bounded
    number of attempts (some classical limit hands).  The message is one line for a
    user; the generator never loops without end, so this arrives instead of a hang."""


@runtime_checkable
class HandSource(Protocol):
    """Anything that yields quiz hands; it may be endless."""

    @property
    def name(self) -> str: ...

    def __iter__(self) -> Iterator[QuizHand]: ...


class ListSource:
    """A fixed list of hands, in order or shuffled by a seed."""

    def __init__(self, hands: Iterable[QuizHand], *, name: str = "hands",
                 shuffle: bool = False, seed: int | None = None) -> None:
        self._hands = list(hands)
        self._name = name
        if shuffle:
            random.Random(seed).shuffle(self._hands)

    @property
    def name(self) -> str:
        return self._name

    def __iter__(self) -> Iterator[QuizHand]:
        return iter(self._hands)

    def __len__(self) -> int:
        return len(self._hands)


class Order(Enum):
    """How a curated set is walked through."""

    IN_ORDER = "in_order"
    SHUFFLED = "shuffled"


class CuratedSource:
    """A curated set's hands from `start` on, in order or in a shuffle fixed by `seed`.

    `position` on each yielded hand is its index in that order, so the next round
    resumes at `position + 1` (the store keeps it, see `ProgressStore.set_progress`).
    When `start` is at or past the end, the set starts again from the beginning.
    """

    def __init__(self, set_name: str, hands: Sequence[QuizHand], *,
                 order: Order = Order.IN_ORDER, seed: int | None = None,
                 start: int = 0) -> None:
        self.set_name = set_name
        self.order = order
        self.seed = seed if seed is not None or order is Order.IN_ORDER else (
            random.randrange(2**31))
        ordered = list(hands)
        if order is Order.SHUFFLED:
            random.Random(self.seed).shuffle(ordered)
        self._hands = ordered
        self.start = start if 0 <= start < len(ordered) else 0

    @property
    def name(self) -> str:
        return self.set_name

    @property
    def size(self) -> int:
        return len(self._hands)

    def __iter__(self) -> Iterator[QuizHand]:
        for i in range(self.start, len(self._hands)):
            yield replace(self._hands[i], source=self.set_name, position=i)


# --------------------------------------------------------------------------- curated sets


def quiz_hand_from(item: CuratedHand | QuizHand, set_name: str = "") -> QuizHand:
    """A QuizHand from a curated set's hand, remembering the set it came from."""
    if isinstance(item, QuizHand):
        return item
    return QuizHand(item.id, item.hand, item.title, item.note, source=set_name,
                    about=item.focus)


def curated_sets() -> list[HandSet]:
    """Every built-in curated set, as the sets module gives them."""
    from mj_trainer.quizzes.sets import builtin_sets

    return list(builtin_sets())


def curated_hands(set_id: str | None = None) -> list[QuizHand]:
    """The hands of one built-in set (by id or name), or of all of them."""
    out: list[QuizHand] = []
    known: list[str] = []
    for hand_set in curated_sets():
        key = hand_set.id
        known.append(key)
        if set_id is None or set_id in (key, hand_set.name):
            out.extend(quiz_hand_from(h, key) for h in hand_set.hands)
    if set_id is not None and not out:
        raise KeyError(f"no curated set {set_id!r} (known: {', '.join(known)})")
    return out


# --------------------------------------------------------------------------- generator

class GenerateFn(Protocol):
    """The generator as a `GeneratorSource` calls it: always with every keyword.

    `engine.generator.generate` fits; a test passes its own function with this
    signature to see what a source asks for without generating anything.
    """

    def __call__(self, count: int, *, seed: int, target: str | None,
                 avoid: Sequence[str], difficulty: str | None, ruleset: str | Ruleset,
                 mode: str, winning: bool | None) -> list[Hand]: ...


def _generator() -> GenerateFn:
    from mj_trainer.engine.generator import generate

    return generate


def _generation_errors() -> tuple[type[Exception], ...]:
    """The errors by which the generator and the ruleset loader refuse a request."""
    from mj_trainer.engine.generator import GenerationError
    from mj_trainer.engine.ruleset import RulesetError

    return (GenerationError, RulesetError)


def generated_id(hand: Hand) -> str:
    """A stable id for a generated hand, from its canonical notation."""
    digest = hashlib.sha1(format_hand(hand).encode("utf-8")).hexdigest()
    return f"gen-{digest[:10]}"


class GeneratorSource:
    """Random hands, endless, reproducible from `seed`.

    `target` aims at a pattern id, a family id or a category (whatever the generator
    accepts); `mode` and `winning` go to the generator as they are.  Hands come in
    batches of `batch`; each batch uses the next seed, so the stream is reproducible.

    `ruleset` is a built-in name, a ruleset file's path or a loaded `Ruleset` (a house
    ruleset included); the hands are generated for it and carry its name.  When the
    generator cannot serve the request, iterating (or `check()`) raises
    `GenerationUnavailable` naming the ruleset, the target and the reason.
    """

    def __init__(self, *, seed: int | None = None, difficulty: str | None = None,
                 target: str | None = None, avoid: Sequence[str] = (),
                 ruleset: str | Ruleset | None = None, batch: int = 10,
                 mode: str = "rich", winning: bool | None = None,
                 generate: GenerateFn | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.difficulty = difficulty
        self.target = target
        self.avoid = tuple(avoid)
        self.ruleset = ruleset
        self.batch = max(1, batch)
        self.mode = mode
        self.winning = winning
        self._generate = generate

    @property
    def name(self) -> str:
        bits = ["random"]
        if self.difficulty is not None:
            bits.append(str(self.difficulty))
        if self.target:
            bits.append(f"aimed at {self.target}")
        return " ".join(bits)

    @property
    def ruleset_id(self) -> str:
        """The id (or file) of the ruleset the hands are generated for."""
        rules = self._rules()
        return rules.id if isinstance(rules, Ruleset) else rules

    def _rules(self) -> str | Ruleset:
        return self.ruleset if self.ruleset is not None else DEFAULT

    def _unavailable(self, err: Exception) -> GenerationUnavailable:
        aim = f" aimed at {self.target}" if self.target else ""
        return GenerationUnavailable(
            f"cannot generate {self.ruleset_id} hands{aim}: {err}; choose another target "
            "or a curated set")

    def check(self) -> None:
        """Refuse at once a request the generator can tell is impossible (an unknown
        target, a limit hand outside the difficulty, a ruleset that does not load).
        A target it can only give up on is found when the hands are drawn."""
        if self._generate is not None:
            return
        from mj_trainer.engine.generator import plan

        try:
            plan(target=self.target, avoid=self.avoid, difficulty=self.difficulty,
                 ruleset=self._rules(), mode=self.mode, winning=self.winning)
        except ValueError as err:  # GenerationError and RulesetError are ValueErrors
            raise self._unavailable(err) from None

    def _call(self, count: int, seed: int) -> list[Hand]:
        fn = self._generate or _generator()
        try:
            return list(fn(count, seed=seed, target=self.target, avoid=self.avoid,
                           difficulty=self.difficulty, ruleset=self._rules(),
                           mode=self.mode, winning=self.winning))
        except _generation_errors() as err:
            raise self._unavailable(err) from None

    def __iter__(self) -> Iterator[QuizHand]:
        k = 0
        while True:
            seed = self.seed + k
            hands = self._call(self.batch, seed)
            if not hands:
                return
            for h in hands:
                yield QuizHand(generated_id(h), h, source="random", focus=self.target)
            k += 1


# --------------------------------------------------------------------------- review


Finder = Callable[[str, random.Random, set[str]], QuizHand | None]


def pattern_hands_finder(hands: PatternHands, prefer: frozenset[str] = frozenset()
                         ) -> Finder:
    """A finder over hands that show patterns (`quizzes.pattern_hands`)."""

    def find(focus: str, rng: random.Random, used: set[str]) -> QuizHand | None:
        return hands.find(focus, rng, used, prefer=prefer)

    return find


def generator_finder(seed: int | None = None, ruleset: str | Ruleset | None = None, *,
                     prefer: frozenset[str] = frozenset(), candidates: int = 4) -> Finder:
    """A finder that asks the generator for a hand aimed at the item (of `ruleset`).

    With `prefer` (weak pattern ids), it draws `candidates` aimed hands and keeps the
    one that also counts the most of them, so one question revisits several.
    """

    def find(focus: str, rng: random.Random, used: set[str]) -> QuizHand | None:
        try:
            gen = GeneratorSource(seed=rng.randrange(2**31) if seed is None else seed,
                                  target=focus, ruleset=ruleset,
                                  batch=candidates if prefer else 1)
            drawn = list(islice(iter(gen), candidates if prefer else 1))
        except (SourceUnavailable, ValueError, KeyError):
            return None
        fresh = [qh for qh in drawn if qh.id not in used]
        if not fresh:
            return None
        if not prefer:
            return fresh[0]
        rules = ruleset if isinstance(ruleset, Ruleset) else load(ruleset or DEFAULT)
        return max(fresh, key=lambda qh: weak_count(score(qh.hand, rules), prefer))

    return find


class ReviewSource:
    """Hands aimed at review items (pattern or family ids), in the order given.

    `items` are pattern or family ids (see `quizzes.round.review_source`).  Each is
    served by the first finder that has a hand for it; an item no finder can serve is
    skipped.  By default the finders are the curated hands that show the item under
    `ruleset` (`quizzes.pattern_hands`, the reference's examples come from there too)
    and then the generator; with `pool`, those hands alone.  `weak` pattern ids are
    the learner's weak spots: hands that count more of them are preferred, and a weak
    item a hand already served is not asked again in the same round.
    """

    def __init__(self, items: Sequence[str], *, pool: Iterable[QuizHand] | None = None,
                 finders: Sequence[Finder] | None = None, seed: int | None = None,
                 ruleset: Ruleset | None = None, weak: Iterable[str] = ()) -> None:
        self.items = list(items)
        self.weak = frozenset(weak)
        self._rules = ruleset or load(DEFAULT)
        self._rng = random.Random(seed)
        self._finders: list[Finder]
        if finders is not None:
            self._finders = list(finders)
        elif pool is not None:
            pooled = PatternHands(self._rules, pool)
            self._finders = [pattern_hands_finder(pooled, self.weak)]
        else:
            self._finders = [pattern_hands_finder(curated_pattern_hands(self._rules), self.weak),
                             generator_finder(ruleset=ruleset, prefer=self.weak)]

    @property
    def name(self) -> str:
        return "review"

    def __iter__(self) -> Iterator[QuizHand]:
        used: set[str] = set()
        covered: set[str] = set()
        for focus in self.items:
            if focus in covered:
                continue
            for find in self._finders:
                found = find(focus, self._rng, used)
                if found is not None:
                    used.add(found.id)
                    covered.update(self._weak_in(found))
                    yield replace(found, source="review", focus=focus, position=None)
                    break

    def _weak_in(self, qh: QuizHand) -> set[str]:
        if not self.weak:
            return set()
        return {h.pattern.id for h in score(qh.hand, self._rules).counted} & self.weak
