"""Category 7 of seed 000: hands built on terminals (1s and 9s)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.gaps import (
    first,
    groups_not,
    said_not,
    sets_here,
    shape_is_not,
    suits_beyond,
    tiles_not,
)
from mj_trainer.engine.patterns.registry import (
    REGULAR_OR_PAIRS,
    TERMINAL_MASK,
    DeclaredTemplate,
    HandFacts,
    HandFlag,
    Needs,
    Proof,
    Reading,
    cite,
    hand_detector,
    reading_detector,
    whole_hand,
)
from mj_trainer.engine.patterns.shows import is_chow, is_pung, said, selected
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Suit, Tile

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft


def _holds(test: tuple[bool, ...]) -> Callable[[Group, Hand], bool]:
    return lambda g, hand: any(test[t] for t in g.tiles)


_NO_TERMINAL = ("holds no terminal", "hold no terminal")
_TAIL_CHOWS = sets_here(is_chow, "needs a 123 chow and a 789 chow of the same suit", "chows")
_TAIL_PUNGS = sets_here(is_pung, "needs a pung of 1s and a pung of 9s of the same suit",
                        "pungs")
_TAILS = sets_here(lambda g, hand: g.kind is not GroupKind.PAIR,
                   "needs 111, 123, 789 and 999 of one suit", "sets")
_MIXED_LESSER_GAP = first(
    shape_is_not(Shape.REGULAR, "needs four sets and a pair, each with a 1, a 9 or an honor"),
    groups_not(_holds(tiles.IS_ORPHAN), "needs a 1, a 9 or an honor in every set and the pair",
               "holds none", "hold none"))
_PURE_LESSER_GAP = first(
    shape_is_not(Shape.REGULAR, "needs four sets and a pair, each with a terminal"),
    tiles_not(lambda t: not tiles.IS_HONOR[t], "needs a terminal in every set and no honors"),
    groups_not(_holds(tiles.IS_TERMINAL), "needs a terminal in every set and the pair",
               *_NO_TERMINAL))
_MIXED_GREATER_GAP = tiles_not(lambda t: tiles.IS_ORPHAN[t], "needs only 1s, 9s and honors")
_PURE_GREATER_GAP = tiles_not(lambda t: tiles.IS_TERMINAL[t], "needs only 1s and 9s")


def _mountain_gap(terminals: int) -> Proof:
    count = {6: "six", 8: "eight"}[terminals]
    needs = (f"needs one suit, a terminal in every set and the pair, and exactly {count} "
             "1s and 9s")
    return first(
        shape_is_not(Shape.REGULAR, needs),
        tiles_not(lambda t: not tiles.IS_HONOR[t], needs),
        suits_beyond(1, needs),
        groups_not(_holds(tiles.IS_TERMINAL), needs, *_NO_TERMINAL),
        said_not(lambda hand: f"{needs}, and this hand holds "
                              f"{_COUNTS[sum(tiles.IS_TERMINAL[t] for t in hand.all_tiles())]}"))


# How many 1s and 9s a one-suit hand with a terminal in every set may hold.
_COUNTS: Final = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight")


_SUITS: Final = (Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS)


def _ends(a: Arrangement, suit: Suit, rank: int, chows: bool) -> list[Group]:
    """The chows starting at `rank` (or the pungs and kongs of `rank`) of one suit."""
    return [g for g in a.groups
            if (g.kind is GroupKind.CHOW if chows else g.is_pung)
            and tiles.IS_NUMBER[g.tile] and tiles.SUIT[g.tile] == suit
            and tiles.RANK[g.tile] == rank]


def _couples(low: int, high: int, chows: bool) -> Callable[[Arrangement, Hand], list[Group]]:
    """The groups that make the couples of a suit (a 123 chow with a 789 chow, a pung of
    1s with a pung of 9s): each couple that counts, never a set of another suit."""

    def select(a: Arrangement, hand: Hand) -> list[Group]:
        out: list[Group] = []
        for suit in _SUITS:
            lows, highs = _ends(a, suit, low, chows), _ends(a, suit, high, chows)
            couples = min(len(lows), len(highs))
            out += [*lows[:couples], *highs[:couples]]
        return out

    return select


def _two_tailed(a: Arrangement, hand: Hand) -> list[Group]:
    """The 111, 123, 789 and 999 of the suit that makes Two-Tailed Terminals (R21)."""
    for suit in _SUITS:
        parts = [_ends(a, suit, 1, False), _ends(a, suit, 1, True), _ends(a, suit, 7, True),
                 _ends(a, suit, 9, False)]
        if all(parts):
            return [found[0] for found in parts]
    return []


# Bits of a suit's rank mask (bit r-1 for rank r): the 1 and the 9, the 1 and the 7.
_ONE_AND_NINE = 1 | 1 << 8
_ONE_AND_SEVEN = 1 | 1 << 6


def _build_two_tailed_terminal_chows(d: Draft) -> None:
    for _ in range(2 if d.chance(0.15) else 1):
        suit = d.suit()
        d.chow(tiles.number_tile(suit, 1))
        d.chow(tiles.number_tile(suit, 7))


@reading_detector("two_tailed_terminal_chows", shows=selected(_couples(1, 7, chows=True)),
                  needs=Needs(chows=2, has=HandFlag.TERMINAL),
                  breaks=_TAIL_CHOWS,
                  template=DeclaredTemplate(_build_two_tailed_terminal_chows))
def two_tailed_terminal_chows(r: Reading) -> int:
    # One "set" is a 123 chow and a 789 chow of the same suit (R11).
    if not r.repeated_chows:  # each chow once: a suit's mask holds its 123 and 789
        return sum(1 for mask in r.chow_masks if mask & _ONE_AND_SEVEN == _ONE_AND_SEVEN)
    counts = r.chow_counts
    return sum(min(counts[base], counts[base + 6]) for base in (0, 9, 18))


def _build_two_tailed_terminal_pungs(d: Draft) -> None:
    for _ in range(2 if d.chance(0.15) else 1):
        suit = d.suit()
        d.pung(tiles.number_tile(suit, 1))
        d.pung(tiles.number_tile(suit, 9))


@reading_detector("two_tailed_terminal_pungs", shows=selected(_couples(1, 9, chows=False)),
                  needs=Needs(pungs=2, has=HandFlag.TERMINAL),
                  breaks=_TAIL_PUNGS,
                  template=DeclaredTemplate(_build_two_tailed_terminal_pungs))
def two_tailed_terminal_pungs(r: Reading) -> int:
    # A suit holds at most one pung of its 1s and one of its 9s: bits 0 and 8.
    return sum(1 for mask in r.pung_masks if mask & _ONE_AND_NINE == _ONE_AND_NINE)


def _build_two_tailed_terminals(d: Draft) -> None:
    # R21: 111 123 789 999 of one suit; the eyes may be anything.
    suit = d.suit()
    d.pung(tiles.number_tile(suit, 1), fixed=True)
    d.chow(tiles.number_tile(suit, 1))
    d.chow(tiles.number_tile(suit, 7))
    d.pung(tiles.number_tile(suit, 9), fixed=True)


@reading_detector("two_tailed_terminals", shows=selected(_two_tailed),
                  needs=Needs(chows=2, pungs=2, has=HandFlag.TERMINAL),
                  breaks=_TAILS,
                  template=DeclaredTemplate(_build_two_tailed_terminals, implies=(
                      two_tailed_terminal_chows, two_tailed_terminal_pungs)))
def two_tailed_terminals(r: Reading) -> int:
    # R21: 111 123 789 999 of one suit; the eyes may be anything.
    return int(any(p & _ONE_AND_NINE == _ONE_AND_NINE and c & _ONE_AND_SEVEN == _ONE_AND_SEVEN
                   for p, c in zip(r.pung_masks, r.chow_masks, strict=True)))


def _every_group_has(r: Reading, wanted: tuple[bool, ...]) -> bool:
    """Every set and the eyes hold a tile of `wanted` (terminals, or terminals and honors).

    Read from the rank masks: a chow holds a terminal only when it starts at 1 or 7,
    a number pung only when it is of 1s or 9s.  Honor pungs hold one only when
    `wanted` takes honors.
    """
    if r.shape is not Shape.REGULAR or not wanted[r.eyes]:
        return False
    if (r.wind_pungs or r.dragon_pungs) and not wanted[tiles.EAST]:
        return False
    return not any(c & ~_ONE_AND_SEVEN or p & ~_ONE_AND_NINE
                   for c, p in zip(r.chow_masks, r.pung_masks, strict=True))


def _draft_terminal_chow(d: Draft, suits: tuple[int, ...] = (0, 1, 2)) -> Tile:
    return tiles.number_tile(d.rng.choice(suits), d.rng.choice((1, 7)))


def _draft_lesser(d: Draft, pool: tuple[Tile, ...]) -> None:
    chows = d.rng.choice((1, 1, 2, 2, 3))
    for _ in range(chows):
        d.chow(_draft_terminal_chow(d))
    while len(d.sets) < 4:
        d.pung(d.pick_pung(pool))
    d.set_eyes(d.pick_tile(pool, 2))


def _build_mixed_lesser_terminals(d: Draft) -> None:
    # Every group holds a 1, a 9 or an honor, with an honor somewhere (without one the
    # hand is Pure Lesser Terminals, R22); at least one chow, or it would be Mixed
    # Greater Terminals instead.
    if d.chance(0.5):
        d.set_eyes(d.rng.choice(tiles.HONOR_TILES))
    else:
        d.pung(d.rng.choice(tiles.HONOR_TILES))
    _draft_lesser(d, tiles.ORPHANS)


@reading_detector("mixed_lesser_terminals", shows=whole_hand, breaks=_MIXED_LESSER_GAP,
                  template=DeclaredTemplate(_build_mixed_lesser_terminals))
def mixed_lesser_terminals(r: Reading) -> int:
    # R22: a 1, a 9 or an honor in every set and the eyes, as seed 000 7.2.1 says, and
    # nothing more: without honors the hand is also Pure Lesser Terminals, which
    # outranks it; an all-honor hand is a limit hand (All Honor Pungs).
    return int(_every_group_has(r, tiles.IS_ORPHAN))


def _build_pure_lesser_terminals(d: Draft) -> None:
    # Two suits at least, so that it is not a mountain (R20).
    a, b, _ = d.three_suits()
    d.chow(tiles.number_tile(a, d.rng.choice((1, 7))))
    d.pung(d.pick_pung(tuple(tiles.number_tile(b, r) for r in (1, 9))))
    _draft_lesser(d, tiles.TERMINAL_TILES)


@reading_detector("pure_lesser_terminals", shows=whole_hand,
                  needs=Needs(has=HandFlag.TERMINAL, lacks=HandFlag.HONOR),
                  breaks=_PURE_LESSER_GAP,
                  template=DeclaredTemplate(_build_pure_lesser_terminals,
                                            implies=(mixed_lesser_terminals,)))
def pure_lesser_terminals(r: Reading) -> int:
    f = r.facts
    return int(f.has_terminal and not f.has_honor and _every_group_has(r, tiles.IS_TERMINAL))


def _mountain(r: Reading, terminals: int) -> int:
    # R20: a one-suit hand whose every set and eyes hold a terminal, using exactly
    # `terminals` of the suit's eight 1s and 9s.
    f = r.facts
    if len(f.number_suits) != 1 or f.has_honor:
        return 0
    if not _every_group_has(r, tiles.IS_TERMINAL):
        return 0
    base = next(iter(f.number_suits)) * 9
    return int(f.counts[base] + f.counts[base + 8] == terminals)


_MOUNTAIN = Needs(has=HandFlag.ONE_SUIT | HandFlag.TERMINAL, lacks=HandFlag.HONOR)


def _mountain_shapes(terminals: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every one-suit hand of sets and eyes each holding a 1 or a 9 that uses
    exactly `terminals` of the suit's eight terminals (R20), as (kind, rank) lists
    with the eyes last.  Four identical chows (a bigger limit) are left out."""
    sets = (("chow", 1), ("chow", 7), ("pung", 1), ("pung", 9), ("kong", 1), ("kong", 9))
    out: list[tuple[tuple[str, int], ...]] = []
    for combo in combinations_with_replacement(sets, 4):
        for eyes in (1, 9):
            counts = [0] * 10
            for kind, rank in combo:
                if kind == "chow":
                    for r in range(rank, rank + 3):
                        counts[r] += 1
                else:
                    counts[rank] += 4 if kind == "kong" else 3
            counts[eyes] += 2
            if max(counts) > 4 or counts[1] + counts[9] != terminals:
                continue
            if any(combo.count(c) == 4 for c in combo):
                continue
            out.append((*combo, ("eyes", eyes)))
    return tuple(out)


_LITTLE_MOUNTAINS: Final = _mountain_shapes(6)
_BIG_MOUNTAINS: Final = _mountain_shapes(8)


def _draft_mountain(d: Draft, shapes: tuple[tuple[tuple[str, int], ...], ...]) -> None:
    suit = d.suit()
    d.kongs_fixed = True
    for kind, rank in d.rng.choice(shapes):
        t = tiles.number_tile(suit, rank)
        if kind == "chow":
            d.chow(t)
        elif kind == "pung":
            d.pung(t, fixed=True)
        elif kind == "kong":
            d.kong(t)
        else:
            d.set_eyes(t)


def _build_little_mountain(d: Draft) -> None:
    _draft_mountain(d, _LITTLE_MOUNTAINS)


@reading_detector("little_mountain", shows=whole_hand, needs=_MOUNTAIN,
                  breaks=_mountain_gap(6),
                  template=DeclaredTemplate(_build_little_mountain))
def little_mountain(r: Reading) -> int:
    return _mountain(r, 6)


def _build_big_mountain(d: Draft) -> None:
    _draft_mountain(d, _BIG_MOUNTAINS)


@reading_detector("big_mountain", shows=whole_hand, needs=_MOUNTAIN,
                  breaks=_mountain_gap(8),
                  template=DeclaredTemplate(_build_big_mountain))
def big_mountain(r: Reading) -> int:
    return _mountain(r, 8)


def _draft_greater(d: Draft, pool: tuple[Tile, ...]) -> None:
    while len(d.sets) < 4:
        d.pung(d.pick_pung(pool))
    d.set_eyes(d.pick_tile(pool, 2))


def _build_mixed_greater_terminals(d: Draft) -> None:
    # R22: terminals and honors only, some of each (all terminals would be Pure Greater
    # Terminals, all honors All Honor Pungs), as pungs or seven pairs.  As
    # pungs it is also Mixed Lesser Terminals, outranked (hard); as seven pairs the
    # lesser pattern does not apply, so a medium hand is seven pairs.
    honor = d.rng.choice(tiles.HONOR_TILES)
    terminal = d.rng.choice(tiles.TERMINAL_TILES)
    if d.chance(0.25 if d.level is None or d.hard else 1.0):
        d.seven_pairs(tiles.ORPHANS, first=(honor, terminal))
        return
    d.pung(honor)
    d.pung(terminal)
    _draft_greater(d, tiles.ORPHANS)


@hand_detector("mixed_greater_terminals", shows=said("every tile is a 1, a 9 or an honor"),
               needs=Needs(lacks=HandFlag.SIMPLE), breaks=_MIXED_GREATER_GAP,
               template=DeclaredTemplate(_build_mixed_greater_terminals, REGULAR_OR_PAIRS,
                                         regular_implies=(mixed_lesser_terminals,)))
def mixed_greater_terminals(f: HandFacts) -> int:
    # R22: only terminals and honors (seed 000 7.2.3), nothing more: without honors
    # Pure Greater Terminals outranks it, without terminals All Honor Pungs stands
    # alone.  Such a hand is all pungs or seven pairs (thirteen orphans: R16).
    return int(not f.has_simple)


def _build_pure_greater_terminals(d: Draft) -> None:
    if d.chance(0.25):  # six kinds make seven pairs with one four alike (R5)
        d.seven_pairs(first=(*tiles.TERMINAL_TILES, d.rng.choice(tiles.TERMINAL_TILES)))
    else:
        _draft_greater(d, tiles.TERMINAL_TILES)


@hand_detector("pure_greater_terminals", shows=said("every tile is a 1 or a 9"),
               needs=Needs(has=HandFlag.TERMINAL, lacks=HandFlag.HONOR | HandFlag.SIMPLE),
               breaks=_PURE_GREATER_GAP,
               template=DeclaredTemplate(_build_pure_greater_terminals, REGULAR_OR_PAIRS,
                                         implies=(mixed_greater_terminals,),
                                         regular_implies=(mixed_lesser_terminals,)))
def pure_greater_terminals(f: HandFacts) -> int:
    return int(f.only(TERMINAL_MASK))

cite("R20", little_mountain, big_mountain)
cite("R21", two_tailed_terminals)
cite("R22", mixed_lesser_terminals, pure_lesser_terminals, mixed_greater_terminals,
     pure_greater_terminals)
