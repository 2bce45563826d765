"""Example hands for the reference: a curated hand where possible, else a generated one.

Curated hands are written to teach, so they make the best examples: a hand whose
`focus` names the pattern (and where it really counts) comes first, then any curated
hand where it counts, the plainest first.  Only hands written for the ruleset shown
(or for a ruleset it extends: a house file built on the default ruleset uses the
default ruleset's hands) are used, each scored under the ruleset shown: a pattern id
means another pattern in another ruleset, so Zung Jung and the classical rules get
their own examples.  A pattern no curated hand shows -- in a
house ruleset, say -- gets a hand from the generator, aimed at it with a fixed seed,
so the same pattern always shows the same example.

Everything here is plain Python and may run in a worker thread.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.scoring import Score, score

EXAMPLE_SEED: Final = 20240  # the generator's seed for example hands
_lock = threading.Lock()
_index: dict[tuple[str, str], dict[str, list[Example]]] = {}


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


@dataclass(frozen=True, slots=True)
class PoolHand:
    """A hand that may serve as an example (curated hands, or a test's own)."""

    id: str
    hand: Hand
    title: str = ""
    note: str = ""
    set_id: str = ""
    focus: tuple[str, ...] = ()


def curated_pool() -> list[PoolHand]:
    """Every built-in curated hand; empty when the sets cannot be loaded."""
    try:
        from mj_trainer.quizzes.sets import SetError, all_hands
    except ImportError:  # pragma: no cover - the sets ship with the trainer
        return []
    try:
        hands = all_hands()
    except SetError:
        return []
    return [PoolHand(h.id, h.hand, h.title, h.note, h.set_id, h.focus) for h in hands]


def _build_index(ruleset: Ruleset, pool: Sequence[PoolHand]) -> dict[str, list[Example]]:
    family = ruleset.lineage
    found: dict[str, list[tuple[tuple[int, int, int, str], Example]]] = {}
    for item in pool:
        if item.hand.ruleset not in family:
            continue
        try:
            result = score(item.hand, ruleset)
        except Exception:
            continue
        counted = result.counted
        for hit in counted:
            pid = hit.pattern.id
            about = pid in item.focus
            # Focus hands first, then the plainest hands (fewest other patterns).
            rank = (0 if about else 1, len(counted), abs(result.total), item.id)
            where = f"set {item.set_id}, hand {item.id}" if item.set_id else item.id
            example = Example(item.hand, result, item.title or item.id, item.note, where,
                              about)
            found.setdefault(pid, []).append((rank, example))
    return {pid: [e for _, e in sorted(items, key=lambda x: x[0])]
            for pid, items in found.items()}


def curated_examples(ruleset: Ruleset, pattern_id: str,
                     pool: Sequence[PoolHand] | None = None) -> list[Example]:
    """Curated hands where the pattern counts, best example first (cached per ruleset)."""
    if pool is not None:
        return _build_index(ruleset, pool).get(pattern_id, [])
    key = (ruleset.id, ruleset.source)
    with _lock:
        index = _index.get(key)
    if index is None:
        index = _build_index(ruleset, curated_pool())
        with _lock:
            _index[key] = index
    return index.get(pattern_id, [])


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
                 pool: Sequence[PoolHand] | None = None) -> tuple[Example | None, int]:
    """The `attempt`-th example of a pattern and how many curated ones there are.

    Attempts past the curated examples ask the generator for fresh hands.
    """
    curated = curated_examples(ruleset, pattern_id, pool)
    if attempt < len(curated):
        return curated[attempt], len(curated)
    return generated_example(ruleset, pattern_id, attempt - len(curated)), len(curated)
