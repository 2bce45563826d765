"""Score a hand under a ruleset and keep a full trace of every decision.

For each arrangement the scorer finds every pattern present, applies the family
rule (R10, R11), the chicken-hand rule (R13), the shape exclusions (R5, R16) and
the cap and limits (R12), then keeps the arrangement with the best total (R1).
Every pattern that was present but did not count keeps the reason, so the trainer
explains from this trace and never reasons about a hand a second time.

Two schemes turn the counted patterns into a total: "additive" sums them; "doubling"
(the classical ruleset, R32) doubles the sum of the points patterns once per
doubling, caps it, and lets a limit hand replace the whole computation.  What a
ruleset needs beyond four sets and eyes (the hand's waits, every placement of the
winning tile, irregular single-tile hands, pe-ling) is worked out from its detectors,
so rulesets that do not use them pay nothing for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import NamedTuple, cast

from mj_trainer.engine import arrangements as arr
from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement
from mj_trainer.engine.frozen import builder
from mj_trainer.engine.hand import Hand, checked, plainly_valid
from mj_trainer.engine.patterns import HAND_DETECTORS, READING_DETECTORS, HandFacts, Reading
from mj_trainer.engine.patterns.registry import (
    ANYTHING,
    BONUS,
    CATALOGUE,
    DETECTOR_SHAPES,
    SET_COUNTS_MASK,
    VOID_CHECKS,
    HandFlag,
    Needs,
    Trait,
    readers,
    with_trait,
)
from mj_trainer.engine.ruleset import Pattern, Ruleset, load
from mj_trainer.engine.ruleset_model import CHICKEN_HAND, ILLEGAL_CALL
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.waits import hand_waits


class Why(Enum):
    """Why a pattern that is present in the hand adds nothing."""

    OUTRANKED = "outranked"  # a higher pattern of the same family counts instead (R10)
    REPLACED = "replaced"  # a pattern that includes it counts instead
    LIMIT = "limit"  # a limit hand stands alone (R12)
    SHAPE = "shape"  # the pattern does not apply to this hand shape (R5, R16)
    VOID = "void"  # present, but a condition of the rule voids it (`Hit.note` says which)


class Hit(NamedTuple):
    """A pattern present in an arrangement: how often, and whether it counted.

    A named tuple rather than a frozen dataclass: a hand makes a dozen of them per
    reading, and a tuple is built four times faster.
    """

    pattern: Pattern
    count: int  # type: ignore[assignment]  # shadows tuple.count, as intended
    counted: bool = True
    why: Why | None = None
    by: Pattern | None = None
    shape: Shape | None = None
    note: str = ""  # the reason in words, for Why.VOID

    @property
    def points(self) -> int:
        """The points it adds (0 for a doubling)."""
        p = self.pattern
        return 0 if p.kind == "doubles" else self.count * p.value

    @property
    def doubles(self) -> int:
        """How many times it doubles the points (0 for a points pattern)."""
        p = self.pattern
        return self.count * p.value if p.kind == "doubles" else 0

    def reason(self) -> str:
        """Why it did not count, in a sentence; empty when it counted."""
        by = self.by
        if self.counted:
            return ""
        if self.why is Why.OUTRANKED and by is not None:
            return (f"outranked by {by.name} ({by.id}, {by.value_text()}): only the highest "
                    f"pattern of family {self.pattern.family} counts")
        if self.why is Why.REPLACED and by is not None:
            return f"included in {by.name} ({by.id}), which counts instead"
        if self.why is Why.LIMIT and by is not None:
            return f"the limit hand {by.name} ({by.id}, {by.value}) stands alone"
        if self.why is Why.SHAPE and self.shape is not None:
            return f"does not apply to a {self.shape.label} hand"
        if self.why is Why.VOID and self.note:
            return self.note
        return "does not count"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The score of one arrangement."""

    arrangement: Arrangement | None
    hits: tuple[Hit, ...]
    total: int
    sum: int  # the result of the counted patterns before the cap (points x 2^doubles)
    capped: bool
    limit: Pattern | None
    points: int = 0  # the points before doubling (the sum, in the additive scheme)
    doubles: int = 0  # how many doublings apply (doubling scheme)

    @property
    def counted(self) -> tuple[Hit, ...]:
        return tuple(h for h in self.hits if h.counted)

    @property
    def not_counted(self) -> tuple[Hit, ...]:
        return tuple(h for h in self.hits if not h.counted)


@dataclass(frozen=True, slots=True)
class Score:
    """The result for a hand: the chosen outcome and every other arrangement's."""

    hand: Hand
    ruleset: Ruleset
    winning: bool
    best: Outcome
    others: tuple[Outcome, ...] = ()

    @property
    def total(self) -> int:
        return self.best.total

    @property
    def arrangement(self) -> Arrangement | None:
        return self.best.arrangement

    @property
    def counted(self) -> tuple[Hit, ...]:
        return self.best.counted

    @property
    def not_counted(self) -> tuple[Hit, ...]:
        return self.best.not_counted

    @property
    def capped(self) -> bool:
        return self.best.capped

    @property
    def limit(self) -> Pattern | None:
        return self.best.limit


def _display_order(hit: Hit) -> tuple[bool, bool, int, tuple[int, ...]]:
    # Counted first, points before doublings, then the biggest, then by id.
    p = hit.pattern
    return (not hit.counted, p.kind == "doubles", -hit.count * p.value, p.rank)


# A reading's patterns present as a flat tuple of (pattern index, count) pairs, and the
# hand's void patterns as (index, count, note): with the shape, all the scorer needs.
_Present = tuple[int, ...]
_Voids = tuple[tuple[int, int, str], ...]
# What `_resolve` makes of them: the fields of an `Outcome` after its arrangement, and
# how many patterns counted (R1's second preference).
_Resolved = tuple[tuple[Hit, ...], int, int, bool, Pattern | None, int, int, int]
_HandCheck = tuple[int, Callable[[HandFacts], int], Callable[[HandFacts], str | None] | None]
_ReadingCheck = tuple[int, Callable[[Reading], int]]
# Resolutions kept per ruleset; past this many (a long batch of varied hands) the
# memo starts again rather than grow without end.
_MEMO_LIMIT = 200_000


@dataclass(frozen=True, slots=True)
class _Plan:
    """A ruleset compiled for speed: detectors resolved once, pre-checks memoised.

    The detectors a hand or a reading runs depend only on its `HandFlag`s and set
    counts (each detector's `Needs`), so the chosen lists are kept per flags and per
    signature.  What a reading's patterns add up to depends only on its shape and on
    which patterns are present how often, so that resolution is kept too.
    """

    ruleset: Ruleset
    patterns: tuple[Pattern, ...]  # indexed by the ints of `_Present`
    hand_checks: tuple[tuple[int, Callable[[HandFacts], int], Needs,
                             Callable[[HandFacts], str | None] | None], ...]
    reading_checks: dict[Shape, tuple[tuple[int, Callable[[Reading], int], Needs], ...]]
    chicken: Pattern | None
    illegal: Pattern | None
    distinct_waits: bool
    special: frozenset[str] = frozenset()  # irregular single-tile hands accepted
    pe_ling: bool = False  # the c1-pairs-b1 reading is accepted
    needs_waits: bool = False
    detectors: frozenset[str] = frozenset()  # every detector the ruleset names
    # The bits of hand flags and reading signatures some detector's needs look at: the
    # rest are masked off, so hands that differ only there share their chosen lists.
    hand_mask: int = 0
    signature_mask: int = 0
    by_flags: dict[int, tuple[_HandCheck, ...]] = field(default_factory=dict)
    # Keyed by the reading's signature with its shape's code above it (`_shape_code`).
    by_signature: dict[int, tuple[_ReadingCheck, ...]] = field(default_factory=dict)
    # Keyed by the voids, then the shape's code followed by the `_Present` pairs.
    resolved: dict[tuple[_Voids, _Present], _Resolved] = field(default_factory=dict)

    def hand_checks_for(self, flags: int) -> tuple[_HandCheck, ...]:
        flags &= self.hand_mask
        chosen = self.by_flags.get(flags)
        if chosen is None:
            chosen = self.by_flags[flags] = tuple(
                (i, fn, void) for i, fn, needs, void in self.hand_checks
                if needs.met_by_hand(flags))
        return chosen

    def reading_checks_for(self, shape: Shape, signature: int) -> tuple[_ReadingCheck, ...]:
        signature &= self.signature_mask
        key = signature | _shape_code(shape) << _SHAPE_SHIFT
        chosen = self.by_signature.get(key)
        if chosen is None:
            chosen = self.by_signature[key] = tuple(
                (i, fn) for i, fn, needs in self.reading_checks[shape]
                if needs.met_by_reading(signature))
        return chosen


# A shape as a small int, for keys hashed once a reading: an Enum member hashes through
# a Python-level __hash__, an int does not.
_REGULAR = Shape.REGULAR
_SHAPE_CODES: dict[Shape, int] = {shape: i for i, shape in enumerate(Shape)}
_SHAPE_SHIFT = 48  # above every bit of a reading's signature


def _shape_code(shape: Shape) -> int:
    return 0 if shape is _REGULAR else _SHAPE_CODES[shape]


def _compile(ruleset: Ruleset, patterns: tuple[Pattern, ...], *, chicken: bool) -> _Plan:
    hand_checks = []
    reading_checks: dict[Shape, list[tuple[int, Callable[[Reading], int], Needs]]] = {
        shape: [] for shape in Shape
    }
    for i, p in enumerate(patterns):
        entry = CATALOGUE.get(p.detector)
        needs = _int_flags(entry.needs if entry is not None else ANYTHING)
        if p.detector in HAND_DETECTORS:
            hand_checks.append((i, HAND_DETECTORS[p.detector], needs,
                                VOID_CHECKS.get(p.detector)))
        elif p.detector in READING_DETECTORS:
            for shape in DETECTOR_SHAPES[p.detector]:
                reading_checks[shape].append((i, READING_DETECTORS[p.detector], needs))
    detectors = {p.detector for p in ruleset.patterns}
    return _Plan(
        ruleset,
        patterns,
        tuple(hand_checks),
        {shape: tuple(checks) for shape, checks in reading_checks.items()},
        ruleset.with_detector(CHICKEN_HAND) if chicken else None,
        ruleset.with_detector(ILLEGAL_CALL),
        # What the catalogue says the ruleset's detectors need worked out first: every
        # placement of the winning tile (R2), the waits, the irregular single-tile forms.
        distinct_waits=bool(with_trait(Trait.PLACEMENTS, detectors)),
        special=frozenset(with_trait(Trait.SPECIAL_FORM, detectors)),
        pe_ling=bool(with_trait(Trait.PE_LING, detectors)),
        needs_waits=bool(with_trait(Trait.WAITS, detectors)),
        detectors=frozenset(detectors),
        hand_mask=int(_flags_read(needs for _, _, needs, _ in hand_checks)),
        signature_mask=SET_COUNTS_MASK | _flags_read(
            needs for checks in reading_checks.values() for _, _, needs in checks) << 16,
    )


def _int_flags(needs: Needs) -> Needs:
    """The same needs with their flags as plain ints: IntFlag arithmetic runs in Python,
    and the plan tests needs for every new kind of hand or reading it meets."""
    return replace(needs, has=cast(HandFlag, int(needs.has)),
                   lacks=cast(HandFlag, int(needs.lacks)))


def _flags_read(needs: Iterable[Needs]) -> int:
    out = 0
    for n in needs:
        out |= n.has | n.lacks
    return out


# Plans by ruleset identity: hashing a ruleset for every hand would cost more than the
# lookup saves.  The plan holds its ruleset, so an id is never reused while kept.
_PLANS: dict[int, _Plan] = {}
_LOSER_PLANS: dict[int, _Plan] = {}


def _plan(ruleset: Ruleset) -> _Plan:
    plan = _PLANS.get(id(ruleset))
    if plan is None or plan.ruleset is not ruleset:
        plan = _PLANS[id(ruleset)] = _compile(ruleset, ruleset.patterns, chicken=True)
    return plan


def _loser_plan(ruleset: Ruleset) -> _Plan:
    # A loser scores only the categories the ruleset names (classical: sets, pairs
    # and the doublings for all players).
    plan = _LOSER_PLANS.get(id(ruleset))
    if plan is None or plan.ruleset is not ruleset:
        chosen = tuple(p for p in ruleset.patterns if p.category in ruleset.loser_categories)
        plan = _LOSER_PLANS[id(ruleset)] = _compile(ruleset, chosen, chicken=False)
    return plan


def accepted_shapes(ruleset: Ruleset) -> tuple[frozenset[str], bool]:
    """The irregular single-tile hands a ruleset accepts, and whether it has pe-ling."""
    plan = _plan(ruleset)
    return plan.special, plan.pe_ling


def score(hand: Hand, ruleset: Ruleset | None = None, *, valid: bool = False) -> Score:
    """Score a hand; raises HandError (R6) when it is not a hand at all.

    `valid=True` says the caller has already validated the hand (a hand read from
    JSON or notation is), so it is not checked a second time.
    """
    if not valid and not plainly_valid(hand):
        checked(hand)
    rules = ruleset if ruleset is not None else load(hand.ruleset)
    plan = _plan(rules)
    readings = arr.arrangements(hand, distinct_waits=plan.distinct_waits, special=plan.special,
                                pe_ling=plan.pe_ling)
    if not readings:
        return _illegal(hand, plan)
    facts = HandFacts.of(hand)
    if plan.needs_waits:
        facts.waits = hand_waits(hand, special=plan.special, pe_ling=plan.pe_ling)
    present, void = _hand_hits(plan, facts)
    if len(readings) == 1:
        return _new_score(hand, rules, True,
                          _score_one(plan, facts, present, readings[0], void)[0], ())
    scored = [_score_one(plan, facts, present, a, void) for a in readings]
    order = sorted(range(len(scored)), key=lambda i: _preference(scored[i], i))
    best = scored[order[0]][0]
    return _new_score(hand, rules, True, best, tuple(scored[i][0] for i in order[1:]))


def _hand_hits(plan: _Plan, facts: HandFacts) -> tuple[list[int], _Voids]:
    """The hand detectors' patterns present, and those present but void (seed 000 12.4.1).

    Present patterns come as a flat list of index, count pairs.
    """
    live: list[int] = []
    void: _Voids = ()
    for i, fn, check in plan.hand_checks_for(facts.flags):
        n = fn(facts)
        if not n:
            continue
        note = check(facts) if check is not None else None
        if note:
            void = (*void, (i, n, note))
        else:
            live.append(i)
            live.append(n)
    return live, void


def _preference(scored: tuple[Outcome, int], index: int) -> tuple[int, int, int, int]:
    # R1: the highest total; then the fewest counted patterns; then the most chows.
    o, counted = scored
    assert o.arrangement is not None
    return (-o.total, counted, -o.arrangement.chow_count, index)


def _illegal(hand: Hand, plan: _Plan) -> Score:
    # R7: a well-formed hand with no winning arrangement scores the penalty alone.
    if plan.illegal is None:
        outcome = Outcome(None, (), 0, 0, False, None)
    else:
        hit = Hit(plan.illegal, 1)
        outcome = Outcome(None, (hit,), hit.points, hit.points, False, None, hit.points)
    return Score(hand, plan.ruleset, False, outcome)


def _score_one(
    plan: _Plan,
    facts: HandFacts,
    hand_present: list[int],
    arrangement: Arrangement,
    void: _Voids = (),
) -> tuple[Outcome, int]:
    """One reading's outcome, and how many patterns counted in it."""
    reading = Reading(facts, arrangement)
    shape = reading.shape
    code = 0 if shape is _REGULAR else _SHAPE_CODES[shape]
    checks = plan.by_signature.get(reading.signature & plan.signature_mask
                                   | code << _SHAPE_SHIFT)
    if checks is None:
        checks = plan.reading_checks_for(shape, reading.signature)
    present = [code, *hand_present]
    for i, fn in checks:
        n = fn(reading)
        if n:
            present += (i, n)
    key = (void, tuple(present))
    memo = plan.resolved
    done = memo.get(key)
    if done is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        done = memo[key] = _resolve(plan, shape, key[1][1:], void)
    return _new_outcome(arrangement, done[0], done[1], done[2], done[3], done[4], done[5],
                        done[6]), done[7]


# Outcome(...) and Score(...) without the frozen __init__'s per-field checks (see frozen).
_new_outcome = builder(Outcome)
_new_score = builder(Score)


def _resolve(plan: _Plan, shape: Shape, present_ids: _Present, void: _Voids) -> _Resolved:
    """Apply the shape exclusions, R13, the families, inclusions, limits and the cap."""
    patterns = plan.patterns
    present = [(patterns[present_ids[k]], present_ids[k + 1])
               for k in range(0, len(present_ids), 2)]
    hits: list[Hit] = [Hit(patterns[i], n, False, Why.VOID, note=note) for i, n, note in void]
    live: list[tuple[Pattern, int]] = []
    for p, n in present:
        if p.not_for and shape in p.not_for:
            hits.append(Hit(p, n, False, Why.SHAPE, shape=shape))
        else:
            live.append((p, n))
    chicken = plan.chicken
    rules = plan.ruleset
    if chicken is not None and all(p.category in rules.chicken_ignores for p, _ in live):
        live.append((chicken, 1))  # R13

    counted = _resolve_families(live, hits)
    # Patterns that include others cancel them, even across families.
    cancelled: dict[str, Pattern] = {}
    for p, _ in counted:
        for other in p.replaces:
            cancelled.setdefault(other, p)
    kept: list[tuple[Pattern, int]] = []
    for p, n in counted:
        if p.id in cancelled:
            hits.append(Hit(p, n, False, Why.REPLACED, by=cancelled[p.id]))
        else:
            kept.append((p, n))

    limits = [p for p, _ in kept if p.is_limit]
    doubles = 0
    if limits:
        # The highest limit; among equals the lowest id.
        top = min(limits, key=lambda p: (-p.value, p.rank))
        for p, n in kept:
            if p is top:
                hits.append(Hit(p, n))
            else:
                hits.append(Hit(p, n, False, Why.LIMIT, by=top))
        total = raw = points = top.value
        capped = False
        limit: Pattern | None = top
    else:
        hits.extend(Hit(p, n) for p, n in kept)
        if rules.scheme == "doubling":
            # R32: the points, doubled once per doubling.
            points = sum(p.value * n for p, n in kept if p.kind != "doubles")
            doubles = sum(p.value * n for p, n in kept if p.kind == "doubles")
            raw = points * 2**doubles
        else:
            raw = points = sum(p.value * n for p, n in kept)
        capped = raw > rules.cap
        total = rules.cap if capped else raw
        limit = None
    hits.sort(key=_display_order)
    return (tuple(hits), total, raw, capped, limit, points, doubles,
            sum(1 for h in hits if h.counted))


def _resolve_families(
    live: list[tuple[Pattern, int]], hits: list[Hit]
) -> list[tuple[Pattern, int]]:
    """R10/R11: per family, the best plain pattern plus every stacking one."""
    families: dict[str, list[tuple[Pattern, int]]] = {}
    for p, n in live:
        families.setdefault(p.family, []).append((p, n))
    counted: list[tuple[Pattern, int]] = []
    for members in families.values():
        plain = [(p, n) for p, n in members if not p.stacks]
        if plain:
            best = min(plain, key=lambda pn: (-pn[0].value * pn[1], pn[0].rank))
            counted.append(best)
            for p, n in plain:
                if p is not best[0]:
                    hits.append(Hit(p, n, False, Why.OUTRANKED, by=best[0]))
        counted.extend((p, n) for p, n in members if p.stacks)
    return counted


def score_partial(hand: Hand, ruleset: Ruleset, candidates: list[Arrangement]) -> Outcome:
    """A loser's score: the best of the candidate partial readings of his tiles.

    `hand` carries the loser's tiles, melds and seat (its winning tile is only a
    placeholder); only the ruleset's loser categories are scored (R32).
    """
    plan = _loser_plan(ruleset)
    facts = HandFacts.of(hand)
    present, _ = _hand_hits(plan, facts)
    scored = [_score_one(plan, facts, present, a) for a in candidates]
    order = sorted(range(len(scored)), key=lambda i: _preference(scored[i], i))
    return scored[order[0]][0]


def ignored_context(hand: Hand, ruleset: Ruleset) -> tuple[str, ...]:
    """The incidentals and bonus tiles of the hand that the ruleset scores nothing for.

    E.g. ("final_discard", "bonus tiles f1 s3") under the classical ruleset, which
    has no last-discard bonus and no flowers (seed 004).
    """
    if not hand.incidentals and not hand.bonus:
        return ()
    detectors = _plan(ruleset).detectors
    out: list[str] = []
    for item in sorted(hand.incidentals, key=lambda i: i.value):
        if not readers(item.value, detectors):
            out.append(item.value)
    if hand.bonus and not readers(BONUS, detectors):
        out.append("bonus tiles " + " ".join(tiles.code(t) for t in hand.bonus))
    return tuple(out)
