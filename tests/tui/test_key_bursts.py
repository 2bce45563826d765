"""Random key bursts on every screen: the app must keep running.

A fast typist (or a held key) delivers several keys before the app has drawn the
result of the first. Each burst here hands a batch of keys to the driver at once, the
way a terminal does, so a key can reach a widget that has just been created and not
yet laid out. The sequences that used to crash are kept as their own cases.
Seeded, so a failure replays exactly; MJ_TRAINER_KEY_SEED picks other seeds.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import TrainerApp, make_app
from mj_trainer.tui.messages import OpenScreen, StartSet
from mj_trainer.tui.safe_screen import SafeScreen
from tests.tui.test_app_kit import fixed_clock, wait_for

# Everything a learner can press, except the keys that quit on purpose (ctrl+q, ctrl+c)
# and the command palette (ctrl+p), whose "Quit" command random typing would reach.
KEYS = (
    *"abcdefghijklmnopqrstuvwxyz0123456789",
    "space", "enter", "enter", "enter", "escape", "tab", "shift+tab", "backspace", "delete",
    "up", "down", "left", "right", "pageup", "pagedown", "home", "end",
    "f1", "f2", "f3", "plus", "minus", "asterisk", "slash", "question_mark",
    "left_square_bracket", "right_square_bracket", "full_stop", "comma",
)
# 64 bursts of 32 keys: 2,048 random keys on every screen. For a longer hunt set
# MJ_TRAINER_KEY_BURSTS (and MJ_TRAINER_BURST_SIZE); MJ_TRAINER_KEY_SEED picks new seeds.
BURST_SIZE = int(os.environ.get("MJ_TRAINER_BURST_SIZE", "32"))
BURSTS = int(os.environ.get("MJ_TRAINER_KEY_BURSTS", "64"))
# Random keys often leave the screen under test (escape, q); every few bursts the test
# goes back to it, so most keys land where they are meant to.
RETURN_EVERY = 8


def _send_burst(app: TrainerApp, keys: Sequence[str]) -> None:
    """Queue `keys` on the driver at once, as a terminal delivers a fast burst."""
    assert app._driver is not None
    for key in keys:
        char = key if len(key) == 1 else {"space": " ", "plus": "+", "minus": "-",
                                           "asterisk": "*", "slash": "/", "full_stop": ".",
                                           "comma": ",", "question_mark": "?"}.get(key)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


def _app(tmp_path: Path, start: StartSet | OpenScreen, length: int = 3) -> TrainerApp:
    return make_app(Settings(round_length=length), data_dir=tmp_path / "data", start=start,
                    seed=3, clock=fixed_clock, cursor_blink=False)


async def _on(pilot: Pilot[None], name: str) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: type(app.screen).__name__ == name)


async def _reach(pilot: Pilot[None], screen: str) -> None:
    """From the app's start, go to `screen` as a learner would."""
    if screen in ("feedback", "summary"):
        await _on(pilot, "QuizScreen")
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "mode", "") == "question")
        await pilot.press("f3")
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "mode", "") == "feedback")
        if screen == "summary":
            await pilot.press("enter")
            await _on(pilot, "SummaryScreen")
        return
    await _on(pilot, {"quiz": "QuizScreen", "sets": "SetsScreen",
                      "reference": "ReferenceScreen", "stats": "StatsScreen",
                      "settings": "SettingsScreen", "calculator": "CalculatorScreen"}[screen])


def _start(screen: str) -> StartSet | OpenScreen:
    if screen in ("quiz", "feedback", "summary"):
        return StartSet("families", resume=False)
    return OpenScreen(screen)


async def _hammer(app: TrainerApp, pilot: Pilot[None], seed: int, screen: str) -> None:
    rng = random.Random(seed)
    for burst in range(BURSTS):
        _send_burst(app, [rng.choice(KEYS) for _ in range(BURST_SIZE)])
        await pilot.pause()
        assert app.is_running and app._exception is None, f"burst {burst}"
        if burst % RETURN_EVERY == RETURN_EVERY - 1 and type(app.screen).__name__ == "HomeScreen":
            app.post_message(_start(screen))  # back to the screen under test
            await pilot.pause()


@pytest.mark.parametrize("screen", ["quiz", "feedback", "summary", "sets", "reference",
                                    "stats", "settings", "calculator"])
def test_random_key_bursts_keep_the_app_running(tmp_path: Path, screen: str) -> None:
    length = 1 if screen == "summary" else 3
    app = _app(tmp_path, _start(screen), length=length)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _reach(pilot, screen)
            seed = sum(map(ord, screen)) + int(os.environ.get("MJ_TRAINER_KEY_SEED", "0"))
            await _hammer(app, pilot, seed=seed, screen=screen)
            await pilot.pause()
            assert app.is_running and app._exception is None

    asyncio.run(body())


@pytest.mark.parametrize("keys", [
    ["f3", "shift+tab", "pagedown"],  # paging the feedback before it was laid out
    ["enter", "shift+tab", "a", "enter", "enter"],
    ["f3", "pageup", "pagedown", "end", "home"],
])
def test_the_bursts_that_crashed(tmp_path: Path, keys: list[str]) -> None:
    app = _app(tmp_path, StartSet("families", resume=False))

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _reach(pilot, "quiz")
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "question")
            _send_burst(app, keys)
            await pilot.pause()
            await pilot.pause()
            assert app.is_running and app._exception is None

    asyncio.run(body())


def test_every_screen_of_the_app_guards_its_dismiss() -> None:
    # The class of bug behind the InvalidStateError: a late dismiss popped the wrong screen.
    import importlib
    import inspect
    import pkgutil

    from textual.screen import Screen

    from mj_trainer.tui import screens, widgets
    from mj_trainer.tui.safe_screen import SafeModalScreen, SafeScreen

    found = []
    for package in (screens, widgets):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, Screen) and cls.__module__ == module.__name__:
                    found.append(cls)
                    assert issubclass(cls, (SafeScreen, SafeModalScreen)), cls.__name__
    assert len(found) >= 10


def test_a_late_dismiss_leaves_the_screens_in_front_alone(tmp_path: Path) -> None:
    from mj_trainer.tui.screens.notice import ConfirmScreen

    app = _app(tmp_path, OpenScreen("stats"))
    results: list[bool | None] = []

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _reach(pilot, "stats")
            stats = app.screen
            confirm = ConfirmScreen("Sure?", yes="Yes", no="No")
            app.push_screen(confirm, results.append)
            await pilot.pause()
            stats.dismiss(None)  # queued for the stats screen, but the dialog is in front
            await pilot.pause()
            assert app.screen is confirm
            confirm.dismiss(True)
            confirm.dismiss(False)  # a second key in the same burst
            await pilot.pause()
            assert app.screen is stats and results == [True]
            assert app.is_running and app._exception is None

    asyncio.run(body())


def test_workers_hand_results_only_to_open_screens() -> None:
    # The class of bug behind "NoMatches: '#sets-table'": a worker finished after its
    # screen was closed by the next keys and drew into widgets that were gone.
    from mj_trainer.tui import screens, widgets

    for package in (screens, widgets):
        for path in Path(package.__path__[0]).glob("*.py"):
            assert "app.call_from_thread(" not in path.read_text(encoding="utf-8"), path.name


def test_a_result_for_a_closed_screen_is_dropped(tmp_path: Path) -> None:
    app = _app(tmp_path, OpenScreen("stats"))
    seen: list[int] = []

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _reach(pilot, "stats")
            stats = app.screen
            assert isinstance(stats, SafeScreen)
            stats.dismiss(None)
            await pilot.pause()
            await asyncio.to_thread(stats.deliver, seen.append, 1)
            await pilot.pause()
            home = app.screen
            assert isinstance(home, SafeScreen)
            await asyncio.to_thread(home.deliver, seen.append, 2)
            await pilot.pause()
            assert seen == [2] and app._exception is None

    asyncio.run(body())
