"""`mj-trainer score --json` on a list of many hands, as a script would call it.

    .venv/bin/python benchmarks/bench_cli_json.py [--n 10000] [--repeats 3]

Writes `--n` typical hands (sample_hands.contract_hands, seeded) as one JSON list to
a temporary file, then runs the console script as a subprocess, reading the list
from the file (`--input FILE`) and from standard input, and times each run's wall
clock from spawn to exit with its output read.  Every run must exit 0, write nothing
on stderr and return one result per hand; the two modes must agree.  The target
from the issue is under 5 s for 10,000 hands.

A single-hand run measures the fixed cost (interpreter start-up and imports), and
an in-process breakdown shows how the rest divides between JSON decoding, building
hands, scoring, building result objects and JSON encoding.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mj_trainer.engine.arrangements as arr_module
from benchmarks.benchutil import machine_lines, table
from benchmarks.sample_hands import DEFAULT_SEED, contract_hands
from mj_trainer.cli.score import parse_json_hands
from mj_trainer.engine.jsonio import score_to_json
from mj_trainer.engine.scoring import score

TARGET_S = 5.0


def command() -> list[str]:
    """The installed console script beside this interpreter, else the module."""
    script = Path(sys.executable).parent / "mj-trainer"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "mj_trainer"]


class Run:
    """One subprocess run: wall and CPU seconds, and what it printed."""

    def __init__(self, args: list[str], stdin_bytes: bytes | None) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter_ns()
        proc = subprocess.run(
            args,
            input=stdin_bytes,
            stdin=subprocess.DEVNULL if stdin_bytes is None else None,
            capture_output=True,
            check=False,
        )
        self.wall = (time.perf_counter_ns() - t0) / 1e9
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        self.code = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr.decode("utf-8", "replace")

    def problems(self, expected: int | None) -> list[str]:
        out = []
        if self.code != 0:
            out.append(f"exit code {self.code}")
        if self.stderr:
            out.append(f"stderr: {self.stderr.strip()[:300]}")
        if expected is not None and self.code == 0:
            data = json.loads(self.stdout)
            if not isinstance(data, list) or len(data) != expected:
                out.append(f"expected a list of {expected} results")
        return out


def _summary(label: str, runs: Sequence[Run]) -> list[str]:
    walls = sorted(r.wall for r in runs)
    median = walls[len(walls) // 2]
    cpu = sorted(r.cpu for r in runs)[len(runs) // 2]
    return [label, str(len(runs)), f"{walls[0]:.2f}", f"{median:.2f}", f"{walls[-1]:.2f}",
            f"{cpu:.2f}"]


def _clear_arrangement_caches() -> None:
    arr_module.clear_caches()


def _one_pass(text: str) -> list[tuple[str, float]]:
    _clear_arrangement_caches()  # as in a fresh process
    steps: list[tuple[str, float]] = []
    t0 = time.perf_counter()
    json.loads(text)
    steps.append(("json.loads", time.perf_counter() - t0))
    t0 = time.perf_counter()
    hands, _ = parse_json_hands(text)  # decodes again, then builds and validates hands
    steps.append(("parse_json_hands (incl. json.loads)", time.perf_counter() - t0))
    t0 = time.perf_counter()
    results = [score(h) for h in hands]
    steps.append(("score", time.perf_counter() - t0))
    t0 = time.perf_counter()
    objects = [score_to_json(r) for r in results]
    steps.append(("score_to_json", time.perf_counter() - t0))
    t0 = time.perf_counter()
    json.dumps(objects, ensure_ascii=False)
    steps.append(("json.dumps", time.perf_counter() - t0))
    return steps


def in_process(text: str, passes: int) -> list[tuple[str, float]]:
    """Seconds spent in each step the command takes, here in one process: the best
    of `passes` passes for each step."""
    runs = [_one_pass(text) for _ in range(max(1, passes))]
    return [(name, min(run[i][1] for run in runs)) for i, (name, _) in enumerate(runs[0])]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time `mj-trainer score --json` on many hands.")
    parser.add_argument("--n", type=int, default=10_000, help="hands in the list")
    parser.add_argument("--repeats", type=int, default=3, help="runs per input mode")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)

    cmd = command()
    print("\n".join(machine_lines()))
    print(f"command : {' '.join(cmd)} score --json")
    print()

    text = json.dumps(contract_hands(args.n, args.seed))
    data = text.encode("utf-8")
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="mj-bench-") as tmp:
        path = Path(tmp) / "hands.json"
        path.write_bytes(data)
        one = json.dumps(contract_hands(1, args.seed)[0]).encode("utf-8")
        Run([*cmd, "score", "--json"], one)  # untimed: fill the OS file cache
        startup = [Run([*cmd, "score", "--json"], one) for _ in range(args.repeats)]
        from_file: list[Run] = []
        from_stdin: list[Run] = []
        for _ in range(args.repeats):  # interleaved, so drift hits both modes alike
            from_file.append(Run([*cmd, "score", "--json", "--input", str(path)], None))
            from_stdin.append(Run([*cmd, "score", "--json"], data))

    for label, runs, expected in (("one hand", startup, None), ("file", from_file, args.n),
                                  ("stdin", from_stdin, args.n)):
        for r in runs:
            failures.extend(f"{label}: {p}" for p in r.problems(expected))
    if from_file and from_stdin and from_file[0].stdout != from_stdin[0].stdout:
        failures.append("file and stdin runs printed different results")

    print(f"{args.n} hands, {len(data) / 1e6:.1f} MB of JSON in, "
          f"{len(from_file[0].stdout) / 1e6:.1f} MB out; wall seconds per run")
    rows = [
        _summary("1 hand on stdin (start-up)", startup),
        _summary(f"{args.n} hands, --input FILE", from_file),
        _summary(f"{args.n} hands, stdin", from_stdin),
    ]
    print(table(["run", "runs", "min", "median", "max", "cpu (median)"], rows))
    worst = max(r.wall for r in (*from_file, *from_stdin))
    verdict = "meets" if worst < TARGET_S else "MISSES"
    print(f"slowest run {worst:.2f} s {verdict} the {TARGET_S:.0f} s target")
    print()

    steps = in_process(text, args.repeats)
    total = sum(s for name, s in steps if name != "json.loads")
    print(f"In-process breakdown of the same {args.n} hands (best of {args.repeats} passes, "
          "arrangement caches cleared before each):")
    print(table(["step", "seconds", "us/hand"],
                [[name, f"{s:.3f}", f"{s / args.n * 1e6:.1f}"] for name, s in steps]
                + [["total (without the first json.loads)", f"{total:.3f}",
                    f"{total / args.n * 1e6:.1f}"]]))
    if failures:
        print()
        print("FAILURES:")
        print("\n".join(f"  {f}" for f in failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
