"""One template per detector: how to build a hand that shows the pattern.

Templates are keyed by *detector name*, not by pattern id, because a ruleset
maps its ids to detectors: any ruleset whose pattern uses the `nine_gates`
detector gets Nine Gates hands from the template below without code changes.

A template places what its pattern needs on a `Draft` (the target shape first)
and leaves the rest to the finisher's random fill.  It also declares the shapes it
builds and the detectors that always come along; from those and the ruleset's
families the planner tells which difficulty levels the pattern can reach, and
refuses impossible requests up front.  Templates aim to make the pattern *count*,
not just appear: they keep out the bigger patterns of the same family where that
is cheap (the scorer verifies every hand anyway; a miss costs one more attempt).
A detector with no template still works: hands are then drawn at random and kept
when the scorer counts the pattern.  A detector may also declare its template where
it is declared (`template=DeclaredTemplate(...)` in `engine/patterns/`); those are
registered here too, after the ones below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Shape
from mj_trainer.engine.generator.builder import (
    DRAGON_TILES,
    HONOR_TILES,
    NUMBER_TILES,
    ORPHAN_TILES,
    SIMPLE_TILES,
    TERMINAL_TILES,
    WIND_TILES,
    Draft,
    suit_tiles,
    without,
)
from mj_trainer.engine.generator.difficulty import Level
from mj_trainer.engine.generator.errors import Retry
from mj_trainer.engine.hand import Incidental
from mj_trainer.engine.patterns import basics, honors, incidentals, irregular, suits, terminals
from mj_trainer.engine.patterns import sets as set_rules
from mj_trainer.engine.patterns.registry import CATALOGUE, CHICKEN_HAND, Detector, name_of
from mj_trainer.engine.tiles import Tile

Build = Callable[[Draft], None]
# A detector as the catalogue knows it: its function, or the name of one of the
# scorer's own patterns (the chicken hand).
Ref = Callable[..., int] | str


def _name(ref: Ref) -> str:
    if isinstance(ref, str):
        if ref not in CATALOGUE:
            raise KeyError(f"{ref!r} is not in the rule catalogue")
        return ref
    return name_of(ref)


def _names(refs: tuple[Ref, ...]) -> tuple[str, ...]:
    return tuple(map(_name, refs))

REGULAR, PAIRS, ORPHANS = Shape.REGULAR, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS
ANY_SHAPE: Final = (REGULAR, PAIRS, ORPHANS)
# What every hand of a shape shows: seven pairs and thirteen orphans are always
# concealed, and thirteen orphans always holds all five types (R5, R15, R16).
SHAPE_IMPLIES: Final = {
    REGULAR: (),
    PAIRS: _names((basics.concealed_hand,)),
    ORPHANS: _names((basics.concealed_hand, basics.all_types)),
}


@dataclass(frozen=True, slots=True)
class Template:
    """How to build hands that show a pattern.

    `shapes` are the hand shapes the template may build, and `implies` the
    detectors whose patterns every such hand shows as well (`regular_implies`:
    only in the regular shape).  With them the planner works out, for any
    ruleset, when the pattern always comes with a family conflict or a shape
    exclusion, so that it only occurs in hard hands.
    """

    detector: str
    build: Build
    shapes: tuple[Shape, ...] = (REGULAR,)
    implies: tuple[str, ...] = ()
    regular_implies: tuple[str, ...] = ()

    def implied(self, shape: Shape) -> tuple[str, ...]:
        """The detectors every hand of `shape` built by this template shows."""
        extra = self.regular_implies if shape is REGULAR else ()
        return (*self.implies, *extra, *SHAPE_IMPLIES[shape])


TEMPLATES: dict[str, Template] = {}


def put(detector: Ref, build: Build, shapes: tuple[Shape, ...] = (REGULAR,),
        implies: tuple[Ref, ...] = (), regular_implies: tuple[Ref, ...] = ()) -> None:
    """Register `build` as the template of `detector` (a detector of the catalogue)."""
    name = _name(detector)
    TEMPLATES[name] = Template(name, build, shapes, _names(implies), _names(regular_implies))


def template(
    *detectors: Ref,
    shapes: tuple[Shape, ...] = (REGULAR,),
    implies: tuple[Ref, ...] = (),
    regular_implies: tuple[Ref, ...] = (),
) -> Callable[[Build], Build]:
    """Register `fn` as the template of each detector."""

    def register(fn: Build) -> Build:
        for detector in detectors:
            put(detector, fn, shapes, implies, regular_implies)
        return fn

    return register


def plain(d: Draft) -> None:
    """No aim: the finisher's random fill, with the policy's rare irregular shapes."""
    roll = d.rng.random()
    pol = d.policy
    if roll < pol.orphans_chance:
        thirteen_orphans(d)
    elif roll < pol.orphans_chance + pol.seven_pairs_chance:
        d.seven_pairs()


def _tile(suit: int, rank: int) -> Tile:
    return suit * 9 + rank - 1


def _three_suits(d: Draft) -> list[int]:
    suits = [0, 1, 2]
    d.rng.shuffle(suits)
    return suits


# -- 1: trivial patterns ----------------------------------------------------------------


@template(CHICKEN_HAND)
def chicken(d: Draft) -> None:
    # Nothing else may count (R13): an exposed meld (no 1.3), a discard (no 1.4), no
    # honors at all (no 1.6, no honor pungs), chows in different suits and of
    # different numbers (no identical, similar or consecutive chows, no one-suit),
    # one or two pungs of different numbers with at most one hidden, and a terminal
    # somewhere (no 1.5).
    d.closed = False
    d.self_drawn = False
    d.no_incidentals = True
    d.kongs_fixed = True
    pungs = d.rng.choice((1, 1, 2))
    suits = _three_suits(d)
    starts = d.rng.sample(range(1, 8), 4 - pungs)
    for suit, rank in zip(suits, starts, strict=False):
        d.chow(_tile(suit, rank))
    ranks = d.rng.sample(range(1, 10), pungs)
    two_ways = d.level is Level.HARD and (not d.rules.uses_bonus or d.chance(0.5))
    if two_ways:
        # A hard chicken without bonus tiles: the discard completes either the
        # first chow or a hidden pung of one of its tiles, so the hand has two
        # readings (R1, R2) and both are chicken hands.
        first = d.sets[0]
        first.exposed = False
        ranks[0] = tiles.RANK[first.tile] + d.rng.randrange(3)
        if len(ranks) > 1 and ranks[1] == ranks[0]:
            raise Retry
        d.pung(first.tile - tiles.RANK[first.tile] + ranks[0], False, fixed=True)
        d.win_tile = d.sets[-1].tile
        ranks = ranks[1:]
    for rank in ranks:
        exposed = True if len(d.sets) > 4 - pungs else None
        d.pung(_tile(d.suit(), rank), exposed, fixed=True)
    if not any(tiles.IS_TERMINAL[t] for s in d.sets for t in s.tiles):
        d.set_eyes(d.pick_tile(TERMINAL_TILES, 2))
    else:
        d.set_eyes(d.pick_tile(NUMBER_TILES, 2))


@template(basics.all_chows)
def all_chows(d: Draft) -> None:
    d.fill(chows=True, pungs=False)


@template(basics.concealed_hand, shapes=(REGULAR, PAIRS))
def concealed_hand(d: Draft) -> None:
    if d.chance(0.12):
        d.seven_pairs()
    d.closed = True


@template(basics.self_drawn, shapes=ANY_SHAPE)
def self_drawn(d: Draft) -> None:
    d.self_drawn = True
    plain(d)


@template(basics.all_simples, shapes=(REGULAR, PAIRS))
def all_simples(d: Draft) -> None:
    if d.chance(0.12):
        d.seven_pairs(SIMPLE_TILES)
    else:
        d.fill_pool = SIMPLE_TILES


@template(basics.all_types, shapes=(REGULAR, PAIRS))
def all_types(d: Draft) -> None:
    # One group of each of the five types, the fifth being the eyes (R15).
    if d.chance(0.12):
        first = [d.pick_tile(suit_tiles(s), 2) for s in range(3)]
        first += [d.rng.choice(WIND_TILES), d.rng.choice(DRAGON_TILES)]
        d.seven_pairs(first=first)
        return
    pools: list[tuple[Tile, ...]] = [suit_tiles(s) for s in range(3)]
    pools += [WIND_TILES, DRAGON_TILES]
    d.rng.shuffle(pools)
    d.set_eyes(d.pick_tile(pools[0], 2))
    for pool in pools[1:]:
        if pool[0] < 27 and d.chance(d.policy.chow_weight):
            d.chow(d.pick_chow(pool))
        else:
            d.pung(d.pick_pung(pool))


# -- 2: pungs and kongs -----------------------------------------------------------------


@template(set_rules.all_pungs)
def all_pungs(d: Draft) -> None:
    d.fill(chows=False)


def _concealed_pungs(d: Draft, n: int) -> None:
    for _ in range(n):
        d.pung(d.pick_pung(), False, guard=True)
    # The other sets are chows or exposed pungs, so exactly n stay concealed (R3).
    d.fill(pung_exposed=True)


@template(set_rules.concealed_pungs_2)
def concealed_pungs_2(d: Draft) -> None:
    _concealed_pungs(d, 2)


@template(set_rules.concealed_pungs_3, implies=(set_rules.concealed_pungs_2,))
def concealed_pungs_3(d: Draft) -> None:
    _concealed_pungs(d, 3)


@template(set_rules.concealed_pungs_4,
          implies=(set_rules.concealed_pungs_2, set_rules.concealed_pungs_3))
def concealed_pungs_4(d: Draft) -> None:
    _concealed_pungs(d, 4)


def _kongs(d: Draft, n: int) -> None:
    d.kongs_fixed = True
    for _ in range(n):
        d.kong(d.pick_pung(copies=4))


@template(set_rules.kongs_1)
def kongs_1(d: Draft) -> None:
    _kongs(d, 1)


@template(set_rules.kongs_2, implies=(set_rules.kongs_1,))
def kongs_2(d: Draft) -> None:
    _kongs(d, 2)


@template(set_rules.kongs_3, implies=(set_rules.kongs_1, set_rules.kongs_2))
def kongs_3(d: Draft) -> None:
    _kongs(d, 3)


@template(set_rules.kongs_4, implies=(set_rules.kongs_1, set_rules.kongs_2, set_rules.kongs_3))
def kongs_4(d: Draft) -> None:
    _kongs(d, 4)


# -- 3: identical chows -----------------------------------------------------------------


def _same_chows(d: Draft, *times: int) -> None:
    starts: list[Tile] = []
    for n in times:
        start = d.pick_chow()
        if start in starts:
            raise Retry
        starts.append(start)
        for _ in range(n):
            d.chow(start)


@template(set_rules.two_identical_chows)
def two_identical_chows(d: Draft) -> None:
    _same_chows(d, 2)


@template(set_rules.two_identical_chows_twice, implies=(set_rules.two_identical_chows,))
def two_identical_chows_twice(d: Draft) -> None:
    _same_chows(d, 2, 2)


@template(set_rules.three_identical_chows, implies=(set_rules.two_identical_chows,))
def three_identical_chows(d: Draft) -> None:
    _same_chows(d, 3)
    # One exposed chow stops the three from being read as three pungs instead.
    d.sets[0].exposed = True


@template(
    set_rules.four_identical_chows,
    implies=(set_rules.two_identical_chows, set_rules.two_identical_chows_twice,
             set_rules.three_identical_chows),
)
def four_identical_chows(d: Draft) -> None:
    _same_chows(d, 4)


# -- 4: similar sets ----------------------------------------------------------------------


@template(set_rules.three_similar_chows)
def three_similar_chows(d: Draft) -> None:
    rank = d.rng.randrange(1, 8)
    for suit in range(3):
        d.chow(_tile(suit, rank))


@template(set_rules.little_three_similar_pungs)
def little_three_similar_pungs(d: Draft) -> None:
    rank = d.rng.randrange(1, 10)
    a, b, c = _three_suits(d)
    d.pung(_tile(a, rank))
    d.pung(_tile(b, rank))
    d.set_eyes(_tile(c, rank))


@template(set_rules.three_similar_pungs)
def three_similar_pungs(d: Draft) -> None:
    rank = d.rng.randrange(1, 10)
    for suit in range(3):
        d.pung(_tile(suit, rank))


# -- 5: consecutive sets ------------------------------------------------------------------

def _chow_run(d: Draft, runs: tuple[tuple[int, ...], ...]) -> None:
    """Chows starting at one of `runs` (offsets from the lowest start, R18)."""
    offsets = d.rng.choice(runs)
    suit = d.suit()
    first = d.rng.randrange(1, 8 - offsets[-1])
    for off in offsets:
        d.chow(_tile(suit, first + off))
    # A further chow of the same suit could make a longer run; fill elsewhere.
    d.fill_pool = without(range(34), suit_tiles(suit))
    d.eyes_pool = tuple(range(34))


@template(set_rules.three_consecutive_chows)
def three_consecutive_chows(d: Draft) -> None:
    _chow_run(d, set_rules.THREE_CHOWS_RUNS)


@template(set_rules.three_consecutive_chows_twice, implies=(set_rules.three_consecutive_chows,))
def three_consecutive_chows_twice(d: Draft) -> None:
    _chow_run(d, set_rules.THREE_CHOWS_TWICE_RUNS)


@template(set_rules.four_consecutive_chows, implies=(set_rules.three_consecutive_chows,))
def four_consecutive_chows(d: Draft) -> None:
    _chow_run(d, set_rules.FOUR_CHOWS_RUNS)


@template(set_rules.nine_tile_straight)
def nine_tile_straight(d: Draft) -> None:
    suit = d.suit()
    for rank in (1, 4, 7):
        d.chow(_tile(suit, rank))


@template(set_rules.three_consecutive_pungs)
def three_consecutive_pungs(d: Draft) -> None:
    suit = d.suit()
    first = d.rng.randrange(1, 8)
    for rank in range(first, first + 3):
        d.pung(_tile(suit, rank))
    # Exposing one keeps the three from reading as three identical chows (R1).
    d.rng.choice(d.sets).exposed = True
    d.fill_pool = without(range(34), suit_tiles(suit))
    d.eyes_pool = tuple(range(34))


@template(set_rules.four_consecutive_pungs, implies=(set_rules.three_consecutive_pungs,))
def four_consecutive_pungs(d: Draft) -> None:
    suit = d.suit()
    first = d.rng.randrange(1, 7)
    for rank in range(first, first + 4):
        d.pung(_tile(suit, rank))


@template(set_rules.three_mothers, implies=(set_rules.three_consecutive_pungs,))
def three_mothers(d: Draft) -> None:
    # R19: pungs n, n+1, n+2 and the chow n..n+2; one set exposed, or the concealed
    # tiles would read as Four Identical Chows, which scores more.
    suit = d.suit()
    first = d.rng.randrange(1, 8)
    for rank in range(first, first + 3):
        d.pung(_tile(suit, rank), fixed=True)
    d.chow(_tile(suit, first))
    d.rng.choice(d.sets).exposed = True


# -- 6: suit patterns ---------------------------------------------------------------------


@template(suits.mixed_one_suit, shapes=(REGULAR, PAIRS))
def mixed_one_suit(d: Draft) -> None:
    pool = suit_tiles(d.suit()) + HONOR_TILES
    if d.chance(0.12):
        d.seven_pairs(pool, first=(d.rng.choice(HONOR_TILES),))
        return
    if d.chance(0.5):
        d.set_eyes(d.rng.choice(HONOR_TILES))
    else:
        d.pung(d.rng.choice(HONOR_TILES))
    d.fill_pool = pool


@template(suits.pure_one_suit, shapes=(REGULAR, PAIRS))
def pure_one_suit(d: Draft) -> None:
    pool = suit_tiles(d.suit())
    if d.chance(0.12):
        d.seven_pairs(pool, four_alike=0.3)
    else:
        d.fill_pool = pool


_GATES: Final = tuple(rank for rank, n in enumerate(suits.NINE_GATES_COUNTS, 1)
                      for _ in range(n))  # 1112345678999


@template(suits.nine_gates)
def nine_gates(d: Draft) -> None:
    # R17: 1112345678999 of one suit held concealed, and the winning tile is the
    # fourteenth, any tile of that suit.
    suit = d.suit()
    extra = _tile(suit, d.rng.randrange(1, 10))
    d.add_loose([_tile(suit, r) for r in _GATES] + [extra], Shape.REGULAR)
    d.no_melds = True
    d.closed = True
    d.win_choices = (extra,)


# -- 7: terminals -------------------------------------------------------------------------


@template(terminals.two_tailed_terminal_chows)
def two_tailed_terminal_chows(d: Draft) -> None:
    for _ in range(2 if d.chance(0.15) else 1):
        suit = d.suit()
        d.chow(_tile(suit, 1))
        d.chow(_tile(suit, 7))


@template(terminals.two_tailed_terminal_pungs)
def two_tailed_terminal_pungs(d: Draft) -> None:
    for _ in range(2 if d.chance(0.15) else 1):
        suit = d.suit()
        d.pung(_tile(suit, 1))
        d.pung(_tile(suit, 9))


@template(
    terminals.two_tailed_terminals,
    implies=(terminals.two_tailed_terminal_chows, terminals.two_tailed_terminal_pungs),
)
def two_tailed_terminals(d: Draft) -> None:
    # R21: 111 123 789 999 of one suit; the eyes may be anything.
    suit = d.suit()
    d.pung(_tile(suit, 1), fixed=True)
    d.chow(_tile(suit, 1))
    d.chow(_tile(suit, 7))
    d.pung(_tile(suit, 9), fixed=True)


def _mountains(terminals: int) -> tuple[tuple[tuple[str, int], ...], ...]:
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


_LITTLE_MOUNTAINS: Final = _mountains(6)
_BIG_MOUNTAINS: Final = _mountains(8)


def _mountain(d: Draft, shapes: tuple[tuple[tuple[str, int], ...], ...]) -> None:
    suit = d.suit()
    d.kongs_fixed = True
    for kind, rank in d.rng.choice(shapes):
        t = _tile(suit, rank)
        if kind == "chow":
            d.chow(t)
        elif kind == "pung":
            d.pung(t, fixed=True)
        elif kind == "kong":
            d.kong(t)
        else:
            d.set_eyes(t)


@template(terminals.little_mountain)
def little_mountain(d: Draft) -> None:
    _mountain(d, _LITTLE_MOUNTAINS)


@template(terminals.big_mountain)
def big_mountain(d: Draft) -> None:
    _mountain(d, _BIG_MOUNTAINS)


def _terminal_chow(d: Draft, suits: tuple[int, ...] = (0, 1, 2)) -> Tile:
    return _tile(d.rng.choice(suits), d.rng.choice((1, 7)))


def _lesser(d: Draft, pool: tuple[Tile, ...]) -> None:
    chows = d.rng.choice((1, 1, 2, 2, 3))
    for _ in range(chows):
        d.chow(_terminal_chow(d))
    while len(d.sets) < 4:
        d.pung(d.pick_pung(pool))
    d.set_eyes(d.pick_tile(pool, 2))


@template(terminals.mixed_lesser_terminals)
def mixed_lesser_terminals(d: Draft) -> None:
    # Every group holds a 1, a 9 or an honor, with an honor somewhere (without one the
    # hand is Pure Lesser Terminals, R22); at least one chow, or it would be Mixed
    # Greater Terminals instead.
    if d.chance(0.5):
        d.set_eyes(d.rng.choice(HONOR_TILES))
    else:
        d.pung(d.rng.choice(HONOR_TILES))
    _lesser(d, ORPHAN_TILES)


@template(terminals.pure_lesser_terminals, implies=(terminals.mixed_lesser_terminals,))
def pure_lesser_terminals(d: Draft) -> None:
    # Two suits at least, so that it is not a mountain (R20).
    a, b, _ = _three_suits(d)
    d.chow(_tile(a, d.rng.choice((1, 7))))
    d.pung(d.pick_pung(tuple(_tile(b, r) for r in (1, 9))))
    _lesser(d, TERMINAL_TILES)


def _greater(d: Draft, pool: tuple[Tile, ...]) -> None:
    while len(d.sets) < 4:
        d.pung(d.pick_pung(pool))
    d.set_eyes(d.pick_tile(pool, 2))


@template(
    terminals.mixed_greater_terminals,
    shapes=(REGULAR, PAIRS),
    regular_implies=(terminals.mixed_lesser_terminals,),
)
def mixed_greater_terminals(d: Draft) -> None:
    # R22: terminals and honors only, some of each (all terminals would be Pure Greater
    # Terminals, all honors All Honor Pungs), as pungs or seven pairs.  As
    # pungs it is also Mixed Lesser Terminals, outranked (hard); as seven pairs the
    # lesser pattern does not apply, so a medium hand is seven pairs.
    honor = d.rng.choice(HONOR_TILES)
    terminal = d.rng.choice(TERMINAL_TILES)
    if d.chance(0.25 if d.level in (None, Level.HARD) else 1.0):
        d.seven_pairs(ORPHAN_TILES, first=(honor, terminal))
        return
    d.pung(honor)
    d.pung(terminal)
    _greater(d, ORPHAN_TILES)


@template(
    terminals.pure_greater_terminals,
    shapes=(REGULAR, PAIRS),
    implies=(terminals.mixed_greater_terminals,),
    regular_implies=(terminals.mixed_lesser_terminals,),
)
def pure_greater_terminals(d: Draft) -> None:
    if d.chance(0.25):  # six kinds make seven pairs with one four alike (R5)
        d.seven_pairs(first=(*TERMINAL_TILES, d.rng.choice(TERMINAL_TILES)))
    else:
        _greater(d, TERMINAL_TILES)


# -- 8: honors ----------------------------------------------------------------------------


def _honor_pungs(
    d: Draft, kinds: tuple[Tile, ...], n: int, eyes_kind: bool | None
) -> None:
    """`n` pungs of `kinds`; eyes of the leftover kind (True), of another type
    (False) or anything (None); the rest filled without `kinds`."""
    chosen = d.rng.sample(kinds, n)
    for t in chosen:
        d.pung(t)
    rest = without(kinds, chosen)
    if eyes_kind:
        d.set_eyes(d.rng.choice(rest))
    elif eyes_kind is False:
        d.set_eyes(d.pick_tile(without(range(34), kinds), 2))
    d.fill_pool = without(range(34), kinds)


@template(honors.wind_pung)
def wind_pung(d: Draft) -> None:
    n = d.rng.choices((1, 2, 3), (6, 3, 1))[0]
    _honor_pungs(d, WIND_TILES, n, False if n == 3 else None)


@template(honors.little_three_winds, implies=(honors.wind_pung,))
def little_three_winds(d: Draft) -> None:
    _honor_pungs(d, WIND_TILES, 2, True)


@template(honors.big_three_winds, implies=(honors.wind_pung,))
def big_three_winds(d: Draft) -> None:
    _honor_pungs(d, WIND_TILES, 3, False)


@template(
    honors.little_four_winds,
    implies=(honors.little_three_winds, honors.big_three_winds, honors.wind_pung),
)
def little_four_winds(d: Draft) -> None:
    _honor_pungs(d, WIND_TILES, 3, True)


@template(honors.big_four_winds, implies=(honors.big_three_winds, honors.wind_pung))
def big_four_winds(d: Draft) -> None:
    _honor_pungs(d, WIND_TILES, 4, None)


@template(honors.dragon_pung)
def dragon_pung(d: Draft) -> None:
    n = d.rng.choices((1, 2), (3, 1))[0]
    _honor_pungs(d, DRAGON_TILES, n, None)


@template(honors.little_three_dragons, implies=(honors.dragon_pung,))
def little_three_dragons(d: Draft) -> None:
    _honor_pungs(d, DRAGON_TILES, 2, True)


@template(honors.big_three_dragons, implies=(honors.dragon_pung,))
def big_three_dragons(d: Draft) -> None:
    _honor_pungs(d, DRAGON_TILES, 3, None)


@template(honors.all_honors, shapes=(REGULAR, PAIRS))
def all_honors(d: Draft) -> None:
    # R23: honors only.  Seven different honor pairs would be All Honor Pairs, and
    # four wind pungs or three with wind eyes a bigger or earlier limit, so avoid them.
    if d.chance(0.25):
        d.seven_pairs(HONOR_TILES, first=[d.rng.choice(HONOR_TILES)] * 2, four_alike=0.0)
        return
    winds = d.rng.choice((1, 2, 3))
    chosen = d.rng.sample(WIND_TILES, winds) + d.rng.sample(DRAGON_TILES, 4 - winds)
    for t in chosen:
        d.pung(t)
    eyes = without(DRAGON_TILES if winds == 3 else HONOR_TILES, chosen)
    d.set_eyes(d.rng.choice(eyes))


@template(honors.all_honor_pairs, shapes=(PAIRS,),
          implies=(honors.all_honors, irregular.seven_pairs))
def all_honor_pairs(d: Draft) -> None:
    d.seven_pairs(first=HONOR_TILES)


@template(honors.value_honor)
def value_honor(d: Draft) -> None:
    # Zung Jung's value honor: a dragon pung, or a pung of the seat wind.
    if d.chance(0.5):
        d.pung(d.rng.choice(DRAGON_TILES))
    else:
        seat = d.rng.choice(WIND_TILES)
        d.seat = seat
        d.pung(seat)


# -- 9, 10, 11: pairs, colors, orphans ----------------------------------------------------


@template(irregular.seven_pairs, shapes=(PAIRS,))
def seven_pairs(d: Draft) -> None:
    d.seven_pairs()


@template(irregular.seven_shifted_pairs, shapes=(PAIRS,), implies=(irregular.seven_pairs,))
def seven_shifted_pairs(d: Draft) -> None:
    # R24: 1-7 always; 2-8 only in a suit that has no bigger pattern of its own.
    suit = d.suit()
    own = f"shifted_pairs_{tiles.SUIT_NAMES[tiles.Suit(suit)]}"
    first = 2 if own not in d.rules.detectors and d.chance(0.5) else 1
    d.seven_pairs(first=[_tile(suit, r) for r in range(first, first + 7)])


def _two_to_eight(suit: int) -> Callable[[Draft], None]:
    def build(d: Draft) -> None:
        d.seven_pairs(first=[_tile(suit, r) for r in range(2, 9)])

    return build


for _suit, _detector in enumerate((irregular.shifted_pairs_coins,
                                   irregular.shifted_pairs_bamboo,
                                   irregular.shifted_pairs_characters)):
    put(_detector, _two_to_eight(_suit), (PAIRS,),
        (irregular.seven_pairs, irregular.seven_shifted_pairs))

_GREEN: Final = tuple(sorted(tiles.GREEN_TILES))
_RED: Final = tuple(sorted(tiles.RED_TILES))


@template(suits.all_green, shapes=(REGULAR, PAIRS))
def all_green(d: Draft) -> None:
    if d.chance(0.25):
        d.seven_pairs(first=(*_GREEN, d.rng.choice(_GREEN)))
        return
    b2 = tiles.CODE_TO_TILE["b2"]
    for _ in range(4):
        if d.chance(0.4) and d.free(b2) and d.free(b2 + 1) and d.free(b2 + 2):
            d.chow(b2)
        else:
            d.pung(d.pick_pung(_GREEN))
    d.set_eyes(d.pick_tile(_GREEN, 2))


@template(suits.all_red, shapes=(REGULAR, PAIRS))
def all_red(d: Draft) -> None:
    # b1 b5 b7 b9 and the red dragon (R25) make no chow: four pungs and the fifth
    # kind as eyes, or seven pairs with two kinds doubled.
    if d.chance(0.25):
        doubled = d.rng.sample(_RED, 2)
        d.seven_pairs(first=[*_RED, *doubled], four_alike=0.0)
        return
    kinds = list(_RED)
    d.rng.shuffle(kinds)
    for t in kinds[:4]:
        d.pung(t)
    d.set_eyes(kinds[4])


def thirteen_orphans(d: Draft) -> None:
    extra = d.rng.choice(ORPHAN_TILES)
    d.add_loose([*ORPHAN_TILES, extra], Shape.THIRTEEN_ORPHANS)
    d.closed = True
    d.no_melds = True
    d.win_choices = ORPHAN_TILES


put(irregular.thirteen_orphans, thirteen_orphans, (ORPHANS,))


# -- 12: incidentals ----------------------------------------------------------------------


def _incidental(item: Incidental, prepare: Callable[[Draft], None] | None = None) -> Build:
    def build(d: Draft) -> None:
        d.need(item)
        if prepare is not None:
            prepare(d)
        else:
            plain(d)

    return build


def _one_kong(d: Draft) -> None:
    d.kong(d.pick_pung(copies=4))


def _two_kongs(d: Draft) -> None:
    d.kong(d.pick_pung(copies=4))
    d.kong(d.pick_pung(copies=4))


def _some_bonus(d: Draft) -> None:
    d.min_bonus = max(d.min_bonus, 1)


def _robbing(d: Draft) -> None:
    # The robbed tile is won on a discard and completes a chow; the hand holds no
    # other copy of it (R6).
    d.chow(d.pick_chow(), False)


def _dealt(d: Draft) -> None:
    d.no_melds = True
    d.closed = True
    if d.chance(0.15):
        d.seven_pairs()


for _item, _prep in (
    (Incidental.FINAL_DRAW, None),
    (Incidental.FINAL_DISCARD, None),
    (Incidental.WIN_ON_KONG, _one_kong),
    (Incidental.WIN_ON_BONUS, _some_bonus),
    (Incidental.ROBBING_KONG, _robbing),
    (Incidental.BLESSING_OF_HEAVEN, _dealt),
    (Incidental.BLESSING_OF_EARTH, _dealt),
    (Incidental.KONG_ON_KONG, _two_kongs),
):
    # Each incidental is scored by the detector of the same name.
    put(_item.value, _incidental(_item, _prep), ANY_SHAPE)


# -- 13: bonus tiles ----------------------------------------------------------------------


@template(incidentals.bonus_tile, incidentals.bonus_tile_loose, shapes=ANY_SHAPE)
def bonus_tile(d: Draft) -> None:
    n = d.rng.choices((1, 2, 3), (5, 3, 1))[0]
    d.bonus = tuple(sorted(d.rng.sample(tiles.FLOWERS + tiles.SEASONS, n)))


def _seat_bonus(d: Draft, own: bool) -> None:
    """Bonus tiles with (own) or without the number of the seat: East 1 ... North 4."""
    seat = d.rng.choice(WIND_TILES)
    d.seat = seat
    number = seat - tiles.EAST + 1
    mine = [t for t in tiles.FLOWERS + tiles.SEASONS if tiles.RANK[t] == number]
    others = [t for t in tiles.FLOWERS + tiles.SEASONS if tiles.RANK[t] != number]
    if own:
        chosen = d.rng.sample(mine, d.rng.choice((1, 1, 2)))
        chosen += d.rng.sample(others, d.rng.choice((0, 0, 1, 2)))
    else:
        chosen = d.rng.sample(others, d.rng.choice((1, 1, 2, 3)))
    d.bonus = tuple(sorted(chosen))


@template(incidentals.bonus_tile_proper, shapes=ANY_SHAPE)
def bonus_tile_proper(d: Draft) -> None:
    _seat_bonus(d, own=True)


@template(incidentals.bonus_tile_improper, shapes=ANY_SHAPE)
def bonus_tile_improper(d: Draft) -> None:
    _seat_bonus(d, own=False)


def _full_set(own: tuple[Tile, ...], other: tuple[Tile, ...]) -> Build:
    def build(d: Draft) -> None:
        extra = d.rng.sample(other, d.rng.choice((0, 0, 1, 2, 3)))
        d.bonus = tuple(sorted((*own, *extra)))

    return build


put(incidentals.all_flowers, _full_set(tiles.FLOWERS, tiles.SEASONS), ANY_SHAPE,
    (incidentals.bonus_tile,))
put(incidentals.all_seasons, _full_set(tiles.SEASONS, tiles.FLOWERS), ANY_SHAPE,
    (incidentals.bonus_tile,))


@template(incidentals.all_bonus_tiles, shapes=ANY_SHAPE)
def all_bonus_tiles(d: Draft) -> None:
    d.bonus = tiles.FLOWERS + tiles.SEASONS


def declared_templates(catalogue: Mapping[str, Detector]) -> list[Template]:
    """The templates declared with their detectors (`DeclaredTemplate`), as `Template`s."""
    return [Template(entry.name, entry.template.build, entry.template.shapes,
                     _names(entry.template.implies))
            for entry in catalogue.values() if entry.template is not None]


for _declared in declared_templates(CATALOGUE):
    assert _declared.detector not in TEMPLATES, f"{_declared.detector}: two templates"
    TEMPLATES[_declared.detector] = _declared
