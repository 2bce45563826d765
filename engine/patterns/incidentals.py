"""Categories 12 and 13 of seed 000: lucky circumstances and bonus tiles."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement
from mj_trainer.engine.hand import Hand, Incidental
from mj_trainer.engine.patterns.gaps import listed
from mj_trainer.engine.patterns.registry import (
    ANY_WIN_SHAPE,
    BONUS,
    DeclaredTemplate,
    HandFacts,
    HandFlag,
    HandFn,
    Needs,
    Proof,
    Recipe,
    Shown,
    Trait,
    cite,
    hand_detector,
    void_when,
)
from mj_trainer.engine.patterns.shows import said
from mj_trainer.engine.tiles import Tile

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft

# Incidentals that need a declared kong, and the one that needs a bonus tile.
_KONG_EVENTS = frozenset({Incidental.WIN_ON_KONG, Incidental.KONG_ON_KONG})
_BONUS_EVENTS = frozenset({Incidental.WIN_ON_BONUS})


_EVENT = Needs(has=HandFlag.INCIDENTAL)
_HAS_BONUS = Needs(has=HandFlag.BONUS)


def _circumstance(item: Incidental) -> tuple[Trait, tuple[str, ...]]:
    traits = Trait.CIRCUMSTANCE
    if item in _KONG_EVENTS:
        traits |= Trait.KONG
    if item in _BONUS_EVENTS:
        traits |= Trait.DEALS_BONUS
    return traits, (item.value,)


# What happened when the hand was won with each circumstance, in a learner's words.
_WON = {
    Incidental.FINAL_DRAW: "the winning tile was the last tile of the wall, self-drawn",
    Incidental.FINAL_DISCARD: "the winning tile was the last discard of the game, thrown by "
                              "the player who drew the wall's last tile",
    Incidental.WIN_ON_KONG: "the winning tile was the replacement drawn after declaring a kong",
    Incidental.KONG_ON_KONG: "the winning tile was the replacement drawn after two kongs "
                             "declared in a row",
    Incidental.WIN_ON_BONUS: "the winning tile was the replacement drawn after setting aside "
                             "a flower or season",
    Incidental.ROBBING_KONG: "the winning tile was robbed from another player, who was adding "
                             "it to an exposed pung to make a kong",
    Incidental.BLESSING_OF_HEAVEN: "East won with the fourteen tiles first dealt",
    Incidental.BLESSING_OF_EARTH: "the hand, ready from the deal, won on East's very first "
                                  "discard",
}


def _won_with(item: Incidental) -> str:
    return _WON[item]


# What each circumstance needs, in a learner's words (for a hand won otherwise).
_WON_HOW = {
    Incidental.FINAL_DRAW: "a self-drawn win on the last tile of the wall",
    Incidental.FINAL_DISCARD: "a win on the last discard of the game",
    Incidental.WIN_ON_KONG: "a win on the tile drawn after declaring a kong",
    Incidental.KONG_ON_KONG: "a win on the tile drawn after two kongs declared in a row",
    Incidental.WIN_ON_BONUS: "a win on the tile drawn after a flower or season",
    Incidental.ROBBING_KONG: "a win on the tile another player adds to an exposed pung",
    Incidental.BLESSING_OF_HEAVEN: "East's win on the tiles first dealt",
    Incidental.BLESSING_OF_EARTH: "a win on East's very first discard",
}


# How a hand was won instead, completing "this hand was won ...".
_WON_INSTEAD = {
    Incidental.FINAL_DRAW: "on the last tile of the wall",
    Incidental.FINAL_DISCARD: "on the final discard",
    Incidental.WIN_ON_KONG: "on a kong's replacement tile",
    Incidental.KONG_ON_KONG: "on the replacement tile after two kongs",
    Incidental.WIN_ON_BONUS: "on a flower's or season's replacement tile",
    Incidental.ROBBING_KONG: "by robbing a kong",
    Incidental.BLESSING_OF_HEAVEN: "with the tiles first dealt",
    Incidental.BLESSING_OF_EARTH: "on East's first discard",
}


def _not_won_with(item: Incidental) -> Proof:
    """What the circumstance needs; when the hand was won in a circumstance of its own,
    which (``needs a self-drawn win on the last tile of the wall, and this hand was
    won on the final discard instead``), so that two neighbours are told apart."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        other = [_WON_INSTEAD[i] for i in sorted(hand.incidentals, key=lambda i: i.value)
                 if i is not item]
        if other:
            return Shown(phrase=f"needs {_WON_HOW[item]}, and this hand was won "
                                f"{listed(other, limit=len(other))} instead")
        return Shown(phrase=f"needs {_WON_HOW[item]}, and this hand was not won that way")

    return proof


def _draft_one_kong(d: Draft) -> None:
    d.kong(d.pick_pung(copies=4))


def _draft_two_kongs(d: Draft) -> None:
    d.kong(d.pick_pung(copies=4))
    d.kong(d.pick_pung(copies=4))


def _draft_some_bonus(d: Draft) -> None:
    d.min_bonus = max(d.min_bonus, 1)


def _draft_robbing(d: Draft) -> None:
    # The robbed tile is won on a discard and completes a chow; the hand holds no
    # other copy of it (R6).
    d.chow(d.pick_chow(), False)


def _draft_dealt(d: Draft) -> None:
    d.no_melds = True
    d.closed = True
    if d.chance(0.15):
        d.seven_pairs()


# What a hand won with each circumstance needs first (the others: any hand).
_PREPARE: Final[dict[Incidental, Recipe]] = {
    Incidental.WIN_ON_KONG: _draft_one_kong,
    Incidental.WIN_ON_BONUS: _draft_some_bonus,
    Incidental.ROBBING_KONG: _draft_robbing,
    Incidental.BLESSING_OF_HEAVEN: _draft_dealt,
    Incidental.BLESSING_OF_EARTH: _draft_dealt,
    Incidental.KONG_ON_KONG: _draft_two_kongs,
}


def _build_won_with(item: Incidental) -> Recipe:
    """A hand won with the circumstance `item` (R26)."""
    prepare = _PREPARE.get(item)

    def build(d: Draft) -> None:
        d.need(item)
        if prepare is not None:
            prepare(d)
        else:
            d.plain()

    return build


def _incidental(name: str, item: Incidental) -> HandFn:
    traits, context = _circumstance(item)

    @hand_detector(name, shows=said(_won_with(item)), traits=traits, reads=context,
                   needs=_EVENT,
                   breaks=_not_won_with(item),
                   template=DeclaredTemplate(_build_won_with(item), ANY_WIN_SHAPE))
    def detect(f: HandFacts) -> int:
        return int(item in f.incidentals)

    return detect


(final_draw, final_discard, win_on_kong, win_on_bonus, robbing_kong, blessing_of_earth,
 kong_on_kong) = (_incidental(item.value, item) for item in (
    Incidental.FINAL_DRAW, Incidental.FINAL_DISCARD, Incidental.WIN_ON_KONG,
    Incidental.WIN_ON_BONUS, Incidental.ROBBING_KONG, Incidental.BLESSING_OF_EARTH,
    Incidental.KONG_ON_KONG))

_HEAVEN = Incidental.BLESSING_OF_HEAVEN
# Bonus-tile patterns: about the hand's flowers and seasons; the ones any single bonus
# tile shows are the ones a hand avoiding them must be dealt none for.
_BONUS_TRAITS = Trait.CIRCUMSTANCE | Trait.DEALS_BONUS
_PER_TILE = _BONUS_TRAITS | Trait.ANY_BONUS_TILE


def _bonus_shown(which: str) -> Callable[[Hand, Arrangement | None], Shown]:
    """The bonus tiles a bonus pattern is about (Zung Jung splits proper and improper)."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown:
        own = hand.seat_wind - tiles.EAST + 1
        chosen = hand.bonus
        if which == "proper":
            chosen = tuple(t for t in hand.bonus if tiles.RANK[t] == own)
        elif which == "improper":
            chosen = tuple(t for t in hand.bonus if tiles.RANK[t] != own)
        elif which == "loose":  # outside a complete set of four (the early guide)
            full = {t for kind in (tiles.FLOWERS, tiles.SEASONS)
                    if frozenset(kind) <= frozenset(hand.bonus) for t in kind}
            chosen = tuple(t for t in hand.bonus if t not in full)
        elif which in ("flowers", "seasons"):
            kind = tiles.FLOWERS if which == "flowers" else tiles.SEASONS
            chosen = tuple(t for t in hand.bonus if t in kind)
        shown = " ".join(tiles.code(t) for t in chosen)
        noun = "the bonus tile" if len(chosen) == 1 else "the bonus tiles"
        return Shown(tiles=tuple(chosen), phrase=f"{noun} {shown}")

    return proof


_ALL_BONUS = _bonus_shown("all")


def _bonus_gap(needs: str, wanted: Callable[[Hand, Tile], bool]) -> Proof:
    """The bonus tiles the hand has towards a bonus pattern (or that it has none)."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown:
        have = tuple(t for t in hand.bonus if wanted(hand, t))
        if not have:
            return Shown(phrase=f"{needs}, and the hand has none")
        shown = " ".join(tiles.code(t) for t in have)
        return Shown(tiles=have, phrase=f"{needs}, and the hand has only {shown}")

    return proof


def _is_own(hand: Hand, t: Tile) -> bool:
    return tiles.RANK[t] == hand.seat_wind - tiles.EAST + 1


_ANY_BONUS = _bonus_gap("needs a flower or a season", lambda hand, t: True)


@hand_detector(_HEAVEN.value, shows=said(_won_with(_HEAVEN)), traits=Trait.CIRCUMSTANCE,
               reads=(_HEAVEN.value,), needs=_EVENT,
               breaks=_not_won_with(_HEAVEN),
               template=DeclaredTemplate(_build_won_with(_HEAVEN), ANY_WIN_SHAPE))
def blessing_of_heaven(f: HandFacts) -> int:
    return int(Incidental.BLESSING_OF_HEAVEN in f.incidentals)


@void_when("blessing_of_heaven")
def blessing_of_heaven_void(f: HandFacts) -> str | None:
    # Seed 000: it does not count once East has declared a concealed kong.  A blessing
    # never comes with exposed melds (R6), so any meld here is a concealed kong.
    if not f.hand.melds:
        return None
    kongs = sorted({m.tile for m in f.hand.melds})  # in tile order: the same whatever order
    names = " and ".join(tiles.code(t) for t in kongs)
    what = "a concealed kong" if len(kongs) == 1 else "concealed kongs"
    return (f"East declared {what} of {names} and drew a replacement tile, so the "
            "hand is no longer the initial one and the blessing does not count")


def _build_bonus_tile(d: Draft) -> None:
    n = d.rng.choices((1, 2, 3), (5, 3, 1))[0]
    d.bonus = tuple(sorted(d.rng.sample(tiles.FLOWERS + tiles.SEASONS, n)))


@hand_detector("bonus_tile", shows=_ALL_BONUS, traits=_PER_TILE, reads=(BONUS,),
               needs=_HAS_BONUS,
               breaks=_ANY_BONUS,
               template=DeclaredTemplate(_build_bonus_tile, ANY_WIN_SHAPE))
def bonus_tile(f: HandFacts) -> int:
    return len(f.bonus)


def _build_full_set(own: tuple[Tile, ...], other: tuple[Tile, ...]) -> Recipe:
    def build(d: Draft) -> None:
        extra = d.rng.sample(other, d.rng.choice((0, 0, 1, 2, 3)))
        d.bonus = tuple(sorted((*own, *extra)))

    return build


@hand_detector("all_flowers", shows=_bonus_shown("flowers"), traits=_BONUS_TRAITS, reads=(BONUS,),
               needs=_HAS_BONUS,
               breaks=_bonus_gap("needs all four flowers", lambda hand, t: t in tiles.FLOWERS),
               template=DeclaredTemplate(
                   _build_full_set(tiles.FLOWERS, tiles.SEASONS), ANY_WIN_SHAPE,
                   implies=(bonus_tile,)))
def all_flowers(f: HandFacts) -> int:
    return int(f.bonus >= frozenset(tiles.FLOWERS))


@hand_detector("all_seasons", shows=_bonus_shown("seasons"), traits=_BONUS_TRAITS, reads=(BONUS,),
               needs=_HAS_BONUS,
               breaks=_bonus_gap("needs all four seasons", lambda hand, t: t in tiles.SEASONS),
               template=DeclaredTemplate(
                   _build_full_set(tiles.SEASONS, tiles.FLOWERS), ANY_WIN_SHAPE,
                   implies=(bonus_tile,)))
def all_seasons(f: HandFacts) -> int:
    return int(f.bonus >= frozenset(tiles.SEASONS))


def _build_all_bonus_tiles(d: Draft) -> None:
    d.bonus = tiles.FLOWERS + tiles.SEASONS


@hand_detector("all_bonus_tiles", shows=_ALL_BONUS, traits=_BONUS_TRAITS, reads=(BONUS,),
               needs=_HAS_BONUS,
               breaks=_bonus_gap("needs all eight flowers and seasons", lambda hand, t: True),
               template=DeclaredTemplate(_build_all_bonus_tiles, ANY_WIN_SHAPE))
def all_bonus_tiles(f: HandFacts) -> int:
    return int(len(f.bonus) == 8)


def _loose_gap(hand: Hand, a: Arrangement | None) -> Shown:
    """Why no bonus tile scores on its own: none at all, or only complete sets of four,
    which the early guide pays as sets instead (seed 001 13.1)."""
    if not hand.bonus:
        return Shown(phrase="needs a flower or a season, and the hand has none")
    full = [kind for kind in (tiles.FLOWERS, tiles.SEASONS)
            if frozenset(kind) <= frozenset(hand.bonus)]
    shown = tuple(t for kind in full for t in kind)
    sets = " and ".join(" ".join(tiles.code(t) for t in kind) for kind in full)
    what = ("is a complete set, which scores as a set" if len(full) == 1
            else "are complete sets, which score as sets")
    return Shown(tiles=shown, phrase=f"counts only a flower or season outside a complete set "
                                     f"of four, and {sets} {what} instead")


@hand_detector("bonus_tile_loose", shows=_bonus_shown("loose"), traits=_PER_TILE,
               reads=(BONUS,),
               needs=_HAS_BONUS,
               breaks=_loose_gap,
               template=DeclaredTemplate(_build_bonus_tile, ANY_WIN_SHAPE))
def bonus_tile_loose(f: HandFacts) -> int:
    """Bonus tiles outside a complete set of four (the early guide pays a set flat)."""
    flowers = f.bonus & frozenset(tiles.FLOWERS)
    seasons = f.bonus & frozenset(tiles.SEASONS)
    return sum(len(group) for group in (flowers, seasons) if len(group) < 4)


def _own_number(f: HandFacts) -> int:
    """The flower/season number that belongs to the seat: east 1, south 2, west 3, north 4."""
    return f.hand.seat_wind - tiles.EAST + 1


def _draft_seat_bonus(d: Draft, own: bool) -> None:
    """Bonus tiles with (own) or without the number of the seat: East 1 ... North 4."""
    seat = d.rng.choice(tiles.WIND_TILES)
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


def _build_bonus_tile_proper(d: Draft) -> None:
    _draft_seat_bonus(d, own=True)


@hand_detector("bonus_tile_proper", shows=_bonus_shown("proper"), traits=_PER_TILE,
               reads=(BONUS,), needs=_HAS_BONUS,
               breaks=_bonus_gap("needs the flower or season of the seat's number", _is_own),
               template=DeclaredTemplate(_build_bonus_tile_proper, ANY_WIN_SHAPE))
def bonus_tile_proper(f: HandFacts) -> int:
    """Zung Jung 11.1.2: the flower and the season whose number matches the seat."""
    return sum(1 for t in f.bonus if tiles.RANK[t] == _own_number(f))


def _build_bonus_tile_improper(d: Draft) -> None:
    _draft_seat_bonus(d, own=False)


@hand_detector("bonus_tile_improper", shows=_bonus_shown("improper"), traits=_PER_TILE,
               reads=(BONUS,), needs=_HAS_BONUS,
               breaks=_bonus_gap("needs a flower or season of another seat's number",
                                 lambda hand, t: not _is_own(hand, t)),
               template=DeclaredTemplate(_build_bonus_tile_improper, ANY_WIN_SHAPE))
def bonus_tile_improper(f: HandFacts) -> int:
    """Zung Jung 11.1.1: the other flowers and seasons."""
    return sum(1 for t in f.bonus if tiles.RANK[t] != _own_number(f))

cite("R26", final_draw, final_discard, win_on_kong, win_on_bonus, robbing_kong,
     blessing_of_heaven, blessing_of_earth)
