"""Categories 2-5 of seed 000: pungs and kongs, identical, similar and consecutive sets."""

from __future__ import annotations

from engine import tiles
from engine.arrangements import Shape
from engine.patterns.registry import HandFacts, Reading, hand_detector, reading_detector


@reading_detector("all_pungs")
def all_pungs(r: Reading) -> int:
    return int(r.shape is Shape.REGULAR and len(r.pungs) == 4)


def _concealed_pungs(n: int) -> None:
    @reading_detector(f"concealed_pungs_{n}")
    def detect(r: Reading) -> int:
        return int(r.concealed_pungs >= n)


def _kongs(n: int) -> None:
    @hand_detector(f"kongs_{n}")
    def detect(f: HandFacts) -> int:
        return int(f.hand.kong_count >= n)


for _n in (2, 3, 4):
    _concealed_pungs(_n)
for _n in (1, 2, 3, 4):
    _kongs(_n)


@reading_detector("two_identical_chows")
def two_identical_chows(r: Reading) -> int:
    return int(any(c >= 2 for c in r.chow_counts.values()))


@reading_detector("two_identical_chows_twice")
def two_identical_chows_twice(r: Reading) -> int:
    return int(sum(c // 2 for c in r.chow_counts.values()) >= 2)


@reading_detector("three_identical_chows")
def three_identical_chows(r: Reading) -> int:
    return int(any(c >= 3 for c in r.chow_counts.values()))


@reading_detector("four_identical_chows")
def four_identical_chows(r: Reading) -> int:
    return int(any(c >= 4 for c in r.chow_counts.values()))


def _suits_by_rank(starts: list[int]) -> dict[int, set[int]]:
    """For number tiles: rank -> the set of suits (0-2) it occurs in."""
    out: dict[int, set[int]] = {}
    for t in starts:
        if t < 27:
            out.setdefault(t % 9, set()).add(t // 9)
    return out


@reading_detector("three_similar_chows")
def three_similar_chows(r: Reading) -> int:
    return int(any(len(s) == 3 for s in _suits_by_rank(r.chows).values()))


@reading_detector("little_three_similar_pungs")
def little_three_similar_pungs(r: Reading) -> int:
    if r.eyes < 0 or r.eyes >= 27:
        return 0
    suits = _suits_by_rank(r.pungs).get(r.eyes % 9, set())
    return int(len(suits) == 2 and r.eyes // 9 not in suits)


@reading_detector("three_similar_pungs")
def three_similar_pungs(r: Reading) -> int:
    return int(any(len(s) == 3 for s in _suits_by_rank(r.pungs).values()))


def _ranks_by_suit(starts: list[int]) -> list[set[int]]:
    """Distinct ranks (1-9) per number suit."""
    out: list[set[int]] = [set(), set(), set()]
    for t in starts:
        if t < 27:
            out[t // 9].add(tiles.RANK[t])
    return out


def _has_run(ranks: set[int], steps: tuple[int, ...]) -> bool:
    """Is there an n with n + every offset in `steps` among `ranks`?"""
    return any(all(n + s in ranks for s in steps) for n in ranks)


# R18: the shapes of consecutive chows, as offsets of the chows' starting numbers.
_THREE_CHOWS = ((0, 1, 2), (0, 2, 4))
_THREE_TWICE = ((0, 1, 2, 4), (0, 2, 3, 4))
_FOUR_CHOWS = ((0, 1, 2, 3), (0, 2, 4, 6))


def _chow_run(name: str, shapes: tuple[tuple[int, ...], ...]) -> None:
    @reading_detector(name)
    def detect(r: Reading) -> int:
        return int(any(_has_run(s, shape) for s in _ranks_by_suit(r.chows) for shape in shapes))


_chow_run("three_consecutive_chows", _THREE_CHOWS)
_chow_run("three_consecutive_chows_twice", _THREE_TWICE)
_chow_run("four_consecutive_chows", _FOUR_CHOWS)


@reading_detector("nine_tile_straight")
def nine_tile_straight(r: Reading) -> int:
    return int(any({1, 4, 7} <= s for s in _ranks_by_suit(r.chows)))


@reading_detector("three_consecutive_pungs")
def three_consecutive_pungs(r: Reading) -> int:
    return int(any(_has_run(s, (0, 1, 2)) for s in _ranks_by_suit(r.pungs)))


@reading_detector("four_consecutive_pungs")
def four_consecutive_pungs(r: Reading) -> int:
    return int(any(_has_run(s, (0, 1, 2, 3)) for s in _ranks_by_suit(r.pungs)))


@reading_detector("three_mothers")
def three_mothers(r: Reading) -> int:
    # R19: pungs of n, n+1, n+2 and the chow n n+1 n+2 in the same suit.
    pungs = set(r.pungs)
    return int(any(c < 27 and {c, c + 1, c + 2} <= pungs for c in r.chows))
