"""The nearest reading of a hand two or more tiles from a win: what it has, what is left.

`near_win` finds the one tile that spoils a near miss.  A hand further away has no such
tile, but a learner still needs to see why it is no win: the most of it that reads as a
winning hand (sets, the pair, sets one tile short), the tiles left over, and how many
tiles would have to change.  The count is the least number of concealed tiles to
exchange (the hand's distance from a win), found by trying every way to cut the
concealed tiles into sets, unfinished sets and a pair; seven pairs and thirteen orphans
are tried too, and the shortest way wins (four sets and a pair on a tie).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import count_vector
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import format_tiles
from mj_trainer.engine.tiles import Tile

_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


@dataclass(frozen=True, slots=True)
class FarReading:
    """The nearest reading of a hand that is `changes` tiles from a win.

    `shape` is "regular", "seven pairs" or "thirteen orphans"; `sets` are complete
    groups (and pairs), `unfinished` groups one tile short, `left` the tiles that fit
    nowhere.  Each group is a tuple of tiles.
    """

    shape: str
    changes: int
    sets: tuple[tuple[Tile, ...], ...]
    unfinished: tuple[tuple[Tile, ...], ...]
    left: tuple[Tile, ...]


# A search state: the counts still to place, blocks still free, whether eyes are taken.
_Found = tuple[int, tuple[tuple[Tile, ...], ...], tuple[tuple[Tile, ...], ...]]


def _kept(found: _Found) -> int:
    return found[0]


@lru_cache(maxsize=1 << 14)
def _best_regular(counts: tuple[int, ...], blocks: int, eyes: bool) -> _Found:
    """The most tiles that fit `blocks` sets (complete or one short) and the eyes.

    Returns (tiles kept, complete groups, unfinished groups); the eyes are a complete
    group of two, an unfinished one a single tile waiting for its partner.
    """
    i = next((t for t, n in enumerate(counts) if n), None)
    if i is None:
        return 0, (), ()
    options: list[_Found] = []

    def take(used: tuple[Tile, ...], kept: int, complete: bool, blocks_used: int,
             eyes_used: bool) -> None:
        rest = list(counts)
        for t in used:
            rest[t] -= 1
        sub = _best_regular(tuple(rest), blocks - blocks_used, eyes or eyes_used)
        done = ((used,) + sub[1], sub[2]) if complete else (sub[1], (used,) + sub[2])
        options.append((sub[0] + kept, *done))

    n = counts[i]
    number = tiles.IS_NUMBER[i]
    rank = tiles.RANK[i] if number else 0
    if blocks:
        if n >= 3:
            take((i, i, i), 3, True, 1, False)
        if number and rank <= 7 and counts[i + 1] and counts[i + 2]:
            take((i, i + 1, i + 2), 3, True, 1, False)
        if n >= 2:
            take((i, i), 2, False, 1, False)
        if number and rank <= 8 and counts[i + 1]:
            take((i, i + 1), 2, False, 1, False)
        if number and rank <= 7 and counts[i + 2]:
            take((i, i + 2), 2, False, 1, False)
    if not eyes:
        if n >= 2:
            take((i, i), 2, True, 0, True)
        take((i,), 1, False, 0, True)  # a single waiting for its partner
    # Or the tile fits nowhere: it is left over.
    rest = list(counts)
    rest[i] -= 1
    options.append(_best_regular(tuple(rest), blocks, eyes))
    return max(options, key=_kept)


def _regular(hand: Hand) -> FarReading:
    counts = count_vector(hand.concealed)
    kept, sets, unfinished = _best_regular(tuple(counts), 4 - len(hand.melds), False)
    placed = [t for g in (*sets, *unfinished) for t in g]
    left = list(hand.concealed)
    for t in placed:
        left.remove(t)
    return FarReading("regular", len(hand.concealed) - kept, sets, unfinished,
                      tuple(sorted(left)))


def _seven_pairs(hand: Hand) -> FarReading | None:
    if hand.melds:
        return None
    counts = count_vector(hand.concealed)
    pairs: list[tuple[Tile, ...]] = []
    for t, n in enumerate(counts):
        pairs += [(t, t)] * (n // 2)  # four alike may be two pairs (R5)
    pairs = pairs[:7]
    held = list(hand.concealed)
    for t in (x for g in pairs for x in g):
        held.remove(t)
    singles = sorted(set(held))[:7 - len(pairs)]
    for t in singles:
        held.remove(t)
    kept = 2 * len(pairs) + len(singles)
    return FarReading("seven pairs", 14 - kept, tuple(pairs), tuple((t,) for t in singles),
                      tuple(sorted(held)))


def _thirteen_orphans(hand: Hand) -> FarReading | None:
    if hand.melds:
        return None
    held = list(hand.concealed)
    kinds = sorted({t for t in held if tiles.IS_ORPHAN[t]})
    for t in kinds:
        held.remove(t)
    pair = next((t for t in kinds if t in held), None)
    if pair is not None:
        held.remove(pair)
    kept = len(kinds) + (pair is not None)
    sets = tuple((t, t) if t == pair else (t,) for t in kinds)
    return FarReading("thirteen orphans", 14 - kept, sets, (), tuple(sorted(held)))


def far_reading(hand: Hand) -> FarReading:
    """The nearest reading of a hand that is not a win (four sets and a pair first on
    a tie, then seven pairs, then thirteen orphans)."""
    found = [r for r in (_regular(hand), _seven_pairs(hand), _thirteen_orphans(hand))
             if r is not None]
    return min(found, key=lambda r: r.changes)  # min keeps the first of a tie


def _codes(group: tuple[Tile, ...]) -> str:
    """A whole set in the hand notation (``c123``, ``k55``)."""
    return format_tiles(group)


def _loose(group: tuple[Tile, ...]) -> str:
    """An unfinished set or single tiles, one code each (``b2 b4``)."""
    return " ".join(tiles.code(t) for t in group)


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def far_text(reading: FarReading) -> tuple[str, tuple[str, ...]]:
    """The reading in words, a clause to go after "The hand is not a win: ...", and
    the sets and tiles it points at."""
    changes = _WORDS.get(reading.changes, str(reading.changes))
    left = [tiles.code(t) for t in reading.left]
    pointed = (*(_codes(g) for g in reading.sets), *(_loose(g) for g in reading.unfinished),
               *left)
    tiles_word = "one tile" if reading.changes == 1 else f"{changes} tiles"
    tail = f"at least {tiles_word} would have to change to make a win"
    if reading.shape == "seven pairs":
        pairs = [_codes(g) for g in reading.sets]
        count = _WORDS.get(len(pairs), str(len(pairs)))
        head = (f"the nearest reading is seven pairs, with {count} pairs ({', '.join(pairs)})"
                if pairs else "the nearest reading is seven pairs, with no pair yet")
        singles = [_loose(g) for g in reading.unfinished]
        clauses = [f"{_listed(singles)} without a partner"] if singles else []
    elif reading.shape == "thirteen orphans":
        head = (f"the nearest reading is thirteen orphans ({len(reading.sets)} of its 13 "
                "kinds)")
        clauses = []
    else:
        done = [_codes(g) for g in reading.sets]
        head = "the nearest reading is " + (_listed(done) if done else "no complete set")
        short = [_loose(g) for g in reading.unfinished if len(g) > 1]
        lone = [_loose(g) for g in reading.unfinished if len(g) == 1]
        clauses = [f"{_listed(short)} unfinished"] if short else []
        if lone:
            clauses.append(f"{_listed(lone)} alone where the pair should be")
    if left:
        clauses.append(f"{_listed(left)} left over")
    if head.endswith("no complete set"):
        return f"no set is complete: the hand has {_listed(clauses)}; {tail}", pointed
    if not clauses:
        return f"{head}: {tail}", pointed
    joint = "; " if head.endswith(")") else ", with "
    return f"{head}{joint}{_listed(clauses)}: {tail}", pointed
