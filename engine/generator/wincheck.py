"""Fast yes/no questions about tile counts: is this a winning shape, and which
winning shapes are one tile swap away?

The scorer answers "how much is it worth"; the generator mostly needs "is it a
win at all", thousands of times, so this works on bare count vectors and reuses
the engine's cached per-suit splitter.
"""

from __future__ import annotations

from collections.abc import Sequence

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import count_vector
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.waits import is_regular


def regular_complete(counts: Sequence[int], sets_needed: int) -> bool:
    """Four sets and eyes, given the sets already declared (`sets_needed` = 4 - melds).

    A regular split of 3n + 2 tiles always holds n sets, so checking the tile count
    and the engine's own split test is enough.
    """
    return sum(counts) == 3 * sets_needed + 2 and is_regular(list(counts))


def seven_pairs_complete(counts: Sequence[int]) -> bool:
    """Seven pairs of a concealed 14-tile hand; four alike may be two pairs (R5)."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def orphans_complete(counts: Sequence[int]) -> bool:
    """One of each terminal and honor plus one more of them."""
    return sum(counts) == 14 and all(counts[t] for t in tiles.ORPHANS) and sum(
        counts[t] for t in tiles.ORPHANS
    ) == 14


def complete_shapes(counts: Sequence[int], melds: int) -> list[Shape]:
    """Every winning shape the concealed counts make (empty: not a win)."""
    out: list[Shape] = []
    if regular_complete(counts, 4 - melds):
        out.append(Shape.REGULAR)
    if not melds:
        if seven_pairs_complete(counts):
            out.append(Shape.SEVEN_PAIRS)
        if orphans_complete(counts):
            out.append(Shape.THIRTEEN_ORPHANS)
    return out


def concealed_counts(hand: Hand) -> list[int]:
    return count_vector(hand.concealed)


def is_win(hand: Hand) -> bool:
    """Does the hand have any winning reading?"""
    return bool(complete_shapes(concealed_counts(hand), len(hand.melds)))


def _candidates(counts: Sequence[int]) -> list[int]:
    """Tiles whose arrival could complete something: ones held, their suit
    neighbours within two ranks, and every terminal and honor (thirteen orphans)."""
    wanted = [False] * tiles.NUM_KINDS
    for t in tiles.ORPHANS:
        wanted[t] = True
    for t, c in enumerate(counts):
        if not c:
            continue
        wanted[t] = True
        if t < 27:
            rank = t % 9
            for d in (-2, -1, 1, 2):
                if 0 <= rank + d <= 8:
                    wanted[t + d] = True
    return [t for t in range(tiles.NUM_KINDS) if wanted[t]]


def one_swap_shapes(hand: Hand) -> set[Shape]:
    """The winning shapes reachable by exchanging one concealed tile for another.

    Only the concealed tiles change; declared melds stay.  Four copies of a
    tile at most, melds included.
    """
    counts = concealed_counts(hand)
    used = list(counts)
    for meld in hand.melds:
        for t in meld.tiles:
            used[t] += 1
    melds = len(hand.melds)
    found: set[Shape] = set()
    adds = _candidates(counts)
    for out_tile in range(tiles.NUM_KINDS):
        if not counts[out_tile]:
            continue
        counts[out_tile] -= 1
        used[out_tile] -= 1
        for in_tile in adds:
            if in_tile == out_tile or used[in_tile] >= 4:
                continue
            counts[in_tile] += 1
            found.update(complete_shapes(counts, melds))
            counts[in_tile] -= 1
        counts[out_tile] += 1
        used[out_tile] += 1
    return found
