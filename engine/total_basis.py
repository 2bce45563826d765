"""How a hand's total comes about: the one place that decides it.

A total is the Illegal Call penalty (the hand is not a win), a limit hand's value
(it replaces the sum or the computation), a plain sum, a sum held at the cap, or,
under the doubling scheme, points doubled (and perhaps held at the cap). The CLI
table, the quiz feedback and the explanations all ask `total_basis` and word its
answer their own way, so the order of the questions (a limit before the cap, the
cap after the doubling) is kept here once.
"""

from __future__ import annotations

from enum import StrEnum

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.scoring import Outcome, Score


class TotalBasis(StrEnum):
    """Where a total comes from."""

    NOT_A_WIN = "not a win"
    LIMIT = "limit"
    SUM = "sum"
    CAPPED_SUM = "capped sum"
    DOUBLED = "doubled"
    CAPPED_DOUBLED = "capped doubled"

    @property
    def capped(self) -> bool:
        """Is the total the cap rather than the sum or the computation?"""
        return self in (TotalBasis.CAPPED_SUM, TotalBasis.CAPPED_DOUBLED)

    @property
    def doubled(self) -> bool:
        """Is the total the doubling scheme's computation (capped or not)?"""
        return self in (TotalBasis.DOUBLED, TotalBasis.CAPPED_DOUBLED)


def outcome_basis(outcome: Outcome, ruleset: Ruleset, *, winning: bool = True) -> TotalBasis:
    """The basis of one outcome (a reading) scored under `ruleset`."""
    if not winning:
        return TotalBasis.NOT_A_WIN
    if outcome.limit is not None:
        return TotalBasis.LIMIT
    if ruleset.doubling:
        return TotalBasis.CAPPED_DOUBLED if outcome.capped else TotalBasis.DOUBLED
    return TotalBasis.CAPPED_SUM if outcome.capped else TotalBasis.SUM


def total_basis(result: Score, outcome: Outcome | None = None) -> TotalBasis:
    """The basis of a scored hand's total (of its best reading unless `outcome` is given)."""
    return outcome_basis(outcome or result.best, result.ruleset, winning=result.winning)
