"""Where `engine.score` spends its time on typical hands.

    .venv/bin/python benchmarks/profile_score.py [--n 3000] [--top 25] [--pyinstrument]

Three views of the same seeded hands (sample_hands.typical_hands), after a warm-up:

1. steps: the work of one score, step by step, each timed in a batch over all hands
   (validate, arrangements, HandFacts.of, hand detectors, Reading.of per reading,
   reading detectors per reading) against the whole `score()`;
2. detectors: each detector of the default ruleset run over all hands or readings,
   in microseconds per hand, most expensive first;
3. cProfile's top functions by own time (and, with --pyinstrument, pyinstrument's
   sampled call tree, when that package is installed).

Batch timing keeps timer overhead out; cProfile adds its own overhead to every
Python call, so its numbers rank hotspots rather than measure them.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import pstats
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.benchutil import machine_lines, table
from benchmarks.sample_hands import DEFAULT_SEED, typical_hands
from mj_trainer.engine import load, score
from mj_trainer.engine.arrangements import Arrangement, arrangements
from mj_trainer.engine.hand import Hand, validate
from mj_trainer.engine.patterns import HAND_DETECTORS, READING_DETECTORS, HandFacts, Reading

REPO = str(Path(__file__).resolve().parent.parent) + "/"


def _batch(fn: Callable[[], object], repeats: int) -> float:
    """Best-of-`repeats` seconds for one call of `fn` (which loops over the hands)."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def steps_view(hands: Sequence[Hand], repeats: int) -> list[list[str]]:
    rules = load()
    hand_fns = [HAND_DETECTORS[p.detector] for p in rules.patterns
                if p.detector in HAND_DETECTORS]
    reading_fns = [READING_DETECTORS[p.detector] for p in rules.patterns
                   if p.detector in READING_DETECTORS]
    arranged: list[list[Arrangement]] = [arrangements(h) for h in hands]
    facts = [HandFacts.of(h) for h in hands]
    readings = [Reading.of(f, a) for f, arrs in zip(facts, arranged, strict=True) for a in arrs]

    def run_validate() -> None:
        for h in hands:
            validate(h)

    def run_arrangements() -> None:
        for h in hands:
            arrangements(h)

    def run_facts() -> None:
        for h in hands:
            HandFacts.of(h)

    def run_hand_detectors() -> None:
        for f in facts:
            for fn in hand_fns:
                fn(f)

    def run_readings() -> None:
        for f, arrs in zip(facts, arranged, strict=True):
            for a in arrs:
                Reading.of(f, a)

    def run_reading_detectors() -> None:
        for r in readings:
            for fn in reading_fns:
                fn(r)

    def run_score() -> None:
        for h in hands:
            score(h)

    n = len(hands)
    parts = [
        ("validate (checked)", run_validate),
        ("arrangements", run_arrangements),
        ("HandFacts.of", run_facts),
        (f"hand detectors ({len(hand_fns)})", run_hand_detectors),
        (f"Reading.of ({len(readings) / n:.2f} readings/hand)", run_readings),
        (f"reading detectors ({len(reading_fns)} per reading)", run_reading_detectors),
    ]
    rows: list[list[str]] = []
    total = _batch(run_score, repeats)
    accounted = 0.0
    for label, fn in parts:
        seconds = _batch(fn, repeats)
        accounted += seconds
        rows.append([label, f"{seconds / n * 1e6:.1f}", f"{seconds / total:.0%}"])
    rest = total - accounted
    # Steps in tight loops run faster than interleaved inside score(), so this row also
    # holds that difference; pyinstrument's tree shows the in-context split.
    rows.append(["rest: family rule, exclusions, Hit/Outcome objects, sorting, "
                 "and interleaving",
                 f"{rest / n * 1e6:.1f}", f"{rest / total:.0%}"])
    rows.append(["score() as a whole", f"{total / n * 1e6:.1f}", "100%"])
    return rows


def detectors_view(hands: Sequence[Hand], repeats: int) -> list[list[str]]:
    rules = load()
    facts = [HandFacts.of(h) for h in hands]
    readings = [Reading.of(f, a) for f, h in zip(facts, hands, strict=True)
                for a in arrangements(h)]
    n = len(hands)
    costs: list[tuple[float, str, str]] = []
    for p in rules.patterns:
        if p.detector in HAND_DETECTORS:
            hand_fn = HAND_DETECTORS[p.detector]

            def run_hand(fn: Callable[[HandFacts], int] = hand_fn) -> None:
                for f in facts:
                    fn(f)

            costs.append((_batch(run_hand, repeats), f"{p.id} {p.detector}", "hand"))
        elif p.detector in READING_DETECTORS:
            reading_fn = READING_DETECTORS[p.detector]

            def run_reading(fn: Callable[[Reading], int] = reading_fn) -> None:
                for r in readings:
                    fn(r)

            costs.append((_batch(run_reading, repeats), f"{p.id} {p.detector}", "reading"))
    costs.sort(reverse=True)
    total = sum(c for c, _, _ in costs)
    rows = [[name, scope, f"{c / n * 1e6:.2f}", f"{c / total:.0%}"] for c, name, scope in costs]
    rows.append([f"all {len(costs)} detectors", "", f"{total / n * 1e6:.2f}", "100%"])
    return rows


def cprofile_view(hands: Sequence[Hand], top: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for h in hands:
        score(h)
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.sort_stats("tottime").print_stats(top)
    text = buf.getvalue().replace(REPO, "")
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return "\n".join(lines[1:])  # drop the blank 'ordered by' noise at the top


def pyinstrument_view(hands: Sequence[Hand]) -> str:
    try:
        module = importlib.import_module("pyinstrument")
    except ImportError:
        return "pyinstrument is not installed (.venv/bin/pip install pyinstrument)"
    profiler = module.Profiler(interval=0.0001)
    profiler.start()
    for h in hands:
        score(h)
    profiler.stop()
    text: str = profiler.output_text(unicode=False, color=False, show_all=False)
    return text.replace(REPO, "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Profile engine.score on typical hands.")
    parser.add_argument("--n", type=int, default=3000, help="number of typical hands")
    parser.add_argument("--repeats", type=int, default=3, help="best-of for batch timings")
    parser.add_argument("--top", type=int, default=25, help="cProfile rows to show")
    parser.add_argument("--pyinstrument", action="store_true", help="add pyinstrument's tree")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)

    print("\n".join(machine_lines()))
    print()
    hands = typical_hands(args.n, args.seed)
    for h in hands:  # warm-up: ruleset, plan and arrangement caches
        score(h)

    print(f"1. Steps of score(), microseconds per hand (best of {args.repeats} batches "
          f"over {args.n} hands):")
    print(table(["step", "us/hand", "share"], steps_view(hands, args.repeats)))
    print()
    print("2. Detectors, microseconds per hand (all readings of a hand for reading "
          "detectors):")
    print(table(["pattern detector", "scope", "us/hand", "share"],
                detectors_view(hands, args.repeats)))
    print()
    print(f"3. cProfile over {args.n} scores, top {args.top} by own time:")
    print(cprofile_view(hands, args.top))
    if args.pyinstrument:
        print()
        print("4. pyinstrument (sampling every 0.1 ms):")
        print(pyinstrument_view(hands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
