"""The app's first screen beside a minimal Textual app's, in the same run.

    .venv/bin/python benchmarks/bench_first_screen.py [--runs 7]

Each run is a fresh Python process that builds an app and runs it headless at 80x24
until its first screen is mounted and drawn with its content, then exits.  Textual's
auto-pilot starts once the app is ready and sleeps a millisecond at a time until the
screen holds its content (for the peer at once, for mj-trainer once home has the
learner's figures, read in a worker: the streak, what is due, the patterns known,
beside its menu), then lets the app handle the messages in flight and draws the
screen as it stands (`pilot.pause(0)`) before it takes the time.  The app is built as
`mj-trainer` builds it (`run_app`: settle_memory, so the work it leaves for after home
is drawn, a pass of the garbage collector and the warm-up of other screens, comes
after the clock stops, as for a learner).  The parent takes the clock just before
launching, so the figure holds the interpreter, every import and everything the app
does before its first screen: for mj-trainer, reading the settings, opening the
progress store, mounting home and reading its figures (on fresh temporary folders).
The peer is the smallest Textual app that draws a screen: one Static.

Runs alternate between the two; the figures are medians of wall time from launch to
drawn and of the child's CPU time up to that moment (its process time, the
interpreter's start included).  Both run in a user's environment (no PYTHON* settings
of this session; bytecode cached outside the tree, after one untimed run each).
Target: mj-trainer at most 1.5x the minimal app's time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.benchutil import load_line, machine_lines, package_version, table

TARGET = 1.5

_PILOT = r"""
import asyncio, sys, time, json
async def drawn(pilot):
    while not shown(pilot.app):  # a plain sleep: watching costs the app nothing
        await asyncio.sleep(0.001)
    await pilot.pause(0)  # the messages in flight handled, the screen drawn as it stands
    print(json.dumps({"drawn": time.time(), "cpu": time.process_time(),
                      "screen": type(pilot.app.screen).__name__}))
    pilot.app.exit()
app.run(headless=True, size=(80, 24), auto_pilot=drawn)
"""

MINIMAL = r"""
from textual.app import App, ComposeResult
from textual.widgets import Static

class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Hello")

app = Minimal()
def shown(app):
    return True
""" + _PILOT

TRAINER = r"""
import sys
from mj_trainer.tui.app import make_app
app = make_app(data_dir=sys.argv[1], config_path=sys.argv[2], settle_memory=True)
def shown(app):  # the menu is composed with home; the figures come from a worker
    return getattr(app.screen, "stats", None) is not None
""" + _PILOT


def user_env(cache: str) -> dict[str, str]:
    """A user's shell: none of this session's PYTHON* settings, bytecode in `cache`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPYCACHEPREFIX"] = cache
    env["TERM"] = env.get("TERM", "xterm-256color")
    return env


def launch(code: str, args: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall seconds from launch to the first screen drawn, CPU seconds of the child up
    to that moment, and the name of the screen it showed."""
    t0 = time.time()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=120, check=False)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"run failed ({done.returncode}): {done.stderr[-800:]}")
    report = json.loads(lines[-1])
    return report["drawn"] - t0, report["cpu"], report["screen"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    print("\n".join(machine_lines(["textual"])))
    with tempfile.TemporaryDirectory(prefix="mj-first-") as tmp:
        env = user_env(str(Path(tmp) / "pycache"))
        apps = {
            f"minimal Textual app (one Static), textual {package_version('textual')}":
                (MINIMAL, []),
            "mj-trainer (home screen)": (TRAINER, [str(Path(tmp) / "data"),
                                                  str(Path(tmp) / "config.toml")]),
        }
        for code, extra in apps.values():  # untimed: bytecode written, files cached
            launch(code, extra, env)
        walls: dict[str, list[float]] = {name: [] for name in apps}
        cpus: dict[str, list[float]] = {name: [] for name in apps}
        screens: set[str] = set()
        for r in range(args.runs):
            order = list(apps.items()) if r % 2 == 0 else list(reversed(apps.items()))
            for name, (code, extra) in order:
                wall, cpu, screen = launch(code, extra, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
                if name.startswith("mj-trainer"):
                    screens.add(screen)
    names = list(apps)
    rows = [[name, f"{statistics.median(walls[name]):.3f}", f"{max(walls[name]):.3f}",
             f"{statistics.median(cpus[name]):.3f}"] for name in names]
    print()
    print(f"first screen drawn at 80x24, from process launch; medians of {args.runs} "
          "alternating runs (seconds)")
    print(table(["app", "wall median", "wall worst", "cpu median"], rows))
    wall_ratio = statistics.median(walls[names[1]]) / statistics.median(walls[names[0]])
    cpu_ratio = statistics.median(cpus[names[1]]) / statistics.median(cpus[names[0]])
    print(f"mj-trainer / minimal: wall {wall_ratio:.2f}x, cpu {cpu_ratio:.2f}x "
          f"(target at most {TARGET}x; screens shown: {', '.join(sorted(screens))})")
    print(load_line("after the run"))
    return 0 if wall_ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
