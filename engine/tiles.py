"""Tiles as small integers, with every property the scorer asks about precomputed.

Indices 0-33 are the playing tiles (coins, bamboo, characters, winds, dragons);
34-41 are the bonus tiles (four flowers, four seasons).  One table below holds the
codes and names; everything else is derived from it so nothing can disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

Tile = int


class Suit(IntEnum):
    """The five tile types of a playing tile, plus the two bonus kinds."""

    COINS = 0
    BAMBOO = 1
    CHARACTERS = 2
    WINDS = 3
    DRAGONS = 4
    FLOWERS = 5
    SEASONS = 6


SUIT_LETTERS: Final = {"c": Suit.COINS, "b": Suit.BAMBOO, "k": Suit.CHARACTERS}
SUIT_NAMES: Final = {
    Suit.COINS: "coins",
    Suit.BAMBOO: "bamboo",
    Suit.CHARACTERS: "characters",
    Suit.WINDS: "winds",
    Suit.DRAGONS: "dragons",
    Suit.FLOWERS: "flowers",
    Suit.SEASONS: "seasons",
}

NUM_KINDS: Final = 34  # distinct playing tiles
NUM_TILES: Final = 42  # with the eight bonus tiles

WIND_CODES: Final = ("we", "ws", "ww", "wn")
DRAGON_CODES: Final = ("dr", "dg", "dw")
WIND_NAMES: Final = ("east", "south", "west", "north")
DRAGON_NAMES: Final = ("red dragon", "green dragon", "white dragon")


def _build_codes() -> tuple[str, ...]:
    codes: list[str] = []
    for letter in "cbk":
        codes.extend(f"{letter}{rank}" for rank in range(1, 10))
    codes.extend(WIND_CODES)
    codes.extend(DRAGON_CODES)
    codes.extend(f"f{n}" for n in range(1, 5))
    codes.extend(f"s{n}" for n in range(1, 5))
    return tuple(codes)


CODES: Final[tuple[str, ...]] = _build_codes()
CODE_TO_TILE: Final[dict[str, Tile]] = {code: i for i, code in enumerate(CODES)}

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33
FLOWERS: Final = (34, 35, 36, 37)
SEASONS: Final = (38, 39, 40, 41)


class TileError(ValueError):
    """A tile number outside 0-41: a caller's bug, reported instead of wrapping around."""


def is_tile(value: object) -> bool:
    """Whether `value` is a tile number (an int 0-41; not a bool)."""
    return type(value) is int and 0 <= value < NUM_TILES


def require(tile: Tile) -> Tile:
    """`tile` itself when it is a tile number; otherwise raise TileError."""
    if not is_tile(tile):
        raise TileError(f"{tile!r} is not a tile number (0-{NUM_TILES - 1})")
    return tile


def suit_of(tile: Tile) -> Suit:
    """The tile's type; winds and dragons count as their own types."""
    require(tile)
    if tile < 27:
        return Suit(tile // 9)
    if tile < 31:
        return Suit.WINDS
    if tile < 34:
        return Suit.DRAGONS
    return Suit.FLOWERS if tile < 38 else Suit.SEASONS


def rank_of(tile: Tile) -> int:
    """1-9 for number tiles, 0 for honors; bonus tiles give their 1-4 number."""
    require(tile)
    if tile < 27:
        return tile % 9 + 1
    if tile >= 34:
        return (tile - 34) % 4 + 1
    return 0


SUIT: Final[tuple[Suit, ...]] = tuple(suit_of(t) for t in range(NUM_TILES))
RANK: Final[tuple[int, ...]] = tuple(rank_of(t) for t in range(NUM_TILES))
IS_NUMBER: Final[tuple[bool, ...]] = tuple(t < 27 for t in range(NUM_TILES))
IS_HONOR: Final[tuple[bool, ...]] = tuple(27 <= t < 34 for t in range(NUM_TILES))
IS_WIND: Final[tuple[bool, ...]] = tuple(27 <= t < 31 for t in range(NUM_TILES))
IS_DRAGON: Final[tuple[bool, ...]] = tuple(31 <= t < 34 for t in range(NUM_TILES))
IS_BONUS: Final[tuple[bool, ...]] = tuple(t >= 34 for t in range(NUM_TILES))
IS_TERMINAL: Final[tuple[bool, ...]] = tuple(t < 27 and RANK[t] in (1, 9) for t in range(NUM_TILES))
IS_SIMPLE: Final[tuple[bool, ...]] = tuple(t < 27 and 2 <= RANK[t] <= 8 for t in range(NUM_TILES))
IS_ORPHAN: Final[tuple[bool, ...]] = tuple(IS_TERMINAL[t] or IS_HONOR[t] for t in range(NUM_TILES))
# R25: the green tiles are b2 b3 b4 b6 b8 and the green dragon; the red ones b1 b5 b7 b9
# and the red dragon.
GREEN_TILES: Final = frozenset(CODE_TO_TILE[c] for c in ("b2", "b3", "b4", "b6", "b8", "dg"))
RED_TILES: Final = frozenset(CODE_TO_TILE[c] for c in ("b1", "b5", "b7", "b9", "dr"))
ORPHANS: Final[tuple[Tile, ...]] = tuple(t for t in range(NUM_KINDS) if IS_ORPHAN[t])
# The playing tiles of a class, in tile order (what the generator draws from).
NUMBER_TILES: Final[tuple[Tile, ...]] = tuple(range(27))
HONOR_TILES: Final[tuple[Tile, ...]] = tuple(range(27, 34))
WIND_TILES: Final[tuple[Tile, ...]] = (EAST, SOUTH, WEST, NORTH)
DRAGON_TILES: Final[tuple[Tile, ...]] = (RED, GREEN, WHITE)
SIMPLE_TILES: Final[tuple[Tile, ...]] = tuple(t for t in range(NUM_KINDS) if IS_SIMPLE[t])
TERMINAL_TILES: Final[tuple[Tile, ...]] = tuple(t for t in range(NUM_KINDS) if IS_TERMINAL[t])

WIND_BY_NAME: Final = {name: EAST + i for i, name in enumerate(WIND_NAMES)}


def number_tile(suit: int, rank: int) -> Tile:
    """The number tile of `rank` (1-9) in `suit` (0 coins, 1 bamboo, 2 characters)."""
    return suit * 9 + rank - 1


def suit_tiles(suit: int) -> tuple[Tile, ...]:
    """The nine number tiles of a suit (0 coins, 1 bamboo, 2 characters)."""
    return tuple(range(suit * 9, suit * 9 + 9))


def without(pool: Iterable[Tile], *drop: Iterable[Tile]) -> tuple[Tile, ...]:
    """`pool` in order, minus every tile of `drop`."""
    gone = {t for group in drop for t in group}
    return tuple(t for t in pool if t not in gone)


def code(tile: Tile) -> str:
    """The short code of a tile, e.g. ``c1`` or ``dr``."""
    if not 0 <= tile < NUM_TILES:  # a negative index would wrap around silently
        require(tile)
    return CODES[tile]


def parse_code(text: str) -> Tile | None:
    """The tile for a code such as ``b5``, or None when it is not a tile code."""
    return CODE_TO_TILE.get(text.lower())


def name(tile: Tile) -> str:
    """A readable English name: '3 of bamboo', 'east wind', 'red dragon', 'flower 2'."""
    suit = SUIT[require(tile)]
    if suit <= Suit.CHARACTERS:
        return f"{RANK[tile]} of {SUIT_NAMES[suit]}"
    if suit is Suit.WINDS:
        return f"{WIND_NAMES[tile - EAST]} wind"
    if suit is Suit.DRAGONS:
        return DRAGON_NAMES[tile - RED]
    kind = "flower" if suit is Suit.FLOWERS else "season"
    return f"{kind} {RANK[tile]}"


def sort_key(tile: Tile) -> int:
    """Tiles sort by their index: coins, bamboo, characters, winds, dragons, bonus."""
    return require(tile)
