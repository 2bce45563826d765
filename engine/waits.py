"""What a hand was waiting for: every tile that would have completed it.

The classical ruleset (R32) pays for going out on the only possible tile, and a
loser who was waiting on an irregular limit hand scores half of it (seed 004), so
the engine must know a hand's waits.  A wait is a tile that turns the 13 tiles held
(plus one per kong) into a winning hand of any shape the ruleset accepts; a tile
of which the hand already holds all four copies cannot be drawn and is no wait.

The test for a complete hand is the fast one: per suit, does any split into sets
(and at most the one pair) exist; the splits are cached by `arrangements`.
"""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import (
    PE_LING_PARTNER,
    PE_LING_TILE,
    _suit_options,
    count_vector,
    decompose_sets,
    special_form,
)
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.tiles import Tile


def is_regular(counts: list[int]) -> bool:
    """Can the concealed count vector be cut into sets and exactly one pair?"""
    pair_parts = 0
    for base in (0, 9, 18):
        part = tuple(counts[base : base + 9])
        total = sum(part)
        if not total:
            continue
        rest = total % 3
        if rest == 1 or not _suit_options(base, part):
            return False
        if rest == 2:
            pair_parts += 1
    for t in range(27, 34):
        c = counts[t]
        if c == 2:
            pair_parts += 1
        elif c and c != 3:
            return False
    return pair_parts == 1


def is_complete(
    counts: list[int],
    melds: int,
    *,
    special: frozenset[str] = frozenset(),
) -> bool:
    """Is the concealed count vector (with `melds` declared sets) a winning hand?"""
    if is_regular(counts):
        return True
    if melds:
        return False
    if all(c % 2 == 0 for c in counts):
        return True  # seven pairs (R5: four alike may be two pairs)
    if all(counts[t] for t in tiles.ORPHANS) and sum(counts[t] for t in tiles.ORPHANS) == 14:
        return True
    return any(special_form(counts, form) for form in special)


def waits(
    held: list[int],
    melds: int,
    holding: list[int],
    *,
    special: frozenset[str] = frozenset(),
    pe_ling: bool = False,
) -> tuple[Tile, ...]:
    """Every tile that completes `held` (the concealed tiles before the win).

    `holding` counts every tile the player has, melds included: a tile held four
    times is no wait.  With `pe_ling`, the c1 is a wait when the other tiles make
    the sets and a lone b1 is left for it to pair.
    """
    out: list[Tile] = []
    counts = list(held)
    # Thirteen orphans and the special hands hold at least 11 different tiles and may
    # wait on a tile they do not hold; every other hand waits on a tile it holds or on
    # a neighbour of one (two ranks at most), so only those are tried.
    wide = not melds and sum(1 for c in held if c) >= 11
    candidates: range | list[Tile] = range(tiles.NUM_KINDS)
    if not wide:
        special = frozenset()
        candidates = _near(held)
        if pe_ling and held[PE_LING_PARTNER] and PE_LING_TILE not in candidates:
            candidates.insert(0, PE_LING_TILE)  # the c1 is the lowest tile
    for t in candidates:
        if holding[t] >= 4:
            continue
        counts[t] += 1
        if is_complete(counts, melds, special=special) or (
            t == PE_LING_TILE and pe_ling and _pe_ling_ready(held, melds)
        ):
            out.append(t)
        counts[t] -= 1
    return tuple(out)


def _near(held: list[int]) -> list[Tile]:
    """The held tiles and the number tiles within two ranks of a held one, in order."""
    near: set[Tile] = set()
    for t, c in enumerate(held):
        if not c:
            continue
        if t >= 27:
            near.add(t)
        else:
            base = t - t % 9
            near.update(range(max(base, t - 2), min(base + 9, t + 3)))
    return sorted(near)


def _pe_ling_ready(held: list[int], melds: int) -> bool:
    if held[PE_LING_PARTNER] == 0:
        return False
    rest = list(held)
    rest[PE_LING_PARTNER] -= 1
    return any(len(ch) + len(pu) == 4 - melds for ch, pu in decompose_sets(rest))


def hand_waits(
    hand: Hand, *, special: frozenset[str] = frozenset(), pe_ling: bool = False
) -> tuple[Tile, ...]:
    """The waits of a winning hand: the tiles that would have completed it."""
    held = count_vector(hand.concealed)
    held[hand.winning_tile] -= 1
    holding = count_vector(hand.all_tiles())
    holding[hand.winning_tile] -= 1
    return waits(held, len(hand.melds), holding, special=special, pe_ling=pe_ling)
