"""The hand a player won with: tiles, declared melds and the context of the win.

A `Hand` is immutable and hashable, so results can be cached by hand.  `validate`
collects every problem at once (R6) instead of stopping at the first, so a user
fixing a hand by hand sees the whole list.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from operator import eq
from typing import Final

from mj_trainer.engine import tiles
from mj_trainer.engine.tiles import Tile

DEFAULT_RULESET: Final = "mj-score-eval"


class MeldKind(Enum):
    """What a declared set is."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


# A win from the wall: the hand's field (`Hand.self_drawn`), its name in the JSON of a
# hand, and the detector of the pattern it earns.
SELF_DRAWN: Final = "self_drawn"


class Incidental(Enum):
    """The circumstances of a win that can earn incidental bonuses (seed 000, 12.x)."""

    FINAL_DRAW = "final_draw"
    FINAL_DISCARD = "final_discard"
    WIN_ON_KONG = "win_on_kong"
    WIN_ON_BONUS = "win_on_bonus"
    ROBBING_KONG = "robbing_kong"
    BLESSING_OF_HEAVEN = "blessing_of_heaven"
    BLESSING_OF_EARTH = "blessing_of_earth"
    KONG_ON_KONG = "kong_on_kong"


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set.  `tile` is a chow's lowest tile.  Only kongs can be concealed."""

    kind: MeldKind
    tile: Tile
    exposed: bool = True

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is MeldKind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        size = 4 if self.kind is MeldKind.KONG else 3
        return (self.tile,) * size


@dataclass(frozen=True, slots=True)
class Hand:
    """A finished (or claimed) hand.  `concealed` includes the winning tile."""

    concealed: tuple[Tile, ...]
    winning_tile: Tile
    melds: tuple[Meld, ...] = ()
    self_drawn: bool = False
    bonus: tuple[Tile, ...] = ()
    seat_wind: Tile = tiles.EAST
    prevailing_wind: Tile = tiles.EAST
    incidentals: frozenset[Incidental] = field(default_factory=frozenset)
    ruleset: str = DEFAULT_RULESET

    @property
    def kong_count(self) -> int:
        return sum(1 for m in self.melds if m.kind is MeldKind.KONG)

    @property
    def has_exposed_meld(self) -> bool:
        return any(m.exposed for m in self.melds)

    def all_tiles(self) -> list[Tile]:
        """Every playing tile of the hand: concealed ones and those of the melds."""
        out = list(self.concealed)
        for meld in self.melds:
            out.extend(meld.tiles)
        return out


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a hand: the input field it concerns and what is wrong."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class HandError(ValueError):
    """Raised for input that is not a hand; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


@dataclass(frozen=True, slots=True)
class Precondition:
    """What must be true of a win for an incidental to happen (R6, R26).

    One table for both sides: `validate` reports a hand that breaks it, and the
    generator only gives a generated win the incidentals it allows.
    """

    self_drawn: bool | None = None  # True: a self-drawn win; False: a win on a discard
    kongs: int = 0  # declared kongs it needs
    bonus: bool = False  # needs a bonus tile in the hand
    dealt: bool = False  # a win with the initial hand: nothing exposed
    no_melds: bool = False  # not even a concealed kong declared
    east: bool | None = None  # True: East's only; False: any seat but East's
    lone_copy: bool = False  # the hand holds one copy of the winning tile (a robbed kong)


PRECONDITIONS: Final[dict[Incidental, Precondition]] = {
    Incidental.FINAL_DRAW: Precondition(self_drawn=True),
    Incidental.FINAL_DISCARD: Precondition(self_drawn=False),
    Incidental.WIN_ON_KONG: Precondition(self_drawn=True, kongs=1),
    Incidental.WIN_ON_BONUS: Precondition(self_drawn=True, bonus=True),
    Incidental.ROBBING_KONG: Precondition(self_drawn=False, lone_copy=True),
    Incidental.BLESSING_OF_HEAVEN: Precondition(self_drawn=True, dealt=True, east=True),
    Incidental.BLESSING_OF_EARTH: Precondition(self_drawn=False, dealt=True, no_melds=True,
                                               east=False),
    Incidental.KONG_ON_KONG: Precondition(self_drawn=True, kongs=2),
}
# Which incidentals need a self-drawn win, and which need a win on another's tile (R26).
NEEDS_SELF_DRAWN: Final = frozenset(i for i, p in PRECONDITIONS.items() if p.self_drawn)
NEEDS_DISCARD: Final = frozenset(i for i, p in PRECONDITIONS.items() if p.self_drawn is False)
# Pairs of circumstances that cannot both be true of one win.
EXCLUSIVE: Final = (
    (Incidental.BLESSING_OF_HEAVEN, Incidental.BLESSING_OF_EARTH),
    (Incidental.BLESSING_OF_HEAVEN, Incidental.FINAL_DRAW),
    (Incidental.BLESSING_OF_EARTH, Incidental.FINAL_DISCARD),
    (Incidental.BLESSING_OF_EARTH, Incidental.ROBBING_KONG),
    (Incidental.ROBBING_KONG, Incidental.FINAL_DISCARD),
)


def _label(incidental: Incidental) -> str:
    return incidental.value


def _range_problems(hand: Hand) -> list[Problem]:
    """A problem for every tile number outside 0-41 (a caller building a Hand by hand)."""
    out: list[Problem] = []

    def check(where: str, values: object) -> None:
        seq = values if isinstance(values, (tuple, list)) else (values,)
        out.extend(Problem(where, f"{v!r} is not a tile number (0-{tiles.NUM_TILES - 1})")
                   for v in seq if not tiles.is_tile(v))

    check("concealed", hand.concealed)
    check("winning_tile", hand.winning_tile)
    check("bonus", hand.bonus)
    for i, meld in enumerate(hand.melds):
        check(f"melds[{i}]", meld.tile)
    check("seat_wind", hand.seat_wind)
    check("prevailing_wind", hand.prevailing_wind)
    return out


def plainly_valid(hand: Hand) -> bool:
    """A quick yes for the common hand: no incidentals, every field well formed.

    True only when `validate` would find nothing; False means "look closer", not
    "invalid" (a hand with incidentals always gets the full check).  Scoring a
    batch validates every hand, so this runs far more often than it fails.
    """
    if hand.incidentals:
        return False
    concealed = hand.concealed
    melds = hand.melds
    n = len(melds)
    if n > 4 or len(concealed) != 14 - 3 * n:
        return False
    # Every concealed tile a plain int of 0-33, checked by C loops; then every tile of
    # the hand in order, where five alike would sit four places apart.
    if not set(map(type, concealed)) <= _PLAIN_INT:
        return False
    held = sorted(concealed)
    if held[0] < 0 or held[-1] >= tiles.NUM_KINDS:
        return False
    for meld in melds:
        t = meld.tile
        kind = meld.kind
        if (type(t) is not int or not 0 <= t < tiles.NUM_KINDS
                or (not meld.exposed and kind is not MeldKind.KONG)):
            return False
        if kind is MeldKind.CHOW:
            if t >= 27 or t % 9 > 6:
                return False
            held += (t, t + 1, t + 2)
        else:
            held += (t,) * (4 if kind is MeldKind.KONG else 3)
    if melds:
        held.sort()
    win = hand.winning_tile
    bonus = hand.bonus
    seat = hand.seat_wind
    prevailing = hand.prevailing_wind
    return (
        not any(map(eq, held, held[4:]))
        and type(win) is int and win in concealed
        and (not bonus or (all(type(t) is int and tiles.NUM_KINDS <= t < tiles.NUM_TILES
                                for t in bonus) and len(set(bonus)) == len(bonus)))
        and type(seat) is int and tiles.EAST <= seat <= tiles.NORTH
        and type(prevailing) is int and tiles.EAST <= prevailing <= tiles.NORTH
    )


_PLAIN_INT: Final = frozenset({int})


def validate(hand: Hand) -> list[Problem]:
    """Every reason `hand` is not a possible hand (R6, R26, R27); empty when it is."""
    return [] if plainly_valid(hand) else problems_of(hand)


def problems_of(hand: Hand) -> list[Problem]:
    """`validate` without the quick yes: every check, in the order they are reported."""
    problems = _range_problems(hand)
    if problems:
        return problems  # every other check indexes tables by tile number
    add = problems.append

    for tile in hand.concealed:
        if tiles.IS_BONUS[tile]:
            add(Problem("concealed", f"{tiles.code(tile)} is a bonus tile; list it under bonus"))
    if tiles.IS_BONUS[hand.winning_tile]:
        add(Problem("winning_tile", f"{tiles.code(hand.winning_tile)} is a bonus tile"))
    for i, meld in enumerate(hand.melds):
        where = f"melds[{i}]"
        if tiles.IS_BONUS[meld.tile]:
            add(Problem(where, f"a {meld.kind.value} cannot be made of bonus tiles"))
        elif meld.kind is MeldKind.CHOW and (
            not tiles.IS_NUMBER[meld.tile] or tiles.RANK[meld.tile] > 7
        ):
            add(
                Problem(
                    where,
                    f"a chow starting at {tiles.code(meld.tile)} is impossible "
                    "(a chow is three consecutive numbers of one suit, starting at 1-7)",
                )
            )
        if not meld.exposed and meld.kind is not MeldKind.KONG:
            add(Problem(where, f"only a kong can be declared concealed, not a {meld.kind.value}"))
    for tile in hand.bonus:
        if not tiles.IS_BONUS[tile]:
            add(Problem("bonus", f"{tiles.code(tile)} is not a flower or season"))
    for tile, n in sorted(Counter(hand.bonus).items()):
        if n > 1:
            add(Problem("bonus", f"{tiles.code(tile)} appears {n} times; there is one of each"))
    if problems:
        return problems  # the counts below assume well-formed tiles and melds

    if len(hand.melds) > 4:
        add(Problem("melds", f"{len(hand.melds)} melds; a hand has at most four sets"))
    expected = 14 - 3 * len(hand.melds)
    if len(hand.concealed) != expected and len(hand.melds) <= 4:
        melds_part = f" beside {len(hand.melds)} meld(s)" if hand.melds else ""
        add(
            Problem(
                "concealed",
                f"{len(hand.concealed)} tiles{melds_part}; expected {expected} "
                "(a hand has 14 tiles plus one for each kong)",
            )
        )
    counts = Counter(hand.all_tiles())
    for tile, n in sorted(counts.items()):
        if n > 4:
            add(Problem("concealed", f"{count_word(n)} copies of {tiles.code(tile)}"))
    if hand.winning_tile not in hand.concealed:
        add(
            Problem(
                "winning_tile",
                f"{tiles.code(hand.winning_tile)} is not among the concealed tiles",
            )
        )
    for attr in ("seat_wind", "prevailing_wind"):
        if not tiles.IS_WIND[getattr(hand, attr)]:
            add(Problem(attr, "must be east, south, west or north"))
    problems.extend(_context_problems(hand, counts))
    return problems


def _context_problems(hand: Hand, counts: Counter[Tile]) -> list[Problem]:
    """Circumstances of the win that contradict each other or the tiles (R6, R26)."""
    out: list[Problem] = []
    inc = hand.incidentals
    for item in sorted(inc, key=lambda i: i.value):
        if item in NEEDS_SELF_DRAWN and not hand.self_drawn:
            out.append(Problem("incidentals", f"{_label(item)} needs a self-drawn win"))
        if item in NEEDS_DISCARD and hand.self_drawn:
            out.append(
                Problem("incidentals", f"{_label(item)} is a win on another player's tile, "
                        "not a self-drawn one")
            )
    for a, b in EXCLUSIVE:
        if a in inc and b in inc:
            out.append(Problem("incidentals", f"{_label(a)} and {_label(b)} cannot both happen"))
    needs = [PRECONDITIONS[i] for i in sorted(inc, key=lambda i: i.value)]
    for item in sorted(inc, key=lambda i: i.value):
        east = PRECONDITIONS[item].east
        if east is True and hand.seat_wind != tiles.EAST:
            out.append(Problem("incidentals", f"{item.value} is only for the East seat"))
    for item in sorted(inc, key=lambda i: i.value):
        if PRECONDITIONS[item].east is False and hand.seat_wind == tiles.EAST:
            out.append(Problem("incidentals",
                               f"{item.value} is only for a seat other than East"))
    if any(p.dealt for p in needs) and hand.has_exposed_meld:
        out.append(
            Problem("incidentals", "a blessing is a win with the initial hand, "
                    "which cannot have exposed melds")
        )
    for item in sorted(inc, key=lambda i: i.value):
        if PRECONDITIONS[item].no_melds and hand.melds:
            out.append(Problem("incidentals", f"{item.value} leaves no time to declare a kong"))
    if any(p.kongs >= 1 for p in needs) and hand.kong_count == 0:
        out.append(Problem("incidentals", f"{Incidental.WIN_ON_KONG.value} needs a declared kong"))
    for item in sorted(inc, key=lambda i: i.value):
        if PRECONDITIONS[item].kongs >= 2 and hand.kong_count < 2:
            out.append(Problem("incidentals", f"{item.value} needs two declared kongs"))
    for item in sorted(inc, key=lambda i: i.value):
        if PRECONDITIONS[item].bonus and not hand.bonus:
            out.append(Problem("incidentals", f"{item.value} needs a bonus tile in the hand"))
    for item in sorted(inc, key=lambda i: i.value):
        if PRECONDITIONS[item].lone_copy and counts[hand.winning_tile] > 1:
            out.append(
                Problem(
                    "incidentals",
                    f"{item.value}: the other three {tiles.code(hand.winning_tile)} were in "
                    "the robbed kong, so the hand can hold only one",
                )
            )
    return out


def count_word(n: int) -> str:
    """Five, six, ... for the tile counts in messages."""
    words = {5: "five", 6: "six", 7: "seven", 8: "eight"}
    return words.get(n, str(n))


def checked(hand: Hand) -> Hand:
    """`hand` itself when valid; otherwise raise HandError with every problem."""
    problems = validate(hand)
    if problems:
        raise HandError(problems)
    return hand
