"""The facts detectors read, and the registries that name them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, GroupKind, Shape, count_vector
from mj_trainer.engine.hand import Hand, Incidental
from mj_trainer.engine.tiles import Suit, Tile


@dataclass(slots=True)
class HandFacts:
    """What the whole hand shows, whatever the arrangement; computed once a hand."""

    hand: Hand
    counts: list[int]
    kinds: frozenset[Tile]
    types: frozenset[Suit]
    number_suits: frozenset[Suit]
    has_honor: bool
    has_terminal: bool
    has_simple: bool
    incidentals: frozenset[Incidental]
    bonus: frozenset[Tile]
    # The tiles the hand was waiting on; filled in by the scorer only for rulesets
    # with a pattern that needs them (classical "only possible tile").
    waits: tuple[Tile, ...] | None = None

    @classmethod
    def of(cls, hand: Hand) -> HandFacts:
        all_tiles = hand.all_tiles()
        kinds = frozenset(all_tiles)
        types = frozenset(tiles.SUIT[t] for t in kinds)
        return cls(
            hand=hand,
            counts=count_vector(all_tiles),
            kinds=kinds,
            types=types,
            number_suits=types & {Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS},
            has_honor=any(tiles.IS_HONOR[t] for t in kinds),
            has_terminal=any(tiles.IS_TERMINAL[t] for t in kinds),
            has_simple=any(tiles.IS_SIMPLE[t] for t in kinds),
            incidentals=hand.incidentals,
            bonus=frozenset(hand.bonus),
        )


@dataclass(slots=True)
class Reading:
    """One arrangement seen the way set-based detectors need it."""

    facts: HandFacts
    arrangement: Arrangement
    shape: Shape
    chows: list[Tile]
    pungs: list[Tile]  # pungs and kongs alike (R4)
    concealed_pungs: int  # R3: concealed kongs and pungs all drawn by the player
    eyes: Tile  # -1 when the shape has no eyes
    chow_counts: Counter[Tile] = field(default_factory=Counter)
    # Per number suit, a bit mask of the chows' starting ranks and of the pungs' ranks
    # (bit r-1 for rank r), so run-shaped patterns test a few integers.
    chow_masks: tuple[int, int, int] = (0, 0, 0)
    pung_masks: tuple[int, int, int] = (0, 0, 0)

    @classmethod
    def of(cls, facts: HandFacts, arrangement: Arrangement) -> Reading:
        chows: list[Tile] = []
        pungs: list[Tile] = []
        hidden = 0
        eyes = -1
        for g in arrangement.groups:
            kind = g.kind
            if kind is GroupKind.CHOW:
                chows.append(g.tile)
            elif kind is GroupKind.PUNG or kind is GroupKind.KONG:
                pungs.append(g.tile)
                if g.concealed:
                    hidden += 1
        if arrangement.shape is Shape.REGULAR:
            eyes = arrangement.groups[-1].tile
        elif arrangement.shape is Shape.PARTIAL:
            eyes = next((g.tile for g in arrangement.groups if g.kind is GroupKind.PAIR), -1)
        return cls(facts, arrangement, arrangement.shape, chows, pungs, hidden, eyes,
                   Counter(chows), _masks(chows), _masks(pungs))


def _masks(starts: list[Tile]) -> tuple[int, int, int]:
    masks = [0, 0, 0]
    for t in starts:
        if t < 27:
            masks[t // 9] |= 1 << (t % 9)
    return masks[0], masks[1], masks[2]


HandDetector = Callable[[HandFacts], int]
ReadingDetector = Callable[[Reading], int]
HAND_DETECTORS: dict[str, HandDetector] = {}
READING_DETECTORS: dict[str, ReadingDetector] = {}
# The hand shapes a reading detector can ever answer non-zero for; the scorer skips
# the rest (a seven-pairs reading never needs the chow and pung detectors).
DETECTOR_SHAPES: dict[str, frozenset[Shape]] = {}
ALL_SHAPES: frozenset[Shape] = frozenset(Shape)
SETS: frozenset[Shape] = frozenset({Shape.REGULAR})
# Set-counting detectors that also read a loser's partial hand (R32 settlement).
SETS_AND_PARTIAL: frozenset[Shape] = frozenset({Shape.REGULAR, Shape.PARTIAL})
# Which detectors make use of each piece of context a hand can carry: an incidental
# (by its value) or "bonus" for flowers and seasons.  A ruleset with none of them
# ignores that context, and `mj-trainer score --compare` says so.
CONTEXT_READERS: dict[str, set[str]] = {}


def reads(context: str, *detectors: str) -> None:
    """Record that `detectors` use the hand's `context` (see CONTEXT_READERS)."""
    CONTEXT_READERS.setdefault(context, set()).update(detectors)

H = TypeVar("H", bound=HandDetector)
R = TypeVar("R", bound=ReadingDetector)


def hand_detector(name: str, shapes: frozenset[Shape] | None = None) -> Callable[[H], H]:
    """Register a detector that needs only the tiles and context of the hand.

    `shapes` names the hand shapes it can ever fire for when that is narrower than
    all of them (kongs exist only in regular hands); the scorer runs it once a hand.
    """

    def register(fn: H) -> H:
        assert name not in HAND_DETECTORS and name not in READING_DETECTORS, name
        HAND_DETECTORS[name] = fn
        if shapes is not None:
            DETECTOR_SHAPES[name] = shapes
        return fn

    return register


def reading_detector(name: str, shapes: frozenset[Shape] = SETS) -> Callable[[R], R]:
    """Register a detector that reads one arrangement of the given shapes."""

    def register(fn: R) -> R:
        assert name not in HAND_DETECTORS and name not in READING_DETECTORS, name
        READING_DETECTORS[name] = fn
        DETECTOR_SHAPES[name] = shapes
        return fn

    return register


def detector_names() -> frozenset[str]:
    """Every detector a ruleset file may name (plus the special chicken hand)."""
    return frozenset(HAND_DETECTORS) | frozenset(READING_DETECTORS) | {"chicken_hand",
                                                                      "illegal_call"}
