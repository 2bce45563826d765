"""The generator's public interface: plan a request, then draw verified hands.

    generate(5, seed=7, target="8.1.3")            # five hands that score Big Three Winds
    generate(10, difficulty="easy", mode="natural")
    generate(1, winning=False)                     # an "is this a win?" question
    for item in iter_generated(target="6", seed=1): ...   # endless, with scores

Each hand is built constructively (`templates`, `builder`), then scored by the
engine and returned only when the score shows what was asked: the target counts,
no avoided pattern counts, the total is within bounds and the hand is at the
requested level.  A failed check costs one fresh attempt; the attempts per hand
are bounded, and requests that no hand can satisfy are refused up front from the
ruleset's data (see `targets`).  All randomness comes from one
`random.Random(seed)`, so a seed gives the same hands on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, TypedDict, Unpack

from mj_trainer.engine.generator.builder import Draft
from mj_trainer.engine.generator.context import RulesInfo
from mj_trainer.engine.generator.difficulty import Level, level_of
from mj_trainer.engine.generator.errors import GenerationError, Retry
from mj_trainer.engine.generator.nonwinning import build_nonwinning
from mj_trainer.engine.generator.policy import Mode, Policy, policy_for
from mj_trainer.engine.generator.targets import (
    Target,
    level_reason,
    reachable,
    resolve,
    total_range,
    why_not,
)
from mj_trainer.engine.generator.templates import TEMPLATES, Template
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.registry import Trait, with_trait
from mj_trainer.engine.ruleset import BUILTIN_DIR, DEFAULT, Pattern, Ruleset, load
from mj_trainer.engine.ruleset_model import ILLEGAL_CALL as ILLEGAL
from mj_trainer.engine.scoring import Score, score

MAX_ATTEMPTS: Final = 4000  # per hand; a request that needs more is reported as failed
LEAN_BELOW: Final = 40  # a maximum total under this switches off free extras
BOOST_FROM: Final = 60  # a minimum total from this switches on generous extras
_NATURAL_PLAIN_TRIES: Final = 24  # natural mode tries unaimed hands this often first

Seed = int | str | bytes | None


class Wanted(TypedDict, total=False):
    """What a request may ask for: the keywords `plan` takes, with its defaults, and
    every drawing function passes on to it (`generate` says what each one means)."""

    target: str | None
    avoid: str | Iterable[str] | None
    difficulty: Level | str | None
    min_total: int | None
    max_total: int | None
    mode: Mode | str
    ruleset: str | Ruleset
    winning: bool | None


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated hand with the engine's score of it."""

    hand: Hand
    score: Score

    @property
    def total(self) -> int:
        return self.score.total

    @property
    def level(self) -> Level:
        return level_of(self.score)


@dataclass(frozen=True, slots=True)
class Request:
    """A checked, compiled request (built by `plan`)."""

    ruleset: Ruleset
    rules: RulesInfo
    policy: Policy
    mode: Mode
    level: Level | None
    winning: bool
    aims: tuple[Pattern, ...]  # patterns to build towards (targets, or flavors)
    aim_weights: tuple[float, ...]
    accept: frozenset[str]  # some pattern of these must count (empty: no target)
    avoid: frozenset[str]
    min_total: int | None
    max_total: int | None
    describe: str
    partners: tuple[Pattern, ...] = ()  # extra shapes to add when the total must be high

    def accepts(self, result: Score) -> bool:
        if result.winning != self.winning:
            return False
        if self.accept or self.avoid:
            counted = {h.pattern.id for h in result.counted}
            if self.accept and not counted & self.accept:
                return False
            if counted & self.avoid:
                return False
        total = result.total
        if self.min_total is not None and total < self.min_total:
            return False
        if self.max_total is not None and total > self.max_total:
            return False
        return self.level is None or level_of(result) is self.level


def _as_list(items: str | Iterable[str] | None) -> list[str]:
    if items is None:
        return []
    if isinstance(items, str):
        items = [items]
    out: list[str] = []
    for item in items:
        out.extend(part.strip() for part in str(item).split(",") if part.strip())
    return out


def _flavor_weight(p: Pattern, ruleset: Ruleset) -> float:
    """How often an unaimed rich hand is built around `p`: common patterns most."""
    if ruleset.is_limit(p):
        return 1.0
    return 3.0 if p.value <= 40 else 2.0


def plan(
    *,
    target: str | None = None,
    avoid: str | Iterable[str] | None = (),
    difficulty: Level | str | None = None,
    min_total: int | None = None,
    max_total: int | None = None,
    mode: Mode | str = Mode.RICH,
    ruleset: str | Ruleset = DEFAULT,
    winning: bool | None = None,
) -> Request:
    """Check a request and compile it; GenerationError names what is impossible."""
    if isinstance(ruleset, Ruleset):
        # Hands name their ruleset so `score --json` can load it again: a built-in
        # one by its id, any other by its file.
        source = Path(ruleset.source)
        builtin = source.parent == BUILTIN_DIR
        rules_obj, rules_name = ruleset, ruleset.id if builtin else str(source)
    else:
        rules_obj, rules_name = load(ruleset), ruleset
    try:
        level = None if difficulty is None else Level.parse(difficulty)
        mode_v = Mode.parse(mode)
    except ValueError as err:
        raise GenerationError(str(err)) from None
    if min_total is not None and max_total is not None and min_total > max_total:
        raise GenerationError(f"the minimum total {min_total} is above the maximum {max_total}")

    avoided: list[Pattern] = []
    for text in _as_list(avoid):
        avoided.extend(resolve(rules_obj, text).patterns)
    avoid_ids = frozenset(p.id for p in avoided)
    banned = frozenset(p.detector for p in avoided)

    tgt: Target | None = resolve(rules_obj, target) if target is not None and target.strip() \
        else None
    if tgt is not None:
        members = list(tgt.patterns)
        if tgt.kind != "pattern" and winning is not False:
            members = [p for p in members if p.detector != ILLEGAL] or members
        if winning is None:
            winning = not all(p.detector == ILLEGAL for p in members)
        clash = [p for p in members if p.id in avoid_ids]
        members = [p for p in members if p.id not in avoid_ids]
        if not members:
            names = ", ".join(f"{p.id}" for p in clash)
            raise GenerationError(f"target {tgt.label} is also avoided ({names})")
        reasons: list[str] = []
        feasible: list[Pattern] = []
        for p in members:
            reason = why_not(p, rules_obj, level=level, min_total=min_total,
                             max_total=max_total, winning=winning)
            if reason is None:
                feasible.append(p)
            else:
                reasons.append(reason)
        if not feasible:
            if len(reasons) == 1:
                raise GenerationError(reasons[0])
            raise GenerationError(
                f"no pattern of {tgt.label} fits: " + "; ".join(reasons[:4])
                + ("; ..." if len(reasons) > 4 else "")
            )
        aims = tuple(feasible)
        weights = tuple(1.0 for _ in aims)
        accept = frozenset(p.id for p in feasible)
        describe = tgt.label
    else:
        if winning is None:
            winning = True
        accept = frozenset()
        describe = "a winning hand" if winning else "a hand that is not a win"
        if not winning:
            illegal = rules_obj.with_detector(ILLEGAL)
            if illegal is not None and illegal.id in avoid_ids:
                raise GenerationError(f"a hand that is not a win always scores {illegal.id}, "
                                      "which is avoided")
            penalty = total_range(illegal, rules_obj)[0] if illegal is not None else 0
            if (min_total is not None and penalty < min_total) or (
                max_total is not None and penalty > max_total
            ):
                raise GenerationError(
                    f"a hand that is not a win always totals {penalty}, outside the bounds"
                )
            aims, weights = (), ()
        else:
            reason = level_reason(rules_obj, level, min_total)
            if reason is not None:
                raise GenerationError(reason)
            if not reachable(rules_obj, min_total, max_total):
                raise GenerationError(
                    f"no winning hand of {rules_obj.id} can total between "
                    f"{min_total if min_total is not None else 'any'} and "
                    f"{max_total if max_total is not None else 'any'}: no sum of pattern "
                    f"values gives such a total below the cap {rules_obj.cap}, and limit "
                    "hands total exactly their value"
                )
            candidates = [
                p
                for p in rules_obj.patterns
                if p.detector in TEMPLATES
                and p.id not in avoid_ids
                and why_not(p, rules_obj, level=level, min_total=min_total,
                            max_total=max_total, winning=True) is None
            ]
            # Prefer flavors whose own value lies within the bounds.
            inside = [
                p for p in candidates
                if (min_total is None or p.value >= min_total)
                and (max_total is None or p.value <= max_total)
            ]
            if min_total is not None and inside:
                candidates = inside
            if not candidates and level is not None:
                raise GenerationError(
                    f"no pattern of {rules_obj.id} fits {level.value} hands within the bounds"
                )
            aims = tuple(candidates)
            weights = tuple(_flavor_weight(p, rules_obj) for p in aims)

    policy = _policy(mode_v, level, rules_obj, banned, min_total, max_total)
    partners: tuple[Pattern, ...] = ()
    if min_total is not None and min_total >= BOOST_FROM and winning:
        # High totals: besides the aim, build a second valuable pattern now and then.
        partners = tuple(
            p for p in rules_obj.patterns
            if p.detector in TEMPLATES and not rules_obj.is_limit(p) and p.value >= 20
            and p.id not in avoid_ids
            and why_not(p, rules_obj, level=level, min_total=None, max_total=max_total,
                        winning=True) is None
        )
    rules = RulesInfo.of(rules_name, rules_obj, banned_detectors=banned,
                         natural=mode_v is Mode.NATURAL)
    return Request(
        ruleset=rules_obj,
        rules=rules,
        policy=policy,
        mode=mode_v,
        level=level,
        winning=winning,
        aims=aims,
        aim_weights=weights,
        accept=accept,
        avoid=avoid_ids,
        min_total=min_total,
        max_total=max_total,
        describe=describe,
        partners=partners,
    )


def _policy(
    mode: Mode, level: Level | None, ruleset: Ruleset, banned: frozenset[str],
    min_total: int | None, max_total: int | None,
) -> Policy:
    detectors = {p.detector for p in ruleset.patterns}
    pol = policy_for(
        mode,
        level,
        bonus_in_rules=bool(with_trait(Trait.DEALS_BONUS, detectors)),
        lean=max_total is not None and max_total < LEAN_BELOW,
        generous=min_total is not None and min_total >= BOOST_FROM,
    )
    # Steer away from avoided patterns that the free choices would otherwise make.
    if with_trait(Trait.CONCEALED, banned):
        pol = replace(pol, allow_closed=False, closed_chance=0.0, seven_pairs_chance=0.0,
                      orphans_chance=0.0)
    if with_trait(Trait.SELF_DRAWN, banned):
        pol = replace(pol, allow_self_drawn=False, self_drawn_chance=0.0)
    if with_trait(Trait.KONG, banned):
        pol = replace(pol, allow_kongs=False, kong_chance=0.0)
    if with_trait(Trait.ANY_BONUS_TILE, banned):
        pol = replace(pol, allow_bonus=False, bonus_each=0.0)
    if with_trait(Trait.SEVEN_PAIRS, banned):
        pol = replace(pol, seven_pairs_chance=0.0)
    if with_trait(Trait.THIRTEEN_ORPHANS, banned):
        pol = replace(pol, orphans_chance=0.0)
    return pol


def _draft(req: Request, rng: random.Random) -> Draft:
    return Draft(rng, req.policy, req.rules, req.level)


def _attempt(req: Request, rng: random.Random, tries: int) -> Generated | None:
    d = _draft(req, rng)
    try:
        if not req.winning:
            hand = build_nonwinning(d, req.level)
        else:
            aim: Template | None = None
            if req.aims and not (
                req.mode is Mode.NATURAL and not req.accept and tries < _NATURAL_PLAIN_TRIES
            ):
                pattern = rng.choices(req.aims, req.aim_weights)[0]
                aim = TEMPLATES.get(pattern.detector)
            if aim is not None:
                aim.build(d)
            else:
                d.plain()
            if req.partners and tries % 2:
                partner = TEMPLATES[rng.choice(req.partners).detector]
                if partner is not aim:
                    partner.build(d)
            hand = d.finish()
    except Retry:
        return None
    result = score(hand, req.ruleset)
    if req.accepts(result):
        return Generated(hand, result)
    return None


def _one(req: Request, rng: random.Random) -> Generated:
    for tries in range(MAX_ATTEMPTS):
        found = _attempt(req, rng, tries)
        if found is not None:
            return found
    raise GenerationError(
        f"gave up on {req.describe} after {MAX_ATTEMPTS} attempts; the combination of "
        "target, avoid, difficulty and totals may be impossible"
    )


def _rng(seed: Seed) -> random.Random:
    return random.Random(seed) if seed is not None else random.Random()


def iter_generated(*, seed: Seed = None, **wanted: Unpack[Wanted]) -> Iterator[Generated]:
    """An endless stream of generated hands with their scores.

    The request is checked at once (GenerationError), not at the first hand.
    """
    return _stream(plan(**wanted), _rng(seed))


def iter_attempts(attempts: int, *, seed: Seed = None,
                  **wanted: Unpack[Wanted]) -> Iterator[Generated]:
    """The hands that `attempts` single attempts make and the request accepts.

    Unlike `iter_generated`, a hand is never retried: a caller that filters the hands
    further (a lesson's drill) knows at once how much its search costs.  The request is
    checked first (GenerationError)."""
    req = plan(**wanted)
    rng = _rng(seed)
    for tries in range(attempts):
        found = _attempt(req, rng, tries)
        if found is not None:
            yield found


def _stream(req: Request, rng: random.Random) -> Iterator[Generated]:
    while True:
        yield _one(req, rng)


def iter_hands(*, seed: Seed = None, **wanted: Unpack[Wanted]) -> Iterator[Hand]:
    """An endless stream of generated hands (see `generate`)."""
    return (item.hand for item in iter_generated(seed=seed, **wanted))


def generate_scored(count: int = 1, *, seed: Seed = None,
                    **wanted: Unpack[Wanted]) -> list[Generated]:
    """`count` generated hands with their scores (see `generate`)."""
    if count < 0:
        raise GenerationError(f"count must be zero or more, not {count}")
    stream = iter_generated(seed=seed, **wanted)
    return [next(stream) for _ in range(count)]


def generate(count: int = 1, *, seed: Seed = None, **wanted: Unpack[Wanted]) -> list[Hand]:
    """Generate `count` legal hands, each verified by the engine.

    target      a pattern id ("6.2"), family ("8.1"), category ("8") or pattern
                name ("Nine Gates"): every hand counts it (for a family or
                category, some pattern of it).
    avoid       ids, families, categories or names that must not count.
    difficulty  "easy", "medium" or "hard" (see engine/generator/DIFFICULTY.md).
    min_total, max_total   bounds on the hand's total.
    mode        "rich" (many patterns, for drills) or "natural" (like real play).
    ruleset     a built-in ruleset name or a .toml path; written into each hand.
    winning     False for hands that are not a win (Illegal Call questions);
                None (the default) means winning unless the target is Illegal Call.
    seed        the same seed gives the same hands on every machine.

    Raises GenerationError for unknown targets and impossible requests, and
    RulesetError for a ruleset that cannot be loaded.
    """
    return [g.hand for g in generate_scored(count, seed=seed, **wanted)]
