"""The facts detectors read, and the catalogue that declares every detector once.

A detector is declared with everything the rest of the code needs to know about it
(`Detector`): the hand shapes it can fire for, what it reads of the hand's context,
what it needs the scorer to work out first (`Trait`), and its evidence: which
groups or tiles of a reading make it (`Shown`), or that it is about the whole hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Flag, auto
from typing import Final, TypeVar

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind, Shape, count_vector
from mj_trainer.engine.hand import Hand, Incidental
from mj_trainer.engine.tiles import Suit, Tile

# The two patterns the scorer decides itself, from every other pattern (no detector
# function): a win with nothing else to score, and a hand that is not a win (R7, R13).
CHICKEN_HAND: Final = "chicken_hand"
ILLEGAL_CALL: Final = "illegal_call"
# The context key of flowers and seasons (the incidentals use their own values).
BONUS: Final = "bonus"


class Trait(Flag):
    """What a detector needs from the scorer, and what the generator must know of it."""

    NONE = 0
    WAITS = auto()  # the scorer works out the hand's waits first (only possible tile)
    PLACEMENTS = auto()  # every placement of the winning tile is a reading of its own (R2)
    SPECIAL_FORM = auto()  # an irregular single-tile hand: the scorer reads that form
    PE_LING = auto()  # the c1-pairs-b1 reading of the classical rules
    CIRCUMSTANCE = auto()  # about how the hand was won or its bonus tiles (hard to spot)
    DEALS_BONUS = auto()  # a ruleset with it deals bonus tiles to generated hands
    ANY_BONUS_TILE = auto()  # any bonus tile shows it: avoiding it means dealing none
    KONG = auto()  # needs a declared kong: avoiding it means declaring none
    CONCEALED = auto()  # every concealed hand shows it: avoiding it means exposing a set
    SELF_DRAWN = auto()  # every self-drawn win shows it: avoiding it means winning on a discard
    SEVEN_PAIRS = auto()  # every seven pairs hand shows it
    THIRTEEN_ORPHANS = auto()  # every thirteen orphans hand shows it
    EVERY_WIN = auto()  # every winning hand has it (classical going out)


@dataclass(frozen=True, slots=True)
class Shown:
    """Where a pattern is in one reading: its groups, single tiles, and a phrase.

    The phrase completes "... counts here: <phrase>"; empty means "name the groups".
    """

    groups: tuple[Group, ...] = ()
    tiles: tuple[Tile, ...] = ()
    phrase: str = ""


# Evidence of a detector: what of `hand` read as `arrangement` (None: no reading)
# makes it; None when it is a property of the whole hand.
Proof = Callable[[Hand, Arrangement | None], Shown | None]


def whole_hand(hand: Hand, arrangement: Arrangement | None) -> Shown | None:
    """The evidence of a pattern no smaller part of the hand makes."""
    return None


@dataclass(frozen=True, slots=True)
class Detector:
    """One entry of the catalogue: a detector and what is known about it."""

    name: str
    scope: str  # "hand", "reading" or "scorer" (chicken hand, illegal call)
    shapes: frozenset[Shape] | None  # the shapes it can fire for (None: any)
    shows: Proof | None  # its evidence; None: not declared (the completeness test fails)
    traits: Trait = Trait.NONE
    reads: frozenset[str] = frozenset()  # context it reads: incidental values or BONUS
    breaks: Proof | None = None  # for an absent pattern: what in the hand rules it out
    fn: Callable[..., int] | None = None  # the detector function (None: the scorer's own)
    no_template: str = ""  # why the generator has no template for it ("": it has one)
    rulings: tuple[str, ...] = ()  # the rulings (R numbers) that settle how it is read


CATALOGUE: dict[str, Detector] = {}


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
HandFn = HandDetector  # short names for the category modules
ReadingFn = ReadingDetector
HAND_DETECTORS: dict[str, HandDetector] = {}
READING_DETECTORS: dict[str, ReadingDetector] = {}
# Hand detectors whose pattern can be present and still be void: the check returns the
# reason in words (Blessing of Heaven after a concealed kong), or None when it counts.
VOID_CHECKS: dict[str, Callable[[HandFacts], str | None]] = {}
# The hand shapes a reading detector can ever answer non-zero for; the scorer skips
# the rest (a seven-pairs reading never needs the chow and pung detectors).
DETECTOR_SHAPES: dict[str, frozenset[Shape]] = {}
ALL_SHAPES: frozenset[Shape] = frozenset(Shape)
SETS: frozenset[Shape] = frozenset({Shape.REGULAR})
# Set-counting detectors that also read a loser's partial hand (R32 settlement).
SETS_AND_PARTIAL: frozenset[Shape] = frozenset({Shape.REGULAR, Shape.PARTIAL})


def readers(context: str, detectors: frozenset[str] | set[str]) -> set[str]:
    """Which of `detectors` use the hand's `context` (an incidental value or BONUS).

    A ruleset with none of them ignores that context, and `score --compare` says so.
    """
    return {d for d in detectors if d in CATALOGUE and context in CATALOGUE[d].reads}


def with_trait(trait: Trait, detectors: frozenset[str] | set[str] | None = None) -> set[str]:
    """The detectors (of `detectors`, or of the whole catalogue) that have `trait`."""
    names = CATALOGUE if detectors is None else detectors
    return {d for d in names if d in CATALOGUE and trait in CATALOGUE[d].traits}


def has_trait(detector: str, trait: Trait) -> bool:
    entry = CATALOGUE.get(detector)
    return entry is not None and trait in entry.traits


def _declare(name: str, scope: str, shapes: frozenset[Shape] | None, shows: Proof | None,
             traits: Trait, reads: tuple[str, ...], breaks: Proof | None,
             fn: Callable[..., int] | None, no_template: str) -> None:
    assert name not in CATALOGUE, name
    CATALOGUE[name] = Detector(name, scope, shapes, shows, traits, frozenset(reads), breaks,
                               fn, no_template)


def cite(ruling: str, *detectors: Callable[..., int] | str) -> None:
    """Record that `ruling` (an R number of docs/rulings.md) settles these detectors
    (detector functions, or the name of one of the scorer's own patterns)."""
    for d in detectors:
        name = d if isinstance(d, str) else name_of(d)
        entry = CATALOGUE[name]
        CATALOGUE[name] = replace(entry, rulings=(*entry.rulings, ruling))


def name_of(fn: Callable[..., int]) -> str:
    """The catalogue name of a detector function (how the generator keys its templates)."""
    for entry in CATALOGUE.values():
        if entry.fn is fn:
            return entry.name
    raise KeyError(f"{fn!r} is not a declared detector")

H = TypeVar("H", bound=HandDetector)
R = TypeVar("R", bound=ReadingDetector)


def hand_detector(name: str, shapes: frozenset[Shape] | None = None, *,
                  shows: Proof | None = None, traits: Trait = Trait.NONE,
                  reads: tuple[str, ...] = (), breaks: Proof | None = None,
                  no_template: str = "") -> Callable[[H], H]:
    """Declare a detector that needs only the tiles and context of the hand.

    `shapes` names the hand shapes it can ever fire for when that is narrower than
    all of them (kongs exist only in regular hands); the scorer runs it once a hand.
    `shows` is its evidence, `traits` and `reads` what it needs (see `Detector`).
    """

    def register(fn: H) -> H:
        _declare(name, "hand", shapes, shows, traits, reads, breaks, fn, no_template)
        HAND_DETECTORS[name] = fn
        if shapes is not None:
            DETECTOR_SHAPES[name] = shapes
        return fn

    return register


def void_when(name: str) -> Callable[[Callable[[HandFacts], str | None]],
                                      Callable[[HandFacts], str | None]]:
    """Register why the hand detector `name`'s pattern, though present, is void."""

    def register(fn: Callable[[HandFacts], str | None]) -> Callable[[HandFacts], str | None]:
        assert name in HAND_DETECTORS and name not in VOID_CHECKS, name
        VOID_CHECKS[name] = fn
        return fn

    return register


def reading_detector(name: str, shapes: frozenset[Shape] = SETS, *,
                     shows: Proof | None = None, traits: Trait = Trait.NONE,
                     reads: tuple[str, ...] = (), breaks: Proof | None = None,
                     no_template: str = "") -> Callable[[R], R]:
    """Declare a detector that reads one arrangement of the given shapes."""

    def register(fn: R) -> R:
        _declare(name, "reading", shapes, shows, traits, reads, breaks, fn, no_template)
        READING_DETECTORS[name] = fn
        DETECTOR_SHAPES[name] = shapes
        return fn

    return register


def scorer_pattern(name: str, *, shows: Proof, no_template: str = "") -> None:
    """Declare a pattern the scorer decides itself (no detector function)."""
    _declare(name, "scorer", None, shows, Trait.NONE, (), None, None, no_template)


scorer_pattern(CHICKEN_HAND, shows=whole_hand)
scorer_pattern(ILLEGAL_CALL, shows=whole_hand,
               no_template="a hand that is not a win is built by the generator's "
                           "non-winning mode, not by a template")
cite("R7", ILLEGAL_CALL)
cite("R13", CHICKEN_HAND)
cite("R14", ILLEGAL_CALL)


def detector_names() -> frozenset[str]:
    """Every detector a ruleset file may name (with the scorer's own two)."""
    return frozenset(CATALOGUE)
