"""The facts detectors read, and the catalogue that declares every detector once.

A detector is declared with everything the rest of the code needs to know about it
(`Detector`): the hand shapes it can fire for, what it reads of the hand's context,
what it needs the scorer to work out first (`Trait`), and its evidence: which
groups or tiles of a reading make it (`Shown`), or that it is about the whole hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Flag, IntFlag, auto
from typing import TYPE_CHECKING, Any, Final, TypeVar

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.hand import Hand, Incidental, MeldKind
from mj_trainer.engine.ruleset_model import CHICKEN_HAND, ILLEGAL_CALL, Pattern
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Suit, Tile

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft

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


class HandFlag(IntFlag):
    """Hand-wide facts as bits, for the quick pre-checks of `Needs`."""

    COINS = auto()
    BAMBOO = auto()
    CHARACTERS = auto()
    WINDS = auto()
    DRAGONS = auto()
    HONOR = auto()  # a wind or a dragon
    TERMINAL = auto()  # a 1 or a 9
    SIMPLE = auto()  # a 2 to 8
    ONE_SUIT = auto()  # exactly one number suit
    MELDS = auto()  # a declared set
    KONG = auto()  # a declared kong
    EXPOSED = auto()  # an exposed set
    SELF_DRAWN = auto()
    INCIDENTAL = auto()  # any circumstance of the win
    BONUS = auto()  # a flower or a season


NUMBER_SUITS = HandFlag.COINS | HandFlag.BAMBOO | HandFlag.CHARACTERS
NO_FLAGS = HandFlag(0)


@dataclass(frozen=True, slots=True)
class Needs:
    """What a hand or reading must have for a detector to answer anything but 0.

    Declared with the detector, so the scorer skips it when a quick look at the hand
    (its `HandFlag`s) or at the reading (how many chows and pungs, of winds and of
    dragons) says it cannot fire.  A cheap promise, not the rule: the detector still
    decides.  `tests/engine/test_detector_needs.py` checks every promise on many hands.
    """

    has: HandFlag = NO_FLAGS  # every one of these
    lacks: HandFlag = NO_FLAGS  # none of these
    chows: int = 0  # at least this many chows
    pungs: int = 0  # at least this many pungs or kongs
    wind_pungs: int = 0
    dragon_pungs: int = 0

    def met_by_hand(self, flags: int) -> bool:
        return flags & self.has == self.has and not flags & self.lacks

    def met_by_reading(self, signature: int) -> bool:
        """Against `Reading.signature`: the hand's flags and the reading's set counts."""
        chows, pungs, winds, dragons, flags = unpack_signature(signature)
        return (self.met_by_hand(flags) and chows >= self.chows and pungs >= self.pungs
                and winds >= self.wind_pungs and dragons >= self.dragon_pungs)


ANYTHING: Final = Needs()

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


# The hand shapes a generator template builds (`DeclaredTemplate.shapes`), beyond the
# regular hands of the default.
REGULAR_OR_PAIRS: Final = (Shape.REGULAR, Shape.SEVEN_PAIRS)
ANY_WIN_SHAPE: Final = (Shape.REGULAR, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS)
# A generator template's build (`Callable[[generator.builder.Draft], None]`): it fills a
# draft through the Draft's methods alone (the category modules name `Draft` for type
# checking only), so the catalogue, which the scorer loads, never imports the generator.
Recipe = Callable[[Any], None]
DetectorRef = Callable[..., int] | str  # a detector function, or a detector's name


@dataclass(frozen=True, slots=True)
class DeclaredTemplate:
    """How the generator builds a hand that shows a pattern: declared with its detector
    (`template=` of the decorators), the one place a template is declared.

    `build` places what the pattern needs on a draft and leaves the rest to the
    finisher; `shapes` are the hand shapes it builds, `implies` the detectors every
    hand it builds shows as well (`regular_implies`: only its regular hands).
    `engine.generator.templates` reads them all from the catalogue (`Template`).
    """

    build: Recipe
    shapes: tuple[Shape, ...] = (Shape.REGULAR,)
    implies: tuple[DetectorRef, ...] = ()
    regular_implies: tuple[DetectorRef, ...] = ()


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
    needs: Needs = ANYTHING  # when it can answer anything but 0 (the scorer's pre-check)
    template: DeclaredTemplate | None = None  # its generator template (None: see no_template)


CATALOGUE: dict[str, Detector] = {}


# Plain ints for the hot path (IntFlag arithmetic builds enum members, which is slow).
_COINS, _BAMBOO, _CHARACTERS = (int(HandFlag.COINS), int(HandFlag.BAMBOO),
                                int(HandFlag.CHARACTERS))
_WINDS, _DRAGONS, _HONOR = int(HandFlag.WINDS), int(HandFlag.DRAGONS), int(HandFlag.HONOR)
_TERMINAL, _SIMPLE, _ONE_SUIT = (int(HandFlag.TERMINAL), int(HandFlag.SIMPLE),
                                 int(HandFlag.ONE_SUIT))
_MELDS, _KONG, _EXPOSED = int(HandFlag.MELDS), int(HandFlag.KONG), int(HandFlag.EXPOSED)
_SELF_DRAWN, _INCIDENTAL, _BONUS = (int(HandFlag.SELF_DRAWN), int(HandFlag.INCIDENTAL),
                                    int(HandFlag.BONUS))


def _tile_mask(test: tuple[bool, ...]) -> int:
    return sum(1 << t for t in range(tiles.NUM_KINDS) if test[t])


# Bit t of a hand's tile mask is set when the hand holds tile t.
SUIT_MASKS: Final = tuple(0x1FF << (9 * s) for s in range(3))
WIND_MASK: Final = _tile_mask(tiles.IS_WIND)
DRAGON_MASK: Final = _tile_mask(tiles.IS_DRAGON)
TERMINAL_MASK: Final = _tile_mask(tiles.IS_TERMINAL)
SIMPLE_MASK: Final = _tile_mask(tiles.IS_SIMPLE)
_BIT: Final = tuple(1 << t for t in range(tiles.NUM_KINDS))
_SUITS_OF: Final = tuple(frozenset(s for s in (Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS)
                                   if bits >> int(s) & 1) for bits in range(8))
_TYPES_OF: Final = tuple(frozenset(s for s in (Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS,
                                               Suit.WINDS, Suit.DRAGONS)
                                   if bits >> int(s) & 1) for bits in range(32))
_NO_TILES: Final[frozenset[Tile]] = frozenset()
_NO_EVENTS: Final[frozenset[Incidental]] = frozenset()


class HandFacts:
    """What the whole hand shows, whatever the arrangement; computed once a hand.

    Tile classes are kept as bits (`mask`: one bit per tile kind held; `flags`: the
    `HandFlag`s), so detectors and the scorer's pre-checks test integers.
    """

    __slots__ = (
        "bonus",
        "counts",
        "flags",
        "hand",
        "has_honor",
        "has_simple",
        "has_terminal",
        "incidentals",
        "mask",
        "number_suits",
        "types",
        "waits",
    )

    def __init__(self, hand: Hand, counts: list[int], mask: int, flags: int) -> None:
        self.hand = hand
        self.counts = counts
        self.mask = mask
        self.flags = flags
        self.types: frozenset[Suit] = _TYPES_OF[flags & 31]
        self.number_suits: frozenset[Suit] = _SUITS_OF[flags & 7]
        self.has_honor = bool(flags & _HONOR)
        self.has_terminal = bool(flags & _TERMINAL)
        self.has_simple = bool(flags & _SIMPLE)
        self.incidentals: frozenset[Incidental] = hand.incidentals
        self.bonus: frozenset[Tile] = frozenset(hand.bonus) if hand.bonus else _NO_TILES
        # The tiles the hand was waiting on; filled in by the scorer only for rulesets
        # with a pattern that needs them (classical "only possible tile").
        self.waits: tuple[Tile, ...] | None = None

    @property
    def kinds(self) -> frozenset[Tile]:
        """The tile kinds the hand holds."""
        mask = self.mask
        return frozenset(t for t in range(tiles.NUM_KINDS) if mask >> t & 1)

    def only(self, allowed: int) -> bool:
        """Whether every tile of the hand is in the tile mask `allowed`."""
        return not self.mask & ~allowed

    @classmethod
    def of(cls, hand: Hand) -> HandFacts:
        counts = [0] * tiles.NUM_KINDS
        mask = 0
        bit = _BIT
        for t in hand.concealed:
            counts[t] += 1
            mask |= bit[t]
        flags = 0
        melds = hand.melds
        if melds:
            flags = _MELDS
            for m in melds:
                t = m.tile
                kind = m.kind
                if kind is MeldKind.CHOW:
                    counts[t] += 1
                    counts[t + 1] += 1
                    counts[t + 2] += 1
                    mask |= 7 << t
                else:
                    if kind is MeldKind.KONG:
                        counts[t] += 4
                        flags |= _KONG
                    else:
                        counts[t] += 3
                    mask |= bit[t]
                if m.exposed:
                    flags |= _EXPOSED
        suits = 0
        if mask & 0x1FF:
            flags |= _COINS
            suits += 1
        if mask & 0x3FE00:
            flags |= _BAMBOO
            suits += 1
        if mask & 0x7FC0000:
            flags |= _CHARACTERS
            suits += 1
        if suits == 1:
            flags |= _ONE_SUIT
        if mask & WIND_MASK:
            flags |= _WINDS | _HONOR
        if mask & DRAGON_MASK:
            flags |= _DRAGONS | _HONOR
        if mask & TERMINAL_MASK:
            flags |= _TERMINAL
        if mask & SIMPLE_MASK:
            flags |= _SIMPLE
        if hand.self_drawn:
            flags |= _SELF_DRAWN
        if hand.incidentals:
            flags |= _INCIDENTAL
        if hand.bonus:
            flags |= _BONUS
        return cls(hand, counts, mask, flags)


# The set counts of a signature, below its hand flags.
SET_COUNTS_MASK: Final = 0xFFFF


def unpack_signature(signature: int) -> tuple[int, int, int, int, int]:
    """A reading's chows, pungs, wind and dragon pungs, and its hand's flags, from the
    one int `Reading` packs them in."""
    return (signature & 15, signature >> 4 & 15, signature >> 8 & 15, signature >> 12 & 15,
            signature >> 16)


_CHOW, _PUNG, _KONG_GROUP, _PAIR = GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR
_REGULAR, _PARTIAL = Shape.REGULAR, Shape.PARTIAL
_EMPTY_COUNTS: Final[Counter[Tile]] = Counter()


class Reading:
    """One arrangement seen the way set-based detectors need it; built once a reading.

    Per number suit, a bit mask of the chows' starting ranks and of the pungs' ranks
    (bit r-1 for rank r), so run-shaped patterns test a few integers.
    """

    __slots__ = (
        "_chow_counts",
        "arrangement",
        "chow_masks",
        "chows",
        "concealed_pungs",
        "dragon_pungs",
        "eyes",
        "facts",
        "pung_masks",
        "pungs",
        "repeated_chows",
        "shape",
        "signature",
        "wind_pungs",
    )

    def __init__(self, facts: HandFacts, arrangement: Arrangement) -> None:
        chows: list[Tile] = []
        pungs: list[Tile] = []
        hidden = winds = dragons = 0
        c0 = c1 = c2 = p0 = p1 = p2 = 0
        c_all = 0  # every chow's start tile, one bit each: a repeat finds its bit set
        repeated = False
        shape = arrangement.shape
        groups = arrangement.groups
        for g in groups:
            kind = g[0]
            t = g[1]
            if kind is _CHOW:
                chows.append(t)
                if c_all >> t & 1:
                    repeated = True
                c_all |= 1 << t
                if t < 9:
                    c0 |= 1 << t
                elif t < 18:
                    c1 |= 1 << (t - 9)
                else:
                    c2 |= 1 << (t - 18)
            elif kind is _PUNG or kind is _KONG_GROUP:
                pungs.append(t)
                if g[2]:
                    hidden += 1
                if t < 9:
                    p0 |= 1 << t
                elif t < 18:
                    p1 |= 1 << (t - 9)
                elif t < 27:
                    p2 |= 1 << (t - 18)
                elif t < 31:
                    winds += 1
                else:
                    dragons += 1
        eyes = -1
        if shape is _REGULAR:
            eyes = groups[-1][1]
        elif shape is _PARTIAL:
            eyes = next((g[1] for g in groups if g[0] is _PAIR), -1)
        self.facts = facts
        self.arrangement = arrangement
        self.shape = shape
        self.chows = chows
        self.pungs = pungs  # pungs and kongs alike (R4)
        self.concealed_pungs = hidden  # R3: concealed kongs and pungs all drawn by the player
        self.eyes = eyes  # -1 when the shape has no eyes
        self.chow_masks = (c0, c1, c2)
        self.pung_masks = (p0, p1, p2)
        self.wind_pungs = winds
        self.dragon_pungs = dragons
        self.repeated_chows = repeated  # two chows start at the same tile
        self.signature = (len(chows) | len(pungs) << 4 | winds << 8 | dragons << 12
                          | facts.flags << 16)
        self._chow_counts: Counter[Tile] | None = None

    @property
    def chow_counts(self) -> Counter[Tile]:
        """How many chows start at each tile (made on first use: few detectors ask)."""
        counts = self._chow_counts
        if counts is None:
            counts = self._chow_counts = Counter(self.chows) if self.chows else _EMPTY_COUNTS
        return counts

    @classmethod
    def of(cls, facts: HandFacts, arrangement: Arrangement) -> Reading:
        return cls(facts, arrangement)


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
             fn: Callable[..., int] | None, no_template: str, needs: Needs = ANYTHING,
             template: DeclaredTemplate | None = None) -> None:
    assert name not in CATALOGUE, name
    assert not (template and no_template), f"{name}: a template or a reason, not both"
    CATALOGUE[name] = Detector(name, scope, shapes, shows, traits, frozenset(reads), breaks,
                               fn, no_template, needs=needs, template=template)


def cite(ruling: str, *detectors: Callable[..., int] | str) -> None:
    """Record that `ruling` (an R number of quizzes/rulings.md) settles these detectors
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
                  no_template: str = "", needs: Needs = ANYTHING,
                  template: DeclaredTemplate | None = None) -> Callable[[H], H]:
    """Declare a detector that needs only the tiles and context of the hand.

    `shapes` names the hand shapes it can ever fire for when that is narrower than
    all of them (kongs exist only in regular hands); the scorer runs it once a hand.
    `shows` is its evidence, `traits` and `reads` what it needs (see `Detector`);
    `needs` the hand flags without which it always answers 0; `template` its
    generator template (or `no_template`, why it has none).
    """

    def register(fn: H) -> H:
        _declare(name, "hand", shapes, shows, traits, reads, breaks, fn, no_template, needs,
                 template)
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
                     no_template: str = "", needs: Needs = ANYTHING,
                     template: DeclaredTemplate | None = None) -> Callable[[R], R]:
    """Declare a detector that reads one arrangement of the given shapes.

    `needs` says which hands and readings it can fire for at all (see `Needs`);
    `template` is as for `hand_detector`.
    """

    def register(fn: R) -> R:
        _declare(name, "reading", shapes, shows, traits, reads, breaks, fn, no_template, needs,
                 template)
        READING_DETECTORS[name] = fn
        DETECTOR_SHAPES[name] = shapes
        return fn

    return register


def scorer_pattern(name: str, *, shows: Proof, breaks: Proof, no_template: str = "",
                   template: DeclaredTemplate | None = None) -> None:
    """Declare a pattern the scorer decides itself (no detector function)."""
    _declare(name, "scorer", None, shows, Trait.NONE, (), breaks, None, no_template,
             template=template)


def _only_when(text: str) -> Proof:
    def proof(hand: Hand, arrangement: Arrangement | None) -> Shown:
        return Shown(phrase=text)

    return proof


def _build_chicken(d: Draft) -> None:
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
    suits = d.three_suits()
    starts = d.rng.sample(range(1, 8), 4 - pungs)
    for suit, rank in zip(suits, starts, strict=False):
        d.chow(tiles.number_tile(suit, rank))
    ranks = d.rng.sample(range(1, 10), pungs)
    two_ways = d.hard and (not d.rules.uses_bonus or d.chance(0.5))
    if two_ways:
        # A hard chicken without bonus tiles: the discard completes either the
        # first chow or a hidden pung of one of its tiles, so the hand has two
        # readings (R1, R2) and both are chicken hands.
        first = d.sets[0]
        first.exposed = False
        ranks[0] = tiles.RANK[first.tile] + d.rng.randrange(3)
        if len(ranks) > 1 and ranks[1] == ranks[0]:
            d.start_again()
        d.pung(first.tile - tiles.RANK[first.tile] + ranks[0], False, fixed=True)
        d.win_tile = d.sets[-1].tile
        ranks = ranks[1:]
    for rank in ranks:
        exposed = True if len(d.sets) > 4 - pungs else None
        d.pung(tiles.number_tile(d.suit(), rank), exposed, fixed=True)
    if not any(tiles.IS_TERMINAL[t] for s in d.sets for t in s.tiles):
        d.set_eyes(d.pick_tile(tiles.TERMINAL_TILES, 2))
    else:
        d.set_eyes(d.pick_tile(tiles.NUMBER_TILES, 2))


scorer_pattern(CHICKEN_HAND, shows=whole_hand,
               breaks=_only_when("counts only when no other pattern scores"),
               template=DeclaredTemplate(_build_chicken))
scorer_pattern(ILLEGAL_CALL, shows=whole_hand,
               breaks=_only_when("is only for a hand that is not a win, and this one is"),
               no_template="a hand that is not a win is built by the generator's "
                           "non-winning mode, not by a template")
cite("R7", ILLEGAL_CALL)
cite("R13", CHICKEN_HAND)
cite("R14", ILLEGAL_CALL)


def pattern_shapes(pattern: Pattern) -> frozenset[Shape]:
    """The hand shapes a pattern can ever count for: its detector's, less the ones its
    ruleset keeps it out of (`not_for`).  Set-based patterns never count for seven pairs
    or thirteen orphans (R5, R16): their detectors are declared for regular hands only."""
    return DETECTOR_SHAPES.get(pattern.detector, ALL_SHAPES) - pattern.not_for


def detector_names() -> frozenset[str]:
    """Every detector a ruleset file may name (with the scorer's own two)."""
    return frozenset(CATALOGUE)
