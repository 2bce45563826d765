"""Example hands for the reference: a curated hand where possible, else a generated one.

Curated hands are written to teach, so they make the best examples; which of them
show a pattern, under which ruleset, is the business of `quizzes.pattern_hands` (the
service review also draws from).  A pattern no curated hand shows -- in a house
ruleset, say -- gets a hand from the generator, aimed at it with a fixed seed, so the
same pattern always shows the same example.

Everything here is plain Python and may run in a worker thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.scoring import Score
from mj_trainer.quizzes.pattern_hands import (
    PatternHands,
    Shown,
    curated_pattern_hands,
)
from mj_trainer.quizzes.quiz_hand import QuizHand

EXAMPLE_SEED: Final = 20240  # the generator's seed for example hands


@dataclass(frozen=True, slots=True)
class Example:
    """A hand that shows a pattern, with its score and where it came from."""

    hand: Hand
    result: Score
    title: str
    note: str = ""
    source: str = ""  # "set trivial, hand trivial-003" or "generated (seed 20240)"
    focus: bool = False  # the curated hand was written about this pattern

    @property
    def generated(self) -> bool:
        return self.source.startswith("generated")


def _example(shown: Shown, pattern_id: str) -> Example:
    item = shown.item
    where = f"set {item.source}, hand {item.id}" if item.source else item.id
    return Example(item.hand, shown.result, item.title or item.id, item.note, where,
                   pattern_id in item.about)


def curated_examples(ruleset: Ruleset, pattern_id: str,
                     pool: Sequence[QuizHand] | None = None) -> list[Example]:
    """Curated hands where the pattern counts, best example first (cached per ruleset)."""
    hands = PatternHands(ruleset, pool) if pool is not None else curated_pattern_hands(ruleset)
    return [_example(s, pattern_id) for s in hands.examples(pattern_id)]


def generated_example(ruleset: Ruleset, pattern_id: str, attempt: int = 0) -> Example | None:
    """A hand from the generator aimed at the pattern; None when it cannot make one."""
    try:
        from mj_trainer.engine.generator import GenerationError, generate_scored
    except ImportError:  # pragma: no cover - the generator ships with the engine
        return None
    seed = EXAMPLE_SEED + attempt
    for mode in ("natural", "rich"):
        try:
            made = generate_scored(1, seed=seed, target=pattern_id, ruleset=ruleset,
                                   mode=mode)
        except GenerationError:
            continue
        except Exception:
            return None
        if made:
            g = made[0]
            return Example(g.hand, g.score, "A generated hand", "",
                           f"generated (seed {seed})")
    return None


def find_example(ruleset: Ruleset, pattern_id: str, attempt: int = 0,
                 pool: Sequence[QuizHand] | None = None) -> tuple[Example | None, int]:
    """The `attempt`-th example of a pattern and how many curated ones there are.

    Attempts past the curated examples ask the generator for fresh hands.
    """
    curated = curated_examples(ruleset, pattern_id, pool)
    if attempt < len(curated):
        return curated[attempt], len(curated)
    return generated_example(ruleset, pattern_id, attempt - len(curated)), len(curated)
