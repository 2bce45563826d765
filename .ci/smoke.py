"""The smoke set: what a new user does first, run against an installed mj-trainer.

CI runs it twice: on the built wheel (so every piece of package data must be in it),
and on an install at the lowest versions the metadata allows (so the declared floors
are floors that work). Each step uses the dependency that could break it:

1. `score`, as a table (Rich), and as `--json` and `--jsonl` from notation and from
   hand objects (the JSON reader and writer);
2. `quiz --jsonl`: a round answered badly on one day, then a `--review` round of what
   came due a week later (FSRS: cards saved, read back, retrievability);
3. the app under Textual's Pilot: a quick round opens and a question is answered
   with the keys; then the stats screen draws the trend chart (textual-plotext).

Run it with the interpreter of the environment under test, from outside the source
tree, so only the installed package can be imported.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

COMMAND = str(Path(sys.executable).with_name("mj-trainer"))
HAND = "c123 c456 b234 b567 k5 +k5 self"
DAY_1 = "2026-03-02T09:00:00Z"
DAY_8 = "2026-03-09T09:00:00Z"


def run(*args: str, stdin: str = "") -> str:
    """Run the installed command; any failure stops the smoke set with its stderr."""
    done = subprocess.run([COMMAND, *args], input=stdin, capture_output=True, text=True,
                          check=False, timeout=120)
    if done.returncode != 0 or done.stderr:
        sys.exit(f"mj-trainer {' '.join(args)}: exit {done.returncode}\n{done.stderr}")
    return done.stdout


def check_score() -> None:
    table = run("score", HAND)
    assert "Total" in table or "total" in table, table
    # All Chows 5 + Concealed Hand 5 + Self Drawn 5 (c1 rules out All Simples).
    assert json.loads(run("score", "--json", HAND))["total"] == 15
    # Hand objects, as programs send them: one, a list, and one per line (--jsonl).
    hand = json.dumps({"concealed": ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4",
                                     "b5", "b6", "b7", "k5", "k5"],
                       "winning_tile": "k5", "self_drawn": True})
    assert json.loads(run("score", "--json", stdin=hand))["total"] == 15
    listed = json.loads(run("score", "--json", stdin=f"[{hand}, {hand}]"))
    assert [r["total"] for r in listed] == [15, 15], listed
    lines = run("score", "--jsonl", stdin=f"{hand}\n{hand}\n").splitlines()
    assert [json.loads(line)["total"] for line in lines] == [15, 15], lines
    print("score: a table, and --json / --jsonl from notation and hand objects: total 15")


def play(data: str, clock: str, *options: str) -> list[dict[str, object]]:
    """One --jsonl round answering every question with a bare, wrong total."""
    answers = "\n".join(['{"total": 1}'] * 3)
    out = run("quiz", "--jsonl", "--data-dir", data, "--clock", clock, "--count", "3",
              "--seed", "5", "--kinds", "total", *options, stdin=answers + "\n")
    return [json.loads(line) for line in out.splitlines()]


def check_quiz_and_review(data: str) -> None:
    first = play(data, DAY_1, "--random")
    grades = [m for m in first if m["type"] == "grade"]
    assert len(grades) == 3 and first[-1]["type"] == "summary", first
    review = play(data, DAY_8, "--review")
    questions = [m for m in review if m["type"] == "question"]
    assert questions and review[-1]["type"] == "summary", review
    progress = json.loads(run("progress", "--json", "--data-dir", data))
    assert progress, progress
    print(f"quiz --jsonl: 3 answers, then {len(questions)} review questions a week later")


async def check_app(data: str) -> None:
    from mj_trainer.tui.app import make_app

    app = make_app(data_dir=data, config_path=f"{data}/config.toml", seed=3,
                   cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")  # home: a quick round
        await until(pilot, lambda: getattr(app.screen, "mode", "") == "question"
                    and app.focused is not None)
        quiz = app.screen
        await pilot.press("tab", "1", "0", "enter")  # a total, then check
        await until(pilot, lambda: getattr(quiz, "last_grade", None) is not None)
        assert getattr(quiz, "mode", "") == "feedback"
        await pilot.press("escape", "y")  # end the round, confirmed: its summary
        await until(pilot, lambda: type(app.screen).__name__ == "SummaryScreen")
        await pilot.press("escape")  # home
        await until(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        await pilot.press("t")  # stats
        await until(pilot, lambda: type(app.screen).__name__ == "StatsScreen")
        await pilot.pause(0.3)
        picture = app.export_screenshot()
        braille = sum(1 for ch in picture if 0x2800 < ord(ch) <= 0x28FF)
        assert braille > 5, "the stats screen drew no trend line"
        await pilot.press("ctrl+q")
    print(f"app: a quick-round question answered; stats chart drawn ({braille} dots)")


async def until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Pause until `check()` holds: screens arrive and workers finish in their own time."""
    end = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > end:
            raise AssertionError(f"timed out on {type(pilot.app.screen).__name__}")
        await pilot.pause(0.05)


def main() -> int:
    with tempfile.TemporaryDirectory() as data:
        check_score()
        check_quiz_and_review(data)
        asyncio.run(check_app(data))
    print("smoke set: all green")
    return 0


if __name__ == "__main__":
    sys.exit(main())
