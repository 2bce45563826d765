"""The per-suit splitter against a slow, obviously-correct enumerator.

`split_suit` chooses per rank (so each split appears once); the reference below
chooses per tile and collects the results in a set.  They must agree exactly,
with no repeats on the fast side.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine.arrangements import split_suit

Split = tuple[tuple[int, ...], tuple[int, ...], int]


def reference(counts: list[int]) -> set[Split]:
    found: set[Split] = set()

    def walk(c: list[int], chows: list[int], pungs: list[int], pair: int) -> None:
        i = next((k for k, x in enumerate(c) if x), -1)
        if i < 0:
            found.add((tuple(sorted(chows)), tuple(sorted(pungs)), pair))
            return
        if c[i] >= 3:
            d = list(c)
            d[i] -= 3
            walk(d, chows, [*pungs, i], pair)
        if c[i] >= 2 and pair < 0:
            d = list(c)
            d[i] -= 2
            walk(d, chows, pungs, i)
        if i <= 6 and c[i + 1] and c[i + 2]:
            d = list(c)
            d[i] -= 1
            d[i + 1] -= 1
            d[i + 2] -= 1
            walk(d, [*chows, i], pungs, pair)

    walk(list(counts), [], [], -1)
    return found


suit_counts = st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(
    lambda c: sum(c) <= 14
)


@settings(max_examples=400, deadline=None)
@given(suit_counts)
def test_split_suit_matches_reference_without_repeats(counts: list[int]) -> None:
    got = split_suit(tuple(counts))
    assert len(got) == len(set(got))
    normalised = {(tuple(sorted(ch)), tuple(sorted(pu)), pr) for ch, pu, pr in got}
    assert normalised == reference(counts)


def test_four_alike_before_a_run_is_split_once() -> None:
    # 5555 67 (ranks 4-6 as 0-based 4, 5, 6): only pung 555 + chow 567.
    counts = (0, 0, 0, 0, 4, 1, 1, 0, 0)
    assert split_suit(counts) == (((4,), (4,), -1),)


def test_pure_run_of_identical_chows_has_both_readings() -> None:
    # 111 222 333: three pungs, or three identical chows.
    counts = (3, 3, 3, 0, 0, 0, 0, 0, 0)
    assert set(split_suit(counts)) == {((0, 0, 0), (), -1), ((), (0, 1, 2), -1)}
