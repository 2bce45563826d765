"""Full scoring of typical hands: `engine.score(hand)` per call.

    .venv/bin/python benchmarks/bench_score.py [--n 3000] [--rounds 3]

The hands come from `sample_hands.typical_hands` (seeded): exposed and concealed
sets, kongs, self-drawn wins, bonus tiles, a few seven-pairs hands.  One untimed
pass warms the ruleset loader and the arrangement caches; then every call is timed
on its own with perf_counter_ns over several rounds, and the median, p90 and p99
are reported overall and for slices of the hands.  The target from the issue is a
median under 150 us.  A last section times the steps of the same work through the
public API (validate, arrangements, score, score_to_json) to show where time goes,
and scoring with the arrangement caches cleared before every call.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mj_trainer.engine.arrangements as arr_module
from benchmarks.benchutil import machine_lines, percentile, table, time_each, timer_overhead_ns, us
from benchmarks.sample_hands import DEFAULT_SEED, closed_hands, typical_hands
from mj_trainer.engine import score
from mj_trainer.engine.arrangements import arrangements
from mj_trainer.engine.hand import Hand, validate
from mj_trainer.engine.jsonio import score_to_json
from mj_trainer.engine.shape import Shape

TARGET_MEDIAN_US = 150


def _stats_row(label: str, samples: Sequence[int], hands: int) -> list[str]:
    return [
        label,
        str(hands),
        us(percentile(samples, 50)),
        us(percentile(samples, 90)),
        us(percentile(samples, 99)),
        us(sum(samples) / len(samples)),
        us(max(samples)),
    ]


def _clear_arrangement_caches() -> None:
    arr_module.clear_caches()


def _timed_rounds(fn: Callable[[Hand], object], hands: Sequence[Hand], rounds: int,
                  before: Callable[[], object] | None = None) -> list[int]:
    """Per-hand samples: for each hand, its `rounds` timings in hand order."""
    per_round = [time_each(fn, hands, before) for _ in range(rounds)]
    return [ns for samples in zip(*per_round, strict=True) for ns in samples]


def _score_json(hand: Hand) -> object:
    return score_to_json(score(hand))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time engine.score on typical hands.")
    parser.add_argument("--n", type=int, default=3000, help="number of typical hands")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes over the hands")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)

    print("\n".join(machine_lines()))
    print(f"timer   : perf_counter_ns pair costs {timer_overhead_ns():.0f} ns (not subtracted)")
    print()

    t0 = time.perf_counter()
    hands = typical_hands(args.n, args.seed)
    built = time.perf_counter() - t0
    results = [score(h) for h in hands]  # warm-up pass (ruleset load, caches)
    readings = [len(arrangements(h)) for h in hands]

    samples = _timed_rounds(score, hands, args.rounds)
    per_hand = {i: samples[i * args.rounds:(i + 1) * args.rounds] for i in range(len(hands))}

    def pick(test: Callable[[int], bool]) -> tuple[list[int], int]:
        chosen = [i for i in range(len(hands)) if test(i)]
        return [ns for i in chosen for ns in per_hand[i]], len(chosen)

    slices: list[tuple[str, Callable[[int], bool]]] = [
        ("all typical hands", lambda i: True),
        ("  regular, no melds", lambda i: _shape(results[i].arrangement) == "regular"
         and not hands[i].melds),
        ("  regular, with melds", lambda i: bool(hands[i].melds)),
        ("  seven pairs", lambda i: _shape(results[i].arrangement) == "seven_pairs"),
        ("  one reading", lambda i: readings[i] == 1),
        ("  several readings", lambda i: readings[i] > 1),
        ("  with bonus tiles", lambda i: bool(hands[i].bonus)),
    ]
    header = ["hands", "count", "median", "p90", "p99", "mean", "max"]
    rows = []
    for label, test in slices:
        chosen, count = pick(test)
        if chosen:
            rows.append(_stats_row(label, chosen, count))

    stress = closed_hands(max(1, args.n // 3), args.seed, one_suit=True)
    for h in stress:
        score(h)
    rows.append(_stats_row("one-suit closed (stress)",
                           _timed_rounds(score, stress, args.rounds), len(stress)))

    print(f"engine.score(hand), microseconds per call; {args.rounds} timed rounds after a "
          f"warm-up pass; {args.n} hands built in {built:.2f} s (seed {args.seed})")
    print(table(header, rows))
    median = percentile(samples, 50)
    verdict = "meets" if median / 1000 < TARGET_MEDIAN_US else "MISSES"
    total_s = sum(samples) / 1e9
    print(f"median {us(median)} us {verdict} the {TARGET_MEDIAN_US} us target; "
          f"{len(samples) / total_s:,.0f} hands/s in the timed loop")
    print()

    steps: list[tuple[str, Callable[[Hand], object], Callable[[], object] | None]] = [
        ("validate(hand)", validate, None),
        ("arrangements(hand)", arrangements, None),
        ("score(hand)", score, None),
        ("score_to_json(score(hand))", _score_json, None),
        ("score(hand), arrangement caches cleared", score, _clear_arrangement_caches),
    ]
    step_rows = []
    for label, fn, before in steps:
        step_samples = _timed_rounds(fn, hands, args.rounds, before)
        step_rows.append(_stats_row(label, step_samples, len(hands)))
    print("Steps on the same typical hands (score() validates and arranges inside):")
    print(table(["step", "count", "median", "p90", "p99", "mean", "max"], step_rows))
    return 0


def _shape(arrangement: object) -> str:
    shape = getattr(arrangement, "shape", None)
    return shape.value if isinstance(shape, Shape) else "none"


if __name__ == "__main__":
    sys.exit(main())
