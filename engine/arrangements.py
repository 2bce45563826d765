"""Every way to read a hand: four sets and eyes, seven pairs, thirteen orphans (R1-R5).

Number suits are independent of each other, so each suit's 9-count vector is split
on its own and the splits are cached; honors only ever form pungs and pairs.  The
winning tile is then placed in each group that could hold it (R2), because where it
sits decides whether a pung was completed by a discard (R3).

Some rulesets accept more: the classical ruleset (R32) has irregular limit hands
made of single tiles (`Shape.SPECIAL`) and "pe-ling eats cake", where a 1 of coins
won as the partner of a lone 1 of bamboo makes the pair.  Those readings are built
only when the caller asks for them, so other rulesets never see them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import product
from operator import itemgetter
from typing import Final, NamedTuple

from mj_trainer.engine import tiles
from mj_trainer.engine.frozen import builder
from mj_trainer.engine.hand import Hand, MeldKind
from mj_trainer.engine.shape import (
    PEKING_GARDEN,
    STRAIGHT_OF_WINDS,
    Shape,
)
from mj_trainer.engine.tiles import Tile


class GroupKind(IntEnum):
    """What a group of tiles in an arrangement is."""

    CHOW = 0
    PUNG = 1
    KONG = 2
    PAIR = 3
    SINGLE = 4  # one tile of a thirteen orphans hand, a special hand, or a loose tile
    PE_LING_PAIR = 5  # a lone b1 paired with the winning c1 (classical "pe-ling eats cake")


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
        if self.kind is GroupKind.PE_LING_PAIR:
            return (self.tile, PE_LING_TILE)
        return (self.tile,) * _SIZE[self.kind]

    @property
    def is_pung(self) -> bool:
        """Pungs and kongs: every pattern about pungs accepts kongs (R4)."""
        return self.kind is GroupKind.PUNG or self.kind is GroupKind.KONG

    def describe(self) -> str:
        """Tile codes joined, e.g. ``c1 c2 c3``."""
        return " ".join(tiles.code(t) for t in self.tiles)


_SIZE: Final = {GroupKind.PUNG: 3, GroupKind.KONG: 4, GroupKind.PAIR: 2, GroupKind.SINGLE: 1}
# Pe-ling eats cake: the winning 1 of coins pairs a lone 1 of bamboo.
PE_LING_TILE: Final = tiles.CODE_TO_TILE["c1"]
PE_LING_PARTNER: Final = tiles.CODE_TO_TILE["b1"]


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
    def pe_ling(self) -> bool:
        """True for the pe-ling reading: the eyes are a b1 with the winning c1."""
        return self.shape is Shape.REGULAR and self.groups[-1].kind is GroupKind.PE_LING_PAIR

    @property
    def chow_count(self) -> int:
        return sum(1 for g in self.groups if g.kind is GroupKind.CHOW)

    def as_codes(self) -> list[list[str]]:
        """The groups as lists of tile codes, as the JSON contract shows them."""
        return [list(group_codes(g)) for g in self.groups]


_GROUP_CODES: dict[tuple[int, Tile], tuple[str, ...]] = {}


def group_codes(g: Group) -> tuple[str, ...]:
    """A group's tile codes, worked out once per kind of group and tile."""
    key = (int(g[0]), g[1])
    codes = _GROUP_CODES.get(key)
    if codes is None:
        codes = _GROUP_CODES[key] = tuple(tiles.code(t) for t in g.tiles)
    return codes


# A split of one suit: chow start ranks (0-based), pung ranks, and the pair rank or -1.
SuitSplit = tuple[tuple[int, ...], tuple[int, ...], int]


def split_suit(counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Every way to cut one suit's counts into chows, pungs and at most one pair.

    Each split is produced once: the lowest rank present is either left whole for
    chows, or gives a pung or the pair first, and every copy left over must start a
    chow.  Choosing per rank, instead of per tile, is what prevents repeats.
    """
    key = 0
    for rank, c in enumerate(counts):
        key |= c << 3 * rank
    return _split_key(key)


# Splits by suit content key (three bits of count per rank, as `_Part` keys a part).
_SPLITS: dict[int, tuple[SuitSplit, ...]] = {}


def _split_key(key: int) -> tuple[SuitSplit, ...]:
    """`split_suit` of the counts a content key holds, worked out on the key itself."""
    got = _SPLITS.get(key)
    if got is not None:
        return got
    if not key:
        got = (((), (), -1),)
    else:
        first = ((key & -key).bit_length() - 1) // 3  # the lowest rank present
        shift = 3 * first
        c = key >> shift & 7
        out: list[SuitSplit] = []
        for take in (0, 3, 2):
            chows = c - take
            if chows < 0:
                continue
            rest = key - (c << shift)
            if chows:
                if first > 6 or rest >> shift + 3 & 7 < chows or rest >> shift + 6 & 7 < chows:
                    continue
                rest -= chows * (9 << shift + 3)  # one of each of the next two ranks
            starts = (first,) * chows
            for ch, pu, pr in _split_key(rest):
                if take == 3:
                    out.append((starts + ch, (first, *pu), pr))
                elif take == 2:
                    if pr < 0:
                        out.append((starts + ch, pu, first))
                else:
                    out.append((starts + ch, pu, pr))
        got = tuple(out)
    if len(_SPLITS) >= _PART_LIMIT:
        _SPLITS.clear()
    _SPLITS[key] = got
    return got


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


def clear_caches() -> None:
    """Forget every split worked out so far (benchmarks that time a cold start)."""
    _SPLITS.clear()
    _TEMPLATES.clear()
    _suit_options.cache_clear()
    for table in _PARTS:
        table.clear()


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


# Concealed groups that do not hold the winning tile, made once: a Group is an
# immutable tuple, so every reading can share them.
_HIDDEN_CHOW: Final = tuple(Group(GroupKind.CHOW, t, True) for t in range(tiles.NUM_KINDS))
_HIDDEN_PUNG: Final = tuple(Group(GroupKind.PUNG, t, True) for t in range(tiles.NUM_KINDS))
_PLAIN_EYES: Final = tuple(Group(GroupKind.PAIR, t, True) for t in range(tiles.NUM_KINDS))
_WINNING_EYES: Final = tuple(Group(GroupKind.PAIR, t, True, winning=True)
                             for t in range(tiles.NUM_KINDS))
# Sorting by (tile, kind) keeps declared melds ahead of equal concealed groups, since
# they come first and the sort is stable: the order `_group_order` describes.
_BY_TILE_AND_KIND: Final = itemgetter(1, 0)


def regular_arrangements(hand: Hand, *, distinct_waits: bool = False) -> list[Arrangement]:
    """Four sets and eyes, with the winning tile in every group that can hold it.

    Without `distinct_waits`, only placements that can change the score are kept:
    on a self-drawn win one placement is enough; on a discard, one that leaves every
    pung concealed plus each pung the tile could have completed (R3).
    """
    return _regular(hand, _parts(hand.concealed), distinct_waits)


# --- four sets and eyes, read part by part ----------------------------------------------
#
# The concealed tiles fall in four parts, the three number suits and the honors, and
# each part splits on its own.  What a part can be read as depends only on what it
# holds, so it is worked out once per content (`_Part`) and kept; a hand's readings
# are then the combinations of its parts' splits, joined in tile order.

# Which part a tile is in, and its place value in the part's content key: three bits
# per rank (per honor), holding how many of that tile the part has.
_PART_OF: Final = tuple(min(t // 9, 3) for t in range(tiles.NUM_KINDS))
_DIGIT: Final = tuple(1 << 3 * (t - 9 * _PART_OF[t]) for t in range(tiles.NUM_KINDS))
_PART_BASE: Final = (0, 9, 18, 27)
_PART_SIZE: Final = (9, 9, 9, 7)
# Contents kept per part; past this many (a long batch of odd hands) the table starts
# again rather than grow without end.
_PART_LIMIT: Final = 100_000


class _Split(NamedTuple):
    """One way to read a part: its sets in tile order (none holding the winning tile),
    its pair (-1: none), and its place in the part's list of splits."""

    groups: tuple[Group, ...]
    eyes: Tile
    number: int


# A placement of the winning tile in one split: the split's sets with the group that
# holds it marked (or unchanged), and whether the eyes hold it instead.
_Placement = tuple[tuple[Group, ...], bool]
# Bits of a part's content key: the lowest bit of every count (odd counts), and every
# count of ranks 2-8 (the tiles that are not terminals).
_ODD_COUNTS: Final = sum(1 << 3 * r for r in range(9))
_MIDDLE_COUNTS: Final = sum(7 << 3 * r for r in range(1, 8))
_BITS_OF_1, _BITS_OF_2, _BITS_OF_4 = (sum(1 << 3 * r + b for r in range(9)) for b in (0, 1, 2))


class _Part:
    """What one part's content can be: its splits into sets and at most one pair, and
    whether it suits seven pairs (every count even) or thirteen orphans."""

    __slots__ = ("even", "orphans", "pair", "placements", "splits")

    def __init__(self, part: int, key: int) -> None:
        splits: list[_Split] = []
        if part < 3:
            base = _PART_BASE[part]
            hidden = _HIDDEN_CHOW[base:], _HIDDEN_PUNG[base:]
            for sets, pair in _suit_template(key):
                splits.append(_Split(tuple([hidden[kind][rank] for kind, rank in sets]),
                                     base + pair if pair >= 0 else -1, len(splits)))
            # Thirteen orphans holds the 1 and the 9 of every suit, and nothing between.
            self.orphans = bool(key & 7 and key >> 24 & 7 and not key & _MIDDLE_COUNTS)
        else:
            counts = [key >> 3 * r & 7 for r in range(7)]
            for _chows, pungs, pair in _honor_options(tuple(counts)):
                splits.append(_Split(tuple(_HIDDEN_PUNG[t] for t in pungs), pair, 0))
            self.orphans = all(counts)  # and every honor
        self.splits = tuple(splits)
        self.pair = int(bool(splits) and splits[0].eyes >= 0)
        self.even = not key & _ODD_COUNTS
        # Per winning tile and kind of win: each split's placements (`_placements`).
        self.placements: dict[int, tuple[tuple[_Placement, ...], ...]] = {}


# A number suit's splits, the same in every suit: each as its sets in order, (kind, rank)
# with 0 for a chow and 1 for a pung, and its pair's rank (-1: none).
_Template = tuple[tuple[tuple[tuple[int, int], ...], int], ...]
_TEMPLATES: dict[int, _Template] = {}


def _suit_template(key: int) -> _Template:
    """The splits of a number suit's content key into sets and (for 3n + 2 tiles) the
    pair, kept by key for all three suits."""
    got = _TEMPLATES.get(key)
    if got is None:
        # How many tiles: the bits of each count weigh 1, 2 and 4.
        left = ((key & _BITS_OF_1).bit_count() + 2 * (key & _BITS_OF_2).bit_count()
                + 4 * (key & _BITS_OF_4).bit_count()) % 3
        splits = []
        if left != 1:  # 3n tiles are sets, 3n + 2 sets and the pair
            for chows, pungs, pair in _split_key(key):
                if (pair >= 0) == (left == 2):
                    order = sorted([(rank, 0) for rank in chows] + [(rank, 1) for rank in pungs])
                    splits.append((tuple((kind, rank) for rank, kind in order), pair))
        got = tuple(splits)
        if len(_TEMPLATES) >= _PART_LIMIT:
            _TEMPLATES.clear()
        _TEMPLATES[key] = got
    return got


def _honor_options(counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
    """Honors make only pungs and at most one pair."""
    pungs: list[Tile] = []
    pair = -1
    for r, c in enumerate(counts):
        if c == 3:
            pungs.append(27 + r)
        elif c == 2 and pair < 0:
            pair = 27 + r
        elif c:
            return ()
    return (((), tuple(pungs), pair),)


_PARTS: Final[tuple[dict[int, _Part], ...]] = ({}, {}, {}, {})


def _part(part: int, key: int) -> _Part:
    table = _PARTS[part]
    got = table.get(key)
    if got is None:
        if len(table) >= _PART_LIMIT:
            table.clear()
        got = table[key] = _Part(part, key)
    return got


def _parts(concealed: tuple[Tile, ...] | list[Tile]) -> list[_Part]:
    """The four parts of the concealed tiles."""
    keys = [0, 0, 0, 0]
    part_of = _PART_OF
    digit = _DIGIT
    for t in concealed:
        keys[part_of[t]] += digit[t]
    k0, k1, k2, k3 = keys
    t0, t1, t2, t3 = _PARTS
    return [t0.get(k0) or _part(0, k0), t1.get(k1) or _part(1, k1),
            t2.get(k2) or _part(2, k2), t3.get(k3) or _part(3, k3)]


# The group that holds the winning tile: a chow (always concealed: R3 is about pungs),
# and a pung, concealed only when the tile was drawn (indexed by self_drawn).
_WON_CHOW: Final = tuple(Group(GroupKind.CHOW, t, True, winning=True)
                         for t in range(tiles.NUM_KINDS))
_WON_PUNG: Final = tuple((Group(GroupKind.PUNG, t, False, winning=True),
                          Group(GroupKind.PUNG, t, True, winning=True))
                         for t in range(tiles.NUM_KINDS))


def _placements(split: _Split, win: Tile, self_drawn: bool,
                distinct_waits: bool) -> tuple[_Placement, ...]:
    """Where the winning tile can sit in one split of its part, in the order the groups
    are found (chows, then pungs, then the eyes), each distinct group once.

    Without `distinct_waits`, a self-drawn win keeps the first placement; a win on a
    discard keeps every pung it completes and the first other placement (R3).
    """
    groups = split.groups
    chows: list[_Placement] = []
    pungs: list[_Placement] = []
    previous = None
    for i, g in enumerate(groups):
        t = g[1]
        if g is previous:  # the same group again (identical chows sit side by side)
            continue
        previous = g
        if g[0] is GroupKind.CHOW:
            if 0 <= win - t <= 2:
                chows.append(((*groups[:i], _WON_CHOW[t], *groups[i + 1:]), False))
        elif t == win:
            pungs.append(((*groups[:i], _WON_PUNG[t][self_drawn], *groups[i + 1:]), False))
    eyes: list[_Placement] = [(groups, True)] if split.eyes == win else []
    if distinct_waits:
        return (*chows, *pungs, *eyes)
    if self_drawn:  # one placement: the first (or, in a hand without the tile, "the eyes")
        return ((chows or pungs or eyes or [(groups, True)])[0],)
    # On a discard: every pung the tile completes, and one other placement.
    return (*chows[:1], *pungs) if chows else (*pungs, *eyes)


def _regular(hand: Hand, parts: list[_Part], distinct_waits: bool) -> list[Arrangement]:
    melds = hand.melds
    if len(hand.concealed) != 3 * (4 - len(melds)) + 2:
        return []
    p0, p1, p2, p3 = parts
    s0, s1, s2, s3 = p0.splits, p1.splits, p2.splits, p3.splits
    if not (s0 and s1 and s2 and s3) or p0.pair + p1.pair + p2.pair + p3.pair != 1:
        return []
    win = hand.winning_tile
    at = _PART_OF[win]
    self_drawn = hand.self_drawn
    holder = parts[at]
    how = win << 2 | self_drawn << 1 | distinct_waits
    placements = holder.placements.get(how)
    if placements is None:
        placements = holder.placements[how] = tuple(
            _placements(s, win, self_drawn, distinct_waits) for s in holder.splits)
    declared = _declared_groups(hand) if melds else None
    out: list[Arrangement] = []
    if len(s0) == len(s1) == len(s2) == len(s3) == 1:
        combos: Iterable[tuple[_Split, ...]] = ((s0[0], s1[0], s2[0], s3[0]),)
    else:
        combos = product(s0, s1, s2, s3)
    for a, b, c, d in combos:
        eyes = max(a.eyes, b.eyes, c.eyes, d.eyes)  # the one part with the pair; -1 elsewhere
        pieces = [a.groups, b.groups, c.groups, d.groups]
        for groups, eyes_hold in placements[(a, b, c, d)[at].number]:
            pieces[at] = groups
            eye_group = _WINNING_EYES[eyes] if eyes_hold else _PLAIN_EYES[eyes]
            sets = pieces[0] + pieces[1] + pieces[2] + pieces[3]
            if declared is not None:
                # Declared melds go ahead of equal concealed groups (a stable sort).
                sets = tuple(sorted(declared + list(sets), key=_BY_TILE_AND_KIND))
            out.append(_new_arrangement(_REGULAR, (*sets, eye_group)))
    return out


# Arrangement(shape, groups) without the frozen __init__'s per-field checks (see frozen).
_new_arrangement = builder(Arrangement)


_REGULAR: Final = Shape.REGULAR


def _group_order(g: Group) -> tuple[int, int, int]:
    return (g.tile, int(g.kind), 0 if g.declared else 1)


def seven_pairs(hand: Hand, counts: list[int] | None = None) -> Arrangement | None:
    """The seven-pairs reading, if the hand has one (R5: four alike may be two pairs)."""
    if hand.melds or len(hand.concealed) != 14:
        return None
    if counts is None:
        counts = count_vector(hand.concealed)
    for t in hand.concealed:  # most hands have a lone tile: find it before the full pass
        if counts[t] % 2:
            return None
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


def arrangements(
    hand: Hand,
    *,
    distinct_waits: bool = False,
    special: frozenset[str] = frozenset(),
    pe_ling: bool = False,
) -> list[Arrangement]:
    """Every reading of a valid hand; empty when it is not a winning hand (R7).

    `special` names the irregular single-tile hands the ruleset accepts (see
    SPECIAL_FORMS); `pe_ling` adds the reading where a winning c1 pairs a lone b1.
    """
    parts = _parts(hand.concealed)
    out = _regular(hand, parts, distinct_waits)
    if pe_ling:
        out.extend(pe_ling_arrangements(hand))
    if hand.melds or len(hand.concealed) != 14:
        return out
    p0, p1, p2, p3 = parts
    if p0.even and p1.even and p2.even and p3.even:
        pairs = seven_pairs(hand)
        if pairs is not None:
            out.append(pairs)
    if p0.orphans and p1.orphans and p2.orphans and p3.orphans:
        orphans = thirteen_orphans(hand)
        if orphans is not None:
            out.append(orphans)
    if special:
        out.extend(special_arrangements(hand, None, special))
    return out


# --- sets without eyes (pe-ling, a loser's hand) --------------------------------------

def decompose_sets(counts: list[int] | tuple[int, ...]) -> list[tuple[tuple[Tile, ...],
                                                                     tuple[Tile, ...]]]:
    """Every split of a 34-count vector into chows and pungs only (no pair)."""
    per_part: list[tuple[Decomposition, ...]] = []
    for base in (0, 9, 18):
        part = tuple(counts[base : base + 9])
        if sum(part) % 3:
            return []
        options = _suit_options(base, part)
        if not options:
            return []
        per_part.append(options)
    honor_pungs: list[Tile] = []
    for t in range(27, 34):
        c = counts[t]
        if c == 3:
            honor_pungs.append(t)
        elif c:
            return []
    per_part.append((((), tuple(honor_pungs), -1),))
    out: list[tuple[tuple[Tile, ...], tuple[Tile, ...]]] = []
    for combo in product(*per_part):
        all_chows: list[Tile] = []
        all_pungs: list[Tile] = []
        for ch, pu, _ in combo:
            all_chows.extend(ch)
            all_pungs.extend(pu)
        out.append((tuple(all_chows), tuple(all_pungs)))
    return out


def pe_ling_arrangements(hand: Hand, counts: list[int] | None = None) -> list[Arrangement]:
    """Readings where the winning c1 is the partner of a lone b1 (classical, R32).

    The other tiles must make the four sets by themselves; the c1 and b1 are the eyes.
    """
    if hand.winning_tile != PE_LING_TILE:
        return []
    if counts is None:
        counts = count_vector(hand.concealed)
    if counts[PE_LING_PARTNER] == 0:
        return []
    rest = list(counts)
    rest[PE_LING_TILE] -= 1
    rest[PE_LING_PARTNER] -= 1
    declared = _declared_groups(hand)
    needed = 4 - len(hand.melds)
    out: list[Arrangement] = []
    for chows, pungs in decompose_sets(rest):
        if len(chows) + len(pungs) != needed:
            continue
        hidden = [Group(GroupKind.CHOW, t, True) for t in chows]
        hidden.extend(Group(GroupKind.PUNG, t, True) for t in pungs)
        eyes = Group(GroupKind.PE_LING_PAIR, PE_LING_PARTNER, True, winning=True)
        out.append(Arrangement(Shape.REGULAR, (*sorted(declared + hidden, key=_group_order),
                                               eyes)))
    return out


# --- the classical irregular hands made of single tiles -------------------------------

_WINDS: Final = tuple(range(tiles.EAST, tiles.NORTH + 1))
_DRAGONS: Final = tuple(range(tiles.RED, tiles.WHITE + 1))


def special_form(counts: list[int] | tuple[int, ...], form: str) -> bool:
    """Does a 14-tile count vector (no melds) make the classical irregular hand `form`?

    Straight of Winds: 1-9 of one suit, the four winds, and one more tile pairing any
    of them.  Straight of Dragons: 1-9 of one suit, the three dragons and a pair of any
    tile.  Peking Garden: 1-7 of one suit, the four winds and the three dragons.
    """
    if sum(counts) != 14:
        return False
    for base in (0, 9, 18):
        if form == PEKING_GARDEN:
            wanted = [base + r for r in range(7)] + list(_WINDS) + list(_DRAGONS)
        elif form == STRAIGHT_OF_WINDS:
            wanted = [base + r for r in range(9)] + list(_WINDS)
        else:
            wanted = [base + r for r in range(9)] + list(_DRAGONS)
        if any(counts[t] == 0 for t in wanted):
            continue
        rest = list(counts)
        for t in wanted:
            rest[t] -= 1
        if form == PEKING_GARDEN:
            return not any(rest)
        if form == STRAIGHT_OF_WINDS:
            # The fourteenth tile is one of the thirteen.
            return sum(rest[t] for t in wanted) == 1
        return sorted(c for c in rest if c) == [2]
    return False


def special_arrangements(
    hand: Hand, counts: list[int] | None, forms: frozenset[str]
) -> list[Arrangement]:
    """The single-tile readings of the irregular hands in `forms` that the hand makes."""
    if hand.melds or len(hand.concealed) != 14:
        return []
    if counts is None:
        counts = count_vector(hand.concealed)
    if not any(special_form(counts, form) for form in sorted(forms)):
        return []
    win = hand.winning_tile
    groups: list[Group] = []
    placed = False
    for t, c in enumerate(counts):
        parts = [GroupKind.PAIR] * (c // 2) + [GroupKind.SINGLE] * (c % 2)
        for kind in parts:
            winning = not placed and t == win
            placed = placed or winning
            groups.append(Group(kind, t, True, winning=winning))
    return [Arrangement(Shape.SPECIAL, tuple(groups))]


# --- a loser's hand (classical settlement, R32) ----------------------------------------

def partial_arrangements(hand: Hand) -> list[Arrangement]:
    """Readings of a loser's tiles: his melds, every concealed pung, at most one pair.

    Only pungs, kongs and a pair can score for a loser, so every three alike becomes
    a concealed pung (a pung is always worth more than leaving the tiles loose).  One
    reading is made for each possible pair and one without; the rest is shown as
    chows where it can be and loose tiles otherwise.  The scorer picks the best (R1).
    """
    counts = count_vector(hand.concealed)
    declared = _declared_groups(hand)
    pungs = [Group(GroupKind.PUNG, t, True) for t, c in enumerate(counts) if c >= 3]
    rest = list(counts)
    for g in pungs:
        rest[g.tile] -= 3
    out: list[Arrangement] = []
    for pair in [t for t, c in enumerate(rest) if c >= 2] + [-1]:
        left = list(rest)
        if pair >= 0:
            left[pair] -= 2
        chows: list[Group] = []
        for t in range(27):
            if tiles.RANK[t] > 7:
                continue
            while left[t] and left[t + 1] and left[t + 2]:
                chows.append(Group(GroupKind.CHOW, t, True))
                for k in range(3):
                    left[t + k] -= 1
        groups = sorted(declared + pungs + chows, key=_group_order)
        if pair >= 0:
            groups.append(Group(GroupKind.PAIR, pair, True))
        for t, c in enumerate(left):
            groups.extend(Group(GroupKind.SINGLE, t, True) for _ in range(c))
        out.append(Arrangement(Shape.PARTIAL, tuple(groups)))
    return out
