"""Arrangement enumeration: the engine against the `mahjong` package's HandDivider.

    .venv/bin/python benchmarks/bench_arrangements.py [--n 3000] [--rounds 5]

Like is compared with like: fully concealed 14-tile regular winning hands, given to
both sides as the same 34-count vector, and both enumerate every division into
four sets and eyes.  Ours is `engine.arrangements.decompose(counts)`; the full
`engine.arrangements.arrangements(hand)` (which also places the winning tile and
looks for seven pairs and thirteen orphans) is timed beside it.

Both sides cache, differently:

* ours memoises per suit: the splits of each suit's 9-count vector are kept in
  unbounded functools caches in engine.arrangements (found by looking, printed at
  the top); hands share suit vectors, so a warm cache serves new hands too;
* HandDivider memoises whole hands (`_divide_hand_impl`, an lru_cache of 128 entries,
  no switch to turn it off in mahjong 2.x); it only helps when the very same hand
  comes back while still among the last 128 distinct hands.

Four scenarios are timed.  `warm`: an untimed pass over the same hands first, each
library caching as it does by default (ours then hits on every suit; HandDivider's
LRU has forgotten all but the last 128 hands).  `fresh`: caches warmed on other
hands, then every timed hand is new, as in a long-running trainer.  `cold`: both
caches cleared before every call, outside the timed region.  `repeat`: the same 100
hands over and over, so both caches always hit.  HandDivider also tries seven pairs
on every call; the cross-check drops that extra division before comparing results.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.hand_calculating.divider import HandDivider

import mj_trainer.engine.arrangements as arr_module
from benchmarks.benchutil import machine_lines, percentile, table, time_each, timer_overhead_ns, us
from benchmarks.sample_hands import DEFAULT_SEED, closed_hands, counts34
from mj_trainer.engine.arrangements import arrangements, decompose
from mj_trainer.engine.hand import Hand

Division = tuple[tuple[int, ...], tuple[int, ...], int]


def _ours(counts: list[int]) -> list[Division]:
    return sorted((tuple(sorted(ch)), tuple(sorted(pu)), ey) for ch, pu, ey in decompose(counts))


def _theirs(counts: list[int]) -> list[Division]:
    out: list[Division] = []
    for blocks in HandDivider.divide_hand(counts):
        if len(blocks) == 7:
            continue  # seven pairs, which decompose() leaves to another function
        chows = sorted(b[0] for b in blocks if len(b) == 3 and b[0] != b[1])
        pungs = sorted(b[0] for b in blocks if len(b) >= 3 and b[0] == b[1])
        eyes = next(b[0] for b in blocks if len(b) == 2)
        out.append((tuple(chows), tuple(pungs), eyes))
    return sorted(out)


class Check:
    """How the two sides' divisions of the same hands compare."""

    def __init__(self, vectors: Sequence[list[int]]) -> None:
        self.ours = self.ours_unique = self.theirs = 0
        self.hands_with_repeats = 0
        self.diffs: list[str] = []
        self.repeats: list[str] = []
        for counts in vectors:
            a, b = _ours(counts), _theirs(counts)
            unique = sorted(set(a))
            self.ours += len(a)
            self.ours_unique += len(unique)
            self.theirs += len(b)
            if len(unique) != len(a):
                self.hands_with_repeats += 1
                self.repeats.append(f"{counts}: {a}")
            if unique != b:
                self.diffs.append(f"{counts}: ours {unique} theirs {b}")

    def lines(self, name: str, n: int) -> list[str]:
        out = [
            f"{name:8}: {n} hands; HandDivider finds {self.theirs} divisions (seven pairs "
            f"dropped); decompose returns {self.ours}, of which {self.ours_unique} distinct "
            f"({self.hands_with_repeats} hands get a division twice); "
            f"{len(self.diffs)} hands differ once repeats are removed",
        ]
        out.extend(f"  DIFF {d}" for d in self.diffs[:5])
        out.extend(f"  REPEAT e.g. {d}" for d in self.repeats[:1])
        return out


class _Cache(Protocol):
    def cache_clear(self) -> None: ...

    def cache_info(self) -> Any: ...


def engine_caches() -> dict[str, _Cache]:
    """Every functools cache in engine.arrangements, found by looking (the engine may
    add or drop caches; the cold scenario must clear them all)."""
    return {
        name: obj
        for name, obj in vars(arr_module).items()
        if callable(getattr(obj, "cache_clear", None)) and hasattr(obj, "cache_info")
    }


_OUR_CACHES: list[_Cache] = []


def _clear_ours() -> None:
    for c in _OUR_CACHES:
        c.cache_clear()


def _clear_theirs() -> None:
    HandDivider._divide_hand_impl.cache_clear()


def _clear_both() -> None:
    _clear_ours()
    _clear_theirs()


def _our_cache_stats() -> tuple[int, int, int]:
    """Hits, misses and entries summed over our caches."""
    infos = [c.cache_info() for c in _OUR_CACHES]
    return (sum(i.hits for i in infos), sum(i.misses for i in infos),
            sum(i.currsize for i in infos))


def _divide(counts: list[int]) -> object:
    return HandDivider.divide_hand(counts)


class Samples:
    """Per-call nanoseconds of the three contenders, gathered over interleaved rounds."""

    def __init__(self) -> None:
        self.decompose: list[int] = []
        self.arrangements: list[int] = []
        self.divider: list[int] = []

    def row(self, label: str) -> list[str]:
        med_ours = percentile(self.decompose, 50)
        med_arr = percentile(self.arrangements, 50)
        med_theirs = percentile(self.divider, 50)
        mean = [sum(x) / len(x) for x in (self.decompose, self.arrangements, self.divider)]
        return [
            label,
            us(med_ours), us(mean[0]),
            us(med_arr), us(mean[1]),
            us(med_theirs), us(mean[2]),
            f"{med_theirs / med_ours:.1f}x", f"{mean[2] / mean[0]:.1f}x",
            f"{med_theirs / med_arr:.1f}x",
        ]


def run_scenario(
    hands: Sequence[Hand],
    vectors: Sequence[list[int]],
    rounds: int,
    clear: bool,
) -> Samples:
    out = Samples()
    before_ours: Callable[[], object] | None = _clear_ours if clear else None
    before_theirs: Callable[[], object] | None = _clear_theirs if clear else None
    for _ in range(rounds):
        out.decompose += time_each(decompose, vectors, before_ours)
        out.arrangements += time_each(arrangements, hands, before_ours)
        out.divider += time_each(_divide, vectors, before_theirs)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=3000, help="hands per hand set")
    parser.add_argument("--rounds", type=int, default=5, help="timed passes per scenario")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)

    _OUR_CACHES[:] = engine_caches().values()
    print("\n".join(machine_lines(["mahjong"])))
    print(f"caches  : ours {', '.join(engine_caches()) or 'none'} (engine.arrangements); "
          "HandDivider._divide_hand_impl lru_cache(128)")
    print(f"timer   : perf_counter_ns pair costs {timer_overhead_ns():.0f} ns (not subtracted)")
    print()

    sets = {
        "mixed": closed_hands(args.n, args.seed),
        "one-suit": closed_hands(args.n, args.seed, one_suit=True),
    }
    header = ["scenario", "decomp med", "mean", "arrange med", "mean",
              "HandDiv med", "mean", "vs decomp med", "mean", "vs arrange med"]
    rows: list[list[str]] = []
    notes: list[str] = []
    for name, hands in sets.items():
        vectors = [counts34(h) for h in hands]
        notes.extend(Check(vectors).lines(name, len(hands)))

        # warm: one untimed pass over the same hands first, each library caching
        # as it does by default; then the timed passes.
        _clear_both()
        time_each(decompose, vectors)
        time_each(arrangements, hands)
        time_each(_divide, vectors)
        before = HandDivider._divide_hand_impl.cache_info()
        warm = run_scenario(hands, vectors, args.rounds, clear=False)
        after = HandDivider._divide_hand_impl.cache_info()
        notes.append(f"{name:8}: warm - HandDivider LRU hits {after.hits - before.hits}, "
                     f"misses {after.misses - before.misses}; our caches hold "
                     f"{_our_cache_stats()[2]} entries")
        rows.append(warm.row(f"{name} warm"))

        # fresh: caches warmed on other hands, then every timed hand is new.
        _clear_both()
        one_suit = name == "one-suit"
        warmup = closed_hands(args.n, args.seed + 1, one_suit=one_suit)
        time_each(decompose, [counts34(h) for h in warmup])
        time_each(_divide, [counts34(h) for h in warmup])
        fresh = Samples()
        ours_before = _our_cache_stats()
        for r in range(args.rounds):
            new = closed_hands(args.n, args.seed + 2 + r, one_suit=one_suit)
            new_vectors = [counts34(h) for h in new]
            fresh.decompose += time_each(decompose, new_vectors)
            fresh.divider += time_each(_divide, new_vectors)
            # arrangements() meets these suit vectors after decompose() cached them,
            # so it is timed on yet another set of new hands.
            other = closed_hands(args.n, args.seed + 100 + r, one_suit=one_suit)
            fresh.arrangements += time_each(arrangements, other)
        ours_after = _our_cache_stats()
        hits = ours_after[0] - ours_before[0]
        misses = ours_after[1] - ours_before[1]
        notes.append(f"{name:8}: fresh - our cache lookups (recursive ones included) hit "
                     f"{hits / max(1, hits + misses):.0%} of {hits + misses}; caches end at "
                     f"{ours_after[2]} entries")
        rows.append(fresh.row(f"{name} fresh"))

        rows.append(run_scenario(hands, vectors, args.rounds, clear=True).row(f"{name} cold"))

        few_hands = list(hands[:100]) * max(1, len(hands) // 100)
        few_vectors = [counts34(h) for h in few_hands]
        time_each(decompose, few_vectors)
        time_each(arrangements, few_hands)
        time_each(_divide, few_vectors)
        rows.append(run_scenario(few_hands, few_vectors, args.rounds, clear=False)
                    .row(f"{name} repeat"))

    print("Per-call time in microseconds (median and mean over "
          f"{args.rounds} rounds x {args.n} hands); 'vs' = HandDivider time / ours")
    print("warm: caches warmed on the same hands; fresh: warmed on other hands, timed hands "
          "new; cold: caches cleared before each call; repeat: 100 hands over and over")
    print(table(header, rows))
    print()
    print("\n".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
