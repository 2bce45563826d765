"""The circumstances of a generated win: incidentals, bonus tiles and winds.

Everything chosen here agrees with the tiles and with itself (R6, R26): an
incidental that needs a self-drawn win only comes with one, a Blessing only for
the right seat and an untouched dealt hand, Win on Kong only after a declared
kong, Robbing a Kong only when the hand holds no other copy of the robbed tile,
and bonus tiles only when the ruleset scores them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from mj_trainer.engine import tiles
from mj_trainer.engine.generator.errors import Retry
from mj_trainer.engine.generator.policy import Policy
from mj_trainer.engine.hand import (
    EXCLUSIVE,
    PRECONDITIONS,
    Incidental,
    Meld,
    MeldKind,
)
from mj_trainer.engine.patterns.registry import Trait, with_trait
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.tiles import Tile

# Each incidental is scored by the detector of the same name (engine/patterns/incidentals.py).
INCIDENTAL_ORDER: Final = tuple(Incidental)
# How often each incidental turns up, relative to the others, when one is added at random.
INCIDENTAL_WEIGHTS: Final = {
    Incidental.FINAL_DRAW: 3.0,
    Incidental.FINAL_DISCARD: 2.0,
    Incidental.WIN_ON_KONG: 3.0,
    Incidental.WIN_ON_BONUS: 2.0,
    Incidental.ROBBING_KONG: 1.0,
    Incidental.BLESSING_OF_HEAVEN: 0.3,
    Incidental.BLESSING_OF_EARTH: 0.3,
    Incidental.KONG_ON_KONG: 0.5,
}
# Natural mode: the blessings are once-in-a-lifetime events in real play.
NATURAL_WEIGHTS: Final = {
    **INCIDENTAL_WEIGHTS,
    Incidental.BLESSING_OF_HEAVEN: 0.01,
    Incidental.BLESSING_OF_EARTH: 0.01,
}
_BLESSINGS: Final = (Incidental.BLESSING_OF_HEAVEN, Incidental.BLESSING_OF_EARTH)
# Beyond the engine's exclusions: a blessing is the dealt hand, so nothing else
# happened; one replacement draw follows either a kong or a bonus tile, not both.
_UNREALISTIC: Final = (
    *((b, i) for b in _BLESSINGS for i in INCIDENTAL_ORDER if i not in _BLESSINGS),
    (Incidental.WIN_ON_KONG, Incidental.WIN_ON_BONUS),
    (Incidental.KONG_ON_KONG, Incidental.WIN_ON_BONUS),
)
_CLASHES: Final = frozenset(
    frozenset(pair) for pair in (*EXCLUSIVE, *_UNREALISTIC)
)
_PREVAILING_NATURAL: Final = (0.4, 0.3, 0.2, 0.1)
BONUS_ORDER: Final = tiles.FLOWERS + tiles.SEASONS


@dataclass(frozen=True, slots=True)
class RulesInfo:
    """What the generator needs to know about the ruleset and the request."""

    name: str  # as written into Hand.ruleset
    ruleset: Ruleset
    detectors: frozenset[str]
    incidentals: tuple[Incidental, ...]  # scored by the ruleset and not avoided
    uses_bonus: bool
    natural: bool = False

    @classmethod
    def of(
        cls,
        name: str,
        ruleset: Ruleset,
        *,
        banned_detectors: frozenset[str] = frozenset(),
        natural: bool = False,
    ) -> RulesInfo:
        detectors = frozenset(p.detector for p in ruleset.patterns)
        incidentals = tuple(
            i for i in INCIDENTAL_ORDER if i.value in detectors and i.value not in banned_detectors
        )
        # Bonus tiles are dealt when a detector of the ruleset is about them, unless
        # the request avoids a pattern that any bonus tile would show.
        uses_bonus = bool(with_trait(Trait.DEALS_BONUS, detectors)) and not with_trait(
            Trait.ANY_BONUS_TILE, banned_detectors
        )
        return cls(name, ruleset, detectors, incidentals, uses_bonus, natural)


class Draft(Protocol):
    """What the context reads of a hand under construction (`builder.Draft`)."""

    rng: random.Random
    policy: Policy
    rules: RulesInfo
    counts: list[int]
    incidentals: list[Incidental]
    no_incidentals: bool
    bonus: tuple[Tile, ...] | None
    min_bonus: int
    seat: Tile | None


def _clash(a: Incidental, b: Incidental) -> bool:
    return frozenset((a, b)) in _CLASHES


def _possible(
    item: Incidental,
    draft: Draft,
    self_drawn: bool,
    winning: Tile,
    melds: Sequence[Meld],
    bonus: Sequence[Tile],
) -> bool:
    """Can `item` be true of this win (R26)?  The preconditions `validate` checks,
    and one more: a blessing is the dealt hand, so nothing at all was declared."""
    need = PRECONDITIONS[item]
    if need.self_drawn is not None and need.self_drawn != self_drawn:
        return False
    kongs = sum(1 for m in melds if m.kind is MeldKind.KONG)
    if kongs < need.kongs or (need.bonus and not bonus):
        return False
    if need.lone_copy and draft.counts[winning] != 1:
        return False
    if need.dealt and melds:
        return False
    seat = draft.seat
    return need.east is None or seat is None or (seat == tiles.EAST) == need.east


def _bonus(draft: Draft) -> tuple[Tile, ...]:
    if draft.bonus is not None:
        return tuple(sorted(draft.bonus))
    pol = draft.policy
    if not draft.rules.uses_bonus or not pol.allow_bonus:
        if draft.min_bonus:
            raise Retry
        return ()
    rng = draft.rng
    chosen = [t for t in BONUS_ORDER if rng.random() < pol.bonus_each]
    while len(chosen) < draft.min_bonus:
        rest = [t for t in BONUS_ORDER if t not in chosen]
        chosen.append(rng.choice(rest))
    return tuple(sorted(chosen))


def choose_context(
    draft: Draft, self_drawn: bool, winning: Tile, melds: Sequence[Meld]
) -> tuple[frozenset[Incidental], tuple[Tile, ...], Tile, Tile]:
    """Incidentals, bonus tiles, seat wind and prevailing wind for a finished draft."""
    rng = draft.rng
    bonus = _bonus(draft)
    chosen: list[Incidental] = []
    for item in draft.incidentals:
        if not _possible(item, draft, self_drawn, winning, melds, bonus):
            raise Retry
        if any(_clash(item, other) for other in chosen):
            raise Retry
        chosen.append(item)
    pol = draft.policy
    if (
        pol.allow_incidentals
        and not draft.no_incidentals
        and draft.rules.incidentals
        and rng.random() < pol.incidental_chance
    ):
        options = [
            i
            for i in draft.rules.incidentals
            if i not in chosen
            and not any(_clash(i, c) for c in chosen)
            and _possible(i, draft, self_drawn, winning, melds, bonus)
        ]
        if options:
            table = NATURAL_WEIGHTS if draft.rules.natural else INCIDENTAL_WEIGHTS
            weights = [table.get(i, 1.0) for i in options]
            chosen.append(rng.choices(options, weights)[0])
    seat = draft.seat
    if seat is None:
        if Incidental.BLESSING_OF_HEAVEN in chosen:
            seat = tiles.EAST
        elif Incidental.BLESSING_OF_EARTH in chosen:
            seat = rng.choice((tiles.SOUTH, tiles.WEST, tiles.NORTH))
        else:
            seat = tiles.EAST + rng.randrange(4)
    if draft.rules.natural:
        prevailing = tiles.EAST + rng.choices(range(4), _PREVAILING_NATURAL)[0]
    else:
        prevailing = tiles.EAST + rng.randrange(4)
    return frozenset(chosen), bonus, seat, prevailing
