"""Seeded, repeatable hands for the benchmarks.

Every builder takes a seed and returns the same hands on every run and machine,
so figures from different runs measure the same work.  Three kinds of input:

* `typical_hands`: winning hands as a scorer meets them: four sets and eyes with
  a mix of exposed and concealed chows, pungs and kongs, some self-drawn wins,
  bonus tiles now and then, a few seven-pairs hands and the odd incidental;
* `closed_hands`: fully concealed 14-tile regular hands (no melds), for comparing
  arrangement enumeration with other libraries; `one_suit=True` keeps all tiles in
  one suit, where a hand often has several readings;
* `contract_hands`: `typical_hands` as contract JSON objects (docs/contract.md).

Nothing here scores anything; `engine.hand.validate` checks each hand is well formed.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand, Incidental, Meld, MeldKind, validate
from mj_trainer.engine.jsonio import JSONObject, hand_to_json
from mj_trainer.engine.tiles import Tile

DEFAULT_SEED: Final = 20_240_501

# How a set is drawn: chows are the commonest set in real play, kongs are rare.
_SET_WEIGHTS: Final = ((MeldKind.CHOW, 58), (MeldKind.PUNG, 38), (MeldKind.KONG, 4))
# How many chows/pungs a winner exposed before winning (kongs are decided apart).
_EXPOSED_WEIGHTS: Final = ((0, 30), (1, 30), (2, 24), (3, 11), (4, 5))
_SEVEN_PAIRS_SHARE: Final = 0.04
_SELF_DRAWN_SHARE: Final = 0.3
_HONOR_PUNG_SHARE: Final = 0.3  # of the pungs and kongs
_HONOR_EYES_SHARE: Final = 0.25
_NUMBER_SUITS: Final = (0, 1, 2)  # coins, bamboo, characters as tile-index / 9
_HONORS: Final = tuple(range(27, 34))
_WINDS: Final = (tiles.EAST, tiles.SOUTH, tiles.WEST, tiles.NORTH)

T = TypeVar("T")


def _weighted(rng: random.Random, table: tuple[tuple[T, int], ...]) -> T:
    items = [item for item, _ in table]
    weights = [w for _, w in table]
    return rng.choices(items, weights)[0]


def _set_tiles(kind: MeldKind, tile: Tile) -> tuple[Tile, ...]:
    if kind is MeldKind.CHOW:
        return (tile, tile + 1, tile + 2)
    return (tile,) * (4 if kind is MeldKind.KONG else 3)


def _fits(counts: list[int], group: tuple[Tile, ...]) -> bool:
    need: dict[Tile, int] = {}
    for t in group:
        need[t] = need.get(t, 0) + 1
    return all(counts[t] + n <= 4 for t, n in need.items())


def _take(counts: list[int], group: tuple[Tile, ...]) -> None:
    for t in group:
        counts[t] += 1


def _suits_for_hand(rng: random.Random) -> tuple[tuple[int, ...], bool]:
    """Which number suits a hand draws from, and whether honors are allowed.

    Real winners lean towards fewer suits, so flush-like hands are over-represented
    compared with uniform draws: 6% one suit alone, 18% one suit with honors,
    76% anything goes.
    """
    r = rng.random()
    if r < 0.06:
        return (rng.choice(_NUMBER_SUITS),), False
    if r < 0.24:
        return (rng.choice(_NUMBER_SUITS),), True
    return _NUMBER_SUITS, True


def _random_set(
    rng: random.Random, counts: list[int], suits: tuple[int, ...], honors: bool
) -> tuple[MeldKind, Tile] | None:
    """One set that still fits within four copies of each tile, or None after retries."""
    for _ in range(60):
        kind = _weighted(rng, _SET_WEIGHTS)
        if kind is MeldKind.CHOW:
            tile = rng.choice(suits) * 9 + rng.randrange(7)
        elif honors and rng.random() < _HONOR_PUNG_SHARE:
            tile = rng.choice(_HONORS)
        else:
            tile = rng.choice(suits) * 9 + rng.randrange(9)
        if _fits(counts, _set_tiles(kind, tile)):
            return kind, tile
    return None


def _random_eyes(
    rng: random.Random, counts: list[int], suits: tuple[int, ...], honors: bool
) -> Tile | None:
    for _ in range(60):
        if honors and rng.random() < _HONOR_EYES_SHARE:
            tile = rng.choice(_HONORS)
        else:
            tile = rng.choice(suits) * 9 + rng.randrange(9)
        if counts[tile] <= 2:
            return tile
    return None


def _bonus(rng: random.Random) -> tuple[Tile, ...]:
    """No bonus tiles in about 70% of hands, one in 20%, two in 8%, three in 2%."""
    n = _weighted(rng, ((0, 70), (1, 20), (2, 8), (3, 2)))
    return tuple(sorted(rng.sample(range(34, 42), n)))


def _winds(rng: random.Random) -> tuple[Tile, Tile]:
    return rng.choice(_WINDS), rng.choice(_WINDS)


def _incidentals(
    rng: random.Random, self_drawn: bool, kongs: int, bonus: tuple[Tile, ...]
) -> frozenset[Incidental]:
    """Rare, and only combinations that `validate` accepts (R26)."""
    r = rng.random()
    if self_drawn:
        if r < 0.02:
            return frozenset({Incidental.FINAL_DRAW})
        if r < 0.04 and kongs:
            return frozenset({Incidental.WIN_ON_KONG})
        if r < 0.05 and bonus:
            return frozenset({Incidental.WIN_ON_BONUS})
    elif r < 0.02:
        return frozenset({Incidental.FINAL_DISCARD})
    return frozenset()


def _regular_hand(rng: random.Random, *, closed: bool, one_suit: bool) -> Hand | None:
    """Four sets and eyes; None when the draw ran out of tiles (the caller retries)."""
    if one_suit:
        suits: tuple[int, ...] = (rng.choice(_NUMBER_SUITS),)
        honors = False
    else:
        suits, honors = _suits_for_hand(rng)
    counts = [0] * tiles.NUM_KINDS
    sets: list[tuple[MeldKind, Tile]] = []
    for _ in range(4):
        drawn = _random_set(rng, counts, suits, honors)
        if drawn is None:
            return None
        kind, tile = drawn
        if closed and kind is MeldKind.KONG:
            kind = MeldKind.PUNG  # a closed 14-tile hand has no declared kong
        _take(counts, _set_tiles(kind, tile))
        sets.append((kind, tile))
    eyes = _random_eyes(rng, counts, suits, honors)
    if eyes is None:
        return None
    _take(counts, (eyes, eyes))

    melds: list[Meld] = []
    concealed: list[Tile] = [eyes, eyes]
    exposed_left = 0 if closed else _weighted(rng, _EXPOSED_WEIGHTS)
    order = list(range(4))
    rng.shuffle(order)  # which sets get exposed is random
    for i in order:
        kind, tile = sets[i]
        if kind is MeldKind.KONG:
            melds.append(Meld(kind, tile, exposed=rng.random() < 0.6))
        elif exposed_left:
            exposed_left -= 1
            melds.append(Meld(kind, tile, exposed=True))
        else:
            concealed.extend(_set_tiles(kind, tile))
    concealed.sort()
    winning = rng.choice(concealed)
    if closed:
        return Hand(concealed=tuple(concealed), winning_tile=winning,
                    self_drawn=rng.random() < _SELF_DRAWN_SHARE)
    self_drawn = rng.random() < _SELF_DRAWN_SHARE
    bonus = _bonus(rng)
    seat, prevailing = _winds(rng)
    kongs = sum(1 for m in melds if m.kind is MeldKind.KONG)
    return Hand(
        concealed=tuple(concealed),
        winning_tile=winning,
        melds=tuple(sorted(melds, key=lambda m: (m.tile, m.kind.value))),
        self_drawn=self_drawn,
        bonus=bonus,
        seat_wind=seat,
        prevailing_wind=prevailing,
        incidentals=_incidentals(rng, self_drawn, kongs, bonus),
    )


def _seven_pairs_hand(rng: random.Random) -> Hand:
    """Seven pairs of distinct tiles, now and then with four alike as two pairs (R5)."""
    kinds = rng.sample(range(tiles.NUM_KINDS), 7)
    if rng.random() < 0.1:
        kinds[-1] = kinds[0]
    concealed = sorted(t for t in kinds for _ in range(2))
    self_drawn = rng.random() < _SELF_DRAWN_SHARE
    bonus = _bonus(rng)
    seat, prevailing = _winds(rng)
    return Hand(
        concealed=tuple(concealed),
        winning_tile=rng.choice(concealed),
        self_drawn=self_drawn,
        bonus=bonus,
        seat_wind=seat,
        prevailing_wind=prevailing,
        incidentals=_incidentals(rng, self_drawn, 0, bonus),
    )


def _checked(hand: Hand) -> Hand:
    problems = validate(hand)
    if problems:  # a bug in this module, never expected
        raise RuntimeError(f"sample_hands built an invalid hand: {problems}")
    return hand


def typical_hands(n: int, seed: int = DEFAULT_SEED) -> list[Hand]:
    """`n` winning hands as a scorer typically meets them (see the module docstring)."""
    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < n:
        if rng.random() < _SEVEN_PAIRS_SHARE:
            out.append(_checked(_seven_pairs_hand(rng)))
            continue
        hand = _regular_hand(rng, closed=False, one_suit=False)
        if hand is not None:
            out.append(_checked(hand))
    return out


def closed_hands(n: int, seed: int = DEFAULT_SEED, *, one_suit: bool = False) -> list[Hand]:
    """`n` fully concealed 14-tile regular winning hands (no melds, no bonus tiles)."""
    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < n:
        hand = _regular_hand(rng, closed=True, one_suit=one_suit)
        if hand is not None:
            out.append(_checked(hand))
    return out


def counts34(hand: Hand) -> list[int]:
    """The 34-count vector of a hand's concealed tiles (what the dividers take)."""
    counts = [0] * tiles.NUM_KINDS
    for t in hand.concealed:
        counts[t] += 1
    return counts


def contract_hands(n: int, seed: int = DEFAULT_SEED) -> list[JSONObject]:
    """`typical_hands(n, seed)` as contract hand objects."""
    return [hand_to_json(h) for h in typical_hands(n, seed)]


if __name__ == "__main__":
    from mj_trainer.engine.notation import format_hand

    for h in typical_hands(12):
        print(format_hand(h))
    print("--- closed, one suit")
    for h in closed_hands(4, one_suit=True):
        print(format_hand(h))
