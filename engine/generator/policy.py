"""How the random parts of a hand are drawn: one `Policy` per mode and level.

*Natural* mode imitates the hands people actually win with: mostly chows,
some exposed melds, few kongs, a self-drawn win about one time in three, a bonus
tile or two, seven pairs now and then and thirteen orphans very rarely.
*Rich* mode draws pungs, honors, kongs and concealed hands more often, so
drills meet many patterns.  The level then switches off whatever it forbids
(see `difficulty`), and `avoid` switches off what would score an avoided pattern.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from mj_trainer.engine.generator.difficulty import Level


class Mode(Enum):
    """What the random parts aim for."""

    RICH = "rich"
    NATURAL = "natural"

    @classmethod
    def parse(cls, value: Mode | str) -> Mode:
        if isinstance(value, Mode):
            return value
        try:
            return cls(value.strip().lower())
        except ValueError:
            raise ValueError(f"unknown mode {value!r} (choose rich or natural)") from None


@dataclass(frozen=True, slots=True)
class Policy:
    """Chances used by the builder for every choice a template leaves open."""

    chow_weight: float  # a free set is a chow with this chance (else a pung)
    honor_share: float  # a free pung is of honors with this chance
    kong_chance: float  # a free pung is declared as a kong
    closed_chance: float  # nothing is exposed (when the template does not say)
    expose_chance: float  # each free chow or pung is exposed, in an open hand
    concealed_kong_share: float  # a kong is a concealed one
    self_drawn_chance: float
    seven_pairs_chance: float  # shape of an untargeted hand
    orphans_chance: float
    four_alike_chance: float  # seven pairs: four alike read as two pairs (R5)
    bonus_each: float  # each flower and season is in the hand with this chance
    incidental_chance: float  # some incidental bonus, when one is possible
    discard_pung_chance: float  # a discard may complete a hidden pung (R3)
    max_random_kongs: int = 4  # pungs the finisher may turn into kongs
    protect_pungs: bool = False  # never let a discard complete a hidden pung
    allow_kongs: bool = True
    allow_bonus: bool = True
    allow_incidentals: bool = True
    allow_self_drawn: bool = True
    allow_closed: bool = True


NATURAL = Policy(
    chow_weight=0.62,
    honor_share=0.35,
    kong_chance=0.06,
    closed_chance=0.3,
    expose_chance=0.5,
    concealed_kong_share=0.35,
    self_drawn_chance=0.35,
    seven_pairs_chance=0.03,
    orphans_chance=0.002,
    four_alike_chance=0.1,
    bonus_each=0.16,
    incidental_chance=0.04,
    discard_pung_chance=0.3,
)

RICH = Policy(
    chow_weight=0.5,
    honor_share=0.4,
    kong_chance=0.12,
    closed_chance=0.4,
    expose_chance=0.45,
    concealed_kong_share=0.4,
    self_drawn_chance=0.45,
    seven_pairs_chance=0.06,
    orphans_chance=0.01,
    four_alike_chance=0.25,
    bonus_each=0.05,
    incidental_chance=0.1,
    discard_pung_chance=0.35,
)


def policy_for(
    mode: Mode,
    level: Level | None,
    *,
    bonus_in_rules: bool,
    lean: bool = False,
    generous: bool = False,
) -> Policy:
    """The policy of a mode, narrowed by the level and by the ruleset."""
    base = NATURAL if mode is Mode.NATURAL else RICH
    if level is Level.EASY:
        base = replace(
            base,
            chow_weight=max(base.chow_weight, 0.7),
            kong_chance=0.0,
            seven_pairs_chance=base.seven_pairs_chance,
            orphans_chance=0.0,
            four_alike_chance=0.0,
            bonus_each=0.0,
            incidental_chance=0.0,
            discard_pung_chance=0.0,
            protect_pungs=True,
            allow_kongs=False,
            allow_bonus=False,
            allow_incidentals=False,
        )
    elif level is Level.MEDIUM:
        base = replace(
            base,
            kong_chance=0.5,
            max_random_kongs=1,
            orphans_chance=0.0,
            four_alike_chance=0.0,
            bonus_each=0.0,
            incidental_chance=0.0,
            discard_pung_chance=0.8,
            allow_bonus=False,
            allow_incidentals=False,
        )
    elif level is Level.HARD:
        base = replace(base, bonus_each=0.2, incidental_chance=0.3, four_alike_chance=0.4)
    if generous:  # a high minimum total: every extra the level allows, often
        base = replace(
            base,
            closed_chance=max(base.closed_chance, 0.7),
            self_drawn_chance=max(base.self_drawn_chance, 0.7),
            kong_chance=max(base.kong_chance, 0.3) if base.allow_kongs else 0.0,
            bonus_each=0.6 if base.allow_bonus else 0.0,
            incidental_chance=0.6 if base.allow_incidentals else 0.0,
            honor_share=max(base.honor_share, 0.5),
        )
    if lean:  # a low maximum total: few extras that add points for free
        base = replace(
            base,
            closed_chance=0.0,
            self_drawn_chance=0.0,
            kong_chance=0.0,
            bonus_each=min(base.bonus_each, 0.05),
            incidental_chance=0.0,
            allow_kongs=False,
            allow_incidentals=False,
            allow_self_drawn=False,
            allow_closed=False,
        )
    if not bonus_in_rules:
        base = replace(base, bonus_each=0.0, allow_bonus=False)
    return base
