"""What a request aims at or avoids, and which requests are impossible.

A target is written the way the ruleset numbers things: a pattern id (`8.1.3`),
a family (`8.1`, R10) or a category (`8`).  A pattern id wins over a family of
the same name (`6.2` is Nine Gates); `family:13.1` and `category:8` force the
reading, and a pattern's or category's English name works too (`Nine Gates`).

Impossibility is decided from the ruleset's data, never by trying: a limit
pattern scores exactly its value (R12), any other pattern between its own value
and the cap, the Illegal Call exactly its penalty (R7); and each level admits
only some patterns (`difficulty`, and the levels each template declares).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from typing import Final

from mj_trainer.engine.generator.difficulty import EASY_MAX_PATTERNS, EASY_MAX_POINTS, Level
from mj_trainer.engine.generator.errors import GenerationError
from mj_trainer.engine.generator.templates import TEMPLATES
from mj_trainer.engine.patterns.registry import Trait, has_trait
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.ruleset_model import CHICKEN_HAND as CHICKEN
from mj_trainer.engine.ruleset_model import ILLEGAL_CALL as ILLEGAL
from mj_trainer.engine.shape import Shape

_ID: Final = re.compile(r"\d+(\.\d+){0,2}")


@dataclass(frozen=True, slots=True)
class Target:
    """A resolved target or avoid entry: the patterns it stands for."""

    text: str
    kind: str  # "pattern", "family" or "category"
    key: str
    patterns: tuple[Pattern, ...]

    @property
    def label(self) -> str:
        if self.kind == "pattern":
            p = self.patterns[0]
            return f"{p.id} {p.name}"
        return f"{self.kind} {self.key}"


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def resolve(ruleset: Ruleset, text: str) -> Target:
    """The patterns `text` names in `ruleset`; GenerationError when it names none."""
    raw = text.strip()
    kind_hint = ""
    key = raw
    if ":" in raw:
        kind_hint, _, key = raw.partition(":")
        kind_hint = kind_hint.strip().lower()
        key = key.strip()
        if kind_hint == "cat":
            kind_hint = "category"
        if kind_hint not in ("pattern", "family", "category"):
            raise GenerationError(
                f"unknown target kind {kind_hint!r} in {raw!r} (use pattern:, family: or "
                "category:)"
            )
    by_id = ruleset.by_id()
    if _ID.fullmatch(key):
        if kind_hint in ("", "pattern") and key in by_id:
            return Target(raw, "pattern", key, (by_id[key],))
        members = tuple(p for p in ruleset.patterns if p.family == key)
        if kind_hint in ("", "family") and members:
            return Target(raw, "family", key, members)
        members = tuple(p for p in ruleset.patterns if p.category == key)
        if kind_hint in ("", "category") and members:
            return Target(raw, "category", key, members)
    else:
        wanted = _norm(key)
        if kind_hint in ("", "pattern"):
            for p in ruleset.patterns:
                if wanted and wanted in (_norm(p.name), _norm(p.chinese)):
                    return Target(raw, "pattern", p.id, (p,))
        if kind_hint in ("", "category"):
            for cat, name in ruleset.categories.items():
                if wanted and wanted == _norm(name):
                    members = tuple(p for p in ruleset.patterns if p.category == cat)
                    if members:
                        return Target(raw, "category", cat, members)
    raise GenerationError(_unknown(ruleset, raw))


def _unknown(ruleset: Ruleset, raw: str) -> str:
    words = [p.id for p in ruleset.patterns] + [p.name for p in ruleset.patterns]
    close = difflib.get_close_matches(raw, words, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return (
        f"unknown target {raw!r}: not a pattern id, family, category or pattern name of "
        f"{ruleset.id} (e.g. 8.1.3, 8.1, 8 or 'Nine Gates'){hint}"
    )


def pattern_levels(p: Pattern, ruleset: Ruleset) -> frozenset[Level]:
    """The difficulty levels a hand that counts `p` can have (see `difficulty`)."""
    every = frozenset(Level)
    if p.detector == ILLEGAL:
        return every
    if ruleset.is_limit(p):
        return frozenset({Level.HARD})
    levels = set(every)
    if has_trait(p.detector, Trait.CIRCUMSTANCE):
        levels &= {Level.HARD}
    if has_trait(p.detector, Trait.KONG) or p.value > EASY_MAX_POINTS:
        levels -= {Level.EASY}
    if _always_conflicts(p, ruleset):
        levels &= {Level.HARD}
    return frozenset(levels)


def _always_conflicts(p: Pattern, ruleset: Ruleset) -> bool:
    """Does every hand built to show `p` also show a pattern that cannot count beside it?

    The template says which detectors come along in each shape it builds; in this
    ruleset such a pattern in the same family (neither stacking) is outranked
    (R10), one named in a `replaces` list is replaced, and one barred from the
    shape does not apply (R5, R16).  Any of these is a trap: the hand is hard.
    """
    template = TEMPLATES.get(p.detector)
    if template is None:
        return False
    shapes = [s for s in template.shapes if s not in p.not_for]
    return bool(shapes) and all(_shape_conflicts(p, ruleset, template.implied(s), s)
                                for s in shapes)


def _shape_conflicts(p: Pattern, ruleset: Ruleset, implied: tuple[str, ...],
                     shape: Shape) -> bool:
    for q in ruleset.patterns:
        if q is p or q.detector not in implied:
            continue
        if q.family == p.family and not (p.stacks or q.stacks):
            return True
        if q.id in p.replaces or p.id in q.replaces:
            return True
        if shape in q.not_for:
            return True
    return False


def total_range(p: Pattern, ruleset: Ruleset) -> tuple[int, int]:
    """The least and the most a hand that counts `p` can total (R7, R12)."""
    if p.detector == ILLEGAL or ruleset.is_limit(p):
        return p.value, p.value
    return min(p.value, ruleset.cap), ruleset.cap


def _bounds_text(min_total: int | None, max_total: int | None) -> str:
    if min_total is not None and max_total is not None:
        return f"totals from {min_total} to {max_total}"
    if min_total is not None:
        return f"a total of at least {min_total}"
    return f"a total of at most {max_total}"


def why_not(
    p: Pattern,
    ruleset: Ruleset,
    *,
    level: Level | None,
    min_total: int | None,
    max_total: int | None,
    winning: bool | None,
) -> str | None:
    """Why no hand can count `p` under these conditions; None when one might."""
    name = f"{p.id} {p.name}"
    if p.detector == ILLEGAL and winning is True:
        return f"{name} is the penalty of a hand that is not a win"
    if p.detector != ILLEGAL and winning is False:
        return f"{name} needs a winning hand"
    low, high = total_range(p, ruleset)
    if (min_total is not None and high < min_total) or (max_total is not None and low > max_total):
        if low == high:
            what = "is a limit hand worth" if ruleset.is_limit(p) else "always totals"
            return f"{name} {what} {low}, outside {_bounds_text(min_total, max_total)}"
        if max_total is not None and low > max_total:
            return f"{name} is worth {low} on its own, above {_bounds_text(None, max_total)}"
        return (
            f"{name} is not a limit hand, so its total is capped at {high}, below "
            f"{_bounds_text(min_total, None)}"
        )
    if level is not None and level not in pattern_levels(p, ruleset):
        allowed = sorted(lv.value for lv in pattern_levels(p, ruleset))
        article = "an" if level is Level.EASY else "a"
        return f"{name} never occurs in {article} {level.value} hand (only {', '.join(allowed)})"
    if p.detector == ILLEGAL:
        return None
    if level is Level.EASY and min_total is not None:
        # The target plus at most two more patterns of at most 40 points each.
        own = p.value if p.unit == "hand" else EASY_MAX_POINTS
        top = min(own, EASY_MAX_POINTS) + (EASY_MAX_PATTERNS - 1) * EASY_MAX_POINTS
        if min_total > top:
            return (
                f"an easy hand with {name} totals at most {top} (it and at most "
                f"{EASY_MAX_PATTERNS - 1} more patterns of at most {EASY_MAX_POINTS} points), "
                f"below {min_total}"
            )
    return level_reason(ruleset, level, min_total)


def level_reason(ruleset: Ruleset, level: Level | None, min_total: int | None) -> str | None:
    """Why no winning hand of `level` reaches `min_total`; None when one might."""
    if level is None or min_total is None:
        return None
    if level is Level.EASY and min_total > EASY_MAX_PATTERNS * EASY_MAX_POINTS:
        return (
            f"an easy hand counts at most {EASY_MAX_PATTERNS} patterns of at most "
            f"{EASY_MAX_POINTS} points, so it totals at most "
            f"{EASY_MAX_PATTERNS * EASY_MAX_POINTS}, below {min_total}"
        )
    if level is Level.MEDIUM and min_total > ruleset.cap:
        return (
            f"a medium hand has no limit pattern and is never capped, so it totals at most "
            f"{ruleset.cap}, below {min_total}"
        )
    return None


_MAX_COUNT: Final = {"hand": 1, "set": 4, "tile": 8}


@cache
def additive_totals(ruleset: Ruleset) -> frozenset[int]:
    """Every total a winning hand below the limit could have, judging by the values.

    Each family adds at most one plain pattern plus its stacking ones (R10, R11);
    per-set patterns count up to four times, per-tile ones up to eight; a hand
    whose patterns all belong to the chicken's ignored categories also has the
    Chicken Hand (R13); sums above the cap become the cap (R12).  This is a
    superset of what hands really reach (it ignores which patterns exclude each
    other), so a total outside it is certainly impossible: 2, 4, 6 and 8 are, in
    the default ruleset.
    """
    cap = ruleset.cap
    top = cap + 1  # every sum above the cap counts as cap + 1, then becomes the cap
    chicken = next((p for p in ruleset.patterns if p.detector == CHICKEN), None)

    def sums(patterns: list[Pattern]) -> set[int]:
        families: dict[str, list[Pattern]] = {}
        for p in patterns:
            families.setdefault(p.family, []).append(p)
        reach = {0}
        for members in families.values():
            options = {0}
            plain = [p.value for p in members if not p.stacks]
            options |= set(plain)
            for p in members:
                if p.stacks:
                    options = {o + p.value * n for o in options
                               for n in range(_MAX_COUNT.get(p.unit, 1) + 1)}
            reach = {min(a + b, top) for a in reach for b in options}
        return reach

    scoring = [
        p for p in ruleset.patterns
        if p.detector not in (CHICKEN, ILLEGAL) and not ruleset.is_limit(p) and p.value > 0
    ]
    ignored = [p for p in scoring if p.category in ruleset.chicken_ignores]
    others = [p for p in scoring if p.category not in ruleset.chicken_ignores]
    extras = sums(ignored)
    out = {min(a + b, top) for a in sums(others) if a > 0 for b in extras}
    if chicken is not None:
        out |= {min(chicken.value + b, top) for b in extras}
    return frozenset(min(t, cap) for t in out)


def reachable(ruleset: Ruleset, min_total: int | None, max_total: int | None) -> bool:
    """Can some winning hand total within the bounds?  Limit hands total exactly
    their value (R12); the others one of `additive_totals`."""
    lo = min_total if min_total is not None else -(10**9)
    hi = max_total if max_total is not None else 10**9
    if any(lo <= t <= hi for t in additive_totals(ruleset)):
        return True
    return any(ruleset.is_limit(p) and lo <= p.value <= hi for p in ruleset.patterns)
