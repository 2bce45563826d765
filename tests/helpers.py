"""Small helpers shared by the tests: build and score hands from notation."""

from __future__ import annotations

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import parse
from mj_trainer.engine.scoring import Score, score


def hand(text: str) -> Hand:
    """A hand from the human notation (validated)."""
    return parse(text)


def scored(text: str) -> Score:
    """The score of a hand written in the human notation."""
    return score(parse(text))


def counted(text: str) -> dict[str, int]:
    """pattern id -> count for the patterns that count in the best arrangement."""
    return {h.pattern.id: h.count for h in scored(text).counted}


def present(text: str) -> dict[str, int]:
    """pattern id -> count for every pattern present in the best arrangement."""
    return {h.pattern.id: h.count for h in scored(text).best.hits}
