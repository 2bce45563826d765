"""A ruleset in memory: its patterns (id, names, value, unit, family, detector...) and
the head settings (scheme, cap, limit); built by `engine.ruleset.load`."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Final

from mj_trainer.engine.shape import Shape

BUILTIN_DIR: Final = Path(__file__).resolve().parent / "rulesets"


DEFAULT: Final = "mj-score-eval"

# The two detectors a ruleset may name that the scorer decides itself, from every other
# pattern (no detector function): a win with nothing else to score, and a hand that is
# not a win (R7, R13).
CHICKEN_HAND: Final = "chicken_hand"
ILLEGAL_CALL: Final = "illegal_call"


class Unit(StrEnum):
    """What a pattern's value is counted per: the whole hand, each set or each tile."""

    HAND = "hand"
    SET = "set"
    TILE = "tile"


class Scheme(StrEnum):
    """How a ruleset turns its counted patterns into a total."""

    ADDITIVE = "additive"  # the sum of the counted patterns (seed 000, Zung Jung)
    DOUBLING = "doubling"  # points doubled once per doubling (the classical scheme, R32)


class PatternKind(StrEnum):
    """What a pattern's value is: points to add, or doublings (doubling scheme, R32)."""

    POINTS = "points"
    DOUBLES = "doubles"


UNITS: Final = tuple(Unit)


SCHEMES: Final = tuple(Scheme)


PAYOFFS: Final = ("zung-jung", "classical")


KINDS: Final = tuple(PatternKind)


HEAD_KEYS: Final = (
    "id", "name", "description", "extends", "scheme", "cap", "limit", "chicken_ignores",
    "payoff", "loser_categories", "ready_half_categories", "citations", "family_word",
)
# `[ruleset.citations]`: the ruling (an R number of quizzes/rulings.md) that explains
# each kind of point under this ruleset.
CITATION_KEYS: Final = ("family", "limit", "cap", "chicken", "pairs_hand", "orphans_hand",
                         "total")


PATTERN_KEYS: Final = (
    "name", "chinese", "value", "unit", "kind", "limit", "detector", "family", "stacks",
    "replaces", "not_for", "description", "enabled",
)


TOP_KEYS: Final = ("ruleset", "categories", "patterns")


class RulesetError(ValueError):
    """A ruleset that cannot be loaded; one line per problem, each naming file and line."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class Pattern:
    """One scoring pattern as a ruleset defines it."""

    id: str
    name: str
    chinese: str
    value: int
    unit: Unit
    family: str
    category: str
    detector: str
    stacks: bool
    replaces: tuple[str, ...]
    not_for: frozenset[Shape]
    description: str
    is_limit: bool = False  # R12: a limit hand stands alone
    rank: tuple[int, ...] = ()  # the id as numbers, for ordering
    kind: PatternKind = PatternKind.POINTS

    @property
    def doubles(self) -> bool:
        """True for a doubling (classical scheme): its value is a number of doublings."""
        return self.kind is PatternKind.DOUBLES

    def value_text(self) -> str:
        """'5', '10 per set', '2 per tile', 'x2', '1 doubling per set'."""
        if self.doubles:
            word = "doubling" if self.value == 1 else "doublings"
            each = "" if self.unit is Unit.HAND else f" per {self.unit}"
            return f"{self.value} {word}{each}"
        return str(self.value) if self.unit is Unit.HAND else f"{self.value} per {self.unit}"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A complete, validated ruleset."""

    id: str
    name: str
    description: str
    scheme: Scheme
    cap: int
    limit: int
    chicken_ignores: frozenset[str]
    categories: dict[str, str]
    patterns: tuple[Pattern, ...]
    source: str
    payoff: str | None = None  # how a win is paid, e.g. "zung-jung" or "classical"
    # Classical settlement (R32): the categories a loser scores, and those whose limit
    # hands a loser who was waiting on one scores half of (seed 004, "Ready hand").
    loser_categories: frozenset[str] = field(default_factory=frozenset)
    ready_half_categories: frozenset[str] = field(default_factory=frozenset)
    # This ruleset's id and the ids of the rulesets it extends, nearest first, e.g.
    # ("our-club", "mj-score-eval"): hands written for a parent also suit a child.
    lineage: tuple[str, ...] = ()
    # Which ruling explains what (`[ruleset.citations]`, keys CITATION_KEYS), and the
    # ruleset's word for a family ("family", Zung Jung's "series", classical "group").
    citations: dict[str, str] = field(default_factory=dict)
    family_word: str = "family"

    def builds_on(self, other: str) -> bool:
        """Whether this ruleset is the ruleset `other` (an id) or extends it."""
        return other in self.lineage

    def __hash__(self) -> int:
        return hash((self.id, self.source))

    def pattern(self, pattern_id: str) -> Pattern:
        for p in self.patterns:
            if p.id == pattern_id:
                return p
        raise KeyError(pattern_id)

    def by_id(self) -> dict[str, Pattern]:
        return {p.id: p for p in self.patterns}

    def is_limit(self, pattern: Pattern) -> bool:
        """R12: a limit pattern stands alone."""
        return pattern.is_limit

    def with_detector(self, detector: str) -> Pattern | None:
        return next((p for p in self.patterns if p.detector == detector), None)

    @property
    def chicken(self) -> Pattern | None:
        """The pattern a win scores when nothing else does (R13), if the ruleset has one."""
        return self.with_detector(CHICKEN_HAND)

    @property
    def illegal_call(self) -> Pattern | None:
        """The pattern a hand that is not a win scores (R7), if the ruleset has one."""
        return self.with_detector(ILLEGAL_CALL)

    def family_members(self, family: str) -> list[Pattern]:
        return [p for p in self.patterns if p.family == family]

    def family_name(self, family: str) -> str:
        """A family's name from its members: 'One Kong to Four Kongs' for 2.3."""
        members = self.family_members(family)
        if not members:
            return family
        if len(members) == 1:
            return members[0].name
        return f"{members[0].name} to {members[-1].name}"

    @property
    def doubling(self) -> bool:
        """True for the classical scheme: points doubled once per doubling."""
        return self.scheme is Scheme.DOUBLING


def family_of(pattern_id: str) -> str:
    """R10: X.Y.Z belongs to family X.Y; X.Y is a family of its own."""
    parts = pattern_id.split(".")
    return ".".join(parts[:2])
