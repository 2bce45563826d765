"""Snapshots of the core screens at 80x24 and 120x40, with fixed hands and a fixed clock.

Update them with ``pytest tests/tui/test_snapshots_core.py --snapshot-update`` after a
deliberate change, and look at the SVGs under ``tests/tui/__snapshots__/`` before
keeping them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import app_for, claim, quiz_ready, wait_for, write_set
from tests.tui.test_quiz_classical import classical_set

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SnapCompare = Callable[..., bool]


def _app(tmp_path: Path, **kw: Any) -> TrainerApp:
    # The data directory lives under tmp_path, which never shows on these screens.
    return app_for(tmp_path, **kw)


def _answer(app: TrainerApp, claims: dict[str, int], total: int) -> None:
    screen = app.screen
    picker = screen.query_one(PatternPicker)
    picker.set_claims(claims)
    screen.query_one("#total", Input).value = str(total)
    picker.option_list.focus()


def _start(app: TrainerApp, tmp_path: Path) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def run(pilot: Pilot[None]) -> None:
        app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
        await wait_for(pilot, quiz_ready(app))
        await pilot.pause()

    return run


@pytest.mark.parametrize("size", SIZES)
def test_home(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        home = app.screen
        await wait_for(pilot, lambda: getattr(home, "stats", None) is not None)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_quiz_question(snap_compare: SnapCompare, tmp_path: Path,
                       size: tuple[int, int]) -> None:
    app = _app(tmp_path)
    start = _start(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        await claim(pilot, "1.2")

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_quiz_feedback_right(snap_compare: SnapCompare, tmp_path: Path,
                             size: tuple[int, int]) -> None:
    app = _app(tmp_path)
    start = _start(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        # core-1: 1.2 All Chows 5 + 1.3 Concealed Hand 5 = 10
        _answer(app, {"1.2": 1, "1.3": 1}, 10)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_quiz_feedback_mistakes(snap_compare: SnapCompare, tmp_path: Path,
                                size: tuple[int, int]) -> None:
    app = _app(tmp_path)
    start = _start(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        # All Chows right, Concealed Hand missed, Self Drawn wrongly claimed, total wrong
        _answer(app, {"1.2": 1, "1.4": 1}, 15)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


def _start_classical(app: TrainerApp, tmp_path: Path
                     ) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def run(pilot: Pilot[None]) -> None:
        app.post_message(StartSet(str(classical_set(tmp_path)), resume=False))
        await wait_for(pilot, quiz_ready(app))
        await pilot.pause()

    return run


@pytest.mark.parametrize("size", SIZES)
def test_quiz_classical_question(snap_compare: SnapCompare, tmp_path: Path,
                                 size: tuple[int, int]) -> None:
    # The doubling scheme asks for the points and the doublings beside the total.
    app = _app(tmp_path, ruleset="classical")
    start = _start_classical(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        await claim(pilot, "6.1")  # Pung of Dragons, a doubling
        await pilot.press("tab")
        await pilot.press("2", "4")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_quiz_classical_feedback(snap_compare: SnapCompare, tmp_path: Path,
                                 size: tuple[int, int]) -> None:
    app = _app(tmp_path, ruleset="classical")
    start = _start_classical(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        # cl-1: Mahjong 20 + Exposed Pung of Majors 4 = 24 points, Pung of Dragons one
        # doubling: 48.  Answered with the pung forgotten: 20 points, 1 doubling, 40.
        screen = app.screen
        screen.query_one(PatternPicker).set_claims({"2.1": 1, "6.1": 1})
        screen.query_one("#points", Input).value = "20"
        screen.query_one("#doubles", Input).value = "1"
        screen.query_one("#total", Input).value = "40"
        screen.query_one(PatternPicker).option_list.focus()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


def test_quiz_yes_no(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = _app(tmp_path, kinds=(QuestionKind.IS_WIN,))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_start(app, tmp_path))


@pytest.mark.parametrize("size", SIZES)
def test_summary(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, length=2)
    start = _start(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        _answer(app, {"1.2": 1}, 10)
        await pilot.press("enter", "enter")
        await wait_for(pilot, quiz_ready(app))
        await pilot.press("f3", "enter")  # the set plays to its end: core-3 too
        await wait_for(pilot, quiz_ready(app))
        await pilot.press("f3", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_settings(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.open_settings()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_settings_retention(snap_compare: SnapCompare, tmp_path: Path,
                            size: tuple[int, int]) -> None:
    """The desired retention field, scrolled into view, with a value out of range."""
    app = _app(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.open_settings()
        await pilot.pause()
        field = app.screen.query_one("#retention", Input)
        field.focus()
        await pilot.press("end", "backspace", "backspace", "backspace", "0", "full_stop", "5")
        app.screen.scroll_to_widget(field, animate=False)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_help_modal(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path)
    start = _start(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


def test_too_small(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = _app(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(50, 16), run_before=run)
