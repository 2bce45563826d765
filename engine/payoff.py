"""Who pays whom once a hand is scored, for rulesets that define a payoff.

Zung Jung's formal-competition scheme (the official Zung Jung rules): the winner always
collects three times the hand's value.  On a self-drawn win each opponent pays the
value.  On a discard, a hand worth 25 or less is paid by all three alike; above
that the two players who did not discard pay 25 each and the discarder pays the
rest.  Robbing a kong counts as a discard; winning on a kong's replacement tile is
a self-draw.

Classical (R32): each loser pays the winner his score, and East pays or receives
double.  This is the winner's part of the settlement alone; with the losers' hands,
engine.settlement settles between all four players.
"""

from __future__ import annotations

from dataclasses import dataclass

from mj_trainer.engine import tiles
from mj_trainer.engine.scoring import Score
from mj_trainer.engine.settlement import winner_payments

ZJ_SHARED_LIMIT = 25


@dataclass(frozen=True, slots=True)
class Payment:
    """One loser's payment to the winner."""

    # "discarder", "other" (did not discard) or "opponent" (self-drawn win); under the
    # classical payoff, the seat of the loser who pays ("east", "south", ...).
    who: str
    amount: int


@dataclass(frozen=True, slots=True)
class Payoff:
    """The payments of one win and the winner's gain."""

    scheme: str
    payments: tuple[Payment, ...]

    @property
    def winner_gets(self) -> int:
        return sum(p.amount for p in self.payments)

    def describe(self) -> str:
        """'discarder pays 160, the other two pay 25 each: the winner gets 210'."""
        by_who: dict[str, list[int]] = {}
        for p in self.payments:
            by_who.setdefault(p.who, []).append(p.amount)
        parts = []
        for who, amounts in by_who.items():
            label = {"opponent": "each opponent", "other": "each other player",
                     "discarder": "the discarder"}.get(who, who.capitalize())
            parts.append(f"{label} pays {amounts[0]}")
        return ", ".join(parts) + f": the winner gets {self.winner_gets}"


def zung_jung(value: int, *, self_drawn: bool) -> Payoff:
    """The formal-competition payoff of a hand worth `value`."""
    if self_drawn:
        payments = (Payment("opponent", value),) * 3
    elif value <= ZJ_SHARED_LIMIT:
        payments = (Payment("discarder", value), Payment("other", value),
                    Payment("other", value))
    else:
        payments = (Payment("discarder", 3 * value - 2 * ZJ_SHARED_LIMIT),
                    Payment("other", ZJ_SHARED_LIMIT), Payment("other", ZJ_SHARED_LIMIT))
    return Payoff("zung-jung", payments)


def classical(value: int, *, seat: int) -> Payoff:
    """The winner's payments in the classical settlement: East pays or receives double."""
    payments = tuple(Payment(tiles.WIND_NAMES[t.payer - tiles.EAST], t.amount)
                     for t in winner_payments(seat, value))
    return Payoff("classical", payments)


def payoff(result: Score) -> Payoff | None:
    """The payoff of a scored hand under its ruleset, or None when it defines none."""
    if not result.winning:
        return None
    if result.ruleset.payoff == "zung-jung":
        return zung_jung(result.total, self_drawn=result.hand.self_drawn)
    if result.ruleset.payoff == "classical":
        return classical(result.total, seat=result.hand.seat_wind)
    return None
