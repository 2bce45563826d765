"""The hand generator: throughput, per-pattern aim times, and the mix per level.

    .venv/bin/python benchmarks/bench_generator.py [--n 3000] [--per-pattern 40] [--seed 1]

Every hand counted here is *verified*: the generator scores it with the engine
and returns it only when it meets the request, so the figures include the
scorer's time.  Sections:

1. untargeted hands per second of CPU time (and of wall time), rich and natural
   mode, each level, with the share of the time spent inside `engine.score` and the
   attempts per returned hand (target: at least 5,000 hands per CPU second);
2. one pattern at a time, every pattern of the ruleset: each hand timed on its
   own (targets: median under 5 ms per hand, the worst pattern under 50 ms);
3. per difficulty level, how many patterns the hands count and how their totals
   spread (the figures quoted in the README);
4. how often each pattern counts in untargeted natural and rich hands.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mj_trainer.engine.generator.api as gen_api
from benchmarks.benchutil import machine_lines, percentile, table
from mj_trainer.engine.generator import Generated, Level, Request, iter_generated
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.engine.scoring import Score

TARGET_RATE = 5000
TARGET_MEDIAN_MS = 5.0
TARGET_WORST_MS = 50.0


class _Meter:
    """Counts attempts and the time spent in the engine's scorer, via the api module."""

    def __init__(self) -> None:
        self.score_ns = 0
        self.attempts = 0
        self._score: Callable[[Hand, Ruleset | None], Score] = vars(gen_api)["score"]
        self._attempt = gen_api._attempt

    def install(self) -> None:
        real_score = self._score
        real_attempt = self._attempt

        def timed_score(hand: Hand, ruleset: Ruleset | None = None) -> Score:
            t0 = time.perf_counter_ns()
            try:
                return real_score(hand, ruleset)
            finally:
                self.score_ns += time.perf_counter_ns() - t0

        def counted_attempt(req: Request, rng: random.Random, tries: int) -> Generated | None:
            self.attempts += 1
            return real_attempt(req, rng, tries)

        vars(gen_api)["score"] = timed_score  # the generator's own reference to score()
        gen_api._attempt = counted_attempt

    def reset(self) -> None:
        self.score_ns = 0
        self.attempts = 0


def _take(stream: Iterator[Generated], n: int) -> tuple[list[Generated], float, float]:
    """The next `n` hands, and the CPU and wall seconds they took."""
    c0 = time.process_time()
    t0 = time.perf_counter()
    items = [next(stream) for _ in range(n)]
    return items, time.process_time() - c0, time.perf_counter() - t0


def untargeted(meter: _Meter, n: int, seed: int) -> list[list[str]]:
    rows = []
    for mode in ("rich", "natural"):
        for level in (None, *Level):
            stream = iter_generated(seed=seed, mode=mode, difficulty=level)
            next(stream)  # warm caches
            meter.reset()
            _, cpu, secs = _take(stream, n)
            rows.append([
                f"{mode} {level.value if level else 'any level'}",
                f"{n / cpu:,.0f}",
                f"{n / secs:,.0f}",
                f"{cpu / n * 1e6:.0f}",
                f"{meter.score_ns / 1e9 / secs:.0%}",
                f"{meter.attempts / n:.2f}",
                "ok" if n / cpu >= TARGET_RATE else "SLOW",
            ])
    for label, winning_level in (("not winning, any level", None),
                                 ("not winning, easy", Level.EASY),
                                 ("not winning, hard", Level.HARD)):
        stream = iter_generated(seed=seed, winning=False, difficulty=winning_level)
        next(stream)
        meter.reset()
        count = max(n // 5, 1)
        _, cpu, secs = _take(stream, count)
        rows.append([label, f"{count / cpu:,.0f}", f"{count / secs:,.0f}",
                     f"{cpu / count * 1e6:.0f}",
                     f"{meter.score_ns / 1e9 / secs:.0%}", f"{meter.attempts / count:.2f}", ""])
    return rows


def per_pattern(meter: _Meter, k: int, seed: int) -> tuple[list[list[str]], list[float], str]:
    rules = load()
    rows = []
    all_ms: list[float] = []
    worst_pattern = ("", 0.0)
    for p in rules.patterns:
        stream = iter_generated(seed=seed, target=p.id)
        meter.reset()
        times: list[float] = []
        for _ in range(k):
            t0 = time.perf_counter_ns()
            next(stream)
            times.append((time.perf_counter_ns() - t0) / 1e6)
        all_ms.extend(times)
        med = percentile(times, 50)
        mean = sum(times) / len(times)
        if mean > worst_pattern[1]:
            worst_pattern = (f"{p.id} {p.name}", mean)
        rows.append([f"{p.id} {p.name}", f"{med:.2f}", f"{mean:.2f}",
                     f"{max(times):.2f}", f"{meter.attempts / k:.2f}"])
    verdict = (f"worst pattern by mean: {worst_pattern[0]} {worst_pattern[1]:.2f} ms "
               f"({'ok' if worst_pattern[1] < TARGET_WORST_MS else 'SLOW'}, target "
               f"< {TARGET_WORST_MS:.0f} ms)")
    return rows, all_ms, verdict


def _iter_n(stream: Iterator[Generated], n: int) -> list[Generated]:
    return [next(stream) for _ in range(n)]


def _bucket(g: Generated) -> str:
    s = g.score
    if s.limit is not None:
        return "limit"
    if s.capped:
        return "capped 320"
    t = s.total
    for top, name in ((10, "1-10"), (40, "11-40"), (100, "41-100"), (319, "101-319")):
        if t <= top:
            return name
    return "320 exact"


BUCKETS = ("1-10", "11-40", "41-100", "101-319", "320 exact", "capped 320", "limit")


def frequencies(n: int, seed: int) -> list[list[str]]:
    rules = load()
    shares: dict[str, list[str]] = {}
    for mode in ("natural", "rich"):
        items = _iter_n(iter_generated(seed=seed, mode=mode), n)
        seen = Counter(h.pattern.id for g in items for h in g.score.counted)
        for p in rules.patterns:
            shares.setdefault(p.id, [f"{p.id} {p.name}"]).append(f"{seen[p.id] / n:.1%}")
    return list(shares.values())


def distribution(n: int, seed: int) -> tuple[list[list[str]], list[list[str]]]:
    count_rows = []
    total_rows = []
    for mode in ("rich", "natural"):
        for level in (None, *Level):
            items = _iter_n(iter_generated(seed=seed, mode=mode, difficulty=level), n)
            label = f"{mode} {level.value if level else 'any'}"
            counts = Counter(len(g.score.counted) for g in items)
            count_rows.append([label] + [f"{counts.get(i, 0) / n:.0%}" for i in range(1, 8)]
                              + [f"{sum(c for k, c in counts.items() if k >= 8) / n:.0%}",
                                 f"{sum(len(g.score.counted) for g in items) / n:.2f}"])
            totals = [g.total for g in items]
            buckets = Counter(_bucket(g) for g in items)
            total_rows.append([
                label,
                str(min(totals)),
                f"{percentile(totals, 50):.0f}",
                f"{sum(totals) / n:.0f}",
                f"{percentile(totals, 90):.0f}",
                str(max(totals)),
                *(f"{buckets.get(b, 0) / n:.0%}" for b in BUCKETS),
            ])
    return count_rows, total_rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=3000, help="hands per throughput row")
    parser.add_argument("--per-pattern", type=int, default=40, help="hands per pattern")
    parser.add_argument("--dist", type=int, default=2000, help="hands per distribution row")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    print("\n".join(machine_lines()))
    meter = _Meter()
    meter.install()

    print(f"\n1. Untargeted, verified hands ({args.n} per row; target >= {TARGET_RATE:,} "
          "per CPU second)\n")
    rows = untargeted(meter, args.n, args.seed)
    print(table(["request", "hands/cpu s", "hands/wall s", "cpu us/hand", "in score()",
                 "attempts/hand", ""], rows))

    print(f"\n2. Aimed at one pattern ({args.per_pattern} hands each, ms per hand)\n")
    prow, all_ms, verdict = per_pattern(meter, args.per_pattern, args.seed)
    print(table(["pattern", "median", "mean", "max", "attempts/hand"], prow))
    med = percentile(all_ms, 50)
    pattern_medians = [float(r[1]) for r in prow]
    print(f"\nmedian over all aimed hands: {med:.2f} ms "
          f"({'ok' if med < TARGET_MEDIAN_MS else 'SLOW'}, target < {TARGET_MEDIAN_MS:.0f} ms); "
          f"slowest pattern median {max(pattern_medians):.2f} ms; p99 of all hands "
          f"{percentile(all_ms, 99):.2f} ms; slowest single hand {max(all_ms):.2f} ms")
    print(verdict)

    print(f"\n3. Mix per level ({args.dist} hands each)\n")
    crows, trows = distribution(args.dist, args.seed)
    print("counted patterns per hand:")
    print(table(["request", *map(str, range(1, 8)), "8+", "mean"], crows))
    print("\ntotals:")
    print(table(["request", "min", "median", "mean", "p90", "max", *BUCKETS], trows))

    print(f"\n4. Share of untargeted hands counting each pattern ({args.dist} hands each)\n")
    print(table(["pattern", "natural", "rich"], frequencies(args.dist, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
