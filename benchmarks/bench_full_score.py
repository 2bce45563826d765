"""Full scoring side by side with the `mahjong` package, on the same closed hands.

    .venv/bin/python benchmarks/bench_full_score.py [--n 12000] [--rounds 5] [--cli 20000]

Two mixes of the same fully concealed 14-tile winning hands (sample_hands.closed_hands,
seeded): every hand self-drawn, and every hand won on a discard.  A discard asks more
of both libraries: the winning tile may sit in several groups (R2), and a pung it
completes is not concealed (R3).

1. In one process, on hands new to both: `engine.score(hand)` against mahjong's
   `HandCalculator.estimate_hand_value`, which both split the hand, find every
   pattern, pick the best reading and total it.  mahjong is told how the hand was won
   (`is_tsumo`) and nothing else; a discard win with no yaku under the riichi rules is
   still split and searched for every yaku in full (only the payment table is skipped),
   and the count of hands with a yaku is printed.  Rounds alternate between the two,
   each timed in CPU time (process_time); the figure per library is its median round.
   Target: ours at least 2.5x as fast, on each mix.
2. As commands: `mj-trainer score --json --input F` on `--cli` hands of each mix
   written as contract JSON, against a plain Python script that loads the same file
   with `json.load`, scores every hand with mahjong and writes a JSON list of results.
   CPU time of each whole process tree (getrusage of the children), median of 3
   interleaved runs after an untimed one, ours with the default `--jobs` and with
   `--jobs 1`, all in a user's environment (`command_env`: bytecode cached, output
   buffered).  Target: ours
   uses at most 1/1.5 of the script's CPU (a ratio of 1.5 or more).

Tiles map one to one: our coins, bamboo and characters to man, pin and sou, the winds to
the winds, and the red, green and white dragons to chun, hatsu and haku.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig

from benchmarks.bench_cli_json import command
from benchmarks.benchutil import load_line, machine_lines, table
from benchmarks.sample_hands import DEFAULT_SEED, closed_hands
from mj_trainer.engine import score
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.jsonio import hand_to_json

SPEED_TARGET = 2.5  # engine.score against estimate_hand_value, each mix
CPU_TARGET = 1.5  # the plain script's CPU over the command's
MIXES = (("self-drawn", True), ("won on a discard", False))
# Our dragons are red, green, white (31-33); mahjong's 34-tile order is haku, hatsu, chun.
_TO_34 = [*range(31), 33, 32, 31]

MAHJONG_SCRIPT = r"""
import json, sys
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig

CODES = [f"{s}{r}" for s in "cbk" for r in range(1, 10)]
CODES += ["we", "ws", "ww", "wn", "dr", "dg", "dw"]
TO_34 = {code: i for i, code in enumerate(CODES)}
TO_34["dr"], TO_34["dw"] = 33, 31
configs = {True: HandConfig(is_tsumo=True), False: HandConfig()}
with open(sys.argv[1], encoding="utf-8") as f:
    hands = json.load(f)
out = []
for hand in hands:
    config = configs[hand.get("self_drawn", False)]
    seen = [0] * 34
    tiles = []
    for code in hand["concealed"]:
        t = TO_34[code]
        tiles.append(t * 4 + seen[t])
        seen[t] += 1
    win = TO_34[hand["winning_tile"]] * 4
    r = HandCalculator.estimate_hand_value(tiles, win, config=config)
    out.append({"han": r.han, "fu": r.fu, "cost": r.cost, "error": r.error,
                "yaku": [y.name for y in r.yaku or []]})
json.dump(out, sys.stdout)
sys.stdout.write("\n")
"""


def to_136(hand: Hand) -> tuple[list[int], int]:
    """The concealed tiles in mahjong's 136 form, and the winning tile."""
    seen = [0] * 34
    out: list[int] = []
    for t in hand.concealed:
        t34 = _TO_34[t]
        out.append(t34 * 4 + seen[t34])
        seen[t34] += 1
    return out, _TO_34[hand.winning_tile] * 4


def _cpu_round(fn: Callable[[Any], object], items: Sequence[Any]) -> float:
    t0 = time.process_time()
    for item in items:
        fn(item)
    return time.process_time() - t0


def in_process(n: int, rounds: int, self_drawn: bool) -> tuple[float, float, int]:
    """Median CPU microseconds per hand: ours, theirs; and how many hands had a yaku.

    Each round scores `n` hands neither has met yet (after `warm_up`), ours and theirs
    in turn, the first to go alternating.
    """
    config = HandConfig(is_tsumo=self_drawn)

    def theirs(item: tuple[list[int], int]) -> Any:
        return HandCalculator.estimate_hand_value(item[0], item[1], config=config)

    def mix(seed: int, count: int) -> list[Hand]:
        return [replace(h, self_drawn=self_drawn) for h in closed_hands(count, seed)]

    ours_s: list[float] = []
    theirs_s: list[float] = []
    scored = 0
    for r in range(rounds):
        hands = mix(DEFAULT_SEED + 100 * r, n)
        theirs_in = [to_136(h) for h in hands]
        if r % 2:
            theirs_s.append(_cpu_round(theirs, theirs_in))
            ours_s.append(_cpu_round(score, hands))
        else:
            ours_s.append(_cpu_round(score, hands))
            theirs_s.append(_cpu_round(theirs, theirs_in))
        scored = sum(1 for item in theirs_in if theirs(item).error is None)
    per = 1e6 / n
    return statistics.median(ours_s) * per, statistics.median(theirs_s) * per, scored


def command_env(cache: str) -> dict[str, str]:
    """The environment of a user's shell for the commands: no PYTHON* settings of this
    session (PYTHONUNBUFFERED makes json.dump write in pieces, PYTHONDONTWRITEBYTECODE
    compiles every module at each start, where an installed package has its bytecode),
    and bytecode kept in `cache`, outside the source tree."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPYCACHEPREFIX"] = cache
    return env


def warm_up(count: int = 30_000) -> None:
    """Both libraries score `count` other hands of each mix first: a long run under way,
    where what the engine keeps of the hands it has met is warm (the figures are then
    of new hands in a process that has already scored many)."""
    for _, self_drawn in MIXES:
        config = HandConfig(is_tsumo=self_drawn)
        for drawn in closed_hands(count, DEFAULT_SEED - 1 - int(self_drawn)):
            h = replace(drawn, self_drawn=self_drawn)
            score(h)
            tiles, win = to_136(h)
            HandCalculator.estimate_hand_value(tiles, win, config=config)


def _cpu_of(args: list[str], env: dict[str, str]) -> tuple[float, float, bytes]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(args, capture_output=True, check=False, stdin=subprocess.DEVNULL,
                          env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or done.stderr:
        raise SystemExit(f"{args[:3]}... failed: {done.stderr.decode()[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def as_commands(n: int, self_drawn: bool, repeats: int = 3) -> list[list[str]]:
    hands = [replace(h, self_drawn=self_drawn) for h in closed_hands(n, DEFAULT_SEED + 1)]
    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory(prefix="mj-full-") as tmp:
        path = Path(tmp) / "hands.json"
        path.write_text(json.dumps([hand_to_json(h) for h in hands]), encoding="utf-8")
        script = Path(tmp) / "mahjong_score.py"
        script.write_text(MAHJONG_SCRIPT, encoding="utf-8")
        runs: dict[str, list[tuple[float, float]]] = {}
        cmds = {
            "mj-trainer score --json --input F": [*command(), "score", "--json", "--input",
                                                   str(path)],
            "mj-trainer score --json --jobs 1 --input F": [*command(), "score", "--json",
                                                           "--jobs", "1", "--input", str(path)],
            "plain script: json.load + mahjong + json.dump": [sys.executable, str(script),
                                                              str(path)],
        }
        env = command_env(str(Path(tmp) / "pycache"))
        for args in cmds.values():  # untimed: bytecode written, files in the page cache
            _cpu_of(args, env)
        for _ in range(repeats):
            for label, args in cmds.items():
                cpu, wall, out = _cpu_of(args, env)
                if len(json.loads(out)) != n:
                    raise SystemExit(f"{label}: expected {n} results")
                if label.startswith("mj-trainer"):
                    _same_as_engine(out, hands)
                runs.setdefault(label, []).append((cpu, wall))
    theirs_cpu = statistics.median(c for c, _ in runs[list(cmds)[-1]])
    for label, values in runs.items():
        cpu = statistics.median(c for c, _ in values)
        wall = statistics.median(w for _, w in values)
        rows.append([label, f"{cpu:.2f}", f"{wall:.2f}", f"{theirs_cpu / cpu:.2f}x"])
    return rows


def _same_as_engine(out: bytes, hands: Sequence[Hand]) -> None:
    """The command's totals are the engine's (a fast command that scored wrong is no
    figure at all); a few hundred hands are checked."""
    results = json.loads(out)
    for i in range(0, len(hands), max(1, len(hands) // 300)):
        if results[i]["total"] != score(hands[i]).total:
            raise SystemExit(f"hand {i}: the command's total differs from engine.score")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--n", type=int, default=12_000, help="hands in process")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cli", type=int, default=20_000, help="hands for the commands (0: skip)")
    args = parser.parse_args(argv)
    print("\n".join(machine_lines(["mahjong"])))
    ok = True
    warm_up()
    for mix, self_drawn in MIXES:
        print()
        ours, theirs, scored = in_process(args.n, args.rounds, self_drawn)
        ratio = theirs / ours
        print(f"{args.n:,} new closed hands a round, {mix} ({scored:,} of the last with a yaku "
              "for mahjong), "
              f"CPU time, median of {args.rounds} alternating rounds")
        print(table(["scorer", "us per hand", "hands/s"], [
            ["mj_trainer.engine.score", f"{ours:.1f}", f"{1e6 / ours:,.0f}"],
            ["mahjong HandCalculator.estimate_hand_value", f"{theirs:.1f}",
             f"{1e6 / theirs:,.0f}"],
        ]))
        verdict = "meets" if ratio >= SPEED_TARGET else "MISSES"
        print(f"{mix}: ours is {ratio:.2f}x as fast ({verdict} the {SPEED_TARGET}x target)")
        ok = ok and ratio >= SPEED_TARGET
    if args.cli:
        for mix, self_drawn in MIXES:
            print()
            print(f"{args.cli:,} closed hands, {mix}, as a JSON file; whole commands "
                  "(CPU of the process tree, median of 3 interleaved runs)")
            rows = as_commands(args.cli, self_drawn)
            print(table(["command", "cpu s", "wall s", "script cpu / this cpu"], rows))
            met = all(float(r[3].rstrip("x")) >= CPU_TARGET for r in rows[:2])
            verdict = "meet" if met else "MISS"
            print(f"{mix}: both --jobs settings {verdict} the target (script CPU / ours "
                  f">= {CPU_TARGET})")
            ok = ok and met
    print()
    print(load_line("after the run"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
