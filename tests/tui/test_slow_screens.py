"""Slow screens (issue 21): review start 1.03 s, stats 0.42-0.77 s, first calculator 0.65 s.

What made them slow is checked here as work done, never as time (the figures come from
benchmarks/bench_startup.py):

* the first open of a screen parsed CSS never seen (a new widget's default CSS, the
  screen's style file) and restyled every widget of every screen; the warm-up
  (tui/warm_up.py) adds all of it while home is read, so opening review, the stats
  or the calculator afterwards adds no CSS at all;
* a new screen restyled each of its widgets twice more before its first frame: when
  the width breakpoint classes were added on its first resize, and on its first
  resume.  Both are gone: no restyle of the whole screen on the way in.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Iterable
from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from mj_trainer.quizzes import pattern_hands
from mj_trainer.quizzes.pattern_hands import curated_pattern_hands
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.screens.calculator import CalculatorScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.stats import StatsScreen
from mj_trainer.tui.warm_up import start_warm_up
from tests.tui.test_app_kit import app_for, wait_for
from tests.tui.test_progress_moves import CHOWS, EAST, answer

HAND = "c33 k67 [c123] [k789] [dw dw dw] +k8 self"


def _played(store: ProgressStore | None) -> None:
    assert store is not None
    now = utc()
    answer(store, now, CHOWS, {"1.2": 1}, 5)  # Concealed Hand (1.3) missed
    answer(store, now, EAST, {}, 0)  # Wind Pung (8.1.1) missed


async def _warmed(pilot: object, thread: threading.Thread) -> None:
    """Wait for the warm-up while the app's loop runs: its last step hands the styles
    to the loop (call_from_thread), so joining the thread on the loop would stall both
    until the join gave up."""
    for _ in range(600):
        if not thread.is_alive():
            return
        await pilot.pause(0.1)  # type: ignore[attr-defined]
    raise AssertionError("the warm-up did not finish within 60 s")


async def _open(app: TrainerApp, pilot: object, which: str) -> None:
    """Open `which` from home and wait until it shows its content."""
    if which == "review":
        app.action_review()
        await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen)  # type: ignore[arg-type]
                       and app.screen.mode == "question")
    elif which == "stats":
        app.open_screen("stats")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen)  # type: ignore[arg-type]
                       and app.screen.data is not None)
    else:
        app.open_calculator(HAND)
        await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen)  # type: ignore[arg-type]
                       and app.screen.scored is not None)
    await pilot.pause()  # type: ignore[attr-defined]


@pytest.mark.parametrize("which", ["review", "stats", "calculator"])
def test_after_the_warm_up_a_first_open_adds_no_css(tmp_path: Path, which: str) -> None:
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _played(app.store)
            before = len(app.stylesheet.source)
            pattern_hands._curated.clear()  # as in a new session
            await _warmed(pilot, start_warm_up(app, app.ruleset))
            await pilot.pause()
            await pilot.pause()
            # Review deals from the curated hands, read and scored once a session.
            assert curated_pattern_hands(app.ruleset)._shown is not None
            warmed = set(app.stylesheet.source)
            assert len(warmed) > before  # the warm-up added the screens' CSS
            assert {"textual_plotext", "mj_trainer.tui.screens.stats",
                    "mj_trainer.tui.screens.calculator"} <= set(sys.modules)
            await _open(app, pilot, which)
            assert set(app.stylesheet.source) - warmed == set()

    asyncio.run(body())


def _count_restyles(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, the size of every batch of nodes the stylesheet restyles."""
    restyled: list[int] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self: Stylesheet, nodes: Iterable[DOMNode], animate: bool = False) -> None:
        nodes = list(nodes)
        restyled.append(len(nodes))
        update_nodes(self, nodes, animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    return restyled


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("which", ["review", "stats", "calculator"])
def test_a_new_screen_is_not_restyled_whole_before_it_is_drawn(
        tmp_path: Path, which: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_for(tmp_path, length=3)
    async def body() -> None:
        async with app.run_test(size=size) as pilot:
            _played(app.store)
            await _warmed(pilot, start_warm_up(app))
            await pilot.pause()
            restyled = _count_restyles(monkeypatch)
            await _open(app, pilot, which)
            whole = len(list(app.screen.walk_children(with_self=True)))
            # A widget or two restyle as the focus moves; never the whole screen.
            assert max(restyled, default=0) < whole // 2, (restyled, whole)
            # Its size classes are right all the same.
            wide = size[0] >= 100
            assert app.screen.has_class("-wide") == wide
            assert app.screen.has_class("-narrow") == (not wide)
            if which == "stats":
                assert app.screen.has_class("-stacked") == (not wide)

    asyncio.run(body())


def test_a_screen_shown_again_is_restyled(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the first resume is spared: back from a screen above (after a theme
    change, say) the whole screen is restyled as before."""
    app = app_for(tmp_path, length=3)
    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _played(app.store)
            await _open(app, pilot, "stats")
            stats = app.screen
            whole = len(list(stats.walk_children(with_self=True)))
            app.action_help()
            await pilot.pause()
            restyled = _count_restyles(monkeypatch)
            app.pop_screen()
            await wait_for(pilot, lambda: app.screen is stats)
            await pilot.pause()
            assert max(restyled, default=0) >= whole // 2, (restyled, whole)

    asyncio.run(body())
