"""Home's first frame waits a moment for the learner's figures (issue 24, the first
screen): drawn without them, home was laid out and painted twice at start.  A read that
takes longer than the wait does not hold the first frame back; its figures follow.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.tui import app as app_module
from mj_trainer.tui.screens.home import HomeScreen, HomeStats
from tests.tui.test_app_kit import app_for, wait_for


def _first_frames(app: app_module.TrainerApp) -> list[str]:
    """What home's status panel held at each frame the app wrote, from the first."""
    seen: list[str] = []
    display = app._display

    def recorded(*args: Any, **kwargs: Any) -> None:
        screen = app.screen
        if isinstance(screen, HomeScreen):
            seen.append(str(screen.query_one("#home-status").render()))
        display(*args, **kwargs)

    app._display = recorded  # type: ignore[method-assign]
    return seen


def test_the_first_frame_shows_the_figures(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    frames = _first_frames(app)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: len(frames) > 0)

    asyncio.run(body())
    assert "Streak  0 days" in frames[0], frames[0]
    assert "Review  0 due" in frames[0], frames[0]


def _held_read(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Make home's read of the figures wait until the returned event is set: a read
    slower than the first frame's wait (years of answers), on any machine's clock."""
    release = threading.Event()
    plain = app_module.TrainerApp.home_stats

    def slow_stats(self: app_module.TrainerApp) -> HomeStats:
        assert release.wait(30)
        return plain(self)

    monkeypatch.setattr(app_module.TrainerApp, "home_stats", slow_stats)
    return release


def _first_read_thread() -> threading.Thread:
    return next(t for t in threading.enumerate() if t.name == "home-figures")


def test_a_slow_read_does_not_hold_the_first_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    release = _held_read(monkeypatch)
    app = app_for(tmp_path)
    frames = _first_frames(app)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: len(frames) > 0)
            release.set()  # the read ends only after the first frame was written
            home = app.screen
            assert isinstance(home, HomeScreen)
            await wait_for(pilot, lambda: home.stats is not None)
            await pilot.pause()
            assert "Streak  0 days" in str(home.query_one("#home-status").render())

    asyncio.run(body())
    assert "Streak" not in frames[0], frames[0]  # drawn before the figures came
    assert any("Streak  0 days" in f for f in frames[1:])


def test_a_slow_read_ending_after_the_app_says_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app quit while its first read was still going: the read's figures have nowhere
    to go and are dropped, with no traceback from its thread."""
    release = _held_read(monkeypatch)
    raised: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args.exc_value))
    app = app_for(tmp_path)
    reader: list[threading.Thread] = []

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen) and app.screen.stats is None
            reader.append(_first_read_thread())

    asyncio.run(body())
    release.set()  # the read ends once the app has closed
    reader[0].join(30)
    assert not reader[0].is_alive()
    assert raised == []
