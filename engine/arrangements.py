"""Every way to read a hand: four sets and eyes, seven pairs, thirteen orphans (R1-R5).

Number suits are independent of each other, so each suit's 9-count vector is split
on its own and the splits are cached; honors only ever form pungs and pairs.  The
winning tile is then placed in each group that could hold it (R2), because where it
sits decides whether a pung was completed by a discard (R3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cache
from itertools import product
from typing import Final, NamedTuple

from engine import tiles
from engine.hand import Hand, MeldKind
from engine.tiles import Tile


class GroupKind(IntEnum):
    """What a group of tiles in an arrangement is."""

    CHOW = 0
    PUNG = 1
    KONG = 2
    PAIR = 3
    SINGLE = 4  # one tile of a thirteen orphans hand


class Shape(Enum):
    """The overall form of a winning hand."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


class Group(NamedTuple):
    """One set, pair or single tile of an arrangement (a tuple: cheap to build).

    `concealed` follows R3: every tile drawn by the player, so a pung finished by a
    discarded winning tile is not concealed.  `declared` marks melds declared
    before the win; `winning` marks the group the winning tile was placed in.
    """

    kind: GroupKind
    tile: Tile
    concealed: bool
    declared: bool = False
    winning: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is GroupKind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * _SIZE[self.kind]

    @property
    def is_pung(self) -> bool:
        """Pungs and kongs: every pattern about pungs accepts kongs (R4)."""
        return self.kind is GroupKind.PUNG or self.kind is GroupKind.KONG

    def describe(self) -> str:
        """Tile codes joined, e.g. ``c1 c2 c3``."""
        return " ".join(tiles.code(t) for t in self.tiles)


_SIZE: Final = {GroupKind.PUNG: 3, GroupKind.KONG: 4, GroupKind.PAIR: 2, GroupKind.SINGLE: 1}


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One reading of a hand: its shape and its groups (sets first, the eyes last)."""

    shape: Shape
    groups: tuple[Group, ...]

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind <= GroupKind.KONG)

    @property
    def eyes(self) -> Tile | None:
        if self.shape is not Shape.REGULAR:
            return None
        return self.groups[-1].tile

    @property
    def chow_count(self) -> int:
        return sum(1 for g in self.groups if g.kind is GroupKind.CHOW)

    def as_codes(self) -> list[list[str]]:
        """The groups as lists of tile codes, as the JSON contract shows them."""
        return [[tiles.code(t) for t in g.tiles] for g in self.groups]


# A split of one suit: chow start ranks (0-based), pung ranks, and the pair rank or -1.
SuitSplit = tuple[tuple[int, ...], tuple[int, ...], int]


@cache
def split_suit(counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Every way to cut one suit's counts into chows, pungs and at most one pair.

    Each split is produced once: the lowest rank present is either left whole for
    chows, or gives a pung or the pair first, and every copy left over must start a
    chow.  Choosing per rank, instead of per tile, is what prevents repeats.
    """
    first = next((i for i, c in enumerate(counts) if c), -1)
    if first < 0:
        return (((), (), -1),)
    out: list[SuitSplit] = []
    c = counts[first]
    for take in (0, 3, 2):
        chows = c - take
        if chows < 0:
            continue
        lst = list(counts)
        lst[first] = 0
        if chows:
            if first > 6 or lst[first + 1] < chows or lst[first + 2] < chows:
                continue
            lst[first + 1] -= chows
            lst[first + 2] -= chows
        starts = (first,) * chows
        for ch, pu, pr in split_suit(tuple(lst)):
            if take == 3:
                out.append((starts + ch, (first, *pu), pr))
            elif take == 2:
                if pr < 0:
                    out.append((starts + ch, pu, first))
            else:
                out.append((starts + ch, pu, pr))
    return tuple(out)


# A decomposition of concealed tiles: chow start tiles, pung tiles, the eyes tile.
Decomposition = tuple[tuple[Tile, ...], tuple[Tile, ...], Tile]


@cache
def _suit_options(base: int, counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
    """One suit's splits in absolute tiles, keeping only those with the right pair count."""
    total = sum(counts)
    if total % 3 == 1:
        return ()
    need_pair = total % 3 == 2
    return tuple(
        (
            tuple(base + r for r in chows),
            tuple(base + r for r in pungs),
            base + pair if pair >= 0 else -1,
        )
        for chows, pungs, pair in split_suit(counts)
        if (pair >= 0) == need_pair
    )


def decompose(counts: list[int] | tuple[int, ...]) -> list[Decomposition]:
    """Every split of a 34-count vector into chows, pungs and exactly one pair.

    The number of sets is whatever the tiles give; callers check it.  The lists
    of chows and pungs are sorted, so equal decompositions compare equal.
    """
    per_part: list[tuple[Decomposition, ...]] = []
    pair_parts = 0
    for base in (0, 9, 18):
        options = _suit_options(base, tuple(counts[base : base + 9]))
        if not options:
            return []
        if options[0][2] >= 0:
            pair_parts += 1
        per_part.append(options)
    honor_pungs: list[Tile] = []
    honor_pair = -1
    for t in range(27, 34):
        c = counts[t]
        if c == 3:
            honor_pungs.append(t)
        elif c == 2:
            if honor_pair >= 0:
                return []
            honor_pair = t
            pair_parts += 1
        elif c:
            return []
    if pair_parts != 1:
        return []
    per_part.append((((), tuple(honor_pungs), honor_pair),))
    out: list[Decomposition] = []
    for combo in product(*per_part):
        all_chows: list[Tile] = []
        all_pungs: list[Tile] = []
        eyes = -1
        for ch, pu, pr in combo:
            all_chows.extend(ch)
            all_pungs.extend(pu)
            if pr >= 0:
                eyes = pr
        out.append((tuple(all_chows), tuple(all_pungs), eyes))
    return out


def count_vector(tile_list: tuple[Tile, ...] | list[Tile]) -> list[int]:
    """The 34-count vector of some playing tiles."""
    counts = [0] * tiles.NUM_KINDS
    for t in tile_list:
        counts[t] += 1
    return counts


def _declared_groups(hand: Hand) -> list[Group]:
    out = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            kind = GroupKind.CHOW
        elif meld.kind is MeldKind.PUNG:
            kind = GroupKind.PUNG
        else:
            kind = GroupKind.KONG
        out.append(Group(kind, meld.tile, concealed=not meld.exposed, declared=True))
    return out


def regular_arrangements(
    hand: Hand, *, distinct_waits: bool = False, counts: list[int] | None = None
) -> list[Arrangement]:
    """Four sets and eyes, with the winning tile in every group that can hold it.

    Without `distinct_waits`, only placements that can change the score are kept:
    on a self-drawn win one placement is enough; on a discard, one that leaves every
    pung concealed plus each pung the tile could have completed (R3).
    """
    if counts is None:
        counts = count_vector(hand.concealed)
    declared = _declared_groups(hand)
    needed = 4 - len(hand.melds)
    win = hand.winning_tile
    out: list[Arrangement] = []
    for chows, pungs, eyes in decompose(counts):
        if len(chows) + len(pungs) != needed:
            continue
        hidden: list[Group] = [Group(GroupKind.CHOW, t, True) for t in chows]
        hidden.extend(Group(GroupKind.PUNG, t, True) for t in pungs)
        homes = _homes(hidden, eyes, win)
        if not distinct_waits:
            homes = _scoring_homes(homes, hidden, hand.self_drawn)
        for home in homes:
            sets = list(hidden)
            if home >= 0:
                g = sets[home]
                # R3: a pung finished by another player's discard is not concealed.
                concealed = hand.self_drawn or g.kind is not GroupKind.PUNG
                sets[home] = Group(g.kind, g.tile, concealed, winning=True)
            eye_group = Group(GroupKind.PAIR, eyes, True, winning=home == -1)
            out.append(Arrangement(Shape.REGULAR, (*sorted(declared + sets, key=_group_order),
                                                   eye_group)))
    return out


def _homes(hidden: list[Group], eyes: Tile, win: Tile) -> list[int]:
    """Indexes of the distinct concealed groups holding the winning tile; -1 for the eyes."""
    homes: list[int] = []
    shapes: set[tuple[GroupKind, Tile]] = set()
    for i, g in enumerate(hidden):
        if (g.kind, g.tile) in shapes:
            continue
        if g.tile == win or (g.kind is GroupKind.CHOW and 0 < win - g.tile <= 2):
            shapes.add((g.kind, g.tile))
            homes.append(i)
    if eyes == win:
        homes.append(-1)
    return homes


def _scoring_homes(homes: list[int], hidden: list[Group], self_drawn: bool) -> list[int]:
    if self_drawn:
        return homes[:1]
    keep: list[int] = []
    other_kept = False
    for home in homes:
        if home >= 0 and hidden[home].kind is GroupKind.PUNG:
            keep.append(home)
        elif not other_kept:
            keep.append(home)
            other_kept = True
    return keep


def _group_order(g: Group) -> tuple[int, int, int]:
    return (g.tile, int(g.kind), 0 if g.declared else 1)


def seven_pairs(hand: Hand, counts: list[int] | None = None) -> Arrangement | None:
    """The seven-pairs reading, if the hand has one (R5: four alike may be two pairs)."""
    if hand.melds or len(hand.concealed) != 14:
        return None
    if counts is None:
        counts = count_vector(hand.concealed)
    pairs: list[Tile] = []
    for t, c in enumerate(counts):
        if c % 2:
            return None
        pairs.extend([t] * (c // 2))
    # Only one pair holds the winning tile, even when four alike make two pairs.
    home = pairs.index(hand.winning_tile)
    groups = tuple(Group(GroupKind.PAIR, t, True, winning=i == home) for i, t in enumerate(pairs))
    return Arrangement(Shape.SEVEN_PAIRS, groups)


def thirteen_orphans(hand: Hand, counts: list[int] | None = None) -> Arrangement | None:
    """The thirteen-orphans reading: one of each terminal and honor, one of them paired."""
    if hand.melds or len(hand.concealed) != 14:
        return None
    if counts is None:
        counts = count_vector(hand.concealed)
    if any(counts[t] == 0 for t in tiles.ORPHANS):
        return None
    if sum(counts[t] for t in tiles.ORPHANS) != 14:
        return None
    win = hand.winning_tile
    groups = tuple(
        Group(GroupKind.PAIR if counts[t] == 2 else GroupKind.SINGLE, t, True, winning=t == win)
        for t in tiles.ORPHANS
    )
    return Arrangement(Shape.THIRTEEN_ORPHANS, groups)


def arrangements(hand: Hand, *, distinct_waits: bool = False) -> list[Arrangement]:
    """Every reading of a valid hand; empty when it is not a winning hand (R7)."""
    counts = count_vector(hand.concealed)
    out = regular_arrangements(hand, distinct_waits=distinct_waits, counts=counts)
    if hand.melds:
        return out
    pairs = seven_pairs(hand, counts)
    if pairs is not None:
        out.append(pairs)
    orphans = thirteen_orphans(hand, counts)
    if orphans is not None:
        out.append(orphans)
    return out
