"""Category 7 of seed 000: hands built on terminals (1s and 9s)."""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Shape
from mj_trainer.engine.patterns.registry import HandFacts, Reading, hand_detector, reading_detector


def _ranked(starts: list[int], rank: int) -> list[int]:
    """How many of `starts` have `rank` in each number suit."""
    out = [0, 0, 0]
    for t in starts:
        if t < 27 and t % 9 == rank - 1:
            out[t // 9] += 1
    return out


@reading_detector("two_tailed_terminal_chows")
def two_tailed_terminal_chows(r: Reading) -> int:
    # One "set" is a 123 chow and a 789 chow of the same suit (R11).
    ones, sevens = _ranked(r.chows, 1), _ranked(r.chows, 7)
    return sum(min(a, b) for a, b in zip(ones, sevens, strict=True))


@reading_detector("two_tailed_terminal_pungs")
def two_tailed_terminal_pungs(r: Reading) -> int:
    ones, nines = _ranked(r.pungs, 1), _ranked(r.pungs, 9)
    return sum(min(a, b) for a, b in zip(ones, nines, strict=True))


@reading_detector("two_tailed_terminals")
def two_tailed_terminals(r: Reading) -> int:
    # R21: 111 123 789 999 of one suit; the eyes may be anything.
    pungs, chows = set(r.pungs), set(r.chows)
    return int(
        any({b, b + 8} <= pungs and {b, b + 6} <= chows for b in (0, 9, 18))
    )


def _every_group_has(r: Reading, wanted: tuple[bool, ...]) -> bool:
    return r.shape is Shape.REGULAR and all(
        any(wanted[t] for t in g.tiles) for g in r.arrangement.groups
    )


@reading_detector("mixed_lesser_terminals")
def mixed_lesser_terminals(r: Reading) -> int:
    return int(r.facts.has_honor and _every_group_has(r, tiles.IS_ORPHAN))


@reading_detector("pure_lesser_terminals")
def pure_lesser_terminals(r: Reading) -> int:
    return int(not r.facts.has_honor and _every_group_has(r, tiles.IS_TERMINAL))


def _mountain(r: Reading, terminals: int) -> int:
    # R20: a one-suit hand whose every set and eyes hold a terminal, using exactly
    # `terminals` of the suit's eight 1s and 9s.
    f = r.facts
    if len(f.number_suits) != 1 or f.has_honor:
        return 0
    if not _every_group_has(r, tiles.IS_TERMINAL):
        return 0
    base = next(iter(f.number_suits)) * 9
    return int(f.counts[base] + f.counts[base + 8] == terminals)


@reading_detector("little_mountain")
def little_mountain(r: Reading) -> int:
    return _mountain(r, 6)


@reading_detector("big_mountain")
def big_mountain(r: Reading) -> int:
    return _mountain(r, 8)


@hand_detector("mixed_greater_terminals")
def mixed_greater_terminals(f: HandFacts) -> int:
    # R22: only terminals and honors, at least one of each.  Such a hand can only be
    # all pungs or seven pairs (thirteen orphans is excluded by the ruleset, R16).
    return int(f.has_honor and f.has_terminal and not f.has_simple)


@hand_detector("pure_greater_terminals")
def pure_greater_terminals(f: HandFacts) -> int:
    return int(all(tiles.IS_TERMINAL[t] for t in f.kinds))
