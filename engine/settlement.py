"""The classical settlement between all four players (R32, seed 004).

Every player scores his hand: the winner as usual, each loser the points of the sets
and pairs he holds (exposed or concealed) doubled by the doublings for all players,
with no 20 for going out and none of the winner's bonuses.  A loser who was waiting
on an irregular limit hand scores half its value instead (seed 004's "Ready hand"
column); one waiting on a regular limit hand keeps his regular points.

Then the winner collects his score from each loser, and the losers settle the
differences of their scores among themselves.  Whenever East pays or receives, the
amount is doubled.  Every payment is from one player to another, so the four
balances always add up to zero.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import count_vector, partial_arrangements
from mj_trainer.engine.hand import Hand, HandError, Meld, MeldKind, Problem, count_word
from mj_trainer.engine.notation import NotationError, parse
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.scoring import Outcome, Score, accepted_shapes, score, score_partial
from mj_trainer.engine.tiles import Tile
from mj_trainer.engine.waits import waits

SEATS: Final = (tiles.EAST, tiles.SOUTH, tiles.WEST, tiles.NORTH)


def seat_name(seat: Tile) -> str:
    """'east', 'south', 'west' or 'north'."""
    return tiles.WIND_NAMES[seat - tiles.EAST]


@dataclass(frozen=True, slots=True)
class LoserHand:
    """The tiles a losing player holds when the hand ends: 13 plus one per kong."""

    concealed: tuple[Tile, ...]
    seat_wind: Tile
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    prevailing_wind: Tile = tiles.EAST

    def all_tiles(self) -> list[Tile]:
        out = list(self.concealed)
        for meld in self.melds:
            out.extend(meld.tiles)
        return out

    def as_hand(self, ruleset: str) -> Hand:
        """The tiles as a Hand for the detectors; its winning tile is a placeholder."""
        first = self.concealed[0] if self.concealed else self.melds[0].tile
        return Hand(concealed=self.concealed, winning_tile=first, melds=self.melds,
                    bonus=self.bonus, seat_wind=self.seat_wind,
                    prevailing_wind=self.prevailing_wind, ruleset=ruleset)


def validate_loser(loser: LoserHand) -> list[Problem]:
    """Every reason the loser's tiles are not a possible hand (R6)."""
    problems: list[Problem] = []
    add = problems.append
    for tile in loser.concealed:
        if tiles.IS_BONUS[tile]:
            add(Problem("concealed", f"{tiles.code(tile)} is a bonus tile; list it under bonus"))
    for i, meld in enumerate(loser.melds):
        where = f"melds[{i}]"
        if tiles.IS_BONUS[meld.tile]:
            add(Problem(where, f"a {meld.kind.value} cannot be made of bonus tiles"))
        elif meld.kind is MeldKind.CHOW and (not tiles.IS_NUMBER[meld.tile]
                                             or tiles.RANK[meld.tile] > 7):
            add(Problem(where, f"a chow starting at {tiles.code(meld.tile)} is impossible"))
        if not meld.exposed and meld.kind is not MeldKind.KONG:
            add(Problem(where, f"only a kong can be declared concealed, not a {meld.kind.value}"))
    for tile in loser.bonus:
        if not tiles.IS_BONUS[tile]:
            add(Problem("bonus", f"{tiles.code(tile)} is not a flower or season"))
    if problems:
        return problems
    if len(loser.melds) > 4:
        add(Problem("melds", f"{len(loser.melds)} melds; a hand has at most four sets"))
    expected = 13 - 3 * len(loser.melds)
    if len(loser.concealed) != expected and len(loser.melds) <= 4:
        beside = f" beside {len(loser.melds)} meld(s)" if loser.melds else ""
        add(Problem("concealed", f"{len(loser.concealed)} tiles{beside}; a loser holds "
                    f"{expected} (13 tiles plus one for each kong)"))
    for tile, n in sorted(Counter(loser.all_tiles()).items()):
        if n > 4:
            add(Problem("concealed", f"{count_word(n)} copies of {tiles.code(tile)}"))
    for tile, n in sorted(Counter(loser.bonus).items()):
        if n > 1:
            add(Problem("bonus", f"{tiles.code(tile)} appears {n} times; there is one of each"))
    for attr in ("seat_wind", "prevailing_wind"):
        if not tiles.IS_WIND[getattr(loser, attr)]:
            add(Problem(attr, "must be east, south, west or north"))
    return problems


_SEAT_TOKEN = re.compile(r"(?:^|\s)seat:", re.IGNORECASE)
_PLACEHOLDER = "c1"


def parse_loser(text: str, prevailing_wind: Tile = tiles.EAST) -> LoserHand:
    """A loser's hand from the notation, without a winning tile: `c123 [dr dr dr] ... seat:south`.

    The seat is required (it decides who pays double); the prevailing wind is the
    winner's.  Raises HandError (NotationError with columns for notation mistakes).
    """
    stripped = text.strip()
    for m in re.finditer(r"\S+", stripped):
        word = m.group().lower()
        if word.startswith("+"):
            raise NotationError([Problem(f"col {m.start() + 1}",
                                         "a loser's hand has no winning tile: drop the '+'")])
        if word.startswith(("wind:", "prevailing:", "ruleset:", "rules:")):
            raise NotationError([Problem(f"col {m.start() + 1}", f"{m.group()!r}: the round's "
                                         "wind and the ruleset are the winner's; give only "
                                         "the loser's seat")])
    if not stripped:
        raise NotationError([Problem("col 1", "empty hand: write the loser's tiles and seat:")])
    # The notation needs a winning tile: parse with a placeholder and take it out again.
    hand = parse(f"{stripped} +{_PLACEHOLDER}", check=False)
    if hand.self_drawn or hand.incidentals:
        raise HandError([Problem("", "a loser's hand has no way of winning "
                                 "(self, discard or incidentals)")])
    concealed = list(hand.concealed)
    concealed.remove(tiles.CODE_TO_TILE[_PLACEHOLDER])
    if not _SEAT_TOKEN.search(stripped):
        raise HandError([Problem("seat_wind", "give the loser's seat, e.g. seat:south")])
    loser = LoserHand(tuple(concealed), hand.seat_wind, hand.melds, hand.bonus,
                      prevailing_wind)
    problems = validate_loser(loser)
    if problems:
        raise HandError(problems)
    return loser


def table_problems(winner: Hand, losers: list[LoserHand]) -> list[Problem]:
    """What makes the four hands impossible together: seats, round wind, tile counts."""
    problems: list[Problem] = []
    if len(losers) != 3:
        problems.append(Problem("losers", f"a settlement needs the hands of all three losers, "
                                f"got {len(losers)}"))
    seen: dict[Tile, str] = {winner.seat_wind: "the winner"}
    for i, loser in enumerate(losers):
        where = f"losers[{i}]"
        if loser.seat_wind in seen:
            problems.append(Problem(f"{where}.seat_wind", f"{seat_name(loser.seat_wind)} is "
                                    f"already the seat of {seen[loser.seat_wind]}"))
        else:
            seen[loser.seat_wind] = f"losers[{i}]"
        if loser.prevailing_wind != winner.prevailing_wind:
            problems.append(Problem(f"{where}.prevailing_wind", "the round's wind is the same for "
                                    "every player; it is the winner's "
                                    f"{seat_name(winner.prevailing_wind)}"))
    counts = Counter(winner.all_tiles())
    bonus = Counter(winner.bonus)
    for loser in losers:
        counts.update(loser.all_tiles())
        bonus.update(loser.bonus)
    for tile, n in sorted(counts.items()):
        if n > 4:
            problems.append(Problem("losers", f"the four hands hold {count_word(n)} copies of "
                                    f"{tiles.code(tile)}; there are four"))
    for tile, n in sorted(bonus.items()):
        if n > 1:
            problems.append(Problem("losers", f"{tiles.code(tile)} is in {n} hands; there is one"))
    return problems


@dataclass(frozen=True, slots=True)
class Ready:
    """A loser was one tile from an irregular limit hand: he scores half of it."""

    pattern: Pattern
    tiles: tuple[Tile, ...]  # the waits that make it

    @property
    def half(self) -> int:
        return self.pattern.value // 2


@dataclass(frozen=True, slots=True)
class LoserScore:
    """What one loser's hand is worth."""

    hand: LoserHand
    outcome: Outcome
    ready: Ready | None

    @property
    def seat(self) -> Tile:
        return self.hand.seat_wind

    @property
    def total(self) -> int:
        # Half a limit when ready for an irregular one; never less than his sets.
        if self.ready is not None:
            return max(self.outcome.total, self.ready.half)
        return self.outcome.total

    @property
    def uses_ready(self) -> bool:
        return self.ready is not None and self.ready.half > self.outcome.total


def score_loser(loser: LoserHand, ruleset: Ruleset) -> LoserScore:
    """Score a loser's hand under the ruleset's loser categories (R32)."""
    hand = loser.as_hand(ruleset.id)
    outcome = score_partial(hand, ruleset, partial_arrangements(hand))
    return LoserScore(loser, outcome, _ready(loser, ruleset))


def _ready(loser: LoserHand, ruleset: Ruleset) -> Ready | None:
    """The best irregular limit hand one more tile would give, if any."""
    if not ruleset.ready_half_categories or not loser.concealed:
        return None
    special, pe_ling = accepted_shapes(ruleset)
    held = count_vector(loser.concealed)
    holding = count_vector(loser.all_tiles())
    best: Pattern | None = None
    made: list[Tile] = []
    for t in waits(held, len(loser.melds), holding, special=special, pe_ling=pe_ling):
        done = Hand(concealed=tuple(sorted((*loser.concealed, t))), winning_tile=t,
                    melds=loser.melds, bonus=loser.bonus, seat_wind=loser.seat_wind,
                    prevailing_wind=loser.prevailing_wind, ruleset=ruleset.id)
        result = score(done, ruleset)
        for o in (result.best, *result.others):
            lim = o.limit
            if lim is None or lim.category not in ruleset.ready_half_categories:
                continue
            if best is None or lim.value > best.value:
                best, made = lim, [t]
            elif lim is best and t not in made:
                made.append(t)
    return Ready(best, tuple(made)) if best is not None else None


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment from a player to another."""

    payer: Tile
    payee: Tile
    amount: int


def _rate(a: Tile, b: Tile) -> int:
    # East pays and receives double.
    return 2 if tiles.EAST in (a, b) else 1


def winner_payments(winner: Tile, total: int) -> tuple[Transfer, ...]:
    """What each loser pays the winner: his score, doubled when East pays or wins."""
    return tuple(Transfer(seat, winner, total * _rate(seat, winner))
                 for seat in SEATS if seat != winner)


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every payment of one hand and each player's balance."""

    winner: Tile
    scores: dict[Tile, int]  # seat -> the score of his hand
    transfers: tuple[Transfer, ...]

    def net(self) -> dict[Tile, int]:
        """Seat -> what he gains (positive) or loses; the four add up to zero."""
        out = dict.fromkeys(SEATS, 0)
        for t in self.transfers:
            out[t.payer] -= t.amount
            out[t.payee] += t.amount
        return out


def settle(winner: Tile, scores: dict[Tile, int]) -> Settlement:
    """R32: the winner collects from each loser; the losers pay each other the
    difference of their scores; East's payments both ways are doubled."""
    transfers = [t for t in winner_payments(winner, scores[winner]) if t.amount]
    losers = [s for s in SEATS if s != winner]
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            diff = scores[a] - scores[b]
            if diff > 0:
                transfers.append(Transfer(b, a, diff * _rate(a, b)))
            elif diff < 0:
                transfers.append(Transfer(a, b, -diff * _rate(a, b)))
    return Settlement(winner, dict(scores), tuple(transfers))


@dataclass(frozen=True, slots=True)
class Table:
    """The winner's result, every loser's score and the settlement between them."""

    winner: Score
    losers: tuple[LoserScore, ...]
    settlement: Settlement


def settle_table(result: Score, losers: list[LoserHand]) -> Table:
    """Score the losers and settle the hand; the winner's result must be a win."""
    scored = tuple(sorted((score_loser(lh, result.ruleset) for lh in losers),
                          key=lambda ls: ls.seat))
    scores = {result.hand.seat_wind: result.total}
    scores.update({ls.seat: ls.total for ls in scored})
    return Table(result, scored, settle(result.hand.seat_wind, scores))
