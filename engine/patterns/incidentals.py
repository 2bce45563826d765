"""Categories 12 and 13 of seed 000: lucky circumstances and bonus tiles."""

from __future__ import annotations

from collections.abc import Callable

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement
from mj_trainer.engine.hand import Hand, Incidental
from mj_trainer.engine.patterns.registry import (
    BONUS,
    HandFacts,
    HandFlag,
    HandFn,
    Needs,
    Shown,
    Trait,
    cite,
    hand_detector,
    void_when,
)
from mj_trainer.engine.patterns.shows import said

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


def _won_with(item: Incidental) -> str:
    return f"the hand was won with {item.value.replace('_', ' ')}"


def _incidental(name: str, item: Incidental) -> HandFn:
    traits, context = _circumstance(item)

    @hand_detector(name, shows=said(_won_with(item)), traits=traits, reads=context,
                   needs=_EVENT)
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
        shown = " ".join(tiles.code(t) for t in chosen)
        return Shown(tiles=tuple(chosen), phrase=f"the bonus tiles {shown}")

    return proof


_ALL_BONUS = _bonus_shown("all")


@hand_detector(_HEAVEN.value, shows=said(_won_with(_HEAVEN)), traits=Trait.CIRCUMSTANCE,
               reads=(_HEAVEN.value,), needs=_EVENT)
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


@hand_detector("bonus_tile", shows=_ALL_BONUS, traits=_PER_TILE, reads=(BONUS,),
               needs=_HAS_BONUS)
def bonus_tile(f: HandFacts) -> int:
    return len(f.bonus)


@hand_detector("all_flowers", shows=_ALL_BONUS, traits=_BONUS_TRAITS, reads=(BONUS,),
               needs=_HAS_BONUS)
def all_flowers(f: HandFacts) -> int:
    return int(f.bonus >= frozenset(tiles.FLOWERS))


@hand_detector("all_seasons", shows=_ALL_BONUS, traits=_BONUS_TRAITS, reads=(BONUS,),
               needs=_HAS_BONUS)
def all_seasons(f: HandFacts) -> int:
    return int(f.bonus >= frozenset(tiles.SEASONS))


@hand_detector("all_bonus_tiles", shows=_ALL_BONUS, traits=_BONUS_TRAITS, reads=(BONUS,),
               needs=_HAS_BONUS)
def all_bonus_tiles(f: HandFacts) -> int:
    return int(len(f.bonus) == 8)


@hand_detector("bonus_tile_loose", shows=_ALL_BONUS, traits=_PER_TILE, reads=(BONUS,),
               needs=_HAS_BONUS)
def bonus_tile_loose(f: HandFacts) -> int:
    """Bonus tiles outside a complete set of four (the early guide pays a set flat)."""
    flowers = f.bonus & frozenset(tiles.FLOWERS)
    seasons = f.bonus & frozenset(tiles.SEASONS)
    return sum(len(group) for group in (flowers, seasons) if len(group) < 4)


def _own_number(f: HandFacts) -> int:
    """The flower/season number that belongs to the seat: east 1, south 2, west 3, north 4."""
    return f.hand.seat_wind - tiles.EAST + 1


@hand_detector("bonus_tile_proper", shows=_bonus_shown("proper"), traits=_PER_TILE,
               reads=(BONUS,), needs=_HAS_BONUS)
def bonus_tile_proper(f: HandFacts) -> int:
    """Zung Jung 11.1.2: the flower and the season whose number matches the seat."""
    return sum(1 for t in f.bonus if tiles.RANK[t] == _own_number(f))


@hand_detector("bonus_tile_improper", shows=_bonus_shown("improper"), traits=_PER_TILE,
               reads=(BONUS,), needs=_HAS_BONUS)
def bonus_tile_improper(f: HandFacts) -> int:
    """Zung Jung 11.1.1: the other flowers and seasons."""
    return sum(1 for t in f.bonus if tiles.RANK[t] != _own_number(f))

cite("R26", final_draw, final_discard, win_on_kong, win_on_bonus, robbing_kong,
     blessing_of_heaven, blessing_of_earth)
