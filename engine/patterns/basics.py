"""Category 1 of seed 000: the everyday patterns (chicken hand and illegal call are
handled by the scorer itself, since they depend on every other pattern)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, GroupKind
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.patterns.gaps import (
    discarded,
    exposed,
    first,
    groups_not,
    listed,
    said_not,
    shape_is_not,
    tiles_not,
)
from mj_trainer.engine.patterns.registry import (
    ANY_WIN_SHAPE,
    NUMBER_SUITS,
    REGULAR_OR_PAIRS,
    SIMPLE_MASK,
    DeclaredTemplate,
    HandFacts,
    HandFlag,
    Needs,
    Reading,
    Shown,
    Trait,
    cite,
    hand_detector,
    reading_detector,
)
from mj_trainer.engine.patterns.shows import (
    groups,
    is_chow,
    said,
    said_of_winning_tile,
    winning,
)
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Suit, Tile

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft


def _concealed(hand: Hand, a: Arrangement | None) -> Shown:
    # What makes it is an absence (nothing exposed), so it points at no set: a
    # concealed kong is only allowed, it is not what makes the pattern.
    kongs = tuple(g for g in a.groups if g.declared) if a is not None else ()
    extra = f" (a concealed kong such as {group_text(kongs[0])} is allowed)" if kongs else ""
    how = "by self-draw" if hand.self_drawn else f"on the discarded {winning(hand)}"
    return Shown(phrase=f"nothing was exposed before winning {how}{extra}")


def _types(hand: Hand) -> str:
    firsts: dict[Suit, int] = {}
    for t in sorted(hand.all_tiles()):
        firsts.setdefault(tiles.SUIT[t], t)
    listed = ", ".join(f"{tiles.SUIT_NAMES[s]} ({tiles.code(t)})" for s, t in firsts.items())
    return f"one tile of every type: {listed}"


_ALL_CHOWS_GAP = first(
    shape_is_not(Shape.REGULAR, "needs four chows and a pair"),
    groups_not(lambda g, hand: g.kind is GroupKind.CHOW or g.kind is GroupKind.PAIR,
               "needs four chows", "is not a chow", "are not chows"))


def _build_all_chows(d: Draft) -> None:
    d.fill(chows=True, pungs=False)


@reading_detector("all_chows", shows=groups(is_chow), breaks=_ALL_CHOWS_GAP,
                  needs=Needs(chows=4),
                  template=DeclaredTemplate(_build_all_chows))
def all_chows(r: Reading) -> int:
    return int(r.shape is Shape.REGULAR and len(r.chows) == 4)


def _build_concealed_hand(d: Draft) -> None:
    if d.chance(0.12):
        d.seven_pairs()
    d.closed = True


@hand_detector("concealed_hand", shows=_concealed, traits=Trait.CONCEALED,
               breaks=exposed("needs every set concealed"), needs=Needs(lacks=HandFlag.EXPOSED),
               template=DeclaredTemplate(_build_concealed_hand, REGULAR_OR_PAIRS))
def concealed_hand(f: HandFacts) -> int:
    # Concealed kongs are fine, and a discard may complete the hand (R3).
    return int(not f.flags & _EXPOSED)


_EXPOSED = int(HandFlag.EXPOSED)  # set in a hand's flags when any meld is exposed


def _build_self_drawn(d: Draft) -> None:
    d.self_drawn = True
    d.plain()


@hand_detector("self_drawn", traits=Trait.SELF_DRAWN,
               breaks=discarded("needs a tile drawn from the wall"),
               needs=Needs(has=HandFlag.SELF_DRAWN),
               shows=said_of_winning_tile(
                   lambda w: f"the winning tile {w} was drawn from the wall"),
               template=DeclaredTemplate(_build_self_drawn, ANY_WIN_SHAPE))
def self_drawn(f: HandFacts) -> int:
    return int(f.hand.self_drawn)


def _build_all_simples(d: Draft) -> None:
    if d.chance(0.12):
        d.seven_pairs(tiles.SIMPLE_TILES)
    else:
        d.fill_pool = tiles.SIMPLE_TILES


@hand_detector("all_simples", shows=said("every tile is a number from 2 to 8"),
               breaks=tiles_not(lambda t: tiles.IS_SIMPLE[t], "needs no 1s, 9s or honors"),
               needs=Needs(lacks=HandFlag.HONOR | HandFlag.TERMINAL),
               template=DeclaredTemplate(_build_all_simples, REGULAR_OR_PAIRS))
def all_simples(f: HandFacts) -> int:
    return int(f.only(SIMPLE_MASK))


_FIVE_TYPES = frozenset({Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS, Suit.WINDS, Suit.DRAGONS})
_FIVE_FLAGS = NUMBER_SUITS | HandFlag.WINDS | HandFlag.DRAGONS


def _missing_types(hand: Hand) -> str:
    held = {tiles.SUIT[t] for t in hand.all_tiles()}
    missing = [tiles.SUIT_NAMES[s] for s in sorted(_FIVE_TYPES - held)]
    return ("needs a tile of each of the five types, and the hand has "
            + listed([f"no {m}" for m in missing], limit=len(missing)))


def _build_all_types(d: Draft) -> None:
    # One group of each of the five types, the fifth being the eyes (R15).
    if d.chance(0.12):
        first = [d.pick_tile(tiles.suit_tiles(s), 2) for s in range(3)]
        first += [d.rng.choice(tiles.WIND_TILES), d.rng.choice(tiles.DRAGON_TILES)]
        d.seven_pairs(first=first)
        return
    pools: list[tuple[Tile, ...]] = [tiles.suit_tiles(s) for s in range(3)]
    pools += [tiles.WIND_TILES, tiles.DRAGON_TILES]
    d.rng.shuffle(pools)
    d.set_eyes(d.pick_tile(pools[0], 2))
    for pool in pools[1:]:
        if pool[0] < 27 and d.chance(d.policy.chow_weight):
            d.chow(d.pick_chow(pool))
        else:
            d.pung(d.pick_pung(pool))


@hand_detector("all_types", shows=said(_types), needs=Needs(has=_FIVE_FLAGS),
               breaks=said_not(_missing_types),
               template=DeclaredTemplate(_build_all_types, REGULAR_OR_PAIRS))
def all_types(f: HandFacts) -> int:
    # R15: a tile of each of the five types is enough; seven pairs qualify.
    return int(f.types >= _FIVE_TYPES)

cite("R3", concealed_hand)
cite("R15", all_types)
