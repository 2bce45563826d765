"""Why a pattern does not count for a seven pairs or thirteen orphans hand, in words.

Two different reasons meet here.  Most patterns are built from sets (chows, pungs,
kongs), and a hand of pairs or of single tiles has none: what each one needs is read
from its detector's declared preconditions (`registry.Needs`), so All Pungs "needs
pungs or kongs" and never "chows".  A few patterns are in the tiles of such a hand but
the ruleset keeps them out (`not_for` in its file): Concealed Hand on Zung Jung's seven
pairs, All Types on the early guide's, Concealed Hand, All Types and Mixed Greater
Terminals on thirteen orphans.  Those get the reason their rule gives.
"""

from __future__ import annotations

from collections import Counter

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.patterns.gaps import listed
from mj_trainer.engine.patterns.registry import (
    CATALOGUE,
    HandFlag,
    Trait,
    has_trait,
    pattern_shapes,
)
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.shape import Shape

# The trait of the pattern every hand of a shape has: the value the ruleset gives it.
_SHAPE_TRAIT = {Shape.SEVEN_PAIRS: Trait.SEVEN_PAIRS,
                Shape.THIRTEEN_ORPHANS: Trait.THIRTEEN_ORPHANS}


_HOW_MANY = {2: "two", 3: "three", 4: "four"}


def set_need(pattern: Pattern) -> str:
    """What sets a pattern is built from, as its detector declares it: ``pungs or
    kongs``, ``chows``, ``two declared kongs``; ``four sets and a pair`` when it asks
    for the shape itself, ``seven pairs`` for a pattern of seven pairs."""
    for shape in (Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS):
        if pattern_shapes(pattern) == frozenset({shape}):
            return shape.label
    entry = CATALOGUE.get(pattern.detector)
    if entry is None:
        return "four sets and a pair"
    needs = entry.needs
    if needs.has & HandFlag.KONG:
        kongs = _HOW_MANY.get(needs.pungs)
        return f"{kongs} declared kongs" if kongs else "a declared kong"
    if needs.wind_pungs:
        return "pungs or kongs of winds"
    if needs.dragon_pungs:
        return "pungs or kongs of dragons"
    if needs.chows and needs.pungs:
        return "chows and pungs"
    if needs.chows:
        return "chows"
    if needs.pungs:
        return "pungs or kongs"
    return "four sets and a pair"


def _wants_alike(pattern: Pattern) -> bool:
    """Does the pattern need pungs or kongs (which four alike tiles might look like)?"""
    entry = CATALOGUE.get(pattern.detector)
    if entry is None:
        return False
    needs = entry.needs
    return bool(needs.pungs or needs.wind_pungs or needs.dragon_pungs
                or needs.has & HandFlag.KONG)


def four_alike(a: Arrangement) -> tuple[Group, ...]:
    """The pairs of a seven pairs reading that are two halves of four alike tiles."""
    counts = Counter(g.tile for g in a.groups if g.kind is GroupKind.PAIR)
    return tuple(g for g in a.groups if g.kind is GroupKind.PAIR and counts[g.tile] > 1)


def four_alike_note(a: Arrangement, claimed: list[Pattern]) -> tuple[str, tuple[str, ...]]:
    """For pung or kong patterns claimed on seven pairs with four alike tiles: those
    are two pairs, not a kong, since no kong was declared (R5).  Empty when not so."""
    halves = four_alike(a)
    if a.shape is not Shape.SEVEN_PAIRS or not halves or not any(map(_wants_alike, claimed)):
        return "", ()
    sets = tuple(group_text(g) for g in halves)
    kinds = sorted({g.tile for g in halves})
    fours = listed([f"the four {tiles.code(t)}" for t in kinds], limit=len(kinds))
    verb = "are two" if len(kinds) == 1 else "are each two"
    return (f"{fours} {verb} of the seven pairs, since four alike make a kong only when it "
            "is declared, and this hand declared none", sets)


def never_in_shape(pattern: Pattern, shape: Shape) -> str:
    """Why a set pattern does not apply to a hand of this shape: completes
    ``<name> ...``."""
    need = set_need(pattern)
    if shape is Shape.SEVEN_PAIRS:
        return f"needs {need}, and a seven pairs hand has only pairs"
    if shape is Shape.THIRTEEN_ORPHANS:
        return f"needs {need}, and thirteen orphans is single tiles and one pair"
    return f"needs {need}, and this hand has no sets"


def group_needs(patterns: list[Pattern]) -> str:
    """``All Pungs needs pungs or kongs, One Kong a declared kong``."""
    first, *rest = patterns
    parts = [f"{first.name} needs {set_need(first)}"]
    parts += [f"{p.name} {set_need(p)}" for p in rest]
    return listed(parts, limit=len(parts))


def _own_pattern(rules: Ruleset, shape: Shape) -> Pattern | None:
    """The ruleset's pattern that every hand of this shape scores (Seven Pairs...)."""
    trait = _SHAPE_TRAIT.get(shape)
    if trait is None:
        return None
    return next((p for p in rules.patterns if has_trait(p.detector, trait)), None)


def kept_out(rules: Ruleset, pattern: Pattern, shape: Shape) -> str:
    """Why `rules` keeps a pattern the tiles show out of a hand of this shape (its
    `not_for`): completes ``... under these rules: <reason>``.

    Such a pattern is about the whole hand, and a hand of this shape always has it:
    the shape's own pattern already pays for it (Concealed Hand on seven pairs under
    Zung Jung, All Types on thirteen orphans); or the ruleset asks for four sets and a
    pair (All Types on seven pairs under the earlier guide)."""
    base = _own_pattern(rules, shape)
    own = f"{base.name} ({base.id}, {base.value})" if base is not None else "its own pattern"
    if has_trait(pattern.detector, Trait.CONCEALED):
        if shape is Shape.SEVEN_PAIRS:
            return (f"they count it only for four sets and a pair, and {own} already holds "
                    "the concealment of a seven pairs hand")
        return (f"they count it only for four sets and a pair, and a {shape.label} hand, "
                f"concealed by its very shape, scores {own} instead")
    if shape is Shape.THIRTEEN_ORPHANS:
        return (f"a thirteen orphans hand has it by its very shape, and {own} already pays "
                "for that shape")
    if shape is Shape.SEVEN_PAIRS:
        return ("they count it only for a hand of four sets and a pair, and a seven pairs "
                "hand has no sets")
    return f"this ruleset leaves it out for a {shape.label} hand"
