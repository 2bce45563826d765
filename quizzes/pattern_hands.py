"""Hands that show a pattern: the one service behind the reference's examples and
review's aimed questions.

A pool of hands (the curated sets, or a test's own) is read under one ruleset.  Only
the hands written for that ruleset or for one it builds on take part -- a pattern id
means another pattern in another ruleset, while a house file built on the default
ruleset can use the default ruleset's hands -- and each is scored once, under the
ruleset asked about.  The reference asks for the hands where a pattern counts, the
best teaching example first; review asks for one hand it has not used yet for a
pattern or a family, where it counts if possible.

Plain Python: the reference calls it from a worker thread.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.scoring import Score, score
from mj_trainer.quizzes.quiz_hand import QuizHand


@dataclass(frozen=True, slots=True)
class Shown:
    """A pool hand and its score under the ruleset asked about."""

    item: QuizHand
    result: Score


def focus_matches(result: Score, focus: str) -> int:
    """How well a scored hand shows `focus` (a pattern or family id).

    2: a pattern of it counts; 1: it is present without counting (a good
    "does it count?" question); 0: not there.
    """
    best = 0
    for h in result.best.hits:
        if focus in (h.pattern.id, h.pattern.family):
            best = max(best, 2 if h.counted else 1)
    return best


def weak_count(result: Score, prefer: frozenset[str]) -> int:
    """How many of the `prefer` pattern ids count in a scored hand."""
    return sum(1 for h in result.counted if h.pattern.id in prefer) if prefer else 0


class PatternHands:
    """A pool of hands read under one ruleset, scored on first use."""

    def __init__(self, rules: Ruleset, pool: Iterable[QuizHand]) -> None:
        self.rules = rules
        self._pool = [item for item in pool if rules.builds_on(item.hand.ruleset)]
        self._lock = threading.Lock()
        self._shown: list[Shown] | None = None
        self._examples: dict[str, list[Shown]] | None = None

    @property
    def shown(self) -> list[Shown]:
        """Every hand of the pool that the ruleset can score, with its score."""
        with self._lock:
            if self._shown is None:
                self._shown = [s for s in map(self._score, self._pool) if s is not None]
            return self._shown

    def _score(self, item: QuizHand) -> Shown | None:
        try:
            return Shown(item, score(item.hand, self.rules))
        except Exception:  # a hand the ruleset refuses shows nothing
            return None

    def examples(self, pattern_id: str) -> list[Shown]:
        """The hands where the pattern counts, best example first: the hands written
        about it, then the plainest (fewest patterns, smallest total)."""
        shown = self.shown
        with self._lock:
            if self._examples is None:
                self._examples = _rank_examples(shown)
            return self._examples.get(pattern_id, [])

    def find(self, focus: str, rng: random.Random, used: set[str], *,
             prefer: frozenset[str] = frozenset()) -> QuizHand | None:
        """A hand for `focus` (pattern or family id) whose id is not in `used`: one
        where it counts if there is one, then one where it is present.  Among those,
        the hands counting the most `prefer` patterns (the learner's weak ones)."""
        for level in (2, 1):
            fits = [s for s in self.shown
                    if s.item.id not in used and focus_matches(s.result, focus) >= level]
            if fits:
                most = max(weak_count(s.result, prefer) for s in fits)
                return rng.choice([s.item for s in fits
                                   if weak_count(s.result, prefer) == most])
        return None


def _rank_examples(shown: list[Shown]) -> dict[str, list[Shown]]:
    found: dict[str, list[tuple[tuple[int, int, int, str], Shown]]] = {}
    for s in shown:
        counted = s.result.counted
        for hit in counted:
            pid = hit.pattern.id
            rank = (0 if pid in s.item.about else 1, len(counted), abs(s.result.total),
                    s.item.id)
            found.setdefault(pid, []).append((rank, s))
    return {pid: [s for _, s in sorted(items, key=lambda x: x[0])]
            for pid, items in found.items()}


def curated_pool() -> list[QuizHand]:
    """Every built-in curated hand; empty when the sets cannot be loaded."""
    try:
        from mj_trainer.quizzes.sets import SetError, all_hands
    except ImportError:  # pragma: no cover - the sets ship with the trainer
        return []
    try:
        hands = all_hands()
    except SetError:
        return []
    return [QuizHand(h.id, h.hand, h.title, h.note, source=h.set_id, about=h.focus)
            for h in hands]


_curated_lock = threading.Lock()
_curated: dict[tuple[str, str], PatternHands] = {}


def curated_pattern_hands(rules: Ruleset) -> PatternHands:
    """The built-in curated hands read under `rules`, shared by every caller."""
    key = (rules.id, rules.source)
    with _curated_lock:
        found = _curated.get(key)
    if found is None:
        found = PatternHands(rules, curated_pool())
        with _curated_lock:
            found = _curated.setdefault(key, found)
    return found
