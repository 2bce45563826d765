"""Constructive hand drawing: place sets within the four-copies budget, then finish.

A template (declared with its pattern's detector, see `templates`) fixes the part of a
hand its pattern needs, through a `Draft`: a few chows, pungs or kongs, the eyes, the
pairs of a seven pairs hand, or loose tiles (nine gates, thirteen orphans), plus
demands on the context (all concealed, self-drawn, an incidental...).  A template
reaches the generator only through the draft's methods (`plain`, `seven_pairs`,
`thirteen_orphans`, `start_again`...), so the detector modules that declare templates
never import the generator.  `Draft.finish` then fills the free sets
from the policy's weights, decides which sets are exposed, which tile won and how,
the incidentals, the bonus tiles and the winds, and returns a `Hand`.

Every draw goes through the budget of four copies per tile (R6), so a finished
hand is legal by construction; when a template's demands cannot be met with the
tiles left, the draft raises `Retry` and the caller starts afresh.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, NoReturn

from mj_trainer.engine import tiles
from mj_trainer.engine.generator.context import RulesInfo, choose_context
from mj_trainer.engine.generator.difficulty import Level
from mj_trainer.engine.generator.errors import Retry
from mj_trainer.engine.generator.policy import Policy
from mj_trainer.engine.hand import NEEDS_DISCARD, NEEDS_SELF_DRAWN, Hand, Incidental, Meld, MeldKind
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Tile

CHOW, PUNG, KONG = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG

ALL_TILES: Final = tuple(range(tiles.NUM_KINDS))
CHOW_STARTS: Final = tuple(t for t in tiles.NUMBER_TILES if t % 9 <= 6)


@dataclass(slots=True)
class PlannedSet:
    """A set of the hand being built.

    `exposed` None lets the finisher decide.  `guard` keeps a hidden pung truly
    concealed: a discard may not complete it (R3).  `fixed` stops a pung from
    being declared as a kong.
    """

    kind: MeldKind
    tile: Tile
    exposed: bool | None = None
    guard: bool = False
    fixed: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind is KONG else 3)


@dataclass(slots=True)
class Draft:
    """A hand under construction; templates fill in what their pattern needs."""

    rng: random.Random
    policy: Policy
    rules: RulesInfo
    level: Level | None = None
    shape: Shape = Shape.REGULAR
    counts: list[int] = field(default_factory=lambda: [0] * tiles.NUM_KINDS)
    sets: list[PlannedSet] = field(default_factory=list)
    eyes: Tile = -1
    pairs: list[Tile] = field(default_factory=list)  # seven pairs (a tile twice: four alike)
    loose: list[Tile] = field(default_factory=list)  # concealed tiles outside any set
    win_choices: tuple[Tile, ...] = ()  # allowed winning tiles for pairs/loose shapes
    win_tile: Tile = -1  # the winning tile, when the template decides it
    closed: bool | None = None  # True: nothing exposed; False: something exposed
    self_drawn: bool | None = None
    no_melds: bool = False  # nothing declared at all, not even a concealed kong
    kongs_fixed: bool = False  # the template decided the kongs; no random ones
    incidentals: list[Incidental] = field(default_factory=list)  # required ones
    no_incidentals: bool = False
    bonus: tuple[Tile, ...] | None = None  # exact bonus tiles, or None for the policy's
    min_bonus: int = 0
    seat: Tile | None = None
    fill_pool: tuple[Tile, ...] | None = None  # tiles the finisher may fill sets with
    eyes_pool: tuple[Tile, ...] | None = None

    # -- the budget -----------------------------------------------------------------

    def free(self, tile: Tile) -> int:
        """Copies of `tile` still unused."""
        return 4 - self.counts[tile]

    def _take(self, tile_list: Sequence[Tile]) -> None:
        c = self.counts
        if any(c[t] + tile_list.count(t) > 4 for t in tile_list):
            raise Retry
        for t in tile_list:
            c[t] += 1

    # -- placing sets -----------------------------------------------------------------

    def _regular_only(self) -> None:
        """Sets and eyes cannot join seven pairs or loose tiles (one shape per hand)."""
        if self.pairs or self.loose or self.shape is not Shape.REGULAR:
            raise Retry

    def _add(self, planned: PlannedSet) -> PlannedSet:
        self._regular_only()
        if len(self.sets) >= 4:
            raise Retry
        self._take(planned.tiles)
        self.sets.append(planned)
        return planned

    def chow(self, start: Tile, exposed: bool | None = None) -> PlannedSet:
        if start >= 27 or start % 9 > 6:
            raise Retry
        return self._add(PlannedSet(CHOW, start, exposed))

    def pung(
        self, tile: Tile, exposed: bool | None = None, *, guard: bool = False, fixed: bool = False
    ) -> PlannedSet:
        return self._add(PlannedSet(PUNG, tile, exposed, guard, fixed))

    def kong(self, tile: Tile, exposed: bool | None = None, *, guard: bool = False) -> PlannedSet:
        return self._add(PlannedSet(KONG, tile, exposed, guard, fixed=True))

    def set_eyes(self, tile: Tile) -> None:
        self._regular_only()
        if self.eyes >= 0:
            raise Retry
        self._take((tile, tile))
        self.eyes = tile

    def add_pairs(self, tile_list: Sequence[Tile]) -> None:
        """Pairs of a seven pairs hand (a tile listed twice makes four alike, R5)."""
        if self.sets or self.eyes >= 0 or self.loose or len(self.pairs) + len(tile_list) > 7:
            raise Retry
        self.shape = Shape.SEVEN_PAIRS
        for t in tile_list:
            self._take((t, t))
            self.pairs.append(t)

    def add_loose(self, tile_list: Sequence[Tile], shape: Shape) -> None:
        if self.sets or self.eyes >= 0 or self.pairs or self.loose:
            raise Retry
        self.shape = shape
        self._take(tile_list)
        self.loose.extend(tile_list)

    # -- random picks -----------------------------------------------------------------

    def pick_chow(self, pool: Sequence[Tile] | None = None) -> Tile:
        """A random chow start whose three tiles are in `pool` and available."""
        c = self.counts
        allowed = None if pool is None else set(pool)
        options = [
            s
            for s in CHOW_STARTS
            if c[s] < 4 and c[s + 1] < 4 and c[s + 2] < 4
            and (allowed is None or (s in allowed and s + 1 in allowed and s + 2 in allowed))
        ]
        if not options:
            raise Retry
        return self.rng.choice(options)

    def pick_tile(self, pool: Sequence[Tile], copies: int) -> Tile:
        """A random tile of `pool` with at least `copies` copies left."""
        c = self.counts
        options = [t for t in pool if c[t] <= 4 - copies]
        if not options:
            raise Retry
        return self.rng.choice(options)

    def pick_pung(self, pool: Sequence[Tile] | None = None, copies: int = 3) -> Tile:
        """A pung (or, with `copies` 4, kong) tile; honors with the policy's share
        when the pool has both kinds."""
        base = ALL_TILES if pool is None else pool
        most = 4 - copies
        honors = [t for t in base if t >= 27 and self.counts[t] <= most]
        numbers = [t for t in base if t < 27 and self.counts[t] <= most]
        if honors and (not numbers or self.rng.random() < self.policy.honor_share):
            return self.rng.choice(honors)
        if not numbers:
            raise Retry
        return self.rng.choice(numbers)

    def suit(self) -> int:
        return self.rng.randrange(3)

    def three_suits(self) -> list[int]:
        """The three number suits in a random order."""
        suits = [0, 1, 2]
        self.rng.shuffle(suits)
        return suits

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    @property
    def hard(self) -> bool:
        """Whether the hand is built for the hard level."""
        return self.level is Level.HARD

    def start_again(self) -> NoReturn:
        """Give up this draft: its demands cannot be met with the tiles left, and the
        generator starts afresh with new choices."""
        raise Retry

    # -- filling ----------------------------------------------------------------------

    def fill(
        self,
        pool: Sequence[Tile] | None = None,
        *,
        eyes_pool: Sequence[Tile] | None = None,
        chows: bool = True,
        pungs: bool = True,
        chow_weight: float | None = None,
        pung_exposed: bool | None = None,
    ) -> None:
        """Complete the regular hand: sets up to four, then the eyes."""
        weight = self.policy.chow_weight if chow_weight is None else chow_weight
        while len(self.sets) < 4:
            if chows and (not pungs or self.rng.random() < weight):
                try:
                    self.chow(self.pick_chow(pool))
                    continue
                except Retry:
                    if not pungs:
                        raise
            if not pungs:
                raise Retry
            self.pung(self.pick_pung(pool), pung_exposed)
        if self.eyes < 0:
            base = eyes_pool if eyes_pool is not None else pool
            self.set_eyes(self.pick_tile(ALL_TILES if base is None else base, 2))

    def seven_pairs(
        self,
        pool: Sequence[Tile] | None = None,
        *,
        first: Sequence[Tile] = (),
        four_alike: float | None = None,
    ) -> None:
        """A seven pairs hand: the `first` pairs, then random ones from `pool`."""
        self.closed = True
        self.no_melds = True
        self.add_pairs(first)
        chance = self.policy.four_alike_chance
        if four_alike is not None and chance > 0:
            chance = four_alike
        base = ALL_TILES if pool is None else pool
        while len(self.pairs) < 7:
            if len(self.pairs) <= 5 and self.rng.random() < chance:
                four = [t for t in base if self.counts[t] == 0]
                if four:
                    t = self.rng.choice(four)
                    self.add_pairs((t, t))
                    continue
            self.add_pairs((self.pick_tile([t for t in base if t not in self.pairs], 2),))

    def thirteen_orphans(self) -> None:
        """A thirteen orphans hand: one of each 1, 9 and honor, and one of them twice."""
        extra = self.rng.choice(tiles.ORPHANS)
        self.add_loose([*tiles.ORPHANS, extra], Shape.THIRTEEN_ORPHANS)
        self.closed = True
        self.no_melds = True
        self.win_choices = tiles.ORPHANS

    def plain(self) -> None:
        """No aim: the finisher's random fill, with the policy's rare irregular shapes."""
        roll = self.rng.random()
        pol = self.policy
        if roll < pol.orphans_chance:
            self.thirteen_orphans()
        elif roll < pol.orphans_chance + pol.seven_pairs_chance:
            self.seven_pairs()

    def need(self, item: Incidental) -> None:
        """Demand an incidental bonus, with the win it implies (R26)."""
        if item in NEEDS_SELF_DRAWN:
            self.self_drawn = True
        elif item in NEEDS_DISCARD:
            self.self_drawn = False
        if item not in self.incidentals:
            self.incidentals.append(item)

    # -- finishing --------------------------------------------------------------------

    def finish(self) -> Hand:
        """Fill what is left, decide the context and return the hand."""
        rng = self.rng
        pol = self.policy
        irregular = self.shape is not Shape.REGULAR or bool(self.loose)
        if not irregular and (len(self.sets) < 4 or self.eyes < 0):
            self.fill(self.fill_pool, eyes_pool=self.eyes_pool)
        if irregular or self.no_melds:
            closed = True
        elif self.closed is not None:
            closed = self.closed
        else:
            demanded = any(s.exposed for s in self.sets)
            closed = not demanded and pol.allow_closed and rng.random() < pol.closed_chance
        if not irregular:
            self._kongs()
            self._exposures(closed)
        self_drawn = self._self_drawn()
        winning = self._winning_tile(self_drawn)
        concealed: list[Tile] = list(self.loose)
        for t in self.pairs:
            concealed.extend((t, t))
        if self.eyes >= 0:
            concealed.extend((self.eyes, self.eyes))
        melds: list[Meld] = []
        for s in self.sets:
            if s.kind is KONG or s.exposed:
                melds.append(Meld(s.kind, s.tile, bool(s.exposed)))
            else:
                concealed.extend(s.tiles)
        melds.sort(key=lambda m: (m.tile, m.kind.value))
        if len(concealed) != 14 - 3 * len(melds):  # a template mixed shapes
            raise Retry
        incidentals, bonus, seat, prevailing = choose_context(
            self, self_drawn, winning, melds
        )
        return Hand(
            concealed=tuple(sorted(concealed)),
            winning_tile=winning,
            melds=tuple(melds),
            self_drawn=self_drawn,
            bonus=bonus,
            seat_wind=seat,
            prevailing_wind=prevailing,
            incidentals=incidentals,
            ruleset=self.rules.name,
        )

    def _kongs(self) -> None:
        pol = self.policy
        if self.no_melds:
            if any(s.kind is KONG for s in self.sets):
                raise Retry
            return
        if self.kongs_fixed or not pol.allow_kongs or pol.kong_chance <= 0:
            return
        budget = pol.max_random_kongs
        for s in self.sets:
            if (
                budget > 0
                and s.kind is PUNG
                and not s.fixed
                and self.counts[s.tile] == 3
                and self.rng.random() < pol.kong_chance
            ):
                s.kind = KONG
                self.counts[s.tile] += 1
                budget -= 1

    def _exposures(self, closed: bool) -> None:
        rng = self.rng
        pol = self.policy
        free: list[PlannedSet] = []
        for s in self.sets:
            if closed:
                if s.exposed:
                    raise Retry
                s.exposed = False
                continue
            if s.exposed is not None:
                continue
            if s.guard:
                s.exposed = False
                continue
            free.append(s)
            if s.kind is KONG:
                s.exposed = rng.random() >= pol.concealed_kong_share
            else:
                s.exposed = rng.random() < pol.expose_chance
        if self.closed is False and not any(s.exposed for s in self.sets):
            if not free:
                raise Retry
            rng.choice(free).exposed = True

    def _self_drawn(self) -> bool:
        if self.self_drawn is not None:
            return self.self_drawn
        pol = self.policy
        return pol.allow_self_drawn and self.rng.random() < pol.self_drawn_chance

    def _winning_tile(self, self_drawn: bool) -> Tile:
        rng = self.rng
        robbing = Incidental.ROBBING_KONG in self.incidentals
        if self.loose or self.shape is not Shape.REGULAR:
            options = list(self.win_choices) if self.win_choices else list(self.pairs)
            if robbing:
                options = [t for t in options if self.counts[t] == 1]
            if not options:
                raise Retry
            return rng.choice(options)
        hidden = [s for s in self.sets if not s.exposed and s.kind is not KONG]
        if self.win_tile >= 0:
            if self.win_tile != self.eyes and not any(self.win_tile in s.tiles for s in hidden):
                raise Retry
            return self.win_tile
        if robbing:
            # The robbed tile is the only one of its kind the hand may hold (R6).
            options = [
                t for s in hidden if s.kind is CHOW for t in s.tiles if self.counts[t] == 1
            ]
            if not options:
                raise Retry
            return rng.choice(options)
        pung_ok = self_drawn or (
            not self.policy.protect_pungs and rng.random() < self.policy.discard_pung_chance
        )
        options = []
        for s in hidden:
            if s.kind is PUNG and not self_drawn and (s.guard or not pung_ok):
                continue
            options.extend(s.tiles)
        options.extend((self.eyes, self.eyes))
        return rng.choice(options)
