"""Evidence: which groups or tiles of a scored hand make a pattern, or break it.

The rule catalogue (`engine/patterns/`) declares each detector's evidence next to
the detector; this module applies it to a scored hand.  Explanations, the app's
tile highlighting and worked examples all point at exactly what `evidence` returns:

    result = score(hand)
    ev = evidence(result, "8.1.1")         # a pattern id, or a Pattern
    ev.groups, ev.tiles, ev.sets           # Groups, single tiles, both in notation
    ev.whole_hand                          # True: no smaller part makes it
    gap = what_breaks(result, "1.3")       # absent pattern: what rules it out, or None

Plain Python: no Textual, no Rich.
"""

from __future__ import annotations

from dataclasses import dataclass

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group
from mj_trainer.engine.notation import group_text, shape_text
from mj_trainer.engine.patterns.registry import CATALOGUE, Proof, Shown
from mj_trainer.engine.ruleset import Pattern
from mj_trainer.engine.scoring import Outcome, Score
from mj_trainer.engine.tiles import Tile

__all__ = ["Evidence", "evidence", "what_breaks"]


@dataclass(frozen=True, slots=True)
class Evidence:
    """What of a hand makes (or breaks) one pattern, in one reading of it.

    `groups` are groups of `arrangement` (the reading); `tiles` are single tiles
    (the winning tile, bonus tiles, or the tiles that break a whole-hand pattern).
    `phrase` completes "... counts here: <phrase>".  `whole_hand` is True when no
    smaller part of the hand makes the pattern: then `groups` are every group of
    the reading (empty when there is no reading).
    """

    pattern: Pattern
    arrangement: Arrangement | None
    groups: tuple[Group, ...]
    tiles: tuple[Tile, ...]
    phrase: str
    whole_hand: bool = False

    @property
    def sets(self) -> tuple[str, ...]:
        """The groups and then the tiles, in the hand notation (``c123``, ``[we we we]``)."""
        return (*(group_text(g) for g in self.groups), *(tiles.code(t) for t in self.tiles))


def _pattern(result: Score, pattern: Pattern | str) -> Pattern:
    return pattern if isinstance(pattern, Pattern) else result.ruleset.pattern(pattern)


def _outcome(result: Score, outcome: Outcome | None) -> Outcome:
    return outcome if outcome is not None else result.best


def _apply(proof: Proof | None, result: Score, a: Arrangement | None) -> Shown | None:
    if proof is None:
        return None
    shown = proof(result.hand, a)
    if shown is None or not (shown.groups or shown.tiles or shown.phrase):
        return None
    return shown


def evidence(result: Score, pattern: Pattern | str, outcome: Outcome | None = None) -> Evidence:
    """Where `pattern` (a Pattern or an id of the result's ruleset) is in the hand.

    Read in `outcome` (default: the chosen reading).  A pattern the catalogue knows
    no smaller evidence for, or that no group of this reading shows, is the whole
    hand: every group of the reading, or nothing when there is no reading.
    """
    p = _pattern(result, pattern)
    a = _outcome(result, outcome).arrangement
    entry = CATALOGUE.get(p.detector)
    shown = _apply(entry.shows if entry else None, result, a)
    if shown is not None:
        phrase = shown.phrase or ", ".join(group_text(g) for g in shown.groups)
        return Evidence(p, a, shown.groups, shown.tiles, phrase)
    if a is None:
        return Evidence(p, None, (), (), "the whole hand", whole_hand=True)
    sets = "  ".join(group_text(g) for g in a.groups)
    return Evidence(p, a, a.groups, (), f"the whole hand, read as {shape_text(a.shape)}: {sets}",
                    whole_hand=True)


def what_breaks(result: Score, pattern: Pattern | str,
                outcome: Outcome | None = None) -> Evidence | None:
    """For a pattern the hand does not have: the groups or tiles that rule it out
    (the exposed sets of a hand that is not concealed, the honors of a hand that is
    not all simples...), or None when the pattern is present in the reading.

    The phrase completes "<pattern name> ...": ``needs no 1s, 9s or honors: c9 in
    c789 is a terminal``.  Every detector of the catalogue declares one.
    """
    p = _pattern(result, pattern)
    chosen = _outcome(result, outcome)
    if any(h.pattern.id == p.id for h in chosen.hits):
        return None
    a = chosen.arrangement
    entry = CATALOGUE.get(p.detector)
    shown = _apply(entry.breaks if entry else None, result, a)
    if shown is None:
        return None
    phrase = shown.phrase or ", ".join(group_text(g) for g in shown.groups)
    return Evidence(p, a, shown.groups, shown.tiles, phrase)
