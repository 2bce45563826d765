"""Hands that are *not* a win, for "is this a win?" questions (Illegal Call, R7).

They are built as near misses: a real winning hand with one concealed tile
exchanged for another (so one exchange back would win), or, for the easy level,
two or three exchanges so the fault is plain to see.  The winning tile always
stays in the hand and no tile exceeds four copies, so the result is a well-formed
hand (R6) that merely has no winning arrangement.
"""

from __future__ import annotations

from dataclasses import replace

from mj_trainer.engine import tiles
from mj_trainer.engine.generator.builder import Draft
from mj_trainer.engine.generator.difficulty import Level
from mj_trainer.engine.generator.errors import Retry
from mj_trainer.engine.generator.wincheck import is_win
from mj_trainer.engine.hand import Hand


def _base(d: Draft, level: Level | None) -> None:
    """Lay out the winning hand the miss starts from."""
    d.no_incidentals = True
    if level is Level.HARD:
        roll = d.rng.random()
        if roll < 0.45:
            d.seven_pairs()
        elif roll < 0.6:
            d.thirteen_orphans()
        else:
            d.kongs_fixed = True
            d.kong(d.pick_pung(copies=4))
    elif level is Level.MEDIUM:
        d.kongs_fixed = True
    else:
        d.plain()


def _swap(d: Draft, hand: Hand) -> Hand:
    """Exchange one concealed tile (never the last copy of the winning tile)."""
    rng = d.rng
    concealed = list(hand.concealed)
    used = [0] * tiles.NUM_KINDS
    for t in hand.all_tiles():
        used[t] += 1
    removable = [
        i
        for i, t in enumerate(concealed)
        if t != hand.winning_tile or concealed.count(t) > 1
    ]
    old = concealed.pop(rng.choice(removable))
    used[old] -= 1
    if old < 27 and rng.random() < 0.6:
        rank = old % 9
        options = [old + k for k in (-2, -1, 1, 2) if 0 <= rank + k <= 8]
    else:
        options = list(range(tiles.NUM_KINDS))
    options = [t for t in options if t != old and used[t] < 4]
    if not options:
        raise Retry
    concealed.append(rng.choice(options))
    return replace(hand, concealed=tuple(sorted(concealed)))


def build_nonwinning(d: Draft, level: Level | None) -> Hand:
    """A well-formed hand with no winning arrangement, near a win unless easy."""
    _base(d, level)
    hand = d.finish()
    swaps = d.rng.choice((2, 3)) if level is Level.EASY else 1
    for _ in range(swaps):
        hand = _swap(d, hand)
    if is_win(hand):
        raise Retry
    return hand
