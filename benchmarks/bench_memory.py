"""Memory over a long session: does the trainer give back what each answer takes?

    .venv/bin/python benchmarks/bench_memory.py [--questions 200] [--warmup 20]

One app (run_test, 100x32) plays a round of `--questions` generated hands, answering
each (every other answer wrong, so feedback shows mistakes and explanations) and going
on to the next hand, exactly as a learner at the keyboard would.  After `--warmup`
answers (caches and the first layouts are filled) and again at the end, the garbage
collector runs and the process's resident memory (VmRSS) and the bytes Python holds
(tracemalloc is not used: it slows everything down) are read.  The figure is the
growth per answered question between the two points.  Target: at most 0.05 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.benchutil import machine_lines, table

TARGET_MB = 0.05


def rss_mb() -> float:
    """This process's resident memory, from /proc."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _mode(screen: object) -> str:
    return str(getattr(screen, "mode", ""))


def live_objects() -> int:
    gc.collect()
    return len(gc.get_objects())


async def session(questions: int, warmup: int) -> list[tuple[int, float, int]]:
    """(answers given, RSS in MB, live objects) at the warm-up point and at the end."""
    from mj_trainer.quizzes.config import Settings
    from mj_trainer.quizzes.questions import QuestionKind
    from mj_trainer.tui.app import make_app
    from mj_trainer.tui.messages import StartRandom
    from mj_trainer.tui.screens.quiz import QuizScreen
    from mj_trainer.tui.widgets.pattern_picker import PatternPicker

    points: list[tuple[int, float, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(kinds=(QuestionKind.PATTERNS,), round_length=questions)
        app = make_app(settings, data_dir=tmp, seed=2024, cursor_blink=False,
                       settle_memory=True)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app.post_message(StartRandom(difficulty="mixed"))
            while not (isinstance(app.screen, QuizScreen) and app.screen.mode == "question"):
                await pilot.pause(0.01)
            screen = app.screen
            assert isinstance(screen, QuizScreen)
            for i in range(questions):
                q = screen.question
                assert q is not None
                claims = {h.pattern.id: h.count for h in q.result.counted}
                total = q.result.total
                if i % 2:
                    claims.pop(next(iter(claims)), None)
                    total += 5
                screen.query_one(PatternPicker).set_claims(claims)
                screen.query_one("#total").value = str(total)  # type: ignore[attr-defined]
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
                assert _mode(screen) == "feedback"
                if i + 1 in (warmup, questions - 1):
                    await pilot.pause(0.05)
                    points.append((i + 1, rss_mb(), live_objects()))
                if i == questions - 2:
                    break  # stay in the round: the last answer would end it
                await pilot.press("enter")
                await pilot.pause()
                assert _mode(screen) == "question"
    return points


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args(argv)
    print("\n".join(machine_lines(["textual"])))
    print()
    t0 = time.perf_counter()
    (n0, rss0, obj0), (n1, rss1, obj1) = asyncio.run(session(args.questions, args.warmup))
    seconds = time.perf_counter() - t0
    answers = n1 - n0
    per_answer = (rss1 - rss0) / answers
    print(f"A round of {args.questions} generated hands at 100x32, answered and moved on "
          f"through ({seconds:.0f} s)")
    print(table(["after answer", "RSS MB", "live objects"],
                [[str(n0), f"{rss0:.1f}", f"{obj0:,}"], [str(n1), f"{rss1:.1f}", f"{obj1:,}"]]))
    print(f"growth: {per_answer:.3f} MB and {(obj1 - obj0) / answers:,.0f} objects per "
          f"answered question over {answers} answers")
    ok = per_answer <= TARGET_MB
    print(("meets" if ok else "MISSES") + f" the {TARGET_MB} MB per answer target")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
