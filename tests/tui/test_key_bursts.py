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
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import OptionList

from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import TrainerApp, make_app
from mj_trainer.tui.messages import OpenScreen, StartSet
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.screens.home import HomeScreen
from tests.tui.test_app_kit import fixed_clock, wait_for

# Everything a learner can press, except the keys that quit on purpose (ctrl+q, ctrl+c).
# The command palette (ctrl+p) is in: its "Quit" command, which random typing reaches,
# is counted instead of run (`_count_quits`).
KEYS = (
    *"abcdefghijklmnopqrstuvwxyz0123456789",
    "space", "enter", "enter", "enter", "escape", "tab", "shift+tab", "backspace", "delete",
    "up", "down", "left", "right", "pageup", "pagedown", "home", "end",
    "f1", "f2", "f3", "plus", "minus", "asterisk", "slash", "question_mark",
    "left_square_bracket", "right_square_bracket", "full_stop", "comma", "ctrl+p",
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


def _app(tmp_path: Path, start: StartSet | OpenScreen | None, length: int = 3) -> TrainerApp:
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
            await pilot.press("escape")  # a set plays to its end: end the round here
            await pilot.pause()
            await pilot.press("y")
            await _on(pilot, "SummaryScreen")
        return
    if screen in ("lesson", "split", "glossary"):
        # Through the course, as a learner goes: lesson 1.1, its drill (split questions),
        # or the glossary from the list.
        await _on(pilot, "CourseScreen")
        if screen == "glossary":
            await pilot.press("g")
            await _on(pilot, "GlossaryScreen")
            return
        await pilot.press("enter")
        await _on(pilot, "LessonScreen")
        if screen == "split":
            await pilot.press("d")
            await _on(pilot, "QuizScreen")
            await wait_for(pilot, lambda: getattr(pilot.app.screen, "mode", "") == "question",
                           timeout=30)
        return
    await _on(pilot, {"quiz": "QuizScreen", "sets": "SetsScreen", "palette": "HomeScreen",
                      "reference": "ReferenceScreen", "stats": "StatsScreen",
                      "settings": "SettingsScreen", "calculator": "CalculatorScreen",
                      "course": "CourseScreen"}[screen])


def _start(screen: str) -> StartSet | OpenScreen | None:
    """How the app opens `screen`; None for the palette's run, which starts at home (a
    late OpenScreen("home") would close a palette already opened by the keys)."""
    if screen in ("quiz", "feedback", "summary"):
        return StartSet("families", resume=False)
    if screen in ("lesson", "split", "glossary"):
        return OpenScreen("course")
    return None if screen == "palette" else OpenScreen(screen)


def _count_quits(app: TrainerApp, monkeypatch: pytest.MonkeyPatch) -> list[None]:
    """Replace the app's quit (the palette's "Quit" command) with a counter."""
    quits: list[None] = []

    async def quit_counted() -> None:
        quits.append(None)

    monkeypatch.setattr(app, "action_quit", quit_counted)
    return quits


async def _hammer(app: TrainerApp, pilot: Pilot[None], seed: int, screen: str) -> int:
    """Send the bursts; returns how many of them a command palette in front received."""
    rng = random.Random(seed)
    in_palette = 0
    for burst in range(BURSTS):
        if screen == "palette":
            # The palette's own run opens it (wherever the app is) before each burst, so
            # the burst is fast typing into the palette.
            await pilot.press("ctrl+p")
            await pilot.pause()
        in_palette += isinstance(app.screen, CommandPalette)
        _send_burst(app, [rng.choice(KEYS) for _ in range(BURST_SIZE)])
        await pilot.pause()
        assert app.is_running and app._exception is None, f"burst {burst}"
        start = _start(screen)
        if (burst % RETURN_EVERY == RETURN_EVERY - 1 and start is not None
                and type(app.screen).__name__ == "HomeScreen"):
            app.post_message(start)  # back to the screen under test
            await pilot.pause()
    return in_palette


@pytest.mark.parametrize("screen", ["quiz", "feedback", "summary", "sets", "reference",
                                    "stats", "settings", "calculator", "palette", "course",
                                    "lesson", "split", "glossary"])
def test_random_key_bursts_keep_the_app_running(tmp_path: Path, screen: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    length = 1 if screen == "summary" else 3
    app = _app(tmp_path, _start(screen), length=length)
    _count_quits(app, monkeypatch)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _reach(pilot, screen)
            seed = sum(map(ord, screen)) + int(os.environ.get("MJ_TRAINER_KEY_SEED", "0"))
            in_palette = await _hammer(app, pilot, seed=seed, screen=screen)
            await pilot.pause()
            assert app.is_running and app._exception is None
            if screen == "palette":  # the bursts did reach the palette
                assert in_palette > BURSTS // 2
            await _quit(app)

    asyncio.run(body())


async def _quit(app: TrainerApp) -> None:
    """Leave the app as its quit does, and wait for its message loop to end.

    run_test's own ending calls `App._shutdown` while the app's message loop still
    runs, which a real quit never does: the screens are closed and the stack emptied
    while the loop may still be handling a message (a key left from the last burst,
    a result a screen handed back), which then finds no screen (ScreenStackError 'No
    screens on stack', seen on the stats run under load; waiting for the app's queue
    to be empty first left a window, the screens' own queues feed it).  `App.exit` (what
    the quit key does) queues the end of the loop behind every message already queued,
    as for a learner; once the loop has ended, run_test's shutdown is the app's own.
    Anything the remaining keys raise is still reported (run_test re-raises it).
    """
    app.exit()
    task = app._task
    assert task is not None
    await asyncio.wait_for(asyncio.shield(task), timeout=120)
    assert app._exception is None


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


@pytest.mark.parametrize("keys", [
    ["ctrl+p", "pagedown"],  # KeyError: 0 in OptionList._move_page, before the list had lines
    ["ctrl+p", "pageup"],
    ["ctrl+p", "down", "pagedown"],  # KeyError: 1
    ["ctrl+p", "enter", "enter"],  # ScreenStackError: the palette was dismissed twice
    ["ctrl+p", "down", "enter", "enter"],
    ["ctrl+p", "escape", "escape"],  # a second escape must not close home
    ["ctrl+p", *"theme", "enter", "enter", "pagedown", "enter", "enter"],  # the theme picker
])
def test_the_palette_bursts_that_crashed(tmp_path: Path, keys: list[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(tmp_path, None)
    quits = _count_quits(app, monkeypatch)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _on(pilot, "HomeScreen")
            await pilot.pause()  # home settled: the page keys then came before the list
            _send_burst(app, keys)
            for _ in range(4):
                await pilot.pause()
            assert app.is_running and app._exception is None
            assert isinstance(app.screen_stack[0], HomeScreen)

    asyncio.run(body())
    assert not quits


def test_a_second_enter_does_not_run_the_palettes_command_again(tmp_path: Path) -> None:
    app = _app(tmp_path, None)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _on(pilot, "HomeScreen")
            await pilot.press("ctrl+p")
            await wait_for(pilot, lambda: app.screen.has_class("-ready"))
            await pilot.press(*"stats")
            await wait_for(pilot, lambda: "Stats" in str(app.screen.query_one(
                "CommandList", OptionList).get_option_at_index(0).prompt))
            _send_burst(app, ["enter", "enter"])  # the first closes the palette
            await _on(pilot, "StatsScreen")
            for _ in range(4):
                await pilot.pause()
            assert [type(s).__name__ for s in app.screen_stack] == ["HomeScreen", "StatsScreen"]
            assert app._exception is None

    asyncio.run(body())


@pytest.mark.parametrize("keys", [
    # Random bursts gave NoMatches('CommandList'): a search started by a letter ended
    # after the palette's widgets were gone.
    ["x", "escape"],
    ["q", "u", "i", "t", "escape", "escape"],
])
def test_a_search_that_outlives_the_palette_is_dropped(
        tmp_path: Path, keys: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from mj_trainer.tui.screens import palette

    assert palette._SEARCH is not None  # the guarded search, not Textual's own worker
    app = _app(tmp_path, None)
    _count_quits(app, monkeypatch)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _on(pilot, "HomeScreen")
            await pilot.press("ctrl+p")
            await wait_for(pilot, lambda: app.screen.has_class("-ready"))
            _send_burst(app, keys)
            for _ in range(6):
                await pilot.pause(0.05)
            assert app.is_running and app._exception is None

    asyncio.run(body())


def test_a_palette_command_for_a_closed_screen_is_dropped(tmp_path: Path) -> None:
    # Random bursts: the palette's "Back" (the calculator's escape) ran after the keys
    # that followed had closed the calculator, and crashed (NoMatches '#calc-notation').
    app = _app(tmp_path, OpenScreen("calculator"))

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _on(pilot, "CalculatorScreen")
            calculator = app.screen
            await wait_for(pilot, lambda: bool(calculator.query("#calc-notation")))
            await pilot.pause()
            back = next(c for c in app.get_system_commands(calculator) if c.title == "Back")
            calculator.dismiss(None)
            await _on(pilot, "HomeScreen")
            await pilot.pause()
            back.callback()  # the command, run late
            for _ in range(3):
                await pilot.pause()
            assert app.is_running and app._exception is None
            assert isinstance(app.screen, HomeScreen)

    asyncio.run(body())


def test_the_app_opens_its_own_palette(tmp_path: Path) -> None:
    from mj_trainer.tui.screens.palette import AppCommandPalette

    app = _app(tmp_path, None)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _on(pilot, "HomeScreen")
            await pilot.press("ctrl+p")
            await wait_for(pilot, lambda: isinstance(app.screen, AppCommandPalette))
            await pilot.press("escape")
            await _on(pilot, "HomeScreen")
            app.search_themes()  # the "Theme" command
            await wait_for(pilot, lambda: isinstance(app.screen, AppCommandPalette)
                           and app.screen.has_class("-ready"))  # its themes listed

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
            # Closed once it is up (a screen closed while it is still being composed
            # is another case: its on_mount then finds its widgets gone).
            await wait_for(pilot, lambda: stats.is_mounted)
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
