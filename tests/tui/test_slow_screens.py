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
import random
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widgets import ContentSwitcher, DataTable, Input, Static

from mj_trainer.quizzes import pattern_hands
from mj_trainer.quizzes.pattern_hands import curated_pattern_hands
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.calculator_draft import Scored
from mj_trainer.tui.screens.calculator import CalculatorScreen
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.stats import StatsScreen
from mj_trainer.tui.spare_screens import SPARE_KINDS
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.warm_up import start_warm_up
from tests.tui.test_app_kit import app_for, wait_for
from tests.tui.test_calculator import text_of
from tests.tui.test_progress_moves import CHOWS, EAST, answer

HAND = "c33 k67 [c123] [k789] [dw dw dw] +k8 self"
S = TypeVar("S")


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


# --------------------------------------------------------------------------- screens built ahead
#
# The quiz, stats and calculator screens are built while home is read
# (tui/spare_screens.py; the real app keeps them, tests turn them on), the stats screen
# makes its hidden tabs when they are first shown, the review's hands and the stats are
# read before the first frame, and the calculator's other readings follow it.


def _with_spares(app: TrainerApp) -> None:
    app.spares.kinds = SPARE_KINDS


def _spare(app: TrainerApp, kind: str, cls: type[S]) -> S:
    screen = app.spares.spare(kind)
    assert isinstance(screen, cls), screen
    return screen


def _first_frames(app: TrainerApp, screen_type: type, monkeypatch: pytest.MonkeyPatch
                  ) -> list[dict[str, object]]:
    """What each frame drawn from now on shows, once a screen of `screen_type` is in
    front: its mode, its data, its score (a frame is drawn by App._display)."""
    seen: list[dict[str, object]] = []
    display = app._display

    def watched(*args: object, **kwargs: object) -> None:
        display(*args, **kwargs)  # type: ignore[arg-type]
        screen = app.screen
        if isinstance(screen, screen_type):
            seen.append({"mode": getattr(screen, "mode", None),
                         "data": getattr(screen, "data", None),
                         "scored": getattr(screen, "scored", None)})

    monkeypatch.setattr(app, "_display", watched)
    return seen


def test_review_starts_on_the_spare_with_its_first_hand_in_the_first_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _played(app.store)
            _with_spares(app)
            await app.build_spares()
            await pilot.pause()
            spare = _spare(app, "quiz", QuizScreen)
            assert spare.is_mounted
            assert spare not in app.screen_stack and spare.round is None  # no round yet
            frames = _first_frames(app, QuizScreen, monkeypatch)
            app.action_review()
            await wait_for(pilot, lambda: app.screen is spare and spare.mode == "question")
            await pilot.pause()
            # No "Dealing the hands" frame: the hands were dealt before it was drawn.
            assert frames and frames[0]["mode"] == "question", frames
            assert spare.title == "Review · weak spots"
            assert str(spare.sub_title).endswith("score 0.00")
            q = spare.question
            assert q is not None and q.number == 1
            assert q.target_pattern is not None or q.result.counted  # a hand to score

    asyncio.run(body())


def test_a_second_round_gets_a_new_screen_with_nothing_of_the_first(tmp_path: Path) -> None:
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _played(app.store)
            _with_spares(app)
            await app.build_spares()
            await pilot.pause()
            first = _spare(app, "quiz", QuizScreen)
            app.action_review()
            await wait_for(pilot, lambda: app.screen is first and first.mode == "question")
            assert first.round is not None
            first.action_skip()  # an answer: feedback on screen, the score moves on
            await pilot.pause()
            assert first.mode == "feedback" and first.last_grade is not None
            old_round = first.round
            app.go_home()
            # Home is back: a second spare is built a moment later.
            await wait_for(pilot, lambda: isinstance(app.spares.spare("quiz"), QuizScreen)
                           and app.spares.spare("quiz").is_mounted)  # type: ignore[union-attr]
            second = _spare(app, "quiz", QuizScreen)
            assert second is not first
            assert not first.is_attached  # the first round's screen is gone
            app.action_review()
            await wait_for(pilot, lambda: app.screen is second and second.mode == "question")
            await pilot.pause()
            assert second.round is not None and second.round is not old_round
            assert second.round.round_id != old_round.round_id
            assert second.round.position == 0 and not second.round.grades
            assert second.last_grade is None and second.moves == []
            asked = len(second.round.questions)
            assert second.sub_title == f"question 1 of {asked} · score 0.00"
            switcher = second.query_one("#answer", ContentSwitcher)
            assert switcher.current == "pane-patterns"  # no feedback of the first round
            assert not second.query_one("#quiz-note").display

    asyncio.run(body())


def test_a_spare_that_no_longer_fits_is_thrown_away(tmp_path: Path) -> None:
    """Built for the text tiles, a quiz screen is not used once the learner chose
    another style; stats built for one ruleset are not shown for another."""
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _played(app.store)
            _with_spares(app)
            await app.build_spares()
            await pilot.pause()
            quiz, stats = app.spares.spare("quiz"), app.spares.spare("stats")
            other = next(s for s in TileStyle if s is not app.tile_style)
            app.update_settings(app.settings.with_(tile_style=other))
            app.action_review()
            await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen)
                           and app.screen.mode == "question")
            assert app.screen is not quiz and not quiz.is_attached  # type: ignore[union-attr]
            assert app.screen.tile_style is other  # type: ignore[attr-defined]
            app.go_home()
            await pilot.pause()
            app.update_settings(app.settings.with_(ruleset="zung-jung"))
            app.open_screen("stats")
            await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen)
                           and app.screen.data is not None)
            assert app.screen is not stats
            assert app.screen.ruleset.id == "zung-jung"  # type: ignore[attr-defined]

    asyncio.run(body())


def test_spare_stats_read_the_store_when_shown_not_when_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _with_spares(app)
            await app.build_spares()
            await pilot.pause()
            spare = _spare(app, "stats", StatsScreen)
            assert spare.data is None
            _played(app.store)  # two answers after the screen was built
            frames = _first_frames(app, StatsScreen, monkeypatch)
            app.open_screen("stats")
            await wait_for(pilot, lambda: app.screen is spare and spare.data is not None)
            await pilot.pause()
            assert spare.data is not None and spare.data.answered == 2
            # Its first frame has the numbers: no "Loading your progress" frame.
            assert frames and frames[0]["data"] is not None
            assert not spare.query_one("#stats-message").display

    asyncio.run(body())


def test_the_stats_tabs_are_made_when_first_shown_and_their_keys_work(tmp_path: Path) -> None:
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            _played(app.store)
            await _open(app, pilot, "stats")
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            # The first frame holds the overview alone.
            assert screen.query("#stats-missed")
            for hidden in ("#stats-patterns", "#stats-review", "#stats-mastery",
                           "#stats-weakest", "#stats-history"):
                assert not screen.query(hidden), hidden
            # g before the Mastery tab exists: it is made grouped by family.
            await pilot.press("g")
            # A click on a tab makes it, filled.
            await pilot.click("#--content-tab-patterns")
            await wait_for(pilot, lambda: bool(screen.query("#stats-patterns")))
            await pilot.pause()
            patterns = screen.query_one("#stats-patterns", DataTable)
            assert {str(patterns.get_row_at(i)[0]) for i in range(patterns.row_count)} >= {
                "1.3", "8.1.1"}
            patterns.focus()
            await pilot.press("s")  # sorts the table made a moment ago
            assert "most tries" in str(patterns.border_title)
            await pilot.press("7")
            table = screen.query_one("#stats-mastery", DataTable)
            assert table.has_focus and "g: by category" in str(table.border_title)
            weak = screen.query_one("#stats-weakest", DataTable)
            shown = {str(weak.get_row_at(i)[0]) for i in range(weak.row_count)}
            assert shown == {m.pattern.id for m in screen.weakest()} >= {"1.3", "8.1.1"}
            await pilot.press("g")
            assert "g: by family" in str(table.border_title)
            await pilot.press("5")
            review = screen.query_one("#stats-review", DataTable)
            assert review.has_focus and review.row_count >= 2

    asyncio.run(body())


def test_the_calculator_built_ahead_opens_on_the_hand_it_is_given(tmp_path: Path) -> None:
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _with_spares(app)
            await app.build_spares()
            await pilot.pause()
            spare = _spare(app, "calculator", CalculatorScreen)
            assert spare.scored is None
            app.open_calculator(HAND)
            await wait_for(pilot, lambda: app.screen is spare
                           and isinstance(spare.scored, Scored))
            await pilot.pause()
            assert isinstance(spare.scored, Scored) and spare.scored.result.total == 15
            assert spare.query_one("#calc-notation", Input).value == HAND
            assert spare.history == []  # nothing to undo: the hand is where it starts
            others = text_of(spare.query_one("#calc-others", Static))
            assert "Under every ruleset" in others and "zung-jung" in others
            app.go_home()
            await wait_for(pilot, lambda: isinstance(app.spares.spare("calculator"),
                                                     CalculatorScreen))
            second = _spare(app, "calculator", CalculatorScreen)
            await wait_for(pilot, lambda: second.is_mounted)
            app.open_calculator("c12x")  # not notation: said, and kept in the field
            await wait_for(pilot, lambda: app.screen is second)
            await pilot.pause()
            assert second.syntax_error and second.scored is None
            assert second.query_one("#calc-notation", Input).value == "c12x"

    asyncio.run(body())


def test_a_spare_shown_after_a_theme_change_wears_the_new_theme(tmp_path: Path) -> None:
    """Textual restyles only the screens on the stack when the theme changes; a screen
    built ahead is restyled when it is shown (and only then)."""
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _played(app.store)
            _with_spares(app)
            await app.build_spares()
            await pilot.pause()
            spare = _spare(app, "stats", StatsScreen)
            other = next(name for name in sorted(app.available_themes)
                         if name != app.theme and "light" in name)
            app.theme = other
            await pilot.pause()
            app.open_screen("stats")
            await wait_for(pilot, lambda: app.screen is spare and spare.data is not None)
            await pilot.pause()
            worn = [(w.id, w.styles.background, w.styles.color)
                    for w in spare.walk_children(with_self=True) if w.id]
            app.pop_screen()
            await pilot.pause()
            app.spares.kinds = ()  # a screen built now, under the new theme
            app.open_screen("stats")
            await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen)
                           and app.screen is not spare and app.screen.data is not None)
            await pilot.pause()
            fresh = [(w.id, w.styles.background, w.styles.color)
                     for w in app.screen.walk_children(with_self=True) if w.id]
            assert worn == fresh

    asyncio.run(body())


def test_key_bursts_while_screens_are_built_ahead_and_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Screens taken, thrown away and built again in the middle of a burst of keys
    (home, review, stats, calculator and back): the app keeps running, and what waits
    off the stack is never on it."""
    from mj_trainer.tui import spare_screens

    monkeypatch.setattr(spare_screens, "LOOK_AGAIN_S", 0.05)  # rebuilt within the burst
    app = app_for(tmp_path, length=3)
    keys = ["w", "t", "c", "escape", "escape", "enter", "y", "n", "1", "7", "g", "s",
            "tab", "down", "f3", "space"]

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            _played(app.store)
            _with_spares(app)
            app.spares.build_when_ready()
            rng = random.Random(1)
            for i in range(300):
                await pilot.press(rng.choice(keys))
                if i % 25 == 0:
                    await pilot.pause(0.06)
                for kind in SPARE_KINDS:
                    assert app.spares.spare(kind) not in app.screen_stack
            await pilot.pause(0.3)
            assert app.is_running and isinstance(app.screen_stack[0], HomeScreen)

    asyncio.run(body())
