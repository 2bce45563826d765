"""Difficulty levels: what makes a hand easy, medium or hard to score.

The levels split every hand into exactly one of three, so "this hand is medium"
is a fact that can be checked, and the generator never returns a hand outside the
level it was asked for.

A *winning* hand is

* **hard** when it has at least one of the traps that trip learners up:
  a limit pattern decides the total (R12); the additive sum was capped at 320; a
  pattern is present but does not count (outranked in its family R10, replaced,
  stopped by a limit, or not for this shape R5/R16); the hand has more than one
  reading (competing arrangements, R1/R2); four alike used as two of the seven
  pairs (R5); an incidental bonus (12.x); a bonus tile (13.x);
* otherwise **medium** when it has at least one of: a declared kong (R4); a
  concealed-looking pung completed by a discarded winning tile, which is then not
  concealed (R3); four or more counted patterns; a counted pattern worth more than
  40 points;
* otherwise **easy**: one to three counted patterns, each worth at most 40
  points, no kong, one reading only, nothing present that does not count, no
  incidentals and no bonus tiles.

A *non-winning* hand (an Illegal Call question, R7) is graded by how close it
looks to a win, counting exchanges of one concealed tile for another:

* **easy**: no single exchange makes it a winning hand (clearly not a win);
* **hard**: one exchange makes it a seven pairs or thirteen orphans hand, or it
  holds a declared kong (the unusual tile count hides the fault);
* **medium**: every other hand that one exchange turns into a win.

`engine/generator/DIFFICULTY.md` says the same for readers of the repository.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from mj_trainer.engine.arrangements import GroupKind
from mj_trainer.engine.generator.wincheck import one_swap_shapes
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.scoring import Score, Why
from mj_trainer.engine.shape import Shape

EASY_MAX_POINTS: Final = 40  # the most one counted pattern may add in an easy hand
EASY_MAX_PATTERNS: Final = 3  # an easy hand counts one to three patterns


class Level(Enum):
    """A difficulty level."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @classmethod
    def parse(cls, value: Level | str) -> Level:
        """A level from itself or its name (any case); ValueError otherwise."""
        if isinstance(value, Level):
            return value
        try:
            return cls(value.strip().lower())
        except ValueError:
            names = ", ".join(lv.value for lv in cls)
            raise ValueError(f"unknown difficulty {value!r} (choose {names})") from None


def hard_reasons(result: Score) -> list[str]:
    """The traps of a winning hand that make it hard (empty when there are none)."""
    out: list[str] = []
    if result.limit is not None:
        out.append(f"limit hand {result.limit.id}")
    if result.capped:
        out.append("capped")
    whys = {h.why for h in result.not_counted}
    if Why.OUTRANKED in whys:
        out.append("family conflict")
    if Why.REPLACED in whys:
        out.append("replaced pattern")
    if Why.SHAPE in whys:
        out.append("pattern not for this shape")
    if result.others:
        out.append(f"{1 + len(result.others)} readings")
    arrangement = result.arrangement
    if arrangement is not None and arrangement.shape is Shape.SEVEN_PAIRS and len(
        {g.tile for g in arrangement.groups}
    ) < len(arrangement.groups):
        out.append("four alike as two pairs")
    if result.hand.incidentals:
        out.append("incidental bonus")
    if result.hand.bonus:
        out.append("bonus tiles")
    return out


def discard_completed_pung(result: Score) -> bool:
    """Did a discarded winning tile complete a pung in the hand (R3)?"""
    arrangement = result.arrangement
    if arrangement is None or result.hand.self_drawn:
        return False
    return any(
        g.winning and g.kind is GroupKind.PUNG and not g.declared for g in arrangement.groups
    )


def medium_reasons(result: Score) -> list[str]:
    """The features of a winning hand that lift it above easy."""
    out: list[str] = []
    if result.hand.kong_count:
        out.append("kong")
    if discard_completed_pung(result):
        out.append("pung completed by a discard")
    counted = result.counted
    if len(counted) > EASY_MAX_PATTERNS:
        out.append(f"{len(counted)} patterns")
    if any(h.points > EASY_MAX_POINTS for h in counted):
        out.append(f"a pattern over {EASY_MAX_POINTS} points")
    return out


def nonwinning_level(hand: Hand) -> Level:
    """The level of a hand that is not a win (see the module docstring)."""
    shapes = one_swap_shapes(hand)
    if not shapes:
        return Level.EASY
    if hand.kong_count or Shape.SEVEN_PAIRS in shapes or Shape.THIRTEEN_ORPHANS in shapes:
        return Level.HARD
    return Level.MEDIUM


def level_of(result: Score) -> Level:
    """The difficulty level of a scored hand."""
    if not result.winning:
        return nonwinning_level(result.hand)
    if hard_reasons(result):
        return Level.HARD
    if medium_reasons(result):
        return Level.MEDIUM
    return Level.EASY


def reasons(result: Score) -> list[str]:
    """Why the hand sits at its level, in short phrases (for a trainer's hint)."""
    if not result.winning:
        level = nonwinning_level(result.hand)
        return {
            Level.EASY: ["two or more tiles from any win"],
            Level.MEDIUM: ["one tile from a win"],
            Level.HARD: ["one tile from a win, with an unusual shape or a kong"],
        }[level]
    return hard_reasons(result) or medium_reasons(result) or ["plain hand"]
